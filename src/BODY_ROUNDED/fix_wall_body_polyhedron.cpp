// fix wall/body/polyhedron: the host's syntax (k_n c_n c_t wallstyle args
// [wiggle dim amplitude period] [history mu k_t]; wallstyle xplane,
// yplane, zplane or zcylinder) with the contact law of the package's
// pair_style body/rounded/polyhedron: the wall is a flat (or cylindrical)
// body without rounding and without cohesion; friction and its spring
// (with the pair style's history keyword, or the wall's own) as between
// two bodies.

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
    FixWallBodyLinearBase(lmp, narg, arg, "wall/body/polyhedron", 3)
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
  coeffs = linear_wall_law(k_n, c_n, c_t, pair->friction_coefficient(), pair->history_enabled());
  check_body_shapes();
}

std::string FixWallBodyPolyhedronDEM::body_shape_defect(int i, const char *rounding_required_by)
{
  return body_dem::PolyhedronBodyFrames::shape_defect(atom, avec, frames.bptr(), i, rounding_required_by,
                                                      shape_buffers);
}

void FixWallBodyPolyhedronDEM::post_force(int /*vflag*/)
{
  const body_dem::PairStepSettings settings = step_settings(history);
  frames.prepare_threads(loop_parts());
  wall_loop<body_dem::PolyhedronShape, body_dem::kMaxPolyhedronContacts>(
      [this](int i, body_dem::PolyhedronShape &shape, body_dem::BodyMotion &motion, int thread) {
        frames.transform(atom, i, shape, motion, thread);
      },
      [&](int, const body_dem::PolyhedronShape &, body_dem::PolyhedronContactList &contacts,
          const body_dem::BodyMotion &body, const body_dem::BodyMotion &wall, Vec3 &xi, double * /*style_values*/,
          const body_dem::SpringSlotsRef &slots, body_dem::ContactRecorder *recorder) {
        return wall_contact_forces(contacts.data(), contacts.size, body, wall, body_dem::LinearLaw{coeffs, history},
                                   settings, history ? &xi : nullptr, slots, recorder);
      });
}

// The friction mode of the pair style (friction contact|pair after history).
void FixWallBodyPolyhedronDEM::setup_friction()
{
  auto *pair = dynamic_cast<PairBodyRoundedPolyhedronDEM *>(force->pair_match("^body/rounded/polyhedron", 0));
  if (pair) coeffs.friction_per_contact = pair->friction_per_contact_enabled();
}

double FixWallBodyPolyhedronDEM::memory_usage()
{
  return FixWallBodyBase::memory_usage() + frames.memory_usage();
}
