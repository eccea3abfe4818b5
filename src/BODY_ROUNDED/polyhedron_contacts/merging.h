// The contact search of 3d rounded polyhedra (polyhedron_contacts.h),
// stages 4 and 5: contacts at (nearly) the same point share their weight
// (rule C); contacts that coincide to round-off are stored once, those of
// weight 0 dropped, and each candidate that carries weight is named in the
// ledger with the contact it went into. Plain C++, header-only, no LAMMPS.
#ifndef BODY_DEM_POLYHEDRON_CONTACTS_MERGING_H
#define BODY_DEM_POLYHEDRON_CONTACTS_MERGING_H

#include "device_marks.h"
#include "polyhedron_contacts/candidates.h"

#include <cmath>

namespace body_dem {
namespace polyhedron_detail {

  // Stage 4: w_k <- w_k / max(1, w_k + sum_{l != k} sigma_kl w_l), sigma_kl =
  // (1 - (rho_kl / l_kl)^2)^2 min(a_k, a_l) / max(a_k, a_l) for rho_kl =
  // max(|on_i^k - on_i^l|, |on_j^k - on_j^l|) < l_kl, with the merge length
  // of the two contacts l_kl = max(l_merge, z sqrt(2 R delta_kl)):
  // delta_kl the smaller of their overlaps (0 in the cohesive range), R =
  // r_i r_j / (r_i + r_j) and z = SmoothingParams::merge_zone.
  //
  // Why the second term: two rounded surfaces that overlap by delta meet
  // in a circle of radius sqrt(2 R delta). Contacts whose circles overlap
  // (z = 2) press on the same piece of surface and are one contact;
  // l_merge, a tenth of the shortest edge, does not see that where the
  // features are dense (a 50-vertex hull grain of size 1: shortest edge
  // 0.04, l_merge 0.004, rounded radius 0.05: circles of radius 0.02 to
  // 0.04 at overlaps of 1 to 3 % of the size). The tip of one such grain
  // on the tip of another, turning under the load, counted as one contact
  // at the peak of a collision and as up to two while the grains
  // separated: the weights rose by up to 1 while the contact held energy,
  // work that moved the restitution by tens of percent (doc: the spread
  // over orientations). Where every l_kl of a pair is l_merge (overlaps below
  // l_merge^2 / (z^2 2 R)) the weights are those of l_merge alone, bit for
  // bit. l_kl^2 is linear in the overlaps and l_merge^2 where a contact
  // enters the overlap, so sigma_kl stays continuous.
  BODY_DEM_HOST_DEVICE inline void merge_nearby_candidates(PairSearch &s)
  {
    PolyhedronContactList &out = s.out;
    const int n = out.size;
    const double l_merge = s.l_merge;
    double share[kMaxPolyhedronContacts];
    for (int k = 0; k < n; ++k) share[k] = out[k].weight;
    if (l_merge > 0.0) {
      const double lm2 = l_merge * l_merge;
      // l_kl^2 = max(l_merge^2, zone_per_overlap * delta_kl)
      const double ri = s.bi.rounded_radius, rj = s.bj.rounded_radius;
      const double zone_per_overlap =
          ri > 0.0 && rj > 0.0 ? s.p.merge_zone * s.p.merge_zone * 2.0 * ri * rj / (ri + rj) : 0.0;
      // a candidate's depth below the cutoff less this is its overlap
      const double cutoff = s.dmax - s.r_sum;
      for (int k = 0; k < n; ++k) {
        if (out[k].weight <= 0.0) continue;
        for (int l = k + 1; l < n; ++l) {
          if (out[l].weight <= 0.0) continue;
          const double r2 = std::fmax(norm2(out[k].on_i - out[l].on_i), norm2(out[k].on_j - out[l].on_j));
          const double ak = s.info[k].depth, al = s.info[l].depth;
          const double zone2 = zone_per_overlap * ((ak < al ? ak : al) - cutoff);
          const double l2 = zone2 > lm2 ? zone2 : lm2;    // l_kl^2
          if (r2 >= l2) continue;
          const double x = 1.0 - r2 * (1.0 / l2);
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
  }

  // Stage 5: contacts that coincide to round-off (rho < 1e-10 L) are stored
  // once with the sum of their weights (and the weighted mean of their
  // ja_factor), contacts of weight 0 are dropped, the contact points are
  // filled in; with a ledger, each candidate of positive weight is recorded
  // under the key of its features. Returns the number of contacts.
  BODY_DEM_HOST_DEVICE inline int store_contacts(PairSearch &s, PolyhedronWeightLedger *ledger)
  {
    PolyhedronContactList &out = s.out;
    const int n = out.size;
    const double same2 = (1e-10 * s.L) * (1e-10 * s.L);
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
        const int owner = s.info[k].owner;
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
      c.point = contact_point(c.on_i, c.normal, s.bi.rounded_radius, c.delta_n);
    }
    return m;
  }

}    // namespace polyhedron_detail
}    // namespace body_dem

#endif
