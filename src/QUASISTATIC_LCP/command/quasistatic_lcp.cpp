// quasistatic/lcp: the quasi-static incremental problem of a granular
// packing (doc/LCP_SPEC.md) built from the current LAMMPS state, its
// analysis, and optionally N increments of a loading program. See
// quasistatic_lcp.h and doc/quasistatic_lcp.rst.
//
// Data flow: every rank lists its atoms and the touching pairs of the pair
// style's neighbour list (forces from Pair::single(), so they are the
// forces the pair style applies); rank 0 gathers them into an
// lcp::Problem, analyses it with the library, and broadcasts an increment
// (translations per atom, new tangential force per contact); every rank
// then writes the new tangential forces into the pair style's history,
// moves its atoms, and a `run 0` re-neighbours and recomputes the forces.
#include "quasistatic_lcp.h"

#include "host_compat.h"

#include "lcp_analysis.h"
#include "lcp_json.h"
#include "lcp_problem.h"
#include "lcp_system.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "fix_neigh_history.h"
#include "force.h"
#include "group.h"
#include "modify.h"
#include "neigh_list.h"
#include "pair.h"
#include "run.h"
#include "utils.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <map>
#include <unordered_map>
#include <utility>

using namespace LAMMPS_NS;

namespace {

const char *const kCommand = "quasistatic/lcp";

// history values per neighbour with hooke / linear_history and neither
// rolling nor twisting: the tangential displacement (3 values)
constexpr int kHistoryValues = 3;

template <size_t N> std::string model_name(const char *const (&names)[N], int model)
{
  if (model >= 0 && model < static_cast<int>(N)) return names[model];
  return "#" + std::to_string(model);
}

// Rows exchanged between the ranks (doubles; atom IDs are exact in a double
// up to 2^53).
// atom:    tag, x, y, z, radius, group (-1 = free, else index into
//          settings.groups), force (3), torque (3) of the last `run 0`
constexpr int kAtomRow = 12;
// contact: tag_p, tag_q (tag_p < tag_q), force on p (3), branch x_q - x_p
//          as the pair sees it (3), kn, kt, mu
constexpr int kContactRow = 11;
// translation: tag, u (3)
constexpr int kTranslationRow = 4;
// new tangential force: tag_p, tag_q, force on p (3)
constexpr int kTangentialRow = 5;

std::vector<double> gather_on_root(MPI_Comm world, const std::vector<double> &local)
{
  int me = 0, nprocs = 1;
  MPI_Comm_rank(world, &me);
  MPI_Comm_size(world, &nprocs);
  const int count = static_cast<int>(local.size());
  std::vector<int> counts(nprocs, 0), offsets(nprocs, 0);
  MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, world);
  std::vector<double> all;
  if (me == 0) {
    long total = 0;
    for (int r = 0; r < nprocs; ++r) {
      offsets[r] = static_cast<int>(total);
      total += counts[r];
    }
    all.resize(static_cast<size_t>(total));
  }
  MPI_Gatherv(local.data(), count, MPI_DOUBLE, all.data(), counts.data(), offsets.data(),
              MPI_DOUBLE, 0, world);
  return all;
}

void broadcast_from_root(MPI_Comm world, std::vector<double> &data)
{
  long size = static_cast<long>(data.size());
  MPI_Bcast(&size, 1, MPI_LONG, 0, world);
  data.resize(static_cast<size_t>(size));
  if (size > 0) MPI_Bcast(data.data(), static_cast<int>(size), MPI_DOUBLE, 0, world);
}

void broadcast_from_root(MPI_Comm world, std::string &text)
{
  long size = static_cast<long>(text.size());
  MPI_Bcast(&size, 1, MPI_LONG, 0, world);
  text.resize(static_cast<size_t>(size));
  if (size > 0) MPI_Bcast(&text[0], static_cast<int>(size), MPI_CHAR, 0, world);
}

// Strict number syntax: the whole word is one finite number.
bool parse_number(const char *text, double &value)
{
  if (!text || !*text) return false;
  errno = 0;
  char *end = nullptr;
  value = std::strtod(text, &end);
  return errno == 0 && end && *end == '\0' && std::isfinite(value);
}

bool parse_integer(const char *text, long &value)
{
  if (!text || !*text) return false;
  errno = 0;
  char *end = nullptr;
  value = std::strtol(text, &end, 10);
  return errno == 0 && end && *end == '\0';
}

