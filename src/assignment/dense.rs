//! The dense front: [`Assignment`] and [`linear_sum_assignment`] on a
//! [`CostMatrix`]: the matrix checked and brought into minimising form
//! (borrowed when it already is), solved by the dense engine, and the
//! result turned into a [`Solution`].

use std::borrow::Cow;
use std::marker::PhantomData;

use super::cost::{
    check_float_magnitude, check_magnitude, magnitude, Class, Cost, CostMatrix, Scalar,
};
use super::dense_paths::engine;
use super::duals::{dense_row_min, repair, totals, Solution};
use super::engine::{flip, floor_for, Raw, Rule, NONE};
use super::error::Error;
use super::hall;
use crate::csr::{filled, try_vec, OutOfMemory};
use crate::util::idx;

/// Options for a dense assignment problem; [`solve`](Self::solve) runs it.
///
/// Every row is assigned when `rows ≤ cols`, every column when
/// `rows > cols`; with an [`unmatched_cost`](Self::unmatched_cost) any row
/// may instead stay unassigned at that cost. Forbidden entries are the
/// infinitely bad ones: `+∞` when minimising, `−∞` when maximising; the
/// other infinity and NaN are errors.
///
/// ```
/// use bimatch::assignment::{Assignment, CostMatrix};
///
/// // Two tracks, three detections: assign when the distance is below 4.
/// let d = CostMatrix::from_rows(vec![vec![1.0, 9.0, 7.0], vec![8.0, 6.0, 5.0]])?;
/// let s = Assignment::new(&d).unmatched_cost(4.0).solve()?;
/// assert_eq!(s.pairs().collect::<Vec<_>>(), [(0, 0)]);
/// assert_eq!(s.total_cost(), 1.0 + 4.0);
/// s.verify(&d)?;
///
/// let best = Assignment::new(&d).maximize().solve()?;
/// assert_eq!(best.total_cost(), 9.0 + 8.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Assignment<'a, C: Cost, S: AsRef<[C]> = Vec<C>> {
    costs: &'a CostMatrix<C, S>,
    maximize: bool,
    unmatched: Option<C>,
}

impl<'a, C: Cost, S: AsRef<[C]>> Assignment<'a, C, S> {
    /// A problem on `costs` (owned or a borrowed view): minimise, every
    /// row (or column) assigned.
    pub fn new(costs: &'a CostMatrix<C, S>) -> Self {
        Assignment {
            costs,
            maximize: false,
            unmatched: None,
        }
    }

    /// Maximise the total instead.
    pub fn maximize(mut self) -> Self {
        self.maximize = true;
        self
    }

    /// Let every row stay unassigned at cost `x` (a gain, when maximising);
    /// leftover columns cost nothing.
    pub fn unmatched_cost(mut self, x: C) -> Self {
        self.unmatched = Some(x);
        self
    }

