// Two-body checks of pair_style body/rounded/polyhedron/granular in LAMMPS
// (TESTING.md layer 2): forces, torques, energy and work of small
// configurations whose values are worked out by hand in the comments, with
// the plugin loaded into the host in-process. `run 0` computes the forces
// of the initial configuration without moving anything; f and torque are
// read per atom ID after it.
//
// The law (doc/pair_body_rounded_polyhedron_granular.rst), per contact of
// weight w with the overlap delta = -delta_n > 0, acting on body j along
// the normal n from body i to body j:
//   F_n = w (F_ne(delta, R_eff) + j_a F_c + F_damp),  F_c = -k_na (r_c - delta_n)
//   hooke  F_ne = k_n delta;   hertz, hertz/material  F_ne = k_n delta sqrt(R_eff delta)
//   hertz/material  k_n = 4/3 E_eff, E_eff = ((1 - nu_i^2)/E_i + (1 - nu_j^2)/E_j)^-1
//   F_damp = -eta_n v_n: velocity eta_n = eta_n0, mass_velocity eta_n = eta_n0 m_eff
//   energy  w (E_ne - 1/2 k_na (r_c - delta_n)^2), E_ne = 1/2 F_ne delta (hooke),
//           2/5 F_ne delta (hertz)
//   R_eff: r_i r_j/(r_i + r_j) of the pair for every contact (issue 16; formerly per kind:
//          vertex-face r_v, vertex-edge r_v sqrt(r_e/(r_v + r_e)), edge-edge sqrt(r_i r_j)).
// One friction force per pair, at the average of the contact points
// weighted by w F_ne. A sphere is a one-vertex body of radius r = D/2.
//
// Torques of a force F at the point p about a centre c: (p - c) x F; for a
// force along z, (r_y F, -r_x F, 0) with r = p - c.
#include "lammps_session.h"
#include "pair_style_bodies.h"
#include "polyhedron_data.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

using body_dem_test::PolyhedronBody;
using body_dem_test::Triple;

namespace {

// Tolerance of the `run 0` checks. The vertices reach the style through a
// data file with 17 digits, a diagonalisation of each inertia tensor and
// the quaternion rotation into the space frame: a few 1e-16 of the body
// size per vertex. With k_n = 1e4 and dF/d(delta) = 1.5 k_n sqrt(R delta)
// <= 1e3 here, forces carry errors of order 1e-13; 1e-10 leaves room for
// that, while the smallest difference that the checks below must see (a
// wrong R_eff, weight or point: 1e-3 and more) is 1e7 times larger.
constexpr double kTol = 1e-10;

const double kSqrtHalf = std::sqrt(0.5);

// Bodies of the harness (pair_style_bodies.h) under the granular style,
// read from the data file gran_two_body_<name>.data, with `ntypes` atom
// types and a pair_coeff line for each of `pair_coeffs`.
class Bodies : public body_dem_test::PairStyleBodies {
 public:
  Bodies(const std::string &name, const std::vector<PolyhedronBody> &bodies, const std::string &pair_style,
         const std::vector<std::string> &pair_coeffs, int ntypes = 1)
      : PairStyleBodies(body_dem_test::polyhedron_bodies_setup("gran_two_body_" + name + ".data", bodies, ntypes),
                        "body/rounded/polyhedron/granular " + pair_style, pair_coeffs)
  {
  }
};

void expect_triple(const Triple &actual, const Triple &expected, const std::string &what, double tol = kTol)
{
  body_dem_test::expect_triple(actual, expected, what, tol);
}

// Body 2 gets F, body 1 -F; the torques about their centres as given.
void expect_loads(Bodies &b, const Triple &f2, const Triple &torque1, const Triple &torque2)
{
  body_dem_test::expect_loads(b, f2, torque1, torque2, kTol);
}

PolyhedronBody unit_cube(const Triple &c, double rounded_diameter = 0.2)
{
  return body_dem_test::cube(c, 1.0, rounded_diameter);
}

// hertz k_n = 1e4, no damping, no friction (x_gamma_t = 0 of
// linear_nohistory: the friction min(mu F, 0) is 0).
const std::string kHertz = "* * hertz 1.0e4 0.0 tangential linear_nohistory 0.0 0.5";

}    // namespace

