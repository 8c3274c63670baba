//! The readers of the Library Checker and assignment formats: what was
//! written reads back as it was, in every layout; every error names its
//! line and field; a header declaring more than the input pays for fails
//! without allocating for it.

use crate::alloc_counter;

use alloc_counter::measure;
use bimatch::io::{
    read_dense_matrix, read_undirected_edges, read_weighted_edge_list,
    read_weighted_undirected_edges, FREE_VERTICES, MAX_LINE_BYTES, VERTICES_PER_BYTE,
};
use bimatch::ReadError;

/// SplitMix64, for reproducible instances.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The ways a writer may lay out the same numbers: one record a line (LF
/// or CRLF, with or without a byte-order mark and a final line ending),
/// or every number on its own line, or all on one line.
fn layouts(records: &[Vec<String>]) -> Vec<String> {
    let lines = |end: &str| {
        records
            .iter()
            .map(|r| r.join(" ") + end)
            .collect::<String>()
    };
    let words: Vec<&str> = records.iter().flatten().map(String::as_str).collect();
    let mut last_unended = lines("\n");
    last_unended.pop();
    vec![
        lines("\n"),
        lines("\r\n"),
        format!("\u{feff}{}", lines("\n")),
        last_unended,
        words.join("\n") + "\n",
        words.join(" \t "),
        format!("\n\n{}\n\n", lines("\r\n")),
    ]
}

fn record(fields: &[String]) -> Vec<String> {
    fields.to_vec()
}

#[test]
fn undirected_edges_read_back_in_every_layout() {
    let mut rng = Rng(1);
    for round in 0..40 {
        let n = 1 + rng.below(12);
        let m = rng.below(20);
        // Self-loops and repeats included: the reader keeps them.
        let edges: Vec<(u32, u32)> = (0..m)
            .map(|_| (rng.below(n) as u32, rng.below(n) as u32))
            .collect();
        let mut records = vec![record(&[n.to_string(), m.to_string()])];
        records.extend(
            edges
                .iter()
                .map(|(u, v)| record(&[u.to_string(), v.to_string()])),
        );
        for text in layouts(&records) {
            let g = read_undirected_edges(text.as_bytes())
                .unwrap_or_else(|e| panic!("round {round}: {e}: {text:?}"));
            assert_eq!(g.vertex_count(), n);
            assert_eq!(g.edges(), &edges[..], "{text:?}");
        }
    }
}

#[test]
fn weighted_undirected_edges_read_back_in_every_layout() {
    let mut rng = Rng(2);
    for _ in 0..40 {
        let n = 1 + rng.below(12);
        let m = rng.below(20);
        let edges: Vec<(u32, u32, i64)> = (0..m)
            .map(|_| {
                let w = rng.next() as i64;
                (rng.below(n) as u32, rng.below(n) as u32, w)
            })
            .collect();
        let mut records = vec![record(&[n.to_string(), m.to_string()])];
        records.extend(
            edges
                .iter()
                .map(|(u, v, w)| record(&[u.to_string(), v.to_string(), w.to_string()])),
        );
        for text in layouts(&records) {
            let g = read_weighted_undirected_edges::<i64, _>(text.as_bytes()).unwrap();
            assert_eq!((g.vertex_count(), g.edges()), (n, &edges[..]), "{text:?}");
        }
    }
}

#[test]
fn dense_matrices_read_back_in_every_layout() {
    let mut rng = Rng(3);
    for _ in 0..40 {
        let rows = rng.below(6);
        let cols = rng.below(6);
        let data: Vec<f64> = (0..rows * cols)
            .map(|_| match rng.below(8) {
                0 => f64::INFINITY,
                1 => f64::NEG_INFINITY,
                _ => (rng.next() as i64 as f64) / 1024.0,
            })
            .collect();
        let mut records = vec![record(&[rows.to_string(), cols.to_string()])];
        for r in 0..rows {
            records.push(
                data[r * cols..(r + 1) * cols]
                    .iter()
                    .map(|x| format!("{x:?}"))
                    .collect(),
            );
        }
        for text in layouts(&records) {
            let m = read_dense_matrix::<f64, _>(text.as_bytes()).unwrap();
            assert_eq!((m.rows(), m.cols(), m.data()), (rows, cols, &data[..]));
            for (k, &x) in data.iter().enumerate() {
                assert_eq!(m.get(k / cols, k % cols), Some(x));
            }
            assert_eq!(m.get(rows, 0), None);
            assert_eq!(m.get(0, cols), None);
        }
    }
}