bool write_text(const std::string &path, const std::string &text)
{
  std::ofstream out(path);
  if (!out) return false;
  out << text << '\n';
  return static_cast<bool>(out);
}

using ContactKey = std::pair<long, long>;

// Everything rank 0 knows about the gathered state.
struct GatheredState {
  lcp::Problem problem;
  std::vector<int> group_of;    // per particle: index into settings.groups, -1 = free
};

// The problem of the gathered rows (rank 0). Throws std::runtime_error for
// states the problem cannot represent.
GatheredState build_problem(const QuasistaticLCP::Settings &settings, int dimension,
                            const int periodic[3], const double period[3],
                            const std::vector<double> &atom_rows,
                            const std::vector<double> &contact_rows)
{
  GatheredState state;
  lcp::Problem &pb = state.problem;
  pb.dimension = dimension;
  pb.active_tolerance = settings.active_tolerance;

  const size_t natoms = atom_rows.size() / kAtomRow;
  std::vector<size_t> order(natoms);
  for (size_t k = 0; k < natoms; ++k) order[k] = k;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return atom_rows[a * kAtomRow] < atom_rows[b * kAtomRow];
  });
  std::unordered_map<long, size_t> index_of;
  for (size_t k : order) {
    const double *row = &atom_rows[k * kAtomRow];
    lcp::Particle particle;
    particle.id = static_cast<long>(row[0]);
    particle.x = lcp::Vec3(row[1], row[2], dimension == 2 ? 0.0 : row[3]);
    particle.radius = row[4];
    index_of[particle.id] = pb.particles.size();
    pb.particles.push_back(particle);
    state.group_of.push_back(static_cast<int>(row[5]));
  }

  // displacement constraints: one row per constrained dof
  const std::vector<lcp::Dof> translations =
      dimension == 2 ? std::vector<lcp::Dof>{lcp::Dof::ux, lcp::Dof::uy}
                     : std::vector<lcp::Dof>{lcp::Dof::ux, lcp::Dof::uy, lcp::Dof::uz};
  const std::vector<lcp::Dof> rotations =
      dimension == 2 ? std::vector<lcp::Dof>{lcp::Dof::tz}
                     : std::vector<lcp::Dof>{lcp::Dof::tx, lcp::Dof::ty, lcp::Dof::tz};
  for (size_t k = 0; k < pb.particles.size(); ++k) {
    const int g = state.group_of[k];
    if (g < 0) continue;
    const QuasistaticLCP::ConstrainedGroup &group = settings.groups[static_cast<size_t>(g)];
    for (size_t a = 0; a < translations.size(); ++a) {
      lcp::Constraint row;
      row.terms.push_back({pb.particles[k].id, translations[a], 1.0});
      row.value = group.fixed ? 0.0 : group.translation[a];
      pb.constraints.push_back(row);
    }
    for (lcp::Dof dof : rotations) {
      lcp::Constraint row;
      row.terms.push_back({pb.particles[k].id, dof, 1.0});
      pb.constraints.push_back(row);
    }
  }

  // contacts, in the order of their atom IDs
  const size_t ncontacts = contact_rows.size() / kContactRow;
  std::vector<size_t> corder(ncontacts);
  for (size_t c = 0; c < ncontacts; ++c) corder[c] = c;
  auto key_of = [&](size_t c) {
    return ContactKey(static_cast<long>(contact_rows[c * kContactRow]),
                      static_cast<long>(contact_rows[c * kContactRow + 1]));
  };
  std::sort(corder.begin(), corder.end(), [&](size_t a, size_t b) { return key_of(a) < key_of(b); });
  for (size_t n = 0; n < corder.size(); ++n) {
    const size_t c = corder[n];
    const double *row = &contact_rows[c * kContactRow];
    const ContactKey key = key_of(c);
    if (key.first == key.second)
      throw std::runtime_error("atom " + std::to_string(key.first) +
                               " touches its own periodic image: the box is too small for the "
                               "quasi-static problem");
    if (n > 0 && key_of(corder[n - 1]) == key)
      throw std::runtime_error("atoms " + std::to_string(key.first) + " and " +
                               std::to_string(key.second) +
                               " touch twice (through two periodic images): not supported");
    lcp::Contact contact;
    contact.p = key.first;
    contact.q = key.second;
    contact.force = lcp::Vec3(row[2], row[3], dimension == 2 ? 0.0 : row[4]);
    contact.kn = row[8];
    contact.alpha = row[9] / row[8];
    contact.mu = row[10];
    const lcp::Particle &p = pb.particles[index_of.at(key.first)];
    const lcp::Particle &q = pb.particles[index_of.at(key.second)];
    // the pair's branch vector may reach q through a periodic image
    for (int d = 0; d < dimension; ++d) {
      const double shift = p.x[d] + row[5 + d] - q.x[d];
      contact.image_shift[d] = periodic[d] ? period[d] * std::round(shift / period[d]) : 0.0;
    }
    contact.curvature_radius_p = p.radius;
    contact.curvature_radius_q = q.radius;
    if (settings.curvature_at_contact) {
      // the distances from the centres to the contact point of the problem,
      // r_p = R_p / (R_p + R_q) |branch|: radii of curvature that sum to the
      // branch length, so that the normal of the problem turns with the
      // branch vector as the pair style's normal does
      const double branch = (q.x + contact.image_shift - p.x).norm();
      contact.curvature_radius_p = p.radius / (p.radius + q.radius) * branch;
      contact.curvature_radius_q = q.radius / (p.radius + q.radius) * branch;
    }
    pb.contacts.push_back(contact);
  }

  // balance: the net force and torque LAMMPS computes on each free atom
  // (pair style and fixes such as gravity) becomes its load increment, so
  // that the increment ends in equilibrium (LCP_SPEC.md 9.8 item 3: the
  // residual is fed back as dp)
  if (settings.balance) {
    for (size_t n = 0; n < order.size(); ++n) {
      if (state.group_of[n] >= 0) continue;
      const double *row = &atom_rows[order[n] * kAtomRow];
      const long id = pb.particles[n].id;
      for (size_t a = 0; a < translations.size(); ++a)
        pb.loads.push_back({id, translations[a], row[6 + a]});
      for (lcp::Dof dof : rotations)
        pb.loads.push_back({id, dof, row[9 + static_cast<int>(dof) - 3]});
    }
  }
  return state;
}

