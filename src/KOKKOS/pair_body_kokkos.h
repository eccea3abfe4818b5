/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: what every Kokkos variant of the package's pair styles
   shares (LAMMPS glue): the neighbour loop of PairBodyBase::compute_pairs()
   as Kokkos parallel loops on the host's data, with the serial style's
   per-pair function.

   A variant is its serial style plus this loop and nothing else
   (pair_body_rounded_kokkos.h): the serial style provides its body frames
   (frames, avec, bptr, check_added_bodies()) and its per-pair function
   pair_forces(i, j, settings, xi, weight_record, style_values, overflow),
   which reads the frames and writes nothing but the pair's history, so
   that several threads may call it at once.

   How the work is split and summed, so that a given number of threads
   gives the same result, to the last bit, on every run and after a
   restart, whatever thread runs what:
   - the body frames: one Kokkos loop over the local and ghost atoms;
   - the neighbour list: cut into as many contiguous parts as the
     execution space has threads, of about equal cost estimated from the
     pairs' contact flags (body_dem::costs_from_flags(): the state a
     restart file restores), one Kokkos work item per part;
   - each part adds its forces, torques, energy, loads of the work
     accumulators and weight work into arrays of its own; a second Kokkos
     loop over the atoms adds the parts in their order.
   The per-pair history needs no reduction: the history of pair (i, jj) is
   stored in the rows of atom i, and each entry i of the list belongs to
   one part.

   The variants run in Kokkos's default host execution space (OpenMP or
   Serial; the per-pair functions are not compiled for devices yet).
------------------------------------------------------------------------- */

#ifndef BODY_DEM_PAIR_BODY_KOKKOS_H
#define BODY_DEM_PAIR_BODY_KOKKOS_H

#include "kokkos_pair_loop.h"
#include "kokkos_runtime.h"
#include "neighbor_split.h"
#include "pair_body_base.h"

