/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: pair_style body/rounded/polyhedron (LAMMPS glue).
   The contact geometry is in polyhedron_contacts.h, the force law in
   linear_contact_law.h, the per-pair function (with j_a) in
   polyhedron_pair_kernel.h; settings and coefficients in
   pair_body_linear_base.h, the neighbour loop, history and work
   accumulators in pair_body_base.h.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_PAIR_BODY_ROUNDED_POLYHEDRON_H
#define BODY_DEM_PAIR_BODY_ROUNDED_POLYHEDRON_H

#include "pair_body_linear_base.h"

#include "polyhedron_body_frames.h"
#include "polyhedron_pair_kernel.h"

namespace body_dem {

// Everything the per-pair function of body/rounded/polyhedron reads, by
// value: pointers into the host's memory (serial, /omp, the Kokkos host
// loop) or into a device's (the Kokkos pair loop, pair_body_kokkos.h).
struct PolyhedronPairKernel {
  const PolyhedronShape *shapes;    // per atom, this step's space frame
  const BodyMotion *motions;
  const int *type;                  // atom types
  const LinearContactCoeffs *coeffs;    // (ntypes+1)^2, row-major
  int row_length;                   // ntypes+1
  double delta_ua;
  SmoothingParams smoothing;

  // style_values: none in this style.
  BODY_DEM_HOST_DEVICE PairResult operator()(int i, int j, const PairStepSettings &settings, Vec3 *xi,
                                             const WeightRecordRef &weight_record, double * /*style_values*/,
                                             bool &overflow, ContactRecorder *recorder = nullptr) const
  {
    PolyhedronPairStatus status;
    PairResult r =
        polyhedron_pair_forces(shapes[i], motions[i], shapes[j], motions[j],
                               coeffs[type[i] * row_length + type[j]], delta_ua, smoothing, settings, xi, &status,
                               weight_record, recorder);
    overflow = status.overflow || status.record_count > 0;
    return r;
  }
};

}    // namespace body_dem

namespace LAMMPS_NS {

// Named apart from the host's built-in class of the same style, which it
// replaces when the plugin is loaded.
class PairBodyRoundedPolyhedronDEM : public PairBodyLinearBase {
 public:
  PairBodyRoundedPolyhedronDEM(class LAMMPS *);
  void compute(int, int) override;
  double memory_usage() override;
  // "body_topology_builds" (long long): how often a body shape's topology
  // was computed on this rank (once per distinct shape, polyhedron_body_frames.h);
  // "body_frames_turned" (int): the atoms turned into the space frame at
  // the last step (those that a pair within reach needed)
  void *extract(const char *name, int &dim) override
  {
    dim = 0;
    if (std::string(name) == "body_frames_turned") {
      frames_turned = frames.turned_this_step();
      return &frames_turned;
    }
    return std::string(name) == "body_topology_builds" ? frames.topology_builds_counter() : nullptr;
  }

  // Shared with the wall and the /omp variant.
  const body_dem::SmoothingParams &smoothing_params() const { return smoothing; }

 protected:
  class BodyRoundedPolyhedron *bptr = nullptr;
  // space-frame shapes and motion of local + ghost bodies, refreshed once per step
  body_dem::PolyhedronBodyFrames frames;
  int frames_turned = 0;    // for extract("body_frames_turned")
  // parameters of the contact weights (defaults of polyhedron_contacts.h)
  body_dem::SmoothingParams smoothing;

  void init_body_style() override;
  int body_vertex_count(int i) const override
  {
    return body_dem::PolyhedronBodyFrames::counts(atom, avec, bptr, i).nvertices;
  }
  // The pair that went past a capacity (polyhedron_capacity_message.h).
  std::string overflow_detail() override;
  // `ridge t0 t1` and `record N`, in either order (ridge_keyword.h)
  void take_trailing_keywords(int &narg, char **arg) override;
  const char *trailing_keywords_usage() const override { return "[ridge t0 t1] [record N]"; }
  // The room of the springs is kept in the record whatever `history` and
  // `friction` say (the constructor reserves it): the size of a pair's
  // history then never changes when the style is given again between runs
  // with `history` switched on or off. Without springs in use it stays
  // zero; the cost is 48 doubles more per pair without history.
  void keep_contact_springs(bool /*springs*/) override {}
  std::string body_shape_defect(int i, const char *rounding_required_by) override
  {
    return body_dem::PolyhedronBodyFrames::shape_defect(atom, avec, bptr, i, rounding_required_by, shape_buffers);
  }
  body_dem::PolyhedronBodyFrames::ShapeCheckBuffers shape_buffers;

  // The per-pair function of the serial, /omp and Kokkos styles, over
  // this step's frames (reads the bodies; writes nothing but the pair's
  // history *xi and weight_record).
  body_dem::PolyhedronPairKernel pair_kernel() const
  {
    return {frames.shapes(), frames.motions(), atom->type, coeffs.data(), ntypes_alloc + 1, delta_ua, smoothing};
  }
  // The argument list of the other styles' per-pair functions, so that
  // the loops take any of the three; this style keeps no values of its
  // own per pair (style_values is nullptr).
  body_dem::PairResult pair_forces(int i, int j, const body_dem::PairStepSettings &settings, body_dem::Vec3 *xi,
                                   const body_dem::WeightRecordRef &weight_record, double *style_values,
                                   bool &overflow, body_dem::ContactRecorder *recorder) const
  {
    return pair_kernel()(i, j, settings, xi, weight_record, style_values, overflow, recorder);
  }
};

}    // namespace LAMMPS_NS

#endif
