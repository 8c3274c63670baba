//! Warm starts (`Matcher::maximum_matching_from`) of every matcher in
//! `MatcherKind::ALL`: from empty, greedy, random partial, maximum and
//! adversarial starts they reach a maximum matching, proven by a König
//! cover of equal size and by brute force on small graphs; each matcher's
//! warm start runs its own algorithm (from the empty start, and from the
//! start its own heuristic would make, it is the cold run); the trait's
//! default is Hopcroft–Karp's warm start and never calls the user's
//! matcher; and the warm starts' workspaces are as documented on
//! `Bipartite`, measured by a counting allocator.

use crate::alloc_counter;
use crate::common;

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};

use alloc_counter::measure;
use bimatch::{
    Auto, Bipartite, HopcroftKarp, KarpSipser, Left, Matcher, MatcherKind, Matching, Right,
};
use common::{
    adversarial_path, assert_konig_certified, brute_force, greedy, random_graph, Rng, MATCHERS,
};

/// A random valid matching: edges in random order, each taken with
/// probability 1/2 when both ends are still free.
fn random_start(rng: &mut Rng, g: &Bipartite) -> Matching {
    let mut edges: Vec<(Left, Right)> = g.edges().collect();
    rng.shuffle(&mut edges);
    let (mut left_used, mut right_used) =
        (vec![false; g.left_count()], vec![false; g.right_count()]);
    let mut pairs = Vec::new();
    for (u, v) in edges {
        if !left_used[u.index()] && !right_used[v.index()] && rng.chance_in(1, 2) {
            left_used[u.index()] = true;
            right_used[v.index()] = true;
            pairs.push((u, v));
        }
    }
    Matching::from_pairs(g, pairs).unwrap()
}

/// A graph with a planted alternating path and the start that makes it one
/// long augmenting path: left `p[i]` – right `q[i]` – left `p[i + 1]` …
/// for `k` steps (ids shuffled), the start matching left `p[i + 1]` with
/// right `q[i]`, so left `p[0]` and right `q[k - 1]` are free and the only
/// way between them runs through the whole path; plus `extra` random
/// edges, which may open shortcuts.
fn planted_path(rng: &mut Rng, k: usize, extra: usize) -> (Bipartite, Matching) {
    let mut p: Vec<usize> = (0..k).collect();
    let mut q: Vec<usize> = (0..k).collect();
    rng.shuffle(&mut p);
    rng.shuffle(&mut q);
    let mut edges: Vec<(usize, usize)> = (0..k).map(|i| (p[i], q[i])).collect();
    edges.extend((0..k - 1).map(|i| (p[i + 1], q[i])));
    for _ in 0..extra {
        edges.push((rng.below(k), rng.below(k)));
    }
    let g = Bipartite::from_edges(k, k, edges).unwrap();
    let start = Matching::from_pairs(
        &g,
        (0..k - 1).map(|i| (Left::new(p[i + 1]), Right::new(q[i]))),
    )
    .unwrap();
    (g, start)
}

/// The start turned into a maximum matching by `matcher`, checked: a König
/// cover of the same size, the size `best`, every vertex the start matched
/// still matched.
fn assert_grows(matcher: &dyn Matcher, g: &Bipartite, start: &Matching, best: usize, what: &str) {
    let ctx = format!("{} from {what}: {g:?}, start {start:?}", matcher.name());
    let m = matcher
        .maximum_matching_from(g, start.clone())
        .unwrap_or_else(|e| panic!("{ctx}: {e}"));
    assert_konig_certified(g, &m);
    assert_eq!(m.len(), best, "{ctx}");
    for (u, v) in start.pairs() {
        assert!(m.left_mate(u).is_some(), "{ctx}: {u} lost its mate");
        assert!(m.right_mate(v).is_some(), "{ctx}: {v} lost its mate");
    }
}

