//! Seeded graph families for the criterion benchmarks and the peer harness
//! (`bench/families-gen`, whose unit tests check them), written once. The
//! crate's tests have generators of their own (`tests/common`).
//!
//! `generate(name)` builds the graph a name stands for: `(left count, right
//! count, edges)`, edges sorted and without repeats. The name encodes every
//! parameter and the random seed is derived from the name, so a name always
//! gives the same graph. Nothing here depends on anything but the standard
//! library (a xorshift generator, no random-number crate).
//!
//! # Names
//!
//! Numbers are decimal or `MeX` (`1e5` = 100000, `5e3` = 5000).
//!
//! The workloads of the peer harness (same constructions and names as its
//! generator; the random draws differ):
//! - `rand-nN-dD`: N left and N right vertices, D·N uniform random edges.
//! - `grid-N-pP`: an N × N board, each cell blocked with probability P%;
//!   free cells with even row + column are left vertices, the others
//!   right, numbered row-major; edges join 4-neighbours.
//! - `gridsnake-N`: the N × N serpentine corridor (odd rows blocked but
//!   for one turn cell, cell (0, 0) blocked): one path of about N²/2 cells.
//! - `chains-kK`: disjoint paths of t = 1..=K left vertices, right ids
//!   reversed inside each path so that first-fit greedy takes the wrong
//!   edge everywhere.
//! - `chainsperm-kK`: the same graph with both sides randomly renumbered.
//! - `plaw-nN`: Chung–Lu power law, weights (i + 1)^(−1/1.5) (γ = 2.5),
//!   5·N edges, ids shuffled.
//!
//! The families of B. V. Cherkassky, A. V. Goldberg, P. Martin,
//! J. C. Setubal and J. Stolfi ("Augment or push: a computational study of
//! bipartite matching and unit-capacity flow algorithms", ACM J. Exp.
//! Algorithmics 3, 1998), as read from their descriptions (constants
//! chosen here):
//! - `cg-hexa-nN`: X and Y are copies of an s × s torus lattice
//!   (s = ⌊√N⌋); x is joined to the six cells of its hexagonal
//!   neighbourhood in Y, each edge kept with probability ½.
//! - `cg-fewg-nN-dD`, `cg-manyg-nN-dD`: both sides split into 32 (FewG) or
//!   256 (ManyG) groups; each x of group i has D random neighbours, each in
//!   Y group i − 1, i or i + 1 (cyclically).
//! - `cg-grid-nN`: s × s torus; x(r, c) is joined to y(r, c), y(r, c + 1)
//!   and y(r + 1, c); one right vertex in 16 is deleted (kept, isolated),
//!   so that augmenting paths run far across the grid.
//! - `cg-tight-nN-dD`: 32 groups; each x of group i has D random neighbours
//!   in Y groups i and i + 1 (the last group only in its own): Hall's
//!   condition holds with no slack.
//! - `cg-rope-nN-kK-dD`: K layers of N/K vertices a side; x of layer i is
//!   matched-in-waiting to its twin y of layer i and has D random
//!   neighbours in Y layer i + 1; Y layers are numbered last to first, so
//!   first-fit greedy pulls every layer one layer down and the deficit has
//!   to travel the whole rope.
//! - `cg-zipf-nN-dD`: D·N edges whose endpoints follow Zipf's law
//!   (P(i) ∝ 1/(i + 1)) on both sides.
//! - `cg-hilo-gG-kK`: G groups of K vertices a side; x_i of group j is
//!   joined to y_l of group j for l ≤ i and to y_l of group j + 1 for
//!   l ≥ i (degree K + 1); the perfect matching x_i – y_i is unique to
//!   find by long alternating paths once the order is shuffled.
//!
//! Adversaries of push-relabel and of warm starts:
//! - `core-sS-kK-lL`: a complete bipartite core K(S + K + 1, S) whose K + 1
//!   surplus left vertices can leave only through K exit paths, the p-th
//!   of p·L left vertices, each hanging from one core left vertex: one
//!   surplus vertex stays free and must be proved so.
//! - `hub-pP-lL`: P alternating paths of L + 1 left and L right vertices,
//!   every path's first left vertex joined to one hub right vertex: P − 1
//!   free path ends can all reach the hub and through it every path.
//! - `unbal-lL-rR-dD`: L left, R right vertices, D·(L + R)/2 uniform
//!   random edges (L ≪ R or L ≫ R).
//!
//! Modifiers, appended to any name and applied left to right:
//! - `-padN`: N isolated vertices added to each side;
//! - `-pmN`: N disjoint edges (a perfect matching on new vertices) added;
//! - `-starsN`: N stars added, each one new right vertex with two new left
//!   leaves (many ends, none on an edge alone in its component);
//! - `-rstarsN`: N stars added, each one new left vertex with three new
//!   right leaves (stars the other way round, of more than two leaves);
//! - `-hangN`: N new left vertices, each joined to one random existing
//!   right vertex (many ends hanging from the graph, in no star of their
//!   own);
//! - `-x3`: one more left vertex with three random right neighbours;
//! - `-shuf`: both sides randomly renumbered;
//! - `-lshufB`: both sides renumbered at random inside consecutive blocks
//!   of B ids (ids stay within B of where they were: nearby, but in no
//!   useful order);
//! - `-fork`: every vertex of degree one gets a second, random neighbour
//!   (no vertex of degree one is left for the degree-one rule to start
//!   from);
//! - `-seedN`: nothing, but the name, and so the random draws of the other
//!   modifiers, changes (another shuffle of the same graph).
#![allow(dead_code)]

