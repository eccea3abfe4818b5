# Finds the host LAMMPS the plugin is compiled against and loaded into.
#
# Either the user names a LAMMPS of their own:
#   -D LAMMPS_SOURCE_DIR=/path/to/lammps   (the tree holding src/lammps.h)
#   -D LAMMPS_BINARY=/path/to/lmp          (built from that tree, with PLUGIN)
#   -D LAMMPS_LIBRARY=/path/to/liblammps.so (optional: found next to or via the binary)
# or the default host is built once from Debian's source package `lammps`
# (BODY_DEM_HOST: stable2021 = 29 Sep 2021 update 2 from Debian 12,
# 2025 = 4 Feb 2025 from Debian 13, 2026 = the newest of 2026 or later from
# Debian's unstable suites, 4 Jul 2026 when this was written) by tools/build-host-lammps.sh into a cache
# folder outside the checkout (BODY_DEM_CACHE_DIR) and reused afterwards.
#
# Results:
#   LAMMPS_SOURCE_DIR, LAMMPS_BINARY, LAMMPS_LIBRARY
#   LAMMPS_HOST_DEFINITIONS   compile definitions the host was built with
#   LAMMPS_HOST_PACKAGES      installed packages (as printed by `lmp -h`)
#   LAMMPS_HOST_VERSION       e.g. "29 Sep 2021"
#   imported target LAMMPS::lammps (headers + library + MPI)

set(LAMMPS_SOURCE_DIR "" CACHE PATH "Source tree of your own LAMMPS (holds src/lammps.h); empty: build the default host")
set(LAMMPS_BINARY "" CACHE FILEPATH "lmp executable of your own LAMMPS, built with the PLUGIN package")
set(LAMMPS_LIBRARY "" CACHE FILEPATH "liblammps shared library of that LAMMPS (default: the one the binary links)")

if(DEFINED ENV{BODY_DEM_CACHE_DIR})
  set(_default_cache "$ENV{BODY_DEM_CACHE_DIR}")
elseif(DEFINED ENV{XDG_CACHE_HOME})
  set(_default_cache "$ENV{XDG_CACHE_HOME}/lammps-body-dem")
else()
  set(_default_cache "$ENV{HOME}/.cache/lammps-body-dem")
endif()
set(BODY_DEM_CACHE_DIR "${_default_cache}" CACHE PATH "Cache folder for the default host LAMMPS build (outside the checkout)")

# Which release the default host is: all come from Debian's source
# package `lammps` (README, "The host LAMMPS"). The 2026 host is the newest
# release of 2026 or later that Debian's unstable suites offer, found at
# configure time (tools/build-host-lammps.sh --resolve), since those suites
# replace it without notice; its folder is named after the release found.
set(BODY_DEM_HOST "stable2021" CACHE STRING
  "Default host LAMMPS to build and cache: stable2021 (29 Sep 2021), 2025 (4 Feb 2025) or 2026 (the newest of 2026 or later in Debian)")
set_property(CACHE BODY_DEM_HOST PROPERTY STRINGS stable2021 2025 2026)
# The folder name says the release and the build options; change either and
# a new host is built beside the old one.
set(BODY_DEM_HOST_OPTIONS "body-granular-molecule-openmp-plugin-rigid_mpi-omp-shared-exceptions-png-jpeg")
set(_host_source_version "")
if(BODY_DEM_HOST STREQUAL "stable2021")
  set(BODY_DEM_HOST_RELEASE "stable_29Sep2021_update2")
elseif(BODY_DEM_HOST STREQUAL "2025")
  set(BODY_DEM_HOST_RELEASE "4Feb2025")
elseif(BODY_DEM_HOST STREQUAL "2026")
  execute_process(COMMAND bash "${PROJECT_SOURCE_DIR}/tools/build-host-lammps.sh" --resolve 2026
      "${BODY_DEM_CACHE_DIR}" "${BODY_DEM_HOST_OPTIONS}"
    RESULT_VARIABLE _resolve_result OUTPUT_VARIABLE _resolved ERROR_VARIABLE _resolve_error
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT _resolve_result EQUAL 0 AND LAMMPS_SOURCE_DIR AND LAMMPS_BINARY)
    # A LAMMPS of the user's own is named: the default host is not needed.
    set(_resolved "unresolved\tnone\tnone")
  elseif(NOT _resolve_result EQUAL 0)
    message(FATAL_ERROR "${_resolve_error}")
  endif()
  string(REPLACE "\t" ";" _resolved "${_resolved}")
  list(GET _resolved 0 BODY_DEM_HOST_RELEASE)
  list(GET _resolved 1 _host_source_version)
  list(GET _resolved 2 _host_release_text)
  if(_host_source_version STREQUAL "none")
  elseif(_host_source_version STREQUAL "cached")
    message(STATUS "Host LAMMPS: host 2026 is LAMMPS ${_host_release_text} (the newest in the cache; "
      "Debian's source index offers no release of 2026 or later)")
  else()
    message(STATUS "Host LAMMPS: host 2026 is LAMMPS ${_host_release_text} (Debian source package lammps "
      "${_host_source_version}, the newest of 2026 or later in the source index)")
  endif()
