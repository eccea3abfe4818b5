#include "body_storage_check.h"

#include "atom.h"
#include "atom_vec.h"
#include "atom_vec_body.h"
#include "body.h"
#include "error.h"
#include "molecule.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

using namespace LAMMPS_NS;

namespace body_dem {

namespace {

const std::string kPolyhedron = "rounded/polyhedron";
const std::string kPolygon = "rounded/polygon";

bool known_style(const std::string &s) { return s == kPolyhedron || s == kPolygon; }

bool parse_count(const char *text, int &value)
{
  if (!text || !*text) return false;
  char *end = nullptr;
  errno = 0;
  const long v = std::strtol(text, &end, 10);
  if (errno || *end || v < 1 || v > 1000000000L) return false;
  value = static_cast<int>(v);
  return true;
}

// Nmin and Nmax as the atom_style command gave them: its arguments are
// kept by the host (AtomVec::argcopy; for atom_style hybrid all of them),
// and the body style's two numbers follow its name. Else (not found) Nmax
// from the body style's border size, which the host sets from it (the
// same formula in every supported release), and Nmin 1: a range at least
// as wide as the real one, so that nothing is refused wrongly.
bool atom_style_counts(Atom *atom, const std::string &style, int size_border, int &nmin, int &nmax)
{
  const AtomVec *top = atom->avec;
  if (top && top->argcopy)
    for (int k = 0; k + 2 < top->nargcopy; k++)
      if (top->argcopy[k] && style == top->argcopy[k] && parse_count(top->argcopy[k + 1], nmin) &&
          parse_count(top->argcopy[k + 2], nmax))
        return true;
  nmin = 1;
  if (style == kPolyhedron) nmax = (size_border - 5) / 9;    // 3 + 9 Nmax + 2
  else if (style == kPolygon) nmax = (size_border - 3) / 5;  // 1 + 5 Nmax + 2
  else return false;
  return nmax >= 1;
}

std::string counted(long n, const char *one, const char *many) { return std::to_string(n) + " " + (n == 1 ? one : many); }

}    // namespace

long host_body_doubles(const std::string &body_style, int nvertices, int nedges, int nfaces)
{
  const long v = nvertices, e = nedges, f = nfaces;
  if (body_style == kPolyhedron) return v < 3 ? 3 * v + 4 : 3 * v + 2 * e + 4 * f + 2;
  if (body_style == kPolygon) return v < 3 ? 3 * v + 4 : 5 * v + 2;
  return -1;
}

long host_body_min_doubles(const std::string &body_style, int nmin)
{
  if (body_style == kPolyhedron) return 3L * nmin + 4;
  if (body_style == kPolygon) return 5L * nmin + 2;
  return -1;
}

long host_body_max_doubles(const std::string &body_style, int nmax)
{
  if (body_style == kPolyhedron) return 9L * nmax + 2;
  if (body_style == kPolygon) return 5L * nmax + 2;
  return -1;
}

std::string body_storage_problem(const std::string &body_style, int nmin, int nmax, int nvertices, int nedges,
                                 int nfaces)
{
  if (!known_style(body_style)) return "";
  const bool polyhedron = body_style == kPolyhedron;
  const long need = host_body_doubles(body_style, nvertices, nedges, nfaces);
  const long least = host_body_min_doubles(body_style, nmin), most = host_body_max_doubles(body_style, nmax);
  if (need >= least && need <= most) return "";

  std::string shape = "a body of " + counted(nvertices, "vertex", "vertices");
  if (polyhedron && nvertices >= 3)
    shape += ", " + counted(nedges, "edge", "edges") + " and " + counted(nfaces, "face", "faces");
  const std::string line = "atom_style body " + body_style + " " + std::to_string(nmin) + " " + std::to_string(nmax);
  const std::string crash = ": LAMMPS would crash (segmentation fault) storing it when create_atoms, fix pour or "
                            "fix deposit adds it";
  if (need > most) {
    std::string text = shape + " (" + std::to_string(need) + " values), more than " + line +
        " gives a body (at most " + (polyhedron ? "9 Nmax + 2 = " : "5 Nmax + 2 = ") + std::to_string(most) +
        ")" + crash;
    if (polyhedron) {
      // the least Nmax that fits, and the rule the docs give
      const long fit = (need - 2 + 8) / 9;
      const int largest = std::max({nvertices, nedges, nfaces});
      text += ". Set Nmax to at least " + std::to_string(largest) +
          ", the largest of its vertex, edge and face counts (" + std::to_string(fit) +
          " is the least that fits: 3V + 2E + 4F <= 9 Nmax)";
    } else {
      text += ". Set Nmax to at least " + std::to_string(nvertices) + ", its vertex count";
    }
    return text;
  }
  return shape + " (" + std::to_string(need) + " values), fewer than " + line + " gives a body (at least " +
      (polyhedron ? "3 Nmin + 4 = " : "5 Nmin + 2 = ") + std::to_string(least) + ")" + crash +
      ". Set Nmin to at most " + std::to_string(nvertices) + ", its vertex count (1 always fits)";
}

void check_body_templates(LAMMPS *lmp, const std::string &command)
{
  Atom *atom = lmp->atom;
  auto *avec = dynamic_cast<AtomVecBody *>(atom->style_match("body"));
  if (!avec || !avec->bptr || !avec->bptr->style) return;
  const std::string style = avec->bptr->style;
  if (!known_style(style)) return;
  int nmin = 1, nmax = 1;
  if (!atom_style_counts(atom, style, avec->bptr->size_border, nmin, nmax)) return;

  for (int m = 0; m < atom->nmolecule; m++) {
    const Molecule *mol = atom->molecules[m];
    if (!mol || !mol->bodyflag || !mol->ibodyparams) continue;
    // a template with another number of integers, or no vertices, is
    // refused by the host itself before it asks for room (data_body:
    // "Incorrect # of integer values", "Incorrect integer value")
    const bool polyhedron = style == kPolyhedron;
    if (mol->nibody != (polyhedron ? 3 : 1)) continue;
    const int *counts = mol->ibodyparams;
    const int nv = counts[0];
    const int ne = polyhedron ? counts[1] : 0;
    const int nf = polyhedron ? counts[2] : 0;
    if (nv < 1 || ne < 0 || nf < 0) continue;
    const std::string problem = body_storage_problem(style, nmin, nmax, nv, ne, nf);
    if (problem.empty()) continue;
    // its place in its set of templates (consecutive; the first of a set
    // holds the set's size in nset, the others 0)
    int first = m;
    while (first > 0 && atom->molecules[first]->nset == 0) first--;
    const int nset = atom->molecules[first]->nset;
    std::string who = std::string("molecule ") + (mol->id ? mol->id : "?");
    if (nset > 1) who += " (molecule " + std::to_string(m - first + 1) + " of its " + std::to_string(nset) + ")";
    lmp->error->all(FLERR, command + ": " + who + " holds " + problem);
  }
}

}    // namespace body_dem
