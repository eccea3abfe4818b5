/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: pair_style body/rounded/polyhedron/granular (LAMMPS
   glue, seeds/001): the contacts of body/rounded/polyhedron with the
   normal, damping and tangential models of pair_style granular, with one
   effective radius per pair of bodies (pair_effective_radius()).
     pair_style body/rounded/polyhedron/granular delta_ua cutoff
     pair_coeff I J normal_model coeffs tangential model coeffs
                [damping model] [cohesion k_na | adhesion dhat_p dhat_a Y eps_c
                [tangential_adhesion eps_a mu_a]]
   The contact law is in granular_pair_forces.h (GranularLaw), the
   neighbour loop, history and work accumulators in pair_body_base.h.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_PAIR_BODY_ROUNDED_POLYHEDRON_GRANULAR_H
#define BODY_DEM_PAIR_BODY_ROUNDED_POLYHEDRON_GRANULAR_H

#include "pair_body_base.h"

#include "granular_contact_models.h"
#include "granular_pair_forces.h"
#include "polyhedron_body_frames.h"
#include "polyhedron_pair_kernel.h"
#include "sphere_pair_contact.h"

#include <vector>

namespace body_dem {

// Everything the per-pair function of body/rounded/polyhedron/granular
// reads, by value: pointers into the host's memory (serial, /omp, the
// Kokkos host loop) or into a device's (the Kokkos pair loop,
// pair_body_kokkos.h).
struct GranularPairKernel {
  const PolyhedronShape *shapes;    // per atom, this step's space frame
  const BodyMotion *motions;
  const int *type;                  // atom types
  const double *rmass;              // per-atom masses
  const GranularPairModel *models;  // (ntypes+1)^2, row-major
  int row_length;                   // ntypes+1
  double cut_surface;
  double delta_ua;
  SmoothingParams smoothing;

  BODY_DEM_HOST_DEVICE PairResult operator()(int i, int j, const PairStepSettings &settings, Vec3 *xi,
                                             const WeightRecordRef &weight_record, double *style_values,
                                             bool &overflow, ContactRecorder *recorder = nullptr) const
  {
    const PolyhedronShape &si = shapes[i], &sj = shapes[j];
    // Two spheres whose record is empty (always: they never write one)
    // take the sphere path (sphere_pair_contact.h), the same forces.
    if (si.nvertices == 1 && sj.nvertices == 1 &&
        (!weight_record.values || weight_record.empty || !(weight_record.values[0] > 0.0))) {
      overflow = false;
      return sphere_pair_forces(i, j, si, sj, settings, xi, style_values, recorder);
    }
    PolyhedronContactList contacts;
    PolyhedronWeightLedger ledger;
    find_polyhedron_contacts(si, sj, cut_surface, smoothing, contacts, weight_record.values ? &ledger : nullptr);
    overflow = contacts.overflow || ledger.overflow || record_overflows(ledger.size, weight_record);
    const double j_a = polyhedron_ja(contacts, cut_surface, delta_ua);
    const GranularLaw law = pair_law(i, j, si, sj);
    PairResult r = weighted_contact_forces(contacts, ledger, j_a, motions[i], motions[j], law, settings, xi,
                                           weight_record, recorder);
    add_adhesion_tangential(contacts.data(), contacts.size, i, j, law, settings, style_values, r, recorder);
    return r;
  }

  // The sphere path: the one contact of two spheres (weight 1, j_a 1, no
  // ledger), with the law and the adhesion of the general path.
  BODY_DEM_HOST_DEVICE PairResult sphere_pair_forces(int i, int j, const PolyhedronShape &si,
                                                     const PolyhedronShape &sj, const PairStepSettings &settings,
                                                     Vec3 *xi, double *style_values,
                                                     ContactRecorder *recorder) const
  {
    Contact contact;
    const int n =
        sphere_pair_contact(si.vertices[0], si.rounded_radius, sj.vertices[0], sj.rounded_radius, cut_surface, contact)
        ? 1
        : 0;
    const GranularLaw law = pair_law(i, j, si, sj);
    PairResult r = pair_contact_forces(&contact, n, 1.0, motions[i], motions[j], law, settings, xi, nullptr, nullptr,
                                       false, recorder);
    add_adhesion_tangential(&contact, n, i, j, law, settings, style_values, r, recorder);
    return r;
  }