std::string yes_no(bool flag) { return flag ? "yes" : "no"; }

// The tangential force on p after an increment, for the history of the
// pair style (which supplies the normal force from the new overlap along
// the new normal). In the problem's model (LCP_SPEC.md 3.3-3.4) the force
// at the end of the increment is f + df plus the rotation of f with the
// contact: its normal tilts with the branch vector and it twirls about the
// normal by the mean spin 1/2 n.(dtheta_p + dtheta_q) (terms g-2 and g-3).
// So: the old tangential force, carried into the new tangent plane
// (magnitude kept) and twirled, plus the tangential part of df there.
lcp::Vec3 next_tangential_force(const lcp::Vec3 &f, const lcp::Vec3 &df, const lcp::Vec3 &branch,
                                const lcp::Vec3 &relative_move, const lcp::Vec3 &theta_p,
                                const lcp::Vec3 &theta_q)
{
  const lcp::Vec3 n = branch.normalized();
  const lcp::Vec3 n_new = (branch + relative_move).normalized();
  const lcp::Vec3 ft = f - f.dot(n) * n;
  lcp::Vec3 carried = ft - ft.dot(n_new) * n_new;
  const double length = carried.norm();
  if (length > 0.0) carried *= ft.norm() / length;
  const double twirl = 0.5 * n.dot(theta_p + theta_q);
  carried = std::cos(twirl) * carried + std::sin(twirl) * n_new.cross(carried);
  return carried + df - df.dot(n_new) * n_new;
}

}    // namespace

/* ---------------------------------------------------------------------- */

QuasistaticLCP::QuasistaticLCP(LAMMPS *lmp) : Command(lmp) {}

/* ---------------------------------------------------------------------- */

