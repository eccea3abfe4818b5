// Unit tests of the Fraige/Wang linear contact law (layer 2), no LAMMPS.
//
// Unless a test says otherwise the coefficients are
//   k_n = 100, k_na = 10, c_n = 2, c_t = 5, mu = 0.5, r_c = 0.1
// and every expected value is worked out by hand in a comment.
// Tolerance for hand-computed values of order one: 1e-12, far above the
// round-off of the few floating-point operations involved (~1e-16 each).
#include "linear_contact_law.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace body_dem;

namespace {

constexpr double kTol = 1e-12;

LinearContactCoeffs coeffs()
{
  LinearContactCoeffs c;
  c.k_n = 100.0;
  c.k_na = 10.0;
  c.c_n = 2.0;
  c.c_t = 5.0;
  c.mu = 0.5;
  c.cutoff = 0.1;
  return c;
}

void expect_vec_near(const Vec3 &a, const Vec3 &b, double tol)
{
  EXPECT_NEAR(a.x, b.x, tol);
  EXPECT_NEAR(a.y, b.y, tol);
  EXPECT_NEAR(a.z, b.z, tol);
}

}    // namespace

TEST(LinearContactLaw, DefaultTangentialStiffness)
{
  // not given: k_t = 2/7 k_n = 200/7 = 28.571428...
  LinearContactCoeffs c = coeffs();
  EXPECT_FALSE(c.has_tangential_stiffness());
  apply_default_tangential_stiffness(c);
  EXPECT_TRUE(c.has_tangential_stiffness());
  EXPECT_NEAR(c.k_t, 200.0 / 7.0, kTol);

  // given values, zero included, are kept
  LinearContactCoeffs g = coeffs();
  g.k_t = 30.0;
  apply_default_tangential_stiffness(g);
  EXPECT_EQ(g.k_t, 30.0);
  g.k_t = 0.0;
  apply_default_tangential_stiffness(g);
  EXPECT_EQ(g.k_t, 0.0);
}

TEST(LinearContactLaw, OverlapParts)
{
  // delta_n = -0.01, v_n = -0.2 (approaching), j_a = 1.5
  //   elastic  = -100 * (-0.01)                  =  1.0
  //   r_c - delta_n = 0.1 + 0.01                 =  0.11
  //   cohesive = -10 * 0.11                      = -1.1
  //   ja_extra = -(1.5 - 1) * 10 * 0.11          = -0.55
  //   damping  = -2 * (-0.2)                     =  0.4
  //   total    = 1.0 - 1.1 - 0.55 + 0.4          = -0.25
  //   energy   = 1/2 100 1e-4 - 1/2 10 0.0121    =  0.005 - 0.0605 = -0.0555
  const LinearNormalForce f = linear_normal_force(coeffs(), -0.01, -0.2, 1.5);
  EXPECT_TRUE(f.active);
  EXPECT_TRUE(f.overlap);
  EXPECT_NEAR(f.elastic, 1.0, kTol);
  EXPECT_NEAR(f.cohesive, -1.1, kTol);
  EXPECT_NEAR(f.ja_extra, -0.55, kTol);
  EXPECT_NEAR(f.damping, 0.4, kTol);
  EXPECT_NEAR(f.total(), -0.25, kTol);
  EXPECT_NEAR(f.conservative(), -0.1, kTol);
  EXPECT_NEAR(f.energy, -0.0555, kTol);
}

TEST(LinearContactLaw, CohesiveRangeParts)
{
  // delta_n = 0.04: only -k_na (r_c - delta_n) = -10 * 0.06 = -0.6; no
  // damping (v_n = 0.3 ignored), no j_a (2 ignored);
  // energy = -1/2 10 0.06^2 = -0.018
  const LinearNormalForce f = linear_normal_force(coeffs(), 0.04, 0.3, 2.0);
  EXPECT_TRUE(f.active);
  EXPECT_FALSE(f.overlap);
  EXPECT_EQ(f.elastic, 0.0);
  EXPECT_NEAR(f.cohesive, -0.6, kTol);
  EXPECT_EQ(f.ja_extra, 0.0);
  EXPECT_EQ(f.damping, 0.0);
  EXPECT_NEAR(f.total(), -0.6, kTol);
  EXPECT_NEAR(f.energy, -0.018, kTol);
}

