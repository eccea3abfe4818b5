// pair_style body/rounded/polyhedron: transforms each body's vertices and
// face normals to the space frame once per step and calls
// polyhedron_pair_forces() for every neighbour pair (through the loop of
// PairBodyBase).

#include "pair_body_rounded_polyhedron.h"

#include "atom_vec_body.h"
#include "body_rounded_polyhedron.h"
#include "neighbor.h"

#include "polyhedron_capacity_message.h"
#include "polyhedron_pair_kernel.h"
#include "ridge_keyword.h"

using namespace LAMMPS_NS;

PairBodyRoundedPolyhedronDEM::PairBodyRoundedPolyhedronDEM(LAMMPS *lmp) :
    PairBodyLinearBase(lmp, "body/rounded/polyhedron", "rounded/polyhedron", 3, "BRPH")
{
  contact_capacity = body_dem::kMaxPolyhedronContacts;
  enable_weight_record();
  // The record always has the room of the per-contact friction springs,
  // used or not (see keep_contact_springs()).
  keep_record_springs(true);
}

void PairBodyRoundedPolyhedronDEM::init_body_style()
{
  bptr = dynamic_cast<BodyRoundedPolyhedron *>(avec->bptr);
  // topology once per body shape, looked up again when the lists are rebuilt
  frames.watch_list_builds(&neighbor->ncalls);
}

void PairBodyRoundedPolyhedronDEM::compute(int eflag, int vflag)
{
  check_added_bodies();    // bodies added by this step (fix pour), before their vertices are read
  // Vertices and face normals to the space frame once per step (not once
  // per neighbour pair), each body's when its first pair needs it.
  frames.prepare_on_demand(atom, avec, bptr, atom->nlocal + atom->nghost);
  compute_pairs(eflag, vflag,
                [this](int i, int j, const body_dem::PairStepSettings &settings, body_dem::Vec3 *xi,
                       const body_dem::WeightRecordRef &weight_record, double *style_values,
                       bool &overflow,
                       body_dem::ContactRecorder *recorder) {
                  frames.transform_on_demand(atom, avec, bptr, i);
                  frames.transform_on_demand(atom, avec, bptr, j);
                  return pair_forces(i, j, settings, xi, weight_record, style_values, overflow, recorder);
                });
}

void PairBodyRoundedPolyhedronDEM::take_trailing_keywords(int &narg, char **arg)
{
  record_capacity_given = 0;
  smoothing = body_dem::SmoothingParams{};    // each pair_style command starts from the defaults
  bool ridge_given = false;
  while (take_record_keyword(narg, arg) ||
         body_dem::take_ridge_keyword(lmp, command, narg, arg, smoothing, ridge_given)) {
  }
}

std::string PairBodyRoundedPolyhedronDEM::overflow_detail()
{
  frames.transform_remaining(atom, avec, bptr);    // the search reads every listed pair
  return body_dem::polyhedron_capacity_message(atom, list, frames.shapes(), cut_surface, smoothing,
                                               weight_record ? record_capacity : 0);
}

double PairBodyRoundedPolyhedronDEM::memory_usage()
{
  return PairBodyBase::memory_usage() + frames.memory_usage();
}
