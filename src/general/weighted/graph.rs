//! [`WeightedGraph`]: an undirected graph with a weight on every edge,
//! built by the crate's one CSR builder.

use std::iter::FusedIterator;

use super::error::WeightedError;
use super::num::{value_of, Value};
use crate::assignment::Cost;
use crate::csr::{self, try_vec};
use crate::general::error::Error;
use crate::general::graph::{Graph, MAX_GRAPH_EDGES};
use crate::util::idx;
use crate::IntoWeightedEdge;

/// The largest vertex count of a [`WeightedGraph`]: blossoms are numbered
/// after the vertices, both in `u32`.
pub const MAX_WEIGHTED_VERTICES: usize = (u32::MAX / 2 - 1) as usize;

/// An undirected graph on vertices `0..n` with a weight on every edge, in
/// compressed sparse row form: the unweighted [`Graph`] (neighbours
/// ascending, each edge stored in both directions) and the weight of each
/// stored direction.
///
/// Weights are the assignment wing's cost types ([`Cost`]): `i32`, `i64`,
/// `u32`, `u64` (solved exactly), `f32` or `f64`. Self-loops are accepted
/// and ignored (no matching can use them). An edge given more than once
/// keeps its best copy for each problem: the heaviest for the maximum
/// weight problems ([`weight`](Self::weight)), the lightest for the
/// minimum-cost perfect one ([`cheapest`](Self::cheapest)).
///
/// ```
/// use bimatch::general::WeightedGraph;
///
/// // a triangle; (1, 0) repeats (0, 1) with another weight
/// let g = WeightedGraph::from_edges(3, [(0, 1, 4), (1, 2, 2), (2, 0, 3), (1, 0, 9)])?;
/// assert_eq!((g.vertex_count(), g.edge_count()), (3, 3));
/// assert_eq!(g.weight(0, 1), Some(9));
/// assert_eq!(g.cheapest(1, 0), Some(4));
/// assert_eq!(g.neighbors(2).collect::<Vec<_>>(), [(0, 3), (1, 2)]);
/// assert_eq!(g.edges().collect::<Vec<_>>(), [(0, 1, 9), (0, 2, 3), (1, 2, 2)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct WeightedGraph<W> {
    pub(crate) graph: Graph,
    /// The heaviest weight of each stored direction.
    pub(crate) weights: Vec<W>,
    /// The lightest, when some edge was given with different weights.
    pub(crate) lightest: Option<Vec<W>>,
}

/// The graph with no vertices.
impl<W> Default for WeightedGraph<W> {
    fn default() -> Self {
        WeightedGraph {
            graph: Graph::default(),
            weights: Vec::new(),
            lightest: None,
        }
    }
}

impl<W: Cost> WeightedGraph<W> {
    /// The graph on vertices `0..n` with these `(u, v, w)` edges, by value
    /// or by reference, with ends of any integer type the crate reads
    /// ([`VertexIndex`](crate::VertexIndex)).
    ///
    /// # Complexity
    ///
    /// O(n + E) time by the crate's counting sorts; at the peak about
    /// `24 + 4·size_of::<W>()` bytes per edge given (both directions with
    /// both the heaviest and the lightest weight); the graph keeps
    /// `8 + 2·size_of::<W>()` bytes per distinct edge and 4 per vertex, twice
    /// the weights when some edge repeats with another weight.
    ///
    /// # Errors
    ///
    /// - [`WeightedError::Graph`] with [`Error::TooManyVertices`] (past
    ///   [`MAX_WEIGHTED_VERTICES`]),
    ///   [`Error::VertexOutOfRange`], [`Error::NegativeVertex`],
    ///   [`Error::TooManyEdges`] or [`Error::OutOfMemory`], as
    ///   [`Graph::from_edges`] reports them;
    /// - [`WeightedError::BadWeight`] for a NaN or infinite weight (leave
    ///   the edge out instead), naming the first such edge.
    pub fn from_edges<I, E>(n: usize, edges: I) -> Result<Self, WeightedError>
    where
        I: IntoIterator<Item = E>,
        E: IntoWeightedEdge<W>,
    {
        if n > MAX_WEIGHTED_VERTICES {
            return Err(Error::TooManyVertices {
                count: n,
                limit: MAX_WEIGHTED_VERTICES,
            }
            .into());
        }
        let (pairs, weights) =
            csr::collect_weighted([n, n], MAX_GRAPH_EDGES, edges).map_err(Error::from_fault)?;
        for (position, (&(u, v), &w)) in pairs.iter().zip(&weights).enumerate() {
            let reason = match value_of(w) {
                Value::Float(x) if x.is_nan() => "is NaN",
                Value::Float(x) if x.is_infinite() => "is infinite (leave the edge out instead)",
                _ => continue,
            };
            return Err(WeightedError::BadWeight {
                position,
                u: idx(u),
                v: idx(v),
                reason,
            });
        }
        let loops = pairs.iter().filter(|&&(a, b)| a == b).count();
        let both = 2 * (pairs.len() - loops);
        let mut ends = try_vec(both, "the weighted graph: the edge list")?;
        let mut vals = try_vec(both, "the weighted graph: the weights")?;
        for (&(a, b), &w) in pairs.iter().zip(&weights) {
            if a != b {
                ends.push((a, b));
                ends.push((b, a));
                vals.push((w, w));
                vals.push((w, w));
            }
        }
        drop((pairs, weights));
        let mut differ = false;
        let (offsets, adj, vals) =
            csr::sorted_rows_with(n, n, &ends, &vals, |kept: &mut (W, W), (hi, lo)| {
                if hi > kept.0 {
                    kept.0 = hi;
                }
                if lo < kept.1 {
                    kept.1 = lo;
                }
                differ |= kept.0 != kept.1;
            })?;
        drop(ends);
        let mut heaviest = try_vec(vals.len(), "the weighted graph: the weights")?;
        heaviest.extend(vals.iter().map(|&(hi, _)| hi));
        let lightest = if differ {
            let mut lo = try_vec(vals.len(), "the weighted graph: the weights")?;
            lo.extend(vals.iter().map(|&(_, lo)| lo));
            Some(lo)
        } else {
            None
        };
        Ok(WeightedGraph {
            graph: Graph { offsets, adj },
            weights: heaviest,
            lightest,
        })
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.graph.vertex_count()
    }

