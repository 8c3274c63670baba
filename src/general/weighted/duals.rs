//! [`WeightedMatching`]: an optimal matching with its dual certificate
//! ([`Duals`]), and [`WeightedMatching::verify`], which checks it without
//! trusting the solver.

use std::cmp::Ordering;

use super::engine::NONE;
use super::error::WeightedError;
use super::graph::WeightedGraph;
use super::num::{value_of, Value};
use crate::assignment::{Cost, Scalar};
use crate::general::matching::{Matching, Pairs};
use crate::general::tutte_berge::TutteBerge;
use crate::util::{id, idx};

/// Which problem a [`WeightedMatching`] solves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Objective {
    /// The greatest total weight, any number of pairs:
    /// [`max_weight_matching`](super::max_weight_matching).
    MaxWeight,
    /// The greatest total weight among the matchings with the most pairs:
    /// [`MaxWeightMatching::max_cardinality`](super::MaxWeightMatching::max_cardinality).
    MaxCardinality,
    /// The least total cost among the perfect matchings:
    /// [`min_weight_perfect_matching`](super::min_weight_perfect_matching).
    MinPerfect,
}

/// The dual solution: a value per vertex, and a laminar family of odd
/// vertex sets (blossoms) with a value each, stored as a forest.
///
/// **Scale.** Every dual is stored **times 4**: [`vertex`](Self::vertex)
/// is `4·y_v`, [`blossom`](Self::blossom) is `4·z_B`, and
/// [`free`](Self::free) is `4·λ`. On integer weights the duals the solver
/// reaches are quarter-integers at worst (half-integers in the classic
/// one-stage method; the persistent forest's differing start values add
/// one more halving), so times 4 they are exact integers of the
/// weights' scalar type.
///
/// **Conditions**, for the maximum weight problems, with `Z(u, v)` the sum
/// of `4·z_B` over the blossoms holding both `u` and `v`:
///
/// - every edge: `4·y_u + 4·y_v + Z(u, v) ≥ 4·w(u, v)` (its heaviest
///   copy), with equality on the matched edges;
/// - every blossom: `z_B ≥ 0`, an odd number of vertices, and
///   `(|B| − 1) / 2` matched edges inside;
/// - [`Objective::MaxWeight`]: every `y_v ≥ 0`, and `y_v = 0` on the
///   vertices left free; [`Objective::MaxCardinality`]: every `y_v ≥ λ`,
///   and `y_v = λ` on the vertices left free (a Tutte–Berge certificate
///   proves the cardinality maximum).
///
/// For [`Objective::MinPerfect`] the vertex duals change sign:
/// `4·c(u, v) − 4·y_u − 4·y_v + Z(u, v) ≥ 0` (the lightest copy), equality
/// on the matched edges, and the cost equals `Σ y_v − Σ z_B·(|B| − 1) / 2`.
///
/// The family is a forest: [`blossom_parent`](Self::blossom_parent) gives
/// each blossom's parent (parents come before their children),
/// [`vertex_blossom`](Self::vertex_blossom) each vertex's innermost
/// blossom; only blossoms of positive dual are listed. Its size is O(n),
/// whatever the nesting.
#[derive(Debug, Clone, PartialEq)]
pub struct Duals<W: Cost> {
    pub(crate) vertex: Vec<W::Scalar>,
    pub(crate) vertex_blossom: Vec<u32>,
    pub(crate) blossom_parent: Vec<u32>,
    pub(crate) blossom: Vec<W::Scalar>,
    pub(crate) free: W::Scalar,
}

impl<W: Cost> Duals<W> {
    /// The factor every dual is stored times: 4.
    pub const SCALE: u32 = 4;

    /// `4·y_v`, the dual of vertex `v`.
    ///
    /// # Panics
    ///
    /// If `v` is out of range (a programmer error).
    pub fn vertex(&self, v: usize) -> W::Scalar {
        self.vertex[v]
    }

    /// Every vertex's `4·y_v`.
    pub fn vertices(&self) -> &[W::Scalar] {
        &self.vertex
    }

