//! Cost types and the dense cost matrix.

use std::fmt::{Debug, Display};
use std::marker::PhantomData;
use std::ops::{Add, Neg, Sub};

use super::cast::{approx, wide};
use super::error::Error;
use super::exact::sub_down;
use crate::util::MAX_VERTICES;
use crate::Side;

mod sealed {
    pub trait Sealed {}
    impl Sealed for i32 {}
    impl Sealed for i64 {}
    impl Sealed for u32 {}
    impl Sealed for u64 {}
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
    /// The value nearest to `x` (for floats; integers truncate, and are
    /// never given one).
    #[doc(hidden)]
    fn from_f64(x: f64) -> Self;
    /// `self − other` rounded toward −∞ (exact for integers, which stay
    /// in range).
    #[doc(hidden)]
    fn sub_down(self, other: Self) -> Self;
    /// The value's bits, for hashing: equal values give equal keys (`0`
    /// and `−0` alike).
    #[doc(hidden)]
    fn key(self) -> u64;
    /// The sign (−1, 0, 1) of the exact reduced cost `x − u − v` in
    /// minimising form (negated when `maximize`), for floats too.
    #[doc(hidden)]
    fn reduced_sign(x: Self, u: Self, v: Self, maximize: bool) -> i8;
    /// Whether the exact `x − u − v` is non-negative in minimising form
    /// (non-positive when `maximize`), `x` a finite value or the forbidden
    /// infinity; `false` says "look closer", not "wrong".
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
    /// The larger of two values.
    #[inline(always)]
    fn max2(self, other: Self) -> Self {
        if other > self {
            other
        } else {
            self
        }
    }
}

