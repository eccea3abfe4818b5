// Assembly and reduction of the mixed LCP (LCP_SPEC.md sections 1-5),
// checked against values worked out by hand, against virtual work
// (statics = transpose of kinematics), and against finite differences of
// exactly moved configurations (geometric stiffness).
#include "lcp_examples.h"
#include "lcp_system.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace {

using lcp::Contact;
using lcp::Dof;
using lcp::InputError;
using lcp::Matrix;
using lcp::Mat3;
using lcp::MixedLcp;
using lcp::Problem;
using lcp::Vec3;
using lcp::Vector;

constexpr double inf = std::numeric_limits<double>::infinity();

Problem pair_problem(int dimension, const Vec3 &xp, double Rp, const Vec3 &xq, double Rq,
                     const Vec3 &force, double kn = 2.0, double alpha = 0.5, double mu = 0.4)
{
  Problem pb;
  pb.dimension = dimension;
  lcp::Particle p, q;
  p.id = 10;
  p.x = xp;
  p.radius = Rp;
  q.id = 20;
  q.x = xq;
  q.radius = Rq;
  pb.particles = {p, q};
  Contact c;
  c.p = 10;
  c.q = 20;
  c.force = force;
  c.kn = kn;
  c.alpha = alpha;
  c.mu = mu;
  c.curvature_radius_p = Rp;
  c.curvature_radius_q = Rq;
  pb.contacts = {c};
  return pb;
}

// A force at the friction limit |f_t| = mu (-f_n) for normal n and unit
// tangent t.
Vec3 limit_force(const Vec3 &n, const Vec3 &t, double f_n, double mu)
{
  return -f_n * n + mu * f_n * t;
}

Mat3 rotation(const Vec3 &axis, double angle)
{
  return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
}

Vector random_vector(int n, unsigned seed)
{
  std::srand(seed);
  return Vector::Random(n);
}

// External loads that balance the contact forces of a two-particle
// configuration (force and moment on each particle about its centre), in
// the 3d layout [F_p, F_q, M_p, M_q]: the external force on p is -f, on q
// +f; the moments -r_p x f and r_q x f (LCP_SPEC.md 3.1).
Eigen::Matrix<double, 12, 1> balancing_loads(const Vec3 &f, const Vec3 &r_p, const Vec3 &r_q)
{
  Eigen::Matrix<double, 12, 1> L;
  L << -f, f, -r_p.cross(f), r_q.cross(f);
  return L;
}

// K d of a two-particle 3d problem in the same [F_p, F_q, M_p, M_q] layout.
Eigen::Matrix<double, 12, 1> loads_of(const MixedLcp &s, const Vector &d)
{
  const Vector Kd = s.K * d;
  Eigen::Matrix<double, 12, 1> L;
  L << Kd.segment<3>(0), Kd.segment<3>(3), Kd.segment<3>(6), Kd.segment<3>(9);
  return L;
}

// d of a two-particle 3d problem from [u_p, u_q, theta_p, theta_q].
Vector movement(const Vec3 &u_p, const Vec3 &u_q, const Vec3 &t_p, const Vec3 &t_q)
{
  Vector d(12);
  d << u_p, u_q, t_p, t_q;
  return d;
}

// ---------------------------------------------------------------- layout

TEST(LcpSystem, DofLayoutOfSection1)
{
  // 3d: all translations first, then all rotations.
  EXPECT_EQ(lcp::dof_index(3, 4, 0, Dof::ux), 0);
  EXPECT_EQ(lcp::dof_index(3, 4, 2, Dof::uz), 8);
  EXPECT_EQ(lcp::dof_index(3, 4, 0, Dof::tx), 12);
  EXPECT_EQ(lcp::dof_index(3, 4, 3, Dof::tz), 23);
  // 2d: u_1x u_1y .. u_Nx u_Ny, then theta_1 .. theta_N.
  EXPECT_EQ(lcp::dof_index(2, 4, 1, Dof::uy), 3);
  EXPECT_EQ(lcp::dof_index(2, 4, 1, Dof::tz), 9);
  EXPECT_EQ(lcp::dof_index(2, 4, 1, Dof::uz), -1);
  EXPECT_EQ(lcp::dof_index(2, 4, 1, Dof::tx), -1);
  EXPECT_EQ(lcp::dof_index(2, 4, 1, Dof::ty), -1);
  EXPECT_EQ(lcp::dof_index(3, 4, 4, Dof::ux), -1);
  EXPECT_STREQ(lcp::dof_name(Dof::ux), "ux");
  EXPECT_STREQ(lcp::dof_name(Dof::ty), "ty");
  EXPECT_STREQ(lcp::dof_name(Dof::tz), "tz");
}

// ------------------------------------------------- contact law, by hand

TEST(LcpSystem, ElasticContactStiffnessDe)
{
  // Section 2.1: D_e = k_n [alpha I + (1 - alpha) n n^T]: k_n along n,
  // alpha k_n across. Exact arithmetic up to round-off: tolerance 1e-14.
  const Vec3 n = Vec3(1.0, 2.0, -2.0) / 3.0;
  const Vec3 t = Vec3(2.0, 1.0, 2.0) / 3.0;    // unit, normal to n
  Problem pb = pair_problem(3, Vec3::Zero(), 1.0, 2.0 * n, 1.0, Vec3::Zero(), 2.0, 0.5, 0.4);
  const MixedLcp s = lcp::assemble(pb);
  // Move q by n (approach is -n): the force on p grows by k_n n ...
  const Vector along = movement(Vec3::Zero(), n, Vec3::Zero(), Vec3::Zero());
  EXPECT_LT((lcp::contact_deformation(s, 0, along) - n).norm(), 1e-14);
  EXPECT_LT((lcp::contact_force_increment(pb, s, 0, along, Vector()) - 2.0 * n).norm(), 1e-14);
  // ... and by alpha k_n t for a tangential shift.
  const Vector across = movement(Vec3::Zero(), t, Vec3::Zero(), Vec3::Zero());
  EXPECT_LT((lcp::contact_force_increment(pb, s, 0, across, Vector()) - 1.0 * t).norm(), 1e-14);
  // Sign check of 2.1: q approaching p gives n . du_def < 0, more compression.
  const Vector approach = movement(Vec3::Zero(), -n, Vec3::Zero(), Vec3::Zero());
  EXPECT_LT(lcp::contact_force_increment(pb, s, 0, approach, Vector()).dot(n), 0.0);
}

