/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: pair_style body/rounded/polyhedron/granular/kokkos (LAMMPS glue, Kokkos):
   body/rounded/polyhedron/granular with its per-step body frames and its neighbour loop in
   Kokkos parallel loops (PairBodyKokkos); the same per-pair function,
   settings and results as the serial style. Selected by `-sf kokkos` /
   `suffix kokkos` from an input script that names body/rounded/polyhedron/granular.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_PAIR_BODY_ROUNDED_POLYHEDRON_GRANULAR_KOKKOS_H
#define BODY_DEM_PAIR_BODY_ROUNDED_POLYHEDRON_GRANULAR_KOKKOS_H

#include "pair_body_kokkos.h"
#include "pair_body_rounded_polyhedron_granular.h"

namespace LAMMPS_NS {

class PairBodyRoundedPolyhedronGranularKokkos : public PairBodyKokkos<PairBodyRoundedPolyhedronGranular> {
 public:
  explicit PairBodyRoundedPolyhedronGranularKokkos(class LAMMPS *lmp) : PairBodyKokkos<PairBodyRoundedPolyhedronGranular>(lmp, "body/rounded/polyhedron/granular/kokkos") {}
  void compute(int, int) override;
};

}    // namespace LAMMPS_NS

#endif
