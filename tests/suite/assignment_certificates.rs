//! Float certificates: every answer passes its own `verify`, and its cost
//! is within `gap()` of the brute-force optimum, compared exactly (sums of
//! `f64` values in big integers, `tests/common/exact.rs`). Costs are
//! decimals (whose rounding made the old tolerance refuse correct answers),
//! and values spanning 10^−20 to 10^20 with both signs, in `f64` and
//! `f32`; square and rectangular, minimising and maximising, with and
//! without an unmatched cost, dense and sparse. Integer gaps are 0.

use crate::common;

use bimatch::assignment::{
    Assignment, Cost, CostMatrix, Error, MinCostMatching, Scalar, Solution, WeightedBipartite,
};
use common::exact::Exact;
use common::Rng;

/// The best exact value over every partial injection of rows into
/// columns, in minimising form (the costs already negated when
/// maximising): `None` entries are forbidden; `exit` is the unmatched
/// cost of a row, else as many pairs as `need` (min(rows, cols) for the
/// dense problem, the maximum cardinality for the sparse one). Returns
/// `None` when no injection qualifies.
fn brute(
    rows: usize,
    cols: usize,
    c: &[Option<f64>],
    exit: Option<f64>,
    max_card: bool,
) -> Option<(usize, Exact)> {
    // Every injection as a list of (row, col), by an explicit stack.
    let mut found: Vec<Vec<(usize, usize)>> = Vec::new();
    // (next row, the pairs so far, the columns used).
    type Frame = (usize, Vec<(usize, usize)>, Vec<bool>);
    let mut stack: Vec<Frame> = vec![(0, Vec::new(), vec![false; cols])];
    while let Some((i, pairs, used)) = stack.pop() {
        if i == rows {
            found.push(pairs);
            continue;
        }
        stack.push((i + 1, pairs.clone(), used.clone()));
        for j in 0..cols {
            if !used[j] && c[i * cols + j].is_some() {
                let (mut p, mut u) = (pairs.clone(), used.clone());
                p.push((i, j));
                u[j] = true;
                stack.push((i + 1, p, u));
            }
        }
    }
    let need = if exit.is_some() {
        0
    } else if max_card {
        found.iter().map(Vec::len).max().unwrap_or(0)
    } else {
        rows.min(cols)
    };
    let mut best: Option<Exact> = None;
    for pairs in found.iter().filter(|p| p.len() >= need) {
        let mut e = Exact::sum(pairs.iter().map(|&(i, j)| c[i * cols + j].unwrap()));
        if let Some(x) = exit {
            for _ in pairs.len()..rows {
                e.add(x);
            }
        }
        if best.as_ref().map_or(true, |b| e < *b) {
            best = Some(e);
        }
    }
    best.map(|b| (need, b))
}

/// The exact cost of `s` in minimising form.
fn exact_cost<C: Cost<Scalar = f64>>(
    s: &Solution<C>,
    cols: usize,
    c: &[Option<f64>],
    exit: Option<f64>,
) -> Exact {
    let mut e = Exact::sum(s.pairs().map(|(i, j)| c[i * cols + j].unwrap()));
    if let Some(x) = exit {
        for _ in s.len()..s.rows() {
            e.add(x);
        }
    }
    e
}

/// Checks `s` against the brute force: it verifies, its gap is finite and
/// non-negative, and `0 ≤ cost − optimum ≤ gap` exactly.
fn check<C: Cost<Scalar = f64>>(
    s: &Solution<C>,
    rows: usize,
    cols: usize,
    signed: &[Option<f64>],
    exit: Option<f64>,
    best: &Exact,
    what: &dyn std::fmt::Debug,
) {
    let gap = s.gap();
    assert!(gap.is_finite() && gap >= 0.0, "{what:?}: gap {gap}");
    let over = exact_cost(s, cols, signed, exit).minus(best);
    assert!(
        over.signum() >= 0,
        "{what:?}: the solver beat the brute force by {:e}",
        over.approx()
    );
    assert!(
        over.minus(&Exact::of(gap)).signum() <= 0,
        "{what:?}: {}x{} off the optimum by {:e}, beyond the gap {gap:e}",
        rows,
        cols,
        over.approx()
    );
}

