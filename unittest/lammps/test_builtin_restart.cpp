// Restart files written with the host's built-in body styles (no plugin
// loaded) are read with the plugin loaded and the package's styles given
// the same names and fix IDs: a user's existing restart files. The host's
// built-in wall fixes register per-atom restart data but write none; the
// package's wall fix must notice, say so in a warning and start its
// springs from zero, not read another fix's data or a null array (which
// crashed before). Runs on every host the suite is built for.
#include "body_data.h"
#include "lammps_session.h"
#include "polyhedron_data.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

using body_dem_test::LammpsSession;

namespace {

bool all_finite(const std::vector<double> &values)
{
  for (double v : values)
    if (!std::isfinite(v)) return false;
  return true;
}

// Two rounded squares falling onto a floor; `extra` is run before
// write_restart (e.g. a second per-atom restart fix of the host's).
void write_builtin_polygon_restart(const std::string &restart, const std::string &extra)
{
  const body_dem_test::Box2d box = body_dem_test::box2d_above_floor(5.0, 5.0);
  body_dem_test::write_polygon_data("builtin_restart_2d.data",
                                    {body_dem_test::square(-1.0, 0.56, 1.0, 0.0, 0.1),
                                     body_dem_test::square(1.0, 0.6, 1.0, 0.0, 0.1)},
                                    box);
  LammpsSession s;    // no plugin: the host's built-in styles
  s.commands("units lj\ndimension 2\nboundary p f p\natom_style body rounded/polygon 1 4\n"
             "atom_modify map array\ncomm_modify vel yes\nnewton on\nread_data builtin_restart_2d.data\n"
             "pair_style body/rounded/polygon 5.0 5.0 0.5 1.0 0.0\npair_coeff * * 1000.0 0.0\n"
             "fix floor all wall/body/polygon 1000.0 5.0 5.0 yplane 0.0 NULL\n"
             "fix integrate all nve/body\nfix plane all enforce2d\nfix down all gravity 1.0 vector 0 -1 0\n"
             "timestep 0.0005\n" +
             extra + "run 200\nwrite_restart " + restart + "\n");
}

std::vector<double> continue_polygon_restart(const std::string &restart, std::string *log)
{
  LammpsSession s;
  s.load_plugin();
  s.commands("read_restart " + restart +
             "\ncomm_modify vel yes\n"
             "pair_style body/rounded/polygon 5.0 5.0 0.5 1.0 0.0 history\npair_coeff * * 1000.0 0.0\n"
             "fix floor all wall/body/polygon 1000.0 5.0 5.0 yplane 0.0 NULL\n"
             "fix integrate all nve/body\nfix plane all enforce2d\nfix down all gravity 1.0 vector 0 -1 0\n"
             "timestep 0.0005\nrun 10000\n");
  *log = s.log_text();
  return s.gather_by_id("x");
}

}    // namespace

TEST(BuiltinRestart, PolygonWallFixOfTheHostIsReadWithAWarning)
{
  const std::string restart = body_dem_test::work_dir() + "/builtin_polygon.restart";
  write_builtin_polygon_restart(restart, "");
  std::string log;
  std::vector<double> x;
  ASSERT_NO_THROW(x = continue_polygon_restart(restart, &log));
  ASSERT_EQ(x.size(), 6u);
  EXPECT_TRUE(all_finite(x));
  EXPECT_NE(log.find("fix wall/body/polygon: the per-atom data of fix floor in the restart file is not this "
                     "package's"),
            std::string::npos)
      << log;
  // the squares came to rest on the floor (5 time units, c_n = 5): centres
  // at half a side plus the rounding radius (0.55), within the elastic
  // overlap m g / k_n ~ 1e-3
  EXPECT_NEAR(x[1], 0.55, 0.01);
  EXPECT_NEAR(x[4], 0.55, 0.01);
}

