//! [`Matching`]: a matching of a general graph, one mate per vertex.

use std::iter::FusedIterator;

use super::{Error, Graph};
use crate::csr;
use crate::util::{id, idx, Mated, UNMATCHED};
use crate::IntoEdge;

/// A matching of a [`Graph`]: every vertex has at most one mate, and `u`'s
/// mate is `v` exactly when `v`'s mate is `u`.
///
/// ```
/// use bimatch::general::{maximum_matching, Graph};
///
/// let g = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3), (3, 0)])?;
/// let m = maximum_matching(&g);
/// assert!(m.is_perfect());
/// assert_eq!(m.pairs().count(), 2);
/// assert_eq!(m.mate(m.mate(0).unwrap()), Some(0));
/// m.check(&g)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Matching {
    /// Mate of each vertex, or `UNMATCHED`.
    pub(crate) mate: Vec<u32>,
    /// Number of matched pairs.
    pub(crate) len: usize,
}

/// The empty matching of the empty graph (see [`Graph::default`]).
impl Default for Matching {
    fn default() -> Self {
        Matching::empty(&Graph::default())
    }
}

impl<'a> IntoIterator for &'a Matching {
    type Item = (usize, usize);
    type IntoIter = Pairs<'a>;

    fn into_iter(self) -> Pairs<'a> {
        self.pairs()
    }
}

/// The pairs of a [`Matching`], each once as `(u, v)` with `u < v`,
/// ascending: see [`Matching::pairs`].
#[derive(Debug, Clone)]
pub struct Pairs<'a> {
    pairs: Mated<'a>,
}

impl Iterator for Pairs<'_> {
    type Item = (usize, usize);

    #[inline]
    fn next(&mut self) -> Option<(usize, usize)> {
        let (u, v) = self.pairs.next()?;
        Some((u, idx(v)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.pairs.size_hint()
    }
}

impl ExactSizeIterator for Pairs<'_> {}
impl FusedIterator for Pairs<'_> {}

/// The mate as a vertex id, if any.
#[inline]
fn mate_of(raw: u32) -> Option<usize> {
    (raw != UNMATCHED).then_some(idx(raw))
}

impl Matching {
    /// The empty matching for `graph`.
    pub fn empty(graph: &Graph) -> Matching {
        Matching {
            mate: vec![UNMATCHED; graph.vertex_count()],
            len: 0,
        }
    }

    /// A matching of `graph` made of the given pairs (in either
    /// orientation), of any integer type the crate reads, by value or by
    /// reference, as [`Graph::from_edges`] takes edges.
    ///
    /// # Errors
    ///
    /// [`Error::VertexOutOfRange`] or [`Error::NegativeVertex`] if a pair
    /// names a vertex outside the graph, [`Error::NotAnEdge`] if a pair is
    /// not an edge (a pair `(v, v)` never is), [`Error::MatchedTwice`] if a
    /// vertex is in two pairs, and [`Error::OutOfMemory`] if the mates
    /// cannot be stored.
    ///
    /// ```
    /// use bimatch::general::{Graph, Matching};
    ///
    /// let g = Graph::from_edges(3, [(0, 1), (1, 2)])?;
    /// let m = Matching::from_pairs(&g, [(2, 1)])?;
    /// assert_eq!((m.len(), m.mate(1)), (1, Some(2)));
    /// assert!(Matching::from_pairs(&g, [(0, 1), (1, 2)]).is_err());
    /// assert_eq!(Matching::from_pairs(&g, &[(1u32, 2u32)])?, m);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_pairs<I>(graph: &Graph, pairs: I) -> Result<Matching, Error>
    where
        I: IntoIterator,
        I::Item: IntoEdge,
    {
        let n = graph.vertex_count();
        let mut m = Matching {
            mate: csr::filled(n, UNMATCHED, "the matching")?,
            len: 0,
        };
        for (position, pair) in pairs.into_iter().enumerate() {
            let [u, v] = pair.into_ends().map(|end| match end {
                Ok(value) if value < n => Ok(value),
                Ok(value) => Err(Error::VertexOutOfRange {
                    position,
                    value,
                    bound: n,
                }),
                Err(value) => Err(Error::NegativeVertex { position, value }),
            });
            let (u, v) = (u?, v?);
            if !graph.has_edge(u, v) {
                return Err(Error::NotAnEdge { u, v });
            }
            for vertex in [u, v] {
                if m.mate[vertex] != UNMATCHED {
                    return Err(Error::MatchedTwice { position, vertex });
                }
            }
            m.mate[u] = id(v);
            m.mate[v] = id(u);
            m.len += 1;
        }
        Ok(m)
    }

    /// Assembles a matching from consistent mates (crate-internal).
    pub(crate) fn from_mates(mate: Vec<u32>) -> Matching {
        let len = mate.iter().filter(|&&v| v != UNMATCHED).count() / 2;
        debug_assert!(mate
            .iter()
            .enumerate()
            .all(|(u, &v)| v == UNMATCHED || mate[idx(v)] == id(u)));
        Matching { mate, len }
    }

    /// The number of matched pairs.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no vertex is matched.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether every vertex is matched.
    pub fn is_perfect(&self) -> bool {
        2 * self.len == self.mate.len()
    }

    /// The number of vertices of the graph the matching was made for.
    pub fn vertex_count(&self) -> usize {
        self.mate.len()
    }

    /// The mate of `v`, if it is matched.
    ///
    /// # Panics
    ///
    /// If `v >= self.vertex_count()`.
    pub fn mate(&self, v: usize) -> Option<usize> {
        mate_of(self.mate[v])
    }

    /// One entry per vertex: the index of its mate, or `None`, as the
    /// core's [`left_mates`](crate::Matching::left_mates) gives for one
    /// side. O(V) time and a new vector.
    ///
    /// ```
    /// use bimatch::general::{Graph, Matching};
    ///
    /// let g = Graph::from_edges(3, [(0, 1), (1, 2)])?;
    /// let m = Matching::from_pairs(&g, [(2, 1)])?;
    /// assert_eq!(m.mates(), [None, Some(2), Some(1)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mates(&self) -> Vec<Option<usize>> {
        self.mate.iter().map(|&w| mate_of(w)).collect()
    }

    /// The matched pairs, each once as `(u, v)` with `u < v`, ascending by
    /// `u`; [`len`](ExactSizeIterator::len) is [`Matching::len`].
    pub fn pairs(&self) -> Pairs<'_> {
        Pairs {
            pairs: Mated::new(&self.mate, self.len, true),
        }
    }

    /// Checks that the matching belongs to `graph`: the same vertex count
    /// and every pair an edge. O(V + E).
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] or [`Error::NotAnEdge`].
    pub fn check(&self, graph: &Graph) -> Result<(), Error> {
        if self.mate.len() != graph.vertex_count() {
            return Err(Error::SizeMismatch {
                expected: graph.vertex_count(),
                found: self.mate.len(),
            });
        }
        for (u, v) in self.pairs() {
            if !graph.adj_of(u).contains(&id(v)) {
                return Err(Error::NotAnEdge { u, v });
            }
        }
        Ok(())
    }
}
