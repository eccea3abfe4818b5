// Unit tests of the contact geometry of 2d rounded polygons
// (src/BODY_ROUNDED/polygon_contacts.h). No LAMMPS.
//
// Every expected number is worked out by hand in the comment next to it.
// Tolerance kTol = 1e-12: the quantities are O(1) and result from a few
// (< 20) flops, each rounding by at most 1.1e-16 relative; 1e-12 leaves a
// wide margin while still catching any wrong formula. Where a comparison
// with the cutoff must be exact (touching at delta_n = 0, delta_n equal to
// the cutoff), coordinates and radii are dyadic (0.125, 0.25, ...) so that
// all arithmetic is exact in binary floating point.

#include "polygon_contacts.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <vector>

using namespace body_dem;

namespace {

constexpr double kTol = 1e-12;

void expect_vec_near(const Vec3 &actual, const Vec3 &expected, double tol = kTol)
{
  EXPECT_NEAR(actual.x, expected.x, tol);
  EXPECT_NEAR(actual.y, expected.y, tol);
  EXPECT_NEAR(actual.z, expected.z, tol);
}

// Unit square [x0, x0 + 1] x [y0, y0 + 1], counter-clockwise from the lower
// left corner: vertices 0 (x0,y0), 1 (x0+1,y0), 2 (x0+1,y0+1), 3 (x0,y0+1);
// edges 0 bottom, 1 right, 2 top, 3 left.
std::array<Vec3, 4> unit_square(double x0, double y0)
{
  return {Vec3{x0, y0, 0}, Vec3{x0 + 1, y0, 0}, Vec3{x0 + 1, y0 + 1, 0}, Vec3{x0, y0 + 1, 0}};
}

// "Diamond": square rotated by 45 degrees with half-diagonal h, numbered
// counter-clockwise from its bottom tip (x, y_tip): vertices 0 bottom,
// 1 right, 2 top, 3 left.
std::array<Vec3, 4> diamond(double x, double y_tip, double h)
{
  return {Vec3{x, y_tip, 0}, Vec3{x + h, y_tip + h, 0}, Vec3{x, y_tip + 2 * h, 0},
          Vec3{x - h, y_tip + h, 0}};
}

template <std::size_t N> PolygonShape shape(const std::array<Vec3, N> &v, double r)
{
  return {v.data(), static_cast<int>(N), r};
}

Vec3 rotated(const Vec3 &v, double angle, const Vec3 &centre)
{
  const double c = std::cos(angle), s = std::sin(angle);
  const Vec3 d = v - centre;
  return centre + Vec3{c * d.x - s * d.y, s * d.x + c * d.y, 0.0};
}

Vec3 rotated_direction(const Vec3 &v, double angle) { return rotated(v, angle, Vec3{}); }

// Expect the identification of a contact's features.
void expect_features(const Contact &c, FeatureKind kind_i, int index_i, FeatureKind kind_j,
                     int index_j)
{
  EXPECT_EQ(c.kind_i, kind_i);
  EXPECT_EQ(c.index_i, index_i);
  EXPECT_EQ(c.kind_j, kind_j);
  EXPECT_EQ(c.index_j, index_j);
}

// Invariants every contact satisfies (contact.h conventions).
void expect_consistent(const Contact &c, double r_i, double r_j)
{
  EXPECT_NEAR(norm(c.normal), 1.0, kTol);
  const double distance = c.delta_n + r_i + r_j;
  expect_vec_near(c.on_j, c.on_i + c.normal * distance);
  expect_vec_near(c.point, contact_point(c.on_i, c.normal, r_i, c.delta_n));
  EXPECT_EQ(c.weight, 1.0);
  EXPECT_EQ(c.ja_factor, 1.0);
}

const FeatureKind V = FeatureKind::vertex;
const FeatureKind E = FeatureKind::edge;

}    // namespace

// ---------------------------------------------------------------------------
// Point-segment nearest point

TEST(NearestPointOnSegment, Interior)
{
  // segment (0,0)-(2,0), p = (0.5, 1): projection (0.5, 0), distance^2 = 1
  const SegmentNearest s = nearest_point_on_segment({0.5, 1, 0}, {0, 0, 0}, {2, 0, 0});
  EXPECT_EQ(s.part, SegmentPart::interior);
  expect_vec_near(s.point, {0.5, 0, 0});
  EXPECT_NEAR(s.dist2, 1.0, kTol);
}

TEST(NearestPointOnSegment, BeyondStart)
{
  // p = (-1, 1) projects before the start: nearest (0,0), distance^2 = 1 + 1 = 2
  const SegmentNearest s = nearest_point_on_segment({-1, 1, 0}, {0, 0, 0}, {2, 0, 0});
  EXPECT_EQ(s.part, SegmentPart::start);
  expect_vec_near(s.point, {0, 0, 0});
  EXPECT_NEAR(s.dist2, 2.0, kTol);
}

TEST(NearestPointOnSegment, BeyondEnd)
{
  // p = (3, -2) projects past the end: nearest (2,0), distance^2 = 1 + 4 = 5
  const SegmentNearest s = nearest_point_on_segment({3, -2, 0}, {0, 0, 0}, {2, 0, 0});
  EXPECT_EQ(s.part, SegmentPart::end);
  expect_vec_near(s.point, {2, 0, 0});
  EXPECT_NEAR(s.dist2, 5.0, kTol);
}

TEST(NearestPointOnSegment, ExactlyInLineWithAnEndIsThatEnd)
{
  // p = (2, 1): projection parameter exactly 1, not strictly inside -> end.
  // p = (0, 1): parameter exactly 0 -> start. Distance^2 = 1 both.
  const SegmentNearest at_end = nearest_point_on_segment({2, 1, 0}, {0, 0, 0}, {2, 0, 0});
  EXPECT_EQ(at_end.part, SegmentPart::end);
  EXPECT_EQ(at_end.dist2, 1.0);
  const SegmentNearest at_start = nearest_point_on_segment({0, 1, 0}, {0, 0, 0}, {2, 0, 0});
  EXPECT_EQ(at_start.part, SegmentPart::start);
  EXPECT_EQ(at_start.dist2, 1.0);
}

TEST(NearestPointOnSegment, ZeroLengthSegmentIsItsStart)
{
  // a = b = (1,1), p = (4,5): nearest (1,1), distance^2 = 9 + 16 = 25, no division by 0
  const SegmentNearest s = nearest_point_on_segment({4, 5, 0}, {1, 1, 0}, {1, 1, 0});
  EXPECT_EQ(s.part, SegmentPart::start);
  expect_vec_near(s.point, {1, 1, 0});
  EXPECT_NEAR(s.dist2, 25.0, kTol);
}

