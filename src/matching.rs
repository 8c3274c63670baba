//! [`Matching`]: a set of edges with no shared endpoint, held as the mates
//! of both sides.

use crate::error::MatchingError;
use crate::graph::Bipartite;
use crate::ids::{Left, Right, Side};
use crate::util::{id, idx, Mated, UNMATCHED};

/// A matching of a bipartite graph: every vertex has at most one mate.
///
/// A `Matching` knows the sizes of the graph it was made for and keeps both
/// sides' mates, so look-ups are O(1) from either side. It is always
/// internally consistent (`u`'s mate is `v` exactly when `v`'s mate is `u`);
/// [`check`](Self::check) tells whether it belongs to a given graph.
///
/// ```
/// use bimatch::{Bipartite, HopcroftKarp, Left, Matcher, Right};
///
/// let g = Bipartite::from_edges(2, 2, [(0, 0), (0, 1), (1, 0)])?;
/// let m = HopcroftKarp.maximum_matching(&g);
/// assert!(m.is_perfect());
/// assert_eq!(m.left_mate(Left::new(1)), Some(Right::new(0)));
/// assert_eq!(m.pairs().count(), 2);
/// m.check(&g)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Matching {
    /// Mate of each left vertex, or `UNMATCHED`.
    pub(crate) left_mate: Vec<u32>,
    /// Mate of each right vertex, or `UNMATCHED`.
    pub(crate) right_mate: Vec<u32>,
    /// Number of matched pairs.
    pub(crate) len: usize,
}

/// The empty matching of the empty graph (see [`Bipartite::default`]).
impl Default for Matching {
    fn default() -> Self {
        Matching::empty(&Bipartite::default())
    }
}

impl<'a> IntoIterator for &'a Matching {
    type Item = (Left, Right);
    type IntoIter = Pairs<'a>;

    fn into_iter(self) -> Pairs<'a> {
        self.pairs()
    }
}

/// The pairs of a [`Matching`], ascending by left vertex: see
/// [`Matching::pairs`].
#[derive(Debug, Clone)]
pub struct Pairs<'a> {
    pairs: Mated<'a>,
}

