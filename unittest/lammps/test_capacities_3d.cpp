// The capacities of the 3d styles (issue 25, TESTING.md layer 8): each
// fixed capacity either holds all that a pair or a body can have, or the
// run ends with an error that names the pair (atom IDs) or the body, the
// count and the limit, and the keyword that sets the limit where there is
// one. Never a silent drop. Each test reaches the limit with hull grains
// (harness/hull_grains.h) pressed into each other or into a wall:
//  - the record of a pair's weighted candidates (pair_style keyword
//    record, default twice the largest vertex count, 16 to 64);
//  - the contact list of a pair (64 candidates, a limit of the package);
//  - the friction springs of a body on a wall (fix keyword springs,
//    default a quarter of the largest vertex count, 8 to 64);
//  - the contacts of a body with a wall (64 vertices within reach).
// The counts in the comments come from the contact finder of the package
// on these grains (the placements are those of the scratch search that
// chose them, repeated here from the seeds); the tests check the words
// of each message, and that the default or a larger limit runs.
#include "lammps_session.h"
#include "polyhedron_data.h"

#include <gtest/gtest.h>

#include <mpi.h>

#include <cmath>
#include <string>
#include <vector>

using namespace body_dem_test;

namespace {

struct Style {
  std::string pair_style, pair_coeff, wall;
};

// The two 3d pair styles with history and friction per contact, and their walls.
std::vector<Style> styles()
{
  const std::string gran =
      "hertz/material 2.0e4 0.5 0.3 tangential linear_history 4000.0 1.0 0.5 damping mass_velocity";
  return {{"body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.0 history", "2000.0 0.0",
           "wall/body/polyhedron 2000.0 20.0 5.0"},
          {"body/rounded/polyhedron/granular 1.0 0.0", gran, "wall/body/polyhedron/granular " + gran}};
}

// Two flattened hull grains (semi-axes 0.5 0.5 `flat`, rounded diameter
// 0.1, seeds `seed` and seed + 100), the second turned over (pi about x)
// with its centre `height` above the first's: their flat sides face each
// other, pressed into each other by some hundredths.
std::vector<PolyhedronBody> grains_face_to_face(int vertices, double flat, unsigned seed, double height)
{
  HullGrainSpec spec;
  spec.vertices = vertices;
  spec.semi_axes = {0.5, 0.5, flat};
  spec.seed = seed;
  const PolyhedronBody a = hull_grain({0.0, 0.0, 0.0}, spec, 0.1);
  spec.seed = seed + 100;
  const PolyhedronBody b = rotated(hull_grain({0.0, 0.0, height}, spec, 0.1), {1.0, 0.0, 0.0}, M_PI);
  return {a, b};
}

Box3d around_origin()
{
  Box3d box;
  for (int d = 0; d < 3; ++d) {
    box.lo[d] = -2.0;
    box.hi[d] = 2.0;
  }
  return box;
}

// error->one() ends the run on the rank that finds the pair; in-process
// the other ranks would run on, so these checks run serially.
bool parallel_run()
{
  int nranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  return nranks > 1;
}

}    // namespace

// 80-vertex grains flattened to 0.15, 2 % into each other: at least 10
// weighted candidates (vertices of each flat side on the other's faces),
// 42 where the crossings of edges between nearly coplanar faces count as
// well. With record 8 the run ends at its setup, naming the pair, the
// count, the limit and the keyword; with the default (twice 80 vertices,
// at most 64: every candidate a pair can have) it runs. After a first run
// the record's size is fixed: another record is an error.
TEST(Capacities3d, PairRecordOfWeightedCandidates)
{
  if (parallel_run()) GTEST_SKIP() << "error->one() aborts a parallel run; checked on one rank";
  const std::vector<PolyhedronBody> grains = grains_face_to_face(80, 0.15, 6, 0.3734);
  for (const Style &style : styles()) {
    SCOPED_TRACE(style.pair_style);
    {
      LammpsSession s;
      s.load_plugin();
      s.commands(polyhedron_molecule_setup_commands(grains, around_origin(), 1, "capacity_record"));
      s.command("pair_style " + style.pair_style + " record 8");
      s.commands("pair_coeff * * " + style.pair_coeff + "\nfix integrate all nve/body\n");
      EXPECT_LAMMPS_ERROR(s, "run 0", "the pair of atoms 1 and 2 has",
                          "weighted candidate contacts, more than the 8 that the record of a pair holds",
                          "set the record keyword of pair_style (at most 64");
    }
    LammpsSession s;
    s.load_plugin();
    s.commands(polyhedron_molecule_setup_commands(grains, around_origin(), 1, "capacity_record"));
    s.command("pair_style " + style.pair_style);
    s.commands("pair_coeff * * " + style.pair_coeff + "\nfix integrate all nve/body\n");
    s.command("thermo_style custom step pe");
    EXPECT_EQ(error_of(s, "run 0"), "no error");
    EXPECT_GT(s.thermo("pe"), 0.0);    // pressed into each other
    s.command("timestep 1e-4");
    EXPECT_EQ(error_of(s, "run 10"), "no error");
    // given again with the record the first run chose, or without: fine
    EXPECT_EQ(error_of(s, "pair_style " + style.pair_style + " record 64"), "no error");
    EXPECT_EQ(error_of(s, "pair_style " + style.pair_style), "no error");
    s.command("pair_coeff * * " + style.pair_coeff);
    EXPECT_EQ(error_of(s, "run 10"), "no error");
    EXPECT_LAMMPS_ERROR(s, "pair_style " + style.pair_style + " record 32",
                        "record 32: the values kept per pair were fixed by the first run (record 64)");
  }
}

