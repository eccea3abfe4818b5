# The optional Kokkos variants of the styles (src/KOKKOS), off by default.
# Included after HostLAMMPS and after the plugin target is defined: it adds
# BODY_DEM_KOKKOS_SOURCES (CMakeLists.txt) to bodydemplugin.
#
# Either the user names a Kokkos of their own:
#   -D Kokkos_ROOT=/path/to/kokkos/install   (or -D Kokkos_DIR=.../lib/cmake/Kokkos,
#                                            or the environment variable Kokkos_ROOT)
#   (Kokkos_DIR is remembered in the build folder; to go back to the cached
#   Kokkos, clear both: -UKokkos_ROOT -UKokkos_DIR)
# or Kokkos 3.4.01 with the OpenMP and Serial backends is built once from
# Debian 12's source package `trilinos` by tools/build-kokkos.sh into the
# cache folder of the host LAMMPS (BODY_DEM_CACHE_DIR) and reused afterwards.
#
# Results:
#   BODY_DEM_WITH_KOKKOS   ON when the variants are built, OFF otherwise
#                          (read by unittest/, which is added after this)

option(BODY_DEM_KOKKOS "Build the Kokkos variants of the styles (needs Kokkos; default: off)" OFF)

if(NOT BODY_DEM_KOKKOS)
  set(BODY_DEM_WITH_KOKKOS OFF)
  return()
endif()

# The Kokkos variants come with the /omp ones and need the same host
# package; say so here rather than let the compiler fail on a missing
# header.
if(NOT "OPENMP" IN_LIST LAMMPS_HOST_PACKAGES)
  message(FATAL_ERROR "Kokkos: BODY_DEM_KOKKOS=ON needs a host LAMMPS with the OPENMP package, and "
    "'${LAMMPS_BINARY}' has none (installed packages: ${LAMMPS_HOST_PACKAGES}). Rebuild that LAMMPS "
    "with -D PKG_OPENMP=on, use the default host (leave LAMMPS_SOURCE_DIR and LAMMPS_BINARY empty), "
    "or configure with -DBODY_DEM_KOKKOS=OFF.")
endif()

# The folder name says the release and the backends; change either and a
# new Kokkos is built beside the old one.
set(_kokkos_dir "${BODY_DEM_CACHE_DIR}/kokkos-3.4.01-openmp-serial")
# A Kokkos_DIR under the cache folder was filled in by an earlier
# configuration with the cached Kokkos, so it is not the user's choice.
string(FIND "${Kokkos_DIR}" "${BODY_DEM_CACHE_DIR}/kokkos-" _kokkos_cached_dir)
if(Kokkos_ROOT OR DEFINED ENV{Kokkos_ROOT} OR (Kokkos_DIR AND NOT _kokkos_cached_dir EQUAL 0))
  if(_kokkos_cached_dir EQUAL 0)
    # Otherwise find_package would go straight back to the cached Kokkos.
    unset(Kokkos_DIR CACHE)
  endif()
  find_package(Kokkos CONFIG REQUIRED)
  set(_kokkos_origin "your Kokkos")
else()
  if(NOT EXISTS "${_kokkos_dir}/COMPLETE")
    message(STATUS "Kokkos: building Kokkos 3.4.01 (OpenMP, Serial) in ${_kokkos_dir} (once; under a minute on 2 cores)")
  endif()
  execute_process(COMMAND bash "${PROJECT_SOURCE_DIR}/tools/build-kokkos.sh" "${_kokkos_dir}"
    RESULT_VARIABLE _kokkos_result)
  if(NOT _kokkos_result EQUAL 0)
    message(FATAL_ERROR "Kokkos: building the cached Kokkos failed (see the messages above and "
      "${_kokkos_dir}/build.log). Run tools/install-debian-deps.sh first, point the build at your own "
      "Kokkos with -DKokkos_ROOT=..., or configure with -DBODY_DEM_KOKKOS=OFF.")
  endif()
  # Named here so that a change of BODY_DEM_CACHE_DIR is followed.
  set(Kokkos_DIR "${_kokkos_dir}/install/lib/cmake/Kokkos" CACHE PATH "" FORCE)
  find_package(Kokkos CONFIG REQUIRED PATHS "${_kokkos_dir}/install" NO_DEFAULT_PATH)
  set(_kokkos_origin "the cached Kokkos")
