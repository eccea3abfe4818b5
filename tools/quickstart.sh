#!/usr/bin/env bash
# README's first command: installs the Debian packages, builds the host
# LAMMPS (or reuses its cache) and the plugin, and runs the package's main
# example on its built-in defaults, on 2 MPI ranks.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BODY_DEM_BUILD_DIR:-$here/build}
"$here/tools/build.sh" "$@"

cd "$here/examples/body"
mpi_flags=(--oversubscribe)
[ "$(id -u)" -eq 0 ] && mpi_flags+=(--allow-run-as-root)
echo "quickstart: running examples/body/in.polygon_gas on 2 MPI ranks (log: examples/body/log.polygon_gas.lammps)"
OMP_NUM_THREADS=1 mpirun -np 2 "${mpi_flags[@]}" "$build/lmp" -in in.polygon_gas \
  -var plugin "$build/bodydemplugin.so" -log log.polygon_gas.lammps
