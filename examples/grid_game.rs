//! Who wins the grid game? Reads a board in the judge format and prints the
//! winning starts (JSOI 2009 "Game" or LOJ 6033 output), or draws them.
//!
//!     cargo run --release --example grid_game                 # the sample, drawn
//!     cargo run --release --example grid_game -- board.txt    # judge output
//!     cargo run --release --example grid_game -- --draw < board.txt
//!
//! `--help` explains the formats.

mod support;
use support::{ms, push_number, repeat};

use std::io::{self, IsTerminal, Read, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use bimatch::game::{board_graph, winning_vertices_with_matching, Grid, GridGraph, Moves};

const HELP: &str = "\
grid_game: who wins the grid game on a board of free and blocked cells

THE GAME
  One player places a token on a free cell. The other player moves first;
  turn by turn the token moves up, down, left or right to a free cell it
  has never visited. Whoever cannot move loses. The placing player wins
  exactly on the cells that some maximum matching of the board (a largest
  set of dominoes on free cells) leaves uncovered.

USAGE
  grid_game [--format jsoi|loj] [--draw] [--moves RULE] [FILE]
  grid_game --bench [--format jsoi|loj] [--moves RULE] FILE
  grid_game --sample
  grid_game --help

INPUT (from FILE, or standard input without one or for -)
  n m
  n lines of m cells: '.' free, '#' blocked

OUTPUT (rows and columns 1-based, cells in row-major order)
  --format jsoi   (default) LOSE if no cell wins; else WIN, then one
                  \"row col\" line per winning cell
  --format loj    the number of winning cells, then one \"row col\" line each
  --draw          instead, draw the board (W winning start, . losing free
                  cell, # blocked) and a summary line; in colour when the
                  output is a terminal
  --moves RULE    how the token moves: orthogonal (default; up, down, left,
                  right), king (also diagonally), hex (orthogonal plus
                  up-right and down-left: a hexagonal board) or knight;
                  the placing player wins where some maximum matching of
                  that graph leaves the cell unmatched
  --bench         time the whole run but the final write, repeated: read
                  FILE, parse, build the graph, match, find the winning
                  cells, format the judge output; print \"size median_ms
                  min_ms reps\" (size: the maximum matching), the
                  repetitions set by PEERS_REPS, PEERS_MIN_MS,
                  PEERS_MAX_REPS and PEERS_BUDGET_MS as for the benchmark
                  harness
  --sample        play the built-in sample board and draw it; also what
                  happens with no FILE while standard input is a terminal
                  or empty (then saying so on standard error)

EXIT STATUS
  0 answered; 2 bad input or usage (one line on standard error, naming the
  line and column); 1 the output could not be written.
";

/// The sample: five small regions, each a lesson.
const SAMPLE: &str = "\
5 10
.....#....
##########
...#..#...
...#..#.#.
...#..#...
";

const SAMPLE_NOTES: &str = "\
W: place the token here and you win. Why, region by region:
  top left, a corridor of 5: start at an end or in the middle, and every
    step of your opponent leaves you a step to answer with; start on the
    2nd or 4th cell, and your opponent steps to the nearer end: you are stuck.
  top right, a corridor of 4; the 3 x 2 room; the ring of 8: the cells pair
    up into dominoes. Wherever you start, your opponent moves to your cell's
    partner, and then answers each of your moves with its partner: you lose.
  the 3 x 3 room: dominoes cover at most 8 of its 9 cells, and the one left
    out can be any corner or the centre. Start there: every move of your
    opponent enters a domino, and you finish it.
In general: W exactly where some largest set of dominoes leaves the cell
uncovered (the non-essential vertices of a maximum matching).
";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Jsoi,
    Loj,
}

#[derive(Debug, Default)]
struct Options {
    format: Option<Format>,
    draw: bool,
    bench: bool,
    moves: Moves,
    sample: bool,
    help: bool,
    path: Option<String>,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut o = Options::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let format = match arg.as_str() {
            "--format" => Some(
                it.next()
                    .ok_or("--format needs a value: jsoi or loj")?
                    .as_str(),
            ),
            a => a.strip_prefix("--format="),
        };
        if let Some(f) = format {
            o.format = Some(match f {
                "jsoi" => Format::Jsoi,
                "loj" => Format::Loj,
                other => return Err(format!("unknown format {other:?}: expected jsoi or loj")),
            });
            continue;
        }
        let moves = match arg.as_str() {
            "--moves" => Some(
                it.next()
                    .ok_or("--moves needs a rule: orthogonal, king, hex or knight")?
                    .as_str(),
            ),
            a => a.strip_prefix("--moves="),
        };
        if let Some(m) = moves {
            o.moves = match m {
                "orthogonal" => Moves::Orthogonal,
                "king" => Moves::King,
                "hex" => Moves::Hex,
                "knight" => Moves::Knight,
                other => {
                    return Err(format!(
                        "unknown moves {other:?}: expected orthogonal, king, hex or knight"
                    ))
                }
            };
            continue;
        }
        match arg.as_str() {
            "--draw" => o.draw = true,
            "--bench" => o.bench = true,
            "--sample" => o.sample = true,
            "-h" | "--help" => o.help = true,
            a if a.starts_with('-') && a != "-" => {
                return Err(format!("unknown option {a:?} (try --help)"))
            }
            a if o.path.is_none() => o.path = Some(a.to_string()),
            a => return Err(format!("unexpected argument {a:?}: give at most one FILE")),
        }
    }
    Ok(o)
}

