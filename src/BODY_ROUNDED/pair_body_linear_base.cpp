#include "pair_body_linear_base.h"

#include "style_args.h"

#include <algorithm>
#include <cstring>

using namespace LAMMPS_NS;

void PairBodyLinearBase::allocate()
{
  allocate_base();
  ntypes_alloc = atom->ntypes;
  coeffs.assign(static_cast<size_t>(ntypes_alloc + 1) * (ntypes_alloc + 1), body_dem::LinearContactCoeffs{});
}

/* pair_style <style> c_n c_t mu delta_ua cutoff [history [friction contact|pair]] [record N] */

void PairBodyLinearBase::settings(int narg, char **arg)
{
  body_dem::StyleArgs args(lmp, command);
  take_trailing_keywords(narg, arg);
  if (narg < 5 || narg > 8)
    args.fail(std::string("expected c_n c_t mu delta_ua cutoff [history [friction contact|pair]] ") +
              trailing_keywords_usage() + ", got " + std::to_string(narg) + " arguments");
  c_n = args.nonnegative(arg[0], "c_n");
  c_t = args.nonnegative(arg[1], "c_t");
  mu = args.nonnegative(arg[2], "mu");
  delta_ua = args.positive(arg[3], "delta_ua");
  cut_surface = args.nonnegative(arg[4], "cutoff");
  history = 0;
  friction_per_contact = 1;
  if (narg >= 6) {
    if (strcmp(arg[5], "history") != 0) {
      if (strcmp(arg[5], "friction") == 0)
        args.fail("the friction keyword needs the history keyword before it (the friction springs are the "
                  "history)");
      args.fail(std::string("unknown keyword '") + arg[5] + "' (expected: history or record)");
    }
    history = 1;
  }
  if (narg >= 7) {
    if (strcmp(arg[6], "friction") != 0)
      args.fail(std::string("unknown keyword '") + arg[6] + "' after history (expected: friction)");
    if (narg == 7) args.fail("friction expects contact or pair");
    if (strcmp(arg[7], "contact") == 0)
      friction_per_contact = 1;
    else if (strcmp(arg[7], "pair") == 0)
      friction_per_contact = 0;
    else
      args.fail(std::string("friction '") + arg[7] + "' is not supported (expected contact or pair)");
  }
  // Per-contact springs: in the weight record (3d) or in the style's own
  // values (2d, contact_springs.h).
  keep_contact_springs(history && friction_per_contact);
  // Without history the friction magnitude mu k_n |delta_n| is capped by
  // c_t |v_t|: with c_t = 0 the friction would silently vanish.
  if (!history && mu > 0.0 && c_t == 0.0)
    args.fail("mu > 0 needs c_t > 0 without the history keyword (the friction force is capped "
              "by c_t |v_t|)");

  for (auto &c : coeffs) {
    c.c_n = c_n;
    c.c_t = c_t;
    c.mu = mu;
    c.cutoff = cut_surface;
    c.friction_per_contact = friction_per_contact != 0;
  }
}

/* pair_coeff I J k_n k_na [k_t] */

void PairBodyLinearBase::coeff(int narg, char **arg)
{
  body_dem::StyleArgs args(lmp, "pair_coeff (" + command.substr(std::strlen("pair_style ")) + ")");
  if (narg < 4 || narg > 5)
    args.fail("expected I J k_n k_na [k_t], got " + std::to_string(narg) + " arguments");
  if (!allocated) allocate();

  int ilo, ihi, jlo, jhi;
  args.type_range(arg[0], "I", atom->ntypes, ilo, ihi);
  args.type_range(arg[1], "J", atom->ntypes, jlo, jhi);

  body_dem::LinearContactCoeffs c;
  c.k_n = args.nonnegative(arg[2], "k_n");
  c.k_na = args.nonnegative(arg[3], "k_na");
  if (narg == 5) c.k_t = args.nonnegative(arg[4], "k_t");
  body_dem::apply_default_tangential_stiffness(c);
  c.c_n = c_n;
  c.c_t = c_t;
  c.mu = mu;
  c.cutoff = cut_surface;
  c.friction_per_contact = friction_per_contact != 0;

  int count = 0;
  for (int i = ilo; i <= ihi; i++) {
    for (int j = std::max(jlo, i); j <= jhi; j++) {
      coeffs[i * (ntypes_alloc + 1) + j] = c;
      setflag[i][j] = 1;
      count++;
    }
  }
  if (count == 0)
    args.fail(std::string("no type pair I <= J in the ranges '") + arg[0] + "' '" + arg[1] +
              "' (give the lower type first)");
}

double PairBodyLinearBase::init_one(int i, int j)
{
  require_coeffs_set(i, j);
  coeffs[j * (ntypes_alloc + 1) + i] = coeffs[i * (ntypes_alloc + 1) + j];
  return cutoff_for_types(i, j);
}
