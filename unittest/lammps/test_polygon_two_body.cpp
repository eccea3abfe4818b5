// Two-body checks of pair_style body/rounded/polygon in LAMMPS (TESTING.md
// layer 2): forces, torques, energy and work of small configurations whose
// values are worked out by hand in the comments, with the plugin loaded
// into the host in-process.
//
// The law (DESIGN.md, "Formulas that the seed text lost"), per contact,
// delta_n = surface separation, F_n > 0 repulsive, acting on body j along
// the normal n from body i to body j:
//   delta_n <= 0:       F_n = -k_n delta_n - j_a k_na (r_c - delta_n) - c_n v_n
//                       E   = 1/2 k_n delta_n^2 - 1/2 k_na (r_c - delta_n)^2
//   0 < delta_n <= r_c: F_n = -k_na (r_c - delta_n),  E = -1/2 k_na (r_c - delta_n)^2
//   beyond r_c:         nothing.
// Tangential, per contact in overlap: damping -c_t v_t; once per pair the
// friction -min(mu k_n |delta_n|, c_t |v_t|) v_t/|v_t| (no history) or the
// spring -k_t xi capped at mu sum k_n |delta_n| (history). Forces act at the
// contact point halfway between the two rounded surfaces.
//
// Conventions of these tests: `run 0` computes the forces of the initial
// configuration without moving anything; body 1 is "i", body 2 is "j";
// f and torque are read per atom ID after the run.
#include "body_data.h"
#include "lammps_session.h"
#include "pair_style_bodies.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using body_dem_test::Box2d;
using body_dem_test::LammpsSession;
using body_dem_test::PolygonBody;

namespace {

// Tolerance of the `run 0` checks. The positions reach the pair style
// through a data file written with 17 digits, a Jacobi diagonalisation of
// each inertia tensor and the quaternion rotation of every vertex into the
// space frame: each vertex carries a relative error of a few 1e-16 of the
// body size (~1), which the stiffness k_n = 100 turns into force errors of
// order 1e-14 and energy errors smaller still. 1e-12 leaves a margin of
// 100 above that, while the smallest term of the law checked below (0.01)
// is 1e10 times larger, so a missing or wrong term cannot pass.
constexpr double kTol = 1e-12;

struct Vec2 {
  double x = 0.0, y = 0.0;
};

// Bodies of the harness (pair_style_bodies.h) under body/rounded/polygon,
// read from the data file two_body_<name>.data, seen in the plane.
class Bodies : public body_dem_test::PairStyleBodies {
 public:
  Bodies(const std::string &name, const std::vector<PolygonBody> &bodies, const std::string &pair_style,
         const std::string &pair_coeff, int max_vertices = 8)
      : PairStyleBodies(body_dem_test::polygon_bodies_setup("two_body_" + name + ".data", bodies, max_vertices),
                        "body/rounded/polygon " + pair_style, {"* * " + pair_coeff})
  {
  }

