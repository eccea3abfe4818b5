#!/usr/bin/env bash
# Builds the default host LAMMPS once and keeps it in a cache folder outside
# the checkout, which later builds reuse.
#
#   tools/build-host-lammps.sh CACHE_DIR
#
# CACHE_DIR receives:
#   source/   the unpacked Debian source package `lammps` (its src/ headers
#             are what the plugin compiles against)
#   build/    the host's CMake build tree
#   install/  bin/lmp, lib/liblammps.so and the host's CMake package files
#   COMPLETE  written last; its presence means the cache is usable
#
# The release is the one Debian ships as the source package `lammps`
# (stable 29 Sep 2021, update 2). The source index must be enabled, which
# tools/install-debian-deps.sh does.
set -euo pipefail

cache=${1:?usage: build-host-lammps.sh CACHE_DIR}
jobs=${BODY_DEM_BUILD_JOBS:-$(nproc)}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)

if [ -e "$cache/COMPLETE" ]; then
  echo "host LAMMPS: reusing $cache"
  exit 0
fi

log() { echo "host LAMMPS: $*"; }

# 1. Source: apt-get source unpacks into the current folder as lammps-<version>/.
if [ ! -e "$cache/source/src/lammps.h" ]; then
  rm -rf "$cache/fetch" "$cache/source"
  mkdir -p "$cache/fetch"
  log "fetching the Debian source package lammps"
  (cd "$cache/fetch" && apt-get source -q lammps) || {
    echo "host LAMMPS: 'apt-get source lammps' failed. Enable Debian's source index" \
         "(tools/install-debian-deps.sh does this) or point the build at your own LAMMPS" \
         "with -DLAMMPS_SOURCE_DIR=... -DLAMMPS_BINARY=..." >&2
    exit 1
  }
  srcdir=$(find "$cache/fetch" -mindepth 1 -maxdepth 1 -type d -name 'lammps-*' | head -n 1)
  [ -n "$srcdir" ] && [ -e "$srcdir/src/lammps.h" ] || { echo "host LAMMPS: no source tree after apt-get source" >&2; exit 1; }
  mv "$srcdir" "$cache/source"
  rm -rf "$cache/fetch"
fi

grep -q '29 Sep 2021' "$cache/source/src/version.h" || {
  echo "host LAMMPS: expected the 29 Sep 2021 stable release, found: $(cat "$cache/source/src/version.h")" >&2
  exit 1
}

# 2. Configure and build. The option list is mirrored in the cache folder's
#    name (cmake/HostLAMMPS.cmake), so a change of options gets a new cache.
log "configuring (BODY GRANULAR MOLECULE OPENMP PLUGIN, MPI, OpenMP, shared, exceptions, PNG, JPEG)"
cmake -S "$cache/source/cmake" -B "$cache/build" \
  -D CMAKE_BUILD_TYPE=Release \
  -D CMAKE_INSTALL_PREFIX="$cache/install" \
  -D CMAKE_INSTALL_LIBDIR=lib \
  -D CMAKE_INSTALL_RPATH="$cache/install/lib" -D CMAKE_INSTALL_RPATH_USE_LINK_PATH=on \
  -D BUILD_SHARED_LIBS=on \
  -D BUILD_MPI=on -D BUILD_OMP=on \
  -D LAMMPS_EXCEPTIONS=on \
  -D WITH_PNG=on -D WITH_JPEG=on -D WITH_GZIP=on -D WITH_FFMPEG=off \
  -D PKG_BODY=on -D PKG_GRANULAR=on -D PKG_MOLECULE=on -D PKG_OPENMP=on -D PKG_PLUGIN=on \
  -D BUILD_TOOLS=off -D BUILD_LAMMPS_SHELL=off -D ENABLE_TESTING=off \
  -D FFT=KISS >"$cache/configure.log" 2>&1 || { tail -n 40 "$cache/configure.log" >&2; exit 1; }

log "compiling with $jobs jobs (about 6 minutes on 2 cores); log in $cache/build.log"
cmake --build "$cache/build" -j "$jobs" >"$cache/build.log" 2>&1 || { tail -n 40 "$cache/build.log" >&2; exit 1; }
cmake --install "$cache/build" >>"$cache/build.log" 2>&1 || { tail -n 40 "$cache/build.log" >&2; exit 1; }

# The installed lmp must load this library, never a system liblammps
# (Debian's own `lammps` package installs one without PLUGIN).
help=$("$cache/install/bin/lmp" -h) || true
grep -q '^PLUGIN\| PLUGIN' <<<"$help" || {
  echo "host LAMMPS: the installed lmp does not report the PLUGIN package; check its RUNPATH" >&2
  exit 1
}

date -u +%FT%TZ >"$cache/COMPLETE"
log "ready in $cache"
