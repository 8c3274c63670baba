//! Solutions, their dual potentials, and the check that the potentials
//! prove the solution optimal.

use std::marker::PhantomData;

use super::cast::approx;
use super::cost::{least_difference, Class, Cost, CostMatrix, Scalar};
use super::engine::{Raw, Rule, NONE};
use super::error::Error;
use super::exact::{next_down, ExactSum};
use super::subproblem::{Lookup, Subproblem};
use super::weighted::WeightedBipartite;
use crate::util::{idx, Mated};
use crate::Side;

/// An optimal assignment with its proof.
///
/// The potentials `u` (rows) and `v` (columns) are for the original costs.
/// When minimising, every allowed entry has `c[i][j] − u[i] − v[j] ≥ 0`,
/// every assigned pair has equality, and `Σu + Σv` equals
/// [`total_cost`](Self::total_cost); side conditions: when some columns may
/// stay unassigned their potentials are `≤ 0` (and `0` if unassigned), the
/// same for rows, and under an unmatched cost `X` every row potential is
/// `≤ X` (and `X` if the row is unassigned). When maximising, every
/// inequality is reversed. [`verify`](Self::verify) checks all of it.
///
/// Float potentials are exactly feasible (every inequality holds for the
/// `f64` values as exact numbers), so `Σu + Σv` is a true bound on the
/// optimum; equality holds only up to rounding, and [`gap`](Self::gap)
/// says by how much at most.
///
/// The pairs come out in several shapes: [`pairs`](Self::pairs) (also
/// `for (row, col) in &solution`), SciPy's `(row_ind, col_ind)` with
/// [`row_col_indices`](Self::row_col_indices), and the mates of either
/// side with [`mates`](Self::mates) (rows are [`Side::Left`], columns
/// [`Side::Right`]).
///
/// ```
/// use bimatch::assignment::{linear_sum_assignment, CostMatrix};
/// use bimatch::Side;
///
/// let c = CostMatrix::from_rows([[8i64, 4], [2, 6], [3, 5]])?;
/// let s = linear_sum_assignment(&c)?;
/// assert_eq!(s.row_col_indices(), (vec![0, 1], vec![1, 0]));
/// assert_eq!(s.mates(Side::Left), [Some(1), Some(0), None]);
/// assert_eq!(s.mates(Side::Right), [Some(1), Some(0)]);
/// let mut total = 0;
/// for (row, col) in &s {
///     total += c.get(row, col);
/// }
/// assert_eq!(total, s.total_cost());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Solution<C: Cost> {
    pub(crate) row_to_col: Vec<u32>,
    pub(crate) col_to_row: Vec<u32>,
    pub(crate) u: Vec<C::Scalar>,
    pub(crate) v: Vec<C::Scalar>,
    pub(crate) total: C::Scalar,
    /// The duality gap the potentials prove, rounded up (0 on integers).
    pub(crate) gap: C::Scalar,
    pub(crate) maximize: bool,
    pub(crate) row_rule: Rule<C::Scalar>,
    pub(crate) col_rule: Rule<C::Scalar>,
    /// Whether the unmatched cost of a [`Rule::OrPay`] counts in the total
    /// (it does not when it is only the dual's bound in a maximum-cardinality
    /// solution).
    pub(crate) exit_in_total: bool,
    /// A König cover (rows, columns) proving the cardinality maximum.
    pub(crate) cover: Option<(Vec<u32>, Vec<u32>)>,
    /// The subproblem a ranked solution of `k_best` is optimal in.
    pub(crate) within: Option<Box<Subproblem>>,
    pub(crate) marker: PhantomData<C>,
}

/// An instance a [`Solution`] can be checked against: a
/// [`CostMatrix`] or a
/// [`WeightedBipartite`]. Sealed.
pub trait Instance<C: Cost>: private::Sealed {
    /// Rows and columns.
    #[doc(hidden)]
    fn shape(&self) -> (usize, usize);
    /// Calls `f(row, col, cost)` on every entry, forbidden ones included.
    #[doc(hidden)]
    fn for_each_entry<F: FnMut(usize, usize, C)>(&self, f: F);
    /// Calls `f(row, col, cost)` on every entry that is assigned (`mates`)
    /// or not [plainly feasible](Cost::plainly_feasible) for the potentials
    /// `u`, `v`, and perhaps on others.
    #[doc(hidden)]
    fn for_each_doubtful_entry<F: FnMut(usize, usize, C)>(
        &self,
        mates: &[u32],
        u: &[C::Scalar],
        v: &[C::Scalar],
        maximize: bool,
        mut f: F,
    ) {
        self.for_each_entry(|i, j, c| {
            if idx(mates[i]) == j || !c.plainly_feasible(u[i], v[j], maximize) {
                f(i, j, c)
            }
        })
    }
}

mod private {
    pub trait Sealed {}
    impl<C, S> Sealed for super::CostMatrix<C, S> {}
    impl<C> Sealed for super::WeightedBipartite<C> {}
}