#[test]
fn weighted_edge_lists_read_back_in_every_layout() {
    let mut rng = Rng(4);
    for _ in 0..40 {
        let (left, right) = (1 + rng.below(8), 1 + rng.below(8));
        // Distinct pairs, in a shuffled order.
        let mut pairs: Vec<(u32, u32)> = (0..left * right)
            .filter(|_| rng.below(3) == 0)
            .map(|k| ((k / right) as u32, (k % right) as u32))
            .collect();
        for i in (1..pairs.len()).rev() {
            pairs.swap(i, rng.below(i + 1));
        }
        let edges: Vec<(u32, u32, u32)> = pairs
            .iter()
            .map(|&(u, v)| (u, v, rng.next() as u32))
            .collect();
        let mut records = vec![record(&[
            left.to_string(),
            right.to_string(),
            edges.len().to_string(),
        ])];
        records.extend(
            edges
                .iter()
                .map(|(u, v, w)| record(&[u.to_string(), v.to_string(), w.to_string()])),
        );
        for text in layouts(&records) {
            let g = read_weighted_edge_list::<u32, _>(text.as_bytes()).unwrap();
            assert_eq!(
                (g.left_count(), g.right_count(), g.edges()),
                (left, right, &edges[..])
            );
        }
    }
}

#[test]
fn every_number_type_reads_its_own_range() {
    let text = "2 1\n0 1 -2147483648\n";
    let g = read_weighted_undirected_edges::<i32, _>(text.as_bytes()).unwrap();
    assert_eq!(g.edges(), [(0, 1, i32::MIN)]);
    assert!(read_weighted_undirected_edges::<u32, _>(text.as_bytes()).is_err());
    assert!(read_weighted_undirected_edges::<u64, _>(text.as_bytes()).is_err());
    let g = read_weighted_undirected_edges::<f32, _>(text.as_bytes()).unwrap();
    assert_eq!(g.edges(), [(0, 1, -2147483648.0f32)]);
    let big = "1 1\n18446744073709551615\n";
    assert_eq!(
        read_dense_matrix::<u64, _>(big.as_bytes()).unwrap().data(),
        [u64::MAX]
    );
    assert!(read_dense_matrix::<i64, _>(big.as_bytes()).is_err());
    assert_eq!(
        read_dense_matrix::<f64, _>(big.as_bytes()).unwrap().data(),
        [18446744073709551615.0]
    );
}

/// One of the readers, its result dropped.
type Reader = fn(&[u8]) -> Result<(), ReadError>;

/// The reader's error for `text`, which must be one line.
fn error_of(read: Reader, text: &str) -> (ReadError, String) {
    let e = read(text.as_bytes()).expect_err(text);
    let message = e.to_string();
    assert!(!message.contains('\n'), "{message:?}");
    (e, message)
}

fn undirected(text: &[u8]) -> Result<(), ReadError> {
    read_undirected_edges(text).map(drop)
}

fn weighted_undirected(text: &[u8]) -> Result<(), ReadError> {
    read_weighted_undirected_edges::<i64, _>(text).map(drop)
}

fn dense(text: &[u8]) -> Result<(), ReadError> {
    read_dense_matrix::<i64, _>(text).map(drop)
}

fn dense_float(text: &[u8]) -> Result<(), ReadError> {
    read_dense_matrix::<f64, _>(text).map(drop)
}

fn weighted_list(text: &[u8]) -> Result<(), ReadError> {
    read_weighted_edge_list::<i64, _>(text).map(drop)
}

