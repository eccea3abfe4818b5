// Per-pair function of pair_style body/rounded/polyhedron: contacts of two
// rounded polyhedra with their weights (layer 1, polyhedron_contacts.h),
// j_a from the size of the contact region, and the linear law on all
// contacts (layer 2). Serial and /omp styles and the wall call this one
// function. Plain C++: no LAMMPS, no allocation, no virtual calls.
//
// j_a, the scaling of the cohesive force of contacts in overlap with the
// size of the contact region (Wang), keeps the meaning it has in the
// host's built-in style: the contact area A over the area N delta_ua that
// N contacts of the unit area delta_ua cover, at least 1,
//
//   j_a = max(1, A / (N_eff delta_ua)).
//
// The host takes for A the area pi <|p - p_mean|^2> of the N distinct
// contact points p (and A = N delta_ua, i.e. j_a = 1, for two contacts).
// Here both A and N come from the weighted contacts, so that j_a changes
// continuously with them (the contacts of a pair appear and disappear
// with their weights, polyhedron_contacts.h):
//  - A = contact_region_size(contacts, r_c): the area 4 sqrt(I2) of the
//    covariance of the contact points, each weighted by
//    a_k = w_k (r_c - delta_n,k), its share of the cohesive force:
//    exactly the area of a rectangle whose corners are the contacts
//    (1 for two unit cubes face on face, where the host's estimate is
//    pi/2), 0 for one or two contacts or contacts on a line (j_a = 1,
//    as in the host).
//  - N_eff = (sum_k a_k)^2 / sum_k a_k g_k with g_k = r_c - delta_n,k,
//    i.e. the sum of the weights w_k when all contacts are equally deep;
//    a contact that enters the cutoff (g_k = 0) or whose weight fades
//    counts continuously less. At least 1, as the host's count.
// Near the ends of crossing edges the scaling is reduced further per
// contact: 1 + (j_a - 1) ja_factor (linear_pair_forces).
#ifndef BODY_DEM_POLYHEDRON_PAIR_KERNEL_H
#define BODY_DEM_POLYHEDRON_PAIR_KERNEL_H

#include "device_marks.h"
#include "linear_pair_forces.h"
#include "polyhedron_contacts.h"
#include "weight_work.h"

