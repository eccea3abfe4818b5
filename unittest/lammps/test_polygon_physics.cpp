// Physics a user can check by hand (TESTING.md layer 4) for
// pair_style body/rounded/polygon and fix wall/body/polygon: a square on
// an incline sticks or slides by tan(theta) against mu, a packing with
// history comes to rest, the energy balance drifts like dt^2, and a
// restart with history continues the same trajectory.
#include "body_data.h"
#include "lammps_session.h"
#include "pair_style_bodies.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

using body_dem_test::LammpsSession;

namespace {

const double kMu = 0.5;

// One unit square (mass 1, rounded diameter 0.1) resting on a floor wall at
// y = 0; gravity g = 1 first straight down, then tilted by theta, which is
// an incline of angle theta. Returns the distance the square moved along
// the floor during the last `measure_steps` steps (time step 0.0005).
double incline_displacement(double tan_theta, bool history, int measure_steps, double *speed = nullptr)
{
  const double side = 1.0, rounding = 0.1;
  body_dem_test::PolygonBody sq = body_dem_test::square(0.0, 0.5 * side + 0.5 * rounding, side, 0.0, rounding);
  body_dem_test::Box2d box;
  box.xlo = -50;
  box.xhi = 50;
  box.ylo = 0;
  box.yhi = 5;
  body_dem_test::write_polygon_data("incline.data", {sq}, box);

  LammpsSession s;
  s.load_plugin();
  s.commands("units lj\ndimension 2\nboundary p f p\natom_style body rounded/polygon 1 4\n"
             "atom_modify map array\ncomm_modify vel yes\nnewton on\nread_data incline.data\n");
  s.command("pair_style body/rounded/polygon 5.0 5.0 " + std::to_string(kMu) + " 1.0 0.0" +
            (history ? " history" : ""));
  s.commands("pair_coeff * * 1000.0 0.0\n"
             "fix floor all wall/body/polygon 1000.0 5.0 5.0 yplane 0.0 NULL\n"
             "timestep 0.0005\n"
             "fix integrate all nve/body\nfix plane all enforce2d\n"
             "fix down all gravity 1.0 vector 0 -1 0\n"
             "run 4000\n"
             "unfix down\n");
  const double theta = std::atan(tan_theta);
  s.command("fix tilted all gravity 1.0 vector " + std::to_string(std::sin(theta)) + " " +
            std::to_string(-std::cos(theta)) + " 0");
  // Let the elastic deflection of the spring settle before measuring.
  s.command("run 4000");
  const double x0 = s.gather_by_id("x")[0];
  s.command("run " + std::to_string(measure_steps));
  const double x1 = s.gather_by_id("x")[0];
  if (speed) *speed = s.gather_by_id("v")[0];
  return x1 - x0;
}

}    // namespace

TEST(PolygonPhysics, SquareOnInclineSticksBelowFrictionAngleWithHistory)
{
  // tan(theta) = 0.8 mu: the friction spring holds the square. After the
  // elastic deflection (about m g sin(theta) / k_t ~ 1e-3), the square
  // must not move: over 20000 steps (10 time units) less than 1e-6, where
  // sliding would move it by g (sin - mu cos) t^2/2 > 0.05 even at the
  // threshold's 10 %.
  const double moved = incline_displacement(0.8 * kMu, true, 20000);
  EXPECT_LT(std::fabs(moved), 1e-6);
}

TEST(PolygonPhysics, SquareOnInclineSlidesAboveFrictionAngleWithHistory)
{
  // tan(theta) = 1.2 mu = 0.6: sin = 0.514496, cos = 0.857493. The spring
  // is capped at mu N = mu m g cos, and the tangential damping c_t v at the
  // two corner contacts brakes the sliding, so the square reaches the
  // terminal speed v = g (sin - mu cos) / (2 c_t / m) = 0.0857495 / 10 =
  // 0.00857495. Tolerance 1 %: the speed is reached after about
  // m / (2 c_t) = 0.1 time units, long before the measurement.
  double speed = 0.0;
  const double moved = incline_displacement(1.2 * kMu, true, 20000, &speed);
  EXPECT_NEAR(speed, 0.00857495, 0.01 * 0.00857495);
  EXPECT_NEAR(moved, 10.0 * 0.00857495, 0.01 * 10.0 * 0.00857495);
}

TEST(PolygonPhysics, SquareOnInclineCreepsWithoutHistory)
{
  // Without history the friction force is capped by c_t |v_t| and vanishes
  // at rest: the square creeps down an incline with tan(theta) = 0.8 mu =
  // 0.4 (sin = 0.371391), at the speed where the capped friction at the
  // deepest contact (c_t v, below mu k_n |delta_n|) and the damping at both
  // corner contacts (2 c_t v) balance m g sin: v = 0.371391 / (3 c_t) =
  // 0.0247594. Tolerance 1 % as above.
  double speed = 0.0;
  const double moved = incline_displacement(0.8 * kMu, false, 20000, &speed);
  EXPECT_NEAR(speed, 0.0247594, 0.01 * 0.0247594);
  EXPECT_NEAR(moved, 10.0 * 0.0247594, 0.01 * 10.0 * 0.0247594);
}

