// What the tests expect of the host LAMMPS where its releases behave
// differently. The suite runs against LAMMPS 29 Sep 2021, 4 Feb 2025 and
// 4 Jul 2026 (README); BODY_DEM_HOST_VERSION_NUMBER (yyyymmdd) comes from
// CMake. The package's own rules are the same on every host: only what the
// host does before or around them differs. Releases between those are not
// tested; they are taken to behave like the next newer tested one, except
// where the release that changed the behaviour is known (below).
#ifndef BODY_DEM_TEST_HOST_BEHAVIOUR_H
#define BODY_DEM_TEST_HOST_BEHAVIOUR_H

#include <string>

namespace body_dem_test {

constexpr int kHostVersion = BODY_DEM_HOST_VERSION_NUMBER;
constexpr bool kHost2021 = kHostVersion < 20220000;

// "pair_coeff 2 1 ...": the 2025 host swaps two plain type numbers given
// in decreasing order before the pair style sees them; the 2021 host
// passes them on, and the package's styles refuse the empty set of pairs.
constexpr bool kHostReordersPairCoeffTypes = !kHost2021;

// The host's own error for pair_coeff before pair_style.
inline const char *pair_coeff_without_pair_style_error()
{
  return kHost2021 ? "Pair_coeff command before pair_style is defined" : "Pair_coeff command without a pair style";
}

// compute reduce of local values (e.g. the columns of compute
// body/contact/local): from LAMMPS 21 Nov 2023 on (the host's
// doc/src/compute_reduce.rst, "versionadded"), its inputs are per-atom
// values unless the keyword `inputs local` says otherwise, and local
// inputs without it end in "does not calculate per-atom values"; before,
// the command took local inputs as they came and knew no such keyword
// ("Illegal compute reduce command").
constexpr bool kHostReduceNeedsInputsLocal = kHostVersion >= 20231121;

// "compute <id> <group> reduce <mode> <inputs>" for local inputs, in the
// form this host takes.
inline std::string reduce_local_command(const std::string &id, const std::string &group, const std::string &mode,
                                        const std::string &inputs)
{
  return "compute " + id + " " + group + " reduce " + mode + " " + inputs +
      (kHostReduceNeedsInputsLocal ? " inputs local" : "");
}

}    // namespace body_dem_test

#endif
