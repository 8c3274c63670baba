//! The assignment solvers on small seeded instances: dense uniform floats
//! and integers (square, wide, tall), Machol–Wien costs, and a sparse
//! uniform graph with 10 entries a row; plus the certificate check. Then
//! the families where an engine rule pays the most, each at two sizes and
//! on several seeds, integers beside the same costs written as floats:
//! dense integers in [0, n) and [0, 10^6), squared Euclidean distances, a
//! sparse Machol–Wien band, sparse nearest neighbours, a staircase, a
//! sparse graph with one hidden perfect matching, and sparse uniform
//! graphs with 5 to 20 entries a row and with 250 to 350 (rows dense
//! enough to keep the searches).
//!
//! `cargo bench -p bimatch-benches --bench assignment` (stable). Instances
//! are generated here, from fixed seeds, without any random-number crate.

use std::time::Duration;

use bimatch::assignment::{
    linear_sum_assignment, min_cost_matching, CostMatrix, WeightedBipartite,
};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};

/// xorshift64*: enough randomness for cost matrices.
mod rng;
use rng::Rng;

fn dense_floats(rows: usize, cols: usize, seed: u64) -> CostMatrix<f64> {
    let mut rng = Rng(seed);
    CostMatrix::new(rows, cols, (0..rows * cols).map(|_| rng.unit()).collect()).unwrap()
}

fn sparse(n: usize, seed: u64) -> WeightedBipartite<i64> {
    let mut rng = Rng(seed);
    let mut edges = Vec::with_capacity(10 * n);
    for i in 0..n {
        let mut cols: Vec<usize> = vec![i];
        while cols.len() < 10 {
            let j = (rng.next() % n as u64) as usize;
            if !cols.contains(&j) {
                cols.push(j);
            }
        }
        edges.extend(
            cols.into_iter()
                .map(|j| (i, j, 1 + (rng.next() % 1000) as i64)),
        );
    }
    WeightedBipartite::from_edges(n, n, edges).unwrap()
}

fn dense(c: &mut Criterion) {
    let mut group = c.benchmark_group("dense");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(800));
    for (rows, cols) in [(200, 200), (200, 400), (400, 200)] {
        let m = dense_floats(rows, cols, 7);
        let id = format!("uniform-{rows}x{cols}");
        group.bench_function(BenchmarkId::new("solve", &id), |b| {
            b.iter(|| linear_sum_assignment(black_box(&m)).unwrap().total_cost())
        });
        let s = linear_sum_assignment(&m).unwrap();
        group.bench_function(BenchmarkId::new("verify", &id), |b| {
            b.iter(|| s.verify(black_box(&m)).unwrap())
        });
    }
    let n = 200;
    let ints = CostMatrix::new(n, n, {
        let mut rng = Rng(9);
        (0..n * n)
            .map(|_| (rng.next() % 1_000_000) as i64)
            .collect()
    })
    .unwrap();
    group.bench_function("solve/int-1e6-200x200", |b| {
        b.iter(|| {
            linear_sum_assignment(black_box(&ints))
                .unwrap()
                .total_cost()
        })
    });
    let si = linear_sum_assignment(&ints).unwrap();
    group.bench_function("verify/int-1e6-200x200", |b| {
        b.iter(|| si.verify(black_box(&ints)).unwrap())
    });
    let mw = machol_wien(n, n);
    group.bench_function("solve/machol-wien-200x200", |b| {
        b.iter(|| linear_sum_assignment(black_box(&mw)).unwrap().total_cost())
    });
    // Rectangular Machol–Wien (integer searches hand over to float ones),
    // and its rows above half rows of ties in {0, 1000} (handed back).
    let mw_wide = machol_wien(200, 400);
    group.bench_function("solve/machol-wien-200x400", |b| {
        b.iter(|| {
            linear_sum_assignment(black_box(&mw_wide))
                .unwrap()
                .total_cost()
        })
    });
    let mixed = machol_over_ties(n, 21);
    group.bench_function("solve/machol-over-ties-200x200", |b| {
        b.iter(|| {
            linear_sum_assignment(black_box(&mixed))
                .unwrap()
                .total_cost()
        })
    });
    // Square from 256 rows: the searches hand over to cost scaling, whose
    // bids on these rows fall into a price war and decline at its pace.
    let war = machol_over_ties(400, 21);
    group.bench_function("solve/machol-over-ties-400x400", |b| {
        b.iter(|| linear_sum_assignment(black_box(&war)).unwrap().total_cost())
    });
    group.finish();
}

