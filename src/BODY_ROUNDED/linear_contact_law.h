// Linear contact law of Fraige (2d) and Wang (3d) as used by the pair
// styles body/rounded/polygon and body/rounded/polyhedron (layer 2: force
// laws). Plain C++: no LAMMPS include, no allocation, no virtual calls, so
// the same functions serve the serial, /omp and a later device kernel.
//
// Sign conventions (shared with contact.h):
//  - normal n points from body i to body j; F_n > 0 is repulsive, i.e. it
//    acts on body j along +n and on body i along -n;
//  - delta_n = surface separation of the rounded surfaces (< 0: overlap);
//  - v_n = dot(v_j - v_i, n) at the contact point: positive when the
//    surfaces separate;
//  - v_t = tangential part of (v_j - v_i) at the contact point; a
//    tangential force returned here acts on body j (and its negative on
//    body i);
//  - r_c = cutoff >= 0 of the cohesive range of the surface separation.
//
// Per contact, with j_a >= 1 the contact-size scaling of the cohesion:
//
//   delta_n <= 0 (overlap):
//     F_n = -k_n delta_n - j_a k_na (r_c - delta_n) - c_n v_n
//   0 < delta_n <= r_c (cohesive range):
//     F_n = -k_na (r_c - delta_n)          (no damping, friction, j_a)
//   delta_n > r_c: no interaction.
//
// F_n is returned in parts so that the caller can book work and energy:
//   elastic  = -k_n delta_n                     (overlap only)
//   cohesive = -k_na (r_c - delta_n)            (overlap and cohesive range)
//   ja_extra = -(j_a - 1) k_na (r_c - delta_n)  (overlap only; no energy)
//   damping  = -c_n v_n                         (overlap only)
// and the energy of the conservative part elastic + cohesive,
//   E = 1/2 k_n delta_n^2 - 1/2 k_na (r_c - delta_n)^2   (overlap)
//   E =                   - 1/2 k_na (r_c - delta_n)^2   (cohesive range)
//   E = 0                                                 (beyond r_c)
// with -dE/d(delta_n) = elastic + cohesive in both ranges; E is continuous
// at delta_n = 0 (both sides -1/2 k_na r_c^2) and zero at delta_n = r_c.
// The parts ja_extra, damping and the tangential forces do not derive from
// E: their work is what the styles report as extra quantities.
#ifndef BODY_DEM_LINEAR_CONTACT_LAW_H
#define BODY_DEM_LINEAR_CONTACT_LAW_H

#include "device_marks.h"
#include "normal_force_parts.h"
#include "vec3.h"

#include <cmath>

namespace body_dem {

// Coefficients of one pair of atom types.
//   k_n    normal stiffness (energy/distance^2)
//   k_na   cohesive stiffness (energy/distance^2)
//   k_t    tangential stiffness of the history spring (energy/distance^2);
//          a negative value (kUnsetStiffness, the default) means "not
//          given": apply_default_tangential_stiffness() then sets
//          k_t = 2/7 k_n as pair_style gran/hooke/history does
//   c_n    normal damping coefficient (mass/time)
//   c_t    tangential damping coefficient (mass/time)
//   mu     friction coefficient
//   cutoff r_c >= 0, cutoff of the surface separation (distance)
//   friction_per_contact  with history: a spring per weighted contact
//          (true, `friction contact`, the default) or one per pair of
//          bodies (false, `friction pair`, seeds/000); see FrictionMode in
//          pair_contact_forces.h
struct LinearContactCoeffs {
  static constexpr double kUnsetStiffness = -1.0;

  double k_n = 0.0;
  double k_na = 0.0;
  double k_t = kUnsetStiffness;
  double c_n = 0.0;
  double c_t = 0.0;
  double mu = 0.0;
  double cutoff = 0.0;
  bool friction_per_contact = true;

