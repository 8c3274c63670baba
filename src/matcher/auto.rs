//! The default matcher.

use super::greedy::{greedy_covers_left, greedy_extend};
use super::{forced, hopcroft_karp, push_relabel, Matcher};
use crate::util::{id, idx, UNMATCHED};
use crate::Bipartite;
use crate::Matching;
use crate::MatchingError;

/// The crate's default matcher, run by
/// [`maximum_matching`](crate::maximum_matching).
///
/// 0. A graph with more than 1/8 more left vertices than right ones is
///    transposed and matched from its smaller side (as CSparse's
///    `cs_maxtrans` does): the search then starts from vertices that can
///    all be matched.
/// 1. If every vertex has at most two neighbours (a union of paths and
///    even cycles), first-fit greedy is tried (kept if it covers every left
///    vertex with a neighbour; the try stops at the first left vertex it
///    cannot match), else the paths are matched from their free
///    ends by the degree-one rule of Karp and Sipser (a vertex with one
///    free neighbour takes it) and the cycles walked after, 64 walks in
///    turn so that their cache misses overlap (one at a time when
///    neighbours have nearby ids, which streams through memory); that is
///    usually the whole answer.
///    If at most 1% of the vertices are ends (degree one; the leaves of a
///    star alone in its component, an edge alone the smallest, not
///    counted), first-fit greedy is
///    tried when neighbours have nearby ids (kept if it covers every left
///    vertex with a neighbour, given up at the first it cannot match),
///    then the walks match the paths hanging
///    from the ends, and the degree-one rule goes on from where they
///    stopped through its chain reactions: every vertex left with one free
///    neighbour takes it, which may leave others so (on Hi-Lo graphs one
///    chain runs through every vertex).
/// 2. Then, unless step 1 found the answer, first-fit greedy extends the
///    matching, and push-relabel
///    ([`PushRelabel`](crate::PushRelabel)) grows it until it is maximum
///    or has scanned 16 (V + E) arcs;
/// 3. then, if it is not maximum yet, Hopcroft–Karp phases finish from
///    where push-relabel stopped.
///
/// A warm start ([`Matcher::maximum_matching_from`]) skips steps 0 and 1:
/// the start is extended greedily and grown by steps 2 and 3 (a matched
/// right vertex stays matched); then the left vertices the start matched
/// and push-relabel's double pushes left free are matched again along the
/// alternating paths where the result and the start differ, in O(V),
/// without changing the size. A maximum start comes back unchanged.
/// The choice may change between versions as measurements do; the result
/// is always a maximum matching, deterministic for a given graph and
/// version.
///
/// # Complexity
///
/// O(E·√V) time, cold or from any warm start: the walks and the degree-one
/// rule take O(V + E),
/// push-relabel is cut off after O(V + E) arc scans, and Hopcroft–Karp
/// phases finish from any matching in O(E·√V). Extra space: 8 bytes per
/// right vertex and the FIFO queue of push-relabel (as for
/// [`PushRelabel`](crate::PushRelabel)), then Hopcroft–Karp's 16 bytes per
/// left vertex if it runs; the walks need none beyond the matching (the
/// choice of their width samples 255 distances, 2 KiB); the degree-one
/// rule 4 bytes per vertex (zeroed counts) and its stacks, at most 4 more;
/// a copy
/// of the graph (8 bytes per edge and 4 per vertex) when it is transposed
/// (never in a warm start); a warm start adds 4 bytes per left vertex (the
/// start's mates). No recursion.
///
/// # Testing
///
/// The conformance table, brute force and warm starts like every matcher;
/// random unions of paths and cycles against brute force
/// (`tests/suite/matchers_conformance.rs`); chains of 10^6 vertices
/// (`tests/suite/matchers_deep.rs`); the adversarial families against a König
/// certificate (`tests/suite/matchers_adversarial.rs`).
///
/// ```
/// use bimatch::{Auto, Bipartite, Matcher};
///
/// let g = Bipartite::from_edges(3, 3, [(0, 0), (0, 1), (1, 0), (2, 1), (2, 2)])?;
/// assert_eq!(Auto.maximum_matching(&g).len(), 3);
/// assert_eq!(Auto.maximum_matching(&g), bimatch::maximum_matching(&g));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Auto;

impl Matcher for Auto {
    fn maximum_matching(&self, graph: &Bipartite) -> Matching {
        // Searching from the smaller side: with many more left vertices
        // than right ones, most left vertices stay free and keep the search
        // busy; the transposed graph is matched instead (as CSparse's
        // `cs_maxtrans` does), for the price of one copy of the graph.
        if prefers_transpose(graph.left_count(), graph.right_count()) {
            return match_from_left(&graph.transpose()).into_transposed();
        }
        match_from_left(graph)
    }

