/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: fix nve/body/omp (LAMMPS glue on the host's OPENMP
   package): the host's fix nve/body with its loop over the bodies split
   over OpenMP threads. Selected by `-sf omp` / `suffix omp` from an input
   that names fix nve/body.

   Why: with the pair styles threaded, the host's serial integrator of
   body particles (a quaternion update by Richardson iteration per body)
   is the largest serial part of a step and caps the speed-up of 2
   threads. Each body is updated from its own force, torque, velocity,
   angular momentum and orientation only, with the host's own functions
   (MathExtra::mq_to_omega, MathExtra::richardson) in the host's order of
   operations, so the result is bitwise that of fix nve/body for any
   number of threads.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_FIX_NVE_BODY_OMP_H
#define BODY_DEM_FIX_NVE_BODY_OMP_H

#include "fix_nve.h"

namespace LAMMPS_NS {

class FixNVEBodyOMP : public FixNVE {
 public:
  FixNVEBodyOMP(class LAMMPS *, int, char **);
  void init() override;
  void initial_integrate(int) override;
  void final_integrate() override;

 private:
  class AtomVecBody *avec = nullptr;
  int first_atoms() const;    // atoms this fix integrates: nlocal, or nfirst for the first group
};

}    // namespace LAMMPS_NS

#endif
