#!/usr/bin/env python3
"""The project's peer-benchmark driver (run it through bench/run.sh, which
installs and builds everything first).

Generates the seeded workloads of each suite, runs the crate's runners and
every peer on each workload one process at a time, checks that all of them
agree (matching size, decomposition, assignment cost), and writes
OUT/<suite>.md (tables) and OUT/<suite>.tsv (every cell). Exit status 1 on
any disagreement.

Every runner is a command that gets the input file as its last argument and
prints, as its last stdout line, "size median_ms min_ms reps", timing only
the solve; earlier lines may carry "cost X" (assignment), "dm ..."
(decomposition) or "gallai-edmonds D A C" (general structure).
"""
import argparse
import datetime
import json
import math
import os
import platform
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BUILD = os.path.abspath(os.environ.get("BIMATCH_BENCH_BUILD") or "/tmp/bimatch-bench")
BIN = os.path.join(BUILD, "bin")
PY = sys.executable
PEERS_PY = os.path.join(HERE, "py", "peers.py")
GEN_PY = os.path.join(HERE, "py", "gen.py")
TARGET = os.path.join(BUILD, "target", "release")
EXAMPLES = os.path.abspath(os.environ.get("BIMATCH_EXAMPLES") or os.path.join(ROOT, "target", "release", "examples"))
SUITES = ["bipartite", "dm", "general", "assignment", "weighted"]
WGEN_PY = os.path.join(HERE, "py", "weighted_gen.py")
WPEERS_PY = os.path.join(HERE, "py", "weighted_peers.py")
NA = 4  # a runner's exit status for "does not apply to this input"
INVALID = 5  # a peer's exit status for "the library returned an invalid answer"


def example(name):
    """The crate example's binary: BIMATCH_EXAMPLE_<NAME> overrides."""
    return os.environ.get(f"BIMATCH_EXAMPLE_{name.upper()}") or os.path.join(EXAMPLES, name)


# The examples built with `--features parallel` (run.sh builds them in their own target
# directory), run with `--threads THREADS` beside the sequential build.
PAR_EXAMPLES = os.path.abspath(os.environ.get("BIMATCH_PAR_EXAMPLES")
                               or os.path.join(BUILD, "target-parallel", "release", "examples"))
THREADS = os.cpu_count() or 1


def par_example(name):
    """The parallel build of a crate example: BIMATCH_PAR_EXAMPLE_<NAME> overrides."""
    return os.environ.get(f"BIMATCH_PAR_EXAMPLE_{name.upper()}") or os.path.join(PAR_EXAMPLES, name)


def par_note(what):
    return (f"{what} built with `--features parallel`, run with `--threads {THREADS}` (one thread per core "
            "of this machine)")


# ---- runners -------------------------------------------------------------------

class Runner:
    """name, command prefix, whether it is the crate's, a cap (w -> reason or
    None), and a note for the report."""

    def __init__(self, name, cmd, note, crate=False, cap=None, floor=False, cost_first=False, timeout=None,
                 ref=False, patient=False, input_key="path"):
        self.name, self.cmd, self.note = name, cmd, note
        self.input_key = input_key  # the workload's file this runner reads
        # never skipped on the larger workloads of a family for slowness
        # (its own cap bounds it already)
        self.patient = patient
        self.ref = ref  # a reference: never skipped for slowness (only the timeout stops it)
        self.timeout = timeout  # seconds, if shorter than --timeout
        self.crate, self.floor = crate, floor
        # the protocol line's first field is the total cost, not a size
        self.cost_first = cost_first
        self.cap = cap or (lambda w: None)

    def missing(self):
        exe = self.cmd[0]
        if os.path.isabs(exe) and not os.access(exe, os.X_OK):
            return f"not built ({os.path.relpath(exe, ROOT) if exe.startswith(ROOT) else exe})"
        return None


def cap(max_v=None, max_m=None, why="over the size cap"):
    def f(w):
        if (max_v is not None and w["V"] > max_v) or (max_m is not None and w["M"] > max_m):
            return why
        return None
    return f


def bipartite_runners(engines):
    m = example("matching")
    rs = [Runner("scan", [os.path.join(BIN, "scan")],
                 "C++ -O2: one sequential pass over the CSR arrays (the floor; not a matcher)", floor=True),
          Runner("cpp-hk", [os.path.join(BIN, "hk")],
                 "C++ -O2 Hopcroft–Karp (BFS layers, DFS with edge pointers on an explicit stack); "
                 "its matching is certified maximum by a König cover (the reference)", ref=True)]
    for e in engines:
        rs.append(Runner(f"bimatch-{e}", [m, "--bench", "--matcher", e],
                         f"`examples/matching.rs --bench --matcher {e}`", crate=True))
    if "auto" in engines:
        rs.append(Runner("bimatch-auto-par", [par_example("matching"), "--bench", "--matcher", "auto",
                                              "--threads", str(THREADS)],
                         par_note("`examples/matching.rs --bench --matcher auto`"), crate=True))
        rs.append(Runner("bimatch-ppf-par", [par_example("matching"), "--bench", "--matcher", "ppf",
                                             "--threads", str(THREADS)],
                         par_note("`examples/matching.rs --bench --matcher ppf` (`ParallelPothenFan`)"),
                         crate=True))
    rs.append(Runner("bimatch-ne", [m, "--bench", "--structure"],
                     "`examples/matching.rs --bench --structure`: `non_essential_vertices` alone, "
                     "on a maximum matching found beforehand", crate=True))
    rs.append(Runner("bimatch-game", [example("grid_game"), "--bench"],
                     "`examples/grid_game.rs --bench` on the workload's board (`grid-N-pP` only): the whole "
                     "run but the final write (read the board, parse, build, match, find the winning cells, "
                     "format the judge output)", crate=True, input_key="board",
                     cap=lambda w: None if w.get("board") else "not a board"))
    rs += [Runner("scipy", [PY, PEERS_PY, "scipy-hk"],
                  "SciPy `maximum_bipartite_matching` (Hopcroft–Karp, Cython) on a CSR matrix"),
           Runner("igraph", [PY, PEERS_PY, "igraph"],
                  "python-igraph `Graph.maximum_bipartite_matching` (C core, push-relabel)"),
           Runner("networkx", [PY, PEERS_PY, "networkx-hk"],
                  "networkx `bipartite.hopcroft_karp_matching` (pure Python; M ≤ 3·10^5)",
                  cap=cap(max_m=300_000, why="cap: pure Python, M > 3·10^5"))]
    return rs


def dm_runners():
    return [Runner("bimatch", [os.path.join(TARGET, "bench-crate-dm")],
                   "`maximum_matching` then `dulmage_mendelsohn` (bench/crate-dm, linking the crate; "
                   "the same calls as `examples/dmperm.rs`, repeated)", crate=True),
            Runner("csparse", [os.path.join(BIN, "cs_dmperm")],
                   "CSparse `cs_dmperm(A, 0)` (CXSparse from Debian's libsuitesparse-dev), its matching included",
                   ref=True)]


# The general families networkx runs on (at N ≤ 2·10^4): the earlier workloads.
NETWORKX_FAMILIES = ("rand", "complete", "cliquechains", "trilattice")


