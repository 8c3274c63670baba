//! Builds a general graph from arbitrary bytes and checks every route of
//! the general engines: against brute force on up to 14 vertices (size,
//! and `D` by ν(G − v) = ν(G)), against every bipartite matcher when the
//! graph two-colours (size, and `D` = the non-essential vertices), and
//! always against the Tutte–Berge certificate; a smaller matching is
//! refused with a path that augments it.
#![no_main]

use bimatch::general::{
    gallai_edmonds, maximum_matching_by_searches, Engine, Error, Graph, Matching,
};
use bimatch::{non_essential_vertices, Bipartition, Vertex};
use libfuzzer_sys::fuzz_target;

mod common;

/// ν(G[S]) for every subset `S` of at most 14 vertices.
fn nu_table(adj: &[u32]) -> Vec<u8> {
    let mut table = vec![0u8; 1 << adj.len()];
    for mask in 1usize..table.len() {
        let v = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << v);
        let mut best = table[rest];
        let mut nb = adj[v] as usize & rest;
        while nb != 0 {
            let w = nb.trailing_zeros() as usize;
            nb &= nb - 1;
            best = best.max(1 + table[rest & !(1 << w)]);
        }
        table[mask] = best;
    }
    table
}

fuzz_target!(|data: &[u8]| {
    // Byte 0: the vertex count (0..=63); then one edge per byte pair,
    // self-loops skipped.
    let [n, rest @ ..] = data else { return };
    let n = usize::from(*n % 64);
    let edges: Vec<(usize, usize)> = rest
        .chunks_exact(2)
        .filter(|_| n > 0)
        .map(|p| (usize::from(p[0]) % n, usize::from(p[1]) % n))
        .filter(|&(u, v)| u != v)
        .collect();
    let g = Graph::from_edges(n, edges.iter().copied()).expect("edges in range");

    let mut reference: Option<(usize, Vec<usize>)> = None;
    for (engine, m) in [
        ("auto", Engine::Auto.maximum_matching(&g)),
        ("edmonds", Engine::Edmonds.maximum_matching(&g)),
        ("searches", maximum_matching_by_searches(&g)),
    ] {
        m.check(&g).expect("the pairs are edges");
        let ge = gallai_edmonds(&g, &m).expect("the matching is maximum");
        ge.certificate()
            .verify(&g, &m)
            .expect("the certificate proves it");
        match &reference {
            None => reference = Some((m.len(), ge.d().to_vec())),
            Some((size, d)) => {
                assert_eq!(m.len(), *size, "{engine:?}");
                assert_eq!(ge.d(), d, "{engine:?}");
            }
        }
        if !m.is_empty() {
            let smaller = Matching::from_pairs(&g, m.pairs().skip(1)).expect("a sub-matching");
            match gallai_edmonds(&g, &smaller) {
                Err(Error::NotMaximum { path, .. }) => {
                    assert!(path.len() % 2 == 0 && path.len() >= 2);
                    assert_eq!(smaller.mate(path[0]), None);
                    assert_eq!(smaller.mate(path[path.len() - 1]), None);
                    let mut seen = vec![false; n];
                    for (k, pair) in path.windows(2).enumerate() {
                        assert!(g.has_edge(pair[0], pair[1]));
                        assert_eq!(smaller.mate(pair[0]) == Some(pair[1]), k % 2 == 1);
                    }
                    for &v in &path {
                        assert!(!seen[v], "a repeated vertex");
                        seen[v] = true;
                    }
                }
                other => panic!("a smaller matching was not refused: {other:?}"),
            }
        }
    }
    let (size, d) = reference.expect("two engines ran");

    if n <= 14 {
        let mut adj = vec![0u32; n];
        for &(u, v) in &edges {
            adj[u] |= 1 << v;
            adj[v] |= 1 << u;
        }
        let table = nu_table(&adj);
        let full = (1usize << n) - 1;
        assert_eq!(size, usize::from(table[full]));
        let want: Vec<usize> = (0..n)
            .filter(|&v| table[full & !(1 << v)] == table[full])
            .collect();
        assert_eq!(d, want);
    }

    if let Ok(b) = Bipartition::from_undirected(n, edges.iter().copied()) {
        let m = common::check_all_matchers(b.graph());
        assert_eq!(m.len(), size);
        let ne = non_essential_vertices(b.graph(), &m).expect("maximum");
        let mut want: Vec<usize> = (0..n)
            .filter(|&v| match b.vertex(v) {
                Vertex::Left(u) => ne.contains_left(u),
                Vertex::Right(r) => ne.contains_right(r),
            })
            .collect();
        want.sort_unstable();
        assert_eq!(d, want);
    }
});
