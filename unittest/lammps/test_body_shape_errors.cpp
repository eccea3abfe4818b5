// Malformed bodies (TESTING.md layer 6): the shape check of the package's
// pair styles and walls (src/BODY_ROUNDED/body_shape_check.h, run by
// src/glue/body_shape_guard.h) refuses every body the contact geometry
// cannot work with, with an error that names the command, the atom and the
// defect, and no crash or hang, serially and under mpirun (this program
// also runs on 2 ranks). As a user who makes shapes with a script would
// meet them: two unit cubes (two squares in 2d) in a data file, one
// defect put into the second body each time, then `run 0`; bodies that
// appear during a run (fix pour) and after read_restart and create_atoms
// too. Valid bodies, with their faces listed either way round as the
// host's example files do, run.
#include "lammps_session.h"
#include "polyhedron_data.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

using body_dem_test::LammpsSession;

namespace {

const char *const kNoError = "no error";
const std::string kPolyhedronStyle = "pair_style body/rounded/polyhedron 1.0 1.0 0.0 1.0 0.0\npair_coeff * * 100.0 1.0\n";
const std::string kGranularStyle = "pair_style body/rounded/polyhedron/granular 1.0 0.05\n";
const std::string kHooke = "hooke 1000.0 1.0 tangential linear_nohistory 0.5 0.5";
const std::string kHertz = "hertz 1.0e4 1.0 tangential linear_nohistory 0.5 0.5";
const std::string kPolygonStyle = "pair_style body/rounded/polygon 1.0 1.0 0.0 1.0 0.0\npair_coeff * * 100.0 1.0\n";

// Rank 0 writes the file, every rank waits for it.
void write_file(const std::string &path, const std::string &text)
{
  body_dem_test::write_on_rank_0(path, [&](std::ostream &out) { out << text; });
}

// A body as the Bodies section of a data file (or a molecule file) lists
// it: each vertex, edge and face one string, as a script would print it.
struct RawBody {
  std::string inertia = "0.166667 0.166667 0.166667 0 0 0";
  std::vector<std::string> vertices, edges, faces;
  std::string diameter = "0.2";

  int ndouble() const
  {
    return 6 + 3 * static_cast<int>(vertices.size()) + 2 * static_cast<int>(edges.size()) +
        4 * static_cast<int>(faces.size()) + 1;
  }
  // The body's lines after "ID 3 ndouble": counts, inertia, vertices, then
  // several edges and faces per line (the host reads at most 32 lines of
  // one body).
  std::string lines() const
  {
    std::string s = std::to_string(vertices.size()) + " " + std::to_string(edges.size()) + " " +
        std::to_string(faces.size()) + "\n" + inertia + "\n";
    for (const auto &v : vertices) s += v + "\n";
    for (size_t k = 0; k < edges.size(); ++k) s += edges[k] + (k % 6 == 5 || k + 1 == edges.size() ? "\n" : " ");
    for (size_t k = 0; k < faces.size(); ++k) s += faces[k] + (k % 3 == 2 || k + 1 == faces.size() ? "\n" : " ");
    return s + diameter + "\n";
  }
};

// Unit cube: vertices 0 (-,-,-), 1 (+,-,-), 2 (+,+,-), 3 (-,+,-), 4..7 the
// same at +z; faces 0 bottom, 1 top, 2 front (-y), 3 right (+x), 4 back
// (+y), 5 left (-x), counter-clockwise from outside.
RawBody unit_cube()
{
  RawBody b;
  b.vertices = {"-0.5 -0.5 -0.5", "0.5 -0.5 -0.5", "0.5 0.5 -0.5", "-0.5 0.5 -0.5",
                "-0.5 -0.5 0.5",  "0.5 -0.5 0.5",  "0.5 0.5 0.5",  "-0.5 0.5 0.5"};
  b.edges = {"0 1", "1 2", "2 3", "3 0", "4 5", "5 6", "6 7", "7 4", "0 4", "1 5", "2 6", "3 7"};
  b.faces = {"0 3 2 1", "4 5 6 7", "0 1 5 4", "1 2 6 5", "2 3 7 6", "3 0 4 7"};
  return b;
}

// The unit cube with each face split into two triangles along the
// diagonal from its first vertex.
RawBody triangulated_unit_cube()
{
  RawBody b = unit_cube();
  const int quads[6][4] = {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}};
  b.faces.clear();
  for (const auto &q : quads) {
    const auto s = [](int v) { return std::to_string(v); };
    b.faces.push_back(s(q[0]) + " " + s(q[1]) + " " + s(q[2]) + " -1");
    b.faces.push_back(s(q[0]) + " " + s(q[2]) + " " + s(q[3]) + " -1");
    b.edges.push_back(s(q[0]) + " " + s(q[2]));
  }
  return b;
}

