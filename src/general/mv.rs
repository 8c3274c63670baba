//! Micali–Vazirani phases: each phase finds a maximal set of
//! vertex-disjoint shortest augmenting paths in O((V + E)·α(V)), so that
//! O(√V) phases reach a maximum matching.
//!
//! A phase grows, level by level from all free vertices at once, the
//! shortest even and odd alternating distances of every vertex
//! (`even`, `odd`; a vertex's *level* is the smaller). Edges that join two
//! vertices of the same parity (bridges) are processed in order of their
//! *tenacity*, the length of the shortest alternating walk through them.
//! For each bridge a double depth-first search walks down the predecessor
//! relation from both ends at once, the side at the higher level moving:
//! either the two searches reach two distinct free vertices (a shortest
//! augmenting path, flipped at once, its vertices erased) or they meet at a
//! bottleneck, and every vertex they visited above it forms a *petal* with
//! that bud, which is how the searches learn the other parity of those
//! vertices. Petals nest; a union–find over buds (`star`) hides them.
//!
//! Micali and Vazirani, "An O(√|V|·|E|) algorithm for finding maximum
//! matching in general graphs" (FOCS 1980); Vazirani, "A proof of the MV
//! matching algorithm" (2020); Peterson and Loui, "The general maximum
//! matching algorithm of Micali and Vazirani" (Algorithmica 1988).
//!
//! Nothing here recurses: the searches keep explicit stacks, and the
//! augmenting path is unfolded through nested petals by a task stack.

use super::Graph;
use crate::util::{id, idx, UNMATCHED};

/// No level yet; also the end of every linked list here.
const INF: u32 = u32::MAX;
const NIL: u32 = u32::MAX;

/// Per-vertex `u32` slots that read [`NIL`] (and [`INF`], the same value)
/// until written, kept complemented so that a fresh array is zeroed
/// memory: its pages cost nothing until a phase writes to them, where an
/// array filled with `NIL` would touch every page when the phases are
/// set up (on a graph of 10^6 vertices, a third of a phase's time).
struct NilSlots(Vec<u32>);

impl NilSlots {
    fn new(n: usize) -> NilSlots {
        NilSlots(vec![0; n])
    }

    #[inline]
    fn get(&self, i: usize) -> u32 {
        !self.0[i]
    }

    #[inline]
    fn set(&mut self, i: usize, value: u32) {
        self.0[i] = !value;
    }

    fn len(&self) -> usize {
        self.0.len()
    }

    /// Every slot before `end` back to `NIL`.
    fn clear_to(&mut self, end: usize) {
        self.0[..end].fill(0);
    }
}

/// Per-vertex `u32` slots that read their own index until written, kept
/// as the value's difference (xor) from the index, so that a fresh array
/// is zeroed memory (see [`NilSlots`]).
struct SelfSlots(Vec<u32>);

impl SelfSlots {
    fn new(n: usize) -> SelfSlots {
        SelfSlots(vec![0; n])
    }

    #[inline]
    fn get(&self, i: usize) -> u32 {
        self.0[i] ^ id(i)
    }

    #[inline]
    fn set(&mut self, i: usize, value: u32) {
        self.0[i] = value ^ id(i);
    }
}

/// The two searches of a double depth-first search.
const GREEN: u8 = 0;
const RED: u8 = 1;

/// One petal: the bridge that formed it, the bud, and how each side of
/// the search reached the bud.
#[derive(Clone, Copy)]
struct Petal {
    /// The bridge's ends on the green and red side, and the level each
    /// end's alternating path has (its even level across an unmatched
    /// bridge, its odd level across a matched one).
    ends: [u32; 2],
    needs: [u32; 2],
    /// The visible vertex each end was hidden behind when the petal
    /// formed: the roots of the two searches.
    roots: [u32; 2],
    /// The bud (the bottleneck of the search).
    bud: u32,
    /// Per side, the edge by which it claimed the bud: the vertex of that
    /// side and the predecessor it stepped to (`NIL` when that side's root
    /// is the bud itself).
    claims: [(u32, u32); 2],
}

