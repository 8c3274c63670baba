//! [`WeightedError`]: what can go wrong in weighted matching on general
//! graphs.

use crate::csr::OutOfMemory;
use crate::general::error::Error;
use crate::general::tutte_berge::TutteBerge;

/// An error from building a [`WeightedGraph`](super::WeightedGraph),
/// solving a weighted matching problem on it, or checking a solution's
/// certificate.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum WeightedError {
    /// The edge list is malformed (a vertex out of range or negative, too
    /// many vertices or edges), or the graph cannot be stored: the general
    /// wing's error, as [`Graph::from_edges`](crate::general::Graph::from_edges)
    /// gives it.
    #[error(transparent)]
    Graph(#[from] Error),

    /// A weight is NaN or infinite.
    #[error("edge {position} ({u}, {v}): the weight {reason}")]
    #[non_exhaustive]
    BadWeight {
        /// 0-based position of the edge in the input.
        position: usize,
        /// One end.
        u: usize,
        /// The other end.
        v: usize,
        /// What is wrong with it.
        reason: &'static str,
    },

    /// Integer weights so large that the exact arithmetic could overflow.
    #[error(
        "integer weights up to {max_abs} in magnitude on {vertices} vertices could overflow: \
         (vertices + 2) * max |weight| must be at most {limit}"
    )]
    #[non_exhaustive]
    Overflow {
        /// The largest magnitude among the weights.
        max_abs: u128,
        /// The vertex count.
        vertices: usize,
        /// The largest supported value of (vertices + 2) * max |weight|.
        limit: u128,
    },

    /// Float weights so large that sums of them could overflow `f64`.
    #[error(
        "float weights up to {max_abs:e} in magnitude on {vertices} vertices could overflow: \
         (vertices + 2) * max |weight| must be at most {limit:e}"
    )]
    #[non_exhaustive]
    FloatRange {
        /// The largest magnitude among the weights.
        max_abs: f64,
        /// The vertex count.
        vertices: usize,
        /// The largest supported value of (vertices + 2) * max |weight|.
        limit: f64,
    },

    /// The duals left the range of exact `i64` arithmetic while solving
    /// (not expected within the documented weight bound; the answer is
    /// refused rather than risked).
    #[error("the duals outgrew exact 64-bit arithmetic; scale the weights down")]
    DualRange,

    /// No perfect matching exists: by Tutte's theorem, taking away the
    /// barrier `A` leaves more odd components than `A` has vertices.
    #[error(
        "no perfect matching: taking away {barrier} barrier vertices leaves {odd} odd \
         components, so at most {maximum} of the {pairs} pairs a perfect matching needs exist",
        barrier = certificate.barrier().len(),
        odd = certificate.odd_components().len(),
        pairs = vertices / 2 + vertices % 2
    )]
    #[non_exhaustive]
    NoPerfectMatching {
        /// The proof: the barrier and the odd components of `G − A`
        /// (check it with [`TutteBerge::verify`] against a maximum matching
        /// of [`WeightedGraph::graph`](super::WeightedGraph::graph)).
        certificate: Box<TutteBerge>,
        /// The size of a maximum matching.
        maximum: usize,
        /// The vertex count.
        vertices: usize,
    },

    /// A solution or certificate was made for a graph of another size.
    #[error("made for {found} vertices, but the graph has {expected}")]
    #[non_exhaustive]
    SizeMismatch {
        /// The graph's vertex count.
        expected: usize,
        /// The vertex count of the solution.
        found: usize,
    },

    /// A certificate does not prove its matching optimal.
    #[error("the certificate does not hold: {reason}")]
    #[non_exhaustive]
    NotCertified {
        /// Which condition fails, and where.
        reason: String,
    },

    /// The memory the solver needs could not be reserved.
    #[error("cannot reserve {bytes} bytes for {what}")]
    #[non_exhaustive]
    OutOfMemory {
        /// What the memory was for.
        what: &'static str,
        /// The bytes asked for.
        bytes: usize,
    },
}

impl From<OutOfMemory> for WeightedError {
    fn from(e: OutOfMemory) -> Self {
        WeightedError::OutOfMemory {
            what: e.what,
            bytes: e.bytes,
        }
    }
}
