//! The alternating search of the structure answers (`structure::search`)
//! with its sweeps on several threads, for large graphs.
//!
//! The search is the sequential one's: from the own-side starts, follow
//! any edge to the other side, then the matched edge back, each
//! other-side vertex marked when first met and its mate entered then,
//! once. The marks are atomic bits (a relaxed load, then a `fetch_or` only
//! when the bit looks clear: one read-modify-write per vertex marked, not
//! per edge), so whichever thread sets a bit owns its vertex. While the
//! vertices waiting to be expanded are few they are expanded from a queue
//! on the calling thread; once they are many, the bit set of waiting
//! vertices is cut into word ranges swept at once on the current pool,
//! each range in ascending order with the sequential sweep's batches and
//! window (vertices entered a little behind a range's cursor, in the same
//! range, are expanded at once; the others wait for the next sweep).
//!
//! The answer does not depend on the threads or their timing: the
//! vertices marked are exactly those reachable from the starts, and a free
//! other-side vertex is met if and only if one is reachable.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use crate::util::{id, idx, UNMATCHED};

/// A set of ids below a bound, one atomic bit each.
struct Marks(Vec<AtomicU64>);

impl Marks {
    fn new(n: usize) -> Marks {
        Marks((0..n.div_ceil(64)).map(|_| AtomicU64::new(0)).collect())
    }

    /// Adds `i`; whether this call added it (exactly one caller does).
    #[inline]
    fn insert(&self, i: usize) -> bool {
        let (word, bit) = (&self.0[i / 64], 1u64 << (i % 64));
        word.load(Relaxed) & bit == 0 && word.fetch_or(bit, Relaxed) & bit == 0
    }

    fn into_words(self) -> Vec<u64> {
        self.0.into_iter().map(AtomicU64::into_inner).collect()
    }
}

/// The same window as the sequential sweep's (own-side ids).
const WINDOW: usize = 1 << 14;

/// The same batch as the sequential sweep's (vertices).
const BATCH: usize = 256;

/// The shared state of one search.
struct Search<'a> {
    offsets: &'a [u32],
    adj: &'a [u32],
    other_mate: &'a [u32],
    seen: Marks,
    waiting: Marks,
    /// Set once a free other-side vertex is met: the other ranges stop.
    found: AtomicBool,
}

/// The search from the free own-side vertices (`own_mate` UNMATCHED)
/// over CSR `offsets` / `adj`, the other side's mates `other_mate`: the
/// words of the other-side vertices marked and of the own-side vertices
/// entered, or `Err` on meeting a free other-side vertex.
///
/// The own-side vertices entered are not marked during the search but
/// read from the marks after it, word by word on the pool: a vertex is
/// entered if and only if it is free or its mate is marked.
pub(crate) fn search(
    offsets: &[u32],
    adj: &[u32],
    own_mate: &[u32],
    other_mate: &[u32],
) -> Result<(Vec<u64>, Vec<u64>), ()> {
    let own = offsets.len() - 1;
    let s = Search {
        offsets,
        adj,
        other_mate,
        seen: Marks::new(other_mate.len()),
        waiting: Marks::new(own),
        found: AtomicBool::new(false),
    };
    let words = s.waiting.0.len();
    let many = (words / 4).max(64);
    let mut queue: Vec<u32> = Vec::with_capacity(own);
    queue.extend(
        own_mate
            .iter()
            .enumerate()
            .filter(|&(_, &mate)| mate == UNMATCHED)
            .map(|(u, _)| id(u)),
    );
    let mut head = 0;
    loop {
        // Queue form, on this thread.
        while head < queue.len() && queue.len() - head < many {
            let u = idx(queue[head]);
            head += 1;
            for &v in &adj[idx(offsets[u])..idx(offsets[u + 1])] {
                if s.seen.insert(idx(v)) {
                    let w = other_mate[idx(v)];
                    if w == UNMATCHED {
                        return Err(());
                    }
                    queue.push(w);
                }
            }
        }
        if head == queue.len() {
            let seen = s.seen.into_words();
            let entered = entered(&seen, own_mate);
            return Ok((seen, entered));
        }
        // Sweeps on the pool, while they have enough to do.
        let mut pending = queue.len() - head;
        for &u in &queue[head..] {
            s.waiting.insert(idx(u));
        }
        queue.clear();
        head = 0;
        let parts = (rayon::current_num_threads() * 4).clamp(1, 256).min(words);
        while pending >= many {
            let counts: Vec<Result<(usize, usize), ()>> = (0..parts)
                .into_par_iter()
                .map(|p| s.sweep(words * p / parts..words * (p + 1) / parts))
                .collect();
            for c in counts {
                let (added, taken) = c?;
                pending = pending + added - taken;
            }
        }
        for (w, word) in s.waiting.0.iter().enumerate() {
            let mut bits = word.swap(0, Relaxed);
            while bits != 0 {
                queue.push(id(w * 64 + bits.trailing_zeros() as usize));
                bits &= bits - 1;
            }
        }
    }
}

