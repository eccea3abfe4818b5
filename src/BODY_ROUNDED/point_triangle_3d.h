// Nearest point of a triangle to a point, and the "projection inside the
// face" test, in 3d (contact geometry, layer 1). Plain C++, header-only, no
// LAMMPS include, no allocation.
#ifndef BODY_DEM_POINT_TRIANGLE_3D_H
#define BODY_DEM_POINT_TRIANGLE_3D_H

#include "device_marks.h"
#include "point_segment_3d.h"

namespace body_dem {

// True if the projection of p along n onto the plane of the triangle
// (a, b, c) lies inside the triangle or on its boundary. n is a normal of
// the triangle's plane on the side from which a, b, c appear
// counter-clockwise, i.e. dot(cross(b - a, c - a), n) > 0; it need not be of
// unit length. The component of p along n drops out of every test, so p
// itself is used instead of its projection.
BODY_DEM_HOST_DEVICE
inline bool projects_inside_triangle(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c,
                                     const Vec3 &n)
{
  if (dot(cross(b - a, p - a), n) < 0.0) return false;
  if (dot(cross(c - b, p - b), n) < 0.0) return false;
  return dot(cross(a - c, p - c), n) >= 0.0;
}

// Same, with the normal of the triangle's own orientation.
BODY_DEM_HOST_DEVICE inline bool projects_inside_triangle(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c)
{
  return projects_inside_triangle(p, a, b, c, cross(b - a, c - a));
}

// Which part of the triangle (a, b, c) holds the nearest point.
enum class TriangleRegion : unsigned char {
  face = 0,
  edge_ab = 1,
  edge_bc = 2,
  edge_ca = 3,
  vertex_a = 4,
  vertex_b = 5,
  vertex_c = 6
};

struct PointTriangleResult {
  Vec3 point;                 // nearest point of the (closed) triangle
  double dist2 = 0.0;         // |p - point|^2
  double signed_height = 0.0; // (p - a).n_hat with n_hat the unit normal of (b - a) x (c - a); 0 if degenerate
  TriangleRegion region = TriangleRegion::face;
};

// Nearest point of the closed triangle (a, b, c) to p. If the projection
// of p onto the plane lies inside (boundary included), the nearest point is
// that projection (region face); otherwise it is the nearest point of the
// nearest of the three edges (an edge or a vertex region; on a tie the
// first of ab, bc, ca wins). A triangle of zero area has no plane: its
// nearest point is always taken from its edges.
BODY_DEM_HOST_DEVICE
inline PointTriangleResult point_triangle_nearest(const Vec3 &p, const Vec3 &a, const Vec3 &b,
                                                  const Vec3 &c)
{
  PointTriangleResult r;
  const Vec3 n = cross(b - a, c - a);
  const double nn = norm2(n);
  if (nn > 0.0) {
    const double h = dot(p - a, n) / nn;    // height in units of |n|
    r.signed_height = h * std::sqrt(nn);
    if (projects_inside_triangle(p, a, b, c, n)) {
      r.point = p - n * h;
      r.dist2 = h * h * nn;
      r.region = TriangleRegion::face;
      return r;
    }
  }
  const PointSegmentResult s[3] = {point_segment_nearest(p, a, b), point_segment_nearest(p, b, c),
                                   point_segment_nearest(p, c, a)};
  int k = 0;
  if (s[1].dist2 < s[k].dist2) k = 1;
  if (s[2].dist2 < s[k].dist2) k = 2;
  r.point = s[k].point;
  r.dist2 = s[k].dist2;
  // edge k runs from vertex k to vertex k+1 (a=0, b=1, c=2)
  if (s[k].region == PointSegmentRegion::interior)
    r.region = static_cast<TriangleRegion>(1 + k);
  else {
    const int v = (s[k].region == PointSegmentRegion::start) ? k : (k + 1) % 3;
    r.region = static_cast<TriangleRegion>(4 + v);
  }
  return r;
}

}    // namespace body_dem

#endif
