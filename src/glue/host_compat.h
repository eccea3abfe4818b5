/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: the one place where the host LAMMPS's API differs
   between the releases the package supports (LAMMPS glue). Everything
   else in the package calls these functions and names.

   The differences are found at configure time by looking at the host's
   headers (cmake/HostLAMMPS.cmake, "host API"), not by release dates, so
   that the releases between the two tested ones (29 Sep 2021 and 4 Feb
   2025) get whichever form their headers have. Each feature macro is
   defined (to 1) when the host has the newer form:

   BODY_DEM_HOST_ADD_REQUEST       neighbor->add_request(this, flags);
                                   before: neighbor->request() and the
                                   request's public fields
   BODY_DEM_HOST_REVERSE_COMM_OF   comm->reverse_comm(Pair *); before:
                                   comm->reverse_comm_pair(Pair *)
   BODY_DEM_HOST_HISTORY_IJ        Pair::transfer_history(double *,
                                   double *, int i, int j); before
                                   without i, j
   BODY_DEM_HOST_FIX_STORE_ATOM    fix STORE/ATOM (FixStoreAtom); before:
                                   fix STORE peratom (FixStore)
------------------------------------------------------------------------- */

#ifndef BODY_DEM_HOST_COMPAT_H
#define BODY_DEM_HOST_COMPAT_H

#include "comm.h"
#include "neighbor.h"
#include "pair.h"

#ifndef BODY_DEM_HOST_ADD_REQUEST
#include "neigh_request.h"
#endif

#ifdef BODY_DEM_HOST_FIX_STORE_ATOM
#include "fix_store_atom.h"
#else
#include "fix_store.h"
#endif

#include <string>

namespace LAMMPS_NS {
namespace host {

// A half neighbour list for a pair style; with_history: the list keeps
// per-pair values in the host's NEIGH_HISTORY fix.
inline void request_pair_list(Neighbor *neighbor, Pair *pair, int instance, bool with_history)
{
#ifdef BODY_DEM_HOST_ADD_REQUEST
  (void) instance;
  neighbor->add_request(pair, with_history ? NeighConst::REQ_HISTORY : NeighConst::REQ_DEFAULT);
#else
  const int irequest = neighbor->request(pair, instance);
  if (with_history) neighbor->requests[irequest]->history = 1;
#endif
}

// Loads on ghost atoms summed onto their owners (the pair's
// pack/unpack_reverse_comm).
inline void reverse_comm_of(Comm *comm, Pair *pair)
{
#ifdef BODY_DEM_HOST_REVERSE_COMM_OF
  comm->reverse_comm(pair);
#else
  comm->reverse_comm_pair(pair);
#endif
}

// The host's per-atom value store that migrates with the atoms and is
// written to restart files.
#ifdef BODY_DEM_HOST_FIX_STORE_ATOM
using PerAtomStore = FixStoreAtom;
#else
using PerAtomStore = FixStore;
#endif

// The arguments after "ID group" that make a PerAtomStore of `width`
// values per atom, kept in restart files, not sent to ghost atoms.
inline std::string per_atom_store_args(int width)
{
#ifdef BODY_DEM_HOST_FIX_STORE_ATOM
  return "STORE/ATOM " + std::to_string(width) + " 0 0 1";
#else
  return "STORE peratom 1 " + std::to_string(width);
#endif
}

// Its number of values per atom (one less than what an atom's restart
// record holds in either release).
inline int per_atom_store_width(PerAtomStore *store)
{
  return store->maxsize_restart() - 1;
}

// Pair::transfer_history called from outside the host (tests): the pair's
// history as the other body's list holds it.
inline void transfer_history(Pair *pair, double *source, double *target)
{
#ifdef BODY_DEM_HOST_HISTORY_IJ
  pair->transfer_history(source, target, 0, 0);
#else
  pair->transfer_history(source, target);
#endif
}

}    // namespace host
}    // namespace LAMMPS_NS

// The signature of Pair::transfer_history in a class declaration or
// definition: BODY_DEM_TRANSFER_HISTORY(PairX::) with the parameters
// named source and target.
#ifdef BODY_DEM_HOST_HISTORY_IJ
#define BODY_DEM_TRANSFER_HISTORY(scope) scope transfer_history(double *source, double *target, int, int)
#else
#define BODY_DEM_TRANSFER_HISTORY(scope) scope transfer_history(double *source, double *target)
#endif

#endif
