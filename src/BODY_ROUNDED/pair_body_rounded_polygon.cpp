// pair_style body/rounded/polygon: transforms each body's vertices to the
// space frame once per step and calls polygon_pair_forces() for every
// neighbour pair (through the loop of PairBodyBase).

#include "pair_body_rounded_polygon.h"

#include "atom_vec_body.h"
#include "body_rounded_polygon.h"
#include "style_args.h"

#include "neigh_list.h"

#include <cstring>

using namespace LAMMPS_NS;

PairBodyRoundedPolygonDEM::PairBodyRoundedPolygonDEM(LAMMPS *lmp) :
    PairBodyLinearBase(lmp, "body/rounded/polygon", "rounded/polygon", 2, "BRPG")
{
  contact_capacity = body_dem::kMaxPolygonContacts;
}

/* pair_style body/rounded/polygon c_n c_t mu delta_ua cutoff [history [friction contact|pair]]
   [contacts weighted|farthest] (default weighted): the last two words, when the first of them
   is `contacts`, choose the rule of polygon_contacts.h (PolygonContactRule);
   the rest goes to PairBodyLinearBase::settings(). */

void PairBodyRoundedPolygonDEM::settings(int narg, char **arg)
{
  // Default: weighted, the continuous rule (issue 29); farthest is the
  // seed's rule, kept to reproduce its results.
  body_dem::PolygonContactRule rule = body_dem::PolygonContactRule::weighted;
  if (narg >= 7 && strcmp(arg[narg - 2], "contacts") == 0) {
    const char *value = arg[narg - 1];
    if (strcmp(value, "weighted") == 0)
      rule = body_dem::PolygonContactRule::weighted;
    else if (strcmp(value, "farthest") == 0)
      rule = body_dem::PolygonContactRule::farthest;
    else
      body_dem::StyleArgs(lmp, command)
          .fail(std::string("contacts '") + value + "' is not supported (expected farthest or weighted)");
    narg -= 2;
  }
  // The weights of the weighted rule change as the bodies move: their
  // work is booked from a record of the pair's weighted contacts (the
  // third element of compute pair), which with `history friction contact`
  // also keeps each candidate's spring. The record, once kept, stays.
  if (rule == body_dem::PolygonContactRule::weighted && !weight_record) {
    if (fix_history)
      body_dem::StyleArgs(lmp, command)
          .fail("contacts weighted needs a record per pair that the first run did not keep; give it in the "
                "first pair_style command");
    enable_weight_record();
  }
  contact_rule = rule;    // before the base's settings: keep_contact_springs() asks for it
  PairBodyLinearBase::settings(narg, arg);
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
                       const body_dem::WeightRecordRef &weight_record, double *style_values, bool &overflow,
                       body_dem::ContactRecorder *recorder) {
                  return pair_forces(i, j, settings, xi, weight_record, style_values, overflow, recorder);
                });
}

void PairBodyRoundedPolygonDEM::keep_contact_springs(bool springs)
{
  contact_springs = springs;
  // The weighted rule's record always has room for a spring per candidate
  // (they stay zero without `history friction contact`): the size of the
  // history does not change when a later pair_style adds or drops history.
  if (contact_rule == body_dem::PolygonContactRule::weighted)
    keep_record_springs(true);
  else if (springs)
    keep_style_values(body_dem::spring_slots_size(body_dem::kPolygonSpringSlots));
}

std::string PairBodyRoundedPolygonDEM::overflow_detail() const
{
  if (!list) return "";
  const body_dem::PolygonShape *shapes = frames.shapes();
  for (int ii = 0; ii < list->inum; ii++) {
    const int i = list->ilist[ii];
    for (int jj = 0; jj < list->numneigh[i]; jj++) {
      const int j = list->firstneigh[i][jj] & NEIGHMASK;
      if (!shapes[i].vertices || !shapes[j].vertices) continue;
      const body_dem::LinearContactCoeffs &c = pair_coeffs(atom->type[i], atom->type[j]);
      body_dem::PolygonContactList contacts;
      const int n = body_dem::find_polygon_contacts(shapes[i], shapes[j], c.cutoff, contacts, contact_rule);
      const std::string pair = "the pair of atoms " + std::to_string(atom->tag[i]) + " and " +
          std::to_string(atom->tag[j]);
      if (contacts.overflow)
        return pair + " has more candidate contacts than " + std::to_string(body_dem::kMaxPolygonContacts) +
            "; use bodies with fewer vertices";
      if (weight_record && contact_rule == body_dem::PolygonContactRule::weighted &&
          n > body_dem::kWeightRecordContacts)
        return pair + " has " + std::to_string(n) + " candidate contacts (contacts weighted), more than the " +
            std::to_string(body_dem::kWeightRecordContacts) +
            " that the record of a pair holds; use bodies with fewer vertices within the cutoff of each other";
    }
  }
  return "";
}

double PairBodyRoundedPolygonDEM::memory_usage()
{
  return PairBodyBase::memory_usage() + frames.memory_usage();
}
