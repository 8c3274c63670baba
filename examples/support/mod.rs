//! What the examples share: the `--bench` timing rules of the peer
//! harness (`bench/`), so that every example's figures mean the same, and
//! the one way to write the answer.

use std::time::{Duration, Instant};

/// A whole number from the environment, or `default`.
fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(default)
}

/// Runs `work` repeatedly by the harness's rules — at least `PEERS_REPS`
/// (5) runs and `PEERS_MIN_MS` (1000 ms) in all, at most `PEERS_MAX_REPS`
/// (101) runs or `PEERS_BUDGET_MS` (15000 ms) — and returns the median
/// time, the fastest and the number of runs.
pub fn repeat(mut work: impl FnMut()) -> (Duration, Duration, usize) {
    let min_reps = env_usize("PEERS_REPS", 5).max(1);
    let min_total = Duration::from_millis(env_usize("PEERS_MIN_MS", 1000) as u64);
    let max_reps = env_usize("PEERS_MAX_REPS", 101).max(1);
    let budget = Duration::from_millis(env_usize("PEERS_BUDGET_MS", 15000) as u64);
    let mut times = Vec::new();
    let mut total = Duration::ZERO;
    loop {
        let t = Instant::now();
        work();
        let dt = t.elapsed();
        times.push(dt);
        total += dt;
        let enough = times.len() >= min_reps && total >= min_total;
        if enough || times.len() >= max_reps || total >= budget {
            break;
        }
    }
    times.sort();
    (times[times.len() / 2], times[0], times.len())
}

/// A duration in milliseconds.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Writes `bytes` to standard output in one piece. A closed pipe (`| head`)
/// is not an error; any other write error is, as a one-line message.
pub fn write_stdout(bytes: &[u8]) -> Result<(), String> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("cannot write the output: {e}"))
        }
        _ => Ok(()),
    }
}
