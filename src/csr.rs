//! The one compressed-sparse-row builder. Every adjacency array of the
//! crate — bipartite graphs, undirected graphs, weighted edge lists,
//! boards, renumbered copies — is validated, grouped, sorted and merged
//! here, with its memory reserved fallibly, so that a size the machine
//! cannot hold is an error, not an abort, and a rule kept here holds in
//! every wing.
//!
//! The pieces:
//! - [`collect_edges`] and [`collect_weighted`] check a user's edge list
//!   (each endpoint against its bound, the count against a limit) and
//!   return [`EdgeFault`] for the first bad edge; each domain turns that
//!   into its own error;
//! - [`group`] is a stable counting sort by key ([`group_shared`] the same
//!   on several threads with the `parallel` feature), and [`transpose`] /
//!   [`transpose_with`] turn rows into columns (lists come out ascending);
//! - [`sorted_rows`], [`sorted_rows_with`] and [`undirected`] build whole
//!   adjacencies from pairs, lists ascending and repeats merged;
//! - [`RowWriter`] takes rows that the caller generates in order.
//!
//! Offsets and ids are `u32`: callers check sizes against
//! [`MAX_VERTICES`](crate::util::MAX_VERTICES) and the edge limits first
//! (the collectors do it for the edge count).

use crate::error::GraphError;
use crate::ids::{IntoEdge, IntoWeightedEdge, Side};
use crate::util::{id, idx};

/// Offsets, targets and one value per target: a CSR with values.
pub(crate) type Valued<T> = (Vec<u32>, Vec<u32>, Vec<T>);

/// Pairs and their weights, in input order.
pub(crate) type WeightedPairs<W> = (Vec<(u32, u32)>, Vec<W>);

/// Memory that could not be reserved: what it was for and how many bytes
/// were asked for. Each domain's error has a variant that carries it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OutOfMemory {
    /// What the memory was for.
    pub what: &'static str,
    /// The bytes asked for.
    pub bytes: usize,
}

/// An empty vector with room for `capacity` items, or [`OutOfMemory`].
pub(crate) fn try_vec<T>(capacity: usize, what: &'static str) -> Result<Vec<T>, OutOfMemory> {
    let mut v = Vec::new();
    v.try_reserve_exact(capacity).map_err(|_| OutOfMemory {
        what,
        bytes: capacity.saturating_mul(std::mem::size_of::<T>()),
    })?;
    Ok(v)
}

/// `len` copies of `value`, or [`OutOfMemory`].
pub(crate) fn filled<T: Clone>(
    len: usize,
    value: T,
    what: &'static str,
) -> Result<Vec<T>, OutOfMemory> {
    let mut v = try_vec(len, what)?;
    v.resize(len, value);
    Ok(v)
}

/// Appends `item`, growing the vector fallibly (amortised doubling).
#[inline]
pub(crate) fn try_push<T>(v: &mut Vec<T>, item: T, what: &'static str) -> Result<(), OutOfMemory> {
    if v.len() == v.capacity() {
        v.try_reserve(1).map_err(|_| OutOfMemory {
            what,
            bytes: v
                .capacity()
                .saturating_mul(2)
                .saturating_mul(std::mem::size_of::<T>()),
        })?;
    }
    v.push(item);
    Ok(())
}

/// What is wrong with an edge list. Each domain maps it to its own error,
/// naming the edge's 0-based position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EdgeFault {
    /// Endpoint `end` (0 = first, 1 = second) of edge `position` is
    /// `value`, not below `bound`.
    OutOfRange {
        position: usize,
        end: usize,
        value: usize,
        bound: usize,
    },
    /// Endpoint `end` of edge `position` is the negative `value`.
    Negative {
        position: usize,
        end: usize,
        value: i64,
    },
    /// There are more than `limit` edges; `count` were seen.
    TooMany { count: usize, limit: usize },
    /// The list could not be stored.
    OutOfMemory(OutOfMemory),
}

impl EdgeFault {
    /// The side of a bipartite edge list that end `end` names: the first
    /// end is left (a row), the second right (a column).
    pub(crate) fn side(end: usize) -> Side {
        if end == 0 {
            Side::Left
        } else {
            Side::Right
        }
    }
}

impl From<OutOfMemory> for EdgeFault {
    fn from(e: OutOfMemory) -> Self {
        EdgeFault::OutOfMemory(e)
    }
}

