#!/usr/bin/env python3
"""Side-by-side timing of weighted general matching: the crate's example
against LEMON and the Python peers, on the weighted workloads.

Usage: weighted_table.py DATA_DIR BIN_DIR PYTHON [ROUNDS]

DATA_DIR holds the workloads written by weighted_gen.py (see WORKLOADS);
BIN_DIR the crate's example `weighted_matching` and `lemon_weighted`
(bench/cpp/lemon_weighted.cpp); PYTHON a Python with networkx and
rustworkx. Each round runs every runner once on every workload, in turn
(so that load on the machine falls on all alike); a run reports the median
of its own repetitions (PEERS_REPS, default 3 here), and the table gives
the median over the rounds, and each peer's time over the crate's. Every
runner's total weight is checked against the crate's.
"""
import os
import statistics
import subprocess
import sys

# (file, mode, peers): mode "" is maximum weight, "--perfect" minimum-cost
# perfect; the Python peers (both O(n^3): rustworkx ran past 10 minutes on
# n = 10^5) only at n = 2000.
WORKLOADS = [
    ("rand5.txt", "", ["lemon"]),
    ("rand10.txt", "", ["lemon"]),
    ("geo10.txt", "--perfect", ["lemon"]),
    ("complete1500.txt", "--perfect", ["lemon"]),
    ("rand2000.txt", "", ["lemon", "networkx", "rustworkx"]),
    ("nested.txt", "", ["lemon"]),
    ("stair.txt", "", ["lemon"]),
    ("stair.txt", "--perfect", ["lemon"]),
]


def run(argv, env, timeout):
    try:
        p = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    if p.returncode != 0:
        return None, None
    out = p.stdout.strip().splitlines()
    last = out[-1].split()
    weight = None
    for line in (p.stderr + "\n" + p.stdout).splitlines():
        if line.startswith("weight "):
            weight = int(line.split()[1])
    if len(out) >= 2 and weight is None:
        head = out[0].split()
        if len(head) == 2:
            weight = int(head[1])
    return float(last[1]), weight


def main():
    data, bins, python = sys.argv[1], sys.argv[2], sys.argv[3]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    here = os.path.dirname(os.path.abspath(__file__))
    env = dict(os.environ)
    env.setdefault("PEERS_REPS", "3")
    env.setdefault("PEERS_MIN_MS", "0")
    times = {}
    weights = {}
    for _ in range(rounds):
        for f, mode, peers in WORKLOADS:
            path = os.path.join(data, f)
            if not os.path.exists(path):
                continue
            flag = [mode] if mode else []
            cmds = {"bimatch": [os.path.join(bins, "weighted_matching"), *flag, "--bench", path]}
            for p in peers:
                if p == "lemon":
                    cmds[p] = [os.path.join(bins, "lemon_weighted"), *flag, path]
                else:
                    cmds[p] = [python, os.path.join(here, "weighted_peers.py"), p, *flag, path]
            for name, argv in cmds.items():
                t, w = run(argv, env, 900)
                if t is not None:
                    times.setdefault((f, mode, name), []).append(t)
                    weights[(f, mode, name)] = w
    print("| workload | mode | bimatch ms | peer | peer ms | peer / bimatch |")
    print("|---|---|---:|---|---:|---:|")
    for f, mode, peers in WORKLOADS:
        ours = times.get((f, mode, "bimatch"))
        if not ours:
            continue
        b = statistics.median(ours)
        label = "min-cost perfect" if mode else "max weight"
        for p in peers:
            t = times.get((f, mode, p))
            if not t:
                print(f"| {f} | {label} | {b:.1f} | {p} | — | — |")
                continue
            agree = weights.get((f, mode, p)) == weights.get((f, mode, "bimatch"))
            mark = "" if agree else " (weights differ!)"
            m = statistics.median(t)
            print(f"| {f} | {label} | {b:.1f} | {p} | {m:.1f} | {m / b:.1f}×{mark} |")


if __name__ == "__main__":
    main()
