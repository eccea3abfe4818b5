#include "polyhedron_body_frames.h"

#include "atom.h"
#include "atom_vec_body.h"
#include "body_orientation.h"
#include "body_rounded_polyhedron.h"
#include "body_shape_guard.h"

#include <algorithm>
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
  const Counts c = counts(atom, avec, bptr, i);
  AtomVecBody::Bonus *bonus = &avec->bonus[atom->body[i]];
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
  return buffers.checker.polyhedron(in);
}

void PolyhedronBodyFrames::transform_one(Atom *atom, AtomVecBody *avec, BodyRoundedPolyhedron *bptr, int i,
                                         const Counts &c, const Storage &st, PolyhedronShape &shape,
                                         BodyMotion &motion)
{
  shape.vertices = st.vertices;
  shape.nvertices = c.nvertices;
  shape.edges = st.edges;
  shape.nedges = c.nedges;
  shape.faces = st.faces;
  shape.nfaces = c.nfaces;
  shape.face_normals = st.face_normals;
  shape.rounded_radius = 0.0;
  shape.face_offsets = nullptr;
  shape.vertex_centroid = nullptr;
  shape.min_edge_length2 = -1.0;
  motion.center = Vec3::from(atom->x[i]);
  motion.velocity = Vec3::from(atom->v[i]);
  motion.omega = Vec3{};
  if (atom->body[i] < 0) return;

  AtomVecBody::Bonus *bonus = &avec->bonus[atom->body[i]];
  shape.rounded_radius = bptr->rounded_radius(bonus);
  double rot[3][3], disp[3];
  body_rotation(bonus->quat, rot);
  const double *coords = bptr->coords(bonus);
  Vec3 centroid;
  for (int k = 0; k < c.nvertices; k++) {
    MathExtra::matvec(rot, &coords[3 * k], disp);
    st.vertices[k] = motion.center + Vec3::from(disp);
    centroid += Vec3::from(disp);
  }
  if (c.nvertices > 0) centroid = motion.center + centroid * (1.0 / c.nvertices);

  const double *edges = bptr->edges(bonus);
  for (int e = 0; e < c.nedges; e++) {
    st.edges[e][0] = as_index(edges[2 * e]);
    st.edges[e][1] = as_index(edges[2 * e + 1]);
  }

  // Faces: outward unit normal from the vertices (for a quadrilateral the
  // cross product of its diagonals, twice its area along the normal for
  // any numbering direction); a face whose normal points towards the
  // centroid of the vertices (inside a convex body) is numbered clockwise
  // from outside and is stored reversed. The faces of an open body (a
  // plate, whose centroid lies in its plane) keep their numbering: they
  // count from both sides.
  const double *faces = c.nfaces > 0 ? bptr->faces(bonus) : nullptr;
  for (int f = 0; f < c.nfaces; f++) {
    int *F = st.faces[f];
    for (int k = 0; k < kFaceSize; k++) F[k] = as_index(faces[kFaceSize * f + k]);
    const Vec3 &v0 = st.vertices[F[0]], &v1 = st.vertices[F[1]], &v2 = st.vertices[F[2]];
    Vec3 n = F[3] >= 0 ? cross(v2 - v0, st.vertices[F[3]] - v1) : cross(v1 - v0, v2 - v0);
    n = normalized_or_zero(n);
    const Vec3 mid = F[3] >= 0 ? (v0 + v1 + v2 + st.vertices[F[3]]) * 0.25 : (v0 + v1 + v2) * (1.0 / 3.0);
    if (c.nfaces >= 4 && dot(n, mid - centroid) < 0.0) {
      n = -n;
      if (F[3] >= 0)
        std::swap(F[1], F[3]);    // 0 1 2 3 -> 0 3 2 1
      else
        std::swap(F[1], F[2]);    // 0 1 2 -> 0 2 1
    }
    st.face_normals[f] = n;
  }

  motion.omega = space_frame_omega(rot, atom->angmom[i], bonus->inertia);

  // Per-body data of the contact geometry, computed as it would be per pair.
  if (st.face_offsets) {
    for (int f = 0; f < c.nfaces; f++) st.face_offsets[f] = dot(st.vertices[st.faces[f][0]], st.face_normals[f]);
    shape.face_offsets = st.face_offsets;
  }
  if (st.vertex_centroid) {
    *st.vertex_centroid = polyhedron_detail::centroid(shape);
    shape.vertex_centroid = st.vertex_centroid;
  }
  shape.min_edge_length2 = polyhedron_detail::min_edge_length2(shape);
}

void PolyhedronBodyFrames::refresh(Atom *atom, AtomVecBody *avec, BodyRoundedPolyhedron *bptr, int n)
{
  prepare(atom, avec, bptr, n);
  transform(atom, avec, bptr, 0, n);
}

void PolyhedronBodyFrames::prepare(Atom *atom, AtomVecBody *avec, BodyRoundedPolyhedron *bptr, int n)
{
  // Sizes only grow: after the first steps no allocation happens here.
  first_.resize(2 * (n + 1));
  counts_.resize(n);
  int reals = 0, ints = 0;
  for (int i = 0; i < n; i++) {
    first_[2 * i] = reals;
    first_[2 * i + 1] = ints;
    const Counts c = counts_[i] = counts(atom, avec, bptr, i);
    reals += 3 * c.nvertices + 4 * c.nfaces + 3;
    ints += 2 * c.nedges + 4 * c.nfaces;
  }
  first_[2 * n] = reals;
  first_[2 * n + 1] = ints;
  if (static_cast<int>(reals_.size()) < reals) reals_.resize(reals);
  if (static_cast<int>(ints_.size()) < ints) ints_.resize(ints);
  shapes_.resize(n);
  motions_.resize(n);
}

void PolyhedronBodyFrames::transform(Atom *atom, AtomVecBody *avec, BodyRoundedPolyhedron *bptr, int from, int to)
{
  static_assert(sizeof(Vec3) == 3 * sizeof(double), "Vec3 is three packed doubles");
  for (int i = from; i < to; i++) {
    const Counts &c = counts_[i];
    double *reals = reals_.data() + first_[2 * i];
    int *ints = ints_.data() + first_[2 * i + 1];
    Storage st;
    st.vertices = reinterpret_cast<Vec3 *>(reals);
    st.face_normals = reinterpret_cast<Vec3 *>(reals + 3 * c.nvertices);
    st.face_offsets = reals + 3 * c.nvertices + 3 * c.nfaces;
    st.vertex_centroid = reinterpret_cast<Vec3 *>(reals + 3 * c.nvertices + 4 * c.nfaces);
    st.edges = reinterpret_cast<int(*)[2]>(ints);
    st.faces = reinterpret_cast<int(*)[4]>(ints + 2 * c.nedges);
    transform_one(atom, avec, bptr, i, c, st, shapes_[i], motions_[i]);
  }
}

double PolyhedronBodyFrames::memory_usage() const
{
  return reals_.capacity() * sizeof(double) + (ints_.capacity() + first_.capacity()) * sizeof(int) +
      counts_.capacity() * sizeof(Counts) +
      shapes_.capacity() * sizeof(PolyhedronShape) + motions_.capacity() * sizeof(BodyMotion);
}

}    // namespace body_dem
