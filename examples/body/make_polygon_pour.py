#!/usr/bin/env python3
"""Writes data.polygon_pour: rounded squares and pentagons on a loose grid
above a floor, with random orientations and small random velocities, for
in.polygon_pour. Deterministic (fixed seed).

usage: make_polygon_pour.py [ncolumns] [nrows] [output] [squares_only]
"""
import math
import random
import sys

from make_polygon_gas import plate_inertia, write_polygon_data


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
                           rounded_diameter, plate_inertia(mass, verts)))

    write_polygon_data(output,
                       "2d rounded squares (type 1) and pentagons (type 2) above a floor, from make_polygon_pour.py",
                       (-width / 2, width / 2, 0.0, height), bodies)


if __name__ == "__main__":
    main()