impl<C: Cost, S: AsRef<[C]>> Instance<C> for CostMatrix<C, S> {
    fn shape(&self) -> (usize, usize) {
        (self.rows(), self.cols())
    }
    fn for_each_entry<F: FnMut(usize, usize, C)>(&self, mut f: F) {
        for i in 0..self.rows() {
            for (j, &c) in self.row(i).iter().enumerate() {
                f(i, j, c);
            }
        }
    }
    fn for_each_doubtful_entry<F: FnMut(usize, usize, C)>(
        &self,
        mates: &[u32],
        u: &[C::Scalar],
        v: &[C::Scalar],
        maximize: bool,
        mut f: F,
    ) {
        for i in 0..self.rows() {
            let row = self.row(i);
            if C::row_plainly_feasible(row, u[i], v, maximize) {
                // Only the assigned entry needs a closer look.
                if let Some(&c) = row.get(idx(mates[i])) {
                    f(i, idx(mates[i]), c);
                }
            } else {
                for (j, &c) in row.iter().enumerate() {
                    f(i, j, c);
                }
            }
        }
    }
}

impl<C: Cost> Instance<C> for WeightedBipartite<C> {
    fn shape(&self) -> (usize, usize) {
        (self.rows(), self.cols())
    }
    fn for_each_entry<F: FnMut(usize, usize, C)>(&self, mut f: F) {
        for (i, j, c) in self.entries() {
            f(i, j, c);
        }
    }
}

impl<C: Cost> Solution<C> {
    /// The total cost: the assigned entries, plus the unmatched cost for
    /// every unassigned row when one was given. Float totals are the
    /// exact sum of those costs, rounded once to the nearest `f64`.
    pub fn total_cost(&self) -> C::Scalar {
        self.total
    }

