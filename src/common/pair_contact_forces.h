// The per-pair function shared by all of the package's styles (layer
// between contact geometry and glue; plain C++, no LAMMPS, no allocation,
// no virtual calls): given the contacts of two bodies that receive forces
// and a contact law, it returns the loads on both bodies, the energy, and
// the two parts of the loads whose work the styles report. A contact law
// (LinearLaw, GranularLaw) says how one contact's normal force, its
// tangential damping and the pair's friction are computed.
#ifndef BODY_DEM_PAIR_CONTACT_FORCES_H
#define BODY_DEM_PAIR_CONTACT_FORCES_H

#include "contact.h"
#include "contact_recorder.h"
#include "device_marks.h"
#include "normal_force_parts.h"

namespace body_dem {

// Rigid-body motion of one body: centre of mass, its velocity, angular velocity.
struct BodyMotion {
  Vec3 center, velocity, omega;
  BODY_DEM_HOST_DEVICE Vec3 velocity_at(const Vec3 &p) const { return velocity + cross(omega, p - center); }
};

// The velocity of body j relative to body i at points given by their arm
// from body i's centre, with one cross product per point instead of two:
// v_j(p) - v_i(p) = (v_j - v_i - w_j x (c_j - c_i)) + (w_j - w_i) x (p - c_i).
// It differs from the difference of velocity_at() by round-off of
// |w_j| |c_j - c_i|, the size of the terms themselves (the centres of two
// bodies in contact are a body size apart; a wall's motion has the body's
// centre).
struct RelativeMotion {
  Vec3 velocity_at_center_i, omega;

  BODY_DEM_HOST_DEVICE RelativeMotion(const BodyMotion &bi, const BodyMotion &bj)
      : velocity_at_center_i(bj.velocity - bi.velocity - cross(bj.omega, bj.center - bi.center)),
        omega(bj.omega - bi.omega)
  {
  }
  BODY_DEM_HOST_DEVICE Vec3 velocity_at_arm(const Vec3 &arm_i) const
  {
    return velocity_at_center_i + cross(omega, arm_i);
  }
};

// Forces of one kind that a pair exerts: the force on body j (the force on
// body i is its negative) and the torques about each body's centre.
struct PairLoad {
  Vec3 force_j;
  Vec3 torque_i, torque_j;

  BODY_DEM_HOST_DEVICE void add(const Vec3 &force_on_j, const Vec3 &point, const BodyMotion &bi, const BodyMotion &bj)
  {
    force_j += force_on_j;
    torque_j += cross(point - bj.center, force_on_j);
    torque_i -= cross(point - bi.center, force_on_j);
  }
};

// A PairLoad summed over many contacts without the torques of each: the
// force on j and its moment about body i's centre, M_i = sum (p - c_i) x
// f; then torque_i = -M_i and torque_j = sum (p - c_j) x f = M_i - (c_j -
// c_i) x F. The arms of body i are as accurate as PairLoad::add's;
// torque_j loses no more than round-off of |c_j - c_i| |F|, and the
// centres of two bodies in contact are a body size apart (a wall's motion
// has the body's centre: c_j - c_i = 0). A contact's loads (its total,
// dissipative and j_a parts) are all n s + t at its arm a, so they share
// a x n and a x t: two cross products per contact for the three sums
// (pair_contact_forces), where PairLoad::add would take six. One cross
// product per load instead of two cut the Pair time of in.squares's
// packing (four contacts per pair) by 5-6 %.
struct PairLoadSum {
  Vec3 force_j, moment_i;