    /// Solves the problem.
    ///
    /// Shortest augmenting paths (R. Jonker and A. Volgenant, "A shortest
    /// augmenting path algorithm for dense and sparse linear assignment
    /// problems", Computing 38, 1987), in the rectangular form of
    /// D. F. Crouse ("On implementing 2D rectangular assignment
    /// algorithms", IEEE Trans. Aerospace and Electronic Systems 52, 2016):
    /// column reduction and reduction transfer on square problems (each
    /// row's cheapest column on wide ones), then at most two rounds of
    /// augmenting row reduction (the same reduction as the sparse
    /// solver's), stopped once a quarter of the rows in a row of its
    /// steps assign no free column; then one Dijkstra search over the
    /// columns per unassigned row. A wide matrix is solved as is, a tall
    /// one transposed. The unmatched cost is an extra sink per row inside
    /// the same search, so the optimum is exact. Integer costs are searched
    /// in `i64`, exactly, on the matrix as it is (measured 13–25 % less CPU
    /// time than the same matrix written as floats at 2000² and 4000²).
    /// A square integer problem of at least 256 rows
    /// without an unmatched cost whose searches project past 48 column
    /// relaxations per entry (the work so far plus its mean per search
    /// times the searches left, after 8 searches; the start does nothing
    /// for c(i, j) = i · j, and every search there scans most rows) goes
    /// to Goldberg–Kennedy cost scaling, as in
    /// [`MinCostMatching::solve`](super::MinCostMatching::solve). Float
    /// potentials end with one pass over the matrix that sets each row's
    /// to its least reduced cost rounded down, so that they are exactly
    /// feasible, and the total and [`gap`](Solution::gap) are exact sums
    /// (see [`Solution::verify`]).
    ///
    /// # Complexity
    ///
    /// O(r² · c) time for r = min(rows, cols), c = max(rows, cols) (with an
    /// unmatched cost, r = rows, c = cols): the start is O(r · c) plus
    /// O(c) a reduction step (at most 2 · (8 · r + 16) steps), and
    /// each of at most r searches scans O(c) columns for each of at most
    /// r + 1 rows. A square integer problem that is handed over to cost
    /// scaling costs instead O(n²) for the searches cut short and the
    /// sparse form, then cost scaling's O(n · E · log(n C)) on its E ≤ n²
    /// entries, C the cost range: O(n³ · log(n C)) in the worst case, far
    /// less in practice (30 to 200 entry scans per entry on the
    /// benchmark's inputs); should cost scaling decline (prices past its
    /// bound), the searches run again from the start, O(n³).
    ///
    /// O(rows + cols) extra space, plus a copy of the matrix (8 bytes an
    /// entry) when it is transposed, maximised, or of a type other than
    /// `i64` and `f64` (a minimising `i64` or `f64` matrix, owned or a
    /// [borrowed view](CostMatrix::borrowed), wide or square, is read in
    /// place); when cost scaling takes over, the finite entries in sparse
    /// form (12 bytes each) and cost scaling's copies (up to about 36
    /// bytes more each: the costs, a renumbered copy, and the graph of its
    /// feasibility check when a round runs long).
    ///
    /// # Testing
    ///
    /// Against brute force over every partial injection on every shape up
    /// to 7 × 7 (forbidden entries, ties, negatives, maximising, unmatched
    /// costs, `i64` extremes, costs spanning 10^±20), each answer also
    /// passing [`Solution::verify`]; against the sparse solver on the same
    /// instances, on every input path (`tests/suite/assignment_brute.rs`,
    /// `tests/suite/assignment_dense_paths.rs`, `tests/suite/assignment_large.rs`,
    /// `tests/suite/assignment_certificates.rs` for floats, exactly, and
    /// a differential fuzz target); the hand-over on Machol–Wien matrices
    /// against their known optimum.
    ///
    /// # Errors
    ///
    /// - [`Error::BadCost`] for NaN or the wrong infinity, naming the entry;
    /// - [`Error::BadUnmatchedCost`] if the unmatched cost is not finite;
    /// - [`Error::Overflow`] for integer costs too large for exact `i64`,
    ///   [`Error::FloatRange`] for float costs near `f64::MAX`;
    /// - [`Error::Infeasible`] with a Hall violator if forbidden entries
    ///   leave no complete assignment;
    /// - [`Error::OutOfMemory`] if the solver's arrays cannot be reserved.
    pub fn solve(&self) -> Result<Solution<C>, Error> {
        solve(&self.costs.as_view(), self.maximize, self.unmatched)
    }
}

/// The minimum-cost assignment of a dense cost matrix: every row assigned
/// if `rows ≤ cols`, else every column; `+∞` entries are forbidden. See
/// [`Assignment`] for maximising and unmatched costs.
///
/// # Complexity
///
/// As [`Assignment::solve`]: O(r² · c) for r = min(rows, cols),
/// c = max(rows, cols), except square integer problems handed over to cost
/// scaling, O(n³ · log(n C)) in the worst case.
///
/// # Errors
///
/// As [`Assignment::solve`].
///
/// ```
/// use bimatch::assignment::{linear_sum_assignment, CostMatrix};
///
/// let c = CostMatrix::from_rows(vec![vec![4i64, 1, 3], vec![2, 0, 5], vec![3, 2, 2]])?;
/// let s = linear_sum_assignment(&c)?;
/// assert_eq!(s.pairs().collect::<Vec<_>>(), [(0, 1), (1, 0), (2, 2)]);
/// assert_eq!(s.total_cost(), 5);
/// s.verify(&c)?; // the dual potentials prove it optimal
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn linear_sum_assignment<C: Cost, S: AsRef<[C]>>(
    costs: &CostMatrix<C, S>,
) -> Result<Solution<C>, Error> {
    Assignment::new(costs).solve()
}

/// The costs in minimising form, in the scalar type: forbidden is
/// `Scalar::INF`.
fn scalar_cost<C: Cost>(c: C, maximize: bool, row: usize, col: usize) -> Result<C::Scalar, Error> {
    let bad = |reason| Error::BadCost { row, col, reason };
    match (c.class(), maximize) {
        (Class::Finite(x), false) => Ok(x),
        (Class::Finite(x), true) => Ok(x.negate()),
        (Class::PosInf, false) | (Class::NegInf, true) => Ok(C::Scalar::INF),
        (Class::Nan, _) => Err(bad("the cost is NaN")),
        (Class::NegInf, false) => Err(bad(
            "the cost is -inf (only +inf, forbidden, is allowed when minimising)",
        )),
        (Class::PosInf, true) => Err(bad(
            "the cost is +inf (only -inf, forbidden, is allowed when maximising)",
        )),
    }
}

