// Incremental quasi-static driver for 2d disk assemblies in a periodic cell
// (LCP_SPEC.md 9.8; Example 3 of section 10.3: biaxial compression of 49
// disks). Each increment detects the contacts (periodic images), updates
// the persistent contact forces, culls rattlers, assembles the mixed LCP of
// the backbone with lcp::assemble(), appends the three cell dofs
// (dx11, dx22, dx12) with the stress or strain control rows, reduces it to
// LCP(A, b), solves it (one solution, or the enumerative analysis of
// lcp::choose_increment) and advances the state. No LAMMPS.
//
// Typical use (bench/lcp_bench.cpp):
//   QuasiStaticDriver driver(read_disk_assembly(path));
//   driver.consolidate(1.25e-3);
//   for (...) records.push_back(driver.increment(biaxial_loading(-5e-6, -1.25e-3)));
//
// Conventions (all from LCP_SPEC.md section 0 unless stated):
//  * Cell vectors a1 = (x11, 0), a2 = (x12, x22); the cell spans
//    {xi1 a1 + xi2 a2, 0 <= xi < 1}. A periodic image of disk q is
//    x_q + s1 a1 + s2 a2 with integer image offsets (s1, s2).
//  * A contact (p, q) with p < q is stored once; its branch vector is
//    l = x_q + s1 a1 + s2 a2 - x_p, the normal n = l/|l| points out of p,
//    the stored force f acts on p (compression: f . n < 0).
//  * Stress: Love-Weber, tension positive, sigma = (1/V) sum_c l (x) f
//    (equal to the spec's sum over variants of r_p (x) f for disks, since
//    r_p - r_q = l), V = x11 x22.
//  * Cell dofs: d = [particle dofs in the layout of lcp_system.h; dx11,
//    dx22, dx12]. The image of q moves by T_s dx with
//    T_s = [[s1, 0, s2], [0, s2, 0]]  (section 3.1: delta u_def,1 +=
//    s1 dx11 + s2 dx12, delta u_def,2 += s2 dx22).
#ifndef QUASISTATIC_LCP_DRIVER_H
#define QUASISTATIC_LCP_DRIVER_H

#include "lcp_analysis.h"
#include "lcp_system.h"

#include <array>
#include <string>
#include <vector>

