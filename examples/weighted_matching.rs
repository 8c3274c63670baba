//! Weighted matching of a general graph, in the Library Checker format.
//!
//! ```text
//! cargo run --release --example weighted_matching -- [--max-cardinality | --perfect] [--bench] [FILE]
//! ```
//!
//! Reads `N M` and then `M` lines `u v w` (0-based vertices `< N`, weight
//! `w`) with `bimatch::io::read_weighted_undirected_edges`, from FILE, or
//! from standard input without one or for `-` (Library Checker's "general
//! weighted matching"). Weights are integers (solved exactly) unless some
//! weight is written as a float. Self-loops are accepted and ignored; an
//! edge given twice keeps its best copy.
//!
//! - Prints `X W`, the number of pairs and their total weight, then one
//!   `a b` line per pair (`a < b`, ascending): a matching of greatest total
//!   weight.
//! - `--max-cardinality`: among the matchings with the most pairs, one of
//!   greatest weight.
//! - `--perfect`: a perfect matching of least total weight; without one,
//!   one line on stderr naming the size of the barrier that proves it, and
//!   exit status 1.
//! - `--bench`: repeats the solve (reading is not timed) and prints `X W`,
//!   then, last, `X median_ms min_ms reps`, instead of the pairs, by the
//!   rules of the other examples: at least `PEERS_REPS` (5) repetitions,
//!   on until `PEERS_MIN_MS` (1000) ms are spent, at most `PEERS_MAX_REPS`
//!   (101), stop after `PEERS_BUDGET_MS` (15000) ms.
//! - `--verify`: also checks the answer's dual certificate, and prints
//!   `certified` last.
//!
//! `--help` prints the usage. Bad input prints one line on stderr, naming
//! the file, the line and the field, and exits with status 2; so does a
//! header claiming more than 4 vertices per byte of the input (plus 2^20).

mod support;
use support::{ms, push_number, repeat, Failure, Input};

use std::fmt::Display;
use std::process::ExitCode;

use bimatch::assignment::Cost;
use bimatch::general::{
    max_weight_matching, min_weight_perfect_matching, MaxWeightMatching, WeightedError,
    WeightedGraph, WeightedMatching,
};
use bimatch::io::{read_weighted_undirected_edges, Number};
use bimatch::ReadError;

const USAGE: &str =
    "usage: weighted_matching [--max-cardinality | --perfect] [--bench] [--verify] [FILE]\n\
    reads N M, then M lines u v w, from FILE, or from standard input without one or for -";

/// Which problem to solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Max,
    MaxCardinality,
    Perfect,
}

struct Options {
    mode: Mode,
    bench: bool,
    verify: bool,
    path: Option<String>,
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut o = Options {
        mode: Mode::Max,
        bench: false,
        verify: false,
        path: None,
    };
    let mut chosen = None;
    for a in args {
        match a.as_str() {
            "--max-cardinality" | "--perfect" => {
                if chosen.replace(a.clone()).is_some() {
                    return Err("choose one of --max-cardinality and --perfect".into());
                }
                o.mode = if a == "--perfect" {
                    Mode::Perfect
                } else {
                    Mode::MaxCardinality
                };
            }
            "--bench" => o.bench = true,
            "--verify" => o.verify = true,
            _ if a.starts_with("--") => return Err(format!("unknown option {a:?} (try --help)")),
            _ => {
                if o.path.replace(a).is_some() {
                    return Err("more than one graph file given".into());
                }
            }
        }
    }
    Ok(o)
}

/// Whether reading as integers failed on a weight only, so that reading
/// as floats may succeed.
fn bad_weight(e: &ReadError) -> bool {
    matches!(e, ReadError::BadField { expected, .. } if *expected == "a weight")
}

fn graph<W: Cost + Number>(text: &[u8]) -> Result<WeightedGraph<W>, String> {
    let g = read_weighted_undirected_edges::<W, _>(text).map_err(|e| e.to_string())?;
    WeightedGraph::from_edges(g.vertex_count(), g.edges()).map_err(|e| e.to_string())
}

fn solve<W: Cost>(g: &WeightedGraph<W>, mode: Mode) -> Result<WeightedMatching<W>, WeightedError> {
    match mode {
        Mode::Max => max_weight_matching(g),
        Mode::MaxCardinality => MaxWeightMatching::new(g).max_cardinality().solve(),
        Mode::Perfect => min_weight_perfect_matching(g),
    }
}

