//! Hostile inputs for the file readers: each gives its expected error, with
//! its message, and allocates no more than the input pays for, as counted
//! by a global allocator.

use crate::alloc_counter;

use alloc_counter::{measure, Usage};
use bimatch::io::{
    read_edge_list, read_matrix_market, FREE_VERTICES, MAX_LINE_BYTES, VERTICES_PER_BYTE,
};
use bimatch::{Bipartite, ReadError};

const KIB: usize = 1 << 10;
const MIB: usize = 1 << 20;

const BANNER: &str = "%%MatrixMarket matrix coordinate pattern general\n";

/// Reads an edge list, measuring its allocations.
fn edge_list(input: &[u8]) -> (Result<Bipartite, ReadError>, Usage) {
    measure(|| read_edge_list(input))
}

/// Reads a Matrix Market file, measuring its allocations.
fn matrix_market(input: &[u8]) -> (Result<Bipartite, ReadError>, Usage) {
    measure(|| read_matrix_market(input))
}

/// The error and its message; the call must have stayed under `budget`
/// bytes at its peak.
fn fails(result: (Result<Bipartite, ReadError>, Usage), budget: usize) -> (ReadError, String) {
    let (result, usage) = result;
    assert!(
        usage.peak <= budget,
        "peak {} bytes, budget {budget}",
        usage.peak
    );
    let e = result.expect_err("hostile input must be rejected");
    let message = e.to_string();
    assert!(!message.contains('\n'), "one-line message: {message:?}");
    (e, message)
}

#[test]
fn a_header_of_a_billion_edges_over_a_tiny_body_fails_fast_and_small() {
    let (e, message) = fails(
        edge_list(b"1000000000 1000000000 1000000000\n0 0\n"),
        64 * KIB,
    );
    assert!(
        matches!(&e, ReadError::MissingEntries { line: got_line, expected: got_expected, found: got_found, .. } if *got_line == 2 && *got_expected == 1_000_000_000 && *got_found == 1),
        "{e:?}"
    );
    assert_eq!(
        message,
        "line 2: the input ends after 1 of the 1000000000 entries announced"
    );
    let input = format!("{BANNER}1000000000 1000000000 1000000000\n1 1\n");
    let (e, _) = fails(matrix_market(input.as_bytes()), 64 * KIB);
    assert!(
        matches!(&e, ReadError::MissingEntries { line: got_line, expected: got_expected, found: got_found, .. } if *got_line == 3 && *got_expected == 1_000_000_000 && *got_found == 1),
        "{e:?}"
    );
}

#[test]
fn a_matrix_declaring_four_billion_rows_over_no_entries_is_refused_before_it_is_built() {
    // Regression: the reader used to build the graph the header described,
    // allocating 8 bytes per declared row and column (32 GB here) for a
    // three-line file.
    let input = format!("{BANNER}4000000000 4000000000 0\n");
    let bytes = input.len();
    let (e, message) = fails(matrix_market(input.as_bytes()), 64 * KIB);
    let limit = FREE_VERTICES + VERTICES_PER_BYTE * bytes;
    assert!(
        matches!(&e, ReadError::VerticesBeyondInput { line: got_line, left: got_left, right: got_right, bytes: got_bytes, limit: got_limit, .. } if *got_line == 2 && *got_left == 4_000_000_000 && *got_right == 4_000_000_000 && *got_bytes == bytes && *got_limit == limit),
        "{e:?}"
    );
    assert_eq!(
        message,
        format!(
            "line 2: 4000000000 + 4000000000 vertices declared, more than the {limit} \
             that an input of {bytes} bytes allows"
        )
    );
    let (e, _) = fails(edge_list(b"4000000000 1 1\n0 0\n"), 64 * KIB);
    assert!(
        matches!(e, ReadError::VerticesBeyondInput { line: 1, .. }),
        "{e}"
    );
}

#[test]
fn the_vertex_allowance_grows_with_the_input() {
    // Exactly the allowance is accepted, one more vertex is not.
    let pad = "% padding\n".repeat(100);
    let head = format!("{BANNER}{pad}");
    // The size line's own length depends on the numbers in it: find the
    // fixed point by trying.
    let mut rows = FREE_VERTICES;
    for _ in 0..4 {
        let size = format!("{rows} 1 0\n");
        let bytes = head.len() + size.len();
        rows = FREE_VERTICES + VERTICES_PER_BYTE * bytes - 1;
    }
    let ok = format!("{head}{rows} 1 0\n");
    let (g, usage) = matrix_market(ok.as_bytes());
    let g = g.expect("the allowance is accepted");
    assert_eq!(
        (g.left_count(), g.right_count(), g.edge_count()),
        (rows, 1, 0)
    );
    // The offsets of the graph, 4 bytes a vertex (twice during the build).
    assert!(usage.peak <= 8 * (rows + 2) + 64 * KIB, "{usage:?}");
    let over = format!("{head}{} 1 0\n", rows + 1);
    let (e, _) = fails(matrix_market(over.as_bytes()), 64 * KIB);
    assert!(matches!(e, ReadError::VerticesBeyondInput { .. }), "{e}");
}

