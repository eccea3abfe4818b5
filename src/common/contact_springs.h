// A small store of keyed friction springs in plain memory (layer 2; no
// LAMMPS, no allocation), for the per-contact friction (FrictionMode::
// contact, pair_contact_forces.h) of contacts that are not in a weight
// record: the (at most two) contacts of a pair of rounded polygons, kept
// in the pair's history, and the vertex contacts of a body with a wall,
// kept in the wall fix's per-atom arrays. (The contacts of two polyhedra
// keep their springs in the pair's weight record, weight_work.h.)
//
// Layout: the count, then per spring (key, xi_x, xi_y, xi_z);
// spring_slots_size(capacity) values. A zero-filled block is empty. The
// springs are stored as seen from the body with the lower atom ID
// (`swapped`: this pair's body i has the higher one), like the weight
// record: the key through the caller's swap, xi with its sign flipped; so
// the host may hand the block to the other body as it is.
//
// Keys name a contact by its features alone: a wall contact by the body's
// vertex, a polygon contact by the vertex of its owner (vertex_spring_key),
// so that a spring lives while its vertex touches, whatever it touches.
#ifndef BODY_DEM_CONTACT_SPRINGS_H
#define BODY_DEM_CONTACT_SPRINGS_H

#include "contact.h"
#include "device_marks.h"
#include "pair_contact_forces.h"
#include "vec3.h"

