//! The assignment problem on a file: dense or sparse, minimise or maximise.
//!
//! ```text
//! cargo run --release --example assignment -- [--sparse] [--maximize] [--unmatched-cost X] [--bench] [FILE]
//! ```
//!
//! Reads FILE, or standard input without one:
//!
//! - dense (the default): `rows cols`, then the `rows × cols` costs row by
//!   row, separated by any white space; `inf` marks a forbidden entry
//!   (`-inf` when maximising);
//! - `--sparse`: `L R M`, then `M` lines `u v w` (0-based row `u < L`,
//!   column `v < R`, cost `w`); absent pairs are forbidden, and the answer
//!   is a matching of maximum cardinality of least (or greatest) cost.
//!
//! Costs are integers (solved exactly in `i64`) unless some cost is written
//! as a float. `--unmatched-cost X` (dense only) lets every row stay
//! unassigned at cost `X`.
//!
//! Prints the total cost (with `X` per unassigned row) alone on the first
//! line, then one `row col` line per assigned pair, by ascending row. An
//! infeasible instance prints the error on stderr and exits with status 1;
//! bad input prints one line on stderr and exits with status 2.
//!
//! `--bench` repeats the solve only (reading is not timed) and prints, last,
//! `size median_ms min_ms reps` with the total cost as `size`, by the rules
//! of the `matching` example: at least `PEERS_REPS` (5) repetitions, on
//! until `PEERS_MIN_MS` (1000) ms are spent, at most `PEERS_MAX_REPS` (101),
//! stop after `PEERS_BUDGET_MS` (15000) ms.

mod support;
use support::{ms, repeat, write_stdout};

use std::fmt::Display;
use std::io::Read;
use std::process::ExitCode;

use bimatch::assignment::{
    Assignment, Cost, CostMatrix, Error, MinCostMatching, Solution, WeightedBipartite,
};

#[derive(Default)]
struct Options {
    sparse: bool,
    maximize: bool,
    unmatched: Option<String>,
    bench: bool,
    path: Option<String>,
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut o = Options::default();
    let mut args = args.peekable();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--sparse" => o.sparse = true,
            "--maximize" => o.maximize = true,
            "--bench" => o.bench = true,
            "--unmatched-cost" => {
                o.unmatched = Some(args.next().ok_or("--unmatched-cost needs a value")?);
            }
            _ if a.starts_with("--") => return Err(format!("unknown option {a:?}")),
            _ => {
                if o.path.replace(a).is_some() {
                    return Err("more than one input file given".into());
                }
            }
        }
    }
    if o.sparse && o.unmatched.is_some() {
        return Err("--unmatched-cost applies to dense input only".into());
    }
    Ok(o)
}

/// The words of the input with their 1-based line and field.
fn words(text: &str) -> impl Iterator<Item = (usize, usize, &str)> {
    text.lines().enumerate().flat_map(|(l, line)| {
        line.split_ascii_whitespace()
            .enumerate()
            .map(move |(f, w)| (l + 1, f + 1, w))
    })
}

/// A parsed cost word: an integer, or a float (`inf` included).
#[derive(Clone, Copy)]
enum Num {
    Int(i64),
    Float(f64),
}

fn parse_num(w: &str) -> Option<Num> {
    if let Ok(i) = w.parse::<i64>() {
        return Some(Num::Int(i));
    }
    match w.parse::<f64>() {
        Ok(x) if !x.is_nan() => Some(Num::Float(x)),
        _ => None,
    }
}

fn parse_count(w: Option<(usize, usize, &str)>, what: &str, line: usize) -> Result<usize, String> {
    match w {
        None => Err(format!(
            "line {line}: expected {what}, found the end of the input"
        )),
        Some((l, f, w)) => w
            .parse()
            .map_err(|_| format!("line {l}, field {f}: expected {what}, found {w:?}")),
    }
}

/// Refuses a header whose sides could only describe empty rows or columns:
/// at most 2^20 plus 16 per byte of input.
fn check_sides(rows: usize, cols: usize, bytes: usize) -> Result<(), String> {
    let limit = (1usize << 20).saturating_add(bytes.saturating_mul(16));
    if rows.saturating_add(cols) > limit {
        return Err(format!(
            "line 1: {rows} rows and {cols} columns declared, more than the {limit} \
             that an input of {bytes} bytes allows"
        ));
    }
    Ok(())
}

