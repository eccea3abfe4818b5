// LCP(A, b): find lambda >= 0 with w = A lambda + b >= 0, lambda . w = 0.
// Everything here depends on A and b only (LCP_SPEC.md sections 7 and 9):
// matrix classes, enumeration of all solutions (Murty with the
// Jansen-Tijs treatment of degenerate matrices), their classification
// into Type I / II / III bifurcations, path-sensitivity, the R0 test
// (neutral equilibrium), and single-solution methods for large problems.
#ifndef QUASISTATIC_LCP_SOLVER_H
#define QUASISTATIC_LCP_SOLVER_H

#include "lcp_problem.h"

#include <vector>

namespace lcp {

// Tolerances of LCP_SPEC.md section 9, made relative where the spec asks
// for scale-aware ones.
struct Tolerances {
  double rank = 1e-11;                       // EPS1: relative (rcond, EPS1 * sigma_max for ranks)
  double zero = 10 * 2.220446049250313e-16;  // EPS2: sign, complementarity, feasibility
  // Eigenvalues of the symmetric part (A + A^T)/2 below this fraction of
  // the largest count as zero. A rank-one A with nearly equal rows (Kuhn's
  // Example 1, cases 1.B and 1.C) has a symmetric part with an eigenvalue of
  // the order of the square of the rows' relative difference, 3e-9 of the
  // largest there; the paper reports these as semi-definite.
  double definiteness = 1e-8;
};

enum class SymmetricPart { PD, PSD, ID, NSD, ND };
const char *symmetric_part_name(SymmetricPart s);

struct MatrixClasses {
  bool P = false, P0 = false, N = false, N0 = false;
  bool R = false, R0 = false, S = false, Z = false;
  bool rule6 = false;          // A >= 0 elementwise with a positive diagonal
  bool degenerate = false;     // some principal minor is zero
  bool column_competent = true;
  SymmetricPart symmetric_part = SymmetricPart::ID;
  long zero_minors = 0;        // number of singular complementary matrices
};

// All classes of section 7.1. Costs O(2^n n^3).
MatrixClasses classify_matrix(const Matrix &A, const Tolerances &tol = {});

// One solution point found by the enumeration.
struct SolutionPoint {
  Vector lambda;
  Vector w;
  bool isolated = true;      // from a nonsingular complementary matrix
  bool degenerate = false;   // some index with lambda_i = w_i = 0
  long group = -1;           // non-isolated: the subset J (bit mask) it came from
};

struct Enumeration {
  std::vector<SolutionPoint> points;
  long singular_complementary = 0;   // zero principal minors met
  bool column_competent = true;
};

// Section 9.1 (Appendix A). n <= 30.
Enumeration enumerate_solutions(const Matrix &A, const Vector &b, const Tolerances &tol = {});

// A convex set of non-isolated solutions: its extreme points, dimension,
// and whether the extreme points span it (Type II, bounded) or not
// (Type III, unbounded).
struct SolutionSet {
  std::vector<Vector> extreme_points;
  int dimension = 0;
  bool bounded = true;
};

struct Bifurcations {
  std::vector<Vector> type_one;          // distinct isolated solutions
  std::vector<SolutionSet> type_two;     // bounded non-isolated sets
  std::vector<SolutionSet> type_three;   // unbounded non-isolated sets
};

// Section 9.2.
Bifurcations classify_solutions(const Matrix &A, const Vector &b, const Enumeration &all,
                                const Tolerances &tol = {});

// Section 9.4 (Appendix B): true when lambda is not regular (path-sensitive).
bool path_sensitive(const Matrix &A, const Vector &b, const Vector &lambda,
                    double eps = 10 * 2.220446049250313e-16);

// Section 9.6: the non-trivial solutions of LCP(A, 0) found (one per
// singular complementary matrix with a sign-consistent null vector). A is
// R0 iff the list is empty.
std::vector<Vector> non_r0_modes(const Matrix &A, const Tolerances &tol = {});

// Single solution for large problems: Lemke's complementary pivoting with
// the covering vector e. solved = false on ray termination (no solution
// found: the LCP may be infeasible) or when max_pivots is reached.
struct SingleSolution {
  bool solved = false;
  Vector lambda;
  Vector w;
  int pivots = 0;
};
SingleSolution solve_lemke(const Matrix &A, const Vector &b, int max_pivots = 0 /* 0: 50 n */);

// The QP of section 6.3: minimize lambda . (A lambda + b) subject to
// lambda >= 0, A lambda + b >= 0, with the symmetric Hessian A + A^T. Used
// when the LCP has no solution (path-incongruity): the minimizer is the
// least-violating increment. Returns the minimizer found and its objective.
struct QpResult {
  Vector lambda;
  double objective = 0.0;
  bool converged = false;
};
QpResult minimize_complementarity(const Matrix &A, const Vector &b, const Vector &start);

// True when lambda solves LCP(A, b) within tol (scale-aware: relative to
// |A| |lambda| + |b|).
bool is_solution(const Matrix &A, const Vector &b, const Vector &lambda, double tol = 1e-10);

}    // namespace lcp

#endif
