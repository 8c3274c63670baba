//! Test helpers written independently of the crate's algorithms: a seeded
//! generator, brute-force maximum matching, and a König cover certificate.
#![allow(dead_code)]

use bimatch::{Bipartite, Left, MatcherKind, Matching, Right};

/// xorshift64*: small, seeded, reproducible.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// True with probability `percent / 100`.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    /// True with probability `num / den`.
    pub fn chance_in(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A small random graph: each side up to `max_side` vertices, edges with a
/// random density; sometimes a planted alternating path with adversarial ids.
pub fn random_small(rng: &mut Rng, max_side: usize) -> (usize, usize, Vec<(usize, usize)>) {
    let l = rng.below(max_side + 1);
    let r = rng.below(max_side + 1);
    let mut edges = Vec::new();
    if l > 0 && r > 0 {
        let density = rng.below(60) + 5;
        for u in 0..l {
            for v in 0..r {
                if rng.chance(density) {
                    edges.push((u, v));
                }
            }
        }
        if rng.chance(30) {
            // Plant a path L_{k-1} ... with reversed left ids, so that a
            // first-fit start leaves one long augmenting path.
            let k = l.min(r);
            for i in 0..k {
                edges.push((k - 1 - i, i));
                if i > 0 {
                    edges.push((k - 1 - i, i - 1));
                }
            }
        }
        if rng.chance(20) && !edges.is_empty() {
            let e = edges[rng.below(edges.len())];
            edges.push(e); // a duplicate
        }
        rng.shuffle(&mut edges);
    }
    (l, r, edges)
}

/// Maximum matching size by exhaustive search over sets of used right
/// vertices (right side at most 16 vertices).
pub fn brute_force_size(l: usize, r: usize, edges: &[(usize, usize)]) -> usize {
    assert!(r <= 16);
    let mut adj = vec![Vec::new(); l];
    for &(u, v) in edges {
        adj[u].push(v);
    }
    let mut reachable = vec![false; 1 << r];
    reachable[0] = true;
    for list in &adj {
        let before = reachable.clone();
        for (mask, &ok) in before.iter().enumerate() {
            if ok {
                for &v in list {
                    if mask & (1 << v) == 0 {
                        reachable[mask | (1 << v)] = true;
                    }
                }
            }
        }
    }
    (0..1usize << r)
        .filter(|&m| reachable[m])
        .map(|m| m.count_ones() as usize)
        .max()
        .unwrap_or(0)
}

/// Builds a König vertex cover from `m` by an alternating search from the
/// free left vertices, and checks that it touches every edge and has
/// `m.len()` vertices: a certificate that `m` is maximum.
pub fn assert_konig_certified(g: &Bipartite, m: &Matching) {
    m.check(g).expect("matching belongs to the graph");
    let mut seen_left = vec![false; g.left_count()];
    let mut seen_right = vec![false; g.right_count()];
    let mut stack: Vec<Left> = g
        .left_vertices()
        .filter(|&u| m.left_mate(u).is_none())
        .collect();
    for u in &stack {
        seen_left[u.index()] = true;
    }
    while let Some(u) = stack.pop() {
        for v in g.left_neighbors(u) {
            if !seen_right[v.index()] {
                seen_right[v.index()] = true;
                let w = m
                    .right_mate(v)
                    .expect("an augmenting path exists: not maximum");
                if !seen_left[w.index()] {
                    seen_left[w.index()] = true;
                    stack.push(w);
                }
            }
        }
    }
    let cover_left: Vec<bool> = seen_left.iter().map(|&s| !s).collect();
    let size =
        cover_left.iter().filter(|&&c| c).count() + seen_right.iter().filter(|&&c| c).count();
    assert_eq!(
        size,
        m.len(),
        "König cover size differs from the matching size"
    );
    for (u, v) in g.edges() {
        assert!(
            cover_left[u.index()] || seen_right[v.index()],
            "edge ({u}, {v}) not covered"
        );
    }
}

/// Every matcher under test: the crate's own list, so a new matcher joins
/// every test without a line here.
pub const MATCHERS: &[MatcherKind] = MatcherKind::ALL;

/// Maximum matching size of `g` by exhaustive search (right side at most 16).
pub fn brute_force(g: &Bipartite) -> usize {
    let edges: Vec<(usize, usize)> = g.edges().map(|(u, v)| (u.index(), v.index())).collect();
    brute_force_size(g.left_count(), g.right_count(), &edges)
}

/// Runs `f` on a thread with a 256 KiB stack, where recursion over a long
/// path would overflow.
pub fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    on_stack(256 * 1024, f)
}

/// Runs `f` on a thread with a stack of `bytes`.
pub fn on_stack<T: Send + 'static>(bytes: usize, f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(bytes)
        .spawn(f)
        .expect("spawn a thread")
        .join()
        .expect("the thread overflowed its stack or panicked")
}

/// The cells of an `n` × `n` serpentine corridor (`n` even) in path order:
/// the even rows run alternately right and left, joined by one turn cell in
/// the odd row below; cell (0, 0) is left out, so the path has an odd
/// number of cells.
pub fn serpentine_path(n: usize) -> Vec<(usize, usize)> {
    let mut path = Vec::new();
    for i in 0..n / 2 {
        let row = 2 * i;
        if i % 2 == 0 {
            path.extend((0..n).map(|c| (row, c)));
            path.push((row + 1, n - 1));
        } else {
            path.extend((0..n).rev().map(|c| (row, c)));
            path.push((row + 1, 0));
        }
    }
    path.remove(0);
    path
}

