/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: what every pair style of the package shares (LAMMPS
   glue): the requirements checked at init, the per-pair history in the
   host's NEIGH_HISTORY fix, the work accumulators read by compute pair,
   the neighbour cutoff from the bodies' enclosing radii, and the
   neighbour loop that calls a style's per-pair function and accumulates
   its result. A style adds its coefficients, its space-frame bodies and
   its per-pair function.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_PAIR_BODY_BASE_H
#define BODY_DEM_PAIR_BODY_BASE_H

#include "pair.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "fix_neigh_history.h"
#include "force.h"
#include "neigh_list.h"

#include "body_shape_guard.h"
#include "contact_recording.h"
#include "host_compat.h"
#include "pair_entry.h"
#include "pair_contact_forces.h"
#include "weight_work.h"
#include "work_accounting.h"

#include <string>
#include <vector>

namespace LAMMPS_NS {

class PairBodyBase : public Pair, public body_dem::WorkAccountingClient {
 public:
  // style: e.g. "body/rounded/polygon"; body_style: "rounded/polygon";
  // dimension: 2 or 3; tag: short unique name for the internal fix IDs.
  PairBodyBase(class LAMMPS *, const std::string &style, const std::string &body_style, int dimension,
               const std::string &tag);
  ~PairBodyBase() override;
  void init_style() override;
  double memory_usage() override;
  int pack_reverse_comm(int, int, double *) override;
  void unpack_reverse_comm(int, int *, double *) override;
  void work_setup() override;
  void work_end_of_step() override;
  void BODY_DEM_TRANSFER_HISTORY() override;

  bool history_enabled() const { return history != 0; }
  // The shape check (body_shape_guard.h) of this init covered the bodies
  // of this type, with a rounding required at least where `rounding` says
  // so: a wall fix need not check them again.
  bool checked_body_shapes_of(int type, bool rounding) const;
  double surface_cutoff() const { return cut_surface; }
  // The contacts recorded for compute body/contact/local and
  // body/contact/atom (contact_recording.h).
  const ContactRecording &contact_recording() const { return recorded_contacts; }

 protected:
  std::string command;       // "pair_style <style>", the start of every error message
  std::string body_style;    // required body style
  int dimension_required;
  std::string fix_tag;

  int history = 0;           // tangential displacement per pair (the history keyword)
  int weight_record = 0;     // the pair's weighted contacts are recorded (3d styles, weight_work.h)
  // values per candidate of the record: with the per-contact friction
  // springs kWeightRecordSpringEntry, else kWeightRecordEntry
  int record_stride = body_dem::kWeightRecordEntry;
  // Candidates a pair's record holds: fixed when the history fix is made
  // (the first run), from the `record` keyword (record_capacity_given) or
  // else from the bodies (choose_record_capacity()).
  int record_capacity = body_dem::kDefaultWeightRecordContacts;
  int record_capacity_given = 0;    // the keyword's value; 0: not given
  // The history fix holds fewer values per pair than the style needs now
  // (the record grew between runs, keep_record_springs()): init_style()
  // makes it anew.
  int history_fix_too_small = 0;
  // The per-pair function never reads the pair's xi (PairValuesLayout).
  int pair_spring_unused = 0;
  // Values per pair in NEIGH_HISTORY: xi (3), then the weight record
  // (weight_record), then the style's own values (style_values).
  int size_history = 3;
  int style_values = 0;      // the style's own values per pair (e.g. the granular adhesion)
  double cut_surface = 0.0;  // cutoff of the surface separation r_c
  std::vector<double> maxrad;    // largest enclosing radius per type
  class AtomVecBody *avec = nullptr;

