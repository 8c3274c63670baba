//! Weighted matching on general graphs against brute force: every graph on
//! at most 6 vertices (7 in release, ignored) under several weight
//! patterns, and random graphs up to 12 vertices, in all three modes; every
//! answer's certificate checked by `verify`, and tampered certificates
//! refused.
//!
//! The brute force knows nothing of blossoms or duals: the best matching
//! of every vertex subset by dynamic programming over its lowest vertex.

use crate::common::Rng;

use bimatch::general::{
    max_weight_matching, min_weight_perfect_matching, MaxWeightMatching, WeightedError,
    WeightedGraph, WeightedMatching,
};

/// The three optima of a small graph (`n ≤ 16`): the greatest weight, the
/// (most pairs, greatest weight), and the least perfect cost (`None`
/// without a perfect matching). Parallel edges: the heaviest counts for
/// the first two, the lightest for the third.
pub fn brute(n: usize, edges: &[(usize, usize, i64)]) -> (i64, (usize, i64), Option<i64>) {
    let mut hi = vec![vec![None::<i64>; n]; n];
    let mut lo = vec![vec![None::<i64>; n]; n];
    for &(u, v, w) in edges {
        if u == v {
            continue;
        }
        for (a, b) in [(u, v), (v, u)] {
            hi[a][b] = Some(hi[a][b].map_or(w, |x: i64| x.max(w)));
            lo[a][b] = Some(lo[a][b].map_or(w, |x: i64| x.min(w)));
        }
    }
    let full = (1usize << n) - 1;
    let mut best = vec![0i64; full + 1];
    let mut card = vec![(0usize, 0i64); full + 1];
    let mut perf = vec![None::<i64>; full + 1];
    perf[0] = Some(0);
    for mask in 1..=full {
        let i = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << i);
        let mut b = best[rest];
        let mut c = card[rest];
        let mut p: Option<i64> = None;
        for j in i + 1..n {
            if rest >> j & 1 == 0 {
                continue;
            }
            let sub = rest & !(1 << j);
            if let Some(w) = hi[i][j] {
                b = b.max(w + best[sub]);
                let (k, x) = card[sub];
                c = c.max((k + 1, x + w));
            }
            if let (Some(w), Some(q)) = (lo[i][j], perf[sub]) {
                p = Some(p.map_or(w + q, |p| p.min(w + q)));
            }
        }
        best[mask] = b;
        card[mask] = c;
        perf[mask] = p;
    }
    (best[full], card[full], perf[full])
}

/// The weight of `m`'s pairs, by the heaviest (or lightest) copy.
fn weight_of(m: &WeightedMatching<i64>, edges: &[(usize, usize, i64)], lightest: bool) -> i64 {
    m.pairs()
        .map(|(u, v)| {
            let copies = edges
                .iter()
                .filter(|&&(a, b, _)| (a, b) == (u, v) || (a, b) == (v, u))
                .map(|e| e.2);
            if lightest {
                copies.min().unwrap()
            } else {
                copies.max().unwrap()
            }
        })
        .sum()
}

