// The keyword `ridge t0 t1` of the 3d pair styles (LAMMPS glue): the turns
// of an edge, in degrees, up to which it makes no crossings and from which
// it crosses with full weight (SmoothingParams::ridge_flat_angle and
// ridge_angle, the factor w_ridge of polyhedron_contacts.h).
//
// Why a keyword: whether a slight edge is a feature depends on where the
// grains come from. On a triangulated scan of a smooth grain, edges of 10
// or 20 degrees are facets of a curved surface; on a cut stone they are
// its edges. The factor depends on the shape alone, so any choice keeps the
// forces continuous and adds no work of the weights.
#ifndef BODY_DEM_RIDGE_KEYWORD_H
#define BODY_DEM_RIDGE_KEYWORD_H

#include "polyhedron_contacts/shape.h"
#include "style_args.h"

#include <cstring>
#include <string>

namespace body_dem {

// Takes `ridge t0 t1` from the end of arg[0..narg) (narg reduced by 3,
// the two angles set in p) and returns true; false if the arguments do not
// end with it. given: set when taken, so that a second one is an error.
// Ends in an error of `command` (e.g. "pair_style body/rounded/polyhedron")
// naming the argument if the keyword is there without two angles
// 0 <= t0 < t1 <= 180.
inline bool take_ridge_keyword(LAMMPS_NS::LAMMPS *lmp, const std::string &command, int &narg, char **arg,
                               SmoothingParams &p, bool &given)
{
  const StyleArgs args(lmp, command);
  const auto is_ridge = [&](int k) { return k >= 0 && k < narg && std::strcmp(arg[k], "ridge") == 0; };
  if (is_ridge(narg - 1) || is_ridge(narg - 2))
    args.fail("ridge expects two angles t0 t1 in degrees (edges that turn by t0 or less make no crossings, from t1 "
              "on they cross with full weight)");
  if (!is_ridge(narg - 3)) return false;
  if (given) args.fail("ridge is given twice");
  const double t0 = args.number(arg[narg - 2], "t0 of ridge");
  const double t1 = args.number(arg[narg - 1], "t1 of ridge");
  if (!(t0 >= 0.0 && t0 < t1 && t1 <= 180.0))
    args.fail("ridge expects 0 <= t0 < t1 <= 180 (degrees), got " + std::string(arg[narg - 2]) + " " +
              arg[narg - 1]);
  constexpr double kRadiansPerDegree = 3.14159265358979323846 / 180.0;
  p.ridge_flat_angle = t0 * kRadiansPerDegree;
  p.ridge_angle = t1 * kRadiansPerDegree;
  given = true;
  narg -= 3;
  return true;
}

}    // namespace body_dem

#endif
