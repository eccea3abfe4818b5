// The Kokkos variants (TESTING.md layer 5): `-sf kokkos` and `suffix
// kokkos` pick body/rounded/polygon/kokkos, body/rounded/polyhedron/kokkos
// and body/rounded/polyhedron/granular/kokkos from an unchanged input, and
// they give the serial styles' trajectories, energy, virial (global, and
// per atom through the serial loop at the steps that tally it) and work
// accumulators to round-off, and continue a run through a restart file as
// the serial style does. Kokkos starts once per process with the host's
// thread count, so ctest runs this program with OMP_NUM_THREADS = 1, 2
// and 4, and with 2 threads under mpirun -np 2; the reference is always
// the serial style on rank 0 alone.
#include "body_data.h"
#include "energy_balance_3d.h"
#include "lammps_session.h"
#include "polyhedron_data.h"
#include "variant_equivalence.h"

#include "fix.h"
#include "force.h"
#include "host_compat.h"
#include "lammps.h"
#include "modify.h"
#include "pair.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

using body_dem_test::Case;
using body_dem_test::LammpsSession;
using body_dem_test::Snapshot;

namespace {

const std::vector<std::string> kKokkosArgs = {"-sf", "kokkos"};

std::string threads_text()
{
  const char *threads = std::getenv("OMP_NUM_THREADS");
  return std::string(threads ? threads : "1") + " thread(s)";
}

void expect_kokkos_matches_serial(Case c, const std::string &name)
{
  const Snapshot serial = serial_reference(c);
  const Snapshot kokkos = run_case(MPI_COMM_WORLD, c, kKokkosArgs);
  expect_same(kokkos, serial, name + " with " + threads_text(), "/kokkos");
}

// A name of its own for a file this ctest entry writes (the entries, one
// per thread count and rank count, may run at the same time).
std::string entry_file(const std::string &stem)
{
  int ranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const char *threads = std::getenv("OMP_NUM_THREADS");
  return stem + "_kokkos_" + std::to_string(ranks) + "x" + (threads ? threads : "1");
}

// Relative agreement to round-off: the parts sum the forces in another
// order than the serial loop (1e-16 relative a step), grown by the
// collisions of the run; a missed pair or a lost spring shows at 1e-3.
bool near(double a, double b)
{
  return std::fabs(a - b) <= 1e-9 * (1.0 + std::fabs(b));
}

}    // namespace

TEST(KokkosVariant, SuffixFlagPicksItFromAnUnchangedInput)
{
  LammpsSession s(kKokkosArgs);
  body_dem_test::run_unchanged_gas_input(s);
  EXPECT_STREQ(s.lmp->force->pair_style, "body/rounded/polygon/kokkos");
  // j_a work, dissipation, and the work of the contact weights (contacts weighted, the default)
  EXPECT_EQ(s.lmp->force->pair->nextra, 3);
}

TEST(KokkosVariant, SuffixCommandAndExplicitNamePickIt)
{
  LammpsSession s;
  s.load_plugin();
  s.commands(body_dem_test::polygon_gas_setup());
  s.command("suffix kokkos");
  s.command("pair_style body/rounded/polygon 2.0 2.0 0.3 1.0 0.05");
  EXPECT_STREQ(s.lmp->force->pair_style, "body/rounded/polygon/kokkos");
  s.command("suffix off");
  s.command("pair_style body/rounded/polygon/kokkos 2.0 2.0 0.3 1.0 0.05");
  EXPECT_STREQ(s.lmp->force->pair_style, "body/rounded/polygon/kokkos");
  s.command("pair_style body/rounded/polygon 2.0 2.0 0.3 1.0 0.05");
  EXPECT_STREQ(s.lmp->force->pair_style, "body/rounded/polygon");
}

TEST(KokkosVariant, SuffixPicksTheWallVariants)
{
  LammpsSession s(kKokkosArgs);
  s.load_plugin();
  s.commands(body_dem_test::polygon_pour_input(10));
  for (const char *id : {"floor", "sides"})
    EXPECT_STREQ(LAMMPS_NS::host::fix_by_id(s.lmp->modify, id)->style, "wall/body/polygon/kokkos") << id;
}

TEST(KokkosVariant, BadArgumentsAreTheSerialStylesErrors)
{
  // the variant parses its arguments as the serial style does
  LammpsSession s;
  s.load_plugin();
  s.commands(body_dem_test::polygon_gas_setup());
  EXPECT_LAMMPS_ERROR(s, "pair_style body/rounded/polygon/kokkos 2.0 2.0 0.3 1.0",
                      "pair_style body/rounded/polygon");
}

BODY_DEM_VARIANT_EQUIVALENCE_TESTS(KokkosEquivalence, expect_kokkos_matches_serial)

