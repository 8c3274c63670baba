//! What the examples share: the command line (`--help`, the input file or
//! standard input), reading the input, the `--bench` timing rules of the
//! peer harness (`bench/`), so that every example's figures mean the same,
//! and the one way to write the answer.

// Each example uses only some of these.
#![allow(dead_code)]

use std::io::Read;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Whether the arguments ask for the usage (`-h` or `--help`).
pub fn wants_help(args: &[String]) -> bool {
    args.iter().any(|a| a == "-h" || a == "--help")
}

/// The input file named on the command line: `None` (no argument) and `-`
/// both mean standard input.
pub fn input_path(path: Option<&str>) -> Option<&str> {
    path.filter(|p| *p != "-")
}

/// An input read whole: its bytes and the name errors give it.
pub struct Input {
    /// The file name, or `<stdin>`.
    pub name: String,
    /// The file's bytes.
    pub bytes: Vec<u8>,
}

impl Input {
    /// Reads the file `path`, or standard input for `None` or `-`; an error
    /// is one line naming the file.
    pub fn read(path: Option<&str>) -> Result<Input, String> {
        match input_path(path) {
            Some(path) => std::fs::read(path)
                .map(|bytes| Input {
                    name: path.to_string(),
                    bytes,
                })
                .map_err(|e| format!("{path}: {e}")),
            None => Input::read_from(&mut std::io::stdin().lock()),
        }
    }

    /// Reads standard input (or what stands for it in a test).
    pub fn read_from(stdin: &mut dyn Read) -> Result<Input, String> {
        let mut bytes = Vec::new();
        stdin
            .read_to_end(&mut bytes)
            .map_err(|e| format!("<stdin>: {e}"))?;
        Ok(Input {
            name: "<stdin>".to_string(),
            bytes,
        })
    }

    /// `message` about this input, as one line naming it.
    pub fn error(&self, message: impl std::fmt::Display) -> String {
        format!("{}: {message}", self.name)
    }
}

/// Why an example stops: a one-line message and the exit status.
pub struct Failure {
    /// The message, without the program's name.
    pub message: String,
    /// The exit status: 2 for bad input or usage, 1 otherwise.
    pub status: u8,
}

impl From<String> for Failure {
    /// Bad input or usage: status 2.
    fn from(message: String) -> Self {
        Failure { message, status: 2 }
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Self {
        Failure::from(message.to_string())
    }
}

/// The whole program as `main` runs it: `--help` or `-h` prints `usage`
/// on standard output and exits 0; otherwise `run` gives the output,
/// written with [`write_stdout`], or a failure, printed as one line
/// `name: message` on standard error. Returns the exit status.
pub fn status(
    name: &str,
    usage: &str,
    args: Vec<String>,
    run: impl FnOnce(Vec<String>) -> Result<Vec<u8>, Failure>,
) -> u8 {
    let result = if wants_help(&args) {
        Ok(format!("{}\n", usage.trim_end()).into_bytes())
    } else {
        run(args)
    };
    let failure = match result {
        Ok(bytes) => match write_stdout(&bytes) {
            Ok(()) => return 0,
            Err(message) => Failure { message, status: 1 },
        },
        Err(failure) => failure,
    };
    eprintln!("{name}: {}", failure.message);
    failure.status
}

/// [`status`] on the process's arguments, as an exit code.
pub fn main(
    name: &str,
    usage: &str,
    run: impl FnOnce(Vec<String>) -> Result<Vec<u8>, Failure>,
) -> ExitCode {
    ExitCode::from(status(name, usage, std::env::args().skip(1).collect(), run))
}

/// `--threads N` taken out of the arguments (the rest keep their order):
/// `None` without the flag. With the `parallel` feature `N` must be at
/// least 1; without it the flag is refused, so that a build that would run
/// on one thread never seems to honour it.
pub fn take_threads(args: Vec<String>) -> Result<(Option<usize>, Vec<String>), String> {
    let mut threads = None;
    let mut rest = Vec::with_capacity(args.len());
    let mut args = args.into_iter();
    while let Some(a) = args.next() {
        if a != "--threads" {
            rest.push(a);
            continue;
        }
        if !cfg!(feature = "parallel") {
            return Err(
                "--threads needs the parallel feature (build with --features parallel)".into(),
            );
        }
        let n = args.next().ok_or("--threads needs a number of threads")?;
        match n.parse::<usize>() {
            Ok(n) if n >= 1 => threads = Some(n),
            _ => {
                return Err(format!(
                    "--threads needs a number of threads of 1 or more, not {n:?}"
                ))
            }
        }
    }
    Ok((threads, rest))
}

/// [`status`] for the examples that take `--threads N` ([`take_threads`]):
/// `run` runs in a rayon pool of `N` threads, or, without the flag, on the
/// global pool (one thread per core). A bad flag is a usage error (status 2).
pub fn status_threaded(
    name: &str,
    usage: &str,
    args: Vec<String>,
    run: impl FnOnce(Vec<String>) -> Result<Vec<u8>, Failure> + Send,
) -> u8 {
    status(name, usage, args, |args| {
        let (threads, rest) =
            take_threads(args).map_err(|message| Failure { message, status: 2 })?;
        in_threads(threads, || run(rest)).map_err(|message| Failure { message, status: 1 })?
    })
}

/// Runs `run` in a rayon pool of `threads` threads (with the `parallel`
/// feature and `Some`), else on the calling thread; `Err` if the pool
/// cannot be started.
pub fn in_threads<T: Send>(
    threads: Option<usize>,
    run: impl FnOnce() -> T + Send,
) -> Result<T, String> {
    match threads {
        #[cfg(feature = "parallel")]
        Some(n) => bimatch::parallel::with_threads(n, run).map_err(|e| e.to_string()),
        _ => Ok(run()),
    }
}

/// [`status_threaded`] on the process's arguments, as an exit code.
pub fn main_threaded(
    name: &str,
    usage: &str,
    run: impl FnOnce(Vec<String>) -> Result<Vec<u8>, Failure> + Send,
) -> ExitCode {
    ExitCode::from(status_threaded(
        name,
        usage,
        std::env::args().skip(1).collect(),
        run,
    ))
}

/// Runs an example's test binary again as the example itself, on real
/// standard streams: the test calls [`child::args`] first, and, in the
/// child, runs the program on them and exits.
#[cfg(test)]
pub mod child {
    use std::io::Write;
    use std::process::{Command, Stdio};

