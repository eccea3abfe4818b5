#include "kokkos_runtime.h"

#include "comm.h"
#include "error.h"
#include "lammps.h"
#include "utils.h"

#include <Kokkos_Core.hpp>

#include <cstdlib>
#include <cstring>
#include <type_traits>

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
    // Never finalized: a second initialize in the same process is not
    // allowed (e.g. after `clear`), and the pair styles free their device
    // copies when LAMMPS deletes them, while Kokkos still runs.
    if (lmp->comm->me == 0) LAMMPS_NS::utils::logmesg(lmp, command + ": started " + kokkos_description() + "\n");
  }
  if (!Kokkos::SpaceAccessibility<ExecutionSpace, Kokkos::HostSpace>::accessible)
    lmp->error->all(FLERR, command + ": the Kokkos host execution space cannot read host memory");
}

bool pair_loop_on_device(LAMMPS_NS::LAMMPS *lmp, const std::string &command)
{
  const char *choice = std::getenv("BODY_DEM_KOKKOS_LOOP");
  if (!choice || !*choice)
    return !std::is_same<Kokkos::DefaultExecutionSpace::memory_space, Kokkos::HostSpace>::value;
  if (std::strcmp(choice, "device") == 0) return true;
  if (std::strcmp(choice, "host") == 0) return false;
  lmp->error->all(FLERR, command + ": the environment variable BODY_DEM_KOKKOS_LOOP is '" + choice +
                             "'; expected 'device' (the pair loop in Kokkos's default execution space, " +
                             Kokkos::DefaultExecutionSpace::name() + ") or 'host' (the host execution space, " +
                             ExecutionSpace::name() + ")");
  return false;
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
      std::to_string(kokkos_threads()) + (kokkos_threads() == 1 ? " thread" : " threads") +
      (std::is_same<Kokkos::DefaultExecutionSpace, ExecutionSpace>::value
           ? std::string()
           : std::string(", device execution space ") + Kokkos::DefaultExecutionSpace::name());
}

}    // namespace body_dem
