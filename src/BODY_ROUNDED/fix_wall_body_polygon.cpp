// fix wall/body/polygon: the host's syntax (k_n c_n c_t wallstyle args
// [wiggle dim amplitude period] [history mu k_t]) with the contact law of
// the package's pair_style body/rounded/polygon: the wall is a flat (or
// circular) body without rounding and without cohesion; friction and its
// spring (with the pair style's history keyword, or the wall's own) as
// between two bodies.

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
    FixWallBodyLinearBase(lmp, narg, arg, "wall/body/polygon", 2)
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
  coeffs = linear_wall_law(k_n, c_n, c_t, pair->friction_coefficient(), pair->history_enabled());
  contact_rule = pair->contact_rule_value();
  check_body_shapes();
}

std::string FixWallBodyPolygonDEM::body_shape_defect(int i, const char * /*rounding_required_by*/)
{
  return body_dem::PolygonBodyFrames::shape_defect(atom, avec, bptr, i, shape_buffers);
}

void FixWallBodyPolygonDEM::post_force(int /*vflag*/)
{
  const body_dem::PairStepSettings settings = step_settings(history);
  const int parts = loop_parts();
  slot_overflow_count = 0;
  slot_overflow_tag = 0;
  if (static_cast<int>(vertex_buffers.size()) < parts) vertex_buffers.resize(parts);
  wall_loop<body_dem::PolygonShape, body_dem::kMaxPolygonContacts>(
      [this](int i, body_dem::PolygonShape &shape, body_dem::BodyMotion &motion, int part) {
        std::vector<Vec3> &vertex_buffer = vertex_buffers[part];
        const int nv = body_dem::PolygonBodyFrames::vertex_count(atom, avec, bptr, i);
        if (static_cast<int>(vertex_buffer.size()) < nv) vertex_buffer.resize(nv);
        body_dem::PolygonBodyFrames::transform_one(atom, avec, bptr, i, vertex_buffer.data(), shape, motion);
      },
      [&](int i, const body_dem::PolygonShape &, body_dem::PolygonContactList &contacts,
          const body_dem::BodyMotion &body, const body_dem::BodyMotion &wall, Vec3 &xi, double * /*style_values*/,
          const body_dem::SpringSlotsRef &slots, body_dem::ContactRecorder *recorder) {
        // The rule of the pair style (polygon_wall_forces).
        int overflow = 0;
        const body_dem::PairResult r =
            body_dem::polygon_wall_forces(contacts, contact_rule, body, wall, body_dem::LinearLaw{coeffs, history},
                                          settings, history ? &xi : nullptr, slots, overflow, recorder);
        if (overflow) {    // reported after the loop: no error inside threads
          slot_overflow_count = overflow;
          slot_overflow_tag = atom->tag[i];
        }
        return r;
      });
  if (slot_overflow_count > 0) wall_springs_overflow(slot_overflow_tag, slot_overflow_count);
}

// The friction mode of the pair style (friction contact|pair after history).
void FixWallBodyPolygonDEM::setup_friction()
{
  auto *pair = dynamic_cast<PairBodyRoundedPolygonDEM *>(force->pair_match("^body/rounded/polygon", 0));
  if (pair) coeffs.friction_per_contact = pair->friction_per_contact_enabled();
}

double FixWallBodyPolygonDEM::memory_usage()
{
  double bytes = FixWallBodyBase::memory_usage();
  for (const auto &buffer : vertex_buffers) bytes += buffer.capacity() * sizeof(Vec3);
  return bytes;
}