    /// The optimality gap the potentials prove: the exact cost of the
    /// solution minus the dual bound `Σu + Σv` (less the unmatched costs
    /// of a maximum-cardinality solution), rounded up. No solution of the
    /// same problem costs less than `total_cost() − gap()` (when
    /// maximising, none gains more than `total_cost() + gap()`), up to
    /// the rounding of the total itself. Always 0 on integer costs, whose
    /// certificates are exact; on floats a few units in the last place of
    /// the magnitudes involved, at most the tolerance
    /// [`verify`](Self::verify) allows.
    ///
    /// ```
    /// use bimatch::assignment::{Assignment, CostMatrix};
    ///
    /// let c = CostMatrix::from_rows([[0.2f64, 0.2], [-0.1, 0.1]])?;
    /// let s = Assignment::new(&c).unmatched_cost(1.1).solve()?;
    /// s.verify(&c)?;
    /// assert!((s.total_cost() - 0.1).abs() < 1e-15);
    /// assert!(s.gap() >= 0.0 && s.gap() < 1e-15);
    ///
    /// let i = CostMatrix::from_rows([[2i64, 7], [5, 1]])?;
    /// assert_eq!(Assignment::new(&i).solve()?.gap(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gap(&self) -> C::Scalar {
        self.gap
    }

    /// The number of assigned pairs.
    pub fn len(&self) -> usize {
        self.row_to_col.iter().filter(|&&j| j != NONE).count()
    }

    /// Whether no pair is assigned.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.row_to_col.len()
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.col_to_row.len()
    }

    /// For each row, its column, or `None` if it is unassigned.
    pub fn row_to_col(&self) -> Mates<'_> {
        Mates {
            mates: self.row_to_col.iter(),
        }
    }

    /// For each column, its row, or `None` if it is unassigned.
    pub fn col_to_row(&self) -> Mates<'_> {
        Mates {
            mates: self.col_to_row.iter(),
        }
    }

    /// The mates of one side, as a vector: for [`Side::Left`] each row's
    /// column (as [`row_to_col`](Self::row_to_col)), for [`Side::Right`]
    /// each column's row; `None` where unassigned.
    pub fn mates(&self, side: Side) -> Vec<Option<usize>> {
        match side {
            Side::Left => self.row_to_col().collect(),
            Side::Right => self.col_to_row().collect(),
        }
    }

    /// The column of `row`, or `None` if it is unassigned or out of range.
    pub fn col_of(&self, row: usize) -> Option<usize> {
        self.row_to_col.get(row).and_then(|&j| opt(j))
    }

    /// The row of `col`, or `None` if it is unassigned or out of range.
    pub fn row_of(&self, col: usize) -> Option<usize> {
        self.col_to_row.get(col).and_then(|&i| opt(i))
    }

    /// The assigned `(row, col)` pairs, by ascending row.
    pub fn pairs(&self) -> Pairs<'_> {
        Pairs {
            pairs: Mated::new(&self.row_to_col, self.len(), false),
        }
    }

    /// The assigned pairs as SciPy's `linear_sum_assignment` returns them:
    /// `(row_ind, col_ind)`, sorted by row, with `col_ind[k]` the column of
    /// row `row_ind[k]`.
    pub fn row_col_indices(&self) -> (Vec<usize>, Vec<usize>) {
        self.pairs().unzip()
    }

    /// The row potentials `u`.
    pub fn row_potentials(&self) -> &[C::Scalar] {
        &self.u
    }

    /// The column potentials `v`.
    pub fn col_potentials(&self) -> &[C::Scalar] {
        &self.v
    }

    /// For a solution of [`k_best`](fn@super::k_best), the subproblem it is
    /// optimal in (its forced and excluded pairs), on which
    /// [`verify`](Self::verify) checks it; `None` for the other solvers'
    /// solutions, optimal in the whole problem.
    pub fn subproblem(&self) -> Option<&Subproblem> {
        self.within.as_deref()
    }

    /// Checks, trusting nothing the solver computed except what it returns,
    /// that this is an optimal solution of `instance`: the pairs are
    /// allowed entries and a matching, the side conditions hold (every row,
    /// or every column, assigned when required), the potentials are
    /// feasible with the sign conditions above, and the primal cost equals
    /// the dual objective and [`total_cost`](Self::total_cost). A solution
    /// of [`min_cost_matching`](super::min_cost_matching) that leaves both
    /// rows and columns unassigned also carries a König vertex cover of its
    /// size, which proves its cardinality maximum; that is checked too.
    ///
    /// Integer costs are checked exactly (in `i128`), and [`gap`](Self::gap)
    /// must be 0. Float costs are checked by this rule, every step exact
    /// on the `f64` values taken as rational numbers:
    ///
    /// 1. every reduced cost `c − u − v` is `≥ 0` (`≤ 0` when maximising)
    ///    and every sign condition holds, with no tolerance;
    /// 2. the duality gap `G` = the cost of the pairs (and of the
    ///    unassigned rows, under an unmatched cost) `− Σu − Σv` is at most
    ///    [`gap`](Self::gap), which is at most
    ///    `τ = 2^−40 · (rows + cols + 1) · M`, with `M` the largest
    ///    magnitude among the assigned costs, the unmatched cost and the
    ///    potentials;
    /// 3. [`total_cost`](Self::total_cost) is the exact cost rounded to the
    ///    nearest `f64`.
    ///
    /// By (1) `Σu + Σv` bounds every solution's cost, so (2) proves this
    /// one within `gap() ≤ τ` of the optimum; the solvers' rounding stays
    /// far inside `τ` (they bring their potentials to exact feasibility by
    /// lowering each row's to its least reduced cost rounded down).
    ///
    /// # Complexity
    ///
    /// O(rows + cols + entries) time, O(rows + cols) extra space.
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] if the instance has another shape;
    /// [`Error::CertificateInvalid`] naming the first condition that fails;
    /// [`Error::BadCost`] for an entry that is NaN or the wrong infinity.
    ///
    /// ```
    /// use bimatch::assignment::{linear_sum_assignment, CostMatrix};
    ///
    /// let c = CostMatrix::from_rows(vec![vec![4i64, 1, 3], vec![2, 0, 5], vec![3, 2, 2]])?;
    /// let s = linear_sum_assignment(&c)?;
    /// s.verify(&c)?;
    /// assert_eq!(s.total_cost(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn verify<I: Instance<C> + ?Sized>(&self, instance: &I) -> Result<(), Error> {
        self.verify_matching(instance)?;
        if let Some(p) = self
            .u
            .iter()
            .chain(&self.v)
            .find(|p| p.to_f64().is_nan() || p.to_f64().is_infinite())
        {
            return invalid(format!("the potential {p:?} is not finite"));
        }
        // A ranked solution is checked on its subproblem.
        let (rows, cols) = instance.shape();
        let within = self.within.as_deref().map(|w| w.lookup(rows, cols));
        if let Some(what) = within.as_ref().and_then(|w| w.unmet(&self.row_to_col)) {
            return invalid(what);
        }
        if C::Scalar::EXACT {
            self.verify_exact(instance, within.as_ref())?;
        } else {
            self.verify_float(instance, within.as_ref())?;
        }
        if let Some((cr, cc)) = &self.cover {
            self.verify_cover(instance, cr, cc)?;
        }
        Ok(())
    }

    /// The shapes agree and the pairs form a matching.
    fn verify_matching<I: Instance<C> + ?Sized>(&self, instance: &I) -> Result<(), Error> {
        let (rows, cols) = instance.shape();
        if (rows, cols) != (self.rows(), self.cols())
            || self.u.len() != rows
            || self.v.len() != cols
        {
            return Err(Error::SizeMismatch {
                sol_rows: self.rows(),
                sol_cols: self.cols(),
                rows,
                cols,
            });
        }
        for (i, &j) in self.row_to_col.iter().enumerate() {
            if j != NONE && (idx(j) >= cols || idx(self.col_to_row[idx(j)]) != i) {
                return invalid(format!(
                    "row {i} and its column {j} do not point at each other"
                ));
            }
        }
        for (j, &i) in self.col_to_row.iter().enumerate() {
            if i != NONE && (idx(i) >= rows || idx(self.row_to_col[idx(i)]) != j) {
                return invalid(format!(
                    "column {j} and its row {i} do not point at each other"
                ));
            }
        }
        Ok(())
    }

    /// Calls `f(row, col, x, assigned)` on every finite entry that is
    /// assigned or not plainly feasible, after checking that it is
    /// feasible (exactly); returns the number of assigned entries seen.
    fn check_entries<I: Instance<C> + ?Sized>(
        &self,
        instance: &I,
        within: Option<&Lookup>,
        mut f: impl FnMut(usize, usize, C::Scalar, bool) -> Option<Error>,
    ) -> Result<(), Error> {
        let (su, sv) = (&self.u, &self.v);
        let mut failure: Option<Error> = None;
        let mut pairs_seen = 0usize;
        instance.for_each_doubtful_entry(&self.row_to_col, su, sv, self.maximize, |i, j, c| {
            if failure.is_some() || within.is_some_and(|w| w.excludes(i, j)) {
                return;
            }
            let x = match (c.class(), self.maximize) {
                (Class::Finite(x), _) => x,
                (Class::PosInf, false) | (Class::NegInf, true) => return,
                (Class::Nan, _) => {
                    failure = Some(Error::BadCost {
                        row: i,
                        col: j,
                        reason: "the cost is NaN",
                    });
                    return;
                }
                _ => {
                    failure = Some(Error::BadCost {
                        row: i,
                        col: j,
                        reason: "the cost is the infinity that does not mean forbidden",
                    });
                    return;
                }
            };
            let matched = idx(self.row_to_col[i]) == j;
            if C::Scalar::reduced_sign(x, su[i], sv[j], self.maximize) < 0 {
                let reduced = x - su[i] - sv[j];
                failure = Some(Error::CertificateInvalid {
                    what: format!(
                        "row {i}, column {j}: the reduced cost {reduced:?} has the wrong sign"
                    ),
                });
                return;
            }
            if matched {
                pairs_seen += 1;
            }
            failure = f(i, j, x, matched);
        });
        if let Some(e) = failure {
            return Err(e);
        }
        let pairs = self.len();
        if pairs_seen != pairs {
            return invalid(format!(
                "{} assigned pairs are not allowed entries",
                pairs - pairs_seen
            ));
        }
        Ok(())
    }

    /// The integer check, in `i128`.
    fn verify_exact<I: Instance<C> + ?Sized>(
        &self,
        instance: &I,
        within: Option<&Lookup>,
    ) -> Result<(), Error> {
        // In minimising form: flip every sign when maximising.
        let sign = |x: C::Scalar| -> i128 {
            let a = x.to_i128();
            if self.maximize {
                -a
            } else {
                a
            }
        };
        let (su, sv) = (&self.u, &self.v);
        let mut primal = 0i128;
        self.check_entries(instance, within, |i, j, x, matched| {
            if !matched {
                return None;
            }
            if C::Scalar::reduced_sign(x, su[i], sv[j], self.maximize) > 0 {
                let reduced = sign(x) - sign(su[i]) - sign(sv[j]);
                return Some(Error::CertificateInvalid {
                    what: format!(
                        "row {i}, column {j}: assigned, but the reduced cost is {reduced}"
                    ),
                });
            }
            primal += sign(x);
            None
        })?;
        let mut dual = 0i128;
        let mut exits = 0i128;
        for (k, (mates, pots, rule, what)) in [
            (&self.row_to_col, su, self.row_rule, "row"),
            (&self.col_to_row, sv, self.col_rule, "column"),
        ]
        .into_iter()
        .enumerate()
        {
            for (i, (&m, &p)) in mates.iter().zip(pots).enumerate() {
                let p = sign(p);
                dual += p;
                let free = m == NONE;
                let rule = match within {
                    Some(w) if k == 0 && w.must_assign(i) => Rule::Exactly,
                    _ => rule,
                };
                match rule {
                    Rule::Exactly if free => {
                        return invalid(format!("{what} {i} must be assigned but is not"));
                    }
                    Rule::Exactly => {}
                    Rule::AtMost => {
                        if p > 0 || (free && p < 0) {
                            return invalid(format!(
                                "{what} {i}: potential {p:?} breaks its sign condition"
                            ));
                        }
                    }
                    Rule::OrPay(x) => {
                        let x = sign(x);
                        if k == 1 || p > x || (free && p < x) {
                            return invalid(format!(
                                "{what} {i}: potential {p:?} breaks the unmatched-cost condition"
                            ));
                        }
                        if free {
                            exits += x;
                        }
                    }
                }
            }
        }
        if primal + exits != dual {
            return invalid(format!(
                "the primal cost {} differs from the dual objective {dual}",
                primal + exits
            ));
        }
        let reported = if self.exit_in_total {
            primal + exits
        } else {
            primal
        };
        if sign(self.total) != reported {
            return invalid(format!(
                "the reported total {:?} is not the cost of the pairs",
                self.total
            ));
        }
        if self.gap.to_i128() != 0 {
            return invalid(format!(
                "the reported gap {:?} is not 0 on integer costs",
                self.gap
            ));
        }
        Ok(())
    }

    /// The float check: feasibility and sign conditions exact, the gap
    /// summed exactly and bounded by the tolerance.
    fn verify_float<I: Instance<C> + ?Sized>(
        &self,
        instance: &I,
        within: Option<&Lookup>,
    ) -> Result<(), Error> {
        let sign = |x: C::Scalar| -> f64 {
            let a = x.to_f64();
            if self.maximize {
                -a
            } else {
                a
            }
        };
        // The cost of the pairs; the gap; the largest magnitude.
        let mut primal = ExactSum::new();
        let mut gap = ExactSum::new();
        let mut big = 0.0f64;
        self.check_entries(instance, within, |_, _, x, matched| {
            if matched {
                primal.add(sign(x));
                gap.add(sign(x));
                big = big.max(x.to_f64().abs());
            }
            None
        })?;
        for (k, (mates, pots, rule, what)) in [
            (&self.row_to_col, &self.u, self.row_rule, "row"),
            (&self.col_to_row, &self.v, self.col_rule, "column"),
        ]
        .into_iter()
        .enumerate()
        {
            for (i, (&m, &p)) in mates.iter().zip(pots).enumerate() {
                let p = sign(p);
                gap.sub(p);
                big = big.max(p.abs());
                let free = m == NONE;
                let rule = match within {
                    Some(w) if k == 0 && w.must_assign(i) => Rule::Exactly,
                    _ => rule,
                };
                match rule {
                    Rule::Exactly if free => {
                        return invalid(format!("{what} {i} must be assigned but is not"));
                    }
                    Rule::Exactly => {}
                    Rule::AtMost => {
                        if p > 0.0 {
                            return invalid(format!(
                                "{what} {i}: potential {p:?} breaks its sign condition"
                            ));
                        }
                    }
                    Rule::OrPay(x) => {
                        let x = sign(x);
                        big = big.max(x.abs());
                        if k == 1 || p > x {
                            return invalid(format!(
                                "{what} {i}: potential {p:?} breaks the unmatched-cost condition"
                            ));
                        }
                        if free {
                            gap.add(x);
                            if self.exit_in_total {
                                primal.add(x);
                            }
                        }
                    }
                }
            }
        }
        let claimed = self.gap.to_f64();
        let mut over = gap.clone();
        over.sub(claimed);
        if over.signum() > 0 {
            return invalid(format!(
                "the duality gap {:e} exceeds the reported gap {claimed:e}",
                gap.value()
            ));
        }
        let tau = float_tolerance(big, self.rows() + self.cols());
        if claimed.is_nan() || claimed > tau {
            return invalid(format!(
                "the reported gap {claimed:e} exceeds the tolerance {tau:e}"
            ));
        }
        if sign(self.total) != primal.value() {
            return invalid(format!(
                "the reported total {:?} is not the cost of the pairs",
                self.total
            ));
        }
        Ok(())
    }

    /// Checks that `(cr, cc)` is a vertex cover of the allowed entries with
    /// as many vertices as the solution has pairs.
    fn verify_cover<I: Instance<C> + ?Sized>(
        &self,
        instance: &I,
        cr: &[u32],
        cc: &[u32],
    ) -> Result<(), Error> {
        let (rows, cols) = instance.shape();
        let mut in_r = vec![false; rows];
        let mut in_c = vec![false; cols];
        for &i in cr {
            if let Some(x) = in_r.get_mut(idx(i)) {
                *x = true;
            }
        }
        for &j in cc {
            if let Some(x) = in_c.get_mut(idx(j)) {
                *x = true;
            }
        }
        let size = in_r.iter().filter(|&&x| x).count() + in_c.iter().filter(|&&x| x).count();
        if size != self.len() {
            return Err(Error::CertificateInvalid {
                what: format!(
                    "the vertex cover has {size} vertices, the matching {} pairs",
                    self.len()
                ),
            });
        }
        let mut uncovered = None;
        instance.for_each_entry(|i, j, c| {
            let allowed = matches!(
                (c.class(), self.maximize),
                (Class::Finite(_), _)
                    | (Class::NegInf, false)
                    | (Class::PosInf, true)
                    | (Class::Nan, _)
            );
            if allowed && !in_r[i] && !in_c[j] && uncovered.is_none() {
                uncovered = Some((i, j));
            }
        });
        match uncovered {
            Some((i, j)) => Err(Error::CertificateInvalid {
                what: format!("row {i}, column {j}: the entry is not covered by the vertex cover"),
            }),
            None => Ok(()),
        }
    }
}

