//! The primal-dual blossom engine: a maximum-weight (or maximum-weight
//! perfect) matching with its optimal duals, on a symmetric CSR graph with
//! weights in the engine's units (four times the user's, so that every
//! dual is an integer on integer weights).
//!
//! # The method, in our words
//!
//! Edmonds' primal-dual algorithm keeps a matching `M`, vertex duals `Y`
//! and, for each blossom `B`, a dual `Z_B ≥ 0`, with every edge's *slack*
//! `Y_u + Y_v + Σ_{B ∋ u, v} Z_B − W_uv` at least 0 and 0 on the matched
//! edges and inside blossoms. An alternating forest is grown from the free
//! vertices over edges of slack 0: top-level blossoms are *even* (the roots,
//! and whatever a matched edge leads to), *odd* (entered by an unmatched
//! edge) or *free* (outside the forest). When nothing more is tight, one
//! uniform dual step `δ` lowers every even vertex's dual, raises every odd
//! one's, and raises (lowers) the duals of even (odd) blossoms by `2δ`;
//! `δ` is the least of
//!
//! 1. the dual of an even vertex (maximum weight only: duals stay ≥ 0),
//! 2. the slack of an edge from an even to a free vertex,
//! 3. half the slack of an edge between two even blossoms,
//! 4. half the dual of an odd blossom,
//!
//! and the event that sets it is acted on: (1) the path from that vertex to
//! its root is flipped, so the vertex becomes free at dual 0 and leaves for
//! good; (2) the tree grows by a free blossom and its mate; (3) two trees
//! meet, and the path through the edge augments the matching, or one tree
//! closes an odd cycle, shrunk into a new blossom; (4) an odd blossom at
//! dual 0 is expanded, its even-length side staying in the tree.
//!
//! The trees persist between augmentations: an augmentation dissolves only
//! the two trees it joins (as an event of kind 1 dissolves one), every
//! other tree keeps its labels. Duals are kept lazily against one running
//! offset `T`, the sum of all steps: an even vertex stores `Y + T`, an odd
//! one `Y − T`, a free one `Y`, so a step costs O(1), and a vertex's stored
//! value changes only when its label does. The four bounds live in heaps
//! with lazy deletion, keyed by values that do not change while their
//! entry is valid (the key of an edge between even vertices is the sum of
//! their stored duals minus its weight, and so on); a stale entry is
//! recognised when it reaches the top and dropped.
//!
//! Each free vertex keeps the edge of least slack from an even vertex: all
//! edges from even vertices into one vertex change their slack alike, so
//! the best stays the best while its even end does; when that end leaves
//! the forest, the vertex's row is scanned again the next time it matters.
//! Bound 1 keeps one entry per tree (its least even dual: even vertices
//! stay even while their tree lives, so it only falls). Events of a zero
//! step found while scanning (a tight edge) skip the heaps.
//!
//! **The start** (maximum weight and perfect): each vertex starts at half
//! its heaviest edge, then, in vertex order, is lowered as far as its edges
//! allow and matched along a tight edge to a free vertex if it has one.
//! Then each free vertex that would be a root grows a little alternating
//! tree of its own and takes dual steps for it alone, as the forest would
//! for one tree (Kolmogorov's variable dual updates, on a small scale),
//! until its root reaches dual 0, a path augments, or the tree closes an
//! odd cycle or grows past a few edges. Of the roots the greedy pass
//! leaves, this settles 99% on random graphs of average degree 5 and 95%
//! at degree 10 (10^5 vertices, weights 1..10^6), and 45% on the
//! nearest-neighbour graphs of perfect matching; the forest's work falls
//! with them.
//!
//! A vertex names its top-level blossom through a *slot*: a new blossom
//! takes over the slot of its largest child, so only the vertices of the
//! smaller children are renamed, and an expanded blossom hands its slot to
//! its largest child.
//!
//! **Integrality.** In units where every weight is `2w`, all duals start
//! at integers; the free vertices all fall together, so every even vertex
//! of every tree has the same fractional part `f`, an odd one `−f`, and
//! each step keeps every dual a multiple of 1/2: a step of kind 3 between
//! two trees halves a sum of two values of part `f ∈ {0, 1/2}`, an integer.
//! So in the engine's units (`4w`) every value is an integer, and the
//! halvings of kinds 3 and 4 are exact.
//!
//! No function recurses: blossoms nest to any depth, and rotating a blossom
//! to a new base, expanding one and listing the final family all keep an
//! explicit stack.
//!
//! Sources: J. Edmonds, "Maximum matching and a polyhedron with 0,1
//! vertices" (1965); Z. Galil, "Efficient algorithms for finding maximum
//! matching in graphs" (ACM Computing Surveys, 1986), for the stage
//! structure and the four dual bounds; Z. Galil, S. Micali and H. Gabow,
//! "An O(EV log V) algorithm for finding a maximal weighted matching in
//! general graphs" (SIAM J. Comput., 1986), for keeping the bounds in
//! priority queues; V. Kolmogorov, "Blossom V" (Math. Prog. Comp., 2009),
//! for keeping trees and blossoms between augmentations and a greedy start.

use super::num::{Heap, Num};
use crate::csr::{filled, try_push, try_vec, OutOfMemory};
use crate::util::{id, idx};

/// The most matched edges a would-be root's own little tree takes in at
/// the start.
const LOCAL_TREE: usize = 16;

/// No vertex, blossom or edge.
pub(crate) const NONE: u32 = u32::MAX;

const FREE: u8 = 0;
const EVEN: u8 = 1;
const ODD: u8 = 2;

/// Which problem the engine solves, and how it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Start {
    /// Maximum weight, any cardinality: duals stay at least 0 and every
    /// vertex left free ends at dual 0. Each vertex starts at half its
    /// heaviest edge, lowered greedily.
    Max,
    /// Maximum weight among the maximum-cardinality matchings, on a graph
    /// with a perfect matching: no lower bound on the duals; the greedy
    /// start.
    Perfect,
    /// Maximum weight among the maximum-cardinality matchings on any
    /// graph: every vertex starts at the same dual, so that all free
    /// vertices end at one common dual, the least of all.
    Uniform,
}

/// Why the engine stopped without an answer.
#[derive(Debug)]
pub(crate) enum Failure {
    /// Its arrays could not be reserved.
    Memory(OutOfMemory),
    /// The dual offset left the range where integer keys cannot overflow.
    Range,
}

impl From<OutOfMemory> for Failure {
    fn from(e: OutOfMemory) -> Self {
        Failure::Memory(e)
    }
}

/// The engine's answer, in its units (duals are four times the user's).
#[derive(Debug)]
pub(crate) struct Raw<N> {
    /// The mate of each vertex, or `NONE`.
    pub(crate) mate: Vec<u32>,
    /// The vertex duals.
    pub(crate) y: Vec<N>,
    /// For each vertex, the innermost reported blossom holding it, or
    /// `NONE`.
    pub(crate) vertex_blossom: Vec<u32>,
    /// For each reported blossom (those of positive dual, parents before
    /// children), its parent, or `NONE`.
    pub(crate) blossom_parent: Vec<u32>,
    /// The dual of each reported blossom.
    pub(crate) blossom_z: Vec<N>,
    /// The common dual of the free vertices ([`Start::Uniform`]), else 0.
    pub(crate) free_dual: N,
}

/// Solves the problem `start` on the symmetric CSR (`offsets`, `adj`)
/// with weight `w[p]` on position `p` (both directions of an edge carry
/// the same value; integer weights must be multiples of 4).
pub(crate) fn solve<N: Num>(
    offsets: &[u32],
    adj: &[u32],
    w: &[N],
    start: Start,
) -> Result<Raw<N>, Failure> {
    let mut e = Engine::new(offsets, adj, w, start)?;
    e.initialise(start)?;
    e.run()?;
    e.finish(start)
}

