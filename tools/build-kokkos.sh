#!/usr/bin/env bash
# Builds Kokkos once, for the optional Kokkos variants of the styles
# (-DBODY_DEM_KOKKOS=ON), and keeps it in a cache folder outside the
# checkout, which later builds reuse (as tools/build-host-lammps.sh does for
# the host LAMMPS).
#
#   tools/build-kokkos.sh CACHE_DIR [--cuda ARCH]
#
# --cuda ARCH: the CUDA backend (with OpenMP on the host) for NVIDIA GPUs
# of Kokkos architecture ARCH (Kokkos 3.4's names: AMPERE80 for A100, and
# for H100/H200 too, which run its sm_80 code through the PTX that nvcc
# embeds; VOLTA70, TURING75, AMPERE86). Needs nvcc (CUDA 11 to 13) on PATH
# or in /usr/local/cuda/bin. The plugin must then be compiled with the
# nvcc_wrapper installed in CACHE_DIR/install/bin (tools/device-check.sh).
#
# The source is Debian 12's source package `trilinos` (13.2.0-4), whose
# upstream tarball carries Kokkos 3.4.01 in packages/kokkos. Debian ships no
# Kokkos package of its own, and the tarball is reachable through the same
# deb-src entry as the host LAMMPS (tools/install-debian-deps.sh adds it).
# Kokkos is built standalone with the OpenMP and Serial backends, as shared
# libraries, in C++17 (the plugin's standard, so that Kokkos' configuration
# header and the plugin agree on it).
#
# CACHE_DIR receives:
#   install/  include/, lib/libkokkoscore.so and friends, lib/cmake/Kokkos
#   configure.log, build.log
#   COMPLETE  written last; its presence means the cache is usable
# The download, the unpacked source and the build tree (fetch/) are
# deleted once Kokkos is installed: only install/ is used afterwards.
set -euo pipefail

cache=${1:?usage: build-kokkos.sh CACHE_DIR [--cuda ARCH]}
cuda_arch=''
if [ "${2:-}" = --cuda ]; then
  cuda_arch=${3:?usage: build-kokkos.sh CACHE_DIR --cuda ARCH (e.g. AMPERE80)}
  case "$cuda_arch" in
    VOLTA70) sm=sm_70 ;; VOLTA72) sm=sm_72 ;; TURING75) sm=sm_75 ;; AMPERE80) sm=sm_80 ;; AMPERE86) sm=sm_86 ;;
    *) echo "Kokkos: --cuda $cuda_arch: expected one of VOLTA70 VOLTA72 TURING75 AMPERE80 AMPERE86" \
            "(Kokkos 3.4's architectures; AMPERE80 also serves H100 and H200)" >&2; exit 1 ;;
  esac
  command -v nvcc >/dev/null || PATH=/usr/local/cuda/bin:$PATH
  command -v nvcc >/dev/null || { echo "Kokkos: --cuda needs nvcc (the CUDA toolkit) on PATH" >&2; exit 1; }
elif [ -n "${2:-}" ]; then
  echo "Kokkos: unknown argument '$2'; usage: build-kokkos.sh CACHE_DIR [--cuda ARCH]" >&2
  exit 1
fi
jobs=${BODY_DEM_BUILD_JOBS:-$(nproc)}
source_version='13.2.0-4'
kokkos_version='3.4.01'
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)

if [ -e "$cache/COMPLETE" ]; then
  echo "Kokkos: reusing $cache"
  exit 0
fi

log() { echo "Kokkos $kokkos_version: $*"; }

# 1. Source. Only the upstream (orig) tarball is needed; --download-only
#    fetches it without unpacking or patching the whole of Trilinos. (Of
#    Debian's patches, the one on packages/kokkos only drops test
#    declarations of Trilinos' own build; a standalone build without tests
#    does not need it.) apt checks each file it downloads against the hashes
#    of the signed source index.
rm -rf "$cache/fetch" "$cache/install"
mkdir -p "$cache/fetch"
# By exact version: trixie's source entry (added for the 2025 host) offers
# a newer trilinos too, with another Kokkos.
version=$(apt-cache showsrc trilinos 2>/dev/null | awk '/^Version:/ { print $2 }' |
          grep -Fx "$source_version" | head -n 1 || true)
log "fetching the Debian source package trilinos ${version:-$source_version} (suite bookworm)"
if [ -n "$version" ]; then
  (cd "$cache/fetch" && apt-get source --download-only -q "trilinos=$version") >"$cache/fetch.log" 2>&1 || true
fi
orig=$(find "$cache/fetch" -maxdepth 1 -name 'trilinos_*.orig.tar.*' | head -n 1)
if [ -z "$orig" ]; then
  [ -e "$cache/fetch.log" ] && tail -n 5 "$cache/fetch.log" >&2
  echo "Kokkos: 'apt-get source --download-only trilinos=$source_version' brought no upstream tarball." \
       "Enable Debian's source index for suite bookworm (tools/install-debian-deps.sh does this)" \
       "or point the build at your own Kokkos with -DKokkos_ROOT=..." >&2
  exit 1
fi

