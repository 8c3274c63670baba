//! Solutions, their dual potentials, and the check that the potentials
//! prove the solution optimal.

use std::marker::PhantomData;

use super::cost::{Class, Cost, CostMatrix, Scalar};
use super::engine::{Rule, NONE};
use super::error::Error;
use super::subproblem::Subproblem;
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
/// [`CostMatrix`](super::CostMatrix) or a
/// [`WeightedBipartite`](super::WeightedBipartite). Sealed.
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
    /// every unassigned row when one was given.
    pub fn total_cost(&self) -> C::Scalar {
        self.total
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

    /// For a solution of [`k_best`](super::k_best), the subproblem it is
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
    /// feasible and tight on every pair with the sign conditions above,
    /// and the primal cost equals the dual objective and
    /// [`total_cost`](Self::total_cost). A solution of
    /// [`min_cost_matching`](super::min_cost_matching) that leaves both rows
    /// and columns unassigned also carries a König vertex cover of its size,
    /// which proves its cardinality maximum; that is checked too.
    ///
    /// Integer costs are checked exactly (in `i128`); float costs up to a
    /// relative tolerance of 10^−9 of the magnitudes involved.
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
        if C::Scalar::EXACT {
            self.verify_in::<i128, I>(instance)
        } else {
            self.verify_in::<f64, I>(instance)
        }
    }

    fn verify_in<A: Acc, I: Instance<C> + ?Sized>(&self, instance: &I) -> Result<(), Error> {
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
        let bad = |what: String| Err(Error::CertificateInvalid { what });
        // A ranked solution is checked on its subproblem.
        let within = self.within.as_deref().map(|w| w.lookup(rows, cols));
        if let Some(what) = within.as_ref().and_then(|w| w.unmet(&self.row_to_col)) {
            return bad(what);
        }
        // The pairs form a matching.
        for (i, &j) in self.row_to_col.iter().enumerate() {
            if j != NONE && (idx(j) >= cols || idx(self.col_to_row[idx(j)]) != i) {
                return bad(format!(
                    "row {i} and its column {j} do not point at each other"
                ));
            }
        }
        for (j, &i) in self.col_to_row.iter().enumerate() {
            if i != NONE && (idx(i) >= rows || idx(self.row_to_col[idx(i)]) != j) {
                return bad(format!(
                    "column {j} and its row {i} do not point at each other"
                ));
            }
        }
        // In minimising form: flip every sign when maximising.
        let sign = |x: C::Scalar| -> A {
            let a = A::from_scalar(x);
            if self.maximize {
                a.neg()
            } else {
                a
            }
        };
        let u: Vec<A> = self.u.iter().map(|&x| sign(x)).collect();
        let v: Vec<A> = self.v.iter().map(|&x| sign(x)).collect();
        let mut primal = A::zero();
        let mut scale = A::zero();
        let mut pairs_seen = 0usize;
        let mut failure: Option<Error> = None;
        let g = if C::Scalar::EXACT {
            0.0
        } else {
            self.u
                .iter()
                .chain(&self.v)
                .fold(0.0f64, |m, &p| m.max(p.to_f64().abs()))
                * 1e-6
        };
        let (su, sv) = (&self.u, &self.v);
        if let Some(p) = su
            .iter()
            .chain(sv)
            .find(|p| p.to_f64().is_nan() || p.to_f64().is_infinite())
        {
            return bad(format!("the potential {p:?} is not finite"));
        }
        instance.for_each_doubtful_entry(&self.row_to_col, su, sv, self.maximize, |i, j, c| {
            if within.as_ref().is_some_and(|w| w.excludes(i, j)) {
                return;
            }
            let x = match (c.class(), self.maximize) {
                (Class::Finite(x), _) => x,
                (Class::PosInf, false) | (Class::NegInf, true) => return,
                (Class::Nan, _) => {
                    failure.get_or_insert(Error::BadCost {
                        row: i,
                        col: j,
                        reason: "the cost is NaN",
                    });
                    return;
                }
                _ => {
                    failure.get_or_insert(Error::BadCost {
                        row: i,
                        col: j,
                        reason: "the cost is the infinity that does not mean forbidden",
                    });
                    return;
                }
            };
            let matched = idx(self.row_to_col[i]) == j;
            let side = C::Scalar::reduced_sign(x, su[i], sv[j], self.maximize, g);
            if side < 0 || (matched && side > 0) {
                let reduced = sign(x).sub(u[i]).sub(v[j]);
                failure.get_or_insert(Error::CertificateInvalid {
                    what: if matched {
                        format!(
                            "row {i}, column {j}: assigned, but the reduced cost is {reduced:?}"
                        )
                    } else {
                        format!("row {i}, column {j}: the reduced cost {reduced:?} is negative")
                    },
                });
                return;
            }
            if matched {
                let c = sign(x);
                pairs_seen += 1;
                primal = primal.add(c);
                scale = scale.add(c.abs());
            }
        });
        if let Some(e) = failure {
            return Err(e);
        }
        let pairs = self.len();
        if pairs_seen != pairs {
            return bad(format!(
                "{} assigned pairs are not allowed entries",
                pairs - pairs_seen
            ));
        }
        let mut dual = A::zero();
        let mut exits = A::zero();
        for (k, (mates, pots, rule, what)) in [
            (&self.row_to_col, &u, self.row_rule, "row"),
            (&self.col_to_row, &v, self.col_rule, "column"),
        ]
        .into_iter()
        .enumerate()
        {
            for (i, (&m, &p)) in mates.iter().zip(pots).enumerate() {
                dual = dual.add(p);
                scale = scale.add(p.abs());
                let free = m == NONE;
                let tol = p.abs();
                let rule = match &within {
                    Some(w) if k == 0 && w.must_assign(i) => Rule::Exactly,
                    _ => rule,
                };
                match rule {
                    Rule::Exactly if free => {
                        return bad(format!("{what} {i} must be assigned but is not"));
                    }
                    Rule::Exactly => {}
                    Rule::AtMost => {
                        if p.above_zero(tol) || (free && p.below_zero(tol)) {
                            return bad(format!(
                                "{what} {i}: potential {p:?} breaks its sign condition"
                            ));
                        }
                    }
                    Rule::OrPay(x) => {
                        let x = sign(x);
                        let diff = p.sub(x);
                        let tol = tol.add(x.abs());
                        if k == 1 || diff.above_zero(tol) || (free && diff.below_zero(tol)) {
                            return bad(format!(
                                "{what} {i}: potential {p:?} breaks the unmatched-cost condition"
                            ));
                        }
                        if free {
                            exits = exits.add(x);
                            scale = scale.add(x.abs());
                        }
                    }
                }
            }
        }
        let diff = primal.add(exits).sub(dual);
        if diff.below_zero(scale) || diff.above_zero(scale) {
            return bad(format!(
                "the primal cost {:?} differs from the dual objective {dual:?}",
                primal.add(exits)
            ));
        }
        let reported = if self.exit_in_total {
            primal.add(exits)
        } else {
            primal
        };
        let total = sign(self.total).sub(reported);
        if total.below_zero(scale) || total.above_zero(scale) {
            return bad(format!(
                "the reported total {:?} is not the cost of the pairs",
                self.total
            ));
        }
        if let Some((cr, cc)) = &self.cover {
            self.verify_cover(instance, cr, cc)?;
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

/// The arithmetic of [`Solution::verify`]: exact `i128`, or `f64` with a
/// relative tolerance.
trait Acc: Copy + std::fmt::Debug {
    fn zero() -> Self;
    fn from_scalar<S: Scalar>(s: S) -> Self;
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn neg(self) -> Self;
    fn abs(self) -> Self;
    /// `self < 0` beyond the tolerance for magnitudes `scale`.
    fn below_zero(self, scale: Self) -> bool;
    /// `self > 0` beyond the tolerance for magnitudes `scale`.
    fn above_zero(self, scale: Self) -> bool;
}

impl Acc for i128 {
    fn zero() -> Self {
        0
    }
    fn from_scalar<S: Scalar>(s: S) -> Self {
        s.to_i128()
    }
    fn add(self, o: Self) -> Self {
        self.saturating_add(o)
    }
    fn sub(self, o: Self) -> Self {
        self.saturating_sub(o)
    }
    fn neg(self) -> Self {
        self.saturating_neg()
    }
    fn abs(self) -> Self {
        self.saturating_abs()
    }
    fn below_zero(self, _: Self) -> bool {
        self < 0
    }
    fn above_zero(self, _: Self) -> bool {
        self > 0
    }
}

use super::cost::CERT_TOLERANCE as TOLERANCE;

impl Acc for f64 {
    fn zero() -> Self {
        0.0
    }
    fn from_scalar<S: Scalar>(s: S) -> Self {
        s.to_f64()
    }
    fn add(self, o: Self) -> Self {
        self + o
    }
    fn sub(self, o: Self) -> Self {
        self - o
    }
    fn neg(self) -> Self {
        -self
    }
    fn abs(self) -> Self {
        f64::abs(self)
    }
    fn below_zero(self, scale: Self) -> bool {
        self.is_nan() || scale.is_nan() || self < -TOLERANCE * scale
    }
    fn above_zero(self, scale: Self) -> bool {
        self.is_nan() || scale.is_nan() || self > TOLERANCE * scale
    }
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
