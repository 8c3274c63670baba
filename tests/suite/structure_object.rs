//! The structure object against the definitions, decided by brute force on
//! small random graphs (a vertex is non-essential iff some maximum matching
//! misses it, i.e. removing it keeps the maximum matching size; an edge is
//! in some maximum matching iff removing both its ends lowers the size by
//! one), and against plain reference searches written here on graphs large
//! enough for the searches' swept form and the forward–backward step of
//! the block search; every matcher of `MatcherKind::ALL`, and a matcher
//! written here.

use crate::common;

use std::collections::VecDeque;

use bimatch::{
    Bipartite, Certificate, DmBlock, DmBlocks, DmDecomposition, DmPart, IndependentSet, Left,
    Matcher, Matching, MatchingError, Members, NonEssential, Right, Structure, Vertex, VertexCover,
};
use common::*;

/// A maximum matching by plain augmenting paths (one breadth-first search
/// from each left vertex), written here without the crate's matchers.
fn augmenting_path_matching(g: &Bipartite) -> Matching {
    let (l, r) = (g.left_count(), g.right_count());
    let mut mate_left: Vec<Option<usize>> = vec![None; l];
    let mut mate_right: Vec<Option<usize>> = vec![None; r];
    for root in 0..l {
        let mut parent: Vec<Option<usize>> = vec![None; r];
        let mut queue = VecDeque::from([root]);
        let mut free_end = None;
        'search: while let Some(u) = queue.pop_front() {
            for v in g.left_neighbors(Left::new(u)).map(|v| v.index()) {
                if parent[v].is_some() {
                    continue;
                }
                parent[v] = Some(u);
                match mate_right[v] {
                    None => {
                        free_end = Some(v);
                        break 'search;
                    }
                    Some(w) => queue.push_back(w),
                }
            }
        }
        // Flip the path from the free right vertex back to the root.
        let mut v = free_end;
        while let Some(right) = v {
            let u = parent[right].expect("on the search tree");
            let next = mate_left[u];
            mate_left[u] = Some(right);
            mate_right[right] = Some(u);
            v = next;
        }
    }
    let pairs = (0..l).filter_map(|u| mate_left[u].map(|v| (Left::new(u), Right::new(v))));
    Matching::from_pairs(g, pairs).expect("the pairs are edges and disjoint")
}

/// The graph with the edges at the given left and right vertices removed
/// (for matching sizes, the same as removing the vertices).
fn without(g: &Bipartite, left: Option<usize>, right: Option<usize>) -> Vec<(usize, usize)> {
    edge_pairs(g)
        .into_iter()
        .filter(|&(u, v)| Some(u) != left && Some(v) != right)
        .collect()
}

/// What brute force says about a small graph.
struct Truth {
    size: usize,
    /// Missed by some maximum matching.
    non_essential_left: Vec<bool>,
    non_essential_right: Vec<bool>,
    /// `allowed[k]`: edge `k` of `edge_pairs(g)` lies in some maximum matching.
    allowed: Vec<bool>,
}

fn truth(g: &Bipartite) -> Truth {
    let (l, r) = (g.left_count(), g.right_count());
    let size = brute_force(g);
    let nu = |edges: &[(usize, usize)]| brute_force_size(l, r, edges);
    Truth {
        size,
        non_essential_left: (0..l)
            .map(|u| nu(&without(g, Some(u), None)) == size)
            .collect(),
        non_essential_right: (0..r)
            .map(|v| nu(&without(g, None, Some(v))) == size)
            .collect(),
        allowed: edge_pairs(g)
            .into_iter()
            .map(|(u, v)| size > 0 && nu(&without(g, Some(u), Some(v))) == size - 1)
            .collect(),
    }
}

