// Incremental quasi-static driver for periodic 2d disk assemblies
// (LCP_SPEC.md 9.8, Example 3 of section 10.3). See lcp_driver.h for the
// conventions.
#include "lcp_driver.h"

#include "lcp_solver.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace lcp {
namespace driver {

namespace {

// r x (0, 0, theta) = theta (r_y, -r_x): the in-plane movement of a material
// point at r due to a rotation theta about z (LCP_SPEC.md 2.1, r x dtheta).
Vec2 rotation_lever(const Vec2 &r) { return Vec2(r.y(), -r.x()); }

double cross_z(const Vec2 &a, const Vec2 &b) { return a.x() * b.y() - a.y() * b.x(); }

// T_s: movement of q's image (s1, s2) per unit cell increment
// [dx11, dx22, dx12] (LCP_SPEC.md 3.1; image offset s1 a1 + s2 a2 with
// a1 = (x11, 0), a2 = (x12, x22)).
Eigen::Matrix<double, 2, 3> image_map(int s1, int s2)
{
  Eigen::Matrix<double, 2, 3> T;
  T << s1, 0.0, s2, 0.0, s2, 0.0;
  return T;
}

// Elastic contact stiffness D_e = kn [alpha I + (1 - alpha) n n^T] (2.1).
Mat2 elastic_stiffness(const DriverSettings &s, const Vec2 &n)
{
  return s.kn * (s.alpha * Mat2::Identity() + (1.0 - s.alpha) * n * n.transpose());
}

// Minimum-image branch vector from p to q (lcp_driver.h: valid while pairs
// touch through at most one image).
PeriodicContact minimum_image(const DiskAssembly &a, int p, int q)
{
  const PeriodicCell &c = a.cell;
  Vec2 delta = a.disks[static_cast<size_t>(q)].x - a.disks[static_cast<size_t>(p)].x;
  PeriodicContact pc;
  pc.p = p;
  pc.q = q;
  pc.s2 = -static_cast<int>(std::lround(delta.y() / c.x22));
  delta += c.image(0, pc.s2);
  pc.s1 = -static_cast<int>(std::lround(delta.x() / c.x11));
  delta += c.image(pc.s1, 0);
  pc.branch = delta;
  pc.overlap = a.disks[static_cast<size_t>(p)].radius + a.disks[static_cast<size_t>(q)].radius - delta.norm();
  return pc;
}

double parse_number(std::string token, const std::string &where)
{
  std::replace(token.begin(), token.end(), 'D', 'E');
  std::replace(token.begin(), token.end(), 'd', 'e');
  try {
    size_t used = 0;
    const double v = std::stod(token, &used);
    if (used != token.size()) throw std::invalid_argument(token);
    return v;
  } catch (const std::exception &) {
    throw std::runtime_error(where + ": '" + token + "' is not a number");
  }
}

std::vector<std::string> tokens_of(const std::string &line)
{
  std::istringstream in(line);
  std::vector<std::string> t;
  std::string w;
  while (in >> w) t.push_back(w);
  return t;
}

// Index of dof `dof` of backbone particle k in the 2d layout of lcp_system.h.
int dof_of(int n_particles, int k, Dof dof) { return dof_index(2, n_particles, k, dof); }

}    // namespace

// --------------------------------------------------------------------------
DiskAssembly read_disk_assembly(const std::string &path)
{
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open the assembly file");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (!tokens_of(line).empty()) lines.push_back(line);
  auto where = [&](size_t i) { return path + ": line " + std::to_string(i + 1); };
  if (lines.size() < 3) throw std::runtime_error(path + ": expected a flag, a header and a cell line");
  const auto header = tokens_of(lines[1]);
  if (header.size() < 3) throw std::runtime_error(where(1) + ": expected 'count x11 x22'");
  const double count = parse_number(header[0], where(1));
  if (count < 1 || count != std::floor(count)) throw std::runtime_error(where(1) + ": bad disk count");
  DiskAssembly a;
  a.cell.x11 = parse_number(header[1], where(1));
  a.cell.x22 = parse_number(header[2], where(1));
  a.cell.x12 = 0.0;
  if (!(a.cell.x11 > 0) || !(a.cell.x22 > 0)) throw std::runtime_error(where(1) + ": cell lengths must be positive");
  const size_t n = static_cast<size_t>(count);
  if (lines.size() < 3 + n)
    throw std::runtime_error(path + ": " + std::to_string(n) + " disks announced, " +
                             std::to_string(lines.size() - 3) + " lines found");
  for (size_t i = 0; i < n; ++i) {
    const auto t = tokens_of(lines[3 + i]);
    if (t.size() < 3) throw std::runtime_error(where(3 + i) + ": expected 'radius x y'");
    Disk d;
    d.radius = parse_number(t[0], where(3 + i));
    d.x = Vec2(parse_number(t[1], where(3 + i)), parse_number(t[2], where(3 + i)));
    if (!(d.radius > 0)) throw std::runtime_error(where(3 + i) + ": radius must be positive");
    a.disks.push_back(d);
  }
  return a;
}

std::vector<PeriodicContact> find_contacts(const DiskAssembly &assembly)
{
  const int n = static_cast<int>(assembly.disks.size());
  double largest = 0.0;
  for (const Disk &d : assembly.disks) largest = std::max(largest, d.radius);
  const PeriodicCell &c = assembly.cell;
  if (std::fabs(c.x12) > 0.25 * c.x11 || 2.0 * largest >= 0.5 * std::min(c.x11, c.x22))
    throw std::runtime_error("find_contacts: the cell is too small or too sheared for the minimum image convention");
  std::vector<PeriodicContact> out;
  for (int p = 0; p < n; ++p)
    for (int q = p + 1; q < n; ++q) {
      PeriodicContact pc = minimum_image(assembly, p, q);
      if (pc.overlap > 0.0) out.push_back(pc);
    }
  return out;
}

CellLoading biaxial_loading(double strain11_increment, double sigma22_target)
{
  CellLoading l;
  l.control = {CellControl::strain, CellControl::stress, CellControl::strain};
  l.strain = {strain11_increment, 0.0, 0.0};
  l.stress_target = {0.0, sigma22_target, 0.0};
  return l;
}

CellLoading isotropic_strain_loading(double strain_increment)
{
  CellLoading l;
  l.control = {CellControl::strain, CellControl::strain, CellControl::strain};
  l.strain = {strain_increment, strain_increment, 0.0};
  return l;
}

CellLoading isotropic_stress_loading(double mean_pressure)
{
  CellLoading l;
  l.control = {CellControl::stress, CellControl::stress, CellControl::strain};
  l.stress_target = {-mean_pressure, -mean_pressure, 0.0};
  return l;
}

// --------------------------------------------------------------------------
QuasiStaticDriver::QuasiStaticDriver(const DiskAssembly &assembly, const DriverSettings &settings)
    : assembly_(assembly), settings_(settings)
{
  if (assembly_.disks.empty()) throw std::runtime_error("QuasiStaticDriver: no disks");
  pairs_.assign(assembly_.disks.size() * assembly_.disks.size(), PairState{});
  wrap_positions();
  prepare();
  reset_reference();
}

void QuasiStaticDriver::reset_reference()
{
  strain11_ = strain22_ = 0.0;
  reference_volume_ = assembly_.cell.volume();
  time_ = 0.0;
  increments_ = 0;
}

int QuasiStaticDriver::rattler_count() const
{
  return static_cast<int>(std::count(rattler_.begin(), rattler_.end(), true));
}

void QuasiStaticDriver::wrap_positions()
{
  const PeriodicCell &c = assembly_.cell;
  for (Disk &d : assembly_.disks) {
    const double xi2 = std::floor(d.x.y() / c.x22);
    d.x -= c.image(0, static_cast<int>(xi2));
    const double xi1 = std::floor(d.x.x() / c.x11);
    d.x -= c.image(static_cast<int>(xi1), 0);
  }
}

// LCP_SPEC.md 9.8 items 1-4.
void QuasiStaticDriver::prepare()
{
  const size_t n = assembly_.disks.size();
  const DriverSettings &s = settings_;
  std::vector<ContactState> candidates;
  for (const PeriodicContact &pc : find_contacts(assembly_)) {
    const PairState &ps = pair(pc.p, pc.q);
    const Vec2 normal = pc.branch.normalized();
    // New contacts: f = -kn overlap n, no tangential force; persisting ones
    // keep the force of the last update.
    Vec2 f = ps.in_contact ? ps.force : Vec2(-s.kn * pc.overlap * normal);
    const double fn = f.dot(normal);
    if (fn >= 0.0) continue;    // tensile (or force-free): the contact is dropped
    Vec2 ft = f - fn * normal;
    const double limit = s.mu * (-fn);
    const double ft_norm = ft.norm();
    if (ft_norm > limit) ft *= limit / ft_norm;    // back onto the friction cone
    candidates.push_back({pc, fn * normal + ft});
  }
  for (PairState &ps : pairs_) ps.in_contact = false;

  // Rattlers (item 2): disks with fewer than Min_Coord_No force-carrying
  // contacts, culled repeatedly since removing one lowers its neighbours'
  // counts. Their contacts lose their force (they are new contacts when the
  // disk rejoins the backbone); the disks move affinely with the cell.
  std::vector<int> coordination(n, 0);
  for (const ContactState &c : candidates) {
    ++coordination[static_cast<size_t>(c.geometry.p)];
    ++coordination[static_cast<size_t>(c.geometry.q)];
  }
  rattler_.assign(n, false);
  std::vector<bool> removed(candidates.size(), false);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < n; ++i)
      if (!rattler_[i] && coordination[i] < std::max(1, s.min_coordination)) {
        rattler_[i] = true;
        changed = true;
        for (size_t c = 0; c < candidates.size(); ++c) {
          const auto &g = candidates[c].geometry;
          if (removed[c] || (static_cast<size_t>(g.p) != i && static_cast<size_t>(g.q) != i)) continue;
          removed[c] = true;
          --coordination[static_cast<size_t>(g.p)];
          --coordination[static_cast<size_t>(g.q)];
        }
      }
  }
  contacts_.clear();
  for (size_t c = 0; c < candidates.size(); ++c)
    if (!removed[c]) contacts_.push_back(candidates[c]);

  // Stress (item 4) and the net force and moment of every disk, whose
  // residual is applied as dp in the next increment (item 3).
  imbalance_.assign(n, Eigen::Vector3d::Zero());
  Mat2 sum = Mat2::Zero();
  double force_sum = 0.0, overlap_sum = 0.0;
  for (ContactState &c : contacts_) {
    const auto &g = c.geometry;
    PairState &ps = pair(g.p, g.q);
    ps.in_contact = true;
    ps.force = c.force;
    sum += g.branch * c.force.transpose();
    force_sum += c.force.norm();
    overlap_sum += g.overlap;
    const double rp = assembly_.disks[static_cast<size_t>(g.p)].radius;
    const double rq = assembly_.disks[static_cast<size_t>(g.q)].radius;
    const Vec2 r_p = rp / (rp + rq) * g.branch, r_q = -rq / (rp + rq) * g.branch;
    imbalance_[static_cast<size_t>(g.p)] += Eigen::Vector3d(c.force.x(), c.force.y(), cross_z(r_p, c.force));
    imbalance_[static_cast<size_t>(g.q)] -= Eigen::Vector3d(c.force.x(), c.force.y(), cross_z(r_q, c.force));
  }
  stress_ = sum / assembly_.cell.volume();
  double imbalance_sum = 0.0;
  int backbone = 0;
  for (size_t i = 0; i < n; ++i)
    if (!rattler_[i]) {
      imbalance_sum += imbalance_[i].head<2>().norm();
      ++backbone;
    }
  mean_contact_force_ = contacts_.empty() ? 0.0 : force_sum / static_cast<double>(contacts_.size());
  mean_overlap_ = contacts_.empty() ? 0.0 : overlap_sum / static_cast<double>(contacts_.size());
  relative_imbalance_ = (backbone == 0 || mean_contact_force_ == 0.0)
      ? 0.0
      : imbalance_sum / backbone / mean_contact_force_;
}

