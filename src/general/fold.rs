//! Exact data reductions before the general search: degree-0 and degree-1
//! vertices (the Karp–Sipser rule) and degree-2 folding, applied until no
//! vertex of degree at most 2 is left, and the lift of any maximum
//! matching of what is left (the kernel) to a maximum matching of the
//! graph.
//!
//! The rules, on a vertex `v` of the current graph (each a group of
//! original vertices):
//! - degree 0: `v` is removed, unmatched;
//! - degree 1, neighbour `u`: some maximum matching pairs `v` with `u`;
//!   both are removed;
//! - degree 2, neighbours `u` and `w` (adjacent or not): `v` is removed and
//!   `u`, `w` become one vertex `x` with neighbourhood `N(u) ∪ N(w) ∖ {u,
//!   v, w}`; ν(G) = ν(G') + 1. Lifting: if `x` is matched to `y`, `y` is
//!   matched to whichever of `u`, `w` its edge comes from and `v` to the
//!   other; if `x` is free, `v` is matched to `u`. Conversely a maximum
//!   matching of `G` can be taken to match `v` (to `u`, say), and without
//!   `v`'s pair and with `w`'s pair moved to `x` it is a matching of `G'`,
//!   one smaller.
//!
//! Koana, Korenwein, Nichterlein, Niedermeier and Zschoche, "Data
//! reduction for maximum matching on real-world graphs: theory and
//! experiments" (ESA 2018, JEA 2021); Mertzios, Nichterlein and
//! Niedermeier, "The power of linear-time data reduction for maximum
//! matching" (MFCS 2017); Karp and Sipser, "Maximum matchings in sparse
//! random graphs" (FOCS 1981).
//!
//! # How the folds stay near-linear
//!
//! A group's neighbours are the original adjacency rows of its members,
//! chained: merging two groups links the chains in O(1), and nothing is
//! copied. Entries go stale lazily (a neighbour removed or merged, two
//! entries now naming one group) and are dropped when the group's list is
//! cleaned. Each group keeps a count, an upper bound on its degree. When
//! `u` and `w` merge, the shared neighbours lose one each: if the two
//! lists are of about one size (the longer at most 4 times the shorter,
//! plus 8), both are cleaned and the shared ones found exactly; else only
//! the shorter list is scanned, and each vertex in it gets one more
//! *doubt*, a bound on how far its count may exceed its degree (it may be
//! in both lists). A group is cleaned only when `count ≤ 2 + doubt`,
//! which no group of degree at most 2 escapes; the cleaning costs at most
//! `2 + doubt` live entries plus the stale ones it drops, so the doubts
//! pay for it. Scanning only the shorter side of a lopsided merge makes
//! the merges cost O(E·log E) in all, however the folds cascade (a chain
//! of hubs merged one after the other into one vertex of huge degree
//! costs the sum of the hubs' degrees, not its square); in practice a few
//! passes over the edges.
//!
//! The reductions are bound by the latency of random reads (on a random
//! graph nearly every row and most entries miss the cache), so every
//! entry looks at two bytes of its vertex, and the arrays of the merges
//! are made at the first fold.
//!
//! The lift needs, for every pair it makes, an original edge, and for
//! every fold, which side an original vertex lies on. Every entry is kept
//! in its own member's row, so a live entry is an original edge; the
//! merges also link the groups' roots into a tree by rank, of depth at most
//! log₂ V, which the lift walks, undoing the folds in reverse order.
//!
//! # When the reductions pay
//!
//! Where the engine is slow for want of them, and only there: the
//! engine's start already applies the degree-1 rule at a fraction of the
//! cost, and picks well on most graphs. Measured against the engine
//! alone (10^6 vertices, minimum of 7 runs): 20 times faster on nested
//! blossoms (3^13 vertices, which fold away entirely), 3 times on a
//! shuffled triangle strip, 2.6–3.6 times on corridors (paths between
//! triangles hung on a deep tree); but 4 times slower on random graphs of
//! average degree 3 (the reductions cost about as much per vertex as the
//! whole engine: their reads miss the cache as the start's do, and there
//! are more of them), 2–8 times slower on lattices, paths, an ordered
//! triangle strip, two cliques joined by a path and corridors without the
//! tree (runs of 5–15 ms become 17–67 ms), and 10 times slower and more
//! on dense graphs (nothing to reduce; the kernel costs a copy). No cheap
//! test of the graph told the two kinds apart (a sample of chain
//! interiors finds both), so the default engine does not reduce;
//! [`maximum_matching_folded`](super::maximum_matching_folded) does.

