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
// With the adjacency that the pair styles keep per body shape (the edges,
// their other ends and the faces at each vertex, topology.h) the slab is
// found without looking at every vertex: the top vertex of each body by a
// climb along edges to a higher neighbour while there is one (on a convex
// polyhedron a vertex that no neighbour tops is the top), started from
// the vertex that the shape's support table gives for the direction, the
// slab by a walk from it over the edges (its vertices are connected: from
// each, an edge leads higher up), which lists the slab's edges as it takes
// them, its faces from its vertices. Without adjacency every vertex, face
// and edge is looked at (the same slab).
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

// Below this many vertices of a pair together the exhaustive search is
// the faster one (the slab's walk and lists cost more than they save).
// Measured in a standalone loop over the pairs of one step of settled
// beds (alternately, three times): the culled search took 15 % more time
// on pairs of cubes (16 vertices), 6 % more on in.pour3d's cubes and
// tetrahedra, 6 % less on pairs of 20-vertex hull grains (40 vertices).
constexpr int kCulledSearchFromVertices = 32;

// The support table (PolyhedronShape::support_table): the cells of a grid
// of kSupportTableSide x kSupportTableSide on each face of a cube.
constexpr int kSupportTableSide = 4;
constexpr int kSupportTableCells = 6 * kSupportTableSide * kSupportTableSide;

namespace polyhedron_detail {

  struct SupportSlab {
    Vec3 n;              // unit, from i towards j
    double gap = 0.0;    // T_j - T_i
    double lo_i = 0.0;   // i's vertices with dot(v, n) >= lo_i are in its slab
    double hi_j = 0.0;   // j's vertices with dot(x, n) <= hi_j are in its slab
    double margin = 0.0; // of every test, for round-off
    // the slab's vertices (in index order), the faces and the edges with a
    // vertex in the slab (in any order), of each body
    // (one more than they can hold: slab_features() and mark_slab() write
    // the next slot before they know whether it is taken)
    int vert_i[kMaxCulledVertices + 1], vert_j[kMaxCulledVertices + 1];
    int face_i[kMaxCulledFeatures + 1], face_j[kMaxCulledFeatures + 1];
    int edge_i[kMaxCulledFeatures + 1], edge_j[kMaxCulledFeatures + 1];
    // ... and of those edges the ones the crossing stage looks at: all of
    // them, or with adjacency and the edges' table only those that are not
    // flat (flat_edge(): they make no crossings)
    int ridge_i[kMaxCulledFeatures + 1], ridge_j[kMaxCulledFeatures + 1];
    int nvert_i = 0, nvert_j = 0, nface_i = 0, nface_j = 0, nedge_i = 0, nedge_j = 0, nridge_i = 0, nridge_j = 0;
  };

  // Whether the culled search takes the pair: two closed bodies (at least
  // 4 faces) within the sizes of SupportSlab, with at least
  // kCulledSearchFromVertices vertices together (both searches give the
  // same contacts: this is about speed alone).
  BODY_DEM_HOST_DEVICE inline bool culled_search_applies(const PolyhedronShape &bi, const PolyhedronShape &bj,
                                                         int from_vertices = kCulledSearchFromVertices)
  {
    const auto fits = [](const PolyhedronShape &b) {
      return b.nfaces >= 4 && b.nvertices <= kMaxCulledVertices && b.nedges <= kMaxCulledFeatures &&
          b.nfaces <= kMaxCulledFeatures;
    };
    return fits(bi) && fits(bj) && bi.nvertices + bj.nvertices >= from_vertices;
  }

  // Lists the vertices of b whose state is 2 in index order, and the faces
  // and edges with such a vertex: from the adjacency of the slab's
  // vertices (verts as mark_slab() left it, in any order) if b has it,
  // else by looking at every vertex, face and edge (in index order).
  // (insertion sort: the lists of a slab hold some 5 to 30 indices; a
  // Shell sort took more instructions on them)
  BODY_DEM_HOST_DEVICE inline void sort_ascending(int *a, int n)
  {
    for (int k = 1; k < n; ++k) {
      const int x = a[k];
      int m = k;
      for (; m > 0 && a[m - 1] > x; --m) a[m] = a[m - 1];
      a[m] = x;
    }
  }

