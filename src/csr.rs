//! The one compressed-sparse-row builder: every graph of the crate is
//! grouped into adjacency lists here, by a stable counting sort, with its
//! memory reserved fallibly so that a size the machine cannot hold is an
//! error, not an abort.

use crate::error::GraphError;
use crate::util::{id, idx};

/// `len` zeros, or [`GraphError::OutOfMemory`] if they cannot be reserved.
pub(crate) fn zeroed(len: usize, what: &'static str) -> Result<Vec<u32>, GraphError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| GraphError::OutOfMemory {
            what,
            bytes: len.saturating_mul(std::mem::size_of::<u32>()),
        })?;
    v.resize(len, 0);
    Ok(v)
}

/// Groups `len` `(key, value)` items by key `0..n`: returns offsets (length
/// `n + 1`) and the values, each group in the order `items` yields it.
/// `items` is called twice (count, then place). The caller guarantees
/// `len <= u32::MAX`, keys below `n`, and that `items` yields `len` items.
pub(crate) fn group<I>(
    n: usize,
    len: usize,
    items: impl Fn() -> I,
) -> Result<(Vec<u32>, Vec<u32>), GraphError>
where
    I: Iterator<Item = (u32, u32)>,
{
    let mut offsets = zeroed(n + 1, "adjacency offsets")?;
    for (key, _) in items() {
        offsets[idx(key) + 1] += 1;
    }
    for i in 0..n {
        offsets[i + 1] += offsets[i];
    }
    let mut values = zeroed(len, "adjacency lists")?;
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

/// The transpose of a CSR with `cols` columns: each output list comes out
/// ascending, because the input rows are visited in order.
pub(crate) fn transpose(
    cols: usize,
    offsets: &[u32],
    adj: &[u32],
) -> Result<(Vec<u32>, Vec<u32>), GraphError> {
    group(cols, adj.len(), || {
        offsets.windows(2).enumerate().flat_map(move |(row, w)| {
            adj[idx(w[0])..idx(w[1])]
                .iter()
                .map(move |&col| (col, id(row)))
        })
    })
}

/// Removes repeated entries from sorted lists in place, rewriting the
/// offsets.
pub(crate) fn dedup_sorted(offsets: &mut [u32], adj: &mut Vec<u32>) {
    let mut write = 0usize;
    let mut start = 0usize;
    for i in 0..offsets.len().saturating_sub(1) {
        let end = idx(offsets[i + 1]);
        let list_start = write;
        for read in start..end {
            let x = adj[read];
            if write == list_start || adj[write - 1] != x {
                adj[write] = x;
                write += 1;
            }
        }
        start = end;
        offsets[i + 1] = id(write);
    }
    adj.truncate(write);
    adj.shrink_to_fit();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_stable_and_offsets_restored() {
        let items = [(2, 10), (0, 11), (2, 12), (1, 13), (2, 14)];
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
}
