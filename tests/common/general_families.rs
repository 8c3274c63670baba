//! Seeded general-graph families, written once for three users: the tests
//! (`tests/suite/general_families.rs`), the criterion benches
//! (`benches/general.rs`) and the peer harness's `general` suite
//! (`bench/families-gen --suite general`), each of which includes this file
//! by `#[path]`. Nothing here depends on anything but the standard library
//! (a xorshift generator, no random-number crate), nor on the crate.
//!
//! `generate(name)` builds the graph a name stands for: `(n, edges)`, each
//! edge `(u, v)` with `u < v`, sorted, without repeats or loops. The name
//! encodes every parameter, and the random seed is derived from the name,
//! so a name always gives the same graph.
//!
//! # Names
//!
//! Numbers are decimal or `MeX` (`1e5` = 100000, `325e3` = 325000).
//! Modifiers, appended to any name: `-sN` changes the seed (nothing else),
//! `-shuf` renumbers the vertices at random, `-bfs` in breadth-first order
//! (from vertex 0, neighbours in increasing order, then from the least
//! vertex not reached, and so on): the order a reader that numbers a graph
//! as it explores it gives, where every structure's vertices are close;
//! `-shuf-bfs` is `-shuf`'s numbering renumbered breadth first, which
//! breaks the ties among neighbours at random. In each the graph is the
//! same one the name without the modifiers gives.
//!
//! The intent of each family, against the engine rules of the general
//! matcher (a greedy or Karp–Sipser start, single searches from free
//! vertices, phases of shortest augmenting paths, degree-1 and degree-2
//! folding, the bipartite shortcut), is [`FAMILIES`]; the constructions:
//!
//! - `corridors-kK-lL-tT`: a tree of T matched pairs `x_i – y_i` (heap
//!   order: `y_i` joined to `x_{2i+1}` and `x_{2i+2}`), and K corridors:
//!   paths `p_0 … p_L` (L made odd) with a triangle on each end
//!   (`p_0 a b`, `p_L c d`), both ends joined to the tree's root `x_0`.
//!   Numbered corridor by corridor, the inner spine `p_1 … p_{L−1}` first,
//!   then `a b c d`, then `p_0 p_L`; the tree last. A Karp–Sipser start
//!   matches the tree from its leaves (degree-1 rule), then picks `p_1`,
//!   matches it to `p_2` (smaller degree than `p_0`), and the degree-1
//!   cascade pairs `p_3 p_4`, … `p_{L−2} p_{L−1}`; `a b` and `c d` pair
//!   up: both ends of every corridor stay free, and every search from one
//!   end labels the whole tree (through the root, odd, and its mate, even)
//!   before it reaches the other end, L steps away.
//! - `hkcorr-kK-tT`: the same on a tree of T pairs (T may be 0), with K
//!   corridors of spine lengths 3, 5, …, 2K + 1: K different lengths of
//!   shortest augmenting path.
//! - `ksdense-hH-wW`: H rows `R1`, H columns `C1`, H rows `R2`, H columns
//!   `C2`, numbered in this order, read as one general graph: `R1 × C1`
//!   complete, row `i` of `R2` joined to columns `i … i + W − 1` (mod H) of
//!   `C1`, column `i` of `C2` to rows `i … i + W − 1` of `R1`; then a
//!   triangle on three new vertices, numbered last. The shape of the
//!   Karp–Sipser-hard matrices of Duff, Kaya and Uçar ("Design,
//!   implementation, and analysis of maximum transversal algorithms", ACM
//!   TOMS 38, 2011): a full block the start falls into, every perfect
//!   matching in the other two blocks. With W ≥ 254 every degree is past
//!   what the start counts, so it pairs `R1` with `C1` in order and leaves
//!   2H + 1 vertices free; ν = 2H + 1.
//! - `nested-hH`: 3^H vertices; a blossom of level j is three blossoms of
//!   level j − 1 in a ring, the first vertex of each joined to the last of
//!   the next. Factor-critical at every level.
//! - `grid-N`: the N × N grid, 4-neighbours, row-major (bipartite).
//! - `gridodd-N`: the same plus one diagonal in the last cell, the
//!   triangle farthest from vertex 0.
//! - `king-N-pP`: the N × N board with each cell blocked with probability
//!   P%, free cells numbered row-major, joined to their king-move
//!   neighbours.
//! - `kingrand-N-pP-dD`: `king-N-pP` (its K free cells numbered first),
//!   then K more vertices with round(D·K/2) uniform random pairs among
//!   them (the two parts not joined). The first try's searches in vertex
//!   order run cheap over the board and grow long only in the random
//!   part, about half-way through the vertices: the try's most costly
//!   give-up on a graph of this size.
//! - `tristrip-nN`: vertex i joined to i + 1 and i + 2.
//! - `twocliques-kK-pP`: two complete graphs on K vertices joined by a path
//!   of P vertices (from the last vertex of the first to the first of the
//!   second).
//! - `trilattice-N`: the N × N grid with one diagonal per cell.
//! - `rand-nN-dD`: N vertices, round(D·N/2) uniform random pairs (loops and
//!   repeats dropped).
//! - `bip-nN-dD`: N vertices split at random into two sides, round(D·N/2)
//!   random pairs across (bipartite, the sides mixed in the numbering).
//! - `path-nN`: the path 0 – 1 – … – N−1 (bipartite).
//! - `ladder-nN`: two paths of ⌊N/2⌋ vertices, `0 … h−1` and `h … 2h−1`,
//!   with the rungs `i – h + i` (bipartite).
//! - `complete-N`: the complete graph.
//! - `cliquechains-kK-cC-lL`: a complete graph on K vertices, a hub joined
//!   to all of it, and C paths of L vertices, each hung on the hub by its
//!   first vertex.
//! - `foldchain-lL-dD`: a chain `u_0 v_0 u_1 v_1 … u_L` whose links `v_i`
//!   have degree 2, each hub `u_i` joined to D random vertices of a
//!   background of L·D/2 vertices, each of which has 3 random background
//!   neighbours besides. Folding the degree-2 links (Koana et al., "Data
//!   reduction for maximum matching on real-world graphs", ESA 2018)
//!   merges all the hubs, one after the other, into one vertex of degree
//!   about L·D.
#![allow(dead_code)]

