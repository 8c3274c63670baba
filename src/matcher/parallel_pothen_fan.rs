//! Pothen–Fan+ on several threads (the `parallel` feature).

use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering::Relaxed};

use rayon::prelude::*;

use super::pothen_fan::{advance, arc};
use super::{grow, push_relabel, Matcher};
use crate::util::{id, idx, UNMATCHED};
use crate::{Bipartite, Matching, MatchingError};

/// The phases begin no phase after this many arc scans per vertex and
/// edge; [`grow`] finishes from there. On boards and banded graphs they
/// finish within 2–3; where they would need more (random ids, far arcs)
/// each of their passes costs more than push-relabel's, and 16 took up
/// to 2.4 times as long as 4 there (`bench/notes/parallel.md`).
const PASSES: usize = 4;

/// Graphs with fewer edges than this are matched on the calling thread,
/// the same steps without waking the pool: a phase of theirs takes about
/// what handing work to another thread does.
pub(crate) const MIN_EDGES: usize = 1 << 14;

/// Left vertices a task takes at a time in the greedy start, and the most
/// roots a task takes in a phase.
const CHUNK: usize = 1024;

/// Pothen–Fan+ on the threads of the current rayon pool (with the
/// `parallel` feature): the greedy start and the phases of
/// [`PothenFan`](crate::PothenFan), with the free left vertices of a
/// phase shared out among the threads.
///
/// As in the multithreaded form of A. Azad, M. Halappanavar,
/// S. Rajamanickam, E. G. Boman, A. Khan and A. Pothen ("Multithreaded
/// algorithms for maximum matching in bipartite graphs", IPDPS 2012), the
/// threads share one visit mark per right vertex and *claim* a right
/// vertex by writing the phase's stamp into it with one atomic swap: the
/// thread that changes the mark owns the vertex for the rest of the phase
/// and no other thread enters it. Every vertex on a thread's search path
/// is its own (a left vertex is entered only through its mate, which the
/// thread claimed, or is the thread's free root), so a path found is
/// flipped with stores no other thread makes. A thread reads the mates of
/// vertices it does not own only as a hint (a neighbour that looks free
/// is claimed before it is taken); the pool's join between phases makes
/// every write of a phase visible to the next.
///
/// A phase that finds no augmenting path proves the matching maximum:
/// every right vertex a search reaches is claimed, a claimed free vertex is
/// matched by its claimer, and a failed search has tried every neighbour
/// of every left vertex it entered, each then claimed by some thread; so
/// the claimed vertices hold every right vertex reachable from a free left
/// vertex by an alternating path, and none of them is free.
///
/// **Not deterministic**: which searches meet first depends on the
/// threads' timing, so the matching may differ from run to run and between
/// thread counts (its size never does, nor anything this crate derives
/// from a maximum matching: the non-essential vertices, the König cover's
/// size, the Dulmage–Mendelsohn blocks as sets). Every other matcher of the
/// crate returns the same matching on every run. On a pool of one thread,
/// and on graphs of fewer than 2^14 edges (which run on the calling thread
/// without waking the pool: their phases take about what handing work to
/// another thread does), it is deterministic.
///
/// Where it pays, and why [`Auto`](crate::Auto) does not use it: on
/// graphs whose neighbours have nearby ids (boards numbered by rows,
/// banded matrices) two threads were measured 1.4–3.4× faster than
/// `Auto` on one; but once a few free vertices are left, each search of a phase
/// crosses most of the graph from one root, on one thread, and where
/// some arcs jump far (random ids, or one arc in a hundred far on a
/// banded graph) those phases cost more than all of `Auto`'s work: 0.3–0.8×
/// of `Auto` on one thread (`bench/notes/parallel.md`). Choose it for
/// large local graphs.
///
/// A warm start
/// ([`Matcher::maximum_matching_from`](crate::Matcher::maximum_matching_from))
/// runs the same steps from the given matching (checked first): greedy
/// extends it and the phases augment it, which never frees a vertex; if
/// the sequential finish runs, every vertex of the start it left free is
/// matched again afterwards, as in `Auto`'s warm start.
///
/// # Complexity
///
/// O(E·√V) time in the worst case: the greedy start O(V + E), phases of
/// O(V + E) each while their arc scans stay within 4 (V + E) (a phase
/// begun is finished), then, if the matching is not yet maximum,
/// [`Auto`](crate::Auto)'s push-relabel within its budget and
/// Hopcroft–Karp phases on one thread. Extra space in the phases: 4 bytes
/// per vertex for each of the two atomic mate arrays (the result is copied
/// out), 4 per right vertex (marks), 4 per left vertex (lookahead), the
/// free left vertices of a phase and a search stack per task; then that of
/// `Auto`'s finish if it runs. No recursion.
///
/// # Testing
///
/// `tests/suite/parallel_matching.rs`: random graphs of every density in
/// pools of 1–4 threads against brute force and König covers, the
/// adversarial families, warm starts, and the structure read from its
/// matching on large boards and banded graphs, the same for every pool.
///
/// ```
/// use bimatch::{Bipartite, Matcher, ParallelPothenFan};
///
/// let g = Bipartite::from_edges(3, 3, [(0, 0), (0, 1), (1, 0), (2, 1), (2, 2)])?;
/// let m = bimatch::parallel::with_threads(2, || ParallelPothenFan.maximum_matching(&g))?;
/// assert_eq!(m.len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ParallelPothenFan;

