//! Many independent dense assignment problems solved at once:
//! [`Batch`] and [`linear_sum_assignment_batch`]. With the `parallel`
//! feature the problems are spread over the threads of the current rayon
//! pool; without it, or below a threshold of work, they are solved one
//! after another. Either way every answer is the one
//! [`Assignment::solve`] gives for that problem alone, in input order.

use super::cost::{Cost, CostMatrix};
use super::dense::Assignment;
use super::duals::Solution;
use super::error::Error;

/// Below this estimated work (the sum over the problems of r² · c, for
/// r = min(rows, cols) and c = max(rows, cols): the dense solver's bound)
/// a batch is solved on the calling thread. 2^21 is one 128 × 128
/// problem: about 0.3 ms on one core for uniform floats (measured on a
/// loaded 2-core machine, bench/notes/parallel.md), a hundred times what
/// handing a problem to another thread costs, so a handful of tiny
/// problems never wakes the pool while any batch worth splitting is split.
pub const PARALLEL_MIN_WORK: u128 = 1 << 21;

/// Options for a batch of dense assignment problems, all solved with the
/// same options; [`solve`](Self::solve) runs them.
///
/// ```
/// use bimatch::assignment::{Batch, CostMatrix};
///
/// let problems = vec![
///     CostMatrix::from_rows(vec![vec![4i64, 1], vec![2, 0]])?,
///     CostMatrix::from_rows(vec![vec![1i64, 5], vec![5, 1]])?,
/// ];
/// let answers = Batch::new(&problems).maximize().solve()?;
/// assert_eq!(answers.len(), 2);
/// let mut totals = Vec::new();
/// for (answer, costs) in answers.into_iter().zip(&problems) {
///     let s = answer?;
///     s.verify(costs)?;
///     totals.push(s.total_cost());
/// }
/// assert_eq!(totals, [4, 10]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Batch<'a, C: Cost, S: AsRef<[C]> + Sync = Vec<C>> {
    problems: &'a [CostMatrix<C, S>],
    maximize: bool,
    unmatched: Option<C>,
}

impl<'a, C: Cost, S: AsRef<[C]> + Sync> Batch<'a, C, S> {
    /// A batch of `problems`: each minimised, every row (or column)
    /// assigned.
    pub fn new(problems: &'a [CostMatrix<C, S>]) -> Self {
        Batch {
            problems,
            maximize: false,
            unmatched: None,
        }
    }

    /// Maximise every problem's total instead.
    pub fn maximize(mut self) -> Self {
        self.maximize = true;
        self
    }

    /// Let every row of every problem stay unassigned at cost `x`, as
    /// [`Assignment::unmatched_cost`].
    pub fn unmatched_cost(mut self, x: C) -> Self {
        self.unmatched = Some(x);
        self
    }

    /// Solves every problem: the answers in the problems' order, each
    /// exactly what [`Assignment::solve`] returns for that problem with
    /// the same options (the same pairs, potentials and totals, bit for
    /// bit, for any number of threads: each problem is solved by one
    /// thread, by the same sequential code).
    ///
    /// With the `parallel` feature, a batch of at least two problems whose
    /// estimated work reaches [`PARALLEL_MIN_WORK`] runs on the current
    /// rayon pool (the global one, sized to the cores, unless the caller
    /// runs this inside `ThreadPool::install` or
    /// `bimatch::parallel::with_threads`, with the feature); any
    /// other batch runs on the calling thread.
    ///
    /// # Complexity
    ///
    /// The sum of the problems' [`Assignment::solve`] costs, divided among
    /// the threads; one problem is never split, so a batch is no faster
    /// than its largest problem.
    ///
    /// # Errors
    ///
    /// The outer error is [`Error::OutOfMemory`] if the list of answers
    /// cannot be reserved; each problem's own error (as
    /// [`Assignment::solve`]) is its entry in the list, and does not stop
    /// the others.
    pub fn solve(&self) -> Result<Vec<Result<Solution<C>, Error>>, Error> {
        let mut answers = Vec::new();
        answers
            .try_reserve_exact(self.problems.len())
            .map_err(|_| Error::OutOfMemory {
                what: "the answers of a batch",
                bytes: self
                    .problems
                    .len()
                    .saturating_mul(std::mem::size_of::<Result<Solution<C>, Error>>()),
            })?;
        if self.problems.len() >= 2 && work(self.problems) >= PARALLEL_MIN_WORK {
            self.solve_wide(&mut answers);
        } else {
            answers.extend(self.problems.iter().map(|c| self.one(c)));
        }
        Ok(answers)
    }

    /// One problem, with the batch's options.
    fn one(&self, costs: &CostMatrix<C, S>) -> Result<Solution<C>, Error> {
        let mut a = Assignment::new(costs);
        if self.maximize {
            a = a.maximize();
        }
        if let Some(x) = self.unmatched {
            a = a.unmatched_cost(x);
        }
        a.solve()
    }

    #[cfg(feature = "parallel")]
    fn solve_wide(&self, answers: &mut Vec<Result<Solution<C>, Error>>) {
        use rayon::prelude::*;
        // The capacity is already reserved, so collecting allocates nothing;
        // the answers land in input order.
        self.problems
            .par_iter()
            .with_max_len(1)
            .map(|c| self.one(c))
            .collect_into_vec(answers);
    }

    #[cfg(not(feature = "parallel"))]
    fn solve_wide(&self, answers: &mut Vec<Result<Solution<C>, Error>>) {
        answers.extend(self.problems.iter().map(|c| self.one(c)));
    }
}

/// The estimated work of a batch: the sum of r² · c over its problems.
fn work<C: Cost, S: AsRef<[C]>>(problems: &[CostMatrix<C, S>]) -> u128 {
    problems
        .iter()
        .map(|c| {
            let (r, k) = (
                c.rows().min(c.cols()) as u128,
                c.rows().max(c.cols()) as u128,
            );
            r * r * k
        })
        .sum()
}

/// Solves every problem of `problems` with [`linear_sum_assignment`]
/// (minimising, every row or column assigned): [`Batch::new`]`(problems)`
/// [`.solve()`](Batch::solve). The answers come in input order, each the
/// one [`linear_sum_assignment`] gives for that problem alone; with the
/// `parallel` feature a large enough batch runs on the current rayon pool.
///
/// [`linear_sum_assignment`]: super::linear_sum_assignment
///
/// # Errors
///
/// As [`Batch::solve`].
///
/// ```
/// use bimatch::assignment::{linear_sum_assignment, linear_sum_assignment_batch, CostMatrix};
///
/// let problems: Vec<CostMatrix<f64>> = (0..4)
///     .map(|k| CostMatrix::from_rows(vec![vec![1.0 + k as f64, 2.0], vec![3.0, 1.0]]))
///     .collect::<Result<_, _>>()?;
/// let answers = linear_sum_assignment_batch(&problems)?;
/// for (answer, costs) in answers.into_iter().zip(&problems) {
///     let s = answer?;
///     assert_eq!(s.total_cost(), linear_sum_assignment(costs)?.total_cost());
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn linear_sum_assignment_batch<C: Cost, S: AsRef<[C]> + Sync>(
    problems: &[CostMatrix<C, S>],
) -> Result<Vec<Result<Solution<C>, Error>>, Error> {
    Batch::new(problems).solve()
}
