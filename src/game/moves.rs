//! The game on boards where the token moves like a king, on a hexagonal
//! board, or like a knight: general graphs.

use super::{winning_starts, Grid};
use crate::csr::{self, RowWriter};
use crate::general::{self, Graph, MAX_GRAPH_EDGES};
use crate::util::{id, UNMATCHED};

/// How the token moves on a [`Grid`].
///
/// ```
/// use bimatch::game::{winning_starts_with, Grid, Moves};
///
/// // a 2 x 2 room: with king moves the four cells form a complete graph,
/// // which pairs up; a 3-cell L-shape is a triangle, where the placer wins
/// let room: Grid = "..\n..".parse()?;
/// assert!(winning_starts_with(&room, Moves::King)?.is_empty());
/// let ell: Grid = "..\n.#".parse()?;
/// assert_eq!(winning_starts_with(&ell, Moves::King)?, [(0, 0), (0, 1), (1, 0)]);
/// // orthogonally, the same L is a path of three: only its ends win
/// assert_eq!(winning_starts_with(&ell, Moves::Orthogonal)?, [(0, 1), (1, 0)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Moves {
    /// Up, down, left, right: the classic game (bipartite).
    #[default]
    Orthogonal,
    /// The eight neighbours of a chess king.
    King,
    /// A hexagonal board drawn on the square grid: the four orthogonal
    /// neighbours plus up-right and down-left.
    Hex,
    /// The eight jumps of a chess knight (bipartite).
    Knight,
}

impl Moves {
    /// Every move as (row step, column step), in increasing order, so that
    /// a cell's neighbours come out in row-major order.
    fn steps(self) -> &'static [(isize, isize)] {
        match self {
            Moves::Orthogonal => &[(-1, 0), (0, -1), (0, 1), (1, 0)],
            Moves::King => &[
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ],
            Moves::Hex => &[(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)],
            Moves::Knight => &[
                (-2, -1),
                (-2, 1),
                (-1, -2),
                (-1, 2),
                (1, -2),
                (1, 2),
                (2, -1),
                (2, 1),
            ],
        }
    }
}

/// The graph of `grid`'s free cells when the token moves by `moves`:
/// vertex `k` is the `k`-th free cell in row-major order, and two cells are
/// adjacent when one move leads from one to the other.
///
/// # Complexity
///
/// O(cells) time; 4 bytes per cell for the map while building, then the
/// graph (4 bytes per free cell and per neighbour).
///
/// # Errors
///
/// [`general::Error::TooManyEdges`] if the board has more adjacencies than
/// [`MAX_GRAPH_EDGES`] (over half a billion free cells with king moves),
/// and [`general::Error::OutOfMemory`] if the map or the graph cannot be
/// stored.
///
/// ```
/// use bimatch::game::{board_graph, Grid, Moves};
///
/// let grid: Grid = "..\n#.".parse()?;
/// assert_eq!(board_graph(&grid, Moves::King)?.edge_count(), 3);
/// assert_eq!(board_graph(&grid, Moves::Orthogonal)?.edge_count(), 2);
/// assert_eq!(board_graph(&grid, Moves::Hex)?.edge_count(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn board_graph(grid: &Grid, moves: Moves) -> Result<Graph, general::Error> {
    let (rows, cols) = (grid.rows(), grid.cols());
    // Number the free cells row-major: vertex ids ascend with the cells.
    let mut index = csr::filled(rows * cols, UNMATCHED, "the board's cell map")?;
    let mut free = 0usize;
    for r in 0..rows {
        for c in 0..cols {
            if grid.is_free(r, c) {
                index[r * cols + c] = id(free);
                free += 1;
            }
        }
    }
    let steps = moves.steps();
    let neighbour = |r: usize, c: usize, (dr, dc): (isize, isize)| -> Option<u32> {
        let (rr, cc) = (r.checked_add_signed(dr)?, c.checked_add_signed(dc)?);
        grid.is_free(rr, cc).then(|| index[rr * cols + cc])
    };
    let free_cells = || (0..rows).flat_map(move |r| (0..cols).map(move |c| (r, c)));
    let free_cells = || free_cells().filter(|&(r, c)| grid.is_free(r, c));
    // Count, then write: each list comes out ascending, as the steps are,
    // and holds every adjacency in both directions, as the moves are
    // symmetric.
    let mut total = 0usize;
    for (r, c) in free_cells() {
        total += steps
            .iter()
            .filter(|&&s| neighbour(r, c, s).is_some())
            .count();
    }
    if total / 2 > MAX_GRAPH_EDGES {
        return Err(general::Error::TooManyEdges {
            count: total / 2,
            limit: MAX_GRAPH_EDGES,
        });
    }
    let mut out = RowWriter::new(free, total, "the board's graph")?;
    for (r, c) in free_cells() {
        for &s in steps {
            if let Some(v) = neighbour(r, c, s) {
                out.push(v);
            }
        }
        out.end_row();
    }
    Ok(Graph::from_rows(out))
}