impl Matcher for ParallelPothenFan {
    fn maximum_matching(&self, graph: &Bipartite) -> Matching {
        Matching::empty(graph).with_mates(|left, right| finish(graph, left, right, budget(graph)))
    }

    fn maximum_matching_from(
        &self,
        graph: &Bipartite,
        start: Matching,
    ) -> Result<Matching, MatchingError> {
        warm_start(graph, start, budget(graph))
    }

    fn name(&self) -> &'static str {
        "parallel-pothen-fan"
    }
}

/// The greedy start and phases within `budget` arc scans, then, if the
/// matching is not known to be maximum, [`grow`] on one thread.
fn finish(graph: &Bipartite, left_mate: &mut [u32], right_mate: &mut [u32], budget: usize) {
    if !augment_within(graph, left_mate, right_mate, budget) {
        grow(graph, left_mate, right_mate);
    }
}

/// The warm start, as [`Auto`](crate::Auto)'s: `start` checked, [`finish`]
/// from it, then every vertex it matched that push-relabel's double pushes
/// left free is matched again ([`push_relabel::warm_start`]).
fn warm_start(
    graph: &Bipartite,
    start: Matching,
    budget: usize,
) -> Result<Matching, MatchingError> {
    push_relabel::warm_start(graph, start, |left, right| {
        finish(graph, left, right, budget);
    })
}

/// The phases' allowance of arc scans for `graph`: [`PASSES`] per vertex
/// and edge.
fn budget(graph: &Bipartite) -> usize {
    (graph.edge_count() + graph.left_count() + graph.right_count()).saturating_mul(PASSES)
}

/// Extends the matching greedily on the current pool, then runs phases of
/// Pothen–Fan+ while they have scanned at most `budget` arcs in all (a
/// phase begun is finished). Matched vertices stay matched. Returns
/// whether the matching is then known to be maximum.
pub(crate) fn augment_within(
    graph: &Bipartite,
    left_mate: &mut [u32],
    right_mate: &mut [u32],
    budget: usize,
) -> bool {
    let atomics = |mates: &[u32]| mates.iter().map(|&m| AtomicU32::new(m)).collect::<Vec<_>>();
    let shared = Shared {
        graph,
        left_mate: atomics(left_mate),
        right_mate: atomics(right_mate),
        visited: (0..graph.right_count())
            .map(|_| AtomicU32::new(0))
            .collect(),
        lookahead: graph.left_offsets[..graph.left_count()]
            .iter()
            .map(|&o| AtomicU32::new(o))
            .collect(),
    };
    let on_pool = graph.edge_count() >= MIN_EDGES && rayon::current_num_threads() > 1;
    shared.greedy(on_pool);
    let maximum = shared.phases(budget, on_pool);
    for (out, m) in left_mate.iter_mut().zip(&shared.left_mate) {
        *out = m.load(Relaxed);
    }
    for (out, m) in right_mate.iter_mut().zip(&shared.right_mate) {
        *out = m.load(Relaxed);
    }
    maximum
}

