//! The assignment problem on a file: dense or sparse, minimise or maximise.
//!
//! ```text
//! cargo run --release --example assignment -- [--sparse] [--maximize] [--unmatched-cost X]
//!     [--k-best K | --bottleneck] [--bench] [--threads N] [FILE]
//! ```
//!
//! Reads FILE, or standard input without one or for `-`, with the
//! library's readers:
//!
//! - dense (the default, `bimatch::io::read_dense_matrix`): `rows cols`,
//!   then the `rows × cols` costs row by row, separated by any white space;
//!   `inf` marks a forbidden entry (`-inf` when maximising);
//! - `--sparse` (`bimatch::io::read_weighted_edge_list`): `L R M`, then `M`
//!   lines `u v w` (0-based row `u < L`, column `v < R`, cost `w`; a pair
//!   may be given once); absent pairs are forbidden, and the answer is a
//!   matching of maximum cardinality of least (or greatest) cost.
//!
//! Costs are integers (solved exactly in `i64`) unless some cost, or `X`,
//! is written as a float; then every cost is read as an `f64`. No input is
//! changed on the way: an integer beyond `i64`, a finite number too large
//! for `f64` (such as `1e400`; `inf` is the forbidden entry), and, when the
//! costs are read as floats, an integer that `f64` does not hold exactly
//! (beyond 2^53, such as `9007199254740993`) are refused, naming the line
//! and field. `--unmatched-cost X` (dense only) lets every row stay
//! unassigned at cost `X`.
//!
//! Prints the total cost (with `X` per unassigned row) alone on the first
//! line, then one `row col` line per assigned pair, by ascending row.
//! `--k-best K` prints up to K assignments in that form, best first, with
//! one empty line between two (`bimatch::assignment::KBest`: every row
//! assigned, or every column when there are more rows, or any row left
//! at the unmatched cost; on `--sparse` input the absent pairs are
//! forbidden). `--bottleneck` prints the bottleneck value (the least
//! possible largest cost of a matching of maximum size, the greatest
//! smallest one with `--maximize`) on the first line, then the pairs
//! (`bimatch::assignment::Bottleneck`); it takes no unmatched cost. An
//! infeasible instance (no allowed entry at all, for `--bottleneck`)
//! prints the error on stderr and exits with status 1;
//! bad input prints one line on stderr, naming the file, the line and the
//! field, and exits with status 2; so does a header declaring more rows
//! and columns than 4 per byte of the input (plus 2^20). `--help` prints
//! the usage.
//!
//! `--bench` repeats the solve only (reading is not timed) and prints, last,
//! `size median_ms min_ms reps` with the total cost as `size`, by the rules
//! of the `matching` example: at least `PEERS_REPS` (5) repetitions, on
//! until `PEERS_MIN_MS` (1000) ms are spent, at most `PEERS_MAX_REPS` (101),
//! stop after `PEERS_BUDGET_MS` (15000) ms.
//!
//! `--threads N` (built with `--features parallel`) runs the program in a
//! rayon pool of N threads (default: the global pool, one thread per
//! core); the output is the same for every N. Without the feature the
//! flag is refused: one line on stderr, status 2. On several threads:
//! nothing yet: one problem is solved by one thread (many at once:
//! `bimatch::assignment::Batch`).

mod support;
use support::{ms, repeat, Failure, Input};

use std::fmt::Display;
use std::process::ExitCode;

use bimatch::assignment::{
    Assignment, Bottleneck, Cost, CostMatrix, Error, KBest, KBestInput, MinCostMatching, Solution,
    WeightedBipartite,
};
use bimatch::io::{read_dense_matrix, read_weighted_edge_list, Number, WeightedBipartiteEdges};
use bimatch::ReadError;

const USAGE: &str =
    "usage: assignment [--sparse] [--maximize] [--unmatched-cost X] [--k-best K | --bottleneck] [--bench] [--threads N] [FILE]\n\
    reads rows cols and the costs (or, with --sparse, L R M and M lines u v w)\n\
    from FILE, or from standard input without one or for -";

