//! Phases of the Hungarian method on a dense integer matrix: one
//! shortest-path search from every free row at once, by levels, to the
//! nearest free column (distance δ); the potentials lowered so that every
//! shortest augmenting path is tight; then a maximum matching of the tight
//! entries, grown from the current assignment by the core's [`Auto`]
//! matcher, assigns as many rows at δ as there are disjoint such paths.
//! Where the rows tie a great deal, the single searches of
//! [`dense_paths`](super::dense_paths) each explore the same large
//! component of tight entries before they reach the next distance (costs in
//! [0, 10) above the diagonal of a wide matrix: 300 searches of about 800
//! rows each, 61 passes over the matrix); a phase explores it once for all
//! of them (there: 268 free rows to 19 in one phase of 1.3 passes).

use super::cost::{least_difference, Scalar};
use super::engine::NONE;
use super::sample::{seed, strata};
use crate::csr::{filled, try_vec, OutOfMemory, RowWriter};
use crate::util::{id, idx};
use crate::{Auto, Bipartite, Matcher, Matching};

/// The phases stop where the tight entries pass one in this many of the
/// matrix.
const DENSE_TIGHT: usize = 8;

/// Phases run only while at least this many rows are free: with fewer, a
/// phase's pass over the matrix has few searches to replace (on (i + j)
/// mod 31 at 1100², 14 free rows whose searches read half the matrix
/// each, phases allowed from two rows read 0.65 passes and assigned
/// none: the tight entries passed the bound).
pub(crate) const MIN_FREE: usize = 32;

/// Runs phases on the `nr × nc` integer problem `c` (row-major,
/// minimising, `nr` the length of `col4row`, at most `nc`, every entry
/// finite) from the matching `col4row` / `row4col` and column potentials
/// `v` (every reduced cost `c − u − v` at least 0 for `u` the assigned
/// rows' `c − v` on their columns, those 0; the free columns' potentials
/// at least every other's), while at least [`MIN_FREE`] rows are free
/// and the last phase read no more entries than single searches of
/// `per_row` entries each would have for the rows it assigned. `free` is
/// left with the rows still free; the potentials keep the same conditions
/// (a free column's is never changed, an assigned one's only lowered).
/// Returns the entries read (the tight entries' matching not counted).
///
/// # Errors
///
/// When the phases' arrays cannot be reserved.
// Kept out of the searches' function: inlined there, it cost their hot
// loops 5–10 % (products i · j written as floats at 1000² and 1380²,
// integers in {0, 1} at 2000²).
#[inline(never)]
pub(crate) fn phases<S: Scalar>(
    c: &[S],
    nc: usize,
    col4row: &mut [u32],
    row4col: &mut [u32],
    v: &mut [S],
    free: &mut Vec<u32>,
    per_row: usize,
) -> Result<usize, OutOfMemory> {
    let nr = col4row.len();
    if free.len() < MIN_FREE || nr > nc {
        return Ok(0);
    }
    let mut ph = Phase {
        c,
        nc,
        dist: filled(nc, S::ZERO, "assignment: the phases' distances")?,
        scanned: S::from_i128(i128::from(i64::MIN)),
        tree: try_vec(nc, "assignment: the phases' scanned columns")?,
        queue: try_vec(nc, "assignment: the phases' columns at the least distance")?,
        base: filled(nr, S::ZERO, "assignment: the phases' free rows' potentials")?,
        work: 0,
    };
    let seed = seed(c);
    while free.len() >= MIN_FREE {
        let (before, spent) = (free.len(), ph.work);
        if too_tied((c, nc), v, (free, col4row), nr * nc / DENSE_TIGHT, seed) {
            break;
        }
        let Some(delta) = ph.search(row4col, v, free) else {
            break;
        };
        if !ph.tighten(delta, col4row, row4col, v)? {
            break;
        }
        free.retain(|&i| col4row[idx(i)] == NONE);
        if ph.work - spent > per_row.saturating_mul(before - free.len()) {
            break;
        }
    }
    Ok(ph.work)
}

/// The free rows, and the assigned ones, [`too_tied`] looks at.
const TIED_SAMPLE: usize = 16;

