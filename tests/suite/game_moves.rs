//! The game with king, hex and knight moves against a brute-force search
//! of the game itself, on every board of at most 12 cells.
//!
//! The search knows nothing of matchings: a state is the token's position
//! and the set of visited cells (blocked cells count as visited); the
//! player to move wins if some move leads to a state where the other
//! player loses. Filling the table in decreasing order of the visited set
//! sees every successor first: no recursion.

use bimatch::game::{winning_starts, winning_starts_with, Grid, Moves};

use crate::common::game::{board_neighbors, mover_wins_table, ORTHOGONAL};
use crate::common::on_small_stack;

/// The moves as steps, written out here independently of the library.
fn steps(moves: Moves) -> Vec<(isize, isize)> {
    let orthogonal = ORTHOGONAL.to_vec();
    match moves {
        Moves::Orthogonal => orthogonal,
        Moves::King => (-1..=1)
            .flat_map(|dr| (-1..=1).map(move |dc| (dr, dc)))
            .filter(|&s| s != (0, 0))
            .collect(),
        Moves::Hex => {
            let mut s = orthogonal;
            s.extend([(-1, 1), (1, -1)]);
            s
        }
        Moves::Knight => vec![
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ],
        _ => unreachable!("a move rule the test does not know"),
    }
}

/// Every board of at most 12 cells and every pattern of blocked cells.
fn every_board(moves: Moves) -> usize {
    let mut boards = 0;
    let mut winning_seen = 0;
    for rows in 1..=12usize {
        for cols in 1..=12 / rows {
            let n = rows * cols;
            let full = (1u32 << n) - 1;
            let table = mover_wins_table(&board_neighbors(rows, cols, &steps(moves)));
            for free in 0..=full {
                let grid =
                    Grid::from_fn(rows, cols, |r, c| free >> (r * cols + c) & 1 == 1).unwrap();
                let expected: Vec<(usize, usize)> = (0..n)
                    .filter(|&v| free >> v & 1 == 1)
                    .filter(|&v| !table[((!free & full) | 1 << v) as usize * n + v])
                    .map(|v| (v / cols, v % cols))
                    .collect();
                assert_eq!(
                    winning_starts_with(&grid, moves).unwrap(),
                    expected,
                    "{moves:?} on {rows}x{cols}:\n{grid}"
                );
                winning_seen += expected.len();
                boards += 1;
            }
        }
    }
    assert!(winning_seen > 0);
    boards
}

/// Every shape with rows × cols ≤ 12, each with all its patterns.
fn shapes() -> usize {
    (1..=12usize)
        .map(|rows| {
            (1..=12 / rows)
                .map(|cols| 1usize << (rows * cols))
                .sum::<usize>()
        })
        .sum()
}

#[test]
fn king_moves_on_every_board_of_at_most_12_cells() {
    assert_eq!(every_board(Moves::King), shapes());
}

#[test]
fn hex_moves_on_every_board_of_at_most_12_cells() {
    assert_eq!(every_board(Moves::Hex), shapes());
}

#[test]
fn knight_moves_on_every_board_of_at_most_12_cells() {
    assert_eq!(every_board(Moves::Knight), shapes());
}

#[test]
fn orthogonal_is_the_classic_game() {
    let grid: Grid = ".....#\n..#...\n#.....\n...#..".parse().unwrap();
    assert_eq!(
        winning_starts_with(&grid, Moves::Orthogonal).unwrap(),
        winning_starts(&grid)
    );
    assert_eq!(Moves::default(), Moves::Orthogonal);
}

/// Open boards: with an even number of cells a perfect matching pairs
/// every cell, so no cell wins; with odd sides of at least 3 the king and
/// hex boards are factor-critical (take away any cell and the rest pairs
/// up), so every cell wins.
fn open_boards(rows: usize, cols: usize) {
    on_small_stack(move || {
        for moves in [Moves::King, Moves::Hex] {
            let odd = Grid::from_fn(rows | 1, cols | 1, |_, _| true).unwrap();
            let starts = winning_starts_with(&odd, moves).unwrap();
            assert_eq!(starts.len(), (rows | 1) * (cols | 1), "{moves:?}");
            let even = Grid::from_fn(rows | 1, (cols | 1) + 1, |_, _| true).unwrap();
            assert!(winning_starts_with(&even, moves).unwrap().is_empty());
        }
    })
}

#[test]
fn open_boards_up_to_9x9() {
    for rows in 3..=9 {
        for cols in 3..=9 {
            open_boards(rows, cols);
        }
    }
}

#[test]
#[ignore = "a million cells: run in release"]
fn open_boards_of_a_million_cells_on_a_small_stack() {
    open_boards(999, 1001);
}