TEST(Capacities3d, RecordKeywordErrors)
{
  for (const Style &style : styles()) {
    SCOPED_TRACE(style.pair_style);
    LammpsSession s;
    s.load_plugin();
    const std::string name = style.pair_style.substr(0, style.pair_style.find(' '));
    for (const std::string bad : {"record", "record 0", "record 65", "record 2.5", "record many"}) {
      SCOPED_TRACE(bad);
      EXPECT_LAMMPS_ERROR(s, "pair_style " + style.pair_style + " " + bad, "pair_style " + name + ": record",
                          "1-64");
    }
  }
}

// 200-vertex grains flattened to 0.05, 6 % into each other: more than 100
// candidate contacts (vertices of each flat side on the other's faces),
// more than the 64 of a pair's contact list. The run ends, naming the
// pair, the count and the limit.
TEST(Capacities3d, PairContactList)
{
  if (parallel_run()) GTEST_SKIP() << "error->one() aborts a parallel run; checked on one rank";
  const std::vector<PolyhedronBody> grains = grains_face_to_face(200, 0.05, 1, 0.1395);
  for (const Style &style : styles()) {
    SCOPED_TRACE(style.pair_style);
    LammpsSession s;
    s.load_plugin();
    s.commands(polyhedron_molecule_setup_commands(grains, around_origin(), 1, "capacity_list"));
    s.command("pair_style " + style.pair_style);
    s.commands("pair_coeff * * " + style.pair_coeff + "\nfix integrate all nve/body\n");
    EXPECT_LAMMPS_ERROR(s, "run 0", "the pair of atoms 1 and 2 has",
                        "candidate contacts, more than the 64 that the contact list of a pair holds");
  }
}

// A 100-vertex grain flattened to 0.15 (seed 3) on its flat side, 0.02
// into the floor (its lowest vertex at zmin = -0.1474 of its centre; the
// rounded surface 0.05 below the vertices): 11 vertices in overlap,
// sliding along x so that each holds a friction spring after the first
// step (9 of them still in overlap at the second, as the floor pushes the
// grain up). With springs 8 the run ends, naming the body, the count, the
// limit and the keyword; with springs 16, and with the default (a quarter
// of the largest vertex count, at least 8: 25 here), it runs.
TEST(Capacities3d, WallFrictionSprings)
{
  if (parallel_run()) GTEST_SKIP() << "error->one() aborts a parallel run; checked on one rank";
  HullGrainSpec spec;
  spec.vertices = 100;
  spec.semi_axes = {0.5, 0.5, 0.15};
  spec.seed = 3;
  const double zmin = -0.1474;
  const PolyhedronBody grain = moving(hull_grain({0.0, 0.0, 0.05 - 0.02 - zmin}, spec, 0.1), {0.5, 0.0, 0.0});
  Box3d box = around_origin();
  box.lo[2] = 0.0;
  for (const Style &style : styles()) {
    SCOPED_TRACE(style.wall);
    for (const std::string springs : {" springs 8", " springs 16", ""}) {
      LammpsSession s;
      s.load_plugin();
      s.command("boundary p p f");
      s.commands(polyhedron_molecule_setup_commands({grain}, box, 1, "capacity_wall_springs"));
      s.command("pair_style " + style.pair_style);
      s.commands("pair_coeff * * " + style.pair_coeff + "\nfix integrate all nve/body\n");
      s.command("fix floor all " + style.wall + " zplane 0.0 NULL" + springs);
      if (springs == " springs 8")
        EXPECT_LAMMPS_ERROR(s, "run 2", "body of atom 1 has", "vertices in overlap with a wall, more than the 8",
                            "set the springs keyword of the fix (at most 64)");
      else
        EXPECT_EQ(error_of(s, "run 2"), "no error");
    }
  }
}

