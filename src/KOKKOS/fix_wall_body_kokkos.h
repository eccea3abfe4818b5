/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: the Kokkos variants of the wall fixes (LAMMPS glue,
   Kokkos): fix wall/body/polygon/kokkos, wall/body/polyhedron/kokkos and
   wall/body/polyhedron/granular/kokkos, the serial fix with its loop over
   the bodies cut into one part per thread of Kokkos's host execution
   space and the parts run in a Kokkos parallel loop
   (FixWallBodyBase::wall_loop, loop_parts(), run_parts()); the same
   contact law and results up to the order of the sums of the energy and
   the elastic force. Selected by `-sf kokkos` / `suffix kokkos` from an
   input script that names the serial fix. The host files a fix's per-atom
   restart data (the walls' springs) under its ID and style, so restart
   files pass the springs between runs with the same variant.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_FIX_WALL_BODY_KOKKOS_H
#define BODY_DEM_FIX_WALL_BODY_KOKKOS_H

#include "fix_wall_body_polygon.h"
#include "fix_wall_body_polyhedron.h"
#include "fix_wall_body_polyhedron_granular.h"
#include "kokkos_runtime.h"

#include <Kokkos_Core.hpp>

#include <functional>
#include <string>

namespace LAMMPS_NS {

template <class SerialWall> class FixWallBodyKokkos : public SerialWall {
 public:
  FixWallBodyKokkos(class LAMMPS *lmp, int narg, char **arg) : SerialWall(lmp, narg, arg)
  {
    body_dem::ensure_kokkos(lmp, "fix " + std::string(arg[2]));
  }

 protected:
  int loop_parts() const override { return body_dem::kokkos_threads(); }
  void run_parts(int nparts, const std::function<void(int)> &run_part) override
  {
    using Policy = Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace, Kokkos::Schedule<Kokkos::Static>>;
    Kokkos::parallel_for("body_dem::wall_parts", Policy(0, nparts), [&](const int part) { run_part(part); });
    Kokkos::fence();
  }
};

using FixWallBodyPolygonKokkos = FixWallBodyKokkos<FixWallBodyPolygonDEM>;
using FixWallBodyPolyhedronKokkos = FixWallBodyKokkos<FixWallBodyPolyhedronDEM>;
using FixWallBodyPolyhedronGranularKokkos = FixWallBodyKokkos<FixWallBodyPolyhedronGranular>;

}    // namespace LAMMPS_NS

#endif