// ---------------------------------------------------------------------------
// Orientation, point in convex polygon, exit edge

TEST(PolygonOrientation, CounterClockwiseClockwiseAndFlat)
{
  const auto sq = unit_square(0, 0);
  EXPECT_EQ(polygon_orientation(sq.data(), 4), 1.0);    // twice area +2
  const std::array<Vec3, 4> cw = {sq[0], sq[3], sq[2], sq[1]};
  EXPECT_EQ(polygon_orientation(cw.data(), 4), -1.0);    // twice area -2
  const std::array<Vec3, 3> flat = {Vec3{0, 0, 0}, Vec3{1, 1, 0}, Vec3{2, 2, 0}};
  EXPECT_EQ(polygon_orientation(flat.data(), 3), 0.0);    // collinear: area 0
}

TEST(PointInConvexPolygon, InsideOutsideAndBoundary)
{
  const auto sq = unit_square(0, 0);
  EXPECT_TRUE(point_in_convex_polygon({0.5, 0.25, 0}, sq.data(), 4));
  EXPECT_FALSE(point_in_convex_polygon({1.5, 0.5, 0}, sq.data(), 4));     // right of x = 1
  EXPECT_FALSE(point_in_convex_polygon({0.5, -1e-9, 0}, sq.data(), 4));    // just below y = 0
  // The polygon is closed: points on an edge or at a vertex count as inside.
  EXPECT_TRUE(point_in_convex_polygon({1.0, 0.5, 0}, sq.data(), 4));
  EXPECT_TRUE(point_in_convex_polygon({1.0, 1.0, 0}, sq.data(), 4));
  // Clockwise numbering gives the same answers.
  const std::array<Vec3, 4> cw = {sq[0], sq[3], sq[2], sq[1]};
  EXPECT_TRUE(point_in_convex_polygon({0.5, 0.25, 0}, cw.data(), 4));
  EXPECT_FALSE(point_in_convex_polygon({1.5, 0.5, 0}, cw.data(), 4));
  // A polygon of zero area has no inside.
  const std::array<Vec3, 3> flat = {Vec3{0, 0, 0}, Vec3{1, 1, 0}, Vec3{2, 2, 0}};
  EXPECT_FALSE(point_in_convex_polygon({1, 1, 0}, flat.data(), 3));
}

TEST(LocateInConvexPolygon, NearestEdgeLineAndDepth)
{
  // p = (0.5, 0.875) in the unit square: distances to the lines of edges
  // 0 (y=0) 0.875, 1 (x=1) 0.5, 2 (y=1) 0.125, 3 (x=0) 0.5 -> edge 2,
  // depth 0.125, outward normal (0, 1).
  const auto sq = unit_square(0, 0);
  PolygonExit exit;
  ASSERT_TRUE(locate_in_convex_polygon({0.5, 0.875, 0}, sq.data(), 4, 1.0, exit));
  EXPECT_EQ(exit.edge, 2);
  EXPECT_NEAR(exit.depth, 0.125, kTol);
  expect_vec_near(exit.outward, {0, 1, 0});
}

TEST(LocateInConvexPolygon, TieGoesToLowestEdge)
{
  // The centre is 0.5 from all four edge lines -> edge 0, outward (0, -1).
  const auto sq = unit_square(0, 0);
  PolygonExit exit;
  ASSERT_TRUE(locate_in_convex_polygon({0.5, 0.5, 0}, sq.data(), 4, 1.0, exit));
  EXPECT_EQ(exit.edge, 0);
  EXPECT_NEAR(exit.depth, 0.5, kTol);
  expect_vec_near(exit.outward, {0, -1, 0});
}

TEST(LocateInConvexPolygon, ClockwiseOutwardNormal)
{
  // Clockwise numbering (0,0),(0,1),(1,1),(1,0): edge 1 is the top (0,1)-(1,1);
  // p = (0.5, 0.875) leaves through it, outward (0, 1), depth 0.125.
  const std::array<Vec3, 4> cw = {Vec3{0, 0, 0}, Vec3{0, 1, 0}, Vec3{1, 1, 0}, Vec3{1, 0, 0}};
  PolygonExit exit;
  ASSERT_TRUE(locate_in_convex_polygon({0.5, 0.875, 0}, cw.data(), 4, -1.0, exit));
  EXPECT_EQ(exit.edge, 1);
  EXPECT_NEAR(exit.depth, 0.125, kTol);
  expect_vec_near(exit.outward, {0, 1, 0});
}

// ---------------------------------------------------------------------------
// Nearest skeleton point, mutual nearest vertices

TEST(NearestPointOnSkeleton, PolygonRodAndDisk)
{
  const auto sq = unit_square(0, 0);
  // (0.5, 1.5): top edge 2 from (1,1) to (0,1), interior at (0.5, 1), distance^2 0.25
  SkeletonNearest n = nearest_point_on_skeleton({0.5, 1.5, 0}, shape(sq, 0));
  EXPECT_EQ(n.kind, E);
  EXPECT_EQ(n.index, 2);
  expect_vec_near(n.point, {0.5, 1, 0});
  EXPECT_NEAR(n.dist2, 0.25, kTol);
  // (1.5, 1.5): beyond the corner (1,1) = vertex 2, distance^2 0.5
  n = nearest_point_on_skeleton({1.5, 1.5, 0}, shape(sq, 0));
  EXPECT_EQ(n.kind, V);
  EXPECT_EQ(n.index, 2);
  EXPECT_NEAR(n.dist2, 0.5, kTol);
  // (-1, -1): beyond corner (0,0) = vertex 0, distance^2 2
  n = nearest_point_on_skeleton({-1, -1, 0}, shape(sq, 0));
  EXPECT_EQ(n.kind, V);
  EXPECT_EQ(n.index, 0);
  EXPECT_NEAR(n.dist2, 2.0, kTol);

  // rod (0,0)-(2,0): (3,0) -> vertex 1 at distance^2 1; (1,1) -> edge 0 at (1,0)
  const std::array<Vec3, 2> rod = {Vec3{0, 0, 0}, Vec3{2, 0, 0}};
  n = nearest_point_on_skeleton({3, 0, 0}, shape(rod, 0));
  EXPECT_EQ(n.kind, V);
  EXPECT_EQ(n.index, 1);
  EXPECT_NEAR(n.dist2, 1.0, kTol);
  n = nearest_point_on_skeleton({1, 1, 0}, shape(rod, 0));
  EXPECT_EQ(n.kind, E);
  EXPECT_EQ(n.index, 0);
  expect_vec_near(n.point, {1, 0, 0});

  // disk at (1,2): always its vertex 0; (4,6) is at distance^2 9 + 16 = 25
  const std::array<Vec3, 1> disk = {Vec3{1, 2, 0}};
  n = nearest_point_on_skeleton({4, 6, 0}, shape(disk, 0));
  EXPECT_EQ(n.kind, V);
  EXPECT_EQ(n.index, 0);
  EXPECT_NEAR(n.dist2, 25.0, kTol);
}

