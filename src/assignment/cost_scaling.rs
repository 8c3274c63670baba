//! Cost scaling for the sparse square assignment problem with integer
//! costs: ε-scaling with double pushes (A. V. Goldberg and R. Kennedy, "An
//! efficient cost scaling algorithm for the assignment problem",
//! Mathematical Programming 71, 1995), then exact integer duals.

use super::cost::Scalar;
use super::dense::Raw;
use super::duals::NONE;
use super::sparse::Csr;
use crate::csr::transpose;
use crate::{maximum_matching, Bipartite};

/// What the cost-scaling engine made of a problem.
pub(crate) enum Outcome<S> {
    /// A perfect matching of least cost with exact duals.
    Solved(Raw<S>),
    /// The problem has no perfect matching.
    NoPerfect,
    /// The engine does not take this problem (sizes whose scaled prices
    /// might not fit `i64`, a non-square or float problem); another engine
    /// must.
    Declined,
}

/// The factor ε shrinks by between refinements.
const ALPHA: i64 = 10;

/// Prices beyond this are refused (the engine declines): far below
/// `i64::MAX`, so that a price plus a scaled cost never wraps.
const PRICE_LIMIT: i64 = i64::MAX / 4;

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
    let n = p.offsets.len() - 1;
    if !S::EXACT || n != p.cols || n == 0 {
        return Outcome::Declined;
    }
    let w: Vec<i64> = p.w.iter().map(|&x| x.to_i128() as i64).collect();
    let (lo, hi) = w
        .iter()
        .fold((i64::MAX, i64::MIN), |(l, h), &x| (l.min(x), h.max(x)));
    if w.is_empty() {
        return Outcome::NoPerfect;
    }
    // Scaled costs c(i, j) - lo, times n + 1, stay far inside i64: the
    // range times (n + 1) times 4 (n + 2), a bound on the prices of a
    // feasible problem with room to spare; a price that still outgrows its
    // bound makes the engine decline.
    let range = (hi as i128 - lo as i128) as u128;
    let scale = n as u128 + 1;
    let fits = range
        .checked_mul(scale * 4 * (n as u128 + 2))
        .is_some_and(|x| x < PRICE_LIMIT as u128);
    if !fits {
        return Outcome::Declined;
    }
    let scale = scale as i64;
    if (0..n).any(|i| p.offsets[i] == p.offsets[i + 1]) {
        return Outcome::NoPerfect;
    }
    // Renumber rows and columns in breadth-first order, so that rows that
    // compete for columns sit near each other in memory.
    let Some((row_order, col_new)) = breadth_first_order(&p.offsets, &p.adj, n) else {
        return Outcome::Declined;
    };
    let mut off_v = Vec::with_capacity(n + 1);
    off_v.push(0u32);
    let mut adj_v = Vec::with_capacity(p.adj.len());
    let mut cost: Vec<i64> = Vec::with_capacity(p.adj.len());
    for &i in &row_order {
        let r = p.offsets[i as usize] as usize..p.offsets[i as usize + 1] as usize;
        for e in r {
            adj_v.push(col_new[p.adj[e] as usize]);
            cost.push((w[e] - lo) * scale);
        }
        off_v.push(adj_v.len() as u32);
    }
    let adj = &adj_v[..];
    let off = &off_v[..];
    let mut price = vec![0i64; n];
    let mut mate = vec![NONE; n];
    let mut owner = vec![NONE; n];
    let mut free: Vec<u32> = Vec::with_capacity(n);
    let mut checked = false;
    let top = (range as i64) * scale;
    let mut eps = (top / ALPHA).max(1);
    loop {
        // Keep the pairs that are ε-optimal at the new ε.
        free.clear();
        for i in (0..n).rev() {
            let m = mate[i];
            if m == NONE {
                free.push(i as u32);
                continue;
            }
            let r = off[i] as usize..off[i + 1] as usize;
            let mut best = i64::MAX;
            let mut mine = i64::MAX;
            for (&j, &c) in adj[r.clone()].iter().zip(&cost[r]) {
                let a = c + price[j as usize];
                best = best.min(a);
                if j == m {
                    mine = a;
                }
            }
            if mine > best + eps {
                mate[i] = NONE;
                owner[m as usize] = NONE;
                free.push(i as u32);
            }
        }
        let budget = 32 * (adj.len() + n);
        let mut work = 0usize;
        while let Some(i) = free.pop() {
            let iu = i as usize;
            let r = off[iu] as usize..off[iu + 1] as usize;
            work += r.len();
            let (mut a1, mut a2, mut j1) = (i64::MAX, i64::MAX, NONE);
            for (&j, &c) in adj[r.clone()].iter().zip(&cost[r]) {
                let a = c + price[j as usize];
                if a < a2 {
                    if a < a1 {
                        a2 = a1;
                        a1 = a;
                        j1 = j;
                    } else {
                        a2 = a;
                    }
                }
            }
            let gap = if a2 == i64::MAX { eps * ALPHA } else { a2 - a1 };
            let ju = j1 as usize;
            price[ju] += gap + eps;
            if price[ju] > PRICE_LIMIT / 2 {
                return Outcome::Declined;
            }
            let old = std::mem::replace(&mut owner[ju], i);
            mate[iu] = j1;
            if old != NONE {
                mate[old as usize] = NONE;
                free.push(old);
            }
            if !checked && work > budget {
                checked = true;
                match has_perfect_matching(p) {
                    Some(true) => {}
                    Some(false) => return Outcome::NoPerfect,
                    // Unchecked, an infeasible problem would bid until its
                    // prices overflowed: leave it to shortest paths.
                    None => return Outcome::Declined,
                }
            }
        }
        if eps == 1 {
            break;
        }
        eps = (eps / ALPHA).max(1);
    }
    // Back to the caller's numbering.
    let mut mate_o = vec![NONE; n];
    let mut owner_o = vec![NONE; n];
    let mut price_o = vec![0i64; n];
    let mut col_old = vec![0u32; n];
    for (j, &k) in col_new.iter().enumerate() {
        col_old[k as usize] = j as u32;
    }
    for (k, &i) in row_order.iter().enumerate() {
        let j = col_old[mate[k] as usize];
        mate_o[i as usize] = j;
        owner_o[j as usize] = i;
    }
    for (k, &x) in price.iter().enumerate() {
        price_o[col_old[k] as usize] = x;
    }
    let (mate, owner, price) = (mate_o, owner_o, price_o);
    match exact_duals(&p.offsets, &p.adj, &w, &mate, &owner, &price, scale) {
        Some((u, v)) => Outcome::Solved(Raw {
            col4row: mate,
            row4col: owner,
            u: u.into_iter().map(|x| S::from_i128(x as i128)).collect(),
            v: v.into_iter().map(|x| S::from_i128(x as i128)).collect(),
        }),
        None => Outcome::Declined,
    }
}

