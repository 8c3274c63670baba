//! The structure of maximum matchings: which vertices every maximum
//! matching covers.

use crate::error::Error;
use crate::graph::{Bipartite, Left, Right};
use crate::matcher::maximum_matching;
use crate::matching::Matching;
use crate::util::{id, idx, UNMATCHED};

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
/// all. Together they are the coarse Dulmage–Mendelsohn decomposition.
///
/// # Complexity
///
/// O(V + E) time, 5 bytes of scratch per vertex beside the result.
///
/// # Errors
///
/// - [`Error::SizeMismatch`] or [`Error::NotAnEdge`] if `matching` does
///   not belong to `graph`;
/// - [`Error::NotMaximum`] if a search reaches a free vertex of the other
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
) -> Result<NonEssential, Error> {
    matching.check(graph)?;
    alternating_search(graph, matching).map_err(|path| Error::NotMaximum { path })
}

/// Both searches; on failure, the augmenting path as left, right, …, right.
fn alternating_search(graph: &Bipartite, m: &Matching) -> Result<NonEssential, Vec<usize>> {
    let left_mark = reach(
        &graph.left_offsets,
        &graph.left_adj,
        &m.left_mate,
        &m.right_mate,
    )?;
    let right_mark = reach(
        &graph.right_offsets,
        &graph.right_adj,
        &m.right_mate,
        &m.left_mate,
    )
    .map_err(|mut path| {
        path.reverse(); // it ran from a free right vertex to a free left one
        path
    })?;
    let collect = |marks: &[bool]| -> Vec<u32> {
        marks
            .iter()
            .enumerate()
            .filter(|&(_, &x)| x)
            .map(|(i, _)| id(i))
            .collect()
    };
    Ok(NonEssential {
        left: collect(&left_mark).into_iter().map(Left).collect(),
        right: collect(&right_mark).into_iter().map(Right).collect(),
        left_mark,
        right_mark,
    })
}

/// Breadth-first search over alternating paths from every free vertex of
/// one side ("own" side: the CSR `offsets`/`adj`); marks the own-side
/// vertices reached. Meeting a free vertex of the other side is an
/// augmenting path, returned as own, other, own, …, other.
fn reach(
    offsets: &[u32],
    adj: &[u32],
    own_mate: &[u32],
    other_mate: &[u32],
) -> Result<Vec<bool>, Vec<usize>> {
    let n = own_mate.len();
    let mut mark = vec![false; n];
    // For a reached matched vertex: the own-side vertex it was reached from.
    let mut parent = vec![UNMATCHED; n];
    let mut queue: Vec<u32> = Vec::with_capacity(n);
    for (u, &mate) in own_mate.iter().enumerate() {
        if mate == UNMATCHED {
            mark[u] = true;
            queue.push(id(u));
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let u = idx(queue[head]);
        head += 1;
        for &v in &adj[idx(offsets[u])..idx(offsets[u + 1])] {
            let w = other_mate[idx(v)];
            if w == UNMATCHED {
                return Err(trace_path(u, v, own_mate, &parent));
            }
            let w = idx(w);
            if !mark[w] {
                mark[w] = true;
                parent[w] = id(u);
                queue.push(id(w));
            }
        }
    }
    Ok(mark)
}

/// The alternating path root, …, u, v, read back through `parent`.
fn trace_path(u: usize, v: u32, own_mate: &[u32], parent: &[u32]) -> Vec<usize> {
    let mut path = vec![idx(v), u];
    let mut x = u;
    while parent[x] != UNMATCHED {
        path.push(idx(own_mate[x]));
        x = idx(parent[x]);
        path.push(x);
    }
    path.reverse();
    path
}