namespace {

// The incline above with the pair style instead of the wall: the unit
// square rests on a fixed square of side 4 (not integrated, no gravity),
// both with rounded diameter 0.1; `pair_args` follow the pair style's
// c_n c_t mu delta_ua cutoff. With contacts weighted and history (friction
// contact) each of the square's two lower corners keeps its spring in the
// pair's weight record (one per weighted candidate, issue 29).
double incline_on_body_displacement(double tan_theta, const std::string &pair_args, int measure_steps,
                                    double *speed = nullptr)
{
  const double rounding = 0.1;
  body_dem_test::PolygonBody base = body_dem_test::square(0.0, -2.0, 4.0, 0.0, rounding);
  body_dem_test::PolygonBody sq = body_dem_test::square(0.0, 0.5 + rounding, 1.0, 0.0, rounding);
  body_dem_test::Box2d box;
  box.xlo = -50;
  box.xhi = 50;
  box.ylo = -5;
  box.yhi = 5;
  body_dem_test::write_polygon_data("incline_on_body.data", {base, sq}, box);

  LammpsSession s;
  s.load_plugin();
  s.commands("units lj\ndimension 2\nboundary p f p\natom_style body rounded/polygon 1 4\n"
             "atom_modify map array\ncomm_modify vel yes\nnewton on\nread_data incline_on_body.data\n");
  s.command("pair_style body/rounded/polygon 5.0 5.0 " + std::to_string(kMu) + " 1.0 0.0 " + pair_args);
  s.commands("pair_coeff * * 1000.0 0.0\n"
             "group top id 2\n"
             "neighbor 0.3 bin\nneigh_modify every 1 delay 0 check yes\n"
             "timestep 0.0005\n"
             "fix integrate top nve/body\nfix plane all enforce2d\n"
             "fix down top gravity 1.0 vector 0 -1 0\n"
             "run 4000\n"
             "unfix down\n");
  const double theta = std::atan(tan_theta);
  s.command("fix tilted top gravity 1.0 vector " + std::to_string(std::sin(theta)) + " " +
            std::to_string(-std::cos(theta)) + " 0");
  s.command("run 4000");
  const double x0 = s.gather_by_id("x")[3];
  s.command("run " + std::to_string(measure_steps));
  const double x1 = s.gather_by_id("x")[3];
  if (speed) *speed = s.gather_by_id("v")[3];
  return x1 - x0;
}

}    // namespace

// As SquareOnIncline...WithHistory, on a body: the springs per weighted
// candidate hold the square below the friction angle (moved < 1e-6 over
// 10 time units), and above it the square slides at the terminal speed of
// the wall case, g (sin - mu cos) m / (2 c_t) = 0.00857495 (its two lower
// corners are the only candidates, each of weight 1 with its damping c_t).
TEST(PolygonPhysics, SquareOnBodyInclineWithWeightedContactsAndSpringsPerContact)
{
  for (const std::string rule : {"contacts weighted", "contacts farthest"}) {
    SCOPED_TRACE(rule);
    EXPECT_LT(std::fabs(incline_on_body_displacement(0.8 * kMu, "history " + rule, 20000)), 1e-6);
    double speed = 0.0;
    const double moved = incline_on_body_displacement(1.2 * kMu, "history friction contact " + rule, 20000, &speed);
    std::printf("[ incline ] %s: sliding speed %.8f, moved %.6f\n", rule.c_str(), speed, moved);
    EXPECT_NEAR(speed, 0.00857495, 0.01 * 0.00857495);
    EXPECT_NEAR(moved, 10.0 * 0.00857495, 0.01 * 10.0 * 0.00857495);
  }
}

TEST(PolygonPhysics, PackingWithHistoryComesToRest)
{
  // The package's 2d pour example (80 squares and pentagons): the kinetic
  // energy (translation and rotation) peaks near 100 while the bodies fall
  // and must end below 1e-4 (one millionth of the peak) after 40000 steps.
  LammpsSession s;
  body_dem_test::run_example(s, "in.polygon_pour", {{"nsteps", "40000"}});
  EXPECT_LT(s.variable("ke"), 1e-4);
  EXPECT_GT(s.variable("ke"), 0.0);
}

