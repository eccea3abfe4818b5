// Assembly of the mixed LCP (LCP_SPEC.md sections 1-4, Eq. (63)), its
// reduction with the Bott-Duffin inverse (section 5, Eqs. (74)-(78)) and
// the unsustainable-mode enumeration (section 9.5).
#include "lcp_system.h"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <Eigen/QR>
#include <Eigen/SVD>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <unordered_map>

namespace lcp {

namespace {

constexpr double machine_eps = std::numeric_limits<double>::epsilon();

// [a]x: the skew matrix with [a]x b = a x b.
Mat3 skew(const Vec3 &a)
{
  Mat3 s;
  s << 0.0, -a.z(), a.y(), a.z(), 0.0, -a.x(), -a.y(), a.x(), 0.0;
  return s;
}

std::string at(const std::string &array, size_t i)
{
  return array + "[" + std::to_string(i) + "]";
}

// Two unit tangents spanning the plane normal to n. Built from the
// coordinate axis least aligned with n, so the frame is well defined for
// every n (the reference code's e1 = (-n_y, n_x, 0)/|..| is 0/0 for n || z,
// LCP_SPEC.md 3.2 "Pitfall").
void tangent_frame(const Vec3 &n, Vec3 &e1, Vec3 &e2)
{
  Vec3 axis = Vec3::Zero();
  int k = 0;
  n.cwiseAbs().minCoeff(&k);
  axis[k] = 1.0;
  e1 = n.cross(axis).normalized();
  e2 = n.cross(e1);
}

// Projector onto the tangent directions that carry surface curvature
// (LCP_SPEC.md 3.2): 2d the in-plane tangent t = (-n_y, n_x, 0) only (the
// out-of-plane curvature of a disk is zero); 3d both tangents of a sphere.
Mat3 curved_tangents(int dimension, const Vec3 &n)
{
  if (dimension == 2) {
    const Vec3 t(-n.y(), n.x(), 0.0);
    return t * t.transpose();
  }
  Vec3 e1, e2;
  tangent_frame(n, e1, e2);
  return e1 * e1.transpose() + e2 * e2.transpose();
}

// Curvature tensor -(1/rho) T of a surface with radius of curvature rho
// (infinity = flat: zero tensor), Eqs. (19)-(21).
Mat3 curvature_tensor(double rho, const Mat3 &T)
{
  if (std::isinf(rho)) return Mat3::Zero();
  return -(1.0 / rho) * T;
}

// (K_p + K_q)^+ = -rho_p rho_q / (rho_p + rho_q) T; with one flat surface the
// factor is the finite radius (LCP_SPEC.md 3.2). Both flat is rejected by
// the input checks.
Mat3 curvature_sum_pinv(double rho_p, double rho_q, const Mat3 &T)
{
  double factor;
  if (std::isinf(rho_p))
    factor = rho_q;
  else if (std::isinf(rho_q))
    factor = rho_p;
  else
    factor = rho_p * rho_q / (rho_p + rho_q);
  return -factor * T;
}

// Everything one contact variant (p, q) needs, as seen by p (LCP_SPEC.md 1).
struct Variant {
  int p = -1, q = -1;
  Vec3 n, r_p, r_q, f, h;
  Mat3 K_p, K_q, M;    // curvature tensors of p and q, M = (K_p + K_q)^+
  Mat3 D_e;
};

// The p-rows (3 force rows, 3 moment rows) of K^m + K^g1 + K^g2 + K^g3 of a
// variant, on the local columns [u_p, u_q, theta_p, theta_q] (LCP_SPEC.md
// 3.3-3.4; contact moments m_c are zero in this model, so dm_hat and the
// moment part of K^g3 vanish).
Eigen::Matrix<double, 6, 12> variant_rows(const Variant &v)
{
  const Mat3 I = Mat3::Identity();
  // Kinematics B_c (section 3.1): du_def = B_u d_c, dtheta_def = B_t d_c.
  Eigen::Matrix<double, 3, 12> B_u, B_t, E_tp;
  B_u << -I, I, skew(v.r_p), -skew(v.r_q);
  B_t << Mat3::Zero(), Mat3::Zero(), -I, I;
  E_tp << Mat3::Zero(), Mat3::Zero(), I, Mat3::Zero();    // selects dtheta_p

  const Mat3 P_t = I - v.n * v.n.transpose();
  const Mat3 n_x = skew(v.n);
  // Section 3.3: dr = R_u du + R_t dtheta with
  //   dr_n = 1/2 n (n . du)
  //   dr_t = -M [dtheta x n - K_q P_t du] = M K_q P_t du + M [n]x dtheta.
  const Mat3 Rt_u = v.M * v.K_q * P_t;
  const Mat3 Rt_t = v.M * n_x;
  const Mat3 R_u = 0.5 * v.n * v.n.transpose() + Rt_u;
  const Mat3 R_t = Rt_t;
  // dn = -K_p dr_t; dfhat = f x (dn x n) - 1/2 (n . dtheta)(f x n)
  //                       = -[f]x [n]x dn - 1/2 (f x n) n^T dtheta.
  const Mat3 f_x = skew(v.f);
  const Mat3 F_u = f_x * n_x * v.K_p * Rt_u;
  const Mat3 F_t = f_x * n_x * v.K_p * Rt_t - 0.5 * v.f.cross(v.n) * v.n.transpose();

  const Eigen::Matrix<double, 3, 12> df_hat = F_u * B_u + F_t * B_t;
  const Eigen::Matrix<double, 3, 12> dr = R_u * B_u + R_t * B_t;
  const Eigen::Matrix<double, 3, 12> df_mat = v.D_e * B_u;
  const Mat3 rp_x = skew(v.r_p);

  Eigen::Matrix<double, 6, 12> rows;
  // External force on p: -D_e du (K^m) - dfhat (K^g2) - dtheta_p x f (K^g3).
  rows.topRows<3>() = -df_mat - df_hat + f_x * E_tp;
  // External moment on p: -r_p x D_e du (K^m) - dr x f (K^g1) - r_p x dfhat (K^g2).
  rows.bottomRows<3>() = -rp_x * df_mat + f_x * dr - rp_x * df_hat;
  return rows;
}

// Global 3d indices of the local columns [u_p, u_q, theta_p, theta_q] and
// of p's rows [u_p, theta_p].
std::array<int, 12> local_columns(int n_particles, int p, int q)
{
  std::array<int, 12> c{};
  for (int k = 0; k < 3; ++k) {
    c[k] = 3 * p + k;
    c[3 + k] = 3 * q + k;
    c[6 + k] = 3 * n_particles + 3 * p + k;
    c[9 + k] = 3 * n_particles + 3 * q + k;
  }
  return c;
}

void check_positive(double value, const std::string &field)
{
  if (!(value > 0.0) || std::isnan(value)) throw InputError(field, "must be > 0");
}

// Curvature radii: positive, infinity allowed (flat).
void check_curvature(double rho, const std::string &field)
{
  if (std::isnan(rho) || !(rho > 0.0)) throw InputError(field, "must be > 0 (infinity = flat)");
}

bool finite(const Vec3 &v)
{
  return std::isfinite(v.x()) && std::isfinite(v.y()) && std::isfinite(v.z());
}

// Index of a (particle id, dof) in the d of this dimension, or an
// InputError naming the field.
int checked_dof(const std::unordered_map<long, int> &index_of, int dimension, int n_particles,
                long particle, Dof dof, const std::string &particle_field,
                const std::string &dof_field)
{
  const auto it = index_of.find(particle);
  if (it == index_of.end())
    throw InputError(particle_field, "unknown particle id " + std::to_string(particle));
  const int i = dof_index(dimension, n_particles, it->second, dof);
  if (i < 0)
    throw InputError(dof_field, std::string("dof ") + dof_name(dof) + " does not exist in 2d");
  return i;
}

}    // namespace

const char *dof_name(Dof dof)
{
  switch (dof) {
    case Dof::ux: return "ux";
    case Dof::uy: return "uy";
    case Dof::uz: return "uz";
    case Dof::tx: return "tx";
    case Dof::ty: return "ty";
    case Dof::tz: return "tz";
  }
  return "?";
}

int dof_index(int dimension, int n_particles, int particle, Dof dof)
{
  const int k = static_cast<int>(dof);
  if (particle < 0 || particle >= n_particles) return -1;
  if (dimension == 3) return k < 3 ? 3 * particle + k : 3 * n_particles + 3 * particle + (k - 3);
  if (dimension == 2) {
    // 2d layout (section 1): [u_1x u_1y .. u_Nx u_Ny, theta_1z .. theta_Nz].
    if (dof == Dof::ux || dof == Dof::uy) return 2 * particle + k;
    if (dof == Dof::tz) return 2 * n_particles + particle;
  }
  return -1;
}

MixedLcp assemble(const Problem &problem)
{
  const int dim = problem.dimension;
  if (dim != 2 && dim != 3) throw InputError("dimension", "must be 2 or 3");
  if (!(problem.active_tolerance >= 0.0 && problem.active_tolerance < 1.0))
    throw InputError("active_tolerance", "must be in [0, 1)");

  // --- particles
  const int N = static_cast<int>(problem.particles.size());
  std::unordered_map<long, int> index_of;
  for (size_t i = 0; i < problem.particles.size(); ++i) {
    const Particle &pa = problem.particles[i];
    if (!index_of.emplace(pa.id, static_cast<int>(i)).second)
      throw InputError(at("particles", i) + ".id", "duplicate particle id " + std::to_string(pa.id));
    if (!finite(pa.x)) throw InputError(at("particles", i) + ".x", "must be finite");
    if (!std::isfinite(pa.radius)) throw InputError(at("particles", i) + ".radius", "must be > 0");
    check_positive(pa.radius, at("particles", i) + ".radius");
  }

  // --- 3d matrices first; 2d restricts rows/columns afterwards (section 1).
  const int n3 = 6 * N;
  Matrix K3 = Matrix::Zero(n3, n3);
  Matrix Kf3 = Matrix::Zero(n3, n3);

  MixedLcp sys;
  sys.dimension = dim;
  sys.n_particles = N;
  sys.geometry.resize(problem.contacts.size());

  struct ActiveData {
    int contact;
    Variant v;
    double alpha_kn;
    Vec3 g;
  };
  std::vector<ActiveData> actives;

  for (size_t c = 0; c < problem.contacts.size(); ++c) {
    const Contact &con = problem.contacts[c];
    const std::string path = at("contacts", c);
    const auto ip = index_of.find(con.p);
    if (ip == index_of.end()) throw InputError(path + ".p", "unknown particle id " + std::to_string(con.p));
    const auto iq = index_of.find(con.q);
    if (iq == index_of.end()) throw InputError(path + ".q", "unknown particle id " + std::to_string(con.q));
    if (con.p == con.q) throw InputError(path + ".q", "must differ from p");
    if (!finite(con.force)) throw InputError(path + ".force", "must be finite");
    if (!finite(con.image_shift)) throw InputError(path + ".image_shift", "must be finite");
    if (!std::isfinite(con.kn)) throw InputError(path + ".kn", "must be > 0");
    check_positive(con.kn, path + ".kn");
    if (!std::isfinite(con.alpha)) throw InputError(path + ".alpha", "must be > 0");
    check_positive(con.alpha, path + ".alpha");
    if (!std::isfinite(con.mu) || con.mu < 0.0) throw InputError(path + ".mu", "must be >= 0");
    check_curvature(con.curvature_radius_p, path + ".curvature_radius_p");
    check_curvature(con.curvature_radius_q, path + ".curvature_radius_q");
    if (std::isinf(con.curvature_radius_p) && std::isinf(con.curvature_radius_q))
      throw InputError(path + ".curvature_radius_q",
                       "both surfaces flat: the rolling geometry of section 3.3 is undefined");

    const int p = ip->second, q = iq->second;
    const Particle &pp = problem.particles[static_cast<size_t>(p)];
    const Particle &pq = problem.particles[static_cast<size_t>(q)];
    const Vec3 branch = pq.x + con.image_shift - pp.x;
    const double length = branch.norm();
    const double radii = pp.radius + pq.radius;
    if (!(length > 1e-12 * radii))
      throw InputError(path, "coincident centres of particles " + std::to_string(con.p) + " and " +
                                 std::to_string(con.q));
    if (dim == 2) {
      if (std::abs(branch.z()) > 1e-12 * length)
        throw InputError(path, "the branch vector must lie in the xy plane in 2d");
      if (std::abs(con.force.z()) > 1e-12 * con.force.norm())
        throw InputError(path + ".force", "must lie in the xy plane in 2d");
    }

    Variant v;
    v.p = p;
    v.q = q;
    v.n = branch / length;
    if (dim == 2) v.n.z() = 0.0;
    v.r_p = (pp.radius / radii) * branch;
    v.r_q = -(pq.radius / radii) * branch;
    v.f = con.force;
    if (dim == 2) v.f.z() = 0.0;
    const Mat3 T = curved_tangents(dim, v.n);
    v.K_p = curvature_tensor(con.curvature_radius_p, T);
    v.K_q = curvature_tensor(con.curvature_radius_q, T);
    v.M = curvature_sum_pinv(con.curvature_radius_p, con.curvature_radius_q, T);
    v.D_e = con.kn * (con.alpha * Mat3::Identity() + (1.0 - con.alpha) * v.n * v.n.transpose());

    // Section 2.2: f_n, f_t, active test, slip direction h. A tangential
    // force below 1e-12 |f| is round-off of a purely normal force: h = 0.
    const double f_n = v.f.dot(v.n);
    Vec3 f_t = v.f - f_n * v.n;
    if (f_t.norm() <= 1e-12 * v.f.norm()) f_t.setZero();
    const double f_t_norm = f_t.norm();
    v.h = f_t_norm > 0.0 ? Vec3(f_t / f_t_norm) : Vec3::Zero();
    const bool active =
        -f_n > 0.0 && f_t_norm > (1.0 - problem.active_tolerance) * con.mu * (-f_n);

    ContactGeometry &geo = sys.geometry[c];
    geo.p = p;
    geo.q = q;
    geo.n = v.n;
    geo.r_p = v.r_p;
    geo.r_q = v.r_q;
    geo.h = v.h;
    geo.active = active;

    // Mirror variant (q, p): n, r_p <-> r_q, f, h change sign / swap, and
    // the curvature tensors swap (section 1, 2.2).
    Variant mirror = v;
    mirror.p = q;
    mirror.q = p;
    mirror.n = -v.n;
    mirror.r_p = v.r_q;
    mirror.r_q = v.r_p;
    mirror.f = -v.f;
    mirror.h = -v.h;
    mirror.K_p = v.K_q;
    mirror.K_q = v.K_p;

    // Section 4: each variant adds only its p-rows.
    for (const Variant *var : {&v, &mirror}) {
      const Eigen::Matrix<double, 6, 12> rows = variant_rows(*var);
      const std::array<int, 12> cols = local_columns(N, var->p, var->q);
      for (int r = 0; r < 6; ++r) {
        const int row = r < 3 ? 3 * var->p + r : 3 * N + 3 * var->p + (r - 3);
        for (int k = 0; k < 12; ++k) K3(row, cols[static_cast<size_t>(k)]) += rows(r, k);
      }
    }

    if (active) {
      ActiveData a;
      a.contact = static_cast<int>(c);
      a.v = v;
      a.alpha_kn = con.alpha * con.kn;
      a.g = con.kn * (con.alpha * v.h + con.mu * v.n);    // section 2.3
      actives.push_back(a);
    }
  }

  // --- follower stiffness K^g4 (section 3.5), accumulated.
  for (size_t i = 0; i < problem.follower_stiffness.size(); ++i) {
    const FollowerStiffnessEntry &e = problem.follower_stiffness[i];
    const std::string path = at("follower_stiffness", i);
    if (!std::isfinite(e.value)) throw InputError(path, "value must be finite");
    // Validates both ends in this dimension, then stores at the 3d indices
    // so that the 2d restriction below treats K^g4 like the rest of K.
    checked_dof(index_of, dim, N, e.row_particle, e.row_dof, path, path);
    checked_dof(index_of, dim, N, e.col_particle, e.col_dof, path, path);
    const auto to3 = [&](long id, Dof dof) { return dof_index(3, N, index_of.at(id), dof); };
    Kf3(to3(e.row_particle, e.row_dof), to3(e.col_particle, e.col_dof)) += e.value;
  }

  // --- restriction to the dofs of this dimension.
  std::vector<int> keep;
  if (dim == 3) {
    for (int i = 0; i < n3; ++i) keep.push_back(i);
  } else {
    for (int p = 0; p < N; ++p) {
      keep.push_back(3 * p);
      keep.push_back(3 * p + 1);
    }
    for (int p = 0; p < N; ++p) keep.push_back(3 * N + 3 * p + 2);
  }
  const int n = static_cast<int>(keep.size());
  sys.n_dof = n;
  sys.K_follower = Kf3(keep, keep);
  sys.K = K3(keep, keep) + sys.K_follower;

  // --- slip columns, consistency rows (sections 3.4, 4), lambda in
  // Problem::contacts order of the active contacts.
  const int m = static_cast<int>(actives.size());
  Matrix Kl3 = Matrix::Zero(n3, m);
  Matrix Gd3 = Matrix::Zero(m, n3);
  sys.G_lambda.resize(m);
  for (int j = 0; j < m; ++j) {
    const ActiveData &a = actives[static_cast<size_t>(j)];
    const Variant &v = a.v;
    sys.active.push_back(a.contact);
    sys.G_lambda(j) = a.alpha_kn;
    // Variant (p, q) on p's rows: force +alpha kn h, moment +alpha kn r_p x h;
    // mirror (q, p) on q's rows with h -> -h and r_p -> r_q.
    for (int k = 0; k < 3; ++k) {
      Kl3(3 * v.p + k, j) += a.alpha_kn * v.h(k);
      Kl3(3 * N + 3 * v.p + k, j) += a.alpha_kn * v.r_p.cross(v.h)(k);
      Kl3(3 * v.q + k, j) += -a.alpha_kn * v.h(k);
      Kl3(3 * N + 3 * v.q + k, j) += a.alpha_kn * v.r_q.cross(Vec3(-v.h))(k);
    }
    // w = -g . du_def + alpha kn lambda; both variants give this same row.
    const Eigen::RowVector3d gt = a.g.transpose();
    const Eigen::Matrix<double, 1, 3> on_up = gt;                 // -g^T (-I)
    const Eigen::Matrix<double, 1, 3> on_uq = -gt;                // -g^T ( I)
    const Eigen::Matrix<double, 1, 3> on_tp = -gt * skew(v.r_p);  // -g^T [r_p]x
    const Eigen::Matrix<double, 1, 3> on_tq = gt * skew(v.r_q);   // -g^T (-[r_q]x)
    for (int k = 0; k < 3; ++k) {
      Gd3(j, 3 * v.p + k) += on_up(k);
      Gd3(j, 3 * v.q + k) += on_uq(k);
      Gd3(j, 3 * N + 3 * v.p + k) += on_tp(k);
      Gd3(j, 3 * N + 3 * v.q + k) += on_tq(k);
    }
  }
  sys.K_lambda = Kl3(keep, Eigen::all);
  sys.G_d = Gd3(Eigen::all, keep);

  // --- constraints C d = dc.
  const int r = static_cast<int>(problem.constraints.size());
  sys.C = Matrix::Zero(r, n);
  sys.dc = Vector::Zero(r);
  for (int i = 0; i < r; ++i) {
    const Constraint &row = problem.constraints[static_cast<size_t>(i)];
    const std::string path = at("constraints", static_cast<size_t>(i));
    if (row.terms.empty()) throw InputError(path + ".terms", "expected at least one term");
    if (!std::isfinite(row.value)) throw InputError(path + ".value", "must be finite");
    for (size_t k = 0; k < row.terms.size(); ++k) {
      const ConstraintTerm &t = row.terms[k];
      const std::string tpath = at(path + ".terms", k);
      if (!std::isfinite(t.coefficient)) throw InputError(tpath, "coefficient must be finite");
      const int col = checked_dof(index_of, dim, N, t.particle, t.dof, tpath, tpath);
      sys.C(i, col) += t.coefficient;
    }
    sys.dc(i) = row.value;
  }
  if (r > 0) {
    // Section 5 needs (C C^T)^-1: full row rank, judged on the singular
    // values relative to the largest (1e-12: well above round-off of
    // coefficients of order 1, far below any intended independent row).
    if (r > n) throw InputError("constraints", "C must have full row rank (more rows than dofs)");
    Eigen::JacobiSVD<Matrix> svd(sys.C);
    const Vector s = svd.singularValues();
    if (!(s(r - 1) > 1e-12 * s(0))) throw InputError("constraints", "C must have full row rank");
  }

  // --- applied load increments dp (accumulated).
  sys.dp = Vector::Zero(n);
  for (size_t i = 0; i < problem.loads.size(); ++i) {
    const Load &l = problem.loads[i];
    const std::string path = at("loads", i);
    if (!std::isfinite(l.value)) throw InputError(path + ".value", "must be finite");
    const int idx = checked_dof(index_of, dim, N, l.particle, l.dof, path + ".particle", path + ".dof");
    sys.dp(idx) += l.value;
  }
  return sys;
}

ReducedLcp reduce(const MixedLcp &system)
{
  using LMatrix = Eigen::Matrix<long double, Eigen::Dynamic, Eigen::Dynamic>;
  const int n = static_cast<int>(system.K.rows());
  const int r = static_cast<int>(system.C.rows());
  ReducedLcp red;

  // Precision: K has soft modes (geometric stiffness ~ F_n next to k_n = 1;
  // Example 2 with a free cap: rcond(X) ~ 1e-7), and A = G_lambda - G_d
  // K_BD K_lambda cancels O(1) terms down to O(F_n). A plain double
  // computation leaves round-off of ~1e-11 sigma_max(A) in A, which is
  // where the spec's relative rank tolerance EPS1 = 1e-11 sits (Example 2
  // case 4 then shows rank 16 instead of 12). So the projectors and X are
  // formed in long double, X is factorized in double, and the solves that
  // build A and b are refined with residuals in long double. All of it is
  // O(n^2 (r + m)) on top of the double LU.
  const LMatrix C = system.C.cast<long double>();
  const LMatrix K = system.K.cast<long double>();
  // Section 5: C+ = C^T (C C^T)^-1, P_perp = C+ C, P_L = I - P_perp.
  LMatrix C_plus = LMatrix::Zero(n, r);
  if (r > 0) {
    const LMatrix CCt = C * C.transpose();
    C_plus = CCt.llt().solve(C).transpose();
  }
  const LMatrix P_perp = C_plus * C;
  const LMatrix P_L = LMatrix::Identity(n, n) - P_perp;
  red.C_plus = C_plus.cast<double>();
  red.P_L = P_L.cast<double>();

  // Bott-Duffin inverse (Eqs. (56)-(60)): X = K P_L + P_perp; LU when
  // rcond(X) >= 10 eps, else the SVD pseudo-inverse with singular values
  // below 10 eps (absolute) zeroed, as the reference code does for
  // Examples 1-2.
  const LMatrix KC_plus = K * C_plus;
  const LMatrix X = K - KC_plus * C + P_perp;    // K P_L = K - K C+ C
  const Matrix X_d = X.cast<double>();
  const double tiny = 10.0 * machine_eps;
  Matrix X_inv;
  Eigen::PartialPivLU<Matrix> lu(X_d);
  const double rc = n > 0 ? lu.rcond() : 1.0;
  const bool nonsingular = rc >= tiny && std::isfinite(rc);
  if (nonsingular) {
    X_inv = lu.inverse();
  } else {
    red.bott_duffin_singular = true;
    Eigen::JacobiSVD<Matrix> svd(X_d, Eigen::ComputeFullU | Eigen::ComputeFullV);
    Vector s_inv = svd.singularValues();
    for (int i = 0; i < s_inv.size(); ++i) s_inv(i) = std::abs(s_inv(i)) < tiny ? 0.0 : 1.0 / s_inv(i);
    X_inv = svd.matrixV() * s_inv.asDiagonal() * svd.matrixU().transpose();
  }
  red.K_BD = red.P_L * X_inv;
  red.G = red.C_plus - red.K_BD * (system.K * red.C_plus);

  // X^-1 B: LU solve plus two refinement steps (nonsingular X); the
  // pseudo-inverse otherwise.
  const auto solve = [&](const LMatrix &B) -> LMatrix {
    if (!nonsingular) return (X_inv * B.cast<double>()).cast<long double>();
    LMatrix Y = lu.solve(B.cast<double>()).cast<long double>();
    for (int step = 0; step < 2; ++step) {
      const LMatrix residual = B - X * Y;
      Y += lu.solve(residual.cast<double>()).cast<long double>();
    }
    return Y;
  };
  const LMatrix G_d = system.G_d.cast<long double>();
  const LMatrix dc = system.dc.cast<long double>();
  // Eqs. (77)-(78): A = G_lambda - G_d K_BD K_lambda,
  // b = G_d (C+ - K_BD K C+) dc + G_d K_BD dp.
  const LMatrix slip = P_L * solve(system.K_lambda.cast<long double>());
  const LMatrix load = P_L * solve(system.dp.cast<long double>());
  const LMatrix constrained = C_plus * dc - P_L * solve(KC_plus * dc);
  LMatrix A = -G_d * slip;
  A.diagonal() += system.G_lambda.cast<long double>();
  red.A = A.cast<double>();
  red.b = (G_d * (constrained + load)).col(0).cast<double>();
  return red;
}

Vector movements(const MixedLcp &system, const ReducedLcp &reduced, const Vector &lambda)
{
  return reduced.G * system.dc + reduced.K_BD * (system.dp - system.K_lambda * lambda);
}

Vector reactions(const MixedLcp &system, const Vector &d, const Vector &lambda)
{
  return system.K * d + system.K_lambda * lambda - system.dp;
}

double second_order_work(const MixedLcp &system, const Vector &d, const Vector &dy)
{
  // Section 8 / 9.3: dp_total includes the follower-load increment -K^g4 d.
  const Vector dp_total = system.dp - system.K_follower * d;
  return 0.5 * (dy.dot(d) - dp_total.dot(d));
}

Vec3 contact_deformation(const MixedLcp &system, int contact, const Vector &d)
{
  const ContactGeometry &g = system.geometry.at(static_cast<size_t>(contact));
  const int dim = system.dimension, N = system.n_particles;
  // Movements of one particle; dofs that do not exist (2d) are zero.
  const auto read = [&](int particle, Dof a, Dof b, Dof c) {
    Vec3 v = Vec3::Zero();
    const Dof dofs[3] = {a, b, c};
    for (int k = 0; k < 3; ++k) {
      const int i = dof_index(dim, N, particle, dofs[k]);
      if (i >= 0) v(k) = d(i);
    }
    return v;
  };
  const Vec3 u_p = read(g.p, Dof::ux, Dof::uy, Dof::uz);
  const Vec3 u_q = read(g.q, Dof::ux, Dof::uy, Dof::uz);
  const Vec3 t_p = read(g.p, Dof::tx, Dof::ty, Dof::tz);
  const Vec3 t_q = read(g.q, Dof::tx, Dof::ty, Dof::tz);
  // Eq. (18).
  return u_q - u_p + g.r_p.cross(t_p) - g.r_q.cross(t_q);
}

Vec3 contact_force_increment(const Problem &problem, const MixedLcp &system, int contact,
                             const Vector &d, const Vector &lambda)
{
  const Contact &con = problem.contacts.at(static_cast<size_t>(contact));
  const ContactGeometry &g = system.geometry.at(static_cast<size_t>(contact));
  const Mat3 D_e = con.kn * (con.alpha * Mat3::Identity() + (1.0 - con.alpha) * g.n * g.n.transpose());
  Vec3 df = D_e * contact_deformation(system, contact, d);
  for (size_t j = 0; j < system.active.size(); ++j)
    if (system.active[j] == contact) df -= con.alpha * con.kn * lambda(static_cast<Eigen::Index>(j)) * g.h;
  return df;
}

std::vector<UnsustainableMode> unsustainable_modes(const MixedLcp &system,
                                                   const ReducedLcp &reduced, double eps)
{
  std::vector<UnsustainableMode> modes;
  const int n = static_cast<int>(system.K.rows());
  const int m = static_cast<int>(system.G_lambda.size());
  if (m > 30) throw std::invalid_argument("unsustainable_modes: more than 30 active contacts");

  // An orthonormal basis Z of L = null(C) (P_L = Z Z^T): the negative
  // eigenpairs of P_L^T W_s P_L are those of Z^T W_s Z mapped by Z, and the
  // smaller matrix makes the 2^m loop cheap. Z = the last n - r columns of
  // the full Q of a QR of C^T.
  const int r = static_cast<int>(system.C.rows());
  Matrix Z;
  if (r == 0) {
    Z = Matrix::Identity(n, n);
  } else {
    Eigen::HouseholderQR<Matrix> qr(system.C.transpose());
    const Matrix Q = qr.householderQ() * Matrix::Identity(n, n);
    Z = Q.rightCols(n - r);
  }
  (void) reduced;    // P_L = Z Z^T is rebuilt from C as an orthonormal basis
  const int nr = static_cast<int>(Z.cols());

  // Precomputed pieces (section 9.5): W_s(J) = Z^T sym(K) Z
  //   - sum_{j in J} sym(Z^T K_lambda e_j e_j^T G_d Z) / G_lambda_j.
  const Matrix K_sym = 0.5 * (system.K + system.K.transpose());
  const Matrix S0 = Z.transpose() * K_sym * Z;
  const Matrix Lk = Z.transpose() * system.K_lambda;    // nr x m
  const Matrix Gz = system.G_d * Z;                     // m x nr
  std::vector<Matrix> T(static_cast<size_t>(m));
  for (int j = 0; j < m; ++j) {
    const Matrix outer = Lk.col(j) * Gz.row(j);
    T[static_cast<size_t>(j)] = -0.5 * (outer + outer.transpose()) / system.G_lambda(j);
  }
  const Vector inv_gl = system.G_lambda.cwiseInverse();

  // The subsets are independent: in OpenMP threads when there are any (a
  // branch whose W_s is not positive definite costs an eigen-decomposition,
  // and in unsustainable states that is most of them). Each thread keeps
  // its modes with their subset; they are put in subset order afterwards,
  // so the result does not depend on the number of threads.
  using Found = std::pair<unsigned long, UnsustainableMode>;
  std::vector<Found> found;
  const long subsets = 1l << m;
#ifdef _OPENMP
#pragma omp parallel
#endif
  {
    std::vector<Found> mine;
    Eigen::LLT<Matrix> llt(nr);
    Eigen::SelfAdjointEigenSolver<Matrix> eig(nr);
    Matrix W(nr, nr);
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 64) nowait
#endif
    for (long JJ = 0; JJ < subsets; ++JJ) {
      const unsigned long J = static_cast<unsigned long>(JJ);
      W = S0;
      for (int j = 0; j < m; ++j)
        if (J & (1ul << j)) W += T[static_cast<size_t>(j)];
      llt.compute(W);
      if (llt.info() == Eigen::Success) continue;    // PD: no negative work on this branch
      eig.compute(W);
      const Vector &mu = eig.eigenvalues();
      for (int k = 0; k < nr; ++k) {
        if (!(mu(k) < -10.0 * eps)) break;    // ascending order
        const Vector z = eig.eigenvectors().col(k);
        // y = S_J G_lambda^-1 G_d P_L v: y_J = lambda_J, y_Jc = w_Jc / G_lambda.
        Vector y = inv_gl.cwiseProduct(Gz * z);
        for (int j = 0; j < m; ++j)
          if (J & (1ul << j)) y(j) = -y(j);
        const bool nonneg = (y.array() >= -eps).all();
        const bool nonpos = (y.array() <= eps).all();
        if (!nonneg && !nonpos) continue;
        const double sign = nonneg ? 1.0 : -1.0;
        UnsustainableMode mode;
        for (int j = 0; j < m; ++j)
          if (J & (1ul << j)) mode.sliding.push_back(j);
        mode.eigenvalue = mu(k);
        mode.d = sign * (Z * z);
        mode.lambda = Vector::Zero(m);
        for (int j : mode.sliding) mode.lambda(j) = sign * y(j);
        mine.emplace_back(J, std::move(mode));
      }
    }
#ifdef _OPENMP
#pragma omp critical(lcp_unsustainable_modes)
#endif
    for (Found &f : mine) found.push_back(std::move(f));
  }
  // Subset order, and within a subset ascending eigenvalues (as found).
  std::stable_sort(found.begin(), found.end(), [](const Found &a, const Found &b) {
    return a.first < b.first || (a.first == b.first && a.second.eigenvalue < b.second.eigenvalue);
  });
  modes.reserve(found.size());
  for (Found &f : found) modes.push_back(std::move(f.second));
  return modes;
}

}    // namespace lcp