/// Checks both ends of edge `position` against `bounds`.
#[inline]
fn check_ends(
    position: usize,
    ends: [Result<usize, i64>; 2],
    bounds: [usize; 2],
    limit: usize,
) -> Result<(u32, u32), EdgeFault> {
    let mut out = [0u32; 2];
    for (end, (value, bound)) in ends.into_iter().zip(bounds).enumerate() {
        match value {
            Ok(value) if value < bound => out[end] = id(value),
            Ok(value) => {
                return Err(EdgeFault::OutOfRange {
                    position,
                    end,
                    value,
                    bound,
                })
            }
            Err(value) => {
                return Err(EdgeFault::Negative {
                    position,
                    end,
                    value,
                })
            }
        }
    }
    if position >= limit {
        return Err(EdgeFault::TooMany {
            count: position + 1,
            limit,
        });
    }
    Ok((out[0], out[1]))
}

/// The capacity to reserve up front for an iterator: its lower size hint,
/// capped so that a lying hint cannot ask for more than 128 MiB at once.
fn first_capacity(hint: usize, limit: usize) -> usize {
    hint.min(limit).min(1 << 24)
}

/// Validates and collects an edge list: the first end below `bounds[0]`,
/// the second below `bounds[1]`, at most `limit` edges (checked before
/// each edge is stored). The bounds must not exceed `u32::MAX`.
pub(crate) fn collect_edges<E: IntoEdge>(
    bounds: [usize; 2],
    limit: usize,
    edges: impl IntoIterator<Item = E>,
) -> Result<Vec<(u32, u32)>, EdgeFault> {
    let edges = edges.into_iter();
    let mut pairs = try_vec(first_capacity(edges.size_hint().0, limit), "the edge list")?;
    for (position, edge) in edges.enumerate() {
        let pair = check_ends(position, edge.into_ends(), bounds, limit)?;
        try_push(&mut pairs, pair, "the edge list")?;
    }
    Ok(pairs)
}

/// [`collect_edges`] for weighted edges: the pairs and the weights, both
/// in input order.
pub(crate) fn collect_weighted<W, E: IntoWeightedEdge<W>>(
    bounds: [usize; 2],
    limit: usize,
    edges: impl IntoIterator<Item = E>,
) -> Result<WeightedPairs<W>, EdgeFault> {
    let edges = edges.into_iter();
    let first = first_capacity(edges.size_hint().0, limit);
    let mut pairs = try_vec(first, "the edge list")?;
    let mut weights = try_vec(first, "the edge weights")?;
    for (position, edge) in edges.enumerate() {
        let (ends, w) = edge.into_parts();
        let pair = check_ends(position, ends, bounds, limit)?;
        try_push(&mut pairs, pair, "the edge list")?;
        try_push(&mut weights, w, "the edge weights")?;
    }
    Ok((pairs, weights))
}

/// Groups `len` `(key, value)` items by key `0..n`: returns offsets (length
/// `n + 1`) and the values, each group in the order `items` yields it.
/// `items` is called twice (count, then place). The caller guarantees
/// `len <= u32::MAX`, keys below `n`, and that `items` yields `len` items.
pub(crate) fn group<T, I>(
    n: usize,
    len: usize,
    items: impl Fn() -> I,
) -> Result<(Vec<u32>, Vec<T>), OutOfMemory>
where
    T: Copy + Default,
    I: Iterator<Item = (u32, T)>,
{
    let mut offsets = filled(n.saturating_add(1), 0u32, "adjacency offsets")?;
    for (key, _) in items() {
        offsets[idx(key) + 1] += 1;
    }
    for i in 0..n {
        offsets[i + 1] += offsets[i];
    }
    let mut values = filled(len, T::default(), "adjacency lists")?;
    // offsets[k] serves as group k's write cursor, ending at group k + 1's
    // start; shifting by one afterwards restores the starts.
    for (key, value) in items() {
        let slot = &mut offsets[idx(key)];
        values[idx(*slot)] = value;
        *slot += 1;
    }
    for i in (1..=n).rev() {
        offsets[i] = offsets[i - 1];
    }
    offsets[0] = 0;
    Ok((offsets, values))
}

