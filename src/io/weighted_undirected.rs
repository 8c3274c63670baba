//! The Library Checker format of weighted undirected graphs ("general
//! weighted matching").

use std::io::Read;

use super::lines::{push, Words};
use super::Number;
use crate::error::ReadError;
use crate::util::MAX_UNDIRECTED_EDGES;

/// A weighted undirected graph as read: the vertex count and the edges
/// `(u, v, w)`, in input order, as they were written.
///
/// Nothing is merged or dropped: an edge given twice appears twice (with
/// both weights), and a self-loop `(v, v, w)` is kept; what they mean is
/// for the graph constructor the edges are handed to.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct WeightedUndirectedEdges<W> {
    /// The number of vertices, `N`; every endpoint is below it.
    pub vertex_count: usize,
    /// The edges `(u, v, w)`, 0-based, in input order.
    pub edges: Vec<(u32, u32, W)>,
}

impl<W> WeightedUndirectedEdges<W> {
    /// The number of vertices, `N`.
    pub fn vertex_count(&self) -> usize {
        self.vertex_count
    }

    /// The edges `(u, v, w)`, 0-based, in input order.
    pub fn edges(&self) -> &[(u32, u32, W)] {
        &self.edges
    }
}

/// Reads a weighted undirected graph in the Library Checker format of the
/// "general weighted matching" problem: `N M`, then `M` edges `u v w` with
/// 0-based vertices `u, v < N` and a weight `w` of type `W` (see
/// [`Number`]).
///
/// ```text
/// 4 3
/// 0 1 5
/// 1 2 -2
/// 2 3 7
/// ```
///
/// The numbers are separated by any white space (a line break may fall
/// between any two); self-loops and repeated edges are kept as read (see
/// [`WeightedUndirectedEdges`]); a leading UTF-8 byte-order mark is
/// skipped; lines may end in LF or CRLF.
///
/// # Complexity
///
/// O(size of the input) time; `8 + size_of::<W>()` bytes per edge (up to
/// twice that while the list grows). Nothing is allocated from the
/// header's counts.
///
/// # Errors
///
/// As [`read_undirected_edges`](super::read_undirected_edges), and
/// [`ReadError::BadField`] for a weight that is not a `W` (out of its
/// range, or NaN).
///
/// ```
/// use bimatch::io::read_weighted_undirected_edges;
///
/// let g = read_weighted_undirected_edges::<i64, _>("4 3\n0 1 5\n1 2 -2\n2 3 7\n".as_bytes())?;
/// assert_eq!(g.vertex_count(), 4);
/// assert_eq!(g.edges(), [(0, 1, 5), (1, 2, -2), (2, 3, 7)]);
///
/// let err = read_weighted_undirected_edges::<u32, _>("2 1\n0 1 -5\n".as_bytes()).unwrap_err();
/// assert_eq!(err.to_string(), "line 2, field 3: expected a weight, found \"-5\"");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_weighted_undirected_edges<W: Number, R: Read>(
    reader: R,
) -> Result<WeightedUndirectedEdges<W>, ReadError> {
    let mut words = Words::new(reader);
    let first = words.first("the header \"N M\"")?;
    let header_line = first.line;
    let n = first.count("a vertex count")?;
    let m = words.expect("an edge count")?.count("an edge count")?;
    let mut edges: Vec<(u32, u32, W)> = Vec::new();
    let mut last = header_line;
    for found in 0..m {
        let u = words.entry(m, found)?.index("a vertex", n)?;
        let v = words.expect("a vertex")?.index("a vertex", n)?;
        let word = words.expect("a weight")?;
        let w = word.number::<W>("a weight")?;
        last = word.line;
        if found == MAX_UNDIRECTED_EDGES {
            return Err(ReadError::TooManyEdges {
                line: last,
                count: found + 1,
                limit: MAX_UNDIRECTED_EDGES,
            });
        }
        push(&mut edges, (u, v, w), last, "the edges read")?;
    }
    words.end(m, last)?;
    words.lines.check_vertices(header_line, n, 0)?;
    Ok(WeightedUndirectedEdges {
        vertex_count: n,
        edges,
    })
}
