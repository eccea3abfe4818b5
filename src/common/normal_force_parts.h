// The normal force of one contact in the parts that the styles book
// separately (layer 2; plain C++): the elastic and cohesive (or adhesive)
// parts derive from the reported energy, the j_a part and the damping do
// not (their work is reported instead). Shared by the linear and granular
// laws.
#ifndef BODY_DEM_NORMAL_FORCE_PARTS_H
#define BODY_DEM_NORMAL_FORCE_PARTS_H

#include "device_marks.h"

namespace body_dem {

struct NormalForceParts {
  bool active = false;      // delta_n <= r_c: the contact interacts
  bool overlap = false;     // delta_n <= 0: the surfaces overlap
  double elastic = 0.0;     // elastic force of the normal model (overlap only)
  double cohesive = 0.0;    // -k_na (r_c - delta_n), or the adhesion force of the granular law
  double ja_extra = 0.0;    // -(j_a - 1) k_na (r_c - delta_n), overlap only
  double damping = 0.0;     // normal damping, overlap only
  double energy = 0.0;      // E, with -dE/d(delta_n) = elastic + cohesive

  BODY_DEM_HOST_DEVICE double conservative() const { return elastic + cohesive; }
  BODY_DEM_HOST_DEVICE double total() const { return elastic + cohesive + ja_extra + damping; }
};

}    // namespace body_dem

#endif
