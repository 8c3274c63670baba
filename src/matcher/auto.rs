//! The default matcher.

use super::greedy::greedy_extend;
use super::{hopcroft_karp, push_relabel, Matcher};
use crate::error::MatchingError;
use crate::graph::Bipartite;
use crate::matching::Matching;
use crate::util::{id, idx, UNMATCHED};

/// The crate's default matcher, run by
/// [`maximum_matching`](crate::maximum_matching).
///
/// 1. Paths hanging from the graph are matched from their free ends by
///    the degree-one rule of Karp and Sipser (a vertex with one free
///    neighbour takes it), walking many paths in turn so that their memory
///    accesses overlap. If every vertex has at most two neighbours (a
///    union of paths and even cycles), first-fit greedy is tried before
///    (kept if it covers every left vertex with a neighbour), and cycles
///    are walked after; that is usually the whole answer.
/// 2. Otherwise first-fit greedy extends the matching, and push-relabel
///    ([`PushRelabel`](crate::PushRelabel)) grows it until it is maximum
///    or has scanned 16 (V + E) arcs;
/// 3. then, if it is not maximum yet, Hopcroft–Karp phases finish from
///    where push-relabel stopped.
///
/// A warm start ([`Matcher::maximum_matching_from`]) is extended greedily
/// and grown by the same bounded search; the vertices the start matched
/// are matched again afterwards (see [`Matcher::maximum_matching_from`]).
/// The choice may change between versions as measurements do; the result
/// is always a maximum matching, deterministic for a given graph and
/// version.
///
/// # Complexity
///
/// O(E·√V) time: the walks take O(V + E), push-relabel is cut off after
/// O(V + E) arc scans, and Hopcroft–Karp phases finish from any matching
/// in O(E·√V). Extra space: 8 bytes per right vertex and the FIFO queue
/// of push-relabel, then Hopcroft–Karp's 16 bytes per left vertex if it
/// runs; the walks need none beyond the matching. No recursion.
///
/// # Testing
///
/// The conformance table, brute force and warm starts like every matcher;
/// random unions of paths and cycles against brute force
/// (`tests/matchers_conformance.rs`); chains of 10^6 vertices
/// (`tests/matchers_deep.rs`); the adversarial families against a König
/// certificate (`tests/matchers_adversarial.rs`).
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
        let mut left_mate = vec![UNMATCHED; graph.left_count()];
        let mut right_mate = vec![UNMATCHED; graph.right_count()];
        let (left, right) = (&mut left_mate[..], &mut right_mate[..]);
        let paths_and_cycles = max_degree_at_most_two(graph);
        if paths_and_cycles {
            // First-fit greedy is maximum if it covers every left vertex
            // that has a neighbour (the serpentine corridor); one
            // sequential pass to try.
            greedy_extend(graph, left, right);
            let covered = (0..graph.left_count())
                .all(|u| left[u] != UNMATCHED || graph.left_adj(u).is_empty());
            if covered {
                return Matching::from_mates(left_mate, right_mate);
            }
            left.fill(UNMATCHED);
            right.fill(UNMATCHED);
        }
        if !walk_paths(graph, left, right, paths_and_cycles) {
            greedy_extend(graph, left, right);
            grow(graph, left, right);
        }
        Matching::from_mates(left_mate, right_mate)
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

/// The warm start of every matcher of the crate: `start`, checked against
/// `graph`, extended greedily and grown by [`grow`]; then every vertex the
/// start matched is matched again, without changing the size.
pub(crate) fn warm_start(graph: &Bipartite, start: Matching) -> Result<Matching, MatchingError> {
    start.check(graph)?;
    Ok(start.with_mates(|left, right| {
        let start_left = left.to_vec();
        greedy_extend(graph, left, right);
        grow(graph, left, right);
        push_relabel::recover_start(&start_left, left, right);
    }))
}

/// Whether every vertex has at most two neighbours (the graph is a union of
/// paths and even cycles). One sequential pass over the offsets.
fn max_degree_at_most_two(graph: &Bipartite) -> bool {
    let small = |offsets: &[u32]| offsets.windows(2).all(|w| w[1] - w[0] <= 2);
    small(&graph.left_offsets) && small(&graph.right_offsets)
}

/// How many walks advance in turn.
const WALKERS: usize = 32;

/// A walk along a path or cycle: next to match is `at` (a left vertex if
/// `left`), reached from its matched neighbour `from` (`UNMATCHED` at the
/// start).
#[derive(Clone, Copy)]
struct Walk {
    at: u32,
    from: u32,
    left: bool,
}