# The tarball holds all of Trilinos (about 160 MB); Kokkos is a few MB of it.
log "unpacking packages/kokkos from $(basename "$orig")"
mkdir -p "$cache/fetch/tree"
tar -xzf "$orig" -C "$cache/fetch/tree" --wildcards '*/packages/kokkos/*'
srcdir=$(dirname "$(find "$cache/fetch/tree" -maxdepth 4 -path '*/packages/kokkos/CMakeLists.txt' | head -n 1)")
[ -e "$srcdir/CMakeLists.txt" ] || { echo "Kokkos: no packages/kokkos in $orig" >&2; exit 1; }
found=$(awk '/set\(Kokkos_VERSION_(MAJOR|MINOR|PATCH)/ { sub(/\)/, "", $2); v = v (v == "" ? "" : ".") $2 }
             END { print v }' "$srcdir/CMakeLists.txt")
[ "$found" = "$kokkos_version" ] || {
  echo "Kokkos: expected Kokkos $kokkos_version in $orig, found '$found'" >&2
  exit 1
}

# 2. Configure, build, install. The backends are mirrored in the cache
#    folder's name (cmake/Kokkos.cmake), so other backends get a new cache.
backend_flags=(-D Kokkos_ENABLE_OPENMP=ON -D Kokkos_ENABLE_SERIAL=ON)
backends='OpenMP and Serial'
if [ -n "$cuda_arch" ]; then
  backends="CUDA ($cuda_arch) and OpenMP"
  # Kokkos 3.4 predates CUDA 13. Two spots of it do not compile there, and
  # neither is used by the package: the half-precision type (CUDA 13
  # dropped conversions it relies on; Kokkos then falls back to its own
  # half_t) and the managed-memory prefetch, whose call changed its
  # arguments in CUDA 13 (given here in CUDA 13's form).
  half="$srcdir/core/src/Cuda/Kokkos_Cuda_Half.hpp"
  if grep -q '^#if !(defined(KOKKOS_COMPILER_CLANG) && KOKKOS_COMPILER_CLANG < 900) && \\$' "$half"; then
    sed -i 's/^#if !(defined(KOKKOS_COMPILER_CLANG) && KOKKOS_COMPILER_CLANG < 900) && \\$/#if !(defined(__CUDACC_VER_MAJOR__) \&\& __CUDACC_VER_MAJOR__ >= 13) \&\& !(defined(KOKKOS_COMPILER_CLANG) \&\& KOKKOS_COMPILER_CLANG < 900) \&\& \\/' "$half"
  fi
  python3 - "$srcdir/core/src/Cuda/Kokkos_CudaSpace.cpp" <<'PYEOF'
import sys
path = sys.argv[1]
text = open(path).read()
call = "cudaMemPrefetchAsync(ptr, bytes, space.cuda_device(),"
if call in text and "CUDA_VERSION >= 13000" not in text:
    start = text.index("    CUDA_SAFE_CALL(" + call)
    end = text.index(";", start) + 1
    old = text[start:end]
    new = ("#if CUDA_VERSION >= 13000\n"
           "    cudaMemLocation location = {};\n"
           "    location.type = cudaMemLocationTypeDevice;\n"
           "    location.id = space.cuda_device();\n"
           "    CUDA_SAFE_CALL(cudaMemPrefetchAsync(ptr, bytes, location, 0, space.cuda_stream()));\n"
           "#else\n" + old + "\n#endif")
    open(path, "w").write(text[:start] + new + text[end:])
PYEOF
  # nvcc_wrapper compiles for sm_35 unless told otherwise, which CUDA 12
  # and later no longer know.
  sed -i "s/^default_arch=\"sm_[0-9]*\"/default_arch=\"$sm\"/" "$srcdir/bin/nvcc_wrapper"
  backend_flags=(-D Kokkos_ENABLE_CUDA=ON -D Kokkos_ENABLE_CUDA_LAMBDA=ON -D "Kokkos_ARCH_$cuda_arch=ON"
                 -D Kokkos_ENABLE_OPENMP=ON -D CMAKE_CXX_COMPILER="$srcdir/bin/nvcc_wrapper")
fi
log "configuring ($backends backends, shared, C++17, Release)"
cmake -S "$srcdir" -B "$cache/fetch/build" \
  -D CMAKE_BUILD_TYPE=Release \
  -D CMAKE_INSTALL_PREFIX="$cache/install" \
  -D CMAKE_INSTALL_LIBDIR=lib \
  -D BUILD_SHARED_LIBS=ON \
  -D CMAKE_POSITION_INDEPENDENT_CODE=ON \
  -D CMAKE_CXX_STANDARD=17 \
  "${backend_flags[@]}" >"$cache/configure.log" 2>&1 ||
  { tail -n 40 "$cache/configure.log" >&2; exit 1; }

log "compiling with $jobs jobs (about 15 s on 2 cores); log in $cache/build.log"
cmake --build "$cache/fetch/build" -j "$jobs" >"$cache/build.log" 2>&1 || { tail -n 40 "$cache/build.log" >&2; exit 1; }
cmake --install "$cache/fetch/build" >>"$cache/build.log" 2>&1 || { tail -n 40 "$cache/build.log" >&2; exit 1; }
[ -e "$cache/install/lib/cmake/Kokkos/KokkosConfig.cmake" ] || {
  echo "Kokkos: the install left no lib/cmake/Kokkos/KokkosConfig.cmake in $cache/install; see $cache/build.log" >&2
  exit 1
}

rm -rf "$cache/fetch" "$cache/fetch.log"
date -u +%FT%TZ >"$cache/COMPLETE"
log "ready in $cache"
