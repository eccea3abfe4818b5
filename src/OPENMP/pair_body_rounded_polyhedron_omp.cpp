// pair_style body/rounded/polyhedron/omp: the serial style's body frames and per-pair
// function, in the threaded loop of PairBodyOMP.

#include "pair_body_rounded_polyhedron_omp.h"

using namespace LAMMPS_NS;

void PairBodyRoundedPolyhedronOMP::compute(int eflag, int vflag)
{
  // Vertices and face normals to the space frame once per step, the atoms
  // split over threads: those that a pair within reach needs (as the
  // serial style, a body without one costs nothing).
  check_added_bodies();    // as the serial style: bodies added by this step, before their vertices are read
  frames.prepare_on_demand(atom, avec, bptr, atom->nlocal + atom->nghost);
  compute_pairs_omp(
      eflag, vflag,
      [this](int from, int to) {
        for (int i = from; i < to; i++) frames.transform_on_demand(atom, avec, bptr, i);
      },
      [this](int i, int j, const body_dem::PairStepSettings &settings, body_dem::Vec3 *xi,
             const body_dem::WeightRecordRef &weight_record,
             double *style_values, bool &overflow,
                       body_dem::ContactRecorder *recorder) {
        return pair_forces(i, j, settings, xi, weight_record, style_values, overflow, recorder);
      },
      true);
}
