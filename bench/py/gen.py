#!/usr/bin/env python3
"""Seeded workload generator of the benchmark harness for the
Dulmage–Mendelsohn and assignment suites (the bipartite and general suites'
workloads are written by bench/families-gen, from the generators the
criterion benches and the tests use).

Usage: gen.py SUITE --out DIR [--set small|full] [--only NAME ...]
       SUITE: dm | assignment

Writes DIR/NAME.<ext> (and DIR/NAME.<ext>.npz, the parsed arrays the Python
peers load) and prints one JSON object a line describing each workload
(name, family, file, sizes). A file is rewritten only when its parameters or
this generator's version changed (DIR/NAME.params). The random stream of a
workload is seeded by its name (numpy PCG64), so a name always gives the
same instance.

Formats
  dm:          Matrix Market "coordinate pattern general", rows = left side.
  assignment:  dense "rows cols" then the rows ("inf" = forbidden; integers
               printed as integers, floats with 17 significant digits);
               sparse "L R M" then M lines "u v w" (integer w >= 1).
"""
import argparse
import json
import os
import sys
import zlib

import numpy as np

VERSION = 1


def rng_for(name):
    return np.random.Generator(np.random.PCG64(zlib.crc32(name.encode())))


# ---- writers -----------------------------------------------------------------

def replace(tmp, path):
    os.replace(tmp, path)


def write_lines(path, header, columns, fmt):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(header + "\n")
        n = len(columns[0])
        step = 1 << 20
        for s in range(0, n, step):
            block = np.column_stack([c[s:s + step] for c in columns])
            np.savetxt(f, block, fmt=fmt)
    replace(tmp, path)


def write_npz(path, **arrays):
    tmp = path + ".tmp.npz"
    np.savez(tmp, **arrays)
    replace(tmp, path + ".npz")


def write_mtx(path, rows, cols, i, j):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("%%MatrixMarket matrix coordinate pattern general\n")
        f.write(f"{rows} {cols} {len(i)}\n")
        step = 1 << 20
        for s in range(0, len(i), step):
            np.savetxt(f, np.column_stack([i[s:s + step] + 1, j[s:s + step] + 1]), fmt="%d")
    replace(tmp, path)


def write_dense(path, c, integer):
    rows, cols = c.shape
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(f"{rows} {cols}\n")
        if integer:
            out = np.where(np.isfinite(c), c, 0).astype(np.int64)
            for r in range(rows):
                line = " ".join(map(str, out[r].tolist()))
                if not np.all(np.isfinite(c[r])):
                    parts = line.split(" ")
                    for k in np.nonzero(~np.isfinite(c[r]))[0]:
                        parts[k] = "inf"
                    line = " ".join(parts)
                f.write(line + "\n")
        else:
            for r in range(rows):
                f.write(" ".join("inf" if x == np.inf else repr(x) for x in c[r].tolist()) + "\n")
    replace(tmp, path)
    arrays = {"c": c.astype(np.float64)}
    if integer:
        arrays["integer"] = np.array(True)
    write_npz(path, **arrays)


def write_sparse(path, L, R, u, v, w, floats=False, frac=False):
    # floats: the same integer costs written as floats ("12.0"); frac: with
    # a half added to each ("12.5").
    if floats:
        w = np.asarray(w, dtype=np.float64) + (0.5 if frac else 0.0)
        write_lines(path, f"{L} {R} {len(u)}", [u, v, w], ["%d", "%d", "%.1f"])
    else:
        write_lines(path, f"{L} {R} {len(u)}", [u, v, w], "%d")
    write_npz(path, header=np.array([L, R, len(u)]), u=u, v=v, w=w)


# ---- Dulmage–Mendelsohn ----------------------------------------------------------

def dm_rect(name, rows, cols, per_row):
    g = rng_for(name)
    i = np.repeat(np.arange(rows, dtype=np.int64), per_row)
    j = g.integers(0, cols, size=rows * per_row)
    key = np.unique(i * cols + j)
    return rows, cols, key // cols, key % cols


def dm_diag(name, n, extra):
    g = rng_for(name)
    i = np.concatenate([np.arange(n), np.repeat(np.arange(n), extra)])
    j = np.concatenate([np.arange(n), g.integers(0, n, size=n * extra)])
    key = np.unique(i.astype(np.int64) * n + j)
    return n, n, key // n, key % n


def dm_set(which):
    if which == "small":
        return [("rect-r1e4-c8e3-k5", "rect", dict(rows=10_000, cols=8_000, k=5)),
                ("diag-n1e4-k5", "diag", dict(n=10_000, k=5))]
    return [("rect-r1e6-c8e5-k5", "rect", dict(rows=1_000_000, cols=800_000, k=5)),
            ("diag-n1e6-k5", "diag", dict(n=1_000_000, k=5))]


