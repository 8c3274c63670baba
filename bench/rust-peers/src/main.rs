//! Rust peers of the benchmark harness.
//!
//! ```text
//! bench-rust-peers PEER FILE
//! ```
//!
//! - `pathfinding-km`: `pathfinding::kuhn_munkres::kuhn_munkres_min` on a dense
//!   integer matrix (`rows cols`, then the rows). Not applicable (exit status
//!   4) to fractional or forbidden (`inf`) costs or to more rows than
//!   columns, which the library does not take.
//! - `petgraph`: `petgraph::algo::maximum_matching` on an undirected graph
//!   (`N M`, then `u v` lines).
//!
//! Stdout, last line: `size median_ms min_ms reps` (`cost X` before it for
//! the assignment). Only the library call is timed; repetitions follow
//! `PEERS_REPS`, `PEERS_MIN_MS`, `PEERS_MAX_REPS` and `PEERS_BUDGET_MS`.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use pathfinding::kuhn_munkres::kuhn_munkres_min;
use pathfinding::matrix::Matrix;
use petgraph::graph::UnGraph;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(default)
}

/// Times `solve` by the harness's rules; returns (size, median, min, reps).
fn repeat(mut solve: impl FnMut() -> usize) -> Result<(usize, Duration, Duration, usize), String> {
    let min_reps = env_u64("PEERS_REPS", 5).max(1) as usize;
    let min_total = Duration::from_millis(env_u64("PEERS_MIN_MS", 1000));
    let max_reps = env_u64("PEERS_MAX_REPS", 101).max(1) as usize;
    let budget = Duration::from_millis(env_u64("PEERS_BUDGET_MS", 15000));
    let (mut times, mut total, mut size) = (Vec::new(), Duration::ZERO, None);
    loop {
        let t = Instant::now();
        let s = std::hint::black_box(solve());
        let dt = t.elapsed();
        if size.is_some_and(|old| old != s) {
            return Err(format!(
                "size changed between repetitions: {size:?} then {s}"
            ));
        }
        size = Some(s);
        times.push(dt);
        total += dt;
        if (times.len() >= min_reps && total >= min_total)
            || times.len() >= max_reps
            || total >= budget
        {
            break;
        }
    }
    times.sort();
    Ok((
        size.unwrap_or(0),
        times[times.len() / 2],
        times[0],
        times.len(),
    ))
}

fn print_line(size: usize, median: Duration, min: Duration, reps: usize) {
    println!(
        "{size} {:.3} {:.3} {reps}",
        median.as_secs_f64() * 1e3,
        min.as_secs_f64() * 1e3
    );
}

enum Failure {
    NotApplicable(String),
    Error(String),
}

fn numbers(text: &str) -> impl Iterator<Item = &str> {
    text.split_ascii_whitespace()
}

fn pathfinding_km(text: &str) -> Result<(), Failure> {
    let bad = |what: &str| Failure::Error(format!("bad matrix: {what}"));
    let mut it = numbers(text);
    let mut dim = || -> Result<usize, Failure> {
        it.next()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad("header"))
    };
    let (rows, cols) = (dim()?, dim()?);
    if rows > cols {
        return Err(Failure::NotApplicable(
            "kuhn_munkres panics when rows > columns".into(),
        ));
    }
    let mut values = Vec::with_capacity(rows * cols);
    for s in numbers(text).skip(2) {
        match s.parse::<i64>() {
            Ok(v) => values.push(v),
            Err(_) => {
                return Err(Failure::NotApplicable(format!(
                    "kuhn_munkres needs integer (Ord) costs; found {s:?}"
                )))
            }
        }
    }
    if values.len() != rows * cols {
        return Err(bad("entry count"));
    }
    let matrix = Matrix::from_vec(rows, cols, values).map_err(|e| bad(&e.to_string()))?;
    let mut cost = 0;
    let (size, median, min, reps) = repeat(|| {
        let (total, assignment) = kuhn_munkres_min(&matrix);
        cost = total;
        assignment.len()
    })
    .map_err(Failure::Error)?;
    println!("cost {cost}");
    print_line(size, median, min, reps);
    Ok(())
}

fn petgraph_matching(text: &str) -> Result<(), Failure> {
    let bad = |what: &str| Failure::Error(format!("bad graph: {what}"));
    let mut it = numbers(text).map(|s| s.parse::<u32>());
    let mut next = || -> Result<u32, Failure> {
        it.next()
            .and_then(|r| r.ok())
            .ok_or_else(|| bad("a number"))
    };
    let (n, m) = (next()?, next()?);
    let mut graph = UnGraph::<(), ()>::with_capacity(n as usize, m as usize);
    for _ in 0..n {
        graph.add_node(());
    }
    for _ in 0..m {
        let (u, v) = (next()?, next()?);
        if u >= n || v >= n {
            return Err(bad("a vertex id out of range"));
        }
        graph.add_edge(u.into(), v.into(), ());
    }
    let (size, median, min, reps) =
        repeat(|| petgraph::algo::maximum_matching(&graph).len()).map_err(Failure::Error)?;
    print_line(size, median, min, reps);
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [peer, path] = args.as_slice() else {
        eprintln!("usage: bench-rust-peers pathfinding-km|petgraph FILE");
        return ExitCode::from(1);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(1);
        }
    };
    let result = match peer.as_str() {
        "pathfinding-km" => pathfinding_km(&text),
        "petgraph" => petgraph_matching(&text),
        _ => Err(Failure::Error(format!("unknown peer {peer:?}"))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::NotApplicable(why)) => {
            eprintln!("n/a: {why}");
            ExitCode::from(4)
        }
        Err(Failure::Error(e)) => {
            eprintln!("{path}: {e}");
            ExitCode::from(1)
        }
    }
}
