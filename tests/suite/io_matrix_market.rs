//! Matrix Market reader: golden files of each kind and every error path,
//! messages included.

use bimatch::io::read_matrix_market;
use bimatch::{Bipartite, ReadError};

use crate::common::edge_pairs as edges;

fn read(text: &str) -> Result<Bipartite, ReadError> {
    read_matrix_market(text.as_bytes())
}

/// The message of the error `text` must give.
fn message(text: &str) -> String {
    read(text).unwrap_err().to_string()
}

#[test]
fn pattern_general() {
    let g = read(
        "%%MatrixMarket matrix coordinate pattern general\n\
         % rows are left vertices, columns right vertices\n\
         %\n\
         4 3 5\n\
         1 1\n\
         2 3\n\
         4 2\n\
         1 3\n\
         4 2\n",
    )
    .unwrap();
    assert_eq!((g.left_count(), g.right_count()), (4, 3));
    // The duplicate (4, 2) is merged; row 3 is empty.
    assert_eq!(edges(&g), [(0, 0), (0, 2), (1, 2), (3, 1)]);
}

#[test]
fn real_general_with_explicit_zeros_and_odd_spacing() {
    let g = read(
        "%%MatrixMarket matrix coordinate real general\r\n\
         2 2 3\r\n\
         \t1   2   -0.0\r\n\
         \r\n\
         2 1 1.5e-3\r\n\
         2 2 -7\r\n",
    )
    .unwrap();
    assert_eq!(edges(&g), [(0, 1), (1, 0), (1, 1)]);
}

#[test]
fn integer_general_with_upper_case_keywords() {
    let g = read(
        "%%MatrixMarket MATRIX Coordinate INTEGER General\n\
         1 3 2\n\
         1 3 -42\n\
         1 1 +7\n",
    )
    .unwrap();
    assert_eq!((g.left_count(), g.right_count()), (1, 3));
    assert_eq!(edges(&g), [(0, 0), (0, 2)]);
}

#[test]
fn symmetric_and_skew_symmetric_are_mirrored() {
    let g = read(
        "%%MatrixMarket matrix coordinate real symmetric\n\
         3 3 3\n\
         1 1 2.0\n\
         3 1 1.0\n\
         3 2 1.0\n",
    )
    .unwrap();
    assert_eq!(edges(&g), [(0, 0), (0, 2), (1, 2), (2, 0), (2, 1)]);
    let g = read(
        "%%MatrixMarket matrix coordinate integer skew-symmetric\n\
         2 2 1\n\
         2 1 5\n",
    )
    .unwrap();
    assert_eq!(edges(&g), [(0, 1), (1, 0)]);
}

#[test]
fn empty_matrix_and_comments_between_entries() {
    let g = read("%%MatrixMarket matrix coordinate pattern general\n0 0 0\n").unwrap();
    assert_eq!((g.left_count(), g.right_count(), g.edge_count()), (0, 0, 0));
    let g = read("%%MatrixMarket matrix coordinate pattern general\n2 2 1\n% note\n2 2\n% end\n")
        .unwrap();
    assert_eq!(edges(&g), [(1, 1)]);
}

#[test]
fn the_example_file_reads() {
    let g = read_matrix_market(
        std::fs::File::open(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/dmperm-example.mtx"
        ))
        .unwrap(),
    )
    .unwrap();
    assert_eq!(
        (g.left_count(), g.right_count(), g.edge_count()),
        (12, 12, 28)
    );
}

const BANNER: &str = "%%MatrixMarket matrix coordinate real general\n";

#[test]
fn banner_errors() {
    let result = read("");
    assert!(
        matches!(&result, Err(ReadError::BadHeader { line: got_line, expected: got_expected, found: got_found, .. }) if *got_line == 1 && *got_expected == "the banner \"%%MatrixMarket matrix coordinate <field> <symmetry>\"" && *got_found == String::new()),
        "{result:?}"
    );
    assert_eq!(
        message("%%MatrixMarkt matrix coordinate real\n1 1 0\n"),
        "line 1: expected the banner \"%%MatrixMarket matrix coordinate <field> <symmetry>\", \
         found \"%%MatrixMarkt matrix coordinate real\""
    );
    assert_eq!(
        message("%%MatrixMarket vector coordinate real general\n"),
        "line 1, field 2: \"vector\" is not supported (supported: matrix)"
    );
    assert_eq!(
        message("%%MatrixMarket matrix array real general\n"),
        "line 1, field 3: \"array\" is not supported (supported: coordinate)"
    );
    assert_eq!(
        message("%%MatrixMarket matrix coordinate complex general\n"),
        "line 1, field 4: \"complex\" is not supported (supported: pattern, real, integer)"
    );
    assert_eq!(
        message("%%MatrixMarket matrix coordinate real hermitian\n"),
        "line 1, field 5: \"hermitian\" is not supported \
         (supported: general, symmetric, skew-symmetric)"
    );
    let result = read("%%MatrixMarket matrix coordinate real\n");
    assert!(
        matches!(&result, Err(ReadError::MissingField { line: 1, field: 5, expected, .. }) if *expected == "general, symmetric, skew-symmetric"),
        "{result:?}"
    );
    assert_eq!(
        message("%%MatrixMarket matrix coordinate real\n"),
        "line 1, field 5: expected general, symmetric, skew-symmetric, found the end of the line"
    );
    assert_eq!(
        message("%%MatrixMarket matrix coordinate real general extra\n"),
        "line 1, field 6: unexpected \"extra\" after the last field"
    );
}