/// [`group`] of `u32` values for items that can be cut into parts:
/// `items(p, parts)` yields part `p` of `parts`, and parts `0..parts` in
/// turn yield all the items in order (`items(0, 1)` all of them). With the
/// `parallel` feature a large sort runs on the current rayon pool
/// (`parallel::group`), with the same output, byte for byte; else, or if
/// its count arrays cannot be had, this is [`group`].
pub(crate) fn group_shared<I>(
    n: usize,
    len: usize,
    items: impl Fn(usize, usize) -> I + Sync,
) -> Result<(Vec<u32>, Vec<u32>), OutOfMemory>
where
    I: Iterator<Item = (u32, u32)>,
{
    #[cfg(feature = "parallel")]
    {
        let parts = crate::parallel::group::parts(len);
        if parts > 1 {
            let mut offsets = filled(n.saturating_add(1), 0u32, "adjacency offsets")?;
            let mut values = filled(len, 0u32, "adjacency lists")?;
            if crate::parallel::group::fill(n, parts, &mut offsets, &mut values, &items) {
                return Ok((offsets, values));
            }
        }
    }
    group(n, len, || items(0, 1))
}

/// The rows of part `p` of `parts` of a CSR: consecutive row ranges of
/// about equal numbers of entries, from row 0 to the last.
pub(crate) fn row_part(offsets: &[u32], p: usize, parts: usize) -> std::ops::Range<usize> {
    let rows = offsets.len().saturating_sub(1);
    let total = offsets.last().map_or(0, |&o| u64::from(o));
    let start = |q: usize| {
        if q >= parts {
            rows
        } else {
            let target = total * q as u64 / parts as u64;
            offsets
                .partition_point(|&o| u64::from(o) < target)
                .min(rows)
        }
    };
    start(p)..start(p + 1)
}

/// [`group`] for items that carry a target and a value: `(key, target,
/// value)` items grouped by key into offsets, targets and values, written
/// straight into the two arrays (no array of pairs in between). The same
/// guarantees as for [`group`].
fn group_with<T, I>(n: usize, len: usize, items: impl Fn() -> I) -> Result<Valued<T>, OutOfMemory>
where
    T: Copy + Default,
    I: Iterator<Item = (u32, u32, T)>,
{
    let mut offsets = filled(n.saturating_add(1), 0u32, "adjacency offsets")?;
    for (key, _, _) in items() {
        offsets[idx(key) + 1] += 1;
    }
    for i in 0..n {
        offsets[i + 1] += offsets[i];
    }
    let mut targets = filled(len, 0u32, "adjacency lists")?;
    let mut values = filled(len, T::default(), "adjacency values")?;
    // As in `group`: offsets[k] is group k's write cursor, shifted back after.
    for (key, target, value) in items() {
        let slot = &mut offsets[idx(key)];
        targets[idx(*slot)] = target;
        values[idx(*slot)] = value;
        *slot += 1;
    }
    for i in (1..=n).rev() {
        offsets[i] = offsets[i - 1];
    }
    offsets[0] = 0;
    Ok((offsets, targets, values))
}

/// The transpose of a CSR with `cols` columns: each output list comes out
/// ascending, because the input rows are visited in order.
pub(crate) fn transpose(
    cols: usize,
    offsets: &[u32],
    adj: &[u32],
) -> Result<(Vec<u32>, Vec<u32>), OutOfMemory> {
    group_shared(cols, adj.len(), |p, parts| {
        row_part(offsets, p, parts).flat_map(move |row| {
            adj[idx(offsets[row])..idx(offsets[row + 1])]
                .iter()
                .map(move |&col| (col, id(row)))
        })
    })
}

/// [`transpose`] carrying one value per entry along.
pub(crate) fn transpose_with<T: Copy + Default>(
    cols: usize,
    offsets: &[u32],
    adj: &[u32],
    vals: &[T],
) -> Result<Valued<T>, OutOfMemory> {
    debug_assert_eq!(adj.len(), vals.len());
    group_with(cols, adj.len(), || {
        offsets.windows(2).enumerate().flat_map(move |(row, w)| {
            let (lo, hi) = (idx(w[0]), idx(w[1]));
            adj[lo..hi]
                .iter()
                .zip(&vals[lo..hi])
                .map(move |(&col, &val)| (col, id(row), val))
        })
    })
}

