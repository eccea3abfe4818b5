// Single-solution methods for LCP(A, b) when enumeration is too costly:
// Lemke's complementary pivoting (LCP_SPEC.md 6.3, "a Lemke pivot on
// LCP(A,b) is a valid single-solution alternative"), the QP of 6.3 for the
// least-violating point when there is no solution, and the scale-aware
// solution test.
#include "lcp_solver.h"

#include "lcp_linear_programming.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace lcp {

namespace {

double entry_scale(const Matrix &A)
{
  return A.size() ? A.cwiseAbs().maxCoeff() : 0.0;
}

// Lemke's tableau for  w - A z - d z0 = b  with the rows scaled by
// 1/max(|A_i.|, |b_i|) (so the covering vector d is positive but not e:
// scaling a row of the LCP by a positive factor changes neither its
// solutions nor the method's path up to that factor).
// Columns: w (0..n-1), z (n..2n-1), z0 (2n), right-hand side (2n+1).
struct LemkeTableau {
  int n = 0;
  Matrix t;
  std::vector<int> basis;    // basic variable of each row

  int z0() const { return 2 * n; }
  int rhs() const { return 2 * n + 1; }

  void pivot(int row, int col)
  {
    const double p = t(row, col);
    t.row(row) /= p;
    t(row, col) = 1.0;
    for (int i = 0; i < n; ++i) {
      if (i == row) continue;
      const double f = t(i, col);
      if (f == 0.0) continue;
      t.row(i) -= f * t.row(row);
      t(i, col) = 0.0;
    }
    basis[static_cast<size_t>(row)] = col;
  }

  // Lexicographic minimum-ratio rule: among the rows tied at the minimum
  // ratio rhs_i / t(i,col), compare the rows of B^-1 (the w columns, which
  // started as the identity) divided by t(i,col). This makes every basis
  // distinct and so prevents cycling on degenerate problems. A tie that
  // includes the z0 row is resolved in its favour (it ends the method).
  int leaving_row(int col) const
  {
    const double colmax = t.col(col).cwiseAbs().maxCoeff();
    const double ptol = std::max(1e-11 * colmax, 1e-300);
    std::vector<int> cand;
    double rmin = std::numeric_limits<double>::infinity();
    for (int i = 0; i < n; ++i)
      if (t(i, col) > ptol) {
        cand.push_back(i);
        rmin = std::min(rmin, std::max(t(i, rhs()), 0.0) / t(i, col));
      }
    if (cand.empty()) return -1;
    const double tie = 1e-12 * std::max(rmin, 0.0) + 1e-15;
    std::vector<int> tied;
    for (int i : cand)
      if (std::max(t(i, rhs()), 0.0) / t(i, col) <= rmin + tie) tied.push_back(i);
    for (int i : tied)
      if (basis[static_cast<size_t>(i)] == z0()) return i;
    for (int c = 0; c < n && tied.size() > 1; ++c) {
      double best = std::numeric_limits<double>::infinity();
      for (int i : tied) best = std::min(best, t(i, c) / t(i, col));
      const double ctie = 1e-12 * std::abs(best) + 1e-15;
      std::vector<int> keep;
      for (int i : tied)
        if (t(i, c) / t(i, col) <= best + ctie) keep.push_back(i);
      tied.swap(keep);
    }
    return tied.front();
  }
};

}    // namespace

bool is_solution(const Matrix &A, const Vector &b, const Vector &lambda, double tol)
{
  if (A.rows() != A.cols() || b.size() != A.rows() || lambda.size() != A.rows()) return false;
  if (A.rows() == 0) return true;
  if (!lambda.allFinite()) return false;
  const Vector w = A * lambda + b;
  // Scale: the largest entry of |A| |lambda| + |b| (the size of the terms
  // that make up w) and |lambda|_inf.
  const double w_scale = (A.cwiseAbs() * lambda.cwiseAbs() + b.cwiseAbs()).maxCoeff();
  const double lambda_scale = lambda.cwiseAbs().maxCoeff();
  for (Eigen::Index i = 0; i < lambda.size(); ++i) {
    if (lambda[i] < -tol * lambda_scale) return false;
    if (w[i] < -tol * w_scale) return false;
    if (std::abs(lambda[i]) * std::abs(w[i]) > tol * lambda_scale * w_scale) return false;
  }
  return true;
}

