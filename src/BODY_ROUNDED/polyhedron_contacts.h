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
//         w = w_angle * w_end * w_cone * w_corner * w_ridge,
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
//         w_ridge  = R(t_i) * R(t_j),  R(t) = S((t - t0) / (t1 - t0)),
//             t = the turn of an edge, the angle between the outward normals
//             of its two faces (pi for an edge with fewer than two faces).
//             An edge between nearly coplanar faces (a fine triangulation of
//             a smooth or flat surface: 56 of a 50-vertex hull grain's 135
//             edges turn by less than 10 degrees) is not a feature that a
//             neighbour touches any differently than the faces: with t <= t0
//             its two faces count as one flat face, and the edge makes no
//             crossings at all (fewer candidates, less work); it is a full
//             edge from t1 on (a cube's edges turn by 90 degrees, a
//             tetrahedron's by 109, an icosahedron's by 42: w_ridge = 1, their
//             weights are what they were, bit for bit). What an edge e of the
//             other body lying across such a ridge then feels: the planes of
//             the ridge's faces (vertex contacts of e's ends with them, and of
//             the ridge's ends with e's faces), below the ridge line by at
//             most (l_e / 2) sin(t / 2) over a length l_e of e, i.e. 2 % of l_e
//             at t0 = 5 degrees; between t0 and t1 the crossing takes part
//             with a weight that rises smoothly with t. The factor depends on
//             the shape alone and does not change as the bodies move, so it
//             keeps every force continuous (and adds no weight work); it is
//             computed once per body shape with the topology
//             (EdgeFaces::turn).
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
//     lambda_c = (1 - S(h / l_end)) * S(m / l_end), h the distance of v's
//         nearest point on the other body from the line of e' and m that
//         of its projection onto e' (clamped to e') from the nearer end,
//         whichever feature (a face, e' itself or another edge, a vertex)
//         holds that point. The precedence thus switches on continuously
//         while v's nearest point comes within l_end of e' and off before
//         it moves onto an end of e'; it depends on that point alone,
//         which moves continuously, and not on the feature that holds it
//         (a rule that counted only the faces of e' and e' itself jumped
//         where the point crossed onto a neighbouring face within l_end
//         of e', at an edge that meets e' at a small angle).
//     alpha_c = min(1, a_c / a_v), a = (r_i + r_j + cutoff) - d the depth
//         of a contact below the cutoff: a crossing entering the cutoff
//         takes over nothing yet.
//  C. Merging. Contacts at the same point count once: with rho_kl =
//     max(|on_i^k - on_i^l|, |on_j^k - on_j^l|) and
//         sigma_kl = (1 - (rho_kl / l_kl)^2)^2 * min(a_k, a_l) / max(a_k, a_l)
//     (0 for rho_kl >= l_kl; the ratio of depths makes a contact that
//     enters the cutoff share nothing yet),
//         w_k <- w_k / max(1, w_k + sum_{l != k} sigma_kl w_l),
//         l_kl = max(l_merge, z sqrt(2 R delta_kl)),
//     delta_kl the smaller overlap of the two (0 if either does not
//     overlap), R = r_i r_j / (r_i + r_j): with z = 2 the contacts whose
//     circles of intersection of the rounded surfaces (radius
//     sqrt(2 R delta)) overlap share their weight, as they press on the
//     same piece of surface, also where they lie farther apart than
//     l_merge (a tenth of the shortest edge, far smaller than these
//     circles on grains with short edges; merging.h says why).
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
// Edges inside a flat region: where a face with more than 4 vertices is
// split into coplanar triangles or quadrilaterals (as the LAMMPS body format
// asks for) and the splitting diagonals are listed as edges, these turn by
// 0 and make no crossings (w_ridge = 0). They need not be listed: the face
// tests do not need them.
//
// Contact region (for j_a): contact_region_size() returns an area, 4 sqrt(I2)
// with I2 the second invariant of the covariance of the contact points,
// each weighted by w (cutoff - delta_n) (its share of the cohesive force,
// zero at the cutoff): exactly the area of a rectangle whose four corners
// are the contacts, 0 for one or two contacts or contacts on a line, and
// continuous in the contacts' positions and weights.
//
// Cost. The exhaustive search (find_polyhedron_contacts_exhaustive, the
// reference): a pair whose bodies are separated by the face of either one
// that faces the other most directly costs O(n_i + n_j) dot products and
// ends there; otherwise O(n_i F_j + n_j F_i) for the vertices, with an
// early exit as soon as a face plane separates a vertex by more than the
// cutoff, and O(E_i E_j) division-free tests for the crossings
// (segments_may_cross_within), of which edges beyond a face plane of the
// other body are skipped: it grows like V F + E^2. The culled search
// (find_polyhedron_contacts, the default for closed bodies; see
// support_culling.h) looks only at the slab where the two bodies can be
// within reach of each other along the direction between their centroids:
// the top vertex by a climb along edges (from the vertex a table of the
// body shape gives for the direction), the slab and its edges by a walk
// from it (with the adjacency that the topology of each body shape holds),
// each slab vertex against the other body's faces and edges in its slab,
// each slab edge that is not flat against the other's within reach of its
// box. Its cost follows the number of features in the slab rather than the
// bodies' (measured in instructions per listed pair on settled beds: see
// README's Performance). Both give the same candidates in the same order,
// so the same numbers bit for bit (test_polyhedron_culled_search.cpp). Weights,
// precedence and merging are computed only for the candidates found. The
// data of each body alone (face plane offsets, centroid, shortest edge, and
// its topology) can be given precomputed (PolyhedronShape).
//
// Parameters (SmoothingParams, defaults in brackets): edge_angle a0 [10
// deg], face_angle b0 [10 deg], corner_angle f0 [90 deg], cone_angle g0 [15
// deg], ridge_flat_angle t0 [5 deg], ridge_angle t1 [10 deg], end_length
// [0.05] and merge_length [0.1] as fractions of L, length_scale L [0: the
// shortest edge of the two bodies, or r_i + r_j for two spheres],
// merge_zone z [2; 0: l_kl = l_merge]. A ramp of length 0 is a step (the
// plain rules).
//
// ============================================================================
// Where each part lives (one file per stage, in polyhedron_contacts/)
// ============================================================================
//   shape.h            PolyhedronShape, SmoothingParams, capacities, the
//                      keys of the candidates, data of one body alone
//   topology.h         faces of an edge, an edge's outward direction
//   ramps.h            the smooth step S and its ramps
//   candidates.h       PairSearch: what the stages of one pair share
//   culling.h          the exact early exits (face planes)
//   support_culling.h  the slab of the culled search (support function)
//   vertex_features.h  stage 1: vertex contacts (rule 1)
//   crossings.h        stage 2: crossings of edges (rule 2) and their
//                      weights (A)
//   precedence.h       stage 3: precedence of crossings (B)
//   merging.h          stages 4 and 5: merging (C), storing, the ledger
//   region.h           the size of the contact region (j_a)
// The nearest points of the primitives are point_segment_3d.h,
// point_triangle_3d.h and segment_segment_3d.h; two spheres take their
// contact from sphere_pair_contact.h.
#ifndef BODY_DEM_POLYHEDRON_CONTACTS_H
#define BODY_DEM_POLYHEDRON_CONTACTS_H