TEST(LcpSystem, MechanicalStiffnessOfTwoDisksByHand)
{
  // Disks of radius 1 at (0,0) and (2,0), no force (so K = K_m: every
  // geometric term of 3.3-3.4 is proportional to f). du_def = (u_qx - u_px,
  // u_qy - u_py - theta_p - theta_q), energy 1/2 k_n du_x^2 + 1/2 alpha k_n
  // du_y^2. Entries are exact sums of a few terms: tolerance 1e-14.
  const double kn = 2.0, alpha = 0.5, at = alpha * kn;
  Problem pb = pair_problem(2, Vec3::Zero(), 1.0, Vec3(2.0, 0.0, 0.0), 1.0, Vec3::Zero(), kn, alpha);
  const MixedLcp s = lcp::assemble(pb);
  ASSERT_EQ(s.n_dof, 6);
  // Layout: [u_px u_py u_qx u_qy theta_p theta_q].
  Matrix expected(6, 6);
  expected << kn, 0, -kn, 0, 0, 0,
              0, at, 0, -at, at, at,
              -kn, 0, kn, 0, 0, 0,
              0, -at, 0, at, -at, -at,
              0, at, 0, -at, at, at,
              0, at, 0, -at, at, at;
  EXPECT_LT((s.K - expected).norm(), 1e-14) << s.K;
  EXPECT_TRUE(s.active.empty());
  EXPECT_EQ(s.K_lambda.cols(), 0);
}

TEST(LcpSystem, MechanicalStiffnessIsSymmetricAndIsVirtualWork)
{
  // Three spheres of different radii in general position, no forces, so
  // K = K_m = sum B^T D_e B: symmetric, and d2 . K d1 = sum_c du_c(d2) .
  // D_e du_c(d1). Tolerance 1e-13: sums of O(10) products of O(1) numbers.
  Problem pb;
  pb.dimension = 3;
  const Vec3 x[3] = {Vec3(0, 0, 0), Vec3(1.2, 0.9, 0.3), Vec3(-0.4, 1.1, 1.0)};
  const double R[3] = {0.8, 0.7, 0.75};
  for (int i = 0; i < 3; ++i) {
    lcp::Particle p;
    p.id = i + 1;
    p.x = x[i];
    p.radius = R[i];
    pb.particles.push_back(p);
  }
  const long pairs[3][2] = {{1, 2}, {3, 1}, {2, 3}};
  for (const auto &pr : pairs) {
    Contact c;
    c.p = pr[0];
    c.q = pr[1];
    c.kn = 1.0 + pr[0];
    c.alpha = 0.3 * pr[1];
    c.mu = 0.5;
    c.curvature_radius_p = 0.9;
    c.curvature_radius_q = 1.3;
    pb.contacts.push_back(c);
  }
  const MixedLcp s = lcp::assemble(pb);
  EXPECT_LT((s.K - s.K.transpose()).norm(), 1e-13 * s.K.norm());
  for (unsigned seed = 1; seed <= 3; ++seed) {
    const Vector d1 = random_vector(s.n_dof, seed), d2 = random_vector(s.n_dof, seed + 10);
    double work = 0.0;
    for (int c = 0; c < 3; ++c) {
      const Vec3 n = s.geometry[static_cast<size_t>(c)].n;
      const Contact &con = pb.contacts[static_cast<size_t>(c)];
      const Mat3 De = con.kn * (con.alpha * Mat3::Identity() + (1 - con.alpha) * n * n.transpose());
      work += lcp::contact_deformation(s, c, d2).dot(De * lcp::contact_deformation(s, c, d1));
    }
    EXPECT_NEAR(d2.dot(s.K * d1), work, 1e-13 * (1.0 + std::abs(work)));
  }
}

// ------------------------------------ statics = transpose of kinematics

TEST(LcpSystem, SlipColumnAndConsistencyRowAreVirtualWork)
{
  // An active contact in general orientation. Section 3.4: the slip column
  // is A_c s_lambda with s_lambda = [-alpha k_n h; 0], so for any d,
  // K_lambda . d = s_lambda . B_c d = -alpha k_n h . du_def(d) (statics is
  // the transpose of kinematics). The consistency row is q_x B_c:
  // G_d d = -g . du_def with g = k_n (alpha h + mu n), and G_lambda =
  // alpha k_n (section 2.3). Tolerance 1e-13 (O(1) entries, a few sums).
  const Vec3 n = Vec3(2.0, -1.0, 2.0) / 3.0, t = Vec3(1.0, 2.0, 0.0).normalized();
  const double kn = 3.0, alpha = 0.6, mu = 0.45, f_n = 0.01;
  Problem pb = pair_problem(3, Vec3(0.1, 0.2, 0.3), 1.0, Vec3(0.1, 0.2, 0.3) + 1.9 * n, 0.9,
                            limit_force(n, t, f_n, mu), kn, alpha, mu);
  const MixedLcp s = lcp::assemble(pb);
  ASSERT_EQ(s.active.size(), 1u);
  const lcp::ContactGeometry &geo = s.geometry[0];
  EXPECT_LT((geo.h - t).norm(), 1e-14);
  EXPECT_LT((geo.n - n).norm(), 1e-14);
  // r_p = R_p/(R_p + R_q) l, r_q = -R_q/(R_p + R_q) l (section 1).
  EXPECT_LT((geo.r_p - 1.0 * n).norm(), 1e-14);
  EXPECT_LT((geo.r_q + 0.9 * n).norm(), 1e-14);
  EXPECT_DOUBLE_EQ(s.G_lambda(0), alpha * kn);
  const Vec3 g = kn * (alpha * t + mu * n);
  for (unsigned seed = 1; seed <= 4; ++seed) {
    const Vector d = random_vector(s.n_dof, seed);
    const Vec3 du = lcp::contact_deformation(s, 0, d);
    EXPECT_NEAR(s.K_lambda.col(0).dot(d), -alpha * kn * t.dot(du), 1e-13);
    EXPECT_NEAR((s.G_d * d)(0), -g.dot(du), 1e-13);
    // w = G_d d + G_lambda lambda = -g . du_def + alpha k_n lambda.
    const double lambda = 0.7;
    EXPECT_NEAR((s.G_d * d)(0) + s.G_lambda(0) * lambda, -g.dot(du) + alpha * kn * lambda, 1e-13);
    // The force increment on p relaxes along h by alpha k_n lambda.
    Vector lam(1);
    lam << lambda;
    const Mat3 De = kn * (alpha * Mat3::Identity() + (1 - alpha) * n * n.transpose());
    EXPECT_LT((lcp::contact_force_increment(pb, s, 0, d, lam) - (De * du - alpha * kn * lambda * t)).norm(),
              1e-13);
  }
}

