// The adhesion of Fang et al. (seeds/003) in pair_style
// body/rounded/polyhedron/granular and fix wall/body/polyhedron/granular,
// in LAMMPS (TESTING.md layers 2 and 4): forces and energies of two bodies
// worked out by hand, the pull-off force of a sphere, two cubes that
// attract and stick, the tangential adhesion's resistance and release,
// mixing, the energy balance, and a restart.
//
// The law (doc/pair_body_rounded_polyhedron_granular.rst), per contact of
// weight w, effective radius R_eff and surface separation d = delta_n:
// energy w pi R_eff^2 a(d), force -w pi R_eff^2 a'(d) along the normal
// (attractive), with a(d) of fang_adhesion.h. Unless said otherwise:
// dhat_p = 0.01, dhat_a = 0.03, Y = 100, eps_c = 0.5, so Y eps_c = 50,
// a_2 = 50 / (2 (0.01 - 0.03)) = -1250, a_1 = 50 / (2 0.01) = 2500:
//   a(d) = 2500 d^2 - 0.75 (d < 0.01), -1250 (d - 0.03)^2 (0.01 <= d < 0.03)
//   -a'(d) = -5000 d,  2500 (d - 0.03);  peak -50 at d = 0.01;  a(0) = -0.75
// Spheres of diameter 1 (one-vertex bodies, r = 0.5): vertex-vertex
// R_eff = 0.25, pi R_eff^2 = pi/16 = 0.19634954084936207.
#include "host_compat.h"
#include "energy_balance_3d.h"
#include "granular_pair_forces.h"
#include "weight_work.h"
#include "lammps_session.h"
#include "polyhedron_data.h"

#include "force.h"
#include "lammps.h"
#include "pair.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

using body_dem_test::Box3d;
using body_dem_test::LammpsSession;
using body_dem_test::PolyhedronBody;
using body_dem_test::Triple;

namespace {

// Tolerance of the `run 0` checks: the vertices reach the style through a
// data file with 17 digits and a rotation into the space frame (a few
// 1e-16 of the body size); forces of order 10 with slopes dF/dd up to
// 5000 A carry errors of order 1e-13; 1e-10 leaves room, while a wrong
// area, piece or sign shows at 1e-3 and more.
constexpr double kTol = 1e-10;

const double kAreaSpheres = M_PI / 16.0;    // pi R_eff^2 of two spheres D = 1

// hooke k_n = 1000 without damping or friction, the adhesion above
const std::string kModel = "hooke 1000.0 0.0 tangential linear_nohistory 0.0 0.0 adhesion 0.01 0.03 100.0 0.5";

std::unique_ptr<LammpsSession> bodies_session(const std::string &name, const std::vector<PolyhedronBody> &bodies,
                                              const std::vector<std::string> &pair_coeffs, int ntypes = 1,
                                              const std::string &boundary = "p p p")
{
  const std::string path = "gran_adhesion_" + name + ".data";
  body_dem_test::write_polyhedron_data(path, bodies, Box3d{}, ntypes);
  auto s = std::make_unique<LammpsSession>();
  s->load_plugin();
  std::string setup = body_dem_test::polyhedron_setup_commands(path);
  if (boundary != "p p p") setup = "boundary " + boundary + "\n" + setup;
  s->commands(setup);
  s->command("pair_style body/rounded/polyhedron/granular 1.0 0.05");
  for (const std::string &c : pair_coeffs) s->command("pair_coeff " + c);
  s->commands("compute wp all pair body/rounded/polyhedron/granular\n"
              "thermo_style custom step pe c_wp[1] c_wp[2]\nthermo_modify norm no\n");
  return s;
}

Triple row(LammpsSession &s, const std::string &what, int id)
{
  const std::vector<double> v = s.gather_by_id(what);
  return {v[3 * (id - 1)], v[3 * (id - 1) + 1], v[3 * (id - 1) + 2]};
}

}    // namespace

