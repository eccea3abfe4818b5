#include "fix_wall_body_base.h"

#include "atom.h"
#include "atom_vec_body.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "force.h"
#include "memory.h"
#include "update.h"

#include "body_storage_check.h"
#include "pair_body_base.h"
#include "style_args.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;
using body_dem::Vec3;

FixWallBodyBase::FixWallBodyBase(LAMMPS *lmp, int narg, char **arg, const std::string &style, int dim) :
    Fix(lmp, narg, arg), command("fix " + style), dimension(dim)
{
  // Elastic wall energy as global scalar (with fix_modify energy yes it is
  // part of pe); for the energy balance, a global vector: [1] accumulated
  // work of the walls' damping and friction on the bodies, [2] accumulated
  // work that a moving (wiggling) wall does through its elastic forces;
  // for wall loads, [3] [4] [5] the x, y, z of the whole force the walls
  // exert on the bodies of the group at the last step.
  scalar_flag = 1;
  vector_flag = 1;
  size_vector = 5;
  global_freq = 1;
  extscalar = 1;
  extvector = 1;
  energy_global_flag = 1;
  restart_peratom = 1;
  create_attribute = 1;

  if (domain->dimension != dimension)
    body_dem::StyleArgs(lmp, command).fail("requires a " + std::to_string(dimension) + "d simulation (dimension " +
                                           std::to_string(dimension) + ")");
  time_origin = update->ntimestep;
}

// Called by each wall style at the end of its constructor, after all
// arguments were accepted: a fix whose constructor raises an error is
// destroyed before LAMMPS lists it, and the host cannot remove the
// callbacks of an unlisted fix.
void FixWallBodyBase::register_per_atom_arrays()
{
  // an atom that moves to another rank takes its values along: room for
  // them in the host's exchange buffers
  maxexchange = values_per_atom();
  grow_arrays(atom->nmax);
  atom->add_callback(Atom::GROW);
  atom->add_callback(Atom::RESTART);
  callbacks_registered = true;
  for (int i = 0; i < atom->nlocal; i++) set_arrays(i);
}

FixWallBodyBase::~FixWallBodyBase()
{
  if (callbacks_registered) {
    atom->delete_callback(id, Atom::GROW);
    atom->delete_callback(id, Atom::RESTART);
  }
  memory->destroy(wall_history);
}

bool FixWallBodyBase::is_wallstyle(const char *word)
{
  return strcmp(word, "xplane") == 0 || strcmp(word, "yplane") == 0 || strcmp(word, "zplane") == 0 ||
      strcmp(word, "zcylinder") == 0;
}