// The pour example with its walls (80 squares and pentagons, damping,
// friction springs, gravity): the energy balance KE + PE (gravity's
// included) - W_ja - W_diss - W_weights - the walls' work, over the 10
// time units in which the bodies fall and settle (about 230 of the 415
// energy units are dissipated). Measured: 0.024 % of the dissipated work
// at dt 5e-4, 0.0066 % at 2.5e-4 (the same over 30 time units: the drift
// comes with the impacts). Bound: below 0.1 %
// (the issue's bar) at the example's dt, and falling by more than 2 when
// dt halves (second order gives 4).
TEST(PolygonPhysics, PourExampleWithWallsBalancesItsEnergy)
{
  auto drift_over_dissipation = [](double dt) {
    LammpsSession s;
    body_dem_test::run_example(s, "in.polygon_pour", {{"nsteps", "0"}});
    s.commands("fix_modify gravity energy yes\n"
               "compute wp all pair body/rounded/polygon\n"
               "variable work equal c_wp[1]+c_wp[2]+c_wp[3]+f_floor[1]+f_floor[2]+f_sides[1]+f_sides[2]\n"
               "variable ebal equal v_ke+pe-v_work\n"
               "variable diss equal c_wp[2]+f_floor[1]+f_sides[1]\n"
               "thermo_style custom step v_ke pe v_ebal v_diss\n"
               "thermo_modify norm no\n"    // pe summed over the atoms, as v_ke (thermo_style resets it)
               "timestep " + std::to_string(dt) + "\nrun 0\n");
    const double start = s.variable("ebal");
    s.command("run " + std::to_string(static_cast<int>(std::lround(10.0 / dt))));
    const double diss = s.variable("diss");
    EXPECT_LT(diss, -100.0);    // the bodies fell and settled
    return std::abs(s.variable("ebal") - start) / std::abs(diss);
  };
  const double coarse = drift_over_dissipation(0.0005), fine = drift_over_dissipation(0.00025);
  std::printf("pour example: |drift| / |dissipated| = %.3g (dt 5e-4), %.3g (dt 2.5e-4)\n", coarse, fine);
  EXPECT_LT(coarse, 1e-3);
  EXPECT_LT(fine, 0.5 * coarse);
}

namespace {

// Energy balance KE (translation and rotation) + PE - W_ja - W_diss at the
// end of a run of `time` time units with step dt, minus its initial value.
// `bodies`: the configuration; the pair style line is given.
// weight_work: also minus the work of the contact weights, c_wp[3] (only
// styles that keep a weight record: `contacts weighted`).
double energy_balance_drift(const std::vector<body_dem_test::PolygonBody> &bodies, const std::string &pair_style,
                            double dt, double time, double *work_ja = nullptr, double *work_diss = nullptr,
                            bool weight_work = false, int max_vertices = 8, double *largest_drift = nullptr)
{
  body_dem_test::Box2d box;
  box.xlo = box.ylo = -6;
  box.xhi = box.yhi = 6;
  body_dem_test::write_polygon_data("ebal.data", bodies, box);
  LammpsSession s;
  s.load_plugin();
  s.commands(body_dem_test::polygon_setup_commands("ebal.data", max_vertices));
  s.command("pair_style " + pair_style);
  s.commands("pair_coeff * * 200.0 4.0\n"
             "neighbor 0.3 bin\nneigh_modify every 1 delay 0 check yes\n"
             "fix integrate all nve/body\nfix plane all enforce2d\n"
             "compute wp all pair body/rounded/polygon\n"
             "compute tb all temp/body\ncompute_modify tb extra/dof 0\ncompute pe all pe\n"
             "variable ebal equal c_tb*3*count(all)/2+c_pe-c_wp[1]-c_wp[2]" +
             std::string(weight_work ? "-c_wp[3]" : "") +
             "\n"
             "thermo_style custom step v_ebal\n");
  s.command("timestep " + std::to_string(dt));
  s.command("run 0");
  const double start = s.variable("ebal");
  if (largest_drift) {
    // the largest |drift| over the run, sampled 40 times
    *largest_drift = 0.0;
    const int total = static_cast<int>(std::lround(time / dt));
    for (int k = 0; k < 40; ++k) {
      s.command("run " + std::to_string(total / 40) + " pre no post no");
      *largest_drift = std::fmax(*largest_drift, std::fabs(s.variable("ebal") - start));
    }
  } else {
    s.command("run " + std::to_string(static_cast<int>(std::lround(time / dt))));
  }
  if (work_ja) *work_ja = s.compute_vector("wp", 0);
  if (work_diss) *work_diss = s.compute_vector("wp", 1);
  return s.variable("ebal") - start;
}

// 36 disks of diameter 1 on a grid in a periodic 12 x 12 box, with
// velocities of order 1 (deterministic): many collisions with damping,
// friction and cohesion, and never a change of the kind of contact.
std::vector<body_dem_test::PolygonBody> disk_gas()
{
  std::vector<body_dem_test::PolygonBody> bodies;
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) {
      body_dem_test::PolygonBody b = body_dem_test::disk(-5 + 2 * i, -5 + 2 * j, 1.0);
      b.vx = std::sin(1.7 * i + 3.1 * j);
      b.vy = std::cos(2.3 * i - 1.3 * j);
      b.wz = std::sin(0.7 * i * j);
      bodies.push_back(b);
    }
  return bodies;
}

