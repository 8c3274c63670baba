//! The assignment solvers against brute force over every partial
//! injection of rows into columns, on every shape up to 7 × 7; every answer
//! also passes its dual certificate.

use crate::common;

use bimatch::assignment::{
    linear_sum_assignment, min_cost_matching, Assignment, CostMatrix, Error, MinCostMatching,
    WeightedBipartite,
};
use bimatch::Side;
use common::Rng;

/// What the brute force optimises.
#[derive(Clone, Copy)]
enum Goal {
    /// As many pairs as min(rows, cols), least cost.
    Full,
    /// Any pairs, each unassigned row costing `x`.
    Partial(i128),
    /// As many pairs as possible, then least cost.
    MaxCard,
}

/// Best (pairs, cost) over every partial injection; costs `None` are
/// forbidden. Returns `None` when `Full` is infeasible. Exact in i128.
fn brute(
    rows: usize,
    cols: usize,
    c: &dyn Fn(usize, usize) -> Option<i128>,
    goal: Goal,
) -> Option<(usize, i128)> {
    let mut best: Option<(usize, i128)> = None;
    let mut used = vec![false; cols];
    #[allow(clippy::too_many_arguments)]
    fn go(
        i: usize,
        rows: usize,
        cols: usize,
        c: &dyn Fn(usize, usize) -> Option<i128>,
        goal: Goal,
        used: &mut Vec<bool>,
        pairs: usize,
        cost: i128,
        best: &mut Option<(usize, i128)>,
    ) {
        if i == rows {
            let value = match goal {
                Goal::Full if pairs < rows.min(cols) => return,
                Goal::Partial(x) => (0, cost + x * (rows - pairs) as i128),
                _ => (pairs, cost),
            };
            let better = match *best {
                None => true,
                Some((p, k)) => value.0 > p || (value.0 == p && value.1 < k),
            };
            if better {
                *best = Some(value);
            }
            return;
        }
        go(i + 1, rows, cols, c, goal, used, pairs, cost, best);
        for j in 0..cols {
            if !used[j] {
                if let Some(x) = c(i, j) {
                    used[j] = true;
                    go(i + 1, rows, cols, c, goal, used, pairs + 1, cost + x, best);
                    used[j] = false;
                }
            }
        }
    }
    go(0, rows, cols, c, goal, &mut used, 0, 0, &mut best);
    best
}

fn random_ints(rng: &mut Rng, rows: usize, cols: usize, lo: i64, hi: i64) -> Vec<i64> {
    (0..rows * cols)
        .map(|_| lo + rng.below((hi - lo + 1) as usize) as i64)
        .collect()
}

/// Checks that an `Infeasible` error names a real Hall violator of the
/// allowed entries `ok(i, j)`.
fn check_witness(e: &Error, rows: usize, cols: usize, ok: &dyn Fn(usize, usize) -> bool) {
    let Error::Infeasible {
        side,
        members,
        neighbours,
        ..
    } = e
    else {
        panic!("expected Infeasible, got {e:?}");
    };
    assert!(neighbours.len() < members.len(), "{e}");
    for &m in members {
        let other = if *side == Side::Left { cols } else { rows };
        for k in 0..other {
            let allowed = if *side == Side::Left {
                ok(m, k)
            } else {
                ok(k, m)
            };
            if allowed {
                assert!(neighbours.contains(&k), "{e}: {m} reaches {k}");
            }
        }
    }
}

fn shapes() -> impl Iterator<Item = (usize, usize)> {
    (0..=7).flat_map(|r| (0..=7).map(move |c| (r, c)))
}

fn reps(rows: usize, cols: usize) -> usize {
    if rows * cols >= 36 {
        3
    } else {
        12
    }
}

