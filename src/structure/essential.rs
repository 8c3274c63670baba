//! Essential and non-essential vertices: which vertices every maximum
//! matching covers.

use super::members::Members;
use super::search::{reach, Bits, Reach};
use crate::error::MatchingError;
use crate::graph::Bipartite;
use crate::ids::{Left, Right};
use crate::matching::Matching;

/// The vertices that at least one maximum matching leaves unmatched, on
/// each side. The others are *essential*: every maximum matching covers
/// them.
///
/// Built by [`non_essential_vertices`] or
/// [`Structure::non_essential_vertices`](crate::Structure::non_essential_vertices);
/// the default value is the empty set. Iterating over `&NonEssential`
/// yields the left vertices, then the right ones, as [`Vertex`](crate::Vertex).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct NonEssential {
    left: Vec<Left>,
    right: Vec<Right>,
    left_mark: Bits,
    right_mark: Bits,
}

impl NonEssential {
    /// The non-essential vertices from the searches' marks.
    pub(crate) fn from_reach(reach: &Reach) -> NonEssential {
        let left_mark = reach.left_in_left.clone();
        let right_mark = reach.right_in_right.clone();
        NonEssential {
            left: left_mark.collect(Left),
            right: right_mark.collect(Right),
            left_mark,
            right_mark,
        }
    }

    /// Non-essential left vertices, ascending.
    pub fn left(&self) -> &[Left] {
        &self.left
    }

    /// Non-essential right vertices, ascending.
    pub fn right(&self) -> &[Right] {
        &self.right
    }

    /// The number of non-essential vertices of both sides.
    pub fn len(&self) -> usize {
        self.left.len() + self.right.len()
    }

    /// Whether every vertex is essential.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The non-essential vertices, left ones first, each side ascending.
    pub fn iter(&self) -> Members<'_> {
        Members::new(&self.left, &self.right)
    }

    /// Whether left vertex `u` is non-essential, in O(1) (`false` if `u`
    /// is not a vertex of the graph).
    pub fn contains_left(&self, u: Left) -> bool {
        self.left_mark.contains(u.index())
    }

    /// Whether right vertex `v` is non-essential, in O(1) (`false` if `v`
    /// is not a vertex of the graph).
    pub fn contains_right(&self, v: Right) -> bool {
        self.right_mark.contains(v.index())
    }
}

impl<'a> IntoIterator for &'a NonEssential {
    type Item = crate::Vertex;
    type IntoIter = Members<'a>;

    fn into_iter(self) -> Members<'a> {
        self.iter()
    }
}

/// The vertices of each side that some maximum matching of `graph` leaves
/// unmatched, found from any one maximum matching `matching`.
///
/// A left vertex is non-essential exactly when it is free in `matching` or
/// reachable from a free left vertex by an alternating path (an edge to the
/// right, then a matched edge back): flipping that even-length path gives
/// another maximum matching that frees it. One search from all free left
/// vertices and one from all free right vertices find them all. They are
/// the coarse Dulmage–Mendelsohn parts R3 ∪ R0 and C0 ∪ C1
/// ([`dulmage_mendelsohn`](crate::dulmage_mendelsohn)). To ask several
/// questions of one matching, build a [`Structure`](crate::Structure) once.
///
/// # Complexity
///
/// O(V + E) time. Scratch beside the result: three bits per vertex and
/// 4 bytes per vertex of the larger side for the searches' queue. The
/// result holds 4 bytes per non-essential vertex and one bit per vertex
/// (`tests/memory/structure_memory.rs` checks both figures).
///
/// # Errors
///
/// - [`MatchingError::SizeMismatch`] or [`MatchingError::NotAnEdge`] if
///   `matching` does not belong to `graph`;
/// - [`MatchingError::NotMaximum`] if a search reaches a free vertex of the
///   other side: the error carries a shortest augmenting path. The function
///   never answers from a matching that is not maximum.
///
/// ```
/// use bimatch::{non_essential_vertices, Bipartite, HopcroftKarp, Left, Matcher};
///
/// // left 0 and left 1 compete for right 0; left 2 has right 1 to itself.
/// let g = Bipartite::from_edges(3, 2, [(0, 0), (1, 0), (2, 1)])?;
/// let m = HopcroftKarp.maximum_matching(&g);
/// let ne = non_essential_vertices(&g, &m)?;
/// assert_eq!(ne.left(), [Left::new(0), Left::new(1)]);
/// assert!(ne.right().is_empty());
/// assert!(!ne.contains_left(Left::new(2)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn non_essential_vertices(
    graph: &Bipartite,
    matching: &Matching,
) -> Result<NonEssential, MatchingError> {
    let reach = reach(graph, matching, true)?;
    Ok(NonEssential::from_reach(&reach))
}