// The contact search takes the nearest point of an outside vertex from
// place_vertex_at_convex_polygon(), which searches only the edges the
// vertex faces, in the plane, in its one pass over the edges: it must be
// that of nearest_point_on_skeleton() (all edges, 3d formulas) bit for
// bit (kind, index, point, squared distance), ties included, for convex
// polygons of either orientation and of up to 80 vertices (more than the
// 64 of a bit mask), at z = 0 and at another common z, for points all
// around, on the extensions of edges (where a vertex and an edge tie) and
// far away. Bit for bit, because the contacts of the pair style must not
// change with the search.
TEST(PlaceVertexAtConvexPolygon, NearestOfAnOutsideVertexIsThatOfTheWholeSkeleton)
{
  std::mt19937 rng(29);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int outside = 0, edge_hits = 0, vertex_hits = 0;
  for (const int n : {3, 4, 5, 7, 17, 64, 65, 80}) {
    for (int trial = 0; trial < 20; ++trial) {
      const double z = trial % 2 ? 0.7 : 0.0;
      const bool clockwise = trial % 4 >= 2;
      // a convex polygon: points on an ellipse at sorted random angles
      std::vector<double> angles(n);
      for (double &a : angles) a = 2.0 * M_PI * unit(rng);
      std::sort(angles.begin(), angles.end());
      if (clockwise) std::reverse(angles.begin(), angles.end());
      std::vector<Vec3> v;
      for (const double a : angles) v.push_back(Vec3{3.0 + 2.0 * std::cos(a), -1.0 + 1.2 * std::sin(a), z});
      const PolygonShape body{v.data(), n, 0.1};
      const double orientation = polygon_orientation(v.data(), n);
      ASSERT_EQ(orientation, clockwise ? -1.0 : 1.0);
      std::vector<Vec3> points;
      for (int k = 0; k < 60; ++k) {
        const double a = 2.0 * M_PI * unit(rng), r = 1.5 + 3.0 * unit(rng) * unit(rng);
        points.push_back(Vec3{3.0 + r * 2.0 * std::cos(a), -1.0 + r * 1.2 * std::sin(a), z});
      }
      for (int k = 0; k < n; ++k) {    // on the extensions of edge k beyond both ends
        const Vec3 &a = v[k], &b = v[polygon_edge_end(k, n)];
        points.push_back(b + (b - a) * 0.3);
        points.push_back(a - (b - a) * 0.7);
      }
      for (const Vec3 &p : points) {
        PolygonExit exit;
        SkeletonNearest near;
        const VertexPlace place = place_vertex_at_convex_polygon(p, v.data(), n, orientation, HUGE_VAL, exit, &near);
        ASSERT_NE(place, VertexPlace::beyond);
        if (place != VertexPlace::outside) continue;
        ++outside;
        const SkeletonNearest full = nearest_point_on_skeleton(p, body);
        ASSERT_EQ(near.kind, full.kind) << "n " << n << " trial " << trial;
        EXPECT_EQ(near.index, full.index);
        EXPECT_EQ(near.point.x, full.point.x);
        EXPECT_EQ(near.point.y, full.point.y);
        EXPECT_EQ(near.point.z, full.point.z);
        EXPECT_EQ(near.dist2, full.dist2);
        (full.kind == E ? edge_hits : vertex_hits)++;
        // with a reach, a vertex is beyond only where the exact distance is
        const double reach = 0.8;
        PolygonExit unused;
        SkeletonNearest near_in_reach;
        if (place_vertex_at_convex_polygon(p, v.data(), n, orientation, reach, unused, &near_in_reach) ==
            VertexPlace::beyond)
          EXPECT_GT(full.dist2, reach * reach);
        else
          EXPECT_EQ(near_in_reach.dist2, full.dist2);
      }
    }
  }
  // the cases above occurred
  EXPECT_GT(outside, 3000);
  EXPECT_GT(edge_hits, 500);
  EXPECT_GT(vertex_hits, 500);
}

TEST(IsNearestVertex, StrictlyNearerOtherVertexDisqualifiesTiesDoNot)
{
  const auto sq = unit_square(0, 0);
  // target (1.25, 0.25): vertex 1 (1,0) at distance^2 0.125, vertex 2 (1,1) at 0.625
  EXPECT_TRUE(is_nearest_vertex(shape(sq, 0), 1, {1.25, 0.25, 0}));
  EXPECT_FALSE(is_nearest_vertex(shape(sq, 0), 2, {1.25, 0.25, 0}));
  // target (1.5, 0.5): vertices 1 and 2 both at distance^2 0.5 -> both count
  EXPECT_TRUE(is_nearest_vertex(shape(sq, 0), 1, {1.5, 0.5, 0}));
  EXPECT_TRUE(is_nearest_vertex(shape(sq, 0), 2, {1.5, 0.5, 0}));
}

// ---------------------------------------------------------------------------
// Disk - disk

TEST(DiskDisk, SeparatedWithinCutoff)
{
  // centres (0,0), (1.25,0), radii 0.5: d = 1.25, delta_n = 1.25 - 1 = 0.25 <= 0.375.
  // normal (1,0); point = (0,0) + (1,0) * (0.5 + 0.125) = (0.625, 0)
  const std::array<Vec3, 1> a = {Vec3{0, 0, 0}}, b = {Vec3{1.25, 0, 0}};
  PolygonContactList out;
  ASSERT_EQ(find_polygon_contacts(shape(a, 0.5), shape(b, 0.5), 0.375, out), 1);
  const Contact &c = out[0];
  expect_features(c, V, 0, V, 0);
  EXPECT_NEAR(c.delta_n, 0.25, kTol);
  expect_vec_near(c.normal, {1, 0, 0});
  expect_vec_near(c.on_i, {0, 0, 0});
  expect_vec_near(c.on_j, {1.25, 0, 0});
  expect_vec_near(c.point, {0.625, 0, 0});
  expect_consistent(c, 0.5, 0.5);
  EXPECT_FALSE(out.overflow);
}

