// The contact search of 3d rounded polyhedra (polyhedron_contacts.h), its
// data: one body as the search sees it (PolyhedronShape), the parameters of
// the weights (SmoothingParams), the capacities of a pair's lists, the
// keys that name candidates in the pair's history, and what is computed
// from one body alone (plane offsets, centroid, shortest edge, inside
// test). Plain C++, header-only, no LAMMPS, no allocation.
#ifndef BODY_DEM_POLYHEDRON_CONTACTS_SHAPE_H
#define BODY_DEM_POLYHEDRON_CONTACTS_SHAPE_H

#include "contact.h"
#include "device_marks.h"
#include "point_triangle_3d.h"
#include "vec3.h"

#include <cmath>

namespace body_dem {

// The (at most two) faces adjacent to an edge, in index order, with the
// direction in which each lists it (+1: as the edge's vertex 0 -> 1, -1:
// the other way), and the edge's turn: the angle between the outward
// normals of its two faces (0 between coplanar faces, pi/2 at a cube's
// edge; pi for an edge with fewer than two faces, e.g. a rod's).
struct EdgeFaces {
  int face[2] = {-1, -1};
  int dir[2] = {0, 0};
  int n = 0;
  int unused = 0;    // (turn on 8 bytes)
  double turn = 3.141592653589793;
};

// One body in the space frame. Faces are convex, planar, counter-clockwise
// seen from outside; a triangle has faces[f][3] = -1. A closed body (at
// least 4 faces) is convex, so "inside" is defined; a body with 1 to 3
// faces is an open surface (faces count from both sides, no inside). A
// body with one vertex is a sphere, with two vertices and one edge a rod.
struct PolyhedronShape {
  const Vec3 *vertices;
  int nvertices;
  const int (*edges)[2];
  int nedges;
  const int (*faces)[4];
  int nfaces;
  const Vec3 *face_normals;    // outward unit normals, precomputed once per step by the caller
  double rounded_radius;
  // Optional data of the body alone, which the caller can compute once
  // per step instead of once per pair (not given: computed per pair, with
  // the same result): the plane offsets dot(n_f, a vertex of f) of the
  // faces, the centroid of the vertices, and the squared length of the
  // shortest edge of positive length (HUGE_VAL without one).
  const double *face_offsets = nullptr;
  const Vec3 *vertex_centroid = nullptr;
  double min_edge_length2 = -1.0;
  // Optional topology of the body, which does not change as it moves (the
  // pair styles compute it once per body shape, polyhedron_body_frames.h;
  // not given: found per pair by scanning the faces, with the same
  // result): the faces of each edge and its turn (build_edge_face_table(),
  // topology.h).
  const EdgeFaces *edge_face_table = nullptr;
  // ... and the edges and faces at each vertex v, in index order:
  // vertex_edges[vertex_edge_first[v] .. vertex_edge_first[v + 1] - 1]
  // and likewise for the faces (build_vertex_adjacency(), topology.h); the
  // culled search walks the slab with them (support_culling.h).
  const int *vertex_edge_first = nullptr;
  const int *vertex_edges = nullptr;
  const int *vertex_neighbors = nullptr;    // the other end of each of vertex_edges
  const int *vertex_face_first = nullptr;
  const int *vertex_faces = nullptr;
  // Optional, for bodies of many vertices: where the culled search's climb
  // to the top vertex along a direction starts (support_culling.h): the
  // top vertices of kSupportTableCells directions fixed in the body frame
  // (build_support_table(), once per body shape) and the space-frame
  // directions of the body frame's three axes (per step).
  const int *support_table = nullptr;
  const Vec3 *body_axes = nullptr;
};

// Parameters of the weights (see the comment at the top of
// polyhedron_contacts.h). Angles in radians, lengths as fractions of the
// pair's length scale L.
struct SmoothingParams {
  double edge_angle = 0.17453292519943295;      // a0 = 10 deg: crossings of edges at a < a0 fade
  double face_angle = 0.17453292519943295;      // b0 = 10 deg: faces within b0 of parallel are "in flat contact"
  double corner_angle = 1.5707963267948966;     // f0 = 90 deg: overlap corners with exterior angle < f0 weigh < 1
  double cone_angle = 0.2617993877991494;       // g0 = 15 deg: crossings outside the normal cones fade over g0
  double end_length = 0.05;                     // l_end / L: crossings fade within this distance of an edge's end
  double merge_length = 0.1;                    // l_merge / L: contacts closer than this share their weight
  // z: ... and contacts closer than z times the radius of the circle in
  // which the rounded surfaces of the two bodies intersect at the smaller
  // overlap of the two (z = 2: where those circles overlap); 0: l_merge alone
  double merge_zone = 2.0;
  double length_scale = 0.0;                    // L; <= 0: the shortest edge of the two bodies
  double ridge_flat_angle = 0.08726646259971647;   // t0 = 5 deg: edges that turn by less are flat (no crossings)
  double ridge_angle = 0.17453292519943295;        // t1 = 10 deg: edges that turn by more cross with full weight
};

// Capacity of the contact list of one pair. Two convex bodies touch near a
// common tangent plane: at most the vertices of the two faces in contact
// (4 + 4 for quadrilaterals) plus the crossings of their boundaries (at
// most 8 for two convex quadrilaterals) plus a few vertex and crossing
// contacts of the adjacent features, i.e. about 24 for any convex bodies
// made of quadrilaterals and triangles, in a rare worst case of coplanar
// split faces more. 64 leaves that margin; the buffer lives on the stack
// (64 contacts of 136 bytes) and also holds the candidates before merging.
// Overflow sets out.overflow (the caller reports an error).
constexpr int kMaxPolyhedronContacts = 64;
using PolyhedronContactList = ContactList<kMaxPolyhedronContacts>;
using PolyhedronWeightLedger = WeightLedger<kMaxPolyhedronContacts>;

// Keys of the candidate contacts (WeightLedger): a vertex contact is named
// by its vertex (owner 0: a vertex of body i, 1: of body j), a crossing by
// its two edges. Edges are counted below 2^20. (Two spheres record
// nothing: their one contact always weighs 1.)
BODY_DEM_HOST_DEVICE inline double vertex_contact_key(int owner, int vertex) { return 4.0 * vertex + owner; }
BODY_DEM_HOST_DEVICE
inline double crossing_contact_key(int edge_i, int edge_j) { return 4.0 * (edge_i * 1048576.0 + edge_j) + 2.0; }
// The key of the same contact with the bodies named the other way round.
BODY_DEM_HOST_DEVICE inline double swapped_contact_key(double key)
{
  const long long k = static_cast<long long>(key);
  if (k % 4 == 2) {
    const long long edges = k / 4, edge_i = edges / 1048576, edge_j = edges % 1048576;
    return crossing_contact_key(static_cast<int>(edge_j), static_cast<int>(edge_i));
  }
  return static_cast<double>(k - k % 4 + (1 - k % 4));
}

// Largest numbers of vertices, edges and faces per body for which early-exit
// information is kept (on the stack, uninitialised plain arrays); larger
// bodies work, only without skipping edges early.
constexpr int kMaxPolyhedronScratchVertices = 256;
constexpr int kMaxPolyhedronScratchEdges = 256;
constexpr int kMaxPolyhedronScratchFaces = 256;

namespace polyhedron_detail {

