/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: the mark that makes a function of the geometry and
   force-law layers callable from a Kokkos kernel on a device as well as
   from the host.

   Under nvcc (CUDA) or hipcc (HIP) a function called inside a device
   kernel must be compiled for the device too: BODY_DEM_HOST_DEVICE says
   so. Elsewhere (g++, clang, the serial and /omp styles, Kokkos's host
   backends) it is empty, so these layers need neither Kokkos nor a GPU
   compiler, and the serial build is unchanged. A function so marked must
   stay callable on a device: no virtual calls, no allocation, no
   exceptions, no std:: algorithms or containers, only fixed-size arrays.
------------------------------------------------------------------------- */

#ifndef BODY_DEM_DEVICE_MARKS_H
#define BODY_DEM_DEVICE_MARKS_H

#if defined(__CUDACC__) || defined(__HIPCC__)
#define BODY_DEM_HOST_DEVICE __host__ __device__
#else
#define BODY_DEM_HOST_DEVICE
#endif

// Before a marked function template that takes a callable: the host's
// loops instantiate it with host-only lambdas, whose device side is never
// called, and nvcc is told not to check that (else one warning per
// instantiation). Empty elsewhere.
#if defined(__CUDACC__)
#define BODY_DEM_HOST_CALLABLES_ALLOWED _Pragma("nv_exec_check_disable")
#else
#define BODY_DEM_HOST_CALLABLES_ALLOWED
#endif

namespace body_dem {

// Index of the lowest set bit of a nonzero mask (the number of trailing
// zeros). Device code has no __builtin_ctzll; there __ffsll (1-based, of
// the same bits) serves. The host keeps the builtin.
BODY_DEM_HOST_DEVICE inline int lowest_set_bit(unsigned long long mask)
{
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
  return __ffsll(static_cast<long long>(mask)) - 1;
#else
  return __builtin_ctzll(mask);
#endif
}

// A hint to the host's caches: the cache line at p will be read and
// written soon (e.g. a pair's values in the host's history, read after
// its contacts are found, so that the memory access overlaps that work).
// No effect on any result; nothing on a device.
BODY_DEM_HOST_DEVICE inline void prefetch_for_update(const void *p)
{
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
  (void) p;
#else
  __builtin_prefetch(p, 1);
#endif
}

}    // namespace body_dem

#endif