// Two aligned squares pressed face on, without rotation: two
// vertex-vertex contacts a contact length L = 1 apart all along, so that
// j_a = L / (2 delta_ua) = 2 scales the cohesion (delta_ua = 0.25). They
// start at rest at delta_n = -0.008, below the equilibrium overlap
// -j_a k_na r_c / (k_n + j_a k_na) = -0.0038 (k_n = 200, k_na = 4,
// r_c = 0.1), and oscillate (damped) without separating: the force law has
// a step of (j_a - 1) k_na r_c at delta_n = 0, where the time integration of
// any quantity is only first order, so the test stays in overlap.
std::vector<body_dem_test::PolygonBody> squares_face_on()
{
  const double half_distance = 0.5 * (1.0 + 0.2 - 0.008);
  body_dem_test::PolygonBody a = body_dem_test::square(-half_distance, 0.0, 1.0, 0.0, 0.2);
  body_dem_test::PolygonBody b = body_dem_test::square(half_distance, 0.0, 1.0, 0.0, 0.2);
  return {a, b};
}

void expect_second_order_drift(const std::vector<body_dem_test::PolygonBody> &bodies,
                               const std::string &pair_style, double dt, double time)
{
  const double coarse = energy_balance_drift(bodies, pair_style, dt, time);
  const double fine = energy_balance_drift(bodies, pair_style, dt / 2, time);
  // Velocity Verlet and the trapezoidal rule for the work are second
  // order: halving dt divides the drift by 4. Accept 3 to 5.5 (higher
  // order terms and round-off of the sums); the drift must also be small.
  EXPECT_GT(std::fabs(coarse), 1e-12);
  const double ratio = coarse / fine;
  EXPECT_GT(ratio, 3.0) << "drift " << coarse << " at dt, " << fine << " at dt/2";
  EXPECT_LT(ratio, 5.5) << "drift " << coarse << " at dt, " << fine << " at dt/2";
}

// Issue 29: 36 squares (side 0.9) and pentagons (circumradius 0.55), all
// with rounded diameter 0.2, on a grid in a periodic 12 x 12 box, turned
// and moving with deterministic angles and velocities of order 1.
std::vector<body_dem_test::PolygonBody> square_pentagon_gas()
{
  std::vector<body_dem_test::PolygonBody> bodies;
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) {
      const double angle = 0.37 * i + 0.91 * j;
      body_dem_test::PolygonBody b = (i + j) % 2 == 0
          ? body_dem_test::square(-5 + 2 * i, -5 + 2 * j, 0.9, angle, 0.2)
          : body_dem_test::regular_polygon(5, -5 + 2 * i, -5 + 2 * j, 0.55, angle, 0.2);
      b.vx = std::sin(1.7 * i + 3.1 * j);
      b.vy = std::cos(2.3 * i - 1.3 * j);
      b.wz = std::sin(0.7 * i * j);
      bodies.push_back(b);
    }
  return bodies;
}

// Convex hull of `count` random points (a fixed linear congruential
// sequence from `seed`) at radii r_min-0.5 from the centre in random
// directions: on a thin ring most points are on the hull, many of its
// edges short and nearly collinear with their neighbours, as users make
// grains. Returns the hull's vertices about its centroid, counter-
// clockwise (Andrew's monotone chain).
std::vector<std::array<double, 2>> random_hull(unsigned seed, int count, double r_min = 0.4)
{
  unsigned state = seed * 2654435761u + 12345u;
  auto next = [&state] {
    state = state * 1664525u + 1013904223u;
    return (state >> 8) / 16777216.0;
  };
  std::vector<std::array<double, 2>> p;
  for (int k = 0; k < count; ++k) {
    const double a = 2.0 * M_PI * next(), r = r_min + (0.5 - r_min) * next();
    p.push_back({r * std::cos(a), r * std::sin(a)});
  }
  std::sort(p.begin(), p.end());
  auto cross = [](const std::array<double, 2> &o, const std::array<double, 2> &a, const std::array<double, 2> &b) {
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  };
  std::vector<std::array<double, 2>> hull(2 * p.size());
  size_t k = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && cross(hull[k - 2], hull[k - 1], p[i]) <= 1e-9) --k;
    hull[k++] = p[i];
  }
  for (size_t i = p.size() - 1, t = k + 1; i > 0; --i) {
    while (k >= t && cross(hull[k - 2], hull[k - 1], p[i - 1]) <= 1e-9) --k;
    hull[k++] = p[i - 1];
  }
  hull.resize(k - 1);
  // centroid of the polygon's area
  double area = 0.0, cx = 0.0, cy = 0.0;
  for (size_t i = 0; i < hull.size(); ++i) {
    const auto &a = hull[i], &b = hull[(i + 1) % hull.size()];
    const double c = a[0] * b[1] - b[0] * a[1];
    area += c;
    cx += (a[0] + b[0]) * c;
    cy += (a[1] + b[1]) * c;
  }
  cx /= 3.0 * area;
  cy /= 3.0 * area;
  for (auto &v : hull) v = {v[0] - cx, v[1] - cy};
  return hull;
}

