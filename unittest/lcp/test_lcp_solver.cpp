// Tests of lcp_solver.h on small hand-made LCPs (LCP_SPEC.md 7, 9.1-9.7).
// LCP(A, b): lambda >= 0, w = A lambda + b >= 0, lambda . w = 0. Every
// solution set below is worked out by hand in the comments, going through
// the complementary subsets J (lambda_J solves A[J,J] lambda_J = -b_J,
// lambda = 0 outside J, and w outside J must be >= 0).
//
// Tolerances used in the assertions:
// * kExact = 1e-12 for hand-computed solutions of well-conditioned 2x2 and
//   3x3 problems with integer data: the solver's rounding is ~1e-16, so
//   1e-12 leaves four orders of margin while catching any wrong formula.
// * kRandom = 1e-8 relative for random P-matrices up to 8x8, whose
//   condition numbers reach ~1e3-1e4 (errors ~ cond * 1e-16).
// * is_solution's default 1e-10 (relative to |A||lambda| + |b|).
#include "lcp_solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <limits>
#include <random>

namespace {

using lcp::Matrix;
using lcp::Vector;

constexpr double kExact = 1e-12;
constexpr double kRandom = 1e-8;

Matrix mat(std::initializer_list<std::initializer_list<double>> rows)
{
  Matrix m(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(rows.begin()->size()));
  Eigen::Index i = 0;
  for (const auto &r : rows) {
    Eigen::Index j = 0;
    for (double v : r) m(i, j++) = v;
    ++i;
  }
  return m;
}

Vector vec(std::initializer_list<double> values)
{
  Vector v(static_cast<Eigen::Index>(values.size()));
  Eigen::Index i = 0;
  for (double x : values) v[i++] = x;
  return v;
}

bool contains(const std::vector<Vector> &points, const Vector &x, double tol = kExact)
{
  for (const Vector &p : points)
    if ((p - x).cwiseAbs().maxCoeff() <= tol * std::max(1.0, x.cwiseAbs().maxCoeff())) return true;
  return false;
}

// Distinct solution points of an enumeration (isolated and non-isolated).
std::vector<Vector> distinct_points(const lcp::Enumeration &e, double tol = kExact)
{
  std::vector<Vector> out;
  for (const auto &p : e.points)
    if (!contains(out, p.lambda, tol)) out.push_back(p.lambda);
  return out;
}

// The classes as one comparable string, for the scale tests.
std::string class_string(const lcp::MatrixClasses &c)
{
  std::string s;
  s += c.P ? "P " : "- ";
  s += c.P0 ? "P0 " : "- ";
  s += c.N ? "N " : "- ";
  s += c.N0 ? "N0 " : "- ";
  s += c.R ? "R " : "- ";
  s += c.R0 ? "R0 " : "- ";
  s += c.S ? "S " : "- ";
  s += c.Z ? "Z " : "- ";
  s += c.rule6 ? "rule6 " : "- ";
  s += c.degenerate ? "D " : "- ";
  s += c.column_competent ? "CC " : "- ";
  s += lcp::symmetric_part_name(c.symmetric_part);
  s += " zero_minors=" + std::to_string(c.zero_minors);
  return s;
}

// ---------------------------------------------------------------------------

TEST(LcpSolver, SymmetricPartNames)
{
  EXPECT_STREQ(lcp::symmetric_part_name(lcp::SymmetricPart::PD), "PD");
  EXPECT_STREQ(lcp::symmetric_part_name(lcp::SymmetricPart::PSD), "PSD");
  EXPECT_STREQ(lcp::symmetric_part_name(lcp::SymmetricPart::ID), "ID");
  EXPECT_STREQ(lcp::symmetric_part_name(lcp::SymmetricPart::NSD), "NSD");
  EXPECT_STREQ(lcp::symmetric_part_name(lcp::SymmetricPart::ND), "ND");
}

// A = [[2, 1], [-1, 2]]: symmetric part diag(2, 2) (PD), minors 2, 2 and
// det = 4 + 1 = 5 (P). Rules 2/3: one solution for every b.
//  b = (1, 1) >= 0:  lambda = 0 (w = b > 0).
//  b = (-2, 2):      J = {1}: 2 l1 - 2 = 0 -> l1 = 1, w2 = -1 + 2 = 1 > 0.
//  b = (-4, -3):     J = {1,2}: 2 l1 + l2 = 4, -l1 + 2 l2 = 3 -> (1, 2).
TEST(LcpSolver, PositiveDefiniteHasOneSolutionForEveryB)
{
  const Matrix A = mat({{2, 1}, {-1, 2}});
  const std::vector<std::pair<Vector, Vector>> cases = {
      {vec({1, 1}), vec({0, 0})}, {vec({-2, 2}), vec({1, 0})}, {vec({-4, -3}), vec({1, 2})}};
  for (const auto &[b, expected] : cases) {
    const lcp::Enumeration e = lcp::enumerate_solutions(A, b);
    ASSERT_EQ(e.points.size(), 1u) << b.transpose();
    EXPECT_TRUE(e.points[0].isolated);
    EXPECT_FALSE(e.points[0].degenerate);
    EXPECT_LE((e.points[0].lambda - expected).cwiseAbs().maxCoeff(), kExact);
    EXPECT_EQ(e.singular_complementary, 0);
    const lcp::Bifurcations bif = lcp::classify_solutions(A, b, e);
    EXPECT_EQ(bif.type_one.size(), 1u);
    EXPECT_TRUE(bif.type_two.empty());
    EXPECT_TRUE(bif.type_three.empty());
    EXPECT_FALSE(lcp::path_sensitive(A, b, expected));    // P: path-insensitive
    const lcp::SingleSolution lemke = lcp::solve_lemke(A, b);
    ASSERT_TRUE(lemke.solved);
    EXPECT_LE((lemke.lambda - expected).cwiseAbs().maxCoeff(), kExact);
    EXPECT_TRUE(lcp::is_solution(A, b, lemke.lambda));
  }
  const lcp::MatrixClasses c = lcp::classify_matrix(A);
  EXPECT_TRUE(c.P);
  EXPECT_TRUE(c.P0);
  EXPECT_FALSE(c.N);
  EXPECT_FALSE(c.N0);
  EXPECT_TRUE(c.R);     // P => R (rule 4)
  EXPECT_TRUE(c.R0);
  EXPECT_TRUE(c.S);     // P => S
  EXPECT_FALSE(c.Z);    // a12 = 1 > 0
  EXPECT_FALSE(c.rule6);
  EXPECT_FALSE(c.degenerate);
  EXPECT_EQ(c.zero_minors, 0);
  EXPECT_TRUE(c.column_competent);
  EXPECT_EQ(c.symmetric_part, lcp::SymmetricPart::PD);
}

// A = [[-1, -2], [-2, -1]]: minors -1, -1, det = 1 - 4 = -3: an N-matrix,
// all entries negative (2nd category, rule 8).
//  b = (1, 1) > 0: J = {} gives 0; J = {1}: l1 = 1, w2 = -2 + 1 < 0 (no);
//    J = {2}: the same by symmetry (no); J = {1,2}: l1 + 2 l2 = 1,
//    2 l1 + l2 = 1 -> (1/3, 1/3) >= 0. Exactly two solutions.
//  b = (1, -1): J = {}: w2 = -1 (no); J = {1}: l1 = 1, w2 = -3 (no);
//    J = {2}: -l2 - 1 = 0 -> l2 = -1 (no); J = {1,2}: (-1, 1) (no). None.
//    The QP is infeasible too: w2 = -2 l1 - l2 - 1 < 0 for every lambda >= 0.
TEST(LcpSolver, NMatrixOfTheSecondCategory)
{
  const Matrix A = mat({{-1, -2}, {-2, -1}});
  const lcp::Enumeration two = lcp::enumerate_solutions(A, vec({1, 1}));
  const std::vector<Vector> pts = distinct_points(two);
  ASSERT_EQ(pts.size(), 2u);
  EXPECT_TRUE(contains(pts, vec({0, 0})));
  EXPECT_TRUE(contains(pts, vec({1.0 / 3, 1.0 / 3})));
  EXPECT_EQ(lcp::classify_solutions(A, vec({1, 1}), two).type_one.size(), 2u);

  const Vector bad = vec({1, -1});
  EXPECT_TRUE(lcp::enumerate_solutions(A, bad).points.empty());
  const lcp::SingleSolution lemke = lcp::solve_lemke(A, bad);
  EXPECT_FALSE(lemke.solved);    // ray termination
  const lcp::QpResult qp = lcp::minimize_complementarity(A, bad, Vector::Zero(2));
  EXPECT_FALSE(qp.converged);
  EXPECT_GT(qp.objective, 0.0);    // no feasible point at all: +infinity

  const lcp::MatrixClasses c = lcp::classify_matrix(A);
  EXPECT_TRUE(c.N);
  EXPECT_TRUE(c.N0);
  EXPECT_FALSE(c.P);
  EXPECT_FALSE(c.P0);
  EXPECT_FALSE(c.S);    // A lambda >= e is impossible with A < 0
  EXPECT_TRUE(c.R0);    // non-degenerate => R0 (rule 18)
  EXPECT_FALSE(c.R);    // LCP(A, e) has the solution (1/3, 1/3) != 0
  EXPECT_TRUE(c.Z);     // off-diagonal entries <= 0
  EXPECT_FALSE(c.degenerate);
  EXPECT_EQ(c.symmetric_part, lcp::SymmetricPart::ID);    // eigenvalues -3, 1
}

// A = [[-1, 2], [1, -1]]: minors -1, -1, det = 1 - 2 = -1: N-matrix with
// positive entries (1st category, rule 7: Q).
//  b = (1, 1) > 0: J = {}: 0; J = {1}: l1 = 1, w2 = 1 + 1 = 2 -> (1, 0);
//    J = {2}: l2 = 1, w1 = 2 + 1 = 3 -> (0, 1); J = {1,2}: -l1 + 2 l2 = -1,
//    l1 - l2 = -1 -> l2 = -2 (no). Three solutions, all non-degenerate.
//  b = (-1, 1): J = {2} only: l2 = 1, w1 = 2 - 1 = 1 -> (0, 1); J = {1,2}
//    gives (-1, 0) (no). One solution.
TEST(LcpSolver, NMatrixOfTheFirstCategory)
{
  const Matrix A = mat({{-1, 2}, {1, -1}});
  const std::vector<Vector> three = distinct_points(lcp::enumerate_solutions(A, vec({1, 1})));
  ASSERT_EQ(three.size(), 3u);
  EXPECT_TRUE(contains(three, vec({0, 0})));
  EXPECT_TRUE(contains(three, vec({1, 0})));
  EXPECT_TRUE(contains(three, vec({0, 1})));
  const std::vector<Vector> one = distinct_points(lcp::enumerate_solutions(A, vec({-1, 1})));
  ASSERT_EQ(one.size(), 1u);
  EXPECT_TRUE(contains(one, vec({0, 1})));
  const lcp::MatrixClasses c = lcp::classify_matrix(A);
  EXPECT_TRUE(c.N);
  EXPECT_FALSE(c.Z);
  EXPECT_TRUE(c.S);    // lambda = (1.5, 1): A lambda = (0.5, 0.5) > 0
}

// A = [[-1, -1], [-1, -1]], b = (1, 1) (LCP_SPEC.md 10.4, matrix 1d, case
// D): w1 = w2 = 1 - l1 - l2.
//  J = {}: lambda = 0, w = (1, 1): isolated, non-degenerate.
//  J = {1}: l1 = 1, w2 = 0: (1, 0), isolated but degenerate; J = {2}: (0, 1).
//  J = {1,2}: A singular (rank 1), b in its range: the segment l1 + l2 = 1.
//    delta = 1; K = {1} (l1 = 0) gives (0, 1), K = {2} gives (1, 0): the
//    two extreme points (rule 15: A[I2,I2] = -1 nonsingular).
//    dim = |C| - rank A[E,C] = 2 - 1 = 1; 2 >= dim + 1 extreme points and
//    no recession direction (null vector (1, -1) changes sign): Type II.
//  The isolated (1, 0), (0, 1) coincide with extreme points: duplicates, so
//  Type I = {0} only. Every point of the segment is path-sensitive: at
//  (0.5, 0.5) I2 = {1,2} and A[I2,I2] is singular (check 1); at (1, 0),
//  I2 = {1}, I3 = {2} and A[I2 u I3] is singular (check 2). lambda = 0 has
//  I1 = {1,2} only: regular.
TEST(LcpSolver, DegenerateMatrixWithASegmentOfSolutions)
{
  const Matrix A = mat({{-1, -1}, {-1, -1}});
  const Vector b = vec({1, 1});
  const lcp::Enumeration e = lcp::enumerate_solutions(A, b);
  EXPECT_EQ(e.singular_complementary, 1);
  EXPECT_TRUE(e.column_competent);
  int non_isolated = 0;
  for (const auto &p : e.points)
    if (!p.isolated) {
      ++non_isolated;
      EXPECT_EQ(p.group, 3);    // J = {1,2} = bits 0 and 1
      EXPECT_TRUE(p.degenerate);
    }
  EXPECT_EQ(non_isolated, 2);
  const lcp::Bifurcations bif = lcp::classify_solutions(A, b, e);
  ASSERT_EQ(bif.type_one.size(), 1u);
  EXPECT_LE(bif.type_one[0].cwiseAbs().maxCoeff(), kExact);
  ASSERT_EQ(bif.type_two.size(), 1u);
  EXPECT_TRUE(bif.type_three.empty());
  const lcp::SolutionSet &seg = bif.type_two[0];
  EXPECT_TRUE(seg.bounded);
  EXPECT_EQ(seg.dimension, 1);
  ASSERT_EQ(seg.extreme_points.size(), 2u);
  EXPECT_TRUE(contains(seg.extreme_points, vec({1, 0})));
  EXPECT_TRUE(contains(seg.extreme_points, vec({0, 1})));

  EXPECT_TRUE(lcp::path_sensitive(A, b, vec({0.5, 0.5})));
  EXPECT_TRUE(lcp::path_sensitive(A, b, vec({1, 0})));
  EXPECT_TRUE(lcp::path_sensitive(A, b, vec({0, 1})));
  EXPECT_FALSE(lcp::path_sensitive(A, b, vec({0, 0})));
  EXPECT_TRUE(lcp::is_solution(A, b, vec({0.25, 0.75})));

  const lcp::MatrixClasses c = lcp::classify_matrix(A);
  EXPECT_TRUE(c.degenerate);
  EXPECT_EQ(c.zero_minors, 1);
  EXPECT_TRUE(c.N0);     // minors -1, -1, 0
  EXPECT_FALSE(c.N);
  EXPECT_FALSE(c.P0);
  EXPECT_TRUE(c.R0);     // the only null vector (1, -1) is not sign-consistent
  EXPECT_FALSE(c.R);     // LCP(A, e) has the whole segment
  EXPECT_FALSE(c.S);
  EXPECT_TRUE(c.column_competent);    // rank A[:, {1,2}] = 1 < 2 (Xu)
  EXPECT_EQ(c.symmetric_part, lcp::SymmetricPart::NSD);    // eigenvalues -2, 0
}

// Check 3 of 9.4 on its own: A = [-1], b = 0. lambda = 0, w = 0, so
// I3 = {1}, I2 = {}. Checks 1 and 2 pass (A[I3,I3] = -1 is nonsingular);
// the Schur complement S = -1 has S^T v = -v <= 0 for v = 1: not regular.
// Indeed LCP(-1, b) has two solutions for b > 0 and none for b < 0. With
// A = [1] instead, S = 1 and no v >= 0, v != 0 has v <= 0: regular.
TEST(LcpSolver, SensitivityThirdCheck)
{
  EXPECT_TRUE(lcp::path_sensitive(mat({{-1}}), vec({0}), vec({0})));
  EXPECT_FALSE(lcp::path_sensitive(mat({{1}}), vec({0}), vec({0})));
  // P-matrix with a degenerate solution: A = I, b = (0, 1), lambda = 0:
  // I3 = {1}, S = 1: regular.
  EXPECT_FALSE(lcp::path_sensitive(Matrix::Identity(2, 2), vec({0, 1}), vec({0, 0})));
  // LCP(-1, 0) has the single solution 0, found from J = {} and J = {1}:
  // one Type I point after removing the repeated pattern.
  const lcp::Enumeration e = lcp::enumerate_solutions(mat({{-1}}), vec({0}));
  EXPECT_EQ(e.points.size(), 2u);
  EXPECT_EQ(lcp::classify_solutions(mat({{-1}}), vec({0}), e).type_one.size(), 1u);
}

// A = [[1, -2], [-2, 1]]: a Z-matrix (off-diagonal <= 0), det = -3 (not
// P), not S (A lambda > 0 needs l1 > 2 l2 and l2 > 2 l1). Rule 5: Z in Q0,
// so every feasible b has a solution, and Lemke's method finds one.
//  b = (-1, 3): J = {1}: l1 = 1, w2 = -2 + 3 = 1 -> (1, 0);
//    J = {1,2}: l1 - 2 l2 = 1, -2 l1 + l2 = -3 -> (5/3, 1/3);
//    J = {}: w1 = -1 (no); J = {2}: l2 = -3 (no). Two solutions.
TEST(LcpSolver, ZMatrix)
{
  const Matrix A = mat({{1, -2}, {-2, 1}});
  const Vector b = vec({-1, 3});
  const std::vector<Vector> pts = distinct_points(lcp::enumerate_solutions(A, b));
  ASSERT_EQ(pts.size(), 2u);
  EXPECT_TRUE(contains(pts, vec({1, 0})));
  EXPECT_TRUE(contains(pts, vec({5.0 / 3, 1.0 / 3})));
  const lcp::SingleSolution lemke = lcp::solve_lemke(A, b);
  ASSERT_TRUE(lemke.solved);
  EXPECT_TRUE(lcp::is_solution(A, b, lemke.lambda));
  EXPECT_TRUE(contains(pts, lemke.lambda, 1e-10));
  const lcp::MatrixClasses c = lcp::classify_matrix(A);
  EXPECT_TRUE(c.Z);
  EXPECT_FALSE(c.P);
  EXPECT_FALSE(c.S);
  EXPECT_FALSE(c.rule6);
  EXPECT_EQ(c.symmetric_part, lcp::SymmetricPart::ID);    // eigenvalues -1, 3
  // A Z-matrix that is also S (and P): Z and S => Q (rule 5).
  const lcp::MatrixClasses zs = lcp::classify_matrix(mat({{2, -1}, {-1, 2}}));
  EXPECT_TRUE(zs.Z);
  EXPECT_TRUE(zs.S);
  EXPECT_TRUE(zs.P);
}

// A = [[1, 2], [3, 1]] >= 0 with a positive diagonal (rule 6: Q), det = -5
// (not P), S (A e > 0).
//  b = (-1, -1): J = {1}: l1 = 1, w2 = 3 - 1 = 2 -> (1, 0); J = {2}: l2 = 1,
//    w1 = 2 - 1 = 1 -> (0, 1); J = {1,2}: l1 + 2 l2 = 1, 3 l1 + l2 = 1 ->
//    (0.2, 0.4). Three solutions.
//  LCP(A, e): w_J = A[J,J] lambda_J + 1 > 0 for any lambda >= 0, so 0 is the
//  only solution: with R0 (non-degenerate), A is an R-matrix but not P.
TEST(LcpSolver, RuleSixMatrixIsSolvableForEveryB)
{
  const Matrix A = mat({{1, 2}, {3, 1}});
  const std::vector<Vector> pts = distinct_points(lcp::enumerate_solutions(A, vec({-1, -1})));
  ASSERT_EQ(pts.size(), 3u);
  EXPECT_TRUE(contains(pts, vec({1, 0})));
  EXPECT_TRUE(contains(pts, vec({0, 1})));
  EXPECT_TRUE(contains(pts, vec({0.2, 0.4})));
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 20; ++trial) {
    const Vector b = vec({u(rng), u(rng)});
    EXPECT_FALSE(lcp::enumerate_solutions(A, b).points.empty()) << b.transpose();
    const lcp::SingleSolution lemke = lcp::solve_lemke(A, b);
    ASSERT_TRUE(lemke.solved) << b.transpose();
    EXPECT_TRUE(lcp::is_solution(A, b, lemke.lambda));
  }
  const lcp::MatrixClasses c = lcp::classify_matrix(A);
  EXPECT_TRUE(c.rule6);
  EXPECT_FALSE(c.Z);
  EXPECT_FALSE(c.P);
  EXPECT_TRUE(c.S);
  EXPECT_TRUE(c.R0);
  EXPECT_TRUE(c.R);
}

