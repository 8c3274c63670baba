//! [`Bipartite`]: a bipartite graph in compressed sparse row form, with
//! typed vertex ids [`Left`] and [`Right`].

use std::fmt;
use std::marker::PhantomData;

use crate::error::GraphError;
use crate::ids::{FromRaw, IntoEdge, Left, Right, VertexIndex};
use crate::util::{id, idx, MAX_EDGES, MAX_VERTICES};

macro_rules! try_from_index {
    ($name:ident, $side:literal) => {
        impl TryFrom<usize> for $name {
            type Error = GraphError;

            #[doc = concat!("The ", $side, " vertex with this index, or")]
            /// [`GraphError::TooManyVertices`] if no graph can have it.
            fn try_from(index: usize) -> Result<Self, GraphError> {
                if index < MAX_VERTICES {
                    Ok($name(id(index)))
                } else {
                    Err(GraphError::TooManyVertices {
                        count: index.saturating_add(1),
                        limit: MAX_VERTICES,
                    })
                }
            }
        }
    };
}

try_from_index!(Left, "left");
try_from_index!(Right, "right");

/// The neighbours of one vertex, ascending: see
/// [`Bipartite::left_neighbors`] and [`Bipartite::right_neighbors`]; over
/// `usize`, the neighbours of an undirected graph.
#[derive(Debug, Clone)]
pub struct Neighbors<'a, T> {
    ids: std::slice::Iter<'a, u32>,
    side: PhantomData<T>,
}

impl<'a, T> Neighbors<'a, T> {
    /// The ids of one adjacency list.
    #[inline]
    pub(crate) fn new(ids: &'a [u32]) -> Self {
        Neighbors {
            ids: ids.iter(),
            side: PhantomData,
        }
    }
}

impl<T: FromRaw> Iterator for Neighbors<'_, T> {
    type Item = T;

    #[inline]
    fn next(&mut self) -> Option<T> {
        self.ids.next().map(|&raw| T::from_raw(raw))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.ids.size_hint()
    }
}

impl<T: FromRaw> DoubleEndedIterator for Neighbors<'_, T> {
    fn next_back(&mut self) -> Option<T> {
        self.ids.next_back().map(|&raw| T::from_raw(raw))
    }
}

impl<T: FromRaw> ExactSizeIterator for Neighbors<'_, T> {}
impl<T: FromRaw> std::iter::FusedIterator for Neighbors<'_, T> {}

/// All vertices of one side, ascending: see [`Bipartite::left_vertices`]
/// and [`Bipartite::right_vertices`].
#[derive(Debug, Clone)]
pub struct Vertices<T> {
    range: std::ops::Range<u32>,
    side: PhantomData<T>,
}

impl<T: FromRaw> Iterator for Vertices<T> {
    type Item = T;

    #[inline]
    fn next(&mut self) -> Option<T> {
        self.range.next().map(T::from_raw)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.range.size_hint()
    }
}

impl<T: FromRaw> DoubleEndedIterator for Vertices<T> {
    fn next_back(&mut self) -> Option<T> {
        self.range.next_back().map(T::from_raw)
    }
}

impl<T: FromRaw> ExactSizeIterator for Vertices<T> {}
impl<T: FromRaw> std::iter::FusedIterator for Vertices<T> {}

/// Every edge of a graph once, by left vertex then right vertex: see
/// [`Bipartite::edges`].
#[derive(Debug, Clone)]
pub struct Edges<'a> {
    graph: &'a Bipartite,
    /// The left vertex of the next edge.
    left: usize,
    /// The position of the next edge in the left adjacency array.
    next: usize,
}

