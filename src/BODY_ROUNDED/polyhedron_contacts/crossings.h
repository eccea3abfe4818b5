// The contact search of 3d rounded polyhedra (polyhedron_contacts.h), stage
// 2: the crossings of edges (rule 2) and their weights (rule A: w_angle,
// w_end, w_cone, w_corner). Plain C++, header-only, no LAMMPS.
#ifndef BODY_DEM_POLYHEDRON_CONTACTS_CROSSINGS_H
#define BODY_DEM_POLYHEDRON_CONTACTS_CROSSINGS_H

#include "device_marks.h"
#include "polyhedron_contacts/candidates.h"
#include "polyhedron_contacts/culling.h"
#include "polyhedron_contacts/ramps.h"
#include "polyhedron_contacts/topology.h"
#include "segment_segment_3d.h"

#include <cmath>

namespace body_dem {
namespace polyhedron_detail {

  // w_cone of one edge: 1 for a direction dir (unit, perpendicular to the
  // edge) inside the wedge of the edge's two face normals, falling to 0 at
  // cone_angle outside. Edges with fewer than two faces have no cone.
  BODY_DEM_HOST_DEVICE
  inline double cone_factor(const PolyhedronShape &b, const EdgeFaces &ef, const Vec3 &outward,
                            const Vec3 &dir, double cone_angle)
  {
    if (ef.n < 2 || norm2(outward) == 0.0) return 1.0;
    const double c01 = clamp_unit(dot(b.face_normals[ef.face[0]], b.face_normals[ef.face[1]]));
    const double cd = dot(dir, outward);
    // inside the wedge (the common case) without an acos: the angle of dir
    // from the outward direction is at most half the angle between the
    // normals, cos(half) = sqrt((1 + c01) / 2)
    if (cd >= std::sqrt(0.5 * (1.0 + c01))) return 1.0;
    // the angle between the normals is the edge's turn (EdgeFaces: the
    // same acos of the normals' cosine, of the body-frame normals where the
    // shape has a table: equal to round-off)
    const double half = 0.5 * ef.turn;
    const double outside = std::acos(clamp_unit(cd)) - half;
    if (outside <= 0.0) return 1.0;
    return 1.0 - ramp(outside, cone_angle);
  }

  // w_corner of a crossing of edge u (of body i, faces fi) with edge v (of
  // body j, faces fj): 1 minus the largest, over the face pairs (F, G) in
  // flat contact (b < b0), of P(F, G) (1 - min(1, phi / f0)), phi the
  // exterior angle of their overlap polygon at this corner. cos_b0 =
  // cos(face_angle), cos_f0 = cos(corner_angle).
  BODY_DEM_HOST_DEVICE
  inline double corner_factor(const PolyhedronShape &bi, const EdgeFaces &fi, const PolyhedronShape &bj,
                              const EdgeFaces &fj, const Vec3 &u, const Vec3 &v, double len_u, double len_v,
                              double cos_b0, double cos_f0, const SmoothingParams &p)
  {
    double w_corner = 1.0;
    for (int x = 0; x < fi.n; ++x)
      for (int y = 0; y < fj.n; ++y) {
        const Vec3 &nf = bi.face_normals[fi.face[x]];
        const Vec3 &ng = bj.face_normals[fj.face[y]];
        const double cb = -dot(nf, ng);
        if (cb <= cos_b0) continue;
        // e_i counter-clockwise around F, e_j clockwise around G (both seen from F's outside)
        const double cphi = -fi.dir[x] * fj.dir[y] * dot(u, v) / (len_u * len_v);
        // a corner at least f0 wide (g = 1) weighs 1 whatever the faces'
        // angle: no acos for it (cos_f0 = cos(corner_angle))
        if (cphi <= cos_f0) continue;
        const double par = 1.0 - ramp(std::acos(clamp_unit(cb)), p.face_angle);
        const double phi = std::acos(clamp_unit(cphi));
        const double g = std::fmin(1.0, phi / p.corner_angle);
        const double wc = 1.0 - par * (1.0 - g);
        if (wc < w_corner) w_corner = wc;
      }
    return w_corner;
  }

