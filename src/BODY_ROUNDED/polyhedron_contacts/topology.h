// The contact search of 3d rounded polyhedra (polyhedron_contacts.h): which
// faces border an edge, and in which direction each lists it; an edge's
// outward direction. Plain C++, header-only, no LAMMPS.
#ifndef BODY_DEM_POLYHEDRON_CONTACTS_TOPOLOGY_H
#define BODY_DEM_POLYHEDRON_CONTACTS_TOPOLOGY_H

#include "device_marks.h"
#include "polyhedron_contacts/shape.h"

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

  // The (at most two) faces adjacent to an edge, with the direction in
  // which each lists it.
  struct EdgeFaces {
    int face[2] = {-1, -1};
    int dir[2] = {0, 0};
    int n = 0;
  };

  BODY_DEM_HOST_DEVICE inline EdgeFaces edge_faces(const PolyhedronShape &b, int e)
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
    return r;
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
