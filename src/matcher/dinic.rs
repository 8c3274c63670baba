//! Dinic's maximum flow on the unit network source → left → right → sink.

use super::karp_sipser::karp_sipser_extend;
use super::Step;
use crate::util::{id, idx, UNMATCHED};
use crate::Bipartite;

/// Dinic's blocking-flow algorithm (E. A. Dinic, "Algorithm for solution of
/// a problem of maximum flow in networks with power estimation", Soviet
/// Math. Doklady 11, 1970) on the unit-capacity network
/// source → left → right → sink, read back as a matching.
///
/// The network is held in flat arrays (arc heads, paired reverse arcs,
/// residual capacities), built once. Each phase labels nodes by a
/// breadth-first search from the source over residual arcs and then finds
/// a blocking flow by an iterative depth-first search with current-arc
/// pointers; a node whose arcs are used up is skipped for the rest of the
/// phase. The flow starts from the [`KarpSipser`](crate::KarpSipser)
/// matching. On this network Dinic's phases are Hopcroft–Karp's, so it is
/// the max-flow view of the same idea.
///
/// A warm start
/// ([`Matcher::maximum_matching_from`](crate::Matcher::maximum_matching_from))
/// runs the same steps from the given matching: the Karp–Sipser rules
/// extend it to a maximal one, keeping its pairs, the network is built
/// carrying that matching as its initial flow, and Dinic's phases go on
/// from there. The source's and sink's arcs stay saturated once they
/// are, so no vertex the start matched ends free, and a maximum start
/// comes back unchanged; from the empty matching it is the cold run.
///
/// # Complexity
///
/// O(E·√V) time, cold or from any warm start (unit network: O(√V) phases
/// of O(V + E) from any initial flow, after an O(V + E) Karp–Sipser
/// extension); a graph with more than `u32::MAX - 2` vertices in all,
/// whose network node ids would not fit, is matched by Hopcroft–Karp's
/// phases instead. Extra space 26 bytes per edge and 50 per vertex: 13 per
/// arc of the residual network's 2 (E + V) arcs (head, reverse arc,
/// residual capacity), 20 per node of arrays (offsets, level, current arc)
/// and 4 of breadth-first queue; plus the search path, 8 bytes per arc on
/// it, at most 8 per vertex. The Karp–Sipser start runs and frees its
/// space before the network is built. Heavier than
/// [`HopcroftKarp`](crate::HopcroftKarp), which works on the graph
/// directly. No recursion.
///
/// # Testing
///
/// The conformance table, random graphs against brute force and König
/// covers, agreement with Hopcroft–Karp, and 10^6-vertex paths (`tests/`).
///
/// ```
/// use bimatch::{Bipartite, Dinic, Matcher};
///
/// let g = Bipartite::from_edges(3, 3, [(0, 0), (0, 1), (1, 0), (2, 1), (2, 2)])?;
/// assert_eq!(Dinic.maximum_matching(&g).len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Dinic;

/// The Karp–Sipser start, then the flow.
const STEPS: &[Step] = &[karp_sipser_extend, augment_to_maximum];

matcher_of_steps!(Dinic, "dinic", STEPS);

/// Grows the given matching to a maximum one by max flow on the unit
/// network; returns the number of phases. Matched vertices stay matched.
///
/// A graph whose L + R + 2 network nodes do not fit the `u32` node ids is
/// grown by Hopcroft–Karp's phases instead: the same phases on the graph
/// itself, with the same bound.
pub(crate) fn augment_to_maximum(
    graph: &Bipartite,
    left_mate: &mut [u32],
    right_mate: &mut [u32],
) -> usize {
    if !node_ids_fit(graph.left_count(), graph.right_count()) {
        return super::hopcroft_karp::augment_to_maximum(graph, left_mate, right_mate);
    }
    let mut net = UnitNetwork::new(graph, left_mate);
    let phases = net.max_flow();
    net.read_matching(left_mate, right_mate);
    phases
}

