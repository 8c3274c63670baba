//! The shapes the assignment API accepts and returns, each against an
//! independent reference: unsigned costs against the same problem in
//! `i64`, borrowed views against owned matrices, SciPy-shaped results and
//! mate arrays against the pairs, iterators' lengths against counts, edge
//! lists of every index type against one another.

use crate::common;

use bimatch::assignment::{
    linear_sum_assignment, max_product_matching, min_cost_matching, Assignment, Cost, CostMatrix,
    Error, MinCostMatching, Solution, WeightedBipartite,
};
use bimatch::Side;
use common::Rng;

/// The pairs, total and mates of a solution, for comparing two of them.
fn summary<C: Cost<Scalar = i64>>(
    s: &Solution<C>,
) -> (Vec<(usize, usize)>, i64, Vec<Option<usize>>) {
    (
        s.pairs().collect(),
        s.total_cost(),
        s.row_to_col().collect(),
    )
}

/// Random costs in `0..hi`.
fn costs(rng: &mut Rng, len: usize, hi: usize) -> Vec<u64> {
    (0..len).map(|_| rng.below(hi) as u64).collect()
}

#[test]
fn unsigned_costs_solve_as_the_same_costs_in_i64() {
    let mut rng = Rng::new(31);
    let mut compared = 0;
    for rows in 1..7 {
        for cols in 1..7 {
            for &hi in &[2usize, 10, 1 << 20, 1 << 31] {
                let raw = costs(&mut rng, rows * cols, hi);
                let signed =
                    CostMatrix::new(rows, cols, raw.iter().map(|&x| x as i64).collect()).unwrap();
                let u64s = CostMatrix::new(rows, cols, raw.clone()).unwrap();
                let u32s =
                    CostMatrix::new(rows, cols, raw.iter().map(|&x| x as u32).collect()).unwrap();
                for maximize in [false, true] {
                    for unmatched in [None, Some(hi as u64 / 2)] {
                        let mut a = Assignment::new(&signed);
                        let mut b = Assignment::new(&u32s);
                        let mut c = Assignment::new(&u64s);
                        if maximize {
                            (a, b, c) = (a.maximize(), b.maximize(), c.maximize());
                        }
                        if let Some(x) = unmatched {
                            a = a.unmatched_cost(x as i64);
                            b = b.unmatched_cost(x as u32);
                            c = c.unmatched_cost(x);
                        }
                        let want = a.solve().unwrap();
                        want.verify(&signed).unwrap();
                        let by_u32 = b.solve().unwrap();
                        by_u32.verify(&u32s).unwrap();
                        let by_u64 = c.solve().unwrap();
                        by_u64.verify(&u64s).unwrap();
                        assert_eq!(summary(&by_u32), summary(&want));
                        assert_eq!(summary(&by_u64), summary(&want));
                        compared += 1;
                    }
                }
                // The sparse solver on the same entries.
                let edges = |m: &CostMatrix<u64>| -> Vec<(usize, usize, u64)> {
                    (0..rows)
                        .flat_map(|i| (0..cols).map(move |j| (i, j)))
                        .map(|(i, j)| (i, j, m.get(i, j)))
                        .collect()
                };
                let g64 = WeightedBipartite::from_edges(rows, cols, edges(&u64s)).unwrap();
                let gi = WeightedBipartite::from_edges(
                    rows,
                    cols,
                    edges(&u64s).into_iter().map(|(i, j, c)| (i, j, c as i64)),
                )
                .unwrap();
                for maximize in [false, true] {
                    let (mut x, mut y) = (MinCostMatching::new(&g64), MinCostMatching::new(&gi));
                    if maximize {
                        (x, y) = (x.maximize(), y.maximize());
                    }
                    let (x, y) = (x.solve().unwrap(), y.solve().unwrap());
                    x.verify(&g64).unwrap();
                    assert_eq!(summary(&x), summary(&y));
                }
            }
        }
    }
    assert!(compared > 500, "{compared}");
}

