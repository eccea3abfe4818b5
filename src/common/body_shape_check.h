// The shape check of one body (layer 1 of the package): is it a body the
// contact geometry can work with? Plain C++, header-only, no LAMMPS
// include. The styles run it once per body, at init and for bodies added
// during a run (src/glue/body_shape_guard.h), not per step.
//
// What the contact rules assume (polyhedron_contacts.h, polygon_contacts.h)
// and nothing else checks: a rounded polyhedron is a convex skeleton with
// planar faces that close its surface, a rounded polygon a convex polygon
// with its vertices in order. A body that is not gives forces without
// meaning, silently; so each defect below is refused with a message that
// names it, the features involved (0-based indices, in the order of the
// data file or molecule file: the vertices, the edges "a-b" by their
// vertices, the faces) and the value found.
//
// Rules (the first one a body breaks is reported):
//  all bodies
//   - vertex coordinates are finite numbers;
//   - rounded diameter >= 0, and > 0 for a sphere (one vertex), a rod (two
//     vertices) and wherever the caller requires it (the granular style's
//     Hertzian models and adhesion, whose effective radius is the
//     rounding): 0 means sharp corners, which the linear contact law
//     handles (the host allows 0 as well);
//   - the principal moments of inertia are > 0, except the moment of a
//     rod about its own axis, which may be 0 (a thin rod: it does not spin
//     about its axis); a 2d polygon needs the moment about the axis
//     normal to its plane only (the others do not enter a 2d run);
//  rounded polyhedra (three or more vertices)
//   - edges and faces name vertices in range; a face has 3 or 4 vertices
//     (the host's faces have at most 4, a triangle padded with -1), none
//     twice; no edge joins a vertex to itself;
//   - no two vertices coincide, no edge or face is listed twice, no edge
//     has length 0;
//   - every face is planar, has a non-zero area, is convex and lists its
//     vertices in order around it (either way round: the package turns
//     each face outward itself, as the contact geometry does, and the
//     host's own example files list faces both ways);
//   - the surface is closed: every edge and every side of a face is a side
//     of exactly two faces, every vertex is on a face; it encloses a volume
//     (not all vertices in one plane); a side of a face is an edge, unless
//     its two faces lie in one plane (a flat region split into triangles
//     or quadrilaterals, whose inner sides need not be edges);
//   - the body is convex: no vertex lies outside the plane of a face
//     (outside: away from the centroid of the vertices, which lies inside
//     a convex body; with convexity and closure this also makes the faces,
//     each turned outward, a consistently oriented closed surface);
//  rounded polygons (three or more vertices, 2d)
//   - the vertices lie in the plane of the simulation, no two coincide,
//     not all on one line, in order around the polygon (its edges join
//     consecutive vertices and do not cross), and the polygon is convex.
//
// Tolerances are relative to the size of the body, so that a body in SI
// units and the same body in reduced units are judged alike: the size is
// the largest distance of a vertex from the centroid of the vertices, the
// tolerance of every distance kShapeTolerance times that. 1e-5 lets data
// written with 6 significant digits pass (C's %g: rounding moves a
// coordinate by up to 5e-7 of its value, which can put a vertex of an
// exactly planar quadrilateral about 2e-6 of the size off the plane of the
// other three), while every defect that matters to a contact is far
// larger. Straight angles (a vertex on the line of its neighbours, a face
// in the plane of its neighbour) are within tolerance: such a body is
// still convex.
#ifndef BODY_DEM_BODY_SHAPE_CHECK_H
#define BODY_DEM_BODY_SHAPE_CHECK_H

#include "vec3.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace body_dem {

constexpr double kShapeTolerance = 1e-5;

// One rounded polyhedron (or sphere, or rod), in any frame.
struct PolyhedronShapeInput {
  const Vec3 *vertices = nullptr;
  int nvertices = 0;
  const int (*edges)[2] = nullptr;    // vertex pairs
  int nedges = 0;
  const int (*faces)[4] = nullptr;    // 3 or 4 vertex indices, a triangle padded with -1
  int nfaces = 0;
  double rounded_diameter = 0.0;
  // The three principal moments of inertia, about the axes of the frame of
  // the vertices (the host's body frame); nullptr: not checked.
  const double *moments = nullptr;
  // Non-null: the rounded diameter must be > 0, for this reason.
  const char *rounding_required_by = nullptr;
  // Non-null: appended to the message of a moment of inertia of 0.
  const char *zero_moment_note = nullptr;
};