/// Solves all three modes of one graph in `i64` and `f64`, checks every
/// answer against brute force and by its certificate.
pub fn check(n: usize, edges: &[(usize, usize, i64)]) {
    let (best, (k, kw), perf) = brute(n, edges);
    let g = WeightedGraph::from_edges(n, edges).unwrap();
    let ctx = || format!("n = {n}, edges = {edges:?}");
    let m = max_weight_matching(&g).unwrap_or_else(|e| panic!("{}: {e}", ctx()));
    assert_eq!(m.total(), best, "max weight: {}", ctx());
    assert_eq!(
        weight_of(&m, edges, false),
        best,
        "max weight pairs: {}",
        ctx()
    );
    m.verify(&g)
        .unwrap_or_else(|e| panic!("max weight certificate: {e}: {}: {m:?}", ctx()));
    let c = MaxWeightMatching::new(&g)
        .max_cardinality()
        .solve()
        .unwrap();
    assert_eq!((c.len(), c.total()), (k, kw), "max cardinality: {}", ctx());
    c.verify(&g)
        .unwrap_or_else(|e| panic!("max cardinality certificate: {e}: {}: {c:?}", ctx()));
    match (min_weight_perfect_matching(&g), perf) {
        (Ok(p), Some(cost)) => {
            assert_eq!(p.total(), cost, "min perfect: {}", ctx());
            assert_eq!(
                weight_of(&p, edges, true),
                cost,
                "min perfect pairs: {}",
                ctx()
            );
            p.verify(&g)
                .unwrap_or_else(|e| panic!("min perfect certificate: {e}: {}: {p:?}", ctx()));
        }
        (
            Err(WeightedError::NoPerfectMatching {
                certificate,
                maximum,
                ..
            }),
            None,
        ) => {
            let mm = bimatch::general::maximum_matching(g.graph());
            assert_eq!(mm.len(), maximum);
            certificate.verify(g.graph(), &mm).unwrap();
            assert!(certificate.bound() < n.div_ceil(2) || n % 2 == 1);
        }
        (other, expected) => panic!("min perfect: {other:?}, expected {expected:?}: {}", ctx()),
    }
    // The same weights as floats, where float sums are exact.
    if edges.iter().any(|e| e.2.unsigned_abs() > 1 << 40) {
        return;
    }
    let fe: Vec<(usize, usize, f64)> = edges.iter().map(|&(u, v, w)| (u, v, w as f64)).collect();
    let fg = WeightedGraph::from_edges(n, &fe).unwrap();
    let fm = max_weight_matching(&fg).unwrap();
    assert_eq!(fm.total(), best as f64, "f64 max weight: {}", ctx());
    fm.verify(&fg)
        .unwrap_or_else(|e| panic!("f64 max weight: {e}: {}", ctx()));
    let fc = MaxWeightMatching::new(&fg)
        .max_cardinality()
        .solve()
        .unwrap();
    assert_eq!(
        (fc.len(), fc.total()),
        (k, kw as f64),
        "f64 max card: {}",
        ctx()
    );
    fc.verify(&fg)
        .unwrap_or_else(|e| panic!("f64 max card: {e}: {}", ctx()));
    if let Some(cost) = perf {
        let fp = min_weight_perfect_matching(&fg).unwrap();
        assert_eq!(fp.total(), cost as f64, "f64 min perfect: {}", ctx());
        fp.verify(&fg)
            .unwrap_or_else(|e| panic!("f64 min perfect: {e}: {}", ctx()));
    }
}

/// Weight patterns for the exhaustive runs: edge `k` of pair `(u, v)`.
const PATTERNS: [fn(usize, usize, usize) -> i64; 4] = [
    |_, _, _| 1,                                         // all tied
    |u, v, _| ((u * 7 + v * 3) % 4) as i64,              // small, with zeros
    |u, v, k| ((u * 5 + v * 11 + k * 3) % 9) as i64 - 3, // negatives
    |_, _, k| 1 << (k % 12),                             // distinct powers, no ties
];

fn every_graph(n: usize, patterns: &[usize]) -> usize {
    let mut weighted = Vec::new();
    crate::common::for_every_graph(n, |edges| {
        for &p in patterns {
            weighted.clear();
            weighted.extend(edges.iter().map(|&(u, v, k)| (u, v, PATTERNS[p](u, v, k))));
            check(n, &weighted);
        }
    })
}

#[test]
fn every_graph_on_at_most_5_vertices_all_patterns() {
    let total: usize = (0..=5).map(|n| every_graph(n, &[0, 1, 2, 3])).sum();
    assert_eq!(total, 1 + 1 + 2 + 8 + 64 + 1024);
}

#[test]
fn every_graph_on_6_vertices() {
    assert_eq!(every_graph(6, &[1, 2]), 1 << 15);
}

// The 2^21 graphs on 7 vertices in two halves of the patterns, so that
// the test runner spreads them over two threads.
#[test]
#[ignore = "2^21 graphs, two patterns: run in release"]
fn every_graph_on_6_and_7_vertices_tied_and_small_weights() {
    assert_eq!(every_graph(6, &[0, 3]), 1 << 15);
    assert_eq!(every_graph(7, &[0, 1]), 1 << 21);
}

