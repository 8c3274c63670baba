//! Cost scaling for the sparse square assignment problem with integer
//! costs: ε-scaling with double pushes (A. V. Goldberg and R. Kennedy, "An
//! efficient cost scaling algorithm for the assignment problem",
//! Mathematical Programming 71, 1995), then exact integer duals.

use super::cast::wide;
use super::cost::Scalar;
use super::engine::{Csr, Outcome, Raw, NONE};
use crate::csr::{filled, transpose, try_vec, OutOfMemory, RowWriter};
use crate::util::{id, idx};
use crate::{maximum_matching, Bipartite};

/// The factor ε shrinks by between refinements.
const ALPHA: i64 = 10;

/// The pace of [`cost_scaling_paced`] for the dense hand-over: passes over
/// the arcs per refinement begun. c(i, j) = i · j from 300² to 2000² reads
/// at most 24 a refinement on average (143 in six refinements at 1000²,
/// 96 of them in one); half its rows over rows of ties in {0, 1000} at
/// 400² read 508 in seven.
pub(crate) const DENSE_PACE: usize = 32;

/// Prices beyond this are refused (the engine declines): far below
/// `i64::MAX`, so that a price plus a scaled cost never wraps.
pub(crate) const PRICE_LIMIT: i64 = i64::MAX / 4;

/// Solves the square minimising problem `p` (integer costs) exactly.
///
/// Column prices `p(j)` grow; a free row bids for the column of least
/// `c(i, j) + p(j)`, raising its price to the second-least plus ε (the
/// double push of Goldberg and Kennedy, Bertsekas's auction bid). Costs are
/// multiplied by `n + 1`, so that the last refinement, at ε = 1, leaves an
/// optimal matching. Each refinement keeps the pairs that are still
/// ε-optimal. Feasibility is checked by a cardinality matching only when a
/// refinement runs long. The duals come from the final prices rounded to
/// the original scale and repaired by a label-correcting pass, which moves
/// each column potential by at most a few units. The engine works on a
/// copy renumbered in breadth-first order, so that rows competing for the
/// same columns sit near each other in memory (a third off the time on
/// geometric inputs, a tenth more on random ones).
///
/// # Complexity
///
/// O(n · E · log(n C)) time in the worst case for C the cost range; far
/// less in practice (30 to 200 entry scans per entry on the benchmark's
/// inputs). O(n + E) extra space: the renumbered copy, prices and mates.
pub(crate) fn cost_scaling<S: Scalar>(p: &Csr<S>) -> Outcome<S> {
    // Memory it cannot reserve leaves the problem to another engine.
    solve(p, usize::MAX).unwrap_or(Outcome::Declined)
}

/// [`cost_scaling`] that declines once its bids have read, in all, more
/// than `pace` times the arcs for each refinement begun: the price wars
/// of rows with many equal arcs beside rows whose arcs differ by little
/// (c(i, j) = i · j on half the rows over costs in {0, 1000} on the other
/// half at 400²: 350 passes in one refinement, where c(i, j) = i · j
/// alone never took more than 96).
pub(crate) fn cost_scaling_paced<S: Scalar>(p: &Csr<S>, pace: usize) -> Outcome<S> {
    solve(p, pace).unwrap_or(Outcome::Declined)
}

