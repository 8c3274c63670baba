//! Measures the `parallel` feature (bench/notes/parallel.md).
//!
//! ```text
//! parallel-probe batch N PROBLEMS THREADS REPS [DUMP]
//! parallel-probe build EDGES THREADS REPS
//! parallel-probe scale EDGES THREADS STAGE
//! parallel-probe structure FAMILY N THREADS REPS
//! parallel-probe match FAMILY N THREADS REPS
//! ```
//!
//! `batch`: PROBLEMS dense N × N problems of uniform floats in [0, 1)
//! (splitmix64, seed 1), solved by `linear_sum_assignment_batch` in a pool
//! of THREADS threads, REPS times; prints the median and minimum
//! milliseconds and the sum of the totals, after checking every answer
//! equals the one-by-one answer bit for bit. DUMP, if given, receives the
//! matrices as little-endian f64, row by row, for other solvers.
//!
//! `scale`: CSR arrays of EDGES edges (EDGES / 10 left and right vertices,
//! ten random right neighbours per left vertex, unsorted, repeats
//! included), handed to `Bipartite::from_csr`, then matched by `Auto` in a
//! pool of THREADS threads (STAGE `arrays` stops after making the arrays,
//! `build` after building): for `/usr/bin/time -v`. Prints the sizes and
//! the seconds of each stage.
//!
//! `build`: a random bipartite graph of EDGES edges on EDGES / 10 vertices
//! a side (d = 10, repeats included), built by `Bipartite::from_edges` in a
//! pool of THREADS threads; prints the median and minimum milliseconds and
//! a checksum of the CSR.
//!
//! `match`: a graph of FAMILY (those of `structure`, and `band`,
//! `bandtall`, `bandfar`, `bandfar1`, `blockfirst`, `grid5`, `gridshuf`:
//! see `structure_graph`) matched by `Auto`, `ParallelPothenFan`,
//! `PothenFan` and `HopcroftKarp` (only the one named by the environment
//! variable `PROBE_MATCHER`, if set) in a pool of THREADS threads, REPS
//! times each; prints the median and minimum ms and the CPU time per
//! repetition, after checking each size against `Auto`'s on one thread.
//!
//! `structure`: a graph of FAMILY `random` (N vertices a side, ten random
//! right neighbours per left vertex, splitmix64 seed 5), `plaw` (N a
//! side, Chung–Lu with weights (i + 1)^(−1/1.5), about 10 N edges) or
//! `grid` (an N × N board, each cell blocked with probability 1/4, free
//! cells of even row + column on the left, joined to their free
//! neighbours), matched once by `maximum_matching` on one thread; then
//! `Structure::new` and `dulmage_mendelsohn` in a pool of THREADS threads,
//! REPS times each, alternating. Prints the medians and minima in ms, the
//! CPU time (all threads) per repetition of the two, and
//! checks the non-essential vertices and the decomposition equal the
//! one-thread ones.

use std::io::Write;
use std::time::Instant;

use bimatch::assignment::{linear_sum_assignment, linear_sum_assignment_batch, CostMatrix};
use bimatch::{
    dulmage_mendelsohn, Auto, Bipartite, HopcroftKarp, Matcher, ParallelPothenFan, PothenFan,
    Structure,
};

struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The process's CPU time (user and system, all threads) in ms, from
/// /proc/self/stat (clock ticks of 10 ms).
fn cpu_ms() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let tick = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (tick(11) + tick(12)) * 10.0
}

fn median(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(|a, b| a.total_cmp(b));
    (v[v.len() / 2], v[0])
}

