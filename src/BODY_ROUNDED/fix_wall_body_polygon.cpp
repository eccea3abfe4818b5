// fix wall/body/polygon: the host's syntax (k_n c_n c_t wallstyle args
// [wiggle dim amplitude period]) with the contact law of the package's
// pair_style body/rounded/polygon: the wall is a flat (or circular) body
// without rounding and without cohesion; friction and its spring (with
// the pair style's history keyword) as between two bodies.

#include "fix_wall_body_polygon.h"

#include "atom.h"
#include "atom_vec_body.h"
#include "body_rounded_polygon.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "force.h"
#include "memory.h"
#include "update.h"

#include "pair_body_rounded_polygon.h"
#include "polygon_wall_contacts.h"
#include "style_args.h"

#include <cmath>
#include <cstring>
#include <mpi.h>

using namespace LAMMPS_NS;
using namespace FixConst;
using body_dem::Vec3;

namespace {
const char *const kCommand = "fix wall/body/polygon";
}

FixWallBodyPolygonDEM::FixWallBodyPolygonDEM(LAMMPS *lmp, int narg, char **arg) : Fix(lmp, narg, arg)
{
  body_dem::StyleArgs args(lmp, kCommand);
  if (narg < 7)
    args.fail("expected k_n c_n c_t wallstyle args [wiggle dim amplitude period], got " +
              std::to_string(narg - 3) + " arguments");
  k_n = args.nonnegative(arg[3], "k_n");
  c_n = args.nonnegative(arg[4], "c_n");
  c_t = args.nonnegative(arg[5], "c_t");

  int iarg = 6;
  const std::string style = arg[iarg];
  if (style == "xplane" || style == "yplane") {
    wallstyle = style == "xplane" ? WallStyle::xplane : WallStyle::yplane;
    if (narg < iarg + 3) args.fail(style + " expects lo hi (either may be NULL)");
    has_lo = strcmp(arg[iarg + 1], "NULL") != 0;
    has_hi = strcmp(arg[iarg + 2], "NULL") != 0;
    if (!has_lo && !has_hi) args.fail(style + ": lo and hi cannot both be NULL");
    if (has_lo) lo = args.number(arg[iarg + 1], "lo");
    if (has_hi) hi = args.number(arg[iarg + 2], "hi");
    if (has_lo && has_hi && lo >= hi) args.fail(style + ": lo must be below hi");
    iarg += 3;
  } else if (style == "zcylinder") {
    if (narg < iarg + 2) args.fail("zcylinder expects a radius");
    cylinder_radius = args.positive(arg[iarg + 1], "radius");
    has_lo = true;    // one wall
    iarg += 2;
  } else {
    args.fail("unknown wallstyle '" + style + "' (expected xplane, yplane or zcylinder)");
  }

  while (iarg < narg) {
    if (strcmp(arg[iarg], "wiggle") == 0) {
      if (narg < iarg + 4) args.fail("wiggle expects dim amplitude period");
      const std::string dim = arg[iarg + 1];
      if (dim == "x") wiggle_axis = 0;
      else if (dim == "y") wiggle_axis = 1;
      else if (dim == "z") wiggle_axis = 2;
      else args.fail("wiggle dim must be x, y or z, got '" + dim + "'");
      amplitude = args.number(arg[iarg + 2], "amplitude");
      period = args.positive(arg[iarg + 3], "period");
      if (wallstyle == WallStyle::zcylinder && wiggle_axis != 2)
        args.fail("a zcylinder wall can only wiggle in z");
      // The host's syntax allows z; in 2d the walls are lines in the plane
      // and a motion along z would only add an out-of-plane sliding
      // velocity, so it is accepted and has no effect.
      if (wiggle_axis == 2) {
        if (comm->me == 0)
          error->warning(FLERR, std::string(kCommand) + ": a wiggle along z has no effect in 2d");
      } else {
        wiggle = 1;
      }
      iarg += 4;
    } else {
      args.fail(std::string("unknown keyword '") + arg[iarg] + "' (expected wiggle)");
    }
  }

  if (domain->dimension != 2) args.fail("requires a 2d simulation (dimension 2)");
  if ((wallstyle == WallStyle::xplane && domain->xperiodic) ||
      (wallstyle == WallStyle::yplane && domain->yperiodic) ||
      (wallstyle == WallStyle::zcylinder && (domain->xperiodic || domain->yperiodic)))
    args.fail("a dimension with a wall must be non-periodic");

  omega_wiggle = wiggle ? 2.0 * M_PI / period : 0.0;
  time_origin = update->ntimestep;

  // Elastic wall energy as global scalar (with fix_modify energy yes it is
  // part of pe); for the energy balance, a global vector: [1] accumulated
  // work of the wall's damping and friction on the bodies, [2] accumulated
  // work that a moving (wiggling) wall does through its elastic forces.
  scalar_flag = 1;
  vector_flag = 1;
  size_vector = 2;
  global_freq = 1;
  extscalar = 1;
  extvector = 1;
  energy_global_flag = 1;
  restart_peratom = 1;
  create_attribute = 1;

  grow_arrays(atom->nmax);
  atom->add_callback(Atom::GROW);
  atom->add_callback(Atom::RESTART);
  for (int i = 0; i < atom->nlocal; i++) set_arrays(i);
}