/// The cells of `grid` where the player who places the token wins when it
/// moves by `moves`: 0-based `(row, col)` in row-major order.
///
/// [`Moves::Orthogonal`] is [`winning_starts`]. Otherwise the answer is the
/// [`general::winning_vertices`] of the [`board_graph`]: the cells some
/// maximum matching leaves unmatched.
///
/// # Complexity
///
/// O(cells) to build the graph, then that of
/// [`general::maximum_matching`] and O((V + E)·α(V)) for the
/// decomposition; about 40 bytes per free cell plus 4 per neighbour (8
/// with knight moves, whose bipartite graph is copied for the bipartite
/// matcher).
///
/// # Errors
///
/// As [`board_graph`]: [`general::Error::TooManyEdges`] or
/// [`general::Error::OutOfMemory`].
///
/// # Testing
///
/// Against a brute-force search of the game itself on every king-, hex-
/// and knight-move board of at most 12 cells; open boards up to a million
/// cells on a 256 KiB stack (`tests/suite/game_moves.rs`).
///
/// ```
/// use bimatch::game::{winning_starts_with, Grid, Moves};
///
/// // on a hexagonal board the 2 x 2 room is two triangles sharing an
/// // edge, which pair up; a corridor of three is a path: its ends win
/// let room: Grid = "..\n..".parse()?;
/// assert!(winning_starts_with(&room, Moves::Hex)?.is_empty());
/// let corridor: Grid = "...".parse()?;
/// assert_eq!(winning_starts_with(&corridor, Moves::Hex)?, [(0, 0), (0, 2)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn winning_starts_with(
    grid: &Grid,
    moves: Moves,
) -> Result<Vec<(usize, usize)>, general::Error> {
    if moves == Moves::Orthogonal {
        return Ok(winning_starts(grid));
    }
    let graph = board_graph(grid, moves)?;
    let winning = general::winning_vertices(&graph);
    drop(graph);
    // D is ascending, as the free cells are numbered row-major: walk the
    // board once, counting free cells, to map it back.
    let mut out = csr::try_vec(winning.d().len(), "the winning cells")?;
    let mut wanted = winning.d().iter().copied().peekable();
    let mut vertex = 0usize;
    for r in 0..grid.rows() {
        for c in 0..grid.cols() {
            if grid.is_free(r, c) {
                if wanted.next_if_eq(&vertex).is_some() {
                    out.push((r, c));
                }
                vertex += 1;
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_symmetric_and_sorted() {
        for moves in [Moves::Orthogonal, Moves::King, Moves::Hex, Moves::Knight] {
            let steps = moves.steps();
            assert!(steps.windows(2).all(|w| w[0] < w[1]), "{moves:?}");
            for &(dr, dc) in steps {
                assert!(steps.contains(&(-dr, -dc)), "{moves:?}");
            }
        }
    }

    #[test]
    fn orthogonal_through_the_general_graph_agrees() {
        let grid: Grid = "...#\n.#..\n....".parse().unwrap();
        let (rows, cols) = (grid.rows(), grid.cols());
        let mut edges = Vec::new();
        let id_of = |r: usize, c: usize| r * cols + c;
        for r in 0..rows {
            for c in 0..cols {
                for (rr, cc) in [(r + 1, c), (r, c + 1)] {
                    if grid.is_free(r, c) && grid.is_free(rr, cc) {
                        edges.push((id_of(r, c), id_of(rr, cc)));
                    }
                }
            }
        }
        let g = Graph::from_edges(rows * cols, edges).unwrap();
        let ge = general::winning_vertices(&g);
        let cells: Vec<_> = ge
            .d()
            .iter()
            .map(|&v| (v / cols, v % cols))
            .filter(|&(r, c)| grid.is_free(r, c))
            .collect();
        assert_eq!(
            winning_starts_with(&grid, Moves::Orthogonal).unwrap(),
            cells
        );
    }
}
