//! Weighted matching on general graphs: maximum weight, maximum weight
//! among the maximum-cardinality matchings, and minimum-cost perfect
//! matching, each with a dual certificate.
//!
//! - [`WeightedGraph`]: an undirected graph with a weight on every edge
//!   (the assignment wing's [`Cost`] types).
//! - [`max_weight_matching`] and [`MaxWeightMatching`]: a matching of
//!   greatest total weight, of any size or
//!   ([`max_cardinality`](MaxWeightMatching::max_cardinality)) among those
//!   with the most pairs.
//! - [`min_weight_perfect_matching`]: a perfect matching of least total
//!   cost, or [`WeightedError::NoPerfectMatching`] with a Tutte–Berge
//!   barrier proving there is none.
//! - Every [`WeightedMatching`] carries its [`Duals`] (a value per vertex
//!   and a laminar family of odd sets with theirs, stored times 4 so that
//!   integer duals are integers), and [`WeightedMatching::verify`] checks
//!   them in near-linear time without trusting the solver.
//!
//! ```
//! use bimatch::general::{min_weight_perfect_matching, MaxWeightMatching, WeightedGraph};
//!
//! // a 4-cycle 0-1-2-3 with a chord 0-2
//! let g = WeightedGraph::from_edges(4, [(0, 1, 5i64), (1, 2, 1), (2, 3, 5), (3, 0, 1), (0, 2, 9)])?;
//! let best = MaxWeightMatching::new(&g).solve()?;
//! assert_eq!(best.total(), 10); // 0-1 and 2-3 beat the chord alone
//! let cheapest = min_weight_perfect_matching(&g)?;
//! assert_eq!(cheapest.total(), 2); // 1-2 and 3-0
//! cheapest.verify(&g)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bipartite;
mod duals;
mod engine;
mod error;
mod graph;
mod num;

pub use duals::{Duals, Objective, WeightedMatching};
pub use error::WeightedError;
pub use graph::{WeightedEdges, WeightedGraph, WeightedNeighbors, MAX_WEIGHTED_VERTICES};

use engine::{Failure, Raw, Start, NONE};
use num::{float_scalar, value_of, Num, Value};

use crate::assignment::{Cost, Scalar};
use crate::csr::{try_vec, RowWriter};
use crate::general::gallai_edmonds::gallai_edmonds;
use crate::general::matching::Matching;
use crate::general::maximum_matching;
use crate::util::idx;

/// The largest supported value of `(n + 2) · max |w|` for integer weights
/// on `n` vertices: every dual, key and offset the engine forms then stays
/// far inside `i64` (it checks its offset as it goes, and refuses with
/// [`WeightedError::DualRange`] rather than overflow).
pub const INTEGER_WEIGHT_LIMIT: u128 = 1 << 55;

/// The largest supported value of `(n + 2) · max |w|` for float weights.
pub const FLOAT_WEIGHT_LIMIT: f64 = f64::MAX / 64.0;

/// Options for a maximum-weight matching; [`solve`](Self::solve) runs it.
///
/// ```
/// use bimatch::general::{MaxWeightMatching, WeightedGraph};
///
/// // a path 0 - 1 - 2 - 3 weighing 1, 5, 1
/// let g = WeightedGraph::from_edges(4, [(0, 1, 1i64), (1, 2, 5), (2, 3, 1)])?;
/// assert_eq!(MaxWeightMatching::new(&g).solve()?.total(), 5);
/// // with the most pairs: both outer edges
/// let m = MaxWeightMatching::new(&g).max_cardinality().solve()?;
/// assert_eq!((m.len(), m.total()), (2, 2));
/// m.verify(&g)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct MaxWeightMatching<'a, W> {
    graph: &'a WeightedGraph<W>,
    max_cardinality: bool,
}

impl<'a, W: Cost> MaxWeightMatching<'a, W> {
    /// The problem on `graph`: the greatest total weight, any cardinality.
    pub fn new(graph: &'a WeightedGraph<W>) -> Self {
        MaxWeightMatching {
            graph,
            max_cardinality: false,
        }
    }

    /// Among the matchings with the most pairs, the heaviest (negative
    /// weights then count: a pair may have to be taken at a loss).
    pub fn max_cardinality(mut self) -> Self {
        self.max_cardinality = true;
        self
    }

