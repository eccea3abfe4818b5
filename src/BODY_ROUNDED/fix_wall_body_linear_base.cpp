#include "fix_wall_body_linear_base.h"

#include "error.h"

#include "style_args.h"

#include <cstring>
#include <string>

using namespace LAMMPS_NS;

void FixWallBodyLinearBase::parse_linear_coeffs(int narg, char **arg, double &k_n, double &c_n, double &c_t)
{
  body_dem::StyleArgs args(lmp, command);
  if (narg < 7)
    args.fail("expected k_n c_n c_t wallstyle args [wiggle dim amplitude period] [history mu k_t], got " +
              std::to_string(narg - 3) + " arguments");
  k_n = args.nonnegative(arg[3], "k_n");
  c_n = args.nonnegative(arg[4], "c_n");
  c_t = strcmp(arg[5], "NULL") == 0 ? 0.5 * c_n : args.nonnegative(arg[5], "c_t");
}

int FixWallBodyLinearBase::parse_style_keyword(int narg, char **arg, int iarg)
{
  if (strcmp(arg[iarg], "history") != 0) return 0;
  body_dem::StyleArgs args(lmp, command);
  if (narg < iarg + 3) args.fail("history expects mu k_t (k_t may be NULL for 2/7 k_n)");
  own_history = true;
  own_mu = args.nonnegative(arg[iarg + 1], "history mu");
  own_k_t = strcmp(arg[iarg + 2], "NULL") == 0 ? body_dem::LinearContactCoeffs::kUnsetStiffness
                                               : args.nonnegative(arg[iarg + 2], "history k_t");
  return 3;
}

body_dem::LinearContactCoeffs FixWallBodyLinearBase::linear_wall_law(double k_n, double c_n, double c_t,
                                                                     double pair_mu, bool pair_history)
{
  history = own_history || pair_history;
  body_dem::LinearContactCoeffs coeffs;
  coeffs.k_n = k_n;
  coeffs.k_na = 0.0;
  coeffs.c_n = c_n;
  coeffs.c_t = c_t;
  coeffs.mu = own_history ? own_mu : pair_mu;
  coeffs.k_t = own_history ? own_k_t : body_dem::LinearContactCoeffs::kUnsetStiffness;
  coeffs.cutoff = 0.0;
  body_dem::apply_default_tangential_stiffness(coeffs);
  if (!history && coeffs.mu > 0.0 && c_t == 0.0)
    error->all(FLERR, command + ": c_t must be > 0 when the pair style has mu > 0 and no history (the friction "
                                "force is capped by c_t |v_t|)");
  return coeffs;
}
