// Contact geometry of 2d rounded polygons (layer 1 of the package): which
// features of two bodies touch, where, along which normal, and how far
// apart their rounded surfaces are. Plain C++, header-only, no LAMMPS
// include, no heap allocation: the pair style calls it for every neighbour
// pair in every step, from serial, threaded and (later) device code.
//
// The rules (pair_style body/rounded/polygon, after Fraige):
//  1. Every vertex of body i is tested against body j, and every vertex of
//     body j against body i. Contacts always name body i as "i" and body j
//     as "j"; the normal points from i to j (see contact.h).
//  2. A vertex interacts with the point of the other body's skeleton nearest
//     to it. Strictly inside an edge: a vertex-edge contact. At a vertex of
//     the other body: a vertex-vertex contact, but only if the two vertices
//     are mutually nearest (each is the vertex of its body nearest to the
//     other one). A vertex-vertex contact found from both sides is recorded
//     once (from the side of body i, which is tested first).
//  3. A vertex inside the other body's skeleton polygon is pushed out through
//     the edge whose line is nearest; the distance is then negative.
//  4. A contact is recorded when delta_n = distance - (r_i + r_j) <= cutoff.
//
// Decisions where the rules leave a choice (documented in the tests too):
//  - "Strictly inside an edge" is decided exactly, without a tolerance: the
//    projection of the vertex falls strictly between the two ends of the
//    edge (0 < dot(p - a, b - a) < |b - a|^2). A vertex exactly in line with
//    an edge's end belongs to the vertex case. A tolerance would only move
//    the switch between the two cases, not remove it.
//  - Ties are resolved by index order (the first edge or vertex found
//    wins), except in the mutual-nearest test: a vertex counts as "the
//    nearest" when no other vertex of its body is strictly nearer, so that
//    the result does not depend on how the vertices are numbered (a disk
//    straight above the middle of an edge sees both ends of the edge).
//  - The skeleton polygon is closed: a vertex on its boundary is "inside"
//    (at depth 0) and is pushed out through the edge, whose outward normal
//    then gives a well-defined direction where the nearest-point direction
//    would be 0/0.
//  - Zero distance outside a polygon (possible only against a disk or a rod)
//    has no direction either. Then the normal (from i to j) is +x for a
//    vertex-vertex contact (e.g. two disks at the same centre), and for a
//    vertex on a rod's edge it is the edge direction turned by -90 degrees,
//    (e.y, -e.x) / |e|, pointing out of the body that owns the edge.
//  - Polygons may be numbered counter-clockwise or clockwise; the
//    orientation is taken from the sign of the area. A polygon of zero area
//    (collinear vertices) has no inside and is treated as an open chain.
//  - Overflow: a vertex has at most one contact, so at most n_i + n_j
//    contacts exist. Bodies with n_i + n_j > kMaxPolygonContacts can overflow
//    the list; ContactList::add then drops the contact and sets
//    out.overflow, which the caller must turn into an error.
#ifndef BODY_DEM_POLYGON_CONTACTS_H
#define BODY_DEM_POLYGON_CONTACTS_H

#include "contact.h"
#include "device_marks.h"
#include "vec3.h"

#include <cmath>

