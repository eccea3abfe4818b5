// The whole analysis of one quasi-static increment (LCP_SPEC.md section 8):
// assemble, reduce to LCP(A, b), classify A, find all solutions (or one,
// above a limit on the number of active contacts), and read the eight
// stiffness pathologies off them. This is what the command-line program
// lcp-granular and the LAMMPS command quasistatic/lcp write as JSON.
#ifndef QUASISTATIC_LCP_ANALYSIS_H
#define QUASISTATIC_LCP_ANALYSIS_H

#include "lcp_solver.h"
#include "lcp_system.h"

#include <string>
#include <vector>

namespace lcp {

struct AnalysisOptions {
  // Full enumeration (all solutions, classes, sensitivity, modes) only up to
  // this many active contacts; beyond it one solution by Lemke's method
  // (and the QP minimizer when Lemke finds none).
  int max_enumerated_contacts = 16;
  Tolerances tolerances;
  // Solutions whose I2 lies within this relative distance of the smallest
  // are equally likely (LCP_SPEC.md section 8, "Equal I2").
  double equal_work_tolerance = 1e-5;
  // Optional post-processing of A and b before the analysis (used for
  // Example 2's symmetrisation); null = none.
  void (*adjust)(Matrix &A, Vector &b) = nullptr;
};

// One solution of the increment: an isolated point (Type I) or a bounded
// convex set (Type II) given by its extreme points.
struct IncrementSolution {
  std::string type = "I";                // "I" or "II"
  Vector lambda;                         // Type I: the slip rates
  std::vector<Vector> extreme_points;    // Type II
  std::vector<std::string> extreme_patterns;   // Type II: pattern of each extreme point
  std::vector<double> extreme_I2;        // Type II: I2 of each extreme point
  int dimension = 0;                     // Type II: dimension of the set (rule 14)
  std::string pattern;                   // per active contact: 'E' (lambda = 0) or 'S'
                                         // (Type II: 'S' where it slides anywhere in the set)
  double I2 = 0.0;                       // second-order work (Type II: smallest over extreme points)
  bool likely = false;                   // smallest I2 (within equal_work_tolerance)
  bool path_sensitive = false;
  Vector d;                              // movements (Type II: at the extreme point of least I2)
  Vector reactions;                      // dy
};

struct Analysis {
  Matrix A;
  Vector b;
  std::vector<int> active_contacts;      // indices into Problem::contacts
  bool enumerated = false;               // false: single-solution method only
  MatrixClasses classes;
  std::vector<IncrementSolution> solutions;
  std::vector<UnsustainableMode> unsustainable_modes;
  std::vector<Vector> neutral_modes;     // non-trivial solutions of LCP(A, 0)
  bool path_incongruent = false;         // no solution for this b
  Vector least_violating;                // incongruent: the QP minimizer (LCP_SPEC.md 6.3)
  bool neutral_equilibrium = false;      // A is not R0
  bool type_III = false;                 // an unbounded set of solutions
  int type_III_sets = 0;
  bool bott_duffin_singular = false;
  std::string method;                    // "enumeration", "lemke", "qp"
};

Analysis analyze(const Problem &problem, const AnalysisOptions &options = {});
// The same on an assembled and reduced system (the incremental driver's
// system carries the periodic cell's dofs besides those of its Problem).
Analysis analyze_system(const MixedLcp &system, const ReducedLcp &reduced,
                        const AnalysisOptions &options = {});

// The one increment a loading program follows (LCP_SPEC.md 9.8 item 6):
// with at most max_enumerated_contacts active contacts and A not positive
// definite, all solutions are enumerated and the one of least I2 is taken;
// otherwise (or when A is positive definite: the solution is unique) one
// solution by Lemke's method. When none exists (path-incongruity) the QP
// minimizer of section 6.3 is kept.
struct IncrementStep {
  Vector lambda;            // slip rates of the active contacts
  Vector d;                 // movements
  Vector dy;                // reactions
  double I2 = 0.0;
  int solutions = 0;        // solution points considered (0: incongruent)
  bool path_incongruent = false;
  std::string method;       // "none" (no active contact), "enumeration", "lemke", "qp"
};
IncrementStep choose_increment(const MixedLcp &system, const ReducedLcp &reduced,
                               const AnalysisOptions &options = {});

}    // namespace lcp

#endif