/// Whether the tight entries of the rows, estimated from [`TIED_SAMPLE`]
/// free rows, one from each of as many strata of `free`, and as many
/// assigned ones, from strata of all the rows ([`strata`], from `seed`:
/// no fixed rows decide), would pass `cap` where the nearest free column
/// is at distance 0: each row's entries at its least reduced cost
/// `c − v` (an assigned row's potential), the free rows' alike, the
/// assigned rows' alike. Then the tight entries pass the phases' bound,
/// and the search from every free row, a pass over them, is spent for
/// nothing: rows of costs in {0, 1000} beside rows of c(i, j) = i · j at
/// 400² (294 rows free, half of each tied row at its least; the search
/// read 0.73 times the matrix); (r(i) + j) mod 20 with half the rows in
/// one class at 1100², where the assigned rows' ties passed it (the
/// free rows' alone did not: 0.73 passes for nothing).
fn too_tied<S: Scalar>(
    (c, nc): (&[S], usize),
    v: &[S],
    (free, col4row): (&[u32], &[u32]),
    cap: usize,
    seed: u64,
) -> bool {
    let tied_at = |i: usize| {
        let row = &c[i * nc..(i + 1) * nc];
        let least = least_difference(row, v);
        row.iter()
            .zip(v)
            .map(|(&x, &vj)| usize::from(x - vj == least))
            .sum::<usize>()
    };
    let looked = free.len().min(TIED_SAMPLE);
    if looked == 0 {
        return false;
    }
    let tied: usize = strata(free.len(), looked, seed)
        .map(|k| tied_at(idx(free[k])))
        .sum();
    let mut estimate = tied.saturating_mul(free.len()) / looked;
    let nr = col4row.len();
    let assigned = nr.saturating_sub(free.len());
    let (mut seen, mut sum) = (0usize, 0usize);
    for i in strata(nr, TIED_SAMPLE.min(nr), seed ^ 1) {
        if col4row[i] != NONE {
            seen += 1;
            sum += tied_at(i);
        }
    }
    if let Some(more) = sum.saturating_mul(assigned).checked_div(seen) {
        estimate = estimate.saturating_add(more);
    }
    estimate > cap
}

/// The arrays of the phases.
struct Phase<'c, S> {
    c: &'c [S],
    nc: usize,
    /// Each column's distance from the free rows in this phase's search,
    /// `scanned` once scanned.
    dist: Vec<S>,
    /// Below every distance: a scanned column's.
    scanned: S,
    /// The columns the search scanned, in order, with their distances.
    tree: Vec<(u32, S)>,
    /// The columns at the least distance still to be scanned.
    queue: Vec<u32>,
    /// Each free row's potential (its least `c − v`), by row.
    base: Vec<S>,
    /// Entries read.
    work: usize,
}

