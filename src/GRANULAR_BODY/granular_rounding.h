// Which granular contact models need rounded bodies (layer 2 of the
// package, no LAMMPS): the shape check of the granular style and its wall
// (body_shape_check.h) refuses a rounded diameter of 0 for them.
#ifndef BODY_DEM_GRANULAR_ROUNDING_H
#define BODY_DEM_GRANULAR_ROUNDING_H

#include "granular_contact_models.h"

namespace body_dem {

// hertz and hertz/material scale the force with sqrt(delta R_eff), the
// adhesion with pi R_eff^2, and R_eff is made of the rounded radii
// (effective_radius(), wall_effective_radius()): without rounding these
// models give no force, and bodies pass through each other. hooke does not
// use R_eff.
inline bool granular_model_needs_rounding(const GranularPairModel &m)
{
  return m.normal == GranularNormalModel::hertz || m.normal == GranularNormalModel::hertz_material ||
      m.adhesion_range() > 0.0;
}

constexpr const char *kGranularRoundingReason =
    "hertz, hertz/material and adhesion act through the effective radius of a contact, which is 0 without "
    "rounding";

}    // namespace body_dem

#endif
