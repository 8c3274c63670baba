//! Long alternating paths: no matcher or search may recurse over them.
//! Slow in debug builds, so `.ci/run` runs these in release (`--ignored`).

mod common;

use bimatch::{non_essential_vertices, Bipartite, Left, Right};
use common::{adversarial_path, assert_konig_certified, matchers};

const N: usize = 500_000; // 10^6 vertices
const SMALL_STACK: usize = 256 * 1024;

/// Runs `f` on a thread with a small stack, so recursion would overflow it.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
#[ignore = "large: run in release by .ci/run"]
fn adversarial_path_of_a_million_vertices() {
    on_small_stack(|| {
        let g = adversarial_path(N);
        for matcher in matchers() {
            let m = matcher.maximum_matching(&g);
            assert_eq!(m.len(), N, "{}", matcher.name());
            assert_konig_certified(&g, &m);
            // A path with a perfect matching has exactly one: all essential.
            let ne = non_essential_vertices(&g, &m).unwrap();
            assert!(ne.left().is_empty() && ne.right().is_empty());
        }
    });
}

#[test]
#[ignore = "large: run in release by .ci/run"]
fn odd_path_of_a_million_vertices() {
    on_small_stack(|| {
        // L0 - R0 - L1 - R1 - ... - L(N-1) - R(N-1) - L(N): N + 1 left vertices.
        let edges = (0..N).flat_map(|i| [(i, i), (i + 1, i)]);
        let g = Bipartite::from_edges(N + 1, N, edges).unwrap();
        for matcher in matchers() {
            let m = matcher.maximum_matching(&g);
            assert_eq!(m.len(), N, "{}", matcher.name());
            // Every left vertex of an odd path starting and ending on the
            // left is missed by some maximum matching; every right one is
            // covered by all of them.
            let ne = non_essential_vertices(&g, &m).unwrap();
            assert_eq!(ne.left().len(), N + 1);
            assert!(ne.contains_left(Left::new(N / 2)));
            assert!(ne.right().is_empty() && !ne.contains_right(Right::new(0)));
        }
    });
}

#[test]
fn a_long_path_on_a_small_stack_in_debug_too() {
    on_small_stack(|| {
        let g = adversarial_path(20_000);
        for matcher in matchers() {
            assert_eq!(matcher.maximum_matching(&g).len(), 20_000);
        }
    });
}
