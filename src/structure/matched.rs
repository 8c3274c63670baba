//! A maximum matching found together with the alternating search from its
//! free left vertices.
//!
//! First-fit greedy, then one breadth-first search for an augmenting path
//! from each free left vertex in turn (Kuhn's method). The marks of a search
//! that fails are kept for good: the vertices it reached, Z, are closed
//! (every edge of a left vertex of Z leads to a right vertex of Z, and every
//! right vertex of Z is matched to a left vertex of Z), so no augmenting
//! path can ever pass through them, and augmenting elsewhere changes no
//! pair inside them. Later searches skip them, so the failed searches cost
//! O(V + E) together; only the successful ones repeat work, and they are
//! few after the greedy start on most inputs (on a board with a quarter of
//! its cells blocked, one free left vertex in fifty needs one). When they
//! are done, the kept marks are exactly what the search from the free left
//! vertices of the final matching reaches: every free left vertex failed,
//! and its region has not changed since. The search from the free right
//! vertices is then run as `non_essential_vertices` runs it.
//!
//! The successful searches are cut off once they have scanned 2 (V + E)
//! arcs; the default matcher then matches the graph from scratch and both
//! searches run as usual, so the worst case is the default matcher's plus
//! O(V + E). A serpentine corridor, whose augmenting paths are as long as
//! the board, is the input that hits the cut-off.

use super::search::{reach, search_from, Bits, Reach};
use crate::error::MatchingError;
use crate::graph::Bipartite;
use crate::matching::Matching;
use crate::util::{id, idx, UNMATCHED};

/// The arcs the successful searches may scan, per vertex and edge of the
/// graph, before the default matcher takes over.
const BUDGET: usize = 2;

/// A maximum matching of `graph` and the two alternating searches of
/// [`reach`] over it.
///
/// # Errors
///
/// Only if the default matcher, on the fallback path, returned a matching
/// that is not maximum (never, by its tests): the error `reach` gives then.
pub(crate) fn matching_and_reach(graph: &Bipartite) -> Result<(Matching, Reach), MatchingError> {
    matching_and_reach_within(
        graph,
        BUDGET * (graph.left_count() + graph.right_count() + graph.edge_count()),
    )
}

/// [`matching_and_reach`] with the successful searches cut off after
/// `budget` arcs.
pub(crate) fn matching_and_reach_within(
    graph: &Bipartite,
    budget: usize,
) -> Result<(Matching, Reach), MatchingError> {
    if let Some((left_mate, right_mate, right_in_left, left_in_left)) = grow(graph, budget) {
        let free_right = right_mate
            .iter()
            .enumerate()
            .filter(|&(_, &mate)| mate == UNMATCHED)
            .map(|(v, _)| id(v));
        let right_search = search_from(
            &graph.right_offsets,
            &graph.right_adj,
            &left_mate,
            Bits::new(left_mate.len()),
            free_right,
        );
        // The matching is maximum, so the search meets no free left vertex;
        // if it ever did, the usual route below answers instead.
        if let Ok((left_in_right, right_in_right)) = right_search {
            let reach = Reach {
                left_in_left,
                right_in_left,
                left_in_right,
                right_in_right,
            };
            return Ok((Matching::from_mates(left_mate, right_mate), reach));
        }
    }
    let m = crate::maximum_matching(graph);
    let r = reach(graph, &m, true)?;
    Ok((m, r))
}