void QuasistaticLCP::command(int narg, char **arg)
{
  if (domain->box_exist == 0)
    error->all(FLERR, "{}: the simulation box must be defined first (read_data or create_box)",
               kCommand);
  // Everything is read from arg here: the `run 0` below re-enters LAMMPS.
  settings_ = parse(narg, arg);
  check_setup();
  read_pair_laws();

  // A `run 0` makes the neighbour list, the history of the pair style and
  // the forces current for the present positions.
  run_zero();

  const int me = comm->me;
  const int dimension = domain->dimension;
  const int periodic[3] = {domain->xperiodic, domain->yperiodic, domain->zperiodic};
  lcp::AnalysisOptions options;
  options.max_enumerated_contacts = settings_.max_enumerated;

  for (int step = 0; step <= settings_.steps; ++step) {
    std::vector<double> atoms, contacts;
    collect_local(atoms, contacts);
    const std::vector<double> all_atoms = gather_on_root(world, atoms);
    const std::vector<double> all_contacts = gather_on_root(world, contacts);

    std::string failure;
    std::vector<double> translations, tangential;
    if (me == 0) {
      try {
        const GatheredState state =
            build_problem(settings_, dimension, periodic, domain->prd, all_atoms, all_contacts);
        const lcp::Problem &pb = state.problem;
        if (step == 0) {
          if (!settings_.problem_file.empty() &&
              !write_text(settings_.problem_file, lcp::problem_to_json(pb)))
            throw std::runtime_error("problem: cannot write the file '" + settings_.problem_file + "'");
          if (settings_.steps == 0 || !settings_.output_file.empty()) {
            const lcp::Analysis an = lcp::analyze(pb, options);
            if (!settings_.output_file.empty() &&
                !write_text(settings_.output_file, lcp::analysis_to_json(pb, an)))
              throw std::runtime_error("output: cannot write the file '" + settings_.output_file + "'");
            int likely = 0;
            for (const lcp::IncrementSolution &s : an.solutions) likely += s.likely ? 1 : 0;
            utils::logmesg(lmp,
                           "{}: {} particles, {} contacts, {} active; method {}; {} solutions "
                           "({} of least second-order work); path-incongruent {}, neutral "
                           "equilibrium {}, unbounded solution sets {}, unsustainable modes {}, "
                           "singular stiffness {}\n",
                           kCommand, pb.particles.size(), pb.contacts.size(),
                           an.active_contacts.size(), an.method, an.solutions.size(), likely,
                           yes_no(an.path_incongruent), yes_no(an.neutral_equilibrium),
                           an.type_III_sets, an.unsustainable_modes.size(),
                           yes_no(an.bott_duffin_singular));
          }
        }
        if (step < settings_.steps) {
          const lcp::MixedLcp system = lcp::assemble(pb);
          const lcp::ReducedLcp reduced = lcp::reduce(system);
          const lcp::IncrementStep inc = lcp::choose_increment(system, reduced, options);
          const int n = static_cast<int>(pb.particles.size());
          std::vector<lcp::Vec3> u(pb.particles.size(), lcp::Vec3::Zero());
          std::vector<lcp::Vec3> theta(pb.particles.size(), lcp::Vec3::Zero());
          double largest = 0.0;
          for (int k = 0; k < n; ++k) {
            for (int a = 0; a < 6; ++a) {
              const int at = lcp::dof_index(dimension, n, k, static_cast<lcp::Dof>(a));
              if (at < 0) continue;
              (a < 3 ? u[k][a] : theta[k][a - 3]) = inc.d[at];
            }
            translations.push_back(static_cast<double>(pb.particles[k].id));
            for (int a = 0; a < 3; ++a) translations.push_back(u[k][a]);
            largest = std::max(largest, u[k].norm());
          }
          std::unordered_map<long, int> index_of;
          for (int k = 0; k < n; ++k) index_of[pb.particles[k].id] = k;
          for (size_t c = 0; c < pb.contacts.size(); ++c) {
            const lcp::Contact &con = pb.contacts[c];
            const int p = index_of.at(con.p), q = index_of.at(con.q);
            const lcp::Vec3 df =
                lcp::contact_force_increment(pb, system, static_cast<int>(c), inc.d, inc.lambda);
            const lcp::Vec3 ft = next_tangential_force(
                con.force, df, pb.particles[q].x + con.image_shift - pb.particles[p].x,
                u[q] - u[p], theta[p], theta[q]);
            tangential.insert(tangential.end(),
                              {static_cast<double>(con.p), static_cast<double>(con.q), ft[0],
                               ft[1], ft[2]});
          }
          utils::logmesg(lmp,
                         "{} step {}/{}: {} contacts, {} active, method {}, {} solutions{}, "
                         "I2 = {:.8g}, largest translation {:.8g}\n",
                         kCommand, step + 1, settings_.steps, pb.contacts.size(),
                         system.active.size(), inc.method, inc.solutions,
                         inc.path_incongruent ? " (path-incongruent: least-violating increment)" : "",
                         inc.I2, largest);
        }
      } catch (std::exception &e) {
        failure = e.what();
        if (failure.empty()) failure = "the analysis failed";
      }
    }
    broadcast_from_root(world, failure);
    if (!failure.empty()) error->all(FLERR, "{}: {}", kCommand, failure);
    if (step == settings_.steps) break;
    broadcast_from_root(world, translations);
    broadcast_from_root(world, tangential);
    apply_increment(translations, tangential);
  }
}

