/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: fix wall/body/polygon (LAMMPS glue). Flat or circular
   walls for rounded polygons with the contact law of the pair style
   body/rounded/polygon, friction spring per body and wall with history.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_FIX_WALL_BODY_POLYGON_H
#define BODY_DEM_FIX_WALL_BODY_POLYGON_H

#include "fix.h"

#include "linear_contact_law.h"
#include "polygon_body_frames.h"

#include <vector>
#include "work_accounting.h"

namespace LAMMPS_NS {

// Named apart from the host's built-in class of the same style, which it
// replaces when the plugin is loaded.
class FixWallBodyPolygonDEM : public Fix {
 public:
  FixWallBodyPolygonDEM(class LAMMPS *, int, char **);
  ~FixWallBodyPolygonDEM() override;
  int setmask() override;
  void init() override;
  void setup(int) override;
  void post_force(int) override;
  void end_of_step() override;
  double compute_scalar() override;
  double compute_vector(int) override;
  double memory_usage() override;

  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  int size_restart(int) override;
  int maxsize_restart() override;

 private:
  enum class WallStyle { xplane, yplane, zcylinder };
  static constexpr int kHistoryPerWall = 3;    // xi of one wall
  static constexpr int kWallsMax = 2;          // lo and hi

  WallStyle wallstyle = WallStyle::xplane;
  double k_n = 0.0, c_n = 0.0, c_t = 0.0;
  double lo = 0.0, hi = 0.0, cylinder_radius = 0.0;
  bool has_lo = false, has_hi = false;
  int wiggle = 0, wiggle_axis = 0;
  double amplitude = 0.0, period = 0.0, omega_wiggle = 0.0;
  bigint time_origin = 0;

  body_dem::LinearContactCoeffs coeffs;    // wall's k_n, c_n, c_t; mu and history of the pair style
  bool history = false;
  double **wall_history = nullptr;         // per atom: xi for each wall
  double wall_energy = 0.0;                // elastic energy of the wall contacts (this step)
  double wall_energy_all = 0.0;
  body_dem::WorkAccounting work;           // loads of the wall's damping and friction
  // work integrated on this rank's atoms; [1]: damping and friction
  double work_local[body_dem::WorkAccounting::kParts] = {0.0, 0.0};
  // elastic force of the walls on this rank's bodies (this step), and the
  // work a moving wall does through it
  body_dem::Vec3 elastic_on_bodies;
  double motion_power_previous = 0.0;
  double work_motion_local = 0.0;
  body_dem::Vec3 wall_velocity_now() const;

  class AtomVecBody *avec = nullptr;
  class BodyRoundedPolygon *bptr = nullptr;
  std::vector<body_dem::Vec3> vertex_buffer;    // space-frame vertices of one body
};

}    // namespace LAMMPS_NS

#endif
