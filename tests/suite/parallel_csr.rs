//! The CSR builder on several threads (`parallel` feature): every graph is
//! byte for byte the one the sequential builder makes, and both equal an
//! independent construction (sort and dedup of the pairs).

#![cfg(feature = "parallel")]

use crate::common::Rng;

use bimatch::parallel::with_threads;
use bimatch::Bipartite;

/// Past the builder's parallel threshold (2^20 items).
const EDGES: usize = (1 << 20) + 12_345;

fn expected(left: usize, pairs: &[(u32, u32)]) -> (Vec<u32>, Vec<u32>) {
    let mut sorted = pairs.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut offsets = vec![0u32; left + 1];
    for &(l, _) in &sorted {
        offsets[l as usize + 1] += 1;
    }
    for i in 0..left {
        offsets[i + 1] += offsets[i];
    }
    (offsets, sorted.into_iter().map(|(_, r)| r).collect())
}

fn check(left: usize, right: usize, pairs: &[(u32, u32)]) {
    let (offsets, targets) = expected(left, pairs);
    let one = with_threads(1, || {
        Bipartite::from_edges(left, right, pairs.iter().copied())
    })
    .unwrap()
    .unwrap();
    assert_eq!(one.left_csr(), (&offsets[..], &targets[..]));
    assert_eq!(one.right_csr(), one.transpose().left_csr());
    for threads in [2, 3, 5] {
        let g = with_threads(threads, || {
            Bipartite::from_edges(left, right, pairs.iter().copied())
        })
        .unwrap()
        .unwrap();
        assert_eq!(g, one, "from_edges, {threads} threads, {left} x {right}");
        assert_eq!(g.left_csr(), one.left_csr());
        assert_eq!(g.right_csr(), one.right_csr());
        // Unsorted rows with repeats, from arrays.
        let mut rows: Vec<Vec<u32>> = vec![Vec::new(); left];
        for &(l, r) in pairs {
            rows[l as usize].push(r);
        }
        let mut csr_offsets = vec![0u32];
        let mut csr_targets = Vec::new();
        for row in rows {
            csr_targets.extend(row);
            csr_offsets.push(csr_targets.len() as u32);
        }
        let h = with_threads(threads, || {
            Bipartite::from_csr(right, &csr_offsets, &csr_targets)
        })
        .unwrap()
        .unwrap();
        assert_eq!(h, one, "from_csr, {threads} threads");
    }
}

#[test]
fn random_graphs_are_the_same_for_every_thread_count() {
    let mut rng = Rng::new(30);
    let (left, right) = (100_003, 77_777);
    let pairs: Vec<(u32, u32)> = (0..EDGES)
        .map(|_| (rng.below(left) as u32, rng.below(right) as u32))
        .collect();
    check(left, right, &pairs);
}

#[test]
fn few_vertices_and_many_repeats_too() {
    // Fewer keys than parts on one side, every pair repeated many times.
    let mut rng = Rng::new(31);
    let pairs: Vec<(u32, u32)> = (0..EDGES)
        .map(|_| (rng.below(3) as u32, rng.below(2) as u32))
        .collect();
    check(3, 2, &pairs);
}

#[test]
fn skewed_degrees_too() {
    // A power-law-like left side: vertex i draws about EDGES / (i + 1) / ln.
    let mut rng = Rng::new(32);
    let (left, right) = (5_000, 400_000);
    let pairs: Vec<(u32, u32)> = (0..EDGES)
        .map(|_| {
            let l = (rng.below(left) * rng.below(left)) / left;
            (l as u32, rng.below(right) as u32)
        })
        .collect();
    check(left, right, &pairs);
}
