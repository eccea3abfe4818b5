// Bodies for the tests of the 3d contact geometry: cubes, tetrahedra,
// spheres and rods in the space frame, built the way the pair style sees
// them (vertices, edges, faces counter-clockwise from outside, outward unit
// normals). Test helper only (uses std::vector).
#ifndef BODY_DEM_TEST_POLYHEDRON_TEST_BODIES_H
#define BODY_DEM_TEST_POLYHEDRON_TEST_BODIES_H

#include "polyhedron_contacts.h"

#include <array>
#include <cmath>
#include <vector>

namespace body_dem_test {

using body_dem::Vec3;

constexpr double kPi = 3.14159265358979323846;

struct Mat3 {
  double m[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  Vec3 operator*(const Vec3 &v) const
  {
    return {m[0][0] * v.x + m[0][1] * v.y + m[0][2] * v.z, m[1][0] * v.x + m[1][1] * v.y + m[1][2] * v.z,
            m[2][0] * v.x + m[2][1] * v.y + m[2][2] * v.z};
  }
  Mat3 operator*(const Mat3 &b) const
  {
    Mat3 r;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        r.m[i][j] = 0.0;
        for (int k = 0; k < 3; ++k) r.m[i][j] += m[i][k] * b.m[k][j];
      }
    return r;
  }
};

// Rotation by angle about the unit axis (Rodrigues).
inline Mat3 rotation(Vec3 axis, double angle)
{
  axis = body_dem::normalized_or_zero(axis);
  const double c = std::cos(angle), s = std::sin(angle), t = 1.0 - c;
  const double x = axis.x, y = axis.y, z = axis.z;
  Mat3 r;
  r.m[0][0] = c + x * x * t;
  r.m[0][1] = x * y * t - z * s;
  r.m[0][2] = x * z * t + y * s;
  r.m[1][0] = y * x * t + z * s;
  r.m[1][1] = c + y * y * t;
  r.m[1][2] = y * z * t - x * s;
  r.m[2][0] = z * x * t - y * s;
  r.m[2][1] = z * y * t + x * s;
  r.m[2][2] = c + z * z * t;
  return r;
}

struct Body {
  std::vector<Vec3> v;
  std::vector<std::array<int, 2>> e;
  std::vector<std::array<int, 4>> f;
  std::vector<Vec3> n;
  double r = 0.0;
  // plain arrays for PolyhedronShape (int (*)[2], int (*)[4])
  std::vector<int> e_flat, f_flat;

  void finish()
  {
    e_flat.clear();
    for (auto &x : e) e_flat.insert(e_flat.end(), x.begin(), x.end());
    f_flat.clear();
    for (auto &x : f) f_flat.insert(f_flat.end(), x.begin(), x.end());
    n.clear();
    for (auto &x : f) {
      const Vec3 nn = body_dem::cross(v[x[1]] - v[x[0]], v[x[2]] - v[x[0]]);
      n.push_back(body_dem::normalized_or_zero(nn));
    }
  }
  body_dem::PolyhedronShape shape() const
  {
    return {v.data(),
            static_cast<int>(v.size()),
            reinterpret_cast<const int(*)[2]>(e_flat.data()),
            static_cast<int>(e.size()),
            reinterpret_cast<const int(*)[4]>(f_flat.data()),
            static_cast<int>(f.size()),
            n.data(),
            r};
  }
  // copy rotated by R about the origin, then moved by t
  Body moved(const Mat3 &R, const Vec3 &t) const
  {
    Body b = *this;
    for (auto &x : b.v) x = R * x + t;
    b.finish();
    return b;
  }
  Body moved(const Vec3 &t) const { return moved(Mat3{}, t); }
};

// Cube of edge 2h centred at the origin. Vertices 0 (-,-,-), 1 (+,-,-),
// 2 (+,+,-), 3 (-,+,-), 4 (-,-,+), 5 (+,-,+), 6 (+,+,+), 7 (-,+,+);
// edges 0..3 the bottom square (01 12 23 30), 4..7 the top (45 56 67 74),
// 8..11 vertical (04 15 26 37); faces 0 bottom (-z), 1 top (+z), 2 front
// (-y), 3 right (+x), 4 back (+y), 5 left (-x).
inline Body cube(double h, double r)
{
  Body b;
  b.r = r;
  b.v = {{-h, -h, -h}, {h, -h, -h}, {h, h, -h}, {-h, h, -h}, {-h, -h, h}, {h, -h, h}, {h, h, h}, {-h, h, h}};
  b.e = {{{0, 1}}, {{1, 2}}, {{2, 3}}, {{3, 0}}, {{4, 5}}, {{5, 6}},
         {{6, 7}}, {{7, 4}}, {{0, 4}}, {{1, 5}}, {{2, 6}}, {{3, 7}}};
  b.f = {{{0, 3, 2, 1}}, {{4, 5, 6, 7}}, {{0, 1, 5, 4}}, {{1, 2, 6, 5}}, {{2, 3, 7, 6}}, {{3, 0, 4, 7}}};
  b.finish();
  return b;
}

// Tetrahedron with a horizontal top triangle at z = 0 (vertices 0, 1, 2 at
// circumradius rho, vertex 0 on +x) and its apex 3 at (0, 0, -depth).
// Edges 01 12 20 03 13 23; faces top (0,1,2) and three sides, all
// counter-clockwise from outside.
inline Body tetra_apex_down(double rho, double depth, double r)
{
  Body b;
  b.r = r;
  const double s3 = std::sqrt(3.0);
  b.v = {{rho, 0, 0}, {-0.5 * rho, 0.5 * s3 * rho, 0}, {-0.5 * rho, -0.5 * s3 * rho, 0}, {0, 0, -depth}};
  b.e = {{{0, 1}}, {{1, 2}}, {{2, 0}}, {{0, 3}}, {{1, 3}}, {{2, 3}}};
  b.f = {{{0, 1, 2, -1}}, {{0, 3, 1, -1}}, {{1, 3, 2, -1}}, {{2, 3, 0, -1}}};
  b.finish();
  return b;
}

// The same tetrahedron turned upside down: base triangle at z = 0, apex 3
// at (0, 0, +height).
inline Body tetra_apex_up(double rho, double height, double r)
{
  Body b = tetra_apex_down(rho, height, r);
  return b.moved(rotation({1, 0, 0}, kPi), {0, 0, 0});
}

inline Body sphere(const Vec3 &c, double r)
{
  Body b;
  b.r = r;
  b.v = {c};
  b.finish();
  return b;
}

inline Body rod(const Vec3 &a, const Vec3 &c, double r)
{
  Body b;
  b.r = r;
  b.v = {a, c};
  b.e = {{{0, 1}}};
  b.finish();
  return b;
}

inline Vec3 centroid(const Body &b)
{
  Vec3 c;
  for (auto &x : b.v) c += x;
  return c * (1.0 / b.v.size());
}

}    // namespace body_dem_test

#endif