// ---------------------------------------------------------------------------
// 1. One R_eff per pair of bodies (issue 16: an R_eff per contact kind
// jumps where a contact changes kind), R_eff = r_i r_j / (r_i + r_j),
// shows in the Hertzian force F = k_n delta sqrt(R_eff delta), k_n = 1e4,
// delta = 0.01 in every case: F = 100 sqrt(0.01 R_eff), the same for a
// vertex-face, a vertex-edge and an edge-edge contact of the same bodies.
// (The former rule per kind gave 7.071 for the sphere on the face, 4.518
// on the edge, 2.659 for the crossing edges.)

TEST(GranularTwoBody, SphereOnCubeFaceIsVertexFace)
{
  // Cube (r = 0.1) at the origin, sphere (D = 1, r_v = 0.5) above its top
  // face at (0.2, 0.1, z) with z = 0.5 + 0.1 + 0.5 - 0.01 = 1.09: the
  // sphere's vertex projects into the face: vertex-face, R_eff = 0.5 0.1 /
  // 0.6 = 0.083333333333333.
  //   F = 100 sqrt(0.00083333333333333) = 2.8867513459481 along +z on the sphere
  //   E = 2/5 F delta = 0.011547005383793
  // Contact point halfway between the surfaces: z = 0.6 - 0.005 = 0.595,
  // at (0.2, 0.1): torque on the cube (force -F) = (-0.1 F, 0.2 F, 0) =
  // (-0.70710678118655, 1.4142135623731, 0); on the sphere the point lies
  // straight below its centre: 0.
  Bodies b("sphere_face", {unit_cube({0, 0, 0}), body_dem_test::sphere({0.2, 0.1, 1.09}, 1.0)}, "1.0 0.0",
           {kHertz});
  b.run(0);
  const double F = 2.8867513459481;
  expect_loads(b, {0, 0, F}, {-0.1 * F, 0.2 * F, 0}, {0, 0, 0});
  EXPECT_NEAR(b.pe(), 0.011547005383793, kTol);
}

TEST(GranularTwoBody, SphereOnCubeEdgeIsVertexEdge)
{
  // The cube's edge from (0.5, -0.5, 0.5) to (0.5, 0.5, 0.5) (top, +x
  // side). The sphere's centre at the distance 0.6 - 0.01 = 0.59 from the
  // edge point (0.5, 0.2, 0.5) along n = (1, 0, 1)/sqrt(2): its projection
  // lies outside both faces of the edge, so the nearest feature is the
  // edge: vertex-edge, the pair's R_eff = 0.083333333333333 as on the face.
  //   F = 2.8867513459481 along n,
  //   components F/sqrt(2) = 2.0412414523193 in x and z
  //   E = 2/5 F delta = 0.011547005383793
  // Contact point p = (0.5, 0.2, 0.5) + (0.1 - 0.005) n: torque on the cube
  // (force -F n): p x (-F n) = -(F/sqrt(2)) (p_y, p_z - p_x, -p_y) =
  // (-0.2 F/sqrt(2), 0, 0.2 F/sqrt(2)) = (-0.63894310424627, 0, 0.63894310424627)
  // (p_x = p_z); on the sphere: the point lies on the line to its centre: 0.
  const double d = 0.59 * kSqrtHalf;
  Bodies b("sphere_edge", {unit_cube({0, 0, 0}), body_dem_test::sphere({0.5 + d, 0.2, 0.5 + d}, 1.0)}, "1.0 0.0",
           {kHertz});
  b.run(0);
  const double Fc = 2.0412414523193;
  expect_loads(b, {Fc, 0, Fc}, {-0.2 * Fc, 0, 0.2 * Fc}, {0, 0, 0});
  EXPECT_NEAR(b.pe(), 0.011547005383793, kTol);
}