  // With adjacency mark_slab() has listed the vertices and the edges:
  // here the faces.
  BODY_DEM_HOST_DEVICE
  inline void slab_features(const PolyhedronShape &b, const unsigned char *state, int *verts, int &nverts,
                            int *faces, int &nfaces, int *edges, int &nedges)
  {
    nfaces = 0;
    if (b.vertex_neighbors && b.vertex_face_first) {
      // verts holds the slab's vertices (mark_slab()); their faces, each
      // once, then the vertices in index order
      unsigned char face_mark[kMaxCulledFeatures];
      // (a plain loop rather than memset: the same code runs in device kernels)
      for (int f = 0; f < b.nfaces; ++f) face_mark[f] = 0;
      for (int q = 0; q < nverts; ++q) {
        const int v = verts[q];
        // appended without a branch, kept where not marked before
        // (whether a neighbour is new is unpredictable)
        for (int k = b.vertex_face_first[v]; k < b.vertex_face_first[v + 1]; ++k) {
          const int f = b.vertex_faces[k];
          faces[nfaces] = f;
          nfaces += 1 - face_mark[f];
          face_mark[f] = 1;
        }
      }
      // the vertices in index order (their candidates must come in it);
      // the faces and edges need none: the nearest-feature search breaks
      // ties by index, and the crossings are put in order after they are
      // found (sort_crossings())
      sort_ascending(verts, nverts);
      return;
    }
    nedges = 0;
    nverts = 0;
    for (int v = 0; v < b.nvertices; ++v)
      if (state[v] == 2) verts[nverts++] = v;
    for (int f = 0; f < b.nfaces; ++f) {
      const int *F = b.faces[f];
      if (state[F[0]] == 2 || state[F[1]] == 2 || state[F[2]] == 2 || (F[3] >= 0 && state[F[3]] == 2))
        faces[nfaces++] = f;
    }
    for (int e = 0; e < b.nedges; ++e)
      if (state[b.edges[e][0]] == 2 || state[b.edges[e][1]] == 2) edges[nedges++] = e;
  }

  // The cell of the support table (build_support_table()) through which
  // the body-frame direction d passes: the face of the cube around the
  // origin that d meets (the axis of its largest component, and its sign),
  // and the square of that face's kSupportTableSide x kSupportTableSide
  // grid where it meets it. Any d, also 0 or not finite, gives a cell.
  BODY_DEM_HOST_DEVICE inline int support_table_cell(const Vec3 &d)
  {
    const double ax = std::fabs(d.x), ay = std::fabs(d.y), az = std::fabs(d.z);
    int axis;
    double big, a, c;
    if (ax >= ay && ax >= az)
      axis = 0, big = d.x, a = d.y, c = d.z;
    else if (ay >= az)
      axis = 1, big = d.y, a = d.z, c = d.x;
    else
      axis = 2, big = d.z, a = d.x, c = d.y;
    const double scale = 0.5 * kSupportTableSide / (std::fabs(big) > 0.0 ? std::fabs(big) : 1.0);
    const auto square = [scale](double x) {
      const double t = x * scale + 0.5 * kSupportTableSide;
      return t > 0.0 ? (t < kSupportTableSide ? static_cast<int>(t) : kSupportTableSide - 1) : 0;
    };
    return ((2 * axis + (big < 0.0 ? 1 : 0)) * kSupportTableSide + square(a)) * kSupportTableSide + square(c);
  }

