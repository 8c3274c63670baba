//! Pothen–Fan+: phases of depth-first searches with lookahead.

use super::karp_sipser::karp_sipser_extend;
use super::Step;
use crate::util::{id, idx, UNMATCHED};
use crate::Bipartite;

/// The Pothen–Fan algorithm (A. Pothen and C.-J. Fan, "Computing the block
/// triangular form of a sparse matrix", ACM TOMS 16(4), 1990) with the
/// fairness refinement of I. S. Duff, K. Kaya and B. Uçar ("Design,
/// implementation, and analysis of maximum transversal algorithms", ACM
/// TOMS 38(2), 2011), known there as PF+.
///
/// Each phase runs one depth-first search from every free left vertex in
/// turn, over alternating paths, sharing one visited mark per right vertex
/// (a phase stamp, so nothing is cleared): the augmenting paths found in a
/// phase are vertex-disjoint, but unlike Hopcroft–Karp they need not be
/// shortest. Before descending from a left vertex the search *looks
/// ahead* for a free neighbour through a pointer that only moves forward
/// over the whole run (a neighbour it passes is matched and stays so). The
/// descent scans adjacency lists forward in odd phases and backward in
/// even ones (*fairness*). Phases repeat until one finds no augmenting
/// path. The start is the [`KarpSipser`](crate::KarpSipser) matching.
///
/// A warm start
/// ([`Matcher::maximum_matching_from`](crate::Matcher::maximum_matching_from))
/// runs the same steps from the given matching: the Karp–Sipser rules
/// extend it to a maximal one, keeping its pairs, and the phases augment
/// that. Augmenting never unmatches a vertex, and a maximum start comes
/// back unchanged; from the empty matching it is the cold run.
///
/// # Complexity
///
/// O(V·E) time in the worst case, cold or from any warm start (at most V
/// phases of O(V + E), the lookahead pointers adding O(E) in all, after an
/// O(V + E) Karp–Sipser extension); a start saves phases in practice, not
/// in the bound. Extra space in the phases: 12 bytes per left vertex
/// (lookahead pointer, and a stack frame of 8 on the search path, which
/// holds each left vertex at most once), 4 per left vertex free when they
/// begin (the roots) and 4 per right vertex (visit stamp). Before them,
/// the Karp–Sipser start takes 8 bytes per vertex of both sides plus its
/// stacks, at most 4 more, and frees it. No recursion: the search keeps
/// its path on an explicit stack.
///
/// # Testing
///
/// `tests/suite/matchers_conformance.rs`: the conformance table, thousands of
/// random graphs against a brute-force maximum, planted long alternating
/// paths, warm starts, agreement of `non_essential_vertices`, and
/// 10^6-vertex paths in release mode.
///
/// ```
/// use bimatch::{Bipartite, Matcher, PothenFan};
///
/// let g = Bipartite::from_edges(3, 3, [(0, 0), (0, 1), (1, 0), (2, 1), (2, 2)])?;
/// assert_eq!(PothenFan.maximum_matching(&g).len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PothenFan;

/// The Karp–Sipser start, then the phases.
const STEPS: &[Step] = &[karp_sipser_extend, augment_to_maximum];

matcher_of_steps!(PothenFan, "pothen-fan", STEPS);

/// Runs Pothen–Fan+ phases on the given matching until it is maximum;
/// returns the number of phases. Matched vertices stay matched.
pub(crate) fn augment_to_maximum(
    graph: &Bipartite,
    left_mate: &mut [u32],
    right_mate: &mut [u32],
) -> usize {
    let mut free: Vec<u32> = (0..graph.left_count())
        .filter(|&u| left_mate[u] == UNMATCHED && !graph.left_adj(u).is_empty())
        .map(id)
        .collect();
    if free.is_empty() {
        return 0;
    }
    let mut search = Search {
        lookahead: graph.left_offsets[..graph.left_count()].to_vec(),
        visited: vec![0; graph.right_count()],
        stamp: 0,
        stack: Vec::new(),
    };
    let mut phases = 0;
    loop {
        phases += 1;
        search.stamp += 1;
        let forward = search.stamp % 2 == 1;
        let before = free.len();
        free.retain(|&root| !search.augment_from(graph, left_mate, right_mate, root, forward));
        if free.len() == before || free.is_empty() {
            return phases;
        }
        if search.stamp == u32::MAX {
            search.visited.fill(0);
            search.stamp = 0;
        }
    }
}

