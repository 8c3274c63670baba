//! The sparse front: [`MinCostMatching`] and [`min_cost_matching`] on a
//! [`WeightedBipartite`], in minimising form for the engines, and the
//! deficient case (neither side matched in full) split into the blocks of
//! the coarse Dulmage–Mendelsohn decomposition.

use std::marker::PhantomData;

use super::cost::{check_costs, integral_magnitude, small_integer, Class, Cost, Scalar};
use super::duals::{repair, sparse_row_min, totals, Solution};
use super::engine::{fits_f64, flip, floor_for, floor_of, Csr, Raw, Rule, NONE};
use super::error::{from_core, Error};
use super::hall;
use super::sparse_paths::engine;
use super::weighted::WeightedBipartite;
use crate::csr::{filled, sorted_rows_with, transpose_with, try_vec};
use crate::util::{id, idx};
use crate::{maximum_matching, minimum_vertex_cover, non_essential_vertices, Bipartite};

/// Options for a sparse minimum-cost matching; [`solve`](Self::solve) runs
/// it.
///
/// ```
/// use bimatch::assignment::{MinCostMatching, WeightedBipartite};
///
/// // Row 2 has no entry: no perfect matching, but a maximum one of 2 pairs.
/// let g = WeightedBipartite::from_edges(3, 3, [(0, 0, 3), (0, 1, 1), (1, 0, 2), (1, 2, 7)])?;
/// let s = MinCostMatching::new(&g).solve()?;
/// assert_eq!(s.pairs().collect::<Vec<_>>(), [(0, 1), (1, 0)]);
/// s.verify(&g)?;
/// assert!(MinCostMatching::new(&g).perfect().solve().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct MinCostMatching<'a, C: Cost> {
    graph: &'a WeightedBipartite<C>,
    maximize: bool,
    perfect: bool,
}

impl<'a, C: Cost> MinCostMatching<'a, C> {
    /// A problem on `graph`: minimise, among matchings of maximum
    /// cardinality.
    pub fn new(graph: &'a WeightedBipartite<C>) -> Self {
        MinCostMatching {
            graph,
            maximize: false,
            perfect: false,
        }
    }

    /// Maximise the total instead (still among maximum-cardinality
    /// matchings).
    pub fn maximize(mut self) -> Self {
        self.maximize = true;
        self
    }

    /// Require every vertex of the smaller side (both sides, when square)
    /// to be matched, and fail otherwise.
    pub fn perfect(mut self) -> Self {
        self.perfect = true;
        self
    }

