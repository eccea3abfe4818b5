// The variants' equivalence to the serial styles (TESTING.md layer 5):
// what the tests of the /omp and the Kokkos variants share.
#ifndef BODY_DEM_TEST_VARIANT_EQUIVALENCE_H
#define BODY_DEM_TEST_VARIANT_EQUIVALENCE_H

#include "lammps_session.h"

#include <mpi.h>

#include <string>
#include <vector>

namespace body_dem_test {

struct Snapshot {
  std::string pair_style;
  std::vector<double> x, v, angmom;
  double work_ja = 0, work_diss = 0;
  double work_weights = 0;    // 3d styles (their third extra quantity)
  double pe = 0, press = 0;
  std::vector<double> per_atom_sums;    // energy, stress xx, yy, xy summed over atoms
};

// The cases, each a shortened example of the package: the 2d gas without
// and with history (per-atom energy and virial tallied at the thermo
// steps), the 2d pour with walls, the polyhedron gas, the granular heap,
// the adhesive cubes.
enum class Case { gas, gas_history, pour, polyhedron_gas, granular_heap, adhesive_cubes };

// The input of the 2d pour (case pour) for `steps` steps: 80 squares and
// pentagons onto a floor between side walls, with history.
std::string polygon_pour_input(int steps);

// Runs case c on comm with the command-line arguments args (e.g. -sf omp).
Snapshot run_case(MPI_Comm comm, Case c, const std::vector<std::string> &args);

// The serial style on rank 0 alone, known to every rank.
Snapshot serial_reference(Case c);

// Expects the variant's snapshot (its style ending in suffix) to equal
// the serial one to round-off.
void expect_same(const Snapshot &variant, Snapshot serial, const std::string &what, const std::string &suffix);

// Loads the plugin into `s` and runs an input written for the serial
// style: the example gas (polygon_gas_setup()) with pair_style
// body/rounded/polygon with history, its pair_coeff and compute wp, and
// `run 0`. A suffix given to the session must pick the variant from it.
void run_unchanged_gas_input(LammpsSession &s);

}    // namespace body_dem_test

// The equivalence tests of a variant, one per case, in the test suite
// `suite`: each calls check(case, its name), which runs the case with the
// variant and expects the serial style's results (run_case,
// serial_reference and expect_same above).
#define BODY_DEM_VARIANT_EQUIVALENCE_TESTS(suite, check)                                                             \
  TEST(suite, PolygonGasWithoutHistory) { check(body_dem_test::Case::gas, "gas"); }                                  \
  TEST(suite, PolygonGasWithHistoryAndCohesion) { check(body_dem_test::Case::gas_history, "gas with history"); }     \
  TEST(suite, PolygonPourWithWallsAndHistory) { check(body_dem_test::Case::pour, "pour"); }                          \
  TEST(suite, PolyhedronGasWithHistoryAndCohesion) { check(body_dem_test::Case::polyhedron_gas, "polyhedron gas"); } \
  TEST(suite, GranularHeapWithWalls) { check(body_dem_test::Case::granular_heap, "granular heap"); }                 \
  TEST(suite, AdhesiveCubesWithTangentialAdhesion) { check(body_dem_test::Case::adhesive_cubes, "adhesive cubes"); }

#endif
