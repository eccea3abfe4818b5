#!/usr/bin/env python3
"""Writes molecule files of hull grains for the benchmark group `hull`
(bench/run_benchmarks.py): each grain the convex hull of random points
near an ellipsoid, triangulated (the grains of issue 25, as
unittest/harness/hull_grains.h makes them for the tests), in its
principal frame, mass 1; and a rounded cube of the same volume and mass
for the control.

Bodies of more than some 50 vertices do not fit the host's data-file
reader (a body may span at most 31 lines of 255 characters), so the
grains come as molecule files (create_atoms ... mol), which have no such
limit.

  make_hull_grains.py VERTICES COUNT SEED PREFIX [--axes A B C] [--rounded D]

writes PREFIX.1.mol .. PREFIX.COUNT.mol (COUNT different grains of
VERTICES vertices, semi-axes A B C, default 0.6 0.5 0.4, rounded diameter
D, default 0.1) and PREFIX.cube.mol, and prints the grains' mean volume,
the cube's edge and the largest extent of a grain (for lattices and
neighbour skins).
"""
import argparse
import math
import random


def sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def orient(a, b, c, p):
    """6 times the signed volume of (a, b, c, p): > 0 when p lies on the
    side that the normal (b - a) x (c - a) points to."""
    return dot(cross(sub(b, a), sub(c, a)), sub(p, a))


def convex_hull(next_point, target, eps):
    """Incremental hull: points drawn until the hull has `target` vertices
    (a point adds at most one). Returns (points, triangles), the triangles
    counter-clockwise seen from outside."""
    p = [next_point() for _ in range(3)]
    while True:
        q = next_point()
        if abs(orient(p[0], p[1], p[2], q)) > eps:
            p.append(q)
            break
    if orient(p[0], p[1], p[2], p[3]) > 0:
        faces = [(0, 2, 1), (0, 1, 3), (1, 2, 3), (2, 0, 3)]
    else:
        faces = [(0, 1, 2), (0, 3, 1), (1, 3, 2), (2, 3, 0)]
    on_hull = 4
    while on_hull < target:
        q = next_point()
        visible = [f for f in faces if orient(p[f[0]], p[f[1]], p[f[2]], q) > eps]
        if not visible:
            continue
        k = len(p)
        p.append(q)
        directed = set()
        for a, b, c in visible:
            directed.update(((a, b), (b, c), (c, a)))
        horizon = [(u, v) for (u, v) in directed if (v, u) not in directed]
        vis = set(visible)
        faces = [f for f in faces if f not in vis] + [(u, v, k) for (u, v) in horizon]
        on_hull = len({v for f in faces for v in f})
    return p, faces


def solid_properties(vertices, faces):
    """Volume, centre of mass and inertia tensor (about the centre, mass 1)
    of the uniform solid, from tetrahedra of each face with a point inside."""
    inner = tuple(sum(v[d] for v in vertices) / len(vertices) for d in range(3))
    volume = 0.0
    moment = [0.0, 0.0, 0.0]
    tets = []
    for a, b, c in faces:
        vol = -orient(vertices[a], vertices[b], vertices[c], inner) / 6.0
        volume += vol
        pts = (vertices[a], vertices[b], vertices[c], inner)
        for d in range(3):
            moment[d] += vol * 0.25 * sum(q[d] for q in pts)
        tets.append((vol, pts))
    centre = tuple(m / volume for m in moment)
    # second moments of each tetrahedron about the centre: vol/20 (sum x x^T + s s^T), s = sum of its corners
    cov = [[0.0] * 3 for _ in range(3)]
    for vol, pts in tets:
        q = [sub(x, centre) for x in pts]
        s = [sum(x[d] for x in q) for d in range(3)]
        for i in range(3):
            for j in range(3):
                cov[i][j] += vol / 20.0 * (sum(x[i] * x[j] for x in q) + s[i] * s[j])
    mass_per_volume = 1.0 / volume
    trace = cov[0][0] + cov[1][1] + cov[2][2]
    inertia = [[mass_per_volume * ((trace if i == j else 0.0) - cov[i][j]) for j in range(3)] for i in range(3)]
    return volume, centre, inertia


def principal_frame(I):
    """Eigenvalues (decreasing) and eigenvectors (columns of a right-handed
    rotation) of a symmetric 3x3 matrix, by cyclic Jacobi rotations."""
    a = [row[:] for row in I]
    v = [[1.0 if i == j else 0.0 for j in range(3)] for i in range(3)]
    for _ in range(50):
        off = sum(a[i][j] ** 2 for i in range(3) for j in range(3) if i != j)
        if off < 1e-30 * sum(a[i][i] ** 2 for i in range(3)):
            break
        for p_, q_ in ((0, 1), (0, 2), (1, 2)):
            if abs(a[p_][q_]) < 1e-300:
                continue
            theta = 0.5 * math.atan2(2.0 * a[p_][q_], a[q_][q_] - a[p_][p_])
            c, s = math.cos(theta), math.sin(theta)
            for k in range(3):    # a <- a J
                akp, akq = a[k][p_], a[k][q_]
                a[k][p_], a[k][q_] = c * akp - s * akq, s * akp + c * akq
            for k in range(3):    # a <- J^T a
                apk, aqk = a[p_][k], a[q_][k]
                a[p_][k], a[q_][k] = c * apk - s * aqk, s * apk + c * aqk
            for k in range(3):
                vkp, vkq = v[k][p_], v[k][q_]
                v[k][p_], v[k][q_] = c * vkp - s * vkq, s * vkp + c * vkq
    order = sorted(range(3), key=lambda i: -a[i][i])
    moments = [a[i][i] for i in order]
    axes = [[v[r][i] for i in order] for r in range(3)]
    if dot(cross(*[tuple(axes[r][c] for r in range(3)) for c in (0, 1)]), tuple(axes[r][2] for r in range(3))) < 0:
        for r in range(3):
            axes[r][2] = -axes[r][2]
    return moments, axes


