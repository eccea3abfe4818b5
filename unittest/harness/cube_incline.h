// The incline of the 3d styles' physics tests (TESTING.md layer 4): a
// unit cube on a floor wall, settled under gravity and then tilted, sticks
// below the friction angle and slides above it. The set-up and the
// measurement are shared; each test file gives its styles and keeps its
// own expectations.
#ifndef BODY_DEM_TEST_CUBE_INCLINE_H
#define BODY_DEM_TEST_CUBE_INCLINE_H

#include <string>

namespace body_dem_test {

struct InclineMotion {
  double moved = 0.0;    // the cube's displacement along x over the measured steps
  double dv = 0.0;       // the change of its velocity along x over them
  double v = 0.0;        // its velocity along x at their end
};

// A unit cube (mass 1, rounded diameter 0.1, faces along the axes) with
// its centre at height `z` (it overlaps the floor by 0.55 - z) in the box
// [-50, 50] x [-5, 5] x [0, 5], periodic in x and y, written to
// `data_path`; `styles` are the input lines of the pair style (if any) and
// of a wall fix on the floor z = 0. Gravity 1 straight down for 4000 steps
// of 0.0005 to settle, then tilted by theta = atan(tan_theta) in x
// (gravity (sin theta, 0, -cos theta)) for 4000 steps, in which the
// elastic deflection of the friction springs settles; then the motion
// over `measure_steps` more steps.
InclineMotion cube_on_incline(const std::string &data_path, double z, const std::string &styles, double tan_theta,
                              int measure_steps);

}    // namespace body_dem_test

#endif