/// The mates and the marks, shared by the threads.
struct Shared<'g> {
    graph: &'g Bipartite,
    left_mate: Vec<AtomicU32>,
    right_mate: Vec<AtomicU32>,
    /// Per right vertex: the stamp of the phase that last claimed it.
    visited: Vec<AtomicU32>,
    /// Per left vertex: the next arc its lookahead reads.
    lookahead: Vec<AtomicU32>,
}

impl Shared<'_> {
    /// First-fit greedy, on the current pool if `on_pool`: each free left
    /// vertex takes the first neighbour it finds free and wins with one
    /// compare-and-swap.
    fn greedy(&self, on_pool: bool) {
        let l = self.graph.left_count();
        let chunk_of = |chunk: usize| {
            for u in chunk * CHUNK..((chunk + 1) * CHUNK).min(l) {
                if self.left_mate[u].load(Relaxed) != UNMATCHED {
                    continue;
                }
                for &v in self.graph.left_adj(u) {
                    let mate = &self.right_mate[idx(v)];
                    if mate.load(Relaxed) == UNMATCHED
                        && mate
                            .compare_exchange(UNMATCHED, id(u), Relaxed, Relaxed)
                            .is_ok()
                    {
                        self.left_mate[u].store(v, Relaxed);
                        break;
                    }
                }
            }
        };
        let chunks = l.div_ceil(CHUNK);
        if on_pool {
            (0..chunks).into_par_iter().for_each(chunk_of);
        } else {
            (0..chunks).for_each(chunk_of);
        }
    }

    /// Phases, on the current pool if `on_pool`, until one finds no
    /// augmenting path (true) or the arcs scanned pass `budget` (false).
    fn phases(&self, budget: usize, on_pool: bool) -> bool {
        let graph = self.graph;
        let mut free: Vec<u32> = (0..graph.left_count())
            .filter(|&u| {
                self.left_mate[u].load(Relaxed) == UNMATCHED && !graph.left_adj(u).is_empty()
            })
            .map(id)
            .collect();
        let scanned = AtomicUsize::new(0);
        let mut stamp = 0u32;
        while !free.is_empty() {
            if scanned.load(Relaxed) > budget {
                return false;
            }
            if stamp == u32::MAX {
                self.visited.iter().for_each(|m| m.store(0, Relaxed));
                stamp = 0;
            }
            stamp += 1;
            let forward = stamp % 2 == 1;
            let before = free.len();
            // The roots a task searches from, and those it leaves free.
            let task = |roots: &[u32]| {
                let mut stack = Vec::new();
                let mut arcs = 0usize;
                let left: Vec<u32> = roots
                    .iter()
                    .copied()
                    .filter(|&root| !self.augment_from(root, stamp, forward, &mut stack, &mut arcs))
                    .collect();
                scanned.fetch_add(arcs, Relaxed);
                left
            };
            free = if on_pool {
                free.par_chunks(CHUNK.min(before.div_ceil(64)).max(1))
                    .flat_map_iter(task)
                    .collect()
            } else {
                task(&free)
            };
            if free.len() == before {
                return true;
            }
        }
        true
    }

    /// Claims right vertex `v` for the phase `stamp`: true if this call
    /// changed its mark.
    fn claim(&self, v: usize, stamp: u32) -> bool {
        let mark = &self.visited[v];
        mark.load(Relaxed) != stamp && mark.swap(stamp, Relaxed) != stamp
    }

    /// One depth-first search with lookahead from the free left vertex
    /// `root`, over vertices this thread claims; flips the augmenting path
    /// if it finds one and says whether it did. Adds the arcs it read to
    /// `arcs`.
    fn augment_from(
        &self,
        root: u32,
        stamp: u32,
        forward: bool,
        stack: &mut Vec<(u32, u32)>,
        arcs: &mut usize,
    ) -> bool {
        let graph = self.graph;
        let adj = &graph.left_adj;
        let offsets = &graph.left_offsets;
        let arc = |x: usize, tried: u32| arc(offsets, x, tried, forward);
        // Flips the path: the top frame takes `v`, every lower frame the
        // right vertex its current arc points at.
        let flip = |stack: &[(u32, u32)], v: u32| {
            if let Some((&(x, _), below)) = stack.split_last() {
                self.left_mate[idx(x)].store(v, Relaxed);
                self.right_mate[idx(v)].store(x, Relaxed);
                for &(y, t) in below {
                    let w = adj[arc(idx(y), t)];
                    self.left_mate[idx(y)].store(w, Relaxed);
                    self.right_mate[idx(w)].store(y, Relaxed);
                }
            }
        };
        stack.clear();
        stack.push((root, 0));
        while let Some(&(x, tried)) = stack.last() {
            let x = idx(x);
            let end = offsets[x + 1];
            // Lookahead: a neighbour free and claimed ends the search; one
            // passed is matched, or claimed by a thread that matches it.
            let mut look = self.lookahead[x].load(Relaxed);
            let start = look;
            while look < end {
                let v = idx(adj[idx(look)]);
                look += 1;
                if self.right_mate[v].load(Relaxed) == UNMATCHED && self.claim(v, stamp) {
                    self.lookahead[x].store(look, Relaxed);
                    *arcs += idx(look - start);
                    flip(stack, id(v));
                    return true;
                }
            }
            self.lookahead[x].store(look, Relaxed);
            *arcs += idx(look - start);
            // Descend through the next neighbour this thread claims.
            let degree = end - offsets[x];
            let mut t = tried;
            let mut next = UNMATCHED;
            let mut free = None;
            while t < degree {
                let v = idx(adj[arc(x, t)]);
                if self.claim(v, stamp) {
                    next = self.right_mate[v].load(Relaxed);
                    // A free vertex claimed is ours to take (the lookahead
                    // passes one only while another thread holds it, so
                    // this is a safeguard the claims make cheap).
                    free = (next == UNMATCHED).then_some(v);
                    break;
                }
                t += 1;
            }
            *arcs += idx(t - tried) + 1;
            if let Some(v) = free {
                // The top frame takes `v`; the lower ones' arcs are set.
                flip(stack, id(v));
                return true;
            }
            advance(stack, t, next);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matcher::greedy::greedy_extend;
    use crate::matcher::grow;
    use crate::{HopcroftKarp, Matcher};

    /// A random graph of `left × degree` edges (xorshift, `seed`).
    fn random(seed: u64, left: usize, right: usize, degree: usize) -> Bipartite {
        let mut x = seed | 1;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let edges: Vec<(usize, usize)> = (0..left)
            .flat_map(|u| (0..degree).map(move |_| u))
            .map(|u| (u, (next() % right as u64) as usize))
            .collect();
        Bipartite::from_edges(left, right, edges).expect("a graph")
    }

    /// Within any budget the phases leave a matching that `grow` (what
    /// `Auto` does next) makes maximum, and when they say it is maximum it
    /// is: a phase without a path proves it.
    #[test]
    fn every_budget_hands_over_a_matching_and_maximum_is_true() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .expect("a pool");
        for seed in 1..40u64 {
            // Past the size at which the phases use the pool.
            let g = random(
                seed,
                4100 + (seed as usize * 37) % 400,
                4500,
                4 + seed as usize % 4,
            );
            assert!(g.edge_count() >= MIN_EDGES);
            let size = HopcroftKarp.maximum_matching(&g).len();
            for budget in [0, g.edge_count() / 2, usize::MAX] {
                let (mut left, mut right) = (
                    vec![UNMATCHED; g.left_count()],
                    vec![UNMATCHED; g.right_count()],
                );
                let maximum = pool.install(|| augment_within(&g, &mut left, &mut right, budget));
                let m = Matching::from_mates(left.clone(), right.clone());
                m.check(&g).expect("a matching of the graph");
                if maximum {
                    assert_eq!(m.len(), size, "seed {seed}, budget {budget}");
                }
                grow(&g, &mut left, &mut right);
                assert_eq!(Matching::from_mates(left, right).len(), size, "seed {seed}");
                // The warm start's finish keeps the start's vertices matched.
                let start = Matching::empty(&g).with_mates(|l, r| {
                    greedy_extend(&g, l, r);
                });
                let m = pool
                    .install(|| warm_start(&g, start.clone(), budget))
                    .expect("a start of the graph");
                assert_eq!(m.len(), size, "seed {seed}, budget {budget}");
                for (u, v) in start.pairs() {
                    assert!(m.left_mate(u).is_some() && m.right_mate(v).is_some());
                }
            }
        }
    }
}
