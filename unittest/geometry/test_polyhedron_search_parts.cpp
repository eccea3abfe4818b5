// Unit tests of the small parts of the 3d contact search
// (src/BODY_ROUNDED/polyhedron_contacts/ramps.h, topology.h, shape.h,
// culling.h). No LAMMPS.
//
// Every expected number is worked out by hand in the comment next to it.
// Tolerance kTol = 1e-14: inputs are small dyadic numbers or unit vectors,
// results come from < 30 flops on O(1) values, each rounding by at most
// 1.1e-16 relative; exact binary results are compared with EXPECT_EQ.

#include "hull_test_bodies.h"
#include "polyhedron_contacts.h"
#include "polyhedron_test_bodies.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace body_dem;
using namespace body_dem::polyhedron_detail;
using namespace body_dem_test;

namespace {
constexpr double kTol = 1e-14;
}    // namespace

// ---------------------------------------------------------------- ramps.h

TEST(PolyhedronRamps, SmoothStep)
{
  // S(x) = x^2 (3 - 2x): S(0.5) = 0.25 * 2 = 0.5, S(0.25) = 0.0625 * 2.5 =
  // 0.15625, S(0.75) = 0.5625 * 1.5 = 0.84375; 0 below 0, 1 above 1
  EXPECT_EQ(smooth_step(0.5), 0.5);
  EXPECT_EQ(smooth_step(0.25), 0.15625);
  EXPECT_EQ(smooth_step(0.75), 0.84375);
  EXPECT_EQ(smooth_step(-0.1), 0.0);
  EXPECT_EQ(smooth_step(0.0), 0.0);
  EXPECT_EQ(smooth_step(1.0), 1.0);
  EXPECT_EQ(smooth_step(7.0), 1.0);
}

TEST(PolyhedronRamps, RampOfLengthZeroIsAStep)
{
  // ramp(x, len) = S(x / len): ramp(0.02, 0.05) = S(0.4) = 0.16 * 2.2 = 0.352
  EXPECT_NEAR(ramp(0.02, 0.05), 0.352, kTol);
  EXPECT_EQ(ramp(0.1, 0.05), 1.0);
  // len = 0: 1 for x > 0, 0 for x <= 0 (also for x = len = 0, no 0/0)
  EXPECT_EQ(ramp(1e-300, 0.0), 1.0);
  EXPECT_EQ(ramp(0.0, 0.0), 0.0);
  EXPECT_EQ(ramp(-1.0, 0.0), 0.0);
}

TEST(PolyhedronRamps, ClampUnit)
{
  EXPECT_EQ(clamp_unit(1.0000000000000002), 1.0);
  EXPECT_EQ(clamp_unit(-1.0000000000000002), -1.0);
  EXPECT_EQ(clamp_unit(0.25), 0.25);
}

// ---------------------------------------------------------------- topology.h

