/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: the work of the forces that do not derive from the
   reported energy (the j_a scaling of cohesion; damping and friction),
   for the energy balance that compute pair reports (LAMMPS glue).

   Why per atom and at the end of the step: velocity Verlet changes the
   kinetic energy over a step by dt/2 (F(n) + F(n+1)) . v(n+1/2) up to
   O(dt^3). Summing the synchronized power P(n) = sum_atoms F_e . v +
   T_e . omega of the extra loads with the trapezoidal rule,
   W += dt/2 (P(n) + P(n+1)), differs from that by a telescoping sum,
   so the balance KE + PE - W drifts only by O(dt^2). (The power with the
   half-step velocities at force time would leave an O(dt) error.) The
   loads on ghost atoms are summed onto their owners by reverse
   communication before the power is taken.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_WORK_ACCOUNTING_H
#define BODY_DEM_WORK_ACCOUNTING_H

#include "pair_contact_forces.h"

#include <vector>

namespace LAMMPS_NS {
class Atom;
class AtomVecBody;
}    // namespace LAMMPS_NS

namespace body_dem {

class WorkAccounting {
 public:
  // force and torque of the j_a part, force and torque of the dissipative part
  static constexpr int kValuesPerAtom = 12;
  static constexpr int kParts = 2;

  // Zeroes the loads of atoms 0..nall-1 (local and ghost).
  void begin_step(int nall);
  // Adds a pair's loads to its two atoms.
  void add(int i, int j, const PairResult &r) { add(0, i, j, r); }
  // Adds the loads of a wall contact (body i only; the wall is outside);
  // in a sparse step it flags the row (one byte per body, so that the
  // threads of the walls' /omp variants, each with its own bodies, can
  // call it at once).
  void add_wall(int i, const PairResult &r);
  // begin_step() for a wall: only the few bodies at a wall get loads, so
  // the rows loaded last step are zeroed instead of the rows of all atoms
  // every step. After its loop the wall calls list_wall_rows(): the rows
  // among 0..n-1 that add_wall() flagged, in ascending order, which
  // local_power() then visits alone, in the order of the full scan.
  void begin_sparse_step(int nall);
  void list_wall_rows(int n);

  // Threads (the /omp styles): each thread adds into its own slice of
  // loads, so that no two threads write the same memory, and the slices
  // are summed onto slice 0 afterwards. begin_step() is the one-slice case.
  //   resize(nall, nslices)     one thread, before the threads start
  //   zero_slice(s)             each thread its own slice s
  //   add(s, i, j, r)           into slice s
  //   sum_slices(from, to)      atoms from..to-1 of every slice onto slice 0
  //                             (threads on disjoint ranges, after all adds)
  // The sum is taken in slice order, so a given number of threads gives
  // the same result on every run.
  void resize(int nall, int nslices);
  void zero_slice(int slice);
  void add(int slice, int i, int j, const PairResult &r);
  void sum_slices(int from, int to);

  // Loads of atom i in slice 0 (the totals once the slices are summed).
  double *row(int i) { return &loads_[static_cast<size_t>(i) * kValuesPerAtom]; }

  // Synchronized power of the loads on the local atoms of this rank.
  void local_power(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec, double power[kParts]) const;
  // The same for local atoms from..to-1 (threads on disjoint ranges).
  void local_power(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec, int from, int to,
                   double power[kParts]) const;

  // At the setup of a run: the power at the start, no work yet.
  void start(const double power[kParts]);
  // At the end of a step: trapezoidal rule onto work[0..1].
  void integrate(double dt, const double power[kParts], double *work);

  double memory_usage() const { return loads_.capacity() * sizeof(double); }

 private:
  std::vector<double> loads_;    // nslices_ slices of nall_ atoms
  int nall_ = 0, nslices_ = 1;
  size_t slice_size() const { return static_cast<size_t>(nall_) * kValuesPerAtom; }
  double previous_[kParts] = {0.0, 0.0};
  bool sparse_ = false;
  std::vector<int> touched_;               // sparse: the rows loaded this step, ascending (list_wall_rows)
  std::vector<unsigned char> is_touched_;  // sparse: per row, whether add_wall() loaded it
  bool started_ = false;
};

// Implemented by the pair styles whose work an internal fix integrates.
class WorkAccountingClient {
 public:
  virtual void work_setup() = 0;          // after the forces of a run's setup
  virtual void work_end_of_step() = 0;    // after the velocities of a step

 protected:
  // Never deleted through this interface: a protected, non-virtual
  // destructor, so that it imposes no exception specification on the
  // host's classes that implement it (their destructors are
  // noexcept(false) in LAMMPS 2025).
  ~WorkAccountingClient() = default;
};

}    // namespace body_dem

#endif
