/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: space-frame shapes and rigid-body motion of rounded
   polygons, computed once per step for the pair style and the wall
   (LAMMPS glue: reads atom_style body data).
------------------------------------------------------------------------- */

#ifndef BODY_DEM_POLYGON_BODY_FRAMES_H
#define BODY_DEM_POLYGON_BODY_FRAMES_H

#include "body_shape_check.h"
#include "linear_pair_forces.h"
#include "polygon_contacts.h"

#include <string>
#include <vector>

namespace LAMMPS_NS {
class Atom;
class AtomVecBody;
class BodyRoundedPolygon;
}    // namespace LAMMPS_NS

namespace body_dem {

class PolygonBodyFrames {
 public:
  // Refreshes atoms 0..n-1: vertices in the space frame, rounded radius,
  // centre, velocity and angular velocity (from angmom, quat and inertia).
  // Atoms that are not bodies get an empty shape (nvertices = 0).
  void refresh(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec, LAMMPS_NS::BodyRoundedPolygon *bptr,
               int n);
  // refresh() in two steps, for threads (the /omp styles): prepare() sizes
  // the arrays for atoms 0..n-1 (one thread), transform() fills atoms
  // from..to-1 (threads on disjoint ranges, which write disjoint memory).
  void prepare(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec, LAMMPS_NS::BodyRoundedPolygon *bptr,
               int n);
  void transform(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec, LAMMPS_NS::BodyRoundedPolygon *bptr,
                 int from, int to);

  // The same for one atom, into caller-provided storage for its vertices
  // (at least the atom's number of vertices); for the walls, which need
  // only the few bodies near them.
  static void transform_one(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec,
                            LAMMPS_NS::BodyRoundedPolygon *bptr, int i, Vec3 *vertices, PolygonShape &shape,
                            BodyMotion &motion);
  // Number of vertices of atom i (0 when it is not a body).
  static int vertex_count(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec,
                          LAMMPS_NS::BodyRoundedPolygon *bptr, int i);

  // Work arrays of the shape check, kept from one body to the next.
  struct ShapeCheckBuffers {
    std::vector<Vec3> vertices;
    BodyShapeChecker checker;
  };
  // The shape check (body_shape_check.h) of atom i: "" if it is a polygon
  // the contact geometry can work with (in the plane, convex, its vertices
  // in order), else what is wrong. Its vertices are taken relative to its
  // centre in the space frame, whose z axis is the normal of the plane.
  static std::string shape_defect(LAMMPS_NS::Atom *atom, LAMMPS_NS::AtomVecBody *avec,
                                  LAMMPS_NS::BodyRoundedPolygon *bptr, int i, ShapeCheckBuffers &buffers);

  const PolygonShape &shape(int i) const { return shapes_[i]; }
  const BodyMotion &motion(int i) const { return motions_[i]; }
  const PolygonShape *shapes() const { return shapes_.data(); }
  const BodyMotion *motions() const { return motions_.data(); }

  // For a copy of the frames in other memory (a device's, the Kokkos
  // variants): the block that the shapes point into, and shape i with its
  // pointer moved into a copy of it at vertices.
  const std::vector<Vec3> &vertex_storage() const { return vertices_; }
  PolygonShape rebased_shape(int i, const Vec3 *vertices) const
  {
    PolygonShape s = shapes_[i];
    if (s.vertices) s.vertices = vertices + (s.vertices - vertices_.data());
    return s;
  }
  double memory_usage() const;

 private:
  std::vector<Vec3> vertices_;
  std::vector<int> first_vertex_;
  std::vector<PolygonShape> shapes_;
  std::vector<BodyMotion> motions_;
};

}    // namespace body_dem

#endif
