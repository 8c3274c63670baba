//! The assignment solvers on small seeded instances: dense uniform floats
//! and integers (square, wide, tall), Machol–Wien costs, and a sparse
//! uniform graph with 10 entries a row; plus the certificate check.
//!
//! `cargo bench -p bimatch-benches --bench assignment` (stable). Instances
//! are generated here, from fixed seeds, without any random-number crate.

use std::time::Duration;

use bimatch::assignment::{
    linear_sum_assignment, min_cost_matching, CostMatrix, WeightedBipartite,
};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};

/// xorshift64*: enough randomness for cost matrices.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

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
    let mw = CostMatrix::new(
        n,
        n,
        (0..n * n)
            .map(|k| ((k / n + 1) * (k % n + 1)) as i64)
            .collect(),
    )
    .unwrap();
    group.bench_function("solve/machol-wien-200x200", |b| {
        b.iter(|| linear_sum_assignment(black_box(&mw)).unwrap().total_cost())
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

criterion_group!(benches, dense, sparse_bench);
criterion_main!(benches);
