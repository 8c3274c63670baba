//! The structure object against the free functions and against plain
//! reference searches written here, on small random graphs and on graphs
//! large enough for the searches' swept form and the forward–backward step
//! of the block search; every matcher of `MatcherKind::ALL`.

use crate::common;

use std::collections::VecDeque;

use bimatch::{
    certify, dulmage_mendelsohn, maximum_independent_set, minimum_vertex_cover,
    non_essential_vertices, Bipartite, Certificate, DmBlock, DmBlocks, DmDecomposition, DmPart,
    IndependentSet, Left, Matcher, Matching, MatchingError, Members, NonEssential, Right,
    Structure, Vertex, VertexCover,
};
use common::*;

/// Every answer of the object equals the free function's, and the coarse
/// part of every vertex is where the decomposition puts it.
fn check_same_answers(g: &Bipartite, m: &Matching) {
    let s = Structure::new(g, m).unwrap();
    let ne = non_essential_vertices(g, m).unwrap();
    assert_eq!(s.non_essential_vertices(), ne);
    assert_eq!(
        s.minimum_vertex_cover(),
        minimum_vertex_cover(g, m).unwrap()
    );
    assert_eq!(
        s.maximum_independent_set(),
        maximum_independent_set(g, m).unwrap()
    );
    assert_eq!(s.certificate(), certify(g, m).unwrap());
    s.certificate().verify(g, m).unwrap();
    let dm = dulmage_mendelsohn(g, m).unwrap();
    assert_eq!(s.dulmage_mendelsohn(), dm);
    for u in g.left_vertices() {
        assert_eq!(s.is_non_essential_left(u), ne.contains_left(u));
    }
    for v in g.right_vertices() {
        assert_eq!(s.is_non_essential_right(v), ne.contains_right(v));
    }
    // Coarse parts by position in p and q.
    let mut row_part = vec![None; g.left_count()];
    for (k, u) in dm.p().iter().enumerate() {
        row_part[u.index()] = Some(if dm.horizontal_rows().contains(&k) {
            DmPart::Horizontal
        } else if dm.square_rows().contains(&k) {
            DmPart::Square
        } else {
            DmPart::Vertical
        });
    }
    let mut col_part = vec![None; g.right_count()];
    for (k, v) in dm.q().iter().enumerate() {
        col_part[v.index()] = Some(if dm.horizontal_columns().contains(&k) {
            DmPart::Horizontal
        } else if dm.square_columns().contains(&k) {
            DmPart::Square
        } else {
            DmPart::Vertical
        });
    }
    for u in g.left_vertices() {
        assert_eq!(s.left_part(u), row_part[u.index()]);
    }
    for v in g.right_vertices() {
        assert_eq!(s.right_part(v), col_part[v.index()]);
    }
    assert_eq!(s.left_part(Left::new(g.left_count())), None);
    assert_eq!(s.right_part(Right::new(g.right_count())), None);
    assert!(!s.is_non_essential_left(Left::new(g.left_count())));
}

#[test]
fn the_object_answers_as_the_free_functions_do() {
    let mut rng = Rng::new(41);
    for _ in 0..500 {
        let g = random_graph(&mut rng, 7);
        for matcher in MATCHERS {
            check_same_answers(&g, &matcher.maximum_matching(&g));
        }
    }
}

#[test]
fn the_object_refuses_what_the_free_functions_refuse() {
    let mut rng = Rng::new(42);
    for _ in 0..300 {
        let g = random_graph(&mut rng, 6);
        let m = HopcroftKarpLike::matching(&g);
        if m.is_empty() {
            continue;
        }
        let smaller = without_first_pair(&g, &m);
        let expected = non_essential_vertices(&g, &smaller).unwrap_err();
        assert_eq!(Structure::new(&g, &smaller).unwrap_err(), expected);
        match expected {
            MatchingError::NotMaximum { path, .. } => assert_augmenting(&g, &smaller, &path),
            other => panic!("expected NotMaximum, got {other:?}"),
        }
    }
    let g = Bipartite::from_edges(2, 2, [(0, 0)]).unwrap();
    let other = Bipartite::from_edges(3, 2, [(0, 0)]).unwrap();
    let foreign = Matching::empty(&other);
    assert!(matches!(
        Structure::new(&g, &foreign),
        Err(MatchingError::SizeMismatch { .. })
    ));
}

/// The first matcher of the list, for tests that need one matching.
struct HopcroftKarpLike;

impl HopcroftKarpLike {
    fn matching(g: &Bipartite) -> Matching {
        MATCHERS[0].maximum_matching(g)
    }
}

