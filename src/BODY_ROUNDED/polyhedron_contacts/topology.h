// The contact search of 3d rounded polyhedra (polyhedron_contacts.h): which
// faces border an edge, and in which direction each lists it; an edge's
// outward direction. Plain C++, header-only, no LAMMPS.
#ifndef BODY_DEM_POLYHEDRON_CONTACTS_TOPOLOGY_H
#define BODY_DEM_POLYHEDRON_CONTACTS_TOPOLOGY_H

#include "device_marks.h"
#include "polyhedron_contacts/ramps.h"
#include "polyhedron_contacts/shape.h"

#include <cmath>

namespace body_dem {
namespace polyhedron_detail {

  // +1 if face f lists edge (a, b) as a -> b, -1 as b -> a, 0 if not its edge.
  BODY_DEM_HOST_DEVICE inline int face_edge_direction(const PolyhedronShape &b, int f, int va, int vb)
  {
    const int *F = b.faces[f];
    const int n = face_size(F);
    for (int k = 0; k < n; ++k) {
      const int x = F[k], y = F[k + 1 < n ? k + 1 : 0];
      if (x == va && y == vb) return 1;
      if (x == vb && y == va) return -1;
    }
    return 0;
  }

  // The turn of an edge between the faces with the unit normals n0, n1:
  // the angle between them.
  BODY_DEM_HOST_DEVICE inline double edge_turn(const Vec3 &n0, const Vec3 &n1)
  {
    return std::acos(clamp_unit(dot(n0, n1)));
  }

  // The faces of edge e found by scanning all faces (O(F)): the first two
  // that list it, in index order, and its turn from b's face normals.
  BODY_DEM_HOST_DEVICE inline EdgeFaces scan_edge_faces(const PolyhedronShape &b, int e)
  {
    EdgeFaces r;
    const int va = b.edges[e][0], vb = b.edges[e][1];
    for (int f = 0; f < b.nfaces && r.n < 2; ++f) {
      const int d = face_edge_direction(b, f, va, vb);
      if (d != 0) {
        r.face[r.n] = f;
        r.dir[r.n] = d;
        ++r.n;
      }
    }
    if (r.n == 2) r.turn = edge_turn(b.face_normals[r.face[0]], b.face_normals[r.face[1]]);
    return r;
  }

  // The faces of edge e: from the body's table if it has one, else by
  // scanning (the same result).
  BODY_DEM_HOST_DEVICE inline EdgeFaces edge_faces(const PolyhedronShape &b, int e)
  {
    return b.edge_face_table ? b.edge_face_table[e] : scan_edge_faces(b, e);
  }

  // Ints of scratch that build_edge_face_table() needs for a body.
  BODY_DEM_HOST_DEVICE inline int edge_face_table_scratch(int nvertices, int nedges)
  {
    return nvertices + 1 + 2 * nedges;
  }

  // Fills table[0 .. nedges - 1] with the faces of each edge of b and its
  // turn (from b's face normals), the same as scan_edge_faces() gives edge
  // by edge, in O(V + E + F d) (d the largest number of edges at a vertex)
  // instead of O(E F): the edges at each vertex are listed first (in
  // scratch, edge_face_table_scratch() ints), then each side of each face,
  // in index order, finds its edges among those at its first vertex. Once
  // per body shape: neither the topology nor the turns change as the body
  // moves.
  BODY_DEM_HOST_DEVICE inline void build_edge_face_table(const PolyhedronShape &b, EdgeFaces *table, int *scratch)
  {
    const int nv = b.nvertices;
    int *first = scratch;              // edges at vertex v: at[first[v] .. first[v + 1] - 1]
    int *at = scratch + nv + 1;
    for (int v = 0; v <= nv; ++v) first[v] = 0;
    for (int e = 0; e < b.nedges; ++e) {
      table[e] = EdgeFaces();
      for (int k = 0; k < 2; ++k) {
        const int v = b.edges[e][k];
        if (v >= 0 && v < nv && (k == 0 || v != b.edges[e][0])) ++first[v + 1];
      }
    }
    for (int v = 0; v < nv; ++v) first[v + 1] += first[v];
    for (int e = 0; e < b.nedges; ++e)
      for (int k = 0; k < 2; ++k) {
        const int v = b.edges[e][k];
        if (v >= 0 && v < nv && (k == 0 || v != b.edges[e][0])) at[first[v]++] = e;
      }
    for (int v = nv; v > 0; --v) first[v] = first[v - 1];    // back to the starts
    first[0] = 0;
    for (int f = 0; f < b.nfaces; ++f) {
      const int *F = b.faces[f];
      const int n = face_size(F);
      for (int k = 0; k < n; ++k) {
        const int x = F[k], y = F[k + 1 < n ? k + 1 : 0];
        if (x < 0 || x >= nv) continue;
        for (int q = first[x]; q < first[x + 1]; ++q) {
          const int e = at[q];
          const int va = b.edges[e][0], vb = b.edges[e][1];
          const int d = va == x && vb == y ? 1 : (va == y && vb == x ? -1 : 0);
          EdgeFaces &ef = table[e];
          // a face counts once per edge (as in the scan), the first two faces only
          if (d == 0 || ef.n >= 2 || (ef.n > 0 && ef.face[ef.n - 1] == f)) continue;
          ef.face[ef.n] = f;
          ef.dir[ef.n] = d;
          ++ef.n;
        }
      }
    }
    for (int e = 0; e < b.nedges; ++e) {
      EdgeFaces &ef = table[e];
      if (ef.n == 2) ef.turn = edge_turn(b.face_normals[ef.face[0]], b.face_normals[ef.face[1]]);
    }
  }

