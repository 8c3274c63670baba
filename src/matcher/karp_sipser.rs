//! The Karp–Sipser start: match forced (degree-1) vertices first.

use crate::graph::Bipartite;
use crate::matching::Matching;
use crate::util::{id, idx, UNMATCHED};

/// The Karp–Sipser heuristic (R. M. Karp and M. Sipser, "Maximum matchings
/// in sparse random graphs", FOCS 1981), a fast *maximal* matching that is
/// usually very close to maximum.
///
/// A vertex with exactly one free neighbour left can be matched to it
/// without losing anything: some maximum matching of what remains does so.
/// The heuristic keeps, for every free vertex of both sides, the number of
/// free neighbours, and a stack of vertices whose count has dropped to
/// one. It matches those first; when there are none, it takes the next
/// free left vertex (in index order) and matches it to its free neighbour
/// of smallest residual degree. Forests (paths, chains) come out maximum.
///
/// [`HopcroftKarp`](crate::HopcroftKarp), [`Dinic`](crate::Dinic) and
/// [`PothenFan`](crate::PothenFan) start from it, so their augmenting
/// phases only repair the few choices the heuristic got wrong.
/// [`PushRelabel`](crate::PushRelabel) starts from first-fit greedy
/// instead, which is cheaper: the residual degrees here touch both
/// adjacency directions.
///
/// # Complexity
///
/// O(V + E) time: every vertex's adjacency is scanned once when it is
/// matched and once to find its last free neighbour (from a non-empty
/// matching, as the matchers' warm starts use it, once more to count the
/// free neighbours). Extra space 8 bytes per vertex (its mate and residual
/// degree side by side), plus the stacks of degree-one vertices: 4 bytes
/// an entry and each vertex enters at most once, so at most 4 bytes per
/// vertex, up to twice that room while the stacks grow. No recursion.
///
/// # Testing
///
/// `tests/matchers_conformance.rs` checks on thousands of random graphs
/// that the result is a valid matching, maximal (no edge joins two free
/// vertices), maximum on forests, and never larger than brute force.
///
/// ```
/// use bimatch::{Bipartite, KarpSipser};
///
/// // Left 1 has one neighbour, right 0. First-fit greedy would give right 0
/// // to left 0 and strand left 1; the degree-1 rule matches left 1 first.
/// let g = Bipartite::from_edges(2, 2, [(0, 0), (0, 1), (1, 0)])?;
/// let m = KarpSipser.maximal_matching(&g);
/// assert_eq!(m.len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct KarpSipser;

impl KarpSipser {
    /// A maximal matching of `graph` (no edge can be added to it), built
    /// by the Karp–Sipser rules; not necessarily maximum.
    pub fn maximal_matching(&self, graph: &Bipartite) -> Matching {
        let mut left_mate = vec![UNMATCHED; graph.left_count()];
        let mut right_mate = vec![UNMATCHED; graph.right_count()];
        karp_sipser_extend(graph, &mut left_mate, &mut right_mate);
        Matching::from_mates(left_mate, right_mate)
    }
}

/// A vertex's state: its mate and, while free, its residual degree (the
/// number of free neighbours). Kept side by side so one cache line holds
/// both.
#[derive(Clone, Copy)]
struct Slot {
    mate: u32,
    degree: u32,
}

/// Both sides' states and the degree-1 stacks of the heuristic.
struct State<'g> {
    graph: &'g Bipartite,
    left: Vec<Slot>,
    right: Vec<Slot>,
    left_ones: Vec<u32>,
    right_ones: Vec<u32>,
}