#[test]
fn unsigned_magnitudes_past_i64_are_refused_with_their_true_value() {
    // 2 x 2: (size + 2) * max must stay at most i64::MAX / 64.
    let limit = (i64::MAX as u128 / 64 / 6) as u64;
    let ok = CostMatrix::new(2, 2, vec![limit, 0, 0, limit]).unwrap();
    let s = linear_sum_assignment(&ok).unwrap();
    assert_eq!(s.total_cost(), 0);
    s.verify(&ok).unwrap();
    let m = Assignment::new(&ok).maximize().solve().unwrap();
    assert_eq!(m.total_cost(), 2 * limit as i64);
    m.verify(&ok).unwrap();
    // Signed entries at the limit whose bits together pass it: the
    // magnitude check reads the largest exactly, and they solve.
    let l = limit as i64;
    let mixed = CostMatrix::new(2, 2, vec![l, -l, l - 1, -(l - 1)]).unwrap();
    let s = linear_sum_assignment(&mixed).unwrap();
    assert_eq!(s.total_cost(), -1);
    s.verify(&mixed).unwrap();
    for big in [limit + 1, i64::MAX as u64, i64::MAX as u64 + 1, u64::MAX] {
        let over = CostMatrix::new(2, 2, vec![big, 0, 0, 1]).unwrap();
        for maximize in [false, true] {
            let mut a = Assignment::new(&over);
            if maximize {
                a = a.maximize();
            }
            match a.solve() {
                Err(Error::Overflow { max_abs, size, .. }) => {
                    assert_eq!((max_abs, size), (u128::from(big), 4), "{big}");
                }
                other => panic!("{big}: {other:?}"),
            }
        }
        let g = WeightedBipartite::from_edges(2, 2, [(0, 0, big), (1, 1, 1)]).unwrap();
        match min_cost_matching(&g) {
            Err(Error::Overflow { max_abs, .. }) => assert_eq!(max_abs, u128::from(big)),
            other => panic!("{big}: {other:?}"),
        }
        // An unmatched cost past the limit is refused the same way (1 x 1:
        // the limit is i64::MAX / 64 / 4).
        let small = CostMatrix::new(1, 1, vec![1u64]).unwrap();
        let refused = Assignment::new(&small).unmatched_cost(big).solve();
        if big <= (i64::MAX as u64) / 64 / 4 {
            refused.unwrap().verify(&small).unwrap();
            continue;
        }
        match refused {
            Err(Error::Overflow { max_abs, .. }) => assert_eq!(max_abs, u128::from(big)),
            other => panic!("{big}: {other:?}"),
        }
    }
}

#[test]
fn a_borrowed_view_solves_as_the_owned_matrix() {
    let mut rng = Rng::new(7);
    for rows in 0..6 {
        for cols in 0..6 {
            let data: Vec<f64> = (0..rows * cols)
                .map(|_| {
                    if rng.chance(10) {
                        f64::INFINITY
                    } else {
                        rng.below(100) as f64 / 4.0
                    }
                })
                .collect();
            let owned = CostMatrix::new(rows, cols, data.clone()).unwrap();
            let view = CostMatrix::borrowed(rows, cols, &data).unwrap();
            let boxed =
                CostMatrix::with_storage(rows, cols, data.clone().into_boxed_slice()).unwrap();
            assert_eq!(view, owned);
            assert_eq!(boxed, owned);
            assert_eq!(owned.as_view(), view);
            assert!(
                std::ptr::eq(view.as_slice(), data.as_slice()),
                "the view copies"
            );
            for unmatched in [None, Some(3.0)] {
                let (mut a, mut b) = (Assignment::new(&owned), Assignment::new(&view));
                if let Some(x) = unmatched {
                    (a, b) = (a.unmatched_cost(x), b.unmatched_cost(x));
                }
                match (a.solve(), b.solve()) {
                    (Ok(x), Ok(y)) => {
                        y.verify(&view).unwrap();
                        y.verify(&owned).unwrap();
                        assert_eq!(x, y);
                    }
                    (Err(x), Err(y)) => assert_eq!(x, y),
                    (x, y) => panic!("{rows} x {cols}: {x:?} vs {y:?}"),
                }
            }
        }
    }
    // The right shape is still required.
    assert!(matches!(
        CostMatrix::borrowed(2, 2, &[1, 2, 3]),
        Err(Error::ShapeMismatch {
            expected: 4,
            found: 3,
            ..
        })
    ));
}

