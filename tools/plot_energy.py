#!/usr/bin/python3
"""Plots the kinetic energy and the energy balance of a LAMMPS run from its
log file (thermo columns named v_ke and v_ebal, as the package's examples
print them) into a PNG file.

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


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    log = sys.argv[1]
    output = sys.argv[2] if len(sys.argv) > 2 else log.rsplit(".", 1)[0] + ".energy.png"
    rows = [r for r in read_thermo(log) if "v_ke" in r]
    if not rows:
        sys.exit(f"plot_energy.py: no thermo rows with v_ke in {log}")
    time = [r.get("Time", r["Step"]) for r in rows]
    fig, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(7, 6))
    top.semilogy(time, [max(r["v_ke"], 1e-12) for r in rows], color="tab:blue")
    top.set_ylabel("kinetic energy (with rotation)")
    if "v_ebal" in rows[0]:
        bottom.plot(time, [r["v_ebal"] for r in rows], color="tab:red")
        bottom.set_ylabel("energy balance ebal")
    bottom.set_xlabel("time" if "Time" in rows[0] else "step")
    fig.suptitle(log)
    fig.tight_layout()
    fig.savefig(output, dpi=100)
    print(f"plot_energy.py: wrote {output}")


if __name__ == "__main__":
    main()
