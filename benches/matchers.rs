//! Every matcher on small seeded instances of the benchmark families:
//! uniform random graphs (average degree 2, 5, 10), grid boards with 0%,
//! 10% and 30% of cells blocked, Chung–Lu power law, adversarial chains,
//! and a judge-sized instance (10^5 vertices a side, 2·10^5 edges).
//!
//! `cargo bench --bench matchers` (stable). Graphs are generated here, from
//! fixed seeds, without any random-number crate.

use std::time::Duration;

use bimatch::{Auto, Bipartite, Dinic, HopcroftKarp, KarpSipser, Matcher, PothenFan, PushRelabel};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};

/// Every matcher benchmarked; a new one joins with one line.
const MATCHERS: [&dyn Matcher; 5] = [&HopcroftKarp, &Dinic, &PushRelabel, &PothenFan, &Auto];

/// xorshift64*: enough randomness for graph shapes.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// n vertices a side, about d·n uniform random edges.
fn uniform(n: usize, d: usize, seed: u64) -> Bipartite {
    let mut rng = Rng(seed);
    let edges: Vec<_> = (0..n * d).map(|_| (rng.below(n), rng.below(n))).collect();
    Bipartite::from_edges(n, n, edges).unwrap()
}

/// An n × n board with `holes_percent`% of cells blocked; even cells are
/// left vertices, 4-neighbours are edges.
fn board(n: usize, holes_percent: usize, seed: u64) -> Bipartite {
    let mut rng = Rng(seed);
    let free: Vec<bool> = (0..n * n)
        .map(|_| rng.below(100) >= holes_percent)
        .collect();
    let mut number = vec![0; n * n];
    let (mut l, mut r) = (0, 0);
    for (cell, &open) in free.iter().enumerate() {
        if open {
            let side = if (cell / n + cell % n) % 2 == 0 {
                &mut l
            } else {
                &mut r
            };
            number[cell] = *side;
            *side += 1;
        }
    }
    let mut edges = Vec::new();
    for cell in 0..n * n {
        let (row, col) = (cell / n, cell % n);
        if (row + col) % 2 != 0 || !free[cell] {
            continue;
        }
        let neighbours = [
            (row > 0).then(|| cell - n),
            (row + 1 < n).then(|| cell + n),
            (col > 0).then(|| cell - 1),
            (col + 1 < n).then(|| cell + 1),
        ];
        for other in neighbours.into_iter().flatten() {
            if free[other] {
                edges.push((number[cell], number[other]));
            }
        }
    }
    Bipartite::from_edges(l, r, edges).unwrap()
}

/// Chung–Lu power law: weights i^(-1/(γ-1)), γ = 2.5, average degree 5.
fn power_law(n: usize, seed: u64) -> Bipartite {
    let mut rng = Rng(seed);
    let weights: Vec<f64> = (1..=n).map(|i| (i as f64).powf(-1.0 / 1.5)).collect();
    let total: f64 = weights.iter().sum();
    let mut cumulative = Vec::with_capacity(n);
    let mut acc = 0.0;
    for w in &weights {
        acc += w / total;
        cumulative.push(acc);
    }
    let pick = |rng: &mut Rng| {
        let x = rng.unit();
        cumulative.partition_point(|&c| c < x).min(n - 1)
    };
    let edges: Vec<_> = (0..5 * n)
        .map(|_| (pick(&mut rng), pick(&mut rng)))
        .collect();
    Bipartite::from_edges(n, n, edges).unwrap()
}

/// Disjoint paths with 1..=k left vertices, numbered so that first-fit
/// greedy takes the wrong edge everywhere.
fn chains(k: usize) -> Bipartite {
    let mut edges = Vec::new();
    let mut base = 0;
    for len in 1..=k {
        for i in 0..len {
            let u = base + len - 1 - i;
            if i > 0 {
                edges.push((u, base + i - 1));
            }
            edges.push((u, base + i));
        }
        base += len;
    }
    Bipartite::from_edges(base, base, edges).unwrap()
}

fn families() -> Vec<(String, Bipartite)> {
    let mut out = Vec::new();
    for d in [2, 5, 10] {
        out.push((
            format!("uniform-n5000-d{d}"),
            uniform(5000, d, 11 + d as u64),
        ));
    }
    for holes in [0, 10, 30] {
        out.push((
            format!("board-100-p{holes}"),
            board(100, holes, 21 + holes as u64),
        ));
    }
    out.push(("power-law-n5000".into(), power_law(5000, 31)));
    out.push(("chains-k63".into(), chains(63)));
    out.push(("uniform-n1e5-m2e5".into(), uniform(100_000, 2, 41)));
    out
}

fn bench_matchers(c: &mut Criterion) {
    let mut group = c.benchmark_group("matching");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(600));
    for (name, g) in families() {
        for m in MATCHERS {
            group.bench_with_input(BenchmarkId::new(m.name(), &name), &g, |b, g| {
                b.iter(|| black_box(m.maximum_matching(g)).len())
            });
        }
        group.bench_with_input(BenchmarkId::new("karp-sipser-alone", &name), &g, |b, g| {
            b.iter(|| black_box(KarpSipser.maximal_matching(g)).len())
        });
    }
    group.finish();
}

criterion_group!(benches, bench_matchers);
criterion_main!(benches);
