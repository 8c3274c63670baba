//! The assignment wing's numeric conversions beyond the crate's id casts
//! ([`id`](crate::util::id) and [`idx`](crate::util::idx), which every
//! file here uses for `u32` ids and offsets): each says why it loses
//! nothing, or what it rounds.

/// A count as `u128`, for overflow checks: lossless (`usize` is at most
/// 64 bits on every target the crate builds for; a wider one saturates).
#[inline]
pub(crate) fn wide(n: usize) -> u128 {
    u128::try_from(n).unwrap_or(u128::MAX)
}

/// A count as `f64`, for float range checks: rounds to the nearest `f64`
/// above 2^53, far below where the check's margin of 64 matters.
#[inline]
pub(crate) fn approx(n: usize) -> f64 {
    // The one rounding conversion from an integer count.
    n as f64
}
