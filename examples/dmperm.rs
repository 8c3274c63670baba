//! The Dulmage–Mendelsohn decomposition of a sparse matrix, like MATLAB's
//! `dmperm`: structural rank, coarse parts and fine blocks, and optionally
//! a picture of the matrix permuted into block triangular form.
//!
//! ```text
//! cargo run --release --example dmperm -- [MATRIX.mtx] [--drop-zeros] [--svg OUT.svg] [--max-product] [--threads N]
//! ```
//!
//! `--max-product` also prints the maximum-product matching of the matrix's
//! values (HSL MC64's job 5) and its row and column scalings.
//!
//! `MATRIX.mtx` is a Matrix Market coordinate file (`pattern`, `real` or
//! `integer`; `general`, `symmetric` or `skew-symmetric`), read with
//! `bimatch::io::read_matrix_market_with`; without one, or for `-`, the
//! matrix is read from standard input. Rows are left
//! vertices, columns right vertices. Explicit zero entries count as
//! entries of the pattern, unlike MATLAB's `dmperm`, which never stores a
//! zero: `--drop-zeros` leaves them out, to match MATLAB. `--help` prints
//! the usage. Errors print one line on stderr, naming the file, and exit
//! with status 2.
//!
//! `--threads N` (built with `--features parallel`) runs the program in a
//! rayon pool of N threads (default: the global pool, one thread per
//! core); the output is the same for every N. Without the feature the
//! flag is refused: one line on stderr, status 2. On several threads:
//! building the graph (the CSR builder's sorts, from 2^20 entries); the
//! matching and the decomposition are sequential.

mod support;

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use bimatch::io::{read_matrix_market_with, MatrixMarketOptions};
use support::{count, write_stdout, Input};

use bimatch::{dulmage_mendelsohn, maximum_matching, Bipartite, DmDecomposition, Matching};

const USAGE: &str =
    "usage: dmperm [MATRIX.mtx] [--drop-zeros] [--svg OUT.svg] [--max-product] [--threads N]\n\
    reads the matrix from MATRIX.mtx, or from standard input without one or for -;\n\
    explicit zero entries count as entries unless --drop-zeros (as MATLAB's dmperm) is given";

fn main() -> ExitCode {
    // `--threads N` (support::take_threads): a rayon pool of N threads
    // with the parallel feature, refused without it.
    let (threads, args) = match support::take_threads(std::env::args().skip(1).collect()) {
        Ok(taken) => taken,
        Err(message) => {
            eprintln!("dmperm: {message}");
            return ExitCode::from(2);
        }
    };
    match support::in_threads(threads, || status(args)) {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("dmperm: {message}");
            ExitCode::from(1)
        }
    }
}

/// Runs the program; prints an error as one line on stderr and returns the
/// exit status.
fn status(args: Vec<String>) -> u8 {
    match run(args) {
        Ok(out) => match write_stdout(out.as_bytes()) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("dmperm: {e}");
                1
            }
        },
        Err(message) => {
            eprintln!("dmperm: {message}");
            2
        }
    }
}

/// The program's whole output, or a one-line error.
fn run(args: Vec<String>) -> Result<String, String> {
    let mut input = None;
    let mut svg = None;
    let mut options = MatrixMarketOptions::default();
    let mut max_product = false;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--svg" => {
                svg = Some(
                    args.next()
                        .ok_or(format!("--svg needs a file name; {USAGE}"))?,
                )
            }
            "--drop-zeros" => options = options.drop_zeros(true),
            "--max-product" => max_product = true,
            "-h" | "--help" => return Ok(format!("{USAGE}\n")),
            _ if input.is_none() && !arg.starts_with("--") => input = Some(arg),
            _ => return Err(format!("unexpected argument {arg:?}; {USAGE}")),
        }
    }
    let started = Instant::now();
    let input = Input::read(input.as_deref())?;
    let g = read_matrix_market_with(&input.bytes[..], options).map_err(|e| input.error(e))?;
    let read = started.elapsed();
    let started = Instant::now();
    let m = maximum_matching(&g);
    let matched = started.elapsed();
    let started = Instant::now();
    let dm = dulmage_mendelsohn(&g, &m).map_err(|e| e.to_string())?;
    let decomposed = started.elapsed();

    let mut out = summary(&g, &dm);
    out += &format!(
        "time: read {:.1} ms, matching {:.1} ms, decomposition {:.1} ms\n",
        read.as_secs_f64() * 1e3,
        matched.as_secs_f64() * 1e3,
        decomposed.as_secs_f64() * 1e3
    );
    if let Some(path) = svg {
        std::fs::write(&path, spy_svg(&g, &m, &dm)).map_err(|e| format!("{path}: {e}"))?;
        out += &format!("wrote {path}\n");
    }
    if max_product {
        let text = String::from_utf8_lossy(&input.bytes);
        out += &max_product_report(&text).map_err(|e| input.error(e))?;
    }
    Ok(out)
}

