//! Every parse error of the grid text and the judge input, with its message.

use bimatch::game::{Grid, MAX_CELLS};
use bimatch::GridError;

fn grid_err(text: &str) -> GridError {
    text.parse::<Grid>().expect_err(text)
}

fn judge_err(text: &str) -> GridError {
    Grid::from_judge_input(text.as_bytes()).expect_err(text)
}

#[test]
fn grid_text_accepts_crlf_and_trailing_blank_lines() {
    let plain: Grid = ".#.\n#..".parse().unwrap();
    for text in [
        ".#.\n#..\n",
        ".#.\r\n#..\r\n",
        ".#.\n#..\n\n\r\n",
        ".#.\r\n#..",
    ] {
        assert_eq!(text.parse::<Grid>().unwrap(), plain, "{text:?}");
    }
    assert_eq!((plain.rows(), plain.cols(), plain.free_count()), (2, 3, 4));
    assert!(plain.is_free(0, 0) && !plain.is_free(0, 1) && plain.is_free(1, 2));
    assert!(!plain.is_free(2, 0) && !plain.is_free(0, 3));
}

#[test]
fn grid_text_errors_name_row_and_column() {
    let e = grid_err("..#\n.x.");
    assert!(
        matches!(&e, GridError::Cell { row: got_row, column: got_column, found: got_found, .. } if *got_row == 2 && *got_column == 2 && *got_found == 'x'),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "row 2, column 2: expected '.' or '#', found 'x'"
    );
    assert_eq!(
        grid_err("...\n..é").to_string(),
        "row 2, column 3: expected '.' or '#', found 'é'"
    );
    assert_eq!(
        grid_err(". .").to_string(),
        "row 1, column 2: expected '.' or '#', found ' '"
    );

    let short = grid_err("...\n..\n...");
    assert!(
        matches!(&short, GridError::RowLength { row: got_row, found: got_found, expected: got_expected, .. } if *got_row == 2 && *got_found == 2 && *got_expected == 3),
        "{short:?}"
    );
    assert_eq!(
        short.to_string(),
        "row 2, column 3: the row has 2 cells, but row 1 has 3"
    );
    assert_eq!(
        grid_err("..\n...").to_string(),
        "row 2, column 3: the row has 3 cells, but row 1 has 2"
    );
    // A blank line inside the board is a row of no cells.
    assert_eq!(
        grid_err("..\n\n..").to_string(),
        "row 2, column 1: the row has 0 cells, but row 1 has 2"
    );

    let e = grid_err("");
    assert_eq!(e, GridError::Empty);
    assert_eq!(e.to_string(), "row 1, column 1: the grid has no rows");
}

#[test]
fn boards_without_columns_read_back_from_their_text() {
    for (text, rows) in [("\n", 1), ("\r\n\n", 2), ("\n\n\n", 3)] {
        let grid: Grid = text.parse().unwrap();
        assert_eq!((grid.rows(), grid.cols()), (rows, 0), "{text:?}");
        assert_eq!(grid.to_string().parse::<Grid>().unwrap(), grid);
    }
    let grid = Grid::from_fn(4, 0, |_, _| true).unwrap();
    assert_eq!(grid.to_string().parse::<Grid>().unwrap(), grid);
    assert_eq!(
        grid_err("\n..").to_string(),
        "row 2, column 1: the row has 2 cells, but row 1 has 0"
    );
    // Judge input: the rows of no cells are their line breaks.
    assert_eq!(
        Grid::from_judge_input(b"3 0\n\n\n\n").unwrap(),
        grid_rows(3)
    );
    assert!(matches!(
        Grid::from_judge_input(b"1000000000000 0\n\n"),
        Err(GridError::JudgeTooShort { .. })
    ));
}

fn grid_rows(rows: usize) -> Grid {
    Grid::from_fn(rows, 0, |_, _| true).unwrap()
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let plain: Grid = ".#\n..".parse().unwrap();
    assert_eq!("\u{feff}.#\n..".parse::<Grid>().unwrap(), plain);
    assert_eq!(
        Grid::from_judge_input(b"\xEF\xBB\xBF2 2\r\n.#\r\n..\r\n").unwrap(),
        plain
    );
}

