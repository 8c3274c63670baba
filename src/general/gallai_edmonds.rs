//! The Gallai–Edmonds decomposition from a maximum matching, by one
//! Edmonds search from every free vertex at once.

use super::blossom::{flip, Blossoms, EVEN, NONE, ODD};
use super::components::{Components, OddComponents};
use super::ears::search_one_root;
use super::forest::{search, Order, Searched};
use super::{Error, Graph, Matching};
use crate::util::{id, idx, UNMATCHED};

/// The Gallai–Edmonds decomposition of a graph: `D` the vertices that some
/// maximum matching leaves unmatched, `A` the neighbours of `D` outside
/// `D`, and `C` the rest.
///
/// Every maximum matching matches `C` perfectly within itself, matches `A`
/// into distinct components of `G[D]`, and leaves exactly one vertex of
/// each other component of `G[D]` unmatched; each component of `G[D]` is
/// odd (factor-critical). `A` is a Tutte–Berge barrier:
/// [`certificate`](Self::certificate) packs it into a proof of maximality.
///
/// Vertex lists are ascending; `contains_*` are O(1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GallaiEdmonds {
    /// 0 for D, 1 for A, 2 for C.
    class: Vec<u8>,
    /// `D`, unless it is the components' list as it stands (each
    /// component's vertices one after the other in `D`).
    d: Option<Vec<usize>>,
    a: Vec<usize>,
    c: Vec<usize>,
    /// The components of `G[D]`, each ascending, in order of their smallest
    /// vertex.
    components: Components,
}

impl GallaiEdmonds {
    /// `D`: the vertices some maximum matching leaves unmatched.
    pub fn d(&self) -> &[usize] {
        self.d.as_deref().unwrap_or(self.components.vertices())
    }

    /// `A`: the neighbours of `D` that are not in `D` (the barrier).
    pub fn a(&self) -> &[usize] {
        &self.a
    }

    /// `C`: the vertices in neither `D` nor `A`.
    pub fn c(&self) -> &[usize] {
        &self.c
    }

    /// Whether `v` is in `D`; false for a vertex outside the graph.
    pub fn contains_d(&self, v: usize) -> bool {
        self.class.get(v) == Some(&0)
    }

    /// Whether `v` is in `A`; false for a vertex outside the graph.
    pub fn contains_a(&self, v: usize) -> bool {
        self.class.get(v) == Some(&1)
    }

    /// Whether `v` is in `C`; false for a vertex outside the graph.
    pub fn contains_c(&self, v: usize) -> bool {
        self.class.get(v) == Some(&2)
    }

    /// The connected components of `G[D]` (each of odd size), each as an
    /// ascending list, in order of their smallest vertex.
    pub fn odd_components(&self) -> OddComponents<'_> {
        self.components.iter()
    }

    /// The size of a maximum matching: `(n − components of G[D] + |A|) / 2`.
    pub fn matching_size(&self) -> usize {
        (self.class.len() + self.a.len() - self.components.len()) / 2
    }

    /// The number of vertices of the graph.
    pub(crate) fn vertex_count(&self) -> usize {
        self.class.len()
    }

    /// The components of `G[D]`.
    pub(crate) fn components(&self) -> &Components {
        &self.components
    }
}