#include "contact.h"
#include "device_marks.h"
#include "polyhedron_contacts/candidates.h"
#include "polyhedron_contacts/crossings.h"
#include "polyhedron_contacts/culling.h"
#include "polyhedron_contacts/merging.h"
#include "polyhedron_contacts/precedence.h"
#include "polyhedron_contacts/region.h"
#include "polyhedron_contacts/shape.h"
#include "polyhedron_contacts/support_culling.h"
#include "polyhedron_contacts/vertex_features.h"
#include "sphere_pair_contact.h"

namespace body_dem {

namespace polyhedron_detail {

  // Two spheres: the one contact of their centres, with weight 1 (no
  // crossing, precedence or merging can apply), without the setup of the
  // search. The same numbers as the general rules give (a vertex of i
  // against the one vertex of j), which the geometry tests check. A weight
  // that is always 1 adds no energy: nothing goes to the ledger.
  BODY_DEM_HOST_DEVICE
  inline int sphere_pair_contacts(const PolyhedronShape &bi, const PolyhedronShape &bj, double cutoff,
                                  PolyhedronContactList &out)
  {
    Contact c;
    if (!sphere_pair_contact(bi.vertices[0], bi.rounded_radius, bj.vertices[0], bj.rounded_radius, cutoff, c))
      return 0;
    out.add(c);
    return 1;
  }

