// Unit tests of stages 3 to 5 of the 3d contact search: the precedence of
// crossings over vertex contacts (src/BODY_ROUNDED/polyhedron_contacts/
// precedence.h, rule B of polyhedron_contacts.h), the merging of nearby
// contacts and the storing of coincident ones (merging.h, rule C). The
// candidates are written by hand, so that each stage is tested alone. No
// LAMMPS.
//
// Every expected number is worked out by hand in the comment next to it.
// Tolerance kTol = 1e-14: results come from < 30 flops on O(1) values
// (a square root at most), each rounding by at most 1.1e-16 relative.
//
// Bodies: unit cubes (edge 1, polyhedron_test_bodies.h; edge 5 joins
// vertices 5 (+,-,+) and 6 (+,+,+) and borders the top face 1 and the
// right face 3), length scale L = 1 given: l_end = 0.05, l_merge = 0.1;
// rounded radii 0.1 and cutoff 0, so that a candidate's depth is its
// overlap delta, and the zone of the merging (merge_zone z = 2, R =
// 0.1 * 0.1 / 0.2 = 0.05) is l^2 = z^2 2 R delta = 0.4 delta.

#include "polyhedron_contacts.h"
#include "polyhedron_test_bodies.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>

using namespace body_dem;
using namespace body_dem::polyhedron_detail;
using namespace body_dem_test;

namespace {

constexpr double kTol = 1e-14;

SmoothingParams unit_scale()
{
  SmoothingParams p;
  p.length_scale = 1.0;
  return p;
}

// A search over two cubes with hand-made candidates.
struct HandMade {
  Body a = cube(0.5, 0.1), b = cube(0.5, 0.1).moved({0, 0, 1.1});
  PolyhedronShape shape_a = a.shape(), shape_b = b.shape();    // the search keeps references to them
  PolyhedronContactList out;
  SmoothingParams params = unit_scale();
  PairSearch s;
  HandMade() : s(shape_a, shape_b, params, out, 0.0) { s.need_scale(); }
  // a vertex contact of vertex v of body i with feature (kind, index) of j
  void vertex(int v, FeatureKind kind, int index, const Vec3 &on_i, const Vec3 &on_j, double depth,
              double foot_t = 0.0)
  {
    Contact c;
    c.kind_i = FeatureKind::vertex;
    c.index_i = v;
    c.kind_j = kind;
    c.index_j = index;
    c.on_i = on_i;
    c.on_j = on_j;
    c.normal = {0, 0, 1};
    c.weight = 1.0;
    s.add(c, CandidateInfo{depth, 0.0, foot_t, 0});
    s.n_vertex_candidates = out.size;
  }
  void crossing(int ei, int ej, const Vec3 &on_i, const Vec3 &on_j, double depth, double w)
  {
    Contact c;
    c.kind_i = c.kind_j = FeatureKind::edge;
    c.index_i = ei;
    c.index_j = ej;
    c.on_i = on_i;
    c.on_j = on_j;
    c.normal = {0, 0, 1};
    c.weight = w;
    s.add(c, CandidateInfo{depth, w, 0.0, -1});
  }
};

}    // namespace

