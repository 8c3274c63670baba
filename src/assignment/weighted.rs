//! [`WeightedBipartite`]: the sparse cost type, a bipartite graph with a
//! cost on every edge, built by the crate's one CSR builder.

use super::cost::{check_side, Class, Cost};
use super::error::{from_core, Error};
use crate::csr::{collect_weighted, sorted_rows_with, try_vec};
use crate::util::{id, idx, MAX_EDGES};
use crate::{Bipartite, IntoWeightedEdge, Side};

/// A bipartite graph with a cost on every edge: rows (left vertices,
/// [`Side::Left`]), columns (right vertices, [`Side::Right`]), and
/// `(row, col, cost)` entries. Absent edges are forbidden pairs.
///
/// ```
/// use bimatch::assignment::WeightedBipartite;
///
/// let g = WeightedBipartite::from_edges(2, 3, [(0, 0, 5), (0, 2, 1), (1, 1, 4)])?;
/// assert_eq!((g.rows(), g.cols(), g.edge_count()), (2, 3, 3));
/// assert_eq!(g.row_entries(0).collect::<Vec<_>>(), [(0, 5), (2, 1)]);
/// assert_eq!(g.entries().len(), 3);
///
/// // Indices of any integer type, by value or by reference.
/// let edges: Vec<(u32, u32, f64)> = vec![(0, 1, 2.5), (1, 0, 0.5)];
/// let h = WeightedBipartite::from_edges(2, 2, &edges)?;
/// assert_eq!(h.entries().collect::<Vec<_>>(), [(0, 1, 2.5), (1, 0, 0.5)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct WeightedBipartite<C> {
    pub(crate) cols: usize,
    pub(crate) offsets: Vec<u32>,
    pub(crate) adj: Vec<u32>,
    pub(crate) weights: Vec<C>,
}

/// The graph with no rows, no columns and no entries.
impl<C> Default for WeightedBipartite<C> {
    fn default() -> Self {
        WeightedBipartite {
            cols: 0,
            offsets: vec![0],
            adj: Vec::new(),
            weights: Vec::new(),
        }
    }
}

/// The largest number of entries (offsets are `u32`).
const MAX_ENTRIES: usize = MAX_EDGES;

impl<C: Cost> WeightedBipartite<C> {
    /// Builds a graph from `(row, col, cost)` triples, by value or by
    /// reference, with indices of any [`VertexIndex`](crate::VertexIndex)
    /// type (`usize`, `u32`, `i32`, …); each row's entries are kept sorted
    /// by column.
    ///
    /// # Complexity
    ///
    /// O(rows + cols + E) time (two counting sorts of the crate's CSR
    /// builder); at the peak about 37 bytes per entry for 8-byte costs
    /// (the edge list with its costs and positions, 20, and the two sorts'
    /// targets and positions, 16; measured 36.8 on 2·10^6 entries), up to
    /// 20 more when the iterator does not tell its length and the list
    /// grows by doubling; all reserved fallibly. The graph keeps 12 bytes
    /// per entry.
    ///
    /// # Errors
    ///
    /// - [`Error::TooLarge`] if a side does not fit `u32` ids;
    /// - [`Error::EndpointOutOfRange`] or [`Error::NegativeEndpoint`] for
    ///   the first entry outside the matrix, naming its position;
    /// - [`Error::BadCost`] for a cost that is NaN or infinite (leave an
    ///   edge out to forbid it);
    /// - [`Error::TooManyEntries`] beyond `u32::MAX` entries;
    /// - [`Error::DuplicateEdge`] for a pair given twice, naming both
    ///   positions (the earliest repeat);
    /// - [`Error::OutOfMemory`] if the arrays cannot be reserved.
    pub fn from_edges<I, E>(rows: usize, cols: usize, edges: I) -> Result<Self, Error>
    where
        I: IntoIterator<Item = E>,
        E: IntoWeightedEdge<C>,
    {
        check_side(Side::Left, rows)?;
        check_side(Side::Right, cols)?;
        let (pairs, costs) =
            collect_weighted([rows, cols], MAX_ENTRIES, edges).map_err(Error::from_fault)?;
        for (&(i, j), &c) in pairs.iter().zip(&costs) {
            let reason = match c.class() {
                Class::Finite(_) => continue,
                Class::Nan => "the cost is NaN",
                _ => "the cost is infinite (leave the edge out to forbid the pair)",
            };
            return Err(Error::BadCost {
                row: idx(i),
                col: idx(j),
                reason,
            });
        }
        let mut positions = try_vec(pairs.len(), "assignment: the positions of the entries")?;
        positions.extend((0..pairs.len()).map(id));
        // Repeats are folded into their first occurrence (the build is
        // stable); the earliest second occurrence is the one reported.
        let mut repeat: Option<(u32, u32)> = None;
        let (offsets, adj, at) =
            sorted_rows_with(rows, cols, &pairs, &positions, |kept, other| {
                if repeat.map_or(true, |(second, _)| other < second) {
                    repeat = Some((other, *kept));
                }
            })?;
        drop(positions);
        if let Some((second, first)) = repeat {
            let (row, col) = pairs[idx(first)];
            return Err(Error::DuplicateEdge {
                position: idx(second),
                first: idx(first),
                row: idx(row),
                col: idx(col),
            });
        }
        drop(pairs);
        let mut weights = try_vec(at.len(), "assignment: the costs of the entries")?;
        weights.extend(at.iter().map(|&k| costs[idx(k)]));
        Ok(WeightedBipartite {
            cols,
            offsets,
            adj,
            weights,
        })
    }

