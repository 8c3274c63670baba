//! Warm starts: every matcher grows a valid start matching to a maximum
//! one and never unmatches a vertex the start matched.

use crate::common;

use bimatch::{certify, Bipartite, HopcroftKarp, Left, Matcher, Matching, MatchingError, Right};
use common::*;

/// A random valid matching: edges in random order, each taken with
/// probability 1/2 when both ends are still free.
fn random_start(rng: &mut Rng, g: &Bipartite) -> Matching {
    let mut edges: Vec<(Left, Right)> = g.edges().collect();
    rng.shuffle(&mut edges);
    let mut left_used = vec![false; g.left_count()];
    let mut right_used = vec![false; g.right_count()];
    let mut pairs = Vec::new();
    for (u, v) in edges {
        if !left_used[u.index()] && !right_used[v.index()] && rng.chance_in(1, 2) {
            left_used[u.index()] = true;
            right_used[v.index()] = true;
            pairs.push((u, v));
        }
    }
    Matching::from_pairs(g, pairs).unwrap()
}

/// Graphs where greedy starts go wrong: a ladder of alternating paths plus
/// random chords, so long augmenting paths are needed.
fn planted(rng: &mut Rng, n: usize) -> Bipartite {
    let mut edges: Vec<(usize, usize)> = (0..n).map(|i| (i, i)).collect();
    edges.extend((0..n - 1).map(|i| (i + 1, i)));
    for _ in 0..n / 4 {
        edges.push((rng.below(n), rng.below(n)));
    }
    Bipartite::from_edges(n, n, edges).unwrap()
}

fn check_warm_start(g: &Bipartite, start: &Matching) {
    let best = HopcroftKarp.maximum_matching(g).len();
    for matcher in MATCHERS {
        let m = matcher.maximum_matching_from(g, start.clone()).unwrap();
        let ctx = format!("{}: {g:?}, start {start:?}", matcher.name());
        m.check(g).unwrap();
        assert_eq!(m.len(), best, "{ctx}");
        certify(g, &m).unwrap().verify(g, &m).unwrap();
        for (u, v) in start.pairs() {
            assert!(m.left_mate(u).is_some(), "{ctx}: {u} lost its mate");
            assert!(m.right_mate(v).is_some(), "{ctx}: {v} lost its mate");
        }
    }
}

#[test]
fn grows_random_starts_to_maximum_keeping_matched_vertices() {
    let mut rng = Rng::new(6);
    for _ in 0..1500 {
        let g = random_graph(&mut rng, 8);
        let start = random_start(&mut rng, &g);
        check_warm_start(&g, &start);
    }
    for n in [2, 5, 20, 100, 400] {
        for _ in 0..10 {
            let g = planted(&mut rng, n);
            let start = random_start(&mut rng, &g);
            check_warm_start(&g, &start);
        }
    }
}

#[test]
fn maximum_start_is_returned_unchanged() {
    let mut rng = Rng::new(7);
    for _ in 0..300 {
        let g = random_graph(&mut rng, 8);
        let m = HopcroftKarp.maximum_matching(&g);
        for matcher in MATCHERS {
            assert_eq!(matcher.maximum_matching_from(&g, m.clone()), Ok(m.clone()));
        }
    }
}

#[test]
fn invalid_starts_are_errors() {
    let g = Bipartite::from_edges(2, 2, [(0, 0), (1, 1)]).unwrap();
    let bigger = Bipartite::from_edges(3, 2, [(0, 0)]).unwrap();
    let same_size = Bipartite::from_edges(2, 2, [(0, 1)]).unwrap();
    let foreign = Matching::from_pairs(&same_size, [(Left::new(0), Right::new(1))]).unwrap();
    for matcher in MATCHERS {
        let err = matcher
            .maximum_matching_from(&g, Matching::empty(&bigger))
            .unwrap_err();
        assert!(
            matches!(
                err,
                MatchingError::SizeMismatch {
                    matching_left: 3,
                    matching_right: 2,
                    graph_left: 2,
                    graph_right: 2,
                    ..
                }
            ),
            "{}: {err:?}",
            matcher.name()
        );
        let err = matcher
            .maximum_matching_from(&g, foreign.clone())
            .unwrap_err();
        assert!(
            matches!(
                err,
                MatchingError::NotAnEdge {
                    left: 0,
                    right: 1,
                    ..
                }
            ),
            "{}: {err:?}",
            matcher.name()
        );
        assert_eq!(
            err.to_string(),
            "the matching pairs left 0 with right 1, which is not an edge of the graph"
        );
    }
}

#[test]
fn adding_edges_and_rematching_from_the_old_matching() {
    let mut rng = Rng::new(8);
    for _ in 0..200 {
        let g = random_graph(&mut rng, 8);
        let old = HopcroftKarp.maximum_matching(&g);
        // The same graph plus a few random edges.
        let mut edges: Vec<(usize, usize)> =
            g.edges().map(|(u, v)| (u.index(), v.index())).collect();
        if g.left_count() > 0 && g.right_count() > 0 {
            for _ in 0..3 {
                edges.push((rng.below(g.left_count()), rng.below(g.right_count())));
            }
        }
        let h = Bipartite::from_edges(g.left_count(), g.right_count(), edges).unwrap();
        let start = Matching::from_pairs(&h, old.pairs()).unwrap();
        check_warm_start(&h, &start);
    }
}
