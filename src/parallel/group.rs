//! The counting sort of the CSR builder (`csr::group` in `src/csr.rs`:
//! items grouped by key) on several threads, with the same output, byte
//! for byte.
//!
//! The items are cut into consecutive parts, one per thread. Each part
//! counts its keys into a count array of its own; one pass over the keys
//! then turns the counts into write cursors, part after part within each
//! key, so that every group holds its items in the order the parts and
//! items come: the sequential sort's order. Each part then writes its
//! items at its cursors. The writes of different parts land in the same
//! array at disjoint places, through relaxed atomic stores (on the common
//! processors as cheap as plain stores), converted back in place after.
//! The extra memory is a count array (4 bytes a key) per part, so parts
//! are capped at [`MAX_PARTS`].

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use rayon::prelude::*;

/// The most parts one sort is cut into.
pub(crate) const MAX_PARTS: usize = 8;

/// Items at least this many are sorted on several threads when the pool
/// has two or more (below it the pool is not woken).
pub(crate) const MIN_ITEMS: usize = 1 << 20;

/// The number of parts to cut a sort of `len` items into on the current
/// pool: 1 (sort sequentially) for small inputs or a one-thread pool.
pub(crate) fn parts(len: usize) -> usize {
    if len < MIN_ITEMS {
        1
    } else {
        rayon::current_num_threads().clamp(1, MAX_PARTS)
    }
}

/// Groups the items by key into `offsets` (length `n + 1`, all 0 on entry)
/// and `values` (length `len`, the number of items): `items(p, parts)`
/// yields part `p` of the items, and the parts `0..parts` one after
/// another yield them all, in order. Returns false, having changed
/// nothing, if the count arrays cannot be reserved. The caller guarantees
/// what `csr::group` does: keys below `n`, `len <= u32::MAX`, and the
/// same items on every call.
pub(crate) fn fill<I>(
    n: usize,
    parts: usize,
    offsets: &mut [u32],
    values: &mut Vec<u32>,
    items: &(impl Fn(usize, usize) -> I + Sync),
) -> bool
where
    I: Iterator<Item = (u32, u32)>,
{
    debug_assert_eq!(offsets.len(), n + 1);
    let mut counts: Vec<Vec<u32>> = Vec::new();
    if counts.try_reserve_exact(parts).is_err() {
        return false;
    }
    for _ in 0..parts {
        let mut c = Vec::new();
        if c.try_reserve_exact(n).is_err() {
            return false;
        }
        c.resize(n, 0u32);
        counts.push(c);
    }
    counts.par_iter_mut().enumerate().for_each(|(p, c)| {
        for (key, _) in items(p, parts) {
            c[key as usize] += 1;
        }
    });
    // Counts become cursors: key by key, part by part.
    let mut running = 0u32;
    for k in 0..n {
        offsets[k] = running;
        for c in counts.iter_mut() {
            let here = c[k];
            c[k] = running;
            running += here;
        }
    }
    offsets[n] = running;
    // Same size and alignment: both conversions reuse the allocation.
    let out: Vec<AtomicU32> = std::mem::take(values)
        .into_iter()
        .map(AtomicU32::new)
        .collect();
    counts.par_iter_mut().enumerate().for_each(|(p, cursor)| {
        for (key, value) in items(p, parts) {
            let slot = &mut cursor[key as usize];
            out[*slot as usize].store(value, Relaxed);
            *slot += 1;
        }
    });
    *values = out.into_iter().map(AtomicU32::into_inner).collect();
    true
}
