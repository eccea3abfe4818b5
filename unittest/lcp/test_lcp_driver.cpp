// The incremental quasi-static driver of LCP_SPEC.md 9.8 on the 49-disk
// periodic assembly of Example 3 (section 10.3): reading, periodic contact
// detection, the cell-dof columns (3.1), the stress rows (Eq. (87)),
// consolidation and a short biaxial run.
#include "lcp_driver.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <tuple>

namespace {

using lcp::driver::CellControl;
using lcp::driver::CellLoading;
using lcp::driver::DiskAssembly;
using lcp::driver::Mat2;
using lcp::driver::QuasiStaticDriver;
using lcp::driver::Vec2;

const std::string kAssembly = std::string(BODY_DEM_SOURCE_DIR) + "/bench/data/Dcircls_49_a-38";
constexpr double kPressure = 1.25e-3;    // initial mean stress of Example 3 (kn = 1)

CellLoading all_strain_controlled()
{
  return lcp::driver::isotropic_strain_loading(0.0);
}

// Movements of the extended system for an affine deformation with cell
// increments dx: every backbone disk at x moves by F x, no rotation.
lcp::Vector affine_movements(const QuasiStaticDriver &driver, const lcp::driver::CellSystem &cs,
                             const Eigen::Vector3d &dx, Mat2 &gradient)
{
  const auto &cell = driver.assembly().cell;
  gradient << dx[0] / cell.x11, dx[2] / cell.x22, 0.0, dx[1] / cell.x22;
  lcp::Vector d = lcp::Vector::Zero(cs.system.n_dof);
  const int np = cs.system.n_particles;
  for (int k = 0; k < np; ++k) {
    const Vec2 u = gradient * driver.assembly().disks[static_cast<size_t>(cs.particle_of[static_cast<size_t>(k)])].x;
    d[lcp::dof_index(2, np, k, lcp::Dof::ux)] = u.x();
    d[lcp::dof_index(2, np, k, lcp::Dof::uy)] = u.y();
  }
  d.segment<3>(cs.cell_dof) = dx;
  return d;
}

// Consolidated once, shared by the tests that need a loaded state.
class ConsolidatedAssembly : public ::testing::Test {
 protected:
  static void SetUpTestSuite()
  {
    driver_ = std::make_unique<QuasiStaticDriver>(lcp::driver::read_disk_assembly(kAssembly));
    records_ = driver_->consolidate(kPressure);
    const auto &r = records_.back();
    std::printf("consolidated in %zu increments: p %.6e, q/p %.3e, contacts %d, rattlers %d, active %d, imbalance %.3e, corrections %d\n",
                records_.size(), r.mean_stress, r.q_over_p, r.contacts, r.rattlers, r.active, r.relative_imbalance, r.corrections);
  }
  static void TearDownTestSuite() { driver_.reset(); }
  static std::unique_ptr<QuasiStaticDriver> driver_;
  static std::vector<lcp::driver::IncrementRecord> records_;
};
std::unique_ptr<QuasiStaticDriver> ConsolidatedAssembly::driver_;
std::vector<lcp::driver::IncrementRecord> ConsolidatedAssembly::records_;

}    // namespace

TEST(LcpDriver, ReadsTheAssembly)
{
  const DiskAssembly a = lcp::driver::read_disk_assembly(kAssembly);
  ASSERT_EQ(a.disks.size(), 49u);
  EXPECT_NEAR(a.cell.x11, 5.718438216717316, 1e-12);
  EXPECT_NEAR(a.cell.x22, 5.718438216717316, 1e-12);
  EXPECT_EQ(a.cell.x12, 0.0);
  // first and last disk of the file
  EXPECT_NEAR(a.disks.front().radius, 0.499320016236592945, 1e-15);
  EXPECT_NEAR(a.disks.front().x.x(), 5.49992746489270168, 1e-14);
  EXPECT_NEAR(a.disks.back().x.y(), 0.223711957781903698, 1e-15);
  for (const auto &d : a.disks) {
    EXPECT_GT(d.radius, 0.26);
    EXPECT_LT(d.radius, 0.54);
  }
  EXPECT_THROW(lcp::driver::read_disk_assembly(kAssembly + ".missing"), std::runtime_error);
}

