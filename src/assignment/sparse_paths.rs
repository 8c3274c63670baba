//! The sparse shortest-path engine (Jonker and Volgenant's sparse form,
//! over a binary heap) and the choice between it and cost scaling.

use super::cost::Scalar;
use super::cost_scaling::cost_scaling;
use super::engine::{
    Csr, Handover, Outcome, Raw, Searched, COST_SCALING_MIN_ENTRIES, HANDOVER_MIN_ROWS, NONE,
};
use super::min_heap::MinHeap;
use super::peel::{peel, Peeled};
use super::reduction::{augmenting_row_reduction, collapsed, StepBudget};
use crate::csr::{filled, try_push, try_vec, OutOfMemory};
use crate::util::{id, idx};

/// Matches every row of `p` (`rows ≤ cols`) at least cost; `None` if some
/// row cannot be matched. A square problem first loses its forced pairs
/// (rows or columns with one entry left, see [`peel`]), and the engines
/// solve the core left. Square integer problems start with shortest
/// augmenting paths, which hand over to cost scaling by what their start
/// and searches do ([`Handover`]: a sparse start that leaves many rows
/// free, searches whose work projects long, such as on c(i, j) = i · j);
/// others stay with shortest paths.
///
/// # Errors
///
/// When the shortest-path engine's arrays cannot be reserved.
pub(crate) fn engine<S: Scalar>(
    p: &Csr<S>,
    square: bool,
    floor: S,
) -> Result<Option<Raw<S>>, OutOfMemory> {
    if !square {
        return unpeeled(p, square, floor);
    }
    match peel(p)? {
        Peeled::Untouched => unpeeled(p, square, floor),
        Peeled::Infeasible => Ok(None),
        Peeled::Split(split) => {
            let core = if split.core.rows() == 0 {
                Raw {
                    col4row: Vec::new(),
                    row4col: Vec::new(),
                    u: Vec::new(),
                    v: Vec::new(),
                }
            } else {
                match unpeeled(&split.core, true, floor)? {
                    Some(raw) => raw,
                    None => return Ok(None),
                }
            };
            split.join(p, core).map(Some)
        }
    }
}

/// [`engine`] without the peeling of forced pairs.
fn unpeeled<S: Scalar>(p: &Csr<S>, square: bool, floor: S) -> Result<Option<Raw<S>>, OutOfMemory> {
    let entries = p.adj.len();
    let scalable =
        square && S::EXACT && entries >= COST_SCALING_MIN_ENTRIES && p.rows() >= HANDOVER_MIN_ROWS;
    if scalable {
        match shortest_paths(p, square, floor, Handover::sparse(entries, p.rows())) {
            Searched::Done(raw) => return Ok(Some(raw)),
            Searched::Infeasible => return Ok(None),
            Searched::OutOfMemory(e) => return Err(e),
            Searched::OverBudget => match cost_scaling(p) {
                Outcome::Solved(raw) => return Ok(Some(raw)),
                Outcome::NoPerfect => return Ok(None),
                Outcome::Declined => {}
            },
        }
    }
    match shortest_paths(p, square, floor, Handover::NEVER) {
        Searched::Done(raw) => Ok(Some(raw)),
        Searched::OutOfMemory(e) => Err(e),
        Searched::Infeasible | Searched::OverBudget => Ok(None),
    }
}

