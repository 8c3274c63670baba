//! Every matcher, from scratch and from warm starts, on small instances of
//! every benchmark family (`benches/families.rs`): the adversaries of
//! push-relabel (dense cores with few exits, hubs with long paths,
//! isolated padding), the families of Cherkassky et al. (1998), plain and
//! shuffled, and unbalanced sides. Each answer is checked against a König
//! cover of the same size, verified here edge by edge.

#[path = "../benches/families.rs"]
mod families;

use bimatch::{minimum_vertex_cover, Auto, Bipartite, Left, Matcher, MatcherKind, Matching, Right};

/// Small instances of every family and modifier (at most a few thousand
/// vertices, so that the debug-mode run stays short).
const TINY: &[&str] = &[
    "rand-n300-d3",
    "rand-n300-d3-pad500",
    "grid-30-p25",
    "gridsnake-30",
    "chains-k20",
    "chainsperm-k20",
    "chains-k20-x3",
    "chainsperm-k20-x3",
    "plaw-n500",
    "cg-hexa-n400",
    "cg-hexa-n400-shuf",
    "cg-fewg-n640-d3",
    "cg-fewg-n640-d3-shuf",
    "cg-manyg-n1024-d3-shuf",
    "cg-grid-n400",
    "cg-grid-n400-shuf",
    "cg-tight-n640-d2",
    "cg-tight-n640-d2-shuf",
    "cg-rope-n400-k8-d2",
    "cg-rope-n400-k8-d2-shuf",
    "cg-zipf-n500-d4",
    "cg-zipf-n500-d4-shuf",
    "cg-hilo-g30-k6",
    "cg-hilo-g30-k6-shuf",
    "core-s20-k3-l4",
    "core-s20-k3-l4-shuf",
    "core-s20-k3-l4-pad300",
    "core-s20-k3-l4-pm300",
    "core-s20-k3-l4-pm300-shuf",
    "hub-p20-l20",
    "hub-p20-l20-shuf",
    "unbal-l50-r800-d4",
    "unbal-l800-r50-d4",
    "unbal-l50-r800-d1-shuf",
];

/// Mid-sized instances (10^5–10^6 edges) for the release-mode run.
const LARGE: &[&str] = &[
    "core-s300-k6-l50-pad1e5",
    "core-s300-k6-l50-pm1e5-shuf",
    "hub-p300-l300-shuf",
    "cg-hilo-g1e4-k10-shuf",
    "cg-rope-n1e5-k16-d3-shuf",
    "chainsperm-k447-x3",
    "rand-n1e5-d3-pad1e5",
    "unbal-l1e4-r1e5-d4",
];

fn graph(name: &str) -> Bipartite {
    let (l, r, edges) = families::generate(name).unwrap_or_else(|| panic!("no family {name}"));
    Bipartite::from_edges(
        l,
        r,
        edges.into_iter().map(|(u, v)| (u as usize, v as usize)),
    )
    .unwrap()
}

/// `m` is a matching of `g` and a vertex cover of its size exists: every
/// edge has an end in the cover (checked here), so no larger matching does.
fn assert_maximum(g: &Bipartite, m: &Matching, ctx: &str) {
    m.check(g)
        .unwrap_or_else(|e| panic!("{ctx}: not a matching: {e}"));
    let cover = minimum_vertex_cover(g, m).unwrap_or_else(|e| panic!("{ctx}: {e}"));
    assert_eq!(cover.len(), m.len(), "{ctx}: cover size");
    let mut in_left = vec![false; g.left_count()];
    let mut in_right = vec![false; g.right_count()];
    cover.left().iter().for_each(|u| in_left[u.index()] = true);
    cover
        .right()
        .iter()
        .for_each(|v| in_right[v.index()] = true);
    for (u, v) in g.edges() {
        assert!(
            in_left[u.index()] || in_right[v.index()],
            "{ctx}: edge {u}–{v} is not covered"
        );
    }
}