/// A generated graph: left count, right count, edges (sorted, no repeats).
pub type Graph = (usize, usize, Vec<(u32, u32)>);

/// The harness-sized workloads (10^5–10^6 vertices, at most 10^7 edges):
/// the peer harness's 23, then the adversarial families.
pub const HARNESS: &[&str] = &[
    "rand-n1e4-d3",
    "grid-100-p25",
    "chains-k141",
    "plaw-n1e4",
    "rand-n1e5-d2",
    "rand-n1e5-d3",
    "rand-n1e5-d5",
    "rand-n1e5-d10",
    "rand-n1e6-d2",
    "rand-n1e6-d3",
    "rand-n1e6-d5",
    "rand-n1e6-d10",
    "grid-500-p25",
    "grid-1000-p20",
    "grid-1000-p25",
    "grid-1000-p30",
    "grid-2000-p25",
    "gridsnake-2000",
    "chains-k447",
    "chains-k1414",
    "chainsperm-k1414",
    "plaw-n1e5",
    "plaw-n1e6",
    // Cherkassky et al. 1998, plain and shuffled.
    "cg-hexa-n1e6",
    "cg-hexa-n1e6-shuf",
    "cg-fewg-n1e6-d4",
    "cg-fewg-n1e6-d4-shuf",
    "cg-manyg-n1e6-d4",
    "cg-manyg-n1e6-d4-shuf",
    "cg-grid-n1e6",
    "cg-grid-n1e6-shuf",
    "cg-tight-n1e6-d4",
    "cg-tight-n1e6-d4-shuf",
    "cg-rope-n1e6-k16-d3",
    "cg-rope-n1e6-k16-d3-shuf",
    "cg-zipf-n1e6-d5",
    "cg-zipf-n1e6-d5-shuf",
    "cg-hilo-g1e4-k10",
    "cg-hilo-g1e4-k10-shuf",
    // Hi-Lo at other sizes, group counts and shuffles (round 3), and the
    // adversaries of `Auto`'s routes: a perfect matching beside it (many
    // ends), every end forked (no end), ids shuffled only locally.
    "cg-hilo-g1e3-k10-shuf",
    "cg-hilo-g2e3-k5-shuf",
    "cg-hilo-g12e3-k5-shuf",
    "cg-hilo-g6e3-k10-shuf",
    "cg-hilo-g1e4-k10-shuf-seed2",
    "cg-hilo-g1e4-k10-shuf-seed3",
    "cg-hilo-g3e4-k10-shuf",
    "cg-hilo-g1e3-k50-shuf",
    "cg-hilo-g200-k100-shuf",
    "cg-hilo-g5-k1000-shuf",
    "cg-hilo-g5-k1000-shuf-seed2",
    "cg-hilo-g1e4-k10-shuf-pm1e6",
    "cg-hilo-g1e4-k10-shuf-stars1e5",
    "cg-hilo-g1e4-k10-shuf-rstars1e5",
    "cg-hilo-g1e4-k10-shuf-hang1e4",
    "cg-hilo-g1e4-k10-shuf-fork",
    "cg-hilo-g1e4-k10-lshuf256",
    "cg-hilo-g1e4-k10-lshuf4096",
    // Adversaries.
    "core-s1000-k8-l100",
    "core-s1000-k8-l100-pad1e6",
    "core-s1000-k8-l100-pm1e6",
    "hub-p1000-l1000",
    "rand-n1e5-d3-pad1e6",
    "chains-k1414-x3",
    "unbal-l1e4-r1e6-d4",
    "unbal-l1e6-r1e4-d4",
];

