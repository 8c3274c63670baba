//! The Gallai–Edmonds search when the matching leaves one vertex free:
//! the root's blossom grown by ears of one matched pair, read from the
//! pairs' rows rather than the blossom's.
//!
//! Let `B` hold the free vertex `r` and pairs of the matching, with every
//! vertex of `B` on an even alternating path from `r` inside `B` (`B` is
//! one blossom of the search from `r`, with base `r`). A matched pair
//! `y`–`z` outside `B` whose ends both have a neighbour in `B` is an odd
//! ear `b − y = z − b′`: `B` with the pair is again such a blossom (from
//! `y` the path runs `y, z, b′, …` and from `z` it runs `z, y, b, …`). So
//! the pairs can be taken into `B` in any order, each as soon as both its
//! ends touch `B`, and a vertex's row is read only until it shows a
//! neighbour in `B`. When `B` takes every vertex, `D` is the whole graph
//! (one factor-critical component) and no row had to be read to its end;
//! on a triangular lattice numbered row by row, a few sweeps over the ids
//! take every pair, where the search from the blossom reads every row.
//!
//! Otherwise the sweeps stop (a sweep takes no pair, or under a quarter
//! of the pairs it tries, or the reading is over its allowance) and `B`
//! is handed to the search as it stands: one blossom with base `r`, its
//! vertices queued to be scanned. That is a state of the search from `r`
//! (the search would reach it by scanning those rows), so the answer is
//! the same. Its vertices carry no links: the search reads a link only on
//! a walk up a tree, which stops at the first base it meets in `B` (the
//! root), and with one free vertex it never traces an augmenting path.

use super::blossom::{Blossoms, EVEN, HOOKED, NONE};
use super::forest::{search, search_from, Order, Searched};
use super::Graph;
use crate::util::{id, idx, UNMATCHED};

/// The most entries and vertices the sweeps may read, in passes over the
/// adjacency (each sweep is charged its vertices too): past it, the rest
/// is left to the search.
const ALLOWANCE: usize = 2;

/// The Gallai–Edmonds search of `graph` from the matching `mate` (of the
/// graph's vertex count, symmetric; its pairs need not be edges, as in
/// [`search`]) when `root` is its only free vertex:
/// grows the root's blossom by ears, then, unless it took every vertex,
/// runs the search from there in `order`.
///
/// With one free vertex there is no augmenting path, so the search never
/// refuses; it is `Err` only as [`search_from`] is.
pub(crate) fn search_one_root(
    graph: &Graph,
    mate: &[u32],
    root: u32,
    order: Order,
) -> Result<Searched, Vec<usize>> {
    if !numbered_along(graph) {
        return search(graph, mate, order);
    }
    let n = graph.vertex_count();
    // Bases and depths only matter to a search after the sweeps: they are
    // made on hand-over, not for a blossom that takes every vertex.
    let mut b = Blossoms::labels_only(n);
    b.label[idx(root)] = EVEN;
    let grown = grow(graph, mate, root, &mut b);
    if grown.taken == n && grown.pairs_are_edges {
        return Ok(Searched {
            b,
            mates_seen: true,
            one_blossom: true,
        });
    }
    // The blossom's vertices get their base and are queued; the ends that
    // touched it without their mates go back to not reached.
    b.with_bases(|v, l| if l == EVEN { root } else { id(v) });
    let mut queue = Vec::with_capacity(grown.taken);
    for (v, l) in b.label.iter_mut().enumerate() {
        if *l == EVEN {
            queue.push(id(v));
        } else {
            *l = NONE;
        }
    }
    b.queue = queue;
    let mut found = search_from(b, graph, mate, order)?;
    found.mates_seen &= grown.pairs_are_edges;
    Ok(found)
}

/// Whether the ids follow the graph's structure, as the sweeps need (a
/// sweep carries the blossom as far as the ids run along it): in the rows
/// of 256 vertices spread over the ids, at least half the entries within
/// `max(n / 64, 64)` of their row's vertex. Shuffled ids fail it (about one entry
/// in 32 passes), and the plain search then runs from the start.
fn numbered_along(graph: &Graph) -> bool {
    let n = graph.vertex_count();
    let near = (n / 64).max(64);
    let (mut close, mut all) = (0usize, 0usize);
    for k in 0..256 {
        let v = k * n / 256;
        if v >= n {
            break;
        }
        for &u in graph.adj_of(v) {
            all += 1;
            close += usize::from(idx(u).abs_diff(v) <= near);
        }
    }
    2 * close >= all
}

/// What [`grow`] did.
struct Grown {
    /// The vertices in the root's blossom, the root included.
    taken: usize,
    /// Every pair taken is an edge (checked in its first end's row).
    pairs_are_edges: bool,
}