  BODY_DEM_HOST_DEVICE inline int face_size(const int *f) { return f[3] < 0 ? 3 : 4; }

  // True if p projects (along n) into face f, tested as the triangles
  // (0, 1, 2) and, for a quadrilateral, (0, 2, 3).
  BODY_DEM_HOST_DEVICE inline bool projects_inside_face(const Vec3 &p, const PolyhedronShape &b, int f)
  {
    const int *F = b.faces[f];
    const Vec3 &n = b.face_normals[f];
    const Vec3 &v0 = b.vertices[F[0]];
    const Vec3 &v2 = b.vertices[F[2]];
    if (projects_inside_triangle(p, v0, b.vertices[F[1]], v2, n)) return true;
    return F[3] >= 0 && projects_inside_triangle(p, v0, v2, b.vertices[F[3]], n);
  }

  // Whether p lies inside (or on) the closed convex skeleton of b.
  BODY_DEM_HOST_DEVICE inline bool inside_closed_body(const Vec3 &p, const PolyhedronShape &b)
  {
    if (b.nfaces < 4) return false;
    for (int f = 0; f < b.nfaces; ++f)
      if (dot(p - b.vertices[b.faces[f][0]], b.face_normals[f]) > 0.0) return false;
    return true;
  }

  // Plane offset of face f: dot(n_f, any vertex of f); from the array of
  // offsets if there is one.
  BODY_DEM_HOST_DEVICE inline double face_offset(const PolyhedronShape &b, const double *offsets, int f)
  {
    return offsets ? offsets[f] : dot(b.vertices[b.faces[f][0]], b.face_normals[f]);
  }

  BODY_DEM_HOST_DEVICE inline double min_edge_length2(const PolyhedronShape &b)
  {
    double m = HUGE_VAL;
    for (int e = 0; e < b.nedges; ++e) {
      const double l2 = norm2(b.vertices[b.edges[e][1]] - b.vertices[b.edges[e][0]]);
      if (l2 > 0.0 && l2 < m) m = l2;
    }
    return m;
  }

  BODY_DEM_HOST_DEVICE inline Vec3 centroid(const PolyhedronShape &b)
  {
    Vec3 c;
    for (int k = 0; k < b.nvertices; ++k) c += b.vertices[k];
    return b.nvertices > 0 ? c * (1.0 / b.nvertices) : c;
  }

  // The centroid, precomputed if given.
  BODY_DEM_HOST_DEVICE
  inline Vec3 body_centroid(const PolyhedronShape &b) { return b.vertex_centroid ? *b.vertex_centroid : centroid(b); }

}    // namespace polyhedron_detail

}    // namespace body_dem

#endif
