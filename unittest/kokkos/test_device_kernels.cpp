// The per-pair and per-body functions of the geometry and force-law layers
// (layers 1 and 2, marked BODY_DEM_HOST_DEVICE) inside a Kokkos kernel:
// each case is built by hand on the host, run once by a plain call on the
// host and once in a Kokkos::parallel_for over the DefaultExecutionSpace
// with the bodies' arrays, the history and the results in Kokkos::View
// memory of that space, and the two results are compared. On the OpenMP
// (or Serial) Kokkos build the kernel runs on the host, on a CUDA build on
// the GPU. No LAMMPS.
//
// Each case is a functor whose operator() is the same code for both runs;
// only the pointers it holds differ (host vectors or device views). Each
// case also checks on the host that it exercises what it is meant to
// (contacts in overlap, loads, a weight record, springs), so that a case
// that lost its contact would not pass by comparing zeros.
//
// Tolerance: 1e-12 relative (to the larger of the two values; for a 3-vector
// to the larger of the two norms). The same operations run in the same
// order, but the device compiler may contract a*b + c into one fused
// multiply-add where the host compiler does not (or the other way round),
// which changes the last bits of a result, and the contacts' weights and
// the law pass such differences on through a few dozen operations. Keys of
// the weight record and of the springs, counts and flags are compared
// exactly.
#include "contact_springs.h"
#include "granular_pair_forces.h"
#include "polygon_pair_kernel.h"
#include "polyhedron_pair_kernel.h"
#include "polyhedron_test_bodies.h"
#include "wall_contacts.h"
#include "weight_work.h"

#include <Kokkos_Core.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using namespace body_dem;

