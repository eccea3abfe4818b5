/* ----------------------------------------------------------------------
   body-dem package: bond_style bpm/parallel (see the header and
   doc/bond_bpm_parallel.rst).
------------------------------------------------------------------------- */

#include "bond_bpm_parallel.h"

#include "style_args.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "host_compat.h"
#include "force.h"
#include "memory.h"
#include "modify.h"
#include "pair.h"
#include "update.h"

#include <cstring>
#include <string>

using namespace LAMMPS_NS;
using body_dem::Vec3;
namespace bpm = body_dem::bpm;

namespace {

const char *const kStyleCommand = "bond_style bpm/parallel";
const char *const kCoeffCommand = "bond_coeff (bond_style bpm/parallel)";

// The coefficients in the order of bond_coeff, for restart and data files.
constexpr int kCoeffCount = 12;
void coeffs_to_array(const bpm::ParallelBondCoeffs &c, double *a)
{
  const double values[kCoeffCount] = {c.r_i, c.r_o, c.l_b, c.S_n, c.S_t, c.S_tor, c.S_ben,
                                      c.zeta, c.sigma_c, c.tau_c, c.nonlinear ? 1.0 : 0.0, c.b_n};
  std::memcpy(a, values, sizeof(values));
}
bpm::ParallelBondCoeffs coeffs_from_array(const double *a)
{
  bpm::ParallelBondCoeffs c;
  c.r_i = a[0];
  c.r_o = a[1];
  c.l_b = a[2];
  c.S_n = a[3];
  c.S_t = a[4];
  c.S_tor = a[5];
  c.S_ben = a[6];
  c.zeta = a[7];
  c.sigma_c = a[8];
  c.tau_c = a[9];
  c.nonlinear = a[10] != 0.0;
  c.b_n = a[11];
  return c;
}

std::string coeff_error_text(bpm::ParallelBondCoeffError e, const bpm::ParallelBondCoeffs &c)
{
  using E = bpm::ParallelBondCoeffError;
  switch (e) {
    case E::r_i_negative: return fmt::format("argument r_i must be >= 0, got {}", c.r_i);
    case E::r_o_not_above_r_i: return fmt::format("argument r_o must be larger than r_i, got r_o = {}, r_i = {}", c.r_o, c.r_i);
    case E::l_b_not_positive: return fmt::format("argument l_b must be > 0, got {}", c.l_b);
    case E::S_n_not_positive: return fmt::format("argument S_n must be > 0, got {}", c.S_n);
    case E::stiffness_negative:
      return fmt::format("arguments S_t, S_tor and S_ben must be >= 0, got {}, {}, {}", c.S_t, c.S_tor, c.S_ben);
    case E::zeta_negative: return fmt::format("argument zeta must be >= 0, got {}", c.zeta);
    case E::sigma_c_not_positive: return fmt::format("argument sigma_c must be > 0, got {}", c.sigma_c);
    case E::tau_c_not_positive: return fmt::format("argument tau_c must be > 0, got {}", c.tau_c);
    case E::b_n_not_positive: return fmt::format("argument b_n of keyword nonlinear must be > 0, got {}", c.b_n);
    case E::none: break;
  }
  return "";
}

void add_to(double *a, const Vec3 &v)
{
  a[0] += v.x;
  a[1] += v.y;
  a[2] += v.z;
}

}    // namespace

BondBPMParallel::BondBPMParallel(LAMMPS *lmp) : Bond(lmp)
{
  writedata = 1;
}

BondBPMParallel::~BondBPMParallel()
{
  if (allocated) memory->destroy(setflag);
  // The histories belong to this style; a new bond style starts afresh.
  if (modify && host::has_fix(modify, kHistoryFixID)) modify->delete_fix(kHistoryFixID);
}

void BondBPMParallel::allocate()
{
  allocated = 1;
  const int n = atom->nbondtypes;
  coeffs.assign(n + 1, bpm::ParallelBondCoeffs{});
  memory->create(setflag, n + 1, "bond:setflag");
  for (int i = 1; i <= n; i++) setflag[i] = 0;
}

void BondBPMParallel::settings(int narg, char **arg)
{
  if (narg > 0)
    body_dem::StyleArgs(lmp, kStyleCommand)
        .fail(std::string("takes no arguments, got '") + arg[0] + "' (the coefficients go to bond_coeff)");
}