/// [`cost_scaling_paced`], with running out of memory as an error.
fn solve<S: Scalar>(p: &Csr<S>, pace: usize) -> Result<Outcome<S>, OutOfMemory> {
    let n = p.rows();
    if !S::EXACT || n != p.cols || n == 0 {
        return Ok(Outcome::Declined);
    }
    // Exact: the scalar is `i64` (floats declined above).
    let mut w: Vec<i64> = try_vec(p.w.len(), "assignment: the integer costs")?;
    w.extend(
        p.w.iter()
            .map(|&x| i64::try_from(x.to_i128()).unwrap_or(i64::MAX)),
    );
    let (lo, hi) = w
        .iter()
        .fold((i64::MAX, i64::MIN), |(l, h), &x| (l.min(x), h.max(x)));
    if w.is_empty() {
        return Ok(Outcome::NoPerfect);
    }
    // Scaled costs c(i, j) - lo, times n + 1, stay far inside i64: the
    // range times (n + 1) times 4 (n + 2), a bound on the prices of a
    // feasible problem with room to spare; a price that still outgrows its
    // bound makes the engine decline.
    let range = (i128::from(hi) - i128::from(lo)).unsigned_abs();
    let scale = wide(n) + 1;
    let fits = range
        .checked_mul(scale * 4 * (wide(n) + 2))
        .is_some_and(|x| x < PRICE_LIMIT.unsigned_abs().into());
    // Both fit `i64` when the product does.
    let (Ok(range), Ok(scale), true) = (i64::try_from(range), i64::try_from(scale), fits) else {
        return Ok(Outcome::Declined);
    };
    if (0..n).any(|i| p.offsets[i] == p.offsets[i + 1]) {
        return Ok(Outcome::NoPerfect);
    }
    // Renumber rows and columns in breadth-first order, so that rows that
    // compete for columns sit near each other in memory.
    let (row_order, col_new) = breadth_first_order(&p.offsets, &p.adj, n)?;
    let what = "assignment: the renumbered copy of cost scaling";
    let mut writer = RowWriter::new(n, p.adj.len(), what)?;
    let mut cost: Vec<i64> = try_vec(p.adj.len(), what)?;
    for &i in &row_order {
        for e in p.range(idx(i)) {
            writer.push(col_new[idx(p.adj[e])]);
            cost.push((w[e] - lo) * scale);
        }
        writer.end_row();
    }
    let (off_v, adj_v) = writer.finish();
    let adj = &adj_v[..];
    let off = &off_v[..];
    let mut market = Market {
        price: filled(n, 0i64, "assignment: the prices of cost scaling")?,
        mate: filled(n, NONE, "assignment: the mates of cost scaling")?,
        owner: filled(n, NONE, "assignment: the owners of cost scaling")?,
        mate_cost: filled(n, 0i64, "assignment: the mates' costs of cost scaling")?,
    };
    let mut free: Vec<u32> = try_vec(n, "assignment: the free rows of cost scaling")?;
    let mut checked = false;
    let mut batch = if bids_in_batches(off, adj) { BATCH } else { 1 };
    let top = range * scale;
    let mut eps = (top / ALPHA).max(1);
    // The arcs read by the bids so far, and the most they may be.
    let mut spent = 0usize;
    let mut allowed = 0usize;
    loop {
        allowed = allowed.saturating_add(pace.saturating_mul(adj.len()));
        // Keep the pairs that are ε-optimal at the new ε.
        free.clear();
        for i in (0..n).rev() {
            let m = market.mate[i];
            if m == NONE {
                free.push(id(i));
                continue;
            }
            let r = idx(off[i])..idx(off[i + 1]);
            let mine = market.mate_cost[i] + market.price[idx(m)];
            if mine > least(&adj[r.clone()], &cost[r], &market.price) + eps {
                market.mate[i] = NONE;
                market.owner[idx(m)] = NONE;
                free.push(id(i));
            }
        }
        let budget = 32 * (adj.len() + n);
        let mut work = 0usize;
        // The batched bids of this refinement, and those made again.
        let (mut batched, mut again) = (0usize, 0usize);
        while !free.is_empty() {
            if batch == 1 {
                let i = free.pop().unwrap_or(NONE);
                let r = idx(off[idx(i)])..idx(off[idx(i) + 1]);
                work += r.len();
                let bid = two_least(&adj[r.clone()], &cost[r], &market.price);
                if !market.place(i, bid, eps, &mut free) {
                    return Ok(Outcome::Declined);
                }
            } else {
                // Up to `BATCH` free rows bid at once: their rows are read
                // independently, so their cache misses overlap (one row at
                // a time, each bid waited on the last one's row, prices and
                // owner). The bids are then placed in turn, as one at a
                // time would: a bid for a column an earlier bid of the
                // batch raised is made again; one whose other columns were
                // raised still holds (prices only rise, so its second least
                // can only have been higher, and the price it sets is lower
                // than it could be, never too high).
                let take = free.len().min(BATCH);
                let rows: [u32; BATCH] = std::array::from_fn(|b| {
                    if b < take {
                        free[free.len() - 1 - b]
                    } else {
                        NONE
                    }
                });
                free.truncate(free.len() - take);
                // Read each row's first arc, cost and price before any
                // scan, so that their misses are waited on together (the
                // scans alone do not overlap them: uniform rows at 10^5
                // 313 -> 376 ms without this).
                let mut touch = 0u64;
                for &i in &rows[..take] {
                    let s = idx(off[idx(i)]);
                    touch ^=
                        u64::from(adj[s]) ^ (cost[s] as u64) ^ (market.price[idx(adj[s])] as u64);
                }
                std::hint::black_box(touch);
                let mut bids = [(0i64, 0i64, NONE); BATCH];
                for (bid, &i) in bids.iter_mut().zip(&rows[..take]) {
                    let r = idx(off[idx(i)])..idx(off[idx(i) + 1]);
                    work += r.len();
                    *bid = two_least(&adj[r.clone()], &cost[r], &market.price);
                }
                batched += take;
                for b in 0..take {
                    let i = rows[b];
                    let mut bid = bids[b];
                    // The earlier rows of the batch own the columns it raised.
                    if rows[..b].iter().any(|&k| market.mate[idx(k)] == bid.2) {
                        let r = idx(off[idx(i)])..idx(off[idx(i) + 1]);
                        work += r.len();
                        bid = two_least(&adj[r.clone()], &cost[r], &market.price);
                        again += 1;
                    }
                    if !market.place(i, bid, eps, &mut free) {
                        return Ok(Outcome::Declined);
                    }
                }
            }
            if spent.saturating_add(work) > allowed {
                return Ok(Outcome::Declined);
            }
            if !checked && work > budget {
                checked = true;
                match has_perfect_matching(p) {
                    Some(true) => {}
                    Some(false) => return Ok(Outcome::NoPerfect),
                    // Unchecked, an infeasible problem would bid until its
                    // prices overflowed: leave it to shortest paths.
                    None => return Ok(Outcome::Declined),
                }
            }
        }
        spent += work;
        // Rows that keep bidding for the same columns read their rows
        // twice: batches stop when one bid in `AGAIN` is made again.
        if again * AGAIN > batched {
            batch = 1;
        }
        if eps == 1 {
            break;
        }
        eps = (eps / ALPHA).max(1);
    }
    // Back to the caller's numbering.
    let mut mate_o = filled(n, NONE, "assignment: the mates of cost scaling")?;
    let mut owner_o = filled(n, NONE, "assignment: the owners of cost scaling")?;
    let mut price_o = filled(n, 0i64, "assignment: the prices of cost scaling")?;
    let mut col_old = filled(n, 0u32, "assignment: the renumbering of cost scaling")?;
    for (j, &k) in col_new.iter().enumerate() {
        col_old[idx(k)] = id(j);
    }
    let Market { price, mate, .. } = market;
    for (k, &i) in row_order.iter().enumerate() {
        let j = col_old[idx(mate[k])];
        mate_o[idx(i)] = j;
        owner_o[idx(j)] = i;
    }
    for (k, &x) in price.iter().enumerate() {
        price_o[idx(col_old[k])] = x;
    }
    let (mate, owner, price) = (mate_o, owner_o, price_o);
    Ok(
        match exact_duals(&p.offsets, &p.adj, &w, &mate, &owner, &price, scale)? {
            Some((u, v)) => Outcome::Solved(Raw {
                col4row: mate,
                row4col: owner,
                u: scalars(u)?,
                v: scalars(v)?,
            }),
            None => Outcome::Declined,
        },
    )
}

