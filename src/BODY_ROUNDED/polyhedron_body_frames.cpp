#include "polyhedron_body_frames.h"

#include "atom.h"
#include "atom_vec_body.h"
#include "body_orientation.h"
#include "body_rounded_polyhedron.h"
#include "body_shape_guard.h"

#include <algorithm>
#include <cstring>
#include <limits>

using namespace LAMMPS_NS;

namespace body_dem {

namespace {

  constexpr int kFaceSize = 4;    // the host's MAX_FACE_SIZE

  // Indices are stored as doubles by the host; they are small integers
  // (anything else, e.g. 1e30 in a data file, becomes an index far out of
  // range, which the shape check refuses, instead of an undefined cast).
  inline int as_index(double v)
  {
    if (!(v > -1e9 && v < 1e9)) return v > 0.0 ? std::numeric_limits<int>::max() : std::numeric_limits<int>::min();
    return static_cast<int>(v < 0.0 ? v - 0.5 : v + 0.5);
  }

  // The space-frame vertices of a body (its rotation, the body-frame
  // coordinates, the centre), into out; returns the centroid of the
  // vertices (the centre for none).
  Vec3 place_vertices(const double rot[3][3], const double *coords, int n, const Vec3 &center, Vec3 *out)
  {
    double disp[3];
    Vec3 sum;
    for (int k = 0; k < n; k++) {
      MathExtra::matvec(rot, &coords[3 * k], disp);
      out[k] = center + Vec3::from(disp);
      sum += Vec3::from(disp);
    }
    return n > 0 ? center + sum * (1.0 / n) : center;
  }