else()
  message(FATAL_ERROR "Host LAMMPS: BODY_DEM_HOST='${BODY_DEM_HOST}' is not a host this package builds; "
    "expected stable2021 (LAMMPS 29 Sep 2021), 2025 (LAMMPS 4 Feb 2025) or 2026 (the newest LAMMPS of "
    "2026 or later in Debian's unstable suites).")
endif()
set(_host_dir "${BODY_DEM_CACHE_DIR}/lammps-${BODY_DEM_HOST_RELEASE}-${BODY_DEM_HOST_OPTIONS}")
# The default host is used when no LAMMPS is named, or when the names are
# the ones an earlier configuration of this build filled in.
# A build folder configured before with one default host may switch to the
# other (-DBODY_DEM_HOST=...): names under the cache folder are ours.
string(FIND "${LAMMPS_SOURCE_DIR}" "${BODY_DEM_CACHE_DIR}/lammps-" _cached_source)
string(FIND "${LAMMPS_BINARY}" "${BODY_DEM_CACHE_DIR}/lammps-" _cached_binary)
if((NOT LAMMPS_SOURCE_DIR AND NOT LAMMPS_BINARY) OR
   (_cached_source EQUAL 0 AND _cached_binary EQUAL 0))
  set(_use_default_host TRUE)
else()
  set(_use_default_host FALSE)
endif()
if(NOT _use_default_host)
  if(NOT LAMMPS_SOURCE_DIR OR NOT LAMMPS_BINARY)
    message(FATAL_ERROR "Host LAMMPS: give both LAMMPS_SOURCE_DIR (the tree holding src/lammps.h) "
      "and LAMMPS_BINARY (its lmp executable), or neither to build the default host.")
  endif()
  set(_host_origin "your LAMMPS")
  # A library filled in by an earlier configuration with the default host
  # does not belong to the LAMMPS named now.
  string(FIND "${LAMMPS_LIBRARY}" "${BODY_DEM_CACHE_DIR}/lammps-" _stale)
  if(_stale EQUAL 0)
    set(LAMMPS_LIBRARY "" CACHE FILEPATH "" FORCE)
  endif()
else()
  if(NOT EXISTS "${_host_dir}/COMPLETE")
    message(STATUS "Host LAMMPS: building the default host ${BODY_DEM_HOST} in ${_host_dir} (once; 6-10 minutes on 2 cores)")
  endif()
  execute_process(COMMAND bash "${PROJECT_SOURCE_DIR}/tools/build-host-lammps.sh" "${_host_dir}" "${BODY_DEM_HOST}"
      ${_host_source_version}
    RESULT_VARIABLE _host_result)
  if(NOT _host_result EQUAL 0)
    message(FATAL_ERROR "Host LAMMPS: building the default host failed (see the messages above and "
      "${_host_dir}/build.log). Run tools/install-debian-deps.sh first, or point the build at your own "
      "LAMMPS with -DLAMMPS_SOURCE_DIR=... -DLAMMPS_BINARY=...")
  endif()
  set(LAMMPS_SOURCE_DIR "${_host_dir}/source" CACHE PATH "" FORCE)
  set(LAMMPS_BINARY "${_host_dir}/install/bin/lmp" CACHE FILEPATH "" FORCE)
  set(LAMMPS_LIBRARY "${_host_dir}/install/lib/liblammps.so" CACHE FILEPATH "" FORCE)
  set(_host_origin "the default host (cached)")
endif()

if(NOT EXISTS "${LAMMPS_SOURCE_DIR}/src/lammps.h")
  message(FATAL_ERROR "Host LAMMPS: LAMMPS_SOURCE_DIR='${LAMMPS_SOURCE_DIR}' is not a LAMMPS source tree "
    "(expected the file src/lammps.h in it).")
endif()
if(NOT EXISTS "${LAMMPS_BINARY}" OR IS_DIRECTORY "${LAMMPS_BINARY}")
  message(FATAL_ERROR "Host LAMMPS: LAMMPS_BINARY='${LAMMPS_BINARY}' is not an executable file.")
endif()

