//! The grid game against a brute-force search of the game itself, on every
//! small board and every small bipartite graph.
//!
//! The search (`tests/common/game.rs`) knows nothing of matchings: the
//! player to move wins if some move leads to a state where the other
//! player, now to move, loses; a table filled in decreasing order of the
//! visited set, no recursion.

use bimatch::game::{winning_starts, winning_vertices, Grid};
use bimatch::{Bipartite, Left, Right};

use crate::common::game::{board_neighbors, mover_wins_table, ORTHOGONAL};

#[test]
fn every_board_of_at_most_12_cells_matches_the_brute_force() {
    let mut boards = 0usize;
    let mut winning_seen = 0usize;
    for rows in 1..=12usize {
        for cols in 1..=12 / rows {
            let n = rows * cols;
            let full = (1u32 << n) - 1;
            let table = mover_wins_table(&board_neighbors(rows, cols, &ORTHOGONAL));
            for free in 0..=full {
                let grid = Grid::from_fn(rows, cols, |r, c| free >> (r * cols + c) & 1 == 1)
                    .expect("small board");
                // The placer wins where the mover, standing alone on the
                // cell with every blocked cell visited, loses.
                let expected: Vec<(usize, usize)> = (0..n)
                    .filter(|&v| free >> v & 1 == 1)
                    .filter(|&v| {
                        let visited = (!free & full) | 1 << v;
                        !table[visited as usize * n + v]
                    })
                    .map(|v| (v / cols, v % cols))
                    .collect();
                assert_eq!(
                    winning_starts(&grid),
                    expected,
                    "{rows}x{cols} board:\n{grid}"
                );
                winning_seen += expected.len();
                boards += 1;
            }
        }
    }
    // Every shape with rows × cols ≤ 12 and every pattern of its cells.
    let shapes: usize = (1..=12usize)
        .map(|rows| {
            (1..=12 / rows)
                .map(|cols| 1usize << (rows * cols))
                .sum::<usize>()
        })
        .sum();
    assert_eq!(boards, shapes);
    assert!(winning_seen > 0);
}

#[test]
fn board_text_round_trips_through_display_and_parse() {
    for (rows, cols) in [(1, 12), (3, 4), (4, 3), (12, 1)] {
        for free in 0..1u32 << (rows * cols) {
            let grid = Grid::from_fn(rows, cols, |r, c| free >> (r * cols + c) & 1 == 1).unwrap();
            let text = grid.to_string();
            assert_eq!(text.parse::<Grid>().unwrap(), grid);
            let judge = format!("{rows} {cols}\n{text}");
            assert_eq!(Grid::from_judge_input(judge.as_bytes()).unwrap(), grid);
        }
    }
}

#[test]
fn every_small_bipartite_graph_matches_the_brute_force() {
    let mut graphs = 0usize;
    for l in 0..=7usize {
        for r in 0..=7 - l {
            if l * r > 12 {
                continue;
            }
            let n = l + r;
            for edges in 0..1u32 << (l * r) {
                // Edge (u, v) is bit u * r + v; vertex u is left u, vertex
                // l + v is right v.
                let mut neighbors = vec![0u32; n];
                let mut list = Vec::new();
                for u in 0..l {
                    for v in 0..r {
                        if edges >> (u * r + v) & 1 == 1 {
                            neighbors[u] |= 1 << (l + v);
                            neighbors[l + v] |= 1 << u;
                            list.push((u, v));
                        }
                    }
                }
                let table = mover_wins_table(&neighbors);
                let placer_wins = |x: usize| !table[(1usize << x) * n + x];
                let want_left: Vec<Left> =
                    (0..l).filter(|&u| placer_wins(u)).map(Left::new).collect();
                let want_right: Vec<Right> = (0..r)
                    .filter(|&v| placer_wins(l + v))
                    .map(Right::new)
                    .collect();
                let g = Bipartite::from_edges(l, r, list).unwrap();
                let w = winning_vertices(&g);
                assert_eq!(w.left(), want_left, "{g:?}");
                assert_eq!(w.right(), want_right, "{g:?}");
                graphs += 1;
            }
        }
    }
    assert!(graphs > 10_000);
}