TEST(PolyhedronPrecedence, OverlapWithTheCrossedEdge)
{
  // lambda of a vertex whose contact is with edge 5 itself (length 1) at
  // t: S(min(t, 1 - t) / l_end); t = 0.02: S(0.4) = 0.352; t = 0.5: 1;
  // another edge: from its nearest point, here the middle of edge 4 (the
  // top face's front edge, (0, -0.5, 0.5)), 0.5 from edge 5's line: 0
  const Body c = cube(0.5, 0.1);
  const PolyhedronShape s = c.shape();
  EXPECT_NEAR(precedence_overlap(s, FeatureKind::edge, 5, {}, 0.02, 5, 0.05), 0.352, kTol);
  EXPECT_NEAR(precedence_overlap(s, FeatureKind::edge, 5, {}, 0.98, 5, 0.05), 0.352, 1e-12);
  EXPECT_EQ(precedence_overlap(s, FeatureKind::edge, 5, {}, 0.5, 5, 0.05), 1.0);
  EXPECT_EQ(precedence_overlap(s, FeatureKind::edge, 4, {0, -0.5, 0.5}, 0.5, 5, 0.05), 0.0);
  // a vertex on the top face 1 at (0.48, 0.3, 0.5): 0.02 from the line of
  // edge 5 (x = 0.5), 0.8 along it from vertex 5 (y = -0.5): (1 - S(0.4))
  // S(min(0.8, 0.2) / 0.05) = 0.648
  EXPECT_NEAR(precedence_overlap(s, FeatureKind::face, 1, {0.48, 0.3, 0.5}, 0.0, 5, 0.05), 0.648, kTol);
  // on the right face 3, which edge 5 also bounds, at (0.5, 0.3, 0.46):
  // 0.04 from its line: (1 - S(0.8)) = 1 - 0.64 * 1.4 = 0.104
  EXPECT_NEAR(precedence_overlap(s, FeatureKind::face, 3, {0.5, 0.3, 0.46}, 0.0, 5, 0.05), 0.104, 1e-13);
  // a point of the bottom face, 1 from edge 5's line: 0; at vertex 5, an
  // end of edge 5 (m = 0): 0
  EXPECT_EQ(precedence_overlap(s, FeatureKind::face, 0, {0.48, 0.3, -0.5}, 0.0, 5, 0.05), 0.0);
  EXPECT_EQ(precedence_overlap(s, FeatureKind::vertex, 5, {0.5, -0.5, 0.5}, 0.0, 5, 0.05), 0.0);
  // lambda follows the nearest point alone, whichever feature holds it
  // (it moves continuously from one face onto the next): the point of the
  // top face above, named as held by a face, an edge or a vertex that
  // edge 5 does not bound, gets the same 0.648 (where the point crosses
  // from a face of edge 5 onto a neighbouring face within l_end of the
  // edge, a rule that asked for the faces of edge 5 jumped to 0)
  for (const FeatureKind kind : {FeatureKind::face, FeatureKind::edge, FeatureKind::vertex})
    EXPECT_NEAR(precedence_overlap(s, kind, 0, {0.48, 0.3, 0.5}, 0.0, 5, 0.05), 0.648, kTol);
}

TEST(PolyhedronPrecedence, CrossingTakesOverItsEndVertex)
{
  // Vertex 4 of body i (an end of i's edges 4, 7 and 8) on edge 5 of j at
  // t = 0.5 (lambda 1), depth 0.1. A crossing of i's edge 4 with j's edge
  // 5, weight w_c = 0.6: at depth 0.05, alpha = 0.05 / 0.1 = 0.5, the vertex
  // keeps 1 - 0.6 * 1 * 0.5 = 0.7; a crossing of i's edge 5 (not at vertex
  // 4) takes nothing.
  HandMade h;
  h.vertex(4, FeatureKind::edge, 5, {0, 0, 0.5}, {0, 0, 0.6}, 0.1, 0.5);
  h.crossing(4, 5, {0.2, 0, 0.5}, {0.2, 0, 0.6}, 0.05, 0.6);
  h.crossing(5, 5, {0.3, 0, 0.5}, {0.3, 0, 0.6}, 0.1, 0.9);
  apply_precedence(h.s);
  EXPECT_NEAR(h.out[0].weight, 0.7, kTol);
  EXPECT_EQ(h.out[1].weight, 0.6);    // crossings keep their weights
  EXPECT_EQ(h.out[2].weight, 0.9);
  // a deeper crossing (alpha = 1) takes its full weight: 1 - 0.6 = 0.4
  HandMade d;
  d.vertex(4, FeatureKind::edge, 5, {0, 0, 0.5}, {0, 0, 0.6}, 0.1, 0.5);
  d.crossing(4, 5, {0.2, 0, 0.5}, {0.2, 0, 0.6}, 0.2, 0.6);
  apply_precedence(d.s);
  EXPECT_NEAR(d.out[0].weight, 0.4, kTol);
}

