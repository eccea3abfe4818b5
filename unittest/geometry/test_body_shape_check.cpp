// Unit tests of the shape check of one body (src/BODY_ROUNDED/
// body_shape_check.h), without LAMMPS: a valid body passes, each defect
// is found and named with the value found. The expected distances are
// worked out in the comments; the messages print 6 significant digits.
#include "body_shape_check.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using body_dem::BodyShapeChecker;
using body_dem::PolygonShapeInput;
using body_dem::PolyhedronShapeInput;
using body_dem::Vec3;

namespace {

// A body as a data file lists it.
struct Body {
  std::vector<Vec3> v;
  std::vector<std::array<int, 2>> e;
  std::vector<std::array<int, 4>> f;
  double diameter = 0.2;
  std::array<double, 3> moments{1.0, 1.0, 1.0};
  const char *rounding_required_by = nullptr;
};

// Unit cube centred at the origin. Vertices 0 (-,-,-), 1 (+,-,-), 2 (+,+,-),
// 3 (-,+,-), 4..7 the same at +z; faces 0 bottom, 1 top, 2 front (-y),
// 3 right (+x), 4 back (+y), 5 left (-x), counter-clockwise from outside.
Body cube(double side = 1.0)
{
  const double h = 0.5 * side;
  Body b;
  b.v = {{-h, -h, -h}, {h, -h, -h}, {h, h, -h}, {-h, h, -h}, {-h, -h, h}, {h, -h, h}, {h, h, h}, {-h, h, h}};
  b.e = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6}, {6, 7}, {7, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
  b.f = {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}};
  return b;
}

// The same cube with every face split into two triangles along the
// diagonal from its first vertex (faces 2k and 2k+1 from face k); the six
// diagonals are edges 12..17.
Body triangulated_cube()
{
  Body b = cube();
  std::vector<std::array<int, 4>> faces;
  for (const auto &q : b.f) {
    faces.push_back({q[0], q[1], q[2], -1});
    faces.push_back({q[0], q[2], q[3], -1});
    b.e.push_back({q[0], q[2]});
  }
  b.f = faces;
  return b;
}

// Regular-ish tetrahedron with its faces listed as the host's example
// molecule file does: (0 1 2) (0 1 3) (0 2 3) (1 2 3), mixed orientations.
Body tetrahedron()
{
  Body b;
  b.v = {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}};
  b.e = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {2, 3}, {3, 1}};
  b.f = {{0, 1, 2, -1}, {0, 1, 3, -1}, {0, 2, 3, -1}, {1, 2, 3, -1}};
  return b;
}

std::string check(const Body &b)
{
  PolyhedronShapeInput in;
  in.vertices = b.v.data();
  in.nvertices = static_cast<int>(b.v.size());
  in.edges = reinterpret_cast<const int(*)[2]>(b.e.data());
  in.nedges = static_cast<int>(b.e.size());
  in.faces = reinterpret_cast<const int(*)[4]>(b.f.data());
  in.nfaces = static_cast<int>(b.f.size());
  in.rounded_diameter = b.diameter;
  in.moments = b.moments.data();
  in.rounding_required_by = b.rounding_required_by;
  in.zero_moment_note = "a note";
  BodyShapeChecker checker;
  return checker.polyhedron(in);
}

std::string check_polygon(const std::vector<Vec3> &v, double diameter = 0.2, double moment = 1.0)
{
  PolygonShapeInput in;
  in.vertices = v.data();
  in.nvertices = static_cast<int>(v.size());
  in.rounded_diameter = diameter;
  in.moment_normal = moment;
  BodyShapeChecker checker;
  return checker.polygon(in);
}

Body scaled(Body b, double s)
{
  for (Vec3 &p : b.v) p = p * s;
  b.diameter *= s;
  for (double &m : b.moments) m *= s * s;
  return b;
}

