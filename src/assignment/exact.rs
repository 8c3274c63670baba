//! Exact arithmetic on `f64` values, for float certificates: a difference
//! rounded toward −∞, and a sum of any number of `f64` values kept exactly
//! in fixed point, whose sign is exact and which rounds once at the end.

/// `a − b` rounded toward −∞: the largest `f64` at most the exact
/// difference. The rounding error of `a − b` is itself an `f64`
/// (Knuth's two-sum, exact when nothing overflows); when it is negative
/// the rounded difference was too large by less than one unit in the last
/// place. Infinities and NaN pass through as `a − b`.
#[inline(always)]
pub(crate) fn sub_down(a: f64, b: f64) -> f64 {
    let s = a - b;
    let nb = -b;
    let bb = s - a;
    let err = (a - (s - bb)) + (nb - bb);
    if err < 0.0 && s.is_finite() {
        next_down(s)
    } else {
        s
    }
}

/// 32-bit digits of the accumulator: enough for every finite `f64` (bits
/// 2^−1074 to 2^1023, 2098 positions, plus 84 for one shifted mantissa)
/// and for 2^64 more of growth.
const LIMBS: usize = 72;
/// The weight of digit 0 is 2^−BIAS.
const BIAS: i32 = 1074;
/// Digits are kept below 2^32 in magnitude between normalisations, so an
/// `i64` digit absorbs this many additions before it could overflow.
const LAZY: u32 = 1 << 29;

/// An exact sum of `f64` values: `Σ digits[k] · 2^(32k − 1074)`, each digit
/// an `i64` whose carries are propagated lazily. Adding is O(1); the sign
/// and the rounded value cost O(72).
#[derive(Clone)]
pub(crate) struct ExactSum {
    digits: [i64; LIMBS],
    pending: u32,
    /// An infinity or NaN was added: the sum is that (or NaN).
    special: Option<f64>,
}

impl Default for ExactSum {
    fn default() -> Self {
        ExactSum {
            digits: [0; LIMBS],
            pending: 0,
            special: None,
        }
    }
}

impl ExactSum {
    /// The empty sum, 0.
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Adds `x` exactly.
    #[inline]
    pub(crate) fn add(&mut self, x: f64) {
        if !x.is_finite() {
            self.special = Some(self.special.map_or(x, |s| s + x));
            return;
        }
        if x == 0.0 {
            return;
        }
        let bits = x.to_bits();
        let field = i32::from(u16::try_from((bits >> 52) & 0x7ff).unwrap_or(0));
        let frac = bits & ((1u64 << 52) - 1);
        // x = ±mantissa · 2^exp, exp ≥ −1074.
        let (mantissa, exp) = if field == 0 {
            (frac, -1074)
        } else {
            (frac | (1u64 << 52), field - 1075)
        };
        let pos = usize::try_from(exp + BIAS).unwrap_or(0);
        let (k, shift) = (pos / 32, pos % 32);
        let wide = u128::from(mantissa) << shift;
        let neg = x < 0.0;
        for (d, digit) in self.digits[k..k + 3].iter_mut().enumerate() {
            let part = i64::try_from((wide >> (32 * d)) & 0xffff_ffff).unwrap_or(0);
            *digit += if neg { -part } else { part };
        }
        self.pending += 1;
        if self.pending >= LAZY {
            self.normalise();
        }
    }

    /// Subtracts `x` exactly.
    #[inline]
    pub(crate) fn sub(&mut self, x: f64) {
        self.add(-x);
    }

    /// Propagates the carries: every digit but the top one in `0..2^32`.
    fn normalise(&mut self) {
        let mut carry = 0i64;
        for d in self.digits.iter_mut().take(LIMBS - 1) {
            let t = *d + carry;
            carry = t >> 32;
            *d = t - (carry << 32);
        }
        self.digits[LIMBS - 1] += carry;
        self.pending = 0;
    }

    /// The sign of the exact sum: −1, 0 or 1 (NaN counts as 1, so that a
    /// check that wants "at most 0" fails).
    pub(crate) fn signum(&self) -> i8 {
        match self.special {
            Some(s) if s < 0.0 => return -1,
            Some(_) => return 1,
            None => {}
        }
        let mut t = self.clone();
        t.normalise();
        if t.digits[LIMBS - 1] < 0 {
            -1
        } else if t.digits.iter().any(|&d| d != 0) {
            1
        } else {
            0
        }
    }