TEST(GranularTwoBody, SphereOnSphereIsVertexVertex)
{
  // Spheres of D = 1 (r = 0.5) and D = 0.6 (r = 0.3), centres 0.79 apart
  // along n = (2, 3, 6)/7: delta = 0.8 - 0.79 = 0.01, R_eff = 0.15/0.8 = 0.1875.
  //   F = 100 sqrt(0.001875) = 4.3301270189222 along n; E = 0.017320508075689
  // Central force: no torques.
  const Triple n{2.0 / 7.0, 3.0 / 7.0, 6.0 / 7.0};
  Bodies b("sphere_sphere",
           {body_dem_test::sphere({0, 0, 0}, 1.0), body_dem_test::sphere({0.79 * n[0], 0.79 * n[1], 0.79 * n[2]}, 0.6)},
           "1.0 0.0", {kHertz});
  b.run(0);
  const double F = 4.330127018922193;
  expect_loads(b, {F * n[0], F * n[1], F * n[2]}, {0, 0, 0}, {0, 0, 0});
  EXPECT_NEAR(b.pe(), 0.017320508075688773, kTol);
}

namespace {

// Cube 1 (r_i = 0.1) turned by 45 degrees about y: its top is the edge
// along y at x = 0, z = sqrt(2)/2. Cube 2 (r_j = 0.05) turned by 45
// degrees about x: its bottom is the edge along x at y = 0, z = z2 -
// sqrt(2)/2. The edges cross at a right angle over (0, 0); skeleton gap
// 0.15 - 0.01 so delta = 0.01: z2 = sqrt(2) + 0.14. Cube 2 is shifted by
// 0.2 along its edge (x), so the crossing lies 0.2 from the middle of
// its edge and 0.3 from its end.
std::vector<PolyhedronBody> crossing_cube_edges()
{
  return {body_dem_test::rotated(unit_cube({0, 0, 0}, 0.2), {0, 1, 0}, M_PI / 4),
          body_dem_test::rotated(unit_cube({0.2, 0, 2 * kSqrtHalf + 0.14}, 0.1), {1, 0, 0}, M_PI / 4)};
}

// Their one crossing at weight w:
//   the pair's R_eff = 0.1 * 0.05 / 0.15 = 0.033333333333333
//   F = w 100 sqrt(0.00033333333333333) = w 1.8257418583506 along +z
//   E = w 2/5 F delta = w 0.007302967433402
// Torque on cube 2 about (0.2, 0, z2): r = (-0.2, 0, -...): (0, 0.2 F, 0);
// cube 1: the point lies above its centre: 0.
void expect_crossing_loads(Bodies &b, double w)
{
  const double F = w * 1.8257418583506;
  expect_loads(b, {0, 0, F}, {0, 0, 0}, {0, 0.2 * F, 0});
  EXPECT_NEAR(b.pe(), w * 0.007302967433402, kTol);
}

}    // namespace

// The crossing 0.3 from the edges' ends has weight 1.
TEST(GranularTwoBody, CrossingCubeEdgesAreEdgeEdge)
{
  Bodies b("crossing_edges", crossing_cube_edges(), "1.0 0.0", {kHertz});
  b.run(0);
  expect_crossing_loads(b, 1.0);
}

// The same crossing with `ridge 60 120`: the ridge factor of each edge
// (turn 90 degrees) is S(1/2) = 1/2, the crossing's weight 1/4 (the
// granular style takes the keyword as body/rounded/polyhedron does,
// test_polyhedron_two_body.cpp).
TEST(GranularTwoBody, RidgeKeywordWeighsTheCrossing)
{
  Bodies b("crossing_edges_ridge", crossing_cube_edges(), "1.0 0.0 ridge 60 120", {kHertz});
  b.run(0);
  expect_crossing_loads(b, 0.25);
}