TEST(KokkosVariant, RestartWithHistoryContinuesTheSameTrajectory)
{
  // The 3d pour with body/rounded/polyhedron/kokkos for 3000 steps (bodies
  // landing: pairs and walls with their springs), then 500 steps more:
  // uninterrupted, and through write_restart / read_restart with the pair
  // style and the walls specified again. The bound of the serial style's
  // test (PolyhedronPhysics.RestartWithHistoryContinuesTheSameTrajectory):
  // the rebuilt neighbour lists sum the forces in another order
  // (round-off, grown by the collisions over 500 steps); a lost spring
  // moves bodies by its deflection, 1e-3 and more.
  const std::string file = body_dem_test::work_dir() + "/" + entry_file("pour3d") + ".restart";
  const body_dem_test::RestartContinuation run = body_dem_test::pour3d_through_restart(kKokkosArgs, file);
  EXPECT_EQ(run.direct_style, "body/rounded/polyhedron/kokkos");
  EXPECT_EQ(run.restarted_style, "body/rounded/polyhedron/kokkos");
  const std::vector<double> &direct = run.direct, &restarted = run.restarted;
  ASSERT_EQ(direct.size(), restarted.size());
  int bad = 0;
  for (size_t k = 0; k < direct.size(); ++k)
    if (!(std::abs(restarted[k] - direct[k]) <= 1e-9) && bad++ < 5)
      ADD_FAILURE() << "coordinate " << k << ": " << restarted[k] << " vs " << direct[k];
  EXPECT_EQ(bad, 0);
}

TEST(KokkosEquivalence, TwoBodiesTiltedCubeOnCube)
{
  // Cube B (edge 1, rounded diameter 0.1), tilted and twisted, falls onto
  // cube A at rest and spins on it, with damping, friction with history
  // and cohesion: contacts change kind and weight while the pair has one
  // list entry, so one part does the whole pair. 2000 steps with the
  // serial style and with the variant (named in the input), then the
  // states by atom ID.
  const body_dem_test::PolyhedronBody a = body_dem_test::cube({0, 0, 0}, 1.0, 0.1);
  const body_dem_test::PolyhedronBody b = body_dem_test::moving(
      body_dem_test::rotated(
          body_dem_test::rotated(body_dem_test::cube({0.2, 0.1, 1.25}, 1.0, 0.1), {0, 0, 1}, 20.0 * M_PI / 180.0),
          {1, 1, 0}, 15.0 * M_PI / 180.0),
      {0.1, 0.0, -0.5}, {0.0, 0.0, 2.0});
  const std::string data = entry_file("two_cubes") + ".data";
  body_dem_test::write_polyhedron_data(data, {a, b}, body_dem_test::Box3d{});
  std::vector<double> state[2];
  for (int variant = 0; variant < 2; ++variant) {
    LammpsSession s;
    s.load_plugin();
    s.commands(body_dem_test::polyhedron_setup_commands(data));
    s.commands(std::string("pair_style body/rounded/polyhedron") + (variant ? "/kokkos" : "") +
               " 5.0 2.0 0.3 0.25 0.05 history\npair_coeff * * 2000.0 4.0\n"
               "timestep 0.0005\nfix integrate all nve/body\nrun 2000\n");
    for (const char *what : {"x", "v", "angmom"}) {
      const std::vector<double> values = s.gather_by_id(what);
      state[variant].insert(state[variant].end(), values.begin(), values.end());
    }
  }
  ASSERT_EQ(state[0].size(), state[1].size());
  int bad = 0;
  for (size_t k = 0; k < state[0].size(); ++k)
    if (!near(state[1][k], state[0][k]) && bad++ < 5)
      ADD_FAILURE() << "value " << k << ": " << state[1][k] << " vs " << state[0][k];
  EXPECT_EQ(bad, 0);
  // the cubes met: B's velocity along z (x, y, z of both, then v) is no
  // longer its starting -0.5
  EXPECT_GT(std::fabs(state[0][6 + 5] + 0.5), 0.05) << "v_z of B " << state[0][6 + 5];
}

TEST(KokkosEquivalence, EnergyBalanceOfDampedCubesBetweenWalls)
{
  // The energy balance of PolyhedronPhysics.EnergyBalanceWithDampingFrictionAndCohesionConverges
  // (27 cubes between six walls; damping, friction with history, cohesion,
  // j_a) at dt = 0.001 over 2 time units, with the serial pair style and
  // walls and with their Kokkos variants: the same drift of the balance and
  // the same work quantities to round-off.
  const std::string file = entry_file("ebal3d") + ".data";
  const auto bodies = body_dem_test::polyhedron_gas_27(true);
  const body_dem_test::EnergyDrift serial = body_dem_test::polyhedron_energy_balance(
      bodies, "body/rounded/polyhedron 5.0 2.0 0.3 0.05 0.05 history", "2000.0 5.0",
      "wall/body/polyhedron 2000.0 5.0 2.0", 0.001, 2.0, file);
  const body_dem_test::EnergyDrift kokkos = body_dem_test::polyhedron_energy_balance(
      bodies, "body/rounded/polyhedron/kokkos 5.0 2.0 0.3 0.05 0.05 history", "2000.0 5.0",
      "wall/body/polyhedron/kokkos 2000.0 5.0 2.0", 0.001, 2.0, file);
  EXPECT_LT(serial.work_diss, -1.0);    // damping and friction dissipate: the test is not empty
  EXPECT_PRED2(near, kokkos.max_abs, serial.max_abs) << "largest drift of the balance";
  EXPECT_PRED2(near, kokkos.work_ja, serial.work_ja);
  EXPECT_PRED2(near, kokkos.work_diss, serial.work_diss);
  EXPECT_PRED2(near, kokkos.work_weights, serial.work_weights);
}
