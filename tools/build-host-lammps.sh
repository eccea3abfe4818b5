#!/usr/bin/env bash
# Builds a host LAMMPS once and keeps it in a cache folder outside the
# checkout, which later builds reuse.
#
#   tools/build-host-lammps.sh CACHE_DIR [HOST [DEBIAN_VERSION]]
#   tools/build-host-lammps.sh --resolve HOST CACHE_ROOT OPTIONS
#
# HOST names the release (default: stable2021):
#   stable2021  LAMMPS 29 Sep 2021 (stable, update 2): Debian 12's source
#               package `lammps` (20220106.git7586adbb6a+ds1)
#   2025        LAMMPS 4 Feb 2025: Debian 13's (trixie) source package
#               `lammps` (20250204+dfsg.1), reachable from Debian 12 through
#               the deb-src entry for trixie that tools/install-debian-deps.sh
#               adds
#   2026        the newest LAMMPS of 2026 or later that Debian's source index
#               offers (4 Jul 2026, 20260704+dfsg, in sid and forky when this
#               was written), reachable through the deb-src entry for the
#               unstable suites that tools/install-debian-deps.sh adds.
#               Debian replaces unstable packages without notice, so the
#               release is not fixed: --resolve finds it (DEBIAN_VERSION is
#               then the source version to fetch).
#
# --resolve prints one line, tab-separated: the release's name in cache
# folder names (e.g. 4Jul2026), the Debian source version to fetch ("cached"
# when the index offers none but CACHE_ROOT holds a complete build of such a
# release), and the release as version.h spells it (e.g. "4 Jul 2026"). It
# fails with a message saying what to enable when there is neither.
#
# CACHE_DIR receives:
#   source/   the unpacked source (its src/ headers are what the plugin
#             compiles against)
#   build/    the host's CMake build tree
#   install/  bin/lmp, lib/liblammps.so and the host's CMake package files
#   COMPLETE  written last; its presence means the cache is usable
set -euo pipefail

months=(Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec)

# The newest release of 2026 or later: from the source index when it has
# one, else the newest complete build of one under the cache root.
resolve_unstable() {
  local root=$1 options=$2 best="" v date
  while read -r v; do
    date=${v:0:8}
    [[ "$date" =~ ^20[0-9]{6}$ ]] || continue
    [ "$date" -ge 20260101 ] || continue
    if [ -z "$best" ] || dpkg --compare-versions "$v" gt "$best"; then best=$v; fi
  done < <(apt-cache showsrc lammps 2>/dev/null | awk '/^Version:/ { print $2 }')
  if [ -n "$best" ]; then
    date=${best:0:8}
    printf '%s\t%s\t%s\n' "$((10#${date:6:2}))${months[$((10#${date:4:2} - 1))]}${date:0:4}" "$best" \
      "$((10#${date:6:2})) ${months[$((10#${date:4:2} - 1))]} ${date:0:4}"
    return 0
  fi
  # No such release in the index (e.g. offline): the newest cached one.
  local dir name day mon year m key bestkey=0 bestname=""
  for dir in "$root"/lammps-*-"$options"; do
    [ -e "$dir/COMPLETE" ] || continue
    name=${dir#"$root"/lammps-}
    name=${name%-"$options"}
    [[ "$name" =~ ^([0-9]{1,2})([A-Z][a-z]{2})(20[0-9]{2})$ ]] || continue
    day=${BASH_REMATCH[1]} mon=${BASH_REMATCH[2]} year=${BASH_REMATCH[3]}
    [ "$year" -ge 2026 ] || continue
    for m in "${!months[@]}"; do [ "${months[$m]}" = "$mon" ] && break; done
    key=$((year * 10000 + (m + 1) * 100 + day))
    if [ "$key" -gt "$bestkey" ]; then bestkey=$key; bestname=$name; fi
  done
  if [ -n "$bestname" ]; then
    [[ "$bestname" =~ ^([0-9]{1,2})([A-Z][a-z]{2})(20[0-9]{2})$ ]]
    printf '%s\tcached\t%s\n' "$bestname" "${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${BASH_REMATCH[3]}"
    return 0
  fi
  echo "host LAMMPS: Debian's source index offers no LAMMPS of 2026 or later, and no such host is cached" \
       "in $root. Enable the source index of Debian's unstable suites (sid, forky): run" \
       "tools/install-debian-deps.sh as root, which adds it and runs apt-get update; or point the" \
       "build at your own LAMMPS with -DLAMMPS_SOURCE_DIR=... -DLAMMPS_BINARY=..." >&2
  return 1
}

if [ "${1:-}" = "--resolve" ]; then
  [ $# -eq 4 ] || { echo "usage: build-host-lammps.sh --resolve HOST CACHE_ROOT OPTIONS" >&2; exit 2; }
  case "$2" in
    2026) resolve_unstable "$3" "$4"; exit $? ;;
    *) echo "host LAMMPS: --resolve knows host 2026 only (the others are fixed releases)" >&2; exit 2 ;;
  esac
fi

cache=${1:?usage: build-host-lammps.sh CACHE_DIR [stable2021|2025|2026 [DEBIAN_VERSION]]}
host=${2:-stable2021}
jobs=${BODY_DEM_BUILD_JOBS:-$(nproc)}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
if [ -e "$cache/COMPLETE" ]; then
  echo "host LAMMPS: reusing $cache ($(sed -n 's/.*LAMMPS_VERSION "\(.*\)".*/LAMMPS \1/p' "$cache/source/src/version.h"))"
  exit 0
