#include "pair_style_bodies.h"

#include "lammps.h"
#include "library.h"

#include <gtest/gtest.h>

namespace body_dem_test {

Triple atom_row(LammpsSession &s, const std::string &what, int id)
{
  const std::vector<double> v = s.gather_by_id(what);
  return {v[3 * (id - 1)], v[3 * (id - 1) + 1], v[3 * (id - 1) + 2]};
}

std::string polygon_bodies_setup(const std::string &path, const std::vector<PolygonBody> &bodies, int max_vertices)
{
  write_polygon_data(path, bodies, Box2d{});
  return polygon_setup_commands(path, max_vertices);
}

std::string polyhedron_bodies_setup(const std::string &path, const std::vector<PolyhedronBody> &bodies, int ntypes,
                                    bool flip_faces)
{
  write_polyhedron_data(path, bodies, Box3d{}, ntypes, flip_faces);
  return polyhedron_setup_commands(path);
}

std::unique_ptr<LammpsSession> pair_style_session(const std::string &setup, const std::string &pair_style,
                                                  const std::vector<std::string> &pair_coeffs)
{
  auto s = std::make_unique<LammpsSession>();
  s->load_plugin();
  s->commands(setup);
  s->command("pair_style " + pair_style);
  for (const std::string &c : pair_coeffs) s->command("pair_coeff " + c);
  const std::string style_name = pair_style.substr(0, pair_style.find(' '));
  s->commands("compute wp all pair " + style_name +
              "\n"
              "thermo_style custom step pe c_wp[1] c_wp[2]\n"
              "thermo_modify norm no\n");
  return s;
}

double PairStyleBodies::pe()
{
  const double value = s->thermo("pe");
  EXPECT_EQ(lammps_has_error(s->lmp), 0) << "thermo pe failed";
  return value;
}

void integrate_with_total_energy(LammpsSession &s, int dimension, double dt)
{
  const std::string kinetic = dimension == 2 ? "c_tb*3*count(all)/2" : "c_tb*3*count(all)";
  s.commands(std::string("fix integrate all nve/body\n") + (dimension == 2 ? "fix plane all enforce2d\n" : "") +
             "compute tb all temp/body\n"
             "compute_modify tb extra/dof 0\n"
             "variable etot equal " +
             kinetic + "+pe\ntimestep " + std::to_string(dt) +
             "\n"
             "thermo_style custom step pe c_tb c_wp[1] c_wp[2] v_etot\n"
             "thermo_modify norm no\n");
}

void expect_triple(const Triple &actual, const Triple &expected, const std::string &what, double tol)
{
  for (int d = 0; d < 3; ++d) EXPECT_NEAR(actual[d], expected[d], tol) << what << " component " << d;
}

void expect_loads(PairStyleBodies &b, const Triple &f2, const Triple &torque1, const Triple &torque2, double tol)
{
  expect_triple(b.force(2), f2, "force on body 2", tol);
  expect_triple(b.force(1), {-f2[0], -f2[1], -f2[2]}, "force on body 1", tol);
  expect_triple(b.torque(1), torque1, "torque on body 1", tol);
  expect_triple(b.torque(2), torque2, "torque on body 2", tol);
}

}    // namespace body_dem_test
