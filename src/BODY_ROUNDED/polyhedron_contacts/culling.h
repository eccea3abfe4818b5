// The contact search of 3d rounded polyhedra (polyhedron_contacts.h): the
// exact early exits. A convex body lies behind each of its face planes, so
// a point beyond a face plane by more than dmax is farther than dmax from
// the body: such tests drop pairs, vertices and edges before any nearest
// point is computed, without changing what is found. Plain C++,
// header-only, no LAMMPS.
#ifndef BODY_DEM_POLYHEDRON_CONTACTS_CULLING_H
#define BODY_DEM_POLYHEDRON_CONTACTS_CULLING_H

#include "device_marks.h"
#include "polyhedron_contacts/candidates.h"

namespace body_dem {
namespace polyhedron_detail {

  // The face of each body that faces the other one most directly (by the
  // direction between the vertex centroids): s.lead_i, s.lead_j (-1 if
  // neither body is closed, or one has no vertex).
  BODY_DEM_HOST_DEVICE inline void find_leading_faces(PairSearch &s)
  {
    const PolyhedronShape &bi = s.bi, &bj = s.bj;
    s.lead_i = s.lead_j = -1;
    if ((bi.nfaces >= 4 || bj.nfaces >= 4) && bi.nvertices > 0 && bj.nvertices > 0) {
      const Vec3 dir = body_centroid(bj) - body_centroid(bi);
      double best_i = -HUGE_VAL, best_j = -HUGE_VAL;
      for (int f = 0; f < bi.nfaces; ++f) {
        const double c = dot(bi.face_normals[f], dir);
        if (c > best_i) best_i = c, s.lead_i = f;
      }
      for (int f = 0; f < bj.nfaces; ++f) {
        const double c = -dot(bj.face_normals[f], dir);
        if (c > best_j) best_j = c, s.lead_j = f;
      }
    }
  }

  // Whether face f of the closed body b has all vertices of the other body
  // o beyond its plane by more than dmax (then the bodies are apart).
  BODY_DEM_HOST_DEVICE
  inline bool face_separates(const PolyhedronShape &b, const double *offsets, int f, const PolyhedronShape &o,
                             double dmax)
  {
    if (f < 0 || b.nfaces < 4) return false;
    const Vec3 &n = b.face_normals[f];
    const double off = face_offset(b, offsets, f);
    for (int v = 0; v < o.nvertices; ++v)
      if (!(dot(o.vertices[v], n) - off > dmax)) return false;
    return true;
  }

  // Early exit for pairs that are apart, tried with the leading faces,
  // which separate most such pairs: the test that the vertex stage makes
  // vertex by vertex, without the setup of the rest.
  BODY_DEM_HOST_DEVICE inline bool leading_faces_separate(const PairSearch &s)
  {
    return face_separates(s.bi, s.off_i, s.lead_i, s.bj, s.dmax) ||
        face_separates(s.bj, s.off_j, s.lead_j, s.bi, s.dmax);
  }

  // Whether edge e of body `mine` lies beyond one face plane of the other
  // body by more than dmax, from what the vertex stage found for its ends
  // (beyond: per vertex of `mine`, the face whose plane separated it, or
  // -1; keep: whether that array was filled).
  BODY_DEM_HOST_DEVICE
  inline bool edge_beyond(const PolyhedronShape &mine, const int *beyond, bool keep, const PolyhedronShape &other,
                          const double *other_offsets, int e, double dmax)
  {
    if (!keep) return false;
    const int a = mine.edges[e][0], b = mine.edges[e][1];
    const int fa = beyond[a], fb = beyond[b];
    if (fa < 0 && fb < 0) return false;
    if (fa >= 0 && fa == fb) return true;
    if (fa >= 0 && dot(mine.vertices[b], other.face_normals[fa]) - face_offset(other, other_offsets, fa) > dmax)
      return true;
    return fb >= 0 && dot(mine.vertices[a], other.face_normals[fb]) - face_offset(other, other_offsets, fb) > dmax;
  }

}    // namespace polyhedron_detail
}    // namespace body_dem

#endif