    /// Solves the problem.
    ///
    /// The primal-dual blossom method (Edmonds; the engine's notes in
    /// `src/general/weighted/engine.rs` say how): a forest of alternating
    /// trees grown from every free vertex at once over edges of zero slack,
    /// one uniform dual step at a time, the four bounds on the step in
    /// lazy priority queues (Galil, Micali and Gabow), trees and blossoms
    /// kept between augmentations (Kolmogorov); each vertex starts at half
    /// its heaviest edge, lowered greedily, with a greedy matching on the
    /// edges that start tight, and each would-be root then taking dual
    /// steps for a little tree of its own before the forest starts; events of a zero step found while scanning
    /// skip the queues. Maximum cardinality runs that start first: its
    /// matching is maximum, so if it is perfect the answer is final, and if
    /// not its Gallai–Edmonds barrier certifies the cardinality and the
    /// problem is solved again with every vertex at one common starting
    /// dual, so that the free vertices end at one common dual. A bipartite
    /// graph in maximum-cardinality mode goes to the assignment wing's
    /// sparse engine instead ([`MinCostMatching`](crate::assignment::MinCostMatching)),
    /// its potentials shifted into the same dual form.
    ///
    /// # Complexity
    ///
    /// O(n·(m·log n + X)) time at worst for n vertices and m edges: each
    /// augmentation (or tree that stops at dual 0) pushes each edge into a
    /// queue O(1) times, and X counts the vertices whose label changes
    /// because an odd blossom holding them is expanded — O(n) per
    /// augmentation unless blossoms nest deeply and expand level by level,
    /// O(n²) at worst. A new blossom renames only the vertices of its
    /// smaller children (it takes over its largest child's slot), so
    /// shrinking nests of any depth stays near-linear. The start's little
    /// trees (at most 16 matched edges each, each step reading the rows of
    /// their falling vertices) add O(n·Δ) for the largest degree Δ, within
    /// the bound. O(n + m) space:
    /// about 170 bytes per vertex and 16 per queued edge, plus the
    /// engine's copy of the weights (8 bytes per stored direction).
    ///
    /// # Testing
    ///
    /// Against brute force on every graph with at most 7 vertices under
    /// several weight patterns (ties, zeros, negatives) and on random
    /// graphs up to 12 vertices, in all three modes; each answer's
    /// certificate checked by [`WeightedMatching::verify`]; deep blossom
    /// nests and large random graphs on a small stack
    /// (`tests/suite/general_weighted.rs`).
    ///
    /// # Errors
    ///
    /// - [`WeightedError::Overflow`] for integer weights past
    ///   [`INTEGER_WEIGHT_LIMIT`], [`WeightedError::FloatRange`] for float
    ///   weights past [`FLOAT_WEIGHT_LIMIT`];
    /// - [`WeightedError::DualRange`] if the duals outgrow exact arithmetic
    ///   (not expected within the limit);
    /// - [`WeightedError::OutOfMemory`] if the engine's arrays cannot be
    ///   reserved.
    pub fn solve(&self) -> Result<WeightedMatching<W>, WeightedError> {
        let objective = if self.max_cardinality {
            Objective::MaxCardinality
        } else {
            Objective::MaxWeight
        };
        solve(self.graph, objective)
    }
}

/// A matching of greatest total weight, with its dual certificate. See
/// [`MaxWeightMatching`] for the maximum-cardinality variant.
///
/// # Complexity
///
/// As [`MaxWeightMatching::solve`].
///
/// # Errors
///
/// As [`MaxWeightMatching::solve`].
///
/// ```
/// use bimatch::general::{max_weight_matching, WeightedGraph};
///
/// // two triangles joined by a light edge: one heavy edge each
/// let g = WeightedGraph::from_edges(
///     6,
///     [(0, 1, 8i64), (1, 2, 7), (2, 0, 6), (3, 4, 8), (4, 5, 7), (5, 3, 6), (2, 3, 1)],
/// )?;
/// let m = max_weight_matching(&g)?;
/// assert_eq!(m.total(), 16); // 0-1 and 3-4, or 0-1, 4-5 and the bridge 2-3
/// m.verify(&g)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn max_weight_matching<W: Cost>(
    graph: &WeightedGraph<W>,
) -> Result<WeightedMatching<W>, WeightedError> {
    MaxWeightMatching::new(graph).solve()
}