TEST(PolyhedronTopology, FacesOfACubeEdge)
{
  // Cube edge 5 joins vertices 5 (+,-,+) and 6 (+,+,+). Face 1 (top, 4 5 6
  // 7) lists it as 5 -> 6 (+1), face 3 (right, 1 2 6 5) as 6 -> 5 (-1); the
  // faces are found in index order. Outward direction: the normalised sum
  // of (0, 0, 1) and (1, 0, 0), i.e. (1, 0, 1) / sqrt 2.
  const Body c = cube(0.5, 0.1);
  const PolyhedronShape s = c.shape();
  EXPECT_EQ(face_edge_direction(s, 1, 5, 6), 1);
  EXPECT_EQ(face_edge_direction(s, 1, 6, 5), -1);
  EXPECT_EQ(face_edge_direction(s, 3, 5, 6), -1);
  EXPECT_EQ(face_edge_direction(s, 0, 5, 6), 0);
  const EdgeFaces ef = edge_faces(s, 5);
  ASSERT_EQ(ef.n, 2);
  EXPECT_EQ(ef.face[0], 1);
  EXPECT_EQ(ef.dir[0], 1);
  EXPECT_EQ(ef.face[1], 3);
  EXPECT_EQ(ef.dir[1], -1);
  const Vec3 o = edge_outward(s, ef);
  const double h = std::sqrt(0.5);
  EXPECT_NEAR(o.x, h, kTol);
  EXPECT_EQ(o.y, 0.0);
  EXPECT_NEAR(o.z, h, kTol);
  // the closing edge of a face (last vertex -> first): edge 7 (7, 4) of
  // the top face 4 5 6 7 and of the left face 3 0 4 7 (as 4 -> 7)
  const EdgeFaces e7 = edge_faces(s, 7);
  ASSERT_EQ(e7.n, 2);
  EXPECT_EQ(e7.face[0], 1);
  EXPECT_EQ(e7.dir[0], 1);
  EXPECT_EQ(e7.face[1], 5);
  EXPECT_EQ(e7.dir[1], -1);
  EXPECT_TRUE(vertex_in_edge(s, 5, 5));
  EXPECT_TRUE(vertex_in_edge(s, 5, 6));
  EXPECT_FALSE(vertex_in_edge(s, 5, 4));
}

TEST(PolyhedronTopology, TriangleFacesOfATetrahedron)
{
  // tetra_apex_down: edge 3 (0, 3) lies on faces 1 (0 3 1: 0 -> 3) and 3
  // (2 3 0: 3 -> 0)
  const Body t = tetra_apex_down(0.6, 0.8, 0.1);
  const EdgeFaces ef = edge_faces(t.shape(), 3);
  ASSERT_EQ(ef.n, 2);
  EXPECT_EQ(ef.face[0], 1);
  EXPECT_EQ(ef.dir[0], 1);
  EXPECT_EQ(ef.face[1], 3);
  EXPECT_EQ(ef.dir[1], -1);
}

TEST(PolyhedronTopology, EdgeWithoutFaces)
{
  // a rod has no faces: no faces of its edge, no outward direction
  const Body r = rod({-1, 0, 0}, {1, 0, 0}, 0.1);
  const EdgeFaces ef = edge_faces(r.shape(), 0);
  EXPECT_EQ(ef.n, 0);
  const Vec3 o = edge_outward(r.shape(), ef);
  EXPECT_EQ(norm2(o), 0.0);
}

TEST(PolyhedronTopology, TableOfEdgeFacesIsTheScan)
{
  // build_edge_face_table() (once per body shape) gives for every edge the
  // faces and directions that scan_edge_faces() finds by scanning all
  // faces: cubes, tetrahedra, a rod, and hull grains of 20 to 200
  // vertices (each edge in exactly two faces, listed once each way).
  std::vector<Body> bodies = {cube(0.5, 0.1), tetra_apex_down(0.6, 0.8, 0.1), rod({0, 0, 0}, {1, 0, 0}, 0.1)};
  for (int n : {20, 50, 100, 200}) bodies.push_back(hull_body(n, 11 + n, 0.05));
  for (const Body &b : bodies) {
    const PolyhedronShape s = b.shape();
    std::vector<EdgeFaces> table(s.nedges);
    std::vector<int> scratch(edge_face_table_scratch(s.nvertices, s.nedges));
    build_edge_face_table(s, table.data(), scratch.data());
    PolyhedronShape with_table = s;
    with_table.edge_face_table = table.data();
    for (int e = 0; e < s.nedges; ++e) {
      const EdgeFaces scan = scan_edge_faces(s, e), t = edge_faces(with_table, e);
      ASSERT_EQ(t.n, scan.n) << "edge " << e << " of a body of " << s.nvertices << " vertices";
      if (s.nvertices > 3) {
        EXPECT_EQ(t.n, 2);    // closed bodies: two faces at every edge
      }
      for (int k = 0; k < t.n; ++k) {
        EXPECT_EQ(t.face[k], scan.face[k]);
        EXPECT_EQ(t.dir[k], scan.dir[k]);
      }
    }
  }
}

