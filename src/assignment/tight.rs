//! The tight start: where many entries of a row tie at its least reduced
//! cost (integers in a small range, binary costs, written as integers or
//! as floats), the rows and columns joined by those entries form a
//! bipartite graph whose maximum matching, found by the crate's own
//! cardinality matcher, assigns at once what the augmenting row reduction
//! and the searches would assign one path at a time.

use super::cost::Scalar;
use super::engine::NONE;
use crate::csr::{try_vec, OutOfMemory, RowWriter};
use crate::util::{id, idx};
use crate::{Auto, Bipartite, Left, Matcher, Matching};

/// Grows the assignment `col4row` / `row4col` of the dense `n × nc`
/// problem `c` under the column potentials `v` by a maximum matching of
/// its tight entries: those at their row's least reduced cost
/// `c[i][j] − v[j]`, at most [`PER_ROW`] a row, taken from a place in the
/// row that moves with the row (so that no column is favoured). Every
/// assigned row must sit on a tight entry; the potentials are not
/// changed, so each newly assigned row also sits on a column of least
/// reduced cost. Rewrites `free` with the rows left unassigned; keeps the
/// assignment as it was where the matching leaves more than `keep` rows
/// free. Returns how many rows the matching left free, or `None` where it
/// did not run (no ties, or fewer than [`MIN_ENTRIES`] entries, where its
/// fixed costs outweigh what it saves: integers in [0, 100) at 200²
/// 0.12 -> 0.23 ms).
///
/// Runs only where a sample of rows shows ties ([`ties_likely`]): a row
/// without ties has one tight entry, and the matching would find nothing
/// that the augmenting row reduction does not. If the cardinality matcher
/// cannot reserve its memory, the assignment is left as it was.
///
/// # Errors
///
/// When the tight graph's rows cannot be reserved.
pub(crate) fn tight_start<S: Scalar>(
    c: &[S],
    (n, nc): (usize, usize),
    (col4row, row4col): (&mut [u32], &mut [u32]),
    v: &[S],
    free: &mut Vec<u32>,
    keep: usize,
) -> Result<Option<usize>, OutOfMemory> {
    if free.is_empty() || n.saturating_mul(nc) < MIN_ENTRIES || !ties_likely(c, n, nc, v)? {
        return Ok(None);
    }
    let per_row = PER_ROW.min(nc);
    let what = "assignment: the tight entries of the start";
    let mut writer = RowWriter::new(n, n * per_row, what)?;
    let mut picked: Vec<u32> = try_vec(per_row, what)?;
    for i in 0..n {
        let mine = col4row[i];
        row_tight(
            &c[i * nc..(i + 1) * nc],
            v,
            i.wrapping_mul(STRIDE),
            mine,
            per_row,
            &mut picked,
        );
        if mine != NONE {
            picked.push(mine);
        }
        picked.sort_unstable();
        for &j in &picked {
            writer.push(j);
        }
        writer.end_row();
    }
    let (offsets, adj) = writer.finish();
    let Ok(g) = Bipartite::from_left_csr(nc, offsets, adj) else {
        return Ok(None);
    };
    let mut left: Vec<u32> = try_vec(n, what)?;
    left.extend_from_slice(col4row);
    let mut right: Vec<u32> = try_vec(nc, what)?;
    right.extend_from_slice(row4col);
    let start = Matching::from_mates(left, right);
    let Ok(m) = Auto.maximum_matching_from(&g, start) else {
        return Ok(None);
    };
    let left_free = n - m.len();
    if left_free > keep {
        return Ok(Some(left_free));
    }
    free.clear();
    row4col.fill(NONE);
    for (i, mate) in col4row.iter_mut().enumerate() {
        *mate = m.left_mate(Left::new(i)).map_or(NONE, |j| id(j.index()));
        if *mate == NONE {
            free.push(id(i));
        } else {
            row4col[idx(*mate)] = id(i);
        }
    }
    Ok(Some(left_free))
}

/// The reduced costs `x[k] − y[k]` of up to [`BLOCK`] entries (`INF`
/// for forbidden entries and past the end).
#[inline(always)]
pub(crate) fn reduced_block<S: Scalar>(xs: &[S], ys: &[S]) -> [S; BLOCK] {
    let reduced = |x: S, y: S| if x < S::INF { x - y } else { S::INF };
    let mut r = [S::INF; BLOCK];
    if let (Ok(xs), Ok(ys)) = (<&[S; BLOCK]>::try_from(xs), <&[S; BLOCK]>::try_from(ys)) {
        for k in 0..BLOCK {
            r[k] = reduced(xs[k], ys[k]);
        }
    } else {
        for ((slot, &x), &y) in r.iter_mut().zip(xs).zip(ys) {
            *slot = reduced(x, y);
        }
    }
    r
}

