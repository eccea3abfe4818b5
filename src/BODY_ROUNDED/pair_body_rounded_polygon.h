/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: pair_style body/rounded/polygon (LAMMPS glue).
   The contact geometry is in polygon_contacts.h, the force law in
   linear_contact_law.h, the per-pair function in polygon_pair_kernel.h.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_PAIR_BODY_ROUNDED_POLYGON_H
#define BODY_DEM_PAIR_BODY_ROUNDED_POLYGON_H

#include "pair.h"

#include "linear_contact_law.h"
#include "polygon_body_frames.h"
#include "work_accounting.h"

#include <vector>

namespace LAMMPS_NS {

// Named apart from the host's built-in class of the same style, which it
// replaces when the plugin is loaded.
class PairBodyRoundedPolygonDEM : public Pair, public body_dem::WorkAccountingClient {
 public:
  PairBodyRoundedPolygonDEM(class LAMMPS *);
  ~PairBodyRoundedPolygonDEM() override;
  void compute(int, int) override;
  void settings(int, char **) override;
  void coeff(int, char **) override;
  void init_style() override;
  double init_one(int, int) override;
  double memory_usage() override;
  int pack_reverse_comm(int, int, double *) override;
  void unpack_reverse_comm(int, int *, double *) override;
  void work_setup() override;
  void work_end_of_step() override;

  // Shared with the wall fix and the /omp variant.
  bool history_enabled() const { return history; }
  const body_dem::LinearContactCoeffs &pair_coeffs(int itype, int jtype) const
  {
    return coeffs[itype * (ntypes_alloc + 1) + jtype];
  }
  double delta_ua_value() const { return delta_ua; }
  double friction_coefficient() const { return mu; }

 protected:
  // settings
  int history = 0;         // history keyword: tangential spring per pair
  int size_history = 3;    // values per pair in the history fix (xi)
  double c_n = 0.0, c_t = 0.0, mu = 0.0, delta_ua = 1.0, cut_surface = 0.0;

  // per type pair (ntypes+1)^2, row-major
  std::vector<body_dem::LinearContactCoeffs> coeffs;
  int ntypes_alloc = 0;
  std::vector<double> maxrad;    // largest enclosing radius per type

  // space-frame shapes and motion of local + ghost bodies, refreshed once per step
  body_dem::PolygonBodyFrames frames;

  // work of the j_a scaling and of damping and friction (pvector)
  body_dem::WorkAccounting work;
  class FixBodyWork *fix_work = nullptr;
  std::string work_fix_id() const;

  class FixNeighHistory *fix_history = nullptr;
  class FixDummy *fix_dummy = nullptr;
  class AtomVecBody *avec = nullptr;
  class BodyRoundedPolygon *bptr = nullptr;

  void allocate();
  body_dem::PairStepSettings step_settings() const;
  std::string history_fix_id() const;
};

}    // namespace LAMMPS_NS

#endif
