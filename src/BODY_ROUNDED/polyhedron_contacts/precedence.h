// The contact search of 3d rounded polyhedra (polyhedron_contacts.h), stage
// 3: the precedence of crossings over the vertex contacts at their edges'
// ends (rule B). Plain C++, header-only, no LAMMPS.
#ifndef BODY_DEM_POLYHEDRON_CONTACTS_PRECEDENCE_H
#define BODY_DEM_POLYHEDRON_CONTACTS_PRECEDENCE_H

#include "device_marks.h"
#include "polyhedron_contacts/candidates.h"
#include "polyhedron_contacts/ramps.h"
#include "polyhedron_contacts/topology.h"

namespace body_dem {
namespace polyhedron_detail {

  // lambda_c of rule B: how much the contact of a vertex is the contact
  // that crossing edge e2 of the other body takes over, from the vertex's
  // nearest point foot on the other body (held by the feature kind,
  // index; t its parameter on an edge): (1 - S(h / l_end)) S(m / l_end),
  // h the distance of foot from the line of e2 and m that of its
  // projection onto e2 (clamped to it) from the nearer end. A function of
  // foot alone, whichever feature holds it: the nearest point moves
  // continuously from a face onto an edge or a vertex and on to the next
  // face, so lambda does too. (Asking which feature holds it, 0 unless a
  // face of e2 or e2 itself, jumped where the foot crossed from a face of
  // e2 onto a neighbouring face or edge within l_end of e2's line: where
  // that edge meets e2 at a small angle, as in thin triangles.) On e2
  // itself h = 0 and m follows from the foot's parameter.
  BODY_DEM_HOST_DEVICE
  inline double precedence_overlap(const PolyhedronShape &other, FeatureKind kind, int index, const Vec3 &foot,
                                   double t, int e2, double l_end)
  {
    const Vec3 &c = other.vertices[other.edges[e2][0]];
    const Vec3 &d = other.vertices[other.edges[e2][1]];
    const double len = norm(d - c);
    if (kind == FeatureKind::edge && index == e2) {
      const double m = (t < 0.5 ? t : 1.0 - t) * len;
      return ramp(m, l_end);
    }
    if (len == 0.0) return 0.0;
    const Vec3 u = (d - c) * (1.0 / len);
    double tp = dot(foot - c, u);    // along the edge, in length units
    const double h = norm(foot - (c + u * tp));
    if (tp < 0.0) tp = 0.0;
    if (tp > len) tp = len;
    const double m = tp < len - tp ? tp : len - tp;
    return (1.0 - ramp(h, l_end)) * ramp(m, l_end);
  }

  // Stage 3: every vertex candidate (out[0 .. n_vertex_candidates - 1])
  // that lies at an end of a crossing edge (out[n_vertex_candidates ..])
  // gives up the share w_c lambda_c alpha_c of its weight to it.
  BODY_DEM_HOST_DEVICE inline void apply_precedence(PairSearch &s)
  {
    PolyhedronContactList &out = s.out;
    const int n = out.size;
    const int n_vertex = s.n_vertex_candidates;
    for (int k = 0; k < n_vertex; ++k) {
      Contact &vc = out[k];
      const CandidateInfo &vi = s.info[k];
      const bool of_i = vi.owner == 0;
      const PolyhedronShape &mine = of_i ? s.bi : s.bj;
      const PolyhedronShape &other = of_i ? s.bj : s.bi;
      const int v = of_i ? vc.index_i : vc.index_j;
      const FeatureKind kind = of_i ? vc.kind_j : vc.kind_i;
      const int index = of_i ? vc.index_j : vc.index_i;
      for (int c = n_vertex; c < n; ++c) {
        const Contact &cc = out[c];
        const int e_mine = of_i ? cc.index_i : cc.index_j;
        const int e_other = of_i ? cc.index_j : cc.index_i;
        if (!vertex_in_edge(mine, e_mine, v)) continue;
        const double lambda =
            precedence_overlap(other, kind, index, of_i ? vc.on_j : vc.on_i, vi.foot_t, e_other, s.l_end);
        if (lambda <= 0.0) continue;
        const double alpha = s.info[c].depth >= vi.depth || vi.depth <= 0.0 ? 1.0 : s.info[c].depth / vi.depth;
        vc.weight *= 1.0 - s.info[c].strength * lambda * alpha;
      }
    }
  }

}    // namespace polyhedron_detail
}    // namespace body_dem

#endif
