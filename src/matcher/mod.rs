//! The [`Matcher`] trait and its implementations, one algorithm a file.

mod auto;
mod dinic;
mod greedy;
mod hopcroft_karp;
mod karp_sipser;
mod pothen_fan;
mod push_relabel;

pub use auto::Auto;
pub use dinic::Dinic;
pub use hopcroft_karp::HopcroftKarp;
pub use karp_sipser::KarpSipser;
pub use pothen_fan::PothenFan;
pub use push_relabel::PushRelabel;

use crate::error::Error;
use crate::graph::Bipartite;
use crate::matching::Matching;

/// An algorithm for maximum-cardinality bipartite matching.
///
/// One required method; the trait is object-safe, so a matcher can be
/// chosen at run time as a `&dyn Matcher` or `Box<dyn Matcher>`. Every
/// implementation returns a maximum matching of the graph it is given, and
/// the same matching on every run for the same graph.
///
/// # Which matcher should I use?
///
/// [`Auto`] (what [`maximum_matching`] runs), unless you need one of the
/// others' particular properties. All return maximum matchings; they
/// differ in speed, memory and worst case:
///
/// - [`PushRelabel`]: FIFO push-relabel with global relabelling, from a
///   greedy start. The best geometric mean over the benchmark workloads
///   and the fastest on random, power-law, shuffled-chain and corridor
///   inputs; up to 1.3× slower than Pothen–Fan+ on the largest board and
///   4–5× slower than the Karp–Sipser-started matchers on chains in
///   adversarial order (which [`Auto`] therefore routes elsewhere). 4 bytes
///   per right vertex beside the start; worst case O(V·E), not approached
///   by these inputs.
/// - [`PothenFan`]: Pothen–Fan+ depth-first phases from a Karp–Sipser
///   start. Fastest on adversarial chains and some boards, up to 5× slower
///   than push-relabel on large random and power-law graphs; worst case
///   O(V·E).
/// - [`HopcroftKarp`]: the O(E·√V) guarantee, from a Karp–Sipser start;
///   6–10× slower than push-relabel on large boards, where it needs dozens
///   of breadth-first phases over the whole graph.
/// - [`Dinic`]: the same phases on an explicit residual network (about 26
///   bytes per edge and per vertex); the max-flow view, easiest to extend
///   toward capacities and costs, and the slowest here.
/// - [`KarpSipser`] alone is not a `Matcher`: a maximal matching in
///   O(V + E), usually within 0.3% of maximum.
///
/// Median milliseconds, matching only, release mode, on a 2-core AMD
/// EPYC shared with other work (load average 1–2.5), all columns from one
/// run of the peer harness (workloads and the one command that reproduces
/// them: the README's Performance section). `floor` is one pass over the
/// adjacency arrays. Geometric mean over all 23 workloads of the harness,
/// in floor passes: `Auto` 26, `PushRelabel` 27, `PothenFan` 37,
/// `HopcroftKarp` 55, `Dinic` 184.
///
/// | input | M | floor | `Auto` | `PushRelabel` | `PothenFan` | `HopcroftKarp` | `Dinic` |
/// |---|---:|---:|---:|---:|---:|---:|---:|
/// | rand-n1e5-d5 | 499990 | 0.906 | 23.1 | 22.3 | 27.2 | 22.3 | 86.6 |
/// | rand-n1e6-d2 | 2000000 | 6.89 | 96.5 | 92.8 | 442 | 433 | 750 |
/// | rand-n1e6-d10 | 9999931 | 10.1 | 549 | 624 | 1611 | 1035 | 3190 |
/// | plaw-n1e6 | 4990755 | 8.61 | 245 | 238 | 763 | 713 | 1184 |
/// | grid-1000-p25 | 1122754 | 1.95 | 94.4 | 84.6 | 104 | 732 | 2538 |
/// | grid-2000-p25 | 4495147 | 7.86 | 653 | 617 | 461 | 5255 | 13070 |
/// | gridsnake-2000 | 2000998 | 1.21 | 3.42 | 3.67 | 17.9 | 17.5 | 104 |
/// | chains-k447 | 199809 | 0.121 | 2.80 | 9.45 | 1.77 | 1.59 | 22.7 |
/// | chains-k1414 | 1999396 | 1.23 | 23.0 | 74.6 | 18.0 | 18.0 | 128 |
/// | chainsperm-k1414 | 1999396 | 1.23 | 721 | 342 | 688 | 707 | 960 |
///
/// ```
/// use bimatch::{Auto, Bipartite, Dinic, HopcroftKarp, Matcher, PothenFan, PushRelabel};
///
/// let g = Bipartite::from_edges(2, 2, [(0, 0), (0, 1), (1, 0)])?;
/// let matchers: [&dyn Matcher; 5] = [&Auto, &PushRelabel, &PothenFan, &HopcroftKarp, &Dinic];
/// for m in matchers {
///     assert_eq!(m.maximum_matching(&g).len(), 2, "{}", m.name());
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Matcher {
    /// A maximum matching of `graph`.
    fn maximum_matching(&self, graph: &Bipartite) -> Matching;

    /// A maximum matching of `graph` grown from `start` (a warm start):
    /// only the augmentations `start` lacks are searched for, so after
    /// adding edges to a graph, re-matching from the old matching costs
    /// only the new augmentations.
    ///
    /// Augmenting paths never unmatch a vertex, so every vertex matched in
    /// `start` is matched in the result (possibly to another mate);
    /// [`PushRelabel`], whose pushes can free a vertex, restores this
    /// afterwards. The provided implementation grows `start` by
    /// Hopcroft–Karp phases; every matcher of this crate overrides it with
    /// its own algorithm and keeps that guarantee.
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] or [`Error::NotAnEdge`] if `start` does not
    /// belong to `graph`.
    ///
    /// ```
    /// use bimatch::{Bipartite, HopcroftKarp, Left, Matcher, Matching, Right};
    ///
    /// let g = Bipartite::from_edges(2, 2, [(0, 0), (0, 1), (1, 0)])?;
    /// let start = Matching::from_pairs(&g, [(Left::new(0), Right::new(0))])?;
    /// let m = HopcroftKarp.maximum_matching_from(&g, start)?;
    /// assert_eq!(m.len(), 2);
    /// assert!(m.left_mate(Left::new(0)).is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn maximum_matching_from(&self, graph: &Bipartite, start: Matching) -> Result<Matching, Error> {
        auto::warm_start(graph, start)
    }

    /// A short name for reports and benchmark labels.
    fn name(&self) -> &'static str {
        "matcher"
    }
}