// One rounded polygon of a 2d simulation: its vertices relative to its
// centre in the space frame (so z = 0 in the plane of the simulation).
struct PolygonShapeInput {
  const Vec3 *vertices = nullptr;
  int nvertices = 0;
  double rounded_diameter = 0.0;
  double moment_normal = 0.0;    // moment of inertia about the axis normal to the plane (z)
  const char *zero_moment_note = nullptr;
};

// A number as a message shows it: 6 significant digits, exponents without
// leading zeros (1e-6, not 1e-06), as data files usually write them.
inline std::string shape_number(double v)
{
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  std::string s(buf);
  const std::string::size_type e = s.find('e');
  if (e != std::string::npos)
    while (e + 2 < s.size() - 1 && s[e + 2] == '0') s.erase(e + 2, 1);
  return s;
}

namespace shape_detail {

  inline double cross2(const Vec3 &a, const Vec3 &b) { return a.x * b.y - a.y * b.x; }

  // What is wrong with a polygon in a plane (points given by their x, y),
  // if anything: all points on one line; two sides that cross (the points
  // are not in order around the polygon); a reflex corner (not convex).
  // Positions are 0..n-1 in the polygon's order; the points are distinct.
  struct PlanarPolygonDefect {
    enum class Kind { none, collinear, crossing, reflex } kind = Kind::none;
    int a = -1, b = -1, c = -1, d = -1;    // crossing: sides a-b and c-d; reflex: corner b between a and c
    double depth = 0.0;                     // reflex: how far b lies inside the line a-c
  };

  inline int next_of(int k, int n) { return k + 1 < n ? k + 1 : 0; }
  inline int prev_of(int k, int n) { return k > 0 ? k - 1 : n - 1; }

  // Proper crossing of segments p-q and r-s (each strictly on both sides
  // of the other's line).
  inline bool segments_cross(const Vec3 &p, const Vec3 &q, const Vec3 &r, const Vec3 &s)
  {
    const double o1 = cross2(q - p, r - p), o2 = cross2(q - p, s - p);
    const double o3 = cross2(s - r, p - r), o4 = cross2(s - r, q - r);
    return ((o1 > 0.0 && o2 < 0.0) || (o1 < 0.0 && o2 > 0.0)) && ((o3 > 0.0 && o4 < 0.0) || (o3 < 0.0 && o4 > 0.0));
  }

  inline PlanarPolygonDefect planar_polygon_defect(const Vec3 *p, int n, double tol)
  {
    PlanarPolygonDefect out;
    // On one line: every point within tol of the line through point 0 and
    // the point farthest from it.
    int far = 0;
    double far2 = 0.0;
    for (int k = 1; k < n; ++k)
      if (norm2(p[k] - p[0]) > far2) far2 = norm2(p[far = k] - p[0]);
    double off_line = 0.0;
    for (int k = 1; k < n; ++k)
      off_line = std::max(off_line, std::fabs(cross2(p[far] - p[0], p[k] - p[0])) / std::sqrt(far2));
    if (!(off_line > tol)) {
      out.kind = PlanarPolygonDefect::Kind::collinear;
      return out;
    }
    // Sides that cross: the points do not go around the polygon in order.
    for (int i = 0; i < n; ++i)
      for (int j = i + 2; j < n; ++j) {
        if (next_of(j, n) == i) continue;    // adjacent sides
        if (segments_cross(p[i], p[next_of(i, n)], p[j], p[next_of(j, n)])) {
          out.kind = PlanarPolygonDefect::Kind::crossing;
          out.a = i;
          out.b = next_of(i, n);
          out.c = j;
          out.d = next_of(j, n);
          return out;
        }
      }
    // A simple polygon: convex if no corner turns against its orientation
    // (the sign of its area) by more than tol, measured as the distance of
    // the corner from the line through its two neighbours.
    double twice_area = 0.0;
    for (int k = 1; k + 1 < n; ++k) twice_area += cross2(p[k] - p[0], p[k + 1] - p[0]);
    const double s = twice_area >= 0.0 ? 1.0 : -1.0;
    for (int k = 0; k < n; ++k) {
      const Vec3 &a = p[prev_of(k, n)], &c = p[next_of(k, n)];
      const double chord = norm(c - a);
      if (!(chord > 0.0)) continue;    // a triangle's corner cannot be reflex
      const double height = s * cross2(p[k] - a, c - a) / chord;    // > 0: the corner bulges outward
      if (height < -tol && -height > out.depth) {
        out.kind = PlanarPolygonDefect::Kind::reflex;
        out.a = prev_of(k, n);
        out.b = k;
        out.c = next_of(k, n);
        out.depth = -height;
      }
    }
    return out;
  }