void FixWallBodyBase::parse_walls(int narg, char **arg, int iarg)
{
  body_dem::StyleArgs args(lmp, command);
  const std::string planes = dimension == 2 ? "xplane, yplane or zcylinder" : "xplane, yplane, zplane or zcylinder";
  if (iarg >= narg) args.fail("expected a wallstyle (" + planes + ")");
  const std::string style = arg[iarg];
  if (style == "xplane" || style == "yplane" || (style == "zplane" && dimension == 3)) {
    wallstyle = style == "xplane" ? WallStyle::xplane : style == "yplane" ? WallStyle::yplane : WallStyle::zplane;
    wall_axis = style[0] - 'x';
    if (narg < iarg + 3) args.fail(style + " expects lo hi (either may be NULL)");
    has_lo = strcmp(arg[iarg + 1], "NULL") != 0;
    has_hi = strcmp(arg[iarg + 2], "NULL") != 0;
    if (!has_lo && !has_hi) args.fail(style + ": lo and hi cannot both be NULL");
    if (has_lo) lo = args.number(arg[iarg + 1], "lo");
    if (has_hi) hi = args.number(arg[iarg + 2], "hi");
    if (has_lo && has_hi && lo >= hi) args.fail(style + ": lo must be below hi");
    iarg += 3;
  } else if (style == "zcylinder") {
    wallstyle = WallStyle::zcylinder;
    if (narg < iarg + 2) args.fail("zcylinder expects a radius");
    cylinder_radius = args.positive(arg[iarg + 1], "radius");
    has_lo = true;    // one wall
    iarg += 2;
  } else {
    args.fail("unknown wallstyle '" + style + "' (expected " + planes + ")");
  }

  while (iarg < narg) {
    if (strcmp(arg[iarg], "wiggle") == 0) {
      if (narg < iarg + 4) args.fail("wiggle expects dim amplitude period");
      const std::string dim = arg[iarg + 1];
      if (dim == "x")
        wiggle_axis = 0;
      else if (dim == "y")
        wiggle_axis = 1;
      else if (dim == "z")
        wiggle_axis = 2;
      else
        args.fail("wiggle dim must be x, y or z, got '" + dim + "'");
      amplitude = args.number(arg[iarg + 2], "amplitude");
      period = args.positive(arg[iarg + 3], "period");
      if (wallstyle == WallStyle::zcylinder && wiggle_axis != 2) args.fail("a zcylinder wall can only wiggle in z");
      // The host's syntax allows z in 2d too; there the walls are lines in
      // the plane and a motion along z would only add an out-of-plane
      // sliding velocity, so it is accepted and has no effect.
      if (dimension == 2 && wiggle_axis == 2) {
        if (comm->me == 0) error->warning(FLERR, command + ": a wiggle along z has no effect in 2d");
      } else {
        wiggle = 1;
      }
      iarg += 4;
    } else if (strcmp(arg[iarg], "springs") == 0) {
      if (narg < iarg + 2) args.fail("springs expects the number of friction springs per body and wall");
      const char *value = arg[iarg + 1];
      char *end = nullptr;
      const long n = std::strtol(value, &end, 10);
      if (end == value || *end != '\0' || n < 1 || n > kMaxWallSpringSlots)
        args.fail("springs must be an integer 1-" + std::to_string(kMaxWallSpringSlots) +
                  " (friction springs per body and wall: the vertices of a body in overlap with a wall), got '" +
                  value + "'");
      springs_given = static_cast<int>(n);
      iarg += 2;
    } else if (const int used = parse_style_keyword(narg, arg, iarg)) {
      iarg += used;
    } else {
      args.fail(std::string("unknown keyword '") + arg[iarg] + "' (expected " + keywords_expected() + ")");
    }
  }

  const int *periodic = domain->periodicity;
  if ((wallstyle != WallStyle::zcylinder && periodic[wall_axis]) ||
      (wallstyle == WallStyle::zcylinder && (periodic[0] || periodic[1])))
    args.fail("a dimension with a wall must be non-periodic");
  omega_wiggle = wiggle ? 2.0 * M_PI / period : 0.0;
  spring_slots = springs_given ? springs_given : body_dem::default_wall_spring_slots(largest_vertex_count());
  keep_wall_values(style_wall_values);
  register_per_atom_arrays();
}

// The largest vertex count of the bodies of the fix's group now (all
// ranks); 0 without any.
int FixWallBodyBase::largest_vertex_count() const
{
  auto *bodies = dynamic_cast<AtomVecBody *>(atom->style_match("body"));
  int local = 0, largest = 0;
  if (bodies)
    for (int i = 0; i < atom->nlocal; i++)
      if ((atom->mask[i] & groupbit) && atom->body[i] >= 0)
        local = std::max(local, bodies->bonus[atom->body[i]].ivalue[0]);    // the vertex count of both body styles
  MPI_Allreduce(&local, &largest, 1, MPI_INT, MPI_MAX, world);
  return largest;
}

int FixWallBodyBase::setmask()
{
  return POST_FORCE | END_OF_STEP;
}

Vec3 FixWallBodyBase::wall_velocity_now() const
{
  if (!wiggle) return Vec3{};
  const double t = (update->ntimestep - time_origin) * update->dt;
  double vw[3] = {0.0, 0.0, 0.0};
  vw[wiggle_axis] = amplitude * omega_wiggle * std::sin(omega_wiggle * t);
  return Vec3::from(vw);
}

void FixWallBodyBase::begin_post_force()
{
  // Wall position and velocity (wiggle: coord + A - A cos(omega t)).
  normal_shift = 0.0;
  if (wiggle && wallstyle != WallStyle::zcylinder && wiggle_axis == wall_axis) {
    const double t = (update->ntimestep - time_origin) * update->dt;
    normal_shift = amplitude - amplitude * std::cos(omega_wiggle * t);
  }
  velocity = wall_velocity_now();
  wall_energy = 0.0;
  elastic_on_bodies = Vec3{};
  force_on_bodies = Vec3{};
  work.begin_sparse_step(atom->nlocal);
}

// The bodies of the group, but for those the pair style checked at its
// init (which runs before the fixes' init) with a rule at least as strict:
// each body is checked once.
void FixWallBodyBase::check_body_shapes()
{
  // first the bodies the host has yet to store (body_storage_check.h)
  body_dem::check_body_templates(lmp, command);

  shape_pair = dynamic_cast<PairBodyBase *>(force->pair_match("^body/rounded/", 0));
  shape_guard.check_all(
      lmp, command, [this](int i) { return shape_wanted(i); },
      [this](int i) { return body_shape_defect(i, wall_rounding_required_by()); });
}