TEST(LcpSystem, ListedVariantDoesNotMatter)
{
  // Listing the contact as (q, p) with the force on q (= -f) must give the
  // same K, K_lambda, G_d: both variants are always assembled and share
  // one lambda (2.2: h and n change sign together). Tolerance 1e-15
  // relative: the same sums in another order.
  const Vec3 n = Vec3(0.0, 0.6, 0.8), t = Vec3(1.0, 0.0, 0.0);
  Problem pb = pair_problem(3, Vec3::Zero(), 1.0, 1.95 * n, 1.0, limit_force(n, t, 0.002, 0.4));
  pb.contacts[0].curvature_radius_q = 1.7;
  Problem swapped = pb;
  Contact &c = swapped.contacts[0];
  std::swap(c.p, c.q);
  std::swap(c.curvature_radius_p, c.curvature_radius_q);
  c.force = -c.force;
  const MixedLcp a = lcp::assemble(pb), b = lcp::assemble(swapped);
  ASSERT_EQ(a.active.size(), 1u);
  ASSERT_EQ(b.active.size(), 1u);
  EXPECT_LT((a.K - b.K).norm(), 1e-15 * (1.0 + a.K.norm()));
  EXPECT_LT((a.K_lambda - b.K_lambda).norm(), 1e-15 * (1.0 + a.K_lambda.norm()));
  EXPECT_LT((a.G_d - b.G_d).norm(), 1e-15 * (1.0 + a.G_d.norm()));
}

TEST(LcpSystem, LambdaOrderFollowsTheContactList)
{
  // Contacts listed out of particle order and not in mirror pairs: the
  // active ones get lambda 0, 1, ... in Problem::contacts order (the
  // reference code's adjacency assumption, LCP_SPEC.md 11, is not made).
  Problem pb;
  pb.dimension = 2;
  for (int i = 0; i < 4; ++i) {
    lcp::Particle p;
    p.id = 100 - i;    // ids in descending order
    p.x = Vec3(2.0 * i, 0.0, 0.0);
    p.radius = 1.0;
    pb.particles.push_back(p);
  }
  const Vec3 x(1, 0, 0), y(0, 1, 0);
  const auto contact = [&](long p, long q, const Vec3 &f) {
    Contact c;
    c.p = p;
    c.q = q;
    c.force = f;
    c.kn = 1.0;
    c.alpha = 1.0;
    c.mu = 0.5;
    c.curvature_radius_p = 1.0;
    c.curvature_radius_q = 1.0;
    return c;
  };
  // (98, 97): n = +x seen from 98; (100, 99) active; (98, 99) listed with p > q ... active.
  pb.contacts = {contact(98, 97, limit_force(x, y, 0.001, 0.5)),         // active
                 contact(100, 99, -0.001 * x + 0.0001 * y),               // inactive
                 contact(98, 99, limit_force(-x, -y, 0.001, 0.5))};       // active, mirror-listed
  const MixedLcp s = lcp::assemble(pb);
  ASSERT_EQ(s.active, (std::vector<int>{0, 2}));
  EXPECT_FALSE(s.geometry[1].active);
  // Column 1 belongs to contact 2 = particles 98 (index 2) and 99 (index 1).
  const Vector col = s.K_lambda.col(1);
  for (int i = 0; i < s.n_dof; ++i) {
    const bool on_pair = i == 2 || i == 3 || i == 4 || i == 5 || i == 9 || i == 10;
    if (!on_pair) { EXPECT_EQ(col(i), 0.0) << "row " << i; }
  }
  EXPECT_GT(col.norm(), 0.0);
}

// ------------------------------------------------ rigid-body movements

TEST(LcpSystem, RigidBodyMovementsDeformNoContact)
{
  // A rigid translation or rotation (about any point) of the whole
  // assembly gives du_def = 0 at every contact (Eq. (18) with l = r_p -
  // r_q). Tolerance 1e-14: O(1) movements, cancellation of a few terms.
  Problem pb = pair_problem(3, Vec3(0.3, -0.2, 0.1), 1.1, Vec3(0.3, -0.2, 0.1) + Vec3(1.0, 1.5, 0.8).normalized() * 2.0,
                            0.9, Vec3::Zero());
  const MixedLcp s = lcp::assemble(pb);
  const Vec3 shift(0.3, -0.7, 1.1), omega(0.2, 0.5, -0.4), centre(1.0, 2.0, -1.0);
  const Vector translation = movement(shift, shift, Vec3::Zero(), Vec3::Zero());
  EXPECT_LT(lcp::contact_deformation(s, 0, translation).norm(), 1e-14);
  const Vec3 &xp = pb.particles[0].x, &xq = pb.particles[1].x;
  const Vector rotation_d = movement(omega.cross(xp - centre), omega.cross(xq - centre), omega, omega);
  EXPECT_LT(lcp::contact_deformation(s, 0, rotation_d).norm(), 1e-14);
}