// ---------------------------------------------------------------- shape.h

TEST(PolyhedronShapeData, OffsetsCentroidShortestEdgeInside)
{
  // cube of edge 1 moved by (1, 2, 3): top face offset dot((0,0,1), (., ., 3.5))
  // = 3.5, bottom face offset dot((0,0,-1), (., ., 2.5)) = -2.5; centroid
  // (1, 2, 3); every edge has length 1
  const Body c = cube(0.5, 0.1).moved({1, 2, 3});
  const PolyhedronShape s = c.shape();
  EXPECT_EQ(face_offset(s, nullptr, 1), 3.5);
  EXPECT_EQ(face_offset(s, nullptr, 0), -2.5);
  const double given[6] = {7, 7, 7, 7, 7, 7};
  EXPECT_EQ(face_offset(s, given, 1), 7.0);    // given offsets are used as they are
  const Vec3 ctr = centroid(s);
  EXPECT_EQ(ctr.x, 1.0);
  EXPECT_EQ(ctr.y, 2.0);
  EXPECT_EQ(ctr.z, 3.0);
  EXPECT_EQ(min_edge_length2(s), 1.0);
  EXPECT_TRUE(inside_closed_body({1.2, 2.3, 3.4}, s));
  EXPECT_TRUE(inside_closed_body({1.5, 2.0, 3.0}, s));    // on a face: inside
  EXPECT_FALSE(inside_closed_body({1.6, 2.0, 3.0}, s));
  // a rod has no inside and no shortest edge of positive length when its
  // ends coincide
  const Body r = rod({0, 0, 0}, {0, 0, 0}, 0.1);
  EXPECT_FALSE(inside_closed_body({0, 0, 0}, r.shape()));
  EXPECT_EQ(min_edge_length2(r.shape()), HUGE_VAL);
}

TEST(PolyhedronShapeData, ProjectionInsideAQuadrilateralFace)
{
  // the top face of the unit cube, tested as its triangles (4 5 6), below
  // the diagonal y = x, and (4 6 7), above it: the point above (0.2, 0.4)
  // projects into the second, above (0.4, -0.2) into the first, above
  // (0.6, 0) into neither
  const PolyhedronShape s = cube(0.5, 0.1).shape();
  EXPECT_TRUE(projects_inside_face({0.2, 0.4, 2.0}, s, 1));
  EXPECT_TRUE(projects_inside_face({0.4, -0.2, 2.0}, s, 1));
  EXPECT_FALSE(projects_inside_face({0.6, 0.0, 2.0}, s, 1));
}

TEST(PolyhedronContactKeys, SwappedKeysNameTheSameContact)
{
  // vertex 5 of body i: 4 * 5 + 0 = 20; seen from the other body it is
  // vertex 5 of body j: 21. Crossing of edges 3 (i) and 7 (j): 4 (3 2^20 +
  // 7) + 2; swapped, edges 7 (i) and 3 (j).
  EXPECT_EQ(vertex_contact_key(0, 5), 20.0);
  EXPECT_EQ(swapped_contact_key(20.0), 21.0);
  EXPECT_EQ(swapped_contact_key(21.0), 20.0);
  EXPECT_EQ(crossing_contact_key(3, 7), 4.0 * (3.0 * 1048576.0 + 7.0) + 2.0);
  EXPECT_EQ(swapped_contact_key(crossing_contact_key(3, 7)), crossing_contact_key(7, 3));
}

// ---------------------------------------------------------------- culling.h