namespace body_dem {

// One body in the space frame (all z = 0).
struct PolygonShape {
  const Vec3 *vertices;    // nvertices >= 1 points; edges join consecutive vertices:
  int nvertices;           //   n >= 3: closed convex polygon, edges (k, k+1 mod n), n edges
                           //   n == 2: a rod, one edge (0,1); n == 1: a disk, no edge
  double rounded_radius;   // r: the surface lies r outside the skeleton
  // Optional enclosing circle of the skeleton (centre, radius >= 0), for an
  // early out: a vertex farther from it than the radius plus the reach of
  // the contact cannot touch the body. Negative: not given, no early out.
  Vec3 center{};
  double skeleton_radius = -1.0;
  // Optional polygon_orientation() of the vertices, when the caller has it
  // (the pair style computes it once per body and step instead of once per
  // neighbour pair). kOrientationNotGiven: computed here.
  double orientation = kOrientationNotGiven;
  static constexpr double kOrientationNotGiven = 2.0;
  // Optional polygon_shortest_edge() of the body, when the caller has it
  // (the pair style, once per body and step), for the merging of the
  // weighted rule (polygon_merge_length). Negative: measured here.
  double shortest_edge = -1.0;
};

constexpr int kMaxPolygonContacts = 64;
using PolygonContactList = ContactList<kMaxPolygonContacts>;

// ---------------------------------------------------------------------------
// Small geometric helpers, each usable on its own.

// z component of a x b for vectors in the xy plane.
BODY_DEM_HOST_DEVICE inline double cross_z(const Vec3 &a, const Vec3 &b) { return a.x * b.y - a.y * b.x; }

// Number of edges of a body with n vertices: n for a polygon, 1 for a rod, 0 for a disk.
BODY_DEM_HOST_DEVICE inline int polygon_edge_count(int nvertices) { return nvertices >= 3 ? nvertices : nvertices - 1; }

// Index of the second vertex of edge k (the first is k).
BODY_DEM_HOST_DEVICE inline int polygon_edge_end(int k, int nvertices) { return k + 1 < nvertices ? k + 1 : 0; }

// Where the point of a segment nearest to a given point lies.
enum class SegmentPart : unsigned char { start = 0, interior = 1, end = 2 };

struct SegmentNearest {
  Vec3 point;          // nearest point of the segment
  double dist2;        // squared distance to it
  SegmentPart part;    // at the start, strictly inside, or at the end
};

// Nearest point of segment [a, b] to p. The part is decided on the exact
// projection (0 < dot(p - a, b - a) < |b - a|^2 means interior), so an end
// is reported as the end point itself, bit for bit. A zero-length segment
// reports its start.
BODY_DEM_HOST_DEVICE inline SegmentNearest nearest_point_on_segment(const Vec3 &p, const Vec3 &a, const Vec3 &b)
{
  const Vec3 d = b - a;
  const Vec3 pa = p - a;
  const double along = dot(pa, d);
  const double len2 = norm2(d);
  if (along <= 0.0 || len2 <= 0.0) return {a, norm2(pa), SegmentPart::start};
  if (along >= len2) return {b, norm2(p - b), SegmentPart::end};
  const Vec3 q = a + d * (along / len2);
  return {q, norm2(p - q), SegmentPart::interior};
}

// +1 for vertices numbered counter-clockwise, -1 for clockwise, 0 for a
// polygon of zero area (or fewer than 3 vertices). Sign of twice the area,
// summed relative to vertex 0 to keep round-off small far from the origin.
BODY_DEM_HOST_DEVICE inline double polygon_orientation(const Vec3 *v, int n)
{
  double twice_area = 0.0;
  for (int k = 1; k + 1 < n; ++k) twice_area += cross_z(v[k] - v[0], v[k + 1] - v[0]);
  return twice_area > 0.0 ? 1.0 : (twice_area < 0.0 ? -1.0 : 0.0);
}

// Unit outward normal of edge (a, b) of a polygon of the given orientation
// (+1 counter-clockwise, -1 clockwise). For a rod (orientation +1 by
// convention) it is the edge direction turned by -90 degrees.
BODY_DEM_HOST_DEVICE inline Vec3 edge_outward_normal(const Vec3 &a, const Vec3 &b, double orientation)
{
  const Vec3 e = b - a;
  return Vec3{e.y, -e.x, 0.0} * (orientation / norm(e));
}

// The edge through which a point inside a convex polygon leaves it soonest.
struct PolygonExit {
  int edge = -1;        // index of the edge whose line is nearest
  double depth = 0.0;   // distance from the point to that line (>= 0)
  Vec3 outward;         // unit outward normal of that edge
};

// The point of a body's skeleton nearest to p.
struct SkeletonNearest {
  FeatureKind kind;    // vertex, or edge when strictly inside an edge
  int index;           // vertex or edge index
  Vec3 point;          // the nearest point
  double dist2;        // squared distance from p
};

// Where a vertex lies with respect to a convex polygon, for the contact
// search: inside (or on the boundary; `exit` then tells the edge whose
// line is nearest, ties: the lowest index; one sqrt per inside point),
// outside, or outside by more than `reach` from the line of one of the
// edges, and so, the polygon being convex, farther than `reach` from all
// of it. The last case spares the nearest-point search for most vertices
// of neighbours that do not touch. Inside means on the inner side of
// every edge line (edges of zero length skipped, they bound nothing); a
// vertex is called beyond only if it lies beyond reach * (1 + 1e-9), so
// that round-off cannot reject a vertex the exact distance test would
// keep (its relative error is a few 1e-16).
enum class VertexPlace : unsigned char { inside, outside, beyond };

// near (optional): for a vertex outside, its nearest point on the polygon
// (nearest_point_on_skeleton()), found in the same pass over the edges:
// p - q, q the nearest point, lies in the normal cone at q, so q lies on
// an edge whose line p is on or outside of (a "facing" edge); the other
// edges are no nearer, and where one reaches the same (unique) nearest
// point it is a vertex shared with a facing edge, found with the same
// squared distance. So each facing edge is searched as the loop meets it,
// its vector, length and p - a at hand, with the ties of the full search
// (lowest index first; vertex 0 as the start). Set only for an outside
// vertex.
// In the plane: the polygons of the pair style lie at one z, where the z
// terms of the 3d formulas are zero, so this gives their values bit for
// bit; a nearest point has the z of the polygon.
BODY_DEM_HOST_DEVICE
inline VertexPlace place_vertex_at_convex_polygon(const Vec3 &p, const Vec3 *v, int n, double orientation,
                                                  double reach, PolygonExit &exit, SkeletonNearest *near = nullptr)
{
  const double far2 = reach * reach * (1.0 + 2e-9);
  bool outside = false;
  int best_edge = -1;
  double best_height = 0.0, best_len2 = 1.0;    // depth = height / sqrt(len2)
  if (near) {
    const double dx = p.x - v[0].x, dy = p.y - v[0].y;
    *near = {FeatureKind::vertex, 0, v[0], dx * dx + dy * dy};
  }
  for (int k = 0; k < n; ++k) {
    const int k_end = polygon_edge_end(k, n);
    const Vec3 &a = v[k];
    const Vec3 &b = v[k_end];
    const double ex = b.x - a.x, ey = b.y - a.y;
    const double len2 = ex * ex + ey * ey;
    if (len2 <= 0.0) continue;
    const double px = p.x - a.x, py = p.y - a.y;
    const double height = orientation * (ex * py - ey * px);    // cross_z(e, p - a)
    if (height < 0.0) {
      // distance from the edge's line = -height / |e|
      if (height * height > far2 * len2) return VertexPlace::beyond;
      outside = true;
    }
    if (height <= 0.0 && near) {
      // nearest_point_on_segment(p, a, b), taken if strictly nearer (edge 0: always)
      const double along = px * ex + py * ey;
      double d2;
      SkeletonNearest s;
      if (along <= 0.0) {
        d2 = px * px + py * py;
        s = {FeatureKind::vertex, k, a, d2};
      } else if (along >= len2) {
        const double bx = p.x - b.x, by = p.y - b.y;
        d2 = bx * bx + by * by;
        s = {FeatureKind::vertex, k_end, b, d2};
      } else {
        const double t = along / len2;
        const Vec3 q{a.x + ex * t, a.y + ey * t, a.z};
        const double qx = p.x - q.x, qy = p.y - q.y;
        d2 = qx * qx + qy * qy;
        s = {FeatureKind::edge, k, q, d2};
      }
      if (k == 0 || d2 < near->dist2) *near = s;
    }
    if (outside) continue;
    if (best_edge < 0 || height * height * best_len2 < best_height * best_height * len2) {
      best_edge = k;
      best_height = height;
      best_len2 = len2;
    }
  }
  if (outside || best_edge < 0) return VertexPlace::outside;
  exit.edge = best_edge;
  exit.depth = best_height / std::sqrt(best_len2);
  exit.outward = edge_outward_normal(v[best_edge], v[polygon_edge_end(best_edge, n)], orientation);
  return VertexPlace::inside;
}

// True if p lies inside or on the boundary of the convex polygon v[0..n) of
// the given orientation (+1 or -1, see polygon_orientation); then `exit`
// tells the edge whose line is nearest (ties: the lowest index). Edges of
// zero length are skipped (they bound nothing). place_vertex_at_convex_polygon
// without a reach.
BODY_DEM_HOST_DEVICE
inline bool locate_in_convex_polygon(const Vec3 &p, const Vec3 *v, int n, double orientation,
                                     PolygonExit &exit)
{
  return place_vertex_at_convex_polygon(p, v, n, orientation, HUGE_VAL, exit) == VertexPlace::inside;
}

// True if p lies inside or on the boundary of the convex polygon v[0..n)
// (n >= 3, either orientation). False for a polygon of zero area.
BODY_DEM_HOST_DEVICE inline bool point_in_convex_polygon(const Vec3 &p, const Vec3 *v, int n)
{
  const double orientation = polygon_orientation(v, n);
  PolygonExit unused;
  return orientation != 0.0 && locate_in_convex_polygon(p, v, n, orientation, unused);
}

// Nearest skeleton point of a body to p, over all its edges (a disk: its
// vertex). Ties: the lowest edge index.
namespace polygon_detail {
  // One step of the nearest-point searches below: edge k of the polygon
  // v[0..n) replaces `best` if it is strictly nearer to p. Edge 0 always
  // replaces the initial guess (its start vertex 0): it is never farther.
  BODY_DEM_HOST_DEVICE
  inline void take_edge_if_nearer(const Vec3 &p, const Vec3 *v, int n, int k, SkeletonNearest &best)
  {
    const int k_end = polygon_edge_end(k, n);
    const SegmentNearest s = nearest_point_on_segment(p, v[k], v[k_end]);
    if (k > 0 && s.dist2 >= best.dist2) return;
    if (s.part == SegmentPart::interior)
      best = {FeatureKind::edge, k, s.point, s.dist2};
    else
      best = {FeatureKind::vertex, s.part == SegmentPart::start ? k : k_end, s.point, s.dist2};
  }
}    // namespace polygon_detail

BODY_DEM_HOST_DEVICE inline SkeletonNearest nearest_point_on_skeleton(const Vec3 &p, const PolygonShape &body)
{
  const int n = body.nvertices;
  const Vec3 *v = body.vertices;
  SkeletonNearest best{FeatureKind::vertex, 0, v[0], norm2(p - v[0])};
  const int nedges = polygon_edge_count(n);
  for (int k = 0; k < nedges; ++k) polygon_detail::take_edge_if_nearer(p, v, n, k, best);
  return best;
}

// True if no vertex of the body is strictly nearer to `target` than vertex
// `index` (ties count as nearest, see the file comment).
BODY_DEM_HOST_DEVICE inline bool is_nearest_vertex(const PolygonShape &body, int index, const Vec3 &target)
{
  const double d2 = norm2(body.vertices[index] - target);
  for (int k = 0; k < body.nvertices; ++k)
    if (k != index && norm2(body.vertices[k] - target) < d2) return false;
  return true;
}

// ---------------------------------------------------------------------------
// Contacts of one vertex with the other body.

namespace polygon_detail {

