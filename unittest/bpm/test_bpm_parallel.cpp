// bond_style bpm/parallel in LAMMPS (TESTING.md layers 2 and 4): the
// stiffness of one bond against the seed's formulas, a cantilever against
// Euler-Bernoulli, energy conservation without damping, breakage at the
// strengths under tension, shear, bending and twisting with the count of
// compute nbond/broken, and a restart round trip with the histories.
// Spheres of diameter 1 (R = 0.5) and mass 1 throughout.
#include "bpm_inputs.h"
#include "lammps_session.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <utility>
#include <string>
#include <vector>

using body_dem_test::LammpsSession;

namespace {

// Two spheres along x, centres at 0 and `distance`, bonded by type 1
// (stored on atom 1, the bond's i).
void bonded_pair(LammpsSession &s, const std::string &coeff, double distance)
{
  s.load_plugin();
  s.commands(bpm_test::bonded_sphere_box(5.0) + "create_atoms 1 single 0 0 0\n" +
             "create_atoms 1 single " + std::to_string(distance) + " 0 0\n" + bpm_test::unit_spheres() +
             "bond_style bpm/parallel\n"
             "bond_coeff 1 " + coeff + "\n"
             "create_bonds single/bond 1 1 2\n"
             "group one id 1\n"
             "group two id 2\n"
             "timestep 0.001\n"
             "compute broken all nbond/broken\n");
}

// r_i = 0.5, r_o = 1 for R = 0.5: r_in = 0.25, r_out = 0.5,
// A_sec = pi (0.25 - 0.0625) = 0.1875 pi, I_p = pi/2 (0.0625 - 0.00390625)
// = 0.029296875 pi, I_ph = 0.0146484375 pi; l_b = 1: L_b = 1.
const std::string kRing = "0.5 1.0 1.0 ";

}    // namespace

// A static stretch by 0.01 (run 0: the host's setup, no time passes):
// K_n = S_n A_sec / L_b = 1000 * 0.1875 pi = 187.5 pi, force 1.875 pi
// pulling the spheres together, energy K_n 0.01^2 / 2 = 0.009375 pi.
TEST(BondBPMParallel, AxialStiffness)
{
  {
    // (one session at a time: the host registers a plugin's styles in the
    // first instance that loads it only)
    LammpsSession s;
    bonded_pair(s, kRing + "1000 1000 1000 1000 0.0 1e10 1e10", 1.01);
    s.commands("compute bond_energy all pe/atom bond\n"
               "compute bond_energy_sum all reduce sum c_bond_energy\n"
               "compute virial all pressure NULL virial\n"
               "thermo_style custom step pe c_bond_energy_sum c_virial[1] c_virial[2]\n"
               "run 0");
    const std::vector<double> f = s.gather_by_id("f");
    // per-atom energies (half the bond's to each atom) sum to the total
    EXPECT_NEAR(s.compute_scalar("bond_energy_sum"), 0.009375 * M_PI, 1e-13);
    // virial W_xx = dx F_x with dx = x_1 - x_2 = -1.01 and F_x = 1.875 pi
    // on atom 1, as pressure W_xx / V in the box of volume 1000
    EXPECT_NEAR(s.compute_vector("virial", 0), -1.01 * 1.875 * M_PI / 1000.0, 1e-14);
    EXPECT_NEAR(s.compute_vector("virial", 1), 0.0, 1e-18);
    // a handful of operations on numbers of order one: 1e-12
    EXPECT_NEAR(f[0], 1.875 * M_PI, 1e-12);
    EXPECT_NEAR(f[3], -1.875 * M_PI, 1e-12);
    EXPECT_NEAR(f[1], 0.0, 1e-15);
    EXPECT_NEAR(s.compute_scalar("thermo_pe"), 0.009375 * M_PI, 1e-13);
  }
  // compressed by 0.01: the same force, pushing apart
  LammpsSession c;
  bonded_pair(c, kRing + "1000 1000 1000 1000 0.0 1e10 1e10", 0.99);
  c.command("run 0");
  EXPECT_NEAR(c.gather_by_id("f")[0], -1.875 * M_PI, 1e-12);
}

