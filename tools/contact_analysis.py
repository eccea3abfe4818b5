#!/usr/bin/python3
"""What granular physicists read from the contacts of a packing: the force
network, the coordination number, the fabric tensor and the contact
stress, from a `dump local` of compute body/contact/local (one snapshot:
the last in the file) and optionally a `dump custom` of the bodies with
compute body/contact/atom (see examples/body/in.heap3d_contacts).

Prints
  - the numbers of rows: contacts between bodies, with walls, per-pair rows;
  - the mean coordination number: from the per-body dump when given
    (column 1 of body/contact/atom, bodies and walls touching), over all
    bodies and over those with at least one contact; else from the rows
    (2 x touching pairs / bodies that touch something);
  - the fabric tensor of the contacts between bodies,
      F = sum_c n_c (x) n_c / N_c
    over the contact rows (kinds 1-6; every contact of a pair counts, with
    its normal; trace 1);
  - the contact stress of the contacts between bodies in LAMMPS's sign
    convention (positive: compression), over the volume V of the box,
      P_ab = sum_rows b_a f_b / V,
    b the branch vector (centre of body 1 minus centre of body 2), f the
    row's force on body 1; every row of a pair counts, the per-pair
    friction and adhesion rows included. This is the virial of the pair
    style over V: with --pressure (a file whose last line holds pxx pyy
    pzz pxy pxz pyz of compute pressure NULL pair, and the volume) both
    are printed side by side, with their largest difference relative to
    the largest |P_ab| (to round-off, or the precision of the dump);
  - the loads of the walls: the sum of each wall's rows (force on the
    bodies).
Draws the force network (PNG): for every contact between bodies a line
from the centre of body 1 to the contact point and on to the centre of
body 2, for a contact with a wall from the centre to the contact point,
its width proportional to the normal force fn (repulsive; cohesive and
adhesive rows dashed; wall contacts blue), in the x-y plane (2d), or
seen from above (x-y) and from the side (x-z) (3d). Without the bodies'
dump the centres are not known (a branch vector is relative), and only
the wall contacts are drawn, as short marks at their points.

usage: tools/contact_analysis.py contacts.local [--atoms bodies.dump]
           [--pressure file] [--columns "id1 id2 ..."] [--png out.png]
           [--check tolerance]
--columns names the columns of the local dump in their order, when the
dump does not name them (LAMMPS before 2022 writes c_ID[k]); the default
is the order of examples/body/in.heap3d_contacts. --check exits with 1
when the contact stress and the pressure differ by more than `tolerance`
relative to the largest |P_ab| (the tests use it).
"""
import argparse
import sys

import numpy as np

DEFAULT_COLUMNS = ("id1 id2 wall side kind px py pz nx ny nz overlap weight fn ft "
                   "fx fy fz bx by bz")
PAIR_ROWS = (7, 8)    # kinds of the per-pair friction and tangential adhesion rows


def read_last_snapshot(path):
    """(header words of the entries, rows as a 2d array, box lo/hi, step) of
    the last snapshot of a LAMMPS dump (local or custom)."""
    snapshots = []
    with open(path) as dump:
        lines = dump.read().split("\n")
    k = 0
    while k < len(lines):
        if lines[k].startswith("ITEM: TIMESTEP"):
            step = int(lines[k + 1])
            count = int(lines[k + 3])
            bounds = [[float(v) for v in lines[k + 5 + d].split()[:2]] for d in range(3)]
            words = lines[k + 8].split()[2:]
            rows = [[float(v) for v in lines[k + 9 + r].split()] for r in range(count)]
            snapshots.append((words, np.array(rows).reshape(count, len(words)), np.array(bounds), step))
            k += 9 + count
        else:
            k += 1
    if not snapshots:
        sys.exit(f"{path}: no snapshot")
    return snapshots[-1]


def columns_of(words, names):
    """Column index by name: the dump's own names, or `names` in order."""
    if all(w.startswith("c_") for w in words):
        names = names.split()
        if len(names) != len(words):
            sys.exit(f"the dump has {len(words)} columns, --columns names {len(names)}")
        return {n: k for k, n in enumerate(names)}
    return {w: k for k, w in enumerate(words)}


