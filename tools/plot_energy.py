#!/usr/bin/python3
"""Plots the kinetic energy and the energy balance of a LAMMPS run from its
log file (thermo columns named v_ke and v_ebal, and v_work for the work
of damping, friction and the weights, as the package's examples print
them) into a PNG file.

The balance is drawn as its change since the first line relative to the
dissipated work, (ebal(t) - ebal(0)) / |W(t)|: the error of the energy
balance as a fraction of the energy that damping and friction took, which
is what says whether a run conserves energy (a change of 1e-4 of a large
ebal says nothing by itself). Without v_work the change itself is drawn.
Where one run ends and the next begins, LAMMPS prints a line for the same
step twice; only the later one (that of the new run) is kept.

usage: tools/plot_energy.py log.lammps [output.png]
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read_thermo(path):
    """All thermo rows of all runs in the log: a list of dicts keyed by column name."""
    rows, header = [], None
    with open(path) as log:
        for line in log:
            words = line.split()
            if not words:
                continue
            if words[0] == "Step":
                header = words
                continue
            if header and words[0] == "Loop":
                header = None
                continue
            if header and len(words) == len(header):
                try:
                    rows.append({name: float(value) for name, value in zip(header, words)})
                except ValueError:
                    header = None
    return rows


def without_repeated_steps(rows):
    """The rows with each step once: of two consecutive rows of the same step
    (the last line of a run and the first of the next), the later."""
    kept = []
    for r in rows:
        if kept and kept[-1]["Step"] == r["Step"]:
            kept[-1] = r
        else:
            kept.append(r)
    return kept


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    log = sys.argv[1]
    output = sys.argv[2] if len(sys.argv) > 2 else log.rsplit(".", 1)[0] + ".energy.png"
    rows = [r for r in read_thermo(log) if "v_ke" in r]
    if not rows:
        sys.exit(f"plot_energy.py: no thermo rows with v_ke in {log}")
    rows = without_repeated_steps(rows)
    time = [r.get("Time", r["Step"]) for r in rows]
    fig, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(7, 6))
    top.semilogy(time, [max(r["v_ke"], 1e-12) for r in rows], color="tab:blue")
    top.set_ylabel("kinetic energy (with rotation)")
    if "v_ebal" in rows[0]:
        e0 = rows[0]["v_ebal"]
        if "v_work" in rows[0]:
            # skip the first lines, before damping and friction have taken
            # anything to compare with
            scale = max(abs(r["v_work"]) for r in rows)
            points = [(t, (r["v_ebal"] - e0) / abs(r["v_work"])) for t, r in zip(time, rows)
                      if abs(r["v_work"]) > 1e-6 * scale]
            bottom.plot([p[0] for p in points], [p[1] for p in points], color="tab:red")
            bottom.set_ylabel("(ebal - ebal(0)) / |W_diss|")
        else:
            bottom.plot(time, [r["v_ebal"] - e0 for r in rows], color="tab:red")
            bottom.set_ylabel("ebal - ebal(0)")
        bottom.axhline(0.0, color="0.6", linewidth=0.8)
    bottom.set_xlabel("time" if "Time" in rows[0] else "step")
    fig.suptitle(log)
    fig.tight_layout()
    fig.savefig(output, dpi=100)
    print(f"plot_energy.py: wrote {output}")


if __name__ == "__main__":
    main()
