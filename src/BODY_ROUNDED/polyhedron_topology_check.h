/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: the check, at init, that the edge and face indices of
   all rounded polyhedra are valid (the contact geometry trusts them),
   shared by the polyhedron pair styles (LAMMPS glue).
------------------------------------------------------------------------- */

#ifndef BODY_DEM_POLYHEDRON_TOPOLOGY_CHECK_H
#define BODY_DEM_POLYHEDRON_TOPOLOGY_CHECK_H

#include <string>

namespace LAMMPS_NS {
class LAMMPS;
class AtomVecBody;
class BodyRoundedPolyhedron;
}    // namespace LAMMPS_NS

namespace body_dem {

// All ranks check their local bodies; the first bad body (lowest atom ID)
// is reported by all ranks with the same message, "<command>: body of atom
// N: <what is wrong>".
void check_polyhedron_topologies(LAMMPS_NS::LAMMPS *lmp, LAMMPS_NS::AtomVecBody *avec,
                                 LAMMPS_NS::BodyRoundedPolyhedron *bptr, const std::string &command);

}    // namespace body_dem

#endif
