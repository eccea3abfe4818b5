// The culled contact search (find_polyhedron_contacts, support_culling.h)
// against the exhaustive one (find_polyhedron_contacts_exhaustive, the
// reference): on many random configurations of hull grains of 20 to 200
// vertices, cubes and tetrahedra, from deep overlap (vertices inside the
// other skeleton, crossing edges through it) over touching to apart, both
// must give the same contacts.
//
// The bound is 0: the culled search makes the same floating-point
// operations on the same candidates in the same order (it only leaves out
// vertices, edges and faces that cannot be within reach), so every
// number of every contact, and of the weight ledger, must be equal bit for
// bit; a difference in any of them (or in a force summed from them) is a
// failure. No LAMMPS.

#include "hull_test_bodies.h"
#include "polyhedron_contacts.h"
#include "polyhedron_test_bodies.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using namespace body_dem;
using namespace body_dem_test;

namespace {

// A body with the per-body data that the pair styles give (plane offsets,
// centroid, shortest edge, the table of each edge's faces, and with
// `adjacency` the edges and faces at each vertex, with which the culled
// search walks the slab instead of looking at every vertex).
struct Prepared {
  Body body;
  std::vector<double> offsets;
  Vec3 centre;
  std::vector<EdgeFaces> table;
  std::vector<int> adjacency;
  std::vector<int> support_table;
  Vec3 axes[3];
  PolyhedronShape shape;
  // frame, R: the body before it was turned by R (its body frame), for the
  // support table where the climbs start (else they start from sampled
  // vertices)
  Prepared(const Body &b, bool with_adjacency, const Body *frame = nullptr, const Mat3 *R = nullptr)
      : body(b), shape(body.shape())
  {
    for (size_t f = 0; f < body.f.size(); ++f) offsets.push_back(dot(body.v[body.f[f][0]], body.n[f]));
    centre = polyhedron_detail::centroid(shape);
    shape.face_offsets = offsets.data();
    shape.vertex_centroid = &centre;
    shape.min_edge_length2 = polyhedron_detail::min_edge_length2(shape);
    table.resize(shape.nedges);
    std::vector<int> scratch(polyhedron_detail::edge_face_table_scratch(shape.nvertices, shape.nedges));
    polyhedron_detail::build_edge_face_table(shape, table.data(), scratch.data());
    shape.edge_face_table = table.data();
    if (!with_adjacency) return;
    const int nv = shape.nvertices, ne = shape.nedges;
    adjacency.resize(polyhedron_detail::vertex_adjacency_ints(nv, ne, shape.nfaces));
    int *a = adjacency.data();
    polyhedron_detail::build_vertex_adjacency(shape, a, a + nv + 1, a + nv + 1 + 2 * ne, a + nv + 1 + 4 * ne,
                                              a + 2 * (nv + 1) + 4 * ne);
    shape.vertex_edge_first = a;
    shape.vertex_edges = a + nv + 1;
    shape.vertex_neighbors = a + nv + 1 + 2 * ne;
    shape.vertex_face_first = a + nv + 1 + 4 * ne;
    shape.vertex_faces = a + 2 * (nv + 1) + 4 * ne;
    if (!frame) return;
    support_table.resize(kSupportTableCells);
    polyhedron_detail::build_support_table(frame->v.data(), nv, support_table.data());
    axes[0] = *R * Vec3{1, 0, 0};
    axes[1] = *R * Vec3{0, 1, 0};
    axes[2] = *R * Vec3{0, 0, 1};
    shape.support_table = support_table.data();
    shape.body_axes = axes;
  }
};

double extent(const Body &b)
{
  const Vec3 c = centroid(b);
  double r = 0.0;
  for (const Vec3 &v : b.v) r = std::max(r, norm(v - c));
  return r;
}

bool inside_skeleton(const Vec3 &p, const Body &b)
{
  for (size_t f = 0; f < b.f.size(); ++f)
    if (dot(p - b.v[b.f[f][0]], b.n[f]) > 0.0) return false;
  return true;
}

void expect_same(const PolyhedronContactList &a, const PolyhedronWeightLedger &la, const PolyhedronContactList &b,
                 const PolyhedronWeightLedger &lb)
{
  ASSERT_EQ(a.size, b.size);
  EXPECT_EQ(a.overflow, b.overflow);
  Vec3 fa, fb;
  for (int k = 0; k < a.size; ++k) {
    EXPECT_EQ(a[k].kind_i, b[k].kind_i);
    EXPECT_EQ(a[k].index_i, b[k].index_i);
    EXPECT_EQ(a[k].kind_j, b[k].kind_j);
    EXPECT_EQ(a[k].index_j, b[k].index_j);
    EXPECT_EQ(a[k].weight, b[k].weight);
    EXPECT_EQ(a[k].ja_factor, b[k].ja_factor);
    EXPECT_EQ(a[k].delta_n, b[k].delta_n);
    for (const auto &pick : {&Contact::on_i, &Contact::on_j, &Contact::normal, &Contact::point}) {
      EXPECT_EQ((a[k].*pick).x, (b[k].*pick).x);
      EXPECT_EQ((a[k].*pick).y, (b[k].*pick).y);
      EXPECT_EQ((a[k].*pick).z, (b[k].*pick).z);
    }
    fa += a[k].normal * (a[k].weight * a[k].delta_n);
    fb += b[k].normal * (b[k].weight * b[k].delta_n);
  }
  EXPECT_EQ(fa.x, fb.x);
  EXPECT_EQ(fa.y, fb.y);
  EXPECT_EQ(fa.z, fb.z);
  ASSERT_EQ(la.size, lb.size);
  for (int k = 0; k < la.size; ++k) {
    EXPECT_EQ(la[k].key, lb[k].key);
    EXPECT_EQ(la[k].weight, lb[k].weight);
    EXPECT_EQ(la[k].contact, lb[k].contact);
  }
}

}    // namespace

