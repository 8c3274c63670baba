//! The grid game: who wins a token-moving game on a board of free and
//! blocked cells.
//!
//! # The game
//!
//! A board has free cells `.` and blocked cells `#`. One player places a
//! token on a free cell; then the other player moves first, and the two
//! alternately move the token to a free cell next to it (up, down, left or
//! right) that it has never visited. Whoever cannot move loses.
//!
//! Colour the cells like a chessboard; the free cells and their adjacencies
//! are a bipartite graph. The player who places the token wins exactly on
//! the cells that some maximum matching of that graph leaves unmatched (the
//! *non-essential* vertices, see [`non_essential_vertices`]):
//!
//! - from such a cell, every move of the opponent lands on a matched cell
//!   (else the matching could grow), and the placing player answers along
//!   the matching; the opponent runs out of moves first, because reaching an
//!   unmatched cell would mean an augmenting path;
//! - from a cell every maximum matching covers, the opponent moves along a
//!   maximum matching and wins the same way.
//!
//! The same holds on any bipartite graph ([`winning_vertices`]), so other
//! boards (other move rules, tori) can reuse it through [`Bipartite`].
//!
//! ```
//! use bimatch::game::{winning_starts, Grid};
//!
//! // A corridor of three cells: place the token at either end and the
//! // opponent must step to the middle, leaving you the other end. From the
//! // middle, the opponent steps to an end and you are stuck.
//! let grid: Grid = "...".parse()?;
//! assert_eq!(winning_starts(&grid), [(0, 0), (0, 2)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`non_essential_vertices`]: crate::non_essential_vertices

mod error;
mod graph;
mod grid;
mod judge;
mod moves;

pub use error::GridError;
pub use graph::GridGraph;
pub use grid::Grid;
pub use moves::{board_graph, winning_starts_with, Moves};

use crate::graph::Bipartite;
use crate::structure::NonEssential;
use crate::util::MAX_EDGES;

/// The largest number of cells a [`Grid`] may have. A board has fewer than
/// two 4-adjacencies per cell, so its edge count fits the `u32` offsets too.
pub const MAX_CELLS: usize = MAX_EDGES / 2;

/// The vertices of `graph` where the player who places the token wins the
/// game "move the token along an edge to a vertex never visited; whoever
/// cannot move loses", the other player moving first.
///
/// These are the non-essential vertices, the ones some maximum matching
/// leaves unmatched (see the [module docs](self) for the argument);
/// the [`non_essential_vertices`](crate::non_essential_vertices) of a
/// maximum matching found by the default matcher, named for the game.
///
/// # Complexity
///
/// One maximum matching by the default matcher (see [`Auto`](crate::Auto)
/// for its worst case) and one O(V + E) alternating search.
///
/// # Testing
///
/// Against a brute-force search of the game on every bipartite graph with
/// at most 7 vertices and 12 possible edges (`tests/suite/game_exhaustive.rs`).
///
/// ```
/// use bimatch::game::winning_vertices;
/// use bimatch::{Bipartite, Left, Right};
///
/// // A star: right 0 joined to three leaves. Placed on a leaf, the token
/// // must go to the centre and then on to another leaf: the placer wins.
/// // Placed on the centre, the mover takes a leaf and wins.
/// let star = Bipartite::from_edges(3, 1, [(0, 0), (1, 0), (2, 0)])?;
/// let w = winning_vertices(&star);
/// assert_eq!(w.left(), [Left::new(0), Left::new(1), Left::new(2)]);
/// assert!(!w.contains_right(Right::new(0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn winning_vertices(graph: &Bipartite) -> NonEssential {
    let m = crate::maximum_matching(graph);
    match crate::non_essential_vertices(graph, &m) {
        Ok(ne) => ne,
        // The default matcher's matching belongs to the graph and is maximum
        // (checked against König certificates in the tests and by fuzzing).
        Err(_) => unreachable!("the default matcher returned a matching that is not maximum"),
    }
}

/// The cells of `grid` where the player who places the token wins: 0-based
/// `(row, col)` in row-major order.
///
/// Builds the board's graph ([`GridGraph`]), matches it with the default
/// matcher and maps the [`winning_vertices`] back to cells.
///
/// # Complexity
///
/// One maximum matching by the default matcher (see [`Auto`](crate::Auto)
/// for its worst case), O(cells) for the rest; at most about 40
/// bytes per cell at the peak (the board's map and graph, the matching and
/// the matcher's scratch). No recursion: a 2000 × 2000 serpentine corridor, whose
/// augmenting paths are two million cells long, runs on a 2 MiB thread
/// stack.
///
/// # Testing
///
/// Against a brute-force search of the game itself on every board of at
/// most 12 cells and every pattern of blocked cells
/// (`tests/suite/game_exhaustive.rs`); on a 2000 × 2000 serpentine against its
/// known answer and on a random 2000 × 2000 board against an independent
/// certificate (`tests/suite/game_large.rs`).
///
/// ```
/// use bimatch::game::{winning_starts, Grid};
///
/// // A 2 x 2 room: the opponent always has the cell paired with yours.
/// let room: Grid = "..\n..".parse()?;
/// assert!(winning_starts(&room).is_empty());
///
/// // A corridor of 5 cells: every other cell wins, starting at the ends.
/// let corridor: Grid = ".....\n#####".parse()?;
/// assert_eq!(winning_starts(&corridor), [(0, 0), (0, 2), (0, 4)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn winning_starts(grid: &Grid) -> Vec<(usize, usize)> {
    let g = GridGraph::new(grid);
    g.cells_of(&winning_vertices(g.graph()))
}
