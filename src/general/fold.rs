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
//! cleaned. Each group keeps `count`, an upper bound on its degree, and
//! `doubt`, a bound on how far `count` may exceed the degree: a merge can
//! make two neighbours of a vertex `z` one only if `z` is in both merged
//! lists, so the merge scans the shorter list (cleaned first) and adds one
//! to the doubt of each vertex in it. A group is cleaned only when
//! `count ≤ 2 + doubt`, which no group of degree at most 2 escapes; the
//! cleaning costs at most `2 + doubt` live entries plus the stale ones it
//! drops, so the doubts pay for it. Scanning the shorter side makes the
//! merges cost O(E·log E) in all, however the folds cascade (a chain of
//! hubs merged one after the other into one vertex of huge degree costs
//! the sum of the hubs' degrees, not its square); in practice a pass or
//! two over the edges.
//!
//! The lift needs, for every pair it makes, an original edge, and for
//! every fold, which side an original vertex lies on. Every entry is kept
//! in its own member's row, so a live entry is an original edge; the
//! merges also link the groups' roots into a tree by rank, of depth at most
//! log₂ V, which the lift walks, undoing the folds in reverse order.

use super::{Error, Graph, Matching};
use crate::csr::{self, try_push, OutOfMemory};
use crate::util::{id, idx, UNMATCHED};

/// No vertex, segment or group.
const NONE: u32 = u32::MAX;

/// In `flags`: the group is removed (matched, or left unmatched).
const GONE: u8 = 1;
/// In `flags`: the group is on the stack of groups to look at.
const QUEUED: u8 = 2;

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
    /// The kernel; `None` if no rule applied (the kernel is the graph).
    kernel: Option<Graph>,
    /// The pairs the rules fixed: ν(graph) = ν(kernel) + `fixed`.
    fixed: usize,
    /// Kernel vertex → the root of its group.
    root: Vec<u32>,
    /// The lists, the union–find and the merge tree as the reductions
    /// left them.
    state: State,
}

/// The working state of the reductions (and what the lift reads of it).
#[derive(Debug, Clone, Default)]
struct State {
    /// The original CSR offsets: row `s` starts at `offsets[s]`.
    offsets: Vec<u32>,
    /// A copy of the adjacency, each row compacted in place: row `s` holds
    /// `entries[offsets[s]..end[s]]`, original targets.
    entries: Vec<u32>,
    end: Vec<u32>,
    /// The next row in its group's chain (the root's row first).
    next: Vec<u32>,
    /// The last row of a root's chain.
    tail: Vec<u32>,
    /// Union–find parent, compressed as it is walked.
    parent: Vec<u32>,
    /// The merge tree: the root a group's root was linked under, or NONE.
    link: Vec<u32>,
    rank: Vec<u8>,
    /// Of a root: at least its degree (the neighbour groups, distinct).
    count: Vec<u32>,
    /// Of a root: `count` exceeds the degree by at most this much.
    doubt: Vec<u32>,
    /// Cleaning marks: `stamp[g] == clock` once `g` is kept in a list.
    stamp: Vec<u32>,
    clock: u32,
    flags: Vec<u8>,
    /// Roots to look at (each at most once at a time: `QUEUED`).
    stack: Vec<u32>,
    /// The original edges of the degree-1 pairs.
    pairs: Vec<(u32, u32)>,
    folds: Vec<Fold>,
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

/// The root of `x`'s group, halving the path on the way.
#[inline]
fn find(parent: &mut [u32], mut x: u32) -> u32 {
    loop {
        let p = parent[idx(x)];
        if p == x {
            return x;
        }
        let g = parent[idx(p)];
        parent[idx(x)] = g;
        x = g;
    }
}

impl State {
    fn new(graph: &Graph, rules: Rules) -> Result<State, OutOfMemory> {
        let n = graph.vertex_count();
        let what = "the reductions";
        let mut entries = csr::try_vec(graph.adj.len(), what)?;
        entries.extend_from_slice(&graph.adj);
        let mut offsets = csr::try_vec(n + 1, what)?;
        offsets.extend_from_slice(&graph.offsets);
        let mut end = csr::try_vec(n, what)?;
        end.extend_from_slice(&graph.offsets[1..]);
        let mut count = csr::try_vec(n, what)?;
        count.extend(graph.offsets.windows(2).map(|w| w[1] - w[0]));
        let mut parent = csr::try_vec(n, what)?;
        parent.extend((0..n).map(id));
        let mut tail = csr::try_vec(n, what)?;
        tail.extend((0..n).map(id));
        let mut s = State {
            offsets,
            entries,
            end,
            next: csr::filled(n, NONE, what)?,
            tail,
            parent,
            link: csr::filled(n, NONE, what)?,
            rank: csr::filled(n, 0u8, what)?,
            count,
            doubt: csr::filled(n, 0u32, what)?,
            stamp: csr::filled(n, 0u32, what)?,
            clock: 0,
            flags: csr::filled(n, 0u8, what)?,
            stack: csr::try_vec(n, what)?,
            pairs: Vec::new(),
            folds: Vec::new(),
        };
        let limit = rules.limit();
        // Low ids on top of the stack, so that the first groups looked at
        // are the first in memory.
        for v in (0..n).rev() {
            if s.count[v] <= limit {
                s.flags[v] |= QUEUED;
                s.stack.push(id(v));
            }
        }
        Ok(s)
    }