/// A perfect matching of least total cost (each edge's lightest copy),
/// with its dual certificate; or, if the graph has no perfect matching,
/// [`WeightedError::NoPerfectMatching`] with the Tutte–Berge barrier of the
/// Gallai–Edmonds decomposition as the proof.
///
/// # Complexity
///
/// A maximum-cardinality matching first (see
/// [`maximum_matching`]), then as
/// [`MaxWeightMatching::solve`] on the negated costs.
///
/// # Errors
///
/// [`WeightedError::NoPerfectMatching`], and as
/// [`MaxWeightMatching::solve`].
///
/// ```
/// use bimatch::general::{min_weight_perfect_matching, WeightedError, WeightedGraph};
///
/// let square = WeightedGraph::from_edges(4, [(0, 1, 3i64), (1, 2, 1), (2, 3, 3), (3, 0, 1)])?;
/// assert_eq!(min_weight_perfect_matching(&square)?.total(), 2);
///
/// // a star: taking away its centre leaves three single vertices
/// let star = WeightedGraph::from_edges(4, [(0, 1, 1i64), (0, 2, 1), (0, 3, 1)])?;
/// match min_weight_perfect_matching(&star) {
///     Err(WeightedError::NoPerfectMatching { certificate, .. }) => {
///         assert_eq!(certificate.barrier(), [0]);
///     }
///     other => panic!("{other:?}"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn min_weight_perfect_matching<W: Cost>(
    graph: &WeightedGraph<W>,
) -> Result<WeightedMatching<W>, WeightedError> {
    solve(graph, Objective::MinPerfect)
}

/// Refuses weights whose magnitude could overflow the engine.
fn check_range<W: Cost>(weights: &[W], n: usize) -> Result<(), WeightedError> {
    let size = u128::try_from(n).unwrap_or(u128::MAX).saturating_add(2);
    let mut int_max = 0u128;
    let mut float_max = 0.0f64;
    for &w in weights {
        match value_of(w) {
            Value::Int(x) => int_max = int_max.max(u128::from(x.unsigned_abs())),
            Value::Big(x) => int_max = int_max.max(x),
            Value::Float(x) => float_max = float_max.max(x.abs()),
        }
    }
    if W::Scalar::EXACT {
        if int_max.saturating_mul(size) > INTEGER_WEIGHT_LIMIT {
            return Err(WeightedError::Overflow {
                max_abs: int_max,
                vertices: n,
                limit: INTEGER_WEIGHT_LIMIT,
            });
        }
    } else {
        // A count as a float factor: rounding is far below the margin.
        let factor = n as f64 + 2.0;
        if float_max * factor > FLOAT_WEIGHT_LIMIT {
            return Err(WeightedError::FloatRange {
                max_abs: float_max,
                vertices: n,
                limit: FLOAT_WEIGHT_LIMIT,
            });
        }
    }
    Ok(())
}

fn solve<W: Cost>(
    g: &WeightedGraph<W>,
    objective: Objective,
) -> Result<WeightedMatching<W>, WeightedError> {
    let n = g.vertex_count();
    let minimise = objective == Objective::MinPerfect;
    let weights = if minimise {
        g.lightest()
    } else {
        &g.weights[..]
    };
    check_range(weights, n)?;
    // Bipartite inputs: the assignment engines, for the two problems they
    // solve directly (maximum weight of any cardinality stays here: on a
    // bipartite graph the blossom engine forms no blossom, and the
    // assignment on the doubled graph it would take measured 15 times
    // slower on random sparse graphs).
    if objective != Objective::MaxWeight {
        if let Some(m) = bipartite::solve(g, weights, objective)? {
            return Ok(m);
        }
    }
    if W::Scalar::EXACT {
        solve_in::<W, i64>(g, weights, objective)
    } else {
        solve_in::<W, f64>(g, weights, objective)
    }
}

/// [`solve`] in the engine's arithmetic `N`. The cardinality problems
/// run the per-vertex start first: its answer is a maximum matching (the
/// forest stops only when no tree can grow), so if it is not perfect its
/// Gallai–Edmonds barrier proves that no perfect matching exists, and a
/// maximum-cardinality solution is solved again from the uniform start.
fn solve_in<W: Cost, N: Num>(
    g: &WeightedGraph<W>,
    weights: &[W],
    objective: Objective,
) -> Result<WeightedMatching<W>, WeightedError> {
    let n = g.vertex_count();
    let minimise = objective == Objective::MinPerfect;
    if objective == Objective::MaxWeight {
        let raw = run::<W, N>(g, weights, Start::Max, false)?;
        return assemble(g, weights, objective, None, raw);
    }
    let raw = run::<W, N>(g, weights, Start::Perfect, minimise)?;
    let pairs = raw.mate.iter().filter(|&&m| m != NONE).count() / 2;
    if 2 * pairs == n {
        return assemble(g, weights, objective, None, raw);
    }
    let mut m = Matching::from_mates(raw.mate);
    drop((raw.y, raw.vertex_blossom, raw.blossom_parent, raw.blossom_z));
    let ge = match gallai_edmonds(g.graph(), &m) {
        Ok(ge) => ge,
        // Not expected: the engine's matching is maximum. The cardinality
        // wing's own matching serves all the same.
        Err(_) => {
            m = maximum_matching(g.graph());
            gallai_edmonds(g.graph(), &m)?
        }
    };
    let certificate = ge.certificate();
    if minimise {
        return Err(WeightedError::NoPerfectMatching {
            certificate: Box::new(certificate),
            maximum: m.len(),
            vertices: n,
        });
    }
    let raw = run::<W, N>(g, weights, Start::Uniform, false)?;
    assemble(g, weights, objective, Some(certificate), raw)
}

