// pair_style body/rounded/polygon: LAMMPS glue of the 2d style. It parses
// the input, keeps the per-pair history in the host's NEIGH_HISTORY fix,
// transforms each body's vertices to the space frame once per step, and
// accumulates what polygon_pair_forces() returns for each neighbour pair.

#include "pair_body_rounded_polygon.h"

#include "atom.h"
#include "atom_vec_body.h"
#include "body_rounded_polygon.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "fix_body_work.h"
#include "fix_dummy.h"
#include "fix_neigh_history.h"
#include "force.h"
#include "memory.h"
#include "modify.h"
#include "neigh_list.h"
#include "neigh_request.h"
#include "neighbor.h"
#include "update.h"

#include "polygon_pair_kernel.h"
#include "style_args.h"

#include <algorithm>
#include <cstring>

using namespace LAMMPS_NS;
using body_dem::Vec3;

namespace {
const char *const kCommand = "pair_style body/rounded/polygon";
}

PairBodyRoundedPolygonDEM::PairBodyRoundedPolygonDEM(LAMMPS *lmp) : Pair(lmp)
{
  single_enable = 0;
  restartinfo = 0;
  one_coeff = 0;
  // Extra quantities read by compute pair: [0] work of the j_a scaling,
  // [1] work of damping and friction, accumulated since the style was defined.
  nextra = 2;
  pvector = new double[nextra];
  pvector[0] = pvector[1] = 0.0;
  // History per pair is xi (3 values), antisymmetric under i <-> j, which
  // is the host's default transfer between the two atoms' neighbor lists.
  nondefault_history_transfer = 0;
  // The work is integrated at the end of each step, when the velocities
  // are those of the positions (see work_accounting.h): an internal fix
  // calls back. Loads on ghost atoms are summed onto their owners.
  comm_reverse = body_dem::WorkAccounting::kValuesPerAtom;
  fix_work = dynamic_cast<FixBodyWork *>(modify->add_fix(work_fix_id() + " all BODY_DEM_WORK"));
  fix_work->client = this;
  // Placeholder replaced by the history fix in init_style(), so that the
  // history fix keeps the place of the pair style in the list of fixes.
  fix_dummy = dynamic_cast<FixDummy *>(
      modify->add_fix("NEIGH_HISTORY_BRPG_DUMMY" + std::to_string(instance_me) + " all DUMMY"));
}

PairBodyRoundedPolygonDEM::~PairBodyRoundedPolygonDEM()
{
  delete[] pvector;
  if (modify->find_fix(work_fix_id()) >= 0) modify->delete_fix(work_fix_id());
  if (fix_history)
    modify->delete_fix(history_fix_id());
  else if (modify->find_fix("NEIGH_HISTORY_BRPG_DUMMY" + std::to_string(instance_me)) >= 0)
    modify->delete_fix("NEIGH_HISTORY_BRPG_DUMMY" + std::to_string(instance_me));
  if (allocated) {
    memory->destroy(setflag);
    memory->destroy(cutsq);
  }
}

std::string PairBodyRoundedPolygonDEM::work_fix_id() const
{
  return "BODY_DEM_WORK_BRPG" + std::to_string(instance_me);
}

std::string PairBodyRoundedPolygonDEM::history_fix_id() const
{
  return "NEIGH_HISTORY_BRPG" + std::to_string(instance_me);
}

void PairBodyRoundedPolygonDEM::allocate()
{
  allocated = 1;
  const int n = atom->ntypes;
  memory->create(setflag, n + 1, n + 1, "pair:setflag");
  for (int i = 1; i <= n; i++)
    for (int j = i; j <= n; j++) setflag[i][j] = 0;
  memory->create(cutsq, n + 1, n + 1, "pair:cutsq");
  ntypes_alloc = n;
  coeffs.assign(static_cast<size_t>(n + 1) * (n + 1), body_dem::LinearContactCoeffs{});
  maxrad.assign(n + 1, 0.0);
}

/* pair_style body/rounded/polygon c_n c_t mu delta_ua cutoff [history] */

void PairBodyRoundedPolygonDEM::settings(int narg, char **arg)
{
  body_dem::StyleArgs args(lmp, kCommand);
  if (narg < 5 || narg > 6)
    args.fail("expected c_n c_t mu delta_ua cutoff [history], got " + std::to_string(narg) +
              " arguments");
  c_n = args.nonnegative(arg[0], "c_n");
  c_t = args.nonnegative(arg[1], "c_t");
  mu = args.nonnegative(arg[2], "mu");
  delta_ua = args.positive(arg[3], "delta_ua");
  cut_surface = args.nonnegative(arg[4], "cutoff");
  history = 0;
  if (narg == 6) {
    if (strcmp(arg[5], "history") != 0)
      args.fail(std::string("unknown keyword '") + arg[5] + "' (expected: history)");
    history = 1;
  }
  // Without history the friction magnitude mu k_n |delta_n| is capped by
  // c_t |v_t|: with c_t = 0 the friction would silently vanish.
  if (!history && mu > 0.0 && c_t == 0.0)
    args.fail("mu > 0 needs c_t > 0 without the history keyword (the friction force is capped "
              "by c_t |v_t|)");

  for (auto &c : coeffs) {
    c.c_n = c_n;
    c.c_t = c_t;
    c.mu = mu;
    c.cutoff = cut_surface;
  }
}

