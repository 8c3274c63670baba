//! The alternating forest grown from every free vertex at once, which both
//! the matching phases and the Gallai–Edmonds decomposition run.
//!
//! When two trees meet, the edge joins their roots by an augmenting path.
//! A phase flips it and sets both trees aside until the next phase, so one
//! pass over the edges finds many paths, where searching from one free
//! vertex at a time may pass over most of the graph for each path. The
//! decomposition stops at the first path instead: when none shows, the
//! forest's labels are the Gallai–Edmonds sets.

use super::blossom::{Blossoms, EVEN, NONE, ODD};
use super::Graph;
use crate::util::{id, idx, UNMATCHED};

/// The order in which [`search`] scans the outer vertices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    /// First labelled, first scanned (breadth first).
    Queue,
    /// In sweeps over the vertex ids, up then down, at most [`SWEEPS`] of
    /// them; the rest in queue order.
    Sweeps,
}

/// The most sweeps of [`Order::Sweeps`]: each reads a bit per vertex.
const SWEEPS: usize = 16;

/// The labels, links and blossoms of a multi-root search.
pub(crate) struct Forest {
    pub(crate) b: Blossoms,
    /// The root of each labelled vertex's tree.
    root: Vec<u32>,
    /// Per root: its tree met another and is set aside.
    used: Vec<bool>,
}

impl Forest {
    /// Grows alternating trees from every free vertex of `mate`
    /// (consistent, of `graph`) at once, shrinking blossoms with
    /// union–find. When two trees meet, `meet` gets the augmenting path
    /// joining their roots, free end to free end; if it returns `true` both
    /// trees are set aside and the search goes on, if `false` the search
    /// stops. Returns the forest and whether the search ran to its end.
    ///
    /// Time O((V + E)·α(V)) plus the paths' lengths; space 22 bytes per
    /// vertex (labels 1, links, bases, stamps, roots 4 each, the set-aside
    /// flags 1, the queue at most 4).
    pub(crate) fn grow(
        graph: &Graph,
        mate: &[u32],
        mut meet: impl FnMut(Vec<usize>) -> bool,
    ) -> (Forest, bool) {
        let n = graph.vertex_count();
        let mut f = Forest {
            b: Blossoms::new(n),
            root: vec![UNMATCHED; n],
            used: vec![false; n],
        };
        for (v, &mv) in mate.iter().enumerate() {
            if mv == UNMATCHED {
                f.b.label[v] = EVEN;
                f.root[v] = id(v);
                f.b.queue.push(id(v));
            }
        }
        let mut head = 0;
        while head < f.b.queue.len() {
            let x = f.b.queue[head];
            head += 1;
            if !f.scan(graph, mate, x, &mut meet) {
                return (f, false);
            }
        }
        (f, true)
    }

    /// Scans the outer vertex `x`: labels the unlabelled neighbours and
    /// their mates (queued), shrinks blossoms, and hands a path between two
    /// trees to `meet`; false if `meet` asked to stop.
    fn scan(
        &mut self,
        graph: &Graph,
        mate: &[u32],
        x: u32,
        meet: &mut impl FnMut(Vec<usize>) -> bool,
    ) -> bool {
        let b = &mut self.b;
        let rx = self.root[idx(x)];
        // The base of x's blossom, recomputed after each shrink.
        let mut bx = b.find(x);
        for &y in graph.adj_of(idx(x)) {
            if self.used[idx(rx)] {
                break; // x's tree met another: done with it
            }
            if b.base[idx(y)] == bx {
                continue; // the same blossom, seen in one hop
            }
            match b.label[idx(y)] {
                NONE => {
                    // Every free vertex is a root, so y is matched, and
                    // its mate is unlabelled too.
                    let z = mate[idx(y)];
                    b.label[idx(y)] = ODD;
                    b.link[idx(y)] = x;
                    self.root[idx(y)] = rx;
                    b.label[idx(z)] = EVEN;
                    b.depth[idx(z)] = b.depth[idx(x)] + 2;
                    self.root[idx(z)] = rx;
                    b.queue.push(z);
                }
                EVEN => {
                    let ry = self.root[idx(y)];
                    if self.used[idx(ry)] {
                        continue;
                    }
                    if ry != rx {
                        let mut path = b.path_to_root(x, mate);
                        path.reverse();
                        path.extend(b.path_to_root(y, mate));
                        if !meet(path) {
                            return false;
                        }
                        self.used[idx(rx)] = true;
                        self.used[idx(ry)] = true;
                        continue;
                    }
                    bx = b.join(x, y, bx, mate);
                }
                _ => {}
            }
        }
        true
    }
}

