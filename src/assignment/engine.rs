//! The engine layer: what every engine of the assignment wing reads and
//! returns, below the engines themselves (dense and sparse shortest paths,
//! cost scaling) and above the cost types. Nothing here names an engine, a
//! [`Solution`](super::Solution) or a front.
//!
//! - the raw result [`Raw`], and what each engine made of a problem
//!   ([`Searched`], [`Outcome`]);
//! - the row-major sparse problem [`Csr`] the sparse engines share;
//! - the budgets and thresholds by which the fronts choose an engine and
//!   an engine hands over to another;
//! - the constraint [`Rule`] of each side and the `NONE` sentinel.

use super::cost::{greatest, magnitude, Scalar};
use crate::csr::{try_vec, OutOfMemory, RowWriter};
use crate::util::{id, idx};

/// The mate of an unassigned row or column, inside the solvers.
pub(crate) const NONE: u32 = crate::util::UNMATCHED;

/// What the constraint on each row (or column) of the linear program is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Rule<S> {
    /// Assigned exactly once: the potential is free.
    Exactly,
    /// Assigned at most once: the potential is at most 0 (minimising),
    /// and 0 when unassigned.
    AtMost,
    /// Assigned, or left unassigned at this cost: the potential is at most
    /// the cost, and equal to it when unassigned. Rows only.
    OrPay(S),
}

/// The rule in the user's sign: the unmatched cost negated back, for a
/// problem that was maximised by minimising its negation.
pub(crate) fn flip<S: Scalar>(r: Rule<S>) -> Rule<S> {
    match r {
        Rule::OrPay(x) => Rule::OrPay(-x),
        other => other,
    }
}

/// An engine's result in its own orientation, minimising: the mates of
/// both sides and the potentials.
pub(crate) struct Raw<S> {
    pub(crate) col4row: Vec<u32>,
    pub(crate) row4col: Vec<u32>,
    pub(crate) u: Vec<S>,
    pub(crate) v: Vec<S>,
}

impl<S> Raw<S> {
    /// The same result with rows and columns swapped.
    pub(crate) fn transposed(self) -> Raw<S> {
        Raw {
            col4row: self.row4col,
            row4col: self.col4row,
            u: self.v,
            v: self.u,
        }
    }
}

/// What a shortest-path engine made of a problem.
pub(crate) enum Searched<S> {
    /// Every row matched at least cost.
    Done(Raw<S>),
    /// Some row cannot be matched.
    Infeasible,
    /// The work budget ran out first.
    OverBudget,
    /// Its arrays could not be reserved.
    OutOfMemory(OutOfMemory),
}

/// What the cost-scaling engine made of a problem.
pub(crate) enum Outcome<S> {
    /// A perfect matching of least cost with exact duals.
    Solved(Raw<S>),
    /// The problem has no perfect matching.
    NoPerfect,
    /// The engine does not take this problem (sizes whose scaled prices
    /// might not fit `i64`, a non-square or float problem, memory it could
    /// not reserve); another engine must.
    Declined,
}