namespace {

// A PairSearch of two bodies with their face offsets and leading faces.
struct Search {
  PolyhedronShape a, b;    // the search keeps references to them
  PolyhedronContactList out;
  SmoothingParams params;
  PairSearch s;
  Search(const PolyhedronShape &shape_a, const PolyhedronShape &shape_b, double cutoff)
      : a(shape_a), b(shape_b), s(a, b, params, out, cutoff)
  {
    s.compute_face_offsets();
    find_leading_faces(s);
  }
};

}    // namespace

TEST(PolyhedronCulling, LeadingFacesAndSeparation)
{
  // Two unit cubes (r = 0.1 each), B's centre 1.5 above A's: the skeletons
  // are 0.5 apart. A's face facing B is its top (face 1), B's its bottom
  // (face 0). With cutoff 0.2, dmax = 0.4 < 0.5: A's top plane (z = 0.5)
  // has all of B's vertices (z >= 1) beyond it by 0.5 > dmax: apart. With
  // cutoff 0.35, dmax = 0.55: not separated.
  const Body A = cube(0.5, 0.1), B = cube(0.5, 0.1).moved({0, 0, 1.5});
  Search far(A.shape(), B.shape(), 0.2);
  EXPECT_EQ(far.s.lead_i, 1);
  EXPECT_EQ(far.s.lead_j, 0);
  EXPECT_TRUE(face_separates(A.shape(), far.s.off_i, 1, B.shape(), 0.4));
  EXPECT_TRUE(leading_faces_separate(far.s));
  Search near(A.shape(), B.shape(), 0.35);
  EXPECT_FALSE(leading_faces_separate(near.s));
  // a face whose plane does not separate (A's right face, x = 0.5: B's
  // vertices at x = -0.5 lie behind it)
  EXPECT_FALSE(face_separates(A.shape(), far.s.off_i, 3, B.shape(), 0.4));
  // no leading face (-1) or an open body separates nothing
  EXPECT_FALSE(face_separates(A.shape(), far.s.off_i, -1, B.shape(), 0.4));
}