    fn maximum_matching_from(
        &self,
        graph: &Bipartite,
        start: Matching,
    ) -> Result<Matching, MatchingError> {
        warm_start(graph, start)
    }

    fn name(&self) -> &'static str {
        "auto"
    }
}

/// Whether matching the transposed graph pays: more than 1/8 more left
/// vertices than right ones (near-balanced graphs keep their side and save
/// the copy).
fn prefers_transpose(left: usize, right: usize) -> bool {
    left > right.saturating_add(right / 8)
}

/// How [`match_from_left`] starts, chosen by [`route`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Route {
    /// A union of paths and even cycles: greedy, else the walks with
    /// cycles; usually the whole answer.
    PathsAndCycles,
    /// Few ends: the walks from them, then the degree-one rule with its
    /// chain reactions from where the walks stopped
    /// ([`forced::match_forced`]), then greedy and [`grow`]; if
    /// `greedy_first`, first-fit greedy is tried before and kept if it
    /// covers every left vertex with a neighbour.
    Forced { greedy_first: bool },
    /// Greedy and [`grow`] alone.
    Greedy,
}

/// The route for `graph`, from its degrees ([`shape`]) and, for few ends,
/// whether neighbours have nearby ids ([`nearby_ids`]): then one greedy
/// pass streams through memory and is often the answer already (Hi-Lo in
/// its own order). Otherwise the chain reactions of the degree-one rule go
/// through every vertex left with one free neighbour (on shuffled Hi-Lo
/// graphs one chain matches every vertex, where push-relabel from greedy
/// needs long alternating paths).
fn route(graph: &Bipartite) -> Route {
    let Shape {
        paths_and_cycles,
        few_ends,
    } = shape(graph);
    if paths_and_cycles {
        Route::PathsAndCycles
    } else if few_ends {
        Route::Forced {
            greedy_first: nearby_ids(graph),
        }
    } else {
        Route::Greedy
    }
}

/// Steps 1 to 3 of [`Auto`], searching from the left side of `graph`.
fn match_from_left(graph: &Bipartite) -> Matching {
    match_by(graph, route(graph))
}

/// Steps 1 to 3 of [`Auto`] by the given route.
fn match_by(graph: &Bipartite, route: Route) -> Matching {
    let mut left_mate = vec![UNMATCHED; graph.left_count()];
    let mut right_mate = vec![UNMATCHED; graph.right_count()];
    let (left, right) = (&mut left_mate[..], &mut right_mate[..]);
    let greedy_first = match route {
        Route::PathsAndCycles | Route::Forced { greedy_first: true } => true,
        Route::Forced {
            greedy_first: false,
        }
        | Route::Greedy => false,
    };
    if greedy_first {
        // One sequential pass to try: maximum if it covers every left
        // vertex that has a neighbour (the serpentine corridor, Hi-Lo in
        // its own order); it gives up at the first one it cannot match.
        if greedy_covers_left(graph, left, right) {
            return Matching::from_mates(left_mate, right_mate);
        }
        left.fill(UNMATCHED);
        right.fill(UNMATCHED);
    }
    let exact = match route {
        Route::PathsAndCycles => {
            // Walks interleave to overlap cache misses; when neighbours
            // have nearby ids, one walk at a time streams through memory
            // instead.
            let width = if nearby_ids(graph) { 1 } else { WALKERS };
            walk_paths(graph, left, right, true, width)
        }
        Route::Forced { greedy_first } => {
            // The walks match long pendant paths more cheaply than the
            // rule's bookkeeping (one at a time when ids are nearby); the
            // chain reactions go on from where they stop.
            let width = if greedy_first { 1 } else { WALKERS };
            walk_paths(graph, left, right, false, width);
            forced::match_forced(graph, left, right, ends(graph));
            false
        }
        Route::Greedy => false,
    };
    if !exact {
        greedy_extend(graph, left, right);
        grow(graph, left, right);
    }
    Matching::from_mates(left_mate, right_mate)
}

/// Every vertex of degree one, left ones first: the starts of the degree-one
/// rule.
fn ends(graph: &Bipartite) -> impl Iterator<Item = (bool, usize)> + '_ {
    let left = (0..graph.left_count())
        .filter(|&u| degree(graph, true, u) == 1)
        .map(|u| (true, u));
    let right = (0..graph.right_count())
        .filter(|&v| degree(graph, false, v) == 1)
        .map(|v| (false, v));
    left.chain(right)
}

/// The push-relabel part of [`grow`] stops after this many arc scans per
/// vertex and edge. On the benchmark families push-relabel finishes within
/// 1–9; the adversaries that defeat it need thousands.
const WORK_BUDGET: usize = 16;

