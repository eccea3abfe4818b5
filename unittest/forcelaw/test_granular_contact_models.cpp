// Unit tests of the granular contact models (layer 2), no LAMMPS. Every
// expected value is worked out by hand in a comment. Tolerance for
// hand-computed values of order one: 1e-12, far above the round-off of the
// few floating-point operations involved (~1e-16 each).
#include "granular_contact_models.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace body_dem;

namespace {

constexpr double kTol = 1e-12;

void expect_vec_near(const Vec3 &a, const Vec3 &b, double tol)
{
  EXPECT_NEAR(a.x, b.x, tol);
  EXPECT_NEAR(a.y, b.y, tol);
  EXPECT_NEAR(a.z, b.z, tol);
}

// hooke k_n = 100, eta_n0 = 2, linear_history k_t = 10, x_gamma_t = 0.5, mu = 0.5
GranularPairModel hooke_model()
{
  GranularPairModel m;
  EXPECT_EQ(m.set_hooke(100.0, 2.0), GranularCoeffError::none);
  EXPECT_EQ(m.set_linear_history(10.0, 0.5, 0.5), GranularCoeffError::none);
  return m;
}

}    // namespace

TEST(GranularEffectiveRadius, OnePerPairWhateverTheKinds)
{
  // r_i r_j / (r_i + r_j): 0.5 * 2 / 2.5 = 0.4; two equal spheres r = 0.5:
  // 0.25 (= the host's R_eff); symmetric
  EXPECT_NEAR(pair_effective_radius(0.5, 2.0), 0.4, kTol);
  EXPECT_NEAR(pair_effective_radius(2.0, 0.5), 0.4, kTol);
  EXPECT_NEAR(pair_effective_radius(0.5, 0.5), 0.25, kTol);
  // a flat wall: the body's rounded radius (the host's fix wall/gran)
  EXPECT_EQ(wall_effective_radius(0.3), 0.3);
  // a sharp body (rounded radius 0): R_eff = 0, also for both; no NaN
  EXPECT_EQ(pair_effective_radius(0.0, 0.7), 0.0);
  EXPECT_EQ(pair_effective_radius(0.0, 0.0), 0.0);
}

TEST(GranularNormal, Hooke)
{
  // F_ne = k_n delta = 100 * 0.01 = 1; E = 1/2 100 0.01^2 = 0.005;
  // independent of R_eff
  const GranularPairModel m = hooke_model();
  EXPECT_NEAR(m.elastic_force(0.01, 0.25), 1.0, kTol);
  EXPECT_NEAR(m.elastic_force(0.01, 7.0), 1.0, kTol);
  EXPECT_NEAR(m.elastic_energy(0.01, 0.25), 0.005, kTol);
  EXPECT_EQ(m.elastic_force(-0.01, 0.25), 0.0);
  EXPECT_EQ(m.elastic_energy(0.0, 0.25), 0.0);
}

TEST(GranularNormal, Hertz)
{
  // k_n = 1000, delta = 0.01, R_eff = 0.25: a = sqrt(0.0025) = 0.05,
  // F_ne = k_n a delta = 1000 * 0.05 * 0.01 = 0.5;
  // E = 2/5 k_n R^1/2 delta^5/2 = 0.4 * 1000 * 0.5 * 1e-5 = 0.002
  GranularPairModel m;
  ASSERT_EQ(m.set_hertz(1000.0, 2.0), GranularCoeffError::none);
  EXPECT_NEAR(m.elastic_force(0.01, 0.25), 0.5, kTol);
  EXPECT_NEAR(m.elastic_energy(0.01, 0.25), 0.002, kTol);
  EXPECT_EQ(m.elastic_force(0.01, 0.0), 0.0);
}

TEST(GranularNormal, HertzMaterial)
{
  // E = 1000, nu = 0.5: E_eff = 1 / (2 (1 - 0.25) / 1000) = 1000/1.5 =
  // 666.67; k_n = 4/3 E_eff = 8000/9 = 888.89 (the host's coeff());
  // delta = 0.01, R_eff = 0.25, a = 0.05: F_ne = 8000/9 * 5e-4 = 4/9;
  // E = 0.4 * 4/9 * 0.01 = 0.016/9
  GranularPairModel m;
  ASSERT_EQ(m.set_hertz_material(1000.0, 2.0, 0.5), GranularCoeffError::none);
  EXPECT_EQ(m.normal, GranularNormalModel::hertz_material);
  EXPECT_NEAR(m.k_n, 8000.0 / 9.0, 1e-10);
  EXPECT_NEAR(m.elastic_force(0.01, 0.25), 4.0 / 9.0, kTol);
  EXPECT_NEAR(m.elastic_energy(0.01, 0.25), 0.016 / 9.0, kTol);
  // nu = 0: E_eff = E / 2 = 500, k_n = 2000/3
  ASSERT_EQ(m.set_hertz_material(1000.0, 2.0, 0.0), GranularCoeffError::none);
  EXPECT_NEAR(m.k_n, 2000.0 / 3.0, 1e-10);
}