// Two bodies 4 apart along x in a box [-5, 5]^3: atom 1 `first` (the unit
// cube unless given), atom 2 `second` (of type `second_type`).
void write_two_bodies(const std::string &path, const RawBody &second, int second_type = 1,
                      const RawBody &first = unit_cube())
{
  std::string s = "two bodies, the second with a defect\n\n2 atoms\n2 bodies\n" +
      std::to_string(second_type) + " atom types\n\n-5 5 xlo xhi\n-5 5 ylo yhi\n-5 5 zlo zhi\n\n" +
      "Atoms # body\n\n1 1 1 1.0 -2 0 0\n2 " + std::to_string(second_type) + " 1 1.0 2 0 0\n\nBodies\n\n";
  s += "1 3 " + std::to_string(first.ndouble()) + "\n" + first.lines();
  s += "2 3 " + std::to_string(second.ndouble()) + "\n" + second.lines();
  write_file(path, s);
}

// A fresh LAMMPS with the plugin, the two bodies read, `style` run.
std::string run0_error(const std::string &name, const RawBody &second, const std::string &style,
                       int second_type = 1, const RawBody &first = unit_cube())
{
  const std::string path = "shape_" + name + ".data";
  write_two_bodies(path, second, second_type, first);
  LammpsSession s;
  s.load_plugin();
  // 20: the host sizes a body's storage by this number of vertices, and
  // uses it for the edges and faces too (the triangulated cube has 18 edges)
  s.commands(body_dem_test::polyhedron_setup_commands(path, 20) + style);
  return body_dem_test::error_of(s, "run 0");
}

struct Case3d {
  const char *name;
  std::function<void(RawBody &)> defect;
  std::vector<std::string> words;
  bool triangulated = false;
};

// The defects of the issue and the other rules, in the second cube.
const std::vector<Case3d> &polyhedron_cases()
{
  static const std::vector<Case3d> cases{
      // faces that do not close the surface: the back face listed twice, the left one missing
      {"face_twice", [](RawBody &b) { b.faces[5] = b.faces[4]; },
       {"faces 4 and 5 have the same vertices (a face listed twice)"}},
      {"face_missing", [](RawBody &b) { b.faces.pop_back(); },
       {"edge 3-0 is on 1 face, expected 2 (the surface is not closed)"}},
      // vertex 6 (+,+,+) pushed inside the hull; its faces stay planar triangles
      {"not_convex", [](RawBody &b) { b.vertices[6] = "0.1 0.1 0.1"; }, {"not convex: vertex", "outside the plane of face"},
       true},
      // vertex 6 lifted 0.4 out of the top face
      {"face_not_planar", [](RawBody &b) { b.vertices[6] = "0.5 0.5 0.9"; },
       {"face 1 is not planar: vertex 6 lies 0.4 from the plane", "(tolerance 1e-5 of the body size "}},
      {"negative_rounding", [](RawBody &b) { b.diameter = "-0.1"; }, {"rounded diameter -0.1 must be >= 0"}},
      // the host keeps no negative principal moment: it arrives as 0
      {"negative_inertia", [](RawBody &b) { b.inertia = "0.166667 -1 0.166667 0 0 0"; },
       {"moment of inertia 0 must be > 0", "a negative one included, as 0"}},
      {"repeated_vertex", [](RawBody &b) { b.vertices[6] = "-0.5 -0.5 -0.5"; },
       {"vertices 0 and 6 coincide (distance 0)"}},
      {"repeated_edge", [](RawBody &b) { b.edges.push_back("2 1"); },
       {"edges 1 and 12 both join vertices 1-2 (an edge listed twice)"}},
      {"zero_length_edge", [](RawBody &b) { b.vertices[7] = "-0.5 -0.5 0.5"; }, {"edge 7-4 has length 0"}},
      {"face_out_of_order", [](RawBody &b) { b.faces[2] = "0 5 1 4"; },
       {"face 2: its vertices are not in order around it: sides 0-5 and 1-4 cross"}},
      {"face_not_convex", [](RawBody &b) { b.vertices[6] = "-0.1 -0.1 0.5"; },
       {"face 1 is not convex: vertex 6 lies 0.141421 inside the line through vertices 5 and 7"}},
      {"side_not_an_edge", [](RawBody &b) { b.edges.erase(b.edges.begin()); },
       {"side 0-1 of faces 0 and 2 is not among the edges"}},
      {"edge_out_of_range", [](RawBody &b) { b.edges[0] = "0 8"; },
       {"edge 0 (0 8) must join two different vertices among 0..7"}},
  };
  return cases;
}