    /// The number of blossoms listed (those of positive dual).
    pub fn blossom_count(&self) -> usize {
        self.blossom.len()
    }

    /// `4·z_B`, the dual of blossom `b`.
    ///
    /// # Panics
    ///
    /// If `b >= self.blossom_count()` (a programmer error).
    pub fn blossom(&self, b: usize) -> W::Scalar {
        self.blossom[b]
    }

    /// The blossom directly holding blossom `b`, if any.
    ///
    /// # Panics
    ///
    /// If `b >= self.blossom_count()` (a programmer error).
    pub fn blossom_parent(&self, b: usize) -> Option<usize> {
        opt(self.blossom_parent[b])
    }

    /// The innermost blossom holding vertex `v`, if any.
    ///
    /// # Panics
    ///
    /// If `v` is out of range (a programmer error).
    pub fn vertex_blossom(&self, v: usize) -> Option<usize> {
        opt(self.vertex_blossom[v])
    }

    /// The vertices of blossom `b`, ascending. O(n + blossoms) time.
    ///
    /// # Panics
    ///
    /// If `b >= self.blossom_count()` (a programmer error).
    pub fn blossom_vertices(&self, b: usize) -> Vec<usize> {
        assert!(b < self.blossom_count(), "blossom {b} is out of range");
        // Parents come first: one pass marks the blossoms inside b.
        let mut inside = vec![false; self.blossom_count()];
        inside[b] = true;
        for c in b + 1..self.blossom_count() {
            let p = self.blossom_parent[c];
            inside[c] = p != NONE && idx(p) < c && inside[idx(p)];
        }
        (0..self.vertex.len())
            .filter(|&v| {
                let c = self.vertex_blossom[v];
                c != NONE && inside[idx(c)]
            })
            .collect()
    }

    /// `4·λ`: the dual every vertex left free has in a maximum-cardinality
    /// solution ([`Objective::MaxCardinality`]); 0 otherwise.
    pub fn free(&self) -> W::Scalar {
        self.free
    }
}

fn opt(x: u32) -> Option<usize> {
    (x != NONE).then_some(idx(x))
}

/// An optimal weighted matching of a [`WeightedGraph`], with the dual
/// solution that proves it optimal.
///
/// ```
/// use bimatch::general::{max_weight_matching, WeightedGraph};
///
/// // a path 0 - 1 - 2 - 3 weighing 2, 3, 2: the two outer edges win
/// let g = WeightedGraph::from_edges(4, [(0, 1, 2i64), (1, 2, 3), (2, 3, 2)])?;
/// let m = max_weight_matching(&g)?;
/// assert_eq!(m.total(), 4);
/// assert_eq!(m.pairs().collect::<Vec<_>>(), [(0, 1), (2, 3)]);
/// m.verify(&g)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct WeightedMatching<W: Cost> {
    pub(crate) matching: Matching,
    pub(crate) total: W::Scalar,
    pub(crate) duals: Duals<W>,
    pub(crate) objective: Objective,
    /// Proves the cardinality maximum when a maximum-cardinality solution
    /// leaves vertices free.
    pub(crate) cardinality: Option<TutteBerge>,
}

impl<W: Cost> WeightedMatching<W> {
    /// The total weight (or cost) of the pairs, in the weights' scalar
    /// type (`i64` for integers, `f64` for floats).
    pub fn total(&self) -> W::Scalar {
        self.total
    }

    /// The number of pairs.
    pub fn len(&self) -> usize {
        self.matching.len()
    }

    /// Whether there are no pairs.
    pub fn is_empty(&self) -> bool {
        self.matching.is_empty()
    }

    /// The mate of vertex `v`, if it is matched.
    ///
    /// # Panics
    ///
    /// If `v` is out of range (a programmer error).
    pub fn mate(&self, v: usize) -> Option<usize> {
        self.matching.mate(v)
    }

