// The granular law on a set of contacts (pair_contact_forces with
// GranularLaw): per-contact normal forces with R_eff per contact kind and
// the weight w, one friction force per pair from the averaged contacts.
// All numbers by hand in the comments; tolerance 1e-12 for a few flops on
// O(1) numbers.
#include "granular_pair_forces.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace body_dem;

namespace {

constexpr double kTol = 1e-12;

Contact make_contact(FeatureKind ki, FeatureKind kj, const Vec3 &point, const Vec3 &normal, double delta_n,
                     double w = 1.0)
{
  Contact c;
  c.kind_i = ki;
  c.kind_j = kj;
  c.point = point;
  c.normal = normal;
  c.delta_n = delta_n;
  c.weight = w;
  return c;
}

GranularPairModel hooke(double kn, double damp, double kt, double xgt, double mu)
{
  GranularPairModel m;
  m.set_hooke(kn, damp);
  m.set_linear_history(kt, xgt, mu);
  return m;
}

}    // namespace

TEST(GranularPairForces, HookeSphereSphereMatchesTheModel)
{
  // Two spheres (vertex-vertex), r = 0.5 each: R_eff = 0.25 (irrelevant for
  // hooke). delta_n = -0.01, at rest: F = k_n delta = 1000 * 0.01 = 10 on
  // j along +x; E = 1/2 k_n delta^2 = 0.05.
  const GranularPairModel m = hooke(1000.0, 0.0, 0.0, 0.0, 0.0);
  const Contact c = make_contact(FeatureKind::vertex, FeatureKind::vertex, {0.5, 0, 0}, {1, 0, 0}, -0.01);
  BodyMotion bi, bj;
  bj.center = {1.0, 0, 0};
  PairStepSettings s;
  const PairResult r = granular_pair_forces(&c, 1, 1.0, bi, bj, GranularLaw{m, 0.5, 0.5, 0.5, 0.0}, s, nullptr);
  EXPECT_NEAR(r.total.force_j.x, 10.0, kTol);
  EXPECT_NEAR(r.energy, 0.05, kTol);
  EXPECT_TRUE(r.touching);
}

TEST(GranularPairForces, HertzUsesTheEffectiveRadiusOfEachContactKind)
{
  // hertz: F_ne = k_n delta sqrt(R_eff delta). k_n = 1000, delta = 0.01,
  // r_i = 0.5 (vertex), r_j = 0.2 (face): vertex-face R_eff = r_v = 0.5:
  // F = 1000 * 0.01 * sqrt(0.005) = 0.7071067811865476.
  // The same contact seen as vertex-vertex: R_eff = 0.5*0.2/0.7 = 1/7:
  // F = 10 * sqrt(0.01/7) = 0.3779644730092272.
  GranularPairModel m;
  m.set_hertz(1000.0, 0.0);
  m.set_linear_nohistory(0.0, 0.0);
  BodyMotion bi, bj;
  PairStepSettings s;
  const GranularLaw law{m, 0.5, 0.2, 1.0, 0.0};
  const Contact vf = make_contact(FeatureKind::vertex, FeatureKind::face, {0, 0, 0}, {0, 0, 1}, -0.01);
  const Contact vv = make_contact(FeatureKind::vertex, FeatureKind::vertex, {0, 0, 0}, {0, 0, 1}, -0.01);
  EXPECT_NEAR(granular_pair_forces(&vf, 1, 1.0, bi, bj, law, s, nullptr).total.force_j.z, 0.7071067811865476, kTol);
  EXPECT_NEAR(granular_pair_forces(&vv, 1, 1.0, bi, bj, law, s, nullptr).total.force_j.z, 0.3779644730092272, kTol);
}

