// The variants' equivalence to the serial styles (TESTING.md layer 5),
// shared by the tests of the /omp and the Kokkos variants: the package's
// examples, shortened, run with the serial style on rank 0 alone and with
// a variant (picked by its suffix from the same input) on all ranks, and
// the states, energies, virials and work accumulators compared.
#include "variant_equivalence.h"

#include "body_data.h"

#include "force.h"
#include "lammps.h"
#include "pair.h"

#include <gtest/gtest.h>

#include <cmath>

namespace body_dem_test {

namespace {

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


}    // namespace

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
                               2000, true));
  return take_snapshot(s, true);
}

namespace {
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

}    // namespace

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

void expect_same(const Snapshot &omp, Snapshot serial, const std::string &what, const std::string &suffix)
{
  broadcast(serial, omp);
  // the variant of the style the input names (serial.pair_style is known
  // on rank 0 only)
  ASSERT_GE(omp.pair_style.size(), suffix.size()) << what;
  EXPECT_EQ(omp.pair_style.substr(omp.pair_style.size() - suffix.size()), suffix) << what;
  // The threads sum the forces on an atom in another order than the serial
  // loop (per thread or part, then over them), so the trajectories differ by
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

}    // namespace body_dem_test
