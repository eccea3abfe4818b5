// Unit quaternions for the tests that turn bodies along a path (the sweeps
// of the 3d styles): from an axis and angle, products, and back to the
// axis and angle that `set atom ... quat` and the data files take.
#ifndef BODY_DEM_TEST_QUATERNIONS_H
#define BODY_DEM_TEST_QUATERNIONS_H

#include <array>
#include <cmath>

namespace body_dem_test {

struct Quat {
  double w = 1.0, x = 0.0, y = 0.0, z = 0.0;
};

// Rotation by `angle` (radians) about `axis` (any length > 0).
inline Quat axis_angle(const std::array<double, 3> &axis, double angle)
{
  const double n = std::sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
  const double s = std::sin(0.5 * angle) / n;
  return {std::cos(0.5 * angle), axis[0] * s, axis[1] * s, axis[2] * s};
}

// a * b: rotate by b, then by a.
inline Quat mul(const Quat &a, const Quat &b)
{
  return {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
          a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x, a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}

inline Quat conjugate(const Quat &q) { return {q.w, -q.x, -q.y, -q.z}; }

// Rotation angle (in [0, pi]) and unit axis of q; axis z for no rotation.
inline void to_axis_angle(Quat q, std::array<double, 3> &axis, double &angle)
{
  if (q.w < 0.0) q = {-q.w, -q.x, -q.y, -q.z};
  const double s = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z);
  angle = 2.0 * std::atan2(s, q.w);    // exact also for small angles
  if (s > 0.0)
    axis = {q.x / s, q.y / s, q.z / s};
  else
    axis = {0.0, 0.0, 1.0};
}

}    // namespace body_dem_test

#endif
