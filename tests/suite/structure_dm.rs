//! The Dulmage–Mendelsohn decomposition against its definitions: brute
//! force over all maximum matchings for the coarse parts, a transitive
//! closure for the fine blocks, and the block triangular shape.

use crate::common;

use std::collections::BTreeSet;

use bimatch::{
    dulmage_mendelsohn, non_essential_vertices, Bipartite, DmDecomposition, HopcroftKarp, Left,
    Matcher, Matching, MatchingError, Right,
};
use common::*;

/// The coarse parts as sets of ids: rows R1, R2, R3, R0 and columns C0,
/// C1, C2, C3.
#[derive(Debug, PartialEq, Eq)]
struct Coarse {
    rows: [BTreeSet<usize>; 4],
    cols: [BTreeSet<usize>; 4],
}

fn coarse(dm: &DmDecomposition) -> Coarse {
    let (rr, cc) = (dm.rr(), dm.cc());
    let rows =
        std::array::from_fn(|k| dm.p()[rr[k]..rr[k + 1]].iter().map(|u| u.index()).collect());
    let cols =
        std::array::from_fn(|k| dm.q()[cc[k]..cc[k + 1]].iter().map(|v| v.index()).collect());
    Coarse { rows, cols }
}

/// The square blocks as (rows, columns) sets.
fn square_blocks(dm: &DmDecomposition) -> BTreeSet<(BTreeSet<usize>, BTreeSet<usize>)> {
    dm.square_blocks()
        .map(|k| {
            let rows = dm.p()[dm.r()[k]..dm.r()[k + 1]]
                .iter()
                .map(|u| u.index())
                .collect();
            let cols = dm.q()[dm.s()[k]..dm.s()[k + 1]]
                .iter()
                .map(|v| v.index())
                .collect();
            (rows, cols)
        })
        .collect()
}

/// The coarse parts from their definitions, by brute force: a vertex is
/// non-essential when some maximum matching misses it; R0 and C0 are the
/// vertices free in `m`; R1 and C3 are the neighbours of the non-essential
/// columns and rows.
fn coarse_by_definition(g: &Bipartite, m: &Matching, all: &[Vec<Option<usize>>]) -> Coarse {
    let (l, r) = (g.left_count(), g.right_count());
    let mut row_missed = vec![false; l];
    let mut col_missed = vec![false; r];
    for mates in all {
        let mut col_used = vec![false; r];
        for (u, v) in mates.iter().enumerate() {
            match v {
                Some(v) => col_used[*v] = true,
                None => row_missed[u] = true,
            }
        }
        for v in 0..r {
            col_missed[v] |= !col_used[v];
        }
    }
    let free_row = |u: usize| m.left_mate(Left::new(u)).is_none();
    let free_col = |v: usize| m.right_mate(Right::new(v)).is_none();
    let r0: BTreeSet<usize> = (0..l).filter(|&u| free_row(u)).collect();
    let r3: BTreeSet<usize> = (0..l).filter(|&u| row_missed[u] && !free_row(u)).collect();
    let c0: BTreeSet<usize> = (0..r).filter(|&v| free_col(v)).collect();
    let c1: BTreeSet<usize> = (0..r).filter(|&v| col_missed[v] && !free_col(v)).collect();
    let r1: BTreeSet<usize> = (0..l)
        .filter(|&u| (0..r).any(|v| col_missed[v] && edge(g, u, v)))
        .collect();
    let c3: BTreeSet<usize> = (0..r)
        .filter(|&v| (0..l).any(|u| row_missed[u] && edge(g, u, v)))
        .collect();
    let r2 = (0..l)
        .filter(|u| !r0.contains(u) && !r1.contains(u) && !r3.contains(u))
        .collect();
    let c2 = (0..r)
        .filter(|v| !c0.contains(v) && !c1.contains(v) && !c3.contains(v))
        .collect();
    Coarse {
        rows: [r1, r2, r3, r0],
        cols: [c0, c1, c2, c3],
    }
}