fn opt(x: u32) -> Option<usize> {
    (x != NONE).then_some(idx(x))
}

/// The empty solution of the 0 × 0 problem.
impl<C: Cost> Default for Solution<C> {
    fn default() -> Self {
        Solution {
            row_to_col: Vec::new(),
            col_to_row: Vec::new(),
            u: Vec::new(),
            v: Vec::new(),
            total: C::Scalar::ZERO,
            gap: C::Scalar::ZERO,
            maximize: false,
            row_rule: Rule::Exactly,
            col_rule: Rule::Exactly,
            exit_in_total: true,
            cover: None,
            within: None,
            marker: PhantomData,
        }
    }
}

impl<'a, C: Cost> IntoIterator for &'a Solution<C> {
    type Item = (usize, usize);
    type IntoIter = Pairs<'a>;

    fn into_iter(self) -> Pairs<'a> {
        self.pairs()
    }
}

/// The assigned `(row, col)` pairs of a [`Solution`] (or a
/// [`MaxProduct`](super::MaxProduct)), by ascending row: see
/// [`Solution::pairs`].
#[derive(Debug, Clone)]
pub struct Pairs<'a> {
    pairs: Mated<'a>,
}

impl<'a> Pairs<'a> {
    pub(crate) fn new(pairs: Mated<'a>) -> Self {
        Pairs { pairs }
    }
}

