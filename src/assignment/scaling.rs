//! The maximum-product matching of a sparse matrix, with row and column
//! scalings (the job 5 of HSL MC64).

use super::duals::Solution;
use super::duals::{Mates, Pairs};
use super::error::Error;
use super::sparse::MinCostMatching;
use super::weighted::WeightedBipartite;

/// A maximum-product matching with its scalings; built by
/// [`max_product_matching`].
#[derive(Debug, Clone, PartialEq)]
pub struct MaxProduct {
    log: Solution<f64>,
    log_row: Vec<f64>,
    log_col: Vec<f64>,
}

impl MaxProduct {
    /// The matched `(row, col)` pairs, by ascending row.
    pub fn pairs(&self) -> Pairs<'_> {
        self.log.pairs()
    }

    /// For each row, its column, or `None` if it is unmatched.
    pub fn row_to_col(&self) -> Mates<'_> {
        self.log.row_to_col()
    }

    /// For each column, its row, or `None` if it is unmatched.
    pub fn col_to_row(&self) -> Mates<'_> {
        self.log.col_to_row()
    }

    /// The matched pairs as `(row_ind, col_ind)`, sorted by row: see
    /// [`Solution::row_col_indices`].
    pub fn row_col_indices(&self) -> (Vec<usize>, Vec<usize>) {
        self.log.row_col_indices()
    }

    /// The number of matched pairs (the structural rank).
    pub fn len(&self) -> usize {
        self.log.len()
    }

    /// Whether nothing is matched.
    pub fn is_empty(&self) -> bool {
        self.log.is_empty()
    }

    /// The natural logarithms of the row scalings.
    pub fn log_row_scaling(&self) -> &[f64] {
        &self.log_row
    }

    /// The natural logarithms of the column scalings.
    pub fn log_col_scaling(&self) -> &[f64] {
        &self.log_col
    }

    /// The row scalings `r`: `|r[i] · a[i][j] · s[j]|` is 1 on matched
    /// entries and at most 1 elsewhere (up to rounding). May overflow to
    /// `+∞` for matrices whose entries span more than about 10^±300; the
    /// logarithms do not.
    pub fn row_scaling(&self) -> Vec<f64> {
        self.log_row.iter().map(|x| x.exp()).collect()
    }

    /// The column scalings `s`.
    pub fn col_scaling(&self) -> Vec<f64> {
        self.log_col.iter().map(|x| x.exp()).collect()
    }

    /// The minimum-cost matching of the transformed costs
    /// `c[i][j] = L − log |a[i][j]|` (`L` the largest of the `log |a|`),
    /// with its certificate.
    pub fn log_solution(&self) -> &Solution<f64> {
        &self.log
    }
}

impl<'a> IntoIterator for &'a MaxProduct {
    type Item = (usize, usize);
    type IntoIter = Pairs<'a>;

    fn into_iter(self) -> Pairs<'a> {
        self.pairs()
    }
}

/// A matching of maximum cardinality that maximises the product of the
/// magnitudes of its entries, with row and column scalings that make every
/// matched entry ±1 and every other entry at most 1 in magnitude. Zero
/// entries are treated as absent. Used to move large entries onto the
/// diagonal before a sparse LU factorisation.
///
/// The costs `c[i][j] = L − log |a[i][j]|` (with `L` the largest log
/// magnitude; MC64 takes each column's largest, which is the same on a
/// perfect matching but not on a deficient one) are non-negative; a
/// minimum-cost matching of maximum cardinality of them
/// ([`min_cost_matching`](super::min_cost_matching)) maximises the product,
/// and its potentials `u`, `v` give the scalings `r[i] = exp(u[i])`,
/// `s[j] = exp(v[j] − L)`: then `|r[i] a[i][j] s[j]| = exp(u[i] + v[j] −
/// c[i][j]) ≤ 1`, with equality on the matching (I. S. Duff and J. Koster,
/// "On algorithms for permuting large entries to the diagonal of a sparse
/// matrix", SIAM J. Matrix Anal. Appl. 22, 2001).
///
/// # Complexity
///
/// As [`MinCostMatching::solve`], plus O(V + E).
///
/// # Testing
///
/// On random sparse matrices up to 5 × 5 with entries spanning 10^±6 and
/// both signs, against brute force over all matchings (the product), and
/// entry by entry on the scaled matrix (`tests/suite/assignment_scaling.rs`).
///
/// # Errors
///
/// [`Error::BadCost`] for an entry that is NaN or infinite.
///
/// ```
/// use bimatch::assignment::{max_product_matching, WeightedBipartite};
///
/// let a = WeightedBipartite::from_edges(2, 2, [(0, 0, 1.0), (0, 1, 8.0), (1, 0, 4.0), (1, 1, 1.0)])?;
/// let p = max_product_matching(&a)?;
/// assert_eq!(p.pairs().collect::<Vec<_>>(), [(0, 1), (1, 0)]);
/// let (r, s) = (p.row_scaling(), p.col_scaling());
/// for (i, j, x) in a.entries() {
///     let scaled = (r[i] * x * s[j]).abs();
///     assert!(scaled <= 1.0 + 1e-12);
/// }
/// assert!(((r[0] * 8.0 * s[1]) - 1.0).abs() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn max_product_matching(a: &WeightedBipartite<f64>) -> Result<MaxProduct, Error> {
    let mut top = f64::NEG_INFINITY;
    for (i, j, x) in a.entries() {
        if !x.is_finite() {
            return Err(Error::BadCost {
                row: i,
                col: j,
                reason: "the entry is not finite",
            });
        }
        if x != 0.0 {
            top = top.max(x.abs().ln());
        }
    }
    if top == f64::NEG_INFINITY {
        top = 0.0;
    }
    let costs = WeightedBipartite::from_edges(
        a.rows(),
        a.cols(),
        a.entries()
            .filter(|&(_, _, x)| x != 0.0)
            .map(|(i, j, x)| (i, j, top - x.abs().ln())),
    )?;
    let log = MinCostMatching::new(&costs).solve()?;
    let log_row = log.row_potentials().to_vec();
    let log_col = log.col_potentials().iter().map(|&v| v - top).collect();
    Ok(MaxProduct {
        log,
        log_row,
        log_col,
    })
}
