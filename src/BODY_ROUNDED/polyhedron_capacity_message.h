/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: which pair of rounded polyhedra went past a capacity
   (LAMMPS glue, for the error message of the 3d pair styles): the
   neighbour loop only counts the pairs that did (the serial, /omp and
   Kokkos loops alike), so on that error path the neighbour list is
   searched again, pair by pair, for the first one whose candidate
   contacts do not fit in the contact list or whose weighted candidates do
   not fit in its record, and the message names its atom IDs, the count
   and the limit.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_POLYHEDRON_CAPACITY_MESSAGE_H
#define BODY_DEM_POLYHEDRON_CAPACITY_MESSAGE_H

#include "atom.h"
#include "neigh_list.h"

#include "polyhedron_contacts.h"
#include "weight_work.h"

#include <string>

namespace body_dem {

// shapes: this step's space-frame shapes of local and ghost atoms;
// record_capacity: the pair's record (0: the style keeps none). "" if no
// pair of the list goes past a capacity.
inline std::string polyhedron_capacity_message(LAMMPS_NS::Atom *atom, LAMMPS_NS::NeighList *list,
                                               const PolyhedronShape *shapes, double cutoff,
                                               const SmoothingParams &smoothing, int record_capacity)
{
  if (!list || !shapes) return "";
  for (int ii = 0; ii < list->inum; ii++) {
    const int i = list->ilist[ii];
    for (int jj = 0; jj < list->numneigh[i]; jj++) {
      const int j = list->firstneigh[i][jj] & NEIGHMASK;
      if (!shapes[i].vertices || !shapes[j].vertices) continue;
      PolyhedronContactList contacts;
      PolyhedronWeightLedger ledger;
      find_polyhedron_contacts(shapes[i], shapes[j], cutoff, smoothing, contacts, &ledger);
      const std::string pair = "the pair of atoms " + std::to_string(atom->tag[i]) + " and " +
          std::to_string(atom->tag[j]);
      if (contacts.overflow)
        return pair + " has " + std::to_string(contacts.count()) + " candidate contacts, more than the " +
            std::to_string(kMaxPolyhedronContacts) +
            " that the contact list of a pair holds (a limit of the package: bodies with fewer vertices within "
            "the cutoff of each other, or less overlap)";
      if (record_capacity > 0 && ledger.size > record_capacity)
        return pair + " has " + std::to_string(ledger.size) +
            " weighted candidate contacts, more than the " + std::to_string(record_capacity) +
            " that the record of a pair holds; set the record keyword of pair_style (at most " +
            std::to_string(kMaxWeightRecordContacts) + ", which holds every candidate a pair can have)";
    }
  }
  return "";
}

}    // namespace body_dem

#endif