// 36 hull polygons of 10 to 30 vertices (issue 29), rounded diameter
// 0.1, on the grid of square_pentagon_gas with its velocities. Body b
// (0..35) has n_b = 10 + round(20 b / 35) vertices (10, 11, 11, 12, ...,
// 29, 30): the hull of n_b + 3 points on the ring 0.49-0.5, from the first
// of the seeds b + 1, b + 37, b + 73, ... whose hull has exactly n_b (a
// few tries each). Its edges range from about 0.01 to 0.25 (a 30-gon).
std::vector<body_dem_test::PolygonBody> hull_gas(int *fewest = nullptr, int *most = nullptr)
{
  std::vector<body_dem_test::PolygonBody> bodies;
  if (fewest) *fewest = 1000;
  if (most) *most = 0;
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) {
      body_dem_test::PolygonBody b;
      b.x = -5 + 2 * i;
      b.y = -5 + 2 * j;
      const int index = 6 * i + j;
      const int wanted = 10 + static_cast<int>(std::lround(20.0 * index / 35.0));
      for (unsigned seed = index + 1;; seed += 36) {
        b.vertices = random_hull(seed, wanted + 3, 0.49);
        if (static_cast<int>(b.vertices.size()) == wanted) break;
      }
      b.rounded_diameter = 0.1;
      b.vx = std::sin(1.7 * i + 3.1 * j);
      b.vy = std::cos(2.3 * i - 1.3 * j);
      b.wz = std::sin(0.7 * i * j);
      const int n = static_cast<int>(b.vertices.size());
      if (fewest) *fewest = std::min(*fewest, n);
      if (most) *most = std::max(*most, n);
      bodies.push_back(b);
    }
  return bodies;
}

// Largest drift over a run of t = 4 at dt = 0.002, 0.001, 0.0005 of the
// balance KE + PE - W_ja - W_diss - W_w (contacts weighted, the default).
struct DriftSeries {
  double largest[3];
};
double balance_time()
{
  const char *t = std::getenv("BODY_DEM_BALANCE_TIME");
  return t ? std::atof(t) : 4.0;
}
DriftSeries weighted_drifts(const std::vector<body_dem_test::PolygonBody> &bodies, const std::string &pair_style,
                            int max_vertices)
{
  DriftSeries out;
  const double dts[3] = {0.002, 0.001, 0.0005};
  for (int k = 0; k < 3; ++k)
    energy_balance_drift(bodies, pair_style, dts[k], balance_time(), nullptr, nullptr, true, max_vertices,
                         &out.largest[k]);
  return out;
}

}    // namespace

// Without damping and friction the balance of a gas of squares and
// pentagons must converge as dt falls. With the seed's rule (contacts
// farthest) it does not: contacts that receive forces switch with full
// force. With contacts weighted and the work of the weights booked it
// does. Measured (t = 4; dt = 0.002, 0.001, 0.0005): farthest 4.08,
// 3.12, 2.84 (of a total energy of about 40: no convergence); weighted,
// with W_w booked, 3.4e-3, -9.3e-4, 2.1e-4 (ratios 3.7 and 4.3: second
// order). Expected: the weighted drift at least halves with dt (the
// second-order ratio 4 less the scatter of a gas with many collisions),
// and the seed's rule keeps a drift of order 1 (the discontinuity).
TEST(PolygonPhysics, IssueTwentyNineSquarePentagonGasBalance)
{
  const std::string weighted = "body/rounded/polygon 0.0 0.0 0.0 1.0 0.0 contacts weighted";
  // the seed's rule, given since the default became weighted
  const std::string farthest = "body/rounded/polygon 0.0 0.0 0.0 1.0 0.0 contacts farthest";
  double drift_w[3], drift_f[3];
  const double dts[3] = {0.002, 0.001, 0.0005};
  for (int k = 0; k < 3; ++k) {
    drift_w[k] = energy_balance_drift(square_pentagon_gas(), weighted, dts[k], 4.0, nullptr, nullptr, true);
    drift_f[k] = energy_balance_drift(square_pentagon_gas(), farthest, dts[k], 4.0);
  }
  std::printf("[ drift  ] square/pentagon gas, dt = 0.002 0.001 0.0005: farthest %.3e %.3e %.3e, "
              "weighted (W_w booked) %.3e %.3e %.3e\n",
              drift_f[0], drift_f[1], drift_f[2], drift_w[0], drift_w[1], drift_w[2]);
  for (int k = 1; k < 3; ++k) EXPECT_LT(std::fabs(drift_w[k]), 0.5 * std::fabs(drift_w[k - 1]));
  EXPECT_GT(std::fabs(drift_f[2]), 0.5);
}

