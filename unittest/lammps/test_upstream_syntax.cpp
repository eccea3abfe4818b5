// Scripts written for the built-in body styles of LAMMPS 30 Sep 2026 run
// with the plugin loaded, with the same meaning (their documented syntax:
// `pair_style body/rounded/polyhedron c_n c_t mu delta_ua cutoff history`,
// `pair_coeff I J k_n k_na [k_t]`, and the walls' `history mu k_t` with
// k_t NULL for 2/7 k_n and c_t NULL for c_n/2). Each spelling is run and
// compared with the package's own spelling of the same model:
//   * pair_coeff's k_t: 105 1 30 is 105 1 (k_t = 2/7 k_n = 30 by default),
//     and 100 1 30 differs from 100 1 (the spring is used);
//   * a wall's `history mu k_t` on one body sliding on it (so that only the
//     wall's law acts): `history 0.5 NULL` equals the wall that takes mu
//     0.5 and history from the pair style, also when the pair style has
//     neither; an explicit k_t of 2/7 k_n equals NULL; `history 0.0 NULL`
//     (the wall's mu, not the pair style's 0.5) moves the body otherwise;
//   * c_t NULL equals c_t = c_n / 2;
//   * bad values of the keyword: errors that name the command and the
//     argument.
// Runs on every host of the suite (the syntax is the package's, whichever
// host it is loaded into).
#include "body_data.h"
#include "lammps_session.h"
#include "polyhedron_data.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

using body_dem_test::LammpsSession;

namespace {

// Positions and velocities by atom ID.
struct State {
  std::vector<double> x, v;
};

double max_difference(const std::vector<double> &a, const std::vector<double> &b)
{
  EXPECT_EQ(a.size(), b.size());
  double d = 0.0;
  for (size_t k = 0; k < a.size() && k < b.size(); k++) d = std::max(d, std::abs(a[k] - b[k]));
  return d;
}

// The same run twice is identical to the last bit (one rank, same
// order of operations): two spellings of one model must be too.
void expect_same(const State &a, const State &b, const std::string &what)
{
  EXPECT_EQ(max_difference(a.x, b.x), 0.0) << what;
  EXPECT_EQ(max_difference(a.v, b.v), 0.0) << what;
}

// 3d: one cube (or two stacked cubes) resting on a floor at z = 0 and
// pushed along x at speed 1, 4000 steps of dt 1e-4 under gravity 1.
State run_polyhedron(const std::string &pair_style, const std::string &pair_coeff, const std::string &wall,
                     bool two_cubes)
{
  const body_dem_test::Box3d box = body_dem_test::box_above_floor(6.0, 6.0);
  std::vector<body_dem_test::PolyhedronBody> bodies{
      body_dem_test::moving(body_dem_test::cube({0.0, 0.0, 0.599}, 1.0, 0.2), {1.0, 0.0, 0.0})};
  if (two_cubes)
    bodies.push_back(body_dem_test::moving(
        body_dem_test::rotated(body_dem_test::cube({0.3, 0.0, 1.795}, 1.0, 0.2), {0.0, 0.0, 1.0}, 0.3),
        {0.0, 0.0, 0.0}));
  body_dem_test::write_polyhedron_data("upstream_syntax_3d.data", bodies, box);
  LammpsSession s;
  s.load_plugin();
  s.commands("boundary p p f\n" + body_dem_test::polyhedron_setup_commands("upstream_syntax_3d.data") +
             pair_style + "\n" + pair_coeff + "\n" + wall +
             "\nfix integrate all nve/body\nfix down all gravity 1.0 vector 0 0 -1\n"
             "timestep 0.0001\nthermo 0\nrun 4000\n");
  return {s.gather_by_id("x"), s.gather_by_id("v")};
}

// 2d: one square on a floor at y = 0, pushed along x at speed 1.
State run_polygon(const std::string &pair_style, const std::string &wall)
{
  const body_dem_test::Box2d box = body_dem_test::box2d_above_floor(6.0, 6.0);
  body_dem_test::PolygonBody sq = body_dem_test::square(0.0, 0.599, 1.0, 0.0, 0.2);
  sq.vx = 1.0;
  body_dem_test::write_polygon_data("upstream_syntax_2d.data", {sq}, box);
  LammpsSession s;
  s.load_plugin();
  s.commands("boundary p f p\n" + body_dem_test::polygon_setup_commands("upstream_syntax_2d.data") + pair_style +
             "\npair_coeff * * 1000.0 0.0\n" + wall +
             "\nfix integrate all nve/body\nfix plane all enforce2d\nfix down all gravity 1.0 vector 0 -1 0\n"
             "timestep 0.0001\nthermo 0\nrun 4000\n");
  return {s.gather_by_id("x"), s.gather_by_id("v")};
}

const char *kFloor3d = "fix floor all wall/body/polyhedron 1000.0 20.0 5.0 zplane 0.0 NULL";
const char *kFloor2d = "fix floor all wall/body/polygon 1000.0 20.0 5.0 yplane 0.0 NULL";

}    // namespace

