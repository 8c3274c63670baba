//! Every matcher against named cases, a brute-force maximum on thousands of
//! seeded random graphs, planted long alternating paths, warm starts, and
//! each other (`non_essential_vertices`). The Karp–Sipser start is checked
//! on its own: valid, maximal, never above the maximum, exact on forests.

use crate::common;

use bimatch::{
    non_essential_vertices, Auto, Bipartite, HopcroftKarp, KarpSipser, Left, Matcher, Matching,
    MatchingError, Right,
};
use common::{
    adversarial_path, assert_maximum, brute_force, random_graph_any_density as random_graph, Rng,
    MATCHERS,
};

/// A ladder: the 2 × n board, its cells numbered by colour in row-major
/// order (the other numbering is `common::ladder`).
fn board_ladder(n: usize) -> Bipartite {
    // Cells (row, col) of a 2 × n board; colour (row + col) % 2.
    let index = |row: usize, col: usize| (row * n + col) / 2;
    let mut edges = Vec::new();
    for row in 0..2 {
        for col in 0..n {
            if (row + col) % 2 != 0 {
                continue;
            }
            if col + 1 < n {
                edges.push((index(row, col), index(row, col + 1)));
            }
            if col > 0 {
                edges.push((index(row, col), index(row, col - 1)));
            }
            edges.push((index(row, col), index(1 - row, col)));
        }
    }
    Bipartite::from_edges(n, n, edges).unwrap()
}

fn named_cases() -> Vec<(&'static str, Bipartite, usize)> {
    let complete = |l: usize, r: usize| {
        let edges = (0..l).flat_map(|u| (0..r).map(move |v| (u, v)));
        Bipartite::from_edges(l, r, edges).unwrap()
    };
    let star = Bipartite::from_edges(1, 6, (0..6).map(|v| (0, v))).unwrap();
    let star_in = Bipartite::from_edges(6, 1, (0..6).map(|u| (u, 0))).unwrap();
    // Path left0 - right0 - left1 - right1 - ... - left4 - right4, plus the
    // union of a K(2,3) and a path, ids interleaved.
    let path = Bipartite::from_edges(
        5,
        5,
        (0..5)
            .flat_map(|k| [(k, k), (k + 1, k)])
            .filter(|&(u, _)| u < 5),
    )
    .unwrap();
    let union = Bipartite::from_edges(
        5,
        6,
        [
            (0, 0),
            (0, 2),
            (0, 4),
            (2, 0),
            (2, 2),
            (2, 4),
            (1, 1),
            (3, 1),
            (3, 3),
            (4, 3),
            (4, 5),
        ],
    )
    .unwrap();
    vec![
        (
            "empty",
            Bipartite::from_edges(0, 0, [(0, 0); 0]).unwrap(),
            0,
        ),
        (
            "no right side",
            Bipartite::from_edges(4, 0, [(0, 0); 0]).unwrap(),
            0,
        ),
        (
            "no left side",
            Bipartite::from_edges(0, 4, [(0, 0); 0]).unwrap(),
            0,
        ),
        (
            "no edges",
            Bipartite::from_edges(3, 5, [(0, 0); 0]).unwrap(),
            0,
        ),
        (
            "isolated vertices",
            Bipartite::from_edges(6, 6, [(2, 3), (4, 1)]).unwrap(),
            2,
        ),
        (
            "duplicate edges",
            Bipartite::from_edges(2, 2, [(0, 1), (0, 1), (1, 1), (0, 1)]).unwrap(),
            1,
        ),
        (
            "one edge",
            Bipartite::from_edges(1, 1, [(0, 0)]).unwrap(),
            1,
        ),
        ("star out", star, 1),
        ("star in", star_in, 1),
        ("path", path, 5),
        ("adversarial path", adversarial_path(9), 9),
        ("ladder", board_ladder(7), 7),
        ("complete 4x4", complete(4, 4), 4),
        ("complete 3x7", complete(3, 7), 3),
        ("complete 8x2", complete(8, 2), 2),
        ("disconnected union", union, 5),
        (
            "even cycle",
            Bipartite::from_edges(4, 4, (0..4).flat_map(|k| [(k, k), (k, (k + 1) % 4)])).unwrap(),
            4,
        ),
        (
            "cycle, path and isolated vertices",
            Bipartite::from_edges(
                6,
                7,
                [
                    (0, 0),
                    (0, 1),
                    (1, 1),
                    (1, 0),
                    (3, 2),
                    (3, 3),
                    (4, 3),
                    (5, 6),
                ],
            )
            .unwrap(),
            5,
        ),
    ]
}

#[test]
fn named_cases_every_matcher() {
    for (name, g, expected) in named_cases() {
        assert_eq!(
            brute_force(&g),
            expected,
            "{name}: the expected size is wrong"
        );
        for m in MATCHERS {
            let what = format!("{name} / {}", m.name());
            let matching = m.maximum_matching(&g);
            assert_eq!(matching.len(), expected, "{what}");
            assert_maximum(&g, &matching, &what);
            assert_eq!(
                m.maximum_matching(&g.transpose()).len(),
                expected,
                "{what} transposed"
            );
        }
    }
}