def general_runners():
    g = example("general_matching")
    return [Runner("scan", [os.path.join(BIN, "scan"), "--general"],
                   "C++ -O2: one sequential pass over the adjacency arrays, both directions (the floor; "
                   "not a matcher)", floor=True),
            Runner("bimatch", [g, "--bench"], "`examples/general_matching.rs --bench`", crate=True),
            Runner("bimatch-edmonds", [g, "--bench", "--engine", "edmonds"],
                   "`examples/general_matching.rs --bench --engine edmonds`: the blossom engine without the "
                   "bipartite shortcut (on bipartite workloads only; elsewhere it is what `bimatch` runs)",
                   crate=True, cap=lambda w: None if w.get("bipartite") else "not bipartite: the same engine as auto"),
            Runner("bimatch-ge", [g, "--bench", "--structure"],
                   "`examples/general_matching.rs --bench --structure`: the Gallai–Edmonds decomposition alone",
                   crate=True),
            Runner("bimatch-par", [par_example("general_matching"), "--bench", "--threads", str(THREADS)],
                   par_note("`examples/general_matching.rs --bench`"), crate=True),
            Runner("lemon", [os.path.join(BIN, "lemon_matching")],
                   "LEMON `MaxMatching` (C++, Debian liblemon-dev) on a SmartGraph; the reference", ref=True),
            Runner("boost", [os.path.join(BIN, "boost_matching")],
                   "Boost `edmonds_maximum_cardinality_matching` (C++, Debian libboost-graph-dev) on an "
                   "adjacency_list (N ≤ 2·10^5; stopped after 60 s)", timeout=60,
                   cap=cap(max_v=200_000, why="cap: N > 2·10^5 (minutes to hours)")),
            Runner("networkx", [PY, PEERS_PY, "networkx-blossom"],
                   "networkx `max_weight_matching(maxcardinality=True)` (pure Python; N ≤ 2·10^4, M ≤ 10^5, "
                   "and on the random graphs, complete graphs and lattices only: the adversarial families take "
                   "it minutes at 10^4 vertices)",
                   cap=lambda w: cap(max_v=20_000, max_m=100_000, why="cap: pure Python, O(n³)")(w) or (
                       None if w["family"] in NETWORKX_FAMILIES else "cap: pure Python, adversarial family")),
            Runner("petgraph", [os.path.join(TARGET, "bench-rust-peers"), "petgraph"],
                   "petgraph `algo::maximum_matching` (Rust; N ≤ 2·10^5; stopped after 60 s)",
                   cap=cap(max_v=200_000, why="cap: N > 2·10^5"), timeout=60)]


def assignment_runners():
    a = example("assignment")
    dense = lambda w: None if w["format"] == "dense" else "dense only"
    sparse = lambda w: None if w["format"] == "sparse" else "sparse only"

    def both(*fs):
        return lambda w: next((r for r in (f(w) for f in fs) if r), None)
    small = lambda w: None if w["rows"] * w["cols"] <= 1_000_000 else "cap: O(n³), rows·cols > 10^6"
    return [Runner("bimatch", [a, "--bench"], "`examples/assignment.rs --bench` (`--sparse` on sparse inputs)",
                   crate=True, cost_first=True),
            Runner("bimatch-par", [par_example("assignment"), "--bench", "--threads", str(THREADS)],
                   par_note("`examples/assignment.rs --bench`"), crate=True, cost_first=True),
            Runner("scipy", [PY, PEERS_PY, "scipy-lsa"],
                   "SciPy `linear_sum_assignment` (dense; shortest augmenting paths, C++)", cap=dense),
            Runner("lap", [PY, PEERS_PY, "lap-jv"],
                   "`lap.lapjv` (dense Jonker–Volgenant; `extend_cost` pads rectangular input)", cap=dense),
            Runner("ortools", [PY, PEERS_PY, "ortools"],
                   "OR-Tools `SimpleLinearSumAssignment` (cost scaling; integer, square) on the dense arcs",
                   cap=dense),
            Runner("pathfinding", [os.path.join(TARGET, "bench-rust-peers"), "pathfinding-km"],
                   "pathfinding `kuhn_munkres_min` (Rust, O(n³); integer costs, rows ≤ cols)",
                   cap=both(dense, small)),
            Runner("scipy-sparse", [PY, PEERS_PY, "scipy-sparse"],
                   "SciPy `min_weight_full_bipartite_matching` (LAPJVsp) on a CSR matrix", cap=sparse),
            Runner("ortools-sparse", [PY, PEERS_PY, "ortools-sparse"],
                   "OR-Tools `SimpleLinearSumAssignment` on the sparse arcs", cap=sparse),
            Runner("lap-mod", [PY, PEERS_PY, "lap-mod"], "`lap.lapmod` (sparse Jonker–Volgenant, square)",
                   cap=sparse)]


def weighted_runners():
    x = example("weighted_matching")
    small_random = lambda w: None if w["family"] == "random-small" else "cap: O(n³), the small random graphs only"
    return [Runner("bimatch", [x, "--bench"], "`examples/weighted_matching.rs --bench` (`--perfect` on the "
                   "minimum-cost perfect workloads)", crate=True),
            Runner("lemon", [os.path.join(BIN, "lemon_weighted")],
                   "LEMON `MaxWeightedMatching` (maximum weight) or `MaxWeightedPerfectMatching` on the negated "
                   "weights (`--perfect`), C++ -O2, Debian liblemon-dev, on a SmartGraph; the reference",
                   ref=True),
            Runner("networkx", [PY, WPEERS_PY, "networkx"],
                   "networkx `max_weight_matching` (`min_weight_matching` with `--perfect`; pure Python, "
                   "O(n³): the small random graphs only)", cap=small_random, patient=True),
            Runner("rustworkx", [PY, WPEERS_PY, "rustworkx"],
                   "rustworkx `max_weight_matching` (Rust, O(n³): the small random graphs only; it ran past "
                   "10 minutes at n = 10^5)", cap=small_random, patient=True)]


# The weighted suite's families: (family, generator family, its parameter,
# mode, sizes of the full set, of the small set, seeds of the full set, of
# the small set). A workload is one seed of one size; the staircase runs in
# both modes on the same files.
WEIGHTED = [
    ("random-d5", "random", 5, "", [50_000, 100_000], [2_000, 5_000], range(1, 6), range(1, 3)),
    ("random-d10", "random", 10, "", [50_000, 100_000], [2_000, 5_000], range(1, 4), range(1, 3)),
    ("geometric-k10", "geometric", 10, "--perfect", [50_000, 100_000], [2_000, 5_000], range(1, 4), range(1, 3)),
    ("complete", "complete", None, "--perfect", [1_000, 1_500], [200, 300], range(1, 4), range(1, 3)),
    ("random-small", "random", 10, "", [1_000, 2_000], [300, 600], range(1, 4), range(1, 3)),
    ("nested", "nested", 400, "", [50_000, 100_000], [2_000, 5_000], range(1, 4), range(1, 3)),
    ("staircase", "staircase", None, "", [50_000, 100_000], [2_000, 5_000], range(1, 4), range(1, 3)),
    ("staircase-perfect", "staircase", None, "--perfect", [50_000, 100_000], [2_000, 5_000], range(1, 4),
     range(1, 3)),
]


