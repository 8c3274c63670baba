//! `bimatch::io::read_undirected_edges` (the Library Checker general-graph
//! format, as the `general_matching` example reads it) on arbitrary bytes:
//! never panics; an accepted graph, built and written back, reads as the
//! same graph, and its matching is proved maximum by its certificate.
#![no_main]

use bimatch::general::{gallai_edmonds, maximum_matching, Graph};
use bimatch::io::read_undirected_edges;
use libfuzzer_sys::fuzz_target;

/// The graph as the example builds it: self-loops left out.
fn build(data: &[u8]) -> Option<Graph> {
    let read = read_undirected_edges(data).ok()?;
    let edges = read
        .edges()
        .iter()
        .filter(|(u, v)| u != v)
        .map(|&(u, v)| (u as usize, v as usize));
    Graph::from_edges(read.vertex_count(), edges).ok()
}

fuzz_target!(|data: &[u8]| {
    let Some(g) = build(data) else {
        return;
    };
    let mut text = format!("{} {}\n", g.vertex_count(), g.edge_count());
    for (u, v) in g.edges() {
        text.push_str(&format!("{u} {v}\n"));
    }
    let again = build(text.as_bytes()).expect("written graph reads");
    assert_eq!(again, g);
    if g.vertex_count() <= 4096 {
        let m = maximum_matching(&g);
        let ge = gallai_edmonds(&g, &m).expect("maximum");
        ge.certificate().verify(&g, &m).expect("certified");
    }
});
