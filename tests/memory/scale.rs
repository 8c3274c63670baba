//! The scale tier's memory figures: a graph built from CSR arrays (not
//! text) and matched by `Auto`, measured with the counting allocator at
//! 10^6 entries and, in the release deep tests, at 10^8.

use crate::alloc_counter::measure;
use bimatch::{Auto, Bipartite, HopcroftKarp, Matcher};

/// CSR arrays of `edges` entries: `edges / 10` left and right vertices,
/// ten right neighbours per left vertex from a splitmix sequence, unsorted
/// and with repeats, as a caller would hand them over.
fn arrays(edges: usize) -> (usize, Vec<u32>, Vec<u32>) {
    let n = edges / 10;
    let offsets = (0..=n).map(|u| (u * 10) as u32).collect();
    let mut z = 0x5eedu64;
    let targets = (0..edges)
        .map(|_| {
            z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut x = z;
            x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((x ^ (x >> 31)) % n as u64) as u32
        })
        .collect();
    (n, offsets, targets)
}

/// Builds and matches; checks the figures the README states: the graph
/// stores 8 bytes per entry and 4 per vertex (plus two closing offsets),
/// building peaks at 8 bytes per input entry plus 12 per vertex beside the
/// caller's arrays, and `Auto` needs at most 16 bytes per vertex (the
/// matching's 4 and its work space's 12).
fn check(edges: usize) -> usize {
    let (n, offsets, targets) = arrays(edges);
    let (g, build) = measure(|| Bipartite::from_csr(n, &offsets, &targets).unwrap());
    drop((offsets, targets));
    let (l, r, e) = (g.left_count(), g.right_count(), g.edge_count());
    assert!(
        e < edges && e > edges - edges / 100,
        "few repeats merged: {e}"
    );
    assert_eq!(build.live, 8 * e + 4 * (l + r + 2));
    let bound = 8 * edges + 12 * (l + r) + 64;
    assert!(build.peak <= bound, "building {edges}: {build:?} > {bound}");
    let (m, usage) = measure(|| Auto.maximum_matching(&g));
    assert_eq!(usage.live, 4 * (l + r));
    let bound = 16 * (l + r) + 64;
    assert!(usage.peak <= bound, "matching {edges}: {usage:?} > {bound}");
    m.check(&g).unwrap();
    bimatch::certify(&g, &m).unwrap();
    m.len()
}

#[test]
fn csr_arrays_of_a_million_entries_build_and_match_within_the_stated_memory() {
    let size = check(1_000_000);
    let (n, offsets, targets) = arrays(1_000_000);
    let g = Bipartite::from_csr(n, &offsets, &targets).unwrap();
    assert_eq!(size, HopcroftKarp.maximum_matching(&g).len());
}

#[test]
#[ignore = "10^8 entries: about 1.3 GB and a minute in release on a loaded machine; run by .ci/run with --release"]
fn csr_arrays_of_10_to_the_8_entries_build_and_match_within_the_stated_memory() {
    let size = check(100_000_000);
    assert!(size > 9_900_000, "{size}");
}
