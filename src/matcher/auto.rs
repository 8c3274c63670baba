//! The default matcher.

use super::greedy::greedy_extend;
use super::karp_sipser::karp_sipser_extend;
use super::{push_relabel, Matcher, PushRelabel};
use crate::error::Error;
use crate::graph::Bipartite;
use crate::matching::Matching;
use crate::util::UNMATCHED;

/// The crate's default matcher, run by
/// [`maximum_matching`](crate::maximum_matching): the algorithm that
/// measured fastest on the benchmark families.
///
/// Today that is [`PushRelabel`] on every input. The choice was measured,
/// not assumed: push-relabel, Pothen–Fan+, Hopcroft–Karp and Dinic, each
/// from a first-fit greedy and from a Karp–Sipser start, were timed side
/// by side on uniform random graphs (average degree 2–10, up to 10^6
/// vertices a side), grid boards (20–30% of cells blocked, up to
/// 2000 × 2000), a serpentine corridor, adversarial chains (plain and
/// shuffled) and power-law graphs. Push-relabel from greedy was the
/// fastest or within measurement noise of it on every family; Pothen–Fan+
/// came close on boards and chains but has slow cases on large random
/// graphs (more than 60 s from a greedy start on 10^6 vertices of average
/// degree 3, against well under a second for push-relabel), and the
/// breadth-first phases of Hopcroft–Karp cost 5–15× more on large boards.
/// No graph statistic cheap enough to compute first (degrees, sizes)
/// separated a family where another matcher won by more than the noise,
/// so `Auto` does not branch. The table on [`Matcher`] has the figures.
///
/// The choice may change between versions as measurements do; the result
/// is always a maximum matching, deterministic for a given graph and
/// version.
///
/// # Complexity
///
/// That of [`PushRelabel`]: O(V·E) in the worst case, a few dozen passes
/// over the edges on the benchmark families; extra space 4 bytes per right
/// vertex and the FIFO queue.
///
/// # Testing
///
/// In the same conformance table, brute-force and warm-start tests as
/// every other matcher (`tests/matchers_conformance.rs`,
/// `tests/matchers_deep.rs`), and against [`maximum_matching`](crate::maximum_matching).
///
/// ```
/// use bimatch::{Auto, Bipartite, Matcher};
///
/// let g = Bipartite::from_edges(3, 3, [(0, 0), (0, 1), (1, 0), (2, 1), (2, 2)])?;
/// assert_eq!(Auto.maximum_matching(&g).len(), 3);
/// assert_eq!(Auto.maximum_matching(&g), bimatch::maximum_matching(&g));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Auto;

impl Matcher for Auto {
    fn maximum_matching(&self, graph: &Bipartite) -> Matching {
        if max_degree_at_most_two(graph) {
            paths_and_cycles(graph)
        } else {
            PushRelabel.maximum_matching(graph)
        }
    }

    fn maximum_matching_from(&self, graph: &Bipartite, start: Matching) -> Result<Matching, Error> {
        PushRelabel.maximum_matching_from(graph, start)
    }

    fn name(&self) -> &'static str {
        "auto"
    }
}

/// Whether every vertex has at most two neighbours (the graph is a union of
/// paths and even cycles). One sequential pass over the offsets.
fn max_degree_at_most_two(graph: &Bipartite) -> bool {
    let small = |offsets: &[u32]| offsets.windows(2).all(|w| w[1] - w[0] <= 2);
    small(&graph.left_offsets) && small(&graph.right_offsets)
}

/// Paths and cycles: first-fit greedy when it already covers every left
/// vertex that has a neighbour (then it is maximum); otherwise the
/// Karp–Sipser matching, which is maximum on such graphs (it peels every
/// path from an end, and opening a cycle at any edge leaves a path),
/// handed to push-relabel to confirm.
fn paths_and_cycles(graph: &Bipartite) -> Matching {
    let mut left_mate = vec![UNMATCHED; graph.left_count()];
    let mut right_mate = vec![UNMATCHED; graph.right_count()];
    greedy_extend(graph, &mut left_mate, &mut right_mate);
    let covered =
        (0..graph.left_count()).all(|u| left_mate[u] != UNMATCHED || graph.left_adj(u).is_empty());
    if !covered {
        left_mate.fill(UNMATCHED);
        right_mate.fill(UNMATCHED);
        karp_sipser_extend(graph, &mut left_mate, &mut right_mate);
        push_relabel::augment_to_maximum(graph, &mut left_mate, &mut right_mate);
    }
    Matching::from_mates(left_mate, right_mate)
}