  // What a vertex of body A sees of body B, before it is oriented as i/j.
  struct VertexHit {
    FeatureKind kind_b;   // feature of B
    int index_b;
    Vec3 on_b;            // point on B's skeleton
    Vec3 out_of_b;        // unit vector from on_b towards the vertex's side (out of B)
    double distance;      // signed: vertex = on_b + distance * out_of_b
  };

  // Which of the two bodies owns the vertex under test.
  enum class Owner : unsigned char { body_i, body_j };

  // Index of the vertex-vertex contact of vertices index_i (of i) and
  // index_j (of j) in the list, -1 if none.
  BODY_DEM_HOST_DEVICE inline int find_vertex_vertex_contact(const PolygonContactList &list, int index_i,
                                                             int index_j)
  {
    for (int k = 0; k < list.size; ++k) {
      const Contact &c = list[k];
      if (c.kind_i == FeatureKind::vertex && c.kind_j == FeatureKind::vertex && c.index_i == index_i &&
          c.index_j == index_j)
        return k;
    }
    return -1;
  }

  // Orient a hit as a contact between body i and body j and append it if
  // within the cutoff.
  BODY_DEM_HOST_DEVICE
  inline void add_oriented_contact(const VertexHit &hit, const Vec3 &vertex, int vertex_index,
                                   Owner owner, double r_i, double r_j, double cutoff,
                                   PolygonContactList &out)
  {
    const double delta_n = hit.distance - (r_i + r_j);
    if (delta_n > cutoff) return;
    Contact c;
    if (owner == Owner::body_i) {
      c.kind_i = FeatureKind::vertex;
      c.index_i = vertex_index;
      c.kind_j = hit.kind_b;
      c.index_j = hit.index_b;
      c.on_i = vertex;
      c.on_j = hit.on_b;
      c.normal = -hit.out_of_b;    // from i (the vertex) towards j (B)
    } else {
      c.kind_i = hit.kind_b;
      c.index_i = hit.index_b;
      c.kind_j = FeatureKind::vertex;
      c.index_j = vertex_index;
      c.on_i = hit.on_b;
      c.on_j = vertex;
      c.normal = hit.out_of_b;     // from i (B) towards j (the vertex)
    }
    c.delta_n = delta_n;
    c.weight = 1.0;
    c.ja_factor = 1.0;
    c.point = contact_point(c.on_i, c.normal, r_i, delta_n);
    out.add(c);
  }

