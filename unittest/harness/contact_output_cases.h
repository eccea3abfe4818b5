// The packings of the contact output tests (issue 27, TESTING.md layer
// 9): poured heaps of the package's examples with each pair style and its
// walls, and what compute body/contact/local and body/contact/atom report
// on them, gathered to every rank.
#ifndef BODY_DEM_TEST_CONTACT_OUTPUT_CASES_H
#define BODY_DEM_TEST_CONTACT_OUTPUT_CASES_H

#include "lammps_session.h"

#include <array>
#include <map>
#include <string>
#include <vector>

namespace body_dem_test {

// One style with its friction setting, poured into a heap.
struct ContactCase {
  std::string name;
  int dimension = 3;
  std::string pair_style, pair_coeff;    // the arguments after the command
  std::string wall_style, wall_coeffs;   // the wall fix's style and its arguments before the wallstyle
  std::string data;                      // data file in examples/body
  int pour_steps = 0;
};

// polygon (weighted, no history), polygon_history, polygon_friction_pair,
// polygon_farthest_history; polyhedron (no history), polyhedron_history,
// polyhedron_friction_pair; granular, granular_friction_pair: every
// contact rule and friction mode of the pair styles (contact_recorder.h),
// with cohesion in the linear 3d styles.
ContactCase contact_case(const std::string &name);
std::vector<std::string> contact_case_names();

// The input that pours the case's bodies with gravity onto the floor
// (fix floor) in a cylinder (3d, fix drum) or between side walls (2d, fix
// sides) for its pour_steps, then switches gravity off and defines
//   compute cl all body/contact/local <kContactColumns>
//   compute ca all body/contact/atom
//   compute pp all pressure NULL pair
// with a thermo output that invokes them every 10 steps.
std::string contact_case_input(const ContactCase &c);

// The columns of compute cl, and their positions.
extern const char *const kContactColumns;
enum ContactColumn { kId1, kId2, kWall, kSide, kKind, kPx, kPy, kPz, kFx, kFy, kFz, kBx, kBy, kBz, kFn, kOverlap,
                     kWeight, kContactColumnCount };

// The rows of compute `id` (body/contact/local with kContactColumns) of
// this step on all ranks, gathered to every rank: kContactColumnCount
// values per row.
std::vector<double> gather_contact_rows(LammpsSession &s, const std::string &id);

// The per-atom values of compute `id` (body/contact/atom), by atom ID,
// gathered to every rank: 3 per atom.
std::vector<double> gather_contact_atoms(LammpsSession &s, const std::string &id);

// The checks of the rows of compute cl and the values of compute ca at
// this step against the loads on the bodies (atom->f and atom->torque:
// gravity must be off), the pair style's virial (compute pp) and the
// forces of the wall fixes `walls` (wall numbers 1, 2, ... in this
// order). Returns the number of rows.
int expect_rows_add_up(LammpsSession &s, const ContactCase &c, const std::vector<std::string> &walls);

// Sums that must not depend on how the work is split (ranks, threads).
struct ContactSums {
  double rows = 0, pair_rows = 0, wall_rows = 0;
  double sum_fn = 0, sum_abs_f = 0, sum_overlap = 0;
  double coordination = 0, contacts_per_atom = 0, fn_per_atom = 0;
  std::array<double, 6> row_virial{};    // sum over pair rows of b (x) F: xx yy zz xy xz yz
};
ContactSums contact_sums(const std::vector<double> &rows, const std::vector<double> &atoms);

}    // namespace body_dem_test

#endif
