// The LAMMPS command quasistatic/lcp (doc/quasistatic_lcp.rst): the
// quasi-static incremental problem of a packing of spheres (3d) or disks
// (2d) under pair_style granular (hooke, tangential linear_history), as a
// linear complementarity problem of the library in this folder
// (lcp_problem.h ... lcp_json.h; doc/LCP_SPEC.md).
//
//   quasistatic/lcp keyword args ...
//     fixed group-ID              every dof of the group's atoms stays zero
//     move group-ID dx dy [dz]    the group's atoms translate by (dx, dy, dz)
//     problem file.json           write the problem (lcp::problem_to_json)
//     output file.json            write the analysis (lcp::analysis_to_json)
//     max_enumerated N            enumerate all solutions up to N active contacts
//     active_tolerance t          friction-limit tolerance of the active test
//     balance yes|no              load increment = residual force of free atoms
//     curvature radius|contact    radii of curvature: atom radii or centre-contact distances
//     steps N                     advance the packing by N increments
//
// Rank 0 gathers the particles and the contacts, analyses, and sends the
// increment back; the command works on any number of ranks.
#ifndef BODY_DEM_QUASISTATIC_LCP_H
#define BODY_DEM_QUASISTATIC_LCP_H

#include "command.h"

#include <string>
#include <vector>

namespace LAMMPS_NS {

class QuasistaticLCP : public Command {
 public:
  explicit QuasistaticLCP(class LAMMPS *lmp);
  void command(int narg, char **arg) override;

  // Contact law of one pair of atom types, read from the pair style.
  struct TypePairLaw {
    double kn = 0.0;      // normal stiffness (hooke k_n)
    double kt = 0.0;      // tangential stiffness (linear_history k_t)
    double mu = 0.0;      // friction coefficient
  };

  // A group named by `fixed` or `move`.
  struct ConstrainedGroup {
    std::string name;
    int bitmask = 0;
    bool fixed = true;                     // false: moved by `translation`
    double translation[3] = {0.0, 0.0, 0.0};
  };

  struct Settings {
    std::vector<ConstrainedGroup> groups;
    std::string problem_file, output_file;
    int max_enumerated = 16;
    double active_tolerance = 1e-4;
    bool balance = false;
    bool curvature_at_contact = false;    // curvature contact: radii = centre-contact distances
    int steps = 0;
  };

 private:
  Settings settings_;
  // laws_[itype][jtype], types 1..ntypes
  std::vector<std::vector<TypePairLaw>> laws_;
  class Pair *pair_ = nullptr;    // the pair style granular
  class FixNeighHistory *history_ = nullptr;

  Settings parse(int narg, char **arg);
  void check_setup();
  void read_pair_laws();
  void run_zero();
  // This rank's atoms and touching pairs as rows of doubles (layouts in
  // the .cpp); the pair style's forces of the last `run 0`.
  void collect_local(std::vector<double> &atoms, std::vector<double> &contacts);
  // Applies one increment received from rank 0: tangential histories,
  // then the translations, then `run 0` (re-neighbours, new forces).
  void apply_increment(const std::vector<double> &translations,
                       const std::vector<double> &tangential_forces);
};

}    // namespace LAMMPS_NS

#endif
