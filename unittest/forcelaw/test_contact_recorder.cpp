// The contact recorder of the per-pair functions (contact_recorder.h;
// issue 27), without LAMMPS: with a recorder, pair_contact_forces() writes
// one row per contact that receives forces with weight > 0 (its normal
// force, its tangential damping and the friction that acts at it), and the
// pair mode's friction as a row of its own; the rows add up to the loads
// it returns, and recording changes none of them.
//
// The pair: body i at the origin, body j at (0, 0, 1), three contacts on
// the plane z = 0.5 (normal +z), moving against each other (body j slides
// along x and sinks, so that damping and friction act), one of them in
// the cohesive range and one of weight 0.
// Tolerance: the rows hold the same products as the loads, summed in
// another order: 1e-13 on forces of order 10.
#include "linear_pair_forces.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace body_dem;

namespace {

constexpr double kTol = 1e-13;

Contact contact(FeatureKind ki, FeatureKind kj, const Vec3 &point, double delta_n, double w)
{
  Contact c;
  c.kind_i = ki;
  c.kind_j = kj;
  c.point = point;
  c.on_i = point;
  c.normal = {0.0, 0.0, 1.0};
  c.delta_n = delta_n;
  c.weight = w;
  return c;
}

struct Pair {
  Contact contacts[4] = {contact(FeatureKind::vertex, FeatureKind::face, {0.3, 0.1, 0.5}, -0.02, 1.0),
                         contact(FeatureKind::edge, FeatureKind::edge, {-0.2, 0.3, 0.5}, -0.01, 0.6),
                         contact(FeatureKind::face, FeatureKind::vertex, {0.1, -0.4, 0.5}, 0.03, 0.8),
                         contact(FeatureKind::vertex, FeatureKind::edge, {-0.3, -0.2, 0.5}, -0.015, 0.0)};
  BodyMotion bi, bj;
  LinearContactCoeffs c;
  Pair()
  {
    bj.center = {0.0, 0.0, 1.0};
    bj.velocity = {0.7, 0.2, -0.3};
    bj.omega = {0.0, 0.0, 0.4};
    c.k_n = 1000.0;
    c.k_na = 50.0;
    c.c_n = 5.0;
    c.c_t = 2.0;
    c.mu = 0.5;
    c.cutoff = 0.05;
    apply_default_tangential_stiffness(c);
  }
};

// The rows' force on body j (minus the sum of their forces on i) and
// their torques about both centres, against the result's.
void expect_rows_add_up(const ContactRecorder &rec, const PairResult &r, const Pair &p)
{
  Vec3 force_j, torque_i, torque_j;
  for (int k = 0; k < rec.count; ++k) {
    const ContactRow &row = rec.rows[k];
    const Vec3 on_i = row.force_n + row.force_t;
    force_j -= on_i;
    torque_i += cross(row.point - p.bi.center, on_i);
    torque_j -= cross(row.point - p.bj.center, on_i);
    // the normal part is along the normal, the tangential part across it
    EXPECT_NEAR(norm(cross(row.force_n, row.normal)), 0.0, kTol);
    EXPECT_NEAR(dot(row.force_t, row.normal), 0.0, kTol);
  }
  for (const auto &pair : {std::make_pair(force_j, r.total.force_j), std::make_pair(torque_i, r.total.torque_i),
                           std::make_pair(torque_j, r.total.torque_j)}) {
    EXPECT_NEAR(pair.first.x, pair.second.x, kTol);
    EXPECT_NEAR(pair.first.y, pair.second.y, kTol);
    EXPECT_NEAR(pair.first.z, pair.second.z, kTol);
  }
}

void expect_same_loads(const PairResult &a, const PairResult &b)
{
  EXPECT_EQ(a.total.force_j.x, b.total.force_j.x);
  EXPECT_EQ(a.total.force_j.y, b.total.force_j.y);
  EXPECT_EQ(a.total.force_j.z, b.total.force_j.z);
  EXPECT_EQ(a.total.torque_i.z, b.total.torque_i.z);
  EXPECT_EQ(a.dissipative.force_j.x, b.dissipative.force_j.x);
  EXPECT_EQ(a.energy, b.energy);
}

}    // namespace