#[test]
fn dense_integers_minimise_and_maximise() {
    let mut rng = Rng::new(1);
    for (rows, cols) in shapes() {
        for rep in 0..reps(rows, cols) {
            let range = if rep % 2 == 0 { 3 } else { 50 };
            let data = random_ints(&mut rng, rows, cols, -range, range);
            let m = CostMatrix::new(rows, cols, data.clone()).unwrap();
            for maximize in [false, true] {
                let sgn = if maximize { -1 } else { 1 };
                let expect = brute(
                    rows,
                    cols,
                    &|i, j| Some(sgn * data[i * cols + j] as i128),
                    Goal::Full,
                )
                .unwrap();
                let mut a = Assignment::new(&m);
                if maximize {
                    a = a.maximize();
                }
                let s = a.solve().unwrap();
                s.verify(&m).unwrap();
                assert_eq!(s.len(), rows.min(cols));
                assert_eq!(
                    sgn * s.total_cost() as i128,
                    expect.1,
                    "{rows}x{cols} {data:?}"
                );
                let recomputed: i64 = s.pairs().map(|(i, j)| data[i * cols + j]).sum();
                assert_eq!(recomputed, s.total_cost());
            }
        }
    }
}

#[test]
fn dense_floats_with_forbidden_entries() {
    let mut rng = Rng::new(2);
    let mut infeasible = 0;
    for (rows, cols) in shapes() {
        for _ in 0..reps(rows, cols) {
            let percent = [10, 40, 70][rng.below(3)];
            let data: Vec<f64> = (0..rows * cols)
                .map(|_| {
                    if rng.chance(percent) {
                        f64::INFINITY
                    } else {
                        rng.below(20) as f64 - 5.0
                    }
                })
                .collect();
            let m = CostMatrix::new(rows, cols, data.clone()).unwrap();
            let cost = |i: usize, j: usize| {
                let x = data[i * cols + j];
                x.is_finite().then_some(x as i128)
            };
            match (
                brute(rows, cols, &cost, Goal::Full),
                linear_sum_assignment(&m),
            ) {
                (Some((_, best)), Ok(s)) => {
                    s.verify(&m).unwrap();
                    assert_eq!(s.total_cost(), best as f64);
                }
                (None, Err(e)) => {
                    infeasible += 1;
                    check_witness(&e, rows, cols, &|i, j| data[i * cols + j].is_finite());
                }
                (b, s) => panic!("{rows}x{cols} {data:?}: brute {b:?}, solver {s:?}"),
            }
            // Maximising with -inf as the forbidden value.
            let neg = CostMatrix::new(rows, cols, data.iter().map(|x| -x).collect()).unwrap();
            match (
                brute(rows, cols, &cost, Goal::Full),
                Assignment::new(&neg).maximize().solve(),
            ) {
                (Some((_, best)), Ok(s)) => {
                    s.verify(&neg).unwrap();
                    assert_eq!(s.total_cost(), -(best as f64));
                }
                (None, Err(Error::Infeasible { .. })) => {}
                (b, s) => panic!("max {rows}x{cols}: brute {b:?}, solver {s:?}"),
            }
        }
    }
    assert!(
        infeasible > 20,
        "the generator should make infeasible cases: {infeasible}"
    );
}