TEST(GranularNormal, EnergyDerivativeIsForce)
{
  // Central difference (E(delta+h) - E(delta-h)) / 2h, h = 1e-5. Hooke:
  // E quadratic, exact up to round-off eps |E| / h ~ 1e-14. Hertz: the
  // truncation error is h^2/6 |E'''| with E''' = 3/4 k_n R^1/2 delta^-1/2
  // = 0.75 * 1000 * 0.5 / sqrt(0.0025) = 7500 at delta = 0.0025 (the
  // smallest tested): 1e-10/6 * 7500 = 1.25e-7 -> tolerance 2e-7.
  GranularPairModel hz;
  ASSERT_EQ(hz.set_hertz(1000.0, 0.0), GranularCoeffError::none);
  const GranularPairModel hk = hooke_model();
  const double h = 1e-5, R = 0.25;
  for (double d : {0.0025, 0.01, 0.04}) {
    EXPECT_NEAR((hz.elastic_energy(d + h, R) - hz.elastic_energy(d - h, R)) / (2 * h),
                hz.elastic_force(d, R), 2e-7)
        << "hertz delta = " << d;
    EXPECT_NEAR((hk.elastic_energy(d + h, R) - hk.elastic_energy(d - h, R)) / (2 * h),
                hk.elastic_force(d, R), 1e-9)
        << "hooke delta = " << d;
  }
}

TEST(GranularDamping, VelocityAndMassVelocity)
{
  // velocity: eta_n = eta_n0 = 2; v_n = -0.2 (approaching):
  //   F_damp = -2 * (-0.2) = 0.4; eta_t = x_gamma_t eta_n = 0.5 * 2 = 1
  GranularPairModel m = hooke_model();
  EXPECT_EQ(m.damping, GranularDampingModel::velocity);    // the default
  EXPECT_NEAR(m.normal_damping_prefactor(0.75), 2.0, kTol);
  EXPECT_NEAR(m.normal_damping_force(-0.2, 0.75), 0.4, kTol);
  EXPECT_NEAR(m.tangential_damping_prefactor(0.75), 1.0, kTol);
  // mass_velocity: m_i = 1, m_j = 3 -> m_eff = 3/4; eta_n = 2 * 0.75 = 1.5
  //   F_damp = -1.5 * (-0.2) = 0.3; eta_t = 0.5 * 1.5 = 0.75
  m.set_damping(GranularDampingModel::mass_velocity);
  const double meff = effective_mass(1.0, 3.0);
  EXPECT_NEAR(meff, 0.75, kTol);
  EXPECT_NEAR(m.normal_damping_prefactor(meff), 1.5, kTol);
  EXPECT_NEAR(m.normal_damping_force(-0.2, meff), 0.3, kTol);
  EXPECT_NEAR(m.tangential_damping_prefactor(meff), 0.75, kTol);
  // neither depends on the overlap or R_eff (no contact radius a)
  EXPECT_EQ(m.normal_contact(-0.01, 0.25, -0.2, meff, 0.0, 1.0).damping,
            m.normal_contact(-0.04, 3.0, -0.2, meff, 0.0, 1.0).damping);
}

TEST(GranularNormal, ContactPartsWithCohesion)
{
  // hooke k_n = 100, eta_n0 = 2 (velocity), k_na = 10, r_c = 0.1, j_a = 2,
  // delta_n = -0.01, v_n = -0.2:
  //   elastic 100 * 0.01 = 1; cohesive -10 * 0.11 = -1.1;
  //   ja_extra (2 - 1) * (-1.1) = -1.1; damping 0.4;
  //   energy 0.005 - 1/2 10 0.11^2 = 0.005 - 0.0605 = -0.0555
  GranularPairModel m = hooke_model();
  ASSERT_EQ(m.set_cohesion(10.0), GranularCoeffError::none);
  GranularNormalForce f = m.normal_contact(-0.01, 0.25, -0.2, 1.0, 0.1, 2.0);
  EXPECT_TRUE(f.overlap);
  EXPECT_NEAR(f.elastic, 1.0, kTol);
  EXPECT_NEAR(f.cohesive, -1.1, kTol);
  EXPECT_NEAR(f.ja_extra, -1.1, kTol);
  EXPECT_NEAR(f.damping, 0.4, kTol);
  EXPECT_NEAR(f.total(), -0.8, kTol);
  EXPECT_NEAR(f.energy, -0.0555, kTol);
  // cohesive range delta_n = 0.04: only -10 * 0.06 = -0.6, E = -0.018
  f = m.normal_contact(0.04, 0.25, -0.2, 1.0, 0.1, 2.0);
  EXPECT_TRUE(f.active);
  EXPECT_FALSE(f.overlap);
  EXPECT_NEAR(f.total(), -0.6, kTol);
  EXPECT_NEAR(f.energy, -0.018, kTol);
  EXPECT_NEAR(m.cohesive_force(0.04, 0.1), -0.6, kTol);
  // beyond r_c: nothing
  f = m.normal_contact(0.11, 0.25, -0.2, 1.0, 0.1, 2.0);
  EXPECT_FALSE(f.active);
  EXPECT_EQ(f.total(), 0.0);
  EXPECT_EQ(f.energy, 0.0);
  // -dE/d(delta_n) = elastic + cohesive, hertz in overlap: k_n = 1000,
  // R = 0.25, at delta_n = -0.01 (h = 1e-6: truncation h^2/6 |E'''| with
  // E''' = 0.75 * 1000 * 0.5 / 0.1 = 3750 -> 6e-10, tolerance 1e-8)
  GranularPairModel hz = m;
  ASSERT_EQ(hz.set_hertz(1000.0, 2.0), GranularCoeffError::none);
  const double h = 1e-6;
  const double fd = -(hz.normal_contact(-0.01 + h, 0.25, 0.0, 1.0, 0.1, 1.0).energy -
                      hz.normal_contact(-0.01 - h, 0.25, 0.0, 1.0, 0.1, 1.0).energy) /
      (2 * h);
  // elastic 0.5 + cohesive -1.1 = -0.6
  EXPECT_NEAR(hz.normal_contact(-0.01, 0.25, 0.0, 1.0, 0.1, 1.0).conservative(), -0.6, kTol);
  EXPECT_NEAR(fd, -0.6, 1e-8);
}

