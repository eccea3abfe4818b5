/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: pair_style body/rounded/polygon (LAMMPS glue).
   The contact geometry is in polygon_contacts.h, the force law in
   linear_contact_law.h, the per-pair function in polygon_pair_kernel.h.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_PAIR_BODY_ROUNDED_POLYGON_H
#define BODY_DEM_PAIR_BODY_ROUNDED_POLYGON_H

#include "pair.h"

#include "linear_contact_law.h"
#include "linear_pair_forces.h"
#include "polygon_contacts.h"

#include <vector>

namespace LAMMPS_NS {

// Named apart from the host's built-in class of the same style, which it
// replaces when the plugin is loaded.
class PairBodyRoundedPolygonDEM : public Pair {
 public:
  PairBodyRoundedPolygonDEM(class LAMMPS *);
  ~PairBodyRoundedPolygonDEM() override;
  void compute(int, int) override;
  void settings(int, char **) override;
  void coeff(int, char **) override;
  void init_style() override;
  double init_one(int, int) override;
  double memory_usage() override;

  // Shared with the wall fix and the /omp variant.
  bool history_enabled() const { return history; }
  const body_dem::LinearContactCoeffs &pair_coeffs(int itype, int jtype) const
  {
    return coeffs[itype * (ntypes_alloc + 1) + jtype];
  }
  double delta_ua_value() const { return delta_ua; }

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
  std::vector<body_dem::Vec3> vertex_buffer;
  std::vector<int> first_vertex;
  std::vector<body_dem::PolygonShape> shapes;
  std::vector<body_dem::BodyMotion> motions;

  class FixNeighHistory *fix_history = nullptr;
  class FixDummy *fix_dummy = nullptr;
  class AtomVecBody *avec = nullptr;
  class BodyRoundedPolygon *bptr = nullptr;

  void allocate();
  void refresh_bodies();
  body_dem::PairStepSettings step_settings() const;
  bool accumulate_work() const;
  std::string history_fix_id() const;
};

}    // namespace LAMMPS_NS

#endif
