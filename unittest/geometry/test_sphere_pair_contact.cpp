// The sphere path of the 3d pair styles (sphere_pair_contact.h) gives the
// contact of find_polyhedron_contacts() for two one-vertex bodies, number
// for number: the pair styles switch between the two, and the forces must
// not change with it (both call sphere_pair_contact() now; this keeps them
// from drifting apart).
#include "polyhedron_test_bodies.h"
#include "sphere_pair_contact.h"

#include <gtest/gtest.h>

#include <random>

using namespace body_dem;
using namespace body_dem_test;

namespace {

void expect_same(const Contact &a, const Contact &b)
{
  EXPECT_EQ(a.kind_i, b.kind_i);
  EXPECT_EQ(a.kind_j, b.kind_j);
  EXPECT_EQ(a.index_i, b.index_i);
  EXPECT_EQ(a.index_j, b.index_j);
  for (int d = 0; d < 3; ++d) {
    EXPECT_EQ((&a.on_i.x)[d], (&b.on_i.x)[d]);
    EXPECT_EQ((&a.on_j.x)[d], (&b.on_j.x)[d]);
    EXPECT_EQ((&a.normal.x)[d], (&b.normal.x)[d]);
    EXPECT_EQ((&a.point.x)[d], (&b.point.x)[d]);
  }
  EXPECT_EQ(a.delta_n, b.delta_n);
  EXPECT_EQ(a.weight, b.weight);
  EXPECT_EQ(a.ja_factor, b.ja_factor);
}

}    // namespace

TEST(SpherePairContact, SameAsPolyhedronContacts)
{
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> pos(-1.0, 1.0), rad(0.0, 0.6), cut(0.0, 0.2);
  int found = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const Body a = sphere({pos(rng), pos(rng), pos(rng)}, rad(rng));
    const Body b = trial == 0 ? a : sphere({pos(rng), pos(rng), pos(rng)}, rad(rng));    // trial 0: coincident
    const double cutoff = cut(rng);
    PolyhedronContactList list;
    find_polyhedron_contacts(a.shape(), b.shape(), cutoff, SmoothingParams(), list);
    Contact c;
    const bool hit = sphere_pair_contact(a.v[0], a.r, b.v[0], b.r, cutoff, c);
    ASSERT_EQ(hit ? 1 : 0, list.size) << "trial " << trial;
    if (!hit) continue;
    ++found;
    expect_same(c, list[0]);
  }
  EXPECT_GT(found, 100);
}
