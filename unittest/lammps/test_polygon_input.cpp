// Input paths of pair_style body/rounded/polygon beyond pair_coeff: the
// coefficients from a data file (Pair Coeffs, PairIJ Coeffs) give the same
// forces as the same numbers given with pair_coeff.
#include "body_data.h"
#include "lammps_session.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

using body_dem_test::LammpsSession;

namespace {

// Two overlapping disks of types 1 and 2 (diameter 1, centres 0.9 apart:
// delta_n = -0.1), so the normal force is k_n 0.1 + k_na r_c' terms of the
// type pair 1 2.
void write_two_disks(const std::string &path, const std::string &coeff_section)
{
  body_dem_test::PolygonBody a = body_dem_test::disk(-0.45, 0.0, 1.0);
  body_dem_test::PolygonBody b = body_dem_test::disk(0.45, 0.0, 1.0);
  b.type = 2;
  body_dem_test::write_polygon_data(path, {a, b}, body_dem_test::Box2d{}, 2);
  std::ofstream out(path, std::ios::app);
  out << "\n" << coeff_section;
}

double force_on_second_disk(const std::string &data, const std::string &pair_coeffs)
{
  LammpsSession s;
  s.load_plugin();
  s.commands("units lj\ndimension 2\natom_style body rounded/polygon 1 4\natom_modify map array\n"
             "comm_modify vel yes\nnewton on\n"
             "pair_style body/rounded/polygon 1.0 1.0 0.0 1.0 0.05\n");
  s.command("read_data " + data);
  s.commands(pair_coeffs);
  s.command("run 0");
  return s.gather_by_id("f")[3];
}

}    // namespace

TEST(PolygonInput, PairIJCoeffsFromDataFile)
{
  write_two_disks("coeff_ij.data", "PairIJ Coeffs\n\n1 1 100.0 1.0\n1 2 50.0 0.5 10.0\n2 2 80.0 2.0\n");
  const double from_data = force_on_second_disk("coeff_ij.data", "");
  write_two_disks("coeff_none.data", "");
  const double from_commands =
      force_on_second_disk("coeff_none.data", "pair_coeff 1 1 100.0 1.0\npair_coeff 1 2 50.0 0.5 10.0\n"
                                              "pair_coeff 2 2 80.0 2.0");
  // Same numbers, same arithmetic: equal to the last bit. By hand: the
  // repulsion of pair 1 2 is k_n |delta_n| - k_na (r_c - delta_n) =
  // 50 * 0.1 - 0.5 * 0.15 = 4.925 on disk 2 along +x.
  EXPECT_DOUBLE_EQ(from_data, from_commands);
  EXPECT_NEAR(from_data, 4.925, 1e-12);
}

TEST(PolygonInput, PairCoeffsFromDataFileNeedUnlikePairsToo)
{
  // "Pair Coeffs" gives only I,I; this style does not mix, so the pair
  // 1 2 must still be given: a clear error names the missing pair.
  write_two_disks("coeff_ii.data", "Pair Coeffs\n\n1 100.0 1.0\n2 80.0 2.0\n");
  LammpsSession s;
  s.load_plugin();
  s.commands("units lj\ndimension 2\natom_style body rounded/polygon 1 4\natom_modify map array\n"
             "comm_modify vel yes\nnewton on\n"
             "pair_style body/rounded/polygon 1.0 1.0 0.0 1.0 0.05\nread_data coeff_ii.data\n");
  EXPECT_LAMMPS_ERROR(s, "run 0", "pair_style body/rounded/polygon", "no pair_coeff for atom types 1 2");
  s.command("pair_coeff 1 2 50.0 0.5");
  EXPECT_EQ(body_dem_test::error_of(s, "run 0"), "no error");
}
