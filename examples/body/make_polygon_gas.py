#!/usr/bin/env python3
"""Writes data.polygon_gas: a 2d gas of rounded squares and disks in a
periodic box, for in.polygon_gas. Deterministic (fixed seed).

usage: make_polygon_gas.py [nx] [output] [mixed|disks]
"""
import math
import random
import sys


def plate_inertia(mass, vertices):
    """Inertia (xx yy zz xy xz yz) of a uniform plate bounded by the polygon."""
    area = sxx = syy = sxy = 0.0
    n = len(vertices)
    for k in range(n):
        x0, y0 = vertices[k]
        x1, y1 = vertices[(k + 1) % n]
        c = x0 * y1 - x1 * y0
        area += 0.5 * c
        syy += c * (x0 * x0 + x0 * x1 + x1 * x1) / 12.0
        sxx += c * (y0 * y0 + y0 * y1 + y1 * y1) / 12.0
        sxy += c * (x0 * y1 + 2 * x0 * y0 + 2 * x1 * y1 + x1 * y0) / 24.0
    rho = mass / area
    return [rho * sxx, rho * syy, rho * (sxx + syy), -rho * sxy, 0.0, 0.0]


def write_polygon_data(output, title, box, bodies):
    """Writes a data file of atom_style body rounded/polygon. box: (xlo, xhi,
    ylo, yhi); bodies: (type, x, y, vx, vy, mass, vertices, rounded
    diameter, inertia xx yy zz xy xz yz)."""
    xlo, xhi, ylo, yhi = box
    with open(output, "w") as out:
        out.write(f"{title}\n\n")
        out.write(f"{len(bodies)} atoms\n{len(bodies)} bodies\n2 atom types\n\n")
        out.write(f"{xlo} {xhi} xlo xhi\n{ylo} {yhi} ylo yhi\n")
        out.write("-0.5 0.5 zlo zhi\n\nAtoms # body\n\n")
        for k, b in enumerate(bodies, 1):
            out.write(f"{k} {b[0]} 1 {b[5]:.12g} {b[1]:.12g} {b[2]:.12g} 0\n")
        out.write("\nBodies\n\n")
        for k, b in enumerate(bodies, 1):
            verts = b[6]
            out.write(f"{k} 1 {6 + 3 * len(verts) + 1}\n{len(verts)}\n")
            out.write(" ".join(f"{c:.12g}" for c in b[8]) + "\n")
            for vx, vy in verts:
                out.write(f"{vx:.12g} {vy:.12g} 0\n")
            out.write(f"{b[7]}\n")
        out.write("\nVelocities\n\n")
        for k, b in enumerate(bodies, 1):
            out.write(f"{k} {b[3]:.12g} {b[4]:.12g} 0 0 0 0\n")


def main():
    nx = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    output = sys.argv[2] if len(sys.argv) > 2 else "data.polygon_gas"
    disks_only = len(sys.argv) > 3 and sys.argv[3] == "disks"
    rng = random.Random(20261202)
    spacing, side, rounded_diameter = 2.0, 1.0, 0.2
    length = nx * spacing
    bodies = []
    for i in range(nx):
        for j in range(nx):
            x = (i + 0.5) * spacing - 0.5 * length
            y = (j + 0.5) * spacing - 0.5 * length
            vx, vy = rng.uniform(-1, 1), rng.uniform(-1, 1)
            if (i + j) % 2 == 0 and not disks_only:
                a = rng.uniform(0, math.pi / 2)
                r = side / math.sqrt(2.0)
                verts = [(r * math.cos(a + math.pi / 4 + k * math.pi / 2),
                          r * math.sin(a + math.pi / 4 + k * math.pi / 2)) for k in range(4)]
                mass = side * side
                inertia = plate_inertia(mass, verts)
                bodies.append((1, x, y, vx, vy, mass, verts, rounded_diameter, inertia))
            else:
                d = 1.2
                mass = math.pi * d * d / 4
                inertia = [mass * d * d / 16, mass * d * d / 16, mass * d * d / 8, 0.0, 0.0, 0.0]
                bodies.append((2, x, y, vx, vy, mass, [(0.0, 0.0)], d, inertia))

    write_polygon_data(output, "2d gas of rounded squares (type 1) and disks (type 2), from make_polygon_gas.py",
                       (-length / 2, length / 2, -length / 2, length / 2), bodies)


if __name__ == "__main__":
    main()