/* ----------------------------------------------------------------------
   keywords and their values; every mistake names the keyword
------------------------------------------------------------------------- */

QuasistaticLCP::Settings QuasistaticLCP::parse(int narg, char **arg)
{
  Settings s;
  const int dimension = domain->dimension;
  auto need = [&](int iarg, int count, const std::string &what) {
    if (iarg + count >= narg)
      error->all(FLERR, "{}: keyword '{}' needs {}", kCommand, arg[iarg], what);
  };
  auto group_arg = [&](const char *keyword, const char *name) {
    const int igroup = group->find(name);
    if (igroup < 0) error->all(FLERR, "{}: {}: group '{}' does not exist", kCommand, keyword, name);
    if (group->count(igroup) == 0)
      error->all(FLERR, "{}: {}: group '{}' has no atoms", kCommand, keyword, name);
    for (const ConstrainedGroup &g : s.groups)
      if (g.name == name)
        error->all(FLERR, "{}: {}: group '{}' is named twice by fixed/move", kCommand, keyword, name);
    ConstrainedGroup g;
    g.name = name;
    g.bitmask = group->bitmask[igroup];
    return g;
  };
  auto number_arg = [&](const char *keyword, const char *what, const char *text) {
    double value = 0.0;
    if (!parse_number(text, value))
      error->all(FLERR, "{}: {} {}: expected a number, got '{}'", kCommand, keyword, what, text);
    return utils::numeric(FLERR, text, false, lmp);
  };
  // A keyword whose value is one of two words: true for the first.
  auto choice_arg = [&](int iarg, const char *first, const char *second) {
    const std::string expected = std::string(first) + " or " + second;
    need(iarg, 1, expected);
    const std::string value = arg[iarg + 1];
    if (value != first && value != second)
      error->all(FLERR, "{}: {}: expected {}, got '{}'", kCommand, arg[iarg], expected, value);
    return value == first;
  };
  auto integer_arg = [&](const char *keyword, const char *text, long lo, long hi) {
    long value = 0;
    if (!parse_integer(text, value))
      error->all(FLERR, "{}: {}: expected an integer, got '{}'", kCommand, keyword, text);
    if (value < lo || value > hi)
      error->all(FLERR, "{}: {}: expected an integer from {} to {}, got {}", kCommand, keyword, lo,
                 hi, value);
    return static_cast<int>(value);
  };

  int iarg = 0;
  while (iarg < narg) {
    const std::string keyword = arg[iarg];
    if (keyword == "fixed") {
      need(iarg, 1, "a group-ID");
      ConstrainedGroup g = group_arg("fixed", arg[iarg + 1]);
      g.fixed = true;
      s.groups.push_back(g);
      iarg += 2;
    } else if (keyword == "move") {
      need(iarg, 1 + dimension,
           dimension == 2 ? "a group-ID and 2 values (dx dy)" : "a group-ID and 3 values (dx dy dz)");
      ConstrainedGroup g = group_arg("move", arg[iarg + 1]);
      g.fixed = false;
      const char *names[3] = {"dx", "dy", "dz"};
      for (int a = 0; a < dimension; ++a) g.translation[a] = number_arg("move", names[a], arg[iarg + 2 + a]);
      s.groups.push_back(g);
      iarg += 2 + dimension;
      double extra = 0.0;
      if (dimension == 2 && iarg < narg && parse_number(arg[iarg], extra))
        error->all(FLERR, "{}: move: a 2d simulation takes 2 values (dx dy), got a third '{}'",
                   kCommand, arg[iarg]);
    } else if (keyword == "problem") {
      need(iarg, 1, "a file name");
      s.problem_file = arg[iarg + 1];
      iarg += 2;
    } else if (keyword == "output") {
      need(iarg, 1, "a file name");
      s.output_file = arg[iarg + 1];
      iarg += 2;
    } else if (keyword == "max_enumerated") {
      need(iarg, 1, "a number of contacts");
      // the enumeration of the library handles at most 30 active contacts
      s.max_enumerated = integer_arg("max_enumerated", arg[iarg + 1], 0, 30);
      iarg += 2;
    } else if (keyword == "active_tolerance") {
      need(iarg, 1, "a value");
      s.active_tolerance = number_arg("active_tolerance", "t", arg[iarg + 1]);
      if (s.active_tolerance < 0.0 || s.active_tolerance >= 1.0)
        error->all(FLERR, "{}: active_tolerance: expected a value in [0, 1), got {}", kCommand,
                   arg[iarg + 1]);
      iarg += 2;
    } else if (keyword == "balance") {
      s.balance = choice_arg(iarg, "yes", "no");
      iarg += 2;
    } else if (keyword == "curvature") {
      s.curvature_at_contact = !choice_arg(iarg, "radius", "contact");
      iarg += 2;
    } else if (keyword == "steps") {
      need(iarg, 1, "a number of increments");
      s.steps = integer_arg("steps", arg[iarg + 1], 0, 100000000);
      iarg += 2;
    } else {
      error->all(FLERR,
                 "{}: unknown keyword '{}' (expected fixed, move, problem, output, "
                 "max_enumerated, active_tolerance, balance, curvature or steps)",
                 kCommand, keyword);
    }
  }
  return s;
}