/// Shape checks that need no brute force: permutations, boundaries, the
/// matching on the diagonal, and no entry below the block diagonal.
fn check_shape(g: &Bipartite, m: &Matching, dm: &DmDecomposition) {
    let (l, r) = (g.left_count(), g.right_count());
    let mut prow = vec![usize::MAX; l];
    let mut qcol = vec![usize::MAX; r];
    assert_eq!(dm.p().len(), l);
    assert_eq!(dm.q().len(), r);
    for (k, u) in dm.p().iter().enumerate() {
        assert_eq!(prow[u.index()], usize::MAX, "p repeats {u}");
        prow[u.index()] = k;
    }
    for (k, v) in dm.q().iter().enumerate() {
        assert_eq!(qcol[v.index()], usize::MAX, "q repeats {v}");
        qcol[v.index()] = k;
    }
    let (rr, cc) = (dm.rr(), dm.cc());
    assert_eq!((rr[0], rr[4], cc[0], cc[4]), (0, l, 0, r));
    assert!(rr.windows(2).all(|w| w[0] <= w[1]) && cc.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(rr[1] - rr[0], cc[2] - cc[1]);
    assert_eq!(rr[2] - rr[1], cc[3] - cc[2]);
    assert_eq!(rr[3] - rr[2], cc[4] - cc[3]);
    assert_eq!(dm.structural_rank(), m.len());
    assert_eq!(rr[3], m.len());
    // The matching on the diagonal: row k with column cc[1] + k.
    for k in 0..rr[3] {
        assert_eq!(m.left_mate(dm.p()[k]), Some(dm.q()[cc[1] + k]));
    }
    // Block boundaries.
    let (br, bs) = (dm.r(), dm.s());
    assert_eq!(br.len(), dm.block_count() + 1);
    assert_eq!(bs.len(), br.len());
    assert_eq!(
        (br[0], bs[0], br[br.len() - 1], bs[bs.len() - 1]),
        (0, 0, l, r)
    );
    assert!(br.windows(2).all(|w| w[0] <= w[1]) && bs.windows(2).all(|w| w[0] <= w[1]));
    for k in dm.square_blocks() {
        assert!(br[k + 1] > br[k], "empty square block");
        assert_eq!(
            br[k + 1] - br[k],
            bs[k + 1] - bs[k],
            "square block not square"
        );
    }
    let sq = dm.square_blocks();
    if sq.start == 1 {
        assert_eq!((br[1], bs[1]), (rr[1], cc[2]));
    }
    assert_eq!((br[sq.start], bs[sq.start]), (rr[1], cc[2]));
    assert_eq!((br[sq.end], bs[sq.end]), (rr[2], cc[3]));
    assert!(dm.block_count() - sq.end <= 1);
    // No entry below the block diagonal.
    let block_of = |bounds: &[usize], pos: usize| bounds.partition_point(|&b| b <= pos) - 1;
    for (u, v) in g.edges() {
        let bu = block_of(br, prow[u.index()]);
        let bv = block_of(bs, qcol[v.index()]);
        assert!(
            bu <= bv,
            "entry ({u}, {v}) below the diagonal: blocks {bu} > {bv}"
        );
    }
}

/// The square part's strongly connected components from a transitive
/// closure (Floyd–Warshall on booleans), as (rows, columns) sets.
fn blocks_by_closure(
    g: &Bipartite,
    m: &Matching,
    c: &Coarse,
) -> BTreeSet<(BTreeSet<usize>, BTreeSet<usize>)> {
    let cols: Vec<usize> = c.cols[2].iter().copied().collect();
    let row = |k: usize| m.right_mate(Right::new(cols[k])).unwrap().index();
    let n = cols.len();
    // reach[a][b]: b is reachable from a (every node reaches itself).
    let mut reach: Vec<Vec<bool>> = (0..n)
        .map(|a| (0..n).map(|b| a == b || edge(g, row(a), cols[b])).collect())
        .collect();
    for k in 0..n {
        let through_k = reach[k].clone();
        for from_a in reach.iter_mut() {
            if from_a[k] {
                for (to_b, &kb) in from_a.iter_mut().zip(&through_k) {
                    *to_b |= kb;
                }
            }
        }
    }
    (0..n)
        .map(|a| {
            let members: Vec<usize> = (0..n).filter(|&b| reach[a][b] && reach[b][a]).collect();
            (
                members.iter().map(|&b| row(b)).collect(),
                members.iter().map(|&b| cols[b]).collect(),
            )
        })
        .collect()
}

#[test]
fn parts_and_blocks_match_their_definitions() {
    let mut rng = Rng::new(3);
    for case in 0..1500 {
        let g = random_graph(&mut rng, 5);
        let all = all_maximum_matchings(&g);
        for matcher in MATCHERS {
            let m = matcher.maximum_matching(&g);
            let ctx = format!("case {case}, {}: {g:?}", matcher.name());
            let dm = dulmage_mendelsohn(&g, &m).unwrap();
            check_shape(&g, &m, &dm);
            let c = coarse(&dm);
            assert_eq!(c, coarse_by_definition(&g, &m, &all), "{ctx}");
            assert_eq!(square_blocks(&dm), blocks_by_closure(&g, &m, &c), "{ctx}");
            // Consistent with non_essential_vertices.
            let ne = non_essential_vertices(&g, &m).unwrap();
            let ne_rows: BTreeSet<usize> = ne.left().iter().map(|u| u.index()).collect();
            let ne_cols: BTreeSet<usize> = ne.right().iter().map(|v| v.index()).collect();
            assert_eq!(ne_rows, &c.rows[2] | &c.rows[3], "{ctx}");
            assert_eq!(ne_cols, &c.cols[0] | &c.cols[1], "{ctx}");
        }
    }
}

#[test]
fn blocks_do_not_depend_on_the_maximum_matching() {
    let mut rng = Rng::new(4);
    for case in 0..400 {
        let g = random_graph(&mut rng, 5);
        let reference = dulmage_mendelsohn(&g, &HopcroftKarp.maximum_matching(&g)).unwrap();
        let (ref_coarse, ref_blocks) = (coarse(&reference), square_blocks(&reference));
        for mates in all_maximum_matchings(&g).iter().take(30) {
            let m = matching_from_mates(&g, mates);
            let dm = dulmage_mendelsohn(&g, &m).unwrap();
            check_shape(&g, &m, &dm);
            let c = coarse(&dm);
            // The free vertices depend on the matching; the unions do not.
            assert_eq!(
                &c.rows[2] | &c.rows[3],
                &ref_coarse.rows[2] | &ref_coarse.rows[3]
            );
            assert_eq!(
                &c.cols[0] | &c.cols[1],
                &ref_coarse.cols[0] | &ref_coarse.cols[1]
            );
            for k in [0, 1] {
                assert_eq!(c.rows[k], ref_coarse.rows[k], "case {case}");
            }
            for k in [2, 3] {
                assert_eq!(c.cols[k], ref_coarse.cols[k], "case {case}");
            }
            assert_eq!(square_blocks(&dm), ref_blocks, "case {case}");
        }
    }
}

#[test]
fn transposing_swaps_the_roles_of_the_parts() {
    let mut rng = Rng::new(5);
    for case in 0..1500 {
        let g = random_graph(&mut rng, 6);
        let m = HopcroftKarp.maximum_matching(&g);
        let (t, mt) = transposed(&g, &m);
        let a = coarse(&dulmage_mendelsohn(&g, &m).unwrap());
        let dt = dulmage_mendelsohn(&t, &mt).unwrap();
        check_shape(&t, &mt, &dt);
        let b = coarse(&dt);
        // Rows of the transpose are columns of the original:
        // R1' = C3, R2' = C2, R3' = C1, R0' = C0; and C0' = R0, C1' = R3,
        // C2' = R2, C3' = R1.
        let ctx = format!("case {case}: {g:?}");
        assert_eq!(b.rows[0], a.cols[3], "{ctx}");
        assert_eq!(b.rows[1], a.cols[2], "{ctx}");
        assert_eq!(b.rows[2], a.cols[1], "{ctx}");
        assert_eq!(b.rows[3], a.cols[0], "{ctx}");
        assert_eq!(b.cols[0], a.rows[3], "{ctx}");
        assert_eq!(b.cols[1], a.rows[2], "{ctx}");
        assert_eq!(b.cols[2], a.rows[1], "{ctx}");
        assert_eq!(b.cols[3], a.rows[0], "{ctx}");
        let swapped: BTreeSet<_> = square_blocks(&dulmage_mendelsohn(&g, &m).unwrap())
            .into_iter()
            .map(|(rows, cols)| (cols, rows))
            .collect();
        assert_eq!(square_blocks(&dt), swapped, "{ctx}");
    }
}

#[test]
fn a_small_matrix_in_full() {
    // Row 0 alone has columns 0 and 1: the horizontal part, one of them
    // free. Rows 1, 2 form a 2 x 2 block over columns 2, 3. Rows 3 and 4
    // compete for column 4: the vertical part, one of them free.
    let g = Bipartite::from_edges(
        5,
        5,
        [
            (0, 0),
            (0, 1),
            (1, 2),
            (1, 3),
            (2, 2),
            (2, 3),
            (2, 4),
            (3, 4),
            (4, 4),
        ],
    )
    .unwrap();
    let m = HopcroftKarp.maximum_matching(&g);
    let dm = dulmage_mendelsohn(&g, &m).unwrap();
    check_shape(&g, &m, &dm);
    assert_eq!(dm.structural_rank(), 4);
    assert_eq!(dm.cc(), &[0, 1, 2, 4, 5]);
    assert_eq!(dm.rr(), &[0, 1, 3, 4, 5]);
    assert_eq!(dm.r(), [0, 1, 3, 5]);
    assert_eq!(dm.s(), [0, 2, 4, 5]);
    assert_eq!(dm.square_blocks(), 1..2);
    let mut head = dm.q()[..2].to_vec();
    head.sort();
    assert_eq!(head, [Right::new(0), Right::new(1)]);
    assert_eq!(dm.p()[0], Left::new(0));
    assert_eq!(dm.q()[4], Right::new(4));
}

#[test]
fn rejects_non_maximum_and_foreign_matchings() {
    let g = Bipartite::from_edges(2, 2, [(0, 0), (1, 1)]).unwrap();
    let m = Matching::from_pairs(&g, [(Left::new(0), Right::new(0))]).unwrap();
    let result = dulmage_mendelsohn(&g, &m);
    assert!(
        matches!(&result, Err(MatchingError::NotMaximum { path, .. }) if *path == [1, 1]),
        "{result:?}"
    );
    let other = Bipartite::from_edges(2, 3, [(0, 0); 0]).unwrap();
    assert!(matches!(
        dulmage_mendelsohn(&g, &Matching::empty(&other)),
        Err(MatchingError::SizeMismatch { .. })
    ));
}

/// Row i has entries in columns i and i + 1 (and, if `cycle`, the last
/// row also in column 0): a chain of n one-pair blocks, or one block of n.
fn bidiagonal(n: usize, cycle: bool) -> Bipartite {
    let mut edges: Vec<(usize, usize)> = (0..n).map(|i| (i, i)).collect();
    edges.extend((0..n - 1).map(|i| (i, i + 1)));
    if cycle {
        edges.push((n - 1, 0));
    }
    Bipartite::from_edges(n, n, edges).unwrap()
}

fn check_deep(n: usize) {
    let chain = bidiagonal(n, false);
    let m = HopcroftKarp.maximum_matching(&chain);
    let dm = dulmage_mendelsohn(&chain, &m).unwrap();
    assert_eq!(dm.structural_rank(), n);
    assert_eq!(dm.block_count(), n);
    assert!(dm.p().iter().enumerate().all(|(k, u)| u.index() == k));

    let cycle = bidiagonal(n, true);
    let m = HopcroftKarp.maximum_matching(&cycle);
    let dm = dulmage_mendelsohn(&cycle, &m).unwrap();
    assert_eq!(dm.block_count(), 1);
    assert_eq!(dm.r(), [0, n]);

    // A path with one free row at the end: everything is vertical.
    let path = Bipartite::from_edges(n + 1, n, (0..n).flat_map(|i| [(i, i), (i + 1, i)])).unwrap();
    let m = HopcroftKarp.maximum_matching(&path);
    let dm = dulmage_mendelsohn(&path, &m).unwrap();
    assert_eq!(dm.rr(), &[0, 0, 0, n, n + 1]);
    assert_eq!(dm.block_count(), 1);
}

#[test]
fn deep_chains_and_cycles() {
    check_deep(5_000);
}

#[test]
#[ignore = "large: run in release mode with --ignored"]
fn chains_and_cycles_of_a_million_vertices() {
    // On a small stack: a recursive search would overflow it.
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| check_deep(1_000_000))
        .unwrap()
        .join()
        .unwrap();
}