    /// Set in the child process: the program's arguments, separated by U+001F.
    const ARGS: &str = "BIMATCH_EXAMPLE_AS_CHILD";

    /// In the child, the program's arguments; `None` in the test itself.
    pub fn args() -> Option<Vec<String>> {
        let args = std::env::var(ARGS).ok()?;
        Some(
            args.split('\u{1f}')
                .filter(|a| !a.is_empty())
                .map(String::from)
                .collect(),
        )
    }

    /// Runs the test `test` (its full path, such as `tests::process`) of
    /// this binary as the program with `args`, `input` on its standard
    /// input; returns its exit status, standard output (after the test
    /// harness's own lines) and standard error.
    pub fn run(test: &str, args: &[&str], input: &[u8]) -> (Option<i32>, String, String) {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", test, "--nocapture", "--test-threads", "1"])
            .env(ARGS, args.join("\u{1f}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        let done = child.wait_with_output().unwrap();
        let out = String::from_utf8_lossy(&done.stdout);
        // The harness prints "running 1 test" and "test NAME ... " first.
        let start = format!("test {test} ... ");
        let out = out.split_once(&start).map_or(&out[..], |(_, o)| o);
        (
            done.status.code(),
            out.to_string(),
            String::from_utf8_lossy(&done.stderr).into_owned(),
        )
    }
}

/// `n` and the noun, singular for 1: `1 row`, `2 rows`.
pub fn count(n: usize, singular: &str, plural: &str) -> String {
    format!("{n} {}", if n == 1 { singular } else { plural })
}

/// Appends `n` in decimal.
pub fn push_number(out: &mut Vec<u8>, n: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_threads_flag() {
        let strings = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            take_threads(strings(&["a", "b"])).unwrap(),
            (None, strings(&["a", "b"]))
        );
        let taken = take_threads(strings(&["a", "--threads", "3", "b"]));
        #[cfg(feature = "parallel")]
        {
            assert_eq!(taken.unwrap(), (Some(3), strings(&["a", "b"])));
            for bad in [&["--threads"][..], &["--threads", "0"], &["--threads", "x"]] {
                assert!(take_threads(strings(bad))
                    .unwrap_err()
                    .contains("number of threads"));
            }
            let mut seen = 0;
            let out = status_threaded("t", "usage", strings(&["--threads", "3", "x"]), |rest| {
                assert_eq!(rest, ["x"]);
                seen = bimatch::parallel::current_threads();
                Ok(vec![])
            });
            assert_eq!((out, seen), (0, 3));
        }
        #[cfg(not(feature = "parallel"))]
        {
            assert!(taken.unwrap_err().contains("--features parallel"));
            let out = status_threaded("t", "usage", strings(&["--threads", "2"]), |_| Ok(vec![]));
            assert_eq!(out, 2);
        }
    }

    #[test]
    fn numbers_and_counts() {
        let mut out = Vec::new();
        for n in [0, 7, 10, 1234567890, usize::MAX] {
            push_number(&mut out, n);
            out.push(b' ');
        }
        let expected = format!("0 7 10 1234567890 {} ", usize::MAX);
        assert_eq!(String::from_utf8(out).unwrap(), expected);
        assert_eq!(count(1, "row", "rows"), "1 row");
        assert_eq!(count(0, "row", "rows"), "0 rows");
        assert_eq!(count(2, "entry", "entries"), "2 entries");
    }

    #[test]
    fn dash_and_nothing_mean_standard_input() {
        assert_eq!(input_path(None), None);
        assert_eq!(input_path(Some("-")), None);
        assert_eq!(input_path(Some("g.txt")), Some("g.txt"));
        let strings = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(wants_help(&strings(&["x", "-h"])));
        assert!(wants_help(&strings(&["--help"])));
        assert!(!wants_help(&strings(&["--helpful", "-"])));
        let input = Input::read_from(&mut &b"1 2\n"[..]).unwrap();
        assert_eq!(
            (input.name.as_str(), &input.bytes[..]),
            ("<stdin>", &b"1 2\n"[..])
        );
        assert_eq!(input.error("line 1: bad"), "<stdin>: line 1: bad");
    }
}