  inline std::string tolerance_note(double size)
  {
    return "(tolerance " + shape_number(kShapeTolerance) + " of the body size " + shape_number(size) + ")";
  }

  inline std::string pair_text(int a, int b) { return std::to_string(a) + "-" + std::to_string(b); }

  inline bool finite(const Vec3 &v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

  // No two vertices closer than tol (the body's size is only for the message).
  inline std::string coincident_vertices_defect(const Vec3 *vertices, int n, double tol, double size)
  {
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        const double d = norm(vertices[i] - vertices[j]);
        if (!(d > tol))
          return "vertices " + std::to_string(i) + " and " + std::to_string(j) + " coincide (distance " +
              shape_number(d) + ") " + tolerance_note(size);
      }
    return "";
  }

  // The first rule of every body: at least one vertex, all of them finite.
  inline std::string vertex_list_defect(const Vec3 *vertices, int n)
  {
    if (n < 1) return "has no vertices";
    for (int k = 0; k < n; ++k)
      if (!finite(vertices[k])) return "vertex " + std::to_string(k) + " has a coordinate that is not a finite number";
    return "";
  }

  // The size of a body: the largest distance of a vertex from the centroid.
  inline double body_size(const Vec3 *v, int n, Vec3 &centroid)
  {
    centroid = Vec3{};
    for (int k = 0; k < n; ++k) centroid += v[k];
    centroid = centroid * (1.0 / n);
    double size2 = 0.0;
    for (int k = 0; k < n; ++k) size2 = std::max(size2, norm2(v[k] - centroid));
    return std::sqrt(size2);
  }

  inline std::string rounding_defect(double diameter, bool zero_allowed, const char *why_positive)
  {
    if (!std::isfinite(diameter)) return "rounded diameter " + shape_number(diameter) + " is not a finite number";
    if (diameter < 0.0 || (diameter == 0.0 && !zero_allowed))
      return "rounded diameter " + shape_number(diameter) + (zero_allowed ? " must be >= 0 (0: sharp corners)"
                                                                           : std::string(" must be > 0 (") + why_positive + ")");
    return "";
  }

  // which: e.g. "principal moment 2 of 3" (index > 0) or, for index 0, the text of `what`
  inline std::string moment_defect(double moment, int index, const char *what, const char *zero_note)
  {
    if (moment > 0.0 && std::isfinite(moment)) return "";
    const std::string which = index > 0 ? "principal moment " + std::to_string(index) + " of 3" : std::string(what);
    std::string text = "moment of inertia " + shape_number(moment) + " must be > 0 (" + which + ")";
    if (moment == 0.0 && zero_note) text += std::string("; ") + zero_note;
    return text;
  }

}    // namespace shape_detail

// Runs the checks; keeps its work arrays between calls, so that checking
// many bodies allocates only while the largest body grows.
class BodyShapeChecker {
 public:
  // "" when the body passes, else its first defect in words.
  std::string polyhedron(const PolyhedronShapeInput &b);
  std::string polygon(const PolygonShapeInput &b);

 private:
  struct Side {
    int lo, hi, face;
  };
  struct EdgeKey {
    int lo, hi, edge;
  };
  static bool side_less(const Side &x, const Side &y)
  {
    return x.lo != y.lo ? x.lo < y.lo : (x.hi != y.hi ? x.hi < y.hi : x.face < y.face);
  }
  static bool edge_less(const EdgeKey &x, const EdgeKey &y)
  {
    return x.lo != y.lo ? x.lo < y.lo : (x.hi != y.hi ? x.hi < y.hi : x.edge < y.edge);
  }
  std::vector<Side> sides_;
  std::vector<EdgeKey> edge_keys_;
  std::vector<std::array<int, 5>> face_keys_;    // sorted vertices (-1 last for a triangle), face index
  std::vector<Vec3> face_normals_, face_points_;
  std::vector<char> on_face_;

