//! Writes the workloads of the harness's bipartite and general suites from
//! the generators `cargo bench -p bimatch-benches` and the tests use too:
//! `benches/families.rs` (bipartite) and `tests/common/general_families.rs`
//! (general), as edge-list files for the harness's runners.
//!
//! ```text
//! bench-families --out DIR [--suite bipartite|general] [--set small|full] [--only NAME ...]
//! ```
//!
//! Bipartite (the default): `DIR/NAME.txt` holds `L R M` and then `M` lines
//! `u v` in the generator's order (the format of
//! `bimatch::io::read_edge_list`); stdout, one line `NAME L R M` per
//! workload; a board workload `grid-N-pP` also gets `DIR/NAME.board`, its
//! board in the grid game's judge format (`examples/grid_game.rs`).
//! General: `DIR/NAME.txt` holds `N M` and then `M` lines `u v`, `u < v`,
//! sorted (the Library Checker format); stdout, one line
//! `NAME N M BIPARTITE SMALLER` per workload: `1` if the graph two-colours
//! (else `0`), and the workload of the same family this one doubles (for
//! the growth factor), or `-`.
//!
//! A file is rewritten only when its generators' source changed since it
//! was written (a hash of it is kept in `DIR/NAME.stamp`).

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[path = "../../../benches/families.rs"]
mod families;

#[path = "../../../tests/common/general_families.rs"]
mod general_families;

const SOURCE: &str = include_str!("../../../benches/families.rs");
const GENERAL_SOURCE: &str = include_str!("../../../tests/common/general_families.rs");

