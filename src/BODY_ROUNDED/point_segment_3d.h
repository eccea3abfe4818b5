// Nearest point of a segment to a point, in 3d (contact geometry, layer 1).
// Plain C++, header-only, no LAMMPS include, no allocation.
#ifndef BODY_DEM_POINT_SEGMENT_3D_H
#define BODY_DEM_POINT_SEGMENT_3D_H

#include "device_marks.h"
#include "vec3.h"

namespace body_dem {

// Which part of the segment [a, b] holds the nearest point.
enum class PointSegmentRegion : unsigned char { start = 0, end = 1, interior = 2 };

struct PointSegmentResult {
  Vec3 point;                   // nearest point of the segment
  double t = 0.0;               // point = a + t (b - a), t in [0, 1]
  double dist2 = 0.0;           // squared distance |p - point|^2
  PointSegmentRegion region = PointSegmentRegion::start;
};

// Nearest point of the segment [a, b] to p. The region is decided on the
// exact projection: 0 < (p - a).(b - a) < |b - a|^2 is the interior, and an
// end is returned as the end point itself, bit for bit. A segment of zero
// length is its start point (t = 0).
BODY_DEM_HOST_DEVICE inline PointSegmentResult point_segment_nearest(const Vec3 &p, const Vec3 &a, const Vec3 &b)
{
  PointSegmentResult r;
  const Vec3 u = b - a;
  const double uu = norm2(u);
  const double pu = dot(p - a, u);
  if (pu <= 0.0 || uu == 0.0) {
    r.point = a;
    r.t = 0.0;
    r.region = PointSegmentRegion::start;
  } else if (pu >= uu) {
    r.point = b;
    r.t = 1.0;
    r.region = PointSegmentRegion::end;
  } else {
    r.t = pu / uu;
    r.point = a + u * r.t;
    r.region = PointSegmentRegion::interior;
  }
  r.dist2 = norm2(p - r.point);
  return r;
}

}    // namespace body_dem

#endif