/// Small instances for criterion (`cargo bench -p bimatch-benches`) and
/// families-gen's `--set small`: the same families at 10^3–10^5 vertices.
pub const SMALL: &[&str] = &[
    "rand-n5e3-d2",
    "rand-n5e3-d5",
    "rand-n5e3-d10",
    "rand-n1e5-d2",
    "grid-100-p0",
    "grid-100-p10",
    "grid-100-p30",
    "gridsnake-100",
    "plaw-n5e3",
    "chains-k63",
    "chainsperm-k63",
    "cg-hexa-n1e4-shuf",
    "cg-fewg-n1e4-d4-shuf",
    "cg-manyg-n1e4-d4-shuf",
    "cg-grid-n1e4-shuf",
    "cg-tight-n1e4-d4-shuf",
    "cg-rope-n1e4-k8-d3",
    "cg-zipf-n1e4-d5",
    "cg-hilo-g1e3-k10-shuf",
    "core-s100-k4-l10",
    "core-s100-k4-l10-pad1e4",
    "core-s100-k4-l10-pm1e4",
    "hub-p100-l100",
    "rand-n1e4-d3-pad1e5",
    "chains-k63-x3",
    "unbal-l1e3-r1e4-d4",
    "unbal-l1e4-r1e3-d4",
];

