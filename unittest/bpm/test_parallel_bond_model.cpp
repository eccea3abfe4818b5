// Unit tests of the parallel bond of the bonded particle model
// (src/BPM_PARALLEL/parallel_bond_model.h, layer 2), no LAMMPS. Every
// expected value is worked out by hand in a comment. Tolerance for values
// of order one: 1e-12, far above the round-off of the few operations
// involved (~1e-16 each) and far below any error of a formula.
#include "parallel_bond_model.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace body_dem;
using namespace body_dem::bpm;

namespace {

constexpr double kTol = 1e-12;

// a and b agree within tol in every component (printed if not)
::testing::AssertionResult vectors_agree(const Vec3 &a, const Vec3 &b, double tol)
{
  const Vec3 d = a - b;
  if (std::fabs(d.x) <= tol && std::fabs(d.y) <= tol && std::fabs(d.z) <= tol) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "(" << a.x << ", " << a.y << ", " << a.z << ") differs from (" << b.x
                                       << ", " << b.y << ", " << b.z << ") by more than " << tol;
}
void expect_vec_near(const Vec3 &a, const Vec3 &b, double tol) { EXPECT_TRUE(vectors_agree(a, b, tol)); }

// r_i 0.5, r_o 1, l_b 1, S_n 2, S_t 4, S_tor 6, S_ben 8, no damping,
// strengths large enough never to break.
ParallelBondCoeffs sample_coeffs()
{
  // r_i, r_o, l_b, S_n, S_t, S_tor, S_ben, zeta, sigma_c, tau_c
  return ParallelBondCoeffs{0.5, 1.0, 1.0, 2.0, 4.0, 6.0, 8.0, 0.0, 1e30, 1e30};
}

// Radii 1 and 2 (min 1), masses 1 and 3.
ParallelBondProperties sample_properties(const ParallelBondCoeffs &c) { return bond_properties(c, 1.0, 2.0, 1.0, 3.0); }

}    // namespace

TEST(ParallelBondProperties, SeedFormulas)
{
  const ParallelBondProperties p = sample_properties(sample_coeffs());
  // r_in = 0.5 * min(1, 2) = 0.5, r_out = 1
  EXPECT_NEAR(p.r_in, 0.5, kTol);
  EXPECT_NEAR(p.r_out, 1.0, kTol);
  // A = pi (1 - 0.25) = 0.75 pi; I_p = pi/2 (1 - 0.0625) = 0.46875 pi; I_ph = I_p/2
  EXPECT_NEAR(p.A_sec, 0.75 * M_PI, kTol);
  EXPECT_NEAR(p.I_p, 0.46875 * M_PI, kTol);
  EXPECT_NEAR(p.I_ph, 0.234375 * M_PI, kTol);
  // L_b = 1 * (1 + 2) = 3
  EXPECT_NEAR(p.L_b, 3.0, kTol);
  // K_n = 2 * 0.75 pi / 3 = 0.5 pi; K_t = 4 * 0.75 pi / 3 = pi;
  // K_tor = 6 * 0.46875 pi / 3 = 0.9375 pi; K_ben = 8 * 0.234375 pi / 3 = 0.625 pi
  EXPECT_NEAR(p.K_n, 0.5 * M_PI, kTol);
  EXPECT_NEAR(p.K_t, M_PI, kTol);
  EXPECT_NEAR(p.K_tor, 0.9375 * M_PI, kTol);
  EXPECT_NEAR(p.K_ben, 0.625 * M_PI, kTol);
  // E_b = K_n / L_b = pi / 6
  EXPECT_NEAR(p.E_b, M_PI / 6.0, kTol);
  // M_e = 1 * 3 / 4; J_i = 0.4, J_j = 0.4 * 3 * 4 = 4.8, J_s = 1.92 / 5.2
  EXPECT_NEAR(p.M_e, 0.75, kTol);
  EXPECT_NEAR(p.J_s, 1.92 / 5.2, kTol);
}

