//! Maximum matching on general (not necessarily bipartite) graphs, the
//! Gallai–Edmonds decomposition, and a Tutte–Berge certificate.
//!
//! - [`Graph`]: an undirected simple graph, vertices `0..n` as plain
//!   `usize`, built from an edge list or from a [`Bipartite`](crate::Bipartite).
//! - [`maximum_matching`]: a maximum-cardinality [`Matching`]: on a
//!   sparse graph first a try of O(V + E): single searches in vertex
//!   order from the empty matching, then a greedy pass in vertex order
//!   and single searches from it, kept if they finish;
//!   else a start (Karp–Sipser, or greedy on dense graphs); then, on a graph that
//!   two-colours and still has many free vertices, the bipartite
//!   [`Auto`](crate::Auto) matcher's growth; on any other, the blossom
//!   engine: Edmonds' searches (union–find blossom bases, forest phases)
//!   while they are cheap, Micali–Vazirani phases, and folding of degree-1
//!   and degree-2 vertices when the work grows, so O(E·√V·α(V)) on every
//!   graph ([`Engine`] chooses explicitly).
//! - [`gallai_edmonds`](fn@gallai_edmonds): from any maximum matching, the vertices some
//!   maximum matching misses (`D`), their outside neighbours (`A`) and the
//!   rest (`C`); a matching that is not maximum is refused with an
//!   augmenting path.
//! - [`TutteBerge`]: the barrier `A` and the odd components of `G − A`, a
//!   proof of maximality that [`TutteBerge::verify`] checks in O(V + E).
//! - [`winning_vertices`]: the token game on any graph; the player who
//!   places the token wins exactly on `D`.
//! - [`WeightedGraph`], [`max_weight_matching`], [`MaxWeightMatching`] and
//!   [`min_weight_perfect_matching`]: matching by weight, each answer with
//!   its duals (vertex potentials and odd sets) and a
//!   [`verify`](WeightedMatching::verify) that checks optimality.
//!
//! ```
//! use bimatch::general::{gallai_edmonds, maximum_matching, Graph};
//!
//! // a 5-cycle with a pendant vertex 5 on vertex 0
//! let g = Graph::from_edges(6, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 5)])?;
//! let m = maximum_matching(&g);
//! assert!(m.is_perfect());
//! let ge = gallai_edmonds(&g, &m)?;
//! assert!(ge.d().is_empty() && ge.a().is_empty());
//! assert_eq!(ge.c().len(), 6);
//! ge.certificate().verify(&g, &m)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! No function here recurses: every search keeps an explicit queue, so
//! graphs with paths and blossoms of millions of vertices run on a small
//! thread stack.

mod bipartite;
mod blossom;
mod components;
mod ears;
mod edmonds;
mod error;
mod fold;
mod forest;
mod gallai_edmonds;
mod graph;
mod matching;
mod mv;
mod reduce;
mod tutte_berge;
mod weighted;

pub use components::OddComponents;
pub use error::Error;
#[doc(hidden)]
pub use fold::Kernel;
pub use gallai_edmonds::{gallai_edmonds, winning_vertices, GallaiEdmonds};
pub use graph::{Edges, Graph, Neighbors, MAX_GRAPH_EDGES};
pub use matching::{Matching, Pairs};
pub use tutte_berge::{tutte_berge, TutteBerge};
pub use weighted::{
    max_weight_matching, min_weight_perfect_matching, Duals, MaxWeightMatching, Objective,
    WeightedEdges, WeightedError, WeightedGraph, WeightedMatching, WeightedNeighbors,
    FLOAT_WEIGHT_LIMIT, INTEGER_WEIGHT_LIMIT, MAX_WEIGHTED_VERTICES,
};

use crate::util::{id, idx, UNMATCHED};

