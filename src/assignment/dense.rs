//! The dense rectangular assignment problem: shortest augmenting paths
//! with the Jonker–Volgenant initialisation.

use std::borrow::Cow;
use std::marker::PhantomData;

use super::cost::{check_magnitude, magnitude, Class, Cost, CostMatrix, Scalar, FLOAT_LIMIT};
use super::cost_scaling::{cost_scaling, Outcome};
use super::duals::{Rule, Solution, NONE};
use super::error::Error;
use super::hall;
use super::sparse::{Csr, HANDOVER_MIN_ROWS, SHORTEST_PATHS_BUDGET};

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
pub struct Assignment<'a, C: Cost> {
    costs: &'a CostMatrix<C>,
    maximize: bool,
    unmatched: Option<C>,
}

impl<'a, C: Cost> Assignment<'a, C> {
    /// A problem on `costs`: minimise, every row (or column) assigned.
    pub fn new(costs: &'a CostMatrix<C>) -> Self {
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
    /// augmenting row reduction, stopped early once its steps no longer
    /// free rows; then one Dijkstra search over the columns per unassigned
    /// row. A wide matrix is solved as is, a tall one transposed. The
    /// unmatched cost is an extra sink per row inside the same search, so
    /// the optimum is exact. A square integer problem of at least 256 rows
    /// without an unmatched cost whose searches pass 8 column relaxations
    /// per entry (the start does nothing for c(i, j) = i · j) goes to
    /// Goldberg–Kennedy cost scaling, as in
    /// [`MinCostMatching::solve`](super::MinCostMatching::solve).
    ///
    /// # Complexity
    ///
    /// O(r² · c) time for r = min(rows, cols), c = max(rows, cols) (with an
    /// unmatched cost, r = rows, c = cols); O(rows + cols) extra space, plus
    /// a copy of the matrix when it is transposed, negated or widened, and
    /// the entries in sparse form (12 bytes each, then a renumbered copy)
    /// when cost scaling takes over.
    ///
    /// # Testing
    ///
    /// Against brute force over every partial injection on every shape up
    /// to 7 × 7 (forbidden entries, ties, negatives, maximising, unmatched
    /// costs, `i64` extremes, costs spanning 10^±20), each answer also
    /// passing [`Solution::verify`]; against the sparse solver on the same
    /// instances, on every input path (`tests/suite/assignment_brute.rs`,
    /// `tests/suite/assignment_dense_paths.rs`, `tests/suite/assignment_large.rs`, and
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
    ///   leave no complete assignment.
    pub fn solve(&self) -> Result<Solution<C>, Error> {
        solve(self.costs, self.maximize, self.unmatched)
    }
}

/// The minimum-cost assignment of a dense cost matrix: every row assigned
/// if `rows ≤ cols`, else every column; `+∞` entries are forbidden. See
/// [`Assignment`] for maximising and unmatched costs.
///
/// # Complexity
///
/// As [`Assignment::solve`]: O(r² · c) for r = min(rows, cols),
/// c = max(rows, cols).
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
pub fn linear_sum_assignment<C: Cost>(costs: &CostMatrix<C>) -> Result<Solution<C>, Error> {
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
    costs: &CostMatrix<C>,
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
        _ => Cow::Owned(work_matrix(data, rows, cols, transpose, maximize)),
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
        let max_abs = exit.map_or(max_abs, |x| max_abs.max(magnitude(x)));
        check_magnitude(max_abs, rows + cols)?;
        floor_for::<C::Scalar>(max_abs, rows + cols)
    } else {
        let max_float = exit.map_or(max_float, |x| max_float.max(x.to_f64().abs()));
        if max_float * ((rows + cols) as f64 + 2.0) > FLOAT_LIMIT {
            return Err(Error::FloatRange {
                max_abs: max_float,
                size: rows + cols,
                limit: FLOAT_LIMIT,
            });
        }
        -C::Scalar::INF
    };
    let raw = match engine(&work, nr, nc, exit, floor) {
        Some(raw) => raw,
        None => {
            return Err(hall::dense_witness(costs, maximize));
        }
    };
    drop(work);
    let Raw {
        col4row,
        row4col,
        u,
        v,
    } = raw;
    let (row_to_col, col_to_row, mut u, mut v) = if transpose {
        (row4col, col4row, v, u)
    } else {
        (col4row, row4col, u, v)
    };
    let (row_rule, col_rule) = match exit {
        Some(x) => (Rule::OrPay(x), Rule::AtMost),
        None if rows == cols => (Rule::Exactly, Rule::Exactly),
        None if rows < cols => (Rule::Exactly, Rule::AtMost),
        None => (Rule::AtMost, Rule::Exactly),
    };
    let mut total = C::Scalar::ZERO;
    for (i, &j) in row_to_col.iter().enumerate() {
        if j == NONE {
            if let Some(x) = exit {
                total = total + x;
            }
        } else {
            total = total + scalar_cost(data[i * cols + j as usize], maximize, i, j as usize)?;
        }
    }
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
        maximize,
        row_rule,
        col_rule,
        exit_in_total: true,
        cover: None,
        marker: PhantomData,
    })
}

