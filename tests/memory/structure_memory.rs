//! The scratch figures documented on the structure functions, checked with
//! a counting global allocator: peak bytes beside what the result keeps.

use crate::alloc_counter;
use crate::common;

use alloc_counter::measure;
use bimatch::{
    dulmage_mendelsohn, maximum_independent_set, minimum_vertex_cover, non_essential_vertices,
    Bipartite, Matcher, Structure,
};
use common::{Rng, MATCHERS};

/// Random graphs: square with a full diagonal (one large block and many
/// small ones), rectangular both ways, sparse enough to leave free vertices.
fn graphs() -> Vec<Bipartite> {
    let mut rng = Rng::new(51);
    let mut out = Vec::new();
    for (l, r, degree, diagonal) in [
        (30_000, 30_000, 3, true),
        (40_000, 30_000, 2, false),
        (20_000, 35_000, 2, false),
        (25_000, 25_000, 1, false),
    ] {
        let mut edges = Vec::new();
        for u in 0..l {
            if diagonal {
                edges.push((u, u));
            }
            for _ in 0..degree {
                edges.push((u, rng.below(r)));
            }
        }
        out.push(Bipartite::from_edges(l, r, edges).unwrap());
    }
    out
}

/// Bytes of a bit set over `n` ids (whole 64-bit words).
fn bits(n: usize) -> usize {
    n.div_ceil(64) * 8
}

#[test]
fn cover_and_independent_set_need_three_bits_a_vertex_and_4_bytes_a_left_vertex() {
    for g in graphs() {
        let (l, r) = (g.left_count(), g.right_count());
        let m = MATCHERS[0].maximum_matching(&g);
        let bound = 3 * (bits(l) + bits(r)) + 4 * l + 64;
        let (cover, usage) = measure(|| minimum_vertex_cover(&g, &m).unwrap());
        assert_eq!(usage.live, 4 * cover.len());
        assert!(
            usage.peak <= usage.live + bound,
            "{l} x {r}: {usage:?}, bound {bound}"
        );
        let (set, usage) = measure(|| maximum_independent_set(&g, &m).unwrap());
        assert_eq!(usage.live, 4 * set.len());
        assert!(
            usage.peak <= usage.live + bound,
            "{l} x {r}: {usage:?}, bound {bound}"
        );
    }
}

#[test]
fn non_essential_vertices_need_three_bits_a_vertex_and_4_bytes_a_vertex_of_the_larger_side() {
    for g in graphs() {
        let (l, r) = (g.left_count(), g.right_count());
        let m = MATCHERS[0].maximum_matching(&g);
        let (ne, usage) = measure(|| non_essential_vertices(&g, &m).unwrap());
        // The result: 4 bytes a listed vertex and one bit a vertex.
        assert_eq!(usage.live, 4 * ne.len() + bits(l) + bits(r));
        let bound = 3 * (bits(l) + bits(r)) + 4 * l.max(r) + 64;
        assert!(
            usage.peak <= usage.live + bound,
            "{l} x {r}: {usage:?}, bound {bound}"
        );
        // The object holds two bits a vertex.
        let (s, usage) = measure(|| Structure::new(&g, &m).unwrap());
        assert_eq!(usage.live, 2 * (bits(l) + bits(r)));
        assert!(
            usage.peak <= usage.live + bound,
            "{l} x {r}: {usage:?}, bound {bound}"
        );
        drop(s);
    }
}

#[test]
fn dulmage_mendelsohn_needs_at_most_the_documented_scratch() {
    for g in graphs() {
        let (l, r) = (g.left_count(), g.right_count());
        let m = MATCHERS[0].maximum_matching(&g);
        let (dm, usage) = measure(|| dulmage_mendelsohn(&g, &m).unwrap());
        let blocks = dm.block_count();
        // The result: 4 bytes a row and a column, 16 a fine block (room
        // for the horizontal and vertical parts and the closing boundaries).
        assert!(usage.live <= 4 * (l + r) + 16 * (blocks + 3), "{usage:?}");
        let square = dm.square_columns().len();
        let bound = 4 * r + 4 * l.max(r) + 6 * (bits(l) + bits(r)) + 40 * square + 64;
        assert!(
            usage.peak <= usage.live + bound,
            "{l} x {r}: {usage:?}, bound {bound}"
        );
    }
}