TEST(DiskDisk, BeyondCutoffNone)
{
  // delta_n = 0.25 > cutoff 0.125 -> no contact; and > cutoff 0 -> none.
  const std::array<Vec3, 1> a = {Vec3{0, 0, 0}}, b = {Vec3{1.25, 0, 0}};
  PolygonContactList out;
  EXPECT_EQ(find_polygon_contacts(shape(a, 0.5), shape(b, 0.5), 0.125, out), 0);
  EXPECT_EQ(find_polygon_contacts(shape(a, 0.5), shape(b, 0.5), 0.0, out), 0);
}

TEST(DiskDisk, Overlapping)
{
  // centres (0,0), (0.75,0), radii 0.5: delta_n = 0.75 - 1 = -0.25;
  // point = (0,0) + (1,0) * (0.5 - 0.125) = (0.375, 0)
  const std::array<Vec3, 1> a = {Vec3{0, 0, 0}}, b = {Vec3{0.75, 0, 0}};
  PolygonContactList out;
  ASSERT_EQ(find_polygon_contacts(shape(a, 0.5), shape(b, 0.5), 0.0, out), 1);
  EXPECT_NEAR(out[0].delta_n, -0.25, kTol);
  expect_vec_near(out[0].point, {0.375, 0, 0});
  expect_consistent(out[0], 0.5, 0.5);
}

TEST(DiskDisk, TouchingAtCutoffZeroAlongDiagonal)
{
  // centres (0,0), (3,4), radii 2.5: d = 5 exactly, delta_n = 0 exactly <= cutoff 0.
  // normal (0.6, 0.8); point = (0,0) + n * 2.5 = (1.5, 2)
  const std::array<Vec3, 1> a = {Vec3{0, 0, 0}}, b = {Vec3{3, 4, 0}};
  PolygonContactList out;
  ASSERT_EQ(find_polygon_contacts(shape(a, 2.5), shape(b, 2.5), 0.0, out), 1);
  EXPECT_EQ(out[0].delta_n, 0.0);
  expect_vec_near(out[0].normal, {0.6, 0.8, 0});
  expect_vec_near(out[0].point, {1.5, 2, 0});
}

TEST(DiskDisk, CoincidentCentresGivePlusXNormal)
{
  // both at (1,1), radii 0.5: distance 0, delta_n = -1; normal by convention +x
  // (no NaN); point = (1,1) + x * (0.5 - 0.5) = (1,1)
  const std::array<Vec3, 1> a = {Vec3{1, 1, 0}}, b = {Vec3{1, 1, 0}};
  PolygonContactList out;
  ASSERT_EQ(find_polygon_contacts(shape(a, 0.5), shape(b, 0.5), 0.0, out), 1);
  EXPECT_EQ(out[0].delta_n, -1.0);
  EXPECT_EQ(out[0].normal.x, 1.0);
  EXPECT_EQ(out[0].normal.y, 0.0);
  expect_vec_near(out[0].point, {1, 1, 0});
  expect_consistent(out[0], 0.5, 0.5);
}

// ---------------------------------------------------------------------------
// Disk - square

TEST(DiskSquare, DiskAtEdgeMiddleIsVertexEdge)
{
  // square i [0,1]^2, r 0.125; disk j at (0.5, 1.375), r 0.25; cutoff 0.125.
  // Disk -> top edge 2 at (0.5,1): distance 0.375, delta_n = 0.375 - 0.375 = 0.
  // Corners (1,1), (0,1) are at sqrt(0.25 + 0.140625) = 0.625 from the disk
  // centre: delta_n = 0.25 > 0.125 -> not recorded.
  // normal (0,1); point = (0.5,1) + (0,1) * 0.125 = (0.5, 1.125)
  const auto sq = unit_square(0, 0);
  const std::array<Vec3, 1> disk = {Vec3{0.5, 1.375, 0}};
  PolygonContactList out;
  ASSERT_EQ(find_polygon_contacts(shape(sq, 0.125), shape(disk, 0.25), 0.125, out), 1);
  const Contact &c = out[0];
  expect_features(c, E, 2, V, 0);
  EXPECT_EQ(c.delta_n, 0.0);
  expect_vec_near(c.on_i, {0.5, 1, 0});
  expect_vec_near(c.on_j, {0.5, 1.375, 0});
  expect_vec_near(c.normal, {0, 1, 0});
  expect_vec_near(c.point, {0.5, 1.125, 0});
  expect_consistent(c, 0.125, 0.25);
}

TEST(DiskSquare, DiskNearCornerIsOneVertexVertex)
{
  // square i [0,1]^2, r 0.125; disk j at (1.3, 1.4), r 0.25. Nearest skeleton
  // point of the disk: corner 2 (1,1) at distance 0.5 (3-4-5), delta_n = 0.125.
  // Corner 2 and the disk are mutually nearest -> one vertex-vertex contact,
  // found from both sides, recorded once. The other corners see the disk too,
  // but the disk's nearest corner is 2, so even with a huge cutoff (5) they
  // make no contact.
  // normal (0.6, 0.8); point = (1,1) + n * (0.125 + 0.0625) = (1.1125, 1.15)
  const auto sq = unit_square(0, 0);
  const std::array<Vec3, 1> disk = {Vec3{1.3, 1.4, 0}};
  PolygonContactList out;
  for (double cutoff : {0.125, 5.0}) {
    ASSERT_EQ(find_polygon_contacts(shape(sq, 0.125), shape(disk, 0.25), cutoff, out), 1);
    const Contact &c = out[0];
    expect_features(c, V, 2, V, 0);
    EXPECT_NEAR(c.delta_n, 0.125, kTol);
    expect_vec_near(c.normal, {0.6, 0.8, 0});
    expect_vec_near(c.point, {1.1125, 1.15, 0});
    expect_consistent(c, 0.125, 0.25);
  }
  // Beyond the cutoff: delta_n 0.125 > 0.0625 -> none
  EXPECT_EQ(find_polygon_contacts(shape(sq, 0.125), shape(disk, 0.25), 0.0625, out), 0);
}