namespace body_dem {

BODY_DEM_HOST_DEVICE constexpr int spring_slots_size(int capacity)
{
  return 1 + 4 * capacity;
}

// The friction springs per body and wall that a wall fix keeps when the
// input does not say (its springs keyword): a quarter of the largest
// vertex count of its bodies, at least 8 and at most 64; max_vertices <= 0
// (no bodies yet): 8. A convex body touches a plane with the vertices of
// one face and those within the overlap; measured, vertices in overlap at
// once, for bodies of size 1 (rounded diameter 0.1): cubes 4, tetrahedra
// 3; hull grains of 20, 50, 100, 200 vertices turned at random at 3 %
// overlap up to 6, 9, 10, 16 (default 8, 13, 25, 50), and 9 for a grain of
// 50 landing on a wall in a pour of 192; a 100-vertex grain flattened to
// 0.15 on its flat side at 2 %: 11. The room is per body (1 + 4 N values
// per wall, for both walls of a fix, of every atom the host has room
// for), so it is not made larger than that.
BODY_DEM_HOST_DEVICE constexpr int default_wall_spring_slots(int max_vertices)
{
  return (max_vertices + 3) / 4 < 8 ? 8 : ((max_vertices + 3) / 4 > 64 ? 64 : (max_vertices + 3) / 4);
}

struct SpringSlotsRef {
  double *values = nullptr;
  int capacity = 0;
  bool swapped = false;
};

// Key of a vertex contact: vertex `vertex` of body i (owner 0) or j (1).
BODY_DEM_HOST_DEVICE inline double vertex_spring_key(int owner, int vertex)
{
  return 2.0 * vertex + owner;
}
// The same key with the bodies named the other way round.
BODY_DEM_HOST_DEVICE inline double swapped_vertex_spring_key(double key)
{
  const long long k = static_cast<long long>(key);
  return static_cast<double>(k ^ 1LL);
}

// The springs of the block in this step's view; returns their count.
BODY_DEM_HOST_CALLABLES_ALLOWED
template <class SwapKey>
BODY_DEM_HOST_DEVICE inline int load_spring_slots(const SpringSlotsRef &ref, SwapKey swap_key, double *keys, Vec3 *xi)
{
  int count = static_cast<int>(ref.values[0]);
  if (count > ref.capacity) count = ref.capacity;
  for (int m = 0; m < count; ++m) {
    const double *slot = ref.values + 1 + 4 * m;
    keys[m] = ref.swapped ? swap_key(slot[0]) : slot[0];
    const Vec3 stored = Vec3::from(slot + 1);
    xi[m] = ref.swapped ? -stored : stored;
  }
  return count;
}

// Writes this step's springs: candidate k's key and xi[k], those with a
// nonzero spring only (a candidate whose contact is not in overlap holds
// none). Returns how many springs there were: more than `capacity` do not
// fit, and the caller ends the run (slot_contact_forces(): the block then
// holds the first `capacity`, which no later step reads).
BODY_DEM_HOST_CALLABLES_ALLOWED
template <class SwapKey>
BODY_DEM_HOST_DEVICE
inline int store_spring_slots(const SpringSlotsRef &ref, SwapKey swap_key, const CandidateContact *candidates,
                              int count, const Vec3 *xi)
{
  int m = 0, springs = 0;
  for (int k = 0; k < count; ++k) {
    if (xi[k].x == 0.0 && xi[k].y == 0.0 && xi[k].z == 0.0) continue;
    ++springs;
    if (m == ref.capacity) continue;
    double *slot = ref.values + 1 + 4 * m;
    slot[0] = ref.swapped ? swap_key(candidates[k].key) : candidates[k].key;
    (ref.swapped ? -xi[k] : xi[k]).to(slot + 1);
    ++m;
  }
  for (int k = m; k < ref.capacity; ++k)
    for (int v = 0; v < 4; ++v) ref.values[1 + 4 * k + v] = 0.0;
  ref.values[0] = m;
  return springs;
}

// pair_contact_forces() with the per-contact springs of `slots`: one
// candidate per contact (weight: the contact's), keyed by key_of(contact)
// in this step's view, swap_key turning a key to the other view. Without
// slots (values == nullptr), plain pair_contact_forces(). More springs
// than the slots hold: r.unstored_springs says how many (the caller ends
// the run with an error; none is dropped silently). recorder: as there.
BODY_DEM_HOST_CALLABLES_ALLOWED
template <class Law, class KeyOf, class SwapKey>
BODY_DEM_HOST_DEVICE
inline PairResult slot_contact_forces(const Contact *contacts, int n, double j_a, const BodyMotion &bi,
                                      const BodyMotion &bj, const Law &law, const PairStepSettings &settings,
                                      Vec3 *xi, const SpringSlotsRef &slots, KeyOf key_of, SwapKey swap_key,
                                      ContactRecorder *recorder = nullptr)
{
  if (!slots.values)
    return pair_contact_forces(contacts, n, j_a, bi, bj, law, settings, xi, nullptr, nullptr, false, recorder);
  // (every contact list holds at most kMaxPairContacts, and slots at most
  // as many: the buffers below hold them all)
  if (n > kMaxPairContacts || slots.capacity > kMaxPairContacts) {
    PairResult none;
    none.unstored_springs = n;
    return none;
  }
  CandidateContact candidates[kMaxPairContacts];
  for (int k = 0; k < n; ++k) candidates[k] = CandidateContact{key_of(contacts[k]), contacts[k].weight, k};
  double old_keys[kMaxPairContacts];
  // Only the first n (old: old_count) entries are written and read.
  UninitializedVec3s<kMaxPairContacts> old_storage, new_storage;
  Vec3 *old_xi = old_storage.data(), *new_xi = new_storage.data();
  ContactSprings springs;
  springs.candidates = candidates;
  springs.count = n;
  springs.old_keys = old_keys;
  springs.old_xi = old_xi;
  springs.old_count = load_spring_slots(slots, swap_key, old_keys, old_xi);
  springs.new_xi = new_xi;
  PairResult r = pair_contact_forces(contacts, n, j_a, bi, bj, law, settings, xi, nullptr, &springs, false, recorder);
  const int stored = store_spring_slots(slots, swap_key, candidates, n, new_xi);
  if (stored > slots.capacity) r.unstored_springs = stored;
  return r;
}

}    // namespace body_dem

#endif
