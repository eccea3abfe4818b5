// The load on a wall: elements 3, 4, 5 of each wall fix's global vector
// are the x, y, z of the whole force the fix's walls exert on the bodies
// (elastic, damping, friction) at the last step. A stack of two bodies at
// rest on a floor under gravity g = 1 (mass 1 each): the floor pushes up
// with the weight of both, 2 m g, and not sideways. For each wall style
// (2d linear, 3d linear, 3d granular).
//
// Tolerance: the stack is settled by damping for 30 time units; what is
// left is a vibration whose kinetic energy is below 1e-8 (checked), so
// the accelerations, and with them the imbalance of the forces, are below
// about k_n * amplitude ~ 1e3 * sqrt(2e-8 / 1e3) ~ 5e-3 of the weight 2.
// 1e-2 is used.
#include "body_data.h"
#include "lammps_session.h"
#include "polyhedron_data.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

using body_dem_test::LammpsSession;

namespace {

// Runs `input` (the box with the stack, the pair style and a wall fix
// with the ID floor under it) in a fresh session with gravity g = 1 along
// -y (vertical_axis 1, 2d) or -z (2) for 30 time units of dt = 0.001, and
// expects the stack at rest and its weight on the floor.
void expect_weight_on_the_floor(const std::string &input, int vertical_axis, const std::string &what)
{
  LammpsSession s;
  s.load_plugin();
  s.commands(input);
  s.commands(std::string(vertical_axis == 1 ? "fix down all gravity 1.0 vector 0 -1 0\n"
                                            : "fix down all gravity 1.0 vector 0 0 -1\n") +
             "timestep 0.001\n"
             "fix integrate all nve/body\n"
             "compute ke all ke\n"
             "variable fx equal f_floor[3]\nvariable fy equal f_floor[4]\nvariable fz equal f_floor[5]\n"
             "thermo_style custom step c_ke v_fx v_fy v_fz\nthermo 1000\nrun 30000\n");
  const double f[3] = {s.variable("fx"), s.variable("fy"), s.variable("fz")};
  EXPECT_LT(s.compute_scalar("ke"), 1e-8) << what << ": not at rest";
  for (int d = 0; d < 3; d++) {
    const double expected = d == vertical_axis ? 2.0 : 0.0;
    EXPECT_NEAR(f[d], expected, 1e-2) << what << ": component " << d;
  }
}

body_dem_test::Box3d box3d() { return body_dem_test::box_above_floor(4.0, 6.0); }

// The 3d stack, two cubes (the upper one turned about z), and the input
// lines that read it in a box with a floor.
std::string stack_3d_setup()
{
  body_dem_test::write_polyhedron_data("wall_loads_3d.data",
                                       {body_dem_test::cube({0.0, 0.0, 0.6}, 1.0, 0.2),
                                        body_dem_test::rotated(body_dem_test::cube({0.1, 0.0, 1.8}, 1.0, 0.2),
                                                               {0.0, 0.0, 1.0}, 0.3)},
                                       box3d());
  return "boundary p p f\n" + body_dem_test::polyhedron_setup_commands("wall_loads_3d.data");
}

}    // namespace

TEST(WallLoads, PolygonFloorCarriesTheStack)
{
  const body_dem_test::Box2d box = body_dem_test::box2d_above_floor(4.0, 6.0);
  body_dem_test::write_polygon_data("wall_loads_2d.data",
                                    {body_dem_test::square(0.0, 0.6, 1.0, 0.0, 0.2),
                                     body_dem_test::square(0.1, 1.8, 1.0, 0.0, 0.2)},
                                    box);
  expect_weight_on_the_floor("boundary p f p\n" + body_dem_test::polygon_setup_commands("wall_loads_2d.data") +
                                 "pair_style body/rounded/polygon 20.0 5.0 0.5 1.0 0.0 history\n"
                                 "pair_coeff * * 1000.0 0.0\n"
                                 "fix floor all wall/body/polygon 1000.0 20.0 5.0 yplane 0.0 NULL\n"
                                 "fix plane all enforce2d\n",
                             1, "wall/body/polygon");
}

TEST(WallLoads, PolyhedronFloorCarriesTheStack)
{
  expect_weight_on_the_floor(stack_3d_setup() +
                                 "pair_style body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.0 history\n"
                                 "pair_coeff * * 1000.0 0.0\n"
                                 "fix floor all wall/body/polyhedron 1000.0 20.0 5.0 zplane 0.0 NULL\n",
                             2, "wall/body/polyhedron");
}

TEST(WallLoads, GranularFloorCarriesTheStack)
{
  const std::string model = "hooke 1000.0 0.5 tangential linear_history 285.7 1.0 0.5 damping mass_velocity";
  expect_weight_on_the_floor(stack_3d_setup() + "pair_style body/rounded/polyhedron/granular 1.0 0.0\n" +
                                 "pair_coeff * * " + model + "\nfix floor all wall/body/polyhedron/granular " +
                                 model + " zplane 0.0 NULL\n",
                             2, "wall/body/polyhedron/granular");
}

TEST(WallLoads, TwoPlanesOfOneFixAddUp)
{
  // A cube squeezed between a floor and a ceiling of one fix, no gravity:
  // the two walls push with equal and opposite forces, so their sum is
  // zero while each is not (the cube starts overlapping both by 0.02).
  body_dem_test::write_polyhedron_data("wall_loads_squeeze.data", {body_dem_test::cube({0.0, 0.0, 0.6}, 1.0, 0.2)},
                                       box3d());
  LammpsSession s;
  s.load_plugin();
  s.commands("boundary p p f\n" + body_dem_test::polyhedron_setup_commands("wall_loads_squeeze.data") +
             "pair_style body/rounded/polyhedron 20.0 5.0 0.0 1.0 0.0\npair_coeff * * 1000.0 0.0\n"
             "fix both all wall/body/polyhedron 1000.0 0.0 0.0 zplane 0.02 1.18\n"
             "fix floor all wall/body/polyhedron 1000.0 0.0 0.0 zplane 0.02 NULL\n"
             "fix integrate all nve/body\ntimestep 0.001\n"
             "variable both equal f_both[5]\nvariable floor equal f_floor[5]\nthermo_style custom step v_both v_floor\n"
             "run 0\n");
  // floor alone: 4 vertices 0.02 deep, k_n 0.02 each: 4 * 1000 * 0.02 = 80 up
  EXPECT_NEAR(s.variable("floor"), 80.0, 1e-9);
  EXPECT_NEAR(s.variable("both"), 0.0, 1e-9);
}
