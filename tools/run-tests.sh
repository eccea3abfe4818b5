#!/usr/bin/env bash
# README's test command: builds everything (as tools/build.sh) and runs the
# whole test suite with ctest, against one host LAMMPS or each of them.
# Exits non-zero when any test fails.
#
#   tools/run-tests.sh                  the default host (stable2021) in build/
#   tools/run-tests.sh --host 2025      LAMMPS 4 Feb 2025 in build-2025/
#   tools/run-tests.sh --host 2026      the newest LAMMPS of 2026 or later in
#                                       Debian's unstable suites (4 Jul 2026)
#                                       in build-2026/
#   tools/run-tests.sh --kokkos         with the Kokkos variants (-DBODY_DEM_KOKKOS=ON)
#                                       in build-kokkos/ (build-2025-kokkos/ with --host 2025)
#   tools/run-tests.sh --all-hosts      four passes, one after the other (CI):
#                                       stable2021, 2026, 2025, stable2021 with Kokkos;
#                                       the tests that do not start LAMMPS (layers
#                                       1-2, the LCP library) in the first pass only
#   ... [cmake options]                 passed to cmake's configure step
#
#   BODY_DEM_BUILD_DIR   build folder of the default host (default: build);
#                        another host's folder is that name with -<host>,
#                        a Kokkos build's that with -kokkos
#   BODY_DEM_TEST_JOBS   tests run at once (ctest -j; default: the cores);
#                        a test on N ranks or threads takes N of them
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
base=${BODY_DEM_BUILD_DIR:-$here/build}
jobs=${BODY_DEM_TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}

hosts=()
all_hosts=0
kokkos=0
cmake_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --host)
      [ $# -ge 2 ] || { echo "run-tests.sh: --host needs a host (stable2021, 2025 or 2026)" >&2; exit 2; }
      hosts+=("$2")
      shift 2
      ;;
    --all-hosts)
      all_hosts=1
      shift
      ;;
    --kokkos)
      kokkos=1
      shift
      ;;
    *)
      cmake_args+=("$1")
      shift
      ;;
  esac
done

# One pass per entry: a host, with "+kokkos" when the Kokkos variants are
# built too. --kokkos applies to the hosts named (or the default one);
# --all-hosts always runs its own four passes, the Kokkos one on the
# default host only, since the variants do not depend on the host's release.
passes=()
[ ${#hosts[@]} -gt 0 ] || [ $all_hosts -eq 1 ] || hosts=(stable2021)
for host in ${hosts[@]+"${hosts[@]}"}; do
  if [ $kokkos -eq 1 ]; then passes+=("$host+kokkos"); else passes+=("$host"); fi
done
[ $all_hosts -eq 0 ] || passes+=(stable2021 2026 2025 stable2021+kokkos)

# The tests that do not start LAMMPS build and run the same against every
# host (they link neither LAMMPS nor the plugin), so --all-hosts runs them
# once, in its first pass; a pass for one host runs them always.
status=0
summary=()
first=1
for pass in "${passes[@]}"; do
  if [ $all_hosts -eq 1 ] && [ $first -eq 0 ]; then
    independent=OFF
    scope="tests with LAMMPS (those without it ran in the first pass)"
  else
    independent=ON
    scope="all tests"
  fi
  first=0
  host=${pass%+kokkos}
  case "$host" in
    stable2021) build=$base ;;
    2025 | 2026) build=$base-$host ;;
    *) echo "run-tests.sh: unknown host '$host' (expected stable2021, 2025 or 2026)" >&2; exit 2 ;;
  esac
  # Named either way, so that a folder keeps the variant its name says.
  if [ "$pass" = "$host" ]; then
    label="host $host"
    variant=(-DBODY_DEM_KOKKOS=OFF)
  else
    build=$build-kokkos
    label="host $host with Kokkos"
    variant=(-DBODY_DEM_KOKKOS=ON)
  fi
  echo "run-tests.sh: $label, build folder $build, $scope"
  BODY_DEM_BUILD_DIR=$build "$here/tools/build.sh" -DBODY_DEM_HOST="$host" "${variant[@]}" \
    -DBODY_DEM_HOST_INDEPENDENT_TESTS=$independent ${cmake_args[@]+"${cmake_args[@]}"}
  if (cd "$build" && ctest --output-on-failure --timeout 900 -j "$jobs"); then
    summary+=("$label: $scope passed")
  else
    summary+=("$label: tests FAILED")
    status=1
  fi
done
printf 'run-tests.sh: %s\n' "${summary[@]}"
exit $status
