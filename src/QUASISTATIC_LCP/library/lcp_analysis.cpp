// The analysis of one increment: LCP_SPEC.md sections 8 and 9.2-9.6 put
// together on the system of one Problem.
#include "lcp_analysis.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lcp {

namespace {

// 'S' where the contact slides (lambda_i > tol), 'E' where it does not.
std::string sliding_pattern(const Vector &lambda, double tol)
{
  std::string pattern(static_cast<size_t>(lambda.size()), 'E');
  for (Eigen::Index i = 0; i < lambda.size(); ++i)
    if (lambda[i] > tol) pattern[static_cast<size_t>(i)] = 'S';
  return pattern;
}

// Tolerance below which a slip rate counts as zero: relative to the largest
// slip rate of the solution set, so that the pattern does not depend on the
// scale of the loading (solutions are positively homogeneous in b).
double slip_zero(const std::vector<Vector> &points, double rel)
{
  double largest = 0.0;
  for (const Vector &p : points)
    if (p.size() > 0) largest = std::max(largest, p.cwiseAbs().maxCoeff());
  return rel * std::max(largest, std::numeric_limits<double>::min());
}

struct PointWork {
  Vector d, dy;
  double I2 = 0.0;
};

PointWork work_of(const MixedLcp &system, const ReducedLcp &reduced, const Vector &lambda)
{
  PointWork w;
  w.d = movements(system, reduced, lambda);
  w.dy = reactions(system, w.d, lambda);
  w.I2 = second_order_work(system, w.d, w.dy);
  return w;
}

// An isolated (Type I) solution with its movements, reactions and I2.
IncrementSolution isolated_solution(const MixedLcp &system, const ReducedLcp &reduced,
                                    const Vector &lambda, double pattern_rel)
{
  IncrementSolution s;
  s.type = "I";
  s.lambda = lambda;
  s.pattern = sliding_pattern(lambda, slip_zero({lambda}, pattern_rel));
  const PointWork w = work_of(system, reduced, lambda);
  s.d = w.d;
  s.reactions = w.dy;
  s.I2 = w.I2;
  return s;
}

bool symmetric_part_positive_definite(const Matrix &A)
{
  if (A.rows() == 0) return true;
  const Matrix sym = 0.5 * (A + A.transpose());
  Eigen::LLT<Matrix> llt(sym);
  return llt.info() == Eigen::Success;
}

// Only the classes that cost no enumeration (used above the limit on active
// contacts): the symmetric part, Z and the rule-6 class.
MatrixClasses cheap_classes(const Matrix &A, const Tolerances &tol)
{
  MatrixClasses c;
  const Eigen::Index n = A.rows();
  bool z = true, rule6 = true;
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < n; ++j) {
      if (i != j && A(i, j) > 0.0) z = false;
      if (A(i, j) < 0.0 || (i == j && A(i, j) <= 0.0)) rule6 = false;
    }
  c.Z = z;
  c.rule6 = rule6;
  if (n > 0) {
    Eigen::SelfAdjointEigenSolver<Matrix> eig(0.5 * (A + A.transpose()), Eigen::EigenvaluesOnly);
    const Vector &ev = eig.eigenvalues();
    const double zero = tol.definiteness * ev.cwiseAbs().maxCoeff();
    const bool pos = ev.minCoeff() > zero, neg = ev.maxCoeff() < -zero;
    const bool nonneg = ev.minCoeff() >= -zero, nonpos = ev.maxCoeff() <= zero;
    c.symmetric_part = pos ? SymmetricPart::PD
        : neg             ? SymmetricPart::ND
        : nonneg          ? SymmetricPart::PSD
        : nonpos          ? SymmetricPart::NSD
                          : SymmetricPart::ID;
  } else {
    c.symmetric_part = SymmetricPart::PD;
  }
  return c;
}

}    // namespace

Analysis analyze(const Problem &problem, const AnalysisOptions &options)
{
  const MixedLcp system = assemble(problem);
  return analyze_system(system, reduce(system), options);
}