// A = [[1, -1], [-1, 1]] (PSD, rank 1): E_{1,2} has the null vector (1, 1)
// >= 0, i.e. LCP(A, 0) has the ray t (1, 1): not R0 (so not R, rule 16).
//  b = (-1, 1), which lies in range(A): w1 = l1 - l2 - 1 >= 0 and
//  w2 = -(l1 - l2 - 1) >= 0 force l1 - l2 = 1, w = 0: every (1 + t, t),
//  t >= 0, solves it, an unbounded set (Type III). J = {1} gives its vertex
//  (1, 0) as an isolated point, which is a duplicate of the set's extreme
//  point, so there is no Type I solution.
TEST(LcpSolver, NonR0MatrixGivesTypeThree)
{
  const Matrix A = mat({{1, -1}, {-1, 1}});
  const std::vector<Vector> modes = lcp::non_r0_modes(A);
  ASSERT_EQ(modes.size(), 1u);
  EXPECT_LE((modes[0] - vec({1, 1}) / std::sqrt(2.0)).cwiseAbs().maxCoeff(), kExact);
  EXPECT_TRUE(lcp::is_solution(A, Vector::Zero(2), modes[0]));

  const Vector b = vec({-1, 1});
  const lcp::Enumeration e = lcp::enumerate_solutions(A, b);
  const lcp::Bifurcations bif = lcp::classify_solutions(A, b, e);
  EXPECT_TRUE(bif.type_one.empty());
  EXPECT_TRUE(bif.type_two.empty());
  ASSERT_EQ(bif.type_three.size(), 1u);
  EXPECT_FALSE(bif.type_three[0].bounded);
  EXPECT_EQ(bif.type_three[0].dimension, 1);
  EXPECT_TRUE(contains(bif.type_three[0].extreme_points, vec({1, 0})));
  EXPECT_TRUE(lcp::is_solution(A, b, vec({11, 10})));

  const lcp::MatrixClasses c = lcp::classify_matrix(A);
  EXPECT_FALSE(c.R0);
  EXPECT_FALSE(c.R);
  EXPECT_TRUE(c.P0);    // minors 1, 1, 0
  EXPECT_FALSE(c.P);
  EXPECT_TRUE(c.degenerate);
  EXPECT_TRUE(c.column_competent);    // PSD matrices are column competent
  EXPECT_EQ(c.symmetric_part, lcp::SymmetricPart::PSD);

  // A 3x3 non-R0 matrix whose null vector has a zero entry in J^c:
  // A[{1,2},{1,2}] = [[1,-1],[-1,1]], and row 3 gives w3 = 2 (l1 - l2) = 0
  // on the null vector (1, 1, 0): a degenerate mode.
  const Matrix B = mat({{1, -1, 0}, {-1, 1, 0}, {2, -2, 1}});
  EXPECT_FALSE(lcp::non_r0_modes(B).empty());
  EXPECT_FALSE(lcp::classify_matrix(B).R0);
}