/* pair_coeff I J k_n k_na [k_t] */

void PairBodyRoundedPolygonDEM::coeff(int narg, char **arg)
{
  body_dem::StyleArgs args(lmp, "pair_coeff (body/rounded/polygon)");
  if (narg < 4 || narg > 5)
    args.fail("expected I J k_n k_na [k_t], got " + std::to_string(narg) + " arguments");
  if (!allocated) allocate();

  int ilo, ihi, jlo, jhi;
  utils::bounds(FLERR, arg[0], 1, atom->ntypes, ilo, ihi, error);
  utils::bounds(FLERR, arg[1], 1, atom->ntypes, jlo, jhi, error);

  body_dem::LinearContactCoeffs c;
  c.k_n = args.nonnegative(arg[2], "k_n");
  c.k_na = args.nonnegative(arg[3], "k_na");
  if (narg == 5) c.k_t = args.nonnegative(arg[4], "k_t");
  body_dem::apply_default_tangential_stiffness(c);
  c.c_n = c_n;
  c.c_t = c_t;
  c.mu = mu;
  c.cutoff = cut_surface;

  int count = 0;
  for (int i = ilo; i <= ihi; i++) {
    for (int j = std::max(jlo, i); j <= jhi; j++) {
      coeffs[i * (ntypes_alloc + 1) + j] = c;
      setflag[i][j] = 1;
      count++;
    }
  }
  if (count == 0) args.fail(std::string("no type pair in the ranges '") + arg[0] + "' '" + arg[1] + "'");
}

void PairBodyRoundedPolygonDEM::init_style()
{
  avec = dynamic_cast<AtomVecBody *>(atom->style_match("body"));
  if (!avec) error->all(FLERR, std::string(kCommand) + ": requires atom_style body");
  if (strcmp(avec->bptr->style, "rounded/polygon") != 0)
    error->all(FLERR, std::string(kCommand) + ": requires body style rounded/polygon, got " +
                          avec->bptr->style);
  bptr = dynamic_cast<BodyRoundedPolygon *>(avec->bptr);
  if (domain->dimension != 2)
    error->all(FLERR, std::string(kCommand) + ": requires a 2d simulation (dimension 2)");
  if (force->newton_pair == 0)
    error->all(FLERR, std::string(kCommand) + ": requires newton pair on");
  if (comm->ghost_velocity == 0)
    error->all(FLERR, std::string(kCommand) + ": requires ghost atoms to store velocity "
                                              "(comm_modify vel yes)");

  int nonbody = 0;
  for (int i = 0; i < atom->nlocal; i++)
    if (atom->body[i] < 0) nonbody++;
  int nonbody_all = 0;
  MPI_Allreduce(&nonbody, &nonbody_all, 1, MPI_INT, MPI_SUM, world);
  if (nonbody_all)
    error->all(FLERR, std::string(kCommand) + ": all atoms must be body particles, " +
                          std::to_string(nonbody_all) + " are not");

  const int irequest = neighbor->request(this, instance_me);
  if (history) neighbor->requests[irequest]->history = 1;

  if (history && !fix_history) {
    const std::string cmd = history_fix_id() + " all NEIGH_HISTORY " + std::to_string(size_history);
    fix_history = dynamic_cast<FixNeighHistory *>(
        modify->replace_fix("NEIGH_HISTORY_BRPG_DUMMY" + std::to_string(instance_me), cmd, 1));
    fix_history->pair = this;
    fix_dummy = nullptr;
  }

  // Largest enclosing radius (rounded surface included) of each type: the
  // neighbour cutoff of types I,J is maxrad[I] + maxrad[J] + cutoff.
  std::vector<double> local_max(atom->ntypes + 1, 0.0);
  for (int i = 0; i < atom->nlocal; i++)
    local_max[atom->type[i]] = std::max(local_max[atom->type[i]], atom->radius[i]);
  MPI_Allreduce(local_max.data(), maxrad.data(), atom->ntypes + 1, MPI_DOUBLE, MPI_MAX, world);
  // Types without atoms yet (e.g. to be poured) get the largest radius present.
  const double largest = *std::max_element(maxrad.begin() + 1, maxrad.end());
  for (int t = 1; t <= atom->ntypes; t++)
    if (maxrad[t] == 0.0) maxrad[t] = largest;
}

double PairBodyRoundedPolygonDEM::init_one(int i, int j)
{
  if (setflag[i][j] == 0)
    error->all(FLERR, std::string(kCommand) + ": no pair_coeff for atom types " + std::to_string(i) +
                          " " + std::to_string(j) + " (this style does not mix coefficients)");
  coeffs[j * (ntypes_alloc + 1) + i] = coeffs[i * (ntypes_alloc + 1) + j];
  return maxrad[i] + maxrad[j] + cut_surface;
}

