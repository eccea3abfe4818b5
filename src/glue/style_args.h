// Argument parsing for the package's commands: every bad argument ends in
// LAMMPS's error->all() with a message naming the command, the argument
// and what was expected (LAMMPS glue; layers 1 and 2 never include this).
#ifndef BODY_DEM_STYLE_ARGS_H
#define BODY_DEM_STYLE_ARGS_H

#include "error.h"
#include "lammps.h"
#include "utils.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>

namespace body_dem {

class StyleArgs {
 public:
  // command: e.g. "pair_style body/rounded/polygon"
  StyleArgs(LAMMPS_NS::LAMMPS *lmp, std::string command) : lmp_(lmp), command_(std::move(command)) {}

  [[noreturn]] void fail(const std::string &what) const
  {
    lmp_->error->all(FLERR, command_ + ": " + what);
    std::abort();    // not reached: error->all() throws or exits
  }

  // A finite number; `name` is the argument's name in the documentation.
  double number(const char *arg, const char *name) const
  {
    char *end = nullptr;
    errno = 0;
    const double value = std::strtod(arg, &end);
    if (end == arg || *end != '\0' || errno == ERANGE || !std::isfinite(value))
      fail(std::string("argument ") + name + " must be a number, got '" + arg + "'");
    return value;
  }
  double nonnegative(const char *arg, const char *name) const
  {
    const double value = number(arg, name);
    if (value < 0.0) fail(std::string("argument ") + name + " must be >= 0, got " + arg);
    return value;
  }
  double positive(const char *arg, const char *name) const
  {
    const double value = number(arg, name);
    if (value <= 0.0) fail(std::string("argument ") + name + " must be > 0, got " + arg);
    return value;
  }

  // An atom type or a range of them as LAMMPS writes it (N, *, N*, *M,
  // N*M) within 1..ntypes, e.g. I and J of pair_coeff; sets lo <= hi.
  void type_range(const char *arg, const char *name, int ntypes, int &lo, int &hi) const
  {
    // Without an Error object utils::bounds() only parses (lo = hi = -1 for
    // characters other than digits, '*' and '-'), so that the message of a
    // bad range can name the command and the argument.
    LAMMPS_NS::utils::bounds(FLERR, arg, 1, ntypes, lo, hi, nullptr);
    if (lo < 1 || hi > ntypes || lo > hi)
      fail(std::string("argument ") + name + " must be an atom type or a range of atom types within 1-" +
           std::to_string(ntypes) + ", got '" + arg + "'");
  }

  const std::string &command() const { return command_; }

 private:
  LAMMPS_NS::LAMMPS *lmp_;
  std::string command_;
};

}    // namespace body_dem

#endif
