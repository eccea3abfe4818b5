/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: the Kokkos variants' pair loop in Kokkos's default
   execution space (a GPU in a CUDA or HIP build of Kokkos), on copies of
   the data in that space's memory (LAMMPS glue, no LAMMPS types).

   PairBodyKokkos (pair_body_kokkos.h) fills the copies: each step the
   positions, radii and IDs and the style's per-pair data
   (pair_body_rounded_kokkos.h); when the list is built the neighbour list
   as one array of entries and the stored values of the pairs whose flag
   is on. It runs device_pair_loop(), and brings back the loads, the work
   accumulators' loads, the energy and the stored values of the pairs
   whose flag is on afterwards.

   One work item per entry i of the list: it runs interact_entry()
   (pair_entry.h, the one function of every loop) with the style's
   per-pair kernel for each neighbour j, sums the loads on i itself, and
   adds those on j atomically. On the steps a contact compute asks for
   (contact_recording.h), a loop of its own gives each pair call room for
   its contact rows on the work item's stack and appends them to an array
   in the device's memory, which alone is then copied back; the loop of
   the other steps is the one without rows. The order of the atomic adds
   varies from run to run, so the loads agree with the serial style's to round-off,
   not to the last bit (the host loop of the Kokkos variants is the one
   that repeats bit for bit).

   The functions with device lambdas are free functions: nvcc allows an
   extended lambda only in a function that is not a private or protected
   member.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_KOKKOS_PAIR_LOOP_H
#define BODY_DEM_KOKKOS_PAIR_LOOP_H

#include "pair_entry.h"

#include <Kokkos_Core.hpp>

#include <cstddef>
#include <type_traits>
#include <vector>

namespace body_dem {

using DeviceExecution = Kokkos::DefaultExecutionSpace;
using DeviceMemory = DeviceExecution::memory_space;

// Arrays in the device's memory, one per slot, kept from step to step and
// reallocated only when they must grow.
class DeviceCopies {
 public:
  // Room for n values of T in slot `slot`; its device address.
  template <class T> T *reserve(int slot, std::size_t n)
  {
    static_assert(std::is_trivially_copyable<T>::value, "device copies are copied byte for byte");
    if (slot >= static_cast<int>(slots_.size())) slots_.resize(slot + 1);
    const std::size_t bytes = n * sizeof(T);
    if (slots_[slot].extent(0) < bytes)
      // a quarter more than asked, so that a growing list does not
      // reallocate every step
      slots_[slot] = Bytes(Kokkos::view_alloc(Kokkos::WithoutInitializing, "body_dem::device_copy"),
                           bytes + bytes / 4 + 64);
    return reinterpret_cast<T *>(slots_[slot].data());
  }
  // Copies n values from the host's memory into slot `slot`.
  template <class T> T *put(int slot, const T *host, std::size_t n)
  {
    T *device = reserve<T>(slot, n);
    if (n > 0)
      Kokkos::deep_copy(UnmanagedBytes(reinterpret_cast<char *>(device), n * sizeof(T)),
                        HostBytes(reinterpret_cast<const char *>(host), n * sizeof(T)));
    return device;
  }
  // Copies n values from one device array into another.
  template <class T> static void copy(T *device_to, const T *device_from, std::size_t n)
  {
    if (n > 0)
      Kokkos::deep_copy(UnmanagedBytes(reinterpret_cast<char *>(device_to), n * sizeof(T)),
                        ConstUnmanagedBytes(reinterpret_cast<const char *>(device_from), n * sizeof(T)));
  }
  // Copies n values of a device array back into the host's memory.
  template <class T> static void get(const T *device, T *host, std::size_t n)
  {
    if (n > 0)
      Kokkos::deep_copy(HostBytesOut(reinterpret_cast<char *>(host), n * sizeof(T)),
                        ConstUnmanagedBytes(reinterpret_cast<const char *>(device), n * sizeof(T)));
  }
  // n zeros into a device array of doubles or ints.
  template <class T> static void zero(T *device, std::size_t n)
  {
    if (n > 0) Kokkos::deep_copy(Kokkos::View<T *, DeviceMemory, Kokkos::MemoryUnmanaged>(device, n), T(0));
  }
  // A host buffer of n values of T, for data that is rewritten before it
  // is copied (shapes with device addresses); reused from step to step.
  template <class T> T *staging(std::size_t n)
  {
    static_assert(alignof(T) <= alignof(std::max_align_t), "staging is aligned for any scalar");
    const std::size_t units = (n * sizeof(T) + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t);
    if (staging_.size() < units) staging_.resize(units);
    return reinterpret_cast<T *>(staging_.data());
  }
  double memory_usage() const
  {
    double bytes = 0.0;
    for (const Bytes &b : slots_) bytes += b.extent(0);
    return bytes + staging_.capacity() * sizeof(std::max_align_t);
  }