/// The graph `name` stands for, or `None` if the name is not one of the
/// forms in the module docs (or asks for more than 2^28 vertices a side
/// or 2^28 edges).
pub fn generate(name: &str) -> Option<Graph> {
    let mut tokens: Vec<&str> = name.split('-').collect();
    let mut modifiers = Vec::new();
    while let Some(&last) = tokens.last() {
        let is_modifier = last == "shuf"
            || last == "x3"
            || last == "fork"
            || last.strip_prefix("lshuf").and_then(number).is_some()
            || last.strip_prefix("seed").and_then(number).is_some()
            || last.strip_prefix("pad").and_then(number).is_some()
            || last.strip_prefix("pm").and_then(number).is_some()
            || last.strip_prefix("stars").and_then(number).is_some()
            || last.strip_prefix("rstars").and_then(number).is_some()
            || last.strip_prefix("hang").and_then(number).is_some();
        if !is_modifier || tokens.len() == 1 {
            break;
        }
        modifiers.push(last);
        tokens.pop();
    }
    modifiers.reverse();
    // The base graph's seed depends on the base name only, so that a
    // shuffled or padded variant holds the same graph.
    let base_name = tokens.join("-");
    let mut rng = Rng::new(seed_of(&base_name));
    let (mut l, mut r, mut edges) = base(&tokens, &mut rng)?;
    let mut rng = Rng::new(seed_of(name));
    for m in modifiers {
        if m == "shuf" {
            let pl = permutation(l, &mut rng);
            let pr = permutation(r, &mut rng);
            for e in &mut edges {
                *e = (pl[e.0 as usize], pr[e.1 as usize]);
            }
        } else if m == "x3" {
            if r > 0 {
                for _ in 0..3 {
                    edges.push((l as u32, rng.below(r) as u32));
                }
            }
            l += 1;
        } else if let Some(b) = m.strip_prefix("lshuf").and_then(number) {
            let pl = block_permutation(l, b.max(1), &mut rng);
            let pr = block_permutation(r, b.max(1), &mut rng);
            for e in &mut edges {
                *e = (pl[e.0 as usize], pr[e.1 as usize]);
            }
        } else if m == "fork" {
            let (mut dl, mut dr) = (vec![0u32; l], vec![0u32; r]);
            for &(u, v) in &edges {
                dl[u as usize] += 1;
                dr[v as usize] += 1;
            }
            let before = edges.len();
            for i in 0..before {
                let (u, v) = edges[i];
                if dl[u as usize] == 1 && r > 1 {
                    edges.push((u, ((v as usize + 1 + rng.below(r - 1)) % r) as u32));
                }
                if dr[v as usize] == 1 && l > 1 {
                    edges.push((((u as usize + 1 + rng.below(l - 1)) % l) as u32, v));
                }
            }
        } else if let Some(n) = m.strip_prefix("pad").and_then(number) {
            l = l.checked_add(n)?;
            r = r.checked_add(n)?;
        } else if let Some(n) = m.strip_prefix("stars").and_then(number) {
            check(l.checked_add(2 * n)?, edges.len().checked_add(2 * n)?)?;
            for i in 0..n {
                edges.push(((l + 2 * i) as u32, (r + i) as u32));
                edges.push(((l + 2 * i + 1) as u32, (r + i) as u32));
            }
            l += 2 * n;
            r += n;
        } else if let Some(n) = m.strip_prefix("rstars").and_then(number) {
            check(r.checked_add(3 * n)?, edges.len().checked_add(3 * n)?)?;
            for i in 0..n {
                edges.extend((0..3).map(|t| ((l + i) as u32, (r + 3 * i + t) as u32)));
            }
            l += n;
            r += 3 * n;
        } else if let Some(n) = m.strip_prefix("hang").and_then(number) {
            check(l.checked_add(n)?, edges.len().checked_add(n)?)?;
            if r > 0 {
                edges.extend((0..n).map(|i| ((l + i) as u32, rng.below(r) as u32)));
            }
            l += n;
        } else if let Some(n) = m.strip_prefix("pm").and_then(number) {
            check(l.checked_add(n)?, edges.len().checked_add(n)?)?;
            edges.extend((0..n).map(|i| ((l + i) as u32, (r + i) as u32)));
            l += n;
            r += n;
        }
        check(l.max(r), edges.len())?;
    }
    edges.sort_unstable();
    edges.dedup();
    Some((l, r, edges))
}

/// The largest vertex count a side and edge count accepted.
const LIMIT: usize = 1 << 28;

fn check(vertices: usize, edges: usize) -> Option<()> {
    (vertices <= LIMIT && edges <= LIMIT).then_some(())
}

/// `123`, or `MeX` for M·10^X.
fn number(s: &str) -> Option<usize> {
    let (mantissa, exponent) = match s.split_once('e') {
        Some((m, e)) => (m, e.parse::<u32>().ok()?),
        None => (s, 0),
    };
    if mantissa.is_empty() || !mantissa.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let m: usize = mantissa.parse().ok()?;
    m.checked_mul(10usize.checked_pow(exponent)?)
        .filter(|&n| n <= LIMIT)
}

/// The value of the token `KEYvalue` at `position`.
fn param(tokens: &[&str], position: usize, key: &str) -> Option<usize> {
    number(tokens.get(position)?.strip_prefix(key)?)
}

