//! The default matcher.

use super::greedy::greedy_extend;
use super::karp_sipser::karp_sipser_extend;
use super::{push_relabel, Matcher, PushRelabel};
use crate::error::MatchingError;
use crate::graph::Bipartite;
use crate::matching::Matching;
use crate::util::UNMATCHED;

/// The crate's default matcher, run by
/// [`maximum_matching`](crate::maximum_matching): the algorithm that
/// measured fastest on the benchmark families.
///
/// - If every vertex has at most two neighbours (a union of paths and even
///   cycles): first-fit greedy, kept if it covers every left vertex that
///   has a neighbour (then nothing is larger); otherwise the
///   [`KarpSipser`](crate::KarpSipser) matching, which is maximum on such
///   graphs, confirmed by push-relabel.
/// - Otherwise [`PushRelabel`].
///
/// The choice was measured, not assumed: push-relabel, Pothen–Fan+,
/// Hopcroft–Karp and Dinic, from a first-fit greedy and from a
/// Karp–Sipser start, were timed side by side on uniform random graphs
/// (average degree 2–10, up to 10^6 vertices a side), grid boards (20–30%
/// of cells blocked, up to 2000 × 2000), a serpentine corridor,
/// adversarial chains (plain and shuffled) and power-law graphs (the table
/// on [`Matcher`]). Push-relabel from greedy had the best geometric mean
/// (27 passes of the edge-scan floor, against 37 for Pothen–Fan+, 55 for
/// Hopcroft–Karp and 184 for Dinic) and no bad case: Pothen–Fan+ is up to
/// 5× slower on large random and power-law graphs (and took over 60 s
/// from a greedy start on 10^6 vertices of average degree 3),
/// Hopcroft–Karp 6–10× on large boards. A Karp–Sipser start did not pay
/// for push-relabel: its bookkeeping cost more than the pushes it saved.
///
/// Push-relabel's one weak family is chains in adversarial order, where
/// each path is rotated end to end by single pushes: there the
/// Karp–Sipser matching is 3× faster and already maximum, and the degree
/// test above, one sequential pass over the offsets, finds such graphs. On
/// the serpentine corridor greedy is already maximum and is kept. The
/// price is paid on the same chains shuffled, where the Karp–Sipser route
/// is 2× slower than push-relabel would be (both are bound by random
/// memory access there); no statistic cheaper than the matching tells the
/// two orders apart, and the adversarial order is the one where
/// push-relabel alone lost to another library. Pothen–Fan+ was also up to
/// 1.3× faster on the largest board, but slower on the smaller ones, so
/// `Auto` does not branch there.
///
/// The choice may change between versions as measurements do; the result
/// is always a maximum matching, deterministic for a given graph and
/// version. Warm starts ([`Matcher::maximum_matching_from`]) go to
/// [`PushRelabel`].
///
/// # Complexity
///
/// That of [`PushRelabel`]: O(V·E) in the worst case, a few dozen passes
/// over the edges on the benchmark families; extra space 4 bytes per right
/// vertex and the FIFO queue (8 bytes per vertex on paths and cycles, for
/// the Karp–Sipser degrees). The degree test is O(V).
///
/// # Testing
///
/// In the same conformance table, brute-force and warm-start tests as
/// every other matcher, plus random unions of paths and cycles against
/// brute force (`tests/matchers_conformance.rs`), adversarial and shuffled
/// chains of 10^6 vertices (`tests/matchers_deep.rs`), and against
/// [`maximum_matching`](crate::maximum_matching).
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

    fn maximum_matching_from(
        &self,
        graph: &Bipartite,
        start: Matching,
    ) -> Result<Matching, MatchingError> {
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
