/* ----------------------------------------------------------------------
   body-dem package: compute nbond/broken (doc/bond_bpm_parallel.rst).
------------------------------------------------------------------------- */

#include "compute_nbond_broken.h"

#include "bond_bpm_parallel.h"
#include "style_args.h"

#include "force.h"
#include "update.h"

#include <string>

using namespace LAMMPS_NS;

ComputeNBondBroken::ComputeNBondBroken(LAMMPS *lmp, int narg, char **arg) : Compute(lmp, narg, arg)
{
  if (narg != 3)
    body_dem::StyleArgs(lmp, "compute nbond/broken")
        .fail("expected no arguments after the style, got '" + std::string(arg[3]) + "'");
  scalar_flag = 1;
  extscalar = 0;    // a count, not divided by the number of atoms
}

void ComputeNBondBroken::init()
{
  bond_style = dynamic_cast<BondBPMParallel *>(force->bond_match("bpm/parallel"));
  if (!bond_style) body_dem::StyleArgs(lmp, "compute nbond/broken").fail("requires bond_style bpm/parallel");
}

double ComputeNBondBroken::compute_scalar()
{
  invoked_scalar = update->ntimestep;
  scalar = static_cast<double>(bond_style->broken_bond_count());
  return scalar;
}