impl Iterator for Edges<'_> {
    type Item = (Left, Right);

    #[inline]
    fn next(&mut self) -> Option<(Left, Right)> {
        let g = self.graph;
        if self.next >= g.left_adj.len() {
            return None;
        }
        while idx(g.left_offsets[self.left + 1]) <= self.next {
            self.left += 1;
        }
        let v = g.left_adj[self.next];
        self.next += 1;
        Some((Left(id(self.left)), Right(v)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let rest = self.graph.left_adj.len() - self.next;
        (rest, Some(rest))
    }
}

impl ExactSizeIterator for Edges<'_> {}
impl std::iter::FusedIterator for Edges<'_> {}

/// A bipartite graph with left vertices `0..L` and right vertices `0..R`.
///
/// Adjacency is stored twice in compressed sparse row form, left → right
/// and right → left, with `u32` ids: 8 bytes per edge plus 4 bytes per
/// vertex, plus 4 bytes for each side's closing offset. Every adjacency list
/// is sorted ascending and free of duplicates, so the graph does not depend
/// on the order in which edges were given, and neither does any result the
/// crate computes from it.
///
/// # Memory
///
/// | what | bytes |
/// | --- | --- |
/// | the graph (kept) | 8 per edge + 4 per vertex + 8 |
/// | building it ([`from_edges`](Self::from_edges)), at the peak | 12 per edge given (repeats included) + 8 per vertex |
/// | a [`Matching`](crate::Matching) | 4 per vertex |
/// | [`HopcroftKarp`](crate::HopcroftKarp)'s workspace | 16 per left vertex in its phases; in its Karp–Sipser start 8 per vertex + stacks of at most 4 per vertex, freed before them |
/// | [`PushRelabel`](crate::PushRelabel)'s and [`Auto`](crate::Auto)'s workspace | 8 per right vertex (labels, relabelling queue) + the FIFO queue, up to 8 per left vertex; Auto adds Hopcroft–Karp's 16 per left vertex if it takes over |
/// | [`PothenFan`](crate::PothenFan)'s workspace | 12 per left vertex, 4 per left vertex free when its phases begin and 4 per right vertex; its Karp–Sipser start as for Hopcroft–Karp |
/// | [`Dinic`](crate::Dinic)'s workspace | 26 per edge + 50 per vertex (13 per arc of a residual network of 2 (E + V) arcs, 20 per node of arrays, 4 of queue) + the search path, at most 8 per vertex; its Karp–Sipser start as for Hopcroft–Karp |
/// | a warm start ([`maximum_matching_from`](crate::Matcher::maximum_matching_from)) | as the matcher's own; push-relabel's and Auto's 4 per left vertex more (the start's mates) |
///
/// Lists that grow while an algorithm runs (queues, stacks) are counted
/// by their entries; a growing list may hold up to twice that room. The
/// graph's, Hopcroft–Karp's and Dinic's figures are checked with a
/// counting allocator in `tests/memory/memory.rs`, the warm starts' in
/// `tests/memory/warm_starts.rs`.
///
/// ```
/// use bimatch::{Bipartite, Left, Right};
///
/// let g = Bipartite::from_edges(3, 2, [(0, 0), (1, 0), (2, 1), (1, 0)])?;
/// assert_eq!(g.edge_count(), 3); // the duplicate (1, 0) is merged
/// let n: Vec<Left> = g.right_neighbors(Right::new(0)).collect();
/// assert_eq!(n, [Left::new(0), Left::new(1)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Bipartite {
    /// `left_offsets[u]..left_offsets[u + 1]` indexes `left_adj`; length L + 1.
    pub(crate) left_offsets: Vec<u32>,
    /// Right neighbours of each left vertex, ascending.
    pub(crate) left_adj: Vec<u32>,
    /// `right_offsets[v]..right_offsets[v + 1]` indexes `right_adj`; length R + 1.
    pub(crate) right_offsets: Vec<u32>,
    /// Left neighbours of each right vertex, ascending.
    pub(crate) right_adj: Vec<u32>,
}

/// The sizes and at most the first 16 edges, so that a graph
/// of ten million edges prints as one short line.
impl fmt::Debug for Bipartite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Shown<'a>(&'a Bipartite);
        impl fmt::Debug for Shown<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let mut list = f.debug_list();
                list.entries(self.0.edges().take(DEBUG_EDGES).map(|(l, r)| (l.0, r.0)));
                if self.0.edge_count() > DEBUG_EDGES {
                    list.entry(&format_args!("…"));
                }
                list.finish()
            }
        }
        f.debug_struct("Bipartite")
            .field("left_count", &self.left_count())
            .field("right_count", &self.right_count())
            .field("edge_count", &self.edge_count())
            .field("edges", &Shown(self))
            .finish()
    }
}

/// How many edges `Debug` shows.
const DEBUG_EDGES: usize = 16;

/// The empty graph: no vertices, no edges.
impl Default for Bipartite {
    fn default() -> Self {
        Bipartite {
            left_offsets: vec![0],
            left_adj: Vec::new(),
            right_offsets: vec![0],
            right_adj: Vec::new(),
        }
    }
}

