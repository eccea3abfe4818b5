#include "body_shape_guard.h"

#include "comm.h"
#include "error.h"
#include "utils.h"

#include "body_shape_check.h"

#include <mpi.h>

#include <algorithm>

using namespace LAMMPS_NS;

namespace body_dem {

void BodyShapeGuard::finish(LAMMPS *lmp, const std::string &command, tagint bad_tag, const std::string &problem,
                            bool full, bigint checked, double seconds)
{
  Atom *atom = lmp->atom;
  // The lowest bad ID over the ranks (as a double: MPI has no MINLOC pair
  // of tagint and int; IDs are exact in a double up to 2^53).
  struct {
    double tag;
    int rank;
  } mine{problem.empty() ? 1e300 : static_cast<double>(bad_tag), lmp->comm->me}, first{};
  MPI_Allreduce(&mine, &first, 1, MPI_DOUBLE_INT, MPI_MINLOC, lmp->world);
  if (first.tag < 1e300) {
    std::string text = problem;
    int length = static_cast<int>(text.size());
    MPI_Bcast(&length, 1, MPI_INT, first.rank, lmp->world);
    text.resize(length);
    MPI_Bcast(&text[0], length, MPI_CHAR, first.rank, lmp->world);
    const std::string who = atom->tag_enable ? "body of atom " + std::to_string(static_cast<bigint>(first.tag))
                                             : std::string("a body (atom IDs are off)");
    lmp->error->all(FLERR, command + ": " + who + ": " + text);
  }
  // What is checked now: the atoms up to the largest ID.
  tagint local_max = 0, global_max = 0;
  for (int i = 0; i < atom->nlocal; i++) local_max = std::max(local_max, atom->tag[i]);
  MPI_Allreduce(&local_max, &global_max, 1, MPI_LMP_TAGINT, MPI_MAX, lmp->world);
  tag_checked_ = global_max;
  natoms_checked_ = atom->natoms;

  if (full && !reported_) {
    reported_ = true;
    bigint checked_all = 0;
    double seconds_max = 0.0;
    MPI_Allreduce(&checked, &checked_all, 1, MPI_LMP_BIGINT, MPI_SUM, lmp->world);
    MPI_Allreduce(&seconds, &seconds_max, 1, MPI_DOUBLE, MPI_MAX, lmp->world);
    if (checked_all > 0 && lmp->comm->me == 0) {
      const std::string line = command + ": checked the shapes of " + std::to_string(checked_all) + " bodies in " +
          shape_number(seconds_max) + " s\n";
      utils::logmesg(lmp, line);
    }
  }
}

}    // namespace body_dem