impl Iterator for Pairs<'_> {
    type Item = (usize, usize);

    #[inline]
    fn next(&mut self) -> Option<(usize, usize)> {
        // `NONE` is the crate's `UNMATCHED` sentinel.
        let (i, j) = self.pairs.next()?;
        Some((i, idx(j)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.pairs.size_hint()
    }
}

impl ExactSizeIterator for Pairs<'_> {}
impl std::iter::FusedIterator for Pairs<'_> {}

/// The mates of one side of a [`Solution`], in order, `None` where
/// unassigned: see [`Solution::row_to_col`] and [`Solution::col_to_row`].
#[derive(Debug, Clone)]
pub struct Mates<'a> {
    mates: std::slice::Iter<'a, u32>,
}

impl<'a> Mates<'a> {
    pub(crate) fn new(mates: &'a [u32]) -> Self {
        Mates {
            mates: mates.iter(),
        }
    }
}

impl Iterator for Mates<'_> {
    type Item = Option<usize>;

    fn next(&mut self) -> Option<Option<usize>> {
        self.mates.next().map(|&m| opt(m))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.mates.size_hint()
    }
}

impl DoubleEndedIterator for Mates<'_> {
    fn next_back(&mut self) -> Option<Option<usize>> {
        self.mates.next_back().map(|&m| opt(m))
    }
}