bool FixWallBodyBase::shape_wanted(int i) const
{
  if (!(atom->mask[i] & groupbit)) return false;
  return !(shape_pair && shape_pair->checked_body_shapes_of(atom->type[i], wall_rounding_required_by() != nullptr));
}

body_dem::BodyMotion FixWallBodyBase::wall_motion(const Vec3 &center) const
{
  body_dem::BodyMotion m;
  m.center = center;    // only the body's torque is used; any point will do
  m.velocity = velocity;
  return m;
}

body_dem::PairStepSettings FixWallBodyBase::step_settings(bool history) const
{
  body_dem::PairStepSettings s;
  s.dt = update->dt;
  s.history = history;
  s.update_history = !update->setupflag;
  return s;
}

void FixWallBodyBase::forget_history(int i, int w)
{
  // Most bodies are far from a wall at most steps, and their values are
  // zero already: wall_live says which may not be, so that the loop does
  // not touch the values (two cache lines per body) of the far bodies.
  // Clearing all 36 or more values of every far body and wall each step
  // was a third of the walls' time on the settled 2d packing.
  unsigned char &live = wall_live[static_cast<size_t>(kWallsMax) * i + w];
  if (!live) return;
  live = 0;
  double *values = &wall_history[i][values_per_wall * w];
  for (int m = 0; m < values_per_wall; m++) values[m] = 0.0;
}

void FixWallBodyBase::wall_springs_overflow(tagint tag, int count) const
{
  error->one(FLERR, command + ": body of atom " + std::to_string(static_cast<long long>(tag)) + " has " +
                        std::to_string(count) + " vertices in overlap with a wall, more than the " +
                        std::to_string(spring_slots) +
                        " friction springs per body and wall (history, friction contact) hold; set the springs "
                        "keyword of the fix (at most " + std::to_string(kMaxWallSpringSlots) + ")");
  std::abort();    // not reached
}

void FixWallBodyBase::apply(int i, int w, const body_dem::PairResult &r, const Vec3 &xi)
{
  (r.touching ? xi : Vec3{}).to(&wall_history[i][values_per_wall * w]);
  wall_live[static_cast<size_t>(kWallsMax) * i + w] = 1;    // the law may have stored springs and values
  double **f = atom->f, **torque = atom->torque;
  f[i][0] -= r.total.force_j.x;
  f[i][1] -= r.total.force_j.y;
  f[i][2] -= r.total.force_j.z;
  torque[i][0] += r.total.torque_i.x;
  torque[i][1] += r.total.torque_i.y;
  torque[i][2] += r.total.torque_i.z;
  work.add_wall(i, r);
}

void FixWallBodyBase::setup(int vflag)
{
  int ignored = restart_ignored ? 1 : 0, ignored_any = 0;
  MPI_Allreduce(&ignored, &ignored_any, 1, MPI_INT, MPI_MAX, world);
  if (ignored_any && comm->me == 0)
    error->warning(FLERR, command + ": the per-atom data of fix " + id +
                              " in the restart file is not this package's (written by the host's built-in fix " +
                              style + "?); it is ignored and the wall springs start from zero");
  restart_ignored = false;
  setup_friction();
  recorded_contacts.find_clients(modify);
  post_force(vflag);
  double power[body_dem::WorkAccounting::kParts];
  work.local_power(atom, avec, power);
  work.start(power);
  motion_power_previous = dot(elastic_on_bodies, wall_velocity_now());
}

// The work of the walls' damping and friction, integrated like the pair
// styles' (work_accounting.h) once the velocities match the positions;
// each rank integrates the power on its own atoms. The elastic forces of a
// moving wall do the work F . v_wall on the bodies (the walls' energy
// depends on their position too).
void FixWallBodyBase::end_of_step()
{
  double power[body_dem::WorkAccounting::kParts];
  work.local_power(atom, avec, power);
  work.integrate(update->dt, power, work_local);
  const double motion_power = dot(elastic_on_bodies, wall_velocity_now());
  work_motion_local += 0.5 * update->dt * (motion_power_previous + motion_power);
  motion_power_previous = motion_power;
}