/// The words of the own-side vertices that are free or matched to a
/// vertex in `seen`.
fn entered(seen: &[u64], own_mate: &[u32]) -> Vec<u64> {
    let n = own_mate.len();
    (0..n.div_ceil(64))
        .into_par_iter()
        .with_min_len(1 << 10)
        .map(|w| {
            let base = w * 64;
            own_mate[base..n.min(base + 64)]
                .iter()
                .enumerate()
                .fold(0u64, |word, (b, &mate)| {
                    let hit =
                        mate == UNMATCHED || seen[idx(mate) / 64] >> (idx(mate) % 64) & 1 == 1;
                    word | u64::from(hit) << b
                })
        })
        .collect()
}

impl Search<'_> {
    /// One sweep over the waiting words `range`: the vertices it added to
    /// the waiting set and took from it, or `Err` on a free vertex.
    fn sweep(&self, range: Range<usize>) -> Result<(usize, usize), ()> {
        let (mut added, mut taken) = (0, 0);
        let (mut now, mut marked): (Vec<u32>, Vec<u32>) = (Vec::new(), Vec::new());
        let first = range.start * 64;
        let mut word = range.start;
        while word < range.end {
            if self.found.load(Relaxed) {
                return Err(());
            }
            now.clear();
            while word < range.end && now.len() < BATCH {
                let cell = &self.waiting.0[word];
                let mut bits = if cell.load(Relaxed) == 0 {
                    0
                } else {
                    cell.swap(0, Relaxed)
                };
                taken += bits.count_ones() as usize;
                while bits != 0 {
                    now.push(id(word * 64 + bits.trailing_zeros() as usize));
                    bits &= bits - 1;
                }
                word += 1;
            }
            let cursor = word * 64;
            while !now.is_empty() {
                self.mark_lists(&now, &mut marked);
                now.clear();
                for &v in &marked {
                    let w = self.other_mate[idx(v)];
                    if w == UNMATCHED {
                        self.found.store(true, Relaxed);
                        return Err(());
                    }
                    let w = idx(w);
                    if w >= first && w < cursor && w + WINDOW >= cursor {
                        now.push(id(w));
                    } else {
                        self.waiting.insert(w);
                        added += 1;
                    }
                }
            }
        }
        Ok((added, taken))
    }

    /// Scans the lists of `batch`: marks their unmarked neighbours and
    /// leaves exactly those this thread marked in `marked`, in order.
    #[inline(always)]
    fn mark_lists(&self, batch: &[u32], marked: &mut Vec<u32>) {
        let mut n = 0;
        for &u in batch {
            let u = idx(u);
            let list = &self.adj[idx(self.offsets[u])..idx(self.offsets[u + 1])];
            if marked.len() < n + list.len() {
                marked.resize(n + list.len(), 0);
            }
            for &v in list {
                marked[n] = v;
                n += usize::from(self.seen.insert(idx(v)));
            }
        }
        marked.truncate(n);
    }
}
