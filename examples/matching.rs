//! Maximum matching of a graph file, with timing.
//!
//! ```text
//! cargo run --release --example matching -- [--matcher NAME] [--pairs] [--bench] [--structure] [--threads N] [FILE]
//! ```
//!
//! The file (standard input without one, or for `-`) holds `L R M` and
//! then `M` lines `u v` (0-based, left `u < L`, right `v < R`), read with
//! `bimatch::io::read_edge_list`. `NAME` is `auto` (the default), `hk`, `dinic`, `pr`,
//! `pf`, `ks` (the Karp–Sipser maximal matching alone), or, built with
//! `--features parallel`, `ppf` (`bimatch::ParallelPothenFan` on the
//! pool's threads).
//!
//! - Without `--bench`: prints the matching size and the time it took.
//! - `--pairs`: also prints one `u v` line per matched pair.
//! - `--bench`: repeats the matching (reading and building the graph are
//!   not timed) and prints, last, `size median_ms min_ms reps`. The number
//!   of repetitions follows the environment: at least `PEERS_REPS` (5), go
//!   on until `PEERS_MIN_MS` (1000) ms are spent, at most `PEERS_MAX_REPS`
//!   (101), stop after `PEERS_BUDGET_MS` (15000) ms.
//! - `--structure`: also finds the non-essential vertices; with `--bench`
//!   it times only that step, on a maximum matching found beforehand.
//!
//! `--help` prints the usage. Bad input prints one line on stderr, naming
//! the file, the line and the field, and exits with status 2; so does a
//! header claiming more than 4 vertices per byte of the file (plus 2^20,
//! see `bimatch::io::VERTICES_PER_BYTE`), which would only allocate memory
//! for isolated vertices.
//!
//! `--threads N` (built with `--features parallel`) runs the program in a
//! rayon pool of N threads (default: the global pool, one thread per
//! core); the output is the same for every N (but the pairs `--pairs`
//! prints for `ppf`, which may differ from run to run; never their
//! number). Without the feature the flag is refused: one line on stderr,
//! status 2. On several threads: building the graph (the CSR builder's
//! sorts, from 2^20 edges) and `ppf`; the other matchers are sequential.

mod support;
use support::{ms, repeat, Failure, Input};

use std::process::ExitCode;
use std::time::Instant;

use bimatch::{non_essential_vertices, Bipartite, KarpSipser, Matcher, MatcherKind, Matching};

/// Which algorithm to run.
#[derive(Clone, Copy)]
enum Choice {
    Matcher(MatcherKind),
    KarpSipser,
    /// `bimatch::ParallelPothenFan` (with the `parallel` feature).
    #[cfg(feature = "parallel")]
    Parallel,
}

impl Choice {
    /// A matcher's name or short name (see `MatcherKind`), or `ks` for the
    /// Karp–Sipser maximal matching.
    fn parse(name: &str) -> Result<Choice, String> {
        if name == "ks" {
            return Ok(Choice::KarpSipser);
        }
        #[cfg(feature = "parallel")]
        if name == "ppf" {
            return Ok(Choice::Parallel);
        }
        name.parse()
            .map(Choice::Matcher)
            .map_err(|e| format!("{e}, or ks"))
    }

    fn run(self, g: &Bipartite) -> Matching {
        match self {
            Choice::Matcher(m) => m.maximum_matching(g),
            Choice::KarpSipser => KarpSipser.maximal_matching(g),
            #[cfg(feature = "parallel")]
            Choice::Parallel => bimatch::ParallelPothenFan.maximum_matching(g),
        }
    }
}

struct Options {
    choice: Choice,
    pairs: bool,
    bench: bool,
    structure: bool,
    path: Option<String>,
}

const USAGE: &str =
    "usage: matching [--matcher hk|dinic|pr|pf|ks|ppf|auto] [--pairs] [--bench] [--structure] [--threads N] [FILE]\n\
    reads L R M, then M lines u v, from FILE, or from standard input without one or for -";

fn parse_args(args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut choice = Choice::Matcher(MatcherKind::Auto);
    let (mut pairs, mut bench, mut structure) = (false, false, false);
    let mut path = None;
    let mut args = args.peekable();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--matcher" => {
                let name = args.next().ok_or("--matcher needs a name")?;
                choice = Choice::parse(&name)?;
            }
            "--pairs" => pairs = true,
            "--bench" => bench = true,
            "--structure" => structure = true,
            _ if a.starts_with("--") => return Err(format!("unknown option {a:?} (try --help)")),
            _ => {
                if path.replace(a).is_some() {
                    return Err("more than one graph file given".into());
                }
            }
        }
    }
    Ok(Options {
        choice,
        pairs,
        bench,
        structure,
        path,
    })
}

/// Reads `L R M` and `M` edges with the library's reader; every failure is
/// a one-line message naming the line.
fn parse_graph(text: &[u8]) -> Result<Bipartite, String> {
    bimatch::io::read_edge_list(text).map_err(|e| e.to_string())
}

/// The program on its arguments: the output, or why it failed.
fn run(args: Vec<String>) -> Result<Vec<u8>, Failure> {
    let opts = parse_args(args.into_iter())?;
    let input = Input::read(opts.path.as_deref())?;
    let g = parse_graph(&input.bytes).map_err(|e| input.error(e))?;
    Ok(answer(&opts, &g)?)
}

