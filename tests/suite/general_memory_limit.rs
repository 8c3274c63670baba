//! Memory that cannot be had is an error of the general wing, not an
//! abort: each check runs in a child process whose address space is
//! capped at 3 GiB, so the sizes asked for cannot be had on any machine and
//! the check touches little real memory.

use bimatch::game::{board_graph, Grid, Moves};
use bimatch::general::{Error, Graph};

const CHILD: &str = "BIMATCH_TEST_GENERAL_OOM_CHILD";

/// The harness's name of test `name` of this module: its module path
/// without the crate's name.
fn qualified(name: &str) -> String {
    match module_path!().split_once("::") {
        Some((_, module)) => format!("{module}::{name}"),
        None => name.to_string(),
    }
}

/// Runs the test `name` of this file again in a child capped at 3 GiB of
/// address space; returns whether this process is that child.
fn in_capped_child(name: &str) -> bool {
    if std::env::var_os(CHILD).is_some() {
        return true;
    }
    let exe = std::env::current_exe().unwrap();
    // The harness names a test by its module path without the crate's name.
    let name = match module_path!().split_once("::") {
        Some((_, module)) => format!("{module}::{name}"),
        None => name.to_string(),
    };
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 3145728 && exec \"$0\" --exact \"$1\" --test-threads=1")
        .arg(exe)
        .arg(qualified(name))
        .env(CHILD, "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "child failed: {}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    // The child really ran the check (the harness names the test it ran).
    assert!(stdout.contains("1 passed"), "{stdout}");
    false
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