    /// Solves the problem.
    ///
    /// Two engines, chosen by what the searches do:
    ///
    /// - **Cost scaling** for square problems with integer costs (at least
    ///   1024 entries and 256 rows) that the searches hand over, below:
    ///   ε-scaling with double pushes
    ///   (A. V. Goldberg and R. Kennedy, "An efficient cost scaling
    ///   algorithm for the assignment problem", Math. Programming 71,
    ///   1995; the push is D. P. Bertsekas's auction bid) on costs times
    ///   n + 1, so that the last round, at ε = 1, is exact; each round
    ///   keeps the pairs that are still ε-optimal. A cardinality matching
    ///   checks feasibility only when a round runs long. The final prices,
    ///   rounded to the original scale and repaired by one label-correcting
    ///   pass, are exact integer duals.
    /// - **Shortest augmenting paths** for the rest: from each row in turn,
    ///   Dijkstra's algorithm on reduced costs over a binary heap (Jonker
    ///   and Volgenant's sparse form); each search resets only the columns
    ///   it touched, so no augmentation costs O(V) by itself. A greedy
    ///   start assigns every row whose cheapest column (after column
    ///   reduction, when square) is free, then two rounds of augmenting
    ///   row reduction (the dense solver's own reduction, over sparse
    ///   rows). On a square integer problem of at most 192 entries a row
    ///   on average the searches hand over to cost scaling when the greedy
    ///   step leaves more than 10 % of the rows free (before the reduction,
    ///   which on such inputs costs a third to a half of cost scaling's
    ///   time), or the reduction more than 1 % (random sparse graphs, whose
    ///   searches grow long and scan far apart); on any square integer
    ///   problem, when their work projects past 48 entry scans per entry
    ///   (the work so far plus its mean per search times the searches
    ///   left, after 8 searches). Banded costs such as a Machol–Wien band,
    ///   whose start leaves a handful of rows and whose searches are local,
    ///   stay with the searches (cost scaling's rounds crawl there), as
    ///   do random rows of more than 192 entries (a search reaches a free
    ///   column after a few rows), and costs that are floats.
    ///
    /// `f64` costs that are all integers, small enough that every value of
    /// the solve is an integer inside ±2^53, are solved as `i64` costs by
    /// the engines above and their potentials converted exactly: the same
    /// pairs and total, exactly feasible potentials without the repair
    /// pass of other float costs below (on the benchmark's float files of
    /// integers, 4–5.5 times faster on 10 nearest neighbours, 2 times on
    /// rows of 5–20 entries, 11 % on a Machol–Wien band).
    ///
    /// When neither side can be matched in full, the coarse
    /// Dulmage–Mendelsohn decomposition of a maximum matching splits the
    /// problem into three that can, and their potentials are shifted into
    /// one certificate (plus a König cover for the cardinality). Float
    /// potentials end with one pass over the entries that makes them
    /// exactly feasible, as [`Assignment::solve`](super::Assignment::solve)
    /// says.
    ///
    /// # Complexity
    ///
    /// Shortest paths: O(r · E log V) time for r = min(rows, cols) (each
    /// search pushes each entry at most once onto its heap; the start and
    /// the reduction's steps are O(E) and O(V) times the longest row).
    /// Cost scaling: O(n · E · log(n C)) for C the cost range, far less in
    /// practice (30 to 200 entry scans per entry on the benchmark's
    /// inputs); when it declines, or takes over from searches cut short
    /// after O(E) work, the other engine's cost is added. A deficient
    /// problem also pays a maximum cardinality matching, its
    /// Dulmage–Mendelsohn split and König cover, O(E √V). O(V + E) extra
    /// space: the costs in minimising form and a copy (or the transpose)
    /// of the graph, 16 bytes an entry for 8-byte costs, plus cost
    /// scaling's copies (as [`Assignment::solve`](super::Assignment::solve)
    /// says) or the pattern graph of a deficient problem.
    ///
    /// # Testing
    ///
    /// Against brute force (the most pairs, then the least cost) on every
    /// shape up to 7 × 7 at several densities, minimising and maximising,
    /// with the certificate and the Hall violator checked; against the
    /// dense solver, at sizes where each engine and the hand-over are
    /// chosen; cost scaling against shortest paths on 1500 random problems
    /// with ties, negative and 2^31-wide costs; a staircase of 10^6 rows
    /// on a 256 KiB stack (`tests/suite/assignment_brute.rs`,
    /// `tests/suite/assignment_large.rs`, the engine's unit tests).
    ///
    /// # Errors
    ///
    /// - [`Error::Overflow`] for integer costs too large for exact `i64`,
    ///   [`Error::FloatRange`] for float costs near `f64::MAX`;
    /// - [`Error::Infeasible`] with a Hall violator in
    ///   [`perfect`](Self::perfect) mode when the smaller side cannot be
    ///   matched in full;
    /// - [`Error::OutOfMemory`] if the solver's arrays cannot be reserved.
    pub fn solve(&self) -> Result<Solution<C>, Error> {
        solve(self.graph, self.maximize, self.perfect)
    }
}

/// Among the maximum-cardinality matchings of `graph`, one of least total
/// cost, with its dual certificate. See [`MinCostMatching`] for
/// maximising and the perfect-or-error mode.
///
/// # Complexity
///
/// As [`MinCostMatching::solve`].
///
/// # Errors
///
/// As [`MinCostMatching::solve`].
///
/// ```
/// use bimatch::assignment::{min_cost_matching, WeightedBipartite};
///
/// let g = WeightedBipartite::from_edges(2, 2, [(0, 0, 4i64), (0, 1, 1), (1, 0, 2), (1, 1, 9)])?;
/// let s = min_cost_matching(&g)?;
/// assert_eq!(s.total_cost(), 3);
/// s.verify(&g)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn min_cost_matching<C: Cost>(graph: &WeightedBipartite<C>) -> Result<Solution<C>, Error> {
    MinCostMatching::new(graph).solve()
}

