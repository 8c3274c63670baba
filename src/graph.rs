//! [`Bipartite`]: a bipartite graph in compressed sparse row form, with
//! typed vertex ids [`Left`] and [`Right`].

use std::fmt;

use crate::error::GraphError;
use crate::util::{id, idx, MAX_EDGES, MAX_VERTICES};

/// One side of a bipartite graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// The left side, vertices `0..left_count`.
    Left,
    /// The right side, vertices `0..right_count`.
    Right,
}

impl Side {
    /// The other side.
    pub fn opposite(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Left => "left",
            Side::Right => "right",
        })
    }
}

macro_rules! vertex_id {
    ($name:ident, $side:literal) => {
        #[doc = concat!("The id of a ", $side, " vertex.")]
        ///
        /// A newtype over `u32`, so that ids of the two sides cannot be mixed up.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub(crate) u32);

        impl $name {
            #[doc = concat!("The ", $side, " vertex with this 0-based index.")]
            ///
            /// # Panics
            ///
            /// If `index` does not fit the crate's ids (`index >= u32::MAX`).
            /// No graph has such a vertex, so this is a programmer error.
            pub fn new(index: usize) -> Self {
                assert!(index <= MAX_VERTICES, "vertex index {index} is too large");
                $name(id(index))
            }

            /// The 0-based index of this vertex on its side.
            #[inline]
            pub fn index(self) -> usize {
                idx(self.0)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{} {}", $side, self.0)
            }
        }
    };
}

vertex_id!(Left, "left");
vertex_id!(Right, "right");

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
/// | [`HopcroftKarp`](crate::HopcroftKarp)'s workspace | 16 per left vertex in its phases; at most 12 per vertex in its Karp–Sipser start, freed before them |
/// | [`PushRelabel`](crate::PushRelabel)'s and [`Auto`](crate::Auto)'s workspace | 8 per right vertex (labels, relabelling queue) + the FIFO queue, up to 8 per left vertex |
/// | [`PothenFan`](crate::PothenFan)'s workspace | 12 per left and 4 per right vertex in its phases; its Karp–Sipser start as for Hopcroft–Karp |
/// | [`Dinic`](crate::Dinic)'s workspace | 26 per edge + about 60 per vertex (13 per arc of a residual network of 2 (E + V) arcs, node arrays, queue, path) |
///
/// The graph's, Hopcroft–Karp's and Dinic's figures are checked with a
/// counting allocator in `tests/memory.rs`. Measured peak
/// resident memory of a whole process (`examples/memory_probe.rs`, release
/// build, `/usr/bin/time -v`) for 10^6 + 10^6 vertices and 10^7 edges:
/// 124 MiB building the graph and matching it with `HopcroftKarp`, the
/// same reading it from a 138 MB `L R M` file with
/// [`read_edge_list`](crate::io::read_edge_list); 437 MiB with `Dinic`.
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