/// Which engine [`Engine::maximum_matching`] runs.
///
/// Both return a maximum matching; [`Engine::Auto`] is what
/// [`maximum_matching`] runs. [`Engine::Edmonds`] skips the bipartite
/// shortcut, which is how the tests check the blossom code on bipartite
/// graphs against the bipartite matchers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// The first try on a sparse graph (see [`Engine::Edmonds`]), else the
    /// start (Karp–Sipser, or greedy on dense graphs); then, if it left
    /// at least one vertex in 256 free and the graph two-colours, the
    /// bipartite [`Auto`](crate::Auto) matcher's growth from the start's
    /// pairs on a bipartite copy; else [`Engine::Edmonds`]'s blossom engine
    /// from the start.
    #[default]
    Auto,
    /// On a sparse graph first a try of O(V + E) (single searches in
    /// vertex order from the empty matching, then a greedy pass in vertex
    /// order and single searches from it), kept if it finishes; else the
    /// start, then the blossom engine: forest phases
    /// while many vertices are free, then single Edmonds searches taking
    /// turns with Micali–Vazirani phases of shortest augmenting paths, and
    /// degree-1/degree-2 folding once the work passes four passes over the
    /// graph.
    Edmonds,
}

impl Engine {
    /// A maximum matching of `graph` by this engine.
    ///
    /// # Complexity
    ///
    /// [`Engine::Edmonds`]: O(E·√V·α(V)) on every graph. On a graph of
    /// average degree below 9, first a try in O(V + E): single searches
    /// from the empty matching in vertex order (a search's first step is
    /// the greedy pass's: a free neighbour of the root), given up once
    /// more than a sixteenth of their work goes past first steps; then
    /// a greedy pass in vertex order (each row read up to its first free
    /// neighbour) and single searches from its pairs, for at most one pass
    /// over the graph, given up once the work they project grows an
    /// eighth past its least, their matching kept if it leaves at most one vertex in 1024 free
    /// (the start is then skipped) or fewer free vertices than the
    /// start. Then O(V + E) for the
    /// Karp–Sipser start; then, while more than V/256 free vertices are
    /// left, at most √V + 8 forest phases, each growing alternating trees from
    /// every free vertex at once, flipping a path wherever two trees meet
    /// (setting both aside), O((V + E)·α(V)) each; then single Edmonds
    /// searches from free vertices (a failed search removes what it
    /// reached for good; one that succeeds resets only what it touched;
    /// a vertex labelled even first looks for a free neighbour from where
    /// the last look into its row stopped, one pass over the graph in all)
    /// and Micali–Vazirani phases take turns. Each phase flips a maximal
    /// set of vertex-disjoint shortest augmenting paths in
    /// O((V + E)·α(V)), and O(√V) phases reach a maximum matching; the
    /// searches first scan up to 2·(V + 2E) adjacency entries, and after
    /// each phase four times as many as that phase did (one search may
    /// finish past its allowance), so they cost at most four times the
    /// phases, and
    /// whichever finds paths more cheaply does most of the work. A phase
    /// or forest phase that finds no path proves the matching maximum.
    /// Once the work passes four passes over the graph, degree-1 and
    /// degree-2 folding (Koana et al., ESA 2018; O(E·log E)) reduces the
    /// graph and the engine starts again on the kernel, whose matching is
    /// lifted back exactly; the work given up is at most those four passes
    /// and one step.
    /// Extra space about 34 bytes per vertex for the searches and about 80
    /// for the phases (zeroed memory, whose pages are touched only where a
    /// phase goes). [`Engine::Auto`]: the same start, which ends the
    /// work if at most one free vertex is left; on a bipartite graph it
    /// leaves with at least V/256 free, an O((V + E)·log V) union–find
    /// two-colouring (close to linear), an O(V + E) copy (8 bytes per edge
    /// and 20 per vertex) and Auto's growth, O(E·√V); otherwise as
    /// [`Engine::Edmonds`].
    ///
    /// Karp and Sipser, "Maximum matchings in sparse random graphs" (FOCS
    /// 1981); Edmonds, "Paths, trees, and flowers" (1965); Gabow, "An
    /// efficient implementation of Edmonds' algorithm" (JACM 1976); Micali
    /// and Vazirani, "An O(√|V|·|E|) algorithm for finding maximum matching
    /// in general graphs" (FOCS 1980).
    ///
    /// ```
    /// use bimatch::general::{Engine, Graph};
    ///
    /// let square = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3), (3, 0)])?;
    /// assert_eq!(Engine::Edmonds.maximum_matching(&square).len(), 2);
    /// assert_eq!(Engine::Auto.maximum_matching(&square).len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn maximum_matching(self, graph: &Graph) -> Matching {
        let plan = Plan {
            shortcut: self == Engine::Auto,
            ..Plan::DEFAULT
        };
        Matching::from_mates(blossom_engine(graph, plan))
    }

    /// The engine's name, for benchmark labels: `auto` or `edmonds`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Edmonds => "edmonds",
        }
    }
}