#[test]
fn every_error_names_its_line_and_field() {
    let cases: &[(Reader, &str, &str)] = &[
        (
            undirected,
            "",
            "line 1: expected the header \"N M\", found \"\"",
        ),
        (
            undirected,
            "\n\n",
            "line 3: expected the header \"N M\", found \"\"",
        ),
        (
            undirected,
            "3",
            "line 1, field 2: expected an edge count, found the end of the line",
        ),
        (
            undirected,
            "x 1\n",
            "line 1, field 1: expected a vertex count, found \"x\"",
        ),
        (
            undirected,
            "3 1\n0 -1\n",
            "line 2, field 2: expected a vertex, found \"-1\"",
        ),
        (
            undirected,
            "3 1\n0 99999999999999999999999\n",
            "line 2, field 2: expected a vertex, found \"99999999999999999999999\"",
        ),
        (
            undirected,
            "3 1\n0 3\n",
            "line 2, field 2: index 3 is out of range 0..3",
        ),
        (
            undirected,
            "3 2\n0 1\n",
            "line 2: the input ends after 1 of the 2 entries announced",
        ),
        (
            undirected,
            "3 2\n0 1\n2",
            "line 3, field 2: expected a vertex, found the end of the line",
        ),
        (
            undirected,
            "3 1\n0 1 2\n",
            "line 2, field 3: unexpected \"2\" after the last field",
        ),
        (
            undirected,
            "3 1\n0 1\n\n2\n",
            "line 4: more entries than the 1 announced",
        ),
        (
            weighted_undirected,
            "3 1\n0 1\n",
            "line 2, field 3: expected a weight, found the end of the line",
        ),
        (
            weighted_undirected,
            "3 1\n0 1 1.5\n",
            "line 2, field 3: expected a weight, found \"1.5\"",
        ),
        (
            weighted_undirected,
            "3 1\n0 1 9223372036854775808\n",
            "line 2, field 3: expected a weight, found \"9223372036854775808\"",
        ),
        (
            dense,
            "",
            "line 1: expected the header \"rows cols\", found \"\"",
        ),
        (
            dense,
            "2 x\n",
            "line 1, field 2: expected a column count, found \"x\"",
        ),
        (
            dense,
            "2 2\n1 2\n3\n",
            "line 3: the input ends after 3 of the 4 entries announced",
        ),
        (
            dense,
            "1 1\n1 2\n",
            "line 2, field 2: unexpected \"2\" after the last field",
        ),
        (
            dense,
            "2 2\n1 inf\n2 3\n",
            "line 2, field 2: expected a cost, found \"inf\"",
        ),
        (
            dense_float,
            "1 2\n1 nan\n",
            "line 2, field 2: expected a cost, found \"nan\"",
        ),
        (
            dense_float,
            "1 2\n1 NaN\n",
            "line 2, field 2: expected a cost, found \"NaN\"",
        ),
        (
            weighted_list,
            "",
            "line 1: expected the header \"L R M\", found \"\"",
        ),
        (
            weighted_list,
            "2 2\n",
            "line 1, field 3: expected an entry count, found the end of the line",
        ),
        (
            weighted_list,
            "2 2 1\n0 5 1\n",
            "line 2, field 2: index 5 is out of range 0..2",
        ),
        (
            weighted_list,
            "2 2 1\n2 0 1\n",
            "line 2, field 1: index 2 is out of range 0..2",
        ),
        (
            weighted_list,
            "2 2 1\n0 0 x\n",
            "line 2, field 3: expected a weight, found \"x\"",
        ),
        (
            weighted_list,
            "2 2 3\n0 0 1\n1 1 2\n0 0 2\n",
            "line 4, field 1: the pair (0, 0) was already given on line 2",
        ),
        (
            weighted_list,
            "2 2 4\n1 1 1\n0 0 1\n1 1 2\n0 0 2\n",
            "line 4, field 1: the pair (1, 1) was already given on line 2",
        ),
        (
            weighted_list,
            "3 3 1 0\n",
            "line 1, field 5: expected a right vertex id, found the end of the line",
        ),
    ];
    for &(read, text, expected) in cases {
        let (_, message) = error_of(read, text);
        assert_eq!(message, expected, "{text:?}");
    }
}

