// Contact geometry of 3d rounded polyhedra (layer 1 of the package): which
// features of two bodies touch, where, along which normal, how far apart
// their rounded surfaces are, and with which weight w <= 1 each contact
// counts. Plain C++, header-only, no LAMMPS include, no heap allocation: the
// pair styles call it for every neighbour pair in every step, from serial,
// threaded and (later) device code.
//
// ============================================================================
// The contacts (after Wang et al., Granular Matter 13, 1 (2011))
// ============================================================================
// A body is a convex skeleton (vertices, edges, faces) swept by a sphere of
// its rounded radius r. Two bodies i and j interact through contacts between
// skeleton features; distance d is the (signed) distance of the two skeleton
// points, delta_n = d - (r_i + r_j), and a contact is kept if
// delta_n <= cutoff. Contacts always name body i as "i", the normal points
// from i to j (see contact.h).
//
//  1. Vertex contacts. Every vertex of i is tested against body j, and every
//     vertex of j against body i. A vertex interacts with the face of the
//     other body into which its projection falls (both triangles of a
//     quadrilateral face are tested), else with the nearest point of the
//     other body's edges: an edge if that point is inside the edge, else the
//     vertex at its end. For a vertex outside a convex body this is exactly
//     the nearest point of the body, so it moves continuously as the bodies
//     move. A vertex inside the other body's (closed, convex) skeleton is
//     pushed out through the face whose plane is nearest; d is then
//     negative. Each vertex has at most one contact. A one-vertex body (a
//     sphere) touches the other body at its one vertex only: the other
//     body's vertices are not tested against it.
//  2. Edge-edge contacts ("crossings"). Two edges, one of each body,
//     interact at the mutually nearest points of their lines if these lie
//     strictly inside both edges. The normal is perpendicular to both edges,
//     oriented by the outward directions of the edges (the sums of their
//     adjacent face normals); a crossing whose normal points into both
//     bodies is a penetration (d < 0) only if each nearest point lies inside
//     the other body's skeleton, and is ignored otherwise.
//
// ============================================================================
// Weights (the package's design, prove: test_polyhedron_contacts.cpp,
// "Smoothness")
// ============================================================================
// The rules above switch contacts on and off abruptly: a crossing appears
// when its nearest points enter the edges, two contacts at the same point
// are found twice, two nearly parallel edges cross at a point that runs
// along them at a speed 1/sin(angle). Every contact therefore carries a
// weight w in [0, 1], built from continuous factors so that the sum of the
// weighted forces of a pair changes continuously when the bodies move or
// rotate. Notation: S(x) = 3x^2 - 2x^3 for 0 <= x <= 1 (S = 0 below, 1
// above) is the smooth step; L is the length scale of the pair (the
// shortest edge of the two bodies, or SmoothingParams::length_scale);
// l_end = end_length * L, l_merge = merge_length * L; the angles a0, b0,
// g0, f0 are SmoothingParams edge_angle, face_angle, cone_angle,
// corner_angle.
//
//  A. Crossing of edge e_i (body i) and e_j (body j) at the acute angle a,
//     with nearest points at the distances l_i, l_j from the nearer end of
//     their edges:
//         w = w_angle * w_end * w_cone * w_corner,
//         w_angle  = min(1, sin(a) / sin(a0))
//             Nearly parallel edges touching along a line are represented by
//             the vertex contacts at the two ends of the line (rule 1); their
//             crossing point, ill-defined and fast moving, fades out. The
//             crossing's moment w * F * x stays bounded: x moves at most
//             like 1/sin(a) and w falls like sin(a).
//         w_end    = S(l_i / l_end) * S(l_j / l_end)
//             A crossing that reaches the end of an edge becomes a vertex
//             contact of that end (or vanishes); it fades out over l_end
//             before, so that neither its vanishing nor its meeting with the
//             vertex contact is a jump. This is also the reduction of j_a
//             near the ends of crossing edges: Contact::ja_factor = w_end.
//         w_cone   = (1 - S(p_i / g0)) * (1 - S(p_j / g0))
//             p_i = the angle by which the crossing normal lies outside the
//             normal cone of e_i (the wedge between the normals of its two
//             faces), 0 inside. A crossing outside the cones is not a local
//             minimum of the distance of the bodies (a face next to one of
//             the edges is nearer); at the cone's boundary the edge lies parallel to
//             the other body's face, where the crossing is the end of a line
//             contact, and the weight is still 1.
//         w_corner = 1 - max over face pairs (F of e_i, G of e_j) of
//                        P(F, G) * (1 - min(1, phi / f0)),
//             P(F, G) = 1 - S(b / b0), b the angle between n_F and -n_G,
//             phi = the angle between the edges directed counter-clockwise
//             around F and G as seen from F's outside, i.e. the exterior
//             angle of the overlap polygon of F and G at this corner.
//             For two faces in flat contact (b < b0) the corners of their
//             overlap polygon get weights from their exterior angles: with
//             f0 = 90 degrees a rectangle has four corners of weight 1 and
//             a square twisted by 45 degrees on another one eight corners of
//             weight 1/2, so that the total weight of a flat contact stays 4
//             as a face twists, instead of doubling. The factor is blended by
//             P(F, G) into 1 for faces that are not parallel. (The vertex
//             corners of the overlap polygon keep weight 1; see B.)
//  B. Vertex contact of vertex v: w = prod over crossings c of an edge e of
//     v with an edge e' of the other body of (1 - w_c * lambda_c * alpha_c),
//     w_c the weight of the crossing (A),
//         Precedence of edge-edge contacts (Wang): a crossing takes over the
//         contact of a vertex at the end of its edge when the vertex
//         interacts with the crossed edge e', to the extent that the
//         crossing itself counts: nearly parallel edges keep their end
//         contacts (w_c ~ sin(a) is small), and a vertex next to a flat
//         corner of an overlap polygon keeps the weight that the corner's
//         small exterior angle does not take.
//     lambda_c = S(m / l_end) if v's contact is with e' itself, m the
//         distance of v's nearest point from the nearer end of e';
//         = (1 - S(h / l_end)) * S(m / l_end) if v's contact is with a face G
//         bounded by e', h the distance of v's nearest point from the line
//         of e' and m that of its projection onto e' from the nearer end;
//         = 0 otherwise. The precedence thus switches on continuously while
//         v's nearest point moves from a face onto e' and off before it
//         moves onto an end of e'.
//     alpha_c = min(1, a_c / a_v), a = (r_i + r_j + cutoff) - d the depth
//         of a contact below the cutoff: a crossing entering the cutoff
//         takes over nothing yet.
//  C. Merging. Contacts at the same point count once: with rho_kl =
//     max(|on_i^k - on_i^l|, |on_j^k - on_j^l|) and
//         sigma_kl = (1 - (rho_kl / l_merge)^2)^2 * min(a_k, a_l) / max(a_k, a_l)
//     (0 for rho_kl >= l_merge; the ratio of depths makes a contact that
//     enters the cutoff share nothing yet),
//         w_k <- w_k / max(1, w_k + sum_{l != k} sigma_kl w_l).
//     n coincident contacts of weight 1 get 1/n each; contacts that
//     approach each other hand over continuously. Contacts that coincide to
//     round-off (rho < 1e-10 L) are then stored once with the sum of their
//     weights, and contacts of weight 0 are dropped.
//
// Why the weights look like this: every factor is a continuous function of
// the configuration that is 0 wherever its contact appears, vanishes or
// changes into another one at a different place, and the merging makes
// contacts that meet at one place count once. Hence the weighted sum of any
// per-contact force that vanishes at the cutoff (elastic k |delta_n|, or the
// cohesive k_na (r_c - delta_n)) is continuous along any motion that keeps
// the skeletons apart. The kind of a vertex contact (vertex-face, -edge,
// -vertex) changes where its nearest point crosses from a face onto an edge
// or a vertex, at the same point and distance, so delta_n, the normal and
// the contact point stay continuous; a force law that depends on the kind
// (R_eff of the granular style) is not.
//
// What stays discontinuous (by design of the rules, all at deep overlap,
// where the skeletons themselves intersect): a vertex inside the other
// skeleton switching its nearest face plane, and crossings of edges that
// pass through each other (kept only while each nearest point lies inside
// the other skeleton, ignored deeper than r_i + r_j + cutoff).
//
// Limitation: edges are taken as given. Where a face with more than 4
// vertices is split into coplanar triangles or quadrilaterals (as the LAMMPS
// body format asks for) and the splitting diagonals are listed as edges,
// these cross the other body's edges inside the flat region and add
// contacts there (with the corner weight of their exterior angle). Leave
// such diagonals out of the edge list: the face tests do not need them.
//
// Contact region (for j_a): contact_region_size() returns an area, 4 sqrt(I2)
// with I2 the second invariant of the covariance of the contact points,
// each weighted by w (cutoff - delta_n) (its share of the cohesive force,
// zero at the cutoff): exactly the area of a rectangle whose four corners
// are the contacts, 0 for one or two contacts or contacts on a line, and
// continuous in the contacts' positions and weights.
//
// Cost: a pair whose bodies are separated by the face of either one that
// faces the other most directly (all vertices of the other body beyond its
// plane by more than the cutoff) costs O(n_i + n_j) dot products and ends
// there; most pairs in a packing that do not touch end so. Otherwise
// O(n_i F_j + n_j F_i) for the vertices, with an early exit as soon as a
// face plane separates a vertex by more than the cutoff (that leading face
// first, so that the far vertices cost one dot product), and O(E_i E_j)
// division-free tests for the crossings (segments_may_cross_within), of
// which edges beyond a face plane of the other body are skipped. Weights,
// precedence and merging are computed only for the contacts found
// (typically <= 16). The data of each body alone (face plane offsets,
// centroid, shortest edge) can be given precomputed (PolyhedronShape).
// Measured on the pairs of one step of bench/'s settled heap of 2016 cubes
// and tetrahedra (one core, x86-64, -O3): about 230 cycles per pair within
// reach that is apart, 1800 per pair that touches (1.5 contacts); on
// in.pour3d's softer bed (k_n 100, 4.4 contacts per touching pair) about
// 4800 per touching pair, of which the vertex nearest features take ~30 %
// and the crossings ~50 % (their weights ~20 %).
//
// Parameters (SmoothingParams, defaults in brackets): edge_angle a0 [10
// deg], face_angle b0 [10 deg], corner_angle f0 [90 deg], cone_angle g0 [15
// deg], end_length [0.05] and merge_length [0.1] as fractions of L,
// length_scale L [0: the shortest edge of the two bodies, or r_i + r_j for
// two spheres]. A ramp of length 0 is a step (the plain rules).
#ifndef BODY_DEM_POLYHEDRON_CONTACTS_H
#define BODY_DEM_POLYHEDRON_CONTACTS_H

