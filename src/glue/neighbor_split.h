/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: cutting a neighbour list into contiguous parts of
   about equal estimated cost (LAMMPS glue), for the threaded loops of the
   /omp and Kokkos variants. The list runs through the packing in space,
   so parts of equal neighbour counts would put the dense bottom of a heap
   in one part and its loose top in another.

   Both functions depend on the list and the per-pair flags alone (no
   timing), so that a given number of parts gives the same split, and the
   same sums, on every run.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_NEIGHBOR_SPLIT_H
#define BODY_DEM_NEIGHBOR_SPLIT_H

#include "neigh_list.h"

#include <cstdint>
#include <vector>

namespace body_dem {

// Relative costs of a list entry and of its pairs, by what is known of a
// pair: measured per pair call on in.pour3d's bed, ~20 cycles out of
// reach, ~400 within reach without load (150 if a face plane separates
// the bodies, 1600 if the search finds nothing), ~5000 interacting.
struct EntryCosts {
  std::int64_t entry = 1;
  std::int64_t out_of_reach = 1;
  std::int64_t no_load = 20;
  std::int64_t interacting = 250;
};

// cost[ii] for every entry ii of the list from the pairs' flags in the
// history fix (firstflag; nullptr without per-pair values): a flagged pair
// (it touched, or kept a record of weighted contacts, at the last step)
// counts as interacting, every other pair as out of reach.
inline void costs_from_flags(const LAMMPS_NS::NeighList *list, int *const *firstflag, const EntryCosts &c,
                             std::vector<std::int64_t> &cost)
{
  const int inum = list->inum;
  cost.resize(inum);
  for (int ii = 0; ii < inum; ii++) {
    const int i = list->ilist[ii];
    const int jnum = list->numneigh[i];
    std::int64_t sum = c.entry + jnum * c.out_of_reach;
    if (firstflag) {
      const int *flag = firstflag[i];
      std::int64_t flagged = 0;
      for (int jj = 0; jj < jnum; jj++) flagged += flag[jj] != 0;
      sum += flagged * (c.interacting - c.out_of_reach);
    }
    cost[ii] = sum;
  }
}

// first[p] .. first[p + 1] - 1: the entries of part p of nparts, cut where
// the running cost passes p / nparts of the total; first[nparts] = inum.
inline void cut_by_cost(const std::vector<std::int64_t> &cost, int inum, int nparts, std::vector<int> &first)
{
  first.assign(nparts + 1, inum);
  first[0] = 0;
  std::int64_t total = 0;
  for (int ii = 0; ii < inum; ii++) total += cost[ii];
  std::int64_t so_far = 0;
  int p = 1;
  for (int ii = 0; ii < inum && p < nparts; ii++) {
    so_far += cost[ii];
    while (p < nparts && so_far * nparts >= total * p) first[p++] = ii + 1;
  }
}

}    // namespace body_dem

#endif
