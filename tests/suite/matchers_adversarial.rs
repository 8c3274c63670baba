//! Every matcher, from scratch and from warm starts, on small instances of
//! the adversarial families of `tests/common/adversarial.rs`: dense cores
//! with few exits, hubs with long paths, chains and staircases numbered
//! against first-fit, boards, isolated padding, shuffled ids and unbalanced
//! sides. Each answer is checked against a König cover of the same size,
//! verified here edge by edge, and against the size the construction fixes.

use crate::common::adversarial::{board, chains, core, hub, staircase, uniform, Family};
use crate::common::{assert_maximum, greedy};
use bimatch::{Bipartite, Left, MatcherKind, Matching, Right};

/// Small instances of every family and modifier (at most a few thousand
/// vertices, so that the debug-mode run stays short).
fn tiny() -> Vec<Family> {
    vec![
        uniform(300, 300, 900, 1),
        uniform(300, 300, 900, 1).padded(500),
        board(30, 25, 2),
        chains(20),
        chains(20).shuffled(3),
        staircase(30, 6),
        staircase(30, 6).shuffled(4),
        // Scattered ids past the default's locality test (its chain
        // reactions), alone and beside a perfect matching of new vertices.
        staircase(4000, 5).shuffled(13),
        staircase(4000, 5).shuffled(14).with_perfect(20_000),
        core(20, 3, 4),
        core(20, 3, 4).shuffled(5),
        core(20, 3, 4).padded(300),
        core(20, 3, 4).with_perfect(300),
        core(20, 3, 4).with_perfect(300).shuffled(6),
        hub(20, 20),
        hub(20, 20).shuffled(7),
        uniform(50, 800, 200, 8),
        uniform(800, 50, 200, 9),
        uniform(50, 800, 50, 10).shuffled(11),
        uniform(0, 5, 0, 12),
    ]
}

/// Mid-sized instances (10^5–10^6 edges) for the release-mode run.
fn large() -> Vec<Family> {
    vec![
        core(300, 6, 50).padded(100_000),
        core(300, 6, 50).with_perfect(100_000).shuffled(21),
        hub(300, 300).shuffled(22),
        staircase(10_000, 10).shuffled(23),
        chains(447).shuffled(24),
        uniform(100_000, 100_000, 300_000, 25).padded(100_000),
        uniform(10_000, 100_000, 40_000, 26),
        board(700, 30, 27),
    ]
}

/// Every third pair of `m`: a start that is neither empty nor maximal.
fn thinned(g: &Bipartite, m: &Matching) -> Matching {
    let pairs: Vec<(Left, Right)> = m.pairs().step_by(3).collect();
    Matching::from_pairs(g, pairs).unwrap()
}

fn check_family(family: &Family) {
    let name = &family.name;
    let g = family.graph();
    let mut size = None;
    for matcher in MatcherKind::ALL.iter().map(|k| k.matcher()) {
        let ctx = format!("{name} / {}", matcher.name());
        let m = matcher.maximum_matching(&g);
        assert_maximum(&g, &m, &ctx);
        assert_eq!(*size.get_or_insert(m.len()), m.len(), "{ctx}: sizes differ");
        if let Some(known) = family.size {
            assert_eq!(m.len(), known, "{ctx}: the size the construction fixes");
        }
        let starts = [Matching::empty(&g), greedy(&g), thinned(&g, &m)];
        for (k, start) in starts.into_iter().enumerate() {
            let ctx = format!("{ctx}, warm start {k}");
            let grown = matcher.maximum_matching_from(&g, start.clone()).unwrap();
            assert_maximum(&g, &grown, &ctx);
            assert_eq!(grown.len(), m.len(), "{ctx}");
            for (u, v) in start.pairs() {
                assert!(grown.left_mate(u).is_some(), "{ctx}: {u} lost its mate");
                assert!(grown.right_mate(v).is_some(), "{ctx}: {v} lost its mate");
            }
        }
    }
}

#[test]
fn every_matcher_is_maximum_on_every_family() {
    for family in tiny() {
        check_family(&family);
    }
}

#[test]
fn families_are_what_their_constructions_say() {
    let sizes = |f: &Family| (f.left, f.right, f.edges.len());
    // Core 20 + 3 + 1 left (and 3 inner left vertices per exit) by 20
    // right and 4 per exit: one core vertex stays free.
    let c = core(20, 3, 4);
    assert_eq!(sizes(&c), (24 + 9, 20 + 12, 24 * 20 + 3 * (1 + 2 * 3)));
    assert_eq!(c.size, Some(c.left - 1));
    assert_eq!(c.clone().padded(300).size, c.size);
    assert_eq!(c.clone().with_perfect(300).size, Some(32 + 300));
    assert_eq!(sizes(&hub(20, 20)), (400, 401, 20 + 20 * 20 + 20 * 19));
    assert_eq!(sizes(&chains(20)), (210, 210, 2 * 210 - 20));
    assert_eq!(sizes(&staircase(30, 6)).2, 30 * 21 + 29 * 15);
    // First-fit greedy is as bad as the chains are built to make it: one
    // short on every chain of two or more.
    let g = chains(20).graph();
    assert_eq!(greedy(&g).len(), 210 - 19);
    // Shuffling renumbers: the same edges up to the permutations, so the
    // degree sequences agree as multisets.
    let degrees = |f: &Family| {
        let mut d = vec![0usize; f.left];
        f.edges.iter().for_each(|&(u, _)| d[u] += 1);
        d.sort_unstable();
        d
    };
    let plain = staircase(30, 6);
    let shuffled = plain.clone().shuffled(4);
    assert_eq!(sizes(&plain), sizes(&shuffled));
    assert_eq!(degrees(&plain), degrees(&shuffled));
    assert_ne!(plain.edges, shuffled.edges);
}

#[test]
#[ignore = "large: run in release mode (cargo test --release -- --ignored)"]
fn every_matcher_is_maximum_on_large_adversaries() {
    for family in large() {
        check_family(&family);
    }
}
