#!/usr/bin/env bash
# README's test command: builds everything (as tools/build.sh) and runs the
# whole test suite with ctest, against one host LAMMPS or each of them.
# Exits non-zero when any test fails.
#
#   tools/run-tests.sh                  the default host (stable2021) in build/
#   tools/run-tests.sh --host 2025      LAMMPS 4 Feb 2025 in build-2025/
#   tools/run-tests.sh --all-hosts      both, one after the other (CI)
#   ... [cmake options]                 passed to cmake's configure step
#
#   BODY_DEM_BUILD_DIR   build folder of the default host (default: build);
#                        another host's folder is that name with -<host>
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
base=${BODY_DEM_BUILD_DIR:-$here/build}

hosts=()
cmake_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --host)
      [ $# -ge 2 ] || { echo "run-tests.sh: --host needs a host (stable2021 or 2025)" >&2; exit 2; }
      hosts+=("$2")
      shift 2
      ;;
    --all-hosts)
      hosts+=(stable2021 2025)
      shift
      ;;
    *)
      cmake_args+=("$1")
      shift
      ;;
  esac
done
[ ${#hosts[@]} -gt 0 ] || hosts=(stable2021)

status=0
summary=()
for host in "${hosts[@]}"; do
  case "$host" in
    stable2021) build=$base ;;
    2025) build=$base-2025 ;;
    *) echo "run-tests.sh: unknown host '$host' (expected stable2021 or 2025)" >&2; exit 2 ;;
  esac
  echo "run-tests.sh: host $host, build folder $build"
  BODY_DEM_BUILD_DIR=$build "$here/tools/build.sh" -DBODY_DEM_HOST="$host" ${cmake_args[@]+"${cmake_args[@]}"}
  if (cd "$build" && ctest --output-on-failure --timeout 900); then
    summary+=("host $host: all tests passed")
  else
    summary+=("host $host: tests FAILED")
    status=1
  fi
done
printf 'run-tests.sh: %s\n' "${summary[@]}"
exit $status