// ---------------------------------------------------------------------------
// Two spheres along n = (2, 3, 6)/7 at the separation d; the force on
// sphere 2 is F n with F = -A a'(d) (< 0: attractive), A = pi/16, the
// energy A a(d) (+ the hooke energy in overlap):
//   d = 0.005:  F = -25 A = -4.908738521234052,   E = -0.6875 A = -0.1349903093339364
//   d = 0.01:   F = -50 A = -9.817477042468104 (the peak Y eps_c A),
//               E = -0.5 A = -0.09817477042468103
//   d = 0.02:   F = -25 A,                        E = -0.125 A = -0.02454369260617026
//   d = -0.005: F = +1000 * 0.005 = 5 (hooke only, no adhesion force),
//               E = 1/2 1000 0.005^2 - 0.75 A = -0.13476215563702154
//   d = 0.04:   beyond dhat_a, within the cutoff 0.05: nothing.
TEST(GranularAdhesion, SpheresAcrossTheRange)
{
  struct Case {
    const char *name;
    double d, force, energy;
  };
  const Triple n{2.0 / 7.0, 3.0 / 7.0, 6.0 / 7.0};
  for (const Case &c : {Case{"inner", 0.005, -4.908738521234052, -0.1349903093339364},
                        Case{"peak", 0.01, -9.817477042468104, -0.09817477042468103},
                        Case{"outer", 0.02, -4.908738521234052, -0.02454369260617026},
                        Case{"overlap", -0.005, 5.0, -0.13476215563702154}, Case{"beyond", 0.04, 0.0, 0.0}}) {
    SCOPED_TRACE(c.name);
    const double at = 1.0 + c.d;
    auto s = bodies_session(std::string("spheres_") + c.name,
                            {body_dem_test::sphere({0, 0, 0}, 1.0),
                             body_dem_test::sphere({at * n[0], at * n[1], at * n[2]}, 1.0)},
                            {"* * " + kModel});
    s->command("run 0");
    const Triple f2 = row(*s, "f", 2), f1 = row(*s, "f", 1);
    for (int k = 0; k < 3; ++k) {
      EXPECT_NEAR(f2[k], c.force * n[k], kTol) << "component " << k;
      EXPECT_NEAR(f1[k], -c.force * n[k], kTol) << "component " << k;
    }
    EXPECT_NEAR(s->thermo("pe"), c.energy, kTol);
  }
}

TEST(GranularAdhesion, CubesFaceOnFaceAtDhatP)
{
  // Unit cubes (rounded radius 0.1), cube 2 shifted by (0.5, 0.5) and at
  // the gap d = dhat_p = 0.01 (z = 1.21): the faces overlap in the square
  // [0, 0.5]^2, whose corners are four contacts of weight 1: (0.5, 0.5)
  // and (0, 0) vertex-face, (0.5, 0) and (0, 0.5) crossings of edges at
  // right angles. Every contact of the pair has the pair's one R_eff =
  // r_i r_j / (r_i + r_j) = 0.05, whatever its kind, so A = pi 0.0025
  // each, F_c = 50 A = 0.3926990816987242 per contact:
  //   force on cube 2: -4 F_c = -1.5707963267948968 along z,
  //   energy 4 (-0.5) A = -0.015707963267948967,
  //   torques (points at z = 0.605): on cube 1 about the origin
  //   sum (p_y, -p_x, 0) F_c = (1, -1, 0) F_c; on cube 2 about (0.5, 0.5,
  //   1.21), with the force -F_c: sum (-r_y, r_x, 0) F_c = (1, -1, 0) F_c.
  // (A weight 1/2 at one corner would show at the 10 % level.)
  auto s = bodies_session("cubes_dhat_p",
                          {body_dem_test::cube({0, 0, 0}, 1.0, 0.2), body_dem_test::cube({0.5, 0.5, 1.21}, 1.0, 0.2)},
                          {"* * " + kModel});
  s->command("run 0");
  const double Fc = 0.3926990816987242;
  const Triple f2 = row(*s, "f", 2), t1 = row(*s, "torque", 1), t2 = row(*s, "torque", 2);
  EXPECT_NEAR(f2[0], 0.0, kTol);
  EXPECT_NEAR(f2[1], 0.0, kTol);
  EXPECT_NEAR(f2[2], -4.0 * Fc, kTol);
  for (const Triple &t : {t1, t2}) {
    EXPECT_NEAR(t[0], Fc, kTol);
    EXPECT_NEAR(t[1], -Fc, kTol);
    EXPECT_NEAR(t[2], 0.0, kTol);
  }
  EXPECT_NEAR(s->thermo("pe"), -0.015707963267948967, kTol);
}

