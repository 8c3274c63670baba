//! Maximum matching on general (not necessarily bipartite) graphs, the
//! Gallai–Edmonds decomposition, and a Tutte–Berge certificate.
//!
//! - [`Graph`]: an undirected simple graph, vertices `0..n` as plain
//!   `usize`, built from an edge list or from a [`Bipartite`](crate::Bipartite).
//! - [`maximum_matching`]: a maximum-cardinality [`Matching`]: a
//!   Karp–Sipser start; then, on a graph that two-colours and still has
//!   many free vertices, the bipartite [`Auto`](crate::Auto) matcher's
//!   growth; on any other, Edmonds' blossom algorithm (union–find blossom
//!   bases, forest phases, persistent labels) ([`Engine`] chooses
//!   explicitly).
//! - [`gallai_edmonds`]: from any maximum matching, the vertices some
//!   maximum matching misses (`D`), their outside neighbours (`A`) and the
//!   rest (`C`); a matching that is not maximum is refused with an
//!   augmenting path.
//! - [`TutteBerge`]: the barrier `A` and the odd components of `G − A`, a
//!   proof of maximality that [`TutteBerge::verify`] checks in O(V + E).
//! - [`winning_vertices`]: the token game on any graph; the player who
//!   places the token wins exactly on `D`.
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
mod edmonds;
mod error;
mod forest;
mod gallai_edmonds;
mod graph;
mod matching;
mod reduce;
mod tutte_berge;

pub use components::OddComponents;
pub use error::Error;
pub use gallai_edmonds::{gallai_edmonds, winning_vertices, GallaiEdmonds};
pub use graph::{Edges, Graph, Neighbors, MAX_GRAPH_EDGES};
pub use matching::{Matching, Pairs};
pub use tutte_berge::{tutte_berge, TutteBerge};

use crate::util::UNMATCHED;

/// Which engine [`Engine::maximum_matching`] runs.
///
/// Both return a maximum matching; [`Engine::Auto`] is what
/// [`maximum_matching`] runs. [`Engine::Edmonds`] skips the bipartite
/// shortcut, which is how the tests check the blossom code on bipartite
/// graphs against the bipartite matchers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// The Karp–Sipser start; then, if it left at least one vertex in 256
    /// free and the graph two-colours, the bipartite
    /// [`Auto`](crate::Auto) matcher's growth from the start's pairs on a
    /// bipartite copy; else [`Engine::Edmonds`]'s searches from the start.
    #[default]
    Auto,
    /// A Karp–Sipser start, then Edmonds' blossom searches on every graph:
    /// phases grown from all free vertices at once while many are left,
    /// then one search per free vertex.
    Edmonds,
}

impl Engine {
    /// A maximum matching of `graph` by this engine.
    ///
    /// # Complexity
    ///
    /// [`Engine::Edmonds`]: O(V + E) for the Karp–Sipser start. Then,
    /// while more than V/256 free vertices are left, phases: each grows
    /// alternating trees from every free vertex at once, takes a path
    /// wherever two trees meet (setting both aside), flips the paths at its
    /// end, and costs O((V + E)·α(V)); a phase that finds no path proves the matching
    /// maximum. Then one search per free vertex, each O(E·α(V)) at worst; a
    /// search that fails removes the vertices it reached for good, so
    /// failed searches cost one pass over the edges in total, and a search
    /// that succeeds resets only what it touched. O(V·E·α(V)) in all at
    /// worst; a few passes over the edges on random graphs and lattices.
    /// Extra space about 30 bytes per vertex. [`Engine::Auto`]: the same
    /// start, which ends the work if at most one free vertex is left; on a
    /// bipartite graph it leaves with at least V/256 free, an
    /// O((V + E)·log V) union–find two-colouring (close to linear), an
    /// O(V + E) copy (8 bytes per edge and 20 per vertex) and Auto's
    /// growth, O(E·√V); otherwise as [`Engine::Edmonds`].
    ///
    /// Karp and Sipser, "Maximum matchings in sparse random graphs" (FOCS
    /// 1981); Edmonds, "Paths, trees, and flowers" (1965); Gabow, "An
    /// efficient implementation of Edmonds' algorithm" (JACM 1976).
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
        Matching::from_mates(blossom_engine(graph, true, self == Engine::Auto))
    }

    /// The engine's name, for benchmark labels: `auto` or `edmonds`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Edmonds => "edmonds",
        }
    }
}

/// Karp–Sipser, then (with `shortcut`) the bipartite shortcut, then (with
/// `phases`) forest phases while many free vertices are left, then one
/// search per free vertex.
fn blossom_engine(graph: &Graph, phases: bool, shortcut: bool) -> Vec<u32> {
    let n = graph.vertex_count();
    let mut mate = vec![UNMATCHED; n];
    reduce::karp_sipser(graph, &mut mate);
    if shortcut && bipartite::finish(graph, &mut mate) {
        return mate;
    }
    // A phase passes over the whole graph: worth it while it can find many
    // paths at once. One that finds none proves the matching maximum.
    let many = n / 256 + 2;
    while phases && edmonds::live_free(graph, &mate) >= many {
        if forest::phase(graph, &mut mate) == 0 {
            return mate;
        }
    }
    edmonds::augment_to_maximum(graph, &mut mate);
    mate
}

/// The blossom engine without its forest phases: one search per free
/// vertex after the Karp–Sipser start. For the tests, which check both
/// routes; not part of the stable API.
#[doc(hidden)]
pub fn maximum_matching_by_searches(graph: &Graph) -> Matching {
    Matching::from_mates(blossom_engine(graph, false, false))
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
