// The host trap (src/glue/body_storage_check.h): the host's body styles
// keep each body in a chunk of 3 Nmin + 4 to 9 Nmax + 2 doubles
// (rounded/polyhedron; 5 Nmin + 2 to 5 Nmax + 2 for rounded/polygon) and
// crash (segmentation fault) on a body outside that range. The package
// cannot see read_data or create_atoms coming, but it sees the molecule
// templates that fix pour and fix deposit store from during a run: its
// pair styles and wall fixes check them at init and stop with an error
// that names the template, the counts and the Nmax to set. A template
// that fits, by one unit of Nmax, is poured and runs.
//
// The bounds were found on the hosts themselves (not in a test: a
// segmentation fault would end the test program): a hull grain of 50
// vertices, 144 edges and 96 faces (3V + 2E + 4F + 2 = 824 doubles) is
// stored with Nmax 92 (830) and crashes read_data and create_atoms with
// Nmax 91 (821), and fix pour with Nmax 50, on LAMMPS 29 Sep 2021, 4 Feb
// 2025 and 4 Jul 2026; with Nmax 300 it is stored with Nmin 273 (823) and
// crashes with Nmin 274 (826).
#include "lammps_session.h"
#include "polyhedron_data.h"

#include "body_storage_check.h"

#include "atom.h"
#include "atom_vec_body.h"
#include "lammps.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <fstream>
#include <string>

using namespace body_dem_test;
using body_dem::body_storage_problem;
using body_dem::host_body_doubles;

namespace {

const char *const kNoError = "no error";
const std::string kGranular =
    "pair_style body/rounded/polyhedron/granular 1.0 0.0\n"
    "pair_coeff * * hertz/material 1.0e4 0.5 0.3 tangential linear_history 1000.0 1.0 0.5 damping mass_velocity\n";
const std::string kFloorGranular =
    "fix floor all wall/body/polyhedron/granular hertz/material 1.0e4 0.5 0.3 tangential linear_history 1000.0 "
    "1.0 0.5 damping mass_velocity zplane 0.0 NULL\n";

// The hull grain of the numbers above: 50 vertices, 144 edges, 96 faces.
PolyhedronBody grain50()
{
  HullGrainSpec spec;
  spec.vertices = 50;
  spec.semi_axes = {0.5, 0.4, 0.3};
  spec.seed = 3;
  return hull_grain({0.0, 0.0, 0.0}, spec, 0.1);
}

// A box above a floor, two templates (the hull grain and a cube), and fix
// pour of both, with the atom style of `nmin` and `nmax`.
std::string pour_setup(int nmin, int nmax)
{
  write_polyhedron_molecule("storage_grain.mol", grain50());
  write_polyhedron_molecule("storage_cube.mol", cube({0.0, 0.0, 0.0}, 0.8, 0.1));
  return "units lj\nboundary p p f\natom_style body rounded/polyhedron " + std::to_string(nmin) + " " + std::to_string(nmax) +
      "\natom_modify map array\ncomm_modify vel yes\nnewton on\n"
      "region box block -3 3 -3 3 0 8\ncreate_box 1 box\n"
      "molecule shapes storage_cube.mol storage_grain.mol\n"
      "fix gravity all gravity 1.0 vector 0 0 -1\n"
      "region slab block -2 2 -2 2 4 7\n"
      "fix pour all pour 6 0 4767 region slab mol shapes molfrac 0.5 0.5\n"
      "fix integrate all nve/body\n";
}

}    // namespace

// The room of a body, by hand from the host's formulas (header comment).
TEST(BodyStorageCheck, RoomOfABodyAsTheHostComputesIt)
{
  // cube: 3*8 + 2*12 + 4*6 + 2 = 74 = 9*8 + 2: fits Nmax 8 exactly (the
  // host's own examples use `1 8` for cubes), not Nmax 7
  EXPECT_EQ(host_body_doubles("rounded/polyhedron", 8, 12, 6), 74);
  EXPECT_EQ(body_storage_problem("rounded/polyhedron", 1, 8, 8, 12, 6), "");
  EXPECT_NE(body_storage_problem("rounded/polyhedron", 1, 7, 8, 12, 6), "");
  // the hull grain: 150 + 288 + 384 + 2 = 824; 9*92 + 2 = 830, 9*91 + 2 = 821
  EXPECT_EQ(host_body_doubles("rounded/polyhedron", 50, 144, 96), 824);
  EXPECT_EQ(body_storage_problem("rounded/polyhedron", 1, 92, 50, 144, 96), "");
  const std::string too_many = body_storage_problem("rounded/polyhedron", 1, 91, 50, 144, 96);
  EXPECT_TEXT_HAS(too_many, "50 vertices, 144 edges and 96 faces (824 values)",
                  "atom_style body rounded/polyhedron 1 91", "9 Nmax + 2 = 821", "segmentation fault",
                  "Set Nmax to at least 144", "92 is the least that fits");
  // Nmin: 3*273 + 4 = 823 <= 824 < 826 = 3*274 + 4
  EXPECT_EQ(body_storage_problem("rounded/polyhedron", 273, 300, 50, 144, 96), "");
  EXPECT_TEXT_HAS(body_storage_problem("rounded/polyhedron", 274, 300, 50, 144, 96), "3 Nmin + 4 = 826",
                  "Set Nmin to at most 50");
  // sphere and rod: 3V + 4 doubles, 7 and 10; Nmin 1 and 2 fit (7 >= 7, 10 >= 10)
  EXPECT_EQ(host_body_doubles("rounded/polyhedron", 1, 0, 0), 7);
  EXPECT_EQ(body_storage_problem("rounded/polyhedron", 1, 1, 1, 0, 0), "");
  EXPECT_EQ(body_storage_problem("rounded/polyhedron", 2, 2, 2, 1, 0), "");
  EXPECT_NE(body_storage_problem("rounded/polyhedron", 3, 8, 2, 1, 0), "");
  // polygons: 5V + 2, i.e. Nmin <= V <= Nmax
  EXPECT_EQ(host_body_doubles("rounded/polygon", 12, 0, 0), 62);
  EXPECT_EQ(body_storage_problem("rounded/polygon", 1, 12, 12, 0, 0), "");
  EXPECT_TEXT_HAS(body_storage_problem("rounded/polygon", 1, 11, 12, 0, 0), "Set Nmax to at least 12");
  EXPECT_TEXT_HAS(body_storage_problem("rounded/polygon", 13, 20, 12, 0, 0), "Set Nmin to at most 12");
  // styles the package does not know: no opinion
  EXPECT_EQ(body_storage_problem("nparticle", 1, 2, 50, 0, 0), "");
}

