// pair_style body/rounded/polyhedron/granular: the polyhedron contacts
// (weights, j_a from the contact region) with the granular contact law,
// through the neighbour loop of PairBodyBase.

#include "pair_body_rounded_polyhedron_granular.h"

#include "atom_vec_body.h"
#include "body_rounded_polyhedron.h"
#include "neighbor.h"

#include "granular_pair_forces.h"
#include "polyhedron_capacity_message.h"
#include "polyhedron_pair_kernel.h"
#include "granular_rounding.h"
#include "ridge_keyword.h"
#include "style_args.h"

#include <algorithm>
#include <cstring>

using namespace LAMMPS_NS;
using body_dem::GranularCoeffError;
using body_dem::GranularPairModel;

PairBodyRoundedPolyhedronGranular::PairBodyRoundedPolyhedronGranular(LAMMPS *lmp) :
    PairBodyBase(lmp, "body/rounded/polyhedron/granular", "rounded/polyhedron", 3, "BRPHG")
{
  contact_capacity = body_dem::kMaxPolyhedronContacts;
  enable_weight_record();
  // The record always has the room of the per-contact friction springs,
  // whatever the tangential model and `friction` of the pair_coeff
  // commands: the size of a pair's history then never changes when they
  // are given again between runs (unused room stays zero).
  keep_record_springs(true);
}

void PairBodyRoundedPolyhedronGranular::allocate()
{
  allocate_base();
  ntypes_alloc = atom->ntypes;
  models.assign(static_cast<size_t>(ntypes_alloc + 1) * (ntypes_alloc + 1), GranularPairModel{});
}

/* pair_style body/rounded/polyhedron/granular delta_ua cutoff [ridge t0 t1] [record N] */

void PairBodyRoundedPolyhedronGranular::settings(int narg, char **arg)
{
  body_dem::StyleArgs args(lmp, command);
  record_capacity_given = 0;
  smoothing = body_dem::SmoothingParams{};    // each pair_style command starts from the defaults
  bool ridge_given = false;
  while (take_record_keyword(narg, arg) ||
         body_dem::take_ridge_keyword(lmp, command, narg, arg, smoothing, ridge_given)) {
  }
  if (narg != 2)
    args.fail("expected delta_ua cutoff [ridge t0 t1] [record N], got " + std::to_string(narg) + " arguments");
  delta_ua = args.positive(arg[0], "delta_ua");
  cut_surface = args.nonnegative(arg[1], "cutoff");
}

namespace {

void check(const body_dem::StyleArgs &args, GranularCoeffError e, const std::string &what)
{
  if (e != GranularCoeffError::none) args.fail(what + ": " + body_dem::granular_coeff_error_text(e));
}

void check(const body_dem::StyleArgs &args, body_dem::AdhesionCoeffError e, const std::string &what)
{
  if (e != body_dem::AdhesionCoeffError::none) args.fail(what + ": " + body_dem::adhesion_coeff_error_text(e));
}

}    // namespace