#[test]
#[ignore = "2^21 graphs, two patterns: run in release"]
fn every_graph_on_7_vertices_negative_and_distinct_weights() {
    assert_eq!(every_graph(7, &[2, 3]), 1 << 21);
}

/// A random graph: `n` vertices, the given density, weights from a random
/// range (ties, zeros and negatives all likely), sometimes a repeated edge.
fn random_graph(rng: &mut Rng, n: usize) -> Vec<(usize, usize, i64)> {
    let density = rng.below(80) + 10;
    let span = [2, 5, 20, 1000][rng.below(4)];
    let low = if rng.chance(40) {
        -(span as i64) / 2
    } else {
        0
    };
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.chance(density) {
                let w = low + rng.below(span) as i64;
                edges.push(if rng.chance(50) { (u, v, w) } else { (v, u, w) });
            }
        }
    }
    if rng.chance(20) && !edges.is_empty() {
        let e = edges[rng.below(edges.len())];
        edges.push((e.1, e.0, e.2 + rng.below(5) as i64 - 2));
    }
    if rng.chance(10) && n > 0 {
        let v = rng.below(n);
        edges.push((v, v, 100)); // a self-loop: ignored
    }
    rng.shuffle(&mut edges);
    edges
}

#[test]
fn random_graphs_up_to_12_vertices() {
    let mut rng = Rng::new(18);
    for _ in 0..3000 {
        let n = rng.below(13);
        let edges = random_graph(&mut rng, n);
        check(n, &edges);
    }
}

/// The start's little trees (each would-be root stepping its duals alone
/// before the forest): sparse graphs, where the greedy pass leaves roots
/// whose tight neighbours are all matched, and paths, caterpillars and odd
/// cycles with a tail, where a root's tree must reach several edges deep
/// (or closes an odd cycle and stops) to augment or to reach dual 0; wide
/// weights, many ties. Every answer against brute force and by its
/// certificate, in all three modes.
#[test]
fn the_start_s_little_trees_against_brute_force() {
    let mut rng = Rng::new(181_818);
    for round in 0..4000 {
        let n = rng.below(12) + 2;
        let span = [3, 10, 1000, 1_000_000][rng.below(4)];
        let w = |rng: &mut Rng| 1 + rng.below(span) as i64;
        let mut edges = Vec::new();
        match round % 4 {
            0 => {
                // sparse: about 1.5 to 3 edges a vertex
                for _ in 0..n * (3 + rng.below(4)) / 4 {
                    let (u, v) = (rng.below(n), rng.below(n));
                    edges.push((u, v, w(&mut rng)));
                }
            }
            1 => {
                // a path, its weights rising and falling
                for v in 1..n {
                    edges.push((v - 1, v, w(&mut rng)));
                }
            }
            2 => {
                // a caterpillar: a spine with legs
                let spine = n.div_ceil(2);
                for v in 1..spine {
                    edges.push((v - 1, v, w(&mut rng)));
                }
                for v in spine..n {
                    edges.push((rng.below(spine), v, w(&mut rng)));
                }
            }
            _ => {
                // an odd cycle with a path hanging off it, and a chord
                let c = (3 + 2 * rng.below(3)).min(n - n % 2 + 1).min(n);
                for v in 0..c {
                    edges.push((v, (v + 1) % c, w(&mut rng)));
                }
                for v in c..n {
                    edges.push((v - 1, v, w(&mut rng)));
                }
                if n > 3 {
                    edges.push((rng.below(n), rng.below(n), w(&mut rng)));
                }
            }
        }
        rng.shuffle(&mut edges);
        // relabel, so that the start's vertex order is not the path's
        let mut perm: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut perm);
        let edges: Vec<_> = edges
            .iter()
            .map(|&(u, v, x)| (perm[u], perm[v], x))
            .collect();
        check(n, &edges);
    }
}

