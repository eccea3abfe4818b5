// Contact output (issue 27; TESTING.md layer 9, "outputs add up"):
// compute body/contact/local and body/contact/atom on poured heaps of
// every pair style, contact rule and friction mode, with and without the
// walls, against what the pair style and the walls applied.
//
//  - Per body, the rows' forces (and their torques about the body's
//    centre, from the contact points) add up to the force (torque) on it.
//    After the pour gravity is switched off, so that at the end of a run
//    atom->f and atom->torque hold the pair style's and the walls' loads
//    alone (fix nve/body and fix enforce2d leave f as it is in the plane).
//  - The sum over the grain rows of (x_1 - x_2) (x) f_1 is the pair
//    style's virial (compute pressure NULL pair, times the volume).
//  - The rows of each wall fix add up to its force (elements 3-5 of its
//    global vector).
//  - compute body/contact/atom counts the partners and contacts of the
//    rows and sums their normal forces.
//  - A cube on a cube on a floor, at rest: coordination numbers 2 and 1,
//    the floor's rows carry the weight of both.
//
// Tolerance of the sums: a row's force is the product the style applies,
// and the sums add the same terms in another order (per contact: the
// normal and tangential parts apart, where the style adds them first);
// the difference is a few ulps (1e-16) of the largest term times the
// number of terms (some tens per body), so 1e-12 of the sum of the
// magnitudes of the terms at a body; 1e-10 of it is used. A missed row,
// a doubled one, a friction force on the wrong row or point, or a wrong
// sign show up at 1e-3 of that sum or above.
#include "body_data.h"
#include "contact_output_cases.h"
#include "lammps_session.h"
#include "polyhedron_data.h"

#include "domain.h"
#include "fix.h"
#include "lammps.h"
#include "modify.h"

#include "host_compat.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

using body_dem_test::LammpsSession;

