// Hull grains (harness/hull_grains.h: convex hulls of random points near
// an ellipsoid, triangulated) as bodies of the 3d geometry tests
// (polyhedron_test_bodies.h). Test helper only.
#ifndef BODY_DEM_TEST_HULL_TEST_BODIES_H
#define BODY_DEM_TEST_HULL_TEST_BODIES_H

#include "hull_grains.h"
#include "polyhedron_test_bodies.h"

namespace body_dem_test {

// The hull grain of spec (centre of mass at the origin), rounded radius r.
inline Body hull_body(const HullGrainSpec &spec, double r)
{
  const HullShape h = hull_grain_shape(spec);
  Body b;
  b.r = r;
  for (const auto &v : h.vertices) b.v.push_back({v[0], v[1], v[2]});
  b.e = h.edges;
  b.f = h.faces;
  b.finish();
  return b;
}

// A hull grain of about unit size: `vertices` vertices near the ellipsoid
// of semi-axes 0.6, 0.45, 0.35 (seeded), rounded radius r.
inline Body hull_body(int vertices, unsigned seed, double r)
{
  HullGrainSpec spec;
  spec.vertices = vertices;
  spec.semi_axes = {0.6, 0.45, 0.35};
  spec.seed = seed;
  return hull_body(spec, r);
}

}    // namespace body_dem_test

#endif
