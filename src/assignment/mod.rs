//! Weighted bipartite matching: the assignment problem, dense and sparse,
//! with dual certificates.
//!
//! - [`linear_sum_assignment`] and [`Assignment`]: a dense `rows × cols`
//!   [`CostMatrix`], rectangular without padding, minimising or
//!   maximising, with an optional cost for leaving a row unassigned.
//! - [`min_cost_matching`] and [`MinCostMatching`]: a sparse
//!   [`WeightedBipartite`] graph; among the maximum-cardinality matchings,
//!   one of least (or greatest) cost, or an error naming a Hall violator
//!   when a perfect one is required and none exists.
//! - [`max_product_matching`]: the maximum-product matching of a sparse
//!   matrix with row and column scalings that make matched entries 1 in
//!   magnitude and every other entry at most 1.
//! - [`k_best`](fn@k_best) and [`KBest`]: the k best assignments of either, lazily,
//!   best first (Murty with the Miller–Stone–Cox optimisations), each
//!   optimal in its [`Subproblem`].
//! - [`bottleneck`](fn@bottleneck) and [`Bottleneck`]: a matching of maximum size whose
//!   largest cost is least (smallest greatest, maximising), with
//!   [`HallSet`]s proving both the value and the size.
//! - Every [`Solution`] carries dual potentials for the original costs, and
//!   [`Solution::verify`] checks in linear time that they prove it optimal:
//!   exactly on integers; on floats the potentials are exactly feasible and
//!   [`Solution::gap`] bounds how far the answer can be from the optimum.
//!
//! Costs are `i32`, `i64`, `u32`, `u64` (exact, in `i64`), `f32` or `f64`
//! (in `f64`); see [`Cost`]. Rows are the left side ([`Side::Left`](crate::Side))
//! of the bipartite graph, columns the right side.
//!
//! ```
//! use bimatch::assignment::{linear_sum_assignment, CostMatrix};
//!
//! // Three workers, two jobs: the cheapest pair of assignments.
//! let c = CostMatrix::from_rows(vec![vec![8i64, 4], vec![2, 6], vec![3, 5]])?;
//! let s = linear_sum_assignment(&c)?;
//! assert_eq!(s.pairs().collect::<Vec<_>>(), [(0, 1), (1, 0)]);
//! assert_eq!(s.total_cost(), 6);
//! s.verify(&c)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// The layers, each file naming only those above it in this list:
// - error, cast, exact: the wing's error, numeric conversions, and exact
//   float sums and differences for certificates;
// - cost, weighted: the cost types (`Cost`, `CostMatrix`, `WeightedBipartite`);
// - engine, reduction, tight: the engine layer (raw results, the cost CSR,
//   budgets, rules, the augmenting row reduction, the tight start);
// - cost_scaling, sparse_paths, sparse_first, dense_paths: the engines
//   (the dense searches may start from the sparse engine's answer on the
//   cheapest entries);
// - duals, hall: solutions with their certificates, and Hall violators;
// - dense, sparse, scaling: the fronts;
// - k_best, bottleneck: fronts built on the fronts and the cardinality
//   machinery; batch: many dense problems at once, on the dense front.
mod alike;
mod batch;
mod bottleneck;
mod cast;
mod cost;
mod cost_scaling;
mod dense;
mod dense_paths;
mod dense_phases;
mod duals;
mod engine;
mod error;
mod exact;
mod hall;
mod k_best;
mod min_heap;
mod padded;
mod peel;
mod reduction;
mod sample;
mod scaling;
mod sparse;
mod sparse_first;
mod sparse_paths;
mod subproblem;
#[cfg(test)]
mod test_rng;
mod tight;
mod weighted;

pub use batch::{linear_sum_assignment_batch, Batch, PARALLEL_MIN_WORK};
pub use bottleneck::{bottleneck, Bottleneck, BottleneckAssignment, HallSet};
pub use cost::{Cost, CostMatrix, Scalar};
pub use dense::{linear_sum_assignment, Assignment};
pub use duals::{Instance, Mates, Pairs, Solution};
pub use error::Error;
pub use k_best::{k_best, KBest, KBestInput, Ranked};
pub use scaling::{max_product_matching, MaxProduct};
pub use sparse::{min_cost_matching, MinCostMatching};
pub use subproblem::Subproblem;
pub use weighted::{Entries, RowEntries, WeightedBipartite};
