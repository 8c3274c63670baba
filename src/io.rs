//! Readers for graphs stored in files: sparse matrices in Matrix Market
//! coordinate format, and edge lists in the `L R M` format.
//!
//! Both read from any [`std::io::Read`] (a file, standard input, or a byte
//! slice such as `text.as_bytes()`), return a [`Bipartite`], and report bad
//! input as a [`ReadError`] naming the line (1-based) and, where it applies,
//! the field (the 1-based position of the whitespace-separated word on the
//! line).
//!
//! # Hostile input
//!
//! The readers are meant for untrusted files, and keep their memory in
//! proportion to the input actually read, whatever its header claims:
//!
//! - Nothing is allocated from a count read in a header. The entries are
//!   collected as they are read (8 bytes each, 16 for an off-diagonal entry
//!   of a symmetric matrix), and the graph is built only once the whole
//!   input has been read and checked.
//! - The graph needs an offset for every vertex however few entries there
//!   are (4 bytes kept, 8 at the peak of building), so the rows and columns
//!   declared, added up, may be at most [`FREE_VERTICES`] (2^20) plus
//!   [`VERTICES_PER_BYTE`] (4) per byte of input read; past that the
//!   reader returns [`ReadError::VerticesBeyondInput`] instead of building the
//!   graph. A three-line file declaring 4·10^9 rows thus fails as soon as
//!   it ends, having allocated only its line buffers, and an accepted input
//!   of `n` bytes needs at most 8 MiB + 32·`n` bytes for offsets. An
//!   entry line takes at least 4 bytes, so every input with up to 16 rows
//!   and columns per entry, or up to 2^20 in all, is accepted. A caller who trusts a file declaring more vertices than that
//!   can read its entries and call [`Bipartite::from_edges`], which has no
//!   such bound.
//! - A line may be at most [`MAX_LINE_BYTES`] (1 MiB) long, not counting
//!   its line ending; a longer one is [`ReadError::LineTooLong`], read no
//!   further than the limit.
//! - Numbers too large for the crate's `u32` ids, negative numbers, words
//!   that are not UTF-8 or hold NUL bytes are [`ReadError::BadField`] naming the
//!   line and field. Lines may end in LF or CRLF, mixed, and the last line
//!   needs no line ending.
//!
//! Every reader is fuzzed (see `fuzz/` in the repository) and tested on
//! each of these inputs, with an allocation counter, in
//! `tests/hostile_io.rs`.

use std::io::{BufRead, BufReader, Read};

use crate::error::ReadError;
use crate::graph::Bipartite;
use crate::util::{id, MAX_EDGES, MAX_VERTICES};

/// The longest line the readers accept, in bytes, not counting its line
/// ending (`\n` or `\r\n`): 1 MiB.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Vertices (rows plus columns, or `L + R`) a header may declare whatever
/// the size of the input: 2^20.
pub const FREE_VERTICES: usize = 1 << 20;

/// Further vertices a header may declare per byte of input read: 4.
pub const VERTICES_PER_BYTE: usize = 4;

/// The initial capacity of the entry buffer; it grows with the entries
/// actually read, never with a count from a header.
const INITIAL_ENTRIES: usize = 1 << 10;