// Contacts by the minimum image vs brute force over the 5 x 5 images of
// every pair, on the assembly as read, shifted (other pairs cross the
// boundary) and in a sheared cell.
TEST(LcpDriver, PeriodicContactsMatchBruteForceOverImages)
{
  DiskAssembly base = lcp::driver::read_disk_assembly(kAssembly);
  DiskAssembly shifted = base;
  for (auto &d : shifted.disks) {
    d.x += Vec2(0.37 * base.cell.x11, 0.61 * base.cell.x22);
    d.x = Vec2(std::fmod(d.x.x(), base.cell.x11), std::fmod(d.x.y(), base.cell.x22));
  }
  DiskAssembly sheared = base;
  sheared.cell.x12 = 0.05 * base.cell.x11;    // same disks, skewed cell: other overlaps
  int crossing_total = 0;
  for (const DiskAssembly *a : {&base, &shifted, &sheared}) {
    std::map<std::tuple<int, int, int, int>, double> brute;
    const int n = static_cast<int>(a->disks.size());
    for (int p = 0; p < n; ++p)
      for (int q = p + 1; q < n; ++q)
        for (int s1 = -2; s1 <= 2; ++s1)
          for (int s2 = -2; s2 <= 2; ++s2) {
            const Vec2 l = a->disks[static_cast<size_t>(q)].x + a->cell.image(s1, s2) - a->disks[static_cast<size_t>(p)].x;
            const double overlap = a->disks[static_cast<size_t>(p)].radius + a->disks[static_cast<size_t>(q)].radius - l.norm();
            if (overlap > 0) brute[{p, q, s1, s2}] = overlap;
          }
    const auto found = lcp::driver::find_contacts(*a);
    ASSERT_EQ(found.size(), brute.size());
    for (const auto &c : found) {
      auto it = brute.find({c.p, c.q, c.s1, c.s2});
      ASSERT_NE(it, brute.end()) << c.p << "-" << c.q;
      EXPECT_NEAR(c.overlap, it->second, 1e-14);
      if (c.s1 != 0 || c.s2 != 0) ++crossing_total;
    }
    if (a == &base) {
      EXPECT_EQ(found.size(), 90u);    // independent count of the file's overlaps
    }
  }
  EXPECT_GT(crossing_total, 10);
}