impl Bipartite {
    /// Builds a graph from `(left, right)` index pairs: any [`IntoEdge`]
    /// items, so `[(0, 1)]`, `&[(u32, u32)]` and `Vec<(usize, usize)>`
    /// all work.
    ///
    /// Duplicate edges are accepted and merged: [`edge_count`](Self::edge_count)
    /// counts distinct edges. Runs in O(L + R + E) time with three counting
    /// sorts; at its peak it holds 12 bytes per input edge.
    ///
    /// # Errors
    ///
    /// - [`GraphError::TooManyVertices`] if a side has `u32::MAX - 1` vertices or more;
    /// - [`GraphError::EndpointOutOfRange`] for the first edge with an endpoint
    ///   outside its side, naming the edge's position, side, value and bound,
    ///   and [`GraphError::NegativeEndpoint`] for a negative one;
    /// - [`GraphError::TooManyEdges`] if there are more than `u32::MAX` edges;
    /// - [`GraphError::OutOfMemory`] if the arrays cannot be reserved.
    ///
    /// ```
    /// use bimatch::Bipartite;
    ///
    /// let edges: Vec<(u32, u32)> = vec![(0, 1), (1, 0)];
    /// let a = Bipartite::from_edges(2, 2, &edges)?;
    /// let b = Bipartite::from_edges(2, 2, [(1usize, 0usize), (0, 1)])?;
    /// assert_eq!(a, b);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_edges<I>(
        left_count: usize,
        right_count: usize,
        edges: I,
    ) -> Result<Self, GraphError>
    where
        I: IntoIterator,
        I::Item: IntoEdge,
    {
        check_side(left_count)?;
        check_side(right_count)?;
        let pairs = crate::csr::collect_edges([left_count, right_count], MAX_EDGES, edges)
            .map_err(GraphError::from_bipartite_fault)?;
        Self::from_checked_pairs(left_count, right_count, pairs)
    }

    /// Builds a graph from compressed sparse row arrays the caller already
    /// has: left vertex `u`'s right neighbours are
    /// `targets[offsets[u]..offsets[u + 1]]`, so there are
    /// `offsets.len() - 1` left vertices. The arrays may hold any
    /// [`VertexIndex`] type, so the `u32` arrays that
    /// [`left_csr`](Self::left_csr) returns and `usize` ones both work.
    /// Lists need not be sorted;
    /// repeated entries are merged. Nothing is expanded to pairs: two
    /// counting sorts, O(L + R + E) time, 8 bytes per entry at the peak
    /// beside the result.
    ///
    /// # Errors
    ///
    /// - [`GraphError::BadCsr`] if `offsets` is empty, does not start at 0,
    ///   decreases, or does not end at `targets.len()`, or if a target is
    ///   not below `right_count`, naming the array and the position;
    /// - [`GraphError::TooManyVertices`] or [`GraphError::TooManyEdges`]
    ///   past the `u32` limits;
    /// - [`GraphError::OutOfMemory`] if the arrays cannot be reserved.
    ///
    /// ```
    /// use bimatch::{Bipartite, Left, Right};
    ///
    /// // Two left vertices: 0 -> {1, 0}, 1 -> {}.
    /// let g = Bipartite::from_csr(2, &[0, 2, 2], &[1, 0])?;
    /// assert_eq!(g.left_count(), 2);
    /// assert_eq!(g.left_csr(), (&[0, 2, 2][..], &[0, 1][..])); // sorted
    /// assert!(g.has_edge(Left::new(0), Right::new(1)));
    /// assert!(Bipartite::from_csr(2, &[0, 2], &[0, 5]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_csr<O: VertexIndex, T: VertexIndex>(
        right_count: usize,
        offsets: &[O],
        targets: &[T],
    ) -> Result<Self, GraphError> {
        let bad = |array, index, problem: String| GraphError::BadCsr {
            array,
            index,
            problem,
        };
        let Some(left_count) = offsets.len().checked_sub(1) else {
            return Err(bad("offsets", 0, "empty: it needs L + 1 entries".into()));
        };
        check_side(left_count)?;
        check_side(right_count)?;
        if targets.len() > MAX_EDGES {
            return Err(GraphError::TooManyEdges {
                count: targets.len(),
                limit: MAX_EDGES,
            });
        }
        let read_offset = |i: usize| {
            offsets[i]
                .to_index()
                .map_err(|value| bad("offsets", i, format!("{value} is negative")))
        };
        let first = read_offset(0)?;
        if first != 0 {
            return Err(bad("offsets", 0, format!("{first} instead of 0")));
        }
        let mut previous = 0;
        for i in 1..=left_count {
            let o = read_offset(i)?;
            if o < previous {
                return Err(bad(
                    "offsets",
                    i,
                    format!("{o} is less than the {previous} before it"),
                ));
            }
            previous = o;
        }
        if previous != targets.len() {
            return Err(bad(
                "offsets",
                left_count,
                format!(
                    "the last offset is {previous}, but there are {} targets",
                    targets.len()
                ),
            ));
        }
        if let Some((i, found)) = targets
            .iter()
            .enumerate()
            .find_map(|(i, t)| match t.to_index() {
                Ok(v) if v < right_count => None,
                Ok(v) => Some((i, v.to_string())),
                Err(v) => Some((i, v.to_string())),
            })
        {
            return Err(bad(
                "targets",
                i,
                format!(
                    "{found} is not a right vertex (the graph has {right_count}, ids 0..{right_count})"
                ),
            ));
        }
        // Every value is checked above, so these conversions cannot fail.
        let offset = |i: usize| checked(offsets[i]);
        // Transposing twice sorts every list; then merge repeats.
        let (right_offsets, right_adj) = crate::csr::group(right_count, targets.len(), || {
            (0..left_count).flat_map(move |u| {
                targets[offset(u)..offset(u + 1)]
                    .iter()
                    .map(move |&t| (id(checked(t)), id(u)))
            })
        })?;
        let (mut left_offsets, mut left_adj) =
            crate::csr::transpose(left_count, &right_offsets, &right_adj)?;
        drop((right_offsets, right_adj));
        crate::csr::dedup_sorted(&mut left_offsets, &mut left_adj);
        Self::from_left_csr(right_count, left_offsets, left_adj)
    }

    /// Builds from pairs already known to be in range, at most `MAX_EDGES`.
    pub(crate) fn from_checked_pairs(
        left_count: usize,
        right_count: usize,
        pairs: Vec<(u32, u32)>,
    ) -> Result<Self, GraphError> {
        let (left_offsets, left_adj) = crate::csr::sorted_rows(left_count, right_count, pairs)?;
        Self::from_left_csr(right_count, left_offsets, left_adj)
    }

    /// Builds from a left → right CSR whose lists are already sorted and free
    /// of duplicates, with ids in range and sizes checked by the caller; adds
    /// the right → left direction with one counting sort.
    pub(crate) fn from_left_csr(
        right_count: usize,
        left_offsets: Vec<u32>,
        left_adj: Vec<u32>,
    ) -> Result<Self, GraphError> {
        debug_assert_eq!(left_offsets.last().map(|&o| idx(o)), Some(left_adj.len()));
        debug_assert!(left_offsets.windows(2).all(|w| {
            let list = &left_adj[idx(w[0])..idx(w[1])];
            list.windows(2).all(|p| p[0] < p[1]) && list.iter().all(|&v| idx(v) < right_count)
        }));
        let (right_offsets, right_adj) =
            crate::csr::transpose(right_count, &left_offsets, &left_adj)?;
        Ok(Bipartite {
            left_offsets,
            left_adj,
            right_offsets,
            right_adj,
        })
    }

    /// The number of left vertices, L.
    #[inline]
    pub fn left_count(&self) -> usize {
        self.left_offsets.len() - 1
    }

    /// The number of right vertices, R.
    #[inline]
    pub fn right_count(&self) -> usize {
        self.right_offsets.len() - 1
    }

    /// The number of distinct edges, E.
    #[inline]
    pub fn edge_count(&self) -> usize {
        self.left_adj.len()
    }

    /// All left vertices, ascending.
    pub fn left_vertices(&self) -> Vertices<Left> {
        Vertices {
            range: 0..id(self.left_count()),
            side: PhantomData,
        }
    }

    /// All right vertices, ascending.
    pub fn right_vertices(&self) -> Vertices<Right> {
        Vertices {
            range: 0..id(self.right_count()),
            side: PhantomData,
        }
    }

    /// The left → right adjacency in compressed sparse row form: left
    /// vertex `u`'s right neighbours are `targets[offsets[u]..offsets[u + 1]]`,
    /// ascending and without repeats.
    pub fn left_csr(&self) -> (&[u32], &[u32]) {
        (&self.left_offsets, &self.left_adj)
    }

    /// The right → left adjacency, as [`left_csr`](Self::left_csr) with
    /// the sides swapped.
    pub fn right_csr(&self) -> (&[u32], &[u32]) {
        (&self.right_offsets, &self.right_adj)
    }

    /// The right neighbours of left vertex `u`, ascending.
    ///
    /// # Panics
    ///
    /// If `u` is not a vertex of this graph.
    pub fn left_neighbors(&self, u: Left) -> Neighbors<'_, Right> {
        Neighbors::new(self.left_adj(u.index()))
    }

    /// The left neighbours of right vertex `v`, ascending.
    ///
    /// # Panics
    ///
    /// If `v` is not a vertex of this graph.
    pub fn right_neighbors(&self, v: Right) -> Neighbors<'_, Left> {
        Neighbors::new(self.right_adj(v.index()))
    }

    /// The degree of left vertex `u`.
    ///
    /// # Panics
    ///
    /// If `u` is not a vertex of this graph.
    pub fn left_degree(&self, u: Left) -> usize {
        self.left_adj(u.index()).len()
    }

    /// The degree of right vertex `v`.
    ///
    /// # Panics
    ///
    /// If `v` is not a vertex of this graph.
    pub fn right_degree(&self, v: Right) -> usize {
        self.right_adj(v.index()).len()
    }

    /// Whether `(u, v)` is an edge, in O(log deg u). Ids outside the graph
    /// are simply not adjacent.
    pub fn has_edge(&self, u: Left, v: Right) -> bool {
        u.index() < self.left_count() && self.left_adj(u.index()).binary_search(&v.0).is_ok()
    }

    /// Every edge once, ordered by left vertex, then right vertex.
    pub fn edges(&self) -> Edges<'_> {
        Edges {
            graph: self,
            left: 0,
            next: 0,
        }
    }

    /// The same graph with the sides swapped: left vertex `i` becomes right
    /// vertex `i` and vice versa. O(1) beyond the copy of the arrays.
    pub fn transpose(&self) -> Bipartite {
        self.clone().into_transposed()
    }

    /// Like [`transpose`](Self::transpose), reusing this graph's storage.
    pub fn into_transposed(self) -> Bipartite {
        Bipartite {
            left_offsets: self.right_offsets,
            left_adj: self.right_adj,
            right_offsets: self.left_offsets,
            right_adj: self.left_adj,
        }
    }

    /// Raw right neighbours of left index `u`.
    #[inline(always)]
    pub(crate) fn left_adj(&self, u: usize) -> &[u32] {
        &self.left_adj[idx(self.left_offsets[u])..idx(self.left_offsets[u + 1])]
    }

    /// Raw left neighbours of right index `v`.
    #[inline(always)]
    pub(crate) fn right_adj(&self, v: usize) -> &[u32] {
        &self.right_adj[idx(self.right_offsets[v])..idx(self.right_offsets[v + 1])]
    }
}