TEST(PolygonPhysics, EnergyBalanceDriftFallsLikeDtSquaredDisks)
{
  // damping, friction (no history) and cohesion with cutoff 0.05
  double work_diss = 0.0;
  energy_balance_drift(disk_gas(), "body/rounded/polygon 2.0 2.0 0.3 1.0 0.05", 0.002, 4.0, nullptr, &work_diss);
  EXPECT_LT(work_diss, -1.0);    // the run dissipates: the test is not empty
  expect_second_order_drift(disk_gas(), "body/rounded/polygon 2.0 2.0 0.3 1.0 0.05", 0.002, 4.0);
}

TEST(PolygonPhysics, EnergyBalanceDriftFallsLikeDtSquaredDisksWithHistory)
{
  expect_second_order_drift(disk_gas(), "body/rounded/polygon 2.0 2.0 0.3 1.0 0.05 history", 0.002, 4.0);
}

TEST(PolygonPhysics, EnergyBalanceDriftFallsLikeDtSquaredWithJaScaling)
{
  double work_ja = 0.0;
  energy_balance_drift(squares_face_on(), "body/rounded/polygon 1.0 1.0 0.3 0.25 0.1", 0.002, 2.0, &work_ja);
  EXPECT_GT(std::fabs(work_ja), 1e-3);    // the j_a scaling did work
  expect_second_order_drift(squares_face_on(), "body/rounded/polygon 1.0 1.0 0.3 0.25 0.1", 0.002, 2.0);
}

TEST(PolygonPhysics, RestartWithHistoryContinuesTheSameTrajectory)
{
  // The pour example for 6000 steps (bodies falling and colliding, many
  // contacts with history), then 1000 steps more: once uninterrupted and
  // once through write_restart / read_restart with the pair style and the
  // walls specified again. The restart file carries positions, velocities,
  // the pair history (NEIGH_HISTORY) and the walls' per-atom springs.
  std::vector<double> direct;
  {
    LammpsSession s;
    body_dem_test::run_example(s, "in.polygon_pour", {{"nsteps", "6000"}});
    s.command("write_restart " + body_dem_test::work_dir() + "/pour.restart");
    s.command("run 1000");
    direct = s.gather_by_id("x");
  }
  LammpsSession s;
  s.load_plugin();
  s.command("read_restart " + body_dem_test::work_dir() + "/pour.restart");
  s.commands(
             "comm_modify vel yes\n"
             "pair_style body/rounded/polygon 5.0 5.0 0.5 1.0 0.0 history\n"
             "pair_coeff * * 1000.0 0.0\n"
             "fix floor all wall/body/polygon 1000.0 5.0 5.0 yplane 0.0 NULL\n"
             "fix sides all wall/body/polygon 1000.0 5.0 5.0 xplane -8.0 8.0\n"
             "neighbor 0.3 bin\nneigh_modify every 1 delay 0 check yes\n"
             "timestep 0.0005\n"
             "fix integrate all nve/body\n"
             "fix gravity all gravity 1.0 vector 0 -1 0\n"
             "fix plane all enforce2d\n"
             "run 1000\n");
  const std::vector<double> restarted = s.gather_by_id("x");
  ASSERT_EQ(direct.size(), restarted.size());
  // The same operations on the same numbers: equal up to the order of
  // force sums after the neighbor lists are rebuilt (round-off, 1e-16,
  // grown by the collisions over 1000 steps); a lost spring would change
  // positions by the spring's deflection, 1e-3 and more.
  for (size_t k = 0; k < direct.size(); ++k) EXPECT_NEAR(restarted[k], direct[k], 1e-9) << "coordinate " << k;
}