def weighted_workloads(a, data):
    """Writes the weighted workloads with bench/py/weighted_gen.py (a file
    is written again only when missing or older than the generator)."""
    W = []
    for fam, gen, param, mode, sizes, small_sizes, seeds, small_seeds in WEIGHTED:
        small = a.set == "small"
        for n in (small_sizes if small else sizes):
            for seed in (small_seeds if small else seeds):
                name = f"{fam}-n{n}-s{seed}"
                if a.only and name not in a.only and fam not in a.only:
                    continue
                # the seed is offset per generator family and size, so that
                # two sizes of a family are unrelated draws
                base = f"{gen}{'' if param is None else '-' + str(param)}-n{n}-s{seed}"
                path = os.path.join(data, base + ".txt")
                if not os.path.exists(path) or os.path.getmtime(path) < os.path.getmtime(WGEN_PY):
                    print(f"weighted: writing {path}", file=sys.stderr, flush=True)
                    cmd = [PY, WGEN_PY, gen, str(n), str(seed), path + ".tmp"]
                    if param is not None:
                        cmd.append(str(param))
                    subprocess.run(cmd, check=True)
                    os.replace(path + ".tmp", path)
                with open(path) as f:
                    N, M = (int(x) for x in f.readline().split())
                W.append(dict(name=name, family=fam, path=path, V=N, M=M, seed=seed,
                              flags=[mode] if mode else [], mode="min-cost perfect" if mode else "max weight"))
    return W


# ---- workloads ---------------------------------------------------------------------

def family_of(name):
    """The name up to its first token holding a digit (rand-n1e6-d3 -> rand)."""
    out = []
    for tok in name.split("-"):
        if any(ch.isdigit() for ch in tok):
            break
        out.append(tok)
    return "-".join(out) or name


# The 23 workloads of the first speed round (the floor-pass targets of
# bench/notes/targets.md are geometric means over these).
FIRST_ROUND_BIPARTITE = [
    "rand-n1e4-d3", "grid-100-p25", "chains-k141", "plaw-n1e4", "rand-n1e5-d2", "rand-n1e5-d3",
    "rand-n1e5-d5", "rand-n1e5-d10", "rand-n1e6-d2", "rand-n1e6-d3", "rand-n1e6-d5", "rand-n1e6-d10",
    "grid-500-p25", "grid-1000-p20", "grid-1000-p25", "grid-1000-p30", "grid-2000-p25", "gridsnake-2000",
    "chains-k447", "chains-k1414", "chainsperm-k1414", "plaw-n1e5", "plaw-n1e6"]


def bipartite_targets(L, W, results):
    """The Auto targets: at most 2x min(hk, pf) on every workload; floor passes over the first round."""
    L.append("### Targets\n")
    L.append("`Auto` against the faster of `HopcroftKarp` and `PothenFan` on each workload in this run "
             "(target: at most 2 on every one), and in passes of the floor over the first round's 23 "
             "workloads (targets: at most 15 in geometric mean, at most 60 on each).\n")
    vs = []
    for w in W:
        a = ms_of(results, w, "bimatch-auto")
        b = [x for x in (ms_of(results, w, n) for n in ("bimatch-hk", "bimatch-pf")) if x]
        if a and b:
            vs.append((a / min(b), w["name"]))
    if vs:
        over = [f"{n} ({fmt_ratio(x)})" for x, n in sorted(vs, reverse=True) if x > 2]
        worst = max(vs)
        L.append(f"- auto / min(hk, pf): worst {fmt_ratio(worst[0])} ({worst[1]}), geometric mean "
                 f"{fmt_ratio(geomean([x for x, _ in vs]))} over {len(vs)} workloads; above 2: "
                 + (", ".join(over) if over else "none") + ".")
        hilo = [(x, n) for x, n in vs if n.startswith("cg-hilo")]
        if hilo:
            L.append(f"- Hi-Lo only: worst {fmt_ratio(max(hilo)[0])} ({max(hilo)[1]}), best "
                     f"{fmt_ratio(min(hilo)[0])} ({min(hilo)[1]}) over {len(hilo)} workloads.")
    first = [w for w in W if w["name"] in FIRST_ROUND_BIPARTITE]
    passes = [(over_fn(results, "bimatch-auto", "scan")(w), w["name"]) for w in first]
    passes = [(x, n) for x, n in passes if x and not isinstance(x, AtLeast)]
    if passes:
        worst = max(passes)
        L.append(f"- auto in floor passes over {len(passes)} of the {len(FIRST_ROUND_BIPARTITE)} first-round "
                 f"workloads: geometric mean {fmt_ratio(geomean([x for x, _ in passes]))}, largest "
                 f"{fmt_ratio(worst[0])} ({worst[1]}).")
    L.append("")


SMALL_BIPARTITE = ["rand-n5e3-d5", "grid-100-p30", "chains-k63", "cg-hilo-g1e3-k10-shuf",
                   "core-s100-k4-l10-pad1e4", "unbal-l1e3-r1e4-d4"]


def workloads(suite, a, data):
    os.makedirs(data, exist_ok=True)
    W = []
    if suite == "weighted":
        return weighted_workloads(a, data)
    if suite == "bipartite":
        gen = os.path.join(TARGET, "bench-families")
        if not os.access(gen, os.X_OK):
            print("bipartite: bench-families not built (benches/families.rs missing?): suite skipped",
                  file=sys.stderr)
            return W
        cmd = [gen, "--out", data, "--set", a.set]
        if a.only:
            cmd += ["--only"] + a.only
        elif a.set == "small":
            cmd += ["--only"] + SMALL_BIPARTITE
        out = subprocess.run(cmd, check=True, capture_output=True, text=True)
        if out.stderr.strip():
            print(out.stderr.strip(), file=sys.stderr)
        for line in out.stdout.splitlines():
            name, L, R, M = line.split()
            L, R, M = int(L), int(R), int(M)
            w = dict(name=name, family=family_of(name), path=os.path.join(data, name + ".txt"),
                     L=L, R=R, M=M, V=L + R)
            board = os.path.join(data, name + ".board")
            if os.path.exists(board):
                w["board"] = board
            W.append(w)
        return W
    if suite == "dm":
        cmd = [PY, GEN_PY, "dm", "--out", data, "--set", a.set]
        rows = [json.loads(x) for x in subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True).stdout.splitlines()]
        for r in rows:
            W.append(dict(name=r["name"], family="random", path=r["path"], rows=r["rows"], cols=r["cols"],
                          M=r["entries"], V=r["rows"] + r["cols"]))
        mdir = os.environ.get("BIMATCH_MATRICES")
        if mdir:
            files = sorted(f for f in os.listdir(mdir) if f.endswith(".mtx"))
            if a.set == "small":
                files = files[:8]
            for f in files:
                path = os.path.join(mdir, f)
                rows, cols, nnz = mtx_header(path)
                W.append(dict(name=f[:-4], family="real", path=path, rows=rows, cols=cols, M=nnz, V=rows + cols))
        else:
            print("dm: BIMATCH_MATRICES is not set: only the generated matrices run", file=sys.stderr)
        return [w for w in W if not a.only or w["name"] in a.only]
    if suite == "general":
        # The general families of tests/common/general_families.rs, written
        # by bench/families-gen (one source for the tests, the criterion
        # benches and this suite).
        gen = os.path.join(TARGET, "bench-families")
        if not os.access(gen, os.X_OK):
            print("general: bench-families not built: suite skipped", file=sys.stderr)
            return W
        cmd = [gen, "--suite", "general", "--out", data, "--set", a.set] + (["--only"] + a.only if a.only else [])
        out = subprocess.run(cmd, check=True, capture_output=True, text=True)
        if out.stderr.strip():
            print(out.stderr.strip(), file=sys.stderr)
        for line in out.stdout.splitlines():
            name, n, m, bip, smaller = line.split()
            W.append(dict(name=name, family=family_of(name), path=os.path.join(data, name + ".txt"),
                          V=int(n), M=int(m), bipartite=bip == "1", smaller=None if smaller == "-" else smaller))
        return W
    cmd = [PY, GEN_PY, suite, "--out", data, "--set", a.set] + (["--only"] + a.only if a.only else [])
    rows = [json.loads(x) for x in subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True).stdout.splitlines()]
    for r in rows:
        W.append(dict(r, V=r["rows"] + r["cols"], M=r["entries"]))
    return W