TEST(ContactRecorder, DeepestFrictionGoesIntoTheDeepestContactsRow)
{
  // Without history: the friction of the pair acts at the deepest contact
  // (delta_n = -0.02, the first), so its row alone has more tangential
  // force than its damping. Rows: the three contacts of weight > 0 (the
  // third in the cohesive range: delta_n = 0.03 <= r_c = 0.05); not the
  // one of weight 0.
  Pair p;
  ContactRow rows[kMaxContactRowsPerPair];
  ContactRecorder rec{rows, kMaxContactRowsPerPair};
  const LinearLaw law{p.c, false};
  PairStepSettings s;
  const PairResult with = pair_contact_forces(p.contacts, 4, 1.0, p.bi, p.bj, law, s, nullptr, nullptr, nullptr,
                                              false, &rec);
  const PairResult without = pair_contact_forces(p.contacts, 4, 1.0, p.bi, p.bj, law, s, nullptr);
  expect_same_loads(with, without);
  ASSERT_EQ(rec.count, 3);
  EXPECT_EQ(rec.dropped, 0);
  EXPECT_EQ(rows[0].kind, static_cast<int>(ContactRowKind::vertex_face));
  EXPECT_EQ(rows[1].kind, static_cast<int>(ContactRowKind::edge_edge));
  EXPECT_EQ(rows[2].kind, static_cast<int>(ContactRowKind::face_vertex));
  EXPECT_DOUBLE_EQ(rows[1].weight, 0.6);
  EXPECT_DOUBLE_EQ(rows[2].delta_n, 0.03);
  // the cohesive contact: attractive, no damping or friction (F_n = -k_na
  // (r_c - delta_n) = -50 * 0.02 = -1 on j, times w = 0.8: +0.8 on i along +z)
  EXPECT_NEAR(rows[2].force_n.z, 0.8, kTol);
  EXPECT_NEAR(norm(rows[2].force_t), 0.0, kTol);
  // the friction: min(mu k_n |delta_n|, c_t |v_t|) = min(10, 2 |v_t|) at
  // the deepest contact; the tangential damping c_t v_t w at every one
  const Vec3 v_t0 = tangential_part(p.bj.velocity_at(rows[0].point) - p.bi.velocity_at(rows[0].point), rows[0].normal);
  const double damping0 = p.c.c_t * norm(v_t0);
  const double friction0 = std::fmin(p.c.mu * p.c.k_n * 0.02, p.c.c_t * norm(v_t0));
  EXPECT_NEAR(norm(rows[0].force_t), damping0 + friction0, 1e-12);
  expect_rows_add_up(rec, with, p);
}

TEST(ContactRecorder, PairFrictionIsARowOfItsOwn)
{
  // friction pair (one spring per pair, history): the rows of the three
  // contacts carry their normal force and tangential damping, and a
  // fourth (kind pair_friction, weight 1, overlap 0) the pair's spring
  // force at the average point of the contacts in overlap.
  Pair p;
  p.c.friction_per_contact = false;
  ContactRow rows[kMaxContactRowsPerPair];
  ContactRecorder rec{rows, kMaxContactRowsPerPair};
  const LinearLaw law{p.c, true};
  PairStepSettings s;
  s.dt = 0.01;
  s.history = true;
  Vec3 xi{0.001, -0.002, 0.0}, xi_copy = xi;
  const PairResult with = pair_contact_forces(p.contacts, 4, 1.0, p.bi, p.bj, law, s, &xi, nullptr, nullptr, false,
                                              &rec);
  const PairResult without = pair_contact_forces(p.contacts, 4, 1.0, p.bi, p.bj, law, s, &xi_copy);
  expect_same_loads(with, without);
  EXPECT_EQ(xi.x, xi_copy.x);
  ASSERT_EQ(rec.count, 4);
  EXPECT_EQ(rows[3].kind, static_cast<int>(ContactRowKind::pair_friction));
  EXPECT_EQ(rows[3].weight, 1.0);
  EXPECT_EQ(rows[3].delta_n, 0.0);
  EXPECT_GT(norm(rows[3].force_t), 0.0);
  // its point: the average of the contacts in overlap, weighted by w k_n |delta_n|:
  // (1 * 20 * (0.3, 0.1) + 0.6 * 10 * (-0.2, 0.3)) / 26 = (4.8, 3.8) / 26
  EXPECT_NEAR(rows[3].point.x, 4.8 / 26.0, kTol);
  EXPECT_NEAR(rows[3].point.y, 3.8 / 26.0, kTol);
  expect_rows_add_up(rec, with, p);
}

TEST(ContactRecorder, ContactFrictionStaysAtItsContact)
{
  // friction contact (the default with history): a pair with one contact
  // and no springs of its own keeps that contact's spring in *xi; the
  // friction is in the contact's row, and there is no row of the pair.
  Pair p;
  ContactRow rows[kMaxContactRowsPerPair];
  ContactRecorder rec{rows, kMaxContactRowsPerPair};
  const LinearLaw law{p.c, true};
  PairStepSettings s;
  s.dt = 0.01;
  s.history = true;
  Vec3 xi{0.002, 0.0, 0.0};
  const PairResult with = pair_contact_forces(p.contacts, 1, 1.0, p.bi, p.bj, law, s, &xi, nullptr, nullptr, false,
                                              &rec);
  ASSERT_EQ(rec.count, 1);
  EXPECT_EQ(rows[0].kind, static_cast<int>(ContactRowKind::vertex_face));
  expect_rows_add_up(rec, with, p);
}

TEST(ContactRecorder, NoRoomIsCountedNotHidden)
{
  // A recorder with room for one row: the others are counted as dropped
  // (the loops end the run with an error), the loads are those without.
  Pair p;
  ContactRow rows[1];
  ContactRecorder rec{rows, 1};
  const LinearLaw law{p.c, false};
  PairStepSettings s;
  const PairResult with = pair_contact_forces(p.contacts, 4, 1.0, p.bi, p.bj, law, s, nullptr, nullptr, nullptr,
                                              false, &rec);
  expect_same_loads(with, pair_contact_forces(p.contacts, 4, 1.0, p.bi, p.bj, law, s, nullptr));
  EXPECT_EQ(rec.count, 1);
  EXPECT_EQ(rec.dropped, 2);
}
