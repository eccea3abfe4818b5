// LCP(A, b) analysis that depends on A and b only: matrix classes
// (LCP_SPEC.md 7.1, 9.7), enumeration of all solutions (9.1), their
// classification into bifurcation types (9.2), path-sensitivity (9.4) and
// the R0 test (9.6). Lemke's method, the QP of 6.3 and is_solution are in
// lcp_solver_single.cpp, the dense LP in lcp_solver_lp.cpp.
//
// Tolerances. The reference code uses EPS1 = 1e-11 relative (rcond, and
// EPS1 * sigma_max(A) for ranks) and EPS2 = 10 eps absolute (signs,
// complementarity). LCP_SPEC.md 11 asks for scale-aware tests, so every
// absolute EPS2 test here is made relative: a value of w is compared with
// EPS2 * w_unit and a value of lambda with EPS2 * lambda_unit (PointScale
// below: w_unit = n max(|b|_inf, | |A||lambda| |_inf), the rounding scale
// of an n-term sum, and lambda_unit = w_unit / max|A_ij|). Scaling A
// and/or b by any positive factor leaves every decision unchanged
// (solutions are positively homogeneous in b, and LCP(cA, b) has the
// solutions lambda / c of LCP(A, b)).
#include "lcp_solver.h"

#include "lcp_linear_programming.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace lcp {

namespace {

using Mask = std::uint64_t;    // subset of {0..n-1}, bit i = index i
constexpr int kMaxEnumerated = 30;

// Largest |A_ij|: the unit in which lambda converts to w (see the file
// comment). Zero only for the zero matrix.
double entry_scale(const Matrix &A)
{
  return A.size() ? A.cwiseAbs().maxCoeff() : 0.0;
}

double largest_singular_value(const Matrix &A)
{
  if (A.size() == 0) return 0.0;
  Eigen::JacobiSVD<Matrix> svd(A);
  return svd.singularValues()[0];
}

// Scale-aware units of one point (lambda, w) of LCP(A, b). w_i is a sum of
// n terms A_ij lambda_j and b_i, so its rounding error is about n eps times
// the size of those terms: w_unit = n max(|b|_inf, | |A| |lambda| |_inf).
// A value of lambda converts to w through A, so lambda_unit = w_unit / a.
// EPS2 = 10 eps per unit then plays the part of the reference's absolute
// EPS2 for data of unit size, and every decision is invariant under
// scaling A or b. (Example 2 of LCP_SPEC.md 10.2, with |b| ~ 1e-5 and
// |A| ~ 0.1, needs the factor n: its rounding in w reaches ~1e-14 of the
// terms, and the Type I/II counts there stay the same for thresholds over
// six decades around this choice.)
struct PointScale {
  double lambda_unit = 0.0;
  double w_unit = 0.0;
};

PointScale point_scale(double a, double b_inf, double terms_inf, Eigen::Index n)
{
  PointScale s;
  const double count = static_cast<double>(std::max<Eigen::Index>(n, 1));
  s.w_unit = count * std::max(b_inf, terms_inf);
  s.lambda_unit = a > 0.0 ? s.w_unit / a : 0.0;
  return s;
}

// The reference's EPS2 (10 eps) is absolute. On its own data (entries of
// A ~ 0.01-0.1, |b| ~ 1e-5, n = 16: LCP_SPEC.md 10.2) that is about 1e3
// times 10 eps relative to the units above, and the data carry more
// rounding than one n-term sum (A itself comes out of a pseudo-inverse):
// Example 2's Type I/II and path-sensitive counts come out right for
// factors from ~10 to beyond 1e6 here and wrong below ~3. Every EPS2 test
// (signs, complementarity, residuals, sign-consistent null vectors) is
// therefore made with EPS2 * kSignSafety relative to its unit; with
// n = 16 that is a relative tolerance of ~3.5e-11, still far below any
// meaningful slip rate. EPS1 tests (index types, same point) use the
// units as they are.
constexpr double kSignSafety = 1e3;

// | |A| |lambda| |_inf: the size of the terms that make up w.
double term_size(const Matrix &A, const Vector &lambda)
{
  return A.size() ? (A.cwiseAbs() * lambda.cwiseAbs()).maxCoeff() : 0.0;
}

// Index type of LCP_SPEC.md 9.2 (and the partition I1, I2, I3 of 6.2):
// 1 = (lambda ~ 0, w > 0), 2 = (lambda > 0, w ~ 0), 3 = (both ~ 0), 0 =
// (both positive: not complementary).
int index_type(double lambda, double w, double lambda_tol, double w_tol)
{
  if (lambda <= lambda_tol) return w > w_tol ? 1 : 3;
  return w <= w_tol ? 2 : 0;
}

std::string type_pattern(const Vector &lambda, const Vector &w, const PointScale &s, double eps)
{
  std::string p(static_cast<size_t>(lambda.size()), '0');
  for (Eigen::Index i = 0; i < lambda.size(); ++i)
    p[static_cast<size_t>(i)] =
        static_cast<char>('0' + index_type(lambda[i], w[i], eps * s.lambda_unit, eps * s.w_unit));
  return p;
}

// Numerical rank with the absolute threshold tol (EPS1 * sigma_max(A)).
int numerical_rank(const Matrix &M, double tol)
{
  if (M.size() == 0) return 0;
  Eigen::JacobiSVD<Matrix> svd(M);
  const Vector &sv = svd.singularValues();
  int r = 0;
  for (Eigen::Index i = 0; i < sv.size(); ++i)
    if (sv[i] > tol) ++r;
  return r;
}

// Reciprocal 1-norm condition number 1 / (|M|_1 |M^-1|_1) from the LU
// factors, with the inverse formed explicitly (k^3 flops, k <= 30). The
// usual O(k^2) estimator is not enough here: on Example 2 (LCP_SPEC.md
// 10.2) it rates two exactly singular 7x7 minors (sigma_min / sigma_max
// ~ 8e-16) at 3e-11, above EPS1, where the singular count must be 44,800.
// Returns 0 for a zero pivot (NaN or infinite inverse).
double exact_rcond(const Matrix &M, const Eigen::PartialPivLU<Matrix> &lu)
{
  if (M.rows() == 0) return 1.0;
  const double norm = M.cwiseAbs().colwise().sum().maxCoeff();
  if (!(norm > 0.0)) return 0.0;
  const double inverse_norm = lu.inverse().cwiseAbs().colwise().sum().maxCoeff();
  if (!std::isfinite(inverse_norm) || !(inverse_norm > 0.0)) return 0.0;
  return 1.0 / (norm * inverse_norm);
}

// Per-thread buffers for principal minors A[J,J], reused across subsets
// (one matrix and one LU per size, so no allocation in the subset loop).
struct MinorWorkspace {
  std::vector<int> index;    // the members of J, ascending
  std::vector<Matrix> minor;
  std::vector<Eigen::PartialPivLU<Matrix>> lu;

