//! [`Graph`]: an undirected simple graph in compressed sparse row form.

use std::fmt;
use std::iter::FusedIterator;

use super::Error;
use crate::csr::{self, RowWriter};
use crate::util::{id, idx, MAX_EDGES, MAX_VERTICES};
use crate::{Bipartite, IntoEdge};

/// Refuses a vertex count the `u32` ids cannot hold.
fn check_vertex_count(n: usize) -> Result<(), Error> {
    if n > MAX_VERTICES {
        return Err(Error::TooManyVertices {
            count: n,
            limit: MAX_VERTICES,
        });
    }
    Ok(())
}

/// The largest number of distinct edges a [`Graph`] may have: each edge is
/// stored in both directions and the offsets are `u32`.
pub const MAX_GRAPH_EDGES: usize = MAX_EDGES / 2;

/// An undirected simple graph on vertices `0..n`, in compressed sparse row
/// form: each vertex's neighbours sorted ascending, every edge stored in
/// both directions (8 bytes per edge and 4 per vertex, plus 4). Repeated
/// edges merge and self-loops are dropped when the graph is built.
///
/// ```
/// use bimatch::general::Graph;
///
/// // a triangle with a tail; the duplicate (1, 0) merges with (0, 1)
/// let g = Graph::from_edges(4, [(0, 1), (1, 2), (2, 0), (2, 3), (1, 0)])?;
/// assert_eq!((g.vertex_count(), g.edge_count()), (4, 4));
/// assert_eq!(g.neighbors(2).collect::<Vec<_>>(), [0, 1, 3]);
/// assert_eq!(g.degree(3), 1);
/// // a self-loop can never be matched: it is dropped
/// assert_eq!(Graph::from_edges(2, [(1, 1)])?.edge_count(), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Graph {
    /// `adj[offsets[v]..offsets[v + 1]]` are `v`'s neighbours, ascending.
    pub(crate) offsets: Vec<u32>,
    pub(crate) adj: Vec<u32>,
}

impl fmt::Debug for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Graph {} ", self.vertex_count())?;
        f.debug_list().entries(self.edges()).finish()
    }
}

/// The empty graph: no vertices, no edges.
impl Default for Graph {
    fn default() -> Self {
        Graph {
            offsets: vec![0],
            adj: Vec::new(),
        }
    }
}

/// The neighbours of one vertex, ascending, as plain indices: see
/// [`Graph::neighbors`]. The core's neighbour iterator
/// ([`crate::Neighbors`]) over `usize`.
pub type Neighbors<'a> = crate::Neighbors<'a, usize>;

/// Every edge of a [`Graph`] once, as `(u, v)` with `u < v`, ascending:
/// see [`Graph::edges`].
#[derive(Debug, Clone)]
pub struct Edges<'a> {
    graph: &'a Graph,
    /// The smaller end of the next edge.
    u: usize,
    /// The position of the next edge in the adjacency array.
    next: usize,
    /// Edges not yet yielded.
    left: usize,
}

impl Edges<'_> {
    /// Moves to vertex `u`'s first neighbour above `u`.
    #[inline]
    fn start_row(&mut self, u: usize) {
        self.u = u;
        let row = self.graph.adj_of(u);
        self.next = idx(self.graph.offsets[u]) + row.partition_point(|&w| idx(w) < u);
    }
}

