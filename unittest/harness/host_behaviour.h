// What the tests expect of the host LAMMPS where its releases behave
// differently. The suite runs against LAMMPS 29 Sep 2021 and 4 Feb 2025
// (README); BODY_DEM_HOST_VERSION_NUMBER (yyyymmdd) comes from CMake. The
// package's own rules are the same on every host: only what the host does
// before or around them differs. Releases between the two are not tested;
// they are taken to behave like the 2025 one.
#ifndef BODY_DEM_TEST_HOST_BEHAVIOUR_H
#define BODY_DEM_TEST_HOST_BEHAVIOUR_H

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

}    // namespace body_dem_test

#endif
