//! The sparse first try of a dense square problem: where rows prefer
//! different columns (random costs), an optimal assignment uses few of
//! each row's cheapest entries, so the sparse engine solves the problem
//! cut to each row's [`KEEP`] cheapest entries and its diagonal (which
//! keeps a perfect matching), and one pass over the whole matrix checks
//! its potentials. The rows that the pass finds on a column that is not
//! their least reduced cost are set free, and the dense searches go on
//! from there.

use std::cmp::Ordering;

use super::cost::{least_difference, Scalar};
use super::engine::{Csr, Handover, Raw, Searched, NONE};
use super::sample::{seed, strata};
use super::sparse_paths::shortest_paths;
use super::tight::{ties_likely, BLOCK};
use crate::csr::{filled, try_vec, OutOfMemory};
use crate::util::{id, idx};

/// A start for the dense searches of the square `n × n` problem `c`
/// (minimising, `INF` = forbidden): the optimum of its rows' [`KEEP`]
/// cheapest entries and its diagonal, with each row whose least reduced
/// cost `c[i][j] − v[j]` lies off its column set free; every other row
/// then sits on a column of least reduced cost, as the searches require.
/// Where the freed rows share their cut columns, and are at most one in
/// [`WIDEN`], they get their [`WIDE`] (or twice as many as they are)
/// cheapest entries and the cut is solved once more, on twice the budget.
/// `None` where it does not pay: rows that prefer the same columns (a
/// sample of [`SAMPLE`] rows shares them) or tie at their least, a cut
/// problem without a perfect matching (forbidden diagonal entries) or
/// whose searches pass `n² / BUDGET_DIV` steps, more than one row in
/// [`FREED`] set free, or freed rows that still share their columns.
///
/// # Errors
///
/// When its arrays or the sparse engine's cannot be reserved.
pub(crate) fn sparse_first<S: Scalar>(
    c: &[S],
    n: usize,
    floor: S,
) -> Result<Option<Raw<S>>, OutOfMemory> {
    if n < MIN_ROWS {
        return Ok(None);
    }
    let what = "assignment: the cut problem of the sparse first try";
    let mut scratch = Scratch::new(n, what)?;
    if !rows_differ(c, n, &mut scratch)? {
        return Ok(None);
    }
    // Rows that tie at their minimum are the tight start's to take.
    let zero = filled(
        n,
        S::ZERO,
        "assignment: the potentials of the sparse first try",
    )?;
    if ties_likely(c, n, n, &zero)? {
        return Ok(None);
    }
    drop(zero);
    let Some((mut cut, mut bounds)) = first_cut(c, n, &mut scratch)? else {
        return Ok(None);
    };
    let budget = n.saturating_mul(n) / BUDGET_DIV;
    let mut freed_before = usize::MAX;
    for round in 0..2 {
        let mut raw = match shortest_paths(&cut, true, floor, Handover::within(budget << round)) {
            Searched::Done(raw) => raw,
            Searched::OutOfMemory(e) => return Err(e),
            Searched::Infeasible | Searched::OverBudget => return Ok(None),
        };
        let Some(free) = check(c, n, &bounds, &mut raw)? else {
            return Ok(None);
        };
        // Widened entries that free as many rows again did not give the
        // freed rows what they want: their searches would cross the
        // matrix all the same (32 binary rows among uniform ones, 2000²:
        // 77 ms from the cut's answer).
        if round == 1 && free.len().saturating_mul(2) > freed_before {
            return Ok(None);
        }
        // Freed rows that share their cheapest columns all want the few
        // columns the cut could give only some of them: each search from
        // one then crosses most of the matrix (one row in fifty sharing
        // the same row's cheapest columns, 2000²: 50 -> 89 ms). They get
        // [`WIDE`] entries and the cut is solved once more.
        if spread(&cut, &free)? {
            return Ok(Some(raw));
        }
        freed_before = free.len();
        if round == 0 && free.len().saturating_mul(WIDEN) <= n {
            cut = widened(c, n, (&cut, &mut bounds), &free, &mut scratch)?;
        } else {
            break;
        }
    }
    Ok(None)
}

