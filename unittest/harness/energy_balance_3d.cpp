#include "energy_balance_3d.h"

#include "lammps_session.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace body_dem_test {

std::vector<PolyhedronBody> polyhedron_gas_27(bool cubes)
{
  std::mt19937 rng(2027);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<PolyhedronBody> bodies;
  for (int k = 0; k < 27; ++k) {
    const Triple c{1.6 * (k % 3 - 1), 1.6 * ((k / 3) % 3 - 1), 1.6 * (k / 9 - 1)};
    PolyhedronBody b = cubes ? cube(c, 0.8, 0.2) : sphere(c, 1.0);
    b.velocity = {u(rng), u(rng), u(rng)};
    bodies.push_back(b);
  }
  return bodies;
}

EnergyDrift polyhedron_energy_balance(const std::vector<PolyhedronBody> &bodies, const std::string &pair_style,
                                      const std::string &pair_coeff, const std::string &wall, double dt, double time,
                                      const std::string &data_file)
{
  Box3d box;
  for (int d = 0; d < 3; ++d) {
    box.lo[d] = -2.6;
    box.hi[d] = 2.6;
  }
  write_polyhedron_data(data_file, bodies, box);
  const bool walls = !wall.empty();
  LammpsSession s;
  s.load_plugin();
  s.commands(std::string("units lj\nboundary ") + (walls ? "f f f" : "p p p") +
             "\natom_style body rounded/polyhedron 1 8\natom_modify map array\n"
             "comm_modify vel yes\nnewton on\nread_data " + data_file + "\n");
  s.command("pair_style " + pair_style);
  s.command("pair_coeff * * " + pair_coeff);
  std::string wall_work;
  if (walls) {
    for (const char *axis : {"x", "y", "z"}) {
      const std::string id = std::string("w") + axis;
      s.command("fix " + id + " all " + wall + " " + axis + "plane -2.6 2.6");
      s.command("fix_modify " + id + " energy yes");
      wall_work += "-f_" + id + "[1]";
    }
  }
  const std::string style_name = pair_style.substr(0, pair_style.find(' '));
  s.commands("neighbor 0.3 bin\nneigh_modify every 1 delay 0 check yes\n"
             "fix integrate all nve/body\n"
             "compute wp all pair " + style_name + "\n"
             "compute tb all temp/body\ncompute_modify tb extra/dof 0\ncompute pe all pe\n"
             "variable ebal equal c_tb*6*count(all)/2+c_pe-c_wp[1]-c_wp[2]-c_wp[3]" +
             wall_work + "\nthermo_style custom step v_ebal\nthermo_modify norm no\n");
  s.command("timestep " + std::to_string(dt));
  s.command("run 0");
  const double start = s.variable("ebal");
  EnergyDrift out;
  const int chunks = 80;
  const int steps = static_cast<int>(std::lround(time / dt / chunks));
  for (int c = 0; c < chunks; ++c) {
    // the same trajectory as one run (no setup in between)
    s.command("run " + std::to_string(steps) + " pre no post no");
    out.max_abs = std::max(out.max_abs, std::fabs(s.variable("ebal") - start));
  }
  out.work_ja = s.compute_vector("wp", 0);
  out.work_diss = s.compute_vector("wp", 1);
  out.work_weights = s.compute_vector("wp", 2);
  return out;
}

}    // namespace body_dem_test