    /// The number of rows (left vertices).
    pub fn rows(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of columns (right vertices).
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number of entries (edges).
    pub fn edge_count(&self) -> usize {
        self.adj.len()
    }

    /// The `(col, cost)` entries of `row`, by ascending column.
    ///
    /// # Panics
    ///
    /// If `row` is out of range (a programmer error: rows are
    /// `0..rows()`).
    pub fn row_entries(&self, row: usize) -> RowEntries<'_, C> {
        assert!(row < self.rows(), "row {row} is out of range");
        let r = idx(self.offsets[row])..idx(self.offsets[row + 1]);
        RowEntries {
            cols: self.adj[r.clone()].iter(),
            costs: self.weights[r].iter(),
        }
    }

    /// Every `(row, col, cost)` entry, by ascending row, then column.
    pub fn entries(&self) -> Entries<'_, C> {
        Entries {
            graph: self,
            row: 0,
            next: 0,
        }
    }

    /// The unweighted graph of the entries.
    ///
    /// # Errors
    ///
    /// [`Error::Graph`] if the graph's arrays cannot be reserved (the
    /// sizes were checked at construction).
    pub fn pattern(&self) -> Result<Bipartite, Error> {
        Bipartite::from_edges(
            self.rows(),
            self.cols,
            self.entries().map(|(i, j, _)| (i, j)),
        )
        .map_err(from_core)
    }
}

/// The `(col, cost)` entries of one row of a [`WeightedBipartite`], by
/// ascending column: see [`WeightedBipartite::row_entries`].
#[derive(Debug, Clone)]
pub struct RowEntries<'a, C> {
    cols: std::slice::Iter<'a, u32>,
    costs: std::slice::Iter<'a, C>,
}

impl<C: Copy> Iterator for RowEntries<'_, C> {
    type Item = (usize, C);

    fn next(&mut self) -> Option<(usize, C)> {
        Some((idx(*self.cols.next()?), *self.costs.next()?))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.cols.size_hint()
    }
}

impl<C: Copy> DoubleEndedIterator for RowEntries<'_, C> {
    fn next_back(&mut self) -> Option<(usize, C)> {
        Some((idx(*self.cols.next_back()?), *self.costs.next_back()?))
    }
}

impl<C: Copy> ExactSizeIterator for RowEntries<'_, C> {}
impl<C: Copy> std::iter::FusedIterator for RowEntries<'_, C> {}

/// Every `(row, col, cost)` entry of a [`WeightedBipartite`], by ascending
/// row, then column: see [`WeightedBipartite::entries`].
#[derive(Debug, Clone)]
pub struct Entries<'a, C> {
    graph: &'a WeightedBipartite<C>,
    /// The row of entry `next` (or past it, over empty rows).
    row: usize,
    /// The position of the next entry.
    next: usize,
}

impl<C: Copy> Iterator for Entries<'_, C> {
    type Item = (usize, usize, C);

    fn next(&mut self) -> Option<(usize, usize, C)> {
        let g = self.graph;
        let j = *g.adj.get(self.next)?;
        while idx(g.offsets[self.row + 1]) <= self.next {
            self.row += 1;
        }
        let c = g.weights[self.next];
        self.next += 1;
        Some((self.row, idx(j), c))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.graph.adj.len() - self.next;
        (left, Some(left))
    }
}

impl<C: Copy> ExactSizeIterator for Entries<'_, C> {}
impl<C: Copy> std::iter::FusedIterator for Entries<'_, C> {}

impl<'a, C: Copy> IntoIterator for &'a WeightedBipartite<C> {
    type Item = (usize, usize, C);
    type IntoIter = Entries<'a, C>;

    fn into_iter(self) -> Entries<'a, C> {
        Entries {
            graph: self,
            row: 0,
            next: 0,
        }
    }
}