/// The column potentials `v` (the columns' least costs, collapsed on a
/// few rows) replaced by the least of each column over `c(i, j) − r(i)`,
/// `r(i)` the least cost of row `i`, where its dual bound `Σ r + Σ v` is
/// higher than theirs (see the dense engine's `level_rows`); left as
/// they are where the rows' least costs are all equal (the same
/// reduction). Three passes over the entries at most.
///
/// # Errors
///
/// When its arrays cannot be reserved.
fn level_rows<S: Scalar>(p: &Csr<S>, v: &mut [S]) -> Result<(), OutOfMemory> {
    let nr = p.rows();
    let mut lows = try_vec(nr, "assignment: the rows' least costs")?;
    lows.extend((0..nr).map(|i| p.w[p.range(i)].iter().fold(S::INF, |m, &w| m.min2(w))));
    // Equal levels give the same reduction; a row without entries makes
    // the problem infeasible, which the greedy start reports.
    if lows.iter().all(|&low| low == lows[0]) || lows.iter().any(|&low| low >= S::INF) {
        return Ok(());
    }
    // Less the least of them, so that every reduced cost `c − v` stays at
    // least 0, as the searches need (a common shift changes no comparison).
    let base = lows.iter().fold(S::INF, |m, &low| m.min2(low));
    lows.iter_mut().for_each(|low| *low = *low - base);
    let mut level_v = filled(p.cols, S::INF, "assignment: the levelled column potentials")?;
    let mut plain = 0.0;
    for (i, &low) in lows.iter().enumerate() {
        let r = p.range(i);
        let mut least = S::INF;
        for (&j, &w) in p.adj[r.clone()].iter().zip(&p.w[r]) {
            level_v[idx(j)] = level_v[idx(j)].min2(w - low);
            least = least.min2(w - v[idx(j)]);
        }
        plain += least.to_f64();
    }
    // The two dual bounds, in floats (a choice, not a certificate).
    let sum = |xs: &[S]| xs.iter().map(|x| x.to_f64()).sum::<f64>();
    if sum(&lows) + sum(&level_v) > plain + sum(v) {
        v.copy_from_slice(&level_v);
    }
    Ok(())
}

/// A column as the searches see it.
#[derive(Clone, Copy)]
struct Column<S> {
    /// Tentative distance in the current search (`INF`: untouched).
    dist: S,
    /// The potential.
    v: S,
    /// The row assigned to it, or `NONE`.
    mate: u32,
    /// Scanned in the current search.
    done: bool,
}

/// Matches every row of `p` (`rows ≤ cols`) at least cost, giving up after
/// `budget` entry scans and heap pushes in the searches. With `init`,
/// column reduction first (square problems only: it gives columns non-zero
/// potentials).
pub(crate) fn shortest_paths<S: Scalar>(
    p: &Csr<S>,
    init: bool,
    floor: S,
    handover: Handover,
) -> Searched<S> {
    match search(p, init, floor, handover) {
        Ok(s) => s,
        Err(e) => Searched::OutOfMemory(e),
    }
}

