/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: what compute body/contact/local and
   body/contact/atom share (LAMMPS glue, issue 27): the contact rows that
   the package's pair style and wall fixes recorded on the step the
   compute is invoked on (contact_recording.h says how they know the
   steps), restricted to the compute's group.

   A contact between a local and a ghost body is computed, and so
   recorded, by one rank only (the pair styles need newton pair on: each
   pair of bodies is in one rank's half neighbour list), so that a row
   count summed over the ranks equals the count on one rank.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_COMPUTE_BODY_CONTACT_H
#define BODY_DEM_COMPUTE_BODY_CONTACT_H

#include "compute.h"

#include "contact_recorder.h"

#include <string>
#include <vector>

namespace LAMMPS_NS {

class PairBodyBase;
class FixWallBodyBase;

class ComputeBodyContact : public Compute {
 public:
  // style: "body/contact/local" or "body/contact/atom"
  ComputeBodyContact(class LAMMPS *, int narg, char **arg, const std::string &style);
  void init() override;

 protected:
  std::string command;    // "compute <style>", the start of every error message
  const PairBodyBase *pair = nullptr;
  // the package's wall fixes, in the order of their definition; a row of
  // walls[k] has wall number k + 1
  std::vector<const FixWallBodyBase *> walls;

  // Calls visit(row, wall) for every row of this step between two bodies
  // of the group (wall 0) or a body of the group and a wall (wall >= 1),
  // pairs first in the pair style's order, then the walls in theirs; the
  // rows of one pair of bodies, or of one body and wall, follow each
  // other. Ends with an error if the rows are not of this step.
  template <class Visit> void for_each_row(Visit &&visit) const;

 private:
  void require_recorded(const class ContactRecording &recording, const std::string &what) const;
};

}    // namespace LAMMPS_NS

#include "contact_recording.h"
#include "fix_wall_body_base.h"
#include "pair_body_base.h"

namespace LAMMPS_NS {

template <class Visit> void ComputeBodyContact::for_each_row(Visit &&visit) const
{
  const int *mask = atom->mask;
  const ContactRecording &pair_rows = pair->contact_recording();
  require_recorded(pair_rows, "pair style");
  for (int b = 0; b < pair_rows.nbuffers(); b++) {
    const body_dem::ContactRowBuffer &buffer = pair_rows.buffer(b);
    const body_dem::ContactRow *rows = buffer.data();
    for (int k = 0; k < buffer.size(); k++)
      if ((mask[rows[k].i] & groupbit) && (mask[rows[k].j] & groupbit)) visit(rows[k], 0);
  }
  for (size_t w = 0; w < walls.size(); w++) {
    const ContactRecording &wall_rows = walls[w]->contact_recording();
    require_recorded(wall_rows, std::string("fix ") + walls[w]->id);
    for (int b = 0; b < wall_rows.nbuffers(); b++) {
      const body_dem::ContactRowBuffer &buffer = wall_rows.buffer(b);
      const body_dem::ContactRow *rows = buffer.data();
      for (int k = 0; k < buffer.size(); k++)
        if (mask[rows[k].i] & groupbit) visit(rows[k], static_cast<int>(w) + 1);
    }
  }
}

}    // namespace LAMMPS_NS

#endif
