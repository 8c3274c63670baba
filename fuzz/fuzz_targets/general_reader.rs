//! The reader of `examples/general_matching.rs` on arbitrary bytes: never
//! panics; an accepted graph, written back, reads as the same graph, and
//! its matching is proved maximum by its certificate.
#![no_main]

use bimatch::general::{gallai_edmonds, maximum_matching};
use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../examples/general_matching.rs"]
mod example;

fuzz_target!(|data: &[u8]| {
    let Ok(g) = example::parse_graph(data) else {
        return;
    };
    let mut text = format!("{} {}\n", g.vertex_count(), g.edge_count());
    for (u, v) in g.edges() {
        text.push_str(&format!("{u} {v}\n"));
    }
    let again = example::parse_graph(text.as_bytes()).expect("written graph reads");
    assert_eq!(again, g);
    if g.vertex_count() <= 4096 {
        let m = maximum_matching(&g);
        let ge = gallai_edmonds(&g, &m).expect("maximum");
        ge.certificate().verify(&g, &m).expect("certified");
    }
});