TEST(LinearContactLaw, BeyondCutoffAndContactOnly)
{
  const LinearNormalForce far = linear_normal_force(coeffs(), 0.1 + 1e-9, -1.0, 2.0);
  EXPECT_FALSE(far.active);
  EXPECT_EQ(far.total(), 0.0);
  EXPECT_EQ(far.energy, 0.0);

  // r_c = 0: contact only. delta_n = 0.001 -> nothing; delta_n = -0.01 ->
  // elastic 1.0, cohesive = -10 * 0.01 = -0.1 (k_na still acts in overlap),
  // energy = 0.005 - 1/2 10 1e-4 = 0.0045
  LinearContactCoeffs c = coeffs();
  c.cutoff = 0.0;
  EXPECT_FALSE(linear_normal_force(c, 0.001, 0.0, 1.0).active);
  const LinearNormalForce f = linear_normal_force(c, -0.01, 0.0, 1.0);
  EXPECT_NEAR(f.elastic, 1.0, kTol);
  EXPECT_NEAR(f.cohesive, -0.1, kTol);
  EXPECT_NEAR(f.energy, 0.0045, kTol);
}

TEST(LinearContactLaw, ContinuityAtZeroAndCutoff)
{
  const LinearContactCoeffs c = coeffs();
  // At delta_n = 0 without j_a scaling (j_a = 1) and without damping
  // (v_n = 0) both sides give F = -k_na r_c = -1 and E = -1/2 k_na r_c^2 =
  // -0.05. Across [-h, h] the force changes by at most (k_n + k_na) 2h
  // (|slope| <= k_n - k_na on the left, k_na on the right) and the
  // energy by at most max|F| 2h.
  const double h = 1e-9;
  const LinearNormalForce l = linear_normal_force(c, -h, 0.0, 1.0);
  const LinearNormalForce r = linear_normal_force(c, +h, 0.0, 1.0);
  const LinearNormalForce z = linear_normal_force(c, 0.0, 0.0, 1.0);
  EXPECT_TRUE(z.overlap);
  EXPECT_NEAR(z.total(), -1.0, kTol);
  EXPECT_NEAR(z.energy, -0.05, kTol);
  EXPECT_NEAR(l.total(), r.total(), (c.k_n + c.k_na) * 2 * h);
  EXPECT_NEAR(l.energy, r.energy, 1.1 * 2 * h);

  // With j_a = 1.5 the force jumps at 0 by -(j_a - 1) k_na r_c = -0.5, the
  // energy does not (j_a has no energy).
  const LinearNormalForce lj = linear_normal_force(c, -h, 0.0, 1.5);
  EXPECT_NEAR(lj.total() - r.total(), -0.5, 1e-6);
  EXPECT_NEAR(lj.energy, r.energy, 1.1 * 2 * h);

  // At r_c: F = 0 and E = 0 exactly, and nothing beyond.
  const LinearNormalForce atc = linear_normal_force(c, 0.1, 0.0, 1.0);
  EXPECT_TRUE(atc.active);
  EXPECT_EQ(atc.total(), 0.0);
  EXPECT_EQ(atc.energy, 0.0);
  const LinearNormalForce below = linear_normal_force(c, 0.1 - h, 0.0, 1.0);
  EXPECT_NEAR(below.total(), 0.0, c.k_na * h * 1.01);
  EXPECT_NEAR(below.energy, 0.0, c.k_na * h * h);
}

TEST(LinearContactLaw, EnergyDerivativeIsConservativeForce)
{
  // Central difference -(E(d+h) - E(d-h)) / 2h. E is quadratic in each
  // range, so the O(h^2) truncation error h^2/6 E''' vanishes; what is
  // left is round-off ~ eps |E| / h = 1e-16 * 0.1 / 1e-5 = 1e-12. The
  // points stay at least h away from the kinks at 0 and r_c.
  const LinearContactCoeffs c = coeffs();
  const double h = 1e-5;
  for (double d : {-0.05, -0.01, -0.001, 0.001, 0.03, 0.0999 - h}) {
    const double ep = linear_normal_force(c, d + h, 0.0, 1.0).energy;
    const double em = linear_normal_force(c, d - h, 0.0, 1.0).energy;
    const double fd = -(ep - em) / (2 * h);
    EXPECT_NEAR(fd, linear_normal_force(c, d, 0.0, 1.0).conservative(), 1e-9) << "d = " << d;
    // j_a and damping do not enter the conservative part
    EXPECT_NEAR(linear_normal_force(c, d, 0.7, 3.0).conservative(),
                linear_normal_force(c, d, 0.0, 1.0).conservative(), kTol);
  }
}

