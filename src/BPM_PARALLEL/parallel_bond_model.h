// The parallel bond of the bonded particle model (seeds/004, after
// Potyondy): a cemented ring between two spheres that carries a normal
// force, a shear force, a twisting and a bending moment. Plain C++ (layer
// 2 of DESIGN.md): no LAMMPS include, no allocation, no virtual call, so
// that the serial bond style and any later threaded or device variant
// share this one per-bond function.
//
// Conventions (those of the seed): dx = x_i - x_j points from j to i;
// the loads returned act on particle i, their reactions on particle j.
#ifndef BODY_DEM_PARALLEL_BOND_MODEL_H
#define BODY_DEM_PARALLEL_BOND_MODEL_H

#include "vec3.h"    // also rotate_into_tangent_plane

#include <algorithm>
#include <cmath>

namespace body_dem {
namespace bpm {

// The coefficients of one bond type, as bond_coeff gives them.
struct ParallelBondCoeffs {
  double r_i = 0.0;        // inner radius of the ring / min(R_i, R_j)
  double r_o = 1.0;        // outer radius of the ring / min(R_i, R_j)
  double l_b = 1.0;        // bond length / (R_i + R_j)
  double S_n = 0.0;        // normal stiffness constant: K_n = S_n A_sec / L_b
  double S_t = 0.0;        // shear: K_t = S_t A_sec / L_b
  double S_tor = 0.0;      // twisting: K_tor = S_tor I_p / L_b
  double S_ben = 0.0;      // bending: K_ben = S_ben I_ph / L_b
  double zeta = 0.0;       // damping ratio of the four dashpots
  double sigma_c = 0.0;    // tensile strength
  double tau_c = 0.0;      // shear strength
  bool nonlinear = false;  // the seed's correction of the normal force
  double b_n = 0.0;        // its divergence length (> L_b)
};

// What a bond_coeff line can get wrong, checked without LAMMPS so that
// the glue only turns it into a message.
enum class ParallelBondCoeffError { none, r_i_negative, r_o_not_above_r_i, l_b_not_positive,
                                    S_n_not_positive, stiffness_negative, zeta_negative,
                                    sigma_c_not_positive, tau_c_not_positive, b_n_not_positive };

inline ParallelBondCoeffError check_coeffs(const ParallelBondCoeffs &c)
{
  using E = ParallelBondCoeffError;
  if (c.r_i < 0.0) return E::r_i_negative;
  if (!(c.r_o > c.r_i)) return E::r_o_not_above_r_i;
  if (!(c.l_b > 0.0)) return E::l_b_not_positive;
  if (!(c.S_n > 0.0)) return E::S_n_not_positive;
  if (c.S_t < 0.0 || c.S_tor < 0.0 || c.S_ben < 0.0) return E::stiffness_negative;
  if (c.zeta < 0.0) return E::zeta_negative;
  if (!(c.sigma_c > 0.0)) return E::sigma_c_not_positive;
  if (!(c.tau_c > 0.0)) return E::tau_c_not_positive;
  if (c.nonlinear && !(c.b_n > 0.0)) return E::b_n_not_positive;
  return E::none;
}

// The quantities the seed derives per bond from the coefficients and the
// two particles (radii R, masses m).
struct ParallelBondProperties {
  double r_in = 0.0, r_out = 0.0;    // ring radii
  double A_sec = 0.0;                // cross-section pi (r_out^2 - r_in^2)
  double I_p = 0.0;                  // polar second moment pi/2 (r_out^4 - r_in^4)
  double I_ph = 0.0;                 // second moment about a diameter, I_p / 2
  double L_b = 0.0;                  // bond length l_b (R_i + R_j)
  double K_n = 0.0, K_t = 0.0, K_tor = 0.0, K_ben = 0.0;
  double E_b = 0.0;                  // bond Young's modulus K_n / L_b (the seed's definition)
  double M_e = 0.0;                  // effective mass m_i m_j / (m_i + m_j)
  double J_s = 0.0;                  // effective moment of inertia J_i J_j / (J_i + J_j), J = 2/5 m R^2
};

inline ParallelBondProperties bond_properties(const ParallelBondCoeffs &c, double R_i, double R_j,
                                              double m_i, double m_j)
{
  ParallelBondProperties p;
  const double R_min = std::min(R_i, R_j);
  p.r_in = c.r_i * R_min;
  p.r_out = c.r_o * R_min;
  const double ri2 = p.r_in * p.r_in, ro2 = p.r_out * p.r_out;
  p.A_sec = M_PI * (ro2 - ri2);
  p.I_p = 0.5 * M_PI * (ro2 * ro2 - ri2 * ri2);
  p.I_ph = 0.5 * p.I_p;
  p.L_b = c.l_b * (R_i + R_j);
  p.K_n = c.S_n * p.A_sec / p.L_b;
  p.K_t = c.S_t * p.A_sec / p.L_b;
  p.K_tor = c.S_tor * p.I_p / p.L_b;
  p.K_ben = c.S_ben * p.I_ph / p.L_b;
  p.E_b = p.K_n / p.L_b;
  p.M_e = m_i * m_j / (m_i + m_j);
  const double J_i = 0.4 * m_i * R_i * R_i, J_j = 0.4 * m_j * R_j * R_j;
  p.J_s = J_i * J_j / (J_i + J_j);
  return p;
}

// The seed's 12-component history B = [F_n, F_t, tau_n, tau_t]: the
// normal force, the accumulated shear force, twisting and bending
// moments, all acting on particle i. Stored as 12 doubles in this order.
struct ParallelBondHistory {
  Vec3 F_n, F_t, tau_n, tau_t;
  static constexpr int kSize = 12;