FixWallBodyPolygonDEM::~FixWallBodyPolygonDEM()
{
  atom->delete_callback(id, Atom::GROW);
  atom->delete_callback(id, Atom::RESTART);
  memory->destroy(wall_history);
}

int FixWallBodyPolygonDEM::setmask()
{
  return POST_FORCE | END_OF_STEP;
}

void FixWallBodyPolygonDEM::init()
{
  avec = dynamic_cast<AtomVecBody *>(atom->style_match("body"));
  if (!avec || strcmp(avec->bptr->style, "rounded/polygon") != 0)
    error->all(FLERR, std::string(kCommand) + ": requires atom_style body with body style rounded/polygon");
  bptr = dynamic_cast<BodyRoundedPolygon *>(avec->bptr);

  // "^": also the /omp variant, which derives from the same class.
  auto *pair = dynamic_cast<PairBodyRoundedPolygonDEM *>(force->pair_match("^body/rounded/polygon", 0));
  if (!pair)
    error->all(FLERR, std::string(kCommand) + ": requires pair_style body/rounded/polygon (of the "
                                              "body-dem plugin) for its friction settings");
  history = pair->history_enabled();
  coeffs = body_dem::LinearContactCoeffs{};
  coeffs.k_n = k_n;
  coeffs.k_na = 0.0;    // no cohesion with the wall
  coeffs.c_n = c_n;
  coeffs.c_t = c_t;
  coeffs.mu = pair->friction_coefficient();
  coeffs.cutoff = 0.0;
  body_dem::apply_default_tangential_stiffness(coeffs);
  if (!history && coeffs.mu > 0.0 && c_t == 0.0)
    error->all(FLERR, std::string(kCommand) + ": c_t must be > 0 when the pair style has mu > 0 and "
                                              "no history (the friction force is capped by c_t |v_t|)");
}

void FixWallBodyPolygonDEM::setup(int vflag)
{
  post_force(vflag);
  double power[body_dem::WorkAccounting::kParts];
  work.local_power(atom, avec, power);
  work.start(power);
  motion_power_previous = dot(elastic_on_bodies, wall_velocity_now());
}

// The work of the wall's damping and friction, integrated like the pair
// style's (work_accounting.h) once the velocities match the positions.
// Each rank integrates the power on its own atoms (see the pair style).
void FixWallBodyPolygonDEM::end_of_step()
{
  double power[body_dem::WorkAccounting::kParts];
  work.local_power(atom, avec, power);
  work.integrate(update->dt, power, work_local);
  // The elastic forces of a moving wall do the work F . v_wall on the
  // bodies (the wall's energy depends on its position too).
  const double motion_power = dot(elastic_on_bodies, wall_velocity_now());
  work_motion_local += 0.5 * update->dt * (motion_power_previous + motion_power);
  motion_power_previous = motion_power;
}