/// The five kinds of start on one graph, for every matcher.
fn assert_every_start(rng: &mut Rng, g: &Bipartite, best: usize) {
    let maximum = HopcroftKarp.maximum_matching(g);
    let starts = [
        ("empty", Matching::empty(g)),
        ("greedy", greedy(g)),
        ("random", random_start(rng, g)),
        ("maximum", maximum),
    ];
    for kind in MATCHERS {
        for (what, start) in &starts {
            assert_grows(kind.matcher(), g, start, best, what);
        }
    }
}

#[test]
fn every_start_on_small_graphs_agrees_with_brute_force() {
    let mut rng = Rng::new(21);
    for _ in 0..1500 {
        let g = random_graph(&mut rng, 9);
        let best = brute_force(&g);
        assert_every_start(&mut rng, &g, best);
    }
}

#[test]
fn adversarial_starts_on_small_graphs_agree_with_brute_force() {
    let mut rng = Rng::new(22);
    for _ in 0..600 {
        let k = 1 + rng.below(12);
        let extra = rng.below(k + 1);
        let (g, start) = planted_path(&mut rng, k, extra);
        let best = brute_force(&g);
        // Without shortcuts the path is perfect.
        if extra == 0 {
            assert_eq!(best, k);
        }
        for kind in MATCHERS {
            assert_grows(kind.matcher(), &g, &start, best, "a planted path");
        }
        assert_every_start(&mut rng, &g, best);
    }
}

#[test]
fn adversarial_starts_on_large_graphs_reach_a_konig_certified_maximum() {
    let mut rng = Rng::new(23);
    for (k, extra) in [(2000, 0), (2000, 40), (5000, 500), (300, 3000)] {
        let (g, start) = planted_path(&mut rng, k, extra);
        let best = HopcroftKarp.maximum_matching(&g).len();
        if extra == 0 {
            assert_eq!(best, k);
        }
        for kind in MATCHERS {
            assert_grows(kind.matcher(), &g, &start, best, "a planted path");
        }
        assert_every_start(&mut rng, &g, best);
    }
    // The adversarial path of the other tests, from a start that shifts
    // every pair by one along it: one augmenting path through all of it.
    let n = 3000;
    let g = adversarial_path(n);
    let shifted = Matching::from_pairs(
        &g,
        (1..n).map(|i| (Left::new(n - 1 - i), Right::new(i - 1))),
    )
    .unwrap();
    for kind in MATCHERS {
        assert_grows(kind.matcher(), &g, &shifted, n, "the shifted path");
    }
}

/// Random graphs for telling the matchers apart: equal sides, some
/// vertices of degree one (more than one in a hundred) and some of degree
/// three or more, so that [`Auto`]'s cold run is its greedy start and
/// bounded push-relabel (steps 2 and 3 of its documentation) — what its
/// warm start runs.
fn telling_graphs(rng: &mut Rng, count: usize) -> Vec<Bipartite> {
    let mut graphs = Vec::new();
    while graphs.len() < count {
        let n = 4 + rng.below(40);
        let m = n + rng.below(3 * n);
        let edges: Vec<(usize, usize)> = (0..m).map(|_| (rng.below(n), rng.below(n))).collect();
        let g = Bipartite::from_edges(n, n, edges).unwrap();
        let degrees: Vec<usize> = g
            .left_vertices()
            .map(|u| g.left_neighbors(u).count())
            .chain(g.right_vertices().map(|v| g.right_neighbors(v).count()))
            .collect();
        let connected = degrees.iter().filter(|&&d| d > 0).count();
        let ends = degrees.iter().filter(|&&d| d == 1).count();
        if ends * 100 > connected && degrees.iter().any(|&d| d >= 3) {
            graphs.push(g);
        }
    }
    graphs
}

