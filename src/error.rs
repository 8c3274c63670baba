//! The core's errors, one type per domain: [`GraphError`] (building a
//! graph), [`MatchingError`] (a matching or cover against a graph) and
//! [`ReadError`] (reading a file). The wings keep theirs in their own
//! rooms, and the umbrella [`Error`](crate::Error) at the crate's front
//! door holds any of them.

use crate::ids::Side;

/// Building a graph failed: a bad edge, a size past the crate's `u32`
/// limits, memory that cannot be had, or an undirected graph that is not
/// bipartite.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GraphError {
    /// An edge names a vertex that does not exist.
    #[error(
        "edge {position}: {side} endpoint {value} is out of range \
         (the graph has {bound} {side} vertices, ids 0..{bound})"
    )]
    #[non_exhaustive]
    EndpointOutOfRange {
        /// 0-based position of the edge in the input.
        position: usize,
        /// Which endpoint is wrong.
        side: Side,
        /// The endpoint given.
        value: usize,
        /// The number of vertices on that side.
        bound: usize,
    },

    /// An edge of an undirected graph names a vertex that does not exist.
    #[error(
        "edge {position}: endpoint {value} is out of range \
         (the graph has {bound} vertices, ids 0..{bound})"
    )]
    #[non_exhaustive]
    VertexOutOfRange {
        /// 0-based position of the edge in the input.
        position: usize,
        /// The endpoint given.
        value: usize,
        /// The number of vertices.
        bound: usize,
    },

    /// An edge names a vertex by a negative number.
    #[error("edge {position}: {side} endpoint {value} is negative")]
    #[non_exhaustive]
    NegativeEndpoint {
        /// 0-based position of the edge in the input.
        position: usize,
        /// Which endpoint is wrong.
        side: Side,
        /// The endpoint given.
        value: i64,
    },

    /// An edge of an undirected graph names a vertex by a negative number.
    #[error("edge {position}: endpoint {value} is negative")]
    #[non_exhaustive]
    NegativeVertex {
        /// 0-based position of the edge in the input.
        position: usize,
        /// The endpoint given.
        value: i64,
    },

    /// A vertex count does not fit the crate's `u32` ids.
    #[error("{count} vertices is too many: at most {limit} are supported")]
    #[non_exhaustive]
    TooManyVertices {
        /// The count asked for.
        count: usize,
        /// The largest supported count.
        limit: usize,
    },

    /// The edge count does not fit the crate's `u32` offsets.
    #[error("{count} edges is too many: at most {limit} are supported")]
    #[non_exhaustive]
    TooManyEdges {
        /// The number of edges seen (at least).
        count: usize,
        /// The largest supported count.
        limit: usize,
    },

    /// The memory a graph needs could not be reserved.
    #[error("cannot reserve {bytes} bytes for {what}")]
    #[non_exhaustive]
    OutOfMemory {
        /// What the memory was for.
        what: &'static str,
        /// The bytes asked for.
        bytes: usize,
    },

    /// An undirected graph has an edge from a vertex to itself.
    #[error("edge {position}: self-loop at vertex {vertex}, so the graph is not bipartite")]
    #[non_exhaustive]
    SelfLoop {
        /// 0-based position of the edge in the input.
        position: usize,
        /// The vertex.
        vertex: usize,
    },

    /// An undirected graph has an odd cycle, so it is not bipartite.
    #[error("the graph is not bipartite: odd cycle of length {len} through vertices {cycle:?}", len = cycle.len())]
    #[non_exhaustive]
    OddCycle {
        /// The cycle's vertices in order; the last is adjacent to the first.
        cycle: Vec<usize>,
    },

    /// Compressed sparse row arrays handed to
    /// `Bipartite::from_csr` are inconsistent.
    #[error("compressed sparse row input, {array}[{index}]: {problem}")]
    #[non_exhaustive]
    BadCsr {
        /// The array at fault: `offsets` or `targets`.
        array: &'static str,
        /// 0-based position in that array.
        index: usize,
        /// What is wrong there.
        problem: String,
    },
}

