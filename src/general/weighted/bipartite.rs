//! Bipartite inputs go to the assignment wing's sparse engines, and their
//! potentials come back as blossom-free duals of the same form.
//!
//! - Minimum-cost perfect: the assignment problem itself; its potentials
//!   are the vertex duals.
//! - Maximum cardinality: the assignment wing's maximum-cardinality
//!   matching of greatest weight; its potentials are shifted (rows down,
//!   columns up, by one amount) so that every free vertex sits at one
//!   common dual `λ`.
//!
//! Maximum weight of any cardinality is not sent here: the assignment wing
//! has no sparse mode for it, and the doubled graph it would take (each
//! side copied, so that every vertex may pair with its own copy at weight
//! 0) measured 15 times slower than the blossom engine, which forms no
//! blossom on a bipartite graph.
//!
//! Every answer is checked by [`WeightedMatching::verify`] before it is
//! returned; one that does not check (not expected) is left to the blossom
//! engine.

use super::duals::{Duals, Objective, WeightedMatching};
use super::engine::NONE;
use super::error::WeightedError;
use super::graph::WeightedGraph;
use crate::assignment::{Cost, MinCostMatching, Scalar, WeightedBipartite};
use crate::bipartition::two_colour;
use crate::csr::try_vec;
use crate::general::matching::Matching;
use crate::util::{id, idx};

/// The answer of the assignment engines when `g` is bipartite, or `None`
/// when it is not (or the engines could not answer: the blossom engine
/// then does).
pub(crate) fn solve<W: Cost>(
    g: &WeightedGraph<W>,
    weights: &[W],
    objective: Objective,
) -> Result<Option<WeightedMatching<W>>, WeightedError> {
    let n = g.vertex_count();
    let Ok(right) = two_colour(n, &g.graph.offsets, &g.graph.adj) else {
        return Ok(None);
    };
    // Each side numbered in increasing vertex id.
    let mut index = try_vec(n, "weighted matching: the two sides")?;
    let (mut left, mut rights) = (Vec::new(), Vec::new());
    for (v, &on_right) in right.iter().enumerate() {
        let side = if on_right { &mut rights } else { &mut left };
        index.push(id(side.len()));
        side.push(id(v));
    }
    let (l, r) = (left.len(), rights.len());
    let mut edges: Vec<(u32, u32, W)> = try_vec(
        g.graph.adj.len() / 2,
        "weighted matching: the bipartite copy",
    )?;
    for &u in &left {
        for p in g.range(idx(u)) {
            let v = g.graph.adj[p];
            edges.push((index[idx(u)], index[idx(v)], weights[p]));
        }
    }
    let Ok(h) = WeightedBipartite::from_edges(l, r, &edges) else {
        return Ok(None);
    };
    drop(edges);
    let problem = MinCostMatching::new(&h);
    let answer = match objective {
        Objective::MinPerfect if l != r => None,
        Objective::MinPerfect => problem.perfect().solve().ok(),
        Objective::MaxCardinality => problem.maximize().solve().ok(),
        Objective::MaxWeight => None,
    };
    let Some(s) = answer else {
        return Ok(None);
    };
    let (u, v) = (s.row_potentials(), s.col_potentials());
    let four = |x: W::Scalar| x + x + x + x;
    let mut mate = try_vec(n, "weighted matching: the mates")?;
    mate.resize(n, NONE);
    for (i, j) in s.pairs() {
        if i < l && j < r {
            let (a, b) = (left[i], rights[j]);
            mate[idx(a)] = b;
            mate[idx(b)] = a;
        }
    }
    let mut y = try_vec(n, "weighted matching: the vertex duals")?;
    for x in 0..n {
        let k = idx(index[x]);
        y.push(four(if right[x] { v[k] } else { u[k] }));
    }
    let matching = Matching::from_mates(mate);
    let free = n - 2 * matching.len();
    let mut lambda = W::Scalar::ZERO;
    if objective == Objective::MaxCardinality && free > 0 {
        // Free rows sit at one value a, free columns at another b: rows
        // down and columns up by (a − b) / 2 puts both at λ = (a + b) / 2.
        let at = |side: bool| (0..n).find(|&x| right[x] == side && matching.mate(x).is_none());
        let a = at(false).map(|x| y[x]);
        let b = at(true).map(|x| y[x]);
        let shift = match (a, b) {
            (Some(a), Some(b)) => halve(a - b),
            _ => None,
        };
        let shift = match (a, b, shift) {
            (Some(_), Some(_), Some(c)) => c,
            (Some(_), None, _) | (None, Some(_), _) => W::Scalar::ZERO,
            _ => return Ok(None),
        };
        for x in 0..n {
            y[x] = if right[x] { y[x] + shift } else { y[x] - shift };
        }
        lambda = match (a, b) {
            (Some(a), _) => a - shift,
            (None, Some(b)) => b + shift,
            _ => lambda,
        };
        // With one side only free, λ must also bound the other side.
        let least = y
            .iter()
            .copied()
            .fold(lambda, |m, x| if x < m { x } else { m });
        if least < lambda {
            let d = lambda - least;
            // Only possible with free vertices on one side: move that side
            // down to the least dual and the other up, keeping every sum.
            let side = a.is_none();
            for x in 0..n {
                y[x] = if right[x] == side { y[x] - d } else { y[x] + d };
            }
            lambda = least;
        }
    }
    let mut total = W::Scalar::ZERO;
    for (a, b) in matching.pairs() {
        if let Some(w) = weight_in(g, weights, a, b) {
            total = total + w;
        }
    }
    let cardinality = if objective == Objective::MaxCardinality && free > 0 {
        match crate::general::gallai_edmonds::gallai_edmonds(g.graph(), &matching) {
            Ok(ge) => Some(ge.certificate()),
            Err(_) => return Ok(None),
        }
    } else {
        None
    };
    let m = WeightedMatching {
        matching,
        total,
        duals: Duals {
            vertex: y,
            vertex_blossom: {
                let mut vb = try_vec(n, "weighted matching: the blossoms")?;
                vb.resize(n, NONE);
                vb
            },
            blossom_parent: Vec::new(),
            blossom: Vec::new(),
            free: lambda,
        },
        objective,
        cardinality,
    };
    Ok(m.verify(g).is_ok().then_some(m))
}

/// The weight of the edge `(a, b)` in `weights`, as a scalar.
fn weight_in<W: Cost>(
    g: &WeightedGraph<W>,
    weights: &[W],
    a: usize,
    b: usize,
) -> Option<W::Scalar> {
    let r = g.range(a);
    let at = g.graph.adj[r.clone()].binary_search(&id(b)).ok()?;
    super::num::scalar_of(weights[r.start + at])
}

/// Half of `x` when exact (for integers, when `x` is even; always for
/// floats).
fn halve<S: Scalar>(x: S) -> Option<S> {
    if S::EXACT {
        let i = x.to_i128();
        (i % 2 == 0).then(|| S::from_i128(i / 2))
    } else {
        Some(super::num::float_scalar(x.to_f64() / 2.0))
    }
}
