#!/usr/bin/python3
"""Makes grains for atom_style body rounded/polyhedron: each grain is the
convex hull of points scattered near an ellipsoid (the way grains come from
scans or shape generators), with triangular faces turned outward, each edge
listed once, and the mass and inertia tensor of the uniform solid
polyhedron. Writes them as molecule files (any size; for create_atoms and
fix pour), as LAMMPS commands that place them, and/or as a data file (up
to about 70 vertices a grain: see below).

How a grain is made: points at uniformly random directions on the
ellipsoid of the given semi-axes, each moved along its direction by a
factor 1 + scatter * u (u uniform in [-1, 1]), are drawn until their convex
hull has the requested number of vertices; points inside the hull are
dropped. The hull is built incrementally (start from a tetrahedron, add a
point, remove the faces it sees, close the hole with triangles from the
point to the horizon). The vertices are then shifted so that the centre of
mass of the uniform solid is the origin. Mass and inertia are those of the
solid polyhedron (the skeleton of the body), like the molecule files of
LAMMPS's own examples; the rounding adds a shell of the rounded radius
whose volume the script prints but leaves out (give --mass to set the mass
of the rounded grain; the inertia then scales with it).

Three facts of LAMMPS that this script takes care of (doc/making_grains.rst
says more):
  * The body style sizes the storage of every body by the Nmax of
    `atom_style body rounded/polyhedron Nmin Nmax`: 9 Nmax + 2 values,
    while a body of V vertices, E edges and F faces needs 3V + 2E + 4F + 2.
    A body that does not fit crashes LAMMPS (segmentation fault) when
    read_data, create_atoms or fix pour stores it. Nmax = V, as the LAMMPS
    manual suggests, is too small for a triangulated grain (3V - 6 edges,
    2V - 4 faces: it needs Nmax >= about 1.9 V). The script prints the
    least Nmax that fits, and the atom_style line with the largest of the
    vertex, edge and face counts, which is always enough.
  * A body from a molecule file gets its orientation from create_atoms or
    fix pour alone: LAMMPS replaces the principal axes it computed from the
    inertia tensor by that rotation. The molecule files are therefore
    written in the grain's principal frame (inertia tensor diagonal, the
    moments in decreasing order), so that a grain lands as the file shows it,
    turned by the rotation asked for.
  * read_data reads a body of at most 31 lines (after its header line) of
    at most 255 characters: the script packs a data file's values into
    long lines, which holds grains of up to about 70 vertices; it stops with a
    message for larger grains (use molecule files).

Examples:
  # 4 shapes of 50 vertices, elongated 1.4 : 1 : 0.7 (semi-axes 0.5,
  # 0.357, 0.25), written as grain.1.mol ... grain.4.mol, with the commands
  # that create 64 of them on a grid in random orientations:
  make_hull_grains.py --shapes 4 --vertices 50 --aspect 1.4 2.0 \\
      --molecule grain --create-atoms in.grains --count 64
  # one data file of 27 grains of 30 vertices of one shape
  make_hull_grains.py --vertices 30 --data data.grains --count 27

Needs Python 3 and numpy (Debian: python3-numpy), nothing else.
"""
import argparse
import math
import os
import re
import sys

import numpy as np

# read_data of LAMMPS (29 Sep 2021 to 4 Jul 2026 at least): MAXBODY = 32
# lines per body, the header line included, each read into MAXLINE = 256
# characters (with the newline and the terminating zero).
DATA_BODY_LINES = 31
DATA_LINE_LENGTH = 250     # a margin below 254 characters of text
# faces closer than this to coplanar are reported (the edge between them is
# no real corner of the grain; the contact model weighs its crossings)
NEARLY_COPLANAR_DEGREES = 10.0