// LCP_SPEC.md 9.8 items 5-6: lcp::assemble of the backbone, then the cell
// dofs appended.
CellSystem QuasiStaticDriver::build_system(const CellLoading &loading) const
{
  const DriverSettings &s = settings_;
  const PeriodicCell &cell = assembly_.cell;
  const size_t n_disks = assembly_.disks.size();
  CellSystem cs;
  std::vector<int> backbone_of(n_disks, -1);
  for (size_t i = 0; i < n_disks; ++i)
    if (!rattler_[i]) {
      backbone_of[i] = static_cast<int>(cs.particle_of.size());
      cs.particle_of.push_back(static_cast<int>(i));
    }
  if (cs.particle_of.empty() || contacts_.empty())
    throw std::runtime_error("QuasiStaticDriver: no load-bearing contacts (all disks are rattlers)");
  const int np = static_cast<int>(cs.particle_of.size());

  Problem problem;
  problem.dimension = 2;
  problem.active_tolerance = s.active_tolerance;
  for (int k = 0; k < np; ++k) {
    const Disk &d = assembly_.disks[static_cast<size_t>(cs.particle_of[static_cast<size_t>(k)])];
    Particle p;
    p.id = k;
    p.x = Vec3(d.x.x(), d.x.y(), 0.0);
    p.radius = d.radius;
    problem.particles.push_back(p);
  }
  for (const ContactState &c : contacts_) {
    const auto &g = c.geometry;
    Contact ct;
    ct.p = backbone_of[static_cast<size_t>(g.p)];
    ct.q = backbone_of[static_cast<size_t>(g.q)];
    ct.force = Vec3(c.force.x(), c.force.y(), 0.0);
    ct.kn = s.kn;
    ct.alpha = s.alpha;
    ct.mu = s.mu;
    ct.curvature_radius_p = assembly_.disks[static_cast<size_t>(g.p)].radius * s.curvature_factor;
    ct.curvature_radius_q = assembly_.disks[static_cast<size_t>(g.q)].radius * s.curvature_factor;
    const Vec2 shift = cell.image(g.s1, g.s2);
    ct.image_shift = Vec3(shift.x(), shift.y(), 0.0);
    problem.contacts.push_back(ct);
  }
  // Drift control (item 5): the translation of the backbone disk closest
  // to the cell's origin corner is fixed; the assembly is otherwise free to
  // translate in the periodic cell.
  double closest = std::numeric_limits<double>::infinity();
  for (int k = 0; k < np; ++k) {
    const double r2 = assembly_.disks[static_cast<size_t>(cs.particle_of[static_cast<size_t>(k)])].x.squaredNorm();
    if (r2 < closest) {
      closest = r2;
      cs.drift_particle = cs.particle_of[static_cast<size_t>(k)];
      problem.constraints.clear();
      problem.constraints.push_back({{{k, Dof::ux, 1.0}}, 0.0});
      problem.constraints.push_back({{{k, Dof::uy, 1.0}}, 0.0});
    }
  }

  const MixedLcp base = assemble(problem);
  const int n0 = base.n_dof;
  const int nc = n0;    // dx11, dx22, dx12 follow the particle dofs
  const int n = n0 + 3;
  const int m = static_cast<int>(base.active.size());
  cs.cell_dof = nc;
  cs.active_index.assign(contacts_.size(), -1);
  for (int j = 0; j < m; ++j) cs.active_index[static_cast<size_t>(base.active[static_cast<size_t>(j)])] = j;

  MixedLcp &S = cs.system;
  S.dimension = 2;
  S.n_particles = base.n_particles;
  S.n_dof = n;
  S.K = Matrix::Zero(n, n);
  S.K.topLeftCorner(n0, n0) = base.K;
  S.K_follower = Matrix::Zero(n, n);
  if (base.K_follower.rows() == n0 && base.K_follower.cols() == n0) S.K_follower.topLeftCorner(n0, n0) = base.K_follower;
  S.K_lambda = Matrix::Zero(n, m);
  if (m > 0) S.K_lambda.topRows(n0) = base.K_lambda;
  S.G_d = Matrix::Zero(m, n);
  if (m > 0) S.G_d.leftCols(n0) = base.G_d;
  S.G_lambda = base.G_lambda;
  S.geometry = base.geometry;
  S.active = base.active;

  // Cell columns of the particle rows and of the consistency rows (3.1).
  // The cell increments enter a contact only through delta u_def, as an
  // extra movement T_s dx of q's image, so the columns are the contact's
  // own u_q columns times T_s. A pair touches through one image only, so
  // the (p, q) block of the assembled K is contact c's alone; q's rows come
  // from the mirror variant, for which p's image lies at -s.
  for (size_t c = 0; c < contacts_.size(); ++c) {
    const auto &g = contacts_[c].geometry;
    if (g.s1 == 0 && g.s2 == 0) continue;
    const Eigen::Matrix<double, 2, 3> T = image_map(g.s1, g.s2);
    const int kp = backbone_of[static_cast<size_t>(g.p)], kq = backbone_of[static_cast<size_t>(g.q)];
    const int up[2] = {dof_of(np, kp, Dof::ux), dof_of(np, kp, Dof::uy)};
    const int uq[2] = {dof_of(np, kq, Dof::ux), dof_of(np, kq, Dof::uy)};
    const int rows_p[3] = {up[0], up[1], dof_of(np, kp, Dof::tz)};
    const int rows_q[3] = {uq[0], uq[1], dof_of(np, kq, Dof::tz)};
    for (int j = 0; j < 3; ++j) {
      for (int r : rows_p) S.K(r, nc + j) += base.K(r, uq[0]) * T(0, j) + base.K(r, uq[1]) * T(1, j);
      for (int r : rows_q) S.K(r, nc + j) -= base.K(r, up[0]) * T(0, j) + base.K(r, up[1]) * T(1, j);
      const int a = cs.active_index[c];
      if (a >= 0) S.G_d(a, nc + j) += base.G_d(a, uq[0]) * T(0, j) + base.G_d(a, uq[1]) * T(1, j);
    }
  }

  // Stress rows (item 5, Eq. (87)), derived here as the exact linearisation
  // of the stress the next increment measures: sigma V = sum_c l_c (x) f_c
  // with the force update of item 8 (f += D_e delta u_def - alpha kn h
  // lambda; no rotation of f). Hence
  //   V dsigma = sum_c (dl_c (x) f_c + l_c (x) df_c) - sigma dV,
  //   dl = du_q - du_p + T_s dx,  dV/V = dx11/x11 + dx22/x22,
  // every term with its physical sign. Row of component ij = L_ij dsigma_ij
  // (the boundary force conjugate to dx_ij, tension positive; L = x22 for
  // 11, x11 for 22 and 12), so that, like the particle rows of K, it gives
  // the external load needed, and its right-hand side is +(sigma_target -
  // sigma) L (the spec's "-dsigma L with -(...) L", both sides negated).
  const double V = cell.volume();
  cs.stress = stress_;
  cs.row_length = {cell.x22, cell.x11, cell.x11};
  for (size_t c = 0; c < contacts_.size(); ++c) {
    const auto &g = contacts_[c].geometry;
    const Vec2 &f = contacts_[c].force;
    const Vec2 &l = g.branch;
    const Vec2 normal = l.normalized();
    const Mat2 D = elastic_stiffness(s, normal);
    const int kp = backbone_of[static_cast<size_t>(g.p)], kq = backbone_of[static_cast<size_t>(g.q)];
    const double rp = assembly_.disks[static_cast<size_t>(g.p)].radius;
    const double rq = assembly_.disks[static_cast<size_t>(g.q)].radius;
    const Vec2 r_p = rp / (rp + rq) * l, r_q = -rq / (rp + rq) * l;
    const Eigen::Matrix<double, 2, 3> T = image_map(g.s1, g.s2);
    // (column, d(dl)/d(column), d(delta u_def)/d(column))
    struct Column {
      int index;
      Vec2 dl, du;
    };
    const Column columns[9] = {
        {dof_of(np, kp, Dof::ux), Vec2(-1, 0), Vec2(-1, 0)},
        {dof_of(np, kp, Dof::uy), Vec2(0, -1), Vec2(0, -1)},
        {dof_of(np, kp, Dof::tz), Vec2::Zero(), rotation_lever(r_p)},
        {dof_of(np, kq, Dof::ux), Vec2(1, 0), Vec2(1, 0)},
        {dof_of(np, kq, Dof::uy), Vec2(0, 1), Vec2(0, 1)},
        {dof_of(np, kq, Dof::tz), Vec2::Zero(), -rotation_lever(r_q)},
        {nc + 0, T.col(0), T.col(0)},
        {nc + 1, T.col(1), T.col(1)},
        {nc + 2, T.col(2), T.col(2)},
    };
    for (const Column &col : columns) {
      const Vec2 df = D * col.du;
      const double v11 = col.dl.x() * f.x() + l.x() * df.x();
      const double v22 = col.dl.y() * f.y() + l.y() * df.y();
      const double v12 = 0.5 * (col.dl.x() * f.y() + l.x() * df.y() + col.dl.y() * f.x() + l.y() * df.x());
      S.K(nc + 0, col.index) += cs.row_length[0] / V * v11;
      S.K(nc + 1, col.index) += cs.row_length[1] / V * v22;
      S.K(nc + 2, col.index) += cs.row_length[2] / V * v12;
    }
    const int a = cs.active_index[c];
    if (a >= 0) {
      const Vec2 h = S.geometry[c].h.head<2>();
      const Vec2 df = -s.alpha * s.kn * h;    // slip part of df per unit lambda
      S.K_lambda(nc + 0, a) += cs.row_length[0] / V * l.x() * df.x();
      S.K_lambda(nc + 1, a) += cs.row_length[1] / V * l.y() * df.y();
      S.K_lambda(nc + 2, a) += cs.row_length[2] / V * 0.5 * (l.x() * df.y() + l.y() * df.x());
    }
  }
  const double sigma[3] = {stress_(0, 0), stress_(1, 1), 0.5 * (stress_(0, 1) + stress_(1, 0))};
  for (int j = 0; j < 3; ++j) {
    S.K(nc + j, nc + 0) -= sigma[j] * cs.row_length[j] / cell.x11;    // -sigma dV/V
    S.K(nc + j, nc + 1) -= sigma[j] * cs.row_length[j] / cell.x22;
  }

  // Loads: the residual imbalance of the disks (item 3: the external load
  // that restores equilibrium is the net contact force itself, since K maps
  // movements to external loads), and the stress error feedback.
  S.dp = Vector::Zero(n);
  for (int k = 0; k < np; ++k) {
    const Eigen::Vector3d &r = imbalance_[static_cast<size_t>(cs.particle_of[static_cast<size_t>(k)])];
    S.dp[dof_of(np, k, Dof::ux)] = r.x();
    S.dp[dof_of(np, k, Dof::uy)] = r.y();
    S.dp[dof_of(np, k, Dof::tz)] = r.z();
  }
  const double cell_lengths[3] = {cell.x11, cell.x22, cell.x22};
  int strain_rows = 0;
  for (int j = 0; j < 3; ++j) {
    if (loading.control[static_cast<size_t>(j)] == CellControl::stress)
      S.dp[nc + j] = (loading.stress_target[static_cast<size_t>(j)] - sigma[j]) * cs.row_length[j];
    else
      ++strain_rows;
  }
  const int r0 = static_cast<int>(base.C.rows());
  S.C = Matrix::Zero(r0 + strain_rows, n);
  S.dc = Vector::Zero(r0 + strain_rows);
  if (r0 > 0) {
    S.C.topLeftCorner(r0, n0) = base.C;
    S.dc.head(r0) = base.dc;
  }
  for (int j = 0, row = r0; j < 3; ++j)
    if (loading.control[static_cast<size_t>(j)] == CellControl::strain) {
      S.C(row, nc + j) = 1.0;
      S.dc[row] = loading.strain[static_cast<size_t>(j)] * cell_lengths[j];
      ++row;
    }
  return cs;
}