TEST(CulledSearch, SameContactsAsTheExhaustiveSearch)
{
  std::mt19937 rng(2025);
  std::uniform_real_distribution<double> u(-1.0, 1.0), unit(0.0, 1.0);
  // shapes of about unit size; rounded radii 0.05 (as the grains)
  // and 0.125
  std::vector<Body> shapes = {cube(0.4, 0.05), tetra_apex_down(0.6, 0.8, 0.05), cube(0.35, 0.125)};
  int seed = 1;
  for (int n : {20, 50, 100, 200}) {
    shapes.push_back(hull_body(n, seed++, 0.05));
    shapes.push_back(hull_body(n, seed++, 0.125));
  }
  int apart = 0, touching = 0, deep = 0, searched = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const Body &sa = shapes[rng() % shapes.size()];
    const Body &sb = shapes[rng() % shapes.size()];
    const Mat3 rb = rotation({u(rng), u(rng), u(rng)}, 3.2 * u(rng));
    const Body b = sb.moved(rb, {0, 0, 0});
    // A's centre at a random direction, from deep inside B's reach to
    // beyond it: 0.2 to 1.15 times the sum of the extents and roundings
    const Vec3 dir = normalized_or_zero(Vec3{u(rng), u(rng), u(rng)});
    const double reach = extent(sa) + extent(sb) + sa.r + sb.r;
    const double s = (0.2 + 0.95 * unit(rng)) * reach;
    const Mat3 ra = rotation({u(rng), u(rng), u(rng)}, 3.2 * u(rng));
    const Body a = sa.moved(ra, dir * s);
    const double cutoff = trial % 3 == 0 ? 0.05 : 0.0;
    const bool adjacency = trial % 2 == 0;    // the walk over the slab, or a look at every vertex
    // with the walk, every other time with the support tables (as the pair
    // styles give bodies of many faces)
    const bool tables = adjacency && trial % 4 == 0;
    const Prepared pa(a, adjacency, tables ? &sa : nullptr, &ra), pb(b, adjacency, tables ? &sb : nullptr, &rb);
    for (const bool swap : {false, true}) {
      const PolyhedronShape &si = swap ? pb.shape : pa.shape;
      const PolyhedronShape &sj = swap ? pa.shape : pb.shape;
      PolyhedronContactList culled, exhaustive;
      PolyhedronWeightLedger lc, le;
      find_polyhedron_contacts(si, sj, cutoff, SmoothingParams(), culled, &lc, 0);    // (0: for small bodies too)
      find_polyhedron_contacts_exhaustive(si, sj, cutoff, SmoothingParams(), exhaustive, &le);
      SCOPED_TRACE(testing::Message() << "trial " << trial << " swap " << swap << " vertices " << si.nvertices
                                      << " and " << sj.nvertices);
      expect_same(culled, lc, exhaustive, le);
      if (::testing::Test::HasFailure()) return;
    }
    ++searched;
    bool vertex_inside = false;
    for (const Vec3 &v : a.v) vertex_inside = vertex_inside || inside_skeleton(v, b);
    PolyhedronContactList l;
    find_polyhedron_contacts_exhaustive(pa.shape, pb.shape, cutoff, SmoothingParams(), l);
    if (vertex_inside)
      ++deep;
    else if (l.size > 0)
      ++touching;
    else
      ++apart;
  }
  // every kind of configuration is well represented
  EXPECT_EQ(searched, 3000);
  EXPECT_GT(apart, 300);
  EXPECT_GT(touching, 300);
  EXPECT_GT(deep, 300);
  std::printf("[ info     ] apart %d, touching %d, a vertex inside the other skeleton %d\n", apart, touching, deep);
}