  std::string polyhedron_faces(const PolyhedronShapeInput &b, double tol, double size);
  std::string polyhedron_closure(const PolyhedronShapeInput &b, double tol, double size);
};

inline std::string BodyShapeChecker::polygon(const PolygonShapeInput &b)
{
  using namespace shape_detail;
  const int n = b.nvertices;
  std::string defect = vertex_list_defect(b.vertices, n);
  if (!defect.empty()) return defect;
  const char *kind = n == 1 ? "a disk: one vertex" : "a rod: two vertices";
  defect = rounding_defect(b.rounded_diameter, n >= 3, kind);
  if (!defect.empty()) return defect;
  defect = moment_defect(b.moment_normal, 0, "the moment about the axis normal to the plane", b.zero_moment_note);
  if (!defect.empty()) return defect;

  Vec3 centroid;
  const double size = body_size(b.vertices, n, centroid);
  const double tol = kShapeTolerance * size;
  for (int k = 0; k < n; ++k)
    if (std::fabs(b.vertices[k].z) > tol)
      return "vertex " + std::to_string(k) + " lies " + shape_number(std::fabs(b.vertices[k].z)) +
          " off the plane of the 2d simulation " + tolerance_note(size);
  if (n == 1) return "";
  if (!(size > 0.0) && n == 2) return "its two vertices coincide (a rod of length 0; a disk has one vertex)";
  defect = coincident_vertices_defect(b.vertices, n, tol, size);
  if (!defect.empty()) return defect;
  if (n == 2) return "";

  const PlanarPolygonDefect p = planar_polygon_defect(b.vertices, n, tol);
  switch (p.kind) {
    case PlanarPolygonDefect::Kind::collinear:
      return "its vertices lie on one line (a polygon of zero area; a rod has two vertices) " + tolerance_note(size);
    case PlanarPolygonDefect::Kind::crossing:
      return "its vertices are not in order around it: edges " + pair_text(p.a, p.b) + " and " + pair_text(p.c, p.d) +
          " cross";
    case PlanarPolygonDefect::Kind::reflex:
      return "not convex: vertex " + std::to_string(p.b) + " lies " + shape_number(p.depth) +
          " inside the line through vertices " + std::to_string(p.a) + " and " + std::to_string(p.c) + " " +
          tolerance_note(size);
    case PlanarPolygonDefect::Kind::none: break;
  }
  return "";
}

