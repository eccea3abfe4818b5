// Example 2 of Kuhn (2025), LCP_SPEC.md 10.2: two stacked body-centred
// tetragonal cells of 14 spheres, all 16 contacts at the friction limit,
// compressed vertically under a constant membrane pressure (a follower
// load). The counts of the paper's Table 4 for its cases 1-3 (Type I
// solutions, Type II sets, path-sensitive solutions), the matrix facts of
// the text, and the flattened variant's 39 Type I solutions.
//
// A and b are symmetrised over the 4-fold rotation as the paper's code does
// (lcp::examples::symmetrize_tetragonal): without it round-off splits the
// degenerate solution sets. Counts are exact; the unsustainable-mode counts
// depend on the eigen-solver where eigenvalues repeat (LCP_SPEC.md 9.5), so
// only their existence is asserted.
#include "lcp_analysis.h"
#include "lcp_examples.h"

#include <gtest/gtest.h>

namespace {

struct Counts {
  int type_one = 0, type_two = 0, sensitive = 0, likely = 0;
  bool likely_isolated = false, likely_degenerate = false, likely_sensitive = false;
};

Counts count(const lcp::Analysis &an)
{
  Counts c;
  for (const auto &s : an.solutions) {
    (s.type == "I" ? c.type_one : c.type_two)++;
    if (s.path_sensitive) ++c.sensitive;
    if (s.likely) {
      ++c.likely;
      if (s.type == "I") c.likely_isolated = true;
      else c.likely_degenerate = true;
      if (s.path_sensitive) c.likely_sensitive = true;
    }
  }
  return c;
}

lcp::Analysis analyse_case(double H, bool constrained_cap, double curvature_radius = 1.0)
{
  lcp::AnalysisOptions options;
  options.adjust = &lcp::examples::symmetrize_tetragonal;
  return lcp::analyze(lcp::examples::tetragonal_spheres(H, constrained_cap, curvature_radius), options);
}

// Matrix facts of the text, the same for every case: 16 active contacts; A
// indefinite, degenerate (rank 12: 44,800 of the 65,536 complementary
// matrices are singular), neither P, P0, N, N0, Z nor rule-6; R0 (no Type
// III, no neutral equilibrium); unsustainable.
void expect_common_facts(const lcp::Analysis &an)
{
  EXPECT_EQ(an.active_contacts.size(), 16u);
  EXPECT_EQ(an.classes.symmetric_part, lcp::SymmetricPart::ID);
  EXPECT_TRUE(an.classes.degenerate);
  EXPECT_EQ(an.classes.zero_minors, 44800);
  EXPECT_FALSE(an.classes.P || an.classes.P0 || an.classes.N || an.classes.N0);
  EXPECT_FALSE(an.classes.Z || an.classes.rule6);
  EXPECT_TRUE(an.classes.R0);
  EXPECT_FALSE(an.type_III);
  EXPECT_FALSE(an.neutral_equilibrium);
  EXPECT_FALSE(an.unsustainable_modes.empty());
}

// Case 1: H = 2, constrained cap. Table 4: 11 Type I, 1012 Type II, 1012
// path-sensitive; 2 stable solutions, isolated, not path-sensitive. A is R
// and S for H = 2; b = -4.239e-5 e.
TEST(Example2, CaseOneShorterConstrainedCap)
{
  const lcp::Analysis an = analyse_case(2.0, true);
  expect_common_facts(an);
  EXPECT_TRUE(an.classes.R);
  EXPECT_TRUE(an.classes.S);
  EXPECT_NEAR(an.b[0], -4.239e-5, 0.001e-5);
  const Counts c = count(an);
  EXPECT_EQ(c.type_one, 11);
  EXPECT_EQ(c.type_two, 1012);
  EXPECT_EQ(c.sensitive, 1012);
  EXPECT_EQ(c.likely, 2);
  EXPECT_TRUE(c.likely_isolated);
  EXPECT_FALSE(c.likely_degenerate);
  EXPECT_FALSE(c.likely_sensitive);
}

// Case 2: H = 2, unconstrained cap: 179 Type I, 1660 Type II, 1660
// path-sensitive; 4 stable solutions, isolated.
TEST(Example2, CaseTwoShorterUnconstrainedCap)
{
  const lcp::Analysis an = analyse_case(2.0, false);
  expect_common_facts(an);
  EXPECT_TRUE(an.classes.R);
  EXPECT_TRUE(an.classes.S);
  const Counts c = count(an);
  EXPECT_EQ(c.type_one, 179);
  EXPECT_EQ(c.type_two, 1660);
  EXPECT_EQ(c.sensitive, 1660);
  EXPECT_EQ(c.likely, 4);
  EXPECT_TRUE(c.likely_isolated);
  EXPECT_FALSE(c.likely_degenerate);
}

// Case 3: H = 3, constrained cap: 184 Type I, 1700 Type II, 1700
// path-sensitive; the stable solutions are degenerate (Type II sets) and
// path-sensitive. A is neither R nor S for H = 3; b = +6.404e-6 e.
TEST(Example2, CaseThreeTallerConstrainedCap)
{
  const lcp::Analysis an = analyse_case(3.0, true);
  expect_common_facts(an);
  EXPECT_FALSE(an.classes.R);
  EXPECT_FALSE(an.classes.S);
  EXPECT_NEAR(an.b[0], 6.404e-6, 0.001e-6);
  const Counts c = count(an);
  EXPECT_EQ(c.type_one, 184);
  EXPECT_EQ(c.type_two, 1700);
  EXPECT_EQ(c.sensitive, 1700);
  EXPECT_TRUE(c.likely_degenerate);
  EXPECT_FALSE(c.likely_isolated);
  EXPECT_TRUE(c.likely_sensitive);
}

// The flattened variant of case 2 (radii of curvature 2R, radial lengths
// unchanged): 39 solutions, all Type I, none path-sensitive; A is then not
// degenerate.
TEST(Example2, FlattenedCaseTwoHasThirtyNineIsolatedSolutions)
{
  const lcp::Analysis an = analyse_case(2.0, false, 2.0);
  EXPECT_FALSE(an.classes.degenerate);
  const Counts c = count(an);
  EXPECT_EQ(c.type_one, 39);
  EXPECT_EQ(c.type_two, 0);
  EXPECT_EQ(c.sensitive, 0);
  EXPECT_FALSE(an.unsustainable_modes.empty());
}

}    // namespace
