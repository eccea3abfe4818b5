// The contact search of 3d rounded polyhedra (polyhedron_contacts.h): what
// the stages of one pair's search share. The candidates (vertex contacts,
// then crossings of edges) are gathered in the output list with what the
// later stages need about each (CandidateInfo); the pair's reach, its
// length scale and the fallback normal are computed here, the last two only
// when a stage first needs them. Plain C++, header-only, no LAMMPS, no
// allocation: one PairSearch lives on the stack of each pair.
#ifndef BODY_DEM_POLYHEDRON_CONTACTS_CANDIDATES_H
#define BODY_DEM_POLYHEDRON_CONTACTS_CANDIDATES_H

#include "device_marks.h"
#include "polyhedron_contacts/shape.h"

#include <cmath>

namespace body_dem {
namespace polyhedron_detail {

  // What the search keeps about each candidate contact besides the Contact
  // (plain data: the array of them is not initialised per pair).
  struct CandidateInfo {
    double depth;        // a = dmax - d >= 0, d the signed skeleton distance
    double strength;     // crossings: their weight w_c (precedence strength)
    double foot_t;       // vertex contacts with an edge: parameter of the nearest point
    int owner;           // vertex contacts: 0 = vertex of i, 1 = vertex of j; crossings: -1
  };

  // Holds references to the two shapes, the parameters and the list: they
  // must outlive it.
  struct PairSearch {
    const PolyhedronShape &bi, &bj;
    const SmoothingParams &p;
    PolyhedronContactList &out;    // the candidates, then (after merging) the contacts
    double r_sum;                  // r_i + r_j
    double dmax;                   // reach of the skeletons: r_i + r_j + cutoff

    // Plane offsets of the faces (given by the shapes, else computed once
    // per pair into the scratch arrays; nullptr for bodies with more faces
    // than those hold: computed where used).
    const double *off_i = nullptr, *off_j = nullptr;
    // The face of each body that faces the other one most directly, tested
    // first in the early exits (culling.h); -1: none.
    int lead_i = -1, lead_j = -1;
    // Per vertex: the face of the other body whose plane separates it by
    // more than dmax, or -1 (vertex_features.h), for the edges' early exit
    // (culling.h); kept only for bodies of at most
    // kMaxPolyhedronScratchVertices vertices.
    int beyond_i[kMaxPolyhedronScratchVertices], beyond_j[kMaxPolyhedronScratchVertices];
    bool keep_beyond_i = false, keep_beyond_j = false;

    CandidateInfo info[kMaxPolyhedronContacts];    // of out[k]
    int n_vertex_candidates = 0;                   // out[0 .. n_vertex_candidates - 1] are vertex contacts

    BODY_DEM_HOST_DEVICE PairSearch(const PolyhedronShape &i, const PolyhedronShape &j, const SmoothingParams &params,
                                    PolyhedronContactList &list, double cutoff)
        : bi(i), bj(j), p(params), out(list), r_sum(i.rounded_radius + j.rounded_radius),
          dmax(i.rounded_radius + j.rounded_radius + cutoff), L(params.length_scale)
    {
    }

    BODY_DEM_HOST_DEVICE void add(const Contact &c, const CandidateInfo &ci)
    {
      if (out.add(c)) info[out.size - 1] = ci;
    }

    // Plane offsets of both bodies' faces, once per pair.
    BODY_DEM_HOST_DEVICE void compute_face_offsets()
    {
      off_i = bi.face_offsets;
      off_j = bj.face_offsets;
      if (!off_i && bi.nfaces <= kMaxPolyhedronScratchFaces) {
        for (int f = 0; f < bi.nfaces; ++f) offsets_i_[f] = dot(bi.vertices[bi.faces[f][0]], bi.face_normals[f]);
        off_i = offsets_i_;
      }
      if (!off_j && bj.nfaces <= kMaxPolyhedronScratchFaces) {
        for (int f = 0; f < bj.nfaces; ++f) offsets_j_[f] = dot(bj.vertices[bj.faces[f][0]], bj.face_normals[f]);
        off_j = offsets_j_;
      }
    }

    // The pair's length scale L (SmoothingParams::length_scale, else the
    // shortest edge of the two bodies, or r_i + r_j without edges), and
    // l_end, l_merge; computed when first needed (not for pairs without
    // candidates).
    double L, l_end = 0.0, l_merge = 0.0;
    BODY_DEM_HOST_DEVICE void need_scale()
    {
      if (have_scale_) return;
      if (!(L > 0.0)) {
        const double m2i = bi.min_edge_length2 >= 0.0 ? bi.min_edge_length2 : min_edge_length2(bi);
        const double m2j = bj.min_edge_length2 >= 0.0 ? bj.min_edge_length2 : min_edge_length2(bj);
        const double m2 = m2i < m2j ? m2i : m2j;
        L = m2 < HUGE_VAL ? std::sqrt(m2) : r_sum;
      }
      l_end = p.end_length * L;
      l_merge = p.merge_length * L;
      have_scale_ = true;
    }

    // Direction i -> j (between the vertex centroids) where a contact's
    // nearest points coincide and give none.
    BODY_DEM_HOST_DEVICE Vec3 fallback_normal()
    {
      if (!have_centroids_) {
        centre_i_ = body_centroid(bi);
        centre_j_ = body_centroid(bj);
        have_centroids_ = true;
      }
      const Vec3 n = normalized_or_zero(centre_j_ - centre_i_);
      return norm2(n) > 0.0 ? n : Vec3{0.0, 0.0, 1.0};
    }

   private:
    double offsets_i_[kMaxPolyhedronScratchFaces], offsets_j_[kMaxPolyhedronScratchFaces];
    bool have_scale_ = false;
    bool have_centroids_ = false;
    Vec3 centre_i_, centre_j_;
  };

}    // namespace polyhedron_detail
}    // namespace body_dem

#endif