TEST(GranularTangential, NoHistory)
{
  // velocity damping eta_n0 = 2, x_gamma_t = 0.5 -> eta_t = 1; mu = 0.5
  GranularPairModel m;
  ASSERT_EQ(m.set_hooke(100.0, 2.0), GranularCoeffError::none);
  ASSERT_EQ(m.set_linear_nohistory(0.5, 0.5), GranularCoeffError::none);
  EXPECT_FALSE(m.uses_history());
  EXPECT_EQ(m.k_t, 0.0);
  const Vec3 n{0.0, 0.0, 1.0};
  Vec3 xi{1.0, 2.0, 3.0};    // untouched by linear_nohistory
  // v_t = (0.3, 0.4, 0): eta_t |v_t| = 0.5.
  // F_crit = 0.2 < 0.5: F = -0.2 (0.6, 0.8, 0) = (-0.12, -0.16, 0), sliding
  GranularTangentialForce r = m.tangential_force(xi, n, {0.3, 0.4, 0.0}, 1.0, 0.2, 0.1);
  EXPECT_TRUE(r.sliding);
  expect_vec_near(r.force, {-0.12, -0.16, 0.0}, kTol);
  // F_crit = 1 > 0.5: F = -eta_t v_t = (-0.3, -0.4, 0)
  r = m.tangential_force(xi, n, {0.3, 0.4, 0.0}, 1.0, 1.0, 0.1);
  EXPECT_FALSE(r.sliding);
  expect_vec_near(r.force, {-0.3, -0.4, 0.0}, kTol);
  // v_t = 0: no force
  r = m.tangential_force(xi, n, {0.0, 0.0, 0.0}, 1.0, 1.0, 0.1);
  expect_vec_near(r.force, {0.0, 0.0, 0.0}, 0.0);
  expect_vec_near(xi, {1.0, 2.0, 3.0}, 0.0);
  // Coulomb limit helper: mu |F| = 0.5 * |-0.8| = 0.4
  EXPECT_NEAR(m.coulomb_limit(-0.8), 0.4, kTol);
}

TEST(GranularTangential, HistoryAccumulates)
{
  // k_t = 10, eta_t = 1, dt = 0.1, n = z, xi = 0, v_t = (0.1, 0, 0):
  //   xi = (0.01, 0, 0); F = -10 * 0.01 - 1 * 0.1 = -0.2 (x), |F| < 1
  const GranularPairModel m = hooke_model();
  EXPECT_TRUE(m.uses_history());
  const Vec3 n{0.0, 0.0, 1.0};
  Vec3 xi;
  GranularTangentialForce r = m.tangential_force(xi, n, {0.1, 0.0, 0.0}, 1.0, 1.0, 0.1);
  EXPECT_FALSE(r.sliding);
  expect_vec_near(xi, {0.01, 0.0, 0.0}, kTol);
  expect_vec_near(r.force, {-0.2, 0.0, 0.0}, kTol);
  // second step: xi = (0.02, 0, 0), F = -0.2 - 0.1 = -0.3
  r = m.tangential_force(xi, n, {0.1, 0.0, 0.0}, 1.0, 1.0, 0.1);
  expect_vec_near(xi, {0.02, 0.0, 0.0}, kTol);
  expect_vec_near(r.force, {-0.3, 0.0, 0.0}, kTol);
  // update_history = false: xi kept, F = -0.2 - 0.1 = -0.3 again
  const Vec3 before = xi;
  r = m.tangential_force(xi, n, {0.1, 0.0, 0.0}, 1.0, 1.0, 0.1, false);
  expect_vec_near(xi, before, 0.0);
  expect_vec_near(r.force, {-0.3, 0.0, 0.0}, kTol);
}

TEST(GranularTangential, HistoryRotation)
{
  const GranularPairModel m = hooke_model();
  const Vec3 n{0.0, 0.0, 1.0};
  // xi = (0.03, 0, 0.04): |xi . n| k_t = 0.4 > 1e-10 F_crit -> rotated to
  // (0.05, 0, 0) keeping |xi| = 0.05; v_t = 0: F = -10 xi = (-0.5, 0, 0)
  Vec3 xi{0.03, 0.0, 0.04};
  GranularTangentialForce r = m.tangential_force(xi, n, {0.0, 0.0, 0.0}, 1.0, 1.0, 0.1);
  expect_vec_near(xi, {0.05, 0.0, 0.0}, kTol);
  expect_vec_near(r.force, {-0.5, 0.0, 0.0}, kTol);
  // the host's threshold: xi = (0.05, 0, 1e-13), |xi . n| k_t = 1e-12 is
  // not above 1e-10 * F_crit = 1e-10, so xi is not rotated
  Vec3 xs{0.05, 0.0, 1e-13};
  m.tangential_force(xs, n, {0.0, 0.0, 0.0}, 1.0, 1.0, 0.1);
  EXPECT_EQ(xs.z, 1e-13);
  EXPECT_EQ(xs.x, 0.05);
  // ... but it is when F_crit = 0 (every normal component counts)
  m.tangential_force(xs, n, {0.0, 0.0, 0.0}, 1.0, 0.0, 0.1);
  EXPECT_EQ(xs.z, 0.0);
}