    fn gone(&self, g: u32) -> bool {
        self.flags[idx(g)] & GONE != 0
    }

    /// Queues the live root `g` if its degree may be at most `limit`.
    #[inline]
    fn consider(&mut self, g: u32, limit: u32) {
        let f = &mut self.flags[idx(g)];
        if *f & QUEUED == 0 && self.count[idx(g)] <= limit.saturating_add(self.doubt[idx(g)]) {
            *f |= QUEUED;
            // At most one entry per vertex: the capacity reserved suffices.
            self.stack.push(g);
        }
    }

    /// Drops the stale entries of the live root `g`'s lists (removed or
    /// merged into `g`, or repeating a group already kept), unlinks rows
    /// left empty, and makes `count` exact. Returns the degree and the
    /// first two neighbours.
    fn clean(&mut self, g: u32) -> (u32, [Seen; 2]) {
        if self.clock == u32::MAX {
            self.stamp.fill(0);
            self.clock = 0;
        }
        self.clock += 1;
        let clock = self.clock;
        let mut kept = 0u32;
        let mut first = [UNSEEN; 2];
        let mut prev = NONE;
        let mut s = g;
        while s != NONE {
            let start = idx(self.offsets[idx(s)]);
            let stop = idx(self.end[idx(s)]);
            let mut write = start;
            for read in start..stop {
                let t = self.entries[read];
                let h = find(&mut self.parent, t);
                let fh = self.flags[idx(h)];
                if h != g && fh & GONE == 0 && self.stamp[idx(h)] != clock {
                    self.stamp[idx(h)] = clock;
                    self.entries[write] = t;
                    write += 1;
                    if let Some(slot) = first.get_mut(idx(kept)) {
                        *slot = Seen {
                            group: h,
                            edge: (s, t),
                        };
                    }
                    kept += 1;
                }
            }
            self.end[idx(s)] = id(write);
            let after = self.next[idx(s)];
            if write == start && s != g {
                // `prev` is set: the root's row comes first and is kept.
                self.next[idx(prev)] = after;
                if after == NONE {
                    self.tail[idx(g)] = prev;
                }
            } else {
                prev = s;
            }
            s = after;
        }
        self.count[idx(g)] = kept;
        self.doubt[idx(g)] = 0;
        (kept, first)
    }

    /// Calls `f` with the group of every entry of the root `g`'s lists.
    /// After [`State::clean`], each live neighbour once.
    fn for_each_neighbour(&mut self, g: u32, mut f: impl FnMut(&mut State, u32)) {
        let mut s = g;
        while s != NONE {
            let (start, stop) = (idx(self.offsets[idx(s)]), idx(self.end[idx(s)]));
            for read in start..stop {
                let h = find(&mut self.parent, self.entries[read]);
                f(self, h);
            }
            s = self.next[idx(s)];
        }
    }

    /// Removes the root `g`, cleaned, with `count` exact: each neighbour
    /// loses one.
    fn remove(&mut self, g: u32, limit: u32) {
        self.flags[idx(g)] |= GONE;
        self.for_each_neighbour(g, |s, h| {
            s.count[idx(h)] -= 1;
            s.consider(h, limit);
        });
    }