  // Force and torque (z) on the atom with ID `id` (1-based). The z force
  // and the x, y torque are not exactly 0 for polygons: the rotation of the
  // vertices by their quaternion leaves z components of round-off size
  // (measured: up to 5e-14 in the torque), within kTol.
  Vec2 force(int id)
  {
    const body_dem_test::Triple f = PairStyleBodies::force(id);
    EXPECT_NEAR(f[2], 0.0, kTol) << "2d: no force along z";
    return {f[0], f[1]};
  }
  double torque(int id)
  {
    const body_dem_test::Triple t = PairStyleBodies::torque(id);
    EXPECT_NEAR(t[0], 0.0, kTol) << "2d: torque only about z";
    EXPECT_NEAR(t[1], 0.0, kTol) << "2d: torque only about z";
    return t[2];
  }
};

PolygonBody moving(PolygonBody b, double vx, double vy, double wz)
{
  b.vx = vx;
  b.vy = vy;
  b.wz = wz;
  return b;
}

// Expects body 1 to get -F and body 2 to get F = (fx, fy).
void expect_pair_force(Bodies &b, double fx, double fy)
{
  const Vec2 fi = b.force(1), fj = b.force(2);
  EXPECT_NEAR(fj.x, fx, kTol);
  EXPECT_NEAR(fj.y, fy, kTol);
  EXPECT_NEAR(fi.x, -fx, kTol);
  EXPECT_NEAR(fi.y, -fy, kTol);
}

// ---------------------------------------------------------------------------
// 1. Two disks (one-vertex bodies, diameter 1, radius 0.5): one contact,
// j_a = 1. Disk 1 at the origin, disk 2 at distance d along n = (0.6, 0.8),
// so delta_n = d - 1. k_n = 100, k_na = 2.

struct DiskPairCase {
  double d;           // centre distance
  double cutoff;      // r_c
  double f_n;         // expected normal force on disk 2 along n (> 0 repulsive)
  double energy;      // expected pe
};

void check_disk_pair(const std::string &name, const DiskPairCase &c)
{
  const double nx = 0.6, ny = 0.8;
  Bodies b(name, {body_dem_test::disk(0.0, 0.0, 1.0), body_dem_test::disk(c.d * nx, c.d * ny, 1.0)},
           "0.0 0.0 0.0 1.0 " + std::to_string(c.cutoff), "100.0 2.0");
  b.run(0);
  SCOPED_TRACE(name);
  expect_pair_force(b, c.f_n * nx, c.f_n * ny);
  // Central force: the contact point lies on the line of the centres.
  EXPECT_NEAR(b.torque(1), 0.0, kTol);
  EXPECT_NEAR(b.torque(2), 0.0, kTol);
  EXPECT_NEAR(b.pe(), c.energy, kTol);
}

TEST(PolygonTwoBody, DisksInOverlapElasticPlusCohesion)
{
  // d = 0.9, delta_n = -0.1, r_c = 0.2:
  //   F_n = -100 (-0.1) - 2 (0.2 + 0.1) = 10 - 0.6 = 9.4
  //   E   = 1/2 100 (0.01) - 1/2 2 (0.3)^2 = 0.5 - 0.09 = 0.41
  check_disk_pair("disks_overlap", {0.9, 0.2, 9.4, 0.41});
}

TEST(PolygonTwoBody, DisksInCohesiveRangeAttract)
{
  // d = 1.1, delta_n = 0.1 in (0, r_c = 0.2]:
  //   F_n = -2 (0.2 - 0.1) = -0.2 (attractive), E = -1/2 2 (0.1)^2 = -0.01
  check_disk_pair("disks_cohesive", {1.1, 0.2, -0.2, -0.01});
}

TEST(PolygonTwoBody, DisksBeyondCutoffDoNotInteract)
{
  // d = 1.25, delta_n = 0.25 > r_c = 0.2: no force, no energy.
  check_disk_pair("disks_beyond", {1.25, 0.2, 0.0, 0.0});
}

TEST(PolygonTwoBody, DisksWithZeroCutoffInteractOnlyInOverlap)
{
  // r_c = 0, d = 0.9, delta_n = -0.1:
  //   F_n = 10 - 2 (0 + 0.1) = 9.8 (slope k_n - k_na), E = 0.5 - 1/2 2 (0.1)^2 = 0.49
  check_disk_pair("disks_contact_only_overlap", {0.9, 0.0, 9.8, 0.49});
  // d = 1.05 (delta_n = 0.05 > r_c = 0): nothing.
  check_disk_pair("disks_contact_only_apart", {1.05, 0.0, 0.0, 0.0});
}

TEST(PolygonTwoBody, DiskForceIsContinuousAtTouching)
{
  // Just inside and just outside delta_n = 0 (r_c = 0.2, e = 1e-7): both
  // sides give -k_na r_c = -0.4 up to the slopes times e:
  //   delta_n = -e: F_n = 100 e - 2 (0.2 + e) = -0.4 + 98 e,
  //                 E = 1/2 100 e^2 - (0.2 + e)^2
  //   delta_n = +e: F_n = -2 (0.2 - e) = -0.4 + 2 e,  E = -(0.2 - e)^2
  // (both energies -0.04 + O(e)).
  const double e = 1e-7;
  check_disk_pair("disks_touch_inside", {1.0 - e, 0.2, -0.4 + 98 * e, 50 * e * e - (0.2 + e) * (0.2 + e)});
  check_disk_pair("disks_touch_outside", {1.0 + e, 0.2, -0.4 + 2 * e, -(0.2 - e) * (0.2 - e)});
}

// ---------------------------------------------------------------------------
// 2. Normal damping: the disks of case 1 (d = 0.9, r_c = 0.2, c_n = 5),
// disk 1 moving with 0.3 n and disk 2 with -0.2 n: v_n = dot(v_2 - v_1, n)
// = -0.5 (approaching). F_n = 9.4 - c_n v_n = 9.4 + 2.5 = 11.9. Separating
// (velocities reversed): 9.4 - 2.5 = 6.9. The energy stays 0.41: damping
// has none. In the cohesive range damping does not act: d = 1.1 still gives
// -0.2 while approaching.

TEST(PolygonTwoBody, NormalDampingOfApproachingAndSeparatingDisks)
{
  const double nx = 0.6, ny = 0.8;
  struct Case {
    const char *name;
    double d, sign, f_n, energy;
  };
  for (const Case &c : {Case{"damp_approach", 0.9, 1.0, 11.9, 0.41}, Case{"damp_separate", 0.9, -1.0, 6.9, 0.41},
                        Case{"damp_cohesive", 1.1, 1.0, -0.2, -0.01}}) {
    SCOPED_TRACE(c.name);
    const double u1 = 0.3 * c.sign, u2 = -0.2 * c.sign;
    Bodies b(c.name,
             {moving(body_dem_test::disk(0.0, 0.0, 1.0), u1 * nx, u1 * ny, 0.0),
              moving(body_dem_test::disk(c.d * nx, c.d * ny, 1.0), u2 * nx, u2 * ny, 0.0)},
             "5.0 0.0 0.0 1.0 0.2", "100.0 2.0");
    b.run(0);
    expect_pair_force(b, c.f_n * nx, c.f_n * ny);
    EXPECT_NEAR(b.torque(1), 0.0, kTol);
    EXPECT_NEAR(b.torque(2), 0.0, kTol);
    EXPECT_NEAR(b.pe(), c.energy, kTol);
  }
}

// ---------------------------------------------------------------------------
// 3. Friction without history. Disk 1: diameter 1 at the origin, spinning
// with w_1 = -0.4. Disk 2: diameter 0.6 (radius 0.3) at (0.7, 0), moving
// with (0, 1) and spinning with w_2 = 0.5. n = (1, 0),
// delta_n = 0.7 - 0.8 = -0.1. k_n = 100, k_na = 2, r_c = 0.2, c_n = 0,
// c_t = 2.
//
// Contact point halfway between the surfaces: disk 1's surface at x = 0.5,
// disk 2's at 0.7 - 0.3 = 0.4, so p = (0.45, 0).
// Velocities at p (w z x r = (-w r_y, w r_x)):
//   disk 1: (0, 0) + (0, -0.4 * 0.45)          = (0, -0.18)
//   disk 2: (0, 1) + (0, 0.5 * (0.45 - 0.7))   = (0, 0.875)
//   v_rel = v_2 - v_1 = (0, 1.055): all tangential, |v_t| = 1.055.
// Normal force as in case 1: F_n = 9.4 (pe 0.41).
// Tangential force on disk 2: friction -min(mu k_n |delta_n|, c_t |v_t|)
// plus damping -c_t |v_t| = -2.11, along y:
//   mu = 0.5: min(5, 2.11) = 2.11 (capped by the velocity), F_y = -4.22
//   mu = 0.1: min(1, 2.11) = 1    (Coulomb),               F_y = -3.11
// Torques ((p - c) x F, z = r_x F_y - r_y F_x; r_y = 0 here):
//   disk 2: r = (0.45 - 0.7, 0) = (-0.25, 0), torque = -0.25 F_y
//   disk 1: force -F at r = (0.45, 0),        torque = -0.45 F_y
//   mu = 0.5: torque_2 = 1.055,  torque_1 = 1.899
//   mu = 0.1: torque_2 = 0.7775, torque_1 = 1.3995
// (Friction pushes disk 2's contact point down, against the sliding, and
// spins it up counter-clockwise, towards rolling.)

TEST(PolygonTwoBody, FrictionWithoutHistoryOnSpinningDisks)
{
  struct Case {
    const char *name;
    double mu, f_y, torque_1, torque_2;
  };
  for (const Case &c : {Case{"friction_velocity_capped", 0.5, -4.22, 1.899, 1.055},
                        Case{"friction_coulomb", 0.1, -3.11, 1.3995, 0.7775}}) {
    SCOPED_TRACE(c.name);
    Bodies b(c.name,
             {moving(body_dem_test::disk(0.0, 0.0, 1.0), 0.0, 0.0, -0.4),
              moving(body_dem_test::disk(0.7, 0.0, 0.6), 0.0, 1.0, 0.5)},
             "0.0 2.0 " + std::to_string(c.mu) + " 1.0 0.2", "100.0 2.0");
    b.run(0);
    expect_pair_force(b, 9.4, c.f_y);
    EXPECT_NEAR(b.torque(1), c.torque_1, kTol);
    EXPECT_NEAR(b.torque(2), c.torque_2, kTol);
    EXPECT_NEAR(b.pe(), 0.41, kTol);
  }
}

// ---------------------------------------------------------------------------
// 4. Square on square, edge to edge, with cohesion. Rounded diameter 0.2
// (r = 0.1) for both. Square 1: side 1 at the origin (top edge y = 0.5,
// x in [-0.5, 0.5]). Square 2: side 0.8 at (0.5, 1.08) (bottom edge
// y = 0.68, x in [0.1, 0.9]). Skeleton gap 0.18, delta_n = 0.18 - 0.2 = -0.02.
// k_n = 100, k_na = 5, r_c = 0.05.
//
// Contacts (n = +y):
//   A: vertex (0.5, 0.5) of square 1 on the bottom edge of square 2,
//      p_A = (0.5, 0.5 + 0.1 - 0.01) = (0.5, 0.59)
//   B: vertex (0.1, 0.68) of square 2 on the top edge of square 1,
//      p_B = (0.1, 0.59)
//   The corners (-0.5, 0.5)/(0.1, 0.68) and (0.5, 0.5)/(0.9, 0.68) are
//   sqrt(0.4^2 + 0.18^2) = 0.4386 apart: delta_n = 0.2386 > r_c, no contact.
// Contact length L = |p_A - p_B| = 0.4, j_a = max(1, L / (2 delta_ua)).
// Per contact: F_n = -k_n delta_n - j_a k_na (r_c - delta_n) = 2 - j_a 0.35
//   delta_ua = 1:   j_a = max(1, 0.2) = 1, F_n = 1.65, total 3.3
//   delta_ua = 0.1: j_a = 0.4 / 0.2  = 2, F_n = 1.3,  total 2.6
//   (scaling the elastic part too would give 2 (4 - 0.7) = 6.6 instead of 2.6)
// Energy (j_a has none): 2 (1/2 100 0.02^2 - 1/2 5 0.07^2) = 2 (0.02 - 0.01225) = 0.0155.
// Torques, all forces (0, F_n) along y:
//   square 2, centre (0.5, 1.08): F_n ((0.5 - 0.5) + (0.1 - 0.5)) = -0.4 F_n
//   square 1, centre (0, 0), force -F_n: -F_n (0.5 + 0.1) = -0.6 F_n
//   delta_ua = 1:   torque_2 = -0.66, torque_1 = -0.99
//   delta_ua = 0.1: torque_2 = -0.52, torque_1 = -0.78

TEST(PolygonTwoBody, SquareOnSquareEdgeToEdgeScalesOnlyCohesionWithContactLength)
{
  struct Case {
    const char *name;
    double delta_ua, f_total, torque_1, torque_2;
  };
  for (const Case &c : {Case{"squares_ja1", 1.0, 3.3, -0.99, -0.66}, Case{"squares_ja2", 0.1, 2.6, -0.78, -0.52}}) {
    SCOPED_TRACE(c.name);
    Bodies b(c.name, {body_dem_test::square(0.0, 0.0, 1.0, 0.0, 0.2), body_dem_test::square(0.5, 1.08, 0.8, 0.0, 0.2)},
             "0.0 0.0 0.0 " + std::to_string(c.delta_ua) + " 0.05", "100.0 5.0");
    b.run(0);
    expect_pair_force(b, 0.0, c.f_total);
    EXPECT_NEAR(b.torque(1), c.torque_1, kTol);
    EXPECT_NEAR(b.torque(2), c.torque_2, kTol);
    EXPECT_NEAR(b.pe(), 0.0155, kTol);
  }
}

// ---------------------------------------------------------------------------
// 5. A vertex of a diamond (square rotated by 45 degrees) on the top edge of
// square 1 (side 1 at the origin, top edge y = 0.5). Diamond: circumradius
// R = 0.5, rounded diameter 0.2 for both; its lowest vertex at angle
// -90 degrees + theta from its centre, i.e. at (x0 + R sin(theta),
// y0 - R cos(theta)), with y0 = 0.68 + R cos(theta) so that the vertex is
// at y = 0.68: delta_n = -0.02 as in case 4, k_n = 100, k_na = 5, r_c = 0.05.
// One vertex-edge contact (the next vertices are >= R (cos - sin)(theta)
// = 0.39 higher), j_a = 1: F_n = 2 - 0.35 = 1.65 along the edge normal +y,
// at p = (x0 + R sin(theta), 0.59). Energy 0.00775.
// Torques: diamond: (p_x - x0) F_n = R sin(theta) F_n; square 1: -p_x F_n.
//   theta = 0, x0 = 0.2: vertex below the centre: torque_2 = 0, torque_1 = -0.33
//   theta = 0.2, x0 = 0.1: lever arm R sin(0.2) = 0.0993347:
//     torque_2 = 0.0993347 * 1.65, torque_1 = -(0.1 + 0.0993347) * 1.65

TEST(PolygonTwoBody, DiamondVertexOnSquareEdge)
{
  const double R = 0.5, f_n = 1.65;
  for (const double theta : {0.0, 0.2}) {
    const double x0 = theta == 0.0 ? 0.2 : 0.1;
    SCOPED_TRACE("theta = " + std::to_string(theta));
    Bodies b(theta == 0.0 ? "diamond_aligned" : "diamond_tilted",
             {body_dem_test::square(0.0, 0.0, 1.0, 0.0, 0.2),
              body_dem_test::regular_polygon(4, x0, 0.68 + R * std::cos(theta), R, -M_PI / 2 + theta, 0.2)},
             "0.0 0.0 0.0 1.0 0.05", "100.0 5.0");
    b.run(0);
    expect_pair_force(b, 0.0, f_n);
    const double lever = R * std::sin(theta);
    EXPECT_NEAR(b.torque(2), lever * f_n, kTol);
    EXPECT_NEAR(b.torque(1), -(x0 + lever) * f_n, kTol);
    EXPECT_NEAR(b.pe(), 0.00775, kTol);
  }
}

// ---------------------------------------------------------------------------
// 6. The reported energy includes only the contacts that receive forces.
// Body 1: a unit square with a fifth vertex raised by 0.01 in the middle of
// its top edge, vertices (-0.5,-0.5) (0.5,-0.5) (0.5,0.5) (0,0.51)
// (-0.5,0.5), rounded diameter 0.2. Body 2: a rod of length 2 (vertices
// (-1, 0), (1, 0) from its centre), rounded diameter 0.2, lying across it
// at (0.2, 0.68), i.e. from x = -0.8 to 1.2 at y = 0.68. k_n = 100,
// k_na = 5, r_c = 0.05, delta_ua = 1.
// Candidate contacts, all three vertices of the top strictly inside the rod:
//   (-0.5, 0.5): gap 0.18, delta_n = -0.02
//   (0, 0.51):   gap 0.17, delta_n = -0.03 (the deepest)
//   (0.5, 0.5):  gap 0.18, delta_n = -0.02
//   (the rod's ends are sqrt(0.3^2 + 0.18^2) = 0.35 from the corners: none)
// Forces go to the two farthest apart, x = -0.5 and 0.5 (L = 1, j_a =
// max(1, 0.5) = 1): F_n = 1.65 each, total 3.3 on the rod.
// Energy: 2 * 0.00775 = 0.0155 (all three would add 1/2 100 0.03^2 -
// 1/2 5 0.08^2 = 0.029, giving 0.0445).
// Torques: rod, centre (0.2, 0.68): 1.65 ((-0.5 - 0.2) + (0.5 - 0.2)) = -0.66;
// body 1: -1.65 (-0.5 + 0.5) = 0.

TEST(PolygonTwoBody, EnergyOnlyFromContactsThatReceiveForces)
{
  PolygonBody house;
  house.vertices = {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {0.0, 0.51}, {-0.5, 0.5}};
  house.rounded_diameter = 0.2;
  PolygonBody rod;
  rod.x = 0.2;
  rod.y = 0.68;
  rod.vertices = {{-1.0, 0.0}, {1.0, 0.0}};
  rod.rounded_diameter = 0.2;
  // The seed's rule (contacts farthest), which this test is about: pinned
  // since the default became the weighted rule (issue 29).
  {
    Bodies b("rod_across", {house, rod}, "0.0 0.0 0.0 1.0 0.05 contacts farthest", "100.0 5.0");
    b.run(0);
    expect_pair_force(b, 0.0, 3.3);
    EXPECT_NEAR(b.torque(1), 0.0, kTol);
    EXPECT_NEAR(b.torque(2), -0.66, kTol);
    EXPECT_NEAR(b.pe(), 0.0155, kTol);
  }
  // The weighted rule (the default): all three contacts receive forces
  // (0.5 apart, beyond l_merge = 0.1 x 0.5: weight 1 each; L = 0.80, j_a =
  // 1), and the energy is still that of the contacts that receive forces:
  // F = 1.65 + 2.6 + 1.65 = 5.9 (the middle one 100 0.03 - 5 0.08 = 2.6),
  // energy 0.0445 (see above), torque on the rod 1.65 (-0.7 + 0.3) + 2.6
  // (-0.2) = -1.18, on body 1 0.
  {
    Bodies b("rod_across_weighted", {house, rod}, "0.0 0.0 0.0 1.0 0.05", "100.0 5.0");
    b.run(0);
    expect_pair_force(b, 0.0, 5.9);
    EXPECT_NEAR(b.torque(1), 0.0, kTol);
    EXPECT_NEAR(b.torque(2), -1.18, kTol);
    EXPECT_NEAR(b.pe(), 0.0445, kTol);
  }
}

// ---------------------------------------------------------------------------
// 7. Newton's third law for a random-ish overlap of two pentagons with
// damping, friction, cohesion and j_a > 1, moving and spinning: the forces
// on the two bodies cancel, and so do the torques about the origin
// (torque_1 + torque_2 + c_1 x F_1 + c_2 x F_2 = 0), since every force acts
// at one point with opposite signs on the two bodies. Tolerance: kTol
// relative to the largest force or moment, for the same round-off reasons.

TEST(PolygonTwoBody, NewtonsThirdLawForOverlappingPentagons)
{
  for (const char *extra : {"", " history"}) {
    SCOPED_TRACE(std::string("pair_style options:") + extra);
    const PolygonBody a = moving(body_dem_test::regular_polygon(5, 0.1, -0.2, 0.6, 0.13, 0.2), 0.3, -0.1, 0.7);
    const PolygonBody c = moving(body_dem_test::regular_polygon(5, 1.05, 0.25, 0.6, 0.71, 0.2), -0.2, 0.15, -0.4);
    Bodies b(*extra ? "pentagons_history" : "pentagons", {a, c}, std::string("3.0 2.0 0.4 0.1 0.05") + extra,
             "100.0 5.0");
    // With history, a few steps (no integrator: nothing moves) load the spring.
    b.run(*extra ? 5 : 0);
    const Vec2 f1 = b.force(1), f2 = b.force(2);
    const double t1 = b.torque(1), t2 = b.torque(2);
    const double scale = std::max({std::fabs(f1.x), std::fabs(f1.y), std::fabs(t1), std::fabs(t2)});
    ASSERT_GT(scale, 1.0) << "the pentagons must overlap";
    EXPECT_NEAR(f1.x + f2.x, 0.0, kTol * scale);
    EXPECT_NEAR(f1.y + f2.y, 0.0, kTol * scale);
    const double moment = (a.x * f1.y - a.y * f1.x) + (c.x * f2.y - c.y * f2.x);
    EXPECT_NEAR(t1 + t2 + moment, 0.0, kTol * scale);
    EXPECT_GT(b.pe(), 0.0);
  }
}

// ---------------------------------------------------------------------------
// 8. Work accumulators (compute pair, elements 1 and 2).

// Accumulators are 0 after `run 0` even where j_a > 1 and damping and
// friction act: no time passes in the setup of a run. Squares of case 4
// (j_a = 2) with c_n, c_t, mu > 0 and square 2 sliding and approaching.
TEST(PolygonTwoBody, WorkIsZeroAfterRunZero)
{
  Bodies b("work_run0",
           {body_dem_test::square(0.0, 0.0, 1.0, 0.0, 0.2),
            moving(body_dem_test::square(0.5, 1.08, 0.8, 0.0, 0.2), 0.3, -0.2, 0.1)},
           "5.0 2.0 0.3 0.1 0.05", "100.0 5.0");
  b.run(0);
  EXPECT_EQ(b.work(1), 0.0);
  EXPECT_EQ(b.work(2), 0.0);
  // ... although forces act (2.6 from case 4 plus damping).
  EXPECT_GT(b.force(2).y, 2.6);
}

// An oblique collision of two spinning disks (diameter 1, mass 1): disk 1
// at (-0.55, 0) with v = (0.5, 0.05), w = 1; disk 2 at (0.55, 0.1) with
// v = (-0.5, 0), w = -0.5. Initial delta_n = sqrt(1.1^2 + 0.1^2) - 1 =
// 0.1045 > r_c = 0.05: no force, pe = 0. They approach at ~1, touch for
// about pi sqrt(m_red / k_n) = pi sqrt(0.5 / 100) = 0.22 time units and
// separate; 0.6 time units cover the whole collision. fix nve/body
// integrates translation and rotation. Total energy: compute temp/body
// with no extra dof has 3 dof per body in 2d, so KE_trans + KE_rot =
// T * 3 N / 2 (N = 2); pe from thermo.
struct CollisionResult {
  double e_start, e_end, work_ja, work_diss, min_pe;
};

CollisionResult collide_disks(const std::string &name, const std::string &pair_style, double dt, int steps)
{
  Bodies b(name,
           {moving(body_dem_test::disk(-0.55, 0.0, 1.0), 0.5, 0.05, 1.0),
            moving(body_dem_test::disk(0.55, 0.1, 1.0), -0.5, 0.0, -0.5)},
           pair_style, "100.0 5.0");
  body_dem_test::integrate_with_total_energy(*b.s, 2, dt);
  CollisionResult r{};
  b.run(0);
  r.e_start = b.s->variable("etot");
  EXPECT_EQ(b.pe(), 0.0) << "the disks start apart";
  // Several pieces, to see that the disks did collide (pe < 0 or > 0 at some point).
  r.min_pe = 0.0;
  double max_pe = 0.0;
  const int pieces = 20;
  for (int k = 0; k < pieces; ++k) {
    b.s->command("run " + std::to_string(steps / pieces) + " pre no post no");
    max_pe = std::max(max_pe, b.pe());
    r.min_pe = std::min(r.min_pe, b.pe());
  }
  EXPECT_GT(max_pe, 0.01) << "the disks must collide";
  EXPECT_EQ(b.pe(), 0.0) << "the disks must have separated";
  r.e_end = b.s->variable("etot");
  r.work_ja = b.work(1);
  r.work_diss = b.work(2);
  return r;
}

// Bound of the energy error of the velocity-Verlet integration over the
// collision: (omega dt)^2 times the initial energy E0 ~ 0.33 (all of it
// kinetic), with omega = sqrt(k_n / m_red) = sqrt(100 / 0.5) = sqrt(200)
// the contact frequency: at dt = 0.001, 2e-4 E0 = 6.6e-5. The force law is
// continuous but has kinks (at delta_n = 0 and r_c), where the integration
// error per crossing is O(k_n v_n^2 dt^2) ~ (omega dt)^2 times the
// energy of the normal motion (0.25 here), with a factor between 0 and 1
// that depends on where in a time step the kink falls. That factor makes
// the error an irregular function of dt (measured without damping: 1.8e-5,
// 1.7e-6, 8.8e-7, 3.0e-7 at dt = 2, 1, 0.5, 0.25 e-3: not a clean factor 4
// per halving), so the tests check this bound at two time steps rather
// than the ratio of the errors.
double verlet_bound(double dt, double e0) { return 200.0 * dt * dt * e0; }

TEST(PolygonTwoBody, DampingAndFrictionWorkIsNegative)
{
  // c_n = 5, c_t = 2, mu = 0.3: energy is dissipated (measured: 0.243 of 0.33).
  const CollisionResult r = collide_disks("work_dissipative", "5.0 2.0 0.3 1.0 0.05", 0.001, 600);
  // One contact between disks: j_a = 1 and its extra force is exactly 0.
  EXPECT_EQ(r.work_ja, 0.0);
  EXPECT_LT(r.work_diss, -0.1);
  EXPECT_LT(r.e_end, r.e_start);
  // Balance: E_end - E_start = W_ja + W_diss up to the integration error
  // (measured 9.5e-6 at dt = 0.001, 3.0e-6 at dt = 0.0005).
  EXPECT_NEAR(r.e_end - r.e_start, r.work_ja + r.work_diss, verlet_bound(0.001, r.e_start));
  const CollisionResult r2 = collide_disks("work_dissipative_dt2", "5.0 2.0 0.3 1.0 0.05", 0.0005, 1200);
  EXPECT_NEAR(r2.e_end - r2.e_start, r2.work_ja + r2.work_diss, verlet_bound(0.0005, r2.e_start));
}

TEST(PolygonTwoBody, EnergyConservedWithoutDampingAndFriction)
{
  // c_n = c_t = mu = 0, one contact (j_a = 1): no work of either kind
  // (exactly 0, not just small), and KE_trans + KE_rot + pe is conserved
  // to the Verlet bound above, at dt and dt/2 (bound / 4).
  for (const double dt : {0.001, 0.0005}) {
    SCOPED_TRACE("dt = " + std::to_string(dt));
    const CollisionResult r = collide_disks(dt == 0.001 ? "work_conservative_dt1" : "work_conservative_dt2",
                                            "0.0 0.0 0.0 1.0 0.05", dt, static_cast<int>(std::lround(0.6 / dt)));
    EXPECT_EQ(r.work_ja, 0.0);
    EXPECT_EQ(r.work_diss, 0.0);
    EXPECT_NEAR(r.e_end, r.e_start, verlet_bound(dt, r.e_start));
  }
}

// ---------------------------------------------------------------------------
// 9. The history spring. Two disks of diameter 1 pressed together at
// d = 0.9 along x (delta_n = -0.1, elastic force k_n |delta_n| = 10, k_na =
// 0), disk 2 given a tangential velocity (0, v) with v = 0.1 and nothing
// integrating (no fix): the configuration stays, the velocity stays, and
// each step adds v dt to xi. After N steps (the setup of the run adds
// nothing), xi = (0, N v dt) and the spring force on disk 2 is
// -k_t xi until its magnitude reaches mu k_n |delta_n| = 10 mu.
// c_n = c_t = 0: the spring is the only tangential force. dt = 0.01.
//   default k_t = 2/7 100 = 28.5714..., mu = 0.5 (cap 5):
//     N = 10:  xi = 0.01, F_y = -0.285714...
//     N = 300: k_t N v dt = 8.57 > 5: sliding, F_y = -5
//   explicit k_t = 50: N = 10: F_y = -0.5
// The force acts at the contact point (0.45, 0): torque on disk 2
// (-0.45) F_y, on disk 1 -(0.45 F_y).

TEST(PolygonTwoBody, HistorySpringGrowsWithShearAndIsCappedBySliding)
{
  struct Case {
    const char *name;
    const char *coeff;
    int steps;
    double f_y;
  };
  const double kt_default = 2.0 / 7.0 * 100.0;
  for (const Case &c : {Case{"spring_default_kt", "100.0 0.0", 10, -kt_default * 10 * 0.1 * 0.01},
                        Case{"spring_sliding", "100.0 0.0", 300, -5.0},
                        Case{"spring_explicit_kt", "100.0 0.0 50.0", 10, -0.5}}) {
    SCOPED_TRACE(c.name);
    Bodies b(c.name,
             {body_dem_test::disk(0.0, 0.0, 1.0), moving(body_dem_test::disk(0.9, 0.0, 1.0), 0.0, 0.1, 0.0)},
             "0.0 0.0 0.5 1.0 0.0 history", c.coeff);
    b.s->command("timestep 0.01");
    b.run(0);
    // Setup: no time has passed, xi = 0, only the normal force.
    expect_pair_force(b, 10.0, 0.0);
    b.run(c.steps);
    expect_pair_force(b, 10.0, c.f_y);
    EXPECT_NEAR(b.torque(2), -0.45 * c.f_y, kTol);
    EXPECT_NEAR(b.torque(1), -0.45 * c.f_y, kTol);
    // The spring's work: the force times the sliding velocity, per step.
    EXPECT_LT(b.work(2), 0.0);
  }
}

}    // namespace