fn sparse_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("sparse");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(800));
    let g = sparse(10_000, 11);
    group.bench_function("solve/uniform-1e4-d10", |b| {
        b.iter(|| min_cost_matching(black_box(&g)).unwrap().total_cost())
    });
    group.finish();
}

/// Machol–Wien costs c(i, j) = (i + 1) · (j + 1), `rows × cols`.
fn machol_wien(rows: usize, cols: usize) -> CostMatrix<i64> {
    CostMatrix::new(
        rows,
        cols,
        (0..rows * cols)
            .map(|k| ((k / cols + 1) * (k % cols + 1)) as i64)
            .collect(),
    )
    .unwrap()
}

/// `n × n`: the first half of the rows Machol–Wien, the rest costs in
/// {0, 1000} drawn from `seed`.
fn machol_over_ties(n: usize, seed: u64) -> CostMatrix<i64> {
    let mut rng = Rng(seed);
    CostMatrix::new(
        n,
        n,
        (0..n * n)
            .map(|k| match k / n < n / 2 {
                true => ((k / n + 1) * (k % n + 1)) as i64,
                false => 1000 * (rng.next() % 2) as i64,
            })
            .collect(),
    )
    .unwrap()
}

/// Dense `n × n` integers in `[0, span)`.
fn dense_ints(n: usize, span: u64, seed: u64) -> CostMatrix<i64> {
    let mut rng = Rng(seed);
    CostMatrix::new(
        n,
        n,
        (0..n * n).map(|_| (rng.next() % span) as i64).collect(),
    )
    .unwrap()
}

/// Dense `n × n` integers in `[0, n)` plus `row · i + col · j`: constants
/// per row and column, which change no assignment's ranking but collapse
/// a start by column reduction on the few cheapest rows.
fn dense_offsets(n: usize, row: i64, col: i64, seed: u64) -> CostMatrix<i64> {
    let mut rng = Rng(seed);
    let mut costs = Vec::with_capacity(n * n);
    for i in 0..n {
        for j in 0..n {
            costs.push((rng.next() % n as u64) as i64 + row * i as i64 + col * j as i64);
        }
    }
    CostMatrix::new(n, n, costs).unwrap()
}

/// Squared distances, rounded to integers, between two sets of `n` random
/// points of a 2^20 square.
fn dense_sqeuclid(n: usize, seed: u64) -> CostMatrix<i64> {
    dense_points::<2>(n, seed, 44, 10)
}

/// Squared distances, rounded to integers, between two sets of `n` random
/// points of a 5-dimensional cube of side 2^16: each row's cheapest
/// columns differ from its neighbours', yet the optimum takes entries far
/// down the rows (the sparse first try gives up after its check's first
/// round).
fn dense_sqeuclid5(n: usize, seed: u64) -> CostMatrix<i64> {
    dense_points::<5>(n, seed, 48, 8)
}

/// Squared distances, rounded to integers, between two sets of `n` random
/// points of a line of length 2^20: a few searches scan most columns, each
/// reading most rows (the float searches' long tail).
fn dense_sqeuclid1(n: usize, seed: u64) -> CostMatrix<i64> {
    dense_points::<1>(n, seed, 44, 10)
}

/// Squared distances between two sets of `n` random points of a
/// `D`-dimensional cube of side `2^(64 − drop)`, shifted right by `shift`.
fn dense_points<const D: usize>(n: usize, seed: u64, drop: u32, shift: u32) -> CostMatrix<i64> {
    let mut rng = Rng(seed);
    let mut point = || -> [i64; D] { std::array::from_fn(|_| (rng.next() >> drop) as i64) };
    let a: Vec<_> = (0..n).map(|_| point()).collect();
    let b: Vec<_> = (0..n).map(|_| point()).collect();
    let c = (0..n * n)
        .map(|k| {
            let (p, q) = (a[k / n], b[k % n]);
            p.iter().zip(&q).map(|(x, y)| (x - y).pow(2)).sum::<i64>() >> shift
        })
        .collect();
    CostMatrix::new(n, n, c).unwrap()
}