#include "atom.h"
#include "comm.h"
#include "fix_neigh_history.h"
#include "force.h"
#include "neigh_list.h"
#include "neighbor.h"

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace LAMMPS_NS {

template <class SerialStyle> class PairBodyKokkos : public SerialStyle {
 public:
  // style: the variant's name, for messages
  PairBodyKokkos(class LAMMPS *lmp, const char *style) : SerialStyle(lmp)
  {
    this->respa_enable = 0;
    body_dem::ensure_kokkos(lmp, std::string("pair_style ") + style);
    pair_loop_on_device_ = body_dem::pair_loop_on_device(lmp, std::string("pair_style ") + style);
  }

  void init_style() override
  {
    SerialStyle::init_style();
    device_list_valid_ = false;    // a new run: the host's stored values may have been read in or changed
  }

  void compute(int eflag, int vflag) override
  {
    if (serial_step(eflag, vflag)) return;    // per-atom energy or virial: the serial loop
    // as the serial style: bodies added by this step, before their vertices are read
    this->check_added_bodies();
    // the bodies to the space frame once per step, the atoms in a Kokkos
    // loop in the host execution space (for either neighbour loop)
    const int nall = this->atom->nlocal + this->atom->nghost;
    this->frames.prepare(this->atom, this->avec, this->bptr, nall);
    Kokkos::parallel_for("body_dem::body_frames", StaticRange(0, nall),
                         [this](const int i) { this->frames.transform(this->atom, this->avec, this->bptr, i, i + 1); });
    Kokkos::fence();
    if (pair_loop_on_device_) {
      compute_pairs_device(eflag, vflag);
      return;
    }
    compute_pairs_kokkos(
        eflag, vflag,
        [this](int i, int j, const body_dem::PairStepSettings &settings, body_dem::Vec3 *xi,
               const body_dem::WeightRecordRef &weight_record, double *style_values, bool &overflow,
                       body_dem::ContactRecorder *recorder) {
          return this->pair_forces(i, j, settings, xi, weight_record, style_values, overflow, recorder);
        });
  }

 protected:
  using ExecutionSpace = Kokkos::DefaultHostExecutionSpace;
  using StaticRange = Kokkos::RangePolicy<ExecutionSpace, Kokkos::Schedule<Kokkos::Static>>;

  // Steps that ask for per-atom energy or virial, or for the global virial
  // without the f.r sum, run the serial style's loop (the same forces; the
  // per-pair tallies of those quantities are the host's serial ones).
  // Returns whether it did.
  bool serial_step(int eflag, int vflag)
  {
    this->ev_init(eflag, vflag);
    if (!(this->eflag_atom || this->vflag_atom || (this->vflag_global && !this->vflag_fdotr))) return false;
    SerialStyle::compute(eflag, vflag);
    device_list_valid_ = false;    // the stored values changed on the host
    return true;
  }

  // The neighbour loop in the host execution space, over this step's
  // frames. pair_forces(i, j, settings, xi, weight_record, style_values,
  // overflow): the serial style's per-pair function; called from several
  // threads at once, so it may write nothing but *xi, weight_record,
  // style_values and overflow.
  template <class PairFunction> void compute_pairs_kokkos(int eflag, int vflag, PairFunction &&pair_forces);

  // The same in Kokkos's default execution space (a device), on copies
  // (kokkos_pair_loop.h) of this step's frames: the pair loop with the
  // style's per-pair kernel there.
  void compute_pairs_device(int eflag, int vflag);

  double memory_usage() override { return SerialStyle::memory_usage() + copies_.memory_usage(); }

 private:
  bool pair_loop_on_device_ = false;
  body_dem::DeviceCopies copies_;
  // The device holds this step's list and stored values already: the list
  // has not been built since the last device step (the host's build count
  // is device_list_build_), and nothing but the device loop changed the
  // stored values since (it copies them back each step).
  bool device_list_valid_ = false;
  bigint device_list_build_ = -1;
  int device_inum_ = 0, device_npairs_ = 0;
  int device_row_capacity_ = 0;    // room for contact rows in the device's memory (recording steps)
  // host side of the device loop's copies, reused from step to step
  std::vector<int> entry_first_h_, entry_atom_h_, neighbours_h_, flags_h_, packed_index_h_;
  std::vector<int> live_first_h_;    // per entry: its first row in the packed live values
  std::vector<double> packed_rows_h_, loads_h_, work_loads_h_;

  std::vector<int> first_entry_;              // per part: its first entry of the list; [nparts] = inum
  std::vector<std::int64_t> entry_cost_;      // per entry: estimated cost
  std::vector<double> part_loads_;            // per part: nall x (force, torque)
  std::vector<double *> part_rows_;           // per part: 2 x nall row pointers into part_loads_
  std::vector<double> part_energy_, part_weight_work_;
  std::vector<int> part_overflow_;
  int rows_nall_ = -1, rows_nparts_ = -1;

  void size_parts(int nall, int nparts);
};

template <class SerialStyle> void PairBodyKokkos<SerialStyle>::size_parts(int nall, int nparts)
{
  const size_t per_part = static_cast<size_t>(nall) * 6;
  if (part_loads_.size() < per_part * nparts) part_loads_.resize(per_part * nparts);
  if (rows_nall_ != nall || rows_nparts_ != nparts || part_rows_.size() != 2 * static_cast<size_t>(nall) * nparts) {
    part_rows_.resize(2 * static_cast<size_t>(nall) * nparts);
    for (int p = 0; p < nparts; p++)
      for (int i = 0; i < nall; i++) {
        double *row = part_loads_.data() + per_part * p + 6 * static_cast<size_t>(i);
        part_rows_[2 * (static_cast<size_t>(nall) * p) + i] = row;                 // force
        part_rows_[2 * (static_cast<size_t>(nall) * p) + nall + i] = row + 3;      // torque
      }
    rows_nall_ = nall;
    rows_nparts_ = nparts;
  }
  part_energy_.assign(nparts, 0.0);
  part_weight_work_.assign(nparts, 0.0);
  part_overflow_.assign(nparts, 0);
}

template <class SerialStyle>
template <class PairFunction>
void PairBodyKokkos<SerialStyle>::compute_pairs_kokkos(int eflag, int vflag, PairFunction &&pair_forces)
{
  this->ev_init(eflag, vflag);
  Atom *const atom = this->atom;
  const NeighList *const list = this->list;
  const int nlocal = atom->nlocal;
  const int nall = nlocal + atom->nghost;
  const int inum = list->inum;
  const int nparts = body_dem::kokkos_threads();
  const bool newton_pair = this->force->newton_pair != 0;
  const bool eflag_global = this->eflag_global != 0;
  const body_dem::PairStepSettings settings = this->step_settings();
  body_dem::WorkAccounting &work = this->work;

  body_dem::costs_from_flags(list, this->keeps_pair_history() ? this->fix_history->firstflag : nullptr,
                             body_dem::EntryCosts{}, entry_cost_);
  body_dem::cut_by_cost(entry_cost_, inum, nparts, first_entry_);
  size_parts(nall, nparts);
  work.resize(nall, nparts);
  // on the steps a contact compute asks for, each part records its pairs'
  // contact rows into a buffer of its own
  const bool recording = this->begin_contact_recording(nparts);

  const size_t per_part = static_cast<size_t>(nall) * 6;
  Kokkos::parallel_for("body_dem::neighbour_pairs", StaticRange(0, nparts), [&](const int p) {
    double *const loads = part_loads_.data() + per_part * p;
    for (size_t m = 0; m < per_part; m++) loads[m] = 0.0;
    work.zero_slice(p);
    double **const f = part_rows_.data() + 2 * (static_cast<size_t>(nall) * p);
    double **const torque = f + nall;
    double energy = 0.0, weight_work = 0.0;
    int overflow = 0;
    this->interact_entries(
        first_entry_[p], first_entry_[p + 1], settings, f, torque, overflow, weight_work, pair_forces,
        [&](int, int i, int j, typename SerialStyle::PairOutcome outcome, const body_dem::PairResult &r) {
          if (outcome != SerialStyle::PairOutcome::Interacting) return;    // no load, no energy: most pairs
          work.add(p, i, j, r);
          // the host's ev_tally for the global energy: with newton off,
          // half to each atom of the pair that is local
          if (eflag_global) energy += newton_pair ? r.energy : 0.5 * r.energy * ((i < nlocal) + (j < nlocal));
        },
        recording ? &this->recorded_contacts.buffer(p) : nullptr);
    part_energy_[p] = energy;
    part_weight_work_[p] = weight_work;
    part_overflow_[p] = overflow;
  });
  Kokkos::fence();

  double **const f = atom->f, **const torque = atom->torque;
  Kokkos::parallel_for("body_dem::sum_parts", StaticRange(0, nall), [&](const int i) {
    for (int p = 0; p < nparts; p++) {
      const double *row = part_loads_.data() + per_part * p + 6 * static_cast<size_t>(i);
      for (int d = 0; d < 3; d++) {
        f[i][d] += row[d];
        torque[i][d] += row[3 + d];
      }
    }
    work.sum_slices(i, i + 1);
  });
  Kokkos::fence();

  int overflow = 0;
  double weight_work = 0.0;
  for (int p = 0; p < nparts; p++) {
    this->eng_vdwl += part_energy_[p];
    weight_work += part_weight_work_[p];
    overflow += part_overflow_[p];
  }
  if (overflow) this->contact_overflow();
  if (recording) this->end_contact_recording();
  if (this->weight_record) this->pvector[2] += weight_work;
  host::reverse_comm_of(this->comm, this);
  if (this->vflag_fdotr) this->virial_fdotr_compute();
}

template <class SerialStyle> void PairBodyKokkos<SerialStyle>::compute_pairs_device(int eflag, int vflag)
{
  using Copies = body_dem::DeviceCopies;
  this->ev_init(eflag, vflag);
  Atom *const atom = this->atom;
  const NeighList *const list = this->list;
  const int nlocal = atom->nlocal;
  const int nall = nlocal + atom->nghost;
  const int inum = list->inum;
  const bool stored = this->keeps_pair_history();
  const int stride = this->size_history;

  body_dem::DevicePairArrays<tagint> a;
  const bool reuse_list =
      device_list_valid_ && device_list_build_ == this->neighbor->ncalls && device_inum_ == inum;
  int npairs = device_npairs_;
  if (reuse_list) {
    // the list, flags and stored values the device left at the last step
    a.entry_first = copies_.reserve<int>(Copies::kEntryFirst, inum + 1);
    a.entry_atom = copies_.reserve<int>(Copies::kEntryAtom, inum);
    a.neighbours = copies_.reserve<int>(Copies::kNeighbours, npairs);
    a.flags = stored ? copies_.reserve<int>(Copies::kFlags, npairs) : nullptr;
    a.values = stored ? copies_.reserve<double>(Copies::kValues, static_cast<size_t>(npairs) * stride) : nullptr;
  } else {
    // The list as one array of entries; the live stored values packed.
    // The offsets are prefix sums (one pass over the entries); the copies
    // run in the host execution space's threads, each entry on its own.
    entry_first_h_.resize(inum + 1);
    entry_atom_h_.resize(inum);
    live_first_h_.resize(inum + 1);
    npairs = 0;
    for (int ii = 0; ii < inum; ii++) {
      entry_first_h_[ii] = npairs;
      npairs += list->numneigh[list->ilist[ii]];
    }
    entry_first_h_[inum] = npairs;
    neighbours_h_.resize(npairs);
    flags_h_.resize(stored ? npairs : 0);
    Kokkos::parallel_for("body_dem::list_entries", StaticRange(0, inum), [&](const int ii) {
      const int i = list->ilist[ii];
      const int *jlist = list->firstneigh[i];
      const int jnum = list->numneigh[i];
      const int first = entry_first_h_[ii];
      entry_atom_h_[ii] = i;
      for (int jj = 0; jj < jnum; jj++) neighbours_h_[first + jj] = jlist[jj] & NEIGHMASK;
      if (!stored) return;
      const int *touch = this->fix_history->firstflag[i];
      int live = 0;
      for (int jj = 0; jj < jnum; jj++) {
        flags_h_[first + jj] = touch[jj];
        live += touch[jj] != 0;
      }
      live_first_h_[ii] = live;    // the count, made an offset below
    });
    Kokkos::fence();
    int nlive = 0;
    if (stored) {
      for (int ii = 0; ii < inum; ii++) {
        const int count = live_first_h_[ii];
        live_first_h_[ii] = nlive;
        nlive += count;
      }
      live_first_h_[inum] = nlive;
      packed_index_h_.resize(nlive);
      packed_rows_h_.resize(static_cast<size_t>(nlive) * stride);
      Kokkos::parallel_for("body_dem::pack_values", StaticRange(0, inum), [&](const int ii) {
        const int i = list->ilist[ii];
        const int *touch = this->fix_history->firstflag[i];
        const double *values = this->fix_history->firstvalue[i];
        const int jnum = list->numneigh[i];
        int k = live_first_h_[ii];
        for (int jj = 0; jj < jnum; jj++) {
          if (!touch[jj]) continue;
          packed_index_h_[k] = entry_first_h_[ii] + jj;
          std::memcpy(&packed_rows_h_[static_cast<size_t>(k) * stride], values + static_cast<size_t>(stride) * jj,
                      sizeof(double) * stride);
          k++;
        }
      });
      Kokkos::fence();
    }

    a.entry_first = copies_.put(Copies::kEntryFirst, entry_first_h_.data(), inum + 1);
    a.entry_atom = copies_.put(Copies::kEntryAtom, entry_atom_h_.data(), inum);
    a.neighbours = copies_.put(Copies::kNeighbours, neighbours_h_.data(), npairs);
    a.flags = nullptr;
    a.values = nullptr;
    if (stored) {
      a.flags = copies_.put(Copies::kFlags, flags_h_.data(), npairs);
      a.values = copies_.reserve<double>(Copies::kValues, static_cast<size_t>(npairs) * stride);
      Copies::zero(a.values, static_cast<size_t>(npairs) * stride);
      body_dem::device_scatter_rows(nlive, copies_.put(Copies::kPackedIndex, packed_index_h_.data(), nlive),
                                    copies_.put(Copies::kPackedRows, packed_rows_h_.data(), packed_rows_h_.size()),
                                    a.values, stride);
    }
    device_list_build_ = this->neighbor->ncalls;
    device_inum_ = inum;
    device_npairs_ = npairs;
  }
  // LAMMPS keeps each per-atom 2d array in one block: x[0] holds them all.
  a.x = copies_.put(Copies::kX, nall > 0 ? atom->x[0] : nullptr, 3 * static_cast<size_t>(nall));
  a.radius = copies_.put(Copies::kRadius, atom->radius, nall);
  a.tag = copies_.put(Copies::kTag, atom->tag, nall);
  a.loads = copies_.reserve<double>(Copies::kLoads, 6 * static_cast<size_t>(nall));
  a.work_loads = copies_.reserve<double>(Copies::kWorkLoads, 12 * static_cast<size_t>(nall));
  a.sums = copies_.reserve<double>(Copies::kSums, 2);
  a.overflow = copies_.reserve<int>(Copies::kOverflow, 1);
  Copies::zero(a.loads, 6 * static_cast<size_t>(nall));
  Copies::zero(a.work_loads, 12 * static_cast<size_t>(nall));
  Copies::zero(a.sums, 2);
  Copies::zero(a.overflow, 1);

  body_dem::DeviceLoopSettings s;
  s.layout = this->values_layout();
  s.step = this->step_settings();
  s.cut_surface = this->cut_surface;
  s.nlocal = nlocal;
  s.newton_pair = this->force->newton_pair != 0;
  s.eflag_global = this->eflag_global != 0;
  const auto kernel = device_kernel(this->pair_kernel(), this->frames, nall, copies_);

  // A step a contact compute asks for (contact_recording.h): room for the
  // rows in the device's memory (at first one per listed pair; the rows of
  // the last recording step and a quarter more after that), and the
  // stored values as they were, should the room be too small: then the
  // loop runs again from them with the room the rows need.
  const bool recording = this->begin_contact_recording(1);
  const size_t nvalues = stored ? static_cast<size_t>(npairs) * stride : 0;
  double *saved_values = nullptr;
  int *saved_flags = nullptr;
  if (recording) {
    if (device_row_capacity_ < npairs + 1024) device_row_capacity_ = npairs + 1024;
    a.row_capacity = device_row_capacity_;
    a.rows = copies_.reserve<body_dem::ContactRow>(Copies::kRows, a.row_capacity);
    a.row_counts = copies_.reserve<int>(Copies::kRowCounts, 2);
    Copies::zero(a.row_counts, 2);
    if (stored) {
      saved_values = copies_.reserve<double>(Copies::kSavedValues, nvalues);
      saved_flags = copies_.reserve<int>(Copies::kSavedFlags, npairs);
      Copies::copy(saved_values, a.values, nvalues);
      Copies::copy(saved_flags, a.flags, npairs);
    }
  }
  body_dem::device_pair_loop(inum, a, kernel, s);
  if (recording) {
    int row_counts[2];
    Copies::get(a.row_counts, row_counts, 2);
    if (row_counts[0] > a.row_capacity) {
      device_row_capacity_ = row_counts[0] + row_counts[0] / 4;
      a.row_capacity = device_row_capacity_;
      a.rows = copies_.reserve<body_dem::ContactRow>(Copies::kRows, a.row_capacity);
      if (stored) {
        Copies::copy(a.values, saved_values, nvalues);
        Copies::copy(a.flags, saved_flags, npairs);
      }
      Copies::zero(a.loads, 6 * static_cast<size_t>(nall));
      Copies::zero(a.work_loads, 12 * static_cast<size_t>(nall));
      Copies::zero(a.sums, 2);
      Copies::zero(a.overflow, 1);
      Copies::zero(a.row_counts, 2);
      body_dem::device_pair_loop(inum, a, kernel, s);
      Copies::get(a.row_counts, row_counts, 2);
    } else if (row_counts[0] + row_counts[0] / 4 > device_row_capacity_) {
      device_row_capacity_ = row_counts[0] + row_counts[0] / 4;
    }
    // the rows alone come back, on this step only
    body_dem::ContactRowBuffer &buffer = this->recorded_contacts.buffer(0);
    Copies::get(a.rows, buffer.append(row_counts[0]), row_counts[0]);
    buffer.note_dropped(row_counts[1], 0, 0);
  }

  // Loads, energy and work back.
  loads_h_.resize(6 * static_cast<size_t>(nall));
  work_loads_h_.resize(12 * static_cast<size_t>(nall));
  Copies::get(a.loads, loads_h_.data(), loads_h_.size());
  Copies::get(a.work_loads, work_loads_h_.data(), work_loads_h_.size());
  double sums[2];
  int overflow = 0;
  Copies::get(a.sums, sums, 2);
  Copies::get(a.overflow, &overflow, 1);
  double **const f = atom->f, **const torque = atom->torque;
  this->work.begin_step(nall);
  body_dem::WorkAccounting &work = this->work;
  Kokkos::parallel_for("body_dem::add_loads", StaticRange(0, nall), [&](const int i) {
    const double *row = &loads_h_[6 * static_cast<size_t>(i)];
    for (int d = 0; d < 3; d++) {
      f[i][d] += row[d];
      torque[i][d] += row[3 + d];
    }
    double *work_row = work.row(i);
    for (int k = 0; k < body_dem::WorkAccounting::kValuesPerAtom; k++)
      work_row[k] += work_loads_h_[12 * static_cast<size_t>(i) + k];
  });
  Kokkos::fence();

  // The stored values back: the rows of the pairs live now, zeros for
  // those that were live and are not (a pair whose flag is off holds
  // zeros, pair_entry.h).
  if (stored) {
    int *index = copies_.reserve<int>(Copies::kPackedIndex, npairs);
    double *rows = copies_.reserve<double>(Copies::kPackedRows, static_cast<size_t>(npairs) * stride);
    const int nlive_now = body_dem::device_gather_rows(npairs, a.flags, a.values, stride, index, rows);
    packed_index_h_.resize(nlive_now);
    packed_rows_h_.resize(static_cast<size_t>(nlive_now) * stride);
    Copies::get(a.flags, flags_h_.data(), npairs);
    Copies::get(index, packed_index_h_.data(), nlive_now);
    Copies::get(rows, packed_rows_h_.data(), packed_rows_h_.size());
    // where each entry's live rows start in the packed rows (list order)
    Kokkos::parallel_for("body_dem::count_live", StaticRange(0, inum), [&](const int ii) {
      int live = 0;
      for (int p = entry_first_h_[ii]; p < entry_first_h_[ii + 1]; p++) live += flags_h_[p] != 0;
      live_first_h_[ii] = live;
    });
    Kokkos::fence();
    for (int ii = 0, offset = 0; ii < inum; ii++) {
      const int count = live_first_h_[ii];
      live_first_h_[ii] = offset;
      offset += count;
    }
    Kokkos::parallel_for("body_dem::unpack_values", StaticRange(0, inum), [&](const int ii) {
      const int i = list->ilist[ii];
      int *touch = this->fix_history->firstflag[i];
      double *values = this->fix_history->firstvalue[i];
      const int first = entry_first_h_[ii];
      const int jnum = list->numneigh[i];
      int k = live_first_h_[ii];
      for (int jj = 0; jj < jnum; jj++) {
        double *row = values + static_cast<size_t>(stride) * jj;
        const int flag = flags_h_[first + jj];
        if (flag) {
          std::memcpy(row, &packed_rows_h_[static_cast<size_t>(k) * stride], sizeof(double) * stride);
          k++;
        } else if (touch[jj]) {
          std::memset(row, 0, sizeof(double) * stride);
        }
        touch[jj] = flag;
      }
    });
    Kokkos::fence();
  }

  device_list_valid_ = true;
  if (this->eflag_global) this->eng_vdwl += sums[0];
  if (overflow) this->contact_overflow();
  if (recording) this->end_contact_recording();
  if (this->weight_record) this->pvector[2] += sums[1];
  host::reverse_comm_of(this->comm, this);
  if (this->vflag_fdotr) this->virial_fdotr_compute();
}

}    // namespace LAMMPS_NS

#endif