#include "contact.h"
#include "device_marks.h"
#include "point_segment_3d.h"
#include "point_triangle_3d.h"
#include "segment_segment_3d.h"
#include "sphere_pair_contact.h"
#include "vec3.h"

#include <cmath>

namespace body_dem {

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
};

// Parameters of the weights (see the comment at the top). Angles in
// radians, lengths as fractions of the pair's length scale L.
struct SmoothingParams {
  double edge_angle = 0.17453292519943295;      // a0 = 10 deg: crossings of edges at a < a0 fade
  double face_angle = 0.17453292519943295;      // b0 = 10 deg: faces within b0 of parallel are "in flat contact"
  double corner_angle = 1.5707963267948966;     // f0 = 90 deg: overlap corners with exterior angle < f0 weigh < 1
  double cone_angle = 0.2617993877991494;       // g0 = 15 deg: crossings outside the normal cones fade over g0
  double end_length = 0.05;                     // l_end / L: crossings fade within this distance of an edge's end
  double merge_length = 0.1;                    // l_merge / L: contacts closer than this share their weight
  double length_scale = 0.0;                    // L; <= 0: the shortest edge of the two bodies
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

  BODY_DEM_HOST_DEVICE inline double smooth_step(double x)
  {
    if (x <= 0.0) return 0.0;
    if (x >= 1.0) return 1.0;
    return x * x * (3.0 - 2.0 * x);
  }