#[derive(Default)]
struct Options {
    sparse: bool,
    maximize: bool,
    unmatched: Option<String>,
    bench: bool,
    path: Option<String>,
    /// `--k-best K` or `--bottleneck`.
    mode: Mode,
}

/// What to compute.
#[derive(Default, Clone, Copy, PartialEq, Debug)]
enum Mode {
    /// One optimal assignment.
    #[default]
    Best,
    /// Up to this many, best first.
    KBest(usize),
    /// The bottleneck assignment.
    Bottleneck,
}

/// The ranking flags: `Some(Ok(()))` if `a` is one of them (its value
/// taken from `args`), `Some(Err(_))` if it is malformed, `None` if `a` is
/// another flag.
fn parse_mode_flag(
    a: &str,
    args: &mut dyn Iterator<Item = String>,
    o: &mut Options,
) -> Option<Result<(), String>> {
    let mode = match a {
        "--bottleneck" => Mode::Bottleneck,
        "--k-best" => match args.next().map(|k| (k.parse::<usize>(), k)) {
            Some((Ok(k), _)) => Mode::KBest(k),
            Some((Err(_), k)) => {
                return Some(Err(format!(
                    "--k-best: expected a count of assignments, found {k:?}"
                )))
            }
            None => return Some(Err("--k-best needs a count".into())),
        },
        _ => return None,
    };
    if o.mode != Mode::Best {
        return Some(Err("give one of --k-best and --bottleneck, once".into()));
    }
    o.mode = mode;
    Some(Ok(()))
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut o = Options::default();
    let mut args = args.peekable();
    while let Some(a) = args.next() {
        if let Some(r) = parse_mode_flag(&a, &mut args, &mut o) {
            r?;
            continue;
        }
        match a.as_str() {
            "--sparse" => o.sparse = true,
            "--maximize" => o.maximize = true,
            "--bench" => o.bench = true,
            "--unmatched-cost" => {
                o.unmatched = Some(args.next().ok_or("--unmatched-cost needs a value")?);
            }
            _ if a.starts_with("--") => return Err(format!("unknown option {a:?} (try --help)")),
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
    if o.mode == Mode::Bottleneck && o.unmatched.is_some() {
        return Err("--bottleneck takes no --unmatched-cost".into());
    }
    Ok(o)
}

/// A parsed `--unmatched-cost`: an integer, or a float (`inf` included).
#[derive(Clone, Copy)]
enum Num {
    Int(i64),
    Float(f64),
}

fn parse_num(w: &str) -> Result<Num, String> {
    let bad = |why: String| format!("--unmatched-cost: {why}");
    if let Some(why) = inexact(w.as_bytes(), false) {
        return Err(bad(why));
    }
    if let Ok(i) = w.parse::<i64>() {
        return Ok(Num::Int(i));
    }
    match w.parse::<f64>() {
        Ok(x) if !x.is_nan() => Ok(Num::Float(x)),
        _ => Err(bad(format!("expected a number, found {w:?}"))),
    }
}

/// Whether `word` is an integer: an optional sign, then ASCII digits.
fn is_integer(word: &[u8]) -> bool {
    let digits = match word.first() {
        Some(b'+' | b'-') => &word[1..],
        _ => word,
    };
    !digits.is_empty() && digits.iter().all(u8::is_ascii_digit)
}

/// Why the number `word` cannot be kept exact, if it cannot: an integer
/// beyond `i64`; with `as_float`, an integer that `f64` does not hold
/// exactly; a finite number that `f64` rounds to an infinity. Other words
/// pass (the readers judge them).
fn inexact(word: &[u8], as_float: bool) -> Option<String> {
    let text = String::from_utf8_lossy(word);
    if is_integer(word) {
        let Ok(i) = text.parse::<i64>() else {
            return Some(format!("the integer {text} is beyond the range of i64"));
        };
        // Lossless widening; `f64` holds `i` exactly iff it converts back.
        let held = i as f64;
        if as_float && held as i128 != i128::from(i) {
            return Some(format!(
                "the integer {text} has no exact f64 (the nearest is {held})"
            ));
        }
        return None;
    }
    let literal = text.trim_start_matches(['+', '-']).to_ascii_lowercase();
    match text.parse::<f64>() {
        Ok(x) if x.is_infinite() && literal != "inf" && literal != "infinity" => Some(format!(
            "{text} is too large for f64 (write inf for a forbidden entry)"
        )),
        _ => None,
    }
}

/// The first word of `text` that cannot be kept exact when the costs are
/// read as floats, as `line L, field F: why`, with the word that made them
/// floats (`forced`, or the first non-integer word). Lines and fields are
/// counted as the readers count them.
fn first_inexact(text: &[u8], forced: Option<&str>) -> Option<String> {
    let text = text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(text);
    let mut why = None;
    let mut float_word = forced.map(str::to_string);
    for (l, line) in text.split(|&b| b == b'\n').enumerate() {
        let words = line
            .split(u8::is_ascii_whitespace)
            .filter(|w| !w.is_empty());
        for (f, word) in words.enumerate() {
            if float_word.is_none() && !is_integer(word) {
                float_word = Some(format!(
                    "{} on line {}, field {}",
                    String::from_utf8_lossy(word),
                    l + 1,
                    f + 1
                ));
            }
            if why.is_none() {
                why = inexact(word, true).map(|w| format!("line {}, field {}: {w}", l + 1, f + 1));
            }
            if why.is_some() && float_word.is_some() {
                break;
            }
        }
        if why.is_some() && float_word.is_some() {
            break;
        }
    }
    let why = why?;
    Some(match float_word {
        Some(w) if why.contains("no exact f64") => {
            format!("{why}, and the costs are read as floats because of {w}")
        }
        _ => why,
    })
}

/// A dense or sparse problem, integer or float.
enum Problem {
    DenseInt(CostMatrix<i64>, Option<i64>),
    DenseFloat(CostMatrix<f64>, Option<f64>),
    SparseInt(WeightedBipartite<i64>),
    SparseFloat(WeightedBipartite<f64>),
}

/// Whether reading as integers failed on a cost only, so that reading as
/// floats may succeed.
fn bad_cost(e: &ReadError) -> bool {
    matches!(e, ReadError::BadField { expected, .. } if *expected == "a cost" || *expected == "a weight")
}

/// Reads `text` with `read` as integers, and as floats if some cost is not
/// an integer, refusing what the floats would not keep exact.
fn read_either<I, F>(
    text: &[u8],
    read: impl Fn(&[u8]) -> Result<I, ReadError>,
    read_float: impl Fn(&[u8]) -> Result<F, ReadError>,
) -> Result<Result<I, F>, String> {
    match read(text) {
        Ok(i) => Ok(Ok(i)),
        Err(e) if bad_cost(&e) => read_floats(text, read_float, None).map(Err),
        Err(e) => Err(e.to_string()),
    }
}

/// Reads `text` as floats with `read_float`, then refuses the first word
/// the floats do not keep exact; `forced` names what made them floats.
fn read_floats<F>(
    text: &[u8],
    read_float: impl Fn(&[u8]) -> Result<F, ReadError>,
    forced: Option<&str>,
) -> Result<F, String> {
    let f = read_float(text).map_err(|e| e.to_string())?;
    match first_inexact(text, forced) {
        Some(why) => Err(why),
        None => Ok(f),
    }
}

fn sparse<C: Cost + Number>(g: WeightedBipartiteEdges<C>) -> Result<WeightedBipartite<C>, String> {
    WeightedBipartite::from_edges(g.left_count(), g.right_count(), g.edges())
        .map_err(|e| e.to_string())
}

fn parse_problem(text: &[u8], o: &Options) -> Result<Problem, String> {
    if o.sparse {
        return match read_either(
            text,
            |t: &[u8]| read_weighted_edge_list::<i64, _>(t),
            |t: &[u8]| read_weighted_edge_list::<f64, _>(t),
        )? {
            Ok(g) => sparse(g).map(Problem::SparseInt),
            Err(g) => sparse(g).map(Problem::SparseFloat),
        };
    }
    let unmatched = match &o.unmatched {
        None => None,
        Some(w) => Some(parse_num(w)?),
    };
    let matrix = match unmatched {
        Some(Num::Float(_)) => Err(read_floats(
            text,
            |t: &[u8]| read_dense_matrix::<f64, _>(t),
            Some(&format!(
                "--unmatched-cost {}",
                o.unmatched.as_deref().unwrap_or("")
            )),
        )?),
        _ => read_either(
            text,
            |t: &[u8]| read_dense_matrix::<i64, _>(t),
            |t: &[u8]| read_dense_matrix::<f64, _>(t),
        )?,
    };
    match matrix {
        Ok(m) => {
            let x = unmatched.map(|c| match c {
                Num::Int(i) => i,
                Num::Float(_) => 0,
            });
            let m = CostMatrix::new(m.rows, m.cols, m.data).map_err(|e| e.to_string())?;
            Ok(Problem::DenseInt(m, x))
        }
        Err(m) => {
            let x = match unmatched {
                None => None,
                Some(Num::Float(f)) => Some(f),
                Some(Num::Int(i)) => {
                    let w = o.unmatched.as_deref().unwrap_or("");
                    if let Some(why) = inexact(w.as_bytes(), true) {
                        return Err(format!(
                            "--unmatched-cost: {why}, and the costs are read as floats"
                        ));
                    }
                    // Exact: checked just above.
                    Some(i as f64)
                }
            };
            let m = CostMatrix::new(m.rows, m.cols, m.data).map_err(|e| e.to_string())?;
            Ok(Problem::DenseFloat(m, x))
        }
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
fn run(o: &Options, text: &[u8]) -> Result<String, (String, u8)> {
    let p = parse_problem(text, o).map_err(|e| (e, 2))?;
    if o.mode != Mode::Best {
        return run_mode(&p, o);
    }
    let result = match &p {
        Problem::DenseInt(m, x) => run_with(|| solve_dense(m, *x, o), o.bench),
        Problem::DenseFloat(m, x) => run_with(|| solve_dense(m, *x, o), o.bench),
        Problem::SparseInt(g) => run_with(|| solve_sparse(g, o), o.bench),
        Problem::SparseFloat(g) => run_with(|| solve_sparse(g, o), o.bench),
    };
    result.map_err(failed)
}

/// An error as (message, exit status): 1 for an infeasible instance.
fn failed(e: Error) -> (String, u8) {
    let status = if matches!(e, Error::Infeasible { .. }) {
        1
    } else {
        2
    };
    (e.to_string(), status)
}

/// `--k-best K` and `--bottleneck` on any problem.
fn run_mode(p: &Problem, o: &Options) -> Result<String, (String, u8)> {
    match (p, o.mode) {
        (Problem::DenseInt(m, x), Mode::KBest(k)) => run_k_best(m, *x, k, o),
        (Problem::DenseFloat(m, x), Mode::KBest(k)) => run_k_best(m, *x, k, o),
        (Problem::SparseInt(g), Mode::KBest(k)) => run_k_best(g, None, k, o),
        (Problem::SparseFloat(g), Mode::KBest(k)) => run_k_best(g, None, k, o),
        (Problem::DenseInt(m, _), _) => run_bottleneck(m, o),
        (Problem::DenseFloat(m, _), _) => run_bottleneck(m, o),
        (Problem::SparseInt(g), _) => run_bottleneck(g, o),
        (Problem::SparseFloat(g), _) => run_bottleneck(g, o),
    }
}

/// Up to `k` assignments, best first, in the normal form, one empty line
/// between two; `--bench` times the whole ranking and reports the best
/// cost as `size`.
fn run_k_best<C: Cost, I: KBestInput<C>>(
    inst: &I,
    x: Option<C>,
    k: usize,
    o: &Options,
) -> Result<String, (String, u8)> {
    let solve = || -> Result<Vec<Solution<C>>, Error> {
        let mut q = KBest::new(inst, k);
        if o.maximize {
            q = q.maximize();
        }
        if let Some(x) = x {
            q = q.unmatched_cost(x);
        }
        q.solve()?.collect()
    };
    let all = solve().map_err(failed)?;
    if o.bench {
        let (median, min, reps) = repeat(|| {
            let _ = std::hint::black_box(solve());
        });
        let first = all
            .first()
            .map_or(String::from("0"), |s| s.total_cost().to_string());
        return Ok(format!("{first} {:.3} {:.3} {reps}\n", ms(median), ms(min)));
    }
    Ok(all.iter().map(render).collect::<Vec<_>>().join("\n"))
}

/// The bottleneck value, then the pairs; no allowed entry at all is
/// infeasible.
fn run_bottleneck<C: Cost, I: bimatch::assignment::Instance<C>>(
    inst: &I,
    o: &Options,
) -> Result<String, (String, u8)> {
    let solve = || {
        let q = Bottleneck::new(inst);
        if o.maximize {
            q.maximize().solve()
        } else {
            q.solve()
        }
    };
    let b = solve().map_err(failed)?;
    let Some(value) = b.value() else {
        return Err((
            "infeasible: no entry is allowed, so no pair can be assigned".into(),
            1,
        ));
    };
    if o.bench {
        let (median, min, reps) = repeat(|| {
            let _ = std::hint::black_box(solve());
        });
        return Ok(format!("{value} {:.3} {:.3} {reps}\n", ms(median), ms(min)));
    }
    let mut out = format!("{value}\n");
    for (i, j) in b.pairs() {
        out.push_str(&format!("{i} {j}\n"));
    }
    Ok(out)
}

/// The program on its arguments: the output, or why it failed.
fn program(args: Vec<String>) -> Result<Vec<u8>, Failure> {
    let o = parse_args(args.into_iter())?;
    let input = Input::read(o.path.as_deref())?;
    run(&o, &input.bytes)
        .map(String::into_bytes)
        .map_err(|(message, status)| Failure {
            message: input.error(message),
            status,
        })
}

fn main() -> ExitCode {
    support::main_threaded("assignment", USAGE, program)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(list: &[&str]) -> Options {
        parse_args(list.iter().map(|s| s.to_string())).unwrap()
    }

    fn ok(text: &str, flags: &[&str]) -> String {
        run(&opts(flags), text.as_bytes()).unwrap()
    }

    fn err(text: &str, flags: &[&str]) -> (String, u8) {
        run(&opts(flags), text.as_bytes()).unwrap_err()
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
        let cases: [(&str, &[&str], &str); 12] = [
            (
                "4000000000 0\n",
                &[],
                "line 1: 4000000000 vertices declared",
            ),
            (
                "3 4000000000 0\n",
                &["--sparse"],
                "more than the 1048636 that an input of 15 bytes",
            ),
            ("", &[], "line 1: expected the header \"rows cols\""),
            (
                "2 x\n",
                &[],
                "line 1, field 2: expected a column count, found \"x\"",
            ),
            (
                "2 2\n1 2\n3\n",
                &[],
                "line 3: the input ends after 3 of the 4 entries announced",
            ),
            ("1 2\n1 nan\n", &[], "line 2, field 2: expected a cost"),
            ("1 1\n-inf\n", &[], "row 0, column 0: the cost is -inf"),
            ("1 1\n1 2\n", &[], "line 2, field 2: unexpected \"2\""),
            (
                "99999 99999\n1\n",
                &[],
                "line 2: the input ends after 1 of the 9999800001 entries",
            ),
            (
                "2 2 2\n0 0 1\n0 0 2\n",
                &["--sparse"],
                "line 3, field 1: the pair (0, 0) was already given on line 2",
            ),
            (
                "2 2 1\n0 5 1\n",
                &["--sparse"],
                "line 2, field 2: index 5 is out of range 0..2",
            ),
            (
                "2 2 1\n0 1 x\n",
                &["--sparse"],
                "line 2, field 3: expected a weight, found \"x\"",
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

    #[test]
    fn floats_integers_and_a_bom() {
        // Integers beyond 2^53 stay exact when every cost is an integer,
        // and those f64 holds exactly are kept next to floats.
        assert_eq!(
            ok("1 2\n9007199254740993 0\n", &["--maximize"]),
            "9007199254740993\n0 0\n"
        );
        assert_eq!(
            ok("1 2\n9007199254740992 0.5\n", &["--maximize"]),
            "9007199254740992\n0 0\n"
        );
        // Infinities written as such are forbidden entries.
        assert_eq!(ok("1 2\n+Infinity 2.5\n", &[]), "2.5\n0 1\n");
        assert_eq!(ok("1 1\n5\n", &["--unmatched-cost", "9.5"]), "5\n0 0\n");
        let plain = ok("2 2\n1 2\n3 1\n", &[]);
        assert_eq!(ok("\u{feff}2 2\r\n1 2\r\n3 1\r\n", &[]), plain);
        assert_eq!(ok("2 2 1 2 3 1", &[]), plain);
        let sparse = ok("2 2 2\n0 0 1\n1 1 1\n", &["--sparse"]);
        assert_eq!(ok("\u{feff}2 2 2\r\n0 0 1\r\n1 1 1", &["--sparse"]), sparse);
    }

    #[test]
    fn k_best_and_bottleneck() {
        let text = "3 3\n4 1 3\n2 0 5\n3 2 2\n";
        let out = ok(text, &["--k-best", "3"]);
        let blocks: Vec<&str> = out.split("\n\n").collect();
        assert_eq!(blocks.len(), 3, "{out:?}");
        assert_eq!(blocks[0], "5\n0 1\n1 0\n2 2");
        let costs: Vec<&str> = blocks.iter().map(|b| b.lines().next().unwrap()).collect();
        assert_eq!(costs, ["5", "6", "6"]);
        // Only 6 permutations exist.
        assert_eq!(ok(text, &["--k-best", "10"]).split("\n\n").count(), 6);
        let top = ok(text, &["--k-best", "2", "--maximize"]);
        assert!(top.starts_with("11\n0 0\n1 2\n2 1\n\n"), "{top:?}");
        let partial = ok("1 1\n5\n", &["--k-best", "2", "--unmatched-cost", "4"]);
        assert_eq!(partial, "4\n\n5\n0 0\n");
        assert_eq!(ok(text, &["--bottleneck"]), "2\n0 1\n1 0\n2 2\n");
        let most = ok(text, &["--bottleneck", "--maximize"]);
        assert!(most.starts_with("2\n"), "{most:?}");
        assert_eq!(most.lines().count(), 4);
        let sparse = "2 2 3\n0 0 5\n0 1 1\n1 1 2\n";
        assert_eq!(ok(sparse, &["--sparse", "--bottleneck"]), "5\n0 0\n1 1\n");
        assert_eq!(ok(sparse, &["--sparse", "--k-best", "5"]), "7\n0 0\n1 1\n");
        // Infeasible: status 1, one line.
        for flags in [&["--k-best", "2"][..], &["--bottleneck"]] {
            let (message, status) = err("2 2\ninf inf\ninf inf\n", flags);
            assert_eq!(status, 1, "{message}");
            assert!(!message.contains('\n'));
        }
        for bad in [
            &["--k-best"][..],
            &["--k-best", "x"],
            &["--k-best", "2", "--bottleneck"],
            &["--bottleneck", "--unmatched-cost", "1"],
        ] {
            assert!(
                parse_args(bad.iter().map(|s| s.to_string())).is_err(),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn what_cannot_be_kept_exact_is_refused() {
        let cases: [(&str, &[&str], &str); 9] = [
            (
                "1 2\n9007199254740993 0.5\n",
                &["--maximize"],
                "line 2, field 1: the integer 9007199254740993 has no exact f64 \
                 (the nearest is 9007199254740992), and the costs are read as floats \
                 because of 0.5 on line 2, field 2",
            ),
            (
                "1 2\n99999999999999999999 1\n",
                &[],
                "line 2, field 1: the integer 99999999999999999999 is beyond the range of i64",
            ),
            (
                "2 2\n1 2\n3 -9223372036854775809\n",
                &[],
                "line 3, field 2: the integer -9223372036854775809 is beyond",
            ),
            (
                "2 2\n1 0.5\n3 1e400\n",
                &[],
                "line 3, field 2: 1e400 is too large for f64 (write inf",
            ),
            ("1 1\n-1E309\n", &[], "line 2, field 1: -1E309 is too large"),
            (
                "1 1\n9007199254740993\n",
                &["--unmatched-cost", "0.5"],
                "line 2, field 1: the integer 9007199254740993 has no exact f64 \
                 (the nearest is 9007199254740992), and the costs are read as floats \
                 because of --unmatched-cost 0.5",
            ),
            (
                "1 1\n0.5\n",
                &["--unmatched-cost", "9007199254740993"],
                "--unmatched-cost: the integer 9007199254740993 has no exact f64",
            ),
            (
                "1 1\n1\n",
                &["--unmatched-cost", "1e400"],
                "--unmatched-cost: 1e400 is too large for f64",
            ),
            (
                "1 2 2\n0 0 1.5\n0 1 18446744073709551616\n",
                &["--sparse"],
                "line 3, field 3: the integer 18446744073709551616 is beyond the range of i64",
            ),
        ];
        for (text, flags, expected) in cases {
            let (message, status) = err(text, flags);
            assert_eq!(status, 2, "{message}");
            assert!(
                message.contains(expected),
                "{message:?} should say {expected:?}"
            );
            assert!(!message.contains('\n'));
        }
    }

    #[test]
    fn the_process() {
        if let Some(args) = support::child::args() {
            std::process::exit(i32::from(support::status(
                "assignment",
                USAGE,
                args,
                program,
            )));
        }
        let test = "tests::the_process";
        for help in ["--help", "-h"] {
            let (code, out, err) = support::child::run(test, &[help], b"");
            assert_eq!((code, err.as_str()), (Some(0), ""));
            assert!(out.contains(USAGE), "{out}");
        }
        for args in [&[][..], &["-"]] {
            let (code, out, err) = support::child::run(test, args, b"2 2\n1 2\n3 1\n");
            assert_eq!((code, err.as_str()), (Some(0), ""));
            assert!(out.contains("2\n0 0\n1 1\n"), "{out}");
        }
        let (code, _, err) = support::child::run(test, &["-"], b"2 2\n1 inf\n2 inf\n");
        assert_eq!(code, Some(1));
        assert!(err.starts_with("assignment: <stdin>: "), "{err}");
        let (code, _, err) = support::child::run(test, &["--sparse"], b"1 1 1\n0 0 z\n");
        assert_eq!(code, Some(2));
        assert_eq!(
            err,
            "assignment: <stdin>: line 2, field 3: expected a weight, found \"z\"\n"
        );
        let (code, out, err) =
            support::child::run(test, &["--maximize"], b"1 2\n9007199254740993 0.5\n");
        assert_eq!((code, out.as_str()), (Some(2), ""));
        assert!(
            err.starts_with("assignment: <stdin>: line 2, field 1: the integer 9007199254740993")
                && err.ends_with("0.5 on line 2, field 2\n")
                && err.matches('\n').count() == 1,
            "{err}"
        );
        let (code, _, err) = support::child::run(test, &[], b"1 1\n1e400\n");
        assert_eq!(code, Some(2));
        assert_eq!(
            err,
            "assignment: <stdin>: line 2, field 1: 1e400 is too large for f64 \
             (write inf for a forbidden entry)\n"
        );
        let (code, _, err) = support::child::run(test, &["--bogus"], b"");
        assert_eq!(code, Some(2));
        assert_eq!(err, "assignment: unknown option \"--bogus\" (try --help)\n");
    }
}