/// The Gallai–Edmonds decomposition of `graph`, from any maximum matching.
///
/// One Edmonds search grows alternating trees from every free vertex at
/// once, shrinking blossoms with union–find; when it stops without
/// augmenting, the outer vertices are `D`, the inner ones `A`, the
/// unreached ones `C`, and the outermost blossoms are the components of
/// `G[D]` (Gallai 1964, Edmonds 1965; the bases and paths as in Gabow 1976).
///
/// # Complexity
///
/// With a perfect matching no search runs: the pairs are checked to be
/// edges and every vertex is in `C`. Otherwise O((V + E)·α(V)) time: one
/// search, which reads the row of every outer vertex once and checks there
/// that its pair is an edge (the pairs it does not reach are looked up
/// after it), and O(V) to list the sets and components. When at most one vertex in 64 is free (few, large
/// trees), the search scans the outer vertices in up to 16 sweeps over
/// the vertex ids, up then down (each reads a bit per vertex), and the
/// rest breadth first: on a graph numbered along its structure the scans
/// then move through memory in order. When exactly one vertex is free,
/// its blossom is first grown by ears of one or two matched pairs, read
/// from the pairs' rows in sweeps over the ids and each row only until it
/// shows a neighbour in the blossom (at most two passes over the
/// adjacency spent on rows that show none); on a factor-critical graph
/// such as a triangular lattice this often takes every vertex, and `D` is
/// then the whole graph without a full search (1.6–1.7× faster on a
/// 501 × 501 lattice); otherwise the search goes on from that blossom. Extra space 13 bytes per
/// vertex for the search and at most 4 for its queue; the answer keeps
/// 17 bytes per vertex and 8 per component of `G[D]` (9 per vertex when
/// each component's vertices follow one another in `D`: one list serves
/// both).
///
/// # Errors
///
/// - [`Error::SizeMismatch`] or [`Error::NotAnEdge`] if `matching` does
///   not belong to `graph`;
/// - [`Error::NotMaximum`] if two trees meet: the error carries that
///   augmenting path. The function never answers from a matching that is
///   not maximum.
///
/// # Testing
///
/// `D` against its definition (ν(G − v) = ν(G), by brute force), `A`,
/// `C` and the components of `G[D]` likewise, and the refusal's path
/// checked to augment, on every graph with at most 7 vertices and random
/// ones up to 12 (`tests/suite/general_small.rs`); `D` against the non-essential
/// vertices on bipartite graphs (`tests/suite/general_bipartite.rs`).
///
/// ```
/// use bimatch::general::{gallai_edmonds, maximum_matching, Graph};
///
/// // a triangle 0-1-2 with two pendant vertices 3 and 4 on vertex 2:
/// // every maximum matching takes 0-1 and one of 2-3, 2-4
/// let g = Graph::from_edges(5, [(0, 1), (1, 2), (2, 0), (2, 3), (2, 4)])?;
/// let m = maximum_matching(&g);
/// let ge = gallai_edmonds(&g, &m)?;
/// assert_eq!(ge.d(), [3, 4]);
/// assert_eq!(ge.a(), [2]);
/// assert_eq!(ge.c(), [0, 1]);
/// assert_eq!(ge.odd_components().collect::<Vec<_>>(), [[3], [4]]);
/// ge.certificate().verify(&g, &m)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn gallai_edmonds(graph: &Graph, matching: &Matching) -> Result<GallaiEdmonds, Error> {
    if matching.mate.len() != graph.vertex_count() {
        return Err(Error::SizeMismatch {
            expected: graph.vertex_count(),
            found: matching.mate.len(),
        });
    }
    // The search reads the row of every outer vertex and sees there
    // whether its pair is an edge; only the pairs it did not read (both
    // ends unreached) are looked up. On any doubt, and before refusing,
    // the full check names the first pair that is not an edge.
    match searched(graph, &matching.mate, order(&matching.mate)) {
        Err(path) => {
            matching.check(graph)?;
            Err(Error::NotMaximum { path })
        }
        Ok(None) => {
            // Perfect: no search ran, so no pair was read.
            matching.check(graph)?;
            Ok(all_in_c(graph.vertex_count()))
        }
        Ok(Some(found)) => {
            if !found.mates_seen || !unreached_pairs_are_edges(graph, &matching.mate, &found.b) {
                matching.check(graph)?;
            }
            Ok(assemble(found))
        }
    }
}

/// Whether every pair of `mate` with both ends unreached by the search is
/// an edge of `graph` (the pairs with an outer end were seen in its row;
/// an inner vertex's mate is outer).
fn unreached_pairs_are_edges(graph: &Graph, mate: &[u32], b: &Blossoms) -> bool {
    b.label.iter().enumerate().all(|(u, &l)| {
        let v = mate[u];
        l != NONE || v == UNMATCHED || idx(v) < u || graph.adj_of(u).contains(&v)
    })
}

/// The order of the search: few roots make few large trees, grown faster
/// in sweeps over the ids (on a lattice with one free vertex, about
/// twice); many roots make small trees, as fast or faster breadth first.
fn order(mate: &[u32]) -> Order {
    let roots = mate.iter().filter(|&&m| m == UNMATCHED).count();
    if roots <= mate.len() / 64 {
        Order::Sweeps
    } else {
        Order::Queue
    }
}

/// The decomposition, or an augmenting path; `mate` a matching of `graph`.
pub(crate) fn decompose(graph: &Graph, mate: &[u32]) -> Result<GallaiEdmonds, Vec<usize>> {
    decompose_in(graph, mate, order(mate))
}

/// [`decompose`] with the forest grown in `order`.
fn decompose_in(graph: &Graph, mate: &[u32], order: Order) -> Result<GallaiEdmonds, Vec<usize>> {
    searched(graph, mate, order).map(|found| found.map_or_else(|| all_in_c(mate.len()), assemble))
}

