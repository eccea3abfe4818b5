// Grains as users make them (TESTING.md layer 8): the convex hull of
// points scattered near an ellipsoid, triangulated, the way grains come
// from scans or shape generators. Header-only and plain C++ (no LAMMPS, no
// MPI), so that the geometry tests and the LAMMPS tests build the same
// shapes from the same seed.
//
// Such a hull has what cubes and tetrahedra lack: dozens of vertices,
// faces that are all triangles, and many edges between faces that are
// nearly coplanar (a fine triangulation of a smooth surface), so short
// edges and flat regions split into several triangles.
#ifndef BODY_DEM_TEST_HULL_GRAINS_H
#define BODY_DEM_TEST_HULL_GRAINS_H

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace body_dem_test {

struct HullGrainSpec {
  int vertices = 50;                               // vertices of the hull (points are drawn until it has them)
  std::array<double, 3> semi_axes{0.5, 0.5, 0.5};  // of the ellipsoid the points lie near
  double scatter = 0.05;                           // radial scatter, a fraction of the radius (uniform +-)
  unsigned seed = 1;
};

// A triangulated convex polyhedron: vertices relative to the centre of
// mass of the uniform solid, faces counter-clockwise seen from outside
// (faces[f][3] = -1: triangles), each edge once.
struct HullShape {
  std::vector<std::array<double, 3>> vertices;
  std::vector<std::array<int, 2>> edges;
  std::vector<std::array<int, 4>> faces;
};

namespace hull_detail {

  using P3 = std::array<double, 3>;
  inline P3 sub(const P3 &a, const P3 &b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
  inline double dot(const P3 &a, const P3 &b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
  inline P3 cross(const P3 &a, const P3 &b)
  {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
  }

  // Signed volume (times 6) of the tetrahedron (a, b, c, p): > 0 when p
  // lies on the side of triangle (a, b, c) that its normal (b - a) x (c - a)
  // points to.
  inline double orient(const P3 &a, const P3 &b, const P3 &c, const P3 &p)
  {
    return dot(cross(sub(b, a), sub(c, a)), sub(p, a));
  }

  // Convex hull of points in general position (random points: no four
  // coplanar to round-off) by the incremental method: start from a
  // tetrahedron, add one point after the other, remove the faces it sees,
  // close the hole with triangles from the point to the horizon. O(n^2),
  // enough for the few hundred points of a grain. Points are drawn from
  // next_point() until the hull has `target` vertices (a point adds at
  // most one, so the count is met exactly) or `max_points` are drawn.
  // Returns the points drawn and the triangles of their indices,
  // counter-clockwise from outside.
  template <class NextPoint>
  inline std::vector<std::array<int, 3>> convex_hull(std::vector<P3> &p, NextPoint &&next_point, int target,
                                                     int max_points, double eps)
  {
    p.clear();
    for (int k = 0; k < 3; ++k) p.push_back(next_point());
    // a first tetrahedron of points 0, 1, 2 and the first point drawn off their plane
    for (;;) {
      if (static_cast<int>(p.size()) >= max_points) throw std::runtime_error("hull_grains: points coplanar");
      p.push_back(next_point());
      if (std::fabs(orient(p[0], p[1], p[2], p.back())) > eps) break;
      p.pop_back();
    }
    std::vector<std::array<int, 3>> faces;
    const auto add_outward = [&](int a, int b, int c, int inner) {
      if (orient(p[a], p[b], p[c], p[inner]) > 0.0) std::swap(b, c);
      faces.push_back({a, b, c});
    };
    add_outward(0, 1, 2, 3);
    add_outward(0, 1, 3, 2);
    add_outward(0, 2, 3, 1);
    add_outward(1, 2, 3, 0);
    int on_hull = 4;
    while (on_hull < target) {
      if (static_cast<int>(p.size()) >= max_points)
        throw std::runtime_error("hull_grains: " + std::to_string(max_points) + " points give only " +
                                 std::to_string(on_hull) + " hull vertices");
      const int k = static_cast<int>(p.size());
      p.push_back(next_point());
      std::vector<char> sees(faces.size(), 0);
      bool any = false;
      for (size_t f = 0; f < faces.size(); ++f)
        if (orient(p[faces[f][0]], p[faces[f][1]], p[faces[f][2]], p[k]) > eps) sees[f] = any = true;
      if (!any) continue;    // inside the hull so far
      // horizon: directed edges of seen faces whose twin belongs to an unseen face
      std::map<std::pair<int, int>, int> seen_edges;
      for (size_t f = 0; f < faces.size(); ++f)
        if (sees[f])
          for (int e = 0; e < 3; ++e) seen_edges[{faces[f][e], faces[f][(e + 1) % 3]}] = 1;
      std::vector<std::array<int, 3>> kept;
      for (size_t f = 0; f < faces.size(); ++f)
        if (!sees[f]) kept.push_back(faces[f]);
      for (const auto &entry : seen_edges) {
        const int a = entry.first.first, b = entry.first.second;
        if (seen_edges.count({b, a})) continue;    // interior to the seen region
        kept.push_back({a, b, k});                 // same turn as the seen face had: outward
      }
      faces.swap(kept);
      std::vector<char> used(p.size(), 0);
      for (const auto &f : faces)
        for (int v : f) used[v] = 1;
      on_hull = 0;
      for (char u : used) on_hull += u;
    }
    return faces;
  }

}    // namespace hull_detail

// The hull grain of `spec`: points at uniformly random directions on the
// ellipsoid, each moved radially by a factor 1 + scatter * U(-1, 1)
// (std::mt19937 with the seed: the same spec gives the same grain on
// every machine and rank), drawn until their convex hull has
// spec.vertices vertices, triangulated; points not on the hull are
// dropped, and the shape is shifted so that the centre of mass of the
// uniform solid is the origin.
inline HullShape hull_grain_shape(const HullGrainSpec &spec)
{
  using namespace hull_detail;
  std::mt19937 rng(spec.seed);
  std::normal_distribution<double> gauss(0.0, 1.0);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const auto next_point = [&]() {
    const P3 u{gauss(rng), gauss(rng), gauss(rng)};
    const double len = std::sqrt(dot(u, u));
    const double r = 1.0 + spec.scatter * unit(rng);
    return P3{spec.semi_axes[0] * u[0] / len * r, spec.semi_axes[1] * u[1] / len * r,
              spec.semi_axes[2] * u[2] / len * r};
  };
  if (spec.vertices < 4) throw std::runtime_error("hull_grains: a hull needs at least 4 vertices");
  const double size = std::max({spec.semi_axes[0], spec.semi_axes[1], spec.semi_axes[2]});
  std::vector<P3> points;
  const std::vector<std::array<int, 3>> tri =
      convex_hull(points, next_point, spec.vertices, 100 * spec.vertices, 1e-12 * size * size * size);

  // keep the hull's points only, renumbered in their order of drawing
  std::vector<int> index(points.size(), -1);
  for (const auto &t : tri)
    for (int v : t) index[v] = 0;
  HullShape s;
  for (size_t k = 0; k < points.size(); ++k)
    if (index[k] == 0) {
      index[k] = static_cast<int>(s.vertices.size());
      s.vertices.push_back(points[k]);
    }
  for (const auto &t : tri) s.faces.push_back({index[t[0]], index[t[1]], index[t[2]], -1});
  std::map<std::pair<int, int>, int> edge_of;
  for (const auto &f : s.faces)
    for (int e = 0; e < 3; ++e) {
      const int a = std::min(f[e], f[(e + 1) % 3]), b = std::max(f[e], f[(e + 1) % 3]);
      if (edge_of.emplace(std::make_pair(a, b), static_cast<int>(s.edges.size())).second) s.edges.push_back({a, b});
    }

  // centre of mass of the solid: tetrahedra from the vertex centroid (inside)
  P3 inner{0.0, 0.0, 0.0};
  for (const auto &v : s.vertices)
    for (int d = 0; d < 3; ++d) inner[d] += v[d] / static_cast<double>(s.vertices.size());
  double volume = 0.0;
  P3 moment{0.0, 0.0, 0.0};
  for (const auto &f : s.faces) {
    const double v6 = orient(s.vertices[f[0]], s.vertices[f[1]], s.vertices[f[2]], inner);
    const double vol = -v6 / 6.0;    // inner lies behind each outward face
    volume += vol;
    for (int d = 0; d < 3; ++d)
      moment[d] += vol * 0.25 * (s.vertices[f[0]][d] + s.vertices[f[1]][d] + s.vertices[f[2]][d] + inner[d]);
  }
  for (auto &v : s.vertices)
    for (int d = 0; d < 3; ++d) v[d] -= moment[d] / volume;
  return s;
}

// How many edges of a shape join two faces whose outward normals are less
// than `angle` (radians) apart: the edges between nearly coplanar faces
// that a fine triangulation of a smooth surface is full of.
inline int count_edges_between_faces_within(const HullShape &s, double angle)
{
  using namespace hull_detail;
  std::map<std::pair<int, int>, std::vector<int>> faces_of;
  for (size_t f = 0; f < s.faces.size(); ++f)
    for (int e = 0; e < 3; ++e) {
      const int a = std::min(s.faces[f][e], s.faces[f][(e + 1) % 3]);
      const int b = std::max(s.faces[f][e], s.faces[f][(e + 1) % 3]);
      faces_of[{a, b}].push_back(static_cast<int>(f));
    }
  const auto normal = [&](int f) {
    const auto &F = s.faces[f];
    P3 n = cross(sub(s.vertices[F[1]], s.vertices[F[0]]), sub(s.vertices[F[2]], s.vertices[F[0]]));
    const double len = std::sqrt(dot(n, n));
    return P3{n[0] / len, n[1] / len, n[2] / len};
  };
  int count = 0;
  for (const auto &entry : faces_of) {
    if (entry.second.size() != 2) continue;
    const double c = std::max(-1.0, std::min(1.0, dot(normal(entry.second[0]), normal(entry.second[1]))));
    if (std::acos(c) < angle) ++count;
  }
  return count;
}

}    // namespace body_dem_test

#endif
