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
  // "history mu k_t" after the walls (the syntax of the host's built-in
  // walls since LAMMPS 30 Sep 2026): the wall has its own tangential
  // springs, friction coefficient mu and spring stiffness k_t (NULL: 2/7
  // k_n), whatever the pair style says. Without it the wall takes history
  // and mu from the pair style.
  int parse_style_keyword(int narg, char **arg, int iarg) override;
  std::string keywords_expected() const override { return "wiggle, springs or history"; }
  // The linear law of a wall: its k_n, c_n, c_t, no cohesion (the wall
  // has no cohesive range); history, mu and k_t from the wall's history
  // keyword when given, else the pair style's history and mu and k_t =
  // 2/7 k_n. Sets `history`. mu > 0 with c_t = 0 and no history is an
  // error, as for the pair styles.
  body_dem::LinearContactCoeffs linear_wall_law(double k_n, double c_n, double c_t, double pair_mu,
                                                bool pair_history);

  bool history = false;        // the wall's contacts keep tangential springs
  bool own_history = false;    // the wall's history keyword was given
  double own_mu = 0.0;
  double own_k_t = body_dem::LinearContactCoeffs::kUnsetStiffness;
};

}    // namespace LAMMPS_NS

#endif
