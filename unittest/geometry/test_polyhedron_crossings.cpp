// Unit tests of stage 2 of the 3d contact search, the crossings of edges
// and their weights (src/BODY_ROUNDED/polyhedron_contacts/crossings.h;
// rules 2 and A of polyhedron_contacts.h). No LAMMPS.
//
// Every expected number is worked out by hand in the comment next to it.
// Tolerance kTol = 1e-12: results pass through acos, sqrt and sin of O(1)
// arguments away from acos's singular ends (< 100 flops, each rounding by
// ~1e-16 relative); 1e-12 is a wide margin that still catches any wrong
// formula.

#include "polyhedron_contacts.h"
#include "polyhedron_test_bodies.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace body_dem;
using namespace body_dem::polyhedron_detail;
using namespace body_dem_test;

namespace {

constexpr double kTol = 1e-12;
const double kDeg = kPi / 180.0;

// S(x) for expected values
double S(double x) { return x <= 0 ? 0 : (x >= 1 ? 1 : x * x * (3 - 2 * x)); }

// The crossing candidates of two bodies (stage 1 is run first, as in the
// search, for its early-exit arrays).
struct Crossings {
  PolyhedronShape a, b;    // the search keeps references to them
  PolyhedronContactList out;
  SmoothingParams params;
  PairSearch s;
  Crossings(const Body &body_a, const Body &body_b, double cutoff, const SmoothingParams &p = SmoothingParams())
      : a(body_a.shape()), b(body_b.shape()), params(p), s(a, b, params, out, cutoff)
  {
    s.compute_face_offsets();
    find_leading_faces(s);
    add_vertex_candidates(s);
    add_crossing_candidates(s);
  }
  int count() const { return out.size - s.n_vertex_candidates; }
  const Contact &first() const { return out[s.n_vertex_candidates]; }
};

}    // namespace

TEST(PolyhedronCrossings, ConeFactorOfACubeEdge)
{
  // Cube edge 5 between the top (+z) and right (+x) faces: its normal cone
  // is the quarter circle between those normals, half-angle 45 degrees
  // about the outward direction (1, 0, 1)/sqrt2. A direction inside it
  // (1, 0, 2)/sqrt5, or on its boundary, weighs 1; one at 45 + 7.5
  // degrees from the outward direction lies 7.5 = g0 / 2 degrees outside:
  // 1 - S(0.5) = 0.5; at 45 + 15 or more: 0.
  const Body c = cube(0.5, 0.1);
  const PolyhedronShape s = c.shape();
  const EdgeFaces ef = edge_faces(s, 5);
  const Vec3 out = edge_outward(s, ef);
  const double g0 = SmoothingParams().cone_angle;
  EXPECT_EQ(cone_factor(s, ef, out, Vec3{1, 0, 2} * (1.0 / std::sqrt(5.0)), g0), 1.0);
  const auto at = [](double deg) {    // the direction at deg from (1, 0, 1)/sqrt2 towards +z and beyond
    const double a = (45.0 - deg) * kDeg;
    return Vec3{std::sin(a), 0.0, std::cos(a)};
  };
  EXPECT_EQ(cone_factor(s, ef, out, at(30.0), g0), 1.0);
  EXPECT_NEAR(cone_factor(s, ef, out, at(52.5), g0), 0.5, kTol);
  EXPECT_NEAR(cone_factor(s, ef, out, at(48.75), g0), 1.0 - S(0.25), kTol);
  EXPECT_EQ(cone_factor(s, ef, out, at(61.0), g0), 0.0);
  // an edge without two faces has no cone
  const Body r = rod({-1, 0, 0}, {1, 0, 0}, 0.1);
  EXPECT_EQ(cone_factor(r.shape(), edge_faces(r.shape(), 0), Vec3{}, Vec3{0, 0, 1}, g0), 1.0);
}