/// The output for the graph `g`.
fn answer(opts: &Options, g: &Bipartite) -> Result<Vec<u8>, String> {
    if opts.bench {
        let (size, (median, min, reps)) = if opts.structure {
            let m = opts.choice.run(g);
            let mut ok = true;
            let timing = repeat(|| ok &= non_essential_vertices(g, &m).is_ok());
            if !ok {
                return Err(
                    "the matching is not maximum (non_essential_vertices refused it)".into(),
                );
            }
            (m.len(), timing)
        } else {
            let mut size = 0;
            let timing = repeat(|| size = std::hint::black_box(opts.choice.run(g)).len());
            (size, timing)
        };
        return Ok(format!("{size} {:.3} {:.3} {reps}\n", ms(median), ms(min)).into_bytes());
    }
    let t = Instant::now();
    let m = opts.choice.run(g);
    let match_time = t.elapsed();
    let mut out = format!("size {}\ntime_ms {:.3}\n", m.len(), ms(match_time));
    if opts.structure {
        let t = Instant::now();
        let ne = non_essential_vertices(g, &m).map_err(|e| e.to_string())?;
        let dt = t.elapsed();
        out += &format!(
            "non_essential left {} right {} time_ms {:.3}\n",
            ne.left().len(),
            ne.right().len(),
            ms(dt)
        );
    }
    if opts.pairs {
        for (u, v) in m.pairs() {
            out += &format!("{} {}\n", u.index(), v.index());
        }
    }
    Ok(out.into_bytes())
}

fn main() -> ExitCode {
    support::main_threaded("matching", USAGE, run)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Result<Options, String> {
        parse_args(list.iter().map(|s| s.to_string()))
    }

    #[test]
    fn parses_a_graph() {
        let g = parse_graph(b"2 3 3\n0 0\n0 2\n1 1\n").unwrap();
        assert_eq!((g.left_count(), g.right_count(), g.edge_count()), (2, 3, 3));
        let m = Choice::parse("auto").unwrap().run(&g);
        assert_eq!(m.len(), 2);
        #[cfg(feature = "parallel")]
        assert_eq!(Choice::parse("ppf").unwrap().run(&g).len(), 2);
    }

    #[test]
    fn bad_input_is_a_message_not_a_panic() {
        let cases: [(&[u8], &str); 7] = [
            (b"", "line 1: expected the header \"L R M\", found \"\""),
            (b"2 2", "line 1, field 3: expected an edge count"),
            (
                b"2 2 1\n0 x\n",
                "line 2, field 2: expected a right vertex id, found \"x\"",
            ),
            (
                b"2 2 2\n0 0\n",
                "line 2: the input ends after 1 of the 2 entries",
            ),
            (b"2 2 1\n0 -1\n", "found \"-1\""),
            (
                b"2 2 1\n0 99999999999999999999999\n",
                "found \"99999999999999999999999\"",
            ),
            (
                b"2 2 1\n0 5\n",
                "line 2, field 2: index 5 is out of range 0..2",
            ),
        ];
        for (text, expected) in cases {
            let err = parse_graph(text).unwrap_err();
            assert!(
                err.contains(expected),
                "{err:?} should mention {expected:?}"
            );
            assert!(!err.contains('\n'), "one line: {err:?}");
        }
    }

    #[test]
    fn a_huge_header_reserves_nothing_it_cannot_read() {
        // M claims four billion edges: the parser must fail on the missing
        // edges, not try to allocate for them.
        let err = parse_graph(b"3 3 4000000000\n0 0\n").unwrap_err();
        assert!(err.contains("1 of the 4000000000 entries"), "{err}");
        let err = parse_graph(b"4000000000 3 0\n").unwrap_err();
        assert!(err.contains("4000000000 + 3 vertices declared"), "{err}");
    }

    #[test]
    fn options() {
        let o = args(&["--matcher", "pf", "--bench", "g.txt"]).unwrap();
        assert!(o.bench && !o.pairs && !o.structure && o.path.as_deref() == Some("g.txt"));
        assert!(
            matches!(args(&["--matcher", "nope", "g.txt"]), Err(e) if e.contains("unknown matcher"))
        );
        assert!(args(&["--matcher"]).is_err());
        assert!(args(&["--frobnicate", "g.txt"]).is_err());
        assert!(args(&[]).unwrap().path.is_none());
        assert!(args(&["-"]).unwrap().path.as_deref() == Some("-"));
        assert!(args(&["a", "b"]).is_err());
        for name in ["hk", "dinic", "pr", "pf", "ks", "auto"] {
            assert!(Choice::parse(name).is_ok(), "{name}");
        }
        assert_eq!(
            Choice::parse("ppf").is_ok(),
            cfg!(feature = "parallel"),
            "ppf with the parallel feature only"
        );
    }

    #[test]
    fn the_process() {
        if let Some(args) = support::child::args() {
            std::process::exit(i32::from(support::status("matching", USAGE, args, run)));
        }
        let test = "tests::the_process";
        for help in ["--help", "-h"] {
            let (code, out, err) = support::child::run(test, &[help], b"");
            assert_eq!((code, err.as_str()), (Some(0), ""));
            assert!(out.contains(USAGE), "{out}");
        }
        let input = b"\xEF\xBB\xBF2 2 2\r\n0 0\r\n1 1\r\n";
        for args in [&["--bench"][..], &["--bench", "-"]] {
            let (code, out, err) = support::child::run(test, args, input);
            assert_eq!((code, err.as_str()), (Some(0), ""));
            assert!(out.starts_with("2 "), "{out}");
        }
        let (code, _, err) = support::child::run(test, &[], b"2 2 1\n0 5\n");
        assert_eq!(code, Some(2));
        assert_eq!(
            err,
            "matching: <stdin>: line 2, field 2: index 5 is out of range 0..2\n"
        );
    }
}