inline std::string BodyShapeChecker::polyhedron(const PolyhedronShapeInput &b)
{
  using namespace shape_detail;
  const int n = b.nvertices;
  std::string defect = vertex_list_defect(b.vertices, n);
  if (!defect.empty()) return defect;

  // Indices first: nothing below may read out of range.
  for (int e = 0; e < b.nedges; ++e) {
    const int v0 = b.edges[e][0], v1 = b.edges[e][1];
    if (v0 < 0 || v0 >= n || v1 < 0 || v1 >= n || v0 == v1)
      return "edge " + std::to_string(e) + " (" + std::to_string(v0) + " " + std::to_string(v1) +
          ") must join two different vertices among 0.." + std::to_string(n - 1);
  }
  for (int f = 0; f < b.nfaces; ++f) {
    const int *F = b.faces[f];
    for (int k = 0; k < 4; ++k) {
      if (k == 3 && F[k] == -1) break;    // a triangle
      if (F[k] < 0 || F[k] >= n)
        return "face " + std::to_string(f) + " has vertex index " + std::to_string(F[k]) +
            " (expected 3 or 4 vertices among 0.." + std::to_string(n - 1) + ", a triangle padded with -1)";
      for (int m = 0; m < k; ++m)
        if (F[m] == F[k]) return "face " + std::to_string(f) + " lists vertex " + std::to_string(F[k]) + " twice";
    }
  }

  // Rounding and inertia.
  const bool polyhedron = n >= 3;
  const char *why = n == 1 ? "a sphere: one vertex" : "a rod: two vertices";
  if (polyhedron && b.rounding_required_by) why = b.rounding_required_by;
  defect = rounding_defect(b.rounded_diameter, polyhedron && !b.rounding_required_by, why);
  if (!defect.empty()) return defect;
  Vec3 centroid;
  const double size = body_size(b.vertices, n, centroid);
  const double tol = kShapeTolerance * size;
  if (b.moments) {
    // A rod may have no moment about its own axis: a principal axis along it.
    const Vec3 axis = n == 2 ? normalized_or_zero(b.vertices[1] - b.vertices[0]) : Vec3{};
    const double along[3] = {axis.x, axis.y, axis.z};
    for (int k = 0; k < 3; ++k) {
      if (n == 2 && b.moments[k] == 0.0 && std::fabs(along[k]) > 1.0 - kShapeTolerance) continue;
      defect = moment_defect(b.moments[k], k + 1, nullptr, b.zero_moment_note);
      if (!defect.empty()) return defect;
    }
  }

  if (n == 1) return "";
  // Edges of zero length, then any two vertices that coincide.
  for (int e = 0; e < b.nedges; ++e) {
    const double length = norm(b.vertices[b.edges[e][1]] - b.vertices[b.edges[e][0]]);
    if (!(length > tol))
      return "edge " + pair_text(b.edges[e][0], b.edges[e][1]) + " has length " + shape_number(length) + " " +
          tolerance_note(size);
  }
  if (n == 2) return size > 0.0 ? "" : "its two vertices coincide (a rod of length 0; a sphere has one vertex)";
  defect = coincident_vertices_defect(b.vertices, n, tol, size);
  if (!defect.empty()) return defect;

  // Edges and faces listed twice.
  edge_keys_.clear();
  for (int e = 0; e < b.nedges; ++e)
    edge_keys_.push_back({std::min(b.edges[e][0], b.edges[e][1]), std::max(b.edges[e][0], b.edges[e][1]), e});
  std::sort(edge_keys_.begin(), edge_keys_.end(), edge_less);
  for (size_t k = 1; k < edge_keys_.size(); ++k)
    if (edge_keys_[k].lo == edge_keys_[k - 1].lo && edge_keys_[k].hi == edge_keys_[k - 1].hi)
      return "edges " + std::to_string(edge_keys_[k - 1].edge) + " and " + std::to_string(edge_keys_[k].edge) +
          " both join vertices " + pair_text(edge_keys_[k].lo, edge_keys_[k].hi) + " (an edge listed twice)";
  face_keys_.clear();
  for (int f = 0; f < b.nfaces; ++f) {
    std::array<int, 5> key{b.faces[f][0], b.faces[f][1], b.faces[f][2], b.faces[f][3], f};
    const int m = key[3] == -1 ? 3 : 4;
    std::sort(key.begin(), key.begin() + m);
    face_keys_.push_back(key);
  }
  std::sort(face_keys_.begin(), face_keys_.end());
  for (size_t k = 1; k < face_keys_.size(); ++k)
    if (std::equal(face_keys_[k].begin(), face_keys_[k].begin() + 4, face_keys_[k - 1].begin()))
      return "faces " + std::to_string(face_keys_[k - 1][4]) + " and " + std::to_string(face_keys_[k][4]) +
          " have the same vertices (a face listed twice)";

  if (b.nfaces == 0)
    return "has no faces (a body of 3 or more vertices needs faces that close its surface; the surface is not "
           "closed)";
  defect = polyhedron_faces(b, tol, size);
  if (!defect.empty()) return defect;
  defect = polyhedron_closure(b, tol, size);
  if (!defect.empty()) return defect;

  // A volume: the vertices do not all lie in the plane of face 0 (with
  // planar faces that close the surface, a flat body has all faces in one
  // plane).
  double thickness = 0.0;
  for (int k = 0; k < n; ++k)
    thickness = std::max(thickness, std::fabs(dot(b.vertices[k] - face_points_[0], face_normals_[0])));
  if (!(thickness > tol))
    return "has no volume: all its vertices lie in one plane " + tolerance_note(size);

  // Convex: with each face turned outward (away from the centroid of the
  // vertices, as the contact geometry turns it), no vertex lies outside
  // the plane of a face.
  int worst_vertex = -1, worst_face = -1;
  double worst = tol;
  for (int f = 0; f < b.nfaces; ++f) {
    Vec3 normal = face_normals_[f];
    if (dot(normal, face_points_[f] - centroid) < 0.0) normal = -normal;
    for (int k = 0; k < n; ++k) {
      const double out = dot(b.vertices[k] - face_points_[f], normal);
      if (out > worst) {
        worst = out;
        worst_vertex = k;
        worst_face = f;
      }
    }
  }
  if (worst_vertex >= 0)
    return "not convex: vertex " + std::to_string(worst_vertex) + " lies " + shape_number(worst) +
        " outside the plane of face " + std::to_string(worst_face) + " " + tolerance_note(size);
  return "";
}