def dm_build(name, family, p, path):
    if family == "rect":
        rows, cols, i, j = dm_rect(name, p["rows"], p["cols"], p["k"])
    else:
        rows, cols, i, j = dm_diag(name, p["n"], p["k"] - 1)
    write_mtx(path, rows, cols, i, j)
    return dict(rows=rows, cols=cols, entries=int(len(i)))


# ---- assignment -----------------------------------------------------------------

DENSE_KINDS = ["uniform", "int100", "int1e6", "binary", "sqeuclid", "logu", "machol", "forbidden"]
INTEGER_KINDS = {"shared", "int100", "int1e6", "binary", "machol", "intn", "machtop", "machbot", "machuni",
                 "machevery", "rowoff", "rowoffrand", "bothoff", "toeplitz", "mod7", "imodn", "blocks",
                 "lowtri", "fixedbin", "fixeduni", "fixed100", "toelast", "toeearly", "uptri",
                 "bandeq", "sumij", "addrand", "sumijn", "blocks5", "mod31", "maxij", "lowzero",
                 "pmaxij", "rowoffbin", "dupcols", "coloff", "blockscol", "uptricol", "skewmod",
                 "duprow", "dup10"}


def dense_costs(name, kind, rows, cols):
    g = rng_for(name)
    if kind == "uniform":
        return g.random((rows, cols))
    if kind == "int100":
        return g.integers(0, 100, size=(rows, cols)).astype(np.float64)
    if kind == "intn":
        return g.integers(0, rows, size=(rows, cols)).astype(np.float64)
    if kind == "int1e6":
        return g.integers(0, 1_000_000, size=(rows, cols)).astype(np.float64)
    if kind == "binary":
        return g.integers(0, 2, size=(rows, cols)).astype(np.float64)
    if kind == "sqeuclid":
        a, b = g.random((rows, 2)), g.random((cols, 2))
        return ((a[:, None, :] - b[None, :, :]) ** 2).sum(axis=2)
    if kind == "sqeuclid5":
        # points in 5 dimensions: rows prefer different columns, yet the
        # optimum takes entries far down the rows (the sparse first try
        # gives up after the first round of its check).
        a, b = g.random((rows, 5)), g.random((cols, 5))
        return ((a[:, None, :] - b[None, :, :]) ** 2).sum(axis=2)
    if kind == "sqeuclid1":
        # points on a line: a few searches scan most columns, reading most
        # rows each (the float searches' long tail).
        a, b = g.random((rows, 1)), g.random((cols, 1))
        return ((a[:, None, :] - b[None, :, :]) ** 2).sum(axis=2)
    if kind == "shared":
        # uniform integers in [0, 10^6), one row in fifty the first row
        # plus noise in [0, 1000): the sparse first try frees those rows.
        c = g.integers(0, 1_000_000, size=(rows, cols))
        c[7::50] = c[0] + g.integers(0, 1000, size=c[7::50].shape)
        return c.astype(np.float64)
    if kind == "logu":
        return 10.0 ** g.uniform(-20, 20, size=(rows, cols))
    if kind == "machol":
        return np.outer(np.arange(1, rows + 1), np.arange(1, cols + 1)).astype(np.float64)
    if kind == "machuni":
        # half the rows Machol-Wien over half uniform integers in [0, 1000):
        # few ties ahead of the paused searches, so cost scaling takes it,
        # though the searches left are cheap.
        c = np.outer(np.arange(1, rows + 1), np.arange(1, cols + 1)).astype(np.float64)
        low = g.integers(0, 1000, size=(rows, cols)).astype(np.float64)
        return np.where((np.arange(rows) < rows // 2)[:, None], c, low)
    if kind == "machevery":
        # every `stride`-th row Machol-Wien, the others costs in {0, 1000}:
        # the integer searches are faster here, and a sample of the free
        # rows that missed the tied rows would send them to floats early.
        stride = {400: 8, 800: 50}.get(rows, 25)
        c = np.outer(np.arange(1, rows + 1), np.arange(1, cols + 1)).astype(np.float64)
        ties = 1000.0 * g.integers(0, 2, size=(rows, cols))
        return np.where((np.arange(rows) % stride == 0)[:, None], c, ties)
    if kind in ("machtop", "machbot"):
        # half the rows Machol-Wien (long searches, no ties: the integer
        # searches hand over to float ones), half costs in {0, 1000} (ties
        # everywhere: the float ones hand back); "machtop" puts the
        # Machol-Wien rows first.
        c = np.outer(np.arange(1, rows + 1), np.arange(1, cols + 1)).astype(np.float64)
        ties = 1000.0 * g.integers(0, 2, size=(rows, cols))
        top = np.arange(rows) < rows // 2
        keep = top if kind == "machtop" else ~top
        return np.where(keep[:, None], c, ties)
    if kind in ("bandeq", "sumij", "addrand", "sumijn", "blocks5", "mod31"):
        # integers in [0, 100) within 5 of the diagonal and 10^6 elsewhere
        # (every row ties at the sparse first try's bar); i + j (every
        # assignment optimal, the column reduction collapsed on row 0);
        # cheap blocks of five; (i + j) mod 31 (the tight start's matching
        # leaves rows whose searches cross the classes).
        i = np.arange(rows)[:, None]
        j = np.arange(cols)[None, :]
        if kind == "bandeq":
            return np.where(np.abs(i - j) <= 5, g.integers(0, 100, size=(rows, cols)), 10**6).astype(np.float64)
        if kind == "sumij":
            return (i + j).astype(np.float64)
        if kind == "addrand":
            return (g.integers(0, 10**6, size=(rows, 1)) + g.integers(0, 10**6, size=(1, cols))).astype(np.float64)
        if kind == "sumijn":
            return (i + j + g.integers(0, 10, size=(rows, cols))).astype(np.float64)
        if kind == "mod31":
            return ((i + j) % 31).astype(np.float64)
        return (g.integers(0, 100, size=(rows, cols)) + 10**6 * ((i // 5) != (j // 5))).astype(np.float64)
    if kind == "circf":
        # (j - i) mod n plus a fraction in [0, 0.5): every row's least in a
        # column of its own, as floats (the potentials kept as found).
        i = np.arange(rows)[:, None]
        j = np.arange(cols)[None, :]
        return ((j - i) % cols) + 0.5 * g.random((rows, cols))
    if kind in ("coloff", "blockscol", "uptricol"):
        # a constant per column in [0, 10^7) over integers in [0, 10^6),
        # over cheap blocks of 20, and 100 times one in [0, 10^4) over a
        # dear upper triangle of integers in [0, 10): wide, the columns'
        # least costs explain the rows, but the reduced rows are not flat
        # (the padded square's added rows each searched across them when
        # tight on one column alone).
        i = np.arange(rows)[:, None]
        j = np.arange(cols)[None, :]
        if kind == "coloff":
            return (g.integers(0, 10**7, size=(1, cols)) + g.integers(0, 10**6, size=(rows, cols))).astype(np.float64)
        if kind == "blockscol":
            b = g.integers(0, 10**7, size=(1, cols))
            return (g.integers(0, 100, size=(rows, cols)) + 10**6 * ((i // 20) != (j // 20)) + b).astype(np.float64)
        b = 100 * g.integers(0, 10**4, size=(1, cols))
        return (g.integers(0, 10, size=(rows, cols)) + 1000 * (j > i) + b).astype(np.float64)
    if kind in ("maxij", "lowzero", "pmaxij", "rowoffbin", "dupcols"):
        # nested ties: max(i, j) (row i ties on columns 0..=i), 1 above the
        # diagonal, max(i, j) under random row and column orders; and rows
        # offset by constants over ties: binary plus 1000 * i, a random
        # constant per row plus integers in [0, 3).
        i = np.arange(rows)[:, None]
        j = np.arange(cols)[None, :]
        if kind == "maxij":
            return np.maximum(i, j).astype(np.float64)
        if kind == "lowzero":
            return (j > i).astype(np.float64)
        if kind == "pmaxij":
            return np.maximum(g.permutation(rows)[:, None], g.permutation(cols)[None, :]).astype(np.float64)
        if kind == "rowoffbin":
            return (g.integers(0, 2, size=(rows, cols)) + 1000 * i).astype(np.float64)
        return (g.integers(0, 10**6, size=(rows, 1)) + g.integers(0, 3, size=(rows, cols))).astype(np.float64)
    if kind == "uptri":
        # wide, integers in [0, 10) with dear entries above the diagonal:
        # row i cheap on columns 0..=i alone, the optimum the diagonal, and
        # the rows' cheapest columns collide (the wide start's door).
        i = np.arange(rows)[:, None]
        j = np.arange(cols)[None, :]
        return (g.integers(0, 10, size=(rows, cols)) + 1000 * (j > i)).astype(np.float64)
    if kind in ("toeplitz", "mod7", "imodn", "blocks", "lowtri"):
        # structured integers: |i - j| (each row's least in a column of its
        # own), (i + j) mod 7 and i * j mod n (ties in a pattern), cheap
        # entries in blocks of 20 rows and columns and dear ones elsewhere,
        # and dear entries below the diagonal.
        i = np.arange(rows)[:, None]
        j = np.arange(cols)[None, :]
        if kind == "toeplitz":
            return np.abs(i - j).astype(np.float64)
        if kind == "mod7":
            return ((i + j) % 7).astype(np.float64)
        if kind == "imodn":
            return ((i * j) % rows).astype(np.float64)
        noise = g.integers(0, 100 if kind == "blocks" else 10, size=(rows, cols))
        if kind == "blocks":
            return (noise + 10**6 * ((i // 20) != (j // 20))).astype(np.float64)
        return (noise + 1000 * (j < i)).astype(np.float64)
    if kind in ("duprow", "dup10"):
        # rows that are copies of few: half the rows one row of integers
        # in [0, 1000), or ten rows each copied to a tenth of the rows
        # (each search scanned the copies one after another).
        c = g.integers(0, 1000, size=(rows, cols))
        if kind == "duprow":
            c[::2] = c[0]
        else:
            for k in range(min(10, rows)):
                c[k::10] = c[k]
        return c.astype(np.float64)
    if kind == "skewmod":
        # (r(i) + j) mod 20 with every other row in class 0: each row ties
        # on a twentieth of the columns, half the rows on the same ones,
        # so the tight start's windows leave more than one row in 16 free
        # however they are read (its widening reads rows for nothing).
        i = np.arange(rows)[:, None]
        j = np.arange(cols)[None, :]
        r = np.where(i % 2 == 0, 0, i % 20)
        return ((r + j) % 20).astype(np.float64)
    if kind in ("toelast", "toeearly"):
        # |i - j| with the last (second) row's least moved to column 0 (at
        # -1): every row's least in a column of its own but that one's.
        i = np.arange(rows)[:, None]
        j = np.arange(cols)[None, :]
        c = np.abs(i - j)
        c[rows - 1 if kind == "toelast" else 1, 0] = -1
        return c.astype(np.float64)
    if kind in ("fixedbin", "fixeduni", "fixed100"):
        # the rows at k * n / 32 (where a fixed sample of 32 rows would
        # look) unlike the rest: uniform in [0, 10^6) among binary rows
        # ("fixedbin") or among integers in [0, 100) ("fixed100"), binary
        # among uniform ones ("fixeduni").
        there = np.zeros(rows, dtype=bool)
        there[[k * rows // 32 for k in range(32)]] = True
        uni = g.integers(0, 10**6, size=(rows, cols))
        other = g.integers(0, 100 if kind == "fixed100" else 2, size=(rows, cols))
        if kind == "fixeduni":
            return np.where(there[:, None], other, uni).astype(np.float64)
        return np.where(there[:, None], uni, other).astype(np.float64)
    if kind in ("rowoff", "rowoffrand", "bothoff", "frowoff"):
        # integers in [0, n) (floats in [0, 1) for "frowoff") plus a constant
        # per row: 1000 * i ("rowoff"), random in [0, 10^6) ("rowoffrand",
        # 100 times a float in [0, 1) for "frowoff"), and 1000 * (i + j)
        # ("bothoff"). Constants change no assignment's ranking, but every
        # column's cheapest row is then one of the few cheapest rows: the
        # door of a start by column reduction (JV's, and lap's).
        if kind == "frowoff":
            return g.random((rows, cols)) + 100.0 * g.random((rows, 1))
        c = g.integers(0, rows, size=(rows, cols)).astype(np.float64)
        i = np.arange(rows, dtype=np.float64)[:, None]
        if kind == "rowoff":
            return c + 1000.0 * i
        if kind == "rowoffrand":
            return c + g.integers(0, 1_000_000, size=(rows, 1)).astype(np.float64)
        return c + 1000.0 * (i + np.arange(cols, dtype=np.float64)[None, :])
    if kind == "forbidden":
        c = g.random((rows, cols))
        c[g.random((rows, cols)) < 0.5] = np.inf
        # keep one full assignment feasible: a random injection of the smaller side
        k = min(rows, cols)
        r = g.permutation(rows)[:k]
        s = g.permutation(cols)[:k]
        c[r, s] = g.random(k)
        return c
    raise ValueError(kind)


def sparse_uniform(name, n, per_row):
    # per_row - 1 uniform columns a row plus one from a hidden random
    # permutation, so that a perfect matching exists; weights in [1, 1000].
    g = rng_for(name)
    u = np.repeat(np.arange(n, dtype=np.int64), per_row)
    v = g.integers(0, n, size=n * per_row)
    v[::per_row] = g.permutation(n)
    key, first = np.unique(u * n + v, return_index=True)
    w = g.integers(1, 1001, size=n * per_row)[first]
    return n, n, key // n, key % n, w


def sparse_knn(name, n, k):
    # rows and columns: two sets of n random points in the unit square; each
    # row joined to its k nearest columns, plus the pairs of a Morton-order
    # matching of rows to columns (short edges; a perfect matching exists).
    # Weight: round(distance * 10^6) + 1.
    from scipy.spatial import cKDTree
    g = rng_for(name)
    a, b = g.random((n, 2)), g.random((n, 2))
    _, nn = cKDTree(b).query(a, k=k)
    u = np.concatenate([np.repeat(np.arange(n), k), np.arange(n)])

    def morton(p):
        q = (p * 65535).astype(np.uint64)
        code = np.zeros(len(p), dtype=np.uint64)
        for bit in range(16):
            code |= ((q[:, 0] >> np.uint64(bit)) & np.uint64(1)) << np.uint64(2 * bit)
            code |= ((q[:, 1] >> np.uint64(bit)) & np.uint64(1)) << np.uint64(2 * bit + 1)
        return np.argsort(code, kind="stable")
    pair = np.empty(n, dtype=np.int64)
    pair[morton(a)] = morton(b)
    v = np.concatenate([nn.ravel(), pair]).astype(np.int64)
    key = np.unique(u.astype(np.int64) * n + v)
    u, v = key // n, key % n
    w = np.rint(np.linalg.norm(a[u] - b[v], axis=1) * 1e6).astype(np.int64) + 1
    return n, n, u, v, w


def sparse_band(n, half=5):
    # Machol–Wien costs (i + 1)(j + 1) on the band |i - j| <= half.
    u = np.repeat(np.arange(n, dtype=np.int64), 2 * half + 1)
    v = u + np.tile(np.arange(-half, half + 1, dtype=np.int64), n)
    keep = (v >= 0) & (v < n)
    u, v = u[keep], v[keep]
    return n, n, u, v, (u + 1) * (v + 1)


def sparse_staircase(n):
    # row i: column i at cost 1, column i + 1 at cost 0 (the last row's
    # search walks the whole staircase).
    u = np.concatenate([np.arange(n), np.arange(n - 1)]).astype(np.int64)
    v = np.concatenate([np.arange(n), np.arange(1, n)]).astype(np.int64)
    w = np.concatenate([np.ones(n), np.zeros(n - 1)]).astype(np.int64)
    key = np.argsort(u * n + v, kind="stable")
    return n, n, u[key], v[key], w[key]


def sparse_hidden(name, n, extra=4):
    # one perfect matching only: under a hidden permutation p, row i joined
    # to p(i) and to p(j) for a few random j > i; weights in [1, 1000].
    g = rng_for(name)
    p = g.permutation(n)
    u = [np.arange(n)]
    v = [p]
    for _ in range(extra):
        i = np.arange(n - 1)
        j = i + 1 + (g.random(n - 1) * (n - 1 - i)).astype(np.int64)
        u.append(i)
        v.append(p[j])
    u = np.concatenate(u).astype(np.int64)
    v = np.concatenate(v).astype(np.int64)
    key = np.unique(u * n + v)
    w = g.integers(1, 1001, size=len(key))
    return n, n, key // n, key % n, w


def sparse_spread(name, n, lo, hi):
    # lo..hi uniform columns a row plus a hidden permutation; weights in
    # [1, 1000].
    g = rng_for(name)
    d = g.integers(lo, hi + 1, size=n)
    u = np.concatenate([np.repeat(np.arange(n, dtype=np.int64), d), np.arange(n)])
    v = np.concatenate([g.integers(0, n, size=int(d.sum())), g.permutation(n)])
    key = np.unique(u * n + v)
    w = g.integers(1, 1001, size=len(key))
    return n, n, key // n, key % n, w


# The families where an engine rule pays the most (issue: "no input where a
# peer wins"), each at two sizes and on several seeds ("-s2" renames the
# random stream).
def adversarial_set():
    W = []
    for kind in ("intn", "int1e6"):
        for n in (2000, 4000):
            for s in (1, 2, 3):
                W.append((f"{kind}-{n}x{n}-s{s}", f"dense-{kind}", dict(kind=kind, rows=n, cols=n)))
    for n in (1000, 2000):
        for s in (1, 2, 3):
            W.append((f"sqeuclid-{n}x{n}-s{s}", "dense-sqeuclid", dict(kind="sqeuclid", rows=n, cols=n)))
    # the sparse first try of square problems from 1024 rows: uniform
    # floats (it holds), a few rows sharing their cheapest columns (it
    # frees them), points in 5 dimensions (it gives up).
    for n in (1400, 2000):
        for s in (1, 2):
            for kind in ("uniform", "shared", "sqeuclid5", "sqeuclid1"):
                W.append((f"{kind}-{n}x{n}-s{s}", f"dense-{kind}", dict(kind=kind, rows=n, cols=n)))
    # the sparse first try from 400 rows (it ran from 1024 before: uniform
    # integers at 1000^2 took three times as long as at 1024^2), just over
    # and under its bound, with the families it costs (points, blocks of
    # five, binary rows at a fixed sample's places).
    for n in (390, 410, 500, 520, 800, 1000):
        for kind in ("int1e6", "intn", "uniform"):
            W.append((f"{kind}-{n}x{n}-mid", f"dense-{kind}", dict(kind=kind, rows=n, cols=n)))
    for n in (600, 1000):
        for kind in ("sqeuclid", "sqeuclid5", "blocks5", "fixeduni", "rowoffrand"):
            W.append((f"{kind}-{n}x{n}-mid", f"dense-{kind}", dict(kind=kind, rows=n, cols=n)))
    # the integer searches' hand-over to floats and back (long searches
    # without ties, then rows full of ties), and rectangular Machol-Wien
    # beyond SciPy's grid.
    # square from 256 rows: the hand-over to cost scaling, whose bids fall
    # into a price war on the rows of ties.
    for kind in ("machtop", "machbot"):
        for rows, cols in ((250, 250), (400, 800), (400, 400), (800, 800)):
            W.append((f"{kind}-{rows}x{cols}", f"dense-{kind}", dict(kind=kind, rows=rows, cols=cols)))
    for n in (400, 800):
        W.append((f"machuni-{n}x{n}", "dense-machuni", dict(kind="machuni", rows=n, cols=n)))
        W.append((f"machevery-{n}x{n}", "dense-machevery", dict(kind="machevery", rows=n, cols=n)))
    # the searches' hand-over to cost scaling past 700 projected passes:
    # c(i, j) = i * j (whose work ahead projects at about n / 2 passes) just
    # under and over the bound, and the mixtures above near it.
    for n in (1380, 1440):
        W.append((f"machol-{n}x{n}", "dense-machol", dict(kind="machol", rows=n, cols=n)))
    for kind in ("machtop", "machuni"):
        for n in (1400, 1600):
            W.append((f"{kind}-{n}x{n}", f"dense-{kind}", dict(kind=kind, rows=n, cols=n)))
    # integer costs written as floats: ties everywhere, which float searches
    # must break towards a free column as the integer ones do.
    # Machol-Wien as floats: every float search scans half the rows, most
    # columns read by the later ones.
    for kind, rows, cols in (("int100", 2000, 2000), ("binary", 400, 800), ("machtop", 800, 800),
                             ("machol", 400, 400), ("machol", 1000, 1000), ("machol", 1380, 1380)):
        W.append((f"{kind}-{rows}x{cols}-float", f"dense-{kind}",
                  dict(kind=kind, rows=rows, cols=cols, floats=True)))
    for rows, cols in ((600, 1200), (1000, 4000)):
        W.append((f"machol-{rows}x{cols}", "dense-machol", dict(kind="machol", rows=rows, cols=cols)))
    # constants added to the rows (and columns): the column reduction's
    # start collapses on a few rows.
    # structured integers, found where lap wins (|i - j|, ties in a
    # pattern, blocks, a dear lower triangle).
    for kind in ("toeplitz", "mod7", "imodn", "blocks", "lowtri"):
        for n in (400, 1200):
            W.append((f"{kind}-{n}x{n}", f"dense-{kind}", dict(kind=kind, rows=n, cols=n)))
    for n in (400, 2000):
        W.append((f"toelast-{n}x{n}", "dense-toelast", dict(kind="toelast", rows=n, cols=n)))
        W.append((f"toeearly-{n}x{n}", "dense-toeearly", dict(kind="toeearly", rows=n, cols=n)))
    for rows, cols in ((500, 1000), (1000, 1100)):
        W.append((f"uptri-{rows}x{cols}", "dense-uptri", dict(kind="uptri", rows=rows, cols=cols)))
    for kind, sizes in (("bandeq", (1100, 1500)), ("sumij", (500, 1500)), ("addrand", (500, 1500)),
                        ("sumijn", (500, 900, 2000)), ("blocks5", (500, 1100)),
                        ("mod31", (700, 1100, 2000))):
        for n in sizes:
            W.append((f"{kind}-{n}x{n}", f"dense-{kind}", dict(kind=kind, rows=n, cols=n)))
    # nested ties (the tight start's capped rows leave out the columns few
    # rows reach) and rows offset over ties, which must keep it.
    for kind in ("maxij", "lowzero", "pmaxij", "rowoffbin", "dupcols"):
        for n in (500, 1100):
            W.append((f"{kind}-{n}x{n}", f"dense-{kind}", dict(kind=kind, rows=n, cols=n)))
    for rows, cols in ((500, 500), (2000, 2000), (400, 900)):
        W.append((f"circf-{rows}x{cols}", "dense-circf", dict(kind="circf", rows=rows, cols=cols)))
    # nearly square and wide, with rows and columns offset (i + j plus
    # noise, a(i) + b(j)) or a dear lower triangle: no column reduction
    # (the free columns' potentials stay 0), and every search crosses the
    # rows assigned before it (lap ahead at 1500 x 1600).
    for kind in ("sumijn", "addrand", "lowtri"):
        for rows, cols in ((600, 640), (1500, 1600)):
            W.append((f"{kind}-{rows}x{cols}", f"dense-{kind}", dict(kind=kind, rows=rows, cols=cols)))
    # the same and c(i, j) = i * j, up to twice as wide as tall: solved on
    # the square padded by the columns' least costs (where those explain
    # the rows), or handed over to cost scaling on the square padded with
    # rows of zeros (i * j).
    for kind, rows, cols in (("sumij", 1800, 2000), ("machol", 1800, 2000), ("addrand", 1800, 2000),
                             ("sumijn", 1500, 3000), ("addrand", 1500, 3000), ("sumijn", 1000, 1300)):
        W.append((f"{kind}-{rows}x{cols}", f"dense-{kind}", dict(kind=kind, rows=rows, cols=cols)))
    # the tight start's windows on a dear triangle at larger sizes (rows
    # cut at their cap read whole where the free rows reach them), and
    # ties where no window could do better (half the rows in one class).
    for kind, rows, cols in (("lowtri", 2000, 2100), ("uptri", 2000, 2100), ("lowtri", 2000, 2000),
                             ("skewmod", 1100, 1100), ("skewmod", 2000, 2000),
                             ("skewmod", 1000, 1100), ("duprow", 1100, 1100), ("duprow", 2000, 2000),
                             ("dup10", 1100, 1100), ("dup10", 2000, 2000), ("duprow", 1000, 1200)):
        W.append((f"{kind}-{rows}x{cols}", f"dense-{kind}", dict(kind=kind, rows=rows, cols=cols)))
    for kind in ("coloff", "blockscol", "uptricol"):
        for rows, cols in ((700, 1400), (1000, 2500)):
            W.append((f"{kind}-{rows}x{cols}", f"dense-{kind}", dict(kind=kind, rows=rows, cols=cols)))
    # and as floats, padded by the columns' least costs (no cost scaling).
    for kind, rows, cols in (("sumijn", 1500, 1600), ("addrand", 1500, 1600), ("sumijn", 600, 640)):
        W.append((f"{kind}-{rows}x{cols}-float", f"dense-{kind}",
                  dict(kind=kind, rows=rows, cols=cols, floats=True)))
    for kind in ("maxij", "lowzero", "pmaxij"):
        for rows, cols in ((400, 900), (900, 400), (1000, 1100)):
            W.append((f"{kind}-{rows}x{cols}", f"dense-{kind}", dict(kind=kind, rows=rows, cols=cols)))
    # rows at a fixed sample's places unlike the rest.
    for kind in ("fixedbin", "fixeduni", "fixed100"):
        for n in (1000, 2000):
            W.append((f"{kind}-{n}x{n}", f"dense-{kind}", dict(kind=kind, rows=n, cols=n)))
    for kind in ("rowoff", "rowoffrand", "bothoff", "frowoff"):
        for n in (1200, 2000):
            W.append((f"{kind}-{n}x{n}", f"dense-{kind}", dict(kind=kind, rows=n, cols=n)))
    # "-float": the integers written as floats (solved as integers);
    # "-frac": a half added to each (the float engines).
    for n in (10_000, 20_000):
        for floats in (False, True):
            W.append((f"sparse-band-n{n}" + ("-float" if floats else ""), "sparse-band",
                      dict(n=n, floats=floats)))
        W.append((f"sparse-band-n{n}-frac", "sparse-band", dict(n=n, floats=True, frac=True)))
    for n in (100_000, 1_000_000):
        W.append((f"sparse-staircase-n{n:.0e}".replace("+0", ""), "sparse-staircase", dict(n=n)))
    for n in (10_000, 100_000):
        for s in (1, 2, 3):
            W.append((f"sparse-knn-n{n:.0e}-k10-s{s}".replace("+0", ""), "sparse-knn", dict(n=n, k=10)))
            W.append((f"sparse-hidden-n{n:.0e}-s{s}".replace("+0", ""), "sparse-hidden", dict(n=n)))
    for n in (100_000, 1_000_000):
        for s in (1, 2):
            W.append((f"sparse-spread-n{n:.0e}-d5to20-s{s}".replace("+0", ""), "sparse-spread",
                      dict(n=n, lo=5, hi=20)))
    # the same random sparse files with the costs written as floats: no
    # cost scaling for floats (an integer input must never be slower than
    # the same input written as floats; the float one is measured too).
    for n in (10_000, 30_000):
        W.append((f"sparse-knn-n{n:.0e}-k10-float".replace("+0", ""), "sparse-knn",
                  dict(n=n, k=10, floats=True)))
        W.append((f"sparse-spread-n{n:.0e}-d5to20-float".replace("+0", ""), "sparse-spread",
                  dict(n=n, lo=5, hi=20, floats=True)))
    for n in (10_000, 100_000):
        W.append((f"sparse-hidden-n{n:.0e}-float".replace("+0", ""), "sparse-hidden",
                  dict(n=n, floats=True)))
    # rows of about 260-290 distinct entries: past the degree where a sparse
    # start's free share hands over to cost scaling.
    for n in (4000, 10_000):
        W.append((f"sparse-spread-n{n:.0e}-d250to350".replace("+0", ""), "sparse-spread",
                  dict(n=n, lo=250, hi=350)))
    return W


def assignment_set(which):
    W = []
    if which == "small":
        for kind in ("uniform", "int1e6", "forbidden"):
            for rows, cols in ((100, 100), (100, 200), (200, 100)):
                W.append((f"{kind}-{rows}x{cols}", f"dense-{kind}", dict(kind=kind, rows=rows, cols=cols)))
        W.append(("sparse-uniform-n3e3-k10", "sparse-uniform", dict(n=3_000, k=10)))
        W.append(("sparse-knn-n3e3-k10", "sparse-knn", dict(n=3_000, k=10)))
        return W
    for kind in DENSE_KINDS:
        for n in (100, 200, 300, 400):
            for rows, cols in ((n, n), (n, 2 * n), (2 * n, n)):
                W.append((f"{kind}-{rows}x{cols}", f"dense-{kind}", dict(kind=kind, rows=rows, cols=cols, grid=1)))
    for kind in DENSE_KINDS:
        W.append((f"{kind}-2000x2000", f"dense-{kind}", dict(kind=kind, rows=2000, cols=2000)))
    W.append(("uniform-4000x4000", "dense-uniform", dict(kind="uniform", rows=4000, cols=4000)))
    W.append(("uniform-1000x4000", "dense-uniform", dict(kind="uniform", rows=1000, cols=4000)))
    for n in (10_000, 100_000):
        W.append((f"sparse-uniform-n{n:.0e}-k10".replace("+0", ""), "sparse-uniform", dict(n=n, k=10)))
        W.append((f"sparse-knn-n{n:.0e}-k10".replace("+0", ""), "sparse-knn", dict(n=n, k=10)))
    names = {w[0] for w in W}
    W += [w for w in adversarial_set() if w[0] not in names]
    return W


def assignment_build(name, family, p, path):
    if family.startswith("dense-"):
        kind = p["kind"]
        # a float variant draws the same matrix as its integer namesake
        c = dense_costs(name.removesuffix("-float"), kind, p["rows"], p["cols"])
        integer = kind in INTEGER_KINDS and not p.get("floats")
        write_dense(path, c, integer)
        return dict(rows=p["rows"], cols=p["cols"], entries=int(np.isfinite(c).sum()),
                    format="dense", integer=integer, grid=bool(p.get("grid")))
    floats = bool(p.get("floats"))
    # a float variant draws the same instance as its integer namesake
    name = name.removesuffix("-float").removesuffix("-frac")
    if family == "sparse-uniform":
        L, R, u, v, w = sparse_uniform(name, p["n"], p["k"])
    elif family == "sparse-band":
        L, R, u, v, w = sparse_band(p["n"])
    elif family == "sparse-staircase":
        L, R, u, v, w = sparse_staircase(p["n"])
    elif family == "sparse-hidden":
        L, R, u, v, w = sparse_hidden(name, p["n"])
    elif family == "sparse-spread":
        L, R, u, v, w = sparse_spread(name, p["n"], p["lo"], p["hi"])
    else:
        L, R, u, v, w = sparse_knn(name, p["n"], p["k"])
    write_sparse(path, L, R, u, v, w, floats, bool(p.get("frac")))
    return dict(rows=L, cols=R, entries=int(len(u)), format="sparse", integer=not floats, grid=False)


SUITES = {
    "dm": (dm_set, dm_build, ".mtx"),
    "assignment": (assignment_set, assignment_build, ".txt"),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("suite", choices=sorted(SUITES))
    ap.add_argument("--out", required=True)
    ap.add_argument("--set", default="full", choices=["small", "full"])
    ap.add_argument("--only", nargs="*")
    a = ap.parse_args()
    listing, build, ext = SUITES[a.suite]
    os.makedirs(a.out, exist_ok=True)
    for name, family, params in listing(a.set):
        if a.only and name not in a.only:
            continue
        path = os.path.join(a.out, name + ext)
        stamp = os.path.join(a.out, name + ".params")
        want = json.dumps(dict(version=VERSION, family=family, params=params), sort_keys=True)
        info = None
        if os.path.exists(path) and os.path.exists(stamp):
            with open(stamp) as f:
                old = json.loads(f.read())
            if old.get("key") == want:
                info = old["info"]
        if info is None:
            info = build(name, family, params, path)
            with open(stamp, "w") as f:
                f.write(json.dumps(dict(key=want, info=info)))
            print(f"generated {a.suite}/{name}", file=sys.stderr, flush=True)
        print(json.dumps(dict(name=name, family=family, path=path, **info)), flush=True)


if __name__ == "__main__":
    main()
