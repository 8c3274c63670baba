//! The maximum-product matching and its scalings, checked independently:
//! the product against brute force, the scaled matrix entry by entry.

use crate::common;

use bimatch::assignment::{max_product_matching, Error, WeightedBipartite};
use common::Rng;

/// The largest cardinality, and the largest sum of log |a| at that
/// cardinality, over all matchings (the entries are `(i, j, a)`).
fn brute(rows: usize, cols: usize, entries: &[(usize, usize, f64)]) -> (usize, f64) {
    let mut a = vec![None; rows * cols];
    for &(i, j, x) in entries {
        if x != 0.0 {
            a[i * cols + j] = Some(f64::ln(x.abs()));
        }
    }
    let mut best = (0usize, 0.0f64);
    // Every partial injection, iteratively: choice[i] in 0..=cols (cols = none).
    let mut choice = vec![0usize; rows];
    loop {
        let mut used = vec![false; cols];
        let (mut pairs, mut sum, mut ok) = (0, 0.0, true);
        for (i, &j) in choice.iter().enumerate() {
            if j < cols {
                match a[i * cols + j] {
                    Some(l) if !used[j] => {
                        used[j] = true;
                        pairs += 1;
                        sum += l;
                    }
                    _ => ok = false,
                }
            }
        }
        if ok && (pairs > best.0 || (pairs == best.0 && sum > best.1)) {
            best = (pairs, sum);
        }
        // Next choice vector.
        let mut k = 0;
        while k < rows && choice[k] == cols {
            choice[k] = 0;
            k += 1;
        }
        if k == rows {
            return best;
        }
        choice[k] += 1;
    }
}

#[test]
fn product_is_maximum_and_scaled_entries_are_at_most_one() {
    let mut rng = Rng::new(11);
    for case in 0..600 {
        let rows = rng.below(6);
        let cols = rng.below(6);
        let mut entries = Vec::new();
        for i in 0..rows {
            for j in 0..cols {
                if rng.chance(45) {
                    let e = rng.below(13) as i32 - 6;
                    let m = (1 + rng.below(9)) as f64 * 10f64.powi(e);
                    let x = if rng.chance(30) {
                        -m
                    } else if rng.chance(5) {
                        0.0
                    } else {
                        m
                    };
                    entries.push((i, j, x));
                }
            }
        }
        let a = WeightedBipartite::from_edges(rows, cols, entries.clone()).unwrap();
        let p = max_product_matching(&a).unwrap();
        let top = entries
            .iter()
            .filter(|e| e.2 != 0.0)
            .fold(f64::NEG_INFINITY, |m, e| m.max(e.2.abs().ln()));
        let logs = WeightedBipartite::from_edges(
            rows,
            cols,
            entries
                .iter()
                .filter(|e| e.2 != 0.0)
                .map(|&(i, j, x)| (i, j, top - x.abs().ln())),
        )
        .unwrap();
        p.log_solution().verify(&logs).unwrap();
        let (pairs, best) = brute(rows, cols, &entries);
        assert_eq!(p.len(), pairs, "case {case}: {entries:?}");
        let lookup = |i: usize, j: usize| entries.iter().find(|e| e.0 == i && e.1 == j).unwrap().2;
        let sum: f64 = p.pairs().map(|(i, j)| lookup(i, j).abs().ln()).sum();
        assert!(
            (sum - best).abs() <= 1e-9 * (1.0 + best.abs()),
            "case {case}: {sum} vs {best} {entries:?} {:?}",
            p.pairs().collect::<Vec<_>>()
        );
        let (r, s) = (p.row_scaling(), p.col_scaling());
        for &(i, j, x) in &entries {
            let scaled = (r[i] * x * s[j]).abs();
            assert!(
                scaled <= 1.0 + 1e-9,
                "case {case}: ({i}, {j}) scales to {scaled} {entries:?} {r:?} {s:?} {:?}",
                p.log_solution()
            );
        }
        for (i, j) in p.pairs() {
            let scaled = (r[i] * lookup(i, j) * s[j]).abs();
            assert!(
                (scaled - 1.0).abs() <= 1e-9,
                "case {case}: matched ({i}, {j}) is {scaled}"
            );
        }
    }
}

#[test]
fn non_finite_entries_are_refused() {
    let a = WeightedBipartite::from_edges(1, 1, [(0, 0, 1.0)]).unwrap();
    assert!(max_product_matching(&a).is_ok());
    // The graph type already refuses infinities; NaN too.
    assert!(matches!(
        WeightedBipartite::from_edges(1, 1, [(0, 0, f64::NAN)]),
        Err(Error::BadCost { .. })
    ));
}
