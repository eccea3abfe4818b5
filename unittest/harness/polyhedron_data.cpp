#include "polyhedron_data.h"

#include <mpi.h>

#include <cmath>
#include <random>
#include <fstream>
#include <iomanip>
#include <stdexcept>

namespace body_dem_test {

namespace {

Triple sub(const Triple &a, const Triple &b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
double dot3(const Triple &a, const Triple &b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Triple cross3(const Triple &a, const Triple &b)
{
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

// Rodrigues' rotation of v about the unit axis u by angle a.
Triple rotate(const Triple &v, const Triple &u, double a)
{
  const double c = std::cos(a), s = std::sin(a);
  const Triple uxv = cross3(u, v);
  const double uv = dot3(u, v);
  Triple r;
  for (int d = 0; d < 3; ++d) r[d] = v[d] * c + uxv[d] * s + u[d] * uv * (1.0 - c);
  return r;
}

// 3x3 inertia tensor as I[row][col].
using Mat = std::array<std::array<double, 3>, 3>;

// Uniform solid bounded by the faces (convex, the centre inside): the
// second moments C = int x x^T dV from the tetrahedra (centre, triangle),
// each int = |det| / 120 (sum v v^T + (sum v)(sum v)^T) over its three
// non-zero vertices; I = tr(C) 1 - C, scaled to the mass.
Mat solid_inertia(const PolyhedronBody &b)
{
  Mat C{};
  double volume = 0.0;
  const auto add_tetra = [&](const Triple &p, const Triple &q, const Triple &r) {
    const double det = std::fabs(dot3(p, cross3(q, r)));
    volume += det / 6.0;
    const Triple s{p[0] + q[0] + r[0], p[1] + q[1] + r[1], p[2] + q[2] + r[2]};
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) C[i][j] += det / 120.0 * (p[i] * p[j] + q[i] * q[j] + r[i] * r[j] + s[i] * s[j]);
  };
  for (const auto &f : b.faces) {
    add_tetra(b.vertices[f[0]], b.vertices[f[1]], b.vertices[f[2]]);
    if (f[3] >= 0) add_tetra(b.vertices[f[0]], b.vertices[f[2]], b.vertices[f[3]]);
  }
  if (!(volume > 0.0)) throw std::runtime_error("polyhedron_data: a body of zero volume");
  const double rho = b.mass / volume;
  const double tr = C[0][0] + C[1][1] + C[2][2];
  Mat I{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) I[i][j] = rho * ((i == j ? tr : 0.0) - C[i][j]);
  return I;
}

Mat inertia_matrix(const PolyhedronBody &b)
{
  Mat I{};
  const size_t n = b.vertices.size();
  if (n == 1) {
    const double r = 0.5 * b.rounded_diameter;
    for (int d = 0; d < 3; ++d) I[d][d] = 0.4 * b.mass * r * r;
    return I;
  }
  if (n == 2) {
    // thin rod along u: m L^2/12 (1 - u u^T), and a small thickness that
    // keeps the moment about the axis positive
    const Triple d = sub(b.vertices[1], b.vertices[0]);
    const double l2 = dot3(d, d);
    const double m = b.mass * l2 / 12.0;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) I[i][j] = m * ((i == j ? 1.0 : 0.0) - d[i] * d[j] / l2) + (i == j ? 1e-3 * m : 0.0);
    return I;
  }
  return solid_inertia(b);
}

}    // namespace

PolyhedronBody rotated(PolyhedronBody b, const Triple &axis, double angle)
{
  const double len = std::sqrt(dot3(axis, axis));
  const Triple u{axis[0] / len, axis[1] / len, axis[2] / len};
  for (auto &v : b.vertices) v = rotate(v, u, angle);
  return b;
}

PolyhedronBody moving(PolyhedronBody b, const Triple &velocity, const Triple &omega)
{
  b.velocity = velocity;
  b.omega = omega;
  return b;
}

PolyhedronBody cube(const Triple &c, double side, double rounded_diameter)
{
  PolyhedronBody b;
  b.center = c;
  b.rounded_diameter = rounded_diameter;
  const double h = 0.5 * side;
  b.vertices = {{-h, -h, -h}, {h, -h, -h}, {h, h, -h}, {-h, h, -h}, {-h, -h, h}, {h, -h, h}, {h, h, h}, {-h, h, h}};
  b.edges = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6}, {6, 7}, {7, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
  b.faces = {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}};
  return b;
}

PolyhedronBody tetrahedron(const Triple &c, double edge, double rounded_diameter)
{
  PolyhedronBody b;
  b.center = c;
  b.rounded_diameter = rounded_diameter;
  const double R = edge / std::sqrt(3.0), h = edge * std::sqrt(2.0 / 3.0);
  for (int k = 0; k < 3; ++k) {
    const double a = 2.0 * M_PI * k / 3.0;
    b.vertices.push_back({R * std::cos(a), R * std::sin(a), -0.25 * h});
  }
  b.vertices.push_back({0.0, 0.0, 0.75 * h});
  b.edges = {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {1, 3}, {2, 3}};
  b.faces = {{0, 2, 1, -1}, {0, 1, 3, -1}, {1, 2, 3, -1}, {2, 0, 3, -1}};
  return b;
}

PolyhedronBody sphere(const Triple &c, double rounded_diameter)
{
  PolyhedronBody b;
  b.center = c;
  b.rounded_diameter = rounded_diameter;
  b.vertices = {{0.0, 0.0, 0.0}};
  return b;
}

PolyhedronBody rod(const Triple &c, const Triple &half, double rounded_diameter)
{
  PolyhedronBody b;
  b.center = c;
  b.rounded_diameter = rounded_diameter;
  b.vertices = {{-half[0], -half[1], -half[2]}, half};
  b.edges = {{0, 1}};
  return b;
}

std::array<double, 6> inertia_tensor(const PolyhedronBody &b)
{
  const Mat I = inertia_matrix(b);
  return {I[0][0], I[1][1], I[2][2], I[0][1], I[0][2], I[1][2]};
}

void write_polyhedron_data(const std::string &path, const std::vector<PolyhedronBody> &bodies, const Box3d &box,
                           int ntypes, bool flip_faces)
{
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    std::ofstream out(path);
    if (!out) throw std::runtime_error("cannot write " + path);
    out << std::setprecision(17);
    out << "test bodies (rounded/polyhedron)\n\n";
    out << bodies.size() << " atoms\n" << bodies.size() << " bodies\n" << ntypes << " atom types\n\n";
    const char *axis[3] = {"x", "y", "z"};
    for (int d = 0; d < 3; ++d) out << box.lo[d] << " " << box.hi[d] << " " << axis[d] << "lo " << axis[d] << "hi\n";
    out << "\nAtoms # body\n\n";
    for (size_t k = 0; k < bodies.size(); ++k) {
      const PolyhedronBody &b = bodies[k];
      out << k + 1 << " " << b.type << " 1 " << b.mass << " " << b.center[0] << " " << b.center[1] << " "
          << b.center[2] << "\n";
    }
    out << "\nBodies\n\n";
    for (size_t k = 0; k < bodies.size(); ++k) {
      const PolyhedronBody &b = bodies[k];
      const size_t nv = b.vertices.size();
      const bool polyhedron = nv >= 3;
      const size_t ne = polyhedron ? b.edges.size() : nv - 1;
      const size_t nf = polyhedron ? b.faces.size() : 0;
      const size_t ndouble = 6 + 3 * nv + (polyhedron ? 2 * ne + 4 * nf : 0) + 1;
      out << k + 1 << " 3 " << ndouble << "\n" << nv << " " << ne << " " << nf << "\n";
      for (double c : inertia_tensor(b)) out << c << " ";
      out << "\n";
      for (const auto &p : b.vertices) out << p[0] << " " << p[1] << " " << p[2] << "\n";
      if (polyhedron) {
        // two edges per line: the host reads at most 32 lines per body
        for (size_t e = 0; e < ne; ++e) out << b.edges[e][0] << " " << b.edges[e][1] << (e % 2 == 1 ? "\n" : " ");
        if (ne % 2 == 1) out << "\n";
        for (const auto &f : b.faces) {
          if (flip_faces) {
            if (f[3] >= 0)
              out << f[3] << " " << f[2] << " " << f[1] << " " << f[0] << "\n";
            else
              out << f[2] << " " << f[1] << " " << f[0] << " -1\n";
          } else
            out << f[0] << " " << f[1] << " " << f[2] << " " << f[3] << "\n";
        }
      }
      out << b.rounded_diameter << "\n";
    }
    out << "\nVelocities\n\n";
    for (size_t k = 0; k < bodies.size(); ++k) {
      const PolyhedronBody &b = bodies[k];
      const Mat I = inertia_matrix(b);
      Triple L{};
      for (int i = 0; i < 3; ++i) L[i] = dot3(I[i], b.omega);
      out << k + 1 << " " << b.velocity[0] << " " << b.velocity[1] << " " << b.velocity[2] << " " << L[0] << " "
          << L[1] << " " << L[2] << "\n";
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

void write_polyhedron_gas(const std::string &path, unsigned seed, double rounded_diameter)
{
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<PolyhedronBody> bodies;
  for (int k = 0; k < 64; ++k) {
    const Triple c{1.0 + 2.0 * (k % 4), 1.0 + 2.0 * ((k / 4) % 4), 1.0 + 2.0 * (k / 16)};
    PolyhedronBody b = k % 2 == 0 ? cube(c, 1.0, rounded_diameter) : tetrahedron(c, 1.4, rounded_diameter);
    b.type = 1 + k % 2;
    b = rotated(b, {u(rng), u(rng), u(rng) + 1e-3}, 3.0 * u(rng));
    b = moving(b, {u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)});
    bodies.push_back(b);
  }
  Box3d box;
  for (int d = 0; d < 3; ++d) {
    box.lo[d] = 0.0;
    box.hi[d] = 8.0;
  }
  write_polyhedron_data(path, bodies, box, 2);
}

std::string polyhedron_setup_commands(const std::string &path, int max_vertices)
{
  return "units lj\n"
         "atom_style body rounded/polyhedron 1 " +
         std::to_string(max_vertices) +
         "\n"
         "atom_modify map array\n"
         "comm_modify vel yes\n"
         "newton on\n"
         "read_data " +
         path + "\n";
}

}    // namespace body_dem_test
