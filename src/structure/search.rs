//! The alternating search every structure answer starts from, and the
//! bit set it marks.
//!
//! From every free vertex of one side ("own" side), follow any edge to the
//! other side, then the matched edge back, and so on. An other-side vertex
//! is marked when first met, and its mate entered then, once: so each edge
//! costs one bit test in a set of one bit per vertex of the other side (it
//! stays in cache where an array of mates would not), and each mate is
//! read once. The own-side vertices entered are marked in a second bit
//! set, which the answers read word by word.

use crate::error::MatchingError;
use crate::graph::Bipartite;
use crate::matching::Matching;
use crate::util::{id, idx, UNMATCHED};

/// A set of vertex ids below a fixed bound, one bit each.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub(crate) struct Bits {
    words: Vec<u64>,
}

impl Bits {
    /// The empty set of ids below `n`.
    pub(crate) fn new(n: usize) -> Bits {
        Bits {
            words: vec![0; n.div_ceil(64)],
        }
    }

    /// The set of the ids `i` below `n` for which `f(i)` holds.
    pub(crate) fn from_fn(n: usize, mut f: impl FnMut(usize) -> bool) -> Bits {
        let words = (0..n.div_ceil(64))
            .map(|w| {
                let base = w * 64;
                (0..64.min(n - base)).fold(0u64, |word, b| word | u64::from(f(base + b)) << b)
            })
            .collect();
        Bits { words }
    }

    /// The number of ids in the set.
    pub(crate) fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The ids in the set, ascending, as vertex ids of type `T`.
    pub(crate) fn collect<T>(&self, make: impl Fn(u32) -> T) -> Vec<T> {
        let mut out = Vec::with_capacity(self.count());
        for (w, &word) in self.words.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                out.push(make(id(w * 64 + word.trailing_zeros() as usize)));
                word &= word - 1;
            }
        }
        out
    }

    /// The complement of the set among the ids below `n` (its bound).
    pub(crate) fn complement(&self, n: usize) -> Bits {
        let mut words: Vec<u64> = self.words.iter().map(|w| !w).collect();
        if n % 64 != 0 {
            if let Some(last) = words.last_mut() {
                *last &= (1u64 << (n % 64)) - 1;
            }
        }
        Bits { words }
    }

    /// Whether `i` is in the set (`false` past the bound).
    #[inline]
    pub(crate) fn contains(&self, i: usize) -> bool {
        self.words
            .get(i / 64)
            .is_some_and(|&w| w >> (i % 64) & 1 == 1)
    }

    /// Removes `i`. `i` must be below the bound.
    #[inline]
    pub(crate) fn remove(&mut self, i: usize) {
        self.words[i / 64] &= !(1u64 << (i % 64));
    }

    /// Adds `i`; whether it was new. `i` must be below the bound.
    #[inline]
    pub(crate) fn insert(&mut self, i: usize) -> bool {
        let (word, bit) = (&mut self.words[i / 64], 1u64 << (i % 64));
        let new = *word & bit == 0;
        *word |= bit;
        new
    }
}

/// The two searches' marks. Z_L is everything reached from a free left
/// vertex, Z_R from a free right vertex.
#[derive(Debug, Clone)]
pub(crate) struct Reach {
    /// Left vertices in Z_L.
    pub(crate) left_in_left: Bits,
    /// Right vertices in Z_L.
    pub(crate) right_in_left: Bits,
    /// Left vertices in Z_R (empty if that search was not run).
    pub(crate) left_in_right: Bits,
    /// Right vertices in Z_R (empty if that search was not run).
    pub(crate) right_in_right: Bits,
}

/// Checks that `m` belongs to `graph`, then runs the search from the free
/// left vertices and, if `both`, the one from the free right vertices.
///
/// # Errors
///
/// [`MatchingError::SizeMismatch`] or [`MatchingError::NotAnEdge`] if `m`
/// does not belong to `graph`; [`MatchingError::NotMaximum`] with a
/// shortest augmenting path (left, right, …, right ids) if it is not
/// maximum.
pub(crate) fn reach(graph: &Bipartite, m: &Matching, both: bool) -> Result<Reach, MatchingError> {
    #[cfg(test)]
    counter::count();
    if !belongs(graph, m) {
        m.check(graph)?; // the slow path only builds the error
    }
    let not_maximum = |from_right| MatchingError::NotMaximum {
        path: witness(graph, m, from_right),
    };
    let (right_in_left, left_in_left) = search(
        &graph.left_offsets,
        &graph.left_adj,
        &m.left_mate,
        &m.right_mate,
    )
    .map_err(|()| not_maximum(false))?;
    // The first search already proves the matching maximum, so the second
    // one cannot fail; its error is still reported the same way.
    let (left_in_right, right_in_right) = if both {
        search(
            &graph.right_offsets,
            &graph.right_adj,
            &m.right_mate,
            &m.left_mate,
        )
        .map_err(|()| not_maximum(true))?
    } else {
        (Bits::default(), Bits::default())
    };
    Ok(Reach {
        left_in_left,
        right_in_left,
        left_in_right,
        right_in_right,
    })
}