  explicit MinorWorkspace(int n = 0) : minor(static_cast<size_t>(n) + 1), lu(static_cast<size_t>(n) + 1)
  {
    index.reserve(static_cast<size_t>(n));
    for (int k = 0; k <= n; ++k) minor[static_cast<size_t>(k)].resize(k, k);
  }

  // Loads J, forms A[J,J] and factors it. Returns |J|.
  int load(const Matrix &A, Mask J)
  {
    index.clear();
    for (int i = 0; J >> i; ++i)
      if ((J >> i) & 1U) index.push_back(i);
    const int k = static_cast<int>(index.size());
    Matrix &m = minor[static_cast<size_t>(k)];
    for (int c = 0; c < k; ++c)
      for (int r = 0; r < k; ++r) m(r, c) = A(index[static_cast<size_t>(r)], index[static_cast<size_t>(c)]);
    if (k > 0) lu[static_cast<size_t>(k)].compute(m);
    return k;
  }

  const Matrix &current_minor() const { return minor[index.size()]; }
  const Eigen::PartialPivLU<Matrix> &current_lu() const { return lu[index.size()]; }

  // LCP_SPEC.md 7.1 / 9.1: A[J,J] (equivalently E_J, det E_J = +-det A[J,J])
  // counts as singular when its reciprocal condition number is below tol.
  // rcond of A[J,J] is invariant under scaling of A, unlike the
  // reference's rcond of E_J, which mixes columns of A with columns of the
  // identity.
  bool singular(double tol) const
  {
    if (index.empty()) return false;
    return !(exact_rcond(current_minor(), current_lu()) >= tol);
  }
};

// Runs work(J, state) for every J in [first, total) with one State per
// thread, then merge(state) for the states in thread order. Parallel over
// J with OpenMP when the build enables it (LCP_SPEC.md 12: the enumeration
// is embarrassingly parallel), serial otherwise.
template <class State, class MakeState, class Work, class Merge>
void for_each_subset(Mask first, Mask total, MakeState make_state, Work work, Merge merge)
{
#ifdef _OPENMP
  const int threads = total - first > 4096 ? omp_get_max_threads() : 1;
  std::vector<State> states;
  states.reserve(static_cast<size_t>(threads));
  for (int t = 0; t < threads; ++t) states.push_back(make_state());
#pragma omp parallel num_threads(threads)
  {
    State &state = states[static_cast<size_t>(omp_get_thread_num())];
#pragma omp for schedule(dynamic, 256)
    for (long long J = static_cast<long long>(first); J < static_cast<long long>(total); ++J)
      work(static_cast<Mask>(J), state);
  }
  for (State &s : states) merge(s);
#else
  State state = make_state();
  for (Mask J = first; J < total; ++J) work(J, state);
  merge(state);
#endif
}

void check_problem(const Matrix &A, const Vector *b, const char *who)
{
  if (A.rows() != A.cols()) throw std::invalid_argument(std::string(who) + ": A must be square");
  if (b && b->size() != A.rows())
    throw std::invalid_argument(std::string(who) + ": b must have as many entries as A has rows");
}

void check_enumerable(const Matrix &A, const char *who)
{
  if (A.rows() > kMaxEnumerated)
    throw std::invalid_argument(std::string(who) + ": enumeration needs n <= 30 (2^n subsets)");
}

// Everything the enumeration of LCP_SPEC.md 9.1 needs about the data.
struct EnumerationContext {
  const Matrix &A;
  const Vector &b;
  Tolerances tol;
  int n = 0;
  double a = 0.0;            // max |A_ij|
  double b_inf = 0.0;        // |b|_inf
  double b_two = 0.0;        // |b|_2
  double sigma_max = 0.0;    // largest singular value of A
  double rank_tol = 0.0;     // EPS1 * sigma_max: threshold for numerical ranks