/// The maximum-product matching of a Matrix Market file already accepted
/// by the crate's reader: the column of each row (1-based, 0 if unmatched)
/// and the row and column scalings, one line each.
fn max_product_report(text: &str) -> Result<String, String> {
    use bimatch::assignment::{max_product_matching, WeightedBipartite};
    let mut lines = text.lines().enumerate();
    let header = lines
        .next()
        .map(|(_, l)| l.to_ascii_lowercase())
        .unwrap_or_default();
    let (pattern, mirror, skew) = (
        header.contains("pattern"),
        header.contains("symmetric"),
        header.contains("skew-symmetric"),
    );
    let mut data = lines.filter(|(_, l)| !l.trim_start().starts_with('%') && !l.trim().is_empty());
    let (_, size) = data.next().ok_or("no size line")?;
    let dims: Vec<usize> = size
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    let (rows, cols) = match dims[..] {
        [r, c, _] => (r, c),
        _ => return Err(format!("bad size line {size:?}")),
    };
    let mut entries = Vec::new();
    for (n, line) in data {
        let mut w = line.split_whitespace();
        let mut index = || {
            w.next()
                .and_then(|x| x.parse::<usize>().ok())
                .filter(|&x| x > 0)
        };
        let (i, j) = index()
            .zip(index())
            .ok_or(format!("line {}: bad entry", n + 1))?;
        let x = if pattern {
            1.0
        } else {
            w.next()
                .and_then(|x| x.parse::<f64>().ok())
                .ok_or(format!("line {}: bad value", n + 1))?
        };
        entries.push((i - 1, j - 1, x));
        if mirror && i != j {
            entries.push((j - 1, i - 1, if skew { -x } else { x }));
        }
    }
    let a = WeightedBipartite::from_edges(rows, cols, entries).map_err(|e| e.to_string())?;
    let p = max_product_matching(&a).map_err(|e| e.to_string())?;
    let list = |xs: &mut dyn Iterator<Item = String>| xs.collect::<Vec<_>>().join(" ");
    Ok(format!(
        "max-product matching: {}\ncolumn of each row: {}\nrow scaling: {}\ncolumn scaling: {}\n",
        count(p.len(), "pair", "pairs"),
        list(&mut p.row_to_col().map(|c| c.map_or(0, |c| c + 1).to_string())),
        list(&mut p.row_scaling().iter().map(|x| format!("{x:e}"))),
        list(&mut p.col_scaling().iter().map(|x| format!("{x:e}"))),
    ))
}

/// Structural rank, coarse part sizes and fine block sizes, one item a line.
fn summary(g: &Bipartite, dm: &DmDecomposition) -> String {
    let (rr, cc) = (dm.rr(), dm.cc());
    let mut out = String::new();
    let _ = writeln!(
        out,
        "matrix: {}, {}, {}",
        count(g.left_count(), "row", "rows"),
        count(g.right_count(), "column", "columns"),
        count(g.edge_count(), "entry", "entries")
    );
    let _ = writeln!(out, "structural rank: {}", dm.structural_rank());
    let _ = writeln!(
        out,
        "coarse: horizontal {} x {} (of which {}), square {} x {}, \
         vertical {} x {} (of which {})",
        rr[1] - rr[0],
        cc[2] - cc[0],
        count(cc[1] - cc[0], "free column", "free columns"),
        rr[2] - rr[1],
        cc[3] - cc[2],
        rr[4] - rr[2],
        cc[4] - cc[3],
        count(rr[4] - rr[3], "free row", "free rows")
    );
    let mut sizes: Vec<usize> = dm
        .square_blocks()
        .map(|k| dm.r()[k + 1] - dm.r()[k])
        .collect();
    let _ = write!(
        out,
        "fine: {}",
        count(sizes.len(), "square block", "square blocks")
    );
    if sizes.len() <= 20 {
        let list: Vec<String> = sizes.iter().map(|s| s.to_string()).collect();
        let _ = writeln!(out, "; sizes in block order: {}", list.join(" "));
    } else {
        sizes.sort_unstable();
        let _ = writeln!(out, "; largest {}", sizes[sizes.len() - 1]);
        // Histogram by decade: 1, 2-9, 10-99, ...
        let mut bins: Vec<(usize, usize, usize)> = vec![(1, 1, 0)];
        let mut low = 2;
        while low <= sizes[sizes.len() - 1] {
            let high = if low == 2 { 9 } else { low * 10 - 1 };
            bins.push((low, high, 0));
            low = high + 1;
        }
        for s in &sizes {
            if let Some(bin) = bins.iter_mut().find(|b| b.0 <= *s && *s <= b.1) {
                bin.2 += 1;
            }
        }
        for (low, high, n) in bins.into_iter().filter(|b| b.2 > 0) {
            let label = if low == high {
                low.to_string()
            } else {
                format!("{low}-{high}")
            };
            let _ = writeln!(out, "  size {label:>13}: {}", count(n, "block", "blocks"));
        }
    }
    out
}

