// fix wall/body/polyhedron/granular: the contact models of the granular
// body style between the vertices of rounded polyhedra and flat or
// cylindrical walls.

#include "fix_wall_body_polyhedron_granular.h"

#include "atom.h"
#include "error.h"

#include "granular_pair_forces.h"
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
    args.fail("cohesion is not supported for walls (the wall has no cohesive range)");
  parse_walls(narg, arg, iwall);
}

void FixWallBodyPolyhedronGranular::init()
{
  if (!frames.init(atom))
    error->all(FLERR, command + ": requires atom_style body with body style rounded/polyhedron");
  avec = frames.avec();
}

void FixWallBodyPolyhedronGranular::post_force(int /*vflag*/)
{
  begin_post_force();
  const bool history = model.uses_history();
  const body_dem::PairStepSettings settings = step_settings(history);
  const int *mask = atom->mask;
  double **x = atom->x;
  const double *radius = atom->radius, *rmass = atom->rmass;
  body_dem::PolyhedronContactList contacts;

  for (int i = 0; i < atom->nlocal; i++) {
    if (!(mask[i] & groupbit) || atom->body[i] < 0) continue;
    bool transformed = false;
    body_dem::PolyhedronShape shape;
    body_dem::BodyMotion motion;
    for (int w = 0; w < wall_count(); w++) {
      // Only bodies whose enclosing sphere reaches a wall need their vertices.
      if (!near_wall(w, x[i], radius[i])) {
        forget_history(i, w);
        continue;
      }
      if (!transformed) {
        frames.transform(atom, i, shape, motion);
        transformed = true;
      }
      wall_contacts(w, shape.vertices, shape.nvertices, shape.rounded_radius, contacts);
      if (contacts.overflow)
        error->one(FLERR, command + ": a body has more than " + std::to_string(body_dem::kMaxPolyhedronContacts) +
                              " vertices touching a wall");
      // The wall: no rounding (vertex-face contacts, R_eff = r of the body)
      // and infinitely heavy (effective mass = the body's mass).
      const body_dem::GranularLaw law{model, shape.rounded_radius, 0.0, rmass[i], 0.0};
      Vec3 xi = history_of(i, w);
      const body_dem::PairResult r = body_dem::granular_pair_forces(
          contacts.data(), contacts.size, 1.0, motion, wall_motion(motion.center), law, settings,
          history ? &xi : nullptr);
      apply(i, w, r, xi);
    }
  }
}

double FixWallBodyPolyhedronGranular::memory_usage()
{
  return FixWallBodyBase::memory_usage() + frames.memory_usage();
}
