// Normal, damping and tangential contact models of the host's pair_style
// granular, applied to the contacts of rounded polyhedra (layer 2: force
// laws of pair_style body/rounded/polyhedron/granular and its wall fix).
// Plain C++: no LAMMPS include, no allocation, no virtual calls; one
// GranularPairModel per pair of atom types, filled once by the setters
// (the LAMMPS glue parses pair_coeff and reports the errors).
//
// Conventions (as contact.h and linear_contact_law.h):
//  - delta = -delta_n > 0 is the overlap of one contact, R_eff its
//    effective radius of curvature (effective_radius below), m_eff the
//    effective mass of the two bodies;
//  - forces along the normal are positive when repulsive;
//  - v_n = dot(v_j - v_i, n) > 0 when the surfaces separate. This is the
//    same number as the host's vnnr = dot(v_i - v_j, n_host) with its
//    normal n_host = -n pointing from j to i;
//  - v_t = tangential part of v_j - v_i at the contact point; a tangential
//    force returned here acts on body j (its negative on body i). The
//    host's tangential velocity and force are those of i relative to j
//    and act on i: both the velocity and the force flip sign, so the
//    formulas are identical.
//
// Formulas matched with the host (LAMMPS 29Sep2021, GRANULAR/
// pair_granular.cpp, compute() and coeff()/init_one(); see also
// doc/src/pair_granular.rst):
//
//   contact radius  a = sqrt(delta R_eff)
//   hooke           F_ne = k_n delta                      (k_n: force/distance)
//   hertz           F_ne = k_n a delta = k_n R^1/2 delta^3/2 (k_n: pressure)
//   hertz/material  F_ne = k_n a delta with k_n = 4/3 E_eff,
//                   E_eff = ((1-nu_i^2)/E_i + (1-nu_j^2)/E_j)^-1;
//                   for one type E_eff = E / (2 (1 - nu^2))
//   energies (-dE/d(delta_n) = dE/d(delta) = F_ne):
//     hooke         E_ne = 1/2 k_n delta^2       = 1/2 F_ne delta
//     hertz(-type)  E_ne = 2/5 k_n R^1/2 delta^5/2 = 2/5 F_ne delta
//   damping         F_damp = -eta_n v_n with
//     velocity      eta_n = eta_n0                 (eta_n0: mass/time)
//     mass_velocity eta_n = eta_n0 m_eff           (eta_n0: 1/time)
//     Neither depends on the contact radius a or on delta (the host's
//     viscoelastic, eta_n0 a m_eff, and tsuji, alpha sqrt(m_eff k_n a),
//     would, and are not supported: the pair-level tangential damping
//     below needs one eta_n per pair of bodies).
//   tangential damping prefactor  eta_t = x_gamma_t eta_n
//   linear_nohistory  F_t = -min(F_crit, eta_t |v_t|) v_t/|v_t|   (0 if v_t = 0)
//   linear_history    see tangential_force() below.
//   F_crit (the Coulomb limit) is given by the caller: mu * sum(w F_ne) in
//   the body style (seeds/001), mu * |F_ne + F_damp| in the host.
//
// Cohesion (Wang, not part of pair_style granular): F_c = -k_na (r_c -
// delta_n) for delta_n <= r_c, scaled by j_a in overlap only, with the
// energy -1/2 k_na (r_c - delta_n)^2, as in linear_contact_law.h.
//
// Adhesion (Fang et al., seeds/003; fang_adhesion.h), the alternative to
// cohesion that derives from an energy: per contact the energy
// A a(delta_n) with the contact area A = w pi R_eff^2 (w: the contact's
// weight, applied by the caller like every part here; R_eff the pair's,
// pair_effective_radius(), so that A varies with w only), and the force
// -A a'(delta_n); a(delta_n) = a(0) and no force in overlap. The
// tangential adhesion acts once per pair (granular_pair_forces.h).
#ifndef BODY_DEM_GRANULAR_CONTACT_MODELS_H
#define BODY_DEM_GRANULAR_CONTACT_MODELS_H

#include "contact.h"
#include "device_marks.h"
#include "fang_adhesion.h"
#include "normal_force_parts.h"
#include "vec3.h"

#include <cmath>

