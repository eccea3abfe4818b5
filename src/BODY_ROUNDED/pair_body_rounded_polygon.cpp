// pair_style body/rounded/polygon: transforms each body's vertices to the
// space frame once per step and calls polygon_pair_forces() for every
// neighbour pair (through the loop of PairBodyBase).

#include "pair_body_rounded_polygon.h"

#include "atom_vec_body.h"
#include "body_rounded_polygon.h"
#include "style_args.h"

#include <cstring>

using namespace LAMMPS_NS;

PairBodyRoundedPolygonDEM::PairBodyRoundedPolygonDEM(LAMMPS *lmp) :
    PairBodyLinearBase(lmp, "body/rounded/polygon", "rounded/polygon", 2, "BRPG")
{
  contact_capacity = body_dem::kMaxPolygonContacts;
}

/* pair_style body/rounded/polygon c_n c_t mu delta_ua cutoff [history [friction contact|pair]]
   [contacts farthest|weighted]: the last two words, when the first of them
   is `contacts`, choose the rule of polygon_contacts.h (PolygonContactRule);
   the rest goes to PairBodyLinearBase::settings(). */

void PairBodyRoundedPolygonDEM::settings(int narg, char **arg)
{
  body_dem::PolygonContactRule rule = body_dem::PolygonContactRule::farthest;
  if (narg >= 7 && strcmp(arg[narg - 2], "contacts") == 0) {
    const char *value = arg[narg - 1];
    if (strcmp(value, "weighted") == 0)
      rule = body_dem::PolygonContactRule::weighted;
    else if (strcmp(value, "farthest") != 0)
      body_dem::StyleArgs(lmp, command)
          .fail(std::string("contacts '") + value + "' is not supported (expected farthest or weighted)");
    narg -= 2;
  }
  PairBodyLinearBase::settings(narg, arg);
  // The per-contact springs are kept under the vertex of a contact's owner
  // for at most kPolygonSpringSlots contacts; the weighted rule has more
  // contacts, and a vertex-vertex contact found from both of its vertices
  // would share a key with another contact. Not adapted yet.
  if (rule == body_dem::PolygonContactRule::weighted && history && friction_per_contact)
    body_dem::StyleArgs(lmp, command)
        .fail("contacts weighted does not support the per-contact springs of history (friction contact) yet; "
              "use history friction pair");
  // The weights of the weighted rule change as the bodies move: their
  // work is booked from a record of the pair's weighted contacts (the
  // third element of compute pair). The record, once kept, stays.
  if (rule == body_dem::PolygonContactRule::weighted && !weight_record) {
    if (fix_history)
      body_dem::StyleArgs(lmp, command)
          .fail("contacts weighted needs a record per pair that the first run did not keep; give it in the "
                "first pair_style command");
    enable_weight_record();
  }
  contact_rule = rule;
}

void PairBodyRoundedPolygonDEM::init_body_style()
{
  bptr = dynamic_cast<BodyRoundedPolygon *>(avec->bptr);
}

void PairBodyRoundedPolygonDEM::compute(int eflag, int vflag)
{
  check_added_bodies();    // bodies added by this step (fix pour), before their vertices are read
  // Vertices to the space frame once per step, not once per neighbour pair.
  frames.refresh(atom, avec, bptr, atom->nlocal + atom->nghost);
  compute_pairs(eflag, vflag,
                [this](int i, int j, const body_dem::PairStepSettings &settings, body_dem::Vec3 *xi,
                       const body_dem::WeightRecordRef &weight_record, double *style_values, bool &overflow) {
                  return pair_forces(i, j, settings, xi, weight_record, style_values, overflow);
                });
}

void PairBodyRoundedPolygonDEM::keep_contact_springs(bool springs)
{
  contact_springs = springs;
  if (springs) keep_style_values(body_dem::spring_slots_size(body_dem::kPolygonSpringSlots));
}

double PairBodyRoundedPolygonDEM::memory_usage()
{
  return PairBodyBase::memory_usage() + frames.memory_usage();
}
