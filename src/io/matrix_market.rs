//! The Matrix Market coordinate format.

use std::io::Read;

use super::lines::{bad_header, Fields, Lines, INITIAL_ENTRIES};
use crate::error::ReadError;
use crate::graph::Bipartite;
use crate::util::MAX_EDGES;

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
///   explicit zeros included (unlike MATLAB, which never stores a zero;
///   [`read_matrix_market_with`] can drop them). `complex` is rejected.
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
/// [the module's notes on hostile input](super#hostile-input)).
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
/// - [`ReadError::LineTooLong`] for a line longer than [`MAX_LINE_BYTES`](super::MAX_LINE_BYTES);
/// - [`ReadError::VerticesBeyondInput`] if rows plus columns exceed
///   [`FREE_VERTICES`](super::FREE_VERTICES) plus [`VERTICES_PER_BYTE`](super::VERTICES_PER_BYTE) per byte of input.
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
    read_matrix_market_with(reader, MatrixMarketOptions::default())
}

/// How [`read_matrix_market_with`] reads a matrix.
///
/// ```
/// use bimatch::io::{read_matrix_market_with, MatrixMarketOptions};
///
/// let text = "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 0.0\n2 2 3\n";
/// let options = MatrixMarketOptions::default().drop_zeros(true);
/// let g = read_matrix_market_with(text.as_bytes(), options)?;
/// assert_eq!(g.edge_count(), 1); // as MATLAB's dmperm sees it
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct MatrixMarketOptions {
    /// Leave out entries whose value is zero (`0`, `0.0`, `-0e5`, …), as
    /// MATLAB does when it stores a sparse matrix. Off by default: an
    /// explicit zero is an entry of the pattern. `pattern` files have no
    /// values, so nothing is dropped from them.
    pub drop_zeros: bool,
}

impl MatrixMarketOptions {
    /// The options with [`drop_zeros`](Self::drop_zeros) set.
    pub fn drop_zeros(mut self, drop: bool) -> Self {
        self.drop_zeros = drop;
        self
    }
}

/// [`read_matrix_market`] with [options](MatrixMarketOptions).
///
/// # Errors
///
/// As [`read_matrix_market`].
pub fn read_matrix_market_with<R: Read>(
    reader: R,
    options: MatrixMarketOptions,
) -> Result<Bipartite, ReadError> {
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
        let zero = match field {
            1 => f.value::<f64>("a real value")? == 0.0,
            2 => f.value::<i64>("an integer value")? == 0,
            _ => false,
        };
        f.end()?;
        if zero && options.drop_zeros {
            continue;
        }
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
