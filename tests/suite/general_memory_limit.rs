//! Memory that cannot be had is an error of the general wing, not an
//! abort: each check runs in a child process whose address space is
//! capped at 3 GiB, so the sizes asked for cannot be had on any machine and
//! the check touches little real memory.

use bimatch::game::{board_graph, Grid, Moves};
use bimatch::general::{Error, Graph};

/// Whether this is the capped child that runs test `name`'s checks.
fn in_capped_child(name: &str) -> bool {
    crate::common::capped::in_capped_child(module_path!(), name)
}

fn assert_out_of_memory(e: Error) {
    assert!(matches!(e, Error::OutOfMemory { .. }), "{e:?}");
    assert!(e.to_string().starts_with("cannot reserve "), "{e}");
}

/// 2^31 vertices need 8 GiB of offsets: refused before anything is built.
#[cfg(unix)]
#[test]
fn a_graph_too_large_for_memory_is_an_error() {
    if in_capped_child("a_graph_too_large_for_memory_is_an_error") {
        assert_out_of_memory(Graph::from_edges(1usize << 31, [(0, 1)]).unwrap_err());
        assert_out_of_memory(Graph::from_edges(1usize << 31, [(0u32, 1u32)]).unwrap_err());
        // the same sizes fit when the memory is there: a small graph builds
        assert_eq!(Graph::from_edges(3, [(0, 1)]).unwrap().edge_count(), 1);
    }
}

/// A 1 × 800 000 000 board (800 MB of cells, all blocked) needs 3.2 GB for
/// its cell map: the board's graph is an error, not an abort.
#[cfg(unix)]
#[test]
fn a_board_graph_too_large_for_memory_is_an_error() {
    if in_capped_child("a_board_graph_too_large_for_memory_is_an_error") {
        let grid = Grid::from_fn(1, 800_000_000, |_, _| false).unwrap();
        assert_out_of_memory(board_graph(&grid, Moves::King).unwrap_err());
    }
}
