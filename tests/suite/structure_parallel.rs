//! The structure answers on large graphs with the `parallel` feature:
//! on graphs past 2^20 edges (where a parallel form would start), in
//! pools of 1, 2 and 3 threads, `Structure`, the free functions and the
//! Dulmage–Mendelsohn decomposition give the same answers, and the
//! non-essential vertices equal those of a plain alternating
//! breadth-first search written here. (The searches run on the calling
//! thread: a parallel form was measured slower, bench/notes/parallel.md.)

#![cfg(feature = "parallel")]

use crate::common::Rng;

use bimatch::parallel::with_threads;
use bimatch::{
    dulmage_mendelsohn, maximum_matching, minimum_vertex_cover, non_essential_vertices, Bipartite,
    Left, Matching, MatchingError, Right, Structure,
};

/// Random graphs with `left × degree` edges past the searches' threshold
/// (2^20 edges); `skew` draws the right ends from a squared (skewed)
/// distribution, so that many vertices stay free.
fn random(rng: &mut Rng, left: usize, right: usize, degree: usize, skew: bool) -> Bipartite {
    let mut edges = Vec::with_capacity(left * degree);
    for u in 0..left {
        for _ in 0..degree {
            let v = if skew {
                let x = rng.below(right);
                x * x / right
            } else {
                rng.below(right)
            };
            edges.push((u, v));
        }
    }
    Bipartite::from_edges(left, right, edges).unwrap()
}

/// A board of `n × n` cells, each blocked with chance `percent`: cells of
/// even row + column on the left, joined to their free neighbours.
fn board(rng: &mut Rng, n: usize, percent: usize) -> Bipartite {
    let free: Vec<bool> = (0..n * n).map(|_| !rng.chance(percent)).collect();
    let mut index = vec![usize::MAX; n * n];
    let (mut left, mut right) = (0, 0);
    for cell in 0..n * n {
        if free[cell] {
            let side = if (cell / n + cell % n) % 2 == 0 {
                &mut left
            } else {
                &mut right
            };
            index[cell] = *side;
            *side += 1;
        }
    }
    let mut edges = Vec::new();
    for cell in 0..n * n {
        let (r, c) = (cell / n, cell % n);
        if !free[cell] || (r + c) % 2 != 0 {
            continue;
        }
        let near = [
            (r > 0).then(|| cell - n),
            (r + 1 < n).then(|| cell + n),
            (c > 0).then(|| cell - 1),
            (c + 1 < n).then(|| cell + 1),
        ];
        for k in near.into_iter().flatten() {
            if free[k] {
                edges.push((index[cell], index[k]));
            }
        }
    }
    Bipartite::from_edges(left, right, edges).unwrap()
}

/// The vertices reached by alternating paths from the free vertices of
/// one side (`from_left`): a plain breadth-first search with a queue.
fn reached(g: &Bipartite, m: &Matching, from_left: bool) -> Vec<usize> {
    let (own, other) = if from_left {
        (g.left_count(), g.right_count())
    } else {
        (g.right_count(), g.left_count())
    };
    let own_mate = |u: usize| {
        if from_left {
            m.left_mate(Left::new(u)).map(Right::index)
        } else {
            m.right_mate(Right::new(u)).map(Left::index)
        }
    };
    let other_mate = |v: usize| {
        if from_left {
            m.right_mate(Right::new(v)).map(Left::index)
        } else {
            m.left_mate(Left::new(v)).map(Right::index)
        }
    };
    let mut seen_own = vec![false; own];
    let mut seen_other = vec![false; other];
    let mut queue: Vec<usize> = (0..own).filter(|&u| own_mate(u).is_none()).collect();
    for &u in &queue {
        seen_own[u] = true;
    }
    let mut head = 0;
    while head < queue.len() {
        let u = queue[head];
        head += 1;
        let near: Vec<usize> = if from_left {
            g.left_neighbors(Left::new(u)).map(Right::index).collect()
        } else {
            g.right_neighbors(Right::new(u)).map(Left::index).collect()
        };
        for v in near {
            if !seen_other[v] {
                seen_other[v] = true;
                let w = other_mate(v).expect("the matching is maximum");
                if !seen_own[w] {
                    seen_own[w] = true;
                    queue.push(w);
                }
            }
        }
    }
    (0..own).filter(|&u| seen_own[u]).collect()
}

fn check(g: &Bipartite) {
    assert!(g.edge_count() >= 1 << 20, "past the threshold");
    let m = maximum_matching(g);
    let ne: Vec<_> = [1, 2, 3]
        .into_iter()
        .map(|t| {
            with_threads(t, || {
                let s = Structure::new(g, &m).unwrap();
                s.certificate().verify(g, &m).unwrap();
                (
                    s.non_essential_vertices(),
                    s.minimum_vertex_cover(),
                    s.dulmage_mendelsohn(),
                    non_essential_vertices(g, &m).unwrap(),
                    minimum_vertex_cover(g, &m).unwrap(),
                    dulmage_mendelsohn(g, &m).unwrap(),
                )
            })
            .unwrap()
        })
        .collect();
    for other in &ne[1..] {
        assert_eq!(other.0, ne[0].0);
        assert_eq!(other.1, ne[0].1);
        assert_eq!(other.2, ne[0].2);
    }
    for one in &ne {
        assert_eq!(one.3, one.0);
        assert_eq!(one.4, one.1);
        assert_eq!(one.5, one.2);
    }
    let left: Vec<usize> = ne[0].0.left().iter().map(|u| u.index()).collect();
    let right: Vec<usize> = ne[0].0.right().iter().map(|v| v.index()).collect();
    assert_eq!(left, reached(g, &m, true));
    assert_eq!(right, reached(g, &m, false));
    assert_eq!(ne[0].1.len(), m.len());
}

#[test]
fn random_graphs_agree_for_every_thread_count() {
    let mut rng = Rng::new(20);
    check(&random(&mut rng, 120_000, 120_000, 10, false));
    check(&random(&mut rng, 150_000, 100_000, 8, false));
    check(&random(&mut rng, 100_000, 160_000, 11, true));
    check(&random(&mut rng, 400_000, 400_000, 3, false));
}

#[test]
fn boards_agree_for_every_thread_count() {
    let mut rng = Rng::new(21);
    check(&board(&mut rng, 1000, 25));
    check(&board(&mut rng, 900, 5));
}

#[test]
fn not_maximum_is_the_same_error_for_every_thread_count() {
    let mut rng = Rng::new(22);
    let g = random(&mut rng, 120_000, 120_000, 10, false);
    let m = maximum_matching(&g);
    let fewer = Matching::from_pairs(&g, m.pairs().skip(1)).unwrap();
    let errors: Vec<String> = [1, 2, 3]
        .into_iter()
        .map(|t| {
            with_threads(t, || match Structure::new(&g, &fewer) {
                Err(e @ MatchingError::NotMaximum { .. }) => format!("{e:?}"),
                other => panic!("{other:?}"),
            })
            .unwrap()
        })
        .collect();
    assert_eq!(errors[1], errors[0]);
    assert_eq!(errors[2], errors[0]);
}
