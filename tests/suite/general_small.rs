//! General matching against brute force: every graph on at most 6
//! vertices (7 in release, ignored), and random graphs up to 12 vertices.
//!
//! The brute force knows nothing of blossoms: ν of every vertex subset by
//! dynamic programming, so `D` comes from its definition
//! (ν(G − v) = ν(G)).

use crate::common;

use common::{check_general_small, Rng};

/// Every edge set on `n` vertices.
fn every_graph(n: usize) -> usize {
    common::for_every_graph(n, |edges| {
        let edges: Vec<(usize, usize)> = edges.iter().map(|&(u, v, _)| (u, v)).collect();
        check_general_small(n, &edges);
    })
}

#[test]
fn every_graph_on_at_most_6_vertices() {
    let total: usize = (0..=6).map(every_graph).sum();
    assert_eq!(total, 1 + 1 + 2 + 8 + 64 + 1024 + 32768);
}

#[test]
#[ignore = "2^21 graphs: run in release"]
fn every_graph_on_7_vertices() {
    assert_eq!(every_graph(7), 1 << 21);
}

#[test]
fn random_graphs_up_to_12_vertices() {
    let mut rng = Rng::new(9);
    let mut sizes = [0usize; 7];
    for _ in 0..3000 {
        let n = rng.below(13);
        let density = rng.below(70) + 5;
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if rng.chance(density) {
                    edges.push(if rng.chance(50) { (u, v) } else { (v, u) });
                }
            }
        }
        if rng.chance(20) && !edges.is_empty() {
            let e = edges[rng.below(edges.len())];
            edges.push((e.1, e.0)); // a duplicate, reversed
        }
        rng.shuffle(&mut edges);
        sizes[check_general_small(n, &edges)] += 1;
    }
    assert!(sizes.iter().all(|&s| s > 0), "{sizes:?}");
}

/// Blossoms inside blossoms, with vertex ids shuffled: odd cycles of odd
/// cycles, with pendant paths that force the searches through them.
#[test]
fn random_nested_blossoms_up_to_12_vertices() {
    let mut rng = Rng::new(99);
    for _ in 0..2000 {
        let n = rng.below(10) + 3;
        let mut perm: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut perm);
        let mut edges = Vec::new();
        // a spanning path, then chords that close odd cycles
        for i in 1..n {
            edges.push((perm[i - 1], perm[i]));
        }
        for _ in 0..rng.below(5) + 1 {
            let i = rng.below(n);
            let len = 2 * rng.below(3) + 2; // closes a cycle of len + 1 (odd)
            if i + len < n {
                edges.push((perm[i], perm[i + len]));
            }
        }
        check_general_small(n, &edges);
    }
}
