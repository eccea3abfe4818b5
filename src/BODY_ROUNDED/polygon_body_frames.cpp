#include "polygon_body_frames.h"

#include "atom.h"
#include "atom_vec_body.h"
#include "body_orientation.h"
#include "body_rounded_polygon.h"
#include "body_shape_guard.h"
#include "math_extra.h"

#include <algorithm>

using namespace LAMMPS_NS;

namespace body_dem {

int PolygonBodyFrames::vertex_count(Atom *atom, AtomVecBody *avec, BodyRoundedPolygon *bptr, int i)
{
  const int b = atom->body[i];
  return b >= 0 ? bptr->nsub(&avec->bonus[b]) : 0;
}

void PolygonBodyFrames::transform_one(Atom *atom, AtomVecBody *avec, BodyRoundedPolygon *bptr, int i,
                                      Vec3 *vertices, PolygonShape &shape, BodyMotion &motion)
{
  shape.vertices = vertices;
  shape.nvertices = vertex_count(atom, avec, bptr, i);
  shape.rounded_radius = 0.0;
  shape.skeleton_radius = -1.0;
  shape.orientation = PolygonShape::kOrientationNotGiven;
  shape.shortest_edge = -1.0;
  double rot[3][3], disp[3];
  AtomVecBody::Bonus *bonus = body_motion(atom, avec, i, motion, rot);
  if (!bonus) return;
  shape.rounded_radius = bptr->rounded_radius(bonus);
  // atom->radius encloses the rounded body: the skeleton lies within
  // radius - r of the centre.
  shape.center = motion.center;
  shape.skeleton_radius = std::max(0.0, atom->radius[i] - shape.rounded_radius);
  const double *coords = bptr->coords(bonus);
  for (int k = 0; k < shape.nvertices; k++) {
    MathExtra::matvec(rot, &coords[3 * k], disp);
    vertices[k] = motion.center + Vec3::from(disp);
    // In the plane exactly: the rotation of a 2d body leaves round-off
    // (1e-17) in z, which would give tiny out-of-plane forces and torques.
    vertices[k].z = motion.center.z;
  }
  // once per body and step, not in each of its neighbour pairs
  shape.orientation = polygon_orientation(vertices, shape.nvertices);
  shape.shortest_edge = polygon_shortest_edge(shape);
}

std::string PolygonBodyFrames::shape_defect(Atom *atom, AtomVecBody *avec, BodyRoundedPolygon *bptr, int i,
                                            ShapeCheckBuffers &buffers)
{
  if (atom->body[i] < 0) return "";
  AtomVecBody::Bonus *bonus = &avec->bonus[atom->body[i]];
  const int n = vertex_count(atom, avec, bptr, i);
  double rot[3][3], disp[3];
  body_rotation(bonus->quat, rot);
  const double *coords = bptr->coords(bonus);
  buffers.vertices.resize(n);
  for (int k = 0; k < n; k++) {
    MathExtra::matvec(rot, &coords[3 * k], disp);
    buffers.vertices[k] = Vec3::from(disp);
  }
  body_dem::PolygonShapeInput in;
  in.vertices = buffers.vertices.data();
  in.nvertices = n;
  in.rounded_diameter = 2.0 * bptr->rounded_radius(bonus);
  // The moment about the space z axis, from the principal moments: the
  // body's principal axis k has z component rot[2][k].
  const double *I = bonus->inertia;
  in.moment_normal = I[0] * rot[2][0] * rot[2][0] + I[1] * rot[2][1] * rot[2][1] + I[2] * rot[2][2] * rot[2][2];
  in.zero_moment_note = kHostZeroMomentNote;
  return buffers.checker.polygon(in);
}

void PolygonBodyFrames::refresh(Atom *atom, AtomVecBody *avec, BodyRoundedPolygon *bptr, int n)
{
  prepare(atom, avec, bptr, n);
  transform(atom, avec, bptr, 0, n);
}

void PolygonBodyFrames::prepare(Atom *atom, AtomVecBody *avec, BodyRoundedPolygon *bptr, int n)
{
  // Sizes only grow: after the first steps no allocation happens here.
  first_vertex_.resize(n + 1);
  int total = 0;
  for (int i = 0; i < n; i++) {
    first_vertex_[i] = total;
    total += vertex_count(atom, avec, bptr, i);
  }
  first_vertex_[n] = total;
  if (static_cast<int>(vertices_.size()) < total) vertices_.resize(total);
  shapes_.resize(n);
  motions_.resize(n);
}

void PolygonBodyFrames::transform(Atom *atom, AtomVecBody *avec, BodyRoundedPolygon *bptr, int from, int to)
{
  for (int i = from; i < to; i++)
    transform_one(atom, avec, bptr, i, vertices_.data() + first_vertex_[i], shapes_[i], motions_[i]);
}

double PolygonBodyFrames::memory_usage() const
{
  return vertices_.capacity() * sizeof(Vec3) + first_vertex_.capacity() * sizeof(int) +
      shapes_.capacity() * sizeof(PolygonShape) + motions_.capacity() * sizeof(BodyMotion);
}

}    // namespace body_dem