/// The decomposition of a graph of `n` vertices with a perfect matching:
/// `D` and `A` empty, every vertex in `C`.
fn all_in_c(n: usize) -> GallaiEdmonds {
    GallaiEdmonds {
        class: vec![2; n],
        d: None,
        a: Vec::new(),
        c: (0..n).collect(),
        components: Components::new(vec![0], Vec::new()),
    }
}

/// The search of the decomposition: when the matching leaves exactly one
/// vertex free, from that vertex's blossom grown by ears first (on a
/// factor-critical graph it may take every vertex without reading every
/// row to its end); otherwise from every free vertex at once, in `order`.
/// `None` when the matching is perfect: there is nothing to search, and
/// every vertex is in `C`.
fn searched(graph: &Graph, mate: &[u32], order: Order) -> Result<Option<Searched>, Vec<usize>> {
    let mut free = (0..mate.len()).filter(|&v| mate[v] == UNMATCHED);
    match (free.next(), free.next()) {
        (None, _) => Ok(None),
        (Some(root), None) => search_one_root(graph, mate, id(root), order).map(Some),
        _ => search(graph, mate, order).map(Some),
    }
}

/// The vertices `D` of the game's winner: where the player who places the
/// token wins, on any graph.
///
/// The token moves along edges to vertices never visited; the player who
/// cannot move loses. The player who places the token wins exactly on the
/// vertices some maximum matching leaves unmatched (`D`): from there every
/// move enters a matched vertex and the placer answers along the matching.
/// Returns the whole decomposition; [`GallaiEdmonds::d`] is the answer.
///
/// # Complexity
///
/// That of [`maximum_matching`](super::maximum_matching), plus
/// O((V + E)·α(V)) for the decomposition.
///
/// ```
/// use bimatch::general::{winning_vertices, Graph};
///
/// // a triangle: whoever places the token loses
/// let triangle = Graph::from_edges(3, [(0, 1), (1, 2), (2, 0)])?;
/// assert_eq!(winning_vertices(&triangle).d(), [0, 1, 2]);
/// // a path of two vertices: the mover answers along the edge
/// let edge = Graph::from_edges(2, [(0, 1)])?;
/// assert!(winning_vertices(&edge).d().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn winning_vertices(graph: &Graph) -> GallaiEdmonds {
    let mut mate = super::maximum_matching(graph).mate;
    loop {
        match decompose(graph, &mate) {
            Ok(ge) => return ge,
            // Not reached with a maximum matching; growing along the path
            // keeps the function total all the same.
            Err(path) => flip(&path, &mut mate),
        }
    }
}

