#!/usr/bin/env python3
"""Benchmarks of the package's styles against the host LAMMPS's built-in
styles, measured side by side in one run of this script on this machine.

Each case runs a LAMMPS process on the same input: with the plugin loaded
(the package's style) or without it (the host's built-in style of the same
name). Every measurement is preceded by one warm-up run and repeated; the
table gives the median timesteps/s, the min-max range, and the ratio to
the case's baseline. Speed is measured here, never asserted by a test.

The OpenMP section runs the /omp variant of each pair style (picked by
-sf omp from the same input) with 1 and 2 threads, alternating the two so
that both see the same machine load, and prints the speed-up of 2 threads
over 1 (median over median).

usage: bench/run_benchmarks.py [--build build] [--repeat 3] [--steps N] [--skip-omp] [--omp-only]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def run_lammps(lmp, args, cwd, nprocs=1, threads=1, env_extra=None):
    cmd = [lmp, "-log", "none", "-echo", "none", "-nocite"] + args
    if nprocs > 1:
        cmd = ["mpirun", "-np", str(nprocs), "--oversubscribe"] + cmd
        if os.geteuid() == 0:
            cmd.insert(1, "--allow-run-as-root")
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    if env_extra:
        env.update(env_extra)
    out = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if out.returncode != 0 or "ERROR" in out.stdout:
        sys.stderr.write(out.stdout[-3000:] + out.stderr[-3000:])
        raise RuntimeError("LAMMPS failed: " + " ".join(cmd))
    return out.stdout


def steps_per_second(output):
    """timesteps/s of the last run, from its 'Loop time of T on P procs for N steps' line."""
    loops = re.findall(r"Loop time of ([0-9.eE+-]+) on \d+ procs for (\d+) steps", output)
    if not loops:
        raise RuntimeError("no 'Loop time' line in the LAMMPS output")
    seconds, steps = loops[-1]
    return int(steps) / float(seconds)


def ensure_polygon_packing(lmp, plugin, work, settle_steps):
    """2000 rounded squares poured onto a floor and settled for `settle_steps`
    steps with the package's style and history (made once, kept in `work`).

    Squares only: the host's built-in style keeps at most 4 candidate
    contacts per pair on the stack and crashes on a dense packing with
    pentagons (more vertex-edge candidates within its cutoff)."""
    packing = os.path.join(work, f"packing_squares_{settle_steps}.data")
    if os.path.exists(packing):
        return packing
    source = os.path.join(work, "data.square_pour_2000")
    if not os.path.exists(source):
        subprocess.run([sys.executable, os.path.join(ROOT, "examples", "body", "make_polygon_pour.py"),
                        "50", "40", source, "squares_only"], check=True)
    print(f"bench: settling 2000 squares for {settle_steps} steps (kept in {work}) ...", flush=True)
    run_lammps(lmp, ["-in", os.path.join(HERE, "in.settle_polygons"), "-var", "plugin", plugin,
                     "-var", "input", source, "-var", "output", packing + ".tmp",
                     "-var", "nsteps", str(settle_steps)], cwd=work)
    os.replace(packing + ".tmp", packing)
    return packing


def measure(label, lmp, args, cwd, repeat, **kw):
    """Median and range of timesteps/s, or None when LAMMPS fails (e.g. crashes)."""
    try:
        run_lammps(lmp, args, cwd, **kw)    # warm-up: caches, page faults, CPU clock
        rates = [steps_per_second(run_lammps(lmp, args, cwd, **kw)) for _ in range(repeat)]
    except RuntimeError as e:
        print(f"  {label:<46} FAILED ({e})", flush=True)
        return None
    print(f"  {label:<46} {statistics.median(rates):10.1f} steps/s", flush=True)
    return rates


def measure_alternating(configs, lmp, cwd, repeat):
    """Like measure() for several configurations [(label, args, threads)],
    run in turn (a warm-up of each, then `repeat` rounds of one run each),
    so that a change of the machine's load affects all of them alike."""
    rates = {label: [] for label, _, _ in configs}
    try:
        for label, args, threads in configs:
            run_lammps(lmp, args, cwd, threads=threads)
        for _ in range(repeat):
            for label, args, threads in configs:
                rates[label].append(steps_per_second(run_lammps(lmp, args, cwd, threads=threads)))
    except RuntimeError as e:
        print(f"  FAILED ({e})", flush=True)
        return {label: None for label, _, _ in configs}
    for label, _, _ in configs:
        print(f"  {label:<46} {statistics.median(rates[label]):10.1f} steps/s", flush=True)
    return rates


def omp_polygon_cases(lmp, plugin, work, repeat, steps):
    """body/rounded/polygon/omp on the settled 2d packing (with history and
    the walls), 1 and 2 threads; rows (case, threads, rates)."""
    packing = ensure_polygon_packing(lmp, plugin, work, 30000)
    case = "2d packing, 2000 squares, settled, history"
    base = ["-in", os.path.join(HERE, "in.bench_polygons"), "-var", "data", packing, "-var", "nsteps", str(steps),
            "-var", "load", f"plugin load {plugin}", "-var", "history", "history"]
    print(f"{case} (OpenMP):", flush=True)
    configs = [(f"body/rounded/polygon/omp, {n} thread{'s' if n > 1 else ''}",
                base + ["-sf", "omp", "-pk", "omp", str(n)], n) for n in (1, 2)]
    rates = measure_alternating(configs, lmp, work, repeat)
    return [(case, n, rates[label]) for (label, _, n) in configs]