/// A solver's error: no perfect matching is status 1, anything else about
/// the input (weights out of range) status 2.
fn failure(e: WeightedError) -> Failure {
    match e {
        WeightedError::NoPerfectMatching {
            certificate,
            maximum,
            ..
        } => Failure {
            message: format!(
                "no perfect matching: a barrier of {} vertices leaves {} odd components \
                 (a maximum matching has {maximum} pairs)",
                certificate.barrier().len(),
                certificate.odd_components().len()
            ),
            status: 1,
        },
        other => Failure::from(other.to_string()),
    }
}

/// The answer for one graph, as the bytes to print.
fn answer_for<W: Cost>(g: &WeightedGraph<W>, opts: &Options) -> Result<Vec<u8>, Failure>
where
    W::Scalar: Display,
{
    let m = solve(g, opts.mode).map_err(failure)?;
    let mut out = Vec::with_capacity(m.len() * 16 + 32);
    out.extend_from_slice(format!("{} {}\n", m.len(), m.total()).as_bytes());
    if opts.bench {
        let (median, min, reps) = repeat(|| {
            std::hint::black_box(solve(g, opts.mode).ok());
        });
        out.extend_from_slice(
            format!("{} {:.3} {:.3} {reps}\n", m.len(), ms(median), ms(min)).as_bytes(),
        );
    } else {
        for (a, b) in m.pairs() {
            push_number(&mut out, a);
            out.push(b' ');
            push_number(&mut out, b);
            out.push(b'\n');
        }
    }
    if opts.verify {
        m.verify(g).map_err(|e| Failure {
            message: e.to_string(),
            status: 1,
        })?;
        out.extend_from_slice(b"certified\n");
    }
    Ok(out)
}

/// The whole answer for one input.
fn answer(opts: &Options, text: &[u8]) -> Result<Vec<u8>, Failure> {
    match graph::<i64>(text) {
        Ok(g) => answer_for(&g, opts),
        Err(_) if read_weighted_undirected_edges::<i64, _>(text).is_err_and(|e| bad_weight(&e)) => {
            answer_for(&graph::<f64>(text)?, opts)
        }
        Err(e) => Err(e.into()),
    }
}

/// The program on its arguments: the output, or why it failed.
fn run(args: Vec<String>) -> Result<Vec<u8>, Failure> {
    let opts = parse_args(args.into_iter())?;
    let input = Input::read(opts.path.as_deref())?;
    answer(&opts, &input.bytes).map_err(|f| Failure {
        message: input.error(f.message),
        status: f.status,
    })
}