class HullGrain:
    """One grain: vertices (V x 3, about the centre of mass, in the
    principal frame), edges (E x 2), triangles (F x 3, counter-clockwise
    seen from outside), and its solid's volume, principal moments per unit
    density (decreasing) and the points drawn to make it."""

    def __init__(self, vertices, triangles):
        self.vertices = vertices
        self.triangles = triangles
        self.edges = edges_of(triangles)
        self.volume, centre, second = solid_moments(vertices, triangles)
        if not self.volume > 0.0:
            raise ValueError("the hull has no volume")
        # about the centre of mass
        self.vertices = self.vertices - centre
        self.volume, _, second = solid_moments(self.vertices, self.triangles)
        inertia = np.trace(second) * np.eye(3) - second
        moments, axes = np.linalg.eigh(inertia)
        order = np.argsort(moments)[::-1]     # decreasing
        moments, axes = moments[order], axes[:, order]
        if np.linalg.det(axes) < 0.0:         # right-handed
            axes[:, 2] = -axes[:, 2]
        self.moments_per_density = moments
        # vertices in the principal frame: u = A^T v
        self.vertices = self.vertices @ axes

    def counts(self):
        return len(self.vertices), len(self.edges), len(self.triangles)


def edges_of(triangles):
    """Each edge of the triangles once, as (smaller index, larger index), in
    the order they are first met."""
    seen = {}
    for t in triangles:
        for k in range(3):
            a, b = int(t[k]), int(t[(k + 1) % 3])
            key = (min(a, b), max(a, b))
            seen.setdefault(key, len(seen))
    return np.array(sorted(seen, key=seen.get), dtype=int)


def solid_moments(vertices, triangles):
    """Volume, centroid and second moments C = integral of x x^T over the
    solid bounded by the triangles (closed, turned outward), from the
    tetrahedra (origin, triangle): for a tetrahedron of the origin and
    p, q, r with D = p . (q x r) (6 times its signed volume), the integral
    is D/120 (p p^T + q q^T + r r^T + s s^T), s = p + q + r, and the first
    moment D/24 s. Signed volumes: valid wherever the origin lies."""
    p, q, r = (vertices[triangles[:, k]] for k in range(3))
    det = np.einsum("ij,ij->i", p, np.cross(q, r))
    s = p + q + r
    volume = det.sum() / 6.0
    centroid = (det[:, None] * s).sum(axis=0) / 24.0 / volume
    second = np.zeros((3, 3))
    for w in (p, q, r, s):
        second += np.einsum("i,ij,ik->jk", det, w, w)
    return volume, centroid, second / 120.0


def convex_hull(next_point, target, max_points, eps):
    """Incremental convex hull of points drawn from next_point() until the
    hull has `target` vertices (a point adds at most one vertex, so the
    count is met exactly). Returns the points drawn and the triangles
    (indices into them), counter-clockwise seen from outside. Points are
    random (no four coplanar to round-off); eps is the least 6 x volume
    by which a point counts as beyond a face."""
    points = [next_point() for _ in range(3)]
    while True:      # a fourth point off the plane of the first three
        if len(points) >= max_points:
            raise ValueError("all points drawn lie in one plane")
        p = next_point()
        if abs(np.dot(np.cross(points[1] - points[0], points[2] - points[0]), p - points[0])) > eps:
            points.append(p)
            break
    pts = np.array(points)
    faces = []
    for a, b, c, inner in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
        if np.dot(np.cross(pts[b] - pts[a], pts[c] - pts[a]), pts[inner] - pts[a]) > 0.0:
            b, c = c, b
        faces.append((a, b, c))
    faces = np.array(faces, dtype=int)
    on_hull = 4
    while on_hull < target:
        if len(pts) >= max_points:
            raise ValueError(f"{max_points} points give only {on_hull} hull vertices")
        k = len(pts)
        pts = np.vstack([pts, next_point()])
        a, b, c = pts[faces[:, 0]], pts[faces[:, 1]], pts[faces[:, 2]]
        sees = np.einsum("ij,ij->i", np.cross(b - a, c - a), pts[k] - a) > eps
        if not sees.any():
            continue      # inside the hull so far
        seen_edges = set()
        for f in faces[sees]:
            for e in range(3):
                seen_edges.add((int(f[e]), int(f[(e + 1) % 3])))
        # the horizon: edges of seen faces whose twin belongs to an unseen
        # face; the new triangle keeps the turn of the seen face it replaces
        new = [(a_, b_, k) for (a_, b_) in seen_edges if (b_, a_) not in seen_edges]
        faces = np.vstack([faces[~sees], np.array(new, dtype=int)])
        on_hull = len(np.unique(faces))
    return pts, faces


