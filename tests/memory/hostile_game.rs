//! Hostile inputs for the grid game's two parsers: each gives its expected
//! error, with its message, and allocates no more than the input pays for,
//! as counted by a global allocator.

use crate::alloc_counter;

use alloc_counter::measure;
use bimatch::game::{winning_starts, Grid};
use bimatch::GridError;

const KIB: usize = 1 << 10;

/// Parses judge input; returns the error, checking its allocations stayed
/// under `budget` bytes and its message is one line.
fn judge_fails(input: &[u8], budget: usize) -> GridError {
    let (result, usage) = measure(|| Grid::from_judge_input(input));
    assert!(usage.peak <= budget, "peak {} > {budget}", usage.peak);
    let e = result.expect_err("hostile input must be rejected");
    assert!(!e.to_string().contains('\n'), "{e}");
    e
}

/// The same for the plain grid text.
fn grid_fails(input: &str, budget: usize) -> GridError {
    let (result, usage) = measure(|| input.parse::<Grid>());
    assert!(usage.peak <= budget, "peak {} > {budget}", usage.peak);
    let e = result.expect_err("hostile input must be rejected");
    assert!(!e.to_string().contains('\n'), "{e}");
    e
}

#[test]
fn a_header_of_a_billion_squared_cells_over_a_tiny_body_allocates_nothing() {
    let e = judge_fails(b"1000000000 1000000000\n.#\n", 0);
    assert_eq!(
        e.to_string(),
        "line 1, column 12: the header announces 1000000000 rows of 1000000000 cells, \
         more than the 4 bytes after it can hold"
    );
    let e = judge_fails(b"1 1000000000\n", 0);
    assert!(
        matches!(&e, GridError::JudgeTooShort { rows: got_rows, cols: got_cols, bytes: got_bytes, .. } if *got_rows == 1 && *got_cols == 1_000_000_000 && *got_bytes == 1),
        "{e:?}"
    );
}

#[test]
fn numbers_that_overflow_and_negative_numbers_are_header_errors() {
    let cases: [(&[u8], &str); 4] = [
        (
            b"18446744073709551616 1\n.\n",
            "line 1, column 1: expected a smaller number of rows n, found \"18446744073709551616\"",
        ),
        (
            b"4294967296 4294967296\n",
            "line 1, column 12: the header announces 4294967296 rows of 4294967296 cells, \
             more than the 1 bytes after it can hold",
        ),
        (
            b"-1 1\n.\n",
            "line 1, column 1: expected the number of rows n, found \"-1\"",
        ),
        (
            b"1 +1\n.\n",
            "line 1, column 3: expected the number of columns m, found \"+1\"",
        ),
    ];
    for (input, message) in cases {
        let e = judge_fails(input, KIB);
        assert_eq!(e.to_string(), message);
    }
}

#[test]
fn nul_bytes_are_cell_errors() {
    let e = judge_fails(b"1 2\n.\0\n", KIB);
    assert!(
        matches!(&e, GridError::JudgeCell { line: got_line, row: got_row, column: got_column, found: got_found, .. } if *got_line == 2 && *got_row == 1 && *got_column == 2 && *got_found == '\0'),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "line 2, column 2 (row 1): expected '.' or '#', found '\\0'"
    );
    let e = judge_fails(b"1\x002\n..\n", KIB);
    assert_eq!(
        e.to_string(),
        "line 1, column 1: expected the number of rows n, found \"1\\02\""
    );
    let e = grid_fails("..\n\0.\n", KIB);
    assert_eq!(
        e.to_string(),
        "row 2, column 1: expected '.' or '#', found '\\0'"
    );
}

#[test]
fn non_utf8_bytes_are_cell_errors() {
    let e = judge_fails(b"2 2\n..\n#\xc3\n", KIB);
    assert_eq!(
        e.to_string(),
        "line 3, column 2 (row 2): expected '.' or '#', found '\u{fffd}'"
    );
    // A row that is too long because of a multi-byte character counts
    // characters in its message.
    let e = judge_fails("1 2\n.é\n".as_bytes(), KIB);
    assert_eq!(
        e.to_string(),
        "line 2, column 2 (row 1): expected '.' or '#', found 'é'"
    );
}

#[test]
fn a_single_50_megabyte_line_is_an_error_without_copying_it() {
    let mut input = b"1 1\n".to_vec();
    input.resize(input.len() + 50_000_000, b'.');
    let e = judge_fails(&input, 64 * KIB);
    assert_eq!(
        e.to_string(),
        "line 2, column 2 (row 1): the row has 50000000 cells, but the header announces 1"
    );
    let mut text = "#".repeat(50_000_000);
    text.push('x');
    let e = grid_fails(&text, 64 * KIB);
    assert_eq!(
        e.to_string(),
        "row 1, column 50000001: expected '.' or '#', found 'x'"
    );
}