  // w_ridge of one edge: how much the edge is a feature of its own, from
  // its turn t alone (the angle between its faces' normals; constant for a
  // rigid body): 0 for t <= t0 (the faces count as one flat face: the edge
  // makes no crossings), 1 for t >= t1, S((t - t0) / (t1 - t0)) between.
  BODY_DEM_HOST_DEVICE inline double ridge_factor(double turn, const SmoothingParams &p)
  {
    if (turn >= p.ridge_angle) return 1.0;
    if (turn <= p.ridge_flat_angle) return 0.0;
    return smooth_step((turn - p.ridge_flat_angle) / (p.ridge_angle - p.ridge_flat_angle));
  }

  // The angles of the weights, computed with the first crossing in range.
  struct CrossingAngles {
    double sin_a0 = 0.0, cos_b0 = 0.0, cos_f0 = 0.0;
    bool known = false;
    BODY_DEM_HOST_DEVICE void need(const SmoothingParams &p)
    {
      if (known) return;
      sin_a0 = std::sin(p.edge_angle);
      cos_b0 = std::cos(p.face_angle);
      cos_f0 = std::cos(p.corner_angle);
      known = true;
    }
  };

  // The crossing of edge ei = [a, b] (u = b - a, uu = |u|^2; faces and
  // turn fi, ridge factor ridge_i) of body i with edge ej of body j, if the
  // mutually nearest points of their lines lie strictly inside both edges
  // within dmax and its weight is positive: added to the candidates. oi:
  // the outward direction of ei, computed with its first crossing in range
  // (oi_known). The caller has found segments_may_cross_within() true: that
  // test rejects most edge pairs and stays in the caller's loop, inlined,
  // while this rarer rest is a call (as one function the loop cost 12 %
  // more Pair time on bench/'s heap of cubes and tetrahedra).
  BODY_DEM_HOST_DEVICE
  inline void add_crossing_candidate(PairSearch &s, CrossingAngles &angles, int ei, const Vec3 &a, const Vec3 &b,
                                     const Vec3 &u, double uu, const EdgeFaces &fi, double ridge_i, int ej,
                                     bool &oi_known, Vec3 &oi)
  {
    const PolyhedronShape &bi = s.bi, &bj = s.bj;
    const double dmax = s.dmax;
    const Vec3 &c = bj.vertices[bj.edges[ej][0]];
    const Vec3 &d = bj.vertices[bj.edges[ej][1]];
    const LineLineResult ll = line_line_nearest(a, b, c, d);
    if (ll.parallel || !(ll.s > 0.0 && ll.s < 1.0 && ll.t > 0.0 && ll.t < 1.0)) return;
    const Vec3 v = d - c;
    const Vec3 pi = a + u * ll.s, pj = c + v * ll.t;
    const Vec3 diff = pj - pi;
    const double dist2 = norm2(diff);
    if (dist2 > dmax * dmax) return;    // out of range (or penetrated deeper than dmax)
    // orientation of the normal m = +-(u x v) / |u x v|
    if (!oi_known) {
      oi = edge_outward(bi, fi);
      oi_known = true;
    }
    const EdgeFaces fj = edge_faces(bj, ej);
    const Vec3 oj = edge_outward(bj, fj);
    Vec3 m = normalized_or_zero(cross(u, v));
    double orient;
    if (norm2(oi) > 0.0 || norm2(oj) > 0.0)
      orient = dot(m, oi - oj);
    else
      orient = dist2 > 0.0 ? dot(m, diff) : dot(m, s.fallback_normal());
    if (orient < 0.0) m = -m;
    const double dist = dot(diff, m);
    if (dist > dmax) return;
    if (dist < 0.0 && !(inside_closed_body(pi, bj) && inside_closed_body(pj, bi))) return;
    // weights
    s.need_scale();
    angles.need(s.p);
    const SmoothingParams &p = s.p;
    const double w_angle = std::fmin(1.0, std::sqrt(ll.sin2_angle) / angles.sin_a0);
    const double len_u = std::sqrt(uu), len_v = norm(v);
    const double li = (ll.s < 0.5 ? ll.s : 1.0 - ll.s) * len_u;
    const double lj = (ll.t < 0.5 ? ll.t : 1.0 - ll.t) * len_v;
    const double w_end = ramp(li, s.l_end) * ramp(lj, s.l_end);
    const double w_cone = cone_factor(bi, fi, oi, m, p.cone_angle) * cone_factor(bj, fj, oj, -m, p.cone_angle);
    const double w_corner = corner_factor(bi, fi, bj, fj, u, v, len_u, len_v, angles.cos_b0, angles.cos_f0, p);
    double w = w_angle * w_end * w_cone * w_corner;
    const double w_ridge = ridge_i * ridge_factor(fj.turn, p);
    if (w_ridge < 1.0) w *= w_ridge;    // (real edges, e.g. all of a cube's: w as it was, bit for bit)
    if (!(w > 0.0)) return;
    Contact ct;
    ct.kind_i = FeatureKind::edge;
    ct.index_i = ei;
    ct.kind_j = FeatureKind::edge;
    ct.index_j = ej;
    ct.on_i = pi;
    ct.on_j = pj;
    ct.normal = m;
    ct.delta_n = dist - s.r_sum;
    ct.weight = w;
    ct.ja_factor = w_end;
    CandidateInfo ci;
    ci.depth = dmax - dist;
    ci.strength = w;
    ci.foot_t = 0.0;
    ci.owner = -1;
    s.add(ct, ci);
  }