use super::{Error, Graph, Matching};
use crate::csr::{self, try_push, OutOfMemory, RowWriter};
use crate::util::{id, idx, UNMATCHED};

/// No vertex, row or group.
const NONE: u32 = u32::MAX;

/// In `tag`: the group is removed (matched, or left unmatched).
const GONE: u8 = 1;
/// In `tag`: not a root; merged into the group of `parent` (and, for the
/// lift, linked under `link`).
const MEMBER: u8 = 2;
/// In `tag`: a root whose group has several vertices: several rows,
/// chained by `next`, whose entries may name one group twice.
const MULTI: u8 = 4;
/// In `tag`: on the stack of groups to look at.
const QUEUED: u8 = 8;
/// In `tag`: `doubt` holds the root's doubt (else it is 0).
const DOUBT: u8 = 16;
/// In `tag`: a neighbour of the smaller side of the merge going on.
const SEEN: u8 = 32;
/// In `low`: the count is in `high`.
const BIG: u8 = u8::MAX;

/// Which rules [`reduce`] applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rules {
    /// Degree 0 and 1 only: no folding, so no group grows.
    DegreeOne,
    /// Degree 0, 1 and 2.
    Fold,
}

impl Rules {
    /// The largest degree a rule applies to.
    fn limit(self) -> u32 {
        match self {
            Rules::DegreeOne => 1,
            Rules::Fold => 2,
        }
    }
}

/// A degree-2 fold, for the lift: `v` was removed and the groups `u` and
/// `w` (their roots) merged. `vu` is an original edge from `v`'s group to
/// `u`'s, `vw` one to `w`'s.
#[derive(Debug, Clone, Copy)]
struct Fold {
    v: u32,
    u: u32,
    w: u32,
    vu: (u32, u32),
    vw: (u32, u32),
}

/// A graph after the reductions: the kernel (vertices renumbered `0..k`)
/// and what [`Reduced::lift`] needs to turn any maximum matching of it into
/// a maximum matching of the graph.
#[derive(Debug, Clone)]
pub(crate) struct Reduced {
    /// The kernel, unless `same`.
    kernel: Graph,
    /// No rule applied: the kernel is the graph itself (not copied).
    same: bool,
    /// The pairs the rules fixed: ν(graph) = ν(kernel) + `fixed`.
    fixed: usize,
    /// Kernel vertex → the root of its group.
    root: Vec<u32>,
    /// The lists, the union–find and the merge tree as the reductions
    /// left them.
    state: State,
}