// Reduction to LCP(A, b) (section 6.2). All rows of C here fix single
// coordinates, so C+ = C^T (scaled), P_L = the free coordinates F and the
// Bott-Duffin inverse is K_FF^-1 on F, zero elsewhere: one LU of K_FF
// instead of the pseudo-inverse of X = K P_L + P_perp (Eqs. (56)-(59)).
// Should K_FF be near-singular, lcp::reduce (Chen's generalised inverse,
// Eq. (60)) takes over.
CellReduction QuasiStaticDriver::reduce_system(const CellSystem &cs) const
{
  const MixedLcp &S = cs.system;
  const int n = S.n_dof;
  const int m = static_cast<int>(S.G_lambda.size());
  CellReduction out;
  std::vector<int> fixed_value_row(static_cast<size_t>(n), -1);
  bool coordinate_rows = true;
  for (int r = 0; r < S.C.rows() && coordinate_rows; ++r) {
    int column = -1;
    for (int j = 0; j < n; ++j)
      if (S.C(r, j) != 0.0) {
        if (column >= 0) coordinate_rows = false;
        column = j;
      }
    if (column < 0 || fixed_value_row[static_cast<size_t>(column)] >= 0) coordinate_rows = false;
    else fixed_value_row[static_cast<size_t>(column)] = r;
  }
  if (coordinate_rows) {
    std::vector<int> free;
    Vector d_fixed = Vector::Zero(n);
    for (int j = 0; j < n; ++j) {
      const int r = fixed_value_row[static_cast<size_t>(j)];
      if (r < 0) free.push_back(j);
      else d_fixed[j] = S.dc[r] / S.C(r, j);
    }
    const int nf = static_cast<int>(free.size());
    Matrix K_ff(nf, nf), rhs(nf, m + 1);
    const Vector load = S.dp - S.K * d_fixed;    // dp - K_FR d_R on the free rows
    for (int i = 0; i < nf; ++i) {
      const int fi = free[static_cast<size_t>(i)];
      for (int j = 0; j < nf; ++j) K_ff(i, j) = S.K(fi, free[static_cast<size_t>(j)]);
      for (int a = 0; a < m; ++a) rhs(i, a) = S.K_lambda(fi, a);
      rhs(i, m) = load[fi];
    }
    Eigen::PartialPivLU<Matrix> lu(K_ff);
    out.rcond = lu.rcond();
    if (out.rcond >= settings_.min_rcond && std::isfinite(out.rcond)) {
      const Matrix X = lu.solve(rhs);
      out.W = Matrix::Zero(n, m);
      out.d0 = d_fixed;
      for (int i = 0; i < nf; ++i) {
        const int fi = free[static_cast<size_t>(i)];
        out.W.row(fi) = X.row(i).head(m);
        out.d0[fi] = X(i, m);
      }
      out.A = S.G_lambda.asDiagonal();
      out.A.noalias() -= S.G_d * out.W;
      out.b = S.G_d * out.d0;
      return out;
    }
  }
  // General path: the spec's pseudo-inverse form.
  const ReducedLcp red = reduce(S);
  out.used_pinv = true;
  out.A = red.A;
  out.b = red.b;
  out.d0 = movements(S, red, Vector::Zero(m));
  out.W = red.K_BD * S.K_lambda;
  return out;
}