namespace {

constexpr double kRelTol = 1e-12;

// ---------------------------------------------------------------------------
// Memory of the kernel's execution space.

template <class T> class DeviceArray {
 public:
  explicit DeviceArray(const std::vector<T> &host) : view_("body_dem_device_array", host.empty() ? 1 : host.size())
  {
    auto mirror = Kokkos::create_mirror_view(view_);
    for (std::size_t k = 0; k < host.size(); ++k) mirror(k) = host[k];
    Kokkos::deep_copy(view_, mirror);
  }
  T *data() const { return view_.data(); }
  std::vector<T> to_host(std::size_t n) const
  {
    auto mirror = Kokkos::create_mirror_view(view_);
    Kokkos::deep_copy(mirror, view_);
    std::vector<T> out(n);
    for (std::size_t k = 0; k < n; ++k) out[k] = mirror(k);
    return out;
  }

 private:
  Kokkos::View<T *> view_;
};

// ---------------------------------------------------------------------------
// Bodies built by hand (as unittest/geometry does), with their arrays on
// the host and in the kernel's memory.

// Rotations: the 3d geometry tests' own (polyhedron_test_bodies.h).
using body_dem_test::Mat3;
using body_dem_test::rotation;

// A polygon (z = 0) in the space frame.
struct Polygon {
  std::vector<Vec3> v;
  double r = 0.0;
  PolygonShape host_shape() const { return {v.data(), static_cast<int>(v.size()), r}; }
};

// Square of half side h, turned by angle about its centre c.
Polygon square(const Vec3 &c, double h, double angle, double r)
{
  Polygon p;
  p.r = r;
  const double co = std::cos(angle), si = std::sin(angle);
  for (const Vec3 &corner : {Vec3{-h, -h, 0}, Vec3{h, -h, 0}, Vec3{h, h, 0}, Vec3{-h, h, 0}})
    p.v.push_back(Vec3{c.x + co * corner.x - si * corner.y, c.y + si * corner.x + co * corner.y, 0.0});
  return p;
}

struct DevicePolygon {
  explicit DevicePolygon(const Polygon &p) : v(p.v), n(static_cast<int>(p.v.size())), r(p.r) {}
  DeviceArray<Vec3> v;
  int n;
  double r;
  PolygonShape shape() const { return {v.data(), n, r}; }
};

// A convex polyhedron in the space frame: the 3d geometry tests' own
// (polyhedron_test_bodies.h: vertices, edges, faces counter-clockwise from
// outside, outward unit normals).
using Polyhedron = body_dem_test::Body;

// Cube of half edge h, rotated by R about its centre, centred at c.
Polyhedron cube(double h, double r, const Mat3 &R, const Vec3 &c)
{
  return body_dem_test::cube(h, r).moved(R, c);
}

struct DevicePolyhedron {
  explicit DevicePolyhedron(const Polyhedron &b)
      : v(b.v), e(b.e_flat), f(b.f_flat), n(b.n), nv(static_cast<int>(b.v.size())), ne(static_cast<int>(b.e.size())),
        nf(static_cast<int>(b.f.size())), r(b.r)
  {
  }
  DeviceArray<Vec3> v;
  DeviceArray<int> e, f;
  DeviceArray<Vec3> n;
  int nv, ne, nf;
  double r;
  PolyhedronShape shape() const
  {
    return {v.data(), nv, reinterpret_cast<const int(*)[2]>(e.data()), ne, reinterpret_cast<const int(*)[4]>(f.data()),
            nf, n.data(), r};
  }
};

BodyMotion motion(const Vec3 &center, const Vec3 &velocity, const Vec3 &omega)
{
  BodyMotion m;
  m.center = center;
  m.velocity = velocity;
  m.omega = omega;
  return m;
}

// ---------------------------------------------------------------------------
// What a case reads and writes besides its bodies: the result, the pair's
// spring xi, its history block (springs of contact_springs.h or the weight
// record of weight_work.h; nullptr: none), the style's values (the
// granular tangential adhesion; nullptr: none) and the status.

struct CaseIo {
  PairResult *result = nullptr;
  Vec3 *xi = nullptr;
  double *history = nullptr;
  double *style = nullptr;
  PolyhedronPairStatus *status = nullptr;
};

struct CaseState {
  PairResult result;
  Vec3 xi;
  std::vector<double> history;
  std::vector<double> style;
  PolyhedronPairStatus status;
};

template <class Case> CaseState run_on_host(Case c, const CaseState &in)
{
  CaseState s = in;
  c.io = CaseIo{&s.result, &s.xi, s.history.empty() ? nullptr : s.history.data(),
                s.style.empty() ? nullptr : s.style.data(), &s.status};
  c(0);
  return s;
}

template <class Case> CaseState run_in_kernel(Case c, const CaseState &in)
{
  DeviceArray<PairResult> result({in.result});
  DeviceArray<Vec3> xi({in.xi});
  DeviceArray<double> history(in.history), style(in.style);
  DeviceArray<PolyhedronPairStatus> status({in.status});
  c.io = CaseIo{result.data(), xi.data(), in.history.empty() ? nullptr : history.data(),
                in.style.empty() ? nullptr : style.data(), status.data()};
  Kokkos::parallel_for("body_dem_device_case", Kokkos::RangePolicy<Kokkos::DefaultExecutionSpace>(0, 1), c);
  Kokkos::fence();
  CaseState s;
  s.result = result.to_host(1)[0];
  s.xi = xi.to_host(1)[0];
  s.history = history.to_host(in.history.size());
  s.style = style.to_host(in.style.size());
  s.status = status.to_host(1)[0];
  return s;
}

// ---------------------------------------------------------------------------
// Comparison of the two runs.

void expect_close(double host, double device, const std::string &what)
{
  const double scale = std::max(std::fabs(host), std::fabs(device));
  EXPECT_LE(std::fabs(host - device), kRelTol * scale) << what << ": host " << host << ", kernel " << device;
}

void expect_close(const Vec3 &host, const Vec3 &device, const std::string &what)
{
  const double scale = std::max(norm(host), norm(device));
  EXPECT_LE(norm(host - device), kRelTol * scale)
      << what << ": host (" << host.x << ", " << host.y << ", " << host.z << "), kernel (" << device.x << ", "
      << device.y << ", " << device.z << ")";
}

void expect_close(const PairLoad &host, const PairLoad &device, const std::string &what)
{
  expect_close(host.force_j, device.force_j, what + ".force_j");
  expect_close(host.torque_i, device.torque_i, what + ".torque_i");
  expect_close(host.torque_j, device.torque_j, what + ".torque_j");
}

// Layout of a history block: a count, then entries of `stride` values:
// the key (exact), `scalars` plain values, and a 3-vector (if `vector`).
struct BlockLayout {
  int stride;
  int scalars;
  bool vector;
};

void expect_same_block(const std::vector<double> &host, const std::vector<double> &device, BlockLayout layout,
                       const std::string &what)
{
  ASSERT_EQ(host.size(), device.size()) << what;
  if (host.empty()) return;
  EXPECT_EQ(host[0], device[0]) << what << ": count";
  for (std::size_t k = 1; k + layout.stride <= host.size(); k += layout.stride) {
    const std::string entry = what + "[" + std::to_string(k) + "]";
    EXPECT_EQ(host[k], device[k]) << entry << ": key";
    for (int s = 1; s <= layout.scalars; ++s) expect_close(host[k + s], device[k + s], entry + " value");
    if (layout.vector) {
      const std::size_t x = k + 1 + layout.scalars;
      expect_close(Vec3::from(&host[x]), Vec3::from(&device[x]), entry + " spring");
    }
  }
}

void expect_same(const CaseState &host, const CaseState &device, BlockLayout history_layout)
{
  expect_close(host.result.total, device.result.total, "total");
  expect_close(host.result.ja_scaling, device.result.ja_scaling, "ja_scaling");
  expect_close(host.result.dissipative, device.result.dissipative, "dissipative");
  expect_close(host.result.energy, device.result.energy, "energy");
  expect_close(host.result.weight_work, device.result.weight_work, "weight_work");
  EXPECT_EQ(host.result.touching, device.result.touching);
  EXPECT_EQ(host.result.interacting, device.result.interacting);
  EXPECT_EQ(host.result.weights_recorded, device.result.weights_recorded);
  EXPECT_EQ(host.result.style_values_live, device.result.style_values_live);
  expect_close(host.xi, device.xi, "xi");
  expect_same_block(host.history, device.history, history_layout, "history");
  if (!host.style.empty()) {    // the tangential adhesion: y, lambda_used, lambda_latest
    ASSERT_EQ(host.style.size(), device.style.size());
    expect_close(Vec3::from(&host.style[0]), Vec3::from(&device.style[0]), "adhesion y");
    expect_close(host.style[3], device.style[3], "lambda_used");
    expect_close(host.style[4], device.style[4], "lambda_latest");
  }
  EXPECT_EQ(host.status.overflow, device.status.overflow);
  EXPECT_EQ(host.status.ncontacts, device.status.ncontacts);
  expect_close(host.status.j_a, device.status.j_a, "j_a");
}

// ---------------------------------------------------------------------------
// The cases (functors: the same operator() on the host and in the kernel).

// Two rounded squares (polygon_pair_forces), with the per-contact springs
// in slots (history) or the deepest contact's friction (no history).
struct PolygonPairCase {
  PolygonShape si, sj;
  BodyMotion mi, mj;
  LinearContactCoeffs coeffs;
  double delta_ua;
  PairStepSettings settings;
  bool swapped;
  CaseIo io;

