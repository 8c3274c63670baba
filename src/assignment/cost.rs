//! Cost types and the dense cost matrix.

use std::fmt::{Debug, Display};
use std::ops::{Add, Neg, Sub};

use super::error::{Axis, Error};

mod sealed {
    pub trait Sealed {}
    impl Sealed for i32 {}
    impl Sealed for i64 {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

/// The arithmetic the solvers run in: `i64` for integer costs (exact),
/// `f64` for floating-point costs. Potentials and totals have this type.
///
/// Sealed: implemented for `i64` and `f64` only.
pub trait Scalar:
    Copy
    + PartialOrd
    + Debug
    + Display
    + Default
    + Add<Output = Self>
    + Sub<Output = Self>
    + Neg<Output = Self>
    + Send
    + Sync
    + sealed::Sealed
    + 'static
{
    /// Zero.
    const ZERO: Self;
    /// Larger than every value a solver reaches: `+∞`, or `i64::MAX`.
    const INF: Self;
    /// Whether arithmetic is exact (integers).
    const EXACT: bool;
    /// The value as `f64` (rounded for large integers).
    fn to_f64(self) -> f64;
    /// The value as `i128`; floats are truncated (only used when exact).
    fn to_i128(self) -> i128;
    /// The value nearest to `x`.
    fn from_i128(x: i128) -> Self;
    /// The sign (−1, 0, 1) of the reduced cost `x − u − v` in minimising
    /// form (negated when `maximize`): exact for integers, and for floats
    /// 0 within a relative tolerance of 10^−9 of `|x| + |u| + |v| + g`.
    #[doc(hidden)]
    fn reduced_sign(x: Self, u: Self, v: Self, maximize: bool, g: f64) -> i8;
    /// Whether `x − u − v` is certainly non-negative in minimising form
    /// (non-positive when `maximize`), without tolerance; `false` says
    /// "look closer", not "wrong".
    #[doc(hidden)]
    fn plainly_feasible(x: Self, u: Self, v: Self, maximize: bool) -> bool;
    /// `−self`, saturating for integers (`−i64::MIN` is `i64::MAX`, a
    /// magnitude the overflow check refuses anyway).
    fn negate(self) -> Self;
    /// The smaller of two values.
    #[inline(always)]
    fn min2(self, other: Self) -> Self {
        if other < self {
            other
        } else {
            self
        }
    }
}

impl Scalar for i64 {
    const ZERO: Self = 0;
    const INF: Self = i64::MAX;
    const EXACT: bool = true;
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn to_i128(self) -> i128 {
        i128::from(self)
    }
    fn from_i128(x: i128) -> Self {
        x.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
    }
    fn negate(self) -> Self {
        self.saturating_neg()
    }
    #[inline(always)]
    fn plainly_feasible(x: Self, u: Self, v: Self, maximize: bool) -> bool {
        match x.checked_sub(u).and_then(|y| y.checked_sub(v)) {
            Some(r) => (r >= 0 && !maximize) || (r <= 0 && maximize),
            None => false,
        }
    }
    #[inline(always)]
    fn reduced_sign(x: Self, u: Self, v: Self, maximize: bool, _: f64) -> i8 {
        let r = match x.checked_sub(u).and_then(|y| y.checked_sub(v)) {
            Some(r) => i128::from(r),
            None => i128::from(x) - i128::from(u) - i128::from(v),
        };
        let r = if maximize { -r } else { r };
        r.signum() as i8
    }
}

impl Scalar for f64 {
    const ZERO: Self = 0.0;
    const INF: Self = f64::INFINITY;
    const EXACT: bool = false;
    fn to_f64(self) -> f64 {
        self
    }
    fn to_i128(self) -> i128 {
        self as i128
    }
    fn from_i128(x: i128) -> Self {
        x as f64
    }
    fn negate(self) -> Self {
        -self
    }
    #[inline(always)]
    fn plainly_feasible(x: Self, u: Self, v: Self, maximize: bool) -> bool {
        let r = x - u - v;
        (r >= 0.0 && !maximize) || (r <= 0.0 && maximize)
    }
    #[inline(always)]
    fn reduced_sign(x: Self, u: Self, v: Self, maximize: bool, g: f64) -> i8 {
        let r = x - u - v;
        let r = if maximize { -r } else { r };
        let tol = CERT_TOLERANCE * (x.abs() + u.abs() + v.abs() + g);
        if r.is_nan() || r < -tol {
            -1
        } else if r <= tol {
            0
        } else {
            1
        }
    }
}

/// The relative tolerance of float certificates.
pub(crate) const CERT_TOLERANCE: f64 = 1e-9;

/// What a cost is, seen by the solvers.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Class<S> {
    /// An ordinary value.
    Finite(S),
    /// `+∞`.
    PosInf,
    /// `−∞`.
    NegInf,
    /// Not a number.
    Nan,
}

/// A cost type: `i32`, `i64`, `f32` or `f64`.
///
/// Integer costs are solved exactly in `i64` (inputs whose magnitude could
/// overflow are refused up front with [`Error::Overflow`]); float costs are
/// solved in `f64`, where an infinity means "forbidden" (see
/// [`Assignment`](super::Assignment)). Sealed.
pub trait Cost:
    Copy + PartialOrd + Debug + Display + Send + Sync + sealed::Sealed + 'static
{
    /// The type the solvers compute in.
    type Scalar: Scalar;
    /// Classifies the value.
    #[doc(hidden)]
    fn class(self) -> Class<Self::Scalar>;
    /// The slice itself, when the cost type is its own scalar type.
    #[doc(hidden)]
    fn as_scalars(costs: &[Self]) -> Option<&[Self::Scalar]>;
    /// Whether `self − u − v` is certainly non-negative in minimising form
    /// (non-positive when maximising), or the entry is certainly forbidden;
    /// `false` says "look closer", not "wrong".
    #[doc(hidden)]
    #[inline(always)]
    fn plainly_feasible(self, u: Self::Scalar, v: Self::Scalar, maximize: bool) -> bool {
        match self.class() {
            Class::Finite(x) => Self::Scalar::plainly_feasible(x, u, v, maximize),
            _ => false,
        }
    }
    /// [`plainly_feasible`](Self::plainly_feasible) for a whole row, as
    /// one branch-free pass.
    #[doc(hidden)]
    fn row_plainly_feasible(
        row: &[Self],
        u: Self::Scalar,
        v: &[Self::Scalar],
        maximize: bool,
    ) -> bool {
        row.iter().zip(v).fold(true, |ok, (&x, &vj)| {
            ok & x.plainly_feasible(u, vj, maximize)
        })
    }
}

impl Cost for i32 {
    type Scalar = i64;
    #[inline(always)]
    fn class(self) -> Class<i64> {
        Class::Finite(i64::from(self))
    }
    fn as_scalars(_: &[Self]) -> Option<&[i64]> {
        None
    }
}

impl Cost for i64 {
    type Scalar = i64;
    #[inline(always)]
    fn class(self) -> Class<i64> {
        Class::Finite(self)
    }
    fn row_plainly_feasible(row: &[i64], u: i64, v: &[i64], maximize: bool) -> bool {
        if u.unsigned_abs() <= 1 << 61 {
            // In `i64` when every cost and every `u + v[j]` is within
            // ±2^62 (a sum that wrapped is not): the difference cannot
            // overflow. One accumulator of sign bits: a difference below
            // 0, or a value out of range (plus 2^62 it reaches the sign
            // bit); then the exact pass below decides.
            const B: i64 = 1 << 62;
            let pairs = row.iter().zip(v);
            let acc = if maximize {
                pairs.fold(0i64, |acc, (&x, &vj)| {
                    let t = u.wrapping_add(vj);
                    acc | t.wrapping_sub(x) | x.wrapping_add(B) | t.wrapping_add(B)
                })
            } else {
                pairs.fold(0i64, |acc, (&x, &vj)| {
                    let t = u.wrapping_add(vj);
                    acc | x.wrapping_sub(t) | x.wrapping_add(B) | t.wrapping_add(B)
                })
            };
            if acc >= 0 {
                return true;
            }
        }
        let (u, pairs) = (i128::from(u), row.iter().zip(v));
        let reduced = |x: i64, vj: i64| i128::from(x) - u - i128::from(vj);
        if maximize {
            pairs.fold(true, |ok, (&x, &vj)| ok & (reduced(x, vj) <= 0))
        } else {
            pairs.fold(true, |ok, (&x, &vj)| ok & (reduced(x, vj) >= 0))
        }
    }
    fn as_scalars(costs: &[Self]) -> Option<&[i64]> {
        Some(costs)
    }
}

#[inline(always)]
fn class_f64(x: f64) -> Class<f64> {
    if x.is_finite() {
        Class::Finite(x)
    } else if x.is_nan() {
        Class::Nan
    } else if x > 0.0 {
        Class::PosInf
    } else {
        Class::NegInf
    }
}

impl Cost for f32 {
    type Scalar = f64;
    #[inline(always)]
    fn class(self) -> Class<f64> {
        class_f64(f64::from(self))
    }
    fn as_scalars(_: &[Self]) -> Option<&[f64]> {
        None
    }
}

impl Cost for f64 {
    type Scalar = f64;
    #[inline(always)]
    fn class(self) -> Class<f64> {
        class_f64(self)
    }
    #[inline(always)]
    fn plainly_feasible(self, u: f64, v: f64, maximize: bool) -> bool {
        // Forbidden infinities pass, other infinities and NaN do not.
        <f64 as Scalar>::plainly_feasible(self, u, v, maximize)
    }
    fn row_plainly_feasible(row: &[f64], u: f64, v: &[f64], maximize: bool) -> bool {
        let pairs = row.iter().zip(v);
        if maximize {
            pairs.fold(true, |ok, (&x, &vj)| ok & (x - u - vj <= 0.0))
        } else {
            pairs.fold(true, |ok, (&x, &vj)| ok & (x - u - vj >= 0.0))
        }
    }
    fn as_scalars(costs: &[Self]) -> Option<&[f64]> {
        Some(costs)
    }
}

/// The largest supported value of `(rows + cols + 2) · max |cost|` for
/// integer costs: every potential, distance and total the solvers form then
/// stays far inside `i64`.
pub(crate) const INTEGER_LIMIT: u128 = (i64::MAX as u128) / 64;

/// Refuses integer costs whose magnitude could overflow the solvers.
pub(crate) fn check_magnitude(max_abs: u128, size: usize) -> Result<(), Error> {
    let product = max_abs.saturating_mul(size as u128 + 2);
    if product > INTEGER_LIMIT {
        return Err(Error::Overflow {
            max_abs,
            size,
            limit: INTEGER_LIMIT,
        });
    }
    Ok(())
}

/// The largest supported value of `(rows + cols + 2) · max |cost|` for
/// float costs.
pub(crate) const FLOAT_LIMIT: f64 = f64::MAX / 64.0;

/// Refuses costs whose magnitude could overflow the solvers: `max_abs` is
/// the largest finite magnitude (exact: `u128`, or `f64`).
pub(crate) fn check_range<S: Scalar>(
    values: impl Iterator<Item = S>,
    size: usize,
) -> Result<(), Error> {
    if S::EXACT {
        let max_abs = values.fold(0, |m, x| m.max(magnitude(x)));
        return check_magnitude(max_abs, size);
    }
    let max_abs = values
        .map(|x| x.to_f64().abs())
        .filter(|x| x.is_finite())
        .fold(0.0, f64::max);
    if max_abs * (size as f64 + 2.0) > FLOAT_LIMIT {
        return Err(Error::FloatRange {
            max_abs,
            size,
            limit: FLOAT_LIMIT,
        });
    }
    Ok(())
}

/// The magnitude of an exact value, for [`check_magnitude`].
pub(crate) fn magnitude<S: Scalar>(x: S) -> u128 {
    x.to_i128().unsigned_abs()
}

/// The largest number of rows or columns (ids are `u32`, one value kept as
/// a sentinel).
pub(crate) const MAX_SIDE: usize = (u32::MAX - 1) as usize;

/// Refuses a side too large for `u32` ids.
pub(crate) fn check_side(axis: Axis, count: usize) -> Result<(), Error> {
    if count > MAX_SIDE {
        return Err(Error::TooLarge {
            axis,
            count,
            limit: MAX_SIDE,
        });
    }
    Ok(())
}

/// A dense `rows × cols` matrix of costs, stored row-major.
///
/// ```
/// use bimatch::assignment::CostMatrix;
///
/// let a = CostMatrix::new(2, 3, vec![1, 2, 3, 4, 5, 6])?;
/// let b = CostMatrix::from_rows(vec![vec![1, 2, 3], vec![4, 5, 6]])?;
/// assert_eq!(a, b);
/// assert_eq!(a.get(1, 2), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct CostMatrix<C> {
    rows: usize,
    cols: usize,
    data: Vec<C>,
}

