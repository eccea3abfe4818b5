#include "parallel_runs.h"

namespace body_dem_test {

RunState atom_state(LammpsSession &session)
{
  RunState state;
  state.x = session.gather_by_id("x");
  state.v = session.gather_by_id("v");
  state.angmom = session.gather_by_id("angmom");
  return state;
}

namespace {
void broadcast_from_rank0(RunState &state, const RunState &shape)
{
  for (auto vec : {std::make_pair(&state.x, shape.x.size()), std::make_pair(&state.v, shape.v.size()),
                   std::make_pair(&state.angmom, shape.angmom.size()),
                   std::make_pair(&state.scalars, shape.scalars.size())}) {
    vec.first->resize(vec.second);
    MPI_Bcast(vec.first->data(), static_cast<int>(vec.second), MPI_DOUBLE, 0, MPI_COMM_WORLD);
  }
}
}    // namespace

SerialAndParallel run_alone_and_together(const std::function<RunState(MPI_Comm)> &run)
{
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm alone;
  MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? 0 : MPI_UNDEFINED, 0, &alone);
  SerialAndParallel result;
  if (rank == 0) result.serial = run(alone);
  if (alone != MPI_COMM_NULL) MPI_Comm_free(&alone);
  result.parallel = run(MPI_COMM_WORLD);
  broadcast_from_rank0(result.serial, result.parallel);
  return result;
}

}    // namespace body_dem_test