fn solve<C: Cost>(
    costs: &CostMatrix<C, &[C]>,
    maximize: bool,
    unmatched: Option<C>,
) -> Result<Solution<C>, Error> {
    let (rows, cols) = (costs.rows(), costs.cols());
    let exit = match unmatched {
        None => None,
        Some(x) => match x.class() {
            Class::Finite(s) => Some(if maximize { s.negate() } else { s }),
            _ => {
                return Err(Error::BadUnmatchedCost {
                    value: x.to_string(),
                })
            }
        },
    };
    let transpose = exit.is_none() && rows > cols;
    let (nr, nc) = if transpose {
        (cols, rows)
    } else {
        (rows, cols)
    };
    let data = costs.as_slice();
    // The work matrix, minimising, `nr × nc`; borrowed when possible.
    let work: Cow<'_, [C::Scalar]> = match C::as_scalars(data) {
        Some(s) if !transpose && !maximize => Cow::Borrowed(s),
        _ => Cow::Owned(work_matrix(data, rows, cols, transpose, maximize)?),
    };
    // One branch-free pass: no NaN or wrong infinity, and the magnitude.
    let (valid, max_abs, max_float) = scan(&work);
    if !valid {
        // Name the first bad entry, row by row.
        for (k, &c) in data.iter().enumerate() {
            scalar_cost(c, maximize, k / cols, k % cols)?;
        }
    }
    let floor = if C::Scalar::EXACT {
        let bound = exit.map_or(max_abs, |x| max_abs.max(magnitude(x)));
        // Where the scan's bound is too large, the largest magnitude
        // decides (and is reported: a `u64` above `i64::MAX` is saturated
        // in the work matrix).
        let max_abs = if check_magnitude(bound, rows + cols).is_ok() {
            bound
        } else {
            let exact = data
                .iter()
                .fold(unmatched.map_or(0, Cost::magnitude), |m, c| {
                    m.max(c.magnitude())
                });
            check_magnitude(exact, rows + cols)?;
            exact
        };
        floor_for::<C::Scalar>(max_abs, rows + cols)
    } else {
        let max_float = exit.map_or(max_float, |x| max_float.max(x.to_f64().abs()));
        check_float_magnitude(max_float, rows + cols)?;
        -C::Scalar::INF
    };
    let (mut raw, exact) = match engine(&work, nr, nc, exit, floor)? {
        Some(solved) => solved,
        None => {
            return Err(hall::dense_witness(costs, maximize));
        }
    };
    // The rules in the engine's orientation: its rows are the ones matched
    // in full (or paying the unmatched cost).
    let engine_rows = exit.map_or(Rule::Exactly, Rule::OrPay);
    let engine_cols = if nr == nc && exit.is_none() {
        Rule::Exactly
    } else {
        Rule::AtMost
    };
    if !exact {
        repair(&mut raw, engine_rows, engine_cols, |i, v| {
            dense_row_min(&work[i * nc..(i + 1) * nc], v)
        });
    }
    drop(work);
    let Raw {
        col4row: row_to_col,
        row4col: col_to_row,
        mut u,
        mut v,
    } = if transpose { raw.transposed() } else { raw };
    let (row_rule, col_rule) = match exit {
        Some(x) => (Rule::OrPay(x), Rule::AtMost),
        None if rows == cols => (Rule::Exactly, Rule::Exactly),
        None if rows < cols => (Rule::Exactly, Rule::AtMost),
        None => (Rule::AtMost, Rule::Exactly),
    };
    let mut pair_costs = try_vec(row_to_col.len(), "assignment: the costs of the pairs")?;
    for (i, &j) in row_to_col.iter().enumerate() {
        if j != NONE {
            pair_costs.push(scalar_cost(data[i * cols + idx(j)], maximize, i, idx(j))?);
        }
    }
    let free = row_to_col.iter().filter(|&&j| j == NONE).count();
    let (mut total, gap) = totals(
        pair_costs.into_iter(),
        exit.map(|x| (x, free)),
        &u,
        &v,
        true,
    );
    let (row_rule, col_rule) = if maximize {
        total = -total;
        u.iter_mut().for_each(|x| *x = -*x);
        v.iter_mut().for_each(|x| *x = -*x);
        (flip(row_rule), col_rule)
    } else {
        (row_rule, col_rule)
    };
    Ok(Solution {
        row_to_col,
        col_to_row,
        u,
        v,
        total,
        gap,
        maximize,
        row_rule,
        col_rule,
        exit_in_total: true,
        cover: None,
        within: None,
        marker: PhantomData,
    })
}