/// [`shortest_paths`], with running out of memory as an error.
fn search<S: Scalar>(
    p: &Csr<S>,
    init: bool,
    floor: S,
    handover: Handover,
) -> Result<Searched<S>, OutOfMemory> {
    let (nr, nc) = (p.rows(), p.cols);
    let mut col4row = filled(nr, NONE, "assignment: the mates of the rows")?;
    let mut row4col = filled(nc, NONE, "assignment: the mates of the columns")?;
    // `mc[i]`: the cost of row i's matched entry.
    let mut mc = filled(nr, S::ZERO, "assignment: the costs of the pairs")?;
    let mut v = filled(nc, S::ZERO, "assignment: the column potentials")?;
    if init {
        v.fill(S::INF);
        let mut cheapest = filled(nc, NONE, "assignment: the cheapest row of each column")?;
        for i in 0..nr {
            let r = p.range(i);
            for (&j, &w) in p.adj[r.clone()].iter().zip(&p.w[r]) {
                if w < v[idx(j)] {
                    v[idx(j)] = w;
                    cheapest[idx(j)] = id(i);
                }
            }
        }
        if v.iter().any(|&x| x >= S::INF) {
            return Ok(Searched::Infeasible);
        }
        // Where the columns' least costs collapsed on a few rows, the
        // least of each column over each row less its least cost, where
        // that gives the higher dual bound (as the dense engine's column
        // reduction does; here without its sample for ties).
        if collapsed(&cheapest, nr)? {
            level_rows(p, &mut v)?;
        }
    }
    // Greedy start: a row whose cheapest reduced entry is free takes it.
    let mut free = Vec::new();
    for i in 0..nr {
        let r = p.range(i);
        let mut best = (S::INF, NONE, S::ZERO);
        for (&j, &w) in p.adj[r.clone()].iter().zip(&p.w[r]) {
            let h = w - v[idx(j)];
            if h < best.0 {
                best = (h, j, w);
            }
        }
        match best.1 {
            NONE => return Ok(Searched::Infeasible),
            j if row4col[idx(j)] == NONE => {
                row4col[idx(j)] = id(i);
                col4row[i] = j;
                mc[i] = best.2;
            }
            _ => try_push(&mut free, id(i), "assignment: the free rows")?,
        }
    }
    if handover.after_greedy(free.len(), nr) {
        return Ok(Searched::OverBudget);
    }
    if init {
        // Reduction transfer: an assigned row passes its slack (its
        // second-least reduced cost) to its column, so that the reduction
        // that follows sees the row's margin (on banded Machol–Wien costs
        // it then assigns every row, where without it five searches cross
        // the whole band).
        for i in 0..nr {
            let j1 = col4row[i];
            if j1 == NONE {
                continue;
            }
            let r = p.range(i);
            let mut second = S::INF;
            for (&j, &w) in p.adj[r.clone()].iter().zip(&p.w[r]) {
                if j != j1 {
                    second = second.min2(w - v[idx(j)]);
                }
            }
            if second < S::INF {
                let lowered = mc[i] - second;
                if lowered < v[idx(j1)] && lowered >= floor {
                    v[idx(j1)] = lowered;
                }
            }
        }
    }
    let reduced = augmenting_row_reduction(
        p,
        &mut col4row,
        &mut row4col,
        &mut v,
        free,
        floor,
        StepBudget::UNLIMITED,
        |i, w| mc[i] = w,
    );
    let Some((free, _)) = reduced else {
        return Ok(Searched::Infeasible);
    };
    if handover.after_start(free.len(), nr) {
        return Ok(Searched::OverBudget);
    }
    // The searches' column state, packed so that a relaxation touches one
    // cache line.
    let mut col: Vec<Column<S>> = try_vec(nc, "assignment: the columns of the searches")?;
    col.extend(v.iter().zip(&row4col).map(|(&v, &mate)| Column {
        dist: S::INF,
        v,
        mate,
        done: false,
    }));
    let mut pred = filled(nc, NONE, "assignment: the predecessors of the columns")?;
    let mut pred_w = filled(nc, S::ZERO, "assignment: the costs of the predecessors")?;
    // At most `nc` columns are touched or scanned in a search.
    let mut touched: Vec<u32> = try_vec(nc, "assignment: the touched columns")?;
    let mut scanned: Vec<u32> = try_vec(nc, "assignment: the scanned columns")?;
    let mut heap = MinHeap {
        items: try_vec(nc, "assignment: the heap of the searches")?,
    };
    // The columns reached at the current distance of a search, not yet
    // scanned (each at most once a search: only a lowered distance puts a
    // column here or in the heap, and one at the current distance cannot
    // be lowered again).
    let mut level: Vec<u32> = try_vec(nc, "assignment: the columns at the current distance")?;
    // The positions in a row of the entries that lower their column.
    let longest = (0..nr).map(|i| p.range(i).len()).max().unwrap_or(0);
    let mut cand = filled(longest, 0u32, "assignment: the lowering entries of a row")?;
    let mut work = 0usize;
    let total = free.len();
    for (done, s) in free.into_iter().enumerate() {
        if handover.projected(work, done, total) {
            return Ok(Searched::OverBudget);
        }
        let (mut best, mut sink) = (S::INF, NONE);
        // Row `i` reached at distance `d` with row potential `ui`.
        let mut i = idx(s);
        let mut d = S::ZERO;
        let mut ui = S::ZERO;
        loop {
            let r = p.range(i);
            work += r.len();
            if handover.spent(work) {
                return Ok(Searched::OverBudget);
            }
            let (adj, ws) = (&p.adj[r.clone()], &p.w[r]);
            // First the entries that lower their column's distance, found
            // without a branch on each (about one in six does, at random:
            // a branch on it mispredicts), then those alone.
            let mut lowering = 0;
            for (at, (&k, &w)) in adj.iter().zip(ws).enumerate() {
                let c = &col[idx(k)];
                cand[lowering] = id(at);
                lowering += usize::from(d + w - ui - c.v < c.dist);
            }
            for &at in &cand[..lowering] {
                let (k, w) = (adj[idx(at)], ws[idx(at)]);
                let ku = idx(k);
                let c = &mut col[ku];
                // A scanned column is never lowered: with exact costs its
                // distance is at most `d`, and float rounding is kept out.
                if c.done {
                    continue;
                }
                let nd = d + w - ui - c.v;
                // As found above (nothing of this column changed since).
                if nd < c.dist {
                    if c.dist >= S::INF {
                        touched.push(k);
                    }
                    c.dist = nd;
                    let free_column = c.mate == NONE;
                    pred[ku] = id(i);
                    pred_w[ku] = w;
                    if nd < best {
                        if free_column {
                            best = nd;
                            sink = k;
                        } else if nd == d {
                            // At the search's current distance: next, the
                            // latest first (depth first through ties).
                            work += 1;
                            level.push(k);
                        } else {
                            work += 1;
                            heap.push(nd, k);
                        }
                    }
                }
            }
            // The nearest unscanned matched column, unless a free one is
            // at least as near.
            let next = loop {
                if best > d {
                    if let Some(j) = level.pop() {
                        if !col[idx(j)].done {
                            break Some((d, j));
                        }
                        continue;
                    }
                }
                match heap.peek() {
                    Some((key, j)) if key < best => {
                        heap.pop();
                        let c = &col[idx(j)];
                        if !c.done && c.dist >= key {
                            break Some((key, j));
                        }
                    }
                    _ => break None,
                }
            };
            let Some((key, j)) = next else { break };
            let c = &mut col[idx(j)];
            c.done = true;
            scanned.push(j);
            d = key;
            i = idx(c.mate);
            ui = mc[i] - c.v;
        }
        heap.clear();
        level.clear();
        if sink == NONE {
            return Ok(Searched::Infeasible);
        }
        // Potentials of the scanned columns: reduced costs stay ≥ 0.
        for &j in &scanned {
            let c = &mut col[idx(j)];
            c.v = c.v - (best - c.dist);
        }
        // Flip the path.
        let mut j = sink;
        loop {
            let r = pred[idx(j)];
            col[idx(j)].mate = r;
            mc[idx(r)] = pred_w[idx(j)];
            let old = std::mem::replace(&mut col4row[idx(r)], j);
            if r == s {
                break;
            }
            j = old;
        }
        for &k in &touched {
            let c = &mut col[idx(k)];
            c.dist = S::INF;
            c.done = false;
        }
        touched.clear();
        scanned.clear();
    }
    for (j, c) in col.iter().enumerate() {
        v[j] = c.v;
        row4col[j] = c.mate;
    }
    let mut u = try_vec(nr, "assignment: the row potentials")?;
    u.extend(col4row.iter().zip(&mc).map(|(&j, &m)| match j {
        NONE => S::ZERO,
        j => m - v[idx(j)],
    }));
    Ok(Searched::Done(Raw {
        col4row,
        row4col,
        u,
        v,
    }))
}