namespace body_dem {

enum class GranularNormalModel : unsigned char { unset = 0, hooke, hertz, hertz_material };
enum class GranularDampingModel : unsigned char { velocity = 0, mass_velocity };
enum class GranularTangentialModel : unsigned char { unset = 0, linear_nohistory, linear_history };

// Which stiffness an unlike pair of hertz/material types gets.
//  documented: k_n = 4/3 E_eff,ij, the formula of pair_granular.rst, also
//              what later LAMMPS versions compute (default);
//  host_2021:  k_n = E_eff,ij, what the 29Sep2021 init_one() computes (it
//              omits the factor 4/3 that its coeff() applies to like
//              pairs); only for comparisons with that host.
enum class HertzMaterialMixing : unsigned char { documented = 0, host_2021 };

// Result of a setter; the glue turns it into an error->all() message.
enum class GranularCoeffError : unsigned char {
  none = 0,
  negative_stiffness,        // k_n < 0 or k_t < 0
  negative_damping,          // eta_n0 < 0
  nonpositive_modulus,       // E <= 0
  poisson_out_of_range,      // nu not in (-1, 0.5]
  negative_damping_scale,    // x_gamma_t < 0
  negative_friction,         // mu < 0
  negative_cohesion          // k_na < 0
};

inline const char *granular_coeff_error_text(GranularCoeffError e)
{
  switch (e) {
    case GranularCoeffError::none:
      return "no error";
    case GranularCoeffError::negative_stiffness:
      return "stiffness must be >= 0";
    case GranularCoeffError::negative_damping:
      return "damping coefficient must be >= 0";
    case GranularCoeffError::nonpositive_modulus:
      return "Young's modulus must be > 0";
    case GranularCoeffError::poisson_out_of_range:
      return "Poisson's ratio must be > -1 and <= 0.5";
    case GranularCoeffError::negative_damping_scale:
      return "tangential damping scale x_gamma_t must be >= 0";
    case GranularCoeffError::negative_friction:
      return "friction coefficient must be >= 0";
    case GranularCoeffError::negative_cohesion:
      return "cohesion strength k_na must be >= 0";
  }
  return "unknown error";
}

// Effective Young's modulus of two materials, as the host's mix_stiffnessE:
//   E_eff = 1 / ((1 - nu_i^2)/E_i + (1 - nu_j^2)/E_j)
BODY_DEM_HOST_DEVICE inline double granular_effective_modulus(double E_i, double E_j, double nu_i, double nu_j)
{
  return 1 / ((1 - nu_i * nu_i) / E_i + (1 - nu_j * nu_j) / E_j);
}

// Geometric mean sqrt(a b), the host's mix_geom.
BODY_DEM_HOST_DEVICE inline double granular_mix_geom(double a, double b)
{
  return std::sqrt(a * b);
}

// Effective mass m_i m_j / (m_i + m_j). (The host uses the other body's
// mass when one body is frozen; that is the glue's business.)
BODY_DEM_HOST_DEVICE inline double effective_mass(double m_i, double m_j)
{
  const double s = m_i + m_j;
  return s > 0.0 ? m_i * m_j / s : 0.0;
}

// Effective radius of the contacts of a pair of bodies (one value for all
// its contacts; issue 16). A rule that depends on the kind of a contact
// (vertex-face, vertex-edge, edge-edge: the relative curvatures of a
// rounded vertex, a sphere, and a rounded edge, a cylinder, against a flat
// face) jumps where a contact changes kind or where the weights of a pair
// move from contacts of one kind to another, and so does the Hertzian
// stiffness k_n sqrt(R_eff delta) with it: the forces of a cube turned
// slowly on another jumped by 20 % between neighbouring angles, however
// small the step, and the energy balance drifted by 1 % of the dissipated
// work, not falling with dt. Any rule from the curvature of the rounded
// surfaces has that jump, because the curvature itself jumps between their
// flat, cylindrical and spherical parts. So R_eff depends on the two
// bodies only:
//   pair of bodies   R_eff = r_i r_j / (r_i + r_j)   (rounded radii r_i, r_j)
//   body and wall    R_eff = r                       (the wall is flat)
// i.e. every contact counts as one between the two spheres that round the
// vertices (the wall: a sphere on a plane), whatever features touch. That
// is exact for one-vertex bodies (spheres: the host's pair_style granular
// and fix wall/gran) and for the vertex contacts of rounded polyhedra,
// which carry the load of faces resting on faces (their corners) and of
// edges on faces (their ends); it underestimates the stiffness of a
// contact of two rounded edges (sqrt(r_i r_j) for a crossing at a right
// angle) by a factor of at most sqrt(2) for equal radii. It is continuous
// along any motion, since it does not change at all.
// A body with rounded radius 0 has sharp vertices (curvature radius 0):
// R_eff = 0 for all its contacts, so the Hertzian models (force
// k_n sqrt(R_eff delta) delta) give it no elastic force and the adhesion
// (area pi R_eff^2) none either; hooke does not use R_eff. Both radii 0:
// R_eff = 0, no NaN.
BODY_DEM_HOST_DEVICE inline double pair_effective_radius(double r_i, double r_j)
{
  const double s = r_i + r_j;
  return s > 0.0 ? r_i * r_j / s : 0.0;
}

// The effective radius of a body's contacts with a (flat, unrounded) wall.
BODY_DEM_HOST_DEVICE inline double wall_effective_radius(double r)
{
  return r;
}

// Normal force of one contact, in parts, none multiplied by the contact
// weight w (the caller multiplies all of them by w, seeds/001); elastic is
// F_ne(delta, R_eff), damping F_damp = -eta_n v_n, energy
// E_ne(delta) - 1/2 k_na (r_c - delta_n)^2.
using GranularNormalForce = NormalForceParts;

struct GranularTangentialForce {
  Vec3 force;              // acts on body j (its negative on body i)
  bool sliding = false;    // the force was capped at F_crit
};

// Models and coefficients of one pair of atom types. Fields hold the
// values as pair_style granular stores them (after coeff()/init_one()):
//   k_n        stiffness used by the force: hooke k_n (force/distance),
//              hertz k_n (pressure), hertz/material 4/3 E_eff (pressure)
//   youngs_modulus, poisson
//              hertz/material only: E and nu as given; for a mixed pair
//              E_eff,ij and sqrt(nu_i nu_j) (informational, as later LAMMPS)
//   damp       eta_n0: velocity mass/time, mass_velocity 1/time
//   k_t        linear_history stiffness (force/distance); 0 for nohistory
//   x_gamma_t  tangential damping scale (dimensionless)
//   mu         friction coefficient
//   k_na       cohesion strength (energy/distance^2), default 0
//   adhesion, tangential_adhesion
//              Fang's adhesion (fang_adhesion.h), default none; exclusive
//              with cohesion (the parser enforces it)
//   friction_per_contact
//              the tangential model per weighted contact (true, keyword
//              `friction contact`, the default) or once per pair of bodies
//              (false, `friction pair`, seeds/001); FrictionMode in
//              pair_contact_forces.h
struct GranularPairModel {
  GranularNormalModel normal = GranularNormalModel::unset;
  GranularDampingModel damping = GranularDampingModel::velocity;
  GranularTangentialModel tangential = GranularTangentialModel::unset;
  double k_n = 0.0;
  double youngs_modulus = 0.0;
  double poisson = 0.0;
  double damp = 0.0;
  double k_t = 0.0;
  double x_gamma_t = 0.0;
  double mu = 0.0;
  double k_na = 0.0;
  NormalAdhesion adhesion;
  TangentialAdhesion tangential_adhesion;
  bool friction_per_contact = true;

