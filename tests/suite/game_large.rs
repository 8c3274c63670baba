//! 2000 × 2000 boards on a 2 MiB thread stack, checked against answers
//! derived without the crate's game code. Run in release by `.ci/run`:
//! `cargo test --release -- --ignored`.

use std::collections::VecDeque;

use crate::common;

use bimatch::game::{winning_starts, Grid};
use bimatch::{Dinic, Matcher, Vertex};
use common::{on_stack, serpentine_path};

const N: usize = 2000;

/// A 2 MiB thread stack, the default for test threads.
const STACK: usize = 2 << 20;

#[test]
#[ignore = "large: run in release by .ci/run"]
fn serpentine_corridor_wins_on_every_other_cell() {
    let path = serpentine_path(N);
    assert_eq!(path.len() % 2, 1);
    let mut on_path = vec![false; N * N];
    for &(r, c) in &path {
        on_path[r * N + c] = true;
    }
    let grid = Grid::from_fn(N, N, |r, c| on_path[r * N + c]).unwrap();
    // The board's graph is exactly this path: consecutive cells touch, and
    // every cell has two free neighbours, the ends one.
    for w in path.windows(2) {
        assert_eq!(w[0].0.abs_diff(w[1].0) + w[0].1.abs_diff(w[1].1), 1);
    }
    for (k, &(r, c)) in path.iter().enumerate() {
        let free_neighbours = [(0, 1), (2, 1), (1, 0), (1, 2)]
            .iter()
            .filter(|&&(dr, dc)| {
                let (rr, cc) = ((r + dr).wrapping_sub(1), (c + dc).wrapping_sub(1));
                grid.is_free(rr, cc)
            })
            .count();
        let ends = usize::from(k == 0) + usize::from(k == path.len() - 1);
        assert_eq!(free_neighbours, 2 - ends, "cell ({r}, {c})");
    }
    // On a path of odd length, the placer wins exactly on the cells an even
    // number of steps from an end: every maximum matching misses one of
    // them, and any of them can be the one missed.
    let mut expected: Vec<(usize, usize)> = path.iter().copied().step_by(2).collect();
    expected.sort_unstable();
    let starts = on_stack(STACK, move || winning_starts(&grid));
    assert_eq!(starts.len(), path.len().div_ceil(2));
    assert!(
        starts == expected,
        "winning cells differ from every other path cell"
    );
}

/// SplitMix64: a small seeded generator, so the board is the same on every run.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The winning cells by a second, independent route: a Dinic matching
/// (not the default matcher), certified maximum here by a König cover of
/// the same size, then alternating searches over the cells written here.
fn winning_by_certificate(grid: &Grid) -> Vec<(usize, usize)> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let g = grid.to_graph();
    let m = Dinic.maximum_matching(g.graph());
    // Cells of each side's vertices, and each cell's mate cell.
    let mut left_cell = vec![usize::MAX; g.graph().left_count()];
    let mut right_cell = vec![usize::MAX; g.graph().right_count()];
    for r in 0..rows {
        for c in 0..cols {
            match g.vertex(r, c) {
                Some(Vertex::Left(u)) => left_cell[u.index()] = r * cols + c,
                Some(Vertex::Right(v)) => right_cell[v.index()] = r * cols + c,
                None => {}
            }
        }
    }
    const FREE: usize = usize::MAX;
    let mut mate = vec![FREE; rows * cols];
    for (u, v) in m.pairs() {
        let (a, b) = (left_cell[u.index()], right_cell[v.index()]);
        let (ra, ca, rb, cb) = (a / cols, a % cols, b / cols, b % cols);
        assert_eq!(
            ra.abs_diff(rb) + ca.abs_diff(cb),
            1,
            "pair of non-adjacent cells"
        );
        assert!(mate[a] == FREE && mate[b] == FREE, "cell matched twice");
        mate[a] = b;
        mate[b] = a;
    }
    let neighbours = |cell: usize| {
        let (r, c) = (cell / cols, cell % cols);
        [(0, 1), (2, 1), (1, 0), (1, 2)]
            .into_iter()
            .map(move |(dr, dc): (usize, usize)| {
                ((r + dr).wrapping_sub(1), (c + dc).wrapping_sub(1))
            })
            .filter(|&(rr, cc)| grid.is_free(rr, cc))
            .map(move |(rr, cc)| rr * cols + cc)
    };
    // From every unmatched cell of one colour: a step to any neighbour,
    // then along the matching. Marks the cells of that colour reached, and
    // the other colour's cells passed through.
    let search = |colour: usize| {
        let mut reached = vec![false; rows * cols];
        let mut queue = VecDeque::new();
        for cell in 0..rows * cols {
            let (r, c) = (cell / cols, cell % cols);
            if grid.is_free(r, c) && (r + c) % 2 == colour && mate[cell] == FREE {
                reached[cell] = true;
                queue.push_back(cell);
            }
        }
        while let Some(x) = queue.pop_front() {
            for y in neighbours(x) {
                assert_ne!(
                    mate[y], FREE,
                    "augmenting path: the matching is not maximum"
                );
                reached[y] = true;
                if !reached[mate[y]] {
                    reached[mate[y]] = true;
                    queue.push_back(mate[y]);
                }
            }
        }
        reached
    };
    let from_even = search(0);
    let from_odd = search(1);
    // König: unreached even cells and reached odd cells cover every edge,
    // and there are as many as matched pairs, so the matching is maximum.
    let in_cover = |cell: usize| {
        let (r, c) = (cell / cols, cell % cols);
        ((r + c) % 2 == 0) != from_even[cell]
    };
    let mut cover = 0;
    for cell in 0..rows * cols {
        let (r, c) = (cell / cols, cell % cols);
        if !grid.is_free(r, c) {
            continue;
        }
        cover += usize::from(in_cover(cell));
        if (r + c) % 2 == 0 {
            for y in neighbours(cell) {
                assert!(in_cover(cell) || in_cover(y), "uncovered edge");
            }
        }
    }
    assert_eq!(cover, m.len(), "the cover certifies the matching");
    (0..rows * cols)
        .filter(|&cell| {
            let (r, c) = (cell / cols, cell % cols);
            grid.is_free(r, c)
                && if (r + c) % 2 == 0 {
                    from_even[cell]
                } else {
                    from_odd[cell]
                }
        })
        .map(|cell| (cell / cols, cell % cols))
        .collect()
}

#[test]
#[ignore = "large: run in release by .ci/run"]
fn random_board_quarter_blocked_agrees_with_a_certified_second_route() {
    let mut rng = SplitMix(2009);
    let grid = Grid::from_fn(N, N, |_, _| rng.next() % 4 != 0).unwrap();
    let free = grid.free_count();
    assert!(free > N * N * 7 / 10 && free < N * N * 8 / 10);
    let for_thread = grid.clone();
    let starts = on_stack(STACK, move || winning_starts(&for_thread));
    let expected = winning_by_certificate(&grid);
    assert!(!expected.is_empty());
    assert_eq!(starts.len(), expected.len());
    assert!(starts == expected, "winning cells differ");
}

#[test]
fn certificate_route_agrees_on_small_random_boards() {
    // The checker itself, on boards small enough for debug mode.
    let mut rng = SplitMix(6033);
    for round in 0..200 {
        let rows = 1 + round % 9;
        let cols = 1 + (round / 9) % 11;
        let grid = Grid::from_fn(rows, cols, |_, _| rng.next() % 3 != 0).unwrap();
        assert_eq!(
            winning_starts(&grid),
            winning_by_certificate(&grid),
            "\n{grid}"
        );
    }
}