// Column competence (Xu): A = [[0, 1], [0, 0]] has A[{2},{2}] = 0 singular
// but A[:, {2}] = (1, 0) of full column rank: lambda = (0, 1) gives
// lambda o (A lambda) = (0,1) o (1,0) = 0 with A lambda != 0.
TEST(LcpSolver, ColumnCompetence)
{
  const Matrix A = mat({{0, 1}, {0, 0}});
  EXPECT_FALSE(lcp::classify_matrix(A).column_competent);
  EXPECT_FALSE(lcp::enumerate_solutions(A, vec({1, 1})).column_competent);
  // A = [[0, 0], [0, 1]]: the zero minor A[{1},{1}] has A[:, {1}] = 0.
  EXPECT_TRUE(lcp::classify_matrix(mat({{0, 0}, {0, 1}})).column_competent);
}

TEST(LcpSolver, SymmetricPartClasses)
{
  EXPECT_EQ(lcp::classify_matrix(mat({{2, 1}, {-1, 2}})).symmetric_part, lcp::SymmetricPart::PD);
  EXPECT_EQ(lcp::classify_matrix(mat({{1, -1}, {-1, 1}})).symmetric_part, lcp::SymmetricPart::PSD);
  EXPECT_EQ(lcp::classify_matrix(mat({{-1, -2}, {-2, -1}})).symmetric_part, lcp::SymmetricPart::ID);
  EXPECT_EQ(lcp::classify_matrix(mat({{-1, -1}, {-1, -1}})).symmetric_part, lcp::SymmetricPart::NSD);
  EXPECT_EQ(lcp::classify_matrix(mat({{-2, -1}, {1, -2}})).symmetric_part, lcp::SymmetricPart::ND);
  // Skew-symmetric part does not matter: [[0, 1], [-1, 0]] has symmetric
  // part 0, which counts as PSD (all eigenvalues within 1e-8 max|eig| of 0).
  EXPECT_EQ(lcp::classify_matrix(mat({{0, 1}, {-1, 0}})).symmetric_part, lcp::SymmetricPart::PSD);
}

