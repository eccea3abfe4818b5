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

namespace body_dem {

// Everything the per-pair function of body/rounded/polygon reads, by
// value: pointers into the host's memory (serial, /omp, the Kokkos host
// loop) or into a device's (the Kokkos pair loop, pair_body_kokkos.h).
struct PolygonPairKernel {
  const PolygonShape *shapes;    // per atom, this step's space frame
  const BodyMotion *motions;
  const int *type;               // atom types
  const LAMMPS_NS::tagint *tag;  // atom IDs (which body a pair's springs are seen from)
  const LinearContactCoeffs *coeffs;    // (ntypes+1)^2, row-major
  int row_length;                // ntypes+1
  double delta_ua;
  bool spring_slots;             // `friction contact` with history and the farthest rule: the springs in style_values
  PolygonContactRule rule = PolygonContactRule::weighted;    // pair_style keyword `contacts`

  BODY_DEM_HOST_DEVICE PairResult operator()(int i, int j, const PairStepSettings &settings, Vec3 *xi,
                                             const WeightRecordRef &weight_record, double *style_values,
                                             bool &overflow, ContactRecorder *recorder = nullptr) const
  {
    PolygonPairStatus status;
    SpringSlotsRef slots;
    if (spring_slots && style_values) slots = {style_values, kPolygonSpringSlots, tag[i] > tag[j]};
    PairResult r = polygon_pair_forces(shapes[i], motions[i], shapes[j], motions[j],
                                       coeffs[type[i] * row_length + type[j]], delta_ua, settings, xi, &status, slots,
                                       rule, weight_record, recorder);
    overflow = status.overflow || status.record_count > 0;
    return r;
  }
};

}    // namespace body_dem

namespace LAMMPS_NS {

// Named apart from the host's built-in class of the same style, which it
// replaces when the plugin is loaded.
class PairBodyRoundedPolygonDEM : public PairBodyLinearBase {
 public:
  PairBodyRoundedPolygonDEM(class LAMMPS *);
  void compute(int, int) override;
  double memory_usage() override;
  // The rule of `contacts`, which fix wall/body/polygon follows.
  body_dem::PolygonContactRule contact_rule_value() const { return contact_rule; }

 protected:
  class BodyRoundedPolygon *bptr = nullptr;
  // space-frame shapes and motion of local + ghost bodies, refreshed once per step
  body_dem::PolygonBodyFrames frames;

  void init_body_style() override;
  // The keywords of PairBodyLinearBase and `contacts farthest|weighted`.
  void take_trailing_keywords(int &narg, char **arg) override;
  int body_vertex_count(int i) const override
  {
    return body_dem::PolygonBodyFrames::vertex_count(atom, avec, bptr, i);
  }
  // Twice the largest vertex count without the 3d styles' floor of 16: a
  // vertex makes at most one weighted candidate, so a pair of polygons of
  // at most V vertices has at most 2 V (polygon_record_capacity()).
  int default_record_capacity(int largest_vertex_count) const override
  {
    return body_dem::polygon_record_capacity(largest_vertex_count);
  }
  std::string body_shape_defect(int i, const char * /*rounding_required_by*/) override
  {
    return body_dem::PolygonBodyFrames::shape_defect(atom, avec, bptr, i, shape_buffers);
  }
  body_dem::PolygonBodyFrames::ShapeCheckBuffers shape_buffers;
  // The springs of `friction contact`: with the weighted rule in the
  // pair's weight record (one per candidate, weight_work.h); with the
  // farthest rule the style's own values of a pair (contact_springs.h:
  // its two contacts' springs under their vertices).
  void keep_contact_springs(bool springs) override;
  bool contact_springs = false;
  body_dem::PolygonContactRule contact_rule = body_dem::PolygonContactRule::weighted;    // settings() sets it
  // Which pair overflowed a capacity, with its count and the limit (the
  // error path only: the neighbour list is scanned again).
  std::string overflow_detail() override;

  // The per-pair function of the serial, /omp and Kokkos styles, over
  // this step's frames (reads the bodies; writes nothing but *xi and, with
  // the per-contact springs, the pair's springs in style_values). With
  // `contacts weighted` the pair keeps a weight record (weight_work.h);
  // with the seed's rule 2d contacts carry no weights and there is none.
  body_dem::PolygonPairKernel pair_kernel() const
  {
    return {frames.shapes(), frames.motions(), atom->type, atom->tag, coeffs.data(), ntypes_alloc + 1, delta_ua,
            contact_springs && history && contact_rule == body_dem::PolygonContactRule::farthest, contact_rule};
  }
  body_dem::PairResult pair_forces(int i, int j, const body_dem::PairStepSettings &settings, body_dem::Vec3 *xi,
                                   const body_dem::WeightRecordRef &weight_record, double *style_values,
                                   bool &overflow, body_dem::ContactRecorder *recorder) const
  {
    return pair_kernel()(i, j, settings, xi, weight_record, style_values, overflow, recorder);
  }
};

}    // namespace LAMMPS_NS

#endif
