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

/// First-fit greedy from the empty matching given by the mate arrays,
/// stopping at the first left vertex that has a neighbour but no free one:
/// says whether every left vertex with a neighbour was matched (then the
/// matching is maximum, as every left vertex is covered). On `false` the
/// mate arrays hold a partial matching the caller discards; the attempt
/// cost the adjacency up to that vertex, at most one pass.
pub(crate) fn greedy_covers_left(
    graph: &Bipartite,
    left_mate: &mut [u32],
    right_mate: &mut [u32],
) -> bool {
    for (u, mate) in left_mate.iter_mut().enumerate() {
        let adj = graph.left_adj(u);
        if adj.is_empty() {
            continue;
        }
        match adj.iter().find(|&&v| right_mate[idx(v)] == UNMATCHED) {
            Some(&v) => {
                *mate = v;
                right_mate[idx(v)] = id(u);
            }
            None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cover_attempt_stops_at_the_first_left_vertex_it_cannot_match() {
        // Left 0 and 1 both see only right 0; left 2 sees right 1.
        let g = Bipartite::from_edges(3, 2, [(0, 0), (1, 0), (2, 1)]).unwrap();
        let (mut left, mut right) = (vec![UNMATCHED; 3], vec![UNMATCHED; 2]);
        assert!(!greedy_covers_left(&g, &mut left, &mut right));
        // It stopped at left 1: left 2 was not reached.
        assert_eq!(left, vec![0, UNMATCHED, UNMATCHED]);
        // A left vertex without neighbours does not stop it.
        let g = Bipartite::from_edges(3, 2, [(0, 0), (2, 1)]).unwrap();
        let (mut left, mut right) = (vec![UNMATCHED; 3], vec![UNMATCHED; 2]);
        assert!(greedy_covers_left(&g, &mut left, &mut right));
        assert_eq!((left, right), (vec![0, UNMATCHED, 1], vec![0, 2]));
    }
}