TEST(PolyhedronCrossings, CornerFactorFromTheExteriorAngle)
{
  // Face F of body i (normal +z) on face G of body j (normal -z): in flat
  // contact (b = 0, P = 1). Edge u = (1, 0, 0) of i listed +1 by F, edge v
  // = (cos t, sin t, 0) of j listed +1 by G: cos phi = -cos t, phi = 180 -
  // t degrees. t = 90: phi = 90 = f0: weight 1. t = 135: phi = 45, g =
  // 0.5, weight 1 - (1 - 0.5) = 0.5. t = 157.5: phi = 22.5, weight 0.25.
  // G tilted by 5 degrees (b = 5 = b0 / 2): P = 1 - S(0.5) = 0.5, weight
  // at t = 135: 1 - 0.5 * 0.5 = 0.75. Tilted by 30 > b0: not in flat
  // contact, weight 1.
  const SmoothingParams p;
  const double cos_b0 = std::cos(p.face_angle), cos_f0 = std::cos(p.corner_angle);
  const Vec3 n_up{0, 0, 1};
  Vec3 n_down{0, 0, -1};
  PolyhedronShape si{}, sj{};
  si.face_normals = &n_up;
  sj.face_normals = &n_down;
  EdgeFaces fi, fj;
  fi.n = fj.n = 1;
  fi.face[0] = fj.face[0] = 0;
  fi.dir[0] = fj.dir[0] = 1;
  const Vec3 u{1, 0, 0};
  const auto w = [&](double t_deg) {
    const Vec3 v{std::cos(t_deg * kDeg), std::sin(t_deg * kDeg), 0.0};
    return corner_factor(si, fi, sj, fj, u, v, 1.0, 1.0, cos_b0, cos_f0, p);
  };
  EXPECT_NEAR(w(90.0), 1.0, kTol);
  EXPECT_NEAR(w(135.0), 0.5, kTol);
  EXPECT_NEAR(w(157.5), 0.25, kTol);
  // the other direction of listing turns the exterior angle: t = 45 with
  // G listing v backwards is t = 135
  fj.dir[0] = -1;
  EXPECT_NEAR(w(45.0), 0.5, kTol);
  fj.dir[0] = 1;
  n_down = {std::sin(5.0 * kDeg), 0.0, -std::cos(5.0 * kDeg)};
  EXPECT_NEAR(w(135.0), 0.75, kTol);
  n_down = {std::sin(30.0 * kDeg), 0.0, -std::cos(30.0 * kDeg)};
  EXPECT_EQ(w(135.0), 1.0);
}

TEST(PolyhedronCrossings, RodsCrossingAt90Degrees)
{
  // Rod i from (-1, 0, 0) to (1, 0, 0), rod j from (0.3, -1, 0.15) to
  // (0.3, 1, 0.15), r = 0.1 each, cutoff 0: dmax 0.2. The lines' nearest
  // points (0.3, 0, 0) and (0.3, 0, 0.15), s = 0.65, t = 0.5, 0.15 apart:
  // a crossing with normal +z (no faces: oriented by the offset), delta_n =
  // 0.15 - 0.2 = -0.05, depth 0.05. L = the shortest edge, 2: l_end = 0.1;
  // the crossing is 0.35 * 2 = 0.7 and 1 from the ends: w_end = 1;
  // 90 degrees: w_angle = 1; no cones, no faces: w = 1.
  const Body A = rod({-1, 0, 0}, {1, 0, 0}, 0.1);
  const Body B = rod({0.3, -1, 0.15}, {0.3, 1, 0.15}, 0.1);
  Crossings x(A, B, 0.0);
  ASSERT_EQ(x.count(), 1);
  const Contact &c = x.first();
  EXPECT_EQ(c.kind_i, FeatureKind::edge);
  EXPECT_EQ(c.kind_j, FeatureKind::edge);
  EXPECT_NEAR(c.on_i.x, 0.3, kTol);
  EXPECT_NEAR(c.on_j.z, 0.15, kTol);
  EXPECT_NEAR(c.normal.z, 1.0, kTol);
  EXPECT_NEAR(c.delta_n, -0.05, kTol);
  EXPECT_NEAR(c.weight, 1.0, kTol);
  EXPECT_NEAR(c.ja_factor, 1.0, kTol);
  const CandidateInfo &ci = x.s.info[x.s.n_vertex_candidates];
  EXPECT_NEAR(ci.depth, 0.05, kTol);
  EXPECT_NEAR(ci.strength, 1.0, kTol);
  EXPECT_EQ(ci.owner, -1);
}