#[test]
fn each_warm_start_runs_its_own_algorithm() {
    let mut rng = Rng::new(24);
    let graphs = telling_graphs(&mut rng, 3000);
    // From the empty matching, every matcher's warm start is its cold run.
    for g in &graphs {
        for kind in MATCHERS {
            let cold = kind.maximum_matching(g);
            let warm = kind.maximum_matching_from(g, Matching::empty(g)).unwrap();
            assert_eq!(warm, cold, "{kind}: {g:?}");
        }
    }
    // And the matchers' cold runs differ from each other's: so the warm
    // starts do too, and none runs another's algorithm.
    let mut told_apart = BTreeSet::new();
    for g in &graphs {
        let cold: Vec<Matching> = MATCHERS.iter().map(|k| k.maximum_matching(g)).collect();
        for i in 0..MATCHERS.len() {
            for j in i + 1..MATCHERS.len() {
                if cold[i] != cold[j] {
                    told_apart.insert((MATCHERS[i], MATCHERS[j]));
                }
            }
        }
    }
    for (i, a) in MATCHERS.iter().enumerate() {
        for b in &MATCHERS[i + 1..] {
            // Auto's search here is push-relabel's, only cut off after
            // 16 (V + E) arc scans, which graphs this small never reach;
            // on the unit network Dinic's phases find Hopcroft–Karp's
            // paths, in the same order. Those two pairs are told apart by
            // their workspaces instead (`warm_starts_need_the_documented_
            // workspace`: Dinic's warm start builds its network).
            if matches!(
                (*a, *b),
                (MatcherKind::Auto, MatcherKind::PushRelabel)
                    | (MatcherKind::HopcroftKarp, MatcherKind::Dinic)
            ) {
                continue;
            }
            assert!(
                told_apart.contains(&(*a, *b)),
                "{a} and {b} give the same matchings on every graph: the test cannot tell them apart"
            );
        }
    }
}

#[test]
fn from_their_karp_sipser_start_the_augmenting_matchers_make_their_cold_run() {
    // Hopcroft–Karp, Pothen–Fan and Dinic start cold from the Karp–Sipser
    // matching; given it as a warm start (which the Karp–Sipser rules
    // cannot extend, it is maximal), each runs its own phases from it.
    let mut rng = Rng::new(25);
    let kinds = [
        MatcherKind::HopcroftKarp,
        MatcherKind::PothenFan,
        MatcherKind::Dinic,
    ];
    let mut changed = 0;
    for g in telling_graphs(&mut rng, 2000) {
        let start = KarpSipser.maximal_matching(&g);
        for kind in kinds {
            let cold = kind.maximum_matching(&g);
            let warm = kind.maximum_matching_from(&g, start.clone()).unwrap();
            assert_eq!(warm, cold, "{kind}: {g:?}");
            changed += usize::from(warm != start);
        }
    }
    assert!(
        changed > 0,
        "no start needed augmenting: the test shows nothing"
    );
}

#[test]
fn a_maximum_start_comes_back_unchanged() {
    let mut rng = Rng::new(26);
    for g in telling_graphs(&mut rng, 300) {
        for source in MATCHERS {
            let m = source.maximum_matching(&g);
            for kind in MATCHERS {
                assert_eq!(
                    kind.maximum_matching_from(&g, m.clone()),
                    Ok(m.clone()),
                    "{kind}"
                );
            }
        }
    }
}

/// A matcher of a user's own that counts its calls and keeps the
/// provided warm start.
struct Counted {
    calls: AtomicUsize,
}

impl Matcher for Counted {
    fn maximum_matching(&self, graph: &Bipartite) -> Matching {
        self.calls.fetch_add(1, Ordering::Relaxed);
        Auto.maximum_matching(graph)
    }
}