def mtx_header(path):
    with open(path) as f:
        for line in f:
            if line.startswith("%") or not line.strip():
                continue
            r, c, n = (int(x) for x in line.split()[:3])
            return r, c, n
    raise ValueError(path)


# ---- running ---------------------------------------------------------------------

def run_once(argv, timeout, env, cost_first=False):
    t0 = time.monotonic()
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return dict(status="TIMEOUT", wall=time.monotonic() - t0)
    except OSError as e:
        return dict(status="FAIL(exec)", stderr=str(e), wall=0)
    wall = time.monotonic() - t0
    if p.returncode == NA:
        return dict(status="n/a", why=p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "", wall=wall)
    if p.returncode == INVALID:
        return dict(status="INVALID", stderr=p.stderr.strip()[-400:], wall=wall)
    lines = [x for x in p.stdout.splitlines() if x.strip()]
    if p.returncode != 0 or not lines:
        st = f"CRASH(sig {-p.returncode})" if p.returncode < 0 else f"FAIL(rc {p.returncode})"
        last = [x for x in p.stderr.splitlines() if x.strip()]
        return dict(status=st, stderr=last[-1][-300:] if last else "", wall=wall)
    tok = lines[-1].split()
    try:
        r = dict(status="ok", ms=float(tok[1]), min=float(tok[2]), reps=int(tok[3]), wall=wall)
        if cost_first:
            float(tok[0])
            r["size"], r["cost"] = None, tok[0]
        else:
            r["size"] = int(tok[0])
    except (ValueError, IndexError):
        return dict(status="BADOUT", stderr=lines[-1][:200], wall=wall)
    if len(lines) >= 2 and len(lines[0].split()) == 2 and all(
            x.lstrip("-").replace(".", "", 1).replace("e", "", 1).isdigit() for x in lines[0].split()):
        # the weighted example's first line: "pairs weight"
        r["weight"] = lines[0].split()[1]
    for line in lines[:-1] + p.stderr.splitlines():
        f = line.split()
        if not f:
            continue
        if f[0] == "cost" and len(f) == 2:
            r["cost"] = f[1]
        elif f[0] == "dm":
            r["dm"] = " ".join(f[1:])
        elif f[0] == "gallai-edmonds" and len(f) == 4:
            r["ge"] = " ".join(f[1:])
        elif f[0] == "weight" and len(f) == 2:
            r["weight"] = f[1]
        elif f[0].startswith("phases="):
            r["phases"] = f[0].split("=")[1]
            r["certified"] = "certified=yes" in line
    return r


def argv_for(runner, w):
    argv = list(runner.cmd)
    if runner.crate and w.get("format") == "sparse":
        argv.append("--sparse")
    return argv + w.get("flags", []) + [w[runner.input_key]]


def run_suite(suite, runners, W, a, env):
    results = {}
    slow = {}  # (family, runner) -> reason the larger ones are skipped
    last = {}  # (family, runner) -> (M, ms)
    order = sorted(W, key=lambda w: (w["family"], w["M"], w["name"]))
    for w in order:
        fam = w["family"]
        for rnd in range(a.rounds):
            for r in runners:
                key = (w["name"], r.name)
                why = r.missing() or r.cap(w)
                if why:
                    results[key] = dict(status="n/a", why=why)
                    continue
                if (fam, r.name) in slow:
                    # A later round of the workload that set the flag keeps
                    # what its first round found.
                    if key not in results:
                        results[key] = dict(status="skip", why=slow[(fam, r.name)])
                    continue
                timeout = min(a.timeout, r.timeout or a.timeout)
                if rnd == 0 and (fam, r.name) in last and not r.ref:
                    m0, ms0 = last[(fam, r.name)]
                    grow = 2.0 if r.name.startswith(("networkx", "pathfinding", "petgraph")) else 1.5
                    pred = ms0 * (w["M"] / max(m0, 1)) ** grow
                    if pred > timeout * 1e3:
                        results[key] = dict(status="skip", why=f"predicted {pred / 1e3:.0f} s")
                        print(f"{suite}/{w['name']}: {r.name} skipped (predicted {pred / 1e3:.0f} s)",
                              file=sys.stderr, flush=True)
                        continue
                argv = argv_for(r, w)
                res = run_once(argv, timeout, env, r.cost_first)
                if res["status"] == "TIMEOUT":
                    res["timeout"] = timeout
                prev = results.get(key)
                if res["status"] == "ok" and prev and prev.get("status") == "ok":
                    prev["rounds"].append(res["ms"])
                    prev["ms"] = statistics.median(prev["rounds"])
                    prev["min"] = min(prev["min"], res["min"])
                    prev["reps"] += res["reps"]
                    res = prev
                elif res["status"] == "ok":
                    res["rounds"] = [res["ms"]]
                elif prev and prev.get("status") == "ok":
                    # a later round failed: keep the rounds that ran, say so
                    prev["why"] = f"round {rnd + 1}: {res['status']}"
                    print(f"{suite}/{w['name']}: {r.name} round {rnd + 1} {res['status']}", file=sys.stderr)
                    continue
                results[key] = res
                msg = f"{suite}/{w['name']}: {r.name} {res['status']}"
                if res["status"] == "ok":
                    msg += f" size={res['size']} median={res['ms']:.3f}ms reps={res['reps']}"
                    for k in ("cost", "dm", "ge"):
                        if res.get(k) is not None:
                            msg += f" {k}={res[k]}"
                    last[(fam, r.name)] = (w["M"], res["ms"])
                    if res["ms"] > a.slow_ms and not r.ref and not r.patient:
                        slow[(fam, r.name)] = f"over {a.slow_ms / 1e3:.0f} s on a smaller {fam} workload"
                elif res["status"] != "n/a":
                    if not r.ref and not r.patient:
                        slow[(fam, r.name)] = f"{res['status']} on a smaller {fam} workload"
                    if res.get("stderr"):
                        res["why"] = res["stderr"].replace("\n", " ")[-300:]
                        msg += " | " + res["why"]
                else:
                    msg += f" ({res.get('why', '')})"
                print(msg, file=sys.stderr, flush=True)
    return results


# ---- agreement ---------------------------------------------------------------------

def same_cost(x, y):
    try:
        if all(s.lstrip("-").isdigit() for s in (x, y)):
            return int(x) == int(y)
        fx, fy = float(x), float(y)
    except (ValueError, AttributeError):
        return False
    return abs(fx - fy) <= 1e-9 * max(1.0, abs(fx), abs(fy))