// Random P-matrices of two kinds: PD symmetric part (B B^T + skew) and
// upper triangular with a positive diagonal (all principal minors are
// products of diagonal entries). Lemke's method must agree with the unique
// point found by the enumeration, for right-hand sides with ties and zeros
// too (degenerate pivots, where the lexicographic rule prevents cycling).
TEST(LcpSolver, LemkeAgreesWithEnumerationOnRandomPMatrices)
{
  std::mt19937 rng(12345);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<int> small(-2, 2);
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 3 + trial % 6;
    Matrix A(n, n);
    if (trial % 2 == 0) {
      Matrix B(n, n), C(n, n);
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
          B(i, j) = u(rng);
          C(i, j) = u(rng);
        }
      A = B * B.transpose() + 0.1 * Matrix::Identity(n, n) + (C - C.transpose());
    } else {
      A.setZero();
      for (int i = 0; i < n; ++i) {
        A(i, i) = 0.5 + std::abs(u(rng));
        for (int j = i + 1; j < n; ++j) A(i, j) = 2.0 * u(rng);
      }
    }
    Vector b(n);
    for (int i = 0; i < n; ++i) b[i] = trial % 3 == 0 ? small(rng) : u(rng);
    const lcp::Enumeration e = lcp::enumerate_solutions(A, b);
    const std::vector<Vector> pts = distinct_points(e, kRandom);
    ASSERT_EQ(pts.size(), 1u) << "trial " << trial;
    const lcp::SingleSolution lemke = lcp::solve_lemke(A, b);
    ASSERT_TRUE(lemke.solved) << "trial " << trial;
    EXPECT_TRUE(lcp::is_solution(A, b, lemke.lambda)) << "trial " << trial;
    EXPECT_LE((lemke.lambda - pts[0]).cwiseAbs().maxCoeff(), kRandom * std::max(1.0, pts[0].cwiseAbs().maxCoeff()))
        << "trial " << trial;
    EXPECT_TRUE(lcp::classify_matrix(A).P) << "trial " << trial;
  }
}

