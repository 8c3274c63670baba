//! The fine blocks of the square part: strongly connected components by
//! Pearce's one-array variant of Tarjan's algorithm, with an explicit stack.

use crate::graph::Bipartite;
use crate::util::{id, idx};

/// A column outside the square part: never entered, never lowers a label.
const OUTSIDE: u32 = u32::MAX;

/// The strongly connected components of the square part's directed graph
/// and their count. Its nodes are the `n` columns `v` with
/// `label[v] == 0` on entry (the others must hold [`OUTSIDE`]); node `v`
/// has an arc to every square column in the row of its mate
/// `right_mate[v]`. On return `label[v]` is the component of each square
/// column, numbered so that every arc goes from a lower number to a higher
/// one or stays inside a component (sources first).
///
/// One array of labels serves as Tarjan's index, low link and component
/// number (D. J. Pearce, "A space-efficient algorithm for finding strongly
/// connected components", Inf. Process. Lett. 116(1), 2016): each arc
/// costs one look-up in it.
pub(super) fn square_blocks(
    graph: &Bipartite,
    right_mate: &[u32],
    label: &mut [u32],
    n: usize,
) -> usize {
    // Live nodes carry labels 1..=n (reused as components complete);
    // finished ones carry their component, counting down from n - 1, which
    // stays above every live label (Pearce, Lemma 4).
    let mut next = 1u32;
    let mut component = id(n).wrapping_sub(1);
    let mut stack: Vec<u32> = Vec::new(); // live nodes whose component is open
    // (node, next arc, end of arcs, whether it is still a root)
    let mut frames: Vec<(u32, u32, u32, bool)> = Vec::new();
    let arcs = |v: usize| {
        let row = idx(right_mate[v]);
        (graph.left_offsets[row], graph.left_offsets[row + 1])
    };
    for start in 0..label.len() {
        if label[start] != 0 {
            continue;
        }
        let (first, end) = arcs(start);
        label[start] = next;
        next += 1;
        frames.push((id(start), first, end, true));
        while let Some(frame) = frames.last_mut() {
            let v = idx(frame.0);
            if frame.1 < frame.2 {
                let w = idx(graph.left_adj[idx(frame.1)]);
                frame.1 += 1;
                if label[w] == 0 {
                    let (first, end) = arcs(w);
                    label[w] = next;
                    next += 1;
                    frames.push((id(w), first, end, true));
                } else if label[w] < label[v] {
                    label[v] = label[w]; // w is live: v reaches lower
                    frame.3 = false;
                }
                continue;
            }
            let root = frame.3;
            frames.pop();
            if root {
                // v closes a component: v and the live nodes above it.
                next -= 1;
                while let Some(&w) = stack.last() {
                    if label[v] > label[idx(w)] {
                        break;
                    }
                    stack.pop();
                    label[idx(w)] = component;
                    next -= 1;
                }
                label[v] = component;
                component = component.wrapping_sub(1);
            } else {
                stack.push(id(v));
            }
            if let Some(parent) = frames.last_mut() {
                let p = idx(parent.0);
                if label[v] < label[p] {
                    label[p] = label[v];
                    parent.3 = false;
                }
            }
        }
    }
    // Components were numbered n - 1 down to n - count, sinks first.
    let count = idx(id(n).wrapping_sub(1).wrapping_sub(component));
    let first = id(n - count);
    for l in label.iter_mut().filter(|l| **l != OUTSIDE) {
        *l -= first;
    }
    count
}