/* ----------------------------------------------------------------------
   what the command needs of the atoms, the box and the pair style
------------------------------------------------------------------------- */

void QuasistaticLCP::check_setup()
{
  if (!atom->radius_flag || !atom->rmass_flag || !atom->omega_flag || !atom->torque_flag)
    error->all(FLERR, "{}: needs finite-size spheres (atom_style sphere: per-atom radius)", kCommand);
  if (!atom->tag_enable) error->all(FLERR, "{}: needs atom IDs", kCommand);
  if (domain->triclinic) error->all(FLERR, "{}: triclinic boxes are not supported", kCommand);
  if (!force->pair) error->all(FLERR, "{}: needs pair_style granular (no pair style is defined)", kCommand);
  pair_ = force->pair_match("granular", 1);
  if (!pair_)
    error->all(FLERR, "{}: needs pair_style granular, not '{}'", kCommand, force->pair_style);
  if (!pair_->single_enable || pair_->single_extra < 3)
    error->all(FLERR, "{}: pair_style granular offers no single() forces", kCommand);

  // An atom in two constrained groups would get two sets of constraints.
  int *mask = atom->mask;
  tagint *tag = atom->tag;
  tagint clash = MAXTAGINT;
  for (int i = 0; i < atom->nlocal; ++i) {
    int n = 0;
    for (const ConstrainedGroup &g : settings_.groups)
      if (mask[i] & g.bitmask) ++n;
    if (n > 1) clash = std::min(clash, tag[i]);
  }
  tagint first = MAXTAGINT;
  MPI_Allreduce(&clash, &first, 1, MPI_LMP_TAGINT, MPI_MIN, world);
  if (first != MAXTAGINT)
    error->all(FLERR, "{}: atom {} is in more than one of the fixed/move groups", kCommand, first);
}

/* ----------------------------------------------------------------------
   kn, kt, mu per pair of types. PairGranular keeps its coefficients
   private; its restart record is the public route to them, and its layout
   differs between the host's releases (host::read_granular_laws).
------------------------------------------------------------------------- */

