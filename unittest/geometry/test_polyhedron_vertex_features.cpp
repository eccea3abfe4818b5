// Unit tests of stage 1 of the 3d contact search, the vertex contacts
// (src/BODY_ROUNDED/polyhedron_contacts/vertex_features.h): the feature of
// a body nearest to a point (rule 1 of polyhedron_contacts.h) and the
// candidates the stage adds. No LAMMPS.
//
// Every expected number is worked out by hand in the comment next to it.
// Tolerance kTol = 1e-14: inputs are small dyadic numbers, results come
// from < 30 flops on O(1) values (a square root at most), each rounding by
// at most 1.1e-16 relative.
//
// Body B unless said otherwise: the cube of edge 1 centred at the origin
// (polyhedron_test_bodies.h: faces 0 bottom, 1 top, 2 front -y, 3 right
// +x, 4 back +y, 5 left -x; edge 5 joins vertices 5 (+,-,+) and 6
// (+,+,+)); reach dmax = 0.3.

#include "polyhedron_contacts.h"
#include "polyhedron_test_bodies.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace body_dem;
using namespace body_dem::polyhedron_detail;
using namespace body_dem_test;

namespace {

constexpr double kTol = 1e-14;
constexpr double kReach = 0.3;

void expect_vec_near(const Vec3 &actual, const Vec3 &expected, double tol = kTol)
{
  EXPECT_NEAR(actual.x, expected.x, tol);
  EXPECT_NEAR(actual.y, expected.y, tol);
  EXPECT_NEAR(actual.z, expected.z, tol);
}

FeatureNearest nearest(const Vec3 &p, const Body &b, int first_face, int &beyond)
{
  return nearest_feature(p, b.shape(), nullptr, kReach, first_face, beyond);
}

}    // namespace

TEST(PolyhedronVertexFeatures, AboveAFace)
{
  // (0.1, 0.2, 0.7) lies 0.2 above the top face and projects into it:
  // face 1, distance 0.2, foot (0.1, 0.2, 0.5), away +z
  const Body B = cube(0.5, 0.1);
  int beyond = 7;
  const FeatureNearest r = nearest({0.1, 0.2, 0.7}, B, -1, beyond);
  ASSERT_TRUE(r.found);
  EXPECT_EQ(beyond, -1);
  EXPECT_EQ(r.kind, FeatureKind::face);
  EXPECT_EQ(r.index, 1);
  EXPECT_NEAR(r.distance, 0.2, kTol);
  expect_vec_near(r.foot, {0.1, 0.2, 0.5});
  expect_vec_near(r.away, {0, 0, 1});
}

TEST(PolyhedronVertexFeatures, BesideAnEdge)
{
  // (0.7, 0, 0.6) projects into neither the top face (x > 0.5) nor the
  // right face (z > 0.5): the nearest point of the edges is the middle of
  // edge 5, (0.5, 0, 0.5), t = 0.5, at distance sqrt(0.2^2 + 0.1^2) =
  // sqrt(0.05) < 0.3; away = (0.2, 0, 0.1) / sqrt(0.05)
  const Body B = cube(0.5, 0.1);
  int beyond = 7;
  const FeatureNearest r = nearest({0.7, 0, 0.6}, B, -1, beyond);
  ASSERT_TRUE(r.found);
  EXPECT_EQ(r.kind, FeatureKind::edge);
  EXPECT_EQ(r.index, 5);
  EXPECT_NEAR(r.t, 0.5, kTol);
  EXPECT_NEAR(r.distance, std::sqrt(0.05), kTol);
  expect_vec_near(r.foot, {0.5, 0, 0.5});
  expect_vec_near(r.away, Vec3{0.2, 0, 0.1} * (1.0 / std::sqrt(0.05)));
}

TEST(PolyhedronVertexFeatures, BeyondACorner)
{
  // (0.6, 0.6, 0.6): nearest point the corner vertex 6 (0.5, 0.5, 0.5) at
  // distance sqrt(3) * 0.1
  const Body B = cube(0.5, 0.1);
  int beyond = 7;
  const FeatureNearest r = nearest({0.6, 0.6, 0.6}, B, -1, beyond);
  ASSERT_TRUE(r.found);
  EXPECT_EQ(r.kind, FeatureKind::vertex);
  EXPECT_EQ(r.index, 6);
  EXPECT_NEAR(r.distance, 0.1 * std::sqrt(3.0), kTol);
  expect_vec_near(r.foot, {0.5, 0.5, 0.5});
}

