// Physics a user can check by hand (TESTING.md layer 4) for
// pair_style body/rounded/polyhedron with history and fix
// wall/body/polyhedron: a cube on an incline sticks below the friction
// angle and slides above it, the 3d pour example comes to rest, and a
// restart carries the pairs' and walls' springs.
#include "cube_incline.h"
#include "energy_balance_3d.h"
#include "lammps_session.h"
#include "pair_style_bodies.h"
#include "polyhedron_data.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using body_dem_test::LammpsSession;

namespace {

const double kMu = 0.5;

// The cube of the harness's incline (cube_incline.h) on a linear floor
// wall (k_n = 2000, c_n = 20, c_t = 5; mu and history from the pair
// style), 0.001 into it at the start.
body_dem_test::InclineMotion incline(double tan_theta, int measure_steps)
{
  return body_dem_test::cube_on_incline("linear_incline.data", 0.549,
                                        "pair_style body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.0 history\n"
                                        "pair_coeff * * 2000.0 0.0\n"
                                        "fix floor all wall/body/polyhedron 2000.0 20.0 5.0 zplane 0.0 NULL\n",
                                        tan_theta, measure_steps);
}

}    // namespace

TEST(PolyhedronPhysics, CubeOnInclineSticksBelowTheFrictionAngle)
{
  // tan(theta) = 0.8 mu = 0.4: the friction spring of the wall holds the
  // cube; over the last 10 time units it must move less than 1e-6, where
  // sliding would move it by g (sin - mu cos) t^2/2 = 0.5 even at a tenth
  // of the margin.
  const body_dem_test::InclineMotion r = incline(0.8 * kMu, 20000);
  EXPECT_LT(std::fabs(r.moved), 1e-6);
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
  const body_dem_test::InclineMotion r = incline(1.2 * kMu, 20000);
  EXPECT_NEAR(r.moved, 0.0428746, 0.02 * 0.0428746);
  EXPECT_LT(std::fabs(r.dv), 1e-4);
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
  const body_dem_test::RestartContinuation run =
      body_dem_test::pour3d_through_restart({}, body_dem_test::work_dir() + "/pour3d.restart");
  const std::vector<double> &direct = run.direct, &restarted = run.restarted;
  ASSERT_EQ(direct.size(), restarted.size());
  for (size_t k = 0; k < direct.size(); ++k) EXPECT_NEAR(restarted[k], direct[k], 1e-9) << "coordinate " << k;
}

// ---------------------------------------------------------------------------
// Energy balance: KE + PE - W_ja - W_diss - W_w (weight_work.h) of the
// 27-body gas of the harness (kinetic energy 12.77), sampled 80 times over
// 4 time units, for dt = 0.001, 0.0005, 0.00025.

namespace {

struct BalanceCase {
  std::string pair_style, pair_coeff, wall;
};

std::vector<body_dem_test::EnergyDrift> drifts(const BalanceCase &c)
{
  std::vector<body_dem_test::EnergyDrift> out;
  for (double dt : {0.001, 0.0005, 0.00025})
    out.push_back(body_dem_test::polyhedron_energy_balance(body_dem_test::polyhedron_gas_27(true), c.pair_style,
                                                           c.pair_coeff, c.wall, dt, 4.0));
  const int rank = body_dem_test::mpi_rank();
  if (rank == 0)
    std::printf("largest drifts %.4g, %.4g, %.4g (ratio over two halvings %.3g); W_ja %.4g, W_diss %.4g, W_w %.4g, "
                "%.4g, %.4g\n",
                out[0].max_abs, out[1].max_abs, out[2].max_abs, out[0].max_abs / out[2].max_abs, out[0].work_ja,
                out[0].work_diss, out[0].work_weights, out[1].work_weights, out[2].work_weights);
  return out;
}

}    // namespace

