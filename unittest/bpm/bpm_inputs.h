// Inputs shared by the tests of bond_style bpm/parallel: a box for bonded
// spheres, and a block of spheres bonded to their lattice neighbours
// written as a data file.
#ifndef BODY_DEM_TEST_BPM_INPUTS_H
#define BODY_DEM_TEST_BPM_INPUTS_H

#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace bpm_test {

// Spheres of diameter 1 and mass 1: density 6/pi.
constexpr const char *kUnitMassDensity = "1.9098593171027443";

// The settings of all tests: units lj, finite-size spheres with bonds,
// newton on, ghost velocities and a communication cutoff of 3 (longer
// than any bond of the tests).
inline std::string bonded_sphere_settings(const std::string &boundary)
{
  return "units lj\n"
         "atom_style hybrid sphere bond\n"
         "atom_modify map array\n"
         "newton on\n"
         "comm_modify vel yes cutoff 3.0\n"
         "boundary " + boundary + "\n";
}

// Everything up to the atoms: the settings and a cubic box of edge
// 2 * half_edge.
inline std::string bonded_sphere_box(double half_edge, const std::string &boundary = "f f f")
{
  const std::string h = std::to_string(half_edge);
  return bonded_sphere_settings(boundary) +
         "region box block -" + h + " " + h + " -" + h + " " + h + " -" + h + " " + h + "\n"
         "create_box 1 box bond/types 1 extra/bond/per/atom 6 extra/special/per/atom 40\n";
}

// After the atoms: diameter 1 and mass 1 for all.
inline std::string unit_spheres()
{
  return std::string("set atom * diameter 1.0\nset atom * density ") + kUnitMassDensity + "\n";
}

// A block of nx * ny * nz spheres (diameter 1, mass 1) on a simple cubic
// lattice of spacing 1 starting at `origin`, each bonded (type 1) to its
// neighbours in +x, +y, +z; random velocities (uniform in +-v_scale, plus
// `drift` along x) and angular velocities (+-w_scale) from `seed`. Box:
// [-half_x, half_x] x [-half_yz, half_yz]^2.
inline void write_bonded_block(const std::string &path, int nx, int ny, int nz, const double origin[3],
                               double half_x, double half_yz, unsigned seed, double v_scale, double w_scale,
                               double drift)
{
  auto id = [&](int a, int b, int c) { return 1 + a + nx * (b + ny * c); };
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  const int natoms = nx * ny * nz;
  std::vector<std::string> bonds;
  for (int c = 0; c < nz; ++c)
    for (int b = 0; b < ny; ++b)
      for (int a = 0; a < nx; ++a) {
        if (a + 1 < nx) bonds.push_back(std::to_string(id(a, b, c)) + " " + std::to_string(id(a + 1, b, c)));
        if (b + 1 < ny) bonds.push_back(std::to_string(id(a, b, c)) + " " + std::to_string(id(a, b + 1, c)));
        if (c + 1 < nz) bonds.push_back(std::to_string(id(a, b, c)) + " " + std::to_string(id(a, b, c + 1)));
      }
  FILE *fp = std::fopen(path.c_str(), "w");
  std::fprintf(fp, "bonded block\n\n%d atoms\n1 atom types\n%zu bonds\n1 bond types\n\n", natoms, bonds.size());
  std::fprintf(fp, "%.17g %.17g xlo xhi\n%.17g %.17g ylo yhi\n%.17g %.17g zlo zhi\n\nAtoms # hybrid\n\n", -half_x,
               half_x, -half_yz, half_yz, -half_yz, half_yz);
  for (int c = 0; c < nz; ++c)
    for (int b = 0; b < ny; ++b)
      for (int a = 0; a < nx; ++a)
        std::fprintf(fp, "%d 1 %.17g %.17g %.17g 1.0 %s 1\n", id(a, b, c), origin[0] + a, origin[1] + b,
                     origin[2] + c, kUnitMassDensity);
  std::fprintf(fp, "\nVelocities\n\n");
  for (int k = 1; k <= natoms; ++k) {
    const double v[3] = {drift + v_scale * uni(gen), v_scale * uni(gen), v_scale * uni(gen)};
    const double w[3] = {w_scale * uni(gen), w_scale * uni(gen), w_scale * uni(gen)};
    std::fprintf(fp, "%d %.17g %.17g %.17g %.17g %.17g %.17g\n", k, v[0], v[1], v[2], w[0], w[1], w[2]);
  }
  std::fprintf(fp, "\nBonds\n\n");
  for (size_t k = 0; k < bonds.size(); ++k) std::fprintf(fp, "%zu 1 %s\n", k + 1, bonds[k].c_str());
  std::fclose(fp);
}

// Reading such a block: the settings with a data file instead of a box.
inline std::string read_bonded_block(const std::string &path, const std::string &boundary)
{
  return bonded_sphere_settings(boundary) + "read_data " + path + " extra/special/per/atom 40\n";
}

}    // namespace bpm_test

#endif
