//! The `L R M` edge-list format of bipartite graphs.

use std::io::Read;

use super::lines::{bad_header, Fields, Lines, INITIAL_ENTRIES};
use crate::error::ReadError;
use crate::graph::Bipartite;
use crate::util::MAX_EDGES;

/// Reads a graph in the `L R M` edge-list format: a header line with the
/// numbers of left vertices, right vertices and edges, then one line `u v`
/// per edge with 0-based ids `u < L`, `v < R`. Blank lines are skipped;
/// duplicate edges are merged.
///
/// ```text
/// 3 2 3
/// 0 0
/// 1 0
/// 2 1
/// ```
///
/// # Complexity
///
/// O(size of the input + L + R) time; 8 bytes per edge while reading, then
/// the graph, whose vertex count is bounded by the size of the input (see
/// [the module's notes on hostile input](super#hostile-input)).
///
/// # Errors
///
/// [`ReadError::Io`], [`ReadError::BadHeader`] (no header line),
/// [`ReadError::MissingField`], [`ReadError::BadField`], [`ReadError::ExtraField`],
/// [`ReadError::IndexOutOfRange`], [`ReadError::MissingEntries`],
/// [`ReadError::ExtraEntries`], [`ReadError::TooManyEdges`], [`ReadError::LineTooLong`]
/// and [`ReadError::VerticesBeyondInput`], as for [`read_matrix_market`](super::read_matrix_market).
///
/// ```
/// use bimatch::io::read_edge_list;
///
/// let g = read_edge_list("3 2 3\n0 0\n1 0\n2 1\n".as_bytes())?;
/// assert_eq!((g.left_count(), g.right_count(), g.edge_count()), (3, 2, 3));
///
/// let err = read_edge_list("3 2 2\n0 0\n".as_bytes()).unwrap_err();
/// assert_eq!(err.to_string(), "line 2: the input ends after 1 of the 2 entries announced");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_edge_list<R: Read>(reader: R) -> Result<Bipartite, ReadError> {
    let mut lines = Lines::new(reader);
    let Some((line, text)) = lines.next_content(None)? else {
        return Err(bad_header(lines.number + 1, "the header \"L R M\"", b""));
    };
    let mut f = Fields::new(text, line);
    let left = f.count("a left vertex count")?;
    let right = f.count("a right vertex count")?;
    let edges = f.count("an edge count")?;
    f.end()?;
    let header_line = line;
    let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(edges.min(INITIAL_ENTRIES));
    for found in 0..edges {
        let Some((line, text)) = lines.next_content(None)? else {
            return Err(ReadError::MissingEntries {
                line: lines.number,
                expected: edges,
                found,
            });
        };
        let mut f = Fields::new(text, line);
        let u = f.index("a left vertex id", 0, left)?;
        let v = f.index("a right vertex id", 0, right)?;
        f.end()?;
        if pairs.len() == MAX_EDGES {
            return Err(ReadError::TooManyEdges {
                line,
                count: pairs.len() + 1,
                limit: MAX_EDGES,
            });
        }
        pairs.push((u, v));
    }
    if let Some((line, _)) = lines.next_content(None)? {
        return Err(ReadError::ExtraEntries {
            line,
            expected: edges,
        });
    }
    lines.check_vertices(header_line, left, right)?;
    Ok(Bipartite::from_checked_pairs(left, right, pairs)?)
}
