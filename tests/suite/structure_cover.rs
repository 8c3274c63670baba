//! König covers, maximum independent sets and certificates, checked
//! against brute force on small random graphs.

use crate::common;

use bimatch::{
    certify, maximum_independent_set, minimum_vertex_cover, Bipartite, Certificate, HopcroftKarp,
    Left, Matcher, Matching, MatchingError, Right, Side, VertexCover,
};
use common::*;

fn ascending<T: Ord>(items: &[T]) -> bool {
    items.windows(2).all(|w| w[0] < w[1])
}

#[test]
fn cover_is_minimum_and_independent_set_maximum() {
    let mut rng = Rng::new(1);
    for case in 0..1500 {
        let g = random_graph(&mut rng, 5);
        let min_cover = brute_min_cover(&g);
        let max_independent = brute_max_independent(&g);
        for matcher in MATCHERS {
            let m = matcher.maximum_matching(&g);
            let cover = minimum_vertex_cover(&g, &m).unwrap();
            let ctx = format!("case {case}, {}: {g:?}", matcher.name());
            assert!(ascending(cover.left()) && ascending(cover.right()), "{ctx}");
            for (u, v) in g.edges() {
                assert!(cover.contains_left(u) || cover.contains_right(v), "{ctx}");
            }
            assert_eq!(cover.len(), m.len(), "{ctx}");
            assert_eq!(cover.len(), min_cover, "{ctx}");

            let set = maximum_independent_set(&g, &m).unwrap();
            assert!(ascending(set.left()) && ascending(set.right()), "{ctx}");
            for &u in set.left() {
                for &v in set.right() {
                    assert!(!g.has_edge(u, v), "{ctx}");
                }
            }
            assert_eq!(set.len(), max_independent, "{ctx}");
            // The complement of the cover, side by side.
            for u in g.left_vertices() {
                assert_ne!(set.left().contains(&u), cover.contains_left(u), "{ctx}");
            }
            for v in g.right_vertices() {
                assert_ne!(set.right().contains(&v), cover.contains_right(v), "{ctx}");
            }
        }
    }
}

#[test]
fn certificates_verify_and_catch_non_maximum_matchings() {
    let mut rng = Rng::new(2);
    for _ in 0..1000 {
        let g = random_graph(&mut rng, 6);
        for matcher in MATCHERS {
            let m = matcher.maximum_matching(&g);
            let cert = certify(&g, &m).unwrap();
            cert.verify(&g, &m).unwrap();
            if m.is_empty() {
                continue;
            }
            let smaller = without_first_pair(&g, &m);
            match certify(&g, &smaller) {
                Err(MatchingError::NotMaximum { path, .. }) => {
                    assert_augmenting(&g, &smaller, &path)
                }
                other => panic!("expected NotMaximum, got {other:?}"),
            }
            // The cover of a maximum matching is too large for a smaller one.
            let result = cert.verify(&g, &smaller);
            assert!(
                matches!(&result, Err(MatchingError::CoverNotTight { cover: got_cover, matching: got_matching, .. }) if *got_cover == m.len() && *got_matching == m.len() - 1),
                "{result:?}"
            );
            // A cover missing a vertex misses an edge.
            let cover = cert.cover();
            let fewer = if let Some((_, rest)) = cover.left().split_first() {
                VertexCover::new(rest.iter().copied(), cover.right().iter().copied())
            } else {
                VertexCover::new([], cover.right()[1..].iter().copied())
            };
            assert!(matches!(
                Certificate::new(fewer).verify(&g, &m),
                Err(MatchingError::UncoveredEdge { .. })
            ));
        }
    }
}

#[test]
fn structure_functions_reject_non_maximum_and_foreign_matchings() {
    let g = Bipartite::from_edges(2, 2, [(0, 0), (1, 0), (1, 1)]).unwrap();
    let m = Matching::from_pairs(&g, [(Left::new(1), Right::new(0))]).unwrap();
    let expected = |e: MatchingError| {
        assert!(
            matches!(&e, MatchingError::NotMaximum { path, .. } if *path == [0, 0, 1, 1]),
            "{e:?}"
        );
        e
    };
    expected(minimum_vertex_cover(&g, &m).unwrap_err());
    expected(maximum_independent_set(&g, &m).unwrap_err());
    let err = expected(certify(&g, &m).unwrap_err());
    assert_eq!(
        err.to_string(),
        "the matching is not maximum: an augmenting path of 3 edges runs from free left 0 to free right 1"
    );

    let other = Bipartite::from_edges(3, 2, [(0, 0)]).unwrap();
    let foreign = Matching::empty(&other);
    assert!(matches!(
        minimum_vertex_cover(&g, &foreign),
        Err(MatchingError::SizeMismatch { .. })
    ));
    let cert = certify(&g, &HopcroftKarp.maximum_matching(&g)).unwrap();
    assert!(matches!(
        cert.verify(&g, &foreign),
        Err(MatchingError::SizeMismatch { .. })
    ));
}

#[test]
fn verify_reports_each_failure_with_its_message() {
    let g = Bipartite::from_edges(2, 2, [(0, 0), (0, 1), (1, 0)]).unwrap();
    let m = HopcroftKarp.maximum_matching(&g);
    assert_eq!(m.len(), 2);

    let out_of_range = Certificate::new(VertexCover::new([Left::new(0)], [Right::new(5)]));
    let err = out_of_range.verify(&g, &m).unwrap_err();
    assert!(
        matches!(&err, MatchingError::CoverVertexOutOfRange { side: got_side, vertex: got_vertex, bound: got_bound, .. } if *got_side == Side::Right && *got_vertex == 5 && *got_bound == 2),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "the vertex cover names right vertex 5, but the graph has 2 right vertices"
    );

    let uncovered = Certificate::new(VertexCover::new([Left::new(1)], [Right::new(1)]));
    let err = uncovered.verify(&g, &m).unwrap_err();
    assert!(
        matches!(&err, MatchingError::UncoveredEdge { left: got_left, right: got_right, .. } if *got_left == 0 && *got_right == 0),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "edge (left 0, right 0) has no endpoint in the vertex cover"
    );

    let too_big = Certificate::new(VertexCover::new(
        [Left::new(0), Left::new(1)],
        [Right::new(0)],
    ));
    let err = too_big.verify(&g, &m).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the vertex cover has 3 vertices but the matching 2 pairs; \
         only a cover of the matching's size proves it maximum"
    );

    let good = Certificate::new(VertexCover::new([Left::new(0)], [Right::new(0)]));
    good.verify(&g, &m).unwrap();
}

#[test]
fn cover_on_a_long_path() {
    check_path(10_000);
}

#[test]
#[ignore = "large: run in release mode with --ignored"]
fn cover_on_a_path_of_a_million_vertices() {
    // On a small stack: a recursive search would overflow it.
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| check_path(500_000))
        .unwrap()
        .join()
        .unwrap();
}

fn check_path(half: usize) {
    let g = odd_path(half);
    let m = HopcroftKarp.maximum_matching(&g);
    assert_eq!(m.len(), half);
    let cert = certify(&g, &m).unwrap();
    cert.verify(&g, &m).unwrap();
    // Every left vertex is reachable from the free one: the cover is the
    // right side.
    assert!(cert.cover().left().is_empty());
    assert_eq!(cert.cover().right().len(), half);
    let set = maximum_independent_set(&g, &m).unwrap();
    assert_eq!(set.left().len(), half + 1);
}
