// JSON form of a Problem (the input of lcp-granular, written by the LAMMPS
// command quasistatic/lcp) and of an Analysis (the output of both). The
// field names are those of the issue that asked for the program; see
// doc/lcp_granular.rst.
#ifndef QUASISTATIC_LCP_JSON_H
#define QUASISTATIC_LCP_JSON_H

#include "lcp_analysis.h"

#include <string>

namespace lcp {

// Parses a problem. Malformed input throws InputError naming the field
// ("contacts[2].force", "dimension", ...) and what was expected.
Problem read_problem_json(const std::string &text);

// The problem as JSON (read_problem_json reads it back unchanged).
std::string problem_to_json(const Problem &problem);

// The analysis as JSON: A, b, active_contacts, classes, solutions,
// unsustainable_modes, path_incongruent, neutral_equilibrium, type_III.
std::string analysis_to_json(const Problem &problem, const Analysis &analysis);

}    // namespace lcp

#endif
