//! Two independent pieces of work at once, and a check of every vertex
//! range at once, for the structure searches (`structure::search`): the
//! answers are a pair and a conjunction, so they do not depend on which
//! thread ran what or when.

use std::ops::Range;

use rayon::prelude::*;

/// Work (edges) at least this much is split when the pool has two or more
/// threads (below it the pool is not woken).
pub(crate) const MIN_WORK: usize = 1 << 20;

/// Whether work of `work` edges is split on the current pool.
pub(crate) fn active(work: usize) -> bool {
    work >= MIN_WORK && rayon::current_num_threads() >= 2
}

/// Runs `a` and `b`, on two threads when one is idle, and returns both
/// results.
pub(crate) fn join<A: Send, B: Send>(
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    rayon::join(a, b)
}

/// Whether `check` holds on every part of `0..n`, the parts checked on
/// the current pool (four per thread, so that a slow part does not hold
/// up the others). The answer is the conjunction of the parts': it does
/// not depend on the number of threads.
pub(crate) fn all_parts(n: usize, check: impl Fn(Range<usize>) -> bool + Sync) -> bool {
    let parts = (rayon::current_num_threads() * 4)
        .clamp(1, 256)
        .min(n.max(1));
    (0..parts)
        .into_par_iter()
        .all(|p| check(n * p / parts..n * (p + 1) / parts))
}