namespace {

// The disk gas of the energy-balance example between two flat walls at
// x = -8 and 8, one pair of walls wiggling along x (amplitude 0.3, period
// 0.5): the balance includes the walls' elastic energy (fix_modify energy
// yes), the work of their damping and friction (f_walls[1]) and the work
// their motion does (f_walls[2]).
double wall_balance_drift(double dt, bool wiggle, double *motion_work)
{
  LammpsSession s;
  s.load_plugin();
  s.commands("units lj\ndimension 2\nboundary f p p\natom_style body rounded/polygon 1 4\n"
             "atom_modify map array\ncomm_modify vel yes\nnewton on\n");
  s.command("read_data " + body_dem_test::source_dir() + "/examples/body/data.disk_gas");
  s.commands("pair_style body/rounded/polygon 2.0 2.0 0.3 1.0 0.05\npair_coeff * * 200.0 2.0\n");
  s.command(std::string("fix walls all wall/body/polygon 200.0 2.0 2.0 xplane -8.0 8.0") +
            (wiggle ? " wiggle x 0.3 0.5" : ""));
  s.commands("fix_modify walls energy yes\nneighbor 0.3 bin\nneigh_modify every 1 delay 0 check yes\n"
             "fix integrate all nve/body\nfix plane all enforce2d\n"
             "compute wp all pair body/rounded/polygon\ncompute tb all temp/body\n"
             "compute_modify tb extra/dof 0\ncompute pe all pe\n"
             "variable ebal equal c_tb*3*count(all)/2+c_pe-c_wp[1]-c_wp[2]-f_walls[1]-f_walls[2]\n"
             "variable wmotion equal f_walls[2]\n"
             "thermo_style custom step v_ebal v_wmotion\n");
  s.command("timestep " + std::to_string(dt));
  s.command("run 0");
  const double start = s.variable("ebal");
  s.command("run " + std::to_string(static_cast<int>(std::lround(4.0 / dt))));
  if (motion_work) *motion_work = s.variable("wmotion");
  return s.variable("ebal") - start;
}

}    // namespace

TEST(PolygonPhysics, WallEnergyBalanceConverges)
{
  // Measured: still walls -1.8e-3, -4.6e-4 (ratio 3.9); wiggling walls
  // -1.1e-2, -3.2e-3 (ratio 3.3) for dt = 0.002, 0.001. The normal damping
  // switches on with a step when a contact forms (delta_n = 0), where the
  // integration is locally first order, so the ratio stays a bit below 4:
  // require more than 2.5 per halving and a drift below 2e-2.
  for (bool wiggle : {false, true}) {
    double motion = 0.0;
    const double coarse = wall_balance_drift(0.002, wiggle, &motion);
    const double fine = wall_balance_drift(0.001, wiggle, nullptr);
    EXPECT_LT(std::fabs(coarse), 2e-2) << (wiggle ? "wiggling" : "still");
    EXPECT_GT(std::fabs(coarse / fine), 2.5) << (wiggle ? "wiggling" : "still") << ": " << coarse << " " << fine;
    if (wiggle)
      EXPECT_GT(std::fabs(motion), 0.1);    // the moving walls did work
    else
      EXPECT_EQ(motion, 0.0);
  }
}

namespace {

// Force on the second of two disks sliding past each other with the
// history spring, after `steps` steps, reneighboring every `every` steps
// (0: never).
std::vector<double> sliding_disks_force(int every, int steps)
{
  body_dem_test::PolygonBody a = body_dem_test::disk(-0.49, 0.0, 1.0);
  body_dem_test::PolygonBody b = body_dem_test::disk(0.49, 0.0, 1.0);
  b.vx = -0.1;
  b.vy = 0.5;
  body_dem_test::write_polygon_data("sliding_disks.data", {a, b}, body_dem_test::Box2d{});
  LammpsSession s;
  s.load_plugin();
  s.commands(body_dem_test::polygon_setup_commands("sliding_disks.data"));
  s.commands("pair_style body/rounded/polygon 1.0 1.0 0.1 1.0 0.0 history\npair_coeff * * 1000.0 0.0 3000.0\n"
             "timestep 0.001\nfix integrate all nve\n");
  if (every > 0)
    s.command("neigh_modify every " + std::to_string(every) + " delay 0 check no");
  else
    s.command("neigh_modify every 1000 delay 1000 check no");
  s.command("run " + std::to_string(steps));
  return s.gather_by_id("f");
}

}    // namespace

TEST(PolygonPhysics, HistorySurvivesReneighboring)
{
  // The friction spring of a sliding pair must be the same whether or not
  // the neighbor lists were rebuilt in between (the history fix carries it
  // over). Reneighboring every 5 steps: the same arithmetic, the same
  // numbers, at rebuild steps (10, 15) and between them (12).
  for (int steps : {10, 12, 15}) {
    const std::vector<double> rebuilt = sliding_disks_force(5, steps);
    const std::vector<double> kept = sliding_disks_force(0, steps);
    for (size_t k = 0; k < kept.size(); ++k) EXPECT_DOUBLE_EQ(rebuilt[k], kept[k]) << "step " << steps << " value " << k;
  }
}

