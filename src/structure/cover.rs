//! König's minimum vertex cover, the maximum independent set, and the
//! certificate of maximality built from them.

use super::members::Members;
use super::search::{reach, Reach};
use crate::error::MatchingError;
use crate::graph::Bipartite;
use crate::ids::{Left, Right, Side};
use crate::matching::Matching;
use crate::util::idx;

/// The accessors a set of vertices of both sides offers.
macro_rules! vertex_set_accessors {
    ($set:ident, $what:literal) => {
        impl $set {
            #[doc = concat!("The left vertices of the ", $what, ", ascending.")]
            pub fn left(&self) -> &[Left] {
                &self.left
            }

            #[doc = concat!("The right vertices of the ", $what, ", ascending.")]
            pub fn right(&self) -> &[Right] {
                &self.right
            }

            #[doc = concat!("The number of vertices in the ", $what, ".")]
            pub fn len(&self) -> usize {
                self.left.len() + self.right.len()
            }

            #[doc = concat!("Whether the ", $what, " has no vertex.")]
            pub fn is_empty(&self) -> bool {
                self.len() == 0
            }

            #[doc = concat!("The vertices of the ", $what, ", left ones first, each side ascending.")]
            pub fn iter(&self) -> Members<'_> {
                Members::new(&self.left, &self.right)
            }
        }

        impl<'a> IntoIterator for &'a $set {
            type Item = crate::Vertex;
            type IntoIter = Members<'a>;

            fn into_iter(self) -> Members<'a> {
                self.iter()
            }
        }
    };
}

vertex_set_accessors!(VertexCover, "cover");
vertex_set_accessors!(IndependentSet, "set");

/// A set of vertices touching every edge of a graph.
///
/// Built by [`minimum_vertex_cover`] (then it is minimum: as many vertices
/// as a maximum matching has pairs), or by [`VertexCover::new`] from
/// vertices received from elsewhere, to be checked with
/// [`Certificate::verify`]. The default value is the empty set; iterating
/// over `&VertexCover` yields the left vertices, then the right ones.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct VertexCover {
    left: Vec<Left>,
    right: Vec<Right>,
}

impl VertexCover {
    /// A would-be cover made of the given vertices; duplicates are merged.
    /// Nothing is checked against a graph here: [`Certificate::verify`]
    /// does that.
    ///
    /// ```
    /// use bimatch::{Left, Right, VertexCover};
    ///
    /// let c = VertexCover::new([Left::new(2), Left::new(0), Left::new(2)], [Right::new(1)]);
    /// assert_eq!(c.left(), [Left::new(0), Left::new(2)]);
    /// assert_eq!(c.len(), 3);
    /// ```
    pub fn new(
        left: impl IntoIterator<Item = Left>,
        right: impl IntoIterator<Item = Right>,
    ) -> VertexCover {
        let mut left: Vec<Left> = left.into_iter().collect();
        let mut right: Vec<Right> = right.into_iter().collect();
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        VertexCover { left, right }
    }

    /// Whether left vertex `u` is in the cover, in O(log size).
    pub fn contains_left(&self, u: Left) -> bool {
        self.left.binary_search(&u).is_ok()
    }

    /// Whether right vertex `v` is in the cover, in O(log size).
    pub fn contains_right(&self, v: Right) -> bool {
        self.right.binary_search(&v).is_ok()
    }
}

/// A set of vertices no two of which are adjacent: the complement of a
/// vertex cover. Built by [`maximum_independent_set`]; the default value is
/// the empty set; iterating over `&IndependentSet` yields the left
/// vertices, then the right ones.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct IndependentSet {
    left: Vec<Left>,
    right: Vec<Right>,
}