// The nonlinear normal force: b_n = 1.5, stretched to r = 1.25:
// factor (1 - 1/1.5) / (1 - 1.25/1.5) = 2, force 2 K_n 0.25 = 93.75 pi.
TEST(BondBPMParallel, NonlinearNormalForce)
{
  LammpsSession s;
  bonded_pair(s, kRing + "1000 1000 1000 1000 0.0 1e10 1e10 nonlinear 1.5", 1.25);
  s.command("run 0");
  EXPECT_NEAR(s.gather_by_id("f")[0], 93.75 * M_PI, 1e-10);
}

// Atom 1 turns about the bond axis at 0.5 for 100 steps of 0.001 (fix nve
// leaves the angular velocities as they are): twist angle 0.05, twisting
// moment -K_tor 0.05 on atom 1 with K_tor = S_tor I_p / L_b = 29.296875 pi,
// i.e. -1.46484375 pi, and its reaction on atom 2. No force: w_r lies on
// the axis and adds no shear.
TEST(BondBPMParallel, TwistingStiffness)
{
  LammpsSession s;
  bonded_pair(s, kRing + "1000 1000 1000 1000 0.0 1e10 1e10", 1.0);
  s.commands("set atom 1 omega 0.5 0 0\n"
             "fix integrate all nve\n"
             "run 100\n");
  const std::vector<double> t = s.gather_by_id("torque"), f = s.gather_by_id("f");
  // 100 equal increments: 1e-12 relative
  EXPECT_NEAR(t[0], -1.46484375 * M_PI, 1e-12);
  EXPECT_NEAR(t[3], 1.46484375 * M_PI, 1e-12);
  EXPECT_NEAR(t[1], 0.0, 1e-15);
  EXPECT_NEAR(t[2], 0.0, 1e-15);
  EXPECT_NEAR(f[0], 0.0, 1e-15);
  EXPECT_NEAR(f[1], 0.0, 1e-15);
  // energy |tau_n|^2 / (2 K_tor) = K_tor 0.05^2 / 2
  EXPECT_NEAR(s.compute_scalar("thermo_pe"), 29.296875 * M_PI * 0.00125, 1e-12);
}

// A cantilever of N = 10 bonds (11 spheres at spacing L = 1 along x),
// clamped at atom 1 (not integrated: it neither moves nor turns), a tip
// load P = 1e-3 along -z on atom 11, settled by a viscous drag. S_n = 1e4,
// S_tor = S_n, S_ben = S_t = S_n A_sec / L_b^2: then the chain's flexural
// rigidity K_ben L_b = S_ben I_ph equals the seed's E_b I_ph with
// E_b = K_n / L_b, the I of the ring I_ph, and Euler-Bernoulli gives the tip
// deflection P (N L)^3 / (3 E_b I_ph).
//
// The chain is a discrete beam: each bond carries the shear force P and
// the moment P (N - k - 1/2) L at its middle, so the nodes turn by
// theta_j = (P L / K_ben) j (N - j/2) (exactly the continuum slope), and
// the deflection is the trapezoidal sum of the slopes plus the shear
// springs' slip P / K_t per bond:
//   u = P N^3 L^2 / (3 K_ben) - N L^2 P / (12 K_ben) + N P / K_t.
TEST(BondBPMParallel, CantileverMatchesEulerBernoulli)
{
  const int N = 10;
  const double P = 1e-3;
  // r_i = 0, r_o = 1: r_out = 0.5, A = 0.25 pi, I_p = pi/32, I_ph = pi/64
  const double A = 0.25 * M_PI, Iph = M_PI / 64.0;
  const double S_n = 1e4, S_ben = S_n * A;    // L_b = 1
  const double K_n = S_n * A, K_ben = S_ben * Iph, K_t = S_ben * A, E_b = K_n;
  char coeff[256];
  std::snprintf(coeff, sizeof(coeff), "0.0 1.0 1.0 %.17g %.17g %.17g %.17g 0.5 1e10 1e10", S_n, S_ben, S_n, S_ben);

  LammpsSession s;
  s.load_plugin();
  std::string atoms;
  for (int k = 0; k <= N; ++k) atoms += "create_atoms 1 single " + std::to_string(k - 5) + " 0 0\n";
  s.commands(bpm_test::bonded_sphere_box(8.0) + atoms + bpm_test::unit_spheres() +
             "bond_style bpm/parallel\n"
             "bond_coeff 1 " + coeff + "\n");
  for (int k = 1; k <= N; ++k) s.command("create_bonds single/bond 1 " + std::to_string(k) + " " + std::to_string(k + 1));
  s.commands("group beam id 2:" + std::to_string(N + 1) + "\n"
             "group tip id " + std::to_string(N + 1) + "\n"
             "fix integrate beam nve/sphere\n"
             "fix drag beam viscous 1.4\n"
             "fix load tip addforce 0 0 " + std::to_string(-P) + "\n"
             "timestep 0.001\n"
             "run 40000\n");
  const std::vector<double> x = s.gather_by_id("x");
  const double u = -x[3 * N + 2];
  const double discrete = P * N * N * N / (3.0 * K_ben) - N * P / (12.0 * K_ben) + N * P / K_t;
  const double euler_bernoulli = P * N * N * N / (3.0 * E_b * Iph);
  std::printf("tip deflection %.9g, discrete beam %.9g, Euler-Bernoulli %.9g\n", u, discrete, euler_bernoulli);
  // Against the discrete beam: the drag has settled the first mode
  // (omega ~ 0.69, decay exp(-0.7 t)) to ~1e-12 over t = 40; what remains
  // is geometric nonlinearity, (u / N L)^2 ~ 1e-8, so 1e-5 relative.
  EXPECT_NEAR(u, discrete, 1e-5 * discrete);
  // Against Euler-Bernoulli: the chain differs by its discreteness,
  // -1/(4 N^2) = -0.25 %, and its shear springs, +3 K_ben / (K_t N^2) =
  // 0.19 %: within 1 %.
  EXPECT_NEAR(u, euler_bernoulli, 0.01 * euler_bernoulli);
  // the clamp stays where it is
  EXPECT_EQ(x[0], -5.0);
}

