// Parallel equivalence of bond_style bpm/parallel (TESTING.md layer 5):
// the same run on this program's MPI ranks and on rank 0 alone gives the
// same trajectory to round-off. ctest runs it under mpirun with 1, 2 and 4
// ranks.
#include "bpm_inputs.h"
#include "lammps_session.h"
#include "parallel_runs.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using body_dem_test::LammpsSession;

namespace {

const std::string kData = "bpm_parallel_block.data";
constexpr double kBox = 10.0;    // periodic edge along x

// A block of 8 x 4 x 3 unit spheres bonded to their lattice neighbours
// (84 + 72 + 64 = 220 bonds), centred in a periodic box of 10 x 8 x 8, drifting along x
// at 1 with random velocities (0.45) and angular velocities (0.7). Over 2000
// steps of 0.001 it moves by 2: atoms cross the sub-domain boundaries of a
// 2 x 1 x 1 or 2 x 2 x 1 decomposition (x = 0, y = 0) and the periodic
// boundary x = +-5, bonds reach across all of them, and the shaking breaks
// some bonds (their histories leave with the atoms that store them);
// broken pieces meet through pair_style granular with its own history.
void write_block()
{
  const double origin[3] = {-3.5, -1.5, -1.0};
  bpm_test::write_bonded_block(kData, 8, 4, 3, origin, kBox / 2, 4.0, 20261202, 0.45, 0.7, 1.0);
}

body_dem_test::RunState run_block(MPI_Comm comm)
{
  LammpsSession s({}, comm);
  s.load_plugin();
  s.commands(bpm_test::read_bonded_block(kData, "p p p") +
             "bond_style bpm/parallel\n"
             "bond_coeff 1 0.0 1.0 1.0 1000 800 1000 800 0.2 10 8\n"
             "special_bonds lj 1 1 1\n"
             "pair_style granular\n"
             "pair_coeff * * hooke 2000 0.5 tangential linear_history 1600 1.0 0.5\n"
             "neighbor 0.3 bin\n"
             "fix integrate all nve/sphere\n"
             "compute broken all nbond/broken\n"
             "timestep 0.001\n"
             "thermo 500\n"
             "thermo_style custom step pe c_broken bonds\n"
             "run 2000\n");
  body_dem_test::RunState state;
  state.x = s.gather_by_id("x");
  state.v = s.gather_by_id("v");
  // the torques (set by the bond moments and the shear arms), then the
  // count of broken bonds and the host's count of bonds
  state.scalars = s.gather_by_id("torque");
  state.scalars.push_back(s.compute_scalar("broken"));
  state.scalars.push_back(s.thermo("bonds"));
  return state;
}

}    // namespace

TEST(BondBPMParallelEquivalence, ShakenBlockBreaksAcrossSubdomains)
{
  const int rank = body_dem_test::mpi_rank();
  int nranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  if (rank == 0) write_block();
  MPI_Barrier(MPI_COMM_WORLD);
  const auto runs = body_dem_test::run_alone_and_together(run_block);
  const body_dem_test::RunState &serial = runs.serial, &parallel = runs.parallel;

  // The forces on an atom are summed in another order on several ranks
  // (ghost contributions arrive by reverse communication), so the
  // trajectories differ by round-off (1e-16 relative), amplified by the
  // collisions and breaks over 2000 steps; 1e-9 leaves that growth room,
  // while a bond computed twice or not at all, a history lost or misplaced
  // at a migration, or a break seen on one side only shows up at 1e-3 or
  // more. Positions along the periodic x are compared as unwrapped
  // differences.
  const double tol = 1e-9;
  const double largest = body_dem_test::expect_same_atoms(serial, parallel, {kBox, 8.0, 8.0}, tol);
  const size_t ntorque = serial.x.size();
  for (size_t k = 0; k < ntorque; ++k)
    EXPECT_NEAR(parallel.scalars[k], serial.scalars[k], tol * std::max(1.0, std::fabs(serial.scalars[k])))
        << "torque of atom " << k / 3 + 1;
  const double broken = serial.scalars[ntorque], bonds = serial.scalars[ntorque + 1];
  EXPECT_EQ(parallel.scalars[ntorque], broken);
  EXPECT_EQ(parallel.scalars[ntorque + 1], bonds);
  if (rank == 0)
    std::printf("%d ranks: largest difference of x or v %.3g; %g bonds broken, %g left\n", nranks, largest, broken,
                bonds);
  // The run did what it is meant to: some bonds broke, many held, and the
  // host's count of bonds follows the breaks.
  EXPECT_GT(broken, 0.0);
  EXPECT_GT(bonds, 100.0);
  EXPECT_EQ(broken + bonds, 220.0);
}
