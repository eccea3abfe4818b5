/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: pair_style body/rounded/polygon/kokkos,
   body/rounded/polyhedron/kokkos and body/rounded/polyhedron/granular/kokkos
   (LAMMPS glue, Kokkos): each serial style with its per-step body frames
   and its neighbour loop in Kokkos parallel loops (PairBodyKokkos); the
   same per-pair function, settings and results. Selected by `-sf kokkos`
   / `suffix kokkos` from an input script that names the serial style.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_PAIR_BODY_ROUNDED_KOKKOS_H
#define BODY_DEM_PAIR_BODY_ROUNDED_KOKKOS_H

#include "pair_body_kokkos.h"
#include "pair_body_rounded_polygon.h"
#include "pair_body_rounded_polyhedron.h"
#include "pair_body_rounded_polyhedron_granular.h"

namespace LAMMPS_NS {

class PairBodyRoundedPolygonKokkos : public PairBodyKokkos<PairBodyRoundedPolygonDEM> {
 public:
  explicit PairBodyRoundedPolygonKokkos(class LAMMPS *lmp) : PairBodyKokkos(lmp, "body/rounded/polygon/kokkos") {}
};

class PairBodyRoundedPolyhedronKokkos : public PairBodyKokkos<PairBodyRoundedPolyhedronDEM> {
 public:
  explicit PairBodyRoundedPolyhedronKokkos(class LAMMPS *lmp) : PairBodyKokkos(lmp, "body/rounded/polyhedron/kokkos")
  {
  }
};

class PairBodyRoundedPolyhedronGranularKokkos : public PairBodyKokkos<PairBodyRoundedPolyhedronGranular> {
 public:
  explicit PairBodyRoundedPolyhedronGranularKokkos(class LAMMPS *lmp) :
      PairBodyKokkos(lmp, "body/rounded/polyhedron/granular/kokkos")
  {
  }
};

}    // namespace LAMMPS_NS

#endif
