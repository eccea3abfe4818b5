// The contact search of 3d rounded polyhedra (polyhedron_contacts.h), stage
// 1: the vertex contacts (rule 1). Each vertex of either body is located
// against the other body: the face into which its projection falls, else
// the nearest point of the edges (an edge, or the vertex at its end); a
// vertex inside a closed body goes out through its nearest face plane.
// Plain C++, header-only, no LAMMPS.
#ifndef BODY_DEM_POLYHEDRON_CONTACTS_VERTEX_FEATURES_H
#define BODY_DEM_POLYHEDRON_CONTACTS_VERTEX_FEATURES_H

#include "device_marks.h"
#include "point_segment_3d.h"
#include "polyhedron_contacts/candidates.h"
#include "polyhedron_contacts/support_culling.h"

#include <cmath>

namespace body_dem {
namespace polyhedron_detail {

  // Result of locating the feature of a body nearest to a point (rule 1).
  struct FeatureNearest {
    bool found = false;
    FeatureKind kind = FeatureKind::vertex;
    int index = -1;
    Vec3 foot;               // the point on the feature
    Vec3 away;               // unit direction from the feature to the point (zero if undefined)
    double distance = 0.0;   // signed: negative inside a closed body
    double t = 0.0;          // parameter of foot along the edge (edge contacts)
  };

  // Feature of body b that the point p interacts with (rule 1), if its
  // distance is at most dmax. For a closed body, beyond_face receives the
  // face whose plane separates p from the body by more than dmax, if the
  // search stopped there (else -1). offsets: the plane offsets of b's faces
  // (nullptr: computed here). first_face (if >= 0) is tested first for the
  // early exit: the face of b that faces the other body most directly
  // separates most of its vertices.
  BODY_DEM_HOST_DEVICE
  inline FeatureNearest nearest_feature(const Vec3 &p, const PolyhedronShape &b, const double *offsets, double dmax,
                                        int first_face, int &beyond_face)
  {
    FeatureNearest r;
    beyond_face = -1;
    if (b.nfaces > 0) {
      const bool closed = b.nfaces >= 4;
      int face = -1;
      double face_dist = 0.0, face_sign = 1.0;
      int max_face = -1;
      double max_s = -HUGE_VAL;
      if (closed) {
        // first the cheap plane distances, with the early exit ...
        if (first_face >= 0 && dot(p, b.face_normals[first_face]) - face_offset(b, offsets, first_face) > dmax) {
          beyond_face = first_face;
          return r;
        }
        for (int f = 0; f < b.nfaces; ++f) {
          const double s = dot(p, b.face_normals[f]) - face_offset(b, offsets, f);
          if (s > dmax) {
            beyond_face = f;    // distance to a convex body >= any face plane's
            return r;
          }
          if (s > max_s) {
            max_s = s;
            max_face = f;
          }
        }
        // ... then the projection tests, only for faces that p lies above
        if (max_s > 0.0)
          for (int f = 0; f < b.nfaces; ++f) {
            const double s = dot(p, b.face_normals[f]) - face_offset(b, offsets, f);
            if (s >= 0.0 && (face < 0 || s < face_dist) && projects_inside_face(p, b, f)) {
              face = f;
              face_dist = s;
            }
          }
      } else {
        for (int f = 0; f < b.nfaces; ++f) {
          const double s = dot(p, b.face_normals[f]) - face_offset(b, offsets, f);
          const double sa = std::fabs(s);
          if (sa <= dmax && (face < 0 || sa < face_dist) && projects_inside_face(p, b, f)) {
            face = f;
            face_dist = sa;
            face_sign = s < 0.0 ? -1.0 : 1.0;
          }
        }
      }
      if (closed && max_s <= 0.0) {    // inside: out through the nearest face plane
        face = max_face;
        face_dist = max_s;
      }
      if (face >= 0) {
        const Vec3 n = b.face_normals[face] * face_sign;
        r.found = true;
        r.kind = FeatureKind::face;
        r.index = face;
        r.distance = face_dist;
        r.away = n;
        r.foot = p - n * face_dist;
        return r;
      }
    }
    if (b.nedges > 0) {
      int best = -1;
      PointSegmentResult bs;
      for (int e = 0; e < b.nedges; ++e) {
        const PointSegmentResult s = point_segment_nearest(p, b.vertices[b.edges[e][0]], b.vertices[b.edges[e][1]]);
        if (best < 0 || s.dist2 < bs.dist2) {
          best = e;
          bs = s;
        }
      }
      if (bs.dist2 > dmax * dmax) return r;
      r.found = true;
      r.foot = bs.point;
      r.distance = std::sqrt(bs.dist2);
      if (bs.region == PointSegmentRegion::interior) {
        r.kind = FeatureKind::edge;
        r.index = best;
        r.t = bs.t;
      } else {
        r.kind = FeatureKind::vertex;
        r.index = b.edges[best][bs.region == PointSegmentRegion::start ? 0 : 1];
      }
    } else {
      int best = -1;
      double bd2 = 0.0;
      for (int k = 0; k < b.nvertices; ++k) {
        const double d2 = norm2(p - b.vertices[k]);
        if (best < 0 || d2 < bd2) {
          best = k;
          bd2 = d2;
        }
      }
      if (best < 0 || bd2 > dmax * dmax) return r;
      r.found = true;
      r.kind = FeatureKind::vertex;
      r.index = best;
      r.foot = b.vertices[best];
      r.distance = std::sqrt(bd2);
    }
    r.away = r.distance > 0.0 ? (p - r.foot) * (1.0 / r.distance) : Vec3{};
    return r;
  }