TEST(PolyhedronMerging, CoincidentContactsCountOnceAndAreStoredOnce)
{
  // Two candidates at the same points, weight 1, equal depths: rho = 0,
  // sigma = 1, each w <- 1 / (1 + 1) = 0.5; stored as one contact of
  // weight 1, both candidates in the ledger under their own keys, with
  // their own weights 0.5, pointing at contact 0. ja_factor: the weighted
  // mean of 1 and 0.5 = 0.75.
  HandMade h;
  h.vertex(4, FeatureKind::face, 1, {0, 0, 0.5}, {0, 0, 0.6}, 0.1);
  h.crossing(4, 5, {0, 0, 0.5}, {0, 0, 0.6}, 0.1, 1.0);
  h.out[1].ja_factor = 0.5;
  merge_nearby_candidates(h.s);
  EXPECT_EQ(h.out[0].weight, 0.5);
  EXPECT_EQ(h.out[1].weight, 0.5);
  PolyhedronWeightLedger ledger;
  ASSERT_EQ(store_contacts(h.s, &ledger), 1);
  EXPECT_EQ(h.out[0].weight, 1.0);
  EXPECT_EQ(h.out[0].ja_factor, 0.75);
  // contact point on_i + normal (r_i + delta_n / 2) = (0, 0, 0.5 + 0.1)
  EXPECT_NEAR(h.out[0].point.z, 0.6, kTol);
  ASSERT_EQ(ledger.size, 2);
  EXPECT_EQ(ledger[0].key, vertex_contact_key(0, 4));
  EXPECT_EQ(ledger[1].key, crossing_contact_key(4, 5));
  EXPECT_EQ(ledger[0].weight, 0.5);
  EXPECT_EQ(ledger[1].contact, 0);
}

namespace {

// The weights after the merging of two vertex contacts on j's top face,
// rho apart (on_i and on_j), at the depths (overlaps) 0.1 and `depth`,
// with the merging's zone factor merge_zone (0: l_merge alone).
std::array<double, 2> merged_pair(double rho, double depth, double merge_zone)
{
  HandMade h;
  h.params.merge_zone = merge_zone;
  h.vertex(4, FeatureKind::face, 1, {0, 0, 0.5}, {0, 0, 0.6}, 0.1);
  h.vertex(5, FeatureKind::face, 1, {rho, 0, 0.5}, {rho, 0, 0.6}, depth);
  merge_nearby_candidates(h.s);
  return {h.out[0].weight, h.out[1].weight};
}

}    // namespace

TEST(PolyhedronMerging, NearbyContactsShareBySigma)
{
  // The rule of l_merge alone (merge_zone 0; the zone: the next test).
  // rho = l_merge / 2 = 0.05 (on_i and on_j both 0.05 apart): sigma =
  // (1 - 0.25)^2 = 0.5625, each w <- 1 / 1.5625 = 0.64; with depths 0.1 and
  // 0.05 sigma is halved: 0.28125, w <- 1 / 1.28125 = 0.78048780...; at
  // rho = l_merge nothing is shared. Two contacts stay (not coincident).
  HandMade h;
  h.params.merge_zone = 0.0;
  h.vertex(4, FeatureKind::face, 1, {0, 0, 0.5}, {0, 0, 0.6}, 0.1);
  h.vertex(5, FeatureKind::face, 1, {0.05, 0, 0.5}, {0.05, 0, 0.6}, 0.1);
  merge_nearby_candidates(h.s);
  EXPECT_NEAR(h.out[0].weight, 0.64, kTol);
  EXPECT_NEAR(h.out[1].weight, 0.64, kTol);
  EXPECT_EQ(store_contacts(h.s, nullptr), 2);

  const std::array<double, 2> d = merged_pair(0.05, 0.05, 0.0);
  EXPECT_NEAR(d[0], 1.0 / 1.28125, kTol);
  EXPECT_NEAR(d[1], 1.0 / 1.28125, kTol);

  const std::array<double, 2> f = merged_pair(0.1, 0.1, 0.0);
  EXPECT_EQ(f[0], 1.0);
  EXPECT_EQ(f[1], 1.0);
}

