// The command-line program lcp-granular: the JSON it reads and writes, and
// its errors. The analysis itself is tested on the library
// (test_lcp_example*); here the program must give the same A and b as the
// library for the same problem, and name the field of every bad input.
#include "lcp_examples.h"
#include "lcp_json.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <utility>
#include <vector>

namespace {

using nlohmann::json;

struct ProgramRun {
  int status = -1;
  std::string out, err;
};

std::string slurp(const std::string &path)
{
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs the program with the given arguments, stdout and stderr to files.
ProgramRun run_program(const std::string &args, const std::string &tag)
{
  const std::string out = "lcp_cli_" + tag + ".out", err = "lcp_cli_" + tag + ".err";
  const std::string cmd = std::string(LCP_GRANULAR_PROGRAM) + " " + args + " >" + out + " 2>" + err;
  const int raw = std::system(cmd.c_str());
  ProgramRun r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

void write_file(const std::string &path, const std::string &text)
{
  std::ofstream(path) << text;
}

// A JSON problem that is valid: two disks side by side in contact, the left
// one fixed, the right one pushed.
json valid_problem()
{
  return json::parse(R"({
    "dimension": 2,
    "particles": [ {"id": 1, "x": [0, 0], "radius": 1},
                   {"id": 2, "x": [1.999, 0], "radius": 1} ],
    "contacts": [ {"p": 1, "q": 2, "force": [-0.001, 0.0005], "kn": 1, "alpha": 1, "mu": 0.5,
                   "curvature_radius_p": 1, "curvature_radius_q": "inf"} ],
    "constraints": [ {"terms": [[1, "ux", 1]], "value": 0},
                     {"terms": [[1, "uy", 1]], "value": 0},
                     {"terms": [[1, "tz", 1]], "value": 0},
                     {"terms": [[2, "ux", 1]], "value": -1e-3},
                     {"terms": [[2, "tz", 1]], "value": 0} ],
    "loads": [ {"particle": 2, "dof": "uy", "value": 0} ]
  })");
}

// Expects the program to refuse the problem with exit status 2 and a
// message naming `field`.
void expect_refused(const json &problem, const std::string &field, const std::string &tag)
{
  write_file("lcp_cli_" + tag + ".json", problem.dump());
  const ProgramRun r = run_program("lcp_cli_" + tag + ".json", tag);
  EXPECT_EQ(r.status, 2) << tag << ": " << r.err;
  EXPECT_NE(r.err.find(field), std::string::npos) << tag << ": expected '" << field << "' in: " << r.err;
}

}    // namespace

// The program's A and b are the library's for the same problem, written
// with enough digits to be equal to the last bit (nlohmann writes doubles
// that read back exactly).
TEST(LcpGranularProgram, SameAAndBAsTheLibraryForTheThreeDisks)
{
  for (int angle = 1; angle <= 3; ++angle)
    for (char curvature : {'A', 'D'}) {
      const lcp::Problem pb = lcp::examples::three_disks_case(angle, curvature);
      const std::string tag = "disks" + std::to_string(angle) + curvature;
      write_file("lcp_cli_" + tag + ".json", lcp::problem_to_json(pb));
      const ProgramRun r = run_program("lcp_cli_" + tag + ".json -", tag);
      ASSERT_EQ(r.status, 0) << r.err;
      const json out = json::parse(r.out);
      const lcp::Analysis lib = lcp::analyze(pb);
      ASSERT_EQ(out["A"].size(), static_cast<size_t>(lib.A.rows()));
      for (Eigen::Index i = 0; i < lib.A.rows(); ++i) {
        EXPECT_EQ(out["b"][static_cast<size_t>(i)].get<double>(), lib.b[i]);
        for (Eigen::Index j = 0; j < lib.A.cols(); ++j)
          EXPECT_EQ(out["A"][static_cast<size_t>(i)][static_cast<size_t>(j)].get<double>(), lib.A(i, j));
      }
      EXPECT_EQ(out["solutions"].size(), lib.solutions.size());
      EXPECT_EQ(out["path_incongruent"].get<bool>(), lib.path_incongruent);
    }
}

// Problem -> JSON -> problem is the identity (the LAMMPS command writes
// problems that the program reads).
TEST(LcpGranularProgram, ProblemJsonReadsBackUnchanged)
{
  const lcp::Problem pb = lcp::examples::tetragonal_spheres(2.0, true);
  const std::string once = lcp::problem_to_json(pb);
  const lcp::Problem back = lcp::read_problem_json(once);
  EXPECT_EQ(lcp::problem_to_json(back), once);
  ASSERT_EQ(back.contacts.size(), pb.contacts.size());
  for (size_t c = 0; c < pb.contacts.size(); ++c)
    EXPECT_EQ((back.contacts[c].force - pb.contacts[c].force).norm(), 0.0);
}

// Output fields of the program on a valid problem, with the two-disk case
// worked by hand: the contact is at the friction limit (|f_t| = mu |f_n| =
// 0.0005), so it is active (m = 1).
TEST(LcpGranularProgram, WritesEveryFieldOfTheAnalysis)
{
  write_file("lcp_cli_valid.json", valid_problem().dump());
  const ProgramRun r = run_program("lcp_cli_valid.json lcp_cli_valid_out.json", "valid");
  ASSERT_EQ(r.status, 0) << r.err;
  const json out = json::parse(slurp("lcp_cli_valid_out.json"));
  for (const char *key : {"A", "b", "active_contacts", "classes", "solutions", "unsustainable_modes",
                          "path_incongruent", "neutral_equilibrium", "type_III"})
    EXPECT_TRUE(out.contains(key)) << key;
  EXPECT_EQ(out["active_contacts"].size(), 1u);
  for (const char *key : {"P", "P0", "N", "N0", "R", "R0", "S", "Z", "degenerate", "symmetric_part"})
    EXPECT_TRUE(out["classes"].contains(key)) << key;
  ASSERT_GE(out["solutions"].size(), 1u);
  const json &s = out["solutions"][0];
  for (const char *key : {"type", "pattern", "I2", "likely", "path_sensitive", "d", "reactions"})
    EXPECT_TRUE(s.contains(key)) << key;
  EXPECT_EQ(s["pattern"].get<std::string>().size(), 1u);
  // 2d: two translations and one rotation per particle.
  EXPECT_EQ(s["d"][1]["u"].size(), 2u);
  EXPECT_EQ(s["d"][1]["theta"].size(), 1u);
  // The prescribed movement of particle 2 is reproduced.
  EXPECT_NEAR(s["d"][1]["u"][0].get<double>(), -1e-3, 1e-15);
}

TEST(LcpGranularProgram, CommandLineErrors)
{
  EXPECT_EQ(run_program("", "noargs").status, 1);
  EXPECT_EQ(run_program("--frobnicate x.json", "badopt").status, 1);
  EXPECT_EQ(run_program("--max-enumerated many x.json", "badmax").status, 1);
  const ProgramRun missing = run_program("no_such_file.json", "missing");
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("no_such_file.json"), std::string::npos);
  EXPECT_EQ(run_program("--help", "help").status, 0);
}