/// The degree-one rule along paths (R. M. Karp and M. Sipser): a vertex
/// with exactly one free neighbour can be matched to it without losing a
/// maximum matching. Walks start at every free vertex of degree one and go
/// on through vertices of degree two, taking every other edge; each edge
/// taken joins a vertex whose only free neighbour is the other end, so the
/// rule holds at every step, and a walk stops at a vertex of higher degree.
/// Many walks advance in turn, so that their memory accesses overlap.
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
) -> bool {
    let (l, r) = (graph.left_count(), graph.right_count());
    let mut exact = cycles;
    let rounds: &[u32] = if cycles { &[1, 2] } else { &[1] };
    for &wanted in rounds {
        // Walk starts in order: left vertices, then right ones, of degree
        // one (first round) or two (second round).
        let mut starts = (0..l)
            .map(|x| (true, x))
            .chain((0..r).map(|x| (false, x)))
            .filter(|&(left, x)| degree(graph, left, x) == wanted);
        let mut walks = [Walk {
            at: 0,
            from: UNMATCHED,
            left: true,
        }; WALKERS];
        let mut live = 0;
        let mut more = true;
        loop {
            while more && live < WALKERS {
                match starts.next() {
                    Some((left, x)) => {
                        let mate = if left { &*left_mate } else { &*right_mate };
                        if mate[x] == UNMATCHED {
                            walks[live] = Walk {
                                at: id(x),
                                from: UNMATCHED,
                                left,
                            };
                            live += 1;
                        }
                    }
                    None => more = false,
                }
            }
            if live == 0 {
                break;
            }
            let mut i = 0;
            while i < live {
                match step(graph, left_mate, right_mate, walks[i]) {
                    Step::Go(next) => {
                        walks[i] = next;
                        i += 1;
                    }
                    end => {
                        exact &= wanted == 1 || matches!(end, Step::End);
                        live -= 1;
                        walks[i] = walks[live];
                    }
                }
            }
        }
    }
    exact
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

/// What one step of a walk did.
enum Step {
    Go(Walk),
    /// The walk ran out of edges or reached a vertex of degree three or more.
    End,
    /// The walk left a free vertex behind: its one other neighbour was
    /// matched by another walk.
    Blocked,
}

/// Advances a walk by two edges: matches `at` to its next neighbour and
/// moves on to the neighbour after that.
#[inline]
fn step(graph: &Bipartite, left_mate: &mut [u32], right_mate: &mut [u32], w: Walk) -> Step {
    let x = idx(w.at);
    let (adj, back_adj) = if w.left {
        (graph.left_adj(x), &graph.right_adj)
    } else {
        (graph.right_adj(x), &graph.left_adj)
    };
    let (back_offsets, other_mate) = if w.left {
        (&graph.right_offsets, &*right_mate)
    } else {
        (&graph.left_offsets, &*left_mate)
    };
    let own_mate = if w.left { &*left_mate } else { &*right_mate };
    if own_mate[x] != UNMATCHED {
        return Step::End; // matched by another walk since this one got here
    }
    let y = match *adj {
        [y] if w.from == UNMATCHED => y,
        [_] => return Step::End,
        [a, b] if w.from == UNMATCHED => {
            if other_mate[idx(a)] == UNMATCHED {
                a
            } else {
                b
            }
        }
        [a, b] => {
            if a == w.from {
                b
            } else {
                a
            }
        }
        _ => return Step::End, // degree three or more: the rule may not hold
    };
    if other_mate[idx(y)] != UNMATCHED {
        return if w.from == UNMATCHED {
            Step::End
        } else {
            Step::Blocked
        };
    }
    if w.left {
        left_mate[x] = y;
        right_mate[idx(y)] = w.at;
    } else {
        right_mate[x] = y;
        left_mate[idx(y)] = w.at;
    }
    let (start, end) = (idx(back_offsets[idx(y)]), idx(back_offsets[idx(y) + 1]));
    let z = match back_adj[start..end] {
        [a, b] => {
            if a == w.at {
                b
            } else {
                a
            }
        }
        _ => return Step::End, // a path's end, or a branching vertex
    };
    let own_mate = if w.left { &*left_mate } else { &*right_mate };
    if own_mate[idx(z)] != UNMATCHED {
        return Step::End;
    }
    Step::Go(Walk {
        at: z,
        from: y,
        left: w.left,
    })
}
