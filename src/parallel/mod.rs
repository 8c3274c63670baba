//! The `parallel` feature's thread setting: how many threads the crate's
//! parallel code uses.
//!
//! Every parallel function of the crate (such as
//! [`assignment::Batch::solve`](crate::assignment::Batch::solve)) runs on
//! the *current* rayon pool: rayon's global pool, one thread per core,
//! unless the call is made inside a pool the caller installed
//! (`rayon::ThreadPool::install`). [`with_threads`] is a shorthand for the
//! latter: it builds a pool of `n` threads and runs a closure in it.
//!
//! Results never depend on the number of threads: every parallel function
//! returns the same answer, bit for bit, as its sequential form (each one
//! says how). Inputs below a per-function threshold of work run on the
//! calling thread without waking a pool.
//!
//! ```
//! use bimatch::assignment::{linear_sum_assignment_batch, CostMatrix};
//!
//! let problems = vec![CostMatrix::from_rows(vec![vec![3i64, 1], vec![1, 3]])?; 8];
//! let answers = bimatch::parallel::with_threads(2, || linear_sum_assignment_batch(&problems))??;
//! assert!(answers.iter().all(|a| matches!(a, Ok(s) if s.total_cost() == 2)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod group;

/// A thread pool could not be started.
#[derive(Debug, thiserror::Error)]
#[error("cannot start a pool of {threads} threads: {reason}")]
#[non_exhaustive]
pub struct PoolError {
    /// The number of threads asked for.
    pub threads: usize,
    /// Why the pool could not be started, as rayon says it.
    pub reason: String,
}

/// Runs `f` in a new rayon pool of `threads` threads (0: one per core, as
/// rayon's default) and returns its result; parallel functions called
/// inside `f` use that pool. The pool is dropped when `f` returns.
///
/// # Errors
///
/// [`PoolError`] if the operating system refuses the threads.
pub fn with_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> Result<T, PoolError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| PoolError {
            threads,
            reason: e.to_string(),
        })?;
    Ok(pool.install(f))
}

/// The number of threads of the current rayon pool: what a parallel
/// function called here would use.
pub fn current_threads() -> usize {
    rayon::current_num_threads()
}