  // The candidate of vertex v of body `owner` (0: i, 1: j) that interacts
  // with feature fn of the other body: features, nearest points, normal
  // from i to j, weight 1 (reduced by the precedence stage).
  BODY_DEM_HOST_DEVICE
  inline void add_vertex_candidate(PairSearch &s, int owner, int v, const Vec3 &vertex, const FeatureNearest &fn)
  {
    Vec3 away = fn.away;    // from the other body's feature to the vertex
    if (norm2(away) == 0.0) away = owner == 0 ? -s.fallback_normal() : s.fallback_normal();
    Contact c;
    CandidateInfo ci;
    ci.depth = s.dmax - fn.distance;
    ci.strength = 0.0;
    ci.foot_t = fn.t;
    ci.owner = owner;
    if (owner == 0) {
      c.kind_i = FeatureKind::vertex;
      c.index_i = v;
      c.kind_j = fn.kind;
      c.index_j = fn.index;
      c.on_i = vertex;
      c.on_j = fn.foot;
      c.normal = -away;
    } else {
      c.kind_i = fn.kind;
      c.index_i = fn.index;
      c.kind_j = FeatureKind::vertex;
      c.index_j = v;
      c.on_i = fn.foot;
      c.on_j = vertex;
      c.normal = away;
    }
    c.delta_n = fn.distance - s.r_sum;
    c.weight = 1.0;
    c.ja_factor = 1.0;
    s.add(c, ci);
  }

