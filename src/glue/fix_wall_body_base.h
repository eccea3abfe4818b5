/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: what the package's wall fixes share (LAMMPS glue):
   the host's wall syntax "wallstyle args [wiggle dim amplitude period]",
   the wall positions and velocities, which bodies reach a wall, a
   friction spring per body and wall that migrates with the atoms and is
   written to restart files, the accumulated loads on the bodies, and the
   outputs: the elastic energy of the wall contacts (global scalar, into
   pe with fix_modify energy yes) and a global vector with [1] the work of
   the walls' damping and friction, [2] the work of the walls' motion and
   [3-5] the force of the walls on the bodies; on the steps a contact
   compute asks for, the rows of the bodies' wall contacts
   (contact_recording.h).
   A wall style adds its coefficients, its contact law, and post_force().
------------------------------------------------------------------------- */

#ifndef BODY_DEM_FIX_WALL_BODY_BASE_H
#define BODY_DEM_FIX_WALL_BODY_BASE_H

#include "fix.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "update.h"

#include "contact_recording.h"
#include "contact_springs.h"
#include "body_shape_guard.h"
#include "pair_contact_forces.h"
#include "wall_contacts.h"
#include "work_accounting.h"

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#if defined(_OPENMP)
#include <omp.h>
#endif

namespace LAMMPS_NS {

class FixWallBodyBase : public Fix {
 public:
  // style: e.g. "wall/body/polygon"; dimension: 2 or 3.
  FixWallBodyBase(class LAMMPS *, int narg, char **arg, const std::string &style, int dimension);
  ~FixWallBodyBase() override;
  int setmask() override;
  void setup(int) override;
  void end_of_step() override;
  double compute_scalar() override;
  double compute_vector(int) override;
  double memory_usage() override;
  // The wall contacts recorded for compute body/contact/local and
  // body/contact/atom: a row per vertex contact, body i, j the side of
  // the wall (0 lo or the cylinder, 1 hi).
  const ContactRecording &contact_recording() const { return recorded_contacts; }

  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  int size_restart(int) override;
  int maxsize_restart() override;

 protected:
  static constexpr int kSpringValues = 3;    // xi of one wall (the pair mode's spring)
  // The per-contact springs of one wall (FrictionMode::contact): one per
  // vertex of the body in overlap, keyed by the vertex index
  // (contact_springs.h), spring_slots of them per body and wall: the
  // keyword `springs N` (at most kMaxWallSpringSlots), else
  // default_wall_spring_slots() of the bodies in the group when the fix
  // is made (8 for cubes and tetrahedra). More than the slots hold ends
  // the run with an error naming the body, the count, the limit and the
  // keyword (wall_loop()). 1 + 4 spring_slots values per body and wall.
  static constexpr int kDefaultWallSpringSlots = 8;
  static constexpr int kMaxWallSpringSlots = body_dem::kMaxPairContacts;
  int spring_slots = kDefaultWallSpringSlots;
  int springs_given = 0;    // the springs keyword's value; 0: not given
  int largest_vertex_count() const;
  int slot_values() const { return body_dem::spring_slots_size(spring_slots); }
  static constexpr int kRestartHeader = 2;   // count and signature of an atom's restart record
  // The package's signature in an atom's restart record (pack_restart()).
  static constexpr double kRestartSignature = -7.0e7 - 0.125;
  // Some atom's restart record was not the package's (e.g. written by the
  // host's built-in wall fix of the same ID): its springs start from zero.
  bool restart_ignored = false;
  static constexpr int kWallsMax = 2;        // lo and hi
  // Values kept per body and wall: the spring xi, the per-contact springs,
  // then the style's own (keep_wall_values(), before parse_walls()
  // registers the arrays).
  int style_wall_values = 0;
  int values_per_wall = kSpringValues + body_dem::spring_slots_size(kDefaultWallSpringSlots);
  void keep_wall_values(int count)
  {
    style_wall_values = count;
    values_per_wall = kSpringValues + slot_values() + count;
  }
  int values_per_atom() const { return kWallsMax * values_per_wall; }
  enum class WallStyle { xplane, yplane, zplane, zcylinder };

  std::string command;    // "fix <style>", the start of every error message
  int dimension;

  // Parses "wallstyle args [wiggle dim amplitude period]" from arg[iarg..narg)
  // (the last arguments of every wall style) and then registers the
  // per-atom springs with the host.
  void parse_walls(int narg, char **arg, int iarg);
  // A keyword of one wall style after the walls (arg[iarg]): the number of
  // arguments it took, or 0 when it is not one of the style's; and the
  // keywords a style accepts, for the error message.
  virtual int parse_style_keyword(int /*narg*/, char ** /*arg*/, int /*iarg*/) { return 0; }
  virtual std::string keywords_expected() const { return "wiggle or springs"; }
  void register_per_atom_arrays();
  static bool is_wallstyle(const char *word);

