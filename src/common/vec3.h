// Small fixed-size 3-vector used by the contact-geometry and force-law
// layers. Plain value type: no LAMMPS include, no allocation, usable in
// host and device kernels (BODY_DEM_HOST_DEVICE). 2d bodies use z = 0.
#ifndef BODY_DEM_VEC3_H
#define BODY_DEM_VEC3_H

#include "device_marks.h"

#include <cmath>

namespace body_dem {

struct Vec3 {
  double x = 0.0, y = 0.0, z = 0.0;

  constexpr Vec3() = default;
  BODY_DEM_HOST_DEVICE constexpr Vec3(double x_, double y_, double z_) : x(x_), y(y_), z(z_) {}
  BODY_DEM_HOST_DEVICE static Vec3 from(const double *a) { return {a[0], a[1], a[2]}; }
  BODY_DEM_HOST_DEVICE void to(double *a) const { a[0] = x; a[1] = y; a[2] = z; }

  BODY_DEM_HOST_DEVICE Vec3 &operator+=(const Vec3 &b) { x += b.x; y += b.y; z += b.z; return *this; }
  BODY_DEM_HOST_DEVICE Vec3 &operator-=(const Vec3 &b) { x -= b.x; y -= b.y; z -= b.z; return *this; }
  BODY_DEM_HOST_DEVICE Vec3 &operator*=(double s) { x *= s; y *= s; z *= s; return *this; }
};

// Room for N Vec3 on the stack, left uninitialized, for scratch arrays of
// which a caller writes each entry before reading it: Vec3's default
// zeroing of a whole array of kMax... entries cost more, per neighbour
// pair, than the forces of a pair with one or two contacts.
template <int N> struct UninitializedVec3s {
  union Items {
    BODY_DEM_HOST_DEVICE Items() {}
    Vec3 items[N];
  } storage;
  BODY_DEM_HOST_DEVICE Vec3 *data() { return storage.items; }
};

BODY_DEM_HOST_DEVICE inline Vec3 operator+(Vec3 a, const Vec3 &b) { return a += b; }
BODY_DEM_HOST_DEVICE inline Vec3 operator-(Vec3 a, const Vec3 &b) { return a -= b; }
BODY_DEM_HOST_DEVICE inline Vec3 operator-(const Vec3 &a) { return {-a.x, -a.y, -a.z}; }
BODY_DEM_HOST_DEVICE inline Vec3 operator*(Vec3 a, double s) { return a *= s; }
BODY_DEM_HOST_DEVICE inline Vec3 operator*(double s, Vec3 a) { return a *= s; }
BODY_DEM_HOST_DEVICE inline double dot(const Vec3 &a, const Vec3 &b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
BODY_DEM_HOST_DEVICE inline Vec3 cross(const Vec3 &a, const Vec3 &b)
{
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
BODY_DEM_HOST_DEVICE inline double norm2(const Vec3 &a) { return dot(a, a); }
BODY_DEM_HOST_DEVICE inline double norm(const Vec3 &a) { return std::sqrt(dot(a, a)); }

// Unit vector of a, or the zero vector when |a| is zero (callers treat a
// zero direction as "no direction", e.g. no sliding).
BODY_DEM_HOST_DEVICE inline Vec3 normalized_or_zero(const Vec3 &a)
{
  const double n = norm(a);
  return n > 0.0 ? a * (1.0 / n) : Vec3{};
}

// Component of a perpendicular to the unit vector n.
BODY_DEM_HOST_DEVICE inline Vec3 tangential_part(const Vec3 &a, const Vec3 &n) { return a - n * dot(a, n); }

// Luding (2008), Eq. 17: rotate xi into the plane perpendicular to the
// unit normal n, keeping its magnitude:
//   xi <- (xi - (xi.n) n) |xi| / |xi - (xi.n) n|
// and xi <- 0 when the projection vanishes (xi parallel to n). Used for
// every tangential displacement kept per pair (friction springs, the
// tangential adhesion) as the contact normal turns.
BODY_DEM_HOST_DEVICE inline void rotate_into_tangent_plane(Vec3 &xi, const Vec3 &n)
{
  const double mag = norm(xi);
  if (mag <= 0.0) return;
  const Vec3 proj = tangential_part(xi, n);
  const double pmag = norm(proj);
  xi = pmag > 0.0 ? proj * (mag / pmag) : Vec3{};
}

}    // namespace body_dem

#endif
