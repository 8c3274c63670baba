//! Push-relabel for bipartite matching: FIFO, double push, fairness and
//! global relabelling.

use std::collections::VecDeque;

use super::greedy::greedy_extend;
use super::{run_steps, Matcher, Step};
use crate::util::{id, idx, UNMATCHED};
use crate::Bipartite;
use crate::Matching;
use crate::MatchingError;

/// Push-relabel for maximum bipartite matching, in the form studied by
/// K. Kaya, J. Langguth, F. Manne and B. Uçar ("Push-relabel based
/// algorithms for the maximum transversal problem", Computers & Operations
/// Research 40(5), 2013), after A. V. Goldberg and R. E. Tarjan's maximum
/// flow algorithm (J. ACM 35(4), 1988).
///
/// Every right vertex carries a label, a lower bound on its alternating
/// distance to a free right vertex (free right vertices have label 0).
/// Free left vertices wait in a FIFO queue. The one at the front looks at
/// its neighbours for the smallest label; a free neighbour is taken at
/// once. Otherwise it takes the neighbour `v` of smallest label from its
/// mate (the *double push*: the old mate becomes free and joins the
/// queue), and `v` is relabelled to the second-smallest label plus 2. A
/// left vertex whose neighbours all carry the "unreachable" label can
/// never be matched and is dropped. Ties are broken by scanning the
/// adjacency forward and backward on alternate pushes (*fairness*), which
/// stops two vertices from trading the same mate back and forth.
///
/// Labels are recomputed exactly (*global relabelling*: one breadth-first
/// search backwards from all free right vertices) at the start, after every
/// (L + R)/2 relabels and after every V + E arcs scanned by pushes (L, R, V
/// counting vertices with a neighbour), whichever comes first; between
/// those, pushes go downhill towards free vertices. The start is the
/// first-fit greedy matching.
///
/// A warm start
/// ([`Matcher::maximum_matching_from`])
/// runs the same steps from the given matching: its pairs are kept as the
/// initial state (a matched right vertex stays matched), first-fit greedy
/// extends it, a global relabelling computes exact labels for it, and
/// the free left vertices are pushed from there. A double push frees a
/// left vertex, so unlike the augmenting-path matchers push-relabel can
/// end with a left vertex free that the start matched; those are matched
/// again afterwards along the alternating paths where the result and the
/// start differ, without changing the size. A maximum start comes back
/// unchanged (every free left vertex is found dead by the first
/// relabelling); from the empty matching it is the cold run.
///
/// # Complexity
///
/// O(V·E) time in the worst case, cold or from any warm start (each right
/// vertex is relabelled O(V) times, each relabel scanning an adjacency
/// list; the global relabellings, O(V + E) each, come at most once per
/// V/2 relabels or V + E arcs scanned): a start saves pushes in practice,
/// not in the bound, and [`Auto`](crate::Auto) is the one that bounds
/// push-relabel by O(E·√V). A warm start adds O(V) to match the start's
/// vertices again. Extra space 8 bytes per right vertex (labels, the
/// relabelling queue), the FIFO queue of the left vertices free after the
/// greedy start (4 bytes each, up to twice that room as the queue is
/// collected), and, if more than a quarter of the right vertices have no
/// neighbour, a list of the others (4 bytes each) so that relabellings
/// skip them; a warm start adds 4 bytes per left vertex (the start's
/// mates). No recursion.
///
/// # Testing
///
/// `tests/suite/matchers_conformance.rs`: the conformance table, thousands of
/// random graphs against a brute-force maximum, planted long alternating
/// paths, warm starts, and 10^6-vertex paths in release mode;
/// `tests/suite/matchers_adversarial.rs`: the tests' adversarial families against a König
/// cover.
///
/// ```
/// use bimatch::{Bipartite, Matcher, PushRelabel};
///
/// let g = Bipartite::from_edges(3, 3, [(0, 0), (0, 1), (1, 0), (2, 1), (2, 2)])?;
/// assert_eq!(PushRelabel.maximum_matching(&g).len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PushRelabel;

/// The first-fit greedy start, then push-relabel.
const STEPS: &[Step] = &[greedy_extend, augment_to_maximum];

impl Matcher for PushRelabel {
    fn maximum_matching(&self, graph: &Bipartite) -> Matching {
        run_steps(graph, STEPS)
    }

    fn maximum_matching_from(
        &self,
        graph: &Bipartite,
        start: Matching,
    ) -> Result<Matching, MatchingError> {
        warm_start(graph, start, |left, right| {
            for step in STEPS {
                step(graph, left, right);
            }
        })
    }

    fn name(&self) -> &'static str {
        "push-relabel"
    }
}