fi
case "$host" in
  stable2021)
    suite=bookworm
    source_version='20220106.git7586adbb6a+ds1'
    version_text='29 Sep 2021'
    ;;
  2025)
    suite=trixie
    source_version='20250204+dfsg.1'
    version_text='4 Feb 2025'
    ;;
  2026)
    suite='sid/forky'
    source_version=${3:-}
    if [ -z "$source_version" ] || [ "$source_version" = cached ]; then
      # Not given (a call by hand): the newest in the index.
      line=$(resolve_unstable "$(dirname "$cache")" "-") || exit 1
      source_version=$(cut -f2 <<<"$line")
    fi
    date=${source_version:0:8}
    version_text="$((10#${date:6:2})) ${months[$((10#${date:4:2} - 1))]} ${date:0:4}"
    ;;
  *)
    echo "host LAMMPS: unknown host '$host' (expected stable2021, 2025 or 2026)" >&2
    exit 1
    ;;
esac

log() { echo "host LAMMPS ($host): $*"; }

# 1. Source. `apt-get source lammps/<suite>` downloads the .dsc, the
#    upstream (orig) tarball and Debian's packaging. The package's build
#    uses the upstream tree as it is, so only the orig tarball is needed:
#    it is downloaded with --download-only (which does not stop at a .dsc
#    that the archive lacks, as happened for trixie) and unpacked here.
#    apt checks each file it downloads against the hashes of the signed
#    source index.
if [ ! -e "$cache/source/src/lammps.h" ]; then
  rm -rf "$cache/fetch" "$cache/source"
  mkdir -p "$cache/fetch"
  # By version, not by suite: "lammps/trixie" would be resolved through the
  # binary package of that suite, whose index a machine with only trixie's
  # source entry does not have.
  version=$(apt-cache showsrc lammps 2>/dev/null | awk '/^Version:/ { print $2 }' |
            grep -F "$source_version" | head -n 1 || true)
  log "fetching the Debian source package lammps ${version:-$source_version} (suite $suite)"
  if [ -n "$version" ]; then
    (cd "$cache/fetch" && apt-get source --download-only -q "lammps=$version") || true
  fi
  orig=$(find "$cache/fetch" -maxdepth 1 -name 'lammps_*.orig.tar.*' | head -n 1)
  if [ -z "$orig" ]; then
    echo "host LAMMPS: 'apt-get source --download-only lammps=$source_version*' brought no upstream tarball." \
         "Enable Debian's source index for suite $suite (tools/install-debian-deps.sh does this)" \
         "or point the build at your own LAMMPS with -DLAMMPS_SOURCE_DIR=... -DLAMMPS_BINARY=..." >&2
    exit 1
  fi
  log "unpacking $(basename "$orig")"
  mkdir -p "$cache/fetch/tree"
  tar -xf "$orig" -C "$cache/fetch/tree"
  srcdir=$(dirname "$(find "$cache/fetch/tree" -maxdepth 3 -path '*/src/lammps.h' | head -n 1)")
  srcdir=$(dirname "$srcdir")
  [ -e "$srcdir/src/lammps.h" ] || { echo "host LAMMPS: no source tree in $orig" >&2; exit 1; }
  mv "$srcdir" "$cache/source"
  rm -rf "$cache/fetch"
fi

grep -q "$version_text" "$cache/source/src/version.h" || {
  echo "host LAMMPS: expected the release of $version_text, found: $(cat "$cache/source/src/version.h")" >&2
  exit 1
}

# 2. Configure and build. The option list is mirrored in the cache folder's
#    name (cmake/HostLAMMPS.cmake), so a change of options gets a new cache.
log "configuring (BODY GRANULAR MOLECULE OPENMP PLUGIN RIGID, MPI, OpenMP, shared, exceptions, PNG, JPEG)"
# LAMMPS_EXCEPTIONS is a switch in 2021 and always on since 2023; naming it
# for the newer host is harmless (CMake warns of an unused variable).
cmake -S "$cache/source/cmake" -B "$cache/build" \
  -D CMAKE_BUILD_TYPE=Release \
  -D CMAKE_INSTALL_PREFIX="$cache/install" \
  -D CMAKE_INSTALL_LIBDIR=lib \
  -D CMAKE_INSTALL_RPATH="$cache/install/lib" -D CMAKE_INSTALL_RPATH_USE_LINK_PATH=on \
  -D BUILD_SHARED_LIBS=on \
  -D BUILD_MPI=on -D BUILD_OMP=on \
  -D LAMMPS_EXCEPTIONS=on \
  -D WITH_PNG=on -D WITH_JPEG=on -D WITH_GZIP=on -D WITH_FFMPEG=off \
  -D PKG_BODY=on -D PKG_GRANULAR=on -D PKG_MOLECULE=on -D PKG_OPENMP=on -D PKG_PLUGIN=on -D PKG_RIGID=on \
  -D BUILD_TOOLS=off -D BUILD_LAMMPS_SHELL=off -D BUILD_LAMMPS_GUI=off -D ENABLE_TESTING=off \
  -D FFT=KISS >"$cache/configure.log" 2>&1 || { tail -n 40 "$cache/configure.log" >&2; exit 1; }

log "compiling with $jobs jobs (6-10 minutes on 2 cores); log in $cache/build.log"
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
