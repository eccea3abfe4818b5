// Assembly of the mixed LCP of a Problem (LCP_SPEC.md sections 1-5,
// Eq. (63)) and its reduction to LCP(A, b) with the Bott-Duffin inverse
// (section 6.2, Eqs. (74)-(78)).
//
//   K d + K_lambda lambda = dp + dy     (equilibrium; dy in range(C^T))
//   G_d d + G_lambda lambda = w >= 0    (consistency of the active contacts)
//   C d = dc                            (displacement constraints)
//   lambda >= 0, w >= 0, lambda . w = 0
//
// Layout of d (LCP_SPEC.md section 1): 3d [u_1 .. u_N (3 each), theta_1 ..
// theta_N (3 each)]; 2d [u_1x u_1y .. u_Nx u_Ny, theta_1z .. theta_Nz].
// Particles in the order of Problem::particles. A caller may append extra
// columns/rows (the incremental driver's periodic-cell dofs) before
// reduce(); reduce() and the functions below work on any size.
#ifndef QUASISTATIC_LCP_SYSTEM_H
#define QUASISTATIC_LCP_SYSTEM_H

#include "lcp_problem.h"

#include <vector>

namespace lcp {

// Per contact variant data (LCP_SPEC.md section 1), as seen from p.
struct ContactGeometry {
  int p = -1, q = -1;        // particle indices (not ids)
  Vec3 n = Vec3::Zero();     // unit normal, outward from p
  Vec3 r_p = Vec3::Zero();   // p's centre -> contact point
  Vec3 r_q = Vec3::Zero();   // q's centre -> contact point
  Vec3 h = Vec3::Zero();     // incipient-slip direction f_t/|f_t| (0 if f_t = 0)
  bool active = false;       // at the friction limit: one slip unknown
};

struct MixedLcp {
  int dimension = 3;
  int n_particles = 0;
  int n_dof = 0;            // rows/columns of K (particle dofs + appended)
  Matrix K;                 // movement stiffness K_m + K_g (+ K^g4)
  Matrix K_follower;        // K^g4 alone (n_dof x n_dof, zero if none), for I2
  Matrix K_lambda;          // n_dof x m: slip columns
  Matrix G_d;               // m x n_dof: consistency rows
  Vector G_lambda;          // m: diagonal alpha k_n of the active contacts
  Matrix C;                 // r x n_dof
  Vector dc;                // r
  Vector dp;                // n_dof
  std::vector<ContactGeometry> geometry;   // one per Problem::contacts entry
  std::vector<int> active;  // indices into Problem::contacts, in lambda order
};

// Index of (particle index, dof) in d, or -1 when the dof does not exist in
// this dimension (2d: uz, tx, ty).
int dof_index(int dimension, int n_particles, int particle, Dof dof);

// Builds K, K_lambda, G_d, G_lambda, C, dc, dp. Throws InputError for bad
// data (unknown particle ids, p == q, non-positive radii/stiffness,
// coincident centres, a 2d dof that does not exist, C without full row
// rank, ...), naming the field as the JSON input does.
MixedLcp assemble(const Problem &problem);

struct ReducedLcp {
  Matrix C_plus;     // C^T (C C^T)^-1
  Matrix P_L;        // projector onto null(C)
  Matrix K_BD;       // Bott-Duffin inverse of K on null(C)
  Matrix G;          // C+ - K_BD K C+
  bool bott_duffin_singular = false;   // X = K P_L + P_perp was singular (pseudo-inverse used)
  Matrix A;          // m x m: G_lambda - G_d K_BD K_lambda
  Vector b;          // m: G_d G dc + G_d K_BD dp
};

ReducedLcp reduce(const MixedLcp &system);

// d = G dc + K_BD (dp - K_lambda lambda)   (Eq. (74))
Vector movements(const MixedLcp &system, const ReducedLcp &reduced, const Vector &lambda);
// dy = K d + K_lambda lambda - dp          (Eq. (75))
Vector reactions(const MixedLcp &system, const Vector &d, const Vector &lambda);
// I2 = 1/2 (dy . d - dp_total . d), dp_total = dp - K^g4 d  (Eq. (79))
double second_order_work(const MixedLcp &system, const Vector &d, const Vector &dy);

// delta u_def of contact c (index into Problem::contacts) for movements d
// (Eq. (18)), and its force increment D_e delta u_def - alpha k_n h lambda_c
// (lambda_c = 0 for an inactive contact): the force on p.
Vec3 contact_deformation(const MixedLcp &system, int contact, const Vector &d);
Vec3 contact_force_increment(const Problem &problem, const MixedLcp &system, int contact,
                             const Vector &d, const Vector &lambda);

// Unsustainable modes (LCP_SPEC.md 9.5, Appendix C): for every assumed
// sliding set J, the negative eigenvalues of the symmetric part of
// P_L^T (K^T + K_lambda B_J G_d) P_L whose eigenvectors are consistent with J.
struct UnsustainableMode {
  std::vector<int> sliding;   // J: positions in lambda order
  double eigenvalue = 0.0;
  Vector d;                   // direction P_L v (sign chosen so that lambda >= 0)
  Vector lambda;              // slip rates of the mode
};
std::vector<UnsustainableMode> unsustainable_modes(const MixedLcp &system,
                                                   const ReducedLcp &reduced,
                                                   double eps = 10 * 2.220446049250313e-16);

}    // namespace lcp

#endif