/// A global relabelling follows every (L + R) / `GLOBAL_RELABEL_DIVISOR`
/// relabels (L and R counting only vertices with a neighbour): boards want
/// frequent relabelling (long alternating paths, labels go stale), random
/// graphs rare ones; one half of L + R measured best over both.
const GLOBAL_RELABEL_DIVISOR: usize = 2;

/// A global relabelling also follows every `E + V` arcs scanned by pushes
/// (E edges, V vertices with a neighbour), so that its O(V + E) cost is
/// paid for by work done: pushes with stale labels can otherwise scan long
/// adjacency lists many times between two relabellings counted by
/// relabels alone (a dense core with few exits).
const WORK_PER_RELABELLING: usize = 1;

/// The end of a push-relabel run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Outcome {
    /// Whether the matching is maximum (false: the budget ran out first).
    pub(crate) maximum: bool,
    /// Arcs scanned, by pushes and by global relabellings.
    pub(crate) work: usize,
}

/// Grows the given matching to a maximum one by push-relabel; returns the
/// arcs scanned. A vertex matched before may end free (see
/// [`recover_start`]).
pub(crate) fn augment_to_maximum(
    graph: &Bipartite,
    left_mate: &mut [u32],
    right_mate: &mut [u32],
) -> usize {
    augment_within(graph, left_mate, right_mate, usize::MAX).work
}

/// Push-relabel until the matching is maximum or `budget` arcs have been
/// scanned, whichever comes first; the mate arrays hold a valid matching
/// either way, at least as large as the given one.
pub(crate) fn augment_within(
    graph: &Bipartite,
    left_mate: &mut [u32],
    right_mate: &mut [u32],
    budget: usize,
) -> Outcome {
    let (l, r) = (graph.left_count(), graph.right_count());
    let mut active: VecDeque<u32> = (0..l)
        .filter(|&u| left_mate[u] == UNMATCHED && !graph.left_adj(u).is_empty())
        .map(id)
        .collect();
    if active.is_empty() {
        return Outcome {
            maximum: true,
            work: 0,
        };
    }
    // An alternating path has at most E edges and L + R vertices, so any
    // label at or above `unreachable` means "no free right vertex".
    let unreachable = id((l + r).min(graph.edge_count() + 1).min(idx(u32::MAX - 4)));
    let connected = |offsets: &[u32]| offsets.windows(2).filter(|w| w[1] > w[0]).count();
    let right_connected = connected(&graph.right_offsets);
    let vertices = connected(&graph.left_offsets) + right_connected;
    // Right vertices without a neighbour are nobody's neighbour: their
    // labels are never read. If they are many, relabellings skip them.
    let live: Option<Vec<u32>> = ((r - right_connected) * 4 > r).then(|| {
        (0..r)
            .filter(|&v| !graph.right_adj(v).is_empty())
            .map(id)
            .collect()
    });
    let period = vertices / GLOBAL_RELABEL_DIVISOR + 1;
    let work_period = (graph.edge_count() + vertices) * WORK_PER_RELABELLING;
    let mut label = vec![0u32; r];
    let mut bfs: Vec<u32> = Vec::with_capacity(r);
    let relabel = |left_mate: &[u32], right_mate: &[u32], label: &mut [u32], bfs: &mut Vec<u32>| {
        global_relabel(
            graph,
            left_mate,
            right_mate,
            label,
            bfs,
            unreachable,
            live.as_deref(),
        )
    };
    let mut work = relabel(left_mate, right_mate, &mut label, &mut bfs);
    let mut next_relabelling = work.saturating_add(work_period);
    let mut relabels = 0usize;
    let mut forward = true;
    let adj = &graph.left_adj;
    let offsets = &graph.left_offsets;
    while let Some(u) = active.pop_front() {
        if work >= budget {
            return Outcome {
                maximum: false,
                work,
            };
        }
        let u = idx(u);
        let (start, end) = (idx(offsets[u]), idx(offsets[u + 1]));
        work += end - start;
        // The smallest and second-smallest neighbour labels; a free
        // neighbour ends the scan at once. Label 0 means free: free right
        // vertices stay free until taken, and a taken one is relabelled
        // to at least 2.
        let (mut best, mut first, mut second) = (UNMATCHED, unreachable, unreachable);
        let mut free = false;
        let mut consider = |v: u32| -> bool {
            let lv = label[idx(v)];
            if lv < first {
                if lv == 0 {
                    debug_assert_eq!(right_mate[idx(v)], UNMATCHED);
                    best = v;
                    free = true;
                    return true;
                }
                second = first;
                (best, first) = (v, lv);
            } else if lv < second {
                second = lv;
            }
            false
        };
        if forward {
            for &v in &adj[start..end] {
                if consider(v) {
                    break;
                }
            }
        } else {
            for &v in adj[start..end].iter().rev() {
                if consider(v) {
                    break;
                }
            }
        }
        forward = !forward;
        if free {
            left_mate[u] = best;
            right_mate[idx(best)] = id(u);
            // Matched now: the alternating distance is at least 2.
            label[idx(best)] = 2;
            continue;
        }
        if first >= unreachable {
            continue; // dead: no alternating path to a free vertex
        }
        // Double push: u takes v from its mate w, which becomes active.
        let v = idx(best);
        let w = right_mate[v];
        left_mate[u] = best;
        right_mate[v] = id(u);
        left_mate[idx(w)] = UNMATCHED;
        active.push_back(w);
        label[v] = second.saturating_add(2).min(unreachable);
        relabels += 1;
        if relabels >= period || work >= next_relabelling {
            relabels = 0;
            work += relabel(left_mate, right_mate, &mut label, &mut bfs);
            next_relabelling = work.saturating_add(work_period);
        }
    }
    Outcome {
        maximum: true,
        work,
    }
}