endif()

# 3.4 is the oldest API the variants are written against.
if(Kokkos_VERSION VERSION_LESS 3.4)
  message(FATAL_ERROR "Kokkos: found Kokkos ${Kokkos_VERSION} in ${Kokkos_DIR}; the Kokkos variants need "
    "3.4 or newer. Point -DKokkos_ROOT=... at a newer one, or leave it unset to build the cached 3.4.01.")
endif()
if(NOT "OPENMP" IN_LIST Kokkos_DEVICES AND NOT "SERIAL" IN_LIST Kokkos_DEVICES)
  message(FATAL_ERROR "Kokkos: the Kokkos in ${Kokkos_DIR} has neither the OpenMP nor the Serial backend "
    "(backends: ${Kokkos_DEVICES}); the body frames and the walls run on the host. Build Kokkos with "
    "-DKokkos_ENABLE_OPENMP=ON, or leave Kokkos_ROOT unset to build the cached one.")
endif()
# A CUDA Kokkos: the pair loop runs on the GPU (kokkos_pair_loop.h), and
# every translation unit must go through Kokkos's nvcc_wrapper (or clang),
# which cannot be switched to after project().
if("CUDA" IN_LIST Kokkos_DEVICES AND NOT CMAKE_CXX_COMPILER MATCHES "nvcc_wrapper|clang")
  message(FATAL_ERROR "Kokkos: the Kokkos in ${Kokkos_DIR} has the CUDA backend, and the compiler is "
    "${CMAKE_CXX_COMPILER}. Configure a new build folder with -DCMAKE_CXX_COMPILER=<that Kokkos>/bin/nvcc_wrapper "
    "(tools/device-check.sh does this).")
endif()
message(STATUS "Kokkos: ${_kokkos_origin}, version ${Kokkos_VERSION}, backends ${Kokkos_DEVICES}")
message(STATUS "Kokkos: package files ${Kokkos_DIR}")

set(BODY_DEM_WITH_KOKKOS ON)
target_sources(bodydemplugin PRIVATE ${BODY_DEM_KOKKOS_SOURCES})
target_link_libraries(bodydemplugin PRIVATE Kokkos::kokkos)
target_compile_definitions(bodydemplugin PRIVATE BODY_DEM_WITH_KOKKOS)
target_include_directories(bodydemplugin PRIVATE "${PROJECT_SOURCE_DIR}/src/KOKKOS")

# The host LAMMPS knows nothing of Kokkos: the plugin itself must say where
# libkokkoscore.so is when `plugin load` opens it, in the build folder and
# once installed.
set(_kokkos_lib_dirs "")
foreach(_kokkos_target Kokkos::kokkoscore Kokkos::kokkoscontainers)
  if(TARGET ${_kokkos_target})
    get_target_property(_kokkos_lib ${_kokkos_target} LOCATION)
    if(_kokkos_lib)
      get_filename_component(_kokkos_lib_dir "${_kokkos_lib}" DIRECTORY)
      list(APPEND _kokkos_lib_dirs "${_kokkos_lib_dir}")
    endif()
  endif()
endforeach()
list(REMOVE_DUPLICATES _kokkos_lib_dirs)
if(_kokkos_lib_dirs)
  set_property(TARGET bodydemplugin APPEND PROPERTY BUILD_RPATH ${_kokkos_lib_dirs})
  set_property(TARGET bodydemplugin APPEND PROPERTY INSTALL_RPATH ${_kokkos_lib_dirs})
endif()
