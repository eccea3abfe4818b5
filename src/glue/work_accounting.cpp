#include "work_accounting.h"

#include "atom.h"
#include "atom_vec_body.h"
#include "body_orientation.h"

#include <algorithm>

using namespace LAMMPS_NS;

namespace body_dem {

void WorkAccounting::begin_step(int nall)
{
  sparse_ = false;
  resize(nall, 1);
  zero_slice(0);
}

void WorkAccounting::begin_sparse_step(int nall)
{
  if (!sparse_) {
    // from a dense step (or none): all rows zero once
    sparse_ = true;
    resize(nall, 1);
    std::fill(loads_.begin(), loads_.end(), 0.0);
    is_touched_.assign(loads_.size() / kValuesPerAtom, 0);
    touched_.clear();
    return;
  }
  for (const int i : touched_) {
    std::fill_n(row(i), kValuesPerAtom, 0.0);
    is_touched_[i] = 0;
  }
  touched_.clear();
  resize(nall, 1);    // new rows are zero
  if (is_touched_.size() < static_cast<size_t>(nall)) is_touched_.resize(nall, 0);
}

void WorkAccounting::resize(int nall, int nslices)
{
  nall_ = nall;
  nslices_ = nslices;
  const size_t n = slice_size() * nslices;
  if (loads_.size() < n) loads_.resize(n);
}

void WorkAccounting::zero_slice(int slice)
{
  const auto first = loads_.begin() + slice * slice_size();
  std::fill(first, first + slice_size(), 0.0);
}

void WorkAccounting::sum_slices(int from, int to)
{
  double *total = loads_.data();
  for (size_t m = static_cast<size_t>(from) * kValuesPerAtom; m < static_cast<size_t>(to) * kValuesPerAtom; m++)
    for (int s = 1; s < nslices_; s++) total[m] += total[s * slice_size() + m];
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

void WorkAccounting::add(int slice, int i, int j, const PairResult &r)
{
  double *base = loads_.data() + slice * slice_size();
  double *ri = base + static_cast<size_t>(i) * kValuesPerAtom, *rj = base + static_cast<size_t>(j) * kValuesPerAtom;
  add_load(ri, -r.ja_scaling.force_j, r.ja_scaling.torque_i);
  add_load(rj, r.ja_scaling.force_j, r.ja_scaling.torque_j);
  add_load(ri + 6, -r.dissipative.force_j, r.dissipative.torque_i);
  add_load(rj + 6, r.dissipative.force_j, r.dissipative.torque_j);
}

void WorkAccounting::add_wall(int i, const PairResult &r)
{
  if (sparse_) is_touched_[i] = 1;
  double *ri = row(i);
  add_load(ri, -r.ja_scaling.force_j, r.ja_scaling.torque_i);
  add_load(ri + 6, -r.dissipative.force_j, r.dissipative.torque_i);
}

void WorkAccounting::list_wall_rows(int n)
{
  if (!sparse_) return;
  touched_.clear();
  const int rows = std::min(n, static_cast<int>(is_touched_.size()));
  for (int i = 0; i < rows; i++)
    if (is_touched_[i]) touched_.push_back(i);
}

void WorkAccounting::local_power(Atom *atom, AtomVecBody *avec, double power[kParts]) const
{
  local_power(atom, avec, 0, atom->nlocal, power);
}

void WorkAccounting::local_power(Atom *atom, AtomVecBody *avec, int from, int to, double power[kParts]) const
{
  power[0] = power[1] = 0.0;
  if (loads_.size() < static_cast<size_t>(to) * kValuesPerAtom) return;
  double **v = atom->v, **angmom = atom->angmom;
  const int *body = atom->body;
  // sparse: the loaded rows only (ascending, as the full scan visits them)
  const int count = sparse_ ? static_cast<int>(touched_.size()) : to - from;
  for (int k = 0; k < count; k++) {
    const int i = sparse_ ? touched_[k] : from + k;
    if (i < from || i >= to) continue;
    const double *r = &loads_[static_cast<size_t>(i) * kValuesPerAtom];
    bool loaded = false;
    for (int m = 0; m < kValuesPerAtom; m++) loaded = loaded || r[m] != 0.0;
    if (!loaded) continue;    // most atoms, for a wall
    double omega[3] = {0.0, 0.0, 0.0};
    if (body[i] >= 0) {
      const AtomVecBody::Bonus *bonus = &avec->bonus[body[i]];
      space_frame_omega(angmom[i], bonus->quat, bonus->inertia).to(omega);
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