Vec2 QuasiStaticDriver::contact_deformation(const CellSystem &cs, int contact, const Vector &d) const
{
  const auto &g = contacts_[static_cast<size_t>(contact)].geometry;
  const MixedLcp &S = cs.system;
  const int np = S.n_particles;
  const ContactGeometry &geo = S.geometry[static_cast<size_t>(contact)];
  const int kp = geo.p, kq = geo.q;
  const Vec2 u_p(d[dof_of(np, kp, Dof::ux)], d[dof_of(np, kp, Dof::uy)]);
  const Vec2 u_q(d[dof_of(np, kq, Dof::ux)], d[dof_of(np, kq, Dof::uy)]);
  const double th_p = d[dof_of(np, kp, Dof::tz)], th_q = d[dof_of(np, kq, Dof::tz)];
  const double rp = assembly_.disks[static_cast<size_t>(g.p)].radius;
  const double rq = assembly_.disks[static_cast<size_t>(g.q)].radius;
  const Vec2 r_p = rp / (rp + rq) * g.branch, r_q = -rq / (rp + rq) * g.branch;
  const Eigen::Vector3d dx = d.segment<3>(cs.cell_dof);
  // Eq. (18) plus the image terms of section 3.1.
  return u_q - u_p + th_p * rotation_lever(r_p) - th_q * rotation_lever(r_q) + image_map(g.s1, g.s2) * dx;
}