namespace {

using namespace body_dem_test;

constexpr double kSumTolerance = 1e-10;

struct Vec {
  double x = 0, y = 0, z = 0;
};
Vec cross(const double a[3], const double b[3])
{
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

// The checks of one step; `walls`: the wall fixes in the order of their
// definition (wall numbers 1, 2, ...). Returns the number of rows.
int expect_rows_add_up(LammpsSession &s, const ContactCase &c, const std::vector<std::string> &walls)
{
  const std::string what = c.name + (walls.empty() ? " without walls" : " with walls");
  const std::vector<double> rows = gather_contact_rows(s, "cl");
  const std::vector<double> atoms = gather_contact_atoms(s, "ca");
  const std::vector<double> f = s.gather_by_id("f"), torque = s.gather_by_id("torque"), x = s.gather_by_id("x");
  const int natoms = static_cast<int>(f.size() / 3);
  LAMMPS_NS::Domain *domain = s.lmp->domain;
  const double period[3] = {domain->periodicity[0] ? domain->xprd : 0.0, domain->periodicity[1] ? domain->yprd : 0.0,
                            domain->dimension == 3 && domain->periodicity[2] ? domain->zprd : 0.0};

  // per body: the rows' force and torque, the magnitudes of their terms
  std::vector<double> row_f(3 * natoms, 0.0), row_t(3 * natoms, 0.0), f_scale(natoms, 0.0), t_scale(natoms, 0.0);
  // per body: its partners (other bodies by ID, walls as -(2 wall + side)), contacts, sum |fn|
  std::vector<std::set<long>> partners(natoms);
  std::vector<double> contacts(natoms, 0.0), fn_sum(natoms, 0.0);
  std::vector<Vec> wall_force(walls.size());
  std::array<double, 6> virial{};
  double virial_scale = 0.0;
  int pair_rows = 0, wall_rows = 0, per_pair_rows = 0;
  const int nrows = static_cast<int>(rows.size() / kContactColumnCount);
  for (int r = 0; r < nrows; r++) {
    const double *row = &rows[static_cast<size_t>(r) * kContactColumnCount];
    const int id1 = static_cast<int>(row[kId1]), id2 = static_cast<int>(row[kId2]);
    const int wall = static_cast<int>(row[kWall]), kind = static_cast<int>(row[kKind]);
    const double F[3] = {row[kFx], row[kFy], row[kFz]};
    const double Fmag = std::sqrt(F[0] * F[0] + F[1] * F[1] + F[2] * F[2]);
    EXPECT_GE(kind, 1) << what;
    EXPECT_LE(kind, 8) << what;
    const bool per_pair = kind == 7 || kind == 8;
    if (per_pair) per_pair_rows++;
    if (!per_pair) {
      EXPECT_GT(row[kWeight], 0.0) << what << ": a contact row of weight 0";
    }
    // the body 1 of the row, and body 2 (a body, or none for a wall)
    for (int side = 0; side < (wall ? 1 : 2); side++) {
      const int id = side == 0 ? id1 : id2;
      const double sign = side == 0 ? 1.0 : -1.0;
      if (id < 1 || id > natoms) {
        ADD_FAILURE() << what << ": a row of atom ID " << id;
        return nrows;
      }
      const int k = id - 1;
      double lever[3];
      for (int d = 0; d < 3; d++) {
        lever[d] = row[kPx + d] - x[3 * k + d];
        if (period[d] > 0.0) lever[d] -= period[d] * std::round(lever[d] / period[d]);
      }
      const double Fb[3] = {sign * F[0], sign * F[1], sign * F[2]};
      const Vec t = cross(lever, Fb);
      for (int d = 0; d < 3; d++) row_f[3 * k + d] += Fb[d];
      row_t[3 * k] += t.x;
      row_t[3 * k + 1] += t.y;
      row_t[3 * k + 2] += t.z;
      f_scale[k] += Fmag;
      t_scale[k] += Fmag * std::sqrt(lever[0] * lever[0] + lever[1] * lever[1] + lever[2] * lever[2]);
      if (!per_pair) {
        partners[k].insert(wall ? -(2L * wall + static_cast<long>(row[kSide])) : (side == 0 ? id2 : id1));
        contacts[k] += 1.0;
        fn_sum[k] += std::fabs(row[kFn]);
      }
    }
    if (wall) {
      wall_rows++;
      EXPECT_EQ(id2, 0) << what;
      if (wall > static_cast<int>(walls.size())) {
        ADD_FAILURE() << what << ": a row of wall " << wall;
        return nrows;
      }
      wall_force[wall - 1].x += F[0];
      wall_force[wall - 1].y += F[1];
      wall_force[wall - 1].z += F[2];
    } else {
      pair_rows++;
      const double b[3] = {row[kBx], row[kBy], row[kBz]};
      virial[0] += b[0] * F[0];
      virial[1] += b[1] * F[1];
      virial[2] += b[2] * F[2];
      virial[3] += b[0] * F[1];
      virial[4] += b[0] * F[2];
      virial[5] += b[1] * F[2];
      virial_scale += std::sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2]) * Fmag;
    }
  }
  // a packing, not a gas: enough rows for the sums to mean something
  EXPECT_GT(pair_rows, 20) << what;
  if (!walls.empty()) {
    EXPECT_GT(wall_rows, 5) << what;
  } else {
    EXPECT_EQ(wall_rows, 0) << what;
  }
  const bool pair_friction = c.name.find("friction_pair") != std::string::npos;
  if (pair_friction || c.name == "granular_adhesion") {
    EXPECT_GT(per_pair_rows, 0) << what << ": no row of the pair's friction or tangential adhesion";
  } else {
    EXPECT_EQ(per_pair_rows, 0) << what;
  }

  int bad = 0;
  for (int k = 0; k < natoms; k++) {
    for (int d = 0; d < 3; d++) {
      const bool f_ok = std::fabs(row_f[3 * k + d] - f[3 * k + d]) <= kSumTolerance * (1.0 + f_scale[k]);
      const bool t_ok = std::fabs(row_t[3 * k + d] - torque[3 * k + d]) <= kSumTolerance * (1.0 + t_scale[k]);
      if ((!f_ok || !t_ok) && bad++ < 5)
        ADD_FAILURE() << what << ": atom " << k + 1 << " component " << d << ": rows " << row_f[3 * k + d] << " "
                      << row_t[3 * k + d] << ", applied " << f[3 * k + d] << " " << torque[3 * k + d];
    }
    EXPECT_DOUBLE_EQ(atoms[3 * k], static_cast<double>(partners[k].size())) << what << ": coordination of " << k + 1;
    EXPECT_DOUBLE_EQ(atoms[3 * k + 1], contacts[k]) << what << ": contacts of " << k + 1;
    EXPECT_NEAR(atoms[3 * k + 2], fn_sum[k], kSumTolerance * (1.0 + fn_sum[k])) << what << ": normal forces of "
                                                                                << k + 1;
  }
  EXPECT_EQ(bad, 0) << what << ": components whose rows do not add up";