/// Rows `0..rows` built from `(row, col)` pairs in any order, each list
/// ascending and free of repeats: two counting sorts, O(rows + cols + E).
/// Pairs must be in range; they are freed after the first sort, so the
/// peak is 12 bytes per pair (the pairs and one copy of the targets).
pub(crate) fn sorted_rows(
    rows: usize,
    cols: usize,
    pairs: Vec<(u32, u32)>,
) -> Result<(Vec<u32>, Vec<u32>), OutOfMemory> {
    // Bucket by column, then transposing visits columns in order, so each
    // row's list comes out ascending.
    let (c_offsets, c_adj) = group_shared(cols, pairs.len(), |p, parts| {
        let (len, parts) = (pairs.len() as u64, parts as u64);
        let at = |q: u64| (len * q / parts) as usize;
        pairs[at(p as u64)..at(p as u64 + 1)]
            .iter()
            .map(|&(r, c)| (c, r))
    })?;
    drop(pairs);
    let (mut offsets, mut adj) = transpose(rows, &c_offsets, &c_adj)?;
    drop((c_offsets, c_adj));
    dedup_sorted(&mut offsets, &mut adj);
    Ok((offsets, adj))
}

/// [`sorted_rows`] carrying a value per pair: each repeated `(row, col)`
/// is folded into one entry by `merge(kept, other)`, in input order.
pub(crate) fn sorted_rows_with<T: Copy + Default>(
    rows: usize,
    cols: usize,
    pairs: &[(u32, u32)],
    vals: &[T],
    merge: impl FnMut(&mut T, T),
) -> Result<Valued<T>, OutOfMemory> {
    debug_assert_eq!(pairs.len(), vals.len());
    let (c_offsets, c_adj, c_vals) = group_with(cols, pairs.len(), || {
        pairs.iter().zip(vals).map(|(&(r, c), &w)| (c, r, w))
    })?;
    let (mut offsets, mut adj, mut out) = transpose_with(rows, &c_offsets, &c_adj, &c_vals)?;
    drop((c_offsets, c_adj, c_vals));
    dedup_sorted_with(&mut offsets, &mut adj, &mut out, merge);
    Ok((offsets, adj, out))
}

/// The undirected adjacency of `n` vertices: each pair stored in both
/// directions, lists ascending, repeats (in either direction) merged and
/// self-loops dropped. The caller guarantees `2 · pairs.len() <= u32::MAX`.
pub(crate) fn undirected(
    n: usize,
    pairs: &[(u32, u32)],
) -> Result<(Vec<u32>, Vec<u32>), OutOfMemory> {
    let len = 2 * pairs.iter().filter(|&&(a, b)| a != b).count();
    let (g_offsets, g_adj) = group(n, len, || {
        pairs
            .iter()
            .filter(|&&(a, b)| a != b)
            .flat_map(|&(a, b)| [(a, b), (b, a)])
    })?;
    // The adjacency is symmetric, so its transpose is itself, sorted.
    let (mut offsets, mut adj) = transpose(n, &g_offsets, &g_adj)?;
    drop((g_offsets, g_adj));
    dedup_sorted(&mut offsets, &mut adj);
    Ok((offsets, adj))
}

/// Removes repeated entries from sorted lists in place, rewriting the
/// offsets.
pub(crate) fn dedup_sorted(offsets: &mut [u32], adj: &mut Vec<u32>) {
    // Values of size zero: no memory, and the merge compiles away.
    let mut none = vec![(); adj.len()];
    dedup_sorted_with(offsets, adj, &mut none, |_, _| {});
}

/// [`dedup_sorted`] carrying values: each run of equal targets in a list
/// becomes one entry whose value is folded by `merge(kept, other)`.
pub(crate) fn dedup_sorted_with<T: Copy>(
    offsets: &mut [u32],
    adj: &mut Vec<u32>,
    vals: &mut Vec<T>,
    mut merge: impl FnMut(&mut T, T),
) {
    let mut write = 0usize;
    let mut start = 0usize;
    for i in 0..offsets.len().saturating_sub(1) {
        let end = idx(offsets[i + 1]);
        let list_start = write;
        for read in start..end {
            let (x, w) = (adj[read], vals[read]);
            if write > list_start && adj[write - 1] == x {
                merge(&mut vals[write - 1], w);
            } else {
                adj[write] = x;
                vals[write] = w;
                write += 1;
            }
        }
        start = end;
        offsets[i + 1] = id(write);
    }
    adj.truncate(write);
    adj.shrink_to_fit();
    vals.truncate(write);
    vals.shrink_to_fit();
}

