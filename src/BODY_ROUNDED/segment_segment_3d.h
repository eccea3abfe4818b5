// Nearest points of two lines and of two segments in 3d (contact geometry,
// layer 1). Plain C++, header-only, no LAMMPS include, no allocation.
#ifndef BODY_DEM_SEGMENT_SEGMENT_3D_H
#define BODY_DEM_SEGMENT_SEGMENT_3D_H

#include "device_marks.h"
#include "point_segment_3d.h"

namespace body_dem {

// Mutually nearest points of the two infinite lines through p0, p1 and
// q0, q1: P(s) = p0 + s (p1 - p0), Q(t) = q0 + t (q1 - q0).
struct LineLineResult {
  double s = 0.0, t = 0.0;      // parameters of the nearest points (unclamped)
  double sin2_angle = 0.0;      // sin^2 of the angle between the lines (0 if a segment has zero length)
  bool parallel = true;         // sin2_angle <= the threshold: s, t are not computed (left 0)
};

// Default threshold of sin^2(angle) below which two lines count as parallel:
// an angle of 1e-10 rad, far below any angle a contact weight resolves.
constexpr double kParallelSin2 = 1e-20;

BODY_DEM_HOST_DEVICE
inline LineLineResult line_line_nearest(const Vec3 &p0, const Vec3 &p1, const Vec3 &q0, const Vec3 &q1,
                                        double parallel_sin2 = kParallelSin2)
{
  LineLineResult r;
  const Vec3 u = p1 - p0, v = q1 - q0, w = p0 - q0;
  const double uu = dot(u, u), uv = dot(u, v), vv = dot(v, v);
  const double uw = dot(u, w), vw = dot(v, w);
  // |u x v|^2 (= uu vv - uv^2 by Lagrange's identity, but computed from the
  // cross product, which keeps its relative accuracy for nearly parallel
  // lines where uu vv - uv^2 cancels)
  const double den = norm2(cross(u, v));
  if (uu == 0.0 || vv == 0.0) return r;
  r.sin2_angle = den / (uu * vv);
  if (!(r.sin2_angle > parallel_sin2)) return r;
  r.parallel = false;
  // d/ds |w + s u - t v|^2 = 0 and d/dt ... = 0, solved by Cramer's rule
  r.s = (uv * vw - vv * uw) / den;
  r.t = (uu * vw - uv * uw) / den;
  return r;
}

// Whether the mutually nearest points of the lines through p0, p1 and
// q0, q1 can lie strictly inside both segments within the distance dmax:
// false only if line_line_nearest() would say that they are parallel, or
// give s or t outside (0, 1), or nearest points farther apart than dmax.
// The same products as there, without its divisions: s = num_s / den with
// den = |u x v|^2 > 0 lies in (0, 1) iff 0 < num_s < den (a correctly
// rounded quotient keeps these order relations), and the distance of the
// lines is |w . (u x v)| / |u x v|. The distance test keeps a margin of
// 1e-9 relative, so that a pair it rejects is beyond dmax also for the
// distance of the nearest points that the caller computes. A cheap
// rejection for the many edge pairs of two touching bodies that do not
// cross (polyhedron_contacts.h).
BODY_DEM_HOST_DEVICE
inline bool segments_may_cross_within(const Vec3 &p0, const Vec3 &p1, const Vec3 &q0, const Vec3 &q1, double dmax)
{
  const Vec3 u = p1 - p0, v = q1 - q0, w = p0 - q0;
  const double uu = dot(u, u), uv = dot(u, v), vv = dot(v, v);
  const double uw = dot(u, w), vw = dot(v, w);
  const Vec3 n = cross(u, v);
  const double den = norm2(n);
  const double num_s = uv * vw - vv * uw;
  const double num_t = uu * vw - uv * uw;
  const double wn = dot(w, n);
  // all five conditions, combined without branches: which of them fails
  // is unpredictable, that all hold rare (a branch per condition cost
  // more in mispredictions than the arithmetic it saved)
  return (num_s > 0.0) & (num_s < den) & (num_t > 0.0) & (num_t < den) &
      (wn * wn <= dmax * dmax * den * (1.0 + 1e-9));
}

struct SegmentSegmentResult {
  Vec3 point_p;                 // nearest point on segment p
  Vec3 point_q;                 // nearest point on segment q
  double s = 0.0, t = 0.0;      // their parameters, in [0, 1]
  double dist2 = 0.0;           // |point_q - point_p|^2
  bool parallel = false;        // the segments are parallel (or one has zero length)
  bool interior = false;        // the nearest points are strictly inside both segments
};

// Nearest points of the segments [p0, p1] and [q0, q1]. The minimum of the
// distance over the square 0 <= s, t <= 1 is either the stationary point of
// the lines (if it lies strictly inside the square) or on the square's
// boundary, i.e. an end of one segment against the other segment; the
// four end cases are tried in the order p0, p1, q0, q1 and the first
// minimum wins. Parallel segments (sin^2 of the angle <= parallel_sin2) have
// no single stationary point and are decided by the end cases alone: for
// overlapping parallel segments that is one end of the overlap.
BODY_DEM_HOST_DEVICE
inline SegmentSegmentResult segment_segment_nearest(const Vec3 &p0, const Vec3 &p1, const Vec3 &q0,
                                                    const Vec3 &q1, double parallel_sin2 = kParallelSin2)
{
  SegmentSegmentResult r;
  const LineLineResult ll = line_line_nearest(p0, p1, q0, q1, parallel_sin2);
  r.parallel = ll.parallel;
  if (!ll.parallel && ll.s > 0.0 && ll.s < 1.0 && ll.t > 0.0 && ll.t < 1.0) {
    r.s = ll.s;
    r.t = ll.t;
    r.point_p = p0 + (p1 - p0) * ll.s;
    r.point_q = q0 + (q1 - q0) * ll.t;
    r.dist2 = norm2(r.point_q - r.point_p);
    r.interior = true;
    return r;
  }
  const PointSegmentResult e0 = point_segment_nearest(p0, q0, q1);
  const PointSegmentResult e1 = point_segment_nearest(p1, q0, q1);
  const PointSegmentResult e2 = point_segment_nearest(q0, p0, p1);
  const PointSegmentResult e3 = point_segment_nearest(q1, p0, p1);
  r.dist2 = e0.dist2;
  r.s = 0.0;
  r.t = e0.t;
  r.point_p = p0;
  r.point_q = e0.point;
  if (e1.dist2 < r.dist2) {
    r.dist2 = e1.dist2;
    r.s = 1.0;
    r.t = e1.t;
    r.point_p = p1;
    r.point_q = e1.point;
  }
  if (e2.dist2 < r.dist2) {
    r.dist2 = e2.dist2;
    r.s = e2.t;
    r.t = 0.0;
    r.point_p = e2.point;
    r.point_q = q0;
  }
  if (e3.dist2 < r.dist2) {
    r.dist2 = e3.dist2;
    r.s = e3.t;
    r.t = 1.0;
    r.point_p = e3.point;
    r.point_q = q1;
  }
  return r;
}

}    // namespace body_dem

#endif