/// The object's every answer against the definitions.
fn check_against_definitions(g: &Bipartite, m: &Matching, t: &Truth) {
    let (l, r) = (g.left_count(), g.right_count());
    assert_eq!(m.len(), t.size, "the matching is maximum");
    let s = Structure::new(g, m).unwrap();

    // Non-essential vertices: exactly those some maximum matching misses.
    let ne = s.non_essential_vertices();
    for u in g.left_vertices() {
        let expected = t.non_essential_left[u.index()];
        assert_eq!(s.is_non_essential_left(u), expected, "{u:?}");
        assert_eq!(ne.contains_left(u), expected, "{u:?}");
    }
    for v in g.right_vertices() {
        let expected = t.non_essential_right[v.index()];
        assert_eq!(s.is_non_essential_right(v), expected, "{v:?}");
        assert_eq!(ne.contains_right(v), expected, "{v:?}");
    }
    let count = t.non_essential_left.iter().chain(&t.non_essential_right);
    assert_eq!(ne.len(), count.filter(|&&x| x).count());

    // König: a vertex cover of size ν; its complement an independent set of
    // size V − ν.
    let cover = s.minimum_vertex_cover();
    assert_eq!(cover.len(), t.size);
    for (u, v) in g.edges() {
        assert!(
            cover.contains_left(u) || cover.contains_right(v),
            "{u:?}–{v:?} uncovered"
        );
    }
    let independent = s.maximum_independent_set();
    assert_eq!(independent.len(), l + r - t.size);
    let mut in_set = (vec![false; l], vec![false; r]);
    for vertex in &independent {
        match vertex {
            Vertex::Left(u) => in_set.0[u.index()] = true,
            Vertex::Right(v) => in_set.1[v.index()] = true,
        }
    }
    for (u, v) in g.edges() {
        assert!(
            !(in_set.0[u.index()] && in_set.1[v.index()]),
            "{u:?}–{v:?} inside the independent set"
        );
    }
    let certificate = s.certificate();
    assert_eq!(certificate.cover().len(), t.size);
    certificate.verify(g, m).unwrap();

    // Coarse parts: horizontal = the non-essential right vertices and their
    // neighbours, vertical = the non-essential left vertices and theirs,
    // square = the rest.
    let near_ne_right: Vec<bool> = g
        .left_vertices()
        .map(|u| {
            g.left_neighbors(u)
                .any(|v| t.non_essential_right[v.index()])
        })
        .collect();
    let near_ne_left: Vec<bool> = g
        .right_vertices()
        .map(|v| {
            g.right_neighbors(v)
                .any(|u| t.non_essential_left[u.index()])
        })
        .collect();
    let part = |horizontal: bool, vertical: bool| {
        assert!(!(horizontal && vertical), "a vertex in two parts");
        if horizontal {
            DmPart::Horizontal
        } else if vertical {
            DmPart::Vertical
        } else {
            DmPart::Square
        }
    };
    for u in g.left_vertices() {
        let i = u.index();
        let expected = part(near_ne_right[i], t.non_essential_left[i]);
        assert_eq!(s.left_part(u), Some(expected), "{u:?}");
    }
    for v in g.right_vertices() {
        let j = v.index();
        let expected = part(t.non_essential_right[j], near_ne_left[j]);
        assert_eq!(s.right_part(v), Some(expected), "{v:?}");
    }
    assert_eq!(s.left_part(Left::new(l)), None);
    assert_eq!(s.right_part(Right::new(r)), None);
    assert!(!s.is_non_essential_left(Left::new(l)));

    // The decomposition lists the same parts, and its square blocks are the
    // connected pieces of the square part joined by allowed edges.
    let dm = s.dulmage_mendelsohn();
    for (k, u) in dm.p().iter().enumerate() {
        let listed = if dm.horizontal_rows().contains(&k) {
            DmPart::Horizontal
        } else if dm.square_rows().contains(&k) {
            DmPart::Square
        } else {
            DmPart::Vertical
        };
        assert_eq!(s.left_part(*u), Some(listed), "row {k}");
    }
    for (k, v) in dm.q().iter().enumerate() {
        let listed = if dm.horizontal_columns().contains(&k) {
            DmPart::Horizontal
        } else if dm.square_columns().contains(&k) {
            DmPart::Square
        } else {
            DmPart::Vertical
        };
        assert_eq!(s.right_part(*v), Some(listed), "column {k}");
    }
    // Union–find over l + r vertices, joined along allowed square edges.
    let mut root: Vec<usize> = (0..l + r).collect();
    fn find(root: &mut [usize], mut x: usize) -> usize {
        while root[x] != x {
            root[x] = root[root[x]];
            x = root[x];
        }
        x
    }
    let square_left = |u: usize| s.left_part(Left::new(u)) == Some(DmPart::Square);
    let square_right = |v: usize| s.right_part(Right::new(v)) == Some(DmPart::Square);
    for (k, (u, v)) in edge_pairs(g).into_iter().enumerate() {
        if t.allowed[k] && square_left(u) && square_right(v) {
            let (a, b) = (find(&mut root, u), find(&mut root, l + v));
            root[a] = b;
        }
    }
    let mut block_of = vec![usize::MAX; l + r];
    for k in dm.square_blocks() {
        let b = dm.block(k).unwrap();
        assert_eq!(b.rows.len(), b.columns.len(), "square block {k}");
        for i in b.rows {
            block_of[dm.p()[i].index()] = k;
        }
        for j in b.columns {
            block_of[l + dm.q()[j].index()] = k;
        }
    }
    let square: Vec<usize> = (0..l)
        .filter(|&u| square_left(u))
        .chain((0..r).filter(|&v| square_right(v)).map(|v| l + v))
        .collect();
    for &x in &square {
        assert_ne!(
            block_of[x],
            usize::MAX,
            "square vertex {x} in no square block"
        );
        for &y in &square {
            let same_piece = find(&mut root, x) == find(&mut root, y);
            assert_eq!(
                block_of[x] == block_of[y],
                same_piece,
                "vertices {x} and {y}"
            );
        }
    }
}

