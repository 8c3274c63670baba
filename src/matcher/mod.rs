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
///   greedy start. The fastest on every family below but one, and never
///   far from the fastest; 4 bytes per right vertex beside the start.
///   Worst case O(V·E), never approached by these inputs.
/// - [`PothenFan`]: Pothen–Fan+ depth-first phases from a Karp–Sipser
///   start. Close to push-relabel on grid boards and chains, up to 3×
///   slower on large random and power-law graphs; worst case O(V·E).
/// - [`HopcroftKarp`]: the O(E·√V) guarantee, from a Karp–Sipser start;
///   5–15× slower than push-relabel on large grid boards, where it needs
///   dozens of breadth-first phases over the whole graph.
/// - [`Dinic`]: the same phases on an explicit residual network (about 26
///   bytes per edge and per vertex); the max-flow view, easiest to extend
///   toward capacities and costs, and the slowest here.
/// - [`KarpSipser`] alone is not a `Matcher`: a maximal matching in
///   O(V + E), usually within 0.3% of maximum.
///
/// MATCHER_TABLE
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
    /// afterwards. The
    /// provided implementation grows `start` by Hopcroft–Karp phases; every
    /// matcher of this crate overrides it with its own algorithm and keeps
    /// that guarantee.
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
        HopcroftKarp.maximum_matching_from(graph, start)
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