/// The cut problem: each row's [`KEEP`] cheapest entries and its
/// diagonal (if allowed); a row whose [`KEEP`] cheapest entries tie
/// (binary rows among uniform ones) in full, since which of its ties it
/// wants depends on the potentials the cut has yet to find (kept to
/// [`KEEP`] entries, such rows failed the check again when widened, and
/// their searches crossed the matrix: 32 of 2000, 40 -> 53 ms). `None`
/// where more than one row in [`TIED_ROWS`] ties so: ties are the tight
/// start's to take. With each row's [`bound`] on the entries left out.
fn first_cut<S: Scalar>(
    c: &[S],
    n: usize,
    scratch: &mut Scratch<S>,
) -> Result<Option<BoundedCut<S>>, OutOfMemory> {
    let what = "assignment: the cut problem of the sparse first try";
    let per_row = KEEP + 1;
    let mut cut = Csr {
        cols: n,
        offsets: try_vec(n + 1, what)?,
        adj: try_vec(n * per_row, what)?,
        w: try_vec(n * per_row, what)?,
    };
    cut.offsets.push(0);
    let mut bounds = try_vec(n, what)?;
    let mut tied = 0usize;
    for i in 0..n {
        let row = &c[i * n..(i + 1) * n];
        cheapest(row, KEEP, scratch);
        let best = &scratch.best;
        if n > KEEP && best.len() == KEEP && best.iter().all(|&(x, _)| x == best[0].0) {
            bounds.push(S::INF);
            tied += 1;
            if tied > (n / TIED_ROWS).max(MIN_TIED) {
                return Ok(None);
            }
            let more = |bytes| OutOfMemory { what, bytes };
            cut.adj.try_reserve(n).map_err(|_| more(4 * n))?;
            cut.w
                .try_reserve(n)
                .map_err(|_| more(n * std::mem::size_of::<S>()))?;
            for (j, &x) in row.iter().enumerate().filter(|&(_, &x)| x < S::INF) {
                cut.adj.push(id(j));
                cut.w.push(x);
            }
            cut.offsets.push(id(cut.adj.len()));
        } else {
            bounds.push(bound(best, KEEP));
            push_row(&mut cut, c, n, i, &mut scratch.best);
        }
    }
    Ok(Some((cut, bounds)))
}

/// A bound on the entries of a row left out of the cut, from the up to
/// `keep` cheapest `best` that [`cheapest`] kept: the dearest of them (no
/// entry left out is cheaper), or `INF` where it kept every allowed entry.
fn bound<S: Scalar>(best: &[(S, u32)], keep: usize) -> S {
    if best.len() < keep {
        return S::INF;
    }
    best.iter().fold(-S::INF, |m, &(x, _)| m.max2(x))
}

/// The cut problem and each row's [`bound`] on its entries left out.
type BoundedCut<S> = (Csr<S>, Vec<S>);

/// At most one row in `TIED_ROWS` (or [`MIN_TIED`], if more) may tie at
/// its [`KEEP`] cheapest entries in [`first_cut`].
const TIED_ROWS: usize = 16;

/// The tied rows [`first_cut`] takes in full whatever the size: the 32
/// binary rows among uniform ones at 500² passed one in sixteen, and the
/// try gave up at the end of its cut's pass (1.0 -> 1.9 ms; 0.72 times
/// the time without the try with them at 800²).
const MIN_TIED: usize = 64;

/// `cut` with the rows `free` given their [`WIDE`] cheapest entries, or
/// twice as many as they are if more (up to the whole row), and their
/// `bounds` updated.
fn widened<S: Scalar>(
    c: &[S],
    n: usize,
    (cut, bounds): (&Csr<S>, &mut [S]),
    free: &[u32],
    scratch: &mut Scratch<S>,
) -> Result<Csr<S>, OutOfMemory> {
    let what = "assignment: the widened cut problem of the sparse first try";
    let keep = WIDE.max(2 * free.len()).min(n);
    let size = cut.adj.len() + free.len() * keep;
    let mut wide = filled(n, false, what)?;
    for &i in free {
        wide[idx(i)] = true;
    }
    let mut next = Csr {
        cols: n,
        offsets: try_vec(n + 1, what)?,
        adj: try_vec(size, what)?,
        w: try_vec(size, what)?,
    };
    next.offsets.push(0);
    for i in 0..n {
        if wide[i] {
            cheapest(&c[i * n..(i + 1) * n], keep, scratch);
            bounds[i] = bound(&scratch.best, keep);
            push_row(&mut next, c, n, i, &mut scratch.best);
        } else {
            let r = cut.range(i);
            next.adj.extend_from_slice(&cut.adj[r.clone()]);
            next.w.extend_from_slice(&cut.w[r]);
            next.offsets.push(id(next.adj.len()));
        }
    }
    Ok(next)
}