/// Reads a sparse matrix in Matrix Market coordinate format as a bipartite
/// graph: rows are left vertices and columns are right vertices, and each
/// entry (i, j) is an edge from left i − 1 to right j − 1.
///
/// The format, as accepted here:
///
/// ```text
/// %%MatrixMarket matrix coordinate <field> <symmetry>
/// % any number of comment lines
/// rows columns entries
/// i j [value]        (entries lines, 1-based indices)
/// ```
///
/// - `<field>` is `pattern` (no value), `real` or `integer`; values must
///   parse but are otherwise ignored: the graph is the matrix's pattern,
///   explicit zeros included. `complex` is rejected.
/// - `<symmetry>` is `general`, or `symmetric` or `skew-symmetric` (the
///   file stores one triangle; each off-diagonal entry (i, j) also gives
///   the edge (j, i)). `hermitian` is rejected.
/// - Keywords are case-insensitive. Blank lines and lines starting with
///   `%` are skipped anywhere. Duplicate entries are merged.
///
/// # Complexity
///
/// O(size of the input + rows + columns) time; 8 bytes per entry while
/// reading (16 for an off-diagonal entry of a symmetric matrix), then the
/// graph, whose rows and columns are bounded by the size of the input (see
/// [the module's notes on hostile input](self#hostile-input)).
///
/// # Errors
///
/// - [`ReadError::Io`] if reading fails;
/// - [`ReadError::BadHeader`] if the banner or the size line is missing;
/// - [`ReadError::Unsupported`] for a banner word other than those above;
/// - [`ReadError::MissingField`], [`ReadError::BadField`] or [`ReadError::ExtraField`]
///   for a line with too few words, a word that is not the number it should
///   be, or too many words;
/// - [`ReadError::NotSquare`] for a symmetric matrix that is not square;
/// - [`ReadError::IndexOutOfRange`] for an index outside `1..=rows` or
///   `1..=columns`;
/// - [`ReadError::MissingEntries`] or [`ReadError::ExtraEntries`] if the number of
///   entries differs from the size line's;
/// - [`ReadError::TooManyEdges`] if the graph would have more than `u32::MAX`
///   edges;
/// - [`ReadError::LineTooLong`] for a line longer than [`MAX_LINE_BYTES`];
/// - [`ReadError::VerticesBeyondInput`] if rows plus columns exceed
///   [`FREE_VERTICES`] plus [`VERTICES_PER_BYTE`] per byte of input.
///
/// ```
/// use bimatch::io::read_matrix_market;
///
/// let text = "%%MatrixMarket matrix coordinate real general\n\
///             % a 3 x 2 matrix with 3 entries\n\
///             3 2 3\n\
///             1 1 0.5\n\
///             2 1 -1e3\n\
///             3 2 7\n";
/// let g = read_matrix_market(text.as_bytes())?;
/// assert_eq!((g.left_count(), g.right_count(), g.edge_count()), (3, 2, 3));
///
/// let bad = "%%MatrixMarket matrix coordinate real general\n3 2 1\n4 1 1.0\n";
/// let err = read_matrix_market(bad.as_bytes()).unwrap_err();
/// assert_eq!(err.to_string(), "line 3, field 1: index 4 is out of range 1..4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_matrix_market<R: Read>(reader: R) -> Result<Bipartite, ReadError> {
    let mut lines = Lines::new(reader);
    // The banner.
    let banner = "the banner \"%%MatrixMarket matrix coordinate <field> <symmetry>\"";
    let Some((line, text)) = lines.next_raw()? else {
        return Err(bad_header(1, banner, b""));
    };
    let mut f = Fields::new(text, line);
    let first = f.next("%%MatrixMarket")?;
    if !first.eq_ignore_ascii_case(b"%%MatrixMarket") {
        return Err(bad_header(line, banner, text));
    }
    f.keyword(&["matrix"], "matrix")?;
    f.keyword(&["coordinate"], "coordinate")?;
    let field = f.keyword(&["pattern", "real", "integer"], "pattern, real, integer")?;
    let symmetry = f.keyword(
        &["general", "symmetric", "skew-symmetric"],
        "general, symmetric, skew-symmetric",
    )?;
    f.end()?;
    let mirror = symmetry != 0;

    // The size line.
    let size_line = "the size line \"rows columns entries\"";
    let Some((line, text)) = lines.next_content(Some(b'%'))? else {
        return Err(bad_header(lines.number + 1, size_line, b""));
    };
    let size_line_number = line;
    let mut f = Fields::new(text, line);
    let rows = f.count("a row count")?;
    let cols = f.count("a column count")?;
    let entries = f.count("an entry count")?;
    f.end()?;
    if mirror && rows != cols {
        return Err(ReadError::NotSquare { line, rows, cols });
    }

    // The entries.
    let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(entries.min(INITIAL_ENTRIES));
    for found in 0..entries {
        let Some((line, text)) = lines.next_content(Some(b'%'))? else {
            return Err(ReadError::MissingEntries {
                line: lines.number,
                expected: entries,
                found,
            });
        };
        let mut f = Fields::new(text, line);
        let i = f.index("a row index", 1, rows)?;
        let j = f.index("a column index", 1, cols)?;
        match field {
            1 => f.value::<f64>("a real value")?,
            2 => f.value::<i64>("an integer value")?,
            _ => {}
        }
        f.end()?;
        pairs.push((i, j));
        if mirror && i != j {
            pairs.push((j, i));
        }
        if pairs.len() > MAX_EDGES {
            return Err(ReadError::TooManyEdges {
                line: lines.number,
                count: pairs.len(),
                limit: MAX_EDGES,
            });
        }
    }
    if let Some((line, _)) = lines.next_content(Some(b'%'))? {
        return Err(ReadError::ExtraEntries {
            line,
            expected: entries,
        });
    }
    lines.check_vertices(size_line_number, rows, cols)?;
    Ok(Bipartite::from_checked_pairs(rows, cols, pairs)?)
}