#[test]
fn dense_unmatched_cost() {
    let mut rng = Rng::new(3);
    for (rows, cols) in shapes() {
        for rep in 0..reps(rows, cols) {
            let data: Vec<f64> = (0..rows * cols)
                .map(|_| {
                    if rng.chance(20) {
                        f64::INFINITY
                    } else {
                        rng.below(30) as f64 - 3.0
                    }
                })
                .collect();
            let x = [0i64, 5, 12, -2, 100][rep % 5];
            let m = CostMatrix::new(rows, cols, data.clone()).unwrap();
            let cost = |i: usize, j: usize| {
                let c = data[i * cols + j];
                c.is_finite().then_some(c as i128)
            };
            let best = brute(rows, cols, &cost, Goal::Partial(x as i128))
                .unwrap()
                .1;
            let s = Assignment::new(&m)
                .unmatched_cost(x as f64)
                .solve()
                .unwrap();
            s.verify(&m).unwrap();
            assert_eq!(s.total_cost(), best as f64, "{rows}x{cols} x={x} {data:?}");
            let free = rows - s.len();
            let pairs: f64 = s.pairs().map(|(i, j)| data[i * cols + j]).sum();
            assert_eq!(pairs + (free as i64 * x) as f64, s.total_cost());
            // Integers, maximising: each unassigned row gains x.
            let ints: Vec<i64> = data
                .iter()
                .map(|&c| if c.is_finite() { c as i64 } else { -1000 })
                .collect();
            let mi = CostMatrix::new(rows, cols, ints.clone()).unwrap();
            let best = brute(
                rows,
                cols,
                &|i, j| Some(-ints[i * cols + j] as i128),
                Goal::Partial(-x as i128),
            )
            .unwrap()
            .1;
            let s = Assignment::new(&mi)
                .maximize()
                .unmatched_cost(x)
                .solve()
                .unwrap();
            s.verify(&mi).unwrap();
            assert_eq!(-(s.total_cost() as i128), best);
        }
    }
}

#[test]
fn sparse_agrees_with_brute_force_and_dense() {
    let mut rng = Rng::new(4);
    for (rows, cols) in shapes() {
        for _ in 0..reps(rows, cols) {
            let percent = [15, 50, 85][rng.below(3)];
            let mut edges = Vec::new();
            let mut dense = vec![f64::INFINITY; rows * cols];
            for i in 0..rows {
                for j in 0..cols {
                    if rng.chance(percent) {
                        let w = rng.below(40) as i64 - 10;
                        edges.push((i, j, w));
                        dense[i * cols + j] = w as f64;
                    }
                }
            }
            rng.shuffle(&mut edges);
            let g = WeightedBipartite::from_edges(rows, cols, edges.clone()).unwrap();
            let cost = |i: usize, j: usize| {
                let c = dense[i * cols + j];
                c.is_finite().then_some(c as i128)
            };
            for maximize in [false, true] {
                let sgn: i128 = if maximize { -1 } else { 1 };
                let signed = |i: usize, j: usize| cost(i, j).map(|x| sgn * x);
                let (pairs, best) = brute(rows, cols, &signed, Goal::MaxCard).unwrap();
                let mut q = MinCostMatching::new(&g);
                if maximize {
                    q = q.maximize();
                }
                let s = q.solve().unwrap();
                s.verify(&g).unwrap();
                assert_eq!(s.len(), pairs, "{rows}x{cols} {edges:?}");
                assert_eq!(
                    sgn * s.total_cost() as i128,
                    best,
                    "{rows}x{cols} max={maximize} {edges:?}"
                );
                let mut p = MinCostMatching::new(&g).perfect();
                if maximize {
                    p = p.maximize();
                }
                match p.solve() {
                    Ok(s) => {
                        assert_eq!(pairs, rows.min(cols));
                        s.verify(&g).unwrap();
                        assert_eq!(sgn * s.total_cost() as i128, best);
                    }
                    Err(e) => {
                        assert!(pairs < rows.min(cols));
                        check_witness(&e, rows, cols, &|i, j| dense[i * cols + j].is_finite());
                    }
                }
            }
            // Dense and sparse agree whenever the short side fits.
            let m = CostMatrix::new(rows, cols, dense.clone()).unwrap();
            if let Ok(d) = linear_sum_assignment(&m) {
                let s = min_cost_matching(&g).unwrap();
                assert_eq!(d.total_cost(), s.total_cost() as f64);
                assert_eq!(d.len(), s.len());
            }
        }
    }
}