/// Uniform integers in [0, 10^6) where one row in fifty is the first row
/// plus noise in [0, 1000): those rows share their cheapest columns, and
/// the sparse first try's check frees most of them.
fn shared_rows(n: usize, seed: u64) -> CostMatrix<i64> {
    let mut rng = Rng(seed);
    let mut c: Vec<i64> = (0..n * n)
        .map(|_| (rng.next() % 1_000_000) as i64)
        .collect();
    for i in (7..n).step_by(50) {
        for j in 0..n {
            c[i * n + j] = c[j] + (rng.next() % 1000) as i64;
        }
    }
    CostMatrix::new(n, n, c).unwrap()
}

/// The same matrix with its costs written as floats.
fn as_floats(m: &CostMatrix<i64>) -> CostMatrix<f64> {
    CostMatrix::new(
        m.rows(),
        m.cols(),
        m.as_slice().iter().map(|&x| x as f64).collect(),
    )
    .unwrap()
}

/// The same graph with its costs written as floats.
fn graph_as_floats(g: &WeightedBipartite<i64>) -> WeightedBipartite<f64> {
    let edges: Vec<_> = g.entries().map(|(i, j, w)| (i, j, w as f64)).collect();
    WeightedBipartite::from_edges(g.rows(), g.cols(), edges).unwrap()
}

/// The same graph with a half added to every cost: not integers, so
/// solved by the float engines (float costs that are all integers are
/// solved as integers).
fn graph_as_fractions(g: &WeightedBipartite<i64>) -> WeightedBipartite<f64> {
    let edges: Vec<_> = g
        .entries()
        .map(|(i, j, w)| (i, j, w as f64 + 0.5))
        .collect();
    WeightedBipartite::from_edges(g.rows(), g.cols(), edges).unwrap()
}

/// `n × n`: every `stride`-th row Machol–Wien, the others costs in
/// {0, 1000} drawn from `seed`. The door of the dense integer searches'
/// early hand-over to floats: a sample of the free rows that misses the
/// tied rows would send these searches, faster in integers, to floats.
fn machol_every(n: usize, stride: usize, seed: u64) -> CostMatrix<i64> {
    let mut rng = Rng(seed);
    CostMatrix::new(
        n,
        n,
        (0..n * n)
            .map(|k| match (k / n).is_multiple_of(stride) {
                true => ((k / n + 1) * (k % n + 1)) as i64,
                false => 1000 * (rng.next() % 2) as i64,
            })
            .collect(),
    )
    .unwrap()
}

/// A sparse Machol–Wien band: c(i, j) = (i + 1)(j + 1) for |i − j| ≤ 5.
fn band(n: usize) -> WeightedBipartite<i64> {
    let e = (0..n).flat_map(|i| {
        (i.saturating_sub(5)..(i + 6).min(n)).map(move |j| (i, j, ((i + 1) * (j + 1)) as i64))
    });
    WeightedBipartite::from_edges(n, n, e.collect::<Vec<_>>()).unwrap()
}

