//! Wide problems made square by the columns' least costs: below the `nr`
//! rows, `nc − nr` rows of one constant, the `(nc − nr)`-th largest of the
//! columns' least costs over the real rows. Any constant gives the same
//! optimum (every square assignment gives the added rows `nc − nr`
//! columns, whichever they are). This one lets the square engine's column
//! reduction keep each column's least over the real rows as its potential
//! (capped at the constant), which a row of zeros would flatten to 0, and
//! leaves the added rows tight on the `nc − nr` columns dearest to the
//! real rows, the ones they take where the real rows differ mostly by a
//! constant; with the largest least instead, they were tight on one
//! column, and each of their searches crossed the real rows (a cost per
//! column plus uniform integers at 1000 × 2000: 1460 -> 43 ms). Where rows
//! differ from each other mostly by a constant (a cost per row plus one
//! per column, i + j plus small integers), the reduced rows are nearly
//! flat and the square engine's start assigns most of them at once, where
//! the wide searches, whose free columns must stay at potential 0, cross
//! every row assigned before them.

use super::cost::{check_float_magnitude, check_magnitude, magnitude, Scalar};
use super::engine::floor_for;
use crate::csr::{filled, try_vec, OutOfMemory};

/// The square problem made of the wide `nr × nc` minimising problem `c`
/// (`0 < nr < nc`): `c` with `nc − nr` rows of `fill` below, `fill` the
/// `(nc − nr)`-th largest of the columns' least costs; with `fill` and
/// the floor of the padded problem's magnitude ([`floor_for`] on `2 · nc`
/// rows and columns; `−∞` for floats). `None` where the rows' spread
/// (the sum over the rows of their largest minus their least cost) keeps
/// more than [`UNEXPLAINED`] of itself reduced by the columns' least
/// costs (c(i, j) = i · j, ones above the diagonal over small integers,
/// uniform costs), where an entry is forbidden, or where the padded
/// magnitude could overflow.
///
/// # Errors
///
/// When the columns' least costs cannot be reserved (the padded matrix
/// not reserved is `None`).
pub(crate) fn square_by_column_minima<S: Scalar>(
    c: &[S],
    nr: usize,
    nc: usize,
) -> Result<Option<(Vec<S>, S, S)>, OutOfMemory> {
    let mut least = filled(nc, S::INF, "assignment: the columns' least costs")?;
    // The magnitudes, and the rows' spread as they are.
    let (mut lowest, mut highest, mut raw) = (S::INF, -S::INF, 0f64);
    for row in c.chunks_exact(nc).take(nr) {
        for (l, &x) in least.iter_mut().zip(row) {
            *l = l.min2(x);
        }
        let (lo, hi) = spread(row.iter().copied());
        (lowest, highest) = (lowest.min2(lo), highest.max2(hi));
        raw += (hi - lo).to_f64();
    }
    // Forbidden entries (floats) are left to the wide searches; the
    // padded problem's size, 2 · nc, must be within the magnitude bounds.
    if highest >= S::INF {
        return Ok(None);
    }
    let floor = if S::EXACT {
        let max_abs = magnitude(lowest).max(magnitude(highest));
        if check_magnitude(max_abs, 2 * nc).is_err() {
            return Ok(None);
        }
        floor_for(max_abs, 2 * nc)
    } else {
        let max_abs = lowest.to_f64().abs().max(highest.to_f64().abs());
        if check_float_magnitude(max_abs, 2 * nc).is_err() {
            return Ok(None);
        }
        -S::INF
    };
    // The rows' spread reduced by the columns' least.
    let mut reduced = 0f64;
    for row in c.chunks_exact(nc).take(nr) {
        let (lo, hi) = spread(row.iter().zip(&least).map(|(&x, &l)| x - l));
        reduced += (hi - lo).to_f64();
    }
    if reduced > raw * UNEXPLAINED {
        return Ok(None);
    }
    // The (nc − nr)-th largest of the columns' least costs.
    let mut order = try_vec(nc, "assignment: the columns' least costs, ordered")?;
    order.extend_from_slice(&least);
    let (_, &mut fill, _) = order.select_nth_unstable_by(nc - nr - 1, |a, b| {
        b.partial_cmp(a).unwrap_or(std::cmp::Ordering::Equal)
    });
    // Without room for the copy, the wide searches go on.
    let Ok(mut square) = try_vec(nc * nc, "assignment: the padded square matrix") else {
        return Ok(None);
    };
    square.extend_from_slice(&c[..nr * nc]);
    square.resize(nc * nc, fill);
    Ok(Some((square, fill, floor)))
}

/// The share of the rows' spread that may be left, reduced by the
/// columns' least costs, for the padding to be used. Measured on wide
/// problems whose searches run long, 300 × 500 to 1800 × 2000 and 1500 ×
/// 3000: a cost per row plus one per column plus uniform noise up to the
/// same range (about half of the spread left) in 0.14–0.6 of the wide
/// searches' time padded so, i + j plus integers in [0, 10) (almost none
/// left) 0.09–0.28; c(i, j) = i · j (almost all left) 1.05–2.2 times it.
const UNEXPLAINED: f64 = 0.75;

/// The least and the largest of `values` (`(INF, −INF)` if none).
fn spread<S: Scalar>(values: impl Iterator<Item = S>) -> (S, S) {
    values.fold((S::INF, -S::INF), |(lo, hi), x| (lo.min2(x), hi.max2(x)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_offset_by_constants_are_padded_by_the_columns_least_costs() {
        // a(i) + b(j): every reduced row flat.
        let (nr, nc) = (3, 5);
        let (a, b) = ([4i64, 0, 9], [3i64, 8, 1, 6, 2]);
        let c: Vec<i64> = (0..nr * nc).map(|k| a[k / nc] + b[k % nc]).collect();
        let (square, fill, floor) = square_by_column_minima(&c, nr, nc).unwrap().unwrap();
        // The columns' least costs 3 8 1 6 2: the second largest.
        assert_eq!(fill, 6);
        assert_eq!(square.len(), nc * nc);
        assert_eq!(&square[..nr * nc], &c[..]);
        assert!(square[nr * nc..].iter().all(|&x| x == 6));
        assert_eq!(floor, floor_for::<i64>(17, 2 * nc));
    }

    #[test]
    fn rows_the_column_minima_do_not_explain_are_left_wide() {
        // i · j: each row a multiple of the first (reduced by it, row i
        // spreads (i − 1) / i as far, 0.95 in all at 40 rows).
        let (nr, nc) = (40, 50);
        let c: Vec<i64> = (0..nr * nc)
            .map(|k| ((k / nc + 1) * (k % nc + 1)) as i64)
            .collect();
        assert!(square_by_column_minima(&c, nr, nc).unwrap().is_none());
        // Magnitudes the padded problem could overflow with.
        let big = vec![i64::MAX / 200, 0, 1, 2, 3, 4];
        assert!(square_by_column_minima(&big, 2, 3).unwrap().is_none());
    }
}