  KOKKOS_INLINE_FUNCTION void operator()(int) const
  {
    PolygonPairStatus status;
    SpringSlotsRef slots;
    if (io.history) slots = SpringSlotsRef{io.history, kPolygonSpringSlots, swapped};
    *io.result = polygon_pair_forces(si, mi, sj, mj, coeffs, delta_ua, settings, io.xi, &status, slots);
    io.status->overflow = status.overflow;
  }
};

// Two rounded cubes (polyhedron_pair_forces) with the weight record and,
// with history, its per-contact springs.
struct PolyhedronPairCase {
  PolyhedronShape si, sj;
  BodyMotion mi, mj;
  LinearContactCoeffs coeffs;
  double delta_ua;
  SmoothingParams smoothing;
  PairStepSettings settings;
  bool swapped;
  bool springs;
  CaseIo io;

  KOKKOS_INLINE_FUNCTION void operator()(int) const
  {
    WeightRecordRef record;
    record.values = io.history;
    record.swapped = swapped;
    record.stride = springs ? kWeightRecordSpringEntry : kWeightRecordEntry;
    *io.result = polyhedron_pair_forces(si, mi, sj, mj, coeffs, delta_ua, smoothing, settings, io.xi, io.status,
                                        record);
  }
};

// Two rounded cubes with the granular law and Fang's adhesion, as the
// granular pair style's per-pair function does it: contacts and ledger,
// j_a, the law on the weighted contacts, the tangential adhesion.
struct GranularPairCase {
  PolyhedronShape si, sj;
  BodyMotion mi, mj;
  GranularPairModel model;
  double mass_i, mass_j;
  double cutoff, delta_ua;
  SmoothingParams smoothing;
  PairStepSettings settings;
  bool swapped;
  CaseIo io;

