//! The tight start: where many entries of a row tie at its least reduced
//! cost (integers in a small range, binary costs, written as integers or
//! as floats), the rows and columns joined by those entries form a
//! bipartite graph whose maximum matching, found by the crate's own
//! cardinality matcher, assigns at once what the augmenting row reduction
//! and the searches would assign one path at a time.

use super::cost::{least_difference, Scalar};
use super::engine::NONE;
use super::sample::{place, seed, strata};
use crate::csr::{filled, try_push, try_vec, OutOfMemory, RowWriter};
use crate::util::{id, idx};
use crate::{Auto, Bipartite, Left, Matcher, Matching, Right};

/// Grows the assignment `col4row` / `row4col` of the dense `n × nc`
/// problem `c` under the column potentials `v` by a maximum matching of
/// its tight entries: those at their row's least reduced cost
/// `c[i][j] − v[j]`, at most [`PER_ROW`] a row, taken from a place in the
/// row drawn for it from a seed of the matrix ([`place`]: so that no
/// column is favoured, whatever the row's length); where that matching
/// leaves rows free, rows cut at their cap are read whole ([`widen`]).
/// Every assigned row must sit on a tight entry; the potentials are not
/// changed, so each newly assigned row also sits on a column of least
/// reduced cost. Rewrites `free` with the rows left unassigned; keeps the
/// assignment as it was where the matching leaves more than `keep` rows
/// free. What is known of the reduced costs, and when to run, is in
/// [`Tight`]: a row is read only until it has its entries at its bound.
/// Returns how many rows the matching left free, or why it did not run
/// ([`Tried`]: no ties, or fewer than [`MIN_ENTRIES`] entries, where its
/// fixed costs outweigh what it saves: integers in [0, 100) at 200²
/// 0.12 -> 0.23 ms; or ties on nested sets of columns).
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
    rule: Tight<'_, S>,
) -> Result<Tried, OutOfMemory> {
    let Tight {
        keep,
        least,
        levels,
        filled,
    } = rule;
    if free.is_empty() || n.saturating_mul(nc) < MIN_ENTRIES {
        return Ok(Tried::No);
    }
    let Ties {
        tight,
        full,
        level,
        nested,
    } = if least.is_none() {
        sample_ties::<S, true>(c, n, nc, v)?
    } else {
        sample_ties::<S, false>(c, n, nc, v)?
    };
    if !tight || (filled && !full) {
        return Ok(Tried::No);
    }
    // With no bound known: where the sampled rows' tight columns are
    // nested sets (c(i, j) = max(i, j): row i ties on columns 0..=i), the
    // entries kept a row leave out the columns that few rows reach and
    // the matching leaves many rows free: square, it was thrown away
    // after a pass and a half over the matrix (500²: 0.53 of 0.93 ms);
    // wide, where it is kept, each search after it crossed the rows
    // assigned before (400 × 900: 28 ms).
    if least.is_none() && nested {
        return Ok(Tried::Nested);
    }
    // Where sampled rows fill their entries, a pass finds the least
    // reduced cost that lets rows stop early; where they do not (integers
    // in [0, 100) at 2000², twenty ties a row), or where three in four
    // have their least above the sample's (rows offset by constants over
    // ties, c(i, j) = r(i) + t(i, j)), no row would stop and the pass
    // would cost a fifth of the start.
    let least = match least {
        Some(least) => least,
        None if full && level => least_reduced(c, nc, v),
        None => -S::INF,
    };
    let per_row = PER_ROW.min(nc);
    let what = "assignment: the tight entries of the start";
    let mut writer = RowWriter::new(n, n * per_row, what)?;
    let mut picked: Vec<u32> = try_vec(per_row, what)?;
    // The rows whose read stopped at their cap: they may have more.
    let mut cut: Vec<bool> = try_vec(n, what)?;
    let seed = seed(c);
    let bound = |i: usize| levels.map_or(least, |l| least + l[i]);
    for i in 0..n {
        let mine = col4row[i];
        row_tight::<S, false>(
            &c[i * nc..(i + 1) * nc],
            v,
            place(seed, i),
            mine,
            (per_row, bound(i)),
            &mut picked,
            &mut [],
        );
        cut.push(per_row < nc && picked.len() + 1 >= per_row);
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
        return Ok(Tried::No);
    };
    let mut left: Vec<u32> = try_vec(n, what)?;
    left.extend_from_slice(col4row);
    let mut right: Vec<u32> = try_vec(nc, what)?;
    right.extend_from_slice(row4col);
    let start = Matching::from_mates(left, right);
    let Ok(m) = Auto.maximum_matching_from(&g, start) else {
        return Ok(Tried::No);
    };
    // Where rows are left free, the windows may be why: rows cheap on
    // many columns kept the few that rows cheap on few need (a dear lower
    // triangle, 1500 × 1600: 205 rows free, where a matching of every
    // tight entry is perfect).
    let Some(m) = widen((c, nc), (v, bound), (g, m), &mut cut)? else {
        return Ok(Tried::No);
    };
    let left_free = n - m.len();
    if left_free > keep {
        return Ok(Tried::Left(left_free));
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
    Ok(Tried::Left(left_free))
}

/// The rounds in which [`widen`] reads rows cut at their cap to their
/// end: those the free rows reach, then every one.
const WIDEN_ROUNDS: usize = 2;

/// The rows [`widen`] reads first, to see whether reading more may help.
const WIDEN_SAMPLE: usize = 32;

/// Grows the matching `m` of the tight windows `g` where it leaves rows
/// free: the rows `cut` at their cap (cleared as they are read) that the
/// free rows reach by paths alternating between edges and `m` are read
/// to their end and the matching grown, then, where that matched more
/// and rows are still free, every row cut. A round reads its rows only where some of a
/// sample of them ([`WIDEN_SAMPLE`], spread over them) has a tight
/// column the free rows do not reach: where none has, the rows reached
/// likely have no more columns in all than they fill, and no tight entry
/// left out could match more ((r(i) + j) mod 20 with half the rows in
/// one class: half the matrix read for nothing, 1.1 times the time;
/// (i + j) mod 31, 14 rows free of 1100: half the rows read for nothing).
/// `bound(i)`: a bound below row `i`'s reduced costs `c − v` (a row with
/// entries at it is read once). `None` where the matcher fails.
///
/// # Errors
///
/// When the rows read or the wider graph cannot be reserved.
fn widen<S: Scalar>(
    (c, nc): (&[S], usize),
    (v, bound): (&[S], impl Fn(usize) -> S),
    (mut g, mut m): (Bipartite, Matching),
    cut: &mut [bool],
) -> Result<Option<Matching>, OutOfMemory> {
    let what = "assignment: the tight entries of the start";
    let n = g.left_count();
    let row = |i: usize| &c[i * nc..(i + 1) * nc];
    let mut whole: Vec<u32> = try_vec(nc, what)?;
    for round in 0..WIDEN_ROUNDS {
        let matched = m.len();
        if matched == n {
            break;
        }
        let (mut rows, seen) = cut_rows_reached(&g, &m, cut)?;
        if rows.is_empty() {
            break;
        }
        let step = rows.len().div_ceil(WIDEN_SAMPLE);
        let opens = rows.iter().step_by(step).any(|&i| {
            row_all_tight(row(idx(i)), v, NONE, bound(idx(i)), &mut whole);
            whole.iter().any(|&j| !seen[idx(j)])
        });
        if !opens {
            break;
        }
        if round + 1 == WIDEN_ROUNDS {
            rows.clear();
            for (i, &cut) in cut.iter().enumerate() {
                if cut {
                    try_push(&mut rows, id(i), what)?;
                }
            }
        }
        let mut extra: Vec<u32> = Vec::new();
        let mut ends: Vec<usize> = try_vec(rows.len(), what)?;
        for &i in &rows {
            let i = idx(i);
            cut[i] = false;
            let mine = m.left_mate(Left::new(i)).map_or(NONE, |j| id(j.index()));
            row_all_tight(row(i), v, mine, bound(i), &mut whole);
            extra.try_reserve(whole.len()).map_err(|_| OutOfMemory {
                what,
                bytes: whole.len().saturating_mul(4),
            })?;
            extra.extend_from_slice(&whole);
            ends.push(extra.len());
        }
        let kept: usize = rows.iter().map(|&i| g.left_adj(idx(i)).len()).sum();
        let entries = g.edge_count() - kept + extra.len();
        // The graph's ids are `u32`: a wider one is not built (a matrix of
        // ties of more than 2^32 entries), and the matching stays.
        if u32::try_from(entries).is_err() {
            break;
        }
        let mut writer = RowWriter::new(n, entries, what)?;
        let (mut at, mut from) = (0, 0);
        for i in 0..n {
            if rows.get(at).is_some_and(|&r| idx(r) == i) {
                for &j in &extra[from..ends[at]] {
                    writer.push(j);
                }
                from = ends[at];
                at += 1;
            } else {
                for &j in g.left_adj(i) {
                    writer.push(j);
                }
            }
            writer.end_row();
        }
        let (offsets, adj) = writer.finish();
        let Ok(wider) = Bipartite::from_left_csr(nc, offsets, adj) else {
            return Ok(None);
        };
        g = wider;
        let Ok(grown) = Auto.maximum_matching_from(&g, m) else {
            return Ok(None);
        };
        m = grown;
        if m.len() == n || m.len() == matched {
            break;
        }
    }
    Ok(Some(m))
}

/// The rows of `cut` that the free rows of `g` reach by paths
/// alternating between edges and the matching `m`, in order, and the
/// columns reached (a flag a column).
fn cut_rows_reached(
    g: &Bipartite,
    m: &Matching,
    cut: &[bool],
) -> Result<(Vec<u32>, Vec<bool>), OutOfMemory> {
    let what = "assignment: the rows the free rows reach";
    let (n, nc) = (g.left_count(), g.right_count());
    let mut seen: Vec<bool> = filled(n, false, what)?;
    let mut col_seen: Vec<bool> = filled(nc, false, what)?;
    let mut stack: Vec<u32> = try_vec(n, what)?;
    for (i, seen) in seen.iter_mut().enumerate() {
        if m.left_mate(Left::new(i)).is_none() {
            *seen = true;
            stack.push(id(i));
        }
    }
    let mut out: Vec<u32> = Vec::new();
    while let Some(i) = stack.pop() {
        let i = idx(i);
        if cut[i] {
            try_push(&mut out, id(i), what)?;
        }
        for &j in g.left_adj(i) {
            let j = idx(j);
            if col_seen[j] {
                continue;
            }
            col_seen[j] = true;
            if let Some(r) = m.right_mate(Right::new(j)) {
                if !seen[r.index()] {
                    seen[r.index()] = true;
                    stack.push(id(r.index()));
                }
            }
        }
    }
    out.sort_unstable();
    Ok((out, col_seen))
}

/// What [`tight_start`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tried {
    /// It did not run: too few entries, no ties in its sample, or rows
    /// short of their entries where [`Tight::filled`] asks for them.
    No,
    /// Its sample found ties on nested sets of columns ([`Ties`]), and
    /// no bound below the reduced costs was given: it did not run.
    Nested,
    /// Its matching left this many rows free (and was kept where that is
    /// at most [`Tight::keep`]).
    Left(usize),
}

