#include "cube_incline.h"

#include "lammps_session.h"
#include "polyhedron_data.h"

#include <cmath>
#include <cstdio>

namespace body_dem_test {

InclineMotion cube_on_incline(const std::string &data_path, double z, const std::string &styles, double tan_theta,
                              int measure_steps)
{
  const Box3d box{{-50, -5, 0}, {50, 5, 5}};
  write_polyhedron_data(data_path, {cube({0, 0, z}, 1.0, 0.1)}, box);
  LammpsSession s;
  s.load_plugin();
  s.commands(replace_in_setup(polyhedron_setup_commands(data_path), "atom_style", "boundary p p f\natom_style"));
  s.commands(styles);
  s.commands("timestep 0.0005\nfix integrate all nve/body\n"
             "fix down all gravity 1.0 vector 0 0 -1\nrun 4000\nunfix down\n");
  const double theta = std::atan(tan_theta);
  char line[256];
  std::snprintf(line, sizeof line, "fix tilted all gravity 1.0 vector %.17g 0 %.17g", std::sin(theta),
                -std::cos(theta));
  s.command(line);
  s.command("run 4000");
  InclineMotion r;
  const double x0 = s.gather_by_id("x")[0], v0 = s.gather_by_id("v")[0];
  s.command("run " + std::to_string(measure_steps));
  r.moved = s.gather_by_id("x")[0] - x0;
  r.v = s.gather_by_id("v")[0];
  r.dv = r.v - v0;
  return r;
}

}    // namespace body_dem_test