TEST(PolygonPhysics, WorkIsNotAccumulatedDuringMinimization)
{
  // Two overlapping squares with damping, friction and cohesion scaled by
  // j_a = 2 (delta_ua = 0.25): an energy minimization moves them apart but
  // is no time integration, so both work quantities must stay exactly 0;
  // a following run accumulates them again (the j_a part is nonzero while
  // the squares, still in contact, move).
  body_dem_test::PolygonBody a = body_dem_test::square(-0.58, 0.0, 1.0, 0.0, 0.2);
  body_dem_test::PolygonBody b = body_dem_test::square(0.58, 0.0, 1.0, 0.0, 0.2);
  b.vx = -0.5;
  const auto s = body_dem_test::pair_style_session(body_dem_test::polygon_bodies_setup("minimize.data", {a, b}),
                                                   "body/rounded/polygon 1.0 1.0 0.3 0.25 0.1", {"* * 200.0 4.0"});
  s->command("minimize 0.0 1e-8 100 1000");
  EXPECT_EQ(s->compute_vector("wp", 0), 0.0);
  EXPECT_EQ(s->compute_vector("wp", 1), 0.0);
  s->commands("fix integrate all nve/body\nfix plane all enforce2d\ntimestep 0.001\nvelocity all set 0.3 0 0\n"
              "run 200\n");
  EXPECT_NE(s->compute_vector("wp", 1), 0.0);
}

// Issue 29, energy balance with the default rule (contacts weighted): the
// largest |KE + PE - W_ja - W_diss - W_w - its start| over t = 4 (sampled
// 40 times) must fall like dt^2. Nearly elastic (c_n = c_t = 0.2: a
// restitution near 1 at these stiffnesses), delta_ua = 1 (j_a = 1 for
// these sizes: no jump of the law at delta_n = 0), with cohesion (k_na =
// 4, r_c = 0.05); without history frictionless (mu = 0), with history
// mu = 0.3 and a spring per weighted candidate (friction contact), whose
// work is in W_diss. Measured (largest drift at dt = 0.002, 0.001,
// 0.0005; total energy about 40):
//   squares+pentagons, no history: 1.5e-3, 3.9e-4, 1.2e-4
//   squares+pentagons, history:    2.1e-3, 3.8e-4, 1.3e-4
//   hulls (10-30 vertices), no history: 2.0e-3, 7.3e-4, 1.6e-4
//   hulls, history:                3.1e-3, 2.7e-4, 1.1e-4
// One halving of dt divides the largest drift by 2.5 to 11.5 (one
// collision at a slightly different moment dominates it), two halvings by
// 12.5 to 29 (at t = 1 and 2: 14 to 25), where second order gives 16 and
// first order 4. The bounds: each halving divides it by more than 1.5, two by
// more than 8, and the finest is below 5e-4 (1e-5 of the energy). With
// contacts farthest the drift is of order 1 and does not fall (see
// IssueTwentyNineSquarePentagonGasBalance).
namespace {
void expect_dt_squared(const DriftSeries &d, const char *what)
{
  std::printf("[ drift  ] %s: largest |drift| at dt = 0.002 0.001 0.0005: %.3e %.3e %.3e (ratios %.2f %.2f)\n",
              what, d.largest[0], d.largest[1], d.largest[2], d.largest[0] / d.largest[1],
              d.largest[1] / d.largest[2]);
  EXPECT_GT(d.largest[0], 1e-9) << what;
  EXPECT_GT(d.largest[0] / d.largest[1], 1.5) << what;
  EXPECT_GT(d.largest[1] / d.largest[2], 1.5) << what;
  EXPECT_GT(d.largest[0] / d.largest[2], 8.0) << what;
  EXPECT_LT(d.largest[2], 5e-4) << what;
}
}    // namespace

TEST(PolygonPhysics, IssueTwentyNineBalanceSquaresPentagonsCohesion)
{
  expect_dt_squared(weighted_drifts(square_pentagon_gas(), "body/rounded/polygon 0.2 0.2 0.0 1.0 0.05", 5),
                    "squares+pentagons, cohesion, no history");
  expect_dt_squared(weighted_drifts(square_pentagon_gas(), "body/rounded/polygon 0.2 0.2 0.3 1.0 0.05 history", 5),
                    "squares+pentagons, cohesion, history");
}

TEST(PolygonPhysics, IssueTwentyNineBalanceHullPolygonsCohesion)
{
  int fewest = 0, most = 0;
  const std::vector<body_dem_test::PolygonBody> gas = hull_gas(&fewest, &most);
  std::printf("[ hulls  ] %d to %d vertices\n", fewest, most);
  // the range the issue asks for, all of it
  EXPECT_EQ(fewest, 10);
  EXPECT_EQ(most, 30);
  expect_dt_squared(weighted_drifts(gas, "body/rounded/polygon 0.2 0.2 0.0 1.0 0.05", most),
                    "hulls, cohesion, no history");
  expect_dt_squared(weighted_drifts(gas, "body/rounded/polygon 0.2 0.2 0.3 1.0 0.05 history", most),
                    "hulls, cohesion, history");
}