/// The working state of the reductions (and what the lift reads of it).
///
/// The reductions are bound by the latency of random reads, so what
/// every entry looks at is two bytes a vertex (`tag`, `low`), which stay
/// in cache where 16 bytes would not; the rest is read only where groups
/// have merged.
#[derive(Debug, Clone, Default)]
struct State {
    tag: Vec<u8>,
    /// Of a root: at least its degree (its neighbour groups, distinct),
    /// or `BIG`.
    low: Vec<u8>,
    /// Of a root whose `low` is `BIG`: the count. In the lift: the member
    /// of the group matched outside it, or NONE.
    high: Vec<u32>,
    /// Row `s` is `entries[rows[s].0..rows[s].1]`, compacted in place.
    rows: Vec<(u32, u32)>,
    /// A copy of the adjacency: original targets, each row compacted in
    /// place, so that a live entry is an original edge.
    entries: Vec<u32>,
    /// Of a row of a `MULTI` group: the next row of its chain, or NONE
    /// (the root's own row comes first).
    next: Vec<u32>,
    /// Of a `MULTI` root: the last row of its chain.
    tail: Vec<u32>,
    /// Of a `MEMBER`: union–find parent, compressed as it is walked.
    parent: Vec<u32>,
    /// Of a `MEMBER`: the root it was linked under (the merge tree).
    link: Vec<u32>,
    rank: Vec<u8>,
    /// Of a root with `DOUBT`: its count exceeds its degree by at most
    /// this.
    doubt: Vec<u32>,
    /// Marks: `stamp[g] == clock` once `g` is kept in the list being
    /// cleaned.
    stamp: Vec<u32>,
    clock: u32,
    /// Roots to look at (each at most once at a time: `QUEUED`).
    stack: Vec<u32>,
    /// The original edges of the degree-1 pairs.
    pairs: Vec<(u32, u32)>,
    folds: Vec<Fold>,
    /// Reserved for the lift's answer.
    mate: Vec<u32>,
}

/// A neighbour found by [`State::clean`]: its group and the original edge
/// `(from, to)` that joins it.
#[derive(Debug, Clone, Copy)]
struct Seen {
    group: u32,
    edge: (u32, u32),
}

const UNSEEN: Seen = Seen {
    group: NONE,
    edge: (NONE, NONE),
};

impl State {
    fn new(graph: &Graph, limit: u32) -> Result<State, OutOfMemory> {
        let n = graph.vertex_count();
        let what = "the reductions";
        let mut entries = csr::try_vec(graph.adj.len(), what)?;
        entries.extend_from_slice(&graph.adj);
        let mut rows = csr::try_vec(n, what)?;
        rows.extend(graph.offsets.windows(2).map(|w| (w[0], w[1])));
        let mut low = csr::try_vec(n, what)?;
        low.extend((0..n).map(|v| u8::try_from(graph.degree(v)).unwrap_or(BIG)));
        // The arrays only merges and large degrees use are made when
        // first needed: most graphs touch few of them.
        let mut high = Vec::new();
        if low.contains(&BIG) {
            high = csr::filled(n, 0u32, what)?;
            for v in 0..n {
                if low[v] == BIG {
                    high[v] = id(graph.degree(v));
                }
            }
        }
        let mut s = State {
            tag: csr::filled(n, 0u8, what)?,
            low,
            high,
            rows,
            entries,
            next: Vec::new(),
            tail: Vec::new(),
            parent: Vec::new(),
            link: Vec::new(),
            rank: Vec::new(),
            doubt: Vec::new(),
            stamp: Vec::new(),
            clock: 0,
            stack: csr::try_vec(n, what)?,
            pairs: Vec::new(),
            folds: Vec::new(),
            mate: csr::try_vec(n, what)?,
        };
        // Low ids on top of the stack: the first groups looked at are the
        // first in memory.
        for v in (0..n).rev() {
            if u32::from(s.low[v]) <= limit {
                s.tag[v] = QUEUED;
                s.stack.push(id(v));
            }
        }
        Ok(s)
    }

    /// Makes the arrays of the merges (and of the large counts merges may
    /// make), once.
    fn merge_arrays(&mut self) -> Result<(), OutOfMemory> {
        let n = self.tag.len();
        let what = "the reductions";
        if self.parent.is_empty() {
            self.next = csr::filled(n, NONE, what)?;
            self.tail = csr::filled(n, NONE, what)?;
            self.parent = csr::filled(n, NONE, what)?;
            self.link = csr::filled(n, NONE, what)?;
            self.rank = csr::filled(n, 0u8, what)?;
            self.doubt = csr::filled(n, 0u32, what)?;
        }
        self.marks()?;
        self.big()
    }

    /// Makes `stamp`, once.
    fn marks(&mut self) -> Result<(), OutOfMemory> {
        if self.stamp.is_empty() {
            self.stamp = csr::filled(self.tag.len(), 0u32, "the reductions")?;
        }
        Ok(())
    }