/// What a double depth-first search found.
enum Found {
    /// The bridge lies inside one petal already, or the search gave up.
    Nothing,
    /// The vertices visited above the bottleneck form a petal.
    Petal(u32, [(u32, u32); 2]),
    /// Two distinct free vertices, one per side.
    Path(u32, u32),
}

/// A piece of an augmenting path, unfolded on demand; `rev` emits it
/// backwards.
#[derive(Clone, Copy)]
enum Piece {
    /// One vertex.
    Vertex(u32),
    /// From `x`, its alternating path of level `need`, down to the visible
    /// vertex `to` that hides it (`x` itself or a bud below it).
    Chain { x: u32, to: u32, need: u32 },
    /// From `x` in a petal, its path of level `need` down to the bud.
    Open { x: u32, need: u32 },
    /// Down the predecessor pointers of a petal from `x` to the bud `to`.
    Down { x: u32, to: u32 },
    /// Down the search tree of a petal from its root `root` to `x`.
    Tree { x: u32, root: u32 },
}

/// A double depth-first search side: pending edges (vertex, predecessor).
#[derive(Default)]
struct Side {
    stack: Vec<(u32, u32)>,
}

/// The state of the phases, sized once for the graph.
pub(crate) struct Phases<'g> {
    graph: &'g Graph,
    even: NilSlots,
    odd: NilSlots,
    erased: Vec<bool>,
    /// Vertices given a level this phase, to reset.
    seen: Vec<u32>,
    /// The count of live predecessors. The predecessors themselves follow
    /// from the levels: of a vertex odd first, its neighbours across
    /// unmatched edges whose even level is one less; of one even first,
    /// its mate.
    live_preds: Vec<u32>,
    /// Scratch: the predecessors or successors of one vertex.
    scratch: Vec<u32>,
    /// Vertices per search level (a vertex is listed at both its levels).
    level_head: NilSlots,
    /// Entries (vertex, next entry).
    level_list: Vec<(u32, u32)>,
    /// Bridges per tenacity index `(t − 1) / 2`.
    bridge_head: NilSlots,
    /// Entries (end, other end, next entry).
    bridge_list: Vec<(u32, u32, u32)>,
    /// Per odd vertex: even neighbours whose edge is a bridge of a
    /// tenacity known once the vertex gets its even level.
    hang_head: NilSlots,
    /// Entries (even neighbour, next entry).
    hang_list: Vec<(u32, u32)>,
    /// The highest level or tenacity index with work listed.
    top: usize,
    /// Petals: per vertex its immediate bud and petal (`NIL`: none), the
    /// side of the search that visited it, and the union–find to the
    /// visible vertex (`star`).
    bud: NilSlots,
    petal_of: NilSlots,
    side_of: Vec<u8>,
    star: SelfSlots,
    petals: Vec<Petal>,
    /// Per vertex in a petal: a predecessor leading down towards the bud,
    /// and the visible vertex that hid it when the petal formed.
    down_via: NilSlots,
    down_to: NilSlots,
    /// The double depth-first search: stamp and side per visited vertex,
    /// the search tree (parent and the predecessor stepped to).
    mark: Vec<u32>,
    stamp: u32,
    parent: NilSlots,
    entry: NilSlots,
    visited: Vec<u32>,
    sides: [Side; 2],
    /// Scratch for unfolding and checking paths.
    pieces: Vec<(Piece, bool)>,
    path: Vec<u32>,
    on_path: Vec<u32>,
    path_stamp: u32,
    /// Set when a search met a state the theory excludes; the caller then
    /// double-checks the result with another engine.
    pub(crate) doubtful: bool,
    /// Adjacency entries and predecessor links looked at by the last
    /// phase: what it cost, in the units of the searches' budget.
    pub(crate) work: usize,
}

