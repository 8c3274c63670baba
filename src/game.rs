//! The grid game: who wins a token-moving game on a board of free and
//! blocked cells.
//!
//! # The game
//!
//! A board has free cells `.` and blocked cells `#`. One player places a
//! token on a free cell; then the other player moves first, and the two
//! alternately move the token to a free cell next to it (up, down, left or
//! right) that it has never visited. Whoever cannot move loses.
//!
//! Colour the cells like a chessboard; the free cells and their adjacencies
//! are a bipartite graph. The player who places the token wins exactly on
//! the cells that some maximum matching of that graph leaves unmatched (the
//! *non-essential* vertices, see [`non_essential_vertices`]):
//!
//! - from such a cell, every move of the opponent lands on a matched cell
//!   (else the matching could grow), and the placing player answers along
//!   the matching; the opponent runs out of moves first, because reaching an
//!   unmatched cell would mean an augmenting path;
//! - from a cell every maximum matching covers, the opponent moves along a
//!   maximum matching and wins the same way.
//!
//! The same holds on any bipartite graph ([`winning_vertices`]), so other
//! boards (other move rules, tori) can reuse it through [`Bipartite`].
//!
//! ```
//! use bimatch::game::{winning_starts, Grid};
//!
//! // A corridor of three cells: place the token at either end and the
//! // opponent must step to the middle, leaving you the other end. From the
//! // middle, the opponent steps to an end and you are stuck.
//! let grid: Grid = "...".parse()?;
//! assert_eq!(winning_starts(&grid), [(0, 0), (0, 2)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`non_essential_vertices`]: crate::non_essential_vertices

use std::fmt;
use std::str::FromStr;

use crate::bipartition::Vertex;
use crate::error::GridError;
use crate::graph::{Bipartite, Left, Right};
use crate::structure::NonEssential;
use crate::util::{id, idx, MAX_EDGES, UNMATCHED};

/// The largest number of cells a [`Grid`] may have. A board has fewer than
/// two 4-adjacencies per cell, so its edge count fits the `u32` offsets too.
pub const MAX_CELLS: usize = MAX_EDGES / 2;

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
    rows: usize,
    cols: usize,
    /// `free[row * cols + col]`.
    free: Vec<bool>,
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

