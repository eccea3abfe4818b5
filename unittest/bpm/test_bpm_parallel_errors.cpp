// Bad input for bond_style bpm/parallel and compute nbond/broken
// (TESTING.md layer 6): every mistake is a LAMMPS error whose message
// names the command, the argument and what was expected; nothing crashes
// or hangs. Each case runs in a fresh LAMMPS instance (one at a time: the
// host registers a plugin's styles in one instance only), so that one
// case's partial settings cannot hide another's error. The valid input is
// checked too, so that a parser that rejects everything cannot pass.
#include "bpm_inputs.h"
#include "lammps_session.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

using body_dem_test::LammpsSession;

namespace {

const char *const kStyle = "bond_style bpm/parallel";
const char *const kCoeff = "bond_coeff (bond_style bpm/parallel)";
const std::string kNoError = "no error";
// r_i r_o l_b S_n S_t S_tor S_ben zeta sigma_c tau_c
const std::vector<std::string> kValid = {"0.5", "1.0", "1.0", "1000", "800", "1000", "800", "0.1", "10", "8"};
const std::vector<std::string> kNames = {"r_i", "r_o", "l_b", "S_n", "S_t", "S_tor", "S_ben", "zeta", "sigma_c", "tau_c"};

// Two bonded unit spheres (type 1 bond, at rest length), with one line of
// the setup replaced if `from` is given; bond_style given, no coefficients.
std::string setup_text()
{
  return bpm_test::bonded_sphere_box(5.0) +
         "create_atoms 1 single 0 0 0\n"
         "create_atoms 1 single 1 0 0\n" +
         bpm_test::unit_spheres() + "bond_style bpm/parallel\n";
}

std::unique_ptr<LammpsSession> session(const std::string &from = "", const std::string &to = "")
{
  auto s = std::make_unique<LammpsSession>();
  s->load_plugin();
  std::string setup = setup_text();
  if (!from.empty()) setup = body_dem_test::replace_in_setup(setup, from, to);
  s->commands(setup);
  return s;
}

std::string coeff_line(const std::vector<std::string> &values, const std::string &extra = "")
{
  std::string line = "bond_coeff 1";
  for (const std::string &v : values) line += " " + v;
  return line + extra;
}

// The valid coefficients, bond and a run: must work.
const std::string kValidRun = coeff_line(kValid) + "\ncreate_bonds single/bond 1 1 2\nfix integrate all nve/sphere\nrun 10";

}    // namespace

TEST(BondBPMParallelErrors, ValidInputRuns)
{
  {
    auto s = session();
    EXPECT_EQ(body_dem_test::error_of(*s, kValidRun), kNoError);
  }
  {
    auto s = session();
    EXPECT_EQ(body_dem_test::error_of(*s, coeff_line(kValid, " nonlinear 1.5") +
                                              "\ncreate_bonds single/bond 1 1 2\nrun 0"),
              kNoError);
  }
  {
    // with a pair style and the special_bonds the style requires
    auto s = session();
    EXPECT_EQ(body_dem_test::error_of(*s, "special_bonds lj 1 1 1\npair_style granular\n"
                                          "pair_coeff * * hooke 1000 0.5 tangential linear_nohistory 1 0.5\n" +
                                              kValidRun),
              kNoError);
  }
}

TEST(BondBPMParallelErrors, StyleTakesNoArguments)
{
  auto s = session();
  EXPECT_LAMMPS_ERROR(*s, "bond_style bpm/parallel 1.0", kStyle, "takes no arguments", "'1.0'");
}

TEST(BondBPMParallelErrors, WrongNumberOfCoefficients)
{
  for (size_t n : {size_t(0), size_t(5), size_t(9)}) {
    auto s = session();
    std::vector<std::string> values(kValid.begin(), kValid.begin() + n);
    EXPECT_LAMMPS_ERROR(*s, coeff_line(values), kCoeff, "expected N r_i r_o l_b", std::to_string(n + 1) + " arguments");
  }
  for (const std::string extra : {" nonlinear", " nonlinear 1.5 2.0"}) {
    auto s = session();
    EXPECT_LAMMPS_ERROR(*s, coeff_line(kValid, extra), kCoeff, extra.size() > 10 ? "14 arguments" : "12 arguments");
  }
}

TEST(BondBPMParallelErrors, BondType)
{
  for (const char *type : {"0", "2", "x", "1*3"}) {
    auto s = session();
    std::string line = coeff_line(kValid);
    line.replace(line.find(" 1 "), 3, std::string(" ") + type + " ");
    EXPECT_LAMMPS_ERROR(*s, line, kCoeff, "argument N must be a bond type", "within 1-1",
                        std::string("'") + type + "'");
  }
}

// Every coefficient: not a number, and (where there is one) out of range.
TEST(BondBPMParallelErrors, EveryCoefficient)
{
  for (size_t k = 0; k < kValid.size(); ++k) {
    auto s = session();
    std::vector<std::string> values = kValid;
    values[k] = "abc";
    EXPECT_LAMMPS_ERROR(*s, coeff_line(values), kCoeff, "argument " + kNames[k] + " must be a number", "'abc'");
  }
  struct Case {
    size_t index;
    const char *value;
    const char *expected;
  };
  const Case cases[] = {
      {0, "-0.1", "argument r_i must be >= 0"},
      {1, "0.5", "argument r_o must be larger than r_i"},
      {1, "0.2", "argument r_o must be larger than r_i"},
      {2, "0", "argument l_b must be > 0"},
      {2, "-1", "argument l_b must be > 0"},
      {3, "0", "argument S_n must be > 0"},
      {4, "-1", "S_t, S_tor and S_ben must be >= 0"},
      {5, "-1", "S_t, S_tor and S_ben must be >= 0"},
      {6, "-1", "S_t, S_tor and S_ben must be >= 0"},
      {7, "-0.1", "argument zeta must be >= 0"},
      {8, "0", "argument sigma_c must be > 0"},
      {9, "-2", "argument tau_c must be > 0"},
  };
  for (const Case &c : cases) {
    auto s = session();
    std::vector<std::string> values = kValid;
    values[c.index] = c.value;
    // the message repeats the value given ("got r_o = ..., r_i = ..."
    // for r_o; "got S_t, S_tor, S_ben" for the three stiffnesses)
    const std::string got = c.index == 1 ? std::string("got r_o = ") + c.value
                            : (c.index >= 4 && c.index <= 6) ? std::string("got ") : std::string("got ") + c.value;
    EXPECT_LAMMPS_ERROR(*s, coeff_line(values), kCoeff, c.expected, got, c.value);
  }
}