// ---------------------------------------------------------------------------
// 2. The weight w and j_a on cohesion: cubes (r = 0.1) face on face, cube 2
// centred at (0, 0, 1.18): skeleton gap 0.18, delta_n = -0.02. hertz k_n =
// 1e4, R_eff = 0.1 * 0.1 / 0.2 = 0.05 at every contact (the pair's):
// F_ne = 1e4 0.02 sqrt(0.001) = 6.3245553203368. Cohesion k_na = 5,
// r_c = 0.05: F_c = -5 (0.07) = -0.35. Per contact energy
// 2/5 F_ne delta - 1/2 k_na 0.07^2 = 0.050596442562694 - 0.01225; j_a has
// no energy.
//
// Aligned: the four corners, weight 1 each (two coincident vertex-face
// contacts merged), contact area A = 1 (the unit square), N_eff = 4.
//   delta_ua = 0.05: j_a = 1 / (4 0.05) = 5:  4 (6.3245553203368 - 1.75) = 18.298221281347
//   delta_ua = 1:    j_a = 1:                 4 (6.3245553203368 - 0.35) = 23.898221281347
// Cube 2 turned by 45 degrees about z: the faces overlap in a regular
// octagon whose eight corners are crossings of edges, each of weight 1/2
// (exterior angle 45 of 90 degrees), so the total weight stays 4. The
// corners (+-0.5, +-0.20710678), (+-0.20710678, +-0.5) have the covariance
// diag(0.14644661, 0.14644661): A = 4 sqrt(I2) = 4 * 0.14644661 =
// 0.58578643762691, N_eff = (8 w g)^2 / (8 w g^2) = 4.
//   delta_ua = 0.05: j_a = 0.58578643762691 / 0.2 = 2.9289321881345:
//     8 * 1/2 (6.3245553203368 - 2.9289321881345 * 0.35) = 21.197716217959
//   delta_ua = 1:    j_a = 1: 23.898221281347 as aligned
//   (without the weight: twice that; with j_a on the elastic force too: far more)
// Energy in all four cases: 4 (0.050596442562694 - 0.01225) = 0.153385770251
// Torques: the contacts lie symmetrically about both centres: zero.

TEST(GranularTwoBody, WeightAndJaOnTheCohesionOfFacesOnFaces)
{
  struct Case {
    const char *name;
    double turn, delta_ua, f_total;
  };
  for (const Case &c : {Case{"aligned_ja5", 0.0, 0.05, 18.298221281347},
                        Case{"aligned_ja1", 0.0, 1.0, 23.898221281347},
                        Case{"octagon_ja293", M_PI / 4, 0.05, 21.197716217959},
                        Case{"octagon_ja1", M_PI / 4, 1.0, 23.898221281347}}) {
    SCOPED_TRACE(c.name);
    Bodies b(c.name, {unit_cube({0, 0, 0}), body_dem_test::rotated(unit_cube({0, 0, 1.18}), {0, 0, 1}, c.turn)},
             std::to_string(c.delta_ua) + " 0.05",
             {"* * hertz 1.0e4 0.0 tangential linear_nohistory 0.0 0.5 cohesion 5.0"});
    b.run(0);
    expect_loads(b, {0, 0, c.f_total}, {0, 0, 0}, {0, 0, 0});
    EXPECT_NEAR(b.pe(), 0.153385770251, 1e-10);
  }
}

