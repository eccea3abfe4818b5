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
   [contacts weighted|farthest] [record N] (default weighted), the last two in either order: taken
   from the end of the arguments here; `contacts` chooses the rule of polygon_contacts.h
   (PolygonContactRule); the rest goes to PairBodyLinearBase::settings(). */

void PairBodyRoundedPolygonDEM::take_trailing_keywords(int &narg, char **arg)
{
  body_dem::StyleArgs args(lmp, command);
  // Default: weighted, the continuous rule (issue 29); farthest is the
  // seed's rule, kept to reproduce its results.
  body_dem::PolygonContactRule rule = body_dem::PolygonContactRule::weighted;
  record_capacity_given = 0;
  for (;;) {
    if (narg >= 7 && strcmp(arg[narg - 2], "contacts") == 0) {
      const char *value = arg[narg - 1];
      if (strcmp(value, "weighted") == 0)
        rule = body_dem::PolygonContactRule::weighted;
      else if (strcmp(value, "farthest") == 0)
        rule = body_dem::PolygonContactRule::farthest;
      else
        args.fail(std::string("contacts '") + value + "' is not supported (expected farthest or weighted)");
      narg -= 2;
    } else if (!take_record_keyword(narg, arg)) {
      break;
    }
  }
  if (rule == body_dem::PolygonContactRule::farthest && record_capacity_given)
    args.fail("record: contacts farthest keeps no record of weighted contacts");
  // The weights of the weighted rule change as the bodies move: their
  // work is booked from a record of the pair's weighted contacts (the
  // third element of compute pair), which with `history friction contact`
  // also keeps each candidate's spring. The record, once kept, stays.
  if (rule == body_dem::PolygonContactRule::weighted && !weight_record) {
    if (fix_history)
      args.fail("contacts weighted needs a record per pair that the first run did not keep; give it in the "
                "first pair_style command");
    enable_weight_record();
  }
  contact_rule = rule;    // before the base's settings: keep_contact_springs() asks for it
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
  // The weighted rule's record has room for a spring per candidate with
  // `history friction contact` only: each pair in contact reads and writes
  // its values every step, and fewer run faster (issue 29). Once there,
  // the room stays (a later pair_style that drops history leaves it zero),
  // and a later one that adds history makes it (keep_record_springs()).
  if (contact_rule == body_dem::PolygonContactRule::weighted)
    keep_record_springs(springs);
  else if (springs)
    keep_style_values(body_dem::spring_slots_size(body_dem::kPolygonSpringSlots));
  // The weighted rule with a spring per candidate (in the record) never
  // reads the pair's own xi, which stays zero (polygon_pair_kernel.h).
  pair_spring_unused = contact_rule == body_dem::PolygonContactRule::weighted && springs;
}

std::string PairBodyRoundedPolygonDEM::overflow_detail()
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
        return pair + " has " + std::to_string(contacts.count()) + " candidate contacts, more than the " +
            std::to_string(body_dem::kMaxPolygonContacts) +
            " that the contact list of a pair holds; use bodies with fewer vertices";
      if (weight_record && contact_rule == body_dem::PolygonContactRule::weighted && n > record_capacity)
        return pair + " has " + std::to_string(n) + " candidate contacts (contacts weighted), more than the " +
            std::to_string(record_capacity) + " that the record of a pair holds; set the record keyword of " +
            "pair_style (at most " + std::to_string(body_dem::kMaxWeightRecordContacts) + ")";
    }
  }
  return "";
}

double PairBodyRoundedPolygonDEM::memory_usage()
{
  return PairBodyBase::memory_usage() + frames.memory_usage();
}