impl Tried {
    /// The rows left free, where it ran.
    pub(crate) fn left(self) -> Option<usize> {
        match self {
            Tried::Left(left) => Some(left),
            Tried::No | Tried::Nested => None,
        }
    }
}

/// What [`tight_start`] knows of the reduced costs and when it runs.
#[derive(Clone, Copy)]
pub(crate) struct Tight<'a, S> {
    /// The most rows the matching may leave free and be kept.
    pub(crate) keep: usize,
    /// A bound below every reduced cost, where known (else the least is
    /// found by a pass over the matrix once a sample shows ties).
    pub(crate) least: Option<S>,
    /// Each row's level above `least`, where the rows were levelled: a
    /// bound below that row's reduced costs (rows offset by constants,
    /// whose rows would otherwise be read to their end).
    pub(crate) levels: Option<&'a [S]>,
    /// Run only where most sampled rows fill their [`PER_ROW`] tight
    /// entries (not where a few ties a row may leave more rows free than
    /// `keep`, and the matching is thrown away).
    pub(crate) filled: bool,
}

impl<S> Tight<'_, S> {
    /// Kept where it leaves at most `keep` rows free; nothing known.
    pub(crate) fn keep(keep: usize) -> Self {
        Tight {
            keep,
            least: None,
            levels: None,
            filled: false,
        }
    }
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