/// The answer for one board.
struct Solved {
    grid: Grid,
    /// 0-based (row, col), row-major.
    starts: Vec<(usize, usize)>,
    matching: usize,
    elapsed: Duration,
}

/// Parses judge input and finds the winning starts; times both.
fn solve(input: &[u8]) -> Result<Solved, bimatch::Error> {
    let clock = Instant::now();
    let grid = Grid::from_judge_input(input)?;
    let g = GridGraph::new(&grid);
    let (m, winning) = winning_vertices_with_matching(g.graph());
    let starts = g.cells_of(&winning);
    Ok(Solved {
        grid,
        starts,
        matching: m.len(),
        elapsed: clock.elapsed(),
    })
}

/// [`solve`] for the token's `moves`: other rules than the orthogonal one
/// make a general graph.
fn solve_with(input: &[u8], moves: Moves) -> Result<Solved, String> {
    if moves == Moves::Orthogonal {
        return solve(input).map_err(|e| e.to_string());
    }
    let clock = Instant::now();
    let grid = Grid::from_judge_input(input).map_err(|e| e.to_string())?;
    let graph = board_graph(&grid, moves).map_err(|e| e.to_string())?;
    let winning = bimatch::general::winning_vertices(&graph);
    let cells: Vec<(usize, usize)> = (0..grid.rows())
        .flat_map(|r| (0..grid.cols()).map(move |c| (r, c)))
        .filter(|&(r, c)| grid.is_free(r, c))
        .collect();
    Ok(Solved {
        starts: winning.d().iter().map(|&v| cells[v]).collect(),
        matching: winning.matching_size(),
        grid,
        elapsed: clock.elapsed(),
    })
}

