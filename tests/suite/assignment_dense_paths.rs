//! The dense solver's input paths (borrowed, copied, negated, transposed in
//! blocks, narrower types) against the sparse solver, and the certificate
//! check's integer fast path against exact `i128` arithmetic.

use crate::common;

use bimatch::assignment::{
    linear_sum_assignment, Assignment, Cost, CostMatrix, Error, MinCostMatching, Solution,
    WeightedBipartite,
};
use common::Rng;

/// A `rows × cols` matrix with about `percent`% forbidden (`+∞`, or `−∞`
/// when maximising) entries off a planted full assignment, costs in
/// `0..range`.
fn planted(rng: &mut Rng, rows: usize, cols: usize, percent: usize, range: usize) -> Vec<f64> {
    let mut c: Vec<f64> = (0..rows * cols)
        .map(|_| {
            if rng.chance(percent) {
                f64::INFINITY
            } else {
                rng.below(range) as f64
            }
        })
        .collect();
    let mut perm: Vec<usize> = (0..rows.max(cols)).collect();
    rng.shuffle(&mut perm);
    for (k, &x) in perm.iter().enumerate().take(rows.min(cols)) {
        let (i, j) = if rows <= cols { (k, x) } else { (x, k) };
        c[i * cols + j] = rng.below(range) as f64;
    }
    c
}

/// The dense optimum of `c` (minimising, or maximising over the negated
/// costs) against the sparse solver on the allowed entries, with both
/// certificates; in `f64`, `f32`, `i64` and `i32`.
fn agree(c: &[f64], rows: usize, cols: usize, maximize: bool) {
    let sign = if maximize { -1.0 } else { 1.0 };
    let costs: Vec<f64> = c.iter().map(|&x| sign * x).collect();
    let edges: Vec<(usize, usize, i64)> = (0..rows * cols)
        .filter(|&k| c[k].is_finite())
        .map(|k| (k / cols, k % cols, (sign * c[k]) as i64))
        .collect();
    let g = WeightedBipartite::from_edges(rows, cols, edges).unwrap();
    let sparse = if maximize {
        MinCostMatching::new(&g).maximize().perfect().solve()
    } else {
        MinCostMatching::new(&g).perfect().solve()
    };
    let sparse = sparse.unwrap();
    sparse.verify(&g).unwrap();
    let want = sparse.total_cost();
    let f = CostMatrix::new(rows, cols, costs.clone()).unwrap();
    let f32s = CostMatrix::new(rows, cols, costs.iter().map(|&x| x as f32).collect()).unwrap();
    let total = verified(&f, maximize).total_cost();
    assert_eq!(total, want as f64, "{rows} x {cols}, maximise {maximize}");
    assert_eq!(verified(&f32s, maximize).total_cost(), want as f64);
    if c.iter().all(|x| x.is_finite()) {
        let ints: Vec<i64> = costs.iter().map(|&x| x as i64).collect();
        let m = CostMatrix::new(rows, cols, ints.clone()).unwrap();
        let m32 = CostMatrix::new(rows, cols, ints.iter().map(|&x| x as i32).collect()).unwrap();
        for total in [int_total(&m, maximize), int_total(&m32, maximize)] {
            assert_eq!(total, want);
        }
    }
}

fn int_total<C: Cost<Scalar = i64>>(m: &CostMatrix<C>, maximize: bool) -> i64 {
    verified(m, maximize).total_cost()
}

/// The integer costs `c` with a half added to each (float potentials)
/// solve to half the cost of twice them plus one, as integers.
fn halves_agree(c: &[f64], rows: usize, cols: usize, maximize: bool) {
    let halves: Vec<f64> = c.iter().map(|&x| x + 0.5).collect();
    let twice: Vec<i64> = halves.iter().map(|&x| (2.0 * x) as i64).collect();
    let m = CostMatrix::new(rows, cols, halves).unwrap();
    let s = verified(&m, maximize);
    let t = int_total(&CostMatrix::new(rows, cols, twice).unwrap(), maximize);
    assert_eq!(
        2.0 * s.total_cost(),
        t as f64,
        "{rows} x {cols}, maximise {maximize}"
    );
}

/// The dense solver's answer on `m`, minimising or maximising, verified.
fn verified<C: Cost>(m: &CostMatrix<C>, maximize: bool) -> Solution<C> {
    let s = if maximize {
        Assignment::new(m).maximize().solve()
    } else {
        Assignment::new(m).solve()
    }
    .unwrap();
    s.verify(m).unwrap();
    s
}