// Each face: non-zero area, planar, convex with its vertices in order;
// keeps its unit normal (in the direction of its vertex order) and its
// centroid for the checks of the whole body.
inline std::string BodyShapeChecker::polyhedron_faces(const PolyhedronShapeInput &b, double tol, double size)
{
  using namespace shape_detail;
  face_normals_.assign(b.nfaces, Vec3{});
  face_points_.assign(b.nfaces, Vec3{});
  for (int f = 0; f < b.nfaces; ++f) {
    const int *F = b.faces[f];
    const int m = F[3] == -1 ? 3 : 4;
    Vec3 p[4];
    for (int k = 0; k < m; ++k) p[k] = b.vertices[F[k]];
    // (the message's start, built only for a message: this runs for every face of every body)
    const auto face = [f]() { return "face " + std::to_string(f); };

    // The plane: the normal of the corner whose triangle (with its two
    // neighbours) is largest, a well-defined plane even where another
    // corner is a straight angle.
    Vec3 normal;
    double best = 0.0, height_max = 0.0;
    for (int k = 0; k < m; ++k) {
      const Vec3 &a = p[prev_of(k, m)], &c = p[next_of(k, m)];
      const Vec3 corner = cross(p[k] - a, c - a);
      const double chord = norm(c - a);
      if (chord > 0.0) height_max = std::max(height_max, norm(corner) / chord);
      if (norm(corner) > best) {
        best = norm(corner);
        normal = corner * (1.0 / best);
      }
    }
    if (!(height_max > tol))
      return face() + " has zero area: its vertices lie on one line " + tolerance_note(size);

    if (m == 4) {
      // Planar: each vertex near the plane of the other three (where those
      // three span a plane; a straight angle among them does not).
      int worst_vertex = -1;
      double worst = tol;
      for (int k = 0; k < 4; ++k) {
        const Vec3 &a = p[(k + 1) % 4], &c = p[(k + 2) % 4], &d = p[(k + 3) % 4];
        const Vec3 nrm = cross(c - a, d - a);
        const double longest = std::max(norm(c - a), std::max(norm(d - a), norm(d - c)));
        if (!(norm(nrm) / longest > tol)) continue;    // the three lie on one line
        const double off = std::fabs(dot(p[k] - a, nrm)) / norm(nrm);
        if (off > worst) {
          worst = off;
          worst_vertex = k;
        }
      }
      if (worst_vertex >= 0)
        return face() + " is not planar: vertex " + std::to_string(F[worst_vertex]) + " lies " + shape_number(worst) +
            " from the plane of the face's other three vertices " + tolerance_note(size);

      // In its plane: in order and convex (the polygon check in 2d
      // coordinates of the plane).
      Vec3 u = p[1] - p[0];
      u = normalized_or_zero(u - normal * dot(u, normal));
      const Vec3 w = cross(normal, u);
      Vec3 q[4];
      for (int k = 0; k < 4; ++k) q[k] = Vec3{dot(p[k] - p[0], u), dot(p[k] - p[0], w), 0.0};
      const PlanarPolygonDefect d = planar_polygon_defect(q, 4, tol);
      if (d.kind == PlanarPolygonDefect::Kind::crossing)
        return face() + ": its vertices are not in order around it: sides " + pair_text(F[d.a], F[d.b]) + " and " +
            pair_text(F[d.c], F[d.d]) + " cross";
      if (d.kind == PlanarPolygonDefect::Kind::reflex)
        return face() + " is not convex: vertex " + std::to_string(F[d.b]) + " lies " + shape_number(d.depth) +
            " inside the line through vertices " + std::to_string(F[d.a]) + " and " + std::to_string(F[d.c]) + " " +
            tolerance_note(size);
      if (d.kind == PlanarPolygonDefect::Kind::collinear)
        return face() + " has zero area: its vertices lie on one line " + tolerance_note(size);
      // The normal in the direction of the vertex order: as the contact
      // geometry computes it (the cross product of the diagonals).
      normal = normalized_or_zero(cross(p[2] - p[0], p[3] - p[1]));
      face_points_[f] = (p[0] + p[1] + p[2] + p[3]) * 0.25;
    } else {
      normal = normalized_or_zero(cross(p[1] - p[0], p[2] - p[0]));
      face_points_[f] = (p[0] + p[1] + p[2]) * (1.0 / 3.0);
    }
    face_normals_[f] = normal;
  }
  return "";
}