// Energy without damping: a bonded block of 3 x 2 x 2 spheres with random
// velocities (0.05) and angular velocities (0.1), no pair style. The total
// KE + rotational KE + bond energy wanders by a time-integration error of
// order dt^2: halving dt divides its largest deviation by about 4.
TEST(BondBPMParallel, EnergyConservedWithoutDamping)
{
  const double origin[3] = {-1.0, -0.5, -0.5};
  bpm_test::write_bonded_block("bpm_energy.data", 3, 2, 2, origin, 6.0, 6.0, 7, 0.05, 0.1, 0.0);
  auto largest_deviation = [](double dt) {
    LammpsSession s;
    s.load_plugin();
    s.commands(bpm_test::read_bonded_block("bpm_energy.data", "f f f") +
               "bond_style bpm/parallel\n"
               "bond_coeff 1 0.0 1.0 1.0 1000 800 1000 800 0.0 1e10 1e10\n"
               "fix integrate all nve/sphere\n"
               "compute ke all ke\n"
               "compute rot all erotate/sphere\n"
               "timestep " + std::to_string(dt) + "\n"
               "run 0\n");
    auto total = [&] {
      return s.compute_scalar("ke") + s.compute_scalar("rot") + s.compute_scalar("thermo_pe");
    };
    const double e0 = total();
    double dev = 0.0;
    const int chunk = static_cast<int>(std::lround(0.05 / dt));
    for (int k = 0; k < 40; ++k) {    // 2 time units, a few periods of the slowest modes
      s.command("run " + std::to_string(chunk));
      dev = std::max(dev, std::fabs(total() - e0));
    }
    std::printf("dt %g: energy %.9g, largest deviation %.3g\n", dt, e0, dev);
    return std::make_pair(e0, dev);
  };
  const auto coarse = largest_deviation(0.002), fine = largest_deviation(0.001);
  EXPECT_GT(coarse.first, 1e-3);                     // something moves
  // velocity Verlet wanders by about (omega dt)^2 / 8 of the energy of a
  // mode; the fastest (shear and rolling of the spheres, omega ~ 200) at
  // dt = 0.002 allow up to ~2 % of their share: 1 % of the total
  EXPECT_LT(coarse.second, 1e-2 * coarse.first);
  const double ratio = coarse.second / fine.second;  // dt^2: 4
  EXPECT_GT(ratio, 3.0);
  EXPECT_LT(ratio, 5.0);
}