/// A dense or sparse problem, integer or float.
enum Problem {
    DenseInt(CostMatrix<i64>, Option<i64>),
    DenseFloat(CostMatrix<f64>, Option<f64>),
    SparseInt(WeightedBipartite<i64>),
    SparseFloat(WeightedBipartite<f64>),
}

fn parse_problem(text: &str, o: &Options) -> Result<Problem, String> {
    let mut it = words(text);
    if o.sparse {
        let l = parse_count(it.next(), "the row count L", 1)?;
        let r = parse_count(it.next(), "the column count R", 1)?;
        let m = parse_count(it.next(), "the entry count M", 1)?;
        check_sides(l, r, text.len())?;
        // Each entry takes at least 6 bytes ("u v w\n").
        if m > text.len() / 6 + 1 {
            return Err(format!(
                "line 1: {m} entries announced, more than the {} bytes of input can hold",
                text.len()
            ));
        }
        let mut rows = Vec::with_capacity(m);
        let mut cols = Vec::with_capacity(m);
        let mut costs = Vec::with_capacity(m);
        let mut lines = Vec::with_capacity(m);
        for k in 0..m {
            let line = k + 2;
            let u = parse_count(it.next(), "a row index", line)?;
            let v = parse_count(it.next(), "a column index", line)?;
            let (wl, wf, w) = it.next().ok_or(format!(
                "line {line}: expected a cost, found the end of the input"
            ))?;
            let x = parse_num(w).ok_or(format!(
                "line {wl}, field {wf}: expected a cost, found {w:?}"
            ))?;
            rows.push(u);
            cols.push(v);
            costs.push(x);
            lines.push(wl);
        }
        if let Some((l, f, w)) = it.next() {
            return Err(format!(
                "line {l}, field {f}: unexpected {w:?} after the {m} entries"
            ));
        }
        let at = |e: Error| -> String {
            match &e {
                Error::EndpointOutOfRange { position, .. }
                | Error::DuplicateEdge { position, .. } => {
                    format!("line {}: {e}", lines[*position])
                }
                _ => e.to_string(),
            }
        };
        let edges = |k: usize| (rows[k], cols[k]);
        return if costs.iter().all(|c| matches!(c, Num::Int(_))) {
            let e = (0..m).map(|k| {
                let x = match costs[k] {
                    Num::Int(i) => i,
                    Num::Float(_) => 0,
                };
                (edges(k).0, edges(k).1, x)
            });
            WeightedBipartite::from_edges(l, r, e)
                .map(Problem::SparseInt)
                .map_err(at)
        } else {
            let e = (0..m).map(|k| {
                let x = match costs[k] {
                    Num::Int(i) => i as f64,
                    Num::Float(f) => f,
                };
                (edges(k).0, edges(k).1, x)
            });
            WeightedBipartite::from_edges(l, r, e)
                .map(Problem::SparseFloat)
                .map_err(at)
        };
    }
    let rows = parse_count(it.next(), "the row count", 1)?;
    let cols = parse_count(it.next(), "the column count", 1)?;
    check_sides(rows, cols, text.len())?;
    let n = rows
        .checked_mul(cols)
        .filter(|&n| n <= text.len() / 2 + 1)
        .ok_or(format!(
            "line 1: a {rows} x {cols} matrix does not fit in {} bytes of input",
            text.len()
        ))?;
    let mut values = Vec::with_capacity(n);
    for k in 0..n {
        let (l, f, w) = it.next().ok_or(format!(
            "the input ends after {k} of the {n} costs of a {rows} x {cols} matrix"
        ))?;
        values.push(
            parse_num(w).ok_or(format!("line {l}, field {f}: expected a cost, found {w:?}"))?,
        );
    }
    if let Some((l, f, w)) = it.next() {
        return Err(format!(
            "line {l}, field {f}: unexpected {w:?} after the {n} costs"
        ));
    }
    let unmatched = match &o.unmatched {
        None => None,
        Some(w) => {
            Some(parse_num(w).ok_or(format!("--unmatched-cost: expected a number, found {w:?}"))?)
        }
    };
    let all_int = values
        .iter()
        .chain(&unmatched)
        .all(|c| matches!(c, Num::Int(_)));
    if all_int {
        let ints = values
            .iter()
            .map(|c| match c {
                Num::Int(i) => *i,
                Num::Float(_) => 0,
            })
            .collect();
        let x = unmatched.map(|c| match c {
            Num::Int(i) => i,
            Num::Float(_) => 0,
        });
        let m = CostMatrix::new(rows, cols, ints).map_err(|e| e.to_string())?;
        Ok(Problem::DenseInt(m, x))
    } else {
        let float = |c: &Num| match *c {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        };
        let m = CostMatrix::new(rows, cols, values.iter().map(float).collect())
            .map_err(|e| e.to_string())?;
        Ok(Problem::DenseFloat(m, unmatched.as_ref().map(float)))
    }
}

