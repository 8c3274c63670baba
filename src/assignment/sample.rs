//! Samples for the engines' choices (whether rows tie, whether they
//! prefer different columns, whether columns collapse on a few rows): one
//! position in each of `k` equal strata, drawn from a seed taken from the
//! matrix itself. The positions are spread as evenly as fixed ones
//! (`s · len / k`) would be and the same on every run of the same input,
//! but no fixed set of rows decides the choice: an input whose rows at
//! `s · len / k` alone differ from the rest (uniform costs with binary rows
//! there, 2000²: 10.4 -> 28.5 ms, the sparse first try declined) is seen
//! as the rest.

use super::cost::Scalar;

/// A seed for [`strata`] from the matrix `c`: its length and a few of its
/// entries, mixed.
pub(crate) fn seed<S: Scalar>(c: &[S]) -> u64 {
    let mut h = mix(c.len() as u64 ^ 0x9E37_79B9_7F4A_7C15);
    let picks = c.len().min(PICKS);
    for k in 0..picks {
        let x = c[k * c.len() / picks];
        h = mix(h ^ x.to_f64().to_bits());
    }
    h
}

/// Positions in `0..len`, `min(k, len)` of them, one in each of as many
/// equal strata, in increasing order, each at a place in its stratum
/// drawn from `seed`.
pub(crate) fn strata(len: usize, k: usize, seed: u64) -> impl Iterator<Item = usize> {
    let k = k.min(len);
    let mut state = seed;
    (0..k).map(move |s| {
        let (lo, hi) = (s * len / k, (s + 1) * len / k);
        state = mix(state.wrapping_add(0x9E37_79B9_7F4A_7C15));
        // `hi > lo` as `len ≥ k`; the remainder is below `hi − lo`.
        lo + (state % (hi - lo) as u64) as usize
    })
}

/// A place for item `i` drawn from `seed`, uniform over `usize` (reduce
/// it modulo a length): items take independent places, so no length
/// lines them up (a fixed stride `i · s` took two places in all on rows of
/// 138 blocks, where the stride shared the factor 69 with 138).
pub(crate) fn place(seed: u64, i: usize) -> usize {
    mix(seed ^ mix((i as u64).wrapping_add(0x9E37_79B9_7F4A_7C15))) as usize
}

/// A bijective mix of 64 bits (the finaliser of SplitMix64).
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The entries [`seed`] reads.
const PICKS: usize = 16;

#[cfg(test)]
mod tests {
    use super::*;

    /// One position a stratum, in order, inside the range; the same for
    /// the same seed, and not the fixed `s · len / k` for every seed.
    #[test]
    fn one_position_in_each_stratum() {
        for len in [1, 2, 5, 31, 32, 33, 100, 2000] {
            for k in [1, 16, 32] {
                for seed in [0, 1, 0xDEAD_BEEF] {
                    let got: Vec<usize> = strata(len, k, seed).collect();
                    let k = k.min(len);
                    assert_eq!(got.len(), k);
                    for (s, &p) in got.iter().enumerate() {
                        assert!(s * len / k <= p && p < (s + 1) * len / k, "{len} {k}");
                    }
                    assert_eq!(got, strata(len, k, seed).collect::<Vec<_>>());
                }
            }
        }
        let fixed: Vec<usize> = (0..32).map(|s| s * 2000 / 32).collect();
        let moved = (0..8u64)
            .filter(|&seed| strata(2000, 32, seed).collect::<Vec<_>>() != fixed)
            .count();
        assert_eq!(moved, 8);
    }

    /// Places of consecutive items reduced to any length cover it as
    /// random ones would: on lengths sharing factors with common strides,
    /// at least half the values each.
    #[test]
    fn places_cover_every_length() {
        for len in [2, 23, 69, 138, 587, 1024] {
            let mut seen = vec![false; len];
            for i in 0..4 * len {
                seen[place(0x00C0_FFEE, i) % len] = true;
            }
            let covered = seen.iter().filter(|&&s| s).count();
            assert!(2 * covered >= len, "{len}: {covered}");
        }
    }

    /// The seed follows the entries it reads and the length.
    #[test]
    fn the_seed_follows_the_matrix() {
        let a: Vec<i64> = (0..1000).collect();
        let mut b = a.clone();
        b[0] = 7;
        assert_ne!(seed(&a), seed(&b));
        assert_ne!(seed(&a), seed(&a[..999]));
        assert_eq!(seed(&a), seed(&a.clone()));
        assert_eq!(seed::<f64>(&[]), seed::<f64>(&[]));
    }
}
