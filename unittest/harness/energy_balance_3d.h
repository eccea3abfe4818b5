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
  double work_walls = 0.0;     // the walls' damping and friction (the sum of their f_ID[1]) at the end
  double mechanical_start = 0.0, mechanical_end = 0.0;    // KE (with rotation) + PE at the start and the end
  // the dissipated work at the end: -(W_diss + the walls'), > 0
  double dissipated() const { return -(work_diss + work_walls); }
};

// A run for the energy balance of 3d bodies: the bodies (through a data
// file when none has more than 8 vertices, else through molecule files,
// for bodies of any size), a box with a wall fix on each face or periodic,
// optional gravity along -z (its potential energy in pe), "pair_style
// <pair_style>" and "pair_coeff * * <pair_coeff>", time step and length.
struct BalanceRun3d {
  std::vector<PolyhedronBody> bodies;
  Box3d box;
  std::string pair_style, pair_coeff;
  std::string wall;          // "<fix style> <args>" before the wallstyle; empty: a periodic box
  double gravity = 0.0;      // g along -z; 0: none
  double dt = 1e-3, time = 1.0;
  std::string files = "ebal3d";    // prefix of the files written in the working folder
};
EnergyDrift energy_balance_3d(const BalanceRun3d &run);

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