TEST(Capacities3d, WallSpringsKeywordErrors)
{
  for (const Style &style : styles()) {
    SCOPED_TRACE(style.wall);
    LammpsSession s;
    s.load_plugin();
    s.command("boundary p p f");
    s.commands(polyhedron_molecule_setup_commands({cube({0.0, 0.0, 1.0}, 1.0, 0.1)}, around_origin(), 1,
                                                  "capacity_springs_keyword"));
    s.command("pair_style " + style.pair_style);
    s.command("pair_coeff * * " + style.pair_coeff);
    const std::string name = style.wall.substr(0, style.wall.find(' '));
    for (const std::string bad : {"springs", "springs 0", "springs 65", "springs 1.5"}) {
      SCOPED_TRACE(bad);
      EXPECT_LAMMPS_ERROR(s, "fix floor all " + style.wall + " zplane -2.0 NULL " + bad, "fix " + name + ": springs");
    }
    EXPECT_EQ(error_of(s, "fix floor all " + style.wall + " zplane -2.0 NULL springs 64"), "no error");
  }
}

// A 200-vertex grain flattened to 0.05 (seed 1) on its flat side, 0.06
// into the floor: 115 vertices within reach of the wall, more than the 64
// contacts of a body with a wall. The run ends, naming the body, the count
// and the limit.
TEST(Capacities3d, WallContactList)
{
  if (parallel_run()) GTEST_SKIP() << "error->one() aborts a parallel run; checked on one rank";
  HullGrainSpec spec;
  spec.vertices = 200;
  spec.semi_axes = {0.5, 0.5, 0.05};
  spec.seed = 1;
  const double zmin = -0.0508;
  const PolyhedronBody grain = hull_grain({0.0, 0.0, 0.05 - 0.06 - zmin}, spec, 0.1);
  Box3d box = around_origin();
  box.lo[2] = 0.0;
  for (const Style &style : styles()) {
    SCOPED_TRACE(style.wall);
    LammpsSession s;
    s.load_plugin();
    s.command("boundary p p f");
    s.commands(polyhedron_molecule_setup_commands({grain}, box, 1, "capacity_wall_list"));
    s.command("pair_style " + style.pair_style);
    s.commands("pair_coeff * * " + style.pair_coeff + "\nfix integrate all nve/body\n");
    s.command("fix floor all " + style.wall + " zplane 0.0 NULL");
    EXPECT_LAMMPS_ERROR(s, "run 0", "body of atom 1 has", "vertices within reach of a wall, more than the 64");
  }
}

// The pages of pair values that the history reserves at the first run
// hold the same bytes whatever the record's size (the host would size
// them for neigh_modify's `page` pairs of all the values: 2 x 80 MB for
// records of 16 candidates, 2 x 310 MB for 64). Two cubes with record 16
// and record 64: LAMMPS reports the same memory per rank to within 1 MB
// (the records of the two pairs themselves differ by some kilobytes).
TEST(Capacities3d, HistoryPagesDoNotGrowWithTheRecord)
{
  const std::vector<PolyhedronBody> cubes = {cube({0.0, 0.0, 0.0}, 1.0, 0.1), cube({1.05, 0.0, 0.0}, 1.0, 0.1)};
  double reported[2] = {0.0, 0.0};
  int k = 0;
  for (const std::string record : {"16", "64"}) {
    LammpsSession s;
    s.load_plugin();
    s.commands(polyhedron_molecule_setup_commands(cubes, around_origin(), 1, "capacity_pages"));
    s.command("pair_style body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.0 history record " + record);
    s.commands("pair_coeff * * 2000.0 0.0\nfix integrate all nve/body\nrun 0\n");
    const std::string log = s.log_text();
    const std::string key = "Per MPI rank memory allocation (min/avg/max) = ";
    const size_t at = log.find(key);
    if (mpi_rank() == 0) {
      ASSERT_NE(at, std::string::npos) << log;
      reported[k] = std::stod(log.substr(at + key.size()));
    }
    ++k;
  }
  if (mpi_rank() == 0) {
    EXPECT_GT(reported[0], 100.0);    // the pages of record 16 alone are 2 x 80 MB
    EXPECT_NEAR(reported[1], reported[0], 1.0);
  }
}
