//! The starts of the blossom engine: on sparse graphs Karp–Sipser (match
//! degree-1 vertices to their only neighbour while there are any,
//! otherwise the latest vertex left with two free neighbours, or else the
//! next free vertex, to its neighbour of smallest remaining degree), which
//! reads every edge; on dense graphs a greedy pass that stops reading a
//! row at its first free neighbour.

use super::Graph;
use crate::util::{id, idx, UNMATCHED};

/// In `degree`: the vertex is matched.
const MATCHED: u8 = u8::MAX;
/// In `degree`: at least this many free neighbours, no longer counted (the
/// degree-1 rule then never sees the vertex; the searches repair the
/// rare loss).
const MANY: u8 = u8::MAX - 1;

/// Extends the matching `mate` (consistent, of `graph`) to a maximal one by
/// the Karp–Sipser rules; returns the number of pairs added.
///
/// The degree-1 rule never loses: some maximum matching contains the edge
/// of a vertex with one free neighbour. The other choices are heuristic;
/// the searches that follow repair them. When no vertex has one free
/// neighbour, the vertex taken next is the one whose count fell to 2 last
/// (a vertex of smallest degree, as in the minimum-degree greedy, and next
/// to the pair just made), else the next free vertex by id. On thin
/// structures the pairs then follow one another whatever the numbering: a
/// ladder is matched rung by rung from a corner, a triangle strip pair by
/// pair from an end, a grid from its corners inwards, each perfectly;
/// matched from vertices in id order with random ids, they are left with
/// thousands of free vertices far apart (10^6 vertices: 4 % of a strip,
/// 1.5 % of a grid), and the engine took 2.5–3.5 times as long.
///
/// Karp and Sipser, "Maximum matchings in sparse random graphs" (FOCS
/// 1981). Time O(V + E): each vertex's list is scanned when the vertex is
/// matched and when it leaves the degree-1 or degree-2 stack. Extra space:
/// 1 byte per vertex and the two stacks (at most 4 bytes per vertex each:
/// a vertex's count falls to 1 once and to 2 once).
pub(crate) fn karp_sipser(graph: &Graph, mate: &mut [u32]) -> usize {
    let n = graph.vertex_count();
    // The number of free neighbours of a free vertex (saturating at MANY),
    // or MATCHED: one byte a vertex, so that the random accesses of the hot
    // loops mostly stay in cache.
    let empty = mate.iter().all(|&m| m == UNMATCHED);
    let mut degree: Vec<u8> = (0..n)
        .map(|v| {
            let d = if mate[v] != UNMATCHED {
                return MATCHED;
            } else if empty {
                graph.degree(v)
            } else {
                let free = graph
                    .adj_of(v)
                    .iter()
                    .filter(|&&w| mate[idx(w)] == UNMATCHED);
                free.count()
            };
            u8::try_from(d).map_or(MANY, |d| d.min(MANY))
        })
        .collect();
    // The vertices whose count is or fell to 1 (`low[0]`) and to 2
    // (`low[1]`, the first ids on top), stale entries skipped when popped.
    let mut low = [
        (0..n)
            .filter(|&v| degree[v] == 1)
            .map(id)
            .collect::<Vec<u32>>(),
        (0..n).rev().filter(|&v| degree[v] == 2).map(id).collect(),
    ];
    // Matches v and w, then lowers the degree of their free neighbours.
    let take =
        |v: usize, w: usize, mate: &mut [u32], degree: &mut [u8], low: &mut [Vec<u32>; 2]| {
            mate[v] = id(w);
            mate[w] = id(v);
            degree[v] = MATCHED;
            degree[w] = MATCHED;
            for x in [v, w] {
                for &y in graph.adj_of(x) {
                    let d = &mut degree[idx(y)];
                    if *d < MANY {
                        *d -= 1;
                        if let 1 | 2 = *d {
                            low[usize::from(*d) - 1].push(y);
                        }
                    }
                }
            }
        };
    let mut added = 0;
    let mut next = 0; // scan pointer for the second rule
    loop {
        while let Some(v) = low[0].pop() {
            let v = idx(v);
            if degree[v] != 1 {
                continue; // matched since, or its last neighbour went
            }
            let free = graph.adj_of(v).iter().find(|&&w| degree[idx(w)] != MATCHED);
            if let Some(&w) = free {
                take(v, idx(w), mate, &mut degree, &mut low);
                added += 1;
            }
        }
        // No degree-1 vertex left: the latest vertex whose count fell to
        // 2, else the next free vertex with free neighbours, matched to
        // its neighbour of smallest remaining degree.
        let mut v = None;
        while let Some(u) = low[1].pop() {
            if degree[idx(u)] == 2 {
                v = Some(idx(u));
                break;
            }
        }
        let v = match v {
            Some(v) => v,
            None => {
                while next < n && (degree[next] == MATCHED || degree[next] == 0) {
                    next += 1;
                }
                if next == n {
                    return added;
                }
                next
            }
        };
        let w = graph
            .adj_of(v)
            .iter()
            .map(|&w| idx(w))
            .filter(|&w| degree[w] != MATCHED)
            .min_by_key(|&w| degree[w]);
        match w {
            Some(w) => {
                take(v, w, mate, &mut degree, &mut low);
                added += 1;
            }
            None => degree[v] = 0,
        }
    }
}