fn solve<C: Cost>(
    g: &WeightedBipartite<C>,
    maximize: bool,
    perfect: bool,
) -> Result<Solution<C>, Error> {
    let (rows, cols) = (g.rows(), g.cols());
    let to_min = |c: C| match c.class() {
        Class::Finite(x) if maximize => x.negate(),
        Class::Finite(x) => x,
        _ => C::Scalar::ZERO,
    };
    let transpose = rows > cols;
    let square = rows == cols;
    // The rules in the engine's orientation (the transpose when tall): its
    // rows are matched in full.
    let engine_cols = if square { Rule::Exactly } else { Rule::AtMost };
    // Float costs that are all integers, small enough that every value a
    // solve reaches is an integer inside ±2^53 ([`fits_f64`]), are solved
    // by the integer engines and their potentials converted exactly: the
    // same optimum and exactly feasible potentials, without the float
    // engines' rounding and the certificate's repair (a banded
    // Machol–Wien problem of 2·10^4 rows written as floats: 1.22 against
    // 1.10 ms).
    let integral = C::as_scalars(&g.weights)
        .filter(|_| !C::Scalar::EXACT)
        .and_then(|x| Some((x, floor_for::<i64>(integral_magnitude(x)?, rows + cols))))
        .filter(|&(_, floor)| fits_f64(floor));
    // The magnitude check, needless where the costs are such integers.
    let max_abs = match integral {
        Some(_) => 0,
        None => check_costs(g.weights.iter().copied(), rows + cols)?,
    };
    let solved: Option<Raw<C::Scalar>> = match integral {
        Some((costs, floor)) => {
            let mut w = try_vec(costs.len(), "assignment: the costs as integers")?;
            let sign = if maximize { -1 } else { 1 };
            w.extend(costs.iter().map(|&c| sign * small_integer(c.to_f64())));
            let work = work_graph(g, w, transpose)?;
            match engine(&work, square, floor)? {
                Some(raw) => Some(raw.converted()?),
                None => None,
            }
        }
        None => {
            let mut w = try_vec(g.weights.len(), "assignment: the costs in minimising form")?;
            w.extend(g.weights.iter().map(|&c| to_min(c)));
            let work = work_graph(g, w, transpose)?;
            // The floor from the check's magnitude: the costs in
            // minimising form have the same (a negated `i64::MIN` is
            // refused above).
            let floor = if C::Scalar::EXACT {
                floor_for(max_abs, rows + cols)
            } else {
                -C::Scalar::INF
            };
            let mut raw = engine(&work, square, floor)?;
            if let Some(raw) = raw.as_mut() {
                repair(raw, Rule::Exactly, engine_cols, |i, v| {
                    let r = work.range(i);
                    sparse_row_min(&work.adj[r.clone()], &work.w[r], v)
                });
            }
            raw
        }
    };
    let (raw, row_rule, col_rule, exit_in_total, cover) = match solved {
        Some(raw) => {
            let (r, c) = match (square, transpose) {
                (true, _) => (Rule::Exactly, Rule::Exactly),
                (false, false) => (Rule::Exactly, Rule::AtMost),
                (false, true) => (Rule::AtMost, Rule::Exactly),
            };
            let raw = if transpose { raw.transposed() } else { raw };
            (raw, r, c, true, None)
        }
        None => {
            let pattern = g.pattern()?;
            if perfect {
                return Err(hall::witness(&pattern, rows <= cols));
            }
            let (mut raw, lambda, cover) = deficient(g, &pattern, maximize)?;
            repair(&mut raw, Rule::OrPay(lambda), Rule::AtMost, |i, v| {
                let r = idx(g.offsets[i])..idx(g.offsets[i + 1]);
                g.adj[r.clone()]
                    .iter()
                    .zip(&g.weights[r])
                    .fold(C::Scalar::INF, |m, (&j, &c)| {
                        m.min2(to_min(c).sub_down(v[idx(j)]))
                    })
            });
            (raw, Rule::OrPay(lambda), Rule::AtMost, false, Some(cover))
        }
    };
    let Raw {
        col4row: row_to_col,
        row4col: col_to_row,
        mut u,
        mut v,
    } = raw;
    let mut pair_costs = try_vec(row_to_col.len(), "assignment: the costs of the pairs")?;
    for (i, &j) in row_to_col.iter().enumerate() {
        if j != NONE {
            let r = idx(g.offsets[i])..idx(g.offsets[i + 1]);
            let k = r.start + g.adj[r].binary_search(&j).unwrap_or_default();
            pair_costs.push(to_min(g.weights[k]));
        }
    }
    let free = row_to_col.iter().filter(|&&j| j == NONE).count();
    let exit = match row_rule {
        Rule::OrPay(x) => Some((x, free)),
        _ => None,
    };
    let (mut total, gap) = totals(pair_costs.into_iter(), exit, &u, &v, exit_in_total);
    let row_rule = if maximize {
        total = -total;
        u.iter_mut().for_each(|x| *x = -*x);
        v.iter_mut().for_each(|x| *x = -*x);
        flip(row_rule)
    } else {
        row_rule
    };
    Ok(Solution {
        row_to_col,
        col_to_row,
        u,
        v,
        total,
        gap,
        maximize,
        row_rule,
        col_rule,
        exit_in_total,
        cover,
        within: None,
        marker: PhantomData,
    })
}