#[test]
fn rows_of_any_shape_build_the_same_matrix() {
    let want = CostMatrix::new(2, 3, vec![1, 2, 3, 4, 5, 6]).unwrap();
    let vecs = vec![vec![1, 2, 3], vec![4, 5, 6]];
    assert_eq!(CostMatrix::from_rows(vecs.clone()).unwrap(), want);
    assert_eq!(CostMatrix::from_rows(&vecs).unwrap(), want);
    assert_eq!(CostMatrix::from_rows([[1, 2, 3], [4, 5, 6]]).unwrap(), want);
    let flat = [1, 2, 3, 4, 5, 6];
    assert_eq!(CostMatrix::from_rows(flat.chunks(3)).unwrap(), want);
    assert!(matches!(
        CostMatrix::from_rows([&[1, 2][..], &[3][..]]),
        Err(Error::RaggedRow {
            row: 1,
            found: 1,
            expected: 2,
            ..
        })
    ));
    let empty = CostMatrix::<i64>::from_rows(Vec::<Vec<i64>>::new()).unwrap();
    assert_eq!(empty, CostMatrix::default());
}

#[test]
fn scipy_indices_and_mates_agree_with_the_pairs() {
    let mut rng = Rng::new(11);
    for rows in 0..7 {
        for cols in 0..7 {
            let data: Vec<i64> = (0..rows * cols).map(|_| rng.below(20) as i64).collect();
            let m = CostMatrix::new(rows, cols, data).unwrap();
            let s = linear_sum_assignment(&m).unwrap();
            let pairs: Vec<(usize, usize)> = s.pairs().collect();
            let (row_ind, col_ind) = s.row_col_indices();
            assert_eq!(row_ind.len(), rows.min(cols));
            assert!(row_ind.windows(2).all(|w| w[0] < w[1]), "sorted by row");
            let zipped: Vec<(usize, usize)> = row_ind.iter().copied().zip(col_ind).collect();
            assert_eq!(zipped, pairs);
            let by_ref: Vec<(usize, usize)> = (&s).into_iter().collect();
            assert_eq!(by_ref, pairs);
            let left = s.mates(Side::Left);
            let right = s.mates(Side::Right);
            assert_eq!((left.len(), right.len()), (rows, cols));
            for (i, j) in &s {
                assert_eq!((left[i], right[j]), (Some(j), Some(i)));
            }
            assert_eq!(left.iter().flatten().count(), pairs.len());
            assert_eq!(right.iter().flatten().count(), pairs.len());
            // The total is the sum of the entries named by the indices.
            let (row_ind, col_ind) = s.row_col_indices();
            let total: i64 = row_ind
                .iter()
                .zip(&col_ind)
                .map(|(&i, &j)| m.get(i, j))
                .sum();
            assert_eq!(total, s.total_cost());
        }
    }
}

#[test]
fn iterators_know_their_length() {
    let mut rng = Rng::new(3);
    let mut edges = Vec::new();
    for i in 0..9usize {
        for j in 0..7usize {
            if rng.chance(40) {
                edges.push((i, j, rng.below(50) as i64 - 25));
            }
        }
    }
    let g = WeightedBipartite::from_edges(9, 7, &edges).unwrap();
    let mut entries = g.entries();
    assert_eq!(entries.len(), edges.len());
    let mut seen = 0;
    while let Some(_) = entries.next() {
        seen += 1;
        assert_eq!(entries.len(), edges.len() - seen);
    }
    assert_eq!(entries.next(), None);
    assert_eq!((&g).into_iter().len(), g.edge_count());
    for i in 0..9 {
        let want = edges.iter().filter(|e| e.0 == i).count();
        assert_eq!(g.row_entries(i).len(), want);
        assert_eq!(g.row_entries(i).rev().count(), want);
    }
    let s = min_cost_matching(&g).unwrap();
    let mut pairs = s.pairs();
    let n = s.len();
    assert_eq!(pairs.len(), n);
    for k in 1..=n {
        pairs.next().unwrap();
        assert_eq!(pairs.len(), n - k);
    }
    assert_eq!(pairs.next(), None);
    assert_eq!(s.row_to_col().len(), 9);
    assert_eq!(s.col_to_row().len(), 7);
    assert_eq!(s.row_to_col().flatten().count(), n);
    let floats: Vec<(usize, usize, f64)> = edges
        .iter()
        .map(|&(i, j, c)| (i, j, 1.0 + c as f64))
        .collect();
    let a = WeightedBipartite::from_edges(9, 7, floats).unwrap();
    let p = max_product_matching(&a).unwrap();
    assert_eq!(p.pairs().len(), p.len());
    assert_eq!((&p).into_iter().count(), p.len());
    assert_eq!(p.row_col_indices().0.len(), p.len());
}

