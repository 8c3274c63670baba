//! `read_edge_list` on arbitrary bytes: never panics; an accepted graph,
//! written back, reads as the same graph.
#![no_main]

use bimatch::io::read_edge_list;
use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(g) = read_edge_list(data) else { return };
    let mut text = format!(
        "{} {} {}\n",
        g.left_count(),
        g.right_count(),
        g.edge_count()
    );
    for (u, v) in g.edges() {
        text.push_str(&format!("{} {}\n", u.index(), v.index()));
    }
    let again = read_edge_list(text.as_bytes()).expect("written graph reads");
    assert_eq!(again, g);
    if g.left_count() + g.right_count() <= 4096 {
        common::check_all_matchers(&g);
    }
});