// Section 3.1: with every disk moved affinely with the cell, the contact
// deformation of every contact, crossing the boundary or not, is the affine
// one F l: nothing non-affine. Checked on the per-contact deformation, on
// the consistency rows G_d (whose cell columns the driver appends) and on
// the particle rows of K (mechanical part exact; the geometric terms are of
// relative size |f|/(kn R) and bounded accordingly).
TEST_F(ConsolidatedAssembly, AffineCellMotionGivesNoNonAffineContactDeformation)
{
  const QuasiStaticDriver &driver = *driver_;
  const auto cs = driver.build_system(lcp::driver::biaxial_loading(-5e-6, -kPressure));
  const double L = driver.assembly().cell.x11;
  Mat2 F;
  const lcp::Vector d = affine_movements(driver, cs, Eigen::Vector3d(-2e-4 * L, 1e-4 * L, 0.5e-4 * L), F);
  const auto &s = driver.settings();
  const int m = static_cast<int>(cs.system.G_lambda.size());
  ASSERT_GT(m, 0) << "the consolidated state should have contacts at the friction limit";
  const lcp::Vector w = cs.system.G_d * d;
  int crossing = 0;
  double scale = 0.0;
  for (size_t c = 0; c < driver.contacts().size(); ++c) scale = std::max(scale, (F * driver.contacts()[c].geometry.branch).norm());
  lcp::Vector expected_load = lcp::Vector::Zero(cs.system.n_dof);
  const int np = cs.system.n_particles;
  for (size_t c = 0; c < driver.contacts().size(); ++c) {
    const auto &g = driver.contacts()[c].geometry;
    if (g.s1 != 0 || g.s2 != 0) ++crossing;
    const Vec2 affine = F * g.branch;
    const Vec2 du = driver.contact_deformation(cs, static_cast<int>(c), d);
    EXPECT_LT((du - affine).norm(), 1e-12 * scale) << "contact " << c;
    // consistency row: w = -g . delta u_def (lambda = 0), g = kn (alpha h + mu n)
    const int a = cs.active_index[c];
    const auto &geo = cs.system.geometry[c];
    if (a >= 0) {
      const Vec2 gv = s.kn * (s.alpha * geo.h.head<2>() + s.mu * geo.n.head<2>());
      EXPECT_NEAR(w[a], -gv.dot(affine), 1e-12 * scale) << "active contact " << c;
    }
    // mechanical loads: -df on p, +df on q; moments -r_p x df, +r_q x df
    const Vec2 n = g.branch.normalized();
    const Mat2 D = s.kn * (s.alpha * Mat2::Identity() + (1 - s.alpha) * n * n.transpose());
    const Vec2 df = D * affine;
    const int kp = geo.p, kq = geo.q;
    const Vec2 r_p = geo.r_p.head<2>(), r_q = geo.r_q.head<2>();
    expected_load[lcp::dof_index(2, np, kp, lcp::Dof::ux)] -= df.x();
    expected_load[lcp::dof_index(2, np, kp, lcp::Dof::uy)] -= df.y();
    expected_load[lcp::dof_index(2, np, kp, lcp::Dof::tz)] -= r_p.x() * df.y() - r_p.y() * df.x();
    expected_load[lcp::dof_index(2, np, kq, lcp::Dof::ux)] += df.x();
    expected_load[lcp::dof_index(2, np, kq, lcp::Dof::uy)] += df.y();
    expected_load[lcp::dof_index(2, np, kq, lcp::Dof::tz)] += r_q.x() * df.y() - r_q.y() * df.x();
  }
  EXPECT_GT(crossing, 5);
  const lcp::Vector load = cs.system.K * d;
  const int particle_dofs = cs.cell_dof;
  const double largest = expected_load.head(particle_dofs).cwiseAbs().maxCoeff();
  double max_force = 0.0;
  for (const auto &c : driver.contacts()) max_force = std::max(max_force, c.force.norm());
  // geometric terms (3.3-3.4): |f| times a rotation of order |F l|/R,
  // R >= 0.26 (measured: about 1/12 of this bound)
  const double geometric_bound = 2.0 * max_force * scale / 0.26;
  const double diff = (load.head(particle_dofs) - expected_load.head(particle_dofs)).cwiseAbs().maxCoeff();
  EXPECT_LT(geometric_bound, 0.05 * largest);    // the check discriminates
  EXPECT_LT(diff, geometric_bound);
}

