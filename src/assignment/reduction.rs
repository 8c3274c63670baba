//! Jonker and Volgenant's augmenting row reduction, once, for dense and
//! sparse rows: the part of the engine layer both shortest-path engines
//! start with.

use super::cost::Scalar;
use super::engine::{Csr, NONE};
use crate::util::{id, idx};

/// The two least reduced costs `c(i, j) − v(j)` of a row: `u1 ≤ u2`, with
/// their columns (`NONE` when the row has fewer entries) and the cost of
/// the first.
pub(crate) struct TwoLeast<S> {
    pub(crate) u1: S,
    pub(crate) j1: u32,
    pub(crate) w1: S,
    pub(crate) u2: S,
    pub(crate) j2: u32,
    pub(crate) w2: S,
}

/// Rows of a minimising problem as the augmenting row reduction reads them.
pub(crate) trait RowAccess<S: Scalar> {
    /// The number of rows.
    fn rows(&self) -> usize;
    /// Row `i`'s two least reduced costs under the column potentials `v`,
    /// ties going to the earlier column.
    fn two_least(&self, i: usize, v: &[S]) -> TwoLeast<S>;
}

/// A row-major dense `rows × cols` matrix (`INF` = forbidden).
pub(crate) struct DenseRows<'a, S> {
    pub(crate) c: &'a [S],
    pub(crate) cols: usize,
}

impl<S: Scalar> RowAccess<S> for DenseRows<'_, S> {
    fn rows(&self) -> usize {
        self.c.len().checked_div(self.cols).unwrap_or(0)
    }

    #[inline]
    fn two_least(&self, i: usize, v: &[S]) -> TwoLeast<S> {
        let row = &self.c[i * self.cols..(i + 1) * self.cols];
        let (mut u1, mut u2) = (S::INF, S::INF);
        let (mut j1, mut j2) = (usize::MAX, usize::MAX);
        for (j, (&cij, &vj)) in row.iter().zip(v).enumerate() {
            let h = cij - vj;
            if h < u2 {
                if h >= u1 {
                    u2 = h;
                    j2 = j;
                } else {
                    u2 = u1;
                    j2 = j1;
                    u1 = h;
                    j1 = j;
                }
            }
        }
        let at = |j: usize| row.get(j).copied().unwrap_or(S::INF);
        let col = |j: usize| if j == usize::MAX { NONE } else { id(j) };
        TwoLeast {
            u1,
            j1: col(j1),
            w1: at(j1),
            u2,
            j2: col(j2),
            w2: at(j2),
        }
    }
}

impl<S: Scalar> RowAccess<S> for Csr<S> {
    fn rows(&self) -> usize {
        Csr::rows(self)
    }

    #[inline]
    fn two_least(&self, i: usize, v: &[S]) -> TwoLeast<S> {
        let r = self.range(i);
        let (mut u1, mut u2) = (S::INF, S::INF);
        let (mut j1, mut j2) = (NONE, NONE);
        let (mut w1, mut w2) = (S::ZERO, S::ZERO);
        for (&j, &w) in self.adj[r.clone()].iter().zip(&self.w[r]) {
            let h = w - v[idx(j)];
            if h < u2 {
                if h >= u1 {
                    (u2, j2, w2) = (h, j, w);
                } else {
                    (u2, j2, w2) = (u1, j1, w1);
                    (u1, j1, w1) = (h, j, w);
                }
            }
        }
        TwoLeast {
            u1,
            j1,
            w1,
            u2,
            j2,
            w2,
        }
    }
}

/// The steps of augmenting row reduction a freed row earns back.
const EARN: usize = 32;

/// Two rounds of augmenting row reduction on the `free` rows: a row takes
/// its cheapest reduced entry, lowering that column's potential to the
/// row's second-cheapest if it can (never below `floor`), and the row it
/// displaces goes on. `assigned(i, w)` is told of every row `i` that takes
/// an entry of cost `w`.
///
/// A budget of steps bounds the work: each step spends one, each step
/// that assigns a free column earns [`EARN`] back (up to the starting
/// budget, a quarter of the rows but at least `EARN`), and no round takes
/// more than `8 · rows + 16` steps. Once the budget is spent the reduction
/// stops for good and its rows go to the searches, which are cheaper than
/// long runs of steps that free nothing (ties, or nearly equal reduced
/// costs).
///
/// Keeps every assigned row on a column of least reduced cost and column
/// potentials only lowered on assigned columns. Returns the rows still
/// free and whether the budget ran out, or `None` if some row has no
/// allowed entry.
///
/// # Complexity
///
/// O(steps · row length): at most `2 · (8 · rows + 16)` steps, and in
/// practice a budget's worth, `rows / 4 + 32 · freed`.
pub(crate) fn augmenting_row_reduction<S: Scalar, R: RowAccess<S>>(
    rows: &R,
    col4row: &mut [u32],
    row4col: &mut [u32],
    v: &mut [S],
    mut free: Vec<u32>,
    floor: S,
    mut assigned: impl FnMut(usize, S),
) -> Option<(Vec<u32>, bool)> {
    let n = rows.rows();
    let cap = 8 * n + 16;
    let full = (n / 4).max(EARN);
    let mut budget = full;
    for _ in 0..2 {
        let previous = std::mem::take(&mut free);
        let mut k = 0;
        let mut next: Option<u32> = None;
        let mut steps = 0;
        loop {
            let i = match next.take() {
                Some(i) => i,
                None if k < previous.len() => {
                    k += 1;
                    previous[k - 1]
                }
                None => break,
            };
            steps += 1;
            budget = budget.saturating_sub(1);
            if steps > cap || budget == 0 {
                free.push(i);
                continue;
            }
            let iu = idx(i);
            let TwoLeast {
                u1,
                mut j1,
                mut w1,
                u2,
                j2,
                w2,
            } = rows.two_least(iu, v);
            if j1 == NONE || u1 >= S::INF {
                return None;
            }
            let mut i0 = row4col[idx(j1)];
            let lowered = u1 < u2 && u2 < S::INF && v[idx(j1)] - (u2 - u1) >= floor;
            if lowered {
                v[idx(j1)] = v[idx(j1)] - (u2 - u1);
            } else if i0 != NONE {
                if u1 == u2 && j2 != NONE {
                    (j1, w1) = (j2, w2);
                    i0 = row4col[idx(j2)];
                } else {
                    free.push(i);
                    continue;
                }
            }
            col4row[iu] = j1;
            row4col[idx(j1)] = i;
            assigned(iu, w1);
            if i0 == NONE {
                budget = (budget + EARN).min(full);
            } else {
                col4row[idx(i0)] = NONE;
                if lowered {
                    next = Some(i0);
                } else {
                    free.push(i0);
                }
            }
        }
    }
    Some((free, budget == 0))
}