/// The prices and pairs of cost scaling's auction, in its own numbering.
struct Market {
    /// Each column's price.
    price: Vec<i64>,
    /// Each row's column, or `NONE`.
    mate: Vec<u32>,
    /// Each column's row, or `NONE`.
    owner: Vec<u32>,
    /// The scaled cost of each row's arc to its mate.
    mate_cost: Vec<i64>,
}

impl Market {
    /// Row `i` takes the column of its bid (the least and second least
    /// reduced cost of its arcs and the least one's column), raising its
    /// price by the gap plus `eps`; the row it displaces joins `free`.
    /// False when the price outgrows its bound.
    #[inline(always)]
    fn place(
        &mut self,
        i: u32,
        (a1, a2, j1): (i64, i64, u32),
        eps: i64,
        free: &mut Vec<u32>,
    ) -> bool {
        let (iu, ju) = (idx(i), idx(j1));
        self.mate_cost[iu] = a1 - self.price[ju];
        let gap = if a2 == i64::MAX { eps * ALPHA } else { a2 - a1 };
        self.price[ju] += gap + eps;
        if self.price[ju] > PRICE_LIMIT / 2 {
            return false;
        }
        let old = std::mem::replace(&mut self.owner[ju], i);
        self.mate[iu] = j1;
        if old != NONE {
            self.mate[idx(old)] = NONE;
            free.push(old);
        }
        true
    }
}

