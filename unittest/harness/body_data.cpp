#include "body_data.h"

#include "lammps_session.h"

#include <mpi.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <stdexcept>

namespace body_dem_test {

PolygonBody regular_polygon(int n, double x, double y, double r, double angle, double rounded_diameter)
{
  PolygonBody b;
  b.x = x;
  b.y = y;
  b.rounded_diameter = rounded_diameter;
  for (int k = 0; k < n; ++k) {
    const double a = angle + 2.0 * M_PI * k / n;
    b.vertices.push_back({r * std::cos(a), r * std::sin(a)});
  }
  return b;
}

PolygonBody square(double x, double y, double side, double angle, double rounded_diameter)
{
  return regular_polygon(4, x, y, side / std::sqrt(2.0), angle + M_PI / 4.0, rounded_diameter);
}

PolygonBody disk(double x, double y, double rounded_diameter)
{
  PolygonBody b;
  b.x = x;
  b.y = y;
  b.rounded_diameter = rounded_diameter;
  b.vertices.push_back({0.0, 0.0});
  return b;
}

namespace {

// Inertia tensor (xx yy zz xy xz yz) of a uniform thin plate of mass m
// bounded by the polygon; a disk for one vertex, a thin rod for two.
std::array<double, 6> plate_inertia(const PolygonBody &b)
{
  const auto &v = b.vertices;
  const size_t n = v.size();
  if (n == 1) {
    const double r = 0.5 * b.rounded_diameter;
    return {b.mass * r * r / 4, b.mass * r * r / 4, b.mass * r * r / 2, 0, 0, 0};
  }
  if (n == 2) {
    const double dx = v[1][0] - v[0][0], dy = v[1][1] - v[0][1];
    const double l2 = (dx * dx + dy * dy) / 12.0 * b.mass;
    const double ux = dx * dx / (dx * dx + dy * dy), uy = dy * dy / (dx * dx + dy * dy);
    // rod along u: I = m L^2/12 (1 - u u^T) in the plane, I_zz = m L^2/12;
    // a small thickness keeps the in-plane moments positive.
    const double eps = 1e-3 * l2;
    return {l2 * uy + eps, l2 * ux + eps, l2, -l2 * dx * dy / (dx * dx + dy * dy), 0, 0};
  }
  double area = 0, sxx = 0, syy = 0, sxy = 0;
  for (size_t k = 0; k < n; ++k) {
    const double x0 = v[k][0], y0 = v[k][1], x1 = v[(k + 1) % n][0], y1 = v[(k + 1) % n][1];
    const double c = x0 * y1 - x1 * y0;
    area += 0.5 * c;
    syy += c * (x0 * x0 + x0 * x1 + x1 * x1) / 12.0;            // integral of x^2
    sxx += c * (y0 * y0 + y0 * y1 + y1 * y1) / 12.0;            // integral of y^2
    sxy += c * (x0 * y1 + 2 * x0 * y0 + 2 * x1 * y1 + x1 * y0) / 24.0;    // integral of x y
  }
  const double rho = b.mass / area;
  return {rho * sxx, rho * syy, rho * (sxx + syy), -rho * sxy, 0, 0};
}

}    // namespace

void write_polygon_data(const std::string &path, const std::vector<PolygonBody> &bodies, const Box2d &box,
                        int ntypes)
{
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    std::ofstream out(path);
    if (!out) throw std::runtime_error("cannot write " + path);
    out << std::setprecision(17);
    out << "test bodies (rounded/polygon)\n\n";
    out << bodies.size() << " atoms\n" << bodies.size() << " bodies\n" << ntypes << " atom types\n\n";
    out << box.xlo << " " << box.xhi << " xlo xhi\n" << box.ylo << " " << box.yhi << " ylo yhi\n";
    out << "-0.5 0.5 zlo zhi\n\nAtoms # body\n\n";
    for (size_t k = 0; k < bodies.size(); ++k) {
      const PolygonBody &b = bodies[k];
      out << k + 1 << " " << b.type << " 1 " << b.mass << " " << b.x << " " << b.y << " 0\n";
    }
    out << "\nBodies\n\n";
    for (size_t k = 0; k < bodies.size(); ++k) {
      const PolygonBody &b = bodies[k];
      const size_t n = b.vertices.size();
      out << k + 1 << " 1 " << 6 + 3 * n + 1 << "\n" << n << "\n";
      for (double c : plate_inertia(b)) out << c << " ";
      out << "\n";
      // four vertices a line: LAMMPS reads at most 32 lines per body
      for (size_t v = 0; v < n; ++v)
        out << b.vertices[v][0] << " " << b.vertices[v][1] << " 0" << (v % 4 == 3 || v + 1 == n ? "\n" : " ");
      out << b.rounded_diameter << "\n";
    }
    out << "\nVelocities\n\n";
    for (size_t k = 0; k < bodies.size(); ++k) {
      const PolygonBody &b = bodies[k];
      const double izz = plate_inertia(b)[2];
      out << k + 1 << " " << b.vx << " " << b.vy << " 0 0 0 " << izz * b.wz << "\n";
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

std::string polygon_setup_commands(const std::string &path, int max_vertices)
{
  return "units lj\n"
         "dimension 2\n"
         "atom_style body rounded/polygon 1 " +
         std::to_string(max_vertices) +
         "\n"
         "atom_modify map array\n"
         "comm_modify vel yes\n"
         "newton on\n"
         "read_data " +
         path + "\n";
}

std::string polygon_gas_input(const std::string &pair_style, int steps, bool per_atom_tallies)
{
  std::string input = polygon_setup_commands(source_dir() + "/examples/body/data.polygon_gas", 4) +
                      "pair_style " + pair_style +
                      "\n"
                      "pair_coeff * * 200.0 2.0\n"
                      "neighbor 0.3 bin\n"
                      "neigh_modify every 1 delay 0 check yes\n"
                      "timestep 0.001\n"
                      "fix integrate all nve/body\n"
                      "fix plane all enforce2d\n"
                      "compute wp all pair body/rounded/polygon\n";
  if (per_atom_tallies)
    input += "compute pea all pe/atom pair\n"
             "compute sa all stress/atom NULL pair\n"
             "compute rs all reduce sum c_pea c_sa[1] c_sa[2] c_sa[4]\n"
             "thermo_style custom step pe press c_rs[1] c_rs[2] c_rs[3] c_rs[4]\n";
  return input + "thermo 100\nrun " + std::to_string(steps) + "\n";
}

}    // namespace body_dem_test