/// A generated graph: the vertex count and its edges `(u, v)`, `u < v`,
/// sorted, no repeats.
pub type Graph = (usize, Vec<(u32, u32)>);

/// Each family's name prefix and what it is built to hurt (one line).
pub const FAMILIES: &[(&str, &str)] = &[
    ("corridors", "start leaves both ends of each corridor free, few enough that no phase runs; each search regrows the shared tree: Θ(k·tree)"),
    ("hkcorr", "k different shortest-augmenting-path lengths: a phase engine needs k ≈ √n phases, each regrowing the shared tree (the Hopcroft–Karp worst case, general)"),
    ("ksdense", "Karp–Sipser-hard dense block (Duff–Kaya–Uçar shape): the start reads every edge and matches the block wrong; the two-colouring fails on the last triangle"),
    ("nested", "blossoms of blossoms, 3^h vertices: deep shrinking and expanding"),
    ("grid", "bipartite grid: the shortcut's colouring and conversion against the engine"),
    ("gridodd", "a grid but for one triangle at the far end: the two-colouring fails last, the general engine runs on a near-bipartite graph"),
    ("king", "king-move board with blocked cells: dense local odd cycles"),
    ("kingrand", "a king board numbered first, then a random graph: the first try's searches in vertex order look cheap for half the vertices, then give up"),
    ("tristrip", "triangle strip: a blossom at every step"),
    ("twocliques", "two cliques joined by a long path: dense ends, one long augmenting path between them"),
    ("trilattice", "triangular lattice: many small blossoms, the Gallai–Edmonds worst case"),
    ("rand", "uniform random graphs: the baseline (time per edge)"),
    ("bip", "random bipartite graph, sides mixed in the numbering: the shortcut's conversion on scattered ids"),
    ("path", "a long path: the start alone solves it; the shortcut must not cost more"),
    ("ladder", "a 2 × n/2 ladder (bipartite): with random labels the greedy start leaves many short augmenting paths, each search a walk through random memory"),
    ("complete", "complete graph: dense, a start that need not read every edge"),
    ("cliquechains", "a clique and many odd chains on one hub: chains compete for the hub"),
    ("foldchain", "degree-2 folds cascade along the chain, merging all hubs into one vertex of degree ≈ l·d"),
];