/// The entries of a block of reduced costs equal to `least`, a bit each.
#[inline(always)]
fn at_mask<S: Scalar>(r: &[S; BLOCK], least: S) -> u32 {
    let mut mask = 0u32;
    for (k, &x) in r.iter().enumerate() {
        mask |= u32::from(x == least) << k;
    }
    mask
}

/// The least reduced cost `c[i][j] − v[j]` of the matrix `c` of `nc`
/// columns (`INF` if none is allowed).
fn least_reduced<S: Scalar>(c: &[S], nc: usize, v: &[S]) -> S {
    c.chunks_exact(nc)
        .map(|row| least_difference(row, v))
        .fold(S::INF, S::min2)
}

/// Writes into `picked` up to `cap − 1` columns of `row` at its least
/// reduced cost `row[j] − v[j]`, other than `mine`, in one pass over the
/// row's blocks in turn from block `from` (taken modulo their number):
/// each block's reduced costs and their least; the columns found so far
/// are dropped when a block has a lesser one. Where no reduced cost lies
/// below `floor`, the pass ends once it has its columns at `floor` (a
/// row of ties costs a few blocks: (i + j) mod 7 at 1200², 2.3 -> 0.7 ms
/// for the start's two matchings). A row with no allowed entry leaves
/// `picked` empty. `BITS`: `bits` (at least a bit a column, all clear)
/// is left with the bits of every column at the row's least (all of
/// them, where `floor` is below it and the row is read to its end).
fn row_tight<S: Scalar, const BITS: bool>(
    row: &[S],
    v: &[S],
    from: usize,
    mine: u32,
    (cap, floor): (usize, S),
    picked: &mut Vec<u32>,
    bits: &mut [u64],
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
            if BITS {
                bits.fill(0);
            }
        }
        let mut mask = at_mask(&r, least);
        if BITS {
            if let Some(word) = bits.get_mut(lo / 64) {
                // A block lies within a word: `BLOCK` divides 64.
                *word |= u64::from(mask) << (lo % 64);
            }
        }
        while mask != 0 && picked.len() + 1 < cap {
            let j = id(lo + mask.trailing_zeros() as usize);
            mask &= mask - 1;
            if j != mine {
                picked.push(j);
            }
        }
        if least <= floor && picked.len() + 1 >= cap {
            break;
        }
    }
}