fn base(tokens: &[&str], rng: &mut Rng) -> Option<Graph> {
    let arity = |n: usize| (tokens.len() == n).then_some(());
    let g = match tokens.first().copied()? {
        "rand" => {
            arity(3)?;
            let (n, d) = (param(tokens, 1, "n")?, param(tokens, 2, "d")?);
            check(n, n.checked_mul(d)?)?;
            uniform(n, n, n * d, rng)
        }
        "unbal" => {
            arity(4)?;
            let (l, r) = (param(tokens, 1, "l")?, param(tokens, 2, "r")?);
            let d = param(tokens, 3, "d")?;
            let m = d.checked_mul(l + r)? / 2;
            check(l.max(r), m)?;
            uniform(l, r, m, rng)
        }
        "grid" => {
            arity(3)?;
            let (n, p) = (number(tokens[1])?, param(tokens, 2, "p")?);
            check(n.checked_mul(n)?, 2 * n * n)?;
            let blocked: Vec<bool> = (0..n * n).map(|_| rng.below(100) < p).collect();
            board(n, n, &blocked)
        }
        "gridsnake" => {
            arity(2)?;
            let n = number(tokens[1])?;
            check(n.checked_mul(n)?, 2 * n * n)?;
            snake(n)
        }
        "chains" | "chainsperm" => {
            arity(2)?;
            let k = param(tokens, 1, "k")?;
            check(k.checked_mul(k)?, k * k)?;
            chains(k, tokens[0] == "chainsperm", rng)
        }
        "plaw" => {
            arity(2)?;
            let n = param(tokens, 1, "n")?;
            check(n, n.checked_mul(5)?)?;
            power_law(n, 5, rng)
        }
        "core" => {
            arity(4)?;
            let (s, k) = (param(tokens, 1, "s")?, param(tokens, 2, "k")?);
            let len = param(tokens, 3, "l")?;
            check(s.checked_mul(s + k + 1)?, len.checked_mul(k * k)?)?;
            core(s, k, len)
        }
        "hub" => {
            arity(3)?;
            let (p, len) = (param(tokens, 1, "p")?, param(tokens, 2, "l")?);
            check(p.checked_mul(len + 1)?, 2 * p * (len + 1))?;
            hub(p, len)
        }
        "cg" => cherkassky(tokens, rng)?,
        _ => return None,
    };
    check(g.0.max(g.1), g.2.len())?;
    Some(g)
}

fn cherkassky(tokens: &[&str], rng: &mut Rng) -> Option<Graph> {
    let n = param(tokens, 2, "n");
    let dn = |tokens: &[&str]| -> Option<(usize, usize)> {
        let (n, d) = (param(tokens, 2, "n")?, param(tokens, 3, "d")?);
        check(n, n.checked_mul(d)?)?;
        Some((n, d))
    };
    Some(match *tokens.get(1)? {
        "hexa" if tokens.len() == 3 => hexa(n?, rng),
        "grid" if tokens.len() == 3 => torus_grid(n?, rng),
        "fewg" if tokens.len() == 4 => {
            let (n, d) = dn(tokens)?;
            groups(n, d, 32, rng)
        }
        "manyg" if tokens.len() == 4 => {
            let (n, d) = dn(tokens)?;
            groups(n, d, 256, rng)
        }
        "tight" if tokens.len() == 4 => {
            let (n, d) = dn(tokens)?;
            tight(n, d, 32, rng)
        }
        "zipf" if tokens.len() == 4 => {
            let (n, d) = dn(tokens)?;
            zipf(n, d, rng)
        }
        "rope" if tokens.len() == 5 => {
            let (n, k) = (n?, param(tokens, 3, "k")?);
            let d = param(tokens, 4, "d")?;
            check(n, n.checked_mul(d + 1)?)?;
            rope(n, k.max(1), d, rng)
        }
        "hilo" if tokens.len() == 4 => {
            let (g, k) = (param(tokens, 2, "g")?, param(tokens, 3, "k")?);
            check(g.checked_mul(k)?, g.checked_mul(k * (k + 1))?)?;
            hilo(g, k)
        }
        _ => return None,
    })
}

