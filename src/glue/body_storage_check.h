/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: the room the host's body styles give one body, and
   the check of the molecule templates against it (LAMMPS glue).

   The host trap. The host's body styles rounded/polyhedron and
   rounded/polygon (BodyRoundedPolyhedron, BodyRoundedPolygon; the same in
   LAMMPS 29 Sep 2021, 4 Feb 2025 and 4 Jul 2026) keep the values of each
   body in a memory pool whose chunks hold a number of doubles fixed by
   `atom_style body <style> Nmin Nmax`:

     rounded/polyhedron  from 3 Nmin + 4 to 9 Nmax + 2; a body stores
                         3V + 2E + 4F + 2 (V >= 3 vertices, E edges, F
                         faces; a sphere or rod 3V + 4)
     rounded/polygon     from 5 Nmin + 2 to 5 Nmax + 2; a body stores
                         5V + 2 (V >= 3; a disk or rod 3V + 4)

   A body outside that range gets no chunk (the pool returns a null
   pointer) and the host writes its values through it: read_data,
   create_atoms, fix pour and fix deposit end in a segmentation fault
   (BodyRounded*::data_body). For polygons that is the documented meaning
   of Nmin and Nmax (vertex counts); for polyhedra Nmax bounds the sum
   above, so a triangulated grain of V vertices (3V - 6 edges, 2V - 4
   faces) needs Nmax >= (17V - 28) / 9, about 1.9 V: the largest of V, E
   and F is always enough (a cube, 8 12 6, fits Nmax 8 exactly).

   What the package can see: no package code runs inside read_data or
   create_atoms, so a body those commands store has either fitted or
   crashed the host before any style of the package is initialised. What
   is stored later comes from molecule templates (fix pour and fix deposit
   during a run, create_atoms after one): the pair styles and wall fixes
   check every body template at init, against the room of the atom style,
   and stop with an error that names the template, its counts, the room
   and the Nmax (or Nmin) to use, before the host stores one.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_BODY_STORAGE_CHECK_H
#define BODY_DEM_BODY_STORAGE_CHECK_H

#include <string>

namespace LAMMPS_NS {
class LAMMPS;
}

namespace body_dem {

// The doubles the host stores for one body of `body_style`
// ("rounded/polyhedron", "rounded/polygon"); -1 for another style.
long host_body_doubles(const std::string &body_style, int nvertices, int nedges, int nfaces);
// The least and the most doubles a body may have with Nmin, Nmax.
long host_body_min_doubles(const std::string &body_style, int nmin);
long host_body_max_doubles(const std::string &body_style, int nmax);

// "" when a body of these counts fits `atom_style body <body_style> nmin
// nmax`, else why not and what to set instead (without the name of the
// body: the caller starts the sentence).
std::string body_storage_problem(const std::string &body_style, int nmin, int nmax, int nvertices, int nedges,
                                 int nfaces);

// Every molecule template that holds a body, checked against the room of
// the atom style: an error (error->all, the same on every rank: templates
// are on every rank) naming `command`, the template and what to set, for
// the first one that does not fit. Nothing when the atom style is not a
// body style the package knows.
void check_body_templates(LAMMPS_NS::LAMMPS *lmp, const std::string &command);

}    // namespace body_dem

#endif
