//! [`Subproblem`]: the constraints under which a ranked solution of
//! [`k_best`](fn@super::k_best) is optimal, and the lookup that
//! [`Solution::verify`](super::Solution::verify) checks them with.

use super::engine::NONE;
use crate::util::{id, idx};

/// The part of the solution space in which a solution of
/// [`k_best`](fn@super::k_best) is optimal: the original problem with some
/// pairs forced and some excluded (Murty's partitioning).
///
/// A forced `(row, Some(col))` pair forbids every other entry of that row
/// and of that column; a forced `(row, None)` leaves the row unassigned
/// (forbids its whole row). An excluded `(row, Some(col))` forbids that
/// entry; an excluded `(row, None)` forbids leaving the row unassigned.
/// [`Solution::verify`](super::Solution::verify) checks the solution's
/// duals on exactly this problem: every entry of the instance that is not
/// forbidden here, with the rows that must be assigned (forced to a
/// column, or with their unassigned option excluded) free of the
/// unmatched-cost bound.
///
/// ```
/// use bimatch::assignment::{k_best, CostMatrix};
///
/// let c = CostMatrix::from_rows([[1i64, 2], [3, 5]])?;
/// let ranked: Vec<_> = k_best(&c, 2)?.collect::<Result<_, _>>()?;
/// let second = &ranked[1];
/// // The best is (0, 1), (1, 0) at 5; the second excludes one of its pairs.
/// assert_eq!(second.total_cost(), 6);
/// let sub = second.subproblem().expect("a ranked solution");
/// assert_eq!(sub.excluded().len(), 1);
/// second.verify(&c)?; // optimal once that pair is excluded
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Subproblem {
    /// `(row, col)`, `NONE` for "unassigned".
    pub(crate) forced: Vec<(u32, u32)>,
    /// `(row, col)`, `NONE` for "unassigned".
    pub(crate) excluded: Vec<(u32, u32)>,
}

fn opt(j: u32) -> Option<usize> {
    (j != NONE).then_some(idx(j))
}

impl Subproblem {
    /// The forced pairs, `(row, None)` for a row forced to stay unassigned.
    pub fn forced(&self) -> impl ExactSizeIterator<Item = (usize, Option<usize>)> + '_ {
        self.forced.iter().map(|&(i, j)| (idx(i), opt(j)))
    }

    /// The excluded pairs, `(row, None)` for a row that may not stay
    /// unassigned.
    pub fn excluded(&self) -> impl ExactSizeIterator<Item = (usize, Option<usize>)> + '_ {
        self.excluded.iter().map(|&(i, j)| (idx(i), opt(j)))
    }

    /// The lookup on a `rows × cols` instance; pairs out of range are
    /// ignored (the solution's shape is checked first).
    pub(crate) fn lookup(&self, rows: usize, cols: usize) -> Lookup {
        let mut row_fixed = vec![NONE; rows];
        let mut row_off = vec![false; rows];
        let mut col_fixed = vec![NONE; cols];
        let mut must = vec![false; rows];
        for &(i, j) in &self.forced {
            if idx(i) >= rows {
                continue;
            }
            if j == NONE {
                row_off[idx(i)] = true;
            } else if idx(j) < cols {
                row_fixed[idx(i)] = j;
                col_fixed[idx(j)] = i;
                must[idx(i)] = true;
            }
        }
        let mut pairs = Vec::with_capacity(self.excluded.len());
        for &(i, j) in &self.excluded {
            if idx(i) < rows {
                if j == NONE {
                    must[idx(i)] = true;
                } else {
                    pairs.push((i, j));
                }
            }
        }
        pairs.sort_unstable();
        Lookup {
            row_fixed,
            row_off,
            col_fixed,
            must,
            pairs,
        }
    }
}

/// [`Subproblem`] as arrays: which entries it forbids, which rows it
/// requires.
pub(crate) struct Lookup {
    row_fixed: Vec<u32>,
    row_off: Vec<bool>,
    col_fixed: Vec<u32>,
    must: Vec<bool>,
    pairs: Vec<(u32, u32)>,
}

impl Lookup {
    /// Whether the subproblem forbids entry (`i`, `j`).
    pub(crate) fn excludes(&self, i: usize, j: usize) -> bool {
        let (fr, fc) = (self.row_fixed[i], self.col_fixed[j]);
        self.row_off[i]
            || (fr != NONE && idx(fr) != j)
            || (fc != NONE && idx(fc) != i)
            || self.pairs.binary_search(&(id(i), id(j))).is_ok()
    }

    /// Whether row `i` must be assigned.
    pub(crate) fn must_assign(&self, i: usize) -> bool {
        self.must[i]
    }

    /// The first forced pair that `row_to_col` does not hold, as a message.
    pub(crate) fn unmet(&self, row_to_col: &[u32]) -> Option<String> {
        for (i, &j) in row_to_col.iter().enumerate() {
            if self.row_fixed[i] != NONE && self.row_fixed[i] != j {
                return Some(format!(
                    "row {i} is forced to column {} but is not assigned to it",
                    self.row_fixed[i]
                ));
            }
            if self.row_off[i] && j != NONE {
                return Some(format!("row {i} is forced to stay unassigned"));
            }
        }
        None
    }
}