#[cfg(test)]
mod tests {
    //! Cost scaling against the sparse shortest paths, here where the
    //! two engines meet.
    use super::super::cost_scaling::{bids_in_batches, cost_scaling, PRICE_LIMIT};
    use super::super::engine::{Csr, Handover, Outcome, Raw, Searched, NONE};
    use super::super::test_rng::Rng;
    use super::shortest_paths;
    use crate::util::{id, idx};

    /// A square problem with up to `deg` random entries a row, plus (unless
    /// `gaps`) the pairs of a hidden permutation, so that a perfect
    /// matching exists; costs in `lo..lo + span`.
    fn problem(rng: &mut Rng, n: usize, deg: usize, lo: i64, span: u64, gaps: bool) -> Csr<i64> {
        let mut offsets = vec![0u32];
        let (mut adj, mut w) = (Vec::new(), Vec::new());
        let mut perm: Vec<u32> = (0..id(n)).collect();
        for k in (1..n).rev() {
            perm.swap(k, rng.below(k as u64 + 1) as usize);
        }
        for &hidden in &perm {
            let d = if gaps {
                rng.below(deg as u64 + 1) as usize
            } else {
                1 + rng.below(deg as u64) as usize
            };
            let mut cols: Vec<u32> = (0..d).map(|_| rng.below(n as u64) as u32).collect();
            if !gaps {
                cols.push(hidden);
            }
            cols.sort_unstable();
            cols.dedup();
            for j in cols {
                adj.push(j);
                w.push(lo + rng.below(span) as i64);
            }
            offsets.push(adj.len() as u32);
        }
        Csr {
            cols: n,
            offsets,
            adj,
            w,
        }
    }