// Ray termination: LCP(-1, -1) needs l >= 0 and -l - 1 >= 0: infeasible.
TEST(LcpSolver, LemkeRayTerminationOnAnInfeasibleLcp)
{
  const lcp::SingleSolution s = lcp::solve_lemke(mat({{-1}}), vec({-1}));
  EXPECT_FALSE(s.solved);
  EXPECT_TRUE(lcp::enumerate_solutions(mat({{-1}}), vec({-1})).points.empty());
  const lcp::QpResult qp = lcp::minimize_complementarity(mat({{-1}}), vec({-1}), vec({0}));
  EXPECT_FALSE(qp.converged);
  EXPECT_GT(qp.objective, 0.0);
}

// A feasible LCP without a solution (path-incongruity, LCP_SPEC.md 6.3):
// A = [[-2, 1], [-2, 2]], b = (-1, 1). J = {}: w1 = -1; J = {1}: l1 = -1/2;
// J = {2}: l2 = -1/2; J = {1,2}: -2 l1 + l2 = 1, -2 l1 + 2 l2 = -1 ->
// l2 = -2. No solution, yet lambda = (0, 1) is feasible (w = (0, 3)).
// On the feasible set l2 >= 1 + 2 l1, and on its boundary l2 = 1 + 2 l1,
// phi = l2 w2 = (1 + 2 l1)(3 + 2 l1) >= 3; inside it phi only grows, so the
// global minimum is phi = 3 at (0, 1). The QP must find a point with a
// positive objective (the minimum 3 here).
TEST(LcpSolver, QpMinimizerOfAnIncongruentLcpHasPositiveObjective)
{
  const Matrix A = mat({{-2, 1}, {-2, 2}});
  const Vector b = vec({-1, 1});
  EXPECT_TRUE(lcp::enumerate_solutions(A, b).points.empty());
  EXPECT_FALSE(lcp::solve_lemke(A, b).solved);
  const lcp::QpResult qp = lcp::minimize_complementarity(A, b, Vector::Zero(2));
  EXPECT_TRUE(qp.converged);
  EXPECT_GT(qp.objective, 0.0);
  EXPECT_NEAR(qp.objective, 3.0, 1e-8);
  EXPECT_LE((qp.lambda - vec({0, 1})).cwiseAbs().maxCoeff(), 1e-8);
  const Vector w = A * qp.lambda + b;
  EXPECT_GE(qp.lambda.minCoeff(), -1e-12);
  EXPECT_GE(w.minCoeff(), -1e-12);
}

