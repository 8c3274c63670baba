//! Two-colouring an undirected graph into a [`Bipartite`] graph.

use crate::csr;
use crate::error::GraphError;
use crate::graph::{check_side, Bipartite};
use crate::ids::{IntoEdge, Left, Right, Side};
use crate::util::{id, idx, MAX_UNDIRECTED_EDGES, UNMATCHED};

/// A vertex of a two-coloured graph, seen from the bipartite side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Vertex {
    /// The vertex became this left vertex.
    Left(Left),
    /// The vertex became this right vertex.
    Right(Right),
}

impl Vertex {
    /// The side the vertex is on.
    pub fn side(self) -> Side {
        match self {
            Vertex::Left(_) => Side::Left,
            Vertex::Right(_) => Side::Right,
        }
    }

    /// The vertex's index on its side.
    pub fn index(self) -> usize {
        match self {
            Vertex::Left(l) => l.index(),
            Vertex::Right(r) => r.index(),
        }
    }
}

/// An undirected graph split into two sides: the [`Bipartite`] graph and the
/// map between the original vertex ids and `(side, index)`.
///
/// Colouring is deterministic: each connected component's smallest vertex
/// goes left, and each side is numbered in increasing original id.
///
/// ```
/// use bimatch::{Bipartition, Vertex, Left, Right};
///
/// // the path 3 - 0 - 2 - 1
/// let b = Bipartition::from_undirected(4, [(3, 0), (0, 2), (2, 1)])?;
/// assert_eq!(b.vertex(0), Vertex::Left(Left::new(0)));
/// assert_eq!(b.vertex(1), Vertex::Left(Left::new(1)));
/// assert_eq!(b.vertex(3), Vertex::Right(Right::new(1)));
/// assert_eq!(b.original_of_right(Right::new(0)), 2);
/// assert_eq!(b.graph().edge_count(), 3);
///
/// let odd = Bipartition::from_undirected(3, [(0, 1), (1, 2), (2, 0)]);
/// assert!(matches!(odd, Err(bimatch::GraphError::OddCycle { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bipartition {
    graph: Bipartite,
    /// Original id → index on its side.
    index: Vec<u32>,
    /// Original id → is it on the right?
    on_right: Vec<bool>,
    /// Left index → original id.
    left_original: Vec<u32>,
    /// Right index → original id.
    right_original: Vec<u32>,
}

impl Bipartition {
    /// Two-colours the undirected graph on vertices `0..n` with these edges,
    /// by breadth-first search in O(n + E) time and 16 bytes per edge.
    /// Duplicate edges (in either direction) are merged.
    ///
    /// # Errors
    ///
    /// - [`GraphError::TooManyVertices`] if `n >= u32::MAX`;
    /// - [`GraphError::VertexOutOfRange`] for an endpoint `>= n`, and
    ///   [`GraphError::NegativeVertex`] for a negative one (the first such
    ///   edge);
    /// - [`GraphError::SelfLoop`] for the first edge `(v, v)`;
    /// - [`GraphError::TooManyEdges`] past `u32::MAX / 2` edges (each is
    ///   stored in both directions while colouring);
    /// - [`GraphError::OutOfMemory`] if the arrays cannot be reserved;
    /// - [`GraphError::OddCycle`] if the graph is not bipartite, with an odd
    ///   cycle as the witness.
    pub fn from_undirected<I>(n: usize, edges: I) -> Result<Self, GraphError>
    where
        I: IntoIterator,
        I::Item: IntoEdge,
    {
        check_side(n)?;
        // Each edge is stored in both directions under `u32` offsets.
        let mut pairs = csr::collect_edges([n, n], MAX_UNDIRECTED_EDGES, edges)
            .map_err(GraphError::from_undirected_fault)?;
        if let Some(position) = pairs.iter().position(|&(a, b)| a == b) {
            return Err(GraphError::SelfLoop {
                position,
                vertex: idx(pairs[position].0),
            });
        }
        // Colouring needs no sorted lists: group both directions in input order.
        let (offsets, adj) = csr::group(n, 2 * pairs.len(), || {
            pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)])
        })?;
        let colour = two_colour(n, &offsets, &adj)?;
        drop((offsets, adj));

        let mut index = csr::filled(n, 0u32, "the vertex map")?;
        let right_count = colour.iter().filter(|&&right| right).count();
        let mut left_original = csr::try_vec(n - right_count, "the vertex map")?;
        let mut right_original = csr::try_vec(right_count, "the vertex map")?;
        for (v, &right) in colour.iter().enumerate() {
            let side = if right {
                &mut right_original
            } else {
                &mut left_original
            };
            index[v] = id(side.len());
            side.push(id(v));
        }
        for p in &mut pairs {
            let (a, b) = *p;
            *p = if colour[idx(a)] {
                (index[idx(b)], index[idx(a)])
            } else {
                (index[idx(a)], index[idx(b)])
            };
        }
        let graph =
            Bipartite::from_checked_pairs(left_original.len(), right_original.len(), pairs)?;
        Ok(Bipartition {
            graph,
            index,
            on_right: colour,
            left_original,
            right_original,
        })
    }

    /// The bipartite graph.
    pub fn graph(&self) -> &Bipartite {
        &self.graph
    }

    /// The bipartite graph, dropping the vertex map.
    pub fn into_graph(self) -> Bipartite {
        self.graph
    }

    /// The number of vertices of the original graph.
    pub fn vertex_count(&self) -> usize {
        self.index.len()
    }

    /// Where original vertex `v` went.
    ///
    /// # Panics
    ///
    /// If `v >= self.vertex_count()`.
    pub fn vertex(&self, v: usize) -> Vertex {
        let i = self.index[v];
        if self.on_right[v] {
            Vertex::Right(Right(i))
        } else {
            Vertex::Left(Left(i))
        }
    }

    /// The original id of left vertex `u`.
    ///
    /// # Panics
    ///
    /// If `u` is not a left vertex of the graph.
    pub fn original_of_left(&self, u: Left) -> usize {
        idx(self.left_original[u.index()])
    }

    /// The original id of right vertex `v`.
    ///
    /// # Panics
    ///
    /// If `v` is not a right vertex of the graph.
    pub fn original_of_right(&self, v: Right) -> usize {
        idx(self.right_original[v.index()])
    }
}