/// Whether `m` is a matching of `graph`: the sizes agree and every pair is
/// an edge. One pass over the left adjacency in order, each short list
/// scanned rather than bisected.
fn belongs(graph: &Bipartite, m: &Matching) -> bool {
    m.left_count() == graph.left_count()
        && m.right_count() == graph.right_count()
        && m.left_mate.iter().enumerate().all(|(u, &v)| {
            let list = graph.left_adj(u);
            v == UNMATCHED
                || if list.len() <= 16 {
                    // No early exit: no branch to mispredict.
                    list.iter().fold(false, |found, &x| found | (x == v))
                } else {
                    list.binary_search(&v).is_ok()
                }
        })
}

/// Search over alternating paths from every free own-side vertex (CSR
/// `offsets`/`adj`); returns the other-side vertices reached, or `Err` on
/// meeting a free one (an augmenting path).
fn search(
    offsets: &[u32],
    adj: &[u32],
    own_mate: &[u32],
    other_mate: &[u32],
) -> Result<(Bits, Bits), ()> {
    let free = own_mate
        .iter()
        .enumerate()
        .filter(|&(_, &mate)| mate == UNMATCHED)
        .map(|(u, _)| id(u));
    search_from(offsets, adj, other_mate, Bits::new(other_mate.len()), free)
}

/// How far behind the sweep (in own-side ids) a vertex entered during a
/// sweep is still expanded at once rather than left to the next sweep:
/// its lists and mates were read a moment ago and are still in cache. On
/// a board numbered row-major this covers the rows above, so one sweep
/// follows paths up as well as down.
const WINDOW: usize = 1 << 14;

/// The fewest vertices a sweep expands in one batch (when it has them):
/// enough independent look-ups of mates for the memory system to overlap.
const BATCH: usize = 256;

/// The search of [`search`] from the own-side vertices `starts`, with the
/// other-side vertices in `seen` already marked (never crossed, and never
/// reported as free). Returns the other-side vertices marked and the
/// own-side vertices entered (the starts too).
///
/// A sweep expands its vertices in batches, each in two loops: the first scans
/// the batch's lists and keeps the newly marked other-side vertices, with
/// no branch on the marks (each is written and kept or not by the bit
/// test's value); the second reads their mates, independent look-ups the
/// memory system overlaps, and enters them. A vertex is entered once (its
/// mate is marked once), so the whole search is O(V + E).
///
/// The vertices waiting to be expanded are kept in one of two forms. While
/// they are few, a first-in first-out queue, one vertex at a time (the
/// next vertex never waits on the look-ups of the last one). Once they are
/// many (one per 256 own-side vertices, a quarter of the bit set's words),
/// a bit set swept in ascending order, in batches of at least [`BATCH`]
/// vertices: the adjacency arrays are then read front to back, vertices
/// entered ahead of the sweep join the same sweep, and those entered less
/// than [`WINDOW`] behind it are expanded at once, in the next batch. A
/// sweep costs one pass over the bit set, paid for by the vertices it
/// expands.
pub(crate) fn search_from(
    offsets: &[u32],
    adj: &[u32],
    other_mate: &[u32],
    mut seen: Bits,
    starts: impl Iterator<Item = u32>,
) -> Result<(Bits, Bits), ()> {
    let own = offsets.len() - 1;
    let mut waiting = Bits::new(own);
    let mut entered = Bits::new(own);
    let words = waiting.words.len();
    let many = (words / 4).max(64);
    // Each own-side vertex is entered at most once: 4 bytes a vertex, once.
    let mut queue: Vec<u32> = Vec::with_capacity(own);
    queue.extend(starts);
    for &u in &queue {
        entered.insert(idx(u));
    }
    // The other-side vertices a batch marked (room for each list, written
    // before it is known whether the mark is new), and the own-side
    // vertices to expand at once during a sweep.
    let mut marked: Vec<u32> = Vec::new();
    let mut now: Vec<u32> = Vec::new();
    let mut head = 0;
    loop {
        // Queue form.
        while head < queue.len() && queue.len() - head < many {
            let u = idx(queue[head]);
            head += 1;
            for &v in &adj[idx(offsets[u])..idx(offsets[u + 1])] {
                if seen.insert(idx(v)) {
                    let w = other_mate[idx(v)];
                    if w == UNMATCHED {
                        return Err(());
                    }
                    entered.insert(idx(w)); // entered once: v is marked once
                    queue.push(w);
                }
            }
        }
        if head == queue.len() {
            return Ok((seen, entered));
        }
        // Bit-set form, while a sweep has enough to do.
        let mut pending = queue.len() - head;
        for &u in &queue[head..] {
            waiting.insert(idx(u));
        }
        queue.clear();
        head = 0;
        while pending >= many {
            let mut word = 0;
            while word < words {
                // A batch: the waiting vertices of the next words, at least
                // BATCH of them unless the sweep ends first.
                now.clear();
                while word < words && now.len() < BATCH {
                    let mut bits = waiting.words[word];
                    waiting.words[word] = 0;
                    pending -= bits.count_ones() as usize;
                    while bits != 0 {
                        now.push(id(word * 64 + bits.trailing_zeros() as usize));
                        bits &= bits - 1;
                    }
                    word += 1;
                }
                // Vertices entered behind `cursor` but within the window are
                // expanded in the next batch; the others wait for the sweep.
                let cursor = word * 64;
                while !now.is_empty() {
                    mark_lists(&now, offsets, adj, &mut seen, &mut marked);
                    now.clear();
                    for &v in &marked {
                        let w = other_mate[idx(v)];
                        if w == UNMATCHED {
                            return Err(());
                        }
                        let w = idx(w);
                        entered.insert(w);
                        if w < cursor && w + WINDOW >= cursor {
                            now.push(id(w));
                        } else {
                            waiting.insert(w);
                            pending += 1;
                        }
                    }
                }
            }
        }
        for word in 0..words {
            while waiting.words[word] != 0 {
                let bit = waiting.words[word].trailing_zeros() as usize;
                waiting.words[word] &= waiting.words[word] - 1;
                queue.push(id(word * 64 + bit));
            }
        }
    }
}

