// Bad input for pair_style body/rounded/polyhedron/granular and fix
// wall/body/polyhedron/granular (TESTING.md layer 6): every mistake is a
// LAMMPS error whose message names the command, the argument and what was
// expected; nothing crashes or hangs. Each case runs in a fresh LAMMPS
// instance, so that one case's partial settings cannot hide another's
// error. Input that must be accepted is checked too, so that a parser that
// rejects everything cannot pass.
#include "host_behaviour.h"
#include "lammps_session.h"
#include "pair_style_error_checks.h"
#include "polyhedron_data.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

using body_dem_test::LammpsSession;

namespace {

const char *const kStyle = "pair_style body/rounded/polyhedron/granular";
const char *const kCoeff = "pair_coeff (body/rounded/polyhedron/granular)";
const char *const kWall = "fix wall/body/polyhedron/granular";
using pair_style_errors::kNoError;

// A cube (type 1) and a tetrahedron (type 2), apart, at z = 0, so that the
// same file can be read into a 2d box.
const std::string kData = "granular_errors_two_types.data";

// Models that are valid on their own.
const std::string kHooke = "hooke 1000.0 1.0 tangential linear_nohistory 0.5 0.5";
const std::string kHertzHistory = "hertz 1.0e4 1.0 tangential linear_history 3000.0 0.5 0.5";

// The standard 3d body setup (units lj, atom_style body rounded/polyhedron,
// comm_modify vel yes, newton on, read_data; periodic box), with one of its
// lines replaced if `from` is given.
std::unique_ptr<LammpsSession> session(const std::string &from = "", const std::string &to = "")
{
  return body_dem_test::session_after_setup(body_dem_test::polyhedron_setup_commands(kData), from, to);
}

// The same in a box that is not periodic (walls need that).
std::unique_ptr<LammpsSession> walled_session()
{
  return session("atom_style", "boundary f f f\natom_style");
}

std::string pair_style_error(const std::string &args)
{
  auto s = session();
  return body_dem_test::error_of(*s, std::string(kStyle) + (args.empty() ? "" : " " + args));
}

std::string pair_coeff_error(const std::string &args)
{
  auto s = session();
  s->command(std::string(kStyle) + " 1.0 0.05");
  return body_dem_test::error_of(*s, "pair_coeff " + args);
}

std::string wall_error(const std::string &args)
{
  auto s = walled_session();
  return body_dem_test::error_of(*s, std::string("fix w all wall/body/polyhedron/granular ") + args);
}

class GranularErrors : public ::testing::Test {
 protected:
  static void SetUpTestSuite()
  {
    body_dem_test::write_cube_and_tetrahedron_apart(kData);
  }
};

const std::string kStyleAndCoeffs =
    "pair_style body/rounded/polyhedron/granular 1.0 0.05\npair_coeff * * " + kHooke + "\n";

// The requirement checks shared with the other pair styles
// (pair_style_error_checks.h) run on this style and setup.
const pair_style_errors::StyleUnderTest kGranular{
    "body/rounded/polyhedron/granular",
    [](const std::string &from, const std::string &to) { return session(from, to); }, 3, "rounded/polyhedron",
    kStyleAndCoeffs};

// ---------------------------------------------------------------------------
// pair_style body/rounded/polyhedron/granular delta_ua cutoff

TEST_F(GranularErrors, PairStyleWrongArgumentCounts)
{
  for (const auto &[args, count] : std::vector<std::pair<std::string, std::string>>{
           {"", "got 0 arguments"}, {"1.0", "got 1 arguments"}, {"1.0 0.5 history", "got 3 arguments"}}) {
    SCOPED_TRACE("pair_style arguments: '" + args + "'");
    EXPECT_TEXT_HAS(pair_style_error(args), kStyle, "expected delta_ua cutoff", count);
  }
}

TEST_F(GranularErrors, PairStyleRidgeKeyword)
{
  pair_style_errors::expect_ridge_keyword_errors(kGranular, "1.0 0.5");
}

TEST_F(GranularErrors, PairStyleNonNumbers)
{
  const std::vector<std::string> names = {"delta_ua", "cutoff"};
  for (const std::string bad : {"abc", "1.0x", "nan", "inf", "1e999"}) {
    for (size_t k = 0; k < names.size(); ++k) {
      std::vector<std::string> args = {"1.0", "0.5"};
      args[k] = bad;
      const std::string line = args[0] + " " + args[1];
      SCOPED_TRACE("pair_style arguments: '" + line + "'");
      EXPECT_TEXT_HAS(pair_style_error(line), kStyle, "argument " + names[k], "must be a number", "'" + bad + "'");
    }
  }
}

TEST_F(GranularErrors, PairStyleNegativeAndZeroValues)
{
  EXPECT_TEXT_HAS(pair_style_error("-0.5 0.5"), kStyle, "argument delta_ua", "must be > 0", "-0.5");
  EXPECT_TEXT_HAS(pair_style_error("1.0 -0.5"), kStyle, "argument cutoff", "must be >= 0", "-0.5");
  // delta_ua divides the contact area: zero is an error, a zero cutoff is not
  EXPECT_TEXT_HAS(pair_style_error("0 0.5"), kStyle, "argument delta_ua", "must be > 0", "got 0");
  EXPECT_TEXT_HAS(pair_style_error("0.0 0.0"), kStyle, "argument delta_ua", "must be > 0");
}

TEST_F(GranularErrors, PairStyleValidInputIsAccepted)
{
  for (const std::string args : {"1.0 0.0", "1.0 0.5", "1e-3 2e-2", "0.05 0"}) {
    SCOPED_TRACE(args);
    EXPECT_EQ(pair_style_error(args), kNoError);
  }
}

// ---------------------------------------------------------------------------
// pair_coeff I J normal_model coeffs tangential model coeffs [damping model] [cohesion k_na]

TEST_F(GranularErrors, PairCoeffTooFewArguments)
{
  EXPECT_TEXT_HAS(pair_coeff_error("1 1"), kCoeff, "expected I J normal_model", "got 2 arguments");
}

TEST_F(GranularErrors, PairCoeffUnsupportedNormalModels)
{
  // the host's pair_style granular has dmt and jkr; this style does not
  for (const std::string model : {"dmt 1000.0 1.0 0.3 0.1", "jkr 1000.0 1.0 0.3 0.1", "hooke/linear 1 1",
                                  "100.0 1.0"}) {
    SCOPED_TRACE(model);
    const std::string name = model.substr(0, model.find(' '));
    EXPECT_TEXT_HAS(pair_coeff_error("1 1 " + model + " tangential linear_nohistory 0.5 0.5"), kCoeff,
                    "normal model '" + name + "' is not supported", "hooke, hertz, hertz/material");
  }
}

TEST_F(GranularErrors, PairCoeffUnsupportedDampingModels)
{
  for (const std::string model : {"viscoelastic", "tsuji", "none", "1.0"}) {
    SCOPED_TRACE(model);
    EXPECT_TEXT_HAS(pair_coeff_error("1 1 " + kHooke + " damping " + model), kCoeff,
                    "damping model '" + model + "' is not supported", "velocity, mass_velocity");
  }
  EXPECT_TEXT_HAS(pair_coeff_error("1 1 " + kHooke + " damping"), kCoeff, "damping expects a model",
                  "velocity or mass_velocity");
}

TEST_F(GranularErrors, PairCoeffUnsupportedTangentialModels)
{
  for (const std::string model : {"mindlin", "mindlin_rescale", "mindlin/force", "linear", "3000.0"}) {
    SCOPED_TRACE(model);
    EXPECT_TEXT_HAS(pair_coeff_error("1 1 hooke 1000.0 1.0 tangential " + model + " 3000.0 0.5 0.5"), kCoeff,
                    "tangential model '" + model + "' is not supported", "linear_nohistory, linear_history");
  }
  EXPECT_TEXT_HAS(pair_coeff_error("1 1 hooke 1000.0 1.0 tangential"), kCoeff, "tangential expects a model",
                  "linear_nohistory or linear_history");
}

TEST_F(GranularErrors, PairCoeffTangentialIsRequired)
{
  for (const std::string args : {"hooke 1000.0 1.0", "hertz 1.0e4 1.0 damping mass_velocity",
                                 "hertz/material 1.0e4 1.0 0.3 cohesion 1.0"}) {
    SCOPED_TRACE(args);
    EXPECT_TEXT_HAS(pair_coeff_error("1 1 " + args), kCoeff, "tangential keyword", "is required");
  }
}

TEST_F(GranularErrors, PairCoeffWrongCoefficientCounts)
{
  struct Case {
    std::string args;
    std::vector<std::string> words;
  };
  for (const Case &c : std::vector<Case>{
           // too few at the end of the line
           {"hooke", {"hooke expects 2 coefficients", "got 0"}},
           {"hooke 1000.0", {"hooke expects 2 coefficients", "got 1"}},
           {"hertz 1.0e4", {"hertz expects 2 coefficients", "got 1"}},
           {"hertz/material 1.0e4 1.0", {"hertz/material expects 3 coefficients", "got 2"}},
           {"hooke 1000.0 1.0 tangential linear_history 3000.0 0.5",
            {"tangential linear_history expects 3 coefficients", "got 2"}},
           {"hooke 1000.0 1.0 tangential linear_nohistory 0.5",
            {"tangential linear_nohistory expects 2 coefficients", "got 1"}},
           {kHooke + " cohesion", {"cohesion expects 1 coefficient,", "got 0"}},
           // too few before the next keyword: the keyword is read as a number
           {"hooke 1000.0 tangential linear_nohistory 0.5 0.5", {"argument damp", "must be a number", "'tangential'"}},
           {"hertz/material 1.0e4 1.0 tangential linear_nohistory 0.5 0.5",
            {"argument poisson", "must be a number", "'tangential'"}},
           {"hooke 1000.0 1.0 tangential linear_history 3000.0 0.5 damping velocity",
            {"argument mu", "must be a number", "'damping'"}},
           // too many: the extra number is an unknown keyword
           {"hooke 1000.0 1.0 2.0 tangential linear_nohistory 0.5 0.5", {"unknown keyword '2.0'"}},
           {kHooke + " 0.7", {"unknown keyword '0.7'"}},
           {kHooke + " cohesion 1.0 2.0", {"unknown keyword '2.0'"}}}) {
    SCOPED_TRACE("pair_coeff 1 1 " + c.args);
    const std::string text = pair_coeff_error("1 1 " + c.args);
    EXPECT_TEXT_HAS(text, kCoeff);
    for (const std::string &w : c.words) EXPECT_TEXT_HAS(text, w);
  }
}

TEST_F(GranularErrors, PairCoeffNonNumbers)
{
  struct Case {
    std::string args, name;
  };
  for (const Case &c : std::vector<Case>{
           {"hooke abc 1.0 tangential linear_nohistory 0.5 0.5", "k_n"},
           {"hertz 1.0e4 nan tangential linear_nohistory 0.5 0.5", "damp"},
           {"hertz/material inf 1.0 0.3 tangential linear_nohistory 0.5 0.5", "E"},
           {"hertz/material 1.0e4 1.0 0.3x tangential linear_nohistory 0.5 0.5", "poisson"},
           {"hooke 1000.0 1.0 tangential linear_history k 0.5 0.5", "k_t"},
           {"hooke 1000.0 1.0 tangential linear_nohistory 1e999 0.5", "x_gamma_t"},
           {"hooke 1000.0 1.0 tangential linear_nohistory 0.5 mu", "mu"},
           {kHooke + " cohesion strong", "k_na"}}) {
    SCOPED_TRACE("pair_coeff 1 1 " + c.args);
    EXPECT_TEXT_HAS(pair_coeff_error("1 1 " + c.args), kCoeff, "argument " + c.name, "must be a number");
  }
}

TEST_F(GranularErrors, PairCoeffNegativeOrOutOfRangeValues)
{
  struct Case {
    std::string args;
    std::vector<std::string> words;
  };
  for (const Case &c : std::vector<Case>{
           {"hooke -1000.0 1.0 tangential linear_nohistory 0.5 0.5", {"hooke", "stiffness must be >= 0"}},
           {"hertz -1.0e4 1.0 tangential linear_nohistory 0.5 0.5", {"hertz", "stiffness must be >= 0"}},
           {"hooke 1000.0 -1.0 tangential linear_nohistory 0.5 0.5", {"hooke", "damping coefficient must be >= 0"}},
           {"hertz/material 0.0 1.0 0.3 tangential linear_nohistory 0.5 0.5", {"Young's modulus must be > 0"}},
           {"hertz/material -1.0e4 1.0 0.3 tangential linear_nohistory 0.5 0.5", {"Young's modulus must be > 0"}},
           {"hertz/material 1.0e4 -1.0 0.3 tangential linear_nohistory 0.5 0.5",
            {"damping coefficient must be >= 0"}},
           {"hertz/material 1.0e4 1.0 0.6 tangential linear_nohistory 0.5 0.5", {"Poisson's ratio", "<= 0.5"}},
           {"hertz/material 1.0e4 1.0 -1.0 tangential linear_nohistory 0.5 0.5", {"Poisson's ratio", "> -1"}},
           {"hooke 1000.0 1.0 tangential linear_history -3000.0 0.5 0.5",
            {"tangential linear_history", "stiffness must be >= 0"}},
           {"hooke 1000.0 1.0 tangential linear_history 3000.0 -0.5 0.5", {"x_gamma_t must be >= 0"}},
           {"hooke 1000.0 1.0 tangential linear_nohistory -0.5 0.5", {"x_gamma_t must be >= 0"}},
           {"hooke 1000.0 1.0 tangential linear_nohistory 0.5 -0.5", {"friction coefficient must be >= 0"}},
           {kHooke + " cohesion -1.0", {"cohesion", "k_na must be >= 0"}}}) {
    SCOPED_TRACE("pair_coeff 1 1 " + c.args);
    const std::string text = pair_coeff_error("1 1 " + c.args);
    EXPECT_TEXT_HAS(text, kCoeff);
    for (const std::string &w : c.words) EXPECT_TEXT_HAS(text, w);
  }
}

TEST_F(GranularErrors, PairCoeffUnsupportedKeywordsOfPairStyleGranular)
{
  for (const std::string key : {"rolling sds 1000.0 50.0 0.1", "twisting marshall", "heat 1.0",
                                "limit_damping"}) {
    const std::string name = key.substr(0, key.find(' '));
    SCOPED_TRACE(key);
    EXPECT_TEXT_HAS(pair_coeff_error("1 1 " + kHooke + " " + key), kCoeff, "'" + name + "' is not supported",
                    "tangential, damping, cohesion");
  }
  EXPECT_TEXT_HAS(pair_coeff_error("1 1 " + kHooke + " cohesoin 1.0"), kCoeff, "unknown keyword 'cohesoin'",
                  "tangential, damping, cohesion, adhesion, tangential_adhesion or friction");
}

// friction contact|pair: one spring (or, with linear_nohistory, one
// capped friction force) per weighted contact, or one per pair of bodies.
// Both are meaningful with either tangential model, so there is no rule
// about the model; the value is required and must be contact or pair.
TEST_F(GranularErrors, PairCoeffFrictionKeyword)
{
  for (const std::string bad : {"contacts", "1.0", "damping"}) {
    SCOPED_TRACE("friction " + bad);
    EXPECT_TEXT_HAS(pair_coeff_error("1 1 " + kHertzHistory + " friction " + bad), kCoeff,
                    "friction '" + bad + "' is not supported", "expected contact or pair");
  }
  EXPECT_TEXT_HAS(pair_coeff_error("1 1 " + kHertzHistory + " friction"), kCoeff, "friction",
                  "expects contact or pair");
  for (const std::string &args : {kHertzHistory + " friction pair", kHertzHistory + " friction contact",
                                 kHooke + " friction pair", kHooke + " friction contact damping mass_velocity"}) {
    SCOPED_TRACE("pair_coeff * * " + args);
    EXPECT_EQ(pair_coeff_error("* * " + args), kNoError);
  }
  // Unlike types with different friction modes cannot be mixed.
  auto s = session();
  s->commands(std::string(kStyle) + " 1.0 0.05\npair_coeff 1 1 " + kHertzHistory + "\npair_coeff 2 2 " +
              kHertzHistory + " friction pair\n");
  EXPECT_LAMMPS_ERROR(*s, "run 0", kStyle, "types 1 and 2 use different contact models", "pair_coeff 1 2");
}

TEST_F(GranularErrors, PairCoeffFrictionAndTangentialModelCanChangeBetweenRuns)
{
  // The weight record always has the room of the springs per contact: the
  // size of the pair's history does not depend on the models, and
  // pair_coeff may switch them between runs.
  auto s = session();
  s->commands(std::string(kStyle) + " 1.0 0.05\npair_coeff * * " + kHooke + "\nfix integrate all nve/body\n");
  EXPECT_EQ(body_dem_test::error_of(*s, "run 10"), kNoError);
  for (const std::string &args : {kHertzHistory, kHertzHistory + " friction pair", kHooke + " friction pair", kHooke}) {
    SCOPED_TRACE("pair_coeff * * " + args);
    EXPECT_EQ(body_dem_test::error_of(*s, "pair_coeff * * " + args + "\nrun 10"), kNoError);
  }
}

TEST_F(GranularErrors, PairCoeffTypesOutOfRangeOrDecreasing)
{
  for (const auto &[types, bad] : std::vector<std::pair<std::string, std::string>>{
           {"3 3", "'3'"}, {"0 1", "'0'"}, {"a 1", "'a'"}, {"1 2*1", "'2*1'"}, {"1 *3", "'*3'"}}) {
    SCOPED_TRACE("pair_coeff " + types);
    EXPECT_TEXT_HAS(pair_coeff_error(types + " " + kHooke), kCoeff, bad,
                    "must be an atom type or a range of atom types", "within 1-2");
  }
  // as in pair_style_error_checks.h: plain numbers are swapped by the 2025 host
  EXPECT_TEXT_HAS(pair_coeff_error("2*2 1 " + kHooke), kCoeff, "no type pair I <= J", "lower type first");
  if (body_dem_test::kHostReordersPairCoeffTypes)
    EXPECT_EQ(pair_coeff_error("2 1 " + kHooke), "no error");
  else
    EXPECT_TEXT_HAS(pair_coeff_error("2 1 " + kHooke), kCoeff, "no type pair I <= J", "lower type first");
}

TEST_F(GranularErrors, PairCoeffValidInputIsAccepted)
{
  const std::vector<std::string> valid = {
      "* * " + kHooke, "1 1 " + kHertzHistory, "1*2 2 " + kHertzHistory + " damping mass_velocity cohesion 2.0",
      "1 2 hertz/material 1.0e4 0.5 0.3 tangential linear_history 3000.0 1.0 0.5 damping mass_velocity",
      "* * hertz/material 1e4 0 0.5 damping velocity tangential linear_nohistory 0 0 cohesion 0",
      "1 1 hooke 0 0 tangential linear_history 0 0 0"};
  for (const std::string &args : valid) {
    SCOPED_TRACE("pair_coeff " + args);
    EXPECT_EQ(pair_coeff_error(args), kNoError);
  }
}

// Unlike types without their own pair_coeff are mixed only if both use
// the same normal, damping and tangential models (as pair_style granular).
TEST_F(GranularErrors, UnlikeTypesWithDifferentModelsCannotBeMixed)
{
  struct Case {
    const char *what;
    std::string type1, type2;
  };
  for (const Case &c : std::vector<Case>{
           {"normal", kHooke, "hertz 1.0e4 1.0 tangential linear_nohistory 0.5 0.5"},
           {"hertz and hertz/material", "hertz 1.0e4 1.0 tangential linear_nohistory 0.5 0.5",
            "hertz/material 1.0e4 1.0 0.3 tangential linear_nohistory 0.5 0.5"},
           {"damping", kHooke, kHooke + " damping mass_velocity"},
           {"tangential", kHooke, "hooke 1000.0 1.0 tangential linear_history 3000.0 0.5 0.5"}}) {
    SCOPED_TRACE(c.what);
    auto s = session();
    s->commands("pair_style body/rounded/polyhedron/granular 1.0 0.05\npair_coeff 1 1 " + c.type1 +
                "\npair_coeff 2 2 " + c.type2 + "\n");
    EXPECT_LAMMPS_ERROR(*s, "run 0", kStyle, "types 1 and 2 use different contact models", "cannot be mixed",
                        "give pair_coeff 1 2");
    // with its own coefficients the unlike pair runs
    s->command("pair_coeff 1 2 " + c.type1);
    EXPECT_EQ(body_dem_test::error_of(*s, "run 0"), kNoError);
  }
  // different coefficients of the same models mix (no error)
  auto s = session();
  s->commands("pair_style body/rounded/polyhedron/granular 1.0 0.05\n"
              "pair_coeff 1 1 hertz/material 1.0e4 1.0 0.3 tangential linear_history 3000.0 0.5 0.5 cohesion 1.0\n"
              "pair_coeff 2 2 hertz/material 2.0e4 2.0 0.2 tangential linear_history 1000.0 1.0 0.3\n");
  EXPECT_EQ(body_dem_test::error_of(*s, "run 0"), kNoError);
}

TEST_F(GranularErrors, MissingCoefficientsOfOneType)
{
  // checked by the host before the style's own init
  auto s = session();
  s->commands("pair_style body/rounded/polyhedron/granular 1.0 0.05\npair_coeff 1 1 " + kHooke + "\n");
  EXPECT_LAMMPS_ERROR(*s, "run 0", "pair coeffs are not set");
}

// ---------------------------------------------------------------------------
// Requirements checked when a run starts (`run 0`).

TEST_F(GranularErrors, RequiresAtomStyleBody)
{
  expect_atom_style_body_required(kGranular);
}

TEST_F(GranularErrors, RequiresBodyStyleRoundedPolyhedron)
{
  expect_body_style_required(kGranular);
}

TEST_F(GranularErrors, RequiresThreeDimensions)
{
  expect_dimension_required(kGranular);
}

TEST_F(GranularErrors, RequiresNewtonPairOnAndGhostVelocities)
{
  expect_newton_pair_and_ghost_velocities_required(kGranular);
}

TEST_F(GranularErrors, AllAtomsMustBeBodies)
{
  expect_all_atoms_to_be_bodies(kGranular);
}

TEST_F(GranularErrors, TheStandardSetupRuns)
{
  // the control of the requirement tests: the same setup unchanged runs,
  // with and without history
  for (const std::string &model : {kHooke, kHertzHistory}) {
    auto s = session();
    s->commands("pair_style body/rounded/polyhedron/granular 1.0 0.05\npair_coeff * * " + model +
                "\nfix integrate all nve/body\n");
    EXPECT_EQ(body_dem_test::error_of(*s, "run 10"), kNoError) << model;
  }
}

// ---------------------------------------------------------------------------
// fix ID group wall/body/polyhedron/granular models wallstyle args [wiggle ...]

TEST_F(GranularErrors, WallWithoutWallstyle)
{
  for (const std::string &args : std::vector<std::string>{"", kHooke, kHooke + " zplan 0.0 NULL", "zplane"}) {
    SCOPED_TRACE("fix arguments: '" + args + "'");
    const std::string text = wall_error(args);
    EXPECT_TEXT_HAS(text, kWall);
    // "zplane" alone is a wallstyle without models: the models are missing
    if (args == "zplane")
      EXPECT_TEXT_HAS(text, "expected a normal model");
    else
      EXPECT_TEXT_HAS(text, "found no wallstyle", "xplane, yplane, zplane or zcylinder");
  }
}

TEST_F(GranularErrors, WallBadModels)
{
  struct Case {
    std::string models;
    std::vector<std::string> words;
  };
  for (const Case &c : std::vector<Case>{
           {"dmt 1000.0 1.0 0.3 0.1 tangential linear_nohistory 0.5 0.5", {"normal model 'dmt' is not supported"}},
           {"jkr 1000.0 1.0 0.3 0.1 tangential linear_nohistory 0.5 0.5", {"normal model 'jkr' is not supported"}},
           {"hooke 1000.0 1.0 tangential mindlin 3000.0 0.5 0.5", {"tangential model 'mindlin' is not supported"}},
           {kHooke + " damping tsuji", {"damping model 'tsuji' is not supported"}},
           {kHooke + " damping viscoelastic", {"damping model 'viscoelastic' is not supported"}},
           {"hooke 1000.0 1.0", {"tangential keyword", "is required"}},
           {"hooke 1000.0 tangential linear_nohistory 0.5 0.5", {"argument damp", "must be a number"}},
           {"hooke -1000.0 1.0 tangential linear_nohistory 0.5 0.5", {"stiffness must be >= 0"}},
           {"hertz/material 1.0e4 1.0 0.7 tangential linear_nohistory 0.5 0.5", {"Poisson's ratio"}},
           {"hooke 1000.0 1.0 tangential linear_nohistory 0.5 -0.5", {"friction coefficient must be >= 0"}},
           {kHooke + " rolling sds 1000.0 50.0 0.1", {"'rolling' is not supported"}},
           {kHooke + " twisting marshall", {"'twisting' is not supported"}}}) {
    SCOPED_TRACE(c.models);
    const std::string text = wall_error(c.models + " zplane 0.0 NULL");
    EXPECT_TEXT_HAS(text, kWall);
    for (const std::string &w : c.words) EXPECT_TEXT_HAS(text, w);
  }
}

TEST_F(GranularErrors, WallCohesionIsNotSupported)
{
  EXPECT_TEXT_HAS(wall_error(kHooke + " cohesion 1.0 zplane 0.0 NULL"), kWall, "cohesion is not supported for walls");
  // a zero strength is no cohesion
  EXPECT_EQ(wall_error(kHooke + " cohesion 0.0 zplane 0.0 NULL"), kNoError);
}

TEST_F(GranularErrors, WallBadWallstyleArguments)
{
  struct Case {
    std::string walls;
    std::vector<std::string> words;
  };
  for (const Case &c : std::vector<Case>{
           {"zplane 0.0", {"zplane expects lo hi"}},
           {"zplane NULL NULL", {"lo and hi cannot both be NULL"}},
           {"xplane 2.0 -2.0", {"lo must be below hi"}},
           {"yplane low 2.0", {"argument lo", "must be a number", "'low'"}},
           {"zcylinder", {"zcylinder expects a radius"}},
           {"zcylinder -3.0", {"argument radius", "must be > 0"}},
           {"zplane 0.0 NULL wiggle w 0.1 0.5", {"wiggle dim must be x, y or z", "'w'"}},
           {"zplane 0.0 NULL wiggle z 0.1", {"wiggle expects dim amplitude period"}},
           {"zplane 0.0 NULL wiggle z 0.1 0.0", {"argument period", "must be > 0"}},
           {"zcylinder 3.0 wiggle x 0.1 0.5", {"a zcylinder wall can only wiggle in z"}},
           {"zplane 0.0 NULL shear x 1.0", {"unknown keyword 'shear'", "expected wiggle"}}}) {
    SCOPED_TRACE(c.walls);
    const std::string text = wall_error(kHooke + " " + c.walls);
    EXPECT_TEXT_HAS(text, kWall);
    for (const std::string &w : c.words) EXPECT_TEXT_HAS(text, w);
  }
}

TEST_F(GranularErrors, WallInAPeriodicDimension)
{
  // the standard setup is periodic in x, y and z
  for (const std::string walls : {"zplane 0.0 NULL", "xplane -5.0 5.0", "zcylinder 4.0"}) {
    SCOPED_TRACE(walls);
    auto s = session();
    EXPECT_LAMMPS_ERROR(*s, "fix w all wall/body/polyhedron/granular " + kHooke + " " + walls, kWall,
                        "a dimension with a wall must be non-periodic");
  }
  // only the wall's own dimension counts: z walls in a box periodic in x and y
  auto s = session("atom_style", "boundary p p f\natom_style");
  EXPECT_EQ(body_dem_test::error_of(*s, "fix w all wall/body/polyhedron/granular " + kHooke + " zplane -5.0 5.0"),
            kNoError);
}

TEST_F(GranularErrors, WallInTwoDimensions)
{
  auto s = session("read_data", "dimension 2\nread_data");
  EXPECT_LAMMPS_ERROR(*s, "fix w all wall/body/polyhedron/granular " + kHooke + " xplane -5.0 5.0", kWall,
                      "requires a 3d simulation", "dimension 3");
}

TEST_F(GranularErrors, WallRequiresRoundedPolyhedronBodies)
{
  {
    LammpsSession s;
    s.load_plugin();
    s.commands("units lj\nboundary f f f\natom_style sphere\nregion box block -5 5 -5 5 -5 5\n"
               "create_box 1 box\ncreate_atoms 1 single 0 0 0\n"
               "fix w all wall/body/polyhedron/granular " +
               kHooke + " zplane -4.0 4.0\n");
    EXPECT_LAMMPS_ERROR(s, "run 0", kWall, "requires atom_style body with body style rounded/polyhedron");
  }
  {
    LammpsSession s;
    s.load_plugin();
    s.commands("units lj\nboundary f f f\natom_style body nparticle 1 4\nregion box block -5 5 -5 5 -5 5\n"
               "create_box 1 box\n"
               "fix w all wall/body/polyhedron/granular " +
               kHooke + " zplane -4.0 4.0\n");
    EXPECT_LAMMPS_ERROR(s, "run 0", kWall, "requires atom_style body with body style rounded/polyhedron");
  }
}

TEST_F(GranularErrors, WallFrictionKeyword)
{
  for (const std::string bad : {"contacts", "0.5"}) {
    SCOPED_TRACE("friction " + bad);
    EXPECT_TEXT_HAS(wall_error(kHertzHistory + " friction " + bad + " zplane -5.0 NULL"), kWall,
                    "friction '" + bad + "' is not supported", "expected contact or pair");
  }
  // the value is missing: the wall style is no value
  EXPECT_TEXT_HAS(wall_error(kHertzHistory + " friction zplane -5.0 NULL"), kWall, "friction",
                  "expects contact or pair");
  for (const std::string mode : {"contact", "pair"}) {
    SCOPED_TRACE("friction " + mode);
    auto s = walled_session();
    EXPECT_EQ(body_dem_test::error_of(
                  *s, "fix w all wall/body/polyhedron/granular " + kHertzHistory + " friction " + mode + " zplane -5.0 NULL"),
              kNoError);
    s->commands(kStyleAndCoeffs + "fix integrate all nve/body\n");
    EXPECT_EQ(body_dem_test::error_of(*s, "run 10"), kNoError);
  }
}

TEST_F(GranularErrors, WallValidInputIsAccepted)
{
  const std::vector<std::string> valid = {
      kHooke + " zplane -5.0 NULL", kHertzHistory + " damping mass_velocity xplane -5.0 5.0",
      "hertz/material 2.0e4 0.5 0.3 tangential linear_history 4000.0 1.0 0.5 damping mass_velocity zplane NULL 5.0",
      kHertzHistory + " zcylinder 6.0", kHertzHistory + " zcylinder 6.0 wiggle z 0.1 0.5",
      kHooke + " yplane -5.0 5.0 wiggle x 0.1 0.5"};
  for (const std::string &args : valid) {
    SCOPED_TRACE(args);
    auto s = walled_session();
    EXPECT_EQ(body_dem_test::error_of(*s, "fix w all wall/body/polyhedron/granular " + args), kNoError);
    s->commands(kStyleAndCoeffs + "fix integrate all nve/body\n");
    EXPECT_EQ(body_dem_test::error_of(*s, "run 10"), kNoError);
  }
}

// ---------------------------------------------------------------------------
// adhesion dhat_p dhat_a Y eps_c [tangential_adhesion eps_a mu_a] (Fang et
// al., seeds/003) on pair_coeff and the wall. The pair style of
// pair_coeff_error() has the cutoff 0.05.

const std::string kAdhesion = " adhesion 0.01 0.03 1000.0 0.5";

TEST_F(GranularErrors, AdhesionWrongCoefficientCounts)
{
  struct Case {
    std::string args;
    std::vector<std::string> words;
  };
  for (const Case &c : std::vector<Case>{
           {kHooke + " adhesion", {"adhesion expects 4 coefficients", "got 0"}},
           {kHooke + " adhesion 0.01 0.03 1000.0", {"adhesion expects 4 coefficients", "got 3"}},
           {kHooke + kAdhesion + " tangential_adhesion 0.001", {"tangential_adhesion expects 2 coefficients", "got 1"}},
           // too few before the next keyword: the keyword is read as a number
           {kHooke + " adhesion 0.01 0.03 1000.0 damping velocity", {"argument eps_c", "must be a number", "'damping'"}},
           // too many: the extra number is an unknown keyword
           {kHooke + kAdhesion + " 0.7", {"unknown keyword '0.7'"}},
           {kHooke + kAdhesion + " tangential_adhesion 0.001 0.5 0.2", {"unknown keyword '0.2'"}}}) {
    SCOPED_TRACE("pair_coeff 1 1 " + c.args);
    const std::string text = pair_coeff_error("1 1 " + c.args);
    EXPECT_TEXT_HAS(text, kCoeff);
    for (const std::string &w : c.words) EXPECT_TEXT_HAS(text, w);
  }
}

TEST_F(GranularErrors, AdhesionNonNumbers)
{
  struct Case {
    std::string args, name;
  };
  for (const Case &c : std::vector<Case>{{" adhesion x 0.03 1000.0 0.5", "dhat_p"},
                                         {" adhesion 0.01 nan 1000.0 0.5", "dhat_a"},
                                         {" adhesion 0.01 0.03 1e999 0.5", "Y"},
                                         {" adhesion 0.01 0.03 1000.0 0.5x", "eps_c"},
                                         {kAdhesion + " tangential_adhesion inf 0.5", "eps_a"},
                                         {kAdhesion + " tangential_adhesion 0.001 mu", "mu_a"}}) {
    SCOPED_TRACE("pair_coeff 1 1 " + kHooke + c.args);
    EXPECT_TEXT_HAS(pair_coeff_error("1 1 " + kHooke + c.args), kCoeff, "argument " + c.name, "must be a number");
  }
}

TEST_F(GranularErrors, AdhesionValuesOutOfRange)
{
  struct Case {
    std::string args;
    std::vector<std::string> words;
  };
  for (const Case &c : std::vector<Case>{
           {" adhesion 0.0 0.03 1000.0 0.5", {"adhesion", "dhat_p must be > 0"}},
           {" adhesion -0.01 0.03 1000.0 0.5", {"adhesion", "dhat_p must be > 0"}},
           {" adhesion 0.01 0.01 1000.0 0.5", {"adhesion", "dhat_a must be > dhat_p"}},
           {" adhesion 0.02 0.01 1000.0 0.5", {"adhesion", "dhat_a must be > dhat_p"}},
           {" adhesion 0.01 0.03 0.0 0.5", {"adhesion", "Y must be > 0"}},
           {" adhesion 0.01 0.03 -1000.0 0.5", {"adhesion", "Y must be > 0"}},
           {" adhesion 0.01 0.03 1000.0 0.0", {"adhesion", "eps_c must be > 0"}},
           {" adhesion 0.01 0.03 1000.0 -0.5", {"adhesion", "eps_c must be > 0"}},
           {kAdhesion + " tangential_adhesion 0.0 0.5", {"tangential_adhesion", "eps_a must be > 0"}},
           {kAdhesion + " tangential_adhesion -0.001 0.5", {"tangential_adhesion", "eps_a must be > 0"}},
           {kAdhesion + " tangential_adhesion 0.001 -0.5", {"tangential_adhesion", "mu_a must be >= 0"}}}) {
    SCOPED_TRACE("pair_coeff 1 1 " + kHooke + c.args);
    const std::string text = pair_coeff_error("1 1 " + kHooke + c.args);
    EXPECT_TEXT_HAS(text, kCoeff);
    for (const std::string &w : c.words) EXPECT_TEXT_HAS(text, w);
  }
}

TEST_F(GranularErrors, AdhesionExcludesCohesionAndComesBeforeTangentialAdhesion)
{
  for (const std::string &args :
       std::vector<std::string>{kAdhesion + " cohesion 1.0", " cohesion 1.0" + kAdhesion, " cohesion 0.0" + kAdhesion}) {
    SCOPED_TRACE(args);
    EXPECT_TEXT_HAS(pair_coeff_error("1 1 " + kHooke + args), kCoeff, "cohesion and adhesion are exclusive");
  }
  EXPECT_TEXT_HAS(pair_coeff_error("1 1 " + kHooke + " tangential_adhesion 0.001 0.5"), kCoeff,
                  "tangential_adhesion requires the adhesion keyword");
}

TEST_F(GranularErrors, AdhesionNeedsTheCutoffToReachDhatA)
{
  // The contacts come from the geometry up to the cutoff of pair_style only.
  {
    auto s = session();
    s->command(std::string(kStyle) + " 1.0 0.02");
    EXPECT_LAMMPS_ERROR(*s, "pair_coeff 1 1 " + kHooke + kAdhesion, kCoeff, "adhesion of types 1 1",
                        "cutoff argument of pair_style body/rounded/polyhedron/granular", ">= dhat_a = 0.03",
                        "got cutoff = 0.02");
  }
  {
    // a pair_style with a smaller cutoff after pair_coeff: seen at the run
    auto s = session();
    s->commands(std::string(kStyle) + " 1.0 0.05\npair_coeff * * " + kHooke + kAdhesion + "\n" + kStyle +
                " 1.0 0.025\n");
    EXPECT_LAMMPS_ERROR(*s, "run 0", "adhesion of types 1 1", ">= dhat_a = 0.03", "got cutoff = 0.025");
  }
  {
    // cutoff = dhat_a is enough
    auto s = session();
    s->commands(std::string(kStyle) + " 1.0 0.03\npair_coeff * * " + kHooke + kAdhesion + "\n");
    EXPECT_EQ(body_dem_test::error_of(*s, "run 0"), kNoError);
  }
}

TEST_F(GranularErrors, TangentialAdhesionCannotBeAddedAfterTheFirstRun)
{
  // the history fix has its size per pair from the first run on
  auto s = session();
  s->commands(std::string(kStyle) + " 1.0 0.05\npair_coeff * * " + kHooke + kAdhesion + "\nrun 0\n" +
              "pair_coeff * * " + kHooke + kAdhesion + " tangential_adhesion 0.001 0.5\n");
  EXPECT_LAMMPS_ERROR(*s, "run 0", kStyle, "values kept per pair changed after the first run",
                      "tangential_adhesion");
}

TEST_F(GranularErrors, AdhesionValidInputIsAccepted)
{
  const std::vector<std::string> valid = {
      "* * " + kHooke + kAdhesion, "* * " + kHooke + kAdhesion + " tangential_adhesion 0.001 0.5",
      "* * " + kHooke + kAdhesion + " tangential_adhesion 0.001 0.0 damping mass_velocity",
      "1 2 " + kHertzHistory + " adhesion 1e-3 2e-3 1e3 0.5 tangential_adhesion 0.01 1.0"};
  for (const std::string &args : valid) {
    SCOPED_TRACE("pair_coeff " + args);
    auto s = session();
    s->commands(std::string(kStyle) + " 1.0 0.05\npair_coeff * * " + kHooke + "\n");
    EXPECT_EQ(body_dem_test::error_of(*s, "pair_coeff " + args), kNoError);
    EXPECT_EQ(body_dem_test::error_of(*s, "run 0"), kNoError);
  }
}

TEST_F(GranularErrors, WallAdhesion)
{
  // the normal adhesion is supported, with the parser's checks
  EXPECT_EQ(wall_error(kHooke + kAdhesion + " zplane 0.0 NULL"), kNoError);
  EXPECT_TEXT_HAS(wall_error(kHooke + " adhesion 0.03 0.01 1000.0 0.5 zplane 0.0 NULL"), kWall,
                  "dhat_a must be > dhat_p");
  // the models' arguments end at the wallstyle
  EXPECT_TEXT_HAS(wall_error(kHooke + " adhesion 0.01 0.03 zplane 0.0 NULL"), kWall,
                  "adhesion expects 4 coefficients", "got 2");
  // and so is the tangential adhesion, with the same checks
  EXPECT_EQ(wall_error(kHooke + kAdhesion + " tangential_adhesion 0.001 0.5 zplane 0.0 NULL"), kNoError);
  EXPECT_TEXT_HAS(wall_error(kHooke + kAdhesion + " tangential_adhesion 0.001 -0.5 zplane 0.0 NULL"), kWall,
                  "mu_a must be >= 0");
  EXPECT_TEXT_HAS(wall_error(kHooke + " tangential_adhesion 0.001 0.5 zplane 0.0 NULL"), kWall,
                  "tangential_adhesion requires the adhesion keyword");
  EXPECT_TEXT_HAS(wall_error(kHooke + kAdhesion + " cohesion 1.0 zplane 0.0 NULL"), kWall,
                  "cohesion and adhesion are exclusive");
}

}    // namespace