// For a solvable LCP with a PD matrix the QP is convex and its minimum 0 is
// the solution.
TEST(LcpSolver, QpFindsTheSolutionOfAPositiveDefiniteLcp)
{
  const Matrix A = mat({{2, 1}, {-1, 2}});
  const Vector b = vec({-4, -3});
  const lcp::QpResult qp = lcp::minimize_complementarity(A, b, vec({5, 5}));
  EXPECT_TRUE(qp.converged);
  EXPECT_LE(qp.objective, 1e-10);
  EXPECT_LE((qp.lambda - vec({1, 2})).cwiseAbs().maxCoeff(), 1e-6);
}

// Scale-awareness (LCP_SPEC.md 11): multiplying A and/or b by 1e6 or 1e-6
// must not change any class or count; the solutions scale as b / A.
TEST(LcpSolver, ScaledCopiesGiveTheSameClassesAndCounts)
{
  std::mt19937 rng(99);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  // A 5x5 degenerate matrix (rank 3) with b in its range, so that singular
  // complementary matrices with consistent right-hand sides occur.
  Matrix U(5, 3), V(5, 3);
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 3; ++j) {
      U(i, j) = u(rng);
      V(i, j) = u(rng);
    }
  const Matrix low_rank = U * V.transpose();
  const Vector in_range = U * vec({0.3, -0.7, 0.5});
  const std::vector<std::pair<Matrix, Vector>> problems = {
      {mat({{2, 1}, {-1, 2}}), vec({-4, -3})},
      {mat({{-1, -2}, {-2, -1}}), vec({1, 1})},
      {mat({{-1, 2}, {1, -1}}), vec({1, 1})},
      {mat({{-1, -1}, {-1, -1}}), vec({1, 1})},
      {mat({{1, -1}, {-1, 1}}), vec({-1, 1})},
      {mat({{1, 2}, {3, 1}}), vec({-1, -1})},
      {low_rank, in_range},
  };
  for (size_t k = 0; k < problems.size(); ++k) {
    const Matrix &A = problems[k].first;
    const Vector &b = problems[k].second;
    const std::string classes = class_string(lcp::classify_matrix(A));
    const lcp::Enumeration e = lcp::enumerate_solutions(A, b);
    const lcp::Bifurcations bif = lcp::classify_solutions(A, b, e);
    for (double sa : {1e-6, 1.0, 1e6})
      for (double sb : {1e-6, 1.0, 1e6}) {
        if (sa == 1.0 && sb == 1.0) continue;
        const Matrix As = sa * A;
        const Vector bs = sb * b;
        EXPECT_EQ(class_string(lcp::classify_matrix(As)), classes) << "problem " << k << " sa " << sa;
        const lcp::Enumeration es = lcp::enumerate_solutions(As, bs);
        EXPECT_EQ(es.points.size(), e.points.size()) << "problem " << k << " sa " << sa << " sb " << sb;
        EXPECT_EQ(es.singular_complementary, e.singular_complementary);
        const lcp::Bifurcations bs_bif = lcp::classify_solutions(As, bs, es);
        EXPECT_EQ(bs_bif.type_one.size(), bif.type_one.size()) << "problem " << k << " sa " << sa << " sb " << sb;
        EXPECT_EQ(bs_bif.type_two.size(), bif.type_two.size()) << "problem " << k << " sa " << sa << " sb " << sb;
        EXPECT_EQ(bs_bif.type_three.size(), bif.type_three.size()) << "problem " << k << " sa " << sa << " sb " << sb;
        // LCP(sa A, sb b) has the solutions (sb / sa) lambda.
        for (size_t p = 0; p < std::min(es.points.size(), e.points.size()); ++p) {
          const Vector expect = (sb / sa) * e.points[p].lambda;
          EXPECT_LE((es.points[p].lambda - expect).cwiseAbs().maxCoeff(),
                    kRandom * std::max(expect.cwiseAbs().maxCoeff(), sb / sa))
              << "problem " << k << " point " << p;
          EXPECT_EQ(lcp::path_sensitive(As, bs, es.points[p].lambda), lcp::path_sensitive(A, b, e.points[p].lambda))
              << "problem " << k << " point " << p;
        }
      }
  }
}