  static ParallelBondHistory load(const double *h)
  {
    return {Vec3::from(h), Vec3::from(h + 3), Vec3::from(h + 6), Vec3::from(h + 9)};
  }
  void store(double *h) const
  {
    F_n.to(h);
    F_t.to(h + 3);
    tau_n.to(h + 6);
    tau_t.to(h + 9);
  }
};

// Rotation of a twisting moment onto the new unit axis n, keeping its
// magnitude: tau <- |tau| tau'/|tau'| with tau' = (tau.n) n, zero when
// tau' vanishes. The direction comes from tau' rather than from n, so that
// the sign of the previous twisting moment is kept (the seed's rule).
inline void rotate_onto_axis(Vec3 &tau, const Vec3 &n)
{
  const double mag = norm(tau);
  const double along = dot(tau, n);
  tau = (mag > 0.0 && along != 0.0) ? n * (along > 0.0 ? mag : -mag) : Vec3{};
}

// Step "rotation" of the seed: the history of the previous step is
// carried into the current bond axis n (unit vector) before this step's
// increments are added. F_t and tau_t are projected onto the plane normal
// to n and rescaled to their previous magnitudes; tau_n onto n. For tau_t
// this is the consistent projection (its own axial part is removed); the
// seed's text subtracts the axial part of tau_n instead, which leaves an
// axial component in the bending moment whenever tau_t has one.
inline void rotate_history(ParallelBondHistory &h, const Vec3 &n)
{
  rotate_into_tangent_plane(h.F_t, n);
  rotate_onto_axis(h.tau_n, n);
  rotate_into_tangent_plane(h.tau_t, n);
}

// The seed's nonlinear normal force factor 1 / (n_l (1 - r/b_n)), with
// n_l = 1 / (1 - L_b/b_n): 1 at r = L_b, growing without bound as r -> b_n.
inline double nonlinear_normal_factor(double r, double L_b, double b_n)
{
  return (1.0 - L_b / b_n) / (1.0 - r / b_n);
}

// Elastic energy of the normal spring, the integral of the normal force
// from L_b to r. Linear: K_n (r - L_b)^2 / 2. Nonlinear, with u = b_n - r:
//   K_n (1 - L_b/b_n) b_n [ (b_n - L_b) ln((b_n - L_b)/u) - (r - L_b) ],
// which reduces to K_n (r - L_b)^2 / 2 for small r - L_b.
inline double normal_spring_energy(const ParallelBondCoeffs &c, const ParallelBondProperties &p, double r)
{
  const double s = r - p.L_b;
  if (!c.nonlinear) return 0.5 * p.K_n * s * s;
  const double b = c.b_n;
  return p.K_n * (1.0 - p.L_b / b) * b * ((b - p.L_b) * std::log((b - p.L_b) / (b - r)) - s);
}

// Energy stored in the history springs: |F|^2 / (2 K) for each of the
// shear, twisting and bending springs (zero for a zero stiffness).
inline double history_spring_energy(const ParallelBondProperties &p, const ParallelBondHistory &h)
{
  auto spring = [](const Vec3 &load, double K) { return K > 0.0 ? 0.5 * norm2(load) / K : 0.0; };
  return spring(h.F_t, p.K_t) + spring(h.tau_n, p.K_tor) + spring(h.tau_t, p.K_ben);
}

// Largest stresses in the ring (Potyondy): the tensile normal stress
// F_tension / A_sec + |tau_t| r_out / I_ph, with F_tension > 0 when the
// bond is stretched, and the shear stress |F_t| / A_sec + |tau_n| r_out / I_p.
struct RingStresses {
  double sigma_max = 0.0, tau_max = 0.0;
};

inline RingStresses ring_stresses(const ParallelBondProperties &p, const ParallelBondHistory &h, const Vec3 &n)
{
  RingStresses s;
  const double tension = -dot(h.F_n, n);    // F_n acts on i; n points from j to i
  s.sigma_max = tension / p.A_sec + norm(h.tau_t) * p.r_out / p.I_ph;
  s.tau_max = norm(h.F_t) / p.A_sec + norm(h.tau_n) * p.r_out / p.I_p;
  return s;
}

// The motion of one particle of the bond.
struct BondParticle {
  Vec3 v, omega;
  double radius = 0.0;
};

// What one step of the bond does.
struct ParallelBondLoads {
  Vec3 force_i;              // on particle i; -force_i acts on j
  Vec3 torque_i, torque_j;   // about the particles' centres
  double energy = 0.0;       // elastic energy stored in the bond after the step
  RingStresses stresses;     // of the updated history
  bool broken = false;       // strength exceeded (or r >= b_n): the bond applies nothing
};

// One step of the bond: rotate the history into the current axis, add the
// increments of the springs over dt_increment (0 when no time passes, e.g.
// in the host's setup), recompute the normal force, check the strengths,
// and return the loads with the four dashpots.
//   dx: x_i - x_j (closest images); h: the bond's history (in/out).
// A broken bond returns zero loads and leaves h as it was after the
// update (the caller discards it).
inline ParallelBondLoads update_parallel_bond(const ParallelBondCoeffs &c, const ParallelBondProperties &p,
                                              const Vec3 &dx, const BondParticle &pi, const BondParticle &pj,
                                              double dt_increment, ParallelBondHistory &h)
{
  ParallelBondLoads out;
  const double r = norm(dx);
  // Without an axis nothing is defined; beyond b_n the nonlinear normal
  // force is infinite, larger than any strength.
  if (!(r > 0.0) || (c.nonlinear && r >= c.b_n)) {
    out.broken = true;
    return out;
  }
  const Vec3 n = dx * (1.0 / r);
  rotate_history(h, n);

  // kinematics
  const Vec3 v_r = pi.v - pj.v;
  const Vec3 v_n = n * dot(v_r, n);
  const Vec3 v_t = v_r - v_n;
  const Vec3 w_r = (pi.radius * pi.omega + pj.radius * pj.omega) * (1.0 / r);
  // Relative velocity of the two ends of the ring at the particles'
  // surfaces (i's at x_i - R_i n, j's at x_j + R_j n). The seed writes
  // v_t - (dx x w_r), transcribing the component form of the host's
  // granular styles; as a cross product the sign is +, the one for which a
  // rigid rotation of the pair gives no shear (tested).
  const Vec3 v_tr = v_t + cross(dx, w_r);
  const Vec3 w_rel = pi.omega - pj.omega;
  const Vec3 w_n = n * dot(w_rel, n);    // twisting
  const Vec3 w_t = w_rel - w_n;          // bending

  // normal spring, from the current length
  const double strain = (r - p.L_b) / r;
  double normal_scale = p.K_n * strain;
  if (c.nonlinear) normal_scale *= nonlinear_normal_factor(r, p.L_b, c.b_n);
  h.F_n = dx * (-normal_scale);
  // incremental springs
  h.F_t += v_tr * (-p.K_t * dt_increment);
  h.tau_n += w_n * (-p.K_tor * dt_increment);
  h.tau_t += w_t * (-p.K_ben * dt_increment);

  out.stresses = ring_stresses(p, h, n);
  if (out.stresses.sigma_max > c.sigma_c || out.stresses.tau_max > c.tau_c) {
    out.broken = true;
    return out;
  }

  // dashpots: 2 zeta sqrt(mass K) times minus the matching velocity
  const double damp_n = 2.0 * c.zeta * std::sqrt(p.M_e * p.K_n);
  const double damp_t = 2.0 * c.zeta * std::sqrt(p.M_e * p.K_t);
  const double damp_tor = 2.0 * c.zeta * std::sqrt(p.J_s * p.K_tor);
  const double damp_ben = 2.0 * c.zeta * std::sqrt(p.J_s * p.K_ben);
  const Vec3 shear = h.F_t - damp_t * v_tr;
  out.force_i = h.F_n - damp_n * v_n + shear;
  const Vec3 moment = h.tau_n + h.tau_t - damp_tor * w_n - damp_ben * w_t;
  // The shear force acts at the ends of the ring, R_i and R_j from the
  // centres (the arms of w_r above), so that its power is shear . v_tr.
  const Vec3 n_x_shear = cross(n, shear);
  out.torque_i = moment - pi.radius * n_x_shear;
  out.torque_j = -moment - pj.radius * n_x_shear;
  out.energy = normal_spring_energy(c, p, r) + history_spring_energy(p, h);
  return out;
}

}    // namespace bpm
}    // namespace body_dem

#endif