#[test]
fn every_input_path_agrees_with_the_sparse_solver() {
    let mut rng = Rng::new(31);
    // Sides off and on the transposition's block size, square, wide, tall.
    for &(rows, cols) in &[
        (1, 1),
        (3, 70),
        (70, 3),
        (33, 33),
        (45, 70),
        (70, 45),
        (97, 33),
        (64, 96),
    ] {
        for &(percent, range) in &[(0, 2), (0, 1000), (50, 1000), (80, 4)] {
            let c = planted(&mut rng, rows, cols, percent, range);
            agree(&c, rows, cols, false);
            agree(&c, rows, cols, true);
        }
    }
}

#[test]
fn rows_full_of_ties_agree_with_the_sparse_solver() {
    // Costs in a small range: many entries of a row tie at its least, and
    // the start matches them (in full, or in part beside rows without
    // ties); some forbidden; square, wide, tall.
    let mut rng = Rng::new(47);
    for &(rows, cols) in &[(260, 260), (200, 400), (400, 200)] {
        for &(percent, range) in &[(0, 2), (0, 5), (0, 100), (30, 3), (90, 2)] {
            let c = planted(&mut rng, rows, cols, percent, range);
            agree(&c, rows, cols, false);
            agree(&c, rows, cols, true);
        }
        // Half the rows c(i, j) = i · j (no ties), half in {0, 1}.
        let mut c = planted(&mut rng, rows, cols, 0, 2);
        for i in 0..rows / 2 {
            for j in 0..cols {
                c[i * cols + j] = ((i + 1) * (j + 1)) as f64;
            }
        }
        agree(&c, rows, cols, false);
        agree(&c, rows, cols, true);
    }
}

#[test]
fn large_random_squares_from_the_sparse_first_try_agree() {
    // Square and past the sparse first try's size (1031 rows: not a whole
    // number of its blocks): rows that prefer different columns, where the
    // dense searches start from the optimum of each row's cheapest entries
    // and its diagonal, with the rows that fail its check set free.
    let n = 1031;
    let mut rng = Rng::new(59);
    // Integers in [0, 10^6); in [0, n) with 30 % forbidden off a planted
    // assignment; forbidden diagonal.
    let wide = planted(&mut rng, n, n, 0, 1_000_000);
    agree(&wide, n, n, false);
    agree(&wide, n, n, true);
    agree(&planted(&mut rng, n, n, 30, n), n, n, false);
    let mut off = planted(&mut rng, n, n, 0, n);
    for i in 0..n {
        off[i * n + (i * 7 + 3) % n] = rng.below(n) as f64;
        off[i * n + i] = f64::INFINITY;
    }
    agree(&off, n, n, false);
    // One row in fifty a near copy of the first: they share their
    // cheapest columns, so the cut problem moves some of them off their
    // least reduced cost, the check frees them, and the cut is solved
    // again with more entries in their rows.
    let mut shared = planted(&mut rng, n, n, 0, 1_000_000);
    let model: Vec<f64> = shared[..n].to_vec();
    for i in (7..n).step_by(50) {
        for j in 0..n {
            shared[i * n + j] = model[j] + rng.below(1000) as f64;
        }
    }
    agree(&shared, n, n, false);
    agree(&shared, n, n, true);
    // Two rows whose only allowed entries share one column: no complete
    // assignment, and the error names them.
    let mut stuck = planted(&mut rng, n, n, 0, 1_000_000);
    for i in [5, 900] {
        for j in 0..n {
            stuck[i * n + j] = if j == 17 { 1.0 } else { f64::INFINITY };
        }
    }
    let m = CostMatrix::new(n, n, stuck).unwrap();
    match Assignment::new(&m).solve() {
        Err(Error::Infeasible {
            members,
            neighbours,
            ..
        }) => {
            assert_eq!(members, [5, 900]);
            assert_eq!(neighbours, [17]);
        }
        other => panic!("expected Infeasible, got {other:?}"),
    }
}

#[test]
fn a_bad_entry_of_a_tall_matrix_is_named_row_by_row() {
    let mut c = vec![1.0; 70 * 40];
    c[65 * 40 + 3] = f64::NAN;
    c[66 * 40 + 1] = f64::NEG_INFINITY;
    let m = CostMatrix::new(70, 40, c).unwrap();
    assert!(matches!(
        linear_sum_assignment(&m),
        Err(Error::BadCost {
            row: 65,
            col: 3,
            ..
        })
    ));
    let mut c = vec![1.0; 70 * 40];
    c[69 * 40 + 39] = f64::INFINITY;
    let m = CostMatrix::new(70, 40, c).unwrap();
    assert!(matches!(
        Assignment::new(&m).maximize().solve(),
        Err(Error::BadCost {
            row: 69,
            col: 39,
            ..
        })
    ));
}

