//! Bottleneck assignments against brute force over every matching on every
//! shape up to 6 × 6, dense and sparse, minimising and maximising; the
//! threshold witness and the size witness are checked here, independently
//! of the library's own `verify`.

use crate::common::Rng;

use bimatch::assignment::{bottleneck, Bottleneck, CostMatrix, HallSet, WeightedBipartite};
use bimatch::Side;

/// The maximum matching size, and the least worst key among matchings of
/// that size (`None` without pairs); keys are costs negated when
/// maximising.
fn brute(
    rows: usize,
    cols: usize,
    key: &dyn Fn(usize, usize) -> Option<i64>,
) -> (usize, Option<i64>) {
    let mut best: (usize, Option<i64>) = (0, None);
    let mut used = vec![false; cols];
    #[allow(clippy::too_many_arguments)]
    fn go(
        i: usize,
        rows: usize,
        cols: usize,
        key: &dyn Fn(usize, usize) -> Option<i64>,
        used: &mut Vec<bool>,
        pairs: usize,
        worst: Option<i64>,
        best: &mut (usize, Option<i64>),
    ) {
        if i == rows {
            let better = pairs > best.0
                || (pairs == best.0 && pairs > 0 && (best.1.is_none() || worst < best.1));
            if better {
                *best = (pairs, worst);
            }
            return;
        }
        go(i + 1, rows, cols, key, used, pairs, worst, best);
        for j in 0..cols {
            if !used[j] {
                if let Some(k) = key(i, j) {
                    used[j] = true;
                    let w = Some(worst.map_or(k, |w| w.max(k)));
                    go(i + 1, rows, cols, key, used, pairs + 1, w, best);
                    used[j] = false;
                }
            }
        }
    }
    go(0, rows, cols, key, &mut used, 0, None, &mut best);
    best
}

/// The most pairs a graph (entries `allowed`) allows, by the set `h`.
fn allows(h: &HallSet, rows: usize, cols: usize, allowed: &dyn Fn(usize, usize) -> bool) -> usize {
    let mut n = std::collections::BTreeSet::new();
    for &m in h.members() {
        for x in 0..if h.side() == Side::Left { cols } else { rows } {
            let (i, j) = if h.side() == Side::Left {
                (m, x)
            } else {
                (x, m)
            };
            if allowed(i, j) {
                n.insert(x);
            }
        }
    }
    let count = if h.side() == Side::Left { rows } else { cols };
    (count + n.len()).saturating_sub(h.members().len())
}

