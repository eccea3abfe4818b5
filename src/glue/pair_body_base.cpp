#include "pair_body_base.h"

#include "atom_vec_body.h"
#include "body.h"
#include "body_storage_check.h"
#include "domain.h"
#include "fix_body_work.h"
#include "fix_dummy.h"
#include "memory.h"
#include "modify.h"
#include "neighbor.h"
#include "update.h"

#include "style_args.h"

#include <algorithm>
#include <cstring>
#include <cstdlib>

using namespace LAMMPS_NS;

PairBodyBase::PairBodyBase(LAMMPS *lmp, const std::string &style, const std::string &body_style_name,
                           int dimension, const std::string &tag) :
    Pair(lmp),
    command("pair_style " + style), body_style(body_style_name), dimension_required(dimension), fix_tag(tag)
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
  // The history fix keeps a pair's history across a rebuild of the
  // neighbour lists (reneighbouring, a new run, a restart) only for pairs
  // flagged "in contact" by the host's size neighbour lists, or for all
  // pairs when beyond_contact is set. These styles use plain half lists,
  // whose pairs carry no such flag: without this, every rebuild would
  // reset every pair's tangential spring.
  beyond_contact = 1;
  // The work is integrated at the end of each step, when the velocities
  // are those of the positions (see work_accounting.h): an internal fix
  // calls back. Loads on ghost atoms are summed onto their owners.
  comm_reverse = body_dem::WorkAccounting::kValuesPerAtom;
  // The IDs of the internal fixes name the style only, so that a restart
  // file written by one LAMMPS process finds the history fix of the style
  // specified again in another (the host counts pair instances per
  // process); a second instance of the same style (e.g. in pair_style
  // hybrid) adds its instance number.
  if (host::has_fix(modify, "NEIGH_HISTORY_" + fix_tag) ||
      host::has_fix(modify, "NEIGH_HISTORY_" + fix_tag + "_DUMMY") ||
      host::has_fix(modify, "BODY_DEM_WORK_" + fix_tag))
    fix_tag += std::to_string(instance_me);
  // Fixes need a simulation box; a pair style defined before read_data
  // (for the Pair Coeffs of a data file) makes them in init_style().
  if (domain->box_exist) create_internal_fixes();
}

PairBodyBase::~PairBodyBase()
{
  delete[] pvector;
  if (host::has_fix(modify, work_fix_id())) modify->delete_fix(work_fix_id());
  if (fix_history)
    modify->delete_fix(history_fix_id());
  else if (host::has_fix(modify, dummy_fix_id()))
    modify->delete_fix(dummy_fix_id());
  if (allocated) {
    memory->destroy(setflag);
    memory->destroy(cutsq);
  }
}

std::string PairBodyBase::work_fix_id() const
{
  return "BODY_DEM_WORK_" + fix_tag;
}

std::string PairBodyBase::history_fix_id() const
{
  return "NEIGH_HISTORY_" + fix_tag;
}

std::string PairBodyBase::dummy_fix_id() const
{
  return "NEIGH_HISTORY_" + fix_tag + "_DUMMY";
}

// The work fix, and a placeholder replaced by the history fix in
// init_style(), so that the history fix keeps the place of the pair style
// in the list of fixes (as the host's granular styles do).
void PairBodyBase::create_internal_fixes()
{
  fix_work = dynamic_cast<FixBodyWork *>(modify->add_fix(work_fix_id() + " all BODY_DEM_WORK"));
  fix_work->client = this;
  fix_dummy = dynamic_cast<FixDummy *>(modify->add_fix(dummy_fix_id() + " all DUMMY"));
}

void PairBodyBase::enable_weight_record()
{
  weight_record = 1;
  size_history = 3 + record_size() + style_values;
  // [2] work of the contact weights (weight_work.h)
  delete[] pvector;
  nextra = 3;
  pvector = new double[nextra];
  pvector[0] = pvector[1] = pvector[2] = 0.0;
  // xi changes sign when the pair is seen from the other body, the record
  // (keys named from the body with the lower ID) does not.
  nondefault_history_transfer = 1;
}

void PairBodyBase::keep_style_values(int count)
{
  if (count <= style_values) return;    // once kept, they stay: the history fix has its size
  const int size = style_values_offset() + count;
  if (fix_history)
    error->all(FLERR, command + ": the values kept per pair changed after the first run (e.g. by a "
                                "pair_coeff that adds tangential_adhesion); give all pair_coeff commands before it");
  style_values = count;
  size_history = size;
  nondefault_history_transfer = 1;
}

void PairBodyBase::keep_record_springs(bool springs)
{
  if (!weight_record || !springs || record_stride == body_dem::kWeightRecordSpringEntry) return;
  record_stride = body_dem::kWeightRecordSpringEntry;
  size_history = 3 + record_size() + style_values;
  if (fix_history) history_fix_too_small = 1;
}