void QuasiStaticDriver::apply(const CellSystem &cs, const Vector &d, const Vector &lambda, double t)
{
  const DriverSettings &s = settings_;
  const MixedLcp &S = cs.system;
  // Force increments first (they use the geometry of the current state):
  // the mechanical part only (item 8).
  for (size_t c = 0; c < contacts_.size(); ++c) {
    const auto &g = contacts_[c].geometry;
    const Vec2 normal = g.branch.normalized();
    Vec2 df = elastic_stiffness(s, normal) * contact_deformation(cs, static_cast<int>(c), d);
    const int a = cs.active_index[c];
    if (a >= 0) df -= s.alpha * s.kn * lambda[a] * S.geometry[c].h.head<2>();
    contacts_[c].force += t * df;
    pair(g.p, g.q).force = contacts_[c].force;
  }
  PeriodicCell &cell = assembly_.cell;
  const Eigen::Vector3d dx = t * d.segment<3>(cs.cell_dof);
  // Affine map of the cell increment: a1 -> (dx11, 0), a2 -> (dx12, dx22).
  Mat2 gradient;
  gradient << dx[0] / cell.x11, dx[2] / cell.x22, 0.0, dx[1] / cell.x22;
  std::vector<int> backbone_of(assembly_.disks.size(), -1);
  for (size_t k = 0; k < cs.particle_of.size(); ++k) backbone_of[static_cast<size_t>(cs.particle_of[k])] = static_cast<int>(k);
  const int np = S.n_particles;
  for (size_t i = 0; i < assembly_.disks.size(); ++i) {
    Disk &disk = assembly_.disks[i];
    const int k = backbone_of[i];
    if (k < 0) {
      disk.x += gradient * disk.x;    // rattlers follow the cell
      continue;
    }
    disk.x += t * Vec2(d[dof_of(np, k, Dof::ux)], d[dof_of(np, k, Dof::uy)]);
    disk.rotation += t * d[dof_of(np, k, Dof::tz)];
  }
  strain11_ += dx[0] / cell.x11;
  strain22_ += dx[1] / cell.x22;
  cell.x11 += dx[0];
  cell.x22 += dx[1];
  cell.x12 += dx[2];
  wrap_positions();
  separate_rattlers();
}