/// Extends the matching `mate` (consistent, of `graph`) to a maximal one:
/// the vertices in order of increasing degree (ties by id), each free one
/// matched to the first free neighbour of its row, the scan starting
/// after the vertex's own id (the vertices before it were visited first,
/// most of them are matched) and wrapping around. Returns the number of
/// pairs added.
///
/// Vertices of small degree go first, as in Karp–Sipser, but no degree
/// is kept up to date: a row is read only up to its first free
/// neighbour, so on a dense graph most of the edges are never read.
///
/// Time O(V) for the order and O(1 + the entries read) a vertex: at most
/// O(V + E), far less where free neighbours are many. Extra space 8 bytes
/// per vertex.
pub(crate) fn greedy(graph: &Graph, mate: &mut [u32]) -> usize {
    let n = graph.vertex_count();
    // Counting sort by degree.
    let mut start = vec![0u32; n + 1];
    for v in 0..n {
        start[graph.degree(v)] += 1;
    }
    let mut sum = 0;
    for c in &mut start {
        let here = *c;
        *c = sum;
        sum += here;
    }
    let mut order = vec![0u32; n];
    for v in 0..n {
        let slot = &mut start[graph.degree(v)];
        order[idx(*slot)] = id(v);
        *slot += 1;
    }
    drop(start);
    let mut added = 0;
    for &v in &order {
        let v = idx(v);
        if mate[v] != UNMATCHED {
            continue;
        }
        let row = graph.adj_of(v);
        let after = row.partition_point(|&w| idx(w) < v);
        let (low, high) = row.split_at(after);
        if let Some(&w) = high.iter().chain(low).find(|&&w| mate[idx(w)] == UNMATCHED) {
            mate[v] = w;
            mate[idx(w)] = id(v);
            added += 1;
        }
    }
    added
}

/// The start for `graph`: [`greedy`] where the average degree is at
/// least [`DENSE`], else [`karp_sipser`]. Returns the pairs added.
///
/// Karp–Sipser reads every edge; its degree-1 rule, which the greedy pass
/// lacks, pays on sparse graphs, where the matching it leaves spares the
/// searches work. Measured with the engine behind it (10^6 vertices,
/// minimum of 7 runs): with the greedy pass the engine is 3 times slower
/// at average degree 6, 1.1–1.3 times at 8, as fast at 9, and 2–3 times
/// faster at 10 to 16; 2–5 times faster at 30 to 1000 (10^4–10^5
/// vertices) and on complete graphs; 40 times faster on the dense
/// Karp–Sipser-hard graph, which it matches perfectly (its rows of small
/// degree go first). Below the threshold, king-move boards and chains of
/// folds are also 2–3 times slower with it.
pub(crate) fn start(graph: &Graph, mate: &mut [u32]) -> usize {
    if dense(graph) {
        greedy(graph, mate)
    } else {
        karp_sipser(graph, mate)
    }
}

/// Whether [`start`] takes the greedy pass on `graph`: an average degree
/// of at least [`DENSE`].
pub(crate) fn dense(graph: &Graph) -> bool {
    2 * graph.edge_count() >= DENSE * graph.vertex_count().max(1)
}

/// Extends the matching `mate` (consistent, of `graph`) to a maximal one:
/// the vertices in order of their ids, each free one matched to the first
/// free neighbour in its row. Returns the number of pairs added.
///
/// One pass that reads a row only up to its first free neighbour. On
/// paths, grids, strips and most graphs numbered along their structure it
/// leaves at most one vertex with neighbours free, or free vertices whose
/// augmenting paths are short. Time O(V + the entries read).
pub(crate) fn in_order(graph: &Graph, mate: &mut [u32]) -> usize {
    let mut added = 0;
    for v in 0..graph.vertex_count() {
        if mate[v] != UNMATCHED {
            continue;
        }
        if let Some(&w) = graph.adj_of(v).iter().find(|&&w| mate[idx(w)] == UNMATCHED) {
            mate[v] = w;
            mate[idx(w)] = id(v);
            added += 1;
        }
    }
    added
}