#[test]
fn agrees_with_brute_force_dense_and_sparse() {
    let mut rng = Rng::new(0xb077);
    let mut cases = 0;
    for rows in 0..=6 {
        for cols in 0..=6 {
            for rep in 0..6 {
                let hi = [3u64, 10, 1000][rep % 3];
                let density = if rep < 3 { 100 } else { 55 };
                let data: Vec<Option<i64>> = (0..rows * cols)
                    .map(|_| rng.chance(density).then(|| (rng.next() % hi) as i64 - 1))
                    .collect();
                let edges: Vec<(usize, usize, i64)> = (0..rows * cols)
                    .filter_map(|k| data[k].map(|w| (k / cols, k % cols, w)))
                    .collect();
                let g = WeightedBipartite::from_edges(rows, cols, &edges).unwrap();
                for maximize in [false, true] {
                    let sign = if maximize { -1 } else { 1 };
                    let key = |i: usize, j: usize| data[i * cols + j].map(|w| sign * w);
                    let (nu, worst) = brute(rows, cols, &key);
                    let forbid = if maximize {
                        f64::NEG_INFINITY
                    } else {
                        f64::INFINITY
                    };
                    let m = CostMatrix::new(
                        rows,
                        cols,
                        data.iter()
                            .map(|w| w.map_or(forbid, |w| w as f64))
                            .collect(),
                    )
                    .unwrap();
                    let dense = if maximize {
                        Bottleneck::new(&m).maximize().solve()
                    } else {
                        bottleneck(&m)
                    }
                    .unwrap();
                    let sparse = if maximize {
                        Bottleneck::new(&g).maximize().solve()
                    } else {
                        bottleneck(&g)
                    }
                    .unwrap();
                    dense.verify(&m).unwrap();
                    sparse.verify(&g).unwrap();
                    for (len, value, below, size, pairs) in [
                        (
                            dense.len(),
                            dense.value().map(|v| v as i64),
                            dense.threshold_witness().cloned(),
                            dense.size_witness().cloned(),
                            dense.pairs().collect::<Vec<_>>(),
                        ),
                        (
                            sparse.len(),
                            sparse.value(),
                            sparse.threshold_witness().cloned(),
                            sparse.size_witness().cloned(),
                            sparse.pairs().collect::<Vec<_>>(),
                        ),
                    ] {
                        let what = format!("{rows}x{cols} rep {rep} max {maximize}");
                        assert_eq!(len, nu, "{what}");
                        assert_eq!(value.map(|v| sign * v), worst, "{what}");
                        for (i, j) in pairs {
                            assert!(key(i, j).unwrap() <= worst.unwrap(), "{what}");
                        }
                        // The threshold witness: no matching of size nu uses
                        // only keys strictly better than the value.
                        if let Some(w) = worst {
                            let h = below.expect("a threshold witness");
                            let better = |i: usize, j: usize| key(i, j).is_some_and(|k| k < w);
                            assert!(allows(&h, rows, cols, &better) < nu, "{what}: {h:?}");
                        }
                        match size {
                            Some(h) => {
                                let any = |i: usize, j: usize| key(i, j).is_some();
                                assert!(allows(&h, rows, cols, &any) <= nu, "{what}");
                            }
                            None => assert_eq!(nu, rows.min(cols), "{what}"),
                        }
                        cases += 1;
                    }
                }
            }
        }
    }
    assert!(cases > 1000);
}

#[test]
fn floats_ties_and_bad_costs() {
    let m = CostMatrix::from_rows([[0.5, 0.5, 2.0], [0.5, 0.5, 0.5], [3.0, 0.5, 0.5]]).unwrap();
    let b = bottleneck(&m).unwrap();
    assert_eq!(b.value(), Some(0.5));
    b.verify(&m).unwrap();
    let nan = CostMatrix::from_rows([[1.0, f64::NAN]]).unwrap();
    assert!(bottleneck(&nan).is_err());
    let wrong = CostMatrix::from_rows([[1.0, f64::NEG_INFINITY]]).unwrap();
    assert!(bottleneck(&wrong).is_err());
    // A tampered value is refused.
    let c = CostMatrix::from_rows([[1i64, 7, 3], [2, 9, 8], [6, 4, 5]]).unwrap();
    let b = bottleneck(&c).unwrap();
    assert_eq!(b.value(), Some(4));
    let other = CostMatrix::from_rows([[1i64, 7, 3], [2, 9, 8], [6, 5, 5]]).unwrap();
    assert!(b.verify(&other).is_err());
}

#[test]
fn larger_instances_need_several_probes() {
    // Costs that make the row bound far from the answer: a staircase where
    // every row's cheapest column is column 0.
    let n = 300;
    let mut rng = Rng::new(3);
    let mut data = vec![0i64; n * n];
    for i in 0..n {
        for j in 0..n {
            data[i * n + j] = if j == 0 {
                i as i64
            } else {
                1000 + (rng.next() % 100_000) as i64
            };
        }
    }
    let m = CostMatrix::new(n, n, data).unwrap();
    let b = bottleneck(&m).unwrap();
    b.verify(&m).unwrap();
    assert_eq!(b.len(), n);
    let mx = Bottleneck::new(&m).maximize().solve().unwrap();
    mx.verify(&m).unwrap();
    // Sparse and deficient: 3 rows share 2 columns.
    let g = WeightedBipartite::from_edges(
        4,
        4,
        [
            (0, 0, 5i64),
            (1, 0, 1),
            (2, 1, 7),
            (1, 1, 2),
            (3, 3, 9),
            (0, 1, 3),
        ],
    )
    .unwrap();
    let b = bottleneck(&g).unwrap();
    b.verify(&g).unwrap();
    assert_eq!((b.len(), b.value()), (3, Some(9)));
    assert!(b.size_witness().is_some());
}
