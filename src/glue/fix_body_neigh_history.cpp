#include "fix_body_neigh_history.h"

#include "comm.h"
#include "update.h"
#include "utils.h"

#include <cstdio>

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