  // The slots of PairBodyKokkos; a style's per-pair data from kStyleSlots on.
  enum Slot {
    kEntryFirst, kEntryAtom, kNeighbours, kFlags, kValues, kPackedIndex, kPackedRows, kX, kRadius, kTag,
    kLoads, kWorkLoads, kSums, kOverflow, kRows, kRowCounts, kSavedValues, kSavedFlags, kStyleSlots
  };

 private:
  using Bytes = Kokkos::View<char *, DeviceMemory>;
  using UnmanagedBytes = Kokkos::View<char *, DeviceMemory, Kokkos::MemoryUnmanaged>;
  using ConstUnmanagedBytes = Kokkos::View<const char *, DeviceMemory, Kokkos::MemoryUnmanaged>;
  using HostBytes = Kokkos::View<const char *, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;
  using HostBytesOut = Kokkos::View<char *, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;
  std::vector<Bytes> slots_;
  std::vector<std::max_align_t> staging_;
};

// The device addresses of one step's data (by value into the kernels).
template <class Tag> struct DevicePairArrays {
  const int *entry_first;    // [inum + 1]: first neighbour of each entry in `neighbours`
  const int *entry_atom;     // [inum]: atom i of each entry
  const int *neighbours;     // neighbour j of each listed pair
  int *flags;                // per listed pair: its values are live (nullptr: none kept)
  double *values;            // per listed pair: size_history values
  const double *x;           // 3 per atom
  const double *radius;      // enclosing radius per atom
  const Tag *tag;            // atom IDs
  double *loads;             // 6 per atom: force, torque (zeroed before)
  double *work_loads;        // 12 per atom: as WorkAccounting's rows (zeroed before)
  double *sums;              // [2]: energy, work of the weights (zeroed before)
  int *overflow;             // [1]: pairs whose contacts overflowed (zeroed before)
  // A recording step (contact_recording.h): room for row_capacity contact
  // rows, and [0] the rows the pairs made (also those beyond the room),
  // [1] the rows a pair call found no room for (both zeroed before).
  // rows nullptr: not a recording step.
  ContactRow *rows = nullptr;
  int row_capacity = 0;
  int *row_counts = nullptr;
};

struct DeviceLoopSettings {
  PairValuesLayout layout;
  PairStepSettings step;
  double cut_surface = 0.0;
  int nlocal = 0;
  bool newton_pair = true;
  bool eflag_global = false;
};

BODY_DEM_HOST_DEVICE inline void atomic_add_load(double *row, double sign, const Vec3 &force, const Vec3 &torque)
{
  Kokkos::atomic_add(&row[0], sign * force.x);
  Kokkos::atomic_add(&row[1], sign * force.y);
  Kokkos::atomic_add(&row[2], sign * force.z);
  Kokkos::atomic_add(&row[3], torque.x);
  Kokkos::atomic_add(&row[4], torque.y);
  Kokkos::atomic_add(&row[5], torque.z);
}

// Room for the contact rows of one pair call on a work item's stack, in
// the loop of a recording step only (Record), so that the loop of the other
// steps keeps the stack it had. The rows are left uninitialized (a pair
// call writes those it makes).
template <bool Record> struct PairRowRoom {
  union Slots {
    BODY_DEM_HOST_DEVICE Slots() {}
    ContactRow items[kMaxContactRowsPerPair];
  } slots;
  // a fresh recorder for the next pair call in `r`
  BODY_DEM_HOST_DEVICE ContactRecorder *recorder(ContactRecorder &r)
  {
    r = ContactRecorder{};
    r.rows = slots.items;
    r.capacity = kMaxContactRowsPerPair;
    return &r;
  }
};
template <> struct PairRowRoom<false> {
  BODY_DEM_HOST_DEVICE ContactRecorder *recorder(ContactRecorder &) { return nullptr; }
};

// All inum entries of the list through interact_entry() with the style's
// per-pair kernel (PolygonPairKernel, PolyhedronPairKernel,
// GranularPairKernel: device copies); Record: with the contact rows
// (a.rows).
template <bool Record, class Tag, class Kernel>
void device_pair_loop_of(int inum, const DevicePairArrays<Tag> a, const Kernel kernel, const DeviceLoopSettings s)
{
  Kokkos::parallel_for(
      "body_dem::device_pair_loop", Kokkos::RangePolicy<DeviceExecution>(0, inum), KOKKOS_LAMBDA(const int ii) {
        const int i = a.entry_atom[ii];
        const bool stored = a.flags != nullptr;
        PairRowRoom<Record> rooms;
        ContactRecorder room;
        // the loads on i and i's share of the energy and work, summed here
        // and added once at the end
        Vec3 force_i, torque_i, ja_force_i, ja_torque_i, diss_force_i, diss_torque_i;
        double energy = 0.0, weight_work = 0.0;
        int overflow = 0;
        PairResult r;
        for (int p = a.entry_first[ii]; p < a.entry_first[ii + 1]; p++) {
          const int j = a.neighbours[p];
          const PairOutcome outcome = interact_entry(
              s.layout, i, j, a.x[3 * i] - a.x[3 * j], a.x[3 * i + 1] - a.x[3 * j + 1],
              a.x[3 * i + 2] - a.x[3 * j + 2], a.radius[i] + a.radius[j] + s.cut_surface,
              stored ? a.flags + p : nullptr,
              stored ? a.values + static_cast<std::size_t>(p) * s.layout.size_history : nullptr,
              [&] { return a.tag[i] > a.tag[j]; }, s.step, overflow, weight_work, r, kernel, rooms.recorder(room));
          if constexpr (Record) {
            // the pair's rows, appended where the count says; rows beyond
            // the array are counted in [0] (the host grows the array and
            // runs the step again), rows the pair call had no room for in
            // [1] (the run ends with an error)
            if (room.dropped) Kokkos::atomic_add(&a.row_counts[1], room.dropped);
            if (room.count) {
              const int first = Kokkos::atomic_fetch_add(&a.row_counts[0], room.count);
              const Vec3 branch{a.x[3 * i] - a.x[3 * j], a.x[3 * i + 1] - a.x[3 * j + 1],
                                a.x[3 * i + 2] - a.x[3 * j + 2]};
              for (int k = 0; k < room.count && first + k < a.row_capacity; k++) {
                ContactRow row = room.rows[k];
                row.i = i;
                row.j = j;
                row.id_i = static_cast<long long>(a.tag[i]);
                row.id_j = static_cast<long long>(a.tag[j]);
                row.branch = branch;
                a.rows[first + k] = row;
              }
            }
          }
          if (outcome != PairOutcome::Interacting) continue;
          force_i -= r.total.force_j;
          torque_i += r.total.torque_i;
          atomic_add_load(a.loads + 6 * j, 1.0, r.total.force_j, r.total.torque_j);
          // WorkAccounting::add(): the j_a part, then the dissipative part
          ja_force_i -= r.ja_scaling.force_j;
          ja_torque_i += r.ja_scaling.torque_i;
          diss_force_i -= r.dissipative.force_j;
          diss_torque_i += r.dissipative.torque_i;
          atomic_add_load(a.work_loads + 12 * j, 1.0, r.ja_scaling.force_j, r.ja_scaling.torque_j);
          atomic_add_load(a.work_loads + 12 * j + 6, 1.0, r.dissipative.force_j, r.dissipative.torque_j);
          // the host's ev_tally for the global energy: with newton off,
          // half to each atom of the pair that is local
          if (s.eflag_global)
            energy += s.newton_pair ? r.energy : 0.5 * r.energy * ((i < s.nlocal) + (j < s.nlocal));
        }
        atomic_add_load(a.loads + 6 * i, 1.0, force_i, torque_i);
        atomic_add_load(a.work_loads + 12 * i, 1.0, ja_force_i, ja_torque_i);
        atomic_add_load(a.work_loads + 12 * i + 6, 1.0, diss_force_i, diss_torque_i);
        if (energy != 0.0) Kokkos::atomic_add(&a.sums[0], energy);
        if (weight_work != 0.0) Kokkos::atomic_add(&a.sums[1], weight_work);
        if (overflow) Kokkos::atomic_add(a.overflow, overflow);
      });
}

template <class Tag, class Kernel>
void device_pair_loop(int inum, const DevicePairArrays<Tag> a, const Kernel kernel, const DeviceLoopSettings s)
{
  if (a.rows)
    device_pair_loop_of<true>(inum, a, kernel, s);
  else
    device_pair_loop_of<false>(inum, a, kernel, s);
}

// The stored values into the device copy: rows[k] of the n packed rows
// (stride values each) to listed pair index[k].
inline void device_scatter_rows(int n, const int *index, const double *rows, double *values, int stride)
{
  Kokkos::parallel_for(
      "body_dem::scatter_values", Kokkos::RangePolicy<DeviceExecution>(0, n), KOKKOS_LAMBDA(const int k) {
        const double *from = rows + static_cast<std::size_t>(k) * stride;
        double *to = values + static_cast<std::size_t>(index[k]) * stride;
        for (int m = 0; m < stride; m++) to[m] = from[m];
      });
}

// The rows of the listed pairs whose flag is on, packed in list order into
// rows (stride values each) with their pair indices in index; returns
// their count.
inline int device_gather_rows(int npairs, const int *flags, const double *values, int stride, int *index,
                              double *rows)
{
  int count = 0;
  Kokkos::parallel_scan(
      "body_dem::gather_values", Kokkos::RangePolicy<DeviceExecution>(0, npairs),
      KOKKOS_LAMBDA(const int p, int &offset, const bool final) {
        if (!flags[p]) return;
        if (final) {
          index[offset] = p;
          const double *from = values + static_cast<std::size_t>(p) * stride;
          double *to = rows + static_cast<std::size_t>(offset) * stride;
          for (int m = 0; m < stride; m++) to[m] = from[m];
        }
        offset++;
      },
      count);
  return count;
}

}    // namespace body_dem

#endif
