//! The greedy start: each free left vertex, in order, takes its first free
//! right neighbour.

use crate::util::{id, idx, UNMATCHED};
use crate::Bipartite;

/// Extends the matching given by the mate arrays greedily in one O(V + E)
/// pass and returns the number of pairs added. The result is a maximal
/// matching (no edge can be added), at least half a maximum one.
pub(crate) fn greedy_extend(
    graph: &Bipartite,
    left_mate: &mut [u32],
    right_mate: &mut [u32],
) -> usize {
    let mut added = 0;
    for (u, mate) in left_mate.iter_mut().enumerate() {
        if *mate != UNMATCHED {
            continue;
        }
        if let Some(&v) = graph
            .left_adj(u)
            .iter()
            .find(|&&v| right_mate[idx(v)] == UNMATCHED)
        {
            *mate = v;
            right_mate[idx(v)] = id(u);
            added += 1;
        }
    }
    added
}
