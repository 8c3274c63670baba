//! Thousands of seeded random small graphs, each answer checked against
//! brute force and a König certificate.

use crate::common;

use bimatch::Matcher;
use bimatch::{non_essential_vertices, Bipartite, Left, Matching, MatchingError, Right};
use common::{assert_konig_certified, brute_force_size, random_small, Rng, MATCHERS};

#[test]
fn matchers_are_maximum_on_random_small_graphs() {
    let mut rng = Rng::new(1);
    for round in 0..3000 {
        let (l, r, edges) = random_small(&mut rng, 8);
        let g = Bipartite::from_edges(l, r, edges.iter().copied()).unwrap();
        let best = brute_force_size(l, r, &edges);
        for &matcher in MATCHERS {
            let m = matcher.maximum_matching(&g);
            assert_eq!(m.len(), best, "round {round}: {} on {g:?}", matcher.name());
            assert_konig_certified(&g, &m);
            assert_eq!(matcher.maximum_matching(&g.transpose()).len(), best);
        }
    }
}

/// ν(G − v) for every vertex v, by brute force.
fn size_without(
    l: usize,
    r: usize,
    edges: &[(usize, usize)],
    left: Option<usize>,
    right: Option<usize>,
) -> usize {
    let kept: Vec<_> = edges
        .iter()
        .copied()
        .filter(|&(u, v)| Some(u) != left && Some(v) != right)
        .collect();
    brute_force_size(l, r, &kept)
}

#[test]
fn non_essential_vertices_match_the_definition() {
    let mut rng = Rng::new(2);
    for round in 0..1500 {
        let (l, r, edges) = random_small(&mut rng, 7);
        let g = Bipartite::from_edges(l, r, edges.iter().copied()).unwrap();
        let best = brute_force_size(l, r, &edges);
        let expected_left: Vec<Left> = (0..l)
            .filter(|&u| size_without(l, r, &edges, Some(u), None) == best)
            .map(Left::new)
            .collect();
        let expected_right: Vec<Right> = (0..r)
            .filter(|&v| size_without(l, r, &edges, None, Some(v)) == best)
            .map(Right::new)
            .collect();
        for &matcher in MATCHERS {
            let m = matcher.maximum_matching(&g);
            let ne = non_essential_vertices(&g, &m).unwrap();
            assert_eq!(
                ne.left(),
                expected_left,
                "round {round}: {}",
                matcher.name()
            );
            assert_eq!(
                ne.right(),
                expected_right,
                "round {round}: {}",
                matcher.name()
            );
            for u in g.left_vertices() {
                assert_eq!(ne.contains_left(u), expected_left.contains(&u));
            }
            for v in g.right_vertices() {
                assert_eq!(ne.contains_right(v), expected_right.contains(&v));
            }
        }
    }
}

#[test]
fn non_maximum_matchings_are_rejected_with_an_augmenting_path() {
    let mut rng = Rng::new(3);
    let mut rejected = 0;
    for _ in 0..1000 {
        let (l, r, edges) = random_small(&mut rng, 7);
        let g = Bipartite::from_edges(l, r, edges.iter().copied()).unwrap();
        let best = brute_force_size(l, r, &edges);
        // A random matching: shuffled edges taken first-fit.
        let mut pool: Vec<_> = g.edges().collect();
        rng.shuffle(&mut pool);
        let (mut used_l, mut used_r) = (vec![false; l], vec![false; r]);
        let mut pairs = Vec::new();
        for (u, v) in pool {
            if !used_l[u.index()] && !used_r[v.index()] && rng.chance(70) {
                used_l[u.index()] = true;
                used_r[v.index()] = true;
                pairs.push((u, v));
            }
        }
        let m = Matching::from_pairs(&g, pairs).unwrap();
        match non_essential_vertices(&g, &m) {
            Ok(_) => assert_eq!(m.len(), best, "accepted a matching that is not maximum"),
            Err(MatchingError::NotMaximum { path, .. }) => {
                assert!(m.len() < best);
                rejected += 1;
                // The witness is an augmenting path: free ends, edges
                // alternating outside and inside the matching.
                assert_eq!(path.len() % 2, 0);
                assert!(m.left_mate(Left::new(path[0])).is_none());
                assert!(m.right_mate(Right::new(path[path.len() - 1])).is_none());
                for (i, pair) in path.windows(2).enumerate() {
                    let (u, v) = if i % 2 == 0 {
                        (pair[0], pair[1])
                    } else {
                        (pair[1], pair[0])
                    };
                    assert!(g.has_edge(Left::new(u), Right::new(v)));
                    let matched = m.left_mate(Left::new(u)) == Some(Right::new(v));
                    assert_eq!(matched, i % 2 == 1);
                }
            }
            Err(e) => panic!("unexpected error {e}"),
        }
    }
    assert!(
        rejected > 100,
        "the generator should produce non-maximum matchings"
    );
}

#[test]
fn matchings_of_another_graph_are_rejected() {
    let g = Bipartite::from_edges(2, 2, [(0, 0), (1, 1)]).unwrap();
    let other = Bipartite::from_edges(2, 2, [(0, 1), (1, 0)]).unwrap();
    let m = bimatch::maximum_matching(&other);
    assert!(matches!(
        non_essential_vertices(&g, &m),
        Err(MatchingError::NotAnEdge {
            left: 0,
            right: 1,
            ..
        })
    ));
    let bigger = Bipartite::from_edges(3, 2, [(0, 1)]).unwrap();
    assert!(matches!(
        non_essential_vertices(&bigger, &m),
        Err(MatchingError::SizeMismatch { .. })
    ));
}

#[test]
fn results_do_not_depend_on_edge_order() {
    let mut rng = Rng::new(4);
    for _ in 0..300 {
        let (l, r, mut edges) = random_small(&mut rng, 10);
        // Shuffled, with some edges repeated: the graph must still be the
        // model's, whatever the order, and so the answers too.
        let repeats: Vec<_> = edges.iter().copied().filter(|_| rng.chance(30)).collect();
        edges.extend(repeats);
        rng.shuffle(&mut edges);
        let shuffled = Bipartite::from_edges(l, r, edges.iter().copied()).unwrap();
        common::assert_graph_is(&shuffled, l, r, &edges);
        let best = brute_force_size(l, r, &edges);
        for matcher in MATCHERS {
            let m = matcher.maximum_matching(&shuffled);
            assert_eq!(m.len(), best, "{}", matcher.name());
            m.check(&shuffled).unwrap();
        }
    }
}

#[test]
fn warm_starts_keep_matched_vertices_matched() {
    let mut rng = Rng::new(5);
    for _ in 0..500 {
        let (l, r, edges) = random_small(&mut rng, 8);
        let g = Bipartite::from_edges(l, r, edges.iter().copied()).unwrap();
        let best = brute_force_size(l, r, &edges);
        let pairs: Vec<_> = g.edges().filter(|_| rng.chance(30)).fold(
            Vec::new(),
            |mut acc: Vec<(Left, Right)>, (u, v)| {
                if acc.iter().all(|&(a, b)| a != u && b != v) {
                    acc.push((u, v));
                }
                acc
            },
        );
        let start = Matching::from_pairs(&g, pairs).unwrap();
        for &matcher in MATCHERS {
            let m = matcher.maximum_matching_from(&g, start.clone()).unwrap();
            assert_eq!(m.len(), best);
            assert_konig_certified(&g, &m);
            for (u, v) in start.pairs() {
                assert!(m.left_mate(u).is_some() && m.right_mate(v).is_some());
            }
        }
    }
}