/// A matching, a warm start or a vertex cover does not belong to a graph,
/// or a matching is not maximum.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatchingError {
    /// A pair given to build a matching names a vertex outside the graph.
    #[error(
        "pair {position}: {side} vertex {value} is out of range \
         (the graph has {bound} {side} vertices, ids 0..{bound})"
    )]
    #[non_exhaustive]
    PairOutOfRange {
        /// 0-based position of the pair in the input.
        position: usize,
        /// Which vertex is wrong.
        side: Side,
        /// The vertex given.
        value: usize,
        /// The number of vertices on that side.
        bound: usize,
    },

    /// A matching was built for a graph of another size.
    #[error(
        "the matching is for a graph with {matching_left} left and {matching_right} right vertices, \
         but this graph has {graph_left} and {graph_right}"
    )]
    #[non_exhaustive]
    SizeMismatch {
        /// Left vertices the matching knows.
        matching_left: usize,
        /// Right vertices the matching knows.
        matching_right: usize,
        /// Left vertices of the graph.
        graph_left: usize,
        /// Right vertices of the graph.
        graph_right: usize,
    },

    /// A matched pair is not an edge of the graph.
    #[error(
        "the matching pairs left {left} with right {right}, which is not an edge of the graph"
    )]
    #[non_exhaustive]
    NotAnEdge {
        /// The left vertex of the pair.
        left: usize,
        /// The right vertex of the pair.
        right: usize,
    },

    /// A vertex appears in two pairs of a would-be matching.
    #[error("{side} vertex {vertex} is in two pairs (pairs {first} and {second})")]
    #[non_exhaustive]
    MatchedTwice {
        /// The vertex's side.
        side: Side,
        /// The vertex.
        vertex: usize,
        /// 0-based position of the first pair naming it.
        first: usize,
        /// 0-based position of the second pair naming it.
        second: usize,
    },

    /// The matching is valid but not maximum: an augmenting path exists.
    #[error(
        "the matching is not maximum: an augmenting path of {edges} edges runs from free left {from} \
         to free right {to}",
        edges = path.len().saturating_sub(1),
        from = path.first().copied().unwrap_or_default(),
        to = path.last().copied().unwrap_or_default()
    )]
    #[non_exhaustive]
    NotMaximum {
        /// The augmenting path: left, right, left, …, right ids, starting
        /// at a free left vertex and ending at a free right vertex.
        /// Flipping its edges gives a matching one larger.
        path: Vec<usize>,
    },

    /// A vertex cover names a vertex the graph does not have.
    #[error(
        "the vertex cover names {side} vertex {vertex}, but the graph has {bound} {side} vertices"
    )]
    #[non_exhaustive]
    CoverVertexOutOfRange {
        /// The vertex's side.
        side: Side,
        /// The vertex.
        vertex: usize,
        /// The number of vertices on that side.
        bound: usize,
    },

    /// An edge has neither endpoint in a would-be vertex cover.
    #[error("edge (left {left}, right {right}) has no endpoint in the vertex cover")]
    #[non_exhaustive]
    UncoveredEdge {
        /// The edge's left vertex.
        left: usize,
        /// The edge's right vertex.
        right: usize,
    },

    /// A vertex cover is larger than the matching it should prove maximum.
    #[error(
        "the vertex cover has {cover} vertices but the matching {matching} pairs; \
         only a cover of the matching's size proves it maximum"
    )]
    #[non_exhaustive]
    CoverNotTight {
        /// The number of vertices in the cover.
        cover: usize,
        /// The number of pairs in the matching.
        matching: usize,
    },
}

