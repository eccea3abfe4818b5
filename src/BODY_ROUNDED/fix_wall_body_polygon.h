/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: fix wall/body/polygon (LAMMPS glue). Flat or circular
   walls for rounded polygons with the contact law of the pair style
   body/rounded/polygon (its mu and history, or the wall's own history mu
   k_t; no cohesion) and its `contacts` rule: every vertex contact of a
   body with a wall receives its force (weighted, the default), or the two
   farthest apart (farthest, the seed's rule); polygon_wall_forces().
   Syntax, walls, springs and outputs in fix_wall_body_base.h.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_FIX_WALL_BODY_POLYGON_H
#define BODY_DEM_FIX_WALL_BODY_POLYGON_H

#include "fix_wall_body_linear_base.h"

#include "linear_contact_law.h"
#include "polygon_body_frames.h"
#include "polygon_contacts.h"

#include <atomic>
#include <vector>

namespace LAMMPS_NS {

// Named apart from the host's built-in class of the same style, which it
// replaces when the plugin is loaded.
class FixWallBodyPolygonDEM : public FixWallBodyLinearBase {
 public:
  FixWallBodyPolygonDEM(class LAMMPS *, int, char **);
  void init() override;
  void post_force(int) override;
  void setup_friction() override;
  double memory_usage() override;

 private:
  double k_n = 0.0, c_n = 0.0, c_t = 0.0;
  body_dem::LinearContactCoeffs coeffs;    // wall's k_n, c_n, c_t; mu and k_t (linear_wall_law())
  class BodyRoundedPolygon *bptr = nullptr;
  // space-frame vertices of one body, per thread of the wall loop
  std::vector<std::vector<body_dem::Vec3>> vertex_buffers = std::vector<std::vector<body_dem::Vec3>>(1);
  body_dem::PolygonBodyFrames::ShapeCheckBuffers shape_buffers;
  body_dem::PolygonContactRule contact_rule = body_dem::PolygonContactRule::weighted;    // the pair style's
  // a body with more vertices in overlap than the springs' slots (any
  // thread's; the run ends with an error naming it)
  std::atomic<int> slot_overflow_count{0};
  std::atomic<long long> slot_overflow_tag{0};
  std::string body_shape_defect(int i, const char *rounding_required_by) override;
};

}    // namespace LAMMPS_NS

#endif