TEST(LcpSystem, PrestressedPairUnderRigidMovements)
{
  // With a contact force, a rigid translation changes no load (K t = 0),
  // and a rigid rotation omega must rotate the balancing external forces:
  // -omega x f on p, +omega x f on q (K^g3; K^g1, K^g2 and K^m vanish
  // because du_def = dtheta_def = 0). The moment rows stay zero: section
  // 3.4 keeps no term for the rotation of the prestress moment r_p x f
  // (it cancels over a particle in moment equilibrium), so the exact change
  // -omega x (r_p x f) is checked only where r_p x f = 0 (normal force).
  // Tolerance 1e-13 absolute: the loads are ~1e-3, but K d sums O(1)
  // mechanical entries times O(1) movements that cancel to round-off.
  const Vec3 n = Vec3(1.0, -2.0, 2.0) / 3.0, t = Vec3(2.0, 1.0, 0.0).normalized();
  for (const bool tangential : {false, true}) {
    const Vec3 f = tangential ? limit_force(n, t, 0.001, 0.4) : Vec3(-0.001 * n);
    Problem pb = pair_problem(3, Vec3::Zero(), 1.0, 2.0 * n, 1.0, f);
    const MixedLcp s = lcp::assemble(pb);
    const Vec3 shift(0.3, -0.7, 1.1), omega(0.2, 0.5, -0.4);
    EXPECT_LT((s.K * movement(shift, shift, Vec3::Zero(), Vec3::Zero())).norm(), 1e-13);
    const Vector d = movement(Vec3::Zero(), omega.cross(2.0 * n), omega, omega);
    const Eigen::Matrix<double, 12, 1> L = loads_of(s, d);
    EXPECT_LT((L.segment<3>(0) - (-omega.cross(f))).norm(), 1e-13);
    EXPECT_LT((L.segment<3>(3) - omega.cross(f)).norm(), 1e-13);
    EXPECT_LT(L.segment<6>(6).norm(), 1e-13);
  }
}

// --------------------------- geometric stiffness by finite differences

// Central difference of the balancing loads of exactly rolled
// configurations against K d. The contact force keeps its components in
// the frame that rolls with the contact (it rotates with the normal).
struct RollingCheck {
  Eigen::Matrix<double, 12, 1> K_d;          // K d for the unit rate
  Eigen::Matrix<double, 12, 1> difference;   // d loads / d phi, central difference
};

// Sphere (or disk) q rolls without slip over a fixed p about the axis a
// (normal to n) through p's centre.
RollingCheck roll_over_fixed_sphere(int dimension, double Rp, double Rq, const Vec3 &n, const Vec3 &a,
                                    const Vec3 &f)
{
  Problem pb = pair_problem(dimension, Vec3::Zero(), Rp, (Rp + Rq) * n, Rq, f);
  const MixedLcp s = lcp::assemble(pb);
  // Rate: u_q = (R_p + R_q) a x n, theta_q = (R_p + R_q)/R_q a (no slip:
  // du_def = 0, LCP_SPEC.md 3.3 gives dr_t = R_p a x n, dn = a x n).
  const Vec3 u_q = (Rp + Rq) * a.cross(n), t_q = (Rp + Rq) / Rq * a;
  Vector d3 = movement(Vec3::Zero(), u_q, Vec3::Zero(), t_q);
  RollingCheck out;
  if (dimension == 3) {
    out.K_d = loads_of(s, d3);
  } else {
    // 2d layout [u_p(2) u_q(2) theta_p theta_q] -> 3d [F_p F_q M_p M_q].
    Vector d2(6);
    d2 << 0, 0, u_q.x(), u_q.y(), 0, t_q.z();
    const Vector Kd = s.K * d2;
    out.K_d.setZero();
    out.K_d.segment<2>(0) = Kd.segment<2>(0);
    out.K_d.segment<2>(3) = Kd.segment<2>(2);
    out.K_d(8) = Kd(4);
    out.K_d(11) = Kd(5);
  }
  const double phi = 1e-4;
  const auto loads_at = [&](double angle) {
    const Mat3 Rot = rotation(a, angle);
    const Vec3 n1 = Rot * n;
    return balancing_loads(Rot * f, Rp * n1, -Rq * n1);
  };
  out.difference = (loads_at(phi) - loads_at(-phi)) / (2.0 * phi);
  return out;
}