/// Reading a graph or a matrix from text failed. Positions are 1-based: the line,
/// and the field (the whitespace-separated word) on it.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// The underlying reader failed; the [`std::io::Error`] is the
    /// [`source`](std::error::Error::source).
    #[error("line {line}: read error: {source}")]
    #[non_exhaustive]
    Io {
        /// 1-based line being read.
        line: usize,
        /// What the reader reported.
        #[source]
        source: std::io::Error,
    },

    /// A header or size line is missing or malformed.
    #[error("line {line}: expected {expected}, found {found:?}")]
    #[non_exhaustive]
    BadHeader {
        /// 1-based line number.
        line: usize,
        /// What the line should hold.
        expected: &'static str,
        /// What it holds (shortened if long; empty at the end of the input).
        found: String,
    },

    /// A header asks for a kind of matrix the reader does not support.
    #[error("line {line}, field {field}: {found:?} is not supported (supported: {supported})")]
    #[non_exhaustive]
    Unsupported {
        /// 1-based line number.
        line: usize,
        /// 1-based position of the word on the line.
        field: usize,
        /// The word found.
        found: String,
        /// The supported words.
        supported: &'static str,
    },

    /// A line ends before a field it needs.
    #[error("line {line}, field {field}: expected {expected}, found the end of the line")]
    #[non_exhaustive]
    MissingField {
        /// 1-based line number.
        line: usize,
        /// 1-based position of the missing field.
        field: usize,
        /// What the field should hold.
        expected: &'static str,
    },

    /// A field does not hold what it should.
    #[error("line {line}, field {field}: expected {expected}, found {found:?}")]
    #[non_exhaustive]
    BadField {
        /// 1-based line number.
        line: usize,
        /// 1-based position of the field on the line.
        field: usize,
        /// What the field should hold.
        expected: &'static str,
        /// What it holds (shortened if long).
        found: String,
    },

    /// A line has more fields than its format allows.
    #[error("line {line}, field {field}: unexpected {found:?} after the last field")]
    #[non_exhaustive]
    ExtraField {
        /// 1-based line number.
        line: usize,
        /// 1-based position of the first extra field.
        field: usize,
        /// The extra field (shortened if long).
        found: String,
    },

    /// A row or column index in the input is outside the declared size.
    #[error(
        "line {line}, field {field}: index {value} is out of range {base}..{end}",
        end = base.saturating_add(*count)
    )]
    #[non_exhaustive]
    IndexOutOfRange {
        /// 1-based line number.
        line: usize,
        /// 1-based position of the field on the line.
        field: usize,
        /// The index as written.
        value: usize,
        /// The first valid index: 1 for Matrix Market, 0 for edge lists.
        base: usize,
        /// The declared number of rows or columns.
        count: usize,
    },

    /// The input ends before all the entries its size line announced.
    #[error(
        "line {line}: the input ends after {found} of the {expected} {entries} announced",
        entries = if *expected == 1 { "entry" } else { "entries" }
    )]
    #[non_exhaustive]
    MissingEntries {
        /// 1-based number of the last line read.
        line: usize,
        /// The number of entries announced.
        expected: usize,
        /// The number of entries present.
        found: usize,
    },

    /// The input has more entries than its size line announced.
    #[error("line {line}: more entries than the {expected} announced")]
    #[non_exhaustive]
    ExtraEntries {
        /// 1-based line number of the first extra entry.
        line: usize,
        /// The number of entries announced.
        expected: usize,
    },

    /// The input holds more edges than the crate's `u32` offsets allow.
    #[error("line {line}: {count} edges is too many: at most {limit} are supported")]
    #[non_exhaustive]
    TooManyEdges {
        /// 1-based line number of the entry past the limit.
        line: usize,
        /// The number of edges (at least).
        count: usize,
        /// The largest supported count.
        limit: usize,
    },

    /// A symmetric matrix is declared with different row and column counts.
    #[error("line {line}: a symmetric matrix must be square, but this one is {rows} by {cols}")]
    #[non_exhaustive]
    NotSquare {
        /// 1-based line number of the size line.
        line: usize,
        /// Declared rows.
        rows: usize,
        /// Declared columns.
        cols: usize,
    },

    /// A line of the input is longer than the reader accepts.
    #[error("line {line}: the line is longer than {limit} bytes")]
    #[non_exhaustive]
    LineTooLong {
        /// 1-based line number.
        line: usize,
        /// The longest line accepted, in bytes, not counting the line ending.
        limit: usize,
    },

    /// A header declares more vertices than the size of the input allows.
    #[error(
        "line {line}: {declared} vertices declared, more than the {limit} \
         that an input of {bytes} bytes allows",
        declared = declared(*left, *right)
    )]
    #[non_exhaustive]
    VerticesBeyondInput {
        /// 1-based line number of the header or size line.
        line: usize,
        /// Declared left vertices (rows of a matrix).
        left: usize,
        /// Declared right vertices (columns of a matrix); 0 for a format
        /// with one set of vertices (an undirected graph).
        right: usize,
        /// Bytes of input read.
        bytes: usize,
        /// The most vertices that input allows.
        limit: usize,
    },

    /// Building the graph from the entries read failed.
    #[error(transparent)]
    Graph(#[from] GraphError),

    /// The memory for the entries read could not be reserved.
    #[error("line {line}: cannot reserve {bytes} bytes for {what}")]
    #[non_exhaustive]
    OutOfMemory {
        /// 1-based line number of the entry being stored.
        line: usize,
        /// What the memory was for.
        what: &'static str,
        /// The bytes asked for.
        bytes: usize,
    },

    /// A sparse weighted format gives one pair twice.
    #[error("line {line}, field {field}: the pair ({row}, {col}) was already given on line {first_line}")]
    #[non_exhaustive]
    DuplicateEntry {
        /// 1-based line number of the repeat.
        line: usize,
        /// 1-based position on that line of the repeat's first field.
        field: usize,
        /// The pair's 0-based row (left vertex).
        row: usize,
        /// The pair's 0-based column (right vertex).
        col: usize,
        /// 1-based line number of the pair's first entry.
        first_line: usize,
    },

    /// A dense matrix's header declares more entries than `usize` counts.
    #[error("line {line}: a {rows} x {cols} matrix has more entries than this machine can count")]
    #[non_exhaustive]
    MatrixTooLarge {
        /// 1-based line number of the header.
        line: usize,
        /// Declared rows.
        rows: usize,
        /// Declared columns.
        cols: usize,
    },
}

/// The vertices a header declares, as [`ReadError::VerticesBeyondInput`]
/// writes them: `left + right`, or `left` alone for one set of vertices.
fn declared(left: usize, right: usize) -> String {
    if right == 0 {
        left.to_string()
    } else {
        format!("{left} + {right}")
    }
}