  // Stage 1: the vertex contacts of i's vertices (index order), then of j's
  // (a one-vertex body, a sphere, touches the other body at its own vertex
  // only: the other body's vertices are not tested against it). Fills
  // s.beyond_i and s.beyond_j for the crossing stage's early exit and sets
  // s.n_vertex_candidates.
  BODY_DEM_HOST_DEVICE inline void add_vertex_candidates(PairSearch &s)
  {
    const PolyhedronShape &bi = s.bi, &bj = s.bj;
    s.keep_beyond_i = bi.nvertices <= kMaxPolyhedronScratchVertices;
    s.keep_beyond_j = bj.nvertices <= kMaxPolyhedronScratchVertices;
    const bool test_i_vertices = bj.nvertices > 1 || bi.nvertices == 1;    // not against a sphere
    const bool test_j_vertices = bi.nvertices > 1 && bj.nvertices >= 1;
    for (int owner = 0; owner < 2; ++owner) {
      if ((owner == 0 && !test_i_vertices) || (owner == 1 && !test_j_vertices)) continue;
      const PolyhedronShape &mine = owner == 0 ? bi : bj;
      const PolyhedronShape &other = owner == 0 ? bj : bi;
      const double *other_offsets = owner == 0 ? s.off_j : s.off_i;
      const int other_lead = owner == 0 ? s.lead_j : s.lead_i;
      int *beyond = owner == 0 ? s.beyond_i : s.beyond_j;
      const bool keep = owner == 0 ? s.keep_beyond_i : s.keep_beyond_j;
      for (int v = 0; v < mine.nvertices; ++v) {
        int bf = -1;
        const FeatureNearest fn = nearest_feature(mine.vertices[v], other, other_offsets, s.dmax, other_lead, bf);
        if (keep) beyond[v] = bf;
        if (fn.found) add_vertex_candidate(s, owner, v, mine.vertices[v], fn);
      }
    }
    // the crossing stage trusts beyond[] only for vertices that were tested
    s.keep_beyond_i = test_i_vertices && s.keep_beyond_i;
    s.keep_beyond_j = test_j_vertices && s.keep_beyond_j;
    s.n_vertex_candidates = s.out.size;
  }

  // Faces of a slab whose plane distances slab_nearest_feature() keeps
  // from its first pass for its second (the others' are computed again).
  constexpr int kSlabPlanesKept = 64;

  // nearest_feature() of a point p of the slab of one body against the
  // closed body b, looking only at b's faces and edges with a vertex in
  // b's slab (faces[0 .. nfaces - 1], edges[0 .. nedges - 1], in any order;
  // support_culling.h): the same result as nearest_feature() (see there
  // for the arguments; of equal candidates the one of the lowest index,
  // as nearest_feature() takes the first in index order). Why: if p lies within dmax of b, its nearest point
  // q of b lies in b's slab, and so do the faces and edges that hold q; a
  // face into which p projects from above has p's distance to b as its
  // plane distance (b lies behind that plane), so only faces at q compete;
  // and a face plane with p beyond it by more than dmax proves p out of
  // reach wherever it is. Where p lies behind all these faces' planes (p
  // inside b, whose nearest plane may be any of b's, or p out of reach on
  // the far side) the full search decides.
  BODY_DEM_HOST_DEVICE
  inline FeatureNearest slab_nearest_feature(const Vec3 &p, const PolyhedronShape &b, const double *offsets,
                                             double dmax, const int *faces, int nfaces, const int *edges,
                                             int nedges, int first_face, int &beyond_face)
  {
    FeatureNearest r;
    beyond_face = -1;
    double max_s = -HUGE_VAL;
    // the plane distances of the first kSlabPlanesKept faces, kept for the
    // second pass (uninitialised: only those written are read; a few
    // hundred bytes on the stack of a device's work item, where a slab
    // rarely has more faces)
    double plane[kSlabPlanesKept];
    const auto plane_distance = [&](int f) { return dot(p, b.face_normals[f]) - face_offset(b, offsets, f); };
    for (int q = 0; q < nfaces; ++q) {
      const int f = faces[q];
      const double s = plane_distance(f);
      if (q < kSlabPlanesKept) plane[q] = s;
      if (s > dmax) {
        beyond_face = f;
        return r;
      }
      if (s > max_s) max_s = s;
    }
    if (!(max_s > 0.0)) return nearest_feature(p, b, offsets, dmax, first_face, beyond_face);
    // A face into which p projects from above has p's distance to b as its
    // plane distance, and no face plane is farther from p than b itself:
    // only faces at the largest plane distance can hold p's projection (to
    // round-off: within 1e-10 of the size of the numbers compared), so only
    // they are tested, with nearest_feature()'s rule (the smallest plane
    // distance, the first in index order).
    const double near_max = max_s - 1e-10 * (std::fabs(max_s) + norm(p) + dmax + 1.0);
    int face = -1;
    double face_dist = 0.0;
    const auto consider = [&](int f, double s) {
      if (s >= near_max && s >= 0.0 && (face < 0 || s < face_dist || (s == face_dist && f < face)) &&
          projects_inside_face(p, b, f)) {
        face = f;
        face_dist = s;
      }
    };
    const int kept = nfaces < kSlabPlanesKept ? nfaces : kSlabPlanesKept;
    for (int q = 0; q < kept; ++q) consider(faces[q], plane[q]);
    for (int q = kept; q < nfaces; ++q) consider(faces[q], plane_distance(faces[q]));
    if (face >= 0) {
      const Vec3 &n = b.face_normals[face];
      r.found = true;
      r.kind = FeatureKind::face;
      r.index = face;
      r.distance = face_dist;
      r.away = n;
      r.foot = p - n * face_dist;
      return r;
    }
    int best = -1;
    PointSegmentResult bs;
    for (int q = 0; q < nedges; ++q) {
      const int e = edges[q];
      const PointSegmentResult s = point_segment_nearest(p, b.vertices[b.edges[e][0]], b.vertices[b.edges[e][1]]);
      if (best < 0 || s.dist2 < bs.dist2 || (s.dist2 == bs.dist2 && e < best)) {
        best = e;
        bs = s;
      }
    }
    if (best < 0 || bs.dist2 > dmax * dmax) return r;
    r.found = true;
    r.foot = bs.point;
    r.distance = std::sqrt(bs.dist2);
    if (bs.region == PointSegmentRegion::interior) {
      r.kind = FeatureKind::edge;
      r.index = best;
      r.t = bs.t;
    } else {
      r.kind = FeatureKind::vertex;
      r.index = b.edges[best][bs.region == PointSegmentRegion::start ? 0 : 1];
    }
    r.away = r.distance > 0.0 ? (p - r.foot) * (1.0 / r.distance) : Vec3{};
    return r;
  }