// Eq. (87): the stress rows against a finite difference of the Love-Weber
// stress of the updated state, on an elastic state (all contacts new,
// normal forces only, none at the friction limit), for small random
// particle movements and cell increments.
TEST(LcpDriver, StressRowsMatchFiniteDifferenceOfLoveWeberStress)
{
  QuasiStaticDriver driver(lcp::driver::read_disk_assembly(kAssembly));
  const auto cs = driver.build_system(all_strain_controlled());
  ASSERT_EQ(cs.system.G_lambda.size(), 0) << "expected an elastic state";
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  const double L = driver.assembly().cell.x11;
  const double e = 1e-8;    // second-order error ~ e relative to the increment
  lcp::Vector d(cs.system.n_dof);
  for (int i = 0; i < cs.cell_dof; ++i) d[i] = e * uni(rng);
  d.segment<3>(cs.cell_dof) = Eigen::Vector3d(-3 * e * L, 2 * e * L, 1 * e * L);
  const lcp::Vector no_slip(0);
  const Mat2 predicted = driver.predicted_stress_increment(cs, d, no_slip);

  // the part from the branch vectors and the volume (the terms whose sign
  // [C] gets wrong): large enough for a sign error to show
  Mat2 geometric = Mat2::Zero();
  const double V = driver.assembly().cell.volume();
  for (size_t c = 0; c < driver.contacts().size(); ++c) {
    const auto &g = driver.contacts()[c].geometry;
    const auto &geo = cs.system.geometry[c];
    const int np = cs.system.n_particles;
    const Vec2 up(d[lcp::dof_index(2, np, geo.p, lcp::Dof::ux)], d[lcp::dof_index(2, np, geo.p, lcp::Dof::uy)]);
    const Vec2 uq(d[lcp::dof_index(2, np, geo.q, lcp::Dof::ux)], d[lcp::dof_index(2, np, geo.q, lcp::Dof::uy)]);
    const Vec2 dl = uq - up + Vec2(g.s1 * d[cs.cell_dof] + g.s2 * d[cs.cell_dof + 2], g.s2 * d[cs.cell_dof + 1]);
    geometric += dl * driver.contacts()[c].force.transpose() / V;
  }
  const Mat2 sigma0 = driver.stress();
  geometric -= sigma0 * (d[cs.cell_dof] / driver.assembly().cell.x11 + d[cs.cell_dof + 1] / driver.assembly().cell.x22);

  driver.apply(cs, d, no_slip, 1.0);
  Mat2 measured = driver.stress_of_stored_contacts() - sigma0;
  measured(0, 1) = measured(1, 0) = 0.5 * (measured(0, 1) + measured(1, 0));
  const double size = predicted.cwiseAbs().maxCoeff();
  const double tolerance = 1e-5 * size;
  EXPECT_GT(geometric.cwiseAbs().maxCoeff(), 20 * tolerance);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) EXPECT_NEAR(measured(i, j), predicted(i, j), tolerance) << i << j;
}

// The same check with slip: on the consolidated state (contacts at the
// friction limit), the slip columns of the stress rows against the stress
// of the state updated with f += D_e delta u_def - alpha kn h lambda.
TEST_F(ConsolidatedAssembly, StressRowsWithSlipMatchFiniteDifference)
{
  QuasiStaticDriver driver = *driver_;
  const auto cs = driver.build_system(lcp::driver::biaxial_loading(-5e-6, -kPressure));
  const int m = static_cast<int>(cs.system.G_lambda.size());
  ASSERT_GT(m, 0);
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  const double e = 1e-8, L = driver.assembly().cell.x11;
  lcp::Vector d(cs.system.n_dof);
  for (int i = 0; i < cs.cell_dof; ++i) d[i] = e * uni(rng);
  d.segment<3>(cs.cell_dof) = Eigen::Vector3d(-2 * e * L, 1 * e * L, 0.0);
  const lcp::Vector lambda = lcp::Vector::Constant(m, 5 * e);
  const Mat2 predicted = driver.predicted_stress_increment(cs, d, lambda);
  const Mat2 slip_part = driver.predicted_stress_increment(cs, d, lambda) -
                         driver.predicted_stress_increment(cs, d, lcp::Vector::Zero(m));
  const Mat2 sigma0 = driver.stress();
  driver.apply(cs, d, lambda, 1.0);
  Mat2 measured = driver.stress_of_stored_contacts() - sigma0;
  measured(0, 1) = measured(1, 0) = 0.5 * (measured(0, 1) + measured(1, 0));
  const double tolerance = 1e-5 * predicted.cwiseAbs().maxCoeff();
  EXPECT_GT(slip_part.cwiseAbs().maxCoeff(), 20 * tolerance);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) EXPECT_NEAR(measured(i, j), predicted(i, j), tolerance) << i << j;
}

