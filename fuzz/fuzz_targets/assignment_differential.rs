//! Builds a small assignment instance from arbitrary bytes and checks the
//! dense solver, the sparse solver and brute force against each other,
//! with every answer's dual certificate.
#![no_main]

use bimatch::assignment::{Assignment, CostMatrix, Error, MinCostMatching, WeightedBipartite};
use libfuzzer_sys::fuzz_target;

/// Best (pairs, cost) over every partial injection of rows into columns:
/// `full` asks for min(rows, cols) pairs; `exit` prices an unassigned row;
/// otherwise the most pairs, then the least cost. Iterative: one choice
/// per row, `cols` meaning none.
fn brute(
    rows: usize,
    cols: usize,
    c: &[Option<i64>],
    full: bool,
    exit: Option<i64>,
) -> Option<(usize, i64)> {
    let mut best: Option<(usize, i64)> = None;
    let mut choice = vec![0usize; rows];
    loop {
        let mut used = vec![false; cols];
        let (mut pairs, mut cost, mut ok) = (0usize, 0i64, true);
        for (i, &j) in choice.iter().enumerate() {
            if j < cols {
                match c[i * cols + j] {
                    Some(x) if !used[j] => {
                        used[j] = true;
                        pairs += 1;
                        cost += x;
                    }
                    _ => ok = false,
                }
            }
        }
        if ok && !(full && pairs < rows.min(cols)) {
            let value = match exit {
                Some(x) => (0, cost + x * (rows - pairs) as i64),
                None => (pairs, cost),
            };
            if best.map_or(true, |(p, k)| value.0 > p || (value.0 == p && value.1 < k)) {
                best = Some(value);
            }
        }
        let mut k = 0;
        while k < rows && choice[k] == cols {
            choice[k] = 0;
            k += 1;
        }
        if k == rows {
            return best;
        }
        choice[k] += 1;
    }
}

fuzz_target!(|data: &[u8]| {
    // Byte 0: rows (0..=5) and columns (0..=5); byte 1: flags; byte 2: the
    // unmatched cost; then one byte per entry (255 = forbidden).
    let [shape, flags, x, rest @ ..] = data else {
        return;
    };
    let (rows, cols) = (usize::from(shape % 6), usize::from((shape / 6) % 6));
    let maximize = flags & 1 == 1;
    let exit = (flags & 2 == 2).then_some(i64::from(*x) - 100);
    let c: Vec<Option<i64>> = (0..rows * cols)
        .map(|k| match rest.get(k) {
            Some(255) => None,
            Some(&b) => Some(i64::from(b) - 60),
            None => Some(0),
        })
        .collect();
    let sign = if maximize { -1 } else { 1 };
    let signed: Vec<Option<i64>> = c.iter().map(|x| x.map(|x| sign * x)).collect();
    let forbidden = if maximize {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    };
    let dense = CostMatrix::new(
        rows,
        cols,
        c.iter()
            .map(|x| x.map_or(forbidden, |x| x as f64))
            .collect(),
    )
    .expect("shape");
    let mut a = Assignment::new(&dense);
    if maximize {
        a = a.maximize();
    }
    if let Some(x) = exit {
        a = a.unmatched_cost(x as f64);
    }
    let expected = brute(rows, cols, &signed, exit.is_none(), exit.map(|x| sign * x));
    match (a.solve(), expected) {
        (Ok(s), Some((_, best))) => {
            s.verify(&dense).expect("certificate");
            assert_eq!(sign as f64 * s.total_cost(), best as f64);
        }
        (
            Err(Error::Infeasible {
                members,
                neighbours,
                ..
            }),
            None,
        ) => {
            assert!(neighbours.len() < members.len());
        }
        (s, b) => panic!("dense {s:?} against brute force {b:?}"),
    }
    // Sparse: the allowed entries, integer costs, maximum cardinality.
    let edges = (0..rows * cols).filter_map(|k| c[k].map(|w| (k / cols, k % cols, w)));
    let g = WeightedBipartite::from_edges(rows, cols, edges).expect("edges");
    let mut q = MinCostMatching::new(&g);
    if maximize {
        q = q.maximize();
    }
    let s = q.solve().expect("a maximum matching always exists");
    s.verify(&g).expect("certificate");
    let (pairs, best) = brute(rows, cols, &signed, false, None).expect("the empty matching");
    assert_eq!((s.len(), sign * s.total_cost()), (pairs, best));
    // Dense and sparse agree when the short side can be matched in full.
    if pairs == rows.min(cols) && exit.is_none() {
        let d = a.solve().expect("feasible");
        assert_eq!(d.total_cost(), s.total_cost() as f64);
    }
});
