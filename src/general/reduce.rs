//! The Karp–Sipser start: match degree-1 vertices to their only neighbour
//! while there are any, otherwise match the next free vertex to its
//! neighbour of smallest remaining degree.

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
/// the searches that follow repair them.
///
/// Karp and Sipser, "Maximum matchings in sparse random graphs" (FOCS
/// 1981). Time O(V + E): each vertex's list is scanned when the vertex is
/// matched and when it leaves the degree-1 stack. Extra space: 1 byte per
/// vertex and the degree-1 stack (at most 4 bytes per vertex: a vertex's
/// count falls to 1 once).
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
    let mut ones: Vec<u32> = (0..n).filter(|&v| degree[v] == 1).map(id).collect();
    // Matches v and w, then lowers the degree of their free neighbours.
    let take = |v: usize, w: usize, mate: &mut [u32], degree: &mut [u8], ones: &mut Vec<u32>| {
        mate[v] = id(w);
        mate[w] = id(v);
        degree[v] = MATCHED;
        degree[w] = MATCHED;
        for x in [v, w] {
            for &y in graph.adj_of(x) {
                let d = &mut degree[idx(y)];
                if *d < MANY {
                    *d -= 1;
                    if *d == 1 {
                        ones.push(y);
                    }
                }
            }
        }
    };
    let mut added = 0;
    let mut next = 0; // scan pointer for the second rule
    loop {
        while let Some(v) = ones.pop() {
            let v = idx(v);
            if degree[v] != 1 {
                continue; // matched since, or its last neighbour went
            }
            let free = graph.adj_of(v).iter().find(|&&w| degree[idx(w)] != MATCHED);
            if let Some(&w) = free {
                take(v, idx(w), mate, &mut degree, &mut ones);
                added += 1;
            }
        }
        // No degree-1 vertex left: match the next free vertex with free
        // neighbours to its neighbour of smallest remaining degree.
        while next < n && (degree[next] == MATCHED || degree[next] == 0) {
            next += 1;
        }
        if next == n {
            return added;
        }
        let v = next;
        let w = graph
            .adj_of(v)
            .iter()
            .map(|&w| idx(w))
            .filter(|&w| degree[w] != MATCHED)
            .min_by_key(|&w| degree[w]);
        match w {
            Some(w) => {
                take(v, w, mate, &mut degree, &mut ones);
                added += 1;
            }
            None => degree[v] = 0,
        }
    }
}