TEST(BuiltinRestart, PolygonWallFixIsReadBesideAnotherPerAtomRecord)
{
  // A host fix with per-atom restart data written after the built-in wall:
  // its record must not be taken for the wall's.
  const std::string restart = body_dem_test::work_dir() + "/builtin_polygon_store.restart";
  write_builtin_polygon_restart(restart, "fix keep all store/state 0 x y vx\n");
  std::string log;
  std::vector<double> x;
  ASSERT_NO_THROW(x = continue_polygon_restart(restart, &log));
  EXPECT_TRUE(all_finite(x));
  EXPECT_NE(log.find("is not this package's"), std::string::npos) << log;
  EXPECT_NEAR(x[1], 0.55, 0.01);
}

TEST(BuiltinRestart, PolyhedronPairAndWallOfTheHostAreReadWithAWarning)
{
  const body_dem_test::Box3d box = body_dem_test::box_above_floor(4.0, 4.0);
  body_dem_test::write_polyhedron_data("builtin_restart_3d.data",
                                       {body_dem_test::cube({-1.0, 0.0, 0.56}, 1.0, 0.1),
                                        body_dem_test::cube({1.0, 0.0, 0.6}, 1.0, 0.1)},
                                       box);
  const std::string restart = body_dem_test::work_dir() + "/builtin_polyhedron.restart";
  {
    LammpsSession s;    // no plugin
      s.commands("boundary p p f\n" + body_dem_test::polyhedron_setup_commands("builtin_restart_3d.data") +
               "pair_style body/rounded/polyhedron 5.0 5.0 0.5 1.0 0.0\npair_coeff * * 1000.0 0.0\n"
               "fix floor all wall/body/polyhedron 1000.0 5.0 5.0 zplane 0.0 NULL\n"
               "fix integrate all nve/body\nfix down all gravity 1.0 vector 0 0 -1\n"
               "timestep 0.0005\nrun 100\nwrite_restart " +
               restart + "\n");
  }
  LammpsSession s;
  s.load_plugin();
  ASSERT_NO_THROW(s.commands("read_restart " + restart +
                             "\ncomm_modify vel yes\n"
                             "pair_style body/rounded/polyhedron 5.0 5.0 0.5 1.0 0.0 history\n"
                             "pair_coeff * * 1000.0 0.0\n"
                             "fix floor all wall/body/polyhedron 1000.0 5.0 5.0 zplane 0.0 NULL\n"
                             "fix integrate all nve/body\nfix down all gravity 1.0 vector 0 0 -1\n"
                             "timestep 0.0005\nrun 10000\n"));
  const std::vector<double> x = s.gather_by_id("x");
  EXPECT_TRUE(all_finite(x));
  EXPECT_NE(s.log_text().find("fix wall/body/polyhedron: the per-atom data of fix floor in the restart file is "
                              "not this package's"),
            std::string::npos);
  EXPECT_NEAR(x[2], 0.55, 0.01);
  EXPECT_NEAR(x[5], 0.55, 0.01);
}

// A restart file laid out as the built-in body styles with history of
// LAMMPS 30 Sep 2026 write it (3 values per pair under the pair style's
// NEIGH_HISTORY, 6 per atom for a wall), made by the fixture plugin
// upstream_restart_writer from the host's built-in styles of the release at
// hand, read with the package and the script of those built-ins
// (pair_coeff's k_t, the wall's `history mu k_t` with NULL): a warning for
// each of the two records, no crash, and the springs start from zero, so
// the run is the run from a file without those records. That release's
// ID of the pair's history fix is not known here (its source is not in
// Debian): the case of this package's ID, whose fix must skip the records
// of the other width, and the case of another ID, which no fix reads.
class UpstreamRestart : public ::testing::TestWithParam<const char *> {};