#[test]
fn numbers_that_overflow_u32_or_usize_are_bad_fields() {
    let cases: [(&[u8], &str); 5] = [
        (
            b"4294967295 1 0\n",
            "line 1, field 1: expected a left vertex count, found \"4294967295\"",
        ),
        (
            b"1 99999999999999999999999 0\n",
            "line 1, field 2: expected a right vertex count, found \"99999999999999999999999\"",
        ),
        (
            b"1 1 18446744073709551616\n",
            "line 1, field 3: expected an edge count, found \"18446744073709551616\"",
        ),
        (
            b"2 2 1\n18446744073709551616 0\n",
            "line 2, field 1: expected a left vertex id, found \"18446744073709551616\"",
        ),
        (
            b"2 2 1\n0 4294967296\n",
            "line 2, field 2: index 4294967296 is out of range 0..2",
        ),
    ];
    for (input, expected) in cases {
        let (_, message) = fails(edge_list(input), 64 * KIB);
        assert_eq!(message, expected);
    }
    let input = format!("{BANNER}2 2 1\n1 18446744073709551617\n");
    let (e, _) = fails(matrix_market(input.as_bytes()), 64 * KIB);
    assert!(
        matches!(&e, ReadError::BadField { line: got_line, field: got_field, expected: got_expected, found: got_found, .. } if *got_line == 3 && *got_field == 2 && *got_expected == "a column index" && got_found == "18446744073709551617"),
        "{e:?}"
    );
    let input =
        b"%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 9223372036854775808\n";
    let (_, message) = fails(matrix_market(input), 64 * KIB);
    assert_eq!(
        message,
        "line 3, field 3: expected an integer value, found \"9223372036854775808\""
    );
}

#[test]
fn negative_numbers_are_bad_fields() {
    let (_, message) = fails(edge_list(b"-1 2 0\n"), 64 * KIB);
    assert_eq!(
        message,
        "line 1, field 1: expected a left vertex count, found \"-1\""
    );
    let (_, message) = fails(edge_list(b"2 2 1\n0 -0\n"), 64 * KIB);
    assert_eq!(
        message,
        "line 2, field 2: expected a right vertex id, found \"-0\""
    );
    let input = format!("{BANNER}2 2 1\n-1 1\n");
    let (_, message) = fails(matrix_market(input.as_bytes()), 64 * KIB);
    assert_eq!(
        message,
        "line 3, field 1: expected a row index, found \"-1\""
    );
    // A negative value of a real matrix is fine: only the pattern counts.
    let real = b"%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 -2.5e-3\n";
    assert_eq!(read_matrix_market(&real[..]).unwrap().edge_count(), 1);
}

#[test]
fn bytes_that_are_not_utf8_are_bad_fields() {
    let (e, message) = fails(edge_list(b"2 2 1\n\xff\xfe 0\n"), 64 * KIB);
    assert!(
        matches!(&e, ReadError::BadField { line: got_line, field: got_field, expected: got_expected, found: got_found, .. } if *got_line == 2 && *got_field == 1 && *got_expected == "a left vertex id" && got_found == "\u{fffd}\u{fffd}"),
        "{e:?}"
    );
    assert_eq!(
        message,
        "line 2, field 1: expected a left vertex id, found \"\u{fffd}\u{fffd}\""
    );
    let (_, message) = fails(
        matrix_market(b"%%MatrixMarket matrix coordinate pattern gen\xe9ral\n"),
        64 * KIB,
    );
    assert_eq!(
        message,
        "line 1, field 5: \"gen\u{fffd}ral\" is not supported \
         (supported: general, symmetric, skew-symmetric)"
    );
}

