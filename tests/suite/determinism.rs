//! The same input gives the same answers on every run. Each matcher runs
//! twice on a graph: the matching, every set and the decomposition must be
//! identical; and the graph built from the same edges shuffled must be the
//! one a model of the edge set gives. Then the vertices themselves are
//! shuffled and the answers mapped back ("unshuffled"): everything that
//! does not depend on the choice of matching must come back the same.

use crate::common;

use bimatch::game::{winning_starts, Grid};
use bimatch::{
    dulmage_mendelsohn, maximum_independent_set, minimum_vertex_cover, non_essential_vertices,
    Bipartite, Left, Matcher, Right,
};
use common::{Rng, MATCHERS};

/// A decomposition as plain values: p, q, r, s, cc, rr.
type Dm = (
    Vec<usize>,
    Vec<usize>,
    Vec<usize>,
    Vec<usize>,
    [usize; 5],
    [usize; 5],
);

/// A graph as its side sizes and edges.
type Edges = (usize, usize, Vec<(usize, usize)>);

/// Everything the crate computes from a graph with one matcher, as
/// comparable plain values.
#[derive(Debug, PartialEq, Eq)]
struct Answers {
    pairs: Vec<(usize, usize)>,
    non_essential: (Vec<usize>, Vec<usize>),
    cover: (Vec<usize>, Vec<usize>),
    independent: (Vec<usize>, Vec<usize>),
    /// p, q, r, s, cc, rr.
    dm: Dm,
    certificate: (Vec<usize>, Vec<usize>),
}

fn lefts(v: &[Left]) -> Vec<usize> {
    v.iter().map(|x| x.index()).collect()
}

fn rights(v: &[Right]) -> Vec<usize> {
    v.iter().map(|x| x.index()).collect()
}

fn answers(g: &Bipartite, matcher: &dyn Matcher) -> Answers {
    let m = matcher.maximum_matching(g);
    let ne = non_essential_vertices(g, &m).unwrap();
    let cover = minimum_vertex_cover(g, &m).unwrap();
    let independent = maximum_independent_set(g, &m).unwrap();
    let dm = dulmage_mendelsohn(g, &m).unwrap();
    let certificate = bimatch::certify(g, &m).unwrap();
    certificate.verify(g, &m).unwrap();
    Answers {
        pairs: m.pairs().map(|(u, v)| (u.index(), v.index())).collect(),
        non_essential: (lefts(ne.left()), rights(ne.right())),
        cover: (lefts(cover.left()), rights(cover.right())),
        independent: (lefts(independent.left()), rights(independent.right())),
        dm: (
            lefts(dm.p()),
            rights(dm.q()),
            dm.r().to_vec(),
            dm.s().to_vec(),
            *dm.cc(),
            *dm.rr(),
        ),
        certificate: (
            lefts(certificate.cover().left()),
            rights(certificate.cover().right()),
        ),
    }
}

/// Random graphs with planted long alternating structure: a ladder of
/// random length plus random extra edges, some repeated.
fn graphs() -> Vec<Edges> {
    let mut rng = Rng::new(2024);
    let mut out = Vec::new();
    for _ in 0..40 {
        let l = 1 + rng.below(60);
        let r = 1 + rng.below(60);
        let mut edges = Vec::new();
        for i in 0..l.min(r) {
            edges.push((i, i));
            if i + 1 < r {
                edges.push((i, i + 1));
            }
        }
        for _ in 0..rng.below(3 * (l + r)) {
            edges.push((rng.below(l), rng.below(r)));
        }
        let repeats = rng.below(5);
        for k in 0..repeats.min(edges.len()) {
            edges.push(edges[k]);
        }
        out.push((l, r, edges));
    }
    out
}

#[test]
fn each_matcher_gives_identical_answers_twice_and_on_shuffled_edges() {
    let mut rng = Rng::new(7);
    for (l, r, edges) in graphs() {
        let g = Bipartite::from_edges(l, r, edges.iter().copied()).unwrap();
        let mut shuffled = edges.clone();
        rng.shuffle(&mut shuffled);
        let h = Bipartite::from_edges(l, r, shuffled.iter().copied()).unwrap();
        // The graph is the model's whatever the edge order; equal graphs
        // then give equal answers by the second-run check below.
        common::assert_graph_is(&h, l, r, &shuffled);
        assert_eq!(g, h, "the graph does not depend on the edge order");
        for matcher in MATCHERS {
            let first = answers(&g, matcher);
            assert_eq!(
                answers(&g, matcher),
                first,
                "{}: second run",
                matcher.name()
            );
        }
    }
}

/// A permutation of `0..n` and its inverse.
fn permutation(rng: &mut Rng, n: usize) -> (Vec<usize>, Vec<usize>) {
    let mut p: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut p);
    let mut inverse = vec![0; n];
    for (i, &x) in p.iter().enumerate() {
        inverse[x] = i;
    }
    (p, inverse)
}