/// When the shortest-path searches on a square integer problem (or a wide
/// one, padded to square: [`Csr::padded`]) give way to
/// cost scaling: by what they are doing, not by a fixed budget. After each
/// search the work so far (entry scans and heap pushes; column relaxations
/// in the dense engine) and its mean per search project the work of the
/// searches left; the searches hand over once the work done, or the
/// projection after [`HANDOVER_SAMPLE`] searches, passes
/// [`HANDOVER_WORK`] per entry. On random inputs the projection stays at a
/// few scans per entry (the late searches are the long ones, and the mean
/// of the early ones underestimates them), so the searches finish; on
/// inputs the start does not crack (c(i, j) = i · j, where every search
/// scans most rows) it passes hundreds within the first few searches, and
/// cost scaling takes over early.
///
/// On sparse inputs two signals come first, from the start. The greedy
/// step (each row takes its cheapest reduced entry if that column is
/// free, one pass over the entries) leaving more than
/// [`HANDOVER_GREEDY_PERCENT`] of the rows free hands over at once: the
/// augmenting row reduction that would follow costs a third to a half of
/// what cost scaling costs on such inputs (random sparse graphs, whose
/// reduction runs long chains of displaced rows, and whose searches grow
/// long and scan far apart), and cost scaling starts from scratch. Then a
/// reduction that leaves more than [`HANDOVER_FREE_PERCENT`] of the rows
/// free hands over too; one that leaves few (banded costs, a staircase,
/// where the greedy step already leaves a handful and the searches are
/// few and local while cost scaling's rounds crawl) keeps the searches.
/// Both signals apply only to rows of at most [`HANDOVER_SPARSE_DEGREE`]
/// entries on average: on denser rows a search reaches a free column after
/// a few rows, the searches' work per entry falls with the degree, and
/// they beat cost scaling whatever share of rows the start leaves free
/// (measured on random integer costs: 5 scans an entry and 3.7 times
/// faster than cost scaling at 1264 entries a row with 13 % of the rows
/// free after the start, even at 300 a row, 1.8 times slower at 100 a row,
/// 4 times slower at 64), so there only the projected work hands over.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Handover {
    limit: usize,
    free_percent: usize,
    greedy_percent: usize,
}

/// The share of rows, in percent, that a sparse start may leave free and
/// keep the searches.
pub(crate) const HANDOVER_FREE_PERCENT: usize = 1;

/// The share of rows, in percent, that the greedy step of a sparse start
/// may leave free and go on to the reduction: measured, 25–32 % on random
/// sparse graphs (uniform, nearest neighbours, a hidden perfect matching),
/// under 1 % on banded Machol–Wien costs and the staircase.
pub(crate) const HANDOVER_GREEDY_PERCENT: usize = 10;

/// The mean number of entries a row above which a sparse start's free
/// share no longer hands over (between the crossover of 300 measured on
/// random costs and the 100 where cost scaling still wins by 1.8 times).
pub(crate) const HANDOVER_SPARSE_DEGREE: usize = 192;

/// The work per entry past which the searches hand over: above the most
/// measured on random dense and sparse inputs (about 15 on uniform
/// integers at 2000², projected), below what cost scaling costs on the
/// inputs it is there for (hundreds on Machol–Wien matrices).
pub(crate) const HANDOVER_WORK: usize = 48;

/// The searches run before their mean projects the rest.
pub(crate) const HANDOVER_SAMPLE: usize = 8;

impl Handover {
    /// Never hand over (unmatched costs, square float problems, problems
    /// too small or too wide to pad or scale).
    pub(crate) const NEVER: Handover = Handover {
        limit: usize::MAX,
        free_percent: usize::MAX,
        greedy_percent: usize::MAX,
    };

    /// Give up after `limit` work, whatever the start leaves.
    pub(crate) fn within(limit: usize) -> Handover {
        Handover {
            limit,
            free_percent: usize::MAX,
            greedy_percent: usize::MAX,
        }
    }

    /// Hand over a dense problem of `size` entries and rows by its work.
    pub(crate) fn dense(size: usize) -> Handover {
        Handover {
            limit: HANDOVER_WORK.saturating_mul(size),
            free_percent: usize::MAX,
            greedy_percent: usize::MAX,
        }
    }

    /// Hand over a sparse problem of `entries` entries on `rows` rows by
    /// its start (at most [`HANDOVER_SPARSE_DEGREE`] entries a row on
    /// average), then by its work.
    pub(crate) fn sparse(entries: usize, rows: usize) -> Handover {
        let by_start = entries <= HANDOVER_SPARSE_DEGREE.saturating_mul(rows);
        let share = |percent| if by_start { percent } else { usize::MAX };
        Handover {
            limit: HANDOVER_WORK.saturating_mul(entries.saturating_add(rows)),
            free_percent: share(HANDOVER_FREE_PERCENT),
            greedy_percent: share(HANDOVER_GREEDY_PERCENT),
        }
    }