namespace {

// The step at which the bond broke (the first at which compute
// nbond/broken reads 1), running step by step up to `max_steps`; -1 if it
// held. After the break the two spheres feel nothing from each other.
int breaking_step(LammpsSession &s, int max_steps)
{
  s.command("run 0");
  if (s.compute_scalar("broken") > 0.0) return 0;
  for (int step = 1; step <= max_steps; ++step) {
    s.command("run 1 pre no post no");
    if (s.compute_scalar("broken") > 0.0) {
      const std::vector<double> f = s.gather_by_id("f"), t = s.gather_by_id("torque");
      for (double value : f) EXPECT_EQ(value, 0.0);
      for (double value : t) EXPECT_EQ(value, 0.0);
      EXPECT_EQ(s.thermo("bonds"), 0.0);
      return step;
    }
  }
  return -1;
}

// The strength (sigma_c or tau_c: the %.17g of coeff_format) set just
// above and just below `stress_100`, the stress the loading `fixes` makes
// at step 100: the bond must break at step 101 and at step 100. The
// margin, 1e-9 relative, is far above the round-off of the stress.
void expect_break_right_after_step_100(const char *coeff_format, double stress_100, const std::string &fixes)
{
  for (const double margin : {1e-9, -1e-9}) {
    LammpsSession s;
    char coeff[256];
    std::snprintf(coeff, sizeof(coeff), coeff_format, stress_100 * (1 + margin));
    bonded_pair(s, coeff, 1.0);
    s.commands(fixes);
    EXPECT_EQ(breaking_step(s, 200), margin > 0 ? 101 : 100) << "margin " << margin;
  }
}

}    // namespace

// Tension: atom 2 pulled along x at 0.1 (fix move), atom 1 fixed. At step n
// the stretch is 1e-4 n and the tensile stress K_n 1e-4 n / A = S_n 1e-4 n
// = 0.1 n (S_n = 1000, L_b = 1). With sigma_c just above the stress of
// step 100 the bond breaks at step 101; just below, at step 100.
TEST(BondBPMParallel, BreaksAtTheTensileStrength)
{
  const double sigma_100 = 1000.0 * (1.0 + 100 * 0.001 * 0.1 - 1.0);    // as the host computes x - L_b
  expect_break_right_after_step_100("0.5 1.0 1.0 1000 1000 1000 1000 0.0 %.17g 1e10", sigma_100,
                                    "fix pull two move linear 0.1 0 0");
}

// Shear: atom 2 moves along y at 0.1, atom 1 fixed, neither turns. F_t
// grows by K_t dt 0.1 = S_t A 1e-4 a step, the shear stress by
// S_t 1e-4 = 0.1 (S_t = 1000); tau_c = 10.05 falls between steps 100 and
// 101 (the axis turns by 1e-2 at most: the stress differs from the
// straight-line estimate by ~1e-4 relative, far less than a step's 1 %).
// The tensile stress meanwhile (stretch (0.01)^2 / 2 plus the bending
// moment of nothing) stays far below sigma_c = 1e10.
TEST(BondBPMParallel, BreaksAtTheShearStrength)
{
  LammpsSession s;
  bonded_pair(s, kRing + "1000 1000 1000 1000 0.0 1e10 10.05", 1.0);
  s.command("fix shear two move linear 0 0.1 0");
  EXPECT_EQ(breaking_step(s, 200), 101);
}

// The period of fix move rotate for the angular velocity omega, written
// with all digits, and the angular velocity the host makes of it
// (2 pi / period), which the expected stresses use.
namespace {
std::pair<std::string, double> rotation_period(double omega)
{
  char text[64];
  std::snprintf(text, sizeof(text), "%.17g", 2 * M_PI / omega);
  return {text, 2 * M_PI / std::strtod(text, nullptr)};
}
}    // namespace

