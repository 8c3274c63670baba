//! k-best assignments against brute force on every shape up to 6 × 6:
//! the multiset of the first k costs agrees with the k least of every
//! solution, the solutions are distinct and nondecreasing, and each one
//! passes its certificate on its subproblem.

use crate::common::Rng;

use bimatch::assignment::{
    k_best, CostMatrix, Error, KBest, KBestInput, Solution, WeightedBipartite,
};

/// Every solution's cost (exact), as mates per row: columns, or `None`
/// for unassigned. `full`: the smaller side matched in full (no unmatched
/// cost); else each unassigned row pays `x`.
fn all_solutions(
    rows: usize,
    cols: usize,
    c: &dyn Fn(usize, usize) -> Option<i128>,
    x: Option<i128>,
) -> Vec<(i128, Vec<Option<usize>>)> {
    let mut out = Vec::new();
    let mut used = vec![false; cols];
    let mut mates = vec![None; rows];
    let need = if x.is_some() { 0 } else { rows.min(cols) };
    #[allow(clippy::too_many_arguments)]
    fn go(
        i: usize,
        rows: usize,
        cols: usize,
        c: &dyn Fn(usize, usize) -> Option<i128>,
        x: Option<i128>,
        need: usize,
        pairs: usize,
        cost: i128,
        used: &mut Vec<bool>,
        mates: &mut Vec<Option<usize>>,
        out: &mut Vec<(i128, Vec<Option<usize>>)>,
    ) {
        if i == rows {
            if pairs >= need {
                out.push((cost, mates.clone()));
            }
            return;
        }
        // Leave row i unassigned: with an unmatched cost, or when rows > cols.
        if x.is_some() || pairs + (rows - i - 1) >= need {
            let extra = x.unwrap_or(0);
            go(
                i + 1,
                rows,
                cols,
                c,
                x,
                need,
                pairs,
                cost + extra,
                used,
                mates,
                out,
            );
        }
        for j in 0..cols {
            if used[j] {
                continue;
            }
            if let Some(w) = c(i, j) {
                used[j] = true;
                mates[i] = Some(j);
                go(
                    i + 1,
                    rows,
                    cols,
                    c,
                    x,
                    need,
                    pairs + 1,
                    cost + w,
                    used,
                    mates,
                    out,
                );
                mates[i] = None;
                used[j] = false;
            }
        }
    }
    go(
        0, rows, cols, c, x, need, 0, 0, &mut used, &mut mates, &mut out,
    );
    out
}

/// Checks the first `k` ranked solutions against brute force.
#[allow(clippy::too_many_arguments)]
fn check<I: KBestInput<i64>>(
    inst: &I,
    rows: usize,
    cols: usize,
    c: &dyn Fn(usize, usize) -> Option<i128>,
    x: Option<i64>,
    maximize: bool,
    k: usize,
    what: &str,
) {
    let sign = if maximize { -1 } else { 1 };
    let mut all: Vec<i128> = all_solutions(
        rows,
        cols,
        &|i, j| c(i, j).map(|w| sign * w),
        x.map(|x| sign * i128::from(x)),
    )
    .into_iter()
    .map(|(w, _)| w)
    .collect();
    all.sort_unstable();
    let mut q = KBest::new(inst, k);
    if maximize {
        q = q.maximize();
    }
    if let Some(x) = x {
        q = q.unmatched_cost(x);
    }
    let got = match q.solve() {
        Ok(it) => it.collect::<Result<Vec<Solution<i64>>, Error>>().unwrap(),
        Err(Error::Infeasible { .. }) => {
            assert!(
                all.is_empty(),
                "{what}: infeasible, but {} solutions exist",
                all.len()
            );
            return;
        }
        Err(e) => panic!("{what}: {e}"),
    };
    let want: Vec<i128> = all.iter().take(k).copied().collect();
    assert_eq!(got.len(), want.len(), "{what}: how many");
    let mut costs: Vec<i128> = Vec::new();
    let mut seen: Vec<Vec<Option<usize>>> = Vec::new();
    for s in &got {
        s.verify(inst)
            .unwrap_or_else(|e| panic!("{what}: {e}\n{s:?}"));
        // The reported total is the cost of the pairs (and unassigned rows).
        let mut t: i128 = 0;
        for (i, j) in s.pairs() {
            t += c(i, j).expect("an allowed pair");
        }
        if let Some(x) = x {
            t += i128::from(x) * (rows - s.len()) as i128;
        }
        assert_eq!(i128::from(s.total_cost()), t, "{what}");
        if x.is_none() {
            assert_eq!(s.len(), rows.min(cols), "{what}");
        }
        costs.push(sign * t);
        let m = s.row_to_col().collect::<Vec<_>>();
        assert!(!seen.contains(&m), "{what}: a repeated solution {m:?}");
        seen.push(m);
    }
    assert!(
        costs.windows(2).all(|w| w[0] <= w[1]),
        "{what}: order {costs:?}"
    );
    let mut sorted = costs.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, want, "{what}");
}