/// The harness's full set: the families at its sizes and at half
/// (or double) of them, the earlier workloads, and the adversaries.
/// LEMON runs each in seconds.
pub const HARNESS: &[&str] = &[
    // The baselines and the earlier workloads.
    "rand-n1e4-d3",
    "rand-n1e5-d3",
    "rand-n1e5-d10",
    "rand-n5e5-d3",
    "rand-n1e6-d3",
    "rand-n1e6-d10",
    "trilattice-501",
    "trilattice-709",
    "king-2000-p25",
    "complete-300",
    "complete-2000",
    "cliquechains-k1000-c1e5-l8",
    // Corridors: the two, their halves and doubles, and other k.
    "corridors-k950-l341-t162500",
    "corridors-k1900-l341-t325e3",
    "corridors-k400-l271-t5e4-shuf",
    "corridors-k800-l271-t1e5-shuf",
    "corridors-k400-l271-t5e4-s2-shuf",
    "corridors-k1600-l271-t2e5-shuf",
    "corridors-k400-l271-t5e4-shuf-bfs",
    "corridors-k800-l271-t1e5-shuf-bfs",
    "corridors-k1600-l271-t2e5-shuf-bfs",
    "corridors-k800-l271-t1e5-s2-shuf-bfs",
    "corridors-k100-l6495-t325e3",
    "corridors-k400-l1621-t325e3",
    "corridors-k5000-l125-t2e4",
    "hkcorr-k700-t25e4",
    "hkcorr-k990-t5e5",
    "hkcorr-k1000-t0",
    "hkcorr-k1414-t0",
    "ksdense-h1581-w256",
    "ksdense-h3162-w256",
    "ksdense-h3162-w256-shuf",
    "nested-h11",
    "nested-h12",
    "nested-h13",
    "grid-707",
    "grid-1000",
    "gridodd-707",
    "gridodd-1000",
    "king-1000-p25",
    "king-1414-p25",
    "king-1000-p25-s2",
    "king-1000-p25-s3",
    "king-1414-p25-s2",
    "kingrand-707-p25-d3",
    "kingrand-1000-p25-d3",
    "tristrip-n5e5",
    "tristrip-n1e6",
    "tristrip-n1e6-shuf",
    "twocliques-k1000-p5e5",
    "twocliques-k1000-p1e6",
    "bip-n5e5-d3",
    "bip-n1e6-d3",
    "path-n5e5",
    "path-n1e6",
    "ladder-n5e5-shuf",
    "ladder-n1e6-shuf",
    "grid-707-shuf",
    "grid-1000-shuf",
    "foldchain-l1e5-d4",
    "foldchain-l2e5-d4",
    "foldchain-l1e5-d4-s2",
];

/// The harness's `--set small`: every family at 10^4–10^5 vertices, each
/// with its double.
pub const SMALL: &[&str] = &[
    "rand-n1e3-d3",
    "rand-n5e4-d3",
    "rand-n1e5-d3",
    "trilattice-31",
    "complete-100",
    "cliquechains-k50-c200-l8",
    "corridors-k20-l101-t5e3",
    "corridors-k40-l101-t1e4",
    "corridors-k40-l101-t5e3-shuf",
    "corridors-k20-l101-t5e3-bfs",
    "corridors-k40-l101-t1e4-bfs",
    "hkcorr-k70-t2500",
    "hkcorr-k99-t5e3",
    "ksdense-h300-w256",
    "ksdense-h600-w256",
    "nested-h8",
    "nested-h9",
    "grid-100",
    "grid-141",
    "gridodd-100",
    "gridodd-141",
    "king-100-p25",
    "king-141-p25",
    "kingrand-100-p25-d3",
    "kingrand-141-p25-d3",
    "tristrip-n2e4",
    "tristrip-n4e4",
    "twocliques-k100-p1e4",
    "twocliques-k100-p2e4",
    "bip-n2e4-d3",
    "bip-n4e4-d3",
    "path-n2e4",
    "path-n4e4",
    "ladder-n2e4-shuf",
    "ladder-n4e4-shuf",
    "foldchain-l2e3-d4",
    "foldchain-l4e3-d4",
];