std::vector<std::string> with_prefix(const std::string &prefix, std::vector<std::string> words)
{
  words.insert(words.begin(), prefix);
  return words;
}

void expect_has_all(const std::string &text, const std::vector<std::string> &words)
{
  for (const auto &w : words) EXPECT_NE(text.find(w), std::string::npos) << "expected: " << w << "\ngot: " << text;
}

}    // namespace

// ---------------------------------------------------------------------------
// 3d: every defect, with the linear style

TEST(BodyShapeErrors, PolyhedronDefectsEndInAnErrorNamingTheAtom)
{
  for (const Case3d &c : polyhedron_cases()) {
    SCOPED_TRACE(c.name);
    RawBody b = c.triangulated ? triangulated_unit_cube() : unit_cube();
    c.defect(b);
    expect_has_all(run0_error(c.name, b, kPolyhedronStyle),
                   with_prefix("pair_style body/rounded/polyhedron: body of atom 2: ", c.words));
  }
}

TEST(BodyShapeErrors, ValidPolyhedraRun)
{
  EXPECT_EQ(run0_error("valid_cube", unit_cube(), kPolyhedronStyle), kNoError);
  EXPECT_EQ(run0_error("valid_triangulated", triangulated_unit_cube(), kPolyhedronStyle), kNoError);
  // faces listed either way round, as in the host's example molecule file
  // of a cube (its top face clockwise, its bottom one counter-clockwise
  // from outside)
  RawBody mixed = unit_cube();
  mixed.faces[0] = "0 1 2 3";
  mixed.faces[3] = "1 5 6 2";
  EXPECT_EQ(run0_error("valid_mixed_faces", mixed, kPolyhedronStyle), kNoError);
  // sharp corners (rounded diameter 0) with the linear law
  RawBody sharp = unit_cube();
  sharp.diameter = "0";
  EXPECT_EQ(run0_error("valid_sharp", sharp, kPolyhedronStyle), kNoError);
  // the same cube in SI units: a 1 mm grain
  RawBody small;
  small.vertices = {"-0.0005 -0.0005 -0.0005", "0.0005 -0.0005 -0.0005", "0.0005 0.0005 -0.0005",
                    "-0.0005 0.0005 -0.0005",  "-0.0005 -0.0005 0.0005", "0.0005 -0.0005 0.0005",
                    "0.0005 0.0005 0.0005",    "-0.0005 0.0005 0.0005"};
  small.edges = unit_cube().edges;
  small.faces = unit_cube().faces;
  small.inertia = "1.66667e-7 1.66667e-7 1.66667e-7 0 0 0";
  small.diameter = "0.0001";
  EXPECT_EQ(run0_error("valid_small", small, kPolyhedronStyle), kNoError);
  small.vertices[6] = "0.0005 0.0005 0.0009";    // the same defect as face_not_planar, at this scale
  expect_has_all(run0_error("small_not_planar", small, kPolyhedronStyle),
                 {"face 1 is not planar: vertex 6 lies 0.0004 from the plane"});
}