  // f = n s + t at arm a, with a x n and a x t given
  BODY_DEM_HOST_DEVICE void add_parts(const Vec3 &normal, double s, const Vec3 &tangential,
                                      const Vec3 &arm_cross_normal, const Vec3 &arm_cross_tangential)
  {
    force_j += normal * s + tangential;
    moment_i += arm_cross_normal * s + arm_cross_tangential;
  }
  BODY_DEM_HOST_DEVICE void add_normal(const Vec3 &normal, double s, const Vec3 &arm_cross_normal)
  {
    force_j += normal * s;
    moment_i += arm_cross_normal * s;
  }
  BODY_DEM_HOST_DEVICE void add_to(PairLoad &load, const BodyMotion &bi, const BodyMotion &bj) const
  {
    load.force_j += force_j;
    load.torque_i -= moment_i;
    load.torque_j += moment_i - cross(bj.center - bi.center, force_j);
  }
};

// A friction force at a point, added to a pair's total load and to its
// dissipative part with the torques computed once.
BODY_DEM_HOST_DEVICE inline void add_to_both(PairLoad &total, PairLoad &dissipative, const Vec3 &force_on_j,
                                             const Vec3 &point, const BodyMotion &bi, const BodyMotion &bj)
{
  PairLoad load;
  load.add(force_on_j, point, bi, bj);
  total.force_j += load.force_j;
  total.torque_i += load.torque_i;
  total.torque_j += load.torque_j;
  dissipative.force_j += load.force_j;
  dissipative.torque_i += load.torque_i;
  dissipative.torque_j += load.torque_j;
}

// Result for one pair: the total load, and the two parts of it whose work
// the styles report (they do not derive from the reported energy).
struct PairResult {
  PairLoad total;
  PairLoad ja_scaling;     // the part of the cohesive forces added by j_a > 1
  PairLoad dissipative;    // damping and friction (the spring with history)
  double energy = 0.0;     // of the contacts that receive forces
  double weight_work = 0.0;    // energy added by the change of the contacts' weights over the step (weight_work.h)
  bool touching = false;   // some contact in overlap: the history of the pair lives on
  bool interacting = false;    // some contact within the cutoff: loads or energy may be nonzero
  bool weights_recorded = false;    // the pair's weighted contacts are recorded in its history
  bool style_values_live = false;    // the style's own values of the pair (the granular tangential adhesion) live on
  // > 0: this many friction springs of the contacts, more than the slots
  // that keep them hold (slot_contact_forces(); the caller ends the run)
  int unstored_springs = 0;
};

// Pair-level settings that are not per contact.
struct PairStepSettings {
  double dt = 0.0;              // time step (for the history spring)
  bool history = false;         // tangential displacement per pair is kept
  bool update_history = true;   // false during the setup of a run: no time passes
  bool book_weight_work = true; // time passes in a run (not the setup, not a minimization)
};

// Contacts averaged with weights a_k: the point, normal and tangential
// relative velocity of the one contact that stands for a pair's contacts
// in its friction (a_k = w_k F_ne,k) and its tangential adhesion.
struct ContactAverage {
  double sum_a = 0.0;
  Vec3 sum_point, sum_normal, sum_vt;

  BODY_DEM_HOST_DEVICE void add(const Contact &ct, const Vec3 &v_t, double a)
  {
    sum_a += a;
    sum_point += ct.point * a;
    sum_normal += ct.normal * a;
    sum_vt += v_t * a;
  }
  // (only with sum_a > 0)
  BODY_DEM_HOST_DEVICE Vec3 point() const { return sum_point * (1.0 / sum_a); }
  BODY_DEM_HOST_DEVICE Vec3 normal() const { return normalized_or_zero(sum_normal); }
  BODY_DEM_HOST_DEVICE Vec3 tangential_velocity() const { return sum_vt * (1.0 / sum_a); }
};

// How a pair's friction is spread over its contacts.
//  deepest: one capped friction force at the contact with the largest
//           overlap (the linear law without history, seeds/000);
//  pair:    one tangential model (spring) per pair of bodies from all its
//           contacts in overlap, averaged with the weights a_k = w_k F_ne,k
//           (point, normal, tangential velocity), Coulomb limit
//           mu sum(a_k) (seeds/000 with history, seeds/001);
//  contact: one tangential model per weighted candidate contact k (issue
//           16): its own spring xi_k, kept under the candidate's key (its
//           features), rotated into the plane of its contact's normal and
//           grown by its contact's tangential velocity times dt; the force
//           w_k F_k at its contact's point, F_k the model's force per unit
//           weight capped at mu F_ne (the elastic normal force of its
//           contact per unit weight), so that the weighted cap is
//           mu w_k F_ne. A candidate whose contact is not in overlap, or
//           that is not found again, releases its spring.
// Why per contact: the pair's spring of `pair` is anchored at the
// force-weighted mean of the contacts. When a grain rocks on a face, that
// point moves across the face with the load, and the spring slips
// (reaches its cap or changes direction) although no contact slides: a
// resting elastic cube with little damping walked down a 20 degree slope
// at mu = 0.5 (issue 16). With a spring per contact, a contact that does
// not slide keeps its anchor, as for a rigid clump of spheres.
enum class FrictionMode : unsigned char { deepest, pair, contact };

// The springs of the contact mode, given by the caller (plain arrays on
// its stack): this step's candidates (key, own weight, output contact; the
// WeightLedger of a polyhedron pair, or one per contact where the contacts
// carry their own keys), the springs of the last step under their keys, in
// this step's view of the pair (body i, body j), and room for this step's
// springs, one per candidate, written here (zero for a candidate whose
// contact is not in overlap).
struct ContactSprings {
  const CandidateContact *candidates = nullptr;
  int count = 0;
  const double *old_keys = nullptr;
  const Vec3 *old_xi = nullptr;
  int old_count = 0;
  Vec3 *new_xi = nullptr;