/// Writes a CSR row by row when the caller generates each row's list
/// itself, in order (boards, renumbered copies): all memory is reserved up
/// front, fallibly, so the writing loop only stores.
#[derive(Debug)]
pub(crate) struct RowWriter {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl RowWriter {
    /// Room for `rows` rows and `entries` targets in all. The caller
    /// guarantees `entries <= u32::MAX`.
    pub(crate) fn new(
        rows: usize,
        entries: usize,
        what: &'static str,
    ) -> Result<RowWriter, OutOfMemory> {
        let mut offsets = try_vec(rows.saturating_add(1), what)?;
        offsets.push(0);
        Ok(RowWriter {
            offsets,
            targets: try_vec(entries, what)?,
        })
    }

    /// Appends a target to the current row. Past the reserved `entries`
    /// the vector grows as usual (infallibly): reserve exactly.
    #[inline(always)]
    pub(crate) fn push(&mut self, target: u32) {
        self.targets.push(target);
    }

    /// The targets written so far.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.targets.len()
    }

    /// Closes the current row.
    #[inline(always)]
    pub(crate) fn end_row(&mut self) {
        self.offsets.push(id(self.targets.len()));
    }

    /// Appends, in order, those of `candidates` whose `keep` is set,
    /// without a branch on the data: for rows drawn from a fixed pattern
    /// of candidates (a board cell's neighbours). All `K` candidates are
    /// written before the ones not kept are dropped, so reserve `K - 1`
    /// targets more than are kept in all.
    #[inline(always)]
    pub(crate) fn push_kept<const K: usize>(&mut self, candidates: [u32; K], keep: [bool; K]) {
        let mut end = self.targets.len();
        self.targets.extend_from_slice(&candidates);
        for (target, kept) in candidates.into_iter().zip(keep) {
            self.targets[end] = target;
            end += usize::from(kept);
        }
        self.targets.truncate(end);
    }

    /// Closes the current row if `close` is set, else leaves the rows as
    /// they are (the targets pushed since the last row then belong to the
    /// next one), without a branch on `close`; reserve one row more than
    /// are closed in all.
    #[inline(always)]
    pub(crate) fn end_row_if(&mut self, close: bool) {
        self.offsets.push(id(self.targets.len()));
        self.offsets
            .truncate(self.offsets.len() - usize::from(!close));
    }

    /// The offsets (one more than the rows closed) and the targets.
    pub(crate) fn finish(self) -> (Vec<u32>, Vec<u32>) {
        (self.offsets, self.targets)
    }
}

impl From<OutOfMemory> for GraphError {
    fn from(e: OutOfMemory) -> Self {
        GraphError::OutOfMemory {
            what: e.what,
            bytes: e.bytes,
        }
    }
}

impl GraphError {
    /// The error for a bad edge of a bipartite edge list (first end left).
    pub(crate) fn from_bipartite_fault(fault: EdgeFault) -> Self {
        let side = EdgeFault::side;
        match fault {
            EdgeFault::OutOfRange {
                position,
                end,
                value,
                bound,
            } => GraphError::EndpointOutOfRange {
                position,
                side: side(end),
                value,
                bound,
            },
            EdgeFault::Negative {
                position,
                end,
                value,
            } => GraphError::NegativeEndpoint {
                position,
                side: side(end),
                value,
            },
            EdgeFault::TooMany { count, limit } => GraphError::TooManyEdges { count, limit },
            EdgeFault::OutOfMemory(e) => e.into(),
        }
    }