    /// Whether a greedy step that left `free` of `rows` rows free hands
    /// over (before the reduction).
    pub(crate) fn after_greedy(self, free: usize, rows: usize) -> bool {
        over_share(free, rows, self.greedy_percent)
    }

    /// Whether a start that left `free` of `rows` rows free hands over.
    pub(crate) fn after_start(self, free: usize, rows: usize) -> bool {
        over_share(free, rows, self.free_percent)
    }

    /// Whether there is a limit to pass.
    pub(crate) fn limit_set(self) -> bool {
        self.limit != usize::MAX
    }

    /// Whether the work `work` so far, inside a search, is past the limit.
    #[inline(always)]
    pub(crate) fn spent(self, work: usize) -> bool {
        work > self.limit
    }

    /// Whether to hand over after `done` of `total` searches cost `work`.
    pub(crate) fn projected(self, work: usize, done: usize, total: usize) -> bool {
        if self.limit == usize::MAX || done < HANDOVER_SAMPLE {
            return self.spent(work);
        }
        let rest = (work / done).saturating_mul(total - done);
        work.saturating_add(rest) > self.limit
    }
}

/// Whether `free` of `rows` is more than `percent` % (never, for
/// `usize::MAX`).
fn over_share(free: usize, rows: usize, percent: usize) -> bool {
    percent != usize::MAX && free.saturating_mul(100) > percent.saturating_mul(rows)
}

/// Sparse problems with fewer rows than this stay with shortest paths: below it,
/// cost scaling's rounds cost about as much as the long searches they
/// replace.
pub(crate) const HANDOVER_MIN_ROWS: usize = 256;

/// Square integer problems with fewer entries than this go to shortest
/// paths (whose start is cheaper on tiny inputs).
pub(crate) const COST_SCALING_MIN_ENTRIES: usize = 1024;

/// The lowest column potential the augmenting row reduction may set on
/// integer costs whose magnitudes are at most `max_abs` on `size` rows and
/// columns, so that every later value stays inside `i64`.
pub(crate) fn floor_for<S: Scalar>(max_abs: u128, size: usize) -> S {
    // (size + 2) · max_abs ≤ i64::MAX / 64 was checked: 4 times it fits
    // (and `from_i128` clamps in any case).
    let f = max_abs
        .saturating_mul(super::cast::wide(size).saturating_add(2))
        .saturating_mul(4);
    S::from_i128(i128::try_from(f).map_or(i128::MIN, |f| -f))
}

/// Whether integer costs given the floor `floor` (from [`floor_for`] on
/// their magnitude and the problem's size) may be searched in `f64`
/// exactly: when `(size + 2) · max |cost|` is at most `2^53 / 64`, every
/// value a solve reaches is an integer inside `±2^53` by the margin the
/// magnitude check keeps inside `i64`, so every sum and difference of
/// them is exact in `f64`.
pub(crate) fn fits_f64<S: Scalar>(floor: S) -> bool {
    S::EXACT && floor.to_i128() >= -(1i128 << 49)
}

impl<S: Scalar> Raw<S> {
    /// The answer of a wide problem of `rows` rows from that of the
    /// square one made of it by rows of `fill` below ([`Csr::padded`],
    /// with zeros): those rows dropped and the columns they took left
    /// free. At the optimum every such row has one potential `z` (each is
    /// tight at its own column and at most tight at the others'), so
    /// every column potential is at most `fill − z`, equal at the columns
    /// left free: shifted down by that (and the rows' up), the column
    /// potentials are at most 0 and 0 at the free ones, and every reduced
    /// cost is as it was.
    pub(crate) fn unpadded(mut self, rows: usize, fill: S) -> Raw<S> {
        let z = self.u[rows..].iter().copied().fold(S::INF, S::min2);
        if z < S::INF {
            let shift = fill - z;
            self.u.truncate(rows);
            self.u.iter_mut().for_each(|x| *x = *x + shift);
            self.v.iter_mut().for_each(|x| *x = *x - shift);
            for r in &mut self.row4col {
                if idx(*r) >= rows {
                    *r = NONE;
                }
            }
            self.col4row.truncate(rows);
        }
        self
    }

