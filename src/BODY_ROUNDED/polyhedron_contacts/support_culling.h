// The contact search of 3d rounded polyhedra (polyhedron_contacts.h): exact
// culling by the support function along a direction, for the culled search
// (the default; the exhaustive search is the reference).
//
// For any unit direction n (from i towards j), with T_i = max over i's
// vertices of dot(v, n) and T_j = min over j's vertices of dot(x, n) (the
// support of each convex body along n; a linear function takes its extremes
// over a polytope at vertices):
//  - a point p of i can lie within dmax of body j only if dot(p, n) >=
//    T_j - dmax (for every x of j, |x - p| >= dot(x - p, n) >= T_j -
//    dot(p, n)), and a point of j within dmax of i only if dot(x, n) <=
//    T_i + dmax; if T_j - T_i > dmax no point pair is within dmax: the
//    bodies are apart;
//  - so only the vertices of i in the slab dot(v, n) >= T_j - dmax can have
//    a contact, only edges of i with an end in it can cross an edge of j
//    within dmax (a linear function is largest at an end of a segment),
//    and likewise for j; the nearest point of j to a vertex of i within
//    dmax lies in j's slab, on a face (or an edge) with a vertex in it.
// Any direction is exact; the slab is thinnest along the direction that
// separates the bodies best. The direction between the vertex centroids
// (known per body) gave slabs as thin as the best of it and the normals of
// the faces that face each other most (a 50-vertex hull grain: 7 of 100
// vertices of a pair in its slab, against 6; cubes and tetrahedra: 4 of
// 12.5 against 5), without their search. All tests keep a margin of 1e-10 of
// the size of the coordinates, so that round-off never culls what the
// exhaustive search finds: both searches give the same candidates, in the
// same order, bit for bit (test_polyhedron_culled_search.cpp).
//
// Plain C++, header-only, no LAMMPS.
#ifndef BODY_DEM_POLYHEDRON_CONTACTS_SUPPORT_CULLING_H
#define BODY_DEM_POLYHEDRON_CONTACTS_SUPPORT_CULLING_H

#include "device_marks.h"
#include "polyhedron_contacts/candidates.h"
#include "polyhedron_contacts/culling.h"

#include <cmath>

namespace body_dem {

// Largest bodies the culled search takes (else the exhaustive search runs):
// vertices, and edges or faces. The slab's lists live on the stack.
constexpr int kMaxCulledVertices = 256;
constexpr int kMaxCulledFeatures = 768;

namespace polyhedron_detail {

  struct SupportSlab {
    Vec3 n;              // unit, from i towards j
    double gap = 0.0;    // T_j - T_i
    double lo_i = 0.0;   // i's vertices with dot(v, n) >= lo_i are in its slab
    double hi_j = 0.0;   // j's vertices with dot(x, n) <= hi_j are in its slab
    double proj_i[kMaxCulledVertices], proj_j[kMaxCulledVertices];
    // in index order: the slab's vertices, the faces and the edges with a
    // vertex in the slab, of each body
    int vert_i[kMaxCulledVertices], vert_j[kMaxCulledVertices];
    int face_i[kMaxCulledFeatures], face_j[kMaxCulledFeatures];
    int edge_i[kMaxCulledFeatures], edge_j[kMaxCulledFeatures];
    int nvert_i = 0, nvert_j = 0, nface_i = 0, nface_j = 0, nedge_i = 0, nedge_j = 0;
  };

  // Whether the culled search can take the pair: two closed bodies (at
  // least 4 faces) within the sizes of SupportSlab.
  BODY_DEM_HOST_DEVICE inline bool culled_search_applies(const PolyhedronShape &bi, const PolyhedronShape &bj)
  {
    const auto fits = [](const PolyhedronShape &b) {
      return b.nfaces >= 4 && b.nvertices <= kMaxCulledVertices && b.nedges <= kMaxCulledFeatures &&
          b.nfaces <= kMaxCulledFeatures;
    };
    return fits(bi) && fits(bj);
  }