void BondBPMParallel::coeff(int narg, char **arg)
{
  body_dem::StyleArgs args(lmp, kCoeffCommand);
  if (narg != 11 && narg != 13)
    args.fail("expected N r_i r_o l_b S_n S_t S_tor S_ben zeta sigma_c tau_c [nonlinear b_n], got " +
              std::to_string(narg) + " arguments");
  if (!allocated) allocate();
  // Bond types, parsed as the host does but with this command's message.
  int ilo = 0, ihi = 0;
  utils::bounds(FLERR, arg[0], 1, atom->nbondtypes, ilo, ihi, nullptr);
  if (ilo < 1 || ihi > atom->nbondtypes || ilo > ihi)
    args.fail(fmt::format("argument N must be a bond type or a range of bond types within 1-{}, got '{}'",
                          atom->nbondtypes, arg[0]));

  bpm::ParallelBondCoeffs c;
  c.r_i = args.number(arg[1], "r_i");
  c.r_o = args.number(arg[2], "r_o");
  c.l_b = args.number(arg[3], "l_b");
  c.S_n = args.number(arg[4], "S_n");
  c.S_t = args.number(arg[5], "S_t");
  c.S_tor = args.number(arg[6], "S_tor");
  c.S_ben = args.number(arg[7], "S_ben");
  c.zeta = args.number(arg[8], "zeta");
  c.sigma_c = args.number(arg[9], "sigma_c");
  c.tau_c = args.number(arg[10], "tau_c");
  if (narg == 13) {
    if (std::strcmp(arg[11], "nonlinear") != 0)
      args.fail(std::string("unknown keyword '") + arg[11] + "' (expected nonlinear b_n)");
    c.nonlinear = true;
    c.b_n = args.number(arg[12], "b_n");
  }
  const bpm::ParallelBondCoeffError e = bpm::check_coeffs(c);
  if (e != bpm::ParallelBondCoeffError::none) args.fail(coeff_error_text(e, c));

  for (int i = ilo; i <= ihi; i++) {
    coeffs[i] = c;
    setflag[i] = 1;
  }
}

void BondBPMParallel::init_style()
{
  body_dem::StyleArgs args(lmp, kStyleCommand);
  if (!atom->radius_flag || !atom->rmass_flag || !atom->omega_flag || !atom->torque_flag)
    args.fail("requires finite-size spheres with radius, mass, angular velocity and torque "
              "(e.g. atom_style hybrid sphere bond)");
  // The style walks the atoms' bond lists itself (the slot of a bond is
  // where its history is), so it cannot share them with other styles.
  if (force->bond != this) args.fail("cannot be a sub-style of bond_style hybrid");
  // Each bond must be stored once, on one atom, with its history next to
  // it; with newton_bond off both atoms store it.
  if (!force->newton_bond) args.fail("requires newton_bond on (newton on, or newton off on)");
  if (!comm->ghost_velocity) args.fail("requires ghost atoms with velocities (comm_modify vel yes)");
  if (update->whichflag == 2)
    args.fail("cannot be used with minimize (its shear force and moments grow with the velocities over a time step)");
  // A bond breaks by being removed; its two particles must then meet
  // through the pair style, which would skip them as special neighbours.
  // Checked for runs only: create_bonds, which also initialises the
  // styles, wants the 1-2 neighbours excluded while it works.
  if (update->whichflag == 1 && force->pair &&
      (force->special_lj[1] != 1.0 || force->special_lj[2] != 1.0 || force->special_lj[3] != 1.0))
    args.fail("requires special_bonds lj 1 1 1 with a pair style, so that the particles of bonds (intact "
              "and broken) interact through the pair style; got special_bonds lj " +
              fmt::format("{} {} {}", force->special_lj[1], force->special_lj[2], force->special_lj[3]));

  history_width = bpm::ParallelBondHistory::kSize * atom->bond_per_atom;
  Fix *existing = host::fix_by_id(modify, kHistoryFixID);
  if (!existing) {
    // Re-created with the same ID and style after read_restart, the store
    // gets its values back from the restart file.
    history = dynamic_cast<host::PerAtomStore *>(
        modify->add_fix(std::string(kHistoryFixID) + " all " + host::per_atom_store_args(history_width)));
  } else {
    history = dynamic_cast<host::PerAtomStore *>(existing);
  }
  if (!history || host::per_atom_store_width(history) != history_width)
    error->all(FLERR, "bond_style bpm/parallel: the bond history store {} does not match {} bonds per atom",
               kHistoryFixID, atom->bond_per_atom);

  // the largest sphere with a bond (stored on it or on its partner)
  double local_max = 0.0;
  for (int i = 0; i < atom->nlocal; i++)
    if (atom->nspecial[i][0] > 0) local_max = std::max(local_max, atom->radius[i]);
  MPI_Allreduce(&local_max, &max_radius, 1, MPI_DOUBLE, MPI_MAX, world);
}

