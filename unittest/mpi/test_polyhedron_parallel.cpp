// Parallel equivalence of pair_style body/rounded/polyhedron (TESTING.md
// layer 5): the same run on this program's MPI ranks and on rank 0 alone
// gives the same trajectory to round-off. ctest runs it under mpirun with
// 1, 2 and 4 ranks.
#include "lammps_session.h"
#include "parallel_runs.h"
#include "polyhedron_data.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using body_dem_test::LammpsSession;

namespace {

const std::string kData = "poly_parallel_gas.data";

// A 3d gas of 32 cubes (edge 1) and 32 regular tetrahedra (edge 1.4) with
// rounded diameter 0.1, on a 4 x 4 x 4 lattice of spacing 2 in a periodic
// box of edge 8, turned at random, with random velocities of about 1 and
// angular velocities of about 1. Over 3000 steps of 0.001 (3 time units)
// bodies travel about 3, across the sub-domain boundaries of a 2 x 1 x 1
// or 2 x 2 x 1 decomposition (at 4), and collide (about 30 collisions).
void write_gas() { body_dem_test::write_polyhedron_gas(kData, 20260930, 0.1); }

std::string gas_input(const std::string &pair_style, int steps)
{
  return body_dem_test::polyhedron_setup_commands(kData) +
      "pair_style " + pair_style +
      "\n"
      "pair_coeff 1 1 200.0 2.0\n"
      "pair_coeff 1 2 150.0 2.0 40.0\n"
      "pair_coeff 2 2 100.0 2.0\n"
      "neighbor 0.3 bin\n"
      "neigh_modify every 1 delay 0 check yes\n"
      "timestep 0.001\n"
      "fix integrate all nve/body\n"
      "compute wp all pair body/rounded/polyhedron\n"
      "thermo 500\n"
      "run " +
      std::to_string(steps) + "\n";
}

body_dem_test::RunState run_gas(MPI_Comm comm, const std::string &pair_style)
{
  LammpsSession s({}, comm);
  s.load_plugin();
  s.commands(gas_input(pair_style, 3000));
  body_dem_test::RunState state = body_dem_test::atom_state(s);
  // work of j_a, of damping and friction, of the weights
  state.scalars = {s.compute_vector("wp", 0), s.compute_vector("wp", 1), s.compute_vector("wp", 2)};
  return state;
}

void expect_same_trajectory(const std::string &pair_style)
{
  write_gas();
  const int rank = body_dem_test::mpi_rank();
  const auto runs = body_dem_test::run_alone_and_together([&](MPI_Comm comm) { return run_gas(comm, pair_style); });
  const body_dem_test::RunState &serial = runs.serial, &parallel = runs.parallel;
  const double serial_work_ja = serial.scalars[0], serial_work_diss = serial.scalars[1];

  // The forces are summed in another order on several ranks, so the
  // trajectories differ by round-off (1e-16 relative), amplified by the
  // collisions over 3000 steps; 1e-9 leaves that growth room while any
  // real difference (a missed or doubled contact, lost history, a body
  // seen with a stale orientation) shows up at the 1e-3 level or above.
  // Positions are compared as unwrapped differences in the periodic box.
  const double tol = 1e-9;
  body_dem_test::expect_same_atoms(serial, parallel, {8.0, 8.0, 8.0}, tol);
  EXPECT_NEAR(parallel.scalars[0], serial_work_ja, tol * std::fabs(serial_work_ja) + tol);
  EXPECT_NEAR(parallel.scalars[1], serial_work_diss, tol * std::fabs(serial_work_diss) + tol);
  EXPECT_NEAR(parallel.scalars[2], serial.scalars[2], tol * std::fabs(serial.scalars[2]) + tol);
  // The run did something: collisions dissipated energy, and cohesion
  // scaled by j_a > 1 did work.
  if (rank == 0)
    std::printf("work of j_a %.6g, of damping and friction %.6g, of the weights %.6g\n", serial_work_ja,
                serial_work_diss, serial.scalars[2]);
  EXPECT_LT(serial_work_diss, -0.1);
  EXPECT_NE(serial_work_ja, 0.0);
  EXPECT_NE(serial.scalars[2], 0.0);
}

}    // namespace

TEST(PolyhedronParallelEquivalence, GasWithHistoryAndCohesion)
{
  expect_same_trajectory("body/rounded/polyhedron 2.0 2.0 0.3 0.02 0.05 history");
}

TEST(PolyhedronParallelEquivalence, GasWithoutHistory)
{
  expect_same_trajectory("body/rounded/polyhedron 2.0 2.0 0.3 0.02 0.05");
}
