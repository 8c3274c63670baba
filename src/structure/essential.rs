//! Essential and non-essential vertices: which vertices every maximum
//! matching covers.

use super::{reach, Reach};
use crate::error::MatchingError;
use crate::graph::{Bipartite, Left, Right};
use crate::matcher::maximum_matching;
use crate::matching::Matching;
use crate::util::id;

/// The vertices that at least one maximum matching leaves unmatched, on
/// each side. The others are *essential*: every maximum matching covers
/// them.
///
/// Built by [`non_essential_vertices`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NonEssential {
    left: Vec<Left>,
    right: Vec<Right>,
    left_mark: Vec<bool>,
    right_mark: Vec<bool>,
}

impl NonEssential {
    /// The non-essential vertices of `graph`, with a maximum matching found
    /// by the default matcher ([`maximum_matching`](crate::maximum_matching)).
    ///
    /// # Panics
    ///
    /// Only if the default matcher returned a matching that is not maximum,
    /// which would be a bug of the crate: the matchers are checked against
    /// König certificates and each other in the tests and by fuzzing.
    ///
    /// ```
    /// use bimatch::{Bipartite, NonEssential};
    ///
    /// let g = Bipartite::from_edges(2, 1, [(0, 0), (1, 0)])?;
    /// assert_eq!(NonEssential::of(&g).left().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(graph: &Bipartite) -> NonEssential {
        let m = maximum_matching(graph);
        match alternating_search(graph, &m) {
            Ok(ne) => ne,
            // The default matcher's matching belongs to the graph and is maximum.
            Err(_) => unreachable!("the default matcher returned a matching that is not maximum"),
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

    /// Whether left vertex `u` is non-essential (`false` if `u` is not a
    /// vertex of the graph).
    pub fn contains_left(&self, u: Left) -> bool {
        self.left_mark.get(u.index()).copied().unwrap_or(false)
    }

    /// Whether right vertex `v` is non-essential (`false` if `v` is not a
    /// vertex of the graph).
    pub fn contains_right(&self, v: Right) -> bool {
        self.right_mark.get(v.index()).copied().unwrap_or(false)
    }
}

/// The vertices of each side that some maximum matching of `graph` leaves
/// unmatched, found from any one maximum matching `matching`.
///
/// A left vertex is non-essential exactly when it is free in `matching` or
/// reachable from a free left vertex by an alternating path (an edge to the
/// right, then a matched edge back): flipping that even-length path gives
/// another maximum matching that frees it. One breadth-first search from
/// all free left vertices and one from all free right vertices find them
/// all. Together they are the coarse Dulmage–Mendelsohn decomposition
/// ([`dulmage_mendelsohn`](crate::dulmage_mendelsohn) returns it in full).
///
/// # Complexity
///
/// O(V + E) time, 5 bytes of scratch per vertex beside the result.
///
/// # Errors
///
/// - [`MatchingError::SizeMismatch`] or [`MatchingError::NotAnEdge`] if `matching` does
///   not belong to `graph`;
/// - [`MatchingError::NotMaximum`] if a search reaches a free vertex of the other
///   side: the error carries that augmenting path. The function never
///   answers from a matching that is not maximum.
///
/// ```
/// use bimatch::{non_essential_vertices, Bipartite, HopcroftKarp, Left, Matcher, Right};
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
    matching.check(graph)?;
    alternating_search(graph, matching).map_err(|path| MatchingError::NotMaximum { path })
}

/// Both searches of [`reach`]; on failure, the augmenting path as left,
/// right, …, right.
fn alternating_search(graph: &Bipartite, m: &Matching) -> Result<NonEssential, Vec<usize>> {
    let Reach {
        left: left_mark,
        right: right_mark,
    } = reach(graph, m, true)?;
    Ok(from_marks(left_mark, right_mark))
}

/// The non-essential vertices from the marks of both searches.
fn from_marks(left_mark: Vec<bool>, right_mark: Vec<bool>) -> NonEssential {
    NonEssential {
        left: marked(&left_mark).map(Left).collect(),
        right: marked(&right_mark).map(Right).collect(),
        left_mark,
        right_mark,
    }
}

/// The ids of the marked positions, ascending.
pub(super) fn marked(marks: &[bool]) -> impl Iterator<Item = u32> + '_ {
    marks
        .iter()
        .enumerate()
        .filter(|&(_, &x)| x)
        .map(|(i, _)| id(i))
}