TEST(GranularAdhesion, SphereOnAWallAtDhatP)
{
  // A sphere D = 1 at z = 0.51 above a floor at z = 0 with the same
  // adhesion: vertex on the flat wall, R_eff = r = 0.5, A = pi/4:
  // F = -50 pi/4 = -39.269908169872416 along z; the wall's energy
  // -0.5 pi/4 = -0.39269908169872414. Just beyond dhat_a (z = 0.531):
  // nothing.
  for (const auto &[z, fz, e] : std::vector<std::array<double, 3>>{{0.51, -39.269908169872416, -0.39269908169872414},
                                                                    {0.531, 0.0, 0.0}}) {
    SCOPED_TRACE(z);
    auto s = bodies_session("sphere_wall", {body_dem_test::sphere({0, 0, z}, 1.0)}, {"* * " + kModel}, 1, "p p f");
    s->command("fix w all wall/body/polyhedron/granular " + kModel + " zplane 0.0 NULL");
    s->command("run 0");
    EXPECT_NEAR(row(*s, "f", 1)[2], fz, kTol);
    s->command("variable wall_energy equal f_w");
    EXPECT_NEAR(s->variable("wall_energy"), e, kTol);
  }
}

TEST(GranularAdhesion, UnlikeTypesMixLengthsArithmeticallyAndStrengthsGeometrically)
{
  // type 1: adhesion 0.01 0.03 100 0.25; type 2: 0.03 0.05 400 1.0
  // mixed: dhat_p 0.02, dhat_a 0.04, Y 200, eps_c 0.5 (Y eps_c = 100).
  // Spheres at d = 0.02 = the mixed dhat_p: F = -100 A = -19.634954084936208,
  // E = A a_2 (dhat_p - dhat_a)^2 = A (100 / -0.04) 4e-4 = -A = -0.19634954084936207.
  // (Arithmetic means of Y and eps_c would give -156.25 A = -30.68; geometric
  // means of the lengths put the peak at 0.0173 and give -72 A.)
  PolyhedronBody b = body_dem_test::sphere({1.02, 0, 0}, 1.0);
  b.type = 2;
  auto s = bodies_session("mixed", {body_dem_test::sphere({0, 0, 0}, 1.0), b},
                          {"1 1 hooke 1000.0 0.0 tangential linear_nohistory 0.0 0.0 adhesion 0.01 0.03 100.0 0.25",
                           "2 2 hooke 1000.0 0.0 tangential linear_nohistory 0.0 0.0 adhesion 0.03 0.05 400.0 1.0"},
                          2);
  s->command("run 0");
  EXPECT_NEAR(row(*s, "f", 2)[0], -19.634954084936208, kTol);
  EXPECT_NEAR(s->thermo("pe"), -0.19634954084936207, kTol);
}

// ---------------------------------------------------------------------------
// Dynamics.

namespace {

// Sphere 1 at the origin held in place (not integrated), sphere 2 touching
// it at (1, 0, 0) (d = 0), pulled along +x by `pull` with a viscous drag
// 80 (mass 1; the adhesion's stiffness up to dhat_p is Y eps_c A / dhat_p
// = 981.7, critical damping 2 sqrt(981.7) = 62.7: overdamped, no
// overshoot) for 2 time units. Returns the final separation d.
double pulled_separation(double pull)
{
  auto s = bodies_session("pull_off", {body_dem_test::sphere({0, 0, 0}, 1.0), body_dem_test::sphere({1.0, 0, 0}, 1.0)},
                          {"* * hooke 10000.0 0.0 tangential linear_nohistory 0.0 0.0 adhesion 0.01 0.03 100.0 0.5"});
  char line[128];
  std::snprintf(line, sizeof line, "fix pull mover addforce %.17g 0.0 0.0", pull);
  s->commands("group mover id 2\nfix integrate mover nve/body\nfix drag mover viscous 80.0\ntimestep 0.0005\n");
  s->command(line);
  s->command("run 4000");
  return row(*s, "x", 2)[0] - 1.0;
}

}    // namespace