def make_grain(vertices, semi_axes, scatter, min_edge, seed):
    """The hull grain of the given options (module docstring)."""
    rng = np.random.default_rng(seed)
    semi_axes = np.asarray(semi_axes, dtype=float)
    drawn = []
    max_points = 100 * vertices

    def next_point():
        # with --min-edge: points closer than that to one drawn before are
        # drawn again; 10000 in a row mean the ellipsoid is full
        for _ in range(10000):
            u = rng.standard_normal(3)
            u /= np.linalg.norm(u)
            p = semi_axes * u * (1.0 + scatter * rng.uniform(-1.0, 1.0))
            if min_edge > 0.0 and drawn and np.min(np.linalg.norm(np.array(drawn) - p, axis=1)) < min_edge:
                continue
            drawn.append(p)
            return p
        raise ValueError(f"no more points at least --min-edge {min_edge} apart fit the ellipsoid after "
                         f"{len(drawn)} points: use a smaller --min-edge or fewer --vertices")

    size = float(np.max(semi_axes))
    pts, faces = convex_hull(next_point, vertices, max_points, 1e-12 * size ** 3)
    used = np.unique(faces)          # renumbered in their order of drawing
    index = -np.ones(len(pts), dtype=int)
    index[used] = np.arange(len(used))
    return HullGrain(pts[used], index[faces])


def check_grain(grain):
    """What LAMMPS and the package's shape check rely on, checked again on
    the result: closed (every edge on two triangles, V - E + F = 2), every
    triangle turned outward (positive volume with the centre of mass),
    convex (no vertex beyond the plane of a triangle)."""
    nv, ne, nf = grain.counts()
    if nv - ne + nf != 2:
        raise AssertionError(f"V - E + F = {nv - ne + nf}, not 2")
    uses = {}
    for t in grain.triangles:
        for k in range(3):
            a, b = int(t[k]), int(t[(k + 1) % 3])
            uses[(min(a, b), max(a, b))] = uses.get((min(a, b), max(a, b)), 0) + 1
    if any(n != 2 for n in uses.values()):
        raise AssertionError("an edge is not on exactly two triangles")
    v = grain.vertices
    normal = np.cross(v[grain.triangles[:, 1]] - v[grain.triangles[:, 0]],
                      v[grain.triangles[:, 2]] - v[grain.triangles[:, 0]])
    if np.any(np.einsum("ij,ij->i", normal, -v[grain.triangles[:, 0]]) >= 0.0):
        raise AssertionError("a triangle is not turned outward")
    size = np.max(np.linalg.norm(v, axis=1))
    beyond = (v @ normal.T) - np.einsum("ij,ij->i", normal, v[grain.triangles[:, 0]])
    if np.any(beyond > 1e-9 * size * np.linalg.norm(normal, axis=1)):
        raise AssertionError("the grain is not convex")


def nearly_coplanar_edges(grain, degrees):
    """Number of edges whose two triangles' normals are less than `degrees` apart."""
    v = grain.vertices
    t = grain.triangles
    n = np.cross(v[t[:, 1]] - v[t[:, 0]], v[t[:, 2]] - v[t[:, 0]])
    n /= np.linalg.norm(n, axis=1)[:, None]
    faces_of = {}
    for f, tri in enumerate(t):
        for k in range(3):
            a, b = int(tri[k]), int(tri[(k + 1) % 3])
            faces_of.setdefault((min(a, b), max(a, b)), []).append(f)
    cos_limit = math.cos(math.radians(degrees))
    return sum(1 for f, g in faces_of.values() if np.dot(n[f], n[g]) > cos_limit)