fn main() -> ExitCode {
    support::main("weighted_matching", USAGE, run)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Result<Options, String> {
        parse_args(list.iter().map(|s| s.to_string()))
    }

    fn run_on(list: &[&str], input: &str) -> Result<String, (u8, String)> {
        let o = args(list).map_err(|e| (2, e))?;
        answer(&o, input.as_bytes())
            .map(|b| String::from_utf8(b).unwrap())
            .map_err(|f| (f.status, f.message))
    }

    /// The pairs printed after the header, checked to be a matching.
    fn pairs(out: &str) -> Vec<(usize, usize)> {
        out.lines()
            .skip(1)
            .map(|l| {
                let mut w = l.split(' ').map(|x| x.parse().unwrap());
                (w.next().unwrap(), w.next().unwrap())
            })
            .collect()
    }

    #[test]
    fn three_modes_on_a_small_graph() {
        // a path 0-1-2-3 weighing 2, 5, 2, and a pendant 3-4 weighing 1
        let input = "5 4\n0 1 2\n1 2 5\n2 3 2\n3 4 1\n";
        let out = run_on(&[], input).unwrap();
        assert!(out.starts_with("2 6\n"), "{out}");
        assert_eq!(pairs(&out), [(1, 2), (3, 4)]);
        let out = run_on(&["--max-cardinality"], input).unwrap();
        assert!(out.starts_with("2 6\n"), "{out}");
        let even = "4 3\n0 1 2\n1 2 5\n2 3 2\n";
        let out = run_on(&["--perfect"], even).unwrap();
        assert_eq!(out, "2 4\n0 1\n2 3\n");
        let out = run_on(&["--verify"], input).unwrap();
        assert!(out.ends_with("certified\n"), "{out}");
    }

    #[test]
    fn floats_when_a_weight_is_one() {
        let out = run_on(&["--verify"], "3 2\n0 1 1.5\n1 2 2\n").unwrap();
        assert_eq!(out, "1 2\n1 2\ncertified\n");
    }

    #[test]
    fn no_perfect_matching_is_status_1_naming_the_barrier() {
        // a star: the centre is the barrier
        let (status, message) = run_on(&["--perfect"], "4 3\n0 1 1\n0 2 1\n0 3 1\n").unwrap_err();
        assert_eq!(status, 1);
        assert!(
            message.contains("a barrier of 1 vertices leaves 3 odd components"),
            "{message}"
        );
        assert!(!message.contains('\n'));
    }

    #[test]
    fn bench_prints_the_answer_then_timing_last() {
        std::env::set_var("PEERS_REPS", "2");
        std::env::set_var("PEERS_MIN_MS", "0");
        let out = run_on(&["--bench"], "5 5\n0 1 3\n1 2 3\n2 3 3\n3 4 3\n4 0 3\n").unwrap();
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some("2 6"));
        let last: Vec<&str> = out.lines().last().unwrap().split(' ').collect();
        assert_eq!(last.len(), 4, "{out}");
        assert_eq!(last[0], "2");
        assert!(last[1].parse::<f64>().is_ok() && last[2].parse::<f64>().is_ok());
        assert!(last[3].parse::<usize>().unwrap() >= 2);
    }

    #[test]
    fn bad_input_is_status_2_and_one_line() {
        let cases: [(&str, &str); 6] = [
            ("", "line 1: expected the header \"N M\""),
            ("3 1\n0 1\n", "line 2"),
            (
                "3 1\n0 x 1\n",
                "line 2, field 2: expected a vertex, found \"x\"",
            ),
            (
                "3 1\n0 3 1\n",
                "line 2, field 2: index 3 is out of range 0..3",
            ),
            ("3 1\n0 1 nan\n", "expected a weight"),
            (
                "3 1\n0 1 1\n2\n",
                "line 3: more entries than the 1 announced",
            ),
        ];
        for (text, expected) in cases {
            let (status, err) = run_on(&[], text).unwrap_err();
            assert_eq!(status, 2, "{err}");
            assert!(
                err.contains(expected),
                "{err:?} should mention {expected:?}"
            );
            assert!(!err.contains('\n'), "one line: {err:?}");
        }
        let (status, err) = run_on(&[], "2 1\n0 1 9000000000000000000\n").unwrap_err();
        assert_eq!(status, 2);
        assert!(err.contains("could overflow"), "{err}");
    }

    #[test]
    fn the_process() {
        if let Some(args) = support::child::args() {
            std::process::exit(i32::from(support::status(
                "weighted_matching",
                USAGE,
                args,
                run,
            )));
        }
        let test = "tests::the_process";
        let (code, out, err) = support::child::run(test, &["--help"], b"");
        assert_eq!((code, err.as_str()), (Some(0), ""));
        assert!(out.contains(USAGE), "{out}");
        let input = b"3 2\n0 1 4\n1 2 5\n";
        for args in [&[][..], &["-"]] {
            let (code, out, err) = support::child::run(test, args, input);
            assert_eq!((code, err.as_str()), (Some(0), ""));
            assert!(out.contains("1 5\n1 2\n"), "{out}");
        }
        let (code, _, err) = support::child::run(test, &["--perfect", "-"], input);
        assert_eq!(code, Some(1));
        assert!(
            err.starts_with("weighted_matching: <stdin>: no perfect matching"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1);
        let (code, _, err) = support::child::run(test, &["-"], b"3 1\n0 7 1\n");
        assert_eq!(code, Some(2));
        assert_eq!(
            err,
            "weighted_matching: <stdin>: line 2, field 2: index 7 is out of range 0..3\n"
        );
    }

    #[test]
    fn options() {
        let o = args(&["--perfect", "--bench", "g.txt"]).unwrap();
        assert!(o.bench && o.mode == Mode::Perfect);
        assert_eq!(o.path.as_deref(), Some("g.txt"));
        assert!(args(&["--perfect", "--max-cardinality"]).is_err());
        assert!(args(&["--frobnicate"]).is_err());
        assert!(args(&["a", "b"]).is_err());
    }
}
