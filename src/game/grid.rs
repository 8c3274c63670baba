//! [`Grid`]: a board of free and blocked cells, and its text form.

use std::fmt;
use std::str::FromStr;

use super::GridError;
use super::{GridGraph, MAX_CELLS};
use crate::text;

/// A rectangular board of free and blocked cells, row-major.
///
/// Parse one from rows of `.` (free) and `#` (blocked) with
/// [`str::parse`], read judge input with [`Grid::from_judge_input`], or build
/// one in code with [`Grid::from_rows`] or [`Grid::from_fn`].
///
/// ```
/// use bimatch::game::Grid;
///
/// let grid: Grid = "..#\r\n.#.\r\n".parse()?;
/// assert_eq!((grid.rows(), grid.cols()), (2, 3));
/// assert!(grid.is_free(1, 2));
/// assert!(!grid.is_free(0, 2));
/// assert_eq!(grid.free_count(), 4);
/// assert_eq!(grid.to_string(), "..#\n.#.\n");
///
/// let err = "..#\n.x.".parse::<Grid>().unwrap_err();
/// assert_eq!(err.to_string(), "row 2, column 2: expected '.' or '#', found 'x'");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    pub(super) rows: usize,
    pub(super) cols: usize,
    /// `free[row * cols + col]`.
    pub(super) free: Vec<bool>,
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid {}x{} ", self.rows, self.cols)?;
        f.debug_list()
            .entries(self.free.chunks(self.cols.max(1)).map(|row| {
                row.iter()
                    .map(|&c| if c { '.' } else { '#' })
                    .collect::<String>()
            }))
            .finish()
    }
}

impl fmt::Display for Grid {
    /// The board as text: one line of `.` and `#` per row, each ending in `\n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            for c in 0..self.cols {
                f.write_str(if self.free[r * self.cols + c] {
                    "."
                } else {
                    "#"
                })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// Rejects boards the `u32` ids cannot hold, and boards with more rows or
/// columns than that (so that walking an `n` × 0 board stays cheap).
pub(super) fn check_size(rows: usize, cols: usize) -> Result<usize, GridError> {
    match rows.checked_mul(cols) {
        Some(cells) if cells <= MAX_CELLS && rows <= MAX_CELLS && cols <= MAX_CELLS => Ok(cells),
        _ => Err(GridError::TooLarge {
            rows,
            cols,
            limit: MAX_CELLS,
        }),
    }
}

impl Grid {
    /// A board from rows of cells, `true` for free.
    ///
    /// No rows at all gives the empty 0 × 0 board.
    ///
    /// # Errors
    ///
    /// - [`GridError::RowLength`] for the first row whose length differs from
    ///   the first row's;
    /// - [`GridError::TooLarge`] past [`MAX_CELLS`] cells.
    ///
    /// ```
    /// use bimatch::game::Grid;
    ///
    /// let grid = Grid::from_rows(vec![vec![true, false], vec![true, true]])?;
    /// assert_eq!(grid.to_string(), ".#\n..\n");
    /// assert!(Grid::from_rows([vec![true], vec![true, true]]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_rows<I, R>(rows: I) -> Result<Grid, GridError>
    where
        I: IntoIterator<Item = R>,
        R: AsRef<[bool]>,
    {
        let mut free = Vec::new();
        let mut cols = 0;
        let mut count = 0;
        for (r, row) in rows.into_iter().enumerate() {
            let row = row.as_ref();
            if r == 0 {
                cols = row.len();
            } else if row.len() != cols {
                return Err(GridError::RowLength {
                    row: r + 1,
                    found: row.len(),
                    expected: cols,
                });
            }
            check_size(r + 1, cols)?;
            free.extend_from_slice(row);
            count = r + 1;
        }
        Ok(Grid {
            rows: count,
            cols,
            free,
        })
    }

