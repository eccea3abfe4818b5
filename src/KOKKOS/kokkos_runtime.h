/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: the Kokkos runtime of the package's Kokkos variants
   (LAMMPS glue). The host's KOKKOS package is not involved: it needs a
   Kokkos atom style for bodies, which a plugin cannot register, so these
   variants start Kokkos themselves and run the package's per-pair
   functions on the host's data.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_KOKKOS_RUNTIME_H
#define BODY_DEM_KOKKOS_RUNTIME_H

#include <string>

namespace LAMMPS_NS {
class LAMMPS;
}

namespace body_dem {

// Starts Kokkos once per process (the first Kokkos style made), with the
// host's thread count (comm->nthreads: OMP_NUM_THREADS, or `package omp N`
// / -pk omp N before the style is made). Later calls check only that the
// execution space the variants use can read the host's memory. Errors name
// `command` (the style).
void ensure_kokkos(LAMMPS_NS::LAMMPS *lmp, const std::string &command);

// Whether a pair style's neighbour loop runs in Kokkos's default
// execution space on copies of the data (kokkos_pair_loop.h), rather than
// in the host execution space on the host's arrays (split by cost, the
// same result to the last bit on every run). The default: on a device
// when Kokkos has one (CUDA, HIP), else on the host. The environment
// variable BODY_DEM_KOKKOS_LOOP=device or =host chooses; `device` with a
// host backend runs the device loop on the host, which is how the tests
// check it without a GPU. Errors name `command`.
bool pair_loop_on_device(LAMMPS_NS::LAMMPS *lmp, const std::string &command);

// Threads of the execution space the variants run in (its concurrency).
int kokkos_threads();

// "Kokkos 3.4.1, execution space OpenMP, 2 threads", for the log.
std::string kokkos_description();

}    // namespace body_dem

#endif
