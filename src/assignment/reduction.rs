//! Jonker and Volgenant's augmenting row reduction, once, for dense and
//! sparse rows: the part of the engine layer both shortest-path engines
//! start with.

use super::cost::Scalar;
use super::engine::{Csr, NONE};
use crate::csr::{filled, OutOfMemory};
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
        // Four lanes, each keeping its two least (reduced cost, column)
        // pairs in that order (ties to the earlier column), so that no
        // single chain of comparisons runs the length of the row; the
        // row's two least pairs are the two least of the lanes' eight.
        const LANES: usize = 4;
        let mut lanes = [[(S::INF, usize::MAX); 2]; LANES];
        let mut step = |lane: usize, j: usize, h: S| {
            let [first, second] = &mut lanes[lane];
            if h < second.0 {
                if h >= first.0 {
                    *second = (h, j);
                } else {
                    *second = *first;
                    *first = (h, j);
                }
            }
        };
        let body = row.len().min(v.len()) / LANES * LANES;
        for (c, (r4, v4)) in row[..body]
            .chunks_exact(LANES)
            .zip(v[..body].chunks_exact(LANES))
            .enumerate()
        {
            for (lane, (&cij, &vj)) in r4.iter().zip(v4).enumerate() {
                step(lane, c * LANES + lane, cij - vj);
            }
        }
        for (k, (&cij, &vj)) in row[body..].iter().zip(&v[body..]).enumerate() {
            step(k, body + k, cij - vj);
        }
        let before = |a: (S, usize), b: (S, usize)| a.0 < b.0 || (a.0 == b.0 && a.1 < b.1);
        let (mut p1, mut p2) = ((S::INF, usize::MAX), (S::INF, usize::MAX));
        for &x in lanes.iter().flatten() {
            if x.1 == usize::MAX {
                continue;
            }
            if before(x, p1) || p1.1 == usize::MAX {
                p2 = p1;
                p1 = x;
            } else if before(x, p2) || p2.1 == usize::MAX {
                p2 = x;
            }
        }
        let ((u1, j1), (u2, j2)) = (p1, p2);
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

/// Whether the columns' cheapest rows (`cheapest[j]`, `NONE` for a column
/// without entries) are fewer than one of the `rows` in [`COLLAPSE`]: the
/// column reduction then collapsed on a few rows (rows offset by
/// constants, c(i, j) = 1000 · i + r(i, j), where row 0 is every column's
/// cheapest), and its potentials would carry those rows' differences into
/// every other row's reduced costs. Both engines then reduce the columns
/// again over each row less its least cost.
pub(crate) fn collapsed(cheapest: &[u32], rows: usize) -> Result<bool, OutOfMemory> {
    let mut seen = filled(rows, false, "assignment: the rows cheapest on a column")?;
    let mut distinct = 0usize;
    for &i in cheapest {
        if i != NONE && !seen[idx(i)] {
            seen[idx(i)] = true;
            distinct += 1;
        }
    }
    Ok(distinct.saturating_mul(COLLAPSE) < rows)
}

/// See [`collapsed`]: on a random matrix about 63 % of the rows are some
/// column's cheapest.
pub(crate) const COLLAPSE: usize = 4;

/// How many steps the augmenting row reduction may take: `start` at
/// first, and `earn` more (up to `start`) for each step that assigns a free
/// column; once spent, the reduction stops for good and its rows go to the
/// searches.
#[derive(Clone, Copy)]
pub(crate) struct StepBudget {
    start: usize,
    earn: usize,
}

/// The least dense budget of steps.
const EARN: usize = 32;

impl StepBudget {
    /// For dense rows, where a step scans a whole row and long runs of
    /// steps that free nothing (ties, or nearly equal reduced costs) cost
    /// more than the searches they spare: the reduction stops after a
    /// quarter of the rows (at least [`EARN`]) steps in a row that assign
    /// no free column, about the cost of one late search. (A fixed 32
    /// steps back per freed column stopped it too early on large random
    /// matrices: measured at 2000², uniform floats and integers in
    /// [0, 10^6) spent 10–20 % more time in the searches it left.)
    pub(crate) fn dense(rows: usize) -> StepBudget {
        let run = (rows / 4).max(EARN);
        StepBudget {
            start: run,
            earn: run,
        }
    }

    /// No budget: only the cap on each round. For sparse rows, where a
    /// step scans a short row and a heap search costs far more: measured
    /// on random float problems of 2 · 10^4 rows and 10 entries a row, the
    /// dense budget costs a third more instructions (it leaves more rows to
    /// the searches).
    pub(crate) const UNLIMITED: StepBudget = StepBudget {
        start: usize::MAX,
        earn: 0,
    };
}