/// Reference: the vertices reached by alternating paths from the free
/// vertices of one side, by a plain breadth-first search over booleans.
fn reference_reach(g: &Bipartite, m: &Matching, from_left: bool) -> (Vec<bool>, Vec<bool>) {
    let (l, r) = (g.left_count(), g.right_count());
    let mut left = vec![false; l];
    let mut right = vec![false; r];
    let mut queue = VecDeque::new();
    if from_left {
        for u in g.left_vertices() {
            if m.left_mate(u).is_none() {
                left[u.index()] = true;
                queue.push_back(u.index());
            }
        }
        while let Some(u) = queue.pop_front() {
            for v in g.left_neighbors(Left::new(u)) {
                if !right[v.index()] {
                    right[v.index()] = true;
                    let w = m.right_mate(v).expect("maximum").index();
                    if !left[w] {
                        left[w] = true;
                        queue.push_back(w);
                    }
                }
            }
        }
    } else {
        for v in g.right_vertices() {
            if m.right_mate(v).is_none() {
                right[v.index()] = true;
                queue.push_back(v.index());
            }
        }
        while let Some(v) = queue.pop_front() {
            for u in g.right_neighbors(Right::new(v)) {
                if !left[u.index()] {
                    left[u.index()] = true;
                    let w = m.left_mate(u).expect("maximum").index();
                    if !right[w] {
                        right[w] = true;
                        queue.push_back(w);
                    }
                }
            }
        }
    }
    (left, right)
}

/// Checks the decomposition of a large graph: the coarse parts against the
/// reference searches, the shape (no entry below the block diagonal), and
/// each square block strongly connected — which with the shape makes the
/// blocks exactly the strongly connected components.
fn check_large(g: &Bipartite, m: &Matching) {
    let s = Structure::new(g, m).unwrap();
    let (zl_left, zl_right) = reference_reach(g, m, true);
    let (zr_left, zr_right) = reference_reach(g, m, false);
    let ne = s.non_essential_vertices();
    for u in g.left_vertices() {
        assert_eq!(ne.contains_left(u), zl_left[u.index()], "{u:?}");
    }
    for v in g.right_vertices() {
        assert_eq!(ne.contains_right(v), zr_right[v.index()], "{v:?}");
    }
    let cover = s.minimum_vertex_cover();
    assert_eq!(cover.len(), m.len());
    Certificate::new(cover).verify(g, m).unwrap();
    let dm = s.dulmage_mendelsohn();
    for k in dm.horizontal_rows() {
        assert!(zr_left[dm.p()[k].index()]);
    }
    for k in dm.vertical_columns() {
        assert!(zl_right[dm.q()[k].index()]);
    }
    for k in dm.square_rows() {
        assert!(!zl_left[dm.p()[k].index()] && !zr_left[dm.p()[k].index()]);
    }
    // Block of every row and column.
    let mut row_block = vec![0; g.left_count()];
    let mut col_block = vec![0; g.right_count()];
    for (k, b) in dm.blocks().enumerate() {
        for i in b.rows.clone() {
            row_block[dm.p()[i].index()] = k;
        }
        for j in b.columns.clone() {
            col_block[dm.q()[j].index()] = k;
        }
    }
    for (u, v) in g.edges() {
        assert!(row_block[u.index()] <= col_block[v.index()], "{u:?} {v:?}");
    }
    for k in dm.square_blocks() {
        assert_strongly_connected(g, m, &dm, k, &col_block);
    }
    assert_eq!(dm, dulmage_mendelsohn(g, m).unwrap());
}

/// Square block `k` is strongly connected: from its first column, every
/// column of the block is reached forward (column, its mate row, the row's
/// columns) and backward (column, its rows, their mate columns) inside it.
fn assert_strongly_connected(
    g: &Bipartite,
    m: &Matching,
    dm: &DmDecomposition,
    k: usize,
    col_block: &[usize],
) {
    let cols = &dm.q()[dm.s()[k]..dm.s()[k + 1]];
    for forward in [true, false] {
        let mut seen = std::collections::HashSet::new();
        let mut queue = vec![cols[0]];
        seen.insert(cols[0]);
        while let Some(v) = queue.pop() {
            let next: Vec<Right> = if forward {
                let row = m.right_mate(v).expect("square columns are matched");
                g.left_neighbors(row).collect()
            } else {
                g.right_neighbors(v)
                    .filter_map(|u| m.left_mate(u))
                    .collect()
            };
            for w in next {
                if col_block[w.index()] == k && seen.insert(w) {
                    queue.push(w);
                }
            }
        }
        assert_eq!(seen.len(), cols.len(), "block {k}, forward {forward}");
    }
}

/// Random sparse graphs of a few thousand to a few tens of thousands of
/// vertices a side: enough free vertices for the swept search, and (with
/// a full diagonal) a square part with one large block and many small ones
/// for the forward–backward step.
fn large_graphs() -> Vec<Bipartite> {
    let mut rng = Rng::new(43);
    let mut graphs = Vec::new();
    for (l, r, degree, diagonal) in [
        (20_000, 20_000, 2, false),
        (30_000, 24_000, 3, false),
        (12_000, 20_000, 2, false),
        (20_000, 20_000, 2, true),
        (8_000, 8_000, 1, true),
        (10_000, 9_000, 3, true),
    ] {
        let mut edges = Vec::new();
        for u in 0..l {
            if diagonal && u < r {
                edges.push((u, u));
            }
            for _ in 0..degree {
                edges.push((u, rng.below(r)));
            }
        }
        graphs.push(Bipartite::from_edges(l, r, edges).unwrap());
    }
    graphs
}