/// Grows the matching to a maximum one: push-relabel within a budget of
/// O(V + E) arc scans, then Hopcroft–Karp phases if needed. A vertex
/// matched before may end free (push-relabel's double pushes).
pub(crate) fn grow(graph: &Bipartite, left_mate: &mut [u32], right_mate: &mut [u32]) {
    let size = graph.edge_count() + graph.left_count() + graph.right_count();
    let budget = size.saturating_mul(WORK_BUDGET);
    if !push_relabel::augment_within(graph, left_mate, right_mate, budget).maximum {
        hopcroft_karp::augment_to_maximum(graph, left_mate, right_mate);
    }
}

/// [`Auto`]'s warm start: `start`, checked against `graph`, extended
/// greedily and grown by [`grow`]; then every vertex the start matched is
/// matched again, without changing the size.
fn warm_start(graph: &Bipartite, start: Matching) -> Result<Matching, MatchingError> {
    push_relabel::warm_start(graph, start, |left, right| {
        greedy_extend(graph, left, right);
        grow(graph, left, right);
    })
}

/// The degrees that decide the route, in one sequential pass over the
/// offsets.
struct Shape {
    /// Every vertex has at most two neighbours: a union of paths and even
    /// cycles.
    paths_and_cycles: bool,
    /// At most one vertex with a neighbour in a hundred has exactly one
    /// (not counting the leaves of a star alone in its component, an edge
    /// alone the smallest):
    /// walks and chain reactions from them are then few and may be long
    /// (on sparse random or unbalanced graphs they are many and short, and
    /// cost more than they save the search).
    few_ends: bool,
}

fn shape(graph: &Bipartite) -> Shape {
    // Vertices with a neighbour, of degree one, and the largest degree.
    let count = |offsets: &[u32]| {
        offsets
            .windows(2)
            .fold((0usize, 0usize, 0u32), |(c, e, m), w| {
                let degree = w[1] - w[0];
                (
                    c + usize::from(degree > 0),
                    e + usize::from(degree == 1),
                    m.max(degree),
                )
            })
    };
    let (left_connected, left_ends, left_max) = count(&graph.left_offsets);
    let (right_connected, right_ends, right_max) = count(&graph.right_offsets);
    let (mut connected, mut ends) = (left_connected + right_connected, left_ends + right_ends);
    let max = left_max.max(right_max);
    // A star (a vertex whose neighbours all have degree one, an edge
    // alone in its component the smallest) is a component of its own,
    // beside the graph: greedy takes it, and its leaves say nothing of
    // the paths; its ends and vertices are not counted. That takes a few
    // reads per end, so only if the ends are too many otherwise and the
    // first 64 ends of a side say that enough of them are star leaves to
    // make the ends few (the first end at or after each of 64 evenly
    // spaced ids, looked for among the next 1024); then both sides' stars
    // are counted, each once, from its first leaf.
    if max > 2 && ends * 100 > connected {
        let (l, r) = (graph.left_count(), graph.right_count());
        let is_end = |left: bool, x: usize| degree(graph, left, x) == 1;
        let centre = |left: bool, x: usize| {
            if left {
                idx(graph.left_adj(x)[0])
            } else {
                idx(graph.right_adj(x)[0])
            }
        };
        let leaves = |left: bool, c: usize| {
            if left {
                graph.right_adj(c)
            } else {
                graph.left_adj(c)
            }
        };
        // Whether an end whose neighbour `c` has `k` neighbours (all on the
        // end's side, `left`) is counted as a star leaf: an edge alone only
        // from its left end when the left side's stars are counted.
        let star_leaf = |left: bool, c: usize, k: u32, left_counted: bool| {
            if k == 1 {
                left || !left_counted
            } else {
                leaves(left, c).iter().all(|&y| is_end(left, idx(y)))
            }
        };
        // End `x`'s neighbour and that neighbour's degree.
        let star = |left: bool, x: usize| {
            let c = centre(left, x);
            (c, degree(graph, !left, c))
        };
        let sample = |left: bool, n: usize, left_counted: bool| {
            (0..64)
                .filter_map(|k| (k * n / 64..n).take(1024).find(|&x| is_end(left, x)))
                .fold((0usize, 0usize), |(m, found), x| {
                    let (c, k) = star(left, x);
                    (
                        m + 1,
                        found + usize::from(star_leaf(left, c, k, left_counted)),
                    )
                })
        };
        // Few ends once (ends - 2i) * 100 <= connected - 2i, i the stars
        // of one leaf; the sample's share of them, doubled for its error.
        let needed = (ends * 100 - connected) / 198;
        let worth = |(sampled, found): (usize, usize), side_ends: usize| {
            sampled > 0 && 2 * found * side_ends >= needed * sampled
        };
        let left_counted = worth(sample(true, l, false), left_ends);
        let right_counted = worth(sample(false, r, left_counted), right_ends);
        for (left, n, counted) in [(true, l, left_counted), (false, r, right_counted)] {
            if !counted {
                continue;
            }
            for x in (0..n).filter(|&x| is_end(left, x)) {
                // Each star once, from its first leaf (looked at before
                // the star's other leaves are read).
                let (c, k) = star(left, x);
                if (k == 1 || idx(leaves(left, c)[0]) == x) && star_leaf(left, c, k, left_counted) {
                    let k = k as usize;
                    connected -= k + 1;
                    ends -= k + usize::from(k == 1);
                }
            }
        }
    }
    Shape {
        paths_and_cycles: max <= 2,
        few_ends: ends * 100 <= connected,
    }
}