  EnumerationContext(const Matrix &A_, const Vector &b_, const Tolerances &t) : A(A_), b(b_), tol(t)
  {
    n = static_cast<int>(A.rows());
    a = entry_scale(A);
    b_inf = n ? b.cwiseAbs().maxCoeff() : 0.0;
    b_two = b.norm();
    sigma_max = largest_singular_value(A);
    rank_tol = tol.rank * sigma_max;
  }
};

// Found by one thread: points tagged with the subset J that produced them.
struct EnumerationState {
  MinorWorkspace work;
  std::vector<std::pair<Mask, SolutionPoint>> points;
  long singular = 0;
  bool competent = true;
  explicit EnumerationState(int n) : work(n) {}
};

// Same point of the solution space: L1 distance below the relative
// tolerance of 9.2 (EPS1), times n for the rounding of n-term sums.
bool same_point(const Vector &x, const Vector &y, double tol, double lambda_unit)
{
  const double scale = std::max({x.lpNorm<1>(), y.lpNorm<1>(), lambda_unit});
  return (x - y).lpNorm<1>() <= tol * static_cast<double>(std::max<Eigen::Index>(x.size(), 1)) * scale;
}

// The nonsingular branch of 9.1: y = E_J^-1 b, i.e. lambda_J = -A[J,J]^-1 b_J
// and w_{J^c} = b_{J^c} + A[J^c,J] lambda_J.
void enumerate_nonsingular(const EnumerationContext &ctx, Mask J, EnumerationState &st)
{
  const std::vector<int> &idx = st.work.index;
  const int k = static_cast<int>(idx.size());
  Vector lambda = Vector::Zero(ctx.n);
  if (k > 0) {
    Vector rhs(k);
    for (int r = 0; r < k; ++r) rhs[r] = -ctx.b[idx[static_cast<size_t>(r)]];
    const Vector y = st.work.current_lu().solve(rhs);
    for (int r = 0; r < k; ++r) lambda[idx[static_cast<size_t>(r)]] = y[r];
  }
  double terms = 0.0;
  for (int i = 0; i < ctx.n; ++i) {
    double t = 0.0;
    for (int r = 0; r < k; ++r) t += std::abs(ctx.A(i, idx[static_cast<size_t>(r)]) * lambda[idx[static_cast<size_t>(r)]]);
    terms = std::max(terms, t);
  }
  const PointScale s = point_scale(ctx.a, ctx.b_inf, terms, ctx.n);
  const double lt = ctx.tol.zero * kSignSafety * s.lambda_unit, wt = ctx.tol.zero * kSignSafety * s.w_unit;
  for (int r = 0; r < k; ++r)
    if (lambda[idx[static_cast<size_t>(r)]] < -lt) return;    // y_J >= -EPS2
  Vector w = ctx.b;
  for (int r = 0; r < k; ++r) w += ctx.A.col(idx[static_cast<size_t>(r)]) * lambda[idx[static_cast<size_t>(r)]];
  bool degenerate = false;
  for (int i = 0; i < ctx.n; ++i) {
    if ((J >> i) & 1U) {
      w[i] = 0.0;    // w_J = 0 by construction (E_J y = b)
      if (std::abs(lambda[i]) <= lt) degenerate = true;
    } else {
      if (w[i] < -wt) return;    // y_{J^c} = w_{J^c} >= -EPS2
      if (std::abs(w[i]) <= wt) degenerate = true;
    }
  }
  SolutionPoint p;
  p.lambda = std::move(lambda);
  p.w = std::move(w);
  p.isolated = true;
  p.degenerate = degenerate;
  st.points.emplace_back(J, std::move(p));
}

// The singular branch of 9.1 (Jansen-Tijs). E_J y = b is consistent iff
// b_J lies in range(A[J,J]) (the rows outside J only fix w_{J^c}); then its
// solutions are y_J = y0 + N z with N a basis of null(A[J,J]) of dimension
// delta = |J| - rank A[J,J] = n - rank E_J. Each extra active hyperplane
// k of a delta-subset K is one linear equation r_k z = s_k:
//   k in J:      lambda_k = 0  ->  N[k,:] z = -y0_k
//   k not in J:  w_k = 0       ->  (A[k,J] N) z = -(A[k,J] y0 + b_k)
// so each K costs one delta x delta solve instead of a least-squares solve
// of the stacked (n + delta) x n system.
void enumerate_singular(const EnumerationContext &ctx, Mask J, EnumerationState &st,
                        const std::atomic<bool> &competent_so_far)
{
  const std::vector<int> &idx = st.work.index;
  const int k = static_cast<int>(idx.size());
  const int n = ctx.n;
  ++st.singular;

  // Column competence, Xu's criterion (7.1): for every J with a zero
  // minor, A[:,J] must have linearly dependent columns. Once violated it
  // stays violated, so later J skip the SVD.
  if (st.competent && competent_so_far.load(std::memory_order_relaxed)) {
    Matrix cols(n, k);
    for (int c = 0; c < k; ++c) cols.col(c) = ctx.A.col(idx[static_cast<size_t>(c)]);
    if (numerical_rank(cols, ctx.rank_tol) == k) st.competent = false;
  }

  Eigen::JacobiSVD<Matrix> svd(st.work.current_minor(), Eigen::ComputeFullU | Eigen::ComputeFullV);
  const Vector &sv = svd.singularValues();
  int rank = 0;
  for (int i = 0; i < k; ++i)
    if (sv[i] > ctx.rank_tol) ++rank;
  const int delta = k - rank;

  Vector bJ(k);
  for (int r = 0; r < k; ++r) bJ[r] = ctx.b[idx[static_cast<size_t>(r)]];
  // rank(E) == rank([E | b]): the part of b_J outside range(A[J,J]) must be
  // negligible. Relative to |b| (not the reference's sigma_max(A)) so the
  // test does not depend on the scale of b; the two agree for |b| ~
  // sigma_max(A).
  const Matrix &U = svd.matrixU();
  const Matrix &V = svd.matrixV();
  if (delta > 0) {
    const double outside = (U.rightCols(delta).transpose() * bJ).norm();
    if (outside > ctx.tol.rank * ctx.b_two) return;
  }
  // y0: minimum-norm solution of A[J,J] y = -b_J; N: null-space basis.
  Vector y0 = Vector::Zero(k);
  for (int i = 0; i < rank; ++i) y0 -= V.col(i) * (U.col(i).dot(bJ) / sv[i]);
  const Matrix N = V.rightCols(delta);

  // One row (r_k, s_k) per candidate hyperplane k, and the factor that
  // converts its residual to units of w (lambda rows: times a).
  Matrix rows(n, delta);
  Vector rhs(n), weight(n);
  std::vector<int> local(static_cast<size_t>(n), -1);
  for (int r = 0; r < k; ++r) local[static_cast<size_t>(idx[static_cast<size_t>(r)])] = r;
  Matrix AJ(n, k);    // A[:,J]
  for (int c = 0; c < k; ++c) AJ.col(c) = ctx.A.col(idx[static_cast<size_t>(c)]);
  for (int i = 0; i < n; ++i) {
    const int l = local[static_cast<size_t>(i)];
    if (l >= 0) {
      rows.row(i) = N.row(l);
      rhs[i] = -y0[l];
      weight[i] = ctx.a;
    } else {
      rows.row(i) = AJ.row(i) * N;
      rhs[i] = -(AJ.row(i).dot(y0) + ctx.b[i]);
      weight[i] = 1.0;
    }
    // A row that is zero up to rounding (below EPS1 of its natural size: 1
    // for rows of the orthonormal N, sigma_max for rows of A[k,J] N) is
    // set to zero: the hyperplane k is parallel to the solution set, and
    // scaling its rounding noise up would pick arbitrary points. The
    // least-squares branch then ignores it, as a pseudo-inverse with a
    // rank tolerance does in the reference.
    const double natural = l >= 0 ? 1.0 : ctx.sigma_max;
    // (delta = 0: the reciprocal condition number called A[J,J] singular
    // but no singular value is below the rank tolerance; its one candidate
    // is y0, and there is no row to clean.)
    if (delta > 0 && rows.row(i).cwiseAbs().maxCoeff() <= ctx.tol.rank * natural) rows.row(i).setZero();
  }
  Matrix AJJ(k, k);
  for (int r = 0; r < k; ++r) AJJ.row(r) = AJ.row(idx[static_cast<size_t>(r)]);
  const Matrix AJabs = AJ.cwiseAbs();

  // The points of this J form the polyhedron { z : rows z >= rhs }
  // (lambda_J >= 0 and w_{J^c} >= 0), and the delta-subsets K pick its
  // vertices. When it is empty, which one LP decides, none of the
  // C(n, delta) candidates can be accepted: skip them. Only worth it from
  // delta = 2 on. The LP's tolerance (1e-10 of the row size) is looser than
  // the acceptance test below, so no acceptable point is skipped.
  // Rows zeroed above are left out (that only weakens the filter). The
  // rest are scaled to unit rows and the right-hand side
  // to a largest entry of 1 (z scales with it), so that the LP tolerance
  // is relative.
  if (delta >= 2) {
    std::vector<int> kept;
    for (int i = 0; i < n; ++i)
      if (rows.row(i).cwiseAbs().maxCoeff() > 0.0) kept.push_back(i);
    detail::LinearProgram lp;
    lp.rows.resize(static_cast<Eigen::Index>(kept.size()), delta);
    lp.rhs.resize(static_cast<Eigen::Index>(kept.size()));
    for (size_t x = 0; x < kept.size(); ++x) {
      const double big = rows.row(kept[x]).cwiseAbs().maxCoeff();
      lp.rows.row(static_cast<Eigen::Index>(x)) = rows.row(kept[x]) / big;
      lp.rhs[static_cast<Eigen::Index>(x)] = rhs[kept[x]] / big;
    }
    const double rhs_big = lp.rhs.size() ? lp.rhs.cwiseAbs().maxCoeff() : 0.0;
    if (rhs_big > 0.0) {
      lp.rhs /= rhs_big;
      lp.sense.assign(kept.size(), detail::RowSense::greater_equal);
      lp.free_variable.assign(static_cast<size_t>(delta), true);
      if (!detail::is_feasible(lp)) return;
    }
  }

  std::vector<SolutionPoint> group;    // points of this J, without repeats
  Matrix R(delta, delta);
  Vector s(delta), z(delta), y(k), lambda(n), w(n);
  Eigen::PartialPivLU<Matrix> lu(delta);
  Eigen::CompleteOrthogonalDecomposition<Matrix> cod(delta, delta);
  std::vector<int> members(static_cast<size_t>(delta));
  const Mask all = (n == 64) ? ~Mask(0) : ((Mask(1) << n) - 1);
  // Gosper's hack: every n-bit mask with delta bits set, in increasing order.
  Mask K = delta == 0 ? 0 : ((Mask(1) << delta) - 1);
  while (true) {
    int m = 0;
    for (int i = 0; (K >> i) != 0; ++i)
      if ((K >> i) & 1U) members[static_cast<size_t>(m++)] = i;
    bool ok = true;
    if (delta > 0) {
      for (int r = 0; r < delta; ++r) {
        const int i = members[static_cast<size_t>(r)];
        // Rows scaled to unit size so that the rcond test is about geometry
        // and not about the units of the row.
        const double big = rows.row(i).cwiseAbs().maxCoeff();
        const double f = big > 0.0 ? 1.0 / big : 1.0;
        R.row(r) = rows.row(i) * f;
        s[r] = rhs[i] * f;
      }
      lu.compute(R);
      const double rc = lu.rcond();
      if (rc >= ctx.tol.rank) {
        z = lu.solve(s);
      } else {
        // Dependent hyperplanes: the minimum-norm least-squares point; the
        // residual test below rejects inconsistent choices.
        // (Complete orthogonal decomposition: the minimum-norm solution
        // with a relative rank threshold, cheaper than an SVD.)
        cod.setThreshold(ctx.tol.rank);
        cod.compute(R);
        z = cod.solve(s);
      }
    }
    y = y0;
    if (delta > 0) y.noalias() += N * z;
    // Residual of the stacked system in units of w: rows J of E_J y = b
    // (w_J = 0) and the rows of K. Accept when its 1-norm is below
    // n EPS2 times the size of the terms (9.1, made relative).
    double residual = (AJJ * y + bJ).lpNorm<1>();
    for (int r = 0; r < delta; ++r) {
      const int i = members[static_cast<size_t>(r)];
      residual += weight[i] * std::abs(rows.row(i).dot(z) - rhs[i]);
    }
    const double size = ctx.sigma_max * y.norm() + ctx.b_two;
    if (!(residual < static_cast<double>(n) * ctx.tol.zero * kSignSafety * size)) ok = false;
    if (ok) {
      lambda.setZero();
      for (int r = 0; r < k; ++r) lambda[idx[static_cast<size_t>(r)]] = y[r];
      const double terms = (AJabs * y.cwiseAbs()).maxCoeff();
      const PointScale ps = point_scale(ctx.a, ctx.b_inf, terms, n);
      const double lt = ctx.tol.zero * kSignSafety * ps.lambda_unit, wt = ctx.tol.zero * kSignSafety * ps.w_unit;
      if (lambda.minCoeff() < -lt) ok = false;
      if (ok) {
        w = ctx.b;
        w.noalias() += AJ * y;
        bool degenerate = false;
        for (int i = 0; i < n && ok; ++i) {
          if (w[i] < -wt || (lambda[i] > lt && w[i] > wt)) ok = false;
          if (lambda[i] <= lt && w[i] <= wt) degenerate = true;
        }
        if (ok) {
          bool repeat = false;
          for (const SolutionPoint &q : group)
            if (same_point(q.lambda, lambda, ctx.tol.rank, ps.lambda_unit)) {
              repeat = true;
              break;
            }
          if (!repeat) {
            SolutionPoint p;
            p.lambda = lambda;
            p.w = w;
            p.isolated = false;
            p.degenerate = degenerate;
            p.group = static_cast<long>(J);
            group.push_back(std::move(p));
          }
        }
      }
    }
    if (delta == 0) break;
    const Mask c = K & (~K + 1);
    const Mask r = K + c;
    K = (((r ^ K) >> 2) / c) | r;
    if (K > all || K == 0) break;
  }
  for (SolutionPoint &p : group) st.points.emplace_back(J, std::move(p));
}

// Nonzero null vectors of E_J with all entries >= 0 (LCP_SPEC.md 9.6): the
// solutions of LCP(A, 0) with lambda_J = y_J, w_{J^c} = y_{J^c}, w_J = 0.
// Returns lambda (zero outside J) or an empty vector.
Vector sign_consistent_null_vector(const Matrix &A, const std::vector<int> &idx, const Matrix &minor,
                                   double rank_tol, double zero_tol)
{
  const int n = static_cast<int>(A.rows());
  const int k = static_cast<int>(idx.size());
  Eigen::JacobiSVD<Matrix> svd(minor, Eigen::ComputeFullV);
  const Vector &sv = svd.singularValues();
  int rank = 0;
  for (int i = 0; i < k; ++i)
    if (sv[i] > rank_tol) ++rank;
  const int delta = k - rank;
  if (delta == 0) return Vector();
  // null(E_J) = { y : y_J = x, y_{J^c} = A[J^c,J] x, x in null(A[J,J]) }.
  // The rows outside J (values of w) are divided by a = max |A_ij| so that
  // both parts are in units of lambda and the sign test with zero_tol does
  // not depend on the scale of A.
  std::vector<bool> in_J(static_cast<size_t>(n), false);
  for (int i : idx) in_J[static_cast<size_t>(i)] = true;
  const double a = entry_scale(A);
  const double to_lambda_units = a > 0.0 ? 1.0 / a : 1.0;
  const Matrix X = svd.matrixV().rightCols(delta);
  Matrix Y(n, delta);
  for (int i = 0; i < n; ++i) {
    if (in_J[static_cast<size_t>(i)]) continue;
    for (int d = 0; d < delta; ++d) {
      double v = 0.0;
      for (int c = 0; c < k; ++c) v += A(i, idx[static_cast<size_t>(c)]) * X(c, d);
      Y(i, d) = v * to_lambda_units;
    }
  }
  for (int c = 0; c < k; ++c) Y.row(idx[static_cast<size_t>(c)]) = X.row(c);
  // Orthonormal basis of null(E_J), as null(E, EPS1) returns in [C].
  const Matrix Q = Eigen::HouseholderQR<Matrix>(Y).householderQ() * Matrix::Identity(n, delta);

  auto to_lambda = [&](const Vector &y) {
    Vector lambda = Vector::Zero(n);
    for (int i : idx) lambda[i] = std::max(y[i], 0.0);
    return lambda;
  };
  for (int d = 0; d < delta; ++d) {
    const Vector v = Q.col(d);
    if (v.minCoeff() >= -zero_tol) return to_lambda(v);
    if (v.maxCoeff() <= zero_tol) return to_lambda(-v);
  }
  if (delta == 1) return Vector();
  // Multi-dimensional null space: is there y = Q t with y >= 0, sum y = 1?
  // (The reference asks for Q t >= 1, i.e. strictly positive y, which
  // misses null vectors with zero entries; this LP finds every
  // sign-consistent one and is bounded.)
  detail::LinearProgram lp;
  lp.rows.resize(n + 1, delta);
  lp.rows.topRows(n) = Q;
  lp.rows.row(n) = Q.colwise().sum();
  lp.rhs = Vector::Zero(n + 1);
  lp.rhs[n] = 1.0;
  lp.sense.assign(static_cast<size_t>(n), detail::RowSense::greater_equal);
  lp.sense.push_back(detail::RowSense::equal);
  lp.free_variable.assign(static_cast<size_t>(delta), true);
  Vector t;
  if (!detail::is_feasible(lp, &t)) return Vector();
  const Vector y = Q * t;
  if (y.minCoeff() < -1e-8 * y.cwiseAbs().maxCoeff()) return Vector();
  const Vector lambda = to_lambda(y);
  if (!(lambda.maxCoeff() > 0.0)) return Vector();
  return lambda / lambda.norm();
}

// LP feasibility of { lambda >= 0, A lambda >= e } (LCP_SPEC.md 7.1, S).
bool is_S_matrix(const Matrix &A)
{
  const Eigen::Index n = A.rows();
  if (n == 0) return true;
  const double a = entry_scale(A);
  if (a == 0.0) return false;
  detail::LinearProgram lp;
  lp.rows = A / a;    // the test is homogeneous: scale for the LP tolerances
  lp.rhs = Vector::Ones(n);
  lp.sense.assign(static_cast<size_t>(n), detail::RowSense::greater_equal);
  return detail::is_feasible(lp);
}

SymmetricPart symmetric_part_class(const Matrix &A)
{
  if (A.rows() == 0) return SymmetricPart::PD;
  Eigen::SelfAdjointEigenSolver<Matrix> eig(0.5 * (A + A.transpose()), Eigen::EigenvaluesOnly);
  const Vector &ev = eig.eigenvalues();
  // 7.1 suggests a relative zero tolerance "e.g. 1e-9 max |eig|". 1e-8 is
  // used: an asymmetry d of a semidefinite A moves a zero eigenvalue of
  // the symmetric part by ~d^2 / |eig|, second order, and Example 1's
  // cases 1.B and 1.C (A = [[a, a], [c, c]] with (a - c) / a ~ 2e-4, Table
  // 3: NSD) have an eigenvalue of 3.2e-9 max |eig| from exactly that.
  const double zero = 1e-8 * ev.cwiseAbs().maxCoeff();
  if (ev.minCoeff() > zero) return SymmetricPart::PD;
  if (ev.maxCoeff() < -zero) return SymmetricPart::ND;
  if (ev.minCoeff() >= -zero) return SymmetricPart::PSD;    // the zero matrix lands here
  if (ev.maxCoeff() <= zero) return SymmetricPart::NSD;
  return SymmetricPart::ID;
}

}    // namespace