/// Writes into `picked` up to `cap − 1` columns of `row` at its least
/// reduced cost `row[j] − v[j]`, other than `mine`, in one pass over the
/// row's blocks in turn from block `from` (taken modulo their number):
/// each block's reduced costs and their least; the columns found so far
/// are dropped when a block has a lesser one. A row with no allowed entry
/// leaves `picked` empty.
fn row_tight<S: Scalar>(
    row: &[S],
    v: &[S],
    from: usize,
    mine: u32,
    cap: usize,
    picked: &mut Vec<u32>,
) {
    picked.clear();
    let blocks = row.len().div_ceil(BLOCK);
    let from = from % blocks.max(1);
    let mut least = S::INF;
    for b in (from..blocks).chain(0..from) {
        let lo = b * BLOCK;
        let hi = (lo + BLOCK).min(row.len());
        let r = reduced_block(&row[lo..hi], &v[lo..hi]);
        let block_least = r.iter().fold(S::INF, |m, &x| m.min2(x));
        if block_least > least || block_least >= S::INF {
            continue;
        }
        if block_least < least {
            least = block_least;
            picked.clear();
        }
        let mut mask = 0u32;
        for (k, &x) in r.iter().enumerate() {
            mask |= u32::from(x == least) << k;
        }
        while mask != 0 && picked.len() + 1 < cap {
            let j = id(lo + mask.trailing_zeros() as usize);
            mask &= mask - 1;
            if j != mine {
                picked.push(j);
            }
        }
    }
}

/// Whether rows tie at their least reduced cost: in up to [`SAMPLE`] rows
/// spread over the matrix, at least two tight entries a row on average.
pub(crate) fn ties_likely<S: Scalar>(
    c: &[S],
    n: usize,
    nc: usize,
    v: &[S],
) -> Result<bool, OutOfMemory> {
    let rows = n.min(SAMPLE);
    let mut picked: Vec<u32> = try_vec(PER_ROW, "assignment: the tight entries of the start")?;
    let mut tight = 0usize;
    for k in 0..rows {
        let i = k * n / rows;
        row_tight(&c[i * nc..(i + 1) * nc], v, 0, NONE, PER_ROW, &mut picked);
        tight += picked.len();
    }
    Ok(tight >= 2 * rows)
}

/// The most tight entries kept a row: enough for a perfect matching of
/// random ties with room to spare, few enough that a matrix of all ties
/// (binary costs) costs `PER_ROW` entries a row.
const PER_ROW: usize = 32;

/// How far apart, in blocks of a row, the places where consecutive rows
/// start taking tight entries: odd and large, so that the places cover
/// the row evenly.
const STRIDE: usize = 40_503;

/// The fewest entries of a matrix the tight start runs on.
const MIN_ENTRIES: usize = 1 << 16;

/// The entries a row is read in at a time.
pub(crate) const BLOCK: usize = 8;

/// The rows [`ties_likely`] reads.
const SAMPLE: usize = 32;

#[cfg(test)]
mod tests {
    use super::*;

    /// The tight start on a matrix of zeros and ones where every row has
    /// zeros: a perfect matching of the zeros when one exists.
    #[test]
    fn matches_the_zeros_in_full_when_it_can() {
        // Row i has zeros at columns i and i + 1 (mod n): a cycle of ties.
        let n = 300;
        let mut c = vec![1i64; n * n];
        for i in 0..n {
            c[i * n + i] = 0;
            c[i * n + (i + 1) % n] = 0;
        }
        let v = vec![0i64; n];
        // The last row starts on column 0: the matching must move it.
        let (mut col4row, mut row4col) = (vec![NONE; n], vec![NONE; n]);
        col4row[n - 1] = 0;
        row4col[0] = id(n - 1);
        let mut free: Vec<u32> = (0..id(n - 1)).collect();
        tight_start(&c, (n, n), (&mut col4row, &mut row4col), &v, &mut free, 0).unwrap();
        assert!(free.is_empty());
        for i in 0..n {
            let j = idx(col4row[i]);
            assert_eq!(c[i * n + j], 0, "row {i} on a non-tight entry");
            assert_eq!(idx(row4col[j]), i);
        }
    }

    /// Without ties the start leaves the assignment alone.
    #[test]
    fn leaves_rows_without_ties_alone() {
        let n = 300;
        let c: Vec<f64> = (0..n * n).map(|k| (k * 7919 % 100_003) as f64).collect();
        let v = vec![0.0; n];
        let (mut col4row, mut row4col) = (vec![NONE; n], vec![NONE; n]);
        let mut free: Vec<u32> = (0..id(n)).collect();
        tight_start(&c, (n, n), (&mut col4row, &mut row4col), &v, &mut free, 0).unwrap();
        assert_eq!(free.len(), n);
        assert!(col4row.iter().all(|&j| j == NONE));
    }
}