    /// The certificate, checked from scratch: a perfect matching, and
    /// `u(i) + v(j) ≤ c(i, j)` on every entry with equality on the pairs.
    fn check(p: &Csr<i64>, raw: &Raw<i64>) -> i128 {
        let n = p.cols;
        let mut total = 0i128;
        for i in 0..n {
            let j = raw.col4row[i];
            assert_ne!(j, NONE, "row {i} unmatched");
            assert_eq!(idx(raw.row4col[idx(j)]), i);
            let mut on_pair = false;
            for e in idx(p.offsets[i])..idx(p.offsets[i + 1]) {
                let k = idx(p.adj[e]);
                let slack = p.w[e] as i128 - raw.u[i] as i128 - raw.v[k] as i128;
                assert!(slack >= 0, "entry ({i}, {k}) has reduced cost {slack}");
                if k == idx(j) {
                    assert_eq!(slack, 0, "pair ({i}, {k}) is not tight");
                    total += p.w[e] as i128;
                    on_pair = true;
                }
            }
            assert!(on_pair, "row {i} is matched off its entries");
        }
        let dual: i128 = raw.u.iter().chain(&raw.v).map(|&x| x as i128).sum();
        assert_eq!(total, dual);
        total
    }

    /// The total cost of the pairs `col4row`.
    fn cost_of(p: &Csr<i64>, col4row: &[u32]) -> i128 {
        (0..p.cols)
            .map(|i| {
                let r = idx(p.offsets[i])..idx(p.offsets[i + 1]);
                let k = p.adj[r.clone()]
                    .iter()
                    .position(|&j| j == col4row[i])
                    .unwrap();
                p.w[r.start + k] as i128
            })
            .sum()
    }

