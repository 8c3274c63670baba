//! The dense text matrix of the assignment problem.

use std::io::Read;

use super::lines::{push, Words};
use super::Number;
use crate::error::ReadError;

/// A dense matrix as read: `rows × cols` entries, row by row.
///
/// Hand it to a matrix constructor, such as
/// `bimatch::assignment::CostMatrix::new(m.rows, m.cols, m.data)`.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct DenseMatrix<W> {
    /// The number of rows.
    pub rows: usize,
    /// The number of columns.
    pub cols: usize,
    /// The `rows * cols` entries, row by row: entry (i, j) is
    /// `data[i * cols + j]`.
    pub data: Vec<W>,
}

impl<W: Copy> DenseMatrix<W> {
    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The entries, row by row.
    pub fn data(&self) -> &[W] {
        &self.data
    }

    /// Entry (i, j), or `None` outside the matrix.
    pub fn get(&self, i: usize, j: usize) -> Option<W> {
        if i < self.rows && j < self.cols {
            self.data.get(i * self.cols + j).copied()
        } else {
            None
        }
    }
}

/// Reads a dense matrix: `rows cols`, then the `rows × cols` entries row
/// by row, each a `W` (see [`Number`]; for floats, `inf` and `-inf` are
/// read, as the assignment problem's forbidden entries).
///
/// ```text
/// 2 3
/// 4 1 3
/// 2 inf 5
/// ```
///
/// The numbers are separated by any white space: one row a line is the
/// usual layout, but the reader does not require it (a line break may fall
/// between any two numbers). A leading UTF-8 byte-order mark is skipped;
/// lines may end in LF or CRLF.
///
/// # Complexity
///
/// O(size of the input) time; `size_of::<W>()` bytes per entry (up to
/// twice that while the list grows). Nothing is allocated from the
/// header's counts.
///
/// # Errors
///
/// - [`ReadError::Io`] if reading fails, [`ReadError::LineTooLong`] for a
///   line longer than [`MAX_LINE_BYTES`](super::MAX_LINE_BYTES);
/// - [`ReadError::BadHeader`] for an input without a word,
///   [`ReadError::MissingField`] if it ends inside the header;
/// - [`ReadError::BadField`] for a count or an entry that does not parse
///   (an entry out of `W`'s range, or NaN);
/// - [`ReadError::MatrixTooLarge`] if `rows * cols` overflows `usize`;
/// - [`ReadError::MissingEntries`] if fewer than `rows * cols` entries
///   follow, [`ReadError::ExtraField`] or [`ReadError::ExtraEntries`] for a
///   word after the last one;
/// - [`ReadError::OutOfMemory`] if the entries cannot be stored;
/// - [`ReadError::VerticesBeyondInput`] if `rows + cols` exceeds
///   [`FREE_VERTICES`](super::FREE_VERTICES) plus
///   [`VERTICES_PER_BYTE`](super::VERTICES_PER_BYTE) per byte of input.
///
/// ```
/// use bimatch::io::read_dense_matrix;
///
/// let m = read_dense_matrix::<f64, _>("2 3\n4 1 3\n2 inf 5\n".as_bytes())?;
/// assert_eq!((m.rows(), m.cols()), (2, 3));
/// assert_eq!(m.get(1, 1), Some(f64::INFINITY));
///
/// let err = read_dense_matrix::<i64, _>("2 2\n1 2\n3 x\n".as_bytes()).unwrap_err();
/// assert_eq!(err.to_string(), "line 3, field 2: expected a cost, found \"x\"");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_dense_matrix<W: Number, R: Read>(reader: R) -> Result<DenseMatrix<W>, ReadError> {
    let mut words = Words::new(reader);
    let first = words.first("the header \"rows cols\"")?;
    let header_line = first.line;
    let rows = first.count("a row count")?;
    let cols = words.expect("a column count")?.count("a column count")?;
    let n = rows.checked_mul(cols).ok_or(ReadError::MatrixTooLarge {
        line: header_line,
        rows,
        cols,
    })?;
    let mut data: Vec<W> = Vec::new();
    let mut last = header_line;
    for found in 0..n {
        let word = words.entry(n, found)?;
        let x = word.number::<W>("a cost")?;
        last = word.line;
        push(&mut data, x, last, "the matrix entries read")?;
    }
    words.end(n, last)?;
    words.lines.check_vertices(header_line, rows, cols)?;
    Ok(DenseMatrix { rows, cols, data })
}
