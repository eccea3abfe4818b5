// Test harness: one LAMMPS instance in-process, driven through its C++
// API, with the package's plugin loaded. Errors of LAMMPS (built with
// LAMMPS_EXCEPTIONS) arrive as exceptions whose text tests can check.
#ifndef BODY_DEM_TEST_LAMMPS_SESSION_H
#define BODY_DEM_TEST_LAMMPS_SESSION_H

#include <mpi.h>

#include <initializer_list>
#include <string>
#include <vector>

namespace LAMMPS_NS {
class LAMMPS;
}

namespace body_dem_test {

// Path of the plugin module and of the source tree, compiled in by CMake.
std::string plugin_path();
std::string source_dir();
// The working directory of the test program (where it writes its files).
std::string work_dir();

// This process's rank in MPI_COMM_WORLD.
int mpi_rank();

// v with all its 17 significant digits, for input lines that must give
// LAMMPS the very double the test computed.
std::string exact(double v);

class LammpsSession {
 public:
  // Starts LAMMPS on `comm` with the log going to a private file (read by
  // log_text()) and no screen output. `extra_args` are more command-line
  // arguments, e.g. {"-sf", "omp"}.
  explicit LammpsSession(const std::vector<std::string> &extra_args = {},
                         MPI_Comm comm = MPI_COMM_WORLD);
  ~LammpsSession();
  LammpsSession(const LammpsSession &) = delete;
  LammpsSession &operator=(const LammpsSession &) = delete;

  // Runs one input line, or several separated by newlines.
  void command(const std::string &line);
  void commands(const std::string &lines);
  // plugin load <the package's plugin>
  void load_plugin();

  // Everything LAMMPS wrote to its log so far (rank 0; empty elsewhere).
  std::string log_text() const;

  // Values of the running simulation.
  double thermo(const std::string &keyword);          // e.g. "pe", "ke", "step"
  double compute_scalar(const std::string &id);
  double compute_vector(const std::string &id, int index);    // 0-based
  double variable(const std::string &name);                 // equal-style

  // Per-atom values of the local atoms, sorted by atom ID, gathered to
  // every rank: rows of 3 values per atom.
  std::vector<double> gather_by_id(const std::string &what);    // "x", "v", "f", "torque", "angmom"

  LAMMPS_NS::LAMMPS *lmp = nullptr;

 private:
  std::string logfile_;
};

// Runs the input script examples/body/<name> of the package in that folder
// (restoring the working directory afterwards), with `variables` defined
// first as index variables, like -var on the command line; the plugin path
// is passed as the variable `plugin`.
void run_example(LammpsSession &session, const std::string &name,
                 const std::vector<std::pair<std::string, std::string>> &variables = {});

// The example in.pour3d for 3000 steps (bodies landing: pairs and walls
// with their springs), then 500 steps more: uninterrupted, and through
// write_restart `restart_file` / read_restart with the pair style and the
// walls specified again (same IDs). Both sessions start with `args` (e.g.
// -sf kokkos). Returns the positions by atom ID of both and the pair
// style each ran.
struct RestartContinuation {
  std::vector<double> direct, restarted;
  std::string direct_style, restarted_style;
};
RestartContinuation pour3d_through_restart(const std::vector<std::string> &args, const std::string &restart_file);

// The host's count of the pair styles made in this process set back to
// zero, as in a new process. Call it before a LammpsSession that writes a
// restart file and before the one that reads it, when the file holds the
// history of pair_style granular: since 2026 the host names that history
// fix after the pair's number in this count (NEIGH_HISTORY_GRANULAR<n>),
// so a file is read back only by a process that made as many pair styles
// before, as a user's script run again in a new process does.
void count_pair_styles_as_in_a_new_process();

// Runs `line` and returns the text of the LAMMPS error it raised, or
// "no error" when it ran through.
std::string error_of(LammpsSession &session, const std::string &line);

// `setup` (input lines) with the first occurrence of `from` replaced by
// `to`, e.g. one line of a standard setup changed for a bad-input test;
// throws std::runtime_error if `from` is not there (the test is wrong).
std::string replace_in_setup(std::string setup, const std::string &from, const std::string &to);

}    // namespace body_dem_test

// Bad input must end in a LAMMPS error whose message contains every one
// of the given words (and must not crash or hang).
#define EXPECT_LAMMPS_ERROR(session, line, ...)                                            \
  do {                                                                                     \
    const std::string error_text_ = body_dem_test::error_of((session), (line));            \
    for (const std::string &word_ : std::initializer_list<std::string>{__VA_ARGS__})       \
      EXPECT_NE(error_text_.find(word_), std::string::npos)                                \
          << "input: " << (line) << "\nexpected the words: " << word_                      \
          << "\ngot: " << error_text_;                                                     \
  } while (0)

// Any text (e.g. an error message returned by error_of) must contain
// every one of the given words.
#define EXPECT_TEXT_HAS(text, ...)                                                                 \
  do {                                                                                             \
    const std::string text_ = (text);                                                              \
    for (const std::string &word_ : std::initializer_list<std::string>{__VA_ARGS__})               \
      EXPECT_NE(text_.find(word_), std::string::npos) << "expected the words: " << word_           \
                                                      << "\ngot: " << text_;                      \
  } while (0)

#endif