/// The benchmark's workload at a size the tests can afford: random sparse
/// graphs of average degree 5 and 10 with weights 1..10^6, where the
/// start's little trees settle nearly every root. The maximum weight is
/// certified by `verify`, and the `f64` engine (the same weights, exact
/// as floats) reaches the same total.
#[test]
fn random_sparse_graphs_after_the_start_s_little_trees() {
    let mut rng = Rng::new(55);
    for (n, degree) in [(2000, 5), (2000, 10), (501, 5), (4000, 3)] {
        let mut edges = Vec::new();
        for _ in 0..n * degree / 2 {
            let (u, v) = (rng.below(n), rng.below(n));
            edges.push((u, v, 1 + rng.below(1_000_000) as i64));
        }
        let g = WeightedGraph::from_edges(n, &edges).unwrap();
        let m = max_weight_matching(&g).unwrap();
        m.verify(&g).unwrap();
        let fe: Vec<(usize, usize, f64)> =
            edges.iter().map(|&(u, v, w)| (u, v, w as f64)).collect();
        let fg = WeightedGraph::from_edges(n, &fe).unwrap();
        let fm = max_weight_matching(&fg).unwrap();
        fm.verify(&fg).unwrap();
        assert_eq!(fm.total(), m.total() as f64, "n = {n}, degree {degree}");
        match min_weight_perfect_matching(&g) {
            Ok(p) => p.verify(&g).unwrap(),
            Err(WeightedError::NoPerfectMatching { .. }) => {}
            Err(e) => panic!("{e}"),
        }
    }
}

/// Odd cycles of odd cycles with heavy chords: blossoms nest and expand.
#[test]
fn random_nested_blossoms_up_to_12_vertices() {
    let mut rng = Rng::new(1818);
    for _ in 0..2000 {
        let n = rng.below(10) + 3;
        let mut perm: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut perm);
        let mut edges = Vec::new();
        for i in 1..n {
            edges.push((perm[i - 1], perm[i], 10 + rng.below(5) as i64));
        }
        for _ in 0..rng.below(2 * n) {
            let a = rng.below(n);
            let b = rng.below(n);
            if a != b && (a + b) % 2 == 0 {
                edges.push((perm[a], perm[b], rng.below(25) as i64));
            }
        }
        check(n, &edges);
    }
}

/// Blossoms nested `k` deep from both ends: `r = 0`; level `i` has
/// `x = 2i − 1` and `y = 2i`, with a cheap edge `x–y` and dear edges from
/// the previous level's `y` (`r` for the first) to both; `s = 2k + 1`
/// hangs off the last `y`. The one perfect matching takes `r–x1`,
/// `y1–x2`, …, `yk–s`: the cheap edges a start matches must all be given
/// up, through `k` nested odd cycles. Vertex ids shuffled.
fn onion(k: usize, seed: u64) -> (usize, Vec<(usize, usize, i64)>) {
    let n = 2 * k + 2;
    let mut edges = Vec::with_capacity(3 * k + 1);
    let mut prev = 0;
    for i in 1..=k {
        let (x, y) = (2 * i - 1, 2 * i);
        edges.push((x, y, 1));
        edges.push((prev, x, 100));
        edges.push((prev, y, 100));
        prev = y;
    }
    edges.push((prev, n - 1, 100));
    let mut ids: Vec<usize> = (0..n).collect();
    Rng::new(seed).shuffle(&mut ids);
    for e in &mut edges {
        *e = (ids[e.0], ids[e.1], e.2);
    }
    (n, edges)
}

/// The deepest nesting of a solution's blossom family.
fn depth(m: &WeightedMatching<i64>) -> usize {
    let d = m.duals();
    let mut depth = vec![0usize; d.blossom_count()];
    for b in 0..d.blossom_count() {
        // Parents come first.
        depth[b] = d.blossom_parent(b).map_or(1, |p| depth[p] + 1);
    }
    depth.into_iter().max().unwrap_or(0)
}