TEST(ParallelBondCoeffs, Checks)
{
  using E = ParallelBondCoeffError;
  EXPECT_EQ(check_coeffs(sample_coeffs()), E::none);
  auto with = [](auto change) {
    ParallelBondCoeffs c = sample_coeffs();
    change(c);
    return check_coeffs(c);
  };
  EXPECT_EQ(with([](ParallelBondCoeffs &c) { c.r_i = -0.1; }), E::r_i_negative);
  EXPECT_EQ(with([](ParallelBondCoeffs &c) { c.r_o = 0.5; }), E::r_o_not_above_r_i);
  EXPECT_EQ(with([](ParallelBondCoeffs &c) { c.l_b = 0.0; }), E::l_b_not_positive);
  EXPECT_EQ(with([](ParallelBondCoeffs &c) { c.S_n = 0.0; }), E::S_n_not_positive);
  EXPECT_EQ(with([](ParallelBondCoeffs &c) { c.S_ben = -1.0; }), E::stiffness_negative);
  EXPECT_EQ(with([](ParallelBondCoeffs &c) { c.zeta = -0.1; }), E::zeta_negative);
  EXPECT_EQ(with([](ParallelBondCoeffs &c) { c.sigma_c = 0.0; }), E::sigma_c_not_positive);
  EXPECT_EQ(with([](ParallelBondCoeffs &c) { c.tau_c = -1.0; }), E::tau_c_not_positive);
  EXPECT_EQ(with([](ParallelBondCoeffs &c) { c.nonlinear = true; c.b_n = 0.0; }), E::b_n_not_positive);
  // a solid rod (r_i = 0) and zero shear, twisting and bending stiffness are fine
  EXPECT_EQ(with([](ParallelBondCoeffs &c) { c.r_i = 0.0; c.S_t = c.S_tor = c.S_ben = 0.0; }), E::none);
}

TEST(ParallelBondStep, NormalSpringLinearAndNonlinear)
{
  ParallelBondCoeffs c = sample_coeffs();
  const ParallelBondProperties p = sample_properties(c);
  ParallelBondHistory h;
  // stretched by 0.1 along x: F on i = -K_n (r - L_b) e_x = -0.05 pi e_x,
  // energy K_n 0.01 / 2 = 0.0025 pi
  ParallelBondLoads loads = update_parallel_bond(c, p, {3.1, 0, 0}, {}, {}, 0.01, h);
  ASSERT_FALSE(loads.broken);
  expect_vec_near(loads.force_i, {-0.05 * M_PI, 0, 0}, kTol);
  expect_vec_near(h.F_n, {-0.05 * M_PI, 0, 0}, kTol);
  EXPECT_NEAR(loads.energy, 0.0025 * M_PI, kTol);
  // tensile stress F / A = 0.05 pi / 0.75 pi
  EXPECT_NEAR(loads.stresses.sigma_max, 0.05 / 0.75, kTol);

  // nonlinear, b_n = 4, r = 3.5: factor (1 - 3/4) / (1 - 3.5/4) = 2, so
  // F = -K_n 0.5 * 2 = -0.5 pi along the axis (here -z: dx along +z)
  c.nonlinear = true;
  c.b_n = 4.0;
  h = {};
  loads = update_parallel_bond(c, p, {0, 0, 3.5}, {}, {}, 0.01, h);
  expect_vec_near(loads.force_i, {0, 0, -0.5 * M_PI}, kTol);
  // the energy is the integral of the force: its derivative by central
  // differences (step 1e-5, error ~1e-10 relative) equals the force
  const double e_plus = normal_spring_energy(c, p, 3.5 + 1e-5), e_minus = normal_spring_energy(c, p, 3.5 - 1e-5);
  EXPECT_NEAR((e_plus - e_minus) / 2e-5, 0.5 * M_PI, 1e-8);
  EXPECT_NEAR(normal_spring_energy(c, p, 3.0), 0.0, kTol);
  // at or beyond b_n the bond breaks (infinite force)
  h = {};
  EXPECT_TRUE(update_parallel_bond(c, p, {0, 0, 4.0}, {}, {}, 0.01, h).broken);
}