#[test]
fn random_graphs_match_brute_force() {
    let mut rng = Rng::new(1);
    for case in 0..2000 {
        let g = random_graph(&mut rng, 9);
        let best = brute_force(&g);
        for m in MATCHERS {
            let matching = m.maximum_matching(&g);
            let what = format!("case {case} / {}", m.name());
            assert_eq!(
                matching.len(),
                best,
                "{what}: {:?}",
                g.edges().collect::<Vec<_>>()
            );
            assert_maximum(&g, &matching, &what);
            assert_eq!(
                m.maximum_matching(&g),
                matching,
                "{what}: not deterministic"
            );
        }
    }
}

/// Sparse random graphs with a few hundred vertices, where the starts leave
/// real work; the matchers must agree and be certified maximum.
#[test]
fn sparse_random_graphs_agree() {
    let mut rng = Rng::new(2);
    for case in 0..200 {
        let n = 50 + rng.below(300);
        let m = rng.below(3 * n);
        let edges: Vec<_> = (0..m).map(|_| (rng.below(n), rng.below(n))).collect();
        let g = Bipartite::from_edges(n, n, edges).unwrap();
        let sizes: Vec<usize> = MATCHERS
            .iter()
            .map(|m| {
                let matching = m.maximum_matching(&g);
                assert_maximum(&g, &matching, &format!("case {case} / {}", m.name()));
                matching.len()
            })
            .collect();
        assert!(
            sizes.windows(2).all(|w| w[0] == w[1]),
            "case {case}: sizes {sizes:?}"
        );
    }
}

#[test]
fn non_essential_vertices_agree_across_matchers() {
    let mut rng = Rng::new(3);
    for case in 0..300 {
        let g = random_graph(&mut rng, 10);
        let reference = non_essential_vertices(&g, &HopcroftKarp.maximum_matching(&g)).unwrap();
        for m in MATCHERS {
            let ne = non_essential_vertices(&g, &m.maximum_matching(&g)).unwrap();
            assert_eq!(ne, reference, "case {case} / {}", m.name());
        }
    }
}

#[test]
fn planted_long_alternating_paths() {
    for n in [1, 2, 3, 10, 257, 1000] {
        let g = adversarial_path(n);
        for m in MATCHERS {
            let matching = m.maximum_matching(&g);
            assert!(matching.is_perfect(), "n = {n} / {}", m.name());
            assert_maximum(&g, &matching, m.name());
        }
    }
    // Many planted paths of different lengths side by side, ids shuffled by
    // a fixed multiplier.
    let mut edges = Vec::new();
    let mut base = 0;
    for len in 1..60 {
        for k in 0..len {
            let u = base + (len - 1 - k);
            if k > 0 {
                edges.push((u, base + k - 1));
            }
            edges.push((u, base + k));
        }
        base += len;
    }
    let n = base;
    let shuffle = |x: usize| (x * 7919) % n; // 7919 is prime and does not divide n
    assert_ne!(n % 7919, 0);
    let edges: Vec<_> = edges
        .into_iter()
        .map(|(u, v)| (shuffle(u), shuffle(v)))
        .collect();
    let g = Bipartite::from_edges(n, n, edges).unwrap();
    for m in MATCHERS {
        let matching = m.maximum_matching(&g);
        assert!(matching.is_perfect(), "{}", m.name());
    }
}

#[test]
fn warm_starts_grow_and_keep_matched_vertices() {
    let mut rng = Rng::new(5);
    for case in 0..500 {
        let g = random_graph(&mut rng, 9);
        let best = brute_force(&g);
        // Start from a random part of a maximum matching, or of a greedy one.
        let source = if case % 2 == 0 {
            HopcroftKarp.maximum_matching(&g)
        } else {
            KarpSipser.maximal_matching(&g)
        };
        let pairs: Vec<(Left, Right)> = source.pairs().filter(|_| rng.below(2) == 0).collect();
        let start = Matching::from_pairs(&g, pairs.iter().copied()).unwrap();
        for m in MATCHERS {
            let grown = m.maximum_matching_from(&g, start.clone()).unwrap();
            let what = format!("case {case} / {}", m.name());
            assert_eq!(grown.len(), best, "{what}");
            assert_maximum(&g, &grown, &what);
            for &(u, v) in &pairs {
                assert!(
                    grown.left_mate(u).is_some(),
                    "{what}: left {} unmatched",
                    u.index()
                );
                assert!(
                    grown.right_mate(v).is_some(),
                    "{what}: right {} unmatched",
                    v.index()
                );
            }
        }
    }
}