    #[test]
    fn agrees_with_shortest_paths_and_proves_every_answer() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let ranges: [(i64, u64); 5] =
            [(0, 2), (0, 4), (-50, 100), (1, 1000), (-(1 << 30), 1 << 31)];
        let mut solved = 0;
        let mut none = 0;
        for round in 0..1500 {
            let n = 1 + rng.below(40) as usize;
            let deg = 1 + rng.below(8) as usize;
            let (lo, span) = ranges[round % ranges.len()];
            let p = problem(&mut rng, n, deg, lo, span, round % 5 == 0);
            let reference = shortest_paths(&p, true, i64::MIN / 4, Handover::NEVER);
            match (cost_scaling(&p), reference) {
                (Outcome::Solved(raw), Searched::Done(best)) => {
                    let total = check(&p, &raw);
                    let want = cost_of(&p, &best.col4row);
                    assert_eq!(total, want, "round {round}");
                    solved += 1;
                }
                (Outcome::NoPerfect, Searched::Infeasible) => none += 1,
                (Outcome::Declined, _) => panic!("round {round}: declined"),
                _ => panic!("round {round}: the engines disagree on feasibility"),
            }
        }
        assert!(
            solved > 1000 && none > 30,
            "{solved} solved, {none} infeasible"
        );
    }

    #[test]
    fn batched_bids_on_far_rows_agree() {
        // Random rows past the size where free rows bid four at once.
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for (lo, span) in [(0i64, 1_000_000u64), (0, 8), (-(1 << 20), 1 << 21)] {
            let p = problem(&mut rng, 50_000, 10, lo, span, false);
            assert!(bids_in_batches(&p.offsets, &p.adj));
            let Outcome::Solved(raw) = cost_scaling(&p) else {
                panic!("declined a feasible problem")
            };
            let Searched::Done(best) = shortest_paths(&p, true, i64::MIN / 4, Handover::NEVER)
            else {
                panic!("the searches found no perfect matching")
            };
            assert_eq!(check(&p, &raw), cost_of(&p, &best.col4row));
        }
    }

    #[test]
    fn hard_and_degenerate_families() {
        // c(i, j) = i · j, dense: every row wants the last column.
        let n = 30;
        let mut offsets = vec![0u32];
        let (mut adj, mut w) = (Vec::new(), Vec::new());
        for i in 0..n {
            for j in 0..n {
                adj.push(id(j));
                w.push(((i + 1) * (j + 1)) as i64);
            }
            offsets.push(adj.len() as u32);
        }
        let machol = Csr {
            cols: n,
            offsets,
            adj,
            w,
        };
        let Outcome::Solved(raw) = cost_scaling(&machol) else {
            panic!("Machol–Wien")
        };
        // The anti-diagonal: sum of (i + 1)(n - i).
        let want: i128 = (0..n as i128).map(|i| (i + 1) * (n as i128 - i)).sum();
        assert_eq!(check(&machol, &raw), want);
        // All costs equal; a single-entry row; a single vertex.
        let flat = Csr {
            cols: 3,
            offsets: vec![0, 3, 6, 7],
            adj: vec![0, 1, 2, 0, 1, 2, 0],
            w: vec![5; 7],
        };
        let Outcome::Solved(raw) = cost_scaling(&flat) else {
            panic!("flat")
        };
        assert_eq!(check(&flat, &raw), 15);
        let one = Csr {
            cols: 1,
            offsets: vec![0, 1],
            adj: vec![0],
            w: vec![-7i64],
        };
        let Outcome::Solved(raw) = cost_scaling(&one) else {
            panic!("one")
        };
        assert_eq!(check(&one, &raw), -7);
        // Two rows that share their only column: no perfect matching.
        let clash = Csr {
            cols: 2,
            offsets: vec![0, 1, 2],
            adj: vec![0, 0],
            w: vec![1i64, 2],
        };
        assert!(matches!(cost_scaling(&clash), Outcome::NoPerfect));
        // A row without entries.
        let empty = Csr {
            cols: 2,
            offsets: vec![0, 2, 2],
            adj: vec![0, 1],
            w: vec![1i64, 2],
        };
        assert!(matches!(cost_scaling(&empty), Outcome::NoPerfect));
    }

    #[test]
    fn costs_near_the_bound_are_solved_exactly_or_declined() {
        let mut rng = Rng(77);
        let mut solved = 0;
        for n in [2usize, 5, 12, 30] {
            // Just inside the up-front bound: range (n + 1) 4 (n + 2) < limit.
            let limit = (PRICE_LIMIT as u128 / (4 * (n as u128 + 1) * (n as u128 + 2))) as u64;
            for _ in 0..20 {
                let p = problem(&mut rng, n, 4, -((limit / 2) as i64), limit - 1, false);
                let Searched::Done(best) = shortest_paths(&p, true, i64::MIN / 4, Handover::NEVER)
                else {
                    panic!("feasible by construction")
                };
                let want = cost_of(&p, &best.col4row);
                match cost_scaling(&p) {
                    Outcome::Solved(raw) => {
                        assert_eq!(check(&p, &raw), want);
                        solved += 1;
                    }
                    Outcome::Declined => {}
                    Outcome::NoPerfect => panic!("feasible by construction"),
                }
            }
        }
        assert!(solved > 40, "{solved}");
    }

    #[test]
    fn declines_what_its_prices_might_not_hold() {
        let big = Csr {
            cols: 2,
            offsets: vec![0, 2, 4],
            adj: vec![0, 1, 0, 1],
            w: vec![i64::MIN / 64, 0, 0, i64::MAX / 64],
        };
        assert!(matches!(cost_scaling(&big), Outcome::Declined));
        let wide = Csr {
            cols: 3,
            offsets: vec![0, 1, 2],
            adj: vec![0, 1],
            w: vec![1i64, 2],
        };
        assert!(matches!(cost_scaling(&wide), Outcome::Declined));
        let floats = Csr {
            cols: 1,
            offsets: vec![0, 1],
            adj: vec![0],
            w: vec![1.5f64],
        };
        assert!(matches!(cost_scaling(&floats), Outcome::Declined));
    }

    #[test]
    fn the_start_shares_hand_over_only_on_sparse_rows() {
        use super::super::engine::HANDOVER_SPARSE_DEGREE;
        let n = 1000;
        // Sparse rows: the greedy share (more than 10 %) and the reduced
        // share (more than 1 %) each hand over.
        let sparse = Handover::sparse(10 * n, n);
        assert!(sparse.after_greedy(101, n) && !sparse.after_greedy(100, n));
        assert!(sparse.after_start(11, n) && !sparse.after_start(10, n));
        // Rows denser than the gate: neither share hands over.
        let dense = Handover::sparse((HANDOVER_SPARSE_DEGREE + 1) * n, n);
        assert!(!dense.after_greedy(n, n) && !dense.after_start(n, n));
        assert!(!Handover::NEVER.after_greedy(n, n) && !Handover::NEVER.after_start(n, n));
        // Random rows of about 250 entries, whose start leaves many rows
        // free, keep the searches; each route agrees on the cost with the
        // plain searches and with cost scaling, each answer certified.
        let mut rng = Rng(0x5eed_0dd5);
        let n = 400;
        let wide = problem(&mut rng, n, 4 * HANDOVER_SPARSE_DEGREE, 1, 1000, false);
        assert!(wide.adj.len() > HANDOVER_SPARSE_DEGREE * n);
        let kept = shortest_paths(
            &wide,
            true,
            i64::MIN / 4,
            Handover::sparse(wide.adj.len(), n),
        );
        let Searched::Done(kept) = kept else {
            panic!("dense rows keep the searches");
        };
        let total = check(&wide, &kept);
        let Searched::Done(plain) = shortest_paths(&wide, true, i64::MIN / 4, Handover::NEVER)
        else {
            panic!("feasible by construction");
        };
        assert_eq!(check(&wide, &plain), total);
        let Outcome::Solved(scaled) = cost_scaling(&wide) else {
            panic!("cost scaling takes the problem");
        };
        assert_eq!(check(&wide, &scaled), total);
        let chosen = super::engine(&wide, true, i64::MIN / 4).unwrap().unwrap();
        assert_eq!(check(&wide, &chosen), total);
        // A hidden perfect matching with a few random entries a row: the
        // greedy step leaves more than 10 % free and hands over; the
        // engine's answer (cost scaling) agrees with the plain searches.
        let n = 3000;
        let hidden = problem(&mut rng, n, 4, 1, 1000, false);
        assert!(matches!(
            shortest_paths(
                &hidden,
                true,
                i64::MIN / 4,
                Handover::sparse(hidden.adj.len(), n)
            ),
            Searched::OverBudget
        ));
        let Searched::Done(plain) = shortest_paths(&hidden, true, i64::MIN / 4, Handover::NEVER)
        else {
            panic!("feasible by construction");
        };
        let chosen = super::engine(&hidden, true, i64::MIN / 4).unwrap().unwrap();
        assert_eq!(check(&hidden, &plain), check(&hidden, &chosen));
    }

    #[test]
    fn a_random_start_hands_over_and_a_banded_one_keeps_the_searches() {
        let mut rng = Rng(0xfeed_beef);
        let n = 3000;
        let random = problem(&mut rng, n, 9, 1, 1000, false);
        assert!(matches!(
            shortest_paths(
                &random,
                true,
                i64::MIN / 4,
                Handover::sparse(random.adj.len(), n)
            ),
            Searched::OverBudget
        ));
        // A Machol–Wien band: c(i, j) = (i + 1)(j + 1) for |i − j| ≤ 5.
        let mut offsets = vec![0u32];
        let (mut adj, mut w) = (Vec::new(), Vec::new());
        for i in 0..n {
            for j in i.saturating_sub(5)..(i + 6).min(n) {
                adj.push(id(j));
                w.push(((i + 1) * (j + 1)) as i64);
            }
            offsets.push(id(adj.len()));
        }
        let band = Csr {
            cols: n,
            offsets,
            adj,
            w,
        };
        let handover = Handover::sparse(band.adj.len(), n);
        let Searched::Done(raw) = shortest_paths(&band, true, i64::MIN / 4, handover) else {
            panic!("the band keeps its searches");
        };
        // Checked against cost scaling.
        let total = check(&band, &raw);
        let Outcome::Solved(scaled) = cost_scaling(&band) else {
            panic!("cost scaling takes the band");
        };
        assert_eq!(check(&band, &scaled), total);
        // Both routes of the engine agree with the plain searches on the
        // random problem.
        let Searched::Done(plain) = shortest_paths(&random, true, i64::MIN / 4, Handover::NEVER)
        else {
            panic!("feasible by construction");
        };
        let chosen = super::engine(&random, true, i64::MIN / 4).unwrap().unwrap();
        assert_eq!(check(&random, &plain), check(&random, &chosen));
    }
}