/// A minimum vertex cover of `graph`, built from a maximum matching
/// `matching` by König's theorem (D. Kőnig, "Gráfok és mátrixok", Matematikai
/// és Fizikai Lapok 38, 1931): it has exactly `matching.len()` vertices.
///
/// Let Z be the vertices reachable by alternating paths from the free left
/// vertices. The cover is the left vertices outside Z and the right
/// vertices inside Z. Every edge is covered: an edge leaving a left vertex
/// of Z ends at a right vertex of Z. Each matched pair contributes exactly
/// one vertex (a matched right vertex is in Z exactly when its mate is),
/// and no free vertex is in the cover, so its size is the matching's.
///
/// In Dulmage–Mendelsohn terms ([`dulmage_mendelsohn`](crate::dulmage_mendelsohn))
/// the cover is the rows R1 and R2 and the columns C3.
///
/// # Complexity
///
/// O(V + E) time (one search). Scratch beside the result: three bits per
/// vertex and 4 bytes per left vertex (`tests/memory/structure_memory.rs`).
///
/// # Testing
///
/// On thousands of small random graphs, against a brute-force search over
/// all vertex subsets: the cover touches every edge and no smaller set
/// does (`tests/suite/structure_cover.rs`); on paths of 10^6 vertices in release
/// mode.
///
/// # Errors
///
/// - [`MatchingError::SizeMismatch`] or [`MatchingError::NotAnEdge`] if `matching` does
///   not belong to `graph`;
/// - [`MatchingError::NotMaximum`] with an augmenting path if `matching` is not
///   maximum.
///
/// ```
/// use bimatch::{minimum_vertex_cover, Bipartite, HopcroftKarp, Left, Matcher, Right};
///
/// // A star: left 0 is joined to every right vertex.
/// let g = Bipartite::from_edges(2, 3, [(0, 0), (0, 1), (0, 2), (1, 0)])?;
/// let m = HopcroftKarp.maximum_matching(&g);
/// let cover = minimum_vertex_cover(&g, &m)?;
/// assert_eq!(cover.len(), m.len());
/// // Both left vertices are matched, and no free left vertex starts a search:
/// // the cover is the whole left side.
/// assert_eq!(cover.left(), [Left::new(0), Left::new(1)]);
/// assert!(cover.right().is_empty());
/// for (u, v) in g.edges() {
///     assert!(cover.contains_left(u) || cover.contains_right(v));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn minimum_vertex_cover(
    graph: &Bipartite,
    matching: &Matching,
) -> Result<VertexCover, MatchingError> {
    let reach = reach(graph, matching, false)?;
    Ok(VertexCover::from_reach(&reach, matching))
}

impl VertexCover {
    /// The König cover from the search from the free left vertices (Z):
    /// the left vertices outside Z, the right vertices inside.
    pub(super) fn from_reach(reach: &Reach, m: &Matching) -> VertexCover {
        VertexCover {
            left: reach.left_in_left.complement(m.left_count()).collect(Left),
            right: reach.right_in_left.collect(Right),
        }
    }
}

impl IndependentSet {
    /// The complement of [`VertexCover::from_reach`].
    pub(super) fn from_reach(reach: &Reach, m: &Matching) -> IndependentSet {
        IndependentSet {
            left: reach.left_in_left.collect(Left),
            right: reach
                .right_in_left
                .complement(m.right_count())
                .collect(Right),
        }
    }
}

/// A maximum independent set of `graph`: the complement of the
/// [`minimum_vertex_cover`], with `L + R − matching.len()` vertices.
///
/// In Dulmage–Mendelsohn terms the set is the rows R3 and R0 and the
/// columns C0, C1 and C2.
///
/// # Complexity
///
/// O(V + E) time, as [`minimum_vertex_cover`].
///
/// # Testing
///
/// Against a brute-force search on small random graphs: independent, and
/// no larger independent set exists (`tests/suite/structure_cover.rs`).
///
/// # Errors
///
/// As [`minimum_vertex_cover`].
///
/// ```
/// use bimatch::{maximum_independent_set, Bipartite, HopcroftKarp, Matcher, Right};
///
/// let g = Bipartite::from_edges(2, 3, [(0, 0), (0, 1), (0, 2), (1, 0)])?;
/// let m = HopcroftKarp.maximum_matching(&g);
/// let set = maximum_independent_set(&g, &m)?;
/// assert_eq!(set.len(), 2 + 3 - m.len());
/// assert!(set.left().is_empty());
/// assert_eq!(set.right(), [Right::new(0), Right::new(1), Right::new(2)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn maximum_independent_set(
    graph: &Bipartite,
    matching: &Matching,
) -> Result<IndependentSet, MatchingError> {
    let reach = reach(graph, matching, false)?;
    Ok(IndependentSet::from_reach(&reach, matching))
}

/// A proof that a matching is maximum: a vertex cover with as many
/// vertices as the matching has pairs.
///
/// Every edge of a matching needs its own cover vertex (the edges share no
/// endpoint), so no matching is larger than any vertex cover. A matching
/// and a cover of equal size are therefore both optimal, and checking that
/// takes one pass over the edges — no need to trust the algorithm that
/// produced either.
///
/// # Checking a result from elsewhere
///
/// A matching computed by another program or another library can be
/// checked in two ways:
///
/// 1. Build it with [`Matching::from_pairs`], which rejects pairs that are
///    not edges or share a vertex, then call [`certify`]: it
///    returns a certificate if the matching is maximum, or
///    [`MatchingError::NotMaximum`] carrying an augmenting path that you can check
///    by hand.
/// 2. If the other program also produced a vertex cover, build it with
///    [`VertexCover::new`] and call [`Certificate::verify`] on
///    `Certificate::new(cover)`: this trusts no search of this crate, only
///    one loop over the edges.
///
/// ```
/// use bimatch::{Bipartite, Certificate, Left, Matching, Right, VertexCover};
///
/// let g = Bipartite::from_edges(2, 2, [(0, 0), (0, 1), (1, 0)])?;
/// // A matching and a cover received from elsewhere:
/// let m = Matching::from_pairs(&g, [(Left::new(0), Right::new(1)), (Left::new(1), Right::new(0))])?;
/// let cover = VertexCover::new([Left::new(0)], [Right::new(0)]);
/// Certificate::new(cover).verify(&g, &m)?; // m is maximum
///
/// // Or let the crate find the proof:
/// let cert = bimatch::certify(&g, &m)?;
/// cert.verify(&g, &m)?;
/// assert_eq!(cert.cover().len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Certificate {
    cover: VertexCover,
}