#[test]
fn built_grids_are_checked() {
    let e = Grid::from_rows([vec![true, true], vec![true]]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "row 2, column 2: the row has 1 cells, but row 1 has 2"
    );
    let empty = Grid::from_rows(Vec::<Vec<bool>>::new()).unwrap();
    assert_eq!((empty.rows(), empty.cols()), (0, 0));

    let e = Grid::from_fn(1 << 16, 1 << 16, |_, _| true).unwrap_err();
    assert!(
        matches!(&e, GridError::TooLarge { rows: got_rows, cols: got_cols, limit: got_limit, .. } if *got_rows == 1 << 16 && *got_cols == 1 << 16 && *got_limit == MAX_CELLS),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        format!(
            "a grid of 65536 rows and 65536 columns is too large: at most {MAX_CELLS} cells are supported"
        )
    );
    assert!(Grid::from_fn(usize::MAX, 2, |_, _| true).is_err());
}

#[test]
fn judge_input_is_read_with_lenient_line_ends() {
    let want: Grid = "..#\n...".parse().unwrap();
    for text in [
        "2 3\n..#\n...",
        "2 3\n..#\n...\n",
        "2 3\r\n..#\r\n...\r\n",
        "  2\t3  \n..#  \n...\t\n\n \n",
    ] {
        assert_eq!(
            Grid::from_judge_input(text.as_bytes()).unwrap(),
            want,
            "{text:?}"
        );
    }
    let empty = Grid::from_judge_input(b"0 0\n").unwrap();
    assert_eq!((empty.rows(), empty.cols()), (0, 0));
}

#[test]
fn judge_header_errors() {
    let cases = [
        (
            "",
            "line 1, column 1: expected the number of rows n, found \"end of input\"",
        ),
        (
            "x 3\n...",
            "line 1, column 1: expected the number of rows n, found \"x\"",
        ),
        (
            "2\n..\n..",
            "line 2, column 1: expected the number of columns m, found \"..\"",
        ),
        (
            "\u{feff}3",
            "line 1, column 2: expected the number of columns m, found \"end of input\"",
        ),
        (
            "2 -3\n",
            "line 1, column 3: expected the number of columns m, found \"-3\"",
        ),
        (
            "99999999999999999999999 1\n.",
            "line 1, column 1: expected a smaller number of rows n, found \"99999999999999999999999\"",
        ),
        (
            "1 99999999999999999999999\n.",
            "line 1, column 3: expected a smaller number of columns m, found \"99999999999999999999999\"",
        ),
    ];
    for (text, message) in cases {
        let e = judge_err(text);
        assert!(
            matches!(e, GridError::JudgeHeader { .. }),
            "{text:?}: {e:?}"
        );
        assert_eq!(e.to_string(), message, "{text:?}");
    }
    let e = judge_err("2 x3\n");
    assert!(
        matches!(
            &e,
            GridError::JudgeHeader { line: 1, column: 3, expected, found, .. }
                if *expected == "the number of columns m" && found == "x3"
        ),
        "{e:?}"
    );
}

#[test]
fn judge_header_is_checked_against_the_input_before_allocating() {
    // Would be 10^18 cells: refused from the input's length alone.
    let e = judge_err("1000000000 1000000000\n..\n");
    assert!(
        matches!(&e, GridError::JudgeTooShort { rows: got_rows, cols: got_cols, bytes: got_bytes, .. } if *got_rows == 1_000_000_000 && *got_cols == 1_000_000_000 && *got_bytes == 4),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "line 1, column 12: the header announces 1000000000 rows of 1000000000 cells, \
         more than the 4 bytes after it can hold"
    );
    // The product overflows.
    let e = judge_err(&format!("{} 2\n", usize::MAX));
    assert!(matches!(e, GridError::JudgeTooShort { .. }), "{e:?}");
    // Rows of no cells still need their line breaks.
    let e = judge_err("1000000000000 0\n\n");
    assert!(matches!(e, GridError::JudgeTooShort { .. }), "{e:?}");
}