  // ---- setters (parser independent). On error the model is unchanged.

  GranularCoeffError set_hooke(double kn, double eta_n0)
  {
    return set_linear_or_hertz(GranularNormalModel::hooke, kn, eta_n0);
  }
  GranularCoeffError set_hertz(double kn, double eta_n0)
  {
    return set_linear_or_hertz(GranularNormalModel::hertz, kn, eta_n0);
  }
  // k_n = 4/3 E_eff with E_eff = ((1-nu^2)/E + (1-nu^2)/E)^-1, computed
  // as the host's coeff() does.
  GranularCoeffError set_hertz_material(double E, double eta_n0, double nu)
  {
    if (!(E > 0.0)) return GranularCoeffError::nonpositive_modulus;
    if (!(eta_n0 >= 0.0)) return GranularCoeffError::negative_damping;
    if (!(nu > -1.0 && nu <= 0.5)) return GranularCoeffError::poisson_out_of_range;
    normal = GranularNormalModel::hertz_material;
    youngs_modulus = E;
    poisson = nu;
    damp = eta_n0;
    k_n = 4.0 / 3.0 * granular_effective_modulus(E, E, nu, nu);
    return GranularCoeffError::none;
  }
  void set_damping(GranularDampingModel m) { damping = m; }
  GranularCoeffError set_linear_nohistory(double xgt, double friction)
  {
    return set_tangential(GranularTangentialModel::linear_nohistory, 0.0, xgt, friction);
  }
  GranularCoeffError set_linear_history(double kt, double xgt, double friction)
  {
    return set_tangential(GranularTangentialModel::linear_history, kt, xgt, friction);
  }
  GranularCoeffError set_cohesion(double kna)
  {
    if (!(kna >= 0.0)) return GranularCoeffError::negative_cohesion;
    k_na = kna;
    return GranularCoeffError::none;
  }