  // State of the walls at the current step (set by begin_post_force()).
  bool near_wall(int w, const double *x, double radius) const
  {
    if (!wall_exists(w)) return false;
    const double reach = radius + contact_range;
    if (wallstyle == WallStyle::zcylinder) return std::hypot(x[0], x[1]) + reach >= cylinder_radius;
    return w == 0 ? x[wall_axis] - reach <= lo + normal_shift : x[wall_axis] + reach >= hi + normal_shift;
  }
  template <int Capacity>
  void wall_contacts(int w, const body_dem::Vec3 *vertices, int nvertices, double rounded_radius,
                     body_dem::ContactList<Capacity> &contacts) const;
  body_dem::BodyMotion wall_motion(const body_dem::Vec3 &center) const;
  int wall_count() const { return kWallsMax; }
  bool wall_exists(int w) const { return w == 0 ? has_lo : has_hi; }
  body_dem::Vec3 wall_velocity_now() const;

  // The shape check of the bodies (body_shape_check.h) in the fix's group
  // that the pair style did not check (with pair_style hybrid, or under a
  // pair style of another package): each wall style says what is wrong
  // with the shape of local atom i ("" if nothing) and whether it needs a
  // rounded diameter > 0 (the reason; nullptr: 0 is allowed). The wall
  // styles call check_body_shapes() at the end of init(); wall_loop()
  // checks the bodies a run adds (fix pour) before it reads them.
  virtual std::string body_shape_defect(int /*i*/, const char * /*rounding_required_by*/) { return ""; }
  virtual const char *wall_rounding_required_by() const { return nullptr; }
  void check_body_shapes();

  // The loop of every wall style's post_force(): for each local body in
  // the group and each wall its enclosing sphere reaches, the body's shape
  // (transform(i, shape, motion), once per body), its vertex contacts with
  // the wall, the law (forces(i, shape, contacts, body motion, wall motion,
  // xi, style_values, slots, recorder) -> PairResult; style_values: the
  // style's own values of the body and wall, nullptr without; slots: the
  // per-contact springs of the body's vertices on this wall, for
  // wall_contact_forces(); recorder: room for the contact rows on a step
  // that records them, else nullptr),
  // and the loads and springs applied. transform(i, shape, motion, part)
  // gets the number of the part of the bodies it works on (0 without
  // threads), for its scratch memory: the bodies are cut into
  // loop_parts() contiguous ranges (each body's rows of f, torque, history
  // and work loads belong to one part), run by run_parts(), and the energy
  // and the elastic force are summed per part, then over the parts in
  // their order (the same result, to the last bit, on every run).
  template <class Shape, int Capacity, class Transform, class Forces>
  void wall_loop(Transform &&transform, Forces &&forces);
  // The /omp variants set it: the parts run on the host's OpenMP threads.
  bool threaded = false;
  // Parts of wall_loop(), for the styles' scratch per part: 1 unless
  // `threaded` (the host's thread count) or a variant says otherwise.
  virtual int loop_parts() const
  {
#if defined(_OPENMP)
    return threaded && comm->nthreads > 1 ? comm->nthreads : 1;
#else
    return 1;
#endif
  }
  // Runs run_part(p) for p = 0 .. nparts - 1, each once, in any order and
  // at the same time (the Kokkos variants run them in Kokkos); by default
  // on the host's OpenMP threads when `threaded`, else one after another.
  virtual void run_parts(int nparts, const std::function<void(int)> &run_part)
  {
#if defined(_OPENMP)
#pragma omp parallel for num_threads(nparts) schedule(static, 1) if (threaded && nparts > 1)
#endif
    for (int p = 0; p < nparts; p++) run_part(p);
  }