  // Stage 1 of the culled search: the vertex contacts of the vertices in
  // the slab, i's then j's, each in index order (the others are out of
  // reach): the candidates of add_vertex_candidates(), in its order. The
  // beyond arrays hold -1 for vertices outside the slab.
  BODY_DEM_HOST_DEVICE inline void add_slab_vertex_candidates(PairSearch &s, const SupportSlab &slab)
  {
    const PolyhedronShape &bi = s.bi, &bj = s.bj;
    s.keep_beyond_i = bi.nvertices <= kMaxPolyhedronScratchVertices;
    s.keep_beyond_j = bj.nvertices <= kMaxPolyhedronScratchVertices;
    for (int owner = 0; owner < 2; ++owner) {
      const PolyhedronShape &mine = owner == 0 ? bi : bj;
      const PolyhedronShape &other = owner == 0 ? bj : bi;
      const double *other_offsets = owner == 0 ? s.off_j : s.off_i;
      const int other_lead = owner == 0 ? s.lead_j : s.lead_i;
      int *beyond = owner == 0 ? s.beyond_i : s.beyond_j;
      const bool keep = owner == 0 ? s.keep_beyond_i : s.keep_beyond_j;
      const int *verts = owner == 0 ? slab.vert_i : slab.vert_j;
      const int nverts = owner == 0 ? slab.nvert_i : slab.nvert_j;
      const int *faces = owner == 0 ? slab.face_j : slab.face_i;
      const int nfaces = owner == 0 ? slab.nface_j : slab.nface_i;
      const int *edges = owner == 0 ? slab.edge_j : slab.edge_i;
      const int nedges = owner == 0 ? slab.nedge_j : slab.nedge_i;
      if (keep)
        for (int v = 0; v < mine.nvertices; ++v) beyond[v] = -1;
      for (int q = 0; q < nverts; ++q) {
        const int v = verts[q];
        int bf = -1;
        const FeatureNearest fn = slab_nearest_feature(mine.vertices[v], other, other_offsets, s.dmax, faces, nfaces,
                                                       edges, nedges, other_lead, bf);
        if (keep) beyond[v] = bf;
        if (fn.found) add_vertex_candidate(s, owner, v, mine.vertices[v], fn);
      }
    }
    s.n_vertex_candidates = s.out.size;
  }

}    // namespace polyhedron_detail
}    // namespace body_dem

#endif