#[test]
fn size_line_errors() {
    assert_eq!(
        message("%%MatrixMarket matrix coordinate real general\n% only a comment\n"),
        "line 3: expected the size line \"rows columns entries\", found \"\""
    );
    let result = read(&format!("{BANNER}3 x 2\n"));
    assert!(
        matches!(&result, Err(ReadError::BadField { line: got_line, field: got_field, expected: got_expected, found: got_found, .. }) if *got_line == 2 && *got_field == 2 && *got_expected == "a column count" && got_found == "x"),
        "{result:?}"
    );
    assert_eq!(
        message(&format!("{BANNER}3 x 2\n")),
        "line 2, field 2: expected a column count, found \"x\""
    );
    assert_eq!(
        message(&format!("{BANNER}3 2\n")),
        "line 2, field 3: expected an entry count, found the end of the line"
    );
    assert_eq!(
        message(&format!("{BANNER}3 2 1 9\n")),
        "line 2, field 4: unexpected \"9\" after the last field"
    );
    assert_eq!(
        message(&format!("{BANNER}-3 2 1\n")),
        "line 2, field 1: expected a row count, found \"-3\""
    );
    // Counts beyond the crate's u32 ids are refused before anything is built.
    assert_eq!(
        message(&format!("{BANNER}1 99999999999 1\n")),
        "line 2, field 2: expected a column count, found \"99999999999\""
    );
    assert_eq!(
        message("%%MatrixMarket matrix coordinate pattern symmetric\n2 3 0\n"),
        "line 2: a symmetric matrix must be square, but this one is 2 by 3"
    );
}

#[test]
fn entry_errors() {
    let result = read(&format!("{BANNER}3 2 1\n0 1 1.0\n"));
    assert!(
        matches!(&result, Err(ReadError::IndexOutOfRange { line: got_line, field: got_field, value: got_value, base: got_base, count: got_count, .. }) if *got_line == 3 && *got_field == 1 && *got_value == 0 && *got_base == 1 && *got_count == 3),
        "{result:?}"
    );
    assert_eq!(
        message(&format!("{BANNER}3 2 1\n0 1 1.0\n")),
        "line 3, field 1: index 0 is out of range 1..4"
    );
    assert_eq!(
        message(&format!("{BANNER}3 2 2\n1 1 1.0\n3 3 1.0\n")),
        "line 4, field 2: index 3 is out of range 1..3"
    );
    assert_eq!(
        message(&format!("{BANNER}3 2 1\n1 b 1.0\n")),
        "line 3, field 2: expected a column index, found \"b\""
    );
    assert_eq!(
        message(&format!("{BANNER}3 2 1\n1 1\n")),
        "line 3, field 3: expected a real value, found the end of the line"
    );
    assert_eq!(
        message(&format!("{BANNER}3 2 1\n1 1 1,5\n")),
        "line 3, field 3: expected a real value, found \"1,5\""
    );
    assert_eq!(
        message("%%MatrixMarket matrix coordinate integer general\n3 2 1\n1 1 1.5\n"),
        "line 3, field 3: expected an integer value, found \"1.5\""
    );
    assert_eq!(
        message("%%MatrixMarket matrix coordinate pattern general\n3 2 1\n1 1 1.0\n"),
        "line 3, field 3: unexpected \"1.0\" after the last field"
    );
    assert_eq!(
        message(&format!("{BANNER}3 2 3\n1 1 1\n% gap\n2 2 1\n")),
        "line 5: the input ends after 2 of the 3 entries announced"
    );
    assert_eq!(
        message(&format!("{BANNER}3 2 1\n1 1 1\n2 2 1\n")),
        "line 4: more entries than the 1 announced"
    );
    // Invalid UTF-8 and long fields are shown shortened and lossily.
    let mut bytes = format!("{BANNER}3 2 1\n1 ").into_bytes();
    bytes.extend([0xff, b'7']);
    bytes.extend(b" 1\n");
    assert_eq!(
        read_matrix_market(&bytes[..]).unwrap_err().to_string(),
        "line 3, field 2: expected a column index, found \"\u{fffd}7\""
    );
    let long = "9".repeat(60);
    assert_eq!(
        message(&format!("{BANNER}3 2 1\n{long} 1 1\n")),
        format!(
            "line 3, field 1: expected a row index, found \"{}…\"",
            &long[..40]
        )
    );
}

#[test]
fn a_huge_announced_entry_count_allocates_nothing_up_front() {
    // Four billion entries announced, one present: the reader fails at the
    // end of the input instead of reserving memory for the announcement.
    assert_eq!(
        message("%%MatrixMarket matrix coordinate pattern general\n2 2 4000000000\n1 1\n"),
        "line 3: the input ends after 1 of the 4000000000 entries announced"
    );
}

/// A reader that fails after its first bytes.
struct Failing(&'static [u8]);

impl std::io::Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.0.is_empty() {
            return Err(std::io::Error::other("disk on fire"));
        }
        let n = self.0.len().min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn read_failures_name_the_line() {
    let err = read_matrix_market(Failing(
        b"%%MatrixMarket matrix coordinate real general\n2 2 1\n",
    ))
    .unwrap_err();
    assert_eq!(err.to_string(), "line 3: read error: disk on fire");
    // The reader's own error stays reachable, kind and all.
    let source = std::error::Error::source(&err).expect("the io::Error is the source");
    let io = source
        .downcast_ref::<std::io::Error>()
        .expect("the source is a std::io::Error");
    assert_eq!(io.kind(), std::io::ErrorKind::Other);
}