SingleSolution solve_lemke(const Matrix &A, const Vector &b, int max_pivots)
{
  if (A.rows() != A.cols() || b.size() != A.rows())
    throw std::invalid_argument("solve_lemke: A must be square and b of matching size");
  const int n = static_cast<int>(A.rows());
  SingleSolution out;
  out.lambda = Vector::Zero(n);
  if (n == 0 || b.minCoeff() >= 0.0) {    // lambda = 0 solves it
    out.solved = true;
    out.w = b;
    return out;
  }
  if (max_pivots <= 0) max_pivots = 50 * n;

  LemkeTableau tab;
  tab.n = n;
  tab.t = Matrix::Zero(n, 2 * n + 2);
  tab.basis.resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    const double big = std::max(A.row(i).cwiseAbs().maxCoeff(), std::abs(b[i]));
    const double d = big > 0.0 ? 1.0 / big : 1.0;
    tab.t(i, i) = 1.0;
    tab.t.block(i, n, 1, n) = -d * A.row(i);
    tab.t(i, tab.z0()) = -d;
    tab.t(i, tab.rhs()) = d * b[i];
    tab.basis[static_cast<size_t>(i)] = i;
  }
  // First pivot: z0 enters at the level that makes every w nonnegative; the
  // row of the most negative b_i / d_i leaves (ties: lexicographic, which
  // for the identity basis is the largest row index).
  int row = 0;
  for (int i = 1; i < n; ++i)
    if (tab.t(i, tab.rhs()) / -tab.t(i, tab.z0()) <= tab.t(row, tab.rhs()) / -tab.t(row, tab.z0())) row = i;
  int leaving = tab.basis[static_cast<size_t>(row)];
  tab.pivot(row, tab.z0());
  out.pivots = 1;

  bool done = false;
  while (out.pivots < max_pivots) {
    // Complementary rule: the complement of the variable that just left.
    const int entering = leaving < n ? leaving + n : leaving - n;
    row = tab.leaving_row(entering);
    if (row < 0) break;    // ray termination
    leaving = tab.basis[static_cast<size_t>(row)];
    tab.pivot(row, entering);
    ++out.pivots;
    if (leaving == tab.z0()) {
      done = true;
      break;
    }
  }

  Vector z = Vector::Zero(n);
  std::vector<int> J;
  for (int i = 0; i < n; ++i) {
    const int v = tab.basis[static_cast<size_t>(i)];
    if (v >= n && v < 2 * n) {
      z[v - n] = std::max(tab.t(i, tab.rhs()), 0.0);
      J.push_back(v - n);
    }
  }
  out.lambda = z;
  out.w = A * z + b;
  if (!done) return out;
  // Polish: re-solve A[J,J] lambda_J = -b_J for the final basic set, which
  // removes the rounding accumulated over the pivots when it is well posed.
  if (!J.empty()) {
    const int k = static_cast<int>(J.size());
    Matrix M(k, k);
    Vector rhs(k);
    for (int x = 0; x < k; ++x) {
      rhs[x] = -b[J[static_cast<size_t>(x)]];
      for (int y = 0; y < k; ++y) M(x, y) = A(J[static_cast<size_t>(x)], J[static_cast<size_t>(y)]);
    }
    Eigen::PartialPivLU<Matrix> lu(M);
    if (lu.rcond() > 1e-12) {
      const Vector y = lu.solve(rhs);
      Vector polished = Vector::Zero(n);
      for (int x = 0; x < k; ++x) polished[J[static_cast<size_t>(x)]] = std::max(y[x], 0.0);
      if (is_solution(A, b, polished, 1e-10)) {
        out.lambda = polished;
        out.w = A * polished + b;
      }
    }
  }
  out.solved = true;
  return out;
}