/// Two rounds of augmenting row reduction on the `free` rows: a row takes
/// its cheapest reduced entry, lowering that column's potential to the
/// row's second-cheapest if it can (never below `floor`), and the row it
/// displaces goes on. `assigned(i, w)` is told of every row `i` that takes
/// an entry of cost `w`.
///
/// A [`StepBudget`] bounds the work: each step spends one, each step that
/// assigns a free column earns some back, and no round takes more than
/// `8 · rows + 16` steps. Once the budget is spent the reduction stops for
/// good and its rows go to the searches.
///
/// Keeps every assigned row on a column of least reduced cost and column
/// potentials only lowered on assigned columns. Returns the rows still
/// free and whether the budget ran out, or `None` if some row has no
/// allowed entry.
///
/// # Complexity
///
/// O(steps · row length) time, no extra space but the list of free rows.
/// At most `2 · (8 · rows + 16)` steps; under a budget, as a column once
/// assigned stays assigned, at most `start + earn · min(rows, cols)` (for
/// dense rows `(rows / 4) · (1 + min(rows, cols))`, and never more than
/// the cap on the rounds).
// The engines' own arrays, passed apart: each engine lays out the rest of
// its state its own way.
#[allow(clippy::too_many_arguments)]
pub(crate) fn augmenting_row_reduction<S: Scalar, R: RowAccess<S>>(
    rows: &R,
    col4row: &mut [u32],
    row4col: &mut [u32],
    v: &mut [S],
    mut free: Vec<u32>,
    floor: S,
    allowance: StepBudget,
    mut assigned: impl FnMut(usize, S),
) -> Option<(Vec<u32>, bool)> {
    let n = rows.rows();
    let cap = 8 * n + 16;
    let full = allowance.start;
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
                budget = budget.saturating_add(allowance.earn).min(full);
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

#[cfg(test)]
mod tests {
    use super::super::engine::floor_for;
    use super::*;

    /// xorshift64 (tests only).
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Mates of rows and columns, column potentials, free rows, and the
    /// cost each row was last told of.
    type Reduced = (Vec<u32>, Vec<u32>, Vec<i64>, Vec<u32>, Vec<i64>);

    /// The reduction from a greedy start (each row on its cheapest free
    /// column), on dense rows or on the same rows in sparse form.
    fn reduce<R: RowAccess<i64>>(
        rows: &R,
        c: &[i64],
        n: usize,
        nc: usize,
        allowance: StepBudget,
    ) -> Reduced {
        let (mut col4row, mut row4col, mut v) = (vec![NONE; n], vec![NONE; nc], vec![0; nc]);
        let mut free = Vec::new();
        for i in 0..n {
            let row = &c[i * nc..(i + 1) * nc];
            let j = (0..nc).min_by_key(|&j| (row[j], j)).unwrap();
            if row4col[j] == NONE {
                (row4col[j], col4row[i]) = (id(i), id(j));
            } else {
                free.push(id(i));
            }
        }
        let max_abs = c
            .iter()
            .map(|x| u128::from(x.unsigned_abs()))
            .max()
            .unwrap();
        let mut paid = vec![i64::MIN; n];
        let (free, _) = augmenting_row_reduction(
            rows,
            &mut col4row,
            &mut row4col,
            &mut v,
            free,
            floor_for(max_abs, n + nc),
            allowance,
            |i, w| paid[i] = w,
        )
        .expect("every row has entries");
        (col4row, row4col, v, free, paid)
    }

    #[test]
    fn dense_and_sparse_rows_reduce_alike_and_keep_every_row_on_a_least_entry() {
        let mut state = 0x2545_f491_4f6c_dd1d;
        for round in 0..200 {
            let n = 1 + (next(&mut state) % 30) as usize;
            let nc = n + (next(&mut state) % 3) as usize * (round % 2);
            let span = [2, 5, 1000][round % 3];
            let c: Vec<i64> = (0..n * nc)
                .map(|_| (next(&mut state) % span) as i64)
                .collect();
            let dense = DenseRows { c: &c, cols: nc };
            let sparse = Csr::from_dense(&c, n, nc).unwrap();
            for allowance in [StepBudget::dense(n), StepBudget::UNLIMITED] {
                let a = reduce(&dense, &c, n, nc, allowance);
                let b = reduce(&sparse, &c, n, nc, allowance);
                assert_eq!(a, b, "round {round}");
                let (col4row, row4col, v, free, paid) = a;
                for (i, &j) in col4row.iter().enumerate() {
                    if j == NONE {
                        assert!(free.contains(&id(i)), "round {round}: row {i} lost");
                        continue;
                    }
                    assert_eq!(row4col[idx(j)], id(i));
                    let row = &c[i * nc..(i + 1) * nc];
                    let least = row.iter().zip(&v).map(|(&x, &vj)| x - vj).min().unwrap();
                    assert_eq!(row[idx(j)] - v[idx(j)], least, "round {round}: row {i}");
                    if paid[i] != i64::MIN {
                        assert_eq!(paid[i], row[idx(j)], "round {round}: row {i}");
                    }
                }
            }
        }
    }
}