/// Every family at a few thousand vertices, for the tests (which add seeds).
pub const TESTS: &[&str] = &[
    "corridors-k10-l51-t1000",
    "corridors-k10-l51-t1000-shuf",
    "corridors-k10-l51-t1000-bfs",
    "corridors-k40-l51-t4000-bfs",
    "corridors-k60-l31-t200",
    "hkcorr-k20-t1000",
    "hkcorr-k40-t0-shuf",
    "ksdense-h300-w256",
    "ksdense-h260-w256-shuf",
    "nested-h7",
    "nested-h7-shuf",
    "grid-50",
    "gridodd-50",
    "gridodd-51-shuf",
    "king-50-p25",
    "kingrand-40-p25-d3",
    "kingrand-41-p10-d4-shuf",
    "tristrip-n3000",
    "tristrip-n3001-shuf",
    "twocliques-k30-p2000",
    "twocliques-k31-p2001",
    "trilattice-50",
    "rand-n3000-d3",
    "rand-n2000-d10",
    "bip-n3000-d3",
    "path-n3001",
    "ladder-n3000-shuf",
    "ladder-n3001",
    "complete-60",
    "cliquechains-k30-c200-l8",
    "foldchain-l1000-d4",
    "foldchain-l500-d6-shuf",
];

/// The pairs `(smaller, larger)` of `HARNESS` and `SMALL` that differ only
/// in size (the vertex count about doubles, or triples for `nested`), for
/// the growth factors.
pub const GROWTH: &[(&str, &str)] = &[
    ("rand-n5e5-d3", "rand-n1e6-d3"),
    ("trilattice-501", "trilattice-709"),
    ("corridors-k950-l341-t162500", "corridors-k1900-l341-t325e3"),
    (
        "corridors-k400-l271-t5e4-shuf",
        "corridors-k800-l271-t1e5-shuf",
    ),
    ("hkcorr-k700-t25e4", "hkcorr-k990-t5e5"),
    ("hkcorr-k1000-t0", "hkcorr-k1414-t0"),
    ("ksdense-h1581-w256", "ksdense-h3162-w256"),
    ("nested-h11", "nested-h12"),
    ("nested-h12", "nested-h13"),
    ("grid-707", "grid-1000"),
    ("gridodd-707", "gridodd-1000"),
    ("king-1000-p25", "king-1414-p25"),
    ("king-1000-p25-s2", "king-1414-p25-s2"),
    ("kingrand-707-p25-d3", "kingrand-1000-p25-d3"),
    (
        "corridors-k800-l271-t1e5-shuf",
        "corridors-k1600-l271-t2e5-shuf",
    ),
    (
        "corridors-k400-l271-t5e4-shuf-bfs",
        "corridors-k800-l271-t1e5-shuf-bfs",
    ),
    (
        "corridors-k800-l271-t1e5-shuf-bfs",
        "corridors-k1600-l271-t2e5-shuf-bfs",
    ),
    ("tristrip-n5e5", "tristrip-n1e6"),
    ("twocliques-k1000-p5e5", "twocliques-k1000-p1e6"),
    ("bip-n5e5-d3", "bip-n1e6-d3"),
    ("path-n5e5", "path-n1e6"),
    ("ladder-n5e5-shuf", "ladder-n1e6-shuf"),
    ("grid-707-shuf", "grid-1000-shuf"),
    ("foldchain-l1e5-d4", "foldchain-l2e5-d4"),
    // --set small
    ("rand-n5e4-d3", "rand-n1e5-d3"),
    ("corridors-k20-l101-t5e3", "corridors-k40-l101-t1e4"),
    ("corridors-k20-l101-t5e3-bfs", "corridors-k40-l101-t1e4-bfs"),
    ("hkcorr-k70-t2500", "hkcorr-k99-t5e3"),
    ("ksdense-h300-w256", "ksdense-h600-w256"),
    ("nested-h8", "nested-h9"),
    ("grid-100", "grid-141"),
    ("gridodd-100", "gridodd-141"),
    ("king-100-p25", "king-141-p25"),
    ("kingrand-100-p25-d3", "kingrand-141-p25-d3"),
    ("tristrip-n2e4", "tristrip-n4e4"),
    ("twocliques-k100-p1e4", "twocliques-k100-p2e4"),
    ("bip-n2e4-d3", "bip-n4e4-d3"),
    ("path-n2e4", "path-n4e4"),
    ("ladder-n2e4-shuf", "ladder-n4e4-shuf"),
    ("foldchain-l2e3-d4", "foldchain-l4e3-d4"),
];

