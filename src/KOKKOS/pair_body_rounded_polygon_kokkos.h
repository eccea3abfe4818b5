/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: pair_style body/rounded/polygon/kokkos (LAMMPS glue, Kokkos):
   body/rounded/polygon with its per-step body frames and its neighbour loop in
   Kokkos parallel loops (PairBodyKokkos); the same per-pair function,
   settings and results as the serial style. Selected by `-sf kokkos` /
   `suffix kokkos` from an input script that names body/rounded/polygon.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_PAIR_BODY_ROUNDED_POLYGON_KOKKOS_H
#define BODY_DEM_PAIR_BODY_ROUNDED_POLYGON_KOKKOS_H

#include "pair_body_kokkos.h"
#include "pair_body_rounded_polygon.h"

namespace LAMMPS_NS {

class PairBodyRoundedPolygonKokkos : public PairBodyKokkos<PairBodyRoundedPolygonDEM> {
 public:
  explicit PairBodyRoundedPolygonKokkos(class LAMMPS *lmp) : PairBodyKokkos<PairBodyRoundedPolygonDEM>(lmp, "body/rounded/polygon/kokkos") {}
  void compute(int, int) override;
};

}    // namespace LAMMPS_NS

#endif
