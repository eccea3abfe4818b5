/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: one neighbour entry of a pair style (i, its jj-th
   neighbour j) from the pair's stored values in to its stored values out:
   the reach test of the enclosing spheres, the per-pair function, the
   end of the spring, the weight record and the style's values when the
   pair stops touching. No LAMMPS types, and marked for device kernels:
   the serial loop (PairBodyBase::interact), the /omp threads, the Kokkos
   parts on the host and the Kokkos pair loop on a device all call this
   one function; each applies the pair's loads in its own way (rows of
   the host, a thread's rows, atomic adds).
------------------------------------------------------------------------- */

#ifndef BODY_DEM_PAIR_ENTRY_H
#define BODY_DEM_PAIR_ENTRY_H

#include "device_marks.h"
#include "pair_contact_forces.h"
#include "weight_work.h"

#include <new>
#include <type_traits>

namespace body_dem {

// What became of one neighbour entry: its enclosing spheres out of reach
// (no per-pair call), within reach but without load or energy, or
// interacting. The threaded loops weigh the entries of the next step by
// it (neighbor_split.h).
enum class PairOutcome { OutOfReach, NoLoad, Interacting };

// How a style keeps the values of a pair in the host's NEIGH_HISTORY fix
// (PairBodyBase): xi (3), then the weight record, then the style's own.
struct PairValuesLayout {
  int size_history = 3;       // values per pair
  bool history = false;       // the tangential displacement xi is kept
  bool weight_record = false; // a record of weighted contacts is kept
  int record_stride = kWeightRecordEntry;
  int record_capacity = kDefaultWeightRecordContacts;    // candidates a record holds
  // The style's per-pair function never reads the pair's xi (the springs
  // are the record's, one per weighted candidate): it is not read, only
  // kept zero (see interact_entry).
  bool pair_spring_unused = false;
  int style_values = 0;       // the style's own values per pair
  int style_offset = 3;       // where they start
};

// interact_entry() makes each pair's result in the place of the last
// one, which is not destroyed: PairResult holds plain values.
static_assert(std::is_trivially_destructible<PairResult>::value, "PairResult is made in place over the last one");

// dx, dy, dz: x_i - x_j; reach: the sum of the enclosing radii plus the
// cutoff of the surface separation. touch, values: the pair's flag and
// its size_history values (values nullptr: the style keeps nothing per
// pair). i_after_j(): whether body i has the higher atom ID (read only
// when the record is). pair_forces(i, j, settings, xi, record,
// style_values, overflow, recorder): the style's per-pair function;
// recorder: room for the pair's contact rows on the steps a contact
// compute asks for, else nullptr (contact_recorder.h).
// Returns the outcome; for an interacting pair its result is in r, which
// is left as it was otherwise: most neighbour pairs, for which filling
// the result (some 30 values) costs more than the rest of their entry.
BODY_DEM_HOST_CALLABLES_ALLOWED
template <class IAfterJ, class PairFunction>
BODY_DEM_HOST_DEVICE inline PairOutcome interact_entry(const PairValuesLayout &layout, int i, int j, double dx,
                                                       double dy, double dz, double reach, int *touch, double *values,
                                                       IAfterJ &&i_after_j, const PairStepSettings &settings,
                                                       int &overflow, double &weight_work, PairResult &r,
                                                       PairFunction &&pair_forces,
                                                       ContactRecorder *recorder = nullptr)
{
  // The pair's flag off: all its values are zero (the host zero-fills new
  // pairs, and a pair whose flag goes off is zeroed below), so they are
  // not read: each pair's values lie a cache line or more apart, and most
  // neighbour pairs touch nothing.
  const bool stored = values && *touch;
  double *own = layout.style_values && values ? values + layout.style_offset : nullptr;

  if (!(dx * dx + dy * dy + dz * dz <= reach * reach)) {
    // Out of reach: no contact, so the spring, the record and the style's
    // values end (what the rest does for a pair without contacts).
    if (!stored) return PairOutcome::OutOfReach;
    *touch = 0;
    if (layout.weight_record && values[3] > 0.0)
      weight_work += clear_weight_record(settings.book_weight_work, values + 3, layout.record_stride);
    if (layout.history) Vec3{}.to(values);
    if (own)
      for (int k = 0; k < layout.style_values; k++) own[k] = 0.0;
    return PairOutcome::OutOfReach;
  }

  // The pair's values are read after its contacts are found: fetch their
  // first cache lines now (the xi and the record's count and first
  // entries), so that the memory access overlaps the contact search.
  if (stored && layout.weight_record) {
    prefetch_for_update(values);
    prefetch_for_update(values + 8);
  }
  WeightRecordRef record;
  if (layout.weight_record && values)
    record = {values + 3, i_after_j(), !stored, layout.record_stride, layout.record_capacity};
  Vec3 xi;
  // Read first thing, the pair's values would stall the step on memory
  // that the prefetch above is bringing while the contacts are found; so
  // xi is read only where the per-pair function may use it.
  if (layout.history && stored && !layout.pair_spring_unused) xi = Vec3::from(values);
  bool pair_overflow = false;
  // made in r's place (C++17's guaranteed elision of a prvalue): an
  // assignment would copy its some 30 values, for every pair within reach
  ::new (static_cast<void *>(&r))
      PairResult(pair_forces(i, j, settings, layout.history ? &xi : nullptr, record, own, pair_overflow, recorder));
  if (pair_overflow) overflow++;
  weight_work += r.weight_work;
  if (values) {
    // the spring lives while the bodies touch, the record while it holds
    // contacts, the style's values while the style says so
    *touch = r.touching || r.weights_recorded || r.style_values_live ? 1 : 0;
    if (layout.history && (stored || r.touching)) {
      if (!r.touching) xi = Vec3{};
      xi.to(values);
    }
    if (own && stored && !r.style_values_live)
      for (int k = 0; k < layout.style_values; k++) own[k] = 0.0;
  }
  return r.interacting ? PairOutcome::Interacting : PairOutcome::NoLoad;
}

}    // namespace body_dem

#endif
