#include "fix_body_work.h"

#include "error.h"
#include "work_accounting.h"

using namespace LAMMPS_NS;
using namespace FixConst;

FixBodyWork::FixBodyWork(LAMMPS *lmp, int narg, char **arg) : Fix(lmp, narg, arg)
{
  if (narg != 3)
    error->all(FLERR, "fix BODY_DEM_WORK is internal to the body-dem pair styles and takes no arguments");
  nevery = 1;
}

int FixBodyWork::setmask()
{
  return END_OF_STEP;
}

void FixBodyWork::setup(int /*vflag*/)
{
  if (client) client->work_setup();
}

void FixBodyWork::end_of_step()
{
  if (client) client->work_end_of_step();
}