// A rattler carries no force, so nothing holds it inside a neighbour: left
// to the affine motion alone it would sink into the disk it leans on (depths
// of 0.1 were seen over 1 % strain) and, once caged, rejoin with a contact
// force f = -kn overlap tens of times the mean. It is pushed out of its
// overlaps instead (a few projection sweeps), as a free disk would be.
void QuasiStaticDriver::separate_rattlers()
{
  const int n = static_cast<int>(assembly_.disks.size());
  for (int sweep = 0; sweep < 8; ++sweep) {
    bool moved = false;
    for (int i = 0; i < n; ++i) {
      if (!rattler_[static_cast<size_t>(i)]) continue;
      for (int j = 0; j < n; ++j) {
        if (j == i) continue;
        const PeriodicContact pc = minimum_image(assembly_, i, j);
        if (pc.overlap <= 0.0) continue;
        const double share = rattler_[static_cast<size_t>(j)] ? 0.5 : 1.0;
        assembly_.disks[static_cast<size_t>(i)].x -= share * pc.overlap * pc.branch.normalized();
        moved = true;
      }
    }
    if (!moved) break;
  }
  wrap_positions();
}

Mat2 QuasiStaticDriver::stress_of_stored_contacts() const
{
  Mat2 sum = Mat2::Zero();
  for (const ContactState &c : contacts_)
    sum += minimum_image(assembly_, c.geometry.p, c.geometry.q).branch * c.force.transpose();
  return sum / assembly_.cell.volume();
}