TEST(PolyhedronCrossings, NearAnEndAndAtASmallAngle)
{
  // As above with rod j at x = 0.96: s = 0.98, 0.02 * 2 = 0.04 from the
  // end of rod i: w_end = S(0.04 / 0.1) = S(0.4) = 0.352 (also its
  // ja_factor).
  const Body A = rod({-1, 0, 0}, {1, 0, 0}, 0.1);
  Crossings end(A, rod({0.96, -1, 0.15}, {0.96, 1, 0.15}, 0.1), 0.0);
  ASSERT_EQ(end.count(), 1);
  EXPECT_NEAR(end.first().weight, 0.352, kTol);
  EXPECT_NEAR(end.first().ja_factor, 0.352, kTol);
  // Rod j through (0.3, 0, 0.15) at 5 degrees to rod i (a0 = 10): w_angle
  // = sin 5 / sin 10 = 0.50191; its ends (0.3 -+ cos 5, -+ sin 5, 0.15)
  // keep the crossing at t = 0.5, s = 0.65 (w_end = 1)
  const double a = 5.0 * kDeg;
  const Body B = rod({0.3 - std::cos(a), -std::sin(a), 0.15}, {0.3 + std::cos(a), std::sin(a), 0.15}, 0.1);
  Crossings small(A, B, 0.0);
  ASSERT_EQ(small.count(), 1);
  EXPECT_NEAR(small.first().weight, std::sin(a) / std::sin(10.0 * kDeg), kTol);
  EXPECT_NEAR(small.first().ja_factor, 1.0, kTol);
}

TEST(PolyhedronCrossings, NoCrossingOutsideTheEdgesOrOutOfReach)
{
  // the lines' nearest points outside rod j (x = 1.2 > 1): none; 0.25
  // apart > dmax = 0.2: none; with cutoff 0.1 (dmax 0.3) it is found
  const Body A = rod({-1, 0, 0}, {1, 0, 0}, 0.1);
  EXPECT_EQ(Crossings(A, rod({1.2, -1, 0.15}, {1.2, 1, 0.15}, 0.1), 0.0).count(), 0);
  EXPECT_EQ(Crossings(A, rod({0.3, -1, 0.25}, {0.3, 1, 0.25}, 0.1), 0.0).count(), 0);
  EXPECT_EQ(Crossings(A, rod({0.3, -1, 0.25}, {0.3, 1, 0.25}, 0.1), 0.1).count(), 1);
  // parallel rods do not cross (their contact is at the ends, stage 1)
  EXPECT_EQ(Crossings(A, rod({-0.5, 0, 0.15}, {0.5, 0, 0.15}, 0.1), 0.0).count(), 0);
}

TEST(PolyhedronCrossings, CubeEdgesOrientedByTheirFaces)
{
  // A: unit cube turned by 45 degrees about y, its lowest edge 1 a ridge
  // along y at z = 0.15; B: unit cube turned by 45 degrees about x, its
  // highest edge 6 a ridge along x at z = 0 (as in test_polyhedron_contacts'
  // EdgeOnEdgeCrossingAt90Degrees). The crossing's normal points from A
  // down into B, -z: the outward directions of the edges (A's -z, B's +z)
  // orient it, delta_n = 0.15 - 0.2 = -0.05, weight 1 (90 degrees, inside
  // both cones, faces 60 degrees from parallel).
  const double h = std::sqrt(0.5);
  const Body A = cube(0.5, 0.1).moved(rotation({0, 1, 0}, kPi / 4), {0, 0, 0.15 + h});
  const Body B = cube(0.5, 0.1).moved(rotation({1, 0, 0}, kPi / 4), {0, 0, -h});
  Crossings x(A, B, 0.0);
  ASSERT_EQ(x.count(), 1);
  const Contact &c = x.first();
  EXPECT_EQ(c.index_i, 1);
  EXPECT_EQ(c.index_j, 6);
  EXPECT_NEAR(c.normal.z, -1.0, kTol);
  EXPECT_NEAR(c.delta_n, -0.05, kTol);
  EXPECT_NEAR(c.weight, 1.0, kTol);
}

