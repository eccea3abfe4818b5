// The work of the contact weights (layer 2: plain C++, no LAMMPS, no
// allocation), for the energy balance of the 3d styles.
//
// Why: a 3d contact k acts with the force w_k F_k, F_k = -grad E_k, where
// E_k is the energy of the contact per unit weight and w_k <= 1 its weight
// (polyhedron_contacts.h). The pair's reported energy is sum_k w_k E_k. As
// the bodies move, d(w_k E_k) = w_k dE_k + E_k dw_k; the forces do the
// work -sum_k w_k dE_k only, so sum_k E_k dw_k is energy that the weights
// add (or take) without any force doing it. The weights are built from
// dozens of angles and distances; the force is w F, as seeds/001 says, not
// -grad(w E). Instead the styles book the part that the weights add, per
// contact and step by the trapezoidal rule,
//
//   W_w += 1/2 (E_k(n) + E_k(n+1)) (w_k(n+1) - w_k(n)),
//
// so that KE + PE - W_ja - W_diss - W_w is constant up to the O(dt^2) of
// the integrator, as for the 2d style: the balance still checks the forces
// against the energy (the w dE part), and W_w shows how much the weights
// add. (Exactly: w1 E1 - w0 E0 = (w1 - w0)(E0 + E1)/2 + (E1 - E0)(w0 + w1)/2.)
//
// To pair a contact at step n+1 with itself at step n, the pair keeps a
// record of its weighted contacts in its history (weight_record_size()
// values after the pair's friction spring): the candidates' keys
// (WeightLedger: the features, which do not change while the contact
// changes kind or merges with another one), weights and energies per unit
// weight, and with the per-contact friction (FrictionMode::contact,
// issue 16) each candidate's friction spring, which thus lives as long as
// its candidate and is carried over a change of the contact's kind. A contact not
// in the record has appeared: its old weight is 0 and its old energy is
// taken as its new one (contacts appear at the cutoff, where E = 0, or
// with w = 0); one in the record but not found again has vanished, with
// the same rule the other way round. Keys are stored as seen from the body
// with the lower atom ID (`swapped`: body i has the higher one), because
// the host may find the pair the other way round after a rebuild of the
// neighbour lists.
//
// Capacity: the record holds `capacity` candidates (WeightRecordRef), a
// number the pair style fixes at its first run (PairBodyBase: its
// `record` keyword, else from the bodies). A pair with more candidates
// than its record holds is never recorded in part: the caller checks
// record_overflows() first and ends the run with an error naming the
// pair (a candidate missing from the record would be booked as appearing
// each step, with its whole w E, and lose its friction spring).
#ifndef BODY_DEM_WEIGHT_WORK_H
#define BODY_DEM_WEIGHT_WORK_H

#include "contact.h"
#include "device_marks.h"

