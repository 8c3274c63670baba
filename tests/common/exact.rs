//! Exact sums of `f64` values for the tests, written plainly and apart from
//! the crate's own: a signed big integer in base 2^32, scaled by 2^−1100,
//! with every carry propagated at once.

use std::cmp::Ordering;

const DIGITS: usize = 80;
const SHIFT: i32 = 1100;

/// `Σ digits[k] · 2^(32k − 1100)`, digits in `0..2^32`, and a sign.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exact {
    negative: bool,
    digits: Vec<u64>,
}

impl Default for Exact {
    fn default() -> Self {
        Exact {
            negative: false,
            digits: vec![0; DIGITS],
        }
    }
}

impl Exact {
    pub fn zero() -> Self {
        Self::default()
    }

    pub fn of(x: f64) -> Self {
        let mut e = Self::zero();
        e.add(x);
        e
    }

    pub fn sum(xs: impl IntoIterator<Item = f64>) -> Self {
        let mut e = Self::zero();
        for x in xs {
            e.add(x);
        }
        e
    }

    fn magnitude(x: f64) -> Vec<u64> {
        assert!(x.is_finite(), "{x}");
        let bits = x.abs().to_bits();
        let exp = ((bits >> 52) & 0x7ff) as i32;
        let frac = bits & ((1 << 52) - 1);
        let (m, e) = if exp == 0 {
            (frac, -1074)
        } else {
            (frac | (1 << 52), exp - 1075)
        };
        let mut out = vec![0u64; DIGITS];
        let pos = (e + SHIFT) as usize;
        for b in 0..53 {
            if m >> b & 1 == 1 {
                let p = pos + b;
                out[p / 32] |= 1 << (p % 32);
            }
        }
        out
    }

    fn cmp_mag(a: &[u64], b: &[u64]) -> Ordering {
        for k in (0..DIGITS).rev() {
            match a[k].cmp(&b[k]) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }

    fn add_mag(a: &mut [u64], b: &[u64]) {
        let mut carry = 0;
        for k in 0..DIGITS {
            let t = a[k] + b[k] + carry;
            a[k] = t & 0xffff_ffff;
            carry = t >> 32;
        }
        assert_eq!(carry, 0);
    }

    /// `a − b` for `a ≥ b`.
    fn sub_mag(a: &mut [u64], b: &[u64]) {
        let mut borrow = 0;
        for k in 0..DIGITS {
            let t = (a[k] | 1 << 32) - b[k] - borrow;
            a[k] = t & 0xffff_ffff;
            borrow = 1 - (t >> 32);
        }
        assert_eq!(borrow, 0);
    }

    fn add_signed(&mut self, negative: bool, m: &[u64]) {
        if negative == self.negative {
            Self::add_mag(&mut self.digits, m);
        } else if Self::cmp_mag(&self.digits, m) != Ordering::Less {
            Self::sub_mag(&mut self.digits, m);
        } else {
            let mut t = m.to_vec();
            Self::sub_mag(&mut t, &self.digits);
            self.digits = t;
            self.negative = negative;
        }
        if self.digits.iter().all(|&d| d == 0) {
            self.negative = false;
        }
    }

    pub fn add(&mut self, x: f64) {
        if x != 0.0 {
            let m = Self::magnitude(x);
            self.add_signed(x < 0.0, &m);
        }
    }

    pub fn plus(&self, o: &Exact) -> Exact {
        let mut t = self.clone();
        t.add_signed(o.negative, &o.digits);
        t
    }

    pub fn minus(&self, o: &Exact) -> Exact {
        let mut t = self.clone();
        t.add_signed(!o.negative, &o.digits);
        t
    }

    pub fn signum(&self) -> i32 {
        if self.digits.iter().all(|&d| d == 0) {
            0
        } else if self.negative {
            -1
        } else {
            1
        }
    }

    /// Roughly, for messages.
    pub fn approx(&self) -> f64 {
        let mut x = 0.0;
        for k in (0..DIGITS).rev() {
            x += self.digits[k] as f64 * 2f64.powi(32 * k as i32 - SHIFT);
        }
        if self.negative {
            -x
        } else {
            x
        }
    }
}

impl PartialOrd for Exact {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.minus(o).signum().cmp(&0))
    }
}
