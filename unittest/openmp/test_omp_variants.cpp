// The /omp variants (TESTING.md layer 5): `-sf omp` and `suffix omp` pick
// body/rounded/polygon/omp from an unchanged input (and fix nve/body/omp,
// which must equal the host's fix nve/body bitwise), and with 1, 2 and 4
// OpenMP threads it gives the serial style's trajectory, energy, virial
// (global and per atom) and work accumulators to round-off. ctest runs
// this program alone and under mpirun -np 2 (threads and ranks combined);
// the reference is always the serial style on rank 0 alone.
#include "lammps_session.h"
#include "polyhedron_data.h"

#include "force.h"
#include "fix.h"
#include "lammps.h"
#include "modify.h"
#include "pair.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <string>
#include <vector>

using body_dem_test::LammpsSession;

namespace {

std::vector<std::string> omp_args(int threads)
{
  return {"-sf", "omp", "-pk", "omp", std::to_string(threads)};
}

// The 2d gas of the package's example (as in test_parallel_equivalence):
// 64 rounded squares and disks in a periodic box with damping, friction
// and cohesion (k_na = 2, cutoff 0.05); over 2000 steps bodies cross the
// sub-domain boundaries of 2 ranks and contacts keep their history.
// Per-atom energy and virial are tallied at the thermo steps, so that
// their reductions over threads are checked too.
std::string polygon_gas_input(const std::string &pair_style, int steps)
{
  return "units lj\n"
         "dimension 2\n"
         "atom_style body rounded/polygon 1 4\n"
         "atom_modify map array\n"
         "comm_modify vel yes\n"
         "newton on\n"
         "read_data " + body_dem_test::source_dir() + "/examples/body/data.polygon_gas\n"
         "pair_style " + pair_style + "\n"
         "pair_coeff * * 200.0 2.0\n"
         "neighbor 0.3 bin\n"
         "neigh_modify every 1 delay 0 check yes\n"
         "timestep 0.001\n"
         "fix integrate all nve/body\n"
         "fix plane all enforce2d\n"
         "compute wp all pair body/rounded/polygon\n"
         "compute pea all pe/atom pair\n"
         "compute sa all stress/atom NULL pair\n"
         "compute rs all reduce sum c_pea c_sa[1] c_sa[2] c_sa[4]\n"
         "thermo_style custom step pe press c_rs[1] c_rs[2] c_rs[3] c_rs[4]\n"
         "thermo 100\n"
         "run " + std::to_string(steps) + "\n";
}

// The 2d pour of the package's example, shortened: 80 squares and
// pentagons fall onto a floor between side walls (fix wall/body/polygon)
// and pile up, with history; the first contacts come after about 3000
// steps, and after 8000 the pile is dense.
std::string polygon_pour_input(int steps)
{
  return "units lj\n"
         "dimension 2\n"
         "boundary f f p\n"
         "atom_style body rounded/polygon 1 6\n"
         "atom_modify map array\n"
         "comm_modify vel yes\n"
         "newton on\n"
         "read_data " + body_dem_test::source_dir() + "/examples/body/data.polygon_pour\n"
         "pair_style body/rounded/polygon 5.0 5.0 0.5 1.0 0.0 history\n"
         "pair_coeff * * 1000.0 0.0\n"
         "fix floor all wall/body/polygon 1000.0 5.0 5.0 yplane 0.0 NULL\n"
         "fix sides all wall/body/polygon 1000.0 5.0 5.0 xplane -8.0 8.0\n"
         "neighbor 0.3 bin\n"
         "neigh_modify every 1 delay 0 check yes\n"
         "timestep 0.0005\n"
         "fix integrate all nve/body\n"
         "fix gravity all gravity 1.0 vector 0 -1 0\n"
         "fix plane all enforce2d\n"
         "compute wp all pair body/rounded/polygon\n"
         "thermo_style custom step pe press\n"
         "thermo 100\n"
         "run " + std::to_string(steps) + "\n";
}

struct Snapshot {
  std::string pair_style;
  std::vector<double> x, v, angmom;
  double work_ja = 0, work_diss = 0;
  double work_weights = 0;    // 3d styles (their third extra quantity)
  double pe = 0, press = 0;
  std::vector<double> per_atom_sums;    // energy, stress xx, yy, xy summed over atoms
};

Snapshot take_snapshot(LammpsSession &s, bool per_atom)
{
  Snapshot snap;
  snap.pair_style = s.lmp->force->pair_style;
  snap.x = s.gather_by_id("x");
  snap.v = s.gather_by_id("v");
  snap.angmom = s.gather_by_id("angmom");
  snap.work_ja = s.compute_vector("wp", 0);
  snap.work_diss = s.compute_vector("wp", 1);
  if (s.lmp->force->pair->nextra > 2) snap.work_weights = s.compute_vector("wp", 2);
  snap.pe = s.thermo("pe");
  snap.press = s.thermo("press");
  if (per_atom)
    for (int k = 0; k < 4; k++) snap.per_atom_sums.push_back(s.compute_vector("rs", k));
  return snap;
}

enum class Case { gas, gas_history, pour, polyhedron_gas, granular_heap, adhesive_cubes };

Snapshot run_case(MPI_Comm comm, Case c, const std::vector<std::string> &args)
{
  LammpsSession s(args, comm);
  s.load_plugin();
  if (c == Case::pour) {
    s.commands(polygon_pour_input(8000));
    return take_snapshot(s, false);
  }
  // The 3d examples, shortened: the polyhedron gas with history, damping
  // and cohesion in a closed cylinder, and the granular heap while the
  // bodies land (walls, history, two materials).
  if (c == Case::polyhedron_gas) {
    body_dem_test::run_example(s, "in.polyhedron_energy_balance", {{"nsteps", "600"}});
    return take_snapshot(s, false);
  }
  if (c == Case::granular_heap) {
    body_dem_test::run_example(s, "in.heap3d_granular", {{"settle", "4000"}, {"tilted", "0"}, {"images", "no"}});
    return take_snapshot(s, false);
  }
  // The adhesive cubes while clusters form: the adhesion and the state of
  // its tangential part per pair, which threads must not race on.
  if (c == Case::adhesive_cubes) {
    body_dem_test::run_example(s, "in.adhesive_cubes", {{"nsteps", "3000"}});
    return take_snapshot(s, false);
  }
  // With history also delta_ua = 0.2, so that edge contacts longer than
  // 0.4 scale the cohesion (j_a > 1) and its work is not zero.
  s.commands(polygon_gas_input(c == Case::gas_history ? "body/rounded/polygon 2.0 2.0 0.3 0.2 0.05 history"
                                                      : "body/rounded/polygon 2.0 2.0 0.3 1.0 0.05",
                               2000));
  return take_snapshot(s, true);
}

void broadcast(Snapshot &snap, const Snapshot &shape)
{
  for (auto vec : {std::make_pair(&snap.x, shape.x.size()), std::make_pair(&snap.v, shape.v.size()),
                   std::make_pair(&snap.angmom, shape.angmom.size()),
                   std::make_pair(&snap.per_atom_sums, shape.per_atom_sums.size())}) {
    vec.first->resize(vec.second);
    MPI_Bcast(vec.first->data(), static_cast<int>(vec.second), MPI_DOUBLE, 0, MPI_COMM_WORLD);
  }
  for (double *value : {&snap.work_ja, &snap.work_diss, &snap.work_weights, &snap.pe, &snap.press})
    MPI_Bcast(value, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
}

// The serial style on rank 0 alone, known to every rank.
Snapshot serial_reference(Case c)
{
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm alone;
  MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? 0 : MPI_UNDEFINED, 0, &alone);
  Snapshot serial;
  if (rank == 0) serial = run_case(alone, c, {});
  if (alone != MPI_COMM_NULL) MPI_Comm_free(&alone);
  return serial;
}

void expect_same(const Snapshot &omp, Snapshot serial, const std::string &what)
{
  broadcast(serial, omp);
  // the /omp variant of the style the input names (serial.pair_style is
  // known on rank 0 only)
  EXPECT_EQ(omp.pair_style.substr(omp.pair_style.size() - 4), "/omp") << what;
  // The threads sum the forces on an atom in another order than the serial
  // loop (per thread, then over threads), so the trajectories differ by
  // round-off (1e-16 relative) amplified by the collisions over 2000
  // steps; 1e-9 leaves that growth room, while a real difference (a missed
  // or doubled pair, a lost or raced history, an unsummed thread) shows up
  // at 1e-3 or above. The same bound, relative, for the sums over atoms.
  const double tol = 1e-9;
  auto near = [tol](double a, double b) { return std::fabs(a - b) <= tol * (1.0 + std::fabs(b)); };
  int bad = 0;
  for (size_t k = 0; k < omp.x.size(); ++k) {
    if (!near(omp.x[k], serial.x[k]) || !near(omp.v[k], serial.v[k]) || !near(omp.angmom[k], serial.angmom[k])) {
      if (bad++ < 5)
        ADD_FAILURE() << what << ": atom " << k / 3 + 1 << " component " << k % 3 << ": x " << omp.x[k] << " vs "
                      << serial.x[k] << ", v " << omp.v[k] << " vs " << serial.v[k] << ", angmom "
                      << omp.angmom[k] << " vs " << serial.angmom[k];
    }
  }
  EXPECT_EQ(bad, 0) << what << ": atoms whose state differs";
  EXPECT_PRED2(near, omp.work_ja, serial.work_ja) << what << ": work of the j_a scaling";
  EXPECT_PRED2(near, omp.work_diss, serial.work_diss) << what << ": work of damping and friction";
  EXPECT_PRED2(near, omp.work_weights, serial.work_weights) << what << ": work of the weights";
  EXPECT_PRED2(near, omp.pe, serial.pe) << what << ": pe";
  EXPECT_PRED2(near, omp.press, serial.press) << what << ": press (f.r virial)";
  ASSERT_EQ(omp.per_atom_sums.size(), serial.per_atom_sums.size());
  for (size_t k = 0; k < omp.per_atom_sums.size(); ++k)
    EXPECT_PRED2(near, omp.per_atom_sums[k], serial.per_atom_sums[k]) << what << ": per-atom sum " << k;
  // The run did something: collisions dissipated energy.
  EXPECT_LT(serial.work_diss, -1.0) << what;
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
    expect_same(omp, serial, name + " with " + std::to_string(threads) + " threads");
  }
}

