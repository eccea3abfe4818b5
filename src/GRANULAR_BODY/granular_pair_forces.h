// The per-pair function of pair_style body/rounded/polyhedron/granular
// (seeds/001): the granular contact models applied to the contacts of two
// rounded polyhedra through pair_contact_forces(). Plain C++, no LAMMPS.
//
// Per contact: R_eff from the kinds of the features in contact
// (effective_radius), F_n = w (F_ne(delta, R_eff) + j_a F_c) + w F_damp in
// overlap, w F_c in the cohesive range; no tangential damping per contact.
// Per pair: one friction force of the tangential model from the contacts
// in overlap averaged with the weights w F_ne, with the Coulomb limit
// mu * sum(w F_ne) (without the damping, unlike pair_style granular).
#ifndef BODY_DEM_GRANULAR_PAIR_FORCES_H
#define BODY_DEM_GRANULAR_PAIR_FORCES_H

#include "granular_contact_models.h"
#include "pair_contact_forces.h"

namespace body_dem {

struct GranularLaw {
  const GranularPairModel &model;
  double r_i, r_j;    // rounded radii of the two bodies
  double m_eff;       // effective mass m_i m_j / (m_i + m_j)
  double cutoff;      // r_c of the cohesion

  NormalForceParts normal(const Contact &ct, double v_n, double j_a) const
  {
    const double R_eff = effective_radius(ct.kind_i, ct.kind_j, r_i, r_j);
    return model.normal_contact(ct.delta_n, R_eff, v_n, m_eff, cutoff, j_a);
  }
  Vec3 contact_tangential_damping(const Contact &, const Vec3 &) const { return {}; }
  bool friction_at_deepest_contact() const { return false; }
  Vec3 deepest_contact_friction(const Contact &, const Vec3 &) const { return {}; }
  Vec3 pair_friction(Vec3 *xi, const Vec3 &n, const Vec3 &v_t, double sum_elastic,
                     const PairStepSettings &s) const
  {
    Vec3 unused;    // linear_nohistory keeps no displacement
    return model.tangential_force(xi ? *xi : unused, n, v_t, m_eff, model.coulomb_limit(sum_elastic), s.dt,
                                  s.update_history)
        .force;
  }
};

inline PairResult granular_pair_forces(const Contact *contacts, int n, double j_a, const BodyMotion &bi,
                                       const BodyMotion &bj, const GranularLaw &law,
                                       const PairStepSettings &settings, Vec3 *xi)
{
  return pair_contact_forces(contacts, n, j_a, bi, bj, law, settings, xi);
}

}    // namespace body_dem

#endif
