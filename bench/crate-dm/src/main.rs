//! The crate's Dulmage–Mendelsohn runner for the benchmark harness: times
//! a maximum matching followed by `dulmage_mendelsohn` (the work CSparse's
//! `cs_dmperm` does in one call) on a Matrix Market file read beforehand.
//! The default matcher searches a tall matrix from its smaller side, as
//! CSparse's `cs_maxtrans` does.
//!
//! ```text
//! bench-crate-dm MATRIX.mtx
//! ```
//!
//! Stdout: `dm rank R horizontal A B freecols C square D E vertical F G
//! freerows H blocks K` (the coarse parts and the number of fine square
//! blocks, as `examples/dmperm.rs` prints them), then `rank median_ms min_ms
//! reps`. Repetitions follow `PEERS_REPS`, `PEERS_MIN_MS`, `PEERS_MAX_REPS`
//! and `PEERS_BUDGET_MS`.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use bimatch::io::read_matrix_market;
use bimatch::{dulmage_mendelsohn, maximum_matching};

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(default)
}

fn run(path: &str) -> Result<(), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let g =
        read_matrix_market(std::io::BufReader::new(file)).map_err(|e| format!("{path}: {e}"))?;
    let min_reps = env_u64("PEERS_REPS", 5).max(1) as usize;
    let min_total = Duration::from_millis(env_u64("PEERS_MIN_MS", 1000));
    let max_reps = env_u64("PEERS_MAX_REPS", 101).max(1) as usize;
    let budget = Duration::from_millis(env_u64("PEERS_BUDGET_MS", 15000));
    let (mut times, mut total) = (Vec::new(), Duration::ZERO);
    let dm = loop {
        let t = Instant::now();
        let m = maximum_matching(&g);
        let dm = dulmage_mendelsohn(&g, &m).map_err(|e| e.to_string())?;
        let dt = t.elapsed();
        times.push(dt);
        total += dt;
        if (times.len() >= min_reps && total >= min_total)
            || times.len() >= max_reps
            || total >= budget
        {
            break dm;
        }
    };
    times.sort();
    let (rr, cc) = (dm.rr(), dm.cc());
    println!(
        "dm rank {} horizontal {} {} freecols {} square {} {} vertical {} {} freerows {} blocks {}",
        dm.structural_rank(),
        rr[1] - rr[0],
        cc[2] - cc[0],
        cc[1] - cc[0],
        rr[2] - rr[1],
        cc[3] - cc[2],
        rr[4] - rr[2],
        cc[4] - cc[3],
        rr[4] - rr[3],
        dm.square_blocks().len()
    );
    println!(
        "{} {:.3} {:.3} {}",
        dm.structural_rank(),
        times[times.len() / 2].as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3,
        times.len()
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path] = args.as_slice() else {
        eprintln!("usage: bench-crate-dm MATRIX.mtx");
        return ExitCode::from(1);
    };
    match run(path) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bench-crate-dm: {e}");
            ExitCode::from(2)
        }
    }
}