TEST(GranularTwoBody, CohesiveRangeOnly)
{
  // Cube 2 at (0, 0, 1.23): delta_n = 0.03 in (0, r_c = 0.05]: only the
  // cohesive force, -5 (0.05 - 0.03) = -0.1 per corner, -0.4 in all, not
  // scaled by j_a (delta_ua = 0.01 would give j_a = 25 in overlap);
  // E = 4 (-1/2 5 0.02^2) = -0.004. At 1.26 (delta_n = 0.06): nothing.
  {
    Bodies b("faces_cohesive", {unit_cube({0, 0, 0}), unit_cube({0, 0, 1.23})}, "0.01 0.05",
             {"* * hertz 1.0e4 0.0 tangential linear_nohistory 0.0 0.5 cohesion 5.0"});
    b.run(0);
    expect_loads(b, {0, 0, -0.4}, {0, 0, 0}, {0, 0, 0});
    EXPECT_NEAR(b.pe(), -0.004, kTol);
  }
  {
    Bodies b("faces_beyond", {unit_cube({0, 0, 0}), unit_cube({0, 0, 1.26})}, "0.01 0.05",
             {"* * hertz 1.0e4 0.0 tangential linear_nohistory 0.0 0.5 cohesion 5.0"});
    b.run(0);
    expect_loads(b, {0, 0, 0}, {0, 0, 0}, {0, 0, 0});
    EXPECT_EQ(b.pe(), 0.0);
  }
}

// ---------------------------------------------------------------------------
// 3. Normal damping.

TEST(GranularTwoBody, NormalDampingUsesTheEffectiveMass)
{
  // Spheres D = 1 of masses 1 and 3, centres 0.99 apart along x (delta =
  // 0.01), sphere 2 approaching at v = -0.5: v_n = -0.5. hooke k_n = 1000:
  // F_ne = 10. eta_n0 = 2:
  //   mass_velocity: eta_n = 2 m_eff = 2 * 3/4 = 1.5, F_damp = 0.75: F = 10.75
  //   velocity:      eta_n = 2,                       F_damp = 1.0:  F = 11.0
  // (mass_velocity with the mass of one sphere would give 10.5 or 13.)
  // Energy: 1/2 k_n delta^2 = 0.05 (damping has none).
  for (const auto &[damping, f] : std::vector<std::pair<std::string, double>>{{"mass_velocity", 10.75},
                                                                              {"velocity", 11.0}}) {
    SCOPED_TRACE(damping);
    PolyhedronBody b2 = body_dem_test::moving(body_dem_test::sphere({0.99, 0, 0}, 1.0), {-0.5, 0, 0});
    b2.mass = 3.0;
    Bodies b("damped_spheres_" + damping, {body_dem_test::sphere({0, 0, 0}, 1.0), b2}, "1.0 0.0",
             {"* * hooke 1000.0 2.0 tangential linear_nohistory 0.0 0.5 damping " + damping});
    b.run(0);
    expect_loads(b, {f, 0, 0}, {0, 0, 0}, {0, 0, 0});
    EXPECT_NEAR(b.pe(), 0.05, kTol);
  }
}

TEST(GranularTwoBody, NormalDampingSeesTheRotationAtTheContactPoint)
{
  // The sphere of test 1 on the cube face (F_ne = 2.8867513459481 at
  // p = (0.2, 0.1, 0.595)), both at rest, but the cube
  // spins with omega = (0, 2, 0): its surface at p moves with omega x p =
  // (2 * 0.595, 0, -2 * 0.2) = (1.19, 0, -0.4), away from the sphere:
  // v_n = +0.4 (separating). mass_velocity, eta_n0 = 3, masses 1 and 1:
  // eta_n = 3 * 0.5 = 1.5, F_damp = -0.6 (attractive):
  //   F = 2.8867513459481 - 0.6 = 2.2867513459481 along +z on the sphere.
  // No friction (x_gamma_t = 0). Torque on the cube (-0.1 F, 0.2 F, 0); on
  // the sphere 0. (The velocity of the cube's centre alone would give no
  // damping: 2.8867513.)
  PolyhedronBody cube = body_dem_test::moving(unit_cube({0, 0, 0}), {0, 0, 0}, {0, 2.0, 0});
  Bodies b("spinning_cube", {cube, body_dem_test::sphere({0.2, 0.1, 1.09}, 1.0)}, "1.0 0.0",
           {"* * hertz 1.0e4 3.0 tangential linear_nohistory 0.0 0.5 damping mass_velocity"});
  b.run(0);
  const double F = 2.8867513459481 - 0.6;
  expect_loads(b, {0, 0, F}, {-0.1 * F, 0.2 * F, 0}, {0, 0, 0});
}