/// xorshift64*: enough randomness for graph shapes.
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value; zero is remapped).
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// FNV-1a of the name: the seed of its graph.
fn seed_of(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// A uniform random permutation of `0..n` (Fisher–Yates).
fn permutation(n: usize, rng: &mut Rng) -> Vec<u32> {
    let mut p: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        p.swap(i, rng.below(i + 1));
    }
    p
}

/// A permutation of `0..n` that shuffles each block of `b` consecutive ids
/// within itself.
fn block_permutation(n: usize, b: usize, rng: &mut Rng) -> Vec<u32> {
    let mut p: Vec<u32> = (0..n as u32).collect();
    for block in p.chunks_mut(b) {
        for i in (1..block.len()).rev() {
            block.swap(i, rng.below(i + 1));
        }
    }
    p
}

fn uniform(l: usize, r: usize, m: usize, rng: &mut Rng) -> Graph {
    let edges = if l == 0 || r == 0 {
        Vec::new()
    } else {
        (0..m)
            .map(|_| (rng.below(l) as u32, rng.below(r) as u32))
            .collect()
    };
    (l, r, edges)
}

/// The graph of a board: free cells with even row + column on the left,
/// the others on the right, each side numbered row-major; 4-neighbours.
fn board(rows: usize, cols: usize, blocked: &[bool]) -> Graph {
    let mut number = vec![0u32; rows * cols];
    let (mut l, mut r) = (0u32, 0u32);
    for (cell, &b) in blocked.iter().enumerate() {
        if !b {
            let side = if (cell / cols + cell % cols).is_multiple_of(2) {
                &mut l
            } else {
                &mut r
            };
            number[cell] = *side;
            *side += 1;
        }
    }
    let mut edges = Vec::new();
    for cell in 0..rows * cols {
        let (row, col) = (cell / cols, cell % cols);
        if (row + col) % 2 != 0 || blocked[cell] {
            continue;
        }
        let neighbours = [
            (row > 0).then(|| cell - cols),
            (row + 1 < rows).then(|| cell + cols),
            (col > 0).then(|| cell - 1),
            (col + 1 < cols).then(|| cell + 1),
        ];
        for other in neighbours.into_iter().flatten() {
            if !blocked[other] {
                edges.push((number[cell], number[other]));
            }
        }
    }
    (l as usize, r as usize, edges)
}

fn snake(n: usize) -> Graph {
    let mut blocked = vec![false; n * n];
    for row in (1..n).step_by(2) {
        blocked[row * n..(row + 1) * n].fill(true);
        let turn = if (row / 2) % 2 == 0 { n - 1 } else { 0 };
        blocked[row * n + turn] = false;
    }
    if n > 0 {
        blocked[0] = true;
    }
    board(n, n, &blocked)
}

/// Paths of t = 1..=k left vertices: left `base + i` is joined to right
/// `base + t − 1 − i` and `base + t − 2 − i`.
fn chains(k: usize, permute: bool, rng: &mut Rng) -> Graph {
    let mut edges = Vec::new();
    let mut base = 0u32;
    for t in 1..=k as u32 {
        for i in 0..t {
            edges.push((base + i, base + t - 1 - i));
            if i + 1 < t {
                edges.push((base + i, base + t - 2 - i));
            }
        }
        base += t;
    }
    let n = base as usize;
    if permute {
        let pl = permutation(n, rng);
        let pr = permutation(n, rng);
        for e in &mut edges {
            *e = (pl[e.0 as usize], pr[e.1 as usize]);
        }
    }
    (n, n, edges)
}

/// Endpoints drawn with probability proportional to `weight(i)`.
fn weighted_picker(n: usize, weight: impl Fn(usize) -> f64) -> Vec<f64> {
    let mut cumulative: Vec<f64> = Vec::with_capacity(n);
    let mut acc = 0.0;
    for i in 0..n {
        acc += weight(i);
        cumulative.push(acc);
    }
    for c in &mut cumulative {
        *c /= acc;
    }
    cumulative
}