  // 64-bit hashes: one word mixed into h, and a body's data in the host
  // (its counts and doubles), which names a body shape in the topology
  // pool and in the shape check's memory. Two different shapes share a
  // hash with a probability of about 2^-64 per pair of shapes.
  inline std::uint64_t mix_word(std::uint64_t h, std::uint64_t w)
  {
    h ^= w + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdULL;
    return h ^ (h >> 33);
  }
  inline std::uint64_t double_bits(double v)
  {
    std::uint64_t w;
    std::memcpy(&w, &v, sizeof w);
    return w;
  }
  std::uint64_t body_data_hash(const AtomVecBody::Bonus &bonus)
  {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ (static_cast<std::uint64_t>(bonus.ninteger) << 32) ^
        static_cast<std::uint64_t>(bonus.ndouble);
    for (int k = 0; k < bonus.ninteger; k++)
      h = mix_word(h, static_cast<std::uint64_t>(static_cast<std::int64_t>(bonus.ivalue[k])));
    for (int k = 0; k < bonus.ndouble; k++) h = mix_word(h, double_bits(bonus.dvalue[k]));
    return h;
  }

}    // namespace

PolyhedronBodyFrames::Counts PolyhedronBodyFrames::counts(Atom *atom, AtomVecBody *avec, BodyRoundedPolyhedron *bptr,
                                                          int i)
{
  Counts c;
  const int b = atom->body[i];
  if (b < 0) return c;
  AtomVecBody::Bonus *bonus = &avec->bonus[b];
  c.nvertices = bptr->nsub(bonus);
  c.nedges = bptr->nedges(bonus);
  // spheres and rods: the host keeps no faces (faces() is null)
  c.nfaces = c.nvertices < 3 ? 0 : bptr->nfaces(bonus);
  return c;
}

std::string PolyhedronBodyFrames::shape_defect(Atom *atom, AtomVecBody *avec, BodyRoundedPolyhedron *bptr, int i,
                                               const char *rounding_required_by, ShapeCheckBuffers &buffers)
{
  if (atom->body[i] < 0) return "";
  AtomVecBody::Bonus *bonus = &avec->bonus[atom->body[i]];
  // A shape checked before (by this style: at an earlier run's init, or
  // another body of the same data) has its verdict remembered: what the
  // check reads is the body's data, its principal moments and the
  // rounding rule, all in the key. (The check is O(V^2 + V F): about 0.3
  // ms for a 200-vertex hull grain; the key a few microseconds.)
  std::uint64_t key = body_data_hash(*bonus);
  for (int k = 0; k < 3; k++) key = mix_word(key, double_bits(bonus->inertia[k]));
  if (rounding_required_by)
    for (const char *r = rounding_required_by; *r; r++) key = mix_word(key, static_cast<unsigned char>(*r));
  else
    key = mix_word(key, 0x100);
  const auto known = buffers.verdicts.find(key);
  if (known != buffers.verdicts.end()) return known->second;
  // (bounded: bodies of many distinct shapes, e.g. every grain its own
  // scan, gain nothing from the memory and must not fill it)
  if (buffers.verdicts.size() >= ShapeCheckBuffers::kMaxVerdicts) buffers.verdicts.clear();

  const Counts c = counts(atom, avec, bptr, i);
  // The host's body frame is the frame of the principal axes: the
  // vertices and the principal moments are given in the same frame.
  const double *coords = bptr->coords(bonus);
  buffers.vertices.resize(c.nvertices);
  for (int k = 0; k < c.nvertices; k++) buffers.vertices[k] = Vec3::from(&coords[3 * k]);
  const double *edges = bptr->edges(bonus);
  buffers.edges.resize(2 * c.nedges);
  for (int k = 0; k < 2 * c.nedges; k++) buffers.edges[k] = as_index(edges[k]);
  const double *faces = c.nfaces > 0 ? bptr->faces(bonus) : nullptr;
  buffers.faces.resize(kFaceSize * c.nfaces);
  for (int k = 0; k < kFaceSize * c.nfaces; k++) buffers.faces[k] = as_index(faces[k]);

  PolyhedronShapeInput in;
  in.vertices = buffers.vertices.data();
  in.nvertices = c.nvertices;
  in.edges = reinterpret_cast<const int(*)[2]>(buffers.edges.data());
  in.nedges = c.nedges;
  in.faces = reinterpret_cast<const int(*)[4]>(buffers.faces.data());
  in.nfaces = c.nfaces;
  // the host keeps the rounded radius; the data file gives the diameter
  in.rounded_diameter = 2.0 * bptr->rounded_radius(bonus);
  in.moments = bonus->inertia;
  in.rounding_required_by = rounding_required_by;
  in.zero_moment_note = kHostZeroMomentNote;
  return buffers.verdicts[key] = buffers.checker.polyhedron(in);
}

void PolyhedronBodyFrames::transform_vertices(Atom *atom, AtomVecBody *avec, BodyRoundedPolyhedron *bptr, int i,
                                              int nvertices, Vec3 *vertices, PolyhedronShape &shape,
                                              BodyMotion &motion)
{
  shape = PolyhedronShape{};    // no edges, faces, normals or per-body data
  shape.vertices = vertices;
  shape.nvertices = nvertices;
  double rot[3][3];
  AtomVecBody::Bonus *bonus = body_motion(atom, avec, i, motion, rot);
  if (!bonus) return;
  shape.rounded_radius = bptr->rounded_radius(bonus);
  place_vertices(rot, bptr->coords(bonus), nvertices, motion.center, vertices);
}

void PolyhedronBodyFrames::transform_one(Atom *atom, AtomVecBody *avec, BodyRoundedPolyhedron *bptr, int i,
                                         const Counts &c, const Storage &st, PolyhedronShape &shape,
                                         BodyMotion &motion, const Topology &topology)
{
  shape.vertices = st.vertices;
  shape.nvertices = c.nvertices;
  shape.edges = topology.edges;
  shape.nedges = c.nedges;
  shape.faces = topology.faces;
  shape.nfaces = c.nfaces;
  shape.face_normals = st.face_normals;
  shape.rounded_radius = 0.0;
  shape.face_offsets = nullptr;
  shape.vertex_centroid = nullptr;
  shape.min_edge_length2 = -1.0;
  shape.edge_face_table = topology.edge_face_table;
  shape.vertex_edge_first = topology.vertex_edge_first;
  shape.vertex_edges = topology.vertex_edges;
  shape.vertex_neighbors = topology.vertex_neighbors;
  shape.vertex_face_first = topology.vertex_face_first;
  shape.vertex_faces = topology.vertex_faces;
  shape.support_table = nullptr;
  shape.body_axes = nullptr;
  double rot[3][3];
  AtomVecBody::Bonus *bonus = body_motion(atom, avec, i, motion, rot);
  if (!bonus) return;
  // (from the pool: a call into the host per body and step saved)
  shape.rounded_radius = topology.rounded_radius >= 0.0 ? topology.rounded_radius : bptr->rounded_radius(bonus);
  const Vec3 centroid = place_vertices(rot, bptr->coords(bonus), c.nvertices, motion.center, st.vertices);
  if (topology.support_table && st.body_axes) {
    // the body frame's axes in the space frame: the columns of rot
    for (int k = 0; k < 3; k++) st.body_axes[k] = Vec3{rot[0][k], rot[1][k], rot[2][k]};
    shape.support_table = topology.support_table;
    shape.body_axes = st.body_axes;
  }

  if (topology.body_normals) {
    // many faces: their body-frame normals turned into the space frame
    double disp[3];
    for (int f = 0; f < c.nfaces; f++) {
      MathExtra::matvec(rot, &topology.body_normals[f].x, disp);
      st.face_normals[f] = Vec3::from(disp);
    }
  } else {
    // faces already turned outward (build_topology()): the normal of each
    // from its vertices (for a quadrilateral the cross product of its
    // diagonals)
    for (int f = 0; f < c.nfaces; f++) {
      const int *F = topology.faces[f];
      const Vec3 &v0 = st.vertices[F[0]], &v1 = st.vertices[F[1]], &v2 = st.vertices[F[2]];
      const Vec3 n = F[3] >= 0 ? cross(v2 - v0, st.vertices[F[3]] - v1) : cross(v1 - v0, v2 - v0);
      st.face_normals[f] = normalized_or_zero(n);
    }
  }

  // Per-body data of the contact geometry, computed as it would be per pair
  // (bodies of many faces: from their body-frame offsets, and the centroid
  // of placing the vertices, the same to round-off: no second pass over
  // the vertices, and no vertex fetched per face)
  const bool many_faces = topology.body_offsets != nullptr;
  if (st.face_offsets) {
    if (many_faces)
      for (int f = 0; f < c.nfaces; f++)
        st.face_offsets[f] = topology.body_offsets[f] + dot(motion.center, st.face_normals[f]);
    else
      for (int f = 0; f < c.nfaces; f++)
        st.face_offsets[f] = dot(st.vertices[shape.faces[f][0]], st.face_normals[f]);
    shape.face_offsets = st.face_offsets;
  }
  if (st.vertex_centroid) {
    *st.vertex_centroid = many_faces ? centroid : polyhedron_detail::centroid(shape);
    shape.vertex_centroid = st.vertex_centroid;
  }
  shape.min_edge_length2 =
      topology.body_normals ? topology.min_edge_length2 : polyhedron_detail::min_edge_length2(shape);
}

int PolyhedronBodyFrames::block_ints(const Counts &c)
{
  // edges, faces, then the table of EdgeFaces (8-byte aligned: the pool's
  // data is, and every block has an even number of ints)
  static_assert(sizeof(EdgeFaces) % (2 * sizeof(int)) == 0, "EdgeFaces is a whole number of 8-byte words");
  // (and for bodies of many faces the support table)
  const int ints = 2 * c.nedges + 4 * c.nfaces + static_cast<int>(sizeof(EdgeFaces) / sizeof(int)) * c.nedges +
      polyhedron_detail::vertex_adjacency_ints(c.nvertices, c.nedges, c.nfaces) +
      (c.nfaces > kRotatedNormalsAbove ? kSupportTableCells : 0);
  return ints + ints % 2;
}

PolyhedronBodyFrames::Topology PolyhedronBodyFrames::topology(int entry) const
{
  const Entry &e = entries_[entry];
  const int *block = ints_.data() + e.first;
  const int *adjacency = block + 2 * e.nedges + 4 * e.nfaces + static_cast<int>(sizeof(EdgeFaces) / sizeof(int)) * e.nedges;
  const int *vertex_edges = adjacency + e.nvertices + 1;
  const int *vertex_neighbors = vertex_edges + 2 * e.nedges;
  const int *vertex_face_first = vertex_neighbors + 2 * e.nedges;
  return {reinterpret_cast<const int(*)[2]>(block),
          reinterpret_cast<const int(*)[4]>(block + 2 * e.nedges),
          reinterpret_cast<const EdgeFaces *>(block + 2 * e.nedges + 4 * e.nfaces),
          adjacency,
          vertex_edges,
          vertex_neighbors,
          vertex_face_first,
          vertex_face_first + e.nvertices + 1,
          e.first_real >= 0 ? reinterpret_cast<const Vec3 *>(reals_of_shapes_.data() + e.first_real) : nullptr,
          e.first_real >= 0 ? reals_of_shapes_.data() + e.first_real + 3 * e.nfaces : nullptr,
          e.min_edge_length2,
          e.nfaces > kRotatedNormalsAbove ? adjacency + polyhedron_detail::vertex_adjacency_ints(e.nvertices, e.nedges, e.nfaces)
                                          : nullptr,
          e.rounded_radius};
}

int PolyhedronBodyFrames::build_topology(AtomVecBody *avec, BodyRoundedPolyhedron *bptr, int b, const Counts &c,
                                         std::uint64_t key)
{
  AtomVecBody::Bonus *bonus = &avec->bonus[b];
  const int first = static_cast<int>(ints_.size());
  ints_.resize(first + block_ints(c));
  int(*edges)[2] = reinterpret_cast<int(*)[2]>(ints_.data() + first);
  int(*faces)[4] = reinterpret_cast<int(*)[4]>(ints_.data() + first + 2 * c.nedges);
  EdgeFaces *table = reinterpret_cast<EdgeFaces *>(ints_.data() + first + 2 * c.nedges + 4 * c.nfaces);

  // the body frame: what the host stores (its principal axes)
  const double *coords = bptr->coords(bonus);
  build_vertices_.resize(c.nvertices);
  Vec3 centroid;
  for (int k = 0; k < c.nvertices; k++) {
    build_vertices_[k] = Vec3::from(&coords[3 * k]);
    centroid += build_vertices_[k];
  }
  if (c.nvertices > 0) centroid = centroid * (1.0 / c.nvertices);
  const double *host_edges = bptr->edges(bonus);
  for (int e = 0; e < c.nedges; e++) {
    edges[e][0] = as_index(host_edges[2 * e]);
    edges[e][1] = as_index(host_edges[2 * e + 1]);
  }
  // Faces turned outward: a face whose normal (for a quadrilateral the
  // cross product of its diagonals, for any numbering direction) points
  // towards the centroid of the vertices (inside a convex body) is
  // numbered clockwise from outside and is stored reversed. The faces of
  // an open body (a plate, whose centroid lies in its plane) keep their
  // numbering: they count from both sides. The test is on the body-frame
  // vertices; a rigid rotation does not change its sign (the shape check
  // makes sure that no face plane passes near the centroid).
  const double *host_faces = c.nfaces > 0 ? bptr->faces(bonus) : nullptr;
  const Vec3 *v = build_vertices_.data();
  build_normals_.resize(c.nfaces);
  for (int f = 0; f < c.nfaces; f++) {
    int *F = faces[f];
    for (int k = 0; k < kFaceSize; k++) F[k] = as_index(host_faces[kFaceSize * f + k]);
    Vec3 n = F[3] >= 0 ? cross(v[F[2]] - v[F[0]], v[F[3]] - v[F[1]]) : cross(v[F[1]] - v[F[0]], v[F[2]] - v[F[0]]);
    const Vec3 mid =
        F[3] >= 0 ? (v[F[0]] + v[F[1]] + v[F[2]] + v[F[3]]) * 0.25 : (v[F[0]] + v[F[1]] + v[F[2]]) * (1.0 / 3.0);
    if (c.nfaces >= 4 && dot(n, mid - centroid) < 0.0) {
      n = -n;
      if (F[3] >= 0)
        std::swap(F[1], F[3]);
      else
        std::swap(F[1], F[2]);
    }
    build_normals_[f] = normalized_or_zero(n);    // for the turns of the edges
  }

  PolyhedronShape shape{};
  shape.vertices = v;
  shape.nvertices = c.nvertices;
  shape.edges = edges;
  shape.nedges = c.nedges;
  shape.faces = faces;
  shape.nfaces = c.nfaces;
  shape.face_normals = build_normals_.data();
  build_scratch_.resize(polyhedron_detail::edge_face_table_scratch(c.nvertices, c.nedges));
  polyhedron_detail::build_edge_face_table(shape, table, build_scratch_.data());
  int *adjacency = reinterpret_cast<int *>(table + c.nedges);
  int *vertex_edges = adjacency + c.nvertices + 1;
  int *vertex_neighbors = vertex_edges + 2 * c.nedges;
  int *vertex_face_first = vertex_neighbors + 2 * c.nedges;
  polyhedron_detail::build_vertex_adjacency(shape, adjacency, vertex_edges, vertex_neighbors, vertex_face_first,
                                            vertex_face_first + c.nvertices + 1);

  int first_real = -1;
  if (c.nfaces > kRotatedNormalsAbove) {
    polyhedron_detail::build_support_table(
        v, c.nvertices, adjacency + polyhedron_detail::vertex_adjacency_ints(c.nvertices, c.nedges, c.nfaces));
    first_real = static_cast<int>(reals_of_shapes_.size());
    for (int f = 0; f < c.nfaces; f++) {
      reals_of_shapes_.push_back(build_normals_[f].x);
      reals_of_shapes_.push_back(build_normals_[f].y);
      reals_of_shapes_.push_back(build_normals_[f].z);
    }
    for (int f = 0; f < c.nfaces; f++) reals_of_shapes_.push_back(dot(v[faces[f][0]], build_normals_[f]));
  }
  entries_.push_back(Entry{key, c.nvertices, c.nedges, c.nfaces, first, first_real,
                           polyhedron_detail::min_edge_length2(shape), bptr->rounded_radius(bonus), lookups_});
  ++topology_builds_;
  return static_cast<int>(entries_.size()) - 1;
}

int PolyhedronBodyFrames::entry_of(Atom *atom, AtomVecBody *avec, BodyRoundedPolyhedron *bptr, int i,
                                   const Counts &c)
{
  const int b = atom->body[i];
  data_of_atom_[i] = b >= 0 ? avec->bonus[b].dvalue : nullptr;
  if (b < 0) return -1;
  const std::uint64_t key = body_data_hash(avec->bonus[b]);
  const auto found = entry_of_key_.find(key);
  if (found != entry_of_key_.end()) {
    Entry &e = entries_[found->second];
    if (e.nvertices == c.nvertices && e.nedges == c.nedges && e.nfaces == c.nfaces) {
      e.used = lookups_;
      return found->second;
    }
  }
  const int entry = build_topology(avec, bptr, b, c, key);
  entry_of_key_[key] = entry;
  return entry;
}

void PolyhedronBodyFrames::drop_unused_entries()
{
  // keep the entries of this lookup, in their order, and their blocks
  std::vector<int> new_index(entries_.size(), -1);
  std::vector<Entry> kept;
  std::vector<int> ints;
  std::vector<double> reals;
  for (size_t k = 0; k < entries_.size(); k++) {
    const Entry &e = entries_[k];
    if (e.used != lookups_) continue;
    const int size = block_ints(Counts{e.nvertices, e.nedges, e.nfaces});
    Entry moved = e;
    moved.first = static_cast<int>(ints.size());
    ints.insert(ints.end(), ints_.begin() + e.first, ints_.begin() + e.first + size);
    if (e.first_real >= 0) {
      moved.first_real = static_cast<int>(reals.size());
      reals.insert(reals.end(), reals_of_shapes_.begin() + e.first_real,
                   reals_of_shapes_.begin() + e.first_real + 4 * e.nfaces);
    }
    new_index[k] = static_cast<int>(kept.size());
    kept.push_back(moved);
  }
  entries_.swap(kept);
  ints_.swap(ints);
  reals_of_shapes_.swap(reals);
  entry_of_key_.clear();
  for (size_t k = 0; k < entries_.size(); k++) entry_of_key_[entries_[k].key] = static_cast<int>(k);
  for (int &e : entry_of_atom_)
    if (e >= 0) e = new_index[e];
}

void PolyhedronBodyFrames::refresh(Atom *atom, AtomVecBody *avec, BodyRoundedPolyhedron *bptr, int n)
{
  prepare(atom, avec, bptr, n);
  transform(atom, avec, bptr, 0, n);
}

void PolyhedronBodyFrames::prepare_on_demand(Atom *atom, AtomVecBody *avec, BodyRoundedPolyhedron *bptr, int n)
{
  prepare(atom, avec, bptr, n);
  transformed_.assign(n, 0);
}

void PolyhedronBodyFrames::transform_remaining(Atom *atom, AtomVecBody *avec, BodyRoundedPolyhedron *bptr)
{
  for (int i = 0; i < static_cast<int>(transformed_.size()); i++) transform_on_demand(atom, avec, bptr, i);
}

int PolyhedronBodyFrames::turned_this_step() const
{
  if (transformed_.empty()) return static_cast<int>(shapes_.size());
  int turned = 0;
  for (const unsigned char t : transformed_) turned += t;
  return turned;
}

void PolyhedronBodyFrames::prepare(Atom *atom, AtomVecBody *avec, BodyRoundedPolyhedron *bptr, int n)
{
  transformed_.clear();
  // Sizes only grow: after the first steps no allocation happens here
  // (but in the topology pool, when a body shape is new).
  first_.resize(n + 1);
  counts_.resize(n);
  entry_of_atom_.resize(n, -1);
  data_of_atom_.resize(n, nullptr);
  const long long builds = list_builds_ ? static_cast<long long>(*list_builds_) : -2;
  const bool look_up_all = !list_builds_ || builds != looked_up_at_builds_ || n != looked_up_atoms_;
  if (look_up_all) ++lookups_;
  int reals = 0;
  for (int i = 0; i < n; i++) {
    first_[i] = reals;
    const int b = atom->body[i];
    const bool look_up = look_up_all || data_of_atom_[i] != (b >= 0 ? avec->bonus[b].dvalue : nullptr);
    // the counts of a body whose entry stands from its entry (three calls
    // into the host per atom and step saved)
    const int known = look_up ? -1 : entry_of_atom_[i];
    const Counts c = counts_[i] = known >= 0 ? Counts{entries_[known].nvertices, entries_[known].nedges,
                                                      entries_[known].nfaces}
                                             : counts(atom, avec, bptr, i);
    reals += 3 * c.nvertices + 4 * c.nfaces + 3 + (c.nfaces > kRotatedNormalsAbove ? 9 : 0);
    if (look_up) entry_of_atom_[i] = entry_of(atom, avec, bptr, i, c);
  }
  first_[n] = reals;
  if (look_up_all) {
    looked_up_at_builds_ = builds;
    looked_up_atoms_ = n;
    int used = 0;
    for (const Entry &e : entries_) used += e.used == lookups_;
    if (static_cast<int>(entries_.size()) > 2 * used + 64) drop_unused_entries();
  }
  if (static_cast<int>(reals_.size()) < reals) reals_.resize(reals);
  shapes_.resize(n);
  motions_.resize(n);
}

void PolyhedronBodyFrames::transform(Atom *atom, AtomVecBody *avec, BodyRoundedPolyhedron *bptr, int from, int to)
{
  static_assert(sizeof(Vec3) == 3 * sizeof(double), "Vec3 is three packed doubles");
  for (int i = from; i < to; i++) {
    const Counts &c = counts_[i];
    double *reals = reals_.data() + first_[i];
    Storage st;
    st.vertices = reinterpret_cast<Vec3 *>(reals);
    st.face_normals = reinterpret_cast<Vec3 *>(reals + 3 * c.nvertices);
    st.face_offsets = reals + 3 * c.nvertices + 3 * c.nfaces;
    st.vertex_centroid = reinterpret_cast<Vec3 *>(reals + 3 * c.nvertices + 4 * c.nfaces);
    if (c.nfaces > kRotatedNormalsAbove) st.body_axes = reinterpret_cast<Vec3 *>(reals + 3 * c.nvertices + 4 * c.nfaces + 3);
    const int entry = entry_of_atom_[i];
    const Topology topo = entry >= 0 ? topology(entry) : Topology{};
    transform_one(atom, avec, bptr, i, c, st, shapes_[i], motions_[i], topo);
  }
}

double PolyhedronBodyFrames::memory_usage() const
{
  return reals_.capacity() * sizeof(double) + (ints_.capacity() + first_.capacity()) * sizeof(int) +
      counts_.capacity() * sizeof(Counts) + shapes_.capacity() * sizeof(PolyhedronShape) +
      motions_.capacity() * sizeof(BodyMotion) + entries_.capacity() * sizeof(Entry) +
      entry_of_key_.size() * (sizeof(std::uint64_t) + 2 * sizeof(int) + 2 * sizeof(void *)) +
      entry_of_atom_.capacity() * sizeof(int) + data_of_atom_.capacity() * sizeof(const double *) +
      transformed_.capacity() +
      reals_of_shapes_.capacity() * sizeof(double);
}

}    // namespace body_dem