TEST(ParallelBondStep, ShearIncrementAndItsTorques)
{
  const ParallelBondCoeffs c = sample_coeffs();
  const ParallelBondProperties p = sample_properties(c);
  ParallelBondHistory h;
  // i moves along +y at 1 for dt = 0.01, bond along x at rest length:
  // v_tr = (0, 1, 0), F_t = -K_t dt v_tr = -0.01 pi e_y on i. Its torque on
  // i about its centre, from the ring's end at x_i - R_i e_x:
  // (-1 e_x) x (-0.01 pi e_y) = 0.01 pi e_z; on j (force +0.01 pi e_y at
  // x_j + 2 e_x): (2 e_x) x (0.01 pi e_y) = 0.02 pi e_z.
  const BondParticle pi{{0, 1, 0}, {}, 1.0}, pj{{}, {}, 2.0};
  const ParallelBondLoads loads = update_parallel_bond(c, p, {3, 0, 0}, pi, pj, 0.01, h);
  expect_vec_near(h.F_t, {0, -0.01 * M_PI, 0}, kTol);
  expect_vec_near(loads.force_i, {0, -0.01 * M_PI, 0}, kTol);
  expect_vec_near(loads.torque_i, {0, 0, 0.01 * M_PI}, kTol);
  expect_vec_near(loads.torque_j, {0, 0, 0.02 * M_PI}, kTol);
  // energy |F_t|^2 / (2 K_t) = 1e-4 pi^2 / (2 pi) = 5e-5 pi
  EXPECT_NEAR(loads.energy, 5e-5 * M_PI, kTol);
  // shear stress |F_t| / A = 0.01 / 0.75
  EXPECT_NEAR(loads.stresses.tau_max, 0.01 / 0.75, kTol);
}

TEST(ParallelBondStep, TwistingAndBendingIncrements)
{
  const ParallelBondCoeffs c = sample_coeffs();
  const ParallelBondProperties p = sample_properties(c);
  ParallelBondHistory h;
  // omega_i = (2, 0, 3), bond along x: twisting w_n = (2, 0, 0), bending
  // w_t = (0, 0, 3); with dt = 0.01: tau_n = -K_tor 0.02 e_x =
  // -0.01875 pi e_x, tau_t = -K_ben 0.03 e_z = -0.01875 pi e_z. The shear
  // velocity of the ring's end: dx x w_r = (3,0,0) x (1 * (2,0,3) / 3) =
  // (0, -3, 0), so F_t = -K_t dt (0, -3, 0) = 0.03 pi e_y.
  const BondParticle pi{{}, {2, 0, 3}, 1.0}, pj{{}, {}, 2.0};
  const ParallelBondLoads loads = update_parallel_bond(c, p, {3, 0, 0}, pi, pj, 0.01, h);
  expect_vec_near(h.tau_n, {-0.01875 * M_PI, 0, 0}, kTol);
  expect_vec_near(h.tau_t, {0, 0, -0.01875 * M_PI}, kTol);
  expect_vec_near(h.F_t, {0, 0.03 * M_PI, 0}, kTol);
  // moments on i: tau_n + tau_t - R_i n x F_t = ... - e_x x 0.03 pi e_y
  expect_vec_near(loads.torque_i, {-0.01875 * M_PI, 0, -0.01875 * M_PI - 0.03 * M_PI}, kTol);
  expect_vec_near(loads.torque_j, {0.01875 * M_PI, 0, 0.01875 * M_PI - 0.06 * M_PI}, kTol);
  // stresses: sigma = |tau_t| r_out / I_ph = 0.01875 / 0.234375 = 0.08;
  // tau = |F_t| / A + |tau_n| r_out / I_p = 0.04 + 0.04
  EXPECT_NEAR(loads.stresses.sigma_max, 0.08, kTol);
  EXPECT_NEAR(loads.stresses.tau_max, 0.08, kTol);
}