fn pick(cumulative: &[f64], rng: &mut Rng) -> u32 {
    let x = rng.unit();
    cumulative
        .partition_point(|&c| c <= x)
        .min(cumulative.len() - 1) as u32
}

fn power_law(n: usize, degree: usize, rng: &mut Rng) -> Graph {
    if n == 0 {
        return (0, 0, Vec::new());
    }
    let cumulative = weighted_picker(n, |i| ((i + 1) as f64).powf(-1.0 / 1.5));
    let mut edges: Vec<(u32, u32)> = (0..degree * n)
        .map(|_| (pick(&cumulative, rng), pick(&cumulative, rng)))
        .collect();
    let pl = permutation(n, rng);
    let pr = permutation(n, rng);
    for e in &mut edges {
        *e = (pl[e.0 as usize], pr[e.1 as usize]);
    }
    (n, n, edges)
}

fn zipf(n: usize, degree: usize, rng: &mut Rng) -> Graph {
    if n == 0 {
        return (0, 0, Vec::new());
    }
    let cumulative = weighted_picker(n, |i| 1.0 / (i + 1) as f64);
    let edges = (0..degree * n)
        .map(|_| (pick(&cumulative, rng), pick(&cumulative, rng)))
        .collect();
    (n, n, edges)
}

fn isqrt(n: usize) -> usize {
    let mut s = (n as f64).sqrt() as usize;
    while s * s > n {
        s -= 1;
    }
    while (s + 1) * (s + 1) <= n {
        s += 1;
    }
    s
}

fn hexa(n: usize, rng: &mut Rng) -> Graph {
    let s = isqrt(n).max(1);
    let at = |r: usize, c: usize| (r % s * s + c % s) as u32;
    let offsets = [(0, 0), (0, 1), (1, 0), (1, s - 1), (s - 1, 0), (0, s - 1)];
    let mut edges = Vec::new();
    for r in 0..s {
        for c in 0..s {
            for &(dr, dc) in &offsets {
                if rng.below(2) == 0 {
                    edges.push((at(r, c), at(r + dr, c + dc)));
                }
            }
        }
    }
    (s * s, s * s, edges)
}

fn torus_grid(n: usize, rng: &mut Rng) -> Graph {
    let s = isqrt(n).max(1);
    let at = |r: usize, c: usize| (r % s * s + c % s) as u32;
    let deleted: Vec<bool> = (0..s * s).map(|_| rng.below(16) == 0).collect();
    let mut edges = Vec::new();
    for r in 0..s {
        for c in 0..s {
            for y in [at(r, c), at(r, c + 1), at(r + 1, c)] {
                if !deleted[y as usize] {
                    edges.push((at(r, c), y));
                }
            }
        }
    }
    (s * s, s * s, edges)
}

fn groups(n: usize, degree: usize, g: usize, rng: &mut Rng) -> Graph {
    let size = (n / g).max(1);
    let n = size * g;
    let mut edges = Vec::with_capacity(n * degree);
    for x in 0..n {
        let group = x / size;
        for _ in 0..degree {
            let target = (group + g + rng.below(3) - 1) % g;
            edges.push((x as u32, (target * size + rng.below(size)) as u32));
        }
    }
    (n, n, edges)
}

fn tight(n: usize, degree: usize, g: usize, rng: &mut Rng) -> Graph {
    let size = (n / g).max(1);
    let n = size * g;
    let mut edges = Vec::with_capacity(n * degree);
    for x in 0..n {
        let group = x / size;
        for _ in 0..degree {
            let target = if group + 1 < g {
                group + rng.below(2)
            } else {
                group
            };
            edges.push((x as u32, (target * size + rng.below(size)) as u32));
        }
    }
    (n, n, edges)
}

