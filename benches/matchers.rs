//! Every matcher on the small instances of the benchmark families
//! (`families::SMALL`: uniform random graphs, boards, power law, chains,
//! the families of Cherkassky et al. 1998, dense cores with few exits,
//! hubs, padded and unbalanced graphs), from scratch and, for `Auto`, from
//! a first-fit greedy warm start.
//!
//! `cargo bench -p bimatch-benches --bench matchers` (stable). The graphs
//! come from `benches/families.rs`, seeded, without any random-number
//! crate.

mod families;

use std::time::Duration;

use bimatch::{Auto, Bipartite, KarpSipser, Matcher, MatcherKind, Matching};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};

fn graph(name: &str) -> Bipartite {
    let (l, r, edges) = families::generate(name).expect("a listed family");
    Bipartite::from_edges(
        l,
        r,
        edges.into_iter().map(|(u, v)| (u as usize, v as usize)),
    )
    .expect("a generated graph is valid")
}

/// First-fit greedy: the poor start a warm start has to repair.
fn greedy(g: &Bipartite) -> Matching {
    let mut taken = vec![false; g.right_count()];
    let mut pairs = Vec::new();
    for u in g.left_vertices() {
        if let Some(v) = g.left_neighbors(u).find(|v| !taken[v.index()]) {
            taken[v.index()] = true;
            pairs.push((u, v));
        }
    }
    Matching::from_pairs(g, pairs).expect("greedy pairs are edges")
}

fn bench_matchers(c: &mut Criterion) {
    let mut group = c.benchmark_group("matching");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(600));
    for &name in families::SMALL {
        let g = graph(name);
        for m in MatcherKind::ALL.iter().map(|k| k.matcher()) {
            group.bench_with_input(BenchmarkId::new(m.name(), name), &g, |b, g| {
                b.iter(|| black_box(m.maximum_matching(g)).len())
            });
        }
        group.bench_with_input(BenchmarkId::new("karp-sipser-alone", name), &g, |b, g| {
            b.iter(|| black_box(KarpSipser.maximal_matching(g)).len())
        });
        let start = greedy(&g);
        group.bench_with_input(BenchmarkId::new("warm-from-greedy", name), &g, |b, g| {
            b.iter(|| {
                let m = Auto.maximum_matching_from(g, start.clone());
                black_box(m.map(|m| m.len()).unwrap_or(0))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_matchers);
criterion_main!(benches);