  // Stages 3 to 5, the same for both searches.
  BODY_DEM_HOST_DEVICE inline int weigh_candidates(PairSearch &s, PolyhedronWeightLedger *ledger)
  {
    if (s.out.size == 0) return 0;
    s.need_scale();
    apply_precedence(s);                 // 3. (precedence.h)
    merge_nearby_candidates(s);          // 4. (merging.h)
    return store_contacts(s, ledger);    // 5.
  }

}    // namespace polyhedron_detail

// All contacts of bodies bi and bj with delta_n <= cutoff (see the comment
// at the top), written to out (cleared first); returns out.size. Order:
// vertex contacts of i's vertices (index order), of j's vertices, then
// crossings (by i's edge, then j's edge), less the merged and the
// zero-weight ones. out.overflow is set if the candidates did not fit.
// With a ledger, also records which candidates make up each contact
// (WeightLedger, for the work of the weights).
//
// The exhaustive search: every vertex against the other body, every edge
// against every edge (with the exact early exits of culling.h). The
// reference of the culled search below, which gives the same contacts.
BODY_DEM_HOST_DEVICE
inline int find_polyhedron_contacts_exhaustive(const PolyhedronShape &bi, const PolyhedronShape &bj, double cutoff,
                                               const SmoothingParams &p, PolyhedronContactList &out,
                                               PolyhedronWeightLedger *ledger = nullptr)
{
  using namespace polyhedron_detail;
  out.clear();
  if (ledger) ledger->clear();
  if (bi.rounded_radius + bj.rounded_radius + cutoff < 0.0) return 0;
  if (bi.nvertices == 1 && bj.nvertices == 1) return sphere_pair_contacts(bi, bj, cutoff, out);

  PairSearch s(bi, bj, p, out, cutoff);
  s.compute_face_offsets();
  find_leading_faces(s);
  if (leading_faces_separate(s)) return 0;

  add_vertex_candidates(s);      // 1. (vertex_features.h)
  add_crossing_candidates(s);    // 2. (crossings.h)
  return weigh_candidates(s, ledger);
}

// The same contacts (the same candidates in the same order, so the same
// numbers bit for bit) by the culled search (support_culling.h): only the
// vertices and edges in the slab where the bodies can be within reach of
// each other are looked at, the nearest features of the vertices among the
// other body's faces and edges in its slab. Pairs that it does not take
// (spheres, rods, open bodies, bodies above its sizes, and small bodies,
// for which the exhaustive search is faster: see culled_search_applies();
// culled_from_vertices = 0 takes every pair it can) go to the exhaustive
// search.
BODY_DEM_HOST_DEVICE
inline int find_polyhedron_contacts(const PolyhedronShape &bi, const PolyhedronShape &bj, double cutoff,
                                    const SmoothingParams &p, PolyhedronContactList &out,
                                    PolyhedronWeightLedger *ledger = nullptr,
                                    int culled_from_vertices = kCulledSearchFromVertices)
{
  using namespace polyhedron_detail;
  if (!culled_search_applies(bi, bj, culled_from_vertices))
    return find_polyhedron_contacts_exhaustive(bi, bj, cutoff, p, out, ledger);
  out.clear();
  if (ledger) ledger->clear();
  if (bi.rounded_radius + bj.rounded_radius + cutoff < 0.0) return 0;

  PairSearch s(bi, bj, p, out, cutoff);
  s.compute_face_offsets();
  SupportSlab slab;
  if (!find_support_slab(s, slab)) return 0;

  add_slab_vertex_candidates(s, slab);                                                      // 1.
  add_crossing_candidates(s, slab.ridge_i, slab.nridge_i, slab.ridge_j, slab.nridge_j, slab.margin);    // 2.
  // More candidates than the list holds (an error for the caller): which
  // of them were kept depends on the order they were found in; the
  // exhaustive search keeps its own.
  if (out.overflow) return find_polyhedron_contacts_exhaustive(bi, bj, cutoff, p, out, ledger);
  sort_crossings(s);
  return weigh_candidates(s, ledger);
}

}    // namespace body_dem

#endif
