//! On bipartite graphs, the blossom engine with the bipartite shortcut off
//! agrees with every bipartite matcher in size, and its `D` is the set of
//! non-essential vertices.

use crate::common;

use bimatch::general::{gallai_edmonds, maximum_matching_by_searches, Engine, Graph};
use bimatch::Matcher;
use bimatch::{non_essential_vertices, Bipartite};
use common::{adversarial_path, ladder, on_small_stack, random_graph, random_small, Rng, MATCHERS};

/// Named bipartite cases: (name, graph).
fn named_cases() -> Vec<(&'static str, Bipartite)> {
    let b = |l, r, edges: &[(usize, usize)]| {
        Bipartite::from_edges(l, r, edges.iter().copied()).unwrap()
    };
    let complete = |l: usize, r: usize| {
        let edges: Vec<_> = (0..l).flat_map(|u| (0..r).map(move |v| (u, v))).collect();
        Bipartite::from_edges(l, r, edges).unwrap()
    };
    vec![
        ("empty", b(0, 0, &[])),
        ("no edges", b(3, 4, &[])),
        ("left side empty", b(0, 5, &[])),
        ("right side empty", b(5, 0, &[])),
        ("isolated vertices", b(4, 4, &[(1, 2)])),
        (
            "duplicate edges",
            b(2, 2, &[(0, 0), (0, 0), (1, 0), (1, 0)]),
        ),
        (
            "left star",
            b(1, 5, &[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]),
        ),
        (
            "right star",
            b(5, 1, &[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]),
        ),
        ("path", b(3, 3, &[(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)])),
        (
            "even cycle",
            b(3, 3, &[(0, 0), (0, 1), (1, 1), (1, 2), (2, 2), (2, 0)]),
        ),
        ("ladder", ladder(50)),
        ("complete 4x4", complete(4, 4)),
        ("complete 3x7", complete(3, 7)),
        (
            "disconnected",
            b(4, 4, &[(0, 0), (1, 0), (2, 2), (2, 3), (3, 3)]),
        ),
        ("adversarial path", adversarial_path(200)),
    ]
}

/// Both general engines against every bipartite matcher on `g`.
fn agree(name: &str, g: &Bipartite) {
    let general = Graph::from_bipartite(g).unwrap();
    assert_eq!(general.vertex_count(), g.left_count() + g.right_count());
    assert_eq!(general.edge_count(), g.edge_count());
    let size = MATCHERS[0].maximum_matching(g).len();
    for matcher in MATCHERS {
        assert_eq!(
            matcher.maximum_matching(g).len(),
            size,
            "{name}: {}",
            matcher.name()
        );
    }
    let reference = non_essential_vertices(g, &MATCHERS[0].maximum_matching(g)).unwrap();
    let left = g.left_count();
    let mut expected_d: Vec<usize> = reference.left().iter().map(|u| u.index()).collect();
    expected_d.extend(reference.right().iter().map(|v| left + v.index()));
    for (engine, m) in [
        ("edmonds", Engine::Edmonds.maximum_matching(&general)),
        ("auto", Engine::Auto.maximum_matching(&general)),
        ("searches", maximum_matching_by_searches(&general)),
    ] {
        m.check(&general).unwrap();
        assert_eq!(m.len(), size, "{name}: {engine:?}");
        let ge = gallai_edmonds(&general, &m).unwrap();
        assert_eq!(ge.d(), expected_d, "{name}: {engine:?}");
        ge.certificate().verify(&general, &m).unwrap();
    }
}

#[test]
fn named_cases_agree() {
    for (name, g) in named_cases() {
        agree(name, &g);
    }
}

#[test]
fn random_bipartite_graphs_agree() {
    let mut rng = Rng::new(2024);
    for _ in 0..1500 {
        let (l, r, edges) = random_small(&mut rng, 9);
        agree("random_small", &Bipartite::from_edges(l, r, edges).unwrap());
        agree("random_graph", &random_graph(&mut rng, 8));
    }
}

#[test]
fn sparse_random_bipartite_graphs_agree() {
    let mut rng = Rng::new(7);
    for _ in 0..30 {
        let (l, r) = (rng.below(3000) + 1, rng.below(3000) + 1);
        let edges: Vec<_> = (0..(l + r) * 3 / 2)
            .map(|_| (rng.below(l), rng.below(r)))
            .collect();
        agree("sparse", &Bipartite::from_edges(l, r, edges).unwrap());
    }
}

#[test]
fn a_long_adversarial_path_on_a_small_stack() {
    on_small_stack(|| agree("adversarial path", &adversarial_path(100_000)));
}
