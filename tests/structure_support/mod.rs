//! Shared helpers for the structure tests: a seeded generator, small
//! random graphs, and brute-force answers to check against.

#![allow(dead_code)]

use bimatch::{Bipartite, Left, Matching, Right};

/// SplitMix64: a small seeded generator, so every run sees the same cases.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// A random graph with at most `max_side` vertices a side; the density
/// varies from case to case so that sparse, dense and empty graphs appear.
pub fn random_graph(rng: &mut Rng, max_side: usize) -> Bipartite {
    let l = rng.below(max_side + 1);
    let r = rng.below(max_side + 1);
    let density = 1 + rng.below(6); // out of 8
    let mut edges = Vec::new();
    for u in 0..l {
        for v in 0..r {
            if rng.chance(density, 8) {
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
