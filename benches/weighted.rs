//! Weighted matching on general graphs: maximum weight on random sparse
//! graphs, minimum-cost perfect matching on geometric (nearest-neighbour)
//! and complete Euclidean graphs, and a nest of odd rings, at 10^3–10^4
//! vertices (the peer harness runs the 10^5-vertex workloads:
//! `bash bench/run.sh --suite weighted`).
//!
//! `cargo bench -p bimatch-benches --bench weighted` (stable).

use std::time::Duration;

use bimatch::general::{
    max_weight_matching, min_weight_perfect_matching, MaxWeightMatching, WeightedGraph,
};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};

/// xorshift64*, seeded.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random(n: usize, degree: usize, seed: u64) -> WeightedGraph<i64> {
    let mut rng = Rng(seed | 1);
    let edges: Vec<(usize, usize, i64)> = (0..n * degree / 2)
        .map(|_| {
            let u = rng.below(n as u64) as usize;
            let v = rng.below(n as u64) as usize;
            (u, v, 1 + rng.below(1_000_000) as i64)
        })
        .collect();
    WeightedGraph::from_edges(n, &edges).expect("a valid graph")
}

/// Points in the unit square times 10^6; each joined to its `k` nearest
/// (`k = n − 1`: the complete graph), weight the rounded distance.
fn euclidean(n: usize, k: usize, seed: u64) -> WeightedGraph<i64> {
    let mut rng = Rng(seed | 1);
    let pts: Vec<(f64, f64)> = (0..n)
        .map(|_| (rng.below(1_000_000) as f64, rng.below(1_000_000) as f64))
        .collect();
    let mut edges = Vec::new();
    for (i, &(x, y)) in pts.iter().enumerate() {
        let mut d: Vec<(f64, usize)> = pts
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(j, &(a, b))| (((x - a).powi(2) + (y - b).powi(2)).sqrt(), j))
            .collect();
        d.sort_by(|a, b| a.0.total_cmp(&b.0));
        for &(dist, j) in d.iter().take(k) {
            edges.push((i, j, dist.round() as i64));
        }
    }
    WeightedGraph::from_edges(n, &edges).expect("a valid graph")
}

/// Odd rings of growing length, each inside the next by light spokes.
fn rings(levels: usize) -> WeightedGraph<i64> {
    let mut edges = Vec::new();
    let mut prev: Vec<usize> = Vec::new();
    let mut used = 0;
    for i in 0..levels {
        let size = 2 * i + 3;
        let ring: Vec<usize> = (used..used + size).collect();
        used += size;
        for j in 0..size {
            edges.push((ring[j], ring[(j + 1) % size], 1000 + 10 * i as i64));
        }
        for j in (0..size).step_by(2) {
            if !prev.is_empty() {
                edges.push((ring[j], prev[j % prev.len()], 7));
            }
        }
        prev = ring;
    }
    WeightedGraph::from_edges(used, &edges).expect("a valid graph")
}

fn bench_weighted(c: &mut Criterion) {
    let mut group = c.benchmark_group("weighted");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(600));
    for (name, g) in [
        ("random-n1e4-d5", random(10_000, 5, 1)),
        ("random-n1e4-d10", random(10_000, 10, 2)),
        ("rings-60", rings(60)),
    ] {
        group.bench_with_input(BenchmarkId::new("max", name), &g, |b, g| {
            b.iter(|| black_box(max_weight_matching(g).map(|m| m.total())))
        });
        group.bench_with_input(BenchmarkId::new("max-cardinality", name), &g, |b, g| {
            b.iter(|| {
                black_box(
                    MaxWeightMatching::new(g)
                        .max_cardinality()
                        .solve()
                        .map(|m| m.total()),
                )
            })
        });
    }
    for (name, g) in [
        ("knn10-n2000", euclidean(2000, 10, 3)),
        ("complete-n300", euclidean(300, 299, 4)),
    ] {
        group.bench_with_input(BenchmarkId::new("min-perfect", name), &g, |b, g| {
            b.iter(|| black_box(min_weight_perfect_matching(g).map(|m| m.total())))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_weighted);
criterion_main!(benches);