    /// The same result with its potentials in another type that holds
    /// them exactly (integers found by the float searches, as integers).
    ///
    /// # Errors
    ///
    /// When the new potentials cannot be reserved.
    pub(crate) fn converted<T: Scalar>(self) -> Result<Raw<T>, OutOfMemory> {
        let convert = |x: Vec<S>| -> Result<Vec<T>, OutOfMemory> {
            let mut w = try_vec(x.len(), "assignment: the potentials, converted")?;
            w.extend(x.into_iter().map(|a| T::from_i128(a.to_i128())));
            Ok(w)
        };
        Ok(Raw {
            u: convert(self.u)?,
            v: convert(self.v)?,
            col4row: self.col4row,
            row4col: self.row4col,
        })
    }
}

/// [`floor_for`] the entries `w`: `−∞` for floats, which cannot overflow.
pub(crate) fn floor_of<S: Scalar>(w: &[S], size: usize) -> S {
    if S::EXACT {
        let max_abs = greatest(w.iter().map(|&x| magnitude(x)), 0, |a, b| a > b);
        floor_for(max_abs, size)
    } else {
        -S::INF
    }
}

/// A row-major sparse problem in minimising form: row `i`'s entries are
/// `adj[offsets[i]..offsets[i + 1]]` (columns, ascending) with costs `w`.
pub(crate) struct Csr<S> {
    pub(crate) cols: usize,
    pub(crate) offsets: Vec<u32>,
    pub(crate) adj: Vec<u32>,
    pub(crate) w: Vec<S>,
}

impl<S: Scalar> Csr<S> {
    /// The number of rows.
    pub(crate) fn rows(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The positions of row `i`'s entries in `adj` and `w`.
    #[inline(always)]
    pub(crate) fn range(&self, i: usize) -> std::ops::Range<usize> {
        idx(self.offsets[i])..idx(self.offsets[i + 1])
    }

    /// [`Csr::padded`] with no row added.
    #[cfg(test)]
    pub(crate) fn from_dense(c: &[S], rows: usize, cols: usize) -> Result<Csr<S>, OutOfMemory> {
        Csr::padded(c, rows, cols, rows)
    }

    /// The finite entries of the row-major `rows × cols` matrix `c`
    /// (`INF` = forbidden), then rows of zeros, `to` rows in all (at least
    /// `rows`), by one counting pass and one writing pass, with its memory
    /// reserved fallibly: a wide problem made square, each column a row of
    /// zeros takes standing for a column left free ([`Raw::unpadded`]).
    pub(crate) fn padded(
        c: &[S],
        rows: usize,
        cols: usize,
        to: usize,
    ) -> Result<Csr<S>, OutOfMemory> {
        let rows_of = || c.chunks_exact(cols.max(1)).take(rows);
        let dummies = to - rows;
        let entries = rows_of().flatten().filter(|&&x| x < S::INF).count() + dummies * cols;
        let mut writer = RowWriter::new(to, entries, "assignment: entries of the cost matrix")?;
        let mut w = try_vec(entries, "assignment: costs of the entries")?;
        for row in rows_of() {
            for (j, &x) in row.iter().enumerate() {
                if x < S::INF {
                    writer.push(id(j));
                    w.push(x);
                }
            }
            writer.end_row();
        }
        for _ in 0..dummies {
            (0..cols).for_each(|j| writer.push(id(j)));
            w.resize(w.len() + cols, S::ZERO);
            writer.end_row();
        }
        let (offsets, adj) = writer.finish();
        Ok(Csr {
            cols,
            offsets,
            adj,
            w,
        })
    }
}