def check(suite, W, runners, results):
    """Fills w['size'] (and w['agree']) and returns the disagreements."""
    bad = []
    for w in W:
        oks = [(r.name, results.get((w["name"], r.name), {})) for r in runners if not r.floor]
        oks = [(n, x) for n, x in oks if x.get("status") == "ok"]
        if suite == "bipartite":
            ref = results.get((w["name"], "cpp-hk"), {})
            if ref.get("status") != "ok":
                bad.append(f"{w['name']}: the C++ Hopcroft–Karp reference did not run ({ref.get('status')})")
                continue
            if not ref.get("certified"):
                bad.append(f"{w['name']}: the C++ Hopcroft–Karp matching is not certified maximum")
            w["size"], w["phases"] = ref["size"], ref.get("phases", "?")
            bad += [f"{w['name']}: {n} reports size {x['size']}, the certified reference {ref['size']}"
                    for n, x in oks if x["size"] != ref["size"]]
        elif suite == "dm":
            if not oks:
                continue
            n0, x0 = oks[0]
            w["size"] = x0["size"]
            w["dm"] = x0.get("dm", "")
            for n, x in oks[1:]:
                if x.get("dm") != x0.get("dm"):
                    bad.append(f"{w['name']}: {n} gives `{x.get('dm')}`, {n0} `{x0.get('dm')}`")
        elif suite == "weighted":
            ref = results.get((w["name"], "lemon"), {})
            if ref.get("status") != "ok":
                bad.append(f"{w['name']}: the LEMON reference did not run ({ref.get('status')})")
            if not oks:
                continue
            n0, x0 = (("lemon", ref) if ref.get("status") == "ok" else oks[0])
            w["size"], w["weight"] = x0["size"], x0.get("weight")
            for n, x in oks:
                if x.get("weight") is None or x0.get("weight") is None:
                    bad.append(f"{w['name']}: no total weight from {n if x.get('weight') is None else n0}")
                elif not same_cost(x["weight"], x0["weight"]):
                    bad.append(f"{w['name']}: {n} weighs {x['weight']}, {n0} {x0['weight']}")
                # a perfect matching has n / 2 pairs; a maximum-weight one
                # may have any size (ties), so only the weight must agree
                elif w["flags"] and x["size"] != w["V"] // 2:
                    bad.append(f"{w['name']}: {n} has {x['size']} pairs, not a perfect matching")
        elif suite == "general":
            if not oks:
                continue
            n0, x0 = oks[0]
            w["size"] = x0["size"]
            bad += [f"{w['name']}: {n} reports size {x['size']}, {n0} {x0['size']}"
                    for n, x in oks[1:] if x["size"] != x0["size"]]
            ges = [(n, x["ge"]) for n, x in oks if x.get("ge")]
            if ges:
                w["ge"] = ges[0][1]
                bad += [f"{w['name']}: {n} gives Gallai–Edmonds sizes {g}, {ges[0][0]} {ges[0][1]}"
                        for n, g in ges[1:] if g != ges[0][1]]
        else:
            if not oks:
                continue
            n0, x0 = oks[0]
            sizes = [(n, x["size"]) for n, x in oks if x.get("size") is not None]
            w["size"], w["cost"] = (sizes[0][1] if sizes else "?"), x0.get("cost")
            bad += [f"{w['name']}: {n} assigns {z} rows, {sizes[0][0]} {sizes[0][1]}"
                    for n, z in sizes[1:] if z != sizes[0][1]]
            for n, x in oks[1:]:
                if x.get("cost") is None or x0.get("cost") is None:
                    bad.append(f"{w['name']}: no total cost from {n if x.get('cost') is None else n0}")
                elif not same_cost(x["cost"], x0["cost"]):
                    bad.append(f"{w['name']}: {n} costs {x['cost']}, {n0} {x0['cost']}")
    return bad


# ---- report ----------------------------------------------------------------------------

def fmt_ms(x):
    return f"{x:.0f}" if x >= 100 else f"{x:.1f}" if x >= 1 else f"{x:.3f}"


def fmt_ratio(x):
    return f"{x:.0f}" if x >= 100 else f"{x:.1f}" if x >= 10 else f"{x:.2f}"


def cell(r):
    st = r.get("status", "")
    if st == "ok":
        return fmt_ms(r["ms"]) + ("" if r.get("reps", 0) >= 3 else "†")
    return {"n/a": "—", "": "—"}.get(st, st)


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else None


def ms_of(results, w, name):
    r = results.get((w["name"], name), {})
    return r["ms"] if r.get("status") == "ok" and r["ms"] > 0 else None


class AtLeast(float):
    """A ratio whose numerator timed out: the true ratio is larger."""


def over_fn(results, num, den):
    """w -> ms(num) / ms(den); an AtLeast bound when num timed out."""
    def f(w):
        d = ms_of(results, w, den)
        if not d:
            return None
        n = ms_of(results, w, num)
        if n:
            return n / d
        r = results.get((w["name"], num), {})
        if r.get("status") == "TIMEOUT" and r.get("timeout"):
            return AtLeast(r["timeout"] * 1e3 / d)
        return None
    return f


def ratio_table(L, W, results, title, cols, intro=""):
    """cols: list of (header, fn(w) -> float or None). Adds a geometric mean row."""
    L.append(f"### {title}\n")
    if intro:
        L.append(intro + "\n")
    L.append("| workload | " + " | ".join(h for h, _ in cols) + " |")
    L.append("|---|" + "---:|" * len(cols))
    values = {h: [] for h, _ in cols}
    for w in W:
        row = []
        for h, fn in cols:
            x = fn(w)
            if isinstance(x, AtLeast):
                row.append("> " + fmt_ratio(x))
                continue
            values[h].append(x)
            row.append(fmt_ratio(x) if x else "")
        L.append(f"| {w['name']} | " + " | ".join(row) + " |")
    gm = [geomean(values[h]) for h, _ in cols]
    L.append("| **geometric mean** | " + " | ".join(f"**{fmt_ratio(g)}**" if g else "" for g in gm) + " |")
    L.append("")


def versions():
    v = {}

    def first(cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True, timeout=60).stdout.strip().splitlines()[0]
        except Exception:
            return "?"
    v["python"] = platform.python_version()
    for mod, dist in (("numpy", "numpy"), ("scipy", "scipy"), ("igraph", "igraph"), ("networkx", "networkx"),
                      ("ortools", "ortools"), ("lap", "lap"), ("rustworkx", "rustworkx")):
        v[dist] = first([PY, "-c", f"import importlib.metadata as m; print(m.version('{dist}'))"])
    for pkg in ("liblemon-dev", "libboost-graph-dev", "libsuitesparse-dev"):
        v[pkg] = first(["dpkg-query", "-W", "-f=${Version}", pkg])
    v["g++"] = first(["g++", "-dumpfullversion"])
    v["rustc"] = first(["rustc", "--version"]).replace("rustc ", "")
    lock = os.path.join(HERE, "rust-peers", "Cargo.lock")
    if os.path.exists(lock):
        cur = None
        for line in open(lock):
            if line.startswith("name = "):
                cur = line.split('"')[1]
            elif line.startswith("version = ") and cur in ("pathfinding", "petgraph"):
                v[cur] = line.split('"')[1]
    return v


def machine():
    try:
        cpu = [x.split(":", 1)[1].strip() for x in open("/proc/cpuinfo") if x.startswith("model name")][0]
    except (OSError, IndexError):
        cpu = platform.processor() or "?"
    return f"{cpu}, {os.cpu_count()} cores"


TITLES = {"bipartite": "Maximum bipartite matching", "dm": "Dulmage–Mendelsohn decomposition",
          "general": "Maximum matching in general graphs", "assignment": "Assignment (minimum-cost matching)",
          "weighted": "Weighted matching in general graphs"}


