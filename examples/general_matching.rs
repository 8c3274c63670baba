//! Maximum matching of a general graph, in the Library Checker format.
//!
//! ```text
//! cargo run --release --example general_matching -- [--engine auto|edmonds] [--structure] [--bench] [--threads N] [FILE]
//! ```
//!
//! Reads `N M` and then `M` lines `u v` (0-based vertices `< N`) with
//! `bimatch::io::read_undirected_edges`, from FILE, or from standard input
//! without one or for `-`. Self-loops are accepted and ignored (a vertex
//! cannot be matched to itself); a repeated edge counts once.
//!
//! - Prints the matching size alone on the first line, then one `u v` line
//!   per matched pair (Library Checker's "general matching" output).
//! - `--structure`: also prints, last, `gallai-edmonds D A C`, the sizes of
//!   the three sets of the Gallai–Edmonds decomposition.
//! - `--bench`: repeats the matching (with `--structure`, only the
//!   decomposition, on a maximum matching found beforehand) and prints,
//!   last, `size median_ms min_ms reps`, instead of the pairs. The number
//!   of repetitions follows the environment: at least `PEERS_REPS` (5), go
//!   on until `PEERS_MIN_MS` (1000) ms are spent, at most `PEERS_MAX_REPS`
//!   (101), stop after `PEERS_BUDGET_MS` (15000) ms.
//! - `--engine edmonds` skips the bipartite shortcut of the default `auto`.
//!
//! `--help` prints the usage. Bad input prints one line on stderr, naming
//! the file, the line and the field, and exits with status 2; so does a
//! header claiming more than 4 vertices per byte of the input (plus 2^20),
//! which would only allocate memory for isolated vertices.
//!
//! `--threads N` (built with `--features parallel`) runs the program in a
//! rayon pool of N threads (default: the global pool, one thread per
//! core); the output is the same for every N. Without the feature the
//! flag is refused: one line on stderr, status 2. On several threads:
//! nothing yet: the undirected builder and the engines are sequential.

mod support;
use support::{ms, push_number, repeat, Failure, Input};

use std::process::ExitCode;

use bimatch::general::{gallai_edmonds, Engine, Graph, Matching};
use bimatch::io::read_undirected_edges;

struct Options {
    engine: Engine,
    bench: bool,
    structure: bool,
    path: Option<String>,
}

const USAGE: &str =
    "usage: general_matching [--engine auto|edmonds] [--structure] [--bench] [--threads N] [FILE]\n\
    reads N M, then M lines u v, from FILE, or from standard input without one or for -";

fn parse_args(args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut o = Options {
        engine: Engine::Auto,
        bench: false,
        structure: false,
        path: None,
    };
    let mut args = args.peekable();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--engine" => {
                let name = args
                    .next()
                    .ok_or("--engine needs a name: auto or edmonds")?;
                o.engine = match name.as_str() {
                    "auto" => Engine::Auto,
                    "edmonds" => Engine::Edmonds,
                    _ => return Err(format!("unknown engine {name:?}: expected auto or edmonds")),
                };
            }
            "--bench" => o.bench = true,
            "--structure" => o.structure = true,
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

/// Reads `N M` and `M` edges with the library's reader; every failure is
/// a one-line message naming the line and field.
fn parse_graph(text: &[u8]) -> Result<Graph, String> {
    let g = read_undirected_edges(text).map_err(|e| e.to_string())?;
    // The graph ignores self-loops: they can match nothing.
    Graph::from_edges(g.vertex_count(), g.edges()).map_err(|e| e.to_string())
}