/// Whether the rows of `off` and `adj` (numbered as cost scaling reads
/// them) bid in batches: short rows whose reads miss the caches, that
/// is, many arcs whose columns lie far from their rows (random rows: a
/// quarter of the columns away on average). Long rows (dense ones) read
/// their arcs in one stream already, and a batch's stale second least
/// there only lowers its bids (Machol-Wien 2000²: 631 -> 887 ms
/// batched); so does it on small inputs, whose reads wait on nothing,
/// and on near rows (10 nearest neighbours, a twentieth of the columns
/// away: 1.37 -> 1.48 s at 10^5).
pub(crate) fn bids_in_batches(off: &[u32], adj: &[u32]) -> bool {
    let n = off.len().saturating_sub(1);
    if adj.len() > SHORT_ROWS * n || adj.len() < BATCH_ARCS {
        return false;
    }
    let reach: u128 = (0..n)
        .map(|i| {
            adj[idx(off[i])..idx(off[i + 1])]
                .iter()
                .map(|&j| u128::from(j.abs_diff(id(i))))
                .sum::<u128>()
        })
        .sum();
    reach > wide(adj.len()) * wide(n) / FAR
}

/// The most free rows that bid at once (see the bidding loop).
const BATCH: usize = 4;

/// The most arcs a row may have on average for rows to bid in batches.
const SHORT_ROWS: usize = 64;

/// The fewest arcs for rows to bid in batches (about 3 MB of arcs and
/// costs, past a core's own cache).
const BATCH_ARCS: usize = 1 << 18;

/// Rows bid in batches when their arcs reach, on average, farther than
/// `n / FAR` columns from the row.
const FAR: u128 = 8;

/// Batches stop after a refinement in which more than one bid in
/// `AGAIN` was made again.
const AGAIN: usize = 8;

/// Independent running minima the row scans keep, so that each one's
/// compare and select do not wait on the last entry's.
const LANES: usize = 4;