TEST(LcpSystem, GeometricStiffnessMatchesRollingFiniteDifference)
{
  // Truncation error of the central difference is O(phi^2 |f|) ~ 1e-11;
  // tolerance 1e-10 absolute on loads of order |f| = 1e-3 .. 2e-3.
  const double tol = 1e-10;
  struct Case {
    int dimension;
    double Rp, Rq;
    Vec3 n, a;
  };
  const Vec3 n3 = Vec3(1.0, 2.0, 2.0) / 3.0;
  const Vec3 a3 = n3.cross(Vec3(0.0, 0.0, 1.0)).normalized();
  const Vec3 n2 = Vec3(0.6, 0.8, 0.0);
  const std::vector<Case> cases = {{3, 1.0, 1.0, n3, a3},
                                   {3, 1.3, 0.7, n3, n3.cross(a3)},
                                   {2, 1.0, 1.0, n2, Vec3(0, 0, 1)},
                                   {2, 0.8, 1.4, n2, Vec3(0, 0, 1)}};
  for (const Case &c : cases) {
    SCOPED_TRACE("dimension " + std::to_string(c.dimension) + " Rp " + std::to_string(c.Rp));
    const Vec3 t = c.dimension == 2 ? Vec3(-c.n.y(), c.n.x(), 0.0) : c.a;
    // Normal force: every row, both particles.
    {
      const RollingCheck r = roll_over_fixed_sphere(c.dimension, c.Rp, c.Rq, c.n, c.a, -0.002 * c.n);
      if (c.dimension == 3) {
        EXPECT_LT((r.K_d - r.difference).norm(), tol) << r.K_d.transpose() << "\n" << r.difference.transpose();
      } else {
        for (int i : {0, 1, 3, 4, 8, 11}) { EXPECT_NEAR(r.K_d(i), r.difference(i), tol) << "row " << i; }
      }
    }
    // Force with a tangential part: all rows except q's moment, which
    // differs by exactly the omitted prestress-moment rotation
    // theta_q x (r_q x (-f)) (see PrestressedPairUnderRigidMovements).
    {
      const Vec3 f = limit_force(c.n, t, 0.002, 0.4);
      const RollingCheck r = roll_over_fixed_sphere(c.dimension, c.Rp, c.Rq, c.n, c.a, f);
      const Vec3 theta_q = (c.Rp + c.Rq) / c.Rq * c.a, r_q = -c.Rq * c.n;
      Eigen::Matrix<double, 12, 1> omitted = Eigen::Matrix<double, 12, 1>::Zero();
      omitted.segment<3>(9) = theta_q.cross(r_q.cross(f));
      const Eigen::Matrix<double, 12, 1> diff = r.difference - omitted;
      if (c.dimension == 3) {
        EXPECT_LT((r.K_d - diff).norm(), tol) << r.K_d.transpose() << "\n" << diff.transpose();
      } else {
        for (int i : {0, 1, 3, 4, 8, 11}) { EXPECT_NEAR(r.K_d(i), diff(i), tol) << "row " << i; }
      }
    }
  }
}

TEST(LcpSystem, GeometricStiffnessMatchesTranslationFiniteDifference)
{
  // q translates by s u with p fixed (no rotations, so no prestress moment
  // is omitted). Exact configuration: l(s) = l + s u, n(s) = l(s)/|l(s)|,
  // r_p = R_p/(R_p+R_q) l(s), r_q = -R_q/(R_p+R_q) l(s); the force turns with
  // the normal (minimal rotation n -> n(s)) and grows by s D_e u. Its
  // derivative exercises dr_t = M K_q P_t du and dn = -K_p dr_t (section
  // 3.3) with the curvature radii equal to the radii. The normal part of
  // u is used only with equal radii: dr_n = 1/2 n (n . du) puts the contact
  // point midway, which is the geometry only for R_p = R_q.
  // The elastic part is linear in s, so the central difference is exact
  // for it up to round-off (~1e-16/s = 1e-11); the rotation of f and of the
  // lever arms leaves O(s^2 |f|) ~ 1e-13. Tolerance 1e-10 absolute on
  // loads of O(1) (elastic) and O(1e-3) (geometric): a wrong geometric
  // term changes them by ~1e-4.
  const Vec3 n = Vec3(1.0, 2.0, 2.0) / 3.0;
  const Vec3 t1 = n.cross(Vec3(1, 0, 0)).normalized(), t2 = n.cross(t1);
  struct Case {
    double Rp, Rq;
    Vec3 u;
  };
  const std::vector<Case> cases = {{1.0, 1.0, 0.3 * n + t1 - 0.4 * t2}, {1.3, 0.7, t1 + 0.5 * t2}};
  for (const Case &c : cases) {
    SCOPED_TRACE("Rp " + std::to_string(c.Rp));
    const Vec3 f = limit_force(n, 0.6 * t1 + 0.8 * t2, 0.002, 0.4);
    const double kn = 2.0, alpha = 0.5;
    const Vec3 l0 = (c.Rp + c.Rq) * n;
    Problem pb = pair_problem(3, Vec3::Zero(), c.Rp, l0, c.Rq, f, kn, alpha);
    const MixedLcp s = lcp::assemble(pb);
    const Mat3 De = kn * (alpha * Mat3::Identity() + (1 - alpha) * n * n.transpose());
    const auto loads_at = [&](double step) {
      const Vec3 l = l0 + step * c.u;
      const Mat3 Rot = Eigen::Quaterniond::FromTwoVectors(n, l.normalized()).toRotationMatrix();
      const Vec3 force = Rot * f + step * De * c.u;
      return balancing_loads(force, c.Rp / (c.Rp + c.Rq) * l, -c.Rq / (c.Rp + c.Rq) * l);
    };
    const double step = 1e-5;
    const Eigen::Matrix<double, 12, 1> difference = (loads_at(step) - loads_at(-step)) / (2 * step);
    const Vector d = movement(Vec3::Zero(), c.u, Vec3::Zero(), Vec3::Zero());
    const Eigen::Matrix<double, 12, 1> K_d = loads_of(s, d);
    EXPECT_LT((K_d - difference).norm(), 1e-10) << K_d.transpose() << "\n" << difference.transpose();
    // The geometric part is a real share of it: remove the mechanical loads -D_e du on p,
    // +D_e du on q, -r_p x D_e du, r_q x D_e du (section 3.4 K^m).
    const Vec3 dF = De * c.u;
    const Eigen::Matrix<double, 12, 1> mechanical =
        balancing_loads(dF, c.Rp / (c.Rp + c.Rq) * l0, -c.Rq / (c.Rp + c.Rq) * l0);
    const Eigen::Matrix<double, 12, 1> geometric_fd = difference - mechanical;
    EXPECT_GT(geometric_fd.norm(), 1e-4);    // the check is not vacuous
  }
}