  // S(x / len), robust for len = 0 (a step at x = 0) and x = len = 0 (0).
  BODY_DEM_HOST_DEVICE inline double ramp(double x, double len)
  {
    if (len > 0.0) return smooth_step(x / len);
    return x > 0.0 ? 1.0 : 0.0;
  }

  BODY_DEM_HOST_DEVICE inline double clamp_unit(double c) { return c > 1.0 ? 1.0 : (c < -1.0 ? -1.0 : c); }

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
    const double half = 0.5 * std::acos(c01);
    const double outside = std::acos(clamp_unit(cd)) - half;
    if (outside <= 0.0) return 1.0;
    return 1.0 - ramp(outside, cone_angle);
  }

  // Whether p lies inside (or on) the closed convex skeleton of b.
  BODY_DEM_HOST_DEVICE inline bool inside_closed_body(const Vec3 &p, const PolyhedronShape &b)
  {
    if (b.nfaces < 4) return false;
    for (int f = 0; f < b.nfaces; ++f)
      if (dot(p - b.vertices[b.faces[f][0]], b.face_normals[f]) > 0.0) return false;
    return true;
  }

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
  // search stopped there (else -1).
  // Plane offset of face f: dot(n_f, any vertex of f); from the scratch
  // array if there is one.
  BODY_DEM_HOST_DEVICE inline double face_offset(const PolyhedronShape &b, const double *offsets, int f)
  {
    return offsets ? offsets[f] : dot(b.vertices[b.faces[f][0]], b.face_normals[f]);
  }

  // first_face (if >= 0) is tested first for the early exit: the face of b
  // that faces the other body most directly separates most of its vertices.
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

  // What the finder keeps about each candidate contact besides the Contact
  // (plain data: the scratch array is not initialised per call).
  struct CandidateInfo {
    double depth;        // a = dmax - d >= 0, d the signed skeleton distance
    double strength;     // crossings: their weight w_c (precedence strength)
    double foot_t;       // vertex contacts with an edge: parameter of the nearest point
    int owner;           // vertex contacts: 0 = vertex of i, 1 = vertex of j; crossings: -1
  };

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

  // lambda_c of rule B: how much the contact of a vertex (feature kind and
  // index on the other body, nearest point foot, edge parameter t) is the
  // contact that crossing edge e2 of the other body takes over.
  BODY_DEM_HOST_DEVICE
  inline double precedence_overlap(const PolyhedronShape &other, FeatureKind kind, int index, const Vec3 &foot,
                                   double t, int e2, double l_end)
  {
    const Vec3 &c = other.vertices[other.edges[e2][0]];
    const Vec3 &d = other.vertices[other.edges[e2][1]];
    const double len = norm(d - c);
    if (kind == FeatureKind::edge) {
      if (index != e2) return 0.0;
      const double m = (t < 0.5 ? t : 1.0 - t) * len;
      return ramp(m, l_end);
    }
    if (kind == FeatureKind::face) {
      if (face_edge_direction(other, index, other.edges[e2][0], other.edges[e2][1]) == 0) return 0.0;
      if (len == 0.0) return 0.0;
      const Vec3 u = (d - c) * (1.0 / len);
      double tp = dot(foot - c, u);    // along the edge, in length units
      const double h = norm(foot - (c + u * tp));
      if (tp < 0.0) tp = 0.0;
      if (tp > len) tp = len;
      const double m = tp < len - tp ? tp : len - tp;
      return (1.0 - ramp(h, l_end)) * ramp(m, l_end);
    }
    return 0.0;
  }

  BODY_DEM_HOST_DEVICE inline bool vertex_in_edge(const PolyhedronShape &b, int e, int v)
  {
    return b.edges[e][0] == v || b.edges[e][1] == v;
  }

}    // namespace polyhedron_detail

