// The /omp variants (TESTING.md layer 5): `-sf omp` and `suffix omp` pick
// body/rounded/polygon/omp from an unchanged input (and fix nve/body/omp,
// which must equal the host's fix nve/body bitwise), and with 1, 2 and 4
// OpenMP threads it gives the serial style's trajectory, energy, virial
// (global and per atom) and work accumulators to round-off. ctest runs
// this program alone and under mpirun -np 2 (threads and ranks combined);
// the reference is always the serial style on rank 0 alone.
#include "body_data.h"
#include "lammps_session.h"
#include "polyhedron_data.h"
#include "variant_equivalence.h"

#include "force.h"
#include "fix.h"
#include "host_compat.h"
#include "lammps.h"
#include "modify.h"
#include "pair.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <string>
#include <vector>

using body_dem_test::Case;
using body_dem_test::LammpsSession;
using body_dem_test::Snapshot;

namespace {

std::vector<std::string> omp_args(int threads)
{
  return {"-sf", "omp", "-pk", "omp", std::to_string(threads)};
}

void expect_threads_match_serial(Case c, const std::string &name)
{
  const Snapshot serial = serial_reference(c);
  if (c == Case::gas_history) {
    double work_ja = serial.work_ja;
    MPI_Bcast(&work_ja, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    EXPECT_LT(work_ja, -1e-3) << "the j_a scaling did work";
  }
  for (int threads : {1, 2, 4}) {
    const Snapshot omp = run_case(MPI_COMM_WORLD, c, omp_args(threads));
    expect_same(omp, serial, name + " with " + std::to_string(threads) + " threads", "/omp");
  }
}

}    // namespace

TEST(OmpVariant, SuffixFlagPicksItFromAnUnchangedInput)
{
  LammpsSession s(omp_args(2));
  body_dem_test::run_unchanged_gas_input(s);
  EXPECT_STREQ(s.lmp->force->pair_style, "body/rounded/polygon/omp");
  // W_ja, W_diss and, with the default rule contacts weighted (issue 29), W_w
  EXPECT_EQ(s.lmp->force->pair->nextra, 3);
  EXPECT_NE(s.log_text().find("Last active /omp style is pair_style body/rounded/polygon/omp"), std::string::npos)
      << s.log_text();
}

TEST(OmpVariant, SuffixCommandPicksIt)
{
  LammpsSession s;
  s.load_plugin();
  s.command("package omp 2");
  s.command("suffix omp");
  s.commands(body_dem_test::polygon_gas_setup());
  s.command("pair_style body/rounded/polygon 2.0 2.0 0.3 1.0 0.05");
  s.command("pair_coeff * * 200.0 2.0");
  s.command("run 0");
  EXPECT_STREQ(s.lmp->force->pair_style, "body/rounded/polygon/omp");
}

TEST(OmpVariant, ExplicitNameWithPackageCommandAndWall)
{
  LammpsSession s;
  s.load_plugin();
  s.command("package omp 2");
  s.commands("units lj\n"
             "dimension 2\n"
             "boundary f f p\n"
             "atom_style body rounded/polygon 1 6\n"
             "atom_modify map array\n"
             "comm_modify vel yes\n"
             "read_data " + body_dem_test::source_dir() + "/examples/body/data.polygon_pour\n");
  s.command("pair_style body/rounded/polygon/omp 5.0 5.0 0.5 1.0 0.0 history");
  s.command("pair_coeff * * 1000.0 0.0");
  // the wall takes its friction settings from the /omp variant too
  s.command("fix floor all wall/body/polygon 1000.0 5.0 5.0 yplane 0.0 NULL");
  s.command("compute wp all pair body/rounded/polygon/omp");
  s.command("run 10");
  EXPECT_STREQ(s.lmp->force->pair_style, "body/rounded/polygon/omp");
}

// As the serial 3d styles (test_body_topology.cpp), the /omp variants turn
// into the space frame only the bodies that a pair within reach needs:
// of four cubes, the two within reach of each other, on 2 threads; with
// the second moved away too, none.
TEST(OmpVariant, TurnsOnlyTheBodiesThatAPairWithinReachNeeds)
{
  int nranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  if (nranks > 1) GTEST_SKIP() << "the count is per rank, ghost copies included; checked on one rank";
  for (const std::string style :
       {"pair_style body/rounded/polyhedron/omp 10.0 2.0 0.5 0.2 0.0 history\npair_coeff * * 1000.0 0.0\n",
        "pair_style body/rounded/polyhedron/granular/omp 1.0 0.0\n"
        "pair_coeff * * hertz/material 1.0e4 0.5 0.3 tangential linear_history 2000.0 1.0 0.5\n"}) {
    SCOPED_TRACE(style);
    LammpsSession s;
    s.load_plugin();
    s.command("package omp 2");
    body_dem_test::Box3d box;
    const std::vector<body_dem_test::PolyhedronBody> cubes = body_dem_test::cubes_two_within_reach_two_apart(box);
    s.commands(body_dem_test::polyhedron_molecule_setup_commands(cubes, box, 1, "omp_frames_turned") + style +
               "neighbor 0.1 bin\nfix integrate all nve/body\nrun 2\n");
    int dim = -1;
    const int *turned = static_cast<const int *>(s.lmp->force->pair->extract("body_frames_turned", dim));
    ASSERT_NE(turned, nullptr);
    EXPECT_EQ(*turned, 2);
    s.commands("set atom 2 x -4.0 y 4.0 z 0.0\nrun 0\n");
    EXPECT_EQ(*static_cast<const int *>(s.lmp->force->pair->extract("body_frames_turned", dim)), 0);
  }
}

// The walls' /omp variants: -sf omp picks them from an unchanged input,
// and their loop over the bodies on threads gives the serial wall's
// energy (the fix's scalar) after 2000 steps of the pour, to round-off
// (the sums run in another order; the trajectories are compared in
// OmpEquivalence.PolygonPourWithWallsAndHistory and the 3d cases).
TEST(OmpVariant, SuffixPicksTheWallVariantWithTheSerialWallsEnergy)
{
  double energy[2] = {0.0, 0.0};
  for (int threaded = 0; threaded < 2; ++threaded) {
    LammpsSession s(threaded ? omp_args(2) : std::vector<std::string>{});
    s.load_plugin();
    s.commands(body_dem_test::polygon_pour_input(4000));
    LAMMPS_NS::Fix *wall = LAMMPS_NS::host::fix_by_id(s.lmp->modify, "floor");
    EXPECT_STREQ(wall->style, threaded ? "wall/body/polygon/omp" : "wall/body/polygon");
    energy[threaded] = wall->compute_scalar();
  }
  EXPECT_GT(std::fabs(energy[0]), 0.0) << "no body on the floor: the test checks nothing";
  // 1e-9 relative: sums of a few hundred contact energies in another order
  // differ by ~1e-15 relative a step; 4000 steps of a pile amplify that.
  EXPECT_NEAR(energy[1], energy[0], 1e-9 * std::fabs(energy[0]));
}

TEST(OmpVariant, SerialStyleWithoutSuffix)
{
  LammpsSession s;
  s.load_plugin();
  s.commands(body_dem_test::polygon_gas_setup());
  s.command("pair_style body/rounded/polygon 2.0 2.0 0.3 1.0 0.05");
  EXPECT_STREQ(s.lmp->force->pair_style, "body/rounded/polygon");
}

BODY_DEM_VARIANT_EQUIVALENCE_TESTS(OmpEquivalence, expect_threads_match_serial)

// ---------------------------------------------------------------------------
// fix nve/body/omp: the host's fix nve/body in threads.

namespace {

// The 3d gas of the MPI tests (64 cubes and tetrahedra turning and
// colliding) for 500 steps with the serial pair style and `integrator`;
// returns x, v and angmom of all atoms (by ID).
std::vector<double> gas_with_integrator(const std::vector<std::string> &args, const std::string &integrator)
{
  body_dem_test::write_polyhedron_gas("omp_nve_gas.data", 7, 0.2);
  LammpsSession s(args);
  s.load_plugin();
  s.commands(body_dem_test::polyhedron_setup_commands("omp_nve_gas.data"));
  s.commands("pair_style body/rounded/polyhedron 5.0 2.0 0.3 0.5 0.05 history\npair_coeff * * 2000.0 5.0\n"
             "neighbor 0.3 bin\nneigh_modify every 1 delay 0 check yes\ntimestep 0.001\n"
             "fix integrate all " + integrator + "\nrun 500\n");
  std::vector<double> state = s.gather_by_id("x");
  for (const char *what : {"v", "angmom"}) {
    const std::vector<double> more = s.gather_by_id(what);
    state.insert(state.end(), more.begin(), more.end());
  }
  return state;
}

}    // namespace

TEST(OmpVariant, SuffixPicksFixNveBodyOmp)
{
  LammpsSession s(omp_args(2));
  s.load_plugin();
  s.commands(body_dem_test::polygon_gas_setup());
  s.command("fix integrate all nve/body");
  EXPECT_STREQ(LAMMPS_NS::host::fix_by_id(s.lmp->modify, "integrate")->style, "nve/body/omp");
}

TEST(FixNveBodyOmp, EqualsTheHostsFixNveBodyBitwise)
{
  // Each body is integrated on its own, with the host's own functions in
  // the host's order of operations: with 2 or 4 threads the state after
  // 500 steps of colliding, turning bodies must be the host's to the last
  // bit (any difference, e.g. a body integrated twice or not at all, or
  // another order of operations, grows through the collisions).
  const std::vector<double> host = gas_with_integrator({}, "nve/body");
  for (int threads : {2, 4}) {
    const std::vector<double> omp =
        gas_with_integrator({"-pk", "omp", std::to_string(threads)}, "nve/body/omp");
    ASSERT_EQ(omp.size(), host.size());
    int differing = 0;
    for (size_t k = 0; k < host.size(); ++k)
      if (omp[k] != host[k]) differing++;
    EXPECT_EQ(differing, 0) << threads << " threads: values that differ from fix nve/body";
  }
}

TEST(FixNveBodyOmp, RequiresBodies)
{
  LammpsSession s(omp_args(2));
  s.load_plugin();
  s.commands("units lj\natom_style sphere\nregion box block 0 4 0 4 0 4\ncreate_box 1 box\n"
             "create_atoms 1 single 1 1 1\nfix integrate all nve/body/omp\n");
  EXPECT_LAMMPS_ERROR(s, "run 0", "fix nve/body/omp: requires atom_style body");
}
