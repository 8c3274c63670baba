//! The Dulmage–Mendelsohn decomposition: coarse parts from the alternating
//! searches, fine blocks from the strongly connected components of the
//! square part, in the block upper triangular form of MATLAB's `dmperm`.

use std::iter::FusedIterator;
use std::ops::Range;

use super::blocks::{square_blocks, OUTSIDE};
use super::search::{reach, Reach};
use crate::error::MatchingError;
use crate::graph::Bipartite;
use crate::ids::{Left, Right};
use crate::matching::Matching;
use crate::util::{id, idx, UNMATCHED};

/// The Dulmage–Mendelsohn decomposition of a bipartite graph, seen as a
/// sparse matrix A whose rows are the left vertices and whose columns are
/// the right vertices (A\[u\]\[v\] ≠ 0 exactly when (u, v) is an edge).
///
/// Built by [`dulmage_mendelsohn`]. Permuting A's rows by [`p`](Self::p)
/// and its columns by [`q`](Self::q) gives a block upper triangular matrix
/// C = A(p, q): every entry lies in a diagonal block or to its right.
///
/// # The coarse decomposition
///
/// The rows split into four sets R1, R2, R3, R0 and the columns into C0,
/// C1, C2, C3, so that C has this shape (0 marks blocks with no entry):
///
/// ```text
///           C0    C1    C2    C3
///    R1  [  A11   A12   A13   A14 ]   horizontal part: [A11 A12]
///    R2  [   0     0    A23   A24 ]   square part:      A23
///    R3  [   0     0     0    A34 ]   vertical part:   [A34; A44]
///    R0  [   0     0     0    A44 ]
/// ```
///
/// - C0: the columns free in the matching given; C1: the matched columns
///   reachable from a free column by an alternating path. C0 ∪ C1 are the
///   non-essential right vertices, whichever maximum matching is used.
/// - R0: the rows free in the matching given; R3: the matched rows
///   reachable from a free row. R3 ∪ R0 are the non-essential left
///   vertices.
/// - R1: the mates of C1 (the rows with an entry in C0 ∪ C1);
///   C3: the mates of R3 (the columns with an entry in R3 ∪ R0).
/// - R2 and C2: the rest, perfectly matched to each other.
///
/// Apart from the split of C0 ∪ C1 and of R3 ∪ R0, these sets do not
/// depend on which maximum matching was used, and they agree
/// with [`non_essential_vertices`](crate::non_essential_vertices).
///
/// # The fine decomposition
///
/// The square part splits into the strongly connected components of the
/// directed graph with one node per matched pair (u, v) of R2 × C2 and an
/// arc from pair (u, v) to pair (u′, v′) whenever A\[u\]\[v′\] ≠ 0. Each
/// component is a diagonal block with a perfect matching; the blocks are in
/// topological order, so no entry lies below the block diagonal. The
/// blocks, as sets, do not depend on the matching either; their order
/// among blocks with no arc between them may.
///
/// The fine blocks listed by [`r`](Self::r) and [`s`](Self::s) are, in
/// order: the whole horizontal part R1 × (C0 ∪ C1) if it has a column, the
/// square blocks, and the whole vertical part (R3 ∪ R0) × C3 if it has a
/// row — as MATLAB's `dmperm` lists them.
///
/// # Order inside the parts
///
/// The matching is on the diagonal: rows R1 are the mates of columns C1
/// in the same order, and likewise in each square block and in R3 × C3.
/// C0, C1, R3 and R0 are in ascending order; inside a square block,
/// columns are ascending.
///
/// # Indices: 0-based here, 1-based in MATLAB
///
/// MATLAB's `[p, q, r, s, cc, rr] = dmperm(A)` returns the same six
/// vectors with 1-based values: its `p(k)` is `p()[k - 1].index() + 1`,
/// and its `r(k)` is `r()[k - 1] + 1`, and so on. Here every position and
/// every boundary is 0-based and every range is half-open: block k is
/// rows `p()[r()[k]..r()[k + 1]]` and columns `q()[s()[k]..s()[k + 1]]`.
///
/// # Named parts
///
/// Beside the MATLAB names, [`horizontal_rows`](Self::horizontal_rows),
/// [`square_columns`](Self::square_columns) and the like give each coarse
/// part's positions in C as a range, and [`blocks`](Self::blocks) iterates
/// over the fine blocks as [`DmBlock`]s. The default value is the
/// decomposition of the graph with no vertex.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DmDecomposition {
    p: Vec<Left>,
    q: Vec<Right>,
    r: Vec<usize>,
    s: Vec<usize>,
    cc: [usize; 5],
    rr: [usize; 5],
    rank: usize,
    square: Range<usize>,
}