impl Certificate {
    /// A would-be certificate made of a vertex cover; [`verify`](Self::verify)
    /// tells whether it proves a given matching maximum.
    pub fn new(cover: VertexCover) -> Certificate {
        Certificate { cover }
    }

    /// The vertex cover.
    pub fn cover(&self) -> &VertexCover {
        &self.cover
    }

    /// Checks that this certificate proves `matching` maximum in `graph`:
    /// the matching belongs to the graph, the cover's vertices exist and
    /// touch every edge, and the cover has as many vertices as the matching
    /// has pairs. Independent of every search in this crate.
    ///
    /// # Complexity
    ///
    /// O(V + E) time, one byte per vertex of scratch.
    ///
    /// # Errors
    ///
    /// - [`MatchingError::SizeMismatch`] or [`MatchingError::NotAnEdge`] if `matching` does
    ///   not belong to `graph`;
    /// - [`MatchingError::CoverVertexOutOfRange`] if the cover names a vertex the
    ///   graph does not have;
    /// - [`MatchingError::UncoveredEdge`] for the first edge (by left, then right
    ///   vertex) with no endpoint in the cover;
    /// - [`MatchingError::CoverNotTight`] if the cover has more vertices than the
    ///   matching has pairs (then it proves nothing).
    pub fn verify(&self, graph: &Bipartite, matching: &Matching) -> Result<(), MatchingError> {
        matching.check(graph)?;
        let left_in = membership(
            self.cover.left.iter().map(|u| u.index()),
            graph.left_count(),
            Side::Left,
        )?;
        let right_in = membership(
            self.cover.right.iter().map(|v| v.index()),
            graph.right_count(),
            Side::Right,
        )?;
        for (u, in_cover) in left_in.iter().enumerate() {
            if *in_cover {
                continue;
            }
            if let Some(&v) = graph.left_adj(u).iter().find(|&&v| !right_in[idx(v)]) {
                return Err(MatchingError::UncoveredEdge {
                    left: u,
                    right: idx(v),
                });
            }
        }
        if self.cover.len() != matching.len() {
            return Err(MatchingError::CoverNotTight {
                cover: self.cover.len(),
                matching: matching.len(),
            });
        }
        Ok(())
    }
}

/// Marks of the given vertices among `bound`; an id out of range is an error.
fn membership(
    vertices: impl Iterator<Item = usize>,
    bound: usize,
    side: Side,
) -> Result<Vec<bool>, MatchingError> {
    let mut mark = vec![false; bound];
    for vertex in vertices {
        match mark.get_mut(vertex) {
            Some(m) => *m = true,
            None => {
                return Err(MatchingError::CoverVertexOutOfRange {
                    side,
                    vertex,
                    bound,
                })
            }
        }
    }
    Ok(mark)
}

/// A proof that `matching` is maximum in `graph`: a König vertex cover
/// ([`minimum_vertex_cover`]) with as many vertices as the matching has
/// pairs, which [`Certificate::verify`] checks without trusting the search
/// that built it.
///
/// # Complexity
///
/// As [`minimum_vertex_cover`].
///
/// # Errors
///
/// As [`minimum_vertex_cover`]: the matching does not belong to `graph`,
/// or it is not maximum ([`MatchingError::NotMaximum`] with an augmenting
/// path).
///
/// ```
/// use bimatch::{certify, Bipartite, HopcroftKarp, Matcher};
///
/// let g = Bipartite::from_edges(3, 2, [(0, 0), (1, 0), (2, 1)])?;
/// let m = HopcroftKarp.maximum_matching(&g);
/// let certificate = certify(&g, &m)?;
/// certificate.verify(&g, &m)?;
/// assert_eq!(certificate.cover().len(), m.len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn certify(graph: &Bipartite, matching: &Matching) -> Result<Certificate, MatchingError> {
    minimum_vertex_cover(graph, matching).map(Certificate::new)
}