/// Rows in breadth-first order over the graph (rows and columns
/// alternating, every component), and each column's new number in the
/// order of its discovery; `None` if the column lists cannot be reserved.
fn breadth_first_order(off: &[u32], adj: &[u32], n: usize) -> Option<(Vec<u32>, Vec<u32>)> {
    let (by_col_off, by_col) = transpose(n, off, adj).ok()?;
    let mut row_seen = vec![false; n];
    let mut col_new = vec![NONE; n];
    let mut next_col = 0u32;
    let mut order: Vec<u32> = Vec::with_capacity(n);
    let mut head = 0;
    for start in 0..n {
        if row_seen[start] {
            continue;
        }
        row_seen[start] = true;
        order.push(start as u32);
        while head < order.len() {
            let i = order[head] as usize;
            head += 1;
            for &j in &adj[off[i] as usize..off[i + 1] as usize] {
                if col_new[j as usize] != NONE {
                    continue;
                }
                col_new[j as usize] = next_col;
                next_col += 1;
                for &r in
                    &by_col[by_col_off[j as usize] as usize..by_col_off[j as usize + 1] as usize]
                {
                    if !row_seen[r as usize] {
                        row_seen[r as usize] = true;
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
    Some((order, col_new))
}

/// Whether the pattern of `p` has a perfect matching; `None` if the
/// graph for the check cannot be built (out of memory).
fn has_perfect_matching<S: Scalar>(p: &Csr<S>) -> Option<bool> {
    let offsets: Vec<usize> = p.offsets.iter().map(|&x| x as usize).collect();
    let targets: Vec<usize> = p.adj.iter().map(|&x| x as usize).collect();
    let g = Bipartite::from_csr(p.cols, &offsets, &targets).ok()?;
    Some(maximum_matching(&g).len() == p.cols)
}

/// Exact integer duals of an optimal perfect matching, from prices that
/// make it 1-optimal for the costs scaled by `scale = n + 1`: columns take
/// `v(j) = ⌊−p(j) / scale⌋`, rows `u(i) = w(i, m) − v(m)`; then every entry
/// with `w(i, k) − u(i) − v(k) < 0` lowers `v(k)` (raising the row on `k`),
/// until none does. The rounding leaves each reduced cost ≥ −1 and the
/// repair ends after moving each column a few units; `None` if it runs
/// past its bound (the prices did not prove the matching optimal).
fn exact_duals(
    off: &[u32],
    adj: &[u32],
    w: &[i64],
    mate: &[u32],
    owner: &[u32],
    price: &[i64],
    scale: i64,
) -> Option<(Vec<i64>, Vec<i64>)> {
    let n = mate.len();
    let mut v: Vec<i64> = price.iter().map(|&x| (-x).div_euclid(scale)).collect();
    let matched_cost = |i: usize| -> i64 {
        let r = off[i] as usize..off[i + 1] as usize;
        let k = adj[r.clone()]
            .iter()
            .position(|&j| j == mate[i])
            .unwrap_or_default();
        w[r.start + k]
    };
    let mc: Vec<i64> = (0..n).map(matched_cost).collect();
    let mut queued = vec![true; n];
    let mut queue: std::collections::VecDeque<u32> = (0..n as u32).collect();
    let mut pops = 0usize;
    let bound = 32 * n + 64;
    while let Some(i) = queue.pop_front() {
        pops += 1;
        if pops > bound {
            return None;
        }
        let iu = i as usize;
        queued[iu] = false;
        let u = mc[iu] - v[mate[iu] as usize];
        let r = off[iu] as usize..off[iu + 1] as usize;
        for (&k, &c) in adj[r.clone()].iter().zip(&w[r]) {
            if c - u < v[k as usize] {
                v[k as usize] = c - u;
                let o = owner[k as usize] as usize;
                if !queued[o] {
                    queued[o] = true;
                    queue.push_back(o as u32);
                }
            }
        }
    }
    let u = (0..n).map(|i| mc[i] - v[mate[i] as usize]).collect();
    Some((u, v))
}

#[cfg(test)]
mod tests {
    use super::super::dense::Searched;
    use super::super::sparse::{shortest_paths, Csr};
    use super::{cost_scaling, Outcome};
    use crate::assignment::duals::NONE;

    /// A small xorshift generator (tests only).
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    /// A square problem with up to `deg` random entries a row, plus (unless
    /// `gaps`) the pairs of a hidden permutation, so that a perfect
    /// matching exists; costs in `lo..lo + span`.
    fn problem(rng: &mut Rng, n: usize, deg: usize, lo: i64, span: u64, gaps: bool) -> Csr<i64> {
        let mut offsets = vec![0u32];
        let (mut adj, mut w) = (Vec::new(), Vec::new());
        let mut perm: Vec<u32> = (0..n as u32).collect();
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
    fn check(p: &Csr<i64>, raw: &super::Raw<i64>) -> i128 {
        let n = p.cols;
        let mut total = 0i128;
        for i in 0..n {
            let j = raw.col4row[i];
            assert_ne!(j, NONE, "row {i} unmatched");
            assert_eq!(raw.row4col[j as usize] as usize, i);
            let mut on_pair = false;
            for e in p.offsets[i] as usize..p.offsets[i + 1] as usize {
                let k = p.adj[e] as usize;
                let slack = p.w[e] as i128 - raw.u[i] as i128 - raw.v[k] as i128;
                assert!(slack >= 0, "entry ({i}, {k}) has reduced cost {slack}");
                if k == j as usize {
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
                let r = p.offsets[i] as usize..p.offsets[i + 1] as usize;
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
            let reference = shortest_paths(&p, true, i64::MIN / 4, usize::MAX);
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
    fn hard_and_degenerate_families() {
        // c(i, j) = i · j, dense: every row wants the last column.
        let n = 30;
        let mut offsets = vec![0u32];
        let (mut adj, mut w) = (Vec::new(), Vec::new());
        for i in 0..n {
            for j in 0..n {
                adj.push(j as u32);
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
            let limit =
                (super::PRICE_LIMIT as u128 / (4 * (n as u128 + 1) * (n as u128 + 2))) as u64;
            for _ in 0..20 {
                let p = problem(&mut rng, n, 4, -((limit / 2) as i64), limit - 1, false);
                let Searched::Done(best) = shortest_paths(&p, true, i64::MIN / 4, usize::MAX)
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
}
