#!/usr/bin/env bash
# How the build picks "the 2026 host" (tools/build-host-lammps.sh --resolve
# 2026), against a stand-in for Debian's source index: an apt-cache on PATH
# that prints the versions a test case gives (the real index changes
# without notice). Cases:
#   1. the newest release of 2026 or later wins, older ones are ignored,
#      and the cache folder is named after it;
#   2. no such release in the index, a complete cached build of one: the
#      newest cached one, marked "cached";
#   3. neither: a failure whose message says what to enable.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/cache"
options=opts
fail() { echo "FAIL: $*" >&2; exit 1; }

index() {    # the versions the stand-in index offers, one per argument
  {
    echo '#!/bin/sh'
    echo '[ "$1" = showsrc ] && [ "$2" = lammps ] || exit 1'
    for v in "$@"; do echo "echo 'Package: lammps'; echo 'Version: $v'; echo"; done
  } >"$work/bin/apt-cache"
  chmod +x "$work/bin/apt-cache"
}
resolve() { PATH="$work/bin:$PATH" bash "$here/tools/build-host-lammps.sh" --resolve 2026 "$work/cache" "$options"; }

# 1. newest of 2026 or later
index 20220106.git7586adbb6a+ds1-2 20250204+dfsg.1-2 20260704+dfsg-2 20261130+dfsg-1 20260704+dfsg-3
out=$(resolve) || fail "case 1 failed"
[ "$out" = "$(printf '30Nov2026\t20261130+dfsg-1\t30 Nov 2026')" ] || fail "case 1: got '$out'"
index 20260704+dfsg-2 20260704+dfsg-3 20250204+dfsg.1-2
out=$(resolve) || fail "case 1b failed"
[ "$out" = "$(printf '4Jul2026\t20260704+dfsg-3\t4 Jul 2026')" ] || fail "case 1b: got '$out'"

# 2. only the cache has one (the newest complete one; an incomplete one is not used)
index 20250204+dfsg.1-2
mkdir -p "$work/cache/lammps-4Jul2026-$options" "$work/cache/lammps-2Feb2027-$options" \
         "$work/cache/lammps-30Nov2026-$options" "$work/cache/lammps-4Feb2025-$options"
touch "$work/cache/lammps-4Jul2026-$options/COMPLETE" "$work/cache/lammps-30Nov2026-$options/COMPLETE" \
      "$work/cache/lammps-4Feb2025-$options/COMPLETE"
out=$(resolve) || fail "case 2 failed"
[ "$out" = "$(printf '30Nov2026\tcached\t30 Nov 2026')" ] || fail "case 2: got '$out'"

# 3. neither
rm -rf "$work/cache"/*
if err=$(resolve 2>&1); then fail "case 3 resolved to '$err'"; fi
grep -q "tools/install-debian-deps.sh" <<<"$err" || fail "case 3: the message does not say what to run: $err"
grep -q "sid, forky" <<<"$err" || fail "case 3: the message does not name the suites: $err"
echo "resolve 2026 host: 4 cases passed"