fn rope(n: usize, k: usize, degree: usize, rng: &mut Rng) -> Graph {
    let size = (n / k).max(1);
    let n = size * k;
    // Y layer i is numbered k − 1 − i: later layers come first.
    let y = |layer: usize, j: usize| ((k - 1 - layer) * size + j) as u32;
    let mut edges = Vec::with_capacity(n * (degree + 1));
    for layer in 0..k {
        for j in 0..size {
            let x = (layer * size + j) as u32;
            edges.push((x, y(layer, j)));
            if layer + 1 < k {
                for _ in 0..degree {
                    edges.push((x, y(layer + 1, rng.below(size))));
                }
            }
        }
    }
    (n, n, edges)
}

fn hilo(g: usize, k: usize) -> Graph {
    let mut edges = Vec::with_capacity(g * k * (k + 1));
    for j in 0..g {
        for i in 0..k {
            let x = (j * k + i) as u32;
            edges.extend((0..=i).map(|l| (x, (j * k + l) as u32)));
            if j + 1 < g {
                edges.extend((i..k).map(|l| (x, ((j + 1) * k + l) as u32)));
            }
        }
    }
    (g * k, g * k, edges)
}

/// Core left `0..s + k + 1`, core right `0..s`, complete; exit p (1..=k)
/// hangs from core left p − 1: right e_0..e_{pL}, left f_0..f_{pL−1},
/// f_i joined to e_i and e_{i+1}, e_0 joined to the core vertex.
fn core(s: usize, k: usize, len: usize) -> Graph {
    let mut edges = Vec::new();
    let core_left = s + k + 1;
    for u in 0..core_left {
        edges.extend((0..s).map(|v| (u as u32, v as u32)));
    }
    let (mut l, mut r) = (core_left, s);
    for p in 1..=k {
        let steps = p * len;
        edges.push(((p - 1) as u32, r as u32));
        for i in 0..steps {
            edges.push(((l + i) as u32, (r + i) as u32));
            edges.push(((l + i) as u32, (r + i + 1) as u32));
        }
        l += steps;
        r += steps + 1;
    }
    (l, r, edges)
}

/// Right 0 is the hub; path q has left x_0..x_L and right y_0..y_{L−1},
/// x_i joined to y_{i−1} and y_i, x_0 to the hub.
fn hub(p: usize, len: usize) -> Graph {
    let mut edges = Vec::new();
    for q in 0..p {
        let x = |i: usize| (q * (len + 1) + i) as u32;
        let y = |i: usize| (1 + q * len + i) as u32;
        edges.push((x(0), 0));
        for i in 0..=len {
            if i > 0 {
                edges.push((x(i), y(i - 1)));
            }
            if i < len {
                edges.push((x(i), y(i)));
            }
        }
    }
    (p * (len + 1), 1 + p * len, edges)
}

// ---- Boards of the grid game (the game's side of the harness) ----

/// The board behind `grid-N-pP` (no modifiers): `(N, blocked)`, cell
/// `(row, col)` blocked when `blocked[row * N + col]`, the same random
/// draws as the graph's, so that `board(N, N, &blocked)` is that graph.
pub fn grid_board(name: &str) -> Option<(usize, Vec<bool>)> {
    let tokens: Vec<&str> = name.split('-').collect();
    if tokens.len() != 3 || tokens[0] != "grid" {
        return None;
    }
    let (n, p) = (number(tokens[1])?, param(&tokens, 2, "p")?);
    check(n.checked_mul(n)?, 2 * n * n)?;
    let mut rng = Rng::new(seed_of(name));
    Some((n, (0..n * n).map(|_| rng.below(100) < p).collect()))
}

/// The board of [`grid_board`] in the judge format of the grid game
/// (`n m`, then `n` rows of `.` free and `#` blocked).
pub fn judge_text(n: usize, blocked: &[bool]) -> Vec<u8> {
    let mut out = format!("{n} {n}\n").into_bytes();
    for row in blocked.chunks(n.max(1)) {
        out.extend(row.iter().map(|&b| if b { b'#' } else { b'.' }));
        out.push(b'\n');
    }
    out
}
