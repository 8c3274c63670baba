//! The `L R M` edge-list reader: a golden file and every error path.

use bimatch::io::read_edge_list;
use bimatch::{Bipartite, ReadError};

fn read(text: &str) -> Result<Bipartite, ReadError> {
    read_edge_list(text.as_bytes())
}

fn message(text: &str) -> String {
    read(text).unwrap_err().to_string()
}

#[test]
fn golden() {
    let g = read("3 4 5\n0 0\n0 3\n2 1\n\n2 1\n1 2\n").unwrap();
    assert_eq!((g.left_count(), g.right_count()), (3, 4));
    let e: Vec<_> = g.edges().map(|(u, v)| (u.index(), v.index())).collect();
    assert_eq!(e, [(0, 0), (0, 3), (1, 2), (2, 1)]);
    let empty = read("0 0 0\n").unwrap();
    assert_eq!(empty.edge_count(), 0);
}

#[test]
fn errors() {
    let result = read("");
    assert!(
        matches!(&result, Err(ReadError::BadHeader { line: got_line, expected: got_expected, found: got_found, .. }) if *got_line == 1 && *got_expected == "the header \"L R M\"" && *got_found == String::new()),
        "{result:?}"
    );
    assert_eq!(
        message("\n\n"),
        "line 3: expected the header \"L R M\", found \"\""
    );
    assert_eq!(
        message("3 2\n"),
        "line 1, field 3: expected an edge count, found the end of the line"
    );
    assert_eq!(
        message("3 two 1\n"),
        "line 1, field 2: expected a right vertex count, found \"two\""
    );
    assert_eq!(
        message("3 2 1 0\n"),
        "line 1, field 4: unexpected \"0\" after the last field"
    );
    let result = read("3 2 1\n3 0\n");
    assert!(
        matches!(&result, Err(ReadError::IndexOutOfRange { line: got_line, field: got_field, value: got_value, base: got_base, count: got_count, .. }) if *got_line == 2 && *got_field == 1 && *got_value == 3 && *got_base == 0 && *got_count == 3),
        "{result:?}"
    );
    assert_eq!(
        message("3 2 1\n3 0\n"),
        "line 2, field 1: index 3 is out of range 0..3"
    );
    assert_eq!(
        message("3 2 1\n0 2\n"),
        "line 2, field 2: index 2 is out of range 0..2"
    );
    assert_eq!(
        message("3 2 1\n0\n"),
        "line 2, field 2: expected a right vertex id, found the end of the line"
    );
    assert_eq!(
        message("3 2 1\n0 1 1\n"),
        "line 2, field 3: unexpected \"1\" after the last field"
    );
    assert_eq!(
        message("3 2 2\n0 1\n"),
        "line 2: the input ends after 1 of the 2 entries announced"
    );
    assert_eq!(
        message("3 2 1\n0 1\n1 1\n"),
        "line 3: more entries than the 1 announced"
    );
    assert_eq!(
        message("3 2 1\n% 0 1\n"),
        "line 2, field 1: expected a left vertex id, found \"%\""
    );
}

#[test]
fn a_byte_order_mark_before_the_header_is_skipped() {
    let plain = read("2 1 1\n1 0\n").unwrap();
    assert_eq!(read("\u{feff}2 1 1\r\n1 0\r\n").unwrap(), plain);
    let mm = bimatch::io::read_matrix_market(
        "\u{feff}%%MatrixMarket matrix coordinate pattern general\n2 1 1\n2 1\n".as_bytes(),
    )
    .unwrap();
    assert_eq!(mm, plain);
}