#[test]
fn edge_lists_of_every_index_type_build_the_same_graph() {
    let by_usize = vec![(0usize, 1usize, 4i64), (1, 0, 2), (1, 2, 7)];
    let want = WeightedBipartite::from_edges(2, 3, by_usize.clone()).unwrap();
    let by_u32: Vec<(u32, u32, i64)> = by_usize
        .iter()
        .map(|&(i, j, c)| (i as u32, j as u32, c))
        .collect();
    assert_eq!(
        WeightedBipartite::from_edges(2, 3, &by_usize).unwrap(),
        want
    );
    assert_eq!(
        WeightedBipartite::from_edges(2, 3, by_u32.clone()).unwrap(),
        want
    );
    assert_eq!(WeightedBipartite::from_edges(2, 3, &by_u32).unwrap(), want);
    assert_eq!(
        WeightedBipartite::from_edges(2, 3, [(0, 1, 4i64), (1, 0, 2), (1, 2, 7)]).unwrap(),
        want
    );
    assert!(matches!(
        WeightedBipartite::from_edges(2, 3, [(0i32, -1i32, 4i64)]),
        Err(Error::NegativeEndpoint {
            position: 0,
            side: Side::Right,
            value: -1,
            ..
        })
    ));
    let e = WeightedBipartite::from_edges(2, 3, [(0, 0, 1i64), (5, 0, 1)]).unwrap_err();
    assert!(matches!(
        e,
        Error::EndpointOutOfRange {
            position: 1,
            side: Side::Left,
            value: 5,
            bound: 2,
            ..
        }
    ));
    assert_eq!(
        e.to_string(),
        "edge 1: row index 5 is out of range (there are 2 rows, indices 0..2)"
    );
    // Repeats: the earliest second occurrence, and the first one.
    let e = WeightedBipartite::from_edges(
        3,
        3,
        [(0, 0, 1i64), (1, 1, 1), (1, 1, 2), (0, 0, 3), (1, 1, 4)],
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            Error::DuplicateEdge {
                position: 2,
                first: 1,
                row: 1,
                col: 1,
                ..
            }
        ),
        "{e:?}"
    );
    let default = WeightedBipartite::<f64>::default();
    assert_eq!(
        (default.rows(), default.cols(), default.edge_count()),
        (0, 0, 0)
    );
    assert_eq!(min_cost_matching(&default).unwrap().len(), 0);
}

#[test]
fn defaults_are_empty_and_their_certificates_hold() {
    let m = CostMatrix::<i64>::default();
    let s = linear_sum_assignment(&m).unwrap();
    assert_eq!(s, Solution::default());
    Solution::<i64>::default().verify(&m).unwrap();
    Solution::<i64>::default()
        .verify(&WeightedBipartite::default())
        .unwrap();
    assert!(Solution::<f64>::default().is_empty());
}

#[test]
fn messages_say_row_and_column() {
    let g = WeightedBipartite::from_edges(3, 3, [(0, 0, 1), (1, 0, 1), (2, 0, 1)]).unwrap();
    let e = MinCostMatching::new(&g).perfect().solve().unwrap_err();
    let Error::Infeasible { side, .. } = &e else {
        panic!("{e:?}")
    };
    assert_eq!(*side, Side::Left);
    assert!(
        e.to_string()
            .contains("the 3 rows [0, 1, 2] can only use the 1 columns [0]"),
        "{e}"
    );
    let e = CostMatrix::<u32>::new(usize::MAX, 1, Vec::new()).unwrap_err();
    assert!(
        matches!(
            e,
            Error::TooLarge {
                side: Side::Left,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains(" rows is too many"), "{e}");
}