void BondBPMParallel::compute(int eflag, int vflag)
{
  ev_init(eflag, vflag);

  double **x = atom->x, **v = atom->v, **omega = atom->omega;
  double **f = atom->f, **torque = atom->torque;
  const double *radius = atom->radius, *rmass = atom->rmass;
  const tagint *tag = atom->tag;
  int *num_bond = atom->num_bond;
  int **bond_type = atom->bond_type;
  tagint **bond_atom = atom->bond_atom;
  double **store = history->astore;
  const int nlocal = atom->nlocal;
  // The host's setup recomputes the forces of the current state, over no
  // time: the springs must not grow then (nor at each new run command).
  const double dt_increment = update->setupflag ? 0.0 : update->dt;

  int nbroken = 0;
  for (int i = 0; i < nlocal; i++) {
    for (int m = 0; m < num_bond[i];) {
      const int type = bond_type[i][m];
      if (type <= 0) {    // turned off by the host (e.g. delete_bonds)
        ++m;
        continue;
      }
      int j = atom->map(bond_atom[i][m]);
      if (j < 0)
        error->one(FLERR,
                   "bond_style bpm/parallel: atom {} of the bond {}-{} is missing on proc {} at step {} "
                   "(increase comm_modify cutoff to the longest bond)",
                   bond_atom[i][m], tag[i], bond_atom[i][m], comm->me, update->ntimestep);
      j = domain->closest_image(i, j);

      const bpm::ParallelBondCoeffs &c = coeffs[type];
      const bpm::ParallelBondProperties p = bpm::bond_properties(c, radius[i], radius[j], rmass[i], rmass[j]);
      if (c.nonlinear && !(c.b_n > p.L_b))
        error->one(FLERR,
                   "bond_coeff (bond_style bpm/parallel): argument b_n = {} of bond type {} must be larger than "
                   "the bond length L_b = {} of the bond {}-{}",
                   c.b_n, type, p.L_b, tag[i], tag[j]);

      double *stored = store[i] + bpm::ParallelBondHistory::kSize * m;
      bpm::ParallelBondHistory h = bpm::ParallelBondHistory::load(stored);
      const Vec3 dx = Vec3::from(x[i]) - Vec3::from(x[j]);
      const bpm::BondParticle pi{Vec3::from(v[i]), Vec3::from(omega[i]), radius[i]};
      const bpm::BondParticle pj{Vec3::from(v[j]), Vec3::from(omega[j]), radius[j]};
      const bpm::ParallelBondLoads loads = bpm::update_parallel_bond(c, p, dx, pi, pj, dt_increment, h);
      if (loads.broken) {
        remove_bond(i, m);    // the next bond moves into slot m
        ++nbroken;
        continue;
      }
      h.store(stored);
      add_to(f[i], loads.force_i);
      add_to(f[j], -loads.force_i);
      add_to(torque[i], loads.torque_i);
      add_to(torque[j], loads.torque_j);
      if (evflag) tally(i, j, loads.energy, loads.force_i, dx);
      ++m;
    }
  }

  // One sum per step keeps the count and the host's number of bonds
  // (written to restart and data files) right on every rank.
  int nbroken_all = 0;
  MPI_Allreduce(&nbroken, &nbroken_all, 1, MPI_INT, MPI_SUM, world);
  nbroken_total += nbroken_all;
  atom->nbonds -= nbroken_all;
}

// A broken bond leaves the atom's list as with the host's fix bond/break
// (the later bonds and their histories move down one slot). Turning it
// off with a negative type instead would make the host's bond topology
// build, which looks up the partners of all bonds while no bond was off at
// the start of a run, stop with "Bond atoms missing" once the pieces fly
// apart.
void BondBPMParallel::remove_bond(int i, int m)
{
  int &n = atom->num_bond[i];
  const int width = bpm::ParallelBondHistory::kSize;
  double *row = history->astore[i];
  for (int k = m; k < n - 1; k++) {
    atom->bond_atom[i][k] = atom->bond_atom[i][k + 1];
    atom->bond_type[i][k] = atom->bond_type[i][k + 1];
    std::memcpy(row + width * k, row + width * (k + 1), sizeof(double) * width);
  }
  std::memset(row + width * (n - 1), 0, sizeof(double) * width);
  --n;
}

