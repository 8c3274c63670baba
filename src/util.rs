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

/// The matched entries of a mate array: `(index, mate)` for each entry
/// that is not `UNMATCHED` (with `once`, only where the index is below its
/// mate, so that a symmetric array yields each pair once), with an exact
/// count. The one walk behind the pairs iterators of the core and the
/// wings.
#[derive(Debug, Clone)]
pub(crate) struct Mated<'a> {
    mates: std::iter::Enumerate<std::slice::Iter<'a, u32>>,
    /// Entries not yet yielded.
    left: usize,
    once: bool,
}

impl<'a> Mated<'a> {
    /// The walk over `mates`, which holds exactly `len` entries to yield.
    pub(crate) fn new(mates: &'a [u32], len: usize, once: bool) -> Self {
        Mated {
            mates: mates.iter().enumerate(),
            left: len,
            once,
        }
    }
}

impl Iterator for Mated<'_> {
    type Item = (usize, u32);

    #[inline]
    fn next(&mut self) -> Option<(usize, u32)> {
        if self.left == 0 {
            return None;
        }
        let once = self.once;
        let (i, &m) = self
            .mates
            .find(|&(i, &m)| m != UNMATCHED && (!once || i < idx(m)))?;
        self.left -= 1;
        Some((i, m))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}
