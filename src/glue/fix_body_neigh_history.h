/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: internal fix BODY_DEM_NEIGH_HISTORY, the per-pair
   history of the package's pair styles: the host's NEIGH_HISTORY with
   one correction to its restart.

   Why: the host's write_restart command moves atoms between processors
   and rebuilds the ghost atoms (comm->exchange(), comm->borders()) and
   then asks each fix for its restart data; NEIGH_HISTORY's answer starts
   by copying the pairs' values from the neighbour lists to the atoms
   again (pre_exchange()), through lists whose atom indices the exchange
   and the new ghosts have made stale. Where the set of ghost atoms changed
   since the lists were built, it reads the values of other atoms, or
   counts never set (the run stopped with "Neighbor history overflow", or
   wrote wrong springs to the file). The copy is not needed there: the
   fix makes it at the end of every run (post_run()), and between runs
   nothing changes the pairs' values, while the atoms carry the copy
   through the exchange. So between runs this fix writes what the atoms
   hold; during a run (restart files written every N steps, with current
   lists) it copies first, as the host does.

   Its style reads NEIGH_HISTORY in restart files (the same per-atom
   records as the host's fix), so files written before this fix existed,
   and files written with it, are read either way.

   A record of this ID whose pairs hold another number of values than
   this fix (a file written by another pair style under the same name,
   such as LAMMPS's built-in body styles with history since 30 Sep 2026,
   3 values per pair) would be read past its end by the host's fix: such
   records are skipped, the pairs start from zero, and init() says so in
   one warning.

   Its pages of pair values hold a fixed number of bytes rather than a
   fixed number of pairs. The host sizes each page for neigh_modify's
   `page` pairs (100000 by default) of dnum values, two sets of pages
   (the lists' copy and the atoms' copy) per thread, allocated at the
   first run whether used or not: with the 100 values per pair of the
   default record (3d styles, 16 candidates with springs) 2 x 80 MB, with
   the 388 of a record of 64 candidates 2 x 310 MB, most of it never
   touched but counted in the memory LAMMPS reports per rank. Here a page
   holds the values of `page` pairs of at most kPageValuesPerPair values
   (and at least those of `one` pairs, as the host requires): the same
   pages as the host's up to 100 values per pair, and for larger records
   pages that hold fewer pairs, of which the host takes more as needed.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_FIX_BODY_NEIGH_HISTORY_H
#define BODY_DEM_FIX_BODY_NEIGH_HISTORY_H

#include "fix_neigh_history.h"

namespace LAMMPS_NS {

class FixBodyNeighHistory : public FixNeighHistory {
 public:
  FixBodyNeighHistory(class LAMMPS *, int, char **);
  void init() override;
  void write_restart(FILE *) override;
  void unpack_restart(int, int) override;

  // Values per pair up to which a page holds as many pairs as the host's.
  static constexpr int kPageValuesPerPair = 100;

 private:
  // The pages as the host makes them (allocate_pages()), sized as above;
  // before the host's init() and unpack_restart(), which then keep them.
  void allocate_value_pages();
  int foreign_values = 0;    // values per pair of a skipped restart record (0: none)
};

}    // namespace LAMMPS_NS

#endif