  body_dem::WorkAccounting work;
  class FixBodyWork *fix_work = nullptr;
  class FixNeighHistory *fix_history = nullptr;
  class FixDummy *fix_dummy = nullptr;
  body_dem::BodyShapeGuard shape_guard;
  std::vector<char> shape_checked_type;    // per type: its bodies are this style's to check
  std::vector<const char *> shape_rounding_by_type;    // per type: rounding_required_by(), at init
  ContactRecording recorded_contacts;    // the contact rows of the steps a contact compute asks for
  // Whether this step records its contacts, with nbuffers buffers (one
  // per thread or part of the loop); and after the loop, an error if a
  // pair had more rows than its room.
  bool begin_contact_recording(int nbuffers);
  void end_contact_recording() const;

  // Called by init_style() after the common checks, e.g. to find the body style object.
  virtual void init_body_style() {}

  // The shape check of the bodies (body_shape_check.h): each style says
  // what is wrong with the shape of local atom i ("" if nothing), and for
  // which atom types it needs a rounded diameter > 0 (the reason; nullptr:
  // 0 is allowed). init_style() checks every body of the style's types,
  // after init_body_style(); compute() calls check_added_bodies() first
  // thing, which costs a comparison per step and checks the bodies that a
  // run adds (fix pour), before anything reads their vertices.
  virtual std::string body_shape_defect(int /*i*/, const char * /*rounding_required_by*/) { return ""; }
  virtual const char *rounding_required_by(int /*type*/) const { return nullptr; }
  void check_added_bodies()
  {
    shape_guard.check_added(
        lmp, command, [this](int i) { return shape_checked_type[atom->type[i]] != 0; },
        [this](int i) { return body_shape_defect(i, shape_rounding_by_type[atom->type[i]]); });
  }
  void check_body_shapes();

  void allocate_base();
  // 3d styles: keep each pair's record of weighted contacts and report the
  // work of the weights as the third extra quantity (weight_work.h).
  void enable_weight_record();
  // Keep `count` values of the style's own per pair (after xi and the
  // weight record); the style's per-pair function gets them. Called before
  // the history fix exists (in init_body_style() at the latest).
  void keep_style_values(int count);
  // The record keeps a friction spring per candidate (FrictionMode::contact
  // with a spring) or not. The room, once kept, stays. Where it is added
  // after the first run (a later pair_style with history), init_style()
  // makes the history fix anew, one of the new size in the place of the
  // old: nothing of value is lost, as the pairs kept no springs, and the
  // setup of the next run writes the records anew without booking work
  // (weight_work.h).
  void keep_record_springs(bool springs);
  // How the style's values of a pair read when the pair is seen from the
  // other body (the host moves a pair's history between the two atoms'
  // lists): copied unless the style says otherwise.
  virtual void transfer_style_values(const double *source, double *target) const;
  // Per-pair values are kept (NEIGH_HISTORY) for the spring, the weights or the style.
  bool keeps_pair_history() const { return history || weight_record || style_values; }
  int record_size() const
  {
    return weight_record
        ? body_dem::weight_record_size(record_stride == body_dem::kWeightRecordSpringEntry, record_capacity)
        : 0;
  }
  // The keyword `record N` at the end of the pair_style arguments
  // arg[0..narg): taken (narg reduced by 2, record_capacity_given set) and
  // checked; false if the last two words are not `record N`. Styles set
  // record_capacity_given = 0 and call it in settings().
  bool take_record_keyword(int &narg, char **arg);
  // Fixes record_capacity before the history fix exists: the keyword's
  // value, else default_weight_record_capacity() of the largest vertex
  // count of the style's bodies (body_vertex_count()).
  void choose_record_capacity();
  virtual int body_vertex_count(int /*i*/) const { return 0; }
  // The capacity without the keyword, from the largest vertex count of the
  // bodies at the first run (0: none yet): default_weight_record_capacity().
  virtual int default_record_capacity(int largest_vertex_count) const
  {
    return body_dem::default_weight_record_capacity(largest_vertex_count);
  }
  int style_values_offset() const { return 3 + record_size(); }
  // Per-type maxima of the enclosing radius (rounding included) plus the
  // cohesive cutoff: the shortest cutoff that misses no pair within reach.
  // Measured (bench/count_list_pairs.py, in.pour3d's bed): no listed pair
  // is beyond the per-body reach + skin when each type has one shape; the
  // host's lists are shorter because its cutoff leaves out the rounding
  // and cut_inner (README, Performance).
  double cutoff_for_types(int i, int j) const { return maxrad[i] + maxrad[j] + cut_surface; }
  void require_coeffs_set(int i, int j) const;
  body_dem::PairStepSettings step_settings() const;
  int contact_capacity = 0;    // of the style's contact buffer, for the overflow message
  [[noreturn]] void contact_overflow();
  // The pair and count behind an overflow, for its message ("" if the
  // style cannot tell): called on the error path only (not const: it may
  // first complete this step's body frames).
  virtual std::string overflow_detail() { return ""; }

