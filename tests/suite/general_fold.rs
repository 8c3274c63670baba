//! The data reductions before the general search (degree 0 and 1, and
//! degree-2 folding) and their lift, against brute force: on every graph
//! of at most 6 vertices (7 in release, ignored) every matching of the
//! kernel, maximum or not, lifts to a matching of the graph with exactly
//! the pairs the reductions fixed more, so that every maximum matching of
//! the kernel lifts to a maximum one; random graphs up to 12 vertices;
//! and chains, cycles and cascades of folds of 10^6 vertices on a 256 KiB
//! stack (ignored, release), each answer proved by its Tutte–Berge
//! certificate. Also the greedy start of dense graphs (average degree 9
//! or more): against brute force up to 16 vertices and by certificates
//! on larger dense graphs.

use crate::common;

use bimatch::general::{gallai_edmonds, Engine, Graph, Kernel, Matching};
use common::{check_general_small, general_nu_table, on_small_stack, Rng};

/// ν of `g` by brute force (at most 16 vertices).
fn brute_nu(g: &Graph) -> usize {
    let n = g.vertex_count();
    let mut adj = vec![0u32; n];
    for (u, v) in g.edges() {
        adj[u] |= 1 << v;
        adj[v] |= 1 << u;
    }
    general_nu_table(&adj)[(1usize << n) - 1] as usize
}

/// Up to `cap` matchings of `g`, every one if there are fewer, as pair
/// lists: the lowest undecided vertex is left free or paired with an
/// undecided neighbour, on an explicit stack.
fn matchings(g: &Graph, cap: usize) -> Vec<Vec<(usize, usize)>> {
    let n = g.vertex_count();
    let mut out = Vec::new();
    // (vertices decided, as a mask; the pairs so far)
    let mut stack: Vec<(u32, Vec<(usize, usize)>)> = vec![(0, Vec::new())];
    while let Some((decided, pairs)) = stack.pop() {
        if out.len() == cap {
            break;
        }
        let Some(v) = (0..n).find(|&v| decided >> v & 1 == 0) else {
            out.push(pairs);
            continue;
        };
        stack.push((decided | 1 << v, pairs.clone()));
        for w in g.neighbors(v) {
            if decided >> w & 1 == 0 {
                let mut more = pairs.clone();
                more.push((v, w));
                stack.push((decided | 1 << v | 1 << w, more));
            }
        }
    }
    out
}

/// The smallest degree of `g` (`usize::MAX` for no vertex).
fn min_degree(g: &Graph) -> usize {
    (0..g.vertex_count())
        .map(|v| g.degree(v))
        .min()
        .unwrap_or(usize::MAX)
}

/// Checks both reductions of the graph on `n` vertices with these edges
/// against brute force, lifting up to `cap` matchings of each kernel (and
/// always one maximum one, by the engine). Returns ν.
fn check_reductions(n: usize, edges: &[(usize, usize)], cap: usize) -> usize {
    let g = Graph::from_edges(n, edges.iter().copied()).unwrap();
    let nu = brute_nu(&g);
    for fold in [false, true] {
        let kernel = Kernel::new(&g, fold).unwrap();
        let k = kernel.graph();
        // Exhaustive: no vertex the rules apply to is left.
        assert!(
            min_degree(k) >= if fold { 3 } else { 2 },
            "fold {fold}: {k:?} of {n} {edges:?}"
        );
        let nu_k = brute_nu(k);
        assert_eq!(nu_k + kernel.fixed(), nu, "fold {fold}: {n} {edges:?}");
        let mut lifts: Vec<Matching> = matchings(k, cap)
            .into_iter()
            .map(|pairs| Matching::from_pairs(k, pairs).unwrap())
            .collect();
        lifts.push(Engine::Edmonds.maximum_matching(k));
        let folded = bimatch::general::maximum_matching_folded(&g);
        folded.check(&g).unwrap();
        assert_eq!(folded.len(), nu, "folded: {n} {edges:?}");
        for km in lifts {
            let m = kernel.lift(&km);
            m.check(&g).unwrap();
            assert_eq!(
                m.len(),
                km.len() + kernel.fixed(),
                "fold {fold}: {km:?} on {k:?} of {n} {edges:?}"
            );
            for v in 0..n {
                if let Some(w) = m.mate(v) {
                    assert_eq!(m.mate(w), Some(v));
                    assert!(g.has_edge(v, w));
                }
            }
            if km.len() == nu_k {
                let ge = gallai_edmonds(&g, &m).unwrap();
                ge.certificate().verify(&g, &m).unwrap();
            }
        }
    }
    nu
}

