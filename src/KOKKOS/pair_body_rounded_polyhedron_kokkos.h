/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: pair_style body/rounded/polyhedron/kokkos (LAMMPS glue, Kokkos):
   body/rounded/polyhedron with its per-step body frames and its neighbour loop in
   Kokkos parallel loops (PairBodyKokkos); the same per-pair function,
   settings and results as the serial style. Selected by `-sf kokkos` /
   `suffix kokkos` from an input script that names body/rounded/polyhedron.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_PAIR_BODY_ROUNDED_POLYHEDRON_KOKKOS_H
#define BODY_DEM_PAIR_BODY_ROUNDED_POLYHEDRON_KOKKOS_H

#include "pair_body_kokkos.h"
#include "pair_body_rounded_polyhedron.h"

namespace LAMMPS_NS {

class PairBodyRoundedPolyhedronKokkos : public PairBodyKokkos<PairBodyRoundedPolyhedronDEM> {
 public:
  explicit PairBodyRoundedPolyhedronKokkos(class LAMMPS *lmp) : PairBodyKokkos<PairBodyRoundedPolyhedronDEM>(lmp, "body/rounded/polyhedron/kokkos") {}
  void compute(int, int) override;
};

}    // namespace LAMMPS_NS

#endif
