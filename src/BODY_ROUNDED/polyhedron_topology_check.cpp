#include "polyhedron_topology_check.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "lammps.h"

#include "polyhedron_body_frames.h"

#include <mpi.h>

using namespace LAMMPS_NS;

namespace body_dem {

void check_polyhedron_topologies(LAMMPS *lmp, AtomVecBody *avec, BodyRoundedPolyhedron *bptr,
                                 const std::string &command)
{
  Atom *atom = lmp->atom;
  std::string problem;
  tagint bad_atom = 0;
  for (int i = 0; i < atom->nlocal; i++) {
    const std::string p = PolyhedronBodyFrames::check_topology(atom, avec, bptr, i);
    if (!p.empty() && (problem.empty() || atom->tag[i] < bad_atom)) {
      problem = p;
      bad_atom = atom->tag[i];
    }
  }
  struct {
    double tag;
    int rank;
  } mine{problem.empty() ? 1e300 : static_cast<double>(bad_atom), lmp->comm->me}, first{};
  MPI_Allreduce(&mine, &first, 1, MPI_DOUBLE_INT, MPI_MINLOC, lmp->world);
  if (first.tag < 1e300) {
    int length = static_cast<int>(problem.size());
    MPI_Bcast(&length, 1, MPI_INT, first.rank, lmp->world);
    problem.resize(length);
    MPI_Bcast(&problem[0], length, MPI_CHAR, first.rank, lmp->world);
    lmp->error->all(FLERR, command + ": body of atom " + std::to_string(static_cast<bigint>(first.tag)) + ": " +
                               problem);
  }
}

}    // namespace body_dem