// ---------------------------------------------------------------------------
// Issue 29: square 2 (side 1, rounded diameter 0.2) on square 1, centre at
// (0, 1.18), turned about its centre; k_n = 1000, k_na = 0, r_c = 0, no
// damping. With the seed's rule (contacts farthest, the default) the
// normal force jumps from 38.6 to 80.7 between 2.25 and 2.5 degrees: the
// right corner's contact leaves the cutoff, and the two candidates of the
// left corner, one overlap found from both bodies, are then both kept (see
// unittest/geometry/test_polygon_continuity.cpp for the candidates). With
// contacts weighted the force changes by 1.6 over that step (it changes by
// about 1.6 per 0.25 degree there, the slope of a continuous force).
// Values: layer-1 sweep of test_polygon_continuity, 6 decimals (tolerance
// 1e-6 is their rounding).

TEST(PolygonTwoBody, IssueTwentyNineTwistedSquares)
{
  struct Case {
    const char *rule;
    double degrees, fy, pe, torque_2;
  };
  for (const Case &c : {Case{"farthest", 2.25, 38.605649, 0.722521, -15.240135},
                        Case{"farthest", 2.5, 80.723544, 1.645322, -35.678513},
                        Case{"weighted", 2.25, 41.561063, 0.788940, -17.808375},
                        Case{"weighted", 2.5, 43.188280, 0.880271, -19.088528}}) {
    SCOPED_TRACE(std::string("contacts ") + c.rule + " at " + std::to_string(c.degrees) + " degrees");
    Bodies b(std::string("issue29_") + c.rule + std::to_string(c.degrees),
             {body_dem_test::square(0.0, 0.0, 1.0, 0.0, 0.2),
              body_dem_test::square(0.0, 1.18, 1.0, c.degrees * M_PI / 180.0, 0.2)},
             std::string("0.0 0.0 0.0 1.0 0.0 contacts ") + c.rule, "1000.0 0.0");
    b.run(0);
    EXPECT_NEAR(b.force(2).y, c.fy, 1e-6);
    EXPECT_NEAR(b.force(1).y, -c.fy, 1e-6);
    EXPECT_NEAR(b.pe(), c.pe, 1e-6);
    EXPECT_NEAR(b.torque(2), c.torque_2, 1e-6);
  }
}

