//! The structure of maximum matchings: which vertices every maximum
//! matching covers, a König minimum vertex cover and its complement, the
//! Dulmage–Mendelsohn decomposition, and certificates of maximality.
//!
//! Everything here starts from one maximum matching and the same
//! alternating search ([`reach`]): a breadth-first search from every free
//! vertex of one side along alternating paths (an edge to the other side,
//! then the matched edge back). The search also proves the matching
//! maximum — if it meets a free vertex of the other side it has found an
//! augmenting path, and the functions refuse to answer.

mod cover;
mod dulmage_mendelsohn;
mod essential;

pub(crate) use cover::certify;
pub use cover::{
    maximum_independent_set, minimum_vertex_cover, Certificate, IndependentSet, VertexCover,
};
pub use dulmage_mendelsohn::{dulmage_mendelsohn, DmDecomposition};
pub use essential::{non_essential_vertices, NonEssential};

use crate::error::MatchingError;
use crate::graph::Bipartite;
use crate::matching::Matching;
use crate::util::{id, idx, UNMATCHED};

/// The vertices reached by alternating paths from the free vertices of
/// each side.
pub(crate) struct Reach {
    /// Left vertices reachable from a free left vertex (the free ones too).
    pub(crate) left: Vec<bool>,
    /// Right vertices reachable from a free right vertex (the free ones too).
    pub(crate) right: Vec<bool>,
}

/// Checks that `m` belongs to `graph`, then runs the search from the free
/// left vertices and, if `both`, the one from the free right vertices
/// (otherwise `right` is empty).
///
/// # Errors
///
/// [`MatchingError::SizeMismatch`] or [`MatchingError::NotAnEdge`] if `m` does not belong
/// to `graph`; [`MatchingError::NotMaximum`] with the augmenting path found.
pub(crate) fn checked_reach(
    graph: &Bipartite,
    m: &Matching,
    both: bool,
) -> Result<Reach, MatchingError> {
    m.check(graph)?;
    reach(graph, m, both).map_err(|path| MatchingError::NotMaximum { path })
}

/// The searches of [`checked_reach`] without the check; on failure, the
/// augmenting path as left, right, …, right ids.
pub(crate) fn reach(graph: &Bipartite, m: &Matching, both: bool) -> Result<Reach, Vec<usize>> {
    let left = reach_from_free(
        &graph.left_offsets,
        &graph.left_adj,
        &m.left_mate,
        &m.right_mate,
    )?;
    // The first search already proves maximality (no augmenting path starts
    // at a free left vertex), so the second one never fails in practice;
    // its error is still reported the same way.
    let right = if both {
        reach_from_free(
            &graph.right_offsets,
            &graph.right_adj,
            &m.right_mate,
            &m.left_mate,
        )
        .map_err(|mut path| {
            path.reverse(); // it ran from a free right vertex to a free left one
            path
        })?
    } else {
        Vec::new()
    };
    Ok(Reach { left, right })
}

/// Breadth-first search over alternating paths from every free vertex of
/// one side ("own" side: the CSR `offsets`/`adj`); marks the own-side
/// vertices reached. Meeting a free vertex of the other side is an
/// augmenting path, returned as own, other, own, …, other.
fn reach_from_free(
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
