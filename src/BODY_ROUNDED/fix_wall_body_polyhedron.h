/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: fix wall/body/polyhedron (LAMMPS glue). Flat or
   cylindrical walls for rounded polyhedra with the contact law of the
   pair style body/rounded/polyhedron (its mu and history, or the wall's own
   history mu k_t; no cohesion);
   every vertex of a body within reach of a wall is a contact.
   Syntax, walls, springs and outputs in fix_wall_body_base.h.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_FIX_WALL_BODY_POLYHEDRON_H
#define BODY_DEM_FIX_WALL_BODY_POLYHEDRON_H

#include "fix_wall_body_linear_base.h"

#include "linear_contact_law.h"
#include "polyhedron_wall_frames.h"

namespace LAMMPS_NS {

// Named apart from the host's built-in class of the same style, which it
// replaces when the plugin is loaded.
class FixWallBodyPolyhedronDEM : public FixWallBodyLinearBase {
 public:
  FixWallBodyPolyhedronDEM(class LAMMPS *, int, char **);
  void init() override;
  void post_force(int) override;
  void setup_friction() override;
  double memory_usage() override;

 private:
  double k_n = 0.0, c_n = 0.0, c_t = 0.0;
  body_dem::LinearContactCoeffs coeffs;    // wall's k_n, c_n, c_t; mu and k_t (linear_wall_law())
  body_dem::PolyhedronWallFrames frames;
  body_dem::PolyhedronBodyFrames::ShapeCheckBuffers shape_buffers;
  std::string body_shape_defect(int i, const char *rounding_required_by) override;
};

}    // namespace LAMMPS_NS

#endif