TEST(PolygonTwoBody, ContactsKeywordErrors)
{
  LammpsSession s;
  s.load_plugin();
  body_dem_test::write_polygon_data("contacts_keyword.data", {body_dem_test::square(0.0, 0.0, 1.0)}, Box2d{});
  s.commands(body_dem_test::polygon_setup_commands("contacts_keyword.data"));
  EXPECT_LAMMPS_ERROR(s, "pair_style body/rounded/polygon 1.0 1.0 0.0 1.0 0.0 contacts nearest",
                      "contacts 'nearest' is not supported", "expected farthest or weighted");
  // history with the per-contact springs (friction contact, the default):
  // kept per weighted candidate in the pair's record since issue 29.
  EXPECT_EQ(body_dem_test::error_of(s, "pair_style body/rounded/polygon 1.0 1.0 0.3 1.0 0.0 history contacts weighted"),
            "no error");
  EXPECT_EQ(body_dem_test::error_of(s, "pair_style body/rounded/polygon 1.0 1.0 0.3 1.0 0.0 history friction pair "
                                       "contacts weighted"),
            "no error");
  EXPECT_EQ(body_dem_test::error_of(s, "pair_style body/rounded/polygon 1.0 1.0 0.0 1.0 0.0 contacts farthest"),
            "no error");
}