/// Appends row `i` of the cut: the entries `best` and the diagonal, in
/// column order.
fn push_row<S: Scalar>(cut: &mut Csr<S>, c: &[S], n: usize, i: usize, best: &mut Vec<(S, u32)>) {
    let diagonal = c[i * n + i];
    if diagonal < S::INF && !best.iter().any(|&(_, j)| idx(j) == i) {
        best.push((diagonal, id(i)));
    }
    best.sort_unstable_by_key(|&(_, j)| j);
    for &(x, j) in best.iter() {
        cut.adj.push(j);
        cut.w.push(x);
    }
    cut.offsets.push(id(cut.adj.len()));
}

/// The check of the cut's optimum `raw` on the whole matrix: each row's
/// pair at its least reduced cost, the rows taken by blocks of
/// [`CHECK_BLOCK`] in a scattered order of the blocks (block
/// `k · stride mod blocks` k-th, the stride prime to their number, so
/// that rows failing at any regular spacing or in any part of the matrix
/// are spread over the order), in [`ROUNDS`] rounds, so that a try that
/// fails everywhere gives up after the first. A row whose `bounds` entry
/// less the largest column potential is at least its pair's reduced cost
/// passes unread: no entry left out of the cut can be below that, and the
/// cut's optimum holds on the entries in it (the cheapest sixteen of
/// uniform integers at 2000², of cheap blocks of five among dear entries
/// at 1100²). Frees the rows that fail and returns them; `None` when more
/// than one in [`FREED`] of the rows checked fail.
fn check<S: Scalar>(
    c: &[S],
    n: usize,
    bounds: &[S],
    raw: &mut Raw<S>,
) -> Result<Option<Vec<u32>>, OutOfMemory> {
    let mut free: Vec<u32> = try_vec(n, "assignment: the rows the sparse first try frees")?;
    let top = raw.v.iter().fold(-S::INF, |m, &x| m.max2(x));
    let blocks = n.div_ceil(CHECK_BLOCK);
    let stride = prime_to(blocks) % blocks.max(1);
    let per_round = n.div_ceil(ROUNDS);
    let (mut b, mut checked, mut next_round) = (0usize, 0usize, per_round);
    for _ in 0..blocks {
        let rows = b * CHECK_BLOCK..((b + 1) * CHECK_BLOCK).min(n);
        checked += rows.len();
        for i in rows {
            let j = raw.col4row[i];
            if j == NONE {
                return Ok(None);
            }
            let row = &c[i * n..(i + 1) * n];
            let mine = row[idx(j)] - raw.v[idx(j)];
            let bound = bounds[i];
            if bound >= S::INF || bound - top >= mine {
                continue;
            }
            if least_difference(row, &raw.v) < mine {
                raw.col4row[i] = NONE;
                raw.row4col[idx(j)] = NONE;
                free.push(id(i));
            }
        }
        if (checked >= next_round || checked == n) && free.len().saturating_mul(FREED) > checked {
            return Ok(None);
        }
        while next_round <= checked {
            next_round += per_round;
        }
        // The next block: `b + stride` below `blocks` without overflow.
        b = if b >= blocks - stride {
            b - (blocks - stride)
        } else {
            b + stride
        };
    }
    Ok(Some(free))
}

/// A stride prime to `n`: [`STRIDE`], or the next odd number after it
/// that is.
fn prime_to(n: usize) -> usize {
    let gcd = |mut a: usize, mut b: usize| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let mut s = STRIDE;
    while gcd(s, n) != 1 {
        s += 2;
    }
    s
}