impl State<'_> {
    /// Matches `u` and `v` (both free) and takes them out of the residual
    /// degrees of their free neighbours.
    #[inline]
    fn pair(&mut self, u: usize, v: usize) {
        self.left[u].mate = id(v);
        self.right[v].mate = id(u);
        for &y in self.graph.left_adj(u) {
            let s = &mut self.right[idx(y)];
            if s.mate == UNMATCHED {
                s.degree -= 1;
                if s.degree == 1 {
                    self.right_ones.push(y);
                }
            }
        }
        for &x in self.graph.right_adj(v) {
            let s = &mut self.left[idx(x)];
            if s.mate == UNMATCHED {
                s.degree -= 1;
                if s.degree == 1 {
                    self.left_ones.push(x);
                }
            }
        }
    }

    /// Matches every vertex whose residual degree is one, until none is left.
    fn drain(&mut self) -> usize {
        let g = self.graph;
        let mut added = 0;
        loop {
            if let Some(u) = self.left_ones.pop() {
                let u = idx(u);
                let s = self.left[u];
                if s.mate != UNMATCHED || s.degree != 1 {
                    continue; // matched meanwhile, or its last neighbour went
                }
                let right = &self.right;
                if let Some(&v) = g
                    .left_adj(u)
                    .iter()
                    .find(|&&v| right[idx(v)].mate == UNMATCHED)
                {
                    self.pair(u, idx(v));
                    added += 1;
                }
            } else if let Some(v) = self.right_ones.pop() {
                let v = idx(v);
                let s = self.right[v];
                if s.mate != UNMATCHED || s.degree != 1 {
                    continue;
                }
                let left = &self.left;
                if let Some(&u) = g
                    .right_adj(v)
                    .iter()
                    .find(|&&u| left[idx(u)].mate == UNMATCHED)
                {
                    self.pair(idx(u), v);
                    added += 1;
                }
            } else {
                return added;
            }
        }
    }
}

/// Extends the matching given by the mate arrays to a maximal one by the
/// Karp–Sipser rules; returns the number of pairs added. Matched vertices
/// stay matched to the same mates.
pub(crate) fn karp_sipser_extend(
    graph: &Bipartite,
    left_mate: &mut [u32],
    right_mate: &mut [u32],
) -> usize {
    let empty_start = left_mate.iter().all(|&v| v == UNMATCHED);
    // Residual degree: the number of free neighbours of a free vertex.
    let slots = |offsets: &[u32], adj: &[u32], own: &[u32], other: &[u32]| -> Vec<Slot> {
        (0..own.len())
            .map(|x| {
                let list = &adj[idx(offsets[x])..idx(offsets[x + 1])];
                let degree = if empty_start {
                    id(list.len())
                } else if own[x] != UNMATCHED {
                    0
                } else {
                    id(list.iter().filter(|&&y| other[idx(y)] == UNMATCHED).count())
                };
                Slot {
                    mate: own[x],
                    degree,
                }
            })
            .collect()
    };
    let left = slots(&graph.left_offsets, &graph.left_adj, left_mate, right_mate);
    let right = slots(
        &graph.right_offsets,
        &graph.right_adj,
        right_mate,
        left_mate,
    );
    let ones = |slots: &[Slot]| -> Vec<u32> {
        (0..slots.len())
            .filter(|&x| slots[x].degree == 1 && slots[x].mate == UNMATCHED)
            .map(id)
            .collect()
    };
    let (left_ones, right_ones) = (ones(&left), ones(&right));
    let mut st = State {
        graph,
        left,
        right,
        left_ones,
        right_ones,
    };
    let mut added = st.drain();
    for u in 0..graph.left_count() {
        let s = st.left[u];
        if s.mate != UNMATCHED || s.degree == 0 {
            continue;
        }
        // No forced vertex: match u to its free neighbour of least residual
        // degree (the one most likely to be stranded otherwise).
        let mut best = UNMATCHED;
        let mut best_degree = u32::MAX;
        for &v in graph.left_adj(u) {
            let t = st.right[idx(v)];
            if t.mate == UNMATCHED && t.degree < best_degree {
                (best, best_degree) = (v, t.degree);
            }
        }
        debug_assert!(
            best != UNMATCHED,
            "a positive residual degree has a free neighbour"
        );
        st.pair(u, idx(best));
        added += 1 + st.drain();
    }
    for (mate, s) in left_mate.iter_mut().zip(&st.left) {
        *mate = s.mate;
    }
    for (mate, s) in right_mate.iter_mut().zip(&st.right) {
        *mate = s.mate;
    }
    added
}
