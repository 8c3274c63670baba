//! The general engines side by side on bipartite graphs (where
//! `Engine::Auto` takes the bipartite shortcut) and on graphs that are
//! bipartite but for one odd cycle the colouring finds last (where the
//! shortcut fails late): medians of interleaved runs, one table.
//!
//! `cargo bench -p bimatch-benches --bench shortcut [-- RUNS [NAME...]]`
//! (7 runs by default; names select families by substring). The peer
//! harness's bipartite workloads (`families::HARNESS`) as general graphs
//! follow as `bip:NAME`, run only when a name selects them (`bip:` for
//! all). Not a criterion bench: the inputs are large (10^6 to 4·10^6
//! vertices) and the two engines alternate run by run, so that both see
//! the same machine.

mod families;

use std::time::Instant;

use bimatch::game::{board_graph, Grid, Moves};
use bimatch::general::{Engine, Graph};
use bimatch::Bipartite;

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

fn path(n: usize) -> Vec<(usize, usize)> {
    (1..n).map(|i| (i - 1, i)).collect()
}

/// A k × k grid, vertices row-major.
fn grid(k: usize) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for v in 0..k * k {
        if v % k + 1 < k {
            edges.push((v, v + 1));
        }
        if v + k < k * k {
            edges.push((v, v + k));
        }
    }
    edges
}

/// A k × k board, each cell blocked with probability `percent`%, the token
/// moving orthogonally: the free cells row-major.
fn board(k: usize, percent: usize, seed: u64) -> Graph {
    let mut rng = Rng(seed);
    let grid = Grid::from_fn(k, k, |_, _| rng.below(100) >= percent).unwrap();
    board_graph(&grid, Moves::Orthogonal).unwrap()
}

/// n left and n right vertices, d·n uniform random edges, as a general
/// graph: left ids 0..n, right ids n..2n, or both shuffled together.
fn random_bipartite(n: usize, d: usize, shuffle: bool, seed: u64) -> Graph {
    let mut rng = Rng(seed);
    let pairs: Vec<(usize, usize)> = (0..n * d).map(|_| (rng.below(n), rng.below(n))).collect();
    if !shuffle {
        let b = Bipartite::from_edges(n, n, pairs).unwrap();
        return Graph::from_bipartite(&b).unwrap();
    }
    let mut label: Vec<usize> = (0..2 * n).collect();
    for i in (1..2 * n).rev() {
        label.swap(i, rng.below(i + 1));
    }
    let edges = pairs.into_iter().map(|(u, v)| (label[u], label[n + v]));
    Graph::from_edges(2 * n, edges).unwrap()
}

fn general(n: usize, edges: Vec<(usize, usize)>) -> Graph {
    Graph::from_edges(n, edges).unwrap()
}

/// `g` with a triangle hung from its last vertex on two new vertices: an
/// odd cycle that a colouring in vertex order meets last.
fn odd_last(g: &Graph) -> Graph {
    let n = g.vertex_count();
    let edges = g.edges().chain([(n - 1, n), (n - 1, n + 1), (n, n + 1)]);
    Graph::from_edges(n + 2, edges).unwrap()
}

/// A family's name and how to build its graph.
type Family = (String, Box<dyn Fn() -> Graph>);

fn family(name: &str, build: impl Fn() -> Graph + 'static) -> Family {
    (name.to_string(), Box::new(build))
}

fn families() -> Vec<Family> {
    let m = 1_000_000;
    let cycle = move || {
        let mut edges = path(m);
        edges.push((m - 1, 0));
        general(m, edges)
    };
    vec![
        family("path-1e6", move || general(m, path(m))),
        family("cycle-1e6", cycle),
        family("grid-1000", || general(1_000_000, grid(1000))),
        family("board-2000-p25", || board(2000, 25, 7)),
        family("board-2000-p10", || board(2000, 10, 8)),
        family("randbip-1e6-d3", move || random_bipartite(m, 3, false, 11)),
        family("randbip-1e6-d10", move || {
            random_bipartite(m, 10, false, 12)
        }),
        family("randbip-1e6-d3-shuffled", move || {
            random_bipartite(m, 3, true, 13)
        }),
        family("path-1e6-oddlast", move || odd_last(&general(m, path(m)))),
        family("grid-1000-oddlast", || {
            odd_last(&general(1_000_000, grid(1000)))
        }),
        family("board-2000-p25-oddlast", || odd_last(&board(2000, 25, 7))),
        family("randbip-1e6-d3-oddlast", move || {
            odd_last(&random_bipartite(m, 3, false, 11))
        }),
    ]
}

/// The harness workload `name` as a general graph: left ids first.
fn harness(name: &str) -> Graph {
    let (l, r, edges) = families::generate(name).expect("a listed family");
    let edges = edges.into_iter().map(|(u, v)| (u as usize, v as usize));
    Graph::from_bipartite(&Bipartite::from_edges(l, r, edges).unwrap()).unwrap()
}

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let (runs, names) = match args.first().and_then(|a| a.parse::<usize>().ok()) {
        Some(runs) => (runs.max(1), &args[1..]),
        None => (7, &args[..]),
    };
    println!(
        "{:<24} {:>9} {:>9} {:>9} {:>12} {:>15}",
        "family", "n", "m", "auto ms", "edmonds ms", "edmonds / auto"
    );
    let mut all = families();
    for &name in families::HARNESS {
        all.push(family(&format!("bip:{name}"), move || harness(name)));
    }
    for (name, build) in all {
        let selected = names.iter().any(|s| name.contains(s.as_str()));
        if !selected && (!names.is_empty() || name.starts_with("bip:")) {
            continue;
        }
        let g = build();
        let (mut auto, mut edmonds) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            for (engine, times) in [(Engine::Auto, &mut auto), (Engine::Edmonds, &mut edmonds)] {
                let start = Instant::now();
                let m = engine.maximum_matching(&g);
                times.push(start.elapsed().as_secs_f64() * 1e3);
                std::hint::black_box(m);
            }
        }
        let sizes = [Engine::Auto, Engine::Edmonds].map(|e| e.maximum_matching(&g).len());
        assert_eq!(sizes[0], sizes[1], "{name}: the engines disagree");
        let (a, e) = (median(auto), median(edmonds));
        println!(
            "{:<24} {:>9} {:>9} {:>9.1} {:>12.1} {:>15.2}",
            name,
            g.vertex_count(),
            g.edge_count(),
            a,
            e,
            e / a
        );
    }
}