// The driver's reduction (one LU of the free block of K, section 5 with
// coordinate constraints) against lcp::reduce (the general Bott-Duffin
// inverse) on the same extended system: the same A, b and movements.
TEST_F(ConsolidatedAssembly, FastReductionMatchesGeneralBottDuffinReduction)
{
  const QuasiStaticDriver &driver = *driver_;
  for (const auto &loading : {lcp::driver::biaxial_loading(-5e-6, -kPressure),
                              lcp::driver::isotropic_stress_loading(1.1 * kPressure)}) {
    const auto cs = driver.build_system(loading);
    const auto fast = driver.reduce_system(cs);
    ASSERT_FALSE(fast.used_pinv);
    const lcp::ReducedLcp general = lcp::reduce(cs.system);
    ASSERT_EQ(fast.A.rows(), general.A.rows());
    const double a_scale = general.A.cwiseAbs().maxCoeff();
    EXPECT_LT((fast.A - general.A).cwiseAbs().maxCoeff(), 1e-8 * a_scale);
    EXPECT_LT((fast.b - general.b).cwiseAbs().maxCoeff(), 1e-8 * general.b.cwiseAbs().maxCoeff());
    const lcp::Vector lambda = lcp::Vector::Constant(fast.A.rows(), 1e-6);
    const lcp::Vector d_fast = fast.movements(lambda);
    const lcp::Vector d_general = lcp::movements(cs.system, general, lambda);
    EXPECT_LT((d_fast - d_general).cwiseAbs().maxCoeff(), 1e-8 * d_general.cwiseAbs().maxCoeff());
    // equilibrium of the free rows, the prescribed cell increments
    const lcp::Vector dy = lcp::reactions(cs.system, d_fast, lambda);
    for (int r = 0; r < cs.system.C.rows(); ++r) EXPECT_NEAR(cs.system.C.row(r).dot(d_fast), cs.system.dc[r], 1e-15);
    EXPECT_LT((dy - cs.system.C.transpose() * (cs.system.C * dy)).cwiseAbs().maxCoeff(),
              1e-8 * cs.system.dp.cwiseAbs().maxCoeff() + 1e-14);
  }
}

// One increment with the enumerative analysis (lcp::choose_increment on
// the extended system) and one with the single solution, from the same
// state: where the LCP has one solution they agree.
TEST_F(ConsolidatedAssembly, EnumerativeAndSingleSolutionIncrementsAgree)
{
  QuasiStaticDriver single = *driver_, enumerative = *driver_;
  const auto loading = lcp::driver::biaxial_loading(-5e-6, -kPressure);
  lcp::driver::SolveOptions all;
  all.enumerate = true;
  for (int i = 0; i < 3; ++i) {
    const auto a = single.increment(loading);
    const auto b = enumerative.increment(loading, all);
    EXPECT_EQ(a.active, b.active);
    EXPECT_TRUE(b.enumerated);
    EXPECT_FALSE(b.method.empty());
    EXPECT_GE(b.solutions, 1);
    // classified for the record: a P-matrix A has exactly one solution
    EXPECT_TRUE(b.classified);
    if (b.P) {
      EXPECT_EQ(b.type_one, 1);
      EXPECT_EQ(b.type_two + b.type_three, 0);
    }
  }
  ASSERT_EQ(single.contacts().size(), enumerative.contacts().size());
  EXPECT_LT((single.stress() - enumerative.stress()).cwiseAbs().maxCoeff(), 1e-9 * kPressure);
  for (size_t c = 0; c < single.contacts().size(); ++c)
    EXPECT_LT((single.contacts()[c].force - enumerative.contacts()[c].force).norm(), 1e-10 * kPressure);
}

