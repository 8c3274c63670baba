#!/usr/bin/env python3
"""Python peers of the benchmark harness.

Usage: peers.py PEER FILE

PEER is one of
  bipartite:  scipy-hk, igraph, networkx-hk         (file "L R M" + "u v")
  general:    networkx-blossom                      (file "N M" + "u v")
  dense assignment:  scipy-lsa, lap-jv, ortools     (file "rows cols" + rows)
  sparse assignment: scipy-sparse, ortools-sparse, lap-mod  (file "L R M" + "u v w")

Stdout, last line: "size median_ms min_ms reps"; the assignment peers print
"cost X" on the line before it. Only the library call is timed (a monotonic
clock): reading the file and building the library's own input object are not.
Repetitions follow PEERS_REPS, PEERS_MIN_MS, PEERS_MAX_REPS, PEERS_BUDGET_MS,
as for every runner. A peer that does not apply to the input (a library
limit) prints "n/a: reason" on stderr and exits with status 4; one whose
answer is not a valid assignment says so on stderr and exits with status 5.

Parsed inputs are cached beside the file as FILE.npz (rebuilt when the file
is newer), so repeated runs do not pay for parsing text.
"""
import os
import sys
import time

import numpy as np

NOT_APPLICABLE = 4
INVALID = 5


class NotApplicable(Exception):
    pass


class Invalid(Exception):
    """The library returned an answer that is not a valid assignment."""


def cached(path, parse):
    cache = path + ".npz"
    if os.path.exists(cache) and os.path.getmtime(cache) >= os.path.getmtime(path):
        with np.load(cache) as z:
            return {k: z[k] for k in z.files}
    arrays = parse(path)
    tmp = cache + ".tmp.npz"
    np.savez(tmp, **arrays)
    os.replace(tmp, cache)
    return arrays


def parse_edges(path):
    """'A B M' (or 'N M') header, then M lines of 2 or 3 numbers."""
    with open(path, "rb") as f:
        header = [int(x) for x in f.readline().split()]
        body = np.fromfile(f, dtype=np.float64, sep=" ")
    m = header[-1]
    width = body.size // m if m else 2
    if m and body.size != width * m:
        raise ValueError(f"{path}: {body.size} numbers for {m} lines")
    body = body.reshape(m, width)
    out = {"header": np.array(header, dtype=np.int64),
           "u": body[:, 0].astype(np.int64), "v": body[:, 1].astype(np.int64)}
    if width == 3:
        w = body[:, 2]
        out["w"] = w.astype(np.int64) if np.all(w == np.round(w)) else w
    return out


def parse_dense(path):
    with open(path, "rb") as f:
        rows, cols = (int(x) for x in f.readline().split())
        body = np.fromfile(f, dtype=np.float64, sep=" ")
    if body.size != rows * cols:
        raise ValueError(f"{path}: {body.size} numbers for {rows} x {cols}")
    c = body.reshape(rows, cols)
    finite = c[np.isfinite(c)]
    out = {"c": c}
    if finite.size and np.all(finite == np.round(finite)) and np.all(np.abs(finite) < 2**53):
        out["integer"] = np.array(True)
    return out


# ---- bipartite cardinality matching -------------------------------------

def bipartite(path):
    d = cached(path, parse_edges)
    L, R, _ = (int(x) for x in d["header"])
    return L, R, d["u"], d["v"]


def prep_scipy_hk(path):
    import scipy.sparse as sp
    from scipy.sparse.csgraph import maximum_bipartite_matching
    L, R, u, v = bipartite(path)
    a = sp.csr_matrix((np.ones(len(u), dtype=np.int8), (u, v)), shape=(L, R))
    a.sort_indices()
    return lambda: (int((maximum_bipartite_matching(a, perm_type="column") >= 0).sum()), None)


def prep_igraph(path):
    import igraph as ig
    L, R, u, v = bipartite(path)
    g = ig.Graph(n=L + R, edges=np.column_stack([u, v + L]), directed=False)
    types = [False] * L + [True] * R
    return lambda: (len(g.maximum_bipartite_matching(types=types)), None)


