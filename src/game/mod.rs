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
use crate::matching::Matching;
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
/// leaves unmatched (see the [module docs](self) for the argument), as
/// [`non_essential_vertices`](crate::non_essential_vertices) finds them
/// from any maximum matching; [`winning_vertices_with_matching`] also
/// returns the matching.
///
/// # Complexity
///
/// See [`winning_vertices_with_matching`].
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
    winning_vertices_with_matching(graph).1
}

/// A maximum matching of `graph` and the [`winning_vertices`] read from it.
///
/// The matching is found together with the alternating search from its
/// free left vertices: first-fit greedy, then a breadth-first search for
/// an augmenting path from each free left vertex in turn, keeping for good
/// the marks of every search that fails (no augmenting path can pass
/// through what it reached), so that when the last one is done its marks
/// are that search. Then the search from the free right vertices. If the
/// successful searches scan more than 2 (V + E) arcs (long augmenting
/// paths, as on a serpentine corridor), the default matcher matches the
/// graph instead and both searches run over its matching.
///
/// # Complexity
///
/// O(V + E) time when the successful searches stay within their budget;
/// else that plus the default matcher's (see [`Auto`](crate::Auto) for its
/// worst case) and O(V + E). Scratch beside the matching (8 bytes per
/// vertex) and the result: 4 bytes per right vertex (the searches'
/// parents), 4 per left vertex (their queue) and three bits per vertex.
///
/// ```
/// use bimatch::game::winning_vertices_with_matching;
/// use bimatch::{Bipartite, Left};
///
/// // A path left 0 – right 0 – left 1: one pair, and either end can be
/// // the one left out.
/// let path = Bipartite::from_edges(2, 1, [(0, 0), (1, 0)])?;
/// let (m, w) = winning_vertices_with_matching(&path);
/// assert_eq!(m.len(), 1);
/// assert_eq!(w.left(), [Left::new(0), Left::new(1)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn winning_vertices_with_matching(graph: &Bipartite) -> (Matching, NonEssential) {
    match crate::structure::matching_and_reach(graph) {
        Ok((m, reach)) => (m, NonEssential::from_reach(&reach)),
        // Only the fallback's default matcher could give a matching that
        // is not maximum (checked against König certificates in the tests
        // and by fuzzing).
        Err(_) => unreachable!("the default matcher returned a matching that is not maximum"),
    }
}

/// The cells of `grid` where the player who places the token wins: 0-based
/// `(row, col)` in row-major order.
///
/// Builds the board's graph ([`GridGraph`]), finds its
/// [`winning_vertices`] and maps them back to cells.
///
/// # Complexity
///
/// That of [`winning_vertices_with_matching`], O(cells) for the rest; at most about 40
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