#[test]
fn dense_agrees_with_brute_force() {
    let mut rng = Rng::new(0x6b62);
    for rows in 0..=6 {
        for cols in 0..=6 {
            let reps = if rows * cols >= 25 { 2 } else { 5 };
            for rep in 0..reps {
                // Small ranges for many ties; some forbidden entries.
                let hi = [3u64, 10, 1000][rep % 3];
                let forbid = rep % 2 == 1;
                let data: Vec<Option<i64>> = (0..rows * cols)
                    .map(|_| {
                        if forbid && rng.chance(20) {
                            None
                        } else {
                            Some((rng.next() % hi) as i64 - (hi as i64) / 3)
                        }
                    })
                    .collect();
                let c = |i: usize, j: usize| data[i * cols + j].map(i128::from);
                let floats: Vec<f64> = data
                    .iter()
                    .map(|w| w.map_or(f64::INFINITY, |w| w as f64))
                    .collect();
                let fm = CostMatrix::new(rows, cols, floats).unwrap();
                for maximize in [false, true] {
                    let ints: Vec<i64> = data
                        .iter()
                        .map(|w| w.unwrap_or(if maximize { i64::MIN } else { i64::MAX }))
                        .collect();
                    // Forbidden entries: integers cannot say it, so only the
                    // matrices without them run as integers.
                    if !forbid {
                        let m = CostMatrix::new(rows, cols, ints).unwrap();
                        for x in [None, Some(1), Some(-1)] {
                            let what = format!("{rows}x{cols} rep {rep} max {maximize} x {x:?}");
                            check(&m, rows, cols, &c, x, maximize, 25, &what);
                        }
                    }
                    // Floats with forbidden entries: the costs as floats.
                    let fm = if maximize {
                        CostMatrix::new(
                            rows,
                            cols,
                            fm.as_slice()
                                .iter()
                                .map(|&w| {
                                    if w.is_infinite() {
                                        f64::NEG_INFINITY
                                    } else {
                                        w
                                    }
                                })
                                .collect(),
                        )
                        .unwrap()
                    } else {
                        fm.clone()
                    };
                    check_float(&fm, rows, cols, &c, maximize, 25);
                }
            }
        }
    }
}

/// The float version: costs compared as integers (they are small integers).
fn check_float(
    m: &CostMatrix<f64>,
    rows: usize,
    cols: usize,
    c: &dyn Fn(usize, usize) -> Option<i128>,
    maximize: bool,
    k: usize,
) {
    let sign = if maximize { -1 } else { 1 };
    let mut all: Vec<i128> = all_solutions(rows, cols, &|i, j| c(i, j).map(|w| sign * w), None)
        .into_iter()
        .map(|(w, _)| w)
        .collect();
    all.sort_unstable();
    let q = KBest::new(m, k);
    let q = if maximize { q.maximize() } else { q };
    let got: Vec<Solution<f64>> = match q.solve() {
        Ok(it) => it.collect::<Result<_, _>>().unwrap(),
        Err(Error::Infeasible { .. }) => {
            assert!(all.is_empty());
            return;
        }
        Err(e) => panic!("{e}"),
    };
    let mut costs: Vec<i128> = got
        .iter()
        .map(|s| {
            s.verify(m).unwrap();
            sign * (s.total_cost().round() as i128)
        })
        .collect();
    assert!(costs.windows(2).all(|w| w[0] <= w[1]));
    costs.sort_unstable();
    let want: Vec<i128> = all.into_iter().take(k).collect();
    assert_eq!(costs, want, "floats {rows}x{cols} max {maximize}");
}

