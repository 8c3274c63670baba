//! Builds a bipartite graph from arbitrary bytes and checks that every
//! matcher returns a valid matching of the same size, proved maximum by a
//! König cover, with the same non-essential vertices; then checks the
//! other structure functions and a warm start on the same graph.
#![no_main]

use bimatch::{
    dulmage_mendelsohn, maximum_independent_set, minimum_vertex_cover, Bipartite, Matcher, Matching,
};
use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    // Byte 0 and 1: the side sizes (0..=63); then one edge per byte pair.
    let [l, r, rest @ ..] = data else { return };
    let (left, right) = (usize::from(*l % 64), usize::from(*r % 64));
    let edges: Vec<(usize, usize)> = rest
        .chunks_exact(2)
        .filter(|_| left > 0 && right > 0)
        .map(|p| (usize::from(p[0]) % left, usize::from(p[1]) % right))
        .collect();
    let g = Bipartite::from_edges(left, right, edges.iter().copied()).expect("edges in range");
    let m = common::check_all_matchers(&g);

    // The transposed graph has a matching of the same size.
    let t = common::check_all_matchers(&g.transpose());
    assert_eq!(t.len(), m.len());

    let cover = minimum_vertex_cover(&g, &m).expect("maximum");
    assert_eq!(cover.len(), m.len());
    for (u, v) in g.edges() {
        assert!(cover.contains_left(u) || cover.contains_right(v));
    }
    let independent = maximum_independent_set(&g, &m).expect("maximum");
    assert_eq!(independent.len(), left + right - m.len());
    let dm = dulmage_mendelsohn(&g, &m).expect("maximum");
    assert_eq!(dm.structural_rank(), m.len());

    // A warm start from the first half of the pairs reaches the same size.
    let half: Vec<_> = m.pairs().take(m.len() / 2).collect();
    let start = Matching::from_pairs(&g, half).expect("a sub-matching");
    for matcher in common::MATCHERS {
        let grown = matcher
            .maximum_matching_from(&g, start.clone())
            .expect("the start belongs to the graph");
        assert_eq!(grown.len(), m.len(), "{}", matcher.name());
        for (u, _) in start.pairs() {
            assert!(grown.left_mate(u).is_some(), "{}", matcher.name());
        }
    }
});