// All contacts of bodies bi and bj with delta_n <= cutoff (see the comment
// at the top), written to out (cleared first); returns out.size. Order:
// vertex contacts of i's vertices (index order), of j's vertices, then
// crossings (by i's edge, then j's edge), less the merged and the
// zero-weight ones. out.overflow is set if the candidates did not fit.
// With a ledger, also records which candidates make up each contact
// (WeightLedger, for the work of the weights).
BODY_DEM_HOST_DEVICE
inline int find_polyhedron_contacts(const PolyhedronShape &bi, const PolyhedronShape &bj, double cutoff,
                                    const SmoothingParams &p, PolyhedronContactList &out,
                                    PolyhedronWeightLedger *ledger = nullptr)
{
  using namespace polyhedron_detail;
  out.clear();
  if (ledger) ledger->clear();
  const double r_sum = bi.rounded_radius + bj.rounded_radius;
  const double dmax = r_sum + cutoff;
  if (dmax < 0.0) return 0;

  // Two spheres: the one contact of their centres, with weight 1 (no
  // crossing, precedence or merging can apply), without the setup below.
  // The same numbers as the general rules give (a vertex of i against the
  // one vertex of j), which the geometry tests check. A weight that is
  // always 1 adds no energy: nothing goes to the ledger.
  if (bi.nvertices == 1 && bj.nvertices == 1) {
    Contact c;
    if (!sphere_pair_contact(bi.vertices[0], bi.rounded_radius, bj.vertices[0], bj.rounded_radius, cutoff, c))
      return 0;
    out.add(c);
    return 1;
  }

  CandidateInfo info[kMaxPolyhedronContacts];
  const auto add = [&](const Contact &c, const CandidateInfo &ci) {
    if (out.add(c)) info[out.size - 1] = ci;
  };

  // length scale of the pair, computed when first needed (not for pairs
  // without candidates)
  double L = p.length_scale, l_end = 0.0, l_merge = 0.0;
  bool have_scale = false;
  const auto need_scale = [&]() {
    if (have_scale) return;
    if (!(L > 0.0)) {
      const double m2i = bi.min_edge_length2 >= 0.0 ? bi.min_edge_length2 : min_edge_length2(bi);
      const double m2j = bj.min_edge_length2 >= 0.0 ? bj.min_edge_length2 : min_edge_length2(bj);
      const double m2 = m2i < m2j ? m2i : m2j;
      L = m2 < HUGE_VAL ? std::sqrt(m2) : r_sum;
    }
    l_end = p.end_length * L;
    l_merge = p.merge_length * L;
    have_scale = true;
  };

  // plane offsets of the faces, once per pair
  double offsets_i[kMaxPolyhedronScratchFaces], offsets_j[kMaxPolyhedronScratchFaces];
  const double *off_i = bi.face_offsets, *off_j = bj.face_offsets;
  if (!off_i && bi.nfaces <= kMaxPolyhedronScratchFaces) {
    for (int f = 0; f < bi.nfaces; ++f) offsets_i[f] = dot(bi.vertices[bi.faces[f][0]], bi.face_normals[f]);
    off_i = offsets_i;
  }
  if (!off_j && bj.nfaces <= kMaxPolyhedronScratchFaces) {
    for (int f = 0; f < bj.nfaces; ++f) offsets_j[f] = dot(bj.vertices[bj.faces[f][0]], bj.face_normals[f]);
    off_j = offsets_j;
  }

  // the face of each body that faces the other one most directly (by the
  // direction between the vertex centroids), tested first in the early exits
  int lead_i = -1, lead_j = -1;
  if ((bi.nfaces >= 4 || bj.nfaces >= 4) && bi.nvertices > 0 && bj.nvertices > 0) {
    const Vec3 dir = body_centroid(bj) - body_centroid(bi);
    double best_i = -HUGE_VAL, best_j = -HUGE_VAL;
    for (int f = 0; f < bi.nfaces; ++f) {
      const double c = dot(bi.face_normals[f], dir);
      if (c > best_i) best_i = c, lead_i = f;
    }
    for (int f = 0; f < bj.nfaces; ++f) {
      const double c = -dot(bj.face_normals[f], dir);
      if (c > best_j) best_j = c, lead_j = f;
    }
  }

  // Early exit for pairs that are apart: a face plane of a closed body with
  // all vertices of the other body beyond it by more than dmax separates
  // the bodies (a convex body lies behind each of its face planes), so
  // that no contact exists. Tried with the leading faces, which separate
  // most such pairs: the test the vertex loop below makes vertex by
  // vertex, without the setup of the rest.
  const auto separates = [dmax](const PolyhedronShape &b, const double *offsets, int f, const PolyhedronShape &o) {
    if (f < 0 || b.nfaces < 4) return false;
    const Vec3 &n = b.face_normals[f];
    const double off = face_offset(b, offsets, f);
    for (int v = 0; v < o.nvertices; ++v)
      if (!(dot(o.vertices[v], n) - off > dmax)) return false;
    return true;
  };
  if (separates(bi, off_i, lead_i, bj) || separates(bj, off_j, lead_j, bi)) return 0;

  // per-vertex early exit: the face of the other body whose plane separates the vertex
  int beyond_i[kMaxPolyhedronScratchVertices], beyond_j[kMaxPolyhedronScratchVertices];
  const bool keep_beyond_i = bi.nvertices <= kMaxPolyhedronScratchVertices;
  const bool keep_beyond_j = bj.nvertices <= kMaxPolyhedronScratchVertices;
  bool have_centroids = false;
  Vec3 centre_i, centre_j;
  const auto fallback_normal = [&]() {    // direction i -> j when nearest points coincide
    if (!have_centroids) {
      centre_i = body_centroid(bi);
      centre_j = body_centroid(bj);
      have_centroids = true;
    }
    const Vec3 n = normalized_or_zero(centre_j - centre_i);
    return norm2(n) > 0.0 ? n : Vec3{0.0, 0.0, 1.0};
  };

  // ---- 1. vertex contacts
  const bool test_i_vertices = bj.nvertices > 1 || bi.nvertices == 1;    // not against a sphere
  const bool test_j_vertices = bi.nvertices > 1 && bj.nvertices >= 1;
  for (int owner = 0; owner < 2; ++owner) {
    if ((owner == 0 && !test_i_vertices) || (owner == 1 && !test_j_vertices)) continue;
    const PolyhedronShape &mine = owner == 0 ? bi : bj;
    const PolyhedronShape &other = owner == 0 ? bj : bi;
    const double *other_offsets = owner == 0 ? off_j : off_i;
    const int other_lead = owner == 0 ? lead_j : lead_i;
    int *beyond = owner == 0 ? beyond_i : beyond_j;
    const bool keep = owner == 0 ? keep_beyond_i : keep_beyond_j;
    for (int v = 0; v < mine.nvertices; ++v) {
      int bf = -1;
      const FeatureNearest fn = nearest_feature(mine.vertices[v], other, other_offsets, dmax, other_lead, bf);
      if (keep) beyond[v] = bf;
      if (!fn.found) continue;
      Vec3 away = fn.away;    // from the other body's feature to the vertex
      if (norm2(away) == 0.0) away = owner == 0 ? -fallback_normal() : fallback_normal();
      Contact c;
      CandidateInfo ci;
      ci.depth = dmax - fn.distance;
      ci.strength = 0.0;
      ci.foot_t = fn.t;
      ci.owner = owner;
      if (owner == 0) {
        c.kind_i = FeatureKind::vertex;
        c.index_i = v;
        c.kind_j = fn.kind;
        c.index_j = fn.index;
        c.on_i = mine.vertices[v];
        c.on_j = fn.foot;
        c.normal = -away;
      } else {
        c.kind_i = fn.kind;
        c.index_i = fn.index;
        c.kind_j = FeatureKind::vertex;
        c.index_j = v;
        c.on_i = fn.foot;
        c.on_j = mine.vertices[v];
        c.normal = away;
      }
      c.delta_n = fn.distance - r_sum;
      c.weight = 1.0;
      c.ja_factor = 1.0;
      add(c, ci);
    }
  }
  const int n_vertex_contacts = out.size;

  // ---- 2. crossings of edges
  if (bi.nedges > 0 && bj.nedges > 0 && bi.nvertices > 1 && bj.nvertices > 1) {
    double sin_a0 = 0.0, cos_b0 = 0.0;    // computed with the first crossing in range
    // an edge is skipped if both its ends lie beyond one face plane of the other body
    const auto edge_beyond = [&](const PolyhedronShape &mine, const int *beyond, bool keep,
                                 const PolyhedronShape &other, const double *other_offsets, int e) {
      if (!keep) return false;
      const int a = mine.edges[e][0], b = mine.edges[e][1];
      const int fa = beyond[a], fb = beyond[b];
      if (fa < 0 && fb < 0) return false;
      if (fa >= 0 && fa == fb) return true;
      if (fa >= 0 && dot(mine.vertices[b], other.face_normals[fa]) - face_offset(other, other_offsets, fa) > dmax)
        return true;
      return fb >= 0 && dot(mine.vertices[a], other.face_normals[fb]) - face_offset(other, other_offsets, fb) > dmax;
    };
    const bool vi_tested = test_i_vertices && keep_beyond_i;
    const bool vj_tested = test_j_vertices && keep_beyond_j;
    // j's edges not beyond a face plane of body i, in index order, listed
    // once (each edge pair is then tested by segments_may_cross_within(),
    // as cheap as the bounding-sphere test it replaced and exact)
    int near_j[kMaxPolyhedronScratchEdges];
    int n_near_j = 0;
    const bool keep_near_j = bj.nedges <= kMaxPolyhedronScratchEdges;
    if (keep_near_j)
      for (int ej = 0; ej < bj.nedges; ++ej)
        if (!edge_beyond(bj, beyond_j, vj_tested, bi, off_i, ej)) near_j[n_near_j++] = ej;
    const int n_loop_j = keep_near_j ? n_near_j : bj.nedges;
    for (int ei = 0; ei < bi.nedges && n_loop_j > 0; ++ei) {
      if (edge_beyond(bi, beyond_i, vi_tested, bj, off_j, ei)) continue;
      const Vec3 &a = bi.vertices[bi.edges[ei][0]];
      const Vec3 &b = bi.vertices[bi.edges[ei][1]];
      const Vec3 u = b - a;
      const double uu = norm2(u);
      if (uu == 0.0) continue;
      bool faces_i_known = false;
      EdgeFaces fi;
      Vec3 oi;
      for (int q = 0; q < n_loop_j; ++q) {
        const int ej = keep_near_j ? near_j[q] : q;
        if (!keep_near_j && edge_beyond(bj, beyond_j, vj_tested, bi, off_i, ej)) continue;
        const Vec3 &c = bj.vertices[bj.edges[ej][0]];
        const Vec3 &d = bj.vertices[bj.edges[ej][1]];
        if (!segments_may_cross_within(a, b, c, d, dmax)) continue;    // most edge pairs: no division
        const LineLineResult ll = line_line_nearest(a, b, c, d);
        if (ll.parallel || !(ll.s > 0.0 && ll.s < 1.0 && ll.t > 0.0 && ll.t < 1.0)) continue;
        const Vec3 v = d - c;
        const Vec3 pi = a + u * ll.s, pj = c + v * ll.t;
        const Vec3 diff = pj - pi;
        const double dist2 = norm2(diff);
        if (dist2 > dmax * dmax) continue;    // out of range (or penetrated deeper than dmax)
        // orientation of the normal m = +-(u x v) / |u x v|
        if (!faces_i_known) {
          fi = edge_faces(bi, ei);
          oi = edge_outward(bi, fi);
          faces_i_known = true;
        }
        const EdgeFaces fj = edge_faces(bj, ej);
        const Vec3 oj = edge_outward(bj, fj);
        Vec3 m = normalized_or_zero(cross(u, v));
        double orient;
        if (norm2(oi) > 0.0 || norm2(oj) > 0.0)
          orient = dot(m, oi - oj);
        else
          orient = dist2 > 0.0 ? dot(m, diff) : dot(m, fallback_normal());
        if (orient < 0.0) m = -m;
        const double dist = dot(diff, m);
        if (dist > dmax) continue;
        if (dist < 0.0 && !(inside_closed_body(pi, bj) && inside_closed_body(pj, bi))) continue;
        // weights
        if (!have_scale) {
          need_scale();
          sin_a0 = std::sin(p.edge_angle);
          cos_b0 = std::cos(p.face_angle);
        }
        const double w_angle = std::fmin(1.0, std::sqrt(ll.sin2_angle) / sin_a0);
        const double len_u = std::sqrt(uu), len_v = norm(v);
        const double li = (ll.s < 0.5 ? ll.s : 1.0 - ll.s) * len_u;
        const double lj = (ll.t < 0.5 ? ll.t : 1.0 - ll.t) * len_v;
        const double w_end = ramp(li, l_end) * ramp(lj, l_end);
        const double w_cone = cone_factor(bi, fi, oi, m, p.cone_angle) * cone_factor(bj, fj, oj, -m, p.cone_angle);
        double w_corner = 1.0;
        for (int x = 0; x < fi.n; ++x)
          for (int y = 0; y < fj.n; ++y) {
            const Vec3 &nf = bi.face_normals[fi.face[x]];
            const Vec3 &ng = bj.face_normals[fj.face[y]];
            const double cb = -dot(nf, ng);
            if (cb <= cos_b0) continue;
            const double par = 1.0 - ramp(std::acos(clamp_unit(cb)), p.face_angle);
            // e_i counter-clockwise around F, e_j clockwise around G (both seen from F's outside)
            const double cphi = -fi.dir[x] * fj.dir[y] * dot(u, v) / (len_u * len_v);
            const double phi = std::acos(clamp_unit(cphi));
            const double g = std::fmin(1.0, phi / p.corner_angle);
            const double wc = 1.0 - par * (1.0 - g);
            if (wc < w_corner) w_corner = wc;
          }
        const double w = w_angle * w_end * w_cone * w_corner;
        if (!(w > 0.0)) continue;
        Contact ct;
        ct.kind_i = FeatureKind::edge;
        ct.index_i = ei;
        ct.kind_j = FeatureKind::edge;
        ct.index_j = ej;
        ct.on_i = pi;
        ct.on_j = pj;
        ct.normal = m;
        ct.delta_n = dist - r_sum;
        ct.weight = w;
        ct.ja_factor = w_end;
        CandidateInfo ci;
        ci.depth = dmax - dist;
        ci.strength = w;
        ci.foot_t = 0.0;
        ci.owner = -1;
        add(ct, ci);
      }
    }
  }
  const int n = out.size;
  if (n == 0) return 0;
  need_scale();

  // ---- 3. precedence of crossings over the vertex contacts at their edges' ends
  for (int k = 0; k < n_vertex_contacts; ++k) {
    Contact &vc = out[k];
    const CandidateInfo &vi = info[k];
    const bool of_i = vi.owner == 0;
    const PolyhedronShape &mine = of_i ? bi : bj;
    const PolyhedronShape &other = of_i ? bj : bi;
    const int v = of_i ? vc.index_i : vc.index_j;
    const FeatureKind kind = of_i ? vc.kind_j : vc.kind_i;
    const int index = of_i ? vc.index_j : vc.index_i;
    if (kind == FeatureKind::vertex) continue;
    for (int c = n_vertex_contacts; c < n; ++c) {
      const Contact &cc = out[c];
      const int e_mine = of_i ? cc.index_i : cc.index_j;
      const int e_other = of_i ? cc.index_j : cc.index_i;
      if (!vertex_in_edge(mine, e_mine, v)) continue;
      const double lambda = precedence_overlap(other, kind, index, of_i ? vc.on_j : vc.on_i, vi.foot_t, e_other, l_end);
      if (lambda <= 0.0) continue;
      const double alpha = info[c].depth >= vi.depth || vi.depth <= 0.0 ? 1.0 : info[c].depth / vi.depth;
      vc.weight *= 1.0 - info[c].strength * lambda * alpha;
    }
  }

  // ---- 4. merging of contacts at (nearly) the same point
  double share[kMaxPolyhedronContacts];
  for (int k = 0; k < n; ++k) share[k] = out[k].weight;
  if (l_merge > 0.0) {
    const double inv2 = 1.0 / (l_merge * l_merge);
    for (int k = 0; k < n; ++k) {
      if (out[k].weight <= 0.0) continue;
      for (int l = k + 1; l < n; ++l) {
        if (out[l].weight <= 0.0) continue;
        const double r2 = std::fmax(norm2(out[k].on_i - out[l].on_i), norm2(out[k].on_j - out[l].on_j));
        if (r2 >= l_merge * l_merge) continue;
        const double x = 1.0 - r2 * inv2;
        const double ak = info[k].depth, al = info[l].depth;
        const double amax = ak > al ? ak : al;
        const double ratio = amax > 0.0 ? (ak < al ? ak : al) / amax : 1.0;
        const double sigma = x * x * ratio;
        share[k] += sigma * out[l].weight;
        share[l] += sigma * out[k].weight;
      }
    }
  }
  for (int k = 0; k < n; ++k)
    if (share[k] > 1.0) out[k].weight /= share[k];

  // ---- 5. store coincident contacts once, drop weight 0, fill the contact points
  const double same2 = (1e-10 * L) * (1e-10 * L);
  int m = 0;
  for (int k = 0; k < n; ++k) {
    Contact c = out[k];
    if (!(c.weight > 0.0)) continue;
    int stored_as = m;
    for (int l = 0; l < m; ++l) {
      Contact &kept = out[l];
      if (norm2(kept.on_i - c.on_i) <= same2 && norm2(kept.on_j - c.on_j) <= same2) {
        const double wsum = kept.weight + c.weight;
        kept.ja_factor = (kept.ja_factor * kept.weight + c.ja_factor * c.weight) / wsum;
        kept.weight = wsum;
        stored_as = l;
        break;
      }
    }
    if (ledger) {
      const int owner = info[k].owner;
      const double key = owner < 0 ? crossing_contact_key(c.index_i, c.index_j)
                                   : vertex_contact_key(owner, owner == 0 ? c.index_i : c.index_j);
      ledger->add(key, c.weight, stored_as);
    }
    if (stored_as == m) out[m++] = c;
  }
  out.size = m;
  for (int k = 0; k < m; ++k) {
    Contact &c = out[k];
    if (c.weight > 1.0) c.weight = 1.0;    // round-off of the sums above
    c.point = contact_point(c.on_i, c.normal, bi.rounded_radius, c.delta_n);
  }
  return m;
}

