// Unit tests of the 3d geometric primitives of the contact geometry
// (src/BODY_ROUNDED/point_segment_3d.h, point_triangle_3d.h,
// segment_segment_3d.h). No LAMMPS.
//
// Every expected number is worked out by hand in the comment next to it.
// Tolerance kTol = 1e-14: inputs are small dyadic or integer numbers, the
// results come from < 30 flops on O(1) values, each rounding by at most
// 1.1e-16 relative, so 1e-14 is a wide margin that still catches any wrong
// formula. Where the inputs are exact binary fractions the results are exact
// and compared with EXPECT_EQ.

#include "point_segment_3d.h"
#include "point_triangle_3d.h"
#include "segment_segment_3d.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace body_dem;

namespace {

constexpr double kTol = 1e-14;

void expect_vec_near(const Vec3 &actual, const Vec3 &expected, double tol = kTol)
{
  EXPECT_NEAR(actual.x, expected.x, tol);
  EXPECT_NEAR(actual.y, expected.y, tol);
  EXPECT_NEAR(actual.z, expected.z, tol);
}

}    // namespace

// ---------------------------------------------------------------- point-segment

TEST(PointSegment, Interior)
{
  // segment (0,0,0)-(2,0,0), p = (0.5, 1, -2): projection t = 0.5 / 2 = 0.25,
  // nearest point (0.5, 0, 0), distance^2 = 1 + 4 = 5
  const auto r = point_segment_nearest({0.5, 1, -2}, {0, 0, 0}, {2, 0, 0});
  EXPECT_EQ(r.region, PointSegmentRegion::interior);
  EXPECT_EQ(r.t, 0.25);
  expect_vec_near(r.point, {0.5, 0, 0});
  EXPECT_EQ(r.dist2, 5.0);
}

TEST(PointSegment, SlantedInterior)
{
  // segment (1,1,1)-(3,3,1) (direction (1,1,0)), p = (3,1,2): (p - a).u =
  // (2,0,1).(2,2,0) = 4, |u|^2 = 8, t = 0.5, point (2,2,1); p - point =
  // (1,-1,1), distance^2 = 3
  const auto r = point_segment_nearest({3, 1, 2}, {1, 1, 1}, {3, 3, 1});
  EXPECT_EQ(r.region, PointSegmentRegion::interior);
  EXPECT_EQ(r.t, 0.5);
  expect_vec_near(r.point, {2, 2, 1});
  EXPECT_NEAR(r.dist2, 3.0, kTol);
}

TEST(PointSegment, BeforeStartAndAfterEnd)
{
  // p = (-1, 1, 0) projects before a = (0,0,0): nearest a, distance^2 = 2
  const auto r0 = point_segment_nearest({-1, 1, 0}, {0, 0, 0}, {2, 0, 0});
  EXPECT_EQ(r0.region, PointSegmentRegion::start);
  EXPECT_EQ(r0.t, 0.0);
  expect_vec_near(r0.point, {0, 0, 0});
  EXPECT_EQ(r0.dist2, 2.0);
  // p = (3, 0, 2) projects beyond b = (2,0,0): nearest b, distance^2 = 1 + 4 = 5
  const auto r1 = point_segment_nearest({3, 0, 2}, {0, 0, 0}, {2, 0, 0});
  EXPECT_EQ(r1.region, PointSegmentRegion::end);
  EXPECT_EQ(r1.t, 1.0);
  expect_vec_near(r1.point, {2, 0, 0});
  EXPECT_EQ(r1.dist2, 5.0);
}

TEST(PointSegment, ExactlyAbreastOfAnEndIsTheEnd)
{
  // p = (0, 5, 0) projects exactly onto a (pu = 0): the start, bit for bit
  const auto r = point_segment_nearest({0, 5, 0}, {0, 0, 0}, {2, 0, 0});
  EXPECT_EQ(r.region, PointSegmentRegion::start);
  EXPECT_EQ(r.point.x, 0.0);
  EXPECT_EQ(r.dist2, 25.0);
}

