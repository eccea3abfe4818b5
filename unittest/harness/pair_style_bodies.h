// A few bodies under one of the package's pair styles, in one LAMMPS
// instance: the set-up that the two-body tests of every style share (the
// bodies from a data file, the pair style and its coefficients, the
// potential energy as a total, the work accumulators as compute wp) and
// the accessors of the loads they check. Each test file keeps its own
// tolerances: the checks here take them as arguments.
#ifndef BODY_DEM_TEST_PAIR_STYLE_BODIES_H
#define BODY_DEM_TEST_PAIR_STYLE_BODIES_H

#include "body_data.h"
#include "lammps_session.h"
#include "polyhedron_data.h"

#include <memory>
#include <string>
#include <vector>

namespace body_dem_test {

// The row (3 values) of a per-atom quantity of gather_by_id ("x", "v",
// "f", "torque", "angmom") of the atom with ID `id` (1-based).
Triple atom_row(LammpsSession &s, const std::string &what, int id);

// Writes `bodies` to the data file `path` (in a box of Box2d{} or Box3d{})
// and returns the input lines that set up the body system and read it.
std::string polygon_bodies_setup(const std::string &path, const std::vector<PolygonBody> &bodies,
                                 int max_vertices = 8);
std::string polyhedron_bodies_setup(const std::string &path, const std::vector<PolyhedronBody> &bodies,
                                    int ntypes = 1, bool flip_faces = false);

// A fresh session with the plugin loaded and `setup` run, then
// "pair_style <pair_style>" (the style's name and its arguments), one
// "pair_coeff <c>" for each c of `pair_coeffs`, the style's work
// accumulators as compute wp (compute pair <style name>), and the
// potential energy reported as the total (thermo_modify norm no).
std::unique_ptr<LammpsSession> pair_style_session(const std::string &setup, const std::string &pair_style,
                                                  const std::vector<std::string> &pair_coeffs);

class PairStyleBodies {
 public:
  PairStyleBodies(const std::string &setup, const std::string &pair_style,
                  const std::vector<std::string> &pair_coeffs)
      : s(pair_style_session(setup, pair_style, pair_coeffs))
  {
  }

  void run(int steps) { s->command("run " + std::to_string(steps)); }

  // Force and torque on the atom with ID `id` (1-based).
  Triple force(int id) { return atom_row(*s, "f", id); }
  Triple torque(int id) { return atom_row(*s, "torque", id); }
  // Total potential energy (thermo pe, not divided by the atom count);
  // lammps_get_thermo() returns 0 on an error, so an error fails the test.
  double pe();
  // Element k (1-based) of compute wp: 1 the work of the j_a scaling, 2
  // of damping and friction, 3 of the contact weights (the 3d styles).
  double work(int k) { return s->compute_vector("wp", k - 1); }

  std::unique_ptr<LammpsSession> s;
};

// Time integration (fix nve/body; fix enforce2d in 2d) with time step
// `dt`, and the variable etot = KE_trans + KE_rot + pe: compute tb
// (temp/body without extra degrees of freedom) counts 3 of them per body
// in 2d and 6 in 3d, so that KE_trans + KE_rot = T dof N / 2. thermo
// prints step pe c_tb c_wp[1] c_wp[2] v_etot, pe as the total.
void integrate_with_total_energy(LammpsSession &s, int dimension, double dt);

// Each component of `actual` within `tol` of `expected`.
void expect_triple(const Triple &actual, const Triple &expected, const std::string &what, double tol);

// Body 2 gets the force f2, body 1 -f2; the torques about their centres
// as given; every component within `tol`.
void expect_loads(PairStyleBodies &b, const Triple &f2, const Triple &torque1, const Triple &torque2, double tol);

}    // namespace body_dem_test

#endif
