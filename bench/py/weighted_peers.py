#!/usr/bin/env python3
"""Python peers for weighted matching on general graphs.

Usage: weighted_peers.py PEER [--perfect | --max-cardinality] FILE

PEER is networkx (networkx.max_weight_matching, or min_weight_matching
with --perfect) or rustworkx (rustworkx.max_weight_matching; --perfect
negates the weights and asks for maximum cardinality). FILE is "N M" then M
lines "u v w".

Stdout, last line: "size median_ms min_ms reps"; stderr: "weight W" (the
total weight of the pairs). Only the library call is timed; building the
library's graph is not. Repetitions follow PEERS_REPS, PEERS_MIN_MS,
PEERS_MAX_REPS, PEERS_BUDGET_MS, as for every runner. A peer that is not
installed exits with status 4.
"""
import os
import sys
import time


def env(name, default):
    try:
        return int(os.environ.get(name, default))
    except ValueError:
        return default


def read(path):
    with open(path) as f:
        n, m = map(int, f.readline().split())
        edges = []
        for _ in range(m):
            u, v, w = f.readline().split()
            edges.append((int(u), int(v), int(w)))
    return n, edges


def timed(solve):
    min_reps = max(1, env("PEERS_REPS", 5))
    min_ms = env("PEERS_MIN_MS", 1000)
    max_reps = max(1, env("PEERS_MAX_REPS", 101))
    budget = env("PEERS_BUDGET_MS", 15000)
    times, total, out = [], 0.0, None
    while True:
        t0 = time.perf_counter()
        out = solve()
        dt = (time.perf_counter() - t0) * 1e3
        times.append(dt)
        total += dt
        if (len(times) >= min_reps and total >= min_ms) or len(times) >= max_reps or total >= budget:
            break
    times.sort()
    return out, times[len(times) // 2], times[0], len(times)


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    peer, path = args[0], args[-1]
    perfect = "--perfect" in args
    maxcard = "--max-cardinality" in args or perfect
    n, edges = read(path)
    weight = {}
    for u, v, w in edges:
        if u != v:
            key = (min(u, v), max(u, v))
            best = min if perfect else max
            weight[key] = best(weight[key], w) if key in weight else w
    if peer == "networkx":
        try:
            import networkx as nx
        except ImportError:
            print("n/a: networkx is not installed", file=sys.stderr)
            sys.exit(4)
        g = nx.Graph()
        g.add_nodes_from(range(n))
        g.add_weighted_edges_from((u, v, w) for (u, v), w in weight.items())
        if perfect:
            solve = lambda: nx.min_weight_matching(g)
        else:
            solve = lambda: nx.max_weight_matching(g, maxcardinality=maxcard)
        pairs, med, low, reps = timed(solve)
        pairs = [(min(a, b), max(a, b)) for a, b in pairs]
    elif peer == "rustworkx":
        try:
            import rustworkx as rx
        except ImportError:
            print("n/a: rustworkx is not installed", file=sys.stderr)
            sys.exit(4)
        g = rx.PyGraph()
        g.add_nodes_from(range(n))
        sign = -1 if perfect else 1
        g.add_edges_from([(u, v, sign * w) for (u, v), w in weight.items()])
        solve = lambda: rx.max_weight_matching(
            g, max_cardinality=maxcard, weight_fn=lambda w: w
        )
        pairs, med, low, reps = timed(solve)
        pairs = [(min(a, b), max(a, b)) for a, b in pairs]
    else:
        sys.exit(f"unknown peer {peer!r}")
    total = sum(weight[p] for p in pairs)
    if perfect and 2 * len(pairs) != n:
        print("no perfect matching", file=sys.stderr)
        sys.exit(1)
    print(f"{len(pairs)} {med:.3f} {low:.3f} {reps}")
    print(f"weight {total}", file=sys.stderr)


if __name__ == "__main__":
    main()