GranularPairModel PairBodyRoundedPolyhedronGranular::parse_model(LAMMPS *lmp, const std::string &command,
                                                                  int narg, char **arg)
{
  body_dem::StyleArgs args(lmp, command);
  GranularPairModel m;
  if (narg < 1) args.fail("expected a normal model (hooke, hertz or hertz/material)");
  int iarg = 0;
  const std::string normal = arg[iarg];
  auto need = [&](int count, const std::string &what) {
    if (iarg + count >= narg)
      args.fail(what + " expects " + std::to_string(count) + (count == 1 ? " coefficient" : " coefficients") +
                ", got " + std::to_string(narg - iarg - 1));
  };
  if (normal == "hooke" || normal == "hertz") {
    need(2, normal);
    const double kn = args.number(arg[iarg + 1], "k_n");
    const double damp = args.number(arg[iarg + 2], "damp");
    check(args, normal == "hooke" ? m.set_hooke(kn, damp) : m.set_hertz(kn, damp), normal);
    iarg += 3;
  } else if (normal == "hertz/material") {
    need(3, normal);
    const double E = args.number(arg[iarg + 1], "E");
    const double damp = args.number(arg[iarg + 2], "damp");
    const double nu = args.number(arg[iarg + 3], "poisson");
    check(args, m.set_hertz_material(E, damp, nu), normal);
    iarg += 4;
  } else {
    args.fail("normal model '" + normal + "' is not supported (supported: hooke, hertz, hertz/material)");
  }

  bool has_tangential = false, has_cohesion = false, has_adhesion = false, has_tangential_adhesion = false;
  while (iarg < narg) {
    const std::string key = arg[iarg];
    if (key == "tangential") {
      if (iarg + 1 >= narg) args.fail("tangential expects a model (linear_nohistory or linear_history)");
      const std::string model = arg[iarg + 1];
      if (model == "linear_nohistory") {
        iarg += 1;
        need(2, "tangential linear_nohistory");
        check(args,
              m.set_linear_nohistory(args.number(arg[iarg + 1], "x_gamma_t"), args.number(arg[iarg + 2], "mu")),
              "tangential linear_nohistory");
        iarg += 3;
      } else if (model == "linear_history") {
        iarg += 1;
        need(3, "tangential linear_history");
        check(args,
              m.set_linear_history(args.number(arg[iarg + 1], "k_t"), args.number(arg[iarg + 2], "x_gamma_t"),
                                   args.number(arg[iarg + 3], "mu")),
              "tangential linear_history");
        iarg += 4;
      } else {
        args.fail("tangential model '" + model + "' is not supported (supported: linear_nohistory, linear_history)");
      }
      has_tangential = true;
    } else if (key == "damping") {
      if (iarg + 1 >= narg) args.fail("damping expects a model (velocity or mass_velocity)");
      const std::string model = arg[iarg + 1];
      if (model == "velocity")
        m.set_damping(body_dem::GranularDampingModel::velocity);
      else if (model == "mass_velocity")
        m.set_damping(body_dem::GranularDampingModel::mass_velocity);
      else
        args.fail("damping model '" + model + "' is not supported (supported: velocity, mass_velocity)");
      iarg += 2;
    } else if (key == "cohesion") {
      need(1, "cohesion");
      check(args, m.set_cohesion(args.number(arg[iarg + 1], "k_na")), "cohesion");
      has_cohesion = true;
      iarg += 2;
    } else if (key == "adhesion") {
      need(4, "adhesion");
      check(args,
            m.set_adhesion(args.number(arg[iarg + 1], "dhat_p"), args.number(arg[iarg + 2], "dhat_a"),
                           args.number(arg[iarg + 3], "Y"), args.number(arg[iarg + 4], "eps_c")),
            "adhesion");
      has_adhesion = true;
      iarg += 5;
    } else if (key == "tangential_adhesion") {
      need(2, "tangential_adhesion");
      check(args,
            m.set_tangential_adhesion(args.number(arg[iarg + 1], "eps_a"), args.number(arg[iarg + 2], "mu_a")),
            "tangential_adhesion");
      has_tangential_adhesion = true;
      iarg += 3;
    } else if (key == "friction") {
      if (iarg + 1 >= narg) args.fail("friction expects contact or pair");
      const std::string mode = arg[iarg + 1];
      if (mode == "contact")
        m.friction_per_contact = true;
      else if (mode == "pair")
        m.friction_per_contact = false;
      else
        args.fail("friction '" + mode + "' is not supported (expected contact or pair)");
      iarg += 2;
    } else if (key == "rolling" || key == "twisting" || key == "heat" || key == "limit_damping") {
      args.fail("'" + key +
                "' is not supported (supported keywords: tangential, damping, cohesion, adhesion, "
                "tangential_adhesion, friction)");
    } else {
      args.fail("unknown keyword '" + key +
                "' (expected tangential, damping, cohesion, adhesion, tangential_adhesion or friction)");
    }
  }
  if (!has_tangential) args.fail("the tangential keyword with its model is required");
  if (has_cohesion && has_adhesion)
    args.fail("cohesion and adhesion are exclusive (two models of the attraction): give one of them");
  if (has_tangential_adhesion && !has_adhesion)
    args.fail("tangential_adhesion requires the adhesion keyword (it scales with the normal adhesion force)");
  return m;
}

/* pair_coeff I J normal_model coeffs tangential model coeffs [damping model]
   [cohesion k_na | adhesion dhat_p dhat_a Y eps_c [tangential_adhesion eps_a mu_a]] */

void PairBodyRoundedPolyhedronGranular::coeff(int narg, char **arg)
{
  const std::string cmd = "pair_coeff (body/rounded/polyhedron/granular)";
  body_dem::StyleArgs args(lmp, cmd);
  if (narg < 3) args.fail("expected I J normal_model coeffs tangential model coeffs ..., got " +
                          std::to_string(narg) + " arguments");
  if (!allocated) allocate();
  int ilo, ihi, jlo, jhi;
  args.type_range(arg[0], "I", atom->ntypes, ilo, ihi);
  args.type_range(arg[1], "J", atom->ntypes, jlo, jhi);
  const GranularPairModel model = parse_model(lmp, cmd, narg - 2, arg + 2);
  if (model.uses_history()) history = 1;

  int count = 0;
  for (int i = ilo; i <= ihi; i++) {
    for (int j = std::max(jlo, i); j <= jhi; j++) {
      models[i * (ntypes_alloc + 1) + j] = model;
      setflag[i][j] = 1;
      check_adhesion_range(i, j);
      count++;
    }
  }
  if (count == 0)
    args.fail(std::string("no type pair I <= J in the ranges '") + arg[0] + "' '" + arg[1] +
              "' (give the lower type first)");
  // The weight record has the room of a spring per candidate contact from
  // the constructor on (used with linear_history and friction contact).
}