TEST(BondBPMParallelErrors, NonlinearKeyword)
{
  {
    auto s = session();
    EXPECT_LAMMPS_ERROR(*s, coeff_line(kValid, " linear 1.5"), kCoeff, "unknown keyword 'linear'", "nonlinear b_n");
  }
  {
    auto s = session();
    EXPECT_LAMMPS_ERROR(*s, coeff_line(kValid, " nonlinear x"), kCoeff, "argument b_n must be a number");
  }
  {
    auto s = session();
    EXPECT_LAMMPS_ERROR(*s, coeff_line(kValid, " nonlinear 0"), kCoeff, "argument b_n of keyword nonlinear must be > 0", "got 0");
  }
  {
    // b_n must exceed the bond length L_b = l_b (R_i + R_j) = 1 of each
    // bond: known when the bond is computed
    auto s = session();
    EXPECT_LAMMPS_ERROR(*s, coeff_line(kValid, " nonlinear 0.9") + "\ncreate_bonds single/bond 1 1 2\nrun 0", kCoeff,
                        "b_n = 0.9", "larger than the bond length L_b = 1", "bond 1-2");
  }
}

TEST(BondBPMParallelErrors, AtomStyleWithoutSpheres)
{
  auto s = std::make_unique<LammpsSession>();
  s->load_plugin();
  EXPECT_LAMMPS_ERROR(*s,
                      "units lj\natom_style bond\natom_modify map array\ncomm_modify vel yes\n"
                      "region box block -5 5 -5 5 -5 5\n"
                      "create_box 1 box bond/types 1 extra/bond/per/atom 2 extra/special/per/atom 4\n"
                      "create_atoms 1 single 0 0 0\ncreate_atoms 1 single 1 0 0\nmass 1 1.0\n"
                      "bond_style bpm/parallel\n" + kValidRun.substr(0, kValidRun.find("fix")) + "run 0",
                      kStyle, "requires finite-size spheres", "atom_style hybrid sphere bond");
}

TEST(BondBPMParallelErrors, HybridSubStyle)
{
  // hybrid with this style alone: the 2025 host refuses sub-styles without
  // coefficients before the bond styles are initialised
  auto s = session("bond_style bpm/parallel", "bond_style hybrid bpm/parallel");
  std::string coeff = coeff_line(kValid);
  coeff.replace(coeff.find(" 1 "), 3, " 1 bpm/parallel ");
  EXPECT_LAMMPS_ERROR(*s, coeff + "\ncreate_bonds single/bond 1 1 2\nrun 0", kStyle, "cannot be a sub-style of bond_style hybrid");
}

TEST(BondBPMParallelErrors, NewtonBondOff)
{
  auto s = session("newton on", "newton on off");
  EXPECT_LAMMPS_ERROR(*s, kValidRun, kStyle, "requires newton_bond on");
}

TEST(BondBPMParallelErrors, NoGhostVelocities)
{
  auto s = session("comm_modify vel yes", "comm_modify vel no");
  EXPECT_LAMMPS_ERROR(*s, kValidRun, kStyle, "comm_modify vel yes");
}

TEST(BondBPMParallelErrors, Minimize)
{
  auto s = session();
  EXPECT_LAMMPS_ERROR(*s, coeff_line(kValid) + "\ncreate_bonds single/bond 1 1 2\nminimize 0 0 10 10", kStyle,
                      "cannot be used with minimize");
}

// With a pair style, particles of bonds must not be special neighbours
// that the pair style skips: after a break they would pass through each
// other.
TEST(BondBPMParallelErrors, SpecialBondsExcludePairs)
{
  for (const char *special : {"special_bonds lj 0 1 1", "special_bonds lj 1 0.5 1", "special_bonds lj 1 1 0"}) {
    auto s = session();
    EXPECT_LAMMPS_ERROR(*s, std::string(special) + "\npair_style granular\n"
                                "pair_coeff * * hooke 1000 0.5 tangential linear_nohistory 1 0.5\n" + kValidRun,
                        kStyle, "requires special_bonds lj 1 1 1", "got special_bonds lj");
  }
}

TEST(BondBPMParallelErrors, ComputeNBondBroken)
{
  {
    auto s = session();
    EXPECT_LAMMPS_ERROR(*s, "compute broken all nbond/broken 1", "compute nbond/broken", "no arguments", "'1'");
  }
  {
    auto s = session("bond_style bpm/parallel", "bond_style harmonic");
    EXPECT_LAMMPS_ERROR(*s,
                        "bond_coeff 1 100 1\ncreate_bonds single/bond 1 1 2\ncompute broken all nbond/broken\n"
                        "thermo_style custom step c_broken\nrun 0",
                        "compute nbond/broken", "requires bond_style bpm/parallel");
  }
}
