//! `Grid::from_judge_input` on arbitrary bytes: never panics; an accepted
//! board, written back as judge input, parses to the same board.
#![no_main]

use bimatch::game::{winning_starts, Grid};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(grid) = Grid::from_judge_input(data) else {
        return;
    };
    let text = format!("{} {}\n{}", grid.rows(), grid.cols(), grid);
    let again = Grid::from_judge_input(text.as_bytes()).expect("written input parses");
    assert_eq!(again, grid);
    if grid.rows().saturating_mul(grid.cols()) <= 4096 {
        let starts = winning_starts(&grid);
        assert!(starts.iter().all(|&(r, c)| grid.is_free(r, c)));
    }
});
