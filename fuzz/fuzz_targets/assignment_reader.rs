//! The library's assignment readers on arbitrary bytes, the way the
//! `assignment` example reads them: dense (`bimatch::io::read_dense_matrix`)
//! or, when the first byte is `s`, sparse
//! (`bimatch::io::read_weighted_edge_list`), as `i64` and as `f64`, with
//! hostile numbers (NaN, infinities, the ends of `i64`). Reading never
//! panics; an accepted instance written back reads as the same; building
//! and solving never panic, and every answer passes its certificate.
#![no_main]

use bimatch::assignment::{
    linear_sum_assignment, min_cost_matching, Cost, CostMatrix, WeightedBipartite,
};
use bimatch::io::{read_dense_matrix, read_weighted_edge_list, Number};
use libfuzzer_sys::fuzz_target;

/// Instances up to this many entries are solved too.
const SOLVE: usize = 144;

fn sparse<W: Number + Cost>(text: &[u8]) {
    let Ok(read) = read_weighted_edge_list::<W, _>(text) else {
        return;
    };
    let mut again = format!(
        "{} {} {}\n",
        read.left_count(),
        read.right_count(),
        read.edges().len()
    );
    for (u, v, w) in read.edges() {
        again.push_str(&format!("{u} {v} {w:?}\n"));
    }
    let back = read_weighted_edge_list::<W, _>(again.as_bytes()).expect("written list reads");
    assert_eq!(back, read);
    if read.edges().len() > SOLVE {
        return;
    }
    let edges = read
        .edges()
        .iter()
        .map(|&(u, v, w)| (u as usize, v as usize, w));
    if let Ok(g) = WeightedBipartite::from_edges(read.left_count(), read.right_count(), edges) {
        if let Ok(s) = min_cost_matching(&g) {
            s.verify(&g).expect("certificate");
        }
    }
}

fn dense<W: Number + Cost>(text: &[u8]) {
    let Ok(read) = read_dense_matrix::<W, _>(text) else {
        return;
    };
    let mut again = format!("{} {}\n", read.rows(), read.cols());
    for w in read.data() {
        again.push_str(&format!("{w:?} "));
    }
    let back = read_dense_matrix::<W, _>(again.as_bytes()).expect("written matrix reads");
    assert_eq!(back, read);
    if read.data().len() > SOLVE {
        return;
    }
    if let Ok(c) = CostMatrix::new(read.rows, read.cols, read.data) {
        if let Ok(s) = linear_sum_assignment(&c) {
            s.verify(&c).expect("certificate");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    match data.strip_prefix(b"s") {
        Some(text) => {
            sparse::<i64>(text);
            sparse::<f64>(text);
        }
        None => {
            dense::<i64>(data);
            dense::<f64>(data);
        }
    }
});
