// pair_style body/rounded/polyhedron/kokkos: the serial style's body frames and per-pair
// function, in the Kokkos loops of PairBodyKokkos.

#include "pair_body_rounded_polyhedron_kokkos.h"

using namespace LAMMPS_NS;

void PairBodyRoundedPolyhedronKokkos::compute(int eflag, int vflag)
{
  if (serial_step(eflag, vflag)) return;    // per-atom energy or virial: the serial loop
  // Vertices and face normals to the space frame once per step, the atoms in a Kokkos loop.
  check_added_bodies();    // as the serial style: bodies added by this step, before their vertices are read
  frames.prepare(atom, avec, bptr, atom->nlocal + atom->nghost);
  compute_pairs_kokkos(
      eflag, vflag, [this](int i) { frames.transform(atom, avec, bptr, i, i + 1); },
      [this](int i, int j, const body_dem::PairStepSettings &settings, body_dem::Vec3 *xi,
             const body_dem::WeightRecordRef &weight_record, double * /*style_values*/, bool &overflow) {
        return pair_forces(i, j, settings, xi, weight_record, overflow);
      });
}
