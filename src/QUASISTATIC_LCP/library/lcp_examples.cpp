// The worked examples of LCP_SPEC.md section 10 as Problems.
#include "lcp_examples.h"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace lcp {
namespace examples {

namespace {

constexpr double pi = 3.14159265358979323846;

ConstraintTerm term(long particle, Dof dof, double coefficient)
{
  ConstraintTerm t;
  t.particle = particle;
  t.dof = dof;
  t.coefficient = coefficient;
  return t;
}

Constraint row(std::vector<ConstraintTerm> terms, double value = 0.0)
{
  Constraint c;
  c.terms = std::move(terms);
  c.value = value;
  return c;
}

Particle particle(long id, const Vec3 &x, double radius)
{
  Particle p;
  p.id = id;
  p.x = x;
  p.radius = radius;
  return p;
}

Mat3 skew(const Vec3 &a)
{
  Mat3 s;
  s << 0.0, -a.z(), a.y(), a.z(), 0.0, -a.x(), -a.y(), a.x(), 0.0;
  return s;
}

}    // namespace

Problem three_disks(double beta_degrees, double rho_2, double rho_3)
{
  // Section 10.1: R = 1, F_n = 0.001, k_n = 1, alpha = 1, mu = 0.5.
  const double R = 1.0, F_n = 0.001, mu = 0.5;
  const double beta = beta_degrees * pi / 180.0;
  const double c = std::cos(beta), s = std::sin(beta);

  Problem pb;
  pb.dimension = 2;
  pb.active_tolerance = 1e-4;
  pb.particles = {particle(1, Vec3(0.0, 0.0, 0.0), R),
                  particle(2, Vec3(2.0 * R * c, 2.0 * R * s, 0.0), R),
                  particle(3, Vec3(0.0, 4.0 * R * s, 0.0), R)};

  // Both contacts at the friction limit; forces on the first particle of
  // each listed variant (section 10.1 "Contact state").
  const Vec3 n12(c, s, 0.0), n23(-c, s, 0.0);
  Contact bottom;
  bottom.p = 1;
  bottom.q = 2;
  bottom.force = -F_n * n12 + mu * F_n * Vec3(s, -c, 0.0);
  bottom.kn = 1.0;
  bottom.alpha = 1.0;
  bottom.mu = mu;
  bottom.curvature_radius_p = 1.0;
  bottom.curvature_radius_q = 1.0;
  Contact top = bottom;
  top.p = 2;
  top.q = 3;
  top.force = -F_n * n23 + mu * F_n * Vec3(-s, -c, 0.0);
  top.curvature_radius_p = rho_2;
  top.curvature_radius_q = rho_3;
  pb.contacts = {bottom, top};

  // Control: disk 1 fixed; disk 3 without shift or rotation, moved down
  // by 1 relative to disk 1. Disk 2 free, dp = 0.
  pb.constraints = {row({term(1, Dof::ux, 1.0)}),
                    row({term(1, Dof::uy, 1.0)}),
                    row({term(1, Dof::tz, 1.0)}),
                    row({term(3, Dof::ux, 1.0)}),
                    row({term(3, Dof::tz, 1.0)}),
                    row({term(3, Dof::uy, 1.0), term(1, Dof::uy, -1.0)}, -1.0)};
  return pb;
}

Problem three_disks_case(int angle_case, char curvature_case)
{
  double beta;
  switch (angle_case) {
    case 1: beta = 70.0; break;
    case 2: beta = std::atan(2.0) * 180.0 / pi; break;    // arctan(1/mu), mu = 0.5
    case 3: beta = 50.0; break;
    default: throw std::invalid_argument("three_disks_case: angle case must be 1, 2 or 3");
  }
  switch (curvature_case) {
    case 'A': return three_disks(beta, 1.0, 1.0);
    case 'B': return three_disks(beta, 1.0, 2.0);
    case 'C': return three_disks(beta, 1.0, 0.5);
    case 'D': return three_disks(beta, 0.5, 0.5);
    default: throw std::invalid_argument("three_disks_case: curvature case must be A, B, C or D");
  }
}

Problem tetragonal_spheres(double H, bool constrained_cap, double curvature_radius)
{
  if (!(H > 0.0)) throw std::invalid_argument("tetragonal_spheres: H must be > 0");
  // Section 10.2: R = 1, F_n = 0.001, mu = 0.5, k_n = 1, alpha = 1.
  const double R = 1.0, F_n = 0.001, mu = 0.5;
  const double scale = 4.0 * R / std::sqrt(2.0 + H * H);
  Vec3 h = 0.5 * scale * Vec3(1.0, 1.0, H);
  // Branch vectors must be exactly +-h componentwise (section 10.2): the
  // central sphere 10 sits at 3 h_3, so h_3 is rounded to 50 significant
  // bits (a relative change below 1e-15) to make 3 h_3 and every centre
  // difference exact in floating point. Without this, the round-off
  // asymmetry of the geometry is amplified by the soft modes of the
  // unconstrained cap and lifts A's four zero singular values from
  // ~1e-15 to ~1e-13.
  {
    int exponent = 0;
    const double mantissa = std::frexp(h.z(), &exponent);
    h.z() = std::ldexp(std::round(std::ldexp(mantissa, 50)), exponent - 50);
  }
  const Vec3 U = 2.0 * h;

  Problem pb;
  pb.dimension = 3;
  pb.active_tolerance = 1e-4;
  // Planar spheres in the order (+,+), (-,+), (-,-), (+,-) on three levels;
  // central spheres 5 and 10 between them.
  const double sx[4] = {1.0, -1.0, -1.0, 1.0};
  const double sy[4] = {1.0, 1.0, -1.0, -1.0};
  const auto planar = [&](long id, int corner, double z) {
    pb.particles.push_back(particle(id, Vec3(sx[corner] * h.x(), sy[corner] * h.y(), z), R));
  };
  for (int k = 0; k < 4; ++k) planar(1 + k, k, 0.0);
  pb.particles.push_back(particle(5, Vec3(0.0, 0.0, h.z()), R));
  for (int k = 0; k < 4; ++k) planar(6 + k, k, U.z());
  pb.particles.push_back(particle(10, Vec3(0.0, 0.0, 3.0 * h.z()), R));
  for (int k = 0; k < 4; ++k) planar(11 + k, k, 2.0 * U.z());

  const auto position = [&](long id) -> Vec3 {
    for (const Particle &p : pb.particles)
      if (p.id == id) return p.x;
    throw std::logic_error("tetragonal_spheres: no particle " + std::to_string(id));
  };

  // Tangential directions: planar spheres splayed outward under vertical
  // compression.
  const double a = 1.0 / std::sqrt(2.0 + 4.0 * (U.x() / U.z()) * (U.x() / U.z()));
  const double b = 2.0 * (U.x() / U.z()) * a;
  const Vec3 t[4] = {Vec3(-a, -a, -b), Vec3(a, -a, -b), Vec3(a, a, -b), Vec3(-a, a, -b)};
  const long pairs[16][2] = {{1, 5}, {2, 5}, {3, 5}, {4, 5}, {5, 6}, {5, 7}, {5, 8}, {5, 9},
                             {6, 10}, {7, 10}, {8, 10}, {9, 10}, {10, 11}, {10, 12}, {10, 13}, {10, 14}};
  const int t_of[16] = {0, 1, 2, 3, 2, 3, 0, 1, 0, 1, 2, 3, 2, 3, 0, 1};
  for (int c = 0; c < 16; ++c) {
    Contact con;
    con.p = pairs[c][0];
    con.q = pairs[c][1];
    const Vec3 n = (position(con.q) - position(con.p)).normalized();
    con.force = -F_n * n + mu * F_n * t[t_of[c]];
    con.kn = 1.0;
    con.alpha = 1.0;
    con.mu = mu;
    con.curvature_radius_p = curvature_radius;
    con.curvature_radius_q = curvature_radius;
    pb.contacts.push_back(con);
  }

  // Membrane pressure as a follower load (section 10.2, dpdx.m):
  // P = 4 f_1x / (U_2 U_3), f_1x the x-force on sphere 1 at contact (1,5).
  const double P = 4.0 * pb.contacts[0].force.x() / (U.y() * U.z());
  struct Faces {
    long sphere;
    std::vector<std::pair<long, long>> pairs;
  };
  const std::vector<Faces> faces = {
      {1, {{6, 4}, {2, 6}}},
      {2, {{7, 1}, {3, 7}}},
      {3, {{8, 2}, {4, 8}}},
      {4, {{9, 3}, {1, 9}}},
      {6, {{9, 1}, {1, 7}, {11, 9}, {7, 11}}},
      {7, {{6, 2}, {2, 8}, {12, 6}, {8, 12}}},
      {8, {{7, 3}, {3, 9}, {13, 7}, {9, 13}}},
      {9, {{8, 4}, {4, 6}, {14, 8}, {6, 14}}},
      {11, {{14, 6}, {6, 12}}},
      {12, {{11, 7}, {7, 13}}},
      {13, {{12, 8}, {8, 14}}},
      {14, {{13, 9}, {9, 11}}},
  };
  const Dof u[3] = {Dof::ux, Dof::uy, Dof::uz};
  const auto add_block = [&](long row_sphere, long col_sphere, const Mat3 &block) {
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        if (block(i, j) == 0.0) continue;
        FollowerStiffnessEntry e;
        e.row_particle = row_sphere;
        e.row_dof = u[i];
        e.col_particle = col_sphere;
        e.col_dof = u[j];
        e.value = block(i, j);
        pb.follower_stiffness.push_back(e);
      }
  };
  for (const Faces &f : faces) {
    const Vec3 xp = position(f.sphere);
    for (const auto &pr : f.pairs) {
      const Vec3 va = position(pr.first) - xp;
      const Vec3 vb = position(pr.second) - xp;
      const Vec3 nhat = va.cross(vb).normalized();
      const Mat3 NN = nhat * nhat.transpose();
      // Load change on the sphere: -(P/4) NN [([b]x - [a]x) du_p - [b]x du_qa
      // + [a]x du_qb]; K^g4 = -d p_ext / d x is its negative.
      const double k = P / 4.0;
      add_block(f.sphere, f.sphere, k * NN * (skew(vb) - skew(va)));
      add_block(f.sphere, pr.first, -k * NN * skew(vb));
      add_block(f.sphere, pr.second, k * NN * skew(va));
    }
  }