TEST(GranularTangential, HistorySlidingRescalesWithDamping)
{
  // k_t = 10, eta_t = 1, dt = 0.1, xi = 0, v_t = (1, 0, 0), F_crit = 0.5:
  //   xi = (0.1, 0, 0); F = -10 * 0.1 - 1 * 1 = -2 (x); |F| = 2 > 0.5:
  //   F = 0.5 * (-1, 0, 0) = (-0.5, 0, 0);
  //   xi = -(F_crit F/|F| + eta_t v_t) / k_t = -(-0.5 + 1) / 10 = -0.05 (x)
  //   check: -k_t xi - eta_t v_t = 0.5 - 1 = -0.5 = F (the spring holds
  //   the damping force too, as in the host)
  const GranularPairModel m = hooke_model();
  const Vec3 n{0.0, 0.0, 1.0};
  Vec3 xi;
  GranularTangentialForce r = m.tangential_force(xi, n, {1.0, 0.0, 0.0}, 1.0, 0.5, 0.1);
  EXPECT_TRUE(r.sliding);
  expect_vec_near(r.force, {-0.5, 0.0, 0.0}, kTol);
  expect_vec_near(xi, {-0.05, 0.0, 0.0}, kTol);

  // 2d: xi = (0.08, 0, 0), v_t = (0, 0.6, 0), eta_t = 1, update off:
  //   F = -10 (0.08, 0, 0) - (0, 0.6, 0) = (-0.8, -0.6, 0), |F| = 1;
  //   F_crit = 0.5: F = (-0.4, -0.3, 0);
  //   xi = -((-0.4, -0.3, 0) + (0, 0.6, 0)) / 10 = (0.04, -0.03, 0)
  Vec3 x2{0.08, 0.0, 0.0};
  r = m.tangential_force(x2, n, {0.0, 0.6, 0.0}, 1.0, 0.5, 0.1, false);
  EXPECT_TRUE(r.sliding);
  expect_vec_near(r.force, {-0.4, -0.3, 0.0}, kTol);
  expect_vec_near(x2, {0.04, -0.03, 0.0}, kTol);

  // |xi| = 0 (update off): F = -eta_t v_t = -1 exceeds 0.5, the host's
  // rule gives F = 0
  Vec3 x0;
  r = m.tangential_force(x0, n, {1.0, 0.0, 0.0}, 1.0, 0.5, 0.1, false);
  EXPECT_TRUE(r.sliding);
  expect_vec_near(r.force, {0.0, 0.0, 0.0}, 0.0);

  // k_t = 0: xi = (0.1, 0, 0), v_t = (1, 0, 0), update off: F = -1 -> capped
  // to -0.5, xi = 0 (no division by zero)
  GranularPairModel z = hooke_model();
  ASSERT_EQ(z.set_linear_history(0.0, 0.5, 0.5), GranularCoeffError::none);
  Vec3 xz{0.1, 0.0, 0.0};
  r = z.tangential_force(xz, n, {1.0, 0.0, 0.0}, 1.0, 0.5, 0.1, false);
  expect_vec_near(r.force, {-0.5, 0.0, 0.0}, kTol);
  expect_vec_near(xz, {0.0, 0.0, 0.0}, 0.0);
}

TEST(GranularTangential, TwoSpheresLikeHost)
{
  // Two spheres r = 0.5 (R_eff 0.25), masses 1 and 3 (m_eff 0.75),
  // hertz/material E = 1000, eta_n0 = 2, nu = 0.5, mass_velocity,
  // linear_history k_t = 10, x_gamma_t = 0.5, mu = 0.5; delta = 0.01,
  // v_n = -0.2, v_t = (0.1, 0, 0), dt = 0.1, first step (xi = 0):
  //   F_ne = 4/9 = 0.4444; eta_n = 1.5, F_damp = 0.3; F_ntot = 0.7444
  //   host: F_crit = mu |F_ntot| = 0.3722
  //   xi = (0.01, 0, 0), eta_t = 0.75: F_t = -0.1 - 0.075 = -0.175 (x)
  GranularPairModel m;
  ASSERT_EQ(m.set_hertz_material(1000.0, 2.0, 0.5), GranularCoeffError::none);
  m.set_damping(GranularDampingModel::mass_velocity);
  ASSERT_EQ(m.set_linear_history(10.0, 0.5, 0.5), GranularCoeffError::none);
  const double R = pair_effective_radius(0.5, 0.5);
  const double meff = effective_mass(1.0, 3.0);
  const GranularNormalForce f = m.normal_contact(-0.01, R, -0.2, meff, 0.0, 1.0);
  EXPECT_NEAR(f.elastic, 4.0 / 9.0, kTol);
  EXPECT_NEAR(f.damping, 0.3, kTol);
  const double fcrit = m.coulomb_limit(f.elastic + f.damping);
  EXPECT_NEAR(fcrit, 0.5 * (4.0 / 9.0 + 0.3), kTol);
  Vec3 xi;
  const GranularTangentialForce t =
      m.tangential_force(xi, {0.0, 0.0, 1.0}, {0.1, 0.0, 0.0}, meff, fcrit, 0.1);
  EXPECT_FALSE(t.sliding);
  expect_vec_near(t.force, {-0.175, 0.0, 0.0}, kTol);
}

