// pair_style body/rounded/polygon: transforms each body's vertices to the
// space frame once per step and calls polygon_pair_forces() for every
// neighbour pair (through the loop of PairBodyBase).

#include "pair_body_rounded_polygon.h"

#include "atom_vec_body.h"
#include "body_rounded_polygon.h"

using namespace LAMMPS_NS;

PairBodyRoundedPolygonDEM::PairBodyRoundedPolygonDEM(LAMMPS *lmp) :
    PairBodyLinearBase(lmp, "body/rounded/polygon", "rounded/polygon", 2, "BRPG")
{
  contact_capacity = body_dem::kMaxPolygonContacts;
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