Analysis analyze_system(const MixedLcp &system, const ReducedLcp &reduced,
                        const AnalysisOptions &options)
{
  Analysis out;
  out.A = reduced.A;
  out.b = reduced.b;
  if (options.adjust) options.adjust(out.A, out.b);
  out.active_contacts = system.active;
  out.bott_duffin_singular = reduced.bott_duffin_singular;
  const Eigen::Index m = out.A.rows();
  const double pattern_rel = 1e-9;

  auto add_equal_work_likelihood = [&](std::vector<IncrementSolution> &sols) {
    if (sols.empty()) return;
    double least = std::numeric_limits<double>::infinity();
    for (const auto &s : sols) least = std::min(least, s.I2);
    // Ties within a relative 1e-5 are equally likely (LCP_SPEC.md 8).
    const double tie = options.equal_work_tolerance * std::max(std::fabs(least), 1e-300);
    for (auto &s : sols) s.likely = (s.I2 - least) <= tie;
  };

  if (m == 0) {
    // No active contact: the response is elastic and unique.
    out.enumerated = true;
    out.method = "none";
    out.classes = cheap_classes(out.A, options.tolerances);
    out.classes.P = out.classes.P0 = out.classes.R = out.classes.R0 = out.classes.S = true;
    IncrementSolution s = isolated_solution(system, reduced, Vector::Zero(0), pattern_rel);
    s.likely = true;
    out.solutions.push_back(s);
    return out;
  }

  if (m > options.max_enumerated_contacts) {
    // Single-solution method (LCP_SPEC.md 6.3, 9.8): no enumeration, so
    // only the classes that need none.
    out.enumerated = false;
    out.classes = cheap_classes(out.A, options.tolerances);
    const SingleSolution one = solve_lemke(out.A, out.b);
    if (one.solved) {
      out.method = "lemke";
      IncrementSolution s = isolated_solution(system, reduced, one.lambda, pattern_rel);
      s.likely = true;
      out.solutions.push_back(s);
    } else {
      out.method = "qp";
      out.path_incongruent = true;
      const QpResult qp = minimize_complementarity(out.A, out.b, Vector::Zero(m));
      out.least_violating = qp.lambda;
    }
    return out;
  }

  out.enumerated = true;
  out.method = "enumeration";
  const Tolerances &tol = options.tolerances;
  out.classes = classify_matrix(out.A, tol);
  const Enumeration all = enumerate_solutions(out.A, out.b, tol);
  const Bifurcations bif = classify_solutions(out.A, out.b, all, tol);

  for (const Vector &lambda : bif.type_one) {
    IncrementSolution s = isolated_solution(system, reduced, lambda, pattern_rel);
    s.path_sensitive = path_sensitive(out.A, out.b, lambda);
    out.solutions.push_back(s);
  }
  for (const SolutionSet &set : bif.type_two) {
    IncrementSolution s;
    s.type = "II";
    s.extreme_points = set.extreme_points;
    s.dimension = set.dimension;
    const double zero = slip_zero(set.extreme_points, pattern_rel);
    // The set's pattern: a contact slides somewhere in the set.
    s.pattern.assign(static_cast<size_t>(m), 'E');
    s.I2 = std::numeric_limits<double>::infinity();
    for (const Vector &point : set.extreme_points) {
      const std::string p = sliding_pattern(point, zero);
      s.extreme_patterns.push_back(p);
      for (size_t i = 0; i < p.size(); ++i)
        if (p[i] == 'S') s.pattern[i] = 'S';
      const PointWork w = work_of(system, reduced, point);
      s.extreme_I2.push_back(w.I2);
      if (w.I2 < s.I2) {
        s.I2 = w.I2;
        s.d = w.d;
        s.reactions = w.dy;
      }
      // Every point of the set is tested (LCP_SPEC.md 9.4, counting).
      if (path_sensitive(out.A, out.b, point)) s.path_sensitive = true;
    }
    out.solutions.push_back(s);
  }
  add_equal_work_likelihood(out.solutions);

  out.type_III_sets = static_cast<int>(bif.type_three.size());
  out.type_III = out.type_III_sets > 0;
  // classify_matrix has already searched LCP(A, 0) for R0 (section 9.6);
  // the modes themselves are listed only when it found some, instead of a
  // second pass over the 2^m complementary matrices for every A.
  out.neutral_equilibrium = !out.classes.R0;
  if (out.neutral_equilibrium) out.neutral_modes = non_r0_modes(out.A, tol);
  out.path_incongruent = out.solutions.empty() && !out.type_III;
  if (out.path_incongruent) {
    const QpResult qp = minimize_complementarity(out.A, out.b, Vector::Zero(m));
    out.least_violating = qp.lambda;
  }
  out.unsustainable_modes = unsustainable_modes(system, reduced);
  return out;
}

IncrementStep choose_increment(const MixedLcp &system, const ReducedLcp &reduced,
                               const AnalysisOptions &options)
{
  Matrix A = reduced.A;
  Vector b = reduced.b;
  if (options.adjust) options.adjust(A, b);
  const Eigen::Index m = A.rows();
  IncrementStep step;

  auto take = [&](const Vector &lambda, const std::string &method) {
    const PointWork w = work_of(system, reduced, lambda);
    step.lambda = lambda;
    step.d = w.d;
    step.dy = w.dy;
    step.I2 = w.I2;
    step.method = method;
  };

  if (m == 0) {
    take(Vector::Zero(0), "none");
    step.solutions = 1;
    return step;
  }
  const bool unique = symmetric_part_positive_definite(A);
  if (!unique && m <= options.max_enumerated_contacts) {
    // All solution points (isolated ones and the extreme points of
    // non-isolated sets); the path of least second-order work is followed
    // (LCP_SPEC.md 9.3).
    const Enumeration all = enumerate_solutions(A, b, options.tolerances);
    double least = std::numeric_limits<double>::infinity();
    for (const SolutionPoint &p : all.points) {
      const PointWork w = work_of(system, reduced, p.lambda);
      ++step.solutions;
      if (w.I2 < least) {
        least = w.I2;
        step.lambda = p.lambda;
        step.d = w.d;
        step.dy = w.dy;
        step.I2 = w.I2;
        step.method = "enumeration";
      }
    }
    if (step.solutions > 0) return step;
  } else {
    const SingleSolution one = solve_lemke(A, b);
    if (one.solved) {
      take(one.lambda, "lemke");
      step.solutions = 1;
      return step;
    }
  }
  // No solution (path-incongruity): keep the QP minimizer and go on, as the
  // reference driver does (LCP_SPEC.md 9.8 item 6).
  const QpResult qp = minimize_complementarity(A, b, Vector::Zero(m));
  take(qp.lambda.cwiseMax(0.0), "qp");
  step.path_incongruent = true;
  step.solutions = 0;
  return step;
}

}    // namespace lcp