/// The ids of `range`, in a vector reserved fallibly.
fn ids(
    range: impl ExactSizeIterator<Item = usize>,
    what: &'static str,
) -> Result<Vec<u32>, OutOfMemory> {
    let mut v = try_vec(range.len(), what)?;
    v.extend(range.map(id));
    Ok(v)
}

/// What the least bound asks for.
#[derive(Clone, Copy)]
enum Event {
    /// An even vertex reached dual 0.
    Zero(u32),
    /// A free vertex's best edge became tight.
    Grow(u32),
    /// An edge (its even end, its position) between even blossoms became
    /// tight.
    Tight(u32, u32),
    /// An odd blossom's dual reached 0.
    Expand(u32),
}

/// A vertex's hot state, in one record (one cache line holds two).
#[derive(Debug, Clone, Copy)]
struct Vx<N> {
    /// The stored dual: `Y + T` when even, `Y − T` when odd, `Y` when free.
    y: N,
    /// The least `y[u] − w` over the edges from even vertices `u` seen
    /// (the slack order of edges into one vertex), its `u` and the
    /// position of its weight.
    best: N,
    /// The slot of the top-level blossom holding the vertex (see
    /// [`Engine::owner`]).
    slot: u32,
    mate: u32,
    best_u: u32,
    best_w: u32,
}

/// A blossom's links, in one record of 64 bytes (one cache line).
#[derive(Debug, Clone, Copy)]
struct Bx {
    /// The blossom directly holding it, or `NONE`.
    parent: u32,
    /// Its base vertex.
    base: u32,
    /// The slot of a top-level blossom.
    slot_of: u32,
    /// Its number of vertices.
    size: u32,
    /// The root vertex of the tree a labelled blossom is in.
    tree: u32,
    /// An odd blossom's tree edge: its end inside, and the even end.
    lin: u32,
    lout: u32,
    /// Its vertices are the segment `first..=last` of the vertex order.
    first: u32,
    last: u32,
    /// The tree's list of top-level blossoms.
    tnext: u32,
    tprev: u32,
    /// The children of a blossom form a ring from its base child `child`;
    /// edge `(ea, eb)` of child `c` joins it (holding `ea`) to the next.
    sib_next: u32,
    sib_prev: u32,
    ea: u32,
    eb: u32,
    child: u32,
}

struct Engine<'a, N> {
    n: usize,
    off: &'a [u32],
    adj: &'a [u32],
    w: &'a [N],
    /// Maximum weight (bound 1 active, duals ≥ 0).
    max: bool,
    /// The dual offset: the sum of all steps.
    t: N,
    /// Per vertex, what the hot loops read together.
    vx: Vec<Vx<N>>,
    /// The top-level blossom of each slot: a vertex names its top-level
    /// blossom through a slot, so that a new blossom takes over its largest
    /// child's slot and only the smaller children's vertices are renamed
    /// (and an expanded one hands its slot to its largest child).
    owner: Vec<u32>,
    /// The label of each slot's blossom.
    slab: Vec<u8>,
    /// Unused slots.
    slots: Vec<u32>,
    /// The next vertex in the blossom vertex order (each blossom's vertices
    /// are the segment `first..=last` of it).
    vnext: Vec<u32>,
    /// For each root vertex, the first top blossom of its tree.
    thead: Vec<u32>,
    // Per blossom: ids `0..n` are the vertices, `n..2n` the others.
    /// The links of each blossom, in one record.
    bx: Vec<Bx>,
    /// FREE, EVEN or ODD for top-level blossoms; FREE for the others.
    label: Vec<u8>,
    /// The stored dual: `Z − 2T` when even, `Z + 2T` when odd, `Z` when
    /// free or not top-level.
    z: Vec<N>,
    alive: Vec<bool>,
    mark: Vec<u32>,
    stamp: u32,
    /// Unused blossom ids.
    ids: Vec<u32>,
    /// Trees in the forest.
    roots: usize,
    /// For each tree, its least stored even dual and that vertex.
    tmin: Vec<(N, u32)>,
    /// Trees, by their least stored even dual (bound 1).
    h1: Heap<N>,
    /// Free vertices, by `best + y` (bound 2).
    h2: Heap<N>,
    /// Edges between even blossoms, by `y[u] + y[v] − w` (bound 3).
    h3: Heap<N>,
    /// Free vertices whose best edge was tight when found, and tight edges
    /// between even blossoms: events of a zero step, kept off the heaps.
    fast2: Vec<u32>,
    fast3: Vec<(u32, u32)>,
    /// Odd blossoms, by stored dual (bound 4).
    h4: Heap<N>,
    // Scratch, each reserved for its largest size.
    queue: Vec<u32>,
    tasks: Vec<(u32, u32)>,
    chain: Vec<u32>,
    pa: Vec<u32>,
    pb: Vec<u32>,
    ring: Vec<u32>,
    loose: Vec<u32>,
}

impl<'a, N: Num> Engine<'a, N> {
    fn new(off: &'a [u32], adj: &'a [u32], w: &'a [N], start: Start) -> Result<Self, Failure> {
        let n = off.len() - 1;
        let b = 2 * n.max(1);
        let v = |what| filled(n, NONE, what);
        Ok(Engine {
            n,
            off,
            adj,
            w,
            max: start == Start::Max,
            t: N::ZERO,
            vx: {
                let mut vx = try_vec(n, "weighted matching: the vertices")?;
                vx.extend((0..n).map(|v| Vx {
                    y: N::ZERO,
                    best: N::INF,
                    slot: id(v),
                    mate: NONE,
                    best_u: NONE,
                    best_w: NONE,
                }));
                vx
            },
            vnext: v("weighted matching: the blossom order")?,
            thead: v("weighted matching: the trees")?,
            owner: ids(0..n, "weighted matching: the slots")?,
            slab: filled(n, FREE, "weighted matching: the slots")?,
            slots: try_vec(n, "weighted matching: the slots")?,
            tmin: filled(
                if start == Start::Max { n } else { 0 },
                (N::INF, NONE),
                "weighted matching: the trees",
            )?,
            bx: {
                let mut bx = try_vec(b, "weighted matching: the blossoms")?;
                bx.extend((0..b).map(|x| {
                    let v = id(x.min(n.saturating_sub(1)));
                    Bx {
                        parent: NONE,
                        base: v,
                        slot_of: v,
                        size: 1,
                        tree: NONE,
                        lin: NONE,
                        lout: NONE,
                        first: v,
                        last: v,
                        tnext: NONE,
                        tprev: NONE,
                        sib_next: NONE,
                        sib_prev: NONE,
                        ea: NONE,
                        eb: NONE,
                        child: NONE,
                    }
                }));
                bx
            },
            label: filled(b, FREE, "weighted matching: the labels")?,
            z: filled(b, N::ZERO, "weighted matching: the blossom duals")?,
            alive: filled(b, false, "weighted matching: the blossoms")?,
            mark: filled(b, 0, "weighted matching: the marks")?,
            stamp: 0,
            ids: ids((n..2 * n).rev(), "weighted matching: the blossom ids")?,
            roots: 0,
            h1: Heap::new(
                if start == Start::Max { n } else { 0 },
                "weighted matching: bound 1",
            )?,
            h2: Heap::new(n, "weighted matching: bound 2")?,
            h3: Heap::new(adj.len() / 2, "weighted matching: bound 3")?,
            h4: Heap::new(n / 4, "weighted matching: bound 4")?,
            fast2: try_vec(16, "weighted matching: the tight edges")?,
            fast3: try_vec(16, "weighted matching: the tight edges")?,
            queue: try_vec(n, "weighted matching: the queue")?,
            tasks: try_vec(b, "weighted matching: the rotations")?,
            chain: try_vec(b, "weighted matching: the rotations")?,
            pa: try_vec(b, "weighted matching: the paths")?,
            pb: try_vec(b, "weighted matching: the paths")?,
            ring: try_vec(b, "weighted matching: the rings")?,
            loose: try_vec(n, "weighted matching: the dissolved trees")?,
        })
    }

