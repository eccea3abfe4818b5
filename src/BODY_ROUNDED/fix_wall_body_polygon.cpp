// fix wall/body/polygon: the host's syntax (k_n c_n c_t wallstyle args
// [wiggle dim amplitude period]) with the contact law of the package's
// pair_style body/rounded/polygon: the wall is a flat (or circular) body
// without rounding and without cohesion; friction and its spring (with
// the pair style's history keyword) as between two bodies.

#include "fix_wall_body_polygon.h"

#include "atom.h"
#include "atom_vec_body.h"
#include "body_rounded_polygon.h"
#include "error.h"
#include "force.h"

#include "linear_pair_forces.h"
#include "pair_body_rounded_polygon.h"
#include "polygon_body_frames.h"
#include "style_args.h"

#include <cstring>

using namespace LAMMPS_NS;
using body_dem::Vec3;

FixWallBodyPolygonDEM::FixWallBodyPolygonDEM(LAMMPS *lmp, int narg, char **arg) :
    FixWallBodyBase(lmp, narg, arg, "wall/body/polygon", 2)
{
  parse_linear_coeffs(narg, arg, k_n, c_n, c_t);
  parse_walls(narg, arg, 6);
}

void FixWallBodyPolygonDEM::init()
{
  avec = dynamic_cast<AtomVecBody *>(atom->style_match("body"));
  if (!avec || strcmp(avec->bptr->style, "rounded/polygon") != 0)
    error->all(FLERR, command + ": requires atom_style body with body style rounded/polygon");
  bptr = dynamic_cast<BodyRoundedPolygon *>(avec->bptr);

  // "^": also the /omp variant, which derives from the same class.
  auto *pair = dynamic_cast<PairBodyRoundedPolygonDEM *>(force->pair_match("^body/rounded/polygon", 0));
  if (!pair)
    error->all(FLERR, command + ": requires pair_style body/rounded/polygon (of the body-dem plugin) for its "
                                "friction settings");
  history = pair->history_enabled();
  coeffs = linear_wall_law(k_n, c_n, c_t, pair->friction_coefficient(), history);
}

void FixWallBodyPolygonDEM::post_force(int /*vflag*/)
{
  begin_post_force();
  const body_dem::PairStepSettings settings = step_settings(history);
  const int *mask = atom->mask;
  double **x = atom->x;
  const double *radius = atom->radius;
  body_dem::PolygonContactList contacts;

  for (int i = 0; i < atom->nlocal; i++) {
    if (!(mask[i] & groupbit) || atom->body[i] < 0) continue;
    // Only bodies whose enclosing circle reaches a wall need their vertices.
    bool transformed = false;
    body_dem::PolygonShape shape;
    body_dem::BodyMotion motion;
    for (int w = 0; w < wall_count(); w++) {
      if (!near_wall(w, x[i], radius[i])) {
        forget_history(i, w);
        continue;
      }
      if (!transformed) {
        const int nv = body_dem::PolygonBodyFrames::vertex_count(atom, avec, bptr, i);
        if (static_cast<int>(vertex_buffer.size()) < nv) vertex_buffer.resize(nv);
        body_dem::PolygonBodyFrames::transform_one(atom, avec, bptr, i, vertex_buffer.data(), shape, motion);
        transformed = true;
      }
      wall_contacts(w, shape.vertices, shape.nvertices, shape.rounded_radius, contacts);
      if (contacts.overflow)
        error->one(FLERR, command + ": a body has more than " + std::to_string(body_dem::kMaxPolygonContacts) +
                              " vertices touching a wall");
      // As between two polygons: forces at the two contacts farthest apart.
      body_dem::keep_two_farthest_contacts(contacts);
      Vec3 xi = history_of(i, w);
      const body_dem::PairResult r =
          body_dem::linear_pair_forces(contacts.data(), contacts.size, 1.0, motion, wall_motion(motion.center),
                                       coeffs, settings, history ? &xi : nullptr);
      apply(i, w, r, xi);
    }
  }
}

double FixWallBodyPolygonDEM::memory_usage()
{
  return FixWallBodyBase::memory_usage() + vertex_buffer.capacity() * sizeof(Vec3);
}
