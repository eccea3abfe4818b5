// A small dense linear-programming solver (two-phase simplex) for the LPs
// of the LCP analysis: the S-matrix test (LCP_SPEC.md 7.1), the third
// regularity check of the sensitivity test (9.4), the R0 search over
// multi-dimensional null spaces (9.6), and the steps of the QP of 6.3.
// These LPs have at most a few dozen variables, so a dense tableau is the
// simplest robust choice. Private to the lcp_solver*.cpp files.
#ifndef QUASISTATIC_LCP_LINEAR_PROGRAMMING_H
#define QUASISTATIC_LCP_LINEAR_PROGRAMMING_H

#include "lcp_problem.h"

#include <vector>

namespace lcp {
namespace detail {

enum class RowSense { less_equal, greater_equal, equal };

// minimize cost . x subject to rows(i,:) x  (<=, >=, =)  rhs(i), and
// x_j >= 0 unless free_variable[j] (an empty free_variable means all
// variables are nonnegative).
struct LinearProgram {
  Vector cost;
  Matrix rows;
  Vector rhs;
  std::vector<RowSense> sense;
  std::vector<bool> free_variable;
};

enum class LpStatus { optimal, infeasible, unbounded, iteration_limit };

struct LpResult {
  LpStatus status = LpStatus::infeasible;
  Vector x;
  double objective = 0.0;
};

// Two-phase simplex on a dense tableau. Every row is scaled to a largest
// coefficient of 1 first, so feasibility_tolerance is relative to the size
// of the row coefficients (and to the rhs when the row is all zero).
// Dantzig's pricing, switching to Bland's rule after a run of degenerate
// pivots, so the method cannot cycle.
LpResult solve_linear_program(const LinearProgram &lp, double feasibility_tolerance = 1e-10);

// Convenience: is { x : rows x (sense) rhs, x >= 0 / free } non-empty?
// Returns a feasible point in *point when it is and point is not null.
bool is_feasible(const LinearProgram &lp, Vector *point = nullptr,
                 double feasibility_tolerance = 1e-10);

}    // namespace detail
}    // namespace lcp

#endif
