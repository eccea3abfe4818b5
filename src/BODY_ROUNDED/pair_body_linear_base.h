/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: the linear (Fraige/Wang) pair styles' settings and
   coefficients (LAMMPS glue), shared by body/rounded/polygon and
   body/rounded/polyhedron:
     pair_style <style> c_n c_t mu delta_ua cutoff [history [friction contact|pair]] [record N]
     pair_coeff I J k_n k_na [k_t]
------------------------------------------------------------------------- */

#ifndef BODY_DEM_PAIR_BODY_LINEAR_BASE_H
#define BODY_DEM_PAIR_BODY_LINEAR_BASE_H

#include "pair_body_base.h"

#include "linear_contact_law.h"

namespace LAMMPS_NS {

class PairBodyLinearBase : public PairBodyBase {
 public:
  using PairBodyBase::PairBodyBase;
  void settings(int, char **) override;
  void coeff(int, char **) override;
  double init_one(int, int) override;

  // Shared with the walls and the /omp variants.
  const body_dem::LinearContactCoeffs &pair_coeffs(int itype, int jtype) const
  {
    return coeffs[itype * (ntypes_alloc + 1) + jtype];
  }
  double delta_ua_value() const { return delta_ua; }
  double friction_coefficient() const { return mu; }
  // with history: a spring per contact (friction contact, the default) or per pair
  bool friction_per_contact_enabled() const { return friction_per_contact != 0; }

 protected:
  double c_n = 0.0, c_t = 0.0, mu = 0.0, delta_ua = 1.0;
  int friction_per_contact = 1;
  // The keywords after the history keywords, taken from the end of the
  // arguments (narg reduced) before the rest is parsed: `record N`; a style
  // with keywords of its own takes them too.
  virtual void take_trailing_keywords(int &narg, char **arg)
  {
    record_capacity_given = 0;
    while (take_record_keyword(narg, arg)) {}
  }
  // ... as the usage in the message of a wrong argument count shows them
  virtual const char *trailing_keywords_usage() const { return "[record N]"; }
  // Where a style keeps the springs of `friction contact` (3d: the weight
  // record; 2d: the style's own values).
  virtual void keep_contact_springs(bool springs) { keep_record_springs(springs); }
  std::vector<body_dem::LinearContactCoeffs> coeffs;    // (ntypes+1)^2, row-major
  int ntypes_alloc = 0;

  void allocate();
};

}    // namespace LAMMPS_NS

#endif
