// The pattern of the parallel-equivalence tests (TESTING.md layer 5): run
// the same input once on rank 0 alone and once on all ranks of the
// program, and compare the states by atom ID on every rank.
#ifndef BODY_DEM_TEST_PARALLEL_RUNS_H
#define BODY_DEM_TEST_PARALLEL_RUNS_H

#include "lammps_session.h"

#include <mpi.h>

#include <array>
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace body_dem_test {

// The state at the end of a run: positions, velocities and angular
// momenta by atom ID (3 values per atom), and any scalars the test reads
// (e.g. the work quantities of compute pair).
struct RunState {
  std::vector<double> x, v, angmom;
  std::vector<double> scalars;
};

// Calls run(comm) on rank 0 only, with comm the communicator of rank 0
// alone: the serial reference of a run that all ranks make afterwards.
void on_rank_0_alone(const std::function<void(MPI_Comm)> &run);

// Gives every rank rank 0's values of `vectors`: each is resized to the
// size paired with it (known on every rank) and broadcast from rank 0.
void broadcast_from_rank_0(std::initializer_list<std::pair<std::vector<double> *, size_t>> vectors);

// x, v and angmom of the session's atoms, by ID.
RunState atom_state(LammpsSession &session);

// The serial and the parallel state of `run` (which builds a session on
// the communicator it is given, runs it and returns its state), both
// known on every rank.
struct SerialAndParallel {
  RunState serial, parallel;
};
SerialAndParallel run_alone_and_together(const std::function<RunState(MPI_Comm)> &run);

// Expects the parallel state to equal the serial one within tol, atom by
// atom (failures name the atom): positions as differences unwrapped by
// the box length of each periodic dimension (period[d] > 0; 0: not
// periodic), velocities, and angular momenta where the states have them.
// Returns the largest difference of a position or velocity.
double expect_same_atoms(const RunState &serial, const RunState &parallel, const std::array<double, 3> &period,
                         double tol);

}    // namespace body_dem_test

#endif
