//! The [`Matcher`] trait and its implementations, one algorithm a file.

mod auto;
mod dinic;
mod greedy;
mod hopcroft_karp;
mod karp_sipser;
mod kind;
mod pothen_fan;
mod push_relabel;

pub use auto::Auto;
pub use dinic::Dinic;
pub use hopcroft_karp::HopcroftKarp;
pub use karp_sipser::KarpSipser;
pub use kind::{MatcherKind, UnknownMatcher};
pub use pothen_fan::PothenFan;
pub use push_relabel::PushRelabel;

use crate::error::MatchingError;
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
/// differ in speed, memory and worst case (V vertices, E edges):
///
/// | matcher | worst case | extra space | best at |
/// |---|---|---|---|
/// | [`Auto`] | O(E·√V) | as push-relabel, then 16 B per left vertex if Hopcroft–Karp takes over | the default: push-relabel where it is fast, never beyond O(E·√V) |
/// | [`PushRelabel`] | O(V·E) | 8 B per right vertex + queue | random and power-law graphs |
/// | [`PothenFan`] | O(V·E) | 12 B per left + 4 per right vertex | boards, chains |
/// | [`HopcroftKarp`] | O(E·√V) | 16 B per left vertex | the textbook algorithm with the guarantee |
/// | [`Dinic`] | O(E·√V) | about 26 B per edge and per vertex | the max-flow view, a base for capacities |
///
/// [`KarpSipser`] alone is not a `Matcher`: a maximal matching in
/// O(V + E), usually very close to maximum. Measured timings of every
/// matcher on the benchmark families are in the README's performance
/// section.
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
pub trait Matcher: Send + Sync {
    /// A maximum matching of `graph`.
    fn maximum_matching(&self, graph: &Bipartite) -> Matching;

    /// A maximum matching of `graph` grown from `start` (a warm start), for
    /// example the matching of a graph before edges were added to it.
    ///
    /// Every vertex matched in `start` (on either side) is matched in the
    /// result, possibly to another mate. Every matcher of this crate grows
    /// the start the same way, the provided implementation: first-fit greedy
    /// extension, then push-relabel for at most O(V + E) arc scans, then
    /// Hopcroft–Karp phases if the matching is not maximum yet; finally the
    /// start's vertices that push-relabel left free are matched again along
    /// the alternating paths where result and start differ, in O(V).
    ///
    /// # Complexity
    ///
    /// O(E·√V) time whatever the start; extra space as for [`Auto`] plus
    /// 4 bytes per left vertex (the start's mates).
    ///
    /// # Errors
    ///
    /// [`MatchingError::SizeMismatch`] or [`MatchingError::NotAnEdge`] if `start` does not
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
    fn maximum_matching_from(
        &self,
        graph: &Bipartite,
        start: Matching,
    ) -> Result<Matching, MatchingError> {
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

    fn maximum_matching_from(
        &self,
        graph: &Bipartite,
        start: Matching,
    ) -> Result<Matching, MatchingError> {
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

    fn maximum_matching_from(
        &self,
        graph: &Bipartite,
        start: Matching,
    ) -> Result<Matching, MatchingError> {
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