impl DmDecomposition {
    /// The row permutation, length L: row `k` of C = A(p, q) is left
    /// vertex `p()[k]`.
    pub fn p(&self) -> &[Left] {
        &self.p
    }

    /// The column permutation, length R: column `k` of C is right vertex
    /// `q()[k]`.
    pub fn q(&self) -> &[Right] {
        &self.q
    }

    /// Row block boundaries, length `block_count() + 1`, from 0 to L: fine
    /// block `k` is rows `r()[k]..r()[k + 1]` of C.
    pub fn r(&self) -> &[usize] {
        &self.r
    }

    /// Column block boundaries, length `block_count() + 1`, from 0 to R:
    /// fine block `k` is columns `s()[k]..s()[k + 1]` of C.
    pub fn s(&self) -> &[usize] {
        &self.s
    }

    /// Coarse column boundaries, 5 values from 0 to R: C0, C1, C2, C3 are
    /// columns `cc[0]..cc[1]`, `cc[1]..cc[2]`, `cc[2]..cc[3]` and
    /// `cc[3]..cc[4]` of C.
    pub fn cc(&self) -> &[usize; 5] {
        &self.cc
    }

    /// Coarse row boundaries, 5 values from 0 to L: R1, R2, R3, R0 are rows
    /// `rr[0]..rr[1]`, `rr[1]..rr[2]`, `rr[2]..rr[3]` and `rr[3]..rr[4]`
    /// of C. `rr[1] − rr[0] = cc[2] − cc[1]`, `rr[2] − rr[1] = cc[3] − cc[2]`
    /// and `rr[3] − rr[2] = cc[4] − cc[3]` (the parts are matched).
    pub fn rr(&self) -> &[usize; 5] {
        &self.rr
    }

    /// The structural rank of A: the size of a maximum matching, the
    /// largest rank any choice of values for the entries can give.
    pub fn structural_rank(&self) -> usize {
        self.rank
    }

    /// The number of fine blocks, `r().len() − 1`.
    pub fn block_count(&self) -> usize {
        self.r.len() - 1
    }

    /// The indices of the fine blocks that make up the square part (its
    /// strongly connected components), in block order; the block before
    /// them, if any, is the horizontal part, and the one after, if any, the
    /// vertical part.
    pub fn square_blocks(&self) -> Range<usize> {
        self.square.clone()
    }

    /// Rows of the horizontal part, R1: positions `rr[0]..rr[1]` in `p()`.
    pub fn horizontal_rows(&self) -> Range<usize> {
        self.rr[0]..self.rr[1]
    }

    /// Columns of the horizontal part, C0 ∪ C1: positions `cc[0]..cc[2]`
    /// in `q()`.
    pub fn horizontal_columns(&self) -> Range<usize> {
        self.cc[0]..self.cc[2]
    }

    /// Rows of the square part, R2: positions `rr[1]..rr[2]` in `p()`.
    pub fn square_rows(&self) -> Range<usize> {
        self.rr[1]..self.rr[2]
    }

    /// Columns of the square part, C2: positions `cc[2]..cc[3]` in `q()`.
    pub fn square_columns(&self) -> Range<usize> {
        self.cc[2]..self.cc[3]
    }

    /// Rows of the vertical part, R3 ∪ R0: positions `rr[2]..rr[4]` in
    /// `p()`.
    pub fn vertical_rows(&self) -> Range<usize> {
        self.rr[2]..self.rr[4]
    }

    /// Columns of the vertical part, C3: positions `cc[3]..cc[4]` in `q()`.
    pub fn vertical_columns(&self) -> Range<usize> {
        self.cc[3]..self.cc[4]
    }

    /// The columns free in the matching used, C0: positions `cc[0]..cc[1]`
    /// in `q()`, the start of the horizontal part.
    pub fn unmatched_columns(&self) -> Range<usize> {
        self.cc[0]..self.cc[1]
    }

    /// The rows free in the matching used, R0: positions `rr[3]..rr[4]` in
    /// `p()`, the end of the vertical part.
    pub fn unmatched_rows(&self) -> Range<usize> {
        self.rr[3]..self.rr[4]
    }

    /// Fine block `k` (as [`r`](Self::r) and [`s`](Self::s) give it), or
    /// `None` past the last block.
    pub fn block(&self, k: usize) -> Option<DmBlock> {
        (k + 1 < self.r.len()).then(|| DmBlock {
            rows: self.r[k]..self.r[k + 1],
            columns: self.s[k]..self.s[k + 1],
        })
    }

    /// The fine blocks in order: the horizontal part if it has a column,
    /// the square blocks, the vertical part if it has a row.
    pub fn blocks(&self) -> DmBlocks<'_> {
        DmBlocks {
            dm: self,
            next: 0..self.block_count(),
        }
    }
}