impl<S: Scalar> Phase<'_, S> {
    /// The row `i`.
    fn row(&self, i: usize) -> &[S] {
        &self.c[i * self.nc..(i + 1) * self.nc]
    }

    /// One search from every free row at distance 0 (each at its least
    /// reduced cost), by levels, until the least unscanned column is free:
    /// returns that distance, δ, with the scanned columns' potentials
    /// lowered by δ minus their distance, so that every shortest
    /// augmenting path is tight (and the free rows' potentials raised by
    /// δ); `None`, the potentials unchanged, if no free column is reached
    /// (not when `nr ≤ nc`: every entry is finite).
    fn search(&mut self, row4col: &[u32], v: &mut [S], free: &[u32]) -> Option<S> {
        let nc = self.nc;
        self.tree.clear();
        self.queue.clear();
        // Every column's distance: the least over the free rows, each
        // from its least (every entry finite: every column is reached).
        for (k, &i) in free.iter().enumerate() {
            let row = &self.c[idx(i) * nc..(idx(i) + 1) * nc];
            let least = least_difference(row, v);
            self.base[idx(i)] = least;
            let cols = row.iter().zip(v.iter()).zip(self.dist.iter_mut());
            if k == 0 {
                cols.for_each(|((&x, &vj), d)| *d = x - vj - least);
            } else {
                cols.for_each(|((&x, &vj), d)| *d = d.min2(x - vj - least));
            }
        }
        self.work += free.len() * nc;
        let scanned = self.scanned;
        loop {
            // The next level: the least distance of the columns not
            // scanned (those at `scanned`, below every distance), and the
            // columns at it.
            let m = self
                .dist
                .iter()
                .fold(S::INF, |m, &d| if d == scanned { m } else { m.min2(d) });
            if m >= S::INF {
                return None;
            }
            self.queue
                .extend((0..nc).filter(|&j| self.dist[j] == m).map(id));
            self.work += nc;
            while let Some(j) = self.queue.pop() {
                let j = idx(j);
                if row4col[j] == NONE {
                    self.lower(m, v);
                    return Some(m);
                }
                self.dist[j] = scanned;
                self.tree.push((id(j), m));
                // The mate's row, from its distance: each column it brings
                // to `m` joins the level (a scanned one is below every
                // distance, a column at `m` is not brought lower).
                let r = idx(row4col[j]);
                let row = &self.c[r * nc..(r + 1) * nc];
                let base = m - (row[j] - v[j]);
                let cols = row.iter().zip(v.iter()).zip(self.dist.iter_mut());
                for (q, ((&x, &vq), d)) in cols.enumerate() {
                    let r = base + x - vq;
                    if r < *d {
                        *d = r;
                        if r == m {
                            self.queue.push(id(q));
                        }
                    }
                }
                self.work += nc;
            }
        }
    }

    /// The potentials of the scanned columns lowered by `delta` minus
    /// their distance.
    fn lower(&mut self, delta: S, v: &mut [S]) {
        for &(j, d) in &self.tree {
            v[idx(j)] = v[idx(j)] - (delta - d);
        }
    }

    /// The tight entries (reduced cost 0; free rows at their least before
    /// the search plus `delta`) as a graph, and a maximum matching of it
    /// grown from the current one by the core's matcher; `false`, nothing
    /// changed, if the tight entries pass one in [`DENSE_TIGHT`] of the
    /// matrix (the graph would cost more than the searches it saves), or
    /// if the graph or its matching fails (memory: the searches go on
    /// without the phases).
    fn tighten(
        &mut self,
        delta: S,
        col4row: &mut [u32],
        row4col: &mut [u32],
        v: &[S],
    ) -> Result<bool, OutOfMemory> {
        let (nr, nc) = (col4row.len(), self.nc);
        let cap = nr * nc / DENSE_TIGHT;
        // Room for the bound and one more, reserved once: the loop only
        // stores, and stops at the first entry past the bound.
        let mut tight = RowWriter::new(nr, cap + 1, "assignment: the tight entries")?;
        for (i, &j) in col4row.iter().enumerate() {
            let row = self.row(i);
            let u = match j {
                NONE => self.base[i] + delta,
                j => row[idx(j)] - v[idx(j)],
            };
            for (q, (&x, &vq)) in row.iter().zip(v).enumerate() {
                if x - vq == u {
                    if tight.len() == cap {
                        return Ok(false);
                    }
                    tight.push(id(q));
                }
            }
            tight.end_row();
        }
        self.work += nr * nc;
        let (offsets, adj) = tight.finish();
        let Ok(graph) = Bipartite::from_left_csr(nc, offsets, adj) else {
            return Ok(false);
        };
        let start = Matching::from_mates(col4row.to_vec(), row4col.to_vec());
        let Ok(grown) = Auto.maximum_matching_from(&graph, start) else {
            return Ok(false);
        };
        let _ = grown.with_mates(|l, r| {
            col4row.copy_from_slice(l);
            row4col.copy_from_slice(r);
        });
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_rng::Rng;
    use super::*;

    /// The least cost of assigning the rows `rows` of `c` (`nc` columns)
    /// to distinct columns, by brute force.
    fn least_for_rows(c: &[i64], nc: usize, rows: &[usize]) -> i64 {
        let (n, mut best) = (rows.len(), i64::MAX);
        let mut cols = vec![0usize; n];
        let mut used = vec![false; nc];
        // Explicit stack of (position in `rows`, next column to try).
        let mut stack = vec![(0usize, 0usize)];
        while let Some((k, from)) = stack.pop() {
            if k == n {
                let total = (0..n).map(|t| c[rows[t] * nc + cols[t]]).sum::<i64>();
                best = best.min(total);
                continue;
            }
            if from > 0 {
                used[cols[k]] = false;
            }
            if let Some(j) = (from..nc).find(|&j| !used[j]) {
                cols[k] = j;
                used[j] = true;
                stack.push((k, j + 1));
                stack.push((k + 1, 0));
            }
        }
        best
    }

    /// Runs the phases from no assignment and checks what they promise:
    /// a matching, the free rows listed, potentials only lowered (free
    /// columns' not at all, and at least every other's), every assigned
    /// entry tight and no entry of an assigned row below its potential.
    /// Returns the pairs.
    fn run(c: &[i64], nr: usize, nc: usize) -> Vec<(usize, usize)> {
        let mut col4row = vec![NONE; nr];
        let mut row4col = vec![NONE; nc];
        let mut v = vec![0i64; nc];
        let mut free: Vec<u32> = (0..nr as u32).collect();
        let work = phases(
            c,
            nc,
            &mut col4row,
            &mut row4col,
            &mut v,
            &mut free,
            usize::MAX,
        )
        .unwrap();
        assert!(work >= nr * nc, "at least one phase ran");
        assert!(free.len() < nr, "the phases assigned rows");
        let mut listed = vec![false; nr];
        for &i in &free {
            assert_eq!(col4row[idx(i)], NONE);
            listed[idx(i)] = true;
        }
        let top = v.iter().copied().max().unwrap();
        for (j, &r) in row4col.iter().enumerate() {
            assert!(v[j] <= 0, "only lowered");
            if r == NONE {
                assert_eq!(v[j], top, "a free column's potential is the largest");
            } else {
                assert_eq!(col4row[idx(r)], id(j));
            }
        }
        let mut pairs = Vec::new();
        for (i, &j) in col4row.iter().enumerate() {
            if j == NONE {
                assert!(listed[i], "row {i} free but not listed");
                continue;
            }
            assert_eq!(row4col[idx(j)], id(i));
            let u = c[i * nc + idx(j)] - v[idx(j)];
            for q in 0..nc {
                assert!(c[i * nc + q] - v[q] >= u, "row {i}, column {q}");
            }
            pairs.push((i, idx(j)));
        }
        pairs
    }

    #[test]
    fn phases_keep_the_potentials_and_assign_rows_of_tied_triangles() {
        let mut rng = Rng(0x7121_A2E5);
        // Costs in [0, 40) below (or above) the diagonal and 1000 across
        // it, square and wide; products modulo n + 1 (from no assignment
        // and potentials 0, fewer ties than one entry in eight: the
        // phases' bound on the tight entries).
        for &(nr, nc) in &[(40, 40), (64, 80), (100, 100), (90, 150)] {
            for shape in 0..3 {
                let c: Vec<i64> = (0..nr * nc)
                    .map(|k| {
                        let (i, j) = (k / nc, k % nc);
                        match shape {
                            0 => rng.below(40) as i64 + if j > i { 1000 } else { 0 },
                            1 => rng.below(40) as i64 + if j < i { 1000 } else { 0 },
                            _ => (((i + 1) * (j + 1)) % (nr + 1)) as i64,
                        }
                    })
                    .collect();
                run(&c, nr, nc);
            }
        }
    }

    #[test]
    fn rows_tied_at_their_least_over_the_bound_keep_the_phases_off() {
        // 64 rows of 40 columns, all free, potentials 0: rows with `k`
        // zeros and the rest 5; the bound 40 · 64 / 8 = 320 entries.
        let (nr, nc) = (64, 40);
        let rows = |k: usize| -> Vec<i64> {
            (0..nr * nc)
                .map(|e| if e % nc < k { 0 } else { 5 })
                .collect()
        };
        let (v, free): (Vec<i64>, Vec<u32>) = (vec![0; nc], (0..nr as u32).collect());
        let none = vec![NONE; nr];
        let too_tied = |c: &[i64], v: &[i64], free: &[u32], cap: usize, seed: u64| {
            too_tied((c, nc), v, (free, &none), cap, seed)
        };
        let cap = nr * nc / DENSE_TIGHT;
        // 5 a row: 320, at the bound; 6 a row: 384, over it.
        assert!(!too_tied(&rows(5), &v, &free, cap, 7));
        assert!(too_tied(&rows(6), &v, &free, cap, 7));
        // Rows tied in runs of four, every other run (the sample, one row
        // in each run, sees both kinds): 6 and 1 a row, 224 in all.
        let mixed: Vec<i64> = (0..nr * nc)
            .map(|e| {
                let k = if (e / nc / 4) % 2 == 0 { 6 } else { 1 };
                if e % nc < k {
                    0
                } else {
                    5
                }
            })
            .collect();
        assert!(!too_tied(&mixed, &v, &free, cap, 7));
        // Every fourth row with 10, the rest 1: 208 in all, under the
        // bound, but 640 to a sample at the fixed places `k · 64 / 16`
        // (all tied); the strata take one row of each run of four.
        let fixed: Vec<i64> = (0..nr * nc)
            .map(|e| {
                let k = if (e / nc) % 4 == 0 { 10 } else { 1 };
                if e % nc < k {
                    0
                } else {
                    5
                }
            })
            .collect();
        assert!(!too_tied(&fixed, &v, &free, cap, 7));
        // No free row: nothing to look at.
        assert!(!too_tied(&rows(40), &v, &[], cap, 7));
        // Potentials count: column 0 raised by 1 puts every row's least
        // there alone.
        let mut up = vec![0i64; nc];
        up[0] = 1;
        assert!(!too_tied(&rows(6), &up, &free, cap, 7));
        // Eight rows free with one tie each, the other 56 assigned (on
        // column 0) with 6: 8 + 336 entries, over the bound, though the
        // free rows' alone are far under it.
        let assigned: Vec<i64> = (0..nr * nc)
            .map(|e| {
                let k = if e / nc < 8 { 1 } else { 6 };
                if e % nc < k {
                    0
                } else {
                    5
                }
            })
            .collect();
        let mates: Vec<u32> = (0..nr).map(|i| if i < 8 { NONE } else { 0 }).collect();
        let few: Vec<u32> = (0..8).collect();
        assert!(super::too_tied((&assigned, nc), &v, (&few, &mates), cap, 7));
        assert!(!super::too_tied((&assigned, nc), &v, (&few, &none), cap, 7));
    }

    #[test]
    fn the_phases_assign_their_rows_at_the_least_cost_brute_force_finds() {
        // Potentials at most 0, free columns' at 0: the pairs are a least
        // assignment of the rows they cover (linear programming duality).
        // Eight copies of a 4 × 6 block with costs in [0, 3), 100 across
        // the copies: each copy is checked on its own by brute force.
        let mut rng = Rng(0xB0A7);
        let (br, bc, copies) = (4, 6, 8);
        for _ in 0..30 {
            let block: Vec<i64> = (0..br * bc).map(|_| rng.below(3) as i64).collect();
            let (nr, nc) = (br * copies, bc * copies);
            let c: Vec<i64> = (0..nr * nc)
                .map(|k| {
                    let (i, j) = (k / nc, k % nc);
                    let across = if i / br == j / bc { 0 } else { 100 };
                    block[(i % br) * bc + j % bc] + across
                })
                .collect();
            let pairs = run(&c, nr, nc);
            for k in 0..copies {
                let mine: Vec<(usize, usize)> = pairs
                    .iter()
                    .copied()
                    .filter(|&(i, _)| i / br == k)
                    .collect();
                let rows: Vec<usize> = mine.iter().map(|&(i, _)| i % br).collect();
                let cost: i64 = mine.iter().map(|&(i, j)| c[i * nc + j]).sum();
                assert_eq!(cost, least_for_rows(&block, bc, &rows), "copy {k}");
            }
        }
    }
}
