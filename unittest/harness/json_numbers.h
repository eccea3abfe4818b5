// Numbers out of the JSON files that the LCP tools write (the command
// quasistatic/lcp, the program lcp-granular), for tests that also run
// LAMMPS in-process.
//
// Why a file of its own: a translation unit that sees the host's headers
// has the host's src/ on its include path, and the 2026 host ships a
// src/nlohmann/json.hpp that refuses to be included, so <nlohmann/json.hpp>
// must only be included where the host's headers are not. This file and
// json_numbers.cpp are compiled without them (unittest/CMakeLists.txt,
// body_dem_test_json); the tests include this header only.
#ifndef BODY_DEM_TEST_JSON_NUMBERS_H
#define BODY_DEM_TEST_JSON_NUMBERS_H

#include <cstddef>
#include <string>
#include <vector>

namespace body_dem_test {

// The length of the array under `key` at the top level of the JSON text.
// Throws std::runtime_error when the text is not JSON or has no such array.
std::size_t json_array_length(const std::string &text, const std::string &key);

// The array of numbers under `key`.
std::vector<double> json_vector(const std::string &text, const std::string &key);

// The array of arrays of numbers under `key`, row by row.
std::vector<std::vector<double>> json_matrix(const std::string &text, const std::string &key);

}    // namespace body_dem_test

#endif