/// Reads a graph in the `L R M` edge-list format: a header line with the
/// numbers of left vertices, right vertices and edges, then one line `u v`
/// per edge with 0-based ids `u < L`, `v < R`. Blank lines are skipped;
/// duplicate edges are merged.
///
/// ```text
/// 3 2 3
/// 0 0
/// 1 0
/// 2 1
/// ```
///
/// # Complexity
///
/// O(size of the input + L + R) time; 8 bytes per edge while reading, then
/// the graph, whose vertex count is bounded by the size of the input (see
/// [the module's notes on hostile input](self#hostile-input)).
///
/// # Errors
///
/// [`ReadError::Io`], [`ReadError::BadHeader`] (no header line),
/// [`ReadError::MissingField`], [`ReadError::BadField`], [`ReadError::ExtraField`],
/// [`ReadError::IndexOutOfRange`], [`ReadError::MissingEntries`],
/// [`ReadError::ExtraEntries`], [`ReadError::TooManyEdges`], [`ReadError::LineTooLong`]
/// and [`ReadError::VerticesBeyondInput`], as for [`read_matrix_market`].
///
/// ```
/// use bimatch::io::read_edge_list;
///
/// let g = read_edge_list("3 2 3\n0 0\n1 0\n2 1\n".as_bytes())?;
/// assert_eq!((g.left_count(), g.right_count(), g.edge_count()), (3, 2, 3));
///
/// let err = read_edge_list("3 2 2\n0 0\n".as_bytes()).unwrap_err();
/// assert_eq!(err.to_string(), "line 2: the input ends after 1 of the 2 entries announced");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_edge_list<R: Read>(reader: R) -> Result<Bipartite, ReadError> {
    let mut lines = Lines::new(reader);
    let Some((line, text)) = lines.next_content(None)? else {
        return Err(bad_header(lines.number + 1, "the header \"L R M\"", b""));
    };
    let mut f = Fields::new(text, line);
    let left = f.count("a left vertex count")?;
    let right = f.count("a right vertex count")?;
    let edges = f.count("an edge count")?;
    f.end()?;
    let header_line = line;
    let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(edges.min(INITIAL_ENTRIES));
    for found in 0..edges {
        let Some((line, text)) = lines.next_content(None)? else {
            return Err(ReadError::MissingEntries {
                line: lines.number,
                expected: edges,
                found,
            });
        };
        let mut f = Fields::new(text, line);
        let u = f.index("a left vertex id", 0, left)?;
        let v = f.index("a right vertex id", 0, right)?;
        f.end()?;
        if pairs.len() == MAX_EDGES {
            return Err(ReadError::TooManyEdges {
                line,
                count: pairs.len() + 1,
                limit: MAX_EDGES,
            });
        }
        pairs.push((u, v));
    }
    if let Some((line, _)) = lines.next_content(None)? {
        return Err(ReadError::ExtraEntries {
            line,
            expected: edges,
        });
    }
    lines.check_vertices(header_line, left, right)?;
    Ok(Bipartite::from_checked_pairs(left, right, pairs)?)
}

/// The input's lines, numbered from 1, without their line ending.
struct Lines<R> {
    reader: BufReader<R>,
    buf: Vec<u8>,
    /// The number of the last line returned (0 before the first).
    number: usize,
    /// Bytes read so far, line endings included.
    bytes: usize,
}

impl<R: Read> Lines<R> {
    fn new(reader: R) -> Self {
        Lines {
            reader: BufReader::new(reader),
            buf: Vec::new(),
            number: 0,
            bytes: 0,
        }
    }

    /// Rejects a header declaring more vertices than the input read so far
    /// pays for: at most `FREE_VERTICES + VERTICES_PER_BYTE * bytes`.
    fn check_vertices(&self, line: usize, left: usize, right: usize) -> Result<(), ReadError> {
        let limit = VERTICES_PER_BYTE
            .saturating_mul(self.bytes)
            .saturating_add(FREE_VERTICES);
        if left.saturating_add(right) > limit {
            return Err(ReadError::VerticesBeyondInput {
                line,
                left,
                right,
                bytes: self.bytes,
                limit,
            });
        }
        Ok(())
    }

    /// The next line and its number, or `None` at the end of the input.
    fn next_raw(&mut self) -> Result<Option<(usize, &[u8])>, ReadError> {
        self.buf.clear();
        // One byte past the longest line with its `\n`: enough to tell a
        // line that is too long, never more.
        let read = (&mut self.reader)
            .take(u64::try_from(MAX_LINE_BYTES + 2).unwrap_or(u64::MAX))
            .read_until(b'\n', &mut self.buf)
            .map_err(|source| ReadError::Io {
                line: self.number + 1,
                source,
            })?;
        if read == 0 {
            return Ok(None);
        }
        self.bytes = self.bytes.saturating_add(read);
        self.number += 1;
        let mut end = self.buf.len();
        while end > 0 && matches!(self.buf[end - 1], b'\n' | b'\r') {
            end -= 1;
        }
        if end > MAX_LINE_BYTES {
            return Err(ReadError::LineTooLong {
                line: self.number,
                limit: MAX_LINE_BYTES,
            });
        }
        Ok(Some((self.number, &self.buf[..end])))
    }