    /// Makes `high`, once.
    fn big(&mut self) -> Result<(), OutOfMemory> {
        if self.high.is_empty() {
            self.high = csr::filled(self.tag.len(), 0u32, "the reductions")?;
        }
        Ok(())
    }

    /// The count of the root `g`.
    #[inline]
    fn count(&self, g: u32) -> u32 {
        match self.low[idx(g)] {
            BIG => self.high[idx(g)],
            c => u32::from(c),
        }
    }

    #[inline]
    fn set_count(&mut self, g: u32, c: u32) {
        match u8::try_from(c) {
            Ok(c) if c < BIG => self.low[idx(g)] = c,
            _ => {
                self.low[idx(g)] = BIG;
                self.high[idx(g)] = c;
            }
        }
    }

    /// One neighbour of the root `g` fewer.
    #[inline]
    fn decrement(&mut self, g: u32) {
        match self.low[idx(g)] {
            BIG => {
                let c = self.high[idx(g)] - 1;
                self.set_count(g, c);
            }
            c => self.low[idx(g)] = c - 1,
        }
    }

    /// The doubt of the root `g`.
    #[inline]
    fn doubt(&self, g: u32) -> u32 {
        if self.tag[idx(g)] & DOUBT != 0 {
            self.doubt[idx(g)]
        } else {
            0
        }
    }

    #[inline]
    fn set_doubt(&mut self, g: u32, d: u32) {
        if d == 0 {
            self.tag[idx(g)] &= !DOUBT;
        } else {
            self.tag[idx(g)] |= DOUBT;
            self.doubt[idx(g)] = d;
        }
    }

    /// Whether the root `g`'s degree may be at most `limit`.
    #[inline]
    fn may_apply(&self, g: u32, limit: u32) -> bool {
        let c = self.count(g);
        c <= limit
            || (self.tag[idx(g)] & DOUBT != 0 && c <= limit.saturating_add(self.doubt[idx(g)]))
    }

    /// The root of `x`'s group, halving the path on the way.
    #[inline]
    fn find(&mut self, mut x: u32) -> u32 {
        while self.tag[idx(x)] & MEMBER != 0 {
            let p = self.parent[idx(x)];
            if self.tag[idx(p)] & MEMBER == 0 {
                return p;
            }
            let g = self.parent[idx(p)];
            self.parent[idx(x)] = g;
            x = g;
        }
        x
    }

    /// Queues the live root `g` if its degree may be at most `limit`.
    #[inline]
    fn consider(&mut self, g: u32, limit: u32) {
        if self.tag[idx(g)] & QUEUED == 0 && self.may_apply(g, limit) {
            self.tag[idx(g)] |= QUEUED;
            // At most one entry per vertex: the capacity reserved suffices.
            self.stack.push(g);
        }
    }

    /// A fresh mark.
    fn tick(&mut self) -> u32 {
        if self.clock == u32::MAX {
            self.stamp.fill(0);
            self.clock = 0;
        }
        self.clock += 1;
        self.clock
    }

    /// [`State::clean_with`], doing nothing with the neighbours.
    fn clean(&mut self, g: u32) -> (u32, [Seen; 2]) {
        self.clean_with(g, |_, _| {})
    }

