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
// Tolerance of the sums: see expect_rows_add_up() (contact_output_cases.h).
#include "body_data.h"
#include "contact_output_cases.h"
#include "lammps_session.h"
#include "polyhedron_data.h"

#include "fix.h"
#include "lammps.h"
#include "modify.h"

#include "host_compat.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using body_dem_test::LammpsSession;

namespace {

using namespace body_dem_test;

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

// Recording changes nothing: the same pour with the contact computes
// invoked every step (the styles record at every step) and without them
// (never) ends with the same positions and velocities, to the last bit.
TEST(ContactOutput, RecordingChangesNothing)
{
  for (const std::string name : {"polygon_history", "granular_adhesion"}) {
    ContactCase c = contact_case(name);
    c.pour_steps = c.dimension == 2 ? 7000 : 3500;
    std::vector<double> x[2], v[2];
    for (int every : {0, 1}) {
      LammpsSession s;
      s.load_plugin();
      std::string input = contact_case_input(c);
      // without: no contact compute at all; with: invoked by thermo each step
      input = every ? input + "thermo 1\n" : input.substr(0, input.find("compute cl"));
      s.commands(input + "run 500\n");
      x[every] = s.gather_by_id("x");
      v[every] = s.gather_by_id("v");
    }
    ASSERT_EQ(x[0].size(), x[1].size());
    int differ = 0;
    for (size_t k = 0; k < x[0].size(); k++)
      if (x[0][k] != x[1][k] || v[0][k] != v[1][k]) differ++;
    EXPECT_EQ(differ, 0) << name << ": components that differ";
  }
}

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
             "\nrun 10\n"
             // a step that no run has reached: on the 2021 and 2025 hosts
             // step 10 itself would do, but the 2026 host announces its
             // thermo steps (the last one of a run included) to every
             // compute with a time list, so that step 10 was recorded there
             "reset_timestep 20\n");
  std::string message = "no error";
  try {
    gather_contact_rows(s, "c");
  } catch (std::exception &e) {
    message = e.what();
  }
  EXPECT_TEXT_HAS(message, "compute body/contact/local c", "contacts of step 20 were not recorded");
}

}    // namespace