/// Rejects boards the `u32` ids cannot hold.
fn check_size(rows: usize, cols: usize) -> Result<usize, GridError> {
    match rows.checked_mul(cols) {
        Some(cells) if cells <= MAX_CELLS => Ok(cells),
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

    /// Parses judge input: a header line `n m`, then `n` lines of `m` cells
    /// `.` or `#` (the JSOI 2009 "Game" and LOJ 6033 input).
    ///
    /// Lines end in LF or CRLF; spaces and tabs at the end of a line and
    /// blank lines after the last row are ignored. The header is checked
    /// against the length of the input before anything is allocated from it.
    ///
    /// # Errors
    ///
    /// Every error names the line and column of the problem:
    /// - [`GridError::JudgeHeader`]: the first line is not two numbers;
    /// - [`GridError::JudgeTooShort`]: the header announces more cells than the
    ///   rest of the input holds;
    /// - [`GridError::TooLarge`]: more than [`MAX_CELLS`] cells;
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
    ///
    /// let err = Grid::from_judge_input(b"2 3\n..#\n..\n").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "line 3, column 3 (row 2): the row has 2 cells, but the header announces 3"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_judge_input(input: &[u8]) -> Result<Grid, GridError> {
        let mut lines = Lines::new(input);
        let header = lines.next().unwrap_or(&[]);
        let (rows, cols) = parse_header(header)?;
        let body = &input[lines.pos..];
        // Each row needs `cols` bytes, and every row but the last a newline.
        let fits = rows
            .checked_mul(cols)
            .is_some_and(|cells| cells <= body.len())
            && rows <= body.len() + 1;
        if !fits {
            return Err(GridError::JudgeTooShort {
                line: 1,
                column: 1,
                rows,
                cols,
                bytes: body.len(),
            });
        }
        let cells = check_size(rows, cols)?;
        let mut free = Vec::with_capacity(cells);
        for r in 0..rows {
            let line_no = lines.line + 1;
            let Some(line) = lines.next() else {
                return Err(GridError::JudgeMissingRows {
                    line: line_no,
                    found: r,
                    expected: rows,
                });
            };
            let line = trim_end(line);
            if line.len() == cols && line.iter().all(|&b| b == b'.' || b == b'#') {
                free.extend(line.iter().map(|&b| b == b'.'));
                continue;
            }
            // The slow path only builds the error.
            let bad = line.iter().take(cols).position(|&b| b != b'.' && b != b'#');
            return Err(match bad {
                Some(c) => GridError::JudgeCell {
                    line: line_no,
                    row: r + 1,
                    column: c + 1,
                    found: char_at(line, c),
                },
                None => {
                    let found = String::from_utf8_lossy(line).chars().count();
                    GridError::JudgeRowLength {
                        line: line_no,
                        column: found.min(cols) + 1,
                        row: r + 1,
                        found,
                        expected: cols,
                    }
                }
            });
        }
        while let Some(line) = lines.next() {
            if let Some(c) = line.iter().position(|b| !b.is_ascii_whitespace()) {
                return Err(GridError::JudgeExtraText {
                    line: lines.line,
                    column: c + 1,
                    rows,
                    found: char_at(line, c),
                });
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
    /// in LF or CRLF; the last newline is optional and blank lines at the
    /// end are ignored.
    ///
    /// # Errors
    ///
    /// - [`GridError::Cell`] for a character other than `.` or `#`;
    /// - [`GridError::RowLength`] for a row longer or shorter than the first;
    /// - [`GridError::Empty`] if there are no rows;
    /// - [`GridError::TooLarge`] past [`MAX_CELLS`] cells.
    fn from_str(s: &str) -> Result<Grid, GridError> {
        // One pass, holding no line: blank lines are counted, and become
        // rows only when a row follows them (trailing ones are ignored).
        let mut free = Vec::new();
        let mut width: Option<usize> = None;
        let mut rows = 0;
        let mut blank = 0;
        let lines = Lines::new(s.as_bytes()).map(|line| line.strip_suffix(b"\r").unwrap_or(line));
        for (r, row) in lines.enumerate() {
            if row.is_empty() {
                blank += 1;
                continue;
            }
            // The first line sets the width; a blank first line, width 0.
            let cols = *width.get_or_insert(if r == 0 { row.len() } else { 0 });
            if blank > 0 && cols > 0 {
                return Err(GridError::RowLength {
                    row: r - blank + 1,
                    found: 0,
                    expected: cols,
                });
            }
            blank = 0;
            if let Some(c) = row.iter().take(cols).position(|&b| b != b'.' && b != b'#') {
                return Err(GridError::Cell {
                    row: r + 1,
                    column: c + 1,
                    found: char_at(row, c),
                });
            }
            if row.len() != cols {
                return Err(GridError::RowLength {
                    row: r + 1,
                    found: String::from_utf8_lossy(row).chars().count(),
                    expected: cols,
                });
            }
            check_size(r + 1, cols)?;
            free.extend(row.iter().map(|&b| b == b'.'));
            rows = r + 1;
        }
        let Some(cols) = width else {
            return Err(GridError::Empty);
        };
        Ok(Grid { rows, cols, free })
    }
}

/// The lines of a byte string, split at `\n`; a final `\n` does not start
/// another line. Counts the lines handed out.
struct Lines<'a> {
    text: &'a [u8],
    /// Start of the next line.
    pos: usize,
    /// Lines handed out so far (so the last one's 1-based number).
    line: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a [u8]) -> Self {
        Lines {
            text,
            pos: 0,
            line: 0,
        }
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        if self.pos >= self.text.len() {
            return None;
        }
        let rest = &self.text[self.pos..];
        let end = rest.iter().position(|&b| b == b'\n');
        self.pos += end.map_or(rest.len(), |e| e + 1);
        self.line += 1;
        Some(&rest[..end.unwrap_or(rest.len())])
    }
}

/// The line without trailing spaces, tabs and carriage returns.
fn trim_end(line: &[u8]) -> &[u8] {
    let keep = line
        .iter()
        .rposition(|&b| !matches!(b, b' ' | b'\t' | b'\r'))
        .map_or(0, |p| p + 1);
    &line[..keep]
}

/// The character starting at byte `at` (`U+FFFD` if it is not valid UTF-8).
fn char_at(line: &[u8], at: usize) -> char {
    let end = (at + 4).min(line.len());
    let lossy = String::from_utf8_lossy(&line[at..end]);
    lossy.chars().next().unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// Parses the header line `n m`.
fn parse_header(line: &[u8]) -> Result<(usize, usize), GridError> {
    let line = trim_end(line);
    let mut at = 0;
    let mut numbers = [0usize; 2];
    let what = ["the number of rows n", "the number of columns m"];
    let too_big = [
        "a smaller number of rows n",
        "a smaller number of columns m",
    ];
    for k in 0..2 {
        while at < line.len() && matches!(line[at], b' ' | b'\t') {
            at += 1;
        }
        let start = at;
        while at < line.len() && !matches!(line[at], b' ' | b'\t') {
            at += 1;
        }
        let word = &line[start..at];
        let error = |expected| GridError::JudgeHeader {
            line: 1,
            column: start + 1,
            expected,
            found: describe_word(word),
        };
        if word.is_empty() || !word.iter().all(u8::is_ascii_digit) {
            return Err(error(what[k]));
        }
        numbers[k] = word
            .iter()
            .try_fold(0usize, |n, &d| {
                n.checked_mul(10)?.checked_add(usize::from(d - b'0'))
            })
            .ok_or_else(|| error(too_big[k]))?;
    }
    while at < line.len() && matches!(line[at], b' ' | b'\t') {
        at += 1;
    }
    if at < line.len() {
        let end = line[at..]
            .iter()
            .position(|&b| matches!(b, b' ' | b'\t'))
            .map_or(line.len(), |p| at + p);
        return Err(GridError::JudgeHeader {
            line: 1,
            column: at + 1,
            expected: "the end of the header line",
            found: describe_word(&line[at..end]),
        });
    }
    Ok((numbers[0], numbers[1]))
}

/// A word of input for an error message: at most 20 characters, or
/// `end of line` if it is empty.
fn describe_word(word: &[u8]) -> String {
    if word.is_empty() {
        return "end of line".to_string();
    }
    let text = String::from_utf8_lossy(word);
    let mut short: String = text.chars().take(20).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}

/// A board's free cells as a [`Bipartite`] graph, and the map between
/// cells and vertices.
///
/// Cell `(row, col)` is a left vertex when `row + col` is even and a right
/// vertex when it is odd; each side is numbered in row-major order over its
/// free cells. Edges join free cells that share a side. Every left vertex's
/// neighbours come out ascending (up, left, right, down), so the graph is
/// built directly in compressed sparse row form, without sorting.
///
/// ```
/// use bimatch::game::Grid;
/// use bimatch::{Left, Right, Vertex};
///
/// let grid: Grid = "..\n#.".parse()?;
/// let g = grid.to_graph();
/// assert_eq!(g.vertex(0, 1), Some(Vertex::Right(Right::new(0))));
/// assert_eq!(g.vertex(1, 1), Some(Vertex::Left(Left::new(1))));
/// assert_eq!(g.vertex(1, 0), None); // blocked
/// assert_eq!(g.graph().edge_count(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridGraph {
    rows: usize,
    cols: usize,
    graph: Bipartite,
    /// Per cell, row-major: its index on its side, or `UNMATCHED` if blocked.
    index: Vec<u32>,
}

impl GridGraph {
    /// The graph of `grid`.
    ///
    /// # Complexity
    ///
    /// O(cells) time; 4 bytes per cell for the map, beside the graph
    /// (about 12 bytes per free cell).
    pub fn new(grid: &Grid) -> GridGraph {
        let (rows, cols) = (grid.rows, grid.cols);
        let free = &grid.free;
        // Number each side's free cells in row-major order; count the edges.
        let mut index = vec![UNMATCHED; free.len()];
        let mut counts = [0u32; 2];
        let mut edges = 0usize;
        for r in 0..rows {
            let base = r * cols;
            for c in 0..cols {
                let (cell, side, f) = (base + c, (r + c) & 1, free[base + c]);
                index[cell] = if f { counts[side] } else { UNMATCHED };
                counts[side] += u32::from(f);
                if c + 1 < cols {
                    edges += usize::from(f & free[cell + 1]);
                }
                if r + 1 < rows {
                    edges += usize::from(f & free[cell + cols]);
                }
            }
        }
        let [left_count, right_count] = counts.map(idx);
        // Both directions in one pass. Row-major numbering makes every list
        // ascending: up, left, right, down. Without branches on the board's
        // contents: each cell writes all four candidates (`UNMATCHED` for a
        // blocked or missing neighbour) and keeps the real ones by moving
        // the end of its side's list; a blocked cell then keeps none. Every
        // list ends at most 3 places before the array does, hence `+ 4`.
        let mut csr = [
            (vec![0u32; left_count + 1], vec![0u32; edges + 4]),
            (vec![0u32; right_count + 1], vec![0u32; edges + 4]),
        ];
        let mut vertices = [0usize; 2];
        let mut ends = [0usize; 2];
        for r in 0..rows {
            let base = r * cols;
            for c in 0..cols {
                let (cell, side) = (base + c, (r + c) & 1);
                let around = [
                    if r > 0 { index[cell - cols] } else { UNMATCHED },
                    if c > 0 { index[cell - 1] } else { UNMATCHED },
                    if c + 1 < cols {
                        index[cell + 1]
                    } else {
                        UNMATCHED
                    },
                    if r + 1 < rows {
                        index[cell + cols]
                    } else {
                        UNMATCHED
                    },
                ];
                let (offsets, adj) = &mut csr[side];
                let mut end = ends[side];
                for x in around {
                    adj[end] = x;
                    end += usize::from(x != UNMATCHED);
                }
                let f = free[cell];
                ends[side] = if f { end } else { ends[side] };
                vertices[side] += usize::from(f);
                // Rewrites the same value when the cell is blocked.
                offsets[vertices[side]] = id(ends[side]);
            }
        }
        debug_assert_eq!(ends, [edges, edges]);
        for (_, adj) in &mut csr {
            adj.truncate(edges);
        }
        let [(left_offsets, left_adj), (right_offsets, right_adj)] = csr;
        let graph = Bipartite {
            left_offsets,
            left_adj,
            right_offsets,
            right_adj,
        };
        debug_assert_eq!(
            Some(&graph),
            Bipartite::from_left_csr(
                right_count,
                graph.left_offsets.clone(),
                graph.left_adj.clone()
            )
            .ok()
            .as_ref()
        );
        GridGraph {
            rows,
            cols,
            graph,
            index,
        }
    }

    /// The bipartite graph.
    pub fn graph(&self) -> &Bipartite {
        &self.graph
    }

    /// The vertex of cell `(row, col)`; `None` if it is blocked or outside
    /// the board.
    pub fn vertex(&self, row: usize, col: usize) -> Option<Vertex> {
        if row >= self.rows || col >= self.cols {
            return None;
        }
        let i = self.index[row * self.cols + col];
        if i == UNMATCHED {
            None
        } else if (row + col) & 1 == 0 {
            Some(Vertex::Left(Left(i)))
        } else {
            Some(Vertex::Right(Right(i)))
        }
    }

    /// The cells whose vertices are in `set`, 0-based `(row, col)` in
    /// row-major order. O(cells).
    pub fn cells_of(&self, set: &NonEssential) -> Vec<(usize, usize)> {
        let mut cells = Vec::new();
        for r in 0..self.rows {
            let base = r * self.cols;
            for (c, &i) in self.index[base..base + self.cols].iter().enumerate() {
                let hit = i != UNMATCHED
                    && if (r + c) & 1 == 0 {
                        set.contains_left(Left(i))
                    } else {
                        set.contains_right(Right(i))
                    };
                if hit {
                    cells.push((r, c));
                }
            }
        }
        cells
    }
}

/// The vertices of `graph` where the player who places the token wins the
/// game "move the token along an edge to a vertex never visited; whoever
/// cannot move loses", the other player moving first.
///
/// These are the non-essential vertices, the ones some maximum matching
/// leaves unmatched (see the [module docs](self) for the argument);
/// the same as [`NonEssential::of`], named for the game.
///
/// # Complexity
///
/// One maximum matching by the default matcher (O(E·√V), see
/// [`maximum_matching`](crate::maximum_matching)) and one O(V + E)
/// alternating search.
///
/// # Testing
///
/// Against a brute-force search of the game on every bipartite graph with
/// at most 7 vertices and 12 possible edges (`tests/game_exhaustive.rs`).
///
/// ```
/// use bimatch::game::winning_vertices;
/// use bimatch::{Bipartite, Left, Right};
///
/// // A star: right 0 joined to three leaves. Placed on a leaf, the token
/// // must go to the centre and then on to another leaf: the placer wins.
/// // Placed on the centre, the mover takes a leaf and wins.
/// let star = Bipartite::from_edges(3, 1, [(0, 0), (1, 0), (2, 0)])?;
/// let w = winning_vertices(&star);
/// assert_eq!(w.left(), [Left::new(0), Left::new(1), Left::new(2)]);
/// assert!(!w.contains_right(Right::new(0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn winning_vertices(graph: &Bipartite) -> NonEssential {
    NonEssential::of(graph)
}