impl Iterator for Pairs<'_> {
    type Item = (Left, Right);

    #[inline]
    fn next(&mut self) -> Option<(Left, Right)> {
        let (u, v) = self.pairs.next()?;
        Some((Left(id(u)), Right(v)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.pairs.size_hint()
    }
}

impl ExactSizeIterator for Pairs<'_> {}
impl std::iter::FusedIterator for Pairs<'_> {}

impl Matching {
    /// The same pairs with the sides swapped: the matching of the
    /// transposed graph.
    pub(crate) fn into_transposed(self) -> Matching {
        Matching {
            left_mate: self.right_mate,
            right_mate: self.left_mate,
            len: self.len,
        }
    }

    /// The empty matching for `graph`.
    pub fn empty(graph: &Bipartite) -> Self {
        Matching {
            left_mate: vec![UNMATCHED; graph.left_count()],
            right_mate: vec![UNMATCHED; graph.right_count()],
            len: 0,
        }
    }

    /// A matching of `graph` made of the given pairs.
    ///
    /// # Errors
    ///
    /// [`MatchingError::PairOutOfRange`] if a pair names a vertex outside the
    /// graph, [`MatchingError::NotAnEdge`] if a pair is not an edge, and
    /// [`MatchingError::MatchedTwice`] if a vertex is in two pairs.
    ///
    /// ```
    /// use bimatch::{Bipartite, Left, Matching, Right};
    ///
    /// let g = Bipartite::from_edges(2, 2, [(0, 0), (1, 0), (1, 1)])?;
    /// let m = Matching::from_pairs(&g, [(Left::new(1), Right::new(0))])?;
    /// assert_eq!(m.len(), 1);
    /// let twice = Matching::from_pairs(&g, [(Left::new(0), Right::new(0)), (Left::new(1), Right::new(0))]);
    /// assert!(twice.is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_pairs<I>(graph: &Bipartite, pairs: I) -> Result<Self, MatchingError>
    where
        I: IntoIterator<Item = (Left, Right)>,
    {
        let mut m = Matching::empty(graph);
        // The position of the pair that matched each vertex, for error messages.
        let mut left_at: Vec<usize> = Vec::new();
        let mut right_at: Vec<usize> = Vec::new();
        for (position, (u, v)) in pairs.into_iter().enumerate() {
            for (side, value, bound) in [
                (Side::Left, u.index(), graph.left_count()),
                (Side::Right, v.index(), graph.right_count()),
            ] {
                if value >= bound {
                    return Err(MatchingError::PairOutOfRange {
                        position,
                        side,
                        value,
                        bound,
                    });
                }
            }
            if !graph.has_edge(u, v) {
                return Err(MatchingError::NotAnEdge {
                    left: u.index(),
                    right: v.index(),
                });
            }
            if left_at.is_empty() {
                left_at = vec![0; graph.left_count()];
                right_at = vec![0; graph.right_count()];
            }
            let twice = |side, vertex, first| MatchingError::MatchedTwice {
                side,
                vertex,
                first,
                second: position,
            };
            if m.left_mate[u.index()] != UNMATCHED {
                return Err(twice(Side::Left, u.index(), left_at[u.index()]));
            }
            if m.right_mate[v.index()] != UNMATCHED {
                return Err(twice(Side::Right, v.index(), right_at[v.index()]));
            }
            left_at[u.index()] = position;
            right_at[v.index()] = position;
            m.left_mate[u.index()] = v.0;
            m.right_mate[v.index()] = u.0;
            m.len += 1;
        }
        Ok(m)
    }

    /// Assembles a matching from consistent mate arrays (crate-internal).
    pub(crate) fn from_mates(left_mate: Vec<u32>, right_mate: Vec<u32>) -> Self {
        let len = left_mate.iter().filter(|&&v| v != UNMATCHED).count();
        debug_assert!(left_mate
            .iter()
            .enumerate()
            .all(|(u, &v)| v == UNMATCHED || right_mate[idx(v)] == id(u)));
        debug_assert_eq!(len, right_mate.iter().filter(|&&u| u != UNMATCHED).count());
        Matching {
            left_mate,
            right_mate,
            len,
        }
    }

    /// Lets an algorithm change the mate arrays in place, then recounts
    /// (crate-internal: `f` must leave the mates consistent).
    pub(crate) fn with_mates(self, f: impl FnOnce(&mut [u32], &mut [u32])) -> Self {
        let Matching {
            mut left_mate,
            mut right_mate,
            ..
        } = self;
        f(&mut left_mate, &mut right_mate);
        Matching::from_mates(left_mate, right_mate)
    }

    /// The number of matched pairs.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no vertex is matched.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether every vertex of both sides is matched (so both sides have the
    /// same size).
    pub fn is_perfect(&self) -> bool {
        self.len == self.left_mate.len() && self.len == self.right_mate.len()
    }

    /// The number of left vertices of the graph this matching is for.
    pub fn left_count(&self) -> usize {
        self.left_mate.len()
    }

    /// The number of right vertices of the graph this matching is for.
    pub fn right_count(&self) -> usize {
        self.right_mate.len()
    }

    /// The mate of left vertex `u`, if it is matched.
    ///
    /// # Panics
    ///
    /// If `u` is not a vertex of the matching's graph.
    #[inline]
    pub fn left_mate(&self, u: Left) -> Option<Right> {
        let v = self.left_mate[u.index()];
        (v != UNMATCHED).then_some(Right(v))
    }

    /// The mate of right vertex `v`, if it is matched.
    ///
    /// # Panics
    ///
    /// If `v` is not a vertex of the matching's graph.
    #[inline]
    pub fn right_mate(&self, v: Right) -> Option<Left> {
        let u = self.right_mate[v.index()];
        (u != UNMATCHED).then_some(Left(u))
    }

    /// One entry per left vertex: the index of its right mate, or `None`.
    /// This is the array SciPy's `maximum_bipartite_matching` returns for
    /// the rows (`perm_type="column"`), with `None` where SciPy has −1.
    /// O(L) time and a new vector.
    ///
    /// ```
    /// use bimatch::{maximum_matching, Bipartite};
    ///
    /// let g = Bipartite::from_edges(3, 2, [(0, 1), (2, 0)])?;
    /// let m = maximum_matching(&g);
    /// assert_eq!(m.left_mates(), [Some(1), None, Some(0)]);
    /// assert_eq!(m.right_mates(), [Some(2), Some(0)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn left_mates(&self) -> Vec<Option<usize>> {
        mates(&self.left_mate)
    }

    /// One entry per right vertex: the index of its left mate, or `None`
    /// (SciPy's `perm_type="row"` array). O(R) time and a new vector.
    pub fn right_mates(&self) -> Vec<Option<usize>> {
        mates(&self.right_mate)
    }

    /// The matched pairs, ascending by left vertex; also what
    /// `for (u, v) in &matching` iterates.
    pub fn pairs(&self) -> Pairs<'_> {
        Pairs {
            pairs: Mated::new(&self.left_mate, self.len, false),
        }
    }

    /// Checks that this matching belongs to `graph`: the sizes agree and
    /// every pair is an edge. O(L + E).
    ///
    /// # Errors
    ///
    /// [`MatchingError::SizeMismatch`] or [`MatchingError::NotAnEdge`] (the first pair, by
    /// left vertex, that is not an edge).
    pub fn check(&self, graph: &Bipartite) -> Result<(), MatchingError> {
        if self.left_count() != graph.left_count() || self.right_count() != graph.right_count() {
            return Err(MatchingError::SizeMismatch {
                matching_left: self.left_count(),
                matching_right: self.right_count(),
                graph_left: graph.left_count(),
                graph_right: graph.right_count(),
            });
        }
        for (u, v) in self.pairs() {
            if !graph.has_edge(u, v) {
                return Err(MatchingError::NotAnEdge {
                    left: u.index(),
                    right: v.index(),
                });
            }
        }
        Ok(())
    }
}
/// Raw mates as `Option<usize>`, `None` for the sentinel.
fn mates(raw: &[u32]) -> Vec<Option<usize>> {
    raw.iter()
        .map(|&x| (x != UNMATCHED).then_some(idx(x)))
        .collect()
}
