#!/usr/bin/env python3
"""Writes data.heap3d: rounded cubes (type 1) and rounded regular
tetrahedra (type 2) in random orientations on a loose grid above a floor,
a column that collapses into a heap, for in.heap3d_granular.
Deterministic (fixed seed).

usage: make_heap3d.py [n_side] [n_layers] [output]
"""
import math
import random
import sys

CUBE_VERTICES = [(-1, -1, -1), (1, -1, -1), (1, 1, -1), (-1, 1, -1),
                 (-1, -1, 1), (1, -1, 1), (1, 1, 1), (-1, 1, 1)]
CUBE_EDGES = [(0, 1), (1, 2), (2, 3), (3, 0), (4, 5), (5, 6), (6, 7), (7, 4), (0, 4), (1, 5), (2, 6), (3, 7)]
# counter-clockwise seen from outside
CUBE_FACES = [(0, 3, 2, 1), (4, 5, 6, 7), (0, 1, 5, 4), (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7)]

TETRA_EDGES = [(0, 1), (1, 2), (2, 0), (0, 3), (1, 3), (2, 3)]
TETRA_FACES = [(0, 2, 1, -1), (0, 1, 3, -1), (1, 2, 3, -1), (2, 0, 3, -1)]


def tetra_vertices(edge):
    """Regular tetrahedron with its centroid at the origin."""
    h = edge * math.sqrt(2.0 / 3.0)
    r = edge / math.sqrt(3.0)
    base = [(r * math.cos(2 * math.pi * k / 3), r * math.sin(2 * math.pi * k / 3), -h / 4) for k in range(3)]
    return base + [(0.0, 0.0, 3 * h / 4)]


def random_rotation(rng):
    """Rotation matrix of a uniformly random unit quaternion."""
    u1, u2, u3 = rng.random(), rng.random(), rng.random()
    w = math.sqrt(1 - u1) * math.sin(2 * math.pi * u2)
    x = math.sqrt(1 - u1) * math.cos(2 * math.pi * u2)
    y = math.sqrt(u1) * math.sin(2 * math.pi * u3)
    z = math.sqrt(u1) * math.cos(2 * math.pi * u3)
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]


def rotate(m, p):
    return tuple(sum(m[r][c] * p[c] for c in range(3)) for r in range(3))


def write_polyhedron_data(output, title, ntypes, box, bodies, rounded_diameter):
    """Writes a data file of atom_style body rounded/polyhedron. box: (lo, hi)
    per axis; bodies: (type, centre, mass, inertia about any axis, vertices
    relative to the centre, edges, faces)."""
    with open(output, "w") as out:
        out.write(f"{title}\n\n")
        out.write(f"{len(bodies)} atoms\n{len(bodies)} bodies\n{ntypes} atom types\n\n")
        for (lo, hi), axis in zip(box, "xyz"):
            out.write(f"{lo} {hi} {axis}lo {axis}hi\n")
        out.write("\nAtoms # body\n\n")
        for k, b in enumerate(bodies, 1):
            out.write(f"{k} {b[0]} 1 {b[2]:.12g} {b[1][0]:.12g} {b[1][1]:.12g} {b[1][2]:.12g}\n")
        out.write("\nBodies\n\n")
        for k, b in enumerate(bodies, 1):
            verts, edges, faces = b[4], b[5], b[6]
            ndouble = 6 + 3 * len(verts) + 2 * len(edges) + 4 * len(faces) + 1
            out.write(f"{k} 3 {ndouble}\n{len(verts)} {len(edges)} {len(faces)}\n")
            out.write(f"{b[3]:.12g} {b[3]:.12g} {b[3]:.12g} 0 0 0\n")
            for v in verts:
                out.write(f"{v[0]:.12g} {v[1]:.12g} {v[2]:.12g}\n")
            for e in edges:
                out.write(f"{e[0]} {e[1]}\n")
            for f in faces:
                out.write(" ".join(str(c) for c in f) + "\n")
            out.write(f"{rounded_diameter}\n")


def main():
    n_side = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    n_layers = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    output = sys.argv[3] if len(sys.argv) > 3 else "data.heap3d"
    rng = random.Random(2026)
    spacing, side, edge, rounded_diameter = 2.0, 1.0, 1.3, 0.1
    density = 1.0
    bodies = []
    for layer in range(n_layers):
        for i in range(n_side):
            for j in range(n_side):
                x = (i - 0.5 * (n_side - 1)) * spacing + rng.uniform(-0.1, 0.1)
                y = (j - 0.5 * (n_side - 1)) * spacing + rng.uniform(-0.1, 0.1)
                z = 1.5 + layer * spacing
                rot = random_rotation(rng)
                if (i + j + layer) % 2 == 0:
                    verts = [rotate(rot, tuple(0.5 * side * c for c in v)) for v in CUBE_VERTICES]
                    mass = density * side ** 3
                    inertia = mass * side * side / 6.0      # solid cube, any axis
                    bodies.append((1, (x, y, z), mass, inertia, verts, CUBE_EDGES, CUBE_FACES))
                else:
                    verts = [rotate(rot, v) for v in tetra_vertices(edge)]
                    mass = density * edge ** 3 / (6 * math.sqrt(2))
                    inertia = mass * edge * edge / 20.0     # solid regular tetrahedron, any axis
                    bodies.append((2, (x, y, z), mass, inertia, verts, TETRA_EDGES, TETRA_FACES))

    half = 0.5 * n_side * spacing + 8.0
    top = 1.5 + n_layers * spacing + 2.0
    write_polyhedron_data(output, "rounded cubes (type 1) and tetrahedra (type 2) above a floor, from make_heap3d.py",
                          2, ((-half, half), (-half, half), (0.0, top)), bodies, rounded_diameter)

if __name__ == "__main__":
    main()
