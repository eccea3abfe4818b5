// The granular law on a set of contacts (pair_contact_forces with
// GranularLaw): per-contact normal forces with the pair's R_eff and
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

// pair_contact_forces() takes the relative velocity at each contact from
// RelativeMotion, one cross product per contact: it must be v_j(p) -
// v_i(p) of the two bodies' motions. Tolerance 1e-14 of the size of the
// terms (|v| + |w| |arm|): the two ways round off differently.
TEST(RelativeMotion, IsTheDifferenceOfTheBodiesVelocitiesAtAPoint)
{
  const BodyMotion bi{{1.0, -2.0, 0.5}, {0.3, 0.1, -0.2}, {0.7, -1.1, 2.3}};
  const BodyMotion bj{{1.9, -1.4, 0.8}, {-0.4, 0.6, 0.05}, {-1.5, 0.2, 0.9}};
  const RelativeMotion relative(bi, bj);
  for (const Vec3 &p : {Vec3{1.4, -1.7, 0.6}, Vec3{1.0, -2.0, 0.5}, Vec3{1.9, -1.4, 0.8}, Vec3{-3.0, 4.0, 1.0}}) {
    const Vec3 expected = bj.velocity_at(p) - bi.velocity_at(p);
    const Vec3 got = relative.velocity_at_arm(p - bi.center);
    const double scale = 2.0 + 3.0 * norm(p - bi.center) + 3.0 * norm(p - bj.center);
    EXPECT_NEAR(got.x, expected.x, 1e-14 * scale);
    EXPECT_NEAR(got.y, expected.y, 1e-14 * scale);
    EXPECT_NEAR(got.z, expected.z, 1e-14 * scale);
  }
  // a wall's motion has the body's centre: no w_j x (c_j - c_i) term
  const BodyMotion wall{bi.center, {0.0, 0.0, 0.1}, {}};
  const RelativeMotion on_wall(bi, wall);
  const Vec3 p{1.3, -2.2, 0.1};
  const Vec3 expected = wall.velocity_at(p) - bi.velocity_at(p);
  const Vec3 got = on_wall.velocity_at_arm(p - bi.center);
  const double scale = 1.0 + 3.0 * norm(p - bi.center);
  EXPECT_NEAR(got.x, expected.x, 1e-14 * scale);
  EXPECT_NEAR(got.y, expected.y, 1e-14 * scale);
  EXPECT_NEAR(got.z, expected.z, 1e-14 * scale);
}

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
  const PairResult r = granular_pair_forces(&c, 1, 1.0, bi, bj, GranularLaw{m, pair_effective_radius(0.5, 0.5), 0.5, 0.0}, s, nullptr);
  EXPECT_NEAR(r.total.force_j.x, 10.0, kTol);
  EXPECT_NEAR(r.energy, 0.05, kTol);
  EXPECT_TRUE(r.touching);
}