  AdhesionCoeffError set_adhesion(double dhat_p, double dhat_a, double Y, double eps_c)
  {
    return adhesion.set(dhat_p, dhat_a, Y, eps_c);
  }
  AdhesionCoeffError set_tangential_adhesion(double eps_a, double mu_a)
  {
    return tangential_adhesion.set(eps_a, mu_a);
  }
  // Surface separation below which the adhesion acts (0 without).
  BODY_DEM_HOST_DEVICE double adhesion_range() const { return adhesion.enabled() ? adhesion.dhat_a : 0.0; }
  BODY_DEM_HOST_DEVICE
  bool uses_tangential_adhesion() const { return adhesion.enabled() && tangential_adhesion.enabled(); }

  // Both a normal and a tangential model were set (pair_coeff requires both).
  BODY_DEM_HOST_DEVICE bool complete() const
  {
    return normal != GranularNormalModel::unset && tangential != GranularTangentialModel::unset;
  }
  BODY_DEM_HOST_DEVICE bool uses_history() const { return tangential == GranularTangentialModel::linear_history; }

  // ---- normal model

  // F_ne(delta, R_eff), zero for delta <= 0. Same arithmetic as the host:
  // F = k_n delta, times a = sqrt(delta R_eff) unless hooke.
  BODY_DEM_HOST_DEVICE double elastic_force(double delta, double R_eff) const
  {
    if (!(delta > 0.0)) return 0.0;
    double f = k_n * delta;
    if (normal != GranularNormalModel::hooke) f *= std::sqrt(delta * R_eff);
    return f;
  }

  // Energy E_ne(delta) with dE_ne/d(delta) = F_ne:
  //   hooke 1/2 k_n delta^2; hertz, hertz/material 2/5 k_n R^1/2 delta^5/2.
  BODY_DEM_HOST_DEVICE double elastic_energy(double delta, double R_eff) const
  {
    return (normal == GranularNormalModel::hooke ? 0.5 : 0.4) * elastic_force(delta, R_eff) * delta;
  }

  // eta_n: velocity eta_n0, mass_velocity eta_n0 m_eff (the host's
  // damp_normal_prefactor).
  BODY_DEM_HOST_DEVICE double normal_damping_prefactor(double m_eff) const
  {
    return damping == GranularDampingModel::mass_velocity ? damp * m_eff : damp;
  }
  // F_damp = -eta_n v_n (v_n > 0 when separating).
  BODY_DEM_HOST_DEVICE double normal_damping_force(double v_n, double m_eff) const
  {
    return -normal_damping_prefactor(m_eff) * v_n;
  }
  // eta_t = x_gamma_t eta_n (the host's damp_tangential).
  BODY_DEM_HOST_DEVICE double tangential_damping_prefactor(double m_eff) const
  {
    return x_gamma_t * normal_damping_prefactor(m_eff);
  }
  // mu |F|: the Coulomb limit for a normal force F (the caller chooses F:
  // sum(w F_ne) in the body style, F_ne + F_damp in the host).
  BODY_DEM_HOST_DEVICE double coulomb_limit(double normal_force) const { return mu * std::fabs(normal_force); }

  // Cohesive force -k_na (r_c - delta_n) for delta_n <= r_c, else 0.
  BODY_DEM_HOST_DEVICE double cohesive_force(double delta_n, double r_c) const
  {
    return delta_n <= r_c ? -k_na * (r_c - delta_n) : 0.0;
  }

  // The contact area pi R_eff^2 of the adhesion per unit weight.
  BODY_DEM_HOST_DEVICE static double adhesion_area(double R_eff) { return M_PI * R_eff * R_eff; }