#[test]
fn large_graphs_agree_with_reference_searches_and_have_strong_blocks() {
    for g in large_graphs() {
        for matcher in MATCHERS {
            let m = matcher.maximum_matching(&g);
            check_large(&g, &m);
        }
    }
}

#[test]
fn long_chains_of_blocks_in_the_forward_backward_step() {
    // Bidiagonal with a back edge every 7 columns: blocks of 7 in a chain,
    // numbered so that the column of highest degree sits in the middle.
    let n = 14_000;
    let mut edges: Vec<(usize, usize)> = (0..n).map(|i| (i, i)).collect();
    edges.extend((0..n - 1).map(|i| (i, i + 1)));
    edges.extend((0..n).step_by(7).map(|i| ((i + 6).min(n - 1), i)));
    edges.extend((0..50).map(|k| (k * 3, n / 2)));
    let g = Bipartite::from_edges(n, n, edges).unwrap();
    for matcher in MATCHERS {
        let m = matcher.maximum_matching(&g);
        check_large(&g, &m);
    }
}

#[test]
fn iterators_defaults_and_named_parts() {
    let g = Bipartite::from_edges(
        4,
        3,
        [(0, 0), (0, 1), (1, 1), (1, 2), (2, 1), (2, 2), (3, 2)],
    )
    .unwrap();
    let m = HopcroftKarpLike::matching(&g);
    let s = Structure::new(&g, &m).unwrap();
    let ne = s.non_essential_vertices();
    let listed: Vec<Vertex> = ne
        .left()
        .iter()
        .map(|&u| Vertex::Left(u))
        .chain(ne.right().iter().map(|&v| Vertex::Right(v)))
        .collect();
    let iter: Members<'_> = (&ne).into_iter();
    assert_eq!(iter.len(), ne.len());
    assert_eq!(iter.collect::<Vec<_>>(), listed);
    assert_eq!(ne.iter().rev().collect::<Vec<_>>().len(), listed.len());
    let mut count = 0;
    for vertex in &s.minimum_vertex_cover() {
        assert!(matches!(vertex, Vertex::Left(_) | Vertex::Right(_)));
        count += 1;
    }
    assert_eq!(count, m.len());
    assert_eq!(
        (&s.maximum_independent_set()).into_iter().len(),
        7 - m.len()
    );

    assert!(NonEssential::default().is_empty());
    assert_eq!(NonEssential::default().iter().len(), 0);
    assert!(VertexCover::default().is_empty());
    assert!(IndependentSet::default().is_empty());
    assert!(Certificate::default().cover().is_empty());
    let empty = Bipartite::from_edges(0, 0, []).unwrap();
    let none = Matching::empty(&empty);
    assert_eq!(
        dulmage_mendelsohn(&empty, &none).unwrap(),
        DmDecomposition::default()
    );
    Certificate::default().verify(&empty, &none).unwrap();

    let dm = s.dulmage_mendelsohn();
    let (rr, cc) = (dm.rr(), dm.cc());
    assert_eq!(dm.horizontal_rows(), rr[0]..rr[1]);
    assert_eq!(dm.horizontal_columns(), cc[0]..cc[2]);
    assert_eq!(dm.unmatched_columns(), cc[0]..cc[1]);
    assert_eq!(dm.square_rows(), rr[1]..rr[2]);
    assert_eq!(dm.square_columns(), cc[2]..cc[3]);
    assert_eq!(dm.vertical_rows(), rr[2]..rr[4]);
    assert_eq!(dm.unmatched_rows(), rr[3]..rr[4]);
    assert_eq!(dm.vertical_columns(), cc[3]..cc[4]);
    let blocks: DmBlocks<'_> = dm.blocks();
    assert_eq!(blocks.len(), dm.block_count());
    let blocks: Vec<DmBlock> = blocks.collect();
    for (k, b) in blocks.iter().enumerate() {
        assert_eq!(b.rows, dm.r()[k]..dm.r()[k + 1]);
        assert_eq!(b.columns, dm.s()[k]..dm.s()[k + 1]);
        assert_eq!(Some(b.clone()), dm.block(k));
    }
    assert_eq!(dm.block(dm.block_count()), None);
    assert_eq!(dm.blocks().next_back(), blocks.last().cloned());
}

#[test]
fn new_public_types_are_send_and_sync() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Structure<'static>>();
    send_sync::<DmPart>();
    send_sync::<DmBlock>();
    send_sync::<DmBlocks<'static>>();
    send_sync::<Members<'static>>();
}
