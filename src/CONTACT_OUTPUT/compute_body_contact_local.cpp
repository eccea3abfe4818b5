// compute body/contact/local: the contact rows of the package's pair
// style and walls (compute_body_contact.h) as a local vector (one keyword)
// or array (several), for dump local and compute reduce.

#include "compute_body_contact_local.h"

#include "memory.h"
#include "update.h"

#include "style_args.h"

#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;
using body_dem::ContactRow;
using body_dem::Vec3;

namespace {

struct ColumnName {
  const char *name;
  ComputeBodyContactLocal::Column column;
};

using C = ComputeBodyContactLocal::Column;
const ColumnName kColumns[] = {
    {"id1", C::id1},       {"id2", C::id2},       {"wall", C::wall},   {"side", C::side},   {"kind", C::kind},
    {"px", C::px},         {"py", C::py},         {"pz", C::pz},       {"nx", C::nx},       {"ny", C::ny},
    {"nz", C::nz},         {"overlap", C::overlap}, {"weight", C::weight}, {"fn", C::fn},   {"ft", C::ft},
    {"fnx", C::fnx},       {"fny", C::fny},       {"fnz", C::fnz},     {"ftx", C::ftx},     {"fty", C::fty},
    {"ftz", C::ftz},       {"fx", C::fx},         {"fy", C::fy},       {"fz", C::fz},       {"bx", C::bx},
    {"by", C::by},         {"bz", C::bz}};

std::string column_names()
{
  std::string names;
  for (const ColumnName &c : kColumns) names += (names.empty() ? "" : " ") + std::string(c.name);
  return names;
}

double value_of(C column, const ContactRow &r, int wall)
{
  switch (column) {
    case C::id1: return static_cast<double>(r.id_i);
    case C::id2: return static_cast<double>(r.id_j);
    case C::wall: return wall;
    case C::side: return wall ? r.j + 1 : 0;
    case C::kind: return r.kind;
    case C::px: return r.point.x;
    case C::py: return r.point.y;
    case C::pz: return r.point.z;
    case C::nx: return r.normal.x;
    case C::ny: return r.normal.y;
    case C::nz: return r.normal.z;
    case C::overlap: return r.delta_n;
    case C::weight: return r.weight;
    case C::fn: return -dot(r.force_n, r.normal);    // > 0: repulsive
    case C::ft: return norm(r.force_t);
    case C::fnx: return r.force_n.x;
    case C::fny: return r.force_n.y;
    case C::fnz: return r.force_n.z;
    case C::ftx: return r.force_t.x;
    case C::fty: return r.force_t.y;
    case C::ftz: return r.force_t.z;
    case C::fx: return r.force_n.x + r.force_t.x;
    case C::fy: return r.force_n.y + r.force_t.y;
    case C::fz: return r.force_n.z + r.force_t.z;
    case C::bx: return r.branch.x;
    case C::by: return r.branch.y;
    case C::bz: return r.branch.z;
  }
  return 0.0;
}

}    // namespace

ComputeBodyContactLocal::ComputeBodyContactLocal(LAMMPS *lmp, int narg, char **arg) :
    ComputeBodyContact(lmp, narg, arg, "body/contact/local")
{
  const body_dem::StyleArgs args(lmp, command);
  if (narg < 4) args.fail("expected at least one keyword (" + column_names() + ")");
  for (int iarg = 3; iarg < narg; iarg++) {
    bool known = false;
    for (const ColumnName &c : kColumns)
      if (strcmp(arg[iarg], c.name) == 0) {
        columns.push_back(c.column);
        known = true;
        break;
      }
    if (!known) args.fail(std::string("unknown keyword '") + arg[iarg] + "' (expected " + column_names() + ")");
  }
  local_flag = 1;
  size_local_rows = 0;
  size_local_cols = columns.size() == 1 ? 0 : static_cast<int>(columns.size());
}

ComputeBodyContactLocal::~ComputeBodyContactLocal()
{
  memory->destroy(vlocal);
  memory->destroy(alocal);
}

void ComputeBodyContactLocal::compute_local()
{
  invoked_local = update->ntimestep;
  int count = 0;
  for_each_row([&](const ContactRow &, int) { count++; });
  if (count > nmax) reallocate(count);
  size_local_rows = count;
  const int ncolumns = static_cast<int>(columns.size());
  int m = 0;
  for_each_row([&](const ContactRow &r, int wall) {
    if (ncolumns == 1)
      vlocal[m] = value_of(columns[0], r, wall);
    else
      for (int c = 0; c < ncolumns; c++) alocal[m][c] = value_of(columns[c], r, wall);
    m++;
  });
}

void ComputeBodyContactLocal::reallocate(int n)
{
  // room for a tenth more, so that a count that grows a little from one
  // invocation to the next does not reallocate each time
  nmax = n + n / 10 + 16;
  if (columns.size() == 1) {
    memory->destroy(vlocal);
    memory->create(vlocal, nmax, "body/contact/local:vector_local");
    vector_local = vlocal;
  } else {
    memory->destroy(alocal);
    memory->create(alocal, nmax, static_cast<int>(columns.size()), "body/contact/local:array_local");
    array_local = alocal;
  }
}

double ComputeBodyContactLocal::memory_usage()
{
  return static_cast<double>(nmax) * columns.size() * sizeof(double);
}