    /// The next line that is neither blank nor starts with `comment`.
    fn next_content(&mut self, comment: Option<u8>) -> Result<Option<(usize, &[u8])>, ReadError> {
        loop {
            let Some((_, line)) = self.next_raw()? else {
                return Ok(None);
            };
            let first = line.iter().find(|b| !b.is_ascii_whitespace()).copied();
            if first.is_some() && first != comment {
                // Borrow again so the returned slice lives as long as `self`.
                let len = line.len();
                return Ok(Some((self.number, &self.buf[..len])));
            }
        }
    }
}

/// A missing or malformed header or size line.
fn bad_header(line: usize, expected: &'static str, found: &[u8]) -> ReadError {
    ReadError::BadHeader {
        line,
        expected,
        found: shorten(found),
    }
}

/// The whitespace-separated words of one line, numbered from 1.
struct Fields<'a> {
    /// The part of the line not yet split off.
    rest: &'a [u8],
    line: usize,
    field: usize,
}

impl<'a> Fields<'a> {
    fn new(text: &'a [u8], line: usize) -> Self {
        Fields {
            rest: text,
            line,
            field: 0,
        }
    }

    /// The next word, if any, without counting it.
    fn word(&mut self) -> Option<&'a [u8]> {
        let start = self.rest.iter().position(|b| !b.is_ascii_whitespace())?;
        let rest = &self.rest[start..];
        let len = rest
            .iter()
            .position(u8::is_ascii_whitespace)
            .unwrap_or(rest.len());
        self.rest = &rest[len..];
        Some(&rest[..len])
    }

    /// The next word, which must exist.
    fn next(&mut self, expected: &'static str) -> Result<&'a [u8], ReadError> {
        self.field += 1;
        self.word().ok_or(ReadError::MissingField {
            line: self.line,
            field: self.field,
            expected,
        })
    }

    fn bad(&self, expected: &'static str, found: &[u8]) -> ReadError {
        ReadError::BadField {
            line: self.line,
            field: self.field,
            expected,
            found: shorten(found),
        }
    }

    /// The next word, one of `choices` (ignoring case); returns its position.
    fn keyword(&mut self, choices: &[&str], supported: &'static str) -> Result<usize, ReadError> {
        let word = self.next(supported)?;
        choices
            .iter()
            .position(|c| word.eq_ignore_ascii_case(c.as_bytes()))
            .ok_or_else(|| ReadError::Unsupported {
                line: self.line,
                field: self.field,
                found: shorten(word),
                supported,
            })
    }

    /// The next word as a vertex count that fits the crate's ids.
    fn count(&mut self, expected: &'static str) -> Result<usize, ReadError> {
        let word = self.next(expected)?;
        match parse::<usize>(word) {
            Some(n) if n <= MAX_VERTICES => Ok(n),
            _ => Err(self.bad(expected, word)),
        }
    }

    /// The next word as an index in `base..base + count`, returned 0-based.
    fn index(
        &mut self,
        expected: &'static str,
        base: usize,
        count: usize,
    ) -> Result<u32, ReadError> {
        let word = self.next(expected)?;
        let value = parse::<usize>(word).ok_or_else(|| self.bad(expected, word))?;
        match value.checked_sub(base) {
            Some(i) if i < count => Ok(id(i)),
            _ => Err(ReadError::IndexOutOfRange {
                line: self.line,
                field: self.field,
                value,
                base,
                count,
            }),
        }
    }

    /// The next word, which must parse as a `T`; the value is dropped.
    fn value<T: std::str::FromStr>(&mut self, expected: &'static str) -> Result<(), ReadError> {
        let word = self.next(expected)?;
        parse::<T>(word)
            .map(drop)
            .ok_or_else(|| self.bad(expected, word))
    }

    /// There must be no word left.
    fn end(&mut self) -> Result<(), ReadError> {
        match self.word() {
            None => Ok(()),
            Some(word) => Err(ReadError::ExtraField {
                line: self.line,
                field: self.field + 1,
                found: shorten(word),
            }),
        }
    }
}

fn parse<T: std::str::FromStr>(word: &[u8]) -> Option<T> {
    std::str::from_utf8(word).ok()?.parse().ok()
}

/// Input text for an error message, at most 40 characters.
fn shorten(text: &[u8]) -> String {
    let text = String::from_utf8_lossy(text);
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.into_owned(),
    }
}
