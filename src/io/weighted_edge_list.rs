//! The sparse `L R M` format with a weight per edge, of the assignment
//! problem.

use std::io::Read;

use super::lines::{push, Words};
use super::Number;
use crate::error::ReadError;
use crate::util::{id, idx, MAX_EDGES};

/// A weighted bipartite graph as read: the two side sizes and the edges
/// `(u, v, w)` (left `u`, right `v`), in input order; no pair appears
/// twice.
///
/// Hand it to a graph constructor, such as
/// `bimatch::assignment::WeightedBipartite::from_edges(g.left_count, g.right_count, edges)`.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct WeightedBipartiteEdges<W> {
    /// The number of left vertices (rows), `L`.
    pub left_count: usize,
    /// The number of right vertices (columns), `R`.
    pub right_count: usize,
    /// The edges `(u, v, w)`, 0-based, in input order.
    pub edges: Vec<(u32, u32, W)>,
}

impl<W> WeightedBipartiteEdges<W> {
    /// The number of left vertices (rows), `L`.
    pub fn left_count(&self) -> usize {
        self.left_count
    }

    /// The number of right vertices (columns), `R`.
    pub fn right_count(&self) -> usize {
        self.right_count
    }

    /// The edges `(u, v, w)`, 0-based, in input order.
    pub fn edges(&self) -> &[(u32, u32, W)] {
        &self.edges
    }
}

/// Reads a weighted bipartite graph: `L R M`, then `M` entries `u v w`
/// with a 0-based left vertex (row) `u < L`, a right vertex (column)
/// `v < R` and a weight `w` of type `W` (see [`Number`]). A pair `(u, v)`
/// may be given once: an entry repeating one is an error, since the two
/// weights would contradict each other.
///
/// ```text
/// 3 2 3
/// 0 0 3
/// 0 1 1
/// 1 0 2.5
/// ```
///
/// The numbers are separated by any white space (one entry a line is the
/// usual layout; a line break may fall between any two numbers); a leading
/// UTF-8 byte-order mark is skipped; lines may end in LF or CRLF.
///
/// # Complexity
///
/// O(size of the input + M log M) time (the check for repeated pairs
/// sorts them); `8 + size_of::<W>()` bytes per entry, plus 16 while
/// reading (up to twice that while the lists grow). Nothing is allocated
/// from the header's counts.
///
/// # Errors
///
/// - [`ReadError::Io`] if reading fails, [`ReadError::LineTooLong`] for a
///   line longer than [`MAX_LINE_BYTES`](super::MAX_LINE_BYTES);
/// - [`ReadError::BadHeader`] for an input without a word,
///   [`ReadError::MissingField`] if it ends inside the header or an entry;
/// - [`ReadError::BadField`] for a word that is not a count, a vertex or a
///   `W` (out of its range, or NaN);
/// - [`ReadError::IndexOutOfRange`] for `u >= L` or `v >= R`;
/// - [`ReadError::MissingEntries`] if fewer than `M` entries follow,
///   [`ReadError::ExtraField`] or [`ReadError::ExtraEntries`] for a word
///   after the last one;
/// - [`ReadError::DuplicateEntry`] for a pair given twice, naming both
///   lines;
/// - [`ReadError::TooManyEdges`] past `u32::MAX` entries,
///   [`ReadError::OutOfMemory`] if they cannot be stored;
/// - [`ReadError::VerticesBeyondInput`] if `L + R` exceeds
///   [`FREE_VERTICES`](super::FREE_VERTICES) plus
///   [`VERTICES_PER_BYTE`](super::VERTICES_PER_BYTE) per byte of input.
///
/// ```
/// use bimatch::io::read_weighted_edge_list;
///
/// let g = read_weighted_edge_list::<f64, _>("3 2 3\n0 0 3\n0 1 1\n1 0 2.5\n".as_bytes())?;
/// assert_eq!((g.left_count(), g.right_count()), (3, 2));
/// assert_eq!(g.edges(), [(0, 0, 3.0), (0, 1, 1.0), (1, 0, 2.5)]);
///
/// let err = read_weighted_edge_list::<i64, _>("2 2 2\n0 0 1\n0 0 2\n".as_bytes()).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "line 3, field 1: the pair (0, 0) was already given on line 2"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_weighted_edge_list<W: Number, R: Read>(
    reader: R,
) -> Result<WeightedBipartiteEdges<W>, ReadError> {
    let mut words = Words::new(reader);
    let first = words.first("the header \"L R M\"")?;
    let header_line = first.line;
    let left = first.count("a left vertex count")?;
    let right = words
        .expect("a right vertex count")?
        .count("a right vertex count")?;
    let m = words.expect("an entry count")?.count("an entry count")?;
    let mut edges: Vec<(u32, u32, W)> = Vec::new();
    // Where each entry starts: its line and the field of its `u`.
    let mut starts: Vec<(usize, usize)> = Vec::new();
    let mut last = header_line;
    for found in 0..m {
        let word = words.entry(m, found)?;
        let start = (word.line, word.field);
        let u = word.index("a left vertex id", left)?;
        let v = words
            .expect("a right vertex id")?
            .index("a right vertex id", right)?;
        let word = words.expect("a weight")?;
        let w = word.number::<W>("a weight")?;
        last = word.line;
        if found == MAX_EDGES {
            return Err(ReadError::TooManyEdges {
                line: start.0,
                count: found + 1,
                limit: MAX_EDGES,
            });
        }
        push(&mut edges, (u, v, w), last, "the entries read")?;
        push(&mut starts, start, last, "the entries read")?;
    }
    words.end(m, last)?;
    words.lines.check_vertices(header_line, left, right)?;
    if let Some((first, again)) = first_repeat(&edges, last)? {
        let (line, field) = starts[again];
        return Err(ReadError::DuplicateEntry {
            line,
            field,
            row: idx(edges[again].0),
            col: idx(edges[again].1),
            first_line: starts[first].0,
        });
    }
    Ok(WeightedBipartiteEdges {
        left_count: left,
        right_count: right,
        edges,
    })
}

/// The first entry (in input order) whose pair an earlier one has, with
/// that earlier one's position: `(earlier, repeat)`.
fn first_repeat<W>(
    edges: &[(u32, u32, W)],
    line: usize,
) -> Result<Option<(usize, usize)>, ReadError> {
    let mut order: Vec<u32> = Vec::new();
    order
        .try_reserve_exact(edges.len())
        .map_err(|_| ReadError::OutOfMemory {
            line,
            what: "the check for repeated pairs",
            bytes: edges.len().saturating_mul(4),
        })?;
    // At most `MAX_EDGES` entries: every position fits a `u32`.
    order.extend((0..edges.len()).map(id));
    let key = |k: u32| {
        let (u, v, _) = edges[idx(k)];
        (u, v, k)
    };
    order.sort_unstable_by_key(|&k| key(k));
    let mut best: Option<(usize, usize)> = None;
    for pair in order.windows(2) {
        let (a, b) = (key(pair[0]), key(pair[1]));
        if (a.0, a.1) == (b.0, b.1) && best.map_or(true, |(_, r)| idx(b.2) < r) {
            // Sorted by position within a pair, so `a` comes first in the
            // input; the earliest repeat of a pair is the second of its run.
            best = Some((idx(a.2), idx(b.2)));
        }
    }
    Ok(best)
}
