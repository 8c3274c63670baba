//! The Karp–Sipser start: match forced (degree-1) vertices first.

use crate::util::{id, idx, UNMATCHED};
use crate::Bipartite;
use crate::Matching;

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
/// `tests/suite/matchers_conformance.rs` checks on thousands of random graphs
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

/// The free vertices among `neighbours` (states `slots`) lose one free
/// neighbour; those left with one join the stack `ones`.
#[inline(always)]
fn lose_free_neighbour(neighbours: &[u32], slots: &mut [Slot], ones: &mut Vec<u32>) {
    for &y in neighbours {
        let s = &mut slots[idx(y)];
        if s.mate == UNMATCHED {
            s.degree -= 1;
            if s.degree == 1 {
                ones.push(y);
            }
        }
    }
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
        lose_free_neighbour(
            self.graph.left_adj(u),
            &mut self.right,
            &mut self.right_ones,
        );
        lose_free_neighbour(self.graph.right_adj(v), &mut self.left, &mut self.left_ones);
    }

    /// Matches every vertex whose residual degree is one, until none is left.
    fn drain(&mut self) -> usize {
        let mut added = 0;
        loop {
            // The left stack first, then the right one.
            let Some(x) = self
                .left_ones
                .pop()
                .map(|u| (true, u))
                .or_else(|| self.right_ones.pop().map(|v| (false, v)))
            else {
                return added;
            };
            added += usize::from(self.force(x));
        }
    }

    /// The degree-one rule for the vertex `x` (left if `x.0`) popped from
    /// its stack: matches it to its one free neighbour if it is still free
    /// with exactly one; says whether it did.
    #[inline(always)]
    fn force(&mut self, (left, x): (bool, u32)) -> bool {
        let g = self.graph;
        let x = idx(x);
        let (own, other, adj) = if left {
            (&self.left, &self.right, g.left_adj(x))
        } else {
            (&self.right, &self.left, g.right_adj(x))
        };
        let s = own[x];
        if s.mate != UNMATCHED || s.degree != 1 {
            return false; // matched meanwhile, or its last neighbour went
        }
        let Some(&y) = adj.iter().find(|&&y| other[idx(y)].mate == UNMATCHED) else {
            return false;
        };
        if left {
            self.pair(x, idx(y));
        } else {
            self.pair(idx(y), x);
        }
        true
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