  KOKKOS_INLINE_FUNCTION void operator()(int) const
  {
    PolyhedronContactList contacts;
    PolyhedronWeightLedger ledger;
    find_polyhedron_contacts(si, sj, cutoff, smoothing, contacts, &ledger);
    const double j_a = polyhedron_ja(contacts, cutoff, delta_ua);
    const GranularLaw law{model, pair_effective_radius(si.rounded_radius, sj.rounded_radius),
                          effective_mass(mass_i, mass_j), cutoff};
    WeightRecordRef record;
    record.values = io.history;
    record.swapped = swapped;
    record.stride = kWeightRecordSpringEntry;
    PairResult r = weighted_contact_forces(contacts, ledger, j_a, mi, mj, law, settings, io.xi, record);
    TangentialAdhesionState state = TangentialAdhesionState::from(io.style);
    add_tangential_adhesion(contacts.data(), contacts.size, mi, mj, law, settings, state, r);
    state.to(io.style);
    *io.result = r;
    io.status->overflow = contacts.overflow;
    io.status->ncontacts = contacts.size;
    io.status->j_a = j_a;
  }
};

// The springs of a body's vertices on a wall are keyed by the vertex
// (the wall fixes' wall_contact_forces()).
struct WallVertexKey {
  KOKKOS_INLINE_FUNCTION double operator()(const Contact &c) const { return static_cast<double>(c.index_i); }
};
struct SameKey {
  KOKKOS_INLINE_FUNCTION double operator()(double key) const { return key; }
};

// A rounded polyhedron against a flat wall (fix wall/body/polyhedron), or
// with the granular law and its tangential adhesion (fix
// wall/body/polyhedron/granular).
struct PolyhedronWallCase {
  PolyhedronShape shape;
  BodyMotion body, wall;
  PlaneWall plane;
  double contact_range;
  bool granular;
  LinearContactCoeffs coeffs;
  GranularPairModel model;
  double mass;
  PairStepSettings settings;
  CaseIo io;

  KOKKOS_INLINE_FUNCTION void operator()(int) const
  {
    PolyhedronContactList contacts;
    find_wall_contacts(shape.vertices, shape.nvertices, shape.rounded_radius, plane, contact_range, contacts);
    const SpringSlotsRef slots{io.history, 8, false};
    if (!granular) {
      *io.result = slot_contact_forces(contacts.data(), contacts.size, 1.0, body, wall,
                                       LinearLaw{coeffs, settings.history}, settings, io.xi, slots, WallVertexKey{},
                                       SameKey{});
    } else {
      const GranularLaw law{model, wall_effective_radius(shape.rounded_radius), mass, contact_range};
      PairResult r =
          slot_contact_forces(contacts.data(), contacts.size, 1.0, body, wall, law, settings, io.xi, slots,
                              [](const Contact &c) { return static_cast<double>(c.index_i); },
                              [](double key) { return key; });
      TangentialAdhesionState state = TangentialAdhesionState::from(io.style);
      add_tangential_adhesion(contacts.data(), contacts.size, body, wall, law, settings, state, r);
      state.to(io.style);
      *io.result = r;
    }
    io.status->ncontacts = contacts.size;
  }
};

// A rounded polygon inside a circular wall (fix wall/body/polygon): its
// vertex contacts under the pair style's rule, through the wall fix's own
// per-body function polygon_wall_forces() (weighted: every vertex contact;
// farthest: the two farthest apart).
struct PolygonWallCase {
  PolygonShape shape;
  BodyMotion body, wall;
  CylinderWall cylinder;
  PolygonContactRule rule = PolygonContactRule::weighted;
  LinearContactCoeffs coeffs;
  PairStepSettings settings;
  CaseIo io;

