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
    // The same weights as floats.
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
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect();
    let mut count = 0;
    let mut edges = Vec::new();
    for set in 0u32..1 << pairs.len() {
        for &p in patterns {
            edges.clear();
            for (k, &(u, v)) in pairs.iter().enumerate() {
                if set >> k & 1 == 1 {
                    edges.push((u, v, PATTERNS[p](u, v, k)));
                }
            }
            check(n, &edges);
        }
        count += 1;
    }
    count
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

#[test]
#[ignore = "2^21 graphs, four patterns: run in release"]
fn every_graph_on_6_and_7_vertices_all_patterns() {
    assert_eq!(every_graph(6, &[0, 1, 2, 3]), 1 << 15);
    assert_eq!(every_graph(7, &[0, 1, 2, 3]), 1 << 21);
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