// Energy and virial with newton_bond on (required): the whole bond is
// tallied where it is computed, half of it per atom. The force is not
// along dx, so the virial is sum_a,b dx_a F_b (F on i) rather than the
// host's central-force tally.
void BondBPMParallel::tally(int i, int j, double ebond, const Vec3 &F, const Vec3 &dx)
{
  if (eflag_global) energy += ebond;
  if (eflag_atom) {
    eatom[i] += 0.5 * ebond;
    eatom[j] += 0.5 * ebond;
  }
  if (vflag_either) {
    const double w[6] = {dx.x * F.x, dx.y * F.y, dx.z * F.z, dx.x * F.y, dx.x * F.z, dx.y * F.z};
    for (int k = 0; k < 6; k++) {
      if (vflag_global) virial[k] += w[k];
      if (vflag_atom) {
        vatom[i][k] += 0.5 * w[k];
        vatom[j][k] += 0.5 * w[k];
      }
    }
  }
}

// The length at rest depends on the radii of the bonded particles; the
// host asks for one per type (e.g. to check the communication cutoff), so
// this is the longest a bond of the type can be at rest.
double BondBPMParallel::equilibrium_distance(int type)
{
  return coeffs[type].l_b * 2.0 * max_radius;
}

void BondBPMParallel::write_restart(FILE *fp)
{
  double a[kCoeffCount];
  for (int type = 1; type <= atom->nbondtypes; type++) {
    coeffs_to_array(coeffs[type], a);
    fwrite(a, sizeof(double), kCoeffCount, fp);
  }
  fwrite(&nbroken_total, sizeof(bigint), 1, fp);
}

void BondBPMParallel::read_restart(FILE *fp)
{
  allocate();
  std::vector<double> all(kCoeffCount * atom->nbondtypes);
  if (comm->me == 0) {
    utils::sfread(FLERR, all.data(), sizeof(double), all.size(), fp, nullptr, error);
    utils::sfread(FLERR, &nbroken_total, sizeof(bigint), 1, fp, nullptr, error);
  }
  MPI_Bcast(all.data(), static_cast<int>(all.size()), MPI_DOUBLE, 0, world);
  MPI_Bcast(&nbroken_total, 1, MPI_LMP_BIGINT, 0, world);
  for (int type = 1; type <= atom->nbondtypes; type++) {
    coeffs[type] = coeffs_from_array(&all[kCoeffCount * (type - 1)]);
    setflag[type] = 1;
  }
}

void BondBPMParallel::write_data(FILE *fp)
{
  for (int type = 1; type <= atom->nbondtypes; type++) {
    const bpm::ParallelBondCoeffs &c = coeffs[type];
    fmt::print(fp, "{} {:.17g} {:.17g} {:.17g} {:.17g} {:.17g} {:.17g} {:.17g} {:.17g} {:.17g} {:.17g}", type,
               c.r_i, c.r_o, c.l_b, c.S_n, c.S_t, c.S_tor, c.S_ben, c.zeta, c.sigma_c, c.tau_c);
    if (c.nonlinear) fmt::print(fp, " nonlinear {:.17g}", c.b_n);
    fmt::print(fp, "\n");
  }
}

// For compute bond/local and bond_write: the normal spring alone (its
// energy, and the force on i as fforce * (x_i - x_j)); the shear force and
// the moments live in the history, which a pair of atoms alone does not
// identify.
double BondBPMParallel::single(int type, double rsq, int i, int j, double &fforce)
{
  const bpm::ParallelBondCoeffs &c = coeffs[type];
  const bpm::ParallelBondProperties p =
      bpm::bond_properties(c, atom->radius[i], atom->radius[j], atom->rmass[i], atom->rmass[j]);
  const double r = std::sqrt(rsq);
  fforce = 0.0;
  if (!(r > 0.0) || (c.nonlinear && r >= c.b_n)) return 0.0;
  double scale = p.K_n * (r - p.L_b) / r;
  if (c.nonlinear) scale *= bpm::nonlinear_normal_factor(r, p.L_b, c.b_n);
  fforce = -scale;
  return bpm::normal_spring_energy(c, p, r);
}

double BondBPMParallel::memory_usage()
{
  return Bond::memory_usage() + coeffs.size() * sizeof(bpm::ParallelBondCoeffs);
}