/// Whether the network's L + R + 2 nodes (left, right, source, sink) have
/// `u32` ids.
fn node_ids_fit(left: usize, right: usize) -> bool {
    left.checked_add(right)
        .and_then(|n| n.checked_add(2))
        .is_some_and(|nodes| nodes <= u32::MAX as usize)
}

/// Level of a node not reached this phase.
const UNLEVELLED: u32 = u32::MAX;

/// The residual network. Nodes: left `u` is `u`, right `v` is `L + v`, then
/// the source `L + R` and the sink `L + R + 1`. The arcs of node `x` are
/// `offsets[x]..offsets[x + 1]`:
/// - left `u`: back to the source, then to each right neighbour, ascending;
/// - right `v`: back to each left neighbour, ascending, then to the sink;
/// - source: to each left vertex; sink: back to each right vertex.
struct UnitNetwork {
    left_count: usize,
    source: usize,
    sink: usize,
    offsets: Vec<usize>,
    head: Vec<u32>,
    /// The paired arc in the other direction.
    reverse: Vec<usize>,
    /// Residual capacity, 0 or 1.
    residual: Vec<u8>,
    level: Vec<u32>,
    cur: Vec<usize>,
}

impl UnitNetwork {
    /// Builds the network carrying the flow of the matching `left_mate`.
    fn new(graph: &Bipartite, left_mate: &[u32]) -> Self {
        let (l, r, e) = (graph.left_count(), graph.right_count(), graph.edge_count());
        let (source, sink) = (l + r, l + r + 1);
        let nodes = l + r + 2;
        let arcs = 2 * (l + r + e);
        // Arcs are laid out in node order: each left u (one arc back to the
        // source, then its edges), each right v (its edges back, then one arc
        // to the sink), the source's L arcs, the sink's R arcs.
        let mut offsets = Vec::with_capacity(nodes + 1);
        offsets.extend((0..l).map(|u| u + idx(graph.left_offsets[u])));
        let right_base = l + e;
        offsets.extend((0..r).map(|v| right_base + v + idx(graph.right_offsets[v])));
        let source_base = right_base + r + e;
        let sink_base = source_base + l;
        offsets.extend([source_base, sink_base, arcs]);

        let mut head = vec![0u32; arcs];
        let mut reverse = vec![0usize; arcs];
        let mut residual = vec![1u8; arcs];
        // source ↔ left
        for (u, &b) in offsets[..l].iter().enumerate() {
            let a = source_base + u;
            head[a] = id(u);
            head[b] = id(source);
            (reverse[a], reverse[b]) = (b, a);
            residual[b] = 0;
        }
        // right ↔ sink
        for v in 0..r {
            let (a, b) = (offsets[l + v + 1] - 1, sink_base + v);
            head[a] = id(sink);
            head[b] = id(l + v);
            (reverse[a], reverse[b]) = (b, a);
            residual[b] = 0;
        }
        // left ↔ right: right lists are visited in ascending v, so each left
        // list is consumed in order by a cursor.
        let mut next: Vec<usize> = (0..l).map(|u| offsets[u] + 1).collect();
        for v in 0..r {
            for (k, &u) in graph.right_adj(v).iter().enumerate() {
                let a = next[idx(u)];
                next[idx(u)] += 1;
                let b = offsets[l + v] + k;
                head[a] = id(l + v);
                head[b] = u;
                (reverse[a], reverse[b]) = (b, a);
                residual[b] = 0;
            }
        }
        let mut net = UnitNetwork {
            left_count: l,
            source,
            sink,
            offsets,
            head,
            reverse,
            residual,
            level: vec![UNLEVELLED; nodes],
            cur: vec![0; nodes],
        };
        for (u, &v) in left_mate.iter().enumerate() {
            if v != UNMATCHED {
                net.push_unit(net.offsets[source] + u); // source → u
                let a = net.left_arc_to(u, v);
                net.push_unit(a);
                net.push_unit(net.offsets[l + idx(v) + 1] - 1); // v → sink
            }
        }
        net
    }

