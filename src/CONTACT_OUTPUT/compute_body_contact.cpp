#include "compute_body_contact.h"

#include "force.h"
#include "group.h"
#include "modify.h"
#include "pair.h"
#include "update.h"

#include "style_args.h"

using namespace LAMMPS_NS;

namespace {

// The argument count, once the group is known to exist: the host's own
// message for a missing group does not name the command.
int with_group_checked(LAMMPS *lmp, int narg, char **arg, const std::string &style)
{
  const body_dem::StyleArgs args(lmp, "compute " + style);
  if (narg < 3) args.fail("expected compute ID group-ID " + style + " ...");
  if (lmp->group->find(arg[1]) < 0)
    args.fail(std::string("group '") + arg[1] + "' does not exist (expected the ID of a group of bodies)");
  return narg;
}

}    // namespace

ComputeBodyContact::ComputeBodyContact(LAMMPS *lmp, int narg, char **arg, const std::string &style) :
    Compute(lmp, with_group_checked(lmp, narg, arg, style), arg), command("compute " + style)
{
  // The output that invokes the compute tells the host in advance on
  // which steps it will (Modify::addstep_compute); the pair style and the
  // walls record their contacts on those steps (contact_recording.h).
  timeflag = 1;
}

void ComputeBodyContact::init()
{
  pair = force->pair ? dynamic_cast<const PairBodyBase *>(force->pair_match("^body/rounded/", 0)) : nullptr;
  if (!pair)
    error->all(FLERR, command + ": requires a pair style of the body-dem package (body/rounded/polygon, "
                                "body/rounded/polyhedron or body/rounded/polyhedron/granular, or their /omp or "
                                "/kokkos variants), got " +
                          (force->pair_style ? std::string("'") + force->pair_style + "'" : std::string("none")));
  walls.clear();
  for (int k = 0; k < modify->nfix; k++)
    if (const auto *wall = dynamic_cast<const FixWallBodyBase *>(modify->fix[k])) walls.push_back(wall);
}

void ComputeBodyContact::require_recorded(const ContactRecording &recording, const std::string &what) const
{
  if (recording.recorded_step() == update->ntimestep) return;
  error->all(FLERR, command + " " + id + ": the contacts of step " + std::to_string(update->ntimestep) +
                        " were not recorded by the " + what +
                        "; the compute can only be invoked on the steps of the output that uses it (dump, thermo, "
                        "fix ave/*, ...), which the host announces in advance, and at the start of a run");
}