namespace body_dem {

// The largest record holds every weighted candidate a pair can have (one
// per contact of its list before merging).
static_assert(kMaxWeightRecordContacts >= kMaxPolyhedronContacts, "a record of the largest capacity must hold a whole ledger");

// Effective number of contacts N_eff (see above; 0 without any contact
// within the cutoff that carries weight).
BODY_DEM_HOST_DEVICE inline double polyhedron_effective_contacts(const PolyhedronContactList &contacts, double cutoff)
{
  double sum_a = 0.0, sum_ag = 0.0;
  for (const Contact &c : contacts) {
    const double g = cutoff - c.delta_n;
    const double a = c.weight * g;
    if (!(a > 0.0)) continue;
    sum_a += a;
    sum_ag += a * g;
  }
  return sum_ag > 0.0 ? sum_a * sum_a / sum_ag : 0.0;
}

// j_a of the 3d model (see above).
BODY_DEM_HOST_DEVICE inline double polyhedron_ja(const PolyhedronContactList &contacts, double cutoff, double delta_ua)
{
  const double area = contact_region_size(contacts, cutoff);
  if (!(area > 0.0)) return 1.0;
  double n_eff = polyhedron_effective_contacts(contacts, cutoff);
  if (n_eff < 1.0) n_eff = 1.0;
  const double j_a = area / (n_eff * delta_ua);
  return j_a > 1.0 ? j_a : 1.0;
}

// The forces of the contacts with a law (pair_contact_forces), and the
// work of the weights when the pair keeps a record of them. With the
// per-contact friction springs in the record (record.has_springs()), each
// weighted candidate of the ledger carries its own spring (FrictionMode::
// contact): the springs of the last step are read from the record, this
// step's written back with the candidates. Two spheres (no ledger: their
// one contact always weighs 1) keep their contact's spring in *xi.
template <class Law>
BODY_DEM_HOST_DEVICE
inline PairResult weighted_contact_forces(const PolyhedronContactList &contacts,
                                          const PolyhedronWeightLedger &ledger, double j_a, const BodyMotion &mi,
                                          const BodyMotion &mj, const Law &law, const PairStepSettings &settings,
                                          Vec3 *xi, WeightRecordRef record, ContactRecorder *recorder = nullptr)
{
  if (!record.values)
    return pair_contact_forces(contacts.data(), contacts.size, j_a, mi, mj, law, settings, xi, nullptr, nullptr,
                               false, recorder);
  if (record_overflows(ledger.size, record)) return PairResult{};
  double unit_energy[kMaxPolyhedronContacts];
  const auto swap_key = [](double key) { return swapped_contact_key(key); };
  PairResult r;
  if (record.has_springs() && ledger.size > 0) {
    // (the record holds at most kMaxWeightRecordContacts, the ledger at most kMaxPolyhedronContacts)
    double old_keys[kMaxWeightRecordContacts];
    // the first old_count and ledger.size entries are written before they are read
    UninitializedVec3s<kMaxWeightRecordContacts> old_storage;
    UninitializedVec3s<kMaxPolyhedronContacts> new_storage;
    Vec3 *old_xi = old_storage.data(), *new_xi = new_storage.data();
    ContactSprings springs;
    springs.candidates = ledger.data();
    springs.count = ledger.size;
    springs.old_keys = old_keys;
    springs.old_xi = old_xi;
    springs.old_count = load_weight_record_springs(record, swap_key, old_keys, old_xi);
    springs.new_xi = new_xi;
    r = pair_contact_forces(contacts.data(), contacts.size, j_a, mi, mj, law, settings, xi, unit_energy, &springs,
                            false, recorder);
    r.weight_work = update_weight_record(ledger, unit_energy, swap_key, settings.book_weight_work, record,
                                         springs.new_xi);
  } else {
    r = pair_contact_forces(contacts.data(), contacts.size, j_a, mi, mj, law, settings, xi, unit_energy, nullptr,
                            false, recorder);
    r.weight_work = update_weight_record(ledger, unit_energy, swap_key, settings.book_weight_work, record);
  }
  r.weights_recorded = ledger.size > 0;    // the count of the record just written
  return r;
}

struct PolyhedronPairStatus {
  bool overflow = false;    // more candidate contacts than the fixed buffer holds
  int record_count = 0;     // > 0: this many weighted candidates, more than the pair's record holds
  int ncontacts = 0;        // contacts within the cutoff (after merging)
  double j_a = 1.0;
};

// All contacts of the pair receive forces, each with its weight w; the
// friction is that of linear_pair_forces (without history at the deepest
// contact, with history one spring per weighted contact, or per pair with
// `friction pair`).
BODY_DEM_HOST_DEVICE
inline PairResult polyhedron_pair_forces(const PolyhedronShape &si, const BodyMotion &mi, const PolyhedronShape &sj,
                                         const BodyMotion &mj, const LinearContactCoeffs &c, double delta_ua,
                                         const SmoothingParams &smoothing, const PairStepSettings &settings,
                                         Vec3 *xi, PolyhedronPairStatus *status = nullptr,
                                         WeightRecordRef record = {}, ContactRecorder *recorder = nullptr)
{
  PolyhedronContactList contacts;
  PolyhedronWeightLedger ledger;
  find_polyhedron_contacts(si, sj, c.cutoff, smoothing, contacts, record.values ? &ledger : nullptr);
  const double j_a = contacts.size > 2 ? polyhedron_ja(contacts, c.cutoff, delta_ua) : 1.0;
  if (status) {
    status->overflow = contacts.overflow || ledger.overflow;
    status->record_count = record_overflows(ledger.size, record) ? ledger.size : 0;
    status->ncontacts = contacts.size;
    status->j_a = j_a;
  }
  if (contacts.size == 0 && !(record.values && !record.empty && record.values[0] > 0.0)) {
    PairResult none;
    if (settings.history && xi) *xi = Vec3{};
    return none;
  }
  return weighted_contact_forces(contacts, ledger, j_a, mi, mj, LinearLaw{c, settings.history}, settings, xi,
                                 record, recorder);
}

}    // namespace body_dem

#endif
