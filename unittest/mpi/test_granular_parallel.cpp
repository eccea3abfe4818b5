// Parallel equivalence of pair_style body/rounded/polyhedron/granular and
// fix wall/body/polyhedron/granular (TESTING.md layer 5): the same run on
// this program's MPI ranks and on rank 0 alone gives the same trajectory
// to round-off. ctest runs it under mpirun with 1, 2 and 4 ranks.
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

const std::string kData = "gran_parallel_gas.data";

// A 3d gas of 32 cubes (edge 1, type 1) and 32 regular tetrahedra (edge
// 1.4, type 2), rounded diameter 0.2, mass 1, on a 4 x 4 x 4 lattice of
// spacing 2 in a box of edge 8, periodic in x and y, between a floor and
// a ceiling wall in z; turned at random, with random velocities and
// angular velocities of about 1. Over 3000 steps of 0.001 (3 time units)
// bodies travel about 3, across the sub-domain boundaries of a 2 x 1 x 1
// or 2 x 2 x 1 decomposition, and collide with each other and with the
// walls, keeping the tangential springs of the pairs (in the host's
// NEIGH_HISTORY fix, exchanged with the atoms) and of the walls (per atom
// in the wall fix).
void write_gas() { body_dem_test::write_polyhedron_gas(kData, 20261202, 0.2); }

// Two materials (hertz/material, mixed for the unlike pairs), damping
// mass_velocity, linear_history, and the attraction of each type and of
// the walls: by default cohesion with j_a scaling (delta_ua = 0.02 makes
// j_a > 1 for contacts spread over more than a corner).
struct Attraction {
  std::string type1 = " cohesion 2.0", type2 = " cohesion 1.0", walls;
  int steps = 3000;
};

std::string gas_input(int steps, const Attraction &attraction = {})
{
  const std::string tangential = " tangential linear_history 5000.0 1.0 0.5 damping mass_velocity";
  return "units lj\n"
         "boundary p p f\n"
         "atom_style body rounded/polyhedron 1 8\n"
         "atom_modify map array\n"
         "comm_modify vel yes\n"
         "newton on\n"
         "read_data " +
      kData +
      "\n"
      "pair_style body/rounded/polyhedron/granular 0.02 0.05\n"
      "pair_coeff 1 1 hertz/material 1.0e5 2.0 0.3" +
      tangential + attraction.type1 +
      "\n"
      "pair_coeff 2 2 hertz/material 5.0e4 2.0 0.25" +
      tangential + attraction.type2 +
      "\n"
      "fix walls all wall/body/polyhedron/granular hertz/material 1.0e5 2.0 0.3" +
      tangential + attraction.walls +
      " zplane 0.0 8.0\n"
      "neighbor 0.3 bin\n"
      "neigh_modify every 1 delay 0 check yes\n"
      "timestep 0.001\n"
      "fix integrate all nve/body\n"
      "compute wp all pair body/rounded/polyhedron/granular\n"
      "variable wall_work equal f_walls[1]\n"
      "thermo_style custom step pe c_wp[1] c_wp[2] f_walls[1]\n"
      "thermo 500\n"
      "run " +
      std::to_string(steps) + "\n";
}

body_dem_test::RunState run_gas(MPI_Comm comm, const Attraction &attraction = {})
{
  LammpsSession s({}, comm);
  s.load_plugin();
  s.commands(gas_input(attraction.steps, attraction));
  body_dem_test::RunState state = body_dem_test::atom_state(s);
  // work of j_a, of damping and friction, of the walls, of the weights
  state.scalars = {s.compute_vector("wp", 0), s.compute_vector("wp", 1), s.variable("wall_work"),
                   s.compute_vector("wp", 2)};
  return state;
}