  // The neighbour loop: calls pair_forces(i, j, settings, xi,
  // weight_record, style_values, overflow) for every neighbour pair whose
  // enclosing circles (spheres) come within the cutoff; xi is the pair's
  // tangential displacement (nullptr without history), weight_record its
  // record of weighted contacts (nullptr without one), style_values the
  // style's own values of the pair (nullptr without).
  template <class PairFunction> void compute_pairs(int eflag, int vflag, PairFunction &&pair_forces);

  // What became of one neighbour entry (pair_entry.h).
  using PairOutcome = body_dem::PairOutcome;
  // How this style keeps the values of a pair, for interact_entry().
  body_dem::PairValuesLayout values_layout() const
  {
    body_dem::PairValuesLayout layout;
    layout.size_history = size_history;
    layout.history = history != 0;
    layout.weight_record = weight_record != 0;
    layout.record_stride = record_stride;
    layout.record_capacity = record_capacity;
    layout.pair_spring_unused = pair_spring_unused != 0;
    layout.style_values = style_values;
    layout.style_offset = style_values_offset();
    return layout;
  }

  // One neighbour entry (i, its jj-th neighbour j): the pair's history in,
  // the per-pair function if the enclosing spheres come within reach, the
  // history out, the loads onto f and torque (the host's arrays or a
  // thread's), the work of the weights onto weight_work. The one piece of
  // the serial and the threaded loops. Returns what became of the pair;
  // if it interacts (loads or energy), its result is in r; r is left as it
  // was otherwise: most neighbour pairs, for which filling the result
  // (some 30 values) cost more than the rest of their entry.
  // The pairs of entries first .. last - 1 of the neighbour list through
  // interact() (loads onto f and torque), each then handed to
  // on_pair(ii, i, j, outcome, r), r valid for an interacting pair only:
  // the loop of the serial style, of each thread of the /omp variants and
  // of each part of the Kokkos variants. rows: where the pairs' contact
  // rows go on a recording step (nullptr on other steps).
  template <class PairFunction, class OnPair>
  void interact_entries(int first, int last, const body_dem::PairStepSettings &settings, double **f,
                        double **torque, int &overflow, double &weight_work, PairFunction &&pair_forces,
                        OnPair &&on_pair, body_dem::ContactRowBuffer *rows = nullptr) const;

  template <class PairFunction>
  PairOutcome interact(const body_dem::PairValuesLayout &layout, int i, int j, int jj, int *touch,
                       double *history_values, const body_dem::PairStepSettings &settings,
                double **f, double **torque, int &overflow, double &weight_work, body_dem::PairResult &r,
                PairFunction &&pair_forces, body_dem::ContactRecorder *recorder = nullptr) const;

