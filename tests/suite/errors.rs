//! Every error the core produces, with its message.

use bimatch::{
    Bipartite, Bipartition, GraphError, Left, Matching, MatchingError, Right, Side, Vertex,
};

#[test]
fn endpoint_out_of_range_names_position_side_value_and_bound() {
    let e = Bipartite::from_edges(2, 3, [(0, 0), (1, 2), (2, 0)]).unwrap_err();
    assert!(
        matches!(&e, GraphError::EndpointOutOfRange { position: got_position, side: got_side, value: got_value, bound: got_bound, .. } if *got_position == 2 && *got_side == Side::Left && *got_value == 2 && *got_bound == 2),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "edge 2: left endpoint 2 is out of range (the graph has 2 left vertices, ids 0..2)"
    );
    let e = Bipartite::from_edges(2, 3, [(1, 3)]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "edge 0: right endpoint 3 is out of range (the graph has 3 right vertices, ids 0..3)"
    );
}

#[test]
fn counts_that_do_not_fit_u32_are_errors() {
    let huge = u32::MAX as usize;
    let e = Bipartite::from_edges(huge, 1, [(0, 0); 0]).unwrap_err();
    assert!(
        matches!(&e, GraphError::TooManyVertices { count: got_count, limit: got_limit, .. } if *got_count == huge && *got_limit == huge - 1),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        format!(
            "{huge} vertices is too many: at most {} are supported",
            huge - 1
        )
    );
    assert!(matches!(
        Bipartite::from_edges(1, usize::MAX, [(0, 0); 0]),
        Err(GraphError::TooManyVertices { .. })
    ));
    assert!(matches!(
        Bipartition::from_undirected(usize::MAX, [(0, 0); 0]),
        Err(GraphError::TooManyVertices { .. })
    ));
}

#[test]
fn undirected_input_errors() {
    let e = Bipartition::from_undirected(3, [(0, 1), (1, 3)]).unwrap_err();
    assert!(
        matches!(&e, GraphError::VertexOutOfRange { position: got_position, value: got_value, bound: got_bound, .. } if *got_position == 1 && *got_value == 3 && *got_bound == 3),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "edge 1: endpoint 3 is out of range (the graph has 3 vertices, ids 0..3)"
    );

    let e = Bipartition::from_undirected(3, [(0, 1), (2, 2)]).unwrap_err();
    assert!(
        matches!(&e, GraphError::SelfLoop { position: got_position, vertex: got_vertex, .. } if *got_position == 1 && *got_vertex == 2),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "edge 1: self-loop at vertex 2, so the graph is not bipartite"
    );

    let e = Bipartition::from_undirected(4, [(0, 1), (1, 2), (2, 0), (2, 3)]).unwrap_err();
    let GraphError::OddCycle { cycle, .. } = &e else {
        panic!("{e}")
    };
    assert_eq!(cycle.len(), 3);
    assert_eq!(
        e.to_string(),
        format!("the graph is not bipartite: odd cycle of length 3 through vertices {cycle:?}")
    );
}

#[test]
fn odd_cycle_witnesses_are_cycles() {
    // Odd cycles of several lengths, hidden in larger graphs with chords.
    for k in [3usize, 5, 7, 21] {
        let n = k + 10;
        let mut edges: Vec<(usize, usize)> = (0..k)
            .map(|i| ((i * 3) % n, ((i + 1) % k * 3) % n))
            .collect();
        edges.extend((k..n).map(|v| (v - 1, v)));
        let Err(GraphError::OddCycle { cycle, .. }) =
            Bipartition::from_undirected(n, edges.iter().copied())
        else {
            panic!("expected an odd cycle for k = {k}");
        };
        assert_eq!(cycle.len() % 2, 1);
        for i in 0..cycle.len() {
            let (a, b) = (cycle[i], cycle[(i + 1) % cycle.len()]);
            assert!(
                edges.contains(&(a, b)) || edges.contains(&(b, a)),
                "{a}-{b} is not an edge"
            );
        }
        let mut distinct = cycle.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), cycle.len());
    }
}

#[test]
fn bipartition_maps_both_ways() {
    // Two components: a 4-cycle 0-1-2-3 and an edge 5-4; vertex 6 isolated.
    let b =
        Bipartition::from_undirected(7, [(0, 1), (1, 2), (2, 3), (3, 0), (5, 4), (1, 0)]).unwrap();
    let g = b.graph();
    assert_eq!((g.left_count(), g.right_count(), g.edge_count()), (4, 3, 5));
    for v in 0..b.vertex_count() {
        match b.vertex(v) {
            Vertex::Left(u) => assert_eq!(b.original_of_left(u), v),
            Vertex::Right(w) => assert_eq!(b.original_of_right(w), v),
        }
    }
    assert_eq!(b.vertex(4).side(), Side::Left);
    assert_eq!(b.vertex(5), Vertex::Right(Right::new(2)));
    for (u, w) in g.edges() {
        let (a, c) = (b.original_of_left(u), b.original_of_right(w));
        assert!(matches!(
            (a.min(c), a.max(c)),
            (0, 1) | (1, 2) | (2, 3) | (0, 3) | (4, 5)
        ));
    }
}

#[test]
fn matching_errors() {
    let g = Bipartite::from_edges(2, 2, [(0, 0), (1, 0), (1, 1)]).unwrap();
    let e = Matching::from_pairs(&g, [(Left::new(0), Right::new(1))]).unwrap_err();
    assert!(
        matches!(&e, MatchingError::NotAnEdge { left: got_left, right: got_right, .. } if *got_left == 0 && *got_right == 1),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "the matching pairs left 0 with right 1, which is not an edge of the graph"
    );

    let e = Matching::from_pairs(
        &g,
        [(Left::new(0), Right::new(0)), (Left::new(1), Right::new(0))],
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "right vertex 0 is in two pairs (pairs 0 and 1)"
    );
    let e = Matching::from_pairs(
        &g,
        [(Left::new(1), Right::new(0)), (Left::new(1), Right::new(1))],
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "left vertex 1 is in two pairs (pairs 0 and 1)"
    );

    let e = Matching::from_pairs(&g, [(Left::new(5), Right::new(0))]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "pair 0: left vertex 5 is out of range (the graph has 2 left vertices, ids 0..2)"
    );

    let other = Bipartite::from_edges(3, 1, [(0, 0); 0]).unwrap();
    let e = Matching::empty(&other).check(&g).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the matching is for a graph with 3 left and 1 right vertices, but this graph has 2 and 2"
    );

    let m = Matching::from_pairs(&g, [(Left::new(1), Right::new(0))]).unwrap();
    let e = bimatch::non_essential_vertices(&g, &m).unwrap_err();
    assert!(
        matches!(&e, MatchingError::NotMaximum { path: got_path, .. } if *got_path == vec![0, 0, 1, 1]),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "the matching is not maximum: an augmenting path of 3 edges runs from free left 0 to free right 1"
    );
    let start = Matching::empty(&other);
    assert!(matches!(
        bimatch::Matcher::maximum_matching_from(&bimatch::Dinic, &g, start),
        Err(MatchingError::SizeMismatch { .. })
    ));
}