TEST(DiskSquare, EqualCornersAboveEdgeMiddleBothCountAsNearest)
{
  // square i [0,1]^2, r 0.125; disk j at (0.5, 1.375), r 0.25; cutoff 1.
  // Corners 2 (1,1) and 3 (0,1) are equally near the disk centre
  // (d = sqrt(0.25 + 0.140625) = 0.625): ties count as nearest for both, so
  // each forms a vertex-vertex contact with delta_n = 0.625 - 0.375 = 0.25.
  // Corners 0 and 1 are farther -> none. The disk itself -> top edge 2,
  // delta_n = 0. Order: vertices of i first (2, 3), then the disk.
  const auto sq = unit_square(0, 0);
  const std::array<Vec3, 1> disk = {Vec3{0.5, 1.375, 0}};
  PolygonContactList out;
  ASSERT_EQ(find_polygon_contacts(shape(sq, 0.125), shape(disk, 0.25), 1.0, out), 3);
  expect_features(out[0], V, 2, V, 0);
  expect_features(out[1], V, 3, V, 0);
  expect_features(out[2], E, 2, V, 0);
  EXPECT_NEAR(out[0].delta_n, 0.25, kTol);
  EXPECT_NEAR(out[1].delta_n, 0.25, kTol);
  EXPECT_EQ(out[2].delta_n, 0.0);
  // Contact points: on_i + n * (0.125 + 0.125) with n = (-/+0.5, 0.375)/0.625
  // = (-/+0.8, 0.6): (1 - 0.2, 1 + 0.15) = (0.8, 1.15) and (0.2, 1.15).
  expect_vec_near(out[0].point, {0.8, 1.15, 0});
  expect_vec_near(out[1].point, {0.2, 1.15, 0});
  // Farthest pair: the two corner contacts, L = 0.8 - 0.2 = 0.6
  EXPECT_NEAR(keep_two_farthest_contacts(out), 0.6, kTol);
  ASSERT_EQ(out.size, 2);
  expect_features(out[0], V, 2, V, 0);
  expect_features(out[1], V, 3, V, 0);
}

TEST(MutualNearest, RodEndIsNotNearestToDisk)
{
  // rod i (0,0)-(2,0), r 0.125; disk j at (1.5, 0.375), r 0.125; cutoff 2.
  // Rod end 0 (0,0): its nearest point of j is the disk's vertex, but the rod
  // vertex nearest to the disk is end 1 (distance^2 0.25 + 0.140625 = 0.390625
  // vs 2.25 + 0.140625), so end 0 makes no contact although it is in range.
  // Rod end 1 (2,0): mutual -> vertex-vertex, d = 0.625, delta_n = 0.375.
  // Disk -> rod edge 0 at (1.5,0): d = 0.375, delta_n = 0.125, normal (0,1).
  const std::array<Vec3, 2> rod = {Vec3{0, 0, 0}, Vec3{2, 0, 0}};
  const std::array<Vec3, 1> disk = {Vec3{1.5, 0.375, 0}};
  PolygonContactList out;
  ASSERT_EQ(find_polygon_contacts(shape(rod, 0.125), shape(disk, 0.125), 2.0, out), 2);
  expect_features(out[0], V, 1, V, 0);
  EXPECT_NEAR(out[0].delta_n, 0.375, kTol);
  expect_vec_near(out[0].normal, {-0.8, 0.6, 0});    // (-0.5, 0.375) / 0.625
  expect_features(out[1], E, 0, V, 0);
  EXPECT_NEAR(out[1].delta_n, 0.125, kTol);
  expect_vec_near(out[1].normal, {0, 1, 0});
  for (const Contact &c : out) expect_consistent(c, 0.125, 0.125);
}

TEST(ZeroDistance, VertexOnRodUsesEdgeNormal)
{
  // rod i (0,0)-(2,0); disk j centred on it at (1,0); radii 0.125, cutoff 0.
  // Disk -> rod edge 0 at distance 0: direction undefined, so the normal is the
  // edge direction (2,0) turned by -90 degrees: (0,-1), out of body i.
  // delta_n = -0.25. The rod ends are 1 away: delta_n 0.75 > 0 -> none.
  const std::array<Vec3, 2> rod = {Vec3{0, 0, 0}, Vec3{2, 0, 0}};
  const std::array<Vec3, 1> disk = {Vec3{1, 0, 0}};
  PolygonContactList out;
  ASSERT_EQ(find_polygon_contacts(shape(rod, 0.125), shape(disk, 0.125), 0.0, out), 1);
  expect_features(out[0], E, 0, V, 0);
  EXPECT_EQ(out[0].delta_n, -0.25);
  expect_vec_near(out[0].normal, {0, -1, 0});
  expect_consistent(out[0], 0.125, 0.125);
  // Swapped: the edge now belongs to j, so the normal from i to j is (0, 1).
  ASSERT_EQ(find_polygon_contacts(shape(disk, 0.125), shape(rod, 0.125), 0.0, out), 1);
  expect_features(out[0], V, 0, E, 0);
  expect_vec_near(out[0].normal, {0, 1, 0});
}

// ---------------------------------------------------------------------------
// Polygon - polygon

TEST(DiamondSquare, TipAgainstEdgeIsVertexEdge)
{
  // square i [0,1]^2, diamond j with tip (0.5, 1.25), half-diagonal 0.5,
  // radii 0.125, cutoff 0. Tip -> top edge 2 at (0.5,1): distance 0.25,
  // delta_n = 0 exactly. Corner (1,1) of i -> diamond edge (0.5,1.25)-(1,1.75):
  // distance |0.5*(-0.25) - 0.5*0.5| / sqrt(0.5) = 0.53 -> delta_n 0.28 > 0.
  // normal (0,1); point (0.5, 1.125).
  const auto sq = unit_square(0, 0);
  const auto dm = diamond(0.5, 1.25, 0.5);
  PolygonContactList out;
  ASSERT_EQ(find_polygon_contacts(shape(sq, 0.125), shape(dm, 0.125), 0.0, out), 1);
  const Contact &c = out[0];
  expect_features(c, E, 2, V, 0);
  EXPECT_EQ(c.delta_n, 0.0);
  expect_vec_near(c.on_i, {0.5, 1, 0});
  expect_vec_near(c.on_j, {0.5, 1.25, 0});
  expect_vec_near(c.normal, {0, 1, 0});
  expect_vec_near(c.point, {0.5, 1.125, 0});
  expect_consistent(c, 0.125, 0.125);
}

