// Benchmark of the quasi-static LCP library (src/QUASISTATIC_LCP) on the
// examples of doc/LCP_SPEC.md:
//  (a) Example 2 (section 10.2): the full enumerative analysis of each of
//      the four tetragonal cases (lcp::analyze, 16 active contacts);
//  (b) Example 3 (section 10.3): the 49-disk periodic assembly consolidated
//      to p = 1.25e-3, then biaxial compression (control code 010000) with
//      one single-solution LCP per increment;
//  (c) the same loading with the enumerative analysis (all solutions, least
//      I2 followed) at increments spread evenly over it.
// Prints a readable report and, per part, one line "LCP_BENCH <json>"
// (bench/run_benchmarks.py --only lcp reads them).
#include "lcp_analysis.h"
#include "lcp_driver.h"
#include "lcp_examples.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using lcp::driver::IncrementRecord;

double seconds_since(Clock::time_point start)
{
  return std::chrono::duration<double>(Clock::now() - start).count();
}

struct Options {
  std::string assembly =
#ifdef BODY_DEM_SOURCE_DIR
      std::string(BODY_DEM_SOURCE_DIR) + "/bench/data/Dcircls_49_a-38";
#else
      "bench/data/Dcircls_49_a-38";
#endif
  int increments = 9000;
  double strain_increment = -5e-6;
  double pressure = 1.25e-3;
  int analysis_increments = 100;
  int max_enumerated = 16;
  int fallback_enumeration = lcp::driver::DriverSettings{}.fallback_enumeration_limit;
  bool example2 = true, biaxial = true, enumerative = true;
  std::string records;    // per-increment records of (b), tab-separated
};

void usage()
{
  std::cerr << "usage: lcp-bench [--assembly PATH] [--increments N] [--analysis-increments K]\n"
               "                 [--max-enumerated M] [--fallback-enumeration M] [--records FILE]\n"
               "                 [--skip-example2]"
               "                 [--skip-biaxial] [--skip-enumerative]\n";
}

void emit(const nlohmann::json &j)
{
  std::cout << "LCP_BENCH " << j.dump() << std::endl;
}

// (a) --------------------------------------------------------------------
void example2(const Options &opt)
{
  std::cout << "(a) Example 2: full enumerative analysis, 16 active contacts, A symmetrised\n";
  struct Case {
    const char *name;
    double H;
    bool constrained;
  };
  const Case cases[] = {{"1: H=2, constrained cap", 2.0, true},
                        {"2: H=2, unconstrained cap", 2.0, false},
                        {"3: H=3, constrained cap", 3.0, true},
                        {"4: H=3, unconstrained cap", 3.0, false}};
  nlohmann::json rows = nlohmann::json::array();
  for (const Case &c : cases) {
    const lcp::Problem problem = lcp::examples::tetragonal_spheres(c.H, c.constrained);
    lcp::AnalysisOptions options;
    options.max_enumerated_contacts = 16;
    options.adjust = &lcp::examples::symmetrize_tetragonal;
    const auto start = Clock::now();
    const lcp::Analysis a = lcp::analyze(problem, options);
    const double secs = seconds_since(start);
    int type_one = 0, type_two = 0, sensitive = 0, likely = 0;
    for (const auto &s : a.solutions) {
      if (s.type == "I") ++type_one;
      else ++type_two;
      if (s.path_sensitive) ++sensitive;
      if (s.likely) ++likely;
    }
    std::printf("  case %-26s %8.2f s  Type I %4d  Type II %5d  Type III %3d  path-sensitive %5d  "
                "unsustainable %6zu  likely %3d  zero minors %ld\n",
                c.name, secs, type_one, type_two, a.type_III_sets, sensitive, a.unsustainable_modes.size(),
                likely, a.classes.zero_minors);
    rows.push_back({{"case", c.name}, {"seconds", secs}, {"type_I", type_one}, {"type_II", type_two},
                    {"type_III", a.type_III_sets}, {"path_sensitive", sensitive},
                    {"unsustainable", a.unsustainable_modes.size()}, {"likely", likely},
                    {"zero_minors", a.classes.zero_minors}, {"enumerated", a.enumerated}});
  }
  emit({{"part", "example2"}, {"cases", rows}});
}

// (b), (c) ---------------------------------------------------------------
struct RunSummary {
  double seconds = 0.0;
  nlohmann::json json;
};

