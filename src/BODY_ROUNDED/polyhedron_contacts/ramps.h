// The contact search of 3d rounded polyhedra (polyhedron_contacts.h): the
// smooth step S and the ramps that every weight factor is made of, and the
// clamp of a cosine before acos. Plain C++, header-only, no LAMMPS.
#ifndef BODY_DEM_POLYHEDRON_CONTACTS_RAMPS_H
#define BODY_DEM_POLYHEDRON_CONTACTS_RAMPS_H

#include "device_marks.h"

namespace body_dem {
namespace polyhedron_detail {

  // S(x) = 3x^2 - 2x^3 on [0, 1], 0 below, 1 above: continuous with a
  // continuous first derivative, which is at most 1.5.
  BODY_DEM_HOST_DEVICE inline double smooth_step(double x)
  {
    if (x <= 0.0) return 0.0;
    if (x >= 1.0) return 1.0;
    return x * x * (3.0 - 2.0 * x);
  }

  // S(x / len), robust for len = 0 (a step at x = 0) and x = len = 0 (0).
  BODY_DEM_HOST_DEVICE inline double ramp(double x, double len)
  {
    if (len > 0.0) return smooth_step(x / len);
    return x > 0.0 ? 1.0 : 0.0;
  }

  // A cosine computed from unit vectors may leave [-1, 1] by round-off.
  BODY_DEM_HOST_DEVICE inline double clamp_unit(double c) { return c > 1.0 ? 1.0 : (c < -1.0 ? -1.0 : c); }

}    // namespace polyhedron_detail
}    // namespace body_dem

#endif