#define EXPECT_HAS(text, ...)                                                                               \
  do {                                                                                                      \
    const std::string t_ = (text);                                                                          \
    for (const std::string &w_ : std::initializer_list<std::string>{__VA_ARGS__})                           \
      EXPECT_NE(t_.find(w_), std::string::npos) << "expected: " << w_ << "\ngot: " << t_;                 \
  } while (0)

}    // namespace

// ---------------------------------------------------------------------------
// Numbers in messages

TEST(ShapeNumber, SixDigitsAndShortExponents)
{
  EXPECT_EQ(body_dem::shape_number(0.4), "0.4");
  EXPECT_EQ(body_dem::shape_number(-1.0), "-1");
  EXPECT_EQ(body_dem::shape_number(1e-5), "1e-5");
  EXPECT_EQ(body_dem::shape_number(2.5e-10), "2.5e-10");
  EXPECT_EQ(body_dem::shape_number(1.23456789e7), "1.23457e+7");
  EXPECT_EQ(body_dem::shape_number(0.0), "0");
}

// ---------------------------------------------------------------------------
// Valid bodies pass

TEST(PolyhedronShape, ValidBodiesPass)
{
  EXPECT_EQ(check(cube()), "");
  EXPECT_EQ(check(triangulated_cube()), "");
  EXPECT_EQ(check(tetrahedron()), "");
  // faces clockwise from outside (every face reversed)
  Body cw = cube();
  for (auto &q : cw.f) q = {q[3], q[2], q[1], q[0]};
  EXPECT_EQ(check(cw), "");
  // the host's example cube: the top face clockwise, the bottom one
  // counter-clockwise from outside (each face either way)
  Body mixed = cube();
  mixed.f[0] = {0, 1, 2, 3};
  EXPECT_EQ(check(mixed), "");
  // sharp corners
  Body sharp = cube();
  sharp.diameter = 0.0;
  EXPECT_EQ(check(sharp), "");
}

TEST(PolyhedronShape, ToleranceIsRelativeToTheBodySize)
{
  // The same cube in SI units (a 1 mm grain) and very large passes; the
  // same defect (a vertex lifted by 0.4 of the side) is found at every scale.
  for (double s : {1e-3, 1.0, 1e4}) {
    SCOPED_TRACE(s);
    EXPECT_EQ(check(scaled(cube(), s)), "");
    Body bad = scaled(cube(), s);
    bad.v[6].z += 0.4 * s;
    EXPECT_HAS(check(bad), "face 1 is not planar", "vertex 6");
  }
  // A cube turned about an oblique axis and written with 6 significant
  // digits (as %g does) still passes: its faces are planar to ~1e-6 of
  // its size, below the tolerance of 1e-5.
  Body turned = cube(1.7);
  const double c = std::cos(0.7), s = std::sin(0.7);
  for (Vec3 &p : turned.v) {
    const Vec3 q{c * p.x - s * p.y, s * p.x + c * p.y, p.z};       // about z
    const Vec3 r{q.x, c * q.y - s * q.z, s * q.y + c * q.z};       // about x
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g %g %g", r.x, r.y, r.z);
    double x, y, z;
    ASSERT_EQ(std::sscanf(buf, "%lf %lf %lf", &x, &y, &z), 3);
    p = {x, y, z};
  }
  EXPECT_EQ(check(turned), "");
}

TEST(PolyhedronShape, SpheresAndRods)
{
  Body sphere;
  sphere.v = {{0, 0, 0}};
  sphere.diameter = 1.0;
  EXPECT_EQ(check(sphere), "");
  sphere.diameter = 0.0;
  EXPECT_HAS(check(sphere), "rounded diameter 0 must be > 0 (a sphere: one vertex)");

  Body rod;
  rod.v = {{-1, 0, 0}, {1, 0, 0}};
  rod.e = {{0, 1}};
  rod.diameter = 0.5;
  rod.moments = {0.0, 1.0, 1.0};    // no moment about its own axis (x): a thin rod
  EXPECT_EQ(check(rod), "");
  rod.moments = {1.0, 0.0, 1.0};    // but about an axis across it
  EXPECT_HAS(check(rod), "moment of inertia 0 must be > 0 (principal moment 2 of 3); a note");
  rod.moments = {1.0, 1.0, 1.0};
  rod.diameter = 0.0;
  EXPECT_HAS(check(rod), "rounded diameter 0 must be > 0 (a rod: two vertices)");
  rod.diameter = 0.5;
  rod.v[1] = rod.v[0];
  EXPECT_HAS(check(rod), "has length 0");
}

