// Two-body checks of pair_style body/rounded/polyhedron in LAMMPS (TESTING.md
// layer 2): forces, torques, energy and work of small configurations whose
// values are worked out by hand in the comments, with the plugin loaded
// into the host in-process.
//
// The law (DESIGN.md, "Formulas that the seed text lost"), per contact of
// weight w, delta_n = surface separation, F_n > 0 repulsive, acting on
// body j along the normal n from body i to body j:
//   delta_n <= 0:       F_n = w (-k_n delta_n - j_a k_na (r_c - delta_n) - c_n v_n)
//                       E   = w (1/2 k_n delta_n^2 - 1/2 k_na (r_c - delta_n)^2)
//   0 < delta_n <= r_c: F_n = -w k_na (r_c - delta_n),  E = -w 1/2 k_na (r_c - delta_n)^2
//   beyond r_c:         nothing.
// Tangential, per contact in overlap: damping -w c_t v_t; once per pair the
// friction -min(mu k_n |delta_n|, c_t |v_t|) v_t/|v_t| at the deepest
// contact (no history) or the spring -k_t xi capped at mu sum w k_n
// |delta_n| at the contacts' average point (history). Forces act at the
// contact point halfway between the two rounded surfaces.
// j_a = max(1, A / (N_eff delta_ua)) with A the area spanned by the
// contacts (the rectangle through four corners) and N_eff the number of
// contacts (the sum of their weights when all are equally deep), see
// polyhedron_pair_kernel.h; j_a = 1 for one or two contacts.
//
// Common numbers unless said otherwise: cubes of edge 1 with rounded
// diameter 0.2 (r = 0.1), k_n = 100, k_na = 5, r_c = 0.05. Body 1 ("i")
// sits at the origin, body 2 ("j") above it with a skeleton gap of 0.18:
// delta_n = 0.18 - 0.2 = -0.02, and per contact of weight 1
//   F = -100 (-0.02) - j_a 5 (0.05 + 0.02) = 2 - 0.35 j_a   (1.65 for j_a = 1)
//   E = 1/2 100 0.02^2 - 1/2 5 0.07^2 = 0.02 - 0.01225 = 0.00775.
// The contact point lies r_i + delta_n / 2 = 0.09 above body 1's skeleton.
// Torques of a vertical force F at the point r from a body's centre:
// r x (0, 0, F) = (r_y F, -r_x F, 0).
//
// Conventions of these tests: `run 0` computes the forces of the initial
// configuration without moving anything; f and torque are read per atom
// ID after the run.
#include "lammps_session.h"
#include "pair_style_bodies.h"
#include "polyhedron_data.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using body_dem_test::PolyhedronBody;
using body_dem_test::Triple;