// ---------------------------------------------------------------------------
// The granular style and the walls

TEST(BodyShapeErrors, GranularStyleAndItsRoundingRule)
{
  RawBody b = unit_cube();
  b.faces[5] = b.faces[4];
  expect_has_all(run0_error("granular_face_twice", b, kGranularStyle + "pair_coeff * * " + kHooke + "\n"),
                 {"pair_style body/rounded/polyhedron/granular: body of atom 2: faces 4 and 5 have the same vertices"});
  // Without rounding the Hertzian model has no force: refused; hooke has one.
  RawBody sharp = unit_cube();
  sharp.diameter = "0";
  expect_has_all(run0_error("granular_sharp_hertz", sharp, kGranularStyle + "pair_coeff * * " + kHertz + "\n"),
                 {"pair_style body/rounded/polyhedron/granular: body of atom 2: rounded diameter 0 must be > 0",
                  "effective radius"});
  EXPECT_EQ(run0_error("granular_sharp_hooke", sharp, kGranularStyle + "pair_coeff * * " + kHooke + "\n"), kNoError);
}

// The styles remember the verdict on each shape they checked (by a hash of
// what the check reads: the body's data, its principal moments, the
// rounding rule of its type), so that bodies of one shape are checked
// once. Two bodies of the same data, the first fine, must still each be
// judged by their own moments and rule.
TEST(BodyShapeErrors, RememberedVerdictsKeepEachBodysMomentsAndRule)
{
  // the same sharp cube, type 1 under hooke (fine), type 2 under hertz (refused)
  RawBody sharp = unit_cube();
  sharp.diameter = "0";
  expect_has_all(run0_error("remembered_rule", sharp,
                            kGranularStyle + "pair_coeff 1 1 " + kHooke + "\npair_coeff 2 2 " + kHertz +
                                "\npair_coeff 1 2 " + kHooke + "\n",
                            2, sharp),
                 {"pair_style body/rounded/polyhedron/granular: body of atom 2: rounded diameter 0 must be > 0"});
  // the same cube data, the second with a moment the host keeps as 0 (it
  // stores the vertices in the frame of the principal axes, in the order of
  // the moments: the same frame for both)
  RawBody moments = unit_cube();
  moments.inertia = "0.3 0.2 0.1 0 0 0";
  RawBody tiny_moment = moments;
  tiny_moment.inertia = "0.3 0.2 1e-9 0 0 0";
  expect_has_all(run0_error("remembered_moments", tiny_moment, kPolyhedronStyle, 1, moments),
                 {"pair_style body/rounded/polyhedron: body of atom 2: moment of inertia 0 must be > 0"});
  // and bodies of one shape that are all fine run
  EXPECT_EQ(run0_error("remembered_fine", unit_cube(), kPolyhedronStyle), kNoError);
}

TEST(BodyShapeErrors, WallsCheckTheBodiesThePairStyleDoesNot)
{
  // Under another package's pair style (zero) the granular wall checks
  // every body of its group.
  RawBody b = unit_cube();
  b.vertices[6] = "0.5 0.5 0.9";
  expect_has_all(run0_error("wall_granular", b,
                            "change_box all boundary p p f\npair_style zero 3.0\npair_coeff * *\n"
                            "fix w all wall/body/polyhedron/granular " + kHooke +
                                " zplane -4.0 NULL\n"),
                 {"fix wall/body/polyhedron/granular: body of atom 2: face 1 is not planar"});
  // With pair_style hybrid, the package's style checks the bodies of its
  // type 1, the wall those of type 2.
  expect_has_all(run0_error("wall_linear_hybrid", b,
                            "change_box all boundary p p f\n"
                            "pair_style hybrid body/rounded/polyhedron 1.0 1.0 0.0 1.0 0.0 zero 3.0\n"
                            "pair_coeff 1 1 body/rounded/polyhedron 100.0 1.0\npair_coeff * 2 zero\n"
                            "fix w all wall/body/polyhedron 2000.0 20.0 5.0 zplane -4.0 NULL\n",
                            2),
                 {"fix wall/body/polyhedron: body of atom 2: face 1 is not planar"});
  // A body the pair style checked is not checked again (each body once):
  // the same file under the package's style alone gives the pair's error.
  expect_has_all(run0_error("wall_after_pair", b,
                            "change_box all boundary p p f\n" + kPolyhedronStyle +
                                "fix w all wall/body/polyhedron 2000.0 20.0 5.0 zplane -4.0 NULL\n"),
                 {"pair_style body/rounded/polyhedron: body of atom 2: face 1 is not planar"});
}

