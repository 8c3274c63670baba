//! The assignment wing's error type.

use crate::csr::{EdgeFault, OutOfMemory};
use crate::Side;

/// "rows" or "columns": the wing's word for a side of the graph (rows are
/// [`Side::Left`], columns [`Side::Right`]).
fn plural(side: &Side) -> &'static str {
    match side {
        Side::Left => "rows",
        Side::Right => "columns",
    }
}

/// "row" or "column".
fn singular(side: &Side) -> &'static str {
    match side {
        Side::Left => "row",
        Side::Right => "column",
    }
}

/// Everything that can go wrong when building or solving an assignment
/// problem, or when checking its certificate.
///
/// Sides are [`Side`]s of the crate's bipartite graphs: [`Side::Left`] is
/// the rows of a cost matrix, [`Side::Right`] its columns; messages say
/// "row" and "column".
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The allowed entries do not let every row (or every column) be
    /// assigned: by Hall's theorem, `members` can only use the fewer
    /// `neighbours`.
    #[error(
        "infeasible: the {count} {these} {members:?} can only use the {ncount} {other} {neighbours:?}, \
         so they cannot all be assigned",
        count = members.len(),
        ncount = neighbours.len(),
        these = plural(side),
        other = plural(&side.opposite())
    )]
    #[non_exhaustive]
    Infeasible {
        /// Which side cannot be served in full: [`Side::Left`] for rows,
        /// [`Side::Right`] for columns.
        side: Side,
        /// The violating set, ascending.
        members: Vec<usize>,
        /// Every index of the other side with an allowed entry into
        /// `members`, ascending; fewer than `members`.
        neighbours: Vec<usize>,
    },

    /// A cost is NaN, or the infinity that does not mean "forbidden".
    #[error("row {row}, column {col}: {reason}")]
    #[non_exhaustive]
    BadCost {
        /// 0-based row (left vertex) of the entry.
        row: usize,
        /// 0-based column (right vertex) of the entry.
        col: usize,
        /// What is wrong with it.
        reason: &'static str,
    },

    /// The unmatched cost is NaN or infinite.
    #[error("the unmatched cost must be finite, found {value}")]
    #[non_exhaustive]
    BadUnmatchedCost {
        /// The value given, as text.
        value: String,
    },

    /// Integer costs so large that exact arithmetic could overflow `i64`.
    #[error(
        "integer costs up to {max_abs} in magnitude on {size} rows and columns could overflow: \
         (size + 2) * max |cost| must be at most {limit}"
    )]
    #[non_exhaustive]
    Overflow {
        /// The largest magnitude among the costs (and the unmatched cost).
        max_abs: u128,
        /// Rows plus columns.
        size: usize,
        /// The largest supported value of (size + 2) * max |cost|.
        limit: u128,
    },

    /// Float costs so large that sums of a few of them could overflow `f64`.
    #[error(
        "float costs up to {max_abs:e} in magnitude on {size} rows and columns could overflow: \
         (size + 2) * max |cost| must be at most {limit:e}"
    )]
    #[non_exhaustive]
    FloatRange {
        /// The largest magnitude among the costs (and the unmatched cost).
        max_abs: f64,
        /// Rows plus columns.
        size: usize,
        /// The largest supported value of (size + 2) * max |cost|.
        limit: f64,
    },

    /// A cost matrix's entries do not fill `rows × cols`.
    #[error("a {rows} x {cols} matrix needs {expected} entries, found {found}")]
    #[non_exhaustive]
    ShapeMismatch {
        /// Rows declared.
        rows: usize,
        /// Columns declared.
        cols: usize,
        /// `rows * cols` (saturating).
        expected: usize,
        /// Entries given (for `from_rows`, the length of the offending row
        /// times the number of rows is not reported: `row` says which).
        found: usize,
    },

    /// A row of a `Vec<Vec<_>>` matrix is longer or shorter than the first.
    #[error("row {row} has {found} entries, but row 0 has {expected}")]
    #[non_exhaustive]
    RaggedRow {
        /// 0-based row.
        row: usize,
        /// Its length.
        found: usize,
        /// The first row's length.
        expected: usize,
    },

    /// A count does not fit the crate's `u32` ids.
    #[error("{count} {what} is too many: at most {limit} are supported", what = plural(side))]
    #[non_exhaustive]
    TooLarge {
        /// Which count: [`Side::Left`] for rows, [`Side::Right`] for
        /// columns.
        side: Side,
        /// The count asked for.
        count: usize,
        /// The largest supported count.
        limit: usize,
    },

    /// The number of entries does not fit the crate's `u32` offsets.
    #[error("{count} entries is too many: at most {limit} are supported")]
    #[non_exhaustive]
    TooManyEntries {
        /// The number of entries seen (at least).
        count: usize,
        /// The largest supported number.
        limit: usize,
    },

    /// An edge names a row or column that does not exist.
    #[error(
        "edge {position}: {one} index {value} is out of range \
         (there are {bound} {all}, indices 0..{bound})",
        one = singular(side),
        all = plural(side)
    )]
    #[non_exhaustive]
    EndpointOutOfRange {
        /// 0-based position of the edge in the input.
        position: usize,
        /// Which endpoint is wrong: [`Side::Left`] for the row,
        /// [`Side::Right`] for the column.
        side: Side,
        /// The index given.
        value: usize,
        /// The number of rows or columns.
        bound: usize,
    },

    /// An edge names a negative row or column.
    #[error("edge {position}: {one} index {value} is negative", one = singular(side))]
    #[non_exhaustive]
    NegativeEndpoint {
        /// 0-based position of the edge in the input.
        position: usize,
        /// Which endpoint is wrong: [`Side::Left`] for the row,
        /// [`Side::Right`] for the column.
        side: Side,
        /// The index given.
        value: i64,
    },

    /// The memory a problem, a graph or a solver needs could not be
    /// reserved.
    #[error("cannot reserve {bytes} bytes for {what}")]
    #[non_exhaustive]
    OutOfMemory {
        /// What the memory was for.
        what: &'static str,
        /// The bytes asked for.
        bytes: usize,
    },

    /// The same (row, column) pair is given twice.
    #[error("edge {position}: (row {row}, column {col}) was already given as edge {first}")]
    #[non_exhaustive]
    DuplicateEdge {
        /// 0-based position of the second occurrence.
        position: usize,
        /// 0-based position of the first occurrence.
        first: usize,
        /// The row.
        row: usize,
        /// The column.
        col: usize,
    },

    /// A certificate was checked against an instance of another shape.
    #[error(
        "the solution is for {sol_rows} rows and {sol_cols} columns, \
         but the instance has {rows} and {cols}"
    )]
    #[non_exhaustive]
    SizeMismatch {
        /// Rows of the solution.
        sol_rows: usize,
        /// Columns of the solution.
        sol_cols: usize,
        /// Rows of the instance.
        rows: usize,
        /// Columns of the instance.
        cols: usize,
    },

    /// A certificate does not prove its solution optimal.
    #[error("the certificate does not hold: {what}")]
    #[non_exhaustive]
    CertificateInvalid {
        /// Which condition fails, and where.
        what: String,
    },

    /// Building the bipartite graph of the allowed entries failed (past
    /// the crate's `u32` limits, or out of memory).
    #[error(transparent)]
    Graph(#[from] crate::GraphError),

    /// A cardinality check of the core refused a matching (never expected:
    /// the matching comes from the crate's own matcher).
    #[error(transparent)]
    Matching(#[from] crate::MatchingError),
}

impl From<OutOfMemory> for Error {
    fn from(e: OutOfMemory) -> Self {
        Error::OutOfMemory {
            what: e.what,
            bytes: e.bytes,
        }
    }
}

impl Error {
    /// The error for a bad `(row, col, cost)` edge of a weighted edge list.
    pub(crate) fn from_fault(fault: EdgeFault) -> Self {
        let side = EdgeFault::side;
        match fault {
            EdgeFault::OutOfRange {
                position,
                end,
                value,
                bound,
            } => Error::EndpointOutOfRange {
                position,
                side: side(end),
                value,
                bound,
            },
            EdgeFault::Negative {
                position,
                end,
                value,
            } => Error::NegativeEndpoint {
                position,
                side: side(end),
                value,
            },
            EdgeFault::TooMany { count, limit } => Error::TooManyEntries { count, limit },
            EdgeFault::OutOfMemory(e) => e.into(),
        }
    }
}

/// The one conversion from the core's errors.
pub(crate) fn from_core(e: impl Into<Error>) -> Error {
    e.into()
}
