/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: the space-frame vertices of one rounded polyhedron at
   a time, for the walls, which need only the few bodies near them and of
   those only the vertices (LAMMPS glue around
   PolyhedronBodyFrames::transform_vertices).
------------------------------------------------------------------------- */

#ifndef BODY_DEM_POLYHEDRON_WALL_FRAMES_H
#define BODY_DEM_POLYHEDRON_WALL_FRAMES_H

#include "polyhedron_body_frames.h"

#include <vector>

namespace LAMMPS_NS {
class Atom;
class AtomVecBody;
class BodyRoundedPolyhedron;
}    // namespace LAMMPS_NS

namespace body_dem {

class PolyhedronWallFrames {
 public:
  // Finds the body style object; false when the atom style is not body
  // with body style rounded/polyhedron.
  bool init(LAMMPS_NS::Atom *atom);
  LAMMPS_NS::AtomVecBody *avec() const { return avec_; }
  LAMMPS_NS::BodyRoundedPolyhedron *bptr() const { return bptr_; }

  // Scratch for `threads` threads (the walls' /omp variants); called
  // before a loop over the bodies, outside the threads.
  void prepare_threads(int threads)
  {
    if (static_cast<int>(scratch_.size()) < threads) scratch_.resize(threads);
  }
  // Shape (its vertices and rounded radius: all that a wall's contacts
  // need) and motion of atom i, valid until the next call with the same
  // thread (0 .. the count given to prepare_threads() - 1).
  void transform(LAMMPS_NS::Atom *atom, int i, PolyhedronShape &shape, BodyMotion &motion, int thread = 0);

  double memory_usage() const;

 private:
  LAMMPS_NS::AtomVecBody *avec_ = nullptr;
  LAMMPS_NS::BodyRoundedPolyhedron *bptr_ = nullptr;
  std::vector<std::vector<Vec3>> scratch_ = std::vector<std::vector<Vec3>>(1);    // vertices, one per thread
};

}    // namespace body_dem

#endif
