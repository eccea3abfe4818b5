// Adhesion after Fang et al. (2024), shared/seeds/003 (layer 2: plain C++,
// no LAMMPS, no allocation): the normal adhesion potential a(d) per unit
// contact area of the surface separation d, and the smooth sticking
// function f0^a of the tangential adhesion. The granular body style
// (granular_contact_models.h, granular_pair_forces.h) applies them to its
// contacts; the doc page doc/pair_body_rounded_polyhedron_granular.rst
// states the formulas for users.
//
// Normal adhesion (dhat_p < dhat_a, Y > 0, eps_c > 0):
//
//   a(d) = a_1 d^2 - a_1 dhat_p^2 + a_2 (dhat_p - dhat_a)^2   0 < d < dhat_p
//          a_2 (d - dhat_a)^2                                 dhat_p <= d < dhat_a
//          0                                                  dhat_a <= d
//
//   a_2 = Y eps_c / (2 (dhat_p - dhat_a))   (< 0, seeds/003)
//   a_1 = a_2 (1 - dhat_a / dhat_p) = Y eps_c / (2 dhat_p)   (> 0)
//
// seeds/003 writes the first coefficient of the inner piece as
// a_2 (1 - dhat_a/dhat_p) and leaves a_1 undefined; a_1 is the value that
// makes a' continuous at dhat_p: 2 a_1 dhat_p = 2 a_2 (dhat_p - dhat_a).
// (a itself is continuous there for any a_1: both pieces give
// a_2 (dhat_p - dhat_a)^2.) Then the force per unit area
//
//   -a'(d) = -Y eps_c d / dhat_p                          0 < d < dhat_p
//            -Y eps_c (dhat_a - d) / (dhat_a - dhat_p)    dhat_p <= d < dhat_a
//
// is a triangle: 0 at contact, largest (-Y eps_c, attractive) at dhat_p,
// 0 again at dhat_a; a(0) = -Y eps_c dhat_a / 2 is its area. In overlap
// (d <= 0) the energy stays a(0) and there is no adhesion force: the
// elastic model alone acts there.
//
// Tangential adhesion (eps_a > 0, mu_a >= 0): for the magnitude y of the
// tangential displacement,
//
//   f0^a(y) = -y^3 / (3 eps_a^2) + y^2 / eps_a    0 <= y < 2 eps_a
//             4 eps_a / 3                          2 eps_a <= y
//   f1^a(y) = f0^a'(y) = (y / eps_a) (2 - y / eps_a)   (0 beyond 2 eps_a)
//
// and the force -mu_a lambda f1^a(|y|) y/|y| with lambda the (lagged)
// normal adhesion force: it grows from 0, is largest (mu_a lambda) at
// y = eps_a and releases (0) beyond 2 eps_a.
#ifndef BODY_DEM_FANG_ADHESION_H
#define BODY_DEM_FANG_ADHESION_H

#include "device_marks.h"

#include <cmath>

namespace body_dem {

// Result of a setter; the glue turns it into an error->all() message.
enum class AdhesionCoeffError : unsigned char {
  none = 0,
  nonpositive_dhat_p,    // dhat_p <= 0
  dhat_a_not_above_dhat_p,    // dhat_a <= dhat_p
  nonpositive_stiffness,    // Y <= 0
  nonpositive_strain,       // eps_c <= 0
  nonpositive_eps_a,        // eps_a <= 0
  negative_mu_a             // mu_a < 0
};

inline const char *adhesion_coeff_error_text(AdhesionCoeffError e)
{
  switch (e) {
    case AdhesionCoeffError::none:
      return "no error";
    case AdhesionCoeffError::nonpositive_dhat_p:
      return "dhat_p must be > 0";
    case AdhesionCoeffError::dhat_a_not_above_dhat_p:
      return "dhat_a must be > dhat_p";
    case AdhesionCoeffError::nonpositive_stiffness:
      return "adhesion stiffness Y must be > 0";
    case AdhesionCoeffError::nonpositive_strain:
      return "critical strain eps_c must be > 0";
    case AdhesionCoeffError::nonpositive_eps_a:
      return "eps_a must be > 0";
    case AdhesionCoeffError::negative_mu_a:
      return "mu_a must be >= 0";
  }
  return "unknown error";
}

// The normal adhesion a(d) per unit contact area (see above). Y = 0: none.
struct NormalAdhesion {
  double dhat_p = 0.0;    // separation of the largest force (distance)
  double dhat_a = 0.0;    // range: no adhesion beyond (distance)
  double Y = 0.0;         // adhesion stiffness (pressure)
  double eps_c = 0.0;     // critical strain (dimensionless)