TEST(GranularAdhesion, PullingASphereOffASphereNeedsThePeakForce)
{
  // The peak force Y eps_c A = 50 pi/16 = 9.817477042468104 at dhat_p.
  // Pulled with 98 % of it, the sphere comes to rest where the adhesion
  // balances the pull, on the inner piece: 5000 A d = 0.98 * 50 A, d =
  // 0.98 dhat_p = 0.0098 (overdamped: after 2 time units the slow mode
  // exp(-15 t) has decayed to 1e-13; tolerance 1e-9). Pulled with 102 %,
  // nothing can hold it: it leaves the range dhat_a = 0.03 and drifts at
  // about 10 / 80 per time unit (measured: d = 0.0098 and 0.16; required
  // > 0.1).
  const double peak = 50.0 * kAreaSpheres;
  const double held = pulled_separation(0.98 * peak);
  const double freed = pulled_separation(1.02 * peak);
  if (body_dem_test::mpi_rank() == 0)
    std::printf("pull-off: d = %.12g at 98 %% of the peak, %.6g at 102 %%\n", held, freed);
  EXPECT_NEAR(held, 0.0098, 1e-9);
  EXPECT_GT(freed, 0.1);
}

TEST(GranularAdhesion, CubesWithinDhatAAttractAndStick)
{
  // Two free unit cubes (mass 1, rounded radius 0.1) at rest, face on face
  // with the gap d = 0.02 inside dhat_a = 0.05 (adhesion 0.02 0.05 200 0.5,
  // hooke k_n = 1e4 with damping mass_velocity 20): the adhesion pulls them
  // together (d = 0.02 is dhat_p, where the force is largest), they
  // bounce, the damping in overlap takes the energy at each impact, and
  // they come to rest in contact at d = 0, where the adhesion force ends
  // and the elastic one begins. After 8 time units measured: gap -4.6e-12,
  // relative speed 8e-10 (required: |gap| < 1e-6, speed < 1e-6; after 4
  // time units the bouncing had not yet died out: gap 1.2e-6, speed
  // 2.4e-5, with the pair's R_eff = 0.05 and so a quarter of the adhesion
  // area of the earlier per-kind R_eff = 0.1). The control: the same cubes
  // without adhesion do not move at all.
  auto run = [](const std::string &extra) {
    auto s = bodies_session("cubes_stick",
                            {body_dem_test::cube({0, 0, 0}, 1.0, 0.2), body_dem_test::cube({0, 0, 1.22}, 1.0, 0.2)},
                            {"* * hooke 10000.0 20.0 tangential linear_history 2000.0 1.0 0.5 damping mass_velocity" +
                             extra});
    s->commands("fix integrate all nve/body\ntimestep 0.001\nrun 8000\n");
    const Triple x1 = row(*s, "x", 1), x2 = row(*s, "x", 2), v1 = row(*s, "v", 1), v2 = row(*s, "v", 2);
    return std::array<double, 2>{x2[2] - x1[2] - 1.2, std::hypot(v2[0] - v1[0], v2[1] - v1[1], v2[2] - v1[2])};
  };
  const std::array<double, 2> stuck = run(" adhesion 0.02 0.05 200.0 0.5");
  const std::array<double, 2> control = run("");
  if (body_dem_test::mpi_rank() == 0)
    std::printf("cubes: gap %.6g, relative speed %.3g with adhesion; gap %.6g without\n", stuck[0], stuck[1],
                control[0]);
  EXPECT_NEAR(stuck[0], 0.0, 1e-6);    // attracted: the gap closed, at rest on the elastic force
  EXPECT_LT(stuck[1], 1e-6);           // together
  EXPECT_NEAR(control[0], 0.02, 1e-12);
  EXPECT_EQ(control[1], 0.0);
}

