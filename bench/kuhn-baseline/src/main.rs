//! BASELINE for comparison only, not part of the crate's API: the grid game
//! solved the way it is usually solved, with first-fit augmenting paths
//! (Kuhn's algorithm) and recursive depth-first searches, to time
//! `grid_game` against.
//!
//!     cargo run --release --manifest-path bench/kuhn-baseline/Cargo.toml -- board.txt
//!
//! Reads the judge input (`n m`, then `n` rows of `.`/`#`) from the file
//! given or standard input and prints the JSOI answer, as `grid_game` does.
//! Each free even cell in row-major order looks for an augmenting path by
//! recursive search, with a visit stamp per search; then a recursive search
//! from every unmatched cell along alternating paths marks the winning
//! cells. The recursion is as deep as the longest alternating path (two
//! million cells on a serpentine board), so it runs on a thread with a
//! 4 GiB stack. No input checking beyond what is needed not to misread.

use std::io::{self, Read, Write};
use std::time::Instant;

const NONE: u32 = u32::MAX;

struct Board {
    n: usize,
    m: usize,
    free: Vec<bool>,
    mate: Vec<u32>,
    seen: Vec<u32>,
    stamp: u32,
    win: Vec<bool>,
}

impl Board {
    /// The free cells next to `cell`: up, left, right, down.
    fn neighbours(&self, cell: usize) -> ([usize; 4], usize) {
        let (r, c) = (cell / self.m, cell % self.m);
        let mut out = [0; 4];
        let mut k = 0;
        for (ok, x) in [
            (r > 0, cell.wrapping_sub(self.m)),
            (c > 0, cell.wrapping_sub(1)),
            (c + 1 < self.m, cell + 1),
            (r + 1 < self.n, cell + self.m),
        ] {
            if ok && self.free[x] {
                out[k] = x;
                k += 1;
            }
        }
        (out, k)
    }

    /// Kuhn's search: can `u` be matched, re-matching others on the way?
    fn augment(&mut self, u: usize) -> bool {
        let (around, k) = self.neighbours(u);
        for &v in &around[..k] {
            if self.seen[v] == self.stamp {
                continue;
            }
            self.seen[v] = self.stamp;
            let w = self.mate[v];
            if w == NONE || self.augment(w as usize) {
                self.mate[v] = u as u32;
                self.mate[u] = v as u32;
                return true;
            }
        }
        false
    }

    /// Marks every cell reachable from `u` by alternating paths.
    fn mark(&mut self, u: usize) {
        self.win[u] = true;
        let (around, k) = self.neighbours(u);
        for &v in &around[..k] {
            let w = self.mate[v];
            if w != NONE && !self.win[w as usize] {
                self.mark(w as usize);
            }
        }
    }
}

fn solve(input: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(input);
    let mut words = text.split_ascii_whitespace();
    let n: usize = words.next().expect("n").parse().expect("n");
    let m: usize = words.next().expect("m").parse().expect("m");
    let mut free = Vec::with_capacity(n * m);
    for _ in 0..n {
        let row = words.next().expect("row");
        assert_eq!(row.len(), m, "row length");
        free.extend(row.bytes().map(|b| b == b'.'));
    }
    let cells = n * m;
    let mut b = Board {
        n,
        m,
        free,
        mate: vec![NONE; cells],
        seen: vec![0; cells],
        stamp: 0,
        win: vec![false; cells],
    };
    for u in 0..cells {
        if b.free[u] && (u / m + u % m).is_multiple_of(2) {
            b.stamp += 1;
            b.augment(u);
        }
    }
    for u in 0..cells {
        if b.free[u] && b.mate[u] == NONE && !b.win[u] {
            b.mark(u);
        }
    }
    let mut out = String::new();
    let winners: Vec<usize> = (0..cells).filter(|&u| b.win[u]).collect();
    out.push_str(if winners.is_empty() {
        "LOSE\n"
    } else {
        "WIN\n"
    });
    for u in winners {
        out.push_str(&format!("{} {}\n", u / m + 1, u % m + 1));
    }
    out.into_bytes()
}

fn main() {
    let mut input = Vec::new();
    match std::env::args().nth(1) {
        Some(path) => input = std::fs::read(path).expect("read the board"),
        None => {
            io::stdin().read_to_end(&mut input).expect("read stdin");
        }
    }
    let clock = Instant::now();
    let out = std::thread::Builder::new()
        .stack_size(4 << 30)
        .spawn(move || solve(&input))
        .expect("spawn")
        .join()
        .expect("solve");
    let elapsed = clock.elapsed();
    io::stdout().write_all(&out).expect("write");
    eprintln!("kuhn_baseline: {:.1} ms", elapsed.as_secs_f64() * 1e3);
}

#[cfg(test)]
mod tests {
    use super::solve;

    #[test]
    fn agrees_with_known_answers() {
        assert_eq!(solve(b"1 5\n.....\n"), b"WIN\n1 1\n1 3\n1 5\n");
        assert_eq!(solve(b"2 2\n..\n..\n"), b"LOSE\n");
        assert_eq!(solve(b"3 3\n#.#\n...\n#.#\n"), b"WIN\n1 2\n2 1\n2 3\n3 2\n");
    }
}