// ---------------------------------------------------------------------------
// Bodies that arrive later: read_restart, create_atoms, fix pour

namespace {

std::string molecule_text(const RawBody &b)
{
  return "# one body\n\n1 atoms\n3 " + std::to_string(b.ndouble()) + " body\n\nCoords\n\n1 0 0 0\n\nTypes\n\n1 1\n\n" +
      "Masses\n\n1 1.0\n\nBody Integers\n\n" + std::to_string(b.vertices.size()) + " " + std::to_string(b.edges.size()) +
      " " + std::to_string(b.faces.size()) + "\n\nBody Doubles\n\n" +
      b.lines().substr(b.lines().find('\n') + 1);
}

const std::string kEmptyBox = "units lj\natom_style body rounded/polyhedron 1 8\natom_modify map array\n"
                              "comm_modify vel yes\nnewton on\nregion box block 0 10 0 10 0 10 units box\n"
                              "create_box 1 box\n";

}    // namespace

TEST(BodyShapeErrors, BodiesOfAMoleculeFromCreateAtoms)
{
  RawBody b = unit_cube();
  b.faces.pop_back();
  write_file("shape_open_cube.mol", molecule_text(b));
  LammpsSession s;
  s.load_plugin();
  s.commands(kEmptyBox + "molecule obj shape_open_cube.mol\ncreate_atoms 0 single 5 5 5 mol obj 4767548\n" +
             kPolyhedronStyle);
  EXPECT_LAMMPS_ERROR(s, "run 0", "pair_style body/rounded/polyhedron: body of atom 1: ",
                      "is on 1 face, expected 2 (the surface is not closed)");
}

TEST(BodyShapeErrors, BodiesFromARestartFile)
{
  RawBody b = unit_cube();
  b.diameter = "-0.1";
  write_two_bodies("shape_restart.data", b);
  {
    LammpsSession s;
    s.load_plugin();
    s.commands(body_dem_test::polyhedron_setup_commands("shape_restart.data") + "write_restart shape.restart\n");
  }
  LammpsSession s;
  s.load_plugin();
  s.commands("read_restart shape.restart\ncomm_modify vel yes\n" + kPolyhedronStyle);
  EXPECT_LAMMPS_ERROR(s, "run 0", "pair_style body/rounded/polyhedron: body of atom 2: rounded diameter -0.1");
}

// fix pour adds bodies during the run: they are checked at the step they
// appear, before the style reads their vertices (a face index out of
// range would otherwise read outside the body's data).
TEST(BodyShapeErrors, BodiesPouredDuringARun)
{
  RawBody bad = unit_cube();
  bad.faces[1] = "4 5 9 7";
  write_file("shape_bad_cube.mol", molecule_text(bad));
  LammpsSession s;
  s.load_plugin();
  s.commands(kEmptyBox + "molecule obj shape_bad_cube.mol\n" + kPolyhedronStyle +
             "fix 1 all nve/body\nfix 2 all gravity 1.0 spherical 0.0 -180.0\n"
             "region slab block 2 8 2 8 5 9 units box\n"
             "fix ins all pour 3 0 4767548 vol 0.1 10 region slab mol obj\n");
  EXPECT_LAMMPS_ERROR(s, "run 5", "pair_style body/rounded/polyhedron: body of atom 1: face 1 has vertex index 9");
}