    /// Applies the rules until no live group of degree at most `limit` is
    /// left.
    fn run(&mut self, limit: u32) -> Result<(), OutOfMemory> {
        while let Some(g) = self.stack.pop() {
            self.flags[idx(g)] &= !QUEUED;
            if self.gone(g) || self.parent[idx(g)] != g {
                continue; // removed, or merged into another root since
            }
            if self.count[idx(g)] > limit.saturating_add(self.doubt[idx(g)]) {
                continue; // its degree grew back past the limit
            }
            let (degree, first) = self.clean(g);
            match degree {
                0 => self.flags[idx(g)] |= GONE,
                1 => {
                    let u = first[0].group;
                    try_push(&mut self.pairs, first[0].edge, "the reductions")?;
                    self.flags[idx(g)] |= GONE;
                    self.clean(u);
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
        self.flags[idx(v)] |= GONE;
        self.count[idx(u)] -= 1;
        self.count[idx(w)] -= 1;
        // Scan the shorter list: the merge then costs what the smaller
        // side has, however often the larger one has grown.
        let (small, large) = if self.count[idx(u)] <= self.count[idx(w)] {
            (u, w)
        } else {
            (w, u)
        };
        self.clean(small);
        let mut adjacent = false;
        let mut shared = 0u32;
        self.for_each_neighbour(small, |s, h| {
            if h == large {
                adjacent = true;
            } else {
                // h may be a neighbour of both: one entry more than its
                // degree from now on.
                s.doubt[idx(h)] += 1;
                shared += 1;
                s.consider(h, 2);
            }
        });
        let merged = self.count[idx(u)] + self.count[idx(w)] - 2 * u32::from(adjacent);
        let doubt = self.doubt[idx(large)] + shared;
        // Union by rank, for the depth of the merge tree.
        let (root, other) = match self.rank[idx(u)].cmp(&self.rank[idx(w)]) {
            std::cmp::Ordering::Less => (w, u),
            std::cmp::Ordering::Greater => (u, w),
            std::cmp::Ordering::Equal => {
                self.rank[idx(large)] += 1;
                (large, small)
            }
        };
        self.parent[idx(other)] = root;
        self.link[idx(other)] = root;
        let last = self.tail[idx(root)];
        self.next[idx(last)] = other;
        self.tail[idx(root)] = self.tail[idx(other)];
        self.count[idx(root)] = merged;
        self.doubt[idx(root)] = doubt;
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
/// reducing: 4 bytes per adjacency entry and about 45 per vertex, then the
/// kernel (24 bytes per kernel edge at the peak of its building); the
/// reduction keeps about 30 bytes per vertex and 4 per entry for the lift.
///
/// # Errors
///
/// [`OutOfMemory`] if that memory cannot be reserved.
pub(crate) fn reduce(graph: &Graph, rules: Rules) -> Result<Reduced, OutOfMemory> {
    let n = graph.vertex_count();
    let limit = rules.limit();
    if (0..n).all(|v| graph.degree(v) > idx(limit)) {
        return Ok(Reduced {
            kernel: None,
            fixed: 0,
            root: Vec::new(),
            state: State::default(),
        });
    }
    let mut s = State::new(graph, rules)?;
    s.run(limit)?;
    // The kernel: the live groups, renumbered in order of their roots,
    // and their cleaned lists (distinct live neighbours).
    let mut root = Vec::new();
    let mut entries = 0usize;
    for g in 0..n {
        let g = id(g);
        if s.parent[idx(g)] == g && !s.gone(g) {
            entries += idx(s.clean(g).0);
            try_push(&mut root, g, "the kernel")?;
        }
    }
    // `doubt` is done with: it numbers the kernel's vertices.
    for (k, &g) in root.iter().enumerate() {
        s.doubt[idx(g)] = id(k);
    }
    let mut edges = csr::try_vec(entries / 2, "the kernel")?;
    for k in 0..root.len() {
        s.for_each_neighbour(root[k], |s, h| {
            let j = s.doubt[idx(h)];
            if id(k) < j {
                edges.push((id(k), j));
            }
        });
    }
    let (offsets, adj) = csr::undirected(root.len(), &edges)?;
    drop(edges);
    let fixed = s.pairs.len() + s.folds.len();
    // What only the reductions needed.
    s.stack = Vec::new();
    s.tail = Vec::new();
    s.rank = Vec::new();
    s.stamp = Vec::new();
    s.flags = Vec::new();
    Ok(Reduced {
        kernel: Some(Graph { offsets, adj }),
        fixed,
        root,
        state: s,
    })
}

impl Reduced {
    /// The kernel: every vertex of degree at least 3 (2 with
    /// [`Rules::DegreeOne`]), or `graph` itself if no rule applied.
    pub(crate) fn kernel<'a>(&'a self, graph: &'a Graph) -> &'a Graph {
        self.kernel.as_ref().unwrap_or(graph)
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
    /// reductions' arrays are reused.
    pub(crate) fn lift(self, kernel_mate: Vec<u32>) -> Vec<u32> {
        let Reduced {
            kernel, root, state, ..
        } = self;
        let Some(kernel) = kernel else {
            return kernel_mate;
        };
        debug_assert_eq!(kernel_mate.len(), kernel.vertex_count());
        drop(kernel);
        let mut s = state;
        let mut mate = std::mem::take(&mut s.doubt);
        mate.fill(UNMATCHED);
        // `exposed[g]`: the member of root g's group matched outside it.
        let mut exposed = std::mem::take(&mut s.count);
        exposed.fill(NONE);
        let pair = |mate: &mut [u32], exposed: &mut [u32], g: u32, h: u32, (a, b): (u32, u32)| {
            mate[idx(a)] = b;
            mate[idx(b)] = a;
            exposed[idx(g)] = a;
            exposed[idx(h)] = b;
        };
        for i in 0..s.pairs.len() {
            let (a, b) = s.pairs[i];
            let (g, h) = (find(&mut s.parent, a), find(&mut s.parent, b));
            pair(&mut mate, &mut exposed, g, h, (a, b));
        }
        for (k, &m) in kernel_mate.iter().enumerate() {
            if m == UNMATCHED || idx(m) < k {
                continue;
            }
            let (g, h) = (root[k], root[idx(m)]);
            // An original edge from g's group to h's: g's cleaned lists
            // hold one entry per neighbour group.
            let mut edge = (NONE, NONE);
            let mut row = g;
            'rows: while row != NONE {
                let (start, stop) = (idx(s.offsets[idx(row)]), idx(s.end[idx(row)]));
                for read in start..stop {
                    let t = s.entries[read];
                    if find(&mut s.parent, t) == h {
                        edge = (row, t);
                        break 'rows;
                    }
                }
                row = s.next[idx(row)];
            }
            debug_assert!(edge.0 != NONE, "kernel pair without an edge");
            pair(&mut mate, &mut exposed, g, h, edge);
        }
        // Undo the folds, last first: at fold f, the links made after it
        // are cut, so the merge tree above a member of u or w ends at u or
        // w.
        for f in s.folds.iter().rev() {
            let (top, under) = if s.link[idx(f.w)] == f.u {
                (f.u, f.w)
            } else {
                (f.w, f.u)
            };
            s.link[idx(under)] = NONE;
            let a = exposed[idx(top)];
            let on_u = a != NONE && {
                let mut r = a;
                while s.link[idx(r)] != NONE {
                    r = s.link[idx(r)];
                }
                r == f.u
            };
            if a == NONE || !on_u {
                // x free, or matched from w's side: v takes u.
                exposed[idx(f.w)] = a;
                pair(&mut mate, &mut exposed, f.v, f.u, f.vu);
            } else {
                exposed[idx(f.u)] = a;
                pair(&mut mate, &mut exposed, f.v, f.w, f.vw);
            }
        }
        mate
    }
}

/// Runs `engine` on the kernel of `graph` and lifts its matching, or runs
/// it on `graph` itself where reducing does not pay (or its memory cannot
/// be had). `engine` must return a maximum matching of the graph it is
/// given.
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
/// every maximum matching of the kernel; not part of the stable API.
#[doc(hidden)]
#[derive(Debug, Clone)]
pub struct Kernel {
    reduced: Reduced,
    graph: Graph,
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
        let graph = reduced.kernel(graph).clone();
        Ok(Kernel { reduced, graph })
    }

    /// The kernel, vertices renumbered `0..k`.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The pairs the reductions fixed: ν(G) = ν(kernel) + this.
    pub fn fixed(&self) -> usize {
        self.reduced.fixed()
    }

    /// The matching of the original graph that `kernel`, a maximum
    /// matching of the kernel, lifts to.
    ///
    /// # Panics
    ///
    /// If `kernel` is not a matching of the kernel's size (a test's error).
    pub fn lift(&self, kernel: &Matching) -> Matching {
        assert_eq!(kernel.vertex_count(), self.graph.vertex_count());
        let mates = (0..kernel.vertex_count())
            .map(|v| kernel.mate(v).map_or(UNMATCHED, id))
            .collect();
        Matching::from_mates(self.reduced.clone().lift(mates))
    }
}