/// How the blossom engine proceeds: its first try, and what follows its
/// Karp–Sipser start.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Plan {
    /// At most this many forest phases while many free vertices are left
    /// (and never more than √V + 8, which keeps the bound).
    pub(crate) forest: usize,
    /// Single searches until they have scanned this many adjacency entries
    /// per entry of the graph (`usize::MAX`: until the end).
    pub(crate) searches: usize,
    /// Micali–Vazirani phases for what the searches leave.
    pub(crate) phases: bool,
    /// Once the engine has done this many passes' worth of work over the
    /// graph, reduce it (degree-1 and degree-2 folding) and start again on
    /// the kernel (`usize::MAX`: never).
    pub(crate) fold_after: usize,
    /// After the start, a graph that two-colours and has many free vertices
    /// left goes to the bipartite matcher.
    pub(crate) shortcut: bool,
    /// On a sparse graph, first the [`first_try`]: searches in vertex
    /// order, then the [in-order greedy pass](reduce::in_order) and single
    /// searches from it; if they do not finish, the start goes on as usual
    /// (from the try's matching if that leaves few free vertices, or fewer
    /// than the start).
    pub(crate) first_try: bool,
}

impl Plan {
    /// The default: on a sparse graph the first try, then forest phases while many free vertices are left,
    /// searches for about two passes over the graph, then searches and
    /// Micali–Vazirani phases in turns; after 4 passes' worth of work,
    /// the same on the folded kernel.
    pub(crate) const DEFAULT: Plan = Plan {
        forest: usize::MAX,
        searches: 2,
        phases: true,
        fold_after: 4,
        shortcut: false,
        first_try: true,
    };
}