/// An index already checked to be in range.
#[inline(always)]
fn checked<T: VertexIndex>(x: T) -> usize {
    x.to_index().unwrap_or_default()
}

/// Rejects side sizes the `u32` ids cannot hold.
pub(crate) fn check_side(count: usize) -> Result<(), GraphError> {
    if count > MAX_VERTICES {
        return Err(GraphError::TooManyVertices {
            count,
            limit: MAX_VERTICES,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_sorted_and_deduplicated() {
        let g =
            Bipartite::from_edges(3, 3, [(2, 1), (0, 2), (2, 0), (0, 2), (1, 1), (2, 1)]).unwrap();
        assert_eq!(g.edge_count(), 4);
        assert_eq!(g.left_adj(0), [2]);
        assert_eq!(g.left_adj(2), [0, 1]);
        assert_eq!(g.right_adj(1), [1, 2]);
        let e: Vec<_> = g.edges().map(|(l, r)| (l.index(), r.index())).collect();
        assert_eq!(e, [(0, 2), (1, 1), (2, 0), (2, 1)]);
    }

    #[test]
    fn transpose_swaps_sides() {
        let g = Bipartite::from_edges(2, 3, [(0, 2), (1, 0)]).unwrap();
        let t = g.transpose();
        assert_eq!((t.left_count(), t.right_count()), (3, 2));
        assert!(t.has_edge(Left::new(2), Right::new(0)));
        assert_eq!(t.transpose(), g);
    }
}