/// `x − u − v ≥ 0` (or `≤ 0` when maximising) for every entry, in `i128`.
fn exact(row: &[i64], u: i64, v: &[i64], maximize: bool) -> bool {
    row.iter().zip(v).all(|(&x, &vj)| {
        let r = i128::from(x) - i128::from(u) - i128::from(vj);
        if maximize {
            r <= 0
        } else {
            r >= 0
        }
    })
}

#[test]
fn the_integer_feasibility_pass_is_exact_at_every_magnitude() {
    let mut rng = Rng::new(32);
    let scales: [i64; 6] = [100, 1 << 40, 1 << 61, (1 << 62) - 1, 1 << 62, i64::MAX];
    for _ in 0..4000 {
        let len = 1 + rng.below(9);
        let pick = |rng: &mut Rng| {
            let s = scales[rng.below(scales.len())];
            let x = (rng.next() % (s as u64)) as i64;
            match rng.below(8) {
                0 => s,
                1 => -s,
                2 => i64::MIN,
                _ if rng.chance(50) => -x,
                _ => x,
            }
        };
        let u = pick(&mut rng);
        let v: Vec<i64> = (0..len).map(|_| pick(&mut rng)).collect();
        // Entries near u + v[j], so that both answers occur.
        let row: Vec<i64> = (0..len)
            .map(|j| {
                if rng.chance(70) {
                    let near = i128::from(u) + i128::from(v[j]) + rng.below(5) as i128 - 2;
                    near.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
                } else {
                    pick(&mut rng)
                }
            })
            .collect();
        for maximize in [false, true] {
            assert_eq!(
                <i64 as Cost>::row_plainly_feasible(&row, u, &v, maximize),
                exact(&row, u, &v, maximize),
                "row {row:?}, u {u}, v {v:?}, maximise {maximize}"
            );
        }
    }
}

#[test]
fn long_float_searches_reach_the_known_optimum() {
    // Machol–Wien costs (i + 1)(j + 1): the optimum pairs row i with column
    // n − 1 − i, and most searches grow over many rows. At n = 300 the
    // integer searches run past their budget and cost scaling takes over,
    // minimising and maximising (whose optimum is the diagonal).
    for n in [20, 60, 300] {
        let c: Vec<f64> = (0..n * n)
            .map(|k| ((k / n + 1) * (k % n + 1)) as f64)
            .collect();
        let m = CostMatrix::new(n, n, c).unwrap();
        let s = linear_sum_assignment(&m).unwrap();
        s.verify(&m).unwrap();
        let want: usize = (1..=n).map(|i| i * (n + 1 - i)).sum();
        assert_eq!(s.total_cost(), want as f64);
        let ints = CostMatrix::new(n, n, m.as_slice().iter().map(|&x| x as i64).collect()).unwrap();
        let t = linear_sum_assignment(&ints).unwrap();
        t.verify(&ints).unwrap();
        assert_eq!(t.total_cost(), want as i64);
        let best = Assignment::new(&ints).maximize().solve().unwrap();
        best.verify(&ints).unwrap();
        let diagonal: usize = (1..=n).map(|i| i * i).sum();
        assert_eq!(best.total_cost(), diagonal as i64);
    }
}

#[test]
fn wide_rows_whose_cheapest_columns_collide_reach_the_diagonal() {
    // Row i cheap on columns 0..=i alone (integers in [0, 10), the rest
    // 1000 dearer): the optimum is the diagonal. The rows' cheapest columns
    // collide, and the wide start's matching of the tied entries leaves
    // rows free for the searches.
    let mut rng = Rng::new(59);
    for &(rows, cols) in &[(260, 400), (300, 310), (120, 500), (300, 300), (394, 394)] {
        let c: Vec<f64> = (0..rows * cols)
            .map(|k| rng.below(10) as f64 + if k % cols > k / cols { 1000.0 } else { 0.0 })
            .collect();
        let diagonal: f64 = (0..rows).map(|i| c[i * cols + i]).sum();
        let ints: Vec<i64> = c.iter().map(|&x| x as i64).collect();
        let m = CostMatrix::new(rows, cols, ints).unwrap();
        assert_eq!(int_total(&m, false) as f64, diagonal, "{rows} x {cols}");
        agree(&c, rows, cols, false);
        agree(&c, rows, cols, true);
        // Maximising these costs (`agree` negates them back): the rows'
        // dearest entries tie, and the engine's costs are negative.
        let negated: Vec<f64> = c.iter().map(|&x| -x).collect();
        agree(&negated, rows, cols, true);
    }
    // A row with no allowed entry among rows of ties: the start leaves it
    // free, and the searches name it.
    let (rows, cols) = (300, 400);
    let mut c: Vec<f64> = (0..rows * cols).map(|_| rng.below(3) as f64).collect();
    c[77 * cols..78 * cols].fill(f64::INFINITY);
    let m = CostMatrix::new(rows, cols, c).unwrap();
    match Assignment::new(&m).solve() {
        Err(Error::Infeasible { members, .. }) => assert_eq!(members, [77]),
        other => panic!("expected the row to be named, got {other:?}"),
    }
}