/// The judge's answer: a first line, then `row col` per winning cell, 1-based.
fn judge_output(format: Format, starts: &[(usize, usize)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(16 + starts.len() * 12);
    match format {
        Format::Jsoi if starts.is_empty() => out.extend_from_slice(b"LOSE"),
        Format::Jsoi => out.extend_from_slice(b"WIN"),
        Format::Loj => push_number(&mut out, starts.len()),
    }
    out.push(b'\n');
    let widest = starts.iter().map(|&(r, c)| r.max(c) + 1).max().unwrap_or(0);
    if widest < TABLE {
        push_cells_by_table(&mut out, starts, widest);
    } else {
        push_cells(&mut out, starts);
    }
    out
}

/// The numbers below this are written from a table of their texts.
const TABLE: usize = 1 << 16;

/// `row col` lines, 1-based, each number formatted on its own.
fn push_cells(out: &mut Vec<u8>, starts: &[(usize, usize)]) {
    for &(r, c) in starts {
        push_number(out, r + 1);
        out.push(b' ');
        push_number(out, c + 1);
        out.push(b'\n');
    }
}

/// [`push_cells`] for numbers up to `widest` (below [`TABLE`], so at most
/// five digits): each number's text is copied from a table of 8-byte
/// slots, one fixed-size store, the next store writing over the rest.
fn push_cells_by_table(out: &mut Vec<u8>, starts: &[(usize, usize)], widest: usize) {
    let table: Vec<([u8; 8], usize)> = (0..=widest)
        .map(|n| {
            let mut text = Vec::new();
            push_number(&mut text, n);
            let mut slot = [0u8; 8];
            slot[..text.len()].copy_from_slice(&text);
            (slot, text.len())
        })
        .collect();
    // A line is at most 12 bytes; the last store may reach 8 bytes past it.
    let mut at = out.len();
    out.resize(at + starts.len() * 12 + 8, 0);
    for &(r, c) in starts {
        for (n, end) in [(r + 1, b' '), (c + 1, b'\n')] {
            let (slot, len) = table[n];
            out[at..at + 8].copy_from_slice(&slot);
            at += len;
            out[at] = end;
            at += 1;
        }
    }
    out.truncate(at);
}

/// The board with winning cells marked, then the summary line.
fn drawing(s: &Solved, colour: bool) -> Vec<u8> {
    let (rows, cols) = (s.grid.rows(), s.grid.cols());
    let mut out = Vec::with_capacity((rows + 2) * (cols + 1) + 128);
    let mut next = s.starts.iter().peekable();
    for r in 0..rows {
        for c in 0..cols {
            let cell: &[u8] = if next.peek() == Some(&&(r, c)) {
                next.next();
                if colour {
                    b"\x1b[1;32mW\x1b[0m"
                } else {
                    b"W"
                }
            } else if s.grid.is_free(r, c) {
                b"."
            } else if colour {
                b"\x1b[2m#\x1b[0m"
            } else {
                b"#"
            };
            out.extend_from_slice(cell);
        }
        out.push(b'\n');
    }
    let free = s.grid.free_count();
    let summary = format!(
        "{rows} x {cols} = {} cells, {free} free, {} winning, maximum matching {}, solved in {:.3} ms\n",
        rows * cols,
        s.starts.len(),
        s.matching,
        s.elapsed.as_secs_f64() * 1e3,
    );
    out.extend_from_slice(summary.as_bytes());
    out
}

/// Where the program reads and writes; a struct so that tests can run it
/// on buffers.
struct Io<'a> {
    stdin: &'a mut dyn Read,
    stdin_is_terminal: bool,
    stdout: &'a mut dyn Write,
    stdout_is_terminal: bool,
    stderr: &'a mut dyn Write,
}