TEST(GranularMixing, HookeGeometricMeans)
{
  // k_n 100, 400 -> 200; eta_n0 1, 4 -> 2; k_t 30, 120 -> 60;
  // x_gamma_t 0.25, 1 -> 0.5; mu 0.4, 0.9 -> 0.6; k_na 1, 4 -> 2
  GranularPairModel a, b;
  ASSERT_EQ(a.set_hooke(100.0, 1.0), GranularCoeffError::none);
  ASSERT_EQ(a.set_linear_history(30.0, 0.25, 0.4), GranularCoeffError::none);
  ASSERT_EQ(a.set_cohesion(1.0), GranularCoeffError::none);
  ASSERT_EQ(b.set_hooke(400.0, 4.0), GranularCoeffError::none);
  ASSERT_EQ(b.set_linear_history(120.0, 1.0, 0.9), GranularCoeffError::none);
  ASSERT_EQ(b.set_cohesion(4.0), GranularCoeffError::none);
  ASSERT_TRUE(can_mix(a, b));
  const GranularPairModel m = mix(a, b);
  EXPECT_TRUE(m.complete());
  EXPECT_EQ(m.normal, GranularNormalModel::hooke);
  EXPECT_EQ(m.tangential, GranularTangentialModel::linear_history);
  EXPECT_NEAR(m.k_n, 200.0, 1e-10);
  EXPECT_NEAR(m.damp, 2.0, kTol);
  EXPECT_NEAR(m.k_t, 60.0, 1e-10);
  EXPECT_NEAR(m.x_gamma_t, 0.5, kTol);
  EXPECT_NEAR(m.mu, 0.6, kTol);
  EXPECT_NEAR(m.k_na, 2.0, kTol);
}

TEST(GranularMixing, HertzMaterial)
{
  // i: E = 1000, nu = 0.5 (1 - nu^2 = 0.75); j: E = 3000, nu = 0:
  //   E_eff = 1 / (0.75/1000 + 1/3000) = 1 / (13/12000) = 12000/13 = 923.08
  //   documented: k_n = 4/3 E_eff = 16000/13 = 1230.77; host_2021: 12000/13
  //   nu (informational) = sqrt(0.5 * 0) = 0; eta_n0 sqrt(2 * 8) = 4
  GranularPairModel a, b;
  ASSERT_EQ(a.set_hertz_material(1000.0, 2.0, 0.5), GranularCoeffError::none);
  ASSERT_EQ(a.set_linear_nohistory(1.0, 0.5), GranularCoeffError::none);
  ASSERT_EQ(b.set_hertz_material(3000.0, 8.0, 0.0), GranularCoeffError::none);
  ASSERT_EQ(b.set_linear_nohistory(1.0, 0.5), GranularCoeffError::none);
  const GranularPairModel m = mix(a, b);
  EXPECT_NEAR(m.youngs_modulus, 12000.0 / 13.0, 1e-9);
  EXPECT_NEAR(m.k_n, 16000.0 / 13.0, 1e-9);
  EXPECT_EQ(m.poisson, 0.0);
  EXPECT_NEAR(m.damp, 4.0, kTol);
  EXPECT_NEAR(mix(a, b, HertzMaterialMixing::host_2021).k_n, 12000.0 / 13.0, 1e-9);
  // documented mixing of a type with itself reproduces its own k_n = 8000/9
  EXPECT_NEAR(mix(a, a).k_n, a.k_n, 1e-9);
  EXPECT_NEAR(mix(a, a).k_n, 8000.0 / 9.0, 1e-9);
}

TEST(GranularMixing, DifferentModelsCannotMix)
{
  GranularPairModel a = hooke_model();
  GranularPairModel b = hooke_model();
  ASSERT_EQ(b.set_hertz(100.0, 2.0), GranularCoeffError::none);
  EXPECT_FALSE(can_mix(a, b));
  EXPECT_FALSE(mix(a, b).complete());
  b = hooke_model();
  b.set_damping(GranularDampingModel::mass_velocity);
  EXPECT_FALSE(can_mix(a, b));
  b = hooke_model();
  ASSERT_EQ(b.set_linear_nohistory(0.5, 0.5), GranularCoeffError::none);
  EXPECT_FALSE(can_mix(a, b));
  // incomplete (no tangential model) cannot mix either
  GranularPairModel c;
  ASSERT_EQ(c.set_hooke(100.0, 2.0), GranularCoeffError::none);
  EXPECT_FALSE(c.complete());
  EXPECT_FALSE(can_mix(c, c));
}

TEST(GranularSetters, Errors)
{
  GranularPairModel m = hooke_model();
  EXPECT_EQ(m.set_hooke(-1.0, 2.0), GranularCoeffError::negative_stiffness);
  EXPECT_EQ(m.set_hertz(1.0, -2.0), GranularCoeffError::negative_damping);
  EXPECT_EQ(m.set_hertz_material(0.0, 2.0, 0.3), GranularCoeffError::nonpositive_modulus);
  EXPECT_EQ(m.set_hertz_material(1000.0, 2.0, 0.6), GranularCoeffError::poisson_out_of_range);
  EXPECT_EQ(m.set_hertz_material(1000.0, 2.0, -1.0), GranularCoeffError::poisson_out_of_range);
  EXPECT_EQ(m.set_linear_history(-1.0, 0.5, 0.5), GranularCoeffError::negative_stiffness);
  EXPECT_EQ(m.set_linear_history(1.0, -0.5, 0.5), GranularCoeffError::negative_damping_scale);
  EXPECT_EQ(m.set_linear_nohistory(0.5, -0.5), GranularCoeffError::negative_friction);
  EXPECT_EQ(m.set_cohesion(-1.0), GranularCoeffError::negative_cohesion);
  EXPECT_EQ(m.set_hooke(std::nan(""), 2.0), GranularCoeffError::negative_stiffness);
  // unchanged after the errors
  EXPECT_EQ(m.normal, GranularNormalModel::hooke);
  EXPECT_EQ(m.k_n, 100.0);
  EXPECT_EQ(m.damp, 2.0);
  EXPECT_EQ(m.tangential, GranularTangentialModel::linear_history);
  EXPECT_EQ(m.k_t, 10.0);
  EXPECT_EQ(m.k_na, 0.0);
  EXPECT_STRNE(granular_coeff_error_text(GranularCoeffError::poisson_out_of_range), "");
}

