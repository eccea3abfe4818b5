/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: compute nbond/broken, the number of bonds of
   bond_style bpm/parallel broken since the style was defined (kept
   across restart files), as a global scalar for thermo output.
     compute ID group nbond/broken
------------------------------------------------------------------------- */

#ifndef BODY_DEM_COMPUTE_NBOND_BROKEN_H
#define BODY_DEM_COMPUTE_NBOND_BROKEN_H

#include "compute.h"

namespace LAMMPS_NS {

class ComputeNBondBroken : public Compute {
 public:
  ComputeNBondBroken(class LAMMPS *, int, char **);
  void init() override;
  double compute_scalar() override;

 private:
  class BondBPMParallel *bond_style = nullptr;
};

}    // namespace LAMMPS_NS

#endif
