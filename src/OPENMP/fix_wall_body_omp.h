/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: the /omp variants of the wall fixes (LAMMPS glue on
   the host's OPENMP package): fix wall/body/polygon/omp,
   wall/body/polyhedron/omp and wall/body/polyhedron/granular/omp, the
   serial fix with its loop over the bodies on the host's OpenMP threads
   (FixWallBodyBase::wall_loop, `threaded`); the same contact law and
   results up to the order of the sums of the energy and the elastic force.
   Selected by `-sf omp` / `suffix omp` (with `package omp N`) from an
   input script that names the serial fix. Why: with the pair styles on
   threads, a serial wall was the largest part of a step left on one
   thread (Amdahl), e.g. 5-7 % of a heap step on 1 thread. The host files
   a fix's per-atom restart data (the walls' springs) under its ID and
   style, so restart files pass the springs between runs with the same
   variant.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_FIX_WALL_BODY_OMP_H
#define BODY_DEM_FIX_WALL_BODY_OMP_H

#include "fix_wall_body_polygon.h"
#include "fix_wall_body_polyhedron.h"
#include "fix_wall_body_polyhedron_granular.h"

namespace LAMMPS_NS {

template <class SerialWall> class FixWallBodyOMP : public SerialWall {
 public:
  FixWallBodyOMP(class LAMMPS *lmp, int narg, char **arg) : SerialWall(lmp, narg, arg)
  {
    this->threaded = true;
  }
};

using FixWallBodyPolygonOMP = FixWallBodyOMP<FixWallBodyPolygonDEM>;
using FixWallBodyPolyhedronOMP = FixWallBodyOMP<FixWallBodyPolyhedronDEM>;
using FixWallBodyPolyhedronGranularOMP = FixWallBodyOMP<FixWallBodyPolyhedronGranular>;

}    // namespace LAMMPS_NS

#endif