def need(cols, *names):
    missing = [n for n in names if n not in cols]
    if missing:
        sys.exit("the contact dump lacks the columns " + " ".join(missing))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("contacts")
    parser.add_argument("--atoms")
    parser.add_argument("--pressure")
    parser.add_argument("--columns", default=DEFAULT_COLUMNS)
    parser.add_argument("--png")
    parser.add_argument("--check", type=float)
    args = parser.parse_args()

    words, rows, box, step = read_last_snapshot(args.contacts)
    c = columns_of(words, args.columns)
    need(c, "id1", "id2", "wall", "kind", "px", "py", "pz", "nx", "ny", "nz", "fn", "fx", "fy", "fz", "bx", "by",
         "bz")
    kind = rows[:, c["kind"]].astype(int)
    wall = rows[:, c["wall"]].astype(int)
    id1 = rows[:, c["id1"]].astype(int)
    id2 = rows[:, c["id2"]].astype(int)
    point = rows[:, [c["px"], c["py"], c["pz"]]]
    normal = rows[:, [c["nx"], c["ny"], c["nz"]]]
    force = rows[:, [c["fx"], c["fy"], c["fz"]]]
    branch = rows[:, [c["bx"], c["by"], c["bz"]]]
    fn = rows[:, c["fn"]]
    contact = ~np.isin(kind, PAIR_ROWS)
    grains = wall == 0
    two_d = np.allclose(point[:, 2], 0.0) and np.allclose(normal[:, 2], 0.0)
    print(f"step {step}: {len(rows)} rows: {np.sum(contact & grains)} contacts between bodies "
          f"({len(set(zip(id1[grains], id2[grains])))} pairs), {np.sum(contact & ~grains)} with walls, "
          f"{np.sum(~contact)} per-pair rows (friction pair, tangential adhesion)")

    # coordination
    centres = None
    if args.atoms:
        awords, atoms, _, astep = read_last_snapshot(args.atoms)
        a = {w: k for k, w in enumerate(awords)}
        if astep != step:
            print(f"warning: the bodies' dump is of step {astep}, the contacts of step {step}")
        ids = atoms[:, a["id"]].astype(int)
        centres = {i: atoms[r, [a["x"], a["y"], a["z"]]] for r, i in enumerate(ids)}
        zcol = next((w for w in awords if w.endswith("[1]") and w.startswith("c_")), None)
        if zcol:
            z = atoms[:, a[zcol]]
            print(f"mean coordination number (bodies and walls touching, {zcol}): {z.mean():.4f} over all "
                  f"{len(z)} bodies, {z[z > 0].mean() if np.any(z > 0) else 0.0:.4f} over the "
                  f"{np.sum(z > 0)} with contacts ({np.sum(z == 0)} rattlers)")
    touching = set(id1[contact]) | set(id2[contact & grains])
    npairs = len(set(zip(id1[contact & grains], id2[contact & grains])))
    nwalls = len(set(zip(id1[contact & ~grains], wall[contact & ~grains], rows[contact & ~grains, c["side"]]
                         if "side" in c else wall[contact & ~grains])))
    if touching:
        print(f"from the rows: (2 x {npairs} touching pairs + {nwalls} body-wall contacts) / {len(touching)} "
              f"bodies with contacts = {(2 * npairs + nwalls) / len(touching):.4f}")

    # fabric tensor of the contacts between bodies
    n = normal[contact & grains]
    if len(n):
        fabric = n.T @ n / len(n)
        print("fabric tensor sum(n n)/N_c of the contacts between bodies (rows xx yy zz):")
        for r in range(3):
            print("  " + "  ".join(f"{v:12.6f}" for v in fabric[r]))
        print(f"  eigenvalues {np.linalg.eigvalsh(fabric)}")

    # contact stress of the contacts between bodies, LAMMPS's convention
    volume = np.prod(box[:, 1] - box[:, 0]) if not two_d else (box[0, 1] - box[0, 0]) * (box[1, 1] - box[1, 0])
    pressure_file = None
    if args.pressure:
        values = [line.split() for line in open(args.pressure) if line.strip() and not line.startswith("#")][-1]
        pressure_file = np.array([float(v) for v in values[:6]])
        volume = float(values[6])
    w = branch[grains].T @ force[grains]    # w[a][b] = sum b_a f_b
    stress = np.array([w[0, 0], w[1, 1], w[2, 2], w[0, 1], w[0, 2], w[1, 2]]) / volume
    names = ["xx", "yy", "zz", "xy", "xz", "yz"]
    print(f"contact stress sum(b f)/V of the rows between bodies (V = {volume:g}; positive: compression):")
    if pressure_file is not None:
        scale = max(np.max(np.abs(pressure_file)), 1e-300)
        diff = np.max(np.abs(stress - pressure_file)) / scale
        for k in range(6):
            print(f"  {names[k]}: rows {stress[k]: .10e}   LAMMPS pressure of the pair style {pressure_file[k]: .10e}")
        print(f"  largest difference / largest |P|: {diff:.3e}")
    else:
        for k in range(6):
            print(f"  {names[k]}: {stress[k]: .10e}")

    # the walls' loads
    for k in sorted(set(wall[~grains])):
        total = force[wall == k].sum(axis=0)
        print(f"wall fix {k}: force on the bodies {total[0]: .6e} {total[1]: .6e} {total[2]: .6e} "
              f"({np.sum((wall == k) & contact)} contacts)")

    draw(args.png or args.contacts + ".png", point, branch, fn, id1, id2, grains, contact, centres, two_d)

    if args.check is not None:
        if pressure_file is None:
            sys.exit("--check needs --pressure")
        if not diff <= args.check:
            print(f"FAILED: contact stress and pressure differ by {diff:.3e} > {args.check}")
            sys.exit(1)


