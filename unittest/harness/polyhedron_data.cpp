#include "polyhedron_data.h"

#include "lammps_session.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <iomanip>
#include <sstream>
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

// The host's read_data reads a body of at most 31 lines after its header
// line, each of at most 255 characters (its MAXBODY and MAXLINE), so the
// values are packed into lines; a body with more values than that fits
// (some 50 vertices) must come from a molecule file, which has no limit.
constexpr size_t kHostBodyLines = 31;
constexpr size_t kHostLineLength = 250;

// The body lines of a rounded/polyhedron body (or its sphere and rod
// forms): the integers N E F, then the doubles (inertia, vertices, edges,
// faces, rounded diameter) packed into lines.
struct BodyLines {
  size_t ninteger = 3, ndouble = 0;
  std::string integers;
  std::vector<std::string> doubles;
};

BodyLines body_lines(const PolyhedronBody &b, bool flip_faces)
{
  const size_t nv = b.vertices.size();
  const bool polyhedron = nv >= 3;
  const size_t ne = polyhedron ? b.edges.size() : nv - 1;
  const size_t nf = polyhedron ? b.faces.size() : 0;
  std::vector<std::string> values;
  const auto add = [&](double x) {
    std::ostringstream os;
    os << std::setprecision(17) << x;
    values.push_back(os.str());
  };
  for (double c : inertia_tensor(b)) add(c);
  for (const auto &p : b.vertices)
    for (double x : p) add(x);
  if (polyhedron) {
    for (size_t e = 0; e < ne; ++e) add(b.edges[e][0]), add(b.edges[e][1]);
    for (const auto &f : b.faces) {
      std::array<int, 4> g = f;
      if (flip_faces) g = f[3] >= 0 ? std::array<int, 4>{f[3], f[2], f[1], f[0]} : std::array<int, 4>{f[2], f[1], f[0], -1};
      for (int v : g) add(v);
    }
  }
  add(b.rounded_diameter);
  BodyLines lines;
  lines.integers = std::to_string(nv) + " " + std::to_string(ne) + " " + std::to_string(nf);
  lines.ndouble = values.size();
  std::string line;
  for (const std::string &v : values) {
    if (!line.empty() && line.size() + 1 + v.size() > kHostLineLength) {
      lines.doubles.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + v;
  }
  if (!line.empty()) lines.doubles.push_back(line);
  return lines;
}

// The principal frame of an inertia tensor: moments in decreasing order
// and the axes as the columns of a right-handed rotation V (I = V diag V^T),
// by cyclic Jacobi rotations (a 3x3 symmetric matrix: converged to
// round-off in a few sweeps).
struct PrincipalFrame {
  Triple moments{};
  Mat axes{};    // axes[r][c]: component r of axis c
};

PrincipalFrame principal_frame(Mat a)
{
  Mat v{};
  for (int d = 0; d < 3; ++d) v[d][d] = 1.0;
  for (int sweep = 0; sweep < 50; ++sweep) {
    const double off = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2];
    const double diag = a[0][0] * a[0][0] + a[1][1] * a[1][1] + a[2][2] * a[2][2];
    if (off <= 1e-34 * diag) break;
    for (int p = 0; p < 2; ++p)
      for (int q = p + 1; q < 3; ++q) {
        if (a[p][q] == 0.0) continue;
        const double theta = 0.5 * (a[q][q] - a[p][p]) / a[p][q];
        const double t = (theta >= 0.0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1.0));
        const double c = 1.0 / std::sqrt(t * t + 1.0), s = t * c;
        for (int k = 0; k < 3; ++k) {    // a <- a J (columns p, q)
          const double akp = a[k][p], akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (int k = 0; k < 3; ++k) {    // a <- J^T a (rows p, q)
          const double apk = a[p][k], aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (int k = 0; k < 3; ++k) {    // v <- v J
          const double vkp = v[k][p], vkq = v[k][q];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
  }
  int order[3] = {0, 1, 2};
  std::sort(order, order + 3, [&](int x, int y) { return a[x][x] > a[y][y]; });
  PrincipalFrame f;
  for (int c = 0; c < 3; ++c) {
    f.moments[c] = a[order[c]][order[c]];
    for (int r = 0; r < 3; ++r) f.axes[r][c] = v[r][order[c]];
  }
  // right-handed: flip the third axis if needed
  const Triple e0{f.axes[0][0], f.axes[1][0], f.axes[2][0]}, e1{f.axes[0][1], f.axes[1][1], f.axes[2][1]};
  const Triple e2{f.axes[0][2], f.axes[1][2], f.axes[2][2]};
  if (dot3(cross3(e0, e1), e2) < 0.0)
    for (int r = 0; r < 3; ++r) f.axes[r][2] = -f.axes[r][2];
  return f;
}

// Axis and angle of a rotation matrix, through its quaternion (the
// largest of the four components first, for round-off).
MoleculeRotation rotation_of(const Mat &m)
{
  double q[4];
  const double tr = m[0][0] + m[1][1] + m[2][2];
  if (tr >= m[0][0] && tr >= m[1][1] && tr >= m[2][2]) {
    q[0] = 0.5 * std::sqrt(1.0 + tr);
    q[1] = (m[2][1] - m[1][2]) / (4.0 * q[0]);
    q[2] = (m[0][2] - m[2][0]) / (4.0 * q[0]);
    q[3] = (m[1][0] - m[0][1]) / (4.0 * q[0]);
  } else {
    int i = 0;
    if (m[1][1] > m[i][i]) i = 1;
    if (m[2][2] > m[i][i]) i = 2;
    const int j = (i + 1) % 3, k = (i + 2) % 3;
    const double r = std::sqrt(1.0 + m[i][i] - m[j][j] - m[k][k]);
    q[1 + i] = 0.5 * r;
    q[0] = (m[k][j] - m[j][k]) / (2.0 * r);
    q[1 + j] = (m[j][i] + m[i][j]) / (2.0 * r);
    q[1 + k] = (m[k][i] + m[i][k]) / (2.0 * r);
  }
  if (q[0] < 0.0)
    for (double &c : q) c = -c;
  const double s = std::sqrt(q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  MoleculeRotation turn;
  if (s > 0.0) {
    turn.angle_degrees = 2.0 * std::atan2(s, q[0]) * 180.0 / M_PI;
    turn.axis = {q[1] / s, q[2] / s, q[3] / s};
  }
  return turn;
}

// The double lines of a body without the inertia tensor (its first six values).
std::vector<std::string> body_lines_after_inertia(const BodyLines &lines)
{
  std::vector<std::string> out;
  int skip = 6;
  for (const std::string &line : lines.doubles) {
    std::istringstream in(line);
    std::string word, rest;
    while (in >> word) {
      if (skip > 0) {
        --skip;
        continue;
      }
      rest += (rest.empty() ? "" : " ") + word;
    }
    if (!rest.empty()) out.push_back(rest);
  }
  return out;
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

PolyhedronBody box_body(const Triple &centre, const Triple &half_edges, double rounded_diameter)
{
  PolyhedronBody b = cube(centre, 2.0, rounded_diameter);
  for (auto &v : b.vertices)
    for (int d = 0; d < 3; ++d) v[d] *= half_edges[d];
  return b;
}

PolyhedronBody icosahedron(const Triple &c, double radius, double rounded_diameter)
{
  PolyhedronBody b;
  b.center = c;
  b.rounded_diameter = rounded_diameter;
  const double phi = 0.5 * (1.0 + std::sqrt(5.0)), s = radius / std::sqrt(1.0 + phi * phi);
  for (int i : {-1, 1})
    for (int j : {-1, 1}) {
      b.vertices.push_back({0.0, i * s, j * phi * s});
      b.vertices.push_back({i * s, j * phi * s, 0.0});
      b.vertices.push_back({j * phi * s, 0.0, i * s});
    }
  // edges: the pairs at the edge length 2 s; faces: the triples of
  // mutual neighbours, turned counter-clockwise seen from outside
  const int n = static_cast<int>(b.vertices.size());
  const auto neighbours = [&](int p, int q) {
    const Triple d{b.vertices[p][0] - b.vertices[q][0], b.vertices[p][1] - b.vertices[q][1],
                   b.vertices[p][2] - b.vertices[q][2]};
    return std::fabs(std::sqrt(dot3(d, d)) - 2.0 * s) < 1e-9 * radius;
  };
  for (int p = 0; p < n; ++p)
    for (int q = p + 1; q < n; ++q) {
      if (!neighbours(p, q)) continue;
      b.edges.push_back({p, q});
      for (int r = q + 1; r < n; ++r) {
        if (!neighbours(p, r) || !neighbours(q, r)) continue;
        const Triple &A = b.vertices[p], &B = b.vertices[q], &C = b.vertices[r];
        const Triple u{B[0] - A[0], B[1] - A[1], B[2] - A[2]}, w{C[0] - A[0], C[1] - A[1], C[2] - A[2]};
        const Triple normal{u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
        if (dot3(normal, A) > 0.0)
          b.faces.push_back({p, q, r, -1});
        else
          b.faces.push_back({p, r, q, -1});
      }
    }
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

PolyhedronBody hull_grain(const Triple &c, const HullGrainSpec &spec, double rounded_diameter)
{
  const HullShape shape = hull_grain_shape(spec);
  PolyhedronBody b;
  b.center = c;
  b.rounded_diameter = rounded_diameter;
  b.vertices = shape.vertices;
  b.edges = shape.edges;
  b.faces = shape.faces;
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
  write_on_rank_0(path, [&](std::ostream &out) {
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
      const BodyLines lines = body_lines(bodies[k], flip_faces);
      if (lines.doubles.size() + 1 > kHostBodyLines)
        throw std::runtime_error("write_polyhedron_data: body " + std::to_string(k + 1) + " needs " +
                                 std::to_string(lines.doubles.size() + 1) + " lines, the host's read_data reads at most " +
                                 std::to_string(kHostBodyLines) + " per body: give it as a molecule file "
                                 "(write_polyhedron_molecule)");
      out << k + 1 << " " << lines.ninteger << " " << lines.ndouble << "\n" << lines.integers << "\n";
      for (const std::string &line : lines.doubles) out << line << "\n";
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
  });
}

MoleculeRotation write_polyhedron_molecule(const std::string &path, const PolyhedronBody &b)
{
  const PrincipalFrame frame = principal_frame(inertia_matrix(b));
  // vertices in the principal frame: u = V^T v; the inertia diagonal
  PolyhedronBody in_frame = b;
  for (auto &v : in_frame.vertices) {
    Triple u{};
    for (int c = 0; c < 3; ++c) u[c] = frame.axes[0][c] * v[0] + frame.axes[1][c] * v[1] + frame.axes[2][c] * v[2];
    v = u;
  }
  write_on_rank_0(path, [&](std::ostream &out) {
    BodyLines lines = body_lines(in_frame, false);
    out << "test body (rounded/polyhedron), in its principal frame\n\n1 atoms\n" << lines.ninteger << " "
        << lines.ndouble << " body\n\n";
    out << "Coords\n\n1 0 0 0\n\nTypes\n\n1 " << b.type << "\n\nMasses\n\n1 " << b.mass << "\n\n";
    out << "Body Integers\n\n" << lines.integers << "\n\nBody Doubles\n\n";
    // the diagonal inertia in place of the one body_lines() computed
    out << frame.moments[0] << " " << frame.moments[1] << " " << frame.moments[2] << " 0 0 0\n";
    const std::vector<std::string> rest = body_lines_after_inertia(lines);
    for (const std::string &line : rest) out << line << "\n";
  });
  return rotation_of(frame.axes);
}

std::string polyhedron_molecule_setup_commands(const std::vector<PolyhedronBody> &bodies, const Box3d &box,
                                               int ntypes, const std::string &prefix)
{
  size_t nmax = 1;
  for (const PolyhedronBody &b : bodies) nmax = std::max({nmax, b.vertices.size(), b.edges.size(), b.faces.size()});
  std::ostringstream in;
  in << std::setprecision(17);
  in << "units lj\natom_style body rounded/polyhedron 1 " << nmax
     << "\natom_modify map array\ncomm_modify vel yes\nnewton on\n";
  in << "region hull_box block " << box.lo[0] << " " << box.hi[0] << " " << box.lo[1] << " " << box.hi[1] << " "
     << box.lo[2] << " " << box.hi[2] << "\ncreate_box " << ntypes << " hull_box\n";
  for (size_t k = 0; k < bodies.size(); ++k) {
    const PolyhedronBody &b = bodies[k];
    const std::string file = prefix + "." + std::to_string(k + 1) + ".mol";
    const MoleculeRotation turn = write_polyhedron_molecule(file, b);
    const Mat I = inertia_matrix(b);
    Triple L{};
    for (int i = 0; i < 3; ++i) L[i] = dot3(I[i], b.omega);
    in << "molecule body_" << k + 1 << " " << file << "\n"
       << "create_atoms 0 single " << b.center[0] << " " << b.center[1] << " " << b.center[2] << " mol body_"
       << k + 1 << " 1 rotate " << turn.angle_degrees << " " << turn.axis[0] << " " << turn.axis[1] << " "
       << turn.axis[2] << " units box\n"
       << "set atom " << k + 1 << " vx " << b.velocity[0] << " vy " << b.velocity[1] << " vz " << b.velocity[2]
       << " angmom " << L[0] << " " << L[1] << " " << L[2] << "\n";
  }
  return in.str();
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

std::vector<PolyhedronBody> cubes_two_within_reach_two_apart(Box3d &box)
{
  for (int d = 0; d < 3; ++d) {
    box.lo[d] = -6.0;
    box.hi[d] = 6.0;
  }
  return {cube({0.0, 0.0, 0.0}, 1.0, 0.1), cube({1.5, 0.0, 0.0}, 1.0, 0.1), cube({4.0, 4.0, 4.0}, 1.0, 0.1),
          cube({-4.0, -4.0, -4.0}, 1.0, 0.1)};
}

void write_cube_and_tetrahedron_apart(const std::string &path)
{
  PolyhedronBody a = cube({-2.0, 0.0, 0.0}, 1.0, 0.2);
  PolyhedronBody b = tetrahedron({2.0, 0.0, 0.0}, 1.0, 0.2);
  b.type = 2;
  write_polyhedron_data(path, {a, b}, Box3d{}, 2);
}

std::string polyhedron_setup_commands(const std::string &path, int max_vertices)
{
  return body_setup_commands("rounded/polyhedron", max_vertices, path);
}

}    // namespace body_dem_test