  // Ints of the vertex adjacency of a body (build_vertex_adjacency()):
  // the starts (nvertices + 1) and the edges (2 per edge) at each vertex,
  // the vertices at their other ends (2 per edge), the starts and the faces
  // (at most 4 per face) at each vertex.
  BODY_DEM_HOST_DEVICE inline int vertex_adjacency_ints(int nvertices, int nedges, int nfaces)
  {
    return 2 * (nvertices + 1) + 4 * nedges + 4 * nfaces;
  }

  // The edges and the faces at each vertex of b, each list in index order
  // (a face once per vertex, an edge of two equal ends once), and along
  // with each edge the vertex at its other end (neighbors[k] for edges[k]),
  // into caller's arrays of the sizes above. Once per body shape.
  BODY_DEM_HOST_DEVICE
  inline void build_vertex_adjacency(const PolyhedronShape &b, int *edge_first, int *edges, int *neighbors,
                                     int *face_first, int *faces)
  {
    const int nv = b.nvertices;
    for (int v = 0; v <= nv; ++v) edge_first[v] = face_first[v] = 0;
    const auto valid = [nv](int v) { return v >= 0 && v < nv; };
    for (int e = 0; e < b.nedges; ++e) {
      const int x = b.edges[e][0], y = b.edges[e][1];
      if (valid(x)) ++edge_first[x + 1];
      if (valid(y) && y != x) ++edge_first[y + 1];
    }
    for (int f = 0; f < b.nfaces; ++f)
      for (int k = 0; k < face_size(b.faces[f]); ++k)
        if (valid(b.faces[f][k])) ++face_first[b.faces[f][k] + 1];
    for (int v = 0; v < nv; ++v) {
      edge_first[v + 1] += edge_first[v];
      face_first[v + 1] += face_first[v];
    }
    // fill in index order (the loops run over edges and faces in order),
    // advancing the starts, then move them back
    for (int e = 0; e < b.nedges; ++e) {
      const int x = b.edges[e][0], y = b.edges[e][1];
      if (valid(x)) edges[edge_first[x]++] = e;
      if (valid(y) && y != x) edges[edge_first[y]++] = e;
    }
    for (int f = 0; f < b.nfaces; ++f)
      for (int k = 0; k < face_size(b.faces[f]); ++k)
        if (valid(b.faces[f][k])) faces[face_first[b.faces[f][k]]++] = f;
    for (int v = nv; v > 0; --v) {
      edge_first[v] = edge_first[v - 1];
      face_first[v] = face_first[v - 1];
    }
    edge_first[0] = face_first[0] = 0;
    for (int v = 0; v < nv; ++v)
      for (int k = edge_first[v]; k < edge_first[v + 1]; ++k)
        neighbors[k] = b.edges[edges[k]][0] == v ? b.edges[edges[k]][1] : b.edges[edges[k]][0];
  }

  // Outward direction of an edge: the normalised sum of its face normals
  // (zero vector without faces).
  BODY_DEM_HOST_DEVICE inline Vec3 edge_outward(const PolyhedronShape &b, const EdgeFaces &ef)
  {
    if (ef.n == 0) return {};
    Vec3 o = b.face_normals[ef.face[0]];
    if (ef.n == 2) o += b.face_normals[ef.face[1]];
    return normalized_or_zero(o);
  }

  BODY_DEM_HOST_DEVICE inline bool vertex_in_edge(const PolyhedronShape &b, int e, int v)
  {
    return b.edges[e][0] == v || b.edges[e][1] == v;
  }

}    // namespace polyhedron_detail
}    // namespace body_dem

#endif
