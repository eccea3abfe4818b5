#include "contact_recording.h"

#include "compute.h"
#include "modify.h"
#include "utils.h"

using namespace LAMMPS_NS;

void ContactRecording::find_clients(Modify *modify)
{
  clients_.clear();
  // the package's contact computes, known by their style names (the glue
  // knows no compute class: src/CONTACT_OUTPUT builds on the glue, not
  // the other way round)
  for (int k = 0; k < modify->ncompute; k++)
    if (utils::strmatch(modify->compute[k]->style, "^body/contact/")) clients_.push_back(modify->compute[k]);
}

bool ContactRecording::begin_step(bigint step, bool setup, int nbuffers)
{
  if (clients_.empty()) return false;
  // every client asked: matchstep() also drops the steps of its list that
  // have passed
  bool wanted = setup;
  for (Compute *c : clients_)
    if (c->matchstep(step)) wanted = true;
  if (!wanted) return false;
  if (static_cast<int>(buffers_.size()) < nbuffers) buffers_.resize(nbuffers);
  for (int k = 0; k < nbuffers; k++) buffers_[k].clear();
  nbuffers_ = nbuffers;
  recorded_step_ = step;
  return true;
}

std::string ContactRecording::overflow_message(const std::string &command) const
{
  for (int k = 0; k < nbuffers_; k++) {
    const body_dem::ContactRowBuffer &b = buffers_[k];
    if (!b.dropped()) continue;
    // (the Kokkos device loop counts such rows without naming the pair)
    const std::string who = !b.dropped_id_i() ? "a pair of bodies"
        : b.dropped_id_j() ? "the pair of atoms " + std::to_string(b.dropped_id_i()) + " and " +
            std::to_string(b.dropped_id_j())
                           : "atom " + std::to_string(b.dropped_id_i()) + " and a wall";
    return command + ": " + who + " made more contact rows than the " +
        std::to_string(body_dem::kMaxContactRowsPerPair) + " a pair may record (" + std::to_string(b.dropped()) +
        " more) for a contact compute; use bodies with fewer vertices within the cutoff of each other";
  }
  return "";
}

double ContactRecording::memory_usage() const
{
  double bytes = 0.0;
  for (const auto &b : buffers_) bytes += b.memory_usage();
  return bytes;
}