#[test]
fn error_variants_carry_their_positions() {
    let (e, _) = error_of(undirected, "3 1\n0 3\n");
    assert!(
        matches!(
            e,
            ReadError::IndexOutOfRange {
                line: 2,
                field: 2,
                value: 3,
                base: 0,
                count: 3,
                ..
            }
        ),
        "{e:?}"
    );
    let (e, _) = error_of(weighted_list, "2 2 2\n0 0 1\n 0 0 2\n");
    assert!(
        matches!(
            e,
            ReadError::DuplicateEntry {
                line: 3,
                field: 1,
                row: 0,
                col: 0,
                first_line: 2,
                ..
            }
        ),
        "{e:?}"
    );
    let (e, _) = error_of(dense, "1 2\n1\n");
    assert!(
        matches!(
            e,
            ReadError::MissingEntries {
                line: 2,
                expected: 2,
                found: 1,
                ..
            }
        ),
        "{e:?}"
    );
    let (e, _) = error_of(weighted_undirected, "2 1\n0 1 5 6\n");
    assert!(
        matches!(
            e,
            ReadError::ExtraField {
                line: 2,
                field: 4,
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn a_line_past_the_limit_is_an_error_read_no_further() {
    let mut text = b"1 1\n".to_vec();
    text.extend(std::iter::repeat(b'7').take(MAX_LINE_BYTES + 1));
    for read in [undirected, weighted_undirected, dense, weighted_list] {
        let e = read(&text).unwrap_err();
        assert!(
            matches!(
                e,
                ReadError::LineTooLong {
                    line: 2,
                    limit: MAX_LINE_BYTES,
                    ..
                }
            ),
            "{e:?}"
        );
    }
}

/// A reader that hands out its bytes, then fails.
struct Failing<'a>(&'a [u8]);

impl std::io::Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.0.is_empty() {
            return Err(std::io::Error::other("disk on fire"));
        }
        let n = buf.len().min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn a_failing_reader_is_an_io_error_naming_the_line() {
    let e = read_undirected_edges(Failing(b"3 2\n0 1\n")).unwrap_err();
    assert!(matches!(e, ReadError::Io { line: 3, .. }), "{e:?}");
    assert_eq!(e.to_string(), "line 3: read error: disk on fire");
    let e = read_dense_matrix::<f64, _>(Failing(b"")).unwrap_err();
    assert!(matches!(e, ReadError::Io { line: 1, .. }), "{e:?}");
}

#[test]
fn a_billion_vertices_in_twenty_bytes_fail_without_allocating_for_them() {
    let inputs: [(&[u8], Reader, usize, usize); 4] = [
        (b"1000000000 0\n", undirected, 1_000_000_000, 0),
        (b"1000000000 0\n", weighted_undirected, 1_000_000_000, 0),
        (b"1000000000 0\n", dense, 1_000_000_000, 0),
        (b"1000 1000000000 0\n", weighted_list, 1000, 1_000_000_000),
    ];
    for (text, read, left, right) in inputs {
        assert!(text.len() <= 20);
        let (result, usage) = measure(|| read(text));
        let e = result.unwrap_err();
        let limit = FREE_VERTICES + VERTICES_PER_BYTE * text.len();
        match e {
            ReadError::VerticesBeyondInput {
                line: 1,
                left: l,
                right: r,
                bytes,
                limit: got,
                ..
            } => assert_eq!((l, r, bytes, got), (left, right, text.len(), limit)),
            other => panic!("{other:?}"),
        }
        // Line buffers only: far below a byte per declared vertex.
        assert!(usage.peak < 64 << 10, "peak {} bytes", usage.peak);
    }
    let (_, message) = error_of(undirected, "1000000000 0\n");
    assert_eq!(
        message,
        format!(
            "line 1: 1000000000 vertices declared, more than the {} that an input of 13 bytes allows",
            FREE_VERTICES + 4 * 13
        )
    );
    // The rule's edge: exactly the limit is accepted.
    let text = format!("{} 0\n", FREE_VERTICES + 4 * 10);
    assert_eq!(text.len(), 10);
    assert_eq!(
        read_undirected_edges(text.as_bytes())
            .unwrap()
            .vertex_count(),
        FREE_VERTICES + 40
    );
    let text = format!("{} 0\n", FREE_VERTICES + 4 * 10 + 1);
    assert!(read_undirected_edges(text.as_bytes()).is_err());
}

#[test]
fn a_header_announcing_many_entries_reserves_none_of_them() {
    let cases: [(&[u8], Reader); 4] = [
        (b"3 4000000000\n0 1\n", undirected),
        (b"3 4000000000\n0 1 2\n", weighted_undirected),
        (b"60000 60000\n1 2\n", dense),
        (b"3 3 4000000000\n0 1 2\n", weighted_list),
    ];
    for (text, read) in cases {
        let (result, usage) = measure(|| read(text));
        let e = result.unwrap_err();
        assert!(
            matches!(
                e,
                ReadError::MissingEntries { found: 1, .. }
                    | ReadError::MissingEntries { found: 2, .. }
            ),
            "{e:?}"
        );
        assert!(usage.peak < 64 << 10, "peak {} bytes", usage.peak);
    }
}