def rounded_volume(grain, rounded_diameter):
    """Volume of the grain with its rounding (Steiner's formula for a convex
    polyhedron swept by a sphere of radius r): V + A r + M r^2 + 4/3 pi r^3,
    A the area, M = sum over edges of length x (pi - dihedral angle) / 2."""
    r = 0.5 * rounded_diameter
    v, t = grain.vertices, grain.triangles
    n = np.cross(v[t[:, 1]] - v[t[:, 0]], v[t[:, 2]] - v[t[:, 0]])
    area = 0.5 * np.linalg.norm(n, axis=1).sum()
    n /= np.linalg.norm(n, axis=1)[:, None]
    faces_of = {}
    for f, tri in enumerate(t):
        for k in range(3):
            a, b = int(tri[k]), int(tri[(k + 1) % 3])
            faces_of.setdefault((min(a, b), max(a, b)), []).append(f)
    mean = 0.0
    for (a, b), (f, g) in faces_of.items():
        exterior = math.acos(max(-1.0, min(1.0, float(np.dot(n[f], n[g])))))   # pi - dihedral angle
        mean += 0.5 * np.linalg.norm(v[a] - v[b]) * exterior
    return grain.volume + area * r + mean * r * r + 4.0 / 3.0 * math.pi * r ** 3


def number(x):
    """Shortest text that reads back as the same double."""
    text = repr(float(x))
    return "0" if text in ("0.0", "-0.0") else text


def body_values(vertices, edges, triangles, inertia6, rounded_diameter):
    """The doubles of a rounded/polyhedron body, in LAMMPS's order, as text:
    inertia (xx yy zz xy xz yz), vertices, edges, faces (4 indices, a
    triangle padded with -1), rounded diameter."""
    values = [number(c) for c in inertia6]
    values += [number(c) for p in vertices for c in p]
    values += [str(int(c)) for e in edges for c in e]
    values += [str(int(c)) for t in triangles for c in (t[0], t[1], t[2], -1)]
    values.append(number(rounded_diameter))
    return values


