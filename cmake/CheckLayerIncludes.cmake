# The layers of the package as its folders show them (README, Layout),
# checked on the includes of every file in src/: a folder includes only
# from itself and the folders below it; and a file of layers 1 and 2
# (contact geometry, force laws) includes neither a header of the host nor
# a file of layer 3 (the LAMMPS glue), wherever it lies. Layer 3 is every
# file of the glue folders below and every file that names LAMMPS_NS (the
# style classes in the package folders, DESIGN.md section 5); the rest of
# the package folders is layers 1 and 2. Run in script mode by the test suite
# (unittest/CMakeLists.txt, test layers_include_downward):
#   cmake -DSOURCE_DIR=<the package's source tree> -P CheckLayerIncludes.cmake
# Fails, naming each offending include, if any runs upward.
cmake_minimum_required(VERSION 3.16)
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "CheckLayerIncludes.cmake: give -DSOURCE_DIR=<source tree>")
endif()

# Each folder of src/ and the folders it may include from (besides itself).
# Lowest first: common (values and per-pair accumulation shared by the
# layers, no LAMMPS), glue (the LAMMPS glue every style shares), the style
# packages, the variants, the plugin's table (src/ itself).
set(_allowed_common "")
set(_allowed_glue "common")
set(_allowed_BODY_ROUNDED "common;glue;BODY_ROUNDED/polyhedron_contacts")
# the stages of the 3d contact search (layer 1): the value types below, and
# the nearest-point primitives of BODY_ROUNDED (the driver there includes
# the stages)
set(_allowed_BODY_ROUNDED/polyhedron_contacts "common;BODY_ROUNDED")
set(_allowed_GRANULAR_BODY "common;glue;BODY_ROUNDED")
set(_allowed_BPM_PARALLEL "common;glue")
set(_allowed_CONTACT_OUTPUT "common;glue")
set(_allowed_OPENMP "common;glue;BODY_ROUNDED;GRANULAR_BODY")
set(_allowed_KOKKOS "common;glue;BODY_ROUNDED;GRANULAR_BODY;OPENMP")
set(_allowed_QUASISTATIC_LCP/library "")
set(_allowed_QUASISTATIC_LCP/program "QUASISTATIC_LCP/library")
set(_allowed_QUASISTATIC_LCP/command "QUASISTATIC_LCP/library;glue;common")
set(_allowed_src "common;glue;BODY_ROUNDED;GRANULAR_BODY;BPM_PARALLEL;CONTACT_OUTPUT;OPENMP;KOKKOS;QUASISTATIC_LCP/command")
# Folders whose every file must be free of the host (layers 1 and 2, and
# the LCP library, which is built without the host's headers).
set(_host_free_folders "common;QUASISTATIC_LCP/library;QUASISTATIC_LCP/program")
# Folders of LAMMPS glue only (layer 3).
set(_glue_folders "glue;OPENMP;KOKKOS;QUASISTATIC_LCP/command;src")

file(GLOB_RECURSE _files RELATIVE "${SOURCE_DIR}/src" "${SOURCE_DIR}/src/*.h" "${SOURCE_DIR}/src/*.cpp")
set(_known_folders "")
foreach(_file IN LISTS _files)
  get_filename_component(_name "${_file}" NAME)
  get_filename_component(_folder "${_file}" DIRECTORY)
  if(_folder STREQUAL "")
    set(_folder "src")
  endif()
  if(DEFINED _folder_of_${_name})
    message(FATAL_ERROR "CheckLayerIncludes.cmake: two files named ${_name} (${_path_of_${_name}} and ${_file}): "
                        "includes by name would be ambiguous")
  endif()
  set(_folder_of_${_name} "${_folder}")
  set(_path_of_${_name} "${_file}")
  list(APPEND _known_folders "${_folder}")
endforeach()
list(REMOVE_DUPLICATES _known_folders)
foreach(_folder IN LISTS _known_folders)
  if(NOT DEFINED _allowed_${_folder})
    message(FATAL_ERROR "CheckLayerIncludes.cmake: src/${_folder} is not in the table of layers: "
                        "say which folders it may include from")
  endif()
endforeach()

# The package files each file includes, the first host header it includes
# (a quoted include that names no package file: the host's headers, found
# through its src/ on the include path; the package includes system and
# library headers with <...>), and whether it is LAMMPS glue (layer 3:
# it names LAMMPS_NS).
foreach(_file IN LISTS _files)
  get_filename_component(_name "${_file}" NAME)
  file(STRINGS "${SOURCE_DIR}/src/${_file}" _lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"[^\"]+\"")
  set(_package_includes_${_name} "")
  set(_host_include_${_name} "")
  foreach(_line IN LISTS _lines)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\".*" "\\1" _included "${_line}")
    get_filename_component(_included_name "${_included}" NAME)
    if(DEFINED _folder_of_${_included_name})
      list(APPEND _package_includes_${_name} "${_included_name}")
    elseif(NOT _host_include_${_name})
      set(_host_include_${_name} "${_included}")
    endif()
  endforeach()
  file(STRINGS "${SOURCE_DIR}/src/${_file}" _glue_lines REGEX "LAMMPS_NS")
  if(_glue_lines OR _folder_of_${_name} IN_LIST _glue_folders)
    set(_glue_${_name} TRUE)
  else()
    set(_glue_${_name} FALSE)
  endif()
endforeach()

set(_problems "")
set(_core_count 0)
foreach(_file IN LISTS _files)
  get_filename_component(_name "${_file}" NAME)
  set(_folder "${_folder_of_${_name}}")
  if(_glue_${_name} AND _folder IN_LIST _host_free_folders)
    list(APPEND _problems "src/${_file} is LAMMPS glue (it names LAMMPS_NS) in src/${_folder}, which is free of LAMMPS")
  endif()
  if(NOT _glue_${_name})
    math(EXPR _core_count "${_core_count} + 1")
    if(_host_include_${_name})
      list(APPEND _problems "src/${_file} (layers 1-2) includes the host's \"${_host_include_${_name}}\"")
    endif()
  endif()
  foreach(_included IN LISTS _package_includes_${_name})
    set(_to "${_folder_of_${_included}}")
    if(NOT _to STREQUAL _folder AND NOT _to IN_LIST _allowed_${_folder})
      list(APPEND _problems "src/${_file} includes src/${_path_of_${_included}}: src/${_folder} may include only from itself and [${_allowed_${_folder}}]")
    endif()
    if(NOT _glue_${_name} AND _glue_${_included})
      list(APPEND _problems "src/${_file} (layers 1-2) includes the LAMMPS glue src/${_path_of_${_included}}")
    endif()
  endforeach()
endforeach()

if(_problems)
  list(JOIN _problems "\n  " _text)
  message(FATAL_ERROR "includes that run from a lower layer to a higher one:\n  ${_text}")
endif()
list(LENGTH _files _count)
message(STATUS "layers: the includes of the ${_count} files of src/ (${_core_count} of them layers 1-2) run downward only")