bool PairBodyBase::take_record_keyword(int &narg, char **arg)
{
  body_dem::StyleArgs args(lmp, command);
  if (narg >= 1 && strcmp(arg[narg - 1], "record") == 0)
    args.fail("record expects the number of weighted candidate contacts a pair's record holds (1-" +
              std::to_string(body_dem::kMaxWeightRecordContacts) + ")");
  if (narg < 2 || strcmp(arg[narg - 2], "record") != 0) return false;
  const char *value = arg[narg - 1];
  char *end = nullptr;
  const long n = std::strtol(value, &end, 10);
  if (end == value || *end != '\0' || n < 1 || n > body_dem::kMaxWeightRecordContacts)
    args.fail(std::string("record must be an integer 1-") + std::to_string(body_dem::kMaxWeightRecordContacts) +
              " (weighted candidate contacts per pair; " + std::to_string(body_dem::kMaxWeightRecordContacts) +
              " holds all a pair can have), got '" + value + "'");
  if (fix_history && n != record_capacity)
    args.fail("record " + std::string(value) + ": the values kept per pair were fixed by the first run (record " +
              std::to_string(record_capacity) + "); give record in the first pair_style command");
  record_capacity_given = static_cast<int>(n);
  narg -= 2;
  return true;
}

void PairBodyBase::choose_record_capacity()
{
  if (!weight_record || fix_history) return;    // fixed once the history fix holds the records
  int capacity = record_capacity_given;
  if (capacity == 0) {
    int local = 0, largest = 0;
    for (int i = 0; i < atom->nlocal; i++)
      if (shape_checked_type[atom->type[i]]) local = std::max(local, body_vertex_count(i));
    MPI_Allreduce(&local, &largest, 1, MPI_INT, MPI_MAX, world);
    capacity = default_record_capacity(largest);
  }
  record_capacity = capacity;
  size_history = 3 + record_size() + style_values;
}

void PairBodyBase::transfer_style_values(const double *source, double *target) const
{
  for (int k = 0; k < style_values; k++) target[k] = source[k];
}

void BODY_DEM_TRANSFER_HISTORY(PairBodyBase::)
{
  const int own = style_values_offset();
  for (int k = 0; k < 3; k++) target[k] = -source[k];
  for (int k = 3; k < own; k++) target[k] = source[k];
  if (style_values) transfer_style_values(source + own, target + own);
}

void PairBodyBase::allocate_base()
{
  allocated = 1;
  const int n = atom->ntypes;
  memory->create(setflag, n + 1, n + 1, "pair:setflag");
  for (int i = 1; i <= n; i++)
    for (int j = i; j <= n; j++) setflag[i][j] = 0;
  memory->create(cutsq, n + 1, n + 1, "pair:cutsq");
  maxrad.assign(n + 1, 0.0);
}