def draw(path, point, branch, fn, id1, id2, grains, contact, centres, two_d):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection

    # 2d: the x-y plane; 3d: a view from above (x-y) and from the side (x-z)
    views = [(0, 1)] if two_d else [(0, 1), (0, 2)]
    top = max(np.max(np.abs(fn[contact])), 1e-300) if np.any(contact) else 1.0
    extent = [np.ptp(point[:, v]) + 1.0 if len(point) else 1.0 for _, v in views]
    fig, axes = plt.subplots(len(views), 1, figsize=(8, 8 if len(views) > 1 else 6), squeeze=False,
                             gridspec_kw={"height_ratios": extent})
    for ax, (h, v) in zip(axes[:, 0], views):
        segments, widths, styles, colors = [], [], [], []
        for r in np.flatnonzero(contact):
            p = point[r][[h, v]]
            if centres is not None and id1[r] in centres:
                x1 = centres[id1[r]][[h, v]]
                # body 2 through the contact point: the image that touches
                segments.append([x1, p, x1 - branch[r][[h, v]]] if grains[r] else [x1, p])
            elif not grains[r]:
                segments.append([p - 0.05, p + 0.05])
            else:
                continue
            widths.append(0.2 + 3.0 * abs(fn[r]) / top)
            styles.append("solid" if fn[r] >= 0 else "dashed")
            colors.append("k" if grains[r] else "tab:blue")
        if centres is not None:
            xy = np.array([c[[h, v]] for c in centres.values()])
            ax.scatter(xy[:, 0], xy[:, 1], s=3, c="0.6", zorder=1)
        ax.add_collection(LineCollection(segments, linewidths=widths, linestyles=styles, colors=colors, zorder=2))
        ax.autoscale()
        ax.set_aspect("equal")
        ax.set_xlabel("xyz"[h])
        ax.set_ylabel("xyz"[v])
    axes[0, 0].set_title("force network: line width ~ normal force (dashed: attractive; blue: walls)")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    print(f"force network drawn in {path}")


if __name__ == "__main__":
    main()
