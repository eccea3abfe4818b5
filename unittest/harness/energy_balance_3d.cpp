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
  BalanceRun3d run;
  run.bodies = bodies;
  for (int d = 0; d < 3; ++d) {
    run.box.lo[d] = -2.6;
    run.box.hi[d] = 2.6;
  }
  run.pair_style = pair_style;
  run.pair_coeff = pair_coeff;
  run.wall = wall;
  run.dt = dt;
  run.time = time;
  run.files = data_file;
  return energy_balance_3d(run);
}

EnergyDrift energy_balance_3d(const BalanceRun3d &run)
{
  const Box3d &box = run.box;
  const bool walls = !run.wall.empty();
  size_t max_vertices = 0;
  for (const PolyhedronBody &b : run.bodies) max_vertices = std::max(max_vertices, b.vertices.size());
  LammpsSession s;
  s.load_plugin();
  s.command(std::string("boundary ") + (walls ? "f f f" : "p p p"));
  if (max_vertices <= 8) {
    write_polyhedron_data(run.files, run.bodies, box);
    s.commands("units lj\natom_style body rounded/polyhedron 1 8\natom_modify map array\n"
               "comm_modify vel yes\nnewton on\nread_data " + run.files + "\n");
  } else {
    s.commands(polyhedron_molecule_setup_commands(run.bodies, box, 1, run.files));
  }
  s.command("pair_style " + run.pair_style);
  s.command("pair_coeff * * " + run.pair_coeff);
  std::string wall_work;
  if (walls) {
    for (int d = 0; d < 3; ++d) {
      const std::string axis(1, static_cast<char>('x' + d));
      const std::string id = "w" + axis;
      s.command("fix " + id + " all " + run.wall + " " + axis + "plane " + std::to_string(box.lo[d]) + " " +
                std::to_string(box.hi[d]));
      s.command("fix_modify " + id + " energy yes");
      wall_work += "-f_" + id + "[1]";
    }
  }
  if (run.gravity > 0.0) {
    s.command("fix down all gravity " + std::to_string(run.gravity) + " vector 0 0 -1");
    s.command("fix_modify down energy yes");
  }
  const std::string style_name = run.pair_style.substr(0, run.pair_style.find(' '));
  s.commands("neighbor 0.3 bin\nneigh_modify every 1 delay 0 check yes\n"
             "fix integrate all nve/body\n"
             "compute wp all pair " + style_name + "\n"
             "compute tb all temp/body\ncompute_modify tb extra/dof 0\ncompute pe all pe\n"
             "variable emech equal c_tb*6*count(all)/2+c_pe\n"
             "variable wwalls equal 0" + (walls ? "+f_wx[1]+f_wy[1]+f_wz[1]" : std::string()) + "\n"
             "variable ebal equal v_emech-c_wp[1]-c_wp[2]-c_wp[3]" + wall_work +
             "\nthermo_style custom step v_ebal\nthermo_modify norm no\n");
  s.command("timestep " + std::to_string(run.dt));
  s.command("run 0");
  const double start = s.variable("ebal");
  EnergyDrift out;
  out.mechanical_start = s.variable("emech");
  const int chunks = 80;
  const int steps = static_cast<int>(std::lround(run.time / run.dt / chunks));
  for (int c = 0; c < chunks; ++c) {
    // the same trajectory as one run (no setup in between)
    s.command("run " + std::to_string(steps) + " pre no post no");
    out.max_abs = std::max(out.max_abs, std::fabs(s.variable("ebal") - start));
  }
  out.work_ja = s.compute_vector("wp", 0);
  out.work_diss = s.compute_vector("wp", 1);
  out.work_weights = s.compute_vector("wp", 2);
  out.work_walls = s.variable("wwalls");
  out.mechanical_end = s.variable("emech");
  return out;
}

}    // namespace body_dem_test
