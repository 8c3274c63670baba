//! The degree-one rule and its chain reactions, from the few ends of a
//! graph, for [`Auto`](crate::Auto).

use crate::util::{id, idx, UNMATCHED};
use crate::Bipartite;

/// The degree-one rule of R. M. Karp and M. Sipser, followed through its
/// chain reactions from the given matching: a free vertex with
/// exactly one free neighbour is matched to it (some maximum matching of
/// what remains does so), and every match may leave neighbours of its two
/// vertices with one free neighbour, which are matched in turn, until no
/// such vertex is left. Returns the number of pairs matched.
///
/// Unlike [`KarpSipser`](crate::KarpSipser) it never chooses: it only
/// follows what the rule forces, and it keeps no residual degree for the
/// vertices it does not reach. Each side has a count of the neighbours a
/// vertex lost to matches (zeroed memory, which the allocator hands out
/// without touching it); a free vertex's residual degree is its degree
/// less that count. So the cost is the adjacency of the matched vertices
/// and of the vertices they leave with one free neighbour, plus the
/// zeroed counts (4 bytes per vertex): small when the chains are short,
/// one Karp–Sipser pass over the matched part when they run through the
/// whole graph (on Hi-Lo graphs one chain matches every vertex). The
/// pairs of the given matching are counted first (one pass over the mates
/// and the adjacency of the matched vertices), and the free vertices they
/// leave with one free neighbour start chains too; pairs that the rule
/// itself made (the walks of [`Auto`](crate::Auto)) keep the result part
/// of a maximum matching.
///
/// `ends` lists further vertices to start from (`(true, u)` for left `u`,
/// `(false, v)` for right `v`), usually every vertex of degree one; a
/// listed vertex that is not free with exactly one free neighbour when its
/// turn comes is skipped, so any list is safe.
///
/// # Panics
///
/// An end out of range panics (the caller lists vertices of `graph`).
pub(crate) fn match_forced(
    graph: &Bipartite,
    left_mate: &mut [u32],
    right_mate: &mut [u32],
    ends: impl IntoIterator<Item = (bool, usize)>,
) -> usize {
    let mut lost_left = vec![0u32; graph.left_count()];
    let mut lost_right = vec![0u32; graph.right_count()];
    let (left_offsets, left_adj) = graph.left_csr();
    let (right_offsets, right_adj) = graph.right_csr();
    let left_list = |u: usize| &left_adj[idx(left_offsets[u])..idx(left_offsets[u + 1])];
    let right_list = |v: usize| &right_adj[idx(right_offsets[v])..idx(right_offsets[v + 1])];
    // Pending vertices, each side on its own stack.
    let (mut left_stack, mut right_stack): (Vec<u32>, Vec<u32>) = (Vec::new(), Vec::new());
    // The pairs already there: their free neighbours lost one each.
    for (u, &v) in left_mate.iter().enumerate() {
        if v == UNMATCHED {
            continue;
        }
        for &w in left_list(u) {
            let w = idx(w);
            if right_mate[w] == UNMATCHED {
                lost_right[w] += 1;
                if right_list(w).len() as u32 - lost_right[w] == 1 {
                    right_stack.push(id(w));
                }
            }
        }
        for &w in right_list(idx(v)) {
            let w = idx(w);
            if left_mate[w] == UNMATCHED {
                lost_left[w] += 1;
                if left_list(w).len() as u32 - lost_left[w] == 1 {
                    left_stack.push(id(w));
                }
            }
        }
    }
    let mut ends = ends.into_iter();
    let mut matched = 0;
    loop {
        let (left, x) = if let Some(u) = left_stack.pop() {
            (true, idx(u))
        } else if let Some(v) = right_stack.pop() {
            (false, idx(v))
        } else if let Some(end) = ends.next() {
            end
        } else {
            return matched;
        };
        // The pair (u, v) the rule forces at x, if it still does.
        let (u, v) = if left {
            let adj = left_list(x);
            if left_mate[x] != UNMATCHED || adj.len() as u32 - lost_left[x] != 1 {
                continue;
            }
            match adj.iter().find(|&&v| right_mate[idx(v)] == UNMATCHED) {
                Some(&v) => (x, idx(v)),
                None => continue,
            }
        } else {
            let adj = right_list(x);
            if right_mate[x] != UNMATCHED || adj.len() as u32 - lost_right[x] != 1 {
                continue;
            }
            match adj.iter().find(|&&u| left_mate[idx(u)] == UNMATCHED) {
                Some(&u) => (idx(u), x),
                None => continue,
            }
        };
        left_mate[u] = id(v);
        right_mate[v] = id(u);
        matched += 1;
        // u is taken: its free right neighbours lose a free neighbour.
        for &w in left_list(u) {
            let w = idx(w);
            if right_mate[w] == UNMATCHED {
                lost_right[w] += 1;
                if right_list(w).len() as u32 - lost_right[w] == 1 {
                    right_stack.push(id(w));
                }
            }
        }
        // And v's free left neighbours.
        for &w in right_list(v) {
            let w = idx(w);
            if left_mate[w] == UNMATCHED {
                lost_left[w] += 1;
                if left_list(w).len() as u32 - lost_left[w] == 1 {
                    left_stack.push(id(w));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{HopcroftKarp, Matcher, Matching};

    /// Random graphs with some vertices of degree one, as xorshift draws.
    fn random_graph(seed: u64, l: usize, r: usize, edges: usize) -> Bipartite {
        let mut state = seed | 1;
        let mut next = |m: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % m.max(1) as u64) as usize
        };
        let list: Vec<(usize, usize)> = if l == 0 || r == 0 {
            Vec::new()
        } else {
            (0..edges).map(|_| (next(l), next(r))).collect()
        };
        Bipartite::from_edges(l, r, list).unwrap()
    }

    fn ends_of(g: &Bipartite) -> Vec<(bool, usize)> {
        let left = (0..g.left_count())
            .filter(|&u| g.left_adj(u).len() == 1)
            .map(|u| (true, u));
        let right = (0..g.right_count())
            .filter(|&v| g.right_adj(v).len() == 1)
            .map(|v| (false, v));
        left.chain(right).collect()
    }

    /// What the rule matched is part of a maximum matching (a maximum
    /// matching of the rest completes it), and it left no free vertex with
    /// exactly one free neighbour among the vertices it could reach.
    #[test]
    fn forced_pairs_extend_to_a_maximum_matching() {
        for seed in 0..400u64 {
            let l = seed as usize % 23;
            let r = (seed as usize * 7) % 19;
            let g = random_graph(seed, l, r, (l + r) * (1 + seed as usize % 3) / 2);
            let best = HopcroftKarp.maximum_matching(&g).len();
            let mut left = vec![UNMATCHED; l];
            let mut right = vec![UNMATCHED; r];
            let n = match_forced(&g, &mut left, &mut right, ends_of(&g));
            let m = Matching::from_mates(left.clone(), right.clone());
            m.check(&g).unwrap();
            assert_eq!(m.len(), n);
            let rest: Vec<(usize, usize)> = g
                .edges()
                .filter(|(u, v)| left[u.index()] == UNMATCHED && right[v.index()] == UNMATCHED)
                .map(|(u, v)| (u.index(), v.index()))
                .collect();
            let rest = Bipartite::from_edges(l, r, rest).unwrap();
            let completion = HopcroftKarp.maximum_matching(&rest).len();
            assert_eq!(n + completion, best, "seed {seed}");
            // Every vertex of degree one is matched or has no free
            // neighbour left: the chain reactions ran to their end.
            for (is_left, x) in ends_of(&g) {
                let (mate, adj, other) = if is_left {
                    (left[x], g.left_adj(x), &right)
                } else {
                    (right[x], g.right_adj(x), &left)
                };
                assert!(mate != UNMATCHED || other[idx(adj[0])] != UNMATCHED);
            }
        }
    }

    /// From a start the rule made (each left vertex of degree one, in
    /// order, takes its neighbour if free), the result is still part of a
    /// maximum matching.
    #[test]
    fn forced_pairs_from_a_start_of_forced_pairs_extend_to_a_maximum_matching() {
        for seed in 0..400u64 {
            let (l, r) = (1 + seed as usize % 20, 1 + (seed as usize * 3) % 17);
            let g = random_graph(seed, l, r, l + r);
            let best = HopcroftKarp.maximum_matching(&g).len();
            let (mut left, mut right) = (vec![UNMATCHED; l], vec![UNMATCHED; r]);
            let mut start = 0;
            for (u, mate) in left.iter_mut().enumerate() {
                if let [v] = *g.left_adj(u) {
                    if right[idx(v)] == UNMATCHED {
                        (*mate, right[idx(v)]) = (v, id(u));
                        start += 1;
                    }
                }
            }
            let n = match_forced(&g, &mut left, &mut right, std::iter::empty());
            let m = Matching::from_mates(left.clone(), right.clone());
            m.check(&g).unwrap();
            assert_eq!(m.len(), start + n);
            let rest: Vec<(usize, usize)> = g
                .edges()
                .filter(|(u, v)| left[u.index()] == UNMATCHED && right[v.index()] == UNMATCHED)
                .map(|(u, v)| (u.index(), v.index()))
                .collect();
            let rest = Bipartite::from_edges(l, r, rest).unwrap();
            assert_eq!(
                m.len() + HopcroftKarp.maximum_matching(&rest).len(),
                best,
                "seed {seed}"
            );
        }
    }

    #[test]
    fn a_chain_reaction_matches_a_hi_lo_graph_from_one_end() {
        // Hi-Lo with 3 groups of 4: one left vertex of degree one starts a
        // chain through every vertex, whatever the numbering.
        let (g_count, k) = (3usize, 4usize);
        let mut edges = Vec::new();
        for j in 0..g_count {
            for i in 0..k {
                let x = j * k + i;
                edges.extend((0..=i).map(|l| (x, j * k + l)));
                if j + 1 < g_count {
                    edges.extend((i..k).map(|l| (x, (j + 1) * k + l)));
                }
            }
        }
        let g = Bipartite::from_edges(12, 12, edges).unwrap();
        let mut left = vec![UNMATCHED; 12];
        let mut right = vec![UNMATCHED; 12];
        // Only the left end: the last group's first vertex.
        assert_eq!(match_forced(&g, &mut left, &mut right, [(true, 8)]), 12);
        assert_eq!(left, (0..12).collect::<Vec<u32>>());
    }

    #[test]
    fn empty_sides_and_stale_ends_are_harmless() {
        for (l, r) in [(0, 0), (0, 5), (5, 0)] {
            let g = Bipartite::from_edges(l, r, std::iter::empty::<(usize, usize)>()).unwrap();
            let (mut left, mut right) = (vec![UNMATCHED; l], vec![UNMATCHED; r]);
            let ends: Vec<(bool, usize)> = (0..l)
                .map(|u| (true, u))
                .chain((0..r).map(|v| (false, v)))
                .collect();
            assert_eq!(match_forced(&g, &mut left, &mut right, ends), 0);
        }
        // A listed vertex of degree two, or listed twice, is skipped.
        let g = Bipartite::from_edges(2, 2, [(0, 0), (0, 1), (1, 1)]).unwrap();
        let (mut left, mut right) = (vec![UNMATCHED; 2], vec![UNMATCHED; 2]);
        let n = match_forced(&g, &mut left, &mut right, [(true, 0), (true, 1), (true, 1)]);
        assert_eq!((n, left, right), (2, vec![0, 1], vec![0, 1]));
    }
}