    /// The error for a bad edge of an undirected edge list.
    pub(crate) fn from_undirected_fault(fault: EdgeFault) -> Self {
        match fault {
            EdgeFault::OutOfRange {
                position,
                value,
                bound,
                ..
            } => GraphError::VertexOutOfRange {
                position,
                value,
                bound,
            },
            EdgeFault::Negative {
                position, value, ..
            } => GraphError::NegativeVertex { position, value },
            EdgeFault::TooMany { count, limit } => GraphError::TooManyEdges { count, limit },
            EdgeFault::OutOfMemory(e) => e.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_stable_and_offsets_restored() {
        let items = [(2, 10u32), (0, 11), (2, 12), (1, 13), (2, 14)];
        let (offsets, values) = group(4, items.len(), || items.iter().copied()).unwrap();
        assert_eq!(offsets, [0, 1, 2, 5, 5]);
        assert_eq!(values, [11, 13, 10, 12, 14]);
    }

    #[test]
    fn transpose_sorts_and_dedup_merges() {
        // rows: 0 -> [2, 0], 1 -> [0, 0]
        let (t_off, t_adj) = transpose(3, &[0, 2, 4], &[2, 0, 0, 0]).unwrap();
        assert_eq!(
            (t_off.as_slice(), t_adj.as_slice()),
            (&[0, 3, 3, 4][..], &[0, 1, 1, 0][..])
        );
        let (mut off, mut adj) = transpose(2, &t_off, &t_adj).unwrap();
        assert_eq!(adj, [0, 2, 0, 0]);
        dedup_sorted(&mut off, &mut adj);
        assert_eq!(
            (off.as_slice(), adj.as_slice()),
            (&[0, 2, 3][..], &[0, 2, 0][..])
        );
    }

    #[test]
    fn collectors_check_ends_sign_and_count() {
        let ok = collect_edges([2, 3], 10, [(1u32, 2u32), (0, 0)]).unwrap();
        assert_eq!(ok, [(1, 2), (0, 0)]);
        assert_eq!(
            collect_edges([2, 3], 10, [(0usize, 0usize), (0, 3)].iter()),
            Err(EdgeFault::OutOfRange {
                position: 1,
                end: 1,
                value: 3,
                bound: 3
            })
        );
        assert_eq!(
            collect_edges([2, 3], 10, [(0, 0), (-1, 0)]),
            Err(EdgeFault::Negative {
                position: 1,
                end: 0,
                value: -1
            })
        );
        assert_eq!(
            collect_edges([1, 1], 2, std::iter::repeat((0, 0)).take(5)),
            Err(EdgeFault::TooMany { count: 3, limit: 2 })
        );
        let (pairs, w) =
            collect_weighted([2, 2], 10, [(0u32, 1u32, 5i64), (1, 0, -2)].iter()).unwrap();
        assert_eq!((pairs, w), (vec![(0, 1), (1, 0)], vec![5, -2]));
    }

    #[test]
    fn sorted_rows_merge_repeats_with_their_values() {
        let pairs = [(1, 2), (0, 1), (1, 0), (1, 2), (0, 1)];
        let (off, adj) = sorted_rows(2, 3, pairs.to_vec()).unwrap();
        assert_eq!((off, adj), (vec![0, 1, 3], vec![1, 0, 2]));
        let vals = [5, 7, 1, 3, 9];
        let (off, adj, v) = sorted_rows_with(2, 3, &pairs, &vals, |k, o| *k = (*k).min(o)).unwrap();
        assert_eq!((off, adj, v), (vec![0, 1, 3], vec![1, 0, 2], vec![7, 1, 3]));
    }

    #[test]
    fn undirected_stores_both_ways_and_drops_loops() {
        let pairs = [(0, 2), (2, 0), (1, 1), (2, 1)];
        let (off, adj) = undirected(3, &pairs).unwrap();
        assert_eq!((off, adj), (vec![0, 1, 2, 4], vec![2, 2, 0, 1]));
    }

    #[test]
    fn rows_written_in_order() {
        let mut w = RowWriter::new(3, 3, "test").unwrap();
        w.push(1);
        w.end_row();
        w.end_row();
        w.push(0);
        w.push(2);
        w.end_row();
        assert_eq!(w.finish(), (vec![0, 1, 1, 3], vec![1, 0, 2]));
    }

    #[test]
    fn kept_targets_and_rows() {
        let mut w = RowWriter::new(3, 2 + 3, "test").unwrap();
        w.push_kept([7, 8, 9, 6], [false, true, false, true]);
        w.end_row_if(true);
        // a row not closed keeps no target
        w.push_kept([5, 5, 5, 5], [false; 4]);
        w.end_row_if(false);
        w.push_kept([0, 1, 2, 3], [false, false, true, false]);
        w.end_row_if(true);
        assert_eq!(w.finish(), (vec![0, 2, 3], vec![8, 6, 2]));
    }

    #[test]
    fn impossible_sizes_are_errors() {
        assert!(try_vec::<u64>(usize::MAX / 4, "test").is_err());
        assert!(filled(usize::MAX / 2, 0u32, "test").is_err());
    }
}
