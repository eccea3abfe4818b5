#include "fix_nve_body_omp.h"

#include "atom.h"
#include "atom_vec_body.h"
#include "comm.h"
#include "error.h"
#include "group.h"
#include "math_extra.h"

#if defined(_OPENMP)
#include <omp.h>
#endif

using namespace LAMMPS_NS;

FixNVEBodyOMP::FixNVEBodyOMP(LAMMPS *lmp, int narg, char **arg) : FixNVE(lmp, narg, arg) {}

void FixNVEBodyOMP::init()
{
  avec = dynamic_cast<AtomVecBody *>(atom->style_match("body"));
  if (!avec) error->all(FLERR, "fix nve/body/omp: requires atom_style body");
  int nonbody = 0;
  for (int i = 0; i < atom->nlocal; i++)
    if ((atom->mask[i] & groupbit) && atom->body[i] < 0) nonbody++;
  int nonbody_all = 0;
  MPI_Allreduce(&nonbody, &nonbody_all, 1, MPI_INT, MPI_SUM, world);
  if (nonbody_all)
    error->all(FLERR, "fix nve/body/omp: all atoms of group " + std::string(group->names[igroup]) +
                          " must be body particles, " + std::to_string(nonbody_all) + " are not");
  FixNVE::init();
}

namespace {
// Half a step of the velocity by the force and of the angular momentum by
// the torque, for body i (the part both halves of the step share).
inline void kick(int i, double dtf, double **v, double **angmom, double **f, double **torque, const double *rmass)
{
  const double dtfm = dtf / rmass[i];
  for (int d = 0; d < 3; d++) {
    v[i][d] += dtfm * f[i][d];
    angmom[i][d] += dtf * torque[i][d];
  }
}
}    // namespace

int FixNVEBodyOMP::first_atoms() const
{
  return igroup == atom->firstgroup ? atom->nfirst : atom->nlocal;
}

void FixNVEBodyOMP::initial_integrate(int /*vflag*/)
{
  AtomVecBody::Bonus *const bonus = avec->bonus;
  const int *const body = atom->body;
  double **const x = atom->x;
  double **const v = atom->v;
  double **const f = atom->f;
  double **const angmom = atom->angmom;
  double **const torque = atom->torque;
  const double *const rmass = atom->rmass;
  const int *const mask = atom->mask;
  const int n = first_atoms();
  const double dtq = 0.5 * dtv;    // the host's half step of the orientation

#if defined(_OPENMP)
#pragma omp parallel for num_threads(comm->nthreads) schedule(static)
#endif
  for (int i = 0; i < n; i++) {
    if (!(mask[i] & groupbit)) continue;
    kick(i, dtf, v, angmom, f, torque, rmass);
    for (int d = 0; d < 3; d++) x[i][d] += dtv * v[i][d];
    // angular velocity at the half step, then the orientation a full step
    double omega[3];
    double *const inertia = bonus[body[i]].inertia;
    double *const quat = bonus[body[i]].quat;
    MathExtra::mq_to_omega(angmom[i], quat, inertia, omega);
    MathExtra::richardson(quat, angmom[i], omega, inertia, dtq);
  }
}

void FixNVEBodyOMP::final_integrate()
{
  double **const v = atom->v;
  double **const f = atom->f;
  double **const angmom = atom->angmom;
  double **const torque = atom->torque;
  const double *const rmass = atom->rmass;
  const int *const mask = atom->mask;
  const int n = first_atoms();

#if defined(_OPENMP)
#pragma omp parallel for num_threads(comm->nthreads) schedule(static)
#endif
  for (int i = 0; i < n; i++) {
    if (!(mask[i] & groupbit)) continue;
    kick(i, dtf, v, angmom, f, torque, rmass);
  }
}