std::string gas_setup()
{
  return "units lj\n"
         "dimension 2\n"
         "atom_style body rounded/polygon 1 4\n"
         "atom_modify map array\n"
         "comm_modify vel yes\n"
         "read_data " + body_dem_test::source_dir() + "/examples/body/data.polygon_gas\n";
}

}    // namespace

TEST(OmpVariant, SuffixFlagPicksItFromAnUnchangedInput)
{
  LammpsSession s(omp_args(2));
  s.load_plugin();
  s.commands(gas_setup());
  s.command("pair_style body/rounded/polygon 2.0 2.0 0.3 1.0 0.05 history");
  s.command("pair_coeff * * 200.0 2.0");
  s.command("compute wp all pair body/rounded/polygon");
  s.command("run 0");
  EXPECT_STREQ(s.lmp->force->pair_style, "body/rounded/polygon/omp");
  EXPECT_EQ(s.lmp->force->pair->nextra, 2);
  EXPECT_NE(s.log_text().find("Last active /omp style is pair_style body/rounded/polygon/omp"), std::string::npos)
      << s.log_text();
}

TEST(OmpVariant, SuffixCommandPicksIt)
{
  LammpsSession s;
  s.load_plugin();
  s.command("package omp 2");
  s.command("suffix omp");
  s.commands(gas_setup());
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
    s.commands(polygon_pour_input(4000));
    LAMMPS_NS::Fix *wall = s.lmp->modify->fix[s.lmp->modify->find_fix("floor")];
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
  s.commands(gas_setup());
  s.command("pair_style body/rounded/polygon 2.0 2.0 0.3 1.0 0.05");
  EXPECT_STREQ(s.lmp->force->pair_style, "body/rounded/polygon");
}

TEST(OmpEquivalence, PolygonGasWithoutHistory)
{
  expect_threads_match_serial(Case::gas, "gas");
}

TEST(OmpEquivalence, PolygonGasWithHistoryAndCohesion)
{
  expect_threads_match_serial(Case::gas_history, "gas with history");
}

TEST(OmpEquivalence, PolygonPourWithWallsAndHistory)
{
  expect_threads_match_serial(Case::pour, "pour");
}

TEST(OmpEquivalence, PolyhedronGasWithHistoryAndCohesion)
{
  expect_threads_match_serial(Case::polyhedron_gas, "polyhedron gas");
}

TEST(OmpEquivalence, GranularHeapWithWalls)
{
  expect_threads_match_serial(Case::granular_heap, "granular heap");
}

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
  s.commands(gas_setup());
  s.command("fix integrate all nve/body");
  EXPECT_STREQ(s.lmp->modify->fix[s.lmp->modify->find_fix("integrate")]->style, "nve/body/omp");
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

TEST(OmpEquivalence, AdhesiveCubesWithTangentialAdhesion)
{
  expect_threads_match_serial(Case::adhesive_cubes, "adhesive cubes");
}
