/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: space-frame shapes and rigid-body motion of rounded
   polyhedra, computed once per step for the pair style and the wall
   (LAMMPS glue: reads atom_style body data of body style
   rounded/polyhedron).

   What the host stores per body (BodyRoundedPolyhedron): nsub vertices
   (body frame), nedges pairs of vertex indices, nfaces faces of
   MAX_FACE_SIZE = 4 vertex indices, a triangle padded with -1, all as
   doubles. A body of one vertex is a sphere; one of two vertices a rod
   whose one edge (0, 1) the host adds itself (its face count is ignored).
   The faces of a data file may list their vertices in either direction;
   the contact geometry wants them counter-clockwise seen from outside
   (polyhedron_contacts.h), so each face whose normal points towards the
   body's centre is stored in reverse order, with the outward normal.

   Topology once per body shape: the shapes are rigid, so the indices of
   the edges and faces (as ints, faces turned outward), the faces of each
   edge with its turn (the contact search's edge_face_table) and the edges
   and faces at each vertex (its walks over the slab) are computed once per
   distinct body in its body frame, in a pool that the space-frame shapes
   point into. A pool entry is found by a 64-bit hash of the host's data
   of the body (its counts, vertices, edges, faces and radii); each atom's
   entry is looked up again whenever the neighbour lists were rebuilt (the
   only time atoms appear, vanish or move in the arrays) or its body's data
   moved in memory, and entries that no atom uses are dropped from time to
   time. Per step and body what remains is the rotation of the vertices
   and the face normals, plane offsets and centroid.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_POLYHEDRON_BODY_FRAMES_H
#define BODY_DEM_POLYHEDRON_BODY_FRAMES_H

#include "body_shape_check.h"
#include "linear_pair_forces.h"
#include "polyhedron_contacts.h"

#include <cstdint>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

namespace LAMMPS_NS {
class Atom;
class AtomVecBody;
class BodyRoundedPolyhedron;
}    // namespace LAMMPS_NS

namespace body_dem {

class PolyhedronBodyFrames {
 public:
  // Numbers of vertices, edges and faces of one body as the contact
  // geometry sees it (all 0 when the atom is not a body).
  struct Counts {
    int nvertices = 0, nedges = 0, nfaces = 0;
  };
  static Counts counts(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec, LAMMPS_NS::BodyRoundedPolyhedron *bptr,
                       int i);

  // Caller-provided storage for one body, at least as large as its counts.
  struct Storage {
    Vec3 *vertices;
    Vec3 *face_normals;
    // optional (nullptr: not computed): the plane offsets of the faces and
    // the centroid of the vertices, for PolyhedronShape's per-body data
    double *face_offsets = nullptr;
    Vec3 *vertex_centroid = nullptr;
    // optional: the space-frame directions of the body axes (3), for the
    // support table of a body that has one (Topology::support_table)
    Vec3 *body_axes = nullptr;
  };

  // The topology of one body shape, in the pool: edges (2 ints each),
  // faces turned outward (4 ints each), the faces and turn of each edge
  // (EdgeFaces), and the edges and faces at each vertex, at ints[first ..].
  struct Topology {
    const int (*edges)[2];
    const int (*faces)[4];
    const EdgeFaces *edge_face_table;
    const int *vertex_edge_first, *vertex_edges, *vertex_neighbors, *vertex_face_first, *vertex_faces;
    // bodies of more than kRotatedNormalsAbove faces: the outward unit
    // normals of the faces in the body frame, to be turned into the space
    // frame each step, the plane offsets of the faces in the body frame
    // (about the centre; the space-frame offset adds the centre's part)
    // and the squared length of the shortest edge
    const Vec3 *body_normals;
    const double *body_offsets;
    double min_edge_length2;
    // ... and the support table, where the culled search's climbs start
    // (kSupportTableCells ints, support_culling.h)
    const int *support_table;
    // the rounded radius (part of the body's data; < 0: not known, asked
    // of the host)
    double rounded_radius = -1.0;
  };
  // Up to this many faces (cubes, tetrahedra: as many as the shapes had
  // before) the normals are computed from the space-frame vertices each
  // step, bit for bit as they always were; bodies of more faces turn their
  // body-frame normals instead (a third of the operations per face, and no
  // square root: the same normals to round-off).
  static constexpr int kRotatedNormalsAbove = 8;

  // Space-frame shape and motion of atom i: vertices, edges, faces
  // (counter-clockwise from outside), outward unit face normals, rounded
  // radius, centre, velocity and angular velocity (from angmom, quat and
  // the principal moments). An atom that is not a body gets an empty shape.
  // c: its counts (counts()), which the caller has at hand. topology: the
  // body's, from the pool (the shape points into it: its edges and faces
  // are not read from the host each step).
  static void transform_one(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec,
                            LAMMPS_NS::BodyRoundedPolyhedron *bptr, int i, const Counts &c, const Storage &storage,
                            PolyhedronShape &shape, BodyMotion &motion, const Topology &topology);

  // The vertices alone (into `vertices`, room for nvertices), the
  // rounded radius and the motion of atom i, the same numbers as
  // transform_one() gives: the shape has no edges, faces or normals. For
  // the walls, whose contacts are those of the vertices (wall_contacts.h):
  // the rest of a shape, for a body of many faces, cost them several
  // times its vertices.
  static void transform_vertices(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec,
                                 LAMMPS_NS::BodyRoundedPolyhedron *bptr, int i, int nvertices, Vec3 *vertices,
                                 PolyhedronShape &shape, BodyMotion &motion);

  // Work arrays of the shape check, kept from one body to the next, and
  // the verdicts on the shapes checked so far (by a hash of what the check
  // reads; at most kMaxVerdicts, then forgotten).
  struct ShapeCheckBuffers {
    std::vector<Vec3> vertices;
    std::vector<int> edges, faces;    // 2 and 4 per edge and face
    BodyShapeChecker checker;
    std::unordered_map<std::uint64_t, std::string> verdicts;
    static constexpr std::size_t kMaxVerdicts = 4096;
  };
  // The shape check (body_shape_check.h) of atom i, in its body frame (no
  // transformation): "" if its shape is one the contact geometry can work
  // with, else what is wrong. rounding_required_by: non-null when its
  // style needs a rounded diameter > 0 (the reason). The styles check
  // their bodies at init and bodies added during a run (body_shape_guard.h).
  static std::string shape_defect(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec,
                                  LAMMPS_NS::BodyRoundedPolyhedron *bptr, int i, const char *rounding_required_by,
                                  ShapeCheckBuffers &buffers);

  // The host's count of neighbour-list builds (Neighbor::ncalls), which
  // tells prepare() when atoms may have been added, removed or reordered;
  // without it (nullptr) each step looks every atom's topology up again.
  void watch_list_builds(const std::int64_t *builds) { list_builds_ = builds; }

  // Refreshes atoms 0..n-1 (local and ghost) into the arrays of this object.
  void refresh(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec, LAMMPS_NS::BodyRoundedPolyhedron *bptr, int n);
  // refresh() in two steps, for threads (the /omp styles): prepare() sizes
  // the arrays for atoms 0..n-1 (one thread), transform() fills atoms
  // from..to-1 (threads on disjoint ranges, which write disjoint memory).
  void prepare(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec, LAMMPS_NS::BodyRoundedPolyhedron *bptr, int n);
  void transform(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec, LAMMPS_NS::BodyRoundedPolyhedron *bptr,
                 int from, int to);
  // refresh() on demand, for the serial pair loops: prepare_on_demand()
  // sizes the arrays as prepare() does, and each atom is turned into the
  // space frame when the first pair that needs it asks (transform_on_demand()).
  // The loop then reads a body's block just after writing it, while it is
  // in the cache, rather than after the step's blocks of all bodies went
  // through the cache (288 hull grains of 200 vertices: 5 MB), and bodies
  // without a pair in reach are not turned at all. The numbers are those of
  // refresh() bit for bit (the same transform_one() of the same data).
  // transform_remaining() turns the atoms that no pair asked for, before
  // something reads every shape (an error message's search of the list).
  // prepare() alone (the threaded loops) ends the on-demand mode.
  void prepare_on_demand(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec,
                         LAMMPS_NS::BodyRoundedPolyhedron *bptr, int n);
  void transform_on_demand(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec,
                           LAMMPS_NS::BodyRoundedPolyhedron *bptr, int i)
  {
    if (transformed_.empty() || transformed_[i]) return;    // (empty: refresh() or prepare() turns them all)
    transform(atom, avec, bptr, i, i + 1);
    transformed_[i] = 1;
  }
  void transform_remaining(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec,
                           LAMMPS_NS::BodyRoundedPolyhedron *bptr);
  // Atoms turned into the space frame at this step so far (all atoms of
  // the step where transform() turned them all; for the tests).
  int turned_this_step() const;

  const PolyhedronShape &shape(int i) const { return shapes_[i]; }
  const BodyMotion &motion(int i) const { return motions_[i]; }
  const PolyhedronShape *shapes() const { return shapes_.data(); }
  const BodyMotion *motions() const { return motions_.data(); }

  // Distinct body shapes in the topology pool, and how often a topology
  // was computed so far (for the tests: once per body shape).
  int topology_entries() const { return static_cast<int>(entries_.size()); }
  long long topology_builds() const { return topology_builds_; }
  long long *topology_builds_counter() { return &topology_builds_; }

  // For a copy of the frames in other memory (a device's, the Kokkos
  // variants): the two blocks that the shapes point into (the per-atom
  // reals, the topology pool's ints), and shape i with its pointers moved
  // into copies of them at reals and ints.
  const std::vector<double> &real_storage() const { return reals_; }
  const std::vector<int> &int_storage() const { return ints_; }
  PolyhedronShape rebased_shape(int i, const double *reals, const int *ints) const
  {
    PolyhedronShape s = shapes_[i];
    const auto move_real = [&](const auto *p) {
      using T = std::remove_pointer_t<decltype(p)>;
      return p ? reinterpret_cast<T *>(reals + (reinterpret_cast<const double *>(p) - reals_.data())) : p;
    };
    const auto move_int = [&](const auto *p) {
      using T = std::remove_pointer_t<decltype(p)>;
      return p ? reinterpret_cast<T *>(ints + (reinterpret_cast<const int *>(p) - ints_.data())) : p;
    };
    s.vertices = move_real(s.vertices);
    s.face_normals = move_real(s.face_normals);
    s.face_offsets = move_real(s.face_offsets);
    s.vertex_centroid = move_real(s.vertex_centroid);
    s.edges = move_int(s.edges);
    s.faces = move_int(s.faces);
    s.edge_face_table = move_int(s.edge_face_table);
    s.vertex_edge_first = move_int(s.vertex_edge_first);
    s.vertex_edges = move_int(s.vertex_edges);
    s.vertex_neighbors = move_int(s.vertex_neighbors);
    s.vertex_face_first = move_int(s.vertex_face_first);
    s.vertex_faces = move_int(s.vertex_faces);
    s.support_table = move_int(s.support_table);
    s.body_axes = move_real(s.body_axes);
    return s;
  }
  double memory_usage() const;

 private:
  // Per body one contiguous block of doubles: vertices (3 per vertex),
  // face normals (3 per face), face plane offsets (1 per face), the
  // centroid (3) and, for bodies of more than kRotatedNormalsAbove faces,
  // the body axes (9). A pair loop reads its neighbour j's data in two streams
  // of cache lines (these, and its shape's topology) rather than from
  // many separate arrays.
  std::vector<double> reals_;
  std::vector<int> first_;    // per atom: start of its block in reals_
  std::vector<Counts> counts_;    // per atom, from prepare() (each count is a call into the host)
  std::vector<PolyhedronShape> shapes_;
  std::vector<BodyMotion> motions_;
  // per atom, in the on-demand mode: whether it was turned this step
  // (empty otherwise: every atom is, by transform())
  std::vector<unsigned char> transformed_;

  // The topology pool (see the top of the file): per distinct body shape
  // an entry and its block of ints_.
  struct Entry {
    std::uint64_t key;    // hash of the host's data of the body
    int nvertices, nedges, nfaces;
    int first;            // start of its block in ints_
    int first_real;       // start of its body-frame normals, then offsets, in reals_of_shapes_ (-1: none)
    double min_edge_length2;
    double rounded_radius;
    long long used;       // the last lookup that found it
  };
  std::vector<int> ints_;
  std::vector<double> reals_of_shapes_;
  std::vector<Entry> entries_;
  std::unordered_map<std::uint64_t, int> entry_of_key_;
  std::vector<int> entry_of_atom_;                 // per atom (-1: not a body)
  std::vector<const double *> data_of_atom_;       // per atom: where its body's data was at the lookup
  std::vector<Vec3> build_vertices_, build_normals_;    // scratch of build_topology()
  std::vector<int> build_scratch_;
  const std::int64_t *list_builds_ = nullptr;
  long long looked_up_at_builds_ = -1;
  long long lookups_ = 0, topology_builds_ = 0;
  int looked_up_atoms_ = -1;
  int entry_of(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec, LAMMPS_NS::BodyRoundedPolyhedron *bptr, int i,
               const Counts &c);
  int build_topology(LAMMPS_NS::AtomVecBody *avec, LAMMPS_NS::BodyRoundedPolyhedron *bptr, int b, const Counts &c,
                     std::uint64_t key);
  void drop_unused_entries();
  Topology topology(int entry) const;
  static int block_ints(const Counts &c);    // ints of an entry's block
};

}    // namespace body_dem

#endif