TEST(PolyhedronPhysics, EnergyBalanceOfElasticCubesConvergesLikeDtSquared)
{
  // Tumbling cubes in a periodic box, k_n = 2000, no damping, friction or
  // cohesion: all forces elastic, the weights' share booked as W_w.
  // Measured: largest drifts 0.0123, 0.00379, 0.000805 (ratio 15.3 over
  // two halvings of dt; second order gives 16, first order 4); W_w 0.067,
  // 0.021, 0.0053. Without W_w the drifts are 0.062, 0.029, 0.030, not
  // falling with dt. Required: a ratio in [9, 30], a drift below 0.03
  // (0.25 % of the kinetic energy) at dt = 0.001.
  const auto d = drifts({"body/rounded/polyhedron 0.0 0.0 0.0 1.0 0.0", "2000.0 0.0", ""});
  EXPECT_GT(std::fabs(d[0].work_weights), 1e-3);    // the weights do work: the test is not empty
  EXPECT_LT(d[0].max_abs, 0.03);
  EXPECT_GT(d[0].max_abs / d[2].max_abs, 9.0);
  EXPECT_LT(d[0].max_abs / d[2].max_abs, 30.0);
}

TEST(PolyhedronPhysics, EnergyBalanceWithDampingFrictionAndCohesionConverges)
{
  // The same cubes between six walls, with damping (c_n = 5, c_t = 2),
  // friction with history (mu = 0.3), cohesion (k_na = 5, r_c = 0.05) and
  // j_a (delta_ua = 0.05); walls with the same k_n, c_n, c_t.
  // Measured: largest drifts 0.0110, 0.00360, 0.000720 (ratio 15.3), while
  // damping and friction take W_diss = -4.42 of the kinetic energy 12.77,
  // W_ja = 5.4e-4, W_w = 0.0129. Required: the same ratio, a drift below
  // 0.05 at dt = 0.001; the dissipation shows that the test is not empty.
  const auto d = drifts({"body/rounded/polyhedron 5.0 2.0 0.3 0.05 0.05 history", "2000.0 5.0",
                         "wall/body/polyhedron 2000.0 5.0 2.0"});
  EXPECT_LT(d[0].work_diss, -1.0);    // damping and friction dissipate: the test is not empty
  EXPECT_GT(std::fabs(d[0].work_weights), 1e-3);
  EXPECT_LT(d[0].max_abs, 0.05);
  EXPECT_GT(d[0].max_abs / d[2].max_abs, 9.0);
  EXPECT_LT(d[0].max_abs / d[2].max_abs, 30.0);
}

TEST(PolyhedronPhysics, WorkOfTheWeightsIsNotAccumulatedDuringMinimization)
{
  // Cube B (edge 1, rounded diameter 0.1) tilted by 15 degrees about
  // (1, 1, 0) and twisted by 20 degrees about z, pressed into the top face
  // of cube A, so that its contacts have different depths and weights
  // that change as B moves (the depth ratios of the merging and the
  // precedence of crossings). A minimization moves B out (the backtracking
  // line search moves the bodies; their orientations stay) but is no time
  // integration: the work of the weights stays exactly 0. A run in which
  // B spins about z while pressed down accumulates it again.
  body_dem_test::PolyhedronBody a = body_dem_test::cube({0, 0, 0}, 1.0, 0.1);
  body_dem_test::PolyhedronBody b = body_dem_test::rotated(
      body_dem_test::rotated(body_dem_test::cube({0.2, 0.1, 1.12}, 1.0, 0.1), {0, 0, 1}, 20.0 * M_PI / 180.0),
      {1, 1, 0}, 15.0 * M_PI / 180.0);
  const auto s =
      body_dem_test::pair_style_session(body_dem_test::polyhedron_bodies_setup("minimize3d.data", {a, b}),
                                        "body/rounded/polyhedron 1.0 1.0 0.3 0.25 0.05 history", {"* * 2000.0 4.0"});
  s->commands("thermo_style custom step pe c_wp[1] c_wp[2] c_wp[3]\n"
              "min_modify line backtrack\nminimize 0.0 1e-8 100 1000\n");
  const double pe_before_run = s->thermo("pe");
  EXPECT_EQ(s->compute_vector("wp", 2), 0.0);
  s->commands("fix integrate all nve/body\ntimestep 0.0005\ngroup top id 2\ngroup bottom id 1\n"
              "fix hold bottom setforce 0 0 0\nfix down top addforce 0 0 -20\nset atom 2 angmom 0 0 0.5\n"
              "run 400\n");
  if (body_dem_test::mpi_rank() == 0)
    std::printf("pe after the minimization %.6g; work of the weights after the run %.6g\n", pe_before_run,
                s->compute_vector("wp", 2));
  EXPECT_NE(s->compute_vector("wp", 2), 0.0);
}