#[cfg(test)]
mod peel_tests {
    //! Peeling against the shortest paths alone, here where the two meet.
    use super::super::engine::{floor_of, Csr, Handover, Raw, Searched, NONE};
    use super::super::peel::{peel, Peeled};
    use super::{engine, shortest_paths};
    use crate::util::{id, idx};

    /// xorshift64 (tests only).
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// A square problem with a hidden perfect matching and `extra` random
    /// entries a row toward later rows' hidden columns (many forced pairs,
    /// sometimes a core left), costs in `0..span`.
    fn problem(state: &mut u64, n: usize, extra: usize, span: u64, back: bool) -> Csr<i64> {
        let mut perm: Vec<u32> = (0..id(n)).collect();
        for k in (1..n).rev() {
            perm.swap(k, (next(state) % (k as u64 + 1)) as usize);
        }
        let mut offsets = vec![0u32];
        let (mut adj, mut w) = (Vec::new(), Vec::new());
        for i in 0..n {
            let mut cols = vec![perm[i]];
            for _ in 0..extra {
                let lo = if back { 0 } else { i };
                if lo + 1 < n {
                    let j = lo + (next(state) % (n - lo) as u64) as usize;
                    cols.push(perm[j]);
                }
            }
            cols.sort_unstable();
            cols.dedup();
            for j in cols {
                adj.push(j);
                w.push((next(state) % span) as i64 - (span / 3) as i64);
            }
            offsets.push(id(adj.len()));
        }
        Csr {
            cols: n,
            offsets,
            adj,
            w,
        }
    }

