// The plugin loads into the host, registers its styles, and the host's
// own error paths (bad plugin path, bad arguments) give the expected text.
#include "body_data.h"
#include "lammps_session.h"

#include "force.h"
#include "lammps.h"
#include "library.h"
#include "pair.h"

#include <gtest/gtest.h>

#include <string>

using body_dem_test::LammpsSession;

namespace {

bool plugin_registered(const std::string &kind, const std::string &name)
{
  char found_kind[64], found_name[128];
  for (int k = 0; k < lammps_plugin_count(); ++k) {
    lammps_plugin_name(k, found_kind, found_name, sizeof(found_name));
    if (kind == found_kind && name == found_name) return true;
  }
  return false;
}

}    // namespace

TEST(Plugin, LoadsAndAnnouncesPackageAndVersion)
{
  LammpsSession s;
  s.load_plugin();
  const std::string log = s.log_text();
  EXPECT_NE(log.find("Loading package body-dem 0.1.0"), std::string::npos) << log;
  EXPECT_TRUE(plugin_registered("pair", "body/rounded/polygon"));
  // The host has a built-in style of that name: the plugin's replaces it.
  EXPECT_NE(log.find("Overriding built-in pair style body/rounded/polygon"), std::string::npos) << log;
}

TEST(Plugin, RegisteredStyleIsTheOneLammpsCreates)
{
  LammpsSession s;
  s.load_plugin();
  s.commands(body_dem_test::polygon_setup_commands("plugin_square.data"));
  // Only the package's style accepts the history keyword and reports
  // extra quantities to compute pair: the two work accumulators, and with
  // the default rule `contacts weighted` (issue 29) the work of the
  // weights as a third.
  s.command("pair_style body/rounded/polygon 1.0 1.0 0.5 1.0 0.0 history");
  ASSERT_NE(s.lmp->force->pair, nullptr);
  EXPECT_STREQ(s.lmp->force->pair_style, "body/rounded/polygon");
  EXPECT_EQ(s.lmp->force->pair->nextra, 3);
}

TEST(Plugin, BadPluginPathIsReported)
{
  LammpsSession s;
  s.command("plugin load /nonexistent/bodydemplugin.so");
  EXPECT_NE(s.log_text().find("Open of file /nonexistent/bodydemplugin.so failed"), std::string::npos)
      << s.log_text();
}

TEST(Plugin, BadArgumentOfAPackageCommandIsALammpsError)
{
  LammpsSession s;
  s.load_plugin();
  s.commands(body_dem_test::polygon_setup_commands("plugin_square.data"));
  EXPECT_LAMMPS_ERROR(s, "pair_style body/rounded/polygon 1.0 2.0", "pair_style body/rounded/polygon",
                      "expected c_n c_t mu delta_ua cutoff [history [friction contact|pair]]", "got 2 arguments");
  EXPECT_LAMMPS_ERROR(s, "pair_style body/rounded/polygon 1.0 abc 0.5 1.0 0.0", "argument c_t",
                      "must be a number", "'abc'");
}

// The data file that the tests above read.
class PluginEnvironment : public ::testing::Environment {
 public:
  void SetUp() override
  {
    body_dem_test::write_polygon_data("plugin_square.data", {body_dem_test::square(0, 0, 1.0, 0.0, 0.2)},
                                      body_dem_test::Box2d{});
  }
};
const auto *const kEnvironment = ::testing::AddGlobalTestEnvironment(new PluginEnvironment);