body_dem::Vec3 FixWallBodyPolygonDEM::wall_velocity_now() const
{
  if (!wiggle) return Vec3{};
  const double t = (update->ntimestep - time_origin) * update->dt;
  double vw[3] = {0.0, 0.0, 0.0};
  vw[wiggle_axis] = amplitude * omega_wiggle * std::sin(omega_wiggle * t);
  return Vec3::from(vw);
}

void FixWallBodyPolygonDEM::post_force(int /*vflag*/)
{
  const int nlocal = atom->nlocal;

  // Wall position and velocity (wiggle: coord + A - A cos(omega t)).
  double shift = 0.0;
  if (wiggle) {
    const double t = (update->ntimestep - time_origin) * update->dt;
    shift = amplitude - amplitude * std::cos(omega_wiggle * t);
  }
  const int wall_axis = wallstyle == WallStyle::yplane ? 1 : 0;
  const Vec3 wall_velocity = wall_velocity_now();
  const double normal_shift = (wiggle && wiggle_axis == wall_axis) ? shift : 0.0;

  body_dem::PairStepSettings settings;
  settings.dt = update->dt;
  settings.history = history;
  settings.update_history = !update->setupflag;

  double **f = atom->f, **torque = atom->torque;
  const int *mask = atom->mask;
  wall_energy = 0.0;
  elastic_on_bodies = Vec3{};
  work.begin_step(nlocal);
  body_dem::PolygonContactList contacts;
  double **x = atom->x;
  const double *radius = atom->radius;

  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & groupbit) || atom->body[i] < 0) continue;
    // Only bodies whose enclosing circle reaches a wall need their vertices.
    bool near[kWallsMax] = {false, false};
    if (wallstyle == WallStyle::zcylinder) {
      near[0] = std::hypot(x[i][0], x[i][1]) + radius[i] >= cylinder_radius;
    } else {
      near[0] = has_lo && x[i][wall_axis] - radius[i] <= lo + normal_shift;
      near[1] = has_hi && x[i][wall_axis] + radius[i] >= hi + normal_shift;
    }
    if (!near[0] && !near[1]) {
      if (history)
        for (int m = 0; m < kWallsMax * kHistoryPerWall; m++) wall_history[i][m] = 0.0;
      continue;
    }
    const int nv = body_dem::PolygonBodyFrames::vertex_count(atom, avec, bptr, i);
    if (static_cast<int>(vertex_buffer.size()) < nv) vertex_buffer.resize(nv);
    body_dem::PolygonShape shape;
    body_dem::BodyMotion motion;
    body_dem::PolygonBodyFrames::transform_one(atom, avec, bptr, i, vertex_buffer.data(), shape, motion);
    for (int w = 0; w < kWallsMax; w++) {
      if (!near[w]) {
        for (int m = 0; m < kHistoryPerWall; m++) wall_history[i][kHistoryPerWall * w + m] = 0.0;
        continue;
      }
      if (wallstyle == WallStyle::zcylinder) {
        body_dem::find_polygon_wall_contacts(shape, body_dem::CylinderWall{cylinder_radius}, 0.0, contacts);
      } else {
        double point[3] = {0.0, 0.0, 0.0}, inward[3] = {0.0, 0.0, 0.0};
        point[wall_axis] = (w == 0 ? lo : hi) + normal_shift;
        inward[wall_axis] = w == 0 ? 1.0 : -1.0;
        body_dem::find_polygon_wall_contacts(
            shape, body_dem::PlaneWall{Vec3::from(point), Vec3::from(inward)}, 0.0, contacts);
      }
      if (contacts.overflow)
        error->one(FLERR, std::string(kCommand) + ": a body has more than " +
                              std::to_string(body_dem::kMaxPolygonContacts) + " vertices touching a wall");
      body_dem::keep_two_farthest_contacts(contacts);
      Vec3 xi = Vec3::from(&wall_history[i][kHistoryPerWall * w]);
      body_dem::BodyMotion wall_motion;
      wall_motion.center = motion.center;
      wall_motion.velocity = wall_velocity;
      const body_dem::PairResult r = body_dem::linear_pair_forces(
          contacts.data(), contacts.size, 1.0, motion, wall_motion, coeffs, settings, history ? &xi : nullptr);
      if (!r.touching) xi = Vec3{};
      xi.to(&wall_history[i][kHistoryPerWall * w]);
      f[i][0] -= r.total.force_j.x;
      f[i][1] -= r.total.force_j.y;
      f[i][2] -= r.total.force_j.z;
      torque[i][0] += r.total.torque_i.x;
      torque[i][1] += r.total.torque_i.y;
      torque[i][2] += r.total.torque_i.z;
      wall_energy += r.energy;
      work.add_wall(i, r);
      elastic_on_bodies -= r.total.force_j - r.dissipative.force_j;
    }
  }
}