namespace lcp {
namespace driver {

using Vec2 = Eigen::Vector2d;
using Mat2 = Eigen::Matrix2d;

struct Disk {
  double radius = 0.0;
  Vec2 x = Vec2::Zero();     // centre
  double rotation = 0.0;     // accumulated rotation about z
};

struct PeriodicCell {
  double x11 = 1.0, x22 = 1.0, x12 = 0.0;
  double volume() const { return x11 * x22; }
  // Offset of the image (s1, s2): s1 a1 + s2 a2.
  Vec2 image(int s1, int s2) const { return Vec2(s1 * x11 + s2 * x12, s2 * x22); }
};

struct DiskAssembly {
  PeriodicCell cell;
  std::vector<Disk> disks;
};

// Reads the LCPgranular assembly format (bench/data/README.md): a format
// flag; the number of disks, the cell lengths x11 and x22 (and 1.0); a line
// of three numbers (zeros); one line "radius x y" per disk. Fortran 'D'
// exponents are accepted. Throws std::runtime_error naming the line.
DiskAssembly read_disk_assembly(const std::string &path);

// A geometric contact found by the detection: disks p < q overlap through
// the image (s1, s2) of q.
struct PeriodicContact {
  int p = 0, q = 0;
  int s1 = 0, s2 = 0;
  Vec2 branch = Vec2::Zero();   // x_q + image - x_p
  double overlap = 0.0;         // R_p + R_q - |branch| > 0
};

// Contacts by the minimum image convention: valid while every disk
// diameter sum is below half the smallest cell width (checked; throws
// std::runtime_error otherwise), so that a pair touches through one image.
std::vector<PeriodicContact> find_contacts(const DiskAssembly &assembly);

// Cell loading of one increment: each of the components 11, 22, 12 is
// either strain-controlled (its cell increment is prescribed) or
// stress-controlled (the Love-Weber stress is driven to a target).
enum class CellControl { strain, stress };
struct CellLoading {
  std::array<CellControl, 3> control{CellControl::strain, CellControl::strain, CellControl::strain};
  // Strain-controlled: the prescribed increments as strains,
  // dx11 = strain[0] x11, dx22 = strain[1] x22, dx12 = strain[2] x22.
  std::array<double, 3> strain{0.0, 0.0, 0.0};
  // Stress-controlled: target sigma11, sigma22, sigma12 (tension positive).
  std::array<double, 3> stress_target{0.0, 0.0, 0.0};
};

// Biaxial compression, control code 010000 (section 10.3): eps11
// prescribed, sigma22 held at sigma22_target, dx12 = 0.
CellLoading biaxial_loading(double strain11_increment, double sigma22_target);
// Isotropic control: strain-controlled shrinking (stress_target unused) or
// stress control of 11 and 22 at -mean_pressure; dx12 = 0.
CellLoading isotropic_strain_loading(double strain_increment);
CellLoading isotropic_stress_loading(double mean_pressure);

struct DriverSettings {
  double kn = 1.0, alpha = 1.0, mu = 0.5;          // contact law (section 10.3)
  double curvature_factor = 1.0;                   // rho = radius x CurveFactor
  double active_tolerance = 2e-5;                  // tol_lambda of Example 3
  int min_coordination = 2;                        // Min_Coord_No: rattlers below it
  double lambda_threshold = 0.01;                  // step scaling when max lambda exceeds it
  // Step scaling also when a stress-controlled cell length would change by
  // more than this strain in one increment (guards the consolidation's
  // first increments, which start far from the target; not in [C]).
  double max_cell_strain_increment = 2e-4;
  // Step scaling also when a backbone disk would move, apart from the
  // affine motion with the cell, by more than this fraction of the mean
  // overlap of the backbone contacts in one increment (not in [C]: near an
  // instability the linear increment can move disks by many overlaps and
  // create deep new overlaps, i.e. large spurious forces). 0: off.
  double max_nonaffine_move_per_overlap = 0.25;
  double max_stress_deviation = 5e-6;              // Max_stress_deviation
  // Mean |net force| over the backbone disks relative to the mean contact
  // force above which a corrective increment follows (the spec's Max_b_p =
  // 2e-4 is an absolute force; here made relative to the force scale).
  double max_relative_imbalance = 2e-2;
  int max_repetitions = 2;                         // Max_Repetitions
  // When Lemke's method finds no solution and m is at most this, all
  // solutions are enumerated (9.1) to tell path-incongruity from a ray
  // termination of Lemke's method; the least-I2 one is followed.
  int fallback_enumeration_limit = 14;
  // Below this reciprocal condition number of the free block of K the
  // reduction falls back to lcp::reduce (SVD-based pseudo-inverse).
  double min_rcond = 1e-13;
};

// How one increment is solved.
struct SolveOptions {
  // false: one solution by Lemke's method; when it finds none, all
  // solutions by enumeration for m <= fallback_enumeration_limit (least I2
  // followed), and the QP minimizer when there is none (path-incongruity).
  // true: lcp::choose_increment, i.e. all solutions by enumeration
  // when m <= max_enumerated_contacts and A is not positive definite, the
  // one of least I2 followed.
  bool enumerate = false;
  int max_enumerated_contacts = 16;
  // With enumerate and m <= max_enumerated_contacts: also the whole
  // analysis of lcp::analyze_system (classes of A, bifurcation types,
  // path-sensitivity, unsustainable modes, neutral equilibrium), for the
  // record.
  bool classify = true;
};

// The per-increment record (the logging schema of section 10.3).
struct IncrementRecord {
  long index = 0;               // counts regular (time-advancing) increments
  double time = 0.0;            // sum of the step factors t (fractional when scaled)
  double strain11 = 0.0;        // -eps11 = -sum dx11/x11 (compression positive)
  double strain22 = 0.0;        // -eps22
  double volumetric = 0.0;      // (V - V0)/V0, compression negative
  double sigma11 = 0.0, sigma22 = 0.0, sigma12 = 0.0;
  double mean_stress = 0.0;     // p = -(sigma11 + sigma22)/2
  double q_over_p = 0.0;        // q = (sigma22 - sigma11)/2: sin of the mobilised friction angle
  int contacts = 0;             // backbone contacts
  int rattlers = 0;
  int active = 0;               // m
  int sliding = 0;              // lambda_i > 0
  int solutions = 0;            // solutions considered (0: incongruent)
  std::string method;           // none, lemke, qp, enumeration, pinv (+ fallback marks)
  bool incongruent = false;
  bool enumerated = false;      // enumerative analysis requested for this increment
  // Set when the enumerative analysis classified this increment (m within
  // the limit): A is P, its symmetric part PD, A degenerate; the distinct
  // Type I solutions and Type II / III solution sets (LCP_SPEC.md 9.2);
  // the pathologies of section 8 for the increment.
  bool classified = false;
  bool P = false, PD = false, degenerate = false;
  int type_one = 0, type_two = 0, type_three = 0;
  bool path_sensitive = false;       // some solution is path-sensitive
  bool neutral_equilibrium = false;  // A is not R0
  int unsustainable_modes = 0;
  int corrections = 0;          // corrective increments that preceded it
  double step_factor = 1.0;     // t of the step-size control
  double relative_imbalance = 0.0;   // after the increment (see DriverSettings)
  double stress_deviation = 0.0;     // max |sigma - target| of the stress-controlled components, after
};

// The extended mixed LCP of one increment: lcp::assemble() of the backbone
// plus the three cell dofs, with bookkeeping to map it back.
struct CellSystem {
  MixedLcp system;                      // n_dof = 3 N_backbone + 3
  int cell_dof = 0;                     // index of dx11; dx22, dx12 follow
  std::vector<int> particle_of;         // backbone index -> disk index
                                        // (problem contact c = backbone contact c)
  std::vector<int> active_index;        // backbone contact -> position in lambda, or -1
  int drift_particle = -1;              // disk whose translation is fixed
  Mat2 stress = Mat2::Zero();           // Love-Weber stress of the state
  std::array<double, 3> row_length{0.0, 0.0, 0.0};   // L of the cell rows: x22, x11, x11
};

// The reduction of a CellSystem to LCP(A, b).
struct CellReduction {
  Matrix A;
  Vector b;
  Vector d0;          // movements for lambda = 0
  Matrix W;           // d(lambda) = d0 - W lambda
  bool used_pinv = false;   // free block singular: lcp::reduce's pseudo-inverse used
  double rcond = 0.0;
  Vector movements(const Vector &lambda) const { return d0 - W * lambda; }
};

class QuasiStaticDriver {
 public:
  explicit QuasiStaticDriver(const DiskAssembly &assembly, const DriverSettings &settings = {});