// Every kind of malformed input is refused with the field named.
TEST(LcpGranularProgram, MalformedInputNamesTheField)
{
  write_file("lcp_cli_notjson.json", "{\"dimension\": 2, \"particles\": [");
  const ProgramRun r = run_program("lcp_cli_notjson.json", "notjson");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("not valid JSON"), std::string::npos) << r.err;

  json p = valid_problem();
  p["dimension"] = 4;
  expect_refused(p, "dimension", "dim4");
  p = valid_problem();
  p.erase("particles");
  expect_refused(p, "particles", "noparticles");
  p = valid_problem();
  p["particles"][1]["x"] = json::array({1.0, 2.0, 3.0});
  expect_refused(p, "particles[1].x", "x3in2d");
  p = valid_problem();
  p["particles"][0]["radius"] = "one";
  expect_refused(p, "particles[0].radius", "radiusstring");
  p = valid_problem();
  p["contacts"][0]["q"] = 7;
  expect_refused(p, "contacts[0].q", "unknownid");
  p = valid_problem();
  p["contacts"][0].erase("kn");
  expect_refused(p, "contacts[0].kn", "nokn");
  p = valid_problem();
  p["contacts"][0]["curvature_radius_q"] = "flat";
  expect_refused(p, "contacts[0].curvature_radius_q", "flat");
  p = valid_problem();
  p["contacts"][0]["curvature_radius"] = 1.0;
  expect_refused(p, "contacts[0].curvature_radius", "typo");
  p = valid_problem();
  p["constraints"][0]["terms"][0][1] = "uz";
  expect_refused(p, "constraints[0].terms[0][1]", "uzin2d");
  p = valid_problem();
  p["constraints"][1]["terms"][0] = json::array({1, "uy"});
  expect_refused(p, "constraints[1].terms[0]", "shortterm");
  p = valid_problem();
  p["loads"][0]["dof"] = "rx";
  expect_refused(p, "loads[0].dof", "baddof");
  p = valid_problem();
  p["active_tolerance"] = 2.0;
  expect_refused(p, "active_tolerance", "badtol");
  p = valid_problem();
  p["extra"] = 1;
  expect_refused(p, "extra", "unknownfield");
  // Checked when the system is assembled: still named by field.
  p = valid_problem();
  p["constraints"].push_back(p["constraints"][0]);
  expect_refused(p, "constraints", "dependentrows");
  p = valid_problem();
  p["contacts"][0]["q"] = 1;
  expect_refused(p, "contacts[0].q", "selfcontact");
  p = valid_problem();
  p["particles"][1]["id"] = 1;
  expect_refused(p, "particles[1].id", "duplicateid");
  p = valid_problem();
  p["contacts"][0]["kn"] = -1.0;
  expect_refused(p, "contacts[0].kn", "negativekn");
}