# The 3d heap of polyhedra (body/rounded/polyhedron/omp, 1 and 2 threads)
# belongs here, as omp_heap_cases(lmp, plugin, work, repeat, steps)
# returning rows like omp_polygon_cases(); main() lists it in OMP_CASES.
OMP_CASES = [omp_polygon_cases]


def print_omp_table(rows):
    print()
    print("OpenMP: the /omp variant with 1 and 2 threads (1 MPI rank), measured alternately;")
    print("speed-up = median steps/s with 2 threads / median with 1 thread")
    print("| case | threads | median steps/s | min-max | speed-up |")
    print("|---|---:|---:|---:|---:|")
    one = {}
    for case, threads, rates in rows:
        if rates is None:
            print(f"| {case} | {threads} | failed | - | - |")
            continue
        med = statistics.median(rates)
        if threads == 1:
            one[case] = med
        speedup = med / one[case] if case in one else float("nan")
        print(f"| {case} | {threads} | {med:.1f} | {min(rates):.1f}-{max(rates):.1f} | {speedup:.2f} |")
    if hasattr(os, "getloadavg"):
        # Threads wait for each other at every step: any other busy process
        # on the machine slows 2 threads far more than 1.
        print("load average at the end: {:.2f} {:.2f} {:.2f} (with other work running, the 2-thread "
              "numbers mean little)".format(*os.getloadavg()))


def polygon_cases(lmp, plugin, work, repeat, steps):
    rows = []
    plugin_load = ["-var", "load", f"plugin load {plugin}"]
    # The host's built-in style crashes (segmentation fault) on the settled
    # packing, where aligned squares give more than its 4 contact slots;
    # the dense packing after 10000 steps of pouring is the last state it
    # survives, so both are measured.
    for settle, case in ((10000, "2d pour, 2000 squares, dense"), (30000, "2d packing, 2000 squares, settled")):
        packing = ensure_polygon_packing(lmp, plugin, work, settle)
        base = ["-in", os.path.join(HERE, "in.bench_polygons"), "-var", "data", packing,
                "-var", "nsteps", str(steps)]
        print(f"{case}:", flush=True)
        host = measure("host body/rounded/polygon (built-in)", lmp, base, work, repeat)
        pkg = measure("package body/rounded/polygon", lmp, base + plugin_load, work, repeat)
        hist = measure("package body/rounded/polygon history", lmp,
                       base + plugin_load + ["-var", "history", "history"], work, repeat)
        baseline = host if host else pkg
        rows.append((case, "host built-in body/rounded/polygon", host, baseline))
        rows.append((case, "package body/rounded/polygon", pkg, baseline))
        rows.append((case, "package body/rounded/polygon history", hist, baseline))
    return rows


def print_table(rows):
    print()
    print("baseline: the host's built-in style on the same input (the package's style without")
    print("history where the host's crashed)")
    print(f"| case | style | median steps/s | min-max | ratio to baseline |")
    print(f"|---|---|---:|---:|---:|")
    for case, style, rates, baseline in rows:
        if rates is None:
            print(f"| {case} | {style} | crashed | - | - |")
            continue
        med = statistics.median(rates)
        ratio = med / statistics.median(baseline) if baseline else float("nan")
        print(f"| {case} | {style} | {med:.1f} | {min(rates):.1f}-{max(rates):.1f} | {ratio:.2f} |")


def describe_machine():
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = ", load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()) if hasattr(os, "getloadavg") else ""
    return f"{cpu}, {os.cpu_count()} cores{load}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"), help="the package's build folder")
    parser.add_argument("--repeat", type=int, default=3, help="measured runs per case (after one warm-up)")
    parser.add_argument("--steps", type=int, default=1000, help="time steps per measured run")
    parser.add_argument("--work", default=None, help="folder for the generated packings (kept between runs)")
    parser.add_argument("--skip-omp", action="store_true", help="leave out the OpenMP section")
    parser.add_argument("--omp-only", action="store_true", help="only the OpenMP section")
    args = parser.parse_args()

    build = os.path.abspath(args.build)    # LAMMPS runs in the work folder
    lmp = os.path.join(build, "lmp")
    plugin = os.path.join(build, "bodydemplugin.so")
    for path in (lmp, plugin):
        if not os.path.exists(path):
            sys.exit(f"bench: {path} not found; build the package first (tools/build.sh)")
    work = os.path.abspath(args.work or os.path.join(build, "bench-work"))
    os.makedirs(work, exist_ok=True)

    print(f"bench: {describe_machine()}; {args.repeat} runs of {args.steps} steps per case after a warm-up")
    start = time.time()
    if not args.omp_only:
        rows = polygon_cases(lmp, plugin, work, args.repeat, args.steps)
        print_table(rows)
    if not args.skip_omp:
        omp_rows = []
        for cases in OMP_CASES:
            omp_rows += cases(lmp, plugin, work, args.repeat, args.steps)
        print_omp_table(omp_rows)
    print(f"\nbench: done in {time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