TEST(GranularAdhesion, TangentialAdhesionResistsSlidingUpToMuATimesTheNormalForceAndReleases)
{
  // Two spheres held at d = dhat_p = 0.01 (along z; neither is integrated),
  // sphere 2 given the velocity (1, 0, 0): the pair's y grows by v dt =
  // 1e-4 per step. The normal adhesion force is the peak lambda = 50 A =
  // 9.817477042468104; tangential_adhesion eps_a = 0.001, mu_a = 0.4:
  // the force on sphere 2 along x is -mu_a lambda f1(y), f1(y) =
  // (y/eps_a)(2 - y/eps_a), with lambda lagged by one step (0 at the first):
  //   after  5 steps: y = 0.0005, f1 = 0.75: -2.945243112740431
  //   after 10 steps: y = eps_a,  f1 = 1:    -3.9269908169872414 = -mu_a lambda (the largest)
  //   after 15 steps: y = 0.0015, f1 = 0.75: -2.945243112740431
  //   after 25 steps: y = 0.0025 > 2 eps_a: 0 (released)
  // Each `run` starts with a setup that must repeat the force of the last
  // step (no time passes). The normal force stays -lambda along z. The
  // work of the tangential adhesion, booked as dissipative (c_wp[2]), is
  // the trapezoidal sum of its power F_x(n) * 1 over the 25 steps,
  // computed below from the same formula (to round-off, 1e-12).
  const double lambda = 50.0 * kAreaSpheres, mu_a = 0.4, dt = 1e-4;
  PolyhedronBody b2 = body_dem_test::moving(body_dem_test::sphere({0, 0, 1.01}, 1.0), {1.0, 0, 0});
  auto s = bodies_session("tangential", {body_dem_test::sphere({0, 0, 0}, 1.0), b2},
                          {"* * " + kModel + " tangential_adhesion 0.001 0.4"});
  s->command("timestep 0.0001");
  auto f1 = [](double y) { return y < 0.002 ? (y / 0.001) * (2.0 - y / 0.001) : 0.0; };
  int done = 0;
  for (int steps : {5, 5, 5, 10}) {
    s->command("run " + std::to_string(steps));
    done += steps;
    SCOPED_TRACE(done);
    const Triple f = row(*s, "f", 2);
    EXPECT_NEAR(f[0], -mu_a * lambda * f1(done * dt), 1e-9);
    EXPECT_NEAR(f[2], -lambda, kTol);
  }
  double work = 0.0, previous = 0.0;
  for (int n = 1; n <= 25; ++n) {
    const double power = n == 1 ? 0.0 : -mu_a * lambda * f1(n * dt);
    work += 0.5 * dt * (previous + power);
    previous = power;
  }
  EXPECT_NEAR(s->compute_vector("wp", 1), work, 1e-12);
  EXPECT_LT(work, -1e-3);    // it resisted: -mu_a lambda 4 eps_a / 3 = -5.2e-3 in the limit dt -> 0
}