// ---------------------------------------------------------------------------
// Adhesion of Fang et al. (fang_adhesion.h). Numbers of all adhesion tests:
// dhat_p = 0.01, dhat_a = 0.03, Y = 1000, eps_c = 0.5:
//   a_2 = Y eps_c / (2 (dhat_p - dhat_a)) = 500 / -0.04 = -12500
//   a_1 = a_2 (1 - dhat_a / dhat_p) = -12500 * -2 = 25000 = Y eps_c / (2 dhat_p)
//   a(d) = 25000 (d^2 - 1e-4) - 12500 * 4e-4 = 25000 d^2 - 7.5   (0 < d < 0.01)
//          -12500 (d - 0.03)^2                                   (0.01 <= d < 0.03)
//   -a'(d) = -50000 d  and  25000 (d - 0.03): -500 = -Y eps_c at d = 0.01
//   a(0) = -7.5 = -Y eps_c dhat_a / 2, a(0.005) = -6.875, a(0.01) = -5,
//   a(0.02) = -1.25; -a'(0.005) = -a'(0.02) = -250.

namespace {

NormalAdhesion adhesion_example()
{
  NormalAdhesion a;
  EXPECT_EQ(a.set(0.01, 0.03, 1000.0, 0.5), AdhesionCoeffError::none);
  return a;
}

// The two pieces of seeds/003 written out with the derived a_1 = 25000.
double inner_piece(double d) { return -12500.0 * (1.0 - 3.0) * d * d + -12500.0 * 0.02 * 0.02 - 1e-4 * 25000.0; }
double outer_piece(double d) { return -12500.0 * d * d - 2.0 * -12500.0 * 0.03 * d + -12500.0 * 0.03 * 0.03; }

}    // namespace

TEST(FangAdhesion, Coefficients)
{
  const NormalAdhesion a = adhesion_example();
  EXPECT_NEAR(a.a2(), -12500.0, 1e-9);
  EXPECT_NEAR(a.a1(), 25000.0, 1e-9);
  EXPECT_NEAR(a.peak_force(), 500.0, kTol);
}

TEST(FangAdhesion, ValuesWorkedOutByHand)
{
  // tolerance: a few flops on numbers up to 25000 * 1e-4 (1e-15 relative)
  const NormalAdhesion a = adhesion_example();
  EXPECT_NEAR(a.energy(0.0), -7.5, kTol);
  EXPECT_NEAR(a.energy(0.005), -6.875, kTol);
  EXPECT_NEAR(a.energy(0.01), -5.0, kTol);
  EXPECT_NEAR(a.energy(0.02), -1.25, kTol);
  EXPECT_EQ(a.energy(0.03), 0.0);
  EXPECT_EQ(a.energy(0.5), 0.0);
  // overlap: the energy stays a(0), no force
  EXPECT_NEAR(a.energy(-0.02), -7.5, kTol);
  EXPECT_EQ(a.force(-0.02), 0.0);
  EXPECT_EQ(a.force(0.0), 0.0);
  EXPECT_NEAR(a.force(0.005), -250.0, 1e-10);
  EXPECT_NEAR(a.force(0.01), -500.0, 1e-10);
  EXPECT_NEAR(a.force(0.02), -250.0, 1e-10);
  EXPECT_EQ(a.force(0.03), 0.0);
  EXPECT_EQ(a.force(0.04), 0.0);
  // the pieces of seeds/003 as written, with a_1 = 25000
  for (double d : {0.001, 0.004, 0.0099}) EXPECT_NEAR(a.energy(d), inner_piece(d), 1e-12) << d;
  for (double d : {0.01, 0.015, 0.0299}) EXPECT_NEAR(a.energy(d), outer_piece(d), 1e-12) << d;
}