/// What [`search`] leaves when no two trees meet: the final labels and
/// blossoms, and whether the row of every outer vertex holds its mate.
pub(crate) struct Searched {
    /// The labels (outer, inner, not reached) and the blossoms' bases.
    pub(crate) b: Blossoms,
    /// Every matched outer vertex found its mate in its row: the pairs with
    /// an outer end are edges of the graph.
    pub(crate) mates_seen: bool,
    /// Every vertex is outer and in one blossom (the graph is
    /// factor-critical and `D` is all of it); the blossoms' links, bases
    /// and depths may then be left unmade.
    pub(crate) one_blossom: bool,
}

/// Grows alternating trees from every free vertex of `mate` at once, in
/// `order`, and stops at the first augmenting path (two trees meet):
/// `Err` with that path, free end to free end. `mate` must be symmetric
/// and of `graph`'s vertex count; its pairs need not be edges (the search
/// then runs on the graph with the pairs added, and reports through
/// [`Searched::mates_seen`] whether the rows it read hold them).
///
/// Without the set-aside trees of [`Forest::grow`] no root is stored:
/// two outer vertices of different trees show in the walk to their
/// common base, which reaches two different roots. Time O((V + E)·α(V))
/// (one pass over the rows of the outer vertices, each entry compared with
/// the row's mate as it goes by); space 13 bytes per vertex (labels 1,
/// links, bases and depths 4 each) and the queue, at most 4 per vertex,
/// and in [`Order::Sweeps`] a bit per vertex.
pub(crate) fn search(graph: &Graph, mate: &[u32], order: Order) -> Result<Searched, Vec<usize>> {
    let n = graph.vertex_count();
    let mut b = Blossoms::new(n);
    for (v, &mv) in mate.iter().enumerate() {
        if mv == UNMATCHED {
            b.label[v] = EVEN;
            b.queue.push(id(v));
        }
    }
    search_from(b, graph, mate, order)
}