#[test]
fn the_provided_warm_start_is_hopcroft_karps_and_never_calls_the_matcher() {
    let mine = Counted {
        calls: AtomicUsize::new(0),
    };
    let mut rng = Rng::new(27);
    for _ in 0..500 {
        let g = random_graph(&mut rng, 9);
        let best = brute_force(&g);
        for start in [Matching::empty(&g), greedy(&g), random_start(&mut rng, &g)] {
            let warm = mine.maximum_matching_from(&g, start.clone()).unwrap();
            assert_eq!(
                warm,
                HopcroftKarp
                    .maximum_matching_from(&g, start.clone())
                    .unwrap()
            );
            assert_grows(&mine, &g, &start, best, "the provided warm start");
        }
    }
    assert_eq!(mine.calls.load(Ordering::Relaxed), 0);
    // Through a reference and a box, the same.
    let g = adversarial_path(50);
    let boxed: Box<dyn Matcher> = Box::new(Counted {
        calls: AtomicUsize::new(0),
    });
    let start = greedy(&g);
    let expected = HopcroftKarp.maximum_matching_from(&g, start.clone());
    let by_ref: &dyn Matcher = &boxed;
    assert_eq!(by_ref.maximum_matching_from(&g, start.clone()), expected);
    assert_eq!(boxed.maximum_matching_from(&g, start), expected);
}

/// Random graphs with `n` vertices a side and `degree` edge slots per left
/// vertex, as in `tests/memory.rs`.
fn memory_graph(n: usize, degree: usize, seed: u64) -> Bipartite {
    let edges = (0..n * degree).map(move |k| {
        let mut z = (k as u64 ^ seed)
            .wrapping_add(1)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        (k / degree, ((z ^ (z >> 29)) % n as u64) as usize)
    });
    Bipartite::from_edges(n, n, edges).unwrap()
}

#[test]
fn warm_starts_need_the_documented_workspace() {
    let mut rng = Rng::new(28);
    for (n, degree) in [(20_000, 10), (50_000, 3), (1000, 50), (60_000, 1)] {
        let g = memory_graph(n, degree, 29);
        let (l, r, e) = (g.left_count(), g.right_count(), g.edge_count());
        let v = l + r;
        let starts = [
            Matching::empty(&g),
            greedy(&g),
            random_start(&mut rng, &g),
            KarpSipser.maximal_matching(&g),
        ];
        // The documented figures, growing lists (queues, stacks) allowed
        // three times their entries' room for the moment they grow.
        let karp_sipser = 8 * v + 3 * 4 * v;
        let push_relabel = 8 * r + 3 * 4 * l + 4 * r + 4 * l;
        let bound = |kind: MatcherKind| match kind {
            MatcherKind::HopcroftKarp => (16 * l).max(karp_sipser),
            MatcherKind::PothenFan => (4 * l + 4 * r + 4 * l + 3 * 8 * l).max(karp_sipser),
            MatcherKind::Dinic => (26 * e + 50 * v + 3 * 8 * (v + 1)).max(karp_sipser),
            MatcherKind::PushRelabel => push_relabel,
            MatcherKind::Auto => push_relabel + 16 * l,
            _ => unreachable!("a new matcher needs its documented figure here"),
        };
        for start in &starts {
            for &kind in MATCHERS {
                let start = start.clone();
                // The result reuses the start's arrays: all that is
                // counted is workspace.
                let (m, usage) = measure(|| kind.maximum_matching_from(&g, start).unwrap());
                let limit = bound(kind) + 256;
                assert!(
                    usage.peak <= limit,
                    "{kind}, {n} x {degree}: {usage:?} > {limit}"
                );
                assert_eq!(usage.live, 0, "{kind}");
                // Dinic's warm start runs on its residual network, 13 bytes
                // for each of its 2 (E + V) arcs: far more than the others.
                let network = 26 * (e + v);
                if kind == MatcherKind::Dinic {
                    assert!(usage.peak >= network, "{kind}: {usage:?}");
                } else {
                    assert!(usage.peak < network / 2, "{kind}: {usage:?}");
                }
                assert!(m.len() > n / 3);
            }
        }
    }
}
