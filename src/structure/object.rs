//! [`Structure`]: one check and one pair of searches over one maximum
//! matching, and every answer drawn from them.

use super::search::{reach, Reach};
use super::{Certificate, DmDecomposition, IndependentSet, NonEssential, VertexCover};
use crate::error::MatchingError;
use crate::graph::Bipartite;
use crate::ids::{Left, Right};
use crate::matching::Matching;
use crate::util::UNMATCHED;

/// The structure of the maximum matchings of a graph, read from one
/// maximum matching: the check that the matching belongs to the graph and
/// is maximum, and the two alternating searches (from the free vertices of
/// each side), done once by [`new`](Self::new). Every question below is
/// then answered from them without searching again.
///
/// Matching side: [`non_essential_vertices`](Self::non_essential_vertices),
/// [`left_part`](Self::left_part) / [`right_part`](Self::right_part) (the
/// coarse Dulmage–Mendelsohn part of one vertex, in O(1)) and
/// [`dulmage_mendelsohn`](Self::dulmage_mendelsohn) (the fine blocks are
/// found at that call). Cover side: [`minimum_vertex_cover`](Self::minimum_vertex_cover),
/// [`maximum_independent_set`](Self::maximum_independent_set) and
/// [`certificate`](Self::certificate).
///
/// The free functions of the same names each build one of these (or run
/// the one search they need) and answer one question.
///
/// ```
/// use bimatch::{Bipartite, DmPart, HopcroftKarp, Left, Matcher, Structure};
///
/// // left 0 and left 1 compete for right 0; left 2 has right 1 to itself.
/// let g = Bipartite::from_edges(3, 2, [(0, 0), (1, 0), (2, 1)])?;
/// let m = HopcroftKarp.maximum_matching(&g);
/// let s = Structure::new(&g, &m)?;
/// assert_eq!(s.non_essential_vertices().left(), [Left::new(0), Left::new(1)]);
/// assert_eq!(s.minimum_vertex_cover().len(), 2);
/// assert_eq!(s.maximum_independent_set().len(), 3);
/// s.certificate().verify(&g, &m)?;
/// assert_eq!(s.left_part(Left::new(0)), Some(DmPart::Vertical));
/// assert_eq!(s.left_part(Left::new(2)), Some(DmPart::Square));
/// assert_eq!(s.dulmage_mendelsohn().block_count(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Structure<'a> {
    graph: &'a Bipartite,
    matching: &'a Matching,
    reach: Reach,
}

/// A coarse part of the Dulmage–Mendelsohn decomposition (see
/// [`DmDecomposition`]): where a row (left vertex) or a column (right
/// vertex) lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DmPart {
    /// Rows R1, columns C0 ∪ C1: the columns are the non-essential right
    /// vertices.
    Horizontal,
    /// Rows R2, columns C2: matched to each other by every maximum
    /// matching.
    Square,
    /// Rows R3 ∪ R0, columns C3: the rows are the non-essential left
    /// vertices.
    Vertical,
}

impl<'a> Structure<'a> {
    /// Checks that `matching` belongs to `graph` and is maximum, with the
    /// two alternating searches every answer is drawn from.
    ///
    /// # Complexity
    ///
    /// O(V + E) time. Holds two bits per vertex; while they run, the
    /// searches need one bit more per vertex and 4 bytes per vertex of the
    /// larger side.
    ///
    /// # Errors
    ///
    /// - [`MatchingError::SizeMismatch`] or [`MatchingError::NotAnEdge`] if
    ///   `matching` does not belong to `graph`;
    /// - [`MatchingError::NotMaximum`] with a shortest augmenting path if it
    ///   is not maximum.
    ///
    /// ```
    /// use bimatch::{Bipartite, Left, Matching, MatchingError, Right, Structure};
    ///
    /// let g = Bipartite::from_edges(2, 2, [(0, 0), (1, 0), (1, 1)])?;
    /// let m = Matching::from_pairs(&g, [(Left::new(1), Right::new(0))])?;
    /// match Structure::new(&g, &m) {
    ///     Err(MatchingError::NotMaximum { path, .. }) => assert_eq!(path, [0, 0, 1, 1]),
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(graph: &'a Bipartite, matching: &'a Matching) -> Result<Self, MatchingError> {
        let reach = reach(graph, matching, true)?;
        Ok(Structure {
            graph,
            matching,
            reach,
        })
    }

