// The one place that registers every style of the package with the host
// LAMMPS, through its plugin interface (`plugin load bodydemplugin.so`).
// Styles whose names exist in the host already (e.g. the built-in
// body/rounded/polygon) are overridden, which LAMMPS announces itself.

#include "lammpsplugin.h"

#include "lammps.h"
#include "utils.h"
#include "version.h"

#include "fix_body_neigh_history.h"
#include "fix_body_work.h"
#include "fix_wall_body_polygon.h"
#include "pair_body_rounded_polygon.h"
#ifdef BODY_DEM_WITH_KOKKOS
#include "fix_wall_body_kokkos.h"
#include "pair_body_rounded_kokkos.h"
#endif
#ifdef BODY_DEM_WITH_OPENMP
#include "fix_nve_body_omp.h"
#include "fix_wall_body_omp.h"
#include "pair_body_rounded_polygon_omp.h"
#include "pair_body_rounded_polyhedron_granular_omp.h"
#include "pair_body_rounded_polyhedron_omp.h"
#endif
#include "pair_body_rounded_polyhedron.h"
#include "fix_wall_body_polyhedron.h"
#include "pair_body_rounded_polyhedron_granular.h"
#include "fix_wall_body_polyhedron_granular.h"
#include "bond_bpm_parallel.h"
#include "compute_nbond_broken.h"
#include "compute_body_contact_atom.h"
#include "compute_body_contact_local.h"
#include "quasistatic_lcp.h"

using namespace LAMMPS_NS;