  // ---- the loading programs -------------------------------------------
  // One regular increment, preceded by up to max_repetitions corrective
  // increments (zero prescribed increments) when the state is off its
  // stress targets, out of balance, or the last LCP had no solution.
  IncrementRecord increment(const CellLoading &loading, const SolveOptions &solve = {});

  // Consolidation to the mean stress p_target (positive): strain-controlled
  // isotropic shrinking by strain_increment per increment while p is below
  // it, then stress-controlled relaxation at sigma11 = sigma22 = -p_target
  // until the stress deviation and the imbalance are within the settings'
  // tolerances (at most max_increments in all). Returns the records; the
  // reference state of the strains is reset afterwards.
  std::vector<IncrementRecord> consolidate(double p_target, double strain_increment = 2e-5,
                                           int max_increments = 4000);
  // Strains and volume change are measured from here on.
  void reset_reference();

  // ---- the state -------------------------------------------------------
  const DiskAssembly &assembly() const { return assembly_; }
  const DriverSettings &settings() const { return settings_; }
  // Backbone contacts with their current forces (after the last update).
  struct ContactState {
    PeriodicContact geometry;
    Vec2 force = Vec2::Zero();   // on p
  };
  const std::vector<ContactState> &contacts() const { return contacts_; }
  const std::vector<bool> &rattlers() const { return rattler_; }
  int rattler_count() const;
  Mat2 stress() const { return stress_; }
  double mean_pressure() const { return -0.5 * stress_.trace(); }
  // Mean |net force| of the backbone disks / mean |contact force|.
  double relative_imbalance() const { return relative_imbalance_; }
  double mean_contact_force() const { return mean_contact_force_; }
  double mean_overlap() const { return mean_overlap_; }
  // Net contact force (x, y) and moment of every disk (zero for rattlers).
  const std::vector<Eigen::Vector3d> &imbalance() const { return imbalance_; }
  double time() const { return time_; }