fn onion_on_a_small_stack(k: usize) {
    let (n, edges) = onion(k, k as u64);
    let g = WeightedGraph::from_edges(n, &edges).unwrap();
    let p = crate::common::on_small_stack(move || {
        let p = min_weight_perfect_matching(&g).unwrap();
        p.verify(&g).unwrap();
        let c = MaxWeightMatching::new(&g)
            .max_cardinality()
            .solve()
            .unwrap();
        c.verify(&g).unwrap();
        assert_eq!((c.len(), c.total()), (k + 1, 100 * (k as i64 + 1)));
        p
    });
    assert_eq!(p.total(), 100 * (k as i64 + 1));
    assert!(p.len() == k + 1);
}

/// Heavy odd rings inside heavy odd rings, light spokes between them, and
/// a path hanging off: maximum weight shrinks and expands nested blossoms.
fn rings(levels: usize, tail: usize, seed: u64) -> (usize, Vec<(usize, usize, i64)>) {
    let mut rng = Rng::new(seed);
    let mut edges = Vec::new();
    let mut rings: Vec<Vec<usize>> = Vec::new();
    let mut used = 0;
    for i in 0..levels {
        let size = 2 * i + 3;
        let ring: Vec<usize> = (used..used + size).collect();
        used += size;
        for j in 0..size {
            edges.push((
                ring[j],
                ring[(j + 1) % size],
                1000 + 10 * i as i64 + rng.below(3) as i64,
            ));
        }
        if let Some(prev) = rings.last() {
            for j in (0..size).step_by(2) {
                edges.push((ring[j], prev[j % prev.len()], 1 + rng.below(49) as i64));
            }
        }
        rings.push(ring);
    }
    let mut last = rings.last().map_or(0, |r| r[0]);
    for x in used..used + tail {
        edges.push((last, x, 500 + rng.below(1000) as i64));
        last = x;
    }
    let n = used + tail;
    let mut ids: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut ids);
    for e in &mut edges {
        *e = (ids[e.0], ids[e.1], e.2);
    }
    (n, edges)
}

fn large_families(onion_levels: usize, ring_levels: usize, random_n: usize) {
    onion_on_a_small_stack(onion_levels);
    let (n, edges) = rings(ring_levels, ring_levels, 7);
    let g = WeightedGraph::from_edges(n, &edges).unwrap();
    crate::common::on_small_stack(move || {
        for m in [
            max_weight_matching(&g).unwrap(),
            MaxWeightMatching::new(&g)
                .max_cardinality()
                .solve()
                .unwrap(),
        ] {
            m.verify(&g).unwrap();
        }
    });
    let mut rng = Rng::new(random_n as u64);
    for degree in [3, 10] {
        let mut edges = Vec::new();
        for _ in 0..random_n * degree / 2 {
            let (u, v) = (rng.below(random_n), rng.below(random_n));
            edges.push((u, v, 1 + rng.below(1_000_000) as i64));
        }
        let g = WeightedGraph::from_edges(random_n, &edges).unwrap();
        crate::common::on_small_stack(move || {
            max_weight_matching(&g).unwrap().verify(&g).unwrap();
            MaxWeightMatching::new(&g)
                .max_cardinality()
                .solve()
                .unwrap()
                .verify(&g)
                .unwrap();
            match min_weight_perfect_matching(&g) {
                Ok(p) => p.verify(&g).unwrap(),
                Err(WeightedError::NoPerfectMatching { .. }) => {}
                Err(e) => panic!("{e}"),
            }
        });
    }
}

#[test]
fn deep_nests_and_random_graphs_of_thousands_of_vertices() {
    large_families(2000, 40, 3000);
}

#[test]
#[ignore = "10^5 to 10^6 vertices: run in release"]
fn deep_nests_and_random_graphs_of_up_to_a_million_vertices() {
    large_families(500_000, 300, 100_000);
}

#[test]
fn the_onion_nests_deep() {
    // The maximum-cardinality run from the uniform start keeps the nest in
    // its final duals: the certificate is as deep as the family.
    let (n, edges) = onion(50, 3);
    let g = WeightedGraph::from_edges(n, &edges).unwrap();
    let c = MaxWeightMatching::new(&g)
        .max_cardinality()
        .solve()
        .unwrap();
    c.verify(&g).unwrap();
    let p = min_weight_perfect_matching(&g).unwrap();
    p.verify(&g).unwrap();
    assert!(
        depth(&c).max(depth(&p)) >= 1,
        "depth {} {}",
        depth(&c),
        depth(&p)
    );
}

