// The per-pair function of the linear (Fraige/Wang) styles: applies the
// linear contact law to the contacts of one pair of bodies that receive
// forces, and returns what the pair does to both bodies. Shared by the 2d
// and 3d styles, serial and /omp (layer between geometry and glue; plain
// C++, no LAMMPS, no allocation).
#ifndef BODY_DEM_LINEAR_PAIR_FORCES_H
#define BODY_DEM_LINEAR_PAIR_FORCES_H

#include "device_marks.h"
#include "linear_contact_law.h"
#include "pair_contact_forces.h"

namespace body_dem {

// The linear (Fraige/Wang) contact law for pair_contact_forces().
struct LinearLaw {
  const LinearContactCoeffs &c;
  bool history;

  BODY_DEM_HOST_DEVICE NormalForceParts normal(const Contact &ct, double v_n, double j_a) const
  {
    return linear_normal_force(c, ct.delta_n, v_n, j_a);
  }
  BODY_DEM_HOST_DEVICE Vec3 contact_tangential_damping(const Contact &ct, const Vec3 &v_t) const
  {
    return linear_tangential_damping(c, ct.delta_n, v_t);
  }
  // Without history: -min(mu k_n |delta_n|, c_t |v_t|) v_t/|v_t| at the
  // deepest contact; with history: one spring per weighted contact
  // (friction contact, the default) or one per pair (friction pair).
  BODY_DEM_HOST_DEVICE FrictionMode friction_mode() const
  {
    if (!history) return FrictionMode::deepest;
    return c.friction_per_contact ? FrictionMode::contact : FrictionMode::pair;
  }
  BODY_DEM_HOST_DEVICE bool friction_keeps_springs() const { return history; }
  BODY_DEM_HOST_DEVICE Vec3 deepest_contact_friction(const Contact &ct, const Vec3 &v_t) const
  {
    return linear_friction_force(c, ct.delta_n, v_t);
  }
  BODY_DEM_HOST_DEVICE
  Vec3 pair_friction(Vec3 *xi, const Vec3 &n, const Vec3 &v_t, double sum_elastic,
                     const PairStepSettings &s) const
  {
    if (!xi) return {};
    return linear_tangential_spring(*xi, n, v_t, s.dt, c.k_t, c.mu * sum_elastic, s.update_history).force;
  }
  // One contact's spring per unit weight, capped at mu k_n |delta_n|.
  BODY_DEM_HOST_DEVICE
  Vec3 contact_friction(Vec3 &xi, const Vec3 &n, const Vec3 &v_t, double elastic, const PairStepSettings &s) const
  {
    return linear_tangential_spring(xi, n, v_t, s.dt, c.k_t, c.mu * elastic, s.update_history).force;
  }
};

BODY_DEM_HOST_DEVICE
inline PairResult linear_pair_forces(const Contact *contacts, int n, double j_a, const BodyMotion &bi,
                                     const BodyMotion &bj, const LinearContactCoeffs &c,
                                     const PairStepSettings &settings, Vec3 *xi)
{
  return pair_contact_forces(contacts, n, j_a, bi, bj, LinearLaw{c, settings.history}, settings, xi);
}

}    // namespace body_dem

#endif
