//! Batched assignment (`Batch`, `linear_sum_assignment_batch`): every
//! answer equals the one-by-one answer for that problem, in order, and its
//! dual certificate holds; with the `parallel` feature, for 1, 2 and 3
//! threads alike.

use crate::common::Rng;

use bimatch::assignment::{
    linear_sum_assignment, linear_sum_assignment_batch, Assignment, Batch, CostMatrix, Error,
    Solution, PARALLEL_MIN_WORK,
};

/// Problems of mixed shapes (square, wide, tall, empty), some with
/// forbidden entries, so that some are infeasible; `big` rows and columns
/// at most.
fn floats(rng: &mut Rng, count: usize, big: usize) -> Vec<CostMatrix<f64>> {
    (0..count)
        .map(|k| {
            let (rows, cols) = match k % 4 {
                0 => (big, big),
                1 => (big / 2 + rng.below(big / 2), big),
                2 => (big, big / 3 + rng.below(big / 2)),
                _ => (rng.below(4), rng.below(4)),
            };
            let forbid = k % 5 == 3;
            let data = (0..rows * cols)
                .map(|_| {
                    if forbid && rng.chance(70) {
                        f64::INFINITY
                    } else {
                        rng.below(1 << 20) as f64 / 1024.0 - 300.0
                    }
                })
                .collect();
            CostMatrix::new(rows, cols, data).unwrap()
        })
        .collect()
}

fn integers(rng: &mut Rng, count: usize, n: usize) -> Vec<CostMatrix<i64>> {
    (0..count)
        .map(|_| {
            let data = (0..n * n).map(|_| rng.below(1000) as i64 - 500).collect();
            CostMatrix::new(n, n, data).unwrap()
        })
        .collect()
}

fn one_by_one<C: bimatch::assignment::Cost>(
    problems: &[CostMatrix<C>],
    maximize: bool,
    unmatched: Option<C>,
) -> Vec<Result<Solution<C>, Error>> {
    problems
        .iter()
        .map(|c| {
            let mut a = Assignment::new(c);
            if maximize {
                a = a.maximize();
            }
            if let Some(x) = unmatched {
                a = a.unmatched_cost(x);
            }
            a.solve()
        })
        .collect()
}

fn assert_certified<C: bimatch::assignment::Cost>(
    answers: &[Result<Solution<C>, Error>],
    problems: &[CostMatrix<C>],
) {
    for (k, (a, c)) in answers.iter().zip(problems).enumerate() {
        match a {
            Ok(s) => s.verify(c).unwrap_or_else(|e| panic!("problem {k}: {e}")),
            Err(e) => assert!(matches!(e, Error::Infeasible { .. }), "problem {k}: {e}"),
        }
    }
}

#[test]
fn a_batch_equals_one_by_one_below_and_above_the_threshold() {
    let mut rng = Rng::new(20);
    for (count, big) in [(0, 8), (1, 40), (3, 6), (12, 70), (9, 140)] {
        let problems = floats(&mut rng, count, big);
        let work: u128 = problems
            .iter()
            .map(|c| {
                let (r, k) = (
                    c.rows().min(c.cols()) as u128,
                    c.rows().max(c.cols()) as u128,
                );
                r * r * k
            })
            .sum();
        // The cases cover both sides of the threshold.
        assert_eq!(
            big == 140,
            work >= PARALLEL_MIN_WORK,
            "count {count}, side {big}"
        );
        let answers = linear_sum_assignment_batch(&problems).unwrap();
        assert_eq!(answers, one_by_one(&problems, false, None));
        assert_certified(&answers, &problems);
    }
}

#[test]
fn options_reach_every_problem() {
    let mut rng = Rng::new(21);
    let problems = floats(&mut rng, 10, 130);
    let answers = Batch::new(&problems).maximize().solve().unwrap();
    assert_eq!(answers, one_by_one(&problems, true, None));
    let answers = Batch::new(&problems)
        .unmatched_cost(-250.0)
        .solve()
        .unwrap();
    assert_eq!(answers, one_by_one(&problems, false, Some(-250.0)));
    assert!(
        answers.iter().all(Result::is_ok),
        "an unmatched cost makes every problem feasible"
    );
    assert_certified(&answers, &problems);
}

#[test]
fn integer_batches_are_exact() {
    let mut rng = Rng::new(22);
    let problems = integers(&mut rng, 16, 90);
    let answers = linear_sum_assignment_batch(&problems).unwrap();
    for (a, c) in answers.iter().zip(&problems) {
        let a = a.as_ref().unwrap();
        assert_eq!(
            a.total_cost(),
            linear_sum_assignment(c).unwrap().total_cost()
        );
        a.verify(c).unwrap();
    }
}

#[test]
fn a_bad_problem_fails_alone() {
    let mut rng = Rng::new(23);
    let mut problems = floats(&mut rng, 8, 140);
    let mut data = problems[5].as_slice().to_vec();
    data[7] = f64::NAN;
    problems[5] = CostMatrix::new(problems[5].rows(), problems[5].cols(), data).unwrap();
    let answers = linear_sum_assignment_batch(&problems).unwrap();
    assert!(matches!(answers[5], Err(Error::BadCost { .. })));
    assert_eq!(answers, one_by_one(&problems, false, None));
}

#[test]
fn borrowed_views_batch_too() {
    let mut rng = Rng::new(24);
    let owned = floats(&mut rng, 6, 150);
    let views: Vec<CostMatrix<f64, &[f64]>> = owned.iter().map(CostMatrix::as_view).collect();
    let answers = linear_sum_assignment_batch(&views).unwrap();
    assert_eq!(answers, one_by_one(&owned, false, None));
}

#[cfg(feature = "parallel")]
#[test]
fn every_thread_count_gives_the_same_answers() {
    let mut rng = Rng::new(25);
    let problems = floats(&mut rng, 24, 120);
    let expected = one_by_one(&problems, false, None);
    for threads in [1, 2, 3] {
        let answers =
            bimatch::parallel::with_threads(threads, || linear_sum_assignment_batch(&problems))
                .unwrap()
                .unwrap();
        assert_eq!(answers, expected, "{threads} threads");
    }
    assert_eq!(
        bimatch::parallel::with_threads(3, bimatch::parallel::current_threads).unwrap(),
        3
    );
}

#[cfg(feature = "parallel")]
#[test]
fn a_parallel_iterator_of_problems_works_as_well() {
    use rayon::prelude::*;
    let mut rng = Rng::new(26);
    let problems = floats(&mut rng, 12, 60);
    let answers: Vec<_> = problems.par_iter().map(linear_sum_assignment).collect();
    assert_eq!(answers, one_by_one(&problems, false, None));
}