/// Largest number of cells a side of the picture has; bigger matrices are
/// downsampled so each cell stands for a square of entries.
const MAX_CELLS: usize = 300;
/// Largest number of block outlines drawn; beyond it only the largest.
const MAX_OUTLINES: usize = 1000;

/// A spy plot of A(p, q) as a plain SVG: dark cells hold entries (orange:
/// the matching, when every cell is one entry), red outlines the fine
/// blocks, dashed grey outlines the coarse parts.
fn spy_svg(g: &Bipartite, m: &Matching, dm: &DmDecomposition) -> String {
    let (rows, cols) = (g.left_count(), g.right_count());
    let per = rows.max(cols).div_ceil(MAX_CELLS).max(1); // entries per cell side
    let (grid_r, grid_c) = (rows.div_ceil(per), cols.div_ceil(per));
    let px = (720 / grid_r.max(grid_c).max(1)).clamp(1, 24) as f64; // pixels per cell
    let scale = px / per as f64; // pixels per entry
    let (width, height) = (grid_c as f64 * px, grid_r as f64 * px);

    let mut row_pos = vec![0; rows];
    let mut col_pos = vec![0; cols];
    for (k, u) in dm.p().iter().enumerate() {
        row_pos[u.index()] = k;
    }
    for (k, v) in dm.q().iter().enumerate() {
        col_pos[v.index()] = k;
    }
    // 0: empty, 1: entry, 2: matched entry.
    let mut cells = vec![0u8; grid_r * grid_c];
    for (u, v) in g.edges() {
        let cell = row_pos[u.index()] / per * grid_c + col_pos[v.index()] / per;
        let kind = if per == 1 && m.left_mate(u) == Some(v) {
            2
        } else {
            1
        };
        cells[cell] = cells[cell].max(kind);
    }

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"-2 -2 {w2} {h2}\">",
        w = width + 4.0,
        h = height + 4.0,
        w2 = width + 4.0,
        h2 = height + 4.0
    );
    let _ = writeln!(
        svg,
        "<title>A(p,q): {rows} x {cols}, {} entries, structural rank {}, {} fine blocks{}</title>",
        g.edge_count(),
        dm.structural_rank(),
        dm.block_count(),
        if per > 1 {
            format!(", {per} x {per} entries per cell")
        } else {
            String::new()
        }
    );
    let _ = writeln!(
        svg,
        "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#ffffff\" stroke=\"#999999\"/>"
    );
    for (kind, colour) in [(1u8, "#1f3b5c"), (2, "#e07b00")] {
        let _ = writeln!(svg, "<g fill=\"{colour}\">");
        for i in 0..grid_r {
            let row = &cells[i * grid_c..(i + 1) * grid_c];
            let mut j = 0;
            while j < grid_c {
                if row[j] != kind {
                    j += 1;
                    continue;
                }
                let start = j;
                while j < grid_c && row[j] == kind {
                    j += 1;
                }
                let _ = writeln!(
                    svg,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{px}\"/>",
                    start as f64 * px,
                    i as f64 * px,
                    (j - start) as f64 * px
                );
            }
        }
        let _ = writeln!(svg, "</g>");
    }

    // Fine blocks at least a cell wide; with very many, only the largest.
    let mut blocks: Vec<usize> = (0..dm.block_count())
        .filter(|&k| {
            per == 1 || dm.r()[k + 1] - dm.r()[k] >= per || dm.s()[k + 1] - dm.s()[k] >= per
        })
        .collect();
    if blocks.len() > MAX_OUTLINES {
        blocks.sort_by_key(|&k| std::cmp::Reverse(dm.r()[k + 1] - dm.r()[k]));
        blocks.truncate(MAX_OUTLINES);
    }
    let stroke = (px / 6.0).clamp(0.5, 2.0);
    let _ = writeln!(
        svg,
        "<g fill=\"none\" stroke=\"#d62728\" stroke-width=\"{stroke}\">"
    );
    for k in blocks {
        let (r0, r1, s0, s1) = (dm.r()[k], dm.r()[k + 1], dm.s()[k], dm.s()[k + 1]);
        outline(&mut svg, scale, (r0, r1), (s0, s1));
    }
    let _ = writeln!(svg, "</g>");
    // Coarse parts: horizontal, square, vertical.
    let (rr, cc) = (dm.rr(), dm.cc());
    let _ = writeln!(
        svg,
        "<g fill=\"none\" stroke=\"#777777\" stroke-width=\"{stroke}\" stroke-dasharray=\"4 3\">"
    );
    for (r0, r1, c0, c1) in [
        (rr[0], rr[1], cc[0], cc[2]),
        (rr[1], rr[2], cc[2], cc[3]),
        (rr[2], rr[4], cc[3], cc[4]),
    ] {
        if r1 > r0 || c1 > c0 {
            outline(&mut svg, scale, (r0, r1), (c0, c1));
        }
    }
    let _ = writeln!(svg, "</g>\n</svg>");
    svg
}

