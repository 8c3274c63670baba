//! The Library Checker format of undirected graphs ("general matching").

use std::io::Read;

use super::lines::{push, Words};
use crate::error::ReadError;
use crate::util::MAX_UNDIRECTED_EDGES;

/// An undirected graph as read: the vertex count and the edges, in input
/// order, as they were written.
///
/// Nothing is merged or dropped: an edge given twice appears twice, and a
/// self-loop `(v, v)` is kept. Hand it to a graph constructor, such as
/// `bimatch::general::Graph::from_edges(g.vertex_count, g.edges)`, which
/// decides what repeats and self-loops mean.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct UndirectedEdges {
    /// The number of vertices, `N`; every endpoint is below it.
    pub vertex_count: usize,
    /// The edges `(u, v)`, 0-based, in input order.
    pub edges: Vec<(u32, u32)>,
}

impl UndirectedEdges {
    /// The number of vertices, `N`.
    pub fn vertex_count(&self) -> usize {
        self.vertex_count
    }

    /// The edges `(u, v)`, 0-based, in input order.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }
}

/// Reads an undirected graph in the Library Checker format of the "general
/// matching" problem: `N M`, then `M` edges `u v` with 0-based vertices
/// `u, v < N`.
///
/// ```text
/// 4 3
/// 0 1
/// 1 2
/// 2 2
/// ```
///
/// - The numbers are separated by any white space: the usual layout is the
///   one above (one edge a line), but a line break may fall between any
///   two numbers. Errors still name the line and field of the word.
/// - Self-loops and repeated edges are kept as read (see
///   [`UndirectedEdges`]).
/// - A leading UTF-8 byte-order mark is skipped; lines may end in LF or
///   CRLF.
///
/// # Complexity
///
/// O(size of the input) time; 8 bytes per edge (up to twice that while the
/// list grows). Nothing is allocated from the header's counts.
///
/// # Errors
///
/// - [`ReadError::Io`] if reading fails, [`ReadError::LineTooLong`] for a
///   line longer than [`MAX_LINE_BYTES`](super::MAX_LINE_BYTES);
/// - [`ReadError::BadHeader`] for an input without a word,
///   [`ReadError::MissingField`] if it ends inside the header or an edge;
/// - [`ReadError::BadField`] for a word that is not a count or a vertex;
/// - [`ReadError::IndexOutOfRange`] for a vertex `>= N`;
/// - [`ReadError::MissingEntries`] if fewer than `M` edges follow,
///   [`ReadError::ExtraField`] or [`ReadError::ExtraEntries`] for a word
///   after the last edge (on its line, or on a later one);
/// - [`ReadError::TooManyEdges`] past `u32::MAX / 2` edges,
///   [`ReadError::OutOfMemory`] if the edges cannot be stored;
/// - [`ReadError::VerticesBeyondInput`] if `N` exceeds
///   [`FREE_VERTICES`](super::FREE_VERTICES) plus
///   [`VERTICES_PER_BYTE`](super::VERTICES_PER_BYTE) per byte of input.
///
/// ```
/// use bimatch::io::read_undirected_edges;
///
/// let g = read_undirected_edges("4 3\n0 1\n1 2\n2 2\n".as_bytes())?;
/// assert_eq!(g.vertex_count(), 4);
/// assert_eq!(g.edges(), [(0, 1), (1, 2), (2, 2)]);
///
/// let err = read_undirected_edges("3 1\n0 3\n".as_bytes()).unwrap_err();
/// assert_eq!(err.to_string(), "line 2, field 2: index 3 is out of range 0..3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_undirected_edges<R: Read>(reader: R) -> Result<UndirectedEdges, ReadError> {
    let mut words = Words::new(reader);
    let first = words.first("the header \"N M\"")?;
    let header_line = first.line;
    let n = first.count("a vertex count")?;
    let m = words.expect("an edge count")?.count("an edge count")?;
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut last = header_line;
    for found in 0..m {
        let u = words.entry(m, found)?.index("a vertex", n)?;
        let word = words.expect("a vertex")?;
        let v = word.index("a vertex", n)?;
        last = word.line;
        if found == MAX_UNDIRECTED_EDGES {
            return Err(ReadError::TooManyEdges {
                line: last,
                count: found + 1,
                limit: MAX_UNDIRECTED_EDGES,
            });
        }
        push(&mut edges, (u, v), last, "the edges read")?;
    }
    words.end(m, last)?;
    words.lines.check_vertices(header_line, n, 0)?;
    Ok(UndirectedEdges {
        vertex_count: n,
        edges,
    })
}
