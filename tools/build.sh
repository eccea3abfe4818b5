#!/usr/bin/env bash
# Installs what the build needs from Debian (when run as root or with
# sudo), then configures and builds the package in build/. The host LAMMPS
# is built once into a cache folder outside the checkout and reused.
#   BODY_DEM_BUILD_DIR   build folder (default: build)
#   extra arguments      passed to cmake's configure step (e.g. -DLAMMPS_SOURCE_DIR=...)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BODY_DEM_BUILD_DIR:-$here/build}

"$here/tools/install-debian-deps.sh"
cmake -S "$here" -B "$build" "$@"
cmake --build "$build" -j "$(nproc)"