#[test]
fn integer_extremes_are_refused_or_exact() {
    let mut rng = Rng::new(5);
    for (rows, cols) in shapes() {
        if rows == 0 || cols == 0 {
            continue;
        }
        for _ in 0..3 {
            let big = [i64::MAX, i64::MIN, i64::MAX / 3, 1 << 56, 1 << 50][rng.below(5)];
            let data: Vec<i64> = (0..rows * cols)
                .map(|_| match rng.below(4) {
                    0 => big,
                    1 => -big.saturating_abs(),
                    _ => rng.below(1000) as i64,
                })
                .collect();
            let m = CostMatrix::new(rows, cols, data.clone()).unwrap();
            for maximize in [false, true] {
                let sgn: i128 = if maximize { -1 } else { 1 };
                let mut a = Assignment::new(&m);
                if maximize {
                    a = a.maximize();
                }
                match a.solve() {
                    Ok(s) => {
                        s.verify(&m).unwrap();
                        let best = brute(
                            rows,
                            cols,
                            &|i, j| Some(sgn * data[i * cols + j] as i128),
                            Goal::Full,
                        )
                        .unwrap()
                        .1;
                        assert_eq!(sgn * s.total_cost() as i128, best);
                    }
                    Err(Error::Overflow { .. }) => {}
                    Err(e) => panic!("{e}"),
                }
            }
            let g = WeightedBipartite::from_edges(
                rows,
                cols,
                (0..rows * cols).map(|k| (k / cols, k % cols, data[k])),
            )
            .unwrap();
            match min_cost_matching(&g) {
                Ok(s) => s.verify(&g).unwrap(),
                Err(Error::Overflow { .. }) => {}
                Err(e) => panic!("{e}"),
            }
        }
    }
    // Large but accepted: exact.
    let x = i64::MAX / 64 / 20;
    let m =
        CostMatrix::from_rows(vec![vec![x, x - 1, 3], vec![-x, 7, x], vec![0, x, -x + 5]]).unwrap();
    let s = linear_sum_assignment(&m).unwrap();
    s.verify(&m).unwrap();
    assert_eq!(
        s.total_cost(),
        (x - 1) + (-x) + (-x + 5) - (x - 1) + (x - 1)
    );
}

#[test]
fn float_stress_across_forty_orders_of_magnitude() {
    let mut rng = Rng::new(6);
    for (rows, cols) in shapes() {
        for _ in 0..reps(rows, cols) {
            let data: Vec<f64> = (0..rows * cols)
                .map(|_| {
                    let e = rng.below(41) as i32 - 20;
                    let m = 1.0 + rng.below(1000) as f64 / 1000.0;
                    m * 10f64.powi(e)
                })
                .collect();
            let m = CostMatrix::new(rows, cols, data.clone()).unwrap();
            let s = linear_sum_assignment(&m).unwrap();
            s.verify(&m).unwrap();
            // Brute force in f64 over the full assignments.
            let mut best = f64::INFINITY;
            let mut used = vec![false; cols];
            let mut stack = vec![(0usize, 0usize, 0.0f64)];
            // Iterative enumeration: (row, next column to try, cost so far).
            let (r, c, t) = if rows <= cols {
                (rows, cols, false)
            } else {
                (cols, rows, true)
            };
            let at = |i: usize, j: usize| {
                if t {
                    data[j * cols + i]
                } else {
                    data[i * cols + j]
                }
            };
            let mut chosen: Vec<usize> = Vec::new();
            used.resize(c, false);
            while let Some((i, j, cost)) = stack.pop() {
                if i == r {
                    best = best.min(cost);
                    if let Some(k) = chosen.pop() {
                        used[k] = false;
                    }
                    continue;
                }
                if j >= c {
                    if let Some(k) = chosen.pop() {
                        used[k] = false;
                    }
                    continue;
                }
                stack.push((i, j + 1, cost));
                if !used[j] {
                    used[j] = true;
                    chosen.push(j);
                    stack.push((i + 1, 0, cost + at(i, j)));
                }
            }
            if r == 0 {
                best = 0.0;
            }
            let got = s.total_cost();
            assert!(
                (got - best).abs() <= 1e-12 * best.abs(),
                "{rows}x{cols}: {got} vs {best}"
            );
        }
    }
}

