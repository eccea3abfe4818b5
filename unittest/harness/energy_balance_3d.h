// The energy balance of a small 3d body gas (TESTING.md layer 4), shared
// by the tests of the 3d pair styles: KE (with rotation) + PE - W_ja -
// W_diss - W_w of the pair style - the work of the walls, sampled over a
// run.
#ifndef BODY_DEM_TEST_ENERGY_BALANCE_3D_H
#define BODY_DEM_TEST_ENERGY_BALANCE_3D_H

#include "polyhedron_data.h"

#include <string>
#include <vector>

namespace body_dem_test {

// 27 bodies on a 3 x 3 x 3 grid of spacing 1.6 about the origin: cubes
// (edge 0.8, rounded diameter 0.2) or spheres (diameter 1), mass 1,
// velocities uniform in [-1, 1] per component (fixed seed), not rotating.
// Their kinetic energy is 12.77. For a box of edge 5.2 about the origin.
std::vector<PolyhedronBody> polyhedron_gas_27(bool cubes);

struct EnergyDrift {
  double max_abs = 0.0;    // largest |balance - initial balance| at 80 times of the run
  double work_ja = 0.0;    // the pair style's extra quantities at the end
  double work_diss = 0.0;
  double work_weights = 0.0;
};

// Runs `bodies` in the box [-2.6, 2.6]^3 for `time` with time step dt:
// "pair_style <pair_style>", "pair_coeff * * <pair_coeff>", and with a
// non-empty `wall` "fix ... <wall> xplane -2.6 2.6" (and y, z), else a
// periodic box. The bodies go through the data file `data_file` (in the
// working folder; tests that may run at the same time as others with
// other bodies or on other ranks name their own).
EnergyDrift polyhedron_energy_balance(const std::vector<PolyhedronBody> &bodies, const std::string &pair_style,
                                      const std::string &pair_coeff, const std::string &wall, double dt,
                                      double time, const std::string &data_file = "ebal3d.data");

}    // namespace body_dem_test

#endif