Mat2 QuasiStaticDriver::predicted_stress_increment(const CellSystem &cs, const Vector &d, const Vector &lambda) const
{
  const MixedLcp &S = cs.system;
  double v[3];
  for (int j = 0; j < 3; ++j) {
    v[j] = S.K.row(cs.cell_dof + j).dot(d);
    if (lambda.size() > 0) v[j] += S.K_lambda.row(cs.cell_dof + j).dot(lambda);
    v[j] /= cs.row_length[j];
  }
  Mat2 ds;
  ds << v[0], v[2], v[2], v[1];
  return ds;
}

double QuasiStaticDriver::stress_deviation(const CellLoading &loading) const
{
  const double sigma[3] = {stress_(0, 0), stress_(1, 1), 0.5 * (stress_(0, 1) + stress_(1, 0))};
  double worst = 0.0;
  for (int j = 0; j < 3; ++j)
    if (loading.control[static_cast<size_t>(j)] == CellControl::stress)
      worst = std::max(worst, std::fabs(sigma[j] - loading.stress_target[static_cast<size_t>(j)]));
  return worst;
}

// Step-size control (item 7): the whole increment is scaled by t <= 1 when
// the largest slip exceeds lambda_threshold ([C]), a stress-controlled cell
// length changes by more than max_cell_strain_increment, or a disk moves
// non-affinely by more than max_nonaffine_move_per_overlap mean overlaps
// (both not in [C]; see DriverSettings).
double QuasiStaticDriver::step_factor(const CellSystem &cs, const CellLoading &loading, const Vector &d,
                                      const Vector &lambda) const
{
  const MixedLcp &S = cs.system;
  const int m = static_cast<int>(lambda.size());
  double t = 1.0;
  const double largest = m > 0 ? lambda.maxCoeff() : 0.0;
  if (largest > settings_.lambda_threshold) t = settings_.lambda_threshold / largest;
  const double lengths[3] = {assembly_.cell.x11, assembly_.cell.x22, assembly_.cell.x22};
  for (int j = 0; j < 3; ++j)
    if (loading.control[static_cast<size_t>(j)] == CellControl::stress) {
      const double strain = std::fabs(d[cs.cell_dof + j]) / lengths[j];
      if (strain * t > settings_.max_cell_strain_increment) t = settings_.max_cell_strain_increment / strain;
    }
  if (settings_.max_nonaffine_move_per_overlap > 0.0 && mean_overlap_ > 0.0) {
    const PeriodicCell &cell = assembly_.cell;
    const Eigen::Vector3d dx = d.segment<3>(cs.cell_dof);
    Mat2 gradient;
    gradient << dx[0] / cell.x11, dx[2] / cell.x22, 0.0, dx[1] / cell.x22;
    const Vec2 drift = gradient * assembly_.disks[static_cast<size_t>(cs.drift_particle)].x;
    double largest_move = 0.0;
    for (int k = 0; k < S.n_particles; ++k) {
      const Vec2 x = assembly_.disks[static_cast<size_t>(cs.particle_of[static_cast<size_t>(k)])].x;
      const Vec2 u(d[dof_of(S.n_particles, k, Dof::ux)], d[dof_of(S.n_particles, k, Dof::uy)]);
      // relative to the affine motion about the fixed (drift) disk
      largest_move = std::max(largest_move, (u - (gradient * x - drift)).norm());
    }
    const double allowed = settings_.max_nonaffine_move_per_overlap * mean_overlap_;
    if (largest_move * t > allowed) t = allowed / largest_move;
  }
  return t;
}