TEST_P(UpstreamRestart, HistoryLayoutIsReadWithWarnings)
{
  const std::string history_id = GetParam();
  const body_dem_test::Box3d box = body_dem_test::box_above_floor(4.0, 4.0);
  // two cubes touching, the lower one on the floor
  body_dem_test::write_polyhedron_data("upstream_restart_3d.data",
                                       {body_dem_test::cube({0.0, 0.0, 0.599}, 1.0, 0.2),
                                        body_dem_test::rotated(body_dem_test::cube({0.2, 0.0, 1.797}, 1.0, 0.2),
                                                               {0.0, 0.0, 1.0}, 0.2)},
                                       box);
  auto write = [&history_id](const std::string &restart, bool upstream_records) {
    LammpsSession s;    // no plugin of the package: the host's built-in styles
    if (upstream_records) s.command(std::string("plugin load ") + UPSTREAM_RESTART_WRITER);
    s.commands("boundary p p f\n" + body_dem_test::polyhedron_setup_commands("upstream_restart_3d.data") +
               "pair_style body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.0\npair_coeff * * 100.0 1.0\n");
    if (upstream_records)
      s.commands("fix " + history_id + " all test/upstream_pair_history\n"
                 "fix floor all test/upstream_wall_history wall/body/polyhedron\n");
    s.commands("run 0 post no\nwrite_restart " + restart + "\n");
    // Removed here: the host unloads a plugin's fixes by style name, and
    // these write under the names of other styles.
    if (upstream_records) s.commands("unfix " + history_id + "\nunfix floor\n");
  };
  auto read = [](const std::string &restart, std::string *log) {
    LammpsSession s;
    s.load_plugin();
    s.commands("read_restart " + restart +
               "\ncomm_modify vel yes\n"
               "pair_style body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.0 history\n"
               "pair_coeff * * 100.0 1.0 30.0\n"
               "fix floor all wall/body/polyhedron 1000.0 20.0 5.0 zplane 0.0 NULL history 0.5 NULL\n"
               "fix integrate all nve/body\nfix down all gravity 1.0 vector 0 0 -1\n"
               "timestep 0.0001\nrun 2000\n");
    *log = s.log_text();
    return s.gather_by_id("x");
  };
  const std::string upstream = body_dem_test::work_dir() + "/upstream_layout.restart";
  const std::string plain = body_dem_test::work_dir() + "/upstream_plain.restart";
  write(upstream, true);
  write(plain, false);
  std::string log, plain_log;
  std::vector<double> x, x_plain;
  ASSERT_NO_THROW(x = read(upstream, &log));
  ASSERT_NO_THROW(x_plain = read(plain, &plain_log));
  ASSERT_EQ(x.size(), 6u);
  EXPECT_TRUE(all_finite(x));
  const std::string pair_warning =
      history_id == "NEIGH_HISTORY_BRPH"
          ? "fix NEIGH_HISTORY_BRPH: the restart file holds 3 values per pair of bodies under this ID"
          : "pair_style body/rounded/polyhedron: the restart file holds the per-pair history of fix " + history_id +
                " (NEIGH_HISTORY), which this pair style does not read";
  EXPECT_NE(log.find(pair_warning), std::string::npos) << log;
  EXPECT_NE(log.find("fix wall/body/polyhedron: the per-atom data of fix floor in the restart file is not this "
                     "package's"),
            std::string::npos)
      << log;
  EXPECT_EQ(plain_log.find("values per pair of bodies under this ID"), std::string::npos);
  EXPECT_EQ(plain_log.find("which this pair style does not read"), std::string::npos);
  // springs from zero: the same run as from the file without the records
  // (one rank, same operations: to the last bit)
  for (size_t k = 0; k < x.size(); k++) EXPECT_EQ(x[k], x_plain[k]) << k;
}

INSTANTIATE_TEST_SUITE_P(BuiltinRestart, UpstreamRestart,
                         ::testing::Values("NEIGH_HISTORY_BRPH", "NEIGH_HISTORY_BODY_ROUNDED_POLYHEDRON"));
