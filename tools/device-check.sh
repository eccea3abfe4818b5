#!/usr/bin/env bash
# The device check of the Kokkos variants: their build with a CUDA Kokkos,
# and on a machine with an NVIDIA GPU their tests and the benchmark of the
# 100,800-body heap with the pair loop on the GPU.
#
#   tools/device-check.sh [--arch ARCH] [--build-only] [--out DIR]
#
#   --arch ARCH    Kokkos 3.4's name of the GPU's architecture (default
#                  AMPERE80: A100, and H100/H200 through the PTX nvcc
#                  embeds; tools/build-kokkos.sh lists the others)
#   --build-only   build, do not run (a machine without a GPU: this checks
#                  that the package compiles for the device)
#   --out DIR      where the logs go (default build-cuda/device-check)
#
# Needs what tools/build.sh needs (tools/install-debian-deps.sh installs
# it) and nvcc (CUDA 11 to 13) on PATH or in /usr/local/cuda/bin.
#
# Steps:
#  1. Kokkos 3.4.01 with the CUDA and OpenMP backends, built once from
#     Debian's source package into the cache folder (tools/build-kokkos.sh
#     --cuda ARCH), beside the host LAMMPS.
#  2. The plugin with -DBODY_DEM_KOKKOS=ON against that Kokkos, compiled
#     by its nvcc_wrapper, in build-cuda/ (the host LAMMPS from the cache).
#  3. On the GPU:
#     a. test_device_kernels: each style's per-pair function and each
#        wall's per-body function in a kernel on the GPU against the same
#        call on the host;
#     b. test_kokkos_variants with the pair loop on the GPU (the default of
#        a CUDA build): the serial styles' results, restart, energy balance;
#     c. bench group `device`: the 100,800-body heap, Kokkos variants with
#        the pair loop on the GPU against the /omp variants on all cores,
#        and the potential energy of both after the run.
#     Exit status 0 when all three pass. The logs are in --out.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
arch=AMPERE80
build_only=0
out=''
while [ $# -gt 0 ]; do
  case "$1" in
    --arch) arch=${2:?--arch needs a Kokkos architecture, e.g. AMPERE80}; shift 2 ;;
    --build-only) build_only=1; shift ;;
    --out) out=${2:?--out needs a folder}; shift 2 ;;
    *) echo "device-check.sh: unknown argument '$1' (see the top of this script)" >&2; exit 2 ;;
  esac
done

command -v nvcc >/dev/null || PATH=/usr/local/cuda/bin:$PATH
command -v nvcc >/dev/null || { echo "device-check.sh: no nvcc (CUDA toolkit) on PATH or in /usr/local/cuda/bin" >&2; exit 1; }
build=${BODY_DEM_CUDA_BUILD_DIR:-$here/build-cuda}
out=${out:-$build/device-check}
cache=${BODY_DEM_CACHE_DIR:-$HOME/.cache/lammps-body-dem}
kokkos=$cache/kokkos-3.4.01-cuda-$arch-openmp
mkdir -p "$out"
echo "device-check.sh: nvcc $(nvcc --version | sed -n 's/.*release \([0-9.]*\).*/\1/p'), Kokkos in $kokkos, build in $build"

"$here/tools/install-debian-deps.sh"
bash "$here/tools/build-kokkos.sh" "$kokkos" --cuda "$arch"

# 2. Every translation unit of the plugin and the tests goes through
#    nvcc_wrapper (g++ for the host code), as Kokkos's CUDA backend needs.
cmake -S "$here" -B "$build" -D BODY_DEM_KOKKOS=ON -D Kokkos_ROOT="$kokkos/install" \
  -D CMAKE_CXX_COMPILER="$kokkos/install/bin/nvcc_wrapper" >"$out/configure.log" 2>&1 ||
  { tail -n 30 "$out/configure.log" >&2; exit 1; }
targets=(bodydemplugin test_device_kernels test_kokkos_variants)
echo "device-check.sh: compiling ${targets[*]} (nvcc; log in $out/build.log)"
cmake --build "$build" -j "$(nproc)" --target "${targets[@]}" >"$out/build.log" 2>&1 ||
  { grep -m 20 -B 2 -A 6 'error' "$out/build.log" >&2 || tail -n 40 "$out/build.log" >&2; exit 1; }
echo "device-check.sh: built"
[ $build_only -eq 0 ] || exit 0

# 3. On the GPU.
status=0
run() {    # name, command...: runs it with its output in $out/name.log
  local name=$1
  shift
  echo "device-check.sh: $name"
  if "$@" >"$out/$name.log" 2>&1; then
    echo "device-check.sh: $name passed"
  else
    echo "device-check.sh: $name FAILED (see $out/$name.log)"
    tail -n 30 "$out/$name.log"
    status=1
  fi
}
export OMP_PROC_BIND=false OMP_NUM_THREADS=${OMP_NUM_THREADS:-$(nproc)}
# through ctest, which gives the tests their environment (plugin, inputs)
run device_tests ctest --test-dir "$build" --output-on-failure -R '^(test_device_kernels|test_kokkos_variants)$'
run heap_bench python3 "$here/bench/run_benchmarks.py" --build "$build" --only device --repeat 3 --work "$out/bench-work"
grep -A 6 '^The device check' "$out/heap_bench.log" || true
exit $status