TEST(GranularPairForces, HertzUsesOneEffectiveRadiusWhateverTheContactKind)
{
  // hertz: F_ne = k_n delta sqrt(R_eff delta). k_n = 1000, delta = 0.01,
  // r_i = 0.5, r_j = 0.2: R_eff = 0.5*0.2/0.7 = 1/7 for every kind of
  // contact (issue 16: a kind-dependent R_eff jumps where a contact changes
  // kind): F = 10 * sqrt(0.01/7) = 0.3779644730092272 for a vertex-face, a
  // vertex-vertex and an edge-edge contact alike.
  GranularPairModel m;
  m.set_hertz(1000.0, 0.0);
  m.set_linear_nohistory(0.0, 0.0);
  BodyMotion bi, bj;
  PairStepSettings s;
  const GranularLaw law{m, pair_effective_radius(0.5, 0.2), 1.0, 0.0};
  const Contact vf = make_contact(FeatureKind::vertex, FeatureKind::face, {0, 0, 0}, {0, 0, 1}, -0.01);
  const Contact vv = make_contact(FeatureKind::vertex, FeatureKind::vertex, {0, 0, 0}, {0, 0, 1}, -0.01);
  const Contact ee = make_contact(FeatureKind::edge, FeatureKind::edge, {0, 0, 0}, {0, 0, 1}, -0.01);
  EXPECT_NEAR(granular_pair_forces(&vf, 1, 1.0, bi, bj, law, s, nullptr).total.force_j.z, 0.3779644730092272, kTol);
  EXPECT_NEAR(granular_pair_forces(&vv, 1, 1.0, bi, bj, law, s, nullptr).total.force_j.z, 0.3779644730092272, kTol);
  EXPECT_NEAR(granular_pair_forces(&ee, 1, 1.0, bi, bj, law, s, nullptr).total.force_j.z, 0.3779644730092272, kTol);
  // a wall (flat): R_eff = r = 0.5: F = 10 sqrt(0.005) = 0.7071067811865476
  const GranularLaw wall{m, wall_effective_radius(0.5), 1.0, 0.0};
  EXPECT_NEAR(granular_pair_forces(&vf, 1, 1.0, bi, bj, wall, s, nullptr).total.force_j.z, 0.7071067811865476, kTol);
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
  const PairResult r = granular_pair_forces(&c, 1, 3.0, bi, bj, GranularLaw{m, pair_effective_radius(0.1, 0.1), 1.0, 0.1}, s, nullptr);
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
  const PairResult r = granular_pair_forces(c, 2, 1.0, bi, bj, GranularLaw{m, pair_effective_radius(0.1, 0.1), 1.0, 0.0}, s, &xi);
  EXPECT_NEAR(xi.y, 0.1, kTol);
  EXPECT_NEAR(r.total.force_j.y, -1.0, kTol);
  EXPECT_NEAR(r.total.force_j.z, 4.0, kTol);
  EXPECT_NEAR(r.total.torque_j.z, -0.5, kTol);
  // Sliding: after 30 more steps xi would be 3.1, F = 31 > 2: capped at 2.
  for (int k = 0; k < 30; ++k) granular_pair_forces(c, 2, 1.0, bi, bj, GranularLaw{m, pair_effective_radius(0.1, 0.1), 1.0, 0.0}, s, &xi);
  const PairResult slid = granular_pair_forces(c, 2, 1.0, bi, bj, GranularLaw{m, pair_effective_radius(0.1, 0.1), 1.0, 0.0}, s, &xi);
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
  const PairResult r = granular_pair_forces(&apart, 1, 1.0, bi, bj, GranularLaw{m, pair_effective_radius(0.1, 0.1), 1.0, 0.0}, s, &xi);
  EXPECT_FALSE(r.touching);
  EXPECT_EQ(xi.x, 0.0);
}

// ---------------------------------------------------------------------------
// Tangential adhesion of a pair (add_tangential_adhesion): one vertex-vertex
// contact of spheres r = 0.2 (R_eff = 0.1, area pi R_eff^2 =
// 0.031415926535898), normal +z, at delta_n = dhat_p = 0.01 with the
// adhesion of dhat_p = 0.01, dhat_a = 0.03, Y = 1000, eps_c = 0.5: the
// normal adhesion force lambda = 500 * 0.031415926535898 =
// 15.707963267949. eps_a = 0.001, mu_a = 0.5: largest tangential force
// mu_a lambda = 7.8539816339745. Body j slides along +x at 1 with dt =
// 0.0005: y grows by 0.0005 per step.
//   step 1: y = 0.0005, lambda used = 0 (nothing lagged yet): F = 0
//   step 2: y = 0.001 = eps_a, f1 = 1:              F = -7.8539816339745
//   step 3: y = 0.0015, f1 = 1.5 * 0.5 = 0.75:      F = -5.8904862254809
//   step 4: y = 0.002 = 2 eps_a:                    F = 0 (released)

namespace {

GranularPairModel adhesive(double eps_a, double mu_a)
{
  GranularPairModel m = hooke(1000.0, 0.0, 0.0, 0.0, 0.0);
  m.set_adhesion(0.01, 0.03, 1000.0, 0.5);
  m.set_tangential_adhesion(eps_a, mu_a);
  return m;
}

}    // namespace