/// The engines' graph of `g` with the costs `w` (in `g`'s entry order):
/// `g` itself, or its transpose when `transpose`.
fn work_graph<C: Cost, S: Scalar>(
    g: &WeightedBipartite<C>,
    w: Vec<S>,
    transpose: bool,
) -> Result<Csr<S>, Error> {
    Ok(if transpose {
        let (offsets, adj, w) = transpose_with(g.cols(), &g.offsets, &g.adj, &w)?;
        Csr {
            cols: g.rows(),
            offsets,
            adj,
            w,
        }
    } else {
        Csr {
            cols: g.cols(),
            offsets: copy(&g.offsets)?,
            adj: copy(&g.adj)?,
            w,
        }
    })
}

/// A copy of `x`, reserved fallibly.
fn copy<T: Copy>(x: &[T]) -> Result<Vec<T>, Error> {
    let mut v = try_vec(x.len(), "assignment: a copy of the graph")?;
    v.extend_from_slice(x);
    Ok(v)
}

/// Neither side can be matched in full: solve the three blocks of the
/// coarse Dulmage–Mendelsohn decomposition (each can be) and shift their
/// potentials into one certificate with the unmatched bound `λ`.
#[allow(clippy::type_complexity)]
fn deficient<C: Cost>(
    g: &WeightedBipartite<C>,
    pattern: &Bipartite,
    maximize: bool,
) -> Result<(Raw<C::Scalar>, C::Scalar, (Vec<u32>, Vec<u32>)), Error> {
    let (rows, cols) = (g.rows(), g.cols());
    let m = maximum_matching(pattern);
    let ne = non_essential_vertices(pattern, &m).map_err(from_core)?;
    let cover = minimum_vertex_cover(pattern, &m).map_err(from_core)?;
    let cover = (
        cover.left().iter().map(|u| id(u.index())).collect(),
        cover.right().iter().map(|v| id(v.index())).collect(),
    );
    // Blocks: 0 = horizontal (rows reachable from free rows, and their
    // columns), 1 = square, 2 = vertical.
    let mut row_block = filled(rows, 1u8, "assignment: the blocks of the rows")?;
    let mut col_block = filled(cols, 1u8, "assignment: the blocks of the columns")?;
    for &u in ne.left() {
        row_block[u.index()] = 0;
        if let Some(v) = m.left_mate(u) {
            col_block[v.index()] = 0;
        }
    }
    for &v in ne.right() {
        col_block[v.index()] = 2;
        if let Some(u) = m.right_mate(v) {
            row_block[u.index()] = 2;
        }
    }
    let sign = |c: C| match c.class() {
        Class::Finite(x) if maximize => x.negate(),
        Class::Finite(x) => x,
        _ => C::Scalar::ZERO,
    };
    let mut row_local = filled(rows, 0u32, "assignment: the rows in their blocks")?;
    let mut col_local = filled(cols, 0u32, "assignment: the columns in their blocks")?;
    let mut rows_of: [Vec<u32>; 3] = Default::default();
    let mut cols_of: [Vec<u32>; 3] = Default::default();
    for i in 0..rows {
        let b = usize::from(row_block[i]);
        row_local[i] = id(rows_of[b].len());
        rows_of[b].push(id(i));
    }
    for j in 0..cols {
        let b = usize::from(col_block[j]);
        col_local[j] = id(cols_of[b].len());
        cols_of[b].push(id(j));
    }
    let mut pairs: [Vec<(u32, u32)>; 3] = Default::default();
    let mut costs: [Vec<C::Scalar>; 3] = Default::default();
    for (i, j, c) in g.entries() {
        let b = row_block[i];
        if b == col_block[j] {
            let (r, k) = (row_local[i], col_local[j]);
            // The horizontal block is solved transposed: its columns are
            // the side matched in full.
            let b = usize::from(b);
            pairs[b].push(if b == 0 { (k, r) } else { (r, k) });
            costs[b].push(sign(c));
        }
    }
    let mut row_to_col = filled(rows, NONE, "assignment: the mates of the rows")?;
    let mut col_to_row = filled(cols, NONE, "assignment: the mates of the columns")?;
    let mut u = filled(rows, C::Scalar::ZERO, "assignment: the row potentials")?;
    let mut v = filled(cols, C::Scalar::ZERO, "assignment: the column potentials")?;
    for b in 0..3 {
        let (nr, nc) = (rows_of[b].len(), cols_of[b].len());
        let (wr, wc) = if b == 0 { (nc, nr) } else { (nr, nc) };
        // No repeats: the entries come from a graph.
        let (offsets, adj, w) = sorted_rows_with(wr, wc, &pairs[b], &costs[b], |_, _| {})?;
        let csr = Csr {
            cols: wc,
            offsets,
            adj,
            w,
        };
        let floor = floor_of(&csr.w, rows + cols);
        let Some(raw) = engine(&csr, wr == wc, floor)? else {
            return Err(hall::witness(pattern, rows <= cols));
        };
        let (c4r, r4c, ur, vr) = if b == 0 {
            (raw.row4col, raw.col4row, raw.v, raw.u)
        } else {
            (raw.col4row, raw.row4col, raw.u, raw.v)
        };
        for (li, &i) in rows_of[b].iter().enumerate() {
            let lj = c4r[li];
            row_to_col[idx(i)] = if lj == NONE {
                NONE
            } else {
                cols_of[b][idx(lj)]
            };
            u[idx(i)] = ur[li];
        }
        for (lj, &j) in cols_of[b].iter().enumerate() {
            let li = r4c[lj];
            col_to_row[idx(j)] = if li == NONE {
                NONE
            } else {
                rows_of[b][idx(li)]
            };
            v[idx(j)] = vr[lj];
        }
    }
    // The shifts: b for the square block, λ for the horizontal one.
    let max = |a: Option<C::Scalar>, x: C::Scalar| {
        Some(a.map_or(x, |a: C::Scalar| if x > a { x } else { a }))
    };
    let mut b_low: Option<C::Scalar> = None;
    let mut l_low: Option<C::Scalar> = None;
    let mut l_minus_b: Option<C::Scalar> = None;
    let mut max_u_s: Option<C::Scalar> = None;
    for &j in &cols_of[0] {
        l_low = max(l_low, v[idx(j)]);
    }
    for &j in &cols_of[1] {
        b_low = max(b_low, v[idx(j)]);
    }
    for &i in &rows_of[1] {
        max_u_s = max(max_u_s, u[idx(i)]);
    }
    for &i in &rows_of[2] {
        l_low = max(l_low, u[idx(i)]);
    }
    for (i, j, c) in g.entries() {
        let slack = u[i] + v[j] - sign(c);
        match (row_block[i], col_block[j]) {
            (1, 0) => l_minus_b = max(l_minus_b, slack),
            (2, 0) => l_low = max(l_low, slack),
            (2, 1) => b_low = max(b_low, slack),
            _ => {}
        }
    }
    let zero = C::Scalar::ZERO;
    let b = b_low.unwrap_or(zero);
    let mut lambda = l_low.unwrap_or(zero);
    for extra in [max_u_s, l_minus_b].into_iter().flatten() {
        let x = b + extra;
        if x > lambda {
            lambda = x;
        }
    }
    for (i, x) in u.iter_mut().enumerate() {
        match row_block[i] {
            0 => *x = *x + lambda,
            1 => *x = *x + b,
            _ => {}
        }
    }
    for (j, x) in v.iter_mut().enumerate() {
        match col_block[j] {
            0 => *x = *x - lambda,
            1 => *x = *x - b,
            _ => {}
        }
    }
    Ok((
        Raw {
            col4row: row_to_col,
            row4col: col_to_row,
            u,
            v,
        },
        lambda,
        cover,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assignment::test_rng::Rng;

    /// A random graph with integer costs in [−300, 700), and the same
    /// costs times `scale` as floats.
    fn both(
        rng: &mut Rng,
        rows: usize,
        cols: usize,
        scale: f64,
    ) -> (WeightedBipartite<i64>, WeightedBipartite<f64>) {
        let mut edges = Vec::new();
        for i in 0..rows {
            for j in 0..cols {
                if rng.below(3) == 0 || j == i % cols {
                    edges.push((i, j, rng.below(1000) as i64 - 300));
                }
            }
        }
        let scaled = edges.iter().map(|&(i, j, c)| (i, j, c as f64 * scale));
        (
            WeightedBipartite::from_edges(rows, cols, edges.iter().copied()).unwrap(),
            WeightedBipartite::from_edges(rows, cols, scaled).unwrap(),
        )
    }

    fn solved<C: Cost>(g: &WeightedBipartite<C>, maximize: bool) -> Solution<C> {
        let q = MinCostMatching::new(g);
        let s = if maximize { q.maximize() } else { q }.solve().unwrap();
        s.verify(g).unwrap();
        s
    }

    #[test]
    fn float_costs_that_are_integers_are_solved_as_integers() {
        let mut rng = Rng(0x1e1e_1e1e);
        for &(rows, cols) in &[(30, 30), (20, 35), (35, 20), (60, 60)] {
            for maximize in [false, true] {
                let at = format!("{rows} × {cols}, maximize {maximize}");
                // Integers as floats: the integer route, with the integer
                // solve's total, integer potentials and no gap.
                let (int, float) = both(&mut rng, rows, cols, 1.0);
                let exact = solved(&int, maximize).total_cost() as f64;
                let s = solved(&float, maximize);
                assert_eq!(s.total_cost(), exact, "{at}");
                let potentials = s.row_potentials().iter().chain(s.col_potentials());
                assert!(potentials.clone().all(|p| p.fract() == 0.0), "{at}");
                assert_eq!(s.gap(), 0.0, "{at}");
                // Halves, and integers past the exact bound: the float
                // route, the same optimum scaled (exact in `f64`).
                for scale in [0.5, (1u64 << 45) as f64] {
                    let (_, scaled) = both(&mut Rng(rng.0), rows, cols, scale);
                    let (int, _) = both(&mut Rng(rng.0), rows, cols, 1.0);
                    let exact = solved(&int, maximize).total_cost() as f64 * scale;
                    assert_eq!(
                        solved(&scaled, maximize).total_cost(),
                        exact,
                        "{at}, × {scale}"
                    );
                }
            }
        }
    }

    #[test]
    fn integral_magnitude_finds_fractions_and_the_bound() {
        let mut x = vec![3.0, -7.0, 0.0, -0.0, 2f64.powi(50)];
        assert_eq!(integral_magnitude(&x), Some(1u128 << 50));
        x.push(2f64.powi(51));
        assert_eq!(integral_magnitude(&x), None);
        for bad in [0.5, -1e-300, f64::NAN, f64::INFINITY, 1.0 + f64::EPSILON] {
            let mut y = vec![1.0; 200];
            y[150] = bad;
            assert_eq!(integral_magnitude(&y), None, "{bad}");
        }
        for v in [0.0, 1.0, -1.0, 12345.0, -(2f64.powi(51) - 1.0)] {
            assert_eq!(small_integer(v) as f64, v);
        }
    }
}