  // One contact: delta_n surface separation, R_eff its effective radius,
  // v_n normal relative velocity, m_eff effective mass, r_c the cohesive
  // cutoff, j_a >= 1 the cohesion scaling. seeds/001:
  //   delta_n <= 0:        F_n = F_ne(delta) + j_a F_c + F_damp
  //   0 < delta_n <= r_c:  F_n = F_c
  //   delta_n > r_c:       nothing.
  // With adhesion F_c is the adhesion force -pi R_eff^2 a'(delta_n) (not
  // scaled by j_a: it is 0 in overlap) and the energy pi R_eff^2 a(delta_n).
  BODY_DEM_HOST_DEVICE
  GranularNormalForce normal_contact(double delta_n, double R_eff, double v_n, double m_eff,
                                     double r_c, double j_a) const
  {
    GranularNormalForce f;
    if (delta_n > r_c) return f;
    f.active = true;
    const double gap = r_c - delta_n;
    f.cohesive = -k_na * gap;
    f.energy = -0.5 * k_na * gap * gap;
    if (delta_n <= 0.0) {
      const double delta = -delta_n;
      f.overlap = true;
      f.elastic = elastic_force(delta, R_eff);
      f.ja_extra = (j_a - 1.0) * f.cohesive;
      f.damping = normal_damping_force(v_n, m_eff);
      f.energy += elastic_energy(delta, R_eff);
    }
    if (adhesion.enabled()) {
      const double area = adhesion_area(R_eff);
      f.cohesive += area * adhesion.force(delta_n);
      f.energy += area * adhesion.energy(delta_n);
    }
    return f;
  }

  // ---- tangential model, once per pair of bodies

  // xi: the pair's tangential displacement (linear_history; untouched by
  // linear_nohistory); n: the pair's (averaged) unit normal; v_t: its
  // (averaged) tangential relative velocity, reduced here to its part
  // perpendicular to n; m_eff: effective mass; F_crit >= 0: the Coulomb
  // limit; update_history = false (the host's setup, when no time passes)
  // skips the rotation and accumulation of xi.
  //
  // linear_nohistory (the host's "classic gran/hooke"):
  //   F = -min(F_crit, eta_t |v_t|) v_t / |v_t|, 0 when v_t = 0.
  // linear_history, in the host's order:
  //   (1) if update_history and |xi . n| k_t > 1e-10 F_crit: rotate xi into
  //       the plane perpendicular to n keeping |xi| (Luding Eq. 17; xi = 0
  //       if its projection vanishes); the host skips this below that
  //       threshold, and so do we;
  //   (2) if update_history: xi <- xi + v_t dt;
  //   (3) F = -k_t xi - eta_t v_t;
  //   (4) if |F| > F_crit (sliding):
  //         if |xi| != 0: xi <- -(F_crit F/|F| + eta_t v_t) / k_t and
  //                       F <- F_crit F/|F|,
  //         so that -k_t xi - eta_t v_t equals the capped force: the
  //         stored spring absorbs the damping force too;
  //         else F <- 0 (the host's rule; reached e.g. with xi = 0 when
  //         update_history is false).
  //       With k_t = 0 (where the host would divide by zero) xi <- 0
  //       instead: there is no spring to store the cap.
  BODY_DEM_HOST_DEVICE
  GranularTangentialForce tangential_force(Vec3 &xi, const Vec3 &n, const Vec3 &v_t, double m_eff,
                                           double F_crit, double dt,
                                           bool update_history = true) const
  {
    GranularTangentialForce r;
    if (!(F_crit > 0.0)) F_crit = 0.0;    // a limit is never negative
    const Vec3 vt = tangential_part(v_t, n);
    const double eta_t = tangential_damping_prefactor(m_eff);
    if (tangential == GranularTangentialModel::linear_nohistory) {
      const double vrel = norm(vt);
      if (vrel != 0.0) {
        double mag = eta_t * vrel;
        if (F_crit < mag) mag = F_crit;
        r.force = vt * (-mag / vrel);
        r.sliding = F_crit < eta_t * vrel;
      }
      return r;
    }
    if (tangential != GranularTangentialModel::linear_history) return r;

    if (update_history) {
      const double rsht = dot(xi, n);
      if (std::fabs(rsht) * k_t > 1e-10 * F_crit) rotate_into_tangent_plane(xi, n);
      xi += vt * dt;
    }
    r.force = xi * (-k_t) - vt * eta_t;
    const double fs = norm(r.force);
    if (fs > F_crit) {
      r.sliding = true;
      if (norm(xi) != 0.0) {
        const Vec3 capped = r.force * (F_crit / fs);
        xi = k_t != 0.0 ? (capped + vt * eta_t) * (-1.0 / k_t) : Vec3{};
        r.force = capped;
      } else {
        r.force = Vec3{};
      }
    }
    return r;
  }