def prep_networkx_hk(path):
    import networkx as nx
    from networkx.algorithms import bipartite as nxb
    L, R, u, v = bipartite(path)
    g = nx.Graph()
    g.add_nodes_from(range(L + R))
    g.add_edges_from(zip(u.tolist(), (v + L).tolist()))
    return lambda: (len(nxb.hopcroft_karp_matching(g, top_nodes=range(L))) // 2, None)


# ---- general cardinality matching ---------------------------------------

def prep_networkx_blossom(path):
    import networkx as nx
    d = cached(path, parse_edges)
    n = int(d["header"][0])
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(zip(d["u"].tolist(), d["v"].tolist()))
    return lambda: (len(nx.max_weight_matching(g, maxcardinality=True)), None)


# ---- dense assignment ------------------------------------------------------

def dense(path):
    d = cached(path, parse_dense)
    return d["c"], bool(d.get("integer", False))


def exact_total(c, rows, cols, integer):
    vals = c[rows, cols]
    return int(np.sum(vals.astype(np.int64))) if integer else float(np.sum(vals))


def prep_scipy_lsa(path):
    from scipy.optimize import linear_sum_assignment
    c, integer = dense(path)

    def run():
        return linear_sum_assignment(c)
    run.summary = lambda rk: (len(rk[0]), exact_total(c, rk[0], rk[1], integer))
    return run


def prep_lap_jv(path):
    import lap
    c, integer = dense(path)
    if not np.all(np.isfinite(c)):
        raise NotApplicable("lap.lapjv: forbidden (infinite) entries are not supported")
    square = c.shape[0] == c.shape[1]

    def run():
        return lap.lapjv(c, extend_cost=not square)[1]

    def summary(x):
        rows = np.nonzero(x >= 0)[0]
        return len(rows), exact_total(c, rows, x[rows], integer)
    run.summary = summary
    return run


def prep_ortools(path):
    c, integer = dense(path)
    if not integer:
        raise NotApplicable("OR-Tools LinearSumAssignment: integer costs only")
    if c.shape[0] != c.shape[1]:
        raise NotApplicable("OR-Tools LinearSumAssignment: square instances only")
    rows, cols = np.nonzero(np.isfinite(c))
    w = c[rows, cols].astype(np.int64)
    return ortools_runner(c.shape[0], rows.astype(np.int64), cols.astype(np.int64), w)


def ortools_runner(n, u, v, w):
    from ortools.graph.python import linear_sum_assignment
    state = {}

    def prepare():
        a = linear_sum_assignment.SimpleLinearSumAssignment()
        a.add_arcs_with_cost(u, v, w)
        state["a"] = a

    def run():
        a = state["a"]
        status = a.solve()
        if status != a.OPTIMAL:
            raise RuntimeError(f"OR-Tools status {status}")
        return n, int(a.optimal_cost())
    run.prepare = prepare
    return run


# ---- sparse assignment -----------------------------------------------------

def sparse(path):
    d = cached(path, parse_edges)
    L, R, _ = (int(x) for x in d["header"])
    if "w" not in d:
        raise ValueError(f"{path}: no weights")
    return L, R, d["u"], d["v"], d["w"]


def prep_scipy_sparse(path):
    import scipy.sparse as sp
    from scipy.sparse.csgraph import min_weight_full_bipartite_matching
    L, R, u, v, w = sparse(path)
    integer = w.dtype.kind == "i"
    # A stored zero would be dropped by the sparse format: weights are >= 1.
    if np.any(w == 0):
        raise NotApplicable("scipy sparse: zero weights would be dropped")
    a = sp.csr_matrix((w.astype(np.float64), (u, v)), shape=(L, R))

    def run():
        return min_weight_full_bipartite_matching(a)

    def summary(rk):
        vals = np.asarray(a[rk[0], rk[1]]).ravel()
        return len(rk[0]), int(np.sum(vals.astype(np.int64))) if integer else float(np.sum(vals))
    run.summary = summary
    return run


def prep_ortools_sparse(path):
    L, R, u, v, w = sparse(path)
    if w.dtype.kind != "i":
        raise NotApplicable("OR-Tools LinearSumAssignment: integer costs only")
    if L != R:
        raise NotApplicable("OR-Tools LinearSumAssignment: square instances only")
    return ortools_runner(L, u, v, w)


def prep_lap_mod(path):
    import lap
    L, R, u, v, w = sparse(path)
    if L != R:
        raise NotApplicable("lap.lapmod: square instances only")
    order = np.lexsort((v, u))
    u, v, w = u[order], v[order], w[order]
    first = np.searchsorted(u, np.arange(L + 1)).astype(np.int32)
    cc = w.astype(np.float64)
    kk = v.astype(np.int32)
    keys = u * R + v

    def run():
        return lap.lapmod(L, cc, first, kk)[1]

    def summary(x):
        want = np.arange(L) * R + x
        at = np.minimum(np.searchsorted(keys, want), len(keys) - 1)
        missing = int(np.count_nonzero(keys[at] != want))
        if missing:
            raise Invalid(f"lap.lapmod assigned {missing} rows to columns they have no entry for")
        vals = w[at]
        return L, int(vals.sum()) if w.dtype.kind == "i" else float(vals.sum())
    run.summary = summary
    return run


PEERS = {
    "scipy-hk": prep_scipy_hk,
    "igraph": prep_igraph,
    "networkx-hk": prep_networkx_hk,
    "networkx-blossom": prep_networkx_blossom,
    "scipy-lsa": prep_scipy_lsa,
    "lap-jv": prep_lap_jv,
    "ortools": prep_ortools,
    "scipy-sparse": prep_scipy_sparse,
    "ortools-sparse": prep_ortools_sparse,
    "lap-mod": prep_lap_mod,
}


def env(name, default):
    try:
        return float(os.environ.get(name, ""))
    except ValueError:
        return default


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in PEERS:
        sys.exit(__doc__)
    peer, path = sys.argv[1], sys.argv[2]
    try:
        run = PEERS[peer](path)
    except NotApplicable as e:
        print(f"n/a: {e}", file=sys.stderr)
        sys.exit(NOT_APPLICABLE)
    min_reps = max(1, int(env("PEERS_REPS", 5)))
    min_ms = env("PEERS_MIN_MS", 1000)
    max_reps = max(1, int(env("PEERS_MAX_REPS", 101)))
    budget = env("PEERS_BUDGET_MS", 15000)
    prepare = getattr(run, "prepare", None)
    summary = getattr(run, "summary", lambda result: result)
    times, size, cost, total = [], None, None, 0.0
    while True:
        if prepare:
            prepare()
        t0 = time.perf_counter()
        result = run()
        dt = (time.perf_counter() - t0) * 1e3
        try:
            s, c = summary(result)
        except Invalid as e:
            print(f"invalid: {e}", file=sys.stderr)
            sys.exit(INVALID)
        if size is not None and s != size:
            sys.exit(f"size changed between repetitions: {size} then {s}")
        size, cost = s, c
        times.append(dt)
        total += dt
        if (len(times) >= min_reps and total >= min_ms) or len(times) >= max_reps or total >= budget:
            break
    times.sort()
    if cost is not None:
        print(f"cost {cost!r}")
    print(f"{size} {times[len(times) // 2]:.3f} {times[0]:.3f} {len(times)}")


if __name__ == "__main__":
    main()
