//! One table of named cases, run over every matcher by one generic function.

use crate::common;

use bimatch::{non_essential_vertices, Bipartite, Matcher};
use common::{assert_konig_certified, brute_force_size, MATCHERS};

struct Case {
    name: &'static str,
    left: usize,
    right: usize,
    edges: Vec<(usize, usize)>,
    /// The maximum matching size, known by construction.
    size: usize,
}

fn case(
    name: &'static str,
    left: usize,
    right: usize,
    edges: Vec<(usize, usize)>,
    size: usize,
) -> Case {
    Case {
        name,
        left,
        right,
        edges,
        size,
    }
}

fn cases() -> Vec<Case> {
    let complete = |a: usize, b: usize| {
        (0..a)
            .flat_map(|u| (0..b).map(move |v| (u, v)))
            .collect::<Vec<_>>()
    };
    // Ladder: two rails joined by rungs, coloured into sides.
    let ladder = common::ladder_edges(6);
    // Two disjoint copies of a star with 4 leaves and a K(2,3).
    let mut union = vec![(0, 0), (0, 1), (0, 2), (0, 3)];
    union.extend(complete(2, 3).into_iter().map(|(u, v)| (u + 1, v + 4)));
    vec![
        case("empty graph", 0, 0, vec![], 0),
        case("left side empty", 0, 5, vec![], 0),
        case("right side empty", 4, 0, vec![], 0),
        case("no edges", 3, 3, vec![], 0),
        case("single edge", 1, 1, vec![(0, 0)], 1),
        case("isolated vertices", 5, 5, vec![(1, 3), (3, 1)], 2),
        case(
            "duplicate edges",
            2,
            2,
            vec![(0, 0), (0, 0), (1, 0), (0, 0), (1, 0)],
            1,
        ),
        case(
            "star from the left",
            1,
            6,
            (0..6).map(|v| (0, v)).collect(),
            1,
        ),
        case(
            "star from the right",
            6,
            1,
            (0..6).map(|u| (u, 0)).collect(),
            1,
        ),
        case(
            "path, even",
            4,
            4,
            vec![(0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (3, 2), (3, 3)],
            4,
        ),
        case(
            "path, odd",
            4,
            3,
            vec![(0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (3, 2)],
            3,
        ),
        case(
            "adversarial path",
            5,
            5,
            (0..5)
                .flat_map(|i| [(4 - i, i), (4 - i, i.max(1) - 1)])
                .collect(),
            5,
        ),
        case("ladder", 6, 6, ladder, 6),
        case("complete K(3,3)", 3, 3, complete(3, 3), 3),
        case("complete K(2,5)", 2, 5, complete(2, 5), 2),
        case("complete K(7,3)", 7, 3, complete(7, 3), 3),
        case("disconnected union", 3, 7, union, 3),
        case(
            "hall violator",
            3,
            3,
            vec![(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
            2,
        ),
    ]
}

fn check_case(matcher: &dyn Matcher, c: &Case) {
    let g = Bipartite::from_edges(c.left, c.right, c.edges.iter().copied()).unwrap();
    let m = matcher.maximum_matching(&g);
    let who = format!("{} on {}", matcher.name(), c.name);
    assert_eq!(m.len(), c.size, "{who}: size");
    assert_eq!(
        brute_force_size(c.left, c.right, &c.edges),
        c.size,
        "{who}: the table itself"
    );
    assert_konig_certified(&g, &m);
    assert_eq!(
        matcher.maximum_matching(&g.transpose()).len(),
        c.size,
        "{who}: transposed"
    );
    assert_eq!(
        matcher.maximum_matching(&g),
        m,
        "{who}: same matching twice"
    );
    non_essential_vertices(&g, &m).unwrap_or_else(|e| panic!("{who}: {e}"));
}

#[test]
fn every_matcher_passes_the_table() {
    for matcher in MATCHERS {
        for c in cases() {
            check_case(matcher, &c);
        }
    }
}

#[test]
fn matchers_work_behind_references_and_boxes() {
    let g = Bipartite::from_edges(2, 2, [(0, 0), (1, 1)]).unwrap();
    let hk = bimatch::HopcroftKarp;
    let by_ref: &dyn Matcher = &hk;
    assert_eq!((&by_ref).maximum_matching(&g).len(), 2);
    assert_eq!((&by_ref).name(), "hopcroft-karp");
    assert_eq!(bimatch::maximum_matching(&g).len(), 2);

    // Through `impl Matcher for Box<M>`: a generic caller takes the box
    // itself, and the box crosses threads.
    fn grow<M: Matcher>(matcher: M, g: &Bipartite) -> (usize, usize, &'static str) {
        let m = matcher.maximum_matching(g);
        let again = matcher
            .maximum_matching_from(g, bimatch::Matching::empty(g))
            .unwrap();
        (m.len(), again.len(), matcher.name())
    }
    for kind in MATCHERS {
        let boxed: Box<dyn Matcher> = Box::new(*kind);
        let g2 = g.clone();
        let got = std::thread::spawn(move || grow(boxed, &g2)).join().unwrap();
        assert_eq!(got, (2, 2, kind.name()));
    }
}