impl Default for DmDecomposition {
    fn default() -> DmDecomposition {
        DmDecomposition {
            p: Vec::new(),
            q: Vec::new(),
            r: vec![0],
            s: vec![0],
            cc: [0; 5],
            rr: [0; 5],
            rank: 0,
            square: 0..0,
        }
    }
}

/// One fine block of a [`DmDecomposition`]: positions in its row
/// permutation `p()` and column permutation `q()`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct DmBlock {
    /// Positions of the block's rows in `p()`.
    pub rows: Range<usize>,
    /// Positions of the block's columns in `q()`.
    pub columns: Range<usize>,
}

/// The fine blocks of a [`DmDecomposition`] in block order, from
/// [`DmDecomposition::blocks`].
///
/// ```
/// use bimatch::{dulmage_mendelsohn, Bipartite, HopcroftKarp, Matcher};
///
/// let g = Bipartite::from_edges(2, 2, [(0, 0), (0, 1), (1, 1)])?;
/// let dm = dulmage_mendelsohn(&g, &HopcroftKarp.maximum_matching(&g))?;
/// let sizes: Vec<usize> = dm.blocks().map(|b| b.rows.len()).collect();
/// assert_eq!(sizes, [1, 1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct DmBlocks<'a> {
    dm: &'a DmDecomposition,
    next: Range<usize>,
}

impl Iterator for DmBlocks<'_> {
    type Item = DmBlock;

    fn next(&mut self) -> Option<DmBlock> {
        self.next.next().and_then(|k| self.dm.block(k))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.next.size_hint()
    }
}

impl DoubleEndedIterator for DmBlocks<'_> {
    fn next_back(&mut self) -> Option<DmBlock> {
        self.next.next_back().and_then(|k| self.dm.block(k))
    }
}

impl ExactSizeIterator for DmBlocks<'_> {}

impl FusedIterator for DmBlocks<'_> {}

/// The Dulmage–Mendelsohn decomposition of `graph` from a maximum
/// matching `matching` (A. L. Dulmage and N. S. Mendelsohn, "Coverings of
/// bipartite graphs", Canad. J. Math. 10, 1958), in the form of MATLAB's
/// `dmperm` (see [`DmDecomposition`] for every field).
///
/// The coarse parts come from the two alternating searches that also find
/// the [`non_essential_vertices`](crate::non_essential_vertices). The fine
/// blocks are the strongly connected components of the square part: on a
/// large one, the component of the column of highest degree is taken out
/// first by a forward and a backward search, then Pearce's one-array form
/// of Tarjan's algorithm (R. E. Tarjan, "Depth-first search and linear
/// graph algorithms", SIAM J. Comput. 1(2), 1972) with an explicit stack
/// finds the others. To ask other questions of the same matching too,
/// build a [`Structure`](crate::Structure) once.
///
/// # Complexity
///
/// O(V + E) time. Scratch beside the result: at most 4 bytes per column,
/// 4 bytes per vertex of the larger side, 6 bits per vertex, and 40 bytes
/// per column of the square part (the depth-first search's stacks and the
/// block boundaries). The result holds 4 bytes per row and per column and
/// 16 per fine block (`tests/memory/structure_memory.rs` checks both figures).
/// No recursion: a square part of 10^6 pairs in one chain or one cycle
/// runs on a small thread stack.
///
/// # Testing
///
/// Small random graphs against brute force over all maximum matchings and
/// a transitive closure (`tests/suite/structure_dm.rs`); graphs of 10^4 vertices
/// against reference searches, with every square block checked strongly
/// connected and no entry below the block diagonal
/// (`tests/suite/structure_object.rs`).
///
/// # Errors
///
/// - [`MatchingError::SizeMismatch`] or [`MatchingError::NotAnEdge`] if
///   `matching` does not belong to `graph`;
/// - [`MatchingError::NotMaximum`] with an augmenting path if it is not
///   maximum.
///
/// ```
/// use bimatch::{dulmage_mendelsohn, Bipartite, HopcroftKarp, Left, Matcher, Right};
///
/// // Rows 1, 2 and 3 compete for columns 1 and 2, so one of them stays
/// // free; row 0 alone has an entry in column 0.
/// let g = Bipartite::from_edges(4, 3, [(0, 0), (0, 1), (1, 1), (1, 2), (2, 1), (2, 2), (3, 2)])?;
/// let m = HopcroftKarp.maximum_matching(&g);
/// let dm = dulmage_mendelsohn(&g, &m)?;
/// assert_eq!(dm.structural_rank(), 3);
/// // No free column: no horizontal part. Square part: row 0 with column 0.
/// // Vertical part: rows 1, 2, 3 over columns 1, 2.
/// assert_eq!(dm.cc(), &[0, 0, 0, 1, 3]);
/// assert_eq!(dm.rr(), &[0, 0, 1, 3, 4]);
/// assert_eq!((dm.square_rows(), dm.vertical_rows()), (0..1, 1..4));
/// assert_eq!(dm.r(), [0, 1, 4]);
/// assert_eq!(dm.s(), [0, 1, 3]);
/// assert_eq!(dm.p()[0], Left::new(0));
/// assert_eq!(dm.q()[0], Right::new(0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn dulmage_mendelsohn(
    graph: &Bipartite,
    matching: &Matching,
) -> Result<DmDecomposition, MatchingError> {
    let reach = reach(graph, matching, true)?;
    Ok(DmDecomposition::from_reach(graph, matching, &reach))
}