// Consolidation (9.8 with the protocol of QuasiStaticDriver::consolidate):
// the target mean stress within Max_stress_deviation, near equilibrium.
TEST_F(ConsolidatedAssembly, ConsolidationReachesTheTargetNearEquilibrium)
{
  const QuasiStaticDriver &driver = *driver_;
  ASSERT_FALSE(records_.empty());
  const double tol = driver.settings().max_stress_deviation;
  EXPECT_NEAR(driver.stress()(0, 0), -kPressure, tol);
  EXPECT_NEAR(driver.stress()(1, 1), -kPressure, tol);
  EXPECT_LT(std::fabs(driver.stress()(0, 1)), 0.05 * kPressure);
  EXPECT_LT(driver.relative_imbalance(), driver.settings().max_relative_imbalance);
  EXPECT_LT(static_cast<int>(records_.size()), 4000);
  EXPECT_GT(driver.contacts().size(), 60u);
  EXPECT_LT(driver.rattler_count(), 15);
  // the stored forces satisfy the friction law
  for (const auto &c : driver.contacts()) {
    const Vec2 n = c.geometry.branch.normalized();
    const double fn = c.force.dot(n);
    EXPECT_LT(fn, 0.0);
    EXPECT_LE((c.force - fn * n).norm(), driver.settings().mu * (-fn) * (1 + 1e-12));
  }
}

// Biaxial compression (control code 010000) for 200 increments of
// eps11 = -5e-6: sigma22 stays at its target within the correction
// tolerance, eps11 follows the program, and the deviator grows (hardening).
TEST_F(ConsolidatedAssembly, ShortBiaxialRunHoldsSigma22AndHardens)
{
  QuasiStaticDriver driver = *driver_;    // a copy: the fixture state stays consolidated
  const auto loading = lcp::driver::biaxial_loading(-5e-6, -kPressure);
  std::vector<lcp::driver::IncrementRecord> records;
  for (int i = 0; i < 200; ++i) records.push_back(driver.increment(loading));
  const double tol = driver.settings().max_stress_deviation;
  int off_target = 0;
  for (const auto &r : records) {
    // after each increment the linearisation error stays small; the next
    // increment corrects any excess over the tolerance
    EXPECT_LT(std::fabs(r.sigma22 + kPressure), 4 * tol) << "increment " << r.index;
    if (std::fabs(r.sigma22 + kPressure) > tol) ++off_target;
    EXPECT_LE(r.sliding, r.active);
    EXPECT_LE(r.active, r.contacts);
    EXPECT_FALSE(r.incongruent) << "increment " << r.index;
  }
  EXPECT_LT(off_target, 20);
  EXPECT_NEAR(records.back().strain11, 200 * 5e-6, 1e-9);
  EXPECT_NEAR(records.back().time, 200.0, 1e-9);
  EXPECT_GT(records.back().q_over_p, 0.05);
  EXPECT_GT(records.back().q_over_p, records[49].q_over_p);
  EXPECT_GT(records[49].q_over_p, 0.0);
  // sigma11 became more compressive than sigma22
  EXPECT_LT(records.back().sigma11, records.back().sigma22);
  // near equilibrium throughout: the residual imbalance fed back as dp
  double imbalance = 0.0;
  for (const auto &r : records) imbalance += r.relative_imbalance;
  EXPECT_LT(imbalance / records.size(), 1e-3);
  // rattlers carry no force and are kept out of their neighbours (no deep
  // overlap to turn into a large force when they rejoin)
  for (const auto &c : lcp::driver::find_contacts(driver.assembly())) {
    if (driver.rattlers()[static_cast<size_t>(c.p)] || driver.rattlers()[static_cast<size_t>(c.q)]) {
      EXPECT_LT(c.overlap, 2.0 * driver.mean_overlap()) << c.p << "-" << c.q;
    }
  }
}
