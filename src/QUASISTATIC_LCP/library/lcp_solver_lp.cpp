// Dense two-phase simplex for the small LPs of the LCP analysis (see
// lcp_linear_programming.h). Textbook method: standard form with slack and
// artificial columns, phase 1 minimizes the sum of the artificials, phase 2
// the given cost with the artificials barred from the basis.
#include "lcp_linear_programming.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lcp {
namespace detail {

namespace {

// Entries of the tableau below this are treated as zero when they would be
// a pivot. Rows are scaled to a largest coefficient of 1, so this is
// relative to the data.
constexpr double kPivotTolerance = 1e-11;
// A reduced cost must be below -kPricingTolerance (relative to the largest
// cost) for its column to enter.
constexpr double kPricingTolerance = 1e-11;
// After this many consecutive degenerate pivots, Bland's rule takes over
// for good (it cannot cycle).
constexpr int kDegenerateRunBeforeBland = 50;

struct Tableau {
  Matrix t;                  // m x (columns + 1); last column: basic values
  std::vector<int> basis;    // basic column of each row
  Vector reduced;            // reduced costs of the columns, size columns
  double objective = 0.0;    // cost of the current basic solution
  int columns = 0;
};

void pivot(Tableau &tab, int row, int col)
{
  const Eigen::Index width = tab.t.cols();
  const double p = tab.t(row, col);
  tab.t.row(row) /= p;
  tab.t(row, col) = 1.0;
  for (Eigen::Index i = 0; i < tab.t.rows(); ++i) {
    if (i == row) continue;
    const double f = tab.t(i, col);
    if (f == 0.0) continue;
    tab.t.row(i) -= f * tab.t.row(row);
    tab.t(i, col) = 0.0;
  }
  const double f = tab.reduced[col];
  if (f != 0.0) {
    tab.reduced -= f * tab.t.row(row).head(tab.columns).transpose();
    tab.objective += f * tab.t(row, width - 1);
    tab.reduced[col] = 0.0;
  }
  tab.basis[static_cast<size_t>(row)] = col;
}

// Reduced costs c_j - c_B B^-1 a_j of the current tableau for the cost c.
void price(Tableau &tab, const Vector &cost)
{
  const Eigen::Index width = tab.t.cols();
  tab.reduced = cost;
  tab.objective = 0.0;
  for (Eigen::Index i = 0; i < tab.t.rows(); ++i) {
    const double cb = cost[tab.basis[static_cast<size_t>(i)]];
    if (cb == 0.0) continue;
    tab.reduced -= cb * tab.t.row(i).head(tab.columns).transpose();
    tab.objective += cb * tab.t(i, width - 1);
  }
}

// Primal simplex iterations on columns allowed[j]. Returns optimal,
// unbounded or iteration_limit.
LpStatus iterate(Tableau &tab, const std::vector<bool> &allowed, double cost_scale)
{
  const Eigen::Index m = tab.t.rows();
  const Eigen::Index rhs = tab.t.cols() - 1;
  const double enter_tol = kPricingTolerance * std::max(cost_scale, 1e-300);
  const long limit = 200L * (m + tab.columns) + 1000;
  bool bland = false;
  int degenerate_run = 0;
  for (long iter = 0; iter < limit; ++iter) {
    int enter = -1;
    double best = -enter_tol;
    for (int j = 0; j < tab.columns; ++j) {
      if (!allowed[static_cast<size_t>(j)]) continue;
      if (tab.reduced[j] < best) {
        enter = j;
        if (bland) break;    // Bland: the first improving column
        best = tab.reduced[j];
      }
    }
    if (enter < 0) return LpStatus::optimal;
    int leave = -1;
    double ratio = 0.0;
    for (Eigen::Index i = 0; i < m; ++i) {
      const double a = tab.t(i, enter);
      if (a <= kPivotTolerance) continue;
      const double r = std::max(tab.t(i, rhs), 0.0) / a;
      // Ties go to the smallest basic column (Bland's leaving rule).
      if (leave < 0 || r < ratio - 1e-14 * std::max(1.0, ratio) ||
          (r <= ratio + 1e-14 * std::max(1.0, ratio) &&
           tab.basis[static_cast<size_t>(i)] < tab.basis[static_cast<size_t>(leave)])) {
        leave = static_cast<int>(i);
        ratio = r;
      }
    }
    if (leave < 0) return LpStatus::unbounded;
    degenerate_run = (ratio <= 1e-14) ? degenerate_run + 1 : 0;
    if (degenerate_run > kDegenerateRunBeforeBland) bland = true;
    pivot(tab, leave, enter);
  }
  return LpStatus::iteration_limit;
}

}    // namespace

LpResult solve_linear_program(const LinearProgram &lp, double feasibility_tolerance)
{
  LpResult result;
  const Eigen::Index nvar = lp.rows.cols();
  const Vector cost = lp.cost.size() == nvar ? lp.cost : Vector::Zero(nvar);
  const Eigen::Index nrow = lp.rows.rows();

  // Standard-form structural columns: a free variable is x+ - x-.
  std::vector<int> first_column(static_cast<size_t>(nvar));
  int structural = 0;
  for (Eigen::Index j = 0; j < nvar; ++j) {
    first_column[static_cast<size_t>(j)] = structural;
    const bool is_free = !lp.free_variable.empty() && lp.free_variable[static_cast<size_t>(j)];
    structural += is_free ? 2 : 1;
  }
  auto expand_row = [&](Eigen::Index i) {
    Vector r = Vector::Zero(structural);
    for (Eigen::Index j = 0; j < nvar; ++j) {
      const int c = first_column[static_cast<size_t>(j)];
      r[c] = lp.rows(i, j);
      const bool is_free = !lp.free_variable.empty() && lp.free_variable[static_cast<size_t>(j)];
      if (is_free) r[c + 1] = -lp.rows(i, j);
    }
    return r;
  };

  // Scale every row to a largest coefficient of 1 and make its rhs >= 0.
  std::vector<Vector> rows;
  std::vector<double> rhs;
  std::vector<RowSense> sense;
  double rhs_scale = 0.0;
  for (Eigen::Index i = 0; i < nrow; ++i) {
    Vector r = expand_row(i);
    double b = lp.rhs[i];
    RowSense s = lp.sense[static_cast<size_t>(i)];
    const double big = r.size() ? r.cwiseAbs().maxCoeff() : 0.0;
    if (big == 0.0) {
      // 0 (sense) b: no variable involved, a bare feasibility statement.
      const double tol = feasibility_tolerance * std::max(1.0, std::abs(b));
      const bool ok = (s == RowSense::less_equal)      ? (0.0 <= b + tol)
                      : (s == RowSense::greater_equal) ? (0.0 >= b - tol)
                                                       : (std::abs(b) <= tol);
      if (!ok) {
        result.status = LpStatus::infeasible;
        return result;
      }
      continue;
    }
    r /= big;
    b /= big;
    if (b < 0.0) {
      r = -r;
      b = -b;
      if (s == RowSense::less_equal)
        s = RowSense::greater_equal;
      else if (s == RowSense::greater_equal)
        s = RowSense::less_equal;
    }
    rhs_scale = std::max(rhs_scale, b);
    rows.push_back(r);
    rhs.push_back(b);
    sense.push_back(s);
  }
  const int m = static_cast<int>(rows.size());
  int slacks = 0, artificials = 0;
  for (RowSense s : sense) {
    if (s != RowSense::equal) ++slacks;
    if (s != RowSense::less_equal) ++artificials;
  }
  Tableau tab;
  tab.columns = structural + slacks + artificials;
  tab.t = Matrix::Zero(m, tab.columns + 1);
  tab.basis.assign(static_cast<size_t>(m), -1);
  int next_slack = structural, next_art = structural + slacks;
  for (int i = 0; i < m; ++i) {
    tab.t.row(i).head(structural) = rows[static_cast<size_t>(i)].transpose();
    tab.t(i, tab.columns) = rhs[static_cast<size_t>(i)];
    const RowSense s = sense[static_cast<size_t>(i)];
    if (s == RowSense::less_equal) {
      tab.t(i, next_slack) = 1.0;
      tab.basis[static_cast<size_t>(i)] = next_slack++;
    } else {
      if (s == RowSense::greater_equal) tab.t(i, next_slack++) = -1.0;
      tab.t(i, next_art) = 1.0;
      tab.basis[static_cast<size_t>(i)] = next_art++;
    }
  }
  const int first_artificial = structural + slacks;

  // Phase 1: minimize the sum of the artificials.
  std::vector<bool> allowed(static_cast<size_t>(tab.columns), true);
  if (artificials > 0) {
    Vector cost1 = Vector::Zero(tab.columns);
    cost1.tail(artificials).setOnes();
    price(tab, cost1);
    const LpStatus s1 = iterate(tab, allowed, 1.0);
    if (s1 == LpStatus::iteration_limit) {
      result.status = s1;
      return result;
    }
    if (tab.objective > feasibility_tolerance * (1.0 + rhs_scale) * std::max(1, m)) {
      result.status = LpStatus::infeasible;
      return result;
    }
    // Drive the artificials left in the basis (at value ~0) out of it; a
    // row with no other nonzero entry is redundant and keeps its
    // artificial at zero.
    for (int i = 0; i < m; ++i) {
      if (tab.basis[static_cast<size_t>(i)] < first_artificial) continue;
      int best = -1;
      double big = kPivotTolerance;
      for (int j = 0; j < first_artificial; ++j)
        if (std::abs(tab.t(i, j)) > big) {
          big = std::abs(tab.t(i, j));
          best = j;
        }
      if (best >= 0) pivot(tab, i, best);
    }
    for (int j = first_artificial; j < tab.columns; ++j) allowed[static_cast<size_t>(j)] = false;
  }

  // Phase 2: the given cost on the structural columns.
  Vector cost2 = Vector::Zero(tab.columns);
  for (Eigen::Index j = 0; j < nvar; ++j) {
    const int c = first_column[static_cast<size_t>(j)];
    cost2[c] = cost[j];
    const bool is_free = !lp.free_variable.empty() && lp.free_variable[static_cast<size_t>(j)];
    if (is_free) cost2[c + 1] = -cost[j];
  }
  price(tab, cost2);
  const double cost_scale = nvar > 0 ? cost.cwiseAbs().maxCoeff() : 0.0;
  const LpStatus s2 = cost_scale > 0.0 ? iterate(tab, allowed, cost_scale) : LpStatus::optimal;

  Vector xs = Vector::Zero(tab.columns);
  for (int i = 0; i < m; ++i)
    xs[tab.basis[static_cast<size_t>(i)]] = std::max(tab.t(i, tab.columns), 0.0);
  result.x.resize(nvar);
  for (Eigen::Index j = 0; j < nvar; ++j) {
    const int c = first_column[static_cast<size_t>(j)];
    const bool is_free = !lp.free_variable.empty() && lp.free_variable[static_cast<size_t>(j)];
    result.x[j] = is_free ? xs[c] - xs[c + 1] : xs[c];
  }
  result.objective = nvar > 0 ? cost.dot(result.x) : 0.0;
  result.status = s2;
  return result;
}

bool is_feasible(const LinearProgram &lp, Vector *point, double feasibility_tolerance)
{
  LinearProgram feasibility = lp;
  feasibility.cost = Vector::Zero(lp.rows.cols());
  const LpResult r = solve_linear_program(feasibility, feasibility_tolerance);
  if (r.status != LpStatus::optimal) return false;
  if (point) *point = r.x;
  return true;
}

}    // namespace detail
}    // namespace lcp
