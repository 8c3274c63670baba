//! The bottleneck assignment against the textbook method, side by side in
//! one run: a binary search over the sorted distinct costs with
//! Hopcroft–Karp from scratch at every probe (and once on every entry for
//! the maximum size), against `bimatch::assignment::bottleneck`
//! (galloping thresholds from the row bound, warm-started matching, no full
//! sort). Both answers are checked against each other and verified.
//!
//! `cargo bench -p bimatch-benches --bench bottleneck` (stable; a measured
//! comparison, not criterion: the baseline takes seconds per run at
//! n = 10^6). Prints one line per input: the medians of `BOTTLENECK_REPS`
//! (default 5) runs of each, in milliseconds, and their ratio.
//! Instances are generated here, from fixed seeds.

use std::time::Instant;

use bimatch::assignment::{bottleneck, CostMatrix, WeightedBipartite};
use bimatch::{Bipartite, HopcroftKarp, Matcher};

/// xorshift64*.
mod rng;
use rng::Rng;

/// The baseline: distinct costs sorted, then binary search for the least
/// threshold whose entries admit a matching of the maximum size, each
/// probe's graph built and matched from scratch.
fn baseline(rows: usize, cols: usize, entries: &[(u32, u32, i64)]) -> (usize, Option<i64>) {
    let graph = |t: i64| {
        Bipartite::from_edges(
            rows,
            cols,
            entries.iter().filter(|e| e.2 <= t).map(|&(i, j, _)| (i, j)),
        )
        .unwrap()
    };
    let nu = HopcroftKarp.maximum_matching(&graph(i64::MAX)).len();
    if nu == 0 {
        return (0, None);
    }
    let mut keys: Vec<i64> = entries.iter().map(|e| e.2).collect();
    keys.sort_unstable();
    keys.dedup();
    let (mut a, mut b) = (0, keys.len() - 1);
    while a < b {
        let mid = a + (b - a) / 2;
        if HopcroftKarp.maximum_matching(&graph(keys[mid])).len() == nu {
            b = mid;
        } else {
            a = mid + 1;
        }
    }
    (nu, Some(keys[b]))
}

fn median(mut t: Vec<f64>) -> f64 {
    t.sort_by(|a, b| a.partial_cmp(b).unwrap());
    t[t.len() / 2]
}

fn time<T>(f: impl FnMut() -> T, reps: usize) -> (f64, T) {
    let mut f = f;
    let mut out = None;
    let times = (0..reps)
        .map(|_| {
            let s = Instant::now();
            out = Some(f());
            s.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    (median(times), out.unwrap())
}

fn report(name: &str, ours: f64, base: f64) {
    println!("{name:<44} bottleneck {ours:>10.1} ms   binary search + HK {base:>10.1} ms   ratio {:>6.1}", base / ours);
}

fn main() {
    let reps: usize = std::env::var("BOTTLENECK_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    // Dense uniform integers [0, 10^6), 2000 × 2000.
    let n = 2000;
    let mut rng = Rng(0xb0);
    let data: Vec<i64> = (0..n * n)
        .map(|_| (rng.next() % 1_000_000) as i64)
        .collect();
    let m = CostMatrix::new(n, n, data.clone()).unwrap();
    let entries: Vec<(u32, u32, i64)> = data
        .iter()
        .enumerate()
        .map(|(k, &w)| ((k / n) as u32, (k % n) as u32, w))
        .collect();
    let (ours, b) = time(|| bottleneck(&m).unwrap(), reps);
    b.verify(&m).unwrap();
    let (base, (nu, v)) = time(|| baseline(n, n, &entries), reps);
    assert_eq!((nu, v), (b.len(), b.value()));
    report("dense uniform [0, 10^6) 2000x2000", ours, base);
    drop((m, entries));
    // Sparse uniform, 5 to 20 entries a row, integers [0, 10^6).
    for n in [100_000usize, 1_000_000] {
        let mut rng = Rng(0x5b + n as u64);
        let mut entries: Vec<(u32, u32, i64)> = Vec::new();
        let mut row: Vec<u32> = Vec::new();
        for i in 0..n {
            let d = 5 + (rng.next() % 16) as usize;
            row.clear();
            while row.len() < d {
                let j = (rng.next() % n as u64) as u32;
                if !row.contains(&j) {
                    row.push(j);
                }
            }
            entries.extend(
                row.iter()
                    .map(|&j| (i as u32, j, (rng.next() % 1_000_000) as i64)),
            );
        }
        let g = WeightedBipartite::from_edges(n, n, &entries).unwrap();
        let r = if n >= 1_000_000 { reps.min(3) } else { reps };
        let (ours, b) = time(|| bottleneck(&g).unwrap(), r);
        b.verify(&g).unwrap();
        let (base, (nu, v)) = time(|| baseline(n, n, &entries), r);
        assert_eq!((nu, v), (b.len(), b.value()));
        report(&format!("sparse uniform 5-20 a row, n = {n}"), ours, base);
    }
}
