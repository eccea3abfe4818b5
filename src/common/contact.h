// One contact between two rounded bodies, as found by the contact-geometry
// layer and consumed by the force-law layer. Plain value type (no LAMMPS).
//
// Conventions (shared by 2d and 3d):
//  - "skeleton" = the vertices, edges and faces of a body before rounding;
//    the rounded surface lies at the rounded radius r outside the skeleton.
//  - normal points from body i to body j: a repulsive normal force F_n > 0
//    acts on body j along +normal and on body i along -normal.
//  - on_j = on_i + distance * normal, where distance is the signed distance
//    between the two skeleton points (negative when a vertex has penetrated
//    the other body's skeleton).
//  - delta_n = distance - (r_i + r_j), the surface separation (negative in
//    overlap).
//  - point = the contact point halfway between the two rounded surfaces on
//    the normal: on_i + normal * (r_i + delta_n / 2).
#ifndef BODY_DEM_CONTACT_H
#define BODY_DEM_CONTACT_H

#include "device_marks.h"
#include "vec3.h"

namespace body_dem {

enum class FeatureKind : unsigned char { vertex = 0, edge = 1, face = 2 };

struct Contact {
  FeatureKind kind_i = FeatureKind::vertex;    // feature of body i in contact
  FeatureKind kind_j = FeatureKind::vertex;    // feature of body j in contact
  int index_i = -1;                            // its index in body i's vertex/edge/face list
  int index_j = -1;                            // its index in body j's list
  Vec3 on_i;                                   // nearest point on body i's skeleton feature
  Vec3 on_j;                                   // nearest point on body j's skeleton feature
  Vec3 normal;                                 // unit normal from body i to body j
  double delta_n = 0.0;                        // surface separation (< 0: overlap)
  double weight = 1.0;                         // w <= 1 (smooth appearance of contacts)
  double ja_factor = 1.0;                      // reduction of j_a near crossing-edge ends (3d)
  Vec3 point;                                  // contact point between the rounded surfaces
};

// Contact point halfway between the two rounded surfaces on the normal.
BODY_DEM_HOST_DEVICE inline Vec3 contact_point(const Vec3 &on_i, const Vec3 &normal, double r_i, double delta_n)
{
  return on_i + normal * (r_i + 0.5 * delta_n);
}

// Fixed-capacity list of contacts: no heap allocation per pair. add()
// reports overflow instead of growing, so the caller can raise an error;
// count() is then the number of contacts that were offered (size plus
// those that did not fit), for the message.
// The slots are left uninitialized until used: a list lives on the stack
// of every neighbour pair, and zeroing all slots (Contact has default
// member values) cost more than finding the contacts.
template <int Capacity> struct ContactList {
  static constexpr int capacity = Capacity;
  int size = 0;
  bool overflow = false;
  int missed = 0;    // contacts offered to a full list

  BODY_DEM_HOST_DEVICE void clear()
  {
    size = 0;
    overflow = false;
    missed = 0;
  }
  BODY_DEM_HOST_DEVICE bool add(const Contact &c)
  {
    if (size >= Capacity) {
      overflow = true;
      ++missed;
      return false;
    }
    slots_.items[size++] = c;
    return true;
  }
  BODY_DEM_HOST_DEVICE int count() const { return size + missed; }
  BODY_DEM_HOST_DEVICE Contact *data() { return slots_.items; }
  BODY_DEM_HOST_DEVICE const Contact *data() const { return slots_.items; }
  BODY_DEM_HOST_DEVICE Contact &operator[](int k) { return slots_.items[k]; }
  BODY_DEM_HOST_DEVICE const Contact &operator[](int k) const { return slots_.items[k]; }
  BODY_DEM_HOST_DEVICE const Contact *begin() const { return slots_.items; }
  BODY_DEM_HOST_DEVICE const Contact *end() const { return slots_.items + size; }

 private:
  union Slots {
    BODY_DEM_HOST_DEVICE Slots() {}    // leaves the items uninitialized
    Contact items[Capacity];
  } slots_;
};

// Which candidate contacts make up a pair's weighted contacts, for the
// work of the weights (weight_work.h). A contact's weight changes as the
// bodies move; to book the energy that this change adds, the next step
// must find the same contact again, even after it changed kind or merged
// with another one. So the contact finder records, for every candidate
// that carries weight, a key naming it by its features alone (which the
// configuration does not change: "vertex v of body j", "edge a of i
// crossing edge b of j"), its own weight, and the index of the output
// contact it was stored in (coincident candidates share one).
// Slots are uninitialized until used, as in ContactList.
// One candidate: the key of its features, its own weight, and the output
// contact it was stored in. Also what the per-contact friction springs are
// kept under (pair_contact_forces.h).
struct CandidateContact {
  double key;       // an integer below 2^53, exact in a double (stored in the pair history)
  double weight;    // the candidate's own weight
  int contact;      // index into the contact list
};

// add() reports overflow as ContactList does (the callers size a ledger
// like the contact list it describes, which holds at least as many
// candidates, so it overflows only with that list).
template <int Capacity> struct WeightLedger {
  static constexpr int capacity = Capacity;
  int size = 0;
  bool overflow = false;
  using Entry = CandidateContact;
  BODY_DEM_HOST_DEVICE void clear()
  {
    size = 0;
    overflow = false;
  }
  BODY_DEM_HOST_DEVICE bool add(double key, double weight, int contact)
  {
    if (size >= Capacity) {
      overflow = true;
      return false;
    }
    slots_.items[size++] = Entry{key, weight, contact};
    return true;
  }
  BODY_DEM_HOST_DEVICE const Entry &operator[](int k) const { return slots_.items[k]; }
  BODY_DEM_HOST_DEVICE const Entry *data() const { return slots_.items; }

 private:
  union Slots {
    BODY_DEM_HOST_DEVICE Slots() {}
    Entry items[Capacity];
  } slots_;
};

// The mean of the contact points of a list, each weighted by its share of
// the cohesive force w (cutoff - delta_n) (contacts with a share <= 0 do
// not count), and the sum of those shares in wsum (0: no contact counts;
// the mean is then the origin). The size of a contact region for j_a is
// measured about it, in 2d and in 3d.
template <class ContactListType>
BODY_DEM_HOST_DEVICE inline Vec3 cohesive_mean_point(const ContactListType &contacts, double cutoff, double &wsum)
{
  wsum = 0.0;
  Vec3 mean;
  for (const Contact &c : contacts) {
    const double w = c.weight * (cutoff - c.delta_n);
    if (w <= 0.0) continue;
    wsum += w;
    mean += c.point * w;
  }
  if (wsum > 0.0) mean *= 1.0 / wsum;
  return mean;
}

}    // namespace body_dem

#endif