  // Control program (Constraints_Base.m, Constraints_Cap2.m,
  // Constraints_NoRotations.m); dc = 0 except the cap's displacement.
  const auto sum_of = [&](long first, Dof dof) {
    std::vector<ConstraintTerm> terms;
    for (long id = first; id < first + 4; ++id) terms.push_back(term(id, dof, 1.0));
    return terms;
  };
  const auto twirl = [&](long first) {
    std::vector<ConstraintTerm> terms;
    for (long id = first; id < first + 4; ++id) {
      const Vec3 x = position(id);
      terms.push_back(term(id, Dof::uy, x.x()));
      terms.push_back(term(id, Dof::ux, -x.y()));
    }
    return terms;
  };
  // Base 1-4: no vertical movement, no shift, no twirl (7 rows).
  for (long id = 1; id <= 4; ++id) pb.constraints.push_back(row({term(id, Dof::uz, 1.0)}));
  pb.constraints.push_back(row(sum_of(1, Dof::ux)));
  pb.constraints.push_back(row(sum_of(1, Dof::uy)));
  pb.constraints.push_back(row(twirl(1)));
  // Cap 11-14: no warping.
  pb.constraints.push_back(row({term(11, Dof::uz, 1.0), term(13, Dof::uz, 1.0),
                                term(12, Dof::uz, -1.0), term(14, Dof::uz, -1.0)}));
  if (constrained_cap) {
    // No tilt about x and y, no shift, no twist.
    pb.constraints.push_back(row({term(11, Dof::uz, 1.0), term(14, Dof::uz, 1.0),
                                  term(12, Dof::uz, -1.0), term(13, Dof::uz, -1.0)}));
    pb.constraints.push_back(row({term(11, Dof::uz, 1.0), term(12, Dof::uz, 1.0),
                                  term(13, Dof::uz, -1.0), term(14, Dof::uz, -1.0)}));
    pb.constraints.push_back(row(sum_of(11, Dof::ux)));
    pb.constraints.push_back(row(sum_of(11, Dof::uy)));
    pb.constraints.push_back(row(twirl(11)));
  }
  // Displacement control: the cap moves down by 0.001 on average.
  pb.constraints.push_back(row(sum_of(11, Dof::uz), 4.0 * (-0.001)));
  // Rotations of the base and cap spheres fixed (24 rows).
  for (long first : {1L, 11L})
    for (long id = first; id < first + 4; ++id)
      for (Dof dof : {Dof::tx, Dof::ty, Dof::tz}) pb.constraints.push_back(row({term(id, dof, 1.0)}));
  return pb;
}

void symmetrize_tetragonal(Matrix &A, Vector &b)
{
  if (A.rows() != 16 || A.cols() != 16 || b.size() != 16)
    throw std::invalid_argument("symmetrize_tetragonal: expects the 16 contacts of Example 2");
  // pi: the 4-fold rotation about z maps contact i to pi(i) (0-based).
  const int perm[16] = {1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12};
  std::vector<int> power(16);
  for (int i = 0; i < 16; ++i) power[static_cast<size_t>(i)] = i;    // pi^0
  Matrix sum = Matrix::Zero(16, 16);
  for (int k = 0; k < 4; ++k) {
    sum += A(power, power);
    for (int i = 0; i < 16; ++i) power[static_cast<size_t>(i)] = perm[power[static_cast<size_t>(i)]];
  }
  A = 0.25 * sum;
  // b -> its mean when all entries agree within 1e-16 (section 10.2).
  if (b.maxCoeff() - b.minCoeff() <= 1e-16) b.setConstant(b.mean());
}

}    // namespace examples
}    // namespace lcp
