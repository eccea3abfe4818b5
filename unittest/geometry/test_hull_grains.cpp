// The hull grains of the tests (harness/hull_grains.h) are what they claim
// to be: closed, convex, triangulated, outward-oriented polyhedra with
// their centre of mass at the origin, of about the vertex count asked for,
// with the nearly coplanar faces of a fine triangulation.
#include "hull_grains.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

using namespace body_dem_test;

namespace {

using P3 = std::array<double, 3>;

P3 face_normal(const HullShape &s, const std::array<int, 4> &f)
{
  return hull_detail::cross(hull_detail::sub(s.vertices[f[1]], s.vertices[f[0]]),
                            hull_detail::sub(s.vertices[f[2]], s.vertices[f[0]]));
}

}    // namespace

TEST(HullGrains, ClosedConvexOutwardTriangulated)
{
  for (int points : {20, 50, 100, 200}) {
    HullGrainSpec spec;
    spec.vertices = points;
    spec.semi_axes = {0.6, 0.45, 0.35};
    spec.seed = 7 + points;
    const HullShape s = hull_grain_shape(spec);
    const int V = static_cast<int>(s.vertices.size());
    const int E = static_cast<int>(s.edges.size());
    const int F = static_cast<int>(s.faces.size());
    SCOPED_TRACE("vertices " + std::to_string(points));
    EXPECT_EQ(V, points);
    // a closed triangulated surface of genus 0: Euler V - E + F = 2, 3F = 2E
    EXPECT_EQ(V - E + F, 2);
    EXPECT_EQ(3 * F, 2 * E);
    // each edge in exactly two faces, once in each direction (consistent orientation)
    std::map<std::pair<int, int>, int> directed;
    for (const auto &f : s.faces) {
      EXPECT_EQ(f[3], -1);
      for (int e = 0; e < 3; ++e) directed[{f[e], f[(e + 1) % 3]}]++;
    }
    for (const auto &e : s.edges) {
      EXPECT_EQ(directed[std::make_pair(e[0], e[1])], 1);
      EXPECT_EQ(directed[std::make_pair(e[1], e[0])], 1);
    }
    // convex and outward: every vertex lies behind (or on, to round-off)
    // every face's plane, the normals taken counter-clockwise; the bound is
    // round-off of products of coordinates of size 1
    for (const auto &f : s.faces) {
      const P3 n = face_normal(s, f);
      for (const auto &v : s.vertices)
        EXPECT_LE(hull_detail::dot(n, hull_detail::sub(v, s.vertices[f[0]])), 1e-12);
    }
    // centre of mass of the solid at the origin: the first moment
    // sum over faces of vol(tetra from the origin) * its centroid is zero
    P3 moment{0.0, 0.0, 0.0};
    double volume = 0.0;
    for (const auto &f : s.faces) {
      const double vol = hull_detail::dot(s.vertices[f[0]], hull_detail::cross(s.vertices[f[1]], s.vertices[f[2]])) / 6.0;
      volume += vol;
      for (int d = 0; d < 3; ++d)
        moment[d] += vol * 0.25 * (s.vertices[f[0]][d] + s.vertices[f[1]][d] + s.vertices[f[2]][d]);
    }
    // the ellipsoid's volume 4/3 pi a b c = 0.396 (radii within 5 %); a
    // hull of 20 of its points is about half of it, of 200 nearly all
    EXPECT_GT(volume, 0.18);
    EXPECT_LT(volume, 0.43);
    for (int d = 0; d < 3; ++d) EXPECT_NEAR(moment[d] / volume, 0.0, 1e-12);
  }
}

TEST(HullGrains, SameSeedSameGrainOtherSeedOtherGrain)
{
  HullGrainSpec spec;
  const HullShape a = hull_grain_shape(spec), b = hull_grain_shape(spec);
  ASSERT_EQ(a.vertices.size(), b.vertices.size());
  for (size_t k = 0; k < a.vertices.size(); ++k)
    for (int d = 0; d < 3; ++d) EXPECT_EQ(a.vertices[k][d], b.vertices[k][d]);
  spec.seed = 2;
  const HullShape c = hull_grain_shape(spec);
  EXPECT_NE(a.vertices[0][0], c.vertices[0][0]);
}

// What makes such grains hard for a contact finder: a fine triangulation
// of a smooth surface joins many faces at small angles. For 50 points on a
// sphere the mean angle between neighbouring face normals is about the
// angular spacing of the points, sqrt(4 pi / 50) ~ 0.5 rad at most; a good
// part of the edges lie below 10 degrees.
TEST(HullGrains, ManyEdgesBetweenNearlyCoplanarFaces)
{
  HullGrainSpec spec;
  spec.vertices = 50;
  const HullShape s = hull_grain_shape(spec);
  const int flat = count_edges_between_faces_within(s, 10.0 * M_PI / 180.0);
  EXPECT_GT(flat, static_cast<int>(s.edges.size()) / 10);
  EXPECT_LT(flat, static_cast<int>(s.edges.size()));
  // none is coplanar to round-off: random points are in general position
  EXPECT_EQ(count_edges_between_faces_within(s, 1e-9), 0);
}
