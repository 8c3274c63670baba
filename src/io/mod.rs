//! Readers for graphs and matrices stored as text:
//!
//! | format | reader | returns |
//! | --- | --- | --- |
//! | Matrix Market coordinate (`%%MatrixMarket matrix coordinate …`) | [`read_matrix_market`], [`read_matrix_market_with`] | [`Bipartite`](crate::Bipartite) |
//! | bipartite edge list: `L R M`, then `M` lines `u v` | [`read_edge_list`] | [`Bipartite`](crate::Bipartite) |
//! | Library Checker "general matching": `N M`, then `M` edges `u v` | [`read_undirected_edges`] | [`UndirectedEdges`] |
//! | Library Checker "general weighted matching": `N M`, then `M` edges `u v w` | [`read_weighted_undirected_edges`] | [`WeightedUndirectedEdges`] |
//! | dense matrix: `rows cols`, then the entries row by row | [`read_dense_matrix`] | [`DenseMatrix`] |
//! | weighted bipartite edge list: `L R M`, then `M` entries `u v w` | [`read_weighted_edge_list`] | [`WeightedBipartiteEdges`] |
//!
//! Every reader reads from any [`std::io::Read`] (a file, standard input,
//! or a byte slice such as `text.as_bytes()`) and reports bad input as a
//! [`ReadError`](crate::ReadError) naming the line (1-based) and, where it applies, the
//! field (the 1-based position of the whitespace-separated word on the
//! line). The last four return plain data, for the constructors of the
//! crate's other parts (`bimatch::general::Graph::from_edges`,
//! `bimatch::assignment::CostMatrix::new`,
//! `bimatch::assignment::WeightedBipartite::from_edges`) or of the
//! caller's own; weights and costs are read as any [`Number`] type.
//!
//! The two bipartite readers are line-based: a header line, then one entry
//! a line. The Library Checker and assignment formats are read as a stream
//! of numbers, so that a line break may fall between any two of them (one
//! edge or one matrix row a line is the usual layout).
//!
//! # Hostile input
//!
//! The readers are meant for untrusted files, and keep their memory in
//! proportion to the input actually read, whatever its header claims:
//!
//! - Nothing is allocated from a count read in a header. The entries are
//!   collected as they are read (8 bytes each for a bipartite edge list,
//!   16 for an off-diagonal entry of a symmetric matrix, 8 plus the weight
//!   for a weighted list), with memory reserved fallibly
//!   ([`ReadError::OutOfMemory`](crate::ReadError::OutOfMemory)), and a graph is built only once the
//!   whole input has been read and checked.
//! - A graph needs an offset for every vertex however few entries there
//!   are (4 bytes kept, 8 at the peak of building), so the vertices
//!   declared (rows plus columns, `L + R`, or `N`) may be at most
//!   [`FREE_VERTICES`] (2^20) plus [`VERTICES_PER_BYTE`] (4) per byte of
//!   input read; past that the reader returns
//!   [`ReadError::VerticesBeyondInput`](crate::ReadError::VerticesBeyondInput) instead of its result. A
//!   three-line file declaring 4·10^9 rows thus fails as soon as it ends,
//!   having allocated only its line buffers, and an accepted input of `n`
//!   bytes needs at most 8 MiB + 32·`n` bytes for offsets. An entry takes
//!   at least 4 bytes, so every input with up to 16 vertices per entry, or
//!   up to 2^20 in all, is accepted. A caller who trusts a file declaring
//!   more vertices than that can read its entries and call
//!   [`Bipartite::from_edges`](crate::Bipartite::from_edges) (or the other parts' constructors), which
//!   have no such bound.
//! - A line may be at most [`MAX_LINE_BYTES`] (1 MiB) long, not counting
//!   its line ending; a longer one is [`ReadError::LineTooLong`](crate::ReadError::LineTooLong), read no
//!   further than the limit.
//! - Numbers too large for the crate's `u32` ids, negative numbers, words
//!   that are not UTF-8 or hold NUL bytes are [`ReadError::BadField`](crate::ReadError::BadField)
//!   naming the line and field. Lines may end in LF or CRLF, mixed, and
//!   the last line needs no line ending. A UTF-8 byte-order mark at the
//!   start of the input is skipped.
//!
//! Every reader is fuzzed (see `fuzz/` in the repository) and tested on
//! each of these inputs, with an allocation counter, in
//! `tests/memory/hostile_io.rs` and `tests/memory/io_readers.rs`.

mod dense_matrix;
mod edge_list;
mod lines;
mod matrix_market;
mod number;
mod undirected;
mod weighted_edge_list;
mod weighted_undirected;

pub use dense_matrix::{read_dense_matrix, DenseMatrix};
pub use edge_list::read_edge_list;
pub use matrix_market::{read_matrix_market, read_matrix_market_with, MatrixMarketOptions};
pub use number::Number;
pub use undirected::{read_undirected_edges, UndirectedEdges};
pub use weighted_edge_list::{read_weighted_edge_list, WeightedBipartiteEdges};
pub use weighted_undirected::{read_weighted_undirected_edges, WeightedUndirectedEdges};

use crate::text;

/// The longest line the readers accept, in bytes, not counting its line
/// ending (`\n` or `\r\n`): 1 MiB.
pub const MAX_LINE_BYTES: usize = text::MAX_LINE_BYTES;

/// Vertices (rows plus columns, `L + R`, or `N`) a header may declare
/// whatever the size of the input: 2^20.
pub const FREE_VERTICES: usize = 1 << 20;

/// Further vertices a header may declare per byte of input read: 4.
pub const VERTICES_PER_BYTE: usize = 4;
