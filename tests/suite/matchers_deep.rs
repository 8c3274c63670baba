//! Large and deep inputs for every matcher, run in release mode by CI:
//! `cargo test --release -- --ignored`. Each runs on a thread with a small
//! stack, so a recursive search over a long alternating path would crash.

use crate::common;

use bimatch::{non_essential_vertices, Bipartite, HopcroftKarp, KarpSipser, Matcher};
use common::{adversarial_path, on_small_stack, MATCHERS};

/// An n × n board with about `holes_percent`% of cells blocked, seeded;
/// cells with even row + column are left vertices, 4-neighbours are edges.
fn board(n: usize, holes_percent: u64, seed: u64) -> Bipartite {
    let mut state = seed | 1;
    let mut free = vec![false; n * n];
    for cell in free.iter_mut() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        *cell = state % 100 >= holes_percent;
    }
    // Number each colour class in row-major order.
    let mut number = vec![usize::MAX; n * n];
    let (mut l, mut r) = (0, 0);
    for row in 0..n {
        for col in 0..n {
            if free[row * n + col] {
                let side = if (row + col) % 2 == 0 { &mut l } else { &mut r };
                number[row * n + col] = *side;
                *side += 1;
            }
        }
    }
    let mut edges = Vec::new();
    for row in 0..n {
        for col in 0..n {
            if (row + col) % 2 != 0 || !free[row * n + col] {
                continue;
            }
            let mut link = |r2: usize, c2: usize| {
                if free[r2 * n + c2] {
                    edges.push((number[row * n + col], number[r2 * n + c2]));
                }
            };
            if row > 0 {
                link(row - 1, col);
            }
            if row + 1 < n {
                link(row + 1, col);
            }
            if col > 0 {
                link(row, col - 1);
            }
            if col + 1 < n {
                link(row, col + 1);
            }
        }
    }
    Bipartite::from_edges(l, r, edges).unwrap()
}

#[test]
#[ignore = "large: run in release mode with --ignored"]
fn million_vertex_adversarial_path() {
    on_small_stack(|| {
        let g = adversarial_path(500_000);
        assert!(KarpSipser.maximal_matching(&g).is_perfect());
        for m in MATCHERS {
            let matching = m.maximum_matching(&g);
            assert!(matching.is_perfect(), "{}", m.name());
            matching.check(&g).unwrap();
        }
    });
}

#[test]
#[ignore = "large: run in release mode with --ignored"]
fn million_vertex_path_warm_started_from_greedy_mistakes() {
    on_small_stack(|| {
        // Start from the first-fit greedy choice: every left vertex but one
        // holds the wrong neighbour, so one path of 10^6 vertices remains.
        let n = 500_000;
        let g = adversarial_path(n);
        let pairs = (1..n).map(|k| (bimatch::Left::new(n - 1 - k), bimatch::Right::new(k - 1)));
        let start = bimatch::Matching::from_pairs(&g, pairs).unwrap();
        for m in MATCHERS {
            let grown = m.maximum_matching_from(&g, start.clone()).unwrap();
            assert!(grown.is_perfect(), "{}", m.name());
        }
    });
}

#[test]
#[ignore = "large: run in release mode with --ignored"]
fn large_boards_agree_and_are_certified() {
    on_small_stack(|| {
        for (holes, seed) in [(0, 1), (10, 2), (25, 3), (30, 4)] {
            let g = board(700, holes, seed);
            let reference = HopcroftKarp.maximum_matching(&g);
            let expected = non_essential_vertices(&g, &reference).unwrap();
            for m in MATCHERS {
                let matching = m.maximum_matching(&g);
                assert_eq!(matching.len(), reference.len(), "{holes}% / {}", m.name());
                let ne = non_essential_vertices(&g, &matching).unwrap();
                assert_eq!(ne, expected, "{holes}% / {}", m.name());
            }
        }
    });
}

#[test]
#[ignore = "large: run in release mode with --ignored"]
fn shuffled_chains_agree() {
    on_small_stack(|| {
        // Disjoint adversarial paths of 1..=700 left vertices, ids shuffled
        // by a multiplier coprime with the total.
        let mut edges = Vec::new();
        let mut base = 0;
        for len in 1..=700usize {
            for k in 0..len {
                let u = base + len - 1 - k;
                for v in k.saturating_sub(1)..=k {
                    edges.push((u, base + v));
                }
            }
            base += len;
        }
        let n = base;
        let shuffle = |x: usize| (x * 1_000_003) % n;
        assert_ne!(n % 1_000_003, 0);
        let g = Bipartite::from_edges(
            n,
            n,
            edges.into_iter().map(|(u, v)| (shuffle(u), shuffle(v))),
        )
        .unwrap();
        for m in MATCHERS {
            assert!(m.maximum_matching(&g).is_perfect(), "{}", m.name());
        }
    });
}
