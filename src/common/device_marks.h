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

#endif