  // Direction out of B where the vertex coincides with B's nearest skeleton
  // point (see the file comment): chosen so that the final normal from i to
  // j is +x for vertex-vertex, and points out of the edge's owner for an edge.
  BODY_DEM_HOST_DEVICE
  inline Vec3 direction_at_zero_distance(const SkeletonNearest &near, const PolygonShape &b,
                                         Owner owner)
  {
    if (near.kind == FeatureKind::edge) {
      const int k = near.index;
      return edge_outward_normal(b.vertices[k], b.vertices[polygon_edge_end(k, b.nvertices)], 1.0);
    }
    return owner == Owner::body_i ? Vec3{-1.0, 0.0, 0.0} : Vec3{1.0, 0.0, 0.0};
  }

  // Calls visit(a) for each vertex a of body A that may touch body B, in
  // index order: all of them when B gives no enclosing circle, else those
  // within its radius + reach of its centre (the others can be neither
  // inside B nor within reach of it). Whether a vertex passes is data-dependent and hard to
  // predict (about one in four passes in a dense packing), so the tests of
  // up to 64 vertices are gathered into a bit mask first, without
  // branches, and only the vertices that pass are visited: a mispredicted
  // branch per vertex cost more than the test itself.
  template <class Visit>
  BODY_DEM_HOST_DEVICE
  inline void for_vertices_that_may_touch(const PolygonShape &body_a, const PolygonShape &body_b, double reach,
                                          Visit &&visit)
  {
    const int n = body_a.nvertices;
    const bool no_circle = body_b.skeleton_radius < 0.0;
    const double limit = body_b.skeleton_radius + reach;
    const double limit2 = limit * limit;
    for (int first = 0; first < n; first += 64) {
      const int count = n - first < 64 ? n - first : 64;
      unsigned long long mask = 0;
      for (int k = 0; k < count; ++k) {
        const bool near = no_circle || norm2(body_a.vertices[first + k] - body_b.center) <= limit2;
        mask |= static_cast<unsigned long long>(near) << k;
      }
      while (mask) {
        const int k = lowest_set_bit(mask);
        mask &= mask - 1;
        visit(first + k);
      }
    }
  }