// The heavy path of 9.1: a 16 x 16 matrix of rank 12 (A = U V^T) with b in
// range(U), so every complementary matrix with |J| >= 13 is singular and
// consistent and needs the delta-subset loop (delta up to 4: C(16, 4) =
// 1820 solves for J = all). Also a block matrix in which most E_J are
// singular, like Example 2 (LCP_SPEC.md 10.2: 44,800 of 65,536). Times
// are printed, not asserted.
TEST(LcpSolver, EnumerationOfSixteenContactsCompletes)
{
  std::mt19937 rng(2025);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const int n = 16, r = 12;
  Matrix U(n, r), V(n, r);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < r; ++j) {
      U(i, j) = u(rng);
      V(i, j) = u(rng);
    }
  const Matrix A = U * V.transpose();
  Vector c(r);
  for (int j = 0; j < r; ++j) c[j] = u(rng);
  const Vector b = U * c;
  auto t0 = std::chrono::steady_clock::now();
  const lcp::Enumeration e = lcp::enumerate_solutions(A, b);
  auto t1 = std::chrono::steady_clock::now();
  const lcp::Bifurcations bif = lcp::classify_solutions(A, b, e);
  auto t2 = std::chrono::steady_clock::now();
  // Singular exactly when |J| >= 13: C(16,13) + C(16,14) + C(16,15) + 1 = 697.
  EXPECT_EQ(e.singular_complementary, 697);
  for (const auto &p : e.points) EXPECT_TRUE(lcp::is_solution(A, b, p.lambda));
  std::printf("[ timing   ] rank-12 16x16: enumerate %.3f s (%zu points, %ld singular E_J), classify %.3f s "
              "(%zu type I, %zu type II, %zu type III)\n",
              std::chrono::duration<double>(t1 - t0).count(), e.points.size(), e.singular_complementary,
              std::chrono::duration<double>(t2 - t1).count(), bif.type_one.size(), bif.type_two.size(),
              bif.type_three.size());

  // Eight pairs of contacts (2i, 2i+1) with identical columns, rows mixed:
  // every J containing both members of a pair is singular.
  Matrix W(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) W(i, j) = u(rng);
  for (int j = 0; j < n; j += 2) W.col(j + 1) = W.col(j);
  const Vector bw = W * Vector::Constant(n, 0.1);
  t0 = std::chrono::steady_clock::now();
  const lcp::Enumeration ew = lcp::enumerate_solutions(W, bw);
  t1 = std::chrono::steady_clock::now();
  const lcp::Bifurcations bw_bif = lcp::classify_solutions(W, bw, ew);
  t2 = std::chrono::steady_clock::now();
  EXPECT_GT(ew.singular_complementary, 30000);
  std::printf("[ timing   ] paired 16x16: enumerate %.3f s (%zu points, %ld singular E_J), classify %.3f s "
              "(%zu type I, %zu type II, %zu type III)\n",
              std::chrono::duration<double>(t1 - t0).count(), ew.points.size(), ew.singular_complementary,
              std::chrono::duration<double>(t2 - t1).count(), bw_bif.type_one.size(), bw_bif.type_two.size(),
              bw_bif.type_three.size());
  t0 = std::chrono::steady_clock::now();
  const lcp::MatrixClasses cw = lcp::classify_matrix(W);
  t1 = std::chrono::steady_clock::now();
  std::printf("[ timing   ] paired 16x16: classify_matrix %.3f s (%s)\n",
              std::chrono::duration<double>(t1 - t0).count(), class_string(cw).c_str());
  EXPECT_EQ(cw.zero_minors, ew.singular_complementary);
}