#[test]
fn narrower_types() {
    let m32 = CostMatrix::from_rows(vec![
        vec![i32::MAX, i32::MIN, 0],
        vec![i32::MIN, i32::MAX, 1],
    ])
    .unwrap();
    let s = linear_sum_assignment(&m32).unwrap();
    s.verify(&m32).unwrap();
    assert_eq!(s.total_cost(), 2 * i64::from(i32::MIN));
    let f = CostMatrix::from_rows(vec![vec![1.5f32, f32::INFINITY], vec![0.25, 2.0]]).unwrap();
    let s = linear_sum_assignment(&f).unwrap();
    s.verify(&f).unwrap();
    assert_eq!(s.total_cost(), 3.5);
}

#[test]
fn bad_input_is_an_error_naming_the_entry() {
    let m = CostMatrix::from_rows(vec![vec![1.0, f64::NAN]]).unwrap();
    assert!(matches!(
        linear_sum_assignment(&m),
        Err(Error::BadCost { row: 0, col: 1, .. })
    ));
    let m = CostMatrix::from_rows(vec![vec![1.0], vec![f64::NEG_INFINITY]]).unwrap();
    assert!(matches!(
        linear_sum_assignment(&m),
        Err(Error::BadCost { row: 1, col: 0, .. })
    ));
    let m = CostMatrix::from_rows(vec![vec![1.0], vec![f64::INFINITY]]).unwrap();
    assert!(matches!(
        Assignment::new(&m).maximize().solve(),
        Err(Error::BadCost { row: 1, col: 0, .. })
    ));
    assert!(matches!(
        Assignment::new(&m).unmatched_cost(f64::NAN).solve(),
        Err(Error::BadUnmatchedCost { .. })
    ));
    assert!(matches!(
        CostMatrix::new(2, 2, vec![1, 2, 3]),
        Err(Error::ShapeMismatch { .. })
    ));
    assert!(matches!(
        CostMatrix::from_rows(vec![vec![1, 2], vec![3]]),
        Err(Error::RaggedRow { row: 1, .. })
    ));
    let dup = WeightedBipartite::from_edges(2, 2, [(0, 0, 1), (1, 1, 2), (0, 0, 3)]);
    assert!(matches!(
        dup,
        Err(Error::DuplicateEdge {
            position: 2,
            first: 0,
            row: 0,
            col: 0,
            ..
        })
    ));
    let out = WeightedBipartite::from_edges(2, 2, [(0, 0, 1), (0, 2, 2)]);
    assert!(matches!(
        out,
        Err(Error::EndpointOutOfRange {
            position: 1,
            side: Side::Right,
            value: 2,
            ..
        })
    ));
    let huge = CostMatrix::from_rows(vec![vec![f64::MAX, 1.0], vec![1.0, -f64::MAX]]).unwrap();
    assert!(matches!(
        linear_sum_assignment(&huge),
        Err(Error::FloatRange { .. })
    ));
    let g = WeightedBipartite::from_edges(1, 1, [(0, 0, 1e307)]).unwrap();
    assert!(matches!(
        min_cost_matching(&g),
        Err(Error::FloatRange { .. })
    ));
    let inf = WeightedBipartite::from_edges(1, 1, [(0, 0, f64::INFINITY)]);
    assert!(matches!(inf, Err(Error::BadCost { .. })));
}