// Size of the contact region of one pair, for j_a: an area (see the
// comment at the top). Each contact weighs w (cutoff - delta_n) >= 0, its
// share of the cohesive force, so that contacts entering the cutoff change
// the size continuously; pass the pair style's cutoff (0: weight by the
// overlap -delta_n, contacts in the cohesive range do not count).
BODY_DEM_HOST_DEVICE inline double contact_region_size(const PolyhedronContactList &contacts, double cutoff = 0.0)
{
  double wsum = 0.0;
  const Vec3 mean = cohesive_mean_point(contacts, cutoff, wsum);
  if (!(wsum > 0.0)) return 0.0;
  double xx = 0, yy = 0, zz = 0, xy = 0, yz = 0, zx = 0;
  for (const Contact &c : contacts) {
    const double w = c.weight * (cutoff - c.delta_n);
    if (w <= 0.0) continue;
    const Vec3 d = c.point - mean;
    xx += w * d.x * d.x;
    yy += w * d.y * d.y;
    zz += w * d.z * d.z;
    xy += w * d.x * d.y;
    yz += w * d.y * d.z;
    zx += w * d.z * d.x;
  }
  const double s = 1.0 / wsum;
  xx *= s, yy *= s, zz *= s, xy *= s, yz *= s, zx *= s;
  // second invariant of the covariance = product of its two eigenvalues for
  // points in a plane (the sum of its principal 2x2 minors)
  const double i2 = xx * yy + yy * zz + zz * xx - xy * xy - yz * yz - zx * zx;
  return i2 > 0.0 ? 4.0 * std::sqrt(i2) : 0.0;
}

}    // namespace body_dem

#endif