namespace {

double complementarity(const Matrix &A, const Vector &b, const Vector &lambda)
{
  return lambda.dot(A * lambda + b);
}

// L1-nearest point of { lambda >= 0, A lambda + b >= 0 } to x (an LP in
// lambda and t >= |lambda - x|). False when the set is empty.
bool project_to_feasible(const Matrix &A, const Vector &b, const Vector &x, Vector &out)
{
  const Eigen::Index n = A.rows();
  detail::LinearProgram lp;
  lp.cost = Vector::Zero(2 * n);
  lp.cost.tail(n).setOnes();
  lp.rows = Matrix::Zero(3 * n, 2 * n);
  lp.rhs = Vector::Zero(3 * n);
  lp.sense.assign(static_cast<size_t>(3 * n), detail::RowSense::greater_equal);
  lp.rows.topLeftCorner(n, n) = A;    // A lambda >= -b
  lp.rhs.head(n) = -b;
  lp.rows.block(n, 0, n, n) = Matrix::Identity(n, n);    // lambda + t >= x
  lp.rows.block(n, n, n, n) = Matrix::Identity(n, n);
  lp.rhs.segment(n, n) = x;
  lp.rows.block(2 * n, 0, n, n) = -Matrix::Identity(n, n);    // t - lambda >= -x
  lp.rows.block(2 * n, n, n, n) = Matrix::Identity(n, n);
  lp.rhs.tail(n) = -x;
  const detail::LpResult r = detail::solve_linear_program(lp);
  if (r.status != detail::LpStatus::optimal) return false;
  out = r.x.head(n);
  return true;
}

// Sequential linear programming with a trust region and an exact line
// search on the quadratic: each step minimizes the linearization
// g . d (g = (A + A^T) lambda + b, the gradient with the symmetric Hessian
// of 6.3) over the feasible set intersected with |d|_inf <= radius, then
// minimizes phi along d. Every iterate stays feasible (the set is convex);
// the method stops at a stationary (KKT) point, which is what a local QP
// method gives for this generally non-convex problem.
QpResult sequential_lp(const Matrix &A, const Vector &b, Vector lambda)
{
  const Eigen::Index n = A.rows();
  const double a = entry_scale(A);
  const double b_inf = b.cwiseAbs().maxCoeff();
  QpResult out;
  double radius = std::max(lambda.cwiseAbs().maxCoeff(), a > 0.0 ? b_inf / a : 1.0);
  if (!(radius > 0.0)) radius = 1.0;
  const int max_iterations = 200 + 20 * static_cast<int>(n);
  double phi = complementarity(A, b, lambda);
  const Matrix H = A + A.transpose();
  for (int it = 0; it < max_iterations; ++it) {
    const double lambda_inf = lambda.cwiseAbs().maxCoeff();
    const double w_unit = std::max(b_inf, a * std::max(lambda_inf, radius));
    const double phi_unit = a > 0.0 ? w_unit * w_unit / a : w_unit * std::max(lambda_inf, radius);
    if (phi <= 1e-14 * phi_unit) {    // a solution of the LCP: phi = 0
      out.converged = true;
      break;
    }
    const Vector w = A * lambda + b;
    const Vector g = H * lambda + b;
    // d = l + u with u >= 0, l_j = max(-radius, -lambda_j), u_j <= radius - l_j.
    Vector l(n);
    for (Eigen::Index j = 0; j < n; ++j) l[j] = std::max(-radius, -lambda[j]);
    detail::LinearProgram lp;
    lp.cost = g;
    lp.rows.resize(2 * n, n);
    lp.rows.topRows(n) = A;
    lp.rows.bottomRows(n) = Matrix::Identity(n, n);
    lp.rhs.resize(2 * n);
    lp.rhs.head(n) = -(w + A * l);
    lp.rhs.tail(n) = Vector::Constant(n, radius) - l;
    lp.sense.assign(static_cast<size_t>(n), detail::RowSense::greater_equal);
    lp.sense.resize(static_cast<size_t>(2 * n), detail::RowSense::less_equal);
    const detail::LpResult r = detail::solve_linear_program(lp);
    if (r.status != detail::LpStatus::optimal) break;
    const Vector d = l + r.x;
    const double predicted = -g.dot(d);
    if (predicted <= 1e-12 * phi_unit) {    // no descent direction: stationary
      out.converged = true;
      break;
    }
    const double curvature = d.dot(A * d);
    const double step = curvature > 0.0 ? std::min(1.0, predicted / (2.0 * curvature)) : 1.0;
    Vector next = (lambda + step * d).cwiseMax(0.0);
    const double phi_next = complementarity(A, b, next);
    if (!(phi_next < phi)) {
      radius *= 0.25;
      if (radius <= 1e-14 * std::max(lambda_inf, 1e-300)) {
        out.converged = true;
        break;
      }
      continue;
    }
    lambda = next;
    phi = phi_next;
    if (step >= 1.0 && (d.cwiseAbs().maxCoeff() >= 0.99 * radius))
      radius *= 2.0;
    else if (step < 0.5)
      radius = std::max(0.5 * radius, step * d.cwiseAbs().maxCoeff());
  }
  out.lambda = lambda;
  out.objective = std::max(phi, 0.0);
  return out;
}

}    // namespace

QpResult minimize_complementarity(const Matrix &A, const Vector &b, const Vector &start)
{
  if (A.rows() != A.cols() || b.size() != A.rows())
    throw std::invalid_argument("minimize_complementarity: A must be square and b of matching size");
  const Eigen::Index n = A.rows();
  QpResult best;
  if (n == 0) {
    best.converged = true;
    best.lambda = Vector();
    return best;
  }
  const Vector x0 = start.size() == n ? start : Vector::Zero(n);
  Vector feasible;
  if (!project_to_feasible(A, b, x0, feasible)) {
    // No lambda >= 0 with A lambda + b >= 0: the QP itself is infeasible.
    // Return the point of least total violation sum max(0, -w_i) and an
    // infinite objective (no feasible point has a finite one).
    detail::LinearProgram lp;
    lp.cost = Vector::Zero(2 * n);
    lp.cost.tail(n).setOnes();
    lp.rows.resize(n, 2 * n);
    lp.rows.leftCols(n) = A;
    lp.rows.rightCols(n) = Matrix::Identity(n, n);
    lp.rhs = -b;
    lp.sense.assign(static_cast<size_t>(n), detail::RowSense::greater_equal);
    const detail::LpResult r = detail::solve_linear_program(lp);
    best.lambda = r.status == detail::LpStatus::optimal ? Vector(r.x.head(n)) : Vector::Zero(n);
    best.objective = std::numeric_limits<double>::infinity();
    best.converged = false;
    return best;
  }
  best = sequential_lp(A, b, feasible);
  // A second start from the feasible point nearest to 0 (the QP is
  // non-convex: a second local minimum is cheap insurance).
  Vector other;
  if (project_to_feasible(A, b, Vector::Zero(n), other) && (other - feasible).norm() > 0.0) {
    const QpResult second = sequential_lp(A, b, other);
    if (second.objective < best.objective) best = second;
  }
  return best;
}

}    // namespace lcp