/// Sweeps over the ids taking pairs into the root's blossom: first from
/// the root up, then down from the top, then up from the bottom, and so
/// on, until a sweep changes nothing or takes less than a quarter of the
/// pairs it tries, every vertex is taken, or [`ALLOWANCE`] is spent.
///
/// A pair is taken when both its ends have a neighbour in the blossom
/// (the ear `b − v = w − b′`), or when one end `v` has one and the other,
/// `w`, has a neighbour `u` whose mate `t` has one (`b − v = w − u = t −
/// b′`: both pairs are taken). In `b`'s labels: the blossom's vertices
/// outer, an end that has a neighbour in the blossom while its mate has
/// none yet [`HOOKED`]; links, bases and depths are left to the caller.
fn grow(graph: &Graph, mate: &[u32], root: u32, b: &mut Blossoms) -> Grown {
    let n = graph.vertex_count();
    let allowance =
        ALLOWANCE.saturating_mul(graph.edge_count().saturating_mul(2).saturating_add(n));
    let mut s = Sweeper {
        graph,
        mate,
        b,
        read: 0,
        taken: 1,
        changed: false,
        tried: 0,
        took: 0,
        lo: 0,
        hi: 0,
        pairs_are_edges: true,
    };
    // The first sweep sees the ids above the root; each later one the
    // range between the first and last pair the sweep before left.
    let (mut from, mut to) = (idx(root) + 1, n);
    let mut up = true;
    let mut first = true;
    while s.taken < n && s.read <= allowance {
        s.changed = false;
        (s.lo, s.hi, s.tried, s.took) = (n, 0, 0, 0);
        s.read += to - from;
        if up {
            s.sweep(from..to, true);
        } else {
            s.sweep((from..to).rev(), false);
        }
        // A sweep that took less than a quarter of the pairs it tried
        // (ids that do not follow the graph's structure) stops them; so
        // does one that changed nothing (but the first, which may have
        // had nothing to see).
        if s.took < s.tried / 4 || (!first && !s.changed) {
            break;
        }
        (from, to) = if first { (0, n) } else { (s.lo, s.hi + 1) };
        if from >= to {
            from = 0; // only the ids below the root are left
        }
        first = false;
        up = !up;
    }
    Grown {
        taken: s.taken,
        pairs_are_edges: s.pairs_are_edges,
    }
}

/// The state of [`grow`]'s sweeps.
struct Sweeper<'a> {
    graph: &'a Graph,
    mate: &'a [u32],
    b: &'a mut Blossoms,
    /// Entries and vertices read so far.
    read: usize,
    /// Vertices in the blossom.
    taken: usize,
    /// The sweep found a neighbour in the blossom or took a pair.
    changed: bool,
    /// The pairs the sweep tried, and those it took.
    tried: usize,
    took: usize,
    /// The smallest and largest end of a pair the sweep tried and left.
    lo: usize,
    hi: usize,
    pairs_are_edges: bool,
}

impl Sweeper<'_> {
    /// One sweep over `ids`, each pair tried where the sweep meets it
    /// first (`up`: at its smaller end).
    fn sweep(&mut self, ids: impl Iterator<Item = usize>, up: bool) {
        for v in ids {
            let w = self.mate[v];
            if self.b.label[v] == EVEN || w == UNMATCHED || (idx(w) < v) == up {
                continue;
            }
            let w = idx(w);
            let taken = match (self.hook(v, up), self.hook(w, up)) {
                (true, true) => self.take(v, w, None),
                (true, false) => self.pending(w).is_some_and(|u| self.take(v, w, Some(u))),
                (false, true) => self.pending(v).is_some_and(|u| self.take(w, v, Some(u))),
                (false, false) => false,
            };
            self.tried += 1;
            if taken {
                self.took += 1;
            } else {
                self.lo = self.lo.min(v.min(w));
                self.hi = self.hi.max(v.max(w));
            }
        }
    }

    /// Whether `v` has a neighbour in the blossom, [`HOOKED`] once found;
    /// its row read until one shows, in the sweep's direction (the
    /// neighbours the sweep has passed are the likely ones).
    #[inline]
    fn hook(&mut self, v: usize, up: bool) -> bool {
        if self.b.label[v] == HOOKED {
            return true;
        }
        let row = self.graph.adj_of(v);
        let label = &self.b.label;
        let found = if up {
            row.iter().position(|&u| label[idx(u)] == EVEN)
        } else {
            row.iter().rposition(|&u| label[idx(u)] == EVEN)
        };
        match found {
            Some(i) => {
                self.read += if up { i + 1 } else { row.len() - i };
                self.b.label[v] = HOOKED;
                self.changed = true;
                true
            }
            None => {
                self.read += row.len();
                false
            }
        }
    }

    /// A neighbour `u` of `x` outside the blossom (and not `x`'s mate)
    /// whose mate has a neighbour in it; `x`'s row read until one shows.
    fn pending(&mut self, x: usize) -> Option<u32> {
        let row = self.graph.adj_of(x);
        let b = &self.b;
        let found = row.iter().position(|&u| {
            let t = self.mate[idx(u)];
            b.label[idx(u)] != EVEN && t != UNMATCHED && idx(t) != x && b.label[idx(t)] == HOOKED
        });
        self.read += found.map_or(row.len(), |i| i + 1);
        found.map(|i| row[i])
    }

    /// Takes the pair `v`–`w` into the blossom (`v` has a neighbour
    /// there); with `far`, `w`'s neighbour `u` whose mate `t` has one, and
    /// the pair `t`–`u` with it. The pairs are checked to be edges first
    /// (if one is not, nothing is taken and the caller's check names it).
    /// Returns whether the pairs were taken.
    fn take(&mut self, v: usize, w: usize, far: Option<u32>) -> bool {
        let g = self.graph;
        let t = far.map(|u| self.mate[idx(u)]);
        let edges = g.adj_of(v).contains(&id(w))
            && match (far, t) {
                (Some(u), Some(t)) => t != UNMATCHED && g.adj_of(idx(t)).contains(&u),
                _ => true,
            };
        if !edges {
            self.pairs_are_edges = false;
            return false;
        }
        let b = &mut *self.b;
        if let (Some(u), Some(t)) = (far, t) {
            b.label[idx(t)] = EVEN;
            b.label[idx(u)] = EVEN;
            self.taken += 2;
        }
        b.label[v] = EVEN;
        b.label[w] = EVEN;
        self.taken += 2;
        self.changed = true;
        true
    }
}