  // Puts the crossing candidates (after the vertex candidates) in the
  // order of their edges, i's then j's, as add_crossing_candidates() finds
  // them from edge lists in index order: the culled search's lists are in
  // any order, and the later stages must see the candidates in the
  // exhaustive search's order to give its numbers bit for bit.
  BODY_DEM_HOST_DEVICE inline void sort_crossings(PairSearch &s)
  {
    PolyhedronContactList &out = s.out;
    const auto before = [](const Contact &a, const Contact &b) {
      return a.index_i < b.index_i || (a.index_i == b.index_i && a.index_j < b.index_j);
    };
    for (int k = s.n_vertex_candidates + 1; k < out.size; ++k) {
      if (!before(out[k], out[k - 1])) continue;
      const Contact c = out[k];
      const CandidateInfo ci = s.info[k];
      int m = k;
      for (; m > s.n_vertex_candidates && before(c, out[m - 1]); --m) {
        out[m] = out[m - 1];
        s.info[m] = s.info[m - 1];
      }
      out[m] = c;
      s.info[m] = ci;
    }
  }

  // Whether edge e of b is flat (w_ridge = 0: no crossings).
  BODY_DEM_HOST_DEVICE inline bool flat_edge(const PolyhedronShape &b, int e, const SmoothingParams &p)
  {
    return edge_faces(b, e).turn <= p.ridge_flat_angle;
  }

  // Stage 2: the crossings of i's edges (index order) with j's edges (index
  // order). An edge is skipped if both its ends lie beyond one face plane
  // of the other body (culling.h, from stage 1's beyond arrays), or if it
  // is flat (w_ridge = 0). With lists of edges (edges_i, edges_j: the
  // culled search's slab; in index order, or sort_crossings() afterwards),
  // only those are looked at; with
  // box_margin >= 0 edge pairs whose bounding boxes are more than dmax apart
  // are skipped before any other test.
  // The bounding box of an edge, grown by `reach` on every side: a point
  // of the other body's edge within reach of the edge lies in it.
  struct EdgeBox {
    double lo[3] = {0.0, 0.0, 0.0}, hi[3] = {0.0, 0.0, 0.0};
    BODY_DEM_HOST_DEVICE void set(const Vec3 &a, const Vec3 &b, double reach)
    {
      // the smaller and the larger end as two selects (not one branch:
      // which end is smaller is unpredictable)
      const auto smaller = [](double x, double y) { return y < x ? y : x; };
      const auto larger = [](double x, double y) { return x < y ? y : x; };
      lo[0] = smaller(a.x, b.x) - reach;
      lo[1] = smaller(a.y, b.y) - reach;
      lo[2] = smaller(a.z, b.z) - reach;
      hi[0] = larger(a.x, b.x) + reach;
      hi[1] = larger(a.y, b.y) + reach;
      hi[2] = larger(a.z, b.z) + reach;
    }
    BODY_DEM_HOST_DEVICE bool misses(const Vec3 &a, const Vec3 &b) const
    {
      // without branches (as segments_may_cross_within()): which test
      // decides is unpredictable
      return ((a.x < lo[0]) & (b.x < lo[0])) | ((a.x > hi[0]) & (b.x > hi[0])) | ((a.y < lo[1]) & (b.y < lo[1])) |
          ((a.y > hi[1]) & (b.y > hi[1])) | ((a.z < lo[2]) & (b.z < lo[2])) | ((a.z > hi[2]) & (b.z > hi[2]));
    }
  };