TEST(ParallelBondStep, DashpotsAndNoIncrementOverNoTime)
{
  ParallelBondCoeffs c = sample_coeffs();
  c.zeta = 0.5;
  const ParallelBondProperties p = sample_properties(c);
  ParallelBondHistory h;
  // v_i = (1, 0, 0) along the bond, dt = 0 (the host's setup): no spring
  // grows; the normal dashpot -2 zeta sqrt(M_e K_n) v_n = -sqrt(0.375 pi)
  const ParallelBondLoads loads = update_parallel_bond(c, p, {3, 0, 0}, {{1, 0, 0}, {}, 1.0}, {{}, {}, 2.0}, 0.0, h);
  expect_vec_near(loads.force_i, {-std::sqrt(0.375 * M_PI), 0, 0}, kTol);
  expect_vec_near(h.F_t, {}, 0.0);
  // omega_i = (1, 0, 0): twisting dashpot -2 zeta sqrt(J_s K_tor) on i
  h = {};
  const ParallelBondLoads twist = update_parallel_bond(c, p, {3, 0, 0}, {{}, {1, 0, 0}, 1.0}, {{}, {}, 2.0}, 0.0, h);
  expect_vec_near(twist.torque_i, {-std::sqrt(p.J_s * p.K_tor), 0, 0}, kTol);
  expect_vec_near(twist.torque_j, {std::sqrt(p.J_s * p.K_tor), 0, 0}, kTol);
}

// The rotation of the history into a new axis turned by theta in the x-y
// plane: F_t and tau_t stay perpendicular to the axis with their
// magnitudes, tau_n lies on the axis with its sign.
TEST(ParallelBondHistoryRotation, ConsistentProjection)
{
  const double theta = 0.3;
  const Vec3 n{std::cos(theta), std::sin(theta), 0};
  ParallelBondHistory h;
  h.F_t = {0, 2, 0};
  h.tau_n = {-3, 0, 0};
  h.tau_t = {0, 1, 0};
  rotate_history(h, n);
  // (0,1,0) - sin(theta) n has length cos(theta); rescaled: (-sin, cos, 0)
  expect_vec_near(h.F_t, {-2 * std::sin(theta), 2 * std::cos(theta), 0}, kTol);
  expect_vec_near(h.tau_t, {-std::sin(theta), std::cos(theta), 0}, kTol);
  // tau_n . n < 0: the twisting moment keeps its sign, -3 n
  expect_vec_near(h.tau_n, n * -3.0, kTol);
  // The seed's projection of tau_t, tau_t - (tau_n . n) n, would leave
  // tau_t with the axial part 3 cos(theta) ~ 2.87 along n; ours has none.
  EXPECT_NEAR(dot(h.tau_t, n), 0.0, kTol);
  // a history perpendicular to the new axis (tau_n) or along it (F_t)
  // has no direction left: zero, not NaN
  ParallelBondHistory g;
  g.F_t = {1, 0, 0};
  g.tau_n = {0, 0, 1};
  rotate_history(g, {1, 0, 0});
  expect_vec_near(g.F_t, {}, 0.0);
  expect_vec_near(g.tau_n, {}, 0.0);
}