// Twisting: atom 2 spins about the bond axis at Omega = 0.1 (fix move
// rotate about its own centre, which stays where it is), atom 1 fixed:
// tau_n grows by K_tor dt Omega a step, the shear stress
// |tau_n| r_out / I_p by S_tor dt Omega r_out / L_b = 5e-2 (S_tor = 1000,
// r_out = 0.5); no force, no shear (w_r lies on the axis). With tau_c just
// above the stress of step 100 (1e-9 relative, far above the round-off of
// the 100 equal increments) the bond breaks at step 101; just below, at 100.
TEST(BondBPMParallel, BreaksAtTheTwistingStrength)
{
  const auto period = rotation_period(0.1);
  const double tau_100 = 1000.0 * 0.001 * period.second * 100 * 0.5;
  expect_break_right_after_step_100("0.5 1.0 1.0 1000 1000 1000 1000 0.0 1e10 %.17g", tau_100,
                                    "fix twist two move rotate 1 0 0 1 0 0 " + period.first);
}

// Bending: the two spheres turn about y in opposite senses at Omega = 0.05
// each, in place (so w_r = (R omega_1 + R omega_2) / r = 0 and no shear
// arises): the relative angular velocity is 2 Omega, tau_t grows by
// K_ben dt 2 Omega a step, the tensile stress |tau_t| r_out / I_ph by
// S_ben dt 2 Omega r_out / L_b = 5e-2 (S_ben = 1000). sigma_c just above
// (below) the stress of step 100: the bond breaks at step 101 (100).
TEST(BondBPMParallel, BreaksAtTheBendingStrength)
{
  const auto period = rotation_period(0.05);
  const double sigma_100 = 1000.0 * 0.001 * 2 * period.second * 100 * 0.5;
  expect_break_right_after_step_100("0.5 1.0 1.0 1000 1000 1000 1000 0.0 %.17g 1e10", sigma_100,
                                    "fix bend1 one move rotate 0 0 0 0 -1 0 " + period.first +
                                        "\nfix bend2 two move rotate 1 0 0 0 1 0 " + period.first);
}

// Restart round trip: a bonded block of 4 x 3 x 3 spheres, shaken hard
// enough that some bonds break, with granular contacts. 300 steps, a
// restart file, 300 more steps; a second run reads the file and does the
// same 300 steps. The histories (in the restart file with the atoms), the
// bond list without the broken bonds and the count of broken bonds must
// come back: the two end states agree to the last bit. Each session counts
// its pair styles from zero, as a new process does, so that the 2026
// host's pair granular finds its history (NEIGH_HISTORY_GRANULAR<n>) in the
// file.
TEST(BondBPMParallel, RestartRoundTrip)
{
  const double origin[3] = {-1.5, -1.0, -1.0};
  bpm_test::write_bonded_block("bpm_restart.data", 4, 3, 3, origin, 6.0, 6.0, 11, 0.5, 1.0, 0.0);
  const std::string model = "special_bonds lj 1 1 1\n"
                            "pair_style granular\n"
                            "pair_coeff * * hooke 2000 0.5 tangential linear_history 1600 1.0 0.5\n"
                            "fix integrate all nve/sphere\n"
                            "compute broken all nbond/broken\n"
                            "timestep 0.001\n";
  std::vector<double> x1, v1, t1;
  double broken1 = 0.0;
  {
    body_dem_test::count_pair_styles_as_in_a_new_process();
    LammpsSession s;
    s.load_plugin();
    s.commands(bpm_test::read_bonded_block("bpm_restart.data", "f f f") +
               "bond_style bpm/parallel\n"
               "bond_coeff 1 0.0 1.0 1.0 1000 800 1000 800 0.2 10 8\n" + model +
               "run 300\n"
               "write_restart bpm.restart\n"
               "run 300\n");
    x1 = s.gather_by_id("x");
    v1 = s.gather_by_id("v");
    t1 = s.gather_by_id("torque");
    broken1 = s.compute_scalar("broken");
    std::printf("bonds broken after 600 steps: %g of 75\n", broken1);
  }
  EXPECT_GT(broken1, 0.0);    // breakage is part of what must survive
  EXPECT_LT(broken1, 60.0);   // and many intact bonds with their histories
  body_dem_test::count_pair_styles_as_in_a_new_process();
  LammpsSession r;
  r.load_plugin();
  r.commands("read_restart bpm.restart\n"
             "comm_modify vel yes cutoff 3.0\n" + model + "run 300\n");
  EXPECT_EQ(r.compute_scalar("broken"), broken1);
  const std::vector<double> x2 = r.gather_by_id("x"), v2 = r.gather_by_id("v"), t2 = r.gather_by_id("torque");
  for (size_t k = 0; k < x1.size(); ++k) {
    // the same operations on the same numbers in the same order
    EXPECT_EQ(x2[k], x1[k]) << "x of atom " << k / 3 + 1;
    EXPECT_EQ(v2[k], v1[k]) << "v of atom " << k / 3 + 1;
    EXPECT_EQ(t2[k], t1[k]) << "torque of atom " << k / 3 + 1;
  }
}

