/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: pair_style body/rounded/polygon/omp (LAMMPS glue on
   the host's OPENMP package): body/rounded/polygon with its per-step body
   frames and its neighbour loop split over OpenMP threads; the same
   per-pair function, settings and results as the serial style.
   Selected by `-sf omp` / `suffix omp` (with `package omp N`) from an
   input script that names body/rounded/polygon.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_PAIR_BODY_ROUNDED_POLYGON_OMP_H
#define BODY_DEM_PAIR_BODY_ROUNDED_POLYGON_OMP_H

#include "pair_body_omp.h"
#include "pair_body_rounded_polygon.h"

namespace LAMMPS_NS {

// Named apart from any class of the host.
class PairBodyRoundedPolygonOMP : public PairBodyOMP<PairBodyRoundedPolygonDEM> {
 public:
  explicit PairBodyRoundedPolygonOMP(class LAMMPS *lmp) : PairBodyOMP<PairBodyRoundedPolygonDEM>(lmp) {}
  void compute(int, int) override;
};

}    // namespace LAMMPS_NS

#endif