TEST(LcpSystem, RollingOnAFlatSurface)
{
  // Particle q has a flat face (curvature radius = infinity) at distance
  // R_q from its centre. Sphere p (rho_p = R_p) rolls along it by s with
  // q fixed: u_p = s t, theta_p = -(s/R_p) n x t. Nothing changes in space
  // except q's lever arm r_q, which slides by s t along the face: the exact
  // load change is 0 on p and (t x f) on q's moment (normal force, so no
  // prestress moment is omitted). Exact to round-off for this linear
  // motion: tolerance 1e-15 on loads of 1e-3.
  const Vec3 n = Vec3(0.0, 0.0, 1.0), t = Vec3(1.0, 0.0, 0.0);
  const double Rp = 0.8, Rq = 1.5;
  Problem pb = pair_problem(3, Vec3::Zero(), Rp, (Rp + Rq) * n, Rq, -0.001 * n);
  pb.contacts[0].curvature_radius_q = inf;
  const MixedLcp s = lcp::assemble(pb);
  ASSERT_TRUE(s.K.allFinite());
  const Vector d = movement(t, Vec3::Zero(), -(1.0 / Rp) * n.cross(t), Vec3::Zero());
  EXPECT_LT(lcp::contact_deformation(s, 0, d).norm(), 1e-15);
  const Eigen::Matrix<double, 12, 1> L = loads_of(s, d);
  Eigen::Matrix<double, 12, 1> expected = Eigen::Matrix<double, 12, 1>::Zero();
  expected.segment<3>(9) = t.cross(Vec3(-0.001 * n));
  EXPECT_LT((L - expected).norm(), 1e-15) << L.transpose();
}

TEST(LcpSystem, TwirlRotatesTheForceByHalfTheRelativeSpin)
{
  // Section 3.3: a relative twirl about n turns f by half of it
  // (dfhat = -1/2 (n . dtheta_def)(f x n)). q spins by psi about n, p
  // fixed: the external force on p changes by -1/2 psi n x f. Tolerance
  // 1e-16 on forces of 1e-3.
  const Vec3 n = Vec3(2.0, 1.0, 2.0) / 3.0, t = Vec3(1.0, -2.0, 0.0).normalized();
  const Vec3 f = limit_force(n, t, 0.001, 0.5);
  Problem pb = pair_problem(3, Vec3::Zero(), 1.0, 2.0 * n, 1.0, f);
  const MixedLcp s = lcp::assemble(pb);
  const double psi = 1.0;
  const Eigen::Matrix<double, 12, 1> L = loads_of(s, movement(Vec3::Zero(), Vec3::Zero(), Vec3::Zero(), psi * n));
  EXPECT_LT((L.segment<3>(0) - (-0.5 * psi * n.cross(f))).norm(), 1e-16);
}

// --------------------------------------------------- curvature frames

TEST(LcpSystem, RobustTangentFrameForNormalAlongZ)
{
  // The reference code's Darboux frame e1 = (-n_y, n_x, 0)/|.| is 0/0 for
  // n || z. The assembly must be finite there and rotation-equivariant:
  // a prestressed pair along x rotated onto z gives K_z = T K_x T^T with T
  // the rotation applied to every 3-block. Tolerance 1e-14 relative: the
  // rotation matrix itself carries round-off (cos(pi/2) = 6e-17).
  const Vec3 ex(1, 0, 0), ey(0, 1, 0), ez(0, 0, 1);
  const Mat3 Rot = rotation(ey, -M_PI / 2.0);    // maps x onto z
  ASSERT_LT((Rot * ex - ez).norm(), 1e-15);
  Problem along_x = pair_problem(3, Vec3::Zero(), 1.0, 2.0 * ex, 1.3, limit_force(ex, ey, 0.001, 0.4));
  along_x.contacts[0].curvature_radius_q = 0.9;
  Problem along_z = along_x;
  along_z.particles[1].x = Rot * along_x.particles[1].x;
  along_z.contacts[0].force = Rot * along_x.contacts[0].force;
  const MixedLcp sx = lcp::assemble(along_x), sz = lcp::assemble(along_z);
  ASSERT_TRUE(sz.K.allFinite());
  ASSERT_TRUE(sz.K_lambda.allFinite());
  Matrix T = Matrix::Zero(12, 12);
  for (int b = 0; b < 4; ++b) T.block<3, 3>(3 * b, 3 * b) = Rot;
  EXPECT_LT((sz.K - T * sx.K * T.transpose()).norm(), 1e-14 * sx.K.norm());
  EXPECT_LT((sz.K_lambda - T * sx.K_lambda).norm(), 1e-14 * sx.K_lambda.norm());
  EXPECT_LT((sz.G_d - sx.G_d * T.transpose()).norm(), 1e-14 * sx.G_d.norm());
  // Also exactly along -z.
  Problem down = along_z;
  down.particles[1].x = -down.particles[1].x;
  down.contacts[0].force = -down.contacts[0].force;
  EXPECT_TRUE(lcp::assemble(down).K.allFinite());
}

// ------------------------------------------------ 2d = restricted 3d

Problem three_disks_like(int dimension)
{
  // Example 1's geometry (section 10.1) at 60 degrees, with unequal radii
  // of curvature at the top contact, alpha = 0.8 and an extra load on disk
  // 2; in 3d the disks are spheres at z = 0.
  Problem pb = lcp::examples::three_disks(60.0, 0.5, 2.0);
  pb.dimension = dimension;
  for (lcp::Contact &c : pb.contacts) c.alpha = 0.8;
  const auto row = [](std::vector<lcp::ConstraintTerm> terms, double value) {
    lcp::Constraint c;
    c.terms = std::move(terms);
    c.value = value;
    return c;
  };
  pb.loads = {{2, Dof::ux, 0.01}, {2, Dof::tz, -0.002}};
  if (dimension == 3) {
    // Out-of-plane dofs fixed so that the 3d LCP is the 2d one.
    for (long id = 1; id <= 3; ++id)
      for (Dof dof : {Dof::uz, Dof::tx, Dof::ty}) pb.constraints.push_back(row({{id, dof, 1.0}}, 0.0));
  }
  return pb;
}

