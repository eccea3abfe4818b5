# The host's src/ is on the include path of every translation unit that
# uses the host's API (LAMMPS::headers), and a header there shadows a
# system header of the same relative path: the 2026 host ships
# src/nlohmann/json.hpp, a stub that stops with #error, so
# <nlohmann/json.hpp> cannot be included next to the host's headers.
# Package code that needs such a system header includes it only in the
# LAMMPS-free targets (the LCP library and program, unittest/lcp,
# unittest/harness/json_numbers.cpp, bench/lcp_bench.cpp).
#
# This check finds the shadowed headers of the host at hand, adds those
# known from the other supported hosts (the 2026 host's nlohmann/), and
# stops the configuration when a file compiled with the host's headers
# includes one of them with <...>, naming the file and the header, so that
# the mistake shows on every host, not only on the host that has the stub.

set(_shadow_roots "${LAMMPS_SOURCE_DIR}/src")
foreach(_pkg BODY GRANULAR OPENMP PLUGIN)
  list(APPEND _shadow_roots "${LAMMPS_SOURCE_DIR}/src/${_pkg}")
endforeach()
set(BODY_DEM_HOST_SHADOWED_HEADERS "")
foreach(_root IN LISTS _shadow_roots)
  file(GLOB_RECURSE _host_headers RELATIVE "${_root}" "${_root}/*.h" "${_root}/*.hpp")
  foreach(_rel IN LISTS _host_headers)
    foreach(_sys IN LISTS CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES)
      if(EXISTS "${_sys}/${_rel}")
        list(APPEND BODY_DEM_HOST_SHADOWED_HEADERS "${_rel}")
      endif()
    endforeach()
  endforeach()
endforeach()
list(REMOVE_DUPLICATES BODY_DEM_HOST_SHADOWED_HEADERS)
if(BODY_DEM_HOST_SHADOWED_HEADERS)
  message(STATUS "Host LAMMPS: its headers shadow these system headers: ${BODY_DEM_HOST_SHADOWED_HEADERS}")
endif()
list(APPEND BODY_DEM_HOST_SHADOWED_HEADERS "nlohmann/json.hpp" "nlohmann/json_fwd.hpp")
list(REMOVE_DUPLICATES BODY_DEM_HOST_SHADOWED_HEADERS)

# Files of the targets built without the host's headers.
set(_lammps_free_patterns
  "src/QUASISTATIC_LCP/library/"
  "src/QUASISTATIC_LCP/program/"
  "unittest/lcp/"
  "unittest/harness/json_numbers.cpp$"
  "bench/lcp_bench.cpp$")
file(GLOB_RECURSE _package_files RELATIVE "${PROJECT_SOURCE_DIR}"
  "${PROJECT_SOURCE_DIR}/src/*.h" "${PROJECT_SOURCE_DIR}/src/*.cpp"
  "${PROJECT_SOURCE_DIR}/unittest/*.h" "${PROJECT_SOURCE_DIR}/unittest/*.cpp"
  "${PROJECT_SOURCE_DIR}/bench/*.h" "${PROJECT_SOURCE_DIR}/bench/*.cpp")
set(_shadowing_problems "")
foreach(_file IN LISTS _package_files)
  set(_free FALSE)
  foreach(_pattern IN LISTS _lammps_free_patterns)
    if(_file MATCHES "${_pattern}")
      set(_free TRUE)
    endif()
  endforeach()
  if(_free)
    continue()
  endif()
  file(STRINGS "${PROJECT_SOURCE_DIR}/${_file}" _includes REGEX "^[ \t]*#[ \t]*include[ \t]*<[^>]+>")
  foreach(_line IN LISTS _includes)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*<([^>]+)>.*" "\\1" _header "${_line}")
    if(_header IN_LIST BODY_DEM_HOST_SHADOWED_HEADERS)
      string(APPEND _shadowing_problems "\n  ${_file}: #include <${_header}>")
    endif()
  endforeach()
endforeach()
if(_shadowing_problems)
  message(FATAL_ERROR "Host LAMMPS: these files are compiled with the host's headers and include a "
    "system header that the src/ of this host or of another supported host shadows (the host's file would "
    "be included instead):"
    "${_shadowing_problems}\nInclude such headers only in the LAMMPS-free targets "
    "(cmake/HostHeaderShadowing.cmake lists them).")
endif()
