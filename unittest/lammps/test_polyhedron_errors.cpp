// Bad input for pair_style body/rounded/polyhedron (TESTING.md layer 6):
// every mistake is a LAMMPS error whose message names the command, the
// argument and what was expected; nothing crashes or hangs. Each case runs
// in a fresh LAMMPS instance, so that one case's partial settings cannot
// hide another's error. Also checked: input that must be accepted is.
#include "lammps_session.h"
#include "pair_style_error_checks.h"
#include "polyhedron_data.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <fstream>
#include <iomanip>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

using body_dem_test::Box3d;
using body_dem_test::LammpsSession;
using pair_style_errors::kNoError;

namespace {

const char *const kStyle = "pair_style body/rounded/polyhedron";

// A cube and a tetrahedron of types 1 and 2, apart, at z = 0 (so that the
// same file can be read into a 2d box).
const std::string kData = "poly_errors_two_types.data";

// The standard 3d body setup (units lj, atom_style body rounded/polyhedron,
// comm_modify vel yes, newton on, read_data), with one of its lines
// replaced if `from` is given.
std::unique_ptr<LammpsSession> session(const std::string &from = "", const std::string &to = "",
                                       const std::string &data = kData)
{
  return body_dem_test::session_after_setup(body_dem_test::polyhedron_setup_commands(data), from, to);
}

// The checks shared with the other style of the linear law
// (pair_style_error_checks.h) run on this style and setup.
const pair_style_errors::StyleUnderTest kPolyhedron{
    "body/rounded/polyhedron", [](const std::string &from, const std::string &to) { return session(from, to); },
    3, "rounded/polyhedron", ""};

class PolyhedronErrors : public ::testing::Test {
 protected:
  static void SetUpTestSuite()
  {
    body_dem_test::write_cube_and_tetrahedron_apart(kData);
  }
};

const std::string kStyleAndCoeffs = kPolyhedron.style_and_coeffs();

// ---------------------------------------------------------------------------
// pair_style body/rounded/polyhedron c_n c_t mu delta_ua cutoff [history]

TEST_F(PolyhedronErrors, PairStyleWrongArgumentCounts)
{
  expect_pair_style_argument_count_errors(kPolyhedron);
}

TEST_F(PolyhedronErrors, PairStyleNonNumbers)
{
  expect_pair_style_non_number_errors(kPolyhedron);
}

TEST_F(PolyhedronErrors, PairStyleNegativeAndZeroValues)
{
  expect_pair_style_range_errors(kPolyhedron);
}

TEST_F(PolyhedronErrors, PairStyleUnknownKeyword)
{
  expect_pair_style_unknown_keyword_errors(kPolyhedron);
}

TEST_F(PolyhedronErrors, PairStyleFrictionKeyword)
{
  expect_pair_style_friction_keyword_errors(kPolyhedron);
}

TEST_F(PolyhedronErrors, PairStyleRidgeKeyword)
{
  pair_style_errors::expect_ridge_keyword_errors(kPolyhedron, "1.0 1.0 0.0 1.0 0.0");
  pair_style_errors::expect_ridge_keyword_errors(kPolyhedron, "1.0 1.0 0.3 1.0 0.0 history friction pair");
}

TEST_F(PolyhedronErrors, PairStyleFrictionWithoutTangentialDamping)
{
  expect_friction_needs_tangential_damping_without_history(kPolyhedron);
}

TEST_F(PolyhedronErrors, PairStyleValidInputIsAccepted)
{
  expect_valid_pair_style_accepted(kPolyhedron);
}

// ---------------------------------------------------------------------------
// pair_coeff I J k_n k_na [k_t]

TEST_F(PolyhedronErrors, PairCoeffWrongArgumentCounts)
{
  expect_pair_coeff_argument_count_errors(kPolyhedron);
}

TEST_F(PolyhedronErrors, PairCoeffNonNumbersAndNegativeValues)
{
  expect_pair_coeff_value_errors(kPolyhedron);
}

TEST_F(PolyhedronErrors, PairCoeffTypesOutOfRangeOrDecreasing)
{
  expect_pair_coeff_type_errors(kPolyhedron);
}

TEST_F(PolyhedronErrors, PairCoeffValidInputIsAccepted)
{
  expect_valid_pair_coeff_accepted(kPolyhedron);
}

// ---------------------------------------------------------------------------
// Requirements checked when a run starts (`run 0`).

TEST_F(PolyhedronErrors, RequiresAtomStyleBody)
{
  expect_atom_style_body_required(kPolyhedron);
}

TEST_F(PolyhedronErrors, RequiresBodyStyleRoundedPolyhedron)
{
  expect_body_style_required(kPolyhedron);
}

TEST_F(PolyhedronErrors, RequiresThreeDimensions)
{
  expect_dimension_required(kPolyhedron);
}

TEST_F(PolyhedronErrors, RequiresNewtonPairOnAndGhostVelocities)
{
  expect_newton_pair_and_ghost_velocities_required(kPolyhedron);
}

TEST_F(PolyhedronErrors, MissingCoefficients)
{
  expect_missing_coefficients_errors(kPolyhedron);
}

TEST_F(PolyhedronErrors, AllAtomsMustBeBodies)
{
  expect_all_atoms_to_be_bodies(kPolyhedron);
}

// Writes a data file of one cube whose edge or face list holds a bad index.
void write_bad_cube(const std::string &path, const std::string &edge0, const std::string &face0)
{
  std::ofstream out(path);
  out << "bad cube\n\n1 atoms\n1 bodies\n1 atom types\n\n-5 5 xlo xhi\n-5 5 ylo yhi\n-5 5 zlo zhi\n\n"
      << "Atoms # body\n\n1 1 1 1.0 0 0 0\n\nBodies\n\n1 3 79\n8 12 6\n0.1667 0.1667 0.1667 0 0 0\n"
      << "-0.5 -0.5 -0.5\n0.5 -0.5 -0.5\n0.5 0.5 -0.5\n-0.5 0.5 -0.5\n"
      << "-0.5 -0.5 0.5\n0.5 -0.5 0.5\n0.5 0.5 0.5\n-0.5 0.5 0.5\n"
      << edge0 << "\n1 2\n2 3\n3 0\n4 5\n5 6\n6 7\n7 4\n0 4\n1 5\n2 6\n3 7\n"
      << face0 << "\n4 5 6 7\n0 1 5 4\n1 2 6 5\n2 3 7 6\n3 0 4 7\n0.2\n";
}

TEST_F(PolyhedronErrors, BadEdgeAndFaceIndicesOfABody)
{
  struct Case {
    const char *name, *edge0, *face0;
    std::vector<std::string> words;
  };
  for (const Case &c : {Case{"edge_out_of_range", "0 8", "0 3 2 1", {"atom 1", "edge 0 (0 8)", "among 0..7"}},
                        Case{"edge_loop", "3 3", "0 3 2 1", {"atom 1", "edge 0 (3 3)", "two different vertices"}},
                        Case{"face_out_of_range", "0 1", "0 3 9 1", {"atom 1", "face 0", "vertex index 9"}},
                        Case{"face_of_two", "0 1", "0 3 -1 -1", {"atom 1", "face 0", "vertex index -1"}}}) {
    SCOPED_TRACE(c.name);
    const std::string path = std::string("poly_errors_") + c.name + ".data";
    write_bad_cube(path, c.edge0, c.face0);
    auto s = session("", "", path);
    s->commands(kStyleAndCoeffs);
    const std::string text = body_dem_test::error_of(*s, "run 0");
    EXPECT_NE(text.find(kStyle), std::string::npos) << text;
    for (const std::string &w : c.words) EXPECT_NE(text.find(w), std::string::npos) << w << "\ngot: " << text;
  }
  // the correct cube runs
  write_bad_cube("poly_errors_good.data", "0 1", "0 3 2 1");
  auto s = session("", "", "poly_errors_good.data");
  s->commands(kStyleAndCoeffs);
  EXPECT_EQ(body_dem_test::error_of(*s, "run 0"), kNoError);
}

// Two coins of 50 vertices each (prisms over a 24-gon of radius 0.4 and
// height 0.1, their caps fans of triangles around a centre vertex: valid,
// convex, closed bodies), the second 0.05 above the first, with rounded
// diameter 0.2: every vertex touches the other body, 100 candidate
// contacts, more than the fixed capacity of 64.
TEST_F(PolyhedronErrors, TooManyCandidateContactsIsAnErrorNotACrash)
{
  int nranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  if (nranks > 1) GTEST_SKIP() << "error->one() aborts a parallel run; checked on one rank";
  const std::string path = "poly_errors_coins.data";
  {
    const int n = 24;
    std::ofstream out(path);
    out << "two coins\n\n2 atoms\n2 bodies\n1 atom types\n\n-5 5 xlo xhi\n-5 5 ylo yhi\n-5 5 zlo zhi\n\n"
        << "Atoms # body\n\n1 1 1 1.0 0 0 0\n2 1 1 1.0 0 0 0.05\n\nBodies\n\n";
    out << std::setprecision(6);
    for (int b = 1; b <= 2; ++b) {
      // vertices: bottom ring 0..n-1, top ring n..2n-1, centres 2n (bottom), 2n+1 (top)
      out << b << " 3 " << 6 + 3 * (2 * n + 2) + 2 * 5 * n + 4 * 3 * n + 1 << "\n"
          << 2 * n + 2 << " " << 5 * n << " " << 3 * n << "\n0.1 0.1 0.2 0 0 0\n";
      // several values per line: the host reads at most 32 lines of one body
      for (int k = 0; k < 2 * n; ++k) {
        const double a = 2.0 * M_PI * (k % n) / n;
        out << 0.4 * std::cos(a) << " " << 0.4 * std::sin(a) << " " << (k < n ? -0.05 : 0.05)
            << (k % 6 == 5 ? "\n" : " ");
      }
      out << "0 0 -0.05 0 0 0.05\n";
      for (int k = 0; k < n; ++k) {
        const int k1 = (k + 1) % n;
        out << k << " " << k1 << " " << n + k << " " << n + k1 << " " << k << " " << n + k << " " << 2 * n << " " << k
            << " " << 2 * n + 1 << " " << n + k << (k % 6 == 5 ? "\n" : " ");
      }
      for (int k = 0; k < n; ++k) {
        const int k1 = (k + 1) % n;
        out << k << " " << k1 << " " << n + k1 << " " << n + k << " " << 2 * n << " " << k1 << " " << k << " -1 "
            << 2 * n + 1 << " " << n + k << " " << n + k1 << " -1" << (k % 4 == 3 ? "\n" : " ");
      }
      out << "0.2\n";
    }
  }
  LammpsSession s;
  s.load_plugin();
  s.commands(body_dem_test::polyhedron_setup_commands(path, 81) + kStyleAndCoeffs);
  EXPECT_LAMMPS_ERROR(s, "run 0", kStyle, "the pair of atoms 1 and 2 has", "candidate contacts, more than the 64",
                      "fewer vertices");
}

// ---------------------------------------------------------------------------
// The order of commands.

TEST_F(PolyhedronErrors, PairStyleBeforeTheBoxWithCoefficientsInTheDataFile)
{
  // Cubes face on face, 0.18 apart, r = 0.1: four corners at delta_n =
  // -0.02, r_c = 0, k_n = 100, k_na = 1: F = 2 - 0.02 = 1.98 each, 7.92 on
  // the upper cube (1e-10: round-off of the vertex rotation).
  const std::string path = "poly_errors_pair_coeffs_in_data.data";
  body_dem_test::write_polyhedron_data(
      path, {body_dem_test::cube({0, 0, 0}, 1.0, 0.2), body_dem_test::cube({0, 0, 1.18}, 1.0, 0.2)}, Box3d{});
  const std::vector<double> f =
      forces_with_coefficients_in_the_data_file(kPolyhedron, path, body_dem_test::polyhedron_setup_commands(path));
  EXPECT_NEAR(f[5], 7.92, 1e-10);
  EXPECT_NEAR(f[2], -7.92, 1e-10);
}

TEST_F(PolyhedronErrors, RedefiningTheStyleWithAndWithoutHistoryRuns)
{
  expect_redefining_the_style_with_and_without_history_runs(kPolyhedron);
}

}    // namespace
