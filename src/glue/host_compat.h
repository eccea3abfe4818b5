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
   BODY_DEM_HOST_REVERSE_COMM_OF   comm->reverse_comm(Pair *) and
                                   (Compute *); before:
                                   comm->reverse_comm_pair(Pair *) and
                                   reverse_comm_compute(Compute *)
   BODY_DEM_HOST_HISTORY_IJ        Pair::transfer_history(double *,
                                   double *, int i, int j); before
                                   without i, j
   BODY_DEM_HOST_FIX_STORE_ATOM    fix STORE/ATOM (FixStoreAtom); before:
                                   fix STORE peratom (FixStore)
   BODY_DEM_HOST_GRANULAR_MODEL    pair_style granular built of sub-model
                                   objects (GranularModel), which changes
                                   the layout of its restart record; before:
                                   model numbers and fixed coefficient arrays
   BODY_DEM_HOST_GET_FIX_BY_ID     Modify::get_fix_by_id() and
                                   get_compute_by_id(), the accessors that
                                   newer hosts keep while they retire
                                   find_fix()/find_compute() and the public
                                   fix[]/compute[] arrays; before: only those
------------------------------------------------------------------------- */

#ifndef BODY_DEM_HOST_COMPAT_H
#define BODY_DEM_HOST_COMPAT_H

#include "comm.h"
#include "compute.h"
#include "fix.h"
#include "fix_neigh_history.h"
#include "modify.h"
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