double FixWallBodyBase::compute_scalar()
{
  double all = 0.0;
  MPI_Allreduce(&wall_energy, &all, 1, MPI_DOUBLE, MPI_SUM, world);
  return all;
}

double FixWallBodyBase::compute_vector(int n)
{
  const double local = n == 0 ? work_local[1]
      : n == 1                ? work_motion_local
      : n == 2                ? force_on_bodies.x
      : n == 3                ? force_on_bodies.y
                              : force_on_bodies.z;
  double all = 0.0;
  MPI_Allreduce(&local, &all, 1, MPI_DOUBLE, MPI_SUM, world);
  return all;
}

double FixWallBodyBase::memory_usage()
{
  return static_cast<double>(atom->nmax) * values_per_atom() * sizeof(double) + work.memory_usage() +
      recorded_contacts.memory_usage();
}

void FixWallBodyBase::grow_arrays(int nmax)
{
  memory->grow(wall_history, nmax, values_per_atom(), "wall/body:history");
  wall_live.resize(static_cast<size_t>(kWallsMax) * nmax, 1);
}

void FixWallBodyBase::copy_arrays(int i, int j, int /*delflag*/)
{
  for (int m = 0; m < values_per_atom(); m++) wall_history[j][m] = wall_history[i][m];
  for (int w = 0; w < kWallsMax; w++) wall_live[kWallsMax * static_cast<size_t>(j) + w] = wall_live[kWallsMax * static_cast<size_t>(i) + w];
}

void FixWallBodyBase::set_arrays(int i)
{
  for (int m = 0; m < values_per_atom(); m++) wall_history[i][m] = 0.0;
  for (int w = 0; w < kWallsMax; w++) wall_live[kWallsMax * static_cast<size_t>(i) + w] = 0;
}

// Values that arrive (another rank, a restart file) may be nonzero.
void FixWallBodyBase::mark_live(int i)
{
  for (int w = 0; w < kWallsMax; w++) wall_live[kWallsMax * static_cast<size_t>(i) + w] = 1;
}

int FixWallBodyBase::pack_exchange(int i, double *buf)
{
  for (int m = 0; m < values_per_atom(); m++) buf[m] = wall_history[i][m];
  return values_per_atom();
}

int FixWallBodyBase::unpack_exchange(int nlocal, double *buf)
{
  for (int m = 0; m < values_per_atom(); m++) wall_history[nlocal][m] = buf[m];
  mark_live(nlocal);
  return values_per_atom();
}

// An atom's record in a restart file: the number of values (this one
// included), the package's signature, then the values of both walls. The
// signature tells the package's record from that of another fix of the
// same ID and style: the host's built-in wall fixes of the same names
// register per-atom restart data but write none.
int FixWallBodyBase::pack_restart(int i, double *buf)
{
  const int n = values_per_atom() + kRestartHeader;
  buf[0] = n;
  buf[1] = kRestartSignature;
  for (int m = 0; m < values_per_atom(); m++) buf[m + kRestartHeader] = wall_history[i][m];
  return n;
}

void FixWallBodyBase::unpack_restart(int nlocal, int nth)
{
  set_arrays(nlocal);
  double **extra = atom->extra;
  const int capacity = atom->nextra_store;
  // the record of this fix: after those of the nth fixes before it
  int m = 0;
  for (int k = 0; k < nth && extra && m < capacity; k++) m += std::max(1, static_cast<int>(extra[nlocal][m]));
  const int count = extra && m + 1 < capacity ? static_cast<int>(extra[nlocal][m]) : 0;
  const int stored = count - kRestartHeader, per_wall = stored / kWallsMax;
  if (count <= kRestartHeader || m + count > capacity || extra[nlocal][m + 1] != kRestartSignature ||
      stored % kWallsMax != 0 || per_wall < kSpringValues) {
    restart_ignored = true;    // springs from zero; setup() says so once
    return;
  }
  mark_live(nlocal);
  // a file written with another number of values per wall (other models):
  // the springs are kept, the style's own values start from zero
  m += kRestartHeader;
  for (int w = 0; w < kWallsMax; w++)
    for (int k = 0; k < per_wall; k++) {
      const double value = extra[nlocal][m++];
      if (k < values_per_wall && (k < kSpringValues || per_wall == values_per_wall))
        wall_history[nlocal][values_per_wall * w + k] = value;
    }
}

int FixWallBodyBase::size_restart(int /*nlocal*/)
{
  return values_per_atom() + kRestartHeader;
}

int FixWallBodyBase::maxsize_restart()
{
  return values_per_atom() + kRestartHeader;
}