TEST(FangAdhesion, ValueAndSlopeAreContinuousAtDhatP)
{
  // Both pieces at dhat_p itself: a = a_2 (dhat_p - dhat_a)^2 = -5, and the
  // slopes 2 a_2 (1 - dhat_a/dhat_p) dhat_p = 500 (inner, the seed's d^2
  // coefficient) and 2 a_2 (dhat_p - dhat_a) = 500 (outer). The inner
  // piece's constant -dhat_p^2 a_1 makes the values meet only with
  // a_1 = 25000: a_1 = a_2 (a guess from the seed's notation) would make
  // the inner piece jump by 1e-4 (25000 + 12500) = 3.75 at dhat_p.
  const double dp = 0.01;
  EXPECT_NEAR(inner_piece(dp), outer_piece(dp), 1e-12);
  EXPECT_NEAR(inner_piece(dp), -5.0, 1e-12);
  const double h = 1e-7;
  const double inner_slope = (inner_piece(dp) - inner_piece(dp - h)) / h;    // one-sided, error h a_1 = 2.5e-3
  const double outer_slope = (outer_piece(dp + h) - outer_piece(dp)) / h;    // error h |a_2| = 1.25e-3
  EXPECT_NEAR(inner_slope, 500.0, 5e-3);
  EXPECT_NEAR(outer_slope, 500.0, 5e-3);
  // the model's force on both sides of dhat_p: -500 -+ h * 50000 / 25000
  EXPECT_NEAR(adhesion_example().force(dp - h), -500.0, 1e-2);
  EXPECT_NEAR(adhesion_example().force(dp + h), -500.0, 1e-2);
  // and at dhat_a and 0 the value and force go to 0 and a(0) continuously
  const NormalAdhesion a = adhesion_example();
  EXPECT_NEAR(a.energy(0.03 - h), 0.0, 1e-9);
  EXPECT_NEAR(a.force(0.03 - h), 0.0, 1e-2);
  EXPECT_NEAR(a.energy(h), -7.5, 1e-9);
  EXPECT_NEAR(a.force(h), 0.0, 1e-2);
}

TEST(FangAdhesion, ForceIsMinusTheDerivativeOfTheEnergyOverTheWholeRange)
{
  // Central differences with h = 1e-7 on a piecewise quadratic: exact up to
  // round-off (1e-16 * 7.5 / h = 1e-8) inside a piece; across a kink of the
  // slope (at 0, dhat_p, dhat_a) the difference averages the two sides of
  // a'' and misses by at most h max|a''| / 2 = 2.5e-3. Tolerance 5e-3 on a
  // peak of 500 (1e-5 relative). Points on both sides of 0, dhat_p and
  // dhat_a, and a sweep from -0.01 to 0.04.
  const NormalAdhesion a = adhesion_example();
  const double h = 1e-7;
  std::vector<double> points = {-0.01, -1e-6, 0.0, 1e-6, 0.01 - 1e-6, 0.01, 0.01 + 1e-6, 0.03 - 1e-6, 0.03, 0.03 + 1e-6};
  for (int k = 0; k <= 100; ++k) points.push_back(-0.01 + 0.0005 * k);
  double largest = 0.0;
  for (double d : points) {
    const double fd = -(a.energy(d + h) - a.energy(d - h)) / (2.0 * h);
    EXPECT_NEAR(a.force(d), fd, 5e-3) << "d = " << d;
    largest = std::max(largest, std::fabs(a.force(d)));
  }
  EXPECT_NEAR(largest, 500.0, 1e-9);    // the sweep passes the peak
}

TEST(FangAdhesion, TangentialSticking)
{
  // eps_a = 0.002: f0(eps) = -eps/3 + eps = 2 eps/3 = 0.0013333,
  // f0(2 eps) = -8 eps/3 + 4 eps = 4 eps/3 (the plateau, continuous);
  // f1(y) = (y/eps)(2 - y/eps): f1(eps/2) = 0.75, f1(eps) = 1 (the largest),
  // f1(1.5 eps) = 0.75, f1(2 eps) = 0 and beyond: released.
  TangentialAdhesion t;
  ASSERT_EQ(t.set(0.002, 0.5), AdhesionCoeffError::none);
  EXPECT_NEAR(t.f0(0.002), 0.004 / 3.0, kTol);
  EXPECT_NEAR(t.f0(0.004), 0.008 / 3.0, kTol);
  EXPECT_NEAR(t.f0(0.01), 0.008 / 3.0, kTol);
  EXPECT_NEAR(t.f1(0.001), 0.75, kTol);
  EXPECT_NEAR(t.f1(0.002), 1.0, kTol);
  EXPECT_NEAR(t.f1(0.003), 0.75, kTol);
  EXPECT_EQ(t.f1(0.004), 0.0);
  EXPECT_EQ(t.f1(0.1), 0.0);
  // f1 = f0' (central differences, h = 1e-8; cubic: error h^2 / eps^2 ~ 1e-11)
  for (double y = 0.0001; y < 0.005; y += 0.00037)
    EXPECT_NEAR(t.f1(y), (t.f0(y + 1e-8) - t.f0(y - 1e-8)) / 2e-8, 1e-6) << y;
}