TEST(GranularAdhesion, TangentialAdhesionOfAWall)
{
  // The same on a floor: a sphere D = 1 at z = 0.51 (d = dhat_p; vertex on
  // the flat wall, R_eff = 0.5, lambda = 50 pi/4 = 39.269908169872416),
  // moving along +x at 1, not integrated: the wall holds it back with
  // -mu_a lambda f1(y), y growing by 1e-4 per step; the wall's state lives
  // per body and wall. After 10 steps (y = eps_a): -0.4 lambda =
  // -15.707963267948966; after 25: released, 0. The work goes to the
  // wall's first output (its damping, friction and tangential adhesion),
  // the trapezoidal sum of F_x(n) * 1 as above.
  const double lambda = 50.0 * M_PI / 4.0, mu_a = 0.4, dt = 1e-4;
  const std::string wall_model = kModel + " tangential_adhesion 0.001 0.4";
  auto s = bodies_session("wall_tangential", {body_dem_test::moving(body_dem_test::sphere({0, 0, 0.51}, 1.0), {1.0, 0, 0})},
                          {"* * " + kModel}, 1, "p p f");
  s->commands("fix w all wall/body/polyhedron/granular " + wall_model + " zplane 0.0 NULL\ntimestep 0.0001\n"
              "variable wall_work equal f_w[1]\n");
  auto f1 = [](double y) { return y < 0.002 ? (y / 0.001) * (2.0 - y / 0.001) : 0.0; };
  s->command("run 10");
  EXPECT_NEAR(row(*s, "f", 1)[0], -mu_a * lambda, 1e-9);
  EXPECT_NEAR(row(*s, "f", 1)[2], -lambda, kTol);
  s->command("run 15");
  EXPECT_NEAR(row(*s, "f", 1)[0], 0.0, 1e-9);
  double work = 0.0, previous = 0.0;
  for (int n = 1; n <= 25; ++n) {
    const double power = n == 1 ? 0.0 : -mu_a * lambda * f1(n * dt);
    work += 0.5 * dt * (previous + power);
    previous = power;
  }
  EXPECT_NEAR(s->variable("wall_work"), work, 1e-12);
  EXPECT_LT(work, -1e-2);
}

TEST(GranularAdhesion, TangentialAdhesionOfAWallIsInTheRestartFile)
{
  // The wall of the previous test after 10 steps (y = eps_a): the state
  // per body and wall goes into the restart file, and the wall fix
  // specified again with its ID finds y and the lagged lambda, so the
  // setup of `run 0` gives the same force -0.4 lambda (a lost state: 0).
  const double lambda = 50.0 * M_PI / 4.0, mu_a = 0.4;
  const std::string wall_model = kModel + " tangential_adhesion 0.001 0.4";
  const std::string restart = body_dem_test::work_dir() + "/gran_adhesion_wall.restart";
  {
    auto s = bodies_session("wall_restart", {body_dem_test::moving(body_dem_test::sphere({0, 0, 0.51}, 1.0), {1.0, 0, 0})},
                            {"* * " + kModel}, 1, "p p f");
    s->commands("fix w all wall/body/polyhedron/granular " + wall_model + " zplane 0.0 NULL\ntimestep 0.0001\nrun 10\n");
    EXPECT_NEAR(row(*s, "f", 1)[0], -mu_a * lambda, 1e-9);
    s->command("write_restart " + restart);
  }
  for (const std::string id : {"w", "other"}) {
    SCOPED_TRACE(id);
    LammpsSession r;
    r.load_plugin();
    r.commands("read_restart " + restart + "\ncomm_modify vel yes\npair_style body/rounded/polyhedron/granular 1.0 0.05\n"
               "pair_coeff * * " + kModel + "\nfix " + id + " all wall/body/polyhedron/granular " + wall_model +
               " zplane 0.0 NULL\nrun 0\n");
    // control: a wall under another ID starts without the state
    EXPECT_NEAR(row(r, "f", 1)[0], id == "w" ? -mu_a * lambda : 0.0, 1e-9);
  }
}

// ---------------------------------------------------------------------------
// Energy balance KE + PE - W_ja - W_diss - W_w (walls included) with
// adhesion only: the adhesion derives from the reported energy, so no
// work term is needed for it.