TEST(SquareSquare, AlignedEdgeToEdge)
{
  // i [0,1]^2, j [1.25,2.25] x [0,1], radii 0.125, cutoff 0.
  // Corner 1 (1,0) of i and corner 0 (1.25,0) of j are mutually nearest at
  // 0.25 (projection parameter exactly 0 on j's bottom edge -> vertex case):
  // vertex-vertex, delta_n = 0. Same for corner 2 (1,1) of i and 3 (1.25,1) of j.
  // The far corners have a nearer corner in between -> none. Each pair is seen
  // from both sides and recorded once: 2 contacts, points (1.125,0), (1.125,1).
  const auto a = unit_square(0, 0), b = unit_square(1.25, 0);
  PolygonContactList out;
  ASSERT_EQ(find_polygon_contacts(shape(a, 0.125), shape(b, 0.125), 0.0, out), 2);
  expect_features(out[0], V, 1, V, 0);
  expect_features(out[1], V, 2, V, 3);
  for (const Contact &c : out) {
    EXPECT_EQ(c.delta_n, 0.0);
    expect_vec_near(c.normal, {1, 0, 0});
    expect_consistent(c, 0.125, 0.125);
  }
  expect_vec_near(out[0].point, {1.125, 0, 0});
  expect_vec_near(out[1].point, {1.125, 1, 0});
  // L = |(1.125,1) - (1.125,0)| = 1
  EXPECT_NEAR(keep_two_farthest_contacts(out), 1.0, kTol);
  EXPECT_EQ(out.size, 2);
}

TEST(SquareSquare, ShiftedByHalfAnEdge)
{
  // i [0,1]^2, j [1.25,2.25] x [0.5,1.5], radii 0.125, cutoff 0.
  // Corner 2 (1,1) of i -> j's left edge 3 (1.25,1.5)-(1.25,0.5) at (1.25,1):
  //   vertex-edge, distance 0.25, delta_n 0, point (1.125, 1).
  // Corner 0 (1.25,0.5) of j -> i's right edge 1 (1,0)-(1,1) at (1,0.5):
  //   edge-vertex, delta_n 0, point (1.125, 0.5).
  // Corner 1 (1,0) of i -> corner 0 of j at sqrt(0.0625 + 0.25) = 0.56 > 0.25;
  // corner 3 (1.25,1.5) of j -> corner 2 of i, same distance -> none.
  // Order: vertices of i, then of j. L = 1 - 0.5 = 0.5.
  const auto a = unit_square(0, 0), b = unit_square(1.25, 0.5);
  PolygonContactList out;
  ASSERT_EQ(find_polygon_contacts(shape(a, 0.125), shape(b, 0.125), 0.0, out), 2);
  expect_features(out[0], V, 2, E, 3);
  expect_features(out[1], E, 1, V, 0);
  expect_vec_near(out[0].on_j, {1.25, 1, 0});
  expect_vec_near(out[1].on_i, {1, 0.5, 0});
  expect_vec_near(out[0].point, {1.125, 1, 0});
  expect_vec_near(out[1].point, {1.125, 0.5, 0});
  for (const Contact &c : out) {
    EXPECT_EQ(c.delta_n, 0.0);
    expect_vec_near(c.normal, {1, 0, 0});
    expect_consistent(c, 0.125, 0.125);
  }
  EXPECT_NEAR(keep_two_farthest_contacts(out), 0.5, kTol);
}

TEST(SquareSquare, CutoffZeroIsContactOnlyCutoffPositiveIsCohesiveRange)
{
  // i [0,1]^2, j [1.5,2.5] x [0,1], radii 0.125: skeleton gap 0.5,
  // delta_n = 0.5 - 0.25 = 0.25 at both corner pairs (exact).
  const auto a = unit_square(0, 0), b = unit_square(1.5, 0);
  PolygonContactList out;
  EXPECT_EQ(find_polygon_contacts(shape(a, 0.125), shape(b, 0.125), 0.0, out), 0);
  EXPECT_EQ(find_polygon_contacts(shape(a, 0.125), shape(b, 0.125), 0.125, out), 0);
  ASSERT_EQ(find_polygon_contacts(shape(a, 0.125), shape(b, 0.125), 0.25, out), 2);
  EXPECT_EQ(out[0].delta_n, 0.25);
  EXPECT_EQ(out[1].delta_n, 0.25);
}

TEST(Penetration, DiamondTipInsideSquarePushedOutThroughNearestEdge)
{
  // square i [0,1]^2, diamond j with tip (0.5, 0.875), half-diagonal 0.5,
  // radii 0.0625, cutoff 0. The tip is inside i: edge lines at 0.875 (bottom),
  // 0.5 (right), 0.125 (top), 0.5 (left) -> pushed out through top edge 2.
  // on_i = (0.5,1), on_j = tip, distance -0.125, normal = i's outward (0,1),
  // delta_n = -0.125 - 0.125 = -0.25, point = (0.5,1) + (0,1)(0.0625 - 0.125)
  // = (0.5, 0.9375). Corner (1,1) of i is outside the diamond (|0.5|+|-0.375|
  // > 0.5) at |0.5*0.125 - 0.5*0.5| / sqrt(0.5) = 0.265 from its edge 0 -> none.
  const auto sq = unit_square(0, 0);
  const auto dm = diamond(0.5, 0.875, 0.5);
  PolygonContactList out;
  ASSERT_EQ(find_polygon_contacts(shape(sq, 0.0625), shape(dm, 0.0625), 0.0, out), 1);
  const Contact &c = out[0];
  expect_features(c, E, 2, V, 0);
  expect_vec_near(c.on_i, {0.5, 1, 0});
  expect_vec_near(c.on_j, {0.5, 0.875, 0});
  expect_vec_near(c.normal, {0, 1, 0});
  EXPECT_NEAR(c.delta_n, -0.25, kTol);
  expect_vec_near(c.point, {0.5, 0.9375, 0});
  expect_consistent(c, 0.0625, 0.0625);
}

