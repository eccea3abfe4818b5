#!/usr/bin/env bash
# README's first command: installs the Debian packages, builds the host
# LAMMPS (or reuses its cache) and the plugin, and runs the package's main
# example (examples/body/in.heap3d_granular) on its built-in defaults, on 2
# MPI ranks, then plots its energies.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BODY_DEM_BUILD_DIR:-$here/build}
"$here/tools/build.sh" "$@"

cd "$here/examples/body"
mpi_flags=(--oversubscribe)
[ "$(id -u)" -eq 0 ] && mpi_flags+=(--allow-run-as-root)
echo "quickstart: running examples/body/in.heap3d_granular on 2 MPI ranks (about a minute):"
echo "quickstart:   cubes and tetrahedra poured onto a floor, settling into a heap, then gravity tilted"
OMP_NUM_THREADS=1 mpirun -np 2 "${mpi_flags[@]}" "$build/lmp" -in in.heap3d_granular \
  -var plugin "$build/bodydemplugin.so" -log log.heap3d.lammps -screen none &
run=$!
# progress: the last thermo line of the log, every few seconds
while kill -0 "$run" 2>/dev/null; do
  sleep 5
  line=$(awk 'NF == 6 && $1 ~ /^[0-9]+$/' log.heap3d.lammps 2>/dev/null | tail -n 1 || true)
  [ -n "$line" ] && echo "quickstart:   step time ke pe work ebal: $line"
done
wait "$run"
python=/usr/bin/python3
[ -x "$python" ] || python=python3
"$python" "$here/tools/plot_energy.py" log.heap3d.lammps heap3d.energy.png
echo "quickstart: done. In examples/body: log.heap3d.lammps (thermo log), heap3d.*.png (snapshots),"
echo "quickstart: heap3d.energy.png (kinetic energy and energy balance over time)."
