// The per-pair function of pair_style body/rounded/polyhedron/granular
// (seeds/001): the granular contact models applied to the contacts of two
// rounded polyhedra through pair_contact_forces(). Plain C++, no LAMMPS.
//
// Per contact: the pair's R_eff (pair_effective_radius: the same for all
// contacts of the pair, whatever their kinds), F_n = w (F_ne(delta, R_eff) + j_a F_c) + w F_damp in
// overlap, w F_c in the cohesive range; no tangential damping per contact.
// Per pair: one friction force of the tangential model from the contacts
// in overlap averaged with the weights w F_ne, with the Coulomb limit
// mu * sum(w F_ne) (without the damping, unlike pair_style granular).
// With adhesion (fang_adhesion.h) the adhesive force is part of the normal
// force of each contact, and the tangential adhesion acts once per pair
// (add_tangential_adhesion() below, called by the glue after the other
// forces).
#ifndef BODY_DEM_GRANULAR_PAIR_FORCES_H
#define BODY_DEM_GRANULAR_PAIR_FORCES_H

#include "device_marks.h"
#include "granular_contact_models.h"
#include "pair_contact_forces.h"

namespace body_dem {

struct GranularLaw {
  const GranularPairModel &model;
  double R_eff;       // of every contact of the pair: pair_effective_radius(r_i, r_j), or wall_effective_radius(r)
  double m_eff;       // effective mass m_i m_j / (m_i + m_j)
  double cutoff;      // r_c of the cohesion

  BODY_DEM_HOST_DEVICE NormalForceParts normal(const Contact &ct, double v_n, double j_a) const
  {
    return model.normal_contact(ct.delta_n, R_eff, v_n, m_eff, cutoff, j_a);
  }
  BODY_DEM_HOST_DEVICE Vec3 contact_tangential_damping(const Contact &, const Vec3 &) const { return {}; }
  BODY_DEM_HOST_DEVICE FrictionMode friction_mode() const
  {
    return model.friction_per_contact ? FrictionMode::contact : FrictionMode::pair;
  }
  BODY_DEM_HOST_DEVICE bool friction_keeps_springs() const { return model.uses_history(); }
  BODY_DEM_HOST_DEVICE Vec3 deepest_contact_friction(const Contact &, const Vec3 &) const { return {}; }
  // One contact's tangential model per unit weight (the contact mode):
  // Coulomb limit mu F_ne of the contact, tangential damping eta_t v_t of
  // its own velocity.
  BODY_DEM_HOST_DEVICE
  Vec3 contact_friction(Vec3 &xi, const Vec3 &n, const Vec3 &v_t, double elastic, const PairStepSettings &s) const
  {
    return model.tangential_force(xi, n, v_t, m_eff, model.coulomb_limit(elastic), s.dt, s.update_history).force;
  }
  BODY_DEM_HOST_DEVICE
  Vec3 pair_friction(Vec3 *xi, const Vec3 &n, const Vec3 &v_t, double sum_elastic,
                     const PairStepSettings &s) const
  {
    Vec3 unused;    // linear_nohistory keeps no displacement
    return model.tangential_force(xi ? *xi : unused, n, v_t, m_eff, model.coulomb_limit(sum_elastic), s.dt,
                                  s.update_history)
        .force;
  }
};

// The tangential adhesion of a pair (fang_adhesion.h), kept in the pair's
// history as kTangentialAdhesionValues values:
//   y              the tangential displacement of body j relative to body
//                  i, accumulated while some contact is within dhat_a
//                  (3 values; it changes sign when the pair is seen from
//                  the other body), reset when none is;
//   lambda_used    the normal adhesion force that the last step used, and
//   lambda_latest  the one it found: the lagged lambda of the next step.
// A step uses lambda_latest and shifts it into lambda_used; the setup of a
// run, where no time passes and the bodies stand where the last step left
// them, uses lambda_used again and changes nothing, so a run continued
// (or restarted) sees the forces that the last step saw.
constexpr int kTangentialAdhesionValues = 5;

struct TangentialAdhesionState {
  Vec3 y;
  double lambda_used = 0.0, lambda_latest = 0.0;

  BODY_DEM_HOST_DEVICE static TangentialAdhesionState from(const double *v) { return {Vec3::from(v), v[3], v[4]}; }
  BODY_DEM_HOST_DEVICE void to(double *v) const
  {
    y.to(v);
    v[3] = lambda_used;
    v[4] = lambda_latest;
  }
};

// Adds the pair's tangential adhesion to r (total and dissipative loads:
// the lagged lambda makes it path dependent, so its work is booked with
// damping and friction) and advances the state. Contacts within dhat_a
// take part with the weight of their adhesion energy, w pi R_eff^2
// |a(delta_n)|, which fades to 0 at dhat_a and stays finite in overlap:
// the force acts at their average point, y turns into the plane of their
// average normal and grows by their average tangential velocity times dt;
// lambda = sum of w pi R_eff^2 |a'(delta_n)|. Then F = -mu_a lambda
// f1^a(|y|) y/|y| on body j. r.style_values_live: some contact is within
// dhat_a, the state lives on.
BODY_DEM_HOST_DEVICE
inline void add_tangential_adhesion(const Contact *contacts, int n, const BodyMotion &bi, const BodyMotion &bj,
                                    const GranularLaw &law, const PairStepSettings &settings,
                                    TangentialAdhesionState &state, PairResult &r,
                                    ContactRecorder *recorder = nullptr)
{
  const NormalAdhesion &adhesion = law.model.adhesion;
  double lambda_now = 0.0;
  ContactAverage average;
  for (int k = 0; k < n; ++k) {
    const Contact &ct = contacts[k];
    if (!(ct.delta_n < adhesion.dhat_a)) continue;
    const double area = ct.weight * GranularPairModel::adhesion_area(law.R_eff);
    const double a = -area * adhesion.energy(ct.delta_n);
    if (!(a > 0.0)) continue;
    lambda_now -= area * adhesion.force(ct.delta_n);
    const Vec3 v_rel = bj.velocity_at(ct.point) - bi.velocity_at(ct.point);
    average.add(ct, tangential_part(v_rel, ct.normal), a);
  }
  if (!(average.sum_a > 0.0)) {
    state = TangentialAdhesionState{};    // separated
    return;
  }
  r.style_values_live = true;
  const Vec3 point = average.point();
  const Vec3 normal = average.normal();
  const double lambda = settings.update_history ? state.lambda_latest : state.lambda_used;
  if (settings.update_history) {
    rotate_into_tangent_plane(state.y, normal);
    state.y += tangential_part(average.tangential_velocity(), normal) * settings.dt;
    state.lambda_used = state.lambda_latest;
    state.lambda_latest = lambda_now;
  }
  const TangentialAdhesion &t = law.model.tangential_adhesion;
  const double y = norm(state.y);
  if (!(y > 0.0)) return;
  const Vec3 force = state.y * (-t.mu_a * lambda * t.f1(y) / y);
  add_to_both(r.total, r.dissipative, force, point, bi, bj);
  if (recorder) recorder->add_pair_force(ContactRowKind::pair_adhesion, point, normal, force);
}

BODY_DEM_HOST_DEVICE
inline PairResult granular_pair_forces(const Contact *contacts, int n, double j_a, const BodyMotion &bi,
                                       const BodyMotion &bj, const GranularLaw &law,
                                       const PairStepSettings &settings, Vec3 *xi,
                                       ContactRecorder *recorder = nullptr)
{
  return pair_contact_forces(contacts, n, j_a, bi, bj, law, settings, xi, nullptr, nullptr, false, recorder);
}

}    // namespace body_dem

#endif