/// First-fit greedy, written here: each left vertex in order takes its
/// first free neighbour (the usual poor start).
fn greedy(g: &Bipartite) -> Matching {
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

/// Every third pair of `m`: a start that is neither empty nor maximal.
fn thinned(g: &Bipartite, m: &Matching) -> Matching {
    let pairs: Vec<(Left, Right)> = m.pairs().step_by(3).collect();
    Matching::from_pairs(g, pairs).unwrap()
}

fn check_family(name: &str) {
    let g = graph(name);
    let mut size = None;
    for matcher in MatcherKind::ALL.iter().map(|k| k.matcher()) {
        let ctx = format!("{name} / {}", matcher.name());
        let m = matcher.maximum_matching(&g);
        assert_maximum(&g, &m, &ctx);
        assert_eq!(*size.get_or_insert(m.len()), m.len(), "{ctx}: sizes differ");
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
    for name in TINY {
        check_family(name);
    }
}

#[test]
fn families_are_what_their_names_say() {
    // Sizes the constructions fix exactly.
    let sizes = |name: &str| {
        let (l, r, e) = families::generate(name).unwrap();
        (l, r, e.len())
    };
    // Core 20 + 3 + 1 left by 20 right, exits of 4, 8 and 12 steps.
    assert_eq!(
        sizes("core-s20-k3-l4"),
        (24 + 24, 20 + 27, 24 * 20 + 3 + 2 * 24)
    );
    assert_eq!(sizes("hub-p20-l20"), (20 * 21, 1 + 20 * 20, 20 * 41));
    assert_eq!(sizes("chains-k20").0, 210);
    assert_eq!(sizes("cg-hilo-g30-k6"), (180, 180, 29 * 6 * 7 + 21));
    let (l, r, e) = sizes("core-s20-k3-l4-pad300");
    assert_eq!((l, r, e), (348, 347, 24 * 20 + 3 + 2 * 24));
    assert_eq!(sizes("core-s20-k3-l4-pm300").2, 24 * 20 + 3 + 2 * 24 + 300);
    // Shuffling renumbers, it does not change the graph's size.
    assert_eq!(sizes("cg-grid-n400").2, sizes("cg-grid-n400-shuf").2);
    // The same name gives the same graph; another seed another graph.
    assert_eq!(
        families::generate("rand-n300-d3"),
        families::generate("rand-n300-d3")
    );
    assert_ne!(
        families::generate("rand-n300-d3"),
        families::generate("rand-n301-d3")
    );
    for bad in [
        "",
        "rand",
        "rand-n1e5",
        "rand-x5-d3",
        "cg-hexa",
        "nope-n5",
        "rand-n1e99-d3",
    ] {
        assert!(families::generate(bad).is_none(), "{bad:?}");
    }
    // One core vertex stays free: the matching is one short of the left side.
    let g = graph("core-s20-k3-l4");
    assert_eq!(Auto.maximum_matching(&g).len(), g.left_count() - 1);
    let g = graph("hub-p20-l20");
    assert_eq!(Auto.maximum_matching(&g).len(), 20 * 20 + 1);
}

#[test]
fn every_listed_family_generates() {
    for name in families::SMALL {
        let (l, r, edges) = families::generate(name).unwrap_or_else(|| panic!("{name}"));
        assert!(
            edges
                .iter()
                .all(|&(u, v)| (u as usize) < l && (v as usize) < r),
            "{name}"
        );
        assert!(
            edges.windows(2).all(|w| w[0] < w[1]),
            "{name}: sorted, no repeats"
        );
    }
    let mut names: Vec<&str> = families::HARNESS.to_vec();
    names.sort_unstable();
    names.dedup();
    assert_eq!(
        names.len(),
        families::HARNESS.len(),
        "a workload is listed twice"
    );
}

#[test]
#[ignore = "large: run in release mode (cargo test --release -- --ignored)"]
fn every_matcher_is_maximum_on_large_adversaries() {
    for name in LARGE {
        check_family(name);
    }
}