impl Iterator for Edges<'_> {
    type Item = (usize, usize);

    #[inline]
    fn next(&mut self) -> Option<(usize, usize)> {
        if self.left == 0 {
            return None;
        }
        // Some vertex at or after `u` has a neighbour above itself.
        while self.next == idx(self.graph.offsets[self.u + 1]) {
            self.start_row(self.u + 1);
        }
        let v = idx(self.graph.adj[self.next]);
        self.next += 1;
        self.left -= 1;
        Some((self.u, v))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Edges<'_> {}
impl FusedIterator for Edges<'_> {}

impl Graph {
    /// The graph on vertices `0..n` with these edges: pairs `(u, v)` of
    /// any integer type the crate reads ([`VertexIndex`](crate::VertexIndex)),
    /// by value or by reference, so `[(0, 1)]`, `&[(u32, u32)]` and
    /// `Vec<(usize, usize)>` all work. Duplicate edges and both
    /// orientations of one edge merge. A self-loop `(v, v)` is accepted and
    /// ignored: no matching can use it, so it is not stored and not counted
    /// by [`edge_count`](Self::edge_count) (as networkx or petgraph graphs
    /// carry them, their edge lists can be passed as they are).
    ///
    /// # Complexity
    ///
    /// O(n + E) time by two counting sorts, E the edges given. At the
    /// peak 24 bytes per edge given and 8 per vertex (up to 32 per edge
    /// when the input's length is not known up front and the list grows by
    /// doubling); the graph keeps 8 bytes per distinct edge and 4 per
    /// vertex.
    ///
    /// # Errors
    ///
    /// - [`Error::TooManyVertices`] if `n` does not fit the `u32` ids;
    /// - [`Error::VertexOutOfRange`] for an endpoint `>= n` and
    ///   [`Error::NegativeVertex`] for a negative one, naming the edge's
    ///   position;
    /// - [`Error::TooManyEdges`] past [`MAX_GRAPH_EDGES`] edges given
    ///   (repeats and self-loops count);
    /// - [`Error::OutOfMemory`] if the graph cannot be stored.
    ///
    /// ```
    /// use bimatch::general::{Error, Graph};
    ///
    /// let path = Graph::from_edges(3, [(0, 1), (2, 1)])?;
    /// assert_eq!(path.edges().collect::<Vec<_>>(), [(0, 1), (1, 2)]);
    /// // u32 pairs by reference, with a self-loop on 2: the same graph
    /// let list: Vec<(u32, u32)> = vec![(1, 0), (2, 2), (1, 2)];
    /// assert_eq!(Graph::from_edges(3, &list)?, path);
    /// let err = Graph::from_edges(3, [(0, 1), (1, 3)]).unwrap_err();
    /// assert_eq!(err.to_string(), "edge 1: vertex 3 is out of range 0..3");
    /// assert!(matches!(err, Error::VertexOutOfRange { position: 1, .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_edges<I>(n: usize, edges: I) -> Result<Graph, Error>
    where
        I: IntoIterator,
        I::Item: IntoEdge,
    {
        check_vertex_count(n)?;
        let pairs =
            csr::collect_edges([n, n], MAX_GRAPH_EDGES, edges).map_err(Error::from_fault)?;
        let (offsets, adj) = csr::undirected(n, &pairs)?;
        Ok(Graph { offsets, adj })
    }

    /// The graph of a bipartite graph: left vertex `u` becomes `u`, right
    /// vertex `v` becomes `L + v`, with `L` the left count.
    ///
    /// # Complexity
    ///
    /// O(L + R + E) time, copying both adjacencies in order; the graph
    /// takes 8 bytes per edge and 4 per vertex.
    ///
    /// # Errors
    ///
    /// [`Error::TooManyVertices`] if `L + R` does not fit the `u32` ids,
    /// [`Error::TooManyEdges`] past [`MAX_GRAPH_EDGES`] edges, and
    /// [`Error::OutOfMemory`] if the graph cannot be stored.
    ///
    /// ```
    /// use bimatch::general::Graph;
    /// use bimatch::Bipartite;
    ///
    /// let b = Bipartite::from_edges(2, 1, [(0, 0), (1, 0)])?;
    /// let g = Graph::from_bipartite(&b)?;
    /// assert_eq!(g.neighbors(2).collect::<Vec<_>>(), [0, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_bipartite(graph: &Bipartite) -> Result<Graph, Error> {
        let left = graph.left_count();
        let n = left + graph.right_count();
        check_vertex_count(n)?;
        if graph.edge_count() > MAX_GRAPH_EDGES {
            return Err(Error::TooManyEdges {
                count: graph.edge_count(),
                limit: MAX_GRAPH_EDGES,
            });
        }
        let mut rows = RowWriter::new(n, 2 * graph.edge_count(), "the general graph")?;
        for u in 0..left {
            for &v in graph.left_adj(u) {
                rows.push(id(left + idx(v)));
            }
            rows.end_row();
        }
        for v in 0..graph.right_count() {
            for &u in graph.right_adj(v) {
                rows.push(u);
            }
            rows.end_row();
        }
        let (offsets, adj) = rows.finish();
        Ok(Graph { offsets, adj })
    }

    /// A graph from rows the caller wrote (crate-internal): `rows` must
    /// hold every edge in both directions, each list ascending, without
    /// repeats or self-loops.
    pub(crate) fn from_rows(rows: RowWriter) -> Graph {
        let (offsets, adj) = rows.finish();
        let g = Graph { offsets, adj };
        debug_assert!((0..g.vertex_count()).all(|u| {
            let row = g.adj_of(u);
            row.windows(2).all(|w| w[0] < w[1])
                && row
                    .iter()
                    .all(|&v| idx(v) != u && g.adj_of(idx(v)).binary_search(&id(u)).is_ok())
        }));
        g
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of distinct edges.
    pub fn edge_count(&self) -> usize {
        self.adj.len() / 2
    }

    /// The neighbours of `v`, ascending.
    ///
    /// # Panics
    ///
    /// If `v >= self.vertex_count()`.
    pub fn neighbors(&self, v: usize) -> Neighbors<'_> {
        Neighbors::new(self.adj_of(v))
    }

    /// The number of neighbours of `v`.
    ///
    /// # Panics
    ///
    /// If `v >= self.vertex_count()`.
    pub fn degree(&self, v: usize) -> usize {
        idx(self.offsets[v + 1] - self.offsets[v])
    }

    /// Whether `u` and `v` are adjacent, by binary search; out-of-range ids
    /// are simply not adjacent.
    pub fn has_edge(&self, u: usize, v: usize) -> bool {
        u < self.vertex_count()
            && v < self.vertex_count()
            && self.adj_of(u).binary_search(&id(v)).is_ok()
    }

    /// Every edge once, as `(u, v)` with `u < v`, ascending;
    /// [`len`](ExactSizeIterator::len) is [`edge_count`](Self::edge_count).
    pub fn edges(&self) -> Edges<'_> {
        let mut edges = Edges {
            graph: self,
            u: 0,
            next: 0,
            left: self.edge_count(),
        };
        if edges.left > 0 {
            edges.start_row(0);
        }
        edges
    }

    /// The raw neighbour list of `v`.
    #[inline(always)]
    pub(crate) fn adj_of(&self, v: usize) -> &[u32] {
        &self.adj[idx(self.offsets[v])..idx(self.offsets[v + 1])]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merges_duplicates_and_sorts() {
        let g = Graph::from_edges(4, [(3, 0), (0, 3), (2, 0), (0, 1), (1, 0)]).unwrap();
        assert_eq!(g.edge_count(), 3);
        assert_eq!(g.neighbors(0).collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(g.edges().collect::<Vec<_>>(), [(0, 1), (0, 2), (0, 3)]);
        assert!(g.has_edge(3, 0) && !g.has_edge(1, 2) && !g.has_edge(0, 9));
    }

    #[test]
    fn errors_name_the_position() {
        assert_eq!(
            Graph::from_edges(3, [(0, 1), (1, 3)]),
            Err(Error::VertexOutOfRange {
                position: 1,
                value: 3,
                bound: 3
            })
        );
        assert_eq!(
            Graph::from_edges(3, [(0, 1), (2, -4)]),
            Err(Error::NegativeVertex {
                position: 1,
                value: -4
            })
        );
        assert!(matches!(
            Graph::from_edges(usize::MAX, [(0, 1)]),
            Err(Error::TooManyVertices { .. })
        ));
    }

    #[test]
    fn self_loops_are_dropped() {
        let g = Graph::from_edges(3, [(0, 0), (0, 1), (2, 2), (1, 1)]).unwrap();
        assert_eq!(g, Graph::from_edges(3, [(1, 0)]).unwrap());
        assert_eq!((g.edge_count(), g.edges().len(), g.degree(2)), (1, 1, 0));
    }

    #[test]
    fn from_bipartite_rows_are_symmetric() {
        let b = Bipartite::from_edges(2, 3, [(0, 2), (1, 0), (0, 0)]).unwrap();
        let g = Graph::from_bipartite(&b).unwrap();
        assert_eq!(g, Graph::from_edges(5, [(0, 4), (1, 2), (0, 2)]).unwrap());
    }
}