TEST(PolyhedronVertexFeatures, InsideGoesOutThroughTheNearestFacePlane)
{
  // (0.1, 0, 0.4) lies inside, 0.1 below the top plane and 0.4 or more
  // below every other: face 1, distance -0.1, foot (0.1, 0, 0.5), away +z
  const Body B = cube(0.5, 0.1);
  int beyond = 7;
  const FeatureNearest r = nearest({0.1, 0, 0.4}, B, -1, beyond);
  ASSERT_TRUE(r.found);
  EXPECT_EQ(r.kind, FeatureKind::face);
  EXPECT_EQ(r.index, 1);
  EXPECT_NEAR(r.distance, -0.1, kTol);
  expect_vec_near(r.foot, {0.1, 0, 0.5});
  expect_vec_near(r.away, {0, 0, 1});
}

TEST(PolyhedronVertexFeatures, OutOfReachNamesTheSeparatingFace)
{
  // (0, 0, 0.9) lies 0.4 > 0.3 beyond the top plane: not found. The faces
  // are tried in index order (bottom: 1.4 below its plane, then top:
  // beyond) unless a first face is given: the top one stops the search at
  // once, the right one (0.5 behind its plane) does not.
  const Body B = cube(0.5, 0.1);
  for (const int first : {-1, 1, 3}) {
    int beyond = 7;
    const FeatureNearest r = nearest({0, 0, 0.9}, B, first, beyond);
    EXPECT_FALSE(r.found);
    EXPECT_EQ(beyond, 1) << "first face " << first;
  }
  // beyond the reach of an edge, no face plane separating by more than
  // 0.3: (0.7, 0, 0.75) is 0.2 and 0.25 beyond the right and top planes,
  // sqrt(0.04 + 0.0625) = 0.32 from edge 5: not found, no face named
  int beyond = 7;
  EXPECT_FALSE(nearest({0.7, 0, 0.75}, B, -1, beyond).found);
  EXPECT_EQ(beyond, -1);
}

TEST(PolyhedronVertexFeatures, OpenPlateCountsFromBothSides)
{
  // B's top face alone (one face: an open plate, no inside): a point 0.2
  // below it is found on the face with the normal turned round (away = -z)
  Body plate = cube(0.5, 0.1);
  plate.f = {plate.f[1]};
  plate.finish();
  int beyond = 7;
  const FeatureNearest r = nearest({0.1, 0.1, 0.3}, plate, -1, beyond);
  ASSERT_TRUE(r.found);
  EXPECT_EQ(r.kind, FeatureKind::face);
  EXPECT_EQ(r.index, 0);
  EXPECT_NEAR(r.distance, 0.2, kTol);
  expect_vec_near(r.away, {0, 0, -1});
  expect_vec_near(r.foot, {0.1, 0.1, 0.5});
}

TEST(PolyhedronVertexFeatures, RodAndSphere)
{
  // a rod (one edge, no faces) from (-1, 0, 0) to (1, 0, 0): the point
  // (0.5, 0.2, 0) finds its edge at t = 0.75, distance 0.2; beyond an end,
  // (1.1, 0.1, 0), its vertex 1 at distance sqrt(0.02)
  const Body R = rod({-1, 0, 0}, {1, 0, 0}, 0.1);
  int beyond = 7;
  FeatureNearest r = nearest({0.5, 0.2, 0}, R, -1, beyond);
  ASSERT_TRUE(r.found);
  EXPECT_EQ(r.kind, FeatureKind::edge);
  EXPECT_EQ(r.index, 0);
  EXPECT_NEAR(r.t, 0.75, kTol);
  EXPECT_NEAR(r.distance, 0.2, kTol);
  r = nearest({1.1, 0.1, 0}, R, -1, beyond);
  ASSERT_TRUE(r.found);
  EXPECT_EQ(r.kind, FeatureKind::vertex);
  EXPECT_EQ(r.index, 1);
  EXPECT_NEAR(r.distance, std::sqrt(0.02), kTol);
  // a sphere (one vertex) at (0, 0, 0): the point (0.15, 0.2, 0) at 0.25
  const Body S = sphere({0, 0, 0}, 0.1);
  r = nearest({0.15, 0.2, 0}, S, -1, beyond);
  ASSERT_TRUE(r.found);
  EXPECT_EQ(r.kind, FeatureKind::vertex);
  EXPECT_EQ(r.index, 0);
  EXPECT_NEAR(r.distance, 0.25, kTol);
}

