//! The Karp–Sipser start: match degree-1 vertices to their only neighbour
//! while there are any, otherwise match a vertex of smallest remaining
//! degree to its neighbour of smallest remaining degree.

use super::Graph;
use crate::util::{id, idx, UNMATCHED};

/// Extends the matching `mate` (consistent, of `graph`) to a maximal one by
/// the Karp–Sipser rules; returns the number of pairs added.
///
/// The degree-1 rule never loses: some maximum matching contains the edge
/// of a vertex with one free neighbour. The other choices are heuristic;
/// the searches that follow repair them.
///
/// Time O(V + E): each vertex's list is scanned a bounded number of times
/// (when it is matched, and when it is taken from a queue). Extra space:
/// two `u32` per vertex.
pub(crate) fn karp_sipser(graph: &Graph, mate: &mut [u32]) -> usize {
    let n = graph.vertex_count();
    // Remaining degree: the number of free neighbours of a free vertex.
    let mut degree: Vec<u32> = vec![0; n];
    let mut ones: Vec<u32> = Vec::new();
    for v in 0..n {
        if mate[v] == UNMATCHED {
            let d = graph
                .adj_of(v)
                .iter()
                .filter(|&&w| mate[idx(w)] == UNMATCHED)
                .count();
            degree[v] = id(d);
            if d == 1 {
                ones.push(id(v));
            }
        }
    }
    // Matches v and w, then lowers the degree of their free neighbours.
    let take = |v: usize, w: usize, mate: &mut [u32], degree: &mut [u32], ones: &mut Vec<u32>| {
        mate[v] = id(w);
        mate[w] = id(v);
        for x in [v, w] {
            for &y in graph.adj_of(x) {
                let y = idx(y);
                if mate[y] == UNMATCHED {
                    degree[y] -= 1;
                    if degree[y] == 1 {
                        ones.push(id(y));
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
            if mate[v] != UNMATCHED || degree[v] == 0 {
                continue;
            }
            let Some(&w) = graph.adj_of(v).iter().find(|&&w| mate[idx(w)] == UNMATCHED) else {
                continue;
            };
            take(v, idx(w), mate, &mut degree, &mut ones);
            added += 1;
        }
        // No degree-1 vertex left: match the next free vertex with free
        // neighbours to its neighbour of smallest remaining degree.
        while next < n && (mate[next] != UNMATCHED || degree[next] == 0) {
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
            .filter(|&w| mate[w] == UNMATCHED)
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