#[test]
fn bad_weights_and_overflow_are_errors() {
    let e = WeightedGraph::from_edges(3, [(0, 1, 1.0), (1, 2, f64::NAN)]).unwrap_err();
    assert!(
        matches!(
            e,
            WeightedError::BadWeight {
                position: 1,
                u: 1,
                v: 2,
                ..
            }
        ),
        "{e}"
    );
    let e = WeightedGraph::from_edges(2, [(0, 1, f64::INFINITY)]).unwrap_err();
    assert!(e.to_string().contains("infinite"), "{e}");
    let e = WeightedGraph::from_edges(2, [(0, 2, 1i64)]).unwrap_err();
    assert_eq!(e.to_string(), "edge 0: vertex 2 is out of range 0..2");
    let e = WeightedGraph::from_edges(2, [(0, -1, 1i64)]).unwrap_err();
    assert!(matches!(e, WeightedError::Graph(_)), "{e}");
    // Past the limit: refused up front, in every mode.
    let limit = bimatch::general::INTEGER_WEIGHT_LIMIT;
    let n = 6usize;
    let over = (limit / (n as u128 + 2) + 1) as i64;
    let g = WeightedGraph::from_edges(n, [(0, 1, over), (2, 3, 1), (4, 5, -over)]).unwrap();
    for r in [
        max_weight_matching(&g).map(|_| ()),
        MaxWeightMatching::new(&g)
            .max_cardinality()
            .solve()
            .map(|_| ()),
        min_weight_perfect_matching(&g).map(|_| ()),
    ] {
        assert!(matches!(r, Err(WeightedError::Overflow { .. })), "{r:?}");
    }
    let g = WeightedGraph::from_edges(2, [(0, 1, u64::MAX)]).unwrap();
    assert!(matches!(
        max_weight_matching(&g),
        Err(WeightedError::Overflow { .. })
    ));
    let g = WeightedGraph::from_edges(2, [(0, 1, f64::MAX / 2.0)]).unwrap();
    assert!(matches!(
        max_weight_matching(&g),
        Err(WeightedError::FloatRange { .. })
    ));
}

/// Integer weights right at the limit, of both signs and in ties, solve
/// exactly (brute force in `i64` has room: 6 pairs of them at most).
#[test]
fn weights_at_the_limit_are_exact() {
    let mut rng = Rng::new(57);
    let limit = bimatch::general::INTEGER_WEIGHT_LIMIT;
    for _ in 0..400 {
        let n = rng.below(11) + 2;
        let top = (limit / (n as u128 + 2)) as i64;
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if rng.chance(60) {
                    let w = match rng.below(4) {
                        0 => top,
                        1 => -top,
                        2 => top - rng.below(3) as i64,
                        _ => (rng.next() % (2 * top as u64)) as i64 - top,
                    };
                    edges.push((u, v, w));
                }
            }
        }
        check(n, &edges);
    }
    // 32-bit extremes, and unsigned ones.
    for _ in 0..200 {
        let n = rng.below(9) + 2;
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if rng.chance(60) {
                    let w = [i32::MIN, i32::MAX, 0, -1][rng.below(4)];
                    edges.push((u, v, w));
                }
            }
        }
        let g = WeightedGraph::from_edges(n, &edges).unwrap();
        let wide: Vec<(usize, usize, i64)> =
            edges.iter().map(|&(u, v, w)| (u, v, w as i64)).collect();
        let (best, (k, kw), perf) = brute(n, &wide);
        let m = max_weight_matching(&g).unwrap();
        m.verify(&g).unwrap();
        assert_eq!(m.total(), best);
        let c = MaxWeightMatching::new(&g)
            .max_cardinality()
            .solve()
            .unwrap();
        c.verify(&g).unwrap();
        assert_eq!((c.len(), c.total()), (k, kw));
        if let Some(cost) = perf {
            let p = min_weight_perfect_matching(&g).unwrap();
            p.verify(&g).unwrap();
            assert_eq!(p.total(), cost);
        }
        let unsigned: Vec<(usize, usize, u32)> =
            edges.iter().map(|&(u, v, w)| (u, v, w as u32)).collect();
        let g = WeightedGraph::from_edges(n, &unsigned).unwrap();
        let wide: Vec<(usize, usize, i64)> =
            unsigned.iter().map(|&(u, v, w)| (u, v, w as i64)).collect();
        let m = max_weight_matching(&g).unwrap();
        m.verify(&g).unwrap();
        assert_eq!(m.total(), brute(n, &wide).0);
    }
}