    /// Drops the stale entries of the live root `g`'s lists (removed, or
    /// merged into `g`, or repeating a group already kept), unlinks rows
    /// left empty, and makes the count exact; calls `f` with each group
    /// kept (each live neighbour once). Returns the degree and the first
    /// two neighbours.
    fn clean_with(&mut self, g: u32, mut f: impl FnMut(&mut State, u32)) -> (u32, [Seen; 2]) {
        let multi = self.tag[idx(g)] & MULTI != 0;
        // Repeats: in a list of several rows, or naming a group of several
        // vertices (a single row of an original simple graph names every
        // other single vertex at most once).
        let clock = self.tick();
        let mut kept = 0u32;
        let mut first = [UNSEEN; 2];
        let mut prev = NONE;
        let mut row = g;
        loop {
            let (start, end) = self.rows[idx(row)];
            let (start, end) = (idx(start), idx(end));
            let mut write = start;
            for read in start..end {
                let t = self.entries[read];
                let h = self.find(t);
                let tag = self.tag[idx(h)];
                if h == g || tag & GONE != 0 {
                    continue;
                }
                if multi || tag & MULTI != 0 {
                    if self.stamp[idx(h)] == clock {
                        continue;
                    }
                    self.stamp[idx(h)] = clock;
                }
                self.entries[write] = t;
                write += 1;
                if let Some(slot) = first.get_mut(idx(kept)) {
                    *slot = Seen {
                        group: h,
                        edge: (row, t),
                    };
                }
                kept += 1;
                f(self, h);
            }
            self.rows[idx(row)].1 = id(write);
            if !multi {
                break;
            }
            let next = self.next[idx(row)];
            if write == start && row != g {
                // `prev` is set: the root's row comes first and is kept.
                self.next[idx(prev)] = next;
                if next == NONE {
                    self.tail[idx(g)] = prev;
                }
            } else {
                prev = row;
            }
            if next == NONE {
                break;
            }
            row = next;
        }
        self.set_count(g, kept);
        self.set_doubt(g, 0);
        (kept, first)
    }

    /// Calls `f` with the group of every entry of the root `g`'s lists.
    /// After [`State::clean`], each live neighbour once.
    fn for_each_neighbour(&mut self, g: u32, mut f: impl FnMut(&mut State, u32)) {
        let multi = self.tag[idx(g)] & MULTI != 0;
        let mut row = g;
        while row != NONE {
            let (start, end) = self.rows[idx(row)];
            for read in idx(start)..idx(end) {
                let h = self.find(self.entries[read]);
                f(self, h);
            }
            row = if multi { self.next[idx(row)] } else { NONE };
        }
    }

    /// Removes the live root `g`: each neighbour loses one.
    fn remove(&mut self, g: u32, limit: u32) {
        self.tag[idx(g)] |= GONE;
        self.clean_with(g, |s, h| {
            s.decrement(h);
            s.consider(h, limit);
        });
    }

    /// Applies the rules until no live group of degree at most `limit` is
    /// left.
    fn run(&mut self, limit: u32) -> Result<(), OutOfMemory> {
        while let Some(g) = self.stack.pop() {
            let tag = &mut self.tag[idx(g)];
            *tag &= !QUEUED;
            if *tag & (GONE | MEMBER) != 0 {
                continue; // removed, or merged into another root since
            }
            if !self.may_apply(g, limit) {
                continue; // its degree grew back past the limit
            }
            let (degree, first) = self.clean(g);
            match degree {
                0 => self.tag[idx(g)] |= GONE,
                1 => {
                    let u = first[0].group;
                    try_push(&mut self.pairs, first[0].edge, "the reductions")?;
                    self.tag[idx(g)] |= GONE;
                    self.remove(u, limit);
                }
                2 if limit >= 2 => self.fold(g, first)?,
                _ => {}
            }
        }
        Ok(())
    }

