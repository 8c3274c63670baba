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
//!   [`dulmage_mendelsohn`] and [`Matching::certify`]: the rest of the
//!   structure of maximum matchings, with proofs that can be checked.
//! - [`io`]: readers for Matrix Market files and `L R M` edge lists.
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

mod bipartition;
mod csr;
mod error;
pub mod game;
mod graph;
pub mod io;
mod matcher;
mod matching;
mod structure;
mod util;

pub use bipartition::{Bipartition, Vertex};
pub use error::{Error, GraphError, GridError, MatchingError, ReadError};
pub use graph::{Bipartite, Edges, Left, Neighbors, Right, Side, Vertices};
pub use matcher::{
    maximum_matching, Auto, Dinic, HopcroftKarp, KarpSipser, Matcher, MatcherKind, PothenFan,
    PushRelabel, UnknownMatcher,
};
pub use matching::{Matching, Pairs};
pub use structure::{
    dulmage_mendelsohn, maximum_independent_set, minimum_vertex_cover, non_essential_vertices,
    Certificate, DmDecomposition, IndependentSet, NonEssential, VertexCover,
};

/// The README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
