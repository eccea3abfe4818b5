#include "polygon_body_frames.h"

#include "atom.h"
#include "atom_vec_body.h"
#include "body_rounded_polygon.h"
#include "math_extra.h"

using namespace LAMMPS_NS;

namespace body_dem {

void PolygonBodyFrames::refresh(Atom *atom, AtomVecBody *avec, BodyRoundedPolygon *bptr, int n)
{
  const int *body = atom->body;
  double **x = atom->x, **v = atom->v, **angmom = atom->angmom;

  // Sizes only grow: after the first steps no allocation happens here.
  first_vertex_.resize(n + 1);
  int total = 0;
  for (int i = 0; i < n; i++) {
    first_vertex_[i] = total;
    if (body[i] >= 0) total += bptr->nsub(&avec->bonus[body[i]]);
  }
  first_vertex_[n] = total;
  if (static_cast<int>(vertices_.size()) < total) vertices_.resize(total);
  shapes_.resize(n);
  motions_.resize(n);

  double rot[3][3], disp[3], omega[3];
  for (int i = 0; i < n; i++) {
    PolygonShape &s = shapes_[i];
    s.vertices = vertices_.data() + first_vertex_[i];
    s.nvertices = first_vertex_[i + 1] - first_vertex_[i];
    s.rounded_radius = 0.0;
    BodyMotion &m = motions_[i];
    m.center = Vec3::from(x[i]);
    m.velocity = Vec3::from(v[i]);
    m.omega = Vec3{};
    if (body[i] < 0) continue;
    AtomVecBody::Bonus *bonus = &avec->bonus[body[i]];
    s.rounded_radius = bptr->rounded_radius(bonus);
    MathExtra::quat_to_mat(bonus->quat, rot);
    const double *coords = bptr->coords(bonus);
    Vec3 *out = vertices_.data() + first_vertex_[i];
    for (int k = 0; k < s.nvertices; k++) {
      MathExtra::matvec(rot, &coords[3 * k], disp);
      out[k] = m.center + Vec3::from(disp);
    }
    MathExtra::mq_to_omega(angmom[i], bonus->quat, bonus->inertia, omega);
    m.omega = Vec3::from(omega);
  }
}

double PolygonBodyFrames::memory_usage() const
{
  return vertices_.capacity() * sizeof(Vec3) + first_vertex_.capacity() * sizeof(int) +
      shapes_.capacity() * sizeof(PolygonShape) + motions_.capacity() * sizeof(BodyMotion);
}

}    // namespace body_dem