fn solve_dense<C: Cost>(
    m: &CostMatrix<C>,
    x: Option<C>,
    o: &Options,
) -> Result<Solution<C>, Error> {
    let mut a = Assignment::new(m);
    if o.maximize {
        a = a.maximize();
    }
    if let Some(x) = x {
        a = a.unmatched_cost(x);
    }
    a.solve()
}

fn solve_sparse<C: Cost>(g: &WeightedBipartite<C>, o: &Options) -> Result<Solution<C>, Error> {
    let q = MinCostMatching::new(g);
    if o.maximize {
        q.maximize().solve()
    } else {
        q.solve()
    }
}

/// The answer as the example prints it.
fn render<C: Cost>(s: &Solution<C>) -> String
where
    C::Scalar: Display,
{
    let mut out = format!("{}\n", s.total_cost());
    for (i, j) in s.pairs() {
        out.push_str(&format!("{i} {j}\n"));
    }
    out
}

/// Solves (or benchmarks) and returns the text to print.
fn run_with<C: Cost>(
    solve: impl Fn() -> Result<Solution<C>, Error>,
    bench: bool,
) -> Result<String, Error> {
    let s = solve()?;
    if !bench {
        return Ok(render(&s));
    }
    let (median, min, reps) = repeat(|| {
        let _ = std::hint::black_box(solve());
    });
    Ok(format!(
        "{} {:.3} {:.3} {reps}\n",
        s.total_cost(),
        ms(median),
        ms(min)
    ))
}

/// The outcome: printed text, or (message, exit status).
fn run(o: &Options, text: &str) -> Result<String, (String, u8)> {
    let p = parse_problem(text, o).map_err(|e| (e, 2))?;
    let result = match &p {
        Problem::DenseInt(m, x) => run_with(|| solve_dense(m, *x, o), o.bench),
        Problem::DenseFloat(m, x) => run_with(|| solve_dense(m, *x, o), o.bench),
        Problem::SparseInt(g) => run_with(|| solve_sparse(g, o), o.bench),
        Problem::SparseFloat(g) => run_with(|| solve_sparse(g, o), o.bench),
    };
    result.map_err(|e| {
        let status = if matches!(e, Error::Infeasible { .. }) {
            1
        } else {
            2
        };
        (e.to_string(), status)
    })
}

