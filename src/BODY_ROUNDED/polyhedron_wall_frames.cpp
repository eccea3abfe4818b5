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

void PolyhedronWallFrames::transform(Atom *atom, int i, PolyhedronShape &shape, BodyMotion &motion)
{
  // Sizes only grow: after the first bodies no allocation happens here.
  const PolyhedronBodyFrames::Counts n = PolyhedronBodyFrames::counts(atom, avec_, bptr_, i);
  if (static_cast<int>(vertices_.size()) < n.nvertices) vertices_.resize(n.nvertices);
  if (static_cast<int>(edges_.size()) < 2 * n.nedges) edges_.resize(2 * n.nedges);
  if (static_cast<int>(faces_.size()) < 4 * n.nfaces) faces_.resize(4 * n.nfaces);
  if (static_cast<int>(normals_.size()) < n.nfaces) normals_.resize(n.nfaces);
  // the same layout as PolyhedronBodyFrames keeps: 2 and 4 ints in a row
  const PolyhedronBodyFrames::Storage storage{vertices_.data(), reinterpret_cast<int(*)[2]>(edges_.data()),
                                              reinterpret_cast<int(*)[4]>(faces_.data()), normals_.data()};
  PolyhedronBodyFrames::transform_one(atom, avec_, bptr_, i, n, storage, shape, motion);
}

double PolyhedronWallFrames::memory_usage() const
{
  return vertices_.capacity() * sizeof(Vec3) + normals_.capacity() * sizeof(Vec3) +
      (edges_.capacity() + faces_.capacity()) * sizeof(int);
}

}    // namespace body_dem