#[test]
fn the_object_meets_the_definitions_on_small_graphs() {
    let mut rng = Rng::new(41);
    let mut seen_square_blocks = 0;
    for _ in 0..500 {
        let g = random_graph(&mut rng, 7);
        let t = truth(&g);
        check_against_definitions(&g, &augmenting_path_matching(&g), &t);
        for matcher in MATCHERS {
            let m = matcher.maximum_matching(&g);
            check_against_definitions(&g, &m, &t);
            seen_square_blocks += Structure::new(&g, &m)
                .unwrap()
                .dulmage_mendelsohn()
                .square_blocks()
                .len();
        }
    }
    assert!(
        seen_square_blocks > 0,
        "the random graphs have square parts"
    );
}

#[test]
fn the_object_refuses_a_matching_that_is_not_maximum() {
    let mut rng = Rng::new(42);
    for _ in 0..300 {
        let g = random_graph(&mut rng, 6);
        let m = augmenting_path_matching(&g);
        if m.is_empty() {
            continue;
        }
        let smaller = without_first_pair(&g, &m);
        match Structure::new(&g, &smaller).unwrap_err() {
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
    // More than the sweep's window (2^14 vertices) behind it: a random graph
    // of 60,000 a side, and a 300 x 300 board (cells numbered row-major on
    // each side, as the game numbers them), whose paths run up and down.
    let edges: Vec<(usize, usize)> = (0..120_000)
        .map(|_| (rng.below(60_000), rng.below(60_000)))
        .collect();
    graphs.push(Bipartite::from_edges(60_000, 60_000, edges).unwrap());
    let n = 300;
    let free: Vec<bool> = (0..n * n).map(|_| rng.below(4) != 0).collect();
    let mut number = vec![usize::MAX; n * n];
    let mut sides = [0usize; 2];
    for cell in 0..n * n {
        if free[cell] {
            let side = (cell / n + cell % n) % 2;
            number[cell] = sides[side];
            sides[side] += 1;
        }
    }
    let mut edges = Vec::new();
    for cell in 0..n * n {
        let (r, c) = (cell / n, cell % n);
        if !free[cell] || (r + c) % 2 != 0 {
            continue;
        }
        for other in [
            cell + 1,
            cell + n,
            cell.wrapping_sub(1),
            cell.wrapping_sub(n),
        ] {
            let near = other < n * n && (other / n == r || other % n == c);
            if near && free[other] {
                edges.push((number[cell], number[other]));
            }
        }
    }
    graphs.push(Bipartite::from_edges(sides[0], sides[1], edges).unwrap());
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
    let m = augmenting_path_matching(&g);
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
    let empty = Bipartite::from_edges(0, 0, [(0, 0); 0]).unwrap();
    let none = Matching::empty(&empty);
    assert_eq!(
        Structure::new(&empty, &none).unwrap().dulmage_mendelsohn(),
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
