#!/usr/bin/env python3
"""Benchmarks of the package's styles against the host LAMMPS's built-in
styles, measured side by side in one run of this script on this machine.

Each case runs a LAMMPS process on the same input: with the plugin loaded
(the package's style) or without it (the host's built-in style of the same
name). Every measurement is preceded by one warm-up run and repeated; the
table gives the median timesteps/s, the min-max range, and the ratio to
the case's baseline. Speed is measured here, never asserted by a test.

Groups of cases (--only, comma-separated; all by default):
  polygon  2000 rounded squares in 2d, dense and settled: the host's
           body/rounded/polygon vs the package's, without and with history,
           with its default rule (contacts weighted) and the seed's (contacts
           farthest), and with --baseline-plugin PATH that plugin's default
           without and with history; the configurations of a case run in
           turn (a warm-up each, then --repeat rounds), so that a change of
           the machine's load affects all of them alike.
  heap     a settled 3d heap of 2016 rounded cubes and tetrahedra in a box:
           the host's body/rounded/polyhedron (few steps: it is slow) vs the
           package's, without and with history, and the package's
           body/rounded/polyhedron/granular (hertz/material, linear_history).
  hostex   packings with the parameters of the host's own examples
           (examples/body/in.pour3d, in.squares): a settled bed of 2016 of
           in.pour3d's rounded cubes and tetrahedra (rounding diameter 0.5,
           c_n 20, c_t 5, mu 0, cut_inner 0.5, k_n 100, k_na 5, its floor
           wall), the host's body/rounded/polyhedron (--host-heap-steps) vs
           the package's (--heap-steps), and both again with cut_inner 0 and
           k_na 0; a settled packing of 2000 of in.squares's squares (edge
           4, rounding diameter 0.5, c_n = c_t = 1, mu 0.1, delta_ua 0.5,
           cut_inner 0.5, k_n 100, k_na 2; a floor, gravity 0.1), the host's
           body/rounded/polygon vs the package's with its default rule and
           with contacts farthest (and --baseline-plugin's), run in turn
           (--steps). Settled once by
           bench/in.settle_pour3d and in.settle_squares (see there).
  hull     grains as users make them (issue 25): settled beds of 288 hull
           grains (convex hulls of random points near an ellipsoid of
           semi-axes 0.6 0.5 0.4, triangulated, about 20, 50, 100 and 200
           vertices, rounding diameter 0.1, mass 1; four different grains
           each, from molecule files: bench/make_hull_grains.py) and of 288
           rounded cubes of the 50-vertex grains' volume, in a box with a
           floor and four side walls, body/rounded/polyhedron/granular
           (hertz/material, linear_history, damping mass_velocity, friction
           per contact) and the matching walls (bench/in.bench_hull3d;
           settled once by bench/in.settle_hull3d, kept as restart files):
           the Pair time per listed neighbour pair and step against the
           cubes', and the contacts between grains per touching pair and
           per listed pair of each settled bed (a run 0 with a dump
           local).  With --baseline-plugin PATH the same cases also with
           that plugin (another build of the package), run alternately.
  spheres  2016 settled spheres: the host's pair_style granular (atom_style
           sphere) vs one-vertex bodies in body/rounded/polyhedron/granular,
           the same contact models.
  scale    the settled heap laid out 10 x 5 times side by side (100,800
           bodies, bench/in.bench_scale3d) against the heap itself (2016
           bodies, the same input), body/rounded/polyhedron/granular on 2
           MPI ranks: time per body and step, memory per body (the largest
           resident size of a rank, times the ranks, over the bodies); and
           the cost of the shape check of the bodies on the 100,800 bodies,
           a run 0 (bench/in.bench_shape_check3d: the time the pair style
           logs for it; it runs at init only).
  lcp      the quasi-static LCP library (no LAMMPS; <build>/lcp-bench, target
           lcp-bench): Example 2's full enumeration per case (16 active
           contacts), and Example 3's 49 disks consolidated and loaded in
           biaxial compression (default 9000 increments of eps11 = -5e-6) with
           one LCP solution per increment, then again with the enumerative
           analysis at 100 increments spread over the loading; --lcp-repeat
           runs of the whole program (default 1: it takes about a minute).
  omp      the /omp variants (picked by -sf omp from the same input) with 1
           and 2 threads, and 1 vs 2 MPI ranks, on the 2d packing, the
           heap and in.pour3d's bed (full parameters and cut_inner 0,
           k_na 0); the configurations of a case are run alternately, so that
           a change of the machine's load affects all of them alike;
           speed-up = median over median.
  kokkos   the Kokkos variants (a build with -DBODY_DEM_KOKKOS=ON: pass
           --build build-kokkos, made by tools/run-tests.sh --kokkos) against
           the /omp variants, 2 threads each, on the settled heap and the
           settled 2d packing, run alternately; nothing in a build without
           them.
  contacts the cost of the contact output (issue 27): the settled heap's
           step (body/rounded/polyhedron/granular, and body/rounded/polyhedron
           with history) with compute body/contact/local and body/contact/atom
           invoked every 100 steps and every step (through compute reduce
           and fix ave/time, no file written), against none; run
           alternately, --contact-steps steps (default 1000); the time per
           CPU second of the loop (its loop time times its CPU use) as well
           as the wall clock's. Bars: every 100 steps within 2 % of none,
           every step within 25 %.
  device   only when named (tools/device-check.sh, a CUDA build of the
           Kokkos variants on a machine with a GPU): the 100,800-body heap
           with the Kokkos variants' pair loop on the device against the
           /omp variants on all cores, and their potential energies after
           the run, which must agree.

The packings are made once (by the settle inputs in bench/) and kept in
the work folder (default <build>/bench-work); delete them to remake them.

The host LAMMPS measured is the one the build folder was made for; the
script prints its release. --host 2025 (2026) measures build-2025/
(build-2026/), made by tools/run-tests.sh --host 2025 (2026).

usage: bench/run_benchmarks.py [--build build | --host stable2021|2025|2026] [--only polygon,heap,hostex,hull,spheres,scale,lcp,omp,kokkos,contacts]
           [--repeat 3] [--steps 1000] [--heap-steps 200] [--host-heap-steps 20]
           [--lcp-repeat 1] [--lcp-increments 9000]
"""
import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


class LammpsFailed(RuntimeError):
    """A LAMMPS run that failed; `crashed` when it died of a signal
    (e.g. a segmentation fault) rather than stopping with an error."""

    def __init__(self, message, crashed):
        super().__init__(message)
        self.crashed = crashed


def run_lammps(lmp, args, cwd, nprocs=1, threads=1, env_extra=None, wrapper=()):
    """Runs LAMMPS (under mpirun for nprocs > 1; `wrapper`: a command that
    runs each rank, e.g. /usr/bin/time) and returns its output (stdout,
    then stderr)."""
    cmd = list(wrapper) + [lmp, "-log", "none", "-echo", "none", "-nocite"] + args
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
        # a signal: negative return code, or 128 + signal from a shell or mpirun
        crashed = out.returncode < 0 or out.returncode > 128 or "signal" in out.stderr.lower()
        raise LammpsFailed(f"LAMMPS failed (exit status {out.returncode}): " + " ".join(cmd), crashed)
    return out.stdout + out.stderr


def steps_per_second(output):
    """timesteps/s of the last run, from its 'Loop time of T on P procs for N steps' line."""
    loops = re.findall(r"Loop time of ([0-9.eE+-]+) on \d+ procs for (\d+) steps", output)
    if not loops:
        raise RuntimeError("no 'Loop time' line in the LAMMPS output")
    seconds, steps = loops[-1]
    return int(steps) / float(seconds)


class Rates(list):
    """Timesteps/s of the measured runs, with what the host logged for the
    last one: `neighbors` (its "Total # of neighbors", the pairs in the
    neighbour lists at the end of the run; None if not logged), `pair_seconds`
    (the average "Pair" time of its timing breakdown) and `steps`; `cpu`,
    where the measurement kept them, the rates per CPU second
    (cpu_steps_per_second); `contacts` and `touching_pairs`, where
    measured (hull beds), the contacts between grains and the pairs of
    grains with at least one."""
    neighbors = None
    pair_seconds = None
    steps = None
    contacts = None
    touching_pairs = None

    def note(self, output):
        m = re.findall(r"^Total # of neighbors = (\d+)", output, re.M)
        self.neighbors = int(m[-1]) if m else None
        parts = output.split("MPI task timing breakdown:")
        m = re.search(r"^Pair\s*\|[^|]*\|\s*([0-9.eE+-]+)\s*\|", parts[-1], re.M) if len(parts) > 1 else None
        self.pair_seconds = float(m.group(1)) if m else None
        loops = re.findall(r"Loop time of [0-9.eE+-]+ on \d+ procs for (\d+) steps", output)
        self.steps = int(loops[-1]) if loops else None

    def ns_per_pair(self):
        """Pair time per step and listed pair, in ns (None if not logged):
        of the runs noted with note(every=True) the median, else of the last."""
        if not (self.neighbors and self.pair_seconds is not None and self.steps):
            return None
        seconds = statistics.median(self.pair_runs) if getattr(self, "pair_runs", None) else self.pair_seconds
        return 1e9 * seconds / self.steps / self.neighbors

    def note_run(self, output):
        """note(), and keep this run's Pair time among those of which
        ns_per_pair() takes the median."""
        self.note(output)
        if self.pair_seconds is not None:
            if not hasattr(self, "pair_runs"):
                self.pair_runs = []
            self.pair_runs.append(self.pair_seconds)


def timing_breakdown(output):
    """One line from the 'MPI task timing breakdown' of the last run: the
    average seconds and the share of each section that took any time."""
    parts = output.split("MPI task timing breakdown:")
    if len(parts) < 2:
        return ""
    items = []
    for name, avg, share in re.findall(r"^(\w+)\s*\|[^|]*\|\s*([0-9.eE+-]+)\s*\|.*\|\s*([0-9.]+)\s*$",
                                       parts[-1], re.M):
        if float(share) >= 0.5:
            items.append(f"{name} {float(avg):.3g} s ({float(share):.0f}%)")
    return ", ".join(items)