  // Test vertex `a` of body A against body B (orientation_b from
  // polygon_orientation of B) and append the contact it makes, if any.
  // twin_of (only with every_vertex, for a vertex of j): where vertex a
  // meets a vertex of i that has already made the same vertex-vertex
  // contact from its side (the same contact bit for bit: the same two
  // points, the norm of the same difference negated, so the same distance
  // and normal from i to j), it is not appended again: *twin_of is set to
  // its index (else to -1).
  BODY_DEM_HOST_DEVICE
  inline void add_vertex_contact(const PolygonShape &body_a, int a, const PolygonShape &body_b,
                                 double orientation_b, Owner owner, double cutoff,
                                 PolygonContactList &out, bool every_vertex = false, int *twin_of = nullptr)
  {
    if (twin_of) *twin_of = -1;
    const Vec3 &p = body_a.vertices[a];
    const double r_i = owner == Owner::body_i ? body_a.rounded_radius : body_b.rounded_radius;
    const double r_j = owner == Owner::body_i ? body_b.rounded_radius : body_a.rounded_radius;

    const double reach = r_i + r_j + cutoff;

    // Rule 3: a vertex inside B's skeleton leaves through the nearest edge.
    // Rule 2 (outside): the nearest skeleton point; reject beyond the cutoff before any sqrt.
    SkeletonNearest near;
    if (orientation_b != 0.0) {    // convex
      PolygonExit exit;
      const VertexPlace place =
          place_vertex_at_convex_polygon(p, body_b.vertices, body_b.nvertices, orientation_b, reach, exit, &near);
      if (place == VertexPlace::beyond) return;
      if (place == VertexPlace::inside) {
        const VertexHit hit{FeatureKind::edge, exit.edge, p + exit.outward * exit.depth,
                            exit.outward, -exit.depth};
        add_oriented_contact(hit, p, a, owner, r_i, r_j, cutoff, out);
        return;
      }
    } else {
      near = nearest_point_on_skeleton(p, body_b);
    }
    if (near.dist2 > reach * reach) return;
    if (near.kind == FeatureKind::vertex) {
      const int b = near.index;
      // PolygonContactRule::weighted keeps every vertex's contact (each one
      // continuous in the configuration); coincident ones share their
      // weight in merge_polygon_contact_weights.
      if (!every_vertex) {
        if (!is_nearest_vertex(body_b, b, p) || !is_nearest_vertex(body_a, a, body_b.vertices[b]))
          return;
        // Body i's vertices are tested first, so a pair found again from j is a duplicate.
        if (owner == Owner::body_j && find_vertex_vertex_contact(out, b, a) >= 0) return;
      } else if (twin_of && owner == Owner::body_j) {
        const int twin = find_vertex_vertex_contact(out, b, a);
        if (twin >= 0) {
          *twin_of = twin;
          return;
        }
      }
    }
    const double distance = std::sqrt(near.dist2);
    const Vec3 out_of_b = distance > 0.0 ? (p - near.point) * (1.0 / distance)
                                         : direction_at_zero_distance(near, body_b, owner);
    const VertexHit hit{near.kind, near.index, near.point, out_of_b, distance};
    add_oriented_contact(hit, p, a, owner, r_i, r_j, cutoff, out);
  }

}    // namespace polygon_detail

// ---------------------------------------------------------------------------
// The two entry points used by the pair style.

// Which contacts of a pair receive forces (pair_style keyword `contacts`).
//  farthest (seeds/000, after Fraige): the two candidates farthest apart,
//      with weight 1; their distance is the contact length L. Discontinuous
//      (issue 29): when the choice of the two changes, a contact with a
//      full force is dropped or added; two vertex contacts at one corner
//      (a vertex-vertex contact of mutually nearest vertices next to the
//      vertex-edge contact of one of them) both receive forces once no
//      other contact is farther.
//  weighted: every vertex of either body interacts with its nearest point
//      of the other skeleton (no test of mutually nearest vertices, no
//      removal of a vertex-vertex contact found from both sides: such a
//      test switches a contact with a full force on or off), and every
//      candidate receives a force, with a weight w <= 1 by which contacts
//      at (nearly) the same place share (merge_polygon_contact_weights);
//      L is the weighted spread of the contact points
//      (polygon_contact_length). Like the vertex contacts of the 3d styles
//      (polyhedron_contacts.h), which have no mutual-nearest test either.
//      The default since issue 29. Known limits: (1) the weights change as
//      the bodies move and do work that no force does; the pair style books
//      it from a weight record per pair (weight_work.h, polygon_pair_kernel.h),
//      so KE + PE - W_ja - W_diss - W_w is conserved, but KE + PE is not
//      (without the merging, all weights 1, the sum of the vertex contacts
//      is the gradient of a potential, but a corner is counted twice);
//      (2) there is no reduction to two contacts: a flat contact of finely
//      divided polygons gets a force from every vertex within the cutoff,
//      so the stiffness grows with the number of vertices (the farthest
//      rule has the opposite fault: it picks the two shallowest ends).
enum class PolygonContactRule : unsigned char { farthest = 0, weighted = 1 };

// All candidate contacts between bodies i and j whose surface separation
// delta_n <= cutoff (cutoff >= 0, the r_c of the pair style). Clears `out`
// first; returns out.size. Order: the vertices of i in index order, then
// those of j. out.overflow is set if more than kMaxPolygonContacts were found.
// rule = weighted: every vertex's contact, none filtered (PolygonContactRule).
// owners (optional, room for kMaxPolygonContacts): for each contact, who
// made it, as 2 * vertex + 0 for a vertex of i, 2 * vertex + 1 for one of j
// (vertex_spring_key of contact_springs.h): with the weighted rule a key
// that names each contact by its features alone, for the weight record.
// twin_owners (optional, with owners and the weighted rule): a
// vertex-vertex contact that both of its vertices make (two disks, the
// corners of aligned squares) is stored once, with weight 2, the weights
// of its two candidates before they share (merge_polygon_contact_weights),
// and twin_owners[k] is the key of its second candidate, the vertex of j
// (-1 for a contact of one candidate); the number of candidates is then
// out.size plus the number of twins. Without twin_owners both are stored,
// bit for bit the same. Stored once, the contact's force is computed once.
BODY_DEM_HOST_DEVICE
inline int find_polygon_contacts(const PolygonShape &bi, const PolygonShape &bj, double cutoff,
                                 PolygonContactList &out, PolygonContactRule rule = PolygonContactRule::farthest,
                                 double *owners = nullptr, double *twin_owners = nullptr)
{
  using polygon_detail::Owner;
  out.clear();
  const double orientation_i = bi.orientation != PolygonShape::kOrientationNotGiven
      ? bi.orientation : polygon_orientation(bi.vertices, bi.nvertices);
  const double orientation_j = bj.orientation != PolygonShape::kOrientationNotGiven
      ? bj.orientation : polygon_orientation(bj.vertices, bj.nvertices);
  const double reach = bi.rounded_radius + bj.rounded_radius + cutoff;
  const bool every_vertex = rule == PolygonContactRule::weighted;
  const bool twins = every_vertex && owners && twin_owners;
  polygon_detail::for_vertices_that_may_touch(bi, bj, reach, [&](int a) {
    const int before = out.size;
    polygon_detail::add_vertex_contact(bi, a, bj, orientation_j, Owner::body_i, cutoff, out, every_vertex);
    if (owners && out.size > before) owners[before] = 2.0 * a;
    if (twins && out.size > before) twin_owners[before] = -1.0;
  });
  polygon_detail::for_vertices_that_may_touch(bj, bi, reach, [&](int b) {
    const int before = out.size;
    int twin = -1;
    polygon_detail::add_vertex_contact(bj, b, bi, orientation_i, Owner::body_j, cutoff, out, every_vertex,
                                       twins ? &twin : nullptr);
    if (owners && out.size > before) owners[before] = 2.0 * b + 1.0;
    if (twins && out.size > before) twin_owners[before] = -1.0;
    if (twin >= 0) {
      twin_owners[twin] = 2.0 * b + 1.0;
      out[twin].weight = 2.0;
    }
  });
  return out.size;
}

// Keep only the two contacts whose contact points are farthest apart, moved
// to contacts[0] and contacts[1] in their original order; size becomes
// min(size, 2). Returns their distance, the contact length L (0 with fewer
// than two contacts). Ties: the first pair (a, b), a < b, in index order.
BODY_DEM_HOST_DEVICE inline double keep_two_farthest_contacts(PolygonContactList &contacts)
{
  if (contacts.size < 2) return 0.0;
  // Two contacts (most pairs in contact): both kept, in place.
  if (contacts.size == 2) return std::sqrt(norm2(contacts[0].point - contacts[1].point));
  int keep_a = 0, keep_b = 1;
  double best_dist2 = -1.0;
  for (int a = 0; a < contacts.size; ++a)
    for (int b = a + 1; b < contacts.size; ++b) {
      const double d2 = norm2(contacts[a].point - contacts[b].point);
      if (d2 > best_dist2) {
        best_dist2 = d2;
        keep_a = a;
        keep_b = b;
      }
    }
  const Contact first = contacts[keep_a];
  const Contact second = contacts[keep_b];
  contacts[0] = first;
  contacts[1] = second;
  contacts.size = 2;
  return std::sqrt(best_dist2);
}

// ---------------------------------------------------------------------------
// PolygonContactRule::weighted: weights and contact length.
//
// Why the weights: every vertex's contact is kept, so one place can be
// found twice: a vertex-vertex contact from both of its vertices (the same
// contact, bit for bit), a corner of j on an edge of i next to the corner
// of i that sees it as its nearest point, the two ends of an overlap of
// two edges that shrinks to a corner. Counted separately, they would
// double the force where they meet. So contacts k, l whose skeleton
// points are closer than l_merge share their weight (the same construction
// as rule C of polyhedron_contacts.h), and so do coincident ones (rho = 0)
// also where l_merge = 0 (two disks):
//     rho_kl = max(|on_i^k - on_i^l|, |on_j^k - on_j^l|),
//     a_k = cutoff - delta_n^k >= 0 (depth below the cutoff),
//     sigma_kl = (1 - (rho_kl / l_merge)^2)^2 min(a_k, a_l) / max(a_k, a_l)
//         (0 for rho_kl >= l_merge),
//     w_k <- w_k / max(1, w_k + sum_{l != k} sigma_kl w_l).
// A contact that stands for two coincident candidates (find_polygon_contacts
// with twin_owners) enters with w = 2, their two weights, and leaves with
// the sum of what each would have: sigma = 1 between the two.
// Two coincident contacts of equal depth get 1/2 each, a contact entering
// the cutoff (a = 0) takes nothing from its neighbours, and sigma goes to 0
// smoothly at rho = l_merge. Every candidate appears at the cutoff (where
// its force -k_na (r_c - delta_n), or -k_n delta_n for r_c = 0, vanishes)
// or by a change of kind at the same point and distance, so the weighted
// sum of the forces is continuous.

// The shortest edge of a body (0 for a disk, or if all edges have zero length).
BODY_DEM_HOST_DEVICE inline double polygon_shortest_edge(const PolygonShape &body)
{
  const int nedges = polygon_edge_count(body.nvertices);
  double best2 = -1.0;
  for (int k = 0; k < nedges; ++k) {
    const double len2 = norm2(body.vertices[polygon_edge_end(k, body.nvertices)] - body.vertices[k]);
    if (len2 > 0.0 && (best2 < 0.0 || len2 < best2)) best2 = len2;
  }
  return best2 > 0.0 ? std::sqrt(best2) : 0.0;
}

// l_merge = fraction * the shortest edge of the two bodies (0: no merging).
BODY_DEM_HOST_DEVICE inline double polygon_merge_length(const PolygonShape &bi, const PolygonShape &bj,
                                                        double fraction = 0.1)
{
  const double li = bi.shortest_edge >= 0.0 ? bi.shortest_edge : polygon_shortest_edge(bi);
  const double lj = bj.shortest_edge >= 0.0 ? bj.shortest_edge : polygon_shortest_edge(bj);
  const double l = li > 0.0 && (lj <= 0.0 || li < lj) ? li : lj;
  return fraction * l;
}

BODY_DEM_HOST_DEVICE
inline void merge_polygon_contact_weights(PolygonContactList &contacts, double l_merge, double cutoff)
{
  const int n = contacts.size;
  double share[kMaxPolygonContacts];
  for (int k = 0; k < n; ++k) share[k] = contacts[k].weight;
  const double lm2 = l_merge * l_merge;
  const double inverse_lm2 = lm2 > 0.0 ? 1.0 / lm2 : 0.0;
  for (int k = 0; k < n; ++k) {
    const Contact &ck = contacts[k];
    for (int l = k + 1; l < n; ++l) {
      const Contact &cl = contacts[l];
      // rho^2 >= the spacing on i: most contacts of a pair lie far apart
      // on i already, and are passed without the spacing on j
      const double di = norm2(ck.on_i - cl.on_i);
      if (di > 0.0 && di >= lm2) continue;
      const double dj = norm2(ck.on_j - cl.on_j);
      const double rho2 = di > dj ? di : dj;    // rho_kl^2 (see above)
      if (rho2 > 0.0 && rho2 >= lm2) continue;
      const double x = rho2 > 0.0 ? 1.0 - rho2 * inverse_lm2 : 1.0;
      const double ak = cutoff - ck.delta_n, al = cutoff - cl.delta_n;
      const double amax = ak > al ? ak : al, amin = ak < al ? ak : al;
      const double ratio = amax > 0.0 ? (amin > 0.0 ? amin / amax : 0.0) : 1.0;
      const double sigma = x * x * ratio;
      share[k] += sigma * cl.weight;
      share[l] += sigma * ck.weight;
    }
  }
  for (int k = 0; k < n; ++k)
    if (share[k] > 1.0) contacts[k].weight /= share[k];
}

// merge_polygon_contact_weights(contacts, polygon_merge_length(bi, bj,
// fraction), cutoff), for the pair style, whose shapes carry their
// shortest edges (measured once per body and step, not in each of its
// pairs).
// A pair of one contact (most pairs of a packing: a corner on an edge)
// shares with no other: its weight w becomes w / max(1, w), 1 for the
// contact of two candidates, without the merging length (this and
// weighted_polygon_ja's return for one contact: 1.5 % of a step on
// in.squares's packing, where half the pairs in contact have one).
BODY_DEM_HOST_DEVICE
inline void merge_polygon_contact_weights(PolygonContactList &contacts, const PolygonShape &bi,
                                          const PolygonShape &bj, double cutoff, double fraction = 0.1)
{
  if (contacts.size == 1) {
    if (contacts[0].weight > 1.0) contacts[0].weight = 1.0;
    return;
  }
  merge_polygon_contact_weights(contacts, polygon_merge_length(bi, bj, fraction), cutoff);
}

// Contact length L for j_a: twice the root mean square distance of the
// contact points from their mean, each point weighted by w (cutoff -
// delta_n) (its share of the cohesive force, 0 at the cutoff). Two
// contacts of equal weight and depth at distance D give L = D, as the
// seed's rule does; a contact entering the cutoff adds to L continuously.
// The parts of it: sum_k a_k |p_k - mean|^2 with a_k = w_k (cutoff -
// delta_n^k), returned, and wsum = sum_k a_k (L = 2 sqrt(spread / wsum)).
// In one pass, from the moments about the first contact's point p_0:
// spread = sum a_k |p_k - p_0|^2 - |sum a_k (p_k - p_0)|^2 / wsum; p_0 is
// one of the points, so the two terms are of the size of the spread
// itself (or of the region's, if p_0 does not count) and the difference
// loses no more than round-off of them.
BODY_DEM_HOST_DEVICE inline double polygon_contact_spread(const PolygonContactList &contacts, double cutoff,
                                                          double &wsum)
{
  wsum = 0.0;
  if (contacts.size == 0) return 0.0;
  const Vec3 origin = contacts[0].point;
  Vec3 first;            // sum a_k (p_k - p_0)
  double second = 0.0;   // sum a_k |p_k - p_0|^2
  for (const Contact &c : contacts) {
    const double a = c.weight * (cutoff - c.delta_n);
    if (a <= 0.0) continue;
    const Vec3 d = c.point - origin;
    wsum += a;
    first += d * a;
    second += a * norm2(d);
  }
  if (!(wsum > 0.0)) return 0.0;
  const double spread = second - norm2(first) / wsum;
  return spread > 0.0 ? spread : 0.0;
}

BODY_DEM_HOST_DEVICE inline double polygon_contact_length(const PolygonContactList &contacts, double cutoff)
{
  double wsum = 0.0;
  const double spread = polygon_contact_spread(contacts, cutoff, wsum);
  if (!(wsum > 0.0)) return 0.0;
  const double var = spread / wsum;
  return var > 0.0 ? 2.0 * std::sqrt(var) : 0.0;
}

}    // namespace body_dem

#endif