RunSummary biaxial_run(const lcp::driver::QuasiStaticDriver &consolidated, const Options &opt, int analysis_every,
                       const std::string &records_path)
{
  lcp::driver::QuasiStaticDriver driver = consolidated;
  const auto loading = lcp::driver::biaxial_loading(opt.strain_increment, -opt.pressure);
  std::vector<IncrementRecord> records;
  records.reserve(static_cast<size_t>(opt.increments));
  double analysis_seconds = 0.0;
  int analysed = 0, enumerated = 0, multiple = 0, most_solutions = 0, analysed_max_m = 0;
  int classified = 0, class_P = 0, class_PD = 0, class_degenerate = 0, bifurcating = 0, type_one_events = 0,
      type_two_events = 0, type_three_events = 0, sensitive_events = 0, unsustainable_events = 0,
      neutral_events = 0, incongruent_events = 0;
  const auto start = Clock::now();
  for (int i = 1; i <= opt.increments; ++i) {
    lcp::driver::SolveOptions solve;
    solve.enumerate = analysis_every > 0 && i % analysis_every == 0;
    solve.max_enumerated_contacts = opt.max_enumerated;
    const auto t0 = Clock::now();
    records.push_back(driver.increment(loading, solve));
    if (solve.enumerate) {
      const IncrementRecord &r = records.back();
      analysis_seconds += seconds_since(t0);
      ++analysed;
      if (r.method == "enumeration") ++enumerated;
      if (r.solutions > 1) ++multiple;
      most_solutions = std::max(most_solutions, r.solutions);
      analysed_max_m = std::max(analysed_max_m, r.active);
      if (r.classified) {
        ++classified;
        class_P += r.P;
        class_PD += r.PD;
        class_degenerate += r.degenerate;
        // bifurcation (9.2 item 5): two or more distinct solutions, or any
        // non-isolated set
        const bool several = r.type_one + r.type_two + r.type_three >= 2 || r.type_two + r.type_three > 0;
        bifurcating += several;
        type_one_events += several && r.type_one >= 2;
        type_two_events += r.type_two > 0;
        type_three_events += r.type_three > 0;
        sensitive_events += r.path_sensitive;
        unsustainable_events += r.unsustainable_modes > 0;
        neutral_events += r.neutral_equilibrium;
        incongruent_events += r.incongruent;
      }
    }
  }
  RunSummary out;
  out.seconds = seconds_since(start);

  double peak = -1e300, peak_strain = 0.0, sum_contacts = 0, sum_active = 0, sum_sliding = 0;
  double peak_q = -1e300, peak_q_strain = 0.0;
  int min_contacts = 1 << 30, max_contacts = 0, max_active = 0, corrections = 0, incongruent = 0, qp = 0,
      pinv = 0, scaled = 0;
  double worst_deviation = 0.0, sum_imbalance = 0.0;
  for (const auto &r : records) {
    if (r.q_over_p > peak) {
      peak = r.q_over_p;
      peak_strain = r.strain11;
    }
    const double q = 0.5 * (r.sigma22 - r.sigma11);    // deviator stress
    if (q > peak_q) {
      peak_q = q;
      peak_q_strain = r.strain11;
    }
    sum_contacts += r.contacts;
    sum_active += r.active;
    sum_sliding += r.sliding;
    min_contacts = std::min(min_contacts, r.contacts);
    max_contacts = std::max(max_contacts, r.contacts);
    max_active = std::max(max_active, r.active);
    corrections += r.corrections;
    incongruent += r.incongruent;
    qp += r.method.rfind("qp", 0) == 0;
    pinv += r.method.find("pinv") != std::string::npos;
    scaled += r.step_factor < 1.0;
    worst_deviation = std::max(worst_deviation, r.stress_deviation);
    sum_imbalance += r.relative_imbalance;
  }
  const double n = static_cast<double>(records.size());
  const IncrementRecord &last = records.back();
  out.json = {{"increments", records.size()},
              {"seconds", out.seconds},
              {"ms_per_increment", 1e3 * out.seconds / n},
              {"final_strain11", last.strain11},
              {"final_time", last.time},
              {"final_q_over_p", last.q_over_p},
              {"final_volumetric", last.volumetric},
              {"peak_q_over_p", peak},
              {"peak_strain11", peak_strain},
              {"peak_deviator", peak_q},
              {"peak_deviator_strain11", peak_q_strain},
              {"contacts_mean", sum_contacts / n},
              {"contacts_min", min_contacts},
              {"contacts_max", max_contacts},
              {"active_mean", sum_active / n},
              {"active_max", max_active},
              {"sliding_mean", sum_sliding / n},
              {"corrective_increments", corrections},
              {"incongruent", incongruent},
              {"qp_increments", qp},
              {"pinv_increments", pinv},
              {"scaled_steps", scaled},
              {"max_sigma22_deviation", worst_deviation},
              {"mean_relative_imbalance", sum_imbalance / n}};
  if (analysis_every > 0)
    out.json.update({{"analysed_increments", analysed},
                     {"enumerated", enumerated},
                     {"analysed_with_several_solutions", multiple},
                     {"most_solutions", most_solutions},
                     {"analysed_max_active", analysed_max_m},
                     {"classified", classified},
                     {"classified_P", class_P},
                     {"classified_PD", class_PD},
                     {"classified_degenerate", class_degenerate},
                     {"bifurcations", bifurcating},
                     {"bifurcations_type_I", type_one_events},
                     {"bifurcations_type_II", type_two_events},
                     {"bifurcations_type_III", type_three_events},
                     {"classified_path_sensitive", sensitive_events},
                     {"classified_unsustainable", unsustainable_events},
                     {"classified_neutral", neutral_events},
                     {"classified_incongruent", incongruent_events},
                     {"analysis_seconds", analysis_seconds},
                     {"single_solution_seconds", out.seconds - analysis_seconds}});
  if (!records_path.empty()) {
    std::ofstream f(records_path);
    f << "index\ttime\tminus_eps11\tq_over_p\tvolumetric\tsigma11\tsigma22\tcontacts\tactive\tsliding\t"
         "solutions\tmethod\tincongruent\tcorrections\tstep_factor\trelative_imbalance\n";
    for (const auto &r : records)
      f << r.index << '\t' << r.time << '\t' << r.strain11 << '\t' << r.q_over_p << '\t' << r.volumetric << '\t'
        << r.sigma11 << '\t' << r.sigma22 << '\t' << r.contacts << '\t' << r.active << '\t' << r.sliding << '\t'
        << r.solutions << '\t' << r.method << '\t' << r.incongruent << '\t' << r.corrections << '\t'
        << r.step_factor << '\t' << r.relative_imbalance << '\n';
  }
  return out;
}

