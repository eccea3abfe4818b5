// Regression data (TESTING.md layer 7): forces, torques, energy and the
// work quantities of each pair style after a short run of its example,
// compared with reference values stored in unittest/data/. They were
// made by this code (with BODY_DEM_WRITE_REFERENCE=1 in the environment,
// which rewrites them); any later change of the physics or of the
// contacts shows up here, while the other tests say whether it is right.
#include "lammps_session.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

using body_dem_test::LammpsSession;

namespace {

struct Snapshot {
  std::vector<double> values;    // f, torque (3 per atom each), pe, work 1 and 2
};

Snapshot take(LammpsSession &s, const std::string &pair_compute)
{
  s.command("compute regression_work all pair " + pair_compute);
  s.command("compute regression_pe all pe");
  s.command("thermo_style custom step c_regression_pe c_regression_work[1] c_regression_work[2]");
  s.command("run 0 post no");
  Snapshot snap;
  for (const char *what : {"f", "torque"}) {
    const std::vector<double> v = s.gather_by_id(what);
    snap.values.insert(snap.values.end(), v.begin(), v.end());
  }
  snap.values.push_back(s.compute_scalar("regression_pe"));
  snap.values.push_back(s.compute_vector("regression_work", 0));
  snap.values.push_back(s.compute_vector("regression_work", 1));
  return snap;
}

std::string reference_path(const std::string &name)
{
  return body_dem_test::source_dir() + "/unittest/data/regression_" + name + ".txt";
}

void compare_with_reference(const std::string &name, const Snapshot &snap)
{
  // The snapshot must hold contacts (forces, energy, work), else the
  // comparison says nothing.
  int nonzero = 0;
  for (double v : snap.values) nonzero += v != 0.0;
  ASSERT_GT(nonzero, 20) << name << ": the run has (almost) no contacts";
  const std::string path = reference_path(name);
  if (std::getenv("BODY_DEM_WRITE_REFERENCE")) {
    std::ofstream out(path);
    out << std::setprecision(17);
    for (double v : snap.values) out << v << "\n";
    GTEST_SKIP() << "wrote " << path;
  }
  std::ifstream in(path);
  ASSERT_TRUE(in.good()) << "no reference data " << path;
  std::vector<double> reference;
  double v;
  while (in >> v) reference.push_back(v);
  ASSERT_EQ(reference.size(), snap.values.size()) << path;
  // The same code on the same kind of machine reproduces the numbers to
  // the last bits; 1e-10 relative (of the largest force) leaves room for
  // another compiler's ordering of sums over the steps of the run,
  // while a change of the model or of the contacts changes them by far
  // more.
  double scale = 0.0;
  for (double r : reference) scale = std::max(scale, std::fabs(r));
  for (size_t k = 0; k < reference.size(); ++k)
    EXPECT_NEAR(snap.values[k], reference[k], 1e-10 * scale) << name << ": value " << k;
}

}    // namespace

// The polygon style's default rule became `contacts weighted` (issue 29):
// its reference was written anew for it; the reference of the seed's rule
// (contacts farthest), written before the change, must still be met.
TEST(Regression, PolygonGas)
{
  LammpsSession s;
  body_dem_test::run_example(s, "in.polygon_gas", {{"nsteps", "2000"}});
  compare_with_reference("polygon_gas", take(s, "body/rounded/polygon"));
}

TEST(Regression, PolygonGasFarthest)
{
  LammpsSession s;
  body_dem_test::run_example(s, "in.polygon_gas", {{"nsteps", "2000"}, {"contacts", "farthest"}});
  compare_with_reference("polygon_gas_farthest", take(s, "body/rounded/polygon"));
}

TEST(Regression, PolyhedronGas)
{
  LammpsSession s;
  body_dem_test::run_example(s, "in.polyhedron_energy_balance", {{"nsteps", "200"}});
  compare_with_reference("polyhedron_gas", take(s, "body/rounded/polyhedron"));
}

TEST(Regression, GranularHeap)
{
  LammpsSession s;
  body_dem_test::run_example(s, "in.heap3d_granular",
                             {{"settle", "3000"}, {"tilted", "0"}, {"images", "no"}});
  compare_with_reference("granular_heap", take(s, "body/rounded/polyhedron/granular"));
}