body_dem::PairStepSettings PairBodyRoundedPolygonDEM::step_settings() const
{
  body_dem::PairStepSettings s;
  s.dt = update->dt;
  s.history = history;
  s.update_history = !update->setupflag;
  return s;
}

void PairBodyRoundedPolygonDEM::compute(int eflag, int vflag)
{
  ev_init(eflag, vflag);
  // Vertices to the space frame once per step, not once per neighbour pair.
  frames.refresh(atom, avec, bptr, atom->nlocal + atom->nghost);

  double **x = atom->x, **f = atom->f, **torque = atom->torque;
  const int *type = atom->type;
  const int nlocal = atom->nlocal;
  const double *radius = atom->radius;
  const body_dem::PairStepSettings settings = step_settings();
  work.begin_step(atom->nlocal + atom->nghost);

  int *touch = nullptr;
  double *history_values = nullptr;
  int overflow = 0;

  for (int ii = 0; ii < list->inum; ii++) {
    const int i = list->ilist[ii];
    const int *jlist = list->firstneigh[i];
    const int jnum = list->numneigh[i];
    if (history) {
      touch = fix_history->firstflag[i];
      history_values = fix_history->firstvalue[i];
    }
    for (int jj = 0; jj < jnum; jj++) {
      const int j = jlist[jj] & NEIGHMASK;
      const body_dem::LinearContactCoeffs &c = pair_coeffs(type[i], type[j]);
      const double dx = x[i][0] - x[j][0], dy = x[i][1] - x[j][1], dz = x[i][2] - x[j][2];
      const double reach = radius[i] + radius[j] + cut_surface;
      Vec3 xi;
      if (history) xi = Vec3::from(&history_values[3 * jj]);

      body_dem::PairResult r;
      if (dx * dx + dy * dy + dz * dz <= reach * reach) {
        body_dem::PolygonPairStatus status;
        r = body_dem::polygon_pair_forces(frames.shape(i), frames.motion(i), frames.shape(j),
                                          frames.motion(j), c, delta_ua,
                                          settings, history ? &xi : nullptr, &status);
        if (status.overflow) overflow++;
      }
      if (history) {
        if (!r.touching) xi = Vec3{};
        touch[jj] = r.touching ? 1 : 0;
        xi.to(&history_values[3 * jj]);
      }

      const body_dem::PairLoad &load = r.total;
      f[i][0] -= load.force_j.x;
      f[i][1] -= load.force_j.y;
      f[i][2] -= load.force_j.z;
      f[j][0] += load.force_j.x;
      f[j][1] += load.force_j.y;
      f[j][2] += load.force_j.z;
      torque[i][0] += load.torque_i.x;
      torque[i][1] += load.torque_i.y;
      torque[i][2] += load.torque_i.z;
      torque[j][0] += load.torque_j.x;
      torque[j][1] += load.torque_j.y;
      torque[j][2] += load.torque_j.z;
      work.add(i, j, r);
      if (evflag)
        ev_tally_xyz(i, j, nlocal, force->newton_pair, r.energy, 0.0, -load.force_j.x, -load.force_j.y,
                     -load.force_j.z, dx, dy, dz);
    }
  }

  if (overflow)
    error->one(FLERR, std::string(kCommand) + ": a pair of bodies has more candidate contacts than " +
                          std::to_string(body_dem::kMaxPolygonContacts) +
                          "; use bodies with fewer vertices");

  comm->reverse_comm_pair(this);
  if (vflag_fdotr) virial_fdotr_compute();
}

int PairBodyRoundedPolygonDEM::pack_reverse_comm(int n, int first, double *buf)
{
  const int nv = body_dem::WorkAccounting::kValuesPerAtom;
  for (int k = 0; k < n; k++) {
    const double *row = work.row(first + k);
    for (int m = 0; m < nv; m++) buf[nv * k + m] = row[m];
  }
  return nv * n;
}

void PairBodyRoundedPolygonDEM::unpack_reverse_comm(int n, int *list, double *buf)
{
  const int nv = body_dem::WorkAccounting::kValuesPerAtom;
  for (int k = 0; k < n; k++) {
    double *row = work.row(list[k]);
    for (int m = 0; m < nv; m++) row[m] += buf[nv * k + m];
  }
}

// Each rank integrates the power of its own atoms: the sum over ranks of
// the trapezoidal rule is the trapezoidal rule of the total power, also
// when atoms migrate, and compute pair sums pvector over the ranks.
void PairBodyRoundedPolygonDEM::work_setup()
{
  double power[body_dem::WorkAccounting::kParts];
  work.local_power(atom, avec, power);
  work.start(power);
}

void PairBodyRoundedPolygonDEM::work_end_of_step()
{
  double power[body_dem::WorkAccounting::kParts];
  work.local_power(atom, avec, power);
  work.integrate(update->dt, power, pvector);
}

double PairBodyRoundedPolygonDEM::memory_usage()
{
  return Pair::memory_usage() + frames.memory_usage() + work.memory_usage();
}