double FixWallBodyPolygonDEM::compute_scalar()
{
  MPI_Allreduce(&wall_energy, &wall_energy_all, 1, MPI_DOUBLE, MPI_SUM, world);
  return wall_energy_all;
}

double FixWallBodyPolygonDEM::compute_vector(int n)
{
  double local = n == 0 ? work_local[1] : work_motion_local, all = 0.0;
  MPI_Allreduce(&local, &all, 1, MPI_DOUBLE, MPI_SUM, world);
  return all;
}

double FixWallBodyPolygonDEM::memory_usage()
{
  return static_cast<double>(atom->nmax) * kWallsMax * kHistoryPerWall * sizeof(double) +
      vertex_buffer.capacity() * sizeof(Vec3) + work.memory_usage();
}

void FixWallBodyPolygonDEM::grow_arrays(int nmax)
{
  memory->grow(wall_history, nmax, kWallsMax * kHistoryPerWall, "wall/body/polygon:history");
}

void FixWallBodyPolygonDEM::copy_arrays(int i, int j, int /*delflag*/)
{
  for (int m = 0; m < kWallsMax * kHistoryPerWall; m++) wall_history[j][m] = wall_history[i][m];
}

void FixWallBodyPolygonDEM::set_arrays(int i)
{
  for (int m = 0; m < kWallsMax * kHistoryPerWall; m++) wall_history[i][m] = 0.0;
}

int FixWallBodyPolygonDEM::pack_exchange(int i, double *buf)
{
  for (int m = 0; m < kWallsMax * kHistoryPerWall; m++) buf[m] = wall_history[i][m];
  return kWallsMax * kHistoryPerWall;
}

int FixWallBodyPolygonDEM::unpack_exchange(int nlocal, double *buf)
{
  for (int m = 0; m < kWallsMax * kHistoryPerWall; m++) wall_history[nlocal][m] = buf[m];
  return kWallsMax * kHistoryPerWall;
}

int FixWallBodyPolygonDEM::pack_restart(int i, double *buf)
{
  // first value: the number of values for this atom, this one included
  const int n = kWallsMax * kHistoryPerWall + 1;
  buf[0] = n;
  for (int m = 0; m < kWallsMax * kHistoryPerWall; m++) buf[m + 1] = wall_history[i][m];
  return n;
}

void FixWallBodyPolygonDEM::unpack_restart(int nlocal, int nth)
{
  double **extra = atom->extra;
  int m = 0;
  for (int k = 0; k < nth; k++) m += static_cast<int>(extra[nlocal][m]);
  m++;
  for (int k = 0; k < kWallsMax * kHistoryPerWall; k++) wall_history[nlocal][k] = extra[nlocal][m++];
}

int FixWallBodyPolygonDEM::size_restart(int /*nlocal*/)
{
  return kWallsMax * kHistoryPerWall + 1;
}

int FixWallBodyPolygonDEM::maxsize_restart()
{
  return kWallsMax * kHistoryPerWall + 1;
}