// ---------------------------------------------------------------------------
// The defects of the issue, one at a time

TEST(PolyhedronShape, FaceListedTwiceAnotherMissing)
{
  Body b = cube();
  b.f[5] = b.f[4];
  EXPECT_HAS(check(b), "faces 4 and 5 have the same vertices (a face listed twice)");
  // the same face with its vertices in another order is the same face
  b.f[5] = {6, 2, 3, 7};
  EXPECT_HAS(check(b), "faces 4 and 5 have the same vertices");
}

TEST(PolyhedronShape, MissingFaceLeavesTheSurfaceOpen)
{
  Body b = cube();
  b.f.pop_back();    // the left face (3 0 4 7): its edges 3-0, 4-7, 0-4, 3-7 are on one face each
  EXPECT_HAS(check(b), "edge 3-0 is on 1 face, expected 2 (the surface is not closed)");
}

TEST(PolyhedronShape, NonConvexBody)
{
  // Vertex 6 (+,+,+) of the triangulated cube pushed to (0.1, 0.1, 0.1),
  // inside the hull of the others. The faces at vertex 6 stay triangles,
  // so the body is closed and its faces planar, but vertex 2 (+,+,-) now
  // lies outside the plane of face 3 (1 5 6) etc.
  Body b = triangulated_cube();
  b.v[6] = {0.1, 0.1, 0.1};
  EXPECT_HAS(check(b), "not convex: vertex", "outside the plane of face");
  // Any four points that span a volume make a convex tetrahedron: moving
  // a vertex of the tetrahedron through the opposite face gives another
  // valid one.
  Body t = tetrahedron();
  t.v[0] = {-2.0 / 3.0, -2.0 / 3.0, -2.0 / 3.0};
  EXPECT_EQ(check(t), "");
}

TEST(PolyhedronShape, FaceNotPlanar)
{
  // Vertex 6 of the top face (4 5 6 7, z = 0.5) lifted by 0.4: it lies
  // 0.4 from the plane z = 0.5 of the face's other three vertices (the
  // others lie at most 0.4/sqrt(1.32) = 0.348 from the planes of theirs).
  Body b = cube();
  b.v[6].z += 0.4;
  EXPECT_HAS(check(b), "face 1 is not planar: vertex 6 lies 0.4 from the plane of the face's other three vertices",
             "(tolerance 1e-5 of the body size");
}

TEST(PolyhedronShape, NegativeRoundedDiameter)
{
  Body b = cube();
  b.diameter = -0.1;
  EXPECT_HAS(check(b), "rounded diameter -0.1 must be >= 0");
  b.diameter = 0.0;
  b.rounding_required_by = "the model needs it";
  EXPECT_HAS(check(b), "rounded diameter 0 must be > 0 (the model needs it)");
}

TEST(PolyhedronShape, NegativeMomentOfInertia)
{
  Body b = cube();
  b.moments = {0.1667, -1.0, 0.1667};
  EXPECT_HAS(check(b), "moment of inertia -1 must be > 0 (principal moment 2 of 3)");
  b.moments = {0.1667, 0.1667, 0.0};
  EXPECT_HAS(check(b), "moment of inertia 0 must be > 0 (principal moment 3 of 3); a note");
}

// ---------------------------------------------------------------------------
// The other defects