/// [`search`] from a state of its own: `b` the labels, links and blossoms
/// of a search under way on `graph` and `mate` (every free vertex a root),
/// its queue the outer vertices whose rows are still to be scanned (each
/// outer vertex either scanned or queued, the pairs of those scanned
/// edges of the graph).
pub(crate) fn search_from(
    mut b: Blossoms,
    graph: &Graph,
    mate: &[u32],
    order: Order,
) -> Result<Searched, Vec<usize>> {
    let n = graph.vertex_count();
    let mut seen = true;
    let mut head = 0;
    if order == Order::Sweeps {
        // Outer vertices waiting to be scanned, one bit each, read in
        // sweeps of alternating direction: on a graph numbered along its
        // structure the scans then move through memory in order, and a
        // sweep follows the trees as far as they grow its way.
        let words = n.div_ceil(64);
        let mut waiting = vec![0u64; words];
        let mut count = 0;
        let add = |queue: &mut Vec<u32>, waiting: &mut [u64], count: &mut usize| {
            for v in queue.drain(..) {
                waiting[idx(v) / 64] |= 1 << (idx(v) % 64);
                *count += 1;
            }
        };
        add(&mut b.queue, &mut waiting, &mut count);
        let mut sweeps = 0;
        while count > 0 && sweeps < SWEEPS {
            let up = sweeps % 2 == 0;
            sweeps += 1;
            for k in 0..words {
                let w = if up { k } else { words - 1 - k };
                while waiting[w] != 0 {
                    let word = waiting[w];
                    let bit = if up {
                        word.trailing_zeros()
                    } else {
                        63 - word.leading_zeros()
                    };
                    waiting[w] &= !(1 << bit);
                    count -= 1;
                    let x = id(w * 64 + bit as usize);
                    seen &= scan_one(&mut b, graph, mate, x)?;
                    add(&mut b.queue, &mut waiting, &mut count);
                }
            }
        }
        // Past the sweeps' allowance: the rest in queue order.
        for (w, &word) in waiting.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let bit = word.trailing_zeros();
                word &= word - 1;
                b.queue.push(id(w * 64 + bit as usize));
            }
        }
    }
    while head < b.queue.len() {
        let x = b.queue[head];
        head += 1;
        seen &= scan_one(&mut b, graph, mate, x)?;
    }
    Ok(Searched {
        b,
        mates_seen: seen,
        one_blossom: false,
    })
}

/// Scans the outer vertex `x` for [`search`]: labels the unlabelled
/// neighbours and their mates (queued), shrinks blossoms; `Err` with the
/// augmenting path if `x` meets another tree, else whether `x`'s row holds
/// its mate (true for a free `x`).
#[inline]
fn scan_one(b: &mut Blossoms, graph: &Graph, mate: &[u32], x: u32) -> Result<bool, Vec<usize>> {
    let mx = mate[idx(x)];
    let mut seen = mx == UNMATCHED;
    // The base of x's blossom, recomputed after each shrink.
    let mut bx = b.find(x);
    for &y in graph.adj_of(idx(x)) {
        seen |= y == mx;
        if b.base[idx(y)] == bx {
            continue; // the same blossom, seen in one hop
        }
        match b.label[idx(y)] {
            NONE => {
                // Every free vertex is a root, so y is matched, and its
                // mate is unlabelled too.
                let z = mate[idx(y)];
                b.label[idx(y)] = ODD;
                b.link[idx(y)] = x;
                b.label[idx(z)] = EVEN;
                b.depth[idx(z)] = b.depth[idx(x)] + 2;
                b.queue.push(z);
            }
            EVEN => {
                let by = b.find(y);
                if by == bx {
                    continue;
                }
                match b.meet(x, y, bx, by, mate) {
                    Some(base) => bx = base,
                    None => {
                        let mut path = b.path_to_root(x, mate);
                        path.reverse();
                        path.extend(b.path_to_root(y, mate));
                        return Err(path);
                    }
                }
            }
            _ => {}
        }
    }
    Ok(seen)
}

/// Runs one phase on the matching `mate` (consistent, of `graph`): grows
/// the forest, setting aside each pair of trees that meet, then flips the
/// paths found (they are vertex-disjoint, and a tree set aside is never
/// looked at again, so flipping at the end finds the same paths as
/// flipping at once). Returns the number of paths flipped; none proves
/// the matching maximum.
///
/// Time O((V + E)·α(V)) plus the paths' lengths; extra space that of
/// [`Forest::grow`] and at most 4 bytes per vertex for the paths.
pub(crate) fn phase(graph: &Graph, mate: &mut [u32]) -> usize {
    let mut found = 0;
    let mut paths: Vec<u32> = Vec::new();
    Forest::grow(graph, mate, |path| {
        found += 1;
        paths.extend(path.iter().map(|&v| id(v)));
        true
    });
    // Every path has an even number of vertices, so the pairs line up.
    for pair in paths.chunks_exact(2) {
        mate[idx(pair[0])] = pair[1];
        mate[idx(pair[1])] = pair[0];
    }
    found
}