fn sorted(mut v: Vec<usize>) -> Vec<usize> {
    v.sort_unstable();
    v
}

#[test]
fn answers_that_do_not_depend_on_the_matching_survive_relabelling() {
    let mut rng = Rng::new(99);
    for (l, r, edges) in graphs() {
        let g = Bipartite::from_edges(l, r, edges.iter().copied()).unwrap();
        let (pl, il) = permutation(&mut rng, l);
        let (pr, ir) = permutation(&mut rng, r);
        let h = Bipartite::from_edges(l, r, edges.iter().map(|&(u, v)| (pl[u], pr[v]))).unwrap();
        for matcher in MATCHERS {
            let a = answers(&g, matcher);
            let b = answers(&h, matcher);
            let name = matcher.name();
            assert_eq!(a.pairs.len(), b.pairs.len(), "{name}");
            // Non-essential vertices are the same vertices, whatever
            // matching found them.
            let back_left = sorted(b.non_essential.0.iter().map(|&u| il[u]).collect());
            let back_right = sorted(b.non_essential.1.iter().map(|&v| ir[v]).collect());
            assert_eq!((back_left, back_right), a.non_essential, "{name}");
            // The coarse Dulmage–Mendelsohn parts are the same vertex sets.
            let (p_a, q_a, _, _, cc_a, rr_a) = &a.dm;
            let (p_b, q_b, _, _, cc_b, rr_b) = &b.dm;
            assert_eq!((cc_a, rr_a), (cc_b, rr_b), "{name}");
            // Which rows are matched inside the vertical part (R3 or R0), and
            // which columns inside the horizontal part (C1 or C0), depends on
            // the matching; the unions do not.
            for (k, (lo, hi)) in [(0, 1), (1, 2), (2, 4)].into_iter().enumerate() {
                let rows_a = sorted(p_a[rr_a[lo]..rr_a[hi]].to_vec());
                let rows_b = sorted(p_b[rr_b[lo]..rr_b[hi]].iter().map(|&u| il[u]).collect());
                assert_eq!(rows_a, rows_b, "{name}: row part {k}");
            }
            for (k, (lo, hi)) in [(0, 2), (2, 3), (3, 4)].into_iter().enumerate() {
                let cols_a = sorted(q_a[cc_a[lo]..cc_a[hi]].to_vec());
                let cols_b = sorted(q_b[cc_b[lo]..cc_b[hi]].iter().map(|&v| ir[v]).collect());
                assert_eq!(cols_a, cols_b, "{name}: column part {k}");
            }
            // The fine blocks are the same sets of rows, in some order.
            let blocks = |p: &[usize], rows: &[usize], map: &dyn Fn(usize) -> usize| {
                let mut out: Vec<Vec<usize>> = rows
                    .windows(2)
                    .map(|w| sorted(p[w[0]..w[1]].iter().map(|&u| map(u)).collect()))
                    .collect();
                out.sort();
                out
            };
            assert_eq!(
                blocks(p_a, &a.dm.2, &|u| u),
                blocks(p_b, &b.dm.2, &|u| il[u]),
                "{name}: fine blocks"
            );
        }
    }
}

#[test]
fn winning_starts_are_the_same_on_every_run_and_follow_the_board_when_mirrored() {
    let mut rng = Rng::new(5);
    for _ in 0..30 {
        let (rows, cols) = (1 + rng.below(12), 1 + rng.below(12));
        let cells: Vec<bool> = (0..rows * cols).map(|_| rng.chance(75)).collect();
        let grid = Grid::from_fn(rows, cols, |r, c| cells[r * cols + c]).unwrap();
        let starts = winning_starts(&grid);
        assert_eq!(winning_starts(&grid), starts);
        // Text round trip, with CRLF: the same board, the same answer.
        let crlf = grid.to_string().replace('\n', "\r\n");
        assert_eq!(winning_starts(&crlf.parse::<Grid>().unwrap()), starts);
        // Mirror and transpose the board, then map the answer back.
        let mirrored = Grid::from_fn(rows, cols, |r, c| cells[r * cols + (cols - 1 - c)]).unwrap();
        let back = sorted_cells(
            winning_starts(&mirrored)
                .into_iter()
                .map(|(r, c)| (r, cols - 1 - c))
                .collect(),
        );
        assert_eq!(back, starts, "mirrored");
        let transposed = Grid::from_fn(cols, rows, |r, c| cells[c * cols + r]).unwrap();
        let back = sorted_cells(
            winning_starts(&transposed)
                .into_iter()
                .map(|(r, c)| (c, r))
                .collect(),
        );
        assert_eq!(back, starts, "transposed");
    }
}

fn sorted_cells(mut v: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    v.sort_unstable();
    v
}