#[test]
fn verify_rejects_wrong_certificates() {
    let m = CostMatrix::from_rows(vec![vec![4, 1, 3], vec![2, 0, 5], vec![3, 2, 2]]).unwrap();
    let s = linear_sum_assignment(&m).unwrap();
    s.verify(&m).unwrap();
    // Another instance of the same shape: the certificate fails.
    let other = CostMatrix::from_rows(vec![vec![4, 1, 3], vec![2, 0, 5], vec![3, 2, 1]]).unwrap();
    assert!(matches!(
        s.verify(&other),
        Err(Error::CertificateInvalid { .. })
    ));
    let wrong_shape = CostMatrix::from_rows(vec![vec![4, 1, 3]]).unwrap();
    assert!(matches!(
        s.verify(&wrong_shape),
        Err(Error::SizeMismatch { .. })
    ));
}

/// Sizes where the sparse solver picks its engines: sparse square integer
/// problems go to cost scaling, those of more than 192 entries a row to
/// shortest paths, and the
/// Machol–Wien matrix c(i, j) = i · j hands over from shortest paths to
/// cost scaling when its searches run long. Every answer is checked
/// against the dense solver and by its certificate, minimising and
/// maximising, with and without a perfect matching.
#[test]
fn sparse_engines_agree_with_dense_at_scale() {
    let mut rng = Rng::new(11);
    type Entries = Vec<(usize, usize, i64)>;
    let mut cases: Vec<(usize, usize, Entries)> = Vec::new();
    for n in [40, 120, 300] {
        for (deg, span, lo) in [(6, 1000, 1), (12, 3, 0), (30, 2_000_000, -1_000_000)] {
            let mut edges = Vec::new();
            let mut perm: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut perm);
            let holes = n == 120 && deg == 12;
            for (i, &p) in perm.iter().enumerate() {
                let mut cols: Vec<usize> = (0..deg).map(|_| rng.below(n)).collect();
                if !holes {
                    cols.push(p);
                }
                cols.sort_unstable();
                cols.dedup();
                for j in cols {
                    edges.push((i, j, lo + rng.below(span) as i64));
                }
            }
            cases.push((n, n, edges));
        }
    }
    // Rows of about 250 random entries (past the degree where the start's
    // free share hands over): the searches keep them.
    for (n, deg) in [(400, 400)] {
        let mut perm: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut perm);
        let mut edges = Vec::new();
        for (i, &p) in perm.iter().enumerate() {
            let mut cols: Vec<usize> = (0..deg).map(|_| rng.below(n)).collect();
            cols.push(p);
            cols.sort_unstable();
            cols.dedup();
            edges.extend(cols.into_iter().map(|j| (i, j, 1 + rng.below(1000) as i64)));
        }
        cases.push((n, n, edges));
    }
    for n in [40, 260] {
        let machol = (0..n)
            .flat_map(|i| (0..n).map(move |j| (i, j, ((i + 1) * (j + 1)) as i64)))
            .collect();
        cases.push((n, n, machol));
    }
    for (rows, cols, edges) in cases {
        let g = WeightedBipartite::from_edges(rows, cols, edges.clone()).unwrap();
        let mut dense = vec![f64::INFINITY; rows * cols];
        for &(i, j, w) in &edges {
            dense[i * cols + j] = w as f64;
        }
        for maximize in [false, true] {
            let (mut q, sign) = (MinCostMatching::new(&g), if maximize { -1.0 } else { 1.0 });
            if maximize {
                q = q.maximize();
            }
            let s = q.solve().unwrap();
            s.verify(&g).unwrap();
            // The dense solver minimises the negated costs when maximising.
            let flipped: Vec<f64> = dense.iter().map(|&x| sign * x).collect();
            let flipped: Vec<f64> = flipped
                .into_iter()
                .map(|x| if x.is_finite() { x } else { f64::INFINITY })
                .collect();
            let m = CostMatrix::new(rows, cols, flipped).unwrap();
            match linear_sum_assignment(&m) {
                Ok(t) => {
                    assert_eq!(
                        sign * t.total_cost(),
                        s.total_cost() as f64,
                        "{rows}x{cols}"
                    );
                    assert_eq!((t.len(), s.len()), (rows, rows));
                }
                Err(_) => assert!(s.len() < rows),
            }
        }
    }
}