/// Solves one dense problem of `f64` or `f32` costs every way and checks
/// every answer.
fn dense_case<C: Cost<Scalar = f64> + Into<f64> + std::ops::Neg<Output = C>>(
    rows: usize,
    cols: usize,
    data: &[C],
    exit: Option<C>,
    checked: &mut usize,
) {
    let minimise = CostMatrix::new(rows, cols, data.to_vec()).unwrap();
    // Forbidden is -inf when maximising.
    let flipped: Vec<C> = data
        .iter()
        .map(|&x| if x.into().is_finite() { x } else { -x })
        .collect();
    let maximise = CostMatrix::new(rows, cols, flipped).unwrap();
    for maximize in [false, true] {
        let m = if maximize { &maximise } else { &minimise };
        let sgn = if maximize { -1.0 } else { 1.0 };
        let signed: Vec<Option<f64>> = data
            .iter()
            .map(|&x| {
                let x: f64 = x.into();
                x.is_finite().then_some(sgn * x)
            })
            .collect();
        let x = exit.map(|x| sgn * x.into());
        let mut a = Assignment::new(m);
        if maximize {
            a = a.maximize();
        }
        if let Some(x) = exit {
            a = a.unmatched_cost(x);
        }
        let what = (rows, cols, data, exit, maximize);
        match (a.solve(), brute(rows, cols, &signed, x, false)) {
            (Ok(s), Some((_, best))) => {
                s.verify(m).unwrap_or_else(|e| panic!("{what:?}: {e}"));
                check(&s, rows, cols, &signed, x, &best, &what);
                *checked += 1;
            }
            (Err(Error::Infeasible { .. }), None) => {}
            (s, b) => panic!("{what:?}: solver {s:?}, brute force {b:?}"),
        }
    }
}

/// Solves one sparse problem (the entries `Some`) both ways and checks it.
fn sparse_case(rows: usize, cols: usize, data: &[Option<f64>], checked: &mut usize) {
    let edges: Vec<(usize, usize, f64)> = (0..rows * cols)
        .filter_map(|k| data[k].map(|x| (k / cols, k % cols, x)))
        .collect();
    let g = WeightedBipartite::from_edges(rows, cols, edges).unwrap();
    for maximize in [false, true] {
        let sgn = if maximize { -1.0 } else { 1.0 };
        let signed: Vec<Option<f64>> = data.iter().map(|x| x.map(|x| sgn * x)).collect();
        let mut q = MinCostMatching::new(&g);
        if maximize {
            q = q.maximize();
        }
        let s = q.solve().unwrap();
        let what = (rows, cols, data, maximize);
        s.verify(&g).unwrap_or_else(|e| panic!("{what:?}: {e}"));
        let (card, best) = brute(rows, cols, &signed, None, true).unwrap();
        assert_eq!(s.len(), card, "{what:?}");
        check(&s, rows, cols, &signed, None, &best, &what);
        *checked += 1;
    }
}

/// A decimal in −2..2 with one digit after the point, or forbidden.
fn decimal(rng: &mut Rng, forbidden: usize) -> f64 {
    if rng.chance(forbidden) {
        f64::INFINITY
    } else {
        (rng.below(41) as f64 - 20.0) / 10.0
    }
}

/// A value of either sign between 10^−20 and 10^20, with a random 52-bit
/// mantissa, or forbidden.
fn wide(rng: &mut Rng, forbidden: usize) -> f64 {
    if rng.chance(forbidden) {
        return f64::INFINITY;
    }
    let mantissa = 1.0 + (rng.next() >> 12) as f64 / (1u64 << 52) as f64;
    let e = rng.below(41) as i32 - 20;
    let x = mantissa * 10f64.powi(e);
    if rng.chance(30) {
        -x
    } else {
        x
    }
}

#[test]
fn the_reported_dense_case_verifies() {
    let c = CostMatrix::from_rows([[0.2, 0.2], [-0.1, 0.1]]).unwrap();
    let s = Assignment::new(&c).unmatched_cost(1.1).solve().unwrap();
    s.verify(&c).unwrap();
    assert_eq!(s.pairs().collect::<Vec<_>>(), [(0, 1), (1, 0)]);
    // Exact in `f64` (the two are within a factor 2).
    assert_eq!(s.total_cost(), 0.2 - 0.1);
    let mut checked = 0;
    dense_case(2, 2, &[0.2, 0.2, -0.1, 0.1], Some(1.1), &mut checked);
    assert_eq!(checked, 2);
}

#[test]
fn the_reported_sparse_case_verifies() {
    let g =
        WeightedBipartite::from_edges(2, 4, [(0, 0, -0.1), (0, 1, 0.1), (0, 2, 0.1), (1, 1, 0.3)])
            .unwrap();
    let s = MinCostMatching::new(&g).maximize().solve().unwrap();
    s.verify(&g).unwrap();
    assert_eq!(s.len(), 2);
    assert_eq!(s.total_cost(), 0.1 + 0.3);
    let mut dense = vec![None; 8];
    for (i, j, x) in g.entries() {
        dense[i * 4 + j] = Some(x);
    }
    let mut checked = 0;
    sparse_case(2, 4, &dense, &mut checked);
    assert_eq!(checked, 2);
}