// Issue 29: the weighted rule's record holds `record` candidates per
// pair. Two 24-gons (circumradius 1, rounded diameter 0.2) with centres
// 1.5 apart and a cutoff of 0.3 have more than 16 (about 9 vertices of
// each within reach of the other): with record 16 the run ends with an
// error that names the pair, the count, the limit and the keyword (never
// a silent drop of candidates or springs). Without the keyword the record
// holds twice the largest vertex count, 48, every candidate 24-gons can
// have in 2d (one per vertex), and the run goes on.
TEST(PolygonTwoBody, WeightedRecordCapacityIsAnErrorNamingThePair)
{
  for (const std::string history : {"", " history"}) {
    SCOPED_TRACE("pair style options:" + history);
    LammpsSession s;
    s.load_plugin();
    body_dem_test::write_polygon_data("record_capacity.data",
                                      {body_dem_test::regular_polygon(24, 0.0, 0.0, 1.0, 0.0, 0.2),
                                       body_dem_test::regular_polygon(24, 0.0, 1.5, 1.0, 0.0, 0.2)},
                                      Box2d{});
    s.commands(body_dem_test::polygon_setup_commands("record_capacity.data", 24));
    s.command("pair_style body/rounded/polygon 1.0 1.0 0.3 1.0 0.3" + history + " contacts weighted record 16");
    s.commands("pair_coeff * * 1000.0 10.0\nfix integrate all nve/body\nfix plane all enforce2d\n");
    EXPECT_LAMMPS_ERROR(s, "run 0", "the pair of atoms",
                        "candidate contacts (contacts weighted), more than the 16 that the record of a pair holds; "
                        "set the record keyword");
  }
  LammpsSession s;
  s.load_plugin();
  s.commands(body_dem_test::polygon_setup_commands("record_capacity.data", 24));
  s.commands("pair_style body/rounded/polygon 1.0 1.0 0.3 1.0 0.3 history contacts weighted\n"
             "pair_coeff * * 1000.0 10.0\nfix integrate all nve/body\nfix plane all enforce2d\n");
  EXPECT_EQ(body_dem_test::error_of(s, "run 0"), "no error");
  // the same style again, record given in either order after history
  s.command("pair_style body/rounded/polygon 1.0 1.0 0.3 1.0 0.3 history record 48 contacts weighted");
  EXPECT_EQ(body_dem_test::error_of(s, "run 0"), "no error");
  EXPECT_LAMMPS_ERROR(s, "pair_style body/rounded/polygon 1.0 1.0 0.3 1.0 0.3 history record 16",
                      "record 16: the values kept per pair were fixed by the first run (record 48)");
}