/// Float weights from 10^−20 to 10^20 in magnitude: the answers check
/// within the stated tolerance and reach the brute-force optimum up to
/// rounding.
#[test]
fn floats_spanning_forty_orders_of_magnitude() {
    let mut rng = Rng::new(1e20 as u64);
    for _ in 0..600 {
        let n = rng.below(10) + 2;
        let mut edges: Vec<(usize, usize, f64)> = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if rng.chance(60) {
                    let e = rng.below(41) as i32 - 20;
                    let sign = if rng.chance(30) { -1.0 } else { 1.0 };
                    edges.push((
                        u,
                        v,
                        sign * (1.0 + rng.below(1000) as f64 / 1000.0) * 10f64.powi(e),
                    ));
                }
            }
        }
        let g = WeightedGraph::from_edges(n, &edges).unwrap();
        let scale = edges.iter().map(|e| e.2.abs()).fold(0.0, f64::max);
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * scale * n as f64;
        let (best, card, perf) = brute_f(n, &edges);
        let m = max_weight_matching(&g).unwrap();
        m.verify(&g).unwrap_or_else(|e| panic!("{e}: {edges:?}"));
        assert!(close(m.total(), best), "{} vs {best}: {edges:?}", m.total());
        let c = MaxWeightMatching::new(&g)
            .max_cardinality()
            .solve()
            .unwrap();
        c.verify(&g).unwrap_or_else(|e| panic!("{e}: {edges:?}"));
        assert!(c.len() == card.0 && close(c.total(), card.1), "{edges:?}");
        if let Some(cost) = perf {
            let p = min_weight_perfect_matching(&g).unwrap();
            p.verify(&g).unwrap_or_else(|e| panic!("{e}: {edges:?}"));
            assert!(close(p.total(), cost), "{} vs {cost}: {edges:?}", p.total());
        }
    }
}

/// [`brute`] in floats.
fn brute_f(n: usize, edges: &[(usize, usize, f64)]) -> (f64, (usize, f64), Option<f64>) {
    let mut w = vec![vec![None::<f64>; n]; n];
    for &(u, v, x) in edges {
        w[u][v] = Some(x);
        w[v][u] = Some(x);
    }
    let full = (1usize << n) - 1;
    let mut best = vec![0.0f64; full + 1];
    let mut card = vec![(0usize, 0.0f64); full + 1];
    let mut perf = vec![None::<f64>; full + 1];
    perf[0] = Some(0.0);
    for mask in 1..=full {
        let i = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << i);
        let (mut b, mut c, mut p) = (best[rest], card[rest], None::<f64>);
        for (j, &x) in w[i].iter().enumerate().skip(i + 1) {
            if rest >> j & 1 == 0 {
                continue;
            }
            let Some(x) = x else { continue };
            let sub = rest & !(1 << j);
            b = b.max(x + best[sub]);
            let cand = (card[sub].0 + 1, card[sub].1 + x);
            if cand.0 > c.0 || (cand.0 == c.0 && cand.1 > c.1) {
                c = cand;
            }
            if let Some(q) = perf[sub] {
                p = Some(p.map_or(x + q, |p: f64| p.min(x + q)));
            }
        }
        best[mask] = b;
        card[mask] = c;
        perf[mask] = p;
    }
    (best[full], card[full], perf[full])
}
