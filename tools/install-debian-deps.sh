#!/usr/bin/env bash
# Installs, from Debian's archive, everything the package's build, tests,
# examples and benchmarks need, and enables Debian's source index so that
# the host LAMMPS can be fetched with `apt-get source lammps` (and Kokkos,
# for the optional Kokkos variants, with `apt-get source trilinos`; its
# build needs nothing beyond cmake and g++ from the list below).
#
# The deb-src entry is derived from the machine's own apt entries (the same
# URIs and suites, with "Types: deb-src"), so no archive host is named here.
# Run as root (or through sudo). Safe to run again: it only adds what is missing.
set -euo pipefail

if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then exec sudo -E "$0" "$@"; fi
  echo "install-debian-deps.sh: must run as root (or with sudo)" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive

packages=(
  build-essential cmake pkg-config git ca-certificates dpkg-dev
  openmpi-bin libopenmpi-dev
  googletest libgtest-dev libgmock-dev
  libpng-dev libjpeg-dev zlib1g-dev
  python3 python3-numpy python3-matplotlib
  time
  libeigen3-dev nlohmann-json3-dev
  lammps
)

# 1. Source index: add a deb-src twin of every enabled deb entry, once.
src_list=/etc/apt/sources.list.d/body-plugin-deb-src.sources
if ! grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/; then
  tmp=$(mktemp)
  # deb822 files: copy each stanza whose Types includes "deb", as deb-src.
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -e "$f" ] || continue
    case "$f" in *.disabled*) continue ;; esac
    awk 'BEGIN { RS = ""; ORS = "\n\n" }
         /(^|\n)Types:[^\n]*(^|[ \t])deb([ \t]|\n|$)/ && $0 !~ /(^|\n)Enabled: *no/ {
           gsub(/(^|\n)Types:[^\n]*/, "\nTypes: deb-src"); sub(/^\n/, ""); print }' "$f" >>"$tmp"
  done
  # one-line format files.
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -e "$f" ] || continue
    grep -E '^deb ' "$f" | sed 's/^deb /deb-src /' >>"$tmp.list" || true
  done
  if [ -s "$tmp" ]; then mv "$tmp" "$src_list"; else rm -f "$tmp"; fi
  if [ -s "$tmp.list" ]; then mv "$tmp.list" "${src_list%.sources}.list"; else rm -f "$tmp.list"; fi
fi

# 1b. The sources of the newer hosts: LAMMPS 4 Feb 2025 (Debian 13,
#     suite trixie) and the 2026 host (the unstable suites sid and forky,
#     which ship LAMMPS 4 Jul 2026 and replace it without notice). One
#     deb-src entry each, on the URIs of this machine's entry for its own
#     release (the one whose suite is the release's code name), added once.
#     Only source packages come from them; nothing installed changes.
codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
release_uris() {
  local uris="" f
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -e "$f" ] || continue
    case "$(basename "$f")" in body-plugin-*) continue ;; esac
    uris+=$(awk -v cn="$codename" 'BEGIN { RS = ""; FS = "\n" }
      { u = ""; ok = 0
        for (i = 1; i <= NF; i++) {
          if ($i ~ /^URIs:/) { u = $i; sub(/^URIs:[ \t]*/, "", u) }
          if ($i ~ /^Suites:/) { n = split($i, w, /[ \t]+/); for (k = 2; k <= n; k++) if (w[k] == cn) ok = 1 }
        }
        if (ok && u != "") print u }' "$f")
    uris+=" "
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -e "$f" ] || continue
    uris+=$(awk -v cn="$codename" '$1 ~ /^deb(-src)?$/ {
      i = 2; if ($2 ~ /^\[/) { while ($i !~ /\]$/) i++; i++ }
      if ($(i + 1) == cn) print $i }' "$f")
    uris+=" "
  done
  tr ' ' '\n' <<<"$uris" | grep -v '^$' | sort -u | tr '\n' ' '
}
add_source_suites() {    # FILE "SUITES" WHAT
  local list=$1 suites=$2 what=$3 uris keyring=/usr/share/keyrings/debian-archive-keyring.gpg
  [ -e "$list" ] && return 0
  uris=$(release_uris)
  if [ -z "${uris// /}" ]; then
    echo "install-debian-deps.sh: no apt entry for '$codename' found; $what (suites $suites)" \
         "will not be reachable" >&2
    return 0
  fi
  {
    echo "Types: deb-src"
    echo "URIs: $uris"
    echo "Suites: $suites"
    echo "Components: main"
    [ -e "$keyring" ] && echo "Signed-By: $keyring"
  } >"$list"
  rm -f /var/lib/apt/lists/.body-plugin-src-index
}
if [ -n "$codename" ] && [ "$codename" != trixie ]; then
  add_source_suites /etc/apt/sources.list.d/body-plugin-trixie-src.sources trixie "the 2025 host's source"
fi
if [ -n "$codename" ] && [ "$codename" != sid ] && [ "$codename" != forky ]; then
  add_source_suites /etc/apt/sources.list.d/body-plugin-unstable-src.sources "sid forky" "the 2026 host's source"
fi

# 2. Packages, with one index refresh only when something is missing or the
#    source index was just added.
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
stamp=/var/lib/apt/lists/.body-plugin-src-index
if [ ${#missing[@]} -gt 0 ] || [ ! -e "$stamp" ]; then
  apt-get update -q
  touch "$stamp"
fi
if [ ${#missing[@]} -gt 0 ]; then
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
echo "install-debian-deps.sh: system packages ready"