TEST(PointSegment, DegenerateSegmentIsItsStart)
{
  // a = b = (1,2,3), p = (1,2,5): the point a, distance^2 = 4
  const auto r = point_segment_nearest({1, 2, 5}, {1, 2, 3}, {1, 2, 3});
  EXPECT_EQ(r.region, PointSegmentRegion::start);
  EXPECT_EQ(r.t, 0.0);
  expect_vec_near(r.point, {1, 2, 3});
  EXPECT_EQ(r.dist2, 4.0);
}

// ---------------------------------------------------------------- point-triangle

// Triangle a = (0,0,0), b = (4,0,0), c = (0,4,0), counter-clockwise seen from +z.
namespace {
const Vec3 ta{0, 0, 0}, tb{4, 0, 0}, tc{0, 4, 0};
}

TEST(PointTriangle, FaceInterior)
{
  // p = (1, 1, 3): projection (1,1,0) is inside (x, y > 0, x + y < 4);
  // distance^2 = 9, signed height +3 (above, on the side of (b-a)x(c-a) = +z)
  const auto r = point_triangle_nearest({1, 1, 3}, ta, tb, tc);
  EXPECT_EQ(r.region, TriangleRegion::face);
  expect_vec_near(r.point, {1, 1, 0});
  EXPECT_NEAR(r.dist2, 9.0, kTol);
  EXPECT_NEAR(r.signed_height, 3.0, kTol);
  // below the triangle: signed height -2
  const auto r2 = point_triangle_nearest({1, 2, -2}, ta, tb, tc);
  EXPECT_EQ(r2.region, TriangleRegion::face);
  expect_vec_near(r2.point, {1, 2, 0});
  EXPECT_NEAR(r2.signed_height, -2.0, kTol);
}

TEST(PointTriangle, EdgeRegions)
{
  // edge ab (y = 0): p = (2, -1, 1) -> (2, 0, 0), distance^2 = 1 + 1 = 2
  const auto rab = point_triangle_nearest({2, -1, 1}, ta, tb, tc);
  EXPECT_EQ(rab.region, TriangleRegion::edge_ab);
  expect_vec_near(rab.point, {2, 0, 0});
  EXPECT_NEAR(rab.dist2, 2.0, kTol);
  // edge bc (x + y = 4): p = (3, 3, 0): projection onto the line through
  // (4,0,0) with direction (-1,1,0)/sqrt2: (p - b).(-1,1,0) = 1 + 3 = 4,
  // t = 4/8 = 0.5 -> (2, 2, 0), distance^2 = 1 + 1 = 2
  const auto rbc = point_triangle_nearest({3, 3, 0}, ta, tb, tc);
  EXPECT_EQ(rbc.region, TriangleRegion::edge_bc);
  expect_vec_near(rbc.point, {2, 2, 0});
  EXPECT_NEAR(rbc.dist2, 2.0, kTol);
  // edge ca (x = 0): p = (-2, 1, 0) -> (0, 1, 0), distance^2 = 4
  const auto rca = point_triangle_nearest({-2, 1, 0}, ta, tb, tc);
  EXPECT_EQ(rca.region, TriangleRegion::edge_ca);
  expect_vec_near(rca.point, {0, 1, 0});
  EXPECT_NEAR(rca.dist2, 4.0, kTol);
}

TEST(PointTriangle, VertexRegions)
{
  // beyond a: p = (-1, -2, 1) -> a, distance^2 = 1 + 4 + 1 = 6
  const auto ra = point_triangle_nearest({-1, -2, 1}, ta, tb, tc);
  EXPECT_EQ(ra.region, TriangleRegion::vertex_a);
  expect_vec_near(ra.point, ta);
  EXPECT_NEAR(ra.dist2, 6.0, kTol);
  // beyond b: p = (6, -1, 0) -> b, distance^2 = 4 + 1 = 5
  const auto rb = point_triangle_nearest({6, -1, 0}, ta, tb, tc);
  EXPECT_EQ(rb.region, TriangleRegion::vertex_b);
  expect_vec_near(rb.point, tb);
  EXPECT_NEAR(rb.dist2, 5.0, kTol);
  // beyond c: p = (-1, 6, 2) -> c, distance^2 = 1 + 4 + 4 = 9
  const auto rc = point_triangle_nearest({-1, 6, 2}, ta, tb, tc);
  EXPECT_EQ(rc.region, TriangleRegion::vertex_c);
  expect_vec_near(rc.point, tc);
  EXPECT_NEAR(rc.dist2, 9.0, kTol);
}