    /// Folds the degree-2 root `v`, cleaned, with neighbours `nb`.
    fn fold(&mut self, v: u32, nb: [Seen; 2]) -> Result<(), OutOfMemory> {
        let (u, w) = (nb[0].group, nb[1].group);
        try_push(
            &mut self.folds,
            Fold {
                v,
                u,
                w,
                vu: nb[0].edge,
                vw: nb[1].edge,
            },
            "the reductions",
        )?;
        self.merge_arrays()?;
        self.tag[idx(v)] |= GONE;
        self.decrement(u);
        self.decrement(w);
        let (small, large) = if self.count(u) <= self.count(w) {
            (u, w)
        } else {
            (w, u)
        };
        let mut adjacent = false;
        let (merged, doubt);
        if self.count(large) <= self.count(small).saturating_mul(4).saturating_add(8) {
            // Sides of about one size: find the shared neighbours exactly
            // (the larger side costs little more than the smaller), so
            // that each loses one and nothing is left in doubt.
            self.clean_with(small, |s, h| {
                if h == large {
                    adjacent = true;
                } else {
                    s.tag[idx(h)] |= SEEN;
                }
            });
            let mut shared = 0u32;
            self.clean_with(large, |s, h| {
                if s.tag[idx(h)] & SEEN != 0 {
                    s.decrement(h);
                    shared += 1;
                    s.consider(h, 2);
                }
            });
            self.for_each_neighbour(small, |s, h| s.tag[idx(h)] &= !SEEN);
            merged = self.count(u) + self.count(w) - 2 * u32::from(adjacent) - shared;
            doubt = 0;
        } else {
            // Scan only the shorter list: the merge then costs what the
            // smaller side has, however often the larger one has grown.
            let mut shared = 0u32;
            self.clean_with(small, |s, h| {
                if h == large {
                    adjacent = true;
                } else {
                    // h may be a neighbour of both: one entry more than
                    // its degree from now on.
                    let d = s.doubt(h).saturating_add(1);
                    s.set_doubt(h, d);
                    shared += 1;
                    s.consider(h, 2);
                }
            });
            merged = self.count(u) + self.count(w) - 2 * u32::from(adjacent);
            doubt = self.doubt(large).saturating_add(shared);
        }
        // Union by rank, for the depth of the merge tree.
        let (root, other) = match self.rank[idx(u)].cmp(&self.rank[idx(w)]) {
            std::cmp::Ordering::Less => (w, u),
            std::cmp::Ordering::Greater => (u, w),
            std::cmp::Ordering::Equal => {
                self.rank[idx(large)] += 1;
                (large, small)
            }
        };
        // Both chains in the form of several rows, then one after the
        // other.
        for g in [root, other] {
            if self.tag[idx(g)] & MULTI == 0 {
                self.next[idx(g)] = NONE;
                self.tail[idx(g)] = g;
            }
        }
        let last = self.tail[idx(root)];
        self.next[idx(last)] = other;
        self.tail[idx(root)] = self.tail[idx(other)];
        self.parent[idx(other)] = root;
        self.link[idx(other)] = root;
        self.tag[idx(other)] = MEMBER;
        self.tag[idx(root)] |= MULTI;
        self.set_count(root, merged);
        self.set_doubt(root, doubt);
        self.consider(root, 2);
        Ok(())
    }
}

/// Applies `rules` to `graph` until no vertex of degree at most 1 (or 2,
/// with [`Rules::Fold`]) is left.
///
/// # Complexity
///
/// O(V + E) time with [`Rules::DegreeOne`]; O(E·log E) at worst with
/// [`Rules::Fold`] (the merges scan the shorter list; see the module
/// docs), a few passes over the edges in practice. Extra space while
/// reducing: 4 bytes per adjacency entry and 10 per vertex, 34 more per
/// vertex once a fold is made, and 8 per vertex reserved (the stack, the
/// lift's answer); then the kernel. The reduction keeps all of it but the
/// stack for the lift.
///
/// # Errors
///
/// [`OutOfMemory`] if that memory cannot be reserved.
pub(crate) fn reduce(graph: &Graph, rules: Rules) -> Result<Reduced, OutOfMemory> {
    let n = graph.vertex_count();
    let limit = rules.limit();
    if (0..n).all(|v| graph.degree(v) > idx(limit)) {
        return Ok(Reduced {
            kernel: Graph::default(),
            same: true,
            fixed: 0,
            root: Vec::new(),
            state: State::default(),
        });
    }
    let mut s = State::new(graph, limit)?;
    s.run(limit)?;
    s.stack = Vec::new();
    // The kernel: the live groups, renumbered in order of their roots,
    // and their cleaned lists (distinct live neighbours).
    let mut root = Vec::new();
    let mut entries = 0usize;
    for g in 0..n {
        let g = id(g);
        if s.tag[idx(g)] & (GONE | MEMBER) == 0 {
            entries += idx(s.clean(g).0);
            try_push(&mut root, g, "the kernel")?;
        }
    }
    // The marks are done with: they number the kernel's vertices. The
    // lift's memory is reserved now.
    s.marks()?;
    s.big()?;
    for (k, &g) in root.iter().enumerate() {
        s.stamp[idx(g)] = id(k);
    }
    let mut rows = RowWriter::new(root.len(), entries, "the kernel")?;
    let mut row: Vec<u32> = Vec::new();
    for &g in &root {
        row.clear();
        let mut fault = None;
        s.for_each_neighbour(g, |s, h| {
            if let Err(e) = try_push(&mut row, s.stamp[idx(h)], "the kernel") {
                fault = Some(e);
            }
        });
        if let Some(e) = fault {
            return Err(e);
        }
        // A group of one vertex whose neighbours are all groups of one
        // keeps its row's order; the others sort theirs.
        if row.windows(2).any(|w| w[0] > w[1]) {
            row.sort_unstable();
        }
        for &k in &row {
            rows.push(k);
        }
        rows.end_row();
    }
    let kernel = Graph::from_rows(rows);
    let fixed = s.pairs.len() + s.folds.len();
    Ok(Reduced {
        kernel,
        same: false,
        fixed,
        root,
        state: s,
    })
}

