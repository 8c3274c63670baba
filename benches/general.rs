//! The general-graph engines and the Gallai–Edmonds decomposition on small
//! seeded instances: uniform random graphs (average degree 3 and 10), a
//! triangular lattice, a king-move board with a quarter of its cells
//! blocked, a complete graph, and a complete graph with chains of 8 hung on
//! one vertex.
//!
//! `cargo bench -p bimatch-benches --bench general` (stable). Graphs are
//! generated here, from fixed seeds, without any random-number crate.

use std::time::Duration;

use bimatch::game::{board_graph, Grid, Moves};
use bimatch::general::{gallai_edmonds, Engine, Graph};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};

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
}

/// n vertices, about d·n/2 uniform random edges (self-loops dropped).
fn uniform(n: usize, d: usize, seed: u64) -> Graph {
    let mut rng = Rng(seed);
    let edges: Vec<_> = (0..n * d / 2)
        .map(|_| (rng.below(n), rng.below(n)))
        .filter(|&(u, v)| u != v)
        .collect();
    Graph::from_edges(n, edges).unwrap()
}

/// A k × k grid with one diagonal per cell.
fn triangular(k: usize) -> Graph {
    let mut edges = Vec::new();
    for r in 0..k {
        for c in 0..k {
            let v = r * k + c;
            if c + 1 < k {
                edges.push((v, v + 1));
            }
            if r + 1 < k {
                edges.push((v, v + k));
            }
            if r + 1 < k && c + 1 < k {
                edges.push((v, v + k + 1));
            }
        }
    }
    Graph::from_edges(k * k, edges).unwrap()
}

fn king_board(k: usize, seed: u64) -> Graph {
    let mut rng = Rng(seed);
    let grid = Grid::from_fn(k, k, |_, _| rng.below(4) != 0).unwrap();
    board_graph(&grid, Moves::King).unwrap()
}

fn complete_plus_chains(k: usize, chains: usize) -> Graph {
    let mut edges: Vec<_> = (0..k)
        .flat_map(|u| (u + 1..k).map(move |v| (u, v)))
        .collect();
    let mut next = k;
    for _ in 0..chains {
        edges.push((0, next));
        edges.extend((1..8).map(|i| (next + i - 1, next + i)));
        next += 8;
    }
    Graph::from_edges(next, edges).unwrap()
}

fn bench_general(c: &mut Criterion) {
    let graphs = [
        ("random-d3-1e5", uniform(100_000, 3, 1)),
        ("random-d10-1e5", uniform(100_000, 10, 2)),
        ("triangular-201", triangular(201)),
        ("king-300-25pct", king_board(300, 3)),
        ("complete-300", complete_plus_chains(300, 0)),
        ("complete-100-chains", complete_plus_chains(100, 5000)),
    ];
    let mut group = c.benchmark_group("general");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(600));
    for (name, g) in &graphs {
        for engine in [Engine::Auto, Engine::Edmonds] {
            group.bench_with_input(BenchmarkId::new(engine.name(), name), g, |b, g| {
                b.iter(|| black_box(engine.maximum_matching(g)).len())
            });
        }
        let m = Engine::Auto.maximum_matching(g);
        group.bench_with_input(BenchmarkId::new("gallai-edmonds", name), g, |b, g| {
            b.iter(|| black_box(gallai_edmonds(g, &m).unwrap()).d().len())
        });
    }
    group.finish();
}

criterion_group!(benches, bench_general);
criterion_main!(benches);