TEST(LcpSolver, IsSolutionIsScaleAware)
{
  const Matrix A = mat({{2, 1}, {-1, 2}});
  const Vector b = vec({-4, -3});
  EXPECT_TRUE(lcp::is_solution(A, b, vec({1, 2})));
  EXPECT_TRUE(lcp::is_solution(1e8 * A, 1e-8 * b, 1e-16 * vec({1, 2})));
  EXPECT_FALSE(lcp::is_solution(A, b, vec({1, 2.001})));
  EXPECT_FALSE(lcp::is_solution(A, b, vec({-1, 0})));
  EXPECT_FALSE(lcp::is_solution(A, vec({1, 1}), vec({1, 0})));    // l1 w1 = 3 != 0
}

}    // namespace

// A matrix met by the incremental driver (two nearly equal columns, 5 and
// 6): the reciprocal condition number of some minors A[J,J] is below the
// singularity tolerance while none of their singular values is, so the
// singular branch sees a rank deficit of zero. It crashed once (an empty
// row of hyperplanes); now every point it returns solves the LCP.
TEST(LcpSolver, MinorSingularByConditionButOfFullNumericalRank)
{
  const double a[64] = {
      0.16833006561442387, 0.018692167782040321, -0.014757523563282995, 0.0089334039028811981, 0.017800146741557586, 0.017800147953492745, -0.011453474573278742, -0.10526969354562724,
      0.0024732615199204548, 0.091225643118749589, 0.00077463635852808438, -0.012680087611004448, 0.0011605279470182084, 0.0011605280258732871, -0.028880833970067157, 0.00069292828421410949,
      0.0025168219833205095, 0.00027903502226010735, 0.063568154104987618, -0.027078859196235101, -0.074623769884976959, -0.074623774966836004, -0.031905978037793034, 0.0048734756147708891,
      -0.0047947905472255775, -0.05211936144252706, -0.022706363431418145, 0.18567749288802116, 0.023249582640035522, 0.023249584223342452, 0.034980118759143475, -0.075673476716726584,
      -0.00093702609555052288, -0.0014397122801565257, -0.023997772196964053, 0.0080776348280191118, 0.025196299044055626, 0.0251963007562922, 0.010610205113728281, -0.0041887320577571607,
      -0.0009370182287981913, -0.001439677683522822, -0.023997700884412318, 0.0080776825275696434, 0.025196334971898826, 0.025196336691841181, 0.010610195650506173, -0.0041886733134105236,
      -0.045557445638477995, -0.07864926710816203, -0.028752568112067993, 0.031740452578937504, 0.029760105103332407, 0.029760107129837461, 0.10547507383818844, -0.015348930560929085,
      -0.084966477163360032, 0.011075612287561666, 0.00040390319163402522, -0.027790513211781873, 0.00079320675915963042, 0.00079320681195344488, -0.026222269857466285, 0.22827438911811049,
  };
  const double bv[8] = {-1.1035030119437695e-06, -4.1304988579480608e-07, -2.9050967033493138e-07, -1.9571601440561591e-06, -2.0710325071437513e-07, -2.0710370846437353e-07, -1.8284530410640475e-06, -5.8533882571697511e-08};
  lcp::Matrix A(8, 8);
  lcp::Vector b(8);
  for (int i = 0; i < 8; ++i) {
    b[i] = bv[i];
    for (int j = 0; j < 8; ++j) A(i, j) = a[8 * i + j];
  }
  const lcp::Enumeration all = lcp::enumerate_solutions(A, b);
  EXPECT_GT(all.singular_complementary, 0);
  for (const auto &p : all.points) EXPECT_TRUE(lcp::is_solution(A, b, p.lambda));
}
