/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: orientation and angular velocity of a body particle
   in the space frame (LAMMPS glue: reads atom_style body data), shared by
   the space-frame bodies of the 2d and 3d styles.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_BODY_ORIENTATION_H
#define BODY_DEM_BODY_ORIENTATION_H

#include "math_extra.h"
#include "vec3.h"

namespace body_dem {

// Rotation matrix of a body (body frame -> space frame) from its quaternion.
inline void body_rotation(const double *quat, double rot[3][3])
{
  MathExtra::quat_to_mat(quat, rot);
}

// Angular velocity in the space frame, omega = R diag(1/I) R^T L, from the
// angular momentum L (space frame), the rotation matrix R already at hand
// and the principal moments I (body frame). A zero moment (a rod about its
// axis, a point) contributes no rotation about that axis. The same as
// MathExtra::mq_to_omega, without building the rotation matrix again.
inline Vec3 space_frame_omega(const double rot[3][3], const double *angmom, const double *inertia)
{
  double body_l[3], omega[3];
  MathExtra::transpose_matvec(rot, angmom, body_l);
  for (int d = 0; d < 3; d++) body_l[d] = inertia[d] == 0.0 ? 0.0 : body_l[d] / inertia[d];
  MathExtra::matvec(rot, body_l, omega);
  return Vec3::from(omega);
}

}    // namespace body_dem

#endif
