//! Hopcroft–Karp: phases of shortest vertex-disjoint augmenting paths.

use super::karp_sipser::karp_sipser_extend;
use super::Step;
use crate::util::{id, idx, UNMATCHED};
use crate::Bipartite;

/// The Hopcroft–Karp algorithm (J. E. Hopcroft and R. M. Karp, "An n^5/2
/// algorithm for maximum matchings in bipartite graphs", SIAM J. Comput.
/// 2(4), 1973).
///
/// After a [`KarpSipser`](crate::KarpSipser) start, each phase runs a
/// breadth-first search from all free left vertices that layers the graph
/// by alternating distance, up to the first layer that reaches a free
/// right vertex; then an iterative
/// depth-first search over that layered graph finds a maximal set of
/// vertex-disjoint shortest augmenting paths and flips them. The search
/// uses an explicit stack, a current-arc pointer per vertex, and marks a
/// vertex dead for the rest of the phase once its search failed, so each
/// phase touches every edge O(1) times.
///
/// A warm start
/// ([`Matcher::maximum_matching_from`](crate::Matcher::maximum_matching_from))
/// runs the same two steps from the given matching: the Karp–Sipser rules
/// extend it to a maximal one, keeping its pairs, and the phases augment
/// that. Augmenting never unmatches a vertex, and a maximum start comes
/// back unchanged; from the empty matching it is the cold run. This is
/// also the warm start a matcher of your own inherits from the trait.
///
/// # Complexity
///
/// O(E·√V) time, cold or from any warm start: there are O(√V) phases of
/// O(V + E) each (the argument bounds the phases from any matching), after
/// an O(V + E) Karp–Sipser extension. Extra space beside the matching
/// itself: the phases take 16 bytes per left vertex (layer, current arc,
/// queue, stack); before them, the Karp–Sipser start takes at most 12
/// bytes per vertex of both sides and frees it. No recursion: a path of
/// millions of vertices runs on a small thread stack.
///
/// # Testing
///
/// The conformance table, thousands of random graphs against brute force
/// and a König cover of the same size, agreement with [`Dinic`](crate::Dinic),
/// and paths of 10^6 vertices (`tests/`).
///
/// ```
/// use bimatch::{Bipartite, HopcroftKarp, Matcher};
///
/// let g = Bipartite::from_edges(3, 3, [(0, 0), (0, 1), (1, 0), (2, 1), (2, 2)])?;
/// assert_eq!(HopcroftKarp.maximum_matching(&g).len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct HopcroftKarp;

/// The Karp–Sipser start, then the phases.
const STEPS: &[Step] = &[karp_sipser_extend, augment_to_maximum];

matcher_of_steps!(HopcroftKarp, "hopcroft-karp", STEPS);

/// Layer of a vertex not reached this phase, or dead for the rest of it.
const UNREACHED: u32 = u32::MAX;

/// Runs Hopcroft–Karp phases on the given matching until it is maximum;
/// returns the number of phases. Matched vertices stay matched.
pub(crate) fn augment_to_maximum(
    graph: &Bipartite,
    left_mate: &mut [u32],
    right_mate: &mut [u32],
) -> usize {
    let n = graph.left_count();
    let mut layer = vec![UNREACHED; n];
    let mut cur = vec![0u32; n];
    let mut queue: Vec<u32> = Vec::with_capacity(n);
    let mut stack: Vec<u32> = Vec::with_capacity(n); // a path holds each left vertex once
    let mut phases = 0;
    loop {
        let Some((last, roots)) =
            build_layers(graph, left_mate, right_mate, &mut layer, &mut queue)
        else {
            return phases;
        };
        phases += 1;
        cur.copy_from_slice(&graph.left_offsets[..n]);
        for &root in &queue[..roots] {
            find_path(
                graph, left_mate, right_mate, &mut layer, &mut cur, &mut stack, root, last,
            );
        }
    }
}

/// Breadth-first layering from every free left vertex. Returns the layer of
/// the left vertices adjacent to a free right vertex and the number of free
/// left vertices, or `None` if there is no augmenting path. On return
/// `queue` lists the reached left vertices in layer order, free ones first.
fn build_layers(
    graph: &Bipartite,
    left_mate: &[u32],
    right_mate: &[u32],
    layer: &mut [u32],
    queue: &mut Vec<u32>,
) -> Option<(u32, usize)> {
    queue.clear();
    for (u, &mate) in left_mate.iter().enumerate() {
        if mate == UNMATCHED {
            layer[u] = 0;
            queue.push(id(u));
        } else {
            layer[u] = UNREACHED;
        }
    }
    let roots = queue.len();
    let mut last = UNREACHED;
    let mut head = 0;
    while head < queue.len() {
        let u = idx(queue[head]);
        head += 1;
        let next = layer[u] + 1;
        if layer[u] >= last {
            break; // every shortest augmenting path is already layered
        }
        for &v in graph.left_adj(u) {
            let w = right_mate[idx(v)];
            if w == UNMATCHED {
                last = layer[u];
            } else if layer[idx(w)] == UNREACHED {
                layer[idx(w)] = next;
                queue.push(w);
            }
        }
    }
    (last != UNREACHED).then_some((last, roots))
}

/// Iterative depth-first search for one shortest augmenting path from free
/// left vertex `root` through the layered graph; flips it if found.
#[allow(clippy::too_many_arguments)]
fn find_path(
    graph: &Bipartite,
    left_mate: &mut [u32],
    right_mate: &mut [u32],
    layer: &mut [u32],
    cur: &mut [u32],
    stack: &mut Vec<u32>,
    root: u32,
    last: u32,
) {
    let adj = &graph.left_adj;
    let offsets = &graph.left_offsets;
    stack.clear();
    stack.push(root);
    while let Some(&u) = stack.last() {
        let u = idx(u);
        let end = offsets[u + 1];
        let mut descended = false;
        while cur[u] < end {
            let v = adj[idx(cur[u])];
            let w = right_mate[idx(v)];
            if w == UNMATCHED {
                if layer[u] == last {
                    // Found: every stacked vertex takes the right vertex its
                    // current arc points at, and leaves this phase.
                    for &x in stack.iter() {
                        let x = idx(x);
                        let y = adj[idx(cur[x])];
                        left_mate[x] = y;
                        right_mate[idx(y)] = id(x);
                        layer[x] = UNREACHED;
                    }
                    return;
                }
            } else if layer[u] < last && layer[idx(w)] == layer[u] + 1 {
                stack.push(w); // descend; cur[u] stays on this arc
                descended = true;
                break;
            }
            cur[u] += 1;
        }
        if !descended {
            layer[u] = UNREACHED; // dead end for the rest of the phase
            stack.pop();
            if let Some(&p) = stack.last() {
                cur[idx(p)] += 1;
            }
        }
    }
}