  BODY_DEM_HOST_DEVICE bool has_tangential_stiffness() const { return k_t >= 0.0; }
};

// k_t = 2/7 k_n when k_t was not given (k_t < 0); an explicit k_t >= 0,
// zero included, is kept.
inline void apply_default_tangential_stiffness(LinearContactCoeffs &c)
{
  if (c.k_t < 0.0) c.k_t = 2.0 / 7.0 * c.k_n;
}

// Normal force of one contact, in parts (see the header comment).
using LinearNormalForce = NormalForceParts;

// delta_n: surface separation; v_n: normal relative velocity (> 0 when
// separating); j_a: cohesion scaling (>= 1, 1 = no scaling).
BODY_DEM_HOST_DEVICE
inline LinearNormalForce linear_normal_force(const LinearContactCoeffs &c, double delta_n,
                                             double v_n, double j_a)
{
  LinearNormalForce f;
  const double r_c = c.cutoff;
  if (delta_n > r_c) return f;
  f.active = true;
  const double gap = r_c - delta_n;    // >= 0: overlap of the cohesive regions
  f.cohesive = -c.k_na * gap;
  f.energy = -0.5 * c.k_na * gap * gap;
  if (delta_n <= 0.0) {
    f.overlap = true;
    f.elastic = -c.k_n * delta_n;
    f.ja_extra = -(j_a - 1.0) * c.k_na * gap;
    f.damping = -c.c_n * v_n;
    f.energy += 0.5 * c.k_n * delta_n * delta_n;
  }
  return f;
}

// Per-contact tangential damping -c_t v_t, in overlap (delta_n <= 0) only.
BODY_DEM_HOST_DEVICE
inline Vec3 linear_tangential_damping(const LinearContactCoeffs &c, double delta_n, const Vec3 &v_t)
{
  return delta_n <= 0.0 ? v_t * (-c.c_t) : Vec3{};
}

// Velocity-capped friction: -min(limit, c_t |v_t|) v_t/|v_t|, zero when
// v_t = 0 or limit <= 0. The cap c_t |v_t| lets the force vanish smoothly
// as the sliding stops instead of reversing it within a time step.
BODY_DEM_HOST_DEVICE inline Vec3 capped_friction_force(double limit, double c_t, const Vec3 &v_t)
{
  const double vmag = norm(v_t);
  if (vmag <= 0.0) return {};
  double mag = c_t * vmag;
  if (limit < mag) mag = limit;
  if (mag <= 0.0) return {};
  return v_t * (-mag / vmag);
}

// The single friction force of a pair without history (seeds/000):
//   F_t = -min(mu k_n |delta_n|, c_t |v_t|) v_t/|v_t|
// with delta_n and v_t those of the contact that carries it; zero unless
// that contact overlaps (delta_n <= 0).
BODY_DEM_HOST_DEVICE inline Vec3 linear_friction_force(const LinearContactCoeffs &c, double delta_n, const Vec3 &v_t)
{
  if (delta_n > 0.0) return {};
  return capped_friction_force(c.mu * c.k_n * std::fabs(delta_n), c.c_t, v_t);
}

struct TangentialSpringResult {
  Vec3 force;              // acts on body j (its negative on body i)
  bool sliding = false;    // the spring force was capped at F_max
};

// Tangential spring with history (the history keyword), per pair of bodies.
// xi: the pair's stored tangential displacement (in/out); n: the current
// unit normal; v_t: the pair's tangential relative velocity; F_max =
// mu * sum of the elastic normal forces k_n |delta_n| of the pair's
// contacts (computed by the caller). Steps, in this order:
//   (1) xi <- rotated into the plane perpendicular to n, |xi| kept
//       (rotate_into_tangent_plane);
//   (2) xi <- xi + v_t dt, with v_t reduced to its part perpendicular to n
//       (v_t may be an average over contacts and so not exactly tangent);
//   (3) F = -k_t xi;
//   (4) if |F| > F_max: sliding, F <- F_max F/|F| and xi <- -F/k_t, so the
//       stored spring force equals the cap.
// update_history = false skips (1) and (2) (e.g. during the setup of a
// run, when no time passes). With k_t = 0 the force is zero and (4) never
// applies, so nothing divides by k_t.
BODY_DEM_HOST_DEVICE
inline TangentialSpringResult linear_tangential_spring(Vec3 &xi, const Vec3 &n, const Vec3 &v_t,
                                                       double dt, double k_t, double F_max,
                                                       bool update_history = true)
{
  TangentialSpringResult r;
  if (update_history) {
    rotate_into_tangent_plane(xi, n);
    xi += tangential_part(v_t, n) * dt;
  }
  r.force = xi * (-k_t);
  const double fmag = norm(r.force);
  const double cap = F_max > 0.0 ? F_max : 0.0;
  if (fmag > cap) {
    r.sliding = true;
    r.force *= cap / fmag;
    // fmag > 0 implies k_t != 0 here.
    xi = r.force * (-1.0 / k_t);
  }
  return r;
}

// Energy stored in the tangential spring, 1/2 k_t |xi|^2 (for the energy
// balance of the friction work).
BODY_DEM_HOST_DEVICE inline double tangential_spring_energy(double k_t, const Vec3 &xi)
{
  return 0.5 * k_t * norm2(xi);
}

}    // namespace body_dem

#endif