/// One unfilled rectangle over rows `r0..r1` and columns `c0..c1`.
fn outline(svg: &mut String, scale: f64, (r0, r1): (usize, usize), (c0, c1): (usize, usize)) {
    let _ = writeln!(
        svg,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
        c0 as f64 * scale,
        r0 as f64 * scale,
        (c1 - c0) as f64 * scale,
        (r1 - r0) as f64 * scale
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> (Bipartite, Matching, DmDecomposition) {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/dmperm-example.mtx");
        let g = bimatch::io::read_matrix_market(std::fs::File::open(path).unwrap()).unwrap();
        let m = maximum_matching(&g);
        let dm = dulmage_mendelsohn(&g, &m).unwrap();
        (g, m, dm)
    }

    #[test]
    fn summary_of_the_example_matrix() {
        let (g, _, dm) = example();
        assert_eq!(
            summary(&g, &dm),
            "matrix: 12 rows, 12 columns, 28 entries\n\
             structural rank: 11\n\
             coarse: horizontal 2 x 3 (of which 1 free column), square 7 x 7, \
             vertical 3 x 2 (of which 1 free row)\n\
             fine: 4 square blocks; sizes in block order: 1 2 1 3\n"
        );
    }

    #[test]
    fn the_committed_picture_is_what_the_example_draws() {
        let (g, m, dm) = example();
        let svg = spy_svg(&g, &m, &dm);
        assert_eq!(svg.matches("<rect").count(), 37);
        let committed = include_str!("dmperm-example.svg");
        assert_eq!(svg, committed, "regenerate examples/dmperm-example.svg");
    }

    #[test]
    fn the_output_bytes_do_not_depend_on_the_order_of_the_entries() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/dmperm-example.mtx");
        let text = std::fs::read_to_string(path).unwrap();
        let (g, m, dm) = example();
        let (summary_bytes, svg) = (summary(&g, &dm), spy_svg(&g, &m, &dm));
        // The entries in reverse, and rotated by each amount, with CRLF.
        let mut lines: Vec<&str> = text.lines().collect();
        let first_entry = lines.iter().position(|l| !l.starts_with('%')).unwrap() + 1;
        let entries = lines.split_off(first_entry);
        let mut orders = vec![entries.iter().rev().copied().collect::<Vec<_>>()];
        for k in 0..entries.len() {
            let mut rotated = entries.clone();
            rotated.rotate_left(k);
            orders.push(rotated);
        }
        for order in orders {
            let shuffled = [&lines[..], &order[..]].concat().join("\r\n");
            let h = bimatch::io::read_matrix_market(shuffled.as_bytes()).unwrap();
            assert_eq!(h, g);
            let m2 = maximum_matching(&h);
            let dm2 = dulmage_mendelsohn(&h, &m2).unwrap();
            assert_eq!(summary(&h, &dm2), summary_bytes);
            assert_eq!(spy_svg(&h, &m2, &dm2), svg);
        }
    }

    #[test]
    fn large_matrices_are_downsampled() {
        let n = 5000;
        let edges = (0..n).flat_map(|i| [(i, i), (i, (i + 1) % n)]);
        let g = Bipartite::from_edges(n, n, edges).unwrap();
        let m = maximum_matching(&g);
        let dm = dulmage_mendelsohn(&g, &m).unwrap();
        let svg = spy_svg(&g, &m, &dm);
        assert!(svg.len() < 100_000, "{} bytes", svg.len());
        assert!(svg.contains("17 x 17 entries per cell"));
        assert!(summary(&g, &dm).contains("fine: 1 square block; sizes in block order: 5000"));
    }

    /// A file in the temporary directory, named for this process and test.
    fn temp_file(name: &str, bytes: &[u8]) -> String {
        let path = std::env::temp_dir().join(format!("dmperm-{}-{name}.mtx", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_string()
    }

    const BANNER: &str = "%%MatrixMarket matrix coordinate pattern general\n";

    /// Hostile files and the error each gives after the file name.
    fn hostile_files() -> Vec<(&'static str, Vec<u8>, String)> {
        let mut long_line = format!("{BANNER}1 1 1\n").into_bytes();
        long_line.resize(long_line.len() + 50_000_000, b'1');
        let huge = format!("{BANNER}4000000000 4000000000 0\n");
        let limit = bimatch::io::FREE_VERTICES + bimatch::io::VERTICES_PER_BYTE * huge.len();
        vec![
            (
                "billion",
                format!("{BANNER}1000000000 1000000000 1000000000\n1 1\n").into_bytes(),
                "line 3: the input ends after 1 of the 1000000000 entries announced".into(),
            ),
            (
                "huge",
                huge.clone().into_bytes(),
                format!(
                    "line 2: 4000000000 + 4000000000 vertices declared, more than the {limit} \
                     that an input of {} bytes allows",
                    huge.len()
                ),
            ),
            (
                "overflow",
                format!("{BANNER}2 2 1\n1 18446744073709551617\n").into_bytes(),
                "line 3, field 2: expected a column index, found \"18446744073709551617\"".into(),
            ),
            (
                "negative",
                format!("{BANNER}2 2 1\n-1 1\n").into_bytes(),
                "line 3, field 1: expected a row index, found \"-1\"".into(),
            ),
            (
                "utf8",
                format!("{BANNER}2 2 1\n1 \u{1}")
                    .into_bytes()
                    .into_iter()
                    .chain([0xff])
                    .collect(),
                "line 3, field 2: expected a column index, found \"\\u{1}\u{fffd}\"".into(),
            ),
            (
                "nul",
                format!("{BANNER}2 2 1\n1\0 1\n").into_bytes(),
                "line 3, field 1: expected a row index, found \"1\\0\"".into(),
            ),
            (
                "long",
                long_line,
                "line 3: the line is longer than 1048576 bytes".into(),
            ),
            (
                "empty",
                Vec::new(),
                "line 1: expected the banner \
                 \"%%MatrixMarket matrix coordinate <field> <symmetry>\", found \"\""
                    .into(),
            ),
        ]
    }

    #[test]
    fn hostile_files_are_one_line_errors() {
        for (name, bytes, message) in hostile_files() {
            let path = temp_file(name, &bytes);
            let err = run(vec![path.clone()]).unwrap_err();
            std::fs::remove_file(&path).unwrap();
            assert_eq!(err, format!("{path}: {message}"), "{name}");
        }
        // Mixed line endings and no final newline are fine.
        let path = temp_file(
            "crlf",
            b"%%MatrixMarket matrix coordinate pattern general\r\n2 2 2\n1 1\r\n2 2",
        );
        let result = run(vec![path.clone()]);
        std::fs::remove_file(&path).unwrap();
        let out = result.unwrap();
        assert!(
            out.starts_with("matrix: 2 rows, 2 columns, 2 entries\nstructural rank: 2\n"),
            "{out}"
        );
    }

    /// Set in the child process: the program's one argument.
    const CHILD: &str = "DMPERM_AS_CHILD";

    #[test]
    fn the_process_exits_with_status_2_and_one_line_on_hostile_files() {
        use std::process::Command;
        if let Ok(path) = std::env::var(CHILD) {
            std::process::exit(i32::from(status(vec![path])));
        }
        for (name, bytes, message) in hostile_files() {
            let path = temp_file(&format!("child-{name}"), &bytes);
            let done = Command::new(std::env::current_exe().unwrap())
                .args([
                    "--exact",
                    "tests::the_process_exits_with_status_2_and_one_line_on_hostile_files",
                    "--nocapture",
                ])
                .env(CHILD, &path)
                .output()
                .unwrap();
            std::fs::remove_file(&path).unwrap();
            assert_eq!(done.status.code(), Some(2), "{name}");
            let err = String::from_utf8(done.stderr).unwrap();
            assert_eq!(err, format!("dmperm: {path}: {message}\n"), "{name}");
        }
    }

    #[test]
    fn max_product_moves_the_large_entries_onto_the_matching() {
        let text = "%%MatrixMarket matrix coordinate real general\n% c\n2 2 3\n1 1 1.0\n1 2 8.0\n2 1 4.0\n";
        let out = max_product_report(text).unwrap();
        assert!(out.contains("2 pairs\ncolumn of each row: 2 1\n"), "{out}");
        assert!(
            max_product_report("%%MatrixMarket matrix coordinate real general\n2 2\n").is_err()
        );
    }

    #[test]
    fn bad_arguments_and_files_are_errors() {
        assert_eq!(run(vec!["--help".into()]).unwrap(), format!("{USAGE}\n"));
        assert!(run(vec!["-".into(), "-".into()])
            .unwrap_err()
            .starts_with("unexpected argument \"-\""));
        assert!(run(vec!["a".into(), "b".into()])
            .unwrap_err()
            .starts_with("unexpected argument \"b\""));
        let err = run(vec!["/nonexistent/m.mtx".into()]).unwrap_err();
        assert!(err.starts_with("/nonexistent/m.mtx: "), "{err}");
        assert!(run(vec!["x.mtx".into(), "--svg".into()])
            .unwrap_err()
            .starts_with("--svg needs a file name"));
    }

    #[test]
    fn explicit_zeros_count_unless_dropped() {
        let text = "%%MatrixMarket matrix coordinate real general\n\
                    2 2 3\n1 1 0.0\n1 2 5\n2 2 -0e3\n";
        let read = |drop| {
            read_matrix_market_with(
                text.as_bytes(),
                MatrixMarketOptions::default().drop_zeros(drop),
            )
            .unwrap()
        };
        let (kept, dropped) = (read(false), read(true));
        assert_eq!((kept.edge_count(), dropped.edge_count()), (3, 1));
        let rank = |g: &Bipartite| {
            let m = maximum_matching(g);
            dulmage_mendelsohn(g, &m).unwrap().structural_rank()
        };
        // Kept, the zeros make the matrix structurally nonsingular; MATLAB
        // (which never stores them) sees rank 1.
        assert_eq!((rank(&kept), rank(&dropped)), (2, 1));
        let path = std::env::temp_dir().join(format!("dmperm_zeros_{}.mtx", std::process::id()));
        std::fs::write(&path, text).unwrap();
        let file = path.to_str().unwrap().to_string();
        assert!(run(vec![file.clone(), "--drop-zeros".into()]).is_ok());
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn standard_input_and_help_as_a_process() {
        if let Some(args) = support::child::args() {
            std::process::exit(i32::from(status(args)));
        }
        let test = "tests::standard_input_and_help_as_a_process";
        for help in ["--help", "-h"] {
            let (code, out, err) = support::child::run(test, &[help], b"");
            assert_eq!((code, err.as_str()), (Some(0), ""));
            assert!(out.contains(USAGE), "{out}");
        }
        let matrix =
            b"\xEF\xBB\xBF%%MatrixMarket matrix coordinate pattern general\r\n1 2 1\r\n1 2\r\n";
        for args in [&[][..], &["-"]] {
            let (code, out, err) = support::child::run(test, args, matrix);
            assert_eq!((code, err.as_str()), (Some(0), ""));
            assert!(
                out.contains("matrix: 1 row, 2 columns, 1 entry\nstructural rank: 1\n"),
                "{out}"
            );
        }
        let (code, _, err) = support::child::run(test, &[], b"");
        assert_eq!(code, Some(2));
        assert!(
            err.starts_with("dmperm: <stdin>: line 1: expected the banner"),
            "{err}"
        );
    }
}