impl<'g> Phases<'g> {
    /// Scratch for phases on `graph`: about 100 bytes per vertex.
    pub(crate) fn new(graph: &'g Graph) -> Phases<'g> {
        let n = graph.vertex_count();
        Phases {
            graph,
            even: NilSlots::new(n),
            odd: NilSlots::new(n),
            erased: vec![false; n],
            seen: Vec::new(),
            live_preds: vec![0; n],
            scratch: Vec::new(),
            level_head: NilSlots::new(n + 2),
            level_list: Vec::new(),
            bridge_head: NilSlots::new(n + 2),
            bridge_list: Vec::new(),
            hang_head: NilSlots::new(n),
            hang_list: Vec::new(),
            top: 0,
            bud: NilSlots::new(n),
            petal_of: NilSlots::new(n),
            side_of: vec![GREEN; n],
            star: SelfSlots::new(n),
            petals: Vec::new(),
            down_via: NilSlots::new(n),
            down_to: NilSlots::new(n),
            mark: vec![0; n],
            stamp: 0,
            parent: NilSlots::new(n),
            entry: NilSlots::new(n),
            visited: Vec::new(),
            sides: [Side::default(), Side::default()],
            pieces: Vec::new(),
            path: Vec::new(),
            on_path: vec![0; n],
            path_stamp: 0,
            doubtful: false,
            work: 0,
        }
    }

    /// One phase on the matching `mate` (consistent, of the graph): flips
    /// a maximal set of vertex-disjoint shortest augmenting paths and
    /// returns how many; none proves the matching maximum (unless
    /// [`doubtful`](Self::doubtful) is set).
    pub(crate) fn phase(&mut self, mate: &mut [u32]) -> usize {
        self.reset();
        self.work = self.graph.vertex_count() / 8;
        for (v, &m) in mate.iter().enumerate() {
            if m == UNMATCHED && self.graph.degree(v) > 0 {
                self.set_even(id(v), 0);
            }
        }
        let mut found = 0;
        let mut i = 0;
        while i <= self.top && i < self.level_head.len() {
            self.min_step(i, mate);
            found += self.max_step(i, mate);
            if found > 0 {
                break;
            }
            i += 1;
        }
        found
    }

    /// Clears what the last phase touched.
    fn reset(&mut self) {
        for &v in &self.seen {
            let v = idx(v);
            self.even.set(v, INF);
            self.odd.set(v, INF);
            self.erased[v] = false;
            self.live_preds[v] = 0;
            self.hang_head.set(v, NIL);
            self.bud.set(v, NIL);
            self.petal_of.set(v, NIL);
            self.star.set(v, id(v));
        }
        self.seen.clear();
        let top = (self.top + 1).min(self.level_head.len());
        self.level_head.clear_to(top);
        self.bridge_head.clear_to(top);
        self.top = 0;
        self.level_list.clear();
        self.bridge_list.clear();
        self.hang_list.clear();
        self.petals.clear();
    }

    fn note_top(&mut self, index: usize) {
        if index > self.top {
            self.top = index;
        }
    }

    /// Lists `v` for the search at `level`.
    fn list_at(&mut self, v: u32, level: u32) {
        let l = idx(level);
        if l >= self.level_head.len() {
            return; // longer than any alternating path: never reached
        }
        self.level_list.push((v, self.level_head.get(l)));
        self.level_head.set(l, id(self.level_list.len() - 1));
        self.note_top(l);
    }

    fn set_even(&mut self, v: u32, level: u32) {
        if self.even.get(idx(v)) == INF && self.odd.get(idx(v)) == INF {
            self.seen.push(v);
        }
        self.even.set(idx(v), level);
        self.list_at(v, level);
    }

    fn set_odd(&mut self, v: u32, level: u32) {
        if self.even.get(idx(v)) == INF && self.odd.get(idx(v)) == INF {
            self.seen.push(v);
        }
        self.odd.set(idx(v), level);
        self.list_at(v, level);
    }

    /// Records one more predecessor of `to`.
    #[inline]
    fn add_pred(&mut self, to: u32) {
        self.live_preds[idx(to)] += 1;
    }

    /// Whether `y` is odd first: its odd level is its level.
    #[inline]
    fn odd_first(&self, y: u32) -> bool {
        self.odd.get(idx(y)) < self.even.get(idx(y))
    }

    /// The live predecessors of `y`, into `out`.
    fn preds_into(&self, y: u32, mate: &[u32], out: &mut Vec<u32>) {
        out.clear();
        if self.odd_first(y) {
            let want = self.odd.get(idx(y)) - 1;
            let my = mate[idx(y)];
            for &x in self.graph.adj_of(idx(y)) {
                if x != my && self.even.get(idx(x)) == want && !self.erased[idx(x)] {
                    out.push(x);
                }
            }
        } else if self.even.get(idx(y)) > 0 {
            let x = mate[idx(y)];
            if x != UNMATCHED && !self.erased[idx(x)] {
                out.push(x);
            }
        }
    }

    /// The live vertices `x` is a predecessor of, into `out`.
    fn succs_into(&self, x: u32, mate: &[u32], out: &mut Vec<u32>) {
        out.clear();
        let mx = mate[idx(x)];
        let ex = self.even.get(idx(x));
        if ex != INF {
            for &y in self.graph.adj_of(idx(x)) {
                if y != mx
                    && !self.erased[idx(y)]
                    && self.odd_first(y)
                    && self.odd.get(idx(y)) == ex + 1
                {
                    out.push(y);
                }
            }
        }
        if self.odd_first(x) && mx != UNMATCHED && !self.erased[idx(mx)] {
            let om = self.odd.get(idx(x)) + 1;
            if !self.odd_first(mx) && self.even.get(idx(mx)) == om {
                out.push(mx);
            }
        }
    }

    /// Lists the bridge `s`–`t` under tenacity index `index`.
    fn add_bridge(&mut self, index: u32, s: u32, t: u32) {
        let i = idx(index);
        if i >= self.bridge_head.len() {
            return;
        }
        self.bridge_list.push((s, t, self.bridge_head.get(i)));
        self.bridge_head.set(i, id(self.bridge_list.len() - 1));
        self.note_top(i);
    }

    #[inline]
    fn level(&self, v: u32) -> u32 {
        self.even.get(idx(v)).min(self.odd.get(idx(v)))
    }

    /// The visible vertex hiding `v`: itself or the bud of its outermost
    /// petal (path halving).
    #[inline]
    fn find(&mut self, v: u32) -> u32 {
        let mut v = v;
        while self.star.get(idx(v)) != v {
            let up = self.star.get(idx(v));
            let upper = self.star.get(idx(up));
            self.star.set(idx(v), upper);
            v = upper;
        }
        v
    }

    /// The breadth-first half of search level `i`: every vertex at level
    /// `i` looks across the edges of the other parity.
    fn min_step(&mut self, i: usize, mate: &[u32]) {
        let level = id(i);
        let mut e = self.level_head.get(i);
        while e != NIL {
            let (v, next) = self.level_list[idx(e)];
            e = next;
            if self.erased[idx(v)] {
                continue;
            }
            if i % 2 == 0 {
                let graph = self.graph;
                self.work += graph.degree(idx(v)) + 1;
                let mv = mate[idx(v)];
                for &u in graph.adj_of(idx(v)) {
                    if u == mv || self.erased[idx(u)] {
                        continue;
                    }
                    let (eu, ou) = (self.even.get(idx(u)), self.odd.get(idx(u)));
                    if eu != INF {
                        // Both ends even: a bridge; the end scanned later
                        // lists it (both, on a tie).
                        if eu >= level {
                            self.add_bridge((eu + level) / 2, v, u);
                        }
                    } else if ou == INF {
                        self.set_odd(u, level + 1);
                        self.add_pred(u);
                    } else if ou == level + 1 {
                        self.add_pred(u);
                    } else {
                        // u is odd at a lower level: a bridge whose
                        // tenacity waits for u's even level.
                        self.hang_list.push((v, self.hang_head.get(idx(u))));
                        self.hang_head.set(idx(u), id(self.hang_list.len() - 1));
                    }
                }
            } else {
                self.work += 1;
                // Odd level: only an odd-first vertex looks across its
                // matched edge (an even-first one's mate is its predecessor).
                if self.even.get(idx(v)) < self.odd.get(idx(v)) {
                    continue;
                }
                let u = mate[idx(v)];
                if u == UNMATCHED || self.erased[idx(u)] {
                    continue;
                }
                if self.odd.get(idx(u)) != INF {
                    self.add_bridge((self.odd.get(idx(u)) + level) / 2, v, u);
                } else if self.even.get(idx(u)) == INF {
                    self.set_even(u, level + 1);
                    self.add_pred(u);
                }
            }
        }
    }

    /// The depth-first half of search level `i`: every bridge of
    /// tenacity `2i + 1`. Returns the number of paths flipped.
    fn max_step(&mut self, i: usize, mate: &mut [u32]) -> usize {
        let mut found = 0;
        let mut e = self.bridge_head.get(i);
        while e != NIL {
            let (s, t, next) = self.bridge_list[idx(e)];
            e = next;
            if self.erased[idx(s)] || self.erased[idx(t)] {
                continue;
            }
            match self.ddfs(s, t, mate) {
                Found::Nothing => {}
                Found::Petal(b, claims) => self.form_petal(i, s, t, b, claims, mate),
                Found::Path(g, r) => {
                    if self.augment(s, t, g, r, mate) {
                        found += 1;
                    }
                }
            }
        }
        found
    }

    fn is_marked(&self, v: u32) -> bool {
        self.mark[idx(v)] == self.stamp
    }

    /// Marks `u` for `side`, reached from `from` by stepping to its
    /// predecessor `p`, and stacks `u`'s live predecessors.
    fn step(&mut self, side: u8, from: u32, p: u32, u: u32, mate: &[u32]) {
        self.mark[idx(u)] = self.stamp;
        self.side_of[idx(u)] = side;
        self.parent.set(idx(u), from);
        self.entry.set(idx(u), p);
        self.visited.push(u);
        let mut preds = std::mem::take(&mut self.scratch);
        self.preds_into(u, mate, &mut preds);
        self.work += preds.len() + 1;
        let stack = &mut self.sides[usize::from(side)].stack;
        stack.extend(preds.iter().map(|&q| (u, q)));
        self.scratch = preds;
    }

    /// The next edge of `side` whose target is still unvisited.
    fn front(&mut self, side: u8) -> Option<(u32, u32)> {
        while let Some((from, q)) = self.sides[usize::from(side)].stack.pop() {
            self.work += 1;
            if self.erased[idx(q)] {
                continue;
            }
            let u = self.find(q);
            if !self.is_marked(u) && !self.erased[idx(u)] {
                return Some((from, q));
            }
        }
        None
    }

    /// The next front of `side` after a step: its next unvisited edge, or
    /// when it has none, the edge it gave up to the other side in a tie
    /// (if that vertex is still free to take). `None` is a state the
    /// theory excludes: the search gives up and the phase is doubtful.
    fn refill(&mut self, side: u8, before: &mut [Option<(u32, u32)>; 2]) -> Option<(u32, u32)> {
        if let Some(f) = self.front(side) {
            return Some(f);
        }
        if let Some(f) = before[usize::from(side)].take() {
            let u = self.find(f.1);
            if !self.is_marked(u) {
                return Some(f);
            }
        }
        debug_assert!(false, "a side of the search ran out");
        self.doubtful = true;
        None
    }

    /// The double depth-first search from the bridge `s`–`t`.
    fn ddfs(&mut self, s: u32, t: u32, mate: &[u32]) -> Found {
        let (rg, rr) = (self.find(s), self.find(t));
        if rg == rr || self.erased[idx(rg)] || self.erased[idx(rr)] {
            return Found::Nothing;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        self.visited.clear();
        self.sides[0].stack.clear();
        self.sides[1].stack.clear();
        // A front is (vertex, predecessor); the roots are fronts from NIL.
        let mut fronts = [(NIL, rg), (NIL, rr)];
        let mut before: [Option<(u32, u32)>; 2] = [None, None];
        // The first step into the roots.
        loop {
            let tg = self.find(fronts[0].1);
            let tr = self.find(fronts[1].1);
            let (lg, lr) = (self.level(tg), self.level(tr));
            if lg != lr {
                let side = if lg > lr { GREEN } else { RED };
                let (from, p) = fronts[usize::from(side)];
                let u = if side == GREEN { tg } else { tr };
                self.step(side, from, p, u, mate);
                match self.refill(side, &mut before) {
                    Some(f) => fronts[usize::from(side)] = f,
                    None => return Found::Nothing,
                }
                continue;
            }
            if tg != tr {
                self.step(GREEN, fronts[0].0, fronts[0].1, tg, mate);
                self.step(RED, fronts[1].0, fronts[1].1, tr, mate);
                if lg == 0 {
                    return Found::Path(tg, tr);
                }
                for side in [GREEN, RED] {
                    match self.refill(side, &mut before) {
                        Some(f) => fronts[usize::from(side)] = f,
                        None => return Found::Nothing,
                    }
                }
                continue;
            }
            // Both want the same vertex: red looks for another way first,
            // then green; if neither has one, it is the bottleneck.
            if let Some(f) = self.front(RED) {
                before[1] = Some(fronts[1]);
                fronts[1] = f;
                continue;
            }
            if let Some(f) = self.front(GREEN) {
                before[0] = Some(fronts[0]);
                fronts[0] = f;
                continue;
            }
            let claims = [fronts[0], fronts[1]];
            return Found::Petal(tg, claims);
        }
    }

    /// Makes the vertices of the last search, except the bottleneck `b`,
    /// a petal with bud `b`: each learns its other level, and odd ones
    /// become searchable at their new even level.
    fn form_petal(
        &mut self,
        i: usize,
        s: u32,
        t: u32,
        b: u32,
        claims: [(u32, u32); 2],
        mate: &[u32],
    ) {
        let tenacity = id(2 * i + 1);
        let matched = mate[idx(s)] == t;
        let need = |p: &Self, v: u32| {
            if matched {
                p.odd.get(idx(v))
            } else {
                p.even.get(idx(v))
            }
        };
        let id_petal = id(self.petals.len());
        let roots = [self.find(s), self.find(t)];
        // The claim of a side whose root is the bud is empty.
        let claims = [
            if roots[0] == b { (NIL, NIL) } else { claims[0] },
            if roots[1] == b { (NIL, NIL) } else { claims[1] },
        ];
        self.petals.push(Petal {
            ends: [s, t],
            needs: [need(self, s), need(self, t)],
            roots,
            bud: b,
            claims,
        });
        // Down pointers first, while `find` still stops at the members.
        let members = std::mem::take(&mut self.visited);
        self.work += members.len();
        let mut preds = std::mem::take(&mut self.scratch);
        for &x in &members {
            if x == b {
                continue;
            }
            self.preds_into(x, mate, &mut preds);
            let mut pointed = false;
            for &q in &preds {
                let w = self.find(q);
                // The bud is claimed by both sides, never stepped into.
                if w == b || self.is_marked(w) {
                    self.down_via.set(idx(x), q);
                    self.down_to.set(idx(x), w);
                    pointed = true;
                    break;
                }
            }
            if !pointed {
                debug_assert!(false, "a petal member has no way down");
                self.doubtful = true;
            }
        }
        self.scratch = preds;
        for &x in &members {
            if x == b {
                continue;
            }
            self.bud.set(idx(x), b);
            self.star.set(idx(x), b);
            self.petal_of.set(idx(x), id_petal);
            if self.even.get(idx(x)) == INF {
                let e = tenacity - self.odd.get(idx(x));
                self.even.set(idx(x), e);
                self.list_at(x, e);
                // Its hanging bridges now have a tenacity.
                let mut h = self.hang_head.get(idx(x));
                while h != NIL {
                    let (w, next) = self.hang_list[idx(h)];
                    h = next;
                    if !self.erased[idx(w)] && self.even.get(idx(w)) != INF {
                        self.add_bridge((e + self.even.get(idx(w))) / 2, x, w);
                    }
                }
            } else if self.odd.get(idx(x)) == INF {
                self.odd.set(idx(x), tenacity - self.even.get(idx(x)));
            }
        }
        self.visited = members;
    }

    /// Unfolds the augmenting path through the bridge `s`–`t` whose
    /// searches ended at the free vertices `g` and `r`, checks it, flips
    /// it and erases its vertices. Returns false (and sets
    /// [`doubtful`](Self::doubtful)) if the path does not check.
    fn augment(&mut self, s: u32, t: u32, g: u32, r: u32, mate: &mut [u32]) -> bool {
        let matched = mate[idx(s)] == t;
        let (ns, nt) = if matched {
            (self.odd.get(idx(s)), self.odd.get(idx(t)))
        } else {
            (self.even.get(idx(s)), self.even.get(idx(t)))
        };
        let (rg, rr) = (self.find(s), self.find(t));
        self.path.clear();
        // Green half backwards: from g up to rg, then up to s.
        let green = [
            Piece::Chain {
                x: s,
                to: rg,
                need: ns,
            },
            Piece::Tree { x: g, root: rg },
        ];
        self.pieces.clear();
        for &p in &green {
            self.pieces.push((p, true));
        }
        self.unfold();
        let red = [
            Piece::Chain {
                x: t,
                to: rr,
                need: nt,
            },
            Piece::Tree { x: r, root: rr },
        ];
        self.pieces.clear();
        for &p in red.iter().rev() {
            self.pieces.push((p, false));
        }
        self.unfold();
        if !self.check_path(mate) {
            debug_assert!(false, "an augmenting path did not check");
            self.doubtful = true;
            return false;
        }
        // Erase first: the successors follow from the mates before the flip.
        let path = std::mem::take(&mut self.path);
        self.erase(&path, mate);
        for pair in path.chunks_exact(2) {
            mate[idx(pair[0])] = pair[1];
            mate[idx(pair[1])] = pair[0];
        }
        self.path = path;
        true
    }

    /// Runs the piece stack, appending vertices to `path` (a vertex equal
    /// to the last one is the seam of two pieces and is skipped).
    fn unfold(&mut self) {
        while let Some((piece, rev)) = self.pieces.pop() {
            self.work += 1;
            let mut parts: [Option<Piece>; 3] = [None, None, None];
            match piece {
                Piece::Vertex(v) => {
                    if self.path.last() != Some(&v) {
                        self.path.push(v);
                    }
                    continue;
                }
                Piece::Chain { x, to, need } => {
                    if x == to {
                        parts[0] = Some(Piece::Vertex(x));
                    } else {
                        let z = self.bud.get(idx(x));
                        parts[0] = Some(Piece::Open { x, need });
                        parts[1] = Some(Piece::Chain {
                            x: z,
                            to,
                            need: self.level(z),
                        });
                    }
                }
                Piece::Open { x, need } => {
                    let lx = self.level(x);
                    let z = self.bud.get(idx(x));
                    if need == lx {
                        parts[0] = Some(Piece::Down { x, to: z });
                    } else {
                        // The other level: up this side to the bridge,
                        // across, and down the other side to the bud.
                        let pt = self.petals[idx(self.petal_of.get(idx(x)))];
                        let here = usize::from(self.side_of[idx(x)]);
                        let there = 1 - here;
                        // Emitted in order: reversed (end → root → x),
                        // then the other end down to the bud.
                        let up = [
                            Piece::Chain {
                                x: pt.ends[here],
                                to: pt.roots[here],
                                need: pt.needs[here],
                            },
                            Piece::Tree {
                                x,
                                root: pt.roots[here],
                            },
                        ];
                        let down_other = Piece::Chain {
                            x: pt.ends[there],
                            to: pt.roots[there],
                            need: pt.needs[there],
                        };
                        let (cx, cp) = pt.claims[there];
                        // Push in reverse execution order, honouring rev.
                        let mut seq: Vec<(Piece, bool)> = Vec::with_capacity(6);
                        seq.push((up[1], true));
                        seq.push((up[0], true));
                        seq.push((down_other, false));
                        if cx != NIL {
                            seq.push((
                                Piece::Tree {
                                    x: cx,
                                    root: pt.roots[there],
                                },
                                false,
                            ));
                            seq.push((
                                Piece::Chain {
                                    x: cp,
                                    to: pt.bud,
                                    need: self.level(cx) - 1,
                                },
                                false,
                            ));
                        }
                        // `seq` is in emission order; reversed pieces run
                        // the whole sequence backwards.
                        if rev {
                            for &(p, r) in seq.iter() {
                                self.pieces.push((p, !r));
                            }
                        } else {
                            for &(p, r) in seq.iter().rev() {
                                self.pieces.push((p, r));
                            }
                        }
                        continue;
                    }
                }
                Piece::Down { x, to } => {
                    if x == to {
                        parts[0] = Some(Piece::Vertex(x));
                    } else {
                        let (q, w) = (self.down_via.get(idx(x)), self.down_to.get(idx(x)));
                        parts[0] = Some(Piece::Vertex(x));
                        parts[1] = Some(Piece::Chain {
                            x: q,
                            to: w,
                            need: self.level(x) - 1,
                        });
                        parts[2] = Some(Piece::Down { x: w, to });
                    }
                }
                Piece::Tree { x, root } => {
                    if x == root {
                        parts[0] = Some(Piece::Vertex(x));
                    } else {
                        let (u, q) = (self.parent.get(idx(x)), self.entry.get(idx(x)));
                        parts[0] = Some(Piece::Tree { x: u, root });
                        parts[1] = Some(Piece::Chain {
                            x: q,
                            to: x,
                            need: self.level(u) - 1,
                        });
                    }
                }
            }
            // `parts` is in emission order.
            let count = parts.iter().filter(|p| p.is_some()).count();
            if rev {
                for p in parts[..count].iter().flatten() {
                    self.pieces.push((*p, true));
                }
            } else {
                for p in parts[..count].iter().rev().flatten() {
                    self.pieces.push((*p, false));
                }
            }
        }
    }

    /// Whether `path` is an augmenting path of `mate`: distinct vertices,
    /// free ends, consecutive ones adjacent, matched edges alternating.
    fn check_path(&mut self, mate: &[u32]) -> bool {
        let path = &self.path;
        if path.len() < 2 || path.len() % 2 != 0 {
            return false;
        }
        if mate[idx(path[0])] != UNMATCHED || mate[idx(path[path.len() - 1])] != UNMATCHED {
            return false;
        }
        self.path_stamp = self.path_stamp.wrapping_add(1);
        if self.path_stamp == 0 {
            self.on_path.fill(0);
            self.path_stamp = 1;
        }
        for (k, &v) in path.iter().enumerate() {
            if self.on_path[idx(v)] == self.path_stamp {
                return false;
            }
            self.on_path[idx(v)] = self.path_stamp;
            if k + 1 < path.len() {
                let w = path[k + 1];
                if k % 2 == 1 {
                    if mate[idx(v)] != w {
                        return false;
                    }
                } else if mate[idx(v)] == w || !self.graph.has_edge(idx(v), idx(w)) {
                    return false;
                }
            }
        }
        true
    }

    /// Erases the vertices of `path` and every vertex left without a live
    /// predecessor.
    fn erase(&mut self, path: &[u32], mate: &[u32]) {
        let mut stack: Vec<u32> = Vec::new();
        for &v in path {
            if !self.erased[idx(v)] {
                self.erased[idx(v)] = true;
                stack.push(v);
            }
        }
        let mut succs = std::mem::take(&mut self.scratch);
        while let Some(x) = stack.pop() {
            self.succs_into(x, mate, &mut succs);
            self.work += self.graph.degree(idx(x)) + 1;
            for &y in &succs {
                self.live_preds[idx(y)] -= 1;
                if self.live_preds[idx(y)] == 0 {
                    self.erased[idx(y)] = true;
                    stack.push(y);
                }
            }
        }
        self.scratch = succs;
    }
}