/// The adversarial path on `2n` vertices: left `n-1-i` is adjacent to right
/// `i` and `i-1`; a first-fit start leaves one augmenting path through all
/// of it.
pub fn adversarial_path(n: usize) -> Bipartite {
    let mut edges = Vec::with_capacity(2 * n);
    for i in 0..n {
        edges.push((n - 1 - i, i));
        if i > 0 {
            edges.push((n - 1 - i, i - 1));
        }
    }
    Bipartite::from_edges(n, n, edges).expect("valid path")
}

/// Right id helper.
pub fn r(i: usize) -> Right {
    Right::new(i)
}

/// Left id helper.
pub fn l(i: usize) -> Left {
    Left::new(i)
}

// Brute-force answers for the structure tests.

/// A random graph with at most `max_side` vertices a side; the density
/// varies from case to case so that sparse, dense and empty graphs appear.
pub fn random_graph(rng: &mut Rng, max_side: usize) -> Bipartite {
    let l = rng.below(max_side + 1);
    let r = rng.below(max_side + 1);
    let density = 1 + rng.below(6); // out of 8
    let mut edges = Vec::new();
    for u in 0..l {
        for v in 0..r {
            if rng.chance_in(density, 8) {
                edges.push((u, v));
            }
        }
    }
    Bipartite::from_edges(l, r, edges).unwrap()
}

/// Whether `(u, v)` is an edge, by index.
pub fn edge(g: &Bipartite, u: usize, v: usize) -> bool {
    g.has_edge(Left::new(u), Right::new(v))
}

/// Every maximum matching of a small graph, as left mates (brute force:
/// every way to give each left vertex a free neighbour or nothing).
pub fn all_maximum_matchings(g: &Bipartite) -> Vec<Vec<Option<usize>>> {
    fn extend(
        g: &Bipartite,
        u: usize,
        mates: &mut Vec<Option<usize>>,
        used: &mut Vec<bool>,
        out: &mut Vec<Vec<Option<usize>>>,
    ) {
        if u == g.left_count() {
            out.push(mates.clone());
            return;
        }
        mates.push(None);
        extend(g, u + 1, mates, used, out);
        mates.pop();
        for v in g.left_neighbors(Left::new(u)) {
            let v = v.index();
            if !used[v] {
                used[v] = true;
                mates.push(Some(v));
                extend(g, u + 1, mates, used, out);
                mates.pop();
                used[v] = false;
            }
        }
    }
    let mut all = Vec::new();
    extend(
        g,
        0,
        &mut Vec::new(),
        &mut vec![false; g.right_count()],
        &mut all,
    );
    let size = |m: &Vec<Option<usize>>| m.iter().flatten().count();
    let best = all.iter().map(size).max().unwrap_or(0);
    all.retain(|m| size(m) == best);
    all
}

/// The matching with these left mates.
pub fn matching_from_mates(g: &Bipartite, mates: &[Option<usize>]) -> Matching {
    Matching::from_pairs(
        g,
        mates
            .iter()
            .enumerate()
            .filter_map(|(u, v)| v.map(|v| (Left::new(u), Right::new(v)))),
    )
    .unwrap()
}

/// Vertex subsets of a small graph as bit masks: left `u` is bit `u`,
/// right `v` is bit `L + v`.
pub fn subsets(g: &Bipartite) -> impl Iterator<Item = u32> {
    0..1u32 << (g.left_count() + g.right_count())
}

pub fn covers(g: &Bipartite, set: u32) -> bool {
    let l = g.left_count();
    g.edges()
        .all(|(u, v)| set >> u.index() & 1 == 1 || set >> (l + v.index()) & 1 == 1)
}

pub fn independent(g: &Bipartite, set: u32) -> bool {
    let l = g.left_count();
    g.edges()
        .all(|(u, v)| set >> u.index() & 1 == 0 || set >> (l + v.index()) & 1 == 0)
}

/// The smallest vertex cover's size, by trying every subset.
pub fn brute_min_cover(g: &Bipartite) -> usize {
    subsets(g)
        .filter(|&s| covers(g, s))
        .map(|s| s.count_ones() as usize)
        .min()
        .unwrap()
}

/// The largest independent set's size, by trying every subset.
pub fn brute_max_independent(g: &Bipartite) -> usize {
    subsets(g)
        .filter(|&s| independent(g, s))
        .map(|s| s.count_ones() as usize)
        .max()
        .unwrap()
}

/// Checks that `path` is an augmenting path for `m` in `g`: left, right,
/// …, right, starting and ending free, alternating non-matching and
/// matching edges.
pub fn assert_augmenting(g: &Bipartite, m: &Matching, path: &[usize]) {
    assert!(path.len() >= 2 && path.len() % 2 == 0, "{path:?}");
    assert_eq!(m.left_mate(Left::new(path[0])), None);
    assert_eq!(m.right_mate(Right::new(path[path.len() - 1])), None);
    for (k, pair) in path.windows(2).enumerate() {
        if k % 2 == 0 {
            assert!(edge(g, pair[0], pair[1]), "{path:?}");
            assert_ne!(m.left_mate(Left::new(pair[0])), Some(Right::new(pair[1])));
        } else {
            assert_eq!(m.right_mate(Right::new(pair[0])), Some(Left::new(pair[1])));
        }
    }
}

/// `m` with its first pair removed (not maximum when `m` was maximum and
/// non-empty).
pub fn without_first_pair(g: &Bipartite, m: &Matching) -> Matching {
    Matching::from_pairs(g, m.pairs().skip(1)).unwrap()
}

/// The graph with the sides swapped and the matching to match.
pub fn transposed(g: &Bipartite, m: &Matching) -> (Bipartite, Matching) {
    let t = g.transpose();
    let mt = Matching::from_pairs(
        &t,
        m.pairs()
            .map(|(u, v)| (Left::new(v.index()), Right::new(u.index()))),
    )
    .unwrap();
    (t, mt)
}