#[test]
fn a_text_of_line_breaks_holds_no_line() {
    // Regression: the grid text parser used to collect every line first,
    // 16 bytes each, before looking at them: 800 MB for these 50 MB.
    // Now a 50,000,000 x 0 board, read without allocating.
    let text = "\n".repeat(50_000_000);
    let (grid, usage) = measure(|| text.parse::<Grid>());
    assert_eq!((grid.expect("valid").rows(), usage.peak), (50_000_000, 0));
    let mut text = "\r\n".repeat(1_000_000);
    text.push_str(".#");
    let e = grid_fails(&text, 0);
    assert_eq!(
        e.to_string(),
        "row 1000001, column 1: the row has 2 cells, but row 1 has 0"
    );
    // A grid of many one-cell rows costs one byte a cell.
    let text = ".\n".repeat(100_000);
    let (grid, usage) = measure(|| text.parse::<Grid>());
    assert_eq!(grid.expect("valid").rows(), 100_000);
    assert!(usage.peak <= 3 * 100_000, "{usage:?}");
}

#[test]
fn crlf_mixed_line_endings_and_no_final_newline_parse_the_same_board() {
    let want: Grid = "..#\n.#.\n".parse().expect("valid");
    for text in [
        "..#\r\n.#.\r\n",
        "..#\n.#.\r\n",
        "..#\r\n.#.",
        "..#\n.#.\r\n\n\r\n",
    ] {
        assert_eq!(text.parse::<Grid>(), Ok(want.clone()), "{text:?}");
    }
    for input in [
        &b"2 3\r\n..#\n.#.\r\n"[..],
        b"2 3\n..#\r\n.#.",
        b"2 3\r\n..#\r\n.#.\r\n\r\n",
    ] {
        assert_eq!(
            Grid::from_judge_input(input),
            Ok(want.clone()),
            "{:?}",
            String::from_utf8_lossy(input)
        );
    }
    let crlf: Grid = "..#\r\n.#.".parse().expect("valid");
    assert_eq!(winning_starts(&want), winning_starts(&crlf));
    // A lone carriage return does not end a line.
    let e = grid_fails("..#\r.#.", KIB);
    assert_eq!(
        e.to_string(),
        "row 1, column 4: expected '.' or '#', found '\\r'"
    );
    // Judge input is words: there a lone carriage return separates them.
    assert_eq!(Grid::from_judge_input(b"2 3\r..#\r.#.\r"), Ok(want));
}

/// The grid text parser as it was before it streamed: collect the lines,
/// drop trailing blank ones, then check each in order. Kept as the
/// reference the streaming parser must agree with; errors are compared by
/// their messages, which name every field.
fn reference_parse(s: &str) -> Result<Grid, String> {
    let mut rows: Vec<&str> = s
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    // A final line ending does not start another line.
    if s.ends_with('\n') {
        rows.pop();
    }
    // A blank first line makes a board of no columns, one row per line.
    if !s.is_empty() && rows.first().is_some_and(|r| r.is_empty()) {
        return match rows.iter().position(|r| !r.is_empty()) {
            Some(i) => Err(format!(
                "row {}, column 1: the row has {} cells, but row 1 has 0",
                i + 1,
                rows[i].chars().count()
            )),
            None => Grid::from_fn(rows.len(), 0, |_, _| true).map_err(|e| e.to_string()),
        };
    }
    while rows.last().is_some_and(|r| r.is_empty()) {
        rows.pop();
    }
    let Some(first) = rows.first() else {
        return Err("row 1, column 1: the grid has no rows".into());
    };
    let cols = first.len();
    let mut cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        // Every byte before the first bad one is ASCII, so it starts a char.
        if let Some(c) = row.bytes().take(cols).position(|b| b != b'.' && b != b'#') {
            let found = row[c..].chars().next().expect("a char starts here");
            return Err(format!(
                "row {}, column {}: expected '.' or '#', found {found:?}",
                r + 1,
                c + 1
            ));
        }
        if row.len() != cols {
            let found = row.chars().count();
            return Err(format!(
                "row {}, column {}: the row has {found} cells, but row 1 has {cols}",
                r + 1,
                found.min(cols) + 1
            ));
        }
        cells.push(row.bytes().map(|b| b == b'.').collect::<Vec<_>>());
    }
    Grid::from_rows(cells).map_err(|e| e.to_string())
}

#[test]
fn the_streaming_grid_parser_agrees_with_the_reference_on_random_texts() {
    let alphabet = [".", "#", "\n", "\r\n", "\r", "x", "é", "\0"];
    let mut state = 0x0dd_ba11_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut accepted = 0;
    for _ in 0..20_000 {
        let len = (next() % 24) as usize;
        let mut text = String::new();
        for _ in 0..len {
            // Mostly cells and line breaks, so that many texts are boards.
            let k = (next() % 100) as usize;
            let pick = match k {
                0..=39 => 0,
                40..=69 => 1,
                70..=87 => 2,
                88..=93 => 3,
                _ => 4 + k % 4,
            };
            text.push_str(alphabet[pick]);
        }
        let got = text.parse::<Grid>();
        accepted += usize::from(got.is_ok());
        assert_eq!(
            got.map_err(|e| e.to_string()),
            reference_parse(&text),
            "{text:?}"
        );
    }
    assert!(accepted > 1000, "only {accepted} boards accepted");
}
