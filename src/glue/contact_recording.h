/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: the contact output of a pair style or a wall fix
   (LAMMPS glue, issue 27): on which steps it records its contacts, and
   the rows it recorded (contact_recorder.h), which the computes
   body/contact/local and body/contact/atom read.

   Why the styles record on some steps only, and how they know which:
   the rows of a step exist only while its forces are computed (the
   springs advance, so they cannot be computed again afterwards, which is
   why the styles have no single() for compute pair/local). The contact
   computes are time-dependent computes of the host (timeflag): the output
   that invokes them (dump, thermo, the fix ave styles, ...) tells the host in
   advance on which step it will (Modify::addstep_compute), and the host
   keeps that step in the compute's list. Before its loop, a style asks
   its clients (the contact computes defined at its init) whether the step
   is in their lists (Compute::matchstep, as Integrate::ev_set asks the
   energy and pressure computes); only then does it hand its per-pair
   functions a recorder. On other steps it does one comparison per client
   and step, and keeps nothing. The setup of a run records always (when a
   client exists): a run with `pre no` does not tell its first step in
   advance, and its output invokes the computes on it.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_CONTACT_RECORDING_H
#define BODY_DEM_CONTACT_RECORDING_H

#include "lmptype.h"

#include "contact_recorder.h"
#include "pair_contact_forces.h"

#include <string>
#include <vector>

namespace body_dem {

// The rows of one thread or part of a loop on a recording step, grown as
// needed (never on other steps).
class ContactRowBuffer {
 public:
  void clear()
  {
    count_ = 0;
    dropped_ = 0;
  }
  // Room for the rows of one call of a per-pair function.
  ContactRecorder room()
  {
    const size_t need = count_ + static_cast<size_t>(kMaxContactRowsPerPair);
    if (rows_.size() < need) rows_.resize(need + rows_.size());
    ContactRecorder r;
    r.rows = rows_.data() + count_;
    r.capacity = kMaxContactRowsPerPair;
    return r;
  }
  // Keeps the rows a call wrote into room(): those of the pair of atoms
  // i, j (local or ghost indices, IDs) whose centres are branch = x_i - x_j apart.
  void keep_pair(const ContactRecorder &r, int i, int j, long long id_i, long long id_j, const Vec3 &branch)
  {
    for (int k = 0; k < r.count; ++k) {
      ContactRow &row = rows_[count_ + k];
      row.i = i;
      row.j = j;
      row.id_i = id_i;
      row.id_j = id_j;
      row.branch = branch;
    }
    note_dropped(r.dropped, id_i, id_j);
    count_ += r.count;
  }
  // ... or those of local atom i with the wall of side `side` (0 lo, 1
  // hi), the body's centre at `center`.
  void keep_wall(const ContactRecorder &r, int i, int side, long long id_i, const Vec3 &center)
  {
    for (int k = 0; k < r.count; ++k) {
      ContactRow &row = rows_[count_ + k];
      row.i = i;
      row.j = side;
      row.id_i = id_i;
      row.id_j = 0;
      row.branch = center - row.point;
    }
    note_dropped(r.dropped, id_i, 0);
    count_ += r.count;
  }
  // Rows written from elsewhere (the Kokkos device loop's copy).
  ContactRow *append(int n)
  {
    if (rows_.size() < count_ + static_cast<size_t>(n)) rows_.resize(count_ + static_cast<size_t>(n));
    ContactRow *first = rows_.data() + count_;
    count_ += n;
    return first;
  }
  void note_dropped(int dropped, long long id_i, long long id_j)
  {
    if (dropped > 0 && dropped_ == 0) {
      dropped_id_i_ = id_i;
      dropped_id_j_ = id_j;
    }
    dropped_ += dropped;
  }
  int size() const { return static_cast<int>(count_); }
  const ContactRow *data() const { return rows_.data(); }
  int dropped() const { return dropped_; }
  long long dropped_id_i() const { return dropped_id_i_; }
  long long dropped_id_j() const { return dropped_id_j_; }
  double memory_usage() const { return static_cast<double>(rows_.capacity()) * sizeof(ContactRow); }

 private:
  std::vector<ContactRow> rows_;
  size_t count_ = 0;
  int dropped_ = 0;
  long long dropped_id_i_ = 0, dropped_id_j_ = 0;
};

}    // namespace body_dem

namespace LAMMPS_NS {

class ContactRecording {
 public:
  // At init: the package's contact computes defined now (the clients).
  void find_clients(class Modify *modify);
  bool has_clients() const { return !clients_.empty(); }
  // Before the loop of a step: whether its contacts are recorded (a
  // client will be invoked on it, or the setup of a run); if so, nbuffers
  // empty buffers are ready (one per thread or part of the loop) and this
  // step is the recorded one. Otherwise the rows of an earlier recording
  // are kept as they are (a run with `pre no` computes the forces of the
  // last step again, and the rows of that step stay valid).
  bool begin_step(bigint step, bool setup, int nbuffers);
  body_dem::ContactRowBuffer &buffer(int k) { return buffers_[k]; }
  // After the loop: the message of an error if some call had more rows
  // than its room (the command, the pair of atoms), else "".
  std::string overflow_message(const std::string &command) const;

  // For the computes: the step the rows are of (-1: none), and the rows.
  bigint recorded_step() const { return recorded_step_; }
  int nbuffers() const { return nbuffers_; }
  const body_dem::ContactRowBuffer &buffer(int k) const { return buffers_[k]; }
  double memory_usage() const;

 private:
  std::vector<class Compute *> clients_;
  std::vector<body_dem::ContactRowBuffer> buffers_;
  int nbuffers_ = 0;
  bigint recorded_step_ = -1;
};

}    // namespace LAMMPS_NS

#endif
