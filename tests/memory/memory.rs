//! The memory figures documented on `Bipartite`, checked with a counting
//! global allocator: the graph's storage exactly, the peak while building
//! it, and each matcher's peak while matching.

use crate::alloc_counter;

use alloc_counter::measure;
use bimatch::{Auto, Bipartite, Dinic, HopcroftKarp, Matcher};

/// A random graph with `left` vertices a side and `degree` edge slots per
/// left vertex (repeats are merged), as an exact-size iterator: nothing
/// stored, so only the graph's own allocations are counted.
fn edges(left: usize, degree: usize, seed: u64) -> impl ExactSizeIterator<Item = (usize, usize)> {
    (0..left * degree).map(move |k| {
        let mut z = (k as u64 ^ seed)
            .wrapping_add(1)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        (k / degree, ((z ^ (z >> 29)) % left as u64) as usize)
    })
}

/// Shapes: (vertices a side, edge slots per left vertex).
const SHAPES: [(usize, usize); 3] = [(20_000, 10), (50_000, 3), (1000, 50)];

#[test]
fn the_graph_stores_8_bytes_per_edge_and_4_per_vertex_and_peaks_at_12_per_input_edge() {
    for (n, degree) in SHAPES {
        let input = n * degree;
        let (g, build) = measure(|| Bipartite::from_edges(n, n, edges(n, degree, 7)).unwrap());
        let (l, r, e) = (g.left_count(), g.right_count(), g.edge_count());
        assert!(e < input, "some repeats were merged");
        // Storage, exactly: two adjacency arrays of u32, two offset arrays
        // of one u32 per vertex plus a closing one.
        assert_eq!(build.live, 8 * e + 4 * (l + r + 2), "{n} x {degree}");
        // Building: 12 bytes per input edge, 8 per vertex.
        let bound = 12 * input + 8 * (l + r) + 16;
        assert!(build.peak <= bound, "{n} x {degree}: {build:?} > {bound}");
    }
}

#[test]
fn hopcroft_karp_needs_16_bytes_per_left_vertex_or_12_per_vertex_beside_the_matching() {
    for (n, degree) in SHAPES {
        let g = Bipartite::from_edges(n, n, edges(n, degree, 11)).unwrap();
        let (l, r) = (g.left_count(), g.right_count());
        let (m, usage) = measure(|| HopcroftKarp.maximum_matching(&g));
        // The matching: one u32 mate per vertex.
        assert_eq!(usage.live, 4 * (l + r));
        // Phases: 16 bytes per left vertex; the Karp–Sipser start before
        // them: 8 bytes per vertex and its stacks, at most 4 more.
        let bound = 4 * (l + r) + (16 * l).max(12 * (l + r)) + 64;
        assert!(usage.peak <= bound, "{n} x {degree}: {usage:?} > {bound}");
        assert!(m.len() > n / 2);
    }
}

#[test]
fn dinic_needs_26_bytes_per_edge_and_62_per_vertex() {
    for (n, degree) in SHAPES {
        let g = Bipartite::from_edges(n, n, edges(n, degree, 13)).unwrap();
        let (l, r, e) = (g.left_count(), g.right_count(), g.edge_count());
        let (m, usage) = measure(|| Dinic.maximum_matching(&g));
        assert_eq!(usage.live, 4 * (l + r));
        // 13 bytes per arc of the residual network, 2 (E + V) arcs; per
        // node 20 bytes of arrays, 4 of queue, at most 8 of path; 8 per
        // left vertex while building; the matching's 4 per vertex.
        let v = l + r;
        let bound = 26 * (e + v) + 32 * (v + 2) + 8 * l + 4 * v + 64;
        assert!(usage.peak <= bound, "{n} x {degree}: {usage:?} > {bound}");
        assert_eq!(m.len(), HopcroftKarp.maximum_matching(&g).len());
    }
}