void print_run(const char *title, const nlohmann::json &j)
{
  std::printf("%s\n", title);
  std::printf("  %d increments in %.2f s (%.3f ms each); final -eps11 %.5f (time %.1f), q/p %.4f, "
              "volumetric strain %.5f\n",
              j["increments"].get<int>(), j["seconds"].get<double>(), j["ms_per_increment"].get<double>(),
              j["final_strain11"].get<double>(), j["final_time"].get<double>(), j["final_q_over_p"].get<double>(),
              j["final_volumetric"].get<double>());
  std::printf("  peak deviator q = (sigma22 - sigma11)/2 = %.4e at -eps11 = %.5f\n",
              j["peak_deviator"].get<double>(), j["peak_deviator_strain11"].get<double>());
  std::printf("  peak q/p %.4f at -eps11 = %.5f; contacts mean %.1f (%d-%d), active mean %.2f (max %d), "
              "sliding mean %.2f\n",
              j["peak_q_over_p"].get<double>(), j["peak_strain11"].get<double>(), j["contacts_mean"].get<double>(),
              j["contacts_min"].get<int>(), j["contacts_max"].get<int>(), j["active_mean"].get<double>(),
              j["active_max"].get<int>(), j["sliding_mean"].get<double>());
  std::printf("  corrective increments %d, incongruent %d, QP %d, pseudo-inverse %d, scaled steps %d, "
              "max |sigma22 - target| %.2e, mean relative imbalance %.2e\n",
              j["corrective_increments"].get<int>(), j["incongruent"].get<int>(), j["qp_increments"].get<int>(),
              j["pinv_increments"].get<int>(), j["scaled_steps"].get<int>(), j["max_sigma22_deviation"].get<double>(),
              j["mean_relative_imbalance"].get<double>());
  if (j.contains("analysed_increments"))
    std::printf("  analysed %d increments in %.2f s: %d enumerated (m <= limit), %d with several solutions "
                "(most %d), largest m %d; the other increments %.2f s\n",
                j["analysed_increments"].get<int>(), j["analysis_seconds"].get<double>(), j["enumerated"].get<int>(),
                j["analysed_with_several_solutions"].get<int>(), j["most_solutions"].get<int>(),
                j["analysed_max_active"].get<int>(), j["single_solution_seconds"].get<double>());
  if (j.contains("classified"))
    std::printf("  classified %d (m <= limit): A is P in %d, PD in %d, degenerate in %d; bifurcations in %d "
                "(with >= 2 Type I solutions %d, with Type II sets %d, Type III %d)\n",
                j["classified"].get<int>(), j["classified_P"].get<int>(), j["classified_PD"].get<int>(),
                j["classified_degenerate"].get<int>(), j["bifurcations"].get<int>(), j["bifurcations_type_I"].get<int>(),
                j["bifurcations_type_II"].get<int>(), j["bifurcations_type_III"].get<int>());
  if (j.contains("classified_unsustainable"))
    std::printf("  of those: path-sensitive %d, unsustainable %d, neutral equilibrium %d, path-incongruent %d\n",
                j["classified_path_sensitive"].get<int>(), j["classified_unsustainable"].get<int>(),
                j["classified_neutral"].get<int>(), j["classified_incongruent"].get<int>());
}

}    // namespace

