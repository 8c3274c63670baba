//! [`GridError`]: what can be wrong with a board's text or judge input.

/// A board's text or judge input is malformed, or a board is too large.
///
/// Positions are 1-based: rows and columns of a board's text, lines and
/// columns of judge input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    /// A cell of a grid's text is neither `.` (free) nor `#` (blocked).
    #[error("row {row}, column {column}: expected '.' or '#', found {found:?}")]
    #[non_exhaustive]
    Cell {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        column: usize,
        /// The character found there.
        found: char,
    },

    /// A row of a grid is longer or shorter than the first row.
    #[error(
        "row {row}, column {column}: the row has {found} cells, but row 1 has {expected}",
        column = (*found).min(*expected) + 1
    )]
    #[non_exhaustive]
    RowLength {
        /// 1-based row.
        row: usize,
        /// The number of cells in that row.
        found: usize,
        /// The number of cells in the first row.
        expected: usize,
    },

    /// A grid's text has no rows.
    #[error("row 1, column 1: the grid has no rows")]
    Empty,

    /// A grid has too many cells for the crate's `u32` ids.
    #[error("a grid of {rows} rows and {cols} columns is too large: at most {limit} cells are supported")]
    #[non_exhaustive]
    TooLarge {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// The largest supported number of cells.
        limit: usize,
    },

    /// The header `n m` of a judge input is malformed.
    #[error("line {line}, column {column}: expected {expected}, found {found:?}")]
    #[non_exhaustive]
    JudgeHeader {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What should be there.
        expected: &'static str,
        /// What is there: the offending word, or `end of input`.
        found: String,
    },

    /// The header of a judge input announces more cells than the input holds.
    #[error(
        "line {line}, column {column}: the header announces {rows} rows of {cols} cells, \
         more than the {bytes} bytes after it can hold"
    )]
    #[non_exhaustive]
    JudgeTooShort {
        /// 1-based line of the header's last number.
        line: usize,
        /// 1-based column of the header's last number.
        column: usize,
        /// Rows announced.
        rows: usize,
        /// Columns announced.
        cols: usize,
        /// Bytes of input after the header.
        bytes: usize,
    },

    /// A cell of a judge input is neither `.` nor `#`.
    #[error("line {line}, column {column} (row {row}): expected '.' or '#', found {found:?}")]
    #[non_exhaustive]
    JudgeCell {
        /// 1-based line of the input.
        line: usize,
        /// 1-based grid row on that line.
        row: usize,
        /// 1-based column of the input line.
        column: usize,
        /// The character found there.
        found: char,
    },

    /// A row of a judge input does not have the announced number of cells.
    #[error(
        "line {line}, column {column} (row {row}): the row has {found} cells, \
         but the header announces {expected}"
    )]
    #[non_exhaustive]
    JudgeRowLength {
        /// 1-based line of the input.
        line: usize,
        /// 1-based column where the row goes wrong: its end, or the first
        /// cell past the announced count.
        column: usize,
        /// 1-based grid row.
        row: usize,
        /// The number of cells in that row.
        found: usize,
        /// The number of columns announced by the header.
        expected: usize,
    },

    /// A judge input ends before all announced rows.
    #[error(
        "line {line}, column 1: the input ends after {found} rows, \
         but the header announces {expected}"
    )]
    #[non_exhaustive]
    JudgeMissingRows {
        /// 1-based line where a row was expected.
        line: usize,
        /// Rows present.
        found: usize,
        /// Rows announced.
        expected: usize,
    },

    /// A judge input has more text after the announced rows.
    #[error("line {line}, column {column}: expected the end of the input after {rows} rows, found {found:?}")]
    #[non_exhaustive]
    JudgeExtraText {
        /// 1-based line of the extra text.
        line: usize,
        /// 1-based column of its first character.
        column: usize,
        /// Rows announced.
        rows: usize,
        /// The first character of the extra text.
        found: char,
    },
}
