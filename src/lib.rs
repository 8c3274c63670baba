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

mod bipartition;
mod error;
mod graph;
mod matcher;
mod matching;
mod structure;
mod util;

pub use bipartition::{Bipartition, Vertex};
pub use error::Error;
pub use graph::{Bipartite, Left, Right, Side};
pub use matcher::{
    maximum_matching, Auto, Dinic, HopcroftKarp, KarpSipser, Matcher, PothenFan, PushRelabel,
};
pub use matching::Matching;
pub use structure::{non_essential_vertices, NonEssential};