  // The pieces of that loop.
  void begin_post_force();
  body_dem::PairStepSettings step_settings(bool history) const;
  body_dem::Vec3 history_of(int i, int w) const { return body_dem::Vec3::from(&wall_history[i][values_per_wall * w]); }
  double *style_values_of(int i, int w) const
  {
    return style_wall_values > 0 ? &wall_history[i][values_per_wall * w + kSpringValues + slot_values()] : nullptr;
  }
  // pair_contact_forces() of a body's vertex contacts with a wall, the
  // per-contact springs kept under the vertex indices in `slots`.
  template <class Law>
  static body_dem::PairResult wall_contact_forces(const body_dem::Contact *contacts, int n, const body_dem::BodyMotion &body,
                                                  const body_dem::BodyMotion &wall, const Law &law,
                                                  const body_dem::PairStepSettings &settings, body_dem::Vec3 *xi,
                                                  const body_dem::SpringSlotsRef &slots,
                                                  body_dem::ContactRecorder *recorder = nullptr)
  {
    return body_dem::slot_contact_forces(
        contacts, n, 1.0, body, wall, law, settings, xi, slots,
        [](const body_dem::Contact &c) { return static_cast<double>(c.index_i); }, [](double key) { return key; },
        recorder);
  }
  body_dem::SpringSlotsRef spring_slots_of(int i, int w) const
  {
    return {&wall_history[i][values_per_wall * w + kSpringValues], spring_slots, false};
  }
  // Called at the start of setup(), after every init(): a wall that takes
  // its friction settings from the pair style reads them here.
  virtual void setup_friction() {}
  void forget_history(int i, int w);
  // Ends the run: body `tag` has `count` friction springs on a wall, more
  // than spring_slots (the message names the body, the count, the limit
  // and the keyword).
  [[noreturn]] void wall_springs_overflow(tagint tag, int count) const;
  // The loads of one body's contacts with wall w onto f, torque, its
  // spring and the work accounting; the energy and elastic force are the
  // caller's.
  void apply(int i, int w, const body_dem::PairResult &r, const body_dem::Vec3 &xi);

  class AtomVecBody *avec = nullptr;
  // Surface separation up to which a vertex interacts with a wall (0: in
  // contact only; the granular wall's adhesion reaches further).
  double contact_range = 0.0;

 private:
  body_dem::BodyShapeGuard shape_guard;
  const class PairBodyBase *shape_pair = nullptr;    // the pair style whose check covers some bodies
  bool shape_wanted(int i) const;

  WallStyle wallstyle = WallStyle::zplane;
  int wall_axis = 2;
  double lo = 0.0, hi = 0.0, cylinder_radius = 0.0;
  bool has_lo = false, has_hi = false;
  int wiggle = 0, wiggle_axis = 0;
  double amplitude = 0.0, period = 0.0, omega_wiggle = 0.0;
  bigint time_origin = 0;
  double normal_shift = 0.0;    // displacement of a plane wiggling along its normal
  body_dem::Vec3 velocity;      // of the walls, this step

