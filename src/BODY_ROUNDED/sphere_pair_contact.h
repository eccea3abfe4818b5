// The contact of two one-vertex bodies (spheres) of the 3d styles (layer
// 1: plain C++, no LAMMPS, no allocation), for the per-pair functions'
// sphere path. Why a path of its own: a bed of spheres has millions of
// such pairs, and the general route (a contact list of kMaxPolyhedronContacts,
// the weight ledger, j_a from the contact region, the weight record)
// costs several times the force law for a pair that always has exactly
// one contact of weight 1, no ledger entry (a weight that is always 1
// adds no energy) and j_a = 1 (one contact spans no region).
//
// find_polyhedron_contacts() takes its contact of two spheres from here
// too, so the sphere path and the general one give the same numbers;
// unittest/geometry checks the two against each other.
#ifndef BODY_DEM_SPHERE_PAIR_CONTACT_H
#define BODY_DEM_SPHERE_PAIR_CONTACT_H

#include "contact.h"
#include "device_marks.h"

#include <cmath>

namespace body_dem {

// Spheres of centres ci, cj and rounded radii ri, rj: false when their
// surfaces are farther apart than cutoff, else true with the contact in c.
BODY_DEM_HOST_DEVICE
inline bool sphere_pair_contact(const Vec3 &ci, double ri, const Vec3 &cj, double rj, double cutoff, Contact &c)
{
  const double r_sum = ri + rj;
  const double dmax = r_sum + cutoff;
  if (dmax < 0.0) return false;
  const double d2 = norm2(ci - cj);
  if (d2 > dmax * dmax) return false;
  const double d = std::sqrt(d2);
  c.kind_i = c.kind_j = FeatureKind::vertex;
  c.index_i = c.index_j = 0;
  c.on_i = ci;
  c.on_j = cj;
  c.normal = d > 0.0 ? -((ci - cj) * (1.0 / d)) : Vec3{0.0, 0.0, 1.0};
  c.delta_n = d - r_sum;
  c.weight = 1.0;
  c.ja_factor = 1.0;
  c.point = contact_point(c.on_i, c.normal, ri, c.delta_n);
  return true;
}

}    // namespace body_dem

#endif