/// FNV-1a of the generators' source and the file format's version.
fn stamp(source: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in source.bytes().chain(*b"format 1") {
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

/// Writes a board in the grid game's judge format.
fn write_board(path: &Path, text: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension("board.tmp");
    std::fs::write(&tmp, text)?;
    std::fs::rename(tmp, path)
}

/// Writes a general graph: `N M`, then the edges.
fn write_general(path: &Path, n: usize, edges: &[(u32, u32)]) -> std::io::Result<()> {
    let tmp = path.with_extension("txt.tmp");
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(&tmp)?);
    writeln!(out, "{n} {}", edges.len())?;
    for (u, v) in edges {
        writeln!(out, "{u} {v}")?;
    }
    out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    std::fs::rename(tmp, path)
}

/// Whether the graph two-colours (breadth-first, an explicit queue).
fn two_colours(n: usize, edges: &[(u32, u32)]) -> bool {
    let (offsets, adj) = general_families::adjacency(n, edges);
    let mut colour = vec![u8::MAX; n];
    let mut queue = Vec::new();
    for s in 0..n {
        if colour[s] != u8::MAX {
            continue;
        }
        colour[s] = 0;
        queue.clear();
        queue.push(s as u32);
        let mut head = 0;
        while head < queue.len() {
            let x = queue[head] as usize;
            head += 1;
            for &y in &adj[offsets[x]..offsets[x + 1]] {
                let y = y as usize;
                if colour[y] == u8::MAX {
                    colour[y] = 1 - colour[x];
                    queue.push(y as u32);
                } else if colour[y] == colour[x] {
                    return false;
                }
            }
        }
    }
    true
}

/// The general suite: `N M BIPARTITE SMALLER` per workload.
fn run_general(out: &Path, set: &str, only: &[String]) -> Result<(), String> {
    let names: Vec<&str> = if !only.is_empty() {
        only.iter().map(String::as_str).collect()
    } else {
        match set {
            "small" => general_families::SMALL.to_vec(),
            "full" => general_families::HARNESS.to_vec(),
            _ => return Err(format!("unknown set {set:?}: expected small or full")),
        }
    };
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let want = stamp(GENERAL_SOURCE);
    for name in names {
        let path = out.join(format!("{name}.txt"));
        let stamp_path = out.join(format!("{name}.stamp"));
        let info_path = out.join(format!("{name}.info"));
        let fresh = std::fs::read_to_string(&stamp_path).is_ok_and(|s| s == want);
        let cached = std::fs::read_to_string(&info_path).ok().filter(|_| fresh);
        let info = match cached {
            Some(info) if path.exists() => info,
            _ => {
                let Some((n, edges)) = general_families::generate(name) else {
                    eprintln!("bench-families: {name:?} is not a general family: skipped");
                    continue;
                };
                write_general(&path, n, &edges).map_err(|e| format!("{}: {e}", path.display()))?;
                let info = format!("{n} {} {}", edges.len(), u8::from(two_colours(n, &edges)));
                std::fs::write(&info_path, &info)
                    .map_err(|e| format!("{}: {e}", info_path.display()))?;
                std::fs::write(&stamp_path, &want)
                    .map_err(|e| format!("{}: {e}", stamp_path.display()))?;
                eprintln!("generated {name}: N={n} M={}", edges.len());
                info
            }
        };
        let smaller = general_families::GROWTH
            .iter()
            .find(|p| p.1 == name)
            .map_or("-", |p| p.0);
        println!("{name} {} {smaller}", info.trim());
    }
    Ok(())
}

fn run() -> Result<(), String> {
    let mut out = None;
    let mut set = "full".to_string();
    let mut suite = "bipartite".to_string();
    let mut only = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--out" => out = Some(PathBuf::from(args.next().ok_or("--out needs a directory")?)),
            "--set" => set = args.next().ok_or("--set needs small or full")?,
            "--suite" => suite = args.next().ok_or("--suite needs bipartite or general")?,
            "--only" => only.extend(args.by_ref()),
            _ => return Err(format!("unexpected argument {a:?}")),
        }
    }
    let out = out.ok_or(
        "usage: bench-families --out DIR [--suite bipartite|general] [--set small|full] [--only NAME ...]",
    )?;
    match suite.as_str() {
        "bipartite" => {}
        "general" => return run_general(&out, &set, &only),
        _ => {
            return Err(format!(
                "unknown suite {suite:?}: expected bipartite or general"
            ))
        }
    }
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
    let want = stamp(SOURCE);
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
        // A board workload also gets its board, for the grid game.
        if let Some((n, blocked)) = families::grid_board(name) {
            let board = out.join(format!("{name}.board"));
            if !fresh || !board.exists() {
                write_board(&board, &families::judge_text(n, &blocked))
                    .map_err(|e| format!("{}: {e}", board.display()))?;
            }
        }
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
    use super::{families, general_families, two_colours};

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
    fn the_round_3_modifiers_do_what_they_say() {
        let degrees = |(l, r, e): &(usize, usize, Vec<(u32, u32)>)| {
            let (mut dl, mut dr) = (vec![0; *l], vec![0; *r]);
            for &(u, v) in e {
                dl[u as usize] += 1;
                dr[v as usize] += 1;
            }
            (dl, dr)
        };
        let plain = families::generate("cg-hilo-g30-k6").unwrap();
        // Forked: no vertex of degree one is left, one edge more per end.
        let forked = families::generate("cg-hilo-g30-k6-fork").unwrap();
        let (dl, dr) = degrees(&forked);
        assert!(dl.iter().chain(&dr).all(|&d| d != 1));
        assert_eq!(forked.2.len(), plain.2.len() + 2);
        // A local shuffle keeps every id in its block of 8.
        let local = families::generate("cg-hilo-g30-k6-lshuf8").unwrap();
        let mut back: Vec<(u32, u32)> = Vec::new();
        assert_eq!(degrees(&local).0.len(), 180);
        assert_ne!(local, plain);
        let mut plain_blocks: Vec<(u32, u32)> =
            plain.2.iter().map(|&(u, v)| (u / 8, v / 8)).collect();
        back.extend(local.2.iter().map(|&(u, v)| (u / 8, v / 8)));
        plain_blocks.sort_unstable();
        back.sort_unstable();
        assert_eq!(back, plain_blocks);
        // Another seed: another shuffle of the same graph.
        let a = families::generate("cg-hilo-g30-k6-shuf").unwrap();
        let b = families::generate("cg-hilo-g30-k6-shuf-seed2").unwrap();
        assert_ne!(a, b);
        let sorted = |g: &(usize, usize, Vec<(u32, u32)>)| {
            let (mut dl, mut dr) = degrees(g);
            dl.sort_unstable();
            dr.sort_unstable();
            (dl, dr)
        };
        assert_eq!(sorted(&a), sorted(&b));
        assert_eq!(sorted(&a), sorted(&plain));
        // Stars: two left leaves on each new right vertex.
        let stars = families::generate("cg-hilo-g30-k6-stars5").unwrap();
        assert_eq!((stars.0, stars.1), (190, 185));
        assert_eq!(stars.2.len(), plain.2.len() + 10);
        let (dl, dr) = degrees(&stars);
        assert!(dl[180..].iter().all(|&d| d == 1) && dr[180..].iter().all(|&d| d == 2));
    }

    #[test]
    fn a_board_is_the_board_of_its_graph() {
        for name in ["grid-30-p25", "grid-17-p0", "grid-40-p60"] {
            let (n, blocked) = families::grid_board(name).unwrap();
            let free = |r: usize, c: usize| r < n && c < n && !blocked[r * n + c];
            let (mut sides, mut edges) = ([0usize; 2], 0);
            for r in 0..n {
                for c in 0..n {
                    if free(r, c) {
                        sides[(r + c) % 2] += 1;
                        edges += usize::from(free(r + 1, c)) + usize::from(free(r, c + 1));
                    }
                }
            }
            let (l, r, e) = families::generate(name).unwrap();
            assert_eq!((l, r, e.len()), (sides[0], sides[1], edges), "{name}");
            let text = families::judge_text(n, &blocked);
            let lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
            assert_eq!(lines[0], format!("{n} {n}").as_bytes());
            assert_eq!(lines.len(), n + 2);
            assert_eq!(lines[1].len(), n);
        }
        assert!(families::grid_board("grid-30-p25-shuf").is_none());
        assert!(families::grid_board("rand-n30-d3").is_none());
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

    #[test]
    fn general_families_are_what_their_names_say() {
        let g = general_families::generate;
        // Sizes the constructions fix exactly.
        let (n, e) = g("corridors-k3-l5-t4").unwrap();
        assert_eq!((n, e.len()), (3 * 10 + 8, 3 * (5 + 6 + 2) + 4 + 3));
        let (n, e) = g("hkcorr-k3-t0").unwrap();
        assert_eq!((n, e.len()), (8 + 10 + 12, 3 + 5 + 7 + 3 * 6));
        let (n, e) = g("ksdense-h10-w3").unwrap();
        assert_eq!((n, e.len()), (43, 100 + 2 * 30 + 3));
        assert_eq!(g("nested-h3").map(|x| x.0), Some(27));
        assert_eq!(g("grid-3").map(|x| x.1.len()), Some(12));
        assert_eq!(g("gridodd-3").map(|x| x.1.len()), Some(13));
        assert_eq!(
            g("twocliques-k4-p3").map(|x| (x.0, x.1.len())),
            Some((11, 12 + 4))
        );
        assert_eq!(g("foldchain-l10-d2").map(|x| x.0), Some(21 + 10));
        // Bipartite exactly where the docs say so.
        for (name, bip) in [
            ("grid-20", true),
            ("gridodd-20", false),
            ("bip-n500-d3", true),
            ("path-n99", true),
            ("corridors-k3-l5-t4", false),
            ("ksdense-h10-w3", false),
        ] {
            let (n, e) = g(name).unwrap();
            assert_eq!(two_colours(n, &e), bip, "{name}");
        }
        // Shuffling renumbers; seeds change random families only.
        assert_eq!(
            g("tristrip-n50").unwrap().1.len(),
            g("tristrip-n50-shuf").unwrap().1.len()
        );
        assert_ne!(g("tristrip-n50"), g("tristrip-n50-shuf"));
        assert_eq!(g("grid-5"), g("grid-5-s2"));
        assert_ne!(g("rand-n100-d3"), g("rand-n100-d3-s2"));
        assert_eq!(g("rand-n100-d3"), g("rand-n100-d3"));
        for bad in [
            "",
            "rand",
            "rand-n5",
            "corridors-k1-l1",
            "nope-n5",
            "rand-n1e99-d3",
            "shuf",
        ] {
            assert!(g(bad).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn every_listed_general_family_generates() {
        for name in general_families::TESTS {
            let (n, edges) = general_families::generate(name).unwrap_or_else(|| panic!("{name}"));
            assert!(
                edges.iter().all(|&(u, v)| u < v && (v as usize) < n),
                "{name}"
            );
            assert!(
                edges.windows(2).all(|w| w[0] < w[1]),
                "{name}: sorted, no repeats"
            );
            assert!(
                general_families::intent(name).is_some(),
                "{name}: no intent line"
            );
        }
        for list in [general_families::HARNESS, general_families::SMALL] {
            let mut names = list.to_vec();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), list.len(), "a workload is listed twice");
            assert!(names.iter().all(|n| general_families::intent(n).is_some()));
        }
        let all: Vec<&str> = [general_families::HARNESS, general_families::SMALL].concat();
        for (a, b) in general_families::GROWTH {
            assert!(all.contains(a) && all.contains(b), "{a} {b}");
        }
    }
}
