/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: fix wall/body/polyhedron/granular (LAMMPS glue,
   seeds/001): flat or cylindrical walls for rounded polyhedra with the
   contact models of pair_style body/rounded/polyhedron/granular. The wall
   is flat and infinitely heavy: a vertex contact has R_eff = r of the
   body and the effective mass of the body.
     fix ID group wall/body/polyhedron/granular normal_model coeffs
         tangential model coeffs [damping model]
         [adhesion dhat_p dhat_a Y eps_c [tangential_adhesion eps_a mu_a]]
         wallstyle args
         [wiggle dim amplitude period]
   Syntax of the walls, springs and outputs in fix_wall_body_base.h.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_FIX_WALL_BODY_POLYHEDRON_GRANULAR_H
#define BODY_DEM_FIX_WALL_BODY_POLYHEDRON_GRANULAR_H

#include "fix_wall_body_base.h"

#include "granular_contact_models.h"
#include "polyhedron_wall_frames.h"

namespace LAMMPS_NS {

class FixWallBodyPolyhedronGranular : public FixWallBodyBase {
 public:
  FixWallBodyPolyhedronGranular(class LAMMPS *, int, char **);
  void init() override;
  void post_force(int) override;
  double memory_usage() override;

 private:
  body_dem::GranularPairModel model;
  body_dem::PolyhedronWallFrames frames;
  body_dem::PolyhedronBodyFrames::ShapeCheckBuffers shape_buffers;
  std::string body_shape_defect(int i, const char *rounding_required_by) override;
  const char *wall_rounding_required_by() const override;
};

}    // namespace LAMMPS_NS

#endif
