// The bad-input checks (TESTING.md layer 6) that the package's pair styles
// share: one base checks the requirements of all three (PairBodyBase), and
// one class reads the settings and coefficients of body/rounded/polygon and
// body/rounded/polyhedron (PairBodyLinearBase), so the same mistakes must
// give the same messages in 2d and in 3d. Each test file names its style
// and gives a fresh session with its two-type data read; its TEST_Fs call
// these.
#ifndef BODY_DEM_TEST_PAIR_STYLE_ERROR_CHECKS_H
#define BODY_DEM_TEST_PAIR_STYLE_ERROR_CHECKS_H

#include "host_behaviour.h"
#include "lammps_session.h"

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace pair_style_errors {

const std::string kNoError = "no error";

struct StyleUnderTest {
  std::string name;    // e.g. "body/rounded/polygon"
  // A fresh session with the file's setup and two-type data read, one line
  // of the setup replaced if `from` is not empty.
  std::function<std::unique_ptr<body_dem_test::LammpsSession>(const std::string &from, const std::string &to)>
      session;
  int dimension = 3;
  std::string body_style;    // the body style the pair style requires
  // A pair_style line and a "pair_coeff * *" line that are valid; empty:
  // those of the linear law (below).
  std::string valid_style_and_coeffs;

  std::string style() const { return "pair_style " + name; }
  std::string coeff() const { return "pair_coeff (" + name + ")"; }
  std::string style_and_coeffs() const
  {
    return valid_style_and_coeffs.empty() ? style() + " 1.0 1.0 0.0 1.0 0.0\npair_coeff * * 100.0 1.0\n"
                                          : valid_style_and_coeffs;
  }
  // a box of the style's dimension, for create_box
  std::string box_setup() const
  {
    return dimension == 2 ? "dimension 2\n" : "";
  }
  std::string box_region() const
  {
    return dimension == 2 ? "region box block -5 5 -5 5 -0.5 0.5\n" : "region box block -5 5 -5 5 -5 5\n";
  }

  std::string pair_style_error(const std::string &args) const
  {
    auto s = session("", "");
    return body_dem_test::error_of(*s, style() + (args.empty() ? "" : " " + args));
  }
  std::string pair_coeff_error(const std::string &args, const std::string &style_args = "1.0 1.0 0.0 1.0 0.0") const
  {
    auto s = session("", "");
    s->command(style() + " " + style_args);
    return body_dem_test::error_of(*s, "pair_coeff " + args);
  }
};

// ---- pair_style <name> c_n c_t mu delta_ua cutoff [history]

inline void expect_pair_style_argument_count_errors(const StyleUnderTest &st)
{
  for (const auto &[args, count] : std::vector<std::pair<std::string, std::string>>{
           {"", "got 0 arguments"},
           {"1.0 1.0 0.0 1.0", "got 4 arguments"},
           {"1.0 1.0 0.0 1.0 0.0 history friction contact contact", "got 9 arguments"}}) {
    SCOPED_TRACE("pair_style arguments: '" + args + "'");
    EXPECT_TEXT_HAS(st.pair_style_error(args), st.style(),
                    "expected c_n c_t mu delta_ua cutoff [history [friction contact|pair]]", count);
  }
  // 7 arguments are a count that is allowed: the 7th must be the friction keyword.
  EXPECT_TEXT_HAS(st.pair_style_error("1.0 1.0 0.0 1.0 0.0 history history"), st.style(),
                  "unknown keyword 'history' after history", "expected: friction");
}

// ---- pair_style <a 3d style> ... ridge t0 t1 (the 3d styles; valid_args:
// the style's arguments before the keyword)

inline void expect_ridge_keyword_errors(const StyleUnderTest &st, const std::string &valid_args)
{
  // The keyword without its two angles (also where another keyword would follow).
  for (const std::string bad : {"ridge", "ridge 5", "ridge 5 10 ridge", "ridge 5 record 16"}) {
    SCOPED_TRACE(bad);
    EXPECT_TEXT_HAS(st.pair_style_error(valid_args + " " + bad), st.style(), "ridge expects two angles t0 t1",
                    "in degrees");
  }
  // Angles that are not numbers name the angle.
  EXPECT_TEXT_HAS(st.pair_style_error(valid_args + " ridge flat 10"), st.style(), "argument t0 of ridge",
                  "must be a number", "'flat'");
  EXPECT_TEXT_HAS(st.pair_style_error(valid_args + " ridge 5 nan"), st.style(), "argument t1 of ridge",
                  "must be a number", "'nan'");
  // Out of order or out of range.
  for (const std::string bad : {"10 5", "10 10", "-1 10", "5 181"}) {
    SCOPED_TRACE(bad);
    EXPECT_TEXT_HAS(st.pair_style_error(valid_args + " ridge " + bad), st.style(),
                    "ridge expects 0 <= t0 < t1 <= 180 (degrees)", "got " + bad);
  }
  EXPECT_TEXT_HAS(st.pair_style_error(valid_args + " ridge 5 10 ridge 10 20"), st.style(), "ridge is given twice");
  // The whole range, and with record before or after it.
  for (const std::string good : {"ridge 0 180", "ridge 10 20 record 16", "record 16 ridge 10 20"}) {
    SCOPED_TRACE(good);
    EXPECT_EQ(st.pair_style_error(valid_args + " " + good), kNoError);
  }
}

// ---- pair_style ... history friction contact|pair

inline void expect_pair_style_friction_keyword_errors(const StyleUnderTest &st)
{
  // A value that is neither contact nor pair names the keyword, the value and the choices.
  for (const std::string bad : {"contacts", "1.0", "PAIR"}) {
    SCOPED_TRACE("friction " + bad);
    EXPECT_TEXT_HAS(st.pair_style_error("1.0 1.0 0.3 1.0 0.0 history friction " + bad), st.style(),
                    "friction '" + bad + "' is not supported", "expected contact or pair");
  }
  // The value is missing.
  EXPECT_TEXT_HAS(st.pair_style_error("1.0 1.0 0.3 1.0 0.0 history friction"), st.style(), "friction",
                  "expects contact or pair");
  // The springs chosen by `friction` are the history: without it, an error that says so.
  for (const std::string args : {"1.0 1.0 0.3 1.0 0.0 friction contact", "1.0 1.0 0.3 1.0 0.0 friction pair",
                                 "1.0 1.0 0.3 1.0 0.0 friction"}) {
    SCOPED_TRACE(args);
    EXPECT_TEXT_HAS(st.pair_style_error(args), st.style(), "friction keyword needs the history keyword");
  }
  // Both values are accepted after history.
  for (const std::string args : {"1.0 1.0 0.3 1.0 0.0 history friction contact",
                                 "1.0 1.0 0.3 1.0 0.0 history friction pair"}) {
    SCOPED_TRACE(args);
    EXPECT_EQ(st.pair_style_error(args), kNoError);
  }
}

inline void expect_pair_style_non_number_errors(const StyleUnderTest &st)
{
  const std::vector<std::string> names = {"c_n", "c_t", "mu", "delta_ua", "cutoff"};
  // A word, a number with trailing text, not-a-number, infinity, overflow.
  for (const std::string bad : {"abc", "1.0x", "nan", "inf", "1e999"}) {
    for (size_t k = 0; k < names.size(); ++k) {
      std::vector<std::string> args = {"1.0", "1.0", "0.0", "1.0", "0.0"};
      args[k] = bad;
      std::string line;
      for (const auto &a : args) line += a + " ";
      SCOPED_TRACE("pair_style arguments: '" + line + "'");
      EXPECT_TEXT_HAS(st.pair_style_error(line), st.style(), "argument " + names[k], "must be a number",
                      "'" + bad + "'");
    }
  }
}

inline void expect_pair_style_range_errors(const StyleUnderTest &st)
{
  const std::vector<std::string> names = {"c_n", "c_t", "mu", "delta_ua", "cutoff"};
  for (size_t k = 0; k < names.size(); ++k) {
    std::vector<std::string> args = {"1.0", "1.0", "0.0", "1.0", "0.0"};
    args[k] = "-0.5";
    std::string line;
    for (const auto &a : args) line += a + " ";
    SCOPED_TRACE("pair_style arguments: '" + line + "'");
    // delta_ua divides the contact length (2d) or area (3d): it must be > 0; the others >= 0.
    EXPECT_TEXT_HAS(st.pair_style_error(line), st.style(), "argument " + names[k],
                    names[k] == "delta_ua" ? "must be > 0" : "must be >= 0", "-0.5");
  }
  EXPECT_TEXT_HAS(st.pair_style_error("1.0 1.0 0.0 0.0 0.0"), st.style(), "argument delta_ua", "must be > 0",
                  "got 0");
}

inline void expect_pair_style_unknown_keyword_errors(const StyleUnderTest &st)
{
  EXPECT_TEXT_HAS(st.pair_style_error("1.0 1.0 0.0 1.0 0.0 histroy"), st.style(), "unknown keyword 'histroy'",
                  "expected: history");
  EXPECT_TEXT_HAS(st.pair_style_error("1.0 1.0 0.0 1.0 0.0 1.0"), st.style(), "unknown keyword '1.0'",
                  "expected: history");
}

inline void expect_friction_needs_tangential_damping_without_history(const StyleUnderTest &st)
{
  // Without history the friction is capped by c_t |v_t|: mu > 0 with
  // c_t = 0 would be no friction at all.
  EXPECT_TEXT_HAS(st.pair_style_error("1.0 0.0 0.5 1.0 0.0"), st.style(), "mu > 0", "c_t > 0", "history");
  // With history the spring carries the friction: accepted.
  EXPECT_EQ(st.pair_style_error("1.0 0.0 0.5 1.0 0.0 history"), kNoError);
}

inline void expect_valid_pair_style_accepted(const StyleUnderTest &st)
{
  for (const std::string args : {"0 0 0 1 0", "20.0 5.0 0.0 1.0 0.5", "20.0 5.0 0.5 1.0 0.5 history",
                                 "1e-3 2e0 0.3 0.05 1e-2"}) {
    SCOPED_TRACE(args);
    EXPECT_EQ(st.pair_style_error(args), kNoError);
  }
}

// ---- pair_coeff I J k_n k_na [k_t]

inline void expect_pair_coeff_argument_count_errors(const StyleUnderTest &st)
{
  for (const auto &[args, count] :
       std::vector<std::pair<std::string, std::string>>{{"1 1 100.0", "got 3 arguments"},
                                                        {"1 1 100.0 1.0 30.0 4.0", "got 6 arguments"}}) {
    SCOPED_TRACE("pair_coeff " + args);
    EXPECT_TEXT_HAS(st.pair_coeff_error(args), st.coeff(), "expected I J k_n k_na [k_t]", count);
  }
}

inline void expect_pair_coeff_value_errors(const StyleUnderTest &st)
{
  const std::vector<std::string> names = {"k_n", "k_na", "k_t"};
  for (const std::string bad : {"abc", "100x", "nan", "inf"}) {
    for (size_t k = 0; k < names.size(); ++k) {
      std::vector<std::string> args = {"100.0", "1.0", "30.0"};
      args[k] = bad;
      const std::string line = "* * " + args[0] + " " + args[1] + " " + args[2];
      SCOPED_TRACE("pair_coeff " + line);
      EXPECT_TEXT_HAS(st.pair_coeff_error(line), st.coeff(), "argument " + names[k], "must be a number",
                      "'" + bad + "'");
    }
  }
  for (size_t k = 0; k < names.size(); ++k) {
    std::vector<std::string> args = {"100.0", "1.0", "30.0"};
    args[k] = "-2.0";
    const std::string line = "1 1 " + args[0] + " " + args[1] + " " + args[2];
    SCOPED_TRACE("pair_coeff " + line);
    EXPECT_TEXT_HAS(st.pair_coeff_error(line), st.coeff(), "argument " + names[k], "must be >= 0", "-2.0");
  }
}

inline void expect_pair_coeff_type_errors(const StyleUnderTest &st)
{
  // Two atom types: 3, 0, a word, an empty range and an open range that
  // starts beyond the types are all mistakes in I or J.
  for (const auto &[args, bad] : std::vector<std::pair<std::string, std::string>>{
           {"3 3 100.0 1.0", "'3'"},
           {"1 3 100.0 1.0", "'3'"},
           {"0 1 100.0 1.0", "'0'"},
           {"a 1 100.0 1.0", "'a'"},
           {"1 2*1 100.0 1.0", "'2*1'"},
           {"3* 1 100.0 1.0", "'3*'"}}) {
    SCOPED_TRACE("pair_coeff " + args);
    EXPECT_TEXT_HAS(st.pair_coeff_error(args), st.coeff(), bad, "must be an atom type or a range of atom types",
                    "within 1-2");
  }
  // The styles set only pairs I <= J of the two ranges: an empty set is an
  // error. Ranges reach the style as given on every host; two plain numbers
  // in decreasing order are swapped by the 2025 host before the style sees
  // them (host_behaviour.h).
  EXPECT_TEXT_HAS(st.pair_coeff_error("2*2 1 100.0 1.0"), st.coeff(), "no type pair I <= J", "'2*2' '1'",
                  "lower type first");
  if (body_dem_test::kHostReordersPairCoeffTypes)
    EXPECT_EQ(st.pair_coeff_error("2 1 100.0 1.0"), "no error");
  else
    EXPECT_TEXT_HAS(st.pair_coeff_error("2 1 100.0 1.0"), st.coeff(), "no type pair I <= J", "'2' '1'",
                    "lower type first");
}

inline void expect_valid_pair_coeff_accepted(const StyleUnderTest &st)
{
  // k_t = 0 is a valid explicit stiffness.
  for (const std::string args : {"* * 100.0 1.0", "1 1 100.0 0.0 0.0", "1 2 100.0 1.0 30.0", "1*2 2 1e2 1e0"}) {
    SCOPED_TRACE("pair_coeff " + args);
    EXPECT_EQ(st.pair_coeff_error(args), kNoError);
  }
}

// ---- requirements checked when a run starts (`run 0`)

inline void expect_atom_style_body_required(const StyleUnderTest &st)
{
  body_dem_test::LammpsSession s;
  s.load_plugin();
  s.commands("units lj\n" + st.box_setup() + "atom_style sphere\n" + st.box_region() +
             "create_box 1 box\ncomm_modify vel yes\n" + st.style_and_coeffs());
  EXPECT_LAMMPS_ERROR(s, "run 0", st.style(), "requires atom_style body");
}

inline void expect_body_style_required(const StyleUnderTest &st)
{
  // the other rounded body style, in the dimension it requires; nparticle
  // in the style's own
  const bool planar = st.dimension == 2;
  const std::string other = planar ? "rounded/polyhedron" : "rounded/polygon";
  for (const auto &[setup, wrong] : std::vector<std::pair<std::string, std::string>>{
           {std::string(planar ? "" : "dimension 2\n") + "atom_style body " + other + " 1 8\n" +
                (planar ? "region box block -5 5 -5 5 -5 5\n" : "region box block -5 5 -5 5 -0.5 0.5\n"),
            other},
           {st.box_setup() + "atom_style body nparticle 1 4\n" + st.box_region(), "nparticle"}}) {
    SCOPED_TRACE(wrong);
    body_dem_test::LammpsSession s;
    s.load_plugin();
    s.commands("units lj\n" + setup + "create_box 1 box\ncomm_modify vel yes\n" + st.style_and_coeffs());
    EXPECT_LAMMPS_ERROR(s, "run 0", st.style(), "requires body style " + st.body_style, wrong);
  }
}

inline void expect_dimension_required(const StyleUnderTest &st)
{
  // `dimension` between atom_style and read_data reaches the run (the host
  // refuses rounded/polygon bodies in a 3d box only at atom_style).
  const std::string wrong = st.dimension == 2 ? "3" : "2", right = std::to_string(st.dimension);
  auto s = st.session("read_data", "dimension " + wrong + "\nread_data");
  s->commands(st.style_and_coeffs());
  EXPECT_LAMMPS_ERROR(*s, "run 0", st.style(), "requires a " + right + "d simulation", "dimension " + right);
}

inline void expect_all_atoms_to_be_bodies(const StyleUnderTest &st)
{
  // create_atoms makes a point particle (no body) in atom_style body.
  auto s = st.session("", "");
  s->commands("create_atoms 1 single 0.0 3.0 0.0\n" + st.style_and_coeffs());
  EXPECT_LAMMPS_ERROR(*s, "run 0", st.style(), "all atoms must be body particles", "1 are not");
}

// (One session at a time: the host registers a plugin's styles with the
// first of several LAMMPS instances alive at once only.)
inline void expect_newton_pair_and_ghost_velocities_required(const StyleUnderTest &st)
{
  {
    auto s = st.session("newton on", "newton off");
    s->commands(st.style_and_coeffs());
    EXPECT_LAMMPS_ERROR(*s, "run 0", st.style(), "requires newton pair on");
  }
  {
    auto s = st.session("comm_modify vel yes", "comm_modify vel no");
    s->commands(st.style_and_coeffs());
    EXPECT_LAMMPS_ERROR(*s, "run 0", st.style(), "comm_modify vel yes");
  }
}

inline void expect_missing_coefficients_errors(const StyleUnderTest &st)
{
  {
    // An unlike pair is not mixed: it needs its own pair_coeff.
    auto s = st.session("", "");
    s->commands(st.style() + " 1.0 1.0 0.0 1.0 0.0\npair_coeff 1 1 100.0 1.0\npair_coeff 2 2 100.0 1.0\n");
    EXPECT_LAMMPS_ERROR(*s, "run 0", st.style(), "no pair_coeff for atom types 1 2", "does not mix");
    // Once given, the run starts.
    s->command("pair_coeff 1 2 100.0 1.0");
    EXPECT_EQ(body_dem_test::error_of(*s, "run 0"), kNoError);
  }
  // A type without any pair_coeff: checked by the host before the style's
  // own init (Pair::init).
  {
    auto s = st.session("", "");
    s->commands(st.style() + " 1.0 1.0 0.0 1.0 0.0\npair_coeff 1 1 100.0 1.0\n");
    EXPECT_LAMMPS_ERROR(*s, "run 0", "pair coeffs are not set");
  }
  {
    auto s = st.session("", "");
    s->command(st.style() + " 1.0 1.0 0.0 1.0 0.0");
    EXPECT_LAMMPS_ERROR(*s, "run 0", "pair coeffs are not set");
  }
}

// ---- the order of commands

// The documentation allows the coefficients in the data file read by
// read_data, which needs the pair style defined before read_data, i.e.
// before the simulation box exists. Appends "PairIJ Coeffs" with
// "1 1 100.0 1.0" (k_n = 100, k_na = 1) to the data file `path`, runs
// `setup` (which reads it) with "pair_style <name> 1.0 1.0 0.0 1.0 0.0"
// before read_data, then `run 0`: both must run. Returns the forces after
// the run (gather_by_id("f")) for the test's own checks.
inline std::vector<double> forces_with_coefficients_in_the_data_file(const StyleUnderTest &st,
                                                                     const std::string &path,
                                                                     const std::string &setup)
{
  {
    std::ofstream out(path, std::ios::app);
    out << "\nPairIJ Coeffs # " << st.name << "\n\n1 1 100.0 1.0\n";
  }
  body_dem_test::LammpsSession s;
  s.load_plugin();
  const std::string setup_with_style =
      body_dem_test::replace_in_setup(setup, "read_data", st.style() + " 1.0 1.0 0.0 1.0 0.0\nread_data");
  EXPECT_EQ(body_dem_test::error_of(s, setup_with_style), kNoError);
  EXPECT_EQ(body_dem_test::error_of(s, "run 0"), kNoError);
  return s.gather_by_id("f");
}

inline void expect_redefining_the_style_with_and_without_history_runs(const StyleUnderTest &st)
{
  // The host reuses the same pair object when the style name is unchanged:
  // switching history on and off between runs must neither crash nor fail.
  auto s = st.session("", "");
  s->commands(st.style() + " 1.0 1.0 0.3 1.0 0.0\npair_coeff * * 100.0 1.0\nfix integrate all nve/body\n");
  EXPECT_EQ(body_dem_test::error_of(*s, "run 10"), kNoError);
  EXPECT_EQ(body_dem_test::error_of(*s, st.style() + " 1.0 1.0 0.3 1.0 0.0 history\nrun 10"), kNoError);
  EXPECT_EQ(body_dem_test::error_of(*s, st.style() + " 1.0 1.0 0.3 1.0 0.0\nrun 10"), kNoError);
  EXPECT_EQ(body_dem_test::error_of(*s, "pair_style none\nrun 10"), kNoError);
}

}    // namespace pair_style_errors

#endif
