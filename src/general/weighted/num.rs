//! The arithmetic of the weighted engine: [`Num`] (exact `i64`, or `f64`)
//! and the lazy min-heap [`Heap`] every dual bound is kept in.

use std::any::Any;
use std::fmt::Debug;
use std::ops::{Add, Neg, Sub};

use crate::assignment::{Cost, Scalar};
use crate::csr::OutOfMemory;

/// A weight's value, whatever its cost type.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Value {
    /// An integer that fits `i64`.
    Int(i64),
    /// A `u64` above `i64::MAX`.
    Big(u128),
    /// A float (perhaps NaN or infinite).
    Float(f64),
}

/// The value of `w`. The cost types are sealed (`i32`, `i64`, `u32`,
/// `u64`, `f32`, `f64`): each is recognised by its type, the one place the
/// weighted wing looks at a cost's representation.
pub(crate) fn value_of<W: Cost>(w: W) -> Value {
    let a = &w as &dyn Any;
    if let Some(&x) = a.downcast_ref::<i64>() {
        Value::Int(x)
    } else if let Some(&x) = a.downcast_ref::<i32>() {
        Value::Int(i64::from(x))
    } else if let Some(&x) = a.downcast_ref::<u32>() {
        Value::Int(i64::from(x))
    } else if let Some(&x) = a.downcast_ref::<u64>() {
        i64::try_from(x).map_or(Value::Big(u128::from(x)), Value::Int)
    } else if let Some(&x) = a.downcast_ref::<f32>() {
        Value::Float(f64::from(x))
    } else if let Some(&x) = a.downcast_ref::<f64>() {
        Value::Float(x)
    } else {
        Value::Float(f64::NAN)
    }
}

/// A weight as its cost type's scalar (`None` for a `u64` past `i64`).
pub(crate) fn scalar_of<W: Cost>(w: W) -> Option<W::Scalar> {
    match value_of(w) {
        Value::Int(x) => Some(W::Scalar::from_i128(i128::from(x))),
        Value::Big(_) => None,
        Value::Float(x) => Some(float_scalar(x)),
    }
}

/// A float as the float scalar type `S` (`f64`, the only one).
pub(crate) fn float_scalar<S: Scalar>(x: f64) -> S {
    match (&x as &dyn Any).downcast_ref::<S>() {
        Some(&s) => s,
        // Not reached: the one float scalar type is `f64`.
        None => S::from_i128(0),
    }
}

/// The engine's number type: `i64` for integer weights (every value the
/// engine forms is an integer in units of a quarter of a weight), `f64`
/// for floats.
pub(crate) trait Num:
    Copy + PartialOrd + Debug + Add<Output = Self> + Sub<Output = Self> + Neg<Output = Self> + 'static
{
    /// Zero.
    const ZERO: Self;
    /// Above every value the engine forms.
    const INF: Self;
    /// Half of `self`: exact on the even integers the engine halves.
    fn half(self) -> Self;
    /// The largest value of the start's grid not above `self`: the even
    /// integers (so that every starting dual stays a whole number of half
    /// weights), every value for floats.
    fn floor_even(self) -> Self;
    /// Whether `self` is inside the range the engine keeps its dual
    /// offset in (always, for floats).
    fn in_range(self) -> bool;
    /// Four times a weight's value, in maximising form (negated when
    /// `negate`); the caller has checked the magnitude.
    fn quadruple(v: Value, negate: bool) -> Self;
    /// The value as the scalar type of the cost type it came from.
    fn to_scalar<S: Scalar>(self) -> S;
}

/// The largest dual offset the integer engine accepts: every stored value
/// is then below 2^62 in magnitude, and every sum of a key and a weight
/// stays inside `i64`.
pub(crate) const OFFSET_LIMIT: i64 = 1 << 59;

impl Num for i64 {
    const ZERO: Self = 0;
    const INF: Self = i64::MAX;
    #[inline(always)]
    fn half(self) -> Self {
        debug_assert!(self % 2 == 0, "halving the odd value {self}");
        self >> 1
    }
    #[inline(always)]
    fn floor_even(self) -> Self {
        self & !1
    }
    #[inline(always)]
    fn in_range(self) -> bool {
        (-OFFSET_LIMIT..=OFFSET_LIMIT).contains(&self)
    }
    fn quadruple(v: Value, negate: bool) -> Self {
        let x = match v {
            Value::Int(x) => x.saturating_mul(4),
            _ => 0,
        };
        if negate {
            -x
        } else {
            x
        }
    }
    fn to_scalar<S: Scalar>(self) -> S {
        S::from_i128(i128::from(self))
    }
}

