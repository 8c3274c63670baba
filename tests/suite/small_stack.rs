//! Scale without stack: a 2000 × 2000 serpentine board and a ladder and a
//! path of 10^6 vertices go through every matcher and every structure
//! function on a 256 KiB thread stack, where any recursion over the graph
//! would overflow. The full sizes are `#[ignore]`d and run in release by
//! `.ci/run` (`cargo test --release -- --ignored`); smaller copies of the
//! same checks run in every `cargo test`.

use crate::common;

use bimatch::game::{winning_starts, winning_vertices, Grid};
use bimatch::{
    dulmage_mendelsohn, maximum_independent_set, minimum_vertex_cover, non_essential_vertices,
    Bipartite, Matcher, Matching,
};
use common::{on_small_stack, serpentine_path, MATCHERS};

/// What is known about a graph without the crate: the size of a maximum
/// matching, how many vertices of each side are non-essential, and the
/// number of square blocks of its Dulmage–Mendelsohn decomposition.
struct Known {
    matching: usize,
    non_essential: (usize, usize),
    square_blocks: usize,
}

/// Every matcher and every structure function on `g`, checked against
/// `known` and against each other.
fn everything(g: &Bipartite, known: &Known) {
    let (l, r) = (g.left_count(), g.right_count());
    let reference = winning_vertices(g);
    assert_eq!(
        (reference.left().len(), reference.right().len()),
        known.non_essential
    );
    let winning = winning_vertices(g);
    assert_eq!(winning.left(), reference.left());
    assert_eq!(winning.right(), reference.right());
    for matcher in MATCHERS {
        let name = matcher.name();
        let m = matcher.maximum_matching(g);
        assert_eq!(m.len(), known.matching, "{name}");
        m.check(g).unwrap();
        let certificate = bimatch::certify(g, &m).unwrap();
        certificate.verify(g, &m).unwrap();
        let ne = non_essential_vertices(g, &m).unwrap();
        assert_eq!(ne.left(), reference.left(), "{name}");
        assert_eq!(ne.right(), reference.right(), "{name}");
        let cover = minimum_vertex_cover(g, &m).unwrap();
        assert_eq!(cover.len(), known.matching, "{name}");
        let independent = maximum_independent_set(g, &m).unwrap();
        assert_eq!(independent.len(), l + r - known.matching, "{name}");
        let dm = dulmage_mendelsohn(g, &m).unwrap();
        assert_eq!(dm.structural_rank(), known.matching, "{name}");
        assert_eq!(dm.square_blocks().len(), known.square_blocks, "{name}");
        // A warm start from every other pair of this matching.
        let start = Matching::from_pairs(g, m.pairs().step_by(2)).unwrap();
        let grown = matcher.maximum_matching_from(g, start).unwrap();
        assert_eq!(grown.len(), known.matching, "{name}: warm start");
    }
}

/// The path L0 - R0 - L1 - R1 - … - R(n-1) - Ln: 2n + 1 vertices. Every
/// left vertex is missed by some maximum matching, no right one; the
/// square part is empty.
fn check_odd_path(n: usize) {
    let g = on_small_stack(move || {
        let g = common::odd_path(n);
        let known = Known {
            matching: n,
            non_essential: (n + 1, 0),
            square_blocks: 0,
        };
        everything(&g, &known);
        g
    });
    assert_eq!(g.edge_count(), 2 * n);
}

/// A 2 × k board with every cell free: a ladder of 2k vertices. It has a
/// perfect matching and every edge lies in one, so no vertex is
/// non-essential, the placer never wins, and the square part is one block.
fn ladder(k: usize) {
    on_small_stack(move || {
        let grid = Grid::from_fn(2, k, |_, _| true).unwrap();
        assert!(winning_starts(&grid).is_empty());
        let board = grid.to_graph();
        let known = Known {
            matching: k,
            non_essential: (0, 0),
            square_blocks: 1,
        };
        everything(board.graph(), &known);
    });
}

/// An n × n board (n even) whose free cells form one corridor winding
/// through the even rows, joined by one cell in the odd row between, with
/// the first cell blocked: a path of an odd number of cells, built here
/// from its definition. The placer wins on every other cell of the path,
/// counting from an end.
fn serpentine(n: usize) {
    let path = serpentine_path(n);
    assert_eq!(path.len() % 2, 1);
    let mut free = vec![false; n * n];
    for &(r, c) in &path {
        free[r * n + c] = true;
    }
    let mut expected: Vec<(usize, usize)> = path.iter().copied().step_by(2).collect();
    expected.sort_unstable();
    let cells = path.len();
    on_small_stack(move || {
        let grid = Grid::from_fn(n, n, |r, c| free[r * n + c]).unwrap();
        assert!(winning_starts(&grid) == expected, "winning cells");
        let board = grid.to_graph();
        let g = board.graph();
        assert_eq!(g.edge_count(), cells - 1, "the board's graph is the path");
        let ends_side = cells.div_ceil(2);
        let (l, r) = (g.left_count(), g.right_count());
        let known = Known {
            matching: cells / 2,
            non_essential: if l > r {
                (ends_side, 0)
            } else {
                (0, ends_side)
            },
            square_blocks: 0,
        };
        everything(g, &known);
    });
}

#[test]
fn a_path_on_a_small_stack() {
    check_odd_path(10_000);
}

#[test]
fn a_ladder_on_a_small_stack() {
    ladder(10_000);
}

#[test]
fn a_serpentine_board_on_a_small_stack() {
    serpentine(100);
}

#[test]
#[ignore = "large: run in release by .ci/run"]
fn a_path_of_a_million_vertices_on_a_small_stack() {
    check_odd_path(500_000);
}

#[test]
#[ignore = "large: run in release by .ci/run"]
fn a_ladder_of_a_million_vertices_on_a_small_stack() {
    ladder(500_000);
}

#[test]
#[ignore = "large: run in release by .ci/run"]
fn a_2000_by_2000_serpentine_board_on_a_small_stack() {
    serpentine(2000);
}