/// Whether the freed rows prefer different columns: their cut entries
/// off the diagonal cover at least half of what they would if no two
/// shared one.
fn spread<S: Scalar>(cut: &Csr<S>, free: &[u32]) -> Result<bool, OutOfMemory> {
    let what = "assignment: the columns of the freed rows";
    let mut cols: Vec<u32> = try_vec(free.len() * KEEP, what)?;
    for &i in free {
        let r = cut.range(idx(i));
        cols.extend(cut.adj[r].iter().filter(|&&j| j != i));
    }
    cols.sort_unstable();
    cols.dedup();
    Ok(2 * cols.len() >= free.len() * KEEP)
}

/// Leaves in `scratch.best` the up to `keep` cheapest allowed entries of
/// `row` (no longer than the rows `scratch` was made for) as (cost,
/// column), in no order. A bar at or above the `keep`-th least of the
/// minima of the row's blocks of [`BLOCK`] bounds the `keep`-th least
/// entry (that many blocks hold an entry at most it), so only the blocks
/// whose minimum is within it are read again: the row is read once in
/// full, without a branch an entry.
fn cheapest<S: Scalar>(row: &[S], keep: usize, scratch: &mut Scratch<S>) {
    let Scratch {
        mins,
        picked,
        blocks_in,
        found,
        best,
        last,
    } = scratch;
    mins.clear();
    mins.extend(row.chunks(BLOCK).map(block_min));
    // The bar of the row before where it holds here, with at least `keep`
    // and at most twice as many blocks' minima at most it (rows alike: no
    // selection); else the `keep`-th least of the minima.
    let under = mins.iter().map(|&m| usize::from(m <= *last)).sum::<usize>();
    let bar = if mins.len() <= keep {
        S::INF
    } else if *last < S::INF && (keep..=2 * keep).contains(&under) {
        *last
    } else {
        picked.clear();
        picked.extend_from_slice(mins);
        *picked.select_nth_unstable_by(keep - 1, by_cost).1
    };
    *last = bar;
    best.clear();
    // Entries below the bar are at most `2 · keep` blocks' worth; entries
    // at it are taken up to `keep` blocks' worth (a band of cheap entries
    // among dear ones all equal: every entry of a row tied at the bar, and
    // each row was collected and selected from in full, 1500²: 7.7 -> 3.9
    // ms). A block whose least is at the bar holds nothing below it: once
    // `keep` entries at the bar are in, such blocks are passed unread (a
    // band of eleven cheap entries among dear ones all equal, 1100²: 4.6
    // -> 1.9 ms the whole solve). The blocks to read are listed, and
    // their entries collected, without a branch on each (which of them
    // is cheap is a coin toss on random rows).
    let mut listed = 0;
    for (b, &least) in mins.iter().enumerate() {
        blocks_in[listed] = id(b);
        listed += usize::from(least <= bar) & usize::from(least < S::INF);
    }
    let (mut at_bar, mut len) = (0usize, 0usize);
    for &b in &blocks_in[..listed] {
        let b = idx(b);
        if mins[b] == bar && at_bar >= keep {
            continue;
        }
        let start = b * BLOCK;
        for (k, &x) in row[start..(start + BLOCK).min(row.len())]
            .iter()
            .enumerate()
        {
            found[len] = (x, id(start + k));
            len += usize::from(x <= bar) & usize::from(x < S::INF);
            at_bar += usize::from(x == bar);
        }
    }
    best.extend_from_slice(&found[..len]);
    if best.len() > keep {
        best.select_nth_unstable_by(keep - 1, |a, b| by_cost(&a.0, &b.0));
        best.truncate(keep);
    }
}

// The halving in `block_min` covers a full block only if it is a power of two.
const _: () = assert!(BLOCK.is_power_of_two());

/// The least entry of a block of up to [`BLOCK`], a full one by halves
/// (independent minima the compiler packs, not a chain).
#[inline(always)]
fn block_min<S: Scalar>(block: &[S]) -> S {
    match <&[S; BLOCK]>::try_from(block) {
        Ok(&full) => {
            let mut m = full;
            let mut width = BLOCK;
            while width > 1 {
                width /= 2;
                for k in 0..width {
                    m[k] = m[k].min2(m[k + width]);
                }
            }
            m[0]
        }
        Err(_) => block.iter().fold(S::INF, |m, &x| m.min2(x)),
    }
}