  // The law of the pair (i, j): its types' model, one R_eff per pair, the
  // effective mass.
  BODY_DEM_HOST_DEVICE GranularLaw pair_law(int i, int j, const PolyhedronShape &si, const PolyhedronShape &sj) const
  {
    return GranularLaw{models[type[i] * row_length + type[j]],
                       pair_effective_radius(si.rounded_radius, sj.rounded_radius), effective_mass(rmass[i], rmass[j]),
                       cut_surface};
  }

  // The tangential adhesion of the contacts, with its state in the pair's
  // style_values (nothing without them or without the model's adhesion).
  BODY_DEM_HOST_DEVICE void add_adhesion_tangential(const Contact *contacts, int n, int i, int j,
                                                    const GranularLaw &law, const PairStepSettings &settings,
                                                    double *style_values, PairResult &r,
                                                    ContactRecorder *recorder) const
  {
    if (!style_values || !law.model.uses_tangential_adhesion()) return;
    auto state = TangentialAdhesionState::from(style_values);
    add_tangential_adhesion(contacts, n, motions[i], motions[j], law, settings, state, r, recorder);
    state.to(style_values);
  }
};

}    // namespace body_dem

namespace LAMMPS_NS {

class PairBodyRoundedPolyhedronGranular : public PairBodyBase {
 public:
  PairBodyRoundedPolyhedronGranular(class LAMMPS *);
  void compute(int, int) override;
  void settings(int, char **) override;
  void coeff(int, char **) override;
  double init_one(int, int) override;
  double memory_usage() override;
  // as body/rounded/polyhedron: "body_topology_builds", "body_frames_turned"
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
  const body_dem::GranularPairModel &pair_model(int itype, int jtype) const
  {
    return models[itype * (ntypes_alloc + 1) + jtype];
  }
  double delta_ua_value() const { return delta_ua; }
  const body_dem::SmoothingParams &smoothing_params() const { return smoothing; }

  // Parses "normal_model coeffs tangential model coeffs [damping model]
  // [cohesion k_na | adhesion dhat_p dhat_a Y eps_c [tangential_adhesion
  // eps_a mu_a]]" (the arguments after I J) for this style and its wall;
  // `command` names the command in error messages.
  static body_dem::GranularPairModel parse_model(class LAMMPS *lmp, const std::string &command, int narg,
                                                 char **arg);

 protected:
  double delta_ua = 1.0;
  std::vector<body_dem::GranularPairModel> models;    // (ntypes+1)^2, row-major
  int ntypes_alloc = 0;
  class BodyRoundedPolyhedron *bptr = nullptr;
  body_dem::PolyhedronBodyFrames frames;
  int frames_turned = 0;    // for extract("body_frames_turned")
  body_dem::SmoothingParams smoothing;

  void allocate();
  void init_body_style() override;
  int body_vertex_count(int i) const override
  {
    return body_dem::PolyhedronBodyFrames::counts(atom, avec, bptr, i).nvertices;
  }
  // The pair that went past a capacity (polyhedron_capacity_message.h).
  std::string overflow_detail() override;
  std::string body_shape_defect(int i, const char *rounding_required_by) override;
  const char *rounding_required_by(int type) const override;
  body_dem::PolyhedronBodyFrames::ShapeCheckBuffers shape_buffers;
  // y of the tangential adhesion changes sign with the side the pair is seen from.
  void transfer_style_values(const double *source, double *target) const override;
  // The adhesion of types I,J acts within the cutoff of the contacts.
  void check_adhesion_range(int itype, int jtype) const;

  // The per-pair function of the serial, /omp and Kokkos styles, over
  // this step's frames (reads the bodies; writes nothing but the pair's
  // history *xi, weight_record and, with tangential adhesion, its state in
  // style_values).
  body_dem::GranularPairKernel pair_kernel() const
  {
    return {frames.shapes(), frames.motions(), atom->type, atom->rmass, models.data(), ntypes_alloc + 1,
            cut_surface, delta_ua, smoothing};
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