TEST(PointTriangle, ProjectionInsideTest)
{
  const Vec3 up{0, 0, 1};
  EXPECT_TRUE(projects_inside_triangle({1, 1, 7}, ta, tb, tc, up));      // inside, any height
  EXPECT_TRUE(projects_inside_triangle({1, 1, -7}, ta, tb, tc, up));     // below counts too
  EXPECT_TRUE(projects_inside_triangle({2, 2, 1}, ta, tb, tc, up));      // on edge bc: boundary included
  EXPECT_TRUE(projects_inside_triangle({0, 0, 1}, ta, tb, tc, up));      // on vertex a
  EXPECT_FALSE(projects_inside_triangle({3, 3, 0}, ta, tb, tc, up));     // beyond bc
  EXPECT_FALSE(projects_inside_triangle({-0.5, 1, 0}, ta, tb, tc, up));  // beyond ca
  // the normal only needs the right side, not unit length
  EXPECT_TRUE(projects_inside_triangle({1, 1, 0}, ta, tb, tc, {0, 0, 16}));
  // own orientation
  EXPECT_TRUE(projects_inside_triangle({1, 1, 5}, ta, tb, tc));
  // tilted triangle (1,0,0), (0,1,0), (0,0,1), normal (1,1,1): the point
  // (1,1,1) projects to the centroid (1/3,1/3,1/3), inside; (2,-1,2)
  // projects to (2,-1,2) - (1,1,1)(3-1)/3 = (4/3, -5/3, 4/3), outside (y < 0)
  EXPECT_TRUE(projects_inside_triangle({1, 1, 1}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}));
  EXPECT_FALSE(projects_inside_triangle({2, -1, 2}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}));
}

TEST(PointTriangle, TiltedFace)
{
  // triangle (1,0,0), (0,1,0), (0,0,1); p = (1,1,1): the plane x + y + z = 1
  // at distance (3 - 1)/sqrt3 along (1,1,1)/sqrt3; foot = centroid (1/3,1/3,1/3)
  const auto r = point_triangle_nearest({1, 1, 1}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1});
  EXPECT_EQ(r.region, TriangleRegion::face);
  expect_vec_near(r.point, {1.0 / 3, 1.0 / 3, 1.0 / 3});
  EXPECT_NEAR(r.dist2, 4.0 / 3.0, kTol);
  EXPECT_NEAR(r.signed_height, 2.0 / std::sqrt(3.0), kTol);
}

TEST(PointTriangle, DegenerateTriangleUsesEdges)
{
  // collinear a = (0,0,0), b = (2,0,0), c = (4,0,0): no plane; p = (1, 3, 0)
  // is nearest to (1, 0, 0) on ab, distance^2 = 9
  const auto r = point_triangle_nearest({1, 3, 0}, {0, 0, 0}, {2, 0, 0}, {4, 0, 0});
  EXPECT_EQ(r.region, TriangleRegion::edge_ab);
  expect_vec_near(r.point, {1, 0, 0});
  EXPECT_NEAR(r.dist2, 9.0, kTol);
  EXPECT_EQ(r.signed_height, 0.0);
}

// ---------------------------------------------------------------- segment-segment

TEST(LineLine, PerpendicularSkewLines)
{
  // P(s) = (-1,0,0) + s (2,0,0), Q(t) = (0,-1,1) + t (0,4,0): nearest points
  // (0,0,0) at s = 0.5 and (0,0,1) at t = 0.25; the lines are perpendicular,
  // sin^2 = 1
  const auto r = line_line_nearest({-1, 0, 0}, {1, 0, 0}, {0, -1, 1}, {0, 3, 1});
  EXPECT_FALSE(r.parallel);
  EXPECT_NEAR(r.s, 0.5, kTol);
  EXPECT_NEAR(r.t, 0.25, kTol);
  EXPECT_NEAR(r.sin2_angle, 1.0, kTol);
}