#[test]
fn thousands_of_small_decimal_cases_verify_and_match_brute_force() {
    let mut rng = Rng::new(2101);
    let mut checked = 0;
    for case in 0..3000 {
        let rows = 1 + rng.below(5);
        let cols = 1 + rng.below(5);
        let forbidden = [0, 0, 15, 40][case % 4];
        let data: Vec<f64> = (0..rows * cols)
            .map(|_| decimal(&mut rng, forbidden))
            .collect();
        let exit = (case % 3 != 0).then(|| (rng.below(31) as f64 - 5.0) / 10.0);
        dense_case(rows, cols, &data, exit, &mut checked);
        if case % 3 == 0 {
            let entries: Vec<Option<f64>> =
                data.iter().map(|&x| x.is_finite().then_some(x)).collect();
            sparse_case(rows, cols, &entries, &mut checked);
        }
    }
    assert!(checked > 5000, "{checked}");
}

#[test]
fn wide_range_f64_costs_verify_and_match_brute_force() {
    let mut rng = Rng::new(2102);
    let mut checked = 0;
    for case in 0..800 {
        let rows = 1 + rng.below(6);
        let cols = 1 + rng.below(6);
        let forbidden = [0, 20][case % 2];
        let data: Vec<f64> = (0..rows * cols)
            .map(|_| wide(&mut rng, forbidden))
            .collect();
        let exit = (case % 3 == 1).then(|| wide(&mut rng, 0));
        dense_case(rows, cols, &data, exit, &mut checked);
        if case % 2 == 0 {
            let entries: Vec<Option<f64>> =
                data.iter().map(|&x| x.is_finite().then_some(x)).collect();
            sparse_case(rows, cols, &entries, &mut checked);
        }
    }
    assert!(checked > 1500, "{checked}");
}

#[test]
fn wide_range_f32_costs_verify_and_match_brute_force() {
    let mut rng = Rng::new(2103);
    let mut checked = 0;
    for case in 0..600 {
        let rows = 1 + rng.below(6);
        let cols = 1 + rng.below(6);
        let data: Vec<f32> = (0..rows * cols)
            .map(|_| wide(&mut rng, [0, 20][case % 2]) as f32)
            .collect();
        let exit = (case % 3 == 2).then(|| wide(&mut rng, 0) as f32);
        dense_case(rows, cols, &data, exit, &mut checked);
    }
    assert!(checked > 900, "{checked}");
}

/// Larger problems, past brute force: every answer verifies, and the gap
/// is within the stated tolerance.
#[test]
fn larger_float_problems_verify_with_a_small_gap() {
    let mut rng = Rng::new(2104);
    for (rows, cols) in [(40, 40), (30, 70), (70, 30), (120, 120)] {
        for kind in 0..3 {
            let data: Vec<f64> = (0..rows * cols)
                .map(|_| match kind {
                    0 => decimal(&mut rng, 0),
                    1 => wide(&mut rng, 0),
                    _ => rng.below(1000) as f64 / 7.0,
                })
                .collect();
            let m = CostMatrix::new(rows, cols, data.clone()).unwrap();
            let magnitude = data.iter().fold(0.0f64, |a, x| a.max(x.abs()));
            for maximize in [false, true] {
                for exit in [None, Some(data[0])] {
                    let mut a = Assignment::new(&m);
                    if maximize {
                        a = a.maximize();
                    }
                    if let Some(x) = exit {
                        a = a.unmatched_cost(x);
                    }
                    let s = a.solve().unwrap();
                    s.verify(&m).unwrap();
                    let bound = magnitude * (rows + cols + 1) as f64 * 2f64.powi(-40);
                    assert!(s.gap() <= bound, "{rows}x{cols}: {} > {bound}", s.gap());
                }
                let g = WeightedBipartite::from_edges(
                    rows,
                    cols,
                    (0..rows * cols)
                        .filter(|_| rng.chance(30))
                        .map(|k| (k / cols, k % cols, data[k])),
                )
                .unwrap();
                let mut q = MinCostMatching::new(&g);
                if maximize {
                    q = q.maximize();
                }
                q.solve().unwrap().verify(&g).unwrap();
            }
        }
    }
}