/// The rule in the user's sign: the unmatched cost as given.
pub(crate) fn flip<S: Scalar>(r: Rule<S>) -> Rule<S> {
    match r {
        Rule::OrPay(x) => Rule::OrPay(-x),
        other => other,
    }
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
/// maximising, transposed (in cache-sized blocks) when `transpose`.
fn work_matrix<C: Cost>(
    data: &[C],
    rows: usize,
    cols: usize,
    transpose: bool,
    maximize: bool,
) -> Vec<C::Scalar> {
    let scalars = C::as_scalars(data);
    let at = |k: usize| match scalars {
        Some(s) if maximize => s[k].negate(),
        Some(s) => s[k],
        None => raw_scalar(data[k], maximize),
    };
    if !transpose {
        return (0..data.len()).map(at).collect();
    }
    const BLOCK: usize = 32;
    let mut w = vec![C::Scalar::ZERO; data.len()];
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
    w
}

/// Whether every entry of the work matrix is allowed (finite, or `+∞`:
/// no NaN, no `−∞`), the largest magnitude of an integer entry, and the
/// largest finite magnitude of a float entry; without branches per entry.
fn scan<S: Scalar>(work: &[S]) -> (bool, u128, f64) {
    if S::EXACT {
        // Magnitudes of `i64` values fit `u64`; four lanes, as below.
        let mut m = [0u64; 4];
        for ch in work.chunks(4) {
            for (k, &x) in ch.iter().enumerate() {
                m[k] = m[k].max(magnitude(x) as u64);
            }
        }
        return (true, u128::from(m.into_iter().fold(0, u64::max)), 0.0);
    }
    // Four independent lanes, so that the compiler can vectorise.
    let (mut bad, mut m) = ([0u64; 4], [0.0f64; 4]);
    let chunks = work.chunks_exact(4);
    let tail = chunks.remainder();
    let mut lane = |k: usize, x: S| {
        let f = x.to_f64();
        bad[k] += u64::from(f.is_nan() | (f == f64::NEG_INFINITY));
        let a = f.abs();
        m[k] = m[k].max(if a < f64::INFINITY { a } else { 0.0 });
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
    (bad.iter().all(|&b| b == 0), 0, m)
}

/// The lowest column potential the augmenting row reduction may set on
/// integer costs, so that every later value stays inside `i64`.
pub(crate) fn floor_for<S: Scalar>(max_abs: u128, size: usize) -> S {
    // (size + 2) · max_abs ≤ i64::MAX / 64 was checked: 4 times it fits.
    let f = (max_abs * (size as u128 + 2) * 4) as i128;
    S::from_i128(-f)
}

/// The solver's result in its own orientation, minimising.
pub(crate) struct Raw<S> {
    pub(crate) col4row: Vec<u32>,
    pub(crate) row4col: Vec<u32>,
    pub(crate) u: Vec<S>,
    pub(crate) v: Vec<S>,
}

/// Solves the `nr × nc` minimising problem `c` (`INF` = forbidden) by
/// shortest augmenting paths; a square integer problem without an
/// unmatched cost whose searches run long (the JV start does not crack it,
/// as with c(i, j) = i · j) goes to cost scaling instead. `None` if no
/// complete assignment exists.
fn engine<S: Scalar>(c: &[S], nr: usize, nc: usize, exit: Option<S>, floor: S) -> Option<Raw<S>> {
    let scalable = S::EXACT && exit.is_none() && nr == nc && nr >= HANDOVER_MIN_ROWS;
    let budget = if scalable {
        SHORTEST_PATHS_BUDGET.saturating_mul(nr * nc + nr)
    } else {
        usize::MAX
    };
    match shortest_paths(c, nr, nc, exit, exit.is_none(), floor, budget) {
        Searched::Done(raw) => return Some(raw),
        Searched::Infeasible => return None,
        Searched::OverBudget => {}
    }
    match cost_scaling(&Csr::from_dense(c, nr, nc)) {
        Outcome::Solved(raw) => Some(raw),
        Outcome::NoPerfect => None,
        Outcome::Declined => match shortest_paths(c, nr, nc, exit, true, floor, usize::MAX) {
            Searched::Done(raw) => Some(raw),
            _ => None,
        },
    }
}

/// What the shortest-path engine made of a problem.
pub(crate) enum Searched<S> {
    /// Every row matched at least cost.
    Done(Raw<S>),
    /// Some row cannot be matched.
    Infeasible,
    /// The work budget ran out first.
    OverBudget,
}

/// Where an augmenting path ends.
#[derive(Clone, Copy)]
enum Sink {
    /// A free column.
    Column(u32),
    /// A row leaving for its unmatched option.
    Exit(u32),
}

/// Solves the `nr × nc` minimising problem `c` (row-major, `INF` =
/// forbidden), `nr ≤ nc` unless `exit` (the unmatched cost) is given.
/// `None` if no complete assignment exists.
pub(crate) fn shortest_paths<S: Scalar>(
    c: &[S],
    nr: usize,
    nc: usize,
    exit: Option<S>,
    init: bool,
    floor: S,
    budget: usize,
) -> Searched<S> {
    let mut col4row = vec![NONE; nr];
    let mut row4col = vec![NONE; nc];
    let mut v = vec![S::ZERO; nc];
    let free: Vec<u32> = if init && nr > 0 {
        match jv_initialise(c, nr, nc, &mut col4row, &mut row4col, &mut v, floor) {
            Some((free, ..)) => free,
            None => return Searched::Infeasible,
        }
    } else {
        (0..nr as u32).collect()
    };
    // Row potentials: tight on assigned rows.
    let mut u: Vec<S> = (0..nr)
        .map(|i| match col4row[i] {
            NONE => S::ZERO,
            j => c[i * nc + j as usize] - v[j as usize],
        })
        .collect();
    // Distances and predecessors of scanned columns, by column.
    let mut dist = vec![S::INF; nc];
    let mut path = vec![NONE; nc];
    // The columns by position, free ones first (`rj[..free_cols]`), their
    // potentials `rv`, and each one's position. A search keeps its
    // unscanned columns in `rj[..live]`, with their tentative distances
    // `rd` and predecessors `rp`, so that the hot loop reads memory in
    // order: a scanned column is swapped to the tail, and the swaps are
    // undone when the search ends. Free columns stay in front (only
    // assigned ones leave before a search ends), so the first nearest
    // column is a free one if any is.
    let mut rj: Vec<u32> = (0..nc as u32)
        .filter(|&j| row4col[j as usize] == NONE)
        .collect();
    let mut free_cols = rj.len();
    rj.extend((0..nc as u32).filter(|&j| row4col[j as usize] != NONE));
    let mut rv: Vec<S> = rj.iter().map(|&j| v[j as usize]).collect();
    let mut place = vec![0u32; nc];
    for (k, &j) in rj.iter().enumerate() {
        place[j as usize] = k as u32;
    }
    let mut rd: Vec<S> = vec![S::INF; nc];
    let mut rp: Vec<u32> = vec![NONE; nc];
    let mut swaps: Vec<u32> = Vec::new();
    let mut tree_rows: Vec<u32> = Vec::new();
    let mut tree_cols: Vec<u32> = Vec::new();
    let mut work = 0usize;
    for cur in free {
        tree_rows.clear();
        tree_cols.clear();
        swaps.clear();
        let mut live = nc;
        let mut min_val = S::ZERO;
        let mut i = cur;
        let (mut best_exit, mut exit_row) = (S::INF, NONE);
        let sink = loop {
            tree_rows.push(i);
            let iu = i as usize;
            if let Some(x) = exit {
                // The row's own "stay unassigned" sink.
                let r = min_val + x - u[iu];
                if r < best_exit {
                    best_exit = r;
                    exit_row = i;
                }
            }
            let k = tree_rows.len();
            work += live;
            if work > budget {
                return Searched::OverBudget;
            }
            let (row, base) = (&c[iu * nc..(iu + 1) * nc], min_val - u[iu]);
            let (rj, rd, rp, rv) = (
                &mut rj[..live],
                &mut rd[..live],
                &mut rp[..live],
                &mut rv[..live],
            );
            // The first row sets every distance. Early in a search many
            // distances improve, unpredictably: no branch then. Later few
            // do, and a predicted branch that skips the store is faster
            // on floats.
            let (lowest, index) = if k == 1 {
                relax::<S, true, true>(row, base, i, rj, rd, rp, rv)
            } else if S::EXACT || k <= MASKED_ROWS {
                relax::<S, false, true>(row, base, i, rj, rd, rp, rv)
            } else {
                relax::<S, false, false>(row, base, i, rj, rd, rp, rv)
            };
            if best_exit < lowest
                || (best_exit == lowest
                    && index != usize::MAX
                    && row4col[rj[index] as usize] != NONE)
                || (index == usize::MAX && exit.is_some())
            {
                min_val = best_exit;
                break Sink::Exit(exit_row);
            }
            if index == usize::MAX || lowest >= S::INF {
                return Searched::Infeasible;
            }
            min_val = lowest;
            let j = rj[index];
            dist[j as usize] = lowest;
            path[j as usize] = rp[index];
            tree_cols.push(j);
            if row4col[j as usize] == NONE {
                break Sink::Column(j);
            }
            live -= 1;
            rj.swap(index, live);
            rd.swap(index, live);
            rp.swap(index, live);
            rv.swap(index, live);
            swaps.push(index as u32);
            i = row4col[j as usize];
        };
        // Potentials: Dijkstra's distances keep reduced costs non-negative.
        u[cur as usize] = u[cur as usize] + min_val;
        for &r in &tree_rows[1..] {
            let r = r as usize;
            u[r] = u[r] + min_val - dist[col4row[r] as usize];
        }
        for &j in &tree_cols {
            let j = j as usize;
            v[j] = v[j] - (min_val - dist[j]);
        }
        // Back to the layout of the search's start, then the new
        // potentials, and a free sink out of the free front.
        for &index in swaps.iter().rev() {
            let index = index as usize;
            let last = live;
            live += 1;
            rj.swap(index, last);
            rv.swap(index, last);
        }
        for &j in &tree_cols {
            rv[place[j as usize] as usize] = v[j as usize];
        }
        if let Sink::Column(j) = sink {
            free_cols -= 1;
            let (a, b) = (place[j as usize] as usize, free_cols);
            rj.swap(a, b);
            rv.swap(a, b);
            place[rj[a] as usize] = a as u32;
            place[rj[b] as usize] = b as u32;
        }
        // Flip the path.
        let mut j = match sink {
            Sink::Column(j) => j,
            Sink::Exit(r) if r == cur => continue,
            Sink::Exit(r) => std::mem::replace(&mut col4row[r as usize], NONE),
        };
        loop {
            let r = path[j as usize];
            row4col[j as usize] = r;
            std::mem::swap(&mut col4row[r as usize], &mut j);
            if r == cur {
                break;
            }
        }
    }
    Searched::Done(Raw {
        col4row,
        row4col,
        u,
        v,
    })
}

/// The rows of a float search relaxed without branches.
const MASKED_ROWS: usize = 16;

/// The steps of augmenting row reduction a freed row earns back.
const EARN: usize = 32;

/// Relaxes row `i` (its costs `row`, `base` = the distance to it minus its
/// potential) into the unscanned columns `rj` (tentative distances `rd`,
/// predecessors `rp`, potentials `rv`, by position) and returns the least
/// distance with its first position (`usize::MAX` if every distance is
/// infinite). One pass; `FIRST`: the distances are set, not lowered;
/// `MASKED`: without branches per column.
#[inline(never)]
fn relax<S: Scalar, const FIRST: bool, const MASKED: bool>(
    row: &[S],
    base: S,
    i: u32,
    rj: &[u32],
    rd: &mut [S],
    rp: &mut [u32],
    rv: &[S],
) -> (S, usize) {
    let mut lowest = S::INF;
    let mut index = usize::MAX;
    for (pos, (((&j, d), p), &vj)) in rj
        .iter()
        .zip(rd.iter_mut())
        .zip(rp.iter_mut())
        .zip(rv)
        .enumerate()
    {
        let r = base + row[j as usize] - vj;
        let old = if FIRST { S::INF } else { *d };
        // A minimum, and the predecessor by a mask: no branch (the two
        // differ only on −0 < +0, equal distances: either predecessor is
        // right).
        let now = if r < old { r } else { old };
        if FIRST {
            *d = now;
            *p = i;
        } else if MASKED {
            *d = now;
            let keep = less_mask(r, old);
            *p = (*p & !keep) | (i & keep);
        } else if r < old {
            *d = r;
            *p = i;
        }
        let lower = now < lowest;
        lowest = if lower { now } else { lowest };
        index = if lower { pos } else { index };
    }
    (lowest, index)
}

/// All ones if `a < b` for distances (finite or `+∞`), else zero: for
/// floats by integer arithmetic on the IEEE order, so that the compiler
/// neither branches (which distances improve is unpredictable) nor turns
/// it back into a float comparison. It says `−0 < +0`.
#[inline(always)]
fn less_mask<S: Scalar>(a: S, b: S) -> u32 {
    if S::EXACT {
        0u32.wrapping_sub((a < b) as u32)
    } else {
        let key = |x: f64| {
            let b = x.to_bits() as i64;
            i128::from(b ^ (((b >> 63) as u64) >> 1) as i64)
        };
        ((key(a.to_f64()) - key(b.to_f64())) >> 64) as u32
    }
}

/// Column reduction and reduction transfer (square problems): every column
/// potential becomes its column's least cost, each column's cheapest row
/// takes it if still free, and a row assigned once passes its slack to its
/// column. Fills `free` with the unassigned rows.
fn column_reduction<S: Scalar>(
    c: &[S],
    n: usize,
    nc: usize,
    col4row: &mut [u32],
    row4col: &mut [u32],
    v: &mut [S],
    free: &mut Vec<u32>,
) -> Option<()> {
    // Row by row, for contiguous access.
    let mut argmin = vec![0u32; nc];
    v.fill(S::INF);
    for i in 0..n {
        let row = &c[i * nc..(i + 1) * nc];
        for j in 0..nc {
            if row[j] < v[j] {
                v[j] = row[j];
                argmin[j] = i as u32;
            }
        }
    }
    if v.iter().any(|&x| x >= S::INF) {
        return None;
    }
    let mut matches = vec![0u32; n];
    for j in (0..nc).rev() {
        let i = argmin[j] as usize;
        matches[i] += 1;
        if col4row[i] == NONE {
            col4row[i] = j as u32;
            row4col[j] = i as u32;
        }
    }
    for i in 0..n {
        if matches[i] == 0 {
            free.push(i as u32);
        } else if matches[i] == 1 {
            let j1 = col4row[i] as usize;
            let row = &c[i * nc..(i + 1) * nc];
            let mut min = S::INF;
            for (j, (&cij, &vj)) in row.iter().zip(v.iter()).enumerate() {
                if j != j1 {
                    min = min.min2(cij - vj);
                }
            }
            if min < S::INF {
                v[j1] = v[j1] - min;
            }
        }
    }
    Some(())
}

/// Jonker and Volgenant's initialisation: column reduction and reduction
/// transfer when square (a wide problem starts from zero potentials and
/// each row's cheapest column instead), then two rounds of augmenting row
/// reduction. Leaves every assigned row on a column of least reduced cost
/// `c[i][j] − v[j]`, and column potentials only lowered on assigned
/// columns; returns the free rows and whether the reduction's budget ran
/// out, or `None` if some row (or, when square, some column) has no
/// allowed entry.
fn jv_initialise<S: Scalar>(
    c: &[S],
    n: usize,
    nc: usize,
    col4row: &mut [u32],
    row4col: &mut [u32],
    v: &mut [S],
    floor: S,
) -> Option<(Vec<u32>, bool)> {
    let mut free = Vec::new();
    if nc > n {
        // Wide: column potentials must stay ≤ 0 and 0 on free columns, so
        // no column reduction: each row takes its cheapest column if free.
        for i in 0..n {
            let row = &c[i * nc..(i + 1) * nc];
            let (mut best, mut arg) = (S::INF, usize::MAX);
            for (j, &x) in row.iter().enumerate() {
                if x < best {
                    best = x;
                    arg = j;
                }
            }
            if arg == usize::MAX {
                return None;
            }
            if row4col[arg] == NONE {
                row4col[arg] = i as u32;
                col4row[i] = arg as u32;
            } else {
                free.push(i as u32);
            }
        }
    } else {
        column_reduction(c, n, nc, col4row, row4col, v, &mut free)?;
    }
    // Augmenting row reduction.
    let cap = 8 * n + 16;
    // A budget of steps: each step spends one, each step that frees a row
    // earns `EARN` back (up to the starting budget). Once it is spent the
    // reduction stops for good and its rows go to the searches, which are
    // cheaper than long runs of steps that free nothing (ties, or nearly
    // equal reduced costs).
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
            let iu = i as usize;
            let row = &c[iu * nc..(iu + 1) * nc];
            let (mut u1, mut u2) = (S::INF, S::INF);
            let (mut j1, mut j2) = (usize::MAX, usize::MAX);
            for (j, (&cij, &vj)) in row.iter().zip(v.iter()).enumerate() {
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
            if j1 == usize::MAX || u1 >= S::INF {
                return None;
            }
            let mut i0 = row4col[j1];
            let lowered = u1 < u2 && u2 < S::INF && v[j1] - (u2 - u1) >= floor;
            if lowered {
                v[j1] = v[j1] - (u2 - u1);
            } else if i0 != NONE {
                if u1 == u2 && j2 != usize::MAX {
                    j1 = j2;
                    i0 = row4col[j2];
                } else {
                    free.push(i);
                    continue;
                }
            }
            col4row[iu] = j1 as u32;
            row4col[j1] = i;
            if i0 == NONE {
                budget = (budget + EARN).min(full);
            } else {
                col4row[i0 as usize] = NONE;
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
    use super::*;

    /// xorshift64*.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: u64) -> i64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n) as i64
        }
    }

    /// The cost of an assignment of every row, and whether the potentials
    /// prove it optimal (free columns, when wide, at potential 0, every
    /// column potential at most 0).
    fn certified(c: &[i64], nc: usize, raw: &Raw<i64>) -> (i64, bool) {
        let (mut total, mut ok) = (0, true);
        for (i, &j) in raw.col4row.iter().enumerate() {
            let row = &c[i * nc..(i + 1) * nc];
            ok &= j != NONE && raw.row4col[j as usize] == i as u32;
            ok &= row
                .iter()
                .zip(&raw.v)
                .all(|(&x, &vj)| x - raw.u[i] - vj >= 0);
            if j != NONE {
                ok &= row[j as usize] == raw.u[i] + raw.v[j as usize];
                total += row[j as usize];
            }
        }
        if raw.col4row.len() < nc {
            ok &= (0..nc).all(|j| raw.v[j] <= 0 && (raw.row4col[j] != NONE || raw.v[j] == 0));
        }
        (total, ok)
    }

    #[test]
    fn the_reduction_budget_runs_out_or_not_and_the_optimum_is_the_same() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let (mut ran_out, mut lasted) = (0, 0);
        for &(n, wide) in &[
            (40, false),
            (70, false),
            (130, false),
            (50, true),
            (90, true),
        ] {
            let nc = if wide { 2 * n } else { n };
            for family in 0..4 {
                let c: Vec<i64> = (0..n * nc)
                    .map(|k| match family {
                        0 => rng.below(2),
                        1 => rng.below(4),
                        2 => rng.below(1_000_000),
                        _ => ((k / nc + 1) * (k % nc + 1)) as i64,
                    })
                    .collect();
                let max_abs = c.iter().map(|x| x.unsigned_abs() as u128).max().unwrap();
                let floor = floor_for::<i64>(max_abs, n + nc);
                let (mut a, mut b, mut v) = (vec![NONE; n], vec![NONE; nc], vec![0; nc]);
                let (_, out) = jv_initialise(&c, n, nc, &mut a, &mut b, &mut v, floor).unwrap();
                if out {
                    ran_out += 1;
                } else {
                    lasted += 1;
                }
                let done = |s: Searched<i64>| match s {
                    Searched::Done(raw) => raw,
                    _ => panic!("feasible by construction"),
                };
                let with = done(shortest_paths(&c, n, nc, None, true, floor, usize::MAX));
                let without = done(shortest_paths(&c, n, nc, None, false, floor, usize::MAX));
                let (x, x_ok) = certified(&c, nc, &with);
                let (y, y_ok) = certified(&c, nc, &without);
                assert!(x_ok && y_ok, "n {n}, wide {wide}, family {family}");
                assert_eq!(x, y, "n {n}, wide {wide}, family {family}");
            }
        }
        assert!(
            ran_out > 0 && lasted > 0,
            "{ran_out} ran out, {lasted} lasted"
        );
    }
}
