#include "fix_body_neigh_history.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "my_page.h"
#include "neighbor.h"
#include "update.h"
#include "utils.h"

#include <algorithm>
#include <cstdio>
#include <string>

using namespace LAMMPS_NS;

FixBodyNeighHistory::FixBodyNeighHistory(LAMMPS *lmp, int narg, char **arg) : FixNeighHistory(lmp, narg, arg)
{
  // restart records are matched by ID and style: the host's name
  delete[] style;
  style = utils::strdup("NEIGH_HISTORY");
}

void FixBodyNeighHistory::write_restart(FILE *fp)
{
  // During a run (update->whichflag != 0) the lists are current and hold
  // the latest values: copy them to the atoms first, as the host does.
  // Between runs the atoms hold the copy of the end of the last run (or
  // what a restart file gave them), and the lists may be stale.
  if (update->whichflag != 0) pre_exchange();
  if (comm->me == 0) {
    int size = 0;
    fwrite(&size, sizeof(int), 1, fp);
  }
}

void FixBodyNeighHistory::unpack_restart(int nlocal, int nth)
{
  // The record of this fix: after those of the nth fixes before it, each
  // starting with its length. This fix's records are 2 + n (1 + dnum)
  // long for n partners (the length, n, then per partner its ID and
  // values).
  double **extra = atom->extra;
  int m = 0;
  for (int k = 0; k < nth; k++) m += static_cast<int>(extra[nlocal][m]);
  const int length = static_cast<int>(extra[nlocal][m]);
  const int partners = static_cast<int>(extra[nlocal][m + 1]);
  if (partners > 0 && length != 2 + partners * (1 + dnum)) {
    foreign_values = std::max(1, (length - 2) / partners - 1);
    set_arrays(nlocal);    // no partners: the pairs start from zero
    return;
  }
  allocate_value_pages();
  FixNeighHistory::unpack_restart(nlocal, nth);
}

void FixBodyNeighHistory::allocate_value_pages()
{
  // Made again when neigh_modify changed the page settings, as the host does.
  if (ipage_atom && pgsize == neighbor->pgsize && oneatom == neighbor->oneatom) return;
  delete[] ipage_atom;
  delete[] dpage_atom;
  delete[] ipage_neigh;
  delete[] dpage_neigh;
  pgsize = neighbor->pgsize;
  oneatom = neighbor->oneatom;
  const int chunk = dnum * oneatom;    // the values of one atom's pairs at most
  const int page = std::max(chunk, std::min(dnum, kPageValuesPerPair) * pgsize);
  const int nmypage = comm->nthreads;
  ipage_atom = new MyPage<tagint>[nmypage];
  dpage_atom = new MyPage<double>[nmypage];
  ipage_neigh = new MyPage<int>[nmypage];
  dpage_neigh = new MyPage<double>[nmypage];
  for (int i = 0; i < nmypage; i++) {
    ipage_atom[i].init(oneatom, pgsize);
    dpage_atom[i].init(chunk, page);
    ipage_neigh[i].init(oneatom, pgsize);
    dpage_neigh[i].init(chunk, page);
  }
}

void FixBodyNeighHistory::init()
{
  allocate_value_pages();
  FixNeighHistory::init();
  int skipped = foreign_values, skipped_any = 0;
  MPI_Allreduce(&skipped, &skipped_any, 1, MPI_INT, MPI_MAX, world);
  if (skipped_any && comm->me == 0)
    error->warning(FLERR,
                   "fix " + std::string(id) + ": the restart file holds " + std::to_string(skipped_any) +
                       " values per pair of bodies under this ID, this package's pair style keeps " +
                       std::to_string(dnum) +
                       " (a file written by another pair style, such as LAMMPS's built-in body styles with "
                       "history?); they are ignored and the pairs' tangential springs start from zero");
  foreign_values = 0;
}