#[test]
fn sparse_agrees_with_brute_force() {
    let mut rng = Rng::new(0x5b);
    for rows in 0..=6 {
        for cols in 0..=6 {
            for rep in 0..4 {
                let density = [30, 60, 90, 100][rep];
                let mut edges = Vec::new();
                let mut data = vec![None; rows * cols];
                for i in 0..rows {
                    for j in 0..cols {
                        if rng.chance(density) {
                            let w = (rng.next() % 7) as i64 - 2;
                            edges.push((i, j, w));
                            data[i * cols + j] = Some(w);
                        }
                    }
                }
                let g = WeightedBipartite::from_edges(rows, cols, &edges).unwrap();
                let c = |i: usize, j: usize| data[i * cols + j].map(i128::from);
                for maximize in [false, true] {
                    for x in [None, Some(2)] {
                        let what = format!("sparse {rows}x{cols} rep {rep} max {maximize} x {x:?}");
                        check(&g, rows, cols, &c, x, maximize, 30, &what);
                    }
                }
            }
        }
    }
}

#[test]
fn every_solution_when_k_is_large() {
    // 4 × 4 has 24 permutations: asking for 100 gives all of them.
    let c = CostMatrix::from_rows([[1i64, 2, 3, 4], [2, 4, 6, 8], [3, 6, 9, 12], [4, 8, 12, 16]])
        .unwrap();
    let all: Vec<_> = k_best(&c, 100).unwrap().collect::<Result<_, _>>().unwrap();
    assert_eq!(all.len(), 24);
    assert_eq!(k_best(&c, 0).unwrap().count(), 0);
    let ranked = k_best(&c, 2).unwrap();
    assert_eq!(ranked.count(), 2);
    // The first is the ordinary optimum, with an empty subproblem.
    let first = &all[0];
    let sub = first.subproblem().unwrap();
    assert_eq!((sub.forced().len(), sub.excluded().len()), (0, 0));
    // Every later one is optimal only in its subproblem.
    for s in &all[1..] {
        s.verify(&c).unwrap();
        assert!(s.subproblem().unwrap().excluded().len() >= 1);
    }
}

#[test]
fn infeasible_is_an_error() {
    let c = CostMatrix::from_rows([[1.0, f64::INFINITY], [2.0, f64::INFINITY]]).unwrap();
    assert!(matches!(k_best(&c, 3), Err(Error::Infeasible { .. })));
    let g = WeightedBipartite::from_edges(2, 2, [(0, 0, 1i64), (1, 0, 1)]).unwrap();
    assert!(matches!(k_best(&g, 3), Err(Error::Infeasible { .. })));
    // With an unmatched cost every instance has solutions.
    let n = KBest::new(&g, 10)
        .unmatched_cost(5)
        .solve()
        .unwrap()
        .count();
    assert_eq!(n, 3);
}

#[test]
fn larger_instances_verify_and_agree_with_the_optimum() {
    let mut rng = Rng::new(7);
    for (rows, cols) in [(30, 30), (20, 45), (45, 20)] {
        let data: Vec<f64> = (0..rows * cols)
            .map(|_| (rng.next() % 1_000_000) as f64 / 7.0)
            .collect();
        let m = CostMatrix::new(rows, cols, data).unwrap();
        let best = bimatch::assignment::linear_sum_assignment(&m).unwrap();
        let got: Vec<_> = k_best(&m, 40).unwrap().collect::<Result<_, _>>().unwrap();
        assert_eq!(got.len(), 40);
        assert!((got[0].total_cost() - best.total_cost()).abs() < 1e-6);
        let mut seen = Vec::new();
        for w in got.windows(2) {
            assert!(w[0].total_cost() <= w[1].total_cost() + 1e-9);
        }
        for s in &got {
            s.verify(&m).unwrap();
            let mates: Vec<_> = s.row_to_col().collect();
            assert!(!seen.contains(&mates));
            seen.push(mates);
        }
        for x in [500.0, 50000.0] {
            let got: Vec<_> = KBest::new(&m, 30)
                .unmatched_cost(x)
                .maximize()
                .solve()
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            for s in &got {
                s.verify(&m).unwrap();
            }
            assert!(got
                .windows(2)
                .all(|w| w[0].total_cost() >= w[1].total_cost() - 1e-9));
        }
    }
}
