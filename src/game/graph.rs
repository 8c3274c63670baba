//! [`GridGraph`]: a board's free cells as a bipartite graph.

use super::Grid;
use crate::bipartition::Vertex;
use crate::csr::{self, OutOfMemory, RowWriter};
use crate::graph::Bipartite;
use crate::ids::{Left, Right};
use crate::structure::NonEssential;
use crate::util::{idx, UNMATCHED};

/// Memory for a board's graph that cannot be had ends the process, as a
/// failed allocation of the standard collections does: [`GridGraph::new`]
/// has no error to return, and its board already holds a byte per cell.
fn or_abort<T>(reserved: Result<T, OutOfMemory>) -> T {
    reserved.unwrap_or_else(|e| {
        let layout = std::alloc::Layout::array::<u8>(e.bytes)
            .unwrap_or_else(|_| std::alloc::Layout::new::<u8>());
        std::alloc::handle_alloc_error(layout)
    })
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
    /// O(cells) time, in two passes over the board, the second without
    /// branches on its contents. 4 bytes per cell for the map, beside the graph: 4
    /// bytes per free cell and 8 per edge, so at most 20 bytes per free
    /// cell (each cell has at most two edges right and down).
    pub fn new(grid: &Grid) -> GridGraph {
        let (rows, cols) = (grid.rows, grid.cols);
        let free = &grid.free;
        // Number each side's free cells in row-major order; count the edges.
        let mut index = or_abort(csr::filled(free.len(), UNMATCHED, "the board's cell map"));
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
        // Each side's rows in row-major order of its cells, every list
        // ascending: up, left, right, down. Without branches on the
        // board's contents: each cell offers all four candidates
        // (`UNMATCHED` for a blocked or missing neighbour) and keeps the
        // real ones, a blocked cell none and no row. Room for one row and
        // three targets past the end, which the last cell may write.
        let mut sides = [left_count, right_count].map(|count| {
            or_abort(RowWriter::new(
                count + 1,
                edges + 3,
                "a board side's adjacency",
            ))
        });
        for r in 0..rows {
            let base = r * cols;
            for c in 0..cols {
                let cell = base + c;
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
                let f = free[cell];
                let out = &mut sides[(r + c) & 1];
                out.push_kept(around, around.map(|x| f & (x != UNMATCHED)));
                out.end_row_if(f);
            }
        }
        let [(left_offsets, left_adj), (right_offsets, right_adj)] = sides.map(RowWriter::finish);
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
}
