//! The conversions, constructors and iterators a user reaches for: CSR in
//! and out, id conversions, named iterators, `Default`, a short `Debug`,
//! and memory that cannot be had reported as an error.

use crate::common;

use bimatch::{Bipartite, GraphError, Left, Matching, Right};
use common::Rng;

#[test]
fn from_csr_equals_from_edges_on_random_graphs() {
    let mut rng = Rng::new(31);
    for _ in 0..300 {
        let (l, r) = (rng.below(9), 1 + rng.below(9));
        let mut lists: Vec<Vec<usize>> = (0..l)
            .map(|_| (0..rng.below(6)).map(|_| rng.below(r)).collect())
            .collect();
        // Unsorted, with repeats: from_csr must sort and merge.
        for list in &mut lists {
            list.reverse();
        }
        let mut offsets = vec![0];
        let mut targets = Vec::new();
        for list in &lists {
            targets.extend_from_slice(list);
            offsets.push(targets.len());
        }
        let edges = lists
            .iter()
            .enumerate()
            .flat_map(|(u, list)| list.iter().map(move |&v| (u, v)));
        let expected = Bipartite::from_edges(l, r, edges).unwrap();
        let got = Bipartite::from_csr(r, &offsets, &targets).unwrap();
        assert_eq!(got, expected);
        // And back out: the arrays read back rebuild the same graph.
        let (off, adj) = got.left_csr();
        let off: Vec<usize> = off.iter().map(|&o| o as usize).collect();
        let adj: Vec<usize> = adj.iter().map(|&v| v as usize).collect();
        assert_eq!(Bipartite::from_csr(r, &off, &adj).unwrap(), got);
        let (roff, radj) = got.right_csr();
        assert_eq!(roff.len(), r + 1);
        assert_eq!(radj.len(), got.edge_count());
    }
}

#[test]
fn from_csr_names_what_is_wrong() {
    let cases: [(&[usize], &[usize], &str); 5] = [
        (&[], &[], "offsets[0]: empty: it needs L + 1 entries"),
        (&[1, 1], &[0], "offsets[0]: 1 instead of 0"),
        (
            &[0, 2, 1],
            &[0, 0],
            "offsets[2]: 1 is less than the 2 before it",
        ),
        (
            &[0, 1],
            &[0, 1],
            "offsets[1]: the last offset is 1, but there are 2 targets",
        ),
        (
            &[0, 2],
            &[1, 3],
            "targets[1]: 3 is not a right vertex (the graph has 2, ids 0..2)",
        ),
    ];
    for (offsets, targets, message) in cases {
        let e = Bipartite::from_csr(2, offsets, targets).unwrap_err();
        assert!(matches!(e, GraphError::BadCsr { .. }), "{e:?}");
        assert_eq!(
            e.to_string(),
            format!("compressed sparse row input, {message}")
        );
    }
    let e = Bipartite::from_csr(u32::MAX as usize, &[0], &[0u32; 0]).unwrap_err();
    assert!(matches!(e, GraphError::TooManyVertices { .. }), "{e:?}");
}

#[test]
fn ids_convert_without_panicking() {
    assert_eq!(Left::try_from(7).unwrap(), Left::new(7));
    assert_eq!(usize::from(Right::new(9)), 9);
    let e = Left::try_from(usize::MAX).unwrap_err();
    assert!(matches!(e, GraphError::TooManyVertices { .. }), "{e:?}");
    assert!(Right::try_from(u32::MAX as usize - 1).is_err());
    assert!(Right::try_from(u32::MAX as usize - 2).is_ok());
}

#[test]
fn iterators_know_their_length() {
    let g = Bipartite::from_edges(3, 4, [(0, 1), (0, 3), (2, 0), (2, 1), (2, 3)]).unwrap();
    let mut edges = g.edges();
    assert_eq!(edges.len(), 5);
    edges.next();
    assert_eq!(edges.len(), 4);
    assert_eq!(
        edges
            .map(|(u, v)| (u.index(), v.index()))
            .collect::<Vec<_>>(),
        [(0, 3), (2, 0), (2, 1), (2, 3)]
    );
    assert_eq!(g.left_neighbors(Left::new(2)).len(), 3);
    assert_eq!(
        g.left_neighbors(Left::new(2)).next_back(),
        Some(Right::new(3))
    );
    assert_eq!(g.right_neighbors(Right::new(2)).len(), 0);
    assert_eq!(g.left_vertices().len(), 3);
    assert_eq!(g.right_vertices().next_back(), Some(Right::new(3)));

    let m = bimatch::maximum_matching(&g);
    let mut pairs = m.pairs();
    assert_eq!(pairs.len(), m.len());
    pairs.next();
    assert_eq!(pairs.len(), m.len() - 1);
    let mut by_ref = Vec::new();
    for (u, v) in &m {
        by_ref.push((u, v));
    }
    assert_eq!(by_ref, m.pairs().collect::<Vec<_>>());
}

#[test]
fn defaults_are_empty() {
    let g = Bipartite::default();
    assert_eq!((g.left_count(), g.right_count(), g.edge_count()), (0, 0, 0));
    assert_eq!(g, Bipartite::from_edges(0, 0, [(0, 0); 0]).unwrap());
    let m = Matching::default();
    assert!(m.is_empty() && m.is_perfect());
    m.check(&g).unwrap();
}

#[test]
fn debug_of_a_large_graph_is_short() {
    let n = 100_000;
    let g = Bipartite::from_edges(n, n, (0..n).map(|i| (i, i))).unwrap();
    let text = format!("{g:?}");
    assert!(text.len() < 400, "{text}");
    assert!(text.contains("edge_count: 100000"), "{text}");
    assert!(text.contains('…'), "{text}");
    let small = Bipartite::from_edges(2, 1, [(1, 0)]).unwrap();
    assert_eq!(
        format!("{small:?}"),
        "Bipartite { left_count: 2, right_count: 1, edge_count: 1, edges: [(1, 0)] }"
    );
}

/// Runs in a child process whose address space is capped at 3 GiB, so the
/// 8 GiB of offsets a graph of 2^31 vertices asks for cannot be had: every
/// constructor must answer with an error, not an abort. The cap keeps the
/// check from touching real memory on any machine.
#[cfg(unix)]
#[test]
fn memory_that_cannot_be_had_is_an_error() {
    if !crate::common::capped::in_capped_child(
        module_path!(),
        "memory_that_cannot_be_had_is_an_error",
    ) {
        return;
    }
    let n = 1usize << 31;
    let errors = [
        Bipartite::from_edges(n, n, [(0, 0)]).unwrap_err(),
        Bipartite::from_edges(u32::MAX as usize - 2, 1, [(0, 0); 0]).unwrap_err(),
        Bipartite::from_csr(n, &[0u32, 1], &[0u32]).unwrap_err(),
        bimatch::Bipartition::from_undirected(n, [(0, 1)]).unwrap_err(),
    ];
    for e in errors {
        assert!(matches!(e, GraphError::OutOfMemory { .. }), "{e:?}");
        assert!(e.to_string().starts_with("cannot reserve "), "{e}");
    }
}
