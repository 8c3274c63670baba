//! The bipartite shortcut: a graph that two-colours is matched by the
//! bipartite [`Auto`](crate::Auto) matcher.

use super::Graph;
use crate::bipartition::two_colour;
use crate::csr::RowWriter;
use crate::graph::Bipartite;
use crate::util::{id, idx, UNMATCHED};
use crate::{Auto, Matcher};

/// Two-colours `graph` by breadth-first search and, if it is bipartite,
/// returns a maximum matching as one mate per vertex; `None` as soon as an
/// odd cycle shows (the colouring is [`Bipartition`](crate::Bipartition)'s). O(V + E) besides the bipartite matcher's own cost.
pub(crate) fn match_if_bipartite(graph: &Graph) -> Option<Vec<u32>> {
    let n = graph.vertex_count();
    // The crate's one two-colouring (`true`: right); an odd cycle means the
    // general engine's turn.
    let on_right = two_colour(n, &graph.offsets, &graph.adj).ok()?;
    // Number each side in increasing vertex id, so that mapped lists stay
    // sorted.
    let mut index = vec![0u32; n];
    let mut original: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    for v in 0..n {
        let s = usize::from(on_right[v]);
        index[v] = id(original[s].len());
        original[s].push(id(v));
    }
    let [left, right] = original;
    // If the copy cannot be reserved, the general engine, which needs no
    // more memory than the graph it has, takes over.
    let mut rows = RowWriter::new(left.len(), graph.edge_count(), "the bipartite copy").ok()?;
    for &u in &left {
        for &v in graph.adj_of(idx(u)) {
            rows.push(index[idx(v)]);
        }
        rows.end_row();
    }
    let (offsets, adj) = rows.finish();
    let b = Bipartite::from_left_csr(right.len(), offsets, adj).ok()?;
    let m = Auto.maximum_matching(&b);
    let mut mate = vec![UNMATCHED; n];
    for (u, &v) in m.left_mate.iter().enumerate() {
        if v != UNMATCHED {
            let (a, c) = (left[u], right[idx(v)]);
            mate[idx(a)] = c;
            mate[idx(c)] = a;
        }
    }
    Some(mate)
}
