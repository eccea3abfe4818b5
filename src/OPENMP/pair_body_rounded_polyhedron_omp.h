/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: pair_style body/rounded/polyhedron/omp (LAMMPS glue on the host's
   OPENMP package): body/rounded/polyhedron with its per-step body frames and its
   neighbour loop split over OpenMP threads; the same per-pair function,
   settings and results as the serial style. Selected by `-sf omp` /
   `suffix omp` (with `package omp N`) from an input script that names
   body/rounded/polyhedron.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_PAIR_BODY_ROUNDED_POLYHEDRON_OMP_H
#define BODY_DEM_PAIR_BODY_ROUNDED_POLYHEDRON_OMP_H

#include "pair_body_omp.h"
#include "pair_body_rounded_polyhedron.h"

namespace LAMMPS_NS {

class PairBodyRoundedPolyhedronOMP : public PairBodyOMP<PairBodyRoundedPolyhedronDEM> {
 public:
  explicit PairBodyRoundedPolyhedronOMP(class LAMMPS *lmp) : PairBodyOMP<PairBodyRoundedPolyhedronDEM>(lmp) {}
  void compute(int, int) override;
};

}    // namespace LAMMPS_NS

#endif
