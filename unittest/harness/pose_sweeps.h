// The sweeps of the 3d styles' continuity tests (test_polyhedron_smoothness,
// test_granular_continuity): cube 2 is put at the poses of a path against
// cube 1, one after the other, with `set atom 2 ... quat ...`, and the
// loads on it are read at each. What the tests measure along the path
// (the largest change between neighbouring poses, events, springs) stays
// in each test.
#ifndef BODY_DEM_TEST_POSE_SWEEPS_H
#define BODY_DEM_TEST_POSE_SWEEPS_H

#include "lammps_session.h"
#include "pair_style_bodies.h"
#include "polyhedron_data.h"
#include "quaternions.h"

#include <array>
#include <cmath>
#include <functional>
#include <string>

namespace body_dem_test {

// A body's position and orientation.
struct Pose {
  Triple x;
  Quat q;
};
// The pose along a path at the parameter t (a length or an angle).
using Path = std::function<Pose(double)>;

// Two unit cubes of the given rounded diameter, cube 1 at the origin and
// cube 2 out of reach at (0, 0, 3) until a sweep places it, written to
// the data file `path`; returns the input lines that read them.
inline std::string two_cubes_setup(const std::string &path, double rounded_diameter)
{
  return polyhedron_bodies_setup(path,
                                 {cube({0, 0, 0}, 1.0, rounded_diameter), cube({0, 0, 3}, 1.0, rounded_diameter)});
}

// The command that puts atom `id` at the pose p: its position, and its
// orientation as the axis and angle (degrees) of `set atom ... quat`,
// every number with all its digits.
inline std::string set_pose_command(int id, const Pose &p)
{
  Triple axis;
  double angle;
  to_axis_angle(p.q, axis, angle);
  return "set atom " + std::to_string(id) + " x " + exact(p.x[0]) + " y " + exact(p.x[1]) + " z " + exact(p.x[2]) +
         " quat " + exact(axis[0]) + " " + exact(axis[1]) + " " + exact(axis[2]) + " " + exact(angle * 180.0 / M_PI);
}

// The force and the torque on atom `id` (f x y z, torque x y z).
inline std::array<double, 6> force_and_torque(LammpsSession &s, int id)
{
  const Triple f = atom_row(s, "f", id), t = atom_row(s, "torque", id);
  return {f[0], f[1], f[2], t[0], t[1], t[2]};
}

}    // namespace body_dem_test

#endif