fn main() -> ExitCode {
    let o = match parse_args(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("assignment: {e}");
            return ExitCode::from(2);
        }
    };
    let mut bytes = Vec::new();
    let read = match &o.path {
        Some(p) => std::fs::read(p)
            .map(|b| bytes = b)
            .map_err(|e| format!("{p}: {e}")),
        None => std::io::stdin()
            .read_to_end(&mut bytes)
            .map(|_| ())
            .map_err(|e| format!("standard input: {e}")),
    };
    if let Err(e) = read {
        eprintln!("assignment: {e}");
        return ExitCode::from(2);
    }
    let Ok(text) = std::str::from_utf8(&bytes) else {
        eprintln!("assignment: the input is not UTF-8 text");
        return ExitCode::from(2);
    };
    match run(&o, text) {
        Ok(out) => match write_stdout(out.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("assignment: {e}");
                ExitCode::from(1)
            }
        },
        Err((message, status)) => {
            eprintln!("assignment: {message}");
            ExitCode::from(status)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(list: &[&str]) -> Options {
        parse_args(list.iter().map(|s| s.to_string())).unwrap()
    }

    fn ok(text: &str, flags: &[&str]) -> String {
        run(&opts(flags), text).unwrap()
    }

    fn err(text: &str, flags: &[&str]) -> (String, u8) {
        run(&opts(flags), text).unwrap_err()
    }

    #[test]
    fn dense_integer_matrix() {
        assert_eq!(ok("3 3\n4 1 3\n2 0 5\n3 2 2\n", &[]), "5\n0 1\n1 0\n2 2\n");
        assert_eq!(
            ok("3 3\n4 1 3\n2 0 5\n3 2 2\n", &["--maximize"]),
            "11\n0 0\n1 2\n2 1\n"
        );
    }

    #[test]
    fn rectangular_and_forbidden() {
        // Tall: every column assigned.
        assert_eq!(ok("3 2\n8 4\n2 6\n3 5\n", &[]), "6\n0 1\n1 0\n");
        assert_eq!(ok("2 2\ninf 1.5\n2 inf\n", &[]), "3.5\n0 1\n1 0\n");
    }

    #[test]
    fn unmatched_cost() {
        assert_eq!(
            ok("2 3\n1 9 7\n8 6 5\n", &["--unmatched-cost", "4"]),
            "5\n0 0\n"
        );
        assert_eq!(
            ok("2 3\n1 9 7\n8 6 5\n", &["--unmatched-cost", "4.5"]),
            "5.5\n0 0\n"
        );
    }

    #[test]
    fn sparse_matrix() {
        let text = "3 2 3\n0 0 3\n0 1 1\n1 0 2\n";
        assert_eq!(ok(text, &["--sparse"]), "3\n0 1\n1 0\n");
        assert_eq!(ok(text, &["--sparse", "--maximize"]), "3\n0 1\n1 0\n");
        assert_eq!(
            ok("2 2 2\n0 0 0.5\n1 1 0.25\n", &["--sparse"]),
            "0.75\n0 0\n1 1\n"
        );
    }

    #[test]
    fn infeasible_is_status_1() {
        let (message, status) = err("2 2\n1 inf\n2 inf\n", &[]);
        assert_eq!(status, 1);
        assert!(message.contains("infeasible"), "{message}");
    }

    #[test]
    fn bench_prints_the_cost_first() {
        std::env::set_var("PEERS_MIN_MS", "0");
        let out = ok("2 2\n1 2\n3 1\n", &["--bench"]);
        let fields: Vec<&str> = out.split_whitespace().collect();
        assert_eq!(fields.len(), 4);
        assert_eq!(fields[0], "2");
    }

    #[test]
    fn bad_input_is_one_line_and_status_2() {
        let cases: [(&str, &[&str], &str); 11] = [
            (
                "4000000000 0\n",
                &[],
                "line 1: 4000000000 rows and 0 columns declared",
            ),
            (
                "3 4000000000 0\n",
                &["--sparse"],
                "more than the 1048816 that an input of 15 bytes",
            ),
            ("", &[], "line 1: expected the row count"),
            (
                "2 x\n",
                &[],
                "line 1, field 2: expected the column count, found \"x\"",
            ),
            (
                "2 2\n1 2\n3\n",
                &[],
                "the input ends after 3 of the 4 costs",
            ),
            ("1 2\n1 nan\n", &[], "line 2, field 2: expected a cost"),
            ("1 1\n-inf\n", &[], "row 0, column 0: the cost is -inf"),
            ("1 1\n1 2\n", &[], "line 2, field 2: unexpected \"2\""),
            ("99999 99999\n1\n", &[], "does not fit"),
            (
                "2 2 2\n0 0 1\n0 0 2\n",
                &["--sparse"],
                "line 3: edge 1: (row 0, column 0) was already given",
            ),
            (
                "2 2 1\n0 5 1\n",
                &["--sparse"],
                "line 2: edge 0: columns index 5 is out of range",
            ),
        ];
        for (text, flags, expected) in cases {
            let (message, status) = err(text, flags);
            assert_eq!(status, 2, "{message}");
            assert!(
                message.contains(expected),
                "{message:?} should mention {expected:?}"
            );
            assert!(!message.contains('\n'));
        }
        assert!(parse_args(
            ["--sparse", "--unmatched-cost", "1"]
                .iter()
                .map(|s| s.to_string())
        )
        .is_err());
    }
}