// The record of contacts weighted has room for the candidates' springs
// only with `history friction contact` (fewer values per pair without);
// a later pair_style that adds history makes the room, and the history
// fix is made anew with the larger size. Nothing of value may be lost:
// the pairs kept no springs, and the setup of the next run writes the
// records anew without booking work. So squares that slide across each
// other, packed, run without history and then with it, must end bit for
// bit where they end when the room was there from the start (the first
// pair_style with history, a run 0, then the same two runs), springs
// (W_diss, f) and the work of the weights included; and history must
// change the run (else the comparison says nothing).
TEST(PolygonTwoBody, WeightedRecordGrowsWhenHistoryIsAddedAfterARun)
{
  const std::string plain = "pair_style body/rounded/polygon 1.0 1.0 0.5 1.0 0.02";
  const auto run = [&](bool room_from_start, bool history_last) {
    LammpsSession s;
    s.load_plugin();
    // four squares (side 1, rounded diameter 0.1) packed in a periodic
    // box of 2.16 x 2.16: centres 1.08 apart, overlaps of about 0.02, so
    // they stay in contact while they rattle and turn
    std::vector<PolygonBody> bodies;
    for (int k = 0; k < 4; ++k) {
      PolygonBody b = body_dem_test::square(0.54 + 1.08 * (k % 2), 0.54 + 1.08 * (k / 2), 1.0, 0.02 * k, 0.1);
      b.vx = k % 2 ? -0.3 : 0.2;
      b.vy = k / 2 ? -0.1 : 0.3;
      b.wz = 0.5 - 0.3 * k;
      bodies.push_back(b);
    }
    Box2d box;
    box.xlo = box.ylo = 0.0;
    box.xhi = box.yhi = 2.16;
    body_dem_test::write_polygon_data("record_growth.data", bodies, box);
    s.commands(body_dem_test::polygon_setup_commands("record_growth.data"));
    s.commands(plain + (room_from_start ? " history" : "") + "\npair_coeff * * 1000.0 10.0\n");
    s.commands("fix integrate all nve/body\nfix plane all enforce2d\ntimestep 0.001\n"
               "compute wp all pair body/rounded/polygon\nthermo_style custom step pe c_wp[2] c_wp[3]\n");
    if (room_from_start) s.commands("run 0\n");
    s.commands(plain + "\npair_coeff * * 1000.0 10.0\nrun 300\n");
    s.commands(plain + (history_last ? " history" : "") + "\npair_coeff * * 1000.0 10.0\nrun 300\n");
    std::vector<double> state = s.gather_by_id("x");
    for (const char *what : {"v", "f", "torque"}) {
      const std::vector<double> v = s.gather_by_id(what);
      state.insert(state.end(), v.begin(), v.end());
    }
    state.push_back(s.compute_vector("wp", 1));
    state.push_back(s.compute_vector("wp", 2));
    return state;
  };
  const std::vector<double> grown = run(false, true), roomy = run(true, true), without = run(false, false);
  ASSERT_EQ(grown.size(), roomy.size());
  for (size_t k = 0; k < grown.size(); ++k) EXPECT_EQ(grown[k], roomy[k]) << "value " << k;
  EXPECT_NE(grown.back(), 0.0);    // the weights did work: the record was in use
  double changed = 0.0;
  for (size_t k = 0; k < grown.size(); ++k) changed = std::max(changed, std::fabs(grown[k] - without[k]));
  EXPECT_GT(changed, 1e-6);    // history made a difference
}