TEST(LineLine, AngleAndParameters)
{
  // P(s) = s (1,0,0), Q(t) = (2, 0, 1) + t (1,1,0): angle 45 degrees, sin^2
  // = 1/2. Nearest: the lines' xy-projections cross at (2,0) = P(2) = Q(0),
  // and the z offset 1 is perpendicular to both: s = 2, t = 0 (unclamped).
  const auto r = line_line_nearest({0, 0, 0}, {1, 0, 0}, {2, 0, 1}, {3, 1, 1});
  EXPECT_FALSE(r.parallel);
  EXPECT_NEAR(r.s, 2.0, kTol);
  EXPECT_NEAR(r.t, 0.0, kTol);
  EXPECT_NEAR(r.sin2_angle, 0.5, kTol);
}

TEST(LineLine, ParallelAndDegenerate)
{
  // parallel directions (1,0,0) and (-2,0,0): sin^2 = 0 -> parallel
  const auto r = line_line_nearest({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {-2, 1, 0});
  EXPECT_TRUE(r.parallel);
  EXPECT_EQ(r.sin2_angle, 0.0);
  // zero-length segment: no direction, reported parallel
  const auto r2 = line_line_nearest({0, 0, 0}, {0, 0, 0}, {0, 1, 0}, {1, 1, 0});
  EXPECT_TRUE(r2.parallel);
  // nearly parallel beyond the threshold: directions (1,0,0) and (1,1e-6,0),
  // sin^2 = 1e-12 / (1 + 1e-12) > 1e-20. |u x v|^2 comes from the cross
  // product (1e-6)^2 without cancellation; the relative error is that of
  // 1 + 1e-6 - 1 in the input (~1e-10), hence the tolerance 1e-21 = 1e-9
  // relative.
  const auto r3 = line_line_nearest({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1 + 1e-6, 0});
  EXPECT_FALSE(r3.parallel);
  EXPECT_NEAR(r3.sin2_angle, 1e-12, 1e-21);
}

TEST(SegmentSegment, CrossingInterior)
{
  // the X of LineLine.PerpendicularSkewLines: nearest (0,0,0) and (0,0,1)
  const auto r = segment_segment_nearest({-1, 0, 0}, {1, 0, 0}, {0, -1, 1}, {0, 3, 1});
  EXPECT_TRUE(r.interior);
  EXPECT_FALSE(r.parallel);
  EXPECT_NEAR(r.s, 0.5, kTol);
  EXPECT_NEAR(r.t, 0.25, kTol);
  expect_vec_near(r.point_p, {0, 0, 0});
  expect_vec_near(r.point_q, {0, 0, 1});
  EXPECT_NEAR(r.dist2, 1.0, kTol);
}

TEST(SegmentSegment, EndAgainstInterior)
{
  // "T": p from (0,0,0) to (2,0,0); q from (3,-1,0.5) to (3,1,0.5). The
  // lines' nearest points are (3,0,0) (s = 1.5, outside p) and (3,0,0.5).
  // On the segments: end p1 = (2,0,0) against q, nearest (3,0,0.5) at t =
  // 0.5; distance^2 = 1 + 0.25 = 1.25
  const auto r = segment_segment_nearest({0, 0, 0}, {2, 0, 0}, {3, -1, 0.5}, {3, 1, 0.5});
  EXPECT_FALSE(r.interior);
  EXPECT_EQ(r.s, 1.0);
  EXPECT_NEAR(r.t, 0.5, kTol);
  expect_vec_near(r.point_p, {2, 0, 0});
  expect_vec_near(r.point_q, {3, 0, 0.5});
  EXPECT_NEAR(r.dist2, 1.25, kTol);
  // the same with the roles of p and q exchanged: end q0 = (2,0,0) against p
  const auto r2 = segment_segment_nearest({3, -1, 0.5}, {3, 1, 0.5}, {0, 0, 0}, {2, 0, 0});
  EXPECT_NEAR(r2.s, 0.5, kTol);
  EXPECT_EQ(r2.t, 1.0);
  EXPECT_NEAR(r2.dist2, 1.25, kTol);
}

TEST(SegmentSegment, EndAgainstEnd)
{
  // p from (0,0,0) to (1,0,0); q from (2,1,0) to (2,3,0): nearest p1 =
  // (1,0,0) and q0 = (2,1,0), distance^2 = 1 + 1 = 2
  const auto r = segment_segment_nearest({0, 0, 0}, {1, 0, 0}, {2, 1, 0}, {2, 3, 0});
  EXPECT_EQ(r.s, 1.0);
  EXPECT_EQ(r.t, 0.0);
  EXPECT_EQ(r.dist2, 2.0);
}

TEST(SegmentSegment, ParallelOverlapping)
{
  // p from (0,0,0) to (2,0,0); q from (1,0,1) to (3,0,1): parallel, all
  // points of the overlap x in [1, 2] are at distance 1. End cases in
  // order: p0 = (0,0,0) -> (1,0,1), distance^2 2; p1 = (2,0,0) -> (2,0,1),
  // distance^2 1; q0 = (1,0,1) -> (1,0,0), distance^2 1 (not smaller);
  // q1 = (3,0,1) -> (2,0,0), distance^2 2. The first minimum is p1 with
  // (2,0,1), at t = (2 - 1)/2 = 0.5.
  const auto r = segment_segment_nearest({0, 0, 0}, {2, 0, 0}, {1, 0, 1}, {3, 0, 1});
  EXPECT_TRUE(r.parallel);
  EXPECT_FALSE(r.interior);
  EXPECT_EQ(r.dist2, 1.0);
  EXPECT_EQ(r.s, 1.0);
  EXPECT_EQ(r.t, 0.5);
  expect_vec_near(r.point_p, {2, 0, 0});
  expect_vec_near(r.point_q, {2, 0, 1});
}

TEST(SegmentSegment, ParallelDisjoint)
{
  // p from (0,0,0) to (1,0,0); q from (3,2,0) to (5,2,0): parallel and
  // disjoint: nearest p1 = (1,0,0) and q0 = (3,2,0), distance^2 = 4 + 4 = 8
  const auto r = segment_segment_nearest({0, 0, 0}, {1, 0, 0}, {3, 2, 0}, {5, 2, 0});
  EXPECT_TRUE(r.parallel);
  EXPECT_EQ(r.s, 1.0);
  EXPECT_EQ(r.t, 0.0);
  EXPECT_EQ(r.dist2, 8.0);
}

TEST(SegmentSegment, CollinearTouching)
{
  // p from (0,0,0) to (1,0,0), q from (1,0,0) to (2,0,0): they touch at
  // (1,0,0), distance 0
  const auto r = segment_segment_nearest({0, 0, 0}, {1, 0, 0}, {1, 0, 0}, {2, 0, 0});
  EXPECT_TRUE(r.parallel);
  EXPECT_EQ(r.dist2, 0.0);
  expect_vec_near(r.point_p, {1, 0, 0});
}

TEST(SegmentSegment, DegenerateSegmentIsAPoint)
{
  // p is the point (1, 2, 0); q from (0,0,0) to (4,0,0): nearest (1,0,0),
  // distance^2 = 4
  const auto r = segment_segment_nearest({1, 2, 0}, {1, 2, 0}, {0, 0, 0}, {4, 0, 0});
  EXPECT_TRUE(r.parallel);
  EXPECT_EQ(r.dist2, 4.0);
  expect_vec_near(r.point_q, {1, 0, 0});
  EXPECT_NEAR(r.t, 0.25, kTol);
  // both degenerate: two points (0,0,0) and (3,4,0), distance^2 = 25
  const auto r2 = segment_segment_nearest({0, 0, 0}, {0, 0, 0}, {3, 4, 0}, {3, 4, 0});
  EXPECT_EQ(r2.dist2, 25.0);
}

TEST(SegmentSegment, IntersectingSegments)
{
  // p from (0,0,0) to (2,2,0), q from (0,2,0) to (2,0,0): they intersect at
  // (1,1,0), s = t = 0.5, distance 0
  const auto r = segment_segment_nearest({0, 0, 0}, {2, 2, 0}, {0, 2, 0}, {2, 0, 0});
  EXPECT_TRUE(r.interior);
  EXPECT_NEAR(r.s, 0.5, kTol);
  EXPECT_NEAR(r.t, 0.5, kTol);
  EXPECT_NEAR(r.dist2, 0.0, kTol);
  expect_vec_near(r.point_p, {1, 1, 0});
}

// segments_may_cross_within is the division-free rejection in front of
// line_line_nearest in the crossing search: it may pass pairs that the
// full test rejects, never the other way round. Hand-worked cases first.
TEST(SegmentsMayCrossWithin, HandWorkedCases)
{
  // x axis from -1 to 1 and a segment along y at height 1 crossing above
  // the origin: nearest points (0, 0, 0) and (0, 0, 1), distance 1
  EXPECT_TRUE(segments_may_cross_within({-1, 0, 0}, {1, 0, 0}, {0, -1, 1}, {0, 1, 1}, 1.0));
  EXPECT_TRUE(segments_may_cross_within({-1, 0, 0}, {1, 0, 0}, {0, -1, 1}, {0, 1, 1}, 1.5));
  EXPECT_FALSE(segments_may_cross_within({-1, 0, 0}, {1, 0, 0}, {0, -1, 1}, {0, 1, 1}, 0.5));
  // the same lines, but the second segment ends before the crossing point
  // (t outside (0, 1)) or the first one does (s outside)
  EXPECT_FALSE(segments_may_cross_within({-1, 0, 0}, {1, 0, 0}, {0, 1, 1}, {0, 3, 1}, 2.0));
  EXPECT_FALSE(segments_may_cross_within({1, 0, 0}, {3, 0, 0}, {0, -1, 1}, {0, 1, 1}, 2.0));
  // parallel segments never cross (den = 0)
  EXPECT_FALSE(segments_may_cross_within({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, 5.0));
}

// Over many random segment pairs: whenever line_line_nearest finds interior
// nearest points within dmax (the crossing search's acceptance), the
// rejection test passes the pair; and it rejects most pairs that the full
// test rejects (it is exact up to its 1e-9 distance margin).
TEST(SegmentsMayCrossWithin, NeverRejectsAPairTheFullTestAccepts)
{
  unsigned long long state = 12345;
  const auto uniform = [&state]() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(state >> 11) * (1.0 / 9007199254740992.0) * 2.0 - 1.0;
  };
  int accepted = 0, rejected_by_full = 0, rejected_by_both = 0;
  for (int k = 0; k < 200000; ++k) {
    const Vec3 p0{uniform(), uniform(), uniform()}, p1{uniform(), uniform(), uniform()};
    const Vec3 q0{uniform(), uniform(), uniform()}, q1{uniform(), uniform(), uniform()};
    const double dmax = 0.5 * (uniform() + 1.0);
    const LineLineResult ll = line_line_nearest(p0, p1, q0, q1);
    bool full = !ll.parallel && ll.s > 0.0 && ll.s < 1.0 && ll.t > 0.0 && ll.t < 1.0;
    if (full) {
      const Vec3 pi = p0 + (p1 - p0) * ll.s, pj = q0 + (q1 - q0) * ll.t;
      full = norm2(pj - pi) <= dmax * dmax;
    }
    const bool quick = segments_may_cross_within(p0, p1, q0, q1, dmax);
    if (full) {
      ++accepted;
      EXPECT_TRUE(quick) << "pair " << k;
    } else {
      ++rejected_by_full;
      if (!quick) ++rejected_by_both;
    }
  }
  EXPECT_GT(accepted, 1000);
  // measured: all but a handful of the full test's rejections
  EXPECT_GT(rejected_by_both, rejected_by_full - rejected_by_full / 1000);
}