TEST(FangAdhesion, ContactPartsWithAdhesion)
{
  // hooke k_n = 100 plus adhesion_example(), R_eff = 0.1: the area per unit
  // weight pi R_eff^2 = 0.031415926535898.
  //   delta_n = 0.01 (dhat_p): cohesive = -500 A = -15.707963267949,
  //     energy = -5 A = -0.15707963267949, no elastic part
  //   delta_n = -0.001 (overlap), j_a = 3: elastic 0.1, cohesive 0 (and
  //     so no j_a part), energy 1/2 100 1e-6 - 7.5 A = 5e-5 - 0.23561944901923
  //   delta_n = 0.04 within r_c = 0.05: active, nothing
  GranularPairModel m = hooke_model();
  ASSERT_EQ(m.set_adhesion(0.01, 0.03, 1000.0, 0.5), AdhesionCoeffError::none);
  EXPECT_DOUBLE_EQ(m.adhesion_range(), 0.03);
  const double A = M_PI * 0.01;
  GranularNormalForce f = m.normal_contact(0.01, 0.1, 0.0, 1.0, 0.05, 3.0);
  EXPECT_TRUE(f.active);
  EXPECT_FALSE(f.overlap);
  EXPECT_NEAR(f.cohesive, -500.0 * A, 1e-12);
  EXPECT_NEAR(f.energy, -5.0 * A, 1e-12);
  EXPECT_EQ(f.elastic, 0.0);
  f = m.normal_contact(-0.001, 0.1, 0.0, 1.0, 0.05, 3.0);
  EXPECT_NEAR(f.elastic, 0.1, 1e-12);
  EXPECT_EQ(f.cohesive, 0.0);
  EXPECT_EQ(f.ja_extra, 0.0);
  EXPECT_NEAR(f.energy, 5e-5 - 7.5 * A, 1e-12);
  f = m.normal_contact(0.04, 0.1, 0.0, 1.0, 0.05, 3.0);
  EXPECT_TRUE(f.active);
  EXPECT_EQ(f.total(), 0.0);
  EXPECT_EQ(f.energy, 0.0);
  // and the conservative part is -dE/d(delta_n) of the contact (h = 1e-7,
  // tolerance as in the previous test times A)
  for (double d : {-0.002, 0.003, 0.0101, 0.025}) {
    const double fd = -(m.normal_contact(d + 1e-7, 0.1, 0.0, 1.0, 0.05, 1.0).energy -
                        m.normal_contact(d - 1e-7, 0.1, 0.0, 1.0, 0.05, 1.0).energy) /
        2e-7;
    EXPECT_NEAR(m.normal_contact(d, 0.1, 0.0, 1.0, 0.05, 1.0).conservative(), fd, 1e-4) << d;
  }
}

TEST(FangAdhesion, SetterErrors)
{
  NormalAdhesion a = adhesion_example();
  EXPECT_EQ(a.set(0.0, 0.03, 1000.0, 0.5), AdhesionCoeffError::nonpositive_dhat_p);
  EXPECT_EQ(a.set(-0.01, 0.03, 1000.0, 0.5), AdhesionCoeffError::nonpositive_dhat_p);
  EXPECT_EQ(a.set(0.01, 0.01, 1000.0, 0.5), AdhesionCoeffError::dhat_a_not_above_dhat_p);
  EXPECT_EQ(a.set(0.01, 0.005, 1000.0, 0.5), AdhesionCoeffError::dhat_a_not_above_dhat_p);
  EXPECT_EQ(a.set(0.01, 0.03, 0.0, 0.5), AdhesionCoeffError::nonpositive_stiffness);
  EXPECT_EQ(a.set(0.01, 0.03, 1000.0, -0.5), AdhesionCoeffError::nonpositive_strain);
  EXPECT_EQ(a.set(std::nan(""), 0.03, 1000.0, 0.5), AdhesionCoeffError::nonpositive_dhat_p);
  // unchanged after the errors
  EXPECT_EQ(a.dhat_p, 0.01);
  EXPECT_EQ(a.dhat_a, 0.03);
  EXPECT_EQ(a.Y, 1000.0);
  EXPECT_EQ(a.eps_c, 0.5);
  TangentialAdhesion t;
  EXPECT_EQ(t.set(0.0, 0.5), AdhesionCoeffError::nonpositive_eps_a);
  EXPECT_EQ(t.set(0.001, -0.5), AdhesionCoeffError::negative_mu_a);
  EXPECT_EQ(t.set(0.001, 0.0), AdhesionCoeffError::none);    // mu_a = 0 is allowed: no tangential adhesion
  EXPECT_FALSE(t.enabled());
  EXPECT_STRNE(adhesion_coeff_error_text(AdhesionCoeffError::negative_mu_a), "");
}

TEST(FangAdhesion, Mixing)
{
  // lengths arithmetic, strengths geometric:
  //   dhat_p (0.01, 0.03) -> 0.02, dhat_a (0.03, 0.05) -> 0.04,
  //   Y (100, 400) -> 200, eps_c (0.25, 1) -> 0.5,
  //   eps_a (0.001, 0.003) -> 0.002, mu_a (0.5, 2) -> 1
  // (arithmetic means of Y, eps_c, mu_a would give 250, 0.625, 1.25)
  GranularPairModel ii = hooke_model(), jj = hooke_model();
  ii.set_adhesion(0.01, 0.03, 100.0, 0.25);
  jj.set_adhesion(0.03, 0.05, 400.0, 1.0);
  ii.set_tangential_adhesion(0.001, 0.5);
  jj.set_tangential_adhesion(0.003, 2.0);
  const GranularPairModel m = mix(ii, jj);
  EXPECT_NEAR(m.adhesion.dhat_p, 0.02, kTol);
  EXPECT_NEAR(m.adhesion.dhat_a, 0.04, kTol);
  EXPECT_NEAR(m.adhesion.Y, 200.0, kTol);
  EXPECT_NEAR(m.adhesion.eps_c, 0.5, kTol);
  EXPECT_NEAR(m.tangential_adhesion.eps_a, 0.002, kTol);
  EXPECT_NEAR(m.tangential_adhesion.mu_a, 1.0, kTol);
  EXPECT_TRUE(m.uses_tangential_adhesion());
  // a type without adhesion: none for the pair
  const GranularPairModel none = mix(ii, hooke_model());
  EXPECT_FALSE(none.adhesion.enabled());
  EXPECT_FALSE(none.uses_tangential_adhesion());
  EXPECT_EQ(none.adhesion_range(), 0.0);
}
