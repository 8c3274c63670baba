//! The [`Matcher`] trait and its implementations, one algorithm a file.

/// Implements [`Matcher`] for a matcher that is a list of [`Step`]s: the
/// cold run from the empty matching, the warm start from the given one
/// (the same steps), and the name.
macro_rules! matcher_of_steps {
    ($matcher:ty, $name:literal, $steps:expr) => {
        impl crate::Matcher for $matcher {
            fn maximum_matching(&self, graph: &crate::Bipartite) -> crate::Matching {
                crate::matcher::run_steps(graph, $steps)
            }

            fn maximum_matching_from(
                &self,
                graph: &crate::Bipartite,
                start: crate::Matching,
            ) -> Result<crate::Matching, crate::MatchingError> {
                crate::matcher::run_steps_from(graph, start, $steps)
            }

            fn name(&self) -> &'static str {
                $name
            }
        }
    };
}

mod auto;
mod dinic;
mod forced;
mod greedy;
mod hopcroft_karp;
mod karp_sipser;
mod kind;
#[cfg(feature = "parallel")]
mod parallel_pothen_fan;
mod pothen_fan;
mod push_relabel;

pub use auto::Auto;
pub use dinic::Dinic;
pub use hopcroft_karp::HopcroftKarp;
pub use karp_sipser::KarpSipser;
pub use kind::{MatcherKind, UnknownMatcher};
#[cfg(feature = "parallel")]
pub use parallel_pothen_fan::ParallelPothenFan;
pub use pothen_fan::PothenFan;
pub use push_relabel::PushRelabel;

/// [`Auto`]'s growth of a matching to a maximum one, for the general
/// graphs' bipartite shortcut.
pub(crate) use auto::grow;

use crate::Bipartite;
use crate::Matching;
use crate::MatchingError;

/// An algorithm for maximum-cardinality bipartite matching.
///
/// One required method; the trait is object-safe, so a matcher can be
/// chosen at run time as a `&dyn Matcher` or `Box<dyn Matcher>`. Every
/// implementation returns a maximum matching of the graph it is given, and
/// the same matching on every run for the same graph (but for
/// `ParallelPothenFan` of the `parallel` feature on several threads, whose
/// pairs may differ from run to run; its size does not).
///
/// # Which matcher should I use?
///
/// [`Auto`] (what [`maximum_matching`] runs), unless you need one of the
/// others' particular properties. All return maximum matchings; they
/// differ in speed, memory and worst case (V vertices, E edges):
///
/// | matcher | worst case, cold or warm | extra space | best at |
/// |---|---|---|---|
/// | [`Auto`] | O(E·√V) | as push-relabel, then 16 B per left vertex if Hopcroft–Karp takes over | the default: push-relabel where it is fast, never beyond O(E·√V) |
/// | [`PushRelabel`] | O(V·E) | 8 B per right vertex + queue of up to 8 B per left vertex | random and power-law graphs |
/// | [`PothenFan`] | O(V·E) | 16 B per left + 4 per right vertex | boards, chains |
/// | [`HopcroftKarp`] | O(E·√V) | 16 B per left vertex | the textbook algorithm with the guarantee |
/// | [`Dinic`] | O(E·√V) | 26 B per edge + 50 per vertex + the search path, at most 8 per vertex | the max-flow view, a base for capacities |
/// | `ParallelPothenFan` (`parallel` feature) | O(E·√V) | up to 24 B per left + 8 per right vertex, then as `Auto` if it finishes | large local graphs (boards, banded) on several threads; its pairs may differ between runs |
///
/// Hopcroft–Karp, Pothen–Fan and Dinic start with [`KarpSipser`], which
/// takes 8 B per vertex of both sides plus its stacks (at most 4 more) and
/// frees them before their phases. A warm start
/// ([`maximum_matching_from`](Matcher::maximum_matching_from)) runs each
/// matcher's own algorithm from the given matching, with the same bound;
/// push-relabel's and Auto's add 4 B per left vertex (the start's mates).
/// Lists that grow while a matcher runs (queues, stacks) are counted by
/// their entries; a growing list may hold up to twice that room.
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
    /// result, possibly to another mate. Each matcher of this crate goes on
    /// from `start` with its own algorithm (see its `# Complexity`); a start
    /// that is already maximum comes back unchanged.
    ///
    /// The provided implementation, which a matcher of your own inherits
    /// unless it overrides this method, is [`HopcroftKarp`]'s warm start
    /// and does not call your [`maximum_matching`](Matcher::maximum_matching):
    /// the Karp–Sipser rules extend `start` to a maximal matching (keeping
    /// its pairs), then Hopcroft–Karp phases augment it until it is maximum.
    /// Override it to continue with your own algorithm.
    ///
    /// # Complexity
    ///
    /// The provided implementation: O(E·√V) time whatever the start (the
    /// Karp–Sipser extension O(V + E), then O(√V) phases of O(V + E) each);
    /// extra space as for [`HopcroftKarp`].
    ///
    /// # Errors
    ///
    /// [`MatchingError::SizeMismatch`] or [`MatchingError::NotAnEdge`] if `start` does not
    /// belong to `graph` (checked by [`Matching::check`] before any work).
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
    ///
    /// A matcher of your own that does not override the warm start:
    ///
    /// ```
    /// use bimatch::{Bipartite, HopcroftKarp, Left, Matcher, Matching, Right};
    ///
    /// struct Mine;
    /// impl Matcher for Mine {
    ///     fn maximum_matching(&self, graph: &Bipartite) -> Matching {
    ///         HopcroftKarp.maximum_matching(graph)
    ///     }
    /// }
    ///
    /// let g = Bipartite::from_edges(2, 2, [(0, 0), (0, 1), (1, 0)])?;
    /// let start = Matching::from_pairs(&g, [(Left::new(1), Right::new(0))])?;
    /// assert_eq!(
    ///     Mine.maximum_matching_from(&g, start.clone())?,
    ///     HopcroftKarp.maximum_matching_from(&g, start)?,
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn maximum_matching_from(
        &self,
        graph: &Bipartite,
        start: Matching,
    ) -> Result<Matching, MatchingError> {
        HopcroftKarp.maximum_matching_from(graph, start)
    }

    /// A short name for reports and benchmark labels.
    fn name(&self) -> &'static str {
        "matcher"
    }
}

/// Forwards every method to the matcher behind a reference or box.
macro_rules! forward_matcher {
    ($($holder:ty),*) => {$(
        impl<M: Matcher + ?Sized> Matcher for $holder {
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
    )*};
}

forward_matcher!(&M, Box<M>);

/// One step of a matcher on mate arrays, in place: a start heuristic or an
/// algorithm's augmenting phases (returning what it counts, pairs or phases).
type Step = fn(&Bipartite, &mut [u32], &mut [u32]) -> usize;

/// The matching that `steps`, run in order, make from the empty one.
fn run_steps(graph: &Bipartite, steps: &[Step]) -> Matching {
    apply_steps(graph, Matching::empty(graph), steps)
}

/// The matching that `steps`, run in order, make from `start`, once it is
/// checked to belong to `graph`: the warm start of a matcher whose cold
/// run is `run_steps(graph, steps)`.
fn run_steps_from(
    graph: &Bipartite,
    start: Matching,
    steps: &[Step],
) -> Result<Matching, MatchingError> {
    start.check(graph)?;
    Ok(apply_steps(graph, start, steps))
}

/// `steps`, run in order on the mates of `matching`.
fn apply_steps(graph: &Bipartite, matching: Matching, steps: &[Step]) -> Matching {
    matching.with_mates(|left, right| {
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
