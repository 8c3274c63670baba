//! Maximum matching of a general graph, in the Library Checker format.
//!
//! ```text
//! cargo run --release --example general_matching -- [--engine auto|edmonds] [--structure] [--bench] [FILE]
//! ```
//!
//! Reads `N M` and then `M` lines `u v` (0-based vertices `< N`) from FILE,
//! or from standard input without one.
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
//! Bad input prints one line on stderr and exits with status 2; so does a
//! header claiming more than 16 vertices per byte of the input (plus
//! 2^20), which would only allocate memory for isolated vertices.

mod support;
use support::{ms, repeat, write_stdout};

use std::io::Read;
use std::process::ExitCode;

use bimatch::general::{gallai_edmonds, Engine, Graph, Matching};

struct Options {
    engine: Engine,
    bench: bool,
    structure: bool,
    path: Option<String>,
}

const USAGE: &str =
    "usage: general_matching [--engine auto|edmonds] [--structure] [--bench] [FILE]";

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
            "-h" | "--help" => return Err(USAGE.into()),
            _ if a.starts_with("--") => return Err(format!("unknown option {a:?}; {USAGE}")),
            _ => {
                if o.path.replace(a).is_some() {
                    return Err("more than one graph file given".into());
                }
            }
        }
    }
    Ok(o)
}

/// Whitespace-separated unsigned numbers, with the line each starts on.
struct Tokens<'a> {
    text: &'a [u8],
    at: usize,
    line: usize,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a [u8]) -> Self {
        Tokens {
            text,
            at: 0,
            line: 1,
        }
    }

    /// The next word and its line, or `None` at the end.
    fn word(&mut self) -> Option<(&'a [u8], usize)> {
        while let Some(&b) = self.text.get(self.at) {
            if b == b'\n' {
                self.line += 1;
            } else if !b.is_ascii_whitespace() {
                break;
            }
            self.at += 1;
        }
        let start = self.at;
        while self.at < self.text.len() && !self.text[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        (start < self.at).then(|| (&self.text[start..self.at], self.line))
    }

    /// The next number, described by `what()` in errors.
    fn number(&mut self, what: impl Fn() -> String) -> Result<usize, String> {
        let Some((word, line)) = self.word() else {
            let line = self.line;
            let what = what();
            return Err(format!(
                "line {line}: expected {what}, found the end of the input"
            ));
        };
        let mut value = 0usize;
        for &b in word {
            let digit = b.wrapping_sub(b'0');
            let next = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(usize::from(digit)));
            match next {
                Some(v) if digit < 10 => value = v,
                _ => {
                    let text = String::from_utf8_lossy(&word[..word.len().min(40)]).into_owned();
                    let what = what();
                    return Err(if digit < 10 {
                        format!("line {line}: {what} {text:?} is too large")
                    } else {
                        format!("line {line}: expected {what}, found {text:?}")
                    });
                }
            }
        }
        Ok(value)
    }
}

/// Reads `N M` and `M` edges; every failure is a one-line message naming
/// the line.
pub(crate) fn parse_graph(text: &[u8]) -> Result<Graph, String> {
    let mut t = Tokens::new(text);
    let n = t.number(|| "the vertex count N".into())?;
    let m = t.number(|| "the edge count M".into())?;
    let cap = text.len().saturating_mul(16).saturating_add(1 << 20);
    if n > cap {
        return Err(format!(
            "line 1: {n} vertices declared, more than 16 per byte of the input allows"
        ));
    }
    // Each edge takes at least 4 bytes ("u v\n"): reserve no more.
    let mut edges = Vec::with_capacity(m.min(text.len() / 4));
    for k in 0..m {
        let what = |field: &str| format!("{field} of edge {} of {m}", k + 1);
        let u = t.number(|| what("the first vertex")).map_err(|e| {
            if e.contains("end of the input") {
                format!("line {}: the input ends after {k} of the {m} edges", t.line)
            } else {
                e
            }
        })?;
        let v = t.number(|| what("the second vertex"))?;
        for x in [u, v] {
            if x >= n {
                return Err(format!(
                    "line {}: vertex {x} is out of range 0..{n}",
                    t.line
                ));
            }
        }
        edges.push((u, v));
    }
    if let Some((word, line)) = t.word() {
        let text = String::from_utf8_lossy(&word[..word.len().min(40)]).into_owned();
        return Err(format!(
            "line {line}: unexpected {text:?} after the {m} edges"
        ));
    }
    Graph::from_edges(n, edges).map_err(|e| e.to_string())
}

/// Appends `n` in decimal and then `end`.
fn push_number(out: &mut Vec<u8>, n: usize, end: u8) {
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
    out.push(end);
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
    push_number(&mut out, m.len(), b'\n');
    for (u, v) in m.pairs() {
        push_number(&mut out, u, b' ');
        push_number(&mut out, v, b'\n');
    }
    if opts.structure {
        out.extend_from_slice(structure(&m)?.as_bytes());
    }
    Ok(out)
}

fn run(opts: &Options) -> Result<Vec<u8>, String> {
    let text = match &opts.path {
        Some(path) => std::fs::read(path).map_err(|e| format!("{path}: {e}"))?,
        None => {
            let mut text = Vec::new();
            std::io::stdin()
                .read_to_end(&mut text)
                .map_err(|e| format!("standard input: {e}"))?;
            text
        }
    };
    answer(opts, &text).map_err(|e| match &opts.path {
        Some(path) => format!("{path}: {e}"),
        None => e,
    })
}

fn main() -> ExitCode {
    match parse_args(std::env::args().skip(1)).and_then(|o| run(&o)) {
        Ok(bytes) => match write_stdout(&bytes) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("general_matching: {e}");
                ExitCode::from(1)
            }
        },
        Err(message) => {
            eprintln!("general_matching: {message}");
            ExitCode::from(2)
        }
    }
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
        let cases: [(&str, &str); 9] = [
            ("", "line 1: expected the vertex count N, found the end"),
            ("3", "expected the edge count M"),
            (
                "3 1\n0 x\n",
                "line 2: expected the second vertex of edge 1 of 1, found \"x\"",
            ),
            (
                "3 2\n0 1\n",
                "line 3: the input ends after 1 of the 2 edges",
            ),
            ("3 1\n0 -1\n", "found \"-1\""),
            ("3 1\n0 99999999999999999999999\n", "is too large"),
            ("3 1\n0 3\n", "line 2: vertex 3 is out of range 0..3"),
            ("3 1\n1 1\n", "self-loop on vertex 1"),
            (
                "3 1\n0 1\n2\n",
                "line 3: unexpected \"2\" after the 1 edges",
            ),
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
    fn a_huge_header_reserves_nothing_it_cannot_read() {
        let err = run_on(&[], "3 4000000000\n0 1\n").unwrap_err();
        assert!(err.contains("after 1 of the 4000000000 edges"), "{err}");
        let err = run_on(&[], "4000000000 0\n").unwrap_err();
        assert!(err.contains("4000000000 vertices declared"), "{err}");
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