fn arg(args: &[String], i: usize) -> usize {
    args.get(i).and_then(|s| s.parse().ok()).unwrap_or_else(|| {
        eprintln!(
            "usage: parallel-probe batch N PROBLEMS THREADS REPS [DUMP] | build EDGES THREADS REPS"
        );
        std::process::exit(2)
    })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("batch") => {
            let (n, count, threads, reps) =
                (arg(&args, 2), arg(&args, 3), arg(&args, 4), arg(&args, 5));
            let mut rng = SplitMix(1);
            let problems: Vec<CostMatrix<f64>> = (0..count)
                .map(|_| CostMatrix::new(n, n, (0..n * n).map(|_| rng.unit()).collect()))
                .collect::<Result<_, _>>()?;
            if let Some(path) = args.get(6) {
                let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
                for p in &problems {
                    for x in p.as_slice() {
                        out.write_all(&x.to_le_bytes())?;
                    }
                }
            }
            let mut times = Vec::new();
            let mut answers = Vec::new();
            let cpu = cpu_ms();
            for _ in 0..reps {
                let t = Instant::now();
                answers = bimatch::parallel::with_threads(threads, || {
                    linear_sum_assignment_batch(&problems)
                })??;
                times.push(t.elapsed().as_secs_f64() * 1e3);
            }
            let cpu = (cpu_ms() - cpu) / reps as f64;
            let mut sum = 0.0;
            for (a, c) in answers.iter().zip(&problems) {
                let a = a.as_ref().map_err(|e| e.to_string())?;
                let one = linear_sum_assignment(c)?;
                assert_eq!(
                    a.row_to_col().collect::<Vec<_>>(),
                    one.row_to_col().collect::<Vec<_>>()
                );
                assert_eq!(a.row_potentials(), one.row_potentials());
                assert_eq!(a.col_potentials(), one.col_potentials());
                a.verify(c)?;
                sum += a.total_cost();
            }
            let (med, min) = median(times);
            println!("batch n={n} problems={count} threads={threads} median_ms={med:.1} min_ms={min:.1} cpu_ms_per_rep={cpu:.0} sum={sum:.6}");
        }
        Some("scale") => {
            let (edges, threads) = (arg(&args, 2), arg(&args, 3));
            let stage = args.get(4).map_or("match", String::as_str);
            let left = (edges / 10).max(1);
            let t = Instant::now();
            let mut rng = SplitMix(9);
            let offsets: Vec<u32> = (0..=left).map(|u| (u * edges / left) as u32).collect();
            let targets: Vec<u32> = (0..edges)
                .map(|_| (rng.next() % left as u64) as u32)
                .collect();
            println!(
                "arrays left={left} edges={edges} s={:.2}",
                t.elapsed().as_secs_f64()
            );
            if stage == "arrays" {
                return Ok(());
            }
            bimatch::parallel::with_threads(threads, || -> Result<(), String> {
                let t = Instant::now();
                let g = Bipartite::from_csr(left, &offsets, &targets).map_err(|e| e.to_string())?;
                println!(
                    "built edges={} s={:.2}",
                    g.edge_count(),
                    t.elapsed().as_secs_f64()
                );
                if stage == "build" {
                    return Ok(());
                }
                let t = Instant::now();
                let m = bimatch::maximum_matching(&g);
                println!(
                    "matched size={} s={:.2}",
                    m.len(),
                    t.elapsed().as_secs_f64()
                );
                Ok(())
            })??;
        }
        Some("match") => {
            let family = args.get(2).map_or("", String::as_str);
            let (n, threads, reps) = (arg(&args, 3), arg(&args, 4), arg(&args, 5));
            let g = structure_graph(family, n)?;
            let matchers: [(&str, &dyn Matcher); 4] = [
                ("auto", &Auto),
                ("parallel-pothen-fan", &ParallelPothenFan),
                ("pothen-fan", &PothenFan),
                ("hopcroft-karp", &HopcroftKarp),
            ];
            let size = bimatch::parallel::with_threads(1, || Auto.maximum_matching(&g).len())?;
            let only = std::env::var("PROBE_MATCHER").ok();
            for (name, matcher) in matchers {
                if only.as_deref().is_some_and(|o| o != name) {
                    continue;
                }
                let mut times = Vec::new();
                let cpu = cpu_ms();
                bimatch::parallel::with_threads(threads, || {
                    for _ in 0..reps {
                        let t = Instant::now();
                        let m = matcher.maximum_matching(&g);
                        times.push(t.elapsed().as_secs_f64() * 1e3);
                        assert_eq!(m.len(), size, "{name}");
                        m.check(&g).expect("a matching of the graph");
                    }
                })?;
                let cpu = (cpu_ms() - cpu) / reps as f64;
                let (med, min) = median(times);
                println!(
                    "match {family} n={n} edges={} size={size} threads={threads} matcher={name} median_ms={med:.1} min_ms={min:.1} cpu_ms_per_rep={cpu:.0}",
                    g.edge_count()
                );
            }
        }
        Some("structure") => {
            let family = args.get(2).map_or("", String::as_str);
            let (n, threads, reps) = (arg(&args, 3), arg(&args, 4), arg(&args, 5));
            let g = structure_graph(family, n)?;
            let m = bimatch::maximum_matching(&g);
            let one = bimatch::parallel::with_threads(1, || {
                let s = Structure::new(&g, &m).map(|s| s.non_essential_vertices());
                (s, dulmage_mendelsohn(&g, &m))
            })?;
            let (ne, dm) = (one.0?, one.1?);
            let (mut st, mut dt) = (Vec::new(), Vec::new());
            let cpu = cpu_ms();
            bimatch::parallel::with_threads(threads, || -> Result<(), String> {
                for _ in 0..reps {
                    let t = Instant::now();
                    let s = Structure::new(&g, &m).map_err(|e| e.to_string())?;
                    st.push(t.elapsed().as_secs_f64() * 1e3);
                    assert_eq!(s.non_essential_vertices(), ne);
                    let t = Instant::now();
                    let d = dulmage_mendelsohn(&g, &m).map_err(|e| e.to_string())?;
                    dt.push(t.elapsed().as_secs_f64() * 1e3);
                    assert_eq!(d, dm);
                }
                Ok(())
            })??;
            let cpu = (cpu_ms() - cpu) / reps as f64;
            let ((sm, smin), (dmed, dmin)) = (median(st), median(dt));
            println!(
                "structure {family} n={n} left={} edges={} matched={} non_essential={} threads={threads} structure_median_ms={sm:.1} min_ms={smin:.1} dm_median_ms={dmed:.1} min_ms={dmin:.1} cpu_ms_per_rep_both={cpu:.0}",
                g.left_count(),
                g.edge_count(),
                m.len(),
                ne.len()
            );
        }
        Some("build") => {
            let (edges, threads, reps) = (arg(&args, 2), arg(&args, 3), arg(&args, 4));
            let side = (edges / 10).max(1);
            let mut rng = SplitMix(7);
            let pairs: Vec<(u32, u32)> = (0..edges)
                .map(|_| {
                    (
                        (rng.next() % side as u64) as u32,
                        (rng.next() % side as u64) as u32,
                    )
                })
                .collect();
            let mut times = Vec::new();
            let mut check = 0u64;
            for _ in 0..reps {
                let t = Instant::now();
                let g = bimatch::parallel::with_threads(threads, || {
                    Bipartite::from_edges(side, side, pairs.iter().copied())
                })??;
                times.push(t.elapsed().as_secs_f64() * 1e3);
                let (o, a) = g.left_csr();
                check = o.iter().chain(a).fold(0xcbf2_9ce4_8422_2325u64, |h, &x| {
                    (h ^ u64::from(x)).wrapping_mul(0x100_0000_01b3)
                });
            }
            let (med, min) = median(times);
            println!("build edges={edges} threads={threads} median_ms={med:.1} min_ms={min:.1} csr_fnv={check:016x}");
        }
        _ => {
            arg(&args, usize::MAX);
        }
    }
    Ok(())
}

