// Writes small LAMMPS data files of rounded polyhedra for the tests
// (atom_style body rounded/polyhedron): cubes, regular tetrahedra, spheres
// (one vertex) and rods (two vertices), each placed and turned in the
// space frame, with its inertia tensor computed from its vertices and
// faces as a uniform solid (a sphere of the rounded radius; a thin rod).
#ifndef BODY_DEM_TEST_POLYHEDRON_DATA_H
#define BODY_DEM_TEST_POLYHEDRON_DATA_H

#include "hull_grains.h"

#include <array>
#include <string>
#include <vector>

namespace body_dem_test {

using Triple = std::array<double, 3>;

struct PolyhedronBody {
  int type = 1;
  Triple center{0.0, 0.0, 0.0};              // the atom's position, the origin of the vertices
  std::vector<Triple> vertices;              // relative to the centre, space frame
  std::vector<std::array<int, 2>> edges;     // (not written for spheres and rods: the host adds them)
  std::vector<std::array<int, 4>> faces;     // counter-clockwise from outside (or not: the style must cope), -1 padded
  double rounded_diameter = 0.0;
  double mass = 1.0;
  Triple velocity{0.0, 0.0, 0.0};
  Triple omega{0.0, 0.0, 0.0};               // angular velocity (space frame)
};

// Rotation of a body about its centre by `angle` (radians) about `axis`
// (any length > 0), applied to its vertices.
PolyhedronBody rotated(PolyhedronBody b, const Triple &axis, double angle);
PolyhedronBody moving(PolyhedronBody b, const Triple &velocity, const Triple &omega = {0.0, 0.0, 0.0});

// Cube of edge `side` centred at c, its faces perpendicular to the axes.
// Vertices 0 (-,-,-), 1 (+,-,-), 2 (+,+,-), 3 (-,+,-), 4..7 the same at +z;
// edges 0..3 the bottom square (01 12 23 30), 4..7 the top (45 56 67 74),
// 8..11 vertical (04 15 26 37); faces 0 bottom, 1 top, 2 front (-y),
// 3 right (+x), 4 back (+y), 5 left (-x), counter-clockwise from outside.
PolyhedronBody cube(const Triple &c, double side, double rounded_diameter);
// Regular tetrahedron of edge `edge` centred (centroid = centre of mass)
// at c, with its base face horizontal and its apex up: base vertices 0, 1,
// 2 at z = c_z - h/4 on the circumradius edge/sqrt(3), vertex 0 towards +x;
// apex 3 at z = c_z + 3h/4, h = edge sqrt(2/3). Edges 01 12 20 03 13 23;
// faces (0 2 1) base, (0 1 3), (1 2 3), (2 0 3).
PolyhedronBody tetrahedron(const Triple &c, double edge, double rounded_diameter);
// One-vertex body: a sphere of radius rounded_diameter / 2.
PolyhedronBody sphere(const Triple &c, double rounded_diameter);
// Two-vertex body: a rod from c - half to c + half.
PolyhedronBody rod(const Triple &c, const Triple &half, double rounded_diameter);

// Regular icosahedron of circumradius `radius` centred at c: vertices
// (0, +-1, +-phi) and their cyclic permutations scaled to the radius, the
// 30 edges of length radius / sin(2 pi / 5), 20 triangles counter-clockwise
// from outside.
PolyhedronBody icosahedron(const Triple &c, double radius, double rounded_diameter);
// A box of edges (2 a, 2 b, 2 c) centred at centre, faces perpendicular to
// the axes (the vertex, edge and face order of cube()).
PolyhedronBody box_body(const Triple &centre, const Triple &half_edges, double rounded_diameter);

// A hull grain (hull_grains.h) centred (centre of mass) at c.
PolyhedronBody hull_grain(const Triple &c, const HullGrainSpec &spec, double rounded_diameter);

// Inertia tensor (xx yy zz xy xz yz) about the centre, space frame, as
// written to the data file.
std::array<double, 6> inertia_tensor(const PolyhedronBody &b);

struct Box3d {
  double lo[3] = {-10.0, -10.0, -10.0};
  double hi[3] = {10.0, 10.0, 10.0};
};

// A box for bodies on a floor at z = 0: x and y in [-half_width,
// half_width], z in [0, height].
inline Box3d box_above_floor(double half_width, double height)
{
  Box3d box;
  for (int d = 0; d < 2; d++) {
    box.lo[d] = -half_width;
    box.hi[d] = half_width;
  }
  box.lo[2] = 0.0;
  box.hi[2] = height;
  return box;
}

// Writes `path` (every rank may call it; only rank 0 writes). With
// flip_faces, every face is written in the reverse order (clockwise from
// outside), as some data files have them.
void write_polyhedron_data(const std::string &path, const std::vector<PolyhedronBody> &bodies, const Box3d &box,
                           int ntypes = 1, bool flip_faces = false);

// A molecule file of one body (its vertices about its centre, its type
// and mass), for bodies too big for the host's data-file reader (which
// reads at most 31 lines of 255 characters per body: some 50 vertices).
// Every rank may call it; only rank 0 writes.
//
// The host places a body from a molecule file with the orientation that
// create_atoms gives it (its `rotate`, else a random one) as the body's
// quaternion, in place of the quaternion of the principal axes that it
// computes from the inertia tensor: the vertices as stored in the
// principal frame end up turned by the create_atoms rotation alone, so a
// body whose inertia tensor is not diagonal lands turned by its principal
// axes. The file is therefore written in the body's principal frame
// (inertia diagonal, the moments in decreasing order, so that the host's
// principal axes are the identity), and the rotation that places the body
// as given is returned: `rotate <angle_degrees> <axis>` for create_atoms.
struct MoleculeRotation {
  double angle_degrees = 0.0;
  Triple axis{0.0, 0.0, 1.0};
};
MoleculeRotation write_polyhedron_molecule(const std::string &path, const PolyhedronBody &body);

// The input lines that set up a 3d body system in `box` with `ntypes`
// atom types and add `bodies` (atom IDs 1, 2, ... in their order), each
// from a molecule file of its own (<prefix>.<k>.mol, written here) with
// create_atoms, turned as given, with its velocity and angular momentum:
// for bodies of any size. Nmax of the atom style is the largest count of
// vertices, edges or faces of a body (the host sizes a body's storage for
// all three by it).
std::string polyhedron_molecule_setup_commands(const std::vector<PolyhedronBody> &bodies, const Box3d &box,
                                               int ntypes, const std::string &prefix);

// A 3d gas for the parallel tests: 32 cubes (edge 1, type 1) and 32
// regular tetrahedra (edge 1.4, type 2) of the given rounded diameter on a
// 4 x 4 x 4 lattice of spacing 2 in a box [0, 8]^3, turned at random and
// given random velocities and angular velocities of about 1 (std::mt19937
// with `seed`, so the same seed gives the same gas). Writes `path`.
void write_polyhedron_gas(const std::string &path, unsigned seed, double rounded_diameter);

// The data file of the bad-input tests: a cube (edge 1, type 1) at
// (-2, 0, 0) and a regular tetrahedron (edge 1, type 2) at (2, 0, 0), both
// of rounded diameter 0.2: apart, and at z = 0, so that the same file can
// be read into a 2d box. Writes `path`.
void write_cube_and_tetrahedron_apart(const std::string &path);

// Four cubes (edge 1, rounded diameter 0.1: enclosing radius 0.916) at
// rest, for the tests of which bodies the pair styles turn into the space
// frame: cubes 1 and 2 at (0, 0, 0) and (1.5, 0, 0), within reach of each
// other (their enclosing spheres overlap) but 0.4 apart; cubes 3 and 4 at
// (4, 4, 4) and (-4, -4, -4), out of reach of every other. In a box of
// [-6, 6]^3 (`box`), no cube has a periodic image within reach.
std::vector<PolyhedronBody> cubes_two_within_reach_two_apart(Box3d &box);

// The input lines that set up a 3d body system and read `path`.
std::string polyhedron_setup_commands(const std::string &path, int max_vertices = 8);

}    // namespace body_dem_test

#endif