def write_report(suite, out, W, runners, results, bad, a, info):
    names = [r.name for r in runners]
    order = sorted(W, key=lambda w: (w["family"], w["M"], w["name"]))
    L = [f"## {TITLES[suite]}\n"]
    L.append(f"Generated by `bash bench/run.sh {' '.join(a.argv)}` on {info['date']} "
             f"({info['elapsed'] / 60:.1f} min for this suite, {info['cpu'] / 60:.1f} min of CPU time in its "
             f"processes). Machine: {info['machine']}; load average "
             f"{info['load0']:.2f} at the start, {os.getloadavg()[0]:.2f} at the end. "
             f"Each cell: the median of repetitions in one process (at least {a.reps}, going on until "
             f"{a.min_ms} ms are spent, stopping after {a.budget_ms} ms), the median of {a.rounds} "
             "interleaved round(s); only the solve is timed. `†` fewer than 3 repetitions; `—` not "
             "applicable (a library limit or a size cap, see the notes); `skip` predicted over "
             f"the {a.timeout:.0f} s timeout, or slow or failing on a smaller workload of its family; "
             f"`TIMEOUT` killed after {a.timeout:.0f} s (or the shorter limit its note gives), and in the ratio "
             "tables `> x` a lower bound from that limit (left out of the geometric means); `FAIL`/`CRASH` the library failed (its message is in "
             "the TSV); `INVALID` the library returned an answer that is not valid (not counted as a "
             "disagreement: the crate is checked against the valid answers).\n")
    L.append("Versions: " + ", ".join(f"{k} {x}" for k, x in info["versions"].items()) + ".\n")
    if bad:
        L.append("**DISAGREEMENTS:**\n")
        L += [f"- {b}" for b in bad]
        L.append("")
    else:
        L.append(AGREE[suite] + "\n")
    L.append("Runners:\n")
    L += [f"- `{r.name}`: {r.note}" for r in runners]
    L.append("")

    # Median times.
    L.append("### Median time, ms\n")
    if suite == "bipartite":
        head = ["L", "R", "M", "matching", "HK phases"]
        dims = lambda w: [w["L"], w["R"], w["M"], w.get("size", "?"), w.get("phases", "?")]
    elif suite == "dm":
        head = ["rows", "cols", "entries", "rank", "blocks"]
        dims = lambda w: [w["rows"], w["cols"], w["M"], w.get("size", "?"),
                          w.get("dm", "").split("blocks ")[-1] if w.get("dm") else "?"]
    elif suite == "weighted":
        head = ["N", "M", "problem", "pairs", "weight"]
        dims = lambda w: [w["V"], w["M"], w["mode"], w.get("size", "?"), w.get("weight", "?")]
    elif suite == "general":
        head = ["N", "M", "matching", "D A C"]
        dims = lambda w: [w["V"], w["M"], w.get("size", "?"), w.get("ge", "")]
    else:
        head = ["rows × cols", "entries", "assigned", "cost"]
        dims = lambda w: [f"{w['rows']} × {w['cols']}", w["M"], w.get("size", "?"), short_cost(w.get("cost"))]
    L.append("| workload | " + " | ".join(head + names) + " |")
    L.append("|---|" + "---:|" * (len(head) + len(names)))
    for w in order:
        cells = [cell(results.get((w["name"], n), {})) for n in names]
        L.append(f"| {w['name']} | " + " | ".join(str(x) for x in dims(w)) + " | " + " | ".join(cells) + " |")
    L.append("")

    # Ratios ("> x": the peer timed out; such cells stay out of the geometric means).
    def over(num, den):
        return over_fn(results, num, den)

    crate_names = [r.name for r in runners if r.crate]
    peers = [r.name for r in runners if not r.crate and not r.floor]
    if suite == "bipartite":
        main = "bimatch-auto" if "bimatch-auto" in names else crate_names[0]
        cols = [(f"{n.replace('bimatch-', '')} ×floor", over(n, "scan")) for n in crate_names]
        ratio_table(L, order, results, "The crate in passes of the floor", cols,
                    "Each engine's time divided by the `scan` floor's (one sequential pass over the adjacency "
                    "arrays).")
        cols = [(f"{p} / auto", over(p, main)) for p in peers]

        def fastest(w):
            xs = [ms_of(results, w, p) for p in peers]
            xs = [x for x in xs if x]
            m = ms_of(results, w, main)
            return min(xs) / m if xs and m else None
        cols.append(("fastest peer / auto", fastest))
        eng = [n for n in crate_names
               if n not in (main, "bimatch-ne", "bimatch-game", "bimatch-auto-par", "bimatch-ppf-par")]
        if "bimatch-hk" in names and "bimatch-pf" in names:
            def vs_best(w):
                m = ms_of(results, w, main)
                b = [ms_of(results, w, n) for n in ("bimatch-hk", "bimatch-pf")]
                b = [x for x in b if x]
                return m / min(b) if m and b else None
            cols.append(("auto / min(hk, pf)", vs_best))
        if "bimatch-game" in names:
            cols.append(("game / C++ HK", over("bimatch-game", "cpp-hk")))
        if "bimatch-auto-par" in names and main == "bimatch-auto":
            cols.append((f"auto 1 / {THREADS} threads", over(main, "bimatch-auto-par")))
        if "bimatch-ppf-par" in names and main == "bimatch-auto":
            cols.append((f"auto 1 / ppf {THREADS} threads", over(main, "bimatch-ppf-par")))
        cols += [(f"{n.replace('bimatch-', '')} / auto", over(n, main)) for n in eng]
        ratio_table(L, order, results, "Ratios to the default (`auto`)", cols,
                    "`peer / auto` > 1: the default is that many times faster. `auto / min(hk, pf)`: the "
                    "default against the faster of Hopcroft–Karp and Pothen–Fan+ (at most 2 is the aim). "
                    "`auto 1 / N threads`: the sequential build's time over the parallel build's on N "
                    "threads (above 1: the threads pay). `auto 1 / ppf N threads`: the same over "
                    "`ParallelPothenFan` on N threads.")
        if main == "bimatch-auto":
            bipartite_targets(L, order, results)
    elif suite == "dm":
        ratio_table(L, order, results, "Ratio CSparse / bimatch", [("csparse / bimatch", over("csparse", "bimatch"))],
                    "Above 1: the crate is that many times faster.")
        big = [w for w in order if w["M"] >= 10_000]
        plain = lambda w: (lambda x: None if isinstance(x, AtLeast) else x)(over("csparse", "bimatch")(w))
        g_all = geomean([plain(w) for w in order])
        g_big = geomean([plain(w) for w in big])
        worst = [plain(w) for w in order]
        worst = [(x, w["name"]) for x, w in zip(worst, order) if x]
        L.append(f"Geometric mean {fmt_ratio(g_all) if g_all else '?'} over {len(order)} matrices; "
                 f"{fmt_ratio(g_big) if g_big else '?'} over the {len(big)} with at least 10^4 entries; "
                 + (f"lowest {fmt_ratio(min(worst)[0])} ({min(worst)[1]})." if worst else "") + "\n")
    elif suite == "weighted":
        cols = [(f"{p} / bimatch", over(p, "bimatch")) for p in peers]
        ratio_table(L, order, results, "Ratios to the crate", cols,
                    "`peer / bimatch` > 1: the crate is that many times faster.")
        weighted_targets(L, order, results)
    elif suite == "general":
        cols = [(f"{p} / bimatch", over(p, "bimatch")) for p in peers]
        cols.append(("edmonds / bimatch", over("bimatch-edmonds", "bimatch")))
        cols.append(("ge / bimatch", over("bimatch-ge", "bimatch")))
        cols.append(("bimatch ×floor", over("bimatch", "scan")))
        cols.append(("ge ×floor", over("bimatch-ge", "scan")))
        if "bimatch-par" in names:
            cols.append((f"1 / {THREADS} threads", over("bimatch", "bimatch-par")))
        ratio_table(L, order, results, "Ratios to the crate", cols,
                    "`peer / bimatch` > 1: the crate is that many times faster. `edmonds / bimatch`: the "
                    "blossom engine against the default on bipartite workloads (below 1: the shortcut "
                    "loses). `ge / bimatch`: the decomposition's time relative to the matching's. "
                    "`×floor`: in passes of `scan`. `1 / N threads`: the sequential build's time over the "
                    "parallel build's on N threads (above 1: the threads pay).")
        general_targets(L, order, results)
    else:
        cols = [(f"{p} / bimatch", over(p, "bimatch")) for p in peers]
        if "bimatch-par" in names:
            cols.append((f"1 / {THREADS} threads", over("bimatch", "bimatch-par")))
        grid = [w for w in order if w.get("grid")]
        rest = [w for w in order if not w.get("grid")]
        if grid:
            ratio_table(L, grid, results, "Ratios to the crate on SciPy's grid (n × n, n × 2n, 2n × n, n = 100…400)",
                        [c for c in cols if "sparse" not in c[0] and "lap-mod" not in c[0]],
                        "`peer / bimatch` > 1: the crate is that many times faster.")
            sx = [over("scipy", "bimatch")(w) for w in grid]
            sx = [None if isinstance(x, AtLeast) else x for x in sx]
            sx = [(x, w["name"]) for x, w in zip(sx, grid) if x]
            if sx:
                L.append(f"SciPy / bimatch on the grid: lowest {fmt_ratio(min(sx)[0])} ({min(sx)[1]}).\n")
        if rest:
            ratio_table(L, rest, results, "Ratios to the crate, large and sparse", cols,
                        "`peer / bimatch` > 1: the crate is that many times faster.")
    with open(os.path.join(out, f"{suite}.md"), "w") as f:
        f.write("\n".join(L) + "\n")
    with open(os.path.join(out, f"{suite}.tsv"), "w") as f:
        f.write("suite\tworkload\tfamily\tV\tM\trunner\tstatus\tsize\tmedian_ms\tmin_ms\treps\trounds\textra\n")
        for w in order:
            for n in names:
                r = results.get((w["name"], n), {})
                extra = ";".join(f"{k}={r[k]}" for k in ("cost", "dm", "ge", "phases", "why") if r.get(k))
                f.write("\t".join(str(x) for x in (
                    suite, w["name"], w["family"], w["V"], w["M"], n, r.get("status", ""), r.get("size", ""),
                    r.get("ms", ""), r.get("min", ""), r.get("reps", ""),
                    ",".join(f"{x:.3f}" for x in r.get("rounds", [])), extra)) + "\n")