TEST(GranularTangentialAdhesion, GrowsPeaksAtEpsAAndReleasesBeyondTwoEpsA)
{
  const GranularPairModel m = adhesive(0.001, 0.5);
  const Contact c = make_contact(FeatureKind::vertex, FeatureKind::vertex, {0, 0, 0.205}, {0, 0, 1}, 0.01);
  BodyMotion bi, bj;
  bj.center = {0, 0, 0.41};
  bj.velocity = {1.0, 0, 0};
  const GranularLaw law{m, pair_effective_radius(0.2, 0.2), 0.5, 0.05};
  PairStepSettings s;
  s.dt = 0.0005;
  TangentialAdhesionState state;
  const double expected[] = {0.0, -7.8539816339745, -5.8904862254809, 0.0};
  for (int step = 0; step < 4; ++step) {
    PairResult r = granular_pair_forces(&c, 1, 1.0, bi, bj, law, s, nullptr);
    const double normal_z = r.total.force_j.z;
    add_tangential_adhesion(&c, 1, bi, bj, law, s, state, r);
    EXPECT_TRUE(r.style_values_live);
    EXPECT_NEAR(state.y.x, 0.0005 * (step + 1), 1e-15);
    EXPECT_NEAR(state.lambda_latest, 15.707963267949, 1e-11);
    EXPECT_NEAR(r.total.force_j.x, expected[step], 1e-11) << "step " << step + 1;
    EXPECT_NEAR(r.dissipative.force_j.x, expected[step], 1e-11);    // its work is booked with friction
    EXPECT_NEAR(normal_z, -15.707963267949, 1e-11);                 // the normal adhesion itself
    EXPECT_EQ(r.total.force_j.z, normal_z);
  }
  // The setup of a run (no time passes) repeats the last step's force and
  // changes nothing: back at y = 0.0015 it uses lambda_used.
  state.y = {0.0015, 0, 0};
  state.lambda_used = 15.707963267949;
  state.lambda_latest = 1.0;
  PairStepSettings setup = s;
  setup.update_history = false;
  PairResult r;
  add_tangential_adhesion(&c, 1, bi, bj, law, setup, state, r);
  EXPECT_NEAR(r.total.force_j.x, -5.8904862254809, 1e-11);
  EXPECT_EQ(state.y.x, 0.0015);
  EXPECT_EQ(state.lambda_latest, 1.0);
}

TEST(GranularTangentialAdhesion, TurnsWithTheNormalAndResetsOnSeparation)
{
  const GranularPairModel m = adhesive(0.001, 0.5);
  const GranularLaw law{m, pair_effective_radius(0.2, 0.2), 0.5, 0.05};
  BodyMotion bi, bj;
  PairStepSettings s;
  s.dt = 0.0005;
  // y = (0.001, 0, 0) and the normal turned to +x-ish (1, 0, 1)/sqrt(2):
  // y turns into the new tangent plane keeping |y| = 0.001:
  // (1, 0, -1) 0.001/sqrt(2); at rest it does not grow.
  TangentialAdhesionState state{{0.001, 0, 0}, 0.0, 15.0};
  const double h = std::sqrt(0.5);
  const Contact turned = make_contact(FeatureKind::vertex, FeatureKind::vertex, {0, 0, 0}, {h, 0, h}, 0.01);
  PairResult r;
  add_tangential_adhesion(&turned, 1, bi, bj, law, s, state, r);
  EXPECT_NEAR(state.y.x, 0.001 * h, 1e-15);
  EXPECT_NEAR(state.y.z, -0.001 * h, 1e-15);
  // f1(eps_a) = 1: F = -0.5 * 15 along y/|y|
  EXPECT_NEAR(r.total.force_j.x, -7.5 * h, 1e-12);
  EXPECT_NEAR(r.total.force_j.z, 7.5 * h, 1e-12);
  // beyond dhat_a: the state is reset, the pair no longer adheres
  const Contact apart = make_contact(FeatureKind::vertex, FeatureKind::vertex, {0, 0, 0}, {0, 0, 1}, 0.031);
  PairResult far;
  add_tangential_adhesion(&apart, 1, bi, bj, law, s, state, far);
  EXPECT_FALSE(far.style_values_live);
  EXPECT_EQ(state.y.x, 0.0);
  EXPECT_EQ(state.y.z, 0.0);
  EXPECT_EQ(state.lambda_latest, 0.0);
  EXPECT_EQ(far.total.force_j.x, 0.0);
}

// ---------------------------------------------------------------------------
// Friction per weighted contact (FrictionMode::contact, issue 16): each
// candidate keeps its own spring under its key, capped by mu times its own
// contact's elastic force, and weighted by its own weight.