/// `Auto`'s figures: beside the matching (4 bytes a vertex), push-relabel
/// takes 8 bytes per right vertex, its FIFO queue at most 4 per left
/// vertex and the list of right vertices with neighbours 4 per right
/// vertex, then frees them for Hopcroft–Karp's 16 per left vertex; a graph
/// it transposes (more than 1/8 more left vertices than right) adds its
/// copy: 8 bytes per edge, 4 per vertex and two closing offsets, and is
/// matched from the smaller side. At most 12 bytes a vertex beside the
/// matching and the copy.
fn auto_bound(g: &Bipartite) -> (usize, usize) {
    let (l, r, e) = (g.left_count(), g.right_count(), g.edge_count());
    let transposed = 8 * l > 9 * r;
    let copy = if transposed {
        8 * e + 4 * (l + r + 2)
    } else {
        0
    };
    let (small, large) = if transposed { (r, l) } else { (l, r) };
    let work = (12 * large + 4 * small).max(16 * small);
    assert!(work <= 12 * (l + r));
    (4 * (l + r) + copy + work + 64, copy)
}

#[test]
fn the_default_matcher_needs_at_most_12_bytes_per_vertex_beside_the_matching() {
    use crate::common::adversarial::{chains, core, hub, staircase};
    let mut graphs: Vec<(String, Bipartite)> = SHAPES
        .iter()
        .map(|&(n, d)| {
            (
                format!("{n} x {d}"),
                Bipartite::from_edges(n, n, edges(n, d, 17)).unwrap(),
            )
        })
        .collect();
    // Two lopsided shapes that `Auto` transposes and one it does not.
    for (left, right, degree) in [(30_000, 20_000, 4), (5_000, 1_000, 8), (2_100, 2_000, 10)] {
        let lopsided = edges(left, degree, 19).map(|(u, v)| (u, v % right));
        let g = Bipartite::from_edges(left, right, lopsided).unwrap();
        graphs.push((format!("{left} x {right} x {degree}"), g));
    }
    // Inputs where push-relabel and Hopcroft–Karp have work to do.
    for family in [
        chains(300).shuffled(1),
        core(300, 6, 50).padded(10_000),
        hub(100, 100).shuffled(2),
        staircase(2_000, 10).shuffled(3),
    ] {
        graphs.push((family.name.clone(), family.graph()));
    }
    for (name, g) in graphs {
        let (l, r) = (g.left_count(), g.right_count());
        let (bound, copy) = auto_bound(&g);
        let (m, usage) = measure(|| Auto.maximum_matching(&g));
        let (free, free_usage) = measure(|| bimatch::maximum_matching(&g));
        // The matching: one u32 mate per vertex, for `Auto` and for the
        // free function that runs it.
        assert_eq!(usage.live, 4 * (l + r), "{name}");
        assert_eq!(free_usage.live, 4 * (l + r), "{name}");
        assert!(usage.peak <= bound, "{name}: {usage:?} > {bound}");
        assert!(free_usage.peak <= bound, "{name}: {free_usage:?} > {bound}");
        assert!(
            usage.peak - usage.live <= copy + 12 * (l + r) + 64,
            "{name}"
        );
        // The answer is maximum: Hopcroft–Karp finds the same size.
        assert_eq!(m.len(), HopcroftKarp.maximum_matching(&g).len(), "{name}");
        assert_eq!(free.len(), m.len(), "{name}");
    }
}

#[test]
#[ignore = "measures release builds: run by .ci/run with --release"]
fn the_grid_game_needs_at_most_40_bytes_per_cell_beside_the_board_in_release() {
    use bimatch::game::{winning_starts, Grid};
    // Every cell free (the most edges), three quarters, and nine tenths.
    for (n, percent) in [(300, 100), (300, 75), (500, 90)] {
        let grid = Grid::from_fn(n, n, |r, c| (r * 31 + c * 17) % 100 < percent).unwrap();
        let (starts, usage) = measure(|| winning_starts(&grid));
        // The board's graph (index 4 bytes a cell, CSR about 20), the
        // matching and its workspace, the answer. Debug builds also build
        // the graph a second way to check it: 24 bytes a cell more.
        let per_cell = if cfg!(debug_assertions) { 64 } else { 40 };
        let bound = per_cell * n * n + 64;
        assert!(usage.peak <= bound, "{n} {percent}%: {usage:?} > {bound}");
        assert!(starts.iter().all(|&(r, c)| grid.is_free(r, c)));
    }
}