    /// The graph.
    pub fn graph(&self) -> &'a Bipartite {
        self.graph
    }

    /// The maximum matching the answers are read from.
    pub fn matching(&self) -> &'a Matching {
        self.matching
    }

    /// The vertices some maximum matching leaves unmatched, as
    /// [`non_essential_vertices`](crate::non_essential_vertices) finds
    /// them. O(V).
    pub fn non_essential_vertices(&self) -> NonEssential {
        NonEssential::from_reach(&self.reach)
    }

    /// Whether left vertex `u` is non-essential (some maximum matching
    /// leaves it unmatched), in O(1); `false` if `u` is not a vertex.
    pub fn is_non_essential_left(&self, u: Left) -> bool {
        self.reach.left_in_left.contains(u.index())
    }

    /// Whether right vertex `v` is non-essential, in O(1); `false` if `v`
    /// is not a vertex.
    pub fn is_non_essential_right(&self, v: Right) -> bool {
        self.reach.right_in_right.contains(v.index())
    }

    /// The coarse Dulmage–Mendelsohn part of row (left vertex) `u`, in
    /// O(1); `None` if `u` is not a vertex.
    pub fn left_part(&self, u: Left) -> Option<DmPart> {
        let mate = *self.matching.left_mate.get(u.index())?;
        Some(if self.is_non_essential_left(u) {
            DmPart::Vertical
        } else if mate != UNMATCHED && self.is_non_essential_right(Right(mate)) {
            DmPart::Horizontal
        } else {
            DmPart::Square
        })
    }

    /// The coarse Dulmage–Mendelsohn part of column (right vertex) `v`, in
    /// O(1); `None` if `v` is not a vertex.
    pub fn right_part(&self, v: Right) -> Option<DmPart> {
        let mate = *self.matching.right_mate.get(v.index())?;
        Some(if self.is_non_essential_right(v) {
            DmPart::Horizontal
        } else if mate != UNMATCHED && self.is_non_essential_left(Left(mate)) {
            DmPart::Vertical
        } else {
            DmPart::Square
        })
    }

    /// The full Dulmage–Mendelsohn decomposition, as
    /// [`dulmage_mendelsohn`](crate::dulmage_mendelsohn) returns it. The
    /// fine blocks are found here, O(V + E) time (see that function for
    /// the scratch).
    pub fn dulmage_mendelsohn(&self) -> DmDecomposition {
        DmDecomposition::from_reach(self.graph, self.matching, &self.reach)
    }

    /// A minimum vertex cover, as
    /// [`minimum_vertex_cover`](crate::minimum_vertex_cover) builds it. O(V).
    pub fn minimum_vertex_cover(&self) -> VertexCover {
        VertexCover::from_reach(&self.reach, self.matching)
    }

    /// A maximum independent set, the complement of the cover, as
    /// [`maximum_independent_set`](crate::maximum_independent_set) builds
    /// it. O(V).
    pub fn maximum_independent_set(&self) -> IndependentSet {
        IndependentSet::from_reach(&self.reach, self.matching)
    }

    /// The proof that the matching is maximum: the minimum vertex cover,
    /// to be checked by [`Certificate::verify`]. O(V).
    pub fn certificate(&self) -> Certificate {
        Certificate::new(self.minimum_vertex_cover())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::structure::search::counter::searches;
    use crate::{maximum_matching, Bipartite};

    #[test]
    fn one_check_and_one_pair_of_searches_answer_everything() {
        let g = Bipartite::from_edges(
            4,
            3,
            [(0, 0), (0, 1), (1, 1), (1, 2), (2, 1), (2, 2), (3, 2)],
        )
        .unwrap();
        let m = maximum_matching(&g);
        let before = searches();
        let s = Structure::new(&g, &m).unwrap();
        assert_eq!(searches(), before + 1);
        let _ = s.non_essential_vertices();
        let _ = s.minimum_vertex_cover();
        let _ = s.maximum_independent_set();
        let _ = s.certificate();
        let _ = s.dulmage_mendelsohn();
        let _ = s.left_part(Left::new(0));
        let _ = s.right_part(Right::new(0));
        assert_eq!(searches(), before + 1, "the answers searched again");
        // Each free function checks and searches once.
        let _ = crate::non_essential_vertices(&g, &m).unwrap();
        let _ = crate::dulmage_mendelsohn(&g, &m).unwrap();
        let _ = crate::certify(&g, &m).unwrap();
        assert_eq!(searches(), before + 4);
    }
}