# Which release the source tree is, and which form of the host's API its
# headers have (src/glue/host_compat.h). The oldest release supported is
# 29 Sep 2021 (the default host); the newest tested is 4 Jul 2026.
file(STRINGS "${LAMMPS_SOURCE_DIR}/src/version.h" _version_line REGEX "define LAMMPS_VERSION ")
string(REGEX MATCH "\"([0-9]+) ([A-Za-z]+) ([0-9]+)\"" _version_date "${_version_line}")
set(_months Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec)
list(FIND _months "${CMAKE_MATCH_2}" _month)
if(NOT _version_date OR _month LESS 0)
  message(FATAL_ERROR "Host LAMMPS: cannot read the release date from ${LAMMPS_SOURCE_DIR}/src/version.h "
    "(found '${_version_line}').")
endif()
math(EXPR LAMMPS_HOST_VERSION_NUMBER "${CMAKE_MATCH_3} * 10000 + (${_month} + 1) * 100 + ${CMAKE_MATCH_1}")
set(BODY_DEM_OLDEST_HOST 20210929)
if(LAMMPS_HOST_VERSION_NUMBER LESS BODY_DEM_OLDEST_HOST)
  message(FATAL_ERROR "Host LAMMPS: the source tree in ${LAMMPS_SOURCE_DIR} is LAMMPS "
    "${CMAKE_MATCH_1} ${CMAKE_MATCH_2} ${CMAKE_MATCH_3} (${LAMMPS_HOST_VERSION_NUMBER}); the oldest release "
    "this package supports is 29 Sep 2021 (20210929). Use a newer LAMMPS, or leave LAMMPS_SOURCE_DIR and "
    "LAMMPS_BINARY empty to build the default host.")
endif()
set(LAMMPS_HOST_API_DEFINITIONS "BODY_DEM_HOST_VERSION_NUMBER=${LAMMPS_HOST_VERSION_NUMBER}")
function(_body_dem_host_feature macro file regex)
  set(_feature_file "${LAMMPS_SOURCE_DIR}/src/${file}")
  set(_has FALSE)
  if(EXISTS "${_feature_file}")
    if(regex STREQUAL "")
      set(_has TRUE)
    else()
      file(STRINGS "${_feature_file}" _hits REGEX "${regex}")
      if(_hits)
        set(_has TRUE)
      endif()
    endif()
  endif()
  if(_has)
    set(LAMMPS_HOST_API_DEFINITIONS "${LAMMPS_HOST_API_DEFINITIONS};${macro}=1" PARENT_SCOPE)
  endif()
endfunction()
_body_dem_host_feature(BODY_DEM_HOST_ADD_REQUEST neighbor.h "add_request\\(class Pair")
_body_dem_host_feature(BODY_DEM_HOST_REVERSE_COMM_OF comm.h "reverse_comm\\(class Pair")
_body_dem_host_feature(BODY_DEM_HOST_HISTORY_IJ pair.h "transfer_history\\(double \\*, double \\*, int, int\\)")
_body_dem_host_feature(BODY_DEM_HOST_FIX_STORE_ATOM fix_store_atom.h "")
_body_dem_host_feature(BODY_DEM_HOST_GRANULAR_MODEL GRANULAR/granular_model.h "")
_body_dem_host_feature(BODY_DEM_HOST_GET_FIX_BY_ID modify.h "get_fix_by_id")

# Ask the binary what it is: `lmp -h` lists its packages and compile flags.
if(NOT LAMMPS_LIBRARY)
  execute_process(COMMAND ldd "${LAMMPS_BINARY}" OUTPUT_VARIABLE _ldd ERROR_QUIET)
  string(REGEX MATCH "liblammps[^ \t\n]*\\.so[^ \t\n]* => ([^ \t\n]+)" _ldd_match "${_ldd}")
  if(CMAKE_MATCH_1)
    set(LAMMPS_LIBRARY "${CMAKE_MATCH_1}" CACHE FILEPATH "" FORCE)
  endif()
endif()
get_filename_component(_lib_dir "${LAMMPS_LIBRARY}" DIRECTORY)
execute_process(COMMAND ${CMAKE_COMMAND} -E env "LD_LIBRARY_PATH=${_lib_dir}:$ENV{LD_LIBRARY_PATH}"
  "${LAMMPS_BINARY}" -h
  OUTPUT_VARIABLE _lmp_help ERROR_VARIABLE _lmp_err RESULT_VARIABLE _lmp_rc TIMEOUT 60)
if(NOT _lmp_rc EQUAL 0 OR NOT _lmp_help MATCHES "Large-scale Atomic/Molecular Massively Parallel Simulator")
  message(FATAL_ERROR "Host LAMMPS: '${LAMMPS_BINARY} -h' did not run as a LAMMPS executable "
    "(exit ${_lmp_rc}): ${_lmp_err}")