  KOKKOS_INLINE_FUNCTION void operator()(int) const
  {
    PolygonContactList contacts;
    find_wall_contacts(shape.vertices, shape.nvertices, shape.rounded_radius, cylinder, 0.0, contacts);
    io.status->ncontacts = contacts.size;
    const SpringSlotsRef slots{io.history, 8, false};
    int slot_overflow = 0;
    *io.result = polygon_wall_forces(contacts, rule, body, wall, LinearLaw{coeffs, settings.history}, settings,
                                     io.xi, slots, slot_overflow);
    io.status->overflow = slot_overflow > 0;
  }
};

// A plain reduction in the kernel's space (outside a TEST body: nvcc
// refuses a device lambda in a private member function, which TestBody is).
int sum_in_kernel(int n)
{
  int sum = 0;
  Kokkos::parallel_reduce(
      "body_dem_device_probe", Kokkos::RangePolicy<Kokkos::DefaultExecutionSpace>(0, n),
      KOKKOS_LAMBDA(int k, int &partial) { partial += k; }, sum);
  return sum;
}

// ---------------------------------------------------------------------------
// Set-ups: each case's bodies in the previous step and in this one; the
// previous step runs on the host and leaves the history that this step
// starts from, on the host and in the kernel alike.

LinearContactCoeffs linear_coeffs(bool per_contact)
{
  LinearContactCoeffs c;
  c.k_n = 1000.0;
  c.k_na = 40.0;
  c.k_t = 300.0;
  c.c_n = 5.0;
  c.c_t = 2.0;
  c.mu = 0.4;
  c.cutoff = 0.05;
  c.friction_per_contact = per_contact;
  return c;
}

PairStepSettings step_settings(bool history)
{
  PairStepSettings s;
  s.dt = 1e-3;
  s.history = history;
  return s;
}

const BodyMotion kPolygonMotionI = motion({0, 0, 0}, {0.3, -0.1, 0}, {0, 0, 0.7});
const BodyMotion kPolygonMotionJ = motion({2.25, 0.3, 0}, {-0.4, 0.2, 0}, {0, 0, -0.5});

PolygonPairCase polygon_pair_case(const PolygonShape &si, const PolygonShape &sj, bool history)
{
  PolygonPairCase c;
  c.si = si;
  c.sj = sj;
  c.mi = kPolygonMotionI;
  c.mj = kPolygonMotionJ;
  c.coeffs = linear_coeffs(true);
  c.delta_ua = 0.5;
  c.settings = step_settings(history);
  c.swapped = true;
  return c;
}

void check_polygon_pair(bool history)
{
  // j turned by 0.2 rad: a corner of j in i's rounded right face (and, in
  // the previous step, a little less deep)
  const Polygon before_i = square({0, 0, 0}, 1.0, 0.0, 0.1), before_j = square({2.26, 0.29, 0}, 1.0, 0.19, 0.1);
  const Polygon pi = square({0, 0, 0}, 1.0, 0.0, 0.1), pj = square({2.25, 0.3, 0}, 1.0, 0.2, 0.1);
  CaseState start;
  start.xi = Vec3{0.0, 0.0, 0.0};
  if (history) start.history.assign(spring_slots_size(kPolygonSpringSlots), 0.0);
  start = run_on_host(polygon_pair_case(before_i.host_shape(), before_j.host_shape(), history), start);
  ASSERT_TRUE(start.result.touching);

  const CaseState host = run_on_host(polygon_pair_case(pi.host_shape(), pj.host_shape(), history), start);
  ASSERT_TRUE(host.result.touching);
  ASSERT_GT(norm(host.result.total.force_j), 0.0);
  ASSERT_GT(norm(host.result.dissipative.force_j), 0.0);
  if (history) {
    ASSERT_GE(host.history[0], 1.0);    // a spring kept
  }

  const DevicePolygon di(pi), dj(pj);
  const CaseState device = run_in_kernel(polygon_pair_case(di.shape(), dj.shape(), history), start);
  expect_same(host, device, BlockLayout{4, 0, true});
}

// Cube j (half edge 0.5, rounded 0.05) with an edge down (turned 45
// degrees about x, tilted by `tilt` about y) on the top face of cube i
// (centred at the origin), reaching over i's edge x = +0.5: the lower end
// of j's edge is off i's face, so the contacts are the crossing of j's
// edge with i's top edge (in overlap) and j's other end vertex on i's face
// (in the cohesive range).
const Vec3 kEdgeCubeCenter{0.3, 0.05, 0.5 + 0.5 * std::sqrt(2.0) + 0.1};
Polyhedron edge_down_cube(double dz, double tilt)
{
  const Mat3 R = rotation({0, 1, 0}, tilt) * rotation({1, 0, 0}, 0.25 * M_PI);
  return cube(0.5, 0.05, R, kEdgeCubeCenter + Vec3{0, 0, dz});
}

// Cube j twisted by 30 degrees about z and tilted by `tilt` about x, flat
// on cube i's top face: the corners of the octagon where the two faces
// overlap (vertex contacts and crossings with their corner weights), not
// on a line, so that j_a > 1.
const Vec3 kFlatCubeCenter{0.02, -0.03, 1.0 + 0.1 - 0.008};
Polyhedron twisted_flat_cube(double dz, double tilt)
{
  const Mat3 R = rotation({1, 0, 0}, tilt) * rotation({0, 0, 1}, M_PI / 6.0);
  return cube(0.5, 0.05, R, kFlatCubeCenter + Vec3{0, 0, dz});
}

PolyhedronPairCase polyhedron_pair_case(const PolyhedronShape &si, const PolyhedronShape &sj, const Vec3 &center_j)
{
  PolyhedronPairCase c;
  c.si = si;
  c.sj = sj;
  c.mi = motion({0, 0, 0}, {0.05, 0.0, 0.02}, {0.1, -0.2, 0.3});
  c.mj = motion(center_j, {-0.2, 0.1, -0.3}, {0.4, 0.1, -0.2});
  c.coeffs = linear_coeffs(true);
  c.delta_ua = 0.05;
  c.settings = step_settings(true);
  c.swapped = true;
  c.springs = true;
  return c;
}

GranularPairModel granular_model()
{
  GranularPairModel m;
  EXPECT_EQ(m.set_hertz(2.0e4, 0.5), GranularCoeffError::none);
  m.set_damping(GranularDampingModel::mass_velocity);
  EXPECT_EQ(m.set_linear_history(500.0, 0.5, 0.5), GranularCoeffError::none);
  EXPECT_EQ(m.set_adhesion(0.01, 0.04, 300.0, 0.05), AdhesionCoeffError::none);
  EXPECT_EQ(m.set_tangential_adhesion(0.005, 0.3), AdhesionCoeffError::none);
  return m;
}

GranularPairCase granular_pair_case(const PolyhedronShape &si, const PolyhedronShape &sj)
{
  GranularPairCase c;
  c.si = si;
  c.sj = sj;
  c.mi = motion({0, 0, 0}, {0.05, 0.0, 0.02}, {0.1, -0.2, 0.3});
  c.mj = motion(kFlatCubeCenter, {-0.2, 0.1, -0.3}, {0.4, 0.1, -0.2});
  c.model = granular_model();
  c.mass_i = 1.0;
  c.mass_j = 1.5;
  c.cutoff = 0.05;
  c.delta_ua = 0.05;
  c.settings = step_settings(true);
  c.swapped = false;
  return c;
}

// Cube i at the origin against cube j as it was (before) and is (now):
// the previous step on the host leaves the weight record with its
// springs; this step from that record on the host and in the kernel.
CaseState check_polyhedron_pair(const Polyhedron &before, const Polyhedron &now, const Vec3 &center_j)
{
  const Polyhedron ci = cube(0.5, 0.05, Mat3{}, {0, 0, 0});
  CaseState start;
  start.history.assign(weight_record_size(true), 0.0);
  start = run_on_host(polyhedron_pair_case(ci.shape(), before.shape(), center_j), start);
  EXPECT_TRUE(start.result.touching);
  EXPECT_GT(start.history[0], 0.0);

  const CaseState host = run_on_host(polyhedron_pair_case(ci.shape(), now.shape(), center_j), start);
  EXPECT_TRUE(host.result.touching);
  EXPECT_TRUE(host.result.weights_recorded);
  bool spring = false;
  for (int m = 0; m < static_cast<int>(host.history[0]); ++m)
    spring = spring || norm(Vec3::from(&host.history[1 + kWeightRecordSpringEntry * m + 3])) > 0.0;
  EXPECT_TRUE(spring);

  const DevicePolyhedron di(ci), dj(now);
  const CaseState device = run_in_kernel(polyhedron_pair_case(di.shape(), dj.shape(), center_j), start);
  expect_same(host, device, BlockLayout{kWeightRecordSpringEntry, 2, true});
  return host;
}

PolyhedronWallCase polyhedron_wall_case(const PolyhedronShape &shape, const Vec3 &center, bool granular)
{
  PolyhedronWallCase c;
  c.shape = shape;
  c.body = motion(center, {0.1, -0.05, -0.2}, {0.3, 0.2, -0.1});
  c.wall = motion(center, {0.02, 0.0, 0.0}, {0, 0, 0});
  c.plane = PlaneWall{{0, 0, 0}, {0, 0, 1}};
  c.granular = granular;
  c.coeffs = linear_coeffs(true);
  c.coeffs.k_na = 0.0;    // a wall has no cohesion
  c.coeffs.cutoff = 0.0;
  c.model = granular_model();
  c.mass = 1.2;
  c.contact_range = granular ? c.model.adhesion_range() : 0.0;
  c.settings = step_settings(true);
  return c;
}

// A cube turned 3 degrees about x and 2 about y, its lowest face's
// corners at different depths in the wall z = 0.
Polyhedron cube_on_wall(double dz)
{
  const Mat3 R = rotation({1, 0, 0}, 0.0523598775598) * rotation({0, 1, 0}, 0.0349065850399);
  return cube(0.5, 0.05, R, {0.1, -0.2, 0.5 + 0.05 - 0.012 + dz});
}

}    // namespace

