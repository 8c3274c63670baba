//! The general wing's inputs and iterators: self-loops accepted and
//! ignored (checked against a brute force that sees them), edge lists of
//! every index type and by reference giving one graph, and the named
//! iterators' lengths against what they yield.

use crate::common;

use bimatch::general::{
    gallai_edmonds, maximum_matching, maximum_matching_by_searches, Engine, Error, Graph, Matching,
};
use common::{check_general_small, general_nu_table, Rng};

/// A random graph on `n` vertices with loops sprinkled in, as the list
/// with the loops and the list without them.
type EdgeList = Vec<(usize, usize)>;

fn with_and_without_loops(rng: &mut Rng, n: usize) -> (EdgeList, EdgeList) {
    let density = rng.below(70) + 5;
    let mut plain = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.chance(density) {
                plain.push(if rng.chance(50) { (u, v) } else { (v, u) });
            }
        }
    }
    let mut looped = plain.clone();
    for _ in 0..rng.below(n + 1) {
        let v = rng.below(n);
        looped.push((v, v));
    }
    rng.shuffle(&mut looped);
    (looped, plain)
}

#[test]
fn self_loops_are_ignored_and_change_no_answer() {
    let mut rng = Rng::new(2024);
    let mut with_loops = 0;
    for _ in 0..1500 {
        let n = rng.below(11) + 1;
        let (looped, plain) = with_and_without_loops(&mut rng, n);
        let g = Graph::from_edges(n, &looped).unwrap();
        assert_eq!(g, Graph::from_edges(n, &plain).unwrap(), "{looped:?}");
        assert!((0..n).all(|v| !g.has_edge(v, v)));
        let distinct: std::collections::HashSet<(usize, usize)> =
            plain.iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
        assert_eq!(g.edge_count(), distinct.len());
        // The brute force sees the loops as given: ν and D by definition.
        let mut adj = vec![0u32; n];
        for &(u, v) in &looped {
            adj[u] |= 1 << v;
            adj[v] |= 1 << u;
        }
        with_loops += usize::from(looped.len() > plain.len());
        let table = general_nu_table(&adj);
        let full = (1usize << n) - 1;
        let nu = usize::from(table[full]);
        let d: Vec<usize> = (0..n)
            .filter(|&v| usize::from(table[full & !(1 << v)]) == nu)
            .collect();
        for m in [
            maximum_matching(&g),
            Engine::Edmonds.maximum_matching(&g),
            maximum_matching_by_searches(&g),
        ] {
            assert_eq!(m.len(), nu, "{looped:?}");
            assert!(m.pairs().all(|(u, v)| u != v));
            let ge = gallai_edmonds(&g, &m).unwrap();
            assert_eq!(ge.d(), d, "{looped:?}");
            ge.certificate().verify(&g, &m).unwrap();
        }
        // and every other check of the wing, on the list with the loops
        assert_eq!(check_general_small(n, &looped), nu);
    }
    assert!(with_loops > 1000, "{with_loops}");
}

#[test]
fn a_loop_is_never_a_matched_pair() {
    let g = Graph::from_edges(2, [(0, 0), (0, 1), (1, 1)]).unwrap();
    assert_eq!(g.edge_count(), 1);
    assert!(matches!(
        Matching::from_pairs(&g, [(1, 1)]),
        Err(Error::NotAnEdge { u: 1, v: 1, .. })
    ));
    let only_loops = Graph::from_edges(3, [(2, 2), (0, 0)]).unwrap();
    assert_eq!(only_loops, Graph::from_edges(3, [(0, 1); 0]).unwrap());
    assert_eq!(
        gallai_edmonds(&only_loops, &maximum_matching(&only_loops))
            .unwrap()
            .d(),
        [0, 1, 2]
    );
}

