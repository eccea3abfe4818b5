#!/usr/bin/env python3
"""Spheres for the benchmark's sphere cases (run by run_benchmarks.py).

  make_spheres3d.py column N_SIDE N_LAYERS OUTPUT
      N_SIDE x N_SIDE x N_LAYERS spheres of diameter 1 (density 1) on the
      grid of examples/body/make_heap3d.py (spacing 2, small random
      offsets), as an atom_style sphere data file: the column that
      in.settle_spheres3d pours into the box.

  make_spheres3d.py bodies SETTLED OUTPUT
      Rewrites SETTLED (write_data of atom_style sphere, after settling)
      as one-vertex bodies of atom_style body rounded/polyhedron: the
      same positions, masses, velocities and angular momenta (I omega
      with I = m d^2 / 10), the rounded diameter = the sphere's diameter.

Deterministic (fixed seed).
"""
import random
import sys

DIAMETER, DENSITY, SPACING = 1.0, 1.0, 2.0


def write_column(n_side, n_layers, output):
    rng = random.Random(2026)
    atoms = []
    for layer in range(n_layers):
        for i in range(n_side):
            for j in range(n_side):
                x = (i - 0.5 * (n_side - 1)) * SPACING + rng.uniform(-0.1, 0.1)
                y = (j - 0.5 * (n_side - 1)) * SPACING + rng.uniform(-0.1, 0.1)
                atoms.append((x, y, 1.5 + layer * SPACING))
    half = 0.5 * n_side * SPACING + 8.0
    top = 1.5 + n_layers * SPACING + 2.0
    with open(output, "w") as out:
        out.write("spheres above a floor, from bench/make_spheres3d.py\n\n")
        out.write(f"{len(atoms)} atoms\n1 atom types\n\n")
        out.write(f"{-half} {half} xlo xhi\n{-half} {half} ylo yhi\n0.0 {top} zlo zhi\n\nAtoms # sphere\n\n")
        for k, (x, y, z) in enumerate(atoms, 1):
            out.write(f"{k} 1 {DIAMETER} {DENSITY} {x:.12g} {y:.12g} {z:.12g}\n")


def read_sections(path):
    """Header lines and the sections of a LAMMPS data file {name: [rows]}."""
    header, sections, current = [], {}, None
    with open(path) as f:
        lines = f.read().splitlines()
    for line in lines[1:]:
        text = line.split("#")[0].strip()
        if not text:
            continue
        if text[0].isalpha():
            current = text
            sections[current] = []
        elif current is None:
            header.append(text)
        else:
            sections[current].append(text.split())
    return header, sections


def write_bodies(settled, output):
    header, sections = read_sections(settled)
    box = [h for h in header if h.endswith(("xlo xhi", "ylo yhi", "zlo zhi"))]
    atoms = sorted(sections["Atoms"], key=lambda r: int(r[0]))
    velocities = {int(r[0]): r[1:7] for r in sections.get("Velocities", [])}
    with open(output, "w") as out:
        out.write("one-vertex bodies (spheres) from bench/make_spheres3d.py bodies\n\n")
        out.write(f"{len(atoms)} atoms\n{len(atoms)} bodies\n1 atom types\n\n")
        out.write("\n".join(box) + "\n\nAtoms # body\n\n")
        masses = {}
        for r in atoms:
            # id type diameter density x y z [ix iy iz]
            atom_id, diameter, density = int(r[0]), float(r[2]), float(r[3])
            mass = density * 3.141592653589793 / 6.0 * diameter ** 3
            masses[atom_id] = (mass, diameter)
            out.write(f"{atom_id} {r[1]} 1 {mass:.17g} {' '.join(r[4:])}\n")
        out.write("\nBodies\n\n")
        for r in atoms:
            atom_id = int(r[0])
            mass, diameter = masses[atom_id]
            inertia = mass * diameter * diameter / 10.0
            out.write(f"{atom_id} 3 10\n1 0 0\n{inertia:.17g} {inertia:.17g} {inertia:.17g} 0 0 0\n"
                      f"0 0 0\n{diameter:.17g}\n")
        if velocities:
            out.write("\nVelocities\n\n")
            for r in atoms:
                atom_id = int(r[0])
                mass, diameter = masses[atom_id]
                inertia = mass * diameter * diameter / 10.0
                v = [float(c) for c in velocities[atom_id]]
                out.write(f"{atom_id} {v[0]:.17g} {v[1]:.17g} {v[2]:.17g} "
                          f"{inertia * v[3]:.17g} {inertia * v[4]:.17g} {inertia * v[5]:.17g}\n")


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "column":
        write_column(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    elif len(sys.argv) == 4 and sys.argv[1] == "bodies":
        write_bodies(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
