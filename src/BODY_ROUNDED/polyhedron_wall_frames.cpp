#include "polyhedron_wall_frames.h"

#include "atom.h"
#include "atom_vec_body.h"
#include "body_rounded_polyhedron.h"

#include <cstring>

using namespace LAMMPS_NS;

namespace body_dem {

bool PolyhedronWallFrames::init(Atom *atom)
{
  avec_ = dynamic_cast<AtomVecBody *>(atom->style_match("body"));
  if (!avec_ || strcmp(avec_->bptr->style, "rounded/polyhedron") != 0) return false;
  bptr_ = dynamic_cast<BodyRoundedPolyhedron *>(avec_->bptr);
  return bptr_ != nullptr;
}

void PolyhedronWallFrames::transform(Atom *atom, int i, PolyhedronShape &shape, BodyMotion &motion, int thread)
{
  std::vector<Vec3> &vertices = scratch_[thread];
  // Sizes only grow: after the first bodies no allocation happens here.
  const int n = PolyhedronBodyFrames::counts(atom, avec_, bptr_, i).nvertices;
  if (static_cast<int>(vertices.size()) < n) vertices.resize(n);
  PolyhedronBodyFrames::transform_vertices(atom, avec_, bptr_, i, n, vertices.data(), shape, motion);
}

double PolyhedronWallFrames::memory_usage() const
{
  double bytes = 0.0;
  for (const std::vector<Vec3> &vertices : scratch_) bytes += vertices.capacity() * sizeof(Vec3);
  return bytes;
}

}    // namespace body_dem