    /// The total cost, and whether the potentials prove it optimal.
    fn certified(p: &Csr<i64>, raw: &Raw<i64>) -> (i64, bool) {
        let (mut total, mut ok) = (0, true);
        for i in 0..p.rows() {
            let r = p.range(i);
            ok &= raw.col4row[i] != NONE && raw.row4col[idx(raw.col4row[i])] == id(i);
            for (&j, &c) in p.adj[r.clone()].iter().zip(&p.w[r]) {
                let reduced = c - raw.u[i] - raw.v[idx(j)];
                ok &= reduced >= 0;
                if j == raw.col4row[i] {
                    ok &= reduced == 0;
                    total += c;
                }
            }
        }
        (total, ok)
    }

    #[test]
    fn forced_pairs_peel_off_and_the_joined_duals_prove_the_optimum() {
        let mut state = 0x9e37_79b9_7f4a_7c15;
        let (mut whole, mut partial) = (0, 0);
        for round in 0..300 {
            let n = 1 + (next(&mut state) % 40) as usize;
            let extra = (next(&mut state) % 4) as usize;
            let span = [3, 50, 1_000_000][round % 3];
            let p = problem(&mut state, n, extra, span, round % 4 == 3);
            let floor = floor_of(&p.w, 2 * n);
            let plain = match unpeeled_for_tests(&p, floor) {
                Some(raw) => raw,
                None => panic!("round {round}: feasible by construction"),
            };
            let (best, plain_ok) = certified(&p, &plain);
            assert!(plain_ok, "round {round}");
            match peel(&p).unwrap() {
                Peeled::Split(split) => {
                    if split.core.rows() == 0 {
                        whole += 1;
                    } else {
                        partial += 1;
                    }
                }
                Peeled::Untouched => {}
                Peeled::Infeasible => panic!("round {round}: feasible by construction"),
            }
            let raw = engine(&p, true, floor).unwrap().expect("feasible");
            let (total, ok) = certified(&p, &raw);
            assert!(ok, "round {round}");
            assert_eq!(total, best, "round {round}");
        }
        assert!(whole > 0 && partial > 0, "{whole} whole, {partial} partial");
    }

    #[test]
    fn a_row_or_column_left_without_entries_is_infeasible() {
        // Rows 0 and 1 both have only column 0.
        let p = Csr {
            cols: 2,
            offsets: vec![0, 1, 2],
            adj: vec![0, 0],
            w: vec![1i64, 2],
        };
        assert!(matches!(peel(&p).unwrap(), Peeled::Infeasible));
        assert!(engine(&p, true, floor_of(&p.w, 4)).unwrap().is_none());
        // Row 0: columns 0 and 1; row 1: column 1; row 2: column 1.
        let p = Csr {
            cols: 3,
            offsets: vec![0, 2, 3, 4],
            adj: vec![0, 1, 1, 1],
            w: vec![1i64, 1, 1, 1],
        };
        assert!(engine(&p, true, floor_of(&p.w, 6)).unwrap().is_none());
    }

    /// The sparse shortest paths alone, without peeling or cost scaling.
    fn unpeeled_for_tests(p: &Csr<i64>, floor: i64) -> Option<Raw<i64>> {
        match shortest_paths(p, true, floor, Handover::NEVER) {
            Searched::Done(raw) => Some(raw),
            _ => None,
        }
    }
}
