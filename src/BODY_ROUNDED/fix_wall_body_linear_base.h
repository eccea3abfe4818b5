/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: what the walls of the linear (Fraige/Wang) styles
   share (LAMMPS glue): their coefficients "k_n c_n c_t" and the linear
   law a wall applies. fix wall/body/polygon and fix wall/body/polyhedron
   derive from it; the rest of a wall is in fix_wall_body_base.h.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_FIX_WALL_BODY_LINEAR_BASE_H
#define BODY_DEM_FIX_WALL_BODY_LINEAR_BASE_H

#include "fix_wall_body_base.h"

#include "linear_contact_law.h"

namespace LAMMPS_NS {

class FixWallBodyLinearBase : public FixWallBodyBase {
 public:
  using FixWallBodyBase::FixWallBodyBase;

 protected:
  // Parses "k_n c_n c_t" at arg[3..5]; c_t may be NULL, which means
  // c_n / 2 as in the host's body walls.
  void parse_linear_coeffs(int narg, char **arg, double &k_n, double &c_n, double &c_t);
  // The linear law of a wall: its k_n, c_n, c_t, the friction coefficient
  // of the pair style, no cohesion (the wall has no cohesive range),
  // k_t = 2/7 k_n; mu > 0 with c_t = 0 and no history is an error, as for
  // the pair styles.
  body_dem::LinearContactCoeffs linear_wall_law(double k_n, double c_n, double c_t, double mu, bool history) const;
};

}    // namespace LAMMPS_NS

#endif
