//! Hard families for the general engines, on a 256 KiB stack, each answer
//! proved maximum by its Tutte–Berge certificate: long odd cycles,
//! triangle strips, nested blossoms (odd cycles of odd cycles), a complete
//! graph with many chains hung on one hub, and random graphs of average
//! degree 3. Small sizes run in debug; 10^5–10^6 vertices in release
//! (ignored).

use crate::common;

use bimatch::general::{gallai_edmonds, winning_vertices, Engine, Graph};
use common::{on_small_stack, Rng};

/// Matches `edges` on `n` vertices with both engines on a small stack,
/// checks each by the certificate, and returns ν.
fn certified(n: usize, edges: Vec<(usize, usize)>) -> usize {
    on_small_stack(move || {
        let g = Graph::from_edges(n, edges).unwrap();
        let mut size = None;
        let searches = bimatch::general::maximum_matching_by_searches(&g);
        // Micali–Vazirani phases alone, and after the Karp–Sipser start.
        let phases = bimatch::general::maximum_matching_by_phases(&g);
        let started = bimatch::general::maximum_matching_planned(&g, 0, 0, true);
        for (engine, m) in [
            ("auto", Engine::Auto.maximum_matching(&g)),
            ("edmonds", Engine::Edmonds.maximum_matching(&g)),
            ("searches", searches),
            ("phases", phases),
            ("started phases", started),
        ] {
            let ge = gallai_edmonds(&g, &m).unwrap();
            ge.certificate().verify(&g, &m).unwrap();
            assert_eq!(*size.get_or_insert(m.len()), m.len(), "{engine:?}");
        }
        assert_eq!(winning_vertices(&g).matching_size(), size.unwrap());
        size.unwrap()
    })
}

/// A permutation of `0..n`, to hide the structure from the vertex order.
fn shuffled_ids(n: usize, seed: u64) -> Vec<usize> {
    let mut ids: Vec<usize> = (0..n).collect();
    Rng::new(seed).shuffle(&mut ids);
    ids
}

fn relabel(edges: &mut [(usize, usize)], ids: &[usize]) {
    for e in edges {
        *e = (ids[e.0], ids[e.1]);
    }
}

fn odd_cycle(n: usize) -> Vec<(usize, usize)> {
    (0..n).map(|i| (i, (i + 1) % n)).collect()
}

fn triangle_strip(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|i| [(i, i + 1), (i, i + 2)])
        .filter(|&(_, j)| j < n)
        .collect()
}

/// `3^levels` vertices: a blossom of level `j` is three blossoms of level
/// `j − 1` joined in a ring, the first vertex of each to the last of the
/// next. Every level is factor-critical.
fn nested_blossoms(levels: u32) -> (usize, Vec<(usize, usize)>) {
    let mut size = 1usize;
    let mut edges: Vec<(usize, usize)> = Vec::new();
    for _ in 0..levels {
        let one = edges.clone();
        for copy in 1..3 {
            edges.extend(one.iter().map(|&(u, v)| (u + copy * size, v + copy * size)));
        }
        for copy in 0..3 {
            let next = (copy + 1) % 3;
            edges.push((copy * size, next * size + size - 1));
        }
        size *= 3;
    }
    (size, edges)
}

/// A complete graph on `k` vertices (vertex 0 the hub) and `chains` paths
/// of `len` vertices, each hung on the hub by one end.
fn complete_plus_chains(k: usize, chains: usize, len: usize) -> (usize, Vec<(usize, usize)>) {
    let mut edges: Vec<(usize, usize)> = (0..k)
        .flat_map(|u| (u + 1..k).map(move |v| (u, v)))
        .collect();
    let mut next = k;
    for _ in 0..chains {
        edges.push((0, next));
        for i in 1..len {
            edges.push((next + i - 1, next + i));
        }
        next += len;
    }
    (next, edges)
}

fn random_graph(n: usize, average_degree: usize, seed: u64) -> Vec<(usize, usize)> {
    let mut rng = Rng::new(seed);
    (0..n * average_degree / 2)
        .map(|_| (rng.below(n), rng.below(n)))
        .filter(|&(u, v)| u != v)
        .collect()
}

/// Every family at about `scale` vertices; the shuffled variants (slow
/// only through cache misses) and the denser random graph when `all`.
fn families(scale: usize, all: bool) {
    // odd cycles, in order and shuffled
    let n = scale | 1;
    assert_eq!(certified(n, odd_cycle(n)), n / 2);
    if all {
        let mut edges = odd_cycle(n);
        relabel(&mut edges, &shuffled_ids(n, 1));
        assert_eq!(certified(n, edges), n / 2);
    }

    // triangle strips, in order and shuffled
    assert_eq!(certified(scale, triangle_strip(scale)), scale / 2);
    if all {
        let mut edges = triangle_strip(scale + 1);
        relabel(&mut edges, &shuffled_ids(scale + 1, 2));
        assert_eq!(certified(scale + 1, edges), scale.div_ceil(2));
    }

    // nested blossoms, plain and with a pendant path forcing long searches
    let mut levels = 1;
    while 3usize.pow(levels + 1) <= scale {
        levels += 1;
    }
    let (n, edges) = nested_blossoms(levels);
    assert_eq!(certified(n, edges.clone()), n / 2);
    let mut with_tail = edges;
    with_tail.extend((n..n + 5).map(|v| (v - 1, v)));
    if all {
        relabel(&mut with_tail, &shuffled_ids(n + 5, 3));
    }
    assert_eq!(certified(n + 5, with_tail), (n + 5) / 2);

    // a complete graph plus chains of 8 (odd chains hung on a hub compete)
    let (n, edges) = complete_plus_chains(if scale >= 100_000 { 1000 } else { 60 }, scale / 8, 8);
    let nu = certified(n, edges);
    assert!(nu >= n / 2 - 1);
    let (n, edges) = complete_plus_chains(31, scale / 7, 7);
    // each chain of 7 leaves one vertex, except the one the hub may take
    let chains = scale / 7;
    assert_eq!(
        certified(n, edges),
        15 + 3 * chains + 1 - usize::from(chains == 0)
    );

    // random graphs of average degree 3 (and 10)
    certified(scale, random_graph(scale, 3, 4));
    if all {
        certified(scale, random_graph(scale, 10, 5));
    }
}

#[test]
fn families_of_ten_thousand_vertices() {
    families(10_000, true);
}

#[test]
#[ignore = "10^6 vertices: run in release"]
fn families_of_a_million_vertices() {
    families(1_000_000, false);
}

#[test]
#[ignore = "10^5 vertices: run in release"]
fn families_of_a_hundred_thousand_vertices() {
    families(100_000, true);
}