impl<M: Matcher + ?Sized> Matcher for &M {
    fn maximum_matching(&self, graph: &Bipartite) -> Matching {
        (**self).maximum_matching(graph)
    }

    fn maximum_matching_from(&self, graph: &Bipartite, start: Matching) -> Result<Matching, Error> {
        (**self).maximum_matching_from(graph, start)
    }

    fn name(&self) -> &'static str {
        (**self).name()
    }
}

impl<M: Matcher + ?Sized> Matcher for Box<M> {
    fn maximum_matching(&self, graph: &Bipartite) -> Matching {
        (**self).maximum_matching(graph)
    }

    fn maximum_matching_from(&self, graph: &Bipartite, start: Matching) -> Result<Matching, Error> {
        (**self).maximum_matching_from(graph, start)
    }

    fn name(&self) -> &'static str {
        (**self).name()
    }
}

/// One step of a matcher on mate arrays, in place: a start heuristic or an
/// algorithm's augmenting phases (returning what it counts, pairs or phases).
type Step = fn(&Bipartite, &mut [u32], &mut [u32]) -> usize;

/// The matching that `steps`, run in order, make from the empty one.
fn run_steps(graph: &Bipartite, steps: &[Step]) -> Matching {
    Matching::empty(graph).with_mates(|left, right| {
        for step in steps {
            step(graph, left, right);
        }
    })
}

/// A maximum matching of `graph` by the crate's default matcher, [`Auto`].
///
/// ```
/// let g = bimatch::Bipartite::from_edges(2, 1, [(0, 0), (1, 0)])?;
/// assert_eq!(bimatch::maximum_matching(&g).len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn maximum_matching(graph: &Bipartite) -> Matching {
    Auto.maximum_matching(graph)
}