  // the pair style's virial: P V from compute pressure NULL pair (lj units)
  const double volume = domain->xprd * domain->yprd * (domain->dimension == 3 ? domain->zprd : 1.0);
  const int order[6] = {0, 1, 2, 3, 4, 5};    // xx yy zz xy xz yz, as compute pressure's vector
  for (int m : order)
    EXPECT_NEAR(s.compute_vector("pp", m) * volume, virial[m], kSumTolerance * (1.0 + virial_scale))
        << what << ": virial component " << m;

  for (size_t w = 0; w < walls.size(); w++) {
    LAMMPS_NS::Fix *fix = LAMMPS_NS::host::fix_by_id(s.lmp->modify, walls[w]);
    const double applied[3] = {fix->compute_vector(2), fix->compute_vector(3), fix->compute_vector(4)};
    const double summed[3] = {wall_force[w].x, wall_force[w].y, wall_force[w].z};
    double scale = 1.0;
    for (double v : summed) scale += std::fabs(v);
    for (int d = 0; d < 3; d++)
      EXPECT_NEAR(summed[d], applied[d], kSumTolerance * scale) << what << ": fix " << walls[w] << " component " << d;
  }
  return nrows;
}

class ContactRowsAddUp : public ::testing::TestWithParam<std::string> {};

TEST_P(ContactRowsAddUp, WithAndWithoutWalls)
{
  const ContactCase c = contact_case(GetParam());
  LammpsSession s;
  s.load_plugin();
  s.commands(contact_case_input(c));
  const std::string side_walls = c.dimension == 2 ? "sides" : "drum";
  // moving bodies (damping and friction at work), at a step of a run
  s.command("run 25");
  const int with_walls = expect_rows_add_up(s, c, {"floor", side_walls});
  s.commands("unfix floor\nunfix " + side_walls + "\nrun 15");
  const int without = expect_rows_add_up(s, c, {});
  EXPECT_GT(with_walls, without) << c.name;
}

INSTANTIATE_TEST_SUITE_P(EveryStyleAndFriction, ContactRowsAddUp, ::testing::ValuesIn(contact_case_names()));

// A cube on a cube on a floor, settled under gravity g = 1 (mass 1 each):
// the lower cube (atom 1) touches the floor and the upper cube
// (coordination 2), the upper cube the lower one (1). The floor touches
// the lower cube with the 4 vertices of its bottom face (4 rows), and
// their forces carry the weight of both, 2 m g; the rows between the
// cubes carry the upper one, m g. At rest within the tolerance of
// test_wall_loads (the vibration left after settling: 1e-2 of the
// weight); the rows add up to the floor's force to round-off.
TEST(ContactCoordination, CubeOnCubeOnFloor)
{
  write_polyhedron_data("contact_stack.data",
                        {cube({0.0, 0.0, 0.6}, 1.0, 0.2), rotated(cube({0.1, 0.0, 1.8}, 1.0, 0.2), {0.0, 0.0, 1.0}, 0.3)},
                        box_above_floor(4.0, 6.0));
  LammpsSession s;
  s.load_plugin();
  s.commands("boundary p p f\n" + polyhedron_setup_commands("contact_stack.data") +
             "pair_style body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.0 history\npair_coeff * * 1000.0 0.0\n"
             "fix floor all wall/body/polyhedron 1000.0 20.0 5.0 zplane 0.0 NULL\n"
             "fix down all gravity 1.0 vector 0 0 -1\ntimestep 0.001\nfix integrate all nve/body\n"
             "compute ke all ke\nthermo 1000\nrun 30000\n"
             "compute cl all body/contact/local " + std::string(kContactColumns) + "\n"
             "compute ca all body/contact/atom\n"
             "compute zs all reduce sum c_ca[1]\nthermo_style custom step c_ke c_zs\nrun 0\n");
  EXPECT_LT(s.compute_scalar("ke"), 1e-8) << "not at rest";
  const std::vector<double> atoms = gather_contact_atoms(s, "ca");
  const std::vector<double> rows = gather_contact_rows(s, "cl");
  EXPECT_EQ(atoms[0], 2.0) << "lower cube: the upper cube and the floor";
  EXPECT_EQ(atoms[3], 1.0) << "upper cube: the lower cube";
  int floor_rows = 0, pair_rows = 0;
  double floor_fz = 0.0, upper_fz = 0.0;
  for (size_t r = 0; r < rows.size(); r += kContactColumnCount) {
    const double *row = &rows[r];
    if (row[kWall] == 1) {
      floor_rows++;
      EXPECT_EQ(row[kId1], 1.0);
      EXPECT_EQ(row[kKind], 4.0) << "a vertex on the wall's face";
      EXPECT_EQ(row[kSide], 1.0) << "the floor is the lo side";
      floor_fz += row[kFz];
    } else {
      pair_rows++;
      upper_fz += row[kId1] == 2.0 ? row[kFz] : -row[kFz];
    }
  }
  EXPECT_EQ(floor_rows, 4);
  EXPECT_EQ(atoms[1], pair_rows + 4.0) << "contacts of the lower cube";
  EXPECT_EQ(atoms[4], static_cast<double>(pair_rows)) << "contacts of the upper cube";
  EXPECT_NEAR(floor_fz, 2.0, 1e-2) << "the floor carries both cubes";
  EXPECT_NEAR(upper_fz, 1.0, 1e-2) << "the lower cube carries the upper one";
  EXPECT_NEAR(floor_fz, LAMMPS_NS::host::fix_by_id(s.lmp->modify, "floor")->compute_vector(4), 1e-12);
}