    /// A `rows` × `cols` board whose cell `(row, col)` is free when
    /// `is_free(row, col)` says so; called once per cell in row-major order.
    ///
    /// # Errors
    ///
    /// [`GridError::TooLarge`] past [`MAX_CELLS`] cells (checked before
    /// anything is allocated).
    ///
    /// ```
    /// use bimatch::game::Grid;
    ///
    /// let ring = Grid::from_fn(3, 3, |r, c| (r, c) != (1, 1))?;
    /// assert_eq!(ring.to_string(), "...\n.#.\n...\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_fn(
        rows: usize,
        cols: usize,
        mut is_free: impl FnMut(usize, usize) -> bool,
    ) -> Result<Grid, GridError> {
        let cells = check_size(rows, cols)?;
        let mut free = Vec::with_capacity(cells);
        for r in 0..rows {
            for c in 0..cols {
                free.push(is_free(r, c));
            }
        }
        Ok(Grid { rows, cols, free })
    }

    /// The number of rows.
    #[inline]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    #[inline]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether cell `(row, col)` (0-based) is free; cells outside the board
    /// are not.
    #[inline]
    pub fn is_free(&self, row: usize, col: usize) -> bool {
        row < self.rows && col < self.cols && self.free[row * self.cols + col]
    }

    /// The number of free cells.
    pub fn free_count(&self) -> usize {
        self.free.iter().filter(|&&f| f).count()
    }

    /// The board's graph: see [`GridGraph`].
    pub fn to_graph(&self) -> GridGraph {
        GridGraph::new(self)
    }
}

impl FromStr for Grid {
    type Err = GridError;

    /// Parses rows of `.` (free) and `#` (blocked), one per line. Lines end
    /// in LF or CRLF; the last newline is optional, blank lines at the end
    /// are ignored, and a leading byte-order mark is skipped. Text of `n`
    /// blank lines is the `n` × 0 board, so every board but the 0 × `m` ones
    /// reads back from its [`Display`](fmt::Display) text.
    ///
    /// # Errors
    ///
    /// - [`GridError::Cell`] for a character other than `.` or `#`;
    /// - [`GridError::RowLength`] for a row longer or shorter than the first;
    /// - [`GridError::Empty`] if there are no rows;
    /// - [`GridError::TooLarge`] past [`MAX_CELLS`] cells.
    fn from_str(s: &str) -> Result<Grid, GridError> {
        // One pass over the lines, copying none of them: blank
        // lines are counted, and become an error only when a row follows
        // them (trailing ones are ignored).
        let mut free = Vec::new();
        let mut width: Option<usize> = None;
        let mut rows = 0;
        let mut blank = 0;
        let mut r = 0;
        for row in text::slice_lines(s.as_bytes()) {
            r += 1;
            // The first line sets the width; a blank first line, width 0.
            let cols = *width.get_or_insert(row.len());
            let chars = || String::from_utf8_lossy(row).chars().count();
            if cols == 0 {
                // An n × 0 board is n blank lines.
                if !row.is_empty() {
                    return Err(GridError::RowLength {
                        row: r,
                        found: chars(),
                        expected: 0,
                    });
                }
                rows = r;
                continue;
            }
            if row.is_empty() {
                blank += 1;
                continue;
            }
            if blank > 0 {
                return Err(GridError::RowLength {
                    row: r - blank,
                    found: 0,
                    expected: cols,
                });
            }
            if let Some(c) = row.iter().take(cols).position(|&b| b != b'.' && b != b'#') {
                return Err(GridError::Cell {
                    row: r,
                    column: c + 1,
                    found: text::char_at(row, c),
                });
            }
            if row.len() != cols {
                return Err(GridError::RowLength {
                    row: r,
                    found: chars(),
                    expected: cols,
                });
            }
            check_size(r, cols)?;
            free.extend(row.iter().map(|&b| b == b'.'));
            rows = r;
        }
        let Some(cols) = width else {
            return Err(GridError::Empty);
        };
        Ok(Grid { rows, cols, free })
    }
}
