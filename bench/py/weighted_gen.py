#!/usr/bin/env python3
"""Seeded workloads for weighted matching on general graphs.

Usage: weighted_gen.py FAMILY N SEED OUT [PARAM]

(bench/harness.py calls it for the weighted suite of `bash bench/run.sh
--suite weighted`, at the sizes and seeds of its WEIGHTED list.)

Writes OUT in the Library Checker "general weighted matching" format:
"N M", then M lines "u v w" (0-based, integer weights). Families:

  random      random sparse graph, average degree PARAM (default 5),
              weights uniform in 1..10^6 (M = N * PARAM / 2 distinct edges)
  geometric   N random points in [0, 10^6)^2, each joined to its PARAM
              (default 10) nearest; weight = rounded Euclidean distance
  complete    the complete graph on N random points of [0, 10^6)^2, weight =
              rounded distance
  nested      blossoms nested PARAM (default N / 8) deep: triangles grown
              into odd rings of odd rings, heavy ring edges and light
              spokes, ids shuffled: many shrinks and expansions
  staircase   a path whose weights rise and fall in steps, with chords two
              apart of nearly the same weight: many small dual steps
"""
import sys

import numpy as np


def write(path, n, u, v, w):
    u = np.asarray(u, dtype=np.int64)
    v = np.asarray(v, dtype=np.int64)
    w = np.asarray(w, dtype=np.int64)
    with open(path, "w") as f:
        f.write(f"{n} {len(u)}\n")
        np.savetxt(f, np.stack([u, v, w], axis=1), fmt="%d")


def random_sparse(n, deg, rng):
    m = n * deg // 2
    seen = set()
    us, vs = [], []
    while len(us) < m:
        k = m - len(us)
        a = rng.integers(0, n, size=2 * k)
        b = rng.integers(0, n, size=2 * k)
        for x, y in zip(a.tolist(), b.tolist()):
            if x == y:
                continue
            key = (min(x, y), max(x, y))
            if key in seen:
                continue
            seen.add(key)
            us.append(x)
            vs.append(y)
            if len(us) == m:
                break
    w = rng.integers(1, 10**6 + 1, size=m)
    return us, vs, w


def geometric(n, k, rng):
    from scipy.spatial import cKDTree

    pts = rng.random((n, 2)) * 1e6
    tree = cKDTree(pts)
    dist, nbr = tree.query(pts, k=k + 1)
    a = np.repeat(np.arange(n), k)
    b = nbr[:, 1:].reshape(-1)
    d = dist[:, 1:].reshape(-1)
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    key = lo * n + hi
    _, first = np.unique(key, return_index=True)
    return lo[first], hi[first], np.rint(d[first]).astype(np.int64)


def complete(n, rng):
    pts = rng.random((n, 2)) * 1e6
    a, b = np.triu_indices(n, 1)
    d = np.hypot(*(pts[a] - pts[b]).T)
    return a, b, np.rint(d).astype(np.int64)


def nested(n, depth, rng):
    # Odd rings around odd rings: ring k has 2k + 1 vertices; ring edges are
    # heavy and rising outwards, spokes between consecutive rings light, so
    # each ring shrinks into a blossom inside the next.
    us, vs, ws = [], [], []
    rings = []
    used = 0
    k = 1
    while used < n and len(rings) < max(depth, 1):
        size = min(2 * k + 1, n - used)
        if size < 3:
            break
        rings.append(list(range(used, used + size)))
        used += size
        k += 1
    for i, ring in enumerate(rings):
        s = len(ring)
        for j in range(s):
            us.append(ring[j])
            vs.append(ring[(j + 1) % s])
            ws.append(1000 + 10 * i + int(rng.integers(0, 3)))
        if i > 0:
            prev = rings[i - 1]
            for j in range(0, s, 2):
                us.append(ring[j])
                vs.append(prev[j % len(prev)])
                ws.append(int(rng.integers(1, 50)))
    # The rest: a path hanging off the outermost ring.
    last = rings[-1][0] if rings else 0
    for x in range(used, n):
        us.append(last)
        vs.append(x)
        ws.append(int(rng.integers(500, 1500)))
        last = x
    perm = rng.permutation(n)
    return perm[np.asarray(us)], perm[np.asarray(vs)], ws


def staircase(n, rng):
    us, vs, ws = [], [], []
    for i in range(n - 1):
        us.append(i)
        vs.append(i + 1)
        ws.append(10**5 + 100 * (i % 50) - 3 * (i % 7))
    for i in range(n - 2):
        us.append(i)
        vs.append(i + 2)
        ws.append(10**5 + 100 * (i % 50) - 3 * (i % 7) - 1)
    perm = rng.permutation(n)
    return perm[np.asarray(us)], perm[np.asarray(vs)], ws


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    family, n, seed, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    param = int(sys.argv[5]) if len(sys.argv) > 5 else None
    rng = np.random.default_rng(seed)
    if family == "random":
        u, v, w = random_sparse(n, param or 5, rng)
    elif family == "geometric":
        u, v, w = geometric(n, param or 10, rng)
    elif family == "complete":
        u, v, w = complete(n, rng)
    elif family == "nested":
        u, v, w = nested(n, param or max(n // 8, 1), rng)
    elif family == "staircase":
        u, v, w = staircase(n, rng)
    else:
        sys.exit(f"unknown family {family!r}")
    write(out, n, u, v, w)


if __name__ == "__main__":
    main()