// ---------------------------------------------------------------------------
// 4. With `friction pair` (seeds/001): one friction force per pair, at the
// contact points averaged with the weights w F_ne. (The default, friction
// contact, is tested in test_friction_oracle.cpp and the unit tests.)

TEST(GranularTwoBody, OneFrictionForceAtTheWeightedAveragePoint)
{
  // Cube 1 (r = 0.1) at the origin, cube 2 (r = 0.05) at (0.5, 0.5, 1.14):
  // skeleton gap 0.14, delta = 0.01. The faces overlap in the square
  // [0, 0.5]^2, whose corners are four contacts of weight 1, of different
  // kinds (a (0.5, 0.5): cube 1's vertex on cube 2's face; b (0, 0): cube
  // 2's vertex on cube 1's face; c (0.5, 0), d (0, 0.5): crossings of
  // edges), all with the pair's R_eff = 0.1 0.05 / 0.15 = 1/30:
  // F_ne = 1e4 0.01^1.5 sqrt(1/30) = 1.8257418583506 each, sum
  // 7.3029674334022. All points at z = 0.6 - 0.005 = 0.595.
  // Cube 2 slides along +x at 0.2 (v_n = 0: no normal damping). damping
  // velocity eta_n0 = 2, linear_nohistory x_gamma_t = 0.5: eta_t = 1, and
  // mu = 1 caps at 7.3 >> eta_t |v_t| = 0.2: one friction force of 0.2
  // along -x on cube 2 (four per-contact forces would make 0.8), at the
  // weighted point p = (0.25, 0.25, 0.595) (equal weights).
  // Force on cube 2: (-0.2, 0, 7.3029674334022).
  // Torque on cube 2 about (0.5, 0.5, 1.14): sum (r_y F_k, -r_x F_k, 0) of
  // the normal forces + (p - c2) x (-0.2, 0, 0) =
  // (-1.825741858351, 1.934741858351, -0.05)
  // Torque on cube 1 about the origin: sum (-p_y F_k, p_x F_k, 0) + p x (0.2,
  // 0, 0) = (-1.825741858351, 1.944741858351, -0.05).
  // Energy: 2/5 0.01 sum F_ne = 0.0292118697336.
  PolyhedronBody c2 = body_dem_test::moving(unit_cube({0.5, 0.5, 1.14}, 0.1), {0.2, 0, 0});
  Bodies b("friction_point", {unit_cube({0, 0, 0}), c2}, "1.0 0.0",
           {"* * hertz 1.0e4 2.0 tangential linear_nohistory 0.5 1.0 damping velocity friction pair"});
  b.run(0);
  expect_loads(b, {-0.2, 0, 7.3029674334022}, {-1.825741858351, 1.944741858351, -0.05},
               {-1.825741858351, 1.934741858351, -0.05});
  EXPECT_NEAR(b.pe(), 0.0292118697336, kTol);
}

TEST(GranularTwoBody, SlidingFrictionIsCappedByTheSumOfTheElasticForces)
{
  // The same pair sliding at 20 instead of 0.2: eta_t |v_t| = 20 exceeds
  // mu sum(w F_ne) = 0.5 * 7.3029674334022 = 3.6514837167011 (mu = 0.5),
  // so the single friction force is capped there, on cube 2 along -x.
  PolyhedronBody c2 = body_dem_test::moving(unit_cube({0.5, 0.5, 1.14}, 0.1), {20.0, 0, 0});
  Bodies b("friction_cap", {unit_cube({0, 0, 0}), c2}, "1.0 0.0",
           {"* * hertz 1.0e4 2.0 tangential linear_nohistory 0.5 0.5 damping velocity friction pair"});
  b.run(0);
  expect_triple(b.force(2), {-3.6514837167011, 0, 7.3029674334022}, "force on cube 2");
}

