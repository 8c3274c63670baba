//! The fine blocks of the square part: strongly connected components by
//! Pearce's one-array variant of Tarjan's algorithm with an explicit
//! stack, after one forward–backward step that takes out the component of
//! a well-connected node by two alternating searches.

use super::search::{search_from, Bits};
use crate::graph::Bipartite;
use crate::matching::Matching;
use crate::util::{id, idx, UNMATCHED};

/// A column outside the square part: never entered, never lowers a label.
pub(super) const OUTSIDE: u32 = u32::MAX;

/// Square parts at least this large first take out one component by a
/// forward and a backward search.
const FORWARD_BACKWARD_MIN: usize = 1 << 12;

/// The strongly connected components of the square part's directed graph
/// and their count. Its nodes are the `n` columns `v` with `label[v] == 0`
/// on entry (the others must hold [`OUTSIDE`]); node `v` has an arc to
/// every square column in the row of its mate. On return `label[v]` is the
/// component of each square column, numbered so that every arc goes from a
/// lower number to a higher one or stays inside a component (sources
/// first).
///
/// A depth-first search waits on memory at every step. So on a large
/// square part, the component of the column of highest degree is found
/// first as the intersection of what it reaches and what reaches it, by
/// two alternating searches, whose look-ups overlap (often it is most of
/// the square part); then Pearce's algorithm (D. J. Pearce, "A
/// space-efficient algorithm for finding strongly connected components",
/// Inf. Process. Lett. 116(1), 2016) finds the rest, one array of labels
/// serving as Tarjan's index, low link and component number.
pub(super) fn square_blocks(graph: &Bipartite, m: &Matching, label: &mut [u32], n: usize) -> usize {
    if n < FORWARD_BACKWARD_MIN {
        // Numbered n - 1 down to 0.
        let top = id(n).wrapping_sub(1);
        let last = pearce(graph, &m.right_mate, label, top);
        let count = idx(top.wrapping_sub(last));
        let first = id(n - count);
        for l in label.iter_mut().filter(|l| **l != OUTSIDE) {
            *l -= first;
        }
        return count;
    }
    // Forward and backward from the square column of highest degree.
    let pivot = (0..label.len())
        .filter(|&v| label[v] == 0)
        .max_by_key(|&v| graph.right_offsets[v + 1] - graph.right_offsets[v])
        .unwrap_or(0);
    let forward = reach_from(graph, m, label, pivot, true);
    let backward = reach_from(graph, m, label, pivot, false);
    // The pivot's component is numbered n, finished before Pearce runs;
    // the others n - 1 down to at least 1.
    let top = id(n);
    for (v, l) in label.iter_mut().enumerate() {
        if *l != OUTSIDE && forward.contains(v) && backward.contains(idx(m.right_mate[v])) {
            *l = top;
        }
    }
    let last = pearce(graph, &m.right_mate, label, top - 1);
    let count = idx(top - last);
    // Components ascending are in topological order without the pivot's;
    // put them in the order: reaching the pivot, the pivot's, unrelated,
    // reached from it. Every arc between two groups goes forward in it.
    let group = |v: usize| match (backward.contains(idx(m.right_mate[v])), forward.contains(v)) {
        (true, false) => 0u8,
        (true, true) => 1,
        (false, false) => 2,
        (false, true) => 3,
    };
    let low = last + 1;
    let mut group_of = vec![0u8; count];
    for (v, &l) in label.iter().enumerate() {
        if l != OUTSIDE {
            group_of[idx(l - low)] = group(v);
        }
    }
    let mut rank = vec![0u32; count];
    let mut next = 0u32;
    for g in 0..4 {
        for (c, _) in group_of.iter().enumerate().filter(|&(_, &x)| x == g) {
            rank[c] = next;
            next += 1;
        }
    }
    for l in label.iter_mut().filter(|l| **l != OUTSIDE) {
        *l = rank[idx(*l - low)];
    }
    count
}