TEST(PolyhedronShape, IndicesOutOfRange)
{
  Body b = cube();
  b.e[0] = {0, 8};
  EXPECT_HAS(check(b), "edge 0 (0 8) must join two different vertices among 0..7");
  b = cube();
  b.e[3] = {3, 3};
  EXPECT_HAS(check(b), "edge 3 (3 3) must join two different vertices");
  b = cube();
  b.f[2] = {0, 1, 9, 4};
  EXPECT_HAS(check(b), "face 2 has vertex index 9");
  b = cube();
  b.f[2] = {0, 1, -1, -1};
  EXPECT_HAS(check(b), "face 2 has vertex index -1");
  b = cube();
  b.f[2] = {0, 1, 5, 1};
  EXPECT_HAS(check(b), "face 2 lists vertex 1 twice");
}

TEST(PolyhedronShape, RepeatedVertexEdgeAndZeroLengthEdge)
{
  Body b = cube();
  b.v[7] = b.v[4];    // not joined by an edge
  // (edges 7-4 joins them: the zero-length edge is found first)
  EXPECT_HAS(check(b), "edge 7-4 has length 0");
  b = cube();
  b.v[6] = b.v[0];    // vertices 0 and 6 share no edge
  EXPECT_HAS(check(b), "vertices 0 and 6 coincide (distance 0)");
  b = cube();
  b.e.push_back({2, 1});
  EXPECT_HAS(check(b), "edges 1 and 12 both join vertices 1-2 (an edge listed twice)");
}

TEST(PolyhedronShape, FaceVerticesOutOfOrderOrNotConvex)
{
  // The front face (0 1 5 4) listed as 0 5 1 4: sides 0-5 and 1-4 cross.
  Body b = cube();
  b.f[2] = {0, 5, 1, 4};
  EXPECT_HAS(check(b), "face 2: its vertices are not in order around it: sides", "cross");
  // Vertex 6 moved within the top plane to (-0.1, -0.1, 0.5), beyond the
  // diagonal 5-7 (x + y = 0): a reflex corner 0.2/sqrt(2) = 0.141421 deep.
  b = cube();
  b.v[6] = {-0.1, -0.1, 0.5};
  EXPECT_HAS(check(b), "face 1 is not convex: vertex 6 lies 0.141421 inside the line through vertices 5 and 7");
  // A triangle whose vertices lie on one line.
  Body t = tetrahedron();
  t.v[3] = (t.v[1] + t.v[2]) * 0.5;    // vertex 3 halfway between 1 and 2: face 3 (1 2 3) has no area
  EXPECT_HAS(check(t), "has zero area: its vertices lie on one line");
}

TEST(PolyhedronShape, EdgesAndFacesMustAgree)
{
  Body b = cube();
  b.e.erase(b.e.begin());    // edge 0-1, a side of faces 0 and 2
  EXPECT_HAS(check(b), "side 0-1 of faces 0 and 2 is not among the edges",
             "a vertex of face 2 lies 1 from the plane of face 0");
  // The diagonals of a flat region split into triangles need not be edges
  // (the faces at them lie in one plane), but may be.
  b = triangulated_cube();
  b.e.resize(12);
  EXPECT_EQ(check(b), "");
  // Without its partner triangle such a side is on one face only.
  b.f.erase(b.f.begin() + 1);    // triangle (0 2 3) of the bottom face
  EXPECT_HAS(check(b), "the surface is not closed");
  b = cube();
  b.e.push_back({0, 6});    // a space diagonal: on no face
  EXPECT_HAS(check(b), "edge 0-6 is on 0 faces, expected 2");
  b = cube();
  b.v.push_back({0, 0, 0});    // a vertex inside, on no face
  EXPECT_HAS(check(b), "vertex 8 is on no face");
  b = cube();
  b.f.clear();
  EXPECT_HAS(check(b), "has no faces");
}