void QuasistaticLCP::read_pair_laws()
{
  const int ntypes = atom->ntypes;
  if (!pair_->allocated) error->all(FLERR, "{}: pair_coeff of pair_style granular is not set", kCommand);
  std::vector<std::vector<host::GranularTypePairLaw>> granular;
  const std::string problem = host::read_granular_laws(pair_, ntypes, granular);
  if (!problem.empty())
    error->all(FLERR, "{}: the restart record of pair_style granular does not have a layout this package "
                      "knows ({}) for LAMMPS {}", kCommand, problem, lmp->version);

  laws_.assign(static_cast<size_t>(ntypes + 1), std::vector<TypePairLaw>(static_cast<size_t>(ntypes + 1)));
  std::vector<std::vector<int>> set(static_cast<size_t>(ntypes + 1), std::vector<int>(static_cast<size_t>(ntypes + 1), 0));
  for (int i = 1; i <= ntypes; ++i) {
    for (int j = i; j <= ntypes; ++j) {
      const host::GranularTypePairLaw &g = granular[i][j];
      if (!g.set) continue;
      set[i][j] = 1;
      if (g.normal != "hooke")
        error->all(FLERR, "{}: pair_coeff {} {} uses the normal model '{}'; only 'hooke' is supported",
                   kCommand, i, j, g.normal);
      if (g.tangential != "linear_history")
        error->all(FLERR,
                   "{}: pair_coeff {} {} uses the tangential model '{}'; only 'linear_history' is "
                   "supported",
                   kCommand, i, j, g.tangential);
      if (g.rolling != "none")
        error->all(FLERR, "{}: pair_coeff {} {} uses the rolling model '{}'; only 'none' is supported",
                   kCommand, i, j, g.rolling);
      if (g.twisting != "none")
        error->all(FLERR, "{}: pair_coeff {} {} uses the twisting model '{}'; only 'none' is supported",
                   kCommand, i, j, g.twisting);
      TypePairLaw law;
      law.kn = g.normal_coeffs[0];
      law.kt = g.tangential_coeffs[0];
      law.mu = g.tangential_coeffs[2];
      if (!(law.kn > 0.0) || !(law.kt > 0.0) || !(law.mu >= 0.0))
        error->all(FLERR, "{}: pair_coeff {} {}: needs kn > 0, kt > 0 and mu >= 0 (got {}, {}, {})",
                   kCommand, i, j, law.kn, law.kt, law.mu);
      laws_[i][j] = laws_[j][i] = law;
    }
  }
  for (int i = 1; i <= ntypes; ++i)
    if (!set[i][i]) error->all(FLERR, "{}: pair_coeff {} {} is not set", kCommand, i, i);
  // Pairs of types left to mixing: PairGranular of 29 Sep 2021 mixes their
  // coefficients but never sets their models (the model arrays of such a
  // pair stay uninitialised), so the forces it computes for them are not
  // defined; later releases mix them, but their restart record holds only
  // the pairs given explicitly. The problem needs a known law: ask for the
  // pair explicitly, on every host.
  for (int i = 1; i <= ntypes; ++i)
    for (int j = i + 1; j <= ntypes; ++j)
      if (!set[i][j])
        error->all(FLERR,
                   "{}: pair_coeff {} {} is not set: the command needs the contact law of every "
                   "pair of types given explicitly (pair_style granular of LAMMPS 29 Sep 2021 leaves "
                   "the models of mixed type pairs undefined); give pair_coeff {} {} (or pair_coeff "
                   "* *)",
                   kCommand, i, j, i, j);

}

/* ---------------------------------------------------------------------- */

void QuasistaticLCP::run_zero()
{
  Run run(lmp);
  std::string words[3] = {"0", "post", "no"};
  char *args[3] = {&words[0][0], &words[1][0], &words[2][0]};
  run.command(3, args);
  history_ = host::history_fix_of(modify, pair_);
  // (on a rank without atoms the history has no per-neighbour arrays: only
  // the fix itself is checked, the same on every rank)
  if (!history_ || !pair_->list)
    error->all(FLERR, "{}: pair_style granular has no contact history after run 0", kCommand);
}

/* ----------------------------------------------------------------------
   this rank's atoms and touching pairs. A pair with a ghost atom is on
   two ranks' lists when newton_pair is off: the rank owning the smaller
   atom ID reports it.
------------------------------------------------------------------------- */