#[test]
fn nul_bytes_are_bad_fields() {
    let (_, message) = fails(edge_list(b"2 2 1\n0\0 1\n"), 64 * KIB);
    assert_eq!(
        message,
        "line 2, field 1: expected a left vertex id, found \"0\\0\""
    );
    let (_, message) = fails(edge_list(b"\0"), 64 * KIB);
    assert_eq!(
        message,
        "line 1, field 1: expected a left vertex count, found \"\\0\""
    );
    let input = format!("{BANNER}1 1 1\n1 1\0\n");
    let (_, message) = fails(matrix_market(input.as_bytes()), 64 * KIB);
    assert_eq!(
        message,
        "line 3, field 2: expected a column index, found \"1\\0\""
    );
}

#[test]
fn a_single_50_megabyte_line_is_refused_after_reading_one_mebibyte() {
    let mut input = b"1 1 1\n".to_vec();
    input.resize(input.len() + 50_000_000, b'0');
    input.push(b'\n');
    let (e, message) = fails(edge_list(&input), 4 * MIB);
    assert!(
        matches!(&e, ReadError::LineTooLong { line: got_line, limit: got_limit, .. } if *got_line == 2 && *got_limit == MAX_LINE_BYTES),
        "{e:?}"
    );
    assert_eq!(message, "line 2: the line is longer than 1048576 bytes");

    // A comment line, and a line without any line ending.
    let mut input = format!("{BANNER}% ").into_bytes();
    input.resize(input.len() + 50_000_000, b'x');
    let (e, _) = fails(matrix_market(&input), 4 * MIB);
    assert!(
        matches!(&e, ReadError::LineTooLong { line: got_line, limit: got_limit, .. } if *got_line == 2 && *got_limit == MAX_LINE_BYTES),
        "{e:?}"
    );
}

#[test]
fn the_longest_line_accepted_is_exactly_the_limit() {
    // Leading spaces are allowed: pad the edge line to exactly the limit,
    // with a CRLF after it, and then one byte more.
    let line = |len: usize| {
        let mut text = b"1 1 1\n".to_vec();
        text.resize(text.len() + len - 3, b' ');
        text.extend_from_slice(b"0 0\r\n");
        text
    };
    let g = read_edge_list(&line(MAX_LINE_BYTES)[..]).expect("a line of the limit");
    assert_eq!(g.edge_count(), 1);
    let e = read_edge_list(&line(MAX_LINE_BYTES + 1)[..]).unwrap_err();
    assert!(
        matches!(&e, ReadError::LineTooLong { line: got_line, limit: got_limit, .. } if *got_line == 2 && *got_limit == MAX_LINE_BYTES),
        "{e:?}"
    );
}

#[test]
fn crlf_mixed_line_endings_and_no_final_newline_read_the_same_graph() {
    let expected = read_edge_list(&b"3 2 3\n0 0\n1 0\n2 1\n"[..]).unwrap();
    for input in [
        &b"3 2 3\r\n0 0\r\n1 0\r\n2 1\r\n"[..],
        b"3 2 3\n0 0\r\n1 0\n2 1\r\n",
        b"3 2 3\r\n0 0\n\r\n1 0\r\n2 1",
        b"3 2 3\n0 0\n1 0\n2 1",
    ] {
        let g = read_edge_list(input).expect("valid");
        assert_eq!(g, expected, "{:?}", String::from_utf8_lossy(input));
    }
    let mm = read_matrix_market(
        &b"%%MatrixMarket matrix coordinate pattern general\r\n% x\r\n3 2 3\n1 1\r\n2 1\n3 2"[..],
    )
    .expect("valid");
    assert_eq!(mm, expected);
    // A lone carriage return does not end a line: it separates words.
    let (_, message) = fails(edge_list(b"3 2 3\r0 0\r1 0\r2 1\r"), 64 * KIB);
    assert_eq!(
        message,
        "line 1, field 4: unexpected \"0\" after the last field"
    );
}

#[test]
fn fuzz_regression_edge_list_header_of_3563155155_left_vertices_and_no_edges() {
    // Found by the `edge_list` fuzz target in 23 seconds: the reader built
    // the graph the header described and asked for 14 GB.
    let input = b"3563155155 563155 0 ";
    let (e, _) = fails(edge_list(input), 64 * KIB);
    assert!(
        matches!(&e, ReadError::VerticesBeyondInput { line: got_line, left: got_left, right: got_right, bytes: got_bytes, limit: got_limit, .. } if *got_line == 1 && *got_left == 3_563_155_155 && *got_right == 563_155 && *got_bytes == 20 && *got_limit == FREE_VERTICES + VERTICES_PER_BYTE * 20),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "line 1: 3563155155 + 563155 vertices declared, more than the 1048656 \
         that an input of 20 bytes allows"
    );
}