/// The order of costs (never NaN).
fn by_cost<S: Scalar>(a: &S, b: &S) -> Ordering {
    a.partial_cmp(b).unwrap_or(Ordering::Equal)
}

/// The work arrays of [`cheapest`], for rows of `n` entries.
struct Scratch<S> {
    /// The minima of a row's blocks.
    mins: Vec<S>,
    /// The same, reordered by the selection.
    picked: Vec<S>,
    /// The blocks whose least is at most the bar (as long as `mins`).
    blocks_in: Vec<u32>,
    /// The entries collected from them (as long as a row).
    found: Vec<(S, u32)>,
    /// The entries kept (and a row's diagonal entry).
    best: Vec<(S, u32)>,
    /// The bar of the row before (`INF` at first).
    last: S,
}

impl<S: Scalar> Scratch<S> {
    /// Reserves the arrays for rows of `n` entries.
    fn new(n: usize, what: &'static str) -> Result<Scratch<S>, OutOfMemory> {
        let blocks = n.div_ceil(BLOCK);
        Ok(Scratch {
            mins: try_vec(blocks, what)?,
            picked: try_vec(blocks, what)?,
            blocks_in: filled(blocks, 0, what)?,
            found: filled(n, (S::ZERO, 0), what)?,
            best: try_vec(n + 1, what)?,
            last: S::INF,
        })
    }
}

/// Whether rows prefer different columns: the cheapest [`KEEP`] columns
/// of [`SAMPLE`] rows, one from each of as many strata ([`strata`]),
/// cover at least a quarter of what they would if no two rows shared one,
/// and (below [`FEW_CHEAP_ROWS`] rows) at most half of those rows have
/// [`few_cheap`] entries.
fn rows_differ<S: Scalar>(
    c: &[S],
    n: usize,
    scratch: &mut Scratch<S>,
) -> Result<bool, OutOfMemory> {
    let rows = n.min(SAMPLE);
    let mut cols: Vec<u32> = try_vec(
        rows * KEEP,
        "assignment: the sample of the sparse first try",
    )?;
    let mut flat = 0usize;
    for i in strata(n, rows, seed(c)) {
        cheapest(&c[i * n..(i + 1) * n], KEEP, scratch);
        cols.extend(scratch.best.iter().map(|&(_, j)| j));
        flat += usize::from(n < FEW_CHEAP_ROWS && few_cheap(&mut scratch.best));
    }
    if 2 * flat > rows {
        return Ok(false);
    }
    cols.sort_unstable();
    cols.dedup();
    Ok(4 * cols.len() >= rows * KEEP)
}

/// Whether a row's [`KEEP`] cheapest entries `best` are fewer than half
/// of them below one jump that spans at least nine tenths of their range:
/// a row with fewer cheap entries than the cut keeps, the rest far above
/// (cheap blocks of five among dear entries). Below [`FEW_CHEAP_ROWS`]
/// rows, the JV start settles such rows among their few columns sooner
/// than the try (blocks of five, with the cut's collection without
/// branches: 400² 0.25 ms without it against 0.33 with it, 600² 0.56
/// against 0.60); from 800² the try wins (0.95 against 0.99 ms, 1000² 1.40
/// against 1.53, 2000² 4.6 against 8.1), and it stays there.
fn few_cheap<S: Scalar>(best: &mut [(S, u32)]) -> bool {
    if best.len() < KEEP {
        return false;
    }
    best.sort_unstable_by(|a, b| by_cost(&a.0, &b.0));
    // In `f64`: the differences of wide integers do not wrap.
    let range = best[best.len() - 1].0.to_f64() - best[0].0.to_f64();
    let (below, jump) = best
        .windows(2)
        .enumerate()
        .map(|(k, w)| (k + 1, w[1].0.to_f64() - w[0].0.to_f64()))
        .fold((0, 0.0), |m, x| if x.1 > m.1 { x } else { m });
    2 * below < KEEP && jump > 0.0 && jump * 10.0 >= range * 9.0
}

