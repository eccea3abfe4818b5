// pair_style body/rounded/polyhedron: transforms each body's vertices and
// face normals to the space frame once per step and calls
// polyhedron_pair_forces() for every neighbour pair (through the loop of
// PairBodyBase).

#include "pair_body_rounded_polyhedron.h"

#include "atom_vec_body.h"
#include "body_rounded_polyhedron.h"

#include "polyhedron_pair_kernel.h"
#include "polyhedron_topology_check.h"

using namespace LAMMPS_NS;

PairBodyRoundedPolyhedronDEM::PairBodyRoundedPolyhedronDEM(LAMMPS *lmp) :
    PairBodyLinearBase(lmp, "body/rounded/polyhedron", "rounded/polyhedron", 3, "BRPH")
{
  contact_capacity = body_dem::kMaxPolyhedronContacts;
  enable_weight_record();
}

void PairBodyRoundedPolyhedronDEM::init_body_style()
{
  bptr = dynamic_cast<BodyRoundedPolyhedron *>(avec->bptr);
  // The contact geometry trusts the indices of edges and faces: check them
  // once per run.
  body_dem::check_polyhedron_topologies(lmp, avec, bptr, command);
}

void PairBodyRoundedPolyhedronDEM::compute(int eflag, int vflag)
{
  // Vertices and face normals to the space frame once per step, not once
  // per neighbour pair.
  frames.refresh(atom, avec, bptr, atom->nlocal + atom->nghost);
  compute_pairs(eflag, vflag,
                [this](int i, int j, const body_dem::PairStepSettings &settings, body_dem::Vec3 *xi,
                       const body_dem::WeightRecordRef &weight_record, double * /*style_values*/,
                       bool &overflow) {
                  return pair_forces(i, j, settings, xi, weight_record, overflow);
                });
}

double PairBodyRoundedPolyhedronDEM::memory_usage()
{
  return PairBodyBase::memory_usage() + frames.memory_usage();
}