const char *symmetric_part_name(SymmetricPart s)
{
  switch (s) {
    case SymmetricPart::PD: return "PD";
    case SymmetricPart::PSD: return "PSD";
    case SymmetricPart::ID: return "ID";
    case SymmetricPart::NSD: return "NSD";
    case SymmetricPart::ND: return "ND";
  }
  return "?";
}

Enumeration enumerate_solutions(const Matrix &A, const Vector &b, const Tolerances &tol)
{
  check_problem(A, &b, "enumerate_solutions");
  check_enumerable(A, "enumerate_solutions");
  const EnumerationContext ctx(A, b, tol);
  const int n = ctx.n;
  std::atomic<bool> competent_so_far{true};
  std::vector<std::pair<Mask, SolutionPoint>> found;
  Enumeration out;
  for_each_subset<EnumerationState>(
      0, Mask(1) << n, [n] { return EnumerationState(n); },
      [&](Mask J, EnumerationState &st) {
        st.work.load(A, J);
        if (!st.work.singular(tol.rank)) {
          enumerate_nonsingular(ctx, J, st);
        } else {
          enumerate_singular(ctx, J, st, competent_so_far);
          if (!st.competent) competent_so_far.store(false, std::memory_order_relaxed);
        }
      },
      [&](EnumerationState &st) {
        out.singular_complementary += st.singular;
        out.column_competent = out.column_competent && st.competent;
        for (auto &p : st.points) found.push_back(std::move(p));
      });
  // The threads return their J in any order: order by J (stable keeps the
  // order inside one J) so the result does not depend on the thread count.
  std::stable_sort(found.begin(), found.end(),
                   [](const auto &x, const auto &y) { return x.first < y.first; });
  out.points.reserve(found.size());
  for (auto &p : found) out.points.push_back(std::move(p.second));
  return out;
}

