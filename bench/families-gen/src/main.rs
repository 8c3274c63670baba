//! Writes the bipartite workloads of `benches/families.rs` (the generators
//! `cargo bench -p bimatch-benches` uses too) as edge-list files for the harness's runners.
//!
//! ```text
//! bench-families --out DIR [--set small|full] [--only NAME ...]
//! ```
//!
//! For each workload, `DIR/NAME.txt` holds `L R M` and then `M` lines `u v`
//! in the generator's order (the format of `bimatch::io::read_edge_list`).
//! A file is rewritten only when `families.rs` changed since it was written
//! (a hash of its source is kept in `DIR/NAME.stamp`). Stdout: one line
//! `NAME L R M` per workload.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[path = "../../../benches/families.rs"]
mod families;

const SOURCE: &str = include_str!("../../../benches/families.rs");

/// FNV-1a of the generators' source and the file format's version.
fn stamp() -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in SOURCE.bytes().chain(*b"format 1") {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

fn header(path: &Path) -> Option<(usize, usize, usize)> {
    let text = std::fs::read(path).ok()?;
    let end = text.iter().position(|&b| b == b'\n')?;
    let line = std::str::from_utf8(&text[..end]).ok()?;
    let mut it = line.split_whitespace().map(|s| s.parse().ok());
    Some((it.next()??, it.next()??, it.next()??))
}

fn write(path: &Path, left: usize, right: usize, edges: &[(u32, u32)]) -> std::io::Result<()> {
    let tmp = path.with_extension("txt.tmp");
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(&tmp)?);
    writeln!(out, "{left} {right} {}", edges.len())?;
    for (u, v) in edges {
        writeln!(out, "{u} {v}")?;
    }
    out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    std::fs::rename(tmp, path)
}

fn run() -> Result<(), String> {
    let mut out = None;
    let mut set = "full".to_string();
    let mut only = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--out" => out = Some(PathBuf::from(args.next().ok_or("--out needs a directory")?)),
            "--set" => set = args.next().ok_or("--set needs small or full")?,
            "--only" => only.extend(args.by_ref()),
            _ => return Err(format!("unexpected argument {a:?}")),
        }
    }
    let out = out.ok_or("usage: bench-families --out DIR [--set small|full] [--only NAME ...]")?;
    let names: Vec<&str> = match set.as_str() {
        "small" => families::SMALL.to_vec(),
        "full" => families::HARNESS.to_vec(),
        _ => return Err(format!("unknown set {set:?}: expected small or full")),
    };
    let names: Vec<&str> = if only.is_empty() {
        names
    } else {
        // --only may name any family the generators know, in or out of the set.
        only.iter().map(String::as_str).collect()
    };
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let want = stamp();
    for name in names {
        let path = out.join(format!("{name}.txt"));
        let stamp_path = out.join(format!("{name}.stamp"));
        let fresh = std::fs::read_to_string(&stamp_path).is_ok_and(|s| s == want);
        let dims = match header(&path) {
            Some(d) if fresh => d,
            _ => {
                let Some((left, right, edges)) = families::generate(name) else {
                    // --only may hold the names of other suites' workloads.
                    eprintln!("bench-families: {name:?} is not a bipartite family: skipped");
                    continue;
                };
                write(&path, left, right, &edges)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                std::fs::write(&stamp_path, &want)
                    .map_err(|e| format!("{}: {e}", stamp_path.display()))?;
                eprintln!("generated {name}: L={left} R={right} M={}", edges.len());
                (left, right, edges.len())
            }
        };
        println!("{name} {} {} {}", dims.0, dims.1, dims.2);
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bench-families: {e}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::families;

    #[test]
    fn families_are_what_their_names_say() {
        // Sizes the constructions fix exactly.
        let sizes = |name: &str| {
            let (l, r, e) = families::generate(name).unwrap();
            (l, r, e.len())
        };
        // Core 20 + 3 + 1 left by 20 right, exits of 4, 8 and 12 steps.
        assert_eq!(
            sizes("core-s20-k3-l4"),
            (24 + 24, 20 + 27, 24 * 20 + 3 + 2 * 24)
        );
        assert_eq!(sizes("hub-p20-l20"), (20 * 21, 1 + 20 * 20, 20 * 41));
        assert_eq!(sizes("chains-k20").0, 210);
        assert_eq!(sizes("cg-hilo-g30-k6"), (180, 180, 29 * 6 * 7 + 21));
        let (l, r, e) = sizes("core-s20-k3-l4-pad300");
        assert_eq!((l, r, e), (348, 347, 24 * 20 + 3 + 2 * 24));
        assert_eq!(sizes("core-s20-k3-l4-pm300").2, 24 * 20 + 3 + 2 * 24 + 300);
        // Shuffling renumbers, it does not change the graph's size.
        assert_eq!(sizes("cg-grid-n400").2, sizes("cg-grid-n400-shuf").2);
        // The same name gives the same graph; another seed another graph.
        assert_eq!(
            families::generate("rand-n300-d3"),
            families::generate("rand-n300-d3")
        );
        assert_ne!(
            families::generate("rand-n300-d3"),
            families::generate("rand-n301-d3")
        );
        for bad in [
            "",
            "rand",
            "rand-n1e5",
            "rand-x5-d3",
            "cg-hexa",
            "nope-n5",
            "rand-n1e99-d3",
        ] {
            assert!(families::generate(bad).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn every_listed_family_generates() {
        for name in families::SMALL {
            let (l, r, edges) = families::generate(name).unwrap_or_else(|| panic!("{name}"));
            assert!(
                edges
                    .iter()
                    .all(|&(u, v)| (u as usize) < l && (v as usize) < r),
                "{name}"
            );
            assert!(
                edges.windows(2).all(|w| w[0] < w[1]),
                "{name}: sorted, no repeats"
            );
        }
        let mut names: Vec<&str> = families::HARNESS.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(
            names.len(),
            families::HARNESS.len(),
            "a workload is listed twice"
        );
    }
}