/// The average degree from which [`start`] takes the greedy pass.
const DENSE: usize = 9;

#[cfg(test)]
mod tests {
    use super::*;

    /// A number below `m` from a linear congruential generator.
    fn below(state: &mut u64, m: usize) -> usize {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*state >> 33) as usize % m
    }

    /// Relabels the vertices of `edges` by a permutation of 0..n drawn
    /// from `seed`.
    fn shuffled(n: usize, edges: &[(usize, usize)], seed: u64) -> Graph {
        let mut perm: Vec<usize> = (0..n).collect();
        let mut state = seed;
        for i in (1..n).rev() {
            perm.swap(i, below(&mut state, i + 1));
        }
        Graph::from_edges(n, edges.iter().map(|&(u, v)| (perm[u], perm[v]))).unwrap()
    }

    /// The pairs of `mate` are edges, both ways, and no edge has two free
    /// ends; returns the number of free vertices.
    fn maximal_free(g: &Graph, mate: &[u32]) -> usize {
        for v in 0..g.vertex_count() {
            if mate[v] != UNMATCHED {
                assert_eq!(idx(mate[idx(mate[v])]), v);
                assert!(g.adj_of(v).contains(&mate[v]));
            } else {
                assert!(g.adj_of(v).iter().all(|&w| mate[idx(w)] != UNMATCHED));
            }
        }
        mate.iter().filter(|&&m| m == UNMATCHED).count()
    }

    #[test]
    fn thin_structures_are_matched_perfectly_whatever_the_numbering() {
        let k = 1000;
        // A ladder: rails i – i+1 and k+i – k+i+1, rungs i – k+i.
        let mut ladder = Vec::new();
        for i in 0..k {
            ladder.push((i, k + i));
            if i + 1 < k {
                ladder.push((i, i + 1));
                ladder.push((k + i, k + i + 1));
            }
        }
        // A triangle strip: i – i+1 and i – i+2.
        let strip: Vec<(usize, usize)> = (0..2 * k)
            .flat_map(|i| [(i, i + 1), (i, i + 2)])
            .filter(|&(_, j)| j < 2 * k)
            .collect();
        // A grid of 40 × 50.
        let (r, c) = (40, 50);
        let mut grid = Vec::new();
        for i in 0..r {
            for j in 0..c {
                if j + 1 < c {
                    grid.push((i * c + j, i * c + j + 1));
                }
                if i + 1 < r {
                    grid.push((i * c + j, (i + 1) * c + j));
                }
            }
        }
        assert_eq!(r * c, 2 * k);
        for seed in 0..20 {
            for edges in [&ladder, &strip, &grid] {
                let g = shuffled(2 * k, edges, seed);
                let mut mate = vec![UNMATCHED; 2 * k];
                assert_eq!(karp_sipser(&g, &mut mate), k, "seed {seed}");
                assert_eq!(maximal_free(&g, &mate), 0);
            }
        }
    }

    #[test]
    fn the_start_is_a_maximal_matching_from_any_matching() {
        let mut state = 7u64;
        for _ in 0..200 {
            let n = 2 + below(&mut state, 60);
            let m = below(&mut state, 3 * n);
            let edges: Vec<(usize, usize)> = (0..m)
                .map(|_| (below(&mut state, n), below(&mut state, n)))
                .filter(|&(u, v)| u != v)
                .collect();
            let g = Graph::from_edges(n, edges).unwrap();
            // From empty, and from a few pairs already made.
            let mut mate = vec![UNMATCHED; n];
            let added = karp_sipser(&g, &mut mate);
            let free = maximal_free(&g, &mate);
            assert_eq!(2 * added + free, n);
            let mut part = vec![UNMATCHED; n];
            for v in (0..n).step_by(3) {
                let w = mate[v];
                if w != UNMATCHED && part[idx(w)] == UNMATCHED && part[v] == UNMATCHED {
                    part[v] = w;
                    part[idx(w)] = id(v);
                }
            }
            let before = part.iter().filter(|&&w| w != UNMATCHED).count() / 2;
            let added = karp_sipser(&g, &mut part);
            let free = maximal_free(&g, &part);
            assert_eq!(2 * (before + added) + free, n);
        }
    }
}
