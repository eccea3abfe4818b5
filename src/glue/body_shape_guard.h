/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: when the shapes of the bodies are checked, and how a
   bad one is reported (LAMMPS glue around body_shape_check.h). Each pair
   style and wall fix owns one guard.

   - check_all(), at the style's init (every run, after read_data,
     read_restart, create_atoms and the like): every local body the owner
     is responsible for. Cost: one pass over the local bodies and a few
     reductions, once per run (bench/run_benchmarks.py measures it).
   - check_added(), called at every step of a run: a comparison of the
     global atom count with the one at the last check, nothing more,
     unless the count changed (atoms added by fix pour or fix deposit:
     only a reneighbouring step can add atoms). Then the local atoms whose IDs are larger than
     any checked before are checked (new atoms get new, larger IDs), on all
     ranks together, as natoms is the same number on every rank. (A step
     that deletes as many atoms as it adds hides its new bodies until the
     next run's init.)
   The first bad body, the one of lowest atom ID, is reported by all ranks
   with one message, "<command>: body of atom N: <defect>", through
   error->all: no rank is left waiting, serially or under mpirun.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_BODY_SHAPE_GUARD_H
#define BODY_DEM_BODY_SHAPE_GUARD_H

#include "atom.h"
#include "lammps.h"
#include "lmptype.h"

#include <mpi.h>

#include <string>

namespace body_dem {

// Added to the message about a moment of inertia of 0: the host keeps no
// negative moments (a data file's negative or tiny one arrives as 0).
constexpr const char *kHostZeroMomentNote =
    "LAMMPS stores a principal moment below 1e-7 of the largest, a negative one included, as 0";

class BodyShapeGuard {
 public:
  // wanted(i): local atom i (a body) is one the owner checks; defect(i):
  // "" or what is wrong with its shape.
  template <class Wanted, class Defect>
  void check_all(LAMMPS_NS::LAMMPS *lmp, const std::string &command, Wanted &&wanted, Defect &&defect);
  template <class Wanted, class Defect>
  void check_added(LAMMPS_NS::LAMMPS *lmp, const std::string &command, Wanted &&wanted, Defect &&defect)
  {
    if (lmp->atom->natoms == natoms_checked_) return;
    check_local(lmp, command, wanted, defect, true);
  }

 private:
  LAMMPS_NS::bigint natoms_checked_ = -1;
  LAMMPS_NS::tagint tag_checked_ = 0;    // the largest atom ID at the last check

  bool reported_ = false;                // the cost of the first full check was logged

  template <class Wanted, class Defect>
  void check_local(LAMMPS_NS::LAMMPS *lmp, const std::string &command, Wanted &wanted, Defect &defect,
                   bool added_only);
  // Collective: reports the bad body of lowest ID (problem "": none on
  // this rank) on all ranks, or remembers what was checked; after the
  // first full check, logs how many bodies it checked in how much time
  // (the largest over the ranks; bench/run_benchmarks.py reads it).
  void finish(LAMMPS_NS::LAMMPS *lmp, const std::string &command, LAMMPS_NS::tagint bad_tag,
              const std::string &problem, bool full, LAMMPS_NS::bigint checked, double seconds);
};

template <class Wanted, class Defect>
void BodyShapeGuard::check_all(LAMMPS_NS::LAMMPS *lmp, const std::string &command, Wanted &&wanted,
                               Defect &&defect)
{
  check_local(lmp, command, wanted, defect, false);
}

template <class Wanted, class Defect>
void BodyShapeGuard::check_local(LAMMPS_NS::LAMMPS *lmp, const std::string &command, Wanted &wanted,
                                 Defect &defect, bool added_only)
{
  LAMMPS_NS::Atom *atom = lmp->atom;
  // Without atom IDs (atom_modify id no) new atoms cannot be told apart:
  // all are checked again.
  const bool by_tag = added_only && atom->tag_enable;
  LAMMPS_NS::tagint bad_tag = 0;
  LAMMPS_NS::bigint checked = 0;
  std::string problem;
  const double start = MPI_Wtime();
  for (int i = 0; i < atom->nlocal; i++) {
    if (atom->body[i] < 0) continue;
    if (by_tag && atom->tag[i] <= tag_checked_) continue;
    if (!wanted(i)) continue;
    checked++;
    const std::string p = defect(i);
    // the lowest ID, or the first atom without IDs
    if (!p.empty() && (problem.empty() || atom->tag[i] < bad_tag)) {
      problem = p;
      bad_tag = atom->tag[i];
      if (!atom->tag_enable) break;
    }
  }
  finish(lmp, command, bad_tag, problem, !added_only, checked, MPI_Wtime() - start);
}

}    // namespace body_dem

#endif
