//! The bipartite shortcut: after the engine's start, a graph that
//! two-colours and still has many free vertices is finished on a bipartite
//! copy by the growth of the bipartite [`Auto`](crate::Auto) matcher, from
//! the start's pairs.
//!
//! Why after the start, and why from its pairs (measured on paths, cycles,
//! grids, boards and random bipartite graphs of 10^6 to 3·10^6 vertices):
//! the start alone is maximum on paths, cycles and grids, where a
//! colouring and a copy would cost more than the whole general engine;
//! where it leaves few free vertices, the general searches finish sooner
//! than a copy is built; and where it leaves many, push-relabel goes on
//! from its pairs several times faster than it matches a copy from
//! scratch.

use super::Graph;
use crate::bipartition::colour_classes;
use crate::csr::{self, OutOfMemory, RowWriter};
use crate::graph::Bipartite;
use crate::matcher::grow;
use crate::util::{id, idx, UNMATCHED};

/// The start's matching is left to the general engine while fewer than
/// one vertex in `FEW` (plus two) is free. Measured on random bipartite
/// graphs of 2·10^6 vertices: with 0.4 % of the vertices free after the
/// start (average degree 4) the copy and push-relabel take 260 ms where
/// the general searches take 420; with 0.08 % (degree 5) they take 650
/// where the searches take 240.
const FEW: usize = 256;

/// Finishes `mate`, a maximal matching of `graph` that the engine's start
/// built, where the bipartite route is cheaper than the general searches;
/// returns whether `mate` is now a maximum matching (if not, `mate` is
/// unchanged and the general engine goes on from it).
///
/// - At most one free vertex with a neighbour: `mate` is maximum already
///   (an augmenting path joins two).
/// - Fewer than one vertex in [`FEW`] free: left to the general engine.
/// - Otherwise, if the graph two-colours ([`colour_classes`]): a bipartite
///   copy, its left side the smaller colour class, each side numbered in
///   increasing vertex id (the copy keeps the graph's locality, and its
///   lists come out sorted); the start's pairs are moved onto it, grown
///   to a maximum matching by [`Auto`](crate::Auto)'s push-relabel within
///   its budget, then Hopcroft–Karp, and moved back. An odd cycle, or a
///   copy that cannot be reserved, leaves `mate` to the general engine.
///
/// Time O(V) for the count; O((V + E)·log V) at worst for the colouring
/// (close to linear in practice), O(V + E) for the copy and O(E·√V) for
/// the growth. Extra space on the bipartite route: the colouring's 5 bytes
/// per vertex (4 freed before the copy), the copy (8 bytes per edge and 4
/// per vertex), 12 bytes per vertex for the maps and the copy's mates
/// (4 freed before the growth), and the growth's own (as for
/// [`Auto`](crate::Auto)).
pub(crate) fn finish(graph: &Graph, mate: &mut [u32]) -> bool {
    let n = graph.vertex_count();
    let free = (0..n)
        .filter(|&v| mate[v] == UNMATCHED && graph.degree(v) > 0)
        .count();
    if free <= 1 {
        return true;
    }
    if free < n / FEW + 2 {
        return false;
    }
    let Ok(Some(colour)) = colour_classes(n, &graph.offsets, &graph.adj) else {
        return false;
    };
    grow_on_copy(graph, &colour, mate).is_ok()
}

/// The bipartite route of [`finish`] on a graph coloured `colour`: the
/// copy, the start moved onto it, the growth, the result moved back. On
/// running out of memory `mate` is unchanged.
fn grow_on_copy(graph: &Graph, colour: &[bool], mate: &mut [u32]) -> Result<(), OutOfMemory> {
    let n = graph.vertex_count();
    const WHAT: &str = "the bipartite copy";
    // Vertices without neighbours stay out of the copy (and unmatched).
    let connected = |v: &usize| graph.degree(*v) > 0;
    let ones = (0..n).filter(connected).filter(|&v| colour[v]).count();
    let zeros = (0..n).filter(connected).count() - ones;
    // The left side is the smaller class: the searches start from it.
    let flip = ones < zeros;
    let sizes = if flip { [ones, zeros] } else { [zeros, ones] };
    // Each vertex's index on its side, and each side's original ids.
    let mut index = csr::filled(n, UNMATCHED, WHAT)?;
    let mut original = [csr::try_vec(sizes[0], WHAT)?, csr::try_vec(sizes[1], WHAT)?];
    for v in (0..n).filter(connected) {
        let side = &mut original[usize::from(colour[v] != flip)];
        index[v] = id(side.len());
        side.push(id(v));
    }
    // Both directions from the graph's own rows, each in vertex order:
    // the lists stay ascending, as the numbering is on each side.
    let rows = |side: &[u32]| -> Result<(Vec<u32>, Vec<u32>), OutOfMemory> {
        let mut rows = RowWriter::new(side.len(), graph.edge_count(), WHAT)?;
        for &v in side {
            for &w in graph.adj_of(idx(v)) {
                rows.push(index[idx(w)]);
            }
            rows.end_row();
        }
        Ok(rows.finish())
    };
    let (left_offsets, left_adj) = rows(&original[0])?;
    let (right_offsets, right_adj) = rows(&original[1])?;
    let copy = Bipartite {
        left_offsets,
        left_adj,
        right_offsets,
        right_adj,
    };
    let mut left_mate = csr::filled(sizes[0], UNMATCHED, WHAT)?;
    let mut right_mate = csr::filled(sizes[1], UNMATCHED, WHAT)?;
    for (u, &v) in original[0].iter().enumerate() {
        let w = mate[idx(v)];
        if w != UNMATCHED {
            let x = index[idx(w)];
            left_mate[u] = x;
            right_mate[idx(x)] = id(u);
        }
    }
    drop(index);
    grow(&copy, &mut left_mate, &mut right_mate);
    // Every vertex of the copy gets its new mate (or none: push-relabel
    // may free a vertex the start matched); the others had none.
    let back = |to: &[u32], own: &[u32], mates: &[u32], mate: &mut [u32]| {
        for (&v, &x) in own.iter().zip(mates) {
            mate[idx(v)] = if x == UNMATCHED {
                UNMATCHED
            } else {
                to[idx(x)]
            };
        }
    };
    back(&original[1], &original[0], &left_mate, mate);
    back(&original[0], &original[1], &right_mate, mate);
    Ok(())
}