impl Reduced {
    /// The kernel: every vertex of degree at least 3 (2 with
    /// [`Rules::DegreeOne`]), or `graph` itself if no rule applied.
    pub(crate) fn kernel<'a>(&'a self, graph: &'a Graph) -> &'a Graph {
        if self.same {
            graph
        } else {
            &self.kernel
        }
    }

    /// The number of pairs the rules fixed: a maximum matching of the
    /// graph has this many pairs more than one of the kernel.
    pub(crate) fn fixed(&self) -> usize {
        self.fixed
    }

    /// A maximum matching of the graph (one mate per vertex, `UNMATCHED`
    /// for none) from `kernel_mate`, a maximum matching of the kernel (a
    /// matching of the kernel that is not maximum lifts to a matching of
    /// the graph short by as many pairs).
    ///
    /// # Complexity
    ///
    /// O(V·log V + E): each kernel pair looks up an edge in its group's
    /// list, each fold walks the merge tree. Allocates nothing: the
    /// answer's memory was reserved by [`reduce`].
    pub(crate) fn lift(self, kernel_mate: Vec<u32>) -> Vec<u32> {
        let Reduced {
            kernel,
            same,
            root,
            state,
            ..
        } = self;
        if same {
            return kernel_mate;
        }
        debug_assert_eq!(kernel_mate.len(), kernel.vertex_count());
        drop(kernel);
        let mut s = state;
        let n = s.tag.len();
        let mut mate = std::mem::take(&mut s.mate);
        mate.resize(n, UNMATCHED);
        // `high[g]` from now on: the member of root g's group matched
        // outside it, or NONE.
        let mut exposed = std::mem::take(&mut s.high);
        exposed.fill(NONE);
        let pair = |mate: &mut [u32], exposed: &mut [u32], g: u32, h: u32, (a, b): (u32, u32)| {
            mate[idx(a)] = b;
            mate[idx(b)] = a;
            exposed[idx(g)] = a;
            exposed[idx(h)] = b;
        };
        for i in 0..s.pairs.len() {
            let (a, b) = s.pairs[i];
            let (g, h) = (s.find(a), s.find(b));
            pair(&mut mate, &mut exposed, g, h, (a, b));
        }
        for (k, &m) in kernel_mate.iter().enumerate() {
            if m == UNMATCHED || idx(m) < k {
                continue;
            }
            let (g, h) = (root[k], root[idx(m)]);
            // An original edge from g's group to h's: g's cleaned lists
            // hold one entry per neighbour group.
            let multi = s.tag[idx(g)] & MULTI != 0;
            let mut edge = (NONE, NONE);
            let mut row = g;
            'rows: while row != NONE {
                let (start, end) = s.rows[idx(row)];
                for read in idx(start)..idx(end) {
                    let t = s.entries[read];
                    if s.find(t) == h {
                        edge = (row, t);
                        break 'rows;
                    }
                }
                row = if multi { s.next[idx(row)] } else { NONE };
            }
            debug_assert!(edge.0 != NONE, "kernel pair without an edge");
            pair(&mut mate, &mut exposed, g, h, edge);
        }
        // Undo the folds, last first. At fold f the links made after it
        // are cut, so the merge tree above a member of u or w ends at u or
        // w (the `MEMBER` tags now say who is still linked).
        for f in s.folds.iter().rev() {
            let linked = |g: u32| s.tag[idx(g)] & MEMBER != 0;
            let (top, under) = if linked(f.w) && s.link[idx(f.w)] == f.u {
                (f.u, f.w)
            } else {
                (f.w, f.u)
            };
            s.tag[idx(under)] &= !MEMBER;
            let a = exposed[idx(top)];
            let on_u = a != NONE && {
                let mut r = a;
                while s.tag[idx(r)] & MEMBER != 0 {
                    r = s.link[idx(r)];
                }
                r == f.u
            };
            if on_u {
                exposed[idx(f.u)] = a;
                pair(&mut mate, &mut exposed, f.v, f.w, f.vw);
            } else {
                // x free, or matched from w's side: v takes u.
                exposed[idx(f.w)] = a;
                pair(&mut mate, &mut exposed, f.v, f.u, f.vu);
            }
        }
        mate
    }
}

