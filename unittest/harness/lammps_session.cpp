#include "lammps_session.h"

#include "atom.h"
#include "compute.h"
#include "exceptions.h"
#include "force.h"
#include "host_compat.h"
#include "input.h"
#include "lammps.h"
#include "library.h"
#include "modify.h"
#include "pair.h"
#include "variable.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

using LAMMPS_NS::LAMMPS;

namespace body_dem_test {

std::string plugin_path() { return BODY_DEM_PLUGIN_PATH; }
std::string source_dir() { return BODY_DEM_SOURCE_DIR; }
std::string work_dir()
{
  char buf[4096];
  if (!getcwd(buf, sizeof(buf))) throw std::runtime_error("getcwd failed");
  return buf;
}

int mpi_rank()
{
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

std::string exact(double v)
{
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

namespace {
std::string unique_log_name(MPI_Comm comm)
{
  static int counter = 0;
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  // Every rank passes the same name to LAMMPS (only rank 0 opens it).
  long stamp = static_cast<long>(getpid()) * 1000 + (counter++);
  MPI_Bcast(&stamp, 1, MPI_LONG, 0, comm);
  return "body_dem_test_" + std::to_string(stamp) + ".log";
}
}    // namespace

LammpsSession::LammpsSession(const std::vector<std::string> &extra_args, MPI_Comm comm)
{
  logfile_ = unique_log_name(comm);
  std::vector<std::string> args = {"body_dem_test", "-log", logfile_, "-screen", "none", "-nocite",
                                   "-echo", "log"};
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  std::vector<char *> argv;
  for (auto &a : args) argv.push_back(const_cast<char *>(a.c_str()));
  lmp = new LAMMPS(static_cast<int>(argv.size()), argv.data(), comm);
}

LammpsSession::~LammpsSession()
{
  // The plugins this session loaded go with it: since 2026 the host gives
  // every new LAMMPS instance the plugins that earlier instances of the
  // process loaded, and a later session that runs the host's built-in
  // body styles (which the plugin overrides) must get those. (Older hosts
  // unload them when the instance ends; clearing first does the same.)
  if (lammps_plugin_count() > 0) {
    try {
      command("plugin clear");
    } catch (...) {
    }
  }
  delete lmp;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) std::remove(logfile_.c_str());
}

void LammpsSession::command(const std::string &line) { lmp->input->one(line); }

void LammpsSession::commands(const std::string &lines)
{
  std::istringstream in(lines);
  std::string line, pending;
  while (std::getline(in, line)) {
    // continuation lines end with '&' as in input scripts
    if (!line.empty() && line.back() == '&') {
      pending += line.substr(0, line.size() - 1) + " ";
      continue;
    }
    pending += line;
    if (pending.find_first_not_of(" \t") != std::string::npos) command(pending);
    pending.clear();
  }
}

void LammpsSession::load_plugin()
{
  command("plugin load " + plugin_path());
  // The host only logs a failed load (e.g. an undefined symbol) and then
  // runs its own built-in styles of the same names: a test must not pass
  // on those. The package registers its internal fix first.
  char style[128], name[128];
  bool found = false;
  for (int k = 0; k < lammps_plugin_count(); ++k)
    if (lammps_plugin_name(k, style, name, sizeof name) && std::string(name) == "BODY_DEM_WORK") found = true;
  if (!found) throw std::runtime_error("plugin load " + plugin_path() + " failed (see the LAMMPS log)");
}

std::string LammpsSession::log_text() const
{
  if (lmp->logfile) fflush(lmp->logfile);
  std::ifstream in(logfile_);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

double LammpsSession::thermo(const std::string &keyword)
{
  return lammps_get_thermo(lmp, keyword.c_str());
}

double LammpsSession::compute_scalar(const std::string &id)
{
  auto *p = static_cast<double *>(lammps_extract_compute(lmp, id.c_str(), LMP_STYLE_GLOBAL, LMP_TYPE_SCALAR));
  if (!p) throw std::runtime_error("no global scalar compute " + id);
  return *p;
}

double LammpsSession::compute_vector(const std::string &id, int index)
{
  // lammps_extract_compute() does not invoke the compute in this release;
  // invoke it here so the vector is current.
  LAMMPS_NS::Compute *c = LAMMPS_NS::host::compute_by_id(lmp->modify, id);
  if (!c) throw std::runtime_error("no compute " + id);
  if (!c->vector_flag) throw std::runtime_error("compute " + id + " has no global vector");
  if (index < 0 || index >= c->size_vector) throw std::runtime_error("index out of range for " + id);
  c->compute_vector();
  return c->vector[index];
}

double LammpsSession::variable(const std::string &name)
{
  LAMMPS_NS::Variable *var = lmp->input->variable;
  const int ivar = var->find(name.c_str());
  if (ivar < 0) throw std::runtime_error("no variable " + name);
  return var->compute_equal(ivar);
}

std::vector<double> LammpsSession::gather_by_id(const std::string &what)
{
  LAMMPS_NS::Atom *atom = lmp->atom;
  double **data = nullptr;
  if (what == "x") data = atom->x;
  else if (what == "v") data = atom->v;
  else if (what == "f") data = atom->f;
  else if (what == "torque") data = atom->torque;
  else if (what == "angmom") data = atom->angmom;
  else throw std::runtime_error("gather_by_id: unknown per-atom array " + what);
  if (!data) throw std::runtime_error("gather_by_id: atom style has no " + what);

  const int natoms = static_cast<int>(atom->natoms);
  std::vector<double> local(3 * static_cast<size_t>(natoms), 0.0), all(local.size(), 0.0);
  for (int i = 0; i < atom->nlocal; ++i) {
    const int k = atom->tag[i] - 1;
    for (int d = 0; d < 3; ++d) local[3 * k + d] = data[i][d];
  }
  MPI_Allreduce(local.data(), all.data(), static_cast<int>(all.size()), MPI_DOUBLE, MPI_SUM, lmp->world);
  return all;
}

void run_example(LammpsSession &session, const std::string &name,
                 const std::vector<std::pair<std::string, std::string>> &variables)
{
  session.command("variable plugin index " + plugin_path());
  for (const auto &v : variables) session.command("variable " + v.first + " index " + v.second);
  char previous[4096];
  if (!getcwd(previous, sizeof(previous))) throw std::runtime_error("getcwd failed");
  const std::string folder = source_dir() + "/examples/body";
  if (chdir(folder.c_str()) != 0) throw std::runtime_error("cannot enter " + folder);
  try {
    session.lmp->input->file(name.c_str());
  } catch (...) {
    if (chdir(previous) != 0) perror("chdir");
    throw;
  }
  if (chdir(previous) != 0) throw std::runtime_error("cannot return to " + std::string(previous));
}

RestartContinuation pour3d_through_restart(const std::vector<std::string> &args, const std::string &restart_file)
{
  RestartContinuation out;
  {
    LammpsSession s(args);
    run_example(s, "in.pour3d", {{"nsteps", "3000"}});
    s.command("write_restart " + restart_file);
    s.command("run 500");
    out.direct = s.gather_by_id("x");
    out.direct_style = s.lmp->force->pair_style;
  }
  LammpsSession s(args);
  s.load_plugin();
  s.command("read_restart " + restart_file);
  s.commands("comm_modify vel yes\n"
             "pair_style body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.0 history\npair_coeff * * 2000.0 0.0\n"
             "fix floor all wall/body/polyhedron 2000.0 20.0 5.0 zplane 0.0 NULL\n"
             "fix drum all wall/body/polyhedron 2000.0 20.0 5.0 zcylinder 12.0\n"
             "neighbor 0.4 bin\nneigh_modify every 1 delay 0 check yes\ntimestep 0.001\n"
             "fix integrate all nve/body\nfix gravity all gravity 1.0 vector 0 0 -1\nrun 500\n");
  out.restarted = s.gather_by_id("x");
  out.restarted_style = s.lmp->force->pair_style;
  return out;
}

void count_pair_styles_as_in_a_new_process() { LAMMPS_NS::Pair::instance_total = 0; }

std::string error_of(LammpsSession &session, const std::string &line)
{
  try {
    session.commands(line);
  } catch (LAMMPS_NS::LAMMPSException &e) {
    return e.what();
  }
  return "no error";
}

std::string replace_in_setup(std::string setup, const std::string &from, const std::string &to)
{
  const size_t at = setup.find(from);
  if (at == std::string::npos) throw std::runtime_error("'" + from + "' not in the setup");
  return setup.replace(at, from.size(), to);
}

}    // namespace body_dem_test
