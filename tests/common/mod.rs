//! Test helpers written independently of the crate's algorithms: a seeded
//! generator, brute-force maximum matching, and a König cover certificate.
#![allow(dead_code)]

pub mod adversarial;
pub mod capped;
pub mod exact;
pub mod game;
// Shared with the criterion benches and the peer harness (by `#[path]`).
pub mod general_families;

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
    assert_maximum(g, m, "matching");
}

/// `m` is a matching of `g` (checked by the crate) and maximum: a vertex
/// cover of its size, built here by an alternating search from the free
/// left vertices (König), touches every edge, checked edge by edge, so no
/// larger matching exists. `ctx` names the case in failure messages.
pub fn assert_maximum(g: &Bipartite, m: &Matching, ctx: &str) {
    m.check(g)
        .unwrap_or_else(|e| panic!("{ctx}: not a matching of the graph: {e}"));
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
                let Some(w) = m.right_mate(v) else {
                    panic!("{ctx}: an augmenting path ends at {v}: not maximum");
                };
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
        "{ctx}: König cover size differs from the matching size"
    );
    for (u, v) in g.edges() {
        assert!(
            cover_left[u.index()] || seen_right[v.index()],
            "{ctx}: edge ({u}, {v}) not covered"
        );
    }
}

/// First-fit greedy, written here: each left vertex in order takes its
/// first free neighbour (the usual poor start).
pub fn greedy(g: &Bipartite) -> Matching {
    let mut taken = vec![false; g.right_count()];
    let mut pairs = Vec::new();
    for u in g.left_vertices() {
        if let Some(v) = g.left_neighbors(u).find(|v| !taken[v.index()]) {
            taken[v.index()] = true;
            pairs.push((u, v));
        }
    }
    Matching::from_pairs(g, pairs).unwrap()
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

/// A random graph with at most `max_side` vertices a side and a density
/// drawn uniformly from 0–99 %: empty, sparse, dense and nearly complete
/// graphs all appear.
pub fn random_graph_any_density(rng: &mut Rng, max_side: usize) -> Bipartite {
    let l = rng.below(max_side + 1);
    let r = rng.below(max_side + 1);
    let density = rng.below(100);
    let mut edges = Vec::new();
    for u in 0..l {
        for v in 0..r {
            if rng.below(100) < density {
                edges.push((u, v));
            }
        }
    }
    Bipartite::from_edges(l, r, edges).unwrap()
}

/// The ladder of `n` rungs: left `i` and right `i` are a rung, the rails
/// join left `i` to right `i + 1` and left `i + 1` to right `i`. A perfect
/// matching (the rungs) of size `n`.
pub fn ladder_edges(n: usize) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for i in 0..n {
        edges.push((i, i));
        if i + 1 < n {
            edges.push((i, i + 1));
            edges.push((i + 1, i));
        }
    }
    edges
}

/// [`ladder_edges`] as a graph.
pub fn ladder(n: usize) -> Bipartite {
    Bipartite::from_edges(n, n, ladder_edges(n)).unwrap()
}

/// The path L0 – R0 – L1 – R1 – … – R(half−1) – L(half): one more left
/// vertex than right, so one left vertex stays free and an alternating
/// search walks the whole path.
pub fn odd_path(half: usize) -> Bipartite {
    let edges = (0..half).flat_map(|i| [(i, i), (i + 1, i)]);
    Bipartite::from_edges(half + 1, half, edges).unwrap()
}

/// The edges of `g` as index pairs, in the graph's order.
pub fn edge_pairs(g: &Bipartite) -> Vec<(usize, usize)> {
    g.edges().map(|(u, v)| (u.index(), v.index())).collect()
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

/// Checks `g` against a model built without the crate: the set of distinct
/// edges, every adjacency list in both directions ascending.
pub fn assert_graph_is(g: &Bipartite, l: usize, r: usize, edges: &[(usize, usize)]) {
    let set: std::collections::BTreeSet<(usize, usize)> = edges.iter().copied().collect();
    assert_eq!((g.left_count(), g.right_count()), (l, r));
    assert_eq!(g.edge_count(), set.len());
    let listed: Vec<(usize, usize)> = g.edges().map(|(u, v)| (u.index(), v.index())).collect();
    assert_eq!(listed, set.iter().copied().collect::<Vec<_>>());
    for u in 0..l {
        let want: Vec<usize> = set.iter().filter(|e| e.0 == u).map(|e| e.1).collect();
        let got: Vec<usize> = g.left_neighbors(Left::new(u)).map(|v| v.index()).collect();
        assert_eq!(got, want, "left {u}");
    }
    for v in 0..r {
        let want: Vec<usize> = set.iter().filter(|e| e.1 == v).map(|e| e.0).collect();
        let got: Vec<usize> = g
            .right_neighbors(Right::new(v))
            .map(|u| u.index())
            .collect();
        assert_eq!(got, want, "right {v}");
    }
}

// ---- General graphs: brute force and checks, independent of the engines ----

/// ν(G[S]) for every vertex subset `S` (as a bit mask) of the graph whose
/// vertex `v` has neighbours `adj[v]` (bit masks), by dynamic programming
/// over the lowest vertex of `S`: it is unmatched, or matched to one of its
/// neighbours in `S`. `n` at most 16.
pub fn general_nu_table(adj: &[u32]) -> Vec<u8> {
    let n = adj.len();
    assert!(n <= 16);
    let mut table = vec![0u8; 1 << n];
    for mask in 1usize..1 << n {
        let v = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << v);
        let mut best = table[rest];
        let mut nb = adj[v] as usize & rest;
        while nb != 0 {
            let w = nb.trailing_zeros() as usize;
            nb &= nb - 1;
            best = best.max(1 + table[rest & !(1 << w)]);
        }
        table[mask] = best;
    }
    table
}