 private:
  GranularCoeffError set_linear_or_hertz(GranularNormalModel m, double kn, double eta_n0)
  {
    if (!(kn >= 0.0)) return GranularCoeffError::negative_stiffness;
    if (!(eta_n0 >= 0.0)) return GranularCoeffError::negative_damping;
    normal = m;
    k_n = kn;
    damp = eta_n0;
    youngs_modulus = poisson = 0.0;
    return GranularCoeffError::none;
  }
  GranularCoeffError set_tangential(GranularTangentialModel m, double kt, double xgt,
                                    double friction)
  {
    if (!(kt >= 0.0)) return GranularCoeffError::negative_stiffness;
    if (!(xgt >= 0.0)) return GranularCoeffError::negative_damping_scale;
    if (!(friction >= 0.0)) return GranularCoeffError::negative_friction;
    tangential = m;
    k_t = kt;
    x_gamma_t = xgt;
    mu = friction;
    return GranularCoeffError::none;
  }
};

// Whether the pair I,J can be mixed from I,I and J,J: as in the host's
// init_one(), the normal, damping and tangential models (and the friction
// mode) must be the same (else the pair needs its own pair_coeff), and
// both must be complete.
inline bool can_mix(const GranularPairModel &ii, const GranularPairModel &jj)
{
  return ii.complete() && jj.complete() && ii.normal == jj.normal && ii.damping == jj.damping &&
      ii.tangential == jj.tangential && ii.friction_per_contact == jj.friction_per_contact;
}

// Mixed model of an unlike pair I,J (pair_style granular's init_one(),
// plus the cohesion of seeds/001):
//   hooke, hertz:    k_n = sqrt(k_n,i k_n,j)
//   hertz/material:  E_eff = ((1-nu_i^2)/E_i + (1-nu_j^2)/E_j)^-1,
//                    k_n = 4/3 E_eff (documented) or E_eff (host_2021)
//   eta_n0, k_t, x_gamma_t, mu, k_na: geometric means
//   adhesion, tangential_adhesion: fang_adhesion.h's mix()
// Returns an incomplete model (complete() == false) when !can_mix().
inline GranularPairModel mix(const GranularPairModel &ii, const GranularPairModel &jj,
                             HertzMaterialMixing rule = HertzMaterialMixing::documented)
{
  GranularPairModel m;
  if (!can_mix(ii, jj)) return m;
  m.normal = ii.normal;
  m.damping = ii.damping;
  m.tangential = ii.tangential;
  m.friction_per_contact = ii.friction_per_contact;
  if (ii.normal == GranularNormalModel::hertz_material) {
    const double E_eff =
        granular_effective_modulus(ii.youngs_modulus, jj.youngs_modulus, ii.poisson, jj.poisson);
    m.youngs_modulus = E_eff;
    const double nn = ii.poisson * jj.poisson;
    m.poisson = nn > 0.0 ? std::sqrt(nn) : 0.0;
    m.k_n = rule == HertzMaterialMixing::host_2021 ? E_eff : 4.0 / 3.0 * E_eff;
  } else {
    m.k_n = granular_mix_geom(ii.k_n, jj.k_n);
  }
  m.damp = granular_mix_geom(ii.damp, jj.damp);
  m.k_t = granular_mix_geom(ii.k_t, jj.k_t);
  m.x_gamma_t = granular_mix_geom(ii.x_gamma_t, jj.x_gamma_t);
  m.mu = granular_mix_geom(ii.mu, jj.mu);
  m.k_na = granular_mix_geom(ii.k_na, jj.k_na);
  m.adhesion = mix(ii.adhesion, jj.adhesion);
  m.tangential_adhesion = mix(ii.tangential_adhesion, jj.tangential_adhesion);
  return m;
}

}    // namespace body_dem

#endif