  // The support table of a body: for each cell, the vertex (of the lowest
  // index among equals) where dot(v, d) is largest, d the direction
  // through the cell's centre; vertices in the body frame. Once per body
  // shape; table holds kSupportTableCells.
  inline void build_support_table(const Vec3 *vertices, int nvertices, int *table)
  {
    for (int face = 0; face < 6; ++face)
      for (int ia = 0; ia < kSupportTableSide; ++ia)
        for (int ic = 0; ic < kSupportTableSide; ++ic) {
          const double big = face % 2 == 0 ? 1.0 : -1.0;
          const double a = -1.0 + (ia + 0.5) * 2.0 / kSupportTableSide;
          const double c = -1.0 + (ic + 0.5) * 2.0 / kSupportTableSide;
          const int axis = face / 2;
          const Vec3 d = axis == 0 ? Vec3{big, a, c} : (axis == 1 ? Vec3{c, big, a} : Vec3{a, c, big});
          int best = 0;
          for (int k = 1; k < nvertices; ++k)
            if (dot(vertices[k], d) > dot(vertices[best], d)) best = k;
          table[support_table_cell(d)] = best;
        }
  }

  // The vertex of b where sign * dot(v, n) is largest, and that value: by
  // climbing along b's edges to a neighbour that is higher, as long as
  // there is one (on a convex polyhedron a vertex that no neighbour tops
  // is the top); without adjacency by looking at every vertex. The climb
  // starts from the support table's vertex for the direction if b has one
  // (a step or none from the top), else from the highest of vertex 0 and
  // 8 vertices spread over the list. Where several vertices are the top,
  // which one is returned depends on the start; the value does not.
  BODY_DEM_HOST_DEVICE inline int support_vertex(const PolyhedronShape &b, const Vec3 &n, double sign, double &top)
  {
    int v = 0;
    top = sign * dot(b.vertices[0], n);
    if (!b.vertex_neighbors) {
      for (int k = 1; k < b.nvertices; ++k) {
        const double d = sign * dot(b.vertices[k], n);
        if (d > top) top = d, v = k;
      }
      return v;
    }
    if (b.support_table && b.body_axes) {
      const Vec3 d{dot(b.body_axes[0], n), dot(b.body_axes[1], n), dot(b.body_axes[2], n)};
      v = b.support_table[support_table_cell(d * sign)];
      top = sign * dot(b.vertices[v], n);
    } else {
      const int stride = b.nvertices / 8;
      if (stride > 1)
        for (int k = stride; k < b.nvertices; k += stride) {
          const double d = sign * dot(b.vertices[k], n);
          if (d > top) top = d, v = k;
        }
    }
    for (;;) {
      int next = -1;
      for (int q = b.vertex_edge_first[v]; q < b.vertex_edge_first[v + 1]; ++q) {
        const int w = b.vertex_neighbors[q];
        const double d = sign * dot(b.vertices[w], n);
        if (d > top) top = d, next = w;
      }
      if (next < 0) return v;
      v = next;
    }
  }

  // Marks (state 2) the vertices of b with sign * dot(v, n) >= threshold,
  // others 1 where looked at, and with adjacency also lists them in verts
  // (in the order found) and the edges at them in edges (each once, in any
  // order): with adjacency by a walk from the top vertex over the edges
  // (the vertices of a convex polyhedron above a plane are connected by
  // its edges: from each, an edge leads higher up to the top), else by
  // looking at every vertex (slab_features() lists them then).
  // ridges, nridges: the edges listed that are not flat (turn above
  // flat_turn), with the edges' table; else all of them.
  BODY_DEM_HOST_DEVICE
  inline void mark_slab(const PolyhedronShape &b, const Vec3 &n, double sign, double threshold, int top_vertex,
                        double flat_turn, unsigned char *state, int *verts, int &nverts, int *edges, int &nedges,
                        int *ridges, int &nridges)
  {
    for (int v = 0; v < b.nvertices; ++v) state[v] = 0;
    nverts = nedges = nridges = 0;
    if (!b.vertex_neighbors) {
      for (int v = 0; v < b.nvertices; ++v) state[v] = sign * dot(b.vertices[v], n) >= threshold ? 2 : 1;
      return;
    }
    const EdgeFaces *table = b.edge_face_table;
    // a walk over the edges; verts is its queue, and at the end the slab;
    // each edge it takes from a vertex of the slab is one of the slab's
    // (listed where the walk meets it first: the same loop, no second
    // pass over the slab's neighbourhoods)
    unsigned char edge_mark[kMaxCulledFeatures];
    for (int e = 0; e < b.nedges; ++e) edge_mark[e] = 0;
    state[top_vertex] = 2;
    verts[nverts++] = top_vertex;
    for (int head = 0; head < nverts; ++head) {
      const int v = verts[head];
      for (int q = b.vertex_edge_first[v]; q < b.vertex_edge_first[v + 1]; ++q) {
        // without branches (whether a neighbour is new, and in the slab,
        // and an edge new, is unpredictable): the state of a vertex seen
        // before is kept
        const int w = b.vertex_neighbors[q];
        const unsigned char seen = state[w];
        const bool in = (seen == 0) & (sign * dot(b.vertices[w], n) >= threshold);
        verts[nverts] = w;
        nverts += in;
        state[w] = static_cast<unsigned char>(seen + (seen == 0) * (1 + in));    // (in is false if seen)
        const int e = b.vertex_edges[q];
        const int fresh = 1 - edge_mark[e];
        edges[nedges] = e;
        nedges += fresh;
        ridges[nridges] = e;
        nridges += fresh & (!table || !(table[e].turn <= flat_turn));    // (as flat_edge())
        edge_mark[e] = 1;
      }
    }
  }