TEST(PolyhedronMerging, ContactsShareWhereTheirCirclesOfIntersectionOverlap)
{
  // Overlaps 0.1 and 0.1: l^2 = 0.4 * 0.1 = 0.04, l = 0.2 > l_merge. At
  // rho = 0.1 (where l_merge alone shares nothing, the test above):
  // sigma = (1 - 0.01 / 0.04)^2 = 0.5625, each w <- 1 / 1.5625 = 0.64.
  const std::array<double, 2> h = merged_pair(0.1, 0.1, 2.0);
  EXPECT_NEAR(h[0], 0.64, kTol);
  EXPECT_NEAR(h[1], 0.64, kTol);
  // the smaller overlap counts: 0.1 and 0.025 give l^2 = 0.01, l = 0.1 =
  // l_merge (where the two rules meet); at rho = 0.05: sigma = 0.5625 *
  // (0.025 / 0.1) = 0.140625, each w <- 1 / 1.140625
  const std::array<double, 2> d = merged_pair(0.05, 0.025, 2.0);
  EXPECT_NEAR(d[0], 1.0 / 1.140625, kTol);
  EXPECT_NEAR(d[1], 1.0 / 1.140625, kTol);
  // ... and the weights are continuous there: overlaps a hair above and
  // below 0.025 (the zone's l, then l_merge) at rho = 0.07 give weights
  // within 1e-9 (x = 1 - rho^2 / l^2 moves by 5e-10, the depth ratio by
  // 2e-9; l jumping from 0.1 to 0.2 there would move them by about 0.15)
  const double above = merged_pair(0.07, 0.025 * (1 + 1e-9), 2.0)[0];
  const double below = merged_pair(0.07, 0.025 * (1 - 1e-9), 2.0)[0];
  EXPECT_LT(std::fabs(above - below), 1e-9);
  EXPECT_LT(above, 1.0);
  // below it l_merge rules: overlap 0.01 gives l^2 = 0.004 < 0.01; at rho =
  // 0.05 sigma = 0.5625 * 0.1 = 0.05625, each w <- 1 / 1.05625
  EXPECT_NEAR(merged_pair(0.05, 0.01, 2.0)[0], 1.0 / 1.05625, kTol);
  // at rho = l = 0.2 nothing is shared
  const std::array<double, 2> g = merged_pair(0.2, 0.1, 2.0);
  EXPECT_EQ(g[0], 1.0);
  EXPECT_EQ(g[1], 1.0);
}

TEST(PolyhedronMerging, ZeroWeightsAreDropped)
{
  // a candidate whose weight precedence took to 0 is neither stored nor
  // named in the ledger
  HandMade h;
  h.vertex(4, FeatureKind::face, 1, {0, 0, 0.5}, {0, 0, 0.6}, 0.1);
  h.vertex(5, FeatureKind::face, 1, {0.5, 0, 0.5}, {0.5, 0, 0.6}, 0.1);
  h.out[0].weight = 0.0;
  merge_nearby_candidates(h.s);
  PolyhedronWeightLedger ledger;
  ASSERT_EQ(store_contacts(h.s, &ledger), 1);
  EXPECT_EQ(h.out[0].index_i, 5);
  ASSERT_EQ(ledger.size, 1);
  EXPECT_EQ(ledger[0].key, vertex_contact_key(0, 5));
}
