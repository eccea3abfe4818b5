// fix wall/body/polyhedron: the host's syntax (k_n c_n c_t wallstyle args
// [wiggle dim amplitude period]; wallstyle xplane, yplane, zplane or
// zcylinder) with the contact law of the package's pair_style
// body/rounded/polyhedron: the wall is a flat (or cylindrical) body
// without rounding and without cohesion; friction and its spring (with the
// pair style's history keyword) as between two bodies.

#include "fix_wall_body_polyhedron.h"

#include "atom.h"
#include "error.h"
#include "force.h"

#include "linear_pair_forces.h"
#include "pair_body_rounded_polyhedron.h"
#include "style_args.h"

using namespace LAMMPS_NS;
using body_dem::Vec3;

FixWallBodyPolyhedronDEM::FixWallBodyPolyhedronDEM(LAMMPS *lmp, int narg, char **arg) :
    FixWallBodyBase(lmp, narg, arg, "wall/body/polyhedron", 3)
{
  parse_linear_coeffs(narg, arg, k_n, c_n, c_t);
  parse_walls(narg, arg, 6);
}

void FixWallBodyPolyhedronDEM::init()
{
  if (!frames.init(atom))
    error->all(FLERR, command + ": requires atom_style body with body style rounded/polyhedron");
  avec = frames.avec();

  // The linear style (or its /omp variant, derived from it); the granular
  // style has its own wall, fix wall/body/polyhedron/granular.
  auto *pair = dynamic_cast<PairBodyRoundedPolyhedronDEM *>(force->pair_match("^body/rounded/polyhedron", 0));
  if (!pair)
    error->all(FLERR, command + ": requires pair_style body/rounded/polyhedron (of the body-dem plugin) for its "
                                "friction settings; with body/rounded/polyhedron/granular use fix "
                                "wall/body/polyhedron/granular");
  history = pair->history_enabled();
  coeffs = linear_wall_law(k_n, c_n, c_t, pair->friction_coefficient(), history);
}

void FixWallBodyPolyhedronDEM::post_force(int /*vflag*/)
{
  begin_post_force();
  const body_dem::PairStepSettings settings = step_settings(history);
  const int *mask = atom->mask;
  double **x = atom->x;
  const double *radius = atom->radius;
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
      Vec3 xi = history_of(i, w);
      const body_dem::PairResult r =
          body_dem::linear_pair_forces(contacts.data(), contacts.size, 1.0, motion, wall_motion(motion.center),
                                       coeffs, settings, history ? &xi : nullptr);
      apply(i, w, r, xi);
    }
  }
}

double FixWallBodyPolyhedronDEM::memory_usage()
{
  return FixWallBodyBase::memory_usage() + frames.memory_usage();
}
