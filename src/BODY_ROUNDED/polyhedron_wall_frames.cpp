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
  Scratch &m = scratch_[thread];
  // Sizes only grow: after the first bodies no allocation happens here.
  const PolyhedronBodyFrames::Counts n = PolyhedronBodyFrames::counts(atom, avec_, bptr_, i);
  if (static_cast<int>(m.vertices.size()) < n.nvertices) m.vertices.resize(n.nvertices);
  if (static_cast<int>(m.edges.size()) < 2 * n.nedges) m.edges.resize(2 * n.nedges);
  if (static_cast<int>(m.faces.size()) < 4 * n.nfaces) m.faces.resize(4 * n.nfaces);
  if (static_cast<int>(m.normals.size()) < n.nfaces) m.normals.resize(n.nfaces);
  // the same layout as PolyhedronBodyFrames keeps: 2 and 4 ints in a row
  const PolyhedronBodyFrames::Storage storage{m.vertices.data(), reinterpret_cast<int(*)[2]>(m.edges.data()),
                                              reinterpret_cast<int(*)[4]>(m.faces.data()), m.normals.data()};
  PolyhedronBodyFrames::transform_one(atom, avec_, bptr_, i, n, storage, shape, motion);
}

double PolyhedronWallFrames::memory_usage() const
{
  double bytes = 0.0;
  for (const Scratch &m : scratch_)
    bytes += (m.vertices.capacity() + m.normals.capacity()) * sizeof(Vec3) +
        (m.edges.capacity() + m.faces.capacity()) * sizeof(int);
  return bytes;
}

}    // namespace body_dem
