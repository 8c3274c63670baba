//! Builds a small weighted general graph from arbitrary bytes and checks
//! the three weighted problems against brute force (the best matching of
//! every vertex subset by dynamic programming), in `i64` and in `f64`, and
//! every answer's dual certificate; a tampered total is refused.
#![no_main]

use bimatch::general::{
    max_weight_matching, min_weight_perfect_matching, MaxWeightMatching, WeightedError,
    WeightedGraph,
};
use libfuzzer_sys::fuzz_target;

/// (greatest weight, (most pairs, greatest weight), least perfect cost).
fn brute(n: usize, edges: &[(usize, usize, i64)]) -> (i64, (usize, i64), Option<i64>) {
    let mut hi = vec![vec![None::<i64>; n]; n];
    let mut lo = vec![vec![None::<i64>; n]; n];
    for &(u, v, w) in edges {
        if u != v {
            for (a, b) in [(u, v), (v, u)] {
                hi[a][b] = Some(hi[a][b].map_or(w, |x: i64| x.max(w)));
                lo[a][b] = Some(lo[a][b].map_or(w, |x: i64| x.min(w)));
            }
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
        let (mut b, mut c, mut p) = (best[rest], card[rest], None::<i64>);
        for j in i + 1..n {
            if rest >> j & 1 == 0 {
                continue;
            }
            let sub = rest & !(1 << j);
            if let Some(w) = hi[i][j] {
                b = b.max(w + best[sub]);
                c = c.max((card[sub].0 + 1, card[sub].1 + w));
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

fuzz_target!(|data: &[u8]| {
    // Byte 0: the vertex count (0..=12); then one edge per byte triple,
    // the third a signed weight (times 1000 when byte 0 is odd).
    let [n, rest @ ..] = data else { return };
    let scale = if n % 2 == 1 { 1000 } else { 1 };
    let n = usize::from(*n % 13);
    if n == 0 {
        return;
    }
    let edges: Vec<(usize, usize, i64)> = rest
        .chunks_exact(3)
        .map(|c| {
            let w = i64::from(c[2] as i8) * scale;
            (usize::from(c[0]) % n, usize::from(c[1]) % n, w)
        })
        .collect();
    let (best, (k, kw), perf) = brute(n, &edges);
    let g = WeightedGraph::from_edges(n, &edges).expect("a valid graph");
    let m = max_weight_matching(&g).expect("solved");
    assert_eq!(m.total(), best);
    m.verify(&g).expect("certified");
    let c = MaxWeightMatching::new(&g)
        .max_cardinality()
        .solve()
        .expect("solved");
    assert_eq!((c.len(), c.total()), (k, kw));
    c.verify(&g).expect("certified");
    match (min_weight_perfect_matching(&g), perf) {
        (Ok(p), Some(cost)) => {
            assert_eq!(p.total(), cost);
            p.verify(&g).expect("certified");
        }
        (Err(WeightedError::NoPerfectMatching { certificate, .. }), None) => {
            let mm = bimatch::general::maximum_matching(g.graph());
            certificate
                .verify(g.graph(), &mm)
                .expect("the barrier proves it");
        }
        (other, expected) => panic!("{other:?} but brute force says {expected:?}"),
    }
    let fe: Vec<(usize, usize, f64)> = edges.iter().map(|&(u, v, w)| (u, v, w as f64)).collect();
    let fg = WeightedGraph::from_edges(n, &fe).expect("a valid graph");
    let fm = max_weight_matching(&fg).expect("solved");
    assert_eq!(fm.total(), best as f64);
    fm.verify(&fg).expect("certified");
});