namespace {

const char *const kPackageName = "body-dem";
const char *const kAuthor = "the body-dem developers";

template <class PairStyle> void *create_pair(void *lmp)
{
  return new PairStyle(static_cast<LAMMPS *>(lmp));
}

template <class FixStyle> void *create_fix(void *lmp, int narg, char **arg)
{
  return new FixStyle(static_cast<LAMMPS *>(lmp), narg, arg);
}

// Bond styles are made like pair styles, computes like fixes: the
// make_pair and make_fix fields below hold them by that signature.
template <class BondStyle> void *create_bond(void *lmp)
{
  return new BondStyle(static_cast<LAMMPS *>(lmp));
}

template <class ComputeStyle> void *create_compute(void *lmp, int narg, char **arg)
{
  return new ComputeStyle(static_cast<LAMMPS *>(lmp), narg, arg);
}

// Commands are made like pair styles (a creator taking LAMMPS *): the
// make_pair field below holds them too; the host runs and deletes them.
template <class CommandStyle> void *create_command(void *lmp)
{
  return new CommandStyle(static_cast<LAMMPS *>(lmp));
}

struct StyleEntry {
  const char *kind;    // "pair", "fix", ...
  const char *name;    // the style name used in input scripts
  const char *info;    // one line printed by LAMMPS when the style is loaded
  lammpsplugin_factory1 *make_pair;
  lammpsplugin_factory2 *make_fix;
};

// Every style of the package, in one table.
const StyleEntry kStyles[] = {
    {"fix", "BODY_DEM_WORK", "internal fix of the body-dem pair styles (work accumulators)", nullptr,
     &create_fix<FixBodyWork>},
    {"fix", "BODY_DEM_NEIGH_HISTORY", "internal fix of the body-dem pair styles (per-pair history)", nullptr,
     &create_fix<FixBodyNeighHistory>},
    {"pair", "body/rounded/polygon", "pair style body/rounded/polygon (2d rounded polygons)",
     &create_pair<PairBodyRoundedPolygonDEM>, nullptr},
    {"fix", "wall/body/polygon", "fix wall/body/polygon (walls for 2d rounded polygons)", nullptr,
     &create_fix<FixWallBodyPolygonDEM>},
#ifdef BODY_DEM_WITH_OPENMP
    // the /omp variants, picked by -sf omp / suffix omp (src/OPENMP)
    {"pair", "body/rounded/polygon/omp", "pair style body/rounded/polygon/omp (OpenMP threads)",
     &create_pair<PairBodyRoundedPolygonOMP>, nullptr},
    {"pair", "body/rounded/polyhedron/omp", "pair style body/rounded/polyhedron/omp (OpenMP threads)",
     &create_pair<PairBodyRoundedPolyhedronOMP>, nullptr},
    {"pair", "body/rounded/polyhedron/granular/omp",
     "pair style body/rounded/polyhedron/granular/omp (OpenMP threads)",
     &create_pair<PairBodyRoundedPolyhedronGranularOMP>, nullptr},
    {"fix", "nve/body/omp", "fix nve/body/omp (the host's nve/body in OpenMP threads)", nullptr,
     &create_fix<FixNVEBodyOMP>},
    {"fix", "wall/body/polygon/omp", "fix wall/body/polygon/omp (OpenMP threads)", nullptr,
     &create_fix<FixWallBodyPolygonOMP>},
    {"fix", "wall/body/polyhedron/omp", "fix wall/body/polyhedron/omp (OpenMP threads)", nullptr,
     &create_fix<FixWallBodyPolyhedronOMP>},
    {"fix", "wall/body/polyhedron/granular/omp", "fix wall/body/polyhedron/granular/omp (OpenMP threads)",
     nullptr, &create_fix<FixWallBodyPolyhedronGranularOMP>},
#endif
#ifdef BODY_DEM_WITH_KOKKOS
    // the Kokkos variants, picked by -sf kokkos / suffix kokkos (src/KOKKOS)
    {"pair", "body/rounded/polygon/kokkos", "pair style body/rounded/polygon/kokkos (Kokkos, host execution space)",
     &create_pair<PairBodyRoundedPolygonKokkos>, nullptr},
    {"pair", "body/rounded/polyhedron/kokkos",
     "pair style body/rounded/polyhedron/kokkos (Kokkos, host execution space)",
     &create_pair<PairBodyRoundedPolyhedronKokkos>, nullptr},
    {"pair", "body/rounded/polyhedron/granular/kokkos",
     "pair style body/rounded/polyhedron/granular/kokkos (Kokkos, host execution space)",
     &create_pair<PairBodyRoundedPolyhedronGranularKokkos>, nullptr},
    {"fix", "wall/body/polygon/kokkos", "fix wall/body/polygon/kokkos (Kokkos, host execution space)", nullptr,
     &create_fix<FixWallBodyPolygonKokkos>},
    {"fix", "wall/body/polyhedron/kokkos", "fix wall/body/polyhedron/kokkos (Kokkos, host execution space)",
     nullptr, &create_fix<FixWallBodyPolyhedronKokkos>},
    {"fix", "wall/body/polyhedron/granular/kokkos",
     "fix wall/body/polyhedron/granular/kokkos (Kokkos, host execution space)", nullptr,
     &create_fix<FixWallBodyPolyhedronGranularKokkos>},
#endif
    {"pair", "body/rounded/polyhedron", "pair style body/rounded/polyhedron (3d rounded polyhedra)",
     &create_pair<PairBodyRoundedPolyhedronDEM>, nullptr},
    {"fix", "wall/body/polyhedron", "fix wall/body/polyhedron (walls for 3d rounded polyhedra)", nullptr,
     &create_fix<FixWallBodyPolyhedronDEM>},
    {"pair", "body/rounded/polyhedron/granular",
     "pair style body/rounded/polyhedron/granular (granular contact models on rounded polyhedra)",
     &create_pair<PairBodyRoundedPolyhedronGranular>, nullptr},
    {"fix", "wall/body/polyhedron/granular",
     "fix wall/body/polyhedron/granular (walls with the granular contact models)", nullptr,
     &create_fix<FixWallBodyPolyhedronGranular>},
    // contact output of the pair styles and walls (src/CONTACT_OUTPUT)
    {"compute", "body/contact/local",
     "compute body/contact/local (one row per contact of the body-dem pair styles and walls)", nullptr,
     &create_compute<ComputeBodyContactLocal>},
    {"compute", "body/contact/atom",
     "compute body/contact/atom (coordination number, contacts and normal forces per body)", nullptr,
     &create_compute<ComputeBodyContactAtom>},
    // the bonded particle model (src/BPM_PARALLEL)
    {"bond", "bpm/parallel", "bond style bpm/parallel (parallel bonds between spheres, with breakage)",
     &create_bond<BondBPMParallel>, nullptr},
    {"compute", "nbond/broken", "compute nbond/broken (bonds broken by bond style bpm/parallel)", nullptr,
     &create_compute<ComputeNBondBroken>},
    // quasi-static LCP analysis of sphere/disk packings (src/QUASISTATIC_LCP)
    {"command", "quasistatic/lcp",
     "command quasistatic/lcp (quasi-static increments of granular packings as an LCP)",
     &create_command<QuasistaticLCP>, nullptr},
};

}    // namespace

// The module is compiled with hidden visibility (its classes must never be
// confused with the host's classes of similar names); this is its one
// exported symbol.
extern "C" __attribute__((visibility("default"))) void lammpsplugin_init(void *lmp_ptr, void *handle, void *regfunc)
{
  auto *lmp = static_cast<LAMMPS *>(lmp_ptr);
  auto register_style = reinterpret_cast<lammpsplugin_regfunc>(regfunc);

  utils::logmesg(lmp, "Loading package {} {} ({} styles) built for LAMMPS {}\n", kPackageName,
                 BODY_DEM_VERSION, sizeof(kStyles) / sizeof(kStyles[0]), BODY_DEM_HOST_VERSION);

  for (const StyleEntry &entry : kStyles) {
    lammpsplugin_t plugin{};
    plugin.version = LAMMPS_VERSION;
    plugin.style = entry.kind;
    plugin.name = entry.name;
    plugin.info = entry.info;
    plugin.author = kAuthor;
    if (entry.make_pair)
      plugin.creator.v1 = entry.make_pair;
    else
      plugin.creator.v2 = entry.make_fix;
    plugin.handle = handle;
    (*register_style)(&plugin, lmp);
  }
}