impl ExactSizeIterator for Mates<'_> {}
impl std::iter::FusedIterator for Mates<'_> {}

/// A [`Error::CertificateInvalid`] saying `what`.
fn invalid(what: String) -> Result<(), Error> {
    Err(Error::CertificateInvalid { what })
}

/// The largest duality gap [`Solution::verify`] accepts on floats:
/// `2^−40 · (size + 1) · magnitude`.
pub(crate) fn float_tolerance(magnitude: f64, size: usize) -> f64 {
    magnitude * (approx(size) + 1.0) * TOLERANCE
}

/// 2^−40: about 4000 units in the last place of an `f64`.
const TOLERANCE: f64 = 1.0 / (1u64 << 40) as f64;

/// Makes float potentials exactly feasible, in an engine's orientation
/// and minimising form: each column potential within its sign condition
/// (at most 0 under [`Rule::AtMost`], and 0 when unassigned), then each
/// row potential the least reduced cost `c − v` of its row rounded down,
/// capped by its own condition (0, or the unmatched cost). For any column
/// potentials this is feasible in exact arithmetic, and it is the best
/// bound they allow (the Lagrangian bound); on the engines' own
/// potentials it moves each value by a few units in the last place.
/// `row_min(i, v)` is [`dense_row_min`] or [`sparse_row_min`] of row `i`.
/// Integer potentials, exact already, are left alone.
pub(crate) fn repair<S: Scalar>(
    raw: &mut Raw<S>,
    row_rule: Rule<S>,
    col_rule: Rule<S>,
    mut row_min: impl FnMut(usize, &[S]) -> S,
) {
    if S::EXACT {
        return;
    }
    if col_rule == Rule::AtMost {
        for (v, &i) in raw.v.iter_mut().zip(&raw.row4col) {
            if i == NONE || *v > S::ZERO {
                *v = S::ZERO;
            }
        }
    }
    for (i, u) in raw.u.iter_mut().enumerate() {
        let m = row_min(i, &raw.v);
        let m = match row_rule {
            Rule::Exactly => m,
            Rule::AtMost => m.min2(S::ZERO),
            Rule::OrPay(x) => m.min2(x),
        };
        // A row with no entries under `Exactly` is never returned.
        if m < S::INF {
            *u = m;
        }
    }
}