/// Greedy, then the searches; `None` once the successful ones have scanned
/// more than `budget` arcs. Returns the mates and the marks of the failed
/// searches: right vertices, then left vertices.
fn grow(graph: &Bipartite, budget: usize) -> Option<(Vec<u32>, Vec<u32>, Bits, Bits)> {
    let (offsets, adj) = (&graph.left_offsets, &graph.left_adj);
    let (left, right) = (graph.left_count(), graph.right_count());
    let mut left_mate = vec![UNMATCHED; left];
    let mut right_mate = vec![UNMATCHED; right];
    for (u, mate) in left_mate.iter_mut().enumerate() {
        if let Some(&v) = graph
            .left_adj(u)
            .iter()
            .find(|&&v| right_mate[idx(v)] == UNMATCHED)
        {
            *mate = v;
            right_mate[idx(v)] = id(u);
        }
    }
    // Right vertices marked: by the search under way, or for good by a
    // failed one.
    let mut marked = Bits::new(right);
    let mut reached = Bits::new(left);
    // For a right vertex marked by the search under way: the left vertex
    // it was reached from.
    let mut parent = vec![UNMATCHED; right];
    let mut queue: Vec<u32> = Vec::new();
    let mut work = 0usize;
    for root in 0..left {
        if left_mate[root] != UNMATCHED {
            continue;
        }
        queue.clear();
        queue.push(id(root));
        let mut head = 0;
        let mut found = UNMATCHED;
        let mut scanned = 0usize;
        'search: while head < queue.len() {
            let x = idx(queue[head]);
            head += 1;
            let list = &adj[idx(offsets[x])..idx(offsets[x + 1])];
            scanned += list.len() + 1;
            for &v in list {
                if !marked.insert(idx(v)) {
                    continue;
                }
                parent[idx(v)] = id(x);
                let w = right_mate[idx(v)];
                if w == UNMATCHED {
                    found = v;
                    break 'search;
                }
                queue.push(w);
            }
        }
        if found == UNMATCHED {
            // Failed: its marks stay, and its left vertices are in Z_L.
            for &x in &queue {
                reached.insert(idx(x));
            }
            continue;
        }
        work += scanned;
        if work > budget {
            return None;
        }
        // Unmark what this search marked: the mates of the vertices it
        // entered, and the free vertex it found.
        for &x in &queue[1..] {
            marked.remove(idx(left_mate[idx(x)]));
        }
        marked.remove(idx(found));
        // Augment along the parents, from the free right vertex back to the root.
        let mut v = found;
        loop {
            let x = parent[idx(v)];
            let next = left_mate[idx(x)];
            left_mate[idx(x)] = v;
            right_mate[idx(v)] = x;
            if next == UNMATCHED {
                break;
            }
            v = next;
        }
    }
    Some((left_mate, right_mate, marked, reached))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::structure::search::reach;

    /// The graph of a `rows` × `cols` board whose cell is free when
    /// `free(r, c)`: even cells left, odd right, each side row-major.
    fn board(rows: usize, cols: usize, free: impl Fn(usize, usize) -> bool) -> Bipartite {
        let mut number = vec![usize::MAX; rows * cols];
        let mut counts = [0usize; 2];
        for r in 0..rows {
            for c in 0..cols {
                if free(r, c) {
                    number[r * cols + c] = counts[(r + c) % 2];
                    counts[(r + c) % 2] += 1;
                }
            }
        }
        let mut edges = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if (r + c) % 2 != 0 || !free(r, c) {
                    continue;
                }
                let u = number[r * cols + c];
                let around = [
                    (r + 1, c),
                    (r, c + 1),
                    (r.wrapping_sub(1), c),
                    (r, c.wrapping_sub(1)),
                ];
                for (rr, cc) in around {
                    if rr < rows && cc < cols && free(rr, cc) {
                        edges.push((u, number[rr * cols + cc]));
                    }
                }
            }
        }
        Bipartite::from_edges(counts[0], counts[1], edges).unwrap()
    }

    fn check(g: &Bipartite, budget: usize) {
        let (m, r) = matching_and_reach_within(g, budget).unwrap();
        // Maximum: the size of a second matcher's, and the usual route's
        // searches over it accept it and reach the same vertices.
        assert_eq!(m.len(), crate::HopcroftKarp.maximum_matching(g).len());
        let again = reach(g, &m, true).unwrap();
        assert_eq!(r.left_in_left, again.left_in_left);
        assert_eq!(r.right_in_left, again.right_in_left);
        assert_eq!(r.left_in_right, again.left_in_right);
        assert_eq!(r.right_in_right, again.right_in_right);
    }

    use crate::Matcher;

    #[test]
    fn the_kept_marks_are_the_search_of_the_final_matching() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for round in 0..300 {
            let (rows, cols) = (1 + next(12), 1 + next(12));
            let p = next(60);
            let cells: Vec<bool> = (0..rows * cols).map(|_| next(100) >= p).collect();
            let g = board(rows, cols, |r, c| cells[r * cols + c]);
            // Generous, none (the fallback at the first success), and tight.
            for budget in [usize::MAX, 0, round % 7] {
                check(&g, budget);
            }
            // Random graphs, lopsided too.
            let (l, r) = (next(30), next(30));
            let edges: Vec<(usize, usize)> = if l == 0 || r == 0 {
                Vec::new()
            } else {
                (0..next(80)).map(|_| (next(l), next(r))).collect()
            };
            let g = Bipartite::from_edges(l, r, edges).unwrap();
            for budget in [usize::MAX, 0, round % 5] {
                check(&g, budget);
            }
        }
    }

    #[test]
    fn a_serpentine_corridor_goes_over_the_budget_and_is_still_answered() {
        // Rows of 9, every other row blocked but for one turn cell.
        let (rows, cols) = (15, 9);
        let free =
            |r: usize, c: usize| r % 2 == 0 || c == if (r / 2) % 2 == 0 { cols - 1 } else { 0 };
        let g = board(rows, cols, free);
        let (l, r, e) = (g.left_count(), g.right_count(), g.edge_count());
        check(&g, BUDGET * (l + r + e));
        check(&g, 0);
    }
}