// The wall keeps `springs` friction springs per body and wall (history,
// friction contact; by default a quarter of the largest vertex count, at
// least 8: 8 here, given explicitly): a 24-gon (circumradius 1, rounded
// diameter 0.2) 0.7 into a floor has 9 or more vertices in overlap, and
// the run ends with an error that names the atom, the count, the limit and
// the keyword.
TEST(PolygonTwoBody, WallSpringSlotsCapacityIsAnErrorNamingTheBody)
{
  LammpsSession s;
  s.load_plugin();
  Box2d box;
  box.ylo = 0.0;
  body_dem_test::write_polygon_data("wall_capacity.data",
                                    {body_dem_test::regular_polygon(24, 0.0, 0.4, 1.0, 0.0, 0.2)}, box);
  s.commands("units lj\ndimension 2\nboundary p f p\natom_style body rounded/polygon 1 24\n"
             "atom_modify map array\ncomm_modify vel yes\nnewton on\nread_data wall_capacity.data\n");
  s.commands("pair_style body/rounded/polygon 1.0 1.0 0.3 1.0 0.0 history contacts weighted\n"
             "pair_coeff * * 1000.0 0.0\n"
             "fix floor all wall/body/polygon 1000.0 1.0 1.0 yplane 0.0 NULL springs 8\n"
             "fix integrate all nve/body\nfix plane all enforce2d\n");
  EXPECT_LAMMPS_ERROR(s, "run 0", "body of atom 1 has", "vertices in overlap with a wall, more than the 8",
                      "set the springs keyword of the fix");
  // with room for every vertex (springs 24) the run goes on
  s.commands("unfix floor\nfix floor all wall/body/polygon 1000.0 1.0 1.0 yplane 0.0 NULL springs 24\n");
  EXPECT_EQ(body_dem_test::error_of(s, "run 0"), "no error");
}