std::vector<Vector> non_r0_modes(const Matrix &A, const Tolerances &tol)
{
  check_problem(A, nullptr, "non_r0_modes");
  check_enumerable(A, "non_r0_modes");
  const int n = static_cast<int>(A.rows());
  const double rank_tol = tol.rank * largest_singular_value(A);
  struct State {
    MinorWorkspace work;
    std::vector<std::pair<Mask, Vector>> modes;
  };
  std::vector<std::pair<Mask, Vector>> found;
  for_each_subset<State>(
      1, Mask(1) << n, [n] { return State{MinorWorkspace(n), {}}; },
      [&](Mask J, State &st) {
        st.work.load(A, J);
        if (!st.work.singular(tol.rank)) return;
        Vector mode = sign_consistent_null_vector(A, st.work.index, st.work.current_minor(), rank_tol, tol.zero * kSignSafety);
        if (mode.size()) st.modes.emplace_back(J, std::move(mode));
      },
      [&](State &st) {
        for (auto &m : st.modes) found.push_back(std::move(m));
      });
  std::stable_sort(found.begin(), found.end(), [](const auto &x, const auto &y) { return x.first < y.first; });
  std::vector<Vector> modes;
  modes.reserve(found.size());
  for (auto &m : found) modes.push_back(std::move(m.second));
  return modes;
}