// ---------------------------------------------------------------------------

TEST(DeviceKernels, KernelRunsOnTheDefaultExecutionSpace)
{
  // Which space the cases below ran in (printed for the log of a CUDA run).
  std::printf("[          ] Kokkos default execution space: %s\n", Kokkos::DefaultExecutionSpace::name());
  EXPECT_EQ(sum_in_kernel(4), 6);
}

TEST(DeviceKernels, PolygonPairWithContactSprings) { check_polygon_pair(true); }

TEST(DeviceKernels, PolygonPairWithoutHistory) { check_polygon_pair(false); }

TEST(DeviceKernels, PolyhedronPairTiltedFaceEdgeWithWeightRecord)
{
  const CaseState host = check_polyhedron_pair(edge_down_cube(-0.004, 0.033), edge_down_cube(-0.006, 0.035),
                                               kEdgeCubeCenter);
  EXPECT_GE(host.status.ncontacts, 2);    // the crossing and a vertex contact
}

TEST(DeviceKernels, PolyhedronPairTwistedFaceOnFaceWithWeightRecord)
{
  const CaseState host = check_polyhedron_pair(twisted_flat_cube(0.002, 0.012), twisted_flat_cube(0.0, 0.015),
                                               kFlatCubeCenter);
  EXPECT_GT(host.status.ncontacts, 4);
  EXPECT_GT(host.status.j_a, 1.0);
  EXPECT_GT(norm(host.result.ja_scaling.force_j), 0.0);
  EXPECT_NE(host.result.weight_work, 0.0);    // the corners' weights changed with the twist
}