  double **wall_history = nullptr;    // per atom: xi for each wall
  // per atom and wall: 0 when all its values in wall_history are zero
  // (1: they may not be); see forget_history()
  std::vector<unsigned char> wall_live;
  void mark_live(int i);
  bool callbacks_registered = false;
  double wall_energy = 0.0;           // elastic energy of this rank's wall contacts (this step)
  body_dem::WorkAccounting work;      // loads of the walls' damping and friction
  // work integrated on this rank's atoms; [1]: damping and friction
  double work_local[body_dem::WorkAccounting::kParts] = {0.0, 0.0};
  // elastic force of the walls on this rank's bodies (this step), and the
  // work a moving wall does through it
  body_dem::Vec3 elastic_on_bodies;
  // The whole force of the walls on this rank's bodies at the last step
  // (elastic, damping, friction), for the global vector's elements 3-5.
  body_dem::Vec3 force_on_bodies;
  ContactRecording recorded_contacts;    // the contact rows of the steps a contact compute asks for
  double motion_power_previous = 0.0;
  double work_motion_local = 0.0;
};

template <int Capacity>
void FixWallBodyBase::wall_contacts(int w, const body_dem::Vec3 *vertices, int nvertices, double rounded_radius,
                                    body_dem::ContactList<Capacity> &contacts) const
{
  if (wallstyle == WallStyle::zcylinder) {
    body_dem::find_wall_contacts(vertices, nvertices, rounded_radius, body_dem::CylinderWall{cylinder_radius},
                                 contact_range, contacts);
  } else {
    double point[3] = {0.0, 0.0, 0.0}, inward[3] = {0.0, 0.0, 0.0};
    point[wall_axis] = (w == 0 ? lo : hi) + normal_shift;
    inward[wall_axis] = w == 0 ? 1.0 : -1.0;
    body_dem::find_wall_contacts(vertices, nvertices, rounded_radius,
                                 body_dem::PlaneWall{body_dem::Vec3::from(point), body_dem::Vec3::from(inward)},
                                 contact_range, contacts);
  }
}

template <class Shape, int Capacity, class Transform, class Forces>
void FixWallBodyBase::wall_loop(Transform &&transform, Forces &&forces)
{
  shape_guard.check_added(
      lmp, command, [this](int i) { return shape_wanted(i); },
      [this](int i) { return body_shape_defect(i, wall_rounding_required_by()); });
  begin_post_force();
  const int *mask = atom->mask;
  const int *body = atom->body;
  double **x = atom->x;
  const double *radius = atom->radius;
  const int nlocal = atom->nlocal;
  const int nparts = loop_parts();
  // Per part: energy, the elastic force of the walls on the bodies (its
  // negative is the bodies' at the end: exactly the same numbers) and a
  // body that went past a capacity: more vertices within reach of a wall
  // than Capacity (contacts) or more springs than the slots hold (springs),
  // with its atom ID and the count.
  struct PartSums {
    double energy = 0.0, ex = 0.0, ey = 0.0, ez = 0.0, fx = 0.0, fy = 0.0, fz = 0.0;
    int contacts = 0, springs = 0;
    tagint tag = 0;
  };
  std::vector<PartSums> parts(nparts);
  const bool recording = recorded_contacts.begin_step(update->ntimestep, update->setupflag != 0, nparts);
  const tagint *tag = atom->tag;
  run_parts(nparts, [&](int part) {
    PartSums sums;
    body_dem::ContactRowBuffer *rows = recording ? &recorded_contacts.buffer(part) : nullptr;
    body_dem::ContactRecorder room;
    const int first = static_cast<int>(static_cast<std::int64_t>(nlocal) * part / nparts);
    const int last = static_cast<int>(static_cast<std::int64_t>(nlocal) * (part + 1) / nparts);
    for (int i = first; i < last; i++) {
      if (!(mask[i] & groupbit) || body[i] < 0) continue;
      body_dem::ContactList<Capacity> contacts;
      bool transformed = false;
      Shape shape;
      body_dem::BodyMotion motion;
      for (int w = 0; w < wall_count(); w++) {
        // Only bodies whose enclosing sphere reaches a wall need their vertices.
        if (!near_wall(w, x[i], radius[i])) {
          forget_history(i, w);
          continue;
        }
        if (!transformed) {
          transform(i, shape, motion, part);
          transformed = true;
        }
        wall_contacts(w, shape.vertices, shape.nvertices, shape.rounded_radius, contacts);
        if (contacts.overflow) {    // reported after the loop: no error inside threads
          sums.contacts = contacts.count();
          sums.tag = atom->tag[i];
          break;
        }
        body_dem::Vec3 xi = history_of(i, w);
        if (rows) room = rows->room();
        const body_dem::PairResult r = forces(i, shape, contacts, motion, wall_motion(motion.center), xi,
                                              style_values_of(i, w), spring_slots_of(i, w), rows ? &room : nullptr);
        if (rows && (room.count || room.dropped)) rows->keep_wall(room, i, w, tag[i], motion.center);
        if (r.unstored_springs > 0) {
          sums.springs = r.unstored_springs;
          sums.tag = tag[i];
        }
        apply(i, w, r, xi);
        sums.energy += r.energy;
        const body_dem::Vec3 elastic = r.total.force_j - r.dissipative.force_j;
        sums.ex += elastic.x;
        sums.ey += elastic.y;
        sums.ez += elastic.z;
        sums.fx += r.total.force_j.x;
        sums.fy += r.total.force_j.y;
        sums.fz += r.total.force_j.z;
      }
    }
    parts[part] = sums;
  });
  double energy = 0.0, ex = 0.0, ey = 0.0, ez = 0.0, fx = 0.0, fy = 0.0, fz = 0.0;
  for (const PartSums &sums : parts) {
    if (sums.contacts)
      error->one(FLERR, command + ": body of atom " + std::to_string(static_cast<long long>(sums.tag)) + " has " +
                            std::to_string(sums.contacts) + " vertices within reach of a wall, more than the " +
                            std::to_string(Capacity) + " contacts of a body with a wall that the package holds");
    if (sums.springs) wall_springs_overflow(sums.tag, sums.springs);
    energy += sums.energy;
    ex += sums.ex;
    ey += sums.ey;
    ez += sums.ez;
    fx += sums.fx;
    fy += sums.fy;
    fz += sums.fz;
  }
  if (recording) {
    const std::string message = recorded_contacts.overflow_message(command);
    if (!message.empty()) error->one(FLERR, message);
  }
  work.list_wall_rows(nlocal);
  wall_energy = energy;
  elastic_on_bodies = -body_dem::Vec3{ex, ey, ez};
  force_on_bodies = -body_dem::Vec3{fx, fy, fz};
}

}    // namespace LAMMPS_NS

#endif