#ifdef BODY_DEM_HOST_GRANULAR_MODEL
#include "granular_model.h"
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace LAMMPS_NS {
namespace host {

// The fix (compute) with this ID, or nullptr when there is none.
inline Fix *fix_by_id(Modify *modify, const std::string &id)
{
#ifdef BODY_DEM_HOST_GET_FIX_BY_ID
  return modify->get_fix_by_id(id);
#else
  const int ifix = modify->find_fix(id);
  return ifix >= 0 ? modify->fix[ifix] : nullptr;
#endif
}

inline Compute *compute_by_id(Modify *modify, const std::string &id)
{
#ifdef BODY_DEM_HOST_GET_FIX_BY_ID
  return modify->get_compute_by_id(id);
#else
  const int icompute = modify->find_compute(id);
  return icompute >= 0 ? modify->compute[icompute] : nullptr;
#endif
}

inline bool has_fix(Modify *modify, const std::string &id) { return fix_by_id(modify, id) != nullptr; }

// The per-pair history fix (NEIGH_HISTORY) that serves this pair style,
// or nullptr. Found by its owner, not by its ID, since the hosts name it
// differently: pair_style granular's is NEIGH_HISTORY_GRANULAR up to the
// 2025 host and NEIGH_HISTORY_GRANULAR<instance> in the 2026 host.
inline FixNeighHistory *history_fix_of(Modify *modify, Pair *pair)
{
#ifdef BODY_DEM_HOST_GET_FIX_BY_ID
  for (Fix *fix : modify->get_fix_by_style("^NEIGH_HISTORY")) {
#else
  for (int ifix = 0; ifix < modify->nfix; ++ifix) {
    Fix *fix = modify->fix[ifix];
#endif
    auto *history = dynamic_cast<FixNeighHistory *>(fix);
    if (history && history->pair == pair) return history;
  }
  return nullptr;
}

// The per-atom records of the restart file just read that no fix has
// taken yet (their fix IDs and styles), while the host keeps them: from
// read_restart to the end of the next run's initialisation. Modify keeps
// them in protected members in every release (29 Sep 2021 to 4 Jul 2026);
// they are read through a derived class, which may name them.
struct RestartRecord {
  std::string id, style;
};

inline std::vector<RestartRecord> unclaimed_restart_records(Modify *modify)
{
  struct Records : Modify {
    static std::vector<RestartRecord> unclaimed(Modify *m)
    {
      char **Modify::*ids = &Records::id_restart_peratom;
      char **Modify::*styles = &Records::style_restart_peratom;
      int *Modify::*used = &Records::used_restart_peratom;
      std::vector<RestartRecord> out;
      for (int k = 0; k < m->nfix_restart_peratom; ++k)
        if (m->*ids && m->*styles && m->*used && !(m->*used)[k]) out.push_back({(m->*ids)[k], (m->*styles)[k]});
      return out;
    }
  };
  return Records::unclaimed(modify);
}

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

// Per-atom values of a compute on ghost atoms summed onto their owners
// (the compute's pack/unpack_reverse_comm); the same release renamed both.
inline void reverse_comm_of(Comm *comm, Compute *compute)
{
#ifdef BODY_DEM_HOST_REVERSE_COMM_OF
  comm->reverse_comm(compute);
#else
  comm->reverse_comm_compute(compute);
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

// One type pair's contact law in pair_style granular: its models by the
// names of the pair_coeff syntax and the coefficients the command reads.
struct GranularTypePairLaw {
  bool set = false;    // given by pair_coeff (not left to mixing)
  std::string normal, damping, tangential, rolling, twisting;
  double normal_coeffs[4] = {0.0, 0.0, 0.0, 0.0};        // e.g. hooke: k_n, damping
  double tangential_coeffs[3] = {0.0, 0.0, 0.0};         // linear_*: k_t, x_gamma_t, mu
};

// The laws of all type pairs I <= J of pair_style granular (laws[I][J]),
// read from the one public route to its coefficients, its restart record
// (write_restart into memory). Returns an empty string, or what is wrong
// with the record (a layout this package does not know).
inline std::string read_granular_laws(Pair *pair, int ntypes, std::vector<std::vector<GranularTypePairLaw>> &laws)
{
  char *buffer = nullptr;
  size_t size = 0;
  FILE *fp = open_memstream(&buffer, &size);
  if (!fp) return "cannot open a memory stream for the pair coefficients";
  pair->write_restart(fp);
  fclose(fp);
  const std::string record(buffer ? buffer : "", size);
  free(buffer);

  size_t at = 0;
  bool short_record = false;
  auto read = [&](void *dest, size_t bytes) {
    if (at + bytes > record.size()) {
      short_record = true;
      std::memset(dest, 0, bytes);
      return;
    }
    std::memcpy(dest, record.data() + at, bytes);
    at += bytes;
  };
  laws.assign(static_cast<size_t>(ntypes + 1), std::vector<GranularTypePairLaw>(static_cast<size_t>(ntypes + 1)));

#ifdef BODY_DEM_HOST_GRANULAR_MODEL
  // nmodels; per model and sub-model (Granular_NS::NSUBMODELS of them, in
  // the order of SubModelType): the name's length and characters, the
  // number of coefficients and the coefficients; then limit_damping. Then
  // per type pair I <= J: setflag, and when set the cutoff and the index
  // of its model.
  struct Model {
    std::string names[Granular_NS::NSUBMODELS];
    std::vector<double> coeffs[Granular_NS::NSUBMODELS];
  };
  int nmodels = 0;
  read(&nmodels, sizeof(int));
  if (short_record || nmodels < 0 || nmodels > 100000) return "no model count";
  std::vector<Model> models(static_cast<size_t>(nmodels));
  for (Model &m : models) {
    for (int k = 0; k < Granular_NS::NSUBMODELS && !short_record; ++k) {
      int nchar = 0, ncoeffs = 0;
      read(&nchar, sizeof(int));
      if (short_record || nchar < 0 || nchar > 256) return "a sub-model name of impossible length";
      m.names[k].assign(static_cast<size_t>(nchar), '\0');
      if (nchar) read(&m.names[k][0], static_cast<size_t>(nchar));
      read(&ncoeffs, sizeof(int));
      if (short_record || ncoeffs < 0 || ncoeffs > 1000) return "an impossible number of coefficients";
      m.coeffs[k].assign(static_cast<size_t>(ncoeffs), 0.0);
      if (ncoeffs) read(m.coeffs[k].data(), sizeof(double) * static_cast<size_t>(ncoeffs));
    }
    int limit_damping = 0;
    read(&limit_damping, sizeof(int));
  }
  for (int i = 1; i <= ntypes && !short_record; ++i)
    for (int j = i; j <= ntypes && !short_record; ++j) {
      int flag = 0;
      read(&flag, sizeof(int));
      if (!flag) continue;
      double cutoff = 0.0;
      int index = 0;
      read(&cutoff, sizeof(double));
      read(&index, sizeof(int));
      if (short_record) break;
      if (index < 0 || index >= nmodels) return "a type pair names a model that is not there";
      const Model &m = models[static_cast<size_t>(index)];
      GranularTypePairLaw &law = laws[i][j];
      law.set = true;
      law.normal = m.names[Granular_NS::NORMAL];
      law.damping = m.names[Granular_NS::DAMPING];
      law.tangential = m.names[Granular_NS::TANGENTIAL];
      law.rolling = m.names[Granular_NS::ROLLING];
      law.twisting = m.names[Granular_NS::TWISTING];
      const std::vector<double> &cn = m.coeffs[Granular_NS::NORMAL];
      const std::vector<double> &ct = m.coeffs[Granular_NS::TANGENTIAL];
      for (size_t k = 0; k < cn.size() && k < 4; ++k) law.normal_coeffs[k] = cn[k];
      for (size_t k = 0; k < ct.size() && k < 3; ++k) law.tangential_coeffs[k] = ct[k];
    }
#else
  // Per type pair I <= J: setflag, and when set 6 ints (the normal,
  // damping, tangential, rolling and twisting model numbers, in the order
  // of the model enums of the host's pair_granular.cpp, and limit_damping)
  // and 4 + 3 + 3 + 3 + 1 doubles (the normal, tangential, rolling and
  // twisting coefficients and the cutoff).
  static const char *const normal_names[] = {"hooke", "hertz", "hertz/material", "dmt", "jkr"};
  static const char *const damping_names[] = {"velocity", "mass_velocity", "viscoelastic", "tsuji"};
  static const char *const tangential_names[] = {"linear_nohistory", "linear_history", "mindlin",
                                                 "mindlin_rescale", "mindlin/force", "mindlin_rescale/force"};
  static const char *const rolling_names[] = {"none", "sds"};
  static const char *const twisting_names[] = {"none", "sds", "marshall"};
  auto name = [](const char *const *names, int count, int model) {
    return model >= 0 && model < count ? std::string(names[model]) : "#" + std::to_string(model);
  };
  for (int i = 1; i <= ntypes && !short_record; ++i)
    for (int j = i; j <= ntypes && !short_record; ++j) {
      int flag = 0;
      read(&flag, sizeof(int));
      if (!flag) continue;
      int models[6];
      double normal[4], tangential[3], rolling[3], twisting[3], cutoff;
      read(models, sizeof(models));
      read(normal, sizeof(normal));
      read(tangential, sizeof(tangential));
      read(rolling, sizeof(rolling));
      read(twisting, sizeof(twisting));
      read(&cutoff, sizeof(cutoff));
      if (short_record) break;
      GranularTypePairLaw &law = laws[i][j];
      law.set = true;
      law.normal = name(normal_names, 5, models[0]);
      law.damping = name(damping_names, 4, models[1]);
      law.tangential = name(tangential_names, 6, models[2]);
      law.rolling = name(rolling_names, 2, models[3]);
      law.twisting = name(twisting_names, 3, models[4]);
      for (int k = 0; k < 4; ++k) law.normal_coeffs[k] = normal[k];
      for (int k = 0; k < 3; ++k) law.tangential_coeffs[k] = tangential[k];
    }
#endif
  if (short_record) return "the record ends early";
  if (at != record.size()) return "the record is longer than its type pairs";
  return "";
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