TEST(UpstreamSyntax, PairCoeffTangentialStiffness)
{
  const std::string style = "pair_style body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.0 history";
  const std::string wall = kFloor3d;
  // 2/7 of 105 is 30: the default and the explicit value are one model
  const State by_default = run_polyhedron(style, "pair_coeff * * 105.0 1.0", wall, true);
  const State explicit_kt = run_polyhedron(style, "pair_coeff * * 105.0 1.0 30.0", wall, true);
  expect_same(by_default, explicit_kt, "pair_coeff * * 105 1 30 against 105 1");
  // the upstream example's line: k_t 30 instead of 2/7 100 = 28.6 changes
  // the top cube's sliding on the bottom one
  const State upstream_line = run_polyhedron(style, "pair_coeff * * 100.0 1.0 30.0", wall, true);
  const State default_kt = run_polyhedron(style, "pair_coeff * * 100.0 1.0", wall, true);
  EXPECT_GT(max_difference(upstream_line.x, default_kt.x), 1e-9) << "k_t of pair_coeff is not used";
}

TEST(UpstreamSyntax, PolyhedronWallHistoryKeyword)
{
  const std::string coeff = "pair_coeff * * 1000.0 0.0";
  // the package's spelling: the wall takes mu and history from the pair style
  const State package = run_polyhedron("pair_style body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.0 history", coeff,
                                       kFloor3d, false);
  // the cube was slowed by the wall's friction and tangential damping
  EXPECT_LT(package.v[0], 0.9);
  const State upstream = run_polyhedron("pair_style body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.0 history", coeff,
                                        std::string(kFloor3d) + " history 0.5 NULL", false);
  expect_same(package, upstream, "history 0.5 NULL");
  const State explicit_kt =
      run_polyhedron("pair_style body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.0 history", coeff,
                     std::string(kFloor3d) + " history 0.5 " + std::to_string(1000.0 * 2.0 / 7.0), false);
  EXPECT_LT(max_difference(package.x, explicit_kt.x), 1e-12) << "history 0.5 (2/7 k_n) against NULL";
  // the wall's keyword alone: a pair style without mu and history
  const State wall_only = run_polyhedron("pair_style body/rounded/polyhedron 20.0 5.0 0.0 1.0 0.0", coeff,
                                         std::string(kFloor3d) + " history 0.5 NULL", false);
  expect_same(package, wall_only, "the wall's history with a pair style without history");
  // the wall's mu is the wall's, not the pair style's: with 0 there is no
  // spring force (only the damping c_t v_t), and the cube moves otherwise
  const State frictionless = run_polyhedron("pair_style body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.0 history",
                                            coeff, std::string(kFloor3d) + " history 0.0 NULL", false);
  EXPECT_GT(max_difference(frictionless.x, package.x), 1e-3) << "the wall's mu is not used";
}

TEST(UpstreamSyntax, PolygonWallHistoryKeywordAndNullCt)
{
  const State package = run_polygon("pair_style body/rounded/polygon 20.0 5.0 0.5 1.0 0.0 history", kFloor2d);
  EXPECT_LT(package.v[0], 0.9);
  const State upstream = run_polygon("pair_style body/rounded/polygon 20.0 5.0 0.5 1.0 0.0 history",
                                     std::string(kFloor2d) + " history 0.5 NULL");
  expect_same(package, upstream, "2d history 0.5 NULL");
  const State wall_only = run_polygon("pair_style body/rounded/polygon 20.0 5.0 0.0 1.0 0.0",
                                      std::string(kFloor2d) + " history 0.5 NULL");
  expect_same(package, wall_only, "2d: the wall's history with a pair style without history");
  // c_t NULL is c_n / 2 = 10
  const std::string style = "pair_style body/rounded/polygon 20.0 5.0 0.5 1.0 0.0 history";
  const State null_ct =
      run_polygon(style, "fix floor all wall/body/polygon 1000.0 20.0 NULL yplane 0.0 NULL history 0.5 NULL");
  const State half_cn =
      run_polygon(style, "fix floor all wall/body/polygon 1000.0 20.0 10.0 yplane 0.0 NULL history 0.5 NULL");
  expect_same(null_ct, half_cn, "c_t NULL against c_n / 2");
}

TEST(UpstreamSyntax, WallHistoryKeywordErrors)
{
  const body_dem_test::Box3d box = body_dem_test::box_above_floor(4.0, 4.0);
  body_dem_test::write_polyhedron_data("upstream_syntax_errors.data",
                                       {body_dem_test::cube({0.0, 0.0, 0.6}, 1.0, 0.2)}, box);
  LammpsSession s;
  s.load_plugin();
  s.commands("boundary p p f\n" + body_dem_test::polyhedron_setup_commands("upstream_syntax_errors.data") +
             "pair_style body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.0 history\npair_coeff * * 1000.0 0.0\n");
  struct Case {
    std::string keywords;
    std::vector<std::string> expected;
  };
  for (const Case &c : std::vector<Case>{
           {"history 0.5", {"fix wall/body/polyhedron", "history expects mu k_t", "NULL"}},
           {"history -0.5 NULL", {"fix wall/body/polyhedron", "history mu"}},
           {"history 0.5 -1.0", {"fix wall/body/polyhedron", "history k_t"}},
           {"history abc NULL", {"fix wall/body/polyhedron", "history mu"}},
           {"friction 0.5", {"unknown keyword 'friction'", "expected wiggle, springs or history"}}}) {
    const std::string error = body_dem_test::error_of(s, std::string(kFloor3d) + " " + c.keywords);
    for (const std::string &part : c.expected)
      EXPECT_NE(error.find(part), std::string::npos) << c.keywords << ": " << error;
  }
}