/// The whole answer for one input, as the bytes to print.
fn answer(opts: &Options, text: &[u8]) -> Result<Vec<u8>, String> {
    let g = parse_graph(text)?;
    let mut out = Vec::new();
    let structure = |m: &Matching| -> Result<String, String> {
        let ge = gallai_edmonds(&g, m).map_err(|e| e.to_string())?;
        Ok(format!(
            "gallai-edmonds {} {} {}\n",
            ge.d().len(),
            ge.a().len(),
            ge.c().len()
        ))
    };
    if opts.bench {
        let m = opts.engine.maximum_matching(&g);
        let (median, min, reps) = if opts.structure {
            let mut ok = true;
            let timing = repeat(|| ok &= gallai_edmonds(&g, &m).is_ok());
            if !ok {
                return Err("the matching is not maximum (gallai_edmonds refused it)".into());
            }
            out.extend_from_slice(structure(&m)?.as_bytes());
            timing
        } else {
            repeat(|| {
                std::hint::black_box(opts.engine.maximum_matching(&g));
            })
        };
        out.extend_from_slice(
            format!("{} {:.3} {:.3} {reps}\n", m.len(), ms(median), ms(min)).as_bytes(),
        );
        return Ok(out);
    }
    let m = opts.engine.maximum_matching(&g);
    out.reserve(m.len() * 16 + 16);
    push_number(&mut out, m.len());
    out.push(b'\n');
    for (u, v) in m.pairs() {
        push_number(&mut out, u);
        out.push(b' ');
        push_number(&mut out, v);
        out.push(b'\n');
    }
    if opts.structure {
        out.extend_from_slice(structure(&m)?.as_bytes());
    }
    Ok(out)
}

/// The program on its arguments: the output, or why it failed.
fn run(args: Vec<String>) -> Result<Vec<u8>, Failure> {
    let opts = parse_args(args.into_iter())?;
    let input = Input::read(opts.path.as_deref())?;
    Ok(answer(&opts, &input.bytes).map_err(|e| input.error(e))?)
}