def general_targets(L, W, results):
    """The targets of the general suite: LEMON / crate, the crate's time per
    edge against its own on the largest random graph of average degree 3,
    and the growth when n doubles."""
    base = [w for w in W if w["family"] == "rand" and w["name"].endswith("-d3") and ms_of(results, w, "bimatch")]
    if not base:
        return
    base = max(base, key=lambda w: w["V"])
    per_edge0 = ms_of(results, base, "bimatch") / base["M"]
    by_name = {w["name"]: w for w in W}

    def per_edge(w):
        t = ms_of(results, w, "bimatch")
        return t / w["M"] / per_edge0 if t and w["M"] else None

    def growth(w):
        s = by_name.get(w.get("smaller") or "")
        t1, t2 = (ms_of(results, s, "bimatch") if s else None), ms_of(results, w, "bimatch")
        if not (t1 and t2) or s["V"] == w["V"]:
            return None
        # per doubling of n, whatever the size ratio (3 for nested)
        return (t2 / t1) ** (math.log(2) / math.log(w["V"] / s["V"]))

    lemon = over_fn(results, "lemon", "bimatch")
    L.append("### Targets\n")
    L.append(f"`per edge ×{base['name']}`: the crate's time per edge divided by its time per edge on "
             f"{base['name']} in this run (target ≤ 8). `×2n`: the factor by which the crate's time grows when "
             "n doubles, from this workload and the smaller one of its family named beside it (target ≤ 2.83, "
             "n·√n; for `nested` the size triples and the factor is scaled to a doubling; for `ksdense` m "
             "grows 4× when n doubles). `lemon / bimatch` (target ≥ 1). Misses in bold.\n")
    L.append(f"| workload | N | M | bimatch ms | lemon ms | lemon / bimatch | per edge ×{base['name']} | ×2n | from |")
    L.append("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    misses = []
    for w in W:
        t = ms_of(results, w, "bimatch")
        lm = ms_of(results, w, "lemon")
        r, pe, g = lemon(w), per_edge(w), growth(w)

        def mark(x, bad):
            if x is None:
                return ""
            txt = ("> " if isinstance(x, AtLeast) else "") + fmt_ratio(x)
            return f"**{txt}**" if bad else txt
        bad_r = r is not None and not isinstance(r, AtLeast) and r < 1
        bad_pe = pe is not None and pe > 8
        bad_g = g is not None and g > 2 ** 1.5 * 1.1  # 10 % for noise
        for flag, what in ((bad_r, "slower than LEMON"), (bad_pe, "per edge > 8×"), (bad_g, "growth > n·√n")):
            if flag:
                misses.append(f"{w['name']}: {what}")
        L.append(f"| {w['name']} | {w['V']} | {w['M']} | {fmt_ms(t) if t else cell(results.get((w['name'], 'bimatch'), {}))} | "
                 f"{fmt_ms(lm) if lm else cell(results.get((w['name'], 'lemon'), {}))} | {mark(r, bad_r)} | "
                 f"{mark(pe, bad_pe)} | {mark(g, bad_g)} | {w['smaller'] if w.get('smaller') in by_name else ''} |")
    L.append("")
    L.append(f"{len(misses)} miss(es)" + (": " + "; ".join(misses) + "." if misses else ".") + "\n")


# (family, size, peer, target ratio peer / bimatch): the targets;
# every other (family, size) against LEMON has the target 1 (never slower).
WEIGHTED_TARGETS = [
    ("random-d5", 100_000, "lemon", 5.0),
    ("random-d10", 100_000, "lemon", 5.0),
    ("geometric-k10", 100_000, "lemon", 3.0),
    ("complete", 1_500, "lemon", 2.0),
    ("random-small", 2_000, "networkx", 1000.0),
    ("random-small", 2_000, "rustworkx", 20.0),
]


def weighted_targets(L, W, results):
    """Per family and size, over its seeds: the median ratio, and the worst
    seed (the lowest ratio) against its target."""
    groups = {}
    for w in W:
        groups.setdefault((w["family"], w["V"]), []).append(w)
    L.append("### Targets, per family and size over its seeds\n")
    L.append("`median`: the median over the seeds of `peer / bimatch` (each seed's cell the median of the "
             "rounds); `worst`: the lowest ratio and its seed. Target: the issue's (LEMON ≥ 5× on the random "
             "graphs of 10^5 vertices, ≥ 3× on the nearest-neighbour graphs, ≥ 2× on the complete graphs of "
             "1500; networkx ≥ 1000× and rustworkx ≥ 20× at n = 2000), else never slower than LEMON (≥ 1). "
             "Misses in bold.\n")
    L.append("| family | N | problem | seeds | bimatch ms (median) | peer | peer ms (median) | median | worst | "
             "worst seed | target |")
    L.append("|---|---:|---|---:|---:|---|---:|---:|---:|---:|---:|")
    misses = []
    for (fam, n), ws in sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        peers = [p for f, z, p, _ in WEIGHTED_TARGETS if f == fam and z == n]
        if "lemon" not in peers:
            peers = ["lemon"] + peers
        for peer in peers:
            target = next((t for f, z, p, t in WEIGHTED_TARGETS if f == fam and z == n and p == peer), 1.0)
            rs = []
            for w in ws:
                r = over_fn(results, peer, "bimatch")(w)
                if r is not None:
                    rs.append((float(r), w["seed"], isinstance(r, AtLeast)))
            if not rs:
                continue
            med = statistics.median(x for x, _, _ in rs)
            worst = min(rs)
            bt = statistics.median(t for t in (ms_of(results, w, "bimatch") for w in ws) if t) \
                if any(ms_of(results, w, "bimatch") for w in ws) else None
            pt = [t for t in (ms_of(results, w, peer) for w in ws) if t]
            bad = worst[0] < target and not worst[2]
            if bad:
                misses.append(f"{fam} n={n} vs {peer}: worst {fmt_ratio(worst[0])} (seed {worst[1]}) "
                              f"< {fmt_ratio(target)}")
            mark = lambda t: f"**{t}**" if bad else t
            L.append(f"| {fam} | {n} | {ws[0]['mode']} | {len(rs)} | {fmt_ms(bt) if bt else '?'} | {peer} | "
                     f"{fmt_ms(statistics.median(pt)) if pt else '?'} | {fmt_ratio(med)} | "
                     f"{mark(('> ' if worst[2] else '') + fmt_ratio(worst[0]))} | {worst[1]} | "
                     f"≥ {fmt_ratio(target)} |")
    L.append("")
    L.append(f"{len(misses)} miss(es)" + (": " + "; ".join(misses) + "." if misses else ".") + "\n")


def short_cost(c):
    if c is None:
        return "?"
    try:
        if c.lstrip("-").isdigit():
            return c
        return f"{float(c):.6g}"
    except ValueError:
        return c


AGREE = {
    "bipartite": "**Agreement:** every runner that ran reported the maximum matching size of the C++ "
                 "Hopcroft–Karp, whose matching is certified maximum by a König cover of the same size.",
    "dm": "**Agreement:** the crate and CSparse gave the same structural rank, the same three coarse parts "
          "and the same number of fine blocks on every matrix.",
    "general": "**Agreement:** every runner that ran reported the same matching size, and the crate's "
               "Gallai–Edmonds set sizes (D, A, C) equal LEMON's.",
    "assignment": "**Agreement:** every runner that ran assigned as many rows and reached the same total "
                  "cost (exactly for integer costs, to 10^-9 relative for floats).",
    "weighted": "**Agreement:** every runner that ran reached LEMON's total weight exactly (integer "
                "weights), and on the minimum-cost perfect workloads every one of them matched all the "
                "vertices. (On maximum weight the number of pairs may differ between optimal matchings.)",
}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--set", default="full", choices=["small", "full"])
    ap.add_argument("--suite", nargs="+", choices=SUITES, help="suites to run (default: all)")
    ap.add_argument("--only", nargs="+", help="only these workloads (names as in the tables)")
    ap.add_argument("--runners", nargs="+", help="only these runners (the references always run)")
    ap.add_argument("--engines", nargs="+", default=["auto", "hk", "pf"],
                    help="the crate's bipartite matchers to time (default: auto hk pf; pr and dinic also exist)")
    ap.add_argument("--rounds", type=int, default=1, help="interleaved rounds; a cell is their median")
    ap.add_argument("--timeout", type=float, default=None, help="seconds per run (default 120; 30 with --set small)")
    ap.add_argument("--slow-ms", type=float, default=20_000.0,
                    help="skip a runner on the larger workloads of a family after it took this long")
    ap.add_argument("--reps", type=int, default=None, help="minimum repetitions inside a run")
    ap.add_argument("--min-ms", type=int, default=None, help="repeat until this many ms are spent")
    ap.add_argument("--budget-ms", type=int, default=None, help="stop repeating after this many ms")
    ap.add_argument("--out", default=None, help="tables directory (default bench/results; "
                                                "BUILD/results-small for --set small)")
    ap.add_argument("--data", default=None, help="workload directory (default BUILD/data[-small])")
    a = ap.parse_args()
    a.argv = sys.argv[1:]
    small = a.set == "small"
    a.reps = a.reps or 3
    a.min_ms = a.min_ms if a.min_ms is not None else (100 if small else 150)
    if a.timeout is None:
        a.timeout = 30.0 if small else 120.0
    a.budget_ms = a.budget_ms or (2000 if small else 2500)
    out = os.path.abspath(a.out or (os.path.join(BUILD, "results-small") if small else os.path.join(HERE, "results")))
    data = os.path.abspath(a.data or os.path.join(BUILD, "data-small" if small else "data"))
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ, PEERS_REPS=str(a.reps), PEERS_MIN_MS=str(a.min_ms), PEERS_BUDGET_MS=str(a.budget_ms))
    info = dict(versions=versions(), machine=machine(),
                date=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"))
    all_bad = []
    t_all = time.time()
    def child_cpu():
        ru = resource.getrusage(resource.RUSAGE_CHILDREN)
        return ru.ru_utime + ru.ru_stime
    for suite in a.suite or SUITES:
        t0 = time.time()
        cpu0 = child_cpu()
        info["load0"] = os.getloadavg()[0]
        runners = {"bipartite": lambda: bipartite_runners(a.engines), "dm": dm_runners,
                   "general": general_runners, "assignment": assignment_runners,
                   "weighted": weighted_runners}[suite]()
        refs = {"cpp-hk", "scan", "csparse", "lemon", "scipy", "scipy-sparse"}
        if a.runners:
            runners = [r for r in runners if r.name in a.runners or r.name in refs]
        crate_missing = [r.name for r in runners if r.crate and r.missing()]
        if crate_missing:
            print(f"{suite}: {', '.join(crate_missing)}: {runners[[r.name for r in runners].index(crate_missing[0])].missing()}",
                  file=sys.stderr)
        W = workloads(suite, a, os.path.join(data, suite))
        if not W:
            continue
        results = run_suite(suite, runners, W, a, env)
        bad = check(suite, W, runners, results)
        info["elapsed"] = time.time() - t0
        info["cpu"] = child_cpu() - cpu0
        write_report(suite, out, W, runners, results, bad, a, info)
        print(f"{suite}: wrote {os.path.join(out, suite + '.md')} ({info['elapsed'] / 60:.1f} min, "
              f"{info['cpu'] / 60:.1f} min of CPU time in the runners and generators)", file=sys.stderr)
        for b in bad:
            print(f"!!!!! DISAGREEMENT ({suite}): {b}", file=sys.stderr)
        all_bad += bad
    print(f"total {(time.time() - t_all) / 60:.1f} min ({child_cpu() / 60:.1f} min of CPU time in the runners "
          f"and generators); {len(all_bad)} disagreement(s)", file=sys.stderr)
    sys.exit(1 if all_bad else 0)


if __name__ == "__main__":
    main()