// Runs the gas alone and on all ranks and compares the states; returns
// the serial one.
body_dem_test::RunState expect_parallel_matches_serial(const Attraction &attraction)
{
  write_gas();
  const int rank = body_dem_test::mpi_rank();
  int nranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  const auto runs =
      body_dem_test::run_alone_and_together([&](MPI_Comm comm) { return run_gas(comm, attraction); });
  const body_dem_test::RunState &serial = runs.serial, &parallel = runs.parallel;

  // The forces are summed in another order on several ranks, so the
  // trajectories differ by round-off (1e-16 relative), amplified by the
  // collisions over 3000 steps; 1e-9 leaves that growth room while any
  // real difference (a missed or doubled contact, a spring lost at a
  // migration, a body seen with a stale orientation or velocity) shows
  // up at the 1e-4 level or above. Positions along the periodic x and y
  // are compared as unwrapped differences.
  const double tol = 1e-9;
  const double largest = body_dem_test::expect_same_atoms(serial, parallel, {8.0, 8.0, 0.0}, tol);
  for (size_t k = 0; k < serial.scalars.size(); ++k)    // work of j_a, of damping and friction, of the walls, weights
    EXPECT_NEAR(parallel.scalars[k], serial.scalars[k], tol * std::fabs(serial.scalars[k]) + tol) << "work " << k;
  if (rank == 0)
    std::printf("%d ranks: largest difference of x or v %.3g; work of j_a %.6g, of damping and friction %.6g, "
                "of the walls %.6g, of the weights %.6g\n",
                nranks, largest, serial.scalars[0], serial.scalars[1], serial.scalars[2], serial.scalars[3]);
  return serial;
}

}    // namespace

TEST(GranularParallelEquivalence, GasWithHistoryCohesionAndWalls)
{
  const body_dem_test::RunState serial = expect_parallel_matches_serial({});
  // The run did something: collisions dissipated energy, the j_a scaling
  // of the cohesion did work, bodies hit the walls.
  EXPECT_LT(serial.scalars[1], -0.1);
  EXPECT_NE(serial.scalars[0], 0.0);
  EXPECT_LT(serial.scalars[2], 0.0);
  EXPECT_NE(serial.scalars[3], 0.0);
}

TEST(GranularParallelEquivalence, GasWithAdhesionAndWalls)
{
  // The adhesion of Fang et al. instead of cohesion, with its tangential
  // part (whose state y and lagged lambda live in the pair history,
  // migrate with the atoms and flip with the side the pair is seen from),
  // different for the two types (so the unlike pairs are mixed), and the
  // adhesion on the walls (whose tangential state is kept per atom and
  // migrates with it). The strength (a(0) = -25 per unit area,
  // -0.79 per corner contact of R_eff = 0.1) captures bodies that meet at
  // speeds of about 1, so pairs stay within dhat_a for many steps. The
  // captured pairs make this gas more sensitive: a change of 1e-14 in the
  // start grows to 3e-9 over 3000 steps (1e-12 in the gas above), so it
  // runs 2000 steps, where the rounding differences of 2 and 4 ranks stay
  // at 8e-13 (measured); with mu_a = 0 the positions differ by 1 after
  // 3000 steps.
  Attraction adhesion;
  adhesion.type1 = " adhesion 0.02 0.05 2000.0 0.5 tangential_adhesion 0.01 0.5";
  adhesion.type2 = " adhesion 0.01 0.04 1000.0 0.5 tangential_adhesion 0.02 0.3";
  adhesion.walls = " adhesion 0.02 0.05 2000.0 0.5 tangential_adhesion 0.01 0.5";
  adhesion.steps = 2000;
  const body_dem_test::RunState serial = expect_parallel_matches_serial(adhesion);
  // The run did something: collisions dissipated energy (damping,
  // friction and the tangential adhesion), bodies hit the walls; no
  // cohesion, so no j_a work.
  EXPECT_LT(serial.scalars[1], -0.1);
  EXPECT_EQ(serial.scalars[0], 0.0);
  EXPECT_LT(serial.scalars[2], 0.0);
}