#[test]
fn every_index_type_and_by_reference_give_one_graph() {
    let edges = [(0usize, 1usize), (3, 2), (1, 2), (2, 1), (4, 0)];
    let want = Graph::from_edges(5, edges).unwrap();
    let as_u32: Vec<(u32, u32)> = edges.iter().map(|&(u, v)| (u as u32, v as u32)).collect();
    let as_i64: Vec<(i64, i64)> = edges.iter().map(|&(u, v)| (u as i64, v as i64)).collect();
    let as_u16: Vec<(u16, u8)> = edges.iter().map(|&(u, v)| (u as u16, v as u8)).collect();
    assert_eq!(Graph::from_edges(5, edges.iter()).unwrap(), want);
    let slice: &[(usize, usize)] = &edges;
    assert_eq!(Graph::from_edges(5, slice).unwrap(), want);
    assert_eq!(Graph::from_edges(5, edges.to_vec()).unwrap(), want);
    assert_eq!(Graph::from_edges(5, &as_u32).unwrap(), want);
    assert_eq!(Graph::from_edges(5, as_u32.clone()).unwrap(), want);
    assert_eq!(Graph::from_edges(5, as_u32.iter().copied()).unwrap(), want);
    assert_eq!(Graph::from_edges(5, &as_i64).unwrap(), want);
    assert_eq!(Graph::from_edges(5, &as_u16).unwrap(), want);
    // the same errors, whatever the type
    let e = Graph::from_edges(5, [(0u32, 1u32), (5, 1)]).unwrap_err();
    assert_eq!(e.to_string(), "edge 1: vertex 5 is out of range 0..5");
    let signed: &[(i32, i32)] = &[(0, 1), (1, -3)];
    let e = Graph::from_edges(5, signed).unwrap_err();
    assert!(matches!(
        e,
        Error::NegativeVertex {
            position: 1,
            value: -3,
            ..
        }
    ));
    assert_eq!(e.to_string(), "edge 1: vertex -3 is negative");
    // pairs of a matching likewise
    let m = Matching::from_pairs(&want, [(2usize, 3usize), (0, 4)]).unwrap();
    assert_eq!(
        Matching::from_pairs(&want, &as_u32[..0]).unwrap(),
        Matching::empty(&want)
    );
    let pairs: &[(u32, u32)] = &[(3, 2), (4, 0)];
    assert_eq!(Matching::from_pairs(&want, pairs).unwrap(), m);
    assert!(matches!(
        Matching::from_pairs(&want, [(0i64, -1i64)]),
        Err(Error::NegativeVertex {
            position: 0,
            value: -1,
            ..
        })
    ));
}

#[test]
fn iterators_say_their_length() {
    let mut rng = Rng::new(77);
    for _ in 0..300 {
        let n = rng.below(30);
        let (looped, _) = with_and_without_loops(&mut rng, n.max(1));
        let g = Graph::from_edges(n.max(1), &looped).unwrap();
        let mut edges = g.edges();
        let mut seen = Vec::new();
        loop {
            let left = edges.len();
            assert_eq!(edges.size_hint(), (left, Some(left)));
            match edges.next() {
                Some(e) => seen.push(e),
                None => {
                    assert_eq!(left, 0);
                    break;
                }
            }
        }
        assert_eq!(edges.next(), None, "fused");
        assert_eq!(seen.len(), g.edge_count());
        // the edges as the neighbour lists say, each once with u < v
        let mut want = Vec::new();
        for u in 0..g.vertex_count() {
            let nb = g.neighbors(u);
            assert_eq!(nb.len(), g.degree(u));
            let list: Vec<usize> = nb.clone().collect();
            let back: Vec<usize> = nb.rev().collect();
            assert!(list.iter().rev().eq(back.iter()));
            want.extend(list.into_iter().filter(|&v| v > u).map(|v| (u, v)));
        }
        assert_eq!(seen, want);
        let m = maximum_matching(&g);
        assert_eq!(m.pairs().len(), m.len());
        assert_eq!(
            (&m).into_iter().collect::<Vec<_>>(),
            m.pairs().collect::<Vec<_>>()
        );
        let mut pairs = m.pairs();
        if pairs.next().is_some() {
            assert_eq!(pairs.len(), m.len() - 1);
        }
        let mates = m.mates();
        assert_eq!(mates.len(), g.vertex_count());
        for (v, mate) in mates.iter().enumerate() {
            assert_eq!(*mate, m.mate(v));
        }
        assert_eq!(mates.iter().flatten().count(), 2 * m.len());
        let ge = gallai_edmonds(&g, &m).unwrap();
        let comps = ge.odd_components();
        assert_eq!(comps.len(), comps.clone().count());
        assert!(ge.odd_components().rev().eq(ge
            .odd_components()
            .collect::<Vec<_>>()
            .into_iter()
            .rev()));
        let proof = ge.certificate();
        assert_eq!(proof.odd_components().len(), ge.odd_components().len());
        assert!(proof.odd_components().eq(ge.odd_components()));
    }
}

#[test]
fn defaults_are_empty() {
    let g = Graph::default();
    assert_eq!(
        (g.vertex_count(), g.edge_count(), g.edges().len()),
        (0, 0, 0)
    );
    assert_eq!(g, Graph::from_edges(0, [(0, 0); 0]).unwrap());
    let m = Matching::default();
    assert_eq!(m, Matching::empty(&g));
    assert_eq!(m, maximum_matching(&g));
    assert!(m.is_empty() && m.is_perfect() && m.mates().is_empty());
    assert_eq!((&m).into_iter().len(), 0);
    m.check(&g).unwrap();
}