impl Num for f64 {
    const ZERO: Self = 0.0;
    const INF: Self = f64::INFINITY;
    #[inline(always)]
    fn half(self) -> Self {
        self * 0.5
    }
    #[inline(always)]
    fn floor_even(self) -> Self {
        self
    }
    #[inline(always)]
    fn in_range(self) -> bool {
        self.is_finite()
    }
    fn quadruple(v: Value, negate: bool) -> Self {
        let x = match v {
            Value::Float(x) => 4.0 * x,
            Value::Int(x) => 4.0 * x as f64,
            Value::Big(x) => 4.0 * x as f64,
        };
        if negate {
            -x
        } else {
            x
        }
    }
    fn to_scalar<S: Scalar>(self) -> S {
        float_scalar(self)
    }
}

/// One heap entry: a key and two ids whose meaning is the heap's.
pub(crate) type Entry<N> = (N, u32, u32);

/// A 4-ary min-heap (a node's four children share a cache line or two)
/// with lazy deletion: entries are never updated in
/// place; the owner drops stale ones when they reach the top, and
/// [`Heap::retain`] sweeps them out when the heap is full, so its memory
/// stays a small multiple of the live entries and every push after a
/// sweep has room reserved.
#[derive(Debug)]
pub(crate) struct Heap<N> {
    items: Vec<Entry<N>>,
    what: &'static str,
}

impl<N: Num> Heap<N> {
    /// An empty heap with room for `capacity` entries, reserved fallibly.
    pub(crate) fn new(capacity: usize, what: &'static str) -> Result<Self, OutOfMemory> {
        Ok(Heap {
            items: crate::csr::try_vec(capacity.max(16), what)?,
            what,
        })
    }

    /// Whether the next push would need more memory.
    #[inline(always)]
    pub(crate) fn full(&self) -> bool {
        self.items.len() == self.items.capacity()
    }

    /// Keeps the entries `keep` accepts (in any order, rebuilt as a heap),
    /// then makes sure there is room for at least as many again.
    pub(crate) fn retain(
        &mut self,
        mut keep: impl FnMut(&Entry<N>) -> bool,
    ) -> Result<(), OutOfMemory> {
        self.items.retain(|e| keep(e));
        let len = self.items.len();
        for i in (0..len.div_ceil(4)).rev() {
            self.sift_down(i);
        }
        let want = len.max(16);
        if self.items.capacity() - len < want {
            self.items.try_reserve(want).map_err(|_| OutOfMemory {
                what: self.what,
                bytes: (len + want).saturating_mul(std::mem::size_of::<Entry<N>>()),
            })?;
        }
        Ok(())
    }

    /// Adds an entry; the caller has made room (see [`full`](Self::full)).
    #[inline]
    pub(crate) fn push(&mut self, key: N, a: u32, b: u32) {
        debug_assert!(!self.full());
        let mut i = self.items.len();
        self.items.push((key, a, b));
        while i > 0 {
            let up = (i - 1) / 4;
            if self.items[up].0 <= key {
                break;
            }
            self.items[i] = self.items[up];
            i = up;
        }
        self.items[i] = (key, a, b);
    }

    /// The entry of least key.
    #[inline(always)]
    pub(crate) fn peek(&self) -> Option<Entry<N>> {
        self.items.first().copied()
    }

    /// Removes the entry of least key.
    #[inline]
    pub(crate) fn pop(&mut self) {
        let Some(last) = self.items.pop() else {
            return;
        };
        if !self.items.is_empty() {
            self.items[0] = last;
            self.sift_down(0);
        }
    }

    fn sift_down(&mut self, mut i: usize) {
        let items = &mut self.items[..];
        let len = items.len();
        let item = items[i];
        loop {
            let first = 4 * i + 1;
            // The least of the (up to four) children.
            let (c, key) = if let Some(q) = items.get(first..first + 4) {
                let (mut c, mut k) = (0, q[0].0);
                if q[1].0 < k {
                    (c, k) = (1, q[1].0);
                }
                if q[2].0 < k {
                    (c, k) = (2, q[2].0);
                }
                if q[3].0 < k {
                    (c, k) = (3, q[3].0);
                }
                (first + c, k)
            } else if first < len {
                let mut c = first;
                for j in first + 1..len {
                    if items[j].0 < items[c].0 {
                        c = j;
                    }
                }
                (c, items[c].0)
            } else {
                break;
            };
            if item.0 <= key {
                break;
            }
            items[i] = items[c];
            i = c;
        }
        items[i] = item;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_key_order_and_sweeps() {
        let mut h: Heap<i64> = Heap::new(4, "test").unwrap();
        for (k, x) in [5i64, 1, 4, 1, 3, 9, 2, 6].iter().zip(0u32..) {
            if h.full() {
                h.retain(|_| true).unwrap();
            }
            h.push(*k, x, 0);
        }
        let mut keys = Vec::new();
        while let Some((k, _, _)) = h.peek() {
            keys.push(k);
            h.pop();
        }
        assert_eq!(keys, [1, 1, 2, 3, 4, 5, 6, 9]);
        for k in 0..20 {
            if h.full() {
                h.retain(|e| e.0 % 2 == 0).unwrap();
            }
            h.push(k, 0, 0);
        }
        assert_eq!(h.peek().map(|e| e.0), Some(0));
    }
}
