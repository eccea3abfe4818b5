// fix wall/body/polyhedron/granular: the contact models of the granular
// body style between the vertices of rounded polyhedra and flat or
// cylindrical walls.

#include "fix_wall_body_polyhedron_granular.h"

#include "atom.h"
#include "error.h"

#include "granular_pair_forces.h"
#include "granular_rounding.h"
#include "pair_body_rounded_polyhedron_granular.h"
#include "style_args.h"

using namespace LAMMPS_NS;
using body_dem::Vec3;

FixWallBodyPolyhedronGranular::FixWallBodyPolyhedronGranular(LAMMPS *lmp, int narg, char **arg) :
    FixWallBodyBase(lmp, narg, arg, "wall/body/polyhedron/granular", 3)
{
  body_dem::StyleArgs args(lmp, command);
  // The models' arguments run up to the wallstyle.
  int iwall = 3;
  while (iwall < narg && !is_wallstyle(arg[iwall])) iwall++;
  if (iwall == narg)
    args.fail("expected normal_model coeffs tangential model coeffs [damping model] wallstyle args, found no "
              "wallstyle (xplane, yplane, zplane or zcylinder)");
  model = PairBodyRoundedPolyhedronGranular::parse_model(lmp, command, iwall - 3, arg + 3);
  if (model.k_na > 0.0)
    args.fail("cohesion is not supported for walls (the wall has no cohesive range); use adhesion");
  // Vertices within dhat_a of the wall adhere to it; the state of the
  // tangential adhesion is kept per body and wall, after the spring.
  contact_range = model.adhesion_range();
  if (model.uses_tangential_adhesion()) keep_wall_values(body_dem::kTangentialAdhesionValues);
  parse_walls(narg, arg, iwall);
}

void FixWallBodyPolyhedronGranular::init()
{
  if (!frames.init(atom))
    error->all(FLERR, command + ": requires atom_style body with body style rounded/polyhedron");
  avec = frames.avec();
  check_body_shapes();
}

std::string FixWallBodyPolyhedronGranular::body_shape_defect(int i, const char *rounding_required_by)
{
  return body_dem::PolyhedronBodyFrames::shape_defect(atom, avec, frames.bptr(), i, rounding_required_by,
                                                      shape_buffers);
}

const char *FixWallBodyPolyhedronGranular::wall_rounding_required_by() const
{
  return body_dem::granular_model_needs_rounding(model) ? body_dem::kGranularRoundingReason : nullptr;
}

void FixWallBodyPolyhedronGranular::post_force(int /*vflag*/)
{
  const bool history = model.uses_history();
  const body_dem::PairStepSettings settings = step_settings(history);
  const double *rmass = atom->rmass;
  frames.prepare_threads(loop_parts());
  wall_loop<body_dem::PolyhedronShape, body_dem::kMaxPolyhedronContacts>(
      [this](int i, body_dem::PolyhedronShape &shape, body_dem::BodyMotion &motion, int thread) {
        frames.transform(atom, i, shape, motion, thread);
      },
      [&](int i, const body_dem::PolyhedronShape &shape, body_dem::PolyhedronContactList &contacts,
          const body_dem::BodyMotion &body, const body_dem::BodyMotion &wall, Vec3 &xi, double *style_values,
          const body_dem::SpringSlotsRef &slots, body_dem::ContactRecorder *recorder) {
        // The wall: no rounding (vertex-face contacts, R_eff = r of the
        // body) and infinitely heavy (effective mass = the body's mass);
        // contacts up to the adhesion's range.
        const body_dem::GranularLaw law{model, body_dem::wall_effective_radius(shape.rounded_radius), rmass[i],
                                        contact_range};
        body_dem::PairResult r =
            wall_contact_forces(contacts.data(), contacts.size, body, wall, law, settings, history ? &xi : nullptr, slots,
                                recorder);
        if (style_values) {
          auto state = body_dem::TangentialAdhesionState::from(style_values);
          body_dem::add_tangential_adhesion(contacts.data(), contacts.size, body, wall, law, settings, state, r,
                                            recorder);
          state.to(style_values);
        }
        return r;
      });
}

double FixWallBodyPolyhedronGranular::memory_usage()
{
  return FixWallBodyBase::memory_usage() + frames.memory_usage();
}
