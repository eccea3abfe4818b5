// Per-contact output (issue 27; DESIGN.md section 4, "Contact output"):
// what a per-pair function writes about the contacts at which it applies
// forces, when its caller hands it a recorder. On ordinary steps the
// recorder is nullptr and the per-pair functions compute nothing for it;
// on the steps a compute (body/contact/local, body/contact/atom) asks
// for, the loops of the serial, /omp and Kokkos variants hand each pair
// call room for kMaxContactRowsPerPair rows and collect them (layer 2:
// plain C++, no LAMMPS, no allocation, callable in device kernels).
//
// A row is one place where forces act on the pair of bodies i, j (or a
// body i and a wall j):
//  - each contact that receives forces (delta_n <= r_c) with weight > 0:
//    its normal force along the normal (elastic, cohesive or adhesive,
//    the j_a part, damping), with the weight applied, and its tangential
//    force (tangential damping; the friction where it acts per contact:
//    the contact's own spring, or, without history, the friction of the
//    deepest contact);
//  - FrictionMode::pair (one spring per pair): the pair's friction force,
//    a row of its own (ContactRowKind::pair_friction) at the point where
//    it acts, the force-weighted mean of the contacts;
//  - the tangential adhesion of the granular style (one per pair): a row
//    of its own (ContactRowKind::pair_adhesion) at its point.
// So the rows of a pair add up to the loads the pair applies (PairResult::
// total), forces and torques about any point, to round-off.
// A contact of weight 0 carries no force and gets no row (should such a
// contact ever carry the deepest contact's friction, it gets a row).
#ifndef BODY_DEM_CONTACT_RECORDER_H
#define BODY_DEM_CONTACT_RECORDER_H

#include "contact.h"
#include "device_marks.h"
#include "vec3.h"

namespace body_dem {

// What a row stands for: the features in contact (of body i, then of body
// j; a wall is a face), or one of the per-pair forces. The numbers are the
// `kind` column of compute body/contact/local (doc/compute_body_contact_local.rst).
enum class ContactRowKind : int {
  vertex_vertex = 1,
  vertex_edge = 2,    // a vertex of body i on an edge of body j (2d: the polygon's vertex-edge contact)
  edge_vertex = 3,
  vertex_face = 4,    // also a vertex of a body on a wall
  face_vertex = 5,
  edge_edge = 6,
  pair_friction = 7,    // the one friction force of the pair (friction pair)
  pair_adhesion = 8,    // the one tangential adhesion force of the pair (granular style)
  other = 9             // a pair of features none of the above names (not made by the package's finders)
};

BODY_DEM_HOST_DEVICE inline ContactRowKind contact_row_kind(FeatureKind of_i, FeatureKind of_j)
{
  if (of_i == FeatureKind::vertex) {
    if (of_j == FeatureKind::vertex) return ContactRowKind::vertex_vertex;
    return of_j == FeatureKind::edge ? ContactRowKind::vertex_edge : ContactRowKind::vertex_face;
  }
  if (of_j == FeatureKind::vertex) return of_i == FeatureKind::edge ? ContactRowKind::edge_vertex
                                                                    : ContactRowKind::face_vertex;
  if (of_i == FeatureKind::edge && of_j == FeatureKind::edge) return ContactRowKind::edge_edge;
  return ContactRowKind::other;
}

// One row. The per-pair functions fill the first part; the loop that
// called them the rest (which bodies or wall, their centres).
struct ContactRow {
  Vec3 point;      // where the row's forces act
  Vec3 normal;     // unit normal from body i to body j (into the wall)
  Vec3 force_n;    // force on body i along the normal
  Vec3 force_t;    // force on body i across the normal
  double delta_n = 0.0;    // surface separation (< 0: overlap); 0 for the per-pair rows
  double weight = 0.0;     // the contact's weight; 1 for the per-pair rows
  int kind = 0;            // ContactRowKind
  // filled by the loop:
  int i = -1, j = -1;              // atom indices of this step (j: the wall's side, 0 lo or 1 hi, for a wall)
  long long id_i = 0, id_j = 0;    // atom IDs (id_j = 0 for a wall)
  Vec3 branch;                     // x_i - x_j (the image of j that interacts); for a wall x_i - point
};

// Room for the rows of one call of a per-pair function.
struct ContactRecorder {
  ContactRow *rows = nullptr;
  int capacity = 0;
  int count = 0;
  int dropped = 0;    // rows that found no room (the loops end the run with an error)

  // A new row with no force yet; its index, or -1 without room.
  BODY_DEM_HOST_DEVICE int add(ContactRowKind kind, const Vec3 &point, const Vec3 &normal, double delta_n,
                               double weight)
  {
    if (count >= capacity) {
      ++dropped;
      return -1;
    }
    ContactRow &r = rows[count];
    r.point = point;
    r.normal = normal;
    r.force_n = Vec3{};
    r.force_t = Vec3{};
    r.delta_n = delta_n;
    r.weight = weight;
    r.kind = static_cast<int>(kind);
    return count++;
  }
  BODY_DEM_HOST_DEVICE int add_contact(const Contact &c)
  {
    return add(contact_row_kind(c.kind_i, c.kind_j), c.point, c.normal, c.delta_n, c.weight);
  }
  // A per-pair force (friction or tangential adhesion) of force_on_j on
  // body j at `point`, as a row of its own.
  BODY_DEM_HOST_DEVICE void add_pair_force(ContactRowKind kind, const Vec3 &point, const Vec3 &normal,
                                           const Vec3 &force_on_j)
  {
    const int k = add(kind, point, normal, 0.0, 1.0);
    if (k >= 0) rows[k].force_t = -force_on_j;
  }
};

}    // namespace body_dem

#endif