/// ⌊√n⌋.
fn isqrt(n: usize) -> usize {
    let mut r = (n as f64).sqrt() as usize;
    while r * r > n {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

/// The blossom engine by `plan`: if it passes the plan's work limit, on
/// the folded kernel instead (the work done before is at most the limit
/// plus one step).
fn blossom_engine(graph: &Graph, plan: Plan) -> Vec<u32> {
    match blossom_within(graph, plan) {
        Some(mate) => mate,
        None => fold::solve(graph, |kernel| {
            let plan = Plan {
                fold_after: usize::MAX,
                ..plan
            };
            // Without a limit the engine always finishes; searches alone
            // would all the same.
            blossom_within(kernel, plan).unwrap_or_else(|| {
                let mut mate = vec![UNMATCHED; kernel.vertex_count()];
                edmonds::augment_to_maximum(kernel, &mut mate);
                mate
            })
        }),
    }
}

/// The first try, the start, then the forest phases, searches and
/// Micali–Vazirani phases of `plan`; `None` once the work passes `plan.fold_after` passes.
fn blossom_within(graph: &Graph, plan: Plan) -> Option<Vec<u32>> {
    let n = graph.vertex_count();
    let pass = n + 2 * graph.edge_count() + 1;
    let limit = plan.fold_after.saturating_mul(pass);
    let mut mate = vec![UNMATCHED; n];
    let mut work = pass;
    if plan.first_try && !reduce::dense(graph) {
        if first_try(graph, &mut mate, pass) {
            return Some(mate);
        }
        // The try's matching goes on if it leaves at most one vertex in
        // 1024 free, or fewer free vertices than the start does (where the
        // start's choices are the trap, as on corridors with random
        // labels).
        let tried = edmonds::live_free(graph, &mate);
        if tried > n / 1024 {
            let kept = mate.clone();
            mate.fill(UNMATCHED);
            reduce::start(graph, &mut mate);
            if tried < edmonds::live_free(graph, &mate) {
                mate = kept;
            }
        }
    } else {
        reduce::start(graph, &mut mate);
    }
    if plan.shortcut && bipartite::finish(graph, &mut mate) {
        return Some(mate);
    }
    // A phase passes over the whole graph: worth it while it can find many
    // paths at once. One that finds none proves the matching maximum.
    let many = n / 256 + 2;
    let mut rounds = 0;
    let forest = plan.forest.min(isqrt(n) + 8);
    while rounds < forest && edmonds::live_free(graph, &mate) >= many {
        rounds += 1;
        if forest::phase(graph, &mut mate) == 0 {
            return Some(mate);
        }
        work += pass;
        if work > limit {
            return None;
        }
    }
    let mut budget = plan.searches.saturating_mul(pass);
    if !plan.phases {
        budget = usize::MAX;
    }
    // Searches and phases take turns, the searches allowed four times the
    // work of the last phase: the searches never cost more than four times
    // the phases (plus one search each turn), so the phases' bound holds
    // for both, and whichever finds paths more cheaply does most of the
    // work. The searches hand over sooner where they look much dearer
    // than a phase.
    let mut phases: Option<mv::Phases> = None;
    let mut searches = edmonds::Searches::new(graph);
    // What the next phase is expected to cost: the last one's work, a pass
    // before the first.
    let mut phase_cost = pass;
    loop {
        let before = searches.scanned();
        let allowed = budget.min(limit.saturating_sub(work));
        let done = if plan.phases {
            searches_while_cheap(&mut searches, &mut mate, allowed, pass, phase_cost)
        } else {
            searches.run(&mut mate, allowed).1
        };
        if done {
            return Some(mate);
        }
        work += searches.scanned() - before;
        if work > limit {
            return None;
        }
        // The phase: a forest phase while the rounds last (one pass takes
        // a path wherever two trees meet, which is most of them where every
        // search crosses one shared part of the graph), then
        // Micali–Vazirani phases of shortest augmenting paths.
        let (paths, cost) = if rounds < forest {
            rounds += 1;
            (forest::phase(graph, &mut mate), pass)
        } else {
            let p = phases.get_or_insert_with(|| mv::Phases::new(graph));
            let paths = p.phase(&mut mate);
            if paths == 0 && p.doubtful {
                edmonds::augment_to_maximum(graph, &mut mate);
            }
            (paths, p.work)
        };
        if paths == 0 {
            return Some(mate);
        }
        searches.flipped(paths);
        work += cost;
        if work > limit {
            return None;
        }
        phase_cost = cost;
        budget = cost.saturating_mul(4);
    }
}

/// How much dearer than a phase the searches may look before they hand
/// over to one: see [`searches_while_cheap`].
const DEARER: usize = 8;

/// Single searches within `allowed` adjacency entries, in runs of a
/// sixteenth of a pass over the graph (`pass` entries), handing over to a
/// phase early once they look much dearer than one: after a run, the
/// entries it scanned per free vertex it took (two for a path, one for a
/// failed search) times the free vertices left, the work it projects,
/// must stay within [`DEARER`] times `phase_cost`, what the next phase is
/// expected to cost. Returns whether the matching is then maximum.
///
/// Where every search crosses a large shared part of the graph (corridors
/// whose ends all hang off one tree, their random labels renumbered
/// breadth first), each path costs the searches a sizeable part of a
/// pass, where a phase takes most of them in one. The rule only stops the searches before their
/// allowance (wasting at most a run and one search), so the bound of the
/// turns holds; the factor keeps it from firing where the cost per path of
/// one run is merely high by chance (nested blossoms, degree-2 chains:
/// with a factor of 2 the nested blossoms took 1.5× longer).
fn searches_while_cheap(
    searches: &mut edmonds::Searches<'_>,
    mate: &mut [u32],
    allowed: usize,
    pass: usize,
    phase_cost: usize,
) -> bool {
    let chunk = pass / 16 + 1;
    let start = searches.scanned();
    loop {
        let spent = searches.scanned() - start;
        if spent >= allowed {
            return false;
        }
        let (before, free) = (searches.scanned(), searches.live(mate));
        if searches.run(mate, chunk.min(allowed - spent)).1 {
            return true;
        }
        let left = searches.live(mate);
        let taken = free.saturating_sub(left);
        let projected = ((searches.scanned() - before) / taken.max(1)).saturating_mul(left);
        if projected > phase_cost.saturating_mul(DEARER) {
            return false;
        }
    }
}

/// The first try on a sparse graph, in two parts; returns whether `mate`
/// is then maximum. If not, `mate` holds the second part's matching (a
/// maximal one), which the caller keeps if it leaves at most one vertex
/// in 1024 free or fewer free vertices than the start.
///
/// 1. [Searches in vertex order](searches_in_order) from the empty
///    matching, the greedy pass in vertex order done by their first
///    steps, while their work past the first step stays small.
/// 2. If they grow long: the matching dropped, the [in-order greedy
///    pass](reduce::in_order) over every vertex and [single searches from
///    what it leaves](searches_after_greedy) while they look set to
///    finish within about a pass.
///
/// Where a graph is numbered along its structure (king-move boards,
/// lattices), the first part finishes at the cost of about a greedy pass:
/// a vertex that the pass would leave free is searched from at once,
/// while the vertices after it are still free, so its augmenting path is
/// short. Where the numbering is random but the structure is thin
/// (corridors with random labels), the second part finishes in about a
/// pass; on paths, grids and strips the greedy pass alone leaves nothing
/// to do, and no search is allocated. Elsewhere (random graphs) both
/// parts give up early. Either way it costs O(V + E).
fn first_try(graph: &Graph, mate: &mut [u32], pass: usize) -> bool {
    let Some(stuck) = greedy_until_stuck(graph, mate) else {
        return true;
    };
    if searches_in_order(graph, mate, stuck, pass) {
        return true;
    }
    mate.fill(UNMATCHED);
    reduce::in_order(graph, mate);
    searches_after_greedy(graph, mate, pass)
}

/// The first part of the [`first_try`]: single searches from every free
/// vertex from `stuck` on, in vertex order (each vertex before `stuck` is
/// matched or has no neighbours), in runs of a sixty-fourth of a pass over
/// the graph (`pass` adjacency entries); given up after a run whose
/// searches scanned more than a sixteenth of its entries past their first
/// step (the root's row). Returns whether the matching is then maximum.
///
/// A search's first step is the greedy pass's (a free neighbour of the
/// root ends it); so on a king-move board numbered by rows 2–3 % of
/// the entries are scanned past the first step, and on a random graph
/// that share grows past 6 % after about a sixth of the vertices. The
/// first steps read each row at most once, every run but the last scans
/// at most a sixteenth past them, and the last at most one search more:
/// O(V + E).
fn searches_in_order(graph: &Graph, mate: &mut [u32], stuck: usize, pass: usize) -> bool {
    let mut searches = edmonds::Searches::new(graph);
    searches.start_at(stuck);
    let chunk = pass / 64 + 1;
    loop {
        let (scanned, deep) = (searches.scanned(), searches.deep());
        if searches.run(mate, chunk).1 {
            return true;
        }
        if 16 * (searches.deep() - deep) > searches.scanned() - scanned {
            return false;
        }
    }
}

/// The second part of the [`first_try`], after the in-order greedy pass:
/// single searches from the free vertices while they look set to finish
/// within [`TRY_PASSES`] passes over the graph (`pass` adjacency entries
/// each): after every sixteenth of a pass, the work ahead (the paths
/// still possible times the entries scanned per path in that sixteenth)
/// must fit in what is left and, once the work done and ahead pass half
/// of the limit, stay within an eighth above the least it was after any
/// sixteenth before (a sixty-fourth while it is a quarter of a pass or
/// more). Returns whether `mate` is then maximum.
///
/// The work ahead may rise while it is small: where the free vertices
/// come in pairs at all distances (paths of a thousand vertices whose
/// ends are left free by the pass), the short paths go first and the
/// cost per path doubles from one sixteenth to the next, with all of the
/// work ahead still a fifth of a pass.
///
/// Where the in-order pass leaves free vertices whose augmenting paths
/// are short (corridors with random labels, where Karp–Sipser's choices
/// leave the ends of long paths free), this finishes in about one pass;
/// elsewhere (random graphs, where it leaves many more free vertices
/// than Karp–Sipser) it gives up after three sixteenths of a pass of
/// searches.
fn searches_after_greedy(graph: &Graph, mate: &mut [u32], pass: usize) -> bool {
    let free = edmonds::live_free(graph, mate);
    if free <= 1 {
        return true; // no augmenting path: the searches' memory is not needed
    }
    let mut searches = edmonds::Searches::new(graph);
    let chunk = pass / 16 + 1;
    let mut grown = 0;
    let mut least = usize::MAX;
    while searches.scanned() < TRY_PASSES * pass {
        let before = searches.scanned();
        let (g, done) = searches.run(mate, chunk);
        if done {
            return true;
        }
        grown += g;
        // The work ahead: the paths still possible at the cost per path of
        // the last chunk. It must fit, and not grow from chunk to chunk (on
        // random graphs the searches grow longer faster than the free
        // vertices run out), up to an eighth while it is under a quarter
        // of a pass: where it stays level, a path's cost moves that much
        // from chunk to chunk by chance. From a quarter of a pass on, a
        // rise of a sixty-fourth ends the try: there the work ahead rises
        // steadily on random graphs and shuffled triangle strips (1–4 % a
        // chunk, each chunk dear: their reads land at random), while on
        // the graphs the try finishes it falls (corridors with random
        // labels, ladders) or rises only while small (short paths first).
        let left = free.saturating_sub(2 * grown) / 2;
        let cost = (searches.scanned() - before) / g.max(1);
        let now = left.saturating_mul(cost);
        let total = searches.scanned() + now;
        let slack = if 4 * now >= pass {
            least / 64
        } else {
            least / 8
        };
        if total > TRY_PASSES * pass
            || (now > least.saturating_add(slack) && 2 * total > TRY_PASSES * pass)
        {
            return false;
        }
        least = least.min(now);
    }
    false
}

/// The in-order greedy pass while it finds a free neighbour for every
/// free vertex: returns the first vertex with neighbours that it leaves
/// free, `stuck`, with the matching as the pass left it before `stuck`;
/// or `None` if the pass over all vertices leaves at most one vertex with
/// neighbours free (the matching is then maximum).
///
/// Past `stuck` the pass goes on to the next vertex it leaves free; if
/// there is one, the pairs it made after `stuck` are undone (both their
/// ends come after `stuck`: every vertex before it is matched or has no
/// neighbours).
fn greedy_until_stuck(graph: &Graph, mate: &mut [u32]) -> Option<usize> {
    let n = graph.vertex_count();
    let mut stuck = None;
    for v in 0..n {
        if mate[v] != UNMATCHED {
            continue;
        }
        let row = graph.adj_of(v);
        if let Some(&w) = row.iter().find(|&&w| mate[idx(w)] == UNMATCHED) {
            mate[v] = w;
            mate[idx(w)] = id(v);
        } else if !row.is_empty() {
            match stuck {
                None => stuck = Some(v),
                Some(s) => {
                    for u in s + 1..v {
                        let w = mate[u];
                        if w != UNMATCHED && idx(w) > s {
                            mate[u] = UNMATCHED;
                            mate[idx(w)] = UNMATCHED;
                        }
                    }
                    return Some(s);
                }
            }
        }
    }
    None
}

/// The most work of the [`first_try`], in passes over the graph.
const TRY_PASSES: usize = 1;

/// The blossom engine without its forest phases: one search per free
/// vertex after the Karp–Sipser start. For the tests, which check both
/// routes; not part of the stable API.
#[doc(hidden)]
pub fn maximum_matching_by_searches(graph: &Graph) -> Matching {
    Matching::from_mates(blossom_engine(
        graph,
        Plan {
            forest: 0,
            searches: usize::MAX,
            phases: false,
            fold_after: usize::MAX,
            shortcut: false,
            first_try: false,
        },
    ))
}

/// The blossom engine with a plan of its own: at most `forest` forest
/// phases, searches for `searches` passes over the graph, then
/// Micali–Vazirani phases if `phases` (else searches to the end). For the
/// benchmarks; not part of the stable API.
#[doc(hidden)]
pub fn maximum_matching_planned(
    graph: &Graph,
    forest: usize,
    searches: usize,
    phases: bool,
) -> Matching {
    Matching::from_mates(blossom_engine(
        graph,
        Plan {
            forest,
            searches,
            phases,
            fold_after: usize::MAX,
            shortcut: false,
            first_try: false,
        },
    ))
}

/// The blossom engine on the kernel left by the data reductions (degree-1
/// and degree-2 folding), its matching lifted back: for the tests and the
/// benchmarks, which measure when the reductions pay; not part of the
/// stable API.
#[doc(hidden)]
pub fn maximum_matching_folded(graph: &Graph) -> Matching {
    let plan = Plan {
        fold_after: usize::MAX,
        ..Plan::DEFAULT
    };
    Matching::from_mates(fold::solve(graph, |g| blossom_engine(g, plan)))
}

/// Micali–Vazirani phases alone, from the empty matching: for the tests,
/// which check the phases against brute force; not part of the stable API.
#[doc(hidden)]
pub fn maximum_matching_by_phases(graph: &Graph) -> Matching {
    let mut mate = vec![UNMATCHED; graph.vertex_count()];
    let mut phases = mv::Phases::new(graph);
    while phases.phase(&mut mate) > 0 {}
    Matching::from_mates(mate)
}

/// A maximum-cardinality matching of `graph`, by [`Engine::Auto`].
///
/// # Complexity
///
/// See [`Engine::maximum_matching`].
///
/// # Testing
///
/// Against brute force on every graph with at most 7 vertices and on
/// random graphs up to 12 vertices, against the bipartite matchers with the
/// shortcut off, and on families of up to 10^6 vertices (odd cycles,
/// triangle strips, nested blossoms, random graphs) on a 256 KiB stack,
/// each answer proved by its Tutte–Berge certificate.
///
/// ```
/// use bimatch::general::{maximum_matching, Graph};
///
/// // a triangle: one pair, one vertex left out
/// let g = Graph::from_edges(3, [(0, 1), (1, 2), (2, 0)])?;
/// let m = maximum_matching(&g);
/// assert_eq!(m.len(), 1);
/// assert!(!m.is_perfect());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn maximum_matching(graph: &Graph) -> Matching {
    Engine::Auto.maximum_matching(graph)
}