/* Unlike types without their own pair_coeff are mixed from I,I and J,J as
   pair_style granular mixes them (the cohesion by its geometric mean);
   the models must be the same. */

double PairBodyRoundedPolyhedronGranular::init_one(int i, int j)
{
  const int n = ntypes_alloc + 1;
  if (setflag[i][j] == 0) {
    if (!body_dem::can_mix(models[i * n + i], models[j * n + j]))
      error->all(FLERR, command + ": types " + std::to_string(i) + " and " + std::to_string(j) +
                            " use different contact models and cannot be mixed; give pair_coeff " +
                            std::to_string(i) + " " + std::to_string(j));
    models[i * n + j] = body_dem::mix(models[i * n + i], models[j * n + j]);
  }
  models[j * n + i] = models[i * n + j];
  check_adhesion_range(i, j);    // pair_style may have set another cutoff since pair_coeff
  return cutoff_for_types(i, j);
}

/* The contacts come from the geometry up to the cutoff r_c of pair_style
   only (so the neighbour cutoff grows with it): adhesion needs
   r_c >= dhat_a. */

void PairBodyRoundedPolyhedronGranular::check_adhesion_range(int itype, int jtype) const
{
  const double range = pair_model(itype, jtype).adhesion_range();
  if (range > cut_surface)
    error->all(FLERR, "pair_coeff (body/rounded/polyhedron/granular): adhesion of types " + std::to_string(itype) +
                          " " + std::to_string(jtype) + " needs the cutoff argument of " + command +
                          " to be >= dhat_a = " + fmt::format("{}", range) + ", got cutoff = " +
                          fmt::format("{}", cut_surface));
}

void PairBodyRoundedPolyhedronGranular::transfer_style_values(const double *source, double *target) const
{
  for (int k = 0; k < 3; k++) target[k] = -source[k];    // y
  for (int k = 3; k < body_dem::kTangentialAdhesionValues; k++) target[k] = source[k];
}

std::string PairBodyRoundedPolyhedronGranular::body_shape_defect(int i, const char *rounding_required_by)
{
  return body_dem::PolyhedronBodyFrames::shape_defect(atom, avec, bptr, i, rounding_required_by, shape_buffers);
}

// The Hertzian models and the adhesion act through the effective radius
// of a contact, which is made of the rounded radii: a type that uses them
// with any type needs rounded bodies (hooke does not).
const char *PairBodyRoundedPolyhedronGranular::rounding_required_by(int type) const
{
  for (int j = 1; j <= atom->ntypes; j++) {
    const int lo = std::min(type, j), hi = std::max(type, j);
    if (!setflag[lo][hi]) continue;
    if (body_dem::granular_model_needs_rounding(pair_model(lo, hi))) return body_dem::kGranularRoundingReason;
  }
  return nullptr;
}

void PairBodyRoundedPolyhedronGranular::init_body_style()
{
  bptr = dynamic_cast<BodyRoundedPolyhedron *>(avec->bptr);
  // topology once per body shape, looked up again when the lists are rebuilt
  frames.watch_list_builds(&neighbor->ncalls);
  // The state of the tangential adhesion per pair, if any type pair has it.
  if (std::any_of(models.begin(), models.end(),
                  [](const GranularPairModel &m) { return m.uses_tangential_adhesion(); }))
    keep_style_values(body_dem::kTangentialAdhesionValues);
}

void PairBodyRoundedPolyhedronGranular::compute(int eflag, int vflag)
{
  check_added_bodies();    // bodies added by this step (fix pour), before their vertices are read
  // Vertices and face normals to the space frame once per step (not once
  // per neighbour pair), each body's when its first pair needs it.
  frames.prepare_on_demand(atom, avec, bptr, atom->nlocal + atom->nghost);
  compute_pairs(eflag, vflag,
                [this](int i, int j, const body_dem::PairStepSettings &settings, body_dem::Vec3 *xi,
                       const body_dem::WeightRecordRef &weight_record, double *style_values, bool &overflow,
                       body_dem::ContactRecorder *recorder) {
                  frames.transform_on_demand(atom, avec, bptr, i);
                  frames.transform_on_demand(atom, avec, bptr, j);
                  return pair_forces(i, j, settings, xi, weight_record, style_values, overflow, recorder);
                });
}

std::string PairBodyRoundedPolyhedronGranular::overflow_detail()
{
  frames.transform_remaining(atom, avec, bptr);    // the search reads every listed pair
  return body_dem::polyhedron_capacity_message(atom, list, frames.shapes(), cut_surface, smoothing,
                                               weight_record ? record_capacity : 0);
}

double PairBodyRoundedPolyhedronGranular::memory_usage()
{
  return PairBodyBase::memory_usage() + frames.memory_usage();
}