TEST(LcpSystem, TwoDimensionalSystemIsTheRestrictionOf3d)
{
  // 2d = build 3d, keep ux, uy, tz (section 1). For disks in the xy plane
  // the in-plane part of the sphere curvature is the disk curvature, so
  // the 2d system equals the selected rows/columns of the spheres' 3d one;
  // with the out-of-plane dofs constrained, A and b agree too.
  // Tolerance 1e-14 relative: same arithmetic, other summation order.
  const MixedLcp s2 = lcp::assemble(three_disks_like(2));
  const MixedLcp s3 = lcp::assemble(three_disks_like(3));
  ASSERT_EQ(s2.n_dof, 9);
  ASSERT_EQ(s3.n_dof, 18);
  std::vector<int> keep;
  for (int p = 0; p < 3; ++p) {
    keep.push_back(lcp::dof_index(3, 3, p, Dof::ux));
    keep.push_back(lcp::dof_index(3, 3, p, Dof::uy));
  }
  for (int p = 0; p < 3; ++p) keep.push_back(lcp::dof_index(3, 3, p, Dof::tz));
  const Matrix K3 = s3.K(keep, keep);
  EXPECT_LT((s2.K - K3).norm(), 1e-14 * s2.K.norm());
  EXPECT_LT((s2.K_lambda - s3.K_lambda(keep, Eigen::all)).norm(), 1e-14 * s2.K_lambda.norm());
  EXPECT_LT((s2.G_d - s3.G_d(Eigen::all, keep)).norm(), 1e-14 * s2.G_d.norm());
  EXPECT_LT((s2.dp - s3.dp(keep)).norm(), 1e-15);
  // The out-of-plane rows and columns do not couple to the in-plane ones
  // (mirror symmetry z -> -z of a planar assembly).
  std::vector<int> out;
  for (int i = 0; i < 18; ++i)
    if (std::find(keep.begin(), keep.end(), i) == keep.end()) out.push_back(i);
  EXPECT_LT(Matrix(s3.K(keep, out)).norm(), 1e-15);
  EXPECT_LT(Matrix(s3.K(out, keep)).norm(), 1e-15);
  const lcp::ReducedLcp r2 = lcp::reduce(s2), r3 = lcp::reduce(s3);
  EXPECT_LT((r2.A - r3.A).norm(), 1e-12 * r2.A.norm());
  EXPECT_LT((r2.b - r3.b).norm(), 1e-12 * r2.b.norm());
}

// ---------------------------------------------------- Bott-Duffin

TEST(LcpSystem, BottDuffinMovementsMeetConstraintsAndEquilibrium)
{
  // Section 5-6.2: for any lambda, d = G dc + K_BD (dp - K_lambda lambda)
  // satisfies C d = dc, dy = K d + K_lambda lambda - dp lies in range(C^T)
  // (P_L dy = 0), and w = G_d d + G_lambda lambda = A lambda + b
  // (Eqs. (74)-(78)). Tolerances 1e-12 relative: K has condition ~1e3 here.
  const Problem pb = three_disks_like(2);
  const MixedLcp s = lcp::assemble(pb);
  const lcp::ReducedLcp r = lcp::reduce(s);
  EXPECT_FALSE(r.bott_duffin_singular);
  ASSERT_EQ(r.A.rows(), 2);
  // Projectors.
  EXPECT_LT((s.C * r.P_L).norm(), 1e-14);
  EXPECT_LT((r.P_L * r.P_L - r.P_L).norm(), 1e-14);
  EXPECT_LT((s.C * r.C_plus - Matrix::Identity(s.C.rows(), s.C.rows())).norm(), 1e-14);
  for (const Vector &lambda : {Vector(Vector::Zero(2)), Vector(Vector::Constant(2, 0.3)), Vector((Vector(2) << 1.5, 0.2).finished())}) {
    const Vector d = lcp::movements(s, r, lambda);
    EXPECT_LT((s.C * d - s.dc).norm(), 1e-12);
    const Vector dy = lcp::reactions(s, d, lambda);
    EXPECT_LT((r.P_L.transpose() * dy).norm(), 1e-12 * (1.0 + dy.norm()));
    const Vector w = s.G_d * d + Vector(s.G_lambda.cwiseProduct(lambda));
    EXPECT_LT((w - (r.A * lambda + r.b)).norm(), 1e-12 * (1.0 + w.norm()));
  }
}

TEST(LcpSystem, SingularBottDuffinUsesThePseudoInverse)
{
  // Two free disks without constraints or forces: K has the rigid modes
  // (2 translations, and the rotation of both disks with theta_p = -theta_q
  // ... rolling without deformation) in its null space, X = K is singular
  // and the SVD pseudo-inverse is used (Eq. (60)). A self-equilibrated load
  // is then still balanced: dy = K d - dp = 0 (no constraints).
  // Tolerance 1e-12: pseudo-inverse of an O(1) matrix.
  Problem pb = pair_problem(2, Vec3::Zero(), 1.0, Vec3(2.0, 0.0, 0.0), 1.0, Vec3::Zero(), 1.0, 1.0);
  pb.loads = {{10, Dof::ux, -0.5}, {20, Dof::ux, 0.5}};
  const MixedLcp s = lcp::assemble(pb);
  const lcp::ReducedLcp r = lcp::reduce(s);
  EXPECT_TRUE(r.bott_duffin_singular);
  const Vector d = lcp::movements(s, r, Vector());
  EXPECT_LT(lcp::reactions(s, d, Vector()).norm(), 1e-12);
  // Separation by 0.5 / k_n = 0.5.
  EXPECT_NEAR(lcp::contact_deformation(s, 0, d).x(), 0.5, 1e-12);
}

