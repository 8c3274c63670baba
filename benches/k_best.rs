//! The k best assignments (Murty's partitioning with the Miller–Stone–Cox
//! optimisations) on seeded uniform matrices: the 25 best of 50 × 50 and
//! the 100 best of 200 × 200, float and integer costs, plus a rectangular
//! case with an unmatched cost.
//!
//! `cargo bench -p bimatch-benches --bench k_best` (stable). Instances are
//! generated here, from fixed seeds, without any random-number crate.

use std::time::Duration;

use bimatch::assignment::{k_best, CostMatrix, KBest};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};

/// xorshift64*: enough randomness for cost matrices.
mod rng;
use rng::Rng;

fn floats(rows: usize, cols: usize, seed: u64) -> CostMatrix<f64> {
    let mut rng = Rng(seed);
    CostMatrix::new(rows, cols, (0..rows * cols).map(|_| rng.unit()).collect()).unwrap()
}

fn ints(rows: usize, cols: usize, seed: u64) -> CostMatrix<i64> {
    let mut rng = Rng(seed);
    let data = (0..rows * cols)
        .map(|_| (rng.next() % 1_000_000) as i64)
        .collect();
    CostMatrix::new(rows, cols, data).unwrap()
}

fn ranked(c: &mut Criterion) {
    let mut group = c.benchmark_group("k_best");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    for (n, k) in [(50usize, 25usize), (200, 100)] {
        let f = floats(n, n, 0x6b + n as u64);
        group.bench_with_input(
            BenchmarkId::new(format!("uniform_f64_{n}x{n}"), k),
            &k,
            |b, &k| {
                b.iter(|| {
                    let all: Vec<_> = k_best(black_box(&f), k).unwrap().collect();
                    assert_eq!(all.len(), k);
                    all
                })
            },
        );
        let i = ints(n, n, 0x6c + n as u64);
        group.bench_with_input(
            BenchmarkId::new(format!("uniform_i64_{n}x{n}"), k),
            &k,
            |b, &k| {
                b.iter(|| {
                    let all: Vec<_> = k_best(black_box(&i), k).unwrap().collect();
                    assert_eq!(all.len(), k);
                    all
                })
            },
        );
    }
    let w = floats(100, 150, 0x6d);
    group.bench_function(
        BenchmarkId::new("uniform_f64_100x150_unmatched_0.05", 100),
        |b| {
            b.iter(|| {
                let all: Vec<_> = KBest::new(black_box(&w), 100)
                    .unmatched_cost(0.05)
                    .solve()
                    .unwrap()
                    .collect();
                assert_eq!(all.len(), 100);
                all
            })
        },
    );
    group.finish();
}

criterion_group!(benches, ranked);
criterion_main!(benches);