/// The least `c − v[j]` rounded down over a dense row (`INF` forbidden).
///
/// On floats without rounding every entry down: the least difference
/// rounded to nearest of each block of [`ROW_BLOCK`] columns, in lanes the
/// compiler packs, then the rounding down of the differences equal to the
/// least in the blocks whose least it is. A difference rounded down is its
/// rounding to nearest or the float just below; one above the least rounds
/// down to at least the least, so the least rounded down is the least, or
/// the float below it where a difference equal to it was rounded up
/// (measured: the rounding down of every entry took more than half of a
/// 400 × 800 solve; a second pass over the whole row for the differences
/// equal to the least, a quarter of the instructions of a uniform 2000²
/// solve).
#[inline]
pub(crate) fn dense_row_min<S: Scalar>(row: &[S], v: &[S]) -> S {
    if S::EXACT {
        return row
            .iter()
            .zip(v)
            .fold(S::INF, |m, (&c, &vj)| m.min2(c.sub_down(vj)));
    }
    const SEGMENT: usize = 32 * ROW_BLOCK;
    let n = row.len().min(v.len());
    let (row, v) = (&row[..n], &v[..n]);
    let (mut least, mut down) = (S::INF, false);
    let mut mins = [S::INF; SEGMENT / ROW_BLOCK];
    for (cs, vs) in row.chunks(SEGMENT).zip(v.chunks(SEGMENT)) {
        for (m, (cb, vb)) in mins
            .iter_mut()
            .zip(cs.chunks(ROW_BLOCK).zip(vs.chunks(ROW_BLOCK)))
        {
            *m = least_difference(cb, vb);
        }
        let blocks = cs.len().div_ceil(ROW_BLOCK);
        let here = mins[..blocks].iter().fold(S::INF, |a, &b| a.min2(b));
        if here > least || here >= S::INF {
            continue;
        }
        if here < least {
            (least, down) = (here, false);
        }
        down = down
            || mins
                .iter()
                .zip(cs.chunks(ROW_BLOCK).zip(vs.chunks(ROW_BLOCK)))
                .filter(|&(&m, _)| m == least)
                .any(|(_, (cb, vb))| {
                    cb.iter()
                        .zip(vb)
                        .any(|(&c, &vj)| c - vj == least && c.sub_down(vj) < least)
                });
    }
    if down {
        S::from_f64(next_down(least.to_f64()))
    } else {
        least
    }
}

/// The columns of a block of [`dense_row_min`].
const ROW_BLOCK: usize = 64;

/// The least `c − v[j]` rounded down over a sparse row's entries.
#[inline]
pub(crate) fn sparse_row_min<S: Scalar>(adj: &[u32], w: &[S], v: &[S]) -> S {
    adj.iter()
        .zip(w)
        .fold(S::INF, |m, (&j, &c)| m.min2(c.sub_down(v[idx(j)])))
}

/// The total cost and the duality gap of a solution in minimising form,
/// both exact sums: the costs of the pairs, `exit` for each of `free`
/// unassigned rows (in the total when `exit_in_total`), less `Σu + Σv`
/// for the gap. Integers in `i128`; floats exactly, the total rounded to
/// nearest and the gap up.
pub(crate) fn totals<S: Scalar>(
    pair_costs: impl Iterator<Item = S>,
    exit: Option<(S, usize)>,
    u: &[S],
    v: &[S],
    exit_in_total: bool,
) -> (S, S) {
    if S::EXACT {
        let primal: i128 = pair_costs.map(Scalar::to_i128).sum();
        let exits = exit.map_or(0, |(x, free)| x.to_i128() * wide_i(free));
        let dual: i128 = u.iter().chain(v).map(|p| p.to_i128()).sum();
        let total = if exit_in_total {
            primal + exits
        } else {
            primal
        };
        return (S::from_i128(total), S::from_i128(primal + exits - dual));
    }
    let mut primal = ExactSum::new();
    pair_costs.for_each(|c| primal.add(c.to_f64()));
    let mut gap = primal.clone();
    if let Some((x, free)) = exit {
        for _ in 0..free {
            gap.add(x.to_f64());
            if exit_in_total {
                primal.add(x.to_f64());
            }
        }
    }
    u.iter().chain(v).for_each(|p| gap.sub(p.to_f64()));
    (S::from_f64(primal.value()), S::from_f64(gap.value_up()))
}

/// A count as `i128`: lossless.
fn wide_i(n: usize) -> i128 {
    i128::try_from(n).unwrap_or(i128::MAX)
}

#[cfg(test)]
mod tests {
    use super::super::{linear_sum_assignment, min_cost_matching, Assignment, CostMatrix};
    use super::super::{Error, WeightedBipartite};

    fn invalid<T: std::fmt::Debug>(r: Result<(), Error>, what: T) {
        assert!(
            matches!(r, Err(Error::CertificateInvalid { .. })),
            "{what:?}: {r:?}"
        );
    }