#[test]
fn tied_triangles_and_products_modulo_n_agree_with_the_sparse_solver() {
    // Where the integer searches run phases from every free row at once
    // (on five of these six, measured): costs in [0, 10) on one side of the
    // diagonal and 1000 on the other, wide and square, and i · j mod n.
    let mut rng = Rng::new(83);
    for &(shape, rows, cols, maximize) in &[
        (0, 500, 1000, false),
        (0, 500, 1000, true),
        (1, 900, 900, false),
        (2, 400, 400, false),
        (2, 400, 400, true),
        (2, 500, 500, false),
    ] {
        let c: Vec<f64> = (0..rows * cols)
            .map(|k| {
                let (i, j) = (k / cols, k % cols);
                let x = match shape {
                    0 => rng.below(10) + if j > i { 1000 } else { 0 },
                    1 => rng.below(10) + if j < i { 1000 } else { 0 },
                    _ => (i * j) % rows,
                };
                x as f64
            })
            .collect();
        agree(&c, rows, cols, maximize);
    }
}

#[test]
fn wide_rows_offset_by_constants_agree_square_padded_or_not() {
    // A cost per row plus one per column plus small integers, i + j plus
    // small integers, and a cost per column over uniform integers: every
    // search crosses the rows before it, and the engine solves them padded
    // to square by the columns' least costs.
    // Wide, tall and maximised, as integers, as floats of integers, and
    // with a half added to each entry (float potentials, repaired).
    let mut rng = Rng::new(83);
    for &(rows, cols, noise) in &[
        (300, 360, 10),
        (400, 440, 1000),
        (440, 400, 3),
        (260, 520, 10),
    ] {
        let a: Vec<usize> = (0..rows).map(|_| rng.below(1_000_000)).collect();
        let b: Vec<usize> = (0..cols).map(|_| rng.below(1_000_000)).collect();
        let offset: Vec<f64> = (0..rows * cols)
            .map(|k| (a[k / cols] + b[k % cols] + rng.below(noise)) as f64)
            .collect();
        let sum: Vec<f64> = (0..rows * cols)
            .map(|k| (k / cols + k % cols + rng.below(noise)) as f64)
            .collect();
        // A constant per column over uniform integers (not flat reduced).
        let column: Vec<f64> = (0..rows * cols)
            .map(|k| (10 * b[k % cols] + rng.below(1_000_000)) as f64)
            .collect();
        for c in [offset, sum, column] {
            for maximize in [false, true] {
                agree(&c, rows, cols, maximize);
                // Halves: the float engines' potentials, against twice
                // the costs as integers.
                halves_agree(&c, rows, cols, maximize);
            }
        }
    }
}

#[test]
fn rows_that_are_copies_of_few_agree_as_integers_floats_and_halves() {
    // Half the rows one row, ten rows each copied to a tenth of the rows,
    // and (r(i) + j) mod 20 with half the rows in one class: the searches
    // skip a copy of a row they have scanned. Square, wide and tall,
    // minimised and maximised, against the sparse solver, and with a
    // half added to each entry (the float searches) against twice the
    // costs as integers.
    let mut rng = Rng::new(89);
    for &(rows, cols) in &[(520, 520), (600, 600), (520, 600), (600, 520)] {
        let random: Vec<usize> = (0..rows * cols).map(|_| rng.below(1000)).collect();
        let copy = |from: &dyn Fn(usize) -> usize| -> Vec<f64> {
            (0..rows * cols)
                .map(|k| random[from(k / cols) * cols + k % cols] as f64)
                .collect()
        };
        let half = copy(&|i| if i % 2 == 0 { 0 } else { i });
        let tenths = copy(&|i| i % 10);
        let classes: Vec<f64> = (0..rows * cols)
            .map(|k| {
                let (i, j) = (k / cols, k % cols);
                let class = if i % 2 == 0 { 0 } else { i % 20 };
                ((class + j) % 20) as f64
            })
            .collect();
        for c in [half, tenths, classes] {
            for maximize in [false, true] {
                agree(&c, rows, cols, maximize);
                halves_agree(&c, rows, cols, maximize);
            }
        }
    }
}
