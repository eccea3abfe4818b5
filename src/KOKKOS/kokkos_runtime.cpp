#include "kokkos_runtime.h"

#include "comm.h"
#include "error.h"
#include "lammps.h"
#include "utils.h"

#include <Kokkos_Core.hpp>

namespace body_dem {

using ExecutionSpace = Kokkos::DefaultHostExecutionSpace;

void ensure_kokkos(LAMMPS_NS::LAMMPS *lmp, const std::string &command)
{
  if (!Kokkos::is_initialized()) {
    const int threads = lmp->comm->nthreads > 0 ? lmp->comm->nthreads : 1;
#if KOKKOS_VERSION >= 30700
    Kokkos::initialize(Kokkos::InitializationSettings().set_num_threads(threads).set_disable_warnings(true));
#else
    Kokkos::InitArguments arguments;
    arguments.num_threads = threads;
    arguments.disable_warnings = true;
    Kokkos::initialize(arguments);
#endif
    // Never finalized: the variants hold no memory of Kokkos's own (their
    // arrays are the host's and the package's), and a second initialize
    // in the same process is not allowed, e.g. after `clear`.
    if (lmp->comm->me == 0) LAMMPS_NS::utils::logmesg(lmp, command + ": started " + kokkos_description() + "\n");
  }
  if (!Kokkos::SpaceAccessibility<ExecutionSpace, Kokkos::HostSpace>::accessible)
    lmp->error->all(FLERR, command + ": the Kokkos host execution space cannot read host memory");
}

int kokkos_threads()
{
  return ExecutionSpace::concurrency();
}

std::string kokkos_description()
{
  const int version = KOKKOS_VERSION;
  return "Kokkos " + std::to_string(version / 10000) + "." + std::to_string(version / 100 % 100) + "." +
      std::to_string(version % 100) + ", execution space " + ExecutionSpace::name() + ", " +
      std::to_string(kokkos_threads()) + (kokkos_threads() == 1 ? " thread" : " threads");
}

}    // namespace body_dem