/// Rewrites `out` with every column of `row` at its least reduced cost
/// `row[j] − v[j]`, `mine` among them (where it is a column), in order:
/// the columns at `floor`, a bound below every reduced cost of the row,
/// where there are any (one pass); else the least found first, in lanes
/// without a branch an entry, then the columns at it.
fn row_all_tight<S: Scalar>(row: &[S], v: &[S], mine: u32, floor: S, out: &mut Vec<u32>) {
    let at = |least: S, out: &mut Vec<u32>| {
        out.clear();
        for (b, (x8, y8)) in row.chunks(BLOCK).zip(v.chunks(BLOCK)).enumerate() {
            let mut mask = at_mask(&reduced_block(x8, y8), least);
            while mask != 0 {
                out.push(id(b * BLOCK + mask.trailing_zeros() as usize));
                mask &= mask - 1;
            }
        }
    };
    at(floor, out);
    if out.is_empty() {
        let least = least_difference(row, v);
        if least >= S::INF {
            return;
        }
        at(least, out);
    }
    if mine != NONE && out.binary_search(&mine).is_err() {
        let at = out.partition_point(|&j| j < mine);
        out.insert(at, mine);
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
    Ok(sample_ties::<S, false>(c, n, nc, v)?.tight)
}

/// What [`sample_ties`] found in its rows.
struct Ties {
    /// At least two tight entries a sampled row on average.
    tight: bool,
    /// At least half the sampled rows with [`PER_ROW`] tight entries.
    full: bool,
    /// At least a quarter of the sampled rows with their least reduced
    /// cost at the least of the sample.
    level: bool,
    /// Most pairs of sampled rows with ties (at least [`NESTED_MIN`] of
    /// them) have the tight columns of one among those of the other, and
    /// not the same.
    nested: bool,
}

/// The fewest sampled rows with two tight entries or more that
/// [`sample_ties`] judges nested.
const NESTED_MIN: usize = 8;

/// [`ties_likely`], whether at least half the sampled rows have
/// [`PER_ROW`] tight entries or more, whether at least a quarter have
/// their least at the least of the sample, and (`NESTED`; else `false`)
/// whether their tight columns are nested sets ([`Ties`]). The rows are
/// drawn one from each of [`SAMPLE`] strata ([`strata`]), and a row counts
/// at most [`TIE_CAP`] tight entries, so that neither a fixed set of rows
/// nor a few rows of many ties (one in sixteen rows binary, the others
/// uniform) decides for the rest.
fn sample_ties<S: Scalar, const NESTED: bool>(
    c: &[S],
    n: usize,
    nc: usize,
    v: &[S],
) -> Result<Ties, OutOfMemory> {
    let what = "assignment: the tight entries of the start";
    let mut picked: Vec<u32> = try_vec(PER_ROW, what)?;
    let mut leasts: Vec<S> = try_vec(SAMPLE, what)?;
    // The tight columns of the sampled rows with two or more, a bit a
    // column, a row after another.
    let words = if NESTED { nc.div_ceil(64).max(1) } else { 1 };
    let mut sets: Vec<u64> = try_vec(SAMPLE.saturating_mul(words), what)?;
    let (mut rows, mut tight, mut full) = (0usize, 0usize, 0usize);
    for i in strata(n, SAMPLE, seed(c)) {
        let row = &c[i * nc..(i + 1) * nc];
        let at = sets.len();
        sets.resize(at + words, 0);
        let bits = &mut sets[at..];
        row_tight::<S, NESTED>(row, v, 0, NONE, (PER_ROW, -S::INF), &mut picked, bits);
        rows += 1;
        tight += picked.len().min(TIE_CAP);
        full += usize::from(picked.len() + 1 >= PER_ROW.min(nc));
        if let Some(&j) = picked.first() {
            leasts.push(row[idx(j)] - v[idx(j)]);
        }
        if !NESTED || picked.len() < 2 {
            sets.truncate(at);
        }
    }
    let within = |a: &[u64], b: &[u64]| a.iter().zip(b).all(|(&x, &y)| x & !y == 0);
    let (mut pairs, mut chained) = (0usize, 0usize);
    for (k, a) in sets.chunks_exact(words).enumerate() {
        for b in sets.chunks_exact(words).skip(k + 1) {
            pairs += 1;
            // Equal sets are no sign: rows that all tie on the same
            // columns (a matrix of zeros) are matched in full at once.
            chained += usize::from(a != b && (within(a, b) || within(b, a)));
        }
    }
    let lowest = leasts.iter().fold(S::INF, |m, &x| m.min2(x));
    let level = leasts.iter().filter(|&&x| x == lowest).count();
    Ok(Ties {
        tight: tight >= 2 * rows,
        full: 2 * full >= rows,
        level: 4 * level >= rows,
        nested: sets.len() >= NESTED_MIN * words && 2 * chained > pairs,
    })
}

/// The most tight entries a sampled row counts in [`sample_ties`].
const TIE_CAP: usize = 8;

/// The most tight entries kept a row: enough for a perfect matching of
/// random ties with room to spare, few enough that a matrix of all ties
/// (binary costs) costs `PER_ROW` entries a row.
const PER_ROW: usize = 32;

/// The fewest entries of a matrix the tight start runs on.
const MIN_ENTRIES: usize = 1 << 16;

/// The entries a row is read in at a time.
pub(crate) const BLOCK: usize = 8;

// A block's bits lie within one word of [`row_tight`]'s `bits`.
const _: () = assert!(64 % BLOCK == 0);

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
        let keep = Tight {
            least: Some(0),
            ..Tight::keep(0)
        };
        let mates = (&mut col4row[..], &mut row4col[..]);
        tight_start(&c, (n, n), mates, &v, &mut free, keep).unwrap();
        assert!(free.is_empty());
        for i in 0..n {
            let j = idx(col4row[i]);
            assert_eq!(c[i * n + j], 0, "row {i} on a non-tight entry");
            assert_eq!(idx(row4col[j]), i);
        }
    }

    /// Rows of random ties take their tight entries from places spread
    /// over the row whatever its length: a perfect matching of the zeros at
    /// every width, those whose blocks share a factor with any stride among
    /// them (138 blocks: a fixed stride of 40,503 started every row at one
    /// of two places, and the matching left 249 of 1100 rows free).
    #[test]
    fn random_ties_match_in_full_at_every_width() {
        let mut state = 0x7157_u64;
        for n in [300, 368, 552, 1100] {
            let c = tens(n, &mut state);
            let v = vec![0i64; n];
            let (mut col4row, mut row4col) = (vec![NONE; n], vec![NONE; n]);
            let mut free: Vec<u32> = (0..id(n)).collect();
            let mates = (&mut col4row[..], &mut row4col[..]);
            let rule = Tight {
                least: Some(0),
                ..Tight::keep(0)
            };
            let left = tight_start(&c, (n, n), mates, &v, &mut free, rule).unwrap();
            assert_eq!(left, Tried::Left(0), "{n} × {n}");
            assert!(free.is_empty());
        }
    }

    /// A row read until its entries at the floor are found gives columns at
    /// its least reduced cost, as many as a whole pass does; a floor below
    /// the row's least changes nothing.
    #[test]
    fn a_row_read_to_its_floor_keeps_its_least_columns() {
        let mut x = 0x7161_u64;
        let mut next = |k: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % k) as i64
        };
        for len in [5, 8, 9, 64, 300, 1000] {
            for spread in [1, 2, 3, 7, 50] {
                let row: Vec<i64> = (0..len)
                    .map(|_| if next(9) == 0 { i64::MAX } else { next(spread) })
                    .collect();
                let v: Vec<i64> = (0..len).map(|_| next(2) - 1).collect();
                let r: Vec<i64> = row
                    .iter()
                    .zip(&v)
                    .map(|(&c, &p)| if c < i64::MAX { c - p } else { i64::MAX })
                    .collect();
                let low = *r.iter().min().unwrap();
                let mine = u32::try_from(next(len as u64)).unwrap();
                let (mut whole, mut cut) = (Vec::new(), Vec::new());
                for from in [0, 3, 77] {
                    row_tight::<_, false>(
                        &row,
                        &v,
                        from,
                        mine,
                        (PER_ROW, -i64::MAX),
                        &mut whole,
                        &mut [],
                    );
                    for floor in [low, low - 1] {
                        row_tight::<_, false>(
                            &row,
                            &v,
                            from,
                            mine,
                            (PER_ROW, floor),
                            &mut cut,
                            &mut [],
                        );
                        assert_eq!(cut.len(), whole.len(), "len {len}, spread {spread}");
                        for &j in &cut {
                            assert_eq!(r[idx(j)], low, "len {len}, spread {spread}");
                            assert_ne!(j, mine);
                        }
                    }
                }
            }
        }
    }

    /// Rows that tie at levels of their own (c(i, j) = max(i, j): row i
    /// at i on columns 0..=i) are left alone where no bound below the
    /// reduced costs is known, and matched where one is; rows that tie at
    /// one level are matched either way.
    #[test]
    fn rows_tied_at_levels_of_their_own_wait_for_a_bound() {
        let n = 300;
        let v = vec![0i64; n];
        let run = |c: &[i64], rule: Tight<'_, i64>| {
            let (mut col4row, mut row4col) = (vec![NONE; n], vec![NONE; n]);
            let mut free: Vec<u32> = (0..id(n)).collect();
            let mates = (&mut col4row[..], &mut row4col[..]);
            let left = tight_start(c, (n, n), mates, &v, &mut free, rule).unwrap();
            for (i, &j) in col4row.iter().enumerate().filter(|&(_, &j)| j != NONE) {
                let least = c[i * n..(i + 1) * n].iter().min().unwrap();
                assert_eq!(c[i * n + idx(j)], *least, "row {i} off its least");
            }
            (left, free.len())
        };
        let nested: Vec<i64> = (0..n * n).map(|k| (k / n).max(k % n) as i64).collect();
        let keep_all = Tight::keep(n);
        assert_eq!(run(&nested, keep_all), (Tried::Nested, n));
        let (left, free) = run(
            &nested,
            Tight {
                least: Some(0),
                ..keep_all
            },
        );
        assert!(left.left().is_some() && free < n, "{left:?}, {free} free");
        // Costs in [0, 10): every row's least is 0.
        let level = tens(n, &mut 0x7163_u64);
        assert_eq!(run(&level, keep_all), (Tried::Left(0), 0));
    }

    /// An `n × n` matrix of costs in [0, 10) from the xorshift `state`.
    fn tens(n: usize, state: &mut u64) -> Vec<i64> {
        (0..n * n)
            .map(|_| {
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                (*state % 10) as i64
            })
            .collect()
    }

    /// Rows cheap on nested ranges of columns, integers in [0, 10) on them
    /// (a lower triangle dear: row i cheap on columns i.. ; an upper one:
    /// on ..=i): the start matches as many rows as a maximum matching of
    /// every entry at its row's least, found apart by Hopcroft–Karp,
    /// though it keeps a window of each row (the early rows' windows took
    /// the columns the late rows need, and the matching of the windows
    /// left rows free); the upper one, no more.
    #[test]
    fn cut_rows_are_read_whole_where_free_rows_need_them() {
        let mut state = 0x7163_u64;
        for (n, nc, lower) in [(1500, 1600, true), (600, 640, true), (500, 520, false)] {
            let c: Vec<i64> = (0..n * nc)
                .map(|k| {
                    let (i, j) = (k / nc, k % nc);
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let dear = if lower { j < i } else { j > i };
                    (state % 10) as i64 + 1000 * i64::from(dear)
                })
                .collect();
            let lows: Vec<i64> = c.chunks(nc).map(|r| *r.iter().min().unwrap()).collect();
            let tight = (0..n * nc)
                .filter(|&k| c[k] == lows[k / nc])
                .map(|k| (k / nc, k % nc));
            let g = Bipartite::from_edges(n, nc, tight).unwrap();
            let best = crate::HopcroftKarp.maximum_matching(&g).len();
            let v = vec![0i64; nc];
            let (mut col4row, mut row4col) = (vec![NONE; n], vec![NONE; nc]);
            let mut free: Vec<u32> = (0..id(n)).collect();
            let rule = Tight {
                least: Some(0),
                ..Tight::keep(n)
            };
            let mates = (&mut col4row[..], &mut row4col[..]);
            let left = tight_start(&c, (n, nc), mates, &v, &mut free, rule).unwrap();
            // The upper triangle's tight entries leave rows free however
            // they are read: its widening may stop at its sample.
            let Tried::Left(left) = left else {
                panic!("{n} × {nc}: the start did not run")
            };
            if lower {
                assert_eq!(left, n - best, "{n} × {nc}");
            } else {
                assert!(left >= n - best && left > 0, "{n} × {nc}");
            }
            for (i, &j) in col4row.iter().enumerate() {
                if j != NONE {
                    assert_eq!(c[i * nc + idx(j)], lows[i], "row {i} off its least");
                    assert_eq!(idx(row4col[idx(j)]), i);
                }
            }
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
        let keep = Tight::keep(0);
        let mates = (&mut col4row[..], &mut row4col[..]);
        tight_start(&c, (n, n), mates, &v, &mut free, keep).unwrap();
        assert_eq!(free.len(), n);
        assert!(col4row.iter().all(|&j| j == NONE));
    }
}
