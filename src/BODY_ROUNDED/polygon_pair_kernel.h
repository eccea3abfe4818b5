// Per-pair function of pair_style body/rounded/polygon: contacts of two
// rounded polygons (layer 1), the two farthest apart, j_a from their
// distance, and the linear law on them (layer 2). Serial and /omp styles
// and the wall call this one function.
#ifndef BODY_DEM_POLYGON_PAIR_KERNEL_H
#define BODY_DEM_POLYGON_PAIR_KERNEL_H

#include "linear_pair_forces.h"
#include "polygon_contacts.h"

namespace body_dem {

// j_a of the 2d model (the host's definition, kept): the contact length L
// (distance of the two contacts that receive forces) over twice delta_ua,
// at least 1. Two "effective contacts" span the length in 2d.
inline double polygon_ja(double contact_length, double delta_ua)
{
  const double j_a = contact_length / (2.0 * delta_ua);
  return j_a > 1.0 ? j_a : 1.0;
}

struct PolygonPairStatus {
  bool overflow = false;    // more candidate contacts than the fixed buffer holds
};

inline PairResult polygon_pair_forces(const PolygonShape &si, const BodyMotion &mi, const PolygonShape &sj,
                                      const BodyMotion &mj, const LinearContactCoeffs &c, double delta_ua,
                                      const PairStepSettings &settings, Vec3 *xi,
                                      PolygonPairStatus *status = nullptr)
{
  PolygonContactList contacts;
  find_polygon_contacts(si, sj, c.cutoff, contacts);
  if (status) status->overflow = contacts.overflow;
  const double length = keep_two_farthest_contacts(contacts);
  return linear_pair_forces(contacts.data(), contacts.size, polygon_ja(length, delta_ua), mi, mj, c,
                            settings, xi);
}

}    // namespace body_dem

#endif