// The shapes of the host's example inputs (examples/body of LAMMPS: a cube
// and a tetrahedron whose faces are listed either way round, a rod, a
// sphere), poured as there: they pass, and the run goes on.
TEST(BodyShapeErrors, TheHostsExampleShapesPour)
{
  RawBody cube;
  cube.inertia = "0.667 0.667 0.667 0 0 0";
  cube.vertices = {"1 1 1", "1 -1 1", "-1 -1 1", "-1 1 1", "1 1 -1", "1 -1 -1", "-1 -1 -1", "-1 1 -1"};
  cube.edges = {"0 1", "1 2", "2 3", "3 0", "4 5", "5 6", "6 7", "7 4", "0 4", "1 5", "2 6", "3 7"};
  cube.faces = {"0 1 2 3", "4 5 6 7", "0 1 5 4", "1 2 6 5", "2 3 7 6", "3 0 4 7"};
  cube.diameter = "0.5";
  RawBody tetra;
  tetra.inertia = "0.4 0.4 0.4 0 0 0";
  tetra.vertices = {"1 1 1", "1 -1 -1", "-1 1 -1", "-1 -1 1"};
  tetra.edges = {"0 1", "0 2", "0 3", "1 2", "2 3", "3 1"};
  tetra.faces = {"0 1 2 -1", "0 1 3 -1", "0 2 3 -1", "1 2 3 -1"};
  tetra.diameter = "0.5";
  RawBody rod;
  rod.inertia = "1 1 1.333 0 0 0";
  rod.vertices = {"-2 0 0", "2 0 0"};
  rod.diameter = "0.5";
  RawBody point;
  point.inertia = "1 1 1.125 0 0 0";
  point.vertices = {"0 0 0"};
  point.diameter = "3.0";
  write_file("shape_host_cube.mol", molecule_text(cube));
  write_file("shape_host_tetra.mol", molecule_text(tetra));
  write_file("shape_host_rod.mol", molecule_text(rod));
  write_file("shape_host_point.mol", molecule_text(point));
  LammpsSession s;
  s.load_plugin();
  const std::string setup = "units lj\natom_style body rounded/polyhedron 1 8\natom_modify map array\n"
                            "comm_modify vel yes\nnewton on\nboundary p p fm\nregion box block 0 50 0 50 0 50 units box\n"
                            "create_box 1 box\n"
                            "molecule obj shape_host_cube.mol shape_host_tetra.mol shape_host_rod.mol "
                            "shape_host_point.mol\n" +
      kPolyhedronStyle +
      "fix 1 all nve/body\nfix 2 all gravity 1.0 spherical 0.0 -180.0\n"
      "region slab block 5 45 5 45 25 35 units box\n"
      "fix ins all pour 40 0 4767548 vol 0.4 10 region slab mol obj molfrac 0.25 0.25 0.25 0.25\n"
      "fix 4 all wall/body/polyhedron 2000 50 50 zplane 0.0 NULL\n";
  EXPECT_EQ(body_dem_test::error_of(s, setup), kNoError);
  EXPECT_EQ(body_dem_test::error_of(s, "run 20"), kNoError);
  EXPECT_GT(s.thermo("atoms"), 0.0);
}

// ---------------------------------------------------------------------------
// 2d polygons

namespace {

struct RawPolygon {
  std::string inertia = "0.0833333 0.0833333 0.166667 0 0 0";
  std::vector<std::string> vertices{"-0.5 -0.5 0", "0.5 -0.5 0", "0.5 0.5 0", "-0.5 0.5 0"};
  std::string diameter = "0.2";
};

std::string polygon_run0_error(const std::string &name, const RawPolygon &second, const std::string &style,
                               int second_type = 1)
{
  const std::string path = "shape2d_" + name + ".data";
  const RawPolygon first;
  std::string s = "two squares, the second with a defect\n\n2 atoms\n2 bodies\n" + std::to_string(second_type) +
      " atom types\n\n-5 5 xlo xhi\n-5 5 ylo yhi\n-0.5 0.5 zlo zhi\n\nAtoms # body\n\n1 1 1 1.0 -2 0 0\n2 " +
      std::to_string(second_type) + " 1 1.0 2 0 0\n\nBodies\n\n";
  for (const RawPolygon *p : {&first, &second}) {
    s += std::string(p == &first ? "1" : "2") + " 1 " + std::to_string(6 + 3 * p->vertices.size() + 1) + "\n" +
        std::to_string(p->vertices.size()) + "\n" + p->inertia + "\n";
    for (const auto &v : p->vertices) s += v + "\n";
    s += p->diameter + "\n";
  }
  write_file(path, s);
  LammpsSession session;
  session.load_plugin();
  session.commands("units lj\ndimension 2\natom_style body rounded/polygon 1 8\natom_modify map array\n"
                   "comm_modify vel yes\nnewton on\nread_data " +
                   path + "\n" + style);
  return body_dem_test::error_of(session, "run 0");
}

}    // namespace