TEST(LinearContactLaw, TangentialDamping)
{
  // -c_t v_t = -5 (0.3, 0.4, 0) = (-1.5, -2, 0) in overlap, zero otherwise
  const Vec3 v{0.3, 0.4, 0.0};
  expect_vec_near(linear_tangential_damping(coeffs(), -0.01, v), {-1.5, -2.0, 0.0}, kTol);
  expect_vec_near(linear_tangential_damping(coeffs(), 0.0, v), {-1.5, -2.0, 0.0}, kTol);
  expect_vec_near(linear_tangential_damping(coeffs(), 0.02, v), {0.0, 0.0, 0.0}, 0.0);
}

TEST(LinearContactLaw, FrictionCappedByVelocity)
{
  const LinearContactCoeffs c = coeffs();
  // delta_n = -0.01: mu k_n |delta_n| = 0.5 * 100 * 0.01 = 0.5.
  // v_t = (0.3, 0.4, 0), |v_t| = 0.5: c_t |v_t| = 2.5 -> min = 0.5,
  //   F = -0.5 (0.6, 0.8, 0) = (-0.3, -0.4, 0)
  expect_vec_near(linear_friction_force(c, -0.01, {0.3, 0.4, 0.0}), {-0.3, -0.4, 0.0}, kTol);
  // v_t = (0.03, 0.04, 0), |v_t| = 0.05: c_t |v_t| = 0.25 < 0.5 -> capped,
  //   F = -0.25 (0.6, 0.8, 0) = (-0.15, -0.2, 0) = -c_t v_t
  expect_vec_near(linear_friction_force(c, -0.01, {0.03, 0.04, 0.0}), {-0.15, -0.2, 0.0}, kTol);
  // v_t = 0: no direction, no force
  expect_vec_near(linear_friction_force(c, -0.01, {0.0, 0.0, 0.0}), {0.0, 0.0, 0.0}, 0.0);
  // cohesive range: no friction although k_n |delta_n| > 0
  expect_vec_near(linear_friction_force(c, 0.05, {0.3, 0.4, 0.0}), {0.0, 0.0, 0.0}, 0.0);
  // the generic form: limit 1, c_t 5, v_t = (0, 0, 0.1): min(1, 0.5) -> (0, 0, -0.5)
  expect_vec_near(capped_friction_force(1.0, 5.0, {0.0, 0.0, 0.1}), {0.0, 0.0, -0.5}, kTol);
}

TEST(LinearContactLaw, SpringAccumulates)
{
  // k_t = 10, F_max = 1, dt = 0.1, n = z, v_t = (0.2, 0, 0):
  //   step 1: xi = (0.02, 0, 0), F = (-0.2, 0, 0)
  //   step 2: xi = (0.04, 0, 0), F = (-0.4, 0, 0)
  const Vec3 n{0.0, 0.0, 1.0};
  Vec3 xi;
  TangentialSpringResult r = linear_tangential_spring(xi, n, {0.2, 0.0, 0.0}, 0.1, 10.0, 1.0);
  EXPECT_FALSE(r.sliding);
  expect_vec_near(xi, {0.02, 0.0, 0.0}, kTol);
  expect_vec_near(r.force, {-0.2, 0.0, 0.0}, kTol);
  r = linear_tangential_spring(xi, n, {0.2, 0.0, 0.0}, 0.1, 10.0, 1.0);
  EXPECT_FALSE(r.sliding);
  expect_vec_near(xi, {0.04, 0.0, 0.0}, kTol);
  expect_vec_near(r.force, {-0.4, 0.0, 0.0}, kTol);
  // spring energy 1/2 10 0.04^2 = 0.008
  EXPECT_NEAR(tangential_spring_energy(10.0, xi), 0.008, kTol);

  // the normal part of v_t is dropped: v_t = (0.1, 0, 5) -> xi += (0.01, 0, 0)
  Vec3 xi2;
  linear_tangential_spring(xi2, n, {0.1, 0.0, 5.0}, 0.1, 10.0, 1.0);
  expect_vec_near(xi2, {0.01, 0.0, 0.0}, kTol);

  // update_history = false: xi is neither rotated nor accumulated
  Vec3 xi3{0.03, 0.0, 0.04};
  r = linear_tangential_spring(xi3, n, {1.0, 0.0, 0.0}, 0.1, 10.0, 1.0, false);
  expect_vec_near(xi3, {0.03, 0.0, 0.04}, 0.0);
  expect_vec_near(r.force, {-0.3, 0.0, -0.4}, kTol);
}

