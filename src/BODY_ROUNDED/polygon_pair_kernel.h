// Per-pair function of pair_style body/rounded/polygon: contacts of two
// rounded polygons (layer 1), the two farthest apart, j_a from their
// distance, and the linear law on them (layer 2). Serial and /omp styles
// and the wall call this one function.
#ifndef BODY_DEM_POLYGON_PAIR_KERNEL_H
#define BODY_DEM_POLYGON_PAIR_KERNEL_H

#include "contact_springs.h"
#include "device_marks.h"
#include "linear_pair_forces.h"
#include "polygon_contacts.h"
#include "weight_work.h"

namespace body_dem {

// j_a of the 2d model (the host's definition, kept): the contact length L
// (distance of the two contacts that receive forces) over twice delta_ua,
// at least 1. Two "effective contacts" span the length in 2d.
BODY_DEM_HOST_DEVICE inline double polygon_ja(double contact_length, double delta_ua)
{
  const double j_a = contact_length / (2.0 * delta_ua);
  return j_a > 1.0 ? j_a : 1.0;
}

// The (at most two) contacts that receive forces are vertex contacts;
// with the per-contact friction (FrictionMode::contact) each keeps its
// spring under the key of its vertex (contact_springs.h) in `slots`
// (capacity 2; slots.values == nullptr: none kept, the pair's *xi serves a
// single contact, and two contacts share the pair's spring).
BODY_DEM_HOST_DEVICE inline double polygon_contact_key(const Contact &c)
{
  return c.kind_i == FeatureKind::vertex ? vertex_spring_key(0, c.index_i) : vertex_spring_key(1, c.index_j);
}

// polygon_ja(polygon_contact_length(contacts, cutoff), delta_ua), the
// j_a of the weighted rule, without the square root and the two
// divisions where it is 1 (L <= 2 delta_ua: L^2 / 4 = spread / wsum <=
// delta_ua^2), which is most pairs of a packing (the same value, or one
// that differs in the last bit where L is 2 delta_ua to round-off).
BODY_DEM_HOST_DEVICE inline double weighted_polygon_ja(const PolygonContactList &contacts, double cutoff,
                                                       double delta_ua)
{
  if (contacts.size < 2) return 1.0;    // L = 0: a single contact has no spread
  double wsum = 0.0;
  const double spread = polygon_contact_spread(contacts, cutoff, wsum);
  if (!(spread > delta_ua * delta_ua * wsum)) return 1.0;
  return polygon_ja(2.0 * std::sqrt(spread / wsum), delta_ua);
}

constexpr int kPolygonSpringSlots = 2;

// contacts weighted (PolygonContactRule, the default): every candidate
// with its weight. With a weight record (record.values, the pair style
// keeps one with this rule), the work of the changing weights is booked
// as for the 3d styles (weight_work.h), each candidate named by the vertex
// that made it (2 v + owner, vertex_spring_key): a vertex has one
// candidate, its nearest point on the other body, so the key names the
// candidate while it changes kind (vertex-edge to vertex-vertex) and
// while its weight is shared. With `history friction contact` the record
// also keeps each candidate's friction spring (record.has_springs()), which
// thus lives while its vertex is within the cutoff, as the springs of the
// 3d styles do. The record holds record.capacity candidates: a pair
// with more sets status->record_count (the style ends the run with an
// error naming the pair), none is dropped silently.
// The capacity of a polygon pair's record of weighted candidates when the
// pair_style does not give one (`record N`), from the largest vertex
// count V of the bodies at the first run: 2 V, all the candidates a pair
// of such bodies can have (each vertex of either body makes at most one),
// at most kMaxWeightRecordContacts; V <= 0 (no bodies yet): that largest.
// Unlike the 3d styles' default (default_weight_record_capacity()) no
// floor of 16: each pair in contact reads and writes its record every
// step, and a smaller one runs faster (squares: 8 candidates, 28 values
// per pair without history and 52 with, against 52 and 100 for 16).
BODY_DEM_HOST_DEVICE constexpr int polygon_record_capacity(int max_vertices)
{
  return max_vertices <= 0 || 2 * max_vertices > kMaxWeightRecordContacts ? kMaxWeightRecordContacts
                                                                         : 2 * max_vertices;
}

struct PolygonPairStatus {
  bool overflow = false;    // more candidate contacts than the fixed buffer holds
  int record_count = 0;     // > 0: this many candidates, more than the weight record holds
};

namespace polygon_detail {
  // The part of weighted_polygon_pair_forces() with a weight record (its
  // candidates fit). One result, built in place and returned from one
  // place, so that its some 30 values are not copied twice on their way
  // out (an assignment and a return of a local, for every pair in contact).
  // owners, twin_owners: the keys of each contact's candidates
  // (find_polygon_contacts); a contact of two candidates gives each half
  // of its weight.
  template <class Law>
  BODY_DEM_HOST_DEVICE inline PairResult recorded_polygon_pair_forces(const PolygonContactList &contacts,
                                                                      const double *owners,
                                                                      const double *twin_owners, double j_a,
                                                                      const BodyMotion &mi, const BodyMotion &mj,
                                                                      const Law &law, const PairStepSettings &settings,
                                                                      Vec3 *xi, const WeightRecordRef &record,
                                                                      ContactRecorder *recorder)
  {
    WeightLedger<kMaxPolygonContacts> ledger;
    for (int k = 0; k < contacts.size; ++k) {
      if (twin_owners[k] < 0.0) {
        ledger.add(owners[k], contacts[k].weight, k);
        continue;
      }
      ledger.add(owners[k], 0.5 * contacts[k].weight, k);
      ledger.add(twin_owners[k], 0.5 * contacts[k].weight, k);
    }
    double unit_energy[kMaxPolygonContacts];
    // The record has room for a spring per candidate whatever the friction
    // (pair_body_rounded_polygon.cpp); they are read only where the law
    // keeps one per contact, and stay zero otherwise (written as zeros).
    const bool contact_springs = record.has_springs() && ledger.size > 0 &&
        law.friction_mode() == FrictionMode::contact && law.friction_keeps_springs();
    double old_keys[kMaxWeightRecordContacts];
    // the first old_count and ledger.size entries are written before they are read
    UninitializedVec3s<kMaxWeightRecordContacts> old_storage;
    UninitializedVec3s<kMaxPolygonContacts> new_storage;
    ContactSprings springs;
    if (contact_springs) {
      springs.candidates = ledger.data();
      springs.count = ledger.size;
      springs.old_keys = old_keys;
      springs.old_xi = old_storage.data();
      springs.old_count = load_weight_record_springs(record, swapped_vertex_spring_key, old_keys, old_storage.data());
      springs.new_xi = new_storage.data();
    }
    PairResult r = pair_contact_forces(contacts.data(), contacts.size, j_a, mi, mj, law, settings, xi, unit_energy,
                                       contact_springs ? &springs : nullptr, true, recorder);
    r.weight_work = update_weight_record(ledger, unit_energy, swapped_vertex_spring_key, settings.book_weight_work,
                                         record, contact_springs ? springs.new_xi : nullptr);
    r.weights_recorded = ledger.size > 0;
    return r;
  }
}    // namespace polygon_detail

BODY_DEM_HOST_DEVICE
inline PairResult weighted_polygon_pair_forces(const PolygonShape &si, const BodyMotion &mi, const PolygonShape &sj,
                                               const BodyMotion &mj, const LinearContactCoeffs &c, double delta_ua,
                                               const PairStepSettings &settings, Vec3 *xi,
                                               PolygonPairStatus *status, WeightRecordRef record,
                                               ContactRecorder *recorder = nullptr)
{
  PolygonContactList contacts;
  double owners[kMaxPolygonContacts], twin_owners[kMaxPolygonContacts];
  find_polygon_contacts(si, sj, c.cutoff, contacts, PolygonContactRule::weighted, owners, twin_owners);
  if (status) status->overflow = contacts.overflow;
  const bool recorded_before = record.values && !record.empty && record.values[0] > 0.0;
  if (contacts.size == 0 && !recorded_before) {
    if (settings.history && xi) *xi = Vec3{};
    return PairResult{};
  }
  merge_polygon_contact_weights(contacts, si, sj, c.cutoff);
  // j_a scales only the cohesive force, k_na (r_c - delta_n): without
  // cohesion (k_na = 0) its value changes no bit of the result (the extra
  // force -(j_a - 1) k_na (r_c - delta_n) is -0 for every j_a >= 1), so the
  // contact length is not measured.
  const double j_a = c.k_na != 0.0 ? weighted_polygon_ja(contacts, c.cutoff, delta_ua) : 1.0;
  const LinearLaw law{c, settings.history};
  // the friction without history at the deepest place with weight 1 (pair_contact_forces)
  if (!record.values)
    return pair_contact_forces(contacts.data(), contacts.size, j_a, mi, mj, law, settings, xi, nullptr, nullptr, true,
                               recorder);
  int candidates = contacts.size;
  for (int k = 0; k < contacts.size; ++k)
    if (twin_owners[k] >= 0.0) ++candidates;
  if (record_overflows(candidates, record)) {
    if (status) status->record_count = candidates;
    return PairResult{};    // the run ends with an error (PairBodyRoundedPolygonDEM)
  }
  return polygon_detail::recorded_polygon_pair_forces(contacts, owners, twin_owners, j_a, mi, mj, law, settings, xi,
                                                      record, recorder);
}

BODY_DEM_HOST_DEVICE
inline PairResult polygon_pair_forces(const PolygonShape &si, const BodyMotion &mi, const PolygonShape &sj,
                                      const BodyMotion &mj, const LinearContactCoeffs &c, double delta_ua,
                                      const PairStepSettings &settings, Vec3 *xi,
                                      PolygonPairStatus *status = nullptr, SpringSlotsRef slots = {},
                                      PolygonContactRule rule = PolygonContactRule::farthest,
                                      WeightRecordRef record = {}, ContactRecorder *recorder = nullptr)
{
  if (rule == PolygonContactRule::weighted) return weighted_polygon_pair_forces(si, mi, sj, mj, c, delta_ua,
                                                                                settings, xi, status, record,
                                                                                recorder);
  PolygonContactList contacts;
  find_polygon_contacts(si, sj, c.cutoff, contacts, rule);
  if (status) status->overflow = contacts.overflow;
  if (contacts.size == 0) {
    // Most neighbour pairs in a packing: what the law does with no
    // contact (no load, the springs released), without its set-up.
    if (settings.history && xi) *xi = Vec3{};
    if (slots.values && settings.history && c.friction_per_contact)
      store_spring_slots(slots, swapped_vertex_spring_key, nullptr, 0, nullptr);
    return PairResult{};
  }
  const double length = keep_two_farthest_contacts(contacts);
  const double j_a = polygon_ja(length, delta_ua);
  const LinearLaw law{c, settings.history};
  if (!slots.values || law.friction_mode() != FrictionMode::contact)
    return pair_contact_forces(contacts.data(), contacts.size, j_a, mi, mj, law, settings, xi, nullptr, nullptr,
                               false, recorder);
  PairResult r = slot_contact_forces(contacts.data(), contacts.size, j_a, mi, mj, law, settings, xi, slots,
                                     polygon_contact_key, swapped_vertex_spring_key, recorder);
  r.style_values_live = r.touching;
  return r;
}

// The per-body function of fix wall/body/polygon (serial, /omp and Kokkos
// walls): a body's vertex contacts with a wall (find_wall_contacts, one per
// vertex within range) under the pair style's rule. farthest (the seed's
// rule): the two farthest apart receive forces, so that a third vertex in
// overlap between them (a polygon of many vertices rolling on the wall)
// has none, and the choice of the two jumps as it rolls. weighted: every
// vertex contact receives its force with weight 1 (two vertices of a body
// are never at one place, so nothing is shared): the sum of the vertices'
// forces, the gradient of their energies. The wall has no cohesion, so
// j_a = 1. With the per-contact springs (slots) each contact keeps its
// spring under its vertex index; slot_overflow (> 0) is set to the number
// of vertices in overlap when they are more than the slots hold (the wall
// ends the run with an error), and nothing is dropped.
template <class Law>
BODY_DEM_HOST_DEVICE
inline PairResult polygon_wall_forces(PolygonContactList &contacts, PolygonContactRule rule, const BodyMotion &body,
                                      const BodyMotion &wall, const Law &law, const PairStepSettings &settings,
                                      Vec3 *xi, const SpringSlotsRef &slots, int &slot_overflow,
                                      ContactRecorder *recorder = nullptr)
{
  slot_overflow = 0;
  if (rule == PolygonContactRule::farthest) keep_two_farthest_contacts(contacts);
  if (slots.values && settings.history && law.friction_mode() == FrictionMode::contact) {
    int in_overlap = 0;
    for (const Contact &ct : contacts)
      if (ct.delta_n <= 0.0) ++in_overlap;
    if (in_overlap > slots.capacity) {
      slot_overflow = in_overlap;
      return PairResult{};
    }
  }
  return slot_contact_forces(
      contacts.data(), contacts.size, 1.0, body, wall, law, settings, xi, slots,
      [](const Contact &c) { return static_cast<double>(c.index_i); }, [](double key) { return key; }, recorder);
}

}    // namespace body_dem

#endif