  // On error the object is unchanged.
  AdhesionCoeffError set(double dp, double da, double stiffness, double strain)
  {
    if (!(dp > 0.0)) return AdhesionCoeffError::nonpositive_dhat_p;
    if (!(da > dp)) return AdhesionCoeffError::dhat_a_not_above_dhat_p;
    if (!(stiffness > 0.0)) return AdhesionCoeffError::nonpositive_stiffness;
    if (!(strain > 0.0)) return AdhesionCoeffError::nonpositive_strain;
    dhat_p = dp;
    dhat_a = da;
    Y = stiffness;
    eps_c = strain;
    return AdhesionCoeffError::none;
  }
  BODY_DEM_HOST_DEVICE bool enabled() const { return Y > 0.0; }

  BODY_DEM_HOST_DEVICE double a2() const { return Y * eps_c / (2.0 * (dhat_p - dhat_a)); }
  BODY_DEM_HOST_DEVICE double a1() const { return a2() * (1.0 - dhat_a / dhat_p); }

  // a(d); a(0) for d <= 0, 0 when disabled.
  BODY_DEM_HOST_DEVICE double energy(double d) const
  {
    if (!enabled() || d >= dhat_a) return 0.0;
    if (d >= dhat_p) {
      const double gap = d - dhat_a;
      return a2() * gap * gap;
    }
    const double dd = d > 0.0 ? d : 0.0;
    const double tail = dhat_p - dhat_a;
    return a1() * (dd * dd - dhat_p * dhat_p) + a2() * tail * tail;
  }

  // -a'(d) (attractive: <= 0); 0 for d <= 0, beyond dhat_a and when disabled.
  BODY_DEM_HOST_DEVICE double force(double d) const
  {
    if (!enabled() || !(d > 0.0) || d >= dhat_a) return 0.0;
    if (d >= dhat_p) return -2.0 * a2() * (d - dhat_a);
    return -2.0 * a1() * d;
  }

  // Largest magnitude of the force per unit area, at d = dhat_p.
  BODY_DEM_HOST_DEVICE double peak_force() const { return Y * eps_c; }
};

// The sticking function of the tangential adhesion (see above). mu_a = 0:
// no tangential adhesion.
struct TangentialAdhesion {
  double eps_a = 0.0;    // sticking range (distance): released beyond 2 eps_a
  double mu_a = 0.0;     // ratio of the largest tangential to the normal adhesion force

  AdhesionCoeffError set(double eps, double mu)
  {
    if (!(eps > 0.0)) return AdhesionCoeffError::nonpositive_eps_a;
    if (!(mu >= 0.0)) return AdhesionCoeffError::negative_mu_a;
    eps_a = eps;
    mu_a = mu;
    return AdhesionCoeffError::none;
  }
  BODY_DEM_HOST_DEVICE bool enabled() const { return eps_a > 0.0 && mu_a > 0.0; }

  BODY_DEM_HOST_DEVICE double f0(double y) const
  {
    if (y >= 2.0 * eps_a) return 4.0 * eps_a / 3.0;
    return y * y * (1.0 / eps_a - y / (3.0 * eps_a * eps_a));
  }
  BODY_DEM_HOST_DEVICE double f1(double y) const
  {
    if (!(y < 2.0 * eps_a)) return 0.0;
    const double s = y / eps_a;
    return s * (2.0 - s);
  }
};

// Mixing of unlike atom types I, J without their own pair_coeff: the
// lengths (dhat_p, dhat_a, eps_a) by arithmetic means, which keep
// dhat_p < dhat_a and lie between the two types' ranges; the strengths
// (Y, eps_c, mu_a) by geometric means, as the host mixes stiffnesses and
// friction. A type without (normal or tangential) adhesion gives none to
// the mixed pair, as a geometric mean with 0 would.
inline NormalAdhesion mix(const NormalAdhesion &i, const NormalAdhesion &j)
{
  NormalAdhesion m;
  if (!i.enabled() || !j.enabled()) return m;
  m.dhat_p = 0.5 * (i.dhat_p + j.dhat_p);
  m.dhat_a = 0.5 * (i.dhat_a + j.dhat_a);
  m.Y = std::sqrt(i.Y * j.Y);
  m.eps_c = std::sqrt(i.eps_c * j.eps_c);
  return m;
}

inline TangentialAdhesion mix(const TangentialAdhesion &i, const TangentialAdhesion &j)
{
  TangentialAdhesion m;
  if (!(i.eps_a > 0.0 && j.eps_a > 0.0)) return m;
  m.eps_a = 0.5 * (i.eps_a + j.eps_a);
  m.mu_a = std::sqrt(i.mu_a * j.mu_a);
  return m;
}

}    // namespace body_dem

#endif