/// Every edge set on `n` vertices.
fn every_graph(n: usize) -> usize {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect();
    let mut edges = Vec::with_capacity(pairs.len());
    for set in 0u32..1 << pairs.len() {
        edges.clear();
        edges.extend(
            (0..pairs.len())
                .filter(|&k| set >> k & 1 == 1)
                .map(|k| pairs[k]),
        );
        check_reductions(n, &edges, usize::MAX);
    }
    1 << pairs.len()
}

#[test]
fn every_kernel_matching_lifts_on_at_most_6_vertices() {
    let total: usize = (0..=6).map(every_graph).sum();
    assert_eq!(total, 1 + 1 + 2 + 8 + 64 + 1024 + 32768);
}

#[test]
#[ignore = "2^21 graphs: run in release"]
fn every_kernel_matching_lifts_on_7_vertices() {
    assert_eq!(every_graph(7), 1 << 21);
}

#[test]
fn random_graphs_up_to_12_vertices() {
    let mut rng = Rng::new(17);
    let mut sizes = [0usize; 7];
    for _ in 0..2000 {
        let n = rng.below(13);
        let density = rng.below(60) + 5;
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if rng.chance(density) {
                    edges.push((u, v));
                }
            }
        }
        // Pendant paths and degree-2 links, where the rules apply.
        for _ in 0..rng.below(3) {
            if n >= 3 {
                let (a, b) = (rng.below(n), rng.below(n));
                edges.retain(|&(u, v)| u != a && v != a);
                if a != b {
                    edges.push((a, b));
                    let c = rng.below(n);
                    if c != a && c != b && rng.chance(60) {
                        edges.push((a, c));
                    }
                }
            }
        }
        let mut ids: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut ids);
        for e in &mut edges {
            *e = (ids[e.0], ids[e.1]);
        }
        sizes[check_reductions(n, &edges, 40)] += 1;
    }
    assert!(sizes.iter().all(|&s| s > 0), "{sizes:?}");
}

/// Folds that feed folds: nested odd cycles, chains of triangles, and
/// hubs joined by degree-2 links, small enough for brute force.
#[test]
fn cascades_up_to_12_vertices() {
    let mut rng = Rng::new(5);
    for _ in 0..1500 {
        let n = rng.below(10) + 3;
        let mut edges = Vec::new();
        match rng.below(3) {
            0 => {
                // a cycle with chords
                for i in 0..n {
                    edges.push((i, (i + 1) % n));
                }
                for _ in 0..rng.below(3) {
                    let (a, b) = (rng.below(n), rng.below(n));
                    if a != b {
                        edges.push((a, b));
                    }
                }
            }
            1 => {
                // a triangle strip, maybe closed
                for i in 0..n {
                    for j in [i + 1, i + 2] {
                        if j < n || rng.chance(10) {
                            edges.push((i, j % n));
                        }
                    }
                }
                edges.retain(|&(a, b)| a != b);
            }
            _ => {
                // hubs 0, 2, 4, … linked by degree-2 vertices 1, 3, …, and
                // joined to each other at random
                for i in (1..n).step_by(2) {
                    edges.push((i - 1, i));
                    if i + 1 < n {
                        edges.push((i, i + 1));
                    }
                }
                for _ in 0..rng.below(6) {
                    let (a, b) = (2 * rng.below(n.div_ceil(2)), 2 * rng.below(n.div_ceil(2)));
                    if a != b && a < n && b < n {
                        edges.push((a, b));
                    }
                }
            }
        }
        let mut ids: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut ids);
        for e in &mut edges {
            *e = (ids[e.0], ids[e.1]);
        }
        check_reductions(n, &edges, 60);
    }
}

/// Matches `edges` on `n` vertices on a small stack by the default
/// engines (no reductions), by the engine after the reductions, and by
/// the reductions with the kernel matched by the engine; checks each by
/// its certificate and returns ν.
fn certified(n: usize, edges: Vec<(usize, usize)>) -> usize {
    on_small_stack(move || {
        let g = Graph::from_edges(n, edges).unwrap();
        let kernel = Kernel::new(&g, true).unwrap();
        assert!(min_degree(kernel.graph()) >= 3);
        let lifted = kernel.lift(&Engine::Edmonds.maximum_matching(kernel.graph()));
        let mut size = None;
        for (route, m) in [
            ("edmonds", Engine::Edmonds.maximum_matching(&g)),
            ("auto", Engine::Auto.maximum_matching(&g)),
            ("folded", bimatch::general::maximum_matching_folded(&g)),
            ("kernel", lifted),
        ] {
            m.check(&g).unwrap();
            let ge = gallai_edmonds(&g, &m).unwrap();
            ge.certificate().verify(&g, &m).unwrap();
            assert_eq!(*size.get_or_insert(m.len()), m.len(), "{route}");
        }
        size.unwrap()
    })
}