 private:
  void create_internal_fixes();
  void warn_of_foreign_pair_history();
  std::string work_fix_id() const;
  std::string history_fix_id() const;
  std::string dummy_fix_id() const;
};

template <class PairFunction> void PairBodyBase::compute_pairs(int eflag, int vflag, PairFunction &&pair_forces)
{
  ev_init(eflag, vflag);
  work.begin_step(atom->nlocal + atom->nghost);

  double **x = atom->x, **f = atom->f, **torque = atom->torque;
  const int nlocal = atom->nlocal;
  const body_dem::PairStepSettings settings = step_settings();
  int overflow = 0;
  double weight_work = 0.0;
  body_dem::ContactRowBuffer *rows = begin_contact_recording(1) ? &recorded_contacts.buffer(0) : nullptr;

  interact_entries(0, list->inum, settings, f, torque, overflow, weight_work, pair_forces,
                   [&](int, int i, int j, PairOutcome outcome, const body_dem::PairResult &r) {
                     if (outcome != PairOutcome::Interacting) return;    // no load, no energy: most pairs
                     work.add(i, j, r);
                     if (evflag)
                       ev_tally_xyz(i, j, nlocal, force->newton_pair, r.energy, 0.0, -r.total.force_j.x,
                                    -r.total.force_j.y, -r.total.force_j.z, x[i][0] - x[j][0], x[i][1] - x[j][1],
                                    x[i][2] - x[j][2]);
                   },
                   rows);
  if (overflow) contact_overflow();
  if (rows) end_contact_recording();
  if (weight_record) pvector[2] += weight_work;

  host::reverse_comm_of(comm, this);
  if (vflag_fdotr) virial_fdotr_compute();
}

template <class PairFunction, class OnPair>
void PairBodyBase::interact_entries(int first, int last, const body_dem::PairStepSettings &settings, double **f,
                                    double **torque, int &overflow, double &weight_work, PairFunction &&pair_forces,
                                    OnPair &&on_pair, body_dem::ContactRowBuffer *rows) const
{
  const bool stored = keeps_pair_history();
  const body_dem::PairValuesLayout layout = values_layout();
  body_dem::PairResult r;
  body_dem::ContactRecorder room;
  double **x = atom->x;
  const tagint *tag = atom->tag;
  for (int ii = first; ii < last; ii++) {
    const int i = list->ilist[ii];
    const int *jlist = list->firstneigh[i];
    const int jnum = list->numneigh[i];
    // The history of pair (i, jj) is stored in the rows of atom i, and an
    // entry i belongs to one thread or part of the threaded loops, so no
    // two of them ever read or write the same history values: no locks.
    int *touch = stored ? fix_history->firstflag[i] : nullptr;
    double *history_values = stored ? fix_history->firstvalue[i] : nullptr;
    for (int jj = 0; jj < jnum; jj++) {
      const int j = jlist[jj] & NEIGHMASK;
      if (rows) room = rows->room();    // a recording step: room for the pair's rows
      const PairOutcome outcome = interact(layout, i, j, jj, touch, history_values, settings, f, torque, overflow,
                                           weight_work, r, pair_forces, rows ? &room : nullptr);
      if (rows && (room.count || room.dropped))
        rows->keep_pair(room, i, j, tag[i], tag[j],
                        body_dem::Vec3{x[i][0] - x[j][0], x[i][1] - x[j][1], x[i][2] - x[j][2]});
      on_pair(ii, i, j, outcome, r);
    }
  }
}

template <class PairFunction>
PairBodyBase::PairOutcome PairBodyBase::interact(const body_dem::PairValuesLayout &layout, int i, int j, int jj,
                                                 int *touch, double *history_values,
                            const body_dem::PairStepSettings &settings, double **f, double **torque, int &overflow,
                            double &weight_work, body_dem::PairResult &r, PairFunction &&pair_forces,
                            body_dem::ContactRecorder *recorder) const
{
  double **x = atom->x;
  const double *radius = atom->radius;
  const tagint *tag = atom->tag;
  const PairOutcome outcome = body_dem::interact_entry(
      layout, i, j, x[i][0] - x[j][0], x[i][1] - x[j][1], x[i][2] - x[j][2],
      radius[i] + radius[j] + cut_surface, touch ? touch + jj : nullptr,
      history_values ? &history_values[size_history * jj] : nullptr, [&] { return tag[i] > tag[j]; }, settings,
      overflow, weight_work, r, pair_forces, recorder);
  if (outcome != PairOutcome::Interacting) return outcome;
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
  return PairOutcome::Interacting;
}

}    // namespace LAMMPS_NS

#endif