// The problems in examples/lcp are the library's builders written as JSON
// (so that they cannot drift from what the tests check), and the program
// runs on each of them.
TEST(LcpGranularProgram, ExampleProblemsAreTheBuildersProblems)
{
  const std::string dir = std::string(BODY_DEM_SOURCE_DIR) + "/examples/lcp/";
  const std::vector<std::pair<std::string, lcp::Problem>> examples = {
      {"three_disks_1A.json", lcp::examples::three_disks_case(1, 'A')},
      {"three_disks_2A.json", lcp::examples::three_disks_case(2, 'A')},
      {"three_disks_3D.json", lcp::examples::three_disks_case(3, 'D')},
      {"tetragonal_H2_constrained_cap.json", lcp::examples::tetragonal_spheres(2.0, true)}};
  for (const auto &[file, problem] : examples) {
    EXPECT_EQ(slurp(dir + file), lcp::problem_to_json(problem)) << file;
    if (file.rfind("three_disks", 0) == 0) {
      const ProgramRun r = run_program(dir + file, "example_" + file);
      EXPECT_EQ(r.status, 0) << file << ": " << r.err;
    }
  }
}

// Example 2's case 1 through the program, end to end: the problem file of
// examples/lcp, no symmetrisation of A and b, and still Table 4's counts
// (11 Type I, 1012 Type II sets, 1012 path-sensitive) and A's classes.
TEST(LcpGranularProgram, TetragonalExampleGivesTableFourCounts)
{
  const std::string file = std::string(BODY_DEM_SOURCE_DIR) + "/examples/lcp/tetragonal_H2_constrained_cap.json";
  const ProgramRun r = run_program(file + " lcp_cli_tetragonal_out.json", "tetragonal");
  ASSERT_EQ(r.status, 0) << r.err;
  const json out = json::parse(slurp("lcp_cli_tetragonal_out.json"));
  int type_one = 0, type_two = 0, sensitive = 0;
  for (const json &s : out["solutions"]) {
    (s["type"] == "I" ? type_one : type_two)++;
    if (s["path_sensitive"].get<bool>()) ++sensitive;
  }
  EXPECT_EQ(out["active_contacts"].size(), 16u);
  EXPECT_EQ(type_one, 11);
  EXPECT_EQ(type_two, 1012);
  EXPECT_EQ(sensitive, 1012);
  EXPECT_EQ(out["classes"]["zero_minors"].get<long>(), 44800);
  EXPECT_TRUE(out["classes"]["R"].get<bool>());
  EXPECT_EQ(out["classes"]["symmetric_part"], "ID");
  EXPECT_FALSE(out["unsustainable_modes"].empty());
}
