/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: pair_style body/rounded/polygon (LAMMPS glue).
   The contact geometry is in polygon_contacts.h, the force law in
   linear_contact_law.h, the per-pair function in polygon_pair_kernel.h;
   settings and coefficients in pair_body_linear_base.h, the neighbour
   loop, history and work accumulators in pair_body_base.h.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_PAIR_BODY_ROUNDED_POLYGON_H
#define BODY_DEM_PAIR_BODY_ROUNDED_POLYGON_H

#include "pair_body_linear_base.h"

#include "polygon_body_frames.h"
#include "polygon_pair_kernel.h"

namespace LAMMPS_NS {

// Named apart from the host's built-in class of the same style, which it
// replaces when the plugin is loaded.
class PairBodyRoundedPolygonDEM : public PairBodyLinearBase {
 public:
  PairBodyRoundedPolygonDEM(class LAMMPS *);
  void compute(int, int) override;
  double memory_usage() override;

 protected:
  class BodyRoundedPolygon *bptr = nullptr;
  // space-frame shapes and motion of local + ghost bodies, refreshed once per step
  body_dem::PolygonBodyFrames frames;

  void init_body_style() override;
  std::string body_shape_defect(int i, const char * /*rounding_required_by*/) override
  {
    return body_dem::PolygonBodyFrames::shape_defect(atom, avec, bptr, i, shape_buffers);
  }
  body_dem::PolygonBodyFrames::ShapeCheckBuffers shape_buffers;
  // The springs of `friction contact` are the style's own values of a pair
  // (contact_springs.h: its two contacts' springs under their vertices).
  void keep_contact_springs(bool springs) override;
  bool contact_springs = false;

  // The per-pair function of the serial and the /omp style (reads the
  // bodies of this step's frames; writes nothing but *xi and, with the
  // per-contact springs, the pair's springs in style_values). 2d contacts
  // carry no weights: there is no weight record.
  body_dem::PairResult pair_forces(int i, int j, const body_dem::PairStepSettings &settings, body_dem::Vec3 *xi,
                                   const body_dem::WeightRecordRef & /*weight_record*/, double *style_values,
                                   bool &overflow) const
  {
    const int *type = atom->type;
    body_dem::PolygonPairStatus status;
    body_dem::SpringSlotsRef slots;
    if (contact_springs && style_values && history)
      slots = {style_values, body_dem::kPolygonSpringSlots, atom->tag[i] > atom->tag[j]};
    const body_dem::PairResult r =
        body_dem::polygon_pair_forces(frames.shape(i), frames.motion(i), frames.shape(j), frames.motion(j),
                                      pair_coeffs(type[i], type[j]), delta_ua, settings, xi, &status, slots);
    overflow = status.overflow;
    return r;
  }
};

}    // namespace LAMMPS_NS

#endif
