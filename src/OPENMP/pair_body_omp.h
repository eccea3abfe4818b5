/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: what every /omp pair style of the package shares
   (LAMMPS glue on the host's OPENMP package): the threaded neighbour loop,
   the counterpart of PairBodyBase::compute_pairs().

   A variant is its serial style plus threads and nothing else:

     class PairFooOMP : public PairBodyOMP<PairFoo> {
       void compute(int eflag, int vflag) override {
         <size the per-step body frames for nlocal + nghost atoms>;
         compute_pairs_omp(eflag, vflag,
             [this](int from, int to) { <fill the frames of atoms from..to-1> },
             [this](int i, int j, const body_dem::PairStepSettings &s, body_dem::Vec3 *xi,
                    const body_dem::WeightRecordRef &weight_record, double *style_values, bool &overflow,
                       body_dem::ContactRecorder *recorder) {
               return pair_forces(i, j, s, xi, weight_record, style_values, overflow, recorder);
             });
       }
     };

   where pair_forces() is the serial style's own per-pair function.

   How the work is split and summed:
   - per-atom preparation (the body frames of local and ghost atoms): local
     atoms in the equal ranges of fix nve/body/omp, ghost atoms in equal
     ranges, then a barrier; for the 3d styles only the atoms that a pair
     within reach needs, marked first by each thread from its part of the
     list (below), with a barrier between;
   - the neighbour list: contiguous ranges of its entries i, cut so that
     every thread gets about the same cost, estimated from what became of
     each pair at the last step (a deterministic split, so that a given
     thread count gives the same result on every run; see
     split_neighbor_list());
   - forces and torques: into the thread's own arrays of the host
     (ThrData), energy and virial through ev_tally_xyz_thr, all summed by
     the host's reduce_thr (which also takes the f.r virial per thread);
   - the loads of the work accumulators: into the thread's own slice of
     body_dem::WorkAccounting, summed onto slice 0 before the reverse
     communication, so that compute pair reports the serial style's values.
   The per-pair history needs no reduction (see the loop below). On the
   steps a contact compute asks for, each thread records its pairs'
   contact rows into a buffer of its own (contact_recording.h).
------------------------------------------------------------------------- */

#ifndef BODY_DEM_PAIR_BODY_OMP_H
#define BODY_DEM_PAIR_BODY_OMP_H

#include "neighbor_split.h"
#include "pair_body_base.h"
#include "thr_omp.h"

#include "atom.h"
#include "comm.h"
#include "fix_neigh_history.h"
#include "force.h"
#include "neigh_list.h"
#include "neighbor.h"
#include "suffix.h"
#include "timer.h"
#include "update.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace LAMMPS_NS {

template <class SerialStyle> class PairBodyOMP : public SerialStyle, public ThrOMP {
 public:
  explicit PairBodyOMP(class LAMMPS *lmp) : SerialStyle(lmp), ThrOMP(lmp, THR_PAIR)
  {
    this->suffix_flag |= Suffix::OMP;
    this->respa_enable = 0;
  }

  // The work integration of the serial style, with the power summed over
  // the local atoms by the threads (a sum per thread, then over threads).
  void work_setup() override
  {
    double power[body_dem::WorkAccounting::kParts];
    threaded_power(power);
    this->work.start(power);
  }
  void work_end_of_step() override
  {
    double power[body_dem::WorkAccounting::kParts];
    threaded_power(power);
    this->work.integrate(this->update->dt, power, this->pvector);
  }

 protected:
  // prepare_atoms(from, to): per-atom work of this step for atoms
  // from..to-1 of the local and ghost atoms (disjoint ranges per thread);
  // with only_atoms_in_reach, only for the atoms that a pair of the list
  // has within reach (one atom per call; the others are not prepared).
  // pair_forces(i, j, settings, xi, weight_record, style_values, overflow): the serial
  // style's per-pair function; called from several threads at once, so it
  // may write nothing but *xi, weight_record, style_values and overflow.
  template <class AtomFunction, class PairFunction>
  void compute_pairs_omp(int eflag, int vflag, AtomFunction &&prepare_atoms, PairFunction &&pair_forces,
                         bool only_atoms_in_reach = false);

 private:
  std::vector<int> first_entry_;        // per thread: its first entry of the neighbour list; [nthreads] = inum
  std::vector<double> thread_power_;    // kParts per thread
  // per entry of the list: the cost of what became of its pairs at the
  // last step, and which build of the list that was
  std::vector<std::int64_t> outcome_cost_;
  bigint outcome_build_ = -1, outcome_builds_ = -1;
  // per atom (local and ghost): whether a pair of the list has it within
  // reach this step; set by several threads at once (atomic stores of 1)
  std::unique_ptr<std::atomic<unsigned char>[]> in_reach_;
  int in_reach_size_ = 0;

  void split_neighbor_list(int nthreads);
  // where the part tid of n items in nthreads equal parts begins
  static int share(int n, int tid, int nthreads)
  {
    return static_cast<int>(static_cast<std::int64_t>(n) * tid / nthreads);
  }

  static constexpr body_dem::EntryCosts kCosts{};
  static std::int64_t outcome_weight(typename SerialStyle::PairOutcome outcome)
  {
    switch (outcome) {
      case SerialStyle::PairOutcome::OutOfReach: return kCosts.out_of_reach;
      case SerialStyle::PairOutcome::NoLoad: return kCosts.no_load;
      default: return kCosts.interacting;
    }
  }
  void threaded_power(double power[body_dem::WorkAccounting::kParts]);
};

template <class SerialStyle>
void PairBodyOMP<SerialStyle>::threaded_power(double power[body_dem::WorkAccounting::kParts])
{
  constexpr int kParts = body_dem::WorkAccounting::kParts;
  const int nthreads = this->comm->nthreads;
  const int nlocal = this->atom->nlocal;
  thread_power_.assign(static_cast<size_t>(kParts) * nthreads, 0.0);
#if defined(_OPENMP)
#pragma omp parallel num_threads(nthreads)
#endif
  {
#if defined(_OPENMP)
    const int tid = omp_get_thread_num();
#else
    const int tid = 0;
#endif
    const int from = share(nlocal, tid, nthreads);
    const int to = share(nlocal, tid + 1, nthreads);
    double mine[kParts];    // summed here, not in the shared array (one cache line for all threads)
    this->work.local_power(this->atom, this->avec, from, to, mine);
    for (int part = 0; part < kParts; part++) thread_power_[static_cast<size_t>(kParts) * tid + part] = mine[part];
  }
  for (int part = 0; part < kParts; part++) {
    power[part] = 0.0;
    for (int t = 0; t < nthreads; t++) power[part] += thread_power_[static_cast<size_t>(kParts) * t + part];
  }
}

// Cuts the neighbour list into nthreads contiguous ranges of about equal
// cost. The list runs through the packing in space, so ranges of equal
// neighbour counts put the dense bottom of a heap on one thread and its
// loose top on the other. The cost of an entry is what became of its
// pairs at the last step (outcome_weight()), while the list is the one
// of that step; after a rebuild of the list, a pair whose flag in the
// history fix is on (it touched, or kept a record of weighted contacts)
// is taken for an interacting one and every other pair for one out of
// reach (without per-pair values: every pair out of reach). Both are
// functions of the positions alone, the same on every run, so the split
// is deterministic: a given thread count gives the same result, to the
// last bit, on every run.
template <class SerialStyle> void PairBodyOMP<SerialStyle>::split_neighbor_list(int nthreads)
{
  const NeighList *list = this->list;
  const int inum = list->inum;
  const bool same_list = outcome_build_ == this->neighbor->lastcall && outcome_builds_ == this->neighbor->ncalls &&
      outcome_cost_.size() == static_cast<size_t>(inum);
  outcome_build_ = this->neighbor->lastcall;
  outcome_builds_ = this->neighbor->ncalls;
  if (nthreads == 1) {
    outcome_cost_.resize(inum);
    first_entry_.assign({0, inum});
    return;
  }
  if (!same_list)
    body_dem::costs_from_flags(list, this->keeps_pair_history() ? this->fix_history->firstflag : nullptr, kCosts,
                               outcome_cost_);
  body_dem::cut_by_cost(outcome_cost_, inum, nthreads, first_entry_);
}

template <class SerialStyle>
template <class AtomFunction, class PairFunction>
void PairBodyOMP<SerialStyle>::compute_pairs_omp(int eflag, int vflag, AtomFunction &&prepare_atoms,
                                                 PairFunction &&pair_forces, bool only_atoms_in_reach)
{
  this->ev_init(eflag, vflag);

  Atom *const atom = this->atom;
  const int nlocal = atom->nlocal;
  const int nall = nlocal + atom->nghost;
  const int nthreads = this->comm->nthreads;
  const int newton_pair = this->force->newton_pair;
  const body_dem::PairStepSettings settings = this->step_settings();
  body_dem::WorkAccounting &work = this->work;
  double **const x = atom->x;

  work.resize(nall, nthreads);
  split_neighbor_list(nthreads);
  if (only_atoms_in_reach && in_reach_size_ < nall) {
    in_reach_size_ = nall + nall / 4 + 16;
    in_reach_.reset(new std::atomic<unsigned char>[static_cast<size_t>(in_reach_size_)]);
  }
  int overflow = 0;
  double weight_work = 0.0;
  const bool recording = this->begin_contact_recording(nthreads);

#if defined(_OPENMP)
#pragma omp parallel num_threads(nthreads) reduction(+ : overflow, weight_work)
#endif
  {
#if defined(_OPENMP)
    const int tid = omp_get_thread_num();
#else
    const int tid = 0;
#endif
    ThrData *const thr = fix->get_thr(tid);
    thr->timer(Timer::START);
    ev_setup_thr(eflag, vflag, nall, this->eatom, this->vatom, nullptr, thr);

    // This thread's atoms for summing the work loads.
    const int atom_from = share(nall, tid, nthreads);
    const int atom_to = share(nall, tid + 1, nthreads);
    // The body frames: local atoms in the equal ranges of fix nve/body/omp
    // (the thread that moved a body reads its orientation from its own
    // cache: with ranges of all atoms instead, local and ghost, the
    // frames took thread 0 0.059 s and thread 1 0.042 s over 200 steps of
    // in.pour3d's bed, with these 0.052 and 0.041 s), ghost atoms in
    // equal ranges.
    const int nghost = nall - nlocal;
    const int local_from = share(nlocal, tid, nthreads), local_to = share(nlocal, tid + 1, nthreads);
    const int ghost_from = nlocal + share(nghost, tid, nthreads), ghost_to = nlocal + share(nghost, tid + 1, nthreads);
    if (only_atoms_in_reach) {
      // Which atoms a pair within reach needs (the pair loop's test of
      // reach, the enclosing spheres, with a reach larger by 1e-10: a few
      // atoms too many rather than one too few, whatever the round-off),
      // the entries split as in the pair loop; then the marked ones only.
      for (int a = local_from; a < local_to; a++) in_reach_[a].store(0, std::memory_order_relaxed);
      for (int a = ghost_from; a < ghost_to; a++) in_reach_[a].store(0, std::memory_order_relaxed);
      sync_threads();
      const double *radius = atom->radius;
      const double cut_surface = this->surface_cutoff();
      const NeighList *list = this->list;
      for (int ii = first_entry_[tid]; ii < first_entry_[tid + 1]; ii++) {
        const int i = list->ilist[ii];
        const int *jlist = list->firstneigh[i];
        bool i_in_reach = false;
        for (int jj = 0; jj < list->numneigh[i]; jj++) {
          const int j = jlist[jj] & NEIGHMASK;
          const double dx = x[i][0] - x[j][0], dy = x[i][1] - x[j][1], dz = x[i][2] - x[j][2];
          const double reach = (radius[i] + radius[j] + cut_surface) * (1.0 + 1e-10);
          if (dx * dx + dy * dy + dz * dz <= reach * reach) {
            i_in_reach = true;
            in_reach_[j].store(1, std::memory_order_relaxed);
          }
        }
        if (i_in_reach) in_reach_[i].store(1, std::memory_order_relaxed);
      }
      sync_threads();    // every mark is set (the barrier orders the stores before the loads)
      for (int a = local_from; a < local_to; a++)
        if (in_reach_[a].load(std::memory_order_relaxed)) prepare_atoms(a, a + 1);
      for (int a = ghost_from; a < ghost_to; a++)
        if (in_reach_[a].load(std::memory_order_relaxed)) prepare_atoms(a, a + 1);
    } else {
      prepare_atoms(local_from, local_to);
      prepare_atoms(ghost_from, ghost_to);
    }
    work.zero_slice(tid);
    sync_threads();    // every body of this step is ready before any pair reads it

    double **const f = thr->get_f();
    double **const torque = thr->get_torque();
    // each entry's cost for the split of the next step: what became of its pairs
    for (int ii = first_entry_[tid]; ii < first_entry_[tid + 1]; ii++) outcome_cost_[ii] = kCosts.entry;
    this->interact_entries(
        first_entry_[tid], first_entry_[tid + 1], settings, f, torque, overflow, weight_work, pair_forces,
        [&](int ii, int i, int j, typename SerialStyle::PairOutcome outcome, const body_dem::PairResult &r) {
          outcome_cost_[ii] += outcome_weight(outcome);
          if (outcome != SerialStyle::PairOutcome::Interacting) return;    // no load, no energy: most pairs
          work.add(tid, i, j, r);
          if (this->evflag)
            ev_tally_xyz_thr(this, i, j, nlocal, newton_pair, r.energy, 0.0, -r.total.force_j.x,
                             -r.total.force_j.y, -r.total.force_j.z, x[i][0] - x[j][0], x[i][1] - x[j][1],
                             x[i][2] - x[j][2], thr);
        },
        recording ? &this->recorded_contacts.buffer(tid) : nullptr);
    thr->timer(Timer::PAIR);

    // Forces, torques, energy, virial (f.r per thread) onto the host's arrays.
    reduce_thr(static_cast<Pair *>(this), eflag, vflag, thr);
    sync_threads();    // every thread has added all its work loads
    work.sum_slices(atom_from, atom_to);
  }

  if (overflow) this->contact_overflow();
  if (recording) this->end_contact_recording();
  if (this->weight_record) this->pvector[2] += weight_work;
  // Work loads on ghost atoms to their owners (slice 0 holds the sums).
  host::reverse_comm_of(this->comm, this);
}

}    // namespace LAMMPS_NS

#endif
