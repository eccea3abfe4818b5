// The topology of a rounded polyhedron (its edges and faces as ints, the
// faces turned outward, the faces of each edge) is computed once per body
// shape, not per step or per pair (polyhedron_body_frames.h): bodies that
// move, collide, cross a periodic boundary (ghost copies) and are sorted
// and exchanged by the neighbour-list builds keep their entries. And a
// body is turned into the space frame only when a pair within reach needs
// it (the /omp variant's count: test_omp_variants.cpp).
#include "lammps_session.h"
#include "polyhedron_data.h"

#include "force.h"
#include "neighbor.h"
#include "pair.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace body_dem_test;

namespace {

// Six hull grains of three shapes (seeds 1, 2, 3, 30 vertices), each shape
// twice, in two rows 2 apart in y (x = -1.2, 0, 1.2; semi-axes at most
// 0.5 and the scatter, rounded radius 0.05: no overlap), the rows moving
// towards each other in a periodic box of 4 x 4 x 4: they collide, and
// leave the box through its sides.
std::vector<PolyhedronBody> six_grains_of_three_shapes()
{
  std::vector<PolyhedronBody> grains;
  for (int k = 0; k < 6; ++k) {
    HullGrainSpec spec;
    spec.vertices = 30;
    spec.semi_axes = {0.5, 0.4, 0.3};
    spec.seed = 1 + k % 3;
    const bool first_row = k < 3;
    PolyhedronBody g = hull_grain({-1.2 + 1.2 * (k % 3), first_row ? -1.0 : 1.0, 0.1 * (k % 3)}, spec, 0.1);
    grains.push_back(moving(g, {first_row ? 0.3 : -0.2, first_row ? 1.5 : -1.5, 0.2}, {0.5, 0.0, 1.0}));
  }
  return grains;
}

// The two 3d pair styles, with history.
std::vector<std::string> style_commands()
{
  return {"pair_style body/rounded/polyhedron 10.0 2.0 0.5 0.2 0.0 history\npair_coeff * * 1000.0 0.0\n",
          "pair_style body/rounded/polyhedron/granular 1.0 0.0\n"
          "pair_coeff * * hertz/material 1.0e4 0.5 0.3 tangential linear_history 2000.0 1.0 0.5\n"};
}

int frames_turned(LammpsSession &s)
{
  int dim = -1;
  const void *p = s.lmp->force->pair->extract("body_frames_turned", dim);
  EXPECT_NE(p, nullptr);
  return p ? *static_cast<const int *>(p) : -1;
}

long long topology_builds(LammpsSession &s)
{
  int dim = -1;
  const void *p = s.lmp->force->pair->extract("body_topology_builds", dim);
  EXPECT_NE(p, nullptr);
  return p ? *static_cast<const long long *>(p) : -1;
}

}    // namespace

TEST(BodyTopology, ComputedOncePerBodyShape)
{
  for (const std::string &style : style_commands()) {
    SCOPED_TRACE(style);
    LammpsSession s;
    s.load_plugin();
    Box3d box;
    for (int d = 0; d < 3; ++d) box.lo[d] = -2.0, box.hi[d] = 2.0;
    const std::vector<PolyhedronBody> grains = six_grains_of_three_shapes();
    // (periodic in x, y and z: the default boundary)
    const std::string setup = polyhedron_molecule_setup_commands(grains, box, 1, "topology");
    s.commands(setup + style +
               "neighbor 0.1 bin\nneigh_modify every 1 delay 0 check yes\n"
               "fix integrate all nve/body\ntimestep 0.001\nthermo_style custom step pe ke\nrun 0\n");
    // the first step: one topology per distinct shape, for the six bodies and their ghosts
    EXPECT_EQ(topology_builds(s), 3);
    const long long list_builds = s.lmp->neighbor->ncalls;
    const double ke0 = s.thermo("ke");
    s.commands("run 1500\n");
    EXPECT_EQ(topology_builds(s), 3);
    // the lists were rebuilt many times (bodies exchanged, sorted, ghost
    // copies made anew), and the rows did meet: the damping of the
    // contacts took kinetic energy
    EXPECT_GT(s.lmp->neighbor->ncalls - list_builds, 20);
    EXPECT_LT(s.thermo("ke"), 0.99 * ke0);
  }
}

// Of four cubes, two within reach of each other and two apart, the 3d
// styles turn the two (their pair's search needs them) and not the others
// (a whole step's frames would be 4); with the second cube moved away
// too, none. The forces are those of all bodies turned (every other test).
TEST(BodyFrames, TurnedOnlyWhenAPairWithinReachNeedsThem)
{
  for (const std::string &style : style_commands()) {
    SCOPED_TRACE(style);
    LammpsSession s;
    s.load_plugin();
    Box3d box;
    const std::vector<PolyhedronBody> cubes = cubes_two_within_reach_two_apart(box);
    s.commands(polyhedron_molecule_setup_commands(cubes, box, 1, "frames_turned") + style +
               "neighbor 0.1 bin\nfix integrate all nve/body\nrun 0\n");
    EXPECT_EQ(frames_turned(s), 2);
    s.commands("run 3\n");
    EXPECT_EQ(frames_turned(s), 2);
    s.commands("set atom 2 x -4.0 y 4.0 z 0.0\nrun 0\n");
    EXPECT_EQ(frames_turned(s), 0);
  }
}