impl<C: Cost> CostMatrix<C> {
    /// A matrix from its entries, row by row.
    ///
    /// # Errors
    ///
    /// [`Error::ShapeMismatch`] if `data.len() != rows * cols`;
    /// [`Error::TooLarge`] if a side does not fit `u32` ids.
    pub fn new(rows: usize, cols: usize, data: Vec<C>) -> Result<Self, Error> {
        check_side(Axis::Rows, rows)?;
        check_side(Axis::Columns, cols)?;
        let expected = rows.saturating_mul(cols);
        if data.len() != expected || rows.checked_mul(cols).is_none() {
            return Err(Error::ShapeMismatch {
                rows,
                cols,
                expected,
                found: data.len(),
            });
        }
        Ok(CostMatrix { rows, cols, data })
    }

    /// A matrix from its rows; every row must have the first row's length
    /// (no rows gives the 0 × 0 matrix).
    ///
    /// # Errors
    ///
    /// [`Error::RaggedRow`] naming the first row of another length;
    /// [`Error::TooLarge`] if a side does not fit `u32` ids.
    pub fn from_rows(rows: Vec<Vec<C>>) -> Result<Self, Error> {
        let cols = rows.first().map_or(0, Vec::len);
        if let Some((row, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != cols) {
            return Err(Error::RaggedRow {
                row,
                found: r.len(),
                expected: cols,
            });
        }
        let n = rows.len();
        CostMatrix::new(n, cols, rows.into_iter().flatten().collect())
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The entries, row-major.
    pub fn as_slice(&self) -> &[C] {
        &self.data
    }

    /// The entry at (`row`, `col`).
    ///
    /// # Panics
    ///
    /// If `row` or `col` is out of range.
    pub fn get(&self, row: usize, col: usize) -> C {
        assert!(
            row < self.rows && col < self.cols,
            "({row}, {col}) is out of range"
        );
        self.data[row * self.cols + col]
    }

    /// Row `row` as a slice.
    ///
    /// # Panics
    ///
    /// If `row` is out of range.
    pub fn row(&self, row: usize) -> &[C] {
        &self.data[row * self.cols..(row + 1) * self.cols]
    }
}