/// How many walks advance in turn.
const WALKERS: usize = 64;

/// A walk's state after a round.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Running,
    /// The walk ran out of edges, reached a vertex of degree three or more,
    /// or met another walk across a matched edge.
    Ended,
    /// The walk left a free vertex behind: its one other neighbour was
    /// matched by another walk.
    Blocked,
}

/// Walks advancing in turn, one stage at a time over all of them, so that
/// the memory accesses of different walks are independent and overlap.
/// Walk `i` is next to match `at[i]` (a left vertex if `left[i]`), reached
/// from its matched neighbour `from[i]` (`UNMATCHED` at the start).
struct Walks {
    live: usize,
    at: [u32; WALKERS],
    from: [u32; WALKERS],
    left: [bool; WALKERS],
    next: [u32; WALKERS],
    state: [State; WALKERS],
}

impl Walks {
    fn new() -> Self {
        Walks {
            live: 0,
            at: [0; WALKERS],
            from: [UNMATCHED; WALKERS],
            left: [true; WALKERS],
            next: [0; WALKERS],
            state: [State::Running; WALKERS],
        }
    }

    fn push(&mut self, x: usize, left: bool) {
        let i = self.live;
        (self.at[i], self.from[i], self.left[i]) = (id(x), UNMATCHED, left);
        self.state[i] = State::Running;
        self.live += 1;
    }

    /// Drops walk `i` (the last one takes its place); returns its state.
    fn remove(&mut self, i: usize) -> State {
        let state = self.state[i];
        self.live -= 1;
        let j = self.live;
        (self.at[i], self.from[i], self.left[i]) = (self.at[j], self.from[j], self.left[j]);
        self.state[i] = self.state[j];
        state
    }

    /// Every live walk matches its vertex to the next one and moves two
    /// edges on: the steps of [`walk_one`], each taken by every walk before
    /// the next.
    fn advance(&mut self, graph: &Bipartite, left_mate: &mut [u32], right_mate: &mut [u32]) {
        let n = self.live;
        for i in 0..n {
            let (x, from) = (idx(self.at[i]), self.from[i]);
            let (adj, other_mate) = if self.left[i] {
                (graph.left_adj(x), &*right_mate)
            } else {
                (graph.right_adj(x), &*left_mate)
            };
            match next_on_path(adj, from, other_mate) {
                Some(y) => self.next[i] = y,
                None => self.state[i] = State::Ended,
            }
        }
        for i in 0..n {
            if self.state[i] != State::Running {
                continue;
            }
            let (own, other) = if self.left[i] {
                (&mut *left_mate, &mut *right_mate)
            } else {
                (&mut *right_mate, &mut *left_mate)
            };
            self.state[i] = take(own, other, idx(self.at[i]), self.next[i], self.from[i]);
        }
        for i in 0..n {
            if self.state[i] != State::Running {
                continue;
            }
            let y = idx(self.next[i]);
            let back = if self.left[i] {
                graph.right_adj(y)
            } else {
                graph.left_adj(y)
            };
            match beyond(back, self.at[i]) {
                Some(z) => {
                    self.from[i] = self.next[i];
                    self.next[i] = z;
                }
                None => self.state[i] = State::Ended,
            }
        }
        for i in 0..n {
            if self.state[i] != State::Running {
                continue;
            }
            let own = if self.left[i] {
                &*left_mate
            } else {
                &*right_mate
            };
            if own[idx(self.next[i])] == UNMATCHED {
                self.at[i] = self.next[i];
            } else {
                self.state[i] = State::Ended;
            }
        }
    }
}

/// Step 1 of a walk at a vertex with neighbours `adj`, reached from its
/// matched neighbour `from` (`UNMATCHED` at the walk's start): the vertex
/// to match it to, its one neighbour or a free one of its two at the
/// start, the neighbour not come from later; `None` at a vertex of degree
/// three or more (or of one, past the start).
#[inline(always)]
fn next_on_path(adj: &[u32], from: u32, other_mate: &[u32]) -> Option<u32> {
    match *adj {
        [y] if from == UNMATCHED => Some(y),
        [a, b] if from == UNMATCHED => Some(if other_mate[idx(a)] == UNMATCHED {
            a
        } else {
            b
        }),
        // The other of the two, without a branch on memory just read.
        [a, b] => Some(a ^ b ^ from),
        _ => None,
    }
}