/// Breadth-first two-colouring; `true` means right. On a conflict, returns
/// the odd cycle closed by the offending edge.
pub(crate) fn two_colour(n: usize, offsets: &[u32], adj: &[u32]) -> Result<Vec<bool>, GraphError> {
    let mut colour = csr::filled(n, false, "the colouring")?;
    let mut parent = csr::filled(n, UNMATCHED, "the colouring")?;
    let mut depth = csr::filled(n, u32::MAX, "the colouring")?;
    let mut queue: Vec<u32> = csr::try_vec(n, "the colouring")?;
    for root in 0..n {
        if depth[root] != u32::MAX {
            continue;
        }
        depth[root] = 0;
        queue.clear();
        queue.push(id(root));
        let mut head = 0;
        while head < queue.len() {
            let x = idx(queue[head]);
            head += 1;
            for &y in &adj[idx(offsets[x])..idx(offsets[x + 1])] {
                let y = idx(y);
                if depth[y] == u32::MAX {
                    depth[y] = depth[x] + 1;
                    colour[y] = !colour[x];
                    parent[y] = id(x);
                    queue.push(id(y));
                } else if colour[y] == colour[x] {
                    return Err(GraphError::OddCycle {
                        cycle: odd_cycle(x, y, &parent, &depth),
                    });
                }
            }
        }
    }
    Ok(colour)
}

/// The cycle x → … → lca → … → y (the edge y–x closes it), found by walking
/// both BFS-tree paths up to their lowest common ancestor.
fn odd_cycle(x: usize, y: usize, parent: &[u32], depth: &[u32]) -> Vec<usize> {
    let (mut a, mut b) = (x, y);
    let mut from_x = vec![a];
    let mut from_y = vec![b];
    while depth[a] > depth[b] {
        a = idx(parent[a]);
        from_x.push(a);
    }
    while depth[b] > depth[a] {
        b = idx(parent[b]);
        from_y.push(b);
    }
    while a != b {
        a = idx(parent[a]);
        b = idx(parent[b]);
        from_x.push(a);
        from_y.push(b);
    }
    from_y.pop(); // the common ancestor is already in from_x
    from_x.extend(from_y.into_iter().rev());
    from_x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_edge_limit_is_checked_before_storing() {
        let edges = std::iter::repeat((0, 1)).take(10);
        let e = csr::collect_edges([2, 2], 4, edges).unwrap_err();
        let e = GraphError::from_undirected_fault(e);
        assert_eq!(e, GraphError::TooManyEdges { count: 5, limit: 4 });
        assert_eq!(csr::collect_edges([2, 2], 4, [(0, 1); 4]).unwrap().len(), 4);
        // The real limit leaves room for both directions under u32 offsets.
        assert!(2 * MAX_UNDIRECTED_EDGES <= u32::MAX as usize);
    }
}