    /// The arc from left `u` to right `v` (an edge of the graph).
    fn left_arc_to(&self, u: usize, v: u32) -> usize {
        let first = self.offsets[u] + 1;
        let heads = &self.head[first..self.offsets[u + 1]];
        let target = id(self.left_count) + v;
        first + heads.partition_point(|&h| h < target)
    }

    /// Sends one unit along arc `a`.
    #[inline(always)]
    fn push_unit(&mut self, a: usize) {
        self.residual[a] -= 1;
        self.residual[self.reverse[a]] += 1;
    }

    /// Dinic phases until the sink is unreachable; returns their number.
    fn max_flow(&mut self) -> usize {
        let mut queue: Vec<u32> = Vec::with_capacity(self.level.len());
        let mut path: Vec<usize> = Vec::new();
        let mut phases = 0;
        while self.build_levels(&mut queue) {
            phases += 1;
            self.cur.copy_from_slice(&self.offsets[..self.level.len()]);
            self.blocking_flow(&mut path);
        }
        phases
    }

    /// Breadth-first levels from the source over residual arcs; whether the
    /// sink was reached.
    fn build_levels(&mut self, queue: &mut Vec<u32>) -> bool {
        self.level.fill(UNLEVELLED);
        self.level[self.source] = 0;
        queue.clear();
        queue.push(id(self.source));
        let mut head = 0;
        while head < queue.len() {
            let x = idx(queue[head]);
            head += 1;
            for a in self.offsets[x]..self.offsets[x + 1] {
                let y = idx(self.head[a]);
                if self.residual[a] > 0 && self.level[y] == UNLEVELLED {
                    self.level[y] = self.level[x] + 1;
                    if y == self.sink {
                        return true; // deeper levels cannot lie on a shortest path
                    }
                    queue.push(id(y));
                }
            }
        }
        false
    }

    /// Iterative depth-first search for augmenting paths in the level graph
    /// until none is left. `path` holds the arcs from the source.
    fn blocking_flow(&mut self, path: &mut Vec<usize>) {
        path.clear();
        let mut x = self.source;
        loop {
            if x == self.sink {
                // Unit capacities: every arc on the path is now saturated.
                for &a in path.iter() {
                    self.push_unit(a);
                }
                path.clear();
                x = self.source;
                continue;
            }
            let end = self.offsets[x + 1];
            let mut a = self.cur[x];
            while a < end {
                let y = idx(self.head[a]);
                if self.residual[a] > 0 && self.level[y] == self.level[x].wrapping_add(1) {
                    break;
                }
                a += 1;
            }
            self.cur[x] = a;
            if a < end {
                path.push(a);
                x = idx(self.head[a]);
            } else {
                // x is a dead end for this phase: retreat over the arc into it.
                self.level[x] = UNLEVELLED;
                match path.pop() {
                    None => return,
                    Some(into) => {
                        x = idx(self.head[self.reverse[into]]);
                        self.cur[x] += 1;
                    }
                }
            }
        }
    }

    /// Reads the flow on left → right arcs back as mates.
    fn read_matching(&self, left_mate: &mut [u32], right_mate: &mut [u32]) {
        let l = id(self.left_count);
        for (u, mate) in left_mate.iter_mut().enumerate() {
            *mate = UNMATCHED;
            for a in self.offsets[u] + 1..self.offsets[u + 1] {
                if self.residual[a] == 0 {
                    let v = self.head[a] - l;
                    *mate = v;
                    right_mate[idx(v)] = id(u);
                }
            }
        }
        for (v, mate) in right_mate.iter_mut().enumerate() {
            if *mate != UNMATCHED && left_mate[idx(*mate)] != id(v) {
                *mate = UNMATCHED;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_ids_are_checked_before_the_network_is_built() {
        let max = u32::MAX as usize;
        assert!(node_ids_fit(0, 0));
        assert!(node_ids_fit(max - 2, 0));
        assert!(!node_ids_fit(max - 1, 0));
        assert!(!node_ids_fit(max / 2 + 1, max / 2 + 1));
        assert!(!node_ids_fit(usize::MAX, 1));
    }
}
