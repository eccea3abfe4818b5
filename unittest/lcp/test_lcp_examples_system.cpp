// The assembled and reduced systems of the worked examples (LCP_SPEC.md
// 10.1 and 10.2): problem data, A and b, reactions, unsustainable modes.
// The solution structure (classes, Type I/II, paths) is tested with the
// solver in test_lcp_example1.cpp; here only what the assembly and the
// Bott-Duffin reduction decide.
#include "lcp_examples.h"
#include "lcp_system.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cmath>
#include <string>
#include <vector>

namespace {

using lcp::Dof;
using lcp::Matrix;
using lcp::MixedLcp;
using lcp::Problem;
using lcp::ReducedLcp;
using lcp::Vec3;
using lcp::Vector;

constexpr double F_n = 0.001, mu = 0.5;

double beta_of(int angle_case)
{
  return angle_case == 1 ? 70.0 : angle_case == 2 ? std::atan(2.0) * 180.0 / M_PI : 50.0;
}

// Rank with the spec's relative tolerance EPS1 = 1e-11 (section 9).
int rank_of(const Matrix &A)
{
  Eigen::JacobiSVD<Matrix> svd(A);
  const Vector s = svd.singularValues();
  int rank = 0;
  for (int i = 0; i < s.size(); ++i)
    if (s(i) > 1e-11 * s(0)) ++rank;
  return rank;
}

// All solutions of a 2x2 LCP(A, b) with nonsingular complementary
// matrices (enough for the cases used below), by trying the four sliding
// sets.
std::vector<Vector> solve_2x2(const Matrix &A, const Vector &b)
{
  std::vector<Vector> out;
  for (int J = 0; J < 4; ++J) {
    Matrix E = Matrix::Identity(2, 2);
    for (int j = 0; j < 2; ++j)
      if (J & (1 << j)) E.col(j) = -A.col(j);
    if (std::abs(E.determinant()) < 1e-12 * (1.0 + A.squaredNorm())) continue;
    const Vector y = E.lu().solve(b);
    if ((y.array() < -1e-14).any()) continue;
    Vector lambda = Vector::Zero(2);
    for (int j = 0; j < 2; ++j)
      if (J & (1 << j)) lambda(j) = y(j);
    out.push_back(lambda);
  }
  return out;
}

// ============================================================ Example 1

TEST(LcpExample1System, ProblemDataAndEquilibrium)
{
  // Section 10.1: r = 6 constraint rows, both contacts active (m = 2), and
  // the contact forces on disk 2 need the external horizontal force
  // b_2x = -2 F_n (cos beta - mu sin beta) and no moment. Forces are 1e-3:
  // tolerance 1e-17 absolute (round-off of a few products).
  for (int angle = 1; angle <= 3; ++angle) {
    for (char curvature : {'A', 'B', 'C', 'D'}) {
      SCOPED_TRACE(std::to_string(angle) + curvature);
      const Problem pb = lcp::examples::three_disks_case(angle, curvature);
      const MixedLcp s = lcp::assemble(pb);
      ASSERT_EQ(s.dimension, 2);
      ASSERT_EQ(s.n_dof, 9);
      EXPECT_EQ(s.C.rows(), 6);
      EXPECT_EQ(s.active, (std::vector<int>{0, 1}));
      const double beta = beta_of(angle) * M_PI / 180.0;
      // Normals along the branch vectors; r_p = l/2.
      EXPECT_LT((s.geometry[0].n - Vec3(std::cos(beta), std::sin(beta), 0)).norm(), 1e-15);
      EXPECT_LT((s.geometry[1].n - Vec3(-std::cos(beta), std::sin(beta), 0)).norm(), 1e-15);
      EXPECT_LT((s.geometry[0].r_p - s.geometry[0].n).norm(), 1e-15);
      // Contact forces on disk 2: from 1 (mirror of contact 0) and from 3.
      const Vec3 from_1 = -pb.contacts[0].force, from_3 = pb.contacts[1].force;
      const Vec3 r_21 = s.geometry[0].r_q, r_23 = s.geometry[1].r_p;
      const Vec3 net = from_1 + from_3;
      const double b2x = -2.0 * F_n * (std::cos(beta) - mu * std::sin(beta));
      EXPECT_NEAR(net.x() + b2x, 0.0, 1e-17);
      EXPECT_NEAR(net.y(), 0.0, 1e-17);
      EXPECT_NEAR((r_21.cross(from_1) + r_23.cross(from_3)).z(), 0.0, 1e-17);
      // Case 1: pull right; case 2: none; case 3: push left.
      if (angle == 1) { EXPECT_GT(b2x, 1e-5); }
      if (angle == 2) { EXPECT_NEAR(b2x, 0.0, 1e-18); }
      if (angle == 3) { EXPECT_LT(b2x, -1e-5); }
    }
  }
}

TEST(LcpExample1System, ZerothOrderAByHand)
{
  // Without the geometric terms (F_n -> 0), eliminating disk 2 by hand
  // (K_22 = [[2,0,0],[0,2,-2c],[0,-2c,2]] for k_n = alpha = 1; slip columns
  // on disk 2 (t_a, -1) and (t_b, +1)) gives the rank-1 matrix
  //   A_0 = c (c - mu s)/2 [1 1; 1 1],   b_0 = -(c - mu s)/2 (1, 1)
  // with c = cos beta, s = sin beta: N0-like for case 1 (c < mu s), zero
  // for case 2 (c = mu s: "A = 1 - 1 + O(1e-4)"), P0 for case 3. The
  // geometric stiffness adds terms of the order of the indentation ratio
  // F_n/(k_n R) = 1e-3: tolerance 1e-3 absolute on entries of 0.02 .. 0.13.
  for (int angle = 1; angle <= 3; ++angle) {
    for (char curvature : {'A', 'B', 'C', 'D'}) {
      SCOPED_TRACE(std::to_string(angle) + curvature);
      const MixedLcp s = lcp::assemble(lcp::examples::three_disks_case(angle, curvature));
      const ReducedLcp r = lcp::reduce(s);
      const double beta = beta_of(angle) * M_PI / 180.0, c = std::cos(beta), sn = std::sin(beta);
      const double a0 = c * (c - mu * sn) / 2.0, b0 = -(c - mu * sn) / 2.0;
      EXPECT_LT((r.A - Matrix::Constant(2, 2, a0)).cwiseAbs().maxCoeff(), 1e-3) << r.A;
      EXPECT_LT((r.b - Vector::Constant(2, b0)).cwiseAbs().maxCoeff(), 1e-3) << r.b;
      EXPECT_FALSE(r.bott_duffin_singular);
      // Signs of the zeroth order survive for cases 1 and 3.
      if (angle == 1) {
        EXPECT_TRUE((r.A.array() < 0.0).all());
        EXPECT_TRUE((r.b.array() > 0.0).all());
      }
      if (angle == 3) {
        EXPECT_TRUE((r.A.array() > 0.0).all());
        EXPECT_TRUE((r.b.array() < 0.0).all());
      }
      // Case 2: only the O(F_n) remainder is left.
      if (angle == 2) { EXPECT_LT(r.A.cwiseAbs().maxCoeff(), 1e-3); }
    }
  }
}

TEST(LcpExample1System, DegenerateForCurvaturesAToCNotForD)
{
  // Table 3 / LCP_SPEC.md 11 items 10-11: A is rank 1 (degenerate, "D") for
  // curvatures A, B, C at every angle, and non-degenerate for D (1.D "I,
  // ND"; 2.D non-degenerate per [V]; 3.D "I"). Zero test: det A relative to
  // |A|^2 below 1e-10 (round-off leaves ~1e-15; case 2's cancellation
  // ~1e-12); the non-degenerate D cases have det/|A|^2 = 3e-3 .. 0.3.
  for (int angle = 1; angle <= 3; ++angle) {
    for (char curvature : {'A', 'B', 'C', 'D'}) {
      SCOPED_TRACE(std::to_string(angle) + curvature);
      const ReducedLcp r = lcp::reduce(lcp::assemble(lcp::examples::three_disks_case(angle, curvature)));
      const double relative_det = std::abs(r.A.determinant()) / r.A.squaredNorm();
      if (curvature == 'D') {
        EXPECT_GT(relative_det, 1e-3);
      } else {
        EXPECT_LT(relative_det, 1e-10);
      }
    }
  }
}

TEST(LcpExample1System, RegressionValuesOfAAndB)
{
  // This implementation's A and b (printed to 13 digits), consistent with
  // the zeroth-order hand values above and with Table 3's solution
  // structure. Tolerance 1e-6 relative (section 10.1); case 2 is
  // cancellation-sensitive (A ~ 1 - 1 + O(1e-4)): 1e-4 relative.
  struct Row {
    int angle;
    char curvature;
    double A[4];
    double b[2];
  };
  const std::vector<Row> rows = {
      {1, 'A', {-2.213204158909e-02, -2.213204158909e-02, -2.213204158909e-02, -2.213204158909e-02}, {6.380754427419e-02, 6.380754427419e-02}},
      {1, 'B', {-2.208911037877e-02, -2.208911037877e-02, -2.208410637563e-02, -2.208410637563e-02}, {6.382417277838e-02, 6.382611097407e-02}},
      {1, 'C', {-2.217497991769e-02, -2.217497991769e-02, -2.217998475053e-02, -2.217998475053e-02}, {6.379091301289e-02, 6.378897449582e-02}},
      {1, 'D', {-2.220614837452e-02, -2.205446180108e-02, -2.202192354304e-02, -2.279115517656e-02}, {6.380821687156e-02, 6.370122331806e-02}},
      {2, 'A', {-2.501250625313e-04, -2.501250625312e-04, -2.501250625312e-04, -2.501250625313e-04}, {-1.398241606741e-04, -1.398241606741e-04}},
      {2, 'B', {-2.084201750730e-04, -2.084201750728e-04, -2.084201750729e-04, -2.084201750730e-04}, {-1.165104198364e-04, -1.165104198364e-04}},
      {2, 'C', {-2.918369048612e-04, -2.918369048611e-04, -2.918369048612e-04, -2.918369048613e-04}, {-1.631417894032e-04, -1.631417894033e-04}},
      {2, 'D', {-3.282378606335e-04, -1.721296315696e-04, -1.095357940910e-04, -8.913477810273e-04}, {-1.398569657872e-04, -2.797554639410e-04}},
      {3, 'A', {8.331343107822e-02, 8.331343107822e-02, 8.331343107822e-02, 8.331343107822e-02}, {-1.300728008588e-01, -1.300728008588e-01}},
      {3, 'B', {8.334651098312e-02, 8.334651098312e-02, 8.333822168113e-02, 8.333822168113e-02}, {-1.300365662300e-01, -1.300456460560e-01}},
      {3, 'C', {8.328034500944e-02, 8.328034500944e-02, 8.328863585600e-02, 8.328863585600e-02}, {-1.301090422392e-01, -1.300999607214e-01}},
      {3, 'D', {8.322123934045e-02, 8.341547472124e-02, 8.352784177947e-02, 8.274175383855e-02}, {-1.300674051339e-01, -1.302684698068e-01}},
  };
  for (const Row &row : rows) {
    SCOPED_TRACE(std::to_string(row.angle) + row.curvature);
    const ReducedLcp r = lcp::reduce(lcp::assemble(lcp::examples::three_disks_case(row.angle, row.curvature)));
    const double rel = row.angle == 2 ? 1e-4 : 1e-6;
    for (int k = 0; k < 4; ++k)
      EXPECT_NEAR(r.A(k / 2, k % 2), row.A[k], rel * std::abs(row.A[k])) << "A(" << k / 2 << "," << k % 2 << ")";
    for (int k = 0; k < 2; ++k) { EXPECT_NEAR(r.b(k), row.b[k], rel * std::abs(row.b[k])) << "b(" << k << ")"; }
  }
}

TEST(LcpExample1System, ReactionOnTheTopDisk)
{
  // Disk 3 is pushed down by 1. Case 1 (steep) hardens: every solution
  // needs a downward reaction increment dy_3y < 0 (the elastic one -1/2 by
  // hand: disk 2 follows by -1/2, contact (2,3) shortens by 1/2, k_n = 1).
  // Case 3 (squat) softens: every solution has dy_3y > 0. Cases B-D have
  // isolated solutions only (rank-1 A: the 2x2 solver skips the singular
  // J = {1,2}; 1.A and 3.A's Type II segment has the same end points).
  const int uy3 = lcp::dof_index(2, 3, 2, Dof::uy);
  for (int angle : {1, 3}) {
    for (char curvature : {'A', 'B', 'C', 'D'}) {
      SCOPED_TRACE(std::to_string(angle) + curvature);
      const MixedLcp s = lcp::assemble(lcp::examples::three_disks_case(angle, curvature));
      const ReducedLcp r = lcp::reduce(s);
      const std::vector<Vector> solutions = solve_2x2(r.A, r.b);
      ASSERT_FALSE(solutions.empty());
      for (const Vector &lambda : solutions) {
        const Vector d = lcp::movements(s, r, lambda);
        const Vector dy = lcp::reactions(s, d, lambda);
        EXPECT_NEAR(d(uy3), -1.0, 1e-12);
        if (angle == 1) { EXPECT_LT(dy(uy3), 0.0) << "lambda " << lambda.transpose(); }
        if (angle == 3) { EXPECT_GT(dy(uy3), 0.0) << "lambda " << lambda.transpose(); }
        if (lambda.isZero()) {
          EXPECT_NEAR(dy(uy3), -0.5, 1e-4);    // O(F_n) geometric correction
        }
      }
    }
  }
}

TEST(LcpExample1System, UnsustainableModes)
{
  // [P] 6.1: "For the angles of Cases 1 and 2, the systems suffer
  // unsustainability ... The particular unsustainable mode is a slip of
  // both contacts, propelling particle 2 toward the right"; Case 3 has
  // none.
  const int ux2 = lcp::dof_index(2, 3, 1, Dof::ux);
  for (int angle = 1; angle <= 3; ++angle) {
    for (char curvature : {'A', 'B', 'C', 'D'}) {
      SCOPED_TRACE(std::to_string(angle) + curvature);
      const MixedLcp s = lcp::assemble(lcp::examples::three_disks_case(angle, curvature));
      const ReducedLcp r = lcp::reduce(s);
      const auto modes = lcp::unsustainable_modes(s, r);
      if (angle == 3) {
        EXPECT_TRUE(modes.empty());
        continue;
      }
      ASSERT_FALSE(modes.empty());
      for (const auto &mode : modes) {
        EXPECT_EQ(mode.sliding, (std::vector<int>{0, 1}));
        EXPECT_LT(mode.eigenvalue, 0.0);
        EXPECT_GT(mode.d(ux2), 0.0);
        EXPECT_TRUE((mode.lambda.array() > 0.0).all()) << mode.lambda.transpose();
        // The mode moves nothing the constraints hold: C d = 0.
        EXPECT_LT((s.C * mode.d).norm(), 1e-14);
        // Negative second-order work d . (K d + K_lambda lambda) (85d).
        EXPECT_LT(mode.d.dot(s.K * mode.d + s.K_lambda * mode.lambda), 0.0);
      }
    }
  }
}

// ============================================================ Example 2

struct Example2Case {
  double H;
  bool constrained_cap;
};
const Example2Case example2_cases[4] = {{2.0, true}, {2.0, false}, {3.0, true}, {3.0, false}};

TEST(LcpExample2System, ProblemData)
{
  // Section 10.2: 14 spheres, 16 contacts all active, r = 38 (constrained
  // cap) or 33 rows, membrane pressure P = 4 f_1x/(U_2 U_3) = 8.968e-5
  // (H = 2) and -1.677e-5 (H = 3) [V], given to 4 digits: 1e-3 relative.
  for (const Example2Case &c : example2_cases) {
    SCOPED_TRACE("H " + std::to_string(c.H) + (c.constrained_cap ? " constrained" : " free"));
    const Problem pb = lcp::examples::tetragonal_spheres(c.H, c.constrained_cap);
    ASSERT_EQ(pb.particles.size(), 14u);
    ASSERT_EQ(pb.contacts.size(), 16u);
    const MixedLcp s = lcp::assemble(pb);
    EXPECT_EQ(s.n_dof, 84);
    EXPECT_EQ(s.active.size(), 16u);
    EXPECT_EQ(s.C.rows(), c.constrained_cap ? 38 : 33);
    // Central-planar distance 2R: no overlap beyond the contacts.
    for (const auto &con : pb.contacts) {
      const Vec3 l = pb.particles[static_cast<size_t>(con.q - 1)].x - pb.particles[static_cast<size_t>(con.p - 1)].x;
      EXPECT_NEAR(l.norm(), 2.0, 1e-15);
    }
    const double U2 = 2.0 * pb.particles[0].x.y(), U3 = pb.particles[5].x.z();
    const double P = 4.0 * pb.contacts[0].force.x() / (U2 * U3);
    EXPECT_NEAR(P, c.H == 2.0 ? 8.968e-5 : -1.677e-5, 1e-3 * std::abs(P));
    // K^g4 by hand for sphere 1 (faces (6,4) with normal x and (2,6) with
    // normal y): K^g4(1x,1y) = P U3/4, (1x,1z) = -P U2/4, (1y,1x) = P U3/4,
    // (1y,1z) = -P U1/4, (1x,6z) = P U2/4, (1x,4y) = -P U3/4. Tolerance
    // 1e-15 relative.
    const double U1 = 2.0 * pb.particles[0].x.x();
    const auto K_f = [&](int row_particle, Dof row_dof, int col_particle, Dof col_dof) {
      return s.K_follower(lcp::dof_index(3, 14, row_particle - 1, row_dof),
                          lcp::dof_index(3, 14, col_particle - 1, col_dof));
    };
    const double tol = 1e-15 * std::abs(P);
    EXPECT_NEAR(K_f(1, Dof::ux, 1, Dof::uy), P * U3 / 4, tol);
    EXPECT_NEAR(K_f(1, Dof::ux, 1, Dof::uz), -P * U2 / 4, tol);
    EXPECT_NEAR(K_f(1, Dof::uy, 1, Dof::ux), P * U3 / 4, tol);
    EXPECT_NEAR(K_f(1, Dof::uy, 1, Dof::uz), -P * U1 / 4, tol);
    EXPECT_NEAR(K_f(1, Dof::ux, 6, Dof::uz), P * U2 / 4, tol);
    EXPECT_NEAR(K_f(1, Dof::ux, 4, Dof::uy), -P * U3 / 4, tol);
    // A rigid translation does not change the membrane loads; force rows only.
    for (Dof dof : {Dof::ux, Dof::uy, Dof::uz}) {
      Vector t = Vector::Zero(84);
      for (int p = 0; p < 14; ++p) t(lcp::dof_index(3, 14, p, dof)) = 1.0;
      EXPECT_LT((s.K_follower * t).norm(), 1e-18);
    }
    EXPECT_EQ(s.K_follower.bottomRows(42).norm(), 0.0);
  }
}

TEST(LcpExample2System, RankAndLoadVector)
{
  // [V]: rank A = 12 of 16 in all four cases (relative tolerance EPS1 =
  // 1e-11); b = -4.239e-5 e (H = 2) and +6.404e-6 e (H = 3), 4 digits:
  // 1e-3 relative. symmetrize_tetragonal keeps A's 4-fold symmetry exact
  // and makes b exactly constant. The reduction's refined solves leave the
  // four zero singular values at ~1e-15 sigma_max even before
  // symmetrizing.
  for (const Example2Case &c : example2_cases) {
    SCOPED_TRACE("H " + std::to_string(c.H) + (c.constrained_cap ? " constrained" : " free"));
    const MixedLcp s = lcp::assemble(lcp::examples::tetragonal_spheres(c.H, c.constrained_cap));
    const ReducedLcp r = lcp::reduce(s);
    EXPECT_FALSE(r.bott_duffin_singular);
    EXPECT_EQ(rank_of(r.A), 12);
    Matrix A = r.A;
    Vector b = r.b;
    lcp::examples::symmetrize_tetragonal(A, b);
    EXPECT_EQ(rank_of(A), 12);
    // The symmetrization changes A only by round-off (1e-12 relative).
    EXPECT_LT((A - r.A).norm(), 1e-12 * r.A.norm());
    const double expected = c.H == 2.0 ? -4.239e-5 : 6.404e-6;
    for (int i = 0; i < 16; ++i) {
      EXPECT_NEAR(r.b(i), expected, 1e-3 * std::abs(expected));
      EXPECT_EQ(b(i), b(0));
    }
    // A is not symmetric (non-associated friction, geometric terms).
    EXPECT_GT((r.A - r.A.transpose()).norm(), 1e-6 * r.A.norm());
    // ... and invariant under the 4-fold rotation once symmetrized.
    const std::vector<int> perm = {1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12};
    EXPECT_LT((Matrix(A(perm, perm)) - A).norm(), 1e-15 * A.norm());
  }
}

TEST(LcpExample2System, FlattenedVariantIsNonDegenerate)
{
  // Section 10.2, flattened case 2 (rho = 2R): [V] "A non-degenerate"
  // (39 Type I solutions, no Type II). Its smallest singular value is
  // ~5e-4 sigma_max, far above EPS1 = 1e-11.
  const ReducedLcp r = lcp::reduce(lcp::assemble(lcp::examples::tetragonal_spheres(2.0, false, 2.0)));
  EXPECT_EQ(rank_of(r.A), 16);
  EXPECT_NEAR(r.b(0), -4.235e-5, 1e-3 * 4.235e-5);
}

TEST(LcpExample2System, UnsustainableModes)
{
  // [P] "All four cases show unsustainability". Counts depend on the
  // eigen-solver's basis of repeated eigenvalues (LCP_SPEC.md 9.5), except
  // case 4, whose 65 [P] = [V] is asserted exactly. This implementation
  // finds 709 for case 3 ([P] = [V] = 709) and, for cases 1-2, 7137 and
  // 34846 in a Release build but 7298 and 35239 at -O2 without -O3
  // vectorization ([P] 10,586 and 38,719): exactly the solver dependence
  // the spec warns about. Each case loops over 2^16 sliding sets; the time
  // is printed, not asserted.
  const int counts[4] = {-1, -1, -1, 65};
  for (int k = 0; k < 4; ++k) {
    const Example2Case &c = example2_cases[k];
    SCOPED_TRACE("case " + std::to_string(k + 1));
    const MixedLcp s = lcp::assemble(lcp::examples::tetragonal_spheres(c.H, c.constrained_cap));
    const ReducedLcp r = lcp::reduce(s);
    const auto start = std::chrono::steady_clock::now();
    const auto modes = lcp::unsustainable_modes(s, r);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("Example 2 case %d: %zu unsustainable modes in %.1f s\n", k + 1, modes.size(), seconds);
    EXPECT_FALSE(modes.empty());
    if (counts[k] >= 0) { EXPECT_EQ(static_cast<int>(modes.size()), counts[k]); }
    // Every mode: C d = 0, lambda >= 0 on J and zero elsewhere, w = G_d d +
    // G_lambda lambda >= 0 and zero on J (85a-c, with the 10 eps
    // sign tolerance of 9.5 scaled by |d| = 1), and negative work (85d).
    for (size_t i = 0; i < modes.size(); i += 97) {
      const auto &mode = modes[i];
      EXPECT_LT((s.C * mode.d).norm(), 1e-13);
      const Vector w = s.G_d * mode.d + s.G_lambda.cwiseProduct(mode.lambda);
      EXPECT_GE(mode.lambda.minCoeff(), -1e-14);
      EXPECT_GE(w.minCoeff(), -1e-14);
      for (int j : mode.sliding) { EXPECT_NEAR(w(j), 0.0, 1e-14); }
      EXPECT_LT(mode.d.dot(s.K * mode.d + s.K_lambda * mode.lambda), 0.0);
    }
  }
}

}    // namespace