/// The cells of `grid` where the player who places the token wins: 0-based
/// `(row, col)` in row-major order.
///
/// Builds the board's graph ([`GridGraph`]), matches it with the default
/// matcher and maps the [`winning_vertices`] back to cells.
///
/// # Complexity
///
/// O(E·√V) for the matching, O(cells) for the rest; at most about 40
/// bytes per cell at the peak (the board's map and graph, the matching and
/// the matcher's scratch). No recursion: a 2000 × 2000 serpentine corridor, whose
/// augmenting paths are two million cells long, runs on a 2 MiB thread
/// stack.
///
/// # Testing
///
/// Against a brute-force search of the game itself on every board of at
/// most 12 cells and every pattern of blocked cells
/// (`tests/game_exhaustive.rs`); on a 2000 × 2000 serpentine against its
/// known answer and on a random 2000 × 2000 board against an independent
/// certificate (`tests/game_large.rs`).
///
/// ```
/// use bimatch::game::{winning_starts, Grid};
///
/// // A 2 x 2 room: the opponent always has the cell paired with yours.
/// let room: Grid = "..\n..".parse()?;
/// assert!(winning_starts(&room).is_empty());
///
/// // A corridor of 5 cells: every other cell wins, starting at the ends.
/// let corridor: Grid = ".....\n#####".parse()?;
/// assert_eq!(winning_starts(&corridor), [(0, 0), (0, 2), (0, 4)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn winning_starts(grid: &Grid) -> Vec<(usize, usize)> {
    let g = GridGraph::new(grid);
    g.cells_of(&winning_vertices(g.graph()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacency_lists_match_an_edge_list_build() {
        let grid: Grid = "..#.\n....\n.#..".parse().unwrap();
        let g = GridGraph::new(&grid);
        let mut edges = Vec::new();
        for r in 0..grid.rows() {
            for c in 0..grid.cols() {
                let Some(Vertex::Left(u)) = g.vertex(r, c) else {
                    continue;
                };
                for (dr, dc) in [(0, 1), (1, 0), (2, 1), (1, 2)] {
                    let (Some(rr), Some(cc)) = ((r + dr).checked_sub(1), (c + dc).checked_sub(1))
                    else {
                        continue;
                    };
                    if let Some(Vertex::Right(v)) = g.vertex(rr, cc) {
                        edges.push((u.index(), v.index()));
                    }
                }
            }
        }
        let (l, r) = (g.graph().left_count(), g.graph().right_count());
        assert_eq!((l, r), (5, 5));
        assert_eq!(*g.graph(), Bipartite::from_edges(l, r, edges).unwrap());
    }

    #[test]
    fn lines_count_and_split() {
        let mut lines = Lines::new(b"a\n\nb");
        assert_eq!(lines.next(), Some(&b"a"[..]));
        assert_eq!(lines.next(), Some(&b""[..]));
        assert_eq!(lines.next(), Some(&b"b"[..]));
        assert_eq!(lines.line, 3);
        assert_eq!(lines.next(), None);
        assert_eq!(Lines::new(b"a\n").count(), 1);
    }
}