MatrixClasses classify_matrix(const Matrix &A, const Tolerances &tol)
{
  check_problem(A, nullptr, "classify_matrix");
  check_enumerable(A, "classify_matrix");
  MatrixClasses c;
  const int n = static_cast<int>(A.rows());
  const double a = entry_scale(A);
  const double rank_tol = tol.rank * largest_singular_value(A);

  // Z and rule 6: elementwise, with entries below EPS2 * max|A_ij| taken
  // as zero.
  const double tiny = tol.zero * a;
  c.Z = true;
  c.rule6 = true;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (i != j && A(i, j) > tiny) c.Z = false;
      if (A(i, j) < -tiny || (i == j && A(i, j) <= tiny)) c.rule6 = false;
    }
  c.symmetric_part = symmetric_part_class(A);

  // Signs of all non-empty principal minors (the empty one, det = 1, is
  // excluded: the [C] isNmatrix defect, LCP_SPEC.md 11). A minor is zero
  // when A[J,J] is singular by the relative rcond test, so the signs are
  // scale-aware; the same test counts the zero minors (degenerate) as the
  // enumeration does.
  struct State {
    MinorWorkspace work;
    long zero = 0;
    bool positive = true, nonnegative = true, negative = true, nonpositive = true;
    bool competent = true;
  };
  State total{MinorWorkspace(0)};
  for_each_subset<State>(
      1, Mask(1) << n, [n] { return State{MinorWorkspace(n)}; },
      [&](Mask J, State &st) {
        const int k = st.work.load(A, J);
        if (st.work.singular(tol.rank)) {
          ++st.zero;
          st.positive = st.negative = false;
          if (st.competent) {
            Matrix cols(n, k);
            for (int j = 0; j < k; ++j) cols.col(j) = A.col(st.work.index[static_cast<size_t>(j)]);
            if (numerical_rank(cols, rank_tol) == k) st.competent = false;    // Xu's criterion
          }
          return;
        }
        const double det = st.work.current_lu().determinant();
        if (det > 0.0) {
          st.negative = st.nonpositive = false;
        } else {
          st.positive = st.nonnegative = false;
        }
      },
      [&](State &st) {
        total.zero += st.zero;
        total.positive = total.positive && st.positive;
        total.nonnegative = total.nonnegative && st.nonnegative;
        total.negative = total.negative && st.negative;
        total.nonpositive = total.nonpositive && st.nonpositive;
        total.competent = total.competent && st.competent;
      });
  c.P = total.positive;
  c.P0 = total.nonnegative;
  c.N = n > 0 && total.negative;
  c.N0 = n > 0 && total.nonpositive;
  c.zero_minors = total.zero;
  c.degenerate = total.zero > 0;
  c.column_competent = total.competent;

  // R0: rule 18 (non-degenerate => R0), else the enumerative test of 9.6.
  c.R0 = !c.degenerate || non_r0_modes(A, tol).empty();
  // R: R0 and LCP(A, t e) has only lambda = 0 for t > 0 (by homogeneity
  // t = 1). A nonzero solution has w_J = A[J,J] lambda_J + e_J = 0, so
  // a |lambda|_inf >= 1/n: "zero" at a |lambda|_inf <= 1e-8 is a
  // scale-free test with a wide margin (the reference compares lambda with
  // 1000 eps absolutely, LCP_SPEC.md 7.1 and 11). P => R (rule 4).
  if (!c.R0) {
    c.R = false;
  } else if (c.P) {
    c.R = true;
  } else {
    const Enumeration all = enumerate_solutions(A, Vector::Ones(n), tol);
    c.R = true;
    for (const SolutionPoint &p : all.points)
      if (a * p.lambda.cwiseAbs().maxCoeff() > 1e-8) c.R = false;
  }
  c.S = is_S_matrix(A);
  return c;
}