    /// The top-level blossom holding vertex `v`.
    #[inline(always)]
    fn top(&self, v: usize) -> u32 {
        self.owner[idx(self.vx[v].slot)]
    }

    /// Labels the top-level blossom `b` (and its slot) `l`.
    #[inline(always)]
    fn put_label(&mut self, b: usize, l: u8) {
        self.label[b] = l;
        self.slab[idx(self.bx[b].slot_of)] = l;
    }

    /// The row of vertex `v`.
    #[inline(always)]
    fn row(&self, v: usize) -> std::ops::Range<usize> {
        idx(self.off[v])..idx(self.off[v + 1])
    }

    /// What a vertex of a blossom labelled `l` adds to its dual to store it.
    #[inline(always)]
    fn off_of(&self, l: u8) -> N {
        match l {
            EVEN => self.t,
            ODD => -self.t,
            _ => N::ZERO,
        }
    }

    /// What a top-level blossom labelled `l` adds to its dual to store it.
    #[inline(always)]
    fn zoff_of(&self, l: u8) -> N {
        match l {
            EVEN => -(self.t + self.t),
            ODD => self.t + self.t,
            _ => N::ZERO,
        }
    }

    /// The starting duals and matching.
    fn initialise(&mut self, start: Start) -> Result<(), Failure> {
        let n = self.n;
        for v in 0..n {
            self.vnext[v] = id(v);
        }
        match start {
            Start::Uniform => {
                let wmax = self
                    .w
                    .iter()
                    .copied()
                    .fold(None, |m: Option<N>, x| match m {
                        Some(m) if m >= x => Some(m),
                        _ => Some(x),
                    });
                let y0 = wmax.map_or(N::ZERO, |x| x.half());
                for v in 0..n {
                    self.vx[v].y = y0;
                }
                let Some(wmax) = wmax else { return Ok(()) };
                for v in 0..n {
                    if self.vx[v].mate != NONE {
                        continue;
                    }
                    for p in self.row(v) {
                        let u = idx(self.adj[p]);
                        if self.w[p] == wmax && self.vx[u].mate == NONE {
                            self.vx[v].mate = id(u);
                            self.vx[u].mate = id(v);
                            break;
                        }
                    }
                }
            }
            Start::Max | Start::Perfect => {
                // Half the heaviest edge makes every edge feasible.
                for v in 0..n {
                    let mut m: Option<N> = None;
                    for p in self.row(v) {
                        let x = self.w[p];
                        if m.map_or(true, |m| x > m) {
                            m = Some(x);
                        }
                    }
                    let y = m.map_or(N::ZERO, |m| m.half());
                    self.vx[v].y = if self.max && y < N::ZERO { N::ZERO } else { y };
                }
                // Lower each vertex as far as its edges allow; match it
                // along a tight edge to a free vertex when there is one.
                for v in 0..n {
                    let mut best: Option<N> = if self.max { Some(N::ZERO) } else { None };
                    let mut to = NONE;
                    for p in self.row(v) {
                        let u = self.adj[p];
                        let c = self.w[p] - self.vx[idx(u)].y;
                        let better = best.map_or(true, |b| c > b);
                        let tie = best == Some(c) && self.vx[idx(u)].mate == NONE;
                        if better || (tie && (to == NONE || self.vx[idx(to)].mate != NONE)) {
                            best = Some(c);
                            to = u;
                        }
                    }
                    if let Some(b) = best {
                        if b < self.vx[v].y {
                            self.vx[v].y = b;
                        }
                    }
                    if to != NONE && self.vx[v].mate == NONE && self.vx[idx(to)].mate == NONE {
                        self.vx[v].mate = to;
                        self.vx[idx(to)].mate = id(v);
                    }
                }
                self.local_start();
            }
        }
        for v in 0..n {
            if self.vx[v].mate != NONE || (self.max && self.vx[v].y <= N::ZERO) {
                continue;
            }
            self.roots += 1;
            self.set_label(id(v), EVEN, id(v))?;
        }
        Ok(())
    }

    /// The last part of the greedy start: each free vertex `v` that would
    /// become a root grows a little alternating tree of its own, on tight
    /// edges, before the forest starts: `v` and the mates in it (*low*)
    /// fall by `δ` at each step and the vertices that brought them in
    /// (*high*, all matched) rise by `δ`, `δ` the largest step every edge
    /// out of the tree allows (kept on the grid of [`Num::floor_even`], so
    /// that every dual stays a whole number of half weights). A step ends
    /// in one of: a low vertex at dual 0 (maximum weight: `v` itself is
    /// left free and is no root, or the path from `v` to that mate flips
    /// and leaves the mate free); an edge from a low vertex to a free one
    /// (the path from `v` through it augments); an edge to a matched
    /// vertex outside the tree (the tree grows by it and its mate, up to
    /// [`LOCAL_TREE`] of them, and steps again; for perfect matching only
    /// from `v` itself). An edge between two low vertices (an odd cycle)
    /// stops it: the forest forms the blossom; so does an edge no step
    /// can make tight. Where it stops, the duals stay as they are: the
    /// forest starts from them.
    /// Every step keeps the duals feasible and the matched edges tight, as
    /// the forest's own steps do.
    fn local_start(&mut self) {
        for v in 0..self.n {
            self.local_tree(v);
        }
    }

    /// The little tree of [`local_start`](Self::local_start) from `v`.
    /// `pa` lists its high vertices, `pb` the low vertex each hangs from.
    fn local_tree(&mut self, v: usize) {
        if self.vx[v].mate != NONE || (self.max && self.vx[v].y <= N::ZERO) {
            return;
        }
        self.next_stamp();
        let low = self.stamp;
        self.next_stamp();
        let high = self.stamp;
        self.mark[v] = low;
        self.pa.clear();
        self.pb.clear();
        // Its tight neighbours first (a free one is a tie the greedy pass
        // passed by: matched at once).
        let yv = self.vx[v].y;
        for p in self.row(v) {
            let u = idx(self.adj[p]);
            if yv + self.vx[u].y > self.w[p] || self.mark[u] == high {
                continue;
            }
            let m = self.vx[u].mate;
            if m == NONE {
                self.vx[v].mate = id(u);
                self.vx[u].mate = id(v);
                return;
            }
            if self.mark[idx(m)] == low || self.mark[idx(m)] == high || self.pa.len() >= LOCAL_TREE
            {
                // Tight to both ends of a matched edge: a blossom.
                return;
            }
            self.mark[u] = high;
            self.mark[idx(m)] = low;
            self.pa.push(id(u));
            self.pb.push(id(v));
        }
        loop {
            // (x, NONE): x reaches dual 0; (x, p): the edge at position p
            // of x's row becomes tight.
            let mut delta = if self.max { self.vx[v].y } else { N::INF };
            let mut event = (id(v), NONE);
            for i in 0..=self.pa.len() {
                let x = if i == 0 {
                    v
                } else {
                    idx(self.vx[idx(self.pa[i - 1])].mate)
                };
                let yx = self.vx[x].y;
                if self.max && i > 0 && yx < delta {
                    delta = yx;
                    event = (id(x), NONE);
                }
                for p in self.row(x) {
                    let z = idx(self.adj[p]);
                    let mz = self.mark[z];
                    if mz == high {
                        // Its slack does not move (or grows).
                        continue;
                    }
                    let slack = yx + self.vx[z].y - self.w[p];
                    // Both ends fall when z is low too.
                    let bound = if mz == low {
                        slack.half().floor_even()
                    } else {
                        slack
                    };
                    if bound < delta {
                        delta = bound;
                        event = (id(x), id(p));
                    }
                }
            }
            if delta >= N::INF {
                // Nothing bounds the step: left to the forest.
                return;
            }
            let delta = delta.floor_even();
            if delta < N::ZERO {
                return;
            }
            self.vx[v].y = self.vx[v].y - delta;
            for i in 0..self.pa.len() {
                let u = idx(self.pa[i]);
                let m = idx(self.vx[u].mate);
                self.vx[u].y = self.vx[u].y + delta;
                self.vx[m].y = self.vx[m].y - delta;
            }
            let (x, p) = (idx(event.0), event.1);
            if p == NONE {
                // A low vertex at dual 0: the path from v to it flips.
                if x != v {
                    self.local_flip(x);
                    self.vx[x].mate = NONE;
                }
                return;
            }
            let p = idx(p);
            let z = idx(self.adj[p]);
            if self.vx[x].y + self.vx[z].y > self.w[p]
                || self.mark[z] == low
                || self.mark[z] == high
            {
                // Not tight on the grid, or an odd cycle.
                return;
            }
            let m = self.vx[z].mate;
            if m == NONE {
                self.local_flip(x);
                self.vx[x].mate = id(z);
                self.vx[z].mate = id(x);
                return;
            }
            if self.pa.len() >= LOCAL_TREE || (!self.max && x != v) {
                // Full, or (perfect matching) beyond the root's own
                // neighbours, where the forest measured faster.
                return;
            }
            self.mark[z] = high;
            self.mark[idx(m)] = low;
            self.pa.push(id(z));
            self.pb.push(id(x));
        }
    }

