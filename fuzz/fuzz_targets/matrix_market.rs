//! `read_matrix_market` on arbitrary bytes: never panics; an accepted
//! graph, written back as a general pattern matrix, reads as the same graph.
#![no_main]

use bimatch::io::read_matrix_market;
use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(g) = read_matrix_market(data) else {
        return;
    };
    let mut text = format!(
        "%%MatrixMarket matrix coordinate pattern general\n{} {} {}\n",
        g.left_count(),
        g.right_count(),
        g.edge_count()
    );
    for (u, v) in g.edges() {
        text.push_str(&format!("{} {}\n", u.index() + 1, v.index() + 1));
    }
    let again = read_matrix_market(text.as_bytes()).expect("written matrix reads");
    assert_eq!(again, g);
    if g.left_count() + g.right_count() <= 4096 {
        common::check_all_matchers(&g);
    }
});
