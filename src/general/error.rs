//! [`Error`]: what can go wrong in the general-graph wing.

use crate::csr::{EdgeFault, OutOfMemory};

/// An error from building a general graph or matching, or from a function
/// that refuses a matching that is not maximum.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The vertex count does not fit the `u32` ids.
    #[error("{count} vertices is more than the limit of {limit}")]
    #[non_exhaustive]
    TooManyVertices {
        /// The vertex count asked for.
        count: usize,
        /// The largest vertex count allowed.
        limit: usize,
    },
    /// More edges than the `u32` offsets can hold (each edge is stored in
    /// both directions).
    #[error("{count} edges is more than the limit of {limit}")]
    #[non_exhaustive]
    TooManyEdges {
        /// The number of edges seen when the limit was passed.
        count: usize,
        /// The largest edge count allowed.
        limit: usize,
    },
    /// An edge or pair names a vertex outside `0..bound`.
    #[error("edge {position}: vertex {value} is out of range 0..{bound}")]
    #[non_exhaustive]
    VertexOutOfRange {
        /// 0-based position of the edge or pair in the input.
        position: usize,
        /// The offending vertex id.
        value: usize,
        /// The vertex count.
        bound: usize,
    },
    /// An edge or pair names a negative vertex id.
    #[error("edge {position}: vertex {value} is negative")]
    #[non_exhaustive]
    NegativeVertex {
        /// 0-based position of the edge or pair in the input.
        position: usize,
        /// The offending vertex id.
        value: i64,
    },
    /// The memory a graph, a board's graph or a matching needs could not
    /// be reserved.
    #[error("cannot reserve {bytes} bytes for {what}")]
    #[non_exhaustive]
    OutOfMemory {
        /// What the memory was for.
        what: &'static str,
        /// The bytes asked for.
        bytes: usize,
    },
    /// A matching or certificate was made for a graph of another size.
    #[error("made for {found} vertices, but the graph has {expected}")]
    #[non_exhaustive]
    SizeMismatch {
        /// The graph's vertex count.
        expected: usize,
        /// The vertex count of the matching or certificate.
        found: usize,
    },
    /// A matched pair is not an edge of the graph.
    #[error("the pair ({u}, {v}) is not an edge of the graph")]
    #[non_exhaustive]
    NotAnEdge {
        /// One endpoint.
        u: usize,
        /// The other endpoint.
        v: usize,
    },
    /// A vertex appears in two pairs.
    #[error("pair {position}: vertex {vertex} is already matched")]
    #[non_exhaustive]
    MatchedTwice {
        /// 0-based position of the second pair.
        position: usize,
        /// The vertex.
        vertex: usize,
    },
    /// The matching is not maximum: `path` is an augmenting path, a free
    /// vertex, then alternately an unmatched and a matched edge, ending at
    /// another free vertex.
    #[error("the matching is not maximum: augmenting path of {} vertices", path.len())]
    #[non_exhaustive]
    NotMaximum {
        /// The augmenting path, as vertex ids.
        path: Vec<usize>,
    },
    /// A Tutte–Berge certificate does not prove the matching maximum.
    #[error("the certificate does not prove it: {reason}")]
    #[non_exhaustive]
    NotCertified {
        /// What failed, e.g. the matching's size against the bound.
        reason: String,
    },
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
    /// The error for a bad edge (or pair) of a list of vertex pairs.
    pub(crate) fn from_fault(fault: EdgeFault) -> Self {
        match fault {
            EdgeFault::OutOfRange {
                position,
                value,
                bound,
                ..
            } => Error::VertexOutOfRange {
                position,
                value,
                bound,
            },
            EdgeFault::Negative {
                position, value, ..
            } => Error::NegativeVertex { position, value },
            EdgeFault::TooMany { count, limit } => Error::TooManyEdges { count, limit },
            EdgeFault::OutOfMemory(e) => e.into(),
        }
    }
}
