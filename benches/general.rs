//! The general-graph engines and the Gallai–Edmonds decomposition on the
//! seeded families of `tests/common/general_families.rs` (the file the
//! tests and the peer harness's `general` suite use too), at 10^4–10^5
//! vertices: random graphs, lattices, boards, complete graphs, and the
//! adversaries of the engine's rules (corridors the start leaves free,
//! Karp–Sipser-hard dense blocks, nested blossoms, fold cascades, graphs
//! that are bipartite but for one far triangle). Each family's intent is
//! in that file's `FAMILIES`.
//!
//! `cargo bench -p bimatch-benches --bench general` (stable).

use std::time::Duration;

use bimatch::general::{gallai_edmonds, Engine, Graph};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};

#[path = "../tests/common/general_families.rs"]
mod general_families;

/// The workloads: the earlier six, then one of each adversarial family.
const BENCH: &[&str] = &[
    "rand-n1e5-d3",
    "rand-n1e5-d10",
    "trilattice-201",
    "king-300-p25",
    "kingrand-200-p25-d3",
    "complete-300",
    "cliquechains-k100-c5000-l8",
    "corridors-k20-l101-t5e3",
    "corridors-k40-l101-t5e3-shuf",
    "corridors-k800-l271-t1e5-shuf-bfs",
    "hkcorr-k99-t5e3",
    "ksdense-h600-w256",
    "nested-h9",
    "grid-300",
    "gridodd-300",
    "tristrip-n1e5",
    "twocliques-k300-p5e4",
    "bip-n1e5-d3",
    "path-n1e5",
    "ladder-n1e5-shuf",
    "foldchain-l1e4-d4",
];

fn bench_general(c: &mut Criterion) {
    let graphs: Vec<(&str, Graph)> = BENCH
        .iter()
        .map(|&name| {
            let (n, edges) = general_families::generate(name).expect("a family name");
            (name, Graph::from_edges(n, &edges).expect("a valid graph"))
        })
        .collect();
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