/// Scans the lists of the own-side vertices `batch`: marks their unmarked
/// neighbours in `seen` and leaves exactly those in `marked`, in order.
#[inline(always)]
fn mark_lists(batch: &[u32], offsets: &[u32], adj: &[u32], seen: &mut Bits, marked: &mut Vec<u32>) {
    let mut n = 0;
    for &u in batch {
        let u = idx(u);
        let list = &adj[idx(offsets[u])..idx(offsets[u + 1])];
        if marked.len() < n + list.len() {
            marked.resize(n + list.len(), 0);
        }
        for &v in list {
            // Written always, kept (moved past) only if the mark is new.
            marked[n] = v;
            n += usize::from(seen.insert(idx(v)));
        }
    }
    marked.truncate(n);
}

/// A shortest augmenting path, found again by breadth-first search with
/// parents (only when the fast search has proved one exists); from a free
/// right vertex if `from_right`, but always returned left to right.
fn witness(graph: &Bipartite, m: &Matching, from_right: bool) -> Vec<usize> {
    let (offsets, adj, own_mate, other_mate) = if from_right {
        (
            &graph.right_offsets,
            &graph.right_adj,
            &m.right_mate,
            &m.left_mate,
        )
    } else {
        (
            &graph.left_offsets,
            &graph.left_adj,
            &m.left_mate,
            &m.right_mate,
        )
    };
    let n = own_mate.len();
    let mut mark = vec![false; n];
    // For a reached matched vertex: the own-side vertex it was reached from.
    let mut parent = vec![UNMATCHED; n];
    let mut queue: Vec<u32> = Vec::new();
    for (u, &mate) in own_mate.iter().enumerate() {
        if mate == UNMATCHED {
            mark[u] = true;
            queue.push(id(u));
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let u = idx(queue[head]);
        head += 1;
        for &v in &adj[idx(offsets[u])..idx(offsets[u + 1])] {
            let w = other_mate[idx(v)];
            if w == UNMATCHED {
                // root, …, u, v, read back through `parent`.
                let mut path = vec![idx(v), u];
                let mut x = u;
                while parent[x] != UNMATCHED {
                    path.push(idx(own_mate[x]));
                    x = idx(parent[x]);
                    path.push(x);
                }
                if !from_right {
                    path.reverse();
                }
                return path;
            }
            let w = idx(w);
            if !mark[w] {
                mark[w] = true;
                parent[w] = id(u);
                queue.push(id(w));
            }
        }
    }
    // Unreachable when called after a failed search; an empty path is the
    // honest answer otherwise.
    Vec::new()
}

/// A count of the checks-and-searches run on this thread, for the tests
/// that check that the structure object checks and searches once.
#[cfg(test)]
pub(crate) mod counter {
    use std::cell::Cell;

    thread_local! {
        static SEARCHES: Cell<usize> = const { Cell::new(0) };
    }

    /// One more search.
    pub(crate) fn count() {
        SEARCHES.with(|c| c.set(c.get() + 1));
    }

    /// The searches run on this thread so far.
    pub(crate) fn searches() -> usize {
        SEARCHES.with(Cell::get)
    }
}