/// The intent line of the family `name` belongs to.
pub fn intent(name: &str) -> Option<&'static str> {
    let prefix = name.split('-').next()?;
    FAMILIES.iter().find(|f| f.0 == prefix).map(|f| f.1)
}

/// The graph `name` stands for, or `None` if the name is not one of the
/// forms in the module docs (or asks for more than 2^28 vertices or
/// edges).
pub fn generate(name: &str) -> Option<Graph> {
    let mut tokens: Vec<&str> = name.split('-').collect();
    let (mut shuffle, mut bfs) = (false, false);
    while tokens.len() > 1 {
        let last = tokens[tokens.len() - 1];
        if last == "shuf" {
            shuffle = true;
        } else if last == "bfs" {
            bfs = true;
        } else if last.strip_prefix('s').and_then(number).is_none() {
            break;
        }
        tokens.pop();
    }
    // The base graph's seed: the name without `-shuf` or `-bfs`, so that
    // the renumbered variants hold the same graph; the shuffle's, the name
    // without `-bfs`, so that `NAME-shuf-bfs` is `NAME-shuf` renumbered.
    let unordered = name.strip_suffix("-bfs").unwrap_or(name);
    let base_name = unordered.strip_suffix("-shuf").unwrap_or(unordered);
    let mut rng = Rng::new(seed_of(base_name));
    let (n, mut edges) = base(&tokens, &mut rng)?;
    check(n, edges.len())?;
    if shuffle {
        let mut rng = Rng::new(seed_of(unordered));
        let p = permutation(n, &mut rng);
        for e in &mut edges {
            *e = (p[e.0 as usize], p[e.1 as usize]);
        }
    }
    if bfs {
        let p = breadth_first_order(n, &edges);
        for e in &mut edges {
            *e = (p[e.0 as usize], p[e.1 as usize]);
        }
    }
    Some((n, simple(edges)))
}

/// The adjacency lists of the graph `edges` on `n` vertices, each edge in
/// both rows: `adj[offsets[v]..offsets[v + 1]]` are `v`'s neighbours, in
/// the order of `edges`.
pub fn adjacency(n: usize, edges: &[(u32, u32)]) -> (Vec<usize>, Vec<u32>) {
    let mut offsets = vec![0usize; n + 1];
    for &(u, v) in edges {
        offsets[u as usize + 1] += 1;
        offsets[v as usize + 1] += 1;
    }
    for v in 0..n {
        offsets[v + 1] += offsets[v];
    }
    let mut fill = offsets.clone();
    let mut adj = vec![0u32; offsets[n]];
    for &(u, v) in edges {
        adj[fill[u as usize]] = v;
        fill[u as usize] += 1;
        adj[fill[v as usize]] = u;
        fill[v as usize] += 1;
    }
    (offsets, adj)
}

/// Each vertex's place in a breadth-first order of the graph (`-bfs`).
fn breadth_first_order(n: usize, edges: &[(u32, u32)]) -> Vec<u32> {
    let (offsets, mut adj) = adjacency(n, edges);
    let mut place = vec![u32::MAX; n];
    let mut queue = Vec::with_capacity(n);
    for s in 0..n {
        if place[s] != u32::MAX {
            continue;
        }
        place[s] = queue.len() as u32;
        queue.push(s as u32);
        let mut head = queue.len() - 1;
        while head < queue.len() {
            let x = queue[head] as usize;
            head += 1;
            let row = &mut adj[offsets[x]..offsets[x + 1]];
            row.sort_unstable();
            for &y in row.iter() {
                if place[y as usize] == u32::MAX {
                    place[y as usize] = queue.len() as u32;
                    queue.push(y);
                }
            }
        }
    }
    place
}

