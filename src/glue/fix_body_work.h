/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: internal fix BODY_DEM_WORK, created by the package's
   pair styles, which calls them back after the setup of a run and at the
   end of every step, when the velocities are synchronized with the
   positions, to integrate their work accumulators (work_accounting.h).
------------------------------------------------------------------------- */

#ifndef BODY_DEM_FIX_BODY_WORK_H
#define BODY_DEM_FIX_BODY_WORK_H

#include "fix.h"

namespace body_dem {
class WorkAccountingClient;
}

namespace LAMMPS_NS {

class FixBodyWork : public Fix {
 public:
  FixBodyWork(class LAMMPS *, int, char **);
  int setmask() override;
  void setup(int) override;
  void end_of_step() override;

  body_dem::WorkAccountingClient *client = nullptr;    // set by the pair style that made this fix
};

}    // namespace LAMMPS_NS

#endif
