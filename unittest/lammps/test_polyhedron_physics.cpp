// Physics a user can check by hand (TESTING.md layer 4) for
// pair_style body/rounded/polyhedron with history and fix
// wall/body/polyhedron: a cube on an incline sticks below the friction
// angle and slides above it, the 3d pour example comes to rest, and a
// restart carries the pairs' and walls' springs.
#include "lammps_session.h"
#include "polyhedron_data.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using body_dem_test::LammpsSession;

namespace {

const double kMu = 0.5;

// A unit cube (mass 1, rounded diameter 0.1) on a linear floor wall
// (k_n = 2000, c_n = 20, c_t = 5; mu and history from the pair style),
// gravity 1 straight down to settle, then tilted by theta. Returns the
// displacement along x and the velocity change over the last
// `measure_steps` steps (dt = 0.0005).
void incline(double tan_theta, int measure_steps, double *moved, double *dv)
{
  body_dem_test::Box3d box;
  box.lo[0] = -50;
  box.hi[0] = 50;
  box.lo[1] = -5;
  box.hi[1] = 5;
  box.lo[2] = 0;
  box.hi[2] = 5;
  body_dem_test::write_polyhedron_data("linear_incline.data", {body_dem_test::cube({0, 0, 0.549}, 1.0, 0.1)}, box);
  LammpsSession s;
  s.load_plugin();
  s.commands("units lj\nboundary p p f\natom_style body rounded/polyhedron 1 8\natom_modify map array\n"
             "comm_modify vel yes\nnewton on\nread_data linear_incline.data\n"
             "pair_style body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.0 history\npair_coeff * * 2000.0 0.0\n"
             "fix floor all wall/body/polyhedron 2000.0 20.0 5.0 zplane 0.0 NULL\n"
             "timestep 0.0005\nfix integrate all nve/body\n"
             "fix down all gravity 1.0 vector 0 0 -1\nrun 4000\nunfix down\n");
  const double theta = std::atan(tan_theta);
  char line[256];
  std::snprintf(line, sizeof line, "fix tilted all gravity 1.0 vector %.17g 0 %.17g", std::sin(theta),
                -std::cos(theta));
  s.command(line);
  s.command("run 4000");
  const double x0 = s.gather_by_id("x")[0], v0 = s.gather_by_id("v")[0];
  s.command("run " + std::to_string(measure_steps));
  *moved = s.gather_by_id("x")[0] - x0;
  *dv = s.gather_by_id("v")[0] - v0;
}

}    // namespace

TEST(PolyhedronPhysics, CubeOnInclineSticksBelowTheFrictionAngle)
{
  // tan(theta) = 0.8 mu = 0.4: the friction spring of the wall holds the
  // cube; over the last 10 time units it must move less than 1e-6, where
  // sliding would move it by g (sin - mu cos) t^2/2 = 0.5 even at a tenth
  // of the margin.
  double moved = 0.0, dv = 0.0;
  incline(0.8 * kMu, 20000, &moved, &dv);
  EXPECT_LT(std::fabs(moved), 1e-6);
}

TEST(PolyhedronPhysics, CubeOnInclineSlidesAboveTheFrictionAngle)
{
  // tan(theta) = 1.2 mu = 0.6: the spring is capped at mu N, and the
  // tangential damping c_t v at the four corner contacts brakes the cube
  // to the terminal speed v = g (sin - mu cos) / (4 c_t / m) =
  // 0.0857493 / 20 = 0.00428746 (sin = 0.514496, cos = 0.857493). It is
  // reached after m / (4 c_t) = 0.05 time units, so over the last 10 the
  // velocity does not change and the cube moves 10 v = 0.0428746.
  // Tolerance 2 %: the corners of a rounded cube share the load unevenly
  // while it slides (rocking), which changes the damping a little.
  double moved = 0.0, dv = 0.0;
  incline(1.2 * kMu, 20000, &moved, &dv);
  EXPECT_NEAR(moved, 0.0428746, 0.02 * 0.0428746);
  EXPECT_LT(std::fabs(dv), 1e-4);
}

TEST(PolyhedronPhysics, PourWithHistoryComesToRest)
{
  // The 3d pour example (288 cubes and tetrahedra): the kinetic energy
  // (translation and rotation) peaks near 450 while the bodies fall and
  // must end below 0.1 (about 2e-4 of the peak) after 24000 steps;
  // measured 0.02.
  LammpsSession s;
  body_dem_test::run_example(s, "in.pour3d", {{"nsteps", "24000"}});
  EXPECT_LT(s.variable("ke"), 0.1);
  EXPECT_GT(s.variable("ke"), 0.0);
}

TEST(PolyhedronPhysics, RestartWithHistoryContinuesTheSameTrajectory)
{
  // The pour for 3000 steps (bodies landing: many contacts with their
  // springs, pairs and walls), then 500 steps more: uninterrupted, and
  // through write_restart / read_restart with the pair style and the walls
  // specified again (same IDs). Same arithmetic: equal up to the order of
  // force sums after the rebuild of the neighbour lists (round-off, grown
  // by the collisions over 500 steps); a lost spring changes positions by
  // its deflection, 1e-3 and more.
  std::vector<double> direct;
  {
    LammpsSession s;
    body_dem_test::run_example(s, "in.pour3d", {{"nsteps", "3000"}});
    s.command("write_restart " + body_dem_test::work_dir() + "/pour3d.restart");
    s.command("run 500");
    direct = s.gather_by_id("x");
  }
  LammpsSession s;
  s.load_plugin();
  s.command("read_restart " + body_dem_test::work_dir() + "/pour3d.restart");
  s.commands("comm_modify vel yes\n"
             "pair_style body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.0 history\npair_coeff * * 2000.0 0.0\n"
             "fix floor all wall/body/polyhedron 2000.0 20.0 5.0 zplane 0.0 NULL\n"
             "fix drum all wall/body/polyhedron 2000.0 20.0 5.0 zcylinder 12.0\n"
             "neighbor 0.4 bin\nneigh_modify every 1 delay 0 check yes\ntimestep 0.001\n"
             "fix integrate all nve/body\nfix gravity all gravity 1.0 vector 0 0 -1\nrun 500\n");
  const std::vector<double> restarted = s.gather_by_id("x");
  ASSERT_EQ(direct.size(), restarted.size());
  for (size_t k = 0; k < direct.size(); ++k) EXPECT_NEAR(restarted[k], direct[k], 1e-9) << "coordinate " << k;
}