    /// Flips the tree path of [`local_tree`](Self::local_tree) from the
    /// low vertex `x` up to its root: each high vertex on it is matched to
    /// the low vertex it hangs from (the caller sets `x`'s new mate).
    fn local_flip(&mut self, x: usize) {
        let mut h = self.vx[x].mate;
        while h != NONE {
            let Some(i) = self.pa.iter().position(|&q| q == h) else {
                debug_assert!(false, "a tree path leaves the little tree");
                return;
            };
            let up = idx(self.pb[i]);
            let next = self.vx[up].mate;
            self.vx[idx(h)].mate = id(up);
            self.vx[up].mate = h;
            h = next;
        }
    }

    /// Labels the free top-level blossom `b` as `to` in the tree of root
    /// `r`: its vertices' and its own stored duals follow, and an even one
    /// is queued for scanning.
    fn set_label(&mut self, b: u32, to: u8, r: u32) -> Result<(), Failure> {
        let bi = idx(b);
        let from = self.label[bi];
        let d = self.off_of(to) - self.off_of(from);
        if bi >= self.n {
            self.z[bi] = self.z[bi] + (self.zoff_of(to) - self.zoff_of(from));
        }
        self.put_label(bi, to);
        self.tree_add(b, r);
        let mut x = self.bx[bi].first;
        loop {
            let xi = idx(x);
            self.vx[xi].y = self.vx[xi].y + d;
            if to == EVEN {
                self.queue.push(x);
                if self.max {
                    self.push1(x, r)?;
                }
            }
            if x == self.bx[bi].last {
                break;
            }
            x = self.vnext[xi];
        }
        if to == ODD && bi >= self.n {
            self.push4(b)?;
        }
        Ok(())
    }

    fn tree_add(&mut self, b: u32, r: u32) {
        let bi = idx(b);
        self.bx[bi].tree = r;
        let head = self.thead[idx(r)];
        self.bx[bi].tnext = head;
        self.bx[bi].tprev = NONE;
        if head != NONE {
            self.bx[idx(head)].tprev = b;
        }
        self.thead[idx(r)] = b;
    }

    fn tree_remove(&mut self, b: u32) {
        let bi = idx(b);
        let (p, q) = (self.bx[bi].tprev, self.bx[bi].tnext);
        if p != NONE {
            self.bx[idx(p)].tnext = q;
        } else {
            self.thead[idx(self.bx[bi].tree)] = q;
        }
        if q != NONE {
            self.bx[idx(q)].tprev = p;
        }
        self.bx[bi].tree = NONE;
    }

    // A full heap is swept of the entries that can no longer be valid
    // (each sweep keeps at most the live entries, and leaves as much room
    // again), so that pushes never allocate; a sweep that cannot reserve
    // its room is the engine's out-of-memory error.

    /// Vertex `x` has become even in the tree of root `r`: bound 1 holds
    /// each tree's least even dual (even vertices stay even while their
    /// tree lives, so it only falls).
    fn push1(&mut self, x: u32, r: u32) -> Result<(), Failure> {
        let (e, ri) = (self.vx[idx(x)].y, idx(r));
        if self.tmin[ri].0 <= e {
            return Ok(());
        }
        self.tmin[ri] = (e, x);
        if self.h1.full() {
            let (thead, tmin) = (&self.thead, &self.tmin);
            self.h1
                .retain(|&(k, r, _)| thead[idx(r)] != NONE && tmin[idx(r)].0 == k)?;
        }
        self.h1.push(e, r, 0);
        Ok(())
    }

    fn push2(&mut self, v: usize) -> Result<(), Failure> {
        if self.vx[v].best + self.vx[v].y <= self.t {
            // Tight already: no need for the heap.
            try_push(&mut self.fast2, id(v), "weighted matching: the tight edges")?;
            return Ok(());
        }
        if self.h2.full() {
            let (vx, slab) = (&self.vx, &self.slab);
            self.h2.retain(|&(k, v, _)| {
                let x = &vx[idx(v)];
                slab[idx(x.slot)] == FREE && x.best_u != NONE && k == x.best + x.y
            })?;
        }
        self.h2.push(self.vx[v].best + self.vx[v].y, id(v), 0);
        Ok(())
    }

    fn push3(&mut self, key: N, u: usize, p: usize) -> Result<(), Failure> {
        if key <= self.t + self.t {
            try_push(
                &mut self.fast3,
                (id(u), id(p)),
                "weighted matching: the tight edges",
            )?;
            return Ok(());
        }
        if self.h3.full() {
            let (vx, slab, adj, w) = (&self.vx, &self.slab, self.adj, self.w);
            self.h3.retain(|&(k, u, p)| {
                let (a, p) = (&vx[idx(u)], idx(p));
                let b = &vx[idx(adj[p])];
                a.slot != b.slot
                    && slab[idx(a.slot)] == EVEN
                    && slab[idx(b.slot)] == EVEN
                    && k == a.y + b.y - w[p]
            })?;
        }
        self.h3.push(key, id(u), id(p));
        Ok(())
    }

    fn push4(&mut self, b: u32) -> Result<(), Failure> {
        if self.h4.full() {
            let (bx, label, z) = (&self.bx, &self.label, &self.z);
            self.h4.retain(|&(k, b, _)| {
                let b = idx(b);
                bx[b].parent == NONE && label[b] == ODD && z[b] == k
            })?;
        }
        self.h4.push(self.z[idx(b)], b, 0);
        Ok(())
    }