#[test]
fn judge_row_errors_name_line_row_and_column() {
    let e = judge_err("2 3\n...\n.#?\n");
    assert!(
        matches!(&e, GridError::JudgeCell { line: got_line, row: got_row, column: got_column, found: got_found, .. } if *got_line == 3 && *got_row == 2 && *got_column == 3 && *got_found == '?'),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "line 3, column 3 (row 2): expected '.' or '#', found '?'"
    );
    assert_eq!(
        judge_err("1 3\n.\u{3b1}.").to_string(),
        "line 2, column 2 (row 1): expected '.' or '#', found 'α'"
    );
    assert_eq!(
        judge_err("2 3\n...\n..\n").to_string(),
        "line 3, column 3 (row 2): the row has 2 cells, but the header announces 3"
    );
    assert_eq!(
        judge_err("2 3\n....\n...\n").to_string(),
        "line 2, column 4 (row 1): the row has 4 cells, but the header announces 3"
    );
    assert_eq!(
        judge_err("2 3\n...\n...\n... ").to_string(),
        "line 4, column 1: expected the end of the input after 2 rows, found '.'"
    );
    // Words, not lines: a row split by a space is two rows.
    assert_eq!(
        judge_err("2 3\n.. .\n...\n").to_string(),
        "line 2, column 3 (row 1): the row has 2 cells, but the header announces 3"
    );
    let e = judge_err("3 2\n..\n..\n");
    assert!(
        matches!(&e, GridError::JudgeMissingRows { line: got_line, found: got_found, expected: got_expected, .. } if *got_line == 4 && *got_found == 2 && *got_expected == 3),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "line 4, column 1: the input ends after 2 rows, but the header announces 3"
    );
    let e = judge_err("1 2\n..\n\n ..\n");
    assert!(
        matches!(&e, GridError::JudgeExtraText { line: got_line, column: got_column, rows: got_rows, found: got_found, .. } if *got_line == 4 && *got_column == 2 && *got_rows == 1 && *got_found == '.'),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "line 4, column 2: expected the end of the input after 1 rows, found '.'"
    );
}

#[test]
fn judge_input_that_is_not_utf8_is_an_error_not_a_panic() {
    let e = Grid::from_judge_input(b"1 2\n.\xff\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2, column 2 (row 1): expected '.' or '#', found '\u{fffd}'"
    );
    let e = Grid::from_judge_input(b"\xfe 2\n").unwrap_err();
    assert!(
        matches!(e, GridError::JudgeHeader { column: 1, .. }),
        "{e:?}"
    );
}

#[test]
fn arbitrary_bytes_never_panic_and_accepted_input_round_trips() {
    // SplitMix64 over short texts from an alphabet that hits every branch.
    let mut state = 0x5eed_u64;
    let mut next = || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let alphabet = b".#.#..##\n\n\r \t0123x\xff";
    let (mut judged, mut parsed) = (0, 0);
    for round in 0..20_000 {
        let len = (next() % 24) as usize;
        let mut bytes: Vec<u8> = (0..len)
            .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
            .collect();
        if round % 2 == 0 {
            // Mostly well-formed headers, so the rows get exercised too.
            let header = format!("{} {}\n", next() % 4, next() % 4);
            bytes.splice(0..0, header.bytes());
        }
        if let Ok(grid) = Grid::from_judge_input(&bytes) {
            judged += 1;
            let again = format!("{} {}\n{grid}", grid.rows(), grid.cols());
            assert_eq!(Grid::from_judge_input(again.as_bytes()).unwrap(), grid);
        }
        if let Ok(text) = std::str::from_utf8(&bytes) {
            if let Ok(grid) = text.parse::<Grid>() {
                parsed += 1;
                assert_eq!(grid.to_string().parse::<Grid>().unwrap(), grid);
            }
        }
    }
    assert!(judged > 100 && parsed > 100, "{judged} {parsed}");
}