int main(int argc, char **argv)
{
  Options opt;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        usage();
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--assembly") opt.assembly = value();
    else if (a == "--increments") opt.increments = std::stoi(value());
    else if (a == "--analysis-increments") opt.analysis_increments = std::stoi(value());
    else if (a == "--max-enumerated") opt.max_enumerated = std::stoi(value());
    else if (a == "--fallback-enumeration") opt.fallback_enumeration = std::stoi(value());
    else if (a == "--records") opt.records = value();
    else if (a == "--skip-example2") opt.example2 = false;
    else if (a == "--skip-biaxial") opt.biaxial = false;
    else if (a == "--skip-enumerative") opt.enumerative = false;
    else {
      usage();
      return 2;
    }
  }
  if (opt.increments < 1) {
    usage();
    return 2;
  }
  try {
    if (opt.example2) example2(opt);
    if (!opt.biaxial && !opt.enumerative) return 0;

    const auto start = Clock::now();
    lcp::driver::DriverSettings settings;
    settings.fallback_enumeration_limit = opt.fallback_enumeration;
    lcp::driver::QuasiStaticDriver driver(lcp::driver::read_disk_assembly(opt.assembly), settings);
    const auto consolidation = driver.consolidate(opt.pressure);
    const double consolidation_seconds = seconds_since(start);
    const auto &c = consolidation.back();
    std::printf("Example 3: %s, %zu disks; consolidated to p = %.4e in %zu increments (%.2f s): "
                "%d contacts, %d rattlers, %d active\n",
                opt.assembly.c_str(), driver.assembly().disks.size(), driver.mean_pressure(), consolidation.size(),
                consolidation_seconds, c.contacts, c.rattlers, c.active);
    emit({{"part", "consolidation"}, {"increments", consolidation.size()}, {"seconds", consolidation_seconds},
          {"mean_stress", driver.mean_pressure()}, {"contacts", c.contacts}, {"rattlers", c.rattlers},
          {"active", c.active}, {"relative_imbalance", driver.relative_imbalance()}});

    if (opt.biaxial) {
      const RunSummary run = biaxial_run(driver, opt, 0, opt.records);
      char title[200];
      std::snprintf(title, sizeof title,
                    "(b) biaxial compression, one LCP solution per increment (Lemke; when it finds none, "
                    "enumeration for m <= %d, else or then the QP minimizer)",
                    opt.fallback_enumeration);
      print_run(title, run.json);
      nlohmann::json j = run.json;
      j["part"] = "biaxial";
      emit(j);
    }
    if (opt.enumerative && opt.analysis_increments > 0) {
      const int every = std::max(1, opt.increments / opt.analysis_increments);
      const RunSummary run = biaxial_run(driver, opt, every, "");
      char title[200];
      std::snprintf(title, sizeof title,
                    "(c) the same loading with the enumerative analysis every %d increments "
                    "(m <= %d; least I2 followed)",
                    every, opt.max_enumerated);
      print_run(title, run.json);
      nlohmann::json j = run.json;
      j["part"] = "enumerative";
      j["analysis_every"] = every;
      j["max_enumerated"] = opt.max_enumerated;
      emit(j);
    }
  } catch (const std::exception &e) {
    std::cerr << "lcp-bench: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