/// The graphs of the `structure` subcommand.
fn structure_graph(family: &str, n: usize) -> Result<Bipartite, Box<dyn std::error::Error>> {
    let mut rng = SplitMix(5);
    let mut edges: Vec<(u32, u32)> = Vec::new();
    match family {
        "random" => {
            for u in 0..n {
                for _ in 0..10 {
                    edges.push((u as u32, (rng.next() % n as u64) as u32));
                }
            }
            Ok(Bipartite::from_edges(n, n, edges)?)
        }
        "plaw" => {
            // Chung–Lu: each end drawn with probability proportional to its
            // weight, from the cumulative weights.
            let mut cum = Vec::with_capacity(n);
            let mut total = 0.0;
            for i in 0..n {
                total += ((i + 1) as f64).powf(-1.0 / 1.5);
                cum.push(total);
            }
            let draw = |rng: &mut SplitMix| {
                let x = rng.unit() * total;
                cum.partition_point(|&c| c < x).min(n - 1) as u32
            };
            for _ in 0..10 * n {
                let (u, v) = (draw(&mut rng), draw(&mut rng));
                edges.push((u, v));
            }
            Ok(Bipartite::from_edges(n, n, edges)?)
        }
        "grid" | "grid5" => {
            // One cell in four blocked; one in twenty for `grid5`.
            let blocked = |x: u64| {
                if family == "grid5" {
                    x.is_multiple_of(20)
                } else {
                    x & 3 == 0
                }
            };
            let free: Vec<bool> = (0..n * n).map(|_| !blocked(rng.next())).collect();
            let mut index = vec![u32::MAX; n * n];
            let (mut left, mut right) = (0u32, 0u32);
            for r in 0..n {
                for c in 0..n {
                    if free[r * n + c] {
                        let side = if (r + c) % 2 == 0 {
                            &mut left
                        } else {
                            &mut right
                        };
                        index[r * n + c] = *side;
                        *side += 1;
                    }
                }
            }
            for r in 0..n {
                for c in 0..n {
                    if !free[r * n + c] || (r + c) % 2 != 0 {
                        continue;
                    }
                    let near = [
                        (r > 0).then(|| (r - 1) * n + c),
                        (r + 1 < n).then(|| (r + 1) * n + c),
                        (c > 0).then(|| r * n + c - 1),
                        (c + 1 < n).then(|| r * n + c + 1),
                    ];
                    for k in near.into_iter().flatten() {
                        if free[k] {
                            edges.push((index[r * n + c], index[k]));
                        }
                    }
                }
            }
            Ok(Bipartite::from_edges(left as usize, right as usize, edges)?)
        }
        "band" => {
            // Ten random right neighbours per left vertex within 2000 ids
            // of its own: nearby ids, random within the band.
            for u in 0..n {
                for _ in 0..10 {
                    let v = (u as u64 + rng.next() % 4000)
                        .saturating_sub(2000)
                        .min(n as u64 - 1);
                    edges.push((u as u32, v as u32));
                }
            }
            Ok(Bipartite::from_edges(n, n, edges)?)
        }
        "bandtall" => {
            // As `band` with a tenth fewer right vertices: a tenth of the
            // left ones stay free, and every phase searches from them.
            let r = n - n / 10;
            for u in 0..n {
                let centre = (u * r / n) as u64;
                for _ in 0..10 {
                    let v = (centre + rng.next() % 4000)
                        .saturating_sub(2000)
                        .min(r as u64 - 1);
                    edges.push((u as u32, v as u32));
                }
            }
            Ok(Bipartite::from_edges(n, r, edges)?)
        }
        "blockfirst" => {
            // The door of `Auto`'s test for nearby ids (the first neighbour
            // of sampled vertices): each left vertex's smallest neighbour
            // is the first id of its block of 4096, the other nine are
            // random ids after it, so the graph is random but looks local.
            for u in 0..n {
                let first = u - u % 4096;
                edges.push((u as u32, first as u32));
                for _ in 0..9 {
                    let v = first as u64 + rng.next() % (n - first) as u64;
                    edges.push((u as u32, v as u32));
                }
            }
            Ok(Bipartite::from_edges(n, n, edges)?)
        }
        "bandfar" | "bandfar1" => {
            // `band` with one of the ten neighbours drawn from anywhere
            // (`bandfar1`: of every tenth vertex only, 1 % of the arcs):
            // mostly local, with random long arcs.
            let every = match family {
                "bandfar1" => std::env::var("BANDFAR_EVERY")
                    .ok()
                    .and_then(|e| e.parse().ok())
                    .unwrap_or(10),
                _ => 1,
            };
            for u in 0..n {
                for k in 0..10 {
                    let v = if k == 0 && u % every == 0 {
                        rng.next() % n as u64
                    } else {
                        (u as u64 + rng.next() % 4000)
                            .saturating_sub(2000)
                            .min(n as u64 - 1)
                    };
                    edges.push((u as u32, v as u32));
                }
            }
            Ok(Bipartite::from_edges(n, n, edges)?)
        }
        "gridshuf" => {
            // The board of `grid` with both sides' ids shuffled.
            let g = structure_graph("grid", n)?;
            let shuffle = |count: usize, rng: &mut SplitMix| {
                let mut p: Vec<u32> = (0..count as u32).collect();
                for i in (1..count).rev() {
                    p.swap(i, (rng.next() % (i as u64 + 1)) as usize);
                }
                p
            };
            let (pl, pr) = (
                shuffle(g.left_count(), &mut rng),
                shuffle(g.right_count(), &mut rng),
            );
            let (offsets, targets) = g.left_csr();
            let edges: Vec<(u32, u32)> = (0..g.left_count())
                .flat_map(|u| (offsets[u]..offsets[u + 1]).map(move |k| (u, k as usize)))
                .map(|(u, k)| (pl[u], pr[targets[k] as usize]))
                .collect();
            Ok(Bipartite::from_edges(
                g.left_count(),
                g.right_count(),
                edges,
            )?)
        }
        _ => Err(format!("unknown family {family:?}: random, plaw or grid").into()),
    }
}