/// Rows and columns two sets of `n` random points of the unit square in
/// a grid of cells; each row joined to the columns of its own and the
/// neighbouring cells (about `k` of them) and to the column of the same
/// rank in row-major cell order, weight the rounded distance times 10^6.
fn knn(n: usize, k: usize, seed: u64) -> WeightedBipartite<i64> {
    let mut rng = Rng(seed);
    let side = ((n as f64 / k as f64 * 9.0).sqrt() as usize).max(1);
    let mut pts = |_| (rng.unit(), rng.unit());
    let a: Vec<(f64, f64)> = (0..n).map(&mut pts).collect();
    let b: Vec<(f64, f64)> = (0..n).map(&mut pts).collect();
    let cell = |p: (f64, f64)| {
        let x = ((p.0 * side as f64) as usize).min(side - 1);
        let y = ((p.1 * side as f64) as usize).min(side - 1);
        (x, y)
    };
    let mut buckets = vec![Vec::new(); side * side];
    for (j, &p) in b.iter().enumerate() {
        let (x, y) = cell(p);
        buckets[y * side + x].push(j);
    }
    let order = |pts: &[(f64, f64)]| {
        let mut o: Vec<usize> = (0..n).collect();
        o.sort_by_key(|&i| {
            let (x, y) = cell(pts[i]);
            (y, if y % 2 == 0 { x } else { side - x })
        });
        o
    };
    let (oa, ob) = (order(&a), order(&b));
    let mut rank = vec![0; n];
    for (r, &i) in oa.iter().enumerate() {
        rank[i] = ob[r];
    }
    let dist = |i: usize, j: usize| {
        let (p, q) = (a[i], b[j]);
        1 + (((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt() * 1e6) as i64
    };
    let mut e = Vec::new();
    for i in 0..n {
        let (x, y) = cell(a[i]);
        let mut cols = vec![rank[i]];
        for yy in y.saturating_sub(1)..(y + 2).min(side) {
            for xx in x.saturating_sub(1)..(x + 2).min(side) {
                cols.extend(&buckets[yy * side + xx]);
            }
        }
        cols.sort_unstable();
        cols.dedup();
        e.extend(cols.into_iter().map(|j| (i, j, dist(i, j))));
    }
    WeightedBipartite::from_edges(n, n, e).unwrap()
}

/// Row i: column i at cost 1, column i + 1 at cost 0.
fn staircase(n: usize) -> WeightedBipartite<i64> {
    let e =
        (0..n).flat_map(|i| std::iter::once((i, i, 1)).chain((i + 1 < n).then_some((i, i + 1, 0))));
    WeightedBipartite::from_edges(n, n, e.collect::<Vec<_>>()).unwrap()
}

/// One perfect matching only: under a hidden permutation p, row i is
/// joined to p(i) and to p(j) for a few random j > i (a triangle), costs
/// in 1..=1000.
fn hidden(n: usize, seed: u64) -> WeightedBipartite<i64> {
    let mut rng = Rng(seed);
    let mut p: Vec<usize> = (0..n).collect();
    for k in (1..n).rev() {
        p.swap(k, (rng.next() % (k as u64 + 1)) as usize);
    }
    let mut e = Vec::new();
    for i in 0..n {
        e.push((i, p[i], 1 + (rng.next() % 1000) as i64));
        for _ in 0..4 {
            if i + 1 < n {
                let j = i + 1 + (rng.next() % (n - i - 1) as u64) as usize;
                e.push((i, p[j], 1 + (rng.next() % 1000) as i64));
            }
        }
    }
    e.sort_unstable_by_key(|&(i, j, _)| (i, j));
    e.dedup_by_key(|x| (x.0, x.1));
    WeightedBipartite::from_edges(n, n, e).unwrap()
}

/// `lo` to `hi` random entries a row (drawn with repetition) plus a hidden
/// permutation, costs in 1..=1000.
fn sparse_spread(n: usize, lo: usize, hi: usize, seed: u64) -> WeightedBipartite<i64> {
    let mut rng = Rng(seed);
    let mut p: Vec<usize> = (0..n).collect();
    for k in (1..n).rev() {
        p.swap(k, (rng.next() % (k as u64 + 1)) as usize);
    }
    let mut e = Vec::new();
    for (i, &hidden) in p.iter().enumerate() {
        let d = lo + (rng.next() % (hi - lo + 1) as u64) as usize;
        let mut cols: Vec<usize> = (0..d).map(|_| (rng.next() % n as u64) as usize).collect();
        cols.push(hidden);
        cols.sort_unstable();
        cols.dedup();
        e.extend(
            cols.into_iter()
                .map(|j| (i, j, 1 + (rng.next() % 1000) as i64)),
        );
    }
    WeightedBipartite::from_edges(n, n, e).unwrap()
}

fn families(c: &mut Criterion) {
    let mut group = c.benchmark_group("families");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(1500));
    let mut dense_pair = |id: String, m: CostMatrix<i64>| {
        group.bench_function(BenchmarkId::new("dense-int", &id), |b| {
            b.iter(|| linear_sum_assignment(black_box(&m)).unwrap().total_cost())
        });
        let f = as_floats(&m);
        group.bench_function(BenchmarkId::new("dense-float", &id), |b| {
            b.iter(|| linear_sum_assignment(black_box(&f)).unwrap().total_cost())
        });
    };
    for n in [500, 1000] {
        for seed in [1, 2, 3] {
            for (name, m) in [
                ("int-n", dense_ints(n, n as u64, seed)),
                ("int-1e6", dense_ints(n, 1_000_000, seed)),
                // Ties everywhere: written as floats, the searches must
                // take a free column at a tie as the integer ones do.
                ("int-100", dense_ints(n, 100, seed)),
                ("sqeuclid", dense_sqeuclid(n, seed)),
            ] {
                dense_pair(format!("{name}-{n}x{n}-s{seed}"), m);
            }
        }
    }
    // The sparse first try's sizes, from its bound of 400 rows up: random
    // rows (it holds), rows that share their cheapest columns (it frees
    // some), points in 2 and 5 dimensions (it gives up), points on a line
    // (long float searches).
    for n in [410, 800, 1100, 2000] {
        for seed in [1, 2] {
            for (name, m) in [
                ("int-1e6", dense_ints(n, 1_000_000, seed)),
                ("shared-rows", shared_rows(n, seed)),
                ("sqeuclid", dense_sqeuclid(n, seed)),
                ("sqeuclid5", dense_sqeuclid5(n, seed)),
                ("sqeuclid1", dense_sqeuclid1(n, seed)),
            ] {
                dense_pair(format!("{name}-{n}x{n}-s{seed}"), m);
            }
        }
    }
    // The searches' hand-over to cost scaling past 700 projected passes:
    // c(i, j) = i · j, whose work ahead projects at about n / 2 passes,
    // from far below the bound to just under and over it, and its rows
    // above rows of ties or of uniform costs near it (integers and the
    // same costs as floats, which never hand over).
    for n in [400, 1000, 1380, 1440] {
        dense_pair(format!("machol-wien-{n}x{n}"), machol_wien(n, n));
    }
    for (n, seed) in [(1400, 1), (1400, 2), (1600, 1)] {
        dense_pair(
            format!("machol-over-ties-{n}x{n}-s{seed}"),
            machol_over_ties(n, seed),
        );
    }
    // Every 8th, 25th or 50th row c(i, j) = i · j, the rest ties: the
    // sample of the free rows must see the ties.
    for (n, stride) in [(400, 8), (400, 25), (800, 50)] {
        dense_pair(
            format!("machol-every-{stride}-{n}x{n}"),
            machol_every(n, stride, 1),
        );
    }
    // Structured integers where lap is ahead or even: |i − j| (each row's
    // least in a column of its own), (i + j) mod 7 and i · j mod n (ties in
    // a pattern), cheap blocks of 20 in dear entries, a dear lower triangle.
    for n in [400, 1200] {
        let mut rng = Rng(5);
        let matrix = |f: &mut dyn FnMut(usize, usize) -> i64| square(n, f);
        let structured = [
            ("toeplitz", matrix(&mut |i, j| i.abs_diff(j) as i64)),
            (
                "toelast",
                matrix(&mut |i, j| {
                    if i == n - 1 && j == 0 {
                        -1
                    } else {
                        i.abs_diff(j) as i64
                    }
                }),
            ),
            (
                "toeearly",
                matrix(&mut |i, j| {
                    if i == 1 && j == 0 {
                        -1
                    } else {
                        i.abs_diff(j) as i64
                    }
                }),
            ),
            ("mod7", matrix(&mut |i, j| ((i + j) % 7) as i64)),
            ("imodn", matrix(&mut |i, j| ((i * j) % n) as i64)),
            (
                "blocks",
                matrix(&mut |i, j| {
                    (rng.next() % 100) as i64 + if i / 20 == j / 20 { 0 } else { 1_000_000 }
                }),
            ),
            (
                "lowtri",
                matrix(&mut |i, j| (rng.next() % 10) as i64 + if j < i { 1000 } else { 0 }),
            ),
        ];
        for (name, m) in structured {
            dense_pair(format!("{name}-{n}x{n}"), m);
        }
    }
    // Wide, a dear upper triangle over integers in [0, 10): row i cheap on
    // columns 0..=i alone, so the optimum is the diagonal and the rows'
    // cheapest columns collide (the wide start's greedy left nine rows in
    // ten free).
    for (n, nc) in [(500, 1000), (1000, 1100)] {
        let mut rng = Rng(13);
        let costs = (0..n * nc)
            .map(|k| (rng.next() % 10) as i64 + if k % nc > k / nc { 1000 } else { 0 })
            .collect();
        dense_pair(
            format!("uptri-{n}x{nc}"),
            CostMatrix::new(n, nc, costs).unwrap(),
        );
    }
    // Doors found by sweeping sizes: a band of cheap integers among dear
    // entries all equal (every row ties at the sparse first try's bar),
    // i + j (every assignment optimal; the column reduction collapses on
    // row 0) and with integers in [0, 10) added, cheap blocks of five,
    // (i + j) mod 31; at 800 rows, under the bound below which rows with
    // few cheap entries are left to the JV start.
    for n in [500, 800, 1100] {
        let mut rng = Rng(17);
        let matrix = |f: &mut dyn FnMut(usize, usize) -> i64| square(n, f);
        let doors = [
            (
                "bandeq",
                matrix(&mut |i, j| {
                    if i.abs_diff(j) <= 5 {
                        (rng.next() % 100) as i64
                    } else {
                        1_000_000
                    }
                }),
            ),
            ("sumij", matrix(&mut |i, j| (i + j) as i64)),
            (
                "sumijn",
                matrix(&mut |i, j| (i + j) as i64 + (rng.next() % 10) as i64),
            ),
            (
                "blocks5",
                matrix(&mut |i, j| {
                    (rng.next() % 100) as i64 + if i / 5 == j / 5 { 0 } else { 1_000_000 }
                }),
            ),
            ("mod31", matrix(&mut |i, j| ((i + j) % 31) as i64)),
        ];
        for (name, m) in doors {
            dense_pair(format!("{name}-{n}x{n}"), m);
        }
    }
    // Nested ties: max(i, j) (row i ties on columns 0..=i, the identity
    // the only optimum) and 1 above the diagonal (zeros on 0..=i), the
    // tight start's door (the entries kept a row leave out the columns few
    // rows reach); and rows offset by constants over binary ties, which
    // the same sample must leave to it.
    for n in [500, 1100] {
        let mut rng = Rng(19);
        let doors = [
            ("maxij", square(n, &mut |i, j| i.max(j) as i64)),
            ("lowzero", square(n, &mut |i, j| i64::from(j > i))),
            (
                "rowoffbin",
                square(n, &mut |i, _| (rng.next() % 2) as i64 + 1000 * i as i64),
            ),
        ];
        for (name, m) in doors {
            dense_pair(format!("{name}-{n}x{n}"), m);
        }
    }
    // Nearly square and wide, rows and columns offset: no column
    // reduction, and every search crosses the rows assigned before it
    // (at 1000 × 1300, handed over to cost scaling on the padded square).
    for (n, nc) in [(600, 640), (1000, 1300)] {
        let mut rng = Rng(23);
        let a: Vec<i64> = (0..n).map(|_| (rng.next() % 1_000_000) as i64).collect();
        let b: Vec<i64> = (0..nc).map(|_| (rng.next() % 1_000_000) as i64).collect();
        let additive = (0..n * nc).map(|k| a[k / nc] + b[k % nc]).collect();
        dense_pair(
            format!("addrand-{n}x{nc}"),
            CostMatrix::new(n, nc, additive).unwrap(),
        );
        let sumijn = (0..n * nc)
            .map(|k| (k / nc + k % nc) as i64 + (rng.next() % 10) as i64)
            .collect();
        dense_pair(
            format!("sumijn-{n}x{nc}"),
            CostMatrix::new(n, nc, sumijn).unwrap(),
        );
    }
    // A constant per column over uniform integers, twice as wide as tall:
    // the columns' least costs explain the rows, the reduced rows are not
    // flat (the padded square's added rows tight on the dearest columns).
    {
        let (n, nc) = (700, 1400);
        let mut rng = Rng(29);
        let b: Vec<i64> = (0..nc).map(|_| (rng.next() % 10_000_000) as i64).collect();
        let costs = matrix(n, nc, &mut |_, j| b[j] + (rng.next() % 1_000_000) as i64);
        dense_pair(format!("coloff-{n}x{nc}"), costs);
    }
    // A dear lower triangle, nearly square and wide: the tight start's
    // windows leave 205 rows free where every tight entry matches them
    // all (its widening); and (r(i) + j) mod 20 with half the rows in one
    // class, where widening cannot help (its sample).
    {
        let (n, nc) = (1500, 1600);
        let mut rng = Rng(31);
        let costs = matrix(n, nc, &mut |i, j| {
            (rng.next() % 10) as i64 + if j < i { 1000 } else { 0 }
        });
        dense_pair(format!("lowtri-{n}x{nc}"), costs);
        let n = 1100;
        let class = |i: usize| if i.is_multiple_of(2) { 0 } else { i % 20 };
        dense_pair(
            format!("skewmod-{n}x{n}"),
            square(n, &mut |i, j| ((class(i) + j) % 20) as i64),
        );
    }
    // Rows that are copies of few: half the rows one row of integers in
    // [0, 1000) (and as floats): each search scanned the copies one after
    // another.
    {
        let n: usize = 1100;
        let mut rng = Rng(37);
        let first: Vec<i64> = (0..n).map(|_| (rng.next() % 1000) as i64).collect();
        let costs = square(n, &mut |i, j| {
            let fresh = (rng.next() % 1000) as i64;
            if i.is_multiple_of(2) {
                first[j]
            } else {
                fresh
            }
        });
        dense_pair(format!("duprow-{n}x{n}"), costs);
    }
    // max(i, j) wide: the start's door where its matching is kept.
    for (n, nc) in [(400, 900), (1000, 1100)] {
        let costs = (0..n * nc).map(|k| (k / nc).max(k % nc) as i64).collect();
        dense_pair(
            format!("maxij-{n}x{nc}"),
            CostMatrix::new(n, nc, costs).unwrap(),
        );
    }
    // The rows at k · n / 32, where a fixed sample of 32 rows would look,
    // unlike the rest: uniform among binary rows or integers in [0, 100),
    // binary among uniform ones.
    // At 410 rows, the 32 are more than one in sixteen.
    for n in [410, 1000, 2000] {
        let mut rng = Rng(11);
        for (name, range, there) in [
            ("fixedbin", 2, false),
            ("fixed100", 100, false),
            ("fixeduni", 2, true),
        ] {
            let fixed = |i: usize| (0..32).any(|k| k * n / 32 == i);
            let costs = (0..n * n)
                .map(|k| {
                    let uniform = rng.next() % 1_000_000;
                    let other = rng.next() % range;
                    (if fixed(k / n) == there {
                        other
                    } else {
                        uniform
                    }) as i64
                })
                .collect();
            dense_pair(
                format!("{name}-{n}x{n}"),
                CostMatrix::new(n, n, costs).unwrap(),
            );
        }
    }
    // Constants added to the rows, the columns, or both: the column
    // reduction's start collapses on a few rows where the rows' differ.
    for n in [600, 1200] {
        for (name, row, col) in [("row", 1000, 0), ("column", 0, 1000), ("both", 1000, 1000)] {
            dense_pair(
                format!("offsets-{name}-{n}x{n}"),
                dense_offsets(n, row, col, 1),
            );
        }
    }
    // Each graph with integer costs, the same costs as floats (solved as
    // integers) and with a half added (the float engines).
    let mut sparse_pair = |name: String, g: WeightedBipartite<i64>| {
        group.bench_function(BenchmarkId::new("sparse-int", &name), |b| {
            b.iter(|| min_cost_matching(black_box(&g)).unwrap().total_cost())
        });
        let f = graph_as_floats(&g);
        group.bench_function(BenchmarkId::new("sparse-float", &name), |b| {
            b.iter(|| min_cost_matching(black_box(&f)).unwrap().total_cost())
        });
        let h = graph_as_fractions(&g);
        group.bench_function(BenchmarkId::new("sparse-fraction", &name), |b| {
            b.iter(|| min_cost_matching(black_box(&h)).unwrap().total_cost())
        });
    };
    for n in [5_000, 10_000] {
        sparse_pair(format!("machol-band-{n}"), band(n));
        sparse_pair(format!("staircase-{}", 10 * n), staircase(10 * n));
        for seed in [1, 2] {
            sparse_pair(format!("knn-{n}-s{seed}"), knn(n, 10, seed));
            sparse_pair(format!("hidden-{n}-s{seed}"), hidden(n, seed));
            sparse_pair(
                format!("spread-5-20-{n}-s{seed}"),
                sparse_spread(n, 5, 20, seed),
            );
        }
    }
    // Random rows of about 260 entries, past the degree where a sparse
    // start's free share hands over to cost scaling: the searches keep them.
    for n in [1000, 2000] {
        sparse_pair(format!("spread-250-350-{n}"), sparse_spread(n, 250, 350, 1));
    }
    group.finish();
}

/// The `n × n` integer matrix of `f(i, j)`, row by row.
fn square(n: usize, f: &mut dyn FnMut(usize, usize) -> i64) -> CostMatrix<i64> {
    matrix(n, n, f)
}

/// The `n × nc` matrix of entries `f(i, j)`, row by row.
fn matrix(n: usize, nc: usize, f: &mut dyn FnMut(usize, usize) -> i64) -> CostMatrix<i64> {
    let costs = (0..n * nc).map(|k| f(k / nc, k % nc)).collect();
    CostMatrix::new(n, nc, costs).unwrap()
}

criterion_group!(benches, dense, sparse_bench, families);
criterion_main!(benches);