namespace body_dem {

// Candidates with weight per pair in a settled heap of cubes and
// tetrahedra: 1 or 2 for 90 % of the touching pairs, at most 10 (counted
// over 300 steps); two square faces twisted on each other give 16 (eight
// corners, found from both sides). Each pair's history is a block of
// 3 + weight_record_size() values, so the capacity also sets the memory of
// every neighbour pair and the spread of the records in memory: with 24 a
// heap step took measurably longer than with 16. The default capacity of
// bodies of up to 8 vertices.
constexpr int kDefaultWeightRecordContacts = 16;
// The largest capacity: a pair never has more weighted candidates than its
// contact list holds (kMaxPairContacts, each candidate is a contact before
// merging), so a record of this size cannot overflow. Also the width of
// the mask of update_weight_record().
constexpr int kMaxWeightRecordContacts = 64;
// Values per candidate: (key, weight, energy), and with the per-contact
// friction springs (FrictionMode::contact with a spring) also the
// candidate's spring xi (3 values, as seen from the body with the lower
// atom ID, like the key).
constexpr int kWeightRecordEntry = 3;
constexpr int kWeightRecordSpringEntry = 6;
// values per pair in the history: the count, then the candidates' entries
BODY_DEM_HOST_DEVICE constexpr int weight_record_size(bool springs, int capacity = kDefaultWeightRecordContacts)
{
  return 1 + (springs ? kWeightRecordSpringEntry : kWeightRecordEntry) * capacity;
}
constexpr int kWeightRecordSize = weight_record_size(false);

// The capacity a pair style gives the records of its pairs when the input
// does not set one: twice the largest vertex count of its bodies, at
// least kDefaultWeightRecordContacts (the records of cubes and tetrahedra
// stay as small as before) and at most kMaxWeightRecordContacts (which
// cannot overflow); max_vertices <= 0 (no bodies yet at the first run):
// kMaxWeightRecordContacts. Why twice the vertices: each vertex of either
// body makes at most one candidate, so 2 V bounds the vertex candidates of
// a pair of such bodies (in 2d, where the weighted candidates are vertex
// contacts, all of them); crossings of edges come with vertices of the
// same region. Measured maxima, random orientations pressed into each
// other by up to 3 % of their size (unit size, rounded radius 0.05; twice
// the vertex count in brackets): tetrahedra 12 (16, the floor), cubes 6
// and two faces twisted flat on each other 16 (16), icosahedra 12 (24),
// hull grains of 20 vertices 20 (40), of 50, 100 and 200 vertices 33, 41
// and 61 (64).
BODY_DEM_HOST_DEVICE constexpr int default_weight_record_capacity(int max_vertices)
{
  return max_vertices <= 0                                      ? kMaxWeightRecordContacts
      : 2 * max_vertices < kDefaultWeightRecordContacts        ? kDefaultWeightRecordContacts
      : 2 * max_vertices > kMaxWeightRecordContacts            ? kMaxWeightRecordContacts
                                                               : 2 * max_vertices;
}

// The pair's record of its weighted contacts in its history; values ==
// nullptr: none kept.
struct WeightRecordRef {
  double *values = nullptr;
  bool swapped = false;    // body i has the higher atom ID
  // Known to hold nothing (the pair's flag in the host's history fix is
  // off, so all its values are zero): not read. Most neighbour pairs touch
  // nothing, and their records lie a cache line apart each.
  bool empty = false;
  // values per candidate: kWeightRecordEntry, or kWeightRecordSpringEntry
  // with the friction springs
  int stride = kWeightRecordEntry;
  // candidates the record holds (1 .. kMaxWeightRecordContacts)
  int capacity = kDefaultWeightRecordContacts;
  BODY_DEM_HOST_DEVICE bool has_springs() const { return stride == kWeightRecordSpringEntry; }
};

// True if this step's candidates (ledger_size of them) do not fit in the
// pair's record: the pair then receives no forces, its record stays as it
// was, and the style ends the run with an error naming the pair, the count
// and the limit (never a record in part: see the top).
BODY_DEM_HOST_DEVICE inline bool record_overflows(int ledger_size, const WeightRecordRef &ref)
{
  return ref.values && ledger_size > ref.capacity;
}

// Key of a candidate as seen from the body with the lower atom ID.
template <class SwapKey> BODY_DEM_HOST_DEVICE inline double canonical_key(double key, bool swapped, SwapKey swap_key)
{
  return swapped ? swap_key(key) : key;
}

// Books the change of the weights since the record was written and writes
// this step's record. ledger: this step's candidates (weights w(n+1));
// unit_energy[c]: energy per unit weight of output contact c; the pair's
// record (values as above, count 0 when empty; not written when it stays
// empty). book: false when no time passes (the setup of a run, a
// minimization): the record is renewed and nothing booked. Returns the
// work W_w of the step. The caller has checked that the ledger fits
// (record_overflows()); a ledger that does not is not recorded at all.
// springs (only with ref.has_springs(); nullptr: all zero): the friction
// spring of each of this step's candidates, in this step's view of the
// pair; stored as seen from the body with the lower atom ID.
template <int Capacity, class SwapKey>
BODY_DEM_HOST_DEVICE
inline double update_weight_record(const WeightLedger<Capacity> &ledger, const double *unit_energy,
                                   SwapKey swap_key, bool book, const WeightRecordRef &ref,
                                   const Vec3 *springs = nullptr)
{
  double *const record = ref.values;
  const bool swapped = ref.swapped;
  const int stride = ref.stride;
  const int old_count = ref.empty ? 0 : static_cast<int>(record[0]);
  if (ledger.size == 0 && old_count == 0) return 0.0;
  if (ledger.size > ref.capacity) return 0.0;    // not recorded in part (see above)
  double work = 0.0;
  if (book) {
    static_assert(kMaxWeightRecordContacts <= 64, "the mask below has 64 bits");
    unsigned long long matched = 0;    // bit m: old entry m was found again
    for (int k = 0; k < ledger.size; ++k) {
      const double key = canonical_key(ledger[k].key, swapped, swap_key);
      const double w_new = ledger[k].weight;
      const double e_new = unit_energy[ledger[k].contact];
      double w_old = 0.0, e_old = e_new;    // appeared: see above
      // from slot k on: a pair's candidates are mostly found in the same
      // order step after step (keys are unique, so the order of the
      // search changes no match)
      for (int t = 0, m = k < old_count ? k : 0; t < old_count; ++t, m = m + 1 < old_count ? m + 1 : 0) {
        const double *entry = record + 1 + stride * m;
        if (entry[0] != key) continue;
        w_old = entry[1];
        e_old = entry[2];
        matched |= 1ull << m;
        break;
      }
      work += 0.5 * (e_old + e_new) * (w_new - w_old);
    }
    for (int m = 0; m < old_count; ++m) {
      if (matched & (1ull << m)) continue;
      const double *entry = record + 1 + stride * m;
      work -= entry[2] * entry[1];    // vanished: w -> 0 at the energy it had
    }
  }
  const int count = ledger.size;
  for (int k = 0; k < count; ++k) {
    double *entry = record + 1 + stride * k;
    entry[0] = canonical_key(ledger[k].key, swapped, swap_key);
    entry[1] = ledger[k].weight;
    entry[2] = unit_energy[ledger[k].contact];
    if (stride == kWeightRecordSpringEntry) {
      const Vec3 xi = springs ? springs[k] : Vec3{};
      (swapped ? -xi : xi).to(entry + 3);
    }
  }
  record[0] = count;
  return work;
}

// The friction springs of the record (only with ref.has_springs()), in
// this step's view of the pair: keys[m] (as the contact finder names them
// for this (i, j)), xi[m]; returns their count (at most ref.capacity).
template <class SwapKey>
BODY_DEM_HOST_DEVICE
inline int load_weight_record_springs(const WeightRecordRef &ref, SwapKey swap_key, double *keys, Vec3 *xi)
{
  if (ref.empty || !ref.values || !ref.has_springs()) return 0;
  const int count = static_cast<int>(ref.values[0]);
  for (int m = 0; m < count; ++m) {
    const double *entry = ref.values + 1 + kWeightRecordSpringEntry * m;
    keys[m] = canonical_key(entry[0], ref.swapped, swap_key);    // the swap is its own inverse
    const Vec3 stored = Vec3::from(entry + 3);
    xi[m] = ref.swapped ? -stored : stored;
  }
  return count;
}

// The pair has no contact any more (out of reach): all recorded contacts
// vanish. Returns the work booked (see above); empties the record.
BODY_DEM_HOST_DEVICE inline double clear_weight_record(bool book, double *record, int stride = kWeightRecordEntry)
{
  const WeightLedger<1> none;
  WeightRecordRef ref{record};
  ref.stride = stride;
  return update_weight_record(none, nullptr, [](double key) { return key; }, book, ref);
}

}    // namespace body_dem

#endif