/// Checks that `path` augments `m` in `g`: distinct vertices, both ends
/// free, edges alternately outside and inside `m`.
pub fn assert_general_augmenting(
    g: &bimatch::general::Graph,
    m: &bimatch::general::Matching,
    path: &[usize],
) {
    assert!(path.len() >= 2 && path.len() % 2 == 0, "{path:?}");
    let mut seen = std::collections::HashSet::new();
    assert!(path.iter().all(|&v| seen.insert(v)), "repeats: {path:?}");
    assert_eq!(m.mate(path[0]), None, "{path:?}");
    assert_eq!(m.mate(path[path.len() - 1]), None, "{path:?}");
    for (k, pair) in path.windows(2).enumerate() {
        assert!(g.has_edge(pair[0], pair[1]), "{path:?}");
        let matched = m.mate(pair[0]) == Some(pair[1]);
        assert_eq!(matched, k % 2 == 1, "{path:?}");
    }
}

/// Every check of the general API on one small graph (at most 16
/// vertices) against brute force: both engines' sizes, the decomposition
/// against ν(G − v) = ν(G), the certificate, and a smaller matching
/// refused with a path that augments it. Returns ν(G).
pub fn check_general_small(n: usize, edges: &[(usize, usize)]) -> usize {
    use bimatch::general::{gallai_edmonds, Engine, Error, Graph, Matching};
    let g = Graph::from_edges(n, edges.iter().copied()).unwrap();
    let mut adj = vec![0u32; n];
    for (u, v) in g.edges() {
        adj[u] |= 1 << v;
        adj[v] |= 1 << u;
    }
    let table = general_nu_table(&adj);
    let full = (1usize << n) - 1;
    let nu = table[full] as usize;
    let d: Vec<usize> = (0..n)
        .filter(|&v| table[full & !(1 << v)] as usize == nu)
        .collect();
    let in_d = |v: usize| d.contains(&v);
    let a: Vec<usize> = (0..n)
        .filter(|&v| !in_d(v) && d.iter().any(|&x| adj[x] >> v & 1 == 1))
        .collect();
    let c: Vec<usize> = (0..n).filter(|&v| !in_d(v) && !a.contains(&v)).collect();
    let mut seen: Option<Matching> = None;
    type Route = fn(&Graph) -> Matching;
    let routes: [(&str, Route); 5] = [
        ("auto", |g| Engine::Auto.maximum_matching(g)),
        ("edmonds", |g| Engine::Edmonds.maximum_matching(g)),
        ("searches", bimatch::general::maximum_matching_by_searches),
        ("phases", bimatch::general::maximum_matching_by_phases),
        ("started phases", |g| {
            bimatch::general::maximum_matching_planned(g, 0, 0, true)
        }),
    ];
    for (engine, route) in routes {
        let m = route(&g);
        if seen.as_ref() == Some(&m) {
            continue; // the same matching: already checked
        }
        seen = Some(m.clone());
        m.check(&g).unwrap();
        assert_eq!(m.len(), nu, "{engine:?} on {n} {edges:?}");
        for v in 0..n {
            if let Some(w) = m.mate(v) {
                assert_eq!(m.mate(w), Some(v));
            }
        }
        let ge = gallai_edmonds(&g, &m).unwrap();
        assert_eq!(ge.d(), d, "D of {n} {edges:?}");
        assert_eq!(ge.a(), a, "A of {n} {edges:?}");
        assert_eq!(ge.c(), c, "C of {n} {edges:?}");
        assert_eq!(ge.matching_size(), nu);
        // The components of G[D], by label propagation over D's edges.
        let mut comp: Vec<usize> = (0..n).collect();
        loop {
            let mut changed = false;
            for (u, v) in g.edges() {
                if in_d(u) && in_d(v) && comp[u] != comp[v] {
                    let low = comp[u].min(comp[v]);
                    comp[u] = low;
                    comp[v] = low;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let mut want: Vec<Vec<usize>> = Vec::new();
        for &v in &d {
            if comp[v] == v {
                want.push(d.iter().copied().filter(|&w| comp[w] == v).collect());
            }
        }
        let got: Vec<Vec<usize>> = ge.odd_components().map(|c| c.to_vec()).collect();
        assert_eq!(got, want, "components of G[D] of {n} {edges:?}");
        assert!(ge.odd_components().all(|comp| comp.len() % 2 == 1));
        let proof = ge.certificate();
        proof.verify(&g, &m).unwrap();
        if nu > 0 {
            let smaller = Matching::from_pairs(&g, m.pairs().skip(1)).unwrap();
            match gallai_edmonds(&g, &smaller) {
                Err(Error::NotMaximum { path, .. }) => {
                    assert_general_augmenting(&g, &smaller, &path)
                }
                other => panic!("{n} {edges:?}: {other:?}"),
            }
            assert!(proof.verify(&g, &smaller).is_err());
        }
    }
    nu
}

/// Calls `f` with every edge set on `n` vertices (bit `k` of the set is
/// the `k`-th pair `(u, v)`, `u < v`, in lexicographic order), with the
/// index `k` of each edge; returns how many sets there were.
pub fn for_every_graph(n: usize, mut f: impl FnMut(&[(usize, usize, usize)])) -> usize {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect();
    let mut edges = Vec::with_capacity(pairs.len());
    for set in 0u32..1 << pairs.len() {
        edges.clear();
        edges.extend(
            (0..pairs.len())
                .filter(|&k| set >> k & 1 == 1)
                .map(|k| (pairs[k].0, pairs[k].1, k)),
        );
        f(&edges);
    }
    1 << pairs.len()
}