    /// The pairs, each once as `(u, v)` with `u < v`, ascending.
    pub fn pairs(&self) -> Pairs<'_> {
        self.matching.pairs()
    }

    /// The matching, as the cardinality wing's [`Matching`].
    pub fn matching(&self) -> &Matching {
        &self.matching
    }

    /// The dual solution.
    pub fn duals(&self) -> &Duals<W> {
        &self.duals
    }

    /// The problem solved.
    pub fn objective(&self) -> Objective {
        self.objective
    }

    /// The Tutte–Berge certificate of the cardinality, in a
    /// [`Objective::MaxCardinality`] solution that leaves vertices free.
    pub fn cardinality_certificate(&self) -> Option<&TutteBerge> {
        self.cardinality.as_ref()
    }

    /// Checks, trusting nothing the solver computed but what it returns,
    /// that this is an optimal solution on `graph`: the pairs are edges and
    /// a matching (perfect for [`Objective::MinPerfect`]); the blossoms form
    /// a forest of odd sets, each with `(|B| − 1) / 2` pairs inside and a
    /// dual `≥ 0`; every edge satisfies its dual constraint, with equality
    /// on the pairs; the vertex conditions of the objective hold (see
    /// [`Duals`]); the total weight equals the dual objective and
    /// [`total`](Self::total); and, for a maximum-cardinality solution with
    /// free vertices, its Tutte–Berge certificate proves the cardinality.
    ///
    /// Integer weights are checked exactly (in `i128`). Float weights
    /// within a tolerance: a condition on an edge holds if it is off by at
    /// most `10^−9` of the magnitudes it adds up (`|4w|`, both vertex
    /// duals, the blossom duals over the edge) plus `10^−12` of the
    /// largest magnitude of any weight or dual; sums, within `10^−9` of the
    /// magnitudes summed plus the same global term times the number of
    /// terms.
    ///
    /// # Complexity
    ///
    /// O((n + E)·α) time and O(n + blossoms) extra space: one depth-first
    /// pass over the blossom forest finds, for every edge, the innermost
    /// blossom holding both ends (Tarjan's offline lowest common ancestors,
    /// the graph's rows as the queries), so no blossom's vertex set is ever
    /// listed.
    ///
    /// # Errors
    ///
    /// [`WeightedError::SizeMismatch`] if the solution was made for a graph
    /// of another size; [`WeightedError::NotCertified`] naming the first
    /// condition that fails.
    ///
    /// ```
    /// use bimatch::general::{max_weight_matching, WeightedGraph};
    ///
    /// // a triangle with a pendant edge: the blossom dual shows up
    /// let g = WeightedGraph::from_edges(4, [(0, 1, 6i64), (1, 2, 6), (2, 0, 6), (2, 3, 1)])?;
    /// let m = max_weight_matching(&g)?;
    /// assert_eq!(m.total(), 7);
    /// m.verify(&g)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn verify(&self, graph: &WeightedGraph<W>) -> Result<(), WeightedError> {
        if W::Scalar::EXACT {
            self.verify_in::<i128>(graph)
        } else {
            self.verify_in::<f64>(graph)
        }
    }

    fn verify_in<A: Acc>(&self, graph: &WeightedGraph<W>) -> Result<(), WeightedError> {
        let n = graph.vertex_count();
        let d = &self.duals;
        for found in [
            self.matching.vertex_count(),
            d.vertex.len(),
            d.vertex_blossom.len(),
        ] {
            if found != n {
                return Err(WeightedError::SizeMismatch { expected: n, found });
            }
        }
        let refuse = |reason: String| Err(WeightedError::NotCertified { reason });
        let k = d.blossom.len();
        if d.blossom_parent.len() != k {
            return refuse(format!(
                "{} blossom duals but {} blossom parents",
                k,
                d.blossom_parent.len()
            ));
        }
        if let Err(e) = self.matching.check(graph.graph()) {
            return refuse(e.to_string());
        }
        let minimise = self.objective == Objective::MinPerfect;
        let weights = if minimise {
            graph.lightest()
        } else {
            &graph.weights[..]
        };
        // Everything in maximising form: a cost is a negated weight and a
        // vertex dual changes sign with it.
        let wv = |x: W| -> A {
            let a = A::from_value(value_of(x));
            if minimise {
                a.neg()
            } else {
                a
            }
        };
        let yv: Vec<A> = d
            .vertex
            .iter()
            .map(|&y| {
                let a = A::from_scalar(y);
                if minimise {
                    a.neg()
                } else {
                    a
                }
            })
            .collect();
        let zb: Vec<A> = d.blossom.iter().map(|&z| A::from_scalar(z)).collect();
        let lambda = A::from_scalar(d.free);
        if let Some(bad) = yv.iter().chain(&zb).chain([&lambda]).find(|a| !a.finite()) {
            return refuse(format!("the dual {bad:?} is not finite"));
        }
        // The largest magnitude of any weight or dual, for float tolerances.
        let big = yv
            .iter()
            .chain(&zb)
            .map(|a| a.abs())
            .chain(weights.iter().map(|&x| wv(x).abs().times(4)))
            .fold(A::zero(), A::max);
        // The forest: nodes 0..k are the blossoms, k..k + n the vertices,
        // k + n a root over all.
        let root = k + n;
        let parent_of = |node: usize| -> usize {
            let p = if node < k {
                d.blossom_parent[node]
            } else if node < root {
                d.vertex_blossom[node - k]
            } else {
                NONE
            };
            if p == NONE {
                root
            } else {
                idx(p)
            }
        };
        for (b, &p) in d.blossom_parent.iter().enumerate() {
            if p != NONE && idx(p) >= k {
                return refuse(format!("blossom {b} has the parent {p}, out of range"));
            }
        }
        for (v, &b) in d.vertex_blossom.iter().enumerate() {
            if b != NONE && idx(b) >= k {
                return refuse(format!("vertex {v} is in blossom {b}, out of range"));
            }
        }
        for (b, z) in zb.iter().enumerate() {
            if z.below(A::zero(), z.abs(), big) {
                return refuse(format!("blossom {b} has the negative dual {z:?}"));
            }
        }
        // Children of each node, by a counting sort on the parents.
        let mut start = vec![0u32; root + 2];
        for node in 0..root {
            start[parent_of(node) + 1] += 1;
        }
        for i in 0..=root {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut children = vec![0u32; root];
        for node in 0..root {
            let p = parent_of(node);
            children[idx(fill[p])] = id(node);
            fill[p] += 1;
        }
        drop(fill);
        // One depth-first pass from the root: blossom duals summed down,
        // lowest common ancestors of each edge's ends (Tarjan), sizes and
        // pairs inside counted up.
        let mut zsum = vec![A::zero(); root + 1];
        let mut size = vec![0usize; root + 1];
        let mut inside = vec![0usize; root + 1];
        let mut uf: Vec<u32> = (0..=root).map(id).collect();
        let mut done = vec![false; n];
        let mut reached = 0usize;
        let mut primal = A::zero();
        let mut weight_sum = A::zero();
        let mut weight_scale = A::zero();
        let mut failure: Option<String> = None;
        let mut stack: Vec<(u32, u32)> = vec![(id(root), start[root])];
        while let Some(&(node, pos)) = stack.last() {
            let node = idx(node);
            if pos == start[node] && node < root {
                // Entering the node.
                reached += 1;
                let p = parent_of(node);
                if node < k {
                    zsum[node] = zsum[p].add(zb[node]);
                } else {
                    let u = node - k;
                    size[node] = 1;
                    for pos in graph.range(u) {
                        let x = idx(graph.graph.adj[pos]);
                        if !done[x] {
                            continue;
                        }
                        let l = find(&mut uf, k + x);
                        let zc = zsum[l];
                        let w4 = wv(weights[pos]).times(4);
                        let slack = yv[u].add(yv[x]).add(zc).sub(w4);
                        let scale = w4.abs().add(yv[u].abs()).add(yv[x].abs()).add(zc.abs());
                        let matched = self.matching.mate(u) == Some(x);
                        if failure.is_none() && slack.below(A::zero(), scale, big) {
                            failure = Some(format!(
                                "edge ({u}, {x}): the dual constraint fails by {:?}",
                                slack.neg()
                            ));
                        }
                        if matched {
                            if failure.is_none() && slack.above(A::zero(), scale, big) {
                                failure = Some(format!(
                                    "matched edge ({u}, {x}) is not tight: its slack is {slack:?}"
                                ));
                            }
                            primal = primal.add(w4);
                            let w = A::from_value(value_of(weights[pos]));
                            weight_sum = weight_sum.add(w);
                            weight_scale = weight_scale.add(w.abs());
                            inside[l] += 1;
                        }
                    }
                    done[u] = true;
                }
            }
            let top = stack.len() - 1;
            let pos = stack[top].1;
            if pos < start[node + 1] {
                stack[top].1 += 1;
                let c = children[idx(pos)];
                stack.push((c, start[idx(c)]));
            } else {
                stack.pop();
                if node < root {
                    let p = parent_of(node);
                    size[p] += size[node];
                    inside[p] += inside[node];
                    uf[node] = id(p);
                }
            }
        }
        if reached != root {
            return refuse("the blossoms' parents form a cycle".into());
        }
        if let Some(reason) = failure {
            return refuse(reason);
        }
        // Blossoms: odd, full.
        let mut dual = A::zero();
        let mut dual_scale = A::zero();
        for b in 0..k {
            if size[b] % 2 == 0 || inside[b] != size[b] / 2 {
                return refuse(format!(
                    "blossom {b} has {} vertices and {} pairs inside: not odd and full",
                    size[b], inside[b]
                ));
            }
            let term = zb[b].times(size[b] / 2);
            dual = dual.add(term);
            dual_scale = dual_scale.add(term.abs());
        }
        // Vertices.
        let free = n - 2 * self.matching.len();
        for (v, &y) in yv.iter().enumerate() {
            let is_free = self.matching.mate(v).is_none();
            let floor = match self.objective {
                Objective::MaxWeight => Some(A::zero()),
                Objective::MaxCardinality if free > 0 => Some(lambda),
                _ => None,
            };
            if let Some(f) = floor {
                let scale = y.abs().add(f.abs());
                if y.below(f, scale, big) {
                    return refuse(format!("vertex {v}: its dual {y:?} is below {f:?}"));
                }
                if is_free && y.above(f, scale, big) {
                    return refuse(format!(
                        "vertex {v} is free, but its dual {y:?} is not {f:?}"
                    ));
                }
            }
            dual = dual.add(y);
            dual_scale = dual_scale.add(y.abs());
        }
        match self.objective {
            Objective::MinPerfect if free > 0 => {
                return refuse(format!("{free} vertices are left free: not perfect"));
            }
            Objective::MaxCardinality if free > 0 => {
                let Some(proof) = &self.cardinality else {
                    return refuse("no Tutte–Berge certificate for the cardinality".into());
                };
                if let Err(e) = proof.verify(graph.graph(), &self.matching) {
                    return refuse(e.to_string());
                }
                let term = lambda.times(free);
                dual = dual.sub(term);
                dual_scale = dual_scale.add(term.abs());
            }
            _ => {}
        }
        let terms = n + k + self.matching.len() + 1;
        let gap = primal.sub(dual);
        let scale = dual_scale.add(primal.abs());
        if gap.below(A::zero(), scale, big.times(terms))
            || gap.above(A::zero(), scale, big.times(terms))
        {
            return refuse(format!(
                "the primal value {primal:?} differs from the dual objective {dual:?}"
            ));
        }
        let reported = A::from_scalar(self.total);
        let s = weight_scale.add(reported.abs());
        let global = big.times(terms);
        if reported.below(weight_sum, s, global) || reported.above(weight_sum, s, global) {
            return refuse(format!(
                "the reported total {:?} is not the weight of the pairs",
                self.total
            ));
        }
        Ok(())
    }
}