TEST(GranularContactFriction, OneSpringPerCandidateWithItsOwnCap)
{
  // Two vertex-face contacts at x = -1 (overlap 0.01, F_ne = 1) and x = +1
  // (overlap 0.03, F_ne = 3), hooke k_n = 100, weights 1 and 0.5; body j
  // slides along +y at 1; linear_history k_t = 4, no damping, mu = 0.5
  // (caps per unit weight 0.5 and 1.5), dt = 0.1. Step 1: each spring
  // xi = 0.1 ey, per unit weight F = -0.4 ey, below the caps: forces -0.4
  // (w 1) and -0.2 (w 0.5) along y at x = -1 and +1: torque on j about 0,
  // x F_y ez: (-1)(-0.4) + (1)(-0.2) = 0.2.
  const GranularPairModel m = hooke(100.0, 0.0, 4.0, 0.0, 0.5);
  Contact c[2] = {make_contact(FeatureKind::vertex, FeatureKind::face, {-1, 0, 0}, {0, 0, 1}, -0.01),
                  make_contact(FeatureKind::vertex, FeatureKind::face, {1, 0, 0}, {0, 0, 1}, -0.03, 0.5)};
  BodyMotion bi, bj;
  bj.velocity = {0, 1, 0};
  PairStepSettings s;
  s.dt = 0.1;
  s.history = true;
  const GranularLaw law{m, pair_effective_radius(0.1, 0.1), 1.0, 0.0};
  CandidateContact cand[2] = {{4.0, 1.0, 0}, {9.0, 0.5, 1}};
  double old_keys[2];
  Vec3 old_xi[2], new_xi[2];
  ContactSprings springs;
  springs.candidates = cand;
  springs.count = 2;
  springs.old_keys = old_keys;
  springs.old_xi = old_xi;
  springs.new_xi = new_xi;
  Vec3 xi;
  PairResult r = pair_contact_forces(c, 2, 1.0, bi, bj, law, s, &xi, nullptr, &springs);
  EXPECT_NEAR(new_xi[0].y, 0.1, kTol);
  EXPECT_NEAR(new_xi[1].y, 0.1, kTol);
  EXPECT_NEAR(r.total.force_j.y, -0.6, kTol);
  EXPECT_NEAR(r.total.torque_j.z, 0.2, kTol);
  EXPECT_NEAR(r.dissipative.force_j.y, -0.6, kTol);
  EXPECT_EQ(xi.y, 0.0);    // the pair's spring is not used
  // Step 2 with the springs found again under their keys (in the other
  // order), then 10 more steps: xi = 1.2, F = 4.8 per unit weight, capped
  // at 0.5 and 1.5: forces -0.5 and -0.75 (weighted), -1.25 in all; the
  // springs hold the caps: xi = 0.125 and 0.375.
  for (int step = 0; step < 11; ++step) {
    old_keys[0] = 9.0, old_xi[0] = new_xi[1];
    old_keys[1] = 4.0, old_xi[1] = new_xi[0];
    springs.old_count = 2;
    r = pair_contact_forces(c, 2, 1.0, bi, bj, law, s, &xi, nullptr, &springs);
  }
  EXPECT_NEAR(r.total.force_j.y, -1.25, kTol);
  EXPECT_NEAR(new_xi[0].y, 0.125, kTol);
  EXPECT_NEAR(new_xi[1].y, 0.375, kTol);
  // A contact that leaves the overlap releases its spring; a key not
  // found starts from zero.
  c[1].delta_n = 0.001;
  old_keys[0] = 4.0, old_xi[0] = new_xi[0];
  old_keys[1] = 7.0, old_xi[1] = new_xi[1];
  r = pair_contact_forces(c, 2, 1.0, bi, bj, law, s, &xi, nullptr, &springs);
  EXPECT_EQ(new_xi[1].y, 0.0);
  EXPECT_NEAR(new_xi[0].y, 0.125, kTol);    // still at the cap (0.125 + 0.1, capped)
  EXPECT_NEAR(r.total.force_j.y, -0.5, kTol);
}

TEST(GranularContactFriction, PairModeKeepsOneSpringAtTheAveragePoint)
{
  // The same first step with `friction pair`: one spring, F = -1 at the
  // average point (weights a = w F_ne = 1 and 1.5: x = 0.5/2.5 = 0.2).
  GranularPairModel m = hooke(100.0, 0.0, 10.0, 0.0, 0.5);
  m.friction_per_contact = false;
  const Contact c[2] = {make_contact(FeatureKind::vertex, FeatureKind::face, {-1, 0, 0}, {0, 0, 1}, -0.01),
                        make_contact(FeatureKind::vertex, FeatureKind::face, {1, 0, 0}, {0, 0, 1}, -0.03, 0.5)};
  BodyMotion bi, bj;
  bj.velocity = {0, 1, 0};
  PairStepSettings s;
  s.dt = 0.1;
  s.history = true;
  Vec3 xi;
  const PairResult r =
      granular_pair_forces(c, 2, 1.0, bi, bj, GranularLaw{m, pair_effective_radius(0.1, 0.1), 1.0, 0.0}, s, &xi);
  EXPECT_NEAR(xi.y, 0.1, kTol);
  EXPECT_NEAR(r.total.force_j.y, -1.0, kTol);
  EXPECT_NEAR(r.total.torque_j.z, -0.2, kTol);
}