/// A warm start by push-relabel: `start`, checked against `graph`, is
/// grown by `grow` (which may unmatch a vertex by a double push but never a
/// right vertex), then every left vertex the start matched and `grow` left
/// free is matched again by [`recover_start`]. Used by [`PushRelabel`] and
/// by [`Auto`](crate::Auto), which grows by bounded push-relabel.
pub(crate) fn warm_start(
    graph: &Bipartite,
    start: Matching,
    grow: impl FnOnce(&mut [u32], &mut [u32]),
) -> Result<Matching, MatchingError> {
    start.check(graph)?;
    Ok(start.with_mates(|left, right| {
        let start_left = left.to_vec();
        grow(left, right);
        recover_start(&start_left, left, right);
    }))
}

/// A double push frees a left vertex, and one that turns out dead stays
/// free, so push-relabel may end with a left vertex free that `start_left`
/// matched (right vertices, once matched, stay matched). This re-covers
/// every such vertex without changing the size: from it, follow the path
/// on which the result and the start differ — take the start's edge, which
/// frees the right vertex's current mate, and go on from that mate while
/// the start matched it. Each step makes one more left vertex agree with
/// the start and none disagree, so the walks take O(L) steps in all.
pub(crate) fn recover_start(start_left: &[u32], left_mate: &mut [u32], right_mate: &mut [u32]) {
    for w in 0..start_left.len() {
        if start_left[w] == UNMATCHED || left_mate[w] != UNMATCHED {
            continue;
        }
        let mut x = w;
        loop {
            let v = start_left[x];
            let y = right_mate[idx(v)];
            left_mate[x] = v;
            right_mate[idx(v)] = id(x);
            if y == UNMATCHED {
                break; // cannot happen for a maximum result, but harmless
            }
            left_mate[idx(y)] = UNMATCHED;
            if start_left[idx(y)] == UNMATCHED {
                break; // y was free in the start: it may stay free
            }
            x = idx(y);
        }
    }
}

/// Exact labels: breadth-first search backwards over alternating paths from
/// every free right vertex (label 0); a matched right vertex two steps
/// further gets its predecessor's label plus 2; unreached ones get
/// `unreachable`. Only the right vertices in `live` (all if `None`) are
/// looked at; returns the arcs and vertices scanned.
fn global_relabel(
    graph: &Bipartite,
    left_mate: &[u32],
    right_mate: &[u32],
    label: &mut [u32],
    queue: &mut Vec<u32>,
    unreachable: u32,
    live: Option<&[u32]>,
) -> usize {
    queue.clear();
    let mut start = |v: usize| {
        if right_mate[v] == UNMATCHED {
            label[v] = 0;
            queue.push(id(v));
        } else {
            label[v] = unreachable;
        }
    };
    let mut work = match live {
        Some(list) => {
            list.iter().for_each(|&v| start(idx(v)));
            list.len()
        }
        None => {
            (0..right_mate.len()).for_each(&mut start);
            right_mate.len()
        }
    };
    let mut head = 0;
    while head < queue.len() {
        let v = idx(queue[head]);
        head += 1;
        let next = label[v] + 2;
        if next >= unreachable {
            break;
        }
        work += graph.right_adj(v).len();
        for &u in graph.right_adj(v) {
            let w = left_mate[idx(u)];
            if w != UNMATCHED && label[idx(w)] == unreachable {
                label[idx(w)] = next;
                queue.push(w);
            }
        }
    }
    work
}
