// The quasi-static incremental problem of a frictional assembly of disks
// (2d) or spheres (3d), as doc/LCP_SPEC.md states it: particles,
// contacts with their current forces and contact law, displacement
// constraints C d = dc, applied load increments dp. Plain data, no LAMMPS:
// the command-line program reads it from JSON, the LAMMPS command
// quasistatic/lcp builds it from a packing, the incremental driver from its
// own state.
#ifndef QUASISTATIC_LCP_PROBLEM_H
#define QUASISTATIC_LCP_PROBLEM_H

#include <Eigen/Dense>

#include <array>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace lcp {

using Matrix = Eigen::MatrixXd;
using Vector = Eigen::VectorXd;
using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;

// Degrees of freedom of one particle: translations, then rotations.
// 2d problems use ux, uy and tz only.
enum class Dof { ux = 0, uy = 1, uz = 2, tx = 3, ty = 4, tz = 5 };

// Name of a dof as the JSON input spells it ("ux" ... "tz").
const char *dof_name(Dof dof);

struct Particle {
  long id = 0;
  Vec3 x = Vec3::Zero();    // centre (2d: z = 0)
  double radius = 0.0;
};

// One physical contact between particles p and q (listed once; the
// assembly adds its mirror variant).
struct Contact {
  long p = 0, q = 0;             // particle ids
  Vec3 force = Vec3::Zero();     // force on p from q (compression: force . n < 0)
  double kn = 0.0;               // normal stiffness
  double alpha = 1.0;            // k_t / k_n
  double mu = 0.0;               // friction coefficient
  // Radii of curvature of p's and q's surfaces at the contact point;
  // infinity = flat. 2d: the in-plane radius (out-of-plane curvature 0).
  double curvature_radius_p = 0.0;
  double curvature_radius_q = 0.0;
  // Periodic image: the branch vector is x_q + image_shift - x_p. Zero for
  // contacts inside the cell.
  Vec3 image_shift = Vec3::Zero();
};

struct ConstraintTerm {
  long particle = 0;
  Dof dof = Dof::ux;
  double coefficient = 0.0;
};

// One row of C d = dc.
struct Constraint {
  std::vector<ConstraintTerm> terms;
  double value = 0.0;
};

// One entry of dp (absent entries are zero).
struct Load {
  long particle = 0;
  Dof dof = Dof::ux;
  double value = 0.0;
};

// One entry of the follower-load stiffness K^g4 = -d p_ext / d x
// (LCP_SPEC.md 3.5): the load on (row_particle, row_dof) changes by
// -value * (movement of col_particle along col_dof).
struct FollowerStiffnessEntry {
  long row_particle = 0;
  Dof row_dof = Dof::ux;
  long col_particle = 0;
  Dof col_dof = Dof::ux;
  double value = 0.0;
};

struct Problem {
  int dimension = 3;    // 2 or 3
  std::vector<Particle> particles;
  std::vector<Contact> contacts;
  std::vector<Constraint> constraints;
  std::vector<Load> loads;
  std::vector<FollowerStiffnessEntry> follower_stiffness;
  // A contact is active (at the friction limit) when -f_n > 0 and
  // |f_t| > (1 - active_tolerance) mu (-f_n)  (LCP_SPEC.md 2.2).
  double active_tolerance = 1e-4;
};

// Bad problem data: names the field (as the JSON input names it, e.g.
// "contacts[3].p") and what was expected.
class InputError : public std::runtime_error {
 public:
  InputError(const std::string &field, const std::string &what)
      : std::runtime_error(field + ": " + what), field_(field) {}
  const std::string &field() const { return field_; }

 private:
  std::string field_;
};

}    // namespace lcp

#endif
