//! Matching on several threads with the `parallel` feature:
//! `ParallelPothenFan` in pools of 1–4 threads on random graphs of every
//! density and on the adversarial families, every answer certified by a
//! König cover built here; warm starts; and large boards and banded
//! graphs, where the matching may differ between pools but its size, the
//! non-essential vertices and the Dulmage–Mendelsohn blocks do not, and
//! agree with those read from `Auto`'s (sequential) matching.

#![cfg(feature = "parallel")]

use crate::common::adversarial::{board, chains, core, hub, staircase};
use crate::common::{assert_maximum, brute_force, greedy, random_graph_any_density, Rng};

use bimatch::parallel::with_threads;
use bimatch::{
    dulmage_mendelsohn, non_essential_vertices, Auto, Bipartite, DmDecomposition, HopcroftKarp,
    Matcher, ParallelPothenFan,
};

const POOLS: [usize; 4] = [1, 2, 3, 4];

/// `ParallelPothenFan` in every pool of [`POOLS`]: `size` pairs, and a
/// König cover of that size built by the test (`case` names the graph).
fn certified_in_every_pool(g: &Bipartite, size: usize, case: &str) {
    for t in POOLS {
        let m = with_threads(t, || ParallelPothenFan.maximum_matching(g)).unwrap();
        assert_eq!(m.len(), size, "{case}, {t} threads");
        assert_maximum(g, &m, &format!("{case}, {t} threads"));
    }
}

/// Below 2^14 edges the matcher runs on the calling thread: these test
/// that path in every pool.
#[test]
fn small_random_graphs_against_brute_force_in_every_pool() {
    let mut rng = Rng::new(31);
    for case in 0..300 {
        let g = random_graph_any_density(&mut rng, 12);
        certified_in_every_pool(&g, brute_force(&g), &format!("case {case}"));
    }
}

#[test]
fn larger_random_graphs_are_certified_in_every_pool() {
    let mut rng = Rng::new(32);
    for case in 0..40 {
        // Past 2^14 edges, where the phases share their roots among the
        // pool's threads (smaller graphs run on the calling thread); sparse
        // enough that greedy leaves work and the searches meet.
        let (l, r) = (5000 + rng.below(4000), 4000 + rng.below(5000));
        let degree = 4 + rng.below(4);
        let mut edges = Vec::new();
        for u in 0..l {
            for _ in 0..degree {
                edges.push((u, rng.below(r)));
            }
        }
        let g = Bipartite::from_edges(l, r, edges).unwrap();
        let size = HopcroftKarp.maximum_matching(&g).len();
        certified_in_every_pool(&g, size, &format!("case {case}"));
    }
}

#[test]
fn adversarial_families_are_certified_in_every_pool() {
    let families = [
        chains(120),
        chains(200).shuffled(3),
        staircase(40, 30),
        core(60, 4, 40),
        hub(50, 80),
        board(200, 25, 4),
        board(200, 5, 5).shuffled(6),
    ];
    for f in &families {
        let g = f.graph();
        certified_in_every_pool(&g, HopcroftKarp.maximum_matching(&g).len(), &f.name);
    }
}

#[test]
fn warm_starts_keep_their_vertices_matched() {
    let mut rng = Rng::new(33);
    for case in 0..100 {
        let g = random_graph_any_density(&mut rng, 40);
        let start = greedy(&g);
        let size = HopcroftKarp.maximum_matching(&g).len();
        for t in POOLS {
            let m = with_threads(t, || {
                ParallelPothenFan
                    .maximum_matching_from(&g, start.clone())
                    .unwrap()
            })
            .unwrap();
            assert_eq!(m.len(), size, "case {case}, {t} threads");
            assert_maximum(&g, &m, &format!("case {case}, {t} threads"));
            for (u, v) in start.pairs() {
                assert!(m.left_mate(u).is_some(), "case {case}: {u:?} freed");
                assert!(m.right_mate(v).is_some(), "case {case}: {v:?} freed");
            }
        }
    }
}

#[test]
fn a_start_that_is_not_of_the_graph_is_refused() {
    let g = Bipartite::from_edges(2, 2, [(0, 0), (1, 1)]).unwrap();
    let other = Bipartite::from_edges(2, 2, [(0, 1), (1, 0)]).unwrap();
    let start = HopcroftKarp.maximum_matching(&other);
    assert!(ParallelPothenFan.maximum_matching_from(&g, start).is_err());
}

/// Ten random right neighbours per left vertex within `width` ids of its
/// own position (scaled to the right side): neighbours with nearby ids,
/// where the matcher pays.
fn band(rng: &mut Rng, left: usize, right: usize, width: usize) -> Bipartite {
    let mut edges = Vec::with_capacity(left * 10);
    for u in 0..left {
        let centre = u * right / left;
        for _ in 0..10 {
            let v = (centre + rng.below(2 * width)).saturating_sub(width);
            edges.push((u, v.min(right - 1)));
        }
    }
    Bipartite::from_edges(left, right, edges).unwrap()
}

/// What a Dulmage–Mendelsohn decomposition says whatever maximum matching
/// it was found from: the coarse boundaries, the rank, and the fine blocks
/// as sets of rows and columns (their order within a block, and the order
/// of blocks that do not reach one another, follow the matching).
type Blocks = ([usize; 5], [usize; 5], usize, Vec<(Vec<usize>, Vec<usize>)>);

fn blocks(dm: &DmDecomposition) -> Blocks {
    let mut fine: Vec<(Vec<usize>, Vec<usize>)> = (0..dm.block_count())
        .map(|k| {
            let mut rows: Vec<usize> = dm.p()[dm.r()[k]..dm.r()[k + 1]]
                .iter()
                .map(|u| u.index())
                .collect();
            let mut cols: Vec<usize> = dm.q()[dm.s()[k]..dm.s()[k + 1]]
                .iter()
                .map(|v| v.index())
                .collect();
            rows.sort_unstable();
            cols.sort_unstable();
            (rows, cols)
        })
        .collect();
    fine.sort_unstable();
    (*dm.rr(), *dm.cc(), dm.structural_rank(), fine)
}

/// `ParallelPothenFan` in pools of 1–3 threads: maximum, certified, and
/// the same size, non-essential vertices and decomposition blocks for
/// every pool as from `Auto`'s matching.
fn agrees_in_every_pool(g: &Bipartite) {
    let structure = |m: &bimatch::Matching| {
        (
            m.len(),
            non_essential_vertices(g, m).unwrap(),
            blocks(&dulmage_mendelsohn(g, m).unwrap()),
        )
    };
    let expected = structure(&Auto.maximum_matching(g));
    for t in [1, 2, 3] {
        let m = with_threads(t, || ParallelPothenFan.maximum_matching(g)).unwrap();
        assert_maximum(g, &m, &format!("{t} threads"));
        let got = structure(&m);
        assert_eq!(got.0, expected.0, "{t} threads");
        assert_eq!(got.1, expected.1, "{t} threads");
        assert_eq!(got.2, expected.2, "{t} threads");
    }
}

#[test]
fn banded_graphs_agree_in_every_pool() {
    let mut rng = Rng::new(34);
    // Square: nearly perfect. Tall: a tenth of the left side stays free.
    agrees_in_every_pool(&band(&mut rng, 220_000, 220_000, 1000));
    agrees_in_every_pool(&band(&mut rng, 240_000, 216_000, 1000));
}

#[test]
fn boards_agree_in_every_pool() {
    agrees_in_every_pool(&board(1500, 5, 7).graph());
    agrees_in_every_pool(&board(1000, 25, 8).graph());
}