/// Step 2: matches `x` to `y` if both are still free, and says how the walk
/// goes on: `Running`, or `Ended` if `x` was matched by another walk
/// meanwhile or `y` was at the walk's start, or `Blocked` if `y` was taken
/// by another walk past its start (leaving `x` free behind).
#[inline(always)]
fn take(own_mate: &mut [u32], other_mate: &mut [u32], x: usize, y: u32, from: u32) -> State {
    if own_mate[x] != UNMATCHED {
        State::Ended
    } else if other_mate[idx(y)] != UNMATCHED {
        if from == UNMATCHED {
            State::Ended
        } else {
            State::Blocked
        }
    } else {
        own_mate[x] = y;
        other_mate[idx(y)] = id(x);
        State::Running
    }
}

/// Step 3: the vertex after the one just matched (neighbours `back`),
/// other than `x` it was matched to; `None` at a path's end or a branch.
#[inline(always)]
fn beyond(back: &[u32], x: u32) -> Option<u32> {
    match *back {
        [a, b] => Some(a ^ b ^ x),
        _ => None,
    }
}

/// The degree-one rule along paths (R. M. Karp and M. Sipser): a vertex
/// with exactly one free neighbour can be matched to it without losing a
/// maximum matching. Walks start at every free vertex of degree one and go
/// on through vertices of degree two, taking every other edge; each edge
/// taken joins a vertex whose only free neighbour is the other end, so the
/// rule holds at every step, and a walk stops at a vertex of higher degree.
///
/// `width` walks advance in turn (one walk at a time if 1).
///
/// If `cycles` (every vertex has at most two neighbours), walks then start
/// from any free vertex with a free neighbour to match the cycles; returns
/// whether the result is known to be maximum: it is, unless two walks met
/// on one cycle leaving a free vertex between them.
fn walk_paths(
    graph: &Bipartite,
    left_mate: &mut [u32],
    right_mate: &mut [u32],
    cycles: bool,
    width: usize,
) -> bool {
    let (l, r) = (graph.left_count(), graph.right_count());
    let mut exact = cycles;
    let rounds: &[u32] = if cycles { &[1, 2] } else { &[1] };
    let mut walks = Walks::new();
    for &wanted in rounds {
        // Walk starts in order: left vertices, then right ones, of degree
        // one (first round) or two (second round).
        let mut starts = (0..l)
            .map(|x| (true, x))
            .chain((0..r).map(|x| (false, x)))
            .filter(|&(left, x)| degree(graph, left, x) == wanted);
        if width == 1 {
            for (left, x) in starts {
                let state = if left {
                    walk_one(
                        graph.left_csr(),
                        graph.right_csr(),
                        left_mate,
                        right_mate,
                        x,
                    )
                } else {
                    walk_one(
                        graph.right_csr(),
                        graph.left_csr(),
                        right_mate,
                        left_mate,
                        x,
                    )
                };
                exact &= state == State::Ended || wanted == 1;
            }
            continue;
        }
        let mut more = true;
        loop {
            while more && walks.live < width.min(WALKERS) {
                match starts.next() {
                    Some((left, x)) => {
                        let mate = if left { &*left_mate } else { &*right_mate };
                        if mate[x] == UNMATCHED {
                            walks.push(x, left);
                        }
                    }
                    None => more = false,
                }
            }
            if walks.live == 0 {
                break;
            }
            walks.advance(graph, left_mate, right_mate);
            let mut i = 0;
            while i < walks.live {
                match walks.state[i] {
                    State::Running => i += 1,
                    _ => exact &= walks.remove(i) == State::Ended || wanted == 1,
                }
            }
        }
    }
    exact
}

/// One walk to its end, from vertex `x` of the side whose adjacency is
/// `own` and whose mates are `own_mate`: steps 1 to 3 ([`next_on_path`],
/// [`take`], [`beyond`]), then on from the vertex beyond while it is free
/// (step 4).
fn walk_one(
    own: (&[u32], &[u32]),
    other: (&[u32], &[u32]),
    own_mate: &mut [u32],
    other_mate: &mut [u32],
    x: usize,
) -> State {
    let ((own_offsets, own_adj), (other_offsets, other_adj)) = (own, other);
    let (mut x, mut from) = (x, UNMATCHED);
    loop {
        let adj = &own_adj[idx(own_offsets[x])..idx(own_offsets[x + 1])];
        let Some(y) = next_on_path(adj, from, other_mate) else {
            return State::Ended;
        };
        let state = take(own_mate, other_mate, x, y, from);
        if state != State::Running {
            return state;
        }
        let back = &other_adj[idx(other_offsets[idx(y)])..idx(other_offsets[idx(y) + 1])];
        let Some(z) = beyond(back, id(x)) else {
            return State::Ended;
        };
        if own_mate[idx(z)] != UNMATCHED {
            return State::Ended;
        }
        (x, from) = (idx(z), y);
    }
}