Bifurcations classify_solutions(const Matrix &A, const Vector &b, const Enumeration &all,
                                const Tolerances &tol)
{
  check_problem(A, &b, "classify_solutions");
  Bifurcations out;
  const Eigen::Index n = A.rows();
  const double a = entry_scale(A);
  const double b_inf = n ? b.cwiseAbs().maxCoeff() : 0.0;
  const double rank_tol = tol.rank * largest_singular_value(A);
  // 9.2 step 1: index types with EPS1 (relative, see the file comment).
  const double eps = tol.rank;
  const size_t count = all.points.size();
  std::vector<std::string> pattern(count);
  std::vector<PointScale> scale(count);
  for (size_t p = 0; p < count; ++p) {
    const SolutionPoint &pt = all.points[p];
    const Vector w = pt.w.size() == n ? pt.w : Vector(A * pt.lambda + b);
    scale[p] = point_scale(a, b_inf, term_size(A, pt.lambda), n);
    pattern[p] = type_pattern(pt.lambda, w, scale[p], eps);
  }
  std::vector<bool> duplicate(count, false);

  // Isolated points sorted by |lambda|_1, so that the duplicates of a point
  // (|x - y|_1 <= t implies ||x|_1 - |y|_1| <= t) are searched in a window;
  // next_unmarked skips the ones already marked (a union-find "next"
  // pointer), so a large number of coincident points costs little.
  std::vector<size_t> isolated;
  for (size_t p = 0; p < count; ++p)
    if (all.points[p].isolated) isolated.push_back(p);
  std::vector<double> norm1(isolated.size());
  std::sort(isolated.begin(), isolated.end(), [&](size_t x, size_t y) {
    return all.points[x].lambda.lpNorm<1>() < all.points[y].lambda.lpNorm<1>();
  });
  for (size_t q = 0; q < isolated.size(); ++q) norm1[q] = all.points[isolated[q]].lambda.lpNorm<1>();
  std::vector<size_t> next_unmarked(isolated.size() + 1);
  for (size_t q = 0; q <= isolated.size(); ++q) next_unmarked[q] = q;
  auto find_unmarked = [&](size_t q) {
    size_t root = q;
    while (next_unmarked[root] != root) root = next_unmarked[root];
    while (next_unmarked[q] != root) {
      const size_t up = next_unmarked[q];
      next_unmarked[q] = root;
      q = up;
    }
    return root;
  };
  auto mark_duplicates_of = [&](size_t r) {
    const Vector &x = all.points[r].lambda;
    const double nx = x.lpNorm<1>();
    // The widest window same_point() can accept.
    const double t = 2.0 * tol.rank * static_cast<double>(std::max<Eigen::Index>(n, 1)) *
                     std::max(nx, scale[r].lambda_unit);
    size_t q = static_cast<size_t>(std::lower_bound(norm1.begin(), norm1.end(), nx - t) - norm1.begin());
    for (q = find_unmarked(q); q < isolated.size() && norm1[q] <= nx + t; q = find_unmarked(q + 1))
      if (same_point(all.points[isolated[q]].lambda, x, tol.rank, scale[r].lambda_unit)) {
        duplicate[isolated[q]] = true;
        next_unmarked[q] = q + 1;
      }
  };

  // 9.2 step 2: the non-isolated groups, in order of first appearance.
  std::vector<long> groups;
  std::unordered_map<long, std::vector<size_t>> members_of;
  for (size_t p = 0; p < count; ++p) {
    const SolutionPoint &pt = all.points[p];
    if (pt.isolated) continue;
    auto it = members_of.find(pt.group);
    if (it == members_of.end()) {
      groups.push_back(pt.group);
      members_of[pt.group].push_back(p);
    } else {
      it->second.push_back(p);
    }
  }
  for (long g : groups) {
    std::vector<size_t> reps;    // one per distinct index-type pattern
    for (size_t p : members_of[g]) {
      bool seen = false;
      for (size_t r : reps)
        if (pattern[r] == pattern[p]) seen = true;
      if (!seen) reps.push_back(p);
    }
    SolutionSet set;
    std::vector<int> C, E;    // C(P) = union of I2, E(P) = union of I2 and I3 (rule 14)
    for (size_t r : reps) {
      const SolutionPoint &pt = all.points[r];
      // Isolated solutions at the same point are duplicates of the set.
      mark_duplicates_of(r);
      std::vector<int> I2;
      for (Eigen::Index i = 0; i < n; ++i) {
        const char t = pattern[r][static_cast<size_t>(i)];
        if (t == '2') I2.push_back(static_cast<int>(i));
        if (t == '2' && std::find(C.begin(), C.end(), i) == C.end()) C.push_back(static_cast<int>(i));
        if ((t == '2' || t == '3') && std::find(E.begin(), E.end(), i) == E.end()) E.push_back(static_cast<int>(i));
      }
      // Rule 15: an extreme point has A[I2,I2] of full rank and lambda_I2 =
      // -A[I2,I2]^-1 b_I2. The second condition is tested as a backward
      // error |A[I2,I2] lambda_I2 + b_I2|_1 <= EPS1 n (|A||lambda| + |b|),
      // which does not grow with the condition number of A[I2,I2].
      const int k = static_cast<int>(I2.size());
      bool extreme = true;
      if (k > 0) {
        Matrix M(k, k);
        Vector lam(k), bb(k);
        for (int x = 0; x < k; ++x) {
          lam[x] = pt.lambda[I2[static_cast<size_t>(x)]];
          bb[x] = b[I2[static_cast<size_t>(x)]];
          for (int y = 0; y < k; ++y) M(x, y) = A(I2[static_cast<size_t>(x)], I2[static_cast<size_t>(y)]);
        }
        // Full rank by the rcond test that decides singular minors in 9.1
        // (relative EPS1), which costs an LU instead of an SVD per point.
        Eigen::PartialPivLU<Matrix> lu(M);
        if (!(exact_rcond(M, lu) >= tol.rank)) {
          extreme = false;
        } else {
          const double error = (M * lam + bb).lpNorm<1>();
          const double size = (M.cwiseAbs() * lam.cwiseAbs() + bb.cwiseAbs()).lpNorm<1>();
          if (error > tol.rank * static_cast<double>(n) * size) extreme = false;
        }
      }
      if (extreme) set.extreme_points.push_back(pt.lambda);
    }
    // Boundedness. All points of group J form the polyhedron
    // P_J = { lambda : lambda_{J^c} = 0, lambda_J >= 0, w_J = 0, w_{J^c} >= 0 }
    // (complementarity holds on it automatically), whose recession cone is
    // the set of sign-consistent null vectors of E_J (9.6). So P_J is
    // unbounded (Type III, rule 16) iff such a vector exists. The reference
    // instead calls a group Type III when it has fewer than dim P + 1
    // extreme points (9.2 step 3); that count misses a ray with one vertex
    // (dim P from the points found is then 0) and can flag bounded sets whose
    // vertices were lost to rounding (LCP_SPEC.md 10.2, case 4 of [V]). A
    // group without any extreme point found is also reported as Type III.
    std::vector<int> members;
    for (int i = 0; i < static_cast<int>(n); ++i)
      if ((static_cast<unsigned long>(g) >> i) & 1UL) members.push_back(i);
    Vector ray;
    if (!members.empty()) {
      Matrix minor(members.size(), members.size());
      for (size_t x = 0; x < members.size(); ++x)
        for (size_t y = 0; y < members.size(); ++y)
          minor(static_cast<Eigen::Index>(x), static_cast<Eigen::Index>(y)) = A(members[x], members[y]);
      ray = sign_consistent_null_vector(A, members, minor, rank_tol, tol.zero * kSignSafety);
    }
    // The recession direction slides where it is positive (with w = 0
    // there), which the points found do not show: add it to C(P).
    for (Eigen::Index i = 0; i < ray.size(); ++i)
      if (ray[i] > eps * ray.cwiseAbs().maxCoeff() && std::find(C.begin(), C.end(), i) == C.end()) {
        C.push_back(static_cast<int>(i));
        if (std::find(E.begin(), E.end(), i) == E.end()) E.push_back(static_cast<int>(i));
      }
    // Rule 14 / Eq. (14): dim P = |C(P)| - rank A[E(P), C(P)].
    std::sort(C.begin(), C.end());
    std::sort(E.begin(), E.end());
    int rank = 0;
    if (!C.empty() && !E.empty()) {
      Matrix M(E.size(), C.size());
      for (size_t x = 0; x < E.size(); ++x)
        for (size_t y = 0; y < C.size(); ++y) M(static_cast<Eigen::Index>(x), static_cast<Eigen::Index>(y)) = A(E[x], C[y]);
      rank = numerical_rank(M, rank_tol);
    }
    set.dimension = static_cast<int>(C.size()) - rank;
    set.bounded = ray.size() == 0 && !set.extreme_points.empty();
    if (set.bounded)
      out.type_two.push_back(std::move(set));
    else
      out.type_three.push_back(std::move(set));
  }

  // 9.2 step 4: Type I = isolated, not duplicates, unique by pattern.
  std::vector<std::string> kept;
  for (size_t p = 0; p < count; ++p) {
    const SolutionPoint &pt = all.points[p];
    if (!pt.isolated || duplicate[p]) continue;
    if (std::find(kept.begin(), kept.end(), pattern[p]) != kept.end()) continue;
    kept.push_back(pattern[p]);
    out.type_one.push_back(pt.lambda);
  }
  return out;
}