/// Runs `engine` on the kernel of `graph` and lifts its matching (or, if
/// the reductions' memory cannot be had, runs it on `graph` itself).
/// `engine` must return a maximum matching of the graph it is given.
pub(crate) fn solve(graph: &Graph, engine: impl Fn(&Graph) -> Vec<u32>) -> Vec<u32> {
    match reduce(graph, Rules::Fold) {
        Ok(reduced) => {
            let kernel_mate = engine(reduced.kernel(graph));
            reduced.lift(kernel_mate)
        }
        Err(_) => engine(graph),
    }
}

/// The reductions and their lift, for the tests, which check the lift of
/// every maximum matching of the kernel, and the benchmarks; not part of
/// the stable API.
#[doc(hidden)]
#[derive(Debug, Clone)]
pub struct Kernel {
    reduced: Reduced,
    /// The graph, if no rule applied (the kernel is the graph).
    same: Option<Graph>,
}

impl Kernel {
    /// The reductions of `graph`: degree 0 and 1, and degree 2 if `fold`.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the reductions' memory cannot be had.
    pub fn new(graph: &Graph, fold: bool) -> Result<Kernel, Error> {
        let rules = if fold { Rules::Fold } else { Rules::DegreeOne };
        let reduced = reduce(graph, rules).map_err(|e| Error::OutOfMemory {
            what: e.what,
            bytes: e.bytes,
        })?;
        let same = reduced.same.then(|| graph.clone());
        Ok(Kernel { reduced, same })
    }

    /// The kernel, vertices renumbered `0..k`.
    pub fn graph(&self) -> &Graph {
        self.same.as_ref().unwrap_or(&self.reduced.kernel)
    }

    /// The pairs the reductions fixed: ν(G) = ν(kernel) + this.
    pub fn fixed(&self) -> usize {
        self.reduced.fixed()
    }

    /// The matching of the original graph that `kernel`, a matching of the
    /// kernel, lifts to: maximum if `kernel` is, and in all cases with
    /// [`fixed`](Self::fixed) pairs more.
    ///
    /// # Panics
    ///
    /// If `kernel` is for a graph of another size (a caller's error).
    pub fn lift(&self, kernel: &Matching) -> Matching {
        assert_eq!(kernel.vertex_count(), self.graph().vertex_count());
        let mates = (0..kernel.vertex_count())
            .map(|v| kernel.mate(v).map_or(UNMATCHED, id))
            .collect();
        Matching::from_mates(self.reduced.clone().lift(mates))
    }
}
