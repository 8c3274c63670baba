//! Errors of the general wing: what and where, and a certificate that
//! trusts nothing — checked against graphs and matchings it was not made
//! for.

use bimatch::general::{gallai_edmonds, maximum_matching, tutte_berge, Error, Graph, Matching};

#[test]
fn graph_errors_name_the_edge() {
    let e = Graph::from_edges(4, [(0, 1), (2, 7)]).unwrap_err();
    assert_eq!(e.to_string(), "edge 1: vertex 7 is out of range 0..4");
    let e = Graph::from_edges(4, [(0, 1), (3, 3), (-1, 2)]).unwrap_err();
    assert_eq!(e.to_string(), "edge 2: vertex -1 is negative");
    assert!(matches!(
        Graph::from_edges(usize::MAX, [(0usize, 1usize); 0]),
        Err(Error::TooManyVertices { .. })
    ));
}

#[test]
fn matching_errors() {
    let g = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
    let e = Matching::from_pairs(&g, [(0, 2)]).unwrap_err();
    assert_eq!(e.to_string(), "the pair (0, 2) is not an edge of the graph");
    let e = Matching::from_pairs(&g, [(0, 1), (2, 1)]).unwrap_err();
    assert_eq!(e.to_string(), "pair 1: vertex 1 is already matched");
    let e = Matching::from_pairs(&g, [(0, 1), (3, 4)]).unwrap_err();
    assert_eq!(e.to_string(), "edge 1: vertex 4 is out of range 0..4");

    // a matching of another graph
    let small = Graph::from_edges(2, [(0, 1)]).unwrap();
    let m = maximum_matching(&small);
    let e = m.check(&g).unwrap_err();
    assert_eq!(e.to_string(), "made for 2 vertices, but the graph has 4");
    assert!(gallai_edmonds(&g, &m).is_err());
    let other = Graph::from_edges(4, [(0, 3), (1, 2)]).unwrap();
    let m = Matching::from_pairs(&other, [(0, 3)]).unwrap();
    assert!(matches!(
        m.check(&g),
        Err(Error::NotAnEdge { u: 0, v: 3, .. })
    ));
}

#[test]
fn a_certificate_is_checked_against_the_graph_it_is_shown() {
    // the path 0-1-2: barrier {1}, odd components {0} and {2}
    let path = Graph::from_edges(3, [(0, 1), (1, 2)]).unwrap();
    let proof = tutte_berge(&path, &maximum_matching(&path)).unwrap();
    assert_eq!(proof.barrier(), [1]);
    assert_eq!(proof.odd_components().collect::<Vec<_>>(), [[0], [2]]);

    // shown a triangle: G − {1} is the edge 0-2, with no odd component,
    // so the barrier proves nothing about a matching of size 1
    let triangle = Graph::from_edges(3, [(0, 1), (1, 2), (2, 0)]).unwrap();
    let m = Matching::from_pairs(&triangle, [(0, 1)]).unwrap();
    match proof.verify(&triangle, &m) {
        Err(Error::NotCertified { reason, .. }) => {
            assert!(reason.contains("odd"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    // its own certificate does prove it
    tutte_berge(&triangle, &m)
        .unwrap()
        .verify(&triangle, &m)
        .unwrap();

    // shown a graph of another size
    let four = Graph::from_edges(4, [(0, 1), (2, 3)]).unwrap();
    let m4 = maximum_matching(&four);
    assert!(matches!(
        proof.verify(&four, &m4),
        Err(Error::SizeMismatch {
            expected: 4,
            found: 3,
            ..
        })
    ));

    // the same graph with the certificate of a larger graph's part: the
    // two triangles 0-1-2 and 3-4-5 joined by the edge 2-3 have a perfect
    // matching; the certificate of two separate triangles does not fit
    let apart = Graph::from_edges(6, [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]).unwrap();
    let apart_proof = tutte_berge(&apart, &maximum_matching(&apart)).unwrap();
    assert!(apart_proof.barrier().is_empty());
    let joined =
        Graph::from_edges(6, [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3), (2, 3)]).unwrap();
    let perfect = maximum_matching(&joined);
    assert!(perfect.is_perfect());
    assert!(apart_proof.verify(&joined, &perfect).is_err());
    tutte_berge(&joined, &perfect)
        .unwrap()
        .verify(&joined, &perfect)
        .unwrap();
}

#[test]
fn not_maximum_carries_a_path_and_says_so() {
    let g = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
    let m = Matching::from_pairs(&g, [(1, 2)]).unwrap();
    let e = gallai_edmonds(&g, &m).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the matching is not maximum: augmenting path of 4 vertices"
    );
    let Error::NotMaximum { path, .. } = e else {
        panic!("{e:?}")
    };
    assert!(path == [0, 1, 2, 3] || path == [3, 2, 1, 0], "{path:?}");
}