impl fmt::Debug for Bipartite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bipartite")
            .field("left_count", &self.left_count())
            .field("right_count", &self.right_count())
            .field(
                "edges",
                &self.edges().map(|(l, r)| (l.0, r.0)).collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl Bipartite {
    /// Builds a graph from `(left, right)` index pairs.
    ///
    /// Duplicate edges are accepted and merged: [`edge_count`](Self::edge_count)
    /// counts distinct edges. Runs in O(L + R + E) time with three counting
    /// sorts; at its peak it holds 12 bytes per input edge.
    ///
    /// # Errors
    ///
    /// - [`GraphError::TooManyVertices`] if a side has `u32::MAX` vertices or more;
    /// - [`GraphError::EndpointOutOfRange`] for the first edge with an endpoint
    ///   outside its side, naming the edge's position, side, value and bound;
    /// - [`GraphError::TooManyEdges`] if there are more than `u32::MAX` edges.
    pub fn from_edges<I>(
        left_count: usize,
        right_count: usize,
        edges: I,
    ) -> Result<Self, GraphError>
    where
        I: IntoIterator<Item = (usize, usize)>,
    {
        check_side(left_count)?;
        check_side(right_count)?;
        let pairs = collect_pairs(left_count, right_count, edges, MAX_EDGES)?;
        Ok(Self::from_checked_pairs(left_count, right_count, pairs))
    }

    /// Builds from pairs already known to be in range, at most `MAX_EDGES`.
    pub(crate) fn from_checked_pairs(
        left_count: usize,
        right_count: usize,
        pairs: Vec<(u32, u32)>,
    ) -> Self {
        // Bucket by right vertex, keeping input order inside a bucket.
        let right_offsets = offsets_from_degrees(right_count, pairs.iter().map(|&(_, v)| v));
        let mut fill = right_offsets.clone();
        let mut right_adj = vec![0u32; pairs.len()];
        for &(u, v) in &pairs {
            let slot = &mut fill[idx(v)];
            right_adj[idx(*slot)] = u;
            *slot += 1;
        }
        drop(pairs);
        // Transposing a CSR sorts the other side: left lists come out ascending.
        let (left_offsets, mut left_adj) = transpose_csr(left_count, &right_offsets, &right_adj);
        drop(right_adj);
        let left_offsets = dedup_sorted_lists(left_offsets, &mut left_adj);
        Self::from_left_csr(right_count, left_offsets, left_adj)
    }

    /// Builds from a left → right CSR whose lists are already sorted and free
    /// of duplicates, with ids in range and sizes checked by the caller; adds
    /// the right → left direction with one counting sort.
    pub(crate) fn from_left_csr(
        right_count: usize,
        left_offsets: Vec<u32>,
        left_adj: Vec<u32>,
    ) -> Self {
        debug_assert_eq!(left_offsets.last().map(|&o| idx(o)), Some(left_adj.len()));
        debug_assert!(left_offsets.windows(2).all(|w| {
            let list = &left_adj[idx(w[0])..idx(w[1])];
            list.windows(2).all(|p| p[0] < p[1]) && list.iter().all(|&v| idx(v) < right_count)
        }));
        let (right_offsets, right_adj) = transpose_csr(right_count, &left_offsets, &left_adj);
        Bipartite {
            left_offsets,
            left_adj,
            right_offsets,
            right_adj,
        }
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
    pub fn left_vertices(&self) -> impl ExactSizeIterator<Item = Left> + DoubleEndedIterator {
        (0..id(self.left_count())).map(Left)
    }

    /// All right vertices, ascending.
    pub fn right_vertices(&self) -> impl ExactSizeIterator<Item = Right> + DoubleEndedIterator {
        (0..id(self.right_count())).map(Right)
    }

    /// The right neighbours of left vertex `u`, ascending.
    ///
    /// # Panics
    ///
    /// If `u` is not a vertex of this graph.
    pub fn left_neighbors(
        &self,
        u: Left,
    ) -> impl ExactSizeIterator<Item = Right> + DoubleEndedIterator + '_ {
        self.left_adj(u.index()).iter().map(|&v| Right(v))
    }

    /// The left neighbours of right vertex `v`, ascending.
    ///
    /// # Panics
    ///
    /// If `v` is not a vertex of this graph.
    pub fn right_neighbors(
        &self,
        v: Right,
    ) -> impl ExactSizeIterator<Item = Left> + DoubleEndedIterator + '_ {
        self.right_adj(v.index()).iter().map(|&u| Left(u))
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
    pub fn edges(&self) -> impl Iterator<Item = (Left, Right)> + '_ {
        self.left_offsets
            .windows(2)
            .enumerate()
            .flat_map(move |(u, w)| {
                self.left_adj[idx(w[0])..idx(w[1])]
                    .iter()
                    .map(move |&v| (Left(id(u)), Right(v)))
            })
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

/// Collects edges as `u32` pairs, checking every endpoint and the count.
fn collect_pairs<I>(
    left_count: usize,
    right_count: usize,
    edges: I,
    max_edges: usize,
) -> Result<Vec<(u32, u32)>, GraphError>
where
    I: IntoIterator<Item = (usize, usize)>,
{
    let edges = edges.into_iter();
    let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(edges.size_hint().0.min(1 << 24));
    for (position, (u, v)) in edges.enumerate() {
        if u >= left_count {
            return Err(GraphError::EndpointOutOfRange {
                position,
                side: Side::Left,
                value: u,
                bound: left_count,
            });
        }
        if v >= right_count {
            return Err(GraphError::EndpointOutOfRange {
                position,
                side: Side::Right,
                value: v,
                bound: right_count,
            });
        }
        if position >= max_edges {
            return Err(GraphError::TooManyEdges {
                count: position + 1,
                limit: max_edges,
            });
        }
        pairs.push((id(u), id(v)));
    }
    Ok(pairs)
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

/// CSR offsets (length `n + 1`) from the list of each item's bucket.
fn offsets_from_degrees(n: usize, buckets: impl Iterator<Item = u32>) -> Vec<u32> {
    let mut offsets = vec![0u32; n + 1];
    for b in buckets {
        offsets[idx(b) + 1] += 1;
    }
    for i in 0..n {
        offsets[i + 1] += offsets[i];
    }
    offsets
}

/// Transposes a CSR with `rows` rows into one with `cols` rows; each output
/// list comes out ascending because input rows are visited in order.
fn transpose_csr(cols: usize, offsets: &[u32], adj: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let out_offsets = offsets_from_degrees(cols, adj.iter().copied());
    let mut fill = out_offsets.clone();
    let mut out_adj = vec![0u32; adj.len()];
    for (row, w) in offsets.windows(2).enumerate() {
        for &col in &adj[idx(w[0])..idx(w[1])] {
            let slot = &mut fill[idx(col)];
            out_adj[idx(*slot)] = id(row);
            *slot += 1;
        }
    }
    (out_offsets, out_adj)
}

/// Removes repeated entries from sorted CSR lists in place; returns the new offsets.
fn dedup_sorted_lists(offsets: Vec<u32>, adj: &mut Vec<u32>) -> Vec<u32> {
    let mut new_offsets = Vec::with_capacity(offsets.len());
    new_offsets.push(0u32);
    let mut write = 0usize;
    for w in offsets.windows(2) {
        let start = write;
        for read in idx(w[0])..idx(w[1]) {
            let x = adj[read];
            if write == start || adj[write - 1] != x {
                adj[write] = x;
                write += 1;
            }
        }
        new_offsets.push(id(write));
    }
    adj.truncate(write);
    adj.shrink_to_fit();
    new_offsets
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
    fn the_edge_limit_is_checked_before_storing() {
        let edges = std::iter::repeat((0, 0)).take(10);
        let e = collect_pairs(1, 1, edges, 4).unwrap_err();
        assert_eq!(e, GraphError::TooManyEdges { count: 5, limit: 4 });
        assert_eq!(
            e.to_string(),
            "5 edges is too many: at most 4 are supported"
        );
        assert_eq!(
            collect_pairs(1, 1, std::iter::repeat((0, 0)).take(4), 4)
                .unwrap()
                .len(),
            4
        );
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
