/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: orientation and angular velocity of a body particle
   in the space frame (LAMMPS glue: reads atom_style body data), shared by
   the space-frame bodies of the 2d and 3d styles.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_BODY_ORIENTATION_H
#define BODY_DEM_BODY_ORIENTATION_H

#include "atom.h"
#include "atom_vec_body.h"
#include "math_extra.h"
#include "pair_contact_forces.h"
#include "vec3.h"

namespace body_dem {

// Rotation matrix of a body (body frame -> space frame) from its unit
// quaternion (w, x, y, z). Written out here rather than a call of
// MathExtra::quat_to_mat (not inline in the host), which cost more than
// the arithmetic in loops over all bodies; the same numbers bit for bit
// (each entry the same products, scaled by 2 exactly).
inline void body_rotation(const double *q, double rot[3][3])
{
  const double w = q[0], x = q[1], y = q[2], z = q[3];
  const double ww = w * w, xx = x * x, yy = y * y, zz = z * z;
  const double xy = x * y, xz = x * z, yz = y * z, wx = w * x, wy = w * y, wz = w * z;
  rot[0][0] = ww + xx - yy - zz;
  rot[0][1] = 2.0 * (xy - wz);
  rot[0][2] = 2.0 * (xz + wy);
  rot[1][0] = 2.0 * (xy + wz);
  rot[1][1] = ww - xx + yy - zz;
  rot[1][2] = 2.0 * (yz - wx);
  rot[2][0] = 2.0 * (xz - wy);
  rot[2][1] = 2.0 * (yz + wx);
  rot[2][2] = ww - xx - yy + zz;
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

// The same from the quaternion (MathExtra::mq_to_omega, whose calls cost
// more than the arithmetic in the work accounting's loop over the bodies).
inline Vec3 space_frame_omega(const double *angmom, const double *quat, const double *inertia)
{
  double rot[3][3];
  body_rotation(quat, rot);
  return space_frame_omega(rot, angmom, inertia);
}

// The motion of atom i (centre, velocity, and for a body its angular
// velocity) and, for a body, the rotation matrix of its orientation: the
// start of every space-frame body (2d, 3d, the walls'). Returns the body's
// data in the host, or nullptr for an atom that is not a body (rot is then
// not set, omega is 0).
inline LAMMPS_NS::AtomVecBody::Bonus *body_motion(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec, int i,
                                                  BodyMotion &motion, double rot[3][3])
{
  motion.center = Vec3::from(atom->x[i]);
  motion.velocity = Vec3::from(atom->v[i]);
  motion.omega = Vec3{};
  if (atom->body[i] < 0) return nullptr;
  LAMMPS_NS::AtomVecBody::Bonus *bonus = &avec->bonus[atom->body[i]];
  body_rotation(bonus->quat, rot);
  motion.omega = space_frame_omega(rot, atom->angmom[i], bonus->inertia);
  return bonus;
}

}    // namespace body_dem

#endif