  BODY_DEM_HOST_DEVICE Vec3 old_spring(double key) const
  {
    for (int m = 0; m < old_count; ++m)
      if (old_keys[m] == key) return old_xi[m];
    return {};
  }
};

// Largest number of contacts of a pair that the contact mode handles (the
// capacity of every contact list of the package).
constexpr int kMaxPairContacts = 64;
// Rows a pair call may record (contact_recorder.h): one per contact, the
// pair's friction (friction pair) and its tangential adhesion.
constexpr int kMaxContactRowsPerPair = kMaxPairContacts + 2;

// contacts[0..n): the contacts that receive forces (delta_n <= r_c), each
// with its weight w and ja_factor. j_a >= 1 scales the cohesive force of
// contacts in overlap (reduced by ja_factor near crossing-edge ends).
// xi: the pair's tangential displacement (only with settings.history; the
// pair mode's spring, and the contact mode's spring of a pair whose one
// contact has no key: two spheres).
//
// Per contact: the normal force w F_n along the normal and the law's
// tangential damping, at the contact point. Friction: as the law's
// friction_mode() says (see FrictionMode). The contact mode needs
// `springs` with the history models (a law without history keeps no
// spring: its per-contact force needs none); without them a pair with one
// contact uses *xi as that contact's spring, and a pair with more falls
// back to the pair mode.
// unit_energy (optional, n values): each contact's energy per unit weight,
// for the work of the weights (weight_work.h).
// deepest_full_weight: the friction of FrictionMode::deepest acts with
// weight 1, not the deepest contact's own: where weights are shares of one
// place (the polygon style's weighted rule, merge_polygon_contact_weights),
// the deepest contact and those it shares with are one contact of weight
// w_k * share_k = 1, whose friction the share must not reduce (two disks:
// one contact found from both, 1/2 each).
// recorder (nullptr but on the steps a contact compute asks for): a row
// per contact with its forces, and the pair mode's friction as a row of
// its own (contact_recorder.h).
template <class Law>
BODY_DEM_HOST_DEVICE
inline PairResult pair_contact_forces(const Contact *contacts, int n, double j_a, const BodyMotion &bi,
                                      const BodyMotion &bj, const Law &law, const PairStepSettings &settings,
                                      Vec3 *xi, double *unit_energy = nullptr, ContactSprings *springs = nullptr,
                                      bool deepest_full_weight = false, ContactRecorder *recorder = nullptr)
{
  PairResult out;
  ContactAverage average;
  int deepest = -1;
  FrictionMode mode = law.friction_mode();
  const bool keeps_springs = law.friction_keeps_springs();
  if (mode == FrictionMode::contact && keeps_springs && !springs && n > 1) mode = FrictionMode::pair;
  // the contact mode's elastic force per unit weight of each contact (< 0:
  // not in overlap); set for every contact below, filled here only so that
  // the compiler sees every read initialised
  double elastic_of[kMaxPairContacts];
  if (mode == FrictionMode::contact)
    for (int k = 0; k < n && k < kMaxPairContacts; ++k) elastic_of[k] = -1.0;
  // with a recorder: the row of each contact (-1: none), for the friction
  // that acts at a contact
  int row_of[kMaxPairContacts];
  // adds friction `f` on body j at contact k to the contact's row, made
  // if it has none (a friction force at a contact of weight 0)
  const auto record_friction = [&](int k, const Vec3 &f) {
    int row = k < kMaxPairContacts ? row_of[k] : -1;
    if (row < 0 && !(f.x == 0.0 && f.y == 0.0 && f.z == 0.0)) {
      row = recorder->add_contact(contacts[k]);
      if (k < kMaxPairContacts) row_of[k] = row;
    }
    if (row >= 0) recorder->rows[row].force_t -= f;
  };

  PairLoadSum total, ja_scaling, dissipative;    // the contacts' loads, added to out's below
  const RelativeMotion relative(bi, bj);
  for (int k = 0; k < n; ++k) {
    const Contact &ct = contacts[k];
    const Vec3 arm_i = ct.point - bi.center;
    const Vec3 v_rel = relative.velocity_at_arm(arm_i);
    const double v_n = dot(v_rel, ct.normal);
    const Vec3 v_t = v_rel - ct.normal * v_n;
    const double w = ct.weight;
    if (recorder && k < kMaxPairContacts) row_of[k] = -1;

    const NormalForceParts fn = law.normal(ct, v_n, 1.0 + (j_a - 1.0) * ct.ja_factor);
    if (unit_energy) unit_energy[k] = fn.active ? fn.energy : 0.0;
    if (mode == FrictionMode::contact && k < kMaxPairContacts) elastic_of[k] = fn.overlap ? fn.elastic : -1.0;
    if (!fn.active) continue;
    out.interacting = true;
    const Vec3 damp_t = law.contact_tangential_damping(ct, v_t) * w;
    // the three loads of the contact are n s + damp_t: two cross products for all of them
    const Vec3 arm_x_normal = cross(arm_i, ct.normal), arm_x_damping = cross(arm_i, damp_t);
    total.add_parts(ct.normal, w * fn.total(), damp_t, arm_x_normal, arm_x_damping);
    if (recorder && w > 0.0) {
      const int row = recorder->add_contact(ct);
      if (k < kMaxPairContacts) row_of[k] = row;
      if (row >= 0) {
        recorder->rows[row].force_n = ct.normal * -(w * fn.total());
        recorder->rows[row].force_t = -damp_t;
      }
    }
    if (fn.ja_extra != 0.0) ja_scaling.add_normal(ct.normal, w * fn.ja_extra, arm_x_normal);
    dissipative.add_parts(ct.normal, w * fn.damping, damp_t, arm_x_normal, arm_x_damping);
    out.energy += w * fn.energy;

    if (!fn.overlap) continue;
    out.touching = true;
    if (deepest < 0 || ct.delta_n < contacts[deepest].delta_n) deepest = k;
    if (mode == FrictionMode::pair) average.add(ct, v_t, w * fn.elastic);
  }
  total.add_to(out.total, bi, bj);
  ja_scaling.add_to(out.ja_scaling, bi, bj);
  dissipative.add_to(out.dissipative, bi, bj);

  if (springs && (!out.touching || mode != FrictionMode::contact || !keeps_springs))
    for (int k = 0; k < springs->count; ++k) springs->new_xi[k] = Vec3{};
  if (!out.touching) {
    if (settings.history && xi) *xi = Vec3{};
    return out;
  }

  if (mode == FrictionMode::deepest) {
    const Contact &ct = contacts[deepest];
    const Vec3 v_rel = relative.velocity_at_arm(ct.point - bi.center);
    const Vec3 friction =
        law.deepest_contact_friction(ct, tangential_part(v_rel, ct.normal)) * (deepest_full_weight ? 1.0 : ct.weight);
    add_to_both(out.total, out.dissipative, friction, ct.point, bi, bj);
    if (recorder) record_friction(deepest, friction);
    return out;
  }

  if (mode == FrictionMode::contact) {
    // one friction force per candidate (with springs), or per contact (a
    // law without springs; a pair whose one contact has no key: *xi)
    const bool by_candidate = springs && keeps_springs;
    const int count = by_candidate ? springs->count : (n < kMaxPairContacts ? n : kMaxPairContacts);
    for (int k = 0; k < count; ++k) {
      const int c = by_candidate ? springs->candidates[k].contact : k;
      const double w = by_candidate ? springs->candidates[k].weight : contacts[c].weight;
      Vec3 spring = by_candidate ? springs->old_spring(springs->candidates[k].key)
                                 : (keeps_springs && xi && settings.history ? *xi : Vec3{});
      const bool overlapping = c < n && c < kMaxPairContacts && elastic_of[c] >= 0.0;
      if (overlapping) {
        const Contact &ct = contacts[c];
        const Vec3 v_rel = relative.velocity_at_arm(ct.point - bi.center);
        const Vec3 unit = law.contact_friction(spring, ct.normal, tangential_part(v_rel, ct.normal), elastic_of[c],
                                               settings);
        const Vec3 friction = unit * w;
        add_to_both(out.total, out.dissipative, friction, ct.point, bi, bj);
        if (recorder) record_friction(c, friction);
      } else {
        spring = Vec3{};
      }
      if (by_candidate)
        springs->new_xi[k] = spring;
      else if (keeps_springs && xi && settings.history)
        *xi = spring;
    }
    return out;
  }

  if (average.sum_a <= 0.0) return out;
  const Vec3 point = average.point();
  const Vec3 friction = law.pair_friction(settings.history ? xi : nullptr, average.normal(),
                                          average.tangential_velocity(), average.sum_a, settings);
  add_to_both(out.total, out.dissipative, friction, point, bi, bj);
  if (recorder) recorder->add_pair_force(ContactRowKind::pair_friction, point, average.normal(), friction);
  return out;
}

}    // namespace body_dem

#endif