/// The least and second-least `c(i, j) + p(j)` over one row's arcs
/// (columns `adj`, scaled costs `cost`) and the column of the least.
///
/// Branch-free, in [`LANES`] running minima merged at the end: on
/// c(i, j) = i · j at 2000², where the sums along a row rise and fall
/// with the prices, the branching scan mispredicted at every few entries
/// and took 2.6 times as long.
#[inline(always)]
fn two_least(adj: &[u32], cost: &[i64], price: &[i64]) -> (i64, i64, u32) {
    let mut a1 = [i64::MAX; LANES];
    let mut a2 = [i64::MAX; LANES];
    let mut j1 = [NONE; LANES];
    let body = adj.len() - adj.len() % LANES;
    for (js, cs) in adj[..body]
        .chunks_exact(LANES)
        .zip(cost[..body].chunks_exact(LANES))
    {
        for k in 0..LANES {
            let a = cs[k] + price[idx(js[k])];
            // The old least becomes the second if `a` is less; else `a`
            // may be.
            a2[k] = a2[k].min(a.max(a1[k]));
            j1[k] = if a < a1[k] { js[k] } else { j1[k] };
            a1[k] = a1[k].min(a);
        }
    }
    for (&j, &c) in adj[body..].iter().zip(&cost[body..]) {
        let a = c + price[idx(j)];
        a2[0] = a2[0].min(a.max(a1[0]));
        j1[0] = if a < a1[0] { j } else { j1[0] };
        a1[0] = a1[0].min(a);
    }
    let (mut b1, mut b2, mut bj) = (a1[0], a2[0], j1[0]);
    for k in 1..LANES {
        if a1[k] < b1 {
            b2 = b1.min(a2[k]);
            b1 = a1[k];
            bj = j1[k];
        } else {
            b2 = b2.min(a1[k]);
        }
    }
    (b1, b2, bj)
}

/// The least `c(i, j) + p(j)` over one row's arcs, as in [`two_least`].
#[inline(always)]
fn least(adj: &[u32], cost: &[i64], price: &[i64]) -> i64 {
    let mut a1 = [i64::MAX; LANES];
    let body = adj.len() - adj.len() % LANES;
    for (js, cs) in adj[..body]
        .chunks_exact(LANES)
        .zip(cost[..body].chunks_exact(LANES))
    {
        for k in 0..LANES {
            a1[k] = a1[k].min(cs[k] + price[idx(js[k])]);
        }
    }
    for (&j, &c) in adj[body..].iter().zip(&cost[body..]) {
        a1[0] = a1[0].min(c + price[idx(j)]);
    }
    a1.into_iter().fold(i64::MAX, i64::min)
}

/// Integer duals in the scalar type (`i64` itself: cost scaling runs on
/// exact costs only).
fn scalars<S: Scalar>(x: Vec<i64>) -> Result<Vec<S>, OutOfMemory> {
    let mut out = try_vec(x.len(), "assignment: the potentials")?;
    out.extend(x.into_iter().map(|x| S::from_i128(i128::from(x))));
    Ok(out)
}

/// Rows in breadth-first order over the graph (rows and columns
/// alternating, every component), and each column's new number in the
/// order of its discovery; an error if its arrays cannot be reserved.
fn breadth_first_order(
    off: &[u32],
    adj: &[u32],
    n: usize,
) -> Result<(Vec<u32>, Vec<u32>), OutOfMemory> {
    let (by_col_off, by_col) = transpose(n, off, adj)?;
    let mut row_seen = filled(n, false, "assignment: the rows seen")?;
    let mut col_new = filled(n, NONE, "assignment: the renumbering of the columns")?;
    let mut next_col = 0u32;
    let mut order: Vec<u32> = try_vec(n, "assignment: the order of the rows")?;
    let mut head = 0;
    for start in 0..n {
        if row_seen[start] {
            continue;
        }
        row_seen[start] = true;
        order.push(id(start));
        while head < order.len() {
            let i = idx(order[head]);
            head += 1;
            for &j in &adj[idx(off[i])..idx(off[i + 1])] {
                if col_new[idx(j)] != NONE {
                    continue;
                }
                col_new[idx(j)] = next_col;
                next_col += 1;
                for &r in &by_col[idx(by_col_off[idx(j)])..idx(by_col_off[idx(j) + 1])] {
                    if !row_seen[idx(r)] {
                        row_seen[idx(r)] = true;
                        order.push(r);
                    }
                }
            }
        }
    }
    for c in col_new.iter_mut() {
        if *c == NONE {
            *c = next_col;
            next_col += 1;
        }
    }
    Ok((order, col_new))
}