def write_molecule(path, title, vertices, edges, faces, moments, rounded_diameter):
    values = [f"{m:.17g}" for m in moments] + ["0", "0", "0"]
    lines = ["", "Body Doubles", "", " ".join(values)]
    for x in vertices:
        lines.append(" ".join(f"{c:.17g}" for c in x))
    for e in edges:
        lines.append(f"{e[0]} {e[1]}")
    for f in faces:
        lines.append(" ".join(str(i) for i in f))
    lines.append(f"{rounded_diameter:.17g}")
    ndouble = 6 + 3 * len(vertices) + 2 * len(edges) + 4 * len(faces) + 1
    with open(path, "w") as out:
        out.write(f"{title}\n\n1 atoms\n3 {ndouble} body\n\nCoords\n\n1 0 0 0\n\nTypes\n\n1 1\n\n"
                  f"Masses\n\n1 1\n\nBody Integers\n\n{len(vertices)} {len(edges)} {len(faces)}\n")
        out.write("\n".join(lines) + "\n")


def hull_grain(vertices, axes, seed, scatter=0.05):
    """The grain in its principal frame: (vertices, edges, faces, moments, volume)."""
    rng = random.Random(seed)

    def next_point():
        u = (rng.gauss(0, 1), rng.gauss(0, 1), rng.gauss(0, 1))
        n = math.sqrt(dot(u, u))
        r = 1.0 + scatter * rng.uniform(-1.0, 1.0)
        return (axes[0] * u[0] / n * r, axes[1] * u[1] / n * r, axes[2] * u[2] / n * r)

    size = max(axes)
    points, tri = convex_hull(next_point, vertices, 1e-12 * size ** 3)
    used = sorted({v for f in tri for v in f})
    index = {old: new for new, old in enumerate(used)}
    verts = [points[i] for i in used]
    faces = [(index[a], index[b], index[c]) for a, b, c in tri]
    volume, centre, inertia = solid_properties(verts, faces)
    moments, R = principal_frame(inertia)
    # u = R^T (v - centre): the principal frame
    verts = [tuple(sum(R[r][c] * (v[r] - centre[r]) for r in range(3)) for c in range(3)) for v in verts]
    edges = sorted({(min(a, b), max(a, b)) for f in faces for a, b in ((f[0], f[1]), (f[1], f[2]), (f[2], f[0]))})
    return verts, edges, [(a, b, c, -1) for a, b, c in faces], moments, volume


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("vertices", type=int)
    ap.add_argument("count", type=int)
    ap.add_argument("seed", type=int)
    ap.add_argument("prefix")
    ap.add_argument("--axes", type=float, nargs=3, default=(0.6, 0.5, 0.4))
    ap.add_argument("--rounded", type=float, default=0.1)
    a = ap.parse_args()
    volumes, extent = [], 0.0
    for k in range(a.count):
        verts, edges, faces, moments, volume = hull_grain(a.vertices, a.axes, a.seed * 1000 + k)
        write_molecule(f"{a.prefix}.{k + 1}.mol", f"hull grain {k + 1}: {len(verts)} vertices, principal frame",
                       verts, edges, faces, moments, a.rounded)
        volumes.append(volume)
        extent = max(extent, max(math.sqrt(dot(v, v)) for v in verts))
    volume = sum(volumes) / len(volumes)
    edge = volume ** (1.0 / 3.0)
    h = 0.5 * edge
    cube = [(sx * h, sy * h, sz * h) for sz in (-1, 1) for sy in (-1, 1) for sx in (-1, 1)]
    cube = [cube[i] for i in (0, 1, 3, 2, 4, 5, 7, 6)]    # 0 (-,-,-) 1 (+,-,-) 2 (+,+,-) 3 (-,+,-), then +z
    cube_edges = [(0, 1), (1, 2), (2, 3), (3, 0), (4, 5), (5, 6), (6, 7), (7, 4), (0, 4), (1, 5), (2, 6), (3, 7)]
    cube_faces = [(0, 3, 2, 1), (4, 5, 6, 7), (0, 1, 5, 4), (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7)]
    m = edge * edge / 6.0    # mass 1: m (a^2 + a^2) / 12
    write_molecule(f"{a.prefix}.cube.mol", "cube of the grains' mean volume, mass 1", cube, cube_edges, cube_faces,
                   (m, m, m), a.rounded)
    print(f"volume {volume:.6g} cube_edge {edge:.6g} extent {extent:.6g}")


if __name__ == "__main__":
    main()