    /// Scans the edges of every queued even vertex: edges to even blossoms
    /// go to bound 3, the others update their far end's best edge.
    fn scan(&mut self) -> Result<(), Failure> {
        while let Some(u) = self.queue.pop() {
            let u = idx(u);
            let tu = self.vx[u].slot;
            if self.slab[idx(tu)] != EVEN {
                continue;
            }
            let yu = self.vx[u].y;
            for p in self.row(u) {
                let v = idx(self.adj[p]);
                let tv = self.vx[v].slot;
                if tv == tu {
                    continue;
                }
                let lv = self.slab[idx(tv)];
                let wp = self.w[p];
                if lv == EVEN {
                    self.push3(yu + self.vx[v].y - wp, u, p)?;
                } else {
                    let c = yu - wp;
                    if c < self.vx[v].best {
                        self.vx[v].best = c;
                        self.vx[v].best_u = id(u);
                        self.vx[v].best_w = id(p);
                        if lv == FREE {
                            self.push2(v)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Finds vertex `x`'s best edge from an even vertex again, from its row.
    fn rescan(&mut self, x: usize) -> Result<(), Failure> {
        let mut best = N::INF;
        let (mut bu, mut bw) = (NONE, NONE);
        let tx = self.vx[x].slot;
        for p in self.row(x) {
            let v = idx(self.adj[p]);
            let tv = self.vx[v].slot;
            if tv != tx && self.slab[idx(tv)] == EVEN {
                let c = self.vx[v].y - self.w[p];
                if c < best {
                    best = c;
                    bu = id(v);
                    bw = id(p);
                }
            }
        }
        self.vx[x].best = best;
        self.vx[x].best_u = bu;
        self.vx[x].best_w = bw;
        if bu != NONE && self.slab[idx(tx)] == FREE {
            self.push2(x)?;
        }
        Ok(())
    }

    fn min1(&mut self) -> Option<(N, u32)> {
        while let Some((k, r, _)) = self.h1.peek() {
            let ri = idx(r);
            if self.thead[ri] != NONE && self.tmin[ri].0 == k {
                return Some((k, self.tmin[ri].1));
            }
            self.h1.pop();
        }
        None
    }

    fn min2(&mut self) -> Result<Option<(N, u32)>, Failure> {
        while let Some((k, v, _)) = self.h2.peek() {
            let vi = idx(v);
            let u = self.vx[vi].best_u;
            if self.slab[idx(self.vx[vi].slot)] != FREE || u == NONE {
                self.h2.pop();
                continue;
            }
            let ui = idx(u);
            let fresh = self.slab[idx(self.vx[ui].slot)] == EVEN
                && self.vx[vi].best == self.vx[ui].y - self.w[idx(self.vx[vi].best_w)];
            if !fresh {
                self.h2.pop();
                self.rescan(vi)?;
                continue;
            }
            if k != self.vx[vi].best + self.vx[vi].y {
                self.h2.pop();
                continue;
            }
            return Ok(Some((k, v)));
        }
        Ok(None)
    }

    fn min3(&mut self) -> Option<(N, u32, u32)> {
        while let Some((k, u, p)) = self.h3.peek() {
            let (ui, pi) = (idx(u), idx(p));
            let vi = idx(self.adj[pi]);
            let (tu, tv) = (self.vx[ui].slot, self.vx[vi].slot);
            if tu != tv
                && self.slab[idx(tu)] == EVEN
                && self.slab[idx(tv)] == EVEN
                && k == self.vx[ui].y + self.vx[vi].y - self.w[pi]
            {
                return Some((k, u, p));
            }
            self.h3.pop();
        }
        None
    }

    fn min4(&mut self) -> Option<(N, u32)> {
        while let Some((k, b, _)) = self.h4.peek() {
            let bi = idx(b);
            if self.bx[bi].parent == NONE && self.label[bi] == ODD && self.z[bi] == k {
                return Some((k, b));
            }
            self.h4.pop();
        }
        None
    }

    /// Every invariant, checked from scratch after each event when the
    /// unit tests ask for it.
    #[cfg(test)]
    fn audit(&self, what: &str) {
        if !tests::AUDIT.with(|a| a.get()) {
            return;
        }
        let n = self.n;
        let yv = |v: usize| self.vx[v].y - self.off_of(self.slab[idx(self.vx[v].slot)]);
        let zv = |b: usize| {
            if self.bx[b].parent == NONE {
                self.z[b] - self.zoff_of(self.label[b])
            } else {
                self.z[b]
            }
        };
        let anc = |v: usize| {
            let mut a = Vec::new();
            let mut x = self.bx[v].parent;
            while x != NONE {
                a.push(idx(x));
                x = self.bx[idx(x)].parent;
            }
            a
        };
        for v in 0..n {
            if self.max && yv(v) < N::ZERO {
                panic!(
                    "{what}: vertex {v} has dual {:?} < 0, label {}",
                    yv(v),
                    self.slab[idx(self.vx[v].slot)]
                );
            }
            let m = self.vx[v].mate;
            if m != NONE && idx(self.vx[idx(m)].mate) != v {
                panic!("{what}: mates of {v} disagree");
            }
            if self.max && m == NONE && yv(v) > N::ZERO && self.slab[idx(self.vx[v].slot)] != EVEN {
                panic!("{what}: free vertex {v} with dual {:?} not a root", yv(v));
            }
        }
        for b in n..2 * n {
            if self.alive[b]
                && zv(b) < N::ZERO
                && !(self.bx[b].parent == NONE && self.label[b] == ODD)
            {
                panic!("{what}: blossom {b} has dual {:?}", zv(b));
            }
        }
        for u in 0..n {
            let au = anc(u);
            for p in self.row(u) {
                let v = idx(self.adj[p]);
                if v < u {
                    continue;
                }
                let av = anc(v);
                let mut zs = N::ZERO;
                for &b in &au {
                    if av.contains(&b) {
                        zs = zs + zv(b);
                    }
                }
                let slack = yv(u) + yv(v) + zs - self.w[p];
                if slack < N::ZERO {
                    panic!("{what}: edge ({u}, {v}) has slack {slack:?}");
                }
                if self.vx[u].mate == id(v) && slack > N::ZERO {
                    panic!("{what}: matched edge ({u}, {v}) has slack {slack:?}");
                }
            }
        }
    }

    /// Acts on one event of a zero step found while scanning, if one is
    /// still valid (entries that are not are dropped, as the heaps drop
    /// theirs); `false` when there are none left.
    fn fast(&mut self) -> Result<bool, Failure> {
        while let Some(v) = self.fast2.pop() {
            let vi = idx(v);
            let x = self.vx[vi];
            if self.slab[idx(x.slot)] != FREE || x.best_u == NONE {
                continue;
            }
            let u = self.vx[idx(x.best_u)];
            if self.slab[idx(u.slot)] != EVEN || x.best != u.y - self.w[idx(x.best_w)] {
                self.rescan(vi)?;
                continue;
            }
            if x.best + x.y <= self.t {
                self.grow(v)?;
                return Ok(true);
            }
        }
        while let Some((u, p)) = self.fast3.pop() {
            let (a, b) = (self.vx[idx(u)], self.vx[idx(self.adj[idx(p)])]);
            if a.slot != b.slot
                && self.slab[idx(a.slot)] == EVEN
                && self.slab[idx(b.slot)] == EVEN
                && a.y + b.y - self.w[idx(p)] <= self.t + self.t
            {
                self.tight(u, self.adj[idx(p)])?;
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn run(&mut self) -> Result<(), Failure> {
        #[cfg(test)]
        self.audit("start");
        loop {
            self.scan()?;
            if self.roots == 0 || (!self.max && self.roots < 2) {
                return Ok(());
            }
            if self.fast()? {
                #[cfg(test)]
                self.audit("a zero step");
                continue;
            }
            let tt = self.t + self.t;
            let mut delta = N::INF;
            let mut event = None;
            if self.max {
                if let Some((k, v)) = self.min1() {
                    delta = k - self.t;
                    event = Some(Event::Zero(v));
                }
            }
            if let Some((k, v)) = self.min2()? {
                let d = k - self.t;
                if event.is_none() || d < delta {
                    delta = d;
                    event = Some(Event::Grow(v));
                }
            }
            if let Some((k, u, p)) = self.min3() {
                let d = (k - tt).half();
                if event.is_none() || d < delta {
                    delta = d;
                    event = Some(Event::Tight(u, p));
                }
            }
            if let Some((k, b)) = self.min4() {
                let d = (k - tt).half();
                if event.is_none() || d < delta {
                    delta = d;
                    event = Some(Event::Expand(b));
                }
            }
            if !self.fast2.is_empty() || !self.fast3.is_empty() {
                // A rescan above found a tight edge: a zero step first.
                continue;
            }
            let Some(event) = event else {
                // Nothing can become tight: no tree can grow any more.
                return Ok(());
            };
            if delta > N::ZERO {
                self.t = self.t + delta;
                if !self.t.in_range() {
                    return Err(Failure::Range);
                }
            }
            match event {
                Event::Zero(v) => {
                    self.h1.pop();
                    let r = self.bx[idx(self.top(idx(v)))].tree;
                    self.half(v, NONE);
                    self.roots -= 1;
                    self.dissolve(r, NONE, v)?;
                }
                Event::Grow(v) => {
                    self.h2.pop();
                    self.grow(v)?;
                }
                Event::Tight(u, p) => {
                    self.h3.pop();
                    self.tight(u, self.adj[idx(p)])?;
                }
                Event::Expand(b) => {
                    self.h4.pop();
                    self.expand(b)?;
                }
            }
            #[cfg(test)]
            self.audit(match event {
                Event::Zero(_) => "zero",
                Event::Grow(_) => "grow",
                Event::Tight(..) => "tight",
                Event::Expand(_) => "expand",
            });
        }
    }

    /// Vertex `v`'s best edge is tight: its free blossom joins the tree
    /// (with its mate's), or, if its base is free, the path augments.
    fn grow(&mut self, v: u32) -> Result<(), Failure> {
        let vi = idx(v);
        let b = self.top(vi);
        let u = self.vx[vi].best_u;
        let r = self.bx[idx(self.top(idx(u)))].tree;
        let m = self.vx[idx(self.bx[idx(b)].base)].mate;
        if m == NONE {
            // A vertex that left the forest at dual 0: augment into it.
            self.rotate(b, v);
            self.vx[vi].mate = u;
            self.half(u, v);
            self.roots -= 1;
            self.dissolve(r, NONE, NONE)?;
            // v stays free (outside the forest) but its bound-2 entry is
            // spent and its best edge came from the dissolved tree.
            return self.rescan(vi);
        }
        self.bx[idx(b)].lin = v;
        self.bx[idx(b)].lout = u;
        self.set_label(b, ODD, r)?;
        let c = self.top(idx(m));
        debug_assert_eq!(self.label[idx(c)], FREE);
        self.set_label(c, EVEN, r)
    }

    /// The edge `(u, v)` between even blossoms is tight: a new blossom if
    /// they are in one tree, else an augmentation.
    fn tight(&mut self, u: u32, v: u32) -> Result<(), Failure> {
        let (bu, bv) = (self.top(idx(u)), self.top(idx(v)));
        match self.walk(bu, bv) {
            Some(lca) => self.form(lca, u, v),
            None => {
                let (ru, rv) = (self.bx[idx(bu)].tree, self.bx[idx(bv)].tree);
                self.half(u, v);
                self.half(v, u);
                self.roots -= 2;
                self.dissolve(ru, rv, NONE)
            }
        }
    }

    /// A fresh stamp for `mark`.
    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
    }

    /// The parent even blossom of the even blossom `x`, and the odd one
    /// between them; `None` at a root.
    #[inline]
    fn up(&self, x: u32) -> Option<(u32, u32)> {
        let t = self.vx[idx(self.bx[idx(x)].base)].mate;
        if t == NONE {
            return None;
        }
        let bt = self.top(idx(t));
        Some((bt, self.top(idx(self.bx[idx(bt)].lout))))
    }

    /// Walks up from the even blossoms `bu` and `bv` in turn, recording the
    /// blossoms passed in `pa` and `pb`; returns their nearest common even
    /// ancestor (the paths then stop below it), or `None` if they are in
    /// different trees.
    fn walk(&mut self, bu: u32, bv: u32) -> Option<u32> {
        self.next_stamp();
        let s = self.stamp;
        self.pa.clear();
        self.pb.clear();
        let (mut a, mut b) = (Some(bu), Some(bv));
        while a.is_some() || b.is_some() {
            for side in 0..2 {
                let Some(x) = (if side == 0 { a } else { b }) else {
                    continue;
                };
                if self.mark[idx(x)] == s {
                    // The other side has been here: cut its path at x.
                    let other = if side == 0 {
                        &mut self.pb
                    } else {
                        &mut self.pa
                    };
                    if let Some(at) = other.iter().rposition(|&q| q == x) {
                        other.truncate(at);
                    }
                    return Some(x);
                }
                self.mark[idx(x)] = s;
                let next = self.up(x);
                let path = if side == 0 {
                    &mut self.pa
                } else {
                    &mut self.pb
                };
                path.push(x);
                let step = next.map(|(odd, even)| {
                    path.push(odd);
                    even
                });
                if side == 0 {
                    a = step;
                } else {
                    b = step;
                }
            }
        }
        None
    }

    /// The edge from blossom `x` of a tree path towards its parent, as
    /// (end in `x`, end in the parent).
    #[inline]
    fn up_edge(&self, x: u32) -> (u32, u32) {
        let xi = idx(x);
        if self.label[xi] == EVEN {
            let b = self.bx[xi].base;
            (b, self.vx[idx(b)].mate)
        } else {
            (self.bx[xi].lin, self.bx[xi].lout)
        }
    }

    /// Shrinks the odd cycle through `lca`, the paths `pa` (from `u`'s
    /// blossom) and `pb` (from `v`'s), and the edge `(u, v)` into a new even
    /// blossom.
    fn form(&mut self, lca: u32, u: u32, v: u32) -> Result<(), Failure> {
        let Some(b) = self.ids.pop() else {
            // Not reached: at most n/2 blossoms hold n vertices.
            debug_assert!(false, "out of blossom ids");
            return Ok(());
        };
        let bi = idx(b);
        let r = self.bx[idx(lca)].tree;
        // The ring, from the base child, with the edge to each next child.
        self.ring.clear();
        self.ring.push(lca);
        let ka = self.pa.len();
        for j in (0..ka).rev() {
            self.ring.push(self.pa[j]);
        }
        for j in 0..self.pb.len() {
            self.ring.push(self.pb[j]);
        }
        let k = self.ring.len();
        for i in 0..k {
            let c = self.ring[i];
            // Child i is lca (i = 0), pa[ka − i] (1 ≤ i ≤ ka), or pb[i − ka − 1].
            let e = if i < ka {
                // Towards pa[ka − 1 − i]: that blossom's edge up, reversed.
                let (x, y) = self.up_edge(self.pa[ka - 1 - i]);
                (y, x)
            } else if i == ka {
                (u, v)
            } else {
                self.up_edge(self.pb[i - ka - 1])
            };
            let ci = idx(c);
            self.bx[ci].ea = e.0;
            self.bx[ci].eb = e.1;
            let next = self.ring[(i + 1) % k];
            self.bx[ci].sib_next = next;
            self.bx[idx(next)].sib_prev = c;
        }
        // The new blossom takes over its largest child's slot.
        let big = self
            .ring
            .iter()
            .copied()
            .max_by_key(|&c| self.bx[idx(c)].size)
            .unwrap_or(lca);
        let slot = self.bx[idx(big)].slot_of;
        let mut size = 0u32;
        for i in 0..k {
            let c = self.ring[i];
            let ci = idx(c);
            let l = self.label[ci];
            size += self.bx[ci].size;
            if ci >= self.n {
                self.z[ci] = self.z[ci] - self.zoff_of(l);
            }
            self.tree_remove(c);
            self.label[ci] = FREE;
            self.bx[ci].parent = b;
            if c != big {
                self.slots.push(self.bx[ci].slot_of);
            }
            self.bx[ci].slot_of = NONE;
            let d = if l == ODD {
                self.off_of(EVEN) - self.off_of(ODD)
            } else {
                N::ZERO
            };
            if c == big && l != ODD {
                // Its vertices keep their slot and their duals.
                if i + 1 < k {
                    let next = idx(self.ring[i + 1]);
                    self.vnext[idx(self.bx[ci].last)] = self.bx[next].first;
                }
                continue;
            }
            let mut x = self.bx[ci].first;
            loop {
                let xi = idx(x);
                self.vx[xi].slot = slot;
                if l == ODD {
                    // Odd vertices become even: new duals, and a scan.
                    self.vx[xi].y = self.vx[xi].y + d;
                    self.queue.push(x);
                    if self.max {
                        self.push1(x, r)?;
                    }
                }
                if x == self.bx[ci].last {
                    break;
                }
                x = self.vnext[xi];
            }
            if i + 1 < k {
                let next = idx(self.ring[i + 1]);
                self.vnext[idx(self.bx[ci].last)] = self.bx[next].first;
            }
        }
        self.bx[bi].first = self.bx[idx(lca)].first;
        self.bx[bi].last = self.bx[idx(self.ring[k - 1])].last;
        self.bx[bi].base = self.bx[idx(lca)].base;
        self.bx[bi].child = lca;
        self.bx[bi].parent = NONE;
        self.alive[bi] = true;
        self.bx[bi].size = size;
        self.bx[bi].slot_of = slot;
        self.owner[idx(slot)] = b;
        self.put_label(bi, EVEN);
        self.z[bi] = self.zoff_of(EVEN);
        self.tree_add(b, r);
        Ok(())
    }

    /// Expands the odd blossom `b` at dual 0: the children on the
    /// even-length side of its ring, from where its tree edge enters to its
    /// base, stay in the tree (odd, even, …, odd); the others become free.
    fn expand(&mut self, b: u32) -> Result<(), Failure> {
        let bi = idx(b);
        let r = self.bx[bi].tree;
        let (x, s) = (self.bx[bi].lin, self.bx[bi].lout);
        self.ring.clear();
        let c0 = self.bx[bi].child;
        let mut c = c0;
        loop {
            self.ring.push(c);
            c = self.bx[idx(c)].sib_next;
            if c == c0 {
                break;
            }
        }
        let mut entry = x;
        while self.bx[idx(entry)].parent != b {
            entry = self.bx[idx(entry)].parent;
        }
        let k = self.ring.len();
        let j = self.ring.iter().position(|&q| q == entry).unwrap_or(0);
        // The children leave b: each becomes a top-level blossom, the
        // largest in b's slot, the others in slots of their own.
        self.tree_remove(b);
        self.label[bi] = FREE;
        self.alive[bi] = false;
        self.ids.push(b);
        let big = self
            .ring
            .iter()
            .copied()
            .max_by_key(|&c| self.bx[idx(c)].size)
            .unwrap_or(entry);
        let kept = self.bx[bi].slot_of;
        self.bx[bi].slot_of = NONE;
        for i in 0..k {
            let c = self.ring[i];
            let ci = idx(c);
            self.bx[ci].parent = NONE;
            if c == big {
                self.bx[ci].slot_of = kept;
                self.owner[idx(kept)] = c;
                continue;
            }
            let Some(slot) = self.slots.pop() else {
                // Not reached: forming b freed a slot for each child but one.
                debug_assert!(false, "out of slots");
                continue;
            };
            self.bx[ci].slot_of = slot;
            self.owner[idx(slot)] = c;
            let mut v = self.bx[ci].first;
            loop {
                self.vx[idx(v)].slot = slot;
                if v == self.bx[ci].last {
                    break;
                }
                v = self.vnext[idx(v)];
            }
        }
        self.next_stamp();
        let forward = j % 2 == 1;
        let (mut pos, mut odd) = (j, true);
        let (mut inner, mut outer) = (x, s);
        loop {
            let c = self.ring[pos];
            self.mark[idx(c)] = self.stamp;
            if odd {
                self.bx[idx(c)].lin = inner;
                self.bx[idx(c)].lout = outer;
                self.emerge(c, ODD, r)?;
            } else {
                self.emerge(c, EVEN, r)?;
            }
            if pos == 0 {
                break;
            }
            let next = if forward { (pos + 1) % k } else { pos - 1 };
            let (here, there) = if forward {
                (self.bx[idx(c)].ea, self.bx[idx(c)].eb)
            } else {
                let p = idx(self.ring[next]);
                (self.bx[p].eb, self.bx[p].ea)
            };
            inner = there;
            outer = here;
            pos = next;
            odd = !odd;
        }
        for i in 0..k {
            let c = self.ring[i];
            if self.mark[idx(c)] == self.stamp {
                continue;
            }
            self.emerge(c, FREE, NONE)?;
            let mut v = self.bx[idx(c)].first;
            loop {
                let vi = idx(v);
                if self.vx[vi].best_u != NONE {
                    self.push2(vi)?;
                }
                if v == self.bx[idx(c)].last {
                    break;
                }
                v = self.vnext[vi];
            }
        }
        Ok(())
    }

    /// A child of an expanded odd blossom becomes a top-level blossom
    /// labelled `to` (in tree `r` unless free).
    fn emerge(&mut self, c: u32, to: u8, r: u32) -> Result<(), Failure> {
        let ci = idx(c);
        let d = self.off_of(to) - self.off_of(ODD);
        if ci >= self.n {
            self.z[ci] = self.z[ci] + self.zoff_of(to);
        }
        self.put_label(ci, to);
        if to != FREE {
            self.tree_add(c, r);
        }
        let mut v = self.bx[ci].first;
        loop {
            let vi = idx(v);
            self.vx[vi].y = self.vx[vi].y + d;
            if to == EVEN {
                self.queue.push(v);
                if self.max {
                    self.push1(v, r)?;
                }
            }
            if v == self.bx[ci].last {
                break;
            }
            v = self.vnext[vi];
        }
        if to == ODD && ci >= self.n {
            self.push4(c)?;
        }
        Ok(())
    }

    /// Dissolves the trees of roots `r1` and `r2` (`NONE` for none): every
    /// blossom in them becomes free, and each of their vertices looks for
    /// its best edge from the even vertices left. `zero`, if any, is the
    /// vertex that left at dual 0 (set to exactly 0).
    fn dissolve(&mut self, r1: u32, r2: u32, zero: u32) -> Result<(), Failure> {
        self.loose.clear();
        for r in [r1, r2] {
            if r == NONE {
                continue;
            }
            let mut b = self.thead[idx(r)];
            while b != NONE {
                let bi = idx(b);
                let next = self.bx[bi].tnext;
                let l = self.label[bi];
                let d = -self.off_of(l);
                if bi >= self.n {
                    self.z[bi] = self.z[bi] - self.zoff_of(l);
                }
                self.put_label(bi, FREE);
                self.bx[bi].tree = NONE;
                let mut x = self.bx[bi].first;
                loop {
                    let xi = idx(x);
                    self.vx[xi].y = self.vx[xi].y + d;
                    self.loose.push(x);
                    if x == self.bx[bi].last {
                        break;
                    }
                    x = self.vnext[xi];
                }
                b = next;
            }
            self.thead[idx(r)] = NONE;
        }
        if zero != NONE {
            self.vx[idx(zero)].y = N::ZERO;
        }
        for i in 0..self.loose.len() {
            let x = idx(self.loose[i]);
            self.rescan(x)?;
        }
        Ok(())
    }

    /// Flips the even-length alternating path from vertex `s` up to its
    /// tree's root, matching `s` to `partner` (`NONE`: `s` becomes free).
    fn half(&mut self, s: u32, partner: u32) {
        let (mut s, mut partner) = (s, partner);
        loop {
            let bs = self.top(idx(s));
            let t = self.vx[idx(self.bx[idx(bs)].base)].mate;
            self.rotate(bs, s);
            self.vx[idx(s)].mate = partner;
            if t == NONE {
                return;
            }
            let bt = self.top(idx(t));
            let (j, s2) = (self.bx[idx(bt)].lin, self.bx[idx(bt)].lout);
            self.rotate(bt, j);
            self.vx[idx(j)].mate = s2;
            s = s2;
            partner = j;
        }
    }

    /// Makes vertex `v` the base of blossom `b` (which holds it): at each
    /// level, the ring is matched afresh in pairs after the child holding
    /// the new base, and each child whose base changes is rotated in turn
    /// (from an explicit stack, not by recursion). The new base's own mate
    /// is left to the caller.
    fn rotate(&mut self, b: u32, v: u32) {
        if idx(b) < self.n {
            return;
        }
        self.tasks.push((b, v));
        while let Some((b, v)) = self.tasks.pop() {
            if self.bx[idx(b)].base == v {
                continue;
            }
            self.chain.clear();
            let mut x = v;
            while x != b {
                self.chain.push(x);
                x = self.bx[idx(x)].parent;
            }
            let mut level = b;
            while let Some(c) = self.chain.pop() {
                if self.bx[idx(level)].base == v {
                    break;
                }
                self.rotate_level(level, c, v);
                if idx(c) < self.n {
                    break;
                }
                level = c;
            }
        }
    }

    /// One level of [`rotate`](Self::rotate): child `c` of `b` (holding
    /// `v`) becomes the base child.
    fn rotate_level(&mut self, b: u32, c: u32, v: u32) {
        let mut x = self.bx[idx(c)].sib_next;
        while x != c {
            let y = self.bx[idx(x)].sib_next;
            let (a, e) = (self.bx[idx(x)].ea, self.bx[idx(x)].eb);
            self.vx[idx(a)].mate = e;
            self.vx[idx(e)].mate = a;
            if idx(x) >= self.n && self.bx[idx(x)].base != a {
                self.tasks.push((x, a));
            }
            if idx(y) >= self.n && self.bx[idx(y)].base != e {
                self.tasks.push((y, e));
            }
            x = self.bx[idx(y)].sib_next;
        }
        self.bx[idx(b)].child = c;
        self.bx[idx(b)].base = v;
    }

    /// The answer: actual duals, and the family of blossoms of positive
    /// dual as a forest listed parents first.
    fn finish(self, start: Start) -> Result<Raw<N>, Failure> {
        let n = self.n;
        let mut y = try_vec(n, "weighted matching: the vertex duals")?;
        let mut mate = try_vec(n, "weighted matching: the mates")?;
        for v in 0..n {
            y.push(self.vx[v].y - self.off_of(self.slab[idx(self.vx[v].slot)]));
            mate.push(self.vx[v].mate);
        }
        let free_dual = if start == Start::Uniform {
            (0..n).find(|&v| mate[v] == NONE).map_or(N::ZERO, |v| y[v])
        } else {
            N::ZERO
        };
        let mut vertex_blossom = filled(n, NONE, "weighted matching: the blossom of each vertex")?;
        let mut blossom_parent = try_vec(n / 2, "weighted matching: the blossoms")?;
        let mut blossom_z = try_vec(n / 2, "weighted matching: the blossoms")?;
        // Depth-first from each top-level blossom, carrying the nearest
        // reported ancestor.
        let mut stack: Vec<(u32, u32)> = try_vec(2 * n, "weighted matching: the blossom listing")?;
        for v in 0..n {
            // Each top-level blossom once: at the first vertex of its segment.
            let t = self.top(v);
            if idx(t) < n || idx(self.bx[idx(t)].first) != v {
                continue;
            }
            stack.push((t, NONE));
            while let Some((b, anc)) = stack.pop() {
                let bi = idx(b);
                if bi < n {
                    vertex_blossom[bi] = anc;
                    continue;
                }
                let zb = if self.bx[bi].parent == NONE {
                    self.z[bi] - self.zoff_of(self.label[bi])
                } else {
                    self.z[bi]
                };
                let mut here = anc;
                if zb > N::ZERO {
                    here = id(blossom_parent.len());
                    blossom_parent.push(anc);
                    blossom_z.push(zb);
                }
                let c0 = self.bx[bi].child;
                let mut c = c0;
                loop {
                    stack.push((c, here));
                    c = self.bx[idx(c)].sib_next;
                    if c == c0 {
                        break;
                    }
                }
            }
        }
        Ok(Raw {
            mate,
            y,
            vertex_blossom,
            blossom_parent,
            blossom_z,
            free_dual,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    thread_local! {
        /// Whether the engine audits its invariants after every event.
        pub(super) static AUDIT: Cell<bool> = const { Cell::new(false) };
    }

    /// A symmetric CSR of `n` vertices from `(u, v, w)` edges (distinct
    /// pairs, no loops), weights times 4.
    fn csr(n: usize, edges: &[(usize, usize, i64)]) -> (Vec<u32>, Vec<u32>, Vec<i64>) {
        let mut rows = vec![Vec::new(); n];
        for &(u, v, w) in edges {
            rows[u].push((v as u32, 4 * w));
            rows[v].push((u as u32, 4 * w));
        }
        let mut off = vec![0u32];
        let (mut adj, mut ws) = (Vec::new(), Vec::new());
        for r in &mut rows {
            r.sort();
            for &(v, w) in r.iter() {
                adj.push(v);
                ws.push(w);
            }
            off.push(adj.len() as u32);
        }
        (off, adj, ws)
    }

    /// Sparse graphs up to 16 vertices (where the start's little trees do
    /// the most), wide weights: every invariant audited from the start on.
    #[test]
    fn invariants_hold_after_the_start_s_little_trees() {
        AUDIT.with(|a| a.set(true));
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        for _ in 0..3000 {
            let n = next(16) as usize + 2;
            let m = n * (2 + next(4) as usize) / 2;
            let mut seen = std::collections::HashSet::new();
            let mut edges = Vec::new();
            for _ in 0..m {
                let (u, v) = (next(n as u64) as usize, next(n as u64) as usize);
                let span = [4, 1000, 1_000_000][next(3) as usize];
                if u != v && seen.insert((u.min(v), u.max(v))) {
                    edges.push((u, v, 1 + next(span) as i64));
                }
            }
            let (off, adj, w) = csr(n, &edges);
            for start in [Start::Max, Start::Perfect] {
                let r = std::panic::catch_unwind(|| solve(&off, &adj, &w, start).unwrap());
                if let Err(e) = r {
                    panic!("{start:?} n = {n} {edges:?}: {e:?}");
                }
            }
        }
        AUDIT.with(|a| a.set(false));
    }

    /// Random graphs up to 12 vertices with weights of every sign, in all
    /// three starts, every invariant audited after every event (the final
    /// answers are checked against brute force in the suite).
    #[test]
    fn invariants_hold_after_every_event() {
        AUDIT.with(|a| a.set(true));
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        for _ in 0..1500 {
            let n = next(12) as usize + 1;
            let dens = next(90) + 10;
            let span = [3, 10, 1000][next(3) as usize];
            let low = if next(2) == 0 { -(span as i64) / 2 } else { 0 };
            let mut edges = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    if next(100) < dens {
                        edges.push((u, v, low + next(span) as i64));
                    }
                }
            }
            let (off, adj, w) = csr(n, &edges);
            for start in [Start::Max, Start::Perfect, Start::Uniform] {
                let r = std::panic::catch_unwind(|| solve(&off, &adj, &w, start).unwrap());
                match r {
                    Ok(raw) => assert_eq!(raw.mate.len(), n),
                    Err(e) => panic!("{start:?} n = {n} {edges:?}: {e:?}"),
                }
            }
        }
        AUDIT.with(|a| a.set(false));
    }
}