    /// The number of distinct edges.
    pub fn edge_count(&self) -> usize {
        self.graph.edge_count()
    }

    /// The unweighted graph: for the cardinality wing
    /// ([`maximum_matching`](crate::general::maximum_matching),
    /// [`gallai_edmonds`](fn@crate::general::gallai_edmonds)).
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The `(neighbour, weight)` pairs of `v`, by ascending neighbour, with
    /// the heaviest weight of each edge.
    ///
    /// # Panics
    ///
    /// If `v >= self.vertex_count()` (a programmer error).
    pub fn neighbors(&self, v: usize) -> WeightedNeighbors<'_, W> {
        assert!(v < self.vertex_count(), "vertex {v} is out of range");
        let r = self.range(v);
        WeightedNeighbors {
            adj: self.graph.adj[r.clone()].iter(),
            weights: self.weights[r].iter(),
        }
    }

    /// Every edge once, as `(u, v, w)` with `u < v` and the heaviest
    /// weight, ascending.
    pub fn edges(&self) -> WeightedEdges<'_, W> {
        WeightedEdges {
            graph: self,
            u: 0,
            p: 0,
            left: self.edge_count(),
        }
    }

    /// The heaviest weight of the edge `(u, v)`, if it is one (binary
    /// search); `None` for out-of-range ids.
    pub fn weight(&self, u: usize, v: usize) -> Option<W> {
        self.position(u, v).map(|p| self.weights[p])
    }

    /// The lightest weight of the edge `(u, v)`, if it is one: the one
    /// [`min_weight_perfect_matching`](super::min_weight_perfect_matching)
    /// uses.
    pub fn cheapest(&self, u: usize, v: usize) -> Option<W> {
        self.position(u, v).map(|p| self.lightest()[p])
    }

    /// The lightest weight of each stored direction.
    pub(crate) fn lightest(&self) -> &[W] {
        self.lightest.as_deref().unwrap_or(&self.weights)
    }

    /// Vertex `v`'s positions in the adjacency array.
    pub(crate) fn range(&self, v: usize) -> std::ops::Range<usize> {
        idx(self.graph.offsets[v])..idx(self.graph.offsets[v + 1])
    }

    fn position(&self, u: usize, v: usize) -> Option<usize> {
        if u >= self.vertex_count() || v >= self.vertex_count() {
            return None;
        }
        let r = self.range(u);
        let at = self.graph.adj[r.clone()]
            .binary_search(&crate::util::id(v))
            .ok()?;
        Some(r.start + at)
    }
}

/// The `(neighbour, weight)` pairs of one vertex: see
/// [`WeightedGraph::neighbors`].
#[derive(Debug, Clone)]
pub struct WeightedNeighbors<'a, W> {
    adj: std::slice::Iter<'a, u32>,
    weights: std::slice::Iter<'a, W>,
}

impl<W: Copy> Iterator for WeightedNeighbors<'_, W> {
    type Item = (usize, W);

    fn next(&mut self) -> Option<(usize, W)> {
        Some((idx(*self.adj.next()?), *self.weights.next()?))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.adj.size_hint()
    }
}

impl<W: Copy> ExactSizeIterator for WeightedNeighbors<'_, W> {}
impl<W: Copy> FusedIterator for WeightedNeighbors<'_, W> {}

/// Every edge of a [`WeightedGraph`] once: see [`WeightedGraph::edges`].
#[derive(Debug, Clone)]
pub struct WeightedEdges<'a, W> {
    graph: &'a WeightedGraph<W>,
    /// The smaller end of the next edge.
    u: usize,
    /// The position of the next stored direction to look at.
    p: usize,
    /// Edges not yet yielded.
    left: usize,
}

impl<W: Copy> Iterator for WeightedEdges<'_, W> {
    type Item = (usize, usize, W);

    fn next(&mut self) -> Option<(usize, usize, W)> {
        if self.left == 0 {
            return None;
        }
        let g = &self.graph.graph;
        loop {
            while self.p == idx(g.offsets[self.u + 1]) {
                self.u += 1;
            }
            let (p, v) = (self.p, idx(g.adj[self.p]));
            self.p += 1;
            if v > self.u {
                self.left -= 1;
                return Some((self.u, v, self.graph.weights[p]));
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<W: Copy> ExactSizeIterator for WeightedEdges<'_, W> {}
impl<W: Copy> FusedIterator for WeightedEdges<'_, W> {}
