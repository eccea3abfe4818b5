// compute body/contact/atom: per body, what its contact rows
// (compute_body_contact.h) add up to. A contact between a local and a
// ghost body is recorded on one rank, which adds its share to the ghost;
// the ghosts' shares go to their owners by reverse communication.

#include "compute_body_contact_atom.h"

#include "atom.h"
#include "comm.h"
#include "memory.h"
#include "update.h"

#include "host_compat.h"
#include "style_args.h"

#include <cmath>

using namespace LAMMPS_NS;
using body_dem::ContactRow;
using body_dem::ContactRowKind;

ComputeBodyContactAtom::ComputeBodyContactAtom(LAMMPS *lmp, int narg, char **arg) :
    ComputeBodyContact(lmp, narg, arg, "body/contact/atom")
{
  if (narg > 3)
    body_dem::StyleArgs(lmp, command)
        .fail(std::string("takes no keywords, got '") + arg[3] + "' (its columns: coordination number, contacts, "
              "sum of the normal forces)");
  peratom_flag = 1;
  size_peratom_cols = kColumns;
  comm_reverse = kColumns;
}

ComputeBodyContactAtom::~ComputeBodyContactAtom()
{
  memory->destroy(values);
}

void ComputeBodyContactAtom::compute_peratom()
{
  invoked_peratom = update->ntimestep;
  if (atom->nmax > nmax) {
    memory->destroy(values);
    nmax = atom->nmax;
    memory->create(values, nmax, kColumns, "body/contact/atom:values");
    array_atom = values;
  }
  const int nlocal = atom->nlocal;
  const int nall = nlocal + atom->nghost;
  for (int i = 0; i < nall; i++)
    for (int c = 0; c < kColumns; c++) values[i][c] = 0.0;

  // The rows of one pair of bodies (or of one body and one side of a
  // wall) follow each other: a partner counts once, at its first contact.
  int last_i = -1, last_j = -1, last_wall = -1;
  for_each_row([&](const ContactRow &r, int wall) {
    if (r.kind == static_cast<int>(ContactRowKind::pair_friction) ||
        r.kind == static_cast<int>(ContactRowKind::pair_adhesion))
      return;    // forces of the pair, not contacts
    const bool new_partner = r.i != last_i || r.j != last_j || wall != last_wall;
    last_i = r.i;
    last_j = r.j;
    last_wall = wall;
    const double fn = std::fabs(dot(r.force_n, r.normal));
    double *vi = values[r.i];
    vi[0] += new_partner ? 1.0 : 0.0;
    vi[1] += 1.0;
    vi[2] += fn;
    if (wall) return;
    double *vj = values[r.j];
    vj[0] += new_partner ? 1.0 : 0.0;
    vj[1] += 1.0;
    vj[2] += fn;
  });
  host::reverse_comm_of(comm, this);

  const int *mask = atom->mask;
  for (int i = 0; i < nlocal; i++)
    if (!(mask[i] & groupbit))
      for (int c = 0; c < kColumns; c++) values[i][c] = 0.0;
}

int ComputeBodyContactAtom::pack_reverse_comm(int n, int first, double *buf)
{
  int m = 0;
  for (int i = first; i < first + n; i++)
    for (int c = 0; c < kColumns; c++) buf[m++] = values[i][c];
  return m;
}

void ComputeBodyContactAtom::unpack_reverse_comm(int n, int *list, double *buf)
{
  int m = 0;
  for (int k = 0; k < n; k++)
    for (int c = 0; c < kColumns; c++) values[list[k]][c] += buf[m++];
}

double ComputeBodyContactAtom::memory_usage()
{
  return static_cast<double>(nmax) * kColumns * sizeof(double);
}
