#!/usr/bin/env python3
"""Counts the pairs of bodies in a data file (atom_style body
rounded/polygon or rounded/polyhedron) whose centres lie within the
neighbour-list cutoffs of the host's built-in styles and of the package's,
and within the reach of their features, to compare the lengths of the
neighbour lists (each pair counted once, as in the half lists of newton on).

  host list:      d < E_I + E_J + skin, E_I the largest enclosing radius of
                  type I WITHOUT the rounded radius (the host's init_one
                  returns maxerad[i] + maxerad[j]; cut_inner is not added)
  package list:   d < R_I + R_J + r_c + skin, R_I the largest enclosing
                  radius of type I including the rounded radius
                  (src/glue/pair_body_base.h cutoff_for_types), r_c the
                  cohesive cutoff (cut_inner)
  reach + skin:   d < R_i + R_j + r_c + skin with each body's own R: the
                  pairs a list needs so that no pair that can come within
                  reach before the next rebuild is missed
  in reach now:   d < R_i + R_j + r_c: pairs the per-pair function is called for

usage: count_list_pairs.py data_file skin cut_inner [periodic axes, e.g. xy]
"""
import math
import sys


def read_bodies(path):
    """Returns (box [(lo, hi)] * 3, {id: (type, (x, y, z))}, {id: R})."""
    lines = open(path).read().split("\n")
    box = [None, None, None]
    atoms, radius = {}, {}
    i = 0
    section = None
    while i < len(lines):
        words = lines[i].split()
        if len(words) == 4 and words[2] in ("xlo", "ylo", "zlo"):
            box["xyz".index(words[2][0])] = (float(words[0]), float(words[1]))
        elif words and words[0] in ("Atoms", "Bodies", "Velocities", "Masses", "Ellipsoids"):
            section = words[0]
        elif section == "Atoms" and len(words) >= 7:
            atoms[int(words[0])] = (int(words[1]), tuple(float(w) for w in words[4:7]))
        elif section == "Bodies" and len(words) == 3:
            ident, ndouble = int(words[0]), int(words[2])
            ints = [int(w) for w in lines[i + 1].split()]
            doubles = []
            k = i + 2
            while len(doubles) < ndouble:
                doubles += [float(w) for w in lines[k].split()]
                k += 1
            nv = ints[0]
            verts = [doubles[6 + 3 * v: 9 + 3 * v] for v in range(nv)]
            enclosing = max(math.sqrt(sum(c * c for c in v)) for v in verts)
            radius[ident] = (enclosing, 0.5 * doubles[-1])    # the last value: the rounded diameter
            i = k - 1
        i += 1
    return box, atoms, radius


def main():
    path, skin, cut = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
    periodic = sys.argv[4] if len(sys.argv) > 4 else ""
    box, atoms, radius = read_bodies(path)
    length = [hi - lo for lo, hi in box]
    ids = sorted(atoms)
    erad_type, rad_type = {}, {}
    for a in ids:
        t = atoms[a][0]
        e, r = radius[a]
        erad_type[t] = max(erad_type.get(t, 0.0), e)
        rad_type[t] = max(rad_type.get(t, 0.0), e + r)
    counts = {"host list": 0, "package list": 0, "reach + skin": 0, "in reach now": 0,
              "package list, cut_inner 0": 0, "reach + skin, cut_inner 0": 0}
    per = [(atoms[a][0], atoms[a][1], sum(radius[a])) for a in ids]
    wrap = [("xyz"[k] in periodic) for k in range(3)]
    for m in range(len(per)):
        ti, xi, ri = per[m]
        for n in range(m + 1, len(per)):
            tj, xj, rj = per[n]
            d2 = 0.0
            for k in range(3):
                dx = xi[k] - xj[k]
                if wrap[k]:
                    dx -= length[k] * round(dx / length[k])
                d2 += dx * dx
            d = math.sqrt(d2)
            if d < erad_type[ti] + erad_type[tj] + skin:
                counts["host list"] += 1
            if d < rad_type[ti] + rad_type[tj] + cut + skin:
                counts["package list"] += 1
            if d < rad_type[ti] + rad_type[tj] + skin:
                counts["package list, cut_inner 0"] += 1
            if d < ri + rj + cut + skin:
                counts["reach + skin"] += 1
            if d < ri + rj + skin:
                counts["reach + skin, cut_inner 0"] += 1
            if d < ri + rj + cut:
                counts["in reach now"] += 1
    print(f"{path}: {len(ids)} bodies; per type: enclosing radius without rounding "
          f"{ {t: round(v, 4) for t, v in erad_type.items()} }, with rounding "
          f"{ {t: round(v, 4) for t, v in rad_type.items()} }; skin {skin}, cut_inner {cut}")
    for name, c in counts.items():
        print(f"  {name:<28} {c:8d} pairs")


if __name__ == "__main__":
    main()
