//! Test helpers written independently of the crate's algorithms: a seeded
//! generator, brute-force maximum matching, and a König cover certificate.
#![allow(dead_code)]

use bimatch::{Bipartite, Left, Matcher, Matching, Right};

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
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
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

/// The matchers under test.
pub fn matchers() -> Vec<Box<dyn Matcher>> {
    vec![Box::new(bimatch::HopcroftKarp), Box::new(bimatch::Dinic)]
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