fn shuffled(n: usize, edges: &mut [(usize, usize)], seed: u64) {
    let mut ids: Vec<usize> = (0..n).collect();
    Rng::new(seed).shuffle(&mut ids);
    for e in edges {
        *e = (ids[e.0], ids[e.1]);
    }
}

/// A chain of `hubs` hubs `u_i`, consecutive ones joined through a
/// degree-2 link `v_i`, each hub joined to `spokes` random vertices of a
/// background of `background` vertices, each of which has 3 random
/// background neighbours besides. Folding the links merges all the hubs
/// into one vertex of degree about `hubs · spokes`: merging the growing
/// list into each new hub (not the smaller into the larger) would cost
/// the square of that.
fn fold_chain(
    hubs: usize,
    spokes: usize,
    background: usize,
    seed: u64,
) -> (usize, Vec<(usize, usize)>) {
    let mut rng = Rng::new(seed);
    let hub = |i: usize| 2 * i;
    let base = 2 * hubs - 1;
    let mut edges = Vec::new();
    for i in 0..hubs - 1 {
        edges.push((hub(i), hub(i) + 1));
        edges.push((hub(i) + 1, hub(i + 1)));
    }
    for i in 0..hubs {
        for _ in 0..spokes {
            edges.push((hub(i), base + rng.below(background)));
        }
    }
    for b in 0..background {
        for _ in 0..3 {
            let c = rng.below(background);
            if c != b {
                edges.push((base + b, base + c));
            }
        }
    }
    (base + background, edges)
}

/// `k` corridors: paths `p_0 … p_len` (`len` odd) with a triangle on each
/// end, both ends joined to the root of a tree of `tree` matched pairs
/// (`y_i` joined to `x_{2i+1}` and `x_{2i+2}`). A perfect matching; the
/// Karp–Sipser start leaves both ends of each corridor free, and the
/// reductions fold them away.
fn corridors(k: usize, len: usize, tree: usize) -> (usize, Vec<(usize, usize)>) {
    let per = len + 1 + 4;
    let root = k * per;
    let (x, y) = (|i: usize| root + 2 * i, |i: usize| root + 2 * i + 1);
    let mut edges = Vec::new();
    for c in 0..k {
        let p = |i: usize| c * per + i;
        edges.extend((0..len).map(|i| (p(i), p(i + 1))));
        let (a, b, cc, d) = (p(len + 1), p(len + 2), p(len + 3), p(len + 4));
        edges.extend([
            (p(0), a),
            (p(0), b),
            (a, b),
            (p(len), cc),
            (p(len), d),
            (cc, d),
        ]);
        edges.extend([(p(0), x(0)), (p(len), x(0))]);
    }
    for i in 0..tree {
        edges.push((x(i), y(i)));
        for child in [2 * i + 1, 2 * i + 2] {
            if child < tree {
                edges.push((y(i), x(child)));
            }
        }
    }
    (root + 2 * tree, edges)
}

/// Every family at about `scale` vertices.
fn families(scale: usize) {
    // corridors, in order and shuffled
    let (n, mut edges) = corridors(scale / 400, 341, scale / 4);
    assert_eq!(certified(n, edges.clone()), n / 2);
    shuffled(n, &mut edges, 2);
    assert_eq!(certified(n, edges), n / 2);
    // paths, even and odd: degree-1 cascades from both ends
    for n in [scale, scale + 1] {
        let edges: Vec<_> = (1..n).map(|i| (i - 1, i)).collect();
        assert_eq!(certified(n, edges), n / 2);
    }
    // cycles, even and odd, in order and shuffled: every vertex folds
    for n in [scale, scale + 1] {
        let mut edges: Vec<_> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        assert_eq!(certified(n, edges.clone()), n / 2);
        shuffled(n, &mut edges, 3);
        assert_eq!(certified(n, edges), n / 2);
    }
    // a triangle strip: each end folds, the folds run along it
    let n = scale | 1;
    let mut edges: Vec<_> = (0..n)
        .flat_map(|i| [(i, i + 1), (i, i + 2)])
        .filter(|&(_, j)| j < n)
        .collect();
    assert_eq!(certified(n, edges.clone()), n / 2);
    shuffled(n, &mut edges, 4);
    assert_eq!(certified(n, edges), n / 2);
    // odd cycles hung on one another: a cycle of 5 on each vertex of a
    // cycle, whose folds make the outer cycle's vertices fold in turn
    let outer = scale / 5;
    let mut edges = Vec::new();
    for i in 0..outer {
        edges.push((i, (i + 1) % outer));
        let first = outer + 4 * i;
        edges.push((i, first));
        for j in 0..3 {
            edges.push((first + j, first + j + 1));
        }
        edges.push((first + 3, i));
    }
    certified(outer * 5, edges);
    // the cascade of hubs, in order and shuffled
    let (n, mut edges) = fold_chain(scale / 8, 4, scale / 2, 7);
    certified(n, edges.clone());
    shuffled(n, &mut edges, 8);
    certified(n, edges);
    // one hub of huge degree folded with many small ones: a star of
    // degree-2 links, each to a vertex of degree 3
    let arms = scale / 4;
    let mut edges = Vec::new();
    for a in 0..arms {
        let (link, end, x, y) = (1 + 4 * a, 2 + 4 * a, 3 + 4 * a, 4 + 4 * a);
        edges.extend([(0, link), (link, end), (end, x), (end, y), (x, y)]);
    }
    certified(1 + 4 * arms, edges);
}