/// The three sets and the components of `G[D]` from the final labels and
/// blossoms. When the search ends without augmenting, every edge inside
/// `D` lies inside one blossom (an edge between two outer blossoms would
/// have been shrunk, or would augment), so the components of `G[D]` are
/// the blossoms: no pass over the edges is needed.
///
/// The lists are sized by a count of the labels first; the labels turn
/// into the classes in place. When each blossom's vertices come one after
/// the other in `D` (one blossom, or only single vertices, as on a
/// factor-critical graph or most of a random one), `D` is stored once, as
/// the components' list; otherwise the components come from a counting
/// sort over the numbers of the blossoms, kept in the links' memory.
fn assemble(found: Searched) -> GallaiEdmonds {
    let mut b = found.b;
    let n = b.label.len();
    if found.one_blossom {
        // One component, all of the graph: D is its list.
        b.label.fill(0);
        return GallaiEdmonds {
            class: b.label,
            d: None,
            a: Vec::new(),
            c: Vec::new(),
            components: Components::new(vec![0, n], (0..n).collect()),
        };
    }
    let (mut nd, mut na) = (0, 0);
    for &l in &b.label {
        nd += usize::from(l == EVEN);
        na += usize::from(l == ODD);
    }
    let mut d = Vec::with_capacity(nd);
    let mut a = Vec::with_capacity(na);
    let mut c = Vec::with_capacity(n - nd - na);
    for (v, &l) in b.label.iter().enumerate() {
        match l {
            EVEN => d.push(v),
            ODD => a.push(v),
            _ => c.push(v),
        }
    }
    // The classes in place of the labels: outer 1 → D 0, inner 2 → A 1,
    // not reached 0 → C 2.
    for l in b.label.iter_mut() {
        *l = if *l == NONE { 2 } else { *l - 1 };
    }
    // Number the blossoms in order of their smallest vertex (in the links,
    // no longer needed), counting their sizes; note whether the numbers
    // along D ever go down.
    let number = &mut b.link;
    number.fill(UNMATCHED);
    let mut sizes: Vec<usize> = Vec::new();
    let mut contiguous = true;
    // The blossom of the vertex before and how many in a row were in it
    // (a counter in a register: one blossom often holds most of D).
    let (mut last, mut run) = (UNMATCHED, 0);
    for &v in &d {
        let base = idx(b.base[v]);
        let base = if idx(b.base[base]) == base {
            base
        } else {
            idx(find_in(&mut b.base, id(v)))
        };
        let k = number[base];
        if k == last && k != UNMATCHED {
            run += 1;
            continue;
        }
        if last != UNMATCHED {
            sizes[idx(last)] += run;
        }
        if k == UNMATCHED {
            last = id(sizes.len());
            number[base] = last;
            sizes.push(0);
        } else {
            contiguous = false;
            last = k;
        }
        run = 1;
    }
    if last != UNMATCHED {
        sizes[idx(last)] += run;
    }
    let mut offsets = Vec::with_capacity(sizes.len() + 1);
    offsets.push(0);
    for s in &sizes {
        offsets.push(offsets[offsets.len() - 1] + s);
    }
    let (d, vertices) = if contiguous {
        (None, d)
    } else {
        let mut fill = offsets.clone();
        let mut vertices = vec![0; d.len()];
        for &v in &d {
            let k = idx(number[idx(b.base[v])]);
            vertices[fill[k]] = v;
            fill[k] += 1;
        }
        (Some(d), vertices)
    };
    GallaiEdmonds {
        class: b.label,
        d,
        a,
        c,
        components: Components::new(offsets, vertices),
    }
}

