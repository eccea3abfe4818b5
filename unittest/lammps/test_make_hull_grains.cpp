// The user script examples/body/make_hull_grains.py (TESTING.md layer 8,
// shapes users bring): run with python3 as a user runs it, its molecule
// files, create_atoms commands and data file read by LAMMPS in-process
// with the atom_style line it printed. Checked against the harness' own
// computation, not the script's: the counts (a closed triangulated hull
// of V vertices has 3V - 6 edges and 2V - 4 faces), every edge listed once
// and exactly the sides of the faces, faces counter-clockwise seen from
// outside, the vertices about the centre of mass, the mass (density x
// volume), the inertia tensor (harness/polyhedron_data.cpp's
// inertia_tensor() of the file's vertices), the principal frame of the
// molecule files (the body LAMMPS stores has the file's vertices in its
// body frame and create_atoms' rotation as its quaternion), and the space
// frame of the data file. The package's shape check runs on every grain
// (run 0 with its pair style). Grains too large for a data file are
// refused by the script with a message.
#include "lammps_session.h"
#include "polyhedron_data.h"

#include "atom.h"
#include "atom_vec_body.h"
#include "lammps.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace body_dem_test;

namespace {

const std::string kScript = source_dir() + "/examples/body/make_hull_grains.py";

// Runs the script (rank 0; the test program runs serially) and returns its
// exit status; stdout and stderr go to `output`.
int run_script(const std::string &args, const std::string &output)
{
  const std::string cmd = std::string(BODY_DEM_PYTHON3) + " " + kScript + " " + args + " > " + output + " 2>&1";
  const int status = std::system(cmd.c_str());
  return status;
}

std::string read_text(const std::string &path)
{
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The longest line of a file: LAMMPS reads every line of a data or
// molecule file into 256 characters (with the newline and the final zero)
// and takes the rest of a longer one as the next line.
size_t longest_line(const std::string &path)
{
  std::ifstream in(path);
  size_t longest = 0;
  for (std::string line; std::getline(in, line);) longest = std::max(longest, line.size());
  return longest;
}

// "  atom_style body rounded/polyhedron 1 N" as the script printed it.
std::string atom_style_line(const std::string &output)
{
  const std::string key = "atom_style body rounded/polyhedron";
  const size_t at = output.find(key);
  if (at == std::string::npos) return "";
  return output.substr(at, output.find('\n', at) - at);
}

// One body as a molecule file or the Bodies section of a data file gives it.
struct FileBody {
  int type = 0;
  double mass = 0.0;
  Triple centre{};
  int nv = 0, ne = 0, nf = 0;
  std::array<double, 6> inertia{};
  std::vector<Triple> vertices;
  std::vector<std::array<int, 2>> edges;
  std::vector<std::array<int, 4>> faces;
  double rounded_diameter = 0.0;
};

// The doubles of a body (after N E F) into the body.
void take_doubles(FileBody &b, const std::vector<double> &d)
{
  ASSERT_EQ(d.size(), static_cast<size_t>(6 + 3 * b.nv + 2 * b.ne + 4 * b.nf + 1));
  size_t k = 0;
  for (double &c : b.inertia) c = d[k++];
  for (int v = 0; v < b.nv; ++v, k += 3) b.vertices.push_back({d[k], d[k + 1], d[k + 2]});
  for (int e = 0; e < b.ne; ++e, k += 2) b.edges.push_back({static_cast<int>(d[k]), static_cast<int>(d[k + 1])});
  for (int f = 0; f < b.nf; ++f, k += 4)
    b.faces.push_back({static_cast<int>(d[k]), static_cast<int>(d[k + 1]), static_cast<int>(d[k + 2]),
                       static_cast<int>(d[k + 3])});
  b.rounded_diameter = d[k];
}

FileBody read_molecule(const std::string &path)
{
  std::ifstream in(path);
  std::string line, section;
  FileBody b;
  std::vector<double> doubles;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string first;
    if (!(words >> first)) continue;
    if (line == "Coords" || line == "Types" || line == "Masses" || line == "Body Integers" ||
        line == "Body Doubles") {
      section = line;
      continue;
    }
    std::istringstream values(line);
    if (section == "Types") values >> first >> b.type;
    else if (section == "Masses") values >> first >> b.mass;
    else if (section == "Body Integers") values >> b.nv >> b.ne >> b.nf;
    else if (section == "Body Doubles")
      for (double x; values >> x;) doubles.push_back(x);
  }
  take_doubles(b, doubles);
  return b;
}

std::vector<FileBody> read_data_bodies(const std::string &path)
{
  std::ifstream in(path);
  std::string line, section;
  std::vector<FileBody> bodies;
  while (std::getline(in, line)) {
    if (line.rfind("Atoms", 0) == 0 || line == "Bodies") {
      section = line.substr(0, 5) == "Atoms" ? "Atoms" : "Bodies";
      continue;
    }
    std::istringstream words(line);
    if (section == "Atoms") {
      int id = 0, type = 0, flag = 0;
      FileBody b;
      if (!(words >> id >> type >> flag >> b.mass >> b.centre[0] >> b.centre[1] >> b.centre[2])) continue;
      b.type = type;
      bodies.push_back(b);
    } else if (section == "Bodies") {
      int id = 0, ni = 0, nd = 0;
      if (!(words >> id >> ni >> nd)) continue;
      FileBody &b = bodies.at(id - 1);
      std::getline(in, line);
      std::istringstream ints(line);
      ints >> b.nv >> b.ne >> b.nf;
      std::vector<double> d;
      while (static_cast<int>(d.size()) < nd && std::getline(in, line)) {
        std::istringstream values(line);
        for (double x; values >> x;) d.push_back(x);
      }
      take_doubles(b, d);
    }
  }
  return bodies;
}

double dot(const Triple &a, const Triple &b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Triple cross(const Triple &a, const Triple &b)
{
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
double size_of(const FileBody &b)
{
  double r = 0.0;
  for (const Triple &v : b.vertices) r = std::max(r, std::sqrt(dot(v, v)));
  return r;
}

// The shape as the script claims it: counts of a closed triangulated
// hull, each edge once and exactly the sides of the faces, faces turned
// outward about the centre of mass (the origin of the vertices), which is
// the centroid of the solid. Returns the volume.
double check_shape(const FileBody &b, int vertices, const std::string &what)
{
  SCOPED_TRACE(what);
  EXPECT_EQ(b.nv, vertices);
  EXPECT_EQ(b.ne, 3 * vertices - 6);
  EXPECT_EQ(b.nf, 2 * vertices - 4);
  std::set<std::pair<int, int>> edges, sides;
  for (const auto &e : b.edges) {
    EXPECT_TRUE(edges.insert({std::min(e[0], e[1]), std::max(e[0], e[1])}).second) << "edge listed twice";
  }
  std::map<std::pair<int, int>, int> directed;
  double volume = 0.0;
  Triple moment{};
  for (const auto &f : b.faces) {
    EXPECT_EQ(f[3], -1) << "a triangle is padded with -1";
    for (int k = 0; k < 3; ++k) {
      sides.insert({std::min(f[k], f[(k + 1) % 3]), std::max(f[k], f[(k + 1) % 3])});
      directed[{f[k], f[(k + 1) % 3]}]++;
    }
    const Triple &p = b.vertices[f[0]], &q = b.vertices[f[1]], &r = b.vertices[f[2]];
    // outward: the origin (centre of mass, inside) lies behind the face
    const double det = dot(p, cross(q, r));
    EXPECT_GT(det, 0.0) << "face " << f[0] << " " << f[1] << " " << f[2] << " not counter-clockwise from outside";
    volume += det / 6.0;
    for (int d = 0; d < 3; ++d) moment[d] += det / 24.0 * (p[d] + q[d] + r[d]);
  }
  EXPECT_EQ(edges, sides) << "the edges are not the sides of the faces";
  // consistently oriented and closed: each directed side once, its twin once
  for (const auto &entry : directed) {
    EXPECT_EQ(entry.second, 1);
    EXPECT_EQ(directed.count({entry.first.second, entry.first.first}), 1u);
  }
  // the centroid of the solid at the origin, to the round-off of the sum
  // (shortest-form numbers read back exactly; relative 1e-12 of the size)
  for (int d = 0; d < 3; ++d) EXPECT_NEAR(moment[d] / volume, 0.0, 1e-12 * size_of(b));
  return volume;
}

// The harness' inertia of the file's shape with the file's mass.
std::array<double, 6> harness_inertia(const FileBody &b)
{
  PolyhedronBody p;
  p.vertices = b.vertices;
  p.edges = b.edges;
  p.faces = b.faces;
  p.mass = b.mass;
  p.rounded_diameter = b.rounded_diameter;
  return inertia_tensor(p);
}

// The three invariants of a symmetric tensor (xx yy zz xy xz yz): trace,
// sum of principal 2x2 minors, determinant; the same for its principal
// moments.
std::array<double, 3> invariants(const std::array<double, 6> &t)
{
  const double xx = t[0], yy = t[1], zz = t[2], xy = t[3], xz = t[4], yz = t[5];
  return {xx + yy + zz, xx * yy + yy * zz + xx * zz - xy * xy - xz * xz - yz * yz,
          xx * (yy * zz - yz * yz) - xy * (xy * zz - yz * xz) + xz * (xy * yz - yy * xz)};
}

// Rotation matrix of a unit quaternion (w, x, y, z), applied to v.
Triple rotate_by(const double *q, const Triple &v)
{
  const double w = q[0], x = q[1], y = q[2], z = q[3];
  const double m[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
                          {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
                          {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}};
  return {m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2], m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
          m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2]};
}

// The host's record of local atom i (a body): counts, body-frame vertices,
// principal moments, quaternion.
struct StoredBody {
  int nv, ne, nf;
  const double *vertices;    // body frame, 3 per vertex
  const double *moments;
  const double *quat;
  double mass;
};
StoredBody stored(LammpsSession &s, int i)
{
  auto *avec = dynamic_cast<LAMMPS_NS::AtomVecBody *>(s.lmp->atom->style_match("body"));
  const auto &bonus = avec->bonus[s.lmp->atom->body[i]];
  return {bonus.ivalue[0], bonus.ivalue[1], bonus.ivalue[2], bonus.dvalue, bonus.inertia, bonus.quat,
          s.lmp->atom->rmass[i]};
}

const std::string kPair =
    "pair_style body/rounded/polyhedron/granular 1.0 0.0\n"
    "pair_coeff * * hertz/material 1.0e4 0.5 0.3 tangential linear_history 1000.0 1.0 0.5 damping mass_velocity\n"
    "fix integrate all nve/body\n";

}    // namespace

// Molecule files of three shapes (20, 50 and 120 vertices, elongated,
// density 2.5) and the commands that place 6 grains: read by LAMMPS with
// the printed atom_style line, each body stored with the file's frame and
// create_atoms' rotation.
TEST(MakeHullGrains, MoleculeFilesAndCreateAtomsCommands)
{
  // a long file name makes a command line of more than 255 characters,
  // which the files quote in their headers
  const std::string prefix = "mhg_grains_of_a_user_who_likes_long_names_for_files";
  ASSERT_EQ(run_script("--shapes 3 --vertices 20 50 120 --aspect 1.3 1.8 --scatter 0.1 --rounded-diameter 0.08 "
                       "--density 2.5 --types 2 --seed 5 --molecule " + prefix + " --create-atoms " + prefix +
                           ".in --count 6",
                       "mhg.out"),
            0)
      << read_text("mhg.out");
  const std::string output = read_text("mhg.out");
  const std::string style = atom_style_line(output);
  // the largest count: 120 vertices -> 3*120 - 6 = 354 edges
  EXPECT_EQ(style, "atom_style body rounded/polyhedron 1 354") << output;

  const int vertices[3] = {20, 50, 120};
  std::vector<FileBody> shapes;
  for (int k = 0; k < 3; ++k) {
    const std::string file = prefix + "." + std::to_string(k + 1) + ".mol";
    EXPECT_LT(longest_line(file), 255u) << file;
    const FileBody b = read_molecule(file);
    const double volume = check_shape(b, vertices[k], "shape " + std::to_string(k + 1));
    // mass = density x volume (the volume computed here, to round-off)
    EXPECT_NEAR(b.mass, 2.5 * volume, 1e-12 * b.mass);
    EXPECT_EQ(b.type, 1 + k % 2);
    EXPECT_EQ(b.rounded_diameter, 0.08);
    // principal frame: the harness' tensor of the file's vertices is
    // diagonal and equals the file's moments, in decreasing order (1e-10
    // of the largest: round-off of sums over ~200 tetrahedra)
    const std::array<double, 6> I = harness_inertia(b);
    const double scale = I[0] + I[1] + I[2];
    for (int d = 0; d < 6; ++d) EXPECT_NEAR(b.inertia[d], I[d], 1e-10 * scale) << "shape " << k + 1 << " component " << d;
    EXPECT_GT(b.inertia[0], b.inertia[1]);
    EXPECT_GT(b.inertia[1], b.inertia[2]);
    shapes.push_back(b);
  }

  // the commands: grain g (1..6) is shape 1 + (g - 1) % 3, turned by its
  // create_atoms rotation
  std::vector<std::array<double, 4>> rotations;
  {
    std::istringstream in(read_text(prefix + ".in"));
    for (std::string line; std::getline(in, line);) {
      const size_t at = line.find(" rotate ");
      if (line.rfind("create_atoms", 0) != 0 || at == std::string::npos) continue;
      std::istringstream r(line.substr(at + 8));
      std::array<double, 4> turn{};
      r >> turn[0] >> turn[1] >> turn[2] >> turn[3];
      rotations.push_back(turn);
    }
  }
  ASSERT_EQ(rotations.size(), 6u);

  LammpsSession s;
  s.load_plugin();
  s.commands("units lj\nboundary f f f\n" + style +
             "\natom_modify map array\ncomm_modify vel yes\nnewton on\n"
             "region box block -6 6 -6 6 0 12\ncreate_box 2 box\ninclude " + prefix + ".in\n" +
             kPair + "run 0\n");
  ASSERT_EQ(s.lmp->atom->natoms, 6);
  for (int i = 0; i < s.lmp->atom->nlocal; ++i) {
    const int g = static_cast<int>(s.lmp->atom->tag[i]);
    const FileBody &b = shapes[(g - 1) % 3];
    SCOPED_TRACE("grain " + std::to_string(g));
    const StoredBody h = stored(s, i);
    EXPECT_EQ(h.nv, b.nv);
    EXPECT_EQ(h.ne, b.ne);
    EXPECT_EQ(h.nf, b.nf);
    EXPECT_EQ(h.mass, b.mass);
    // LAMMPS's principal moments and body frame are the file's: the
    // vertices it keeps in the body frame are the file's vertices (the
    // host's diagonalisation of a diagonal tensor is exact up to the
    // round-off of its Jacobi sweep: 1e-12 relative)
    for (int d = 0; d < 3; ++d) EXPECT_NEAR(h.moments[d], b.inertia[d], 1e-12 * b.inertia[0]);
    for (int v = 0; v < b.nv; ++v)
      for (int d = 0; d < 3; ++d) EXPECT_NEAR(h.vertices[3 * v + d], b.vertices[v][d], 1e-12 * size_of(b));
    // and its quaternion is create_atoms' rotation (angle in degrees and
    // axis, written with 12 digits: 1e-9)
    const auto &turn = rotations[g - 1];
    const double half = 0.5 * turn[0] * M_PI / 180.0;
    const double q[4] = {std::cos(half), std::sin(half) * turn[1], std::sin(half) * turn[2],
                         std::sin(half) * turn[3]};
    const double sign = q[0] * h.quat[0] + q[1] * h.quat[1] + q[2] * h.quat[2] + q[3] * h.quat[3] < 0 ? -1.0 : 1.0;
    for (int d = 0; d < 4; ++d) EXPECT_NEAR(sign * h.quat[d], q[d], 1e-9);
  }
}

// A data file of 4 grains of 30 and 50 vertices with mass 1.7 each, read
// with the printed atom_style line: the host's principal moments are those
// of the harness' tensor of the written (space-frame) vertices, and its
// quaternion turns the stored body frame back into the written vertices.
TEST(MakeHullGrains, DataFile)
{
  ASSERT_EQ(run_script("--shapes 2 --vertices 30 50 --mass 1.7 --seed 9 --data mhg.data --count 4", "mhg_data.out"), 0)
      << read_text("mhg_data.out");
  const std::string output = read_text("mhg_data.out");
  const std::string style = atom_style_line(output);
  EXPECT_EQ(style, "atom_style body rounded/polyhedron 1 144") << output;    // 3*50 - 6
  EXPECT_LT(longest_line("mhg.data"), 255u);
  const std::vector<FileBody> bodies = read_data_bodies("mhg.data");
  ASSERT_EQ(bodies.size(), 4u);
  for (size_t g = 0; g < bodies.size(); ++g) {
    // vertices about the centre, space frame: the shape checks hold in
    // any frame
    check_shape(bodies[g], g % 2 == 0 ? 30 : 50, "grain " + std::to_string(g + 1));
    EXPECT_EQ(bodies[g].mass, 1.7);
  }

  LammpsSession s;
  s.load_plugin();
  s.commands("units lj\nboundary f f f\n" + style +
             "\natom_modify map array\ncomm_modify vel yes\nnewton on\nread_data mhg.data\n" + kPair + "run 0\n");
  ASSERT_EQ(s.lmp->atom->natoms, 4);
  for (int i = 0; i < s.lmp->atom->nlocal; ++i) {
    const int g = static_cast<int>(s.lmp->atom->tag[i]);
    const FileBody &b = bodies[g - 1];
    SCOPED_TRACE("grain " + std::to_string(g));
    const StoredBody h = stored(s, i);
    EXPECT_EQ(h.nv, b.nv);
    EXPECT_EQ(h.ne, b.ne);
    EXPECT_EQ(h.nf, b.nf);
    EXPECT_EQ(h.mass, 1.7);
    // the file's tensor is the harness' (1e-10 of the trace: round-off)
    const std::array<double, 6> I = harness_inertia(b);
    const double scale = I[0] + I[1] + I[2];
    for (int d = 0; d < 6; ++d) EXPECT_NEAR(b.inertia[d], I[d], 1e-10 * scale) << "component " << d;
    // the host's principal moments have the harness tensor's invariants
    const std::array<double, 3> mine = invariants(I);
    const std::array<double, 3> host = invariants({h.moments[0], h.moments[1], h.moments[2], 0.0, 0.0, 0.0});
    EXPECT_NEAR(host[0], mine[0], 1e-10 * scale);
    EXPECT_NEAR(host[1], mine[1], 1e-10 * scale * scale);
    EXPECT_NEAR(host[2], mine[2], 1e-10 * scale * scale * scale);
    // quaternion x body frame = the written vertices (1e-10 of the size:
    // the host's Jacobi eigenvectors)
    for (int v = 0; v < b.nv; ++v) {
      const Triple space = rotate_by(h.quat, {h.vertices[3 * v], h.vertices[3 * v + 1], h.vertices[3 * v + 2]});
      for (int d = 0; d < 3; ++d) EXPECT_NEAR(space[d], b.vertices[v][d], 1e-10 * size_of(b));
    }
    // and the centre where the file put it
    for (int d = 0; d < 3; ++d) EXPECT_NEAR(s.lmp->atom->x[i][d], b.centre[d], 1e-9);
  }
}

// Grains that the host's data-file reader cannot take (31 lines of 255
// characters per body) are refused with a message that says what to do;
// wrong options end with a message naming the option.
TEST(MakeHullGrains, RefusesWhatLammpsCannotRead)
{
  EXPECT_NE(run_script("--vertices 120 --data mhg_big.data --count 1", "mhg_big.out"), 0);
  EXPECT_TEXT_HAS(read_text("mhg_big.out"), "120 vertices", "at most 31 lines", "molecule files");
  EXPECT_NE(run_script("--vertices 3 --molecule mhg_bad", "mhg_bad.out"), 0);
  EXPECT_TEXT_HAS(read_text("mhg_bad.out"), "--vertices", "at least 4 vertices");
  EXPECT_NE(run_script("--vertices 20", "mhg_none.out"), 0);
  EXPECT_TEXT_HAS(read_text("mhg_none.out"), "--molecule", "--data");
  EXPECT_NE(run_script("--vertices 20 --data mhg_count.data", "mhg_count.out"), 0);
  EXPECT_TEXT_HAS(read_text("mhg_count.out"), "--count");
  // 100 points 0.3 apart do not fit a sphere of radius 0.5 (area 3.1,
  // a point takes pi 0.15^2 = 0.07 of it at least: 44 at most)
  EXPECT_NE(run_script("--vertices 100 --min-edge 0.3 --molecule mhg_far", "mhg_far.out"), 0);
  EXPECT_TEXT_HAS(read_text("mhg_far.out"), "--min-edge 0.3", "fewer --vertices");
}