namespace {

// The energy balance of the 27 spheres of energy_balance_3d.h between six
// walls, with `model` for the pairs and the walls, at dt = 0.001 and
// 0.0005 over 4 time units; checks that the largest drift is below 6e-3
// (5e-4 of the kinetic energy 12.77) and falls like dt^2 (a ratio between
// 3 and 5.5; first order gives 2). Returns the coarse run.
body_dem_test::EnergyDrift expect_second_order_balance(const std::string &what, const std::string &model)
{
  const auto spheres = body_dem_test::polyhedron_gas_27(false);
  body_dem_test::EnergyDrift drift[2];
  for (int k = 0; k < 2; ++k)
    drift[k] = body_dem_test::polyhedron_energy_balance(spheres, "body/rounded/polyhedron/granular 1.0 0.05", model,
                                                        "wall/body/polyhedron/granular " + model, 0.001 / (k + 1),
                                                        4.0);
  const double ratio = drift[0].max_abs / drift[1].max_abs;
  if (body_dem_test::mpi_rank() == 0)
    std::printf("%s: largest drift %.4g at dt 0.001, %.4g at dt 0.0005 (ratio %.3g); work of j_a %.3g, of damping, "
                "friction and tangential adhesion %.4g, of the weights %.3g\n",
                what.c_str(), drift[0].max_abs, drift[1].max_abs, ratio, drift[0].work_ja, drift[0].work_diss,
                drift[0].work_weights);
  EXPECT_LT(drift[0].max_abs, 6e-3) << what;
  EXPECT_GT(ratio, 3.0) << what;
  EXPECT_LT(ratio, 5.5) << what;
  return drift[0];
}

const std::string kGasModel = "hooke 2000.0 0.0 tangential linear_nohistory 0.0 0.0 adhesion 0.02 0.05 20.0 0.5";

}    // namespace

TEST(GranularAdhesion, EnergyBalanceOfAdhesiveSpheresConvergesLikeDtSquared)
{
  // 27 spheres (D = 1, mass 1, kinetic energy 12.77) between six walls,
  // hooke k_n = 2000 without damping or friction (no j_a for spheres, no
  // damping work), adhesion 0.02 0.05 20 0.5 for the pairs and the walls
  // (a(0) A = -0.25 * 0.196 = -0.049 per pair: some pairs are captured
  // and oscillate, most part again). Sphere contacts keep R_eff and w = 1,
  // so only the integrator's error remains: the force has kinks (slope
  // jumps) at 0, dhat_p and dhat_a, which velocity Verlet passes with a
  // local error that still sums to O(dt^2). Measured largest drifts over
  // 4 time units: 3.07e-3 at dt = 0.001, 7.39e-4 at 0.0005 (ratio 4.15).
  // Damping, friction and j_a do no work here (exactly 0).
  const body_dem_test::EnergyDrift coarse = expect_second_order_balance("adhesive spheres", kGasModel);
  EXPECT_EQ(coarse.work_ja, 0.0);
  EXPECT_EQ(coarse.work_diss, 0.0);
}

TEST(GranularAdhesion, EnergyBalanceWithTangentialAdhesionConvergesLikeDtSquared)
{
  // The same spheres with tangential_adhesion 0.005 0.5 for the pairs and
  // the walls: its force does not derive from the energy (the lagged
  // lambda), so its work is booked with friction (W_diss) and the balance
  // KE + PE - W_diss must hold as before. Measured: largest drifts 1.98e-3
  // at dt = 0.001, 4.32e-4 at 0.0005 (ratio 4.58), W_diss = -0.0758 (the
  // tangential adhesion's work; nothing else dissipates here).
  const body_dem_test::EnergyDrift coarse = expect_second_order_balance(
      "adhesive spheres with tangential adhesion", kGasModel + " tangential_adhesion 0.005 0.5");
  EXPECT_LT(coarse.work_diss, 0.0);
}

// ---------------------------------------------------------------------------
// Restart with the state of the tangential adhesion (y, the lagged lambda)
// and the friction springs in the pair history.

namespace {

// Reads the restart of the example and specifies again what it specified.
std::vector<double> continue_example(const std::string &restart, const std::string &tangential_adhesion, int steps)
{
  LammpsSession s;
  s.load_plugin();
  s.command("read_restart " + restart);
  s.commands("comm_modify vel yes\npair_style body/rounded/polyhedron/granular 1.0 0.05\n"
             "pair_coeff * * hertz/material 1.0e4 5.0 0.3 tangential linear_history 2000.0 1.0 0.5 damping "
             "mass_velocity adhesion 0.02 0.05 200.0 0.5 " +
             tangential_adhesion +
             "\nneighbor 0.3 bin\nneigh_modify every 1 delay 0 check yes\ntimestep 0.001\n"
             "fix integrate all nve/body\n");
  s.command("run " + std::to_string(steps));
  return s.gather_by_id("x");
}

}    // namespace