bool path_sensitive(const Matrix &A, const Vector &b, const Vector &lambda, double eps)
{
  check_problem(A, &b, "path_sensitive");
  if (lambda.size() != A.rows()) throw std::invalid_argument("path_sensitive: lambda has the wrong size");
  const Eigen::Index n = A.rows();
  if (n == 0) return false;
  const Vector w = A * lambda + b;
  const PointScale s = point_scale(entry_scale(A), b.cwiseAbs().maxCoeff(), term_size(A, lambda), n);
  std::vector<int> I2, I3;
  for (Eigen::Index i = 0; i < n; ++i) {
    const int t = index_type(lambda[i], w[i], eps * kSignSafety * s.lambda_unit, eps * kSignSafety * s.w_unit);
    if (t == 2 || t == 0) I2.push_back(static_cast<int>(i));    // t == 0: not a solution; lambda > 0 wins
    if (t == 3) I3.push_back(static_cast<int>(i));
  }
  auto sub = [&](const std::vector<int> &r, const std::vector<int> &c) {
    Matrix M(r.size(), c.size());
    for (size_t x = 0; x < r.size(); ++x)
      for (size_t y = 0; y < c.size(); ++y) M(static_cast<Eigen::Index>(x), static_cast<Eigen::Index>(y)) = A(r[x], c[y]);
    return M;
  };
  auto nonsingular = [&](const Matrix &M) {
    if (M.rows() == 0) return true;
    Eigen::PartialPivLU<Matrix> lu(M);
    const double rc = exact_rcond(M, lu);
    // 9.4: rcond > eps. rcond is relative already, but a block that is
    // singular in exact arithmetic shows rcond ~ 1e-16..1e-14 from the
    // rounding in A (Example 2: 10 of its 1012 sets are missed with eps
    // alone), so the same safety factor as the sign tests applies.
    return rc > eps * kSignSafety;
  };
  // Check 1 (u_I3 = 0): A[I2,I2] nonsingular.
  const Matrix A22 = sub(I2, I2);
  if (!nonsingular(A22)) return true;
  // Check 2 ((A^T u)_I3 = 0): A[I2 u I3, I2 u I3] nonsingular.
  std::vector<int> I23 = I2;
  I23.insert(I23.end(), I3.begin(), I3.end());
  std::sort(I23.begin(), I23.end());
  if (!nonsingular(sub(I23, I23))) return true;
  if (I3.empty()) return false;
  // Check 3 in the [D][V] form: with S = A33 - A32 A22^-1 A23 the Schur
  // complement, the point is regular iff no v >= 0, v != 0 has S^T v <= 0;
  // tested as LP feasibility of { v >= 0, sum v = 1, S^T v <= 0 }.
  Matrix S = sub(I3, I3);
  if (!I2.empty()) S -= sub(I3, I2) * Eigen::PartialPivLU<Matrix>(A22).solve(sub(I2, I3));
  const Eigen::Index m = S.rows();
  const double big = S.cwiseAbs().maxCoeff();
  if (big == 0.0) return true;    // S = 0: every v >= 0 qualifies
  detail::LinearProgram lp;
  lp.rows.resize(m + 1, m);
  lp.rows.topRows(m) = S.transpose() / big;
  lp.rows.row(m).setOnes();
  lp.rhs = Vector::Zero(m + 1);
  lp.rhs[m] = 1.0;
  lp.sense.assign(static_cast<size_t>(m), detail::RowSense::less_equal);
  lp.sense.push_back(detail::RowSense::equal);
  return detail::is_feasible(lp);
}

}    // namespace lcp
