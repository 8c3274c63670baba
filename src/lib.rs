//! Maximum bipartite matching and the structure of maximum matchings.
//!
//! - [`Bipartite`]: a bipartite graph in compressed sparse row form with
//!   typed ids [`Left`] and [`Right`], built from an edge list or by
//!   two-colouring an undirected graph ([`Bipartition`]).
//! - [`Matcher`]: maximum-cardinality matching algorithms behind one trait,
//!   [`HopcroftKarp`], [`Dinic`], [`PushRelabel`], [`PothenFan`] and the
//!   default [`Auto`], all returning a [`Matching`]; [`KarpSipser`], a fast
//!   maximal matching.
//! - [`non_essential_vertices`]: the vertices that some maximum matching
//!   leaves unmatched, in O(V + E) from any maximum matching.
//! - [`game`]: the grid game: [`game::winning_starts`] finds the cells where
//!   the player who places the token wins.
//! - [`minimum_vertex_cover`], [`maximum_independent_set`],
//!   [`dulmage_mendelsohn`] and [`certify`]: the rest of the structure of
//!   maximum matchings, with proofs that can be checked; [`Structure`]
//!   answers all of them from one check and one pair of searches.
//! - [`general`]: maximum matching on any undirected graph, the
//!   Gallai–Edmonds decomposition and a Tutte–Berge certificate; the game
//!   on every board ([`game::winning_starts_with`]).
//! - [`io`]: readers for Matrix Market files and `L R M` edge lists.
//! - [`assignment`]: weighted matching — the assignment problem, dense and
//!   sparse, rectangular and partial, with dual certificates, and the
//!   maximum-product matching with scalings.
//!
//! ```
//! use bimatch::{non_essential_vertices, Bipartite, HopcroftKarp, Matcher};
//!
//! let g = Bipartite::from_edges(3, 2, [(0, 0), (1, 0), (2, 1)])?;
//! let m = HopcroftKarp.maximum_matching(&g);
//! assert_eq!(m.len(), 2);
//! for (l, r) in m.pairs() {
//!     println!("{} - {}", l.index(), r.index());
//! }
//!
//! let ne = non_essential_vertices(&g, &m)?; // Err if m is not maximum
//! // left 0 and left 1 compete for right 0: each is missed by some maximum matching
//! assert_eq!(ne.left().len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! No function of the crate recurses over a graph: every search keeps an
//! explicit stack or queue, so paths of millions of vertices run on a small
//! thread stack. Bad input is an [`Error`], never a panic.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod assignment;
mod bipartition;
mod csr;
mod error;
pub mod game;
pub mod general;
mod graph;
mod ids;
pub mod io;
mod matcher;
mod matching;
#[cfg(feature = "parallel")]
pub mod parallel;
mod structure;
mod text;
mod util;

pub use bipartition::{Bipartition, Vertex};
pub use error::{GraphError, MatchingError, ReadError};
pub use game::GridError;
pub use graph::{Bipartite, Edges, Neighbors, Vertices};
pub use ids::{IntoEdge, IntoWeightedEdge, Left, Right, Side, VertexIndex};
#[cfg(feature = "parallel")]
pub use matcher::ParallelPothenFan;
pub use matcher::{
    maximum_matching, Auto, Dinic, HopcroftKarp, KarpSipser, Matcher, MatcherKind, PothenFan,
    PushRelabel, UnknownMatcher,
};
pub use matching::{Matching, Pairs};
pub use structure::{
    certify, dulmage_mendelsohn, maximum_independent_set, minimum_vertex_cover,
    non_essential_vertices, Certificate, DmBlock, DmBlocks, DmDecomposition, DmPart,
    IndependentSet, Members, NonEssential, Structure, VertexCover,
};

/// Any error of the crate: one variant per domain, each displayed exactly
/// as the domain error it holds.
///
/// Each fallible function returns the error of its own domain, so a caller
/// can match exactly the cases that function has:
///
/// | domain | type | returned by |
/// |---|---|---|
/// | building a graph | [`GraphError`] | `Bipartite::from_edges`, `Bipartite::from_csr`, `Bipartition::from_undirected` |
/// | a matching or cover against a graph | [`MatchingError`] | `Matching::from_pairs`, `Matching::check`, warm starts, the structure functions, certificates |
/// | a board's text or judge input | [`GridError`] | `Grid`'s parsers and constructors |
/// | reading a file | [`ReadError`] | the readers of [`io`] |
/// | a matcher's name | [`UnknownMatcher`] | `MatcherKind::from_str` |
/// | general graphs | [`general::Error`] | the [`general`] wing |
/// | assignment | [`assignment::Error`] | the [`assignment`] wing |
///
/// `Error` holds any of them (`?` converts), for callers that handle
/// every failure the same way. Every enum and every variant with fields is
/// `#[non_exhaustive]`: new cases and new fields can come in a minor
/// version, so match with `..` and a wildcard arm.
///
/// ```
/// use bimatch::{Bipartite, Error, GraphError};
///
/// fn build() -> Result<Bipartite, Error> {
///     Ok(Bipartite::from_edges(1, 1, [(0, 3)])?)
/// }
/// let err = build().unwrap_err();
/// assert!(matches!(err, Error::Graph(GraphError::EndpointOutOfRange { position: 0, .. })));
/// assert_eq!(
///     err.to_string(),
///     "edge 0: right endpoint 3 is out of range (the graph has 1 right vertices, ids 0..1)"
/// );
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Building a graph failed.
    #[error(transparent)]
    Graph(#[from] GraphError),
    /// A matching, a warm start or a vertex cover does not fit a graph, or
    /// a matching is not maximum.
    #[error(transparent)]
    Matching(#[from] MatchingError),
    /// A board's text or judge input is malformed.
    #[error(transparent)]
    Grid(#[from] GridError),
    /// Reading a graph from a file failed.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A matcher's name is not known.
    #[error(transparent)]
    UnknownMatcher(#[from] matcher::UnknownMatcher),
    /// Building or checking a general graph, its matching or certificate
    /// failed.
    #[error(transparent)]
    General(#[from] general::Error),
    /// An assignment problem is malformed, infeasible, or its certificate
    /// does not hold.
    #[error(transparent)]
    Assignment(#[from] assignment::Error),
    /// A weighted general graph is malformed, its weights out of range,
    /// or it has no perfect matching where one was asked for.
    #[error(transparent)]
    Weighted(#[from] general::WeightedError),
}

/// The README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
