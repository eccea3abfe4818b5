#!/usr/bin/env python3
"""Writes the loose columns that bench/in.settle_pour3d and
bench/in.settle_squares settle into the packings of the benchmark cases
with the parameters of the host's own examples (examples/body/in.pour3d
and in.squares of the host LAMMPS). Deterministic (fixed seeds).

  pour3d:  2016 bodies (12 x 12 x 14 on a grid), alternately the host's
           molecule.cube (edge 2, type 1) and molecule.tetra (vertices at
           alternate corners of that cube, edge 2 sqrt 2, type 2), rounding
           diameter 0.5, mass 1 and the molecule files' inertia, random
           orientations; a box 50 x 50 periodic in x and y as in in.pour3d.
  squares: 2000 squares of edge 4 (data.squares), rounding diameter 0.5,
           mass 1, 50 columns x 40 rows, nearly aligned with the axes
           (random turn up to 0.1 rad) so that the column starts compact;
           x periodic, 250 wide.

usage: make_host_example_packings.py pour3d|squares output
"""
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples", "body"))
from make_heap3d import CUBE_EDGES, CUBE_FACES, TETRA_EDGES, TETRA_FACES, random_rotation, rotate, \
    write_polyhedron_data  # noqa: E402
from make_polygon_gas import plate_inertia, write_polygon_data  # noqa: E402

CUBE = [(-1, -1, -1), (1, -1, -1), (1, 1, -1), (-1, 1, -1), (-1, -1, 1), (1, -1, 1), (1, 1, 1), (-1, 1, 1)]
# alternate corners of the cube; faces of TETRA_FACES are counter-clockwise
# seen from outside for this order
TETRA = [(1, 1, 1), (-1, -1, 1), (1, -1, -1), (-1, 1, -1)]


def outward_faces(verts, faces):
    """Orders each face counter-clockwise seen from outside (the centre is
    the origin)."""
    out = []
    for f in faces:
        idx = [i for i in f if i >= 0]
        a, b, c = (verts[i] for i in idx[:3])
        u = [b[k] - a[k] for k in range(3)]
        v = [c[k] - a[k] for k in range(3)]
        n = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
        if sum(n[k] * a[k] for k in range(3)) < 0:
            idx = idx[::-1]
        out.append(tuple(idx) + (-1,) * (len(f) - len(idx)))
    return out


def pour3d(output):
    rng = random.Random(4767548)
    n_side, n_layers, length = 12, 14, 50.0
    spacing, zspacing = length / n_side, 4.0     # enclosing diameter 2 (sqrt 3 + 0.25) = 3.96
    bodies = []
    for layer in range(n_layers):
        for i in range(n_side):
            for j in range(n_side):
                centre = ((i + 0.5) * spacing, (j + 0.5) * spacing, 2.5 + layer * zspacing)
                rot = random_rotation(rng)
                if (i + j + layer) % 2 == 0:
                    verts = [rotate(rot, v) for v in CUBE]
                    bodies.append((1, centre, 1.0, 0.667, verts, CUBE_EDGES, outward_faces(CUBE, CUBE_FACES)))
                else:
                    verts = [rotate(rot, v) for v in TETRA]
                    bodies.append((2, centre, 1.0, 0.4, verts, TETRA_EDGES, outward_faces(TETRA, TETRA_FACES)))
    top = 2.5 + n_layers * zspacing + 5.0
    write_polyhedron_data(output, "the host's in.pour3d cubes (type 1) and tetrahedra (type 2), from "
                          "make_host_example_packings.py", 2, ((0.0, length), (0.0, length), (0.0, top)),
                          bodies, 0.5)


def squares(output):
    rng = random.Random(980411)
    ncol, nrow, spacing = 50, 40, 5.0
    width = ncol * spacing
    bodies = []
    for row in range(nrow):
        for col in range(ncol):
            a = rng.uniform(-0.1, 0.1)
            verts = [(2.0 * math.sqrt(2) * math.cos(a + math.pi / 4 + k * math.pi / 2),
                      2.0 * math.sqrt(2) * math.sin(a + math.pi / 4 + k * math.pi / 2)) for k in range(4)]
            bodies.append((1, (col + 0.5) * spacing - 0.5 * width, 3.0 + row * spacing, 0.0, 0.0, 1.0,
                           verts, 0.5, plate_inertia(1.0, verts)))
    write_polygon_data(output, "the host's in.squares squares, from make_host_example_packings.py",
                       (-width / 2, width / 2, 0.0, 3.0 + nrow * spacing + 5.0), bodies)


if __name__ == "__main__":
    {"pour3d": pour3d, "squares": squares}[sys.argv[1]](sys.argv[2])
