# cmake -P script for the tests of the configuration errors: configures
# the project in WORK_DIR with the given LAMMPS and passes when the
# configuration fails with a message containing EXPECT.
file(REMOVE_RECURSE "${WORK_DIR}")
execute_process(
  COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${WORK_DIR}" -DBODY_DEM_ENABLE_TESTS=OFF
          "-DLAMMPS_SOURCE_DIR=${LAMMPS_SOURCE_DIR}" "-DLAMMPS_BINARY=${LAMMPS_BINARY}"
          "-DLAMMPS_LIBRARY=${LAMMPS_LIBRARY}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(REMOVE_RECURSE "${WORK_DIR}")
string(REGEX REPLACE "[ \t\r\n]+" " " text "${out} ${err}")
if(rc EQUAL 0)
  message(FATAL_ERROR "configuration succeeded, expected a failure saying: ${EXPECT}")
endif()
string(FIND "${text}" "${EXPECT}" pos)
if(pos LESS 0)
  message(FATAL_ERROR "configuration failed without saying '${EXPECT}':\n${text}")
endif()
message(STATUS "configuration failed as expected: ${EXPECT}")