/// Runs the engine on four times the weights, in maximising form; for
/// maximum weight, without the edges of negative weight (never worth
/// taking).
fn run<W: Cost, N: Num>(
    g: &WeightedGraph<W>,
    weights: &[W],
    start: Start,
    negate: bool,
) -> Result<Raw<N>, WeightedError> {
    let n = g.vertex_count();
    let offsets = &g.graph.offsets;
    let adj = &g.graph.adj;
    let mut w: Vec<N> = try_vec(weights.len(), "weighted matching: the weights")?;
    w.extend(weights.iter().map(|&x| N::quadruple(value_of(x), negate)));
    let drop_negative = start == Start::Max && w.iter().any(|&x| x < N::ZERO);
    let result = if drop_negative {
        let kept = w.iter().filter(|&&x| x >= N::ZERO).count();
        let mut rows = RowWriter::new(n, kept, "weighted matching: the graph without losses")?;
        let mut kw: Vec<N> = try_vec(kept, "weighted matching: the weights")?;
        for v in 0..n {
            for p in idx(offsets[v])..idx(offsets[v + 1]) {
                if w[p] >= N::ZERO {
                    rows.push(adj[p]);
                    kw.push(w[p]);
                }
            }
            rows.end_row();
        }
        drop(w);
        let (o, a) = rows.finish();
        engine::solve(&o, &a, &kw, start)
    } else {
        engine::solve(offsets, adj, &w, start)
    };
    result.map_err(|f| match f {
        Failure::Memory(e) => e.into(),
        Failure::Range => WeightedError::DualRange,
    })
}

/// The engine's answer in the user's types and signs.
fn assemble<W: Cost, N: Num>(
    g: &WeightedGraph<W>,
    weights: &[W],
    objective: Objective,
    cardinality: Option<crate::general::tutte_berge::TutteBerge>,
    raw: Raw<N>,
) -> Result<WeightedMatching<W>, WeightedError> {
    let minimise = objective == Objective::MinPerfect;
    let mut int_total = 0i128;
    let mut float_total = 0.0f64;
    for (u, &v) in raw.mate.iter().enumerate() {
        if v == NONE || idx(v) < u {
            continue;
        }
        let r = g.range(u);
        let at = g.graph.adj[r.clone()].binary_search(&v).unwrap_or_default();
        match value_of(weights[r.start + at]) {
            Value::Int(x) => int_total += i128::from(x),
            Value::Big(x) => int_total += i128::try_from(x).unwrap_or(i128::MAX),
            Value::Float(x) => float_total += x,
        }
    }
    let total = if W::Scalar::EXACT {
        W::Scalar::from_i128(int_total)
    } else {
        float_scalar(float_total)
    };
    let sign = |x: W::Scalar| if minimise { -x } else { x };
    let mut vertex = try_vec(raw.y.len(), "weighted matching: the vertex duals")?;
    vertex.extend(raw.y.iter().map(|&y| sign(y.to_scalar::<W::Scalar>())));
    let mut blossom = try_vec(raw.blossom_z.len(), "weighted matching: the blossom duals")?;
    blossom.extend(raw.blossom_z.iter().map(|&z| z.to_scalar::<W::Scalar>()));
    let matching = Matching::from_mates(raw.mate);
    debug_assert!(cardinality
        .as_ref()
        .map_or(true, |c| c.bound() == matching.len()));
    Ok(WeightedMatching {
        matching,
        total,
        duals: Duals {
            vertex,
            vertex_blossom: raw.vertex_blossom,
            blossom_parent: raw.blossom_parent,
            blossom,
            free: sign(raw.free_dual.to_scalar::<W::Scalar>()),
        },
        objective,
        cardinality,
    })
}