  // ---- the pieces of one increment (public for the tests) --------------
  // Detects the contacts, applies the force rules of 9.8 item 3, culls
  // rattlers, evaluates the stress and the imbalance.
  void prepare();
  // Steps 5-6: the extended mixed LCP for this loading.
  CellSystem build_system(const CellLoading &loading) const;
  CellReduction reduce_system(const CellSystem &cs) const;
  // delta u_def of backbone contact c for movements d (cell terms included).
  Vec2 contact_deformation(const CellSystem &cs, int contact, const Vector &d) const;
  // Step 8: moves the backbone disks by t d, the rattlers affinely (then
  // out of any overlap: they carry no force), the cell by t dx, and adds
  // t (D_e delta u_def - alpha kn h lambda) to the contact forces. Does not
  // re-detect contacts.
  void apply(const CellSystem &cs, const Vector &d, const Vector &lambda, double t);
  // Love-Weber stress of the stored contact forces at the current positions
  // (the same contacts, branch vectors re-evaluated): what the stress row
  // linearises.
  Mat2 stress_of_stored_contacts() const;
  // Stress rows of cs applied to d and lambda: the predicted stress increment.
  Mat2 predicted_stress_increment(const CellSystem &cs, const Vector &d, const Vector &lambda) const;

 private:
  struct PairState {
    bool in_contact = false;
    Vec2 force = Vec2::Zero();
  };
  PairState &pair(int p, int q) { return pairs_[static_cast<size_t>(p) * assembly_.disks.size() + q]; }
  void wrap_positions();
  void separate_rattlers();
  double stress_deviation(const CellLoading &loading) const;
  double step_factor(const CellSystem &cs, const CellLoading &loading, const Vector &d, const Vector &lambda) const;
  IncrementRecord solve_and_advance(const CellLoading &loading, const SolveOptions &solve);

  DiskAssembly assembly_;
  DriverSettings settings_;
  std::vector<PairState> pairs_;           // N x N, used for p < q
  std::vector<ContactState> contacts_;     // backbone contacts
  std::vector<bool> rattler_;
  std::vector<Eigen::Vector3d> imbalance_;
  Mat2 stress_ = Mat2::Zero();
  double relative_imbalance_ = 0.0;
  double mean_contact_force_ = 0.0;
  double mean_overlap_ = 0.0;
  double time_ = 0.0;
  long increments_ = 0;
  double strain11_ = 0.0, strain22_ = 0.0;   // accumulated sum dx/x (tension positive)
  double reference_volume_ = 0.0;
  bool last_incongruent_ = false;
};

}    // namespace driver
}    // namespace lcp

#endif