    /// The exact sum rounded to the nearest `f64` (ties to even; in the
    /// subnormal range it may be one unit in the last place off).
    pub(crate) fn value(&self) -> f64 {
        if let Some(s) = self.special {
            return s;
        }
        let mut t = self.clone();
        t.normalise();
        let neg = t.digits[LIMBS - 1] < 0;
        if neg {
            t.digits.iter_mut().for_each(|d| *d = -*d);
            t.normalise();
        }
        let Some(top) = t.digits.iter().rposition(|&d| d != 0) else {
            return 0.0;
        };
        // The top three digits (at least 65 significant bits), with every
        // lower bit folded into the last one (sticky), round once.
        let low = top.saturating_sub(2);
        let mut m: u128 = 0;
        for k in (low..=top).rev() {
            m = (m << 32) | u128::from(u32::try_from(t.digits[k]).unwrap_or(0));
        }
        if t.digits[..low].iter().any(|&d| d != 0) {
            m |= 1;
        }
        // The one rounding from the exact integer (to 53 bits).
        let r = m as f64;
        let exp = i32::try_from(32 * low).unwrap_or(0) - BIAS;
        let r = scale(r, exp);
        if neg {
            -r
        } else {
            r
        }
    }

    /// The exact sum rounded up: the least `f64` at least the sum.
    pub(crate) fn value_up(&self) -> f64 {
        let r = self.value();
        if !r.is_finite() {
            return r;
        }
        let mut rest = self.clone();
        rest.sub(r);
        if rest.signum() > 0 {
            next_up(r)
        } else {
            r
        }
    }
}

/// The least `f64` above finite `x` (what `f64::next_up` does, on the
/// crate's oldest supported compiler).
pub(crate) fn next_up(x: f64) -> f64 {
    if x == 0.0 {
        return f64::from_bits(1);
    }
    let b = x.to_bits();
    f64::from_bits(if x > 0.0 { b + 1 } else { b - 1 })
}

/// The greatest `f64` below finite `x`.
pub(crate) fn next_down(x: f64) -> f64 {
    -next_up(-x)
}

/// `x · 2^exp`, in steps that stay in range.
fn scale(mut x: f64, mut exp: i32) -> f64 {
    while exp > 1000 {
        x *= pow2(1000);
        exp -= 1000;
    }
    while exp < -1000 {
        x *= pow2(-1000);
        exp += 1000;
    }
    x * pow2(exp)
}

/// 2^e for −1022 ≤ e ≤ 1023.
fn pow2(e: i32) -> f64 {
    let field = u64::try_from(e + 1023).unwrap_or(0);
    f64::from_bits(field << 52)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(xs: &[f64]) -> ExactSum {
        let mut s = ExactSum::new();
        xs.iter().for_each(|&x| s.add(x));
        s
    }

    #[test]
    fn sums_are_exact_across_the_whole_range() {
        assert_eq!(sum(&[1e300, 1.0, -1e300]).value(), 1.0);
        assert_eq!(sum(&[1e-300, 1e300, -1e300]).value(), 1e-300);
        // The doubles nearest 0.1, 0.2 and 0.3 differ by exactly 2^-55.
        assert_eq!(sum(&[0.1, 0.2, -0.3]).value(), 2f64.powi(-55));
        assert_eq!(sum(&[f64::MIN_POSITIVE / 8.0, 1e308, -1e308]).signum(), 1);
        assert_eq!(sum(&[5e-324, -5e-324]).signum(), 0);
        assert_eq!(sum(&[-2.5, 1.0]).value(), -1.5);
        assert_eq!(sum(&[f64::MAX, -f64::MAX, 3.0]).value(), 3.0);
        assert_eq!(
            sum(&[f64::MAX / 2.0, f64::MAX / 4.0]).value(),
            0.75 * f64::MAX
        );
        assert!(sum(&[1.0, f64::NAN]).value().is_nan());
        // 1 + 2^-60 rounds to 1, but up it is the next float.
        let tiny = 2f64.powi(-60);
        assert_eq!(sum(&[1.0, tiny]).value(), 1.0);
        assert_eq!(sum(&[1.0, tiny]).value_up(), next_up(1.0));
        assert_eq!(sum(&[1.0, -tiny]).value_up(), 1.0);
        // Ties to even: 1 + 2^-53 is halfway between 1 and its successor.
        assert_eq!(sum(&[1.0, 2f64.powi(-53)]).value(), 1.0);
        assert_eq!(
            sum(&[1.0, 2f64.powi(-53), 2f64.powi(-200)]).value(),
            next_up(1.0)
        );
    }

    #[test]
    fn many_terms_and_differences_rounded_down() {
        let mut s = ExactSum::new();
        for k in 0..100_000 {
            s.add(0.1 * f64::from(k % 7));
            s.sub(0.1 * f64::from(k % 7));
        }
        assert_eq!(s.signum(), 0);
        for (a, b) in [(1.0, 1e-20), (0.3, 0.1), (1e20, -1e-20), (-0.2, 0.1)] {
            let d = sub_down(a, b);
            let mut t = sum(&[a, -b, -d]);
            assert!(t.signum() >= 0, "{a} - {b}");
            t.sub(next_up(d) - d);
            assert!(t.signum() < 0, "{a} - {b}: not the largest");
        }
    }
}