impl Scalar for i64 {
    fn key(self) -> u64 {
        self as u64
    }
    const ZERO: Self = 0;
    const INF: Self = i64::MAX;
    const EXACT: bool = true;
    fn to_f64(self) -> f64 {
        // Rounds to the nearest `f64` beyond 2^53: for magnitudes and
        // reports, and for the float searches of integer costs, which
        // take only costs far inside ±2^53 (exact there).
        self as f64
    }
    fn to_i128(self) -> i128 {
        i128::from(self)
    }
    fn from_i128(x: i128) -> Self {
        i64::try_from(x).unwrap_or(if x < 0 { i64::MIN } else { i64::MAX })
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
    fn from_f64(x: f64) -> Self {
        // Truncates and saturates: integers are exact, and the dense
        // start's column means are rounded already.
        x as i64
    }
    fn sub_down(self, other: Self) -> Self {
        self.saturating_sub(other)
    }
    #[inline(always)]
    fn reduced_sign(x: Self, u: Self, v: Self, maximize: bool) -> i8 {
        let r = match x.checked_sub(u).and_then(|y| y.checked_sub(v)) {
            Some(r) => i128::from(r),
            None => i128::from(x) - i128::from(u) - i128::from(v),
        };
        let r = if maximize { -r } else { r };
        match r.cmp(&0) {
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Greater => 1,
        }
    }
}

impl Scalar for f64 {
    fn key(self) -> u64 {
        if self == 0.0 {
            0
        } else {
            self.to_bits()
        }
    }
    const ZERO: Self = 0.0;
    const INF: Self = f64::INFINITY;
    const EXACT: bool = false;
    fn to_f64(self) -> f64 {
        self
    }
    fn to_i128(self) -> i128 {
        // Truncates toward zero and saturates (NaN is 0): reached when
        // `EXACT`, which floats are not, and for the potentials the float
        // searches find on integer costs, integers inside ±2^53 (exact).
        self as i128
    }
    fn from_i128(x: i128) -> Self {
        // Rounds to the nearest `f64`: potentials are floats anyway.
        x as f64
    }
    fn negate(self) -> Self {
        -self
    }
    fn from_f64(x: f64) -> Self {
        x
    }
    #[inline(always)]
    fn sub_down(self, other: Self) -> Self {
        sub_down(self, other)
    }
    #[inline(always)]
    fn plainly_feasible(x: Self, u: Self, v: Self, maximize: bool) -> bool {
        // `x − v` rounded down is at least the float `u` exactly when the
        // exact `x − v` is; when maximising, `x − v` rounded up is at most
        // `u`. Forbidden infinities pass, NaN and the other infinity fail.
        if maximize {
            sub_down(v, x) >= -u
        } else {
            sub_down(x, v) >= u
        }
    }
    #[inline(always)]
    fn reduced_sign(x: Self, u: Self, v: Self, maximize: bool) -> i8 {
        // The exact `x − u − v` compared with 0 through the rounded
        // difference `d = x − v` (monotone rounding: `d > u` only if the
        // exact difference is above `u`) and, on a tie, the rounding error.
        let d = x - v;
        let s = if d.is_nan() {
            -1
        } else if d > u {
            1
        } else if d < u {
            -1
        } else {
            let e = sub_down(x, v);
            if e < d {
                -1
            } else if sub_down(v, x) < -d {
                1
            } else {
                0
            }
        };
        if maximize {
            -s
        } else {
            s
        }
    }
}

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

/// A cost type: `i32`, `i64`, `u32`, `u64`, `f32` or `f64`.
///
/// Integer costs are solved exactly in `i64`: `i32` and `u32` always fit,
/// `u64` costs above `i64::MAX` cannot and are refused like every other
/// magnitude that could overflow, up front, with [`Error::Overflow`]
/// (which reports the true magnitude). Maximising negates the costs in
/// `i64`, which is exact for every accepted magnitude (at most
/// `i64::MAX / 128`), unsigned ones included; totals and potentials are
/// `i64` and may be negative. Float costs are solved in `f64`, where an
/// infinity means "forbidden" (see [`Assignment`](super::Assignment)).
/// Sealed.
pub trait Cost:
    Copy + PartialOrd + Default + Debug + Display + Send + Sync + sealed::Sealed + 'static
{
    /// The type the solvers compute in.
    type Scalar: Scalar;
    /// Classifies the value. An integer too large for `i64` (a `u64`
    /// above `i64::MAX`) is `i64::MAX`, a magnitude that
    /// [`Error::Overflow`] always refuses.
    #[doc(hidden)]
    fn class(self) -> Class<Self::Scalar>;
    /// The exact magnitude of an integer cost (0 for floats), for
    /// [`Error::Overflow`].
    #[doc(hidden)]
    fn magnitude(self) -> u128 {
        match self.class() {
            Class::Finite(x) if Self::Scalar::EXACT => magnitude(x),
            _ => 0,
        }
    }
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

/// The 32-bit integer costs: solved exactly in `i64`.
macro_rules! narrow_integer_cost {
    ($($t:ty),*) => {$(
        impl Cost for $t {
            type Scalar = i64;
            #[inline(always)]
            fn class(self) -> Class<i64> {
                Class::Finite(i64::from(self))
            }
            fn as_scalars(_: &[Self]) -> Option<&[i64]> {
                None
            }
        }
    )*};
}
narrow_integer_cost!(i32, u32);

impl Cost for u64 {
    type Scalar = i64;
    #[inline(always)]
    fn class(self) -> Class<i64> {
        Class::Finite(i64::try_from(self).unwrap_or(i64::MAX))
    }
    fn magnitude(self) -> u128 {
        u128::from(self)
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
            pairs.fold(true, |ok, (&x, &vj)| ok & (sub_down(vj, x) >= -u))
        } else {
            pairs.fold(true, |ok, (&x, &vj)| ok & (sub_down(x, vj) >= u))
        }
    }
    fn as_scalars(costs: &[Self]) -> Option<&[f64]> {
        Some(costs)
    }
}

/// The largest supported value of `(rows + cols + 2) · max |cost|` for
/// integer costs: every potential, distance and total the solvers form then
/// stays far inside `i64`.
// A lossless widening, in a constant (where `u128::from` cannot run).
pub(crate) const INTEGER_LIMIT: u128 = i64::MAX as u128 / 64;

/// The least `row[j] − v[j]` over the allowed entries of a row (`INF`
/// where there is none), rounded to nearest on floats: in eight lanes the
/// compiler packs, without a branch an entry.
#[inline(always)]
pub(crate) fn least_difference<S: Scalar>(row: &[S], v: &[S]) -> S {
    const LANES: usize = 8;
    // On floats `INF − v[j]` is `INF` (potentials are finite); integers
    // keep their forbidden value from wrapping.
    let d = |x: S, y: S| {
        if S::EXACT && x >= S::INF {
            S::INF
        } else {
            x - y
        }
    };
    let n = row.len().min(v.len());
    let (row, v) = (&row[..n], &v[..n]);
    let mut lowest = [S::INF; LANES];
    let body = n - n % LANES;
    for (x8, y8) in row[..body]
        .chunks_exact(LANES)
        .zip(v[..body].chunks_exact(LANES))
    {
        for (lane, (&x, &y)) in x8.iter().zip(y8).enumerate() {
            lowest[lane] = lowest[lane].min2(d(x, y));
        }
    }
    for (lane, (&x, &y)) in row[body..].iter().zip(&v[body..]).enumerate() {
        lowest[lane] = lowest[lane].min2(d(x, y));
    }
    lowest.iter().fold(S::INF, |m, &l| m.min2(l))
}

/// Refuses integer costs whose magnitude could overflow the solvers.
pub(crate) fn check_magnitude(max_abs: u128, size: usize) -> Result<(), Error> {
    let product = max_abs.saturating_mul(wide(size).saturating_add(2));
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

/// Refuses costs whose magnitude could overflow the solvers on `size`
/// rows and columns: integers by their exact magnitudes, floats by their
/// largest finite one. Returns the largest magnitude of integer costs (0
/// for floats), from which the integer searches take their floor.
pub(crate) fn check_costs<C: Cost>(
    values: impl Iterator<Item = C>,
    size: usize,
) -> Result<u128, Error> {
    if C::Scalar::EXACT {
        let max_abs = greatest(values.map(|x| x.magnitude()), 0, |a, b| a > b);
        return check_magnitude(max_abs, size).map(|()| max_abs);
    }
    let finite = values.map(|x| match x.class() {
        Class::Finite(x) => x.to_f64().abs(),
        _ => 0.0,
    });
    check_float_magnitude(greatest(finite, 0.0, |a, b| a > b), size).map(|()| 0)
}

/// The largest magnitude of `values` if every one is an integer below
/// 2^51 in magnitude (NaN and the infinities are not), else `None`, found
/// at the first block of 64 values that holds one that is not (most float
/// inputs: at once). Without a branch a value: an integer `a ≥ 0` below
/// 2^52 is `(a + 2^52) − 2^52`, which rounds any fraction away.
pub(crate) fn integral_magnitude<S: Scalar>(values: &[S]) -> Option<u128> {
    const BIG: f64 = 4_503_599_627_370_496.0; // 2^52
    const LIMIT: f64 = 2_251_799_813_685_248.0; // 2^51
    let mut largest = 0.0f64;
    for block in values.chunks(64) {
        let mut integral = true;
        let most = greatest(
            block.iter().map(|&x| {
                let a = x.to_f64().abs();
                integral &= a < LIMIT && (a + BIG) - BIG == a;
                a
            }),
            0.0,
            |a, b| a > b,
        );
        if !integral {
            return None;
        }
        largest = largest.max(most);
    }
    // Below 2^51: the conversion is exact.
    Some(largest as u128)
}

/// `x`, an integer below 2^51 in magnitude, as `i64`, without the checks
/// of a saturating conversion: adding 1.5 · 2^52 puts `x` in the low bits
/// of the sum's mantissa, exactly.
#[inline(always)]
pub(crate) fn small_integer(x: f64) -> i64 {
    const MAGIC: f64 = 6_755_399_441_055_744.0; // 1.5 · 2^52
    (x + MAGIC).to_bits() as i64 - MAGIC.to_bits() as i64
}

/// The greatest of `values` and `start` by `above`, in four running
/// maxima taken in turn, not one chain of dependent ones (that chain, on
/// `f64` or `u128` magnitudes, was a fifth to a third of a banded
/// 10^4-row sparse solve).
#[inline(always)]
pub(crate) fn greatest<T: Copy>(
    mut values: impl Iterator<Item = T>,
    start: T,
    above: impl Fn(T, T) -> bool,
) -> T {
    let mut lanes = [start; 4];
    'all: loop {
        for lane in &mut lanes {
            let Some(a) = values.next() else {
                break 'all;
            };
            *lane = if above(a, *lane) { a } else { *lane };
        }
    }
    lanes
        .into_iter()
        .fold(start, |m, a| if above(a, m) { a } else { m })
}

/// Refuses float costs whose largest finite magnitude `max_abs` could
/// overflow the solvers on `size` rows and columns.
pub(crate) fn check_float_magnitude(max_abs: f64, size: usize) -> Result<(), Error> {
    if max_abs * (approx(size) + 2.0) > FLOAT_LIMIT {
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
pub(crate) const MAX_SIDE: usize = MAX_VERTICES;

/// Refuses a side too large for `u32` ids: [`Side::Left`] counts rows,
/// [`Side::Right`] columns.
pub(crate) fn check_side(side: Side, count: usize) -> Result<(), Error> {
    if count > MAX_SIDE {
        return Err(Error::TooLarge {
            side,
            count,
            limit: MAX_SIDE,
        });
    }
    Ok(())
}

/// A dense `rows × cols` matrix of costs, stored row-major in any storage
/// `S` that can be read as a slice: a `Vec<C>` it owns (the default), or a
/// borrowed `&[C]` (or `&Vec<C>`, `Box<[C]>`, …) that every solver reads
/// in place, without a copy. Rows are the left side ([`Side::Left`]) of
/// the bipartite graph, columns the right side.
///
/// ```
/// use bimatch::assignment::{linear_sum_assignment, CostMatrix};
///
/// let a = CostMatrix::new(2, 3, vec![1, 2, 3, 4, 5, 6])?;
/// let b = CostMatrix::from_rows([[1, 2, 3], [4, 5, 6]])?;
/// assert_eq!(a, b);
/// assert_eq!(a.get(1, 2), 6);
///
/// // A view of the caller's row-major data: no copy.
/// let data = [4i64, 1, 3, 2, 0, 5, 3, 2, 2];
/// let view = CostMatrix::borrowed(3, 3, &data)?;
/// assert_eq!(linear_sum_assignment(&view)?.total_cost(), 5);
/// assert_eq!(view, CostMatrix::new(3, 3, data.to_vec())?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct CostMatrix<C, S = Vec<C>> {
    rows: usize,
    cols: usize,
    data: S,
    marker: PhantomData<C>,
}

/// Matrices are equal when their shapes and entries are, whatever their
/// storage.
impl<C: PartialEq, S: AsRef<[C]>, T: AsRef<[C]>> PartialEq<CostMatrix<C, T>> for CostMatrix<C, S> {
    fn eq(&self, other: &CostMatrix<C, T>) -> bool {
        (self.rows, self.cols) == (other.rows, other.cols)
            && self.data.as_ref() == other.data.as_ref()
    }
}

/// The 0 × 0 matrix.
impl<C> Default for CostMatrix<C> {
    fn default() -> Self {
        CostMatrix {
            rows: 0,
            cols: 0,
            data: Vec::new(),
            marker: PhantomData,
        }
    }
}

impl<C: Cost, S: AsRef<[C]>> CostMatrix<C, S> {
    /// A matrix from its entries, row by row, in any storage that reads as
    /// a slice (`Box<[C]>`, `&Vec<C>`, `Rc<[C]>`, …), kept as it is.
    /// [`new`](CostMatrix::new) takes a `Vec`, [`borrowed`](CostMatrix::borrowed)
    /// a slice.
    ///
    /// # Errors
    ///
    /// [`Error::ShapeMismatch`] if `data` does not hold `rows * cols`
    /// entries; [`Error::TooLarge`] if a side does not fit `u32` ids.
    pub fn with_storage(rows: usize, cols: usize, data: S) -> Result<Self, Error> {
        check_side(Side::Left, rows)?;
        check_side(Side::Right, cols)?;
        let found = data.as_ref().len();
        let expected = rows.saturating_mul(cols);
        if found != expected || rows.checked_mul(cols).is_none() {
            return Err(Error::ShapeMismatch {
                rows,
                cols,
                expected,
                found,
            });
        }
        Ok(CostMatrix {
            rows,
            cols,
            data,
            marker: PhantomData,
        })
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
        self.data.as_ref()
    }

    /// The same matrix as a borrowed view (no copy).
    pub fn as_view(&self) -> CostMatrix<C, &[C]> {
        CostMatrix {
            rows: self.rows,
            cols: self.cols,
            data: self.data.as_ref(),
            marker: PhantomData,
        }
    }

    /// The storage, as given at construction.
    pub fn into_inner(self) -> S {
        self.data
    }

    /// The entry at (`row`, `col`).
    ///
    /// # Panics
    ///
    /// If `row` or `col` is out of range (a programmer error).
    pub fn get(&self, row: usize, col: usize) -> C {
        assert!(
            row < self.rows && col < self.cols,
            "({row}, {col}) is out of range"
        );
        self.as_slice()[row * self.cols + col]
    }

    /// Row `row` as a slice.
    ///
    /// # Panics
    ///
    /// If `row` is out of range (a programmer error).
    pub fn row(&self, row: usize) -> &[C] {
        assert!(row < self.rows, "row {row} is out of range");
        &self.as_slice()[row * self.cols..(row + 1) * self.cols]
    }
}

impl<'a, C: Cost> CostMatrix<C, &'a [C]> {
    /// A view of the caller's row-major entries, without a copy: every
    /// solver reads them in place (see [`Assignment`](super::Assignment)
    /// for when a solver makes a working copy of its own).
    ///
    /// # Errors
    ///
    /// As [`new`](CostMatrix::new).
    pub fn borrowed(rows: usize, cols: usize, data: &'a [C]) -> Result<Self, Error> {
        CostMatrix::with_storage(rows, cols, data)
    }
}

impl<C: Cost> CostMatrix<C> {
    /// A matrix from its entries, row by row; the matrix owns them.
    ///
    /// # Errors
    ///
    /// [`Error::ShapeMismatch`] if `data.len() != rows * cols`;
    /// [`Error::TooLarge`] if a side does not fit `u32` ids.
    pub fn new(rows: usize, cols: usize, data: Vec<C>) -> Result<Self, Error> {
        CostMatrix::with_storage(rows, cols, data)
    }

    /// A matrix from its rows: any iterable of rows that read as slices
    /// (`Vec<Vec<C>>`, `[[C; N]; M]`, `&[Vec<C>]`, an iterator of
    /// `&[C]`…). Every row must have the first row's length (no rows gives
    /// the 0 × 0 matrix). The entries are copied into one `Vec`.
    ///
    /// # Errors
    ///
    /// [`Error::RaggedRow`] naming the first row of another length;
    /// [`Error::TooLarge`] if a side does not fit `u32` ids;
    /// [`Error::OutOfMemory`] if the entries cannot be stored.
    pub fn from_rows<I, R>(rows: I) -> Result<Self, Error>
    where
        I: IntoIterator<Item = R>,
        R: AsRef<[C]>,
    {
        let mut data: Vec<C> = Vec::new();
        let (mut n, mut cols) = (0usize, 0usize);
        for (row, r) in rows.into_iter().enumerate() {
            let r = r.as_ref();
            if row == 0 {
                cols = r.len();
            } else if r.len() != cols {
                return Err(Error::RaggedRow {
                    row,
                    found: r.len(),
                    expected: cols,
                });
            }
            data.try_reserve(cols).map_err(|_| Error::OutOfMemory {
                what: "assignment: the entries of the cost matrix",
                bytes: data
                    .len()
                    .saturating_add(cols)
                    .saturating_mul(std::mem::size_of::<C>()),
            })?;
            data.extend_from_slice(r);
            n += 1;
        }
        CostMatrix::new(n, cols, data)
    }
}
