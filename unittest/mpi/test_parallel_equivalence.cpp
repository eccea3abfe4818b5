// Parallel equivalence (TESTING.md layer 5): the same run on this
// program's MPI ranks and on rank 0 alone gives the same trajectory to
// round-off. ctest runs it under mpirun with 1, 2 and 4 ranks.
#include "body_data.h"
#include "lammps_session.h"
#include "parallel_runs.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <string>
#include <vector>

using body_dem_test::LammpsSession;

namespace {

body_dem_test::RunState run_polygon_gas(MPI_Comm comm, const std::string &pair_style)
{
  LammpsSession s({}, comm);
  s.load_plugin();
  s.commands(body_dem_test::polygon_gas_input(pair_style, 2000));
  body_dem_test::RunState state = body_dem_test::atom_state(s);
  state.scalars = {s.compute_vector("wp", 0), s.compute_vector("wp", 1)};    // work of j_a, of damping
  return state;
}

void expect_same_trajectory(const std::string &pair_style)
{
  const auto runs =
      body_dem_test::run_alone_and_together([&](MPI_Comm comm) { return run_polygon_gas(comm, pair_style); });
  const body_dem_test::RunState &serial = runs.serial, &parallel = runs.parallel;

  // The forces are summed in another order on several ranks, so the
  // trajectories differ by round-off (1e-16 relative), amplified by the
  // collisions over 2000 steps; 1e-9 leaves that growth room while any
  // real difference (a missed or doubled contact, lost history) shows up
  // at the 1e-3 level or above.
  const double tol = 1e-9;
  for (size_t k = 0; k < parallel.x.size(); ++k) {
    EXPECT_NEAR(parallel.x[k], serial.x[k], tol) << "x of atom " << k / 3 + 1;
    EXPECT_NEAR(parallel.v[k], serial.v[k], tol) << "v of atom " << k / 3 + 1;
    EXPECT_NEAR(parallel.angmom[k], serial.angmom[k], tol) << "angmom of atom " << k / 3 + 1;
  }
  EXPECT_NEAR(parallel.scalars[0], serial.scalars[0], tol);
  EXPECT_NEAR(parallel.scalars[1], serial.scalars[1], tol * std::fabs(serial.scalars[1]) + tol);
  // The run did something: collisions dissipated energy.
  EXPECT_LT(serial.scalars[1], -1.0);
}

}    // namespace

TEST(ParallelEquivalence, PolygonGasWithoutHistory)
{
  expect_same_trajectory("body/rounded/polygon 2.0 2.0 0.3 1.0 0.05");
}

TEST(ParallelEquivalence, PolygonGasWithHistory)
{
  expect_same_trajectory("body/rounded/polygon 2.0 2.0 0.3 1.0 0.05 history");
}