/// The scratch space of the searches, allocated once.
struct Search {
    /// Per left vertex: the next arc the lookahead looks at.
    lookahead: Vec<u32>,
    /// Per right vertex: the phase stamp of its last visit.
    visited: Vec<u32>,
    stamp: u32,
    /// The search path: a left vertex and how many of its arcs were tried.
    stack: Vec<(u32, u32)>,
}

impl Search {
    /// One depth-first search from the free left vertex `root`; flips the
    /// augmenting path if it finds one and says whether it did.
    fn augment_from(
        &mut self,
        graph: &Bipartite,
        left_mate: &mut [u32],
        right_mate: &mut [u32],
        root: u32,
        forward: bool,
    ) -> bool {
        let adj = &graph.left_adj;
        let offsets = &graph.left_offsets;
        let arc = |x: usize, tried: u32| arc(offsets, x, tried, forward);
        let stack = &mut self.stack;
        stack.clear();
        stack.push((root, 0));
        while let Some(&(x, tried)) = stack.last() {
            let x = idx(x);
            let end = offsets[x + 1];
            // Lookahead: a free neighbour ends the search.
            let mut look = self.lookahead[x];
            while look < end && right_mate[idx(adj[idx(look)])] != UNMATCHED {
                look += 1;
            }
            self.lookahead[x] = look;
            if look < end {
                let v = adj[idx(look)];
                self.visited[idx(v)] = self.stamp;
                // Flip: the top takes v, every lower frame the right vertex
                // its current arc points at (the mate of the frame above).
                let top = stack.len() - 1;
                left_mate[x] = v;
                right_mate[idx(v)] = id(x);
                for &(y, t) in &stack[..top] {
                    let y = idx(y);
                    let v = adj[arc(y, t)];
                    left_mate[y] = v;
                    right_mate[idx(v)] = id(y);
                }
                return true;
            }
            // Descend through the next unvisited neighbour (all are matched).
            let degree = end - offsets[x];
            let mut t = tried;
            let mut next = UNMATCHED;
            while t < degree {
                let v = idx(adj[arc(x, t)]);
                if self.visited[v] != self.stamp {
                    self.visited[v] = self.stamp;
                    next = right_mate[v];
                    break;
                }
                t += 1;
            }
            advance(stack, t, next);
        }
        false
    }
}

/// The arc a frame of left vertex `x` points at after `tried` arcs, in the
/// phase's direction (forward in odd phases, backward in even ones).
/// Shared with the threads' form of the phases.
#[inline]
pub(super) fn arc(offsets: &[u32], x: usize, tried: u32, forward: bool) -> usize {
    if forward {
        idx(offsets[x] + tried)
    } else {
        idx(offsets[x + 1] - 1 - tried)
    }
}

/// One step of a depth-first search on its stack of frames (a left vertex
/// and how many of its arcs were tried): the top frame has tried `t` arcs;
/// the search descends to left vertex `next`, or, with `UNMATCHED`, backs
/// up (the frame is popped and its parent moves past the arc that led to
/// it). Shared with the threads' form of the phases.
#[inline]
pub(super) fn advance(stack: &mut Vec<(u32, u32)>, t: u32, next: u32) {
    if let Some(top) = stack.last_mut() {
        top.1 = t;
    }
    if next != UNMATCHED {
        stack.push((next, 0));
    } else {
        stack.pop();
        if let Some(parent) = stack.last_mut() {
            parent.1 += 1;
        }
    }
}