/// The root of `x`'s set, halving the path on the way.
fn find(uf: &mut [u32], x: usize) -> usize {
    let mut x = x;
    while idx(uf[x]) != x {
        let p = idx(uf[x]);
        uf[x] = uf[p];
        x = p;
    }
    x
}

/// The arithmetic of the check: exact `i128`, or `f64` with tolerances.
trait Acc: Copy + std::fmt::Debug {
    fn zero() -> Self;
    fn from_scalar<S: Scalar>(s: S) -> Self;
    fn from_value(v: Value) -> Self;
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn neg(self) -> Self;
    fn abs(self) -> Self;
    fn max(self, o: Self) -> Self;
    fn times(self, k: usize) -> Self;
    fn finite(&self) -> bool;
    /// `self < other` beyond the tolerance for the magnitudes `scale` and
    /// the global magnitude `big`.
    fn below(self, other: Self, scale: Self, big: Self) -> bool;
    /// `self > other` beyond the tolerance.
    fn above(self, other: Self, scale: Self, big: Self) -> bool;
}

impl Acc for i128 {
    fn zero() -> Self {
        0
    }
    fn from_scalar<S: Scalar>(s: S) -> Self {
        s.to_i128()
    }
    fn from_value(v: Value) -> Self {
        match v {
            Value::Int(x) => i128::from(x),
            Value::Big(x) => i128::try_from(x).unwrap_or(i128::MAX),
            Value::Float(_) => 0,
        }
    }
    fn add(self, o: Self) -> Self {
        self.saturating_add(o)
    }
    fn sub(self, o: Self) -> Self {
        self.saturating_sub(o)
    }
    fn neg(self) -> Self {
        self.saturating_neg()
    }
    fn abs(self) -> Self {
        self.saturating_abs()
    }
    fn max(self, o: Self) -> Self {
        std::cmp::max(self, o)
    }
    fn times(self, k: usize) -> Self {
        self.saturating_mul(i128::try_from(k).unwrap_or(i128::MAX))
    }
    fn finite(&self) -> bool {
        true
    }
    fn below(self, other: Self, _: Self, _: Self) -> bool {
        self < other
    }
    fn above(self, other: Self, _: Self, _: Self) -> bool {
        self > other
    }
}