/// An entry as a scalar in minimising form, infinities and NaN kept as
/// they are (so that [`scan`] finds the bad ones).
#[inline(always)]
fn raw_scalar<C: Cost>(c: C, maximize: bool) -> C::Scalar {
    let x = match c.class() {
        Class::Finite(x) => x,
        Class::PosInf => C::Scalar::INF,
        Class::NegInf => -C::Scalar::INF,
        // Only floats have NaN: ∞ − ∞.
        Class::Nan => C::Scalar::INF + -C::Scalar::INF,
    };
    if maximize {
        x.negate()
    } else {
        x
    }
}

/// The `nr × nc` work matrix in minimising form: a copy, negated when
/// maximising, transposed (in cache-sized blocks) when `transpose`; an
/// error if it cannot be reserved.
fn work_matrix<C: Cost>(
    data: &[C],
    rows: usize,
    cols: usize,
    transpose: bool,
    maximize: bool,
) -> Result<Vec<C::Scalar>, OutOfMemory> {
    let scalars = C::as_scalars(data);
    let at = |k: usize| match scalars {
        Some(s) if maximize => s[k].negate(),
        Some(s) => s[k],
        None => raw_scalar(data[k], maximize),
    };
    let what = "assignment: the work matrix";
    if !transpose {
        let mut w = try_vec(data.len(), what)?;
        w.extend((0..data.len()).map(at));
        return Ok(w);
    }
    const BLOCK: usize = 32;
    let mut w = filled(data.len(), C::Scalar::ZERO, what)?;
    for i0 in (0..rows).step_by(BLOCK) {
        let i1 = (i0 + BLOCK).min(rows);
        for j0 in (0..cols).step_by(BLOCK) {
            for j in j0..(j0 + BLOCK).min(cols) {
                let out = &mut w[j * rows + i0..j * rows + i1];
                for (i, o) in (i0..i1).zip(out) {
                    *o = at(i * cols + j);
                }
            }
        }
    }
    Ok(w)
}

/// Whether every entry of the work matrix is allowed (finite, or `+∞`:
/// no NaN, no `−∞`), a bound on the magnitudes of integer entries (at
/// least the largest, below twice it plus 2), and the largest finite
/// magnitude of a float entry; without branches per entry.
fn scan<S: Scalar>(work: &[S]) -> (bool, u128, f64) {
    if S::EXACT {
        // The bits of every entry, negative ones folded (`x ^ (x >> 63)`,
        // |x| − 1), in eight lanes of `u64` that the compiler packs: every
        // |x| is at most their union plus 1. The largest magnitude exactly,
        // a comparison an entry that the base target cannot pack, took
        // about a fifth of the solve of small-range integers at 500² (the
        // magnitude check asks for it where the bound is too large).
        const LANES: usize = 8;
        let mut bits = [0u64; LANES];
        let fold = |x: S| {
            let y = x.to_i128() as i64;
            (y ^ (y >> 63)) as u64
        };
        let chunks = work.chunks_exact(LANES);
        let tail = chunks.remainder();
        for ch in chunks {
            for (k, &x) in ch.iter().enumerate() {
                bits[k] |= fold(x);
            }
        }
        for (k, &x) in tail.iter().enumerate() {
            bits[k] |= fold(x);
        }
        let union = bits.into_iter().fold(0, |a, b| a | b);
        return (true, u128::from(union) + 1, 0.0);
    }
    // Eight independent lanes of floats alone, so that the compiler packs
    // them: an entry not above `−∞` (NaN or `−∞`) lowers `low` below 0.
    const LANES: usize = 8;
    let (mut low, mut m) = ([0.0f64; LANES], [0.0f64; LANES]);
    let chunks = work.chunks_exact(LANES);
    let tail = chunks.remainder();
    let mut lane = |k: usize, x: S| {
        let f = x.to_f64();
        let flag = if f > f64::NEG_INFINITY { 0.0 } else { -1.0 };
        low[k] = if flag < low[k] { flag } else { low[k] };
        let a = if f.abs() < f64::INFINITY {
            f.abs()
        } else {
            0.0
        };
        m[k] = if a > m[k] { a } else { m[k] };
    };
    for ch in chunks {
        for (k, &x) in ch.iter().enumerate() {
            lane(k, x);
        }
    }
    for (k, &x) in tail.iter().enumerate() {
        lane(k, x);
    }
    let m = m.iter().fold(0.0f64, |a, &b| a.max(b));
    (low.iter().all(|&b| b == 0.0), 0, m)
}