namespace {

// |a|
double magnitude(const double *a) { return std::sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]); }

// The loads of a pair that say how big its history is: |F| (F_n and F_t
// are perpendicular), |t1 + t2| = 2 R |F_t|, |t1 - t2| = 2 |tau_n + tau_t|
// (tau_n and tau_t perpendicular), and the twist (t1 - t2) . n / 2 = tau_n . n
// with its sign (equal radii, no damping).
std::vector<double> history_measures(LammpsSession &s)
{
  const std::vector<double> x = s.gather_by_id("x"), f = s.gather_by_id("f"), t = s.gather_by_id("torque");
  double sum[3], diff[3], n[3];
  for (int k = 0; k < 3; ++k) {
    sum[k] = t[k] + t[3 + k];
    diff[k] = t[k] - t[3 + k];
    n[k] = x[k] - x[3 + k];
  }
  const double r = magnitude(n);
  return {magnitude(f.data()), magnitude(sum), magnitude(diff),
          (diff[0] * n[0] + diff[1] * n[1] + diff[2] * n[2]) / (2 * r)};
}

}    // namespace

// Objectivity: a pair at rest length (l_b = 1, r = R_i + R_j) turned
// rigidly by fix move rotate about an oblique axis through its middle, by
// 1 rad in 1000 steps, feels no force and no torque; a pair loaded first
// (atom 2 turned about y and about x in place for 100 steps: shear,
// bending and twisting springs, r unchanged) and then turned rigidly keeps
// the magnitudes of its history. Turned rigidly, v_tr, w_n and w_t vanish,
// so nothing is added; the rotation of the history keeps each magnitude
// exactly: 1e-12 relative is round-off over 1000 steps.
TEST(BondBPMParallel, ObjectivityUnderRigidRotation)
{
  const std::string rigid = "fix spin all move rotate 0.5 0 0 0.3 0.5 0.8 " + std::to_string(2 * M_PI) + "\n";
  {
    LammpsSession s;
    bonded_pair(s, kRing + "1000 1000 1000 1000 0.0 1e10 1e10", 1.0);
    s.commands(rigid + "run 1000\n");
    for (const char *what : {"f", "torque"})
      for (double value : s.gather_by_id(what)) EXPECT_NEAR(value, 0.0, 1e-12) << what;
    const std::vector<double> x = s.gather_by_id("x");
    EXPECT_GT(std::fabs(x[1]), 0.1);    // it did turn
  }
  LammpsSession s;
  bonded_pair(s, kRing + "1000 1000 1000 1000 0.0 1e10 1e10", 1.0);
  s.commands("fix bend two move rotate 1 0 0 0 1 0 " + std::to_string(2 * M_PI / 0.3) + "\n"
             "run 100\n"
             "unfix bend\n"
             "fix twist two move rotate 1 0 0 1 0 0 " + std::to_string(2 * M_PI / 0.2) + "\n"
             "run 100\n"
             "unfix twist\n"
             "run 0\n");
  const std::vector<double> before = history_measures(s);
  s.commands(rigid + "run 1000\n");
  const std::vector<double> after = history_measures(s);
  for (size_t k = 0; k < before.size(); ++k) {
    EXPECT_GT(std::fabs(before[k]), 1e-3) << "measure " << k;    // loaded
    EXPECT_NEAR(after[k], before[k], 1e-12 * std::fabs(before[k])) << "measure " << k;
  }
}
