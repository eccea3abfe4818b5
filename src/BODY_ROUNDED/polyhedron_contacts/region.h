// The contact search of 3d rounded polyhedra (polyhedron_contacts.h): the
// size of a pair's contact region, for j_a. Plain C++, header-only, no
// LAMMPS.
#ifndef BODY_DEM_POLYHEDRON_CONTACTS_REGION_H
#define BODY_DEM_POLYHEDRON_CONTACTS_REGION_H

#include "contact.h"
#include "device_marks.h"
#include "polyhedron_contacts/shape.h"

#include <cmath>

namespace body_dem {

// Size of the contact region of one pair, for j_a: an area (see the
// comment at the top of polyhedron_contacts.h). Each contact weighs
// w (cutoff - delta_n) >= 0, its share of the cohesive force, so that
// contacts entering the cutoff change the size continuously; pass the pair
// style's cutoff (0: weight by the overlap -delta_n, contacts in the
// cohesive range do not count).
BODY_DEM_HOST_DEVICE inline double contact_region_size(const PolyhedronContactList &contacts, double cutoff = 0.0)
{
  double wsum = 0.0;
  const Vec3 mean = cohesive_mean_point(contacts, cutoff, wsum);
  if (!(wsum > 0.0)) return 0.0;
  double xx = 0, yy = 0, zz = 0, xy = 0, yz = 0, zx = 0;
  for (const Contact &c : contacts) {
    const double w = c.weight * (cutoff - c.delta_n);
    if (w <= 0.0) continue;
    const Vec3 d = c.point - mean;
    xx += w * d.x * d.x;
    yy += w * d.y * d.y;
    zz += w * d.z * d.z;
    xy += w * d.x * d.y;
    yz += w * d.y * d.z;
    zx += w * d.z * d.x;
  }
  const double s = 1.0 / wsum;
  xx *= s, yy *= s, zz *= s, xy *= s, yz *= s, zx *= s;
  // second invariant of the covariance = product of its two eigenvalues for
  // points in a plane (the sum of its principal 2x2 minors)
  const double i2 = xx * yy + yy * zz + zz * xx - xy * xy - yz * yz - zx * zx;
  return i2 > 0.0 ? 4.0 * std::sqrt(i2) : 0.0;
}

}    // namespace body_dem

#endif