TEST(PolyhedronCulling, SupportTableStartsTheClimbAtOrNearTheTop)
{
  // support_vertex() with a body's support table (built once in the body
  // frame, looked up through the body axes of a rotated copy) finds the
  // top along any direction: its value is the largest of all vertices',
  // bit for bit (the climb compares the same dot products); and the
  // table's start is the top itself or next to it for most directions
  // (the climb's cost), on hull grains of 20 to 200 vertices and a cube.
  std::mt19937 rng(31);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<Body> bodies = {cube(0.5, 0.1)};
  for (int n : {20, 50, 100, 200}) bodies.push_back(hull_body(n, 40 + n, 0.05));
  for (const Body &frame : bodies) {
    const PolyhedronShape s0 = frame.shape();
    std::vector<int> adjacency(vertex_adjacency_ints(s0.nvertices, s0.nedges, s0.nfaces));
    int *a = adjacency.data();
    const int nv = s0.nvertices, ne = s0.nedges;
    build_vertex_adjacency(s0, a, a + nv + 1, a + nv + 1 + 2 * ne, a + nv + 1 + 4 * ne, a + 2 * (nv + 1) + 4 * ne);
    std::vector<int> table(kSupportTableCells, -1);
    build_support_table(frame.v.data(), nv, table.data());
    for (int t : table) ASSERT_TRUE(t >= 0 && t < nv);    // every cell filled
    int at_top = 0, near_top = 0, tried = 0;
    for (int trial = 0; trial < 200; ++trial) {
      const Mat3 R = rotation({u(rng), u(rng), u(rng)}, 3.2 * u(rng));
      const Body b = frame.moved(R, {u(rng), u(rng), u(rng)});
      const Vec3 axes[3] = {R * Vec3{1, 0, 0}, R * Vec3{0, 1, 0}, R * Vec3{0, 0, 1}};
      PolyhedronShape s = b.shape();
      s.vertex_edge_first = a;
      s.vertex_edges = a + nv + 1;
      s.vertex_neighbors = a + nv + 1 + 2 * ne;
      s.support_table = table.data();
      s.body_axes = axes;
      const Vec3 n = normalized_or_zero(Vec3{u(rng), u(rng), u(rng)});
      for (const double sign : {1.0, -1.0}) {
        double top = 0.0, best = -HUGE_VAL;
        const int v = support_vertex(s, n, sign, top);
        for (const Vec3 &x : b.v) best = std::max(best, sign * dot(x, n));
        EXPECT_EQ(top, best) << nv << " vertices, trial " << trial;
        EXPECT_EQ(sign * dot(b.v[v], n), top);
        // the table's start, the direction in the body frame
        const Vec3 d{dot(axes[0], n) * sign, dot(axes[1], n) * sign, dot(axes[2], n) * sign};
        const int start = table[support_table_cell(d)];
        at_top += sign * dot(b.v[start], n) == best;
        bool next = false;
        for (int q = s.vertex_edge_first[start]; q < s.vertex_edge_first[start + 1]; ++q)
          next = next || sign * dot(b.v[s.vertex_neighbors[q]], n) == best;
        near_top += sign * dot(b.v[start], n) == best || next;
        ++tried;
      }
    }
    std::printf("[ info     ] %d vertices: the start is the top for %d of %d directions, the top or next to it for %d\n",
                nv, at_top, tried, near_top);
    // (measured: cube 400 and 400 of 400; hull grains of 20 to 200
    // vertices 304 to 176 at the top, 400 to 360 at or next to it; a table
    // read through the wrong axes, or built for other directions than its
    // cells', starts far away)
    if (nv == 8) {
      EXPECT_EQ(at_top, tried);    // a cell's directions share an octant: one corner of the cube
    }
    EXPECT_GE(near_top, 0.85 * tried) << nv << " vertices";
  }
  // any direction has a cell, a zero or not finite one too
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  for (const Vec3 &d : {Vec3{0, 0, 0}, Vec3{nan, 0, 1}, Vec3{inf, 1, 0}, Vec3{0, -inf, inf}, Vec3{1e-300, 0, 0}}) {
    const int c = support_table_cell(d);
    EXPECT_TRUE(c >= 0 && c < kSupportTableCells);
  }
}

TEST(PolyhedronCulling, EdgeBeyondAFacePlane)
{
  // A unit cube B at the origin; the edges of a rod A tested from the faces
  // that separate their ends (beyond[], as the vertex stage leaves it),
  // dmax = 0.2:
  //  - both ends beyond the same face: beyond;
  //  - end 0 beyond B's top (z = 0.5) and end 1 at z = 0.8 (0.3 beyond the
  //    same plane): beyond, tested on the plane of end 0's face;
  //  - end 1 at z = 0.6 (0.1 beyond, within dmax): not beyond;
  //  - no end separated, or no array kept: not beyond.
  const Body B = cube(0.5, 0.1);
  const Body A = rod({0, 0, 1.0}, {2.0, 0, 0.8}, 0.1);
  const double *no_offsets = nullptr;
  int both[2] = {1, 1}, first[2] = {1, 3}, none[2] = {-1, -1};
  EXPECT_TRUE(edge_beyond(A.shape(), both, true, B.shape(), no_offsets, 0, 0.2));
  EXPECT_TRUE(edge_beyond(A.shape(), first, true, B.shape(), no_offsets, 0, 0.2));
  const Body A2 = rod({0, 0, 1.0}, {2.0, 0, 0.6}, 0.1);
  int only0[2] = {1, -1};
  EXPECT_FALSE(edge_beyond(A2.shape(), only0, true, B.shape(), no_offsets, 0, 0.2));
  EXPECT_FALSE(edge_beyond(A.shape(), none, true, B.shape(), no_offsets, 0, 0.2));
  EXPECT_FALSE(edge_beyond(A.shape(), both, false, B.shape(), no_offsets, 0, 0.2));
}