def host_version(lmp):
    """The release of the host LAMMPS that `lmp` runs, as its -h prints it."""
    try:
        out = subprocess.run([lmp, "-h"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError) as e:
        return f"(unknown: {e})"
    m = re.search(r"Parallel Simulator - ([^\n]+)", out)
    return m.group(1).strip() if m else "(unknown: no version in lmp -h)"


def reduce_local_inputs(lmp):
    """The keyword by which this host's compute reduce takes local values:
    "inputs local" from LAMMPS 21 Nov 2023 on (before, the keyword is
    unknown and local values are taken as they come)."""
    m = re.search(r"(\d{1,2}) (\w{3})\w* (\d{4})", host_version(lmp))
    if not m:
        return ""
    released = datetime.datetime.strptime(f"{m.group(1)} {m.group(2)} {m.group(3)}", "%d %b %Y").date()
    return "inputs local" if released >= datetime.date(2023, 11, 21) else ""


def plugin_styles(lmp, plugin, work):
    """Names of the styles the plugin provides (from `plugin list`)."""
    script = os.path.join(work, "in.plugin_list")
    with open(script, "w") as f:
        f.write(f"plugin load {plugin}\nplugin list\n")
    out = run_lammps(lmp, ["-in", script], cwd=work)
    return set(re.findall(r"^\s*\d+: (?:pair|fix) style plugin (\S+)", out, re.M))


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


def ensure_heap_packing(lmp, plugin, work):
    """2016 rounded cubes and tetrahedra (examples/body/make_heap3d.py 12 14)
    poured into a box and settled with the package's
    body/rounded/polyhedron/granular on 2 MPI ranks (in.settle_heap3d;
    made once, kept in `work`; about a minute on 2 cores)."""
    packing = os.path.join(work, "heap3d_2016_settled.data")
    if os.path.exists(packing):
        return packing
    source = os.path.join(work, "data.heap3d_2016")
    if not os.path.exists(source):
        subprocess.run([sys.executable, os.path.join(ROOT, "examples", "body", "make_heap3d.py"),
                        "12", "14", source], check=True)
    print(f"bench: settling the heap of 2016 polyhedra, 2 MPI ranks (kept in {work}) ...", flush=True)
    start = time.time()
    out = run_lammps(lmp, ["-in", os.path.join(HERE, "in.settle_heap3d"), "-var", "plugin", plugin,
                           "-var", "input", source, "-var", "output", packing + ".tmp"], cwd=work, nprocs=2)
    ke = re.findall(r"^\s*\d+\s+(\S+)\s+(\S+)\s*$", out, re.M)
    print(f"bench: heap settled in {time.time() - start:.0f} s; kinetic energy (all bodies) and top "
          f"at the end: {ke[-1][0]}, z = {ke[-1][1]}" if ke else "", flush=True)
    os.replace(packing + ".tmp", packing)
    return packing


def ensure_sphere_packing(lmp, work):
    """2016 spheres of diameter 1 poured into the heap's box and settled with
    the host's pair_style granular (in.settle_spheres3d, no plugin, a few
    seconds), and the same spheres as one-vertex bodies; made once, kept in
    `work`. Returns (sphere data file, body data file)."""
    spheres = os.path.join(work, "spheres3d_2016_settled.data")
    bodies = os.path.join(work, "spheres3d_2016_settled_bodies.data")
    maker = os.path.join(HERE, "make_spheres3d.py")
    if not os.path.exists(spheres):
        column = os.path.join(work, "data.spheres3d_2016")
        subprocess.run([sys.executable, maker, "column", "12", "14", column], check=True)
        print(f"bench: settling 2016 spheres (kept in {work}) ...", flush=True)
        run_lammps(lmp, ["-in", os.path.join(HERE, "in.settle_spheres3d"), "-var", "input", column,
                         "-var", "output", spheres + ".tmp"], cwd=work)
        os.replace(spheres + ".tmp", spheres)
    if not os.path.exists(bodies):
        subprocess.run([sys.executable, maker, "bodies", spheres, bodies + ".tmp"], check=True)
        os.replace(bodies + ".tmp", bodies)
    return spheres, bodies


def failure(e):
    return "crashed" if getattr(e, "crashed", False) else "failed"


def measure(label, lmp, args, cwd, repeat, **kw):
    """Rates (timesteps/s) of `repeat` runs after a warm-up, or "crashed" /
    "failed" when LAMMPS fails. Prints the median and the timing breakdown
    of the last run."""
    try:
        run_lammps(lmp, args, cwd, **kw)    # warm-up: caches, page faults, CPU clock
        rates = Rates()
        for _ in range(repeat):
            out = run_lammps(lmp, args, cwd, **kw)
            rates.append(steps_per_second(out))
        rates.note(out)
    except RuntimeError as e:
        print(f"  {label:<50} {failure(e).upper()} ({e})", flush=True)
        return failure(e)
    print_rates(label, rates, out)
    return rates


def print_rates(label, rates, last_output):
    """The line of one configuration: its median rate, the neighbour
    pairs and the Pair time per pair-step where the host printed them,
    then the timing breakdown of its last run."""
    extra = ""
    if rates.neighbors is not None:
        per_pair = rates.ns_per_pair()
        extra = f", {rates.neighbors} neighbour pairs" + (f", pair {per_pair:.0f} ns per pair-step" if per_pair else "")
    print(f"  {label:<50} {statistics.median(rates):10.1f} steps/s{extra}", flush=True)
    print(f"      last run: {timing_breakdown(last_output)}", flush=True)


def measure_rotation(configs, lmp, cwd, repeat):
    """measure() for several configurations [(label, args)] of one case,
    run in turn (a warm-up of each, then `repeat` rounds of one run each),
    so that a change of the machine's load between configurations affects
    all of them alike: their ratios are what the case measures. Returns
    {label: Rates, or "crashed" / "failed" for a configuration whose
    warm-up failed (it is left out of the rounds)}. Prints what measure()
    prints."""
    results, last = {}, {}
    for label, args in configs:
        try:
            run_lammps(lmp, args, cwd)    # warm-up: caches, page faults, CPU clock
            results[label] = Rates()
            results[label].cpu = []
        except RuntimeError as e:
            print(f"  {label:<50} {failure(e).upper()} ({e})", flush=True)
            results[label] = failure(e)
    try:
        for _ in range(repeat):
            for label, args in configs:
                if isinstance(results[label], Rates):
                    last[label] = run_lammps(lmp, args, cwd)
                    results[label].append(steps_per_second(last[label]))
                    results[label].cpu.append(cpu_steps_per_second(last[label]))
    except RuntimeError as e:
        print(f"  {failure(e).upper()} ({e})", flush=True)
        return {label: failure(e) for label, _ in configs}
    for label, _ in configs:
        rates = results[label]
        if not isinstance(rates, Rates):
            continue
        rates.note(last[label])
        print_rates(label, rates, last[label])
    return results


def measure_alternating(configs, lmp, cwd, repeat):
    """Like measure() for several configurations [(label, args, nprocs,
    threads, expect)], run in turn (a warm-up of each, then `repeat` rounds
    of one run each), so that a change of the machine's load affects all of
    them alike. `expect`, if not None, must appear in the output (e.g. the
    name of the /omp style, which -sf omp silently replaces by the serial
    style where it does not exist)."""
    rates = {label: [] for label, *_ in configs}
    last = {}
    try:
        for label, args, nprocs, threads, expect in configs:
            out = run_lammps(lmp, args, cwd, nprocs=nprocs, threads=threads)
            if expect and expect not in out:
                raise RuntimeError(f"{label}: no '{expect}' in the output")
        for _ in range(repeat):
            for label, args, nprocs, threads, _ in configs:
                last[label] = run_lammps(lmp, args, cwd, nprocs=nprocs, threads=threads)
                rates[label].append(steps_per_second(last[label]))
    except RuntimeError as e:
        print(f"  {failure(e).upper()} ({e})", flush=True)
        return {label: failure(e) for label, *_ in configs}
    for label, *_ in configs:
        print(f"  {label:<50} {statistics.median(rates[label]):10.1f} steps/s", flush=True)
        print(f"      last run: {timing_breakdown(last[label])}", flush=True)
    return rates


# --- cases: each returns rows (case, style, rates, baseline rates)

def polygon_cases(lmp, plugin, work, opts):
    rows = []
    plugin_load = ["-var", "load", f"plugin load {plugin}"]
    # The host's built-in style crashes (segmentation fault) on the settled
    # packing, where aligned squares give more than its 4 contact slots;
    # the dense packing after 10000 steps of pouring is the last state it
    # survives, so both are measured.
    for settle, case in ((10000, "2d pour, 2000 squares, dense"), (30000, "2d packing, 2000 squares, settled")):
        packing = ensure_polygon_packing(lmp, plugin, work, settle)
        base = ["-in", os.path.join(HERE, "in.bench_polygons"), "-var", "data", packing,
                "-var", "nsteps", str(opts.steps)]
        print(f"{case}, {opts.steps} steps (the five run in turn):", flush=True)
        # The seed's rule (the default before the weighted contacts), in the
        # same rounds, so that the cost of the continuous default shows.
        history = ["-var", "history", "history"]
        farthest = ["-var", "contacts", "contacts farthest"]
        labels = ("host body/rounded/polygon (built-in)", "package body/rounded/polygon",
                  "package body/rounded/polygon history", "package body/rounded/polygon contacts farthest",
                  "package body/rounded/polygon history contacts farthest")
        configs = list(zip(labels, (base, base + plugin_load, base + plugin_load + history,
                                    base + plugin_load + farthest, base + plugin_load + history + farthest)))
        # --baseline-plugin (e.g. a build of the commit before a change):
        # its default, without and with history, in the same rounds
        base_labels = (f"{BASELINE} body/rounded/polygon", f"{BASELINE} body/rounded/polygon history")
        if opts.baseline_plugin:
            base_load = ["-var", "load", f"plugin load {os.path.abspath(opts.baseline_plugin)}"]
            configs += list(zip(base_labels, (base + base_load, base + base_load + history)))
        rates = measure_rotation(configs, lmp, work, opts.repeat)
        host, pkg, hist, pkg_f, hist_f = (rates[label] for label in labels)
        # The two rules side by side: round by round (the runs of a round
        # follow each other within seconds, so their ratio is less moved by
        # a change of the machine's load than the ratio of the medians), and
        # in steps per CPU second (which the time the process waits for a
        # core, on a machine shared with other jobs, does not enter).
        for what, weighted, farthest in (("without history", pkg, pkg_f), ("with history", hist, hist_f)):
            print_ratio_per_round("contacts weighted / farthest, " + what, weighted, farthest)
        if opts.baseline_plugin:
            for what, weighted, other in (("without history", pkg, rates[base_labels[0]]),
                                          ("with history", hist, rates[base_labels[1]])):
                print_ratio_per_round(f"package / {BASELINE}, " + what, weighted, other)
        if all(isinstance(r, list) and r for r in (host, pkg, hist, pkg_f, hist_f)):
            base_cpu = statistics.median(host.cpu)
            print("  steps per CPU second (median), ratio to the host's: " +
                  ", ".join(f"{label.replace('package body/rounded/polygon', 'package') or 'package'} "
                            f"{statistics.median(r.cpu):.1f} ({statistics.median(r.cpu) / base_cpu:.2f})"
                            for label, r in zip(labels, (host, pkg, hist, pkg_f, hist_f))), flush=True)
        baseline = host if isinstance(host, list) else pkg
        rows.append((case, "host built-in body/rounded/polygon", host, baseline))
        rows.append((case, "package body/rounded/polygon", pkg, baseline))
        rows.append((case, "package body/rounded/polygon history", hist, baseline))
        rows.append((case, "package body/rounded/polygon contacts farthest", pkg_f, baseline))
        rows.append((case, "package body/rounded/polygon history contacts farthest", hist_f, baseline))
        if opts.baseline_plugin:
            rows += [(case, label, rates[label], baseline) for label in base_labels]
    return rows


def print_ratio_per_round(what, a, b):
    """The speed of configuration a over b of one rotation
    (measure_rotation): the median of the ratios of each round's two runs,
    which follow each other within seconds, so that a change of the
    machine's load moves it less than the ratio of the medians; and the
    ratio in steps per CPU second (which the time a process waits for a
    core, on a machine shared with other jobs, does not enter)."""
    if isinstance(a, list) and isinstance(b, list) and a and b:
        per_round = sorted(x / y for x, y in zip(a, b))
        cpu_ratio = statistics.median(a.cpu) / statistics.median(b.cpu)
        print(f"  {what}: wall clock per round median {statistics.median(per_round):.3f} "
              f"(range {per_round[0]:.3f}-{per_round[-1]:.3f}), per CPU second {cpu_ratio:.3f}", flush=True)


HEAP_CASE = "3d heap, 2016 cubes+tetrahedra, settled"


def heap_args(packing, style, steps, plugin=None, history=""):
    args = ["-in", os.path.join(HERE, "in.bench_heap3d"), "-var", "data", packing,
            "-var", "style", style, "-var", "nsteps", str(steps)]
    if plugin:
        args += ["-var", "load", f"plugin load {plugin}"]
    if history:
        args += ["-var", "history", history]
    return args


def heap_cases(lmp, plugin, work, opts):
    """The settled heap: the host's built-in body/rounded/polyhedron (few
    steps), the package's without and with history (same coefficients), and
    the package's granular style (hertz/material, linear_history)."""
    packing = ensure_heap_packing(lmp, plugin, work)
    case = HEAP_CASE
    print(f"{case}:", flush=True)
    host = measure(f"host body/rounded/polyhedron (built-in), {opts.host_heap_steps} steps", lmp,
                   heap_args(packing, "linear", opts.host_heap_steps), work, opts.repeat)
    steps = opts.heap_steps
    pkg = measure(f"package body/rounded/polyhedron, {steps} steps", lmp,
                  heap_args(packing, "linear", steps, plugin), work, opts.repeat)
    hist = measure(f"package body/rounded/polyhedron history, {steps} steps", lmp,
                   heap_args(packing, "linear", steps, plugin, "history"), work, opts.repeat)
    gran = measure(f"package body/rounded/polyhedron/granular, {steps} steps", lmp,
                   heap_args(packing, "granular", steps, plugin), work, opts.repeat)
    baseline = host if isinstance(host, list) else pkg
    return [(case, "host built-in body/rounded/polyhedron", host, baseline),
            (case, "package body/rounded/polyhedron", pkg, baseline),
            (case, "package body/rounded/polyhedron history", hist, baseline),
            (case, "package body/rounded/polyhedron/granular (hertz/material, linear_history)", gran, baseline)]


SPHERE_CASE = "3d bed, 2016 spheres, settled"


def sphere_cases(lmp, plugin, work, opts):
    """The same 2016 settled spheres: the host's pair_style granular on
    atom_style sphere (baseline) and one-vertex bodies in the package's
    body/rounded/polyhedron/granular; same contact models and walls."""
    spheres, bodies = ensure_sphere_packing(lmp, work)
    case = SPHERE_CASE
    base = ["-in", os.path.join(HERE, "in.bench_spheres3d"), "-var", "nsteps", str(opts.steps)]
    print(f"{case}, {opts.steps} steps:", flush=True)
    host = measure("host pair_style granular (atom_style sphere)", lmp,
                   base + ["-var", "style", "host", "-var", "data", spheres], work, opts.repeat)
    pkg = measure("package body/rounded/polyhedron/granular, 1-vertex", lmp,
                  base + ["-var", "style", "body", "-var", "data", bodies,
                          "-var", "load", f"plugin load {plugin}"], work, opts.repeat)
    baseline = host if isinstance(host, list) else pkg
    return [(case, "host pair_style granular (hertz/material, linear_history)", host, baseline),
            (case, "package body/rounded/polyhedron/granular, one-vertex spheres", pkg, baseline)]


# --- host examples: the parameters of the host's examples/body/in.pour3d and in.squares

POUR3D_CASE = "3d bed, in.pour3d's parameters, 2016 cubes+tetrahedra, settled"
SQUARES_CASE = "2d packing, in.squares's parameters, 2000 squares, settled"
# the label of the rows of --baseline-plugin (another build of the package)
BASELINE = "baseline plugin (--baseline-plugin)"


def ensure_host_example_packing(lmp, plugin, work, kind):
    """The settled packing of the host's example `kind` ("pour3d" or
    "squares"): bench/make_host_example_packings.py writes the column,
    bench/in.settle_<kind> settles it with the package's style and the
    example's coefficients (made once, kept in `work`; a few minutes on 2
    cores, the 3d bed on 2 MPI ranks)."""
    packing = os.path.join(work, f"{kind}_host_example_settled.data")
    if os.path.exists(packing):
        return packing
    source = os.path.join(work, f"data.{kind}_host_example")
    if not os.path.exists(source):
        subprocess.run([sys.executable, os.path.join(HERE, "make_host_example_packings.py"), kind, source],
                       check=True)
    print(f"bench: settling the column of in.{kind}'s bodies (kept in {work}) ...", flush=True)
    start = time.time()
    run_lammps(lmp, ["-in", os.path.join(HERE, f"in.settle_{kind}"), "-var", "plugin", plugin,
                     "-var", "input", source, "-var", "output", packing + ".tmp"], cwd=work,
               nprocs=2 if kind == "pour3d" else 1)
    print(f"bench: settled in {time.time() - start:.0f} s", flush=True)
    os.replace(packing + ".tmp", packing)
    return packing


def host_example_cases(lmp, plugin, work, opts):
    """The host's built-in style vs the package's on packings with the
    parameters of the host's own examples: in.pour3d's bed (also with
    cut_inner 0 and k_na 0: no cohesion, so no cohesive cutoff in the
    package's neighbour cutoff) and in.squares's packing."""
    rows = []
    load = ["-var", "load", f"plugin load {plugin}"]
    packing = ensure_host_example_packing(lmp, plugin, work, "pour3d")
    base = ["-in", os.path.join(HERE, "in.bench_pour3d"), "-var", "data", packing]
    print(f"{POUR3D_CASE}:", flush=True)
    for cohesion, extra in (("", []), (", cut_inner 0, k_na 0", ["-var", "cut_inner", "0", "-var", "k_na", "0"])):
        case = POUR3D_CASE + cohesion
        host = measure(f"host body/rounded/polyhedron{cohesion}, {opts.host_heap_steps} steps", lmp,
                       base + extra + ["-var", "nsteps", str(opts.host_heap_steps)], work, opts.repeat)
        if opts.baseline_plugin:
            # the package and the other build alternately, so that the
            # machine's load affects both alike
            load_base = ["-var", "load", f"plugin load {os.path.abspath(opts.baseline_plugin)}"]
            styles = ("package body/rounded/polyhedron", f"{BASELINE} body/rounded/polyhedron")
            both = measure_alternating_noted(
                [(styles[0], base + extra + load + ["-var", "nsteps", str(opts.heap_steps)], 1, 1, None),
                 (styles[1], base + extra + load_base + ["-var", "nsteps", str(opts.heap_steps)], 1, 1, None)],
                lmp, work, opts.repeat)
            pkg, other = both[styles[0]], both[styles[1]]
        else:
            pkg = measure(f"package body/rounded/polyhedron{cohesion}, {opts.heap_steps} steps", lmp,
                          base + extra + load + ["-var", "nsteps", str(opts.heap_steps)], work, opts.repeat)
        baseline = host if isinstance(host, list) else pkg
        rows.append((case, "host built-in body/rounded/polyhedron", host, baseline))
        rows.append((case, "package body/rounded/polyhedron", pkg, baseline))
        if opts.baseline_plugin:
            rows.append((case, f"{BASELINE} body/rounded/polyhedron", other, baseline))
    packing = ensure_host_example_packing(lmp, plugin, work, "squares")
    base = ["-in", os.path.join(HERE, "in.bench_squares"), "-var", "data", packing,
            "-var", "nsteps", str(opts.steps)]
    # in turn, with the seed's rule (contacts farthest) and --baseline-plugin
    # if given: their ratios are what issue 29's bar is stated in
    print(f"{SQUARES_CASE}, {opts.steps} steps (run in turn):", flush=True)
    labels = ["host body/rounded/polygon (built-in)", "package body/rounded/polygon",
              "package body/rounded/polygon contacts farthest"]
    configs = [base, base + load, base + load + ["-var", "contacts", "contacts farthest"]]
    if opts.baseline_plugin:
        labels.append(f"{BASELINE} body/rounded/polygon")
        configs.append(base + ["-var", "load", f"plugin load {os.path.abspath(opts.baseline_plugin)}"])
    rates = measure_rotation(list(zip(labels, configs)), lmp, work, opts.repeat)
    host, pkg = rates[labels[0]], rates[labels[1]]
    print_ratio_per_round("contacts weighted / farthest", pkg, rates[labels[2]])
    if opts.baseline_plugin:
        print_ratio_per_round(f"package / {BASELINE}", pkg, rates[labels[3]])
    baseline = host if isinstance(host, list) else pkg
    rows.append((SQUARES_CASE, "host built-in body/rounded/polygon", host, baseline))
    rows += [(SQUARES_CASE, label, rates[label], baseline) for label in labels[1:]]
    return rows


# --- hull grains (issue 25): returns rows like the other cases

HULL_VERTICES = (20, 50, 100, 200)


def ensure_hull_bed(lmp, plugin, work, vertices, cube=False):
    """The settled bed of 288 grains of `vertices` vertices (or the cubes
    of the 50-vertex grains' volume): molecule files by make_hull_grains.py,
    settled by in.settle_hull3d into a restart file (made once, kept in
    `work`; a few minutes for the 200-vertex grains)."""
    prefix = os.path.join(work, f"hull{vertices}")
    restart = os.path.join(work, "hull_cubes.restart" if cube else f"hull{vertices}.restart")
    if os.path.exists(restart):
        return restart
    if not os.path.exists(prefix + ".1.mol"):
        subprocess.run([sys.executable, os.path.join(HERE, "make_hull_grains.py"), str(vertices), "4", "1", prefix],
                       check=True, stdout=subprocess.DEVNULL)
    what = "cubes" if cube else f"{vertices}-vertex hull grains"
    print(f"bench: settling a bed of 288 {what} (kept in {work}) ...", flush=True)
    start = time.time()
    nmax = 12 if cube else 3 * vertices    # the host sizes a body's storage by Nmax for vertices, edges and faces
    run_lammps(lmp, ["-in", os.path.join(HERE, "in.settle_hull3d"), "-var", "plugin", plugin, "-var", "mol", prefix,
                     "-var", "cube", "yes" if cube else "no", "-var", "nmax", str(nmax), "-var", "nx", "6",
                     "-var", "output", restart + ".tmp"], cwd=work)
    print(f"bench: settled in {time.time() - start:.0f} s", flush=True)
    os.replace(restart + ".tmp", restart)
    return restart


def hull_cases(lmp, plugin, work, opts):
    rows = []
    beds = [("288 cubes (the 50-vertex grains' volume)", ensure_hull_bed(lmp, plugin, work, 50, cube=True))]
    for n in HULL_VERTICES:
        beds.append((f"288 hull grains, {n} vertices", ensure_hull_bed(lmp, plugin, work, n)))
    plugins = [("package body/rounded/polyhedron/granular", plugin)]
    if opts.baseline_plugin:
        plugins.append((BASELINE, os.path.abspath(opts.baseline_plugin)))
    baseline = None
    for (case, restart), scale in zip(beds, (8, 4, 3, 2, 1)):
        case = "3d bed, " + case + ", settled"
        steps = scale * opts.hull_steps    # runs of a few seconds each: short runs are all noise
        print(f"{case}, {steps} steps:", flush=True)
        configs = [(style, ["-in", os.path.join(HERE, "in.bench_hull3d"), "-var", "plugin", path, "-var", "restart",
                            restart, "-var", "nsteps", str(steps)], 1, 1, None) for style, path in plugins]
        rates = measure_alternating_noted(configs, lmp, work, opts.repeat)
        for style, path in plugins:
            if isinstance(rates[style], Rates):
                r = rates[style]
                r.contacts, r.touching_pairs = contacts_of_grains(lmp, path, restart, work)
                print(f"  {style:<50} {r.contacts} contacts, {r.touching_pairs} touching pairs: "
                      f"{r.contacts / max(r.touching_pairs, 1):.2f} per touching pair, "
                      f"{r.contacts / max(r.neighbors or 1, 1):.2f} per listed pair", flush=True)
            if baseline is None and isinstance(rates[style], list):
                baseline = rates[style]
            rows.append((case, style, rates[style], baseline))
    rows += hull_gas_case(lmp, plugins, work, opts)
    return rows


def contacts_of_grains(lmp, plugin, restart, work):
    """The contacts between the bed's grains (not with walls) and the
    pairs of grains with at least one, in the state of the restart file
    (in.bench_hull3d with nsteps 0 and a contacts dump): what a pair's
    forces, weights and records, and much of its search, grow with."""
    name = "hull_contacts"
    run_lammps(lmp, ["-in", os.path.join(HERE, "in.bench_hull3d"), "-var", "plugin", plugin, "-var", "restart",
                     restart, "-var", "nsteps", "0", "-var", "contacts", name], cwd=work)
    rows, pairs = 0, set()
    with open(os.path.join(work, name + ".dump")) as f:
        lines = f.read().split("\n")
    start = next(k for k, line in enumerate(lines) if line.startswith("ITEM: ENTRIES")) + 1
    for line in lines[start:]:
        fields = line.split()
        if len(fields) == 3 and fields[2] == "0":
            rows += 1
            pairs.add(tuple(sorted((int(fields[0]), int(fields[1])))))
    return rows, len(pairs)


def hull_gas_case(lmp, plugins, work, opts):
    """A gas: the first 300 steps of the pour of in.settle_hull3d with the
    200-vertex grains (288 grains on a lattice of spacing 1.4, falling
    under gravity, none within reach of another), whole steps. What the
    pair style costs where bodies have no pair within reach. Ratio: to the
    package's own rate (with --baseline-plugin, that one's)."""
    case = "3d gas, 288 hull grains, 200 vertices, falling apart (first 300 steps of the pour)"
    print(f"{case}:", flush=True)
    prefix = os.path.join(work, "hull200")
    configs = [(style, ["-in", os.path.join(HERE, "in.settle_hull3d"), "-var", "plugin", path, "-var", "mol", prefix,
                        "-var", "nmax", "600", "-var", "nx", "6", "-var", "pour", "300", "-var", "settle", "0",
                        "-var", "output", "none"], 1, 1, None) for style, path in plugins]
    rates = measure_alternating_noted(configs, lmp, work, opts.repeat)
    baseline = rates[plugins[0][0]] if isinstance(rates[plugins[0][0]], list) else None
    return [(case, style, rates[style], baseline) for style, _ in plugins]


def measure_alternating_noted(configs, lmp, cwd, repeat):
    """measure_alternating() that also keeps, per configuration, what the
    host logged of its last run (Rates: neighbour pairs, Pair time)."""
    rates = {label: Rates() for label, *_ in configs}
    try:
        for label, args, nprocs, threads, _ in configs:
            run_lammps(lmp, args, cwd, nprocs=nprocs, threads=threads)    # warm-up
        for _ in range(repeat):
            for label, args, nprocs, threads, _ in configs:
                out = run_lammps(lmp, args, cwd, nprocs=nprocs, threads=threads)
                rates[label].append(steps_per_second(out))
                rates[label].note_run(out)
    except RuntimeError as e:
        print(f"  {failure(e).upper()} ({e})", flush=True)
        return {label: failure(e) for label, *_ in configs}
    for label, *_ in configs:
        r = rates[label]
        print(f"  {label:<50} {statistics.median(r):10.1f} steps/s, {r.neighbors} neighbour pairs, "
              f"pair {r.ns_per_pair():.0f} ns per pair-step", flush=True)
    return rates


def print_hull_bars(rows):
    """Issue 25's bars: the Pair time per listed pair and step of the
    50-vertex grains at most 2 times the cubes', of the 200-vertex grains at
    most 1.5 times the 50-vertex grains'."""
    per_pair, contacts = {}, {}
    for case, style, rates, _ in rows:
        if isinstance(rates, Rates) and rates.ns_per_pair():
            per_pair[(case, style)] = rates.ns_per_pair()
        if isinstance(rates, Rates) and rates.contacts and rates.touching_pairs and rates.neighbors:
            contacts[(case, style)] = (rates.contacts / rates.touching_pairs, rates.contacts / rates.neighbors)
    styles = sorted({style for _, style in per_pair})
    print()
    print("| Pair time per listed pair and step, ratio | style | measured | bar | contacts per touching pair, ratio "
          "| contacts per listed pair, ratio |")
    print("|---|---|---:|---:|---:|---:|")
    for style in styles:
        def get(table, part):
            return next((v for (c, st), v in table.items() if st == style and part in c and "settled" in c), None)

        def ratio(a, b):
            return f"{a / b:.2f}" if a and b else "n/a"

        def contact_ratio(a, b, k):
            ca, cb = get(contacts, a), get(contacts, b)
            return ratio(ca[k], cb[k]) if ca and cb else "n/a"
        for label, a, b, bar in (("50-vertex grains / cubes", ", 50 vertices", "cubes", "<= 2"),
                                 ("200-vertex grains / 50-vertex grains", ", 200 vertices", ", 50 vertices", "<= 1.5")):
            print(f"| {label} | {style} | {ratio(get(per_pair, a), get(per_pair, b))} | {bar} | "
                  f"{contact_ratio(a, b, 0)} | {contact_ratio(a, b, 1)} |")


# --- scale: returns rows (bodies, steps/s list, time per body-step, memory per body)

SCALE_LAYOUTS = ((1, 1), (10, 5))     # copies of the 2016-body heap along x and y
TIME_COMMAND = "/usr/bin/time"        # GNU time: the largest resident size of each rank


def scale_cases(lmp, plugin, work, opts):
    """The heap and 50 copies of it side by side, on 2 MPI ranks, run
    alternately (one warm-up each, then `repeat` rounds). The time per body
    and step is the wall time of a step over the number of bodies; the
    memory per body is the largest resident set size of one rank (GNU
    time's %M around each rank), times the 2 ranks, over the bodies. (The
    host's own 'Per MPI rank memory allocation' is not used: after
    replicate it reports nonsense for body atoms in this LAMMPS.)"""
    packing = ensure_heap_packing(lmp, plugin, work)
    ranks = 2
    wrapper = [TIME_COMMAND, "-f", "maxrss_kb %M"] if os.path.exists(TIME_COMMAND) else []
    configs = []
    for nx, ny in SCALE_LAYOUTS:
        bodies = 2016 * nx * ny
        steps = max(10, min(200, 2000000 // bodies))    # about the same wall time per run
        args = ["-in", os.path.join(HERE, "in.bench_scale3d"), "-var", "data", packing,
                "-var", "nx", str(nx), "-var", "ny", str(ny), "-var", "nsteps", str(steps),
                "-var", "load", f"plugin load {plugin}"]
        configs.append((bodies, steps, args))
    print(f"scale: the settled heap and {SCALE_LAYOUTS[-1][0]} x {SCALE_LAYOUTS[-1][1]} copies of it, "
          f"body/rounded/polyhedron/granular, {ranks} MPI ranks:", flush=True)
    rates = {b: [] for b, _, _ in configs}
    rss = {b: [] for b, _, _ in configs}
    try:
        for rnd in range(opts.repeat + 1):    # round 0: warm-up
            for bodies, steps, args in configs:
                out = run_lammps(lmp, args, work, nprocs=ranks, wrapper=wrapper)
                if rnd == 0:
                    continue
                rates[bodies].append(steps_per_second(out))
                per_rank = [int(k) for k in re.findall(r"^maxrss_kb (\d+)", out, re.M)]
                if per_rank:
                    rss[bodies].append(max(per_rank))
    except RuntimeError as e:
        print(f"  {failure(e).upper()} ({e})", flush=True)
        return [(b, failure(e), None, None) for b, _, _ in configs]
    rows = []
    for bodies, steps, _ in configs:
        med = statistics.median(rates[bodies])
        per_body_step = 1e6 / (med * bodies)    # microseconds of wall time
        memory = ranks * max(rss[bodies]) / bodies if rss[bodies] else None    # KB
        mem_text = f"{memory:.1f} KB/body" if memory is not None else "memory n/a (no GNU time)"
        print(f"  {bodies:7d} bodies, {steps} steps: {med:8.2f} steps/s, {per_body_step:.3f} us per body-step, "
              f"{mem_text}", flush=True)
        rows.append((bodies, rates[bodies], per_body_step, memory))
    return rows


SHAPE_CHECK_LINE = re.compile(r"^(pair_style|fix) (\S+): checked the shapes of (\d+) bodies in ([0-9.eE+-]+) s", re.M)


def shape_check_cases(lmp, plugin, work, opts):
    """The cost of the shape check of the bodies (body_shape_check.h) on the
    large layout of the scale group, 2 MPI ranks: in.bench_shape_check3d
    reads the heap, replicates it and runs `run 0`; the pair style logs how
    many bodies it checked in how many seconds (the slowest rank). The check
    runs at init only, so this is all it costs; the process's wall time
    (reading, replicating, the run 0 with its neighbour lists and setup
    forces) is given for scale. Returns (bodies, [check seconds], [process
    seconds]) or (bodies, failure text, None)."""
    packing = ensure_heap_packing(lmp, plugin, work)
    nx, ny = SCALE_LAYOUTS[-1]
    bodies = 2016 * nx * ny
    args = ["-in", os.path.join(HERE, "in.bench_shape_check3d"), "-var", "data", packing,
            "-var", "nx", str(nx), "-var", "ny", str(ny), "-var", "load", f"plugin load {plugin}"]
    print(f"shape check: {bodies} bodies (the heap, {nx} x {ny} copies), run 0, 2 MPI ranks:", flush=True)
    checks, totals = [], []
    try:
        for rnd in range(opts.repeat + 1):    # round 0: warm-up
            start = time.time()
            out = run_lammps(lmp, args, work, nprocs=2)
            elapsed = time.time() - start
            found = SHAPE_CHECK_LINE.findall(out)
            if not found:
                raise RuntimeError("no 'checked the shapes of N bodies' line in the LAMMPS output")
            if rnd == 0:
                continue
            checks.append(sum(float(t) for _, _, _, t in found))
            totals.append(elapsed)
            for kind, style, n, t in found:
                print(f"  {kind} {style}: {n} bodies in {float(t):.4f} s", flush=True)
    except RuntimeError as e:
        print(f"  {failure(e).upper()} ({e})", flush=True)
        return bodies, failure(e), None
    med = statistics.median(checks)
    print(f"  shape check: median {med:.4f} s ({1e6 * med / bodies:.2f} us per body), "
          f"whole input (read, replicate, run 0): median {statistics.median(totals):.1f} s", flush=True)
    return bodies, checks, totals


def print_shape_check_table(row):
    bodies, checks, totals = row
    print()
    print("Shape check of the bodies (at init only; no cost per step): body/rounded/polyhedron/granular,")
    print("2 MPI ranks, run 0; check = the slowest rank's time as the style logs it")
    print("| bodies | check (s), median | min-max | us per body | whole input incl. run 0 (s), median |")
    print("|---:|---:|---:|---:|---:|")
    if not isinstance(checks, list):
        print(f"| {bodies} | {checks} | - | - | - |")
        return
    med = statistics.median(checks)
    print(f"| {bodies} | {med:.4f} | {min(checks):.4f}-{max(checks):.4f} | {1e6 * med / bodies:.2f} | "
          f"{statistics.median(totals):.1f} |")


def print_scale_table(rows):
    print()
    print("Scale: body/rounded/polyhedron/granular on 2 MPI ranks; time per body-step = wall time of a")
    print("step / bodies; memory = largest resident size of a rank x 2 / bodies")
    print("| bodies | median steps/s | min-max | us per body-step | memory per body (KB) | time per body-step / smallest |")
    print("|---:|---:|---:|---:|---:|---:|")
    first = None
    for bodies, rates, per_body_step, memory in rows:
        if not isinstance(rates, list):
            print(f"| {bodies} | {rates} | - | - | - | - |")
            continue
        first = first or per_body_step
        mem = f"{memory:.1f}" if memory is not None else "n/a"
        print(f"| {bodies} | {statistics.median(rates):.2f} | {min(rates):.2f}-{max(rates):.2f} | "
              f"{per_body_step:.3f} | {mem} | {per_body_step / first:.2f} |")
    print(load_average() + " at the end of the table")


# --- parallel cases: each returns rows (case, style, MPI ranks, threads, rates)

def omp_marker(style):
    """What the host prints when the /omp pair style is in use (-sf omp
    silently keeps the serial style where no /omp variant exists)."""
    return f"Last active /omp style is pair_style {style}"


def thread_rows(lmp, work, opts, case, steps, style, base):
    """The /omp style `style` on `base` with 1 and 2 threads (1 rank), run
    alternately: rows (case, style, 1, threads, rates)."""
    print(f"{case}, {steps} steps (OpenMP):", flush=True)
    configs = [(f"{style}, {n} thread{'s' if n > 1 else ''}",
                base + ["-sf", "omp", "-pk", "omp", str(n)], 1, n, omp_marker(style)) for n in (1, 2)]
    rates = measure_alternating(configs, lmp, work, opts.repeat)
    return [(case, style, 1, n, rates[label]) for (label, _, _, n, _) in configs]


def rank_rows(lmp, work, opts, case, steps, style, base):
    """The serial style `style` on `base` on 1 and 2 MPI ranks, run
    alternately: rows (case, style, ranks, 1, rates)."""
    print(f"{case}, {steps} steps (MPI):", flush=True)
    configs = [(f"{style}, {n} MPI rank{'s' if n > 1 else ''}", base, n, 1, None) for n in (1, 2)]
    rates = measure_alternating(configs, lmp, work, opts.repeat)
    return [(case, style, n, 1, rates[label]) for (label, _, n, _, _) in configs]


def omp_polygon_cases(lmp, plugin, work, opts):
    """body/rounded/polygon/omp on the settled 2d packing (with history and
    the walls), 1 and 2 threads; the serial style on 1 and 2 MPI ranks."""
    packing = ensure_polygon_packing(lmp, plugin, work, 30000)
    case = "2d packing, 2000 squares, settled, history"
    base = ["-in", os.path.join(HERE, "in.bench_polygons"), "-var", "data", packing,
            "-var", "nsteps", str(opts.steps),
            "-var", "load", f"plugin load {plugin}", "-var", "history", "history"]
    return (thread_rows(lmp, work, opts, case, opts.steps, "body/rounded/polygon/omp", base) +
            rank_rows(lmp, work, opts, case, opts.steps, "body/rounded/polygon", base))


def omp_heap_cases(lmp, plugin, work, opts):
    """The settled heap with body/rounded/polyhedron/granular: its /omp
    variant (or else body/rounded/polyhedron/omp with history) with 1 and 2
    threads, where the plugin has one; the serial granular style on 1 and 2
    MPI ranks."""
    packing = ensure_heap_packing(lmp, plugin, work)
    case = HEAP_CASE
    steps = opts.heap_steps
    rows = []
    styles = plugin_styles(lmp, plugin, work)
    if "body/rounded/polyhedron/granular/omp" in styles:
        rows += thread_rows(lmp, work, opts, case, steps, "body/rounded/polyhedron/granular/omp",
                            heap_args(packing, "granular", steps, plugin))
    elif "body/rounded/polyhedron/omp" in styles:
        rows += thread_rows(lmp, work, opts, case, steps, "body/rounded/polyhedron/omp",
                            heap_args(packing, "linear", steps, plugin, "history"))
    else:
        print("  no 3d /omp pair style in this build of the plugin", flush=True)
        rows += [(case, "body/rounded/polyhedron/granular/omp", 1, n, "not in the plugin") for n in (1, 2)]
    return rows + rank_rows(lmp, work, opts, case, steps, "body/rounded/polyhedron/granular",
                            heap_args(packing, "granular", steps, plugin))


def omp_pour3d_cases(lmp, plugin, work, opts):
    """in.pour3d's bed (group hostex), with its full parameters and with
    cut_inner 0 and k_na 0: body/rounded/polyhedron/omp with 1 and 2
    threads, and the serial style on 1 and 2 MPI ranks. The issue's bars
    ask for the parallel speed-ups on every heap case, not only on bench/'s
    stiff heap."""
    packing = ensure_host_example_packing(lmp, plugin, work, "pour3d")
    steps = opts.heap_steps
    rows = []
    for cohesion, extra in (("", []), (", cut_inner 0, k_na 0", ["-var", "cut_inner", "0", "-var", "k_na", "0"])):
        case = POUR3D_CASE + cohesion
        base = ["-in", os.path.join(HERE, "in.bench_pour3d"), "-var", "data", packing, "-var", "nsteps", str(steps),
                "-var", "load", f"plugin load {plugin}"] + extra
        rows += thread_rows(lmp, work, opts, case, steps, "body/rounded/polyhedron/omp", base)
        rows += rank_rows(lmp, work, opts, case, steps, "body/rounded/polyhedron", base)
    return rows


OMP_CASES = [omp_polygon_cases, omp_heap_cases, omp_pour3d_cases]


# --- the Kokkos variants: rows (case, label, rates)

def kokkos_rows(lmp, work, opts, case, style, base):
    """The /omp variant of `style` and its Kokkos variant, both with 2
    threads, run alternately. The Kokkos run takes -sf hybrid kokkos omp:
    the pair style and the walls /kokkos, fix nve/body /omp (the package has
    no Kokkos integrator), as in the /omp run."""
    print(f"{case} (Kokkos and /omp, 2 threads):", flush=True)
    threads = ["-pk", "omp", "2"]
    configs = [(f"{style}/omp, 2 threads", base + ["-sf", "omp"] + threads, 1, 2, omp_marker(style + "/omp")),
               (f"{style}/kokkos, 2 threads", base + ["-sf", "hybrid", "kokkos", "omp"] + threads, 1, 2,
                f"pair {style}/kokkos, perpetual")]
    rates = measure_alternating(configs, lmp, work, opts.repeat)
    return [(case, label, rates[label]) for (label, *_) in configs]


def kokkos_cases(lmp, plugin, work, opts):
    """The settled heap (body/rounded/polyhedron/granular with walls) and the
    settled 2d packing (body/rounded/polygon with history and walls) with
    the Kokkos variants against the /omp ones, 2 threads each; nothing where
    the plugin was built without -DBODY_DEM_KOKKOS=ON."""
    if "body/rounded/polygon/kokkos" not in plugin_styles(lmp, plugin, work):
        print("kokkos: no Kokkos variants in this build of the plugin (configure with -DBODY_DEM_KOKKOS=ON, "
              "e.g. tools/run-tests.sh --kokkos, and pass --build build-kokkos)", flush=True)
        return []
    heap = ensure_heap_packing(lmp, plugin, work)
    packing = ensure_polygon_packing(lmp, plugin, work, 30000)
    polygons = ["-in", os.path.join(HERE, "in.bench_polygons"), "-var", "data", packing,
                "-var", "nsteps", str(opts.steps), "-var", "load", f"plugin load {plugin}",
                "-var", "history", "history"]
    return (kokkos_rows(lmp, work, opts, HEAP_CASE, "body/rounded/polyhedron/granular",
                        heap_args(heap, "granular", opts.heap_steps, plugin)) +
            kokkos_rows(lmp, work, opts, "2d packing, 2000 squares, settled, history", "body/rounded/polygon",
                        polygons))


def print_kokkos_table(rows):
    if not rows:
        return
    print()
    print("Kokkos variants against the /omp ones, 2 threads each (1 MPI rank), measured alternately;")
    print("time ratio = the /omp variant's median steps/s / the Kokkos variant's (bar: <= 1.2)")
    print("| case | style | median steps/s | min-max | time / the /omp variant's |")
    print("|---|---|---:|---:|---:|")
    omp = {}
    for case, label, rates in rows:
        if not isinstance(rates, list):
            print(f"| {case} | {label} | {rates} | - | - |")
            continue
        med = statistics.median(rates)
        if "/omp" in label:
            omp[case] = med
        ratio = f"{omp[case] / med:.2f}" if case in omp else "-"
        print(f"| {case} | {label} | {med:.1f} | {min(rates):.1f}-{max(rates):.1f} | {ratio} |")
    print(f"{load_average()} at the end")


THERMO_ROW = re.compile(r"^\s*(\d+)\s+(\d+)\s+(\S+)\s+(\S+)\s*$", re.M)


def device_cases(lmp, plugin, work, opts):
    """The device check (tools/device-check.sh): the 100,800-body heap (the
    scale group's 10 x 5 layout, body/rounded/polyhedron/granular with
    walls) with the Kokkos variants, whose pair loop runs on the device of
    a CUDA build of Kokkos, against the /omp variants on all of the
    machine's cores; 1 MPI rank each, run alternately. Both runs must end
    with the same potential energy: the device adds the loads in another
    order, so they agree to round-off grown over the steps, not bit for
    bit (compared at 1e-6 relative). Nothing where the plugin has no
    Kokkos variants."""
    if "body/rounded/polygon/kokkos" not in plugin_styles(lmp, plugin, work):
        print("device: no Kokkos variants in this build of the plugin (tools/device-check.sh builds them)",
              flush=True)
        return []
    packing = ensure_heap_packing(lmp, plugin, work)
    nx, ny = SCALE_LAYOUTS[-1]
    steps = 20
    threads = str(os.cpu_count() or 1)
    base = ["-in", os.path.join(HERE, "in.bench_scale3d"), "-var", "data", packing, "-var", "nx", str(nx),
            "-var", "ny", str(ny), "-var", "nsteps", str(steps), "-var", "load", f"plugin load {plugin}",
            "-pk", "omp", threads]
    style = "body/rounded/polyhedron/granular"
    configs = [(f"{style}/omp, {threads} threads", base + ["-sf", "omp"], 1, int(threads),
                omp_marker(style + "/omp")),
               (f"{style}/kokkos, pair loop on the device", base + ["-sf", "hybrid", "kokkos", "omp"], 1,
                int(threads), "device execution space")]
    print(f"device: the heap in {nx} x {ny} copies ({2016 * nx * ny} bodies), {steps} steps, 1 MPI rank:",
          flush=True)
    energies = {}
    try:
        for label, args, nprocs, nthreads, _ in configs:
            rows = THERMO_ROW.findall(run_lammps(lmp, args, work, nprocs=nprocs, threads=nthreads))
            energies[label] = float(rows[-1][3]) if rows else None
    except RuntimeError as e:
        print(f"  {failure(e).upper()} ({e})", flush=True)
        return []
    rates = measure_alternating(configs, lmp, work, opts.repeat)
    return [(label, rates[label], energies.get(label)) for label, *_ in configs]


def print_device_table(rows):
    if not rows:
        return
    print()
    print("The device check: the Kokkos variants' pair loop on the device against the /omp variants;")
    print("speed-up = the Kokkos run's median steps/s / the /omp run's; pe after the run (must agree to 1e-6)")
    print("| style | median steps/s | speed-up | pe at the end |")
    print("|---|---:|---:|---:|")
    base = None
    ok = True
    for label, rates, pe in rows:
        if not isinstance(rates, list):
            print(f"| {label} | {rates} | - | {pe} |")
            ok = False
            continue
        med = statistics.median(rates)
        base = base or med
        print(f"| {label} | {med:.2f} | {med / base:.2f} | {pe!r} |")
    energies = [pe for _, _, pe in rows]
    if ok and len(energies) == 2 and None not in energies:
        agree = abs(energies[0] - energies[1]) <= 1e-6 * max(abs(energies[0]), abs(energies[1]), 1e-300)
        print(f"pe of the two runs {'agree' if agree else 'DIFFER'} to 1e-6 relative")
        if not agree:
            sys.exit("device: the Kokkos variants on the device and the /omp variants disagree")


# --- the cost of the contact output: rows (style, invoked, rates)

CONTACT_EVERY = ((0, "none"), (100, "every 100 steps"), (1, "every step"))


def cpu_steps_per_second(output):
    """timesteps per second of CPU time of the last run: its loop time times
    the share of it the process ran ("x% CPU use"), so that time the
    process waited for the cores (other processes on a shared machine)
    does not count."""
    loops = re.findall(r"Loop time of ([0-9.eE+-]+) on \d+ procs for (\d+) steps", output)
    cpu = re.findall(r"^([0-9.]+)% CPU use", output, re.M)
    if not loops or not cpu:
        raise RuntimeError("no 'Loop time' or 'CPU use' line in the LAMMPS output")
    seconds, steps = loops[-1]
    return int(steps) / (float(seconds) * float(cpu[-1]) / 100.0)


def contact_cases(lmp, plugin, work, opts):
    """The settled heap with compute body/contact/local and body/contact/atom
    invoked every 100 steps and every step, against none, for the granular
    style and the linear style with history (walls included). The three
    configurations run in turn (a warm-up of each, then `repeat` rounds),
    so that a change of the machine's load affects them alike; each run
    gives its wall-clock rate and its rate per CPU second (the bars are
    taken on the latter: on a machine shared with other work, a run's
    wall time includes the time it waited for a core)."""
    packing = ensure_heap_packing(lmp, plugin, work)
    local_inputs = reduce_local_inputs(lmp)
    steps = opts.contact_steps
    rows = []
    for style, history, name in (("granular", "", "body/rounded/polyhedron/granular"),
                                 ("linear", "history", "body/rounded/polyhedron history")):
        print(f"{HEAP_CASE}, {name}, {steps} steps (contact output):", flush=True)
        configs = [(label, heap_args(packing, style, steps, plugin, history) +
                    ["-var", "contacts_every", str(every), "-var", "local_inputs", local_inputs])
                   for every, label in CONTACT_EVERY]
        wall = {label: [] for label, _ in configs}
        cpu = {label: [] for label, _ in configs}
        try:
            for round_ in range(opts.repeat + 1):
                for label, args in configs:
                    out = run_lammps(lmp, args, work)
                    if round_:    # round 0: the warm-up
                        wall[label].append(steps_per_second(out))
                        cpu[label].append(cpu_steps_per_second(out))
        except RuntimeError as e:
            print(f"  {failure(e).upper()} ({e})", flush=True)
            rows += [(name, label, failure(e), failure(e)) for label, _ in configs]
            continue
        for label, _ in configs:
            print(f"  {name}, contacts {label:<18} {statistics.median(wall[label]):8.1f} steps/s, "
                  f"{statistics.median(cpu[label]):8.1f} steps per CPU second", flush=True)
            rows.append((name, label, wall[label], cpu[label]))
    return rows


def print_contact_table(rows):
    print(f"\n{HEAP_CASE} (group contacts: compute body/contact/local and body/contact/atom, "
          f"invoked every N steps):\n")
    print("| style | contact output | median steps/s | min-max | per CPU second, median | min-max | "
          "CPU time / none | bar |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    none = {}
    for style, label, wall, cpu in rows:
        if label == "none" and isinstance(cpu, list) and cpu:
            none[style] = statistics.median(cpu)
    for style, label, wall, cpu in rows:
        if not isinstance(cpu, list) or not cpu:
            print(f"| {style} | {label} | {wall} | - | - | - | - | - |")
            continue
        median = statistics.median(cpu)
        ratio = none[style] / median if style in none else float("nan")
        bar = {"every 100 steps": "<= 1.02", "every step": "<= 1.25"}.get(label, "-")
        print(f"| {style} | {label} | {statistics.median(wall):.1f} | {min(wall):.1f}-{max(wall):.1f} | "
              f"{median:.1f} | {min(cpu):.1f}-{max(cpu):.1f} | {ratio:.3f} | {bar} |")
    print(load_average() + " at the end of the table")


def load_average():
    if not hasattr(os, "getloadavg"):
        return "load average unknown"
    return "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def print_table(rows):
    print()
    print("baseline: the host's built-in style on the same input (the package's style without")
    print("history where the host's crashed); ratio = median steps/s / the baseline's;")
    print("neighbour pairs: the host's 'Total # of neighbors' at the end of the last run;")
    print("pair ns per listed pair: the 'Pair' time of its timing breakdown / steps / neighbour pairs")
    print("| case | style | median steps/s | min-max | ratio to baseline | neighbour pairs | pair ns per listed pair |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for case, style, rates, baseline in rows:
        if not isinstance(rates, list):
            print(f"| {case} | {style} | {rates} | - | - | - | - |")
            continue
        med = statistics.median(rates)
        ratio = med / statistics.median(baseline) if isinstance(baseline, list) else float("nan")
        pairs = getattr(rates, "neighbors", None)
        per_pair = rates.ns_per_pair() if isinstance(rates, Rates) else None
        print(f"| {case} | {style} | {med:.1f} | {min(rates):.1f}-{max(rates):.1f} | {ratio:.2f} "
              f"| {pairs if pairs is not None else '-'} | {f'{per_pair:.0f}' if per_pair else '-'} |")
    print(load_average() + " at the end of the table")


def print_omp_table(rows):
    print()
    print("Parallel: the /omp variant with 1 and 2 threads (1 MPI rank), and the serial style")
    print("on 1 and 2 MPI ranks (1 thread), each pair measured alternately;")
    print("speed-up = median steps/s / the median of the same style on 1 rank x 1 thread")
    print("| case | style | MPI ranks x threads | median steps/s | min-max | speed-up |")
    print("|---|---|---:|---:|---:|---:|")
    one = {}
    for case, style, ranks, threads, rates in rows:
        if not isinstance(rates, list):
            print(f"| {case} | {style} | {ranks} x {threads} | {rates} | - | - |")
            continue
        med = statistics.median(rates)
        if ranks == 1 and threads == 1:
            one[(case, style)] = med
        speedup = med / one[(case, style)] if (case, style) in one else float("nan")
        print(f"| {case} | {style} | {ranks} x {threads} | {med:.1f} | {min(rates):.1f}-{max(rates):.1f} "
              f"| {speedup:.2f} |")
    # Threads and ranks wait for each other at every step: any other busy
    # process on the machine slows 2 of them far more than 1.
    print(f"{load_average()} at the end (with other work running, the 2-thread and 2-rank "
          "numbers mean little)")


def print_bars(rows, prows, srows=()):
    """The ratios that the performance issue's bars (issue 17, which
    replaced issue 7's) are stated in, from the rows above."""
    med, runs = {}, {}
    for case, style, rates, _ in rows:
        if isinstance(rates, list):
            med[(case, style)] = statistics.median(rates)
            runs[(case, style)] = rates
    speed = {}
    for case, style, ranks, threads, rates in prows:
        if isinstance(rates, list):
            speed[(case, style, ranks, threads)] = statistics.median(rates)

    def ratio(a, b):
        return f"{med[a] / med[b]:.2f}" if a in med and b in med else "n/a"

    def cost(a, b):     # cost of a over b = speed of b / speed of a
        return f"{med[b] / med[a]:.2f}" if a in med and b in med else "n/a"

    def pair_step(key):    # seconds in the pair style per step, of the last run
        r = runs.get(key)
        return r.pair_seconds / r.steps if r is not None and r.pair_seconds is not None and r.steps else None

    def pair_ratio(host, pkg):    # host's pair time over the package's
        a, b = pair_step(host), pair_step(pkg)
        return f"{a / b:.2f}" if a and b else "n/a"

    def rest_ratio(pkg, host):    # the rest of a step (not Pair): package over host
        a, b = pair_step(pkg), pair_step(host)
        if a is None or b is None:
            return "n/a"
        return f"{(1.0 / med[pkg] - a) / (1.0 / med[host] - b):.2f}"

    def speedup(case, style, n1, n2):
        a, b = (case, style) + n1, (case, style) + n2
        return f"{speed[b] / speed[a]:.2f}" if a in speed and b in speed else "n/a"

    host3d, pkg3d = "host built-in body/rounded/polyhedron", "package body/rounded/polyhedron"
    host2d, pkg2d = "host built-in body/rounded/polygon", "package body/rounded/polygon"
    h, sp = HEAP_CASE, SPHERE_CASE
    soft = POUR3D_CASE + ", cut_inner 0, k_na 0"
    p2 = "2d packing, 2000 squares, settled"
    lines = []
    if rows:
        lines += [
            ("heap: package polyhedron / host (speed)", ratio((h, pkg3d), (h, host3d)), ">= 40"),
            ("in.pour3d bed, cut_inner 0, k_na 0: package / host (speed)", ratio((soft, pkg3d), (soft, host3d)),
             ">= 40"),
            ("in.pour3d bed: package / host (speed)", ratio((POUR3D_CASE, pkg3d), (POUR3D_CASE, host3d)), ">= 40"),
        ]
        for case in (p2, SQUARES_CASE):
            name = "2d settled" if case == p2 else "in.squares packing"
            lines += [
                (f"{name}: package / host (speed, whole step)", ratio((case, pkg2d), (case, host2d)), ">= 2.5"),
                (f"{name}: host Pair time / package's", pair_ratio((case, host2d), (case, pkg2d)), ">= 4"),
                (f"{name}: rest of a step, package / host", rest_ratio((case, pkg2d), (case, host2d)), "<= 1"),
            ]
        # issue 29: the 2d speed (its ratio to the host) may fall by at most
        # 10 % against the plugin before the change (--baseline-plugin)
        for case in ("2d pour, 2000 squares, dense", p2, SQUARES_CASE):
            other = (case, f"{BASELINE} body/rounded/polygon")
            if other in med:
                name = {p2: "2d settled", SQUARES_CASE: "in.squares packing"}.get(case, "2d pour")
                lines.append((f"{name}: package / {BASELINE} (speed)", ratio((case, pkg2d), other), ">= 0.9"))
        lines += [
            ("spheres: one-vertex bodies / host granular (cost)",
             cost((sp, "package body/rounded/polyhedron/granular, one-vertex spheres"),
                  (sp, "host pair_style granular (hertz/material, linear_history)")), "<= 2.5"),
            ("heap: history / without (cost)", cost((h, pkg3d + " history"), (h, pkg3d)), "<= 1.3"),
            ("heap: granular / polyhedron history (cost)",
             cost((h, "package body/rounded/polyhedron/granular (hertz/material, linear_history)"),
                  (h, pkg3d + " history")), "<= 1.5"),
        ]
    if prows:
        heap_omp = next((r[1] for r in prows if r[0] == h and r[1].endswith("/omp")), "")
        lines += [
            ("heap: /omp 2 threads / 1 thread", speedup(h, heap_omp, (1, 1), (1, 2)), ">= 1.8"),
            ("heap: 2 MPI ranks / 1", speedup(h, "body/rounded/polyhedron/granular", (1, 1), (2, 1)), ">= 1.8"),
        ]
        for case, name in ((POUR3D_CASE, "in.pour3d bed"), (soft, "in.pour3d bed, cut_inner 0, k_na 0")):
            lines += [
                (f"{name}: /omp 2 threads / 1 thread", speedup(case, "body/rounded/polyhedron/omp", (1, 1), (1, 2)),
                 ">= 1.8"),
                (f"{name}: 2 MPI ranks / 1", speedup(case, "body/rounded/polyhedron", (1, 1), (2, 1)), ">= 1.8"),
            ]
        lines += [
            ("2d: /omp 2 threads / 1 thread", speedup(p2 + ", history", "body/rounded/polygon/omp", (1, 1), (1, 2)),
             "-"),
            ("2d: 2 MPI ranks / 1", speedup(p2 + ", history", "body/rounded/polygon", (1, 1), (2, 1)), "-"),
        ]
    # only the lines of the cases that ran ("n/a" stays where a case ran
    # but crashed, failed or is not in the plugin)
    ran = {r[0] for r in rows} | {r[0] for r in prows}
    names = {"heap": (h,), "in.pour3d bed": (POUR3D_CASE,), "in.pour3d bed, cut_inner 0, k_na 0": (soft,),
             "2d settled": (p2,), "in.squares packing": (SQUARES_CASE,), "spheres": (sp,),
             "2d pour": ("2d pour, 2000 squares, dense",),
             "2d": (p2 + ", history",)}
    lines = [l for l in lines if any(c in ran for c in names[l[0].split(":")[0]])]
    timed = [r for r in srows if r[2] is not None]
    if len(timed) >= 2:
        lines.append((f"scale: time per body-step, {timed[-1][0]} / {timed[0][0]} bodies (2 ranks)",
                      f"{timed[-1][2] / timed[0][2]:.2f}", "<= 1.3"))
    if not lines:
        return
    print()
    print("Ratios in the terms of the performance issue's bars (speed: higher is better; cost: lower is better)")
    print("| ratio | measured | bar |")
    print("|---|---:|---:|")
    for name, value, bar in lines:
        print(f"| {name} | {value} | {bar} |")


# --- lcp group: the quasi-static LCP library's own benchmark program

def lcp_cases(build, opts):
    """Runs <build>/lcp-bench --lcp-repeat times and returns, per run, the
    parts it reported on its "LCP_BENCH <json>" lines (a dict part -> json),
    or a failure text."""
    exe = os.path.join(build, "lcp-bench")
    if not os.path.exists(exe):
        print(f"lcp: {exe} not found; build the target lcp-bench", flush=True)
        return "not built"
    runs = []
    args = [exe, "--increments", str(opts.lcp_increments)]
    for i in range(opts.lcp_repeat):
        print(f"lcp: run {i + 1} of {opts.lcp_repeat}: {' '.join(args)}", flush=True)
        out = subprocess.run(args, capture_output=True, text=True)
        for line in out.stdout.splitlines():
            if not line.startswith("LCP_BENCH "):
                print("  " + line, flush=True)
        if out.returncode != 0:
            sys.stderr.write(out.stdout[-3000:] + out.stderr[-3000:])
            print(f"  FAILED (exit status {out.returncode})", flush=True)
            return "failed"
        parts = {}
        for line in out.stdout.splitlines():
            if line.startswith("LCP_BENCH "):
                j = json.loads(line[len("LCP_BENCH "):])
                parts[j["part"]] = j
        runs.append(parts)
    return runs


def print_lcp_table(runs):
    print()
    print("Quasi-static LCP (lcp-bench; one process, the enumerations in OpenMP threads). Times: median over the runs (min-max).")
    if not isinstance(runs, list) or not runs:
        print(f"| part | result |\n|---|---|\n| lcp-bench | {runs} |")
        return

    def stat(part, key):
        vals = [r[part][key] for r in runs if part in r and key in r[part]]
        if not vals:
            return None, "n/a"
        med = statistics.median(vals)
        text = f"{med:.3g}" if len(vals) == 1 else f"{med:.3g} ({min(vals):.3g}-{max(vals):.3g})"
        return med, text

    first = runs[0]
    if "example2" in first:
        print("| Example 2 case (full enumeration, m = 16) | s | Type I | Type II | path-sensitive | unsustainable |")
        print("|---|---:|---:|---:|---:|---:|")
        for k, case in enumerate(first["example2"]["cases"]):
            secs = [r["example2"]["cases"][k]["seconds"] for r in runs if "example2" in r]
            print(f"| {case['case']} | {statistics.median(secs):.2f} | {case['type_I']} | {case['type_II']} | "
                  f"{case['path_sensitive']} | {case['unsustainable']} |")
        print()
    rows = []
    if "biaxial" in first:
        b = first["biaxial"]
        secs, secs_text = stat("biaxial", "seconds")
        rows += [
            ("Example 3, single solution: time for the loading", f"{secs_text} s", "< 120 s"),
            ("  per increment", f"{stat('biaxial', 'ms_per_increment')[1]} ms", "-"),
            ("  increments / final -eps11", f"{b['increments']} / {b['final_strain11']:.4f}", "-"),
            ("  peak q/p at -eps11", f"{b['peak_q_over_p']:.4f} at {b['peak_strain11']:.4f}", "-"),
            ("  peak deviator (sigma22 - sigma11)/2 at -eps11",
             f"{b['peak_deviator']:.3e} at {b['peak_deviator_strain11']:.4f}", "[P]: peak at 2.1 % (assembly a-57)"),
            ("  contacts mean (min-max) / active mean (max)",
             f"{b['contacts_mean']:.1f} ({b['contacts_min']}-{b['contacts_max']}) / "
             f"{b['active_mean']:.1f} ({b['active_max']})", "[P]: 75-90 / about 11 (max 24)"),
            ("  corrective / incongruent increments", f"{b['corrective_increments']} / {b['incongruent']}", "-"),
        ]
    if "enumerative" in first:
        e = first["enumerative"]
        rows += [
            (f"Example 3 with the enumerative analysis every {e['analysis_every']} increments: time",
             f"{stat('enumerative', 'seconds')[1]} s", "-"),
            ("  of which the analysed increments", f"{stat('enumerative', 'analysis_seconds')[1]} s", "-"),
            ("  analysed / enumerated / with several solutions",
             f"{e['analysed_increments']} / {e['enumerated']} / {e['analysed_with_several_solutions']}", "-"),
            ("  classified (m <= limit): A is P / PD / degenerate",
             f"{e.get('classified', 0)}: {e.get('classified_P', 0)} / {e.get('classified_PD', 0)} / "
             f"{e.get('classified_degenerate', 0)}", "-"),
            ("  bifurcations (Type I / Type II / Type III)",
             f"{e.get('bifurcations', 0)} ({e.get('bifurcations_type_I', 0)} / {e.get('bifurcations_type_II', 0)} / "
             f"{e.get('bifurcations_type_III', 0)})", "[P]: 40 of ~9000, Type I and II"),
            ("  path-sensitive / unsustainable / neutral / incongruent",
             f"{e.get('classified_path_sensitive', 0)} / {e.get('classified_unsustainable', 0)} / "
             f"{e.get('classified_neutral', 0)} / {e.get('classified_incongruent', 0)}",
             "[P]: 22 / 75 % after 0.49 % strain / 4 / 350 of ~9000"),
        ]
    if "consolidation" in first:
        c = first["consolidation"]
        rows.append(("Example 3 consolidation to p = 1.25e-3",
                     f"{c['increments']} increments, {stat('consolidation', 'seconds')[1]} s, "
                     f"{c['contacts']} contacts", "[P]: 92 contacts"))
    if rows:
        print("| measure | value | bar / reference |")
        print("|---|---:|---:|")
        for name, value, bar in rows:
            print(f"| {name} | {value} | {bar} |")
    print(load_average() + " at the end of the table")


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
    return f"{cpu}, {os.cpu_count()} cores, {load_average()}"


GROUPS = ("polygon", "heap", "hostex", "hull", "spheres", "scale", "lcp", "omp", "kokkos", "contacts", "device")
# device: only on request (tools/device-check.sh), not in the default run
DEFAULT_GROUPS = tuple(g for g in GROUPS if g != "device")
LAMMPS_GROUPS = ("polygon", "heap", "hostex", "hull", "spheres", "scale", "omp", "kokkos", "contacts", "device")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=None,
                        help="the package's build folder (default: build, or build-2025/build-2026 with --host 2025/2026)")
    parser.add_argument("--host", choices=("stable2021", "2025", "2026"), default=None,
                        help="measure the build made for this host (tools/run-tests.sh --host H builds it); "
                             "the host measured is printed either way")
    parser.add_argument("--only", default=",".join(DEFAULT_GROUPS),
                        help="comma-separated groups of cases to run: " + ", ".join(GROUPS) +
                             " (default: all but device, which needs a GPU build: tools/device-check.sh)")
    parser.add_argument("--repeat", type=int, default=3, help="measured runs per case (after one warm-up)")
    parser.add_argument("--steps", type=int, default=1000,
                        help="time steps per measured run: 2d packing and spheres (default 1000)")
    parser.add_argument("--heap-steps", type=int, default=200,
                        help="time steps per measured run of the package's styles on the 3d heap (default 200)")
    parser.add_argument("--host-heap-steps", type=int, default=20,
                        help="time steps per measured run of the host's body/rounded/polyhedron (default 20; "
                             "it runs a few steps per second)")
    parser.add_argument("--hull-steps", type=int, default=200,
                        help="time steps per measured run of the hull group's 200-vertex grains (default 200; "
                             "2, 3, 4 and 8 times that for the 100-, 50-, 20-vertex grains and the cubes)")
    parser.add_argument("--baseline-plugin", default=None,
                        help="hull, hostex and polygon groups: also measure this plugin (another build of the "
                             "package, e.g. of an earlier commit) on the same inputs, run alternately with the "
                             "build's")
    parser.add_argument("--contact-steps", type=int, default=1000,
                        help="time steps per measured run of the contacts group (default 1000)")
    parser.add_argument("--lcp-repeat", type=int, default=1, help="runs of lcp-bench (lcp group; default 1)")
    parser.add_argument("--lcp-increments", type=int, default=9000,
                        help="biaxial increments of the lcp group's Example 3 (default 9000)")
    parser.add_argument("--work", default=None, help="folder for the generated packings (kept between runs)")
    parser.add_argument("--skip-omp", action="store_true", help="leave out the omp group")
    parser.add_argument("--omp-only", action="store_true", help="only the omp group (= --only omp)")
    opts = parser.parse_args()

    groups = [g.strip() for g in opts.only.split(",") if g.strip()]
    for g in groups:
        if g not in GROUPS:
            parser.error(f"--only: unknown group '{g}' (groups: {', '.join(GROUPS)})")
    if opts.omp_only:
        groups = ["omp"]
    if opts.skip_omp:
        groups = [g for g in groups if g != "omp"]

    if opts.build is None:
        opts.build = os.path.join(ROOT, "build" if opts.host in (None, "stable2021") else "build-" + opts.host)
    build = os.path.abspath(opts.build)    # LAMMPS runs in the work folder
    lmp = os.path.join(build, "lmp")
    plugin = os.path.join(build, "bodydemplugin.so")
    # the lcp group needs no LAMMPS
    for path in (lmp, plugin) if any(g in LAMMPS_GROUPS for g in groups) else ():
        if not os.path.exists(path):
            sys.exit(f"bench: {path} not found; build the package first (tools/build.sh)")
    work = os.path.abspath(opts.work or os.path.join(build, "bench-work"))
    os.makedirs(work, exist_ok=True)

    print(f"bench: {describe_machine()}; groups {', '.join(groups)}; {opts.repeat} runs per case after a warm-up")
    if os.path.exists(lmp):
        print(f"bench: host LAMMPS {host_version(lmp)} ({lmp}); the package's build {build}", flush=True)
    start = time.time()
    rows = []
    if "polygon" in groups:
        rows += polygon_cases(lmp, plugin, work, opts)
    if "heap" in groups:
        rows += heap_cases(lmp, plugin, work, opts)
    if "hostex" in groups:
        rows += host_example_cases(lmp, plugin, work, opts)
    hull_rows = []
    if "hull" in groups:
        hull_rows = hull_cases(lmp, plugin, work, opts)
        rows += hull_rows
    if "spheres" in groups:
        rows += sphere_cases(lmp, plugin, work, opts)
    if rows:
        print_table(rows)
    if hull_rows:
        print_hull_bars(hull_rows)
    scale_rows = []
    if "scale" in groups:
        scale_rows = scale_cases(lmp, plugin, work, opts)
        print_scale_table(scale_rows)
        print_shape_check_table(shape_check_cases(lmp, plugin, work, opts))
    if "lcp" in groups:
        print_lcp_table(lcp_cases(build, opts))
    omp_rows = []
    if "omp" in groups:
        for cases in OMP_CASES:
            omp_rows += cases(lmp, plugin, work, opts)
        print_omp_table(omp_rows)
    if "kokkos" in groups:
        print_kokkos_table(kokkos_cases(lmp, plugin, work, opts))
    if "contacts" in groups:
        print_contact_table(contact_cases(lmp, plugin, work, opts))
    if "device" in groups:
        print_device_table(device_cases(lmp, plugin, work, opts))
    print_bars(rows, omp_rows, scale_rows)
    print(f"\nbench: done in {time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