TEST(LcpSystem, SecondOrderWorkWithFollowerLoads)
{
  // I2 = 1/2 (dy . d - dp_total . d), dp_total = dp - K^g4 d (section 8):
  // with K^g4 entry k on (p ux, q uy) and dp on p ux.
  Problem pb = pair_problem(2, Vec3::Zero(), 1.0, Vec3(2.0, 0.0, 0.0), 1.0, Vec3::Zero(), 1.0, 1.0);
  lcp::FollowerStiffnessEntry e;
  e.row_particle = 10;
  e.row_dof = Dof::ux;
  e.col_particle = 20;
  e.col_dof = Dof::uy;
  e.value = 0.25;
  pb.follower_stiffness = {e, e};    // entries accumulate: 0.5
  pb.loads = {{10, Dof::ux, 2.0}};
  const MixedLcp s = lcp::assemble(pb);
  EXPECT_DOUBLE_EQ(s.K_follower(0, 3), 0.5);
  EXPECT_EQ(s.K_follower.norm(), 0.5);
  Vector d(6), dy(6);
  d << 1, 0, 0, 3, 0, 0;
  dy << 4, 0, 0, 0, 0, 0;
  // dp_total . d = (2 - 0.5 * 3) * 1 = 0.5; dy . d = 4.
  EXPECT_DOUBLE_EQ(lcp::second_order_work(s, d, dy), 0.5 * (4.0 - 0.5));
}

// --------------------------------------------------------- bad input

struct BadInput {
  std::string what;
  std::function<void(Problem &)> mutate;
  std::string field;
  std::string message;
};

Problem valid_problem()
{
  Problem pb = pair_problem(2, Vec3::Zero(), 1.0, Vec3(2.0, 0.0, 0.0), 1.0, Vec3(-0.001, 0.0, 0.0));
  lcp::Particle third;
  third.id = 30;
  third.x = Vec3(0.0, 2.0, 0.0);
  third.radius = 1.0;
  pb.particles.push_back(third);
  Contact c = pb.contacts[0];
  c.q = 30;
  c.force = Vec3(0.0, -0.001, 0.0);
  pb.contacts.push_back(c);
  lcp::Constraint row;
  row.terms = {{10, Dof::ux, 1.0}};
  pb.constraints = {row, row};
  pb.constraints[1].terms = {{10, Dof::uy, 1.0}, {30, Dof::tz, 2.0}};
  return pb;
}

TEST(LcpSystem, BadInputNamesTheField)
{
  ASSERT_NO_THROW(lcp::assemble(valid_problem()));
  const std::vector<BadInput> cases = {
      {"dimension", [](Problem &p) { p.dimension = 4; }, "dimension", "2 or 3"},
      {"duplicate id", [](Problem &p) { p.particles[2].id = 10; }, "particles[2].id", "duplicate particle id 10"},
      {"radius", [](Problem &p) { p.particles[0].radius = 0.0; }, "particles[0].radius", "must be > 0"},
      {"negative radius", [](Problem &p) { p.particles[1].radius = -1.0; }, "particles[1].radius", "must be > 0"},
      {"unknown p", [](Problem &p) { p.contacts[1].p = 7; }, "contacts[1].p", "unknown particle id 7"},
      {"unknown q", [](Problem &p) { p.contacts[1].q = 7; }, "contacts[1].q", "unknown particle id 7"},
      {"p == q", [](Problem &p) { p.contacts[0].q = 10; }, "contacts[0].q", "must differ from p"},
      {"kn", [](Problem &p) { p.contacts[0].kn = 0.0; }, "contacts[0].kn", "must be > 0"},
      {"alpha", [](Problem &p) { p.contacts[1].alpha = -0.5; }, "contacts[1].alpha", "must be > 0"},
      {"mu", [](Problem &p) { p.contacts[0].mu = -0.1; }, "contacts[0].mu", "must be >= 0"},
      {"rho_p", [](Problem &p) { p.contacts[0].curvature_radius_p = 0.0; }, "contacts[0].curvature_radius_p", "must be > 0"},
      {"rho_q", [](Problem &p) { p.contacts[1].curvature_radius_q = -2.0; }, "contacts[1].curvature_radius_q", "must be > 0"},
      {"both flat",
       [](Problem &p) {
         p.contacts[1].curvature_radius_p = inf;
         p.contacts[1].curvature_radius_q = inf;
       },
       "contacts[1].curvature_radius_q", "both surfaces flat"},
      {"coincident", [](Problem &p) { p.particles[2].x = p.particles[0].x; }, "contacts[1]", "coincident centres"},
      {"2d uz", [](Problem &p) { p.constraints[1].terms[0].dof = Dof::uz; }, "constraints[1].terms[0]", "dof uz does not exist in 2d"},
      {"2d tx", [](Problem &p) { p.constraints[0].terms[0].dof = Dof::tx; }, "constraints[0].terms[0]", "dof tx does not exist in 2d"},
      {"constraint particle", [](Problem &p) { p.constraints[1].terms[1].particle = 99; }, "constraints[1].terms[1]", "unknown particle id 99"},
      {"rank", [](Problem &p) { p.constraints[1] = p.constraints[0]; }, "constraints", "C must have full row rank"},
      {"load particle", [](Problem &p) { p.loads = {{42, Dof::ux, 1.0}}; }, "loads[0].particle", "unknown particle id 42"},
      {"load dof", [](Problem &p) { p.loads = {{10, Dof::ty, 1.0}}; }, "loads[0].dof", "dof ty does not exist in 2d"},
      {"follower",
       [](Problem &p) {
         lcp::FollowerStiffnessEntry e;
         e.row_particle = 10;
         e.col_particle = 5;
         p.follower_stiffness = {e};
       },
       "follower_stiffness[0]", "unknown particle id 5"},
      {"tolerance", [](Problem &p) { p.active_tolerance = 1.0; }, "active_tolerance", "[0, 1)"},
  };
  for (const BadInput &c : cases) {
    SCOPED_TRACE(c.what);
    Problem pb = valid_problem();
    c.mutate(pb);
    try {
      lcp::assemble(pb);
      ADD_FAILURE() << "no InputError";
    } catch (const InputError &e) {
      EXPECT_EQ(e.field(), c.field) << e.what();
      EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << e.what();
    }
  }
  // One flat surface is fine (a sphere on a wall).
  Problem wall = valid_problem();
  wall.contacts[0].curvature_radius_q = inf;
  EXPECT_NO_THROW(lcp::assemble(wall));
}

}    // namespace