TEST(LinearContactLaw, SpringRotationKeepsMagnitude)
{
  // xi = (0.03, 0, 0.04), |xi| = 0.05, n = z: projection (0.03, 0, 0) of
  // length 0.03, scaled by 0.05/0.03 -> (0.05, 0, 0); F = (-0.5, 0, 0)
  Vec3 xi{0.03, 0.0, 0.04};
  TangentialSpringResult r =
      linear_tangential_spring(xi, {0.0, 0.0, 1.0}, {0.0, 0.0, 0.0}, 0.1, 10.0, 1.0);
  expect_vec_near(xi, {0.05, 0.0, 0.0}, kTol);
  expect_vec_near(r.force, {-0.5, 0.0, 0.0}, kTol);

  // tilted normal n = (0.6, 0, 0.8): xi.n = 0.05 * 0.6 = 0.03,
  // xi - 0.03 n = (0.032, 0, -0.024), length 0.04, scaled by 0.05/0.04 =
  // 1.25 -> (0.04, 0, -0.03): |xi| = 0.05 and xi.n = 0.024 - 0.024 = 0
  const Vec3 n{0.6, 0.0, 0.8};
  rotate_into_tangent_plane(xi, n);
  expect_vec_near(xi, {0.04, 0.0, -0.03}, kTol);
  EXPECT_NEAR(norm(xi), 0.05, kTol);
  EXPECT_NEAR(dot(xi, n), 0.0, kTol);

  // xi parallel to n: the projection vanishes -> xi = 0
  Vec3 par{0.0, 0.0, 0.1};
  rotate_into_tangent_plane(par, {0.0, 0.0, 1.0});
  expect_vec_near(par, {0.0, 0.0, 0.0}, 0.0);
}

TEST(LinearContactLaw, SpringSlidingRescalesToCap)
{
  // k_t = 10, F_max = 0.5, xi = (0.08, 0, 0), v_t = (0, 0.6, 0), dt = 0.1:
  //   xi = (0.08, 0.06, 0), F = (-0.8, -0.6, 0), |F| = 1 > 0.5: sliding,
  //   F = 0.5 (-0.8, -0.6, 0) = (-0.4, -0.3, 0), xi = -F/k_t = (0.04, 0.03, 0)
  const Vec3 n{0.0, 0.0, 1.0};
  Vec3 xi{0.08, 0.0, 0.0};
  TangentialSpringResult r = linear_tangential_spring(xi, n, {0.0, 0.6, 0.0}, 0.1, 10.0, 0.5);
  EXPECT_TRUE(r.sliding);
  expect_vec_near(r.force, {-0.4, -0.3, 0.0}, kTol);
  expect_vec_near(xi, {0.04, 0.03, 0.0}, kTol);
  EXPECT_NEAR(norm(xi) * 10.0, 0.5, kTol);

  // next step at rest with a slightly larger cap (0.5 + 1e-9, above the
  // round-off of |k_t xi| = 0.5): sticks with the same force
  r = linear_tangential_spring(xi, n, {0.0, 0.0, 0.0}, 0.1, 10.0, 0.5 + 1e-9);
  EXPECT_FALSE(r.sliding);
  expect_vec_near(r.force, {-0.4, -0.3, 0.0}, kTol);

  // F_max = 0 (mu = 0 or no elastic force): the spring is emptied
  Vec3 xi0{0.01, 0.0, 0.0};
  r = linear_tangential_spring(xi0, n, {0.0, 0.0, 0.0}, 0.1, 10.0, 0.0);
  EXPECT_TRUE(r.sliding);
  expect_vec_near(r.force, {0.0, 0.0, 0.0}, 0.0);
  expect_vec_near(xi0, {0.0, 0.0, 0.0}, 0.0);
}

TEST(LinearContactLaw, SpringZeroStiffness)
{
  // k_t = 0: no force, no sliding, no division by zero; xi still
  // accumulates (0.1 * 0.1 = 0.01 per step) and stays finite.
  Vec3 xi;
  TangentialSpringResult r =
      linear_tangential_spring(xi, {0.0, 0.0, 1.0}, {0.1, 0.0, 0.0}, 0.1, 0.0, 0.0);
  EXPECT_FALSE(r.sliding);
  expect_vec_near(r.force, {0.0, 0.0, 0.0}, 0.0);
  expect_vec_near(xi, {0.01, 0.0, 0.0}, kTol);
  EXPECT_TRUE(std::isfinite(xi.x));
}
