#include "work_accounting.h"

#include "atom.h"
#include "atom_vec_body.h"
#include "math_extra.h"

#include <algorithm>

using namespace LAMMPS_NS;

namespace body_dem {

void WorkAccounting::begin_step(int nall)
{
  const size_t n = static_cast<size_t>(nall) * kValuesPerAtom;
  if (loads_.size() < n) loads_.resize(n);
  std::fill(loads_.begin(), loads_.begin() + n, 0.0);
}

namespace {
void add_load(double *row, const Vec3 &force, const Vec3 &torque)
{
  row[0] += force.x;
  row[1] += force.y;
  row[2] += force.z;
  row[3] += torque.x;
  row[4] += torque.y;
  row[5] += torque.z;
}
}    // namespace

void WorkAccounting::add(int i, int j, const PairResult &r)
{
  double *ri = row(i), *rj = row(j);
  add_load(ri, -r.ja_scaling.force_j, r.ja_scaling.torque_i);
  add_load(rj, r.ja_scaling.force_j, r.ja_scaling.torque_j);
  add_load(ri + 6, -r.dissipative.force_j, r.dissipative.torque_i);
  add_load(rj + 6, r.dissipative.force_j, r.dissipative.torque_j);
}

void WorkAccounting::add_wall(int i, const PairResult &r)
{
  double *ri = row(i);
  add_load(ri, -r.ja_scaling.force_j, r.ja_scaling.torque_i);
  add_load(ri + 6, -r.dissipative.force_j, r.dissipative.torque_i);
}

void WorkAccounting::local_power(Atom *atom, AtomVecBody *avec, double power[kParts]) const
{
  power[0] = power[1] = 0.0;
  const int nlocal = atom->nlocal;
  if (loads_.size() < static_cast<size_t>(nlocal) * kValuesPerAtom) return;
  double **v = atom->v, **angmom = atom->angmom;
  const int *body = atom->body;
  for (int i = 0; i < nlocal; i++) {
    const double *r = &loads_[static_cast<size_t>(i) * kValuesPerAtom];
    bool loaded = false;
    for (int m = 0; m < kValuesPerAtom; m++) loaded = loaded || r[m] != 0.0;
    if (!loaded) continue;    // most atoms, for a wall
    double omega[3] = {0.0, 0.0, 0.0};
    if (body[i] >= 0) {
      AtomVecBody::Bonus *bonus = &avec->bonus[body[i]];
      MathExtra::mq_to_omega(angmom[i], bonus->quat, bonus->inertia, omega);
    }
    for (int part = 0; part < kParts; part++) {
      const double *q = r + 6 * part;
      power[part] += q[0] * v[i][0] + q[1] * v[i][1] + q[2] * v[i][2] + q[3] * omega[0] +
          q[4] * omega[1] + q[5] * omega[2];
    }
  }
}

void WorkAccounting::start(const double power[kParts])
{
  for (int part = 0; part < kParts; part++) previous_[part] = power[part];
  started_ = true;
}

void WorkAccounting::integrate(double dt, const double power[kParts], double *work)
{
  if (!started_) start(power);
  for (int part = 0; part < kParts; part++) {
    work[part] += 0.5 * dt * (previous_[part] + power[part]);
    previous_[part] = power[part];
  }
}

}    // namespace body_dem