TEST(PolyhedronCrossings, RidgeFactorFromTheTurn)
{
  // w_ridge of one edge: 0 up to t0 = 5 degrees, 1 from t1 = 10 on,
  // S((t - 5) / 5) between: 7.5 degrees gives S(0.5) = 0.5, 6.25 degrees
  // S(0.25) = 0.15625; a cube's edge (90) and an edge without two faces
  // (pi) weigh 1
  const SmoothingParams p;
  EXPECT_EQ(ridge_factor(0.0, p), 0.0);
  EXPECT_EQ(ridge_factor(5.0 * kDeg, p), 0.0);
  EXPECT_NEAR(ridge_factor(7.5 * kDeg, p), 0.5, kTol);
  EXPECT_NEAR(ridge_factor(6.25 * kDeg, p), 0.15625, kTol);
  EXPECT_EQ(ridge_factor(10.0 * kDeg, p), 1.0);
  EXPECT_EQ(ridge_factor(90.0 * kDeg, p), 1.0);
  EXPECT_EQ(ridge_factor(kPi, p), 1.0);
}

namespace {

// A roof: a prism of length 2 along y whose cross-section is the triangle
// (-1, 0), (1, 0), (0, h), h = tan(t / 2): its top edge 8 (vertices 2 and
// 5) is a ridge between two faces whose normals (-+h, 0, 1) / sqrt(1 + h^2)
// are t apart.
Body roof(double turn, double r)
{
  const double h = std::tan(0.5 * turn);
  Body b;
  b.r = r;
  b.v = {{-1, -1, 0}, {1, -1, 0}, {0, -1, h}, {-1, 1, 0}, {1, 1, 0}, {0, 1, h}};
  b.e = {{{0, 1}}, {{1, 2}}, {{2, 0}}, {{3, 4}}, {{4, 5}}, {{5, 3}}, {{0, 3}}, {{1, 4}}, {{2, 5}}};
  b.f = {{{0, 1, 2, -1}}, {{3, 5, 4, -1}}, {{0, 3, 4, 1}}, {{1, 4, 5, 2}}, {{0, 2, 5, 3}}};
  b.finish();
  return b;
}

}    // namespace

TEST(PolyhedronCrossings, EdgeAcrossASlightRidge)
{
  // A rod along x, 0.15 above the ridge of a roof (r = 0.1 each: dmax =
  // 0.2), crosses it at right angles in the middle of both: w_angle =
  // w_end = w_cone = w_corner = 1 (the rod has no faces; the normal +z is
  // the ridge's outward direction), so the crossing weighs w_ridge of the
  // ridge's turn t alone: none at 3 degrees (the roof is flat there), 0.5
  // at 7.5, 1 at 12. The turn is what the faces' normals say.
  for (const double deg : {3.0, 7.5, 12.0}) {
    const Body A = roof(deg * kDeg, 0.1);
    const double h = std::tan(0.5 * deg * kDeg);
    EXPECT_NEAR(edge_faces(A.shape(), 8).turn, deg * kDeg, 1e-13);
    const Body B = rod({-0.5, 0, h + 0.15}, {0.5, 0, h + 0.15}, 0.1);
    Crossings x(A, B, 0.0);
    SCOPED_TRACE(deg);
    if (deg < 5.0) {
      EXPECT_EQ(x.count(), 0);
      continue;
    }
    ASSERT_EQ(x.count(), 1);
    EXPECT_EQ(x.first().index_i, 8);
    EXPECT_NEAR(x.first().normal.z, 1.0, kTol);
    EXPECT_NEAR(x.first().weight, deg < 10.0 ? 0.5 : 1.0, kTol);
  }
}