TEST(PolyhedronVertexFeatures, StageAddsOneCandidatePerVertexInReach)
{
  // A: a sphere of radius 0.1 at (0, 0, 0.7), B the cube with r = 0.1,
  // cutoff 0.1: r_sum 0.2, dmax 0.3. The sphere's vertex is 0.2 above the
  // top face: one candidate, vertex 0 of i on face 1 of j, on_i (0, 0,
  // 0.7), on_j (0, 0, 0.5), normal from i to j (0, 0, -1), delta_n = 0.2 -
  // 0.2 = 0, depth dmax - 0.2 = 0.1, weight 1, owner 0. The cube's
  // vertices are not tested against the sphere.
  const Body A = sphere({0, 0, 0.7}, 0.1);
  const Body B = cube(0.5, 0.1);
  const PolyhedronShape sa = A.shape(), sb = B.shape();    // the search keeps references to them
  PolyhedronContactList out;
  const SmoothingParams params;
  PairSearch s(sa, sb, params, out, 0.1);
  s.compute_face_offsets();
  find_leading_faces(s);
  add_vertex_candidates(s);
  ASSERT_EQ(out.size, 1);
  EXPECT_EQ(s.n_vertex_candidates, 1);
  const Contact &c = out[0];
  EXPECT_EQ(c.kind_i, FeatureKind::vertex);
  EXPECT_EQ(c.index_i, 0);
  EXPECT_EQ(c.kind_j, FeatureKind::face);
  EXPECT_EQ(c.index_j, 1);
  expect_vec_near(c.on_i, {0, 0, 0.7});
  expect_vec_near(c.on_j, {0, 0, 0.5});
  expect_vec_near(c.normal, {0, 0, -1});
  EXPECT_NEAR(c.delta_n, 0.0, kTol);
  EXPECT_EQ(c.weight, 1.0);
  EXPECT_NEAR(s.info[0].depth, 0.1, kTol);
  EXPECT_EQ(s.info[0].owner, 0);
  EXPECT_FALSE(s.keep_beyond_j);    // j's vertices were not tested

  // The cube A = B moved up by 1.2 (gap 0.2): its four bottom vertices
  // lie 0.2 above B's top face (vertices 0..3 of i, in index order), and
  // B's four top vertices 0.2 below A's bottom face (vertices 4..7 of j):
  // 8 candidates, normal -z, delta_n 0. A's top vertices lie beyond B's
  // top plane by 1.2 > 0.3: beyond_i names face 1 for them.
  const Body C = cube(0.5, 0.1).moved({0, 0, 1.2});
  const PolyhedronShape sc = C.shape();
  PolyhedronContactList out2;
  PairSearch s2(sc, sb, params, out2, 0.1);
  s2.compute_face_offsets();
  find_leading_faces(s2);
  add_vertex_candidates(s2);
  ASSERT_EQ(out2.size, 8);
  for (int k = 0; k < 8; ++k) {
    EXPECT_EQ(s2.info[k].owner, k < 4 ? 0 : 1);
    EXPECT_EQ(k < 4 ? out2[k].index_i : out2[k].index_j, k);
    EXPECT_NEAR(out2[k].delta_n, 0.0, kTol);
    expect_vec_near(out2[k].normal, {0, 0, -1});
  }
  for (int v = 4; v < 8; ++v) EXPECT_EQ(s2.beyond_i[v], 1);
  EXPECT_TRUE(s2.keep_beyond_i);
  EXPECT_TRUE(s2.keep_beyond_j);
}