TEST(BodyShapeErrors, PolygonDefectsEndInAnErrorNamingTheAtom)
{
  struct Case {
    const char *name;
    std::function<void(RawPolygon &)> defect;
    std::vector<std::string> words;
  };
  const std::vector<Case> cases{
      // vertex 2 pushed inside, beyond the line x + y = 0 of its neighbours
      {"not_convex", [](RawPolygon &p) { p.vertices[2] = "-0.1 -0.1 0"; },
       {"not convex: vertex 2 lies 0.141421 inside the line through vertices 1 and 3"}},
      {"not_in_order", [](RawPolygon &p) { std::swap(p.vertices[1], p.vertices[2]); },
       {"its vertices are not in order around it: edges", "cross"}},
      {"repeated_vertex", [](RawPolygon &p) { p.vertices.insert(p.vertices.begin() + 2, p.vertices[2]); },
       {"vertices 2 and 3 coincide (distance 0)"}},
      {"on_one_line", [](RawPolygon &p) { p.vertices = {"-0.5 0 0", "0 0 0", "0.5 0 0"}; },
       {"its vertices lie on one line"}},
      {"negative_rounding", [](RawPolygon &p) { p.diameter = "-0.1"; }, {"rounded diameter -0.1 must be >= 0"}},
      {"negative_inertia", [](RawPolygon &p) { p.inertia = "0.0833333 0.0833333 -1 0 0 0"; },
       {"moment of inertia 0 must be > 0 (the moment about the axis normal to the plane)"}},
      {"disk_without_rounding",
       [](RawPolygon &p) {
         p.vertices = {"0 0 0"};
         p.diameter = "0";
       },
       {"rounded diameter 0 must be > 0 (a disk: one vertex)"}},
      {"off_the_plane", [](RawPolygon &p) { p.vertices[1] = "0.5 -0.5 0.3"; },
       {"vertex 1 lies 0.3 off the plane of the 2d simulation"}},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.name);
    RawPolygon p;
    c.defect(p);
    expect_has_all(polygon_run0_error(c.name, p, kPolygonStyle),
                   with_prefix("pair_style body/rounded/polygon: body of atom 2: ", c.words));
  }
  // valid: clockwise, sharp corners
  RawPolygon cw;
  std::swap(cw.vertices[1], cw.vertices[3]);
  EXPECT_EQ(polygon_run0_error("valid_cw", cw, kPolygonStyle), kNoError);
  RawPolygon sharp;
  sharp.diameter = "0";
  EXPECT_EQ(polygon_run0_error("valid_sharp", sharp, kPolygonStyle), kNoError);
  // the polygon wall checks what the pair style (under hybrid) does not
  RawPolygon bad;
  bad.vertices[2] = "-0.1 -0.1 0";
  expect_has_all(polygon_run0_error("wall_hybrid", bad,
                                    "change_box all boundary p f p\n"
                                    "pair_style hybrid body/rounded/polygon 1.0 1.0 0.0 1.0 0.0 zero 3.0\n"
                                    "pair_coeff 1 1 body/rounded/polygon 100.0 1.0\npair_coeff * 2 zero\n"
                                    "fix w all wall/body/polygon 1000.0 5.0 5.0 yplane -4.0 NULL\n",
                                    2),
                 {"fix wall/body/polygon: body of atom 2: not convex: vertex 2"});
}