  BODY_DEM_HOST_DEVICE
  inline void add_crossing_candidates(PairSearch &s, const int *edges_i = nullptr, int nedges_i = 0,
                                      const int *edges_j = nullptr, int nedges_j = 0, double box_margin = -1.0)
  {
    const PolyhedronShape &bi = s.bi, &bj = s.bj;
    if (!(bi.nedges > 0 && bj.nedges > 0 && bi.nvertices > 1 && bj.nvertices > 1)) return;
    if (!edges_i) nedges_i = bi.nedges;
    if (!edges_j) nedges_j = bj.nedges;
    CrossingAngles angles;
    // j's edges not beyond a face plane of body i and not flat, in index
    // order, listed once (each edge pair is then tested by
    // segments_may_cross_within(), as cheap as the bounding-sphere test it
    // replaced and exact)
    int near_j[kMaxPolyhedronScratchEdges];
    int n_near_j = 0;
    const bool keep_near_j = nedges_j <= kMaxPolyhedronScratchEdges;
    const auto skip_j = [&](int ej) {
      return edge_beyond(bj, s.beyond_j, s.keep_beyond_j, bi, s.off_i, ej, s.dmax) || flat_edge(bj, ej, s.p);
    };
    if (keep_near_j)
      for (int q = 0; q < nedges_j; ++q) {
        const int ej = edges_j ? edges_j[q] : q;
        if (!skip_j(ej)) near_j[n_near_j++] = ej;
      }
    const int n_loop_j = keep_near_j ? n_near_j : nedges_j;
    for (int qi = 0; qi < nedges_i && n_loop_j > 0; ++qi) {
      const int ei = edges_i ? edges_i[qi] : qi;
      if (edge_beyond(bi, s.beyond_i, s.keep_beyond_i, bj, s.off_j, ei, s.dmax)) continue;
      const EdgeFaces fi = edge_faces(bi, ei);
      const double ridge_i = ridge_factor(fi.turn, s.p);
      if (!(ridge_i > 0.0)) continue;
      const Vec3 &a = bi.vertices[bi.edges[ei][0]];
      const Vec3 &b = bi.vertices[bi.edges[ei][1]];
      const Vec3 u = b - a;
      const double uu = norm2(u);
      if (uu == 0.0) continue;
      bool oi_known = false;
      Vec3 oi;
      // with box_margin >= 0: an edge of j that lies outside the box of ei
      // grown by dmax (and the margin, for round-off) is farther than dmax
      // from it: exact, and cheaper than segments_may_cross_within()
      EdgeBox box;
      if (box_margin >= 0.0) box.set(a, b, s.dmax + box_margin);
      for (int q = 0; q < n_loop_j; ++q) {
        const int ej = keep_near_j ? near_j[q] : (edges_j ? edges_j[q] : q);
        if (!keep_near_j && skip_j(ej)) continue;
        const Vec3 &c = bj.vertices[bj.edges[ej][0]];
        const Vec3 &d = bj.vertices[bj.edges[ej][1]];
        // both tests without a branch between them: which one rejects a
        // pair is unpredictable (most edge pairs: no division)
        if (!((box_margin < 0.0 || !box.misses(c, d)) & segments_may_cross_within(a, b, c, d, s.dmax))) continue;
        add_crossing_candidate(s, angles, ei, a, b, u, uu, fi, ridge_i, ej, oi_known, oi);
      }
    }
  }

}    // namespace polyhedron_detail
}    // namespace body_dem

#endif