/// The root of `v`'s set in the union–find `base`, the path pointed at it.
fn find_in(base: &mut [u32], v: u32) -> u32 {
    let mut root = base[idx(v)];
    while base[idx(root)] != root {
        root = base[idx(root)];
    }
    let mut v = v;
    while v != root {
        let up = base[idx(v)];
        base[idx(v)] = root;
        v = up;
    }
    root
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_non_maximum_matching_is_refused_with_its_path() {
        let g = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
        let m = Matching::from_pairs(&g, [(1, 2)]).unwrap();
        match gallai_edmonds(&g, &m) {
            Err(Error::NotMaximum { path }) => assert_eq!(path, [3, 2, 1, 0]),
            other => panic!("{other:?}"),
        }
    }

    /// A matching of another graph on the same vertices: the search sees
    /// the pairs that are not edges (in the rows it reads, or among the
    /// pairs it does not reach) and the answer is the full check's error,
    /// the first such pair; when every pair is an edge, the decomposition
    /// or the refusal is that of a matching of the graph.
    #[test]
    fn pairs_that_are_not_edges_are_refused_as_the_check_does() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut refused = 0;
        for round in 0..400 {
            let n = 2 + round % 13;
            let g = random_graph(n, n + round % 7, &mut state);
            let h = random_graph(n, n, &mut state);
            let m = super::super::maximum_matching(&h);
            match (m.check(&g), gallai_edmonds(&g, &m)) {
                (Err(e), got) => {
                    refused += 1;
                    assert_eq!(got, Err(e));
                }
                (Ok(()), Ok(ge)) => ge.certificate().verify(&g, &m).unwrap(),
                (Ok(()), Err(Error::NotMaximum { path })) => {
                    assert!(path.windows(2).all(|e| g.has_edge(e[0], e[1])));
                }
                (Ok(()), Err(e)) => panic!("{e:?}"),
            }
        }
        assert!(refused > 100, "{refused}");
    }

    /// A graph on `n` vertices with `m` random pairs (loops and repeats
    /// dropped by the builder).
    fn random_graph(n: usize, m: usize, state: &mut u64) -> Graph {
        let edges: Vec<(usize, usize)> = (0..m)
            .map(|_| {
                let u = next(state) as usize % n;
                (u, next(state) as usize % n)
            })
            .collect();
        Graph::from_edges(n, edges).unwrap()
    }

    /// A small xorshift generator for the tests' random graphs.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Both orders of the forest give the same decomposition (the labels
    /// do not depend on the order), and it certifies the matching: on
    /// random graphs of many sizes and densities, on odd cycles and paths
    /// with random labels (trees that grow one step a sweep, past the
    /// sweeps' allowance), and on non-maximum matchings (both refuse).
    #[test]
    fn sweeps_and_queue_agree() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut graphs = Vec::new();
        for n in [5usize, 12, 64, 65, 200, 700] {
            for d in [1usize, 2, 3, 6] {
                graphs.push(random_graph(n, n * d / 2, &mut state));
            }
        }
        for n in [129usize, 1001, 2001] {
            let mut label: Vec<usize> = (0..n).collect();
            for i in (1..n).rev() {
                label.swap(i, next(&mut state) as usize % (i + 1));
            }
            let path = (1..n).map(|i| (label[i - 1], label[i]));
            graphs.push(Graph::from_edges(n, path.clone()).unwrap());
            let cycle = path.chain([(label[n - 1], label[0])]);
            graphs.push(Graph::from_edges(n, cycle).unwrap());
        }
        for g in &graphs {
            let m = super::super::maximum_matching(g);
            let queue = decompose_in(g, &m.mate, Order::Queue).unwrap();
            let sweeps = decompose_in(g, &m.mate, Order::Sweeps).unwrap();
            assert_eq!(queue, sweeps);
            sweeps.certificate().verify(g, &m).unwrap();
            // A matching one pair short of maximum: both find a path.
            if let Some((u, v)) = m.pairs().next() {
                let mut mate = m.mate.clone();
                mate[u] = UNMATCHED;
                mate[v] = UNMATCHED;
                let q = decompose_in(g, &mate, Order::Queue).unwrap_err();
                let s = decompose_in(g, &mate, Order::Sweeps).unwrap_err();
                for p in [q, s] {
                    assert_eq!(p.len() % 2, 0);
                    assert!(p.windows(2).all(|e| g.has_edge(e[0], e[1])));
                    assert!(mate[p[0]] == UNMATCHED && mate[p[p.len() - 1]] == UNMATCHED);
                }
            }
        }
    }

    /// A perfect matching skips the search: the answer (every vertex in
    /// `C`) equals the search's from no root, on random graphs with a
    /// perfect matching, even paths and cycles, and complete graphs; and
    /// `gallai_edmonds` still refuses a perfect matching of another graph.
    #[test]
    fn a_perfect_matching_puts_every_vertex_in_c_as_the_search_does() {
        let mut state = 0x3c6e_f372_fe94_f82bu64;
        let mut graphs = Vec::new();
        for n in [2usize, 4, 10, 64, 300] {
            for d in [2usize, 4, 8] {
                graphs.push(random_graph(n, n * d / 2, &mut state));
            }
            graphs.push(Graph::from_edges(n, (1..n).map(|i| (i - 1, i))).unwrap());
            graphs.push(Graph::from_edges(n, (0..n).map(|i| (i, (i + 1) % n))).unwrap());
        }
        graphs
            .push(Graph::from_edges(8, (0..8).flat_map(|u| (0..u).map(move |v| (u, v)))).unwrap());
        let mut perfect = 0;
        for g in &graphs {
            let m = super::super::maximum_matching(g);
            if 2 * m.len() != g.vertex_count() {
                continue;
            }
            perfect += 1;
            let searched = search(g, &m.mate, Order::Queue).map(assemble).unwrap();
            let skipped = gallai_edmonds(g, &m).unwrap();
            assert_eq!(skipped, searched);
            assert_eq!(skipped, decompose(g, &m.mate).unwrap());
            assert_eq!(skipped.c().len(), g.vertex_count());
            skipped.certificate().verify(g, &m).unwrap();
            // The pairs shifted along the vertices: mostly not edges.
            let n = g.vertex_count();
            let other = Graph::from_edges(n, (0..n / 2).map(|i| (2 * i, (2 * i + 3) % n))).unwrap();
            let shifted = super::super::maximum_matching(&other);
            if 2 * shifted.len() == n {
                assert_eq!(gallai_edmonds(g, &shifted).err(), shifted.check(g).err());
            }
        }
        assert!(
            perfect >= 10,
            "only {perfect} graphs with a perfect matching"
        );
    }

    /// A triangular lattice of `rows` × `cols` vertices, numbered row by
    /// row or through `label`.
    fn lattice(rows: usize, cols: usize, label: &[usize]) -> Graph {
        let at = |r: usize, c: usize| label[r * cols + c];
        let mut edges = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if c + 1 < cols {
                    edges.push((at(r, c), at(r, c + 1)));
                }
                if r + 1 < rows {
                    edges.push((at(r, c), at(r + 1, c)));
                    if c + 1 < cols {
                        edges.push((at(r, c), at(r + 1, c + 1)));
                    }
                }
            }
        }
        Graph::from_edges(rows * cols, edges).unwrap()
    }

    /// With one free vertex the search starts from ears swept in from the
    /// pairs' rows: the decomposition equals the plain search's on
    /// lattices numbered in order (every vertex taken) and shuffled (the
    /// sweeps stop and hand over), odd cycles, trees with a pendant pair
    /// (`A` not empty), random graphs, every free vertex of each graph in
    /// turn moved by flipping an even alternating path; and a matching
    /// whose pairs are not all edges is refused as the check does.
    #[test]
    fn ears_from_one_free_vertex_agree_with_the_search() {
        let mut state = 0x6a09_e667_f3bc_c909u64;
        let mut graphs = Vec::new();
        for (rows, cols) in [(3usize, 3usize), (5, 7), (21, 21), (31, 17)] {
            let order: Vec<usize> = (0..rows * cols).collect();
            graphs.push(lattice(rows, cols, &order));
            let mut shuffled = order.clone();
            for i in (1..shuffled.len()).rev() {
                shuffled.swap(i, next(&mut state) as usize % (i + 1));
            }
            graphs.push(lattice(rows, cols, &shuffled));
        }
        for n in [3usize, 9, 101] {
            graphs.push(Graph::from_edges(n, (0..n).map(|i| (i, (i + 1) % n))).unwrap());
        }
        graphs.push(Graph::from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 4)]).unwrap());
        graphs.push(
            Graph::from_edges(7, [(0, 1), (0, 2), (0, 3), (3, 4), (4, 5), (5, 6), (6, 4)]).unwrap(),
        );
        for n in [7usize, 15, 33, 129] {
            for d in [2usize, 3, 5] {
                graphs.push(random_graph(n, n * d / 2, &mut state));
            }
        }
        let mut one_free = 0;
        let mut taken_whole = 0;
        for g in &graphs {
            let m = super::super::maximum_matching(g);
            let plain = |mate: &[u32]| search(g, mate, Order::Sweeps).map(assemble);
            // Each vertex of D in turn as the free one (flip the even
            // alternating path to it): many roots and matchings.
            let ge = plain(&m.mate).unwrap();
            for &v in ge.d().iter().take(12) {
                let mut mate = m.mate.clone();
                let free: Vec<usize> = (0..mate.len()).filter(|&u| mate[u] == UNMATCHED).collect();
                if free.len() != 1 {
                    break;
                }
                one_free += 1;
                if mate[v] != UNMATCHED {
                    // v in D: some maximum matching misses it; build one
                    // by brute force from the other pairs is costly, so
                    // take the plain search's path: unmatch v's pair and
                    // let the root's search rematch its mate.
                    let w = idx(mate[v]);
                    mate[v] = UNMATCHED;
                    mate[w] = UNMATCHED;
                    match plain(&mate) {
                        Err(path) => {
                            flip(&path, &mut mate);
                            if mate[v] != UNMATCHED {
                                continue;
                            }
                        }
                        Ok(_) => unreachable!("a pair removed leaves a shorter matching"),
                    }
                }
                let found = searched(g, &mate, Order::Sweeps)
                    .unwrap()
                    .expect("v is free");
                taken_whole += usize::from(found.one_blossom);
                let got = assemble(found);
                assert_eq!(got, plain(&mate).unwrap());
                let matching = Matching::from_mates(mate.clone());
                got.certificate().verify(g, &matching).unwrap();
                // The same matching with one pair swapped for a pair that
                // is not an edge: refused with the check's error.
                if let Some((a, b2)) = matching.pairs().next() {
                    let c = (0..mate.len())
                        .find(|&c| c != a && c != b2 && mate[c] != UNMATCHED && !g.has_edge(a, c));
                    if let Some(c) = c {
                        let d = idx(mate[c]);
                        let mut bad = mate.clone();
                        bad[a] = id(c);
                        bad[c] = id(a);
                        bad[b2] = id(d);
                        bad[d] = id(b2);
                        let bad = Matching::from_mates(bad);
                        let expected = bad.check(g).unwrap_err();
                        assert_eq!(gallai_edmonds(g, &bad), Err(expected));
                    }
                }
            }
        }
        assert!(one_free > 100, "{one_free}");
        assert!(
            taken_whole >= 3 && taken_whole < one_free,
            "{taken_whole} of {one_free}"
        );
    }
}