TEST(DeviceKernels, GranularPairWithAdhesion)
{
  const Polyhedron ci = cube(0.5, 0.05, Mat3{}, {0, 0, 0});
  const Polyhedron before = twisted_flat_cube(0.002, 0.012), now = twisted_flat_cube(0.0, 0.015);
  CaseState start;
  start.history.assign(weight_record_size(true), 0.0);
  start.style.assign(kTangentialAdhesionValues, 0.0);
  start = run_on_host(granular_pair_case(ci.shape(), before.shape()), start);
  ASSERT_TRUE(start.result.style_values_live);

  const CaseState host = run_on_host(granular_pair_case(ci.shape(), now.shape()), start);
  ASSERT_TRUE(host.result.touching);
  ASSERT_TRUE(host.result.style_values_live);
  ASSERT_GT(host.style[3], 0.0);    // the lagged normal adhesion force
  ASSERT_GT(norm(Vec3::from(&host.style[0])), 0.0);

  const DevicePolyhedron di(ci), dj(now);
  const CaseState device = run_in_kernel(granular_pair_case(di.shape(), dj.shape()), start);
  expect_same(host, device, BlockLayout{kWeightRecordSpringEntry, 2, true});
}

TEST(DeviceKernels, PolyhedronOnFlatWall)
{
  for (const bool granular : {false, true}) {
    SCOPED_TRACE(granular ? "granular wall" : "linear wall");
    const Polyhedron before = cube_on_wall(0.002), now = cube_on_wall(0.0);
    const Vec3 center{0.1, -0.2, 0.5 + 0.05 - 0.012};
    CaseState start;
    start.history.assign(spring_slots_size(8), 0.0);
    if (granular) start.style.assign(kTangentialAdhesionValues, 0.0);
    start = run_on_host(polyhedron_wall_case(before.shape(), center, granular), start);
    ASSERT_TRUE(start.result.touching);

    const CaseState host = run_on_host(polyhedron_wall_case(now.shape(), center, granular), start);
    ASSERT_TRUE(host.result.touching);
    ASSERT_GE(host.status.ncontacts, 2);
    ASSERT_GE(host.history[0], 2.0);    // springs of the vertices in contact
    if (granular) {
      ASSERT_GT(norm(Vec3::from(&host.style[0])), 0.0);
    }

    const DevicePolyhedron d(now);
    const CaseState device = run_in_kernel(polyhedron_wall_case(d.shape(), center, granular), start);
    expect_same(host, device, BlockLayout{4, 0, true});
  }
}