namespace {

// Tolerance of the `run 0` checks. The vertices reach the pair style
// through a data file written with 17 digits, a Jacobi diagonalisation of
// each inertia tensor and the quaternion rotation of every vertex into the
// space frame (and, for turned bodies, sin and cos of the test's own
// rotation): each vertex carries a relative error of a few 1e-16 of the
// body size (~1), which the stiffness k_n = 100 turns into force errors of
// order 1e-14 and torque errors of the same order. 1e-12 leaves a margin
// of 100 above that, while the smallest term of the law checked below
// (0.01) is 1e10 times larger, so a missing or wrong term cannot pass.
constexpr double kTol = 1e-12;

const double kS = std::sqrt(0.5);    // half the diagonal of a unit square face

// Bodies of the harness (pair_style_bodies.h) under body/rounded/polyhedron,
// read from the data file poly_two_body_<name>.data (with flip_faces, every
// face written clockwise from outside).
class Bodies : public body_dem_test::PairStyleBodies {
 public:
  Bodies(const std::string &name, const std::vector<PolyhedronBody> &bodies, const std::string &pair_style,
         const std::string &pair_coeff, bool flip_faces = false)
      : PairStyleBodies(
            body_dem_test::polyhedron_bodies_setup("poly_two_body_" + name + ".data", bodies, 1, flip_faces),
            "body/rounded/polyhedron " + pair_style, {"* * " + pair_coeff})
  {
  }
};

// Body 2 gets F, body 1 -F; the torques about their centres as given.
void expect_loads(Bodies &b, const Triple &f2, const Triple &torque1, const Triple &torque2)
{
  body_dem_test::expect_loads(b, f2, torque1, torque2, kTol);
}

const char *const kStyle = "0.0 0.0 0.0 1.0 0.05";    // c_n c_t mu delta_ua r_c
const char *const kCoeff = "100.0 5.0";               // k_n k_na

PolyhedronBody unit_cube(const Triple &c) { return body_dem_test::cube(c, 1.0, 0.2); }

// ---------------------------------------------------------------------------
// 1. Two spheres (one-vertex bodies, diameter 1, radius 0.5): one contact,
// j_a = 1. Sphere 1 at the origin, sphere 2 at distance d along
// n = (2, 3, 6)/7, so delta_n = d - 1. k_n = 100, k_na = 2. The force is
// central: no torques.

struct SpherePairCase {
  const char *name;
  double d, cutoff, f_n, energy;
};

TEST(PolyhedronTwoBody, SpheresOverlapCohesiveRangeAndBeyond)
{
  const Triple n{2.0 / 7.0, 3.0 / 7.0, 6.0 / 7.0};
  for (const SpherePairCase &c : {
           // d = 0.9, delta_n = -0.1, r_c = 0.2:
           //   F_n = 10 - 2 (0.2 + 0.1) = 9.4, E = 0.5 - 1/2 2 0.3^2 = 0.41
           SpherePairCase{"spheres_overlap", 0.9, 0.2, 9.4, 0.41},
           // d = 1.1, delta_n = 0.1 in (0, 0.2]: F_n = -2 (0.1) = -0.2, E = -0.01
           SpherePairCase{"spheres_cohesive", 1.1, 0.2, -0.2, -0.01},
           // d = 1.25, delta_n = 0.25 > r_c: nothing
           SpherePairCase{"spheres_beyond", 1.25, 0.2, 0.0, 0.0},
           // r_c = 0: F_n = 10 - 2 (0.1) = 9.8, E = 0.5 - 0.01 = 0.49
           SpherePairCase{"spheres_contact_only", 0.9, 0.0, 9.8, 0.49}}) {
    SCOPED_TRACE(c.name);
    Bodies b(c.name,
             {body_dem_test::sphere({0, 0, 0}, 1.0),
              body_dem_test::sphere({c.d * n[0], c.d * n[1], c.d * n[2]}, 1.0)},
             "0.0 0.0 0.0 1.0 " + std::to_string(c.cutoff), "100.0 2.0");
    b.run(0);
    expect_loads(b, {c.f_n * n[0], c.f_n * n[1], c.f_n * n[2]}, {0, 0, 0}, {0, 0, 0});
    EXPECT_NEAR(b.pe(), c.energy, kTol);
  }
}

// ---------------------------------------------------------------------------
// 2. Cube face on cube face. Cube 2 centred at (0, 0, 1.18): the bottom
// face of cube 2 lies 0.18 above the top face of cube 1, exactly over it.
// The four corners are contacts (each found twice, a vertex of either cube
// on the face of the other, and counted once: weight 1), n = +z.
// Contact area: the unit square, A = 1; N_eff = 4.
//   delta_ua = 1:   j_a = max(1, 1/4) = 1,  F = 1.65 each, 6.6 in all
//   delta_ua = 0.1: j_a = 1 / 0.4 = 2.5,    F = 2 - 0.875 = 1.125 each, 4.5
//   (scaling the elastic force too would give 4 (5 - 0.875) = 16.5)
// Torques: the corners lie symmetrically about both centres: zero.
// Energy (j_a has none): 4 * 0.00775 = 0.031.

TEST(PolyhedronTwoBody, CubeFaceOnCubeFaceFourCorners)
{
  struct Case {
    const char *name;
    double delta_ua, f_total;
  };
  for (const Case &c : {Case{"faces_ja1", 1.0, 6.6}, Case{"faces_ja25", 0.1, 4.5}}) {
    SCOPED_TRACE(c.name);
    Bodies b(c.name, {unit_cube({0, 0, 0}), unit_cube({0, 0, 1.18})},
             "0.0 0.0 0.0 " + std::to_string(c.delta_ua) + " 0.05", kCoeff);
    b.run(0);
    expect_loads(b, {0, 0, c.f_total}, {0, 0, 0}, {0, 0, 0});
    EXPECT_NEAR(b.pe(), 0.031, kTol);
  }
}

// 3. j_a scales with the contact area. Cube 2 shifted by (0.5, 0.5): the
// faces overlap in the square [0, 0.5]^2, whose corners are the contacts:
// cube 1's vertex (0.5, 0.5) under cube 2's face, cube 2's vertex (0, 0)
// over cube 1's face, and two crossings of edges at (0.5, 0) and (0, 0.5)
// (at 90 degrees, in the middle of their edges: weight 1).
// A = 0.25 (a quarter of case 2), N_eff = 4:
//   delta_ua = 0.1:   j_a = max(1, 0.25 / 0.4) = 1, F = 1.65 each
//   delta_ua = 0.025: j_a = 0.25 / 0.1 = 2.5,       F = 1.125 each
// Torques, contacts at x, y in {0, 0.5}: cube 2 (centre (0.5, 0.5)):
// sum r_x = sum r_y = -1: (-F, F, 0). Cube 1 (force -F at r_x, r_y summing
// to 1): (-r_y F, r_x F, 0) summed = (-F, F, 0).
// (Check: torque_1 + torque_2 + c_2 x F_2 = (-2F, 2F, 0) + (0.5, 0.5,
// 1.18) x (0, 0, 4F) = (-2F + 2F, 2F - 2F, 0) = 0.)

TEST(PolyhedronTwoBody, JaScalesWithTheContactArea)
{
  struct Case {
    const char *name;
    double delta_ua, f;
  };
  for (const Case &c : {Case{"shifted_ja1", 0.1, 1.65}, Case{"shifted_ja25", 0.025, 1.125}}) {
    SCOPED_TRACE(c.name);
    Bodies b(c.name, {unit_cube({0, 0, 0}), unit_cube({0.5, 0.5, 1.18})},
             "0.0 0.0 0.0 " + std::to_string(c.delta_ua) + " 0.05", kCoeff);
    b.run(0);
    expect_loads(b, {0, 0, 4 * c.f}, {-c.f, c.f, 0}, {-c.f, c.f, 0});
    EXPECT_NEAR(b.pe(), 0.031, kTol);
  }
}

// 4. Cohesive range: cube 2 at (0, 0, 1.23), gap 0.23, delta_n = 0.03 in
// (0, r_c = 0.05]: F = -5 (0.05 - 0.03) = -0.1 per corner, -0.4 in all,
// E = 4 (-1/2 5 0.02^2) = -0.004, whatever j_a would be in overlap
// (delta_ua = 0.01 would give j_a = 25). At 1.26 (delta_n = 0.06 > r_c):
// nothing.

TEST(PolyhedronTwoBody, CohesiveRangeOfFaces)
{
  {
    Bodies b("faces_cohesive", {unit_cube({0, 0, 0}), unit_cube({0, 0, 1.23})}, "0.0 0.0 0.0 0.01 0.05", kCoeff);
    b.run(0);
    expect_loads(b, {0, 0, -0.4}, {0, 0, 0}, {0, 0, 0});
    EXPECT_NEAR(b.pe(), -0.004, kTol);
  }
  {
    Bodies b("faces_beyond", {unit_cube({0, 0, 0}), unit_cube({0, 0, 1.26})}, "0.0 0.0 0.0 0.01 0.05", kCoeff);
    b.run(0);
    expect_loads(b, {0, 0, 0}, {0, 0, 0}, {0, 0, 0});
    EXPECT_EQ(b.pe(), 0.0);
  }
}

// ---------------------------------------------------------------------------
// 5. Edge on edge, crossing at 90 degrees. Cube 1 turned by 45 degrees
// about x: its top edge is a ridge along x at y = 0, z = sqrt(1/2).
// Cube 2 turned by 45 degrees about y, centred at (0.2, 0.1, 2 sqrt(1/2) +
// 0.18): its bottom edge is a ridge along y at x = 0.2, z = sqrt(1/2) +
// 0.18. One crossing at (0.2, 0): 0.3 and 0.4 from the ridges' ends (weight
// 1, see test_polyhedron_contacts.cpp), n = +z, F = 1.65 at
// p = (0.2, 0, sqrt(1/2) + 0.09). The ridges' ends are farther than
// r_i + r_j + r_c = 0.25 from the other cube, e.g. cube 1's (0.5, 0, .)
// from cube 2's face through its ridge with normal (1, 0, -1)/sqrt2:
// (0.3 + 0.18)/sqrt2 = 0.34.
// Torques: cube 2, r = (0, -0.1, .): (-0.1 F, 0, 0) = (-0.165, 0, 0);
// cube 1, r = (0.2, 0, .), force -F: (0, 0.2 F, 0) = (0, 0.33, 0).

namespace {

std::vector<PolyhedronBody> crossing_cube_edges()
{
  return {body_dem_test::rotated(unit_cube({0, 0, 0}), {1, 0, 0}, M_PI / 4),
          body_dem_test::rotated(unit_cube({0.2, 0.1, 2 * kS + 0.18}), {0, 1, 0}, M_PI / 4)};
}

// The loads and the energy above with the crossing at weight w.
void expect_crossing_loads(Bodies &b, double w)
{
  expect_loads(b, {0, 0, w * 1.65}, {0, w * 0.33, 0}, {-w * 0.165, 0, 0});
  EXPECT_NEAR(b.pe(), w * 0.00775, kTol);
}

}    // namespace

TEST(PolyhedronTwoBody, EdgeOnEdgeCrossing)
{
  Bodies b("edges_crossing", crossing_cube_edges(), kStyle, kCoeff);
  b.run(0);
  expect_crossing_loads(b, 1.0);
}

// 5b. The same crossing under `ridge t0 t1` (degrees): each edge's factor
// R(t) = S((t - t0) / (t1 - t0)) of its turn t, 90 degrees for a cube's
// edges. ridge 60 120: R = S(1/2) = 1/2 for each edge, w = 1/4: the loads
// and the energy of 5. times 1/4. ridge 90.5 120: both edges count as flat
// (t <= t0), no crossing, and the ridges' ends are out of reach: nothing.
// ridge 5 10 (the default), with record before or after it: the loads of 5.

TEST(PolyhedronTwoBody, RidgeKeywordWeighsTheCrossingByTheTurnOfItsEdges)
{
  struct Case {
    const char *name, *keywords;
    double w;
  };
  for (const Case &k : {Case{"ridge_half", " ridge 60 120", 0.25}, Case{"ridge_flat", " ridge 90.5 120", 0.0},
                        Case{"ridge_default_record", " ridge 5 10 record 16", 1.0},
                        Case{"record_ridge_default", " record 16 ridge 5.0 10.0", 1.0}}) {
    SCOPED_TRACE(k.name);
    Bodies b(k.name, crossing_cube_edges(), std::string(kStyle) + k.keywords, kCoeff);
    b.run(0);
    expect_crossing_loads(b, k.w);
  }
}

// 6. Parallel edges. Both cubes turned by 45 degrees about x; cube 2
// centred at (0.5, 0, 2 sqrt(1/2) + 0.18): the ridges, along x, touch
// along x in [0, 0.5]. Contacts at the ends of that line, weight 1 each:
// cube 2's vertex (0, 0, .) over cube 1's ridge and cube 1's vertex
// (0.5, 0, .) under cube 2's ridge; n = +z, two contacts: j_a = 1,
// F = 1.65 each, 3.3 in all.
// Torques: cube 2 (centre x = 0.5), r_x = -0.5 and 0: (0, 0.5 F, 0) =
// (0, 0.825, 0); cube 1, r_x = 0 and 0.5, force -F: (0, 0.825, 0).

TEST(PolyhedronTwoBody, ParallelEdgesTouchAtTheEndsOfTheLine)
{
  const PolyhedronBody a = body_dem_test::rotated(unit_cube({0, 0, 0}), {1, 0, 0}, M_PI / 4);
  const PolyhedronBody c = body_dem_test::rotated(unit_cube({0.5, 0, 2 * kS + 0.18}), {1, 0, 0}, M_PI / 4);
  Bodies b("edges_parallel", {a, c}, "0.0 0.0 0.0 0.001 0.05", kCoeff);
  b.run(0);
  // delta_ua = 0.001 would give a huge j_a if two contacts spanned an area.
  expect_loads(b, {0, 0, 3.3}, {0, 0.825, 0}, {0, 0.825, 0});
  EXPECT_NEAR(b.pe(), 2 * 0.00775, kTol);
}

// ---------------------------------------------------------------------------
// 7. Vertex on face: cube 2 turned so that its vertex 0 (-,-,-) points
// straight down (about the axis (1, -1, 0) by acos(1/sqrt3)); vertex 0 lies
// sqrt(3)/2 below its centre, which is at (0.1, -0.2, 0.68 + sqrt(3)/2), so
// the tip is 0.18 above cube 1's top face at (0.1, -0.2). Its neighbours
// are 1/sqrt3 higher: one contact, F = 1.65 along z at
// p = (0.1, -0.2, 0.59). Cube 2: r parallel to the force, no torque.
// Cube 1: r = (0.1, -0.2, 0.59), force -F: (-r_y F, r_x F, 0) =
// (0.33, 0.165, 0).

TEST(PolyhedronTwoBody, VertexOnFace)
{
  const PolyhedronBody tip = body_dem_test::rotated(unit_cube({0.1, -0.2, 0.68 + 0.5 * std::sqrt(3.0)}), {1, -1, 0},
                                                    std::acos(1.0 / std::sqrt(3.0)));
  Bodies b("vertex_face", {unit_cube({0, 0, 0}), tip}, kStyle, kCoeff);
  b.run(0);
  expect_loads(b, {0, 0, 1.65}, {0.33, 0.165, 0}, {0, 0, 0});
  EXPECT_NEAR(b.pe(), 0.00775, kTol);
}

// 8. Cube on tetrahedron. Body 1: regular tetrahedron of edge 0.6, turned
// upside down (by pi about x), centred at the origin: its base face is on
// top, horizontal at z = h/4 with h = 0.6 sqrt(2/3) = 0.4899, vertices at
// circumradius R = 0.6/sqrt3 = 0.3464: (R, 0), (-R/2, -0.3), (-R/2, 0.3).
// Body 2: unit cube centred at (0.1, 0.05, h/4 + 0.68): its bottom face
// [-0.4, 0.6] x [-0.45, 0.55] covers the triangle: three face-vertex
// contacts at the triangle's corners, n = +z; the cube's corners are at
// least 0.5 (horizontally) from the triangle.
// Contact area: an equilateral triangle of circumradius R: covariance
// (R^2 / 2) on the plane, A = 4 (R^2 / 2) = 2 R^2 = 0.24; N_eff = 3.
//   delta_ua = 1:    j_a = 1,                F = 1.65 each, 4.95 in all
//   delta_ua = 0.04: j_a = 0.24 / 0.12 = 2,  F = 2 - 0.7 = 1.3 each, 3.9
// Torques: relative to the tetrahedron's centre the corners sum to 0:
// torque 0. Relative to the cube's centre sum r_x = -0.3, sum r_y = -0.15:
// (sum r_y F, -sum r_x F, 0) = (-0.15 F, 0.3 F, 0).

TEST(PolyhedronTwoBody, CubeOnTetrahedron)
{
  const double h = 0.6 * std::sqrt(2.0 / 3.0);
  const PolyhedronBody t = body_dem_test::rotated(body_dem_test::tetrahedron({0, 0, 0}, 0.6, 0.2), {1, 0, 0}, M_PI);
  struct Case {
    const char *name;
    double delta_ua, f;
  };
  for (const Case &c : {Case{"cube_tetra_ja1", 1.0, 1.65}, Case{"cube_tetra_ja2", 0.04, 1.3}}) {
    SCOPED_TRACE(c.name);
    Bodies b(c.name, {t, unit_cube({0.1, 0.05, 0.25 * h + 0.68})},
             "0.0 0.0 0.0 " + std::to_string(c.delta_ua) + " 0.05", kCoeff);
    b.run(0);
    expect_loads(b, {0, 0, 3 * c.f}, {0, 0, 0}, {-0.15 * c.f, 0.3 * c.f, 0});
    EXPECT_NEAR(b.pe(), 3 * 0.00775, kTol);
  }
}

// The faces of a data file may be numbered either way round: the style
// orients them itself. The cases above with every face of both bodies
// written clockwise from outside give the same loads.
TEST(PolyhedronTwoBody, FacesNumberedClockwiseGiveTheSameLoads)
{
  const double h = 0.6 * std::sqrt(2.0 / 3.0);
  const PolyhedronBody t = body_dem_test::rotated(body_dem_test::tetrahedron({0, 0, 0}, 0.6, 0.2), {1, 0, 0}, M_PI);
  {
    Bodies b("cube_tetra_flipped", {t, unit_cube({0.1, 0.05, 0.25 * h + 0.68})}, "0.0 0.0 0.0 0.04 0.05", kCoeff,
             true);
    b.run(0);
    expect_loads(b, {0, 0, 3.9}, {0, 0, 0}, {-0.195, 0.39, 0});
  }
  {
    Bodies b("shifted_flipped", {unit_cube({0, 0, 0}), unit_cube({0.5, 0.5, 1.18})}, "0.0 0.0 0.0 0.025 0.05",
             kCoeff, true);
    b.run(0);
    expect_loads(b, {0, 0, 4.5}, {-1.125, 1.125, 0}, {-1.125, 1.125, 0});
  }
}

// ---------------------------------------------------------------------------
// 9. Sphere on cube. Sphere (body 2) of diameter 0.5 (r = 0.25), cube 1 as
// before (r = 0.1): r_i + r_j = 0.35; the sphere's centre 0.33 from the
// cube's skeleton gives delta_n = -0.02 and F = 1.65 as above, at the
// point 0.09 from the cube's skeleton. The force passes through the
// sphere's centre: no torque on the sphere.
//   over the face: centre (0.125, -0.25, 0.83), foot (0.125, -0.25, 0.5),
//     n = +z, p = (0.125, -0.25, 0.59): cube torque (-r_y F, r_x F, 0) =
//     (0.4125, 0.20625, 0)
//   at the edge x = z = 0.5 (along y): centre (0.5, 0.1, 0.5) + 0.33 n with
//     n = (0.6, 0, 0.8): p = (0.5, 0.1, 0.5) + 0.09 n; cube torque
//     p x (-F n) = -F (0.5, 0.1, 0.5) x n = -1.65 (0.08, -0.1, -0.06) =
//     (-0.132, 0.165, 0.099)

TEST(PolyhedronTwoBody, SphereOnCubeFaceAndEdge)
{
  {
    Bodies b("sphere_face", {unit_cube({0, 0, 0}), body_dem_test::sphere({0.125, -0.25, 0.83}, 0.5)}, kStyle,
             kCoeff);
    b.run(0);
    expect_loads(b, {0, 0, 1.65}, {0.4125, 0.20625, 0}, {0, 0, 0});
    EXPECT_NEAR(b.pe(), 0.00775, kTol);
  }
  {
    const Triple n{0.6, 0, 0.8};
    Bodies b("sphere_edge",
             {unit_cube({0, 0, 0}), body_dem_test::sphere({0.5 + 0.33 * n[0], 0.1, 0.5 + 0.33 * n[2]}, 0.5)},
             kStyle, kCoeff);
    b.run(0);
    expect_loads(b, {1.65 * n[0], 0, 1.65 * n[2]}, {-0.132, 0.165, 0.099}, {0, 0, 0});
    EXPECT_NEAR(b.pe(), 0.00775, kTol);
  }
}

// 10. A rod (two vertices, one edge; diameter 0.2) lying on cube 1 and
// overhanging its edge: from (0, 0.125) to (1, 0.125) at height 0.68
// (centre (0.5, 0.125, 0.68)). Contacts: the rod's end (0, 0.125) over the
// face, and the crossing of the rod with the cube's top edge x = 0.5 at
// (0.5, 0.125) (90 degrees, mid-edges: weight 1); the other end is
// sqrt(0.5^2 + 0.18^2) = 0.53 from the cube. Two contacts: j_a = 1,
// F = 1.65 each.
// Torques: rod, r_x = -0.5 and 0, r_y = 0: (0, 0.5 F, 0) = (0, 0.825, 0);
// cube, force -F at r_x = 0 and 0.5, r_y = 0.125: (-0.25 F, 0.5 F, 0) =
// (-0.4125, 0.825, 0).

TEST(PolyhedronTwoBody, RodOnCubeOverhangingAnEdge)
{
  Bodies b("rod_cube", {unit_cube({0, 0, 0}), body_dem_test::rod({0.5, 0.125, 0.68}, {0.5, 0, 0}, 0.2)},
           "0.0 0.0 0.0 0.001 0.05", kCoeff);
  b.run(0);
  expect_loads(b, {0, 0, 3.3}, {-0.4125, 0.825, 0}, {0, 0.825, 0});
  EXPECT_NEAR(b.pe(), 2 * 0.00775, kTol);
}

// ---------------------------------------------------------------------------
// 11. Damping. Cubes face on face as in case 2 (delta_ua = 1, j_a = 1),
// cube 2 moving with v = (0.3, 0, -0.1): c_n = 5, c_t = 2, mu = 0.
// At each of the four corners v_n = -0.1 (approaching): normal damping
// -c_n v_n = 0.5, F_z = 1.65 + 0.5 = 2.15, 8.6 in all; tangential damping
// -c_t v_t = (-0.6, 0, 0), -2.4 in all.
// Torques: the normal forces are symmetric (none); the tangential force
// (-0.6, 0, 0) at r_z = 0.59 - 1.18 = -0.59 from cube 2's centre gives
// (r x F)_y = r_z F_x = 0.354 per corner: (0, 1.416, 0); on cube 1
// (0.6, 0, 0) at r_z = 0.59: (0, 1.416, 0). Energy: 0.031 (damping has none).

TEST(PolyhedronTwoBody, NormalAndTangentialDampingAtEveryContact)
{
  Bodies b("faces_damping",
           {unit_cube({0, 0, 0}), body_dem_test::moving(unit_cube({0, 0, 1.18}), {0.3, 0, -0.1})},
           "5.0 2.0 0.0 1.0 0.05", kCoeff);
  b.run(0);
  expect_loads(b, {-2.4, 0, 8.6}, {0, 1.416, 0}, {0, 1.416, 0});
  EXPECT_NEAR(b.pe(), 0.031, kTol);
}

// 12. Friction without history: the sphere of case 9 over the face, sliding
// with v = (0, 1, 0); c_t = 2, |v_t| = 1. Tangential force on the sphere:
// friction -min(mu k_n |delta_n|, c_t |v_t|) plus damping -c_t |v_t| = -2,
// along y:
//   mu = 0.5: min(1, 2) = 1 (Coulomb),             F_y = -3
//   mu = 2:   min(4, 2) = 2 (capped by velocity),  F_y = -4
// Force on the sphere (0, F_y, 1.65) at p = (0.125, -0.25, 0.59).
// Sphere, r = (0, 0, 0.59 - 0.83) = (0, 0, -0.24): r x F = (-r_z F_y, 0, 0)
//   = (0.24 F_y, 0, 0).
// Cube, r = p, force (0, -F_y, -1.65): p x (0, -F_y, -1.65) =
//   (p_y (-1.65) + p_z F_y, p_x 1.65, -p_x F_y) = (0.4125 + 0.59 F_y, 0.20625, -0.125 F_y).

TEST(PolyhedronTwoBody, FrictionWithoutHistory)
{
  struct Case {
    const char *name;
    double mu, f_y;
  };
  for (const Case &c : {Case{"friction_coulomb", 0.5, -3.0}, Case{"friction_velocity_capped", 2.0, -4.0}}) {
    SCOPED_TRACE(c.name);
    Bodies b(c.name,
             {unit_cube({0, 0, 0}),
              body_dem_test::moving(body_dem_test::sphere({0.125, -0.25, 0.83}, 0.5), {0, 1, 0})},
             "0.0 2.0 " + std::to_string(c.mu) + " 1.0 0.05", kCoeff);
    b.run(0);
    expect_loads(b, {0, c.f_y, 1.65}, {0.4125 + 0.59 * c.f_y, 0.20625, -0.125 * c.f_y}, {0.24 * c.f_y, 0, 0});
    EXPECT_NEAR(b.pe(), 0.00775, kTol);
  }
}

// 13. The history spring of a face contact. Cubes face on face as in
// case 2 with k_na = 0: F = 2 at each of four corners, sum w k_n |delta_n|
// = 8; cube 2 slides with v = (0.1, 0, 0) and nothing integrates (no
// fix): each step adds v dt = 0.001 (dt = 0.01) to xi (the setup of a run
// adds nothing). mu = 0.5: cap 4. The spring acts at the average of the
// corners weighted by their equal elastic forces, (0, 0, 0.59):
//   default k_t = 2/7 100, N = 10:  xi = 0.01, F_x = -0.285714...
//   N = 300: k_t 0.3 = 8.57 > 4: sliding, F_x = -4
//   explicit k_t = 50, N = 10: F_x = -0.5
// Torques: cube 2, r = (0, 0, -0.59): (r x F)_y = -0.59 F_x; cube 1,
// r = (0, 0, 0.59), force -F_x: (r x F)_y = -0.59 F_x.

TEST(PolyhedronTwoBody, HistorySpringOfAFaceContact)
{
  struct Case {
    const char *name;
    const char *coeff;
    int steps;
    double f_x;
  };
  const double kt_default = 2.0 / 7.0 * 100.0;
  for (const Case &c : {Case{"spring_default_kt", "100.0 0.0", 10, -kt_default * 10 * 0.1 * 0.01},
                        Case{"spring_sliding", "100.0 0.0", 300, -4.0},
                        Case{"spring_explicit_kt", "100.0 0.0 50.0", 10, -0.5}}) {
    SCOPED_TRACE(c.name);
    Bodies b(c.name, {unit_cube({0, 0, 0}), body_dem_test::moving(unit_cube({0, 0, 1.18}), {0.1, 0, 0})},
             "0.0 0.0 0.5 1.0 0.0 history friction pair", c.coeff);
    b.s->command("timestep 0.01");
    b.run(0);
    // Setup: no time has passed, xi = 0, only the normal forces.
    expect_loads(b, {0, 0, 8}, {0, 0, 0}, {0, 0, 0});
    b.run(c.steps);
    expect_loads(b, {c.f_x, 0, 8}, {0, -0.59 * c.f_x, 0}, {0, -0.59 * c.f_x, 0});
    // The spring's work: force against the sliding, every step.
    EXPECT_LT(b.work(2), 0.0);
    EXPECT_EQ(b.work(1), 0.0);
  }
}

// The spring of case 13 (default k_t, 10 steps of v dt = 0.001: F_x =
// -k_t 0.01) is the same when the 10 steps are split into two runs, and
// when the neighbour lists are rebuilt at every step: the history fix
// carries each pair's xi across the rebuilds.
TEST(PolyhedronTwoBody, HistorySurvivesNewRunsAndNeighbourListRebuilds)
{
  const double f_x = -2.0 / 7.0 * 100.0 * 0.01;
  for (const int variant : {0, 1, 2}) {
    SCOPED_TRACE(variant == 0 ? "one run" : (variant == 1 ? "two runs" : "rebuilt every step"));
    Bodies b("spring_runs" + std::to_string(variant),
             {unit_cube({0, 0, 0}), body_dem_test::moving(unit_cube({0, 0, 1.18}), {0.1, 0, 0})},
             "0.0 0.0 0.5 1.0 0.0 history friction pair", "100.0 0.0");
    b.s->command("timestep 0.01");
    if (variant == 2) b.s->command("neigh_modify every 1 delay 0 check no");
    if (variant == 1) {
      b.run(5);
      b.run(5);
    } else
      b.run(10);
    expect_loads(b, {f_x, 0, 8}, {0, -0.59 * f_x, 0}, {0, -0.59 * f_x, 0});
  }
}

// ---------------------------------------------------------------------------
// 14. Newton's third law for random-ish overlaps of a cube with a
// tetrahedron and with a cube, with damping, friction, cohesion and
// j_a > 1, moving and spinning: the forces on the two bodies cancel, and so
// do the moments about the origin (torque_1 + torque_2 + c_1 x F_1 +
// c_2 x F_2 = 0), since every force acts at one point with opposite signs
// on the two bodies. Tolerance: kTol relative to the largest load.

TEST(PolyhedronTwoBody, NewtonsThirdLaw)
{
  const PolyhedronBody a = body_dem_test::moving(
      body_dem_test::rotated(body_dem_test::cube({0.1, -0.2, 0.05}, 1.0, 0.2), {1, 2, 0.5}, 0.7), {0.3, -0.1, 0.2},
      {0.5, -0.3, 0.8});
  const PolyhedronBody t = body_dem_test::moving(
      body_dem_test::rotated(body_dem_test::tetrahedron({0.35, 0.5, 0.75}, 1.2, 0.2), {-1, 0.3, 1}, 1.9),
      {-0.2, 0.15, -0.3}, {-0.4, 0.2, 0.1});
  const PolyhedronBody c = body_dem_test::moving(
      body_dem_test::rotated(body_dem_test::cube({0.7, 0.6, 0.9}, 1.0, 0.2), {0.3, -1, 0.2}, 0.4), {-0.2, 0.15, -0.3},
      {-0.4, 0.2, 0.1});
  int name = 0;
  for (const PolyhedronBody &other : {t, c})
    for (const char *extra : {"", " history"}) {
      SCOPED_TRACE(std::string("pair_style options:") + extra);
      Bodies b("third_law_" + std::to_string(name++), {a, other}, std::string("3.0 2.0 0.4 0.02 0.05") + extra,
               kCoeff);
      // With history, a few steps (no integrator: nothing moves) load the spring.
      b.run(*extra ? 5 : 0);
      const Triple f1 = b.force(1), f2 = b.force(2), t1 = b.torque(1), t2 = b.torque(2);
      double scale = 0.0;
      for (int d = 0; d < 3; ++d)
        scale = std::max({scale, std::fabs(f1[d]), std::fabs(t1[d]), std::fabs(t2[d])});
      ASSERT_GT(scale, 1.0) << "the bodies must overlap";
      const Triple &c1 = a.center, &c2 = other.center;
      const Triple m{c1[1] * f1[2] - c1[2] * f1[1] + c2[1] * f2[2] - c2[2] * f2[1],
                     c1[2] * f1[0] - c1[0] * f1[2] + c2[2] * f2[0] - c2[0] * f2[2],
                     c1[0] * f1[1] - c1[1] * f1[0] + c2[0] * f2[1] - c2[1] * f2[0]};
      for (int d = 0; d < 3; ++d) {
        EXPECT_NEAR(f1[d] + f2[d], 0.0, kTol * scale);
        EXPECT_NEAR(t1[d] + t2[d] + m[d], 0.0, kTol * scale);
      }
    }
}

// ---------------------------------------------------------------------------
// 15. Work accumulators (compute pair, elements 1 and 2).

// Zero after `run 0` even where j_a > 1 and damping and friction act: no
// time passes in the setup of a run. Cubes of case 2 with j_a = 2.5,
// c_n, c_t, mu > 0 and cube 2 sliding and approaching.
TEST(PolyhedronTwoBody, WorkIsZeroAfterRunZero)
{
  Bodies b("work_run0", {unit_cube({0, 0, 0}), body_dem_test::moving(unit_cube({0, 0, 1.18}), {0.3, -0.2, -0.1})},
           "5.0 2.0 0.3 0.1 0.05", kCoeff);
  b.run(0);
  EXPECT_EQ(b.work(1), 0.0);
  EXPECT_EQ(b.work(2), 0.0);
  // ... although forces act (4.5 from case 2 plus damping).
  EXPECT_GT(b.force(2)[2], 4.5);
}

// A collision of two cubes: cube 2 (turned by 0.05 rad about x and
// spinning) falls with v = (0.2, 0, -1) onto cube 1 from a skeleton gap of
// 0.3 (delta_n = 0.1 > r_c: no force at the start) onto the top face of
// cube 1 (free, of the same mass), touching it at an edge (more or fewer
// contacts, with weights that change as it rotates); the cubes exchange
// most of their momentum and separate. With
// `flat`, cube 2 is not turned and spins about z only (angular velocity
// 2): it lands face on face, the overlap square twisting. k_n =
// 10^4 (overlaps of about 0.01 << r = 0.1: the skeletons never touch),
// mass 1. fix nve/body integrates; 1 time unit covers the collision.
// Total energy: compute temp/body with no extra dof has 6 dof per body in
// 3d, so KE_trans + KE_rot = 3 N T (N = 2).
struct CollisionResult {
  double e_start, e_end, work_ja, work_diss, work_weights;
};

CollisionResult collide_cubes(const std::string &name, const std::string &pair_style, const std::string &coeff,
                              double dt, bool flat = false)
{
  const PolyhedronBody falling =
      flat ? body_dem_test::moving(unit_cube({0.1, 0.05, 1.5}), {0.2, 0, -1}, {0, 0, 2})
           : body_dem_test::moving(body_dem_test::rotated(unit_cube({0.1, 0.05, 1.5}), {1, 0, 0}, 0.05), {0.2, 0, -1},
                                   {0.5, -0.3, 0.2});
  Bodies b(name, {unit_cube({0, 0, 0}), falling}, pair_style, coeff);
  body_dem_test::integrate_with_total_energy(*b.s, 3, dt);
  CollisionResult r{};
  b.run(0);
  r.e_start = b.s->variable("etot");
  EXPECT_EQ(b.pe(), 0.0) << "the cubes start apart";
  b.run(static_cast<int>(std::lround(1.0 / dt)));
  // equal masses: the collision hands most of cube 2's downward momentum to cube 1
  EXPECT_LT(b.s->gather_by_id("v")[2], -0.5) << "the cubes must have collided";
  EXPECT_EQ(b.pe(), 0.0) << "the cubes must have separated";
  r.e_end = b.s->variable("etot");
  r.work_ja = b.work(1);
  r.work_diss = b.work(2);
  r.work_weights = b.work(3);
  return r;
}

TEST(PolyhedronTwoBody, EnergyOfACollisionWithoutDampingIsConserved)
{
  // c_n = c_t = mu = 0, k_na = 0: no work of either kind (exactly 0), and
  // KE + pe conserved to the time integration error, which falls like
  // dt^2: the forces are continuous along the motion (the weights), so
  // velocity Verlet's energy error is O((omega dt)^2) E0 with omega =
  // sqrt(k_n / m_red) = 141; at dt = 1e-4: 2e-4 E0 (E0 ~ 0.6).
  double error[2];
  int k = 0;
  for (const double dt : {1e-4, 5e-5}) {
    SCOPED_TRACE("dt = " + std::to_string(dt));
    const CollisionResult r =
        collide_cubes(k == 0 ? "collision_conservative" : "collision_conservative_dt2", "0.0 0.0 0.0 1.0 0.0",
                      "10000.0 0.0", dt);
    EXPECT_EQ(r.work_ja, 0.0);
    EXPECT_EQ(r.work_diss, 0.0);
    error[k++] = std::fabs(r.e_end - r.e_start);
    std::printf("collision without damping, dt %g: E0 %.9g, energy error %.3g\n", dt, r.e_start, error[k - 1]);
    EXPECT_LT(error[k - 1], 2e4 * dt * dt * r.e_start);
  }
}

TEST(PolyhedronTwoBody, EnergyBalanceOfACollisionWithDampingFrictionAndCohesion)
{
  // The same collision with c_n = 5, c_t = 2, mu = 0.5 (history) and
  // cohesion k_na = 50 in r_c = 0.02: E_end - E_start = W_ja + W_diss up to
  // the integration error, within the bound above (measured: 5e-6 and
  // 9e-6 of E0 = 0.55, while W_diss = -0.13). The cube touches along an
  // edge, two contacts: j_a = 1 and W_ja = 0.
  int k = 0;
  for (const double dt : {1e-4, 5e-5}) {
    SCOPED_TRACE("dt = " + std::to_string(dt));
    const CollisionResult r = collide_cubes(k++ == 0 ? "collision_dissipative" : "collision_dissipative_dt2",
                                            "5.0 2.0 0.5 0.1 0.02 history", "10000.0 50.0", dt);
    EXPECT_LT(r.work_diss, -0.1);
    EXPECT_NEAR(r.e_end - r.e_start, r.work_ja + r.work_diss, 2e4 * dt * dt * r.e_start);
  }
}

TEST(PolyhedronTwoBody, WorkOfTheWeightsClosesTheBalanceOfAFlatLanding)
{
  // The flat landing: cube 2 lands face on face while it twists. The
  // corners of the overlap square, found twice at the start, separate and
  // share their weight as the square twists, and crossings of nearly
  // parallel edges fade in: the weights change while the contacts
  // overlap. The force w F_n is not the gradient of the energy w E, so
  // KE + pe changes by the work of the weights W_w (weight_work.h), which
  // the style books. Measured without damping or cohesion: KE + pe changes
  // by +0.0025 at both dt = 1e-4 and 5e-5 (0.3 % of E0 = 0.85), not
  // falling with dt; W_w = 0.00263 and 0.00248 books it, and what remains,
  // -9.5e-5 and 2.1e-5 (a ratio of 4.5 for half the step), is the
  // integration error, bounded as in the collision above.
  for (const double dt : {1e-4, 5e-5}) {
    SCOPED_TRACE("dt = " + std::to_string(dt));
    const CollisionResult r = collide_cubes(dt == 1e-4 ? "collision_flat" : "collision_flat_dt2",
                                            "0.0 0.0 0.0 1.0 0.0", "10000.0 0.0", dt, true);
    std::printf("flat landing, dt %g: E0 %.9g, KE + pe changed by %.4g, W_w %.4g\n", dt, r.e_start,
                r.e_end - r.e_start, r.work_weights);
    EXPECT_EQ(r.work_ja, 0.0);
    EXPECT_EQ(r.work_diss, 0.0);
    EXPECT_GT(std::fabs(r.work_weights), 1e-3);    // the weights did work: the test is not empty
    EXPECT_NEAR(r.e_end - r.e_start, r.work_weights, 2e4 * dt * dt * r.e_start);
  }
}

// The work accumulators by hand: cube 2 face on cube 1 (case 2, delta_n =
// -0.02 at four corners) is pulled straight up by fix move at v = 0.1 for
// 199 steps of dt = 0.001 (T = 0.199), so delta_n(t) = -0.02 + 0.1 t stays
// <= 0; cube 1 does not move. k_na = 5, r_c = 0.05, delta_ua = 0.1:
// j_a = 1 / (4 * 0.1) = 2.5 throughout (A = 1, N_eff = 4); c_n = 5.
// Power on cube 2 (velocity (0, 0, 0.1)), all four corners:
//   j_a part: -4 (j_a - 1) k_na (r_c - delta_n) v = -3 (0.07 - 0.1 t)
//   damping:  -4 c_n v_n v = -4 * 5 * 0.1 * 0.1 = -0.2
// Both are linear in t, which the trapezoidal rule integrates exactly:
//   W_ja   = -3 (0.07 T - 0.05 T^2) = -3 * 0.01194995 = -0.03584985
//   W_diss = -0.2 T = -0.0398
// Tolerance 1e-12: round-off of 200 sums of terms of 1e-4.
TEST(PolyhedronTwoBody, WorkOfJaScalingAndDampingWhilePullingFacesApart)
{
  Bodies b("work_pull", {unit_cube({0, 0, 0}), body_dem_test::moving(unit_cube({0, 0, 1.18}), {0, 0, 0.1})},
           "5.0 0.0 0.0 0.1 0.05", kCoeff);
  b.s->commands("group top id 2\n"
                "fix pull top move linear 0.0 0.0 0.1\n"
                "timestep 0.001\n");
  b.run(199);
  EXPECT_NEAR(b.work(1), -0.03584985, 1e-12);
  EXPECT_NEAR(b.work(2), -0.0398, 1e-12);
  // still in overlap at delta_n = -0.0001: F_z on cube 2 = 4 (100 * 0.0001
  // - 2.5 * 5 * 0.0501 - 5 * 0.1) = 4 (0.01 - 0.62625 - 0.5) = -4.465
  // (1e-10: the position after 199 steps of fix move)
  EXPECT_NEAR(b.force(2)[2], -4.465, 1e-10);
}

}    // namespace