fn main() -> ExitCode {
    support::main_threaded("general_matching", USAGE, run)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Result<Options, String> {
        parse_args(list.iter().map(|s| s.to_string()))
    }

    fn run_on(list: &[&str], input: &str) -> Result<String, String> {
        let o = args(list)?;
        answer(&o, input.as_bytes()).map(|b| String::from_utf8(b).unwrap())
    }

    #[test]
    fn library_checker_sample() {
        // the sample of the "general matching" problem
        let input = "6 6\n3 1\n3 4\n1 2\n0 5\n4 5\n2 5\n";
        let out = run_on(&[], input).unwrap();
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some("3"));
        let pairs: Vec<(usize, usize)> = lines
            .map(|l| {
                let mut w = l.split(' ').map(|x| x.parse().unwrap());
                (w.next().unwrap(), w.next().unwrap())
            })
            .collect();
        assert_eq!(pairs.len(), 3);
        let g = parse_graph(input.as_bytes()).unwrap();
        Matching::from_pairs(&g, pairs).unwrap();
    }

    #[test]
    fn structure_line_comes_last() {
        // a triangle with two pendant vertices 3 and 4 on vertex 2
        let out = run_on(&["--structure"], "5 5\n0 1\n1 2\n2 0\n2 3\n2 4\n").unwrap();
        assert!(out.starts_with("2\n"), "{out}");
        assert!(out.ends_with("gallai-edmonds 2 1 2\n"), "{out}");
        let edmonds = run_on(&["--engine", "edmonds"], "3 2\n0 1\n1 2\n").unwrap();
        assert_eq!(edmonds.lines().next(), Some("1"));
    }

    #[test]
    fn bench_prints_size_median_min_reps_last() {
        std::env::set_var("PEERS_REPS", "2");
        std::env::set_var("PEERS_MIN_MS", "0");
        for list in [&["--bench"][..], &["--bench", "--structure"]] {
            let out = run_on(list, "5 5\n0 1\n1 2\n2 3\n3 4\n4 0\n").unwrap();
            let last: Vec<&str> = out.lines().last().unwrap().split(' ').collect();
            assert_eq!(last.len(), 4, "{out}");
            assert_eq!(last[0], "2");
            assert!(last[1].parse::<f64>().is_ok() && last[2].parse::<f64>().is_ok());
            assert!(last[3].parse::<usize>().unwrap() >= 2);
        }
    }

    #[test]
    fn bad_input_is_one_line() {
        let cases: [(&str, &str); 8] = [
            ("", "line 1: expected the header \"N M\", found \"\""),
            ("3", "line 1, field 2: expected an edge count"),
            (
                "3 1\n0 x\n",
                "line 2, field 2: expected a vertex, found \"x\"",
            ),
            (
                "3 2\n0 1\n",
                "line 2: the input ends after 1 of the 2 entries announced",
            ),
            ("3 1\n0 -1\n", "found \"-1\""),
            (
                "3 1\n0 99999999999999999999999\n",
                "line 2, field 2: expected a vertex, found \"99999999999999999999999\"",
            ),
            (
                "3 1\n0 3\n",
                "line 2, field 2: index 3 is out of range 0..3",
            ),
            ("3 1\n0 1\n2\n", "line 3: more entries than the 1 announced"),
        ];
        for (text, expected) in cases {
            let err = run_on(&[], text).unwrap_err();
            assert!(
                err.contains(expected),
                "{err:?} should mention {expected:?}"
            );
            assert!(!err.contains('\n'), "one line: {err:?}");
        }
    }

    #[test]
    fn self_loops_are_ignored_and_a_bom_skipped() {
        assert_eq!(run_on(&[], "3 1\n1 1\n").unwrap(), "0\n");
        let plain = run_on(&[], "3 3\n0 0\n0 1\n2 2\n").unwrap();
        assert_eq!(plain, "1\n0 1\n");
        assert_eq!(
            run_on(&[], "\u{feff}3 3\r\n0 0\r\n0 1\r\n2 2\r\n").unwrap(),
            plain
        );
    }

    #[test]
    fn a_huge_header_reserves_nothing_it_cannot_read() {
        let err = run_on(&[], "3 4000000000\n0 1\n").unwrap_err();
        assert!(err.contains("after 1 of the 4000000000 entries"), "{err}");
        let err = run_on(&[], "4000000000 0\n").unwrap_err();
        assert!(err.contains("4000000000 vertices declared"), "{err}");
    }

    #[test]
    fn the_process() {
        if let Some(args) = support::child::args() {
            std::process::exit(i32::from(support::status(
                "general_matching",
                USAGE,
                args,
                run,
            )));
        }
        let test = "tests::the_process";
        for help in ["--help", "-h"] {
            let (code, out, err) = support::child::run(test, &[help], b"");
            assert_eq!((code, err.as_str()), (Some(0), ""));
            assert!(out.contains(USAGE), "{out}");
        }
        let input = b"3 2\n0 1\n1 2\n";
        for args in [&[][..], &["-"]] {
            let (code, out, err) = support::child::run(test, args, input);
            assert_eq!((code, err.as_str()), (Some(0), ""));
            assert!(
                out.contains("1\n0 1\n") || out.contains("1\n1 2\n"),
                "{out}"
            );
        }
        let (code, _, err) = support::child::run(test, &["-"], b"3 1\n0 7\n");
        assert_eq!(code, Some(2));
        assert_eq!(
            err,
            "general_matching: <stdin>: line 2, field 2: index 7 is out of range 0..3\n"
        );
        let (code, _, err) = support::child::run(test, &["/no/such/graph.txt"], b"");
        assert_eq!(code, Some(2));
        assert!(
            err.starts_with("general_matching: /no/such/graph.txt: "),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1);
    }

    #[test]
    fn options() {
        let o = args(&["--engine", "edmonds", "--bench", "g.txt"]).unwrap();
        assert!(o.bench && !o.structure && o.engine == Engine::Edmonds);
        assert_eq!(o.path.as_deref(), Some("g.txt"));
        assert!(args(&[]).unwrap().path.is_none());
        assert!(matches!(args(&["--engine", "nope"]), Err(e) if e.contains("unknown engine")));
        assert!(args(&["--engine"]).is_err());
        assert!(args(&["--frobnicate"]).is_err());
        assert!(args(&["a", "b"]).is_err());
    }
}