impl DmDecomposition {
    /// The decomposition from both searches' marks.
    pub(super) fn from_reach(graph: &Bipartite, m: &Matching, reach: &Reach) -> DmDecomposition {
        let (left_mate, right_mate) = (&m.left_mate, &m.right_mate);
        let (rows, cols) = (graph.left_count(), graph.right_count());

        // The square part: matched columns reached by neither search. Their
        // label is 0 (to visit) and every other column's is outside.
        let mut n = 0;
        let mut label: Vec<u32> = right_mate
            .iter()
            .enumerate()
            .map(|(v, &u)| {
                let square = u != UNMATCHED
                    && !reach.left_in_right.contains(idx(u))
                    && !reach.right_in_left.contains(v);
                n += usize::from(square);
                if square {
                    0
                } else {
                    OUTSIDE
                }
            })
            .collect();
        let block_count = square_blocks(graph, m, &mut label, n);

        let mut p: Vec<Left> = Vec::with_capacity(rows);
        let mut q: Vec<Right> = Vec::with_capacity(cols);
        let mut cc = [0; 5];
        let mut rr = [0; 5];
        // C0: free columns.
        q.extend(
            (0..cols)
                .filter(|&v| right_mate[v] == UNMATCHED)
                .map(|v| Right(id(v))),
        );
        cc[1] = q.len();
        // C1 and their mates R1.
        for (v, &u) in right_mate.iter().enumerate() {
            if u != UNMATCHED && reach.left_in_right.contains(idx(u)) {
                q.push(Right(id(v)));
                p.push(Left(u));
            }
        }
        cc[2] = q.len();
        rr[1] = p.len();
        // C2 and R2, block by block: a stable counting sort of the square
        // columns by block.
        let mut block_start = vec![0usize; block_count + 1];
        for &b in label.iter().filter(|&&b| b != OUTSIDE) {
            block_start[idx(b) + 1] += 1;
        }
        for k in 0..block_count {
            block_start[k + 1] += block_start[k];
        }
        let (row_base, col_base) = (p.len(), q.len());
        p.resize(row_base + n, Left(0));
        q.resize(col_base + n, Right(0));
        let mut fill = block_start.clone();
        for (v, &b) in label.iter().enumerate() {
            if b != OUTSIDE {
                let at = fill[idx(b)];
                fill[idx(b)] += 1;
                p[row_base + at] = Left(right_mate[v]);
                q[col_base + at] = Right(id(v));
            }
        }
        drop(label);
        cc[3] = q.len();
        rr[2] = p.len();
        // R3 and their mates C3.
        for (u, &v) in left_mate.iter().enumerate() {
            if v != UNMATCHED && reach.right_in_left.contains(idx(v)) {
                p.push(Left(id(u)));
                q.push(Right(v));
            }
        }
        cc[4] = q.len();
        rr[3] = p.len();
        // R0: free rows.
        p.extend(
            (0..rows)
                .filter(|&u| left_mate[u] == UNMATCHED)
                .map(|u| Left(id(u))),
        );
        rr[4] = p.len();
        debug_assert_eq!((p.len(), q.len()), (rows, cols));

        // Fine blocks: horizontal part, square blocks, vertical part.
        let mut r = Vec::with_capacity(block_count + 3);
        let mut s = Vec::with_capacity(block_count + 3);
        if cc[2] > 0 {
            r.push(0);
            s.push(0);
        }
        let first_square = r.len();
        for &k in &block_start[..block_count] {
            r.push(rr[1] + k);
            s.push(cc[2] + k);
        }
        if rr[2] < rows {
            r.push(rr[2]);
            s.push(cc[3]);
        }
        r.push(rows);
        s.push(cols);
        DmDecomposition {
            p,
            q,
            r,
            s,
            cc,
            rr,
            rank: m.len(),
            square: first_square..first_square + block_count,
        }
    }
}