/// The whole program; returns the exit status.
fn run(args: &[String], io: Io<'_>) -> u8 {
    let o = match parse_args(args) {
        Ok(o) => o,
        Err(message) => {
            let _ = writeln!(io.stderr, "grid_game: {message}");
            return 2;
        }
    };
    if o.help {
        return write_out(io.stdout, io.stderr, HELP.as_bytes());
    }
    if o.bench {
        return bench(&o, io);
    }
    let mut sample = o.sample || (o.path.is_none() && io.stdin_is_terminal);
    let input = if sample {
        SAMPLE.as_bytes().to_vec()
    } else {
        let mut input = Vec::new();
        let read = match o.path.as_deref() {
            Some(path) if path != "-" => std::fs::File::open(path)
                .and_then(|mut f| f.read_to_end(&mut input))
                .map_err(|e| format!("cannot read {path}: {e}")),
            _ => io
                .stdin
                .read_to_end(&mut input)
                .map_err(|e| format!("cannot read standard input: {e}")),
        };
        if let Err(message) = read {
            let _ = writeln!(io.stderr, "grid_game: {message}");
            return 2;
        }
        // Nothing on standard input and no file (an IDE, a CI log, `< /dev/null`):
        // the newcomer's first run, so show the sample rather than an error.
        if o.path.is_none() && input.iter().all(u8::is_ascii_whitespace) {
            let _ = writeln!(
                io.stderr,
                "grid_game: no input on standard input: playing the sample board"
            );
            sample = true;
            SAMPLE.as_bytes().to_vec()
        } else {
            input
        }
    };
    let solved = match solve_with(&input, o.moves) {
        Ok(s) => s,
        Err(e) => {
            let name = if sample {
                "sample"
            } else {
                o.path.as_deref().unwrap_or("<stdin>")
            };
            let _ = writeln!(io.stderr, "grid_game: {name}: {e}");
            return 2;
        }
    };
    let mut out = if o.draw || sample {
        drawing(&solved, io.stdout_is_terminal)
    } else {
        judge_output(o.format.unwrap_or(Format::Jsoi), &solved.starts)
    };
    if sample {
        out.push(b'\n');
        out.extend_from_slice(SAMPLE_NOTES.as_bytes());
    }
    write_out(io.stdout, io.stderr, &out)
}

/// `--bench`: the whole run on FILE but the final write, repeated; one
/// line `size median_ms min_ms reps`.
fn bench(o: &Options, io: Io<'_>) -> u8 {
    let Some(path) = o.path.as_deref().filter(|p| *p != "-") else {
        let _ = writeln!(io.stderr, "grid_game: --bench needs a FILE");
        return 2;
    };
    let format = o.format.unwrap_or(Format::Jsoi);
    let mut failure = None;
    let mut size = 0;
    let (median, min, reps) = repeat(|| {
        let run = std::fs::read(path)
            .map_err(|e| format!("cannot read {path}: {e}"))
            .and_then(|input| solve_with(&input, o.moves).map_err(|e| format!("{path}: {e}")));
        match run {
            Ok(solved) => {
                size = solved.matching;
                std::hint::black_box(judge_output(format, &solved.starts));
            }
            Err(e) => failure = Some(e),
        }
    });
    if let Some(message) = failure {
        let _ = writeln!(io.stderr, "grid_game: {message}");
        return 2;
    }
    let line = format!("{size} {:.3} {:.3} {reps}\n", ms(median), ms(min));
    write_out(io.stdout, io.stderr, line.as_bytes())
}

/// Writes everything at once; a closed pipe is not an error.
fn write_out(stdout: &mut dyn Write, stderr: &mut dyn Write, bytes: &[u8]) -> u8 {
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => 0,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            let _ = writeln!(stderr, "grid_game: cannot write the output: {e}");
            1
        }
    }
}

