// lcp-granular: reads a quasi-static problem as JSON, writes its analysis
// as JSON (doc/lcp_granular.rst).
//   lcp-granular [--max-enumerated N] input.json [output.json]
// "-" (or no output argument) is standard output; "-" as input is standard
// input. Exit status: 0 done, 1 bad command line, 2 bad problem data or
// files, 3 the analysis failed.
#include "lcp_json.h"

#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

namespace {

const char *usage =
    "usage: lcp-granular [--max-enumerated N] input.json [output.json]\n"
    "  Reads a quasi-static problem of disks (2d) or spheres (3d) with frictional\n"
    "  contacts, writes the LCP w = A lambda + b and its analysis (matrix classes,\n"
    "  all solutions with their second-order work, path-sensitivity,\n"
    "  unsustainable modes, path-incongruity, neutral equilibrium) as JSON.\n"
    "  --max-enumerated N  enumerate all solutions only up to N active contacts\n"
    "                      (default 16); beyond, one solution by Lemke's method\n"
    "  -                   standard input / standard output\n";

int bad_usage(const std::string &what)
{
  std::cerr << "lcp-granular: " << what << "\n" << usage;
  return 1;
}

}    // namespace

int main(int argc, char **argv)
{
  lcp::AnalysisOptions options;
  std::string input, output = "-";
  int positional = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << usage;
      return 0;
    } else if (arg == "--max-enumerated") {
      if (i + 1 >= argc) return bad_usage("--max-enumerated needs a number");
      char *end = nullptr;
      const long n = std::strtol(argv[++i], &end, 10);
      if (*end != '\0' || n < 0 || n > 30)
        return bad_usage(std::string("--max-enumerated: expected an integer 0..30, got '") + argv[i] + "'");
      options.max_enumerated_contacts = static_cast<int>(n);
    } else if (arg.size() > 1 && arg[0] == '-' && arg != "-") {
      return bad_usage("unknown option '" + arg + "'");
    } else if (positional == 0) {
      input = arg;
      ++positional;
    } else if (positional == 1) {
      output = arg;
      ++positional;
    } else {
      return bad_usage("too many arguments ('" + arg + "')");
    }
  }
  if (positional == 0) return bad_usage("no input file");

  std::stringstream text;
  if (input == "-") {
    text << std::cin.rdbuf();
  } else {
    std::ifstream in(input);
    if (!in) {
      std::cerr << "lcp-granular: cannot open input file '" << input << "'\n";
      return 2;
    }
    text << in.rdbuf();
  }

  std::string result;
  try {
    const lcp::Problem problem = lcp::read_problem_json(text.str());
    const lcp::Analysis analysis = lcp::analyze(problem, options);
    result = lcp::analysis_to_json(problem, analysis);
  } catch (const lcp::InputError &e) {
    std::cerr << "lcp-granular: error in " << input << ": " << e.what() << "\n";
    return 2;
  } catch (const std::exception &e) {
    std::cerr << "lcp-granular: analysis failed: " << e.what() << "\n";
    return 3;
  }

  if (output == "-") {
    std::cout << result;
  } else {
    std::ofstream out(output);
    if (!out || !(out << result)) {
      std::cerr << "lcp-granular: cannot write output file '" << output << "'\n";
      return 2;
    }
  }
  return 0;
}