void QuasistaticLCP::collect_local(std::vector<double> &atoms, std::vector<double> &contacts)
{
  double **x = atom->x;
  double **f = atom->f;
  double **torque = atom->torque;
  double *radius = atom->radius;
  int *type = atom->type;
  int *mask = atom->mask;
  tagint *tag = atom->tag;
  const int nlocal = atom->nlocal;

  atoms.clear();
  for (int i = 0; i < nlocal; ++i) {
    int g = -1;
    for (size_t k = 0; k < settings_.groups.size(); ++k)
      if (mask[i] & settings_.groups[k].bitmask) g = static_cast<int>(k);
    atoms.insert(atoms.end(), {static_cast<double>(tag[i]), x[i][0], x[i][1], x[i][2], radius[i],
                               static_cast<double>(g), f[i][0], f[i][1], f[i][2], torque[i][0],
                               torque[i][1], torque[i][2]});
  }

  contacts.clear();
  NeighList *list = pair_->list;
  for (int ii = 0; ii < list->inum; ++ii) {
    const int i = list->ilist[ii];
    const int *jlist = list->firstneigh[i];
    for (int jj = 0; jj < list->numneigh[i]; ++jj) {
      const int j = jlist[jj] & NEIGHMASK;
      if (!force->newton_pair && j >= nlocal && tag[i] > tag[j]) continue;
      const double del[3] = {x[i][0] - x[j][0], x[i][1] - x[j][1], x[i][2] - x[j][2]};
      const double rsq = del[0] * del[0] + del[1] * del[1] + del[2] * del[2];
      const double radsum = radius[i] + radius[j];
      if (rsq >= radsum * radsum) continue;    // touching means overlap > 0
      double fpair = 0.0;
      pair_->single(i, j, type[i], type[j], rsq, 1.0, 1.0, fpair);
      // force on i from j: normal part fpair * (x_i - x_j), tangential part
      // svector[0..2] (PairGranular::single)
      double f[3], branch[3];
      for (int a = 0; a < 3; ++a) {
        f[a] = fpair * del[a] + pair_->svector[a];
        branch[a] = -del[a];    // x_j - x_i
      }
      const bool i_first = tag[i] < tag[j];
      const double sign = i_first ? 1.0 : -1.0;
      const TypePairLaw &law = laws_[type[i]][type[j]];
      contacts.insert(contacts.end(),
                      {static_cast<double>(i_first ? tag[i] : tag[j]),
                       static_cast<double>(i_first ? tag[j] : tag[i]), sign * f[0], sign * f[1],
                       sign * f[2], sign * branch[0], sign * branch[1], sign * branch[2], law.kn,
                       law.kt, law.mu});
    }
  }
}

/* ----------------------------------------------------------------------
   one increment on every rank: the new tangential forces go into the
   history of the pair style (linear_history: force on i = -k_t * history,
   PairGranular::compute), then the atoms move and a `run 0` recomputes
   the forces from the new positions and histories. The history of a
   touching pair is kept by FixNeighHistory per neighbour-list entry and
   copied per atom by its pre_exchange() (which the end of a run calls);
   the copy is refreshed here so that the next neighbour-list build
   carries the new values.
------------------------------------------------------------------------- */

void QuasistaticLCP::apply_increment(const std::vector<double> &translations,
                                     const std::vector<double> &tangential_forces)
{
  std::unordered_map<tagint, std::array<double, 3>> move_of;
  for (size_t r = 0; r + kTranslationRow <= translations.size(); r += kTranslationRow)
    move_of[static_cast<tagint>(translations[r])] = {translations[r + 1], translations[r + 2],
                                                     translations[r + 3]};
  std::map<std::pair<tagint, tagint>, std::array<double, 3>> force_of;
  for (size_t r = 0; r + kTangentialRow <= tangential_forces.size(); r += kTangentialRow)
    force_of[{static_cast<tagint>(tangential_forces[r]), static_cast<tagint>(tangential_forces[r + 1])}] =
        {tangential_forces[r + 2], tangential_forces[r + 3], tangential_forces[r + 4]};

  tagint *tag = atom->tag;
  int *type = atom->type;
  NeighList *list = pair_->list;
  for (int ii = 0; ii < list->inum; ++ii) {
    const int i = list->ilist[ii];
    const int *jlist = list->firstneigh[i];
    for (int jj = 0; jj < list->numneigh[i]; ++jj) {
      const int j = jlist[jj] & NEIGHMASK;
      const bool i_first = tag[i] < tag[j];
      const auto found = force_of.find(i_first ? std::make_pair(tag[i], tag[j]) : std::make_pair(tag[j], tag[i]));
      if (found == force_of.end()) continue;
      const double sign = i_first ? 1.0 : -1.0;    // the stored force acts on the smaller ID
      const double kt = laws_[type[i]][type[j]].kt;
      double *history = &history_->firstvalue[i][kHistoryValues * jj];
      for (int a = 0; a < 3; ++a) history[a] = -sign * found->second[a] / kt;
      history_->firstflag[i][jj] = 1;
    }
  }
  history_->pre_exchange();

  // quasi-static: the packing is at rest, so no damping force enters the
  // forces of the next state
  double **x = atom->x;
  double **v = atom->v;
  double **omega = atom->omega;
  for (int i = 0; i < atom->nlocal; ++i) {
    const auto found = move_of.find(tag[i]);
    if (found != move_of.end())
      for (int a = 0; a < domain->dimension; ++a) x[i][a] += found->second[a];
    for (int a = 0; a < 3; ++a) {
      v[i][a] = 0.0;
      if (omega) omega[i][a] = 0.0;
    }
  }
  run_zero();
}