/// The largest vertex and edge count accepted.
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
    let p = |i: usize, key: &str| param(tokens, i, key);
    let g = match *tokens.first()? {
        "corridors" => {
            arity(4)?;
            let (k, l, t) = (p(1, "k")?, p(2, "l")?, p(3, "t")?);
            check(k.checked_mul(l + 6)?.checked_add(2 * t)?, 0)?;
            corridors(&vec![l | 1; k], t)
        }
        "hkcorr" => {
            arity(3)?;
            let (k, t) = (p(1, "k")?, p(2, "t")?);
            check(k.checked_mul(2 * k + 8)?.checked_add(2 * t)?, 0)?;
            let lengths: Vec<usize> = (1..=k).map(|j| 2 * j + 1).collect();
            corridors(&lengths, t)
        }
        "ksdense" => {
            arity(3)?;
            let (h, w) = (p(1, "h")?, p(2, "w")?);
            check(4 * h + 3, h.checked_mul(h + 2 * w)?)?;
            ks_dense(h, w.min(h))
        }
        "nested" => {
            arity(2)?;
            let h = u32::try_from(p(1, "h")?).ok()?;
            check(3usize.checked_pow(h)?, 3usize.checked_pow(h)? * 2)?;
            nested(h)
        }
        "grid" | "gridodd" => {
            arity(2)?;
            let s = number(tokens[1])?;
            check(s.checked_mul(s)?, 2 * s * s)?;
            let (n, mut e) = board(s, &vec![true; s * s], &[(0, 1), (1, 0)]);
            if tokens[0] == "gridodd" && s >= 2 {
                let v = (s * s - 1) as u32;
                e.push((v - s as u32 - 1, v));
            }
            (n, e)
        }
        "king" => {
            arity(3)?;
            let (s, pct) = (number(tokens[1])?, p(2, "p")?);
            check(s.checked_mul(s)?, 4 * s * s)?;
            let free: Vec<bool> = (0..s * s).map(|_| rng.below(100) >= pct).collect();
            board(s, &free, &[(0, 1), (1, 0), (1, 1), (1, -1)])
        }
        "kingrand" => {
            arity(4)?;
            let (s, pct, d) = (number(tokens[1])?, p(2, "p")?, p(3, "d")?);
            let cells = s.checked_mul(s)?;
            check(cells.checked_mul(2)?, cells.checked_mul(d.checked_add(8)?)?)?;
            let free: Vec<bool> = (0..cells).map(|_| rng.below(100) >= pct).collect();
            let (k, mut e) = board(s, &free, &[(0, 1), (1, 0), (1, 1), (1, -1)]);
            if k > 0 {
                let m = (k * d).div_ceil(2);
                e.extend((0..m).map(|_| ((k + rng.below(k)) as u32, (k + rng.below(k)) as u32)));
            }
            (2 * k, e)
        }
        "trilattice" => {
            arity(2)?;
            let s = number(tokens[1])?;
            check(s.checked_mul(s)?, 3 * s * s)?;
            board(s, &vec![true; s * s], &[(0, 1), (1, 0), (1, 1)])
        }
        "tristrip" => {
            arity(2)?;
            let n = p(1, "n")?;
            check(n, 2 * n)?;
            let e = (0..n)
                .flat_map(|i| [(i, i + 1), (i, i + 2)])
                .filter(|&(_, j)| j < n)
                .map(|(i, j)| (i as u32, j as u32))
                .collect();
            (n, e)
        }
        "ladder" => {
            arity(2)?;
            let h = p(1, "n")? / 2;
            check(2 * h, h.checked_mul(3)?)?;
            let h = h as u32;
            let mut e: Vec<(u32, u32)> = (0..h).map(|i| (i, h + i)).collect();
            e.extend((1..h).flat_map(|i| [(i - 1, i), (h + i - 1, h + i)]));
            e.sort_unstable();
            (2 * h as usize, e)
        }
        "path" => {
            arity(2)?;
            let n = p(1, "n")?;
            check(n, n)?;
            (n, (1..n).map(|i| (i as u32 - 1, i as u32)).collect())
        }
        "twocliques" => {
            arity(3)?;
            let (k, len) = (p(1, "k")?, p(2, "p")?);
            check(2 * k + len, k.checked_mul(k)?.checked_add(len + 1)?)?;
            two_cliques(k, len)
        }
        "rand" => {
            arity(3)?;
            let (n, d) = (p(1, "n")?, p(2, "d")?);
            check(n, n.checked_mul(d)? / 2)?;
            let m = (n * d).div_ceil(2);
            let e = if n == 0 {
                Vec::new()
            } else {
                (0..m)
                    .map(|_| (rng.below(n) as u32, rng.below(n) as u32))
                    .collect()
            };
            (n, e)
        }
        "bip" => {
            arity(3)?;
            let (n, d) = (p(1, "n")?, p(2, "d")?);
            check(n, n.checked_mul(d)? / 2)?;
            bipartite_random(n, (n * d).div_ceil(2), rng)
        }
        "complete" => {
            arity(2)?;
            let k = number(tokens[1])?;
            check(k, k.checked_mul(k)? / 2)?;
            (k, clique(0, k))
        }
        "cliquechains" => {
            arity(4)?;
            let (k, c, len) = (p(1, "k")?, p(2, "c")?, p(3, "l")?);
            check(k + 1 + c.checked_mul(len)?, k * k / 2 + k + c * len)?;
            clique_chains(k, c, len)
        }
        "foldchain" => {
            arity(3)?;
            let (len, d) = (p(1, "l")?, p(2, "d")?);
            check(len.checked_mul(d + 2)?, len.checked_mul(4 * d + 2)?)?;
            fold_chain(len, d, rng)
        }
        _ => return None,
    };
    Some(g)
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