TEST(Penetration, VertexOfIInsideJHasMinusJsOutwardNormal)
{
  // As above with the bodies swapped: the diamond is i, its tip inside j.
  // normal = -(j's outward (0,1)) = (0,-1); on_j = on_i + (-0.125)(0,-1) = (0.5,1).
  // point = (0.5,0.875) + (0,-1)(0.0625 - 0.125) = (0.5, 0.9375), the same place.
  const auto sq = unit_square(0, 0);
  const auto dm = diamond(0.5, 0.875, 0.5);
  PolygonContactList out;
  ASSERT_EQ(find_polygon_contacts(shape(dm, 0.0625), shape(sq, 0.0625), 0.0, out), 1);
  const Contact &c = out[0];
  expect_features(c, V, 0, E, 2);
  expect_vec_near(c.on_i, {0.5, 0.875, 0});
  expect_vec_near(c.on_j, {0.5, 1, 0});
  expect_vec_near(c.normal, {0, -1, 0});
  EXPECT_NEAR(c.delta_n, -0.25, kTol);
  expect_vec_near(c.point, {0.5, 0.9375, 0});
  expect_consistent(c, 0.0625, 0.0625);
}

TEST(Penetration, ClockwiseNumberedSquare)
{
  // Square i numbered clockwise (0,0),(0,1),(1,1),(1,0): its top is edge 1.
  // Same penetration as above -> edge 1, normal (0,1), delta_n -0.25.
  const std::array<Vec3, 4> cw = {Vec3{0, 0, 0}, Vec3{0, 1, 0}, Vec3{1, 1, 0}, Vec3{1, 0, 0}};
  const auto dm = diamond(0.5, 0.875, 0.5);
  PolygonContactList out;
  ASSERT_EQ(find_polygon_contacts(shape(cw, 0.0625), shape(dm, 0.0625), 0.0, out), 1);
  expect_features(out[0], E, 1, V, 0);
  expect_vec_near(out[0].normal, {0, 1, 0});
  EXPECT_NEAR(out[0].delta_n, -0.25, kTol);
}

TEST(RodSquare, ContactOnlyAndCohesiveRange)
{
  // rod i (0.25,1.25)-(0.75,1.25) lying above square j [0,1]^2, radii 0.125.
  // cutoff 0: each rod end -> j's top edge 2, distance 0.25, delta_n 0,
  // normal from i to j (0,-1), points (0.25,1.125), (0.75,1.125). Square
  // corner 2 (1,1) -> rod end 1 (0.75,1.25) (projection past the end), mutual,
  // d = sqrt(0.125) = 0.354, delta_n = 0.104 > 0 -> none at cutoff 0.
  const std::array<Vec3, 2> rod = {Vec3{0.25, 1.25, 0}, Vec3{0.75, 1.25, 0}};
  const auto sq = unit_square(0, 0);
  PolygonContactList out;
  ASSERT_EQ(find_polygon_contacts(shape(rod, 0.125), shape(sq, 0.125), 0.0, out), 2);
  expect_features(out[0], V, 0, E, 2);
  expect_features(out[1], V, 1, E, 2);
  expect_vec_near(out[0].point, {0.25, 1.125, 0});
  expect_vec_near(out[1].point, {0.75, 1.125, 0});
  for (const Contact &c : out) {
    EXPECT_EQ(c.delta_n, 0.0);
    expect_vec_near(c.normal, {0, -1, 0});
    expect_consistent(c, 0.125, 0.125);
  }
  EXPECT_NEAR(keep_two_farthest_contacts(out), 0.5, kTol);

  // cutoff 0.25: also corner 2 <-> rod end 1 and corner 3 (0,1) <-> rod end 0,
  // delta_n = sqrt(0.125) - 0.25 = 0.10355 each. Equal radii put the contact
  // point midway: (0.875, 1.125) and (0.125, 1.125). Corners 0 and 1 have a
  // nearer corner (3 resp. 2) to the rod ends -> none.
  ASSERT_EQ(find_polygon_contacts(shape(rod, 0.125), shape(sq, 0.125), 0.25, out), 4);
  expect_features(out[2], V, 1, V, 2);
  expect_features(out[3], V, 0, V, 3);
  EXPECT_NEAR(out[2].delta_n, std::sqrt(0.125) - 0.25, kTol);
  expect_vec_near(out[2].normal, {std::sqrt(0.5), -std::sqrt(0.5), 0});
  expect_vec_near(out[2].point, {0.875, 1.125, 0});
  expect_vec_near(out[3].point, {0.125, 1.125, 0});
  for (const Contact &c : out) expect_consistent(c, 0.125, 0.125);
  // Farthest apart: the two corner contacts, L = 0.875 - 0.125 = 0.75
  EXPECT_NEAR(keep_two_farthest_contacts(out), 0.75, kTol);
  ASSERT_EQ(out.size, 2);
  expect_features(out[0], V, 1, V, 2);
  expect_features(out[1], V, 0, V, 3);
}

// ---------------------------------------------------------------------------
// Keep the two farthest contacts

namespace {
PolygonContactList list_with_points(const std::vector<Vec3> &points)
{
  PolygonContactList list;
  int k = 0;
  for (const Vec3 &p : points) {
    Contact c;
    c.index_i = k++;    // tag to recognise the contact after the move
    c.point = p;
    list.add(c);
  }
  return list;
}
}    // namespace

TEST(KeepTwoFarthest, FewerThanTwoContacts)
{
  PolygonContactList none;
  EXPECT_EQ(keep_two_farthest_contacts(none), 0.0);
  EXPECT_EQ(none.size, 0);
  PolygonContactList one = list_with_points({{1, 2, 0}});
  EXPECT_EQ(keep_two_farthest_contacts(one), 0.0);
  EXPECT_EQ(one.size, 1);
  EXPECT_EQ(one[0].index_i, 0);
}

TEST(KeepTwoFarthest, PicksFarthestPairInOriginalOrder)
{
  // points 0 (0,0), 1 (1,0), 2 (0,2): distances 1, 2, sqrt(5) -> pair (1,2)
  PolygonContactList list = list_with_points({{0, 0, 0}, {1, 0, 0}, {0, 2, 0}});
  EXPECT_NEAR(keep_two_farthest_contacts(list), std::sqrt(5.0), kTol);
  ASSERT_EQ(list.size, 2);
  EXPECT_EQ(list[0].index_i, 1);
  EXPECT_EQ(list[1].index_i, 2);
}

TEST(KeepTwoFarthest, TieKeepsFirstPairInIndexOrder)
{
  // unit square corners: diagonals (0,2) and (1,3) both sqrt(2) -> (0,2)
  PolygonContactList list = list_with_points({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}});
  EXPECT_NEAR(keep_two_farthest_contacts(list), std::sqrt(2.0), kTol);
  ASSERT_EQ(list.size, 2);
  EXPECT_EQ(list[0].index_i, 0);
  EXPECT_EQ(list[1].index_i, 2);
}