// Closed surface: every edge a side of exactly two faces, every side of a
// face on exactly two faces, every vertex on a face. A side need not be an
// edge where its two faces lie in one plane (a flat region split into
// triangles or quadrilaterals: an edge there would only add contacts
// inside the flat region); elsewhere it must be one, or the contact
// geometry would miss the contacts of that edge.
inline std::string BodyShapeChecker::polyhedron_closure(const PolyhedronShapeInput &b, double tol, double size)
{
  using namespace shape_detail;
  sides_.clear();
  on_face_.assign(b.nvertices, 0);
  for (int f = 0; f < b.nfaces; ++f) {
    const int *F = b.faces[f];
    const int m = F[3] == -1 ? 3 : 4;
    for (int k = 0; k < m; ++k) {
      const int v0 = F[k], v1 = F[(k + 1) % m];
      sides_.push_back({std::min(v0, v1), std::max(v0, v1), f});
      on_face_[v0] = 1;
    }
  }
  std::sort(sides_.begin(), sides_.end(), side_less);
  for (int e = 0; e < b.nedges; ++e) {
    const Side key{std::min(b.edges[e][0], b.edges[e][1]), std::max(b.edges[e][0], b.edges[e][1]), -1};
    const auto first = std::lower_bound(sides_.begin(), sides_.end(), key, side_less);
    int count = 0;
    for (auto s = first; s != sides_.end() && s->lo == key.lo && s->hi == key.hi; ++s) count++;
    if (count != 2)
      return "edge " + pair_text(b.edges[e][0], b.edges[e][1]) + " is on " + std::to_string(count) +
          (count == 1 ? " face" : " faces") + ", expected 2 (the surface is not closed" +
          (count > 2 ? ": more than two faces meet at it)" : ")");
  }
  // The sides that are not edges (edge_keys_ is sorted, polyhedron()).
  for (size_t k = 0; k < sides_.size();) {
    size_t next = k + 1;
    while (next < sides_.size() && sides_[next].lo == sides_[k].lo && sides_[next].hi == sides_[k].hi) next++;
    const Side &s = sides_[k];
    const auto it = std::lower_bound(edge_keys_.begin(), edge_keys_.end(), EdgeKey{s.lo, s.hi, -1}, edge_less);
    if (it == edge_keys_.end() || it->lo != s.lo || it->hi != s.hi) {
      const int count = static_cast<int>(next - k);
      if (count != 2)
        return "side " + pair_text(s.lo, s.hi) + " of face " + std::to_string(s.face) + " is on " +
            std::to_string(count) + (count == 1 ? " face" : " faces") + ", expected 2 (the surface is not closed" +
            (count > 2 ? ": more than two faces meet at it)" : ")");
      // Its two faces in one plane: the vertices of the second within tol
      // of the plane of the first.
      const int f = sides_[k].face, g = sides_[k + 1].face;
      const int *G = b.faces[g];
      double off = 0.0;
      for (int j = 0; j < (G[3] == -1 ? 3 : 4); ++j)
        off = std::max(off, std::fabs(dot(b.vertices[G[j]] - face_points_[f], face_normals_[f])));
      if (off > tol)
        return "side " + pair_text(s.lo, s.hi) + " of faces " + std::to_string(f) + " and " + std::to_string(g) +
            " is not among the edges (a side may be left out only between two faces in one plane; these meet at " +
            "an angle: a vertex of face " + std::to_string(g) + " lies " + shape_number(off) +
            " from the plane of face " + std::to_string(f) + ") " + tolerance_note(size);
    }
    k = next;
  }
  for (int k = 0; k < b.nvertices; ++k)
    if (!on_face_[k]) return "vertex " + std::to_string(k) + " is on no face (the surface must pass through every vertex)";
  return "";
}

}    // namespace body_dem

#endif