    #[test]
    fn a_row_min_by_blocks_is_the_least_difference_rounded_down() {
        use super::super::cost::Scalar;
        use super::super::test_rng::Rng;
        use super::dense_row_min;
        let mut rng = Rng(0x0DD5_EED5);
        // Differences that round up and down at the least, ties, tiny and
        // huge values, forbidden entries, and differences that overflow.
        let pick = |rng: &mut Rng| match rng.below(9) {
            0 => f64::INFINITY,
            1 => 0.1,
            2 => 0.2,
            3 => 1e-17 * rng.below(7) as f64,
            4 => 1.7e308,
            5 => -1.7e308,
            6 => 3.0 + rng.below(3) as f64 * 2f64.powi(-52),
            _ => rng.below(1000) as f64 / 7.0,
        };
        // Long rows (several segments of blocks) mostly of values near the
        // least, so that it is tied in many blocks, is lowered from one
        // segment to the next, and rounds up in some of them.
        let near = |rng: &mut Rng| match rng.below(64) {
            0 => pick(rng),
            k => 0.1 * (k % 3) as f64 + 3.0 + rng.below(3) as f64 * 2f64.powi(-52),
        };
        // And two placed by hand: 0.1 + 0.2 rounds up, to 0.30000000000000004;
        // with a lower exact difference in a later segment, or the same
        // difference exact in an earlier one.
        let up = (0.1, -0.2);
        for (early, late) in [(up, (0.25, 0.0)), ((0.1 + 0.2, 0.0), up)] {
            let n = 4200;
            let (mut row, mut v) = (vec![0.1; n], vec![-0.2; n]);
            (row[5], v[5]) = early;
            (row[n - 5], v[n - 5]) = late;
            let want = row
                .iter()
                .zip(&v)
                .fold(f64::INFINITY, |m, (&c, &vj)| m.min(Scalar::sub_down(c, vj)));
            assert_eq!(dense_row_min(&row, &v).to_bits(), want.to_bits());
        }
        let sizes = [1, 3, 8, 9, 17, 64, 100, 2047, 2049, 4200, 6200];
        for n in sizes {
            let entry = |rng: &mut Rng| if n > 100 { near(rng) } else { pick(rng) };
            for round in 0..if n > 100 { 60 } else { 300 } {
                let row: Vec<f64> = (0..n).map(|_| entry(&mut rng)).collect();
                let v: Vec<f64> = (0..n)
                    .map(|_| match entry(&mut rng) {
                        x if x.is_finite() => -x,
                        _ => 0.3,
                    })
                    .collect();
                // Each entry rounded down on its own, one after another.
                let want = row.iter().zip(&v).fold(f64::INFINITY, |m, (&c, &vj)| {
                    let d = Scalar::sub_down(c, vj);
                    if d < m {
                        d
                    } else {
                        m
                    }
                });
                let got = dense_row_min(&row, &v);
                assert_eq!(
                    got.to_bits(),
                    want.to_bits(),
                    "n = {n}, round {round}: {got} against {want}"
                );
            }
        }
    }

    #[test]
    fn every_tampered_certificate_is_refused() {
        let c = CostMatrix::from_rows(vec![
            vec![4i64, 1, 3, 9],
            vec![2, 0, 5, 9],
            vec![3, 2, 2, 9],
        ])
        .unwrap();
        let s = linear_sum_assignment(&c).unwrap();
        s.verify(&c).unwrap();
        let mut t = s.clone();
        t.u[0] += 1;
        invalid(t.verify(&c), "raised row potential");
        let mut t = s.clone();
        t.u[0] -= 1;
        invalid(t.verify(&c), "lowered row potential: not tight");
        let mut t = s.clone();
        t.total += 1;
        invalid(t.verify(&c), "wrong total");
        let mut t = s.clone();
        t.v[3] = 1;
        invalid(t.verify(&c), "free column with a positive potential");
        let mut t = s.clone();
        t.row_to_col.swap(0, 1);
        invalid(t.verify(&c), "mates that disagree");
        let f = CostMatrix::from_rows(vec![vec![1.0, 2.0], vec![3.0, 1.0]]).unwrap();
        let s = linear_sum_assignment(&f).unwrap();
        s.verify(&f).unwrap();
        let mut t = s.clone();
        t.u[1] = f64::NAN;
        invalid(t.verify(&f), "NaN potential");
        let mut t = s.clone();
        t.v[0] = f64::NEG_INFINITY;
        invalid(t.verify(&f), "infinite potential");
        let mut t = s.clone();
        t.u[0] += 1e-3;
        invalid(t.verify(&f), "a float potential off by 1e-3");
        let mut t = s.clone();
        t.total = crate::assignment::exact::next_up(t.total);
        invalid(t.verify(&f), "a float total one unit off");
        let mut t = s.clone();
        t.u[0] -= 1e-12;
        invalid(t.verify(&f), "a float gap larger than reported");
        // Reported, and within the tolerance (2^-40 · 5 · 3, about 1.4e-11).
        t.gap = 2e-12;
        t.verify(&f).unwrap();
        t.gap = 1e-3;
        invalid(t.verify(&f), "a float gap beyond the tolerance");
        let mut t = linear_sum_assignment(&c).unwrap();
        t.gap = 1;
        invalid(t.verify(&c), "an integer gap that is not 0");
    }

    #[test]
    fn partial_and_maximum_cardinality_conditions_are_checked() {
        let c = CostMatrix::from_rows(vec![vec![1.0, 9.0], vec![8.0, 6.0]]).unwrap();
        let s = Assignment::new(&c).unmatched_cost(4.0).solve().unwrap();
        s.verify(&c).unwrap();
        assert_eq!(s.len(), 1);
        let mut t = s.clone();
        t.u[1] = 3.0; // an unassigned row must sit at the unmatched cost
        invalid(t.verify(&c), "unassigned row below X");
        let g =
            WeightedBipartite::from_edges(3, 3, [(0, 0, 5i64), (1, 0, 2), (2, 0, 4), (2, 2, 1)])
                .unwrap();
        let s = min_cost_matching(&g).unwrap();
        s.verify(&g).unwrap();
        let mut t = s.clone();
        t.cover = Some((vec![], vec![0]));
        invalid(t.verify(&g), "a cover that misses an entry");
    }
}