void PairBodyBase::init_style()
{
  avec = dynamic_cast<AtomVecBody *>(atom->style_match("body"));
  if (!avec) error->all(FLERR, command + ": requires atom_style body");
  if (body_style != avec->bptr->style)
    error->all(FLERR, command + ": requires body style " + body_style + ", got " + avec->bptr->style);
  if (domain->dimension != dimension_required)
    error->all(FLERR, command + ": requires a " + std::to_string(dimension_required) +
                          "d simulation (dimension " + std::to_string(dimension_required) + ")");
  if (force->newton_pair == 0) error->all(FLERR, command + ": requires newton pair on");
  if (comm->ghost_velocity == 0)
    error->all(FLERR, command + ": requires ghost atoms to store velocity (comm_modify vel yes)");

  int nonbody = 0;
  for (int i = 0; i < atom->nlocal; i++)
    if (atom->body[i] < 0) nonbody++;
  int nonbody_all = 0;
  MPI_Allreduce(&nonbody, &nonbody_all, 1, MPI_INT, MPI_SUM, world);
  if (nonbody_all)
    error->all(FLERR, command + ": all atoms must be body particles, " + std::to_string(nonbody_all) +
                          " are not");

  init_body_style();
  check_body_shapes();
  choose_record_capacity();

  if (!fix_work) create_internal_fixes();
  recorded_contacts.find_clients(modify);

  host::request_pair_list(neighbor, this, instance_me, keeps_pair_history());

  if (fix_history && history_fix_too_small) {
    // In the place of the old one, under its ID (keep_record_springs()).
    // The host replaces a fix in place with replace_fix() under a new ID
    // only (its style reads NEIGH_HISTORY, so add_fix() under the same ID
    // would not take BODY_DEM_NEIGH_HISTORY): twice, to get the ID back.
    const std::string args = " all BODY_DEM_NEIGH_HISTORY " + std::to_string(size_history);
    const std::string interim = history_fix_id() + "_RESIZED";
    modify->replace_fix(history_fix_id(), interim + args, 0);
    fix_history = dynamic_cast<FixNeighHistory *>(modify->replace_fix(interim, history_fix_id() + args, 0));
    fix_history->pair = this;
  }
  history_fix_too_small = 0;
  if (keeps_pair_history() && !fix_history) {
    // The host's NEIGH_HISTORY with a correct restart (fix_body_neigh_history.h).
    const std::string cmd = history_fix_id() + " all BODY_DEM_NEIGH_HISTORY " + std::to_string(size_history);
    // Without a suffix: the host's NEIGH_HISTORY/omp (which -sf omp would
    // pick) ignores beyond_contact in this release and would reset every
    // spring at each rebuild of the neighbour lists; the plain fix works
    // with the /omp styles and their threaded neighbour lists too.
    fix_history = dynamic_cast<FixNeighHistory *>(modify->replace_fix(dummy_fix_id(), cmd, 0));
    fix_history->pair = this;
    fix_dummy = nullptr;
  }
  warn_of_foreign_pair_history();

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

// A restart file may hold the per-pair history of another pair style of
// body particles under another fix ID (LAMMPS's built-in body styles with
// history since 30 Sep 2026): no fix of this style reads it, and the host
// only lists it as unused restart info. Said once, by the style that runs
// now, since its springs then start from zero.
void PairBodyBase::warn_of_foreign_pair_history()
{
  if (comm->me != 0) return;
  for (const host::RestartRecord &r : host::unclaimed_restart_records(modify)) {
    if (r.style != "NEIGH_HISTORY" || r.id == history_fix_id() || host::has_fix(modify, r.id)) continue;
    error->warning(FLERR, command + ": the restart file holds the per-pair history of fix " + r.id +
                              " (NEIGH_HISTORY), which this pair style does not read (written by another "
                              "pair style, such as LAMMPS's built-in body styles with history?); the "
                              "tangential springs of the pairs start from zero");
  }
}

// The bodies of the types this style has coefficients for (with pair_style
// hybrid: its own types; alone: all types, as it mixes none): once per
// run, so that the contact geometry never sees a body it cannot handle.
void PairBodyBase::check_body_shapes()
{
  // first the bodies the host has yet to store (body_storage_check.h)
  body_dem::check_body_templates(lmp, command);

  const int ntypes = atom->ntypes;
  shape_checked_type.assign(ntypes + 1, 0);
  shape_rounding_by_type.assign(ntypes + 1, nullptr);
  for (int i = 1; i <= ntypes; i++) {
    for (int j = 1; j <= ntypes; j++)
      if (setflag[std::min(i, j)][std::max(i, j)]) shape_checked_type[i] = 1;
    shape_rounding_by_type[i] = rounding_required_by(i);
  }
  shape_guard.check_all(
      lmp, command, [this](int i) { return shape_checked_type[atom->type[i]] != 0; },
      [this](int i) { return body_shape_defect(i, shape_rounding_by_type[atom->type[i]]); });
}

bool PairBodyBase::checked_body_shapes_of(int type, bool rounding) const
{
  if (type < 1 || type >= static_cast<int>(shape_checked_type.size()) || !shape_checked_type[type]) return false;
  return !rounding || shape_rounding_by_type[type] != nullptr;
}

void PairBodyBase::require_coeffs_set(int i, int j) const
{
  if (setflag[i][j] == 0)
    error->all(FLERR, command + ": no pair_coeff for atom types " + std::to_string(i) + " " +
                          std::to_string(j) + " (this style does not mix coefficients)");
}

body_dem::PairStepSettings PairBodyBase::step_settings() const
{
  body_dem::PairStepSettings s;
  s.dt = update->dt;
  s.history = history;
  s.update_history = !update->setupflag;
  s.book_weight_work = !update->setupflag && update->whichflag == 1;
  return s;
}

void PairBodyBase::contact_overflow()
{
  const std::string detail = overflow_detail();
  if (!detail.empty()) error->one(FLERR, command + ": " + detail);
  error->one(FLERR, command + ": a pair of bodies has more candidate contacts than " +
                        std::to_string(contact_capacity) + " or more weighted candidates than its record holds (" +
                        std::to_string(record_capacity) + ", the record keyword)");
  std::abort();    // not reached
}

int PairBodyBase::pack_reverse_comm(int n, int first, double *buf)
{
  const int nv = body_dem::WorkAccounting::kValuesPerAtom;
  for (int k = 0; k < n; k++) {
    const double *row = work.row(first + k);
    for (int m = 0; m < nv; m++) buf[nv * k + m] = row[m];
  }
  return nv * n;
}

void PairBodyBase::unpack_reverse_comm(int n, int *list, double *buf)
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
void PairBodyBase::work_setup()
{
  double power[body_dem::WorkAccounting::kParts];
  work.local_power(atom, avec, power);
  work.start(power);
}

void PairBodyBase::work_end_of_step()
{
  double power[body_dem::WorkAccounting::kParts];
  work.local_power(atom, avec, power);
  work.integrate(update->dt, power, pvector);
}

bool PairBodyBase::begin_contact_recording(int nbuffers)
{
  return recorded_contacts.begin_step(update->ntimestep, update->setupflag != 0, nbuffers);
}

void PairBodyBase::end_contact_recording() const
{
  const std::string message = recorded_contacts.overflow_message(command);
  if (!message.empty()) error->one(FLERR, message);
}

double PairBodyBase::memory_usage()
{
  return Pair::memory_usage() + work.memory_usage() + recorded_contacts.memory_usage();
}