TEST(GranularPairForces, WeightsScaleEveryNormalPart)
{
  // hooke k_n = 100, damping velocity eta = 2, cohesion k_na = 4, r_c = 0.1,
  // j_a = 3, w = 0.25, delta_n = -0.02, approaching at v_n = -1:
  // F_ne = 2, F_c = -4 * 0.12 = -0.48, j_a F_c = -1.44, F_damp = -2 * -1 = 2:
  // F_n = w (2 - 1.44 + 2) = 0.64. Energy w (1/2 100 0.0004 - 1/2 4 0.0144)
  // = 0.25 (0.02 - 0.0288) = -0.0022.
  GranularPairModel m;
  m.set_hooke(100.0, 2.0);
  m.set_linear_nohistory(0.0, 0.0);
  m.set_cohesion(4.0);
  const Contact c = make_contact(FeatureKind::vertex, FeatureKind::face, {0, 0, 0}, {0, 0, 1}, -0.02, 0.25);
  BodyMotion bi, bj;
  bj.velocity = {0, 0, -1};
  PairStepSettings s;
  const PairResult r = granular_pair_forces(&c, 1, 3.0, bi, bj, GranularLaw{m, 0.1, 0.1, 1.0, 0.1}, s, nullptr);
  EXPECT_NEAR(r.total.force_j.z, 0.64, kTol);
  EXPECT_NEAR(r.energy, -0.0022, kTol);
  // the j_a part: w (j_a - 1) F_c = 0.25 * 2 * -0.48 = -0.24; damping 0.25 * 2 = 0.5
  EXPECT_NEAR(r.ja_scaling.force_j.z, -0.24, kTol);
  EXPECT_NEAR(r.dissipative.force_j.z, 0.5, kTol);
}

TEST(GranularPairForces, OneFrictionForceFromTheAveragedContacts)
{
  // Two vertex-face contacts at x = -1 and x = +1 (normal +z), overlaps 0.01
  // and 0.03, hooke k_n = 100: F_ne = 1 and 3, weights a = 1, 3, sum 4.
  // Average point x = (-1 + 3)/4 = 0.5. Body j slides along +y at 1 (no
  // rotation); linear_history k_t = 10, dt = 0.1, no damping: xi = 0.1 ey,
  // F = -k_t xi = -1 ey, below the limit mu * 4 = 2 (mu = 0.5). It acts at
  // (0.5, 0, 0): torque on j about its centre (0,0,0) is r x F =
  // (0.5,0,0) x (0,-1,0) = (0,0,-0.5).
  const GranularPairModel m = hooke(100.0, 0.0, 10.0, 0.0, 0.5);
  const Contact c[2] = {make_contact(FeatureKind::vertex, FeatureKind::face, {-1, 0, 0}, {0, 0, 1}, -0.01),
                        make_contact(FeatureKind::vertex, FeatureKind::face, {1, 0, 0}, {0, 0, 1}, -0.03)};
  BodyMotion bi, bj;
  bj.velocity = {0, 1, 0};
  PairStepSettings s;
  s.dt = 0.1;
  s.history = true;
  Vec3 xi;
  const PairResult r = granular_pair_forces(c, 2, 1.0, bi, bj, GranularLaw{m, 0.1, 0.1, 1.0, 0.0}, s, &xi);
  EXPECT_NEAR(xi.y, 0.1, kTol);
  EXPECT_NEAR(r.total.force_j.y, -1.0, kTol);
  EXPECT_NEAR(r.total.force_j.z, 4.0, kTol);
  EXPECT_NEAR(r.total.torque_j.z, -0.5, kTol);
  // Sliding: after 30 more steps xi would be 3.1, F = 31 > 2: capped at 2.
  for (int k = 0; k < 30; ++k) granular_pair_forces(c, 2, 1.0, bi, bj, GranularLaw{m, 0.1, 0.1, 1.0, 0.0}, s, &xi);
  const PairResult slid = granular_pair_forces(c, 2, 1.0, bi, bj, GranularLaw{m, 0.1, 0.1, 1.0, 0.0}, s, &xi);
  EXPECT_NEAR(slid.total.force_j.y, -2.0, kTol);
}

TEST(GranularPairForces, SeparationResetsTheDisplacement)
{
  const GranularPairModel m = hooke(100.0, 0.0, 10.0, 0.0, 0.5);
  const Contact apart = make_contact(FeatureKind::vertex, FeatureKind::face, {0, 0, 0}, {0, 0, 1}, 0.01);
  BodyMotion bi, bj;
  PairStepSettings s;
  s.history = true;
  Vec3 xi{0.3, 0, 0};
  const PairResult r = granular_pair_forces(&apart, 1, 1.0, bi, bj, GranularLaw{m, 0.1, 0.1, 1.0, 0.0}, s, &xi);
  EXPECT_FALSE(r.touching);
  EXPECT_EQ(xi.x, 0.0);
}