  // T_i and T_j along n.
  BODY_DEM_HOST_DEVICE inline double support_gap(const PolyhedronShape &bi, const PolyhedronShape &bj, const Vec3 &n,
                                                 double &t_i, double &t_j)
  {
    t_i = -HUGE_VAL;
    t_j = HUGE_VAL;
    for (int v = 0; v < bi.nvertices; ++v) {
      const double d = dot(bi.vertices[v], n);
      if (d > t_i) t_i = d;
    }
    for (int v = 0; v < bj.nvertices; ++v) {
      const double d = dot(bj.vertices[v], n);
      if (d < t_j) t_j = d;
    }
    return t_j - t_i;
  }

  // Lists, in index order, the faces and edges of b with a vertex whose flag
  // is set.
  BODY_DEM_HOST_DEVICE
  inline void features_at(const PolyhedronShape &b, const bool *in_slab, int *faces, int &nfaces, int *edges,
                          int &nedges)
  {
    nfaces = 0;
    for (int f = 0; f < b.nfaces; ++f) {
      const int *F = b.faces[f];
      if (in_slab[F[0]] || in_slab[F[1]] || in_slab[F[2]] || (F[3] >= 0 && in_slab[F[3]])) faces[nfaces++] = f;
    }
    nedges = 0;
    for (int e = 0; e < b.nedges; ++e)
      if (in_slab[b.edges[e][0]] || in_slab[b.edges[e][1]]) edges[nedges++] = e;
  }

  // The slab of the pair (see the top of the file) along the direction
  // between the vertex centroids. Returns false if the bodies are apart
  // along it (no contact can exist).
  BODY_DEM_HOST_DEVICE inline bool find_support_slab(const PairSearch &s, SupportSlab &slab)
  {
    const PolyhedronShape &bi = s.bi, &bj = s.bj;
    slab.n = normalized_or_zero(body_centroid(bj) - body_centroid(bi));
    if (!(norm2(slab.n) > 0.0)) slab.n = Vec3{0.0, 0.0, 1.0};    // (any direction is exact)
    double t_i = -HUGE_VAL, t_j = HUGE_VAL;
    for (int v = 0; v < bi.nvertices; ++v) {
      slab.proj_i[v] = dot(bi.vertices[v], slab.n);
      if (slab.proj_i[v] > t_i) t_i = slab.proj_i[v];
    }
    for (int v = 0; v < bj.nvertices; ++v) {
      slab.proj_j[v] = dot(bj.vertices[v], slab.n);
      if (slab.proj_j[v] < t_j) t_j = slab.proj_j[v];
    }
    slab.gap = t_j - t_i;
    // the margin: 1e-10 of the size of the numbers compared, far above
    // their round-off (a few 1e-16 relative) and far below any distance
    // that matters
    const double margin = 1e-10 * (1.0 + std::fabs(t_i) + std::fabs(t_j) + s.dmax);
    if (slab.gap > s.dmax + margin) return false;
    slab.lo_i = t_j - s.dmax - margin;
    slab.hi_j = t_i + s.dmax + margin;
    bool in_i[kMaxCulledVertices], in_j[kMaxCulledVertices];
    slab.nvert_i = slab.nvert_j = 0;
    for (int v = 0; v < bi.nvertices; ++v) {
      in_i[v] = slab.proj_i[v] >= slab.lo_i;
      if (in_i[v]) slab.vert_i[slab.nvert_i++] = v;
    }
    for (int v = 0; v < bj.nvertices; ++v) {
      in_j[v] = slab.proj_j[v] <= slab.hi_j;
      if (in_j[v]) slab.vert_j[slab.nvert_j++] = v;
    }
    features_at(bi, in_i, slab.face_i, slab.nface_i, slab.edge_i, slab.nedge_i);
    features_at(bj, in_j, slab.face_j, slab.nface_j, slab.edge_j, slab.nedge_j);
    return true;
  }

}    // namespace polyhedron_detail
}    // namespace body_dem

#endif