#[test]
fn warm_start_from_a_foreign_matching_is_an_error() {
    let g = Bipartite::from_edges(2, 2, [(0, 0), (1, 1)]).unwrap();
    let other = Bipartite::from_edges(3, 2, [(0, 0), (2, 1)]).unwrap();
    let foreign = HopcroftKarp.maximum_matching(&other);
    let not_an_edge = Bipartite::from_edges(2, 2, [(0, 1), (1, 0)]).unwrap();
    let wrong_pairs = HopcroftKarp.maximum_matching(&not_an_edge);
    for m in MATCHERS {
        assert!(
            matches!(
                m.maximum_matching_from(&g, foreign.clone()),
                Err(MatchingError::SizeMismatch { .. })
            ),
            "{}",
            m.name()
        );
        assert!(
            matches!(
                m.maximum_matching_from(&g, wrong_pairs.clone()),
                Err(MatchingError::NotAnEdge { .. })
            ),
            "{}",
            m.name()
        );
    }
}

/// Unions of paths and cycles: the default takes its own route on them.
#[test]
fn paths_and_cycles_match_brute_force() {
    let mut rng = Rng::new(9);
    for case in 0..1500 {
        let (l, r) = (rng.below(10), rng.below(10));
        let (mut left_degree, mut right_degree) = (vec![0; l], vec![0; r]);
        let mut edges = Vec::new();
        for _ in 0..rng.below(25) {
            if l == 0 || r == 0 {
                break;
            }
            let (u, v) = (rng.below(l), rng.below(r));
            if left_degree[u] < 2 && right_degree[v] < 2 && !edges.contains(&(u, v)) {
                left_degree[u] += 1;
                right_degree[v] += 1;
                edges.push((u, v));
            }
        }
        let g = Bipartite::from_edges(l, r, edges).unwrap();
        let best = brute_force(&g);
        for m in MATCHERS {
            let matching = m.maximum_matching(&g);
            assert_eq!(matching.len(), best, "case {case} / {}", m.name());
            assert_maximum(&g, &matching, m.name());
        }
    }
}

#[test]
fn default_matcher_is_maximum() {
    let mut rng = Rng::new(6);
    for _ in 0..300 {
        let g = random_graph(&mut rng, 8);
        let m = bimatch::maximum_matching(&g);
        assert_eq!(m.len(), brute_force(&g));
        assert_eq!(m, Auto.maximum_matching(&g));
    }
}

/// No edge joins two free vertices.
fn assert_maximal(g: &Bipartite, m: &Matching, what: &str) {
    for (u, v) in g.edges() {
        assert!(
            m.left_mate(u).is_some() || m.right_mate(v).is_some(),
            "{what}: edge ({}, {}) could be added",
            u.index(),
            v.index()
        );
    }
}

#[test]
fn karp_sipser_is_maximal_and_bounded() {
    let mut rng = Rng::new(7);
    for case in 0..2000 {
        let g = random_graph(&mut rng, 9);
        let m = KarpSipser.maximal_matching(&g);
        let what = format!("case {case}");
        m.check(&g).unwrap();
        assert_maximal(&g, &m, &what);
        let best = brute_force(&g);
        assert!(
            m.len() <= best && 2 * m.len() >= best,
            "{what}: {} vs {best}",
            m.len()
        );
    }
    for (name, g, expected) in named_cases() {
        let m = KarpSipser.maximal_matching(&g);
        m.check(&g).unwrap();
        assert_maximal(&g, &m, name);
        assert!(m.len() <= expected, "{name}");
    }
}

/// On a forest the degree-1 rule always applies, so Karp–Sipser is exact.
#[test]
fn karp_sipser_is_maximum_on_forests() {
    let mut rng = Rng::new(8);
    for case in 0..1000 {
        // Grow trees: each new vertex hangs from a random earlier vertex of
        // the other side; sometimes a new tree starts.
        let mut sides: Vec<(bool, usize)> = Vec::new(); // (is_left, index)
        let (mut l, mut r) = (0, 0);
        let mut edges = Vec::new();
        for _ in 0..rng.below(40) {
            let attach =
                (!sides.is_empty() && rng.below(8) != 0).then(|| sides[rng.below(sides.len())]);
            let is_left = match attach {
                Some((parent_left, _)) => !parent_left,
                None => rng.below(2) == 0,
            };
            let me = if is_left { l } else { r };
            if is_left {
                l += 1
            } else {
                r += 1
            }
            if let Some((_, p)) = attach {
                edges.push(if is_left { (me, p) } else { (p, me) });
            }
            sides.push((is_left, me));
        }
        let g = Bipartite::from_edges(l, r, edges).unwrap();
        let m = KarpSipser.maximal_matching(&g);
        assert_maximum(&g, &m, &format!("forest {case}"));
        if r <= 12 {
            assert_eq!(m.len(), brute_force(&g), "forest {case}");
        }
    }
    let path = adversarial_path(500);
    assert!(KarpSipser.maximal_matching(&path).is_perfect());
}

#[test]
fn names_are_distinct() {
    let mut names: Vec<&str> = MATCHERS.iter().map(|m| m.name()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), MATCHERS.len());
}
