#!/usr/bin/env python3
"""Writes data.polygon_pour: rounded squares and pentagons on a loose grid
above a floor, with random orientations and small random velocities, for
in.polygon_pour. Deterministic (fixed seed).

usage: make_polygon_pour.py [ncolumns] [nrows] [output] [squares_only]
"""
import math
import random
import sys

from make_polygon_gas import plate_inertia


def regular_polygon(n, radius, angle):
    return [(radius * math.cos(angle + 2 * math.pi * k / n), radius * math.sin(angle + 2 * math.pi * k / n))
            for k in range(n)]


def polygon_area(vertices):
    n = len(vertices)
    return 0.5 * sum(vertices[k][0] * vertices[(k + 1) % n][1] - vertices[(k + 1) % n][0] * vertices[k][1]
                     for k in range(n))


def main():
    ncol = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    nrow = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    output = sys.argv[3] if len(sys.argv) > 3 else "data.polygon_pour"
    squares_only = len(sys.argv) > 4 and sys.argv[4] == "squares_only"
    rng = random.Random(7)
    spacing, rounded_diameter = 1.6, 0.1
    width = ncol * spacing
    height = (nrow + 2) * spacing * 1.5
    bodies = []
    for row in range(nrow):
        for col in range(ncol):
            x = (col + 0.5) * spacing - 0.5 * width
            y = (row + 1.0) * spacing
            if (row + col) % 3 == 2 and not squares_only:
                verts, kind = regular_polygon(5, 0.55, rng.uniform(0, 2 * math.pi)), 2
            else:
                verts, kind = regular_polygon(4, 0.6, rng.uniform(0, 2 * math.pi)), 1
            mass = polygon_area(verts)
            bodies.append((kind, x, y, rng.uniform(-0.2, 0.2), rng.uniform(-0.2, 0.2), mass, verts,
                           plate_inertia(mass, verts)))

    with open(output, "w") as out:
        out.write("2d rounded squares (type 1) and pentagons (type 2) above a floor, from make_polygon_pour.py\n\n")
        out.write(f"{len(bodies)} atoms\n{len(bodies)} bodies\n2 atom types\n\n")
        out.write(f"{-width / 2} {width / 2} xlo xhi\n0.0 {height} ylo yhi\n-0.5 0.5 zlo zhi\n\n")
        out.write("Atoms # body\n\n")
        for k, b in enumerate(bodies, 1):
            out.write(f"{k} {b[0]} 1 {b[5]:.12g} {b[1]:.12g} {b[2]:.12g} 0\n")
        out.write("\nBodies\n\n")
        for k, b in enumerate(bodies, 1):
            verts = b[6]
            out.write(f"{k} 1 {6 + 3 * len(verts) + 1}\n{len(verts)}\n")
            out.write(" ".join(f"{c:.12g}" for c in b[7]) + "\n")
            for vx, vy in verts:
                out.write(f"{vx:.12g} {vy:.12g} 0\n")
            out.write(f"{rounded_diameter}\n")
        out.write("\nVelocities\n\n")
        for k, b in enumerate(bodies, 1):
            out.write(f"{k} {b[3]:.12g} {b[4]:.12g} 0 0 0 0\n")


if __name__ == "__main__":
    main()
