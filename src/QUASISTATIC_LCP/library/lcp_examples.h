// The worked examples of LCP_SPEC.md section 10 as Problems: the tests,
// the benchmark and the examples/lcp inputs all build them here.
#ifndef QUASISTATIC_LCP_EXAMPLES_H
#define QUASISTATIC_LCP_EXAMPLES_H

#include "lcp_problem.h"

namespace lcp {
namespace examples {

// Example 1 (section 10.1): three disks of radius 1, the 1-2 line of
// centres inclined by beta_degrees from the horizontal, both contacts at
// the friction limit (F_n = 0.001, k_n = 1, alpha = 1, mu = 0.5), disk 1
// fixed, disk 3 moved down by 1 without rotation or shift. The radii of
// curvature at contact (2,3) are rho_2 (disk 2) and rho_3 (disk 3).
Problem three_disks(double beta_degrees, double rho_2, double rho_3);
// The twelve cases of Table 3: angle_case 1 (beta 70), 2 (arctan 2 =
// 63.4349...), 3 (50); curvature_case 'A' (1, 1), 'B' (1, 2), 'C' (1, 0.5),
// 'D' (0.5, 0.5).
Problem three_disks_case(int angle_case, char curvature_case);

// Example 2 (section 10.2): two stacked body-centred tetragonal cells of 14
// spheres, aspect ratio H, all 16 contacts at the friction limit, membrane
// pressure as a follower load, base and cap constraints (constrained_cap:
// no tilt, shift or twist of the cap). curvature_radius 1 = the spheres'
// radius; 2 = the flattened variant.
Problem tetragonal_spheres(double H, bool constrained_cap, double curvature_radius = 1.0);

// [C]'s post-processing of Example 2's A and b (section 10.2): A averaged
// over the 4-fold rotation about z, b replaced by its mean when all its
// entries agree within 1e-16 (absolute, as the paper's code does: b is of
// the order of 1e-5 there and its round-off spread 1e-18). Removes
// round-off asymmetry that would otherwise split degenerate solution sets.
void symmetrize_tetragonal(Matrix &A, Vector &b);

}    // namespace examples
}    // namespace lcp

#endif
