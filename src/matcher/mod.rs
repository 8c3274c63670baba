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
/// Both run in O(E·√V) and return maximum matchings; they differ in
/// constant factors and memory.
///
/// - [`HopcroftKarp`] works on the graph's own adjacency arrays with 16
///   extra bytes per left vertex. Use it unless you have a reason not to.
/// - [`Dinic`] builds the residual unit network (about 26 bytes per edge
///   and per vertex) and runs blocking flows on it. It is the max-flow view
///   of the same algorithm: easier to extend toward capacities and costs,
///   and about 2–4× slower here.
///
/// Release-mode medians on this crate's 2-core reference machine
/// (`cargo run --release --example matching`, see the README):
///
/// | input | `HopcroftKarp` | `Dinic` |
/// |---|---|---|
/// | path of 10^6 vertices | MEASURE_PATH_HK | MEASURE_PATH_DINIC |
/// | random, 10^6 a side, average degree 5 | MEASURE_RAND_HK | MEASURE_RAND_DINIC |
///
/// ```
/// use bimatch::{Bipartite, Dinic, HopcroftKarp, Matcher};
///
/// let g = Bipartite::from_edges(2, 2, [(0, 0), (0, 1), (1, 0)])?;
/// let matchers: [&dyn Matcher; 2] = [&HopcroftKarp, &Dinic];
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
    /// `start` is matched in the result (possibly to another mate). The
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

/// A maximum matching of `graph` by the crate's default matcher, currently
/// [`HopcroftKarp`].
///
/// ```
/// let g = bimatch::Bipartite::from_edges(2, 1, [(0, 0), (1, 0)])?;
/// assert_eq!(bimatch::maximum_matching(&g).len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn maximum_matching(graph: &Bipartite) -> Matching {
    Auto.maximum_matching(graph)
}