  // The slab of the pair (see the top of the file) along the direction
  // between the vertex centroids. Returns false if the bodies are apart
  // along it (no contact can exist).
  BODY_DEM_HOST_DEVICE inline bool find_support_slab(const PairSearch &s, SupportSlab &slab)
  {
    const PolyhedronShape &bi = s.bi, &bj = s.bj;
    slab.n = normalized_or_zero(body_centroid(bj) - body_centroid(bi));
    if (!(norm2(slab.n) > 0.0)) slab.n = Vec3{0.0, 0.0, 1.0};    // (any direction is exact)
    double t_i, minus_t_j;
    const int top_i = support_vertex(bi, slab.n, 1.0, t_i);
    const int top_j = support_vertex(bj, slab.n, -1.0, minus_t_j);
    const double t_j = -minus_t_j;
    slab.gap = t_j - t_i;
    // the margin: 1e-10 of the size of the numbers compared, far above
    // their round-off (a few 1e-16 relative) and far below any distance
    // that matters
    const double margin = slab.margin = 1e-10 * (1.0 + std::fabs(t_i) + std::fabs(t_j) + s.dmax);
    if (slab.gap > s.dmax + margin) return false;
    slab.lo_i = t_j - s.dmax - margin;
    slab.hi_j = t_i + s.dmax + margin;
    unsigned char state[kMaxCulledVertices];
    const double flat = s.p.ridge_flat_angle;
    mark_slab(bi, slab.n, 1.0, slab.lo_i, top_i, flat, state, slab.vert_i, slab.nvert_i, slab.edge_i, slab.nedge_i,
              slab.ridge_i, slab.nridge_i);
    slab_features(bi, state, slab.vert_i, slab.nvert_i, slab.face_i, slab.nface_i, slab.edge_i, slab.nedge_i);
    mark_slab(bj, slab.n, -1.0, -slab.hi_j, top_j, flat, state, slab.vert_j, slab.nvert_j, slab.edge_j, slab.nedge_j,
              slab.ridge_j, slab.nridge_j);
    slab_features(bj, state, slab.vert_j, slab.nvert_j, slab.face_j, slab.nface_j, slab.edge_j, slab.nedge_j);
    if (!bi.vertex_neighbors) {    // (no walk: slab_features() listed the edges)
      for (int q = 0; q < slab.nedge_i; ++q) slab.ridge_i[q] = slab.edge_i[q];
      slab.nridge_i = slab.nedge_i;
    }
    if (!bj.vertex_neighbors) {
      for (int q = 0; q < slab.nedge_j; ++q) slab.ridge_j[q] = slab.edge_j[q];
      slab.nridge_j = slab.nedge_j;
    }
    return true;
  }

}    // namespace polyhedron_detail
}    // namespace body_dem

#endif