// Nmax 50, the vertex count: fix pour would crash the host at its first
// insertion; the pair style stops the run at init instead, naming the
// template (the second of its set), the counts and what to set.
TEST(BodyStorageCheck, PairStyleRefusesATemplateThatDoesNotFit)
{
  LammpsSession s;
  s.load_plugin();
  s.commands(pour_setup(1, 50) + kGranular);
  EXPECT_LAMMPS_ERROR(s, "run 10", "pair_style body/rounded/polyhedron/granular", "molecule shapes",
                      "molecule 2 of its 2", "50 vertices, 144 edges and 96 faces",
                      "atom_style body rounded/polyhedron 1 50", "segmentation fault", "Set Nmax to at least 144");
}

// The same template with a wall fix and no pair style of the package: the
// wall checks the templates itself.
TEST(BodyStorageCheck, WallFixRefusesATemplateThatDoesNotFit)
{
  LammpsSession s;
  s.load_plugin();
  s.commands(pour_setup(1, 50) + kFloorGranular);
  EXPECT_LAMMPS_ERROR(s, "run 10", "fix wall/body/polyhedron/granular", "molecule shapes",
                      "Set Nmax to at least 144");
}

TEST(BodyStorageCheck, NminLargerThanASmallTemplateIsRefused)
{
  LammpsSession s;
  s.load_plugin();
  // the cube stores 74 doubles, Nmin 24 asks for at least 76
  s.commands(pour_setup(24, 150) + kGranular);
  EXPECT_LAMMPS_ERROR(s, "run 10", "molecule shapes", "molecule 1 of its 2", "8 vertices, 12 edges and 6 faces",
                      "3 Nmin + 4 = 76", "Set Nmin to at most 8");
}

// Nmax 92, the least that fits: the run goes on, fix pour stores grains of
// both templates, and they fall (no crash, no error).
TEST(BodyStorageCheck, TemplateThatFitsByOneIsPoured)
{
  LammpsSession s;
  s.load_plugin();
  s.commands(pour_setup(1, 92) + kGranular + kFloorGranular);
  EXPECT_EQ(error_of(s, "run 200"), kNoError);
  EXPECT_EQ(s.thermo("atoms"), 6.0);
  // grains of 50 vertices among them (molfrac 0.5 of each template)
  auto *avec = dynamic_cast<LAMMPS_NS::AtomVecBody *>(s.lmp->atom->style_match("body"));
  ASSERT_NE(avec, nullptr);
  int grains = 0, local = 0;
  for (int i = 0; i < s.lmp->atom->nlocal; ++i)
    if (s.lmp->atom->body[i] >= 0 && avec->bonus[s.lmp->atom->body[i]].ivalue[0] == 50) local++;
  MPI_Allreduce(&local, &grains, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  EXPECT_GT(grains, 0);
}

// 2d: a 12-gon template with Nmax 8 (the polygon style's rule is the
// vertex count, as the host documents it).
TEST(BodyStorageCheck, PolygonTemplateWithMoreVerticesThanNmax)
{
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    std::ofstream out("storage_12gon.mol");
    // a regular 12-gon of circumradius 0.5; inertia about z of a disk-like
    // body: any positive value passes the host (not checked here)
    out << "12-gon\n\n1 atoms\n1 43 body\n\nCoords\n\n1 0 0 0\n\nTypes\n\n1 1\n\nMasses\n\n1 1.0\n\n"
           "Body Integers\n\n12\n\nBody Doubles\n\n0.06 0.06 0.12 0 0 0\n";
    for (int k = 0; k < 12; ++k)
      out << 0.5 * std::cos(2.0 * M_PI * k / 12) << " " << 0.5 * std::sin(2.0 * M_PI * k / 12) << " 0\n";
    out << "0.1\n";
  }
  MPI_Barrier(MPI_COMM_WORLD);
  LammpsSession s;
  s.load_plugin();
  s.commands("units lj\ndimension 2\natom_style body rounded/polygon 1 8\natom_modify map array\n"
             "comm_modify vel yes\nnewton on\nregion box block -3 3 -3 3 -0.5 0.5\ncreate_box 1 box\n"
             "molecule gon storage_12gon.mol\nfix gravity all gravity 1.0 vector 0 -1 0\n"
             "region slab block -2 2 0 2 -0.5 0.5\n"
             "fix pour all pour 3 0 4767 region slab mol gon\nfix integrate all nve/body\nfix 2d all enforce2d\n"
             "pair_style body/rounded/polygon 1.0 1.0 0.0 1.0 0.0\npair_coeff * * 100.0 1.0\n");
  EXPECT_LAMMPS_ERROR(s, "run 10", "pair_style body/rounded/polygon", "molecule gon", "a body of 12 vertices",
                      "atom_style body rounded/polygon 1 8", "Set Nmax to at least 12");
}