/// Each edge as `(min, max)`, loops dropped, sorted, without repeats.
fn simple(mut edges: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    edges.retain(|&(u, v)| u != v);
    for e in &mut edges {
        if e.0 > e.1 {
            *e = (e.1, e.0);
        }
    }
    edges.sort_unstable();
    edges.dedup();
    edges
}

fn clique(first: usize, k: usize) -> Vec<(u32, u32)> {
    (first..first + k)
        .flat_map(|u| (u + 1..first + k).map(move |v| (u as u32, v as u32)))
        .collect()
}

/// Corridors of the given spine lengths (each odd, at least 3) with a
/// triangle on each end, both ends joined to the root of a tree of `t`
/// matched pairs; see the module docs for the numbering.
fn corridors(lengths: &[usize], t: usize) -> Graph {
    let blocks: usize = lengths.iter().map(|&l| l + 5).sum();
    let n = blocks + 2 * t;
    let root = blocks as u32; // x_0
    let mut e: Vec<(u32, u32)> = Vec::new();
    let mut at = 0usize;
    for &l in lengths {
        // p_1 … p_{l−1} at at … at + l − 2, then a b c d, then p_0 p_l.
        let inner = |i: usize| (at + i - 1) as u32;
        let (a, b, c, d) = (
            (at + l - 1) as u32,
            (at + l) as u32,
            (at + l + 1) as u32,
            (at + l + 2) as u32,
        );
        let (p0, pl) = ((at + l + 3) as u32, (at + l + 4) as u32);
        let spine = |i: usize| {
            if i == 0 {
                p0
            } else if i == l {
                pl
            } else {
                inner(i)
            }
        };
        for i in 0..l {
            e.push((spine(i), spine(i + 1)));
        }
        e.extend([(p0, a), (p0, b), (a, b), (pl, c), (pl, d), (c, d)]);
        if t > 0 {
            e.push((p0, root));
            e.push((pl, root));
        }
        at += l + 5;
    }
    for i in 0..t {
        let (x, y) = (root + 2 * i as u32, root + 2 * i as u32 + 1);
        e.push((x, y));
        for child in [2 * i + 1, 2 * i + 2] {
            if child < t {
                e.push((y, root + 2 * child as u32));
            }
        }
    }
    (n, e)
}

/// The dense Karp–Sipser trap; see the module docs.
fn ks_dense(h: usize, w: usize) -> Graph {
    let (r1, c1, r2, c2) = (0, h, 2 * h, 3 * h);
    let mut e = Vec::with_capacity(h * (h + 2 * w) + 3);
    for i in 0..h {
        e.extend((0..h).map(|j| ((r1 + i) as u32, (c1 + j) as u32)));
        e.extend((0..w).map(|j| ((r2 + i) as u32, (c1 + (i + j) % h) as u32)));
        e.extend((0..w).map(|j| ((c2 + i) as u32, (r1 + (i + j) % h) as u32)));
    }
    let t = (4 * h) as u32;
    e.extend([(t, t + 1), (t + 1, t + 2), (t, t + 2)]);
    (4 * h + 3, e)
}

