//! `str::parse::<Grid>` on arbitrary text: never panics; an accepted board
//! prints back to text that parses to the same board, and its winning
//! cells are the non-essential cells under every matcher.
#![no_main]

use bimatch::game::{winning_starts, Grid};
use bimatch::non_essential_vertices;
use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(grid) = text.parse::<Grid>() else {
        return;
    };
    let again: Grid = grid.to_string().parse().expect("printed boards parse");
    assert_eq!(again, grid);
    if grid.rows() * grid.cols() > 4096 {
        return;
    }
    let gg = grid.to_graph();
    let m = common::check_all_matchers(gg.graph());
    let ne = non_essential_vertices(gg.graph(), &m).expect("maximum");
    assert_eq!(winning_starts(&grid), gg.cells_of(&ne));
});
