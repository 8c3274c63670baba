//! Larger assignment instances: dense and sparse agree, certificates hold,
//! and long augmenting paths run on a small stack.

use crate::common;

use bimatch::assignment::{
    linear_sum_assignment, min_cost_matching, Assignment, CostMatrix, MinCostMatching,
    WeightedBipartite,
};
use common::{on_small_stack, Rng};

/// A staircase: row i has column i at cost 1 and column i + 1 at cost 0,
/// the last row only its own column. Every row's cheapest column is its
/// right neighbour, so the last row's search walks the whole staircase.
fn staircase(n: usize) -> WeightedBipartite<i64> {
    let mut e = Vec::with_capacity(2 * n);
    for i in 0..n {
        e.push((i, i, 1));
        if i + 1 < n {
            e.push((i, i + 1, 0));
        }
    }
    WeightedBipartite::from_edges(n, n, e).unwrap()
}

fn staircase_on_small_stack(n: usize) {
    let s = on_small_stack(move || {
        let g = staircase(n);
        let s = min_cost_matching(&g).unwrap();
        s.verify(&g).unwrap();
        s.total_cost()
    });
    assert_eq!(s, n as i64);
}

#[test]
fn a_long_augmenting_path_on_a_small_stack() {
    staircase_on_small_stack(20_000);
}

#[test]
#[ignore = "large: run in release"]
fn a_path_of_a_million_rows_on_a_small_stack() {
    staircase_on_small_stack(1_000_000);
}

fn random_agreement(rng: &mut Rng, rows: usize, cols: usize, percent: usize) {
    let mut dense = vec![f64::INFINITY; rows * cols];
    let mut edges = Vec::new();
    for i in 0..rows {
        for j in 0..cols {
            if rng.chance(percent) {
                let w = rng.below(1000) as i64;
                dense[i * cols + j] = w as f64;
                edges.push((i, j, w));
            }
        }
    }
    let m = CostMatrix::new(rows, cols, dense).unwrap();
    let g = WeightedBipartite::from_edges(rows, cols, edges).unwrap();
    let s = min_cost_matching(&g).unwrap();
    s.verify(&g).unwrap();
    match linear_sum_assignment(&m) {
        Ok(d) => {
            d.verify(&m).unwrap();
            assert_eq!(d.total_cost(), s.total_cost() as f64);
        }
        Err(_) => assert!(MinCostMatching::new(&g).perfect().solve().is_err()),
    }
    let x = 500.0;
    let p = Assignment::new(&m).unmatched_cost(x).solve().unwrap();
    p.verify(&m).unwrap();
}

#[test]
fn dense_and_sparse_agree_on_medium_instances() {
    let mut rng = Rng::new(21);
    for (rows, cols, percent) in [(40, 40, 100), (30, 50, 20), (50, 30, 10), (60, 60, 5)] {
        random_agreement(&mut rng, rows, cols, percent);
    }
}

#[test]
#[ignore = "large: run in release"]
fn dense_and_sparse_agree_on_large_instances() {
    let mut rng = Rng::new(22);
    for (rows, cols, percent) in [(400, 400, 100), (300, 600, 3), (600, 300, 2), (500, 500, 1)] {
        random_agreement(&mut rng, rows, cols, percent);
    }
    // Machol–Wien costs i·j, and uniform floats.
    let n = 300;
    let mw = CostMatrix::new(
        n,
        n,
        (0..n * n)
            .map(|k| ((k / n + 1) * (k % n + 1)) as i64)
            .collect(),
    )
    .unwrap();
    let s = linear_sum_assignment(&mw).unwrap();
    s.verify(&mw).unwrap();
    let anti: i64 = (1..=n as i64).map(|i| i * (n as i64 + 1 - i)).sum();
    assert_eq!(s.total_cost(), anti);
    let u = CostMatrix::new(
        n,
        2 * n,
        (0..2 * n * n)
            .map(|_| rng.below(1 << 30) as f64 / (1u64 << 30) as f64)
            .collect(),
    )
    .unwrap();
    linear_sum_assignment(&u).unwrap().verify(&u).unwrap();
}