#[test]
fn families_of_ten_thousand_vertices() {
    families(10_000);
}

#[test]
#[ignore = "10^6 vertices: run in release"]
fn families_of_a_million_vertices() {
    families(1_000_000);
}

/// Dense graphs of 13 to 16 vertices (average degree 9 or more, where
/// the engine starts greedily) against brute force, every route.
#[test]
fn dense_graphs_against_brute_force() {
    let mut rng = Rng::new(23);
    let mut dense = 0;
    for _ in 0..300 {
        let n = 13 + rng.below(4);
        let density = 80 + rng.below(21);
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if rng.chance(density) {
                    edges.push((u, v));
                }
            }
        }
        dense += usize::from(2 * edges.len() >= 9 * n);
        check_general_small(n, &edges);
    }
    assert!(dense > 100, "{dense}");
}

/// The dense Karp–Sipser-hard shape (a complete block the start falls
/// into, the perfect matching in two banded blocks) plus a triangle;
/// complete graphs; random dense graphs: certified, and of the size
/// known.
#[test]
fn dense_graphs_certified() {
    fn dense_certified(n: usize, edges: Vec<(usize, usize)>) -> usize {
        let g = Graph::from_edges(n, edges).unwrap();
        assert!(2 * g.edge_count() >= 9 * n);
        let mut size = None;
        for m in [
            Engine::Edmonds.maximum_matching(&g),
            Engine::Auto.maximum_matching(&g),
            bimatch::general::maximum_matching_by_searches(&g),
        ] {
            gallai_edmonds(&g, &m)
                .unwrap()
                .certificate()
                .verify(&g, &m)
                .unwrap();
            assert_eq!(*size.get_or_insert(m.len()), m.len());
        }
        size.unwrap()
    }
    for (h, w) in [(40, 10), (100, 13), (301, 30)] {
        // R1 = 0..h, C1 = h..2h, R2 = 2h..3h, C2 = 3h..4h, a triangle.
        let mut edges = Vec::new();
        for r in 0..h {
            edges.extend((0..h).map(|c| (r, h + c)));
        }
        for i in 0..h {
            for j in 0..w {
                edges.push((2 * h + i, h + (i + j) % h));
                edges.push((3 * h + i, (i + j) % h));
            }
        }
        let t = 4 * h;
        edges.extend([(t, t + 1), (t + 1, t + 2), (t, t + 2)]);
        let mut ids: Vec<usize> = (0..4 * h + 3).collect();
        for shuffle in [false, true] {
            let mut edges = edges.clone();
            if shuffle {
                Rng::new(h as u64).shuffle(&mut ids);
                for e in &mut edges {
                    *e = (ids[e.0], ids[e.1]);
                }
            }
            assert_eq!(dense_certified(4 * h + 3, edges), 2 * h + 1);
        }
    }
    for n in [13, 14, 50, 51, 200] {
        let edges = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .collect();
        assert_eq!(dense_certified(n, edges), n / 2);
    }
    let mut rng = Rng::new(31);
    for _ in 0..20 {
        let n = 100 + rng.below(300);
        let d = 9 + rng.below(40);
        let mut edges = Vec::new();
        for _ in 0..n * d / 2 + n {
            let (u, v) = (rng.below(n), rng.below(n));
            if u != v {
                edges.push((u, v));
            }
        }
        // Some vertices of small degree, which the greedy pass takes first.
        for v in 0..rng.below(10) {
            edges.retain(|&(a, b)| a != v && b != v);
            edges.push((v, n - 1 - v));
        }
        let g = Graph::from_edges(n, edges.clone()).unwrap();
        if 2 * g.edge_count() >= 9 * n {
            dense_certified(n, edges);
        }
    }
}
