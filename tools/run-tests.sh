#!/usr/bin/env bash
# README's second command: builds everything (as tools/build.sh) and runs
# the whole test suite with ctest. Exits non-zero when any test fails.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BODY_DEM_BUILD_DIR:-$here/build}
"$here/tools/build.sh" "$@"
cd "$build"
ctest --output-on-failure --timeout 900