// Objectivity: a bond at rest length (l_b = 1, r = R_i + R_j) turning
// rigidly with the angular velocity Omega gets no force and no torque; a
// loaded bond turning rigidly keeps the magnitudes of its history.
TEST(ParallelBondObjectivity, RigidRotation)
{
  const ParallelBondCoeffs c = sample_coeffs();
  const ParallelBondProperties p = sample_properties(c);
  const Vec3 Omega{0.3, -0.7, 1.1};
  const double dt = 1e-3;
  // centre of mass at the origin (masses 1 and 3): x_i = 2.25 u, x_j = -0.75 u
  ParallelBondHistory unloaded, loaded;
  loaded.F_t = {0, 0.2, 0};
  loaded.tau_n = {0.3, 0, 0};
  loaded.tau_t = {0, 0, -0.4};
  Vec3 u{1, 0, 0};
  for (int step = 0; step < 2000; ++step) {
    // exact rotation of u by |Omega| dt about Omega (Rodrigues)
    const double a = norm(Omega) * dt;
    const Vec3 k = Omega * (1.0 / norm(Omega));
    u = u * std::cos(a) + cross(k, u) * std::sin(a) + k * (dot(k, u) * (1 - std::cos(a)));
    const Vec3 xi = u * 2.25, xj = u * -0.75;
    const BondParticle pi{cross(Omega, xi), Omega, 1.0}, pj{cross(Omega, xj), Omega, 2.0};
    const ParallelBondLoads l0 = update_parallel_bond(c, p, xi - xj, pi, pj, dt, unloaded);
    // v_tr, w_n, w_t vanish identically; what remains is the round-off of
    // v_tr (~1e-15) summed into the history over up to 2000 steps
    // (K_t dt ~ 3e-3 each): well below 1e-11. With the seed's sign of
    // dx x w_r, v_tr = 2 Omega x dx and F_t would grow by ~0.04 a step.
    ASSERT_LT(norm(l0.force_i), 1e-11);
    ASSERT_LT(norm(l0.torque_i) + norm(l0.torque_j), 1e-11);
    update_parallel_bond(c, p, xi - xj, pi, pj, dt, loaded);
  }
  // 2000 rescalings, each exact to round-off: magnitudes to 1e-12
  EXPECT_NEAR(norm(loaded.F_t), 0.2, kTol);
  EXPECT_NEAR(norm(loaded.tau_n), 0.3, kTol);
  EXPECT_NEAR(norm(loaded.tau_t), 0.4, kTol);
  EXPECT_NEAR(dot(loaded.F_t, u), 0.0, kTol);
  EXPECT_NEAR(dot(loaded.tau_t, u), 0.0, kTol);
  EXPECT_NEAR(dot(loaded.tau_n, u), 0.3, kTol);    // sign kept
}

// Breakage exactly at the strengths: a load just below (1 - 1e-9) keeps
// the bond, just above (1 + 1e-9) breaks it, for each of the four loads
// alone. The relative margin 1e-9 is far above the round-off of the
// stress (~1e-15) and far below any error of a formula.
TEST(ParallelBondBreakage, ExactlyAtTheStrengths)
{
  ParallelBondCoeffs c = sample_coeffs();
  c.sigma_c = 0.4;
  c.tau_c = 0.3;
  const ParallelBondProperties p = sample_properties(c);
  auto breaks = [&](ParallelBondHistory h, double stretch) {
    return update_parallel_bond(c, p, {p.L_b + stretch, 0, 0}, {}, {}, 0.01, h).broken;
  };
  const double lo = 1 - 1e-9, hi = 1 + 1e-9;
  // tension: K_n s / A = S_n s / L_b = sigma_c -> s = 0.4 * 3 / 2 = 0.6
  EXPECT_FALSE(breaks({}, 0.6 * lo));
  EXPECT_TRUE(breaks({}, 0.6 * hi));
  // compression never breaks in tension
  EXPECT_FALSE(breaks({}, -2.0));
  // shear: |F_t| = tau_c A = 0.225 pi
  ParallelBondHistory shear;
  shear.F_t = {0, 0.225 * M_PI * lo, 0};
  EXPECT_FALSE(breaks(shear, 0.0));
  shear.F_t = {0, 0.225 * M_PI * hi, 0};
  EXPECT_TRUE(breaks(shear, 0.0));
  // twisting: |tau_n| = tau_c I_p / r_out = 0.3 * 0.46875 pi
  ParallelBondHistory twist;
  twist.tau_n = {0.140625 * M_PI * lo, 0, 0};
  EXPECT_FALSE(breaks(twist, 0.0));
  twist.tau_n = {0.140625 * M_PI * hi, 0, 0};
  EXPECT_TRUE(breaks(twist, 0.0));
  // bending: |tau_t| = sigma_c I_ph / r_out = 0.4 * 0.234375 pi
  ParallelBondHistory bend;
  bend.tau_t = {0, 0, 0.09375 * M_PI * lo};
  EXPECT_FALSE(breaks(bend, 0.0));
  bend.tau_t = {0, 0, 0.09375 * M_PI * hi};
  EXPECT_TRUE(breaks(bend, 0.0));
}