#[test]
fn integer_gaps_are_zero() {
    let mut rng = Rng::new(2105);
    for _ in 0..200 {
        let (rows, cols) = (1 + rng.below(6), 1 + rng.below(6));
        let data: Vec<i64> = (0..rows * cols)
            .map(|_| rng.below(100) as i64 - 50)
            .collect();
        let m = CostMatrix::new(rows, cols, data.clone()).unwrap();
        for a in [
            Assignment::new(&m),
            Assignment::new(&m).maximize(),
            Assignment::new(&m).unmatched_cost(7),
        ] {
            let s = a.solve().unwrap();
            s.verify(&m).unwrap();
            assert_eq!(s.gap(), 0);
        }
        let g = WeightedBipartite::from_edges(
            rows,
            cols,
            (0..rows * cols)
                .filter(|_| rng.chance(40))
                .map(|k| (k / cols, k % cols, data[k])),
        )
        .unwrap();
        let s = MinCostMatching::new(&g).solve().unwrap();
        s.verify(&g).unwrap();
        assert_eq!(s.gap(), <i64 as Scalar>::ZERO);
    }
}

#[test]
fn another_instance_is_refused_by_the_exact_gap() {
    let c = CostMatrix::from_rows([[0.2, 0.2], [-0.1, 0.1]]).unwrap();
    let s = Assignment::new(&c).unmatched_cost(1.1).solve().unwrap();
    s.verify(&c).unwrap();
    // An assigned cost a little higher: the potentials stay feasible, but
    // the gap they leave is more than the solution reports. A little
    // lower: a reduced cost is negative.
    for other in [
        [[0.2, 0.2 + 1e-9], [-0.1, 0.1]],
        [[0.2, 0.2], [-0.1 + 1e-12, 0.1]],
        [[0.2, 0.2 - 1e-15], [-0.1, 0.1]],
        [[0.2, 0.2], [-0.1 - 1e-16, 0.1]],
    ] {
        let other = CostMatrix::from_rows(other).unwrap();
        assert!(
            matches!(s.verify(&other), Err(Error::CertificateInvalid { .. })),
            "{other:?}"
        );
    }
}

/// Rows whose least costs lie in columns of their own are solved by
/// those least costs, with the row potentials at them and the column
/// potentials at 0, taken as they are: the answer verifies, its gap is 0,
/// and its pairs are those least costs (wide-range values, square,
/// wide, tall and maximised; the rows' least moved about by a
/// permutation).
#[test]
fn rows_apart_keep_their_exact_potentials() {
    let mut rng = Rng::new(2107);
    for (rows, cols) in [(300, 300), (260, 520), (520, 260)] {
        for maximize in [false, true] {
            // Each index of the smaller side has a place of its own on the
            // larger side, where its least lies.
            let mut place: Vec<usize> = (0..rows.max(cols)).collect();
            for i in (1..place.len()).rev() {
                place.swap(i, rng.below(i + 1));
            }
            let sign = if maximize { -1.0 } else { 1.0 };
            let data: Vec<f64> = (0..rows * cols)
                .map(|x| {
                    let (i, j) = (x / cols, x % cols);
                    let own = if rows <= cols {
                        place[i] == j
                    } else {
                        place[j] == i
                    };
                    let base = wide(&mut rng, 0).abs();
                    sign * if own { base } else { base + 1e21 }
                })
                .collect();
            let m = CostMatrix::new(rows, cols, data).unwrap();
            let mut a = Assignment::new(&m);
            if maximize {
                a = a.maximize();
            }
            let s = a.solve().unwrap();
            s.verify(&m)
                .unwrap_or_else(|e| panic!("{rows}x{cols}, {maximize}: {e}"));
            assert_eq!(s.gap(), 0.0, "{rows}x{cols}, {maximize}");
            // The pairs are the least entries, each at its own place.
            let own: f64 = (0..rows)
                .filter_map(|i| s.col_of(i).map(|j| (i, j)))
                .map(|(i, j)| {
                    let at = if rows <= cols {
                        place[i] == j
                    } else {
                        place[j] == i
                    };
                    assert!(at, "{rows}x{cols}, {maximize}: ({i}, {j}) not its own");
                    m.get(i, j)
                })
                .sum();
            // Summed in another order: within the rounding of the sums.
            let slack = own.abs() * f64::EPSILON * rows.min(cols) as f64;
            assert!(
                (s.total_cost() - own).abs() <= slack,
                "{rows}x{cols}, {maximize}: {} against {own}",
                s.total_cost()
            );
        }
    }
}