// Bad input ends in an error that names the command, the argument and
// what was expected.
TEST(ContactOutputErrors, BadArguments)
{
  write_polyhedron_data("contact_errors.data", {cube({0.0, 0.0, 0.6}, 1.0, 0.2)}, box_above_floor(4.0, 6.0));
  LammpsSession s;
  s.load_plugin();
  s.commands("boundary p p f\n" + polyhedron_setup_commands("contact_errors.data"));
  EXPECT_LAMMPS_ERROR(s, "compute c all body/contact/local id1 force", "compute body/contact/local",
                      "unknown keyword 'force'", "expected id1 id2");
  EXPECT_LAMMPS_ERROR(s, "compute c all body/contact/local", "compute body/contact/local",
                      "expected at least one keyword");
  EXPECT_LAMMPS_ERROR(s, "compute c nosuchgroup body/contact/local id1", "compute body/contact/local",
                      "group 'nosuchgroup' does not exist");
  EXPECT_LAMMPS_ERROR(s, "compute c nosuchgroup body/contact/atom", "compute body/contact/atom",
                      "group 'nosuchgroup' does not exist");
  EXPECT_LAMMPS_ERROR(s, "compute c all body/contact/atom fn", "compute body/contact/atom", "takes no keywords",
                      "'fn'");
  // a pair style of another package
  s.commands("pair_style zero 1.0\npair_coeff * *\ncompute c all body/contact/local id1\n"
             "thermo_style custom step\n");
  EXPECT_LAMMPS_ERROR(s, "run 0", "compute body/contact/local", "requires a pair style of the body-dem package",
                      "got 'zero'");
}

// The compute read on a step the styles did not record (the output that
// uses it announces its steps; here nothing does, and the test reads it
// directly at the last step): an error, not the rows of another step.
TEST(ContactOutputErrors, StepNotRecorded)
{
  write_polyhedron_data("contact_unrecorded.data", {cube({0.0, 0.0, 0.6}, 1.0, 0.2)}, box_above_floor(4.0, 6.0));
  LammpsSession s;
  s.load_plugin();
  s.commands("boundary p p f\n" + polyhedron_setup_commands("contact_unrecorded.data") +
             "pair_style body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.0\npair_coeff * * 1000.0 0.0\n"
             "fix integrate all nve/body\ncompute c all body/contact/local " + std::string(kContactColumns) +
             "\nrun 10\n");
  std::string message = "no error";
  try {
    gather_contact_rows(s, "c");
  } catch (std::exception &e) {
    message = e.what();
  }
  EXPECT_TEXT_HAS(message, "compute body/contact/local c", "contacts of step 10 were not recorded");
}

}    // namespace
