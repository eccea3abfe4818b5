/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: bond_style bpm/parallel (LAMMPS glue, seeds/004), the
   parallel bond of the bonded particle model between finite-size spheres:
     bond_style bpm/parallel
     bond_coeff N r_i r_o l_b S_n S_t S_tor S_ben zeta sigma_c tau_c [nonlinear b_n]
   The mechanics of one bond are in parallel_bond_model.h; this class
   loops over the bonds, keeps their 12-value histories in a per-atom
   FixStore (exchanged with the atoms and written to restart files),
   removes broken bonds and counts them (compute nbond/broken).
------------------------------------------------------------------------- */

#ifndef BODY_DEM_BOND_BPM_PARALLEL_H
#define BODY_DEM_BOND_BPM_PARALLEL_H

#include "bond.h"
#include "host_compat.h"

#include "parallel_bond_model.h"

#include <vector>

namespace LAMMPS_NS {

class BondBPMParallel : public Bond {
 public:
  explicit BondBPMParallel(class LAMMPS *);
  ~BondBPMParallel() override;
  void compute(int, int) override;
  void settings(int, char **) override;
  void coeff(int, char **) override;
  void init_style() override;
  double equilibrium_distance(int) override;
  void write_restart(FILE *) override;
  void read_restart(FILE *) override;
  void write_data(FILE *) override;
  double single(int, double, int, int, double &) override;
  double memory_usage() override;

  // Bonds broken since the style was defined (kept across restarts), the
  // same on every rank.
  bigint broken_bond_count() const { return nbroken_total; }

  // ID of the per-atom store of the histories: 12 values per bond slot of
  // an atom, in the order of atom->bond_atom.
  static constexpr const char *kHistoryFixID = "BPM_PARALLEL_HISTORY";

 protected:
  std::vector<body_dem::bpm::ParallelBondCoeffs> coeffs;    // by bond type
  host::PerAtomStore *history = nullptr;
  int history_width = 0;    // 12 * bond_per_atom
  bigint nbroken_total = 0;
  double max_radius = 0.0;

  void allocate();
  void remove_bond(int i, int m);
  void tally(int i, int j, double ebond, const body_dem::Vec3 &force_i, const body_dem::Vec3 &dx);
};

}    // namespace LAMMPS_NS

#endif