/// The relative tolerance of float certificates.
const RELATIVE: f64 = 1e-9;
/// The tolerance relative to the largest magnitude anywhere.
const GLOBAL: f64 = 1e-12;

impl Acc for f64 {
    fn zero() -> Self {
        0.0
    }
    fn from_scalar<S: Scalar>(s: S) -> Self {
        s.to_f64()
    }
    fn from_value(v: Value) -> Self {
        match v {
            Value::Float(x) => x,
            _ => 0.0,
        }
    }
    fn add(self, o: Self) -> Self {
        self + o
    }
    fn sub(self, o: Self) -> Self {
        self - o
    }
    fn neg(self) -> Self {
        -self
    }
    fn abs(self) -> Self {
        f64::abs(self)
    }
    fn max(self, o: Self) -> Self {
        f64::max(self, o)
    }
    fn times(self, k: usize) -> Self {
        // A count as a float factor: exact below 2^53.
        self * k as f64
    }
    fn finite(&self) -> bool {
        self.is_finite()
    }
    fn below(self, other: Self, scale: Self, big: Self) -> bool {
        // NaN anywhere fails.
        let floor = other - RELATIVE * scale - GLOBAL * big;
        matches!(self.partial_cmp(&floor), Some(Ordering::Less) | None)
    }
    fn above(self, other: Self, scale: Self, big: Self) -> bool {
        let ceiling = other + RELATIVE * scale + GLOBAL * big;
        matches!(self.partial_cmp(&ceiling), Some(Ordering::Greater) | None)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{max_weight_matching, min_weight_perfect_matching, MaxWeightMatching};
    use super::*;

    fn refused<W: Cost>(m: &WeightedMatching<W>, g: &WeightedGraph<W>, what: &str) {
        let r = m.verify(g);
        assert!(
            matches!(r, Err(WeightedError::NotCertified { .. })),
            "{what}: {r:?}"
        );
    }

    /// Two triangles joined through a path: blossoms with positive duals
    /// in every mode.
    fn graph() -> WeightedGraph<i64> {
        WeightedGraph::from_edges(
            8,
            [
                (0, 1, 10),
                (1, 2, 10),
                (2, 0, 10),
                (2, 3, 4),
                (3, 4, 3),
                (4, 5, 10),
                (5, 6, 10),
                (6, 4, 10),
                (6, 7, 1),
            ],
        )
        .unwrap()
    }

    #[test]
    fn every_tampered_certificate_is_refused() {
        let g = graph();
        let m = max_weight_matching(&g).unwrap();
        m.verify(&g).unwrap();
        assert!(m.duals().blossom_count() > 0, "{m:?}");
        let mut t = m.clone();
        t.duals.vertex[0] += 1;
        refused(
            &t,
            &g,
            "a raised vertex dual: a matched edge is no longer tight",
        );
        let mut t = m.clone();
        t.duals.vertex[3] -= 4;
        refused(&t, &g, "a lowered vertex dual: an edge constraint fails");
        let mut t = m.clone();
        t.duals.blossom[0] = -t.duals.blossom[0];
        refused(&t, &g, "a negative blossom dual");
        let mut t = m.clone();
        t.duals.blossom_parent[0] = 0;
        refused(&t, &g, "a blossom its own parent");
        let mut t = m.clone();
        let v = (0..8).find(|&v| t.duals.vertex_blossom[v] != NONE).unwrap();
        t.duals.vertex_blossom[v] = NONE;
        refused(&t, &g, "a vertex taken out of its blossom");
        let mut t = m.clone();
        t.total += 1;
        refused(&t, &g, "a wrong total");
        let mut t = m.clone();
        t.matching = Matching::from_pairs(&g.graph, [(0, 1)]).unwrap();
        refused(&t, &g, "a smaller matching");
        let mut t = m.clone();
        t.objective = Objective::MinPerfect;
        refused(&t, &g, "the wrong objective");
        let c = MaxWeightMatching::new(&g)
            .max_cardinality()
            .solve()
            .unwrap();
        c.verify(&g).unwrap();
        let p = min_weight_perfect_matching(&g).unwrap();
        p.verify(&g).unwrap();
        let mut t = p.clone();
        t.duals.vertex[7] += 4;
        refused(&t, &g, "a perfect matching's dual off by one");
        let h = WeightedGraph::from_edges(9, [(0, 1, 1i64), (1, 2, 1), (2, 0, 1)]).unwrap();
        assert!(matches!(
            m.verify(&h),
            Err(WeightedError::SizeMismatch { .. })
        ));
    }

    #[test]
    fn a_free_vertex_must_sit_at_the_free_dual() {
        // a star: one pair, two free leaves
        let g = WeightedGraph::from_edges(4, [(0, 1, 5i64), (0, 2, 3), (0, 3, 1)]).unwrap();
        let m = max_weight_matching(&g).unwrap();
        m.verify(&g).unwrap();
        let mut t = m.clone();
        t.duals.vertex[3] += 4;
        t.duals.vertex[0] -= 0;
        refused(&t, &g, "a free vertex with a positive dual");
        let c = MaxWeightMatching::new(&g)
            .max_cardinality()
            .solve()
            .unwrap();
        c.verify(&g).unwrap();
        assert!(c.cardinality_certificate().is_some());
        let mut t = c.clone();
        t.duals.free += 4;
        refused(&t, &g, "free vertices off the common dual");
        let mut t = c.clone();
        t.cardinality = None;
        refused(&t, &g, "no cardinality certificate");
        let f = WeightedGraph::from_edges(3, [(0, 1, 1.5), (1, 2, 2.5)]).unwrap();
        let m = max_weight_matching(&f).unwrap();
        m.verify(&f).unwrap();
        let mut t = m.clone();
        t.duals.vertex[1] += 1e-3;
        refused(&t, &f, "a float dual off by 10^-3");
        let mut t = m.clone();
        t.duals.vertex[0] = f64::NAN;
        refused(&t, &f, "a NaN dual");
    }
}