/// The square columns reachable from square column `from` (forward), or
/// from which it is reachable (backward), by the alternating search of the
/// structure module with everything outside the square part marked
/// beforehand. Forward: from its mate row, along entries to columns, then
/// to their mate rows. Backward: from it, along entries to rows, then to
/// their mate columns. Returns forward the columns reached, backward the
/// rows reached (whose mates are the columns), `from` and its mate
/// included.
fn reach_from(graph: &Bipartite, m: &Matching, label: &[u32], from: usize, forward: bool) -> Bits {
    let square = |v: u32| v != UNMATCHED && label[idx(v)] != OUTSIDE;
    let row = m.right_mate[from];
    let reached = if forward {
        let seen = Bits::from_fn(label.len(), |v| v == from || label[v] == OUTSIDE);
        search_from(
            &graph.left_offsets,
            &graph.left_adj,
            &m.right_mate,
            seen,
            std::iter::once(row),
        )
    } else {
        let seen = Bits::from_fn(m.left_count(), |u| u == idx(row) || !square(m.left_mate[u]));
        search_from(
            &graph.right_offsets,
            &graph.right_adj,
            &m.left_mate,
            seen,
            std::iter::once(id(from)),
        )
    };
    // Nothing free is left unmarked, so the search cannot fail.
    reached.map(|(other, _)| other).unwrap_or_default()
}

/// Pearce's algorithm over the columns labelled 0 (the others are outside
/// or already finished with a label above every live one). Components are
/// numbered `top`, `top - 1`, …, sinks first; returns the number below the
/// last one given.
fn pearce(graph: &Bipartite, right_mate: &[u32], label: &mut [u32], top: u32) -> u32 {
    // Live nodes carry labels 1, 2, … (reused as components complete);
    // finished ones carry their component, counting down from `top`, which
    // stays above every live label (Pearce, Lemma 4).
    let mut next = 1u32;
    let mut component = top;
    let mut stack: Vec<u32> = Vec::new(); // live nodes whose component is open
                                          // (node, next arc, end of arcs, whether it is still a root)
    let mut frames: Vec<(u32, u32, u32, bool)> = Vec::new();
    let arcs = |v: usize| {
        let row = idx(right_mate[v]);
        (graph.left_offsets[row], graph.left_offsets[row + 1])
    };
    // On arrays larger than the caches, read ahead what the next steps need.
    let ahead = label.len() > 1 << 16;
    for start in 0..label.len() {
        if label[start] != 0 {
            continue;
        }
        let (first, end) = arcs(start);
        label[start] = next;
        next += 1;
        if ahead {
            touch(graph, right_mate, label, first, end);
        }
        frames.push((id(start), first, end, true));
        'frames: while let Some(&(v, mut arc, end, mut root)) = frames.last() {
            let v = idx(v);
            let mut low = label[v];
            while arc < end {
                let w = idx(graph.left_adj[idx(arc)]);
                arc += 1;
                let seen = label[w];
                if seen == 0 {
                    // Descend into w; this frame resumes at the next arc.
                    label[v] = low;
                    if let Some(frame) = frames.last_mut() {
                        frame.1 = arc;
                        frame.3 = root;
                    }
                    let (first, end) = arcs(w);
                    label[w] = next;
                    next += 1;
                    if ahead {
                        touch(graph, right_mate, label, first, end);
                    }
                    frames.push((id(w), first, end, true));
                    continue 'frames;
                }
                if seen < low {
                    low = seen; // w is live: v reaches lower
                    root = false;
                }
            }
            label[v] = low;
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
    component
}

/// Reads, all at once, what the search will soon need about the heads of
/// the arcs `first..end`: their labels and where their own arcs start.
/// The loads are independent of each other, so the memory system serves
/// them together; the depth-first search, whose every step waits on the
/// one before, then finds them in cache.
#[inline(always)]
fn touch(graph: &Bipartite, right_mate: &[u32], label: &[u32], first: u32, end: u32) {
    let mut sum = 0u32;
    for &w in &graph.left_adj[idx(first)..idx(end)] {
        let w = idx(w);
        sum ^= label[w];
        if let Some(&row) = right_mate.get(w) {
            sum ^= graph.left_offsets.get(idx(row)).copied().unwrap_or(0);
        }
    }
    std::hint::black_box(sum);
}