/// `3^levels` vertices of nested blossoms.
fn nested(levels: u32) -> Graph {
    let mut size = 1usize;
    let mut e: Vec<(u32, u32)> = Vec::new();
    for _ in 0..levels {
        let one = e.len();
        for copy in 1..3u32 {
            let shift = copy * size as u32;
            for i in 0..one {
                let (u, v) = e[i];
                e.push((u + shift, v + shift));
            }
        }
        for copy in 0..3 {
            let next = (copy + 1) % 3;
            e.push(((copy * size) as u32, (next * size + size - 1) as u32));
        }
        size *= 3;
    }
    (size, e)
}

/// The free cells of an `s × s` board, numbered row-major, joined along
/// `steps` (row offset ≥ 0).
fn board(s: usize, free: &[bool], steps: &[(usize, isize)]) -> Graph {
    let mut id = vec![u32::MAX; s * s];
    let mut n = 0u32;
    for (cell, &f) in free.iter().enumerate() {
        if f {
            id[cell] = n;
            n += 1;
        }
    }
    let mut e = Vec::new();
    for r in 0..s {
        for c in 0..s {
            if !free[r * s + c] {
                continue;
            }
            for &(dr, dc) in steps {
                let (r2, c2) = (r + dr, c as isize + dc);
                if r2 < s && c2 >= 0 && (c2 as usize) < s && free[r2 * s + c2 as usize] {
                    e.push((id[r * s + c], id[r2 * s + c2 as usize]));
                }
            }
        }
    }
    (n as usize, e)
}

fn two_cliques(k: usize, len: usize) -> Graph {
    let n = 2 * k + len;
    let mut e = clique(0, k);
    e.extend(clique(k + len, k));
    let chain: Vec<usize> = (k.saturating_sub(1)..=k + len).filter(|&v| v < n).collect();
    for w in chain.windows(2) {
        e.push((w[0] as u32, w[1] as u32));
    }
    (n, e)
}

fn clique_chains(k: usize, chains: usize, len: usize) -> Graph {
    let hub = k;
    let mut e = clique(0, k);
    e.extend((0..k).map(|v| (v as u32, hub as u32)));
    for c in 0..chains {
        let first = hub + 1 + c * len;
        e.push((hub as u32, first as u32));
        e.extend((first..first + len - 1).map(|v| (v as u32, v as u32 + 1)));
    }
    (hub + 1 + chains * len, e)
}

fn bipartite_random(n: usize, m: usize, rng: &mut Rng) -> Graph {
    let mut sides: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    for v in 0..n {
        sides[rng.below(2)].push(v as u32);
    }
    let [a, b] = sides;
    let e = if a.is_empty() || b.is_empty() {
        Vec::new()
    } else {
        (0..m)
            .map(|_| (a[rng.below(a.len())], b[rng.below(b.len())]))
            .collect()
    };
    (n, e)
}

/// Hubs `u_i` at `2i`, links `v_i` at `2i + 1` (`i < len`), the last hub at
/// `2·len`, then the background.
fn fold_chain(len: usize, d: usize, rng: &mut Rng) -> Graph {
    let hubs = len + 1;
    let back = (len * d / 2).max(4);
    let first = 2 * len + 1;
    let n = first + back;
    let mut e = Vec::with_capacity(2 * len + hubs * d + 3 * back);
    for i in 0..len {
        e.push(((2 * i) as u32, (2 * i + 1) as u32));
        e.push(((2 * i + 1) as u32, (2 * i + 2) as u32));
    }
    for i in 0..hubs {
        for _ in 0..d {
            e.push(((2 * i) as u32, (first + rng.below(back)) as u32));
        }
    }
    for v in 0..back {
        for _ in 0..3 {
            e.push(((first + v) as u32, (first + rng.below(back)) as u32));
        }
    }
    (n, e)
}