/// The program on the process's own standard streams.
fn run_on_stdio(args: &[String]) -> u8 {
    let stdin = io::stdin();
    let stdout = io::stdout();
    run(
        args,
        Io {
            stdin_is_terminal: stdin.is_terminal(),
            stdin: &mut stdin.lock(),
            stdout_is_terminal: stdout.is_terminal(),
            stdout: &mut stdout.lock(),
            stderr: &mut io::stderr(),
        },
    )
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    ExitCode::from(run_on_stdio(&args))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the program on `input` as standard input (not a terminal);
    /// returns the exit status, standard output and standard error.
    fn run_on(args: &[&str], input: &str) -> (u8, String, String) {
        run_with(args, input, false)
    }

    fn run_with(args: &[&str], input: &str, stdin_is_terminal: bool) -> (u8, String, String) {
        run_bytes(args, input.as_bytes(), stdin_is_terminal)
    }

    fn run_bytes(args: &[&str], mut input: &[u8], stdin_is_terminal: bool) -> (u8, String, String) {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = run(
            &args,
            Io {
                stdin: &mut input,
                stdin_is_terminal,
                stdout: &mut out,
                stdout_is_terminal: false,
                stderr: &mut err,
            },
        );
        (
            code,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    /// Both formats on one board: (jsoi, loj).
    fn both(input: &str) -> (String, String) {
        let (c1, jsoi, e1) = run_on(&[], input);
        let (c2, loj, e2) = run_on(&["--format", "loj"], input);
        assert_eq!((c1, c2, e1.as_str(), e2.as_str()), (0, 0, "", ""));
        assert_eq!(run_on(&["--format=jsoi"], input).1, jsoi);
        (jsoi, loj)
    }

    #[test]
    fn golden_boards_in_both_formats() {
        let cases = [
            // all blocked
            ("2 3\n###\n###\n", "LOSE\n", "0\n"),
            // a 2 x 2 room has a perfect matching
            ("2 2\n..\n..\n", "LOSE\n", "0\n"),
            // a 2 x 3 room too
            ("2 3\n...\n...\n", "LOSE\n", "0\n"),
            // a single free cell: the mover cannot move
            ("1 1\n.\n", "WIN\n1 1\n", "1\n1 1\n"),
            ("2 2\n#.\n##\n", "WIN\n1 2\n", "1\n1 2\n"),
            // 1 x N and N x 1 corridors: every other cell of an odd one
            ("1 5\n.....\n", "WIN\n1 1\n1 3\n1 5\n", "3\n1 1\n1 3\n1 5\n"),
            ("1 4\n....\n", "LOSE\n", "0\n"),
            ("3 1\n.\n.\n.\n", "WIN\n1 1\n3 1\n", "2\n1 1\n3 1\n"),
            ("4 1\n.\n.\n#\n.\n", "WIN\n4 1\n", "1\n4 1\n"),
            // a plus sign: the centre's four arms compete for it
            (
                "3 3\n#.#\n...\n#.#\n",
                "WIN\n1 2\n2 1\n2 3\n3 2\n",
                "4\n1 2\n2 1\n2 3\n3 2\n",
            ),
            // a 3 x 3 room with one wall cell: five cells of one colour, three
            // of the other
            (
                "3 3\n...\n..#\n...\n",
                "WIN\n1 1\n1 3\n2 2\n3 1\n3 3\n",
                "5\n1 1\n1 3\n2 2\n3 1\n3 3\n",
            ),
        ];
        for (input, jsoi, loj) in cases {
            assert_eq!(both(input), (jsoi.to_string(), loj.to_string()), "{input}");
        }
    }

    #[test]
    fn golden_sample_drawing() {
        let (code, out, err) = run_on(&["--sample"], "");
        assert_eq!((code, err.as_str()), (0, ""));
        let board: Vec<&str> = out.lines().take(5).collect();
        assert_eq!(
            board,
            [
                "W.W.W#....",
                "##########",
                "W.W#..#...",
                ".W.#..#.#.",
                "W.W#..#..."
            ]
        );
        assert!(out
            .lines()
            .nth(5)
            .unwrap()
            .starts_with("5 x 10 = 50 cells, 32 free, 8 winning, maximum matching 15, solved in "));
        assert!(out.contains("W: place the token here and you win."));
        // No file while standard input is a terminal: the sample again.
        let (code, from_terminal, _) = run_with(&[], "", true);
        assert_eq!(code, 0);
        assert_eq!(from_terminal.lines().take(5).collect::<Vec<_>>(), board);
        // No file and nothing on standard input (an IDE, a CI log): the sample.
        for nothing in ["", " \n\r\n"] {
            let (code, from_nothing, err) = run_with(&[], nothing, false);
            assert_eq!(
                (code, err.as_str()),
                (
                    0,
                    "grid_game: no input on standard input: playing the sample board\n"
                )
            );
            assert_eq!(from_nothing.lines().take(5).collect::<Vec<_>>(), board);
        }
        // An empty file is still an error: it was named.
        let path = std::env::temp_dir().join(format!("grid_game_empty_{}.txt", std::process::id()));
        std::fs::write(&path, "").unwrap();
        let (code, out, err) = run_with(&[path.to_str().unwrap()], "", false);
        std::fs::remove_file(&path).unwrap();
        assert_eq!((code, out.as_str()), (2, ""));
        assert!(
            err.ends_with(
                "line 1, column 1: expected the number of rows n, found \"end of input\"\n"
            ),
            "{err}"
        );
    }

    #[test]
    fn draw_marks_cells_without_colour_when_not_a_terminal() {
        let (code, out, _) = run_on(&["--draw"], "2 3\n.#.\n...\n");
        assert_eq!(code, 0);
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some("W#W"));
        assert_eq!(lines.next(), Some(".W."));
        assert!(lines
            .next()
            .unwrap()
            .starts_with("2 x 3 = 6 cells, 5 free, 3 winning, maximum matching 2, solved in "));
        assert_eq!(lines.next(), None);
        assert!(!out.contains('\x1b'));
        let solved = solve(b"1 2\n.#\n").unwrap();
        assert_eq!(
            drawing(&solved, true)
                .split(|&b| b == b'\n')
                .next()
                .unwrap(),
            b"\x1b[1;32mW\x1b[0m\x1b[2m#\x1b[0m"
        );
    }

    #[test]
    fn bad_input_is_one_line_on_stderr_and_status_2() {
        let cases = [
            ("2 3\n...\n.x.\n", "grid_game: <stdin>: line 3, column 2 (row 2): expected '.' or '#', found 'x'\n"),
            ("3 2\n..\n..\n", "grid_game: <stdin>: line 4, column 1: the input ends after 2 rows, but the header announces 3\n"),
            ("three 3\n", "grid_game: <stdin>: line 1, column 1: expected the number of rows n, found \"three\"\n"),
            ("4000000000 4000000000\n", "grid_game: <stdin>: line 1, column 12: the header announces 4000000000 rows of 4000000000 cells, more than the 1 bytes after it can hold\n"),
        ];
        for (input, message) in cases {
            assert_eq!(run_on(&[], input), (2, String::new(), message.to_string()));
        }
    }

    #[test]
    fn the_output_bytes_are_the_same_on_every_run_and_line_ending() {
        let board = "4 5\n..#..\n.....\n#...#\n..#..\n";
        // The drawing ends with the time taken: compare what comes before.
        let untimed = |(code, out, err): (u8, String, String)| {
            let cut = out.find(", solved in").unwrap_or(out.len());
            (code, out[..cut].to_string(), err)
        };
        for args in [&[][..], &["--format", "loj"], &["--draw"]] {
            let first = untimed(run_on(args, board));
            assert_eq!((first.0, first.2.as_str()), (0, ""));
            assert_eq!(untimed(run_on(args, board)), first, "{args:?}");
            let crlf = board.replace('\n', "\r\n");
            assert_eq!(untimed(run_on(args, &crlf)), first, "{args:?}");
        }
    }

    #[test]
    fn hostile_input_is_one_line_on_stderr_and_status_2() {
        let mut long_line = b"1 1\n".to_vec();
        long_line.resize(50_000_004, b'.');
        let cases: [(&[u8], &str); 7] = [
            (b"1", "line 1, column 2: expected the number of columns m, found \"end of input\""),
            (
                b"1000000000 1000000000\n.\n",
                "line 1, column 12: the header announces 1000000000 rows of 1000000000 cells, \
                 more than the 3 bytes after it can hold",
            ),
            (
                b"18446744073709551616 1\n.\n",
                "line 1, column 1: expected a smaller number of rows n, found \"18446744073709551616\"",
            ),
            (b"-1 1\n.\n", "line 1, column 1: expected the number of rows n, found \"-1\""),
            (b"1 2\n.\xff\n", "line 2, column 2 (row 1): expected '.' or '#', found '\u{fffd}'"),
            (b"1 2\n.\0\n", "line 2, column 2 (row 1): expected '.' or '#', found '\\0'"),
            (
                &long_line,
                "line 2, column 2 (row 1): the row has 50000000 cells, but the header announces 1",
            ),
        ];
        for (input, message) in cases {
            let (code, out, err) = run_bytes(&[], input, false);
            assert_eq!(
                (code, out.as_str(), err.as_str()),
                (2, "", format!("grid_game: <stdin>: {message}\n").as_str())
            );
        }
        // Mixed line endings and no final newline are fine.
        let (code, out, err) = run_bytes(&[], b"2 3\r\n..#\n.#.", false);
        assert_eq!((code, err.as_str()), (0, ""));
        assert_eq!(out, run_on(&[], "2 3\n..#\n.#.\n").1);
    }

    #[test]
    fn usage_errors_and_help() {
        for args in [
            &["--format", "xml"][..],
            &["--format"],
            &["--colour"],
            &["a", "b"],
            &["--moves", "bishop"],
            &["--moves"],
        ] {
            let (code, out, err) = run_on(args, "1 1\n.\n");
            assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
            assert_eq!(err.lines().count(), 1, "{args:?}");
            assert!(err.starts_with("grid_game: "), "{err}");
        }
        for help in ["--help", "-h"] {
            let (code, out, _) = run_on(&[help], "");
            assert_eq!((code, out.as_str()), (0, HELP));
        }
        // `-` is standard input, as no file is.
        assert_eq!(run_on(&["-"], "1 1\n.\n"), run_on(&[], "1 1\n.\n"));
        assert_eq!(run_on(&["-"], "1 1\n.\n").0, 0);
        let (code, out, _) = run_on(&["--help"], "");
        assert_eq!(code, 0);
        assert!(out.contains("--format loj") && out.contains("USAGE"));
        let (code, _, err) = run_on(&["/no/such/board.txt"], "");
        assert_eq!(code, 2);
        assert!(
            err.starts_with("grid_game: cannot read /no/such/board.txt: "),
            "{err}"
        );
    }

    #[test]
    fn moves_change_the_game() {
        // an L of three cells: orthogonally a path (its ends win); with king
        // or hex moves a triangle (every cell wins); knight moves join none
        let board = "2 2\n..\n.#\n";
        assert_eq!(run_on(&[], board).1, "WIN\n1 2\n2 1\n");
        assert_eq!(
            run_on(&["--moves", "orthogonal"], board).1,
            run_on(&[], board).1
        );
        assert_eq!(run_on(&["--moves=king"], board).1, "WIN\n1 1\n1 2\n2 1\n");
        assert_eq!(
            run_on(&["--moves", "hex", "--format", "loj"], board).1,
            "3\n1 1\n1 2\n2 1\n"
        );
        assert_eq!(
            run_on(&["--moves", "knight"], board).1,
            "WIN\n1 1\n1 2\n2 1\n"
        );
        // a 2 x 2 room with king moves pairs up: nobody wins by placing
        let (code, out, _) = run_on(&["--moves", "king", "--draw"], "2 2\n..\n..\n");
        assert_eq!(code, 0);
        assert!(out.contains("0 winning, maximum matching 2"), "{out}");
        assert!(run_on(&["--help"], "").1.contains("--moves RULE"));
    }

    #[test]
    fn bench_times_a_file_and_reports_the_matching() {
        let path = std::env::temp_dir().join(format!("grid_game_bench_{}.txt", std::process::id()));
        std::fs::write(&path, "2 3\n...\n.#.\n").unwrap();
        let file = path.to_str().unwrap();
        std::env::set_var("PEERS_REPS", "2");
        std::env::set_var("PEERS_MIN_MS", "0");
        let (code, out, err) = run_on(&["--bench", file], "");
        let (code_king, out_king, _) = run_on(&["--bench", "--moves", "king", file], "");
        std::fs::remove_file(&path).unwrap();
        assert_eq!((code, err.as_str()), (0, ""));
        let fields: Vec<&str> = out.split_whitespace().collect();
        // Five free cells: two pairs, orthogonally and with king moves.
        assert_eq!((fields.len(), fields[0], fields[3]), (4, "2", "2"), "{out}");
        assert_eq!(
            (code_king, out_king.split_whitespace().next()),
            (0, Some("2"))
        );
        assert!(fields[1].parse::<f64>().is_ok() && fields[2].parse::<f64>().is_ok());
        let (code, out, err) = run_on(&["--bench"], "1 1\n.\n");
        assert_eq!((code, out.as_str()), (2, ""));
        assert_eq!(err, "grid_game: --bench needs a FILE\n");
        let (code, _, err) = run_on(&["--bench", "/no/such/board.txt"], "");
        assert_eq!(code, 2);
        assert!(
            err.starts_with("grid_game: cannot read /no/such/board.txt: "),
            "{err}"
        );
    }

    #[test]
    fn the_table_writes_what_the_formatter_writes() {
        let mut state = 7u64;
        let mut next = move |n: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize % n
        };
        for widest in [1, 9, 10, 99, 100, 2000, TABLE - 1] {
            let starts: Vec<(usize, usize)> =
                (0..500).map(|_| (next(widest), next(widest))).collect();
            let (mut by_table, mut plain) = (Vec::new(), Vec::new());
            push_cells_by_table(&mut by_table, &starts, widest);
            push_cells(&mut plain, &starts);
            assert_eq!(by_table, plain, "{widest}");
        }
        // Past the table, the formatter: one cell on a very wide board.
        let wide = judge_output(Format::Loj, &[(3, TABLE + 5)]);
        assert_eq!(wide, format!("1\n4 {}\n", TABLE + 6).into_bytes());
        assert_eq!(judge_output(Format::Jsoi, &[]), b"LOSE\n");
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        let mut out = Vec::new();
        for n in [0, 7, 10, 1999, 2000, usize::MAX] {
            push_number(&mut out, n);
            out.push(b' ');
        }
        assert_eq!(out, format!("0 7 10 1999 2000 {} ", usize::MAX).as_bytes());
    }

    /// Runs this test binary again as the program itself, on real standard
    /// streams, and returns its exit status and standard error.
    fn as_child_process(args: &[&str], input: &str) -> (Option<i32>, String) {
        use std::process::{Command, Stdio};
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "tests::the_process_exits_with_status_2_on_bad_input",
                "--nocapture",
            ])
            .env(CHILD, args.join("\u{1f}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let done = child.wait_with_output().unwrap();
        (done.status.code(), String::from_utf8(done.stderr).unwrap())
    }

    /// Set in the child process: the program's arguments, separated by U+001F.
    const CHILD: &str = "GRID_GAME_AS_CHILD";

    #[test]
    fn the_process_exits_with_status_2_on_bad_input() {
        if let Ok(args) = std::env::var(CHILD) {
            let args: Vec<String> = args
                .split('\u{1f}')
                .filter(|a| !a.is_empty())
                .map(String::from)
                .collect();
            std::process::exit(i32::from(run_on_stdio(&args)));
        }
        let (code, err) = as_child_process(&[], "1 2\n.;\n");
        assert_eq!(code, Some(2));
        assert_eq!(
            err,
            "grid_game: <stdin>: line 2, column 2 (row 1): expected '.' or '#', found ';'\n"
        );
        assert_eq!(
            as_child_process(&["--format", "loj"], "1 1\n.\n"),
            (Some(0), String::new())
        );
        let (code, err) = as_child_process(&["--bogus"], "");
        assert_eq!(code, Some(2));
        assert_eq!(err, "grid_game: unknown option \"--bogus\" (try --help)\n");
        let (code, err) = as_child_process(&[], "4294967296 4294967296\n");
        assert_eq!(code, Some(2));
        assert_eq!(
            err,
            "grid_game: <stdin>: line 1, column 12: the header announces 4294967296 rows of \
             4294967296 cells, more than the 1 bytes after it can hold\n"
        );
        // The real process with nothing piped in plays the sample.
        assert_eq!(
            as_child_process(&[], ""),
            (
                Some(0),
                "grid_game: no input on standard input: playing the sample board\n".into()
            )
        );
    }
}
