// Hull grains (harness/hull_grains.h) reach LAMMPS both ways users give
// them: in a data file (the host reads a body of at most 31 lines of 255
// characters, some 50 vertices with packed lines) and as molecule files
// with create_atoms (any size). The package's shape check accepts them
// (convex, planar, outward faces), and the same two grains give the same
// forces both ways.
#include "lammps_session.h"
#include "polyhedron_data.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

using namespace body_dem_test;

namespace {

std::vector<PolyhedronBody> two_touching_grains(int points)
{
  HullGrainSpec spec;
  spec.vertices = points;
  spec.semi_axes = {0.5, 0.4, 0.3};
  spec.seed = 11;
  PolyhedronBody a = hull_grain({0.0, 0.0, 0.0}, spec, 0.1);
  spec.seed = 12;
  // the second grain turned and placed so that the rounded surfaces
  // overlap: centres 0.65 apart along x with semi-axes 0.5 and 0.3 on that
  // line at most, less the scatter, plus the roundings
  PolyhedronBody b = rotated(hull_grain({0.7, 0.05, -0.02}, spec, 0.1), {0.3, 1.0, 0.2}, 1.1);
  b = moving(b, {-0.1, 0.0, 0.0}, {0.0, 0.3, 0.0});
  return {a, b};
}

const char *kPair = "pair_style body/rounded/polyhedron 10.0 2.0 0.5 0.2 0.0\npair_coeff * * 1000.0 0.0\n";

}    // namespace

TEST(HullGrainInput, DataFileAndMoleculeFilesGiveTheSameForces)
{
  const std::vector<PolyhedronBody> grains = two_touching_grains(40);
  Box3d box;
  write_polyhedron_data("hull_input.data", grains, box);
  std::vector<double> f_data, t_data, f_mol, t_mol;
  double pe_data = 0.0, pe_mol = 0.0;
  {
    LammpsSession s;
    s.load_plugin();
    size_t nmax = 0;
    for (const auto &g : grains) nmax = std::max({nmax, g.vertices.size(), g.edges.size(), g.faces.size()});
    s.commands(polyhedron_setup_commands("hull_input.data", static_cast<int>(nmax)) + kPair +
               "fix integrate all nve/body\nthermo_style custom step pe\nrun 0\n");
    pe_data = s.thermo("pe");
    f_data = s.gather_by_id("f");
    t_data = s.gather_by_id("torque");
  }
  {
    LammpsSession s;
    s.load_plugin();
    s.commands(polyhedron_molecule_setup_commands(grains, box, 1, "hull_input") + kPair +
               "fix integrate all nve/body\nthermo_style custom step pe\nrun 0\n");
    pe_mol = s.thermo("pe");
    f_mol = s.gather_by_id("f");
    t_mol = s.gather_by_id("torque");
  }
  // they touch: a force of order k_n * overlap, not zero
  EXPECT_GT(std::fabs(f_data[0]) + std::fabs(f_data[1]) + std::fabs(f_data[2]), 1.0);
  EXPECT_GT(pe_data, 0.0);
  // The two routes store the same numbers (17 digits both ways) and the
  // host makes the same body frames from them, so the forces agree to the
  // round-off of the frames (the host's diagonalisation of the inertia
  // tensor, relative 1e-10 or better).
  EXPECT_NEAR(pe_mol, pe_data, 1e-9 * std::fabs(pe_data));
  ASSERT_EQ(f_mol.size(), f_data.size());
  for (size_t k = 0; k < f_data.size(); ++k) {
    EXPECT_NEAR(f_mol[k], f_data[k], 1e-8 * (1.0 + std::fabs(f_data[k]))) << "force component " << k;
    EXPECT_NEAR(t_mol[k], t_data[k], 1e-8 * (1.0 + std::fabs(t_data[k]))) << "torque component " << k;
  }
}

// A grain of 200 points does not fit the host's data-file reader; the
// harness says so (instead of writing a file the host would refuse), and
// the molecule route takes it.
TEST(HullGrainInput, LargeGrainsGoThroughMoleculeFiles)
{
  const std::vector<PolyhedronBody> grains = two_touching_grains(200);
  Box3d box;
  EXPECT_THROW(write_polyhedron_data("hull_input_large.data", grains, box), std::runtime_error);
  LammpsSession s;
  s.load_plugin();
  s.commands(polyhedron_molecule_setup_commands(grains, box, 1, "hull_input_large") + kPair +
             "fix integrate all nve/body\nthermo_style custom step pe\nrun 0\n");
  EXPECT_GT(s.thermo("pe"), 0.0);
}