// ---------------------------------------------------------------------------
// 5. Mixing of unlike types from I,I and J,J.

TEST(GranularTwoBody, MixingHookeByGeometricMeans)
{
  // Spheres D = 1 of types 1 and 2, centres 0.99 apart along x (delta =
  // 0.01, delta_n = -0.01), sphere 2 approaching at 0.5; r_c = 0.05.
  //   type 1: hooke k_n 1000, eta_n0 1, cohesion 1
  //   type 2: hooke k_n 4000, eta_n0 4, cohesion 4
  //   mixed:  k_n 2000, eta_n0 2, k_na 2 (geometric means)
  //   F = 2000 0.01 - 2 (0.05 + 0.01) + 2 * 0.5 = 20 - 0.12 + 1 = 20.88
  //   E = 1/2 2000 0.01^2 - 1/2 2 0.06^2 = 0.1 - 0.0036 = 0.0964
  // (arithmetic means would give 25 - 0.15 + 1.25 = 26.1.)
  PolyhedronBody s2 = body_dem_test::moving(body_dem_test::sphere({0.99, 0, 0}, 1.0), {-0.5, 0, 0});
  s2.type = 2;
  Bodies b("mix_hooke", {body_dem_test::sphere({0, 0, 0}, 1.0), s2}, "1.0 0.05",
           {"1 1 hooke 1000.0 1.0 tangential linear_nohistory 0.0 0.5 cohesion 1.0",
            "2 2 hooke 4000.0 4.0 tangential linear_nohistory 0.0 0.5 cohesion 4.0"},
           2);
  b.run(0);
  expect_loads(b, {20.88, 0, 0}, {0, 0, 0}, {0, 0, 0});
  EXPECT_NEAR(b.pe(), 0.0964, kTol);
}

TEST(GranularTwoBody, MixingHertzMaterialByTheEffectiveModulus)
{
  // The spheres of the previous test at rest, R_eff = 0.25, delta = 0.01:
  // F = k_n 0.01 sqrt(0.0025) = 5e-4 k_n, E = 2/5 F delta.
  //   type 1: E = 1e4, nu = 0.3, cohesion 1; type 2: E = 2e4, nu = 0.2, cohesion 4
  //   E_eff = 1 / (0.91/1e4 + 0.96/2e4) = 1/1.39e-4 = 7194.2446043165
  //   k_n = 4/3 E_eff = 9592.3261390887:  F_ne = 4.796163069544
  //   cohesion sqrt(1 * 4) = 2: F = 4.796163069544 - 2 * 0.06 = 4.676163069544
  //   E = 0.4 * 4.796163069544 * 0.01 - 0.0036 = 0.015584652278
  // (k_n = E_eff as the 2021 host's init_one: F_ne = 3.597; the geometric
  // mean of the like stiffnesses: 5.044.)
  // Like pair 1-1 for comparison: k_n = 4/3 1e4 / (2 (1 - 0.09)) = 7326.0073260073,
  //   F = 3.663003663004 - 1 * 0.06 = 3.603003663004, E = 0.012852014652.
  const std::vector<std::string> coeffs = {
      "1 1 hertz/material 1.0e4 0.0 0.3 tangential linear_nohistory 0.0 0.5 cohesion 1.0",
      "2 2 hertz/material 2.0e4 0.0 0.2 tangential linear_nohistory 0.0 0.5 cohesion 4.0"};
  struct Case {
    int type2;
    double f, energy;
  };
  for (const Case &c : {Case{2, 4.676163069544, 0.015584652278}, Case{1, 3.603003663004, 0.012852014652}}) {
    SCOPED_TRACE("types 1 and " + std::to_string(c.type2));
    PolyhedronBody s2 = body_dem_test::sphere({0.99, 0, 0}, 1.0);
    s2.type = c.type2;
    Bodies b("mix_hertz_material_" + std::to_string(c.type2), {body_dem_test::sphere({0, 0, 0}, 1.0), s2},
             "1.0 0.05", coeffs, 2);
    b.run(0);
    expect_loads(b, {c.f, 0, 0}, {0, 0, 0}, {0, 0, 0});
    EXPECT_NEAR(b.pe(), c.energy, kTol);
  }
}