TEST(DeviceKernels, PolygonInCircularWall)
{
  for (const PolygonContactRule rule : {PolygonContactRule::weighted, PolygonContactRule::farthest}) {
    SCOPED_TRACE(rule == PolygonContactRule::weighted ? "contacts weighted" : "contacts farthest");
    // A square turned by 0.1 rad with two corners in the wall of radius 2.
    const auto make = [rule](const PolygonShape &shape) {
      PolygonWallCase c;
      c.shape = shape;
      c.rule = rule;
      c.body = motion({1.05, 0.1, 0}, {0.2, 0.1, 0}, {0, 0, 0.4});
      c.wall = motion({1.05, 0.1, 0}, {0, 0, 0}, {0, 0, 0});
      c.cylinder = CylinderWall{2.0};
      c.coeffs = linear_coeffs(true);
      c.coeffs.k_na = 0.0;
      c.coeffs.cutoff = 0.0;
      c.settings = step_settings(true);
      return c;
    };
    const Polygon before = square({1.03, 0.1, 0}, 0.8, 0.09, 0.05), now = square({1.05, 0.1, 0}, 0.8, 0.1, 0.05);
    CaseState start;
    start.history.assign(spring_slots_size(8), 0.0);
    start = run_on_host(make(before.host_shape()), start);
    ASSERT_TRUE(start.result.touching);

    const CaseState host = run_on_host(make(now.host_shape()), start);
    ASSERT_TRUE(host.result.touching);
    ASSERT_GE(host.status.ncontacts, 2);
    ASSERT_GE(host.history[0], 1.0);
    ASSERT_FALSE(host.status.overflow);

    const DevicePolygon d(now);
    const CaseState device = run_in_kernel(make(d.shape()), start);
    expect_same(host, device, BlockLayout{4, 0, true});
  }
}

int main(int argc, char **argv)
{
  Kokkos::initialize(argc, argv);
  int result = 0;
  {
    ::testing::InitGoogleTest(&argc, argv);
    result = RUN_ALL_TESTS();
  }
  Kokkos::finalize();
  return result;
}