// ---------------------------------------------------------------------------
// Symmetries

namespace {

// A generic configuration with several kinds of contact and no ties:
// square i [0,1]^2 and a tilted regular pentagon j (centre (0.83, 1.42),
// circumradius 0.55). Its corner 3 (0.532, 0.958) has penetrated i (pushed
// out through i's top edge 2), its corner 4 (1.178, 0.994) faces i's right
// edge 1 in the cohesive range, and i's corner 2 (1,1) overlaps j's edge 3.
struct GenericPair {
  std::array<Vec3, 4> a = unit_square(0, 0);
  std::array<Vec3, 5> b;
  GenericPair()
  {
    const double pi = std::acos(-1.0);
    for (int k = 0; k < 5; ++k) {
      const double angle = 0.37 + 2 * pi * k / 5;
      b[k] = Vec3{0.83 + 0.55 * std::cos(angle), 1.42 + 0.55 * std::sin(angle), 0};
    }
  }
};

}    // namespace

TEST(Symmetry, RotatingBothBodiesKeepsContacts)
{
  // Rotating both bodies by the same angle about any centre is a rigid motion:
  // same features, same delta_n, rotated normals and points, same L.
  const double r_i = 0.05, r_j = 0.07, cutoff = 0.3;
  GenericPair pair;
  PolygonContactList ref;
  const int n = find_polygon_contacts(shape(pair.a, r_i), shape(pair.b, r_j), cutoff, ref);
  ASSERT_EQ(n, 3);    // i's corner 2 - j's edge 3, i's edge 2 - j's corner 3 (inside),
                      // i's edge 1 - j's corner 4
  expect_features(ref[0], V, 2, E, 3);
  expect_features(ref[1], E, 2, V, 3);
  expect_features(ref[2], E, 1, V, 4);
  EXPECT_LT(ref[1].delta_n + r_i + r_j, 0.0);    // penetrated: negative distance
  PolygonContactList ref_kept = ref;
  const double length = keep_two_farthest_contacts(ref_kept);
  EXPECT_GT(length, 0.1);

  const Vec3 centre{0.37, -0.21, 0};
  for (double angle : {0.3, 1.0, 2.5, -0.7}) {
    std::array<Vec3, 4> a;
    std::array<Vec3, 5> b;
    for (int k = 0; k < 4; ++k) a[k] = rotated(pair.a[k], angle, centre);
    for (int k = 0; k < 5; ++k) b[k] = rotated(pair.b[k], angle, centre);
    PolygonContactList out;
    ASSERT_EQ(find_polygon_contacts(shape(a, r_i), shape(b, r_j), cutoff, out), n);
    for (int k = 0; k < n; ++k) {
      expect_features(out[k], ref[k].kind_i, ref[k].index_i, ref[k].kind_j, ref[k].index_j);
      EXPECT_NEAR(out[k].delta_n, ref[k].delta_n, kTol);
      expect_vec_near(out[k].normal, rotated_direction(ref[k].normal, angle));
      expect_vec_near(out[k].point, rotated(ref[k].point, angle, centre));
    }
    EXPECT_NEAR(keep_two_farthest_contacts(out), length, kTol);
  }
}

namespace {

// Every contact of (i, j) appears in (j, i) with kinds, indices and the two
// skeleton points swapped, the normal flipped, delta_n and the point unchanged.
void expect_swapped(const PolygonContactList &ij, const PolygonContactList &ji)
{
  ASSERT_EQ(ij.size, ji.size);
  for (const Contact &c : ij) {
    int matches = 0;
    for (const Contact &s : ji) {
      if (s.kind_i != c.kind_j || s.index_i != c.index_j || s.kind_j != c.kind_i ||
          s.index_j != c.index_i)
        continue;
      ++matches;
      expect_vec_near(s.normal, -c.normal);
      expect_vec_near(s.on_i, c.on_j);
      expect_vec_near(s.on_j, c.on_i);
      EXPECT_NEAR(s.delta_n, c.delta_n, kTol);
      expect_vec_near(s.point, c.point);
    }
    EXPECT_EQ(matches, 1);
  }
}

}    // namespace

TEST(Symmetry, SwappingBodiesFlipsNormalsAndSwapsFeatures)
{
  GenericPair pair;
  PolygonContactList ij, ji;
  find_polygon_contacts(shape(pair.a, 0.05), shape(pair.b, 0.07), 0.3, ij);
  find_polygon_contacts(shape(pair.b, 0.07), shape(pair.a, 0.05), 0.3, ji);
  ASSERT_GE(ij.size, 3);
  expect_swapped(ij, ji);

  // Shifted squares with a large cutoff: vertex-edge and vertex-vertex contacts.
  const auto a = unit_square(0, 0), b = unit_square(1.25, 0.5);
  find_polygon_contacts(shape(a, 0.125), shape(b, 0.125), 0.5, ij);
  find_polygon_contacts(shape(b, 0.125), shape(a, 0.125), 0.5, ji);
  ASSERT_GE(ij.size, 3);
  expect_swapped(ij, ji);
}

// ---------------------------------------------------------------------------
// Capacity

TEST(Overflow, TooManyContactsSetsFlagAndKeepsCapacity)
{
  // Two regular 40-gons about the same centre, one turned by half a step:
  // every vertex of each lies just outside the other, opposite the middle of
  // an edge -> 40 + 40 = 80 vertex-edge contacts > 64.
  const double pi = std::acos(-1.0);
  std::array<Vec3, 40> a, b;
  for (int k = 0; k < 40; ++k) {
    a[k] = Vec3{std::cos(2 * pi * k / 40), std::sin(2 * pi * k / 40), 0};
    b[k] = Vec3{std::cos(2 * pi * (k + 0.5) / 40), std::sin(2 * pi * (k + 0.5) / 40), 0};
  }
  PolygonContactList out;
  EXPECT_EQ(find_polygon_contacts(shape(a, 0.1), shape(b, 0.1), 0.0, out), kMaxPolygonContacts);
  EXPECT_TRUE(out.overflow);
  // Cleared again by the next call.
  const auto sq = unit_square(0, 0), far = unit_square(5, 5);
  EXPECT_EQ(find_polygon_contacts(shape(sq, 0.1), shape(far, 0.1), 0.0, out), 0);
  EXPECT_FALSE(out.overflow);
}