IncrementRecord QuasiStaticDriver::solve_and_advance(const CellLoading &loading, const SolveOptions &solve)
{
  const CellSystem cs = build_system(loading);
  const MixedLcp &S = cs.system;
  const int m = static_cast<int>(S.G_lambda.size());
  IncrementRecord rec;
  rec.active = m;
  rec.enumerated = solve.enumerate;
  Vector lambda = Vector::Zero(m), d;
  if (solve.enumerate) {
    // The enumerative analysis of lcp_analysis.h on the extended system.
    const ReducedLcp reduced = reduce(S);
    AnalysisOptions options;
    options.max_enumerated_contacts = solve.max_enumerated_contacts;
    const IncrementStep step = choose_increment(S, reduced, options);
    lambda = step.lambda;
    d = step.d;
    rec.solutions = step.solutions;
    rec.method = step.method;
    rec.incongruent = step.path_incongruent;
    if (solve.classify && m <= solve.max_enumerated_contacts) {
      // What [P] reports per increment of Example 3 (section 10.3): the
      // class of A and the bifurcation types of all solutions (7.1, 9.2).
      rec.classified = true;
      const Analysis an = analyze_system(S, reduced, options);
      rec.P = an.classes.P;
      rec.PD = an.classes.symmetric_part == SymmetricPart::PD;
      rec.degenerate = an.classes.degenerate;
      for (const IncrementSolution &sol : an.solutions) {
        (sol.type == "I" ? rec.type_one : rec.type_two)++;
        rec.path_sensitive = rec.path_sensitive || sol.path_sensitive;
      }
      rec.type_three = an.type_III_sets;
      rec.neutral_equilibrium = an.neutral_equilibrium;
      rec.unsustainable_modes = static_cast<int>(an.unsustainable_modes.size());
    }
  } else {
    const CellReduction red = reduce_system(cs);
    if (m == 0) {
      rec.method = "none";
      rec.solutions = 1;
    } else {
      const SingleSolution single = solve_lemke(red.A, red.b);
      if (single.solved && is_solution(red.A, red.b, single.lambda)) {
        lambda = single.lambda;
        rec.method = "lemke";
        rec.solutions = 1;
      } else {
        // Lemke's ray termination does not prove that no solution exists
        // (A is not P): for few active contacts the enumeration decides,
        // and the solution of least I2 is followed (9.3).
        bool found = false;
        if (m <= settings_.fallback_enumeration_limit) {
          const Enumeration all = enumerate_solutions(red.A, red.b);
          double least = std::numeric_limits<double>::infinity();
          for (const SolutionPoint &point : all.points) {
            const Vector dk = red.movements(point.lambda);
            const double I2 = second_order_work(S, dk, reactions(S, dk, point.lambda));
            if (I2 < least) {
              least = I2;
              lambda = point.lambda;
              found = true;
            }
          }
          rec.solutions = static_cast<int>(all.points.size());
          rec.method = "enumeration";
        }
        if (!found) {
          // No solution: keep the QP minimizer (path-incongruity, 6.3).
          const QpResult qp = minimize_complementarity(red.A, red.b, Vector::Zero(m));
          lambda = qp.lambda.cwiseMax(0.0);
          rec.method = "qp";
          rec.incongruent = !is_solution(red.A, red.b, lambda);
          rec.solutions = rec.incongruent ? 0 : 1;
        }
      }
    }
    if (red.used_pinv) rec.method += "+pinv";
    d = red.movements(lambda);
  }

  const double t = step_factor(cs, loading, d, lambda);
  const double largest = m > 0 ? lambda.maxCoeff() : 0.0;
  rec.step_factor = t;
  rec.sliding = 0;
  const double slip_zero = 1e-9 * std::max(largest, 0.0) + 1e-300;
  for (int a = 0; a < m; ++a)
    if (lambda[a] > slip_zero) ++rec.sliding;

  apply(cs, d, lambda, t);
  prepare();
  last_incongruent_ = rec.incongruent;

  rec.strain11 = -strain11_;
  rec.strain22 = -strain22_;
  rec.volumetric = assembly_.cell.volume() / reference_volume_ - 1.0;
  rec.sigma11 = stress_(0, 0);
  rec.sigma22 = stress_(1, 1);
  rec.sigma12 = 0.5 * (stress_(0, 1) + stress_(1, 0));
  rec.mean_stress = mean_pressure();
  rec.q_over_p = rec.mean_stress > 0 ? 0.5 * (rec.sigma22 - rec.sigma11) / rec.mean_stress : 0.0;
  rec.contacts = static_cast<int>(contacts_.size());
  rec.rattlers = rattler_count();
  rec.relative_imbalance = relative_imbalance_;
  rec.stress_deviation = stress_deviation(loading);
  return rec;
}

IncrementRecord QuasiStaticDriver::increment(const CellLoading &loading, const SolveOptions &solve)
{
  // Corrective increments (item 8): zero prescribed increments, the
  // stress error and the imbalance still fed back through dp.
  int corrections = 0;
  while (corrections < settings_.max_repetitions &&
         (stress_deviation(loading) > settings_.max_stress_deviation ||
          relative_imbalance_ > settings_.max_relative_imbalance || last_incongruent_)) {
    CellLoading still = loading;
    still.strain = {0.0, 0.0, 0.0};
    solve_and_advance(still, SolveOptions{});
    ++corrections;
  }
  IncrementRecord rec = solve_and_advance(loading, solve);
  time_ += rec.step_factor;
  rec.index = ++increments_;
  rec.time = time_;
  rec.corrections = corrections;
  return rec;
}

std::vector<IncrementRecord> QuasiStaticDriver::consolidate(double p_target, double strain_increment,
                                                            int max_increments)
{
  std::vector<IncrementRecord> records;
  // Strain-controlled isotropic shrinking up to the target mean stress.
  while (mean_pressure() < p_target && static_cast<int>(records.size()) < max_increments)
    records.push_back(increment(isotropic_strain_loading(-std::fabs(strain_increment))));
  // Stress-controlled relaxation at the target: the stress error and the
  // imbalance are fed back until both are within the tolerances.
  const CellLoading hold = isotropic_stress_loading(p_target);
  int settled = 0;
  while (static_cast<int>(records.size()) < max_increments && settled < 3) {
    records.push_back(increment(hold));
    const bool ok = stress_deviation(hold) <= settings_.max_stress_deviation &&
                    relative_imbalance_ <= settings_.max_relative_imbalance && !last_incongruent_;
    settled = ok ? settled + 1 : 0;
  }
  reset_reference();
  return records;
}

}    // namespace driver
}    // namespace lcp
