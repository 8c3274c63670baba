//! Reads arbitrary text as an assignment instance, the way the
//! `assignment` example does (dense `rows cols` and costs, or, when the
//! first byte is `s`, sparse `L R M` and `u v w` triples), with hostile
//! numbers (NaN, infinities, the ends of `i64`): building and solving
//! never panic, and every answer passes its certificate.
#![no_main]

use bimatch::assignment::{
    linear_sum_assignment, min_cost_matching, CostMatrix, WeightedBipartite,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (sparse, text) = match text.strip_prefix('s') {
        Some(t) => (true, t),
        None => (false, text),
    };
    let mut words = text.split_ascii_whitespace();
    let mut count = || {
        words
            .next()
            .and_then(|w| w.parse::<usize>().ok())
            .map(|n| n.min(12))
    };
    let (Some(rows), Some(cols)) = (count(), count()) else {
        return;
    };
    let m = if sparse {
        count().unwrap_or(0)
    } else {
        rows * cols
    };
    let rest: Vec<&str> = words.collect();
    let ints: Option<Vec<i64>> = rest.iter().map(|w| w.parse().ok()).collect();
    let floats: Vec<f64> = rest.iter().map(|w| w.parse().unwrap_or(f64::NAN)).collect();
    if sparse {
        let triples = |k: usize| {
            let at = |f: usize| {
                rest.get(3 * k + f)
                    .and_then(|w| w.parse::<usize>().ok())
                    .unwrap_or(usize::MAX)
            };
            (at(0), at(1))
        };
        if let Some(ints) = &ints {
            let e = (0..m).map(|k| {
                (
                    triples(k).0,
                    triples(k).1,
                    ints.get(3 * k + 2).copied().unwrap_or(0),
                )
            });
            if let Ok(g) = WeightedBipartite::from_edges(rows, cols, e) {
                if let Ok(s) = min_cost_matching(&g) {
                    s.verify(&g).expect("certificate");
                }
            }
        }
        let e = (0..m).map(|k| {
            (
                triples(k).0,
                triples(k).1,
                floats.get(3 * k + 2).copied().unwrap_or(0.0),
            )
        });
        if let Ok(g) = WeightedBipartite::from_edges(rows, cols, e) {
            if let Ok(s) = min_cost_matching(&g) {
                s.verify(&g).expect("certificate");
            }
        }
        return;
    }
    if let Some(ints) = ints {
        if let Ok(c) = CostMatrix::new(rows, cols, ints) {
            if let Ok(s) = linear_sum_assignment(&c) {
                s.verify(&c).expect("certificate");
            }
        }
    }
    if let Ok(c) = CostMatrix::new(rows, cols, floats.into_iter().take(m).collect()) {
        if let Ok(s) = linear_sum_assignment(&c) {
            s.verify(&c).expect("certificate");
        }
    }
});