endif()

string(REGEX MATCH "Installed packages:[\r\n]+(.*)[\r\n]+List of individual style" _pk "${_lmp_help}")
string(REGEX REPLACE "[ \t\r\n]+" ";" LAMMPS_HOST_PACKAGES "${CMAKE_MATCH_1}")
list(FILTER LAMMPS_HOST_PACKAGES INCLUDE REGEX "^[A-Z0-9_-]+$")
foreach(_pkg PLUGIN BODY)
  if(NOT _pkg IN_LIST LAMMPS_HOST_PACKAGES)
    message(FATAL_ERROR "Host LAMMPS: '${LAMMPS_BINARY}' was built without the ${_pkg} package, which "
      "this plugin needs (installed packages: ${LAMMPS_HOST_PACKAGES}). Rebuild LAMMPS with "
      "-D PKG_${_pkg}=on (and BUILD_SHARED_LIBS=on), or leave LAMMPS_SOURCE_DIR and LAMMPS_BINARY "
      "empty to build the default host.")
  endif()
endforeach()

string(REGEX MATCH "Parallel Simulator - ([^\r\n]*)" _ver "${_lmp_help}")
set(LAMMPS_HOST_VERSION "${CMAKE_MATCH_1}")
string(REGEX MATCHALL "-DLAMMPS_[A-Z_]+" _flags "${_lmp_help}")
set(LAMMPS_HOST_DEFINITIONS "")
foreach(_f IN LISTS _flags)
  string(SUBSTRING "${_f}" 2 -1 _d)
  list(APPEND LAMMPS_HOST_DEFINITIONS "${_d}")
endforeach()
list(REMOVE_DUPLICATES LAMMPS_HOST_DEFINITIONS)
# Since 2023 LAMMPS always throws its errors as exceptions; before, only
# when built with LAMMPS_EXCEPTIONS (error.h says which).
file(STRINGS "${LAMMPS_SOURCE_DIR}/src/error.h" _exceptions_optional REGEX "ifdef LAMMPS_EXCEPTIONS")
if(_exceptions_optional AND NOT "LAMMPS_EXCEPTIONS" IN_LIST LAMMPS_HOST_DEFINITIONS)
  message(WARNING "Host LAMMPS: built without LAMMPS_EXCEPTIONS; the error tests of the test suite "
    "need it and are skipped.")
endif()

if(NOT EXISTS "${LAMMPS_LIBRARY}")
  message(FATAL_ERROR "Host LAMMPS: no shared library liblammps found for '${LAMMPS_BINARY}'. "
    "Build LAMMPS with -D BUILD_SHARED_LIBS=on, or set LAMMPS_LIBRARY.")
endif()

message(STATUS "Host LAMMPS: ${_host_origin}, version ${LAMMPS_HOST_VERSION}")
message(STATUS "Host LAMMPS: binary ${LAMMPS_BINARY}")
message(STATUS "Host LAMMPS: library ${LAMMPS_LIBRARY}")
message(STATUS "Host LAMMPS: packages ${LAMMPS_HOST_PACKAGES}")
message(STATUS "Host LAMMPS: definitions ${LAMMPS_HOST_DEFINITIONS}")
message(STATUS "Host LAMMPS: API ${LAMMPS_HOST_API_DEFINITIONS}")

find_package(MPI REQUIRED COMPONENTS CXX)
find_package(OpenMP REQUIRED COMPONENTS CXX)

# Headers of the host: src/ and the package folders the plugin builds on.
add_library(LAMMPS::headers INTERFACE IMPORTED)
set_target_properties(LAMMPS::headers PROPERTIES
  INTERFACE_INCLUDE_DIRECTORIES
    "${LAMMPS_SOURCE_DIR}/src;${LAMMPS_SOURCE_DIR}/src/BODY;${LAMMPS_SOURCE_DIR}/src/GRANULAR;${LAMMPS_SOURCE_DIR}/src/OPENMP;${LAMMPS_SOURCE_DIR}/src/PLUGIN"
  INTERFACE_COMPILE_DEFINITIONS "${LAMMPS_HOST_DEFINITIONS};${LAMMPS_HOST_API_DEFINITIONS}")
target_link_libraries(LAMMPS::headers INTERFACE MPI::MPI_CXX OpenMP::OpenMP_CXX)

# The library itself, for programs that run LAMMPS in-process (the tests).
add_library(LAMMPS::lammps SHARED IMPORTED)
set_target_properties(LAMMPS::lammps PROPERTIES IMPORTED_LOCATION "${LAMMPS_LIBRARY}")
target_link_libraries(LAMMPS::lammps INTERFACE LAMMPS::headers)