/// The cheapest entries kept a row.
const KEEP: usize = 16;

/// The fewest cheapest entries kept a freed row whose columns others
/// share, when the cut is solved once more.
const WIDE: usize = 128;

/// The cut is widened only when at most one row in `WIDEN` is freed.
const WIDEN: usize = 16;

/// The sparse searches' budget is `n² / BUDGET_DIV`.
const BUDGET_DIV: usize = 4;

/// Below this many rows, [`rows_differ`] leaves rows with [`few_cheap`]
/// entries to the JV start.
const FEW_CHEAP_ROWS: usize = 768;

/// The fewest rows the sparse first try runs on: from 400 rows it takes
/// uniform integers and floats in 0.28–0.75 of the time without it (400²
/// to 1000², where it ran from 1024 before; cheap blocks of 20 among dear
/// entries 0.76–0.82), and costs points in 2 and 5 dimensions 1.15–1.8
/// times (it gives up); at 300², it cost uniform floats, forbidden
/// entries, blocks of 20 and rows offset by random constants 1.03–1.55
/// times for 0.54 on integers in [0, 10^6).
const MIN_ROWS: usize = 400;

/// The try gives up when more than one in `FREED` of the rows checked
/// fail the check.
const FREED: usize = 8;

/// The rounds of the check, each of `n / ROUNDS` rows.
const ROUNDS: usize = 16;

/// The rows the check reads in a row, in order: whole blocks of rows
/// stream from memory where single rows in a scattered order waited on it
/// (uniform integers at 2000², 5.0 -> 1.7 ms a check, 12.3 -> 9.4 ms the
/// whole solve).
const CHECK_BLOCK: usize = 32;

/// The check's stride through the rows (a prime: prime to every `n` it
/// does not divide).
const STRIDE: usize = 1_000_003;

/// The rows [`rows_differ`] reads.
const SAMPLE: usize = 32;

#[cfg(test)]
mod tests {
    use super::super::test_rng::Rng;
    use super::*;
    use crate::assignment::engine::floor_of;

    /// The least of a block by halves and the least difference in lanes
    /// are those of a plain scan, on integers (forbidden entries at the
    /// integer infinity, which must not wrap) and floats, every length.
    #[test]
    fn the_packed_minima_are_those_of_a_plain_scan() {
        let mut rng = Rng(0x5EED_B10C);
        for n in 0..40 {
            for _ in 0..50 {
                let ints: Vec<i64> = (0..n)
                    .map(|_| match rng.below(5) {
                        0 => i64::INF,
                        _ => rng.below(200) as i64 - 100,
                    })
                    .collect();
                let v: Vec<i64> = (0..n).map(|_| rng.below(200) as i64 - 150).collect();
                let floats: Vec<f64> = ints
                    .iter()
                    .map(|&x| match x {
                        i64::INF => f64::INFINITY,
                        x => x as f64 / 8.0,
                    })
                    .collect();
                let fv: Vec<f64> = v.iter().map(|&x| x as f64 / 3.0).collect();
                let plain_i = ints.iter().zip(&v).fold(i64::INF, |m, (&x, &y)| {
                    m.min(if x == i64::INF { i64::INF } else { x - y })
                });
                let plain_f = floats
                    .iter()
                    .zip(&fv)
                    .fold(f64::INFINITY, |m, (&x, &y)| m.min(x - y));
                assert_eq!(least_difference(&ints, &v), plain_i, "n = {n}");
                assert_eq!(least_difference(&floats, &fv).to_bits(), plain_f.to_bits());
                for block in ints.chunks(BLOCK) {
                    assert_eq!(block_min(block), *block.iter().min().unwrap());
                }
            }
        }
    }

