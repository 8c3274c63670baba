//! Judge input: the board as the JSOI 2009 "Game" and LOJ 6033 problems
//! give it, read the way judges read it.

use super::grid::check_size;
use super::Grid;
use super::GridError;
use crate::text;

impl Grid {
    /// Parses judge input: the numbers `n` and `m`, then `n` rows of `m`
    /// cells `.` or `#` (the JSOI 2009 "Game" and LOJ 6033 input).
    ///
    /// Read as judges read it: whitespace-separated words, so the header
    /// may be split over lines, blank lines and extra spaces or tabs may
    /// stand anywhere between words, lines end in LF or CRLF, and a leading
    /// byte-order mark is skipped. Each row is one word. With `m = 0` there
    /// are no row words. The header is checked against the length of the
    /// input before anything is allocated from it.
    ///
    /// # Errors
    ///
    /// Every error names the line and column (1-based, in bytes) of the
    /// problem:
    /// - [`GridError::JudgeHeader`]: `n` or `m` missing or not a number;
    /// - [`GridError::JudgeTooShort`]: the header announces more cells than
    ///   the rest of the input holds;
    /// - [`GridError::TooLarge`]: more than [`MAX_CELLS`](super::MAX_CELLS)
    ///   cells;
    /// - [`GridError::JudgeCell`]: a character other than `.` or `#` in a row;
    /// - [`GridError::JudgeRowLength`]: a row with more or fewer than `m` cells;
    /// - [`GridError::JudgeMissingRows`]: fewer than `n` rows;
    /// - [`GridError::JudgeExtraText`]: more text after the `n`-th row.
    ///
    /// ```
    /// use bimatch::game::Grid;
    ///
    /// let grid = Grid::from_judge_input(b"2 3\n..#\n...\n")?;
    /// assert_eq!(grid.free_count(), 5);
    /// // The header split over two lines, a blank line, extra spaces.
    /// assert_eq!(Grid::from_judge_input(b"2\n 3\n\n..#   \n...")?, grid);
    ///
    /// let err = Grid::from_judge_input(b"2 3\n..#\n..\n").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "line 3, column 3 (row 2): the row has 2 cells, but the header announces 3"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_judge_input(input: &[u8]) -> Result<Grid, GridError> {
        let mut words = Words::new(text::strip_bom(input));
        let rows = words.number("the number of rows n", "a smaller number of rows n")?;
        let (cols, at) = (
            words.number("the number of columns m", "a smaller number of columns m")?,
            words.last,
        );
        let body = words.rest();
        // Each row needs `cols` bytes, and a separator before it (rows of
        // no cells, their line breaks).
        let fits = rows.checked_mul(cols).is_some_and(|cells| cells <= body) && rows <= body;
        if !fits {
            return Err(GridError::JudgeTooShort {
                line: at.line,
                column: at.column,
                rows,
                cols,
                bytes: body,
            });
        }
        let cells = check_size(rows, cols)?;
        let mut free = Vec::with_capacity(cells);
        // With no columns the rows are empty words: there is nothing to read.
        for r in (0..rows).filter(|_| cols > 0) {
            let Some(row) = words.next() else {
                return Err(GridError::JudgeMissingRows {
                    line: words.line,
                    found: r,
                    expected: rows,
                });
            };
            let at = words.last;
            if row.len() == cols && row.iter().all(|&b| b == b'.' || b == b'#') {
                free.extend(row.iter().map(|&b| b == b'.'));
                continue;
            }
            // The slow path only builds the error.
            let bad = row.iter().take(cols).position(|&b| b != b'.' && b != b'#');
            return Err(match bad {
                Some(c) => GridError::JudgeCell {
                    line: at.line,
                    row: r + 1,
                    column: at.column + c,
                    found: text::char_at(row, c),
                },
                None => GridError::JudgeRowLength {
                    line: at.line,
                    column: at.column + row.len().min(cols),
                    row: r + 1,
                    found: String::from_utf8_lossy(row).chars().count(),
                    expected: cols,
                },
            });
        }
        if let Some(extra) = words.next() {
            return Err(GridError::JudgeExtraText {
                line: words.last.line,
                column: words.last.column,
                rows,
                found: text::char_at(extra, 0),
            });
        }
        Ok(Grid { rows, cols, free })
    }
}

/// Where a word starts: 1-based line and byte column.
#[derive(Clone, Copy)]
struct Position {
    line: usize,
    column: usize,
}

/// The whitespace-separated words of an input, with their positions.
struct Words<'a> {
    text: &'a [u8],
    pos: usize,
    /// The line `pos` is on, 1-based.
    line: usize,
    /// Where that line starts.
    line_start: usize,
    /// Where the last word returned starts.
    last: Position,
}

impl<'a> Words<'a> {
    fn new(text: &'a [u8]) -> Self {
        Words {
            text,
            pos: 0,
            line: 1,
            line_start: 0,
            last: Position { line: 1, column: 1 },
        }
    }

    /// The next word, or `None` at the end of the input.
    fn next(&mut self) -> Option<&'a [u8]> {
        while let Some(&b) = self.text.get(self.pos) {
            if !b.is_ascii_whitespace() {
                break;
            }
            self.pos += 1;
            if b == b'\n' {
                self.line += 1;
                self.line_start = self.pos;
            }
        }
        let start = self.pos;
        self.last = Position {
            line: self.line,
            column: start - self.line_start + 1,
        };
        let rest = &self.text[start..];
        let len = rest
            .iter()
            .position(u8::is_ascii_whitespace)
            .unwrap_or(rest.len());
        self.pos += len;
        (len > 0).then(|| &rest[..len])
    }

    /// The bytes after the last word.
    fn rest(&self) -> usize {
        self.text.len() - self.pos
    }

    /// The next word as a header number.
    fn number(&mut self, what: &'static str, smaller: &'static str) -> Result<usize, GridError> {
        let word = self.next();
        let error = |expected, found| GridError::JudgeHeader {
            line: self.last.line,
            column: self.last.column,
            expected,
            found,
        };
        let Some(word) = word else {
            return Err(error(what, "end of input".to_string()));
        };
        if !word.iter().all(u8::is_ascii_digit) {
            return Err(error(what, text::shorten(word)));
        }
        text::parse_decimal(word).ok_or_else(|| error(smaller, text::shorten(word)))
    }
}