TEST(GranularAdhesion, RestartContinuesTheSameTrajectory)
{
  // The example of adhesive cubes (clusters form with their friction
  // springs and tangential adhesion), 2000 steps, write_restart, 1000 more
  // steps, against the run continued from the restart file for 1000 steps.
  // Both continue with the setup of a new run. (A run without that setup
  // at step 2000 differs from both by 1.7e-5, and by 3.7e-6 without any
  // adhesion: the host's setup computes the velocity-dependent forces with
  // the full-step velocities, a step with the half-step ones. A
  // perturbation of 1e-14 grows to 1e-11 only over 3000 steps.) Measured:
  // no difference at all (0); tolerance 1e-9 as the heap's restart test
  // (round-off, were the summation order to change). Control: continued
  // without the tangential adhesion (mu_a = 0) the trajectory differs by
  // 0.032, so the state matters in this window.
  const std::string restart = body_dem_test::work_dir() + "/gran_adhesion.restart";
  std::vector<double> direct;
  {
    LammpsSession s;
    body_dem_test::run_example(s, "in.adhesive_cubes", {{"nsteps", "2000"}});
    s.command("write_restart " + restart);
    s.command("run 1000");
    direct = s.gather_by_id("x");
  }
  const std::vector<double> restarted = continue_example(restart, "tangential_adhesion 0.01 0.5", 1000);
  const std::vector<double> control = continue_example(restart, "tangential_adhesion 0.01 0.0", 1000);
  ASSERT_EQ(direct.size(), restarted.size());
  double largest = 0.0, lost = 0.0;
  for (size_t k = 0; k < direct.size(); ++k) {
    double d = restarted[k] - direct[k], c = control[k] - direct[k];
    d -= 8.0 * std::round(d / 8.0);    // periodic box of edge 8
    c -= 8.0 * std::round(c / 8.0);
    EXPECT_NEAR(d, 0.0, 1e-9) << "coordinate " << k;
    largest = std::max(largest, std::fabs(d));
    lost = std::max(lost, std::fabs(c));
  }
  if (body_dem_test::mpi_rank() == 0)
    std::printf("restart: largest difference %.3g; %.3g without the tangential adhesion\n", largest, lost);
  EXPECT_GT(lost, 1e-6);
}

// ---------------------------------------------------------------------------
// The layout of the pair history with tangential adhesion: xi (3 values),
// the record of the weighted contacts (weight_record_size(true)), then the state
// of the tangential adhesion (y, lambda_used, lambda_latest). When the
// host hands a pair's history to the other body's list (transfer_history),
// the vectors that belong to the pair as seen from one body (xi, y) change
// sign, the rest is copied. (The parallel and restart tests cannot see a
// wrong sign there: serial and parallel runs transfer alike.)
TEST(GranularAdhesion, PairHistoryTransferFlipsTheVectorsOnly)
{
  auto s = bodies_session("transfer", {body_dem_test::sphere({0, 0, 0}, 1.0), body_dem_test::sphere({0, 0, 1.01}, 1.0)},
                          {"* * " + kModel + " tangential_adhesion 0.001 0.4"});
  s->command("run 0");
  // the record always has the room of the per-contact springs (weight_record_size(true))
  constexpr int kRecord = body_dem::weight_record_size(true);
  constexpr int kSize = 3 + kRecord + body_dem::kTangentialAdhesionValues;
  std::vector<double> source(kSize), target(kSize, 0.0);
  for (int k = 0; k < kSize; ++k) source[k] = k + 1.0;
  LAMMPS_NS::host::transfer_history(s->lmp->force->pair, source.data(), target.data());
  const int own = 3 + kRecord;
  for (int k = 0; k < kSize; ++k) {
    const bool vector = k < 3 || (k >= own && k < own + 3);
    EXPECT_EQ(target[k], vector ? -source[k] : source[k]) << "value " << k;
  }
}