TEST(GranularTwoBody, ExplicitUnlikeCoefficientsAreNotMixed)
{
  // pair_coeff 1 2 of its own wins: hooke 3000 without cohesion, at rest:
  // F = 3000 * 0.01 = 30, E = 1/2 3000 1e-4 = 0.15.
  PolyhedronBody s2 = body_dem_test::sphere({0.99, 0, 0}, 1.0);
  s2.type = 2;
  Bodies b("unlike_explicit", {body_dem_test::sphere({0, 0, 0}, 1.0), s2}, "1.0 0.05",
           {"1 1 hooke 1000.0 1.0 tangential linear_nohistory 0.0 0.5 cohesion 1.0",
            "2 2 hooke 4000.0 4.0 tangential linear_nohistory 0.0 0.5 cohesion 4.0",
            "1 2 hooke 3000.0 0.0 tangential linear_nohistory 0.0 0.5"},
           2);
  b.run(0);
  expect_loads(b, {30.0, 0, 0}, {0, 0, 0}, {0, 0, 0});
  EXPECT_NEAR(b.pe(), 0.15, kTol);
}

// ---------------------------------------------------------------------------
// 6. Work accumulators (compute pair: [1] the j_a scaling, [2] damping and
// friction) for a motion imposed with fix move: cube 2 of section 2
// (aligned, delta_n(0) = -0.02) approaches cube 1 at the constant speed
// 0.1 (v_n = -0.1) for T = 0.1 (100 steps of 0.001); cube 1 stays. The
// power of a normal force F_n on the pair is F_n v_n.
//   j_a = 5 (delta_ua = 0.05), k_na = 5, r_c = 0.05: per corner the j_a
//   part (j_a - 1) F_c = -4 * 5 (r_c - delta_n(t)), r_c - delta_n(t) =
//   0.07 + 0.1 t, power 4 corners * 20 (0.07 + 0.1 t) * 0.1 (linear in t,
//   so the trapezoidal rule is exact):
//     W_ja = 8 (0.07 T + 0.05 T^2) = 8 * 0.0075 = 0.06
//   damping velocity eta_n0 = 2: F_damp = 0.2 per corner, power -0.02:
//     W_diss = 4 * (-0.02) * 0.1 = -0.008
// Tolerance 1e-12: sums of 100 terms of order 1e-3.

TEST(GranularTwoBody, WorkOfJaScalingAndDampingUnderImposedMotion)
{
  PolyhedronBody c2 = body_dem_test::moving(unit_cube({0, 0, 1.18}), {0, 0, -0.1});
  Bodies b("work", {unit_cube({0, 0, 0}), c2}, "0.05 0.05",
           {"* * hertz 1.0e4 2.0 tangential linear_nohistory 0.0 0.5 damping velocity cohesion 5.0"});
  b.s->commands("group upper id 2\n"
                "fix push upper move linear 0.0 0.0 -0.1\n"
                "timestep 0.001\n");
  b.run(0);
  EXPECT_EQ(b.work(1), 0.0);
  EXPECT_EQ(b.work(2), 0.0);
  b.run(100);
  EXPECT_NEAR(b.work(1), 0.06, 1e-12);
  EXPECT_NEAR(b.work(2), -0.008, 1e-12);
  // the imposed motion went where it should: delta_n = -0.03 now,
  // F = 4 (1e4 0.03 sqrt(0.03 R_eff) - 5 * 0.08 * 5 + 0.2), R_eff = 0.05 (the pair's),
  //   = 4 (11.618950038622 - 2 + 0.2) = 39.27580015449
  expect_triple(b.force(2), {0, 0, 39.27580015449}, "force on cube 2 after the motion", 1e-9);
}