/// Whether the pattern of `p` has a perfect matching; `None` if the
/// graph for the check cannot be built (out of memory).
fn has_perfect_matching<S: Scalar>(p: &Csr<S>) -> Option<bool> {
    let mut offsets: Vec<usize> =
        try_vec(p.offsets.len(), "assignment: the check's offsets").ok()?;
    offsets.extend(p.offsets.iter().map(|&x| idx(x)));
    let mut targets: Vec<usize> = try_vec(p.adj.len(), "assignment: the check's targets").ok()?;
    targets.extend(p.adj.iter().map(|&x| idx(x)));
    let g = Bipartite::from_csr(p.cols, &offsets, &targets).ok()?;
    Some(maximum_matching(&g).len() == p.cols)
}

/// Row and column potentials.
type Duals = (Vec<i64>, Vec<i64>);

/// Exact integer duals of an optimal perfect matching, from prices that
/// make it 1-optimal for the costs scaled by `scale = n + 1`: columns take
/// `v(j) = ⌊−p(j) / scale⌋`, rows `u(i) = w(i, m) − v(m)`; then every entry
/// with `w(i, k) − u(i) − v(k) < 0` lowers `v(k)` (raising the row on `k`),
/// until none does. The rounding leaves each reduced cost ≥ −1 and the
/// repair ends after moving each column a few units; `None` if it runs
/// past its bound (the prices did not prove the matching optimal), an
/// error if its arrays cannot be reserved.
fn exact_duals(
    off: &[u32],
    adj: &[u32],
    w: &[i64],
    mate: &[u32],
    owner: &[u32],
    price: &[i64],
    scale: i64,
) -> Result<Option<Duals>, OutOfMemory> {
    let n = mate.len();
    let what = "assignment: the exact duals";
    let mut v: Vec<i64> = try_vec(n, what)?;
    v.extend(price.iter().map(|&x| (-x).div_euclid(scale)));
    let matched_cost = |i: usize| -> i64 {
        let r = idx(off[i])..idx(off[i + 1]);
        let k = adj[r.clone()]
            .iter()
            .position(|&j| j == mate[i])
            .unwrap_or_default();
        w[r.start + k]
    };
    let mut mc: Vec<i64> = try_vec(n, what)?;
    mc.extend((0..n).map(matched_cost));
    let mut queued = filled(n, true, what)?;
    // Each row is queued at most once at a time: `n` slots suffice.
    let mut queue = std::collections::VecDeque::new();
    queue.try_reserve_exact(n).map_err(|_| OutOfMemory {
        what,
        bytes: n.saturating_mul(4),
    })?;
    queue.extend((0..n).map(id));
    let mut pops = 0usize;
    let bound = 32 * n + 64;
    while let Some(i) = queue.pop_front() {
        pops += 1;
        if pops > bound {
            return Ok(None);
        }
        let iu = idx(i);
        queued[iu] = false;
        let u = mc[iu] - v[idx(mate[iu])];
        let r = idx(off[iu])..idx(off[iu + 1]);
        for (&k, &c) in adj[r.clone()].iter().zip(&w[r]) {
            if c - u < v[idx(k)] {
                v[idx(k)] = c - u;
                let o = idx(owner[idx(k)]);
                if !queued[o] {
                    queued[o] = true;
                    queue.push_back(id(o));
                }
            }
        }
    }
    let mut u = try_vec(n, what)?;
    u.extend((0..n).map(|i| mc[i] - v[idx(mate[i])]));
    Ok(Some((u, v)))
}