/// Whether neighbours tend to have nearby ids: the median distance between
/// a left vertex's id and its first neighbour's, over 255 left vertices
/// spread evenly, is below 4096.
fn nearby_ids(graph: &Bipartite) -> bool {
    let (l, r) = (graph.left_count(), graph.right_count());
    if l == 0 {
        return true;
    }
    let mut distances: Vec<usize> = (1..256)
        .map(|k| k * l / 256)
        .filter_map(|u| {
            let v = idx(*graph.left_adj(u).first()?);
            // Compare positions on a common scale when the sides differ.
            let scaled = if r > 0 { u * r / l.max(1) } else { u };
            Some(scaled.abs_diff(v))
        })
        .collect();
    if distances.is_empty() {
        return true;
    }
    let middle = distances.len() / 2;
    *distances.select_nth_unstable(middle).1 < 4096
}

/// The number of neighbours of a vertex (left `x` if `left`).
#[inline]
fn degree(graph: &Bipartite, left: bool, x: usize) -> u32 {
    let offsets = if left {
        &graph.left_offsets
    } else {
        &graph.right_offsets
    };
    offsets[x + 1] - offsets[x]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tall_graphs_are_matched_from_their_smaller_side() {
        assert!(!prefers_transpose(9, 8));
        assert!(prefers_transpose(10, 8));
        assert!(!prefers_transpose(0, 0));
        assert!(prefers_transpose(1, 0));
        assert!(!prefers_transpose(usize::MAX, usize::MAX));
        // Three left vertices per right one: the transposed search's
        // matching, turned back, is a maximum matching of the graph.
        let (l, r) = (300, 100);
        let edges = (0..l).flat_map(|u| [(u, (u * 7) % r), (u, (u * 13 + 5) % r)]);
        let g = Bipartite::from_edges(l, r, edges).unwrap();
        let m = Auto.maximum_matching(&g);
        m.check(&g).unwrap();
        assert_eq!(m.len(), crate::HopcroftKarp.maximum_matching(&g).len());
        assert!(crate::non_essential_vertices(&g, &m).is_ok());
    }

    /// A ladder with a few chords: first-fit greedy leaves long augmenting
    /// paths, so push-relabel has work to do.
    fn ladder(n: usize) -> Bipartite {
        let mut edges: Vec<(usize, usize)> = (0..n).map(|i| (i, i)).collect();
        edges.extend((0..n - 1).map(|i| (i + 1, i)));
        edges.extend((0..n / 7).map(|i| (7 * i, (7 * i + 3) % n)));
        Bipartite::from_edges(n, n, edges).unwrap()
    }

    fn size(left_mate: &[u32]) -> usize {
        left_mate.iter().filter(|&&v| v != UNMATCHED).count()
    }

    #[test]
    fn push_relabel_stops_at_its_budget_and_hopcroft_karp_finishes() {
        let g = ladder(300);
        let best = crate::HopcroftKarp.maximum_matching(&g).len();
        for budget in [0, 1, 50, 500, 5000] {
            let mut left = vec![UNMATCHED; g.left_count()];
            let mut right = vec![UNMATCHED; g.right_count()];
            greedy_extend(&g, &mut left, &mut right);
            let before = size(&left);
            let outcome = push_relabel::augment_within(&g, &mut left, &mut right, budget);
            // The work is counted before each vertex is looked at: it
            // overshoots the budget by at most one adjacency list and one
            // global relabelling.
            assert!(outcome.maximum || outcome.work < budget + 2 * (g.edge_count() + 600));
            let m = Matching::from_mates(left.clone(), right.clone());
            m.check(&g).unwrap();
            assert!(m.len() >= before);
            if !outcome.maximum {
                assert!(m.len() < best, "budget {budget}: stopped although maximum");
            }
            hopcroft_karp::augment_to_maximum(&g, &mut left, &mut right);
            assert_eq!(size(&left), best, "budget {budget}");
        }
        // Without a budget it finishes alone.
        let mut left = vec![UNMATCHED; g.left_count()];
        let mut right = vec![UNMATCHED; g.right_count()];
        let outcome = push_relabel::augment_within(&g, &mut left, &mut right, usize::MAX);
        assert!(outcome.maximum);
        assert_eq!(size(&left), best);
    }

    #[test]
    fn walks_match_pendant_paths_and_stop_at_branches() {
        // A centre (left 0, degree 3) with three paths hanging from it.
        let edges = [
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 0),
            (1, 3),
            (2, 3),
            (2, 4),
            (3, 1),
        ];
        let g = Bipartite::from_edges(4, 5, edges).unwrap();
        let mut left = vec![UNMATCHED; 4];
        let mut right = vec![UNMATCHED; 5];
        assert!(!walk_paths(&g, &mut left, &mut right, false, WALKERS));
        // Left 3 and right 2 (degree one) take their only neighbours, right
        // 1 and left 0; the walk from right 4 takes left 2, then right 3
        // takes left 1 (its only free neighbour) and stops at right 0,
        // whose other neighbour is matched.
        assert_eq!(left, [2, 3, 4, 1]);
        assert_eq!(right[0], UNMATCHED);
        let m = Matching::from_mates(left, right);
        m.check(&g).unwrap();
        assert_eq!(Auto.maximum_matching(&g).len(), 4);
    }

    /// Random graphs of small degree, as xorshift draws.
    fn random_graph(seed: u64, n: usize, max_degree: u32, edges: usize) -> Bipartite {
        let mut state = seed | 1;
        let mut next = |m: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % m as u64) as usize
        };
        let (mut dl, mut dr) = (vec![0u32; n], vec![0u32; n]);
        let mut list = Vec::new();
        for _ in 0..edges {
            let (u, v) = (next(n), next(n));
            if dl[u] < max_degree && dr[v] < max_degree && !list.contains(&(u, v)) {
                dl[u] += 1;
                dr[v] += 1;
                list.push((u, v));
            }
        }
        Bipartite::from_edges(n, n, list).unwrap()
    }

    #[test]
    fn walks_one_at_a_time_or_interleaved_give_maximum_matchings() {
        for seed in 0..300u64 {
            let n = 5 + (seed as usize % 40);
            let paths = random_graph(seed, n, 2, 2 * n);
            let mixed = random_graph(seed, n, 3, 2 * n);
            for (g, cycles) in [(&paths, true), (&mixed, false)] {
                let best = crate::HopcroftKarp.maximum_matching(g).len();
                for width in [1, 2, WALKERS] {
                    let mut left = vec![UNMATCHED; g.left_count()];
                    let mut right = vec![UNMATCHED; g.right_count()];
                    let exact = walk_paths(g, &mut left, &mut right, cycles, width);
                    Matching::from_mates(left.clone(), right.clone())
                        .check(g)
                        .unwrap();
                    if exact {
                        assert_eq!(size(&left), best, "seed {seed}, width {width}");
                    }
                    // What the walks matched is part of a maximum matching:
                    // a maximum matching of the rest completes it.
                    let rest: Vec<(usize, usize)> = g
                        .edges()
                        .filter(|(u, v)| {
                            left[u.index()] == UNMATCHED && right[v.index()] == UNMATCHED
                        })
                        .map(|(u, v)| (u.index(), v.index()))
                        .collect();
                    let rest =
                        Bipartite::from_edges(g.left_count(), g.right_count(), rest).unwrap();
                    let completion = crate::HopcroftKarp.maximum_matching(&rest).len();
                    // (Not so after two walks met on a cycle: `exact` is
                    // false then.)
                    if exact || !cycles {
                        assert_eq!(size(&left) + completion, best, "seed {seed}, width {width}");
                    }
                    greedy_extend(g, &mut left, &mut right);
                    grow(g, &mut left, &mut right);
                    assert_eq!(size(&left), best, "seed {seed}, width {width}");
                }
            }
        }
    }

    /// Graphs with a few ends, any degrees, empty sides included.
    fn few_ends_graph(seed: u64) -> Bipartite {
        let l = seed as usize % 17;
        let r = (seed as usize * 5 + 3) % 15;
        random_graph(seed, l.max(r), 4, 3 * l.max(r))
    }

    #[test]
    fn every_route_gives_a_maximum_matching() {
        for seed in 0..600u64 {
            let g = match seed % 3 {
                0 => random_graph(seed, 1 + seed as usize % 30, 3, 40),
                1 => few_ends_graph(seed),
                _ => {
                    let (l, r) = (seed as usize % 4, (seed as usize / 4) % 3);
                    Bipartite::from_edges(l, r, std::iter::empty::<(usize, usize)>()).unwrap()
                }
            };
            let best = crate::HopcroftKarp.maximum_matching(&g);
            for route in [
                Route::Forced { greedy_first: true },
                Route::Forced {
                    greedy_first: false,
                },
                Route::Greedy,
            ] {
                let m = match_by(&g, route);
                m.check(&g).unwrap();
                assert_eq!(m.len(), best.len(), "seed {seed}, {route:?}");
                assert_eq!(
                    m,
                    match_by(&g, route),
                    "seed {seed}, {route:?}: not deterministic"
                );
                // A König cover of the same size certifies it.
                assert!(crate::non_essential_vertices(&g, &m).is_ok());
            }
            let paths = random_graph(seed, 1 + seed as usize % 30, 2, 40);
            let m = match_by(&paths, Route::PathsAndCycles);
            m.check(&paths).unwrap();
            assert_eq!(m.len(), crate::HopcroftKarp.maximum_matching(&paths).len());
        }
    }

    /// Hi-Lo with `g` groups of `k`, both sides renumbered by multiplying
    /// the ids with a unit modulo the size (scattered ids), plus `pairs`
    /// disjoint edges on new vertices.
    fn scattered_hilo(g: usize, k: usize, pairs: usize) -> Bipartite {
        let n = g * k;
        let p = |x: usize| (x * 7919) % n;
        let mut edges = Vec::new();
        for j in 0..g {
            for i in 0..k {
                let x = p(j * k + i);
                edges.extend((0..=i).map(|l| (x, p(j * k + l))));
                if j + 1 < g {
                    edges.extend((i..k).map(|l| (x, p((j + 1) * k + l))));
                }
            }
        }
        edges.extend((0..pairs).map(|i| (n + i, n + i)));
        Bipartite::from_edges(n + pairs, n + pairs, edges).unwrap()
    }

    #[test]
    fn scattered_hi_lo_takes_the_chain_reaction_and_its_ends_count_without_isolated_edges() {
        for pairs in [0, 50_000] {
            let g = scattered_hilo(4000, 5, pairs);
            // Scattered ids, but the added pairs sit in their own order.
            let greedy_first = pairs > 0;
            assert_eq!(nearby_ids(&g), greedy_first);
            assert_eq!(route(&g), Route::Forced { greedy_first }, "{pairs}");
            let m = Auto.maximum_matching(&g);
            m.check(&g).unwrap();
            assert_eq!(m.len(), 20_000 + pairs);
            // The chain from the two ends alone matches the Hi-Lo part.
            let mut left = vec![UNMATCHED; g.left_count()];
            let mut right = vec![UNMATCHED; g.right_count()];
            let n = forced::match_forced(&g, &mut left, &mut right, ends(&g));
            assert_eq!(n, 20_000 + pairs);
        }
        // Stars beside it, their leaves on either side, of one to three
        // leaves: not counted as ends either; a star hanging from the
        // Hi-Lo part is.
        let hilo = scattered_hilo(4000, 5, 0);
        let (l0, r0) = (hilo.left_count(), hilo.right_count());
        let mut edges: Vec<(usize, usize)> =
            hilo.edges().map(|(u, v)| (u.index(), v.index())).collect();
        let (mut l, mut r) = (l0, r0);
        for s in 0..6000 {
            let k = 1 + s % 3;
            if s % 2 == 0 {
                // Centre on the right, leaves on the left.
                edges.extend((0..k).map(|t| (l + t, r)));
                (l, r) = (l + k, r + 1);
            } else {
                edges.extend((0..k).map(|t| (l, r + t)));
                (l, r) = (l + 1, r + k);
            }
        }
        let stars = Bipartite::from_edges(l, r, edges.clone()).unwrap();
        assert!(matches!(route(&stars), Route::Forced { .. }));
        let m = Auto.maximum_matching(&stars);
        m.check(&stars).unwrap();
        assert_eq!(m.len(), 20_000 + 6000);
        // As many ends hanging from the Hi-Lo part (a new left vertex on
        // each of its right vertices): not in stars, counted.
        let hung: Vec<(usize, usize)> = hilo
            .edges()
            .map(|(u, v)| (u.index(), v.index()))
            .chain((0..r0).map(|v| (l0 + v, v)))
            .collect();
        let hung = Bipartite::from_edges(l0 + r0, r0, hung).unwrap();
        assert_eq!(route(&hung), Route::Greedy);
        assert_eq!(
            Auto.maximum_matching(&hung).len(),
            crate::HopcroftKarp.maximum_matching(&hung).len()
        );
        // In its own order greedy is the answer, and is tried first.
        let plain = scattered_hilo(1, 5, 0);
        assert_eq!(Auto.maximum_matching(&plain).len(), 5);
        assert!(!prefers_transpose(0, 3));
        let no_left = Bipartite::from_edges(0, 3, std::iter::empty::<(usize, usize)>()).unwrap();
        assert!(nearby_ids(&no_left));
        assert_eq!(route(&no_left), Route::PathsAndCycles);
    }
}