    /// The rows of `c` off the try's column, and the try's invariant: its
    /// pairs are inverse and every assigned row sits on a column of least
    /// reduced cost.
    fn freed(c: &[i64], n: usize, raw: &Raw<i64>) -> usize {
        let mut free = 0;
        for i in 0..n {
            let j = raw.col4row[i];
            if j == NONE {
                free += 1;
                continue;
            }
            assert_eq!(idx(raw.row4col[idx(j)]), i);
            let row = &c[i * n..(i + 1) * n];
            let mine = row[idx(j)] - raw.v[idx(j)];
            assert!(
                row.iter().zip(&raw.v).all(|(&x, &y)| x - y >= mine),
                "row {i}"
            );
        }
        free
    }

    /// `cheapest` keeps a row's least allowed costs, ties and forbidden
    /// entries included, on rows of every length around its blocks.
    #[test]
    fn keeps_the_cheapest_entries() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for len in [1, 7, 8, 9, 16, 17, 100, 1031] {
            let mut scratch = Scratch::new(len, "test").unwrap();
            for range in [3, 1000] {
                let row: Vec<i64> = (0..len)
                    .map(|_| match rng.below(range + 2) {
                        x if x >= range => i64::INF,
                        x => x as i64,
                    })
                    .collect();
                cheapest(&row, KEEP, &mut scratch);
                let mut kept: Vec<i64> = scratch.best.iter().map(|&(x, _)| x).collect();
                assert!(scratch.best.iter().all(|&(x, j)| row[idx(j)] == x));
                let mut cols: Vec<u32> = scratch.best.iter().map(|&(_, j)| j).collect();
                cols.sort_unstable();
                cols.dedup();
                assert_eq!(cols.len(), kept.len());
                let mut want: Vec<i64> = row.iter().copied().filter(|&x| x < i64::INF).collect();
                want.sort_unstable();
                want.truncate(KEEP);
                kept.sort_unstable();
                assert_eq!(kept, want, "a row of {len} in [0, {range})");
            }
        }
    }

    /// Random rows: the try holds for every row. Rows that share one
    /// row's cheapest columns: the first cut frees them, and they share
    /// their cut entries; widened, the cut holds.
    #[test]
    fn random_rows_start_from_the_cut_optimum() {
        let n = 1031;
        let mut rng = Rng(12345);
        let mut c: Vec<i64> = (0..n * n).map(|_| rng.below(1_000_000) as i64).collect();
        let floor = floor_of(&c, n);
        let raw = sparse_first(&c, n, floor).unwrap().expect("random rows");
        assert!(freed(&c, n, &raw) <= n / FREED);
        for i in (7..n).step_by(50) {
            for j in 0..n {
                c[i * n + j] = c[j] + rng.below(1000) as i64;
            }
        }
        let mut scratch = Scratch::new(n, "test").unwrap();
        let (cut, bounds) = first_cut(&c, n, &mut scratch).unwrap().unwrap();
        let Searched::Done(mut raw) = shortest_paths(&cut, true, floor, Handover::NEVER) else {
            panic!("the cut has a perfect matching");
        };
        // The rows passed unread by their bounds are rows a read passes:
        // the same rows freed as when every row is read.
        let mut read = Raw {
            col4row: raw.col4row.clone(),
            row4col: raw.row4col.clone(),
            u: raw.u.clone(),
            v: raw.v.clone(),
        };
        let unbounded = vec![i64::MIN / 4; n];
        let every = check(&c, n, &unbounded, &mut read)
            .unwrap()
            .expect("few rows fail");
        let skipped = (0..n)
            .filter(|&i| {
                let j = idx(raw.col4row[i]);
                bounds[i] - raw.v.iter().max().unwrap() >= c[i * n + j] - raw.v[j]
            })
            .count();
        assert!(skipped > n / 2, "{skipped} of {n} rows passed unread");
        let free = check(&c, n, &bounds, &mut raw)
            .unwrap()
            .expect("few rows fail");
        assert_eq!(free, every);
        assert_eq!(raw.col4row, read.col4row);
        assert!(!free.is_empty());
        // The shared rows (and their model, row 0) are most of those freed.
        let shared = free.iter().filter(|&&i| i == 0 || idx(i) % 50 == 7).count();
        assert!(2 * shared > free.len(), "{shared} of {} freed", free.len());
        assert!(!spread(&cut, &free).unwrap());
        let raw = sparse_first(&c, n, floor)
            .unwrap()
            .expect("the widened cut");
        assert!(freed(&c, n, &raw) <= n / FREED);
    }

    /// No fixed rows decide: binary rows everywhere but at `k · n / 32`
    /// (where a fixed sample would look) are ties, the tight start's to
    /// take; binary rows there alone, among uniform ones, enter the cut in
    /// full and the try holds for them (also where 32 rows are more than
    /// one in sixteen); binary rows in one row of four are more than the
    /// cut takes in full.
    #[test]
    fn no_fixed_rows_decide() {
        for n in [MIN_ROWS + 8, 1031] {
            fixed_rows(n);
        }
    }

    fn fixed_rows(n: usize) {
        let mut rng = Rng(4242);
        let fixed = |i: usize| (0..32).any(|k| k * n / 32 == i);
        let mut matrix = |binary: &dyn Fn(usize) -> bool| -> Vec<i64> {
            (0..n * n)
                .map(|k| {
                    if binary(k / n) {
                        rng.below(2) as i64
                    } else {
                        rng.below(1_000_000) as i64
                    }
                })
                .collect()
        };
        let zero = vec![0i64; n];
        let c = matrix(&|i| !fixed(i));
        assert!(ties_likely(&c, n, n, &zero).unwrap());
        assert!(sparse_first(&c, n, floor_of(&c, n)).unwrap().is_none());
        let c = matrix(&fixed);
        assert!(!ties_likely(&c, n, n, &zero).unwrap());
        let mut scratch = Scratch::new(n, "test").unwrap();
        let (cut, _) = first_cut(&c, n, &mut scratch).unwrap().unwrap();
        for i in 0..n {
            let got = cut.range(i).len();
            assert!(
                if fixed(i) {
                    got > n / 3
                } else {
                    got <= KEEP + 1
                },
                "row {i}: {got}"
            );
        }
        let raw = sparse_first(&c, n, floor_of(&c, n))
            .unwrap()
            .expect("the cut");
        assert!(freed(&c, n, &raw) <= n / FREED);
        let c = matrix(&|i| i % 4 == 3);
        assert!(first_cut(&c, n, &mut scratch).unwrap().is_none());
    }

    /// Rows that prefer the same columns, and small problems, are left to
    /// the dense start.
    #[test]
    fn gives_up_where_it_does_not_pay() {
        let n = 1031;
        let mut rng = Rng(777);
        let row: Vec<i64> = (0..n).map(|_| rng.below(1000) as i64).collect();
        let alike: Vec<i64> = (0..n * n)
            .map(|k| row[k % n] + rng.below(50) as i64)
            .collect();
        assert!(sparse_first(&alike, n, floor_of(&alike, n))
            .unwrap()
            .is_none());
        // Cheap blocks of five among dear entries all equal: rows with
        // fewer cheap entries than the cut keeps; but cheap bands of
        // eleven are kept.
        let n = MIN_ROWS + 8;
        let mut cheap_where = |cheap: &dyn Fn(usize, usize) -> bool| -> Vec<i64> {
            (0..n * n)
                .map(|k| match cheap(k / n, k % n) {
                    true => rng.below(100) as i64,
                    false => 1_000_000,
                })
                .collect()
        };
        let five = cheap_where(&|i, j| i / 5 == j / 5);
        let mut scratch = Scratch::new(n, "test").unwrap();
        cheapest(&five[..n], KEEP, &mut scratch);
        assert!(few_cheap(&mut scratch.best));
        assert!(!rows_differ(&five, n, &mut scratch).unwrap());
        assert!(sparse_first(&five, n, floor_of(&five, n))
            .unwrap()
            .is_none());
        let band = cheap_where(&|i, j| i.abs_diff(j) <= 5);
        cheapest(&band[100 * n..101 * n], KEEP, &mut scratch);
        assert!(!few_cheap(&mut scratch.best));
        assert!(rows_differ(&band, n, &mut scratch).unwrap());
        let m = MIN_ROWS - 1;
        let small: Vec<i64> = (0..m * m).map(|_| rng.below(1_000_000) as i64).collect();
        assert!(sparse_first(&small, m, floor_of(&small, m))
            .unwrap()
            .is_none());
    }
}
