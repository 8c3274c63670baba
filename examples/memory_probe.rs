//! Builds a large random bipartite graph and matches it, for measuring the
//! peak memory of the graph and a matcher with `/usr/bin/time -v`.
//!
//! ```text
//! cargo build --release --example memory_probe
//! /usr/bin/time -v target/release/examples/memory_probe gen hopcroft-karp
//! target/release/examples/memory_probe write /tmp/g.txt
//! /usr/bin/time -v target/release/examples/memory_probe read /tmp/g.txt
//! ```
//!
//! `gen` builds the graph with `Bipartite::from_edges` from a generator
//! (no edge list in memory); `write` writes the same graph as an `L R M`
//! edge list; `read` reads such a file (standard input without one, or for
//! `-`) with `bimatch::io::read_edge_list`, which accepts up to 2^20
//! vertices plus 4 per byte of the file (the probe's files have about 14
//! bytes per edge, so this never binds on them).
//! The graph has 10^6 left and 10^6 right vertices and 10^7 edge slots
//! (ten random right neighbours per left vertex, a few of them repeated
//! and merged). `--left N` and `--degree D` change the size; `N · D` may be
//! at most `u32::MAX`, the crate's limit on edges. The matcher is any of
//! `MatcherKind`'s names (`hopcroft-karp`, the default, `dinic`,
//! `push-relabel`, `pothen-fan`, `auto`, or `hk`, `pr`, `pf`). `--help`
//! prints the usage; errors print one line on stderr and exit with status
//! 2.

mod support;
use support::{input_path, Failure};

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use bimatch::io::read_edge_list;
use bimatch::{Bipartite, Matcher, MatcherKind};

const USAGE: &str = "usage: memory_probe gen [MATCHER] [--left N] [--degree D]\n\
                     \x20      memory_probe write FILE [--left N] [--degree D]\n\
                     \x20      memory_probe read [FILE [MATCHER]]   (FILE - or none: standard input)\n\
                     MATCHER is a matcher's name (default hopcroft-karp): auto, push-relabel,\n\
                     \x20 pothen-fan, hopcroft-karp or dinic (or pr, pf, hk)";

fn main() -> ExitCode {
    support::main("memory_probe", USAGE, |args| {
        run(args).map(String::into_bytes).map_err(Failure::from)
    })
}

/// SplitMix64: the `k`-th number of a fixed stream.
fn mix(k: u64) -> u64 {
    let mut z = k.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The probe's edges: `degree` random right neighbours of each left vertex
/// (there are as many right vertices as left ones).
fn edges(left: usize, degree: usize) -> impl ExactSizeIterator<Item = (usize, usize)> {
    (0..left * degree).map(move |k| (k / degree, (mix(k as u64) % left as u64) as usize))
}

fn matcher(name: Option<&str>) -> Result<MatcherKind, String> {
    match name {
        None => Ok(MatcherKind::HopcroftKarp),
        Some(name) => name.parse().map_err(|e| format!("{e}; {USAGE}")),
    }
}

fn run(args: Vec<String>) -> Result<String, String> {
    let mut left = 1_000_000;
    let mut degree = 10;
    let mut words = Vec::new();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> Result<usize, String> {
            let value = args.next().ok_or(format!("{name} needs a number"))?;
            value
                .parse()
                .map_err(|_| format!("{name}: {value:?} is not a number"))
        };
        match arg.as_str() {
            "--left" => left = number("--left")?,
            "--degree" => degree = number("--degree")?,
            _ => words.push(arg),
        }
    }
    if left
        .checked_mul(degree)
        .map_or(true, |slots| slots > u32::MAX as usize)
    {
        return Err(format!(
            "--left {left} --degree {degree}: more than {} edge slots",
            u32::MAX
        ));
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let (graph, m) = match words[..] {
        ["gen", ref rest @ ..] if rest.len() <= 1 => {
            let m = matcher(rest.first().copied())?;
            let g = Bipartite::from_edges(left, left, edges(left, degree))
                .map_err(|e| e.to_string())?;
            (g, m)
        }
        ["write", path] => {
            let file = std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?;
            let mut out = BufWriter::new(file);
            let write = |out: &mut BufWriter<std::fs::File>| -> std::io::Result<()> {
                writeln!(out, "{left} {left} {}", left * degree)?;
                for (u, v) in edges(left, degree) {
                    writeln!(out, "{u} {v}")?;
                }
                out.flush()
            };
            write(&mut out).map_err(|e| format!("{path}: {e}"))?;
            return Ok(format!("wrote {path}\n"));
        }
        ["read", ref rest @ ..] if rest.len() <= 2 => {
            let m = matcher(rest.get(1).copied())?;
            let g = match input_path(rest.first().copied()) {
                Some(path) => {
                    let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
                    read_edge_list(file).map_err(|e| format!("{path}: {e}"))?
                }
                None => {
                    read_edge_list(std::io::stdin().lock()).map_err(|e| format!("<stdin>: {e}"))?
                }
            };
            (g, m)
        }
        _ => return Err(USAGE.to_string()),
    };
    let matching = m.maximum_matching(&graph);
    let (l, r, e) = (graph.left_count(), graph.right_count(), graph.edge_count());
    Ok(format!(
        "graph: {l} left, {r} right, {}\n\
         graph storage: {} bytes (8 per edge, 4 per vertex, 8 more)\n\
         {}: {}\n",
        support::count(e, "edge", "edges"),
        8 * e + 4 * (l + r) + 8,
        m.name(),
        support::count(matching.len(), "pair", "pairs"),
    ))
}
