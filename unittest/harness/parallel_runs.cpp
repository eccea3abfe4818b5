#include "parallel_runs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace body_dem_test {

RunState atom_state(LammpsSession &session)
{
  RunState state;
  state.x = session.gather_by_id("x");
  state.v = session.gather_by_id("v");
  state.angmom = session.gather_by_id("angmom");
  return state;
}

void on_rank_0_alone(const std::function<void(MPI_Comm)> &run)
{
  const int rank = mpi_rank();
  MPI_Comm alone;
  MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? 0 : MPI_UNDEFINED, 0, &alone);
  if (rank == 0) run(alone);
  if (alone != MPI_COMM_NULL) MPI_Comm_free(&alone);
}

void broadcast_from_rank_0(std::initializer_list<std::pair<std::vector<double> *, size_t>> vectors)
{
  for (const auto &[values, size] : vectors) {
    values->resize(size);
    MPI_Bcast(values->data(), static_cast<int>(size), MPI_DOUBLE, 0, MPI_COMM_WORLD);
  }
}

SerialAndParallel run_alone_and_together(const std::function<RunState(MPI_Comm)> &run)
{
  SerialAndParallel result;
  on_rank_0_alone([&](MPI_Comm alone) { result.serial = run(alone); });
  result.parallel = run(MPI_COMM_WORLD);
  RunState &serial = result.serial;
  const RunState &shape = result.parallel;
  broadcast_from_rank_0({{&serial.x, shape.x.size()},
                         {&serial.v, shape.v.size()},
                         {&serial.angmom, shape.angmom.size()},
                         {&serial.scalars, shape.scalars.size()}});
  return result;
}

double expect_same_atoms(const RunState &serial, const RunState &parallel, const std::array<double, 3> &period,
                         double tol)
{
  EXPECT_EQ(parallel.x.size(), serial.x.size());
  double largest = 0.0;
  const size_t n = std::min(parallel.x.size(), serial.x.size());
  for (size_t k = 0; k < n; ++k) {
    double dx = parallel.x[k] - serial.x[k];
    const double length = period[k % 3];
    if (length > 0.0) dx -= length * std::round(dx / length);
    largest = std::max({largest, std::fabs(dx), std::fabs(parallel.v[k] - serial.v[k])});
    EXPECT_NEAR(dx, 0.0, tol) << "x of atom " << k / 3 + 1;
    EXPECT_NEAR(parallel.v[k], serial.v[k], tol) << "v of atom " << k / 3 + 1;
    if (k < serial.angmom.size() && k < parallel.angmom.size())
      EXPECT_NEAR(parallel.angmom[k], serial.angmom[k], tol) << "angmom of atom " << k / 3 + 1;
  }
  return largest;
}

}    // namespace body_dem_test