def pack_lines(words, width):
    lines, line = [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = ""
        line = w if not line else line + " " + w
    if line:
        lines.append(line)
    return lines


def header_comments(text):
    """`text` as comment lines of at most 80 characters: LAMMPS reads every
    line of a molecule or data file into 256 characters and would take the
    rest of a longer line as the next line; header lines may be comments."""
    lines, line = [], "#"
    for word in text.split():
        if len(line) + 1 + len(word) > 80 and line != "#":
            lines.append(line)
            line = "#"
        line += " " + word
    return "\n".join(lines + [line]) + "\n"


def write_molecule(path, grain, atom_type, mass, rounded_diameter, title, command_line):
    """A molecule file of one body in its principal frame: the inertia
    tensor diagonal with the moments in decreasing order, so that LAMMPS's
    principal axes of it are the file's axes and create_atoms' or fix
    pour's rotation alone turns it."""
    nv, ne, nf = grain.counts()
    moments = grain.moments_per_density * mass / grain.volume
    doubles = body_values(grain.vertices, grain.edges, grain.triangles, [*moments, 0, 0, 0], rounded_diameter)
    with open(path, "w") as out:
        out.write(f"{title}\n{header_comments('from ' + command_line)}\n1 atoms\n3 {len(doubles)} body\n\n")
        out.write(f"Coords\n\n1 0 0 0\n\nTypes\n\n1 {atom_type}\n\nMasses\n\n1 {number(mass)}\n\n")
        out.write(f"Body Integers\n\n{nv} {ne} {nf}\n\nBody Doubles\n\n")
        # readable: the inertia, one vertex, edge and face per line
        k = 0
        for count in (6, *([3] * nv), *([2] * ne), *([4] * nf), 1):
            out.write(" ".join(doubles[k:k + count]) + "\n")
            k += count


def random_rotation(rng):
    """Rotation matrix of a uniformly random unit quaternion, and the
    quaternion (w, x, y, z)."""
    q = rng.standard_normal(4)
    q /= np.linalg.norm(q)
    if q[0] < 0.0:
        q = -q
    w, x, y, z = q
    m = np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                  [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                  [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])
    return m, q


def placements(count, nshapes, columns, spacing, z0, seed):
    """Grain g (shape g % nshapes) on a grid of columns x columns per layer,
    centred on x = y = 0, layers from z0 up, in a random orientation."""
    rng = np.random.default_rng(seed + 7919)
    result = []
    for g in range(count):
        layer, cell = divmod(g, columns * columns)
        i, j = divmod(cell, columns)
        centre = np.array([(i - 0.5 * (columns - 1)) * spacing, (j - 0.5 * (columns - 1)) * spacing,
                           z0 + layer * spacing])
        rot, quat = random_rotation(rng)
        result.append((g % nshapes, centre, rot, quat))
    return result


def write_create_atoms(path, molecule_ids, molecule_files, places, command_line):
    """LAMMPS commands: one molecule template per shape and one create_atoms
    per grain, turned by its rotation."""
    with open(path, "w") as out:
        out.write(header_comments("hull grains from " + command_line))
        out.write("# needs a simulation box around the grid (make_hull_grains.py printed its extent)\n")
        for mol_id, mol_file in zip(molecule_ids, molecule_files):
            out.write(f"molecule {mol_id} {mol_file}\n")
        for shape, centre, _, quat in places:
            s = math.sqrt(quat[1] ** 2 + quat[2] ** 2 + quat[3] ** 2)
            angle = math.degrees(2.0 * math.atan2(s, quat[0]))
            axis = quat[1:] / s if s > 0.0 else np.array([0.0, 0.0, 1.0])
            out.write(f"create_atoms 0 single {centre[0]:.10g} {centre[1]:.10g} {centre[2]:.10g} "
                      f"mol {molecule_ids[shape]} 1 rotate {angle:.12g} {axis[0]:.12g} {axis[1]:.12g} "
                      f"{axis[2]:.12g} units box\n")


def write_data(path, grains, types, masses, rounded_diameter, places, box, title, command_line):
    """A data file of the placed grains (read_data), each turned by its
    rotation R: vertices R u and the inertia tensor R diag(moments) R^T,
    which LAMMPS diagonalises again. Values packed into lines for its
    limit of 31 lines per body."""
    bodies = []
    for g, (shape, centre, rot, _) in enumerate(places, 1):
        grain = grains[shape]
        mass = masses[shape]
        tensor = rot @ np.diag(grain.moments_per_density * mass / grain.volume) @ rot.T
        inertia6 = [tensor[0, 0], tensor[1, 1], tensor[2, 2], tensor[0, 1], tensor[0, 2], tensor[1, 2]]
        doubles = body_values(grain.vertices @ rot.T, grain.edges, grain.triangles, inertia6, rounded_diameter)
        lines = pack_lines(doubles, DATA_LINE_LENGTH)
        if 1 + len(lines) > DATA_BODY_LINES:
            nv = grain.counts()[0]
            raise SystemExit(f"make_hull_grains.py: a grain of {nv} vertices needs {1 + len(lines)} lines in a "
                             f"data file; LAMMPS's read_data reads at most {DATA_BODY_LINES} lines of 255 "
                             f"characters per body: write molecule files (--molecule, --create-atoms) for "
                             f"grains this large, or use fewer --vertices")
        bodies.append((g, shape, centre, mass, grain.counts(), doubles, lines))
    with open(path, "w") as out:
        out.write(f"{title}\n{header_comments('from ' + command_line)}\n{len(bodies)} atoms\n{len(bodies)} bodies\n{max(types)} atom types\n\n")
        for (lo, hi), axis in zip(box, "xyz"):
            out.write(f"{lo:.10g} {hi:.10g} {axis}lo {axis}hi\n")
        out.write("\nAtoms # body\n\n")
        for g, shape, centre, mass, _, _, _ in bodies:
            out.write(f"{g} {types[shape]} 1 {number(mass)} {centre[0]:.10g} {centre[1]:.10g} {centre[2]:.10g}\n")
        out.write("\nBodies\n\n")
        for g, _, _, _, (nv, ne, nf), doubles, lines in bodies:
            out.write(f"{g} 3 {len(doubles)}\n{nv} {ne} {nf}\n")
            out.write("\n".join(lines) + "\n")


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="make_hull_grains.py",
        description=__doc__.split("\n\n")[0].replace("\n", " "),
        epilog="See the top of this script and doc/making_grains.rst for what the files hold and why.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    shape = parser.add_argument_group("shape")
    shape.add_argument("--shapes", type=int, default=1, metavar="K",
                       help="number of different grains (shape k uses seed + k - 1) [1]")
    shape.add_argument("--vertices", type=int, nargs="+", default=[50], metavar="N",
                       help="vertices of each grain; several values: shape k takes the k-th, cyclically [50]")
    shape.add_argument("--seed", type=int, default=1, help="seed of the first shape (and of the placement) [1]")
    shape.add_argument("--semi-axes", type=float, nargs="+", default=None, metavar="A",
                       help="semi-axes A [B C] of the ellipsoid; one value: a sphere [0.5]")
    shape.add_argument("--aspect", type=float, nargs="+", default=None, metavar="R",
                       help="aspect ratios R [R2]: semi-axes A, A/R, A/R2 (R2 = R if not given), "
                            "A from --semi-axes (one value) or 0.5")
    shape.add_argument("--scatter", type=float, default=0.05, metavar="F",
                       help="radial scatter of the points, a fraction of the ellipsoid's radius (uniform +-F) [0.05]")
    shape.add_argument("--min-edge", type=float, default=0.0, metavar="D",
                       help="least distance between two points drawn, so the shortest edge (0: any) [0]; "
                            "short edges make the contact model's ramps short (doc/making_grains.rst)")
    shape.add_argument("--rounded-diameter", type=float, default=0.1, metavar="D",
                       help="rounded diameter of every grain (twice the radius of the sphere swept over it) [0.1]")
    mass = shape.add_mutually_exclusive_group()
    mass.add_argument("--density", type=float, default=None,
                      help="mass per volume of the solid polyhedron (without the rounding) [1]")
    mass.add_argument("--mass", type=float, default=None, help="the mass of every grain (instead of --density)")
    shape.add_argument("--types", type=int, default=1, metavar="T",
                        help="atom types: shape k gets type 1 + (k - 1) %% T [1]")
    out = parser.add_argument_group("output (at least one of --molecule, --data)")
    out.add_argument("--molecule", metavar="PREFIX",
                     help="write molecule files PREFIX.1.mol ... PREFIX.K.mol, one per shape, in the principal frame")
    out.add_argument("--create-atoms", metavar="FILE",
                     help="with --molecule: write LAMMPS commands (molecule and create_atoms) that place "
                          "--count grains on a grid in random orientations, for `include FILE`")
    out.add_argument("--data", metavar="FILE",
                     help="write a data file of --count grains on a grid in random orientations "
                          "(read_data; up to about 70 vertices a grain)")
    out.add_argument("--count", type=int, default=0, metavar="N",
                     help="grains to place (--create-atoms, --data): grain g takes shape 1 + (g - 1) %% K")
    out.add_argument("--columns", type=int, default=0, metavar="C",
                     help="grid of C x C grains per layer, centred on x = y = 0 [the cube root of --count]")
    out.add_argument("--spacing", type=float, default=0.0, metavar="S",
                     help="distance of neighbouring grid sites [1.05 x the largest grain's enclosing diameter]")
    out.add_argument("--z0", type=float, default=None, metavar="Z",
                     help="height of the lowest layer [spacing / 2: just above a floor at z = 0]")
    out.add_argument("--box", type=float, nargs=6, default=None, metavar=("XLO", "XHI", "YLO", "YHI", "ZLO", "ZHI"),
                     help="box of the data file [the grid with half a spacing around it, from z = 0]")
    args = parser.parse_args(argv)

    def fail(message):
        parser.error(message)

    if args.shapes < 1:
        fail(f"--shapes {args.shapes}: expected at least 1")
    if any(n < 4 for n in args.vertices):
        fail(f"--vertices {' '.join(map(str, args.vertices))}: a grain needs at least 4 vertices")
    if args.semi_axes is not None and len(args.semi_axes) not in (1, 3):
        fail("--semi-axes: expected 1 or 3 values")
    if args.aspect is not None:
        if len(args.aspect) not in (1, 2) or min(args.aspect) <= 0.0:
            fail("--aspect: expected 1 or 2 values > 0")
        if args.semi_axes is not None and len(args.semi_axes) == 3:
            fail("--aspect goes with one --semi-axes value (the largest) or none, not three")
    a = args.semi_axes[0] if args.semi_axes else 0.5
    if args.aspect is not None:
        r1 = args.aspect[0]
        r2 = args.aspect[1] if len(args.aspect) == 2 else r1
        args.semi_axes = [a, a / r1, a / r2]
    elif args.semi_axes is None or len(args.semi_axes) == 1:
        args.semi_axes = [a, a, a]
    if min(args.semi_axes) <= 0.0:
        fail("--semi-axes: expected values > 0")
    if not 0.0 <= args.scatter < 1.0:
        fail(f"--scatter {args.scatter}: expected 0 <= F < 1")
    if args.min_edge < 0.0:
        fail(f"--min-edge {args.min_edge}: expected >= 0")
    if args.rounded_diameter < 0.0:
        fail(f"--rounded-diameter {args.rounded_diameter}: expected >= 0")
    if args.density is not None and args.density <= 0.0:
        fail(f"--density {args.density}: expected > 0")
    if args.mass is not None and args.mass <= 0.0:
        fail(f"--mass {args.mass}: expected > 0")
    if args.types < 1:
        fail(f"--types {args.types}: expected at least 1")
    if not args.molecule and not args.data:
        fail("nothing to write: give --molecule PREFIX and/or --data FILE")
    if args.create_atoms and not args.molecule:
        fail("--create-atoms needs --molecule (its commands read the molecule files)")
    if (args.create_atoms or args.data) and args.count < 1:
        fail("--create-atoms and --data need --count N (the number of grains to place)")
    if args.spacing < 0.0 or args.columns < 0:
        fail("--spacing and --columns: expected values >= 0")
    return args


def main(argv):
    args = parse_args(argv)
    command_line = "make_hull_grains.py " + " ".join(argv)
    grains = []
    for k in range(args.shapes):
        nv = args.vertices[k % len(args.vertices)]
        try:
            grain = make_grain(nv, args.semi_axes, args.scatter, args.min_edge, args.seed + k)
        except ValueError as e:
            raise SystemExit(f"make_hull_grains.py: shape {k + 1}: {e}")
        check_grain(grain)
        grains.append(grain)
    types = [1 + k % args.types for k in range(args.shapes)]
    if args.mass is not None:
        masses = [args.mass] * args.shapes
    else:
        density = args.density if args.density is not None else 1.0
        masses = [density * g.volume for g in grains]
    enclosing = [float(np.max(np.linalg.norm(g.vertices, axis=1))) + 0.5 * args.rounded_diameter for g in grains]

    nmax = max(max(g.counts()) for g in grains)
    # the least Nmax that holds every grain: LAMMPS keeps 9 Nmax + 2 values
    # per body, a grain needs 3V + 2E + 4F + 2
    least = max(math.ceil((3 * v + 2 * e + 4 * f) / 9.0) for v, e, f in (g.counts() for g in grains))
    print(f"{'shape':>5} {'type':>4} {'V':>4} {'E':>4} {'F':>4} {'volume':>10} {'rounded vol':>11} "
          f"{'mass':>10} {'moments of inertia (principal, decreasing)':>42} {'enclosing r':>11} "
          f"{'shortest edge':>13} {'edges <10deg':>12}")
    for k, g in enumerate(grains):
        nv, ne, nf = g.counts()
        moments = g.moments_per_density * masses[k] / g.volume
        lengths = np.linalg.norm(g.vertices[g.edges[:, 0]] - g.vertices[g.edges[:, 1]], axis=1)
        print(f"{k + 1:>5} {types[k]:>4} {nv:>4} {ne:>4} {nf:>4} {g.volume:>10.5g} "
              f"{rounded_volume(g, args.rounded_diameter):>11.5g} {masses[k]:>10.5g} "
              f"{' '.join(f'{m:.6g}' for m in moments):>42} {enclosing[k]:>11.5g} {lengths.min():>13.4g} "
              f"{nearly_coplanar_edges(g, NEARLY_COPLANAR_DEGREES):>12}")
    print(f"\nNmax: LAMMPS sizes the storage of every body by the Nmax of its atom_style (9 Nmax + 2 values; "
          f"a grain of V vertices, E edges and F faces needs 3V + 2E + 4F + 2) and crashes (segmentation "
          f"fault) on a body that does not fit. These grains need Nmax >= {least}; the largest of their vertex, "
          f"edge and face counts, {nmax}, is always enough. Use:")
    print(f"  atom_style body rounded/polyhedron 1 {nmax}")

    mol_ids, mol_files = [], []
    if args.molecule:
        for k, g in enumerate(grains):
            path = f"{args.molecule}.{k + 1}.mol"
            write_molecule(path, g, types[k], masses[k], args.rounded_diameter,
                           f"hull grain {k + 1} of {args.shapes} (rounded/polyhedron, principal frame), "
                           f"from make_hull_grains.py", command_line)
            mol_files.append(path)
            # a template ID of letters, digits and underscores
            mol_ids.append(re.sub(r"\W", "_", os.path.basename(args.molecule)) + f"_{k + 1}")
        print(f"wrote {', '.join(mol_files)}")

    if args.create_atoms or args.data:
        spacing = args.spacing if args.spacing > 0.0 else 2.1 * max(enclosing)
        columns = args.columns if args.columns > 0 else max(1, math.ceil(args.count ** (1.0 / 3.0) - 1e-9))
        z0 = args.z0 if args.z0 is not None else 0.5 * spacing
        places = placements(args.count, args.shapes, columns, spacing, z0, args.seed)
        layers = math.ceil(args.count / (columns * columns))
        half = 0.5 * columns * spacing
        top = z0 + (layers - 0.5) * spacing
        print(f"grid of {args.count} grains: {columns} x {columns} per layer, {layers} layers, spacing "
              f"{spacing:.4g}: x and y in [{-half:.4g}, {half:.4g}], z in [{z0 - 0.5 * spacing:.4g}, {top:.4g}]")
        if args.create_atoms:
            write_create_atoms(args.create_atoms, mol_ids, mol_files, places, command_line)
            print(f"wrote {args.create_atoms} (include it after create_box)")
        if args.data:
            box = args.box if args.box else (-half, half, -half, half, min(0.0, z0 - 0.5 * spacing), top)
            box = ((box[0], box[1]), (box[2], box[3]), (box[4], box[5]))
            write_data(args.data, grains, types, masses, args.rounded_diameter, places, box,
                       "hull grains (rounded/polyhedron), from make_hull_grains.py", command_line)
            print(f"wrote {args.data}")


if __name__ == "__main__":
    main(sys.argv[1:])
