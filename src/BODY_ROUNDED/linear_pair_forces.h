// The per-pair function of the linear (Fraige/Wang) styles: applies the
// linear contact law to the contacts of one pair of bodies that receive
// forces, and returns what the pair does to both bodies. Shared by the 2d
// and 3d styles, serial and /omp (layer between geometry and glue; plain
// C++, no LAMMPS, no allocation).
#ifndef BODY_DEM_LINEAR_PAIR_FORCES_H
#define BODY_DEM_LINEAR_PAIR_FORCES_H

#include "contact.h"
#include "linear_contact_law.h"

namespace body_dem {

// Rigid-body motion of one body: centre of mass, its velocity, angular velocity.
struct BodyMotion {
  Vec3 center, velocity, omega;
  Vec3 velocity_at(const Vec3 &p) const { return velocity + cross(omega, p - center); }
};

// Forces of one kind that a pair exerts: the force on body j (the force on
// body i is its negative) and the torques about each body's centre.
struct PairLoad {
  Vec3 force_j;
  Vec3 torque_i, torque_j;

  void add(const Vec3 &force_on_j, const Vec3 &point, const BodyMotion &bi, const BodyMotion &bj)
  {
    force_j += force_on_j;
    torque_j += cross(point - bj.center, force_on_j);
    torque_i -= cross(point - bi.center, force_on_j);
  }
};

// Result for one pair: the total load, and the two parts of it whose work
// the styles report (they do not derive from the reported energy).
struct PairResult {
  PairLoad total;
  PairLoad ja_scaling;     // the part of the cohesive forces added by j_a > 1
  PairLoad dissipative;    // damping and friction (the spring with history)
  double energy = 0.0;     // of the contacts that receive forces
  bool touching = false;   // some contact in overlap: the history of the pair lives on

  void add(const Vec3 &force_on_j, const Vec3 &point, const BodyMotion &bi, const BodyMotion &bj)
  {
    total.add(force_on_j, point, bi, bj);
  }
};

// Pair-level settings that are not per contact.
struct PairStepSettings {
  double dt = 0.0;              // time step (for the history spring)
  bool history = false;         // tangential spring per pair (history keyword)
  bool update_history = true;   // false during the setup of a run: no time passes
};

// contacts[0..n): the contacts that receive forces (delta_n <= r_c).
// j_a >= 1 scales the cohesive force of contacts in overlap.
// xi: the pair's tangential displacement (only with settings.history).
inline PairResult linear_pair_forces(const Contact *contacts, int n, double j_a, const BodyMotion &bi,
                                     const BodyMotion &bj, const LinearContactCoeffs &c,
                                     const PairStepSettings &settings, Vec3 *xi)
{
  PairResult out;
  // Weighted sums for the friction of the pair (history), weights
  // a_k = w_k k_n |delta_n,k| of the contacts in overlap.
  double sum_a = 0.0;
  Vec3 sum_point, sum_normal, sum_vt;
  // Without history: the contact with the largest overlap carries friction.
  int deepest = -1;

  for (int k = 0; k < n; ++k) {
    const Contact &ct = contacts[k];
    const Vec3 v_rel = bj.velocity_at(ct.point) - bi.velocity_at(ct.point);
    const double v_n = dot(v_rel, ct.normal);
    const Vec3 v_t = v_rel - ct.normal * v_n;
    const double w = ct.weight;

    const LinearNormalForce fn = linear_normal_force(c, ct.delta_n, v_n, 1.0 + (j_a - 1.0) * ct.ja_factor);
    if (!fn.active) continue;
    const Vec3 damp_t = linear_tangential_damping(c, ct.delta_n, v_t) * w;
    out.add(ct.normal * (w * fn.total()) + damp_t, ct.point, bi, bj);
    if (fn.ja_extra != 0.0) out.ja_scaling.add(ct.normal * (w * fn.ja_extra), ct.point, bi, bj);
    out.dissipative.add(ct.normal * (w * fn.damping) + damp_t, ct.point, bi, bj);
    out.energy += w * fn.energy;

    if (!fn.overlap) continue;
    out.touching = true;
    if (deepest < 0 || ct.delta_n < contacts[deepest].delta_n) deepest = k;
    const double a = w * fn.elastic;
    sum_a += a;
    sum_point += ct.point * a;
    sum_normal += ct.normal * a;
    sum_vt += v_t * a;
  }

  if (!out.touching) {
    if (settings.history && xi) *xi = Vec3{};
    return out;
  }

  if (!settings.history) {
    const Contact &ct = contacts[deepest];
    const Vec3 v_rel = bj.velocity_at(ct.point) - bi.velocity_at(ct.point);
    const Vec3 friction = linear_friction_force(c, ct.delta_n, tangential_part(v_rel, ct.normal)) * ct.weight;
    out.add(friction, ct.point, bi, bj);
    out.dissipative.add(friction, ct.point, bi, bj);
    return out;
  }

  // One spring per pair at the contact points' average weighted by the
  // elastic normal forces; normal and tangential velocity averaged alike.
  if (sum_a <= 0.0) return out;
  const Vec3 point = sum_point * (1.0 / sum_a);
  const Vec3 normal = normalized_or_zero(sum_normal);
  const Vec3 v_t = sum_vt * (1.0 / sum_a);
  const TangentialSpringResult spring =
      linear_tangential_spring(*xi, normal, v_t, settings.dt, c.k_t, c.mu * sum_a, settings.update_history);
  out.add(spring.force, point, bi, bj);
  out.dissipative.add(spring.force, point, bi, bj);
  return out;
}

}    // namespace body_dem

#endif
