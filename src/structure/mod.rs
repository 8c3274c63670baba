//! The structure of maximum matchings: which vertices every maximum
//! matching covers, a König minimum vertex cover and its complement, the
//! Dulmage–Mendelsohn decomposition, and certificates of maximality.
//!
//! Everything here starts from one maximum matching and the same two
//! alternating searches, from the free vertices of each side (an edge to
//! the other side, then the matched edge back). They also prove the
//! matching maximum: meeting a free vertex of the other side is an
//! augmenting path, and nothing is answered. [`Structure`] runs the check
//! and the searches once and answers every question; the free functions
//! answer one each.

mod blocks;
mod cover;
mod dulmage_mendelsohn;
mod essential;
mod matched;
mod members;
mod object;
mod search;

pub use cover::{
    certify, maximum_independent_set, minimum_vertex_cover, Certificate, IndependentSet,
    VertexCover,
};
pub use dulmage_mendelsohn::{dulmage_mendelsohn, DmBlock, DmBlocks, DmDecomposition};
pub use essential::{non_essential_vertices, NonEssential};
pub(crate) use matched::matching_and_reach;
pub use members::Members;
pub use object::{DmPart, Structure};
