//! The crate's id casts and the `UNMATCHED` sentinel.
//!
//! Vertex and edge ids are `u32` inside the crate. Every graph is checked at
//! construction to have fewer than [`MAX_VERTICES`] vertices a side and at
//! most [`MAX_EDGES`] edges, so the conversions here never truncate. Every
//! id ↔ index conversion goes through [`id`] and [`idx`]; the assignment
//! wing's cost conversions are its `cast` module's; the few casts left
//! elsewhere (bit counts, IEEE sort keys, the `u32` limits as `usize`)
//! cannot lose a value and say so where they stand.

/// The mate of an unmatched vertex.
pub(crate) const UNMATCHED: u32 = u32::MAX;

/// The largest vertex count a side may have (ids stay below `UNMATCHED`).
pub(crate) const MAX_VERTICES: usize = (u32::MAX - 1) as usize;

/// The largest number of distinct edges a graph may have (offsets are `u32`).
pub(crate) const MAX_EDGES: usize = u32::MAX as usize;

/// The largest number of edges an undirected graph may have: each is
/// stored in both directions under `u32` offsets.
pub(crate) const MAX_UNDIRECTED_EDGES: usize = MAX_EDGES / 2;

/// Widens an internal id to an index.
#[inline(always)]
pub(crate) fn idx(id: u32) -> usize {
    id as usize
}

/// Narrows an index that is known to fit (checked at graph construction).
#[inline(always)]
pub(crate) fn id(index: usize) -> u32 {
    debug_assert!(index <= u32::MAX as usize, "index {index} does not fit u32");
    index as u32
}
