//! The assignment wing under a 3 GiB address-space cap: constructors and
//! solvers asked for sizes whose arrays cannot be had answer with
//! `Error::OutOfMemory` instead of aborting. The checks run in a child
//! process whose limit is set by `ulimit -v`, so they never touch real
//! memory on any machine.

use bimatch::assignment::{
    linear_sum_assignment, Assignment, CostMatrix, Error, WeightedBipartite,
};

/// Every check, in the child.
fn checks() {
    let n = 1usize << 31;
    let oom = |e: Error, what: &str| {
        assert!(matches!(e, Error::OutOfMemory { .. }), "{what}: {e:?}");
        assert!(e.to_string().starts_with("cannot reserve "), "{what}: {e}");
    };
    // 2^31 rows and columns: 8 GiB of offsets.
    oom(
        WeightedBipartite::from_edges(n, n, [(0, 0, 1)]).unwrap_err(),
        "from_edges, 2^31 x 2^31",
    );
    oom(
        WeightedBipartite::from_edges(u32::MAX as usize - 2, 1, [(0u32, 0u32, 1.5); 0])
            .unwrap_err(),
        "from_edges, u32::MAX - 2 rows",
    );
    // Matrices with no entries but 2^31 rows or columns: the solvers'
    // mates and potentials cannot be had.
    let tall = CostMatrix::<i64>::new(n, 0, Vec::new()).unwrap();
    assert_eq!((tall.rows(), tall.cols()), (n, 0));
    oom(
        linear_sum_assignment(&tall).unwrap_err(),
        "a 2^31 x 0 matrix",
    );
    oom(
        Assignment::new(&tall)
            .unmatched_cost(1)
            .solve()
            .unwrap_err(),
        "a 2^31 x 0 matrix with an unmatched cost",
    );
    let wide = CostMatrix::<f64, &[f64]>::borrowed(0, n, &[]).unwrap();
    oom(linear_sum_assignment(&wide).unwrap_err(), "a 0 x 2^31 view");
}

#[cfg(unix)]
#[test]
fn memory_that_cannot_be_had_is_an_error() {
    if crate::common::capped::in_capped_child(
        module_path!(),
        "memory_that_cannot_be_had_is_an_error",
    ) {
        checks();
    }
}
