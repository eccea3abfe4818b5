// Writes small LAMMPS data files of rounded polygons for the tests
// (atom_style body rounded/polygon), with each body's inertia tensor
// computed from its vertices as a uniform plate.
#ifndef BODY_DEM_TEST_BODY_DATA_H
#define BODY_DEM_TEST_BODY_DATA_H

#include <array>
#include <string>
#include <vector>

namespace body_dem_test {

struct PolygonBody {
  int type = 1;
  double x = 0.0, y = 0.0;                       // centre of mass
  std::vector<std::array<double, 2>> vertices;   // relative to the centre, counter-clockwise
  double rounded_diameter = 0.0;
  double mass = 1.0;
  double vx = 0.0, vy = 0.0, wz = 0.0;           // velocity, angular velocity about z
};

// Square of side `side` centred at (x, y), rotated by `angle` (radians).
PolygonBody square(double x, double y, double side, double angle = 0.0, double rounded_diameter = 0.0);
// Regular n-gon with circumradius `r`.
PolygonBody regular_polygon(int n, double x, double y, double r, double angle = 0.0, double rounded_diameter = 0.0);
// One-vertex body: a disk of radius rounded_diameter / 2.
PolygonBody disk(double x, double y, double rounded_diameter);

struct Box2d {
  double xlo = -10, xhi = 10, ylo = -10, yhi = 10;
};

// A box for bodies on a floor at y = 0: x in [-half_width, half_width],
// y in [0, height].
inline Box2d box2d_above_floor(double half_width, double height)
{
  Box2d box;
  box.xlo = -half_width;
  box.xhi = half_width;
  box.ylo = 0.0;
  box.yhi = height;
  return box;
}

// Writes `path` (every rank may call it; only rank 0 writes).
void write_polygon_data(const std::string &path, const std::vector<PolygonBody> &bodies, const Box2d &box,
                        int ntypes = 1);

// The input lines that set up a 2d body system and read `path`.
std::string polygon_setup_commands(const std::string &path, int max_vertices = 8);

// The 2d gas of the package's example (examples/body/data.polygon_gas): 64
// rounded squares and disks in a periodic box, with damping, friction and
// cohesion (pair_coeff k_n 200, k_na 2), for `steps` steps with
// `pair_style` (its style and arguments); compute wp: the pair style's
// work. Over 2000 steps (2 time units at speeds of order 1) bodies cross
// the sub-domain boundaries of 2 or 4 ranks and contacts keep their
// history. With per_atom_tallies, the per-atom energy and virial are also
// summed at the thermo steps (compute rs), so that their reductions over
// threads and ranks are exercised.
std::string polygon_gas_input(const std::string &pair_style, int steps, bool per_atom_tallies = false);

}    // namespace body_dem_test

#endif