TEST(PolyhedronShape, FlatBodyHasNoVolume)
{
  // A square plate closed by two triangles on each side, split along
  // different diagonals (so that no face repeats another): closed,
  // planar faces, but no volume.
  Body b;
  b.v = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  b.e = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}, {1, 3}};
  b.f = {{0, 1, 2, -1}, {0, 2, 3, -1}, {0, 3, 1, -1}, {1, 3, 2, -1}};
  EXPECT_HAS(check(b), "has no volume: all its vertices lie in one plane");
}

TEST(PolyhedronShape, NonFiniteVertex)
{
  Body b = cube();
  b.v[3].y = std::nan("");
  EXPECT_HAS(check(b), "vertex 3 has a coordinate that is not a finite number");
}

// ---------------------------------------------------------------------------
// 2d polygons

TEST(PolygonShape, ValidPolygonsPass)
{
  const std::vector<Vec3> square{{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
  EXPECT_EQ(check_polygon(square), "");
  EXPECT_EQ(check_polygon({square[3], square[2], square[1], square[0]}), "");    // clockwise
  EXPECT_EQ(check_polygon(square, 0.0), "");                                      // sharp corners
  // a straight angle (vertex 1 in the middle of a side) is still convex
  EXPECT_EQ(check_polygon({{-1, -1, 0}, {0, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}}), "");
  EXPECT_EQ(check_polygon({{0, 0, 0}}, 1.0), "");                        // a disk
  EXPECT_EQ(check_polygon({{-1, 0, 0}, {1, 0, 0}}, 0.5), "");            // a rod
  // the size of the body sets the tolerance
  std::vector<Vec3> tiny = square;
  for (Vec3 &p : tiny) p = p * 1e-6;
  EXPECT_EQ(check_polygon(tiny, 1e-7, 1e-12), "");
}

TEST(PolygonShape, NotConvex)
{
  // a dart: the neighbours 1 (1, -1) and 3 (-1, 1) of vertex 2 span the
  // line x + y = 0; vertex 2 at (-0.3, -0.3) lies 0.6/sqrt(2) = 0.424264
  // from it on the inner side.
  EXPECT_HAS(check_polygon({{-1, -1, 0}, {1, -1, 0}, {-0.3, -0.3, 0}, {-1, 1, 0}}),
             "not convex: vertex 2 lies 0.424264 inside the line through vertices 1 and 3");
}

TEST(PolygonShape, NotInOrder)
{
  EXPECT_HAS(check_polygon({{-1, -1, 0}, {1, 1, 0}, {1, -1, 0}, {-1, 1, 0}}),
             "its vertices are not in order around it: edges 0-1 and 2-3 cross");
}

TEST(PolygonShape, RepeatedVertexAndCollinear)
{
  EXPECT_HAS(check_polygon({{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {1, 1, 0}, {-1, 1, 0}}),
             "vertices 2 and 3 coincide (distance 0)");
  EXPECT_HAS(check_polygon({{-1, 0, 0}, {0, 0, 0}, {1, 0, 0}}), "its vertices lie on one line");
  EXPECT_HAS(check_polygon({{-1, 0, 0}, {-1, 0, 0}}, 0.5), "its two vertices coincide");
}

TEST(PolygonShape, RoundingInertiaAndPlane)
{
  const std::vector<Vec3> square{{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
  EXPECT_HAS(check_polygon(square, -0.1), "rounded diameter -0.1 must be >= 0");
  EXPECT_HAS(check_polygon({{0, 0, 0}}, 0.0), "rounded diameter 0 must be > 0 (a disk: one vertex)");
  EXPECT_HAS(check_polygon(square, 0.2, -1.0),
             "moment of inertia -1 must be > 0 (the moment about the axis normal to the plane)");
  std::vector<Vec3> lifted = square;
  lifted[1].z = 0.3;
  EXPECT_HAS(check_polygon(lifted), "vertex 1 lies 0.3 off the plane of the 2d simulation");
}
