#!/usr/bin/env python3
"""Writes data.adhesive_cubes: rounded unit cubes in random orientations
on a cubic lattice in a periodic box, for in.adhesive_cubes.
Deterministic (fixed seed).

usage: make_adhesive_cubes.py [n_side] [output]
"""
import random
import sys

from make_heap3d import CUBE_EDGES, CUBE_FACES, CUBE_VERTICES, random_rotation, rotate, write_polyhedron_data


def main():
    n_side = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    output = sys.argv[2] if len(sys.argv) > 2 else "data.adhesive_cubes"
    rng = random.Random(2027)
    # spacing 2 > 2 x 0.966, the enclosing diameter of a cube with its rounding: no overlaps
    spacing, side, rounded_diameter = 2.0, 1.0, 0.2
    mass = 1.0
    inertia = mass * side * side / 6.0    # solid cube, any axis
    bodies = []
    for i in range(n_side):
        for j in range(n_side):
            for k in range(n_side):
                centre = tuple((n + 0.5) * spacing for n in (i, j, k))
                rot = random_rotation(rng)
                verts = [rotate(rot, tuple(0.5 * side * c for c in v)) for v in CUBE_VERTICES]
                bodies.append((1, centre, mass, inertia, verts, CUBE_EDGES, CUBE_FACES))
    edge = n_side * spacing
    write_polyhedron_data(output, "rounded unit cubes in a periodic box, from make_adhesive_cubes.py", 1,
                          ((0.0, edge),) * 3, bodies, rounded_diameter)


if __name__ == "__main__":
    main()
