/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: pair_style body/rounded/polygon/kokkos,
   body/rounded/polyhedron/kokkos and body/rounded/polyhedron/granular/kokkos
   (LAMMPS glue, Kokkos): each serial style with its per-step body frames
   and its neighbour loop in Kokkos parallel loops (PairBodyKokkos); the
   same per-pair function, settings and results. Selected by `-sf kokkos`
   / `suffix kokkos` from an input script that names the serial style.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_PAIR_BODY_ROUNDED_KOKKOS_H
#define BODY_DEM_PAIR_BODY_ROUNDED_KOKKOS_H

#include "pair_body_kokkos.h"
#include "pair_body_rounded_polygon.h"
#include "pair_body_rounded_polyhedron.h"
#include "pair_body_rounded_polyhedron_granular.h"

// The device copies of each style's per-pair data for the Kokkos pair loop
// (kokkos_pair_loop.h): the kernel of this step (pair_kernel()) with its
// arrays copied into the device's memory, the shapes pointing into copies
// of the frames' blocks. Called by PairBodyKokkos::compute_pairs_device().
namespace body_dem {

// the shapes with device addresses are made on the host, in its threads
using HostRange = Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace>;

enum StyleSlot {
  kShapes = DeviceCopies::kStyleSlots, kFrameReals, kFrameInts, kMotions, kTypes, kIDs, kMasses, kCoefficients
};

inline const PolyhedronShape *device_shapes(const PolyhedronBodyFrames &frames, int nall, DeviceCopies &copies)
{
  const double *reals = copies.put(kFrameReals, frames.real_storage().data(), frames.real_storage().size());
  const int *ints = copies.put(kFrameInts, frames.int_storage().data(), frames.int_storage().size());
  PolyhedronShape *shapes = copies.staging<PolyhedronShape>(nall);
  Kokkos::parallel_for("body_dem::rebase_shapes", HostRange(0, nall),
                       [&](const int i) { shapes[i] = frames.rebased_shape(i, reals, ints); });
  Kokkos::fence();
  return copies.put(kShapes, shapes, nall);
}

inline const PolygonShape *device_shapes(const PolygonBodyFrames &frames, int nall, DeviceCopies &copies)
{
  const Vec3 *vertices = copies.put(kFrameReals, frames.vertex_storage().data(), frames.vertex_storage().size());
  PolygonShape *shapes = copies.staging<PolygonShape>(nall);
  Kokkos::parallel_for("body_dem::rebase_shapes", HostRange(0, nall),
                       [&](const int i) { shapes[i] = frames.rebased_shape(i, vertices); });
  Kokkos::fence();
  return copies.put(kShapes, shapes, nall);
}

// What every kernel has: the shapes, the motions and the types.
template <class Kernel, class Frames>
inline Kernel with_device_bodies(Kernel k, const Frames &frames, int nall, DeviceCopies &copies)
{
  k.shapes = device_shapes(frames, nall, copies);
  k.motions = copies.put(kMotions, k.motions, nall);
  k.type = copies.put(kTypes, k.type, nall);
  return k;
}

inline std::size_t table_size(int row_length)
{
  return static_cast<std::size_t>(row_length) * row_length;
}

inline PolygonPairKernel device_kernel(const PolygonPairKernel &host, const PolygonBodyFrames &frames, int nall,
                                       DeviceCopies &copies)
{
  PolygonPairKernel k = with_device_bodies(host, frames, nall, copies);
  k.tag = copies.put(kIDs, k.tag, nall);
  k.coeffs = copies.put(kCoefficients, k.coeffs, table_size(k.row_length));
  return k;
}

inline PolyhedronPairKernel device_kernel(const PolyhedronPairKernel &host, const PolyhedronBodyFrames &frames,
                                          int nall, DeviceCopies &copies)
{
  PolyhedronPairKernel k = with_device_bodies(host, frames, nall, copies);
  k.coeffs = copies.put(kCoefficients, k.coeffs, table_size(k.row_length));
  return k;
}

inline GranularPairKernel device_kernel(const GranularPairKernel &host, const PolyhedronBodyFrames &frames, int nall,
                                        DeviceCopies &copies)
{
  GranularPairKernel k = with_device_bodies(host, frames, nall, copies);
  k.rmass = copies.put(kMasses, k.rmass, nall);
  k.models = copies.put(kCoefficients, k.models, table_size(k.row_length));
  return k;
}

}    // namespace body_dem

namespace LAMMPS_NS {

class PairBodyRoundedPolygonKokkos : public PairBodyKokkos<PairBodyRoundedPolygonDEM> {
 public:
  explicit PairBodyRoundedPolygonKokkos(class LAMMPS *lmp) : PairBodyKokkos(lmp, "body/rounded/polygon/kokkos") {}
};

class PairBodyRoundedPolyhedronKokkos : public PairBodyKokkos<PairBodyRoundedPolyhedronDEM> {
 public:
  explicit PairBodyRoundedPolyhedronKokkos(class LAMMPS *lmp) : PairBodyKokkos(lmp, "body/rounded/polyhedron/kokkos")
  {
  }
};

class PairBodyRoundedPolyhedronGranularKokkos : public PairBodyKokkos<PairBodyRoundedPolyhedronGranular> {
 public:
  explicit PairBodyRoundedPolyhedronGranularKokkos(class LAMMPS *lmp) :
      PairBodyKokkos(lmp, "body/rounded/polyhedron/granular/kokkos")
  {
  }
};

}    // namespace LAMMPS_NS

#endif
