//! The k best assignments: Murty's partitioning of the solution space, with
//! the optimisations of Miller, Stone and Cox (each subproblem solved from
//! its parent's duals by one shortest augmenting path, subproblems ranked
//! by a lower bound and solved only when that bound reaches the top).

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::marker::PhantomData;

use super::cost::{check_costs, Class, Cost, CostMatrix, Scalar};
use super::dense::Assignment;
use super::duals::{totals, Instance, Solution};
use super::engine::{Rule, NONE};
use super::error::Error;
use super::min_heap::MinHeap;
use super::sparse::MinCostMatching;
use super::subproblem::Subproblem;
use super::weighted::WeightedBipartite;
use crate::csr::{filled, transpose_with, try_vec, OutOfMemory};
use crate::util::{id, idx};

/// A problem [`k_best`] ranks the assignments of: a dense
/// [`CostMatrix`] or a sparse [`WeightedBipartite`]. Sealed.
pub trait KBestInput<C: Cost>: Instance<C> + private::Sealed {
    /// The best assignment, from the problem's own front; `None` when no
    /// front solves this form (a sparse problem with an unmatched cost).
    #[doc(hidden)]
    fn best(&self, maximize: bool, unmatched: Option<C>) -> Result<Option<Solution<C>>, Error>;
}

mod private {
    pub trait Sealed {}
    impl<C, S> Sealed for super::CostMatrix<C, S> {}
    impl<C> Sealed for super::WeightedBipartite<C> {}
}

impl<C: Cost, S: AsRef<[C]>> KBestInput<C> for CostMatrix<C, S> {
    fn best(&self, maximize: bool, unmatched: Option<C>) -> Result<Option<Solution<C>>, Error> {
        let mut a = Assignment::new(self);
        if maximize {
            a = a.maximize();
        }
        if let Some(x) = unmatched {
            a = a.unmatched_cost(x);
        }
        a.solve().map(Some)
    }
}

impl<C: Cost> KBestInput<C> for WeightedBipartite<C> {
    fn best(&self, maximize: bool, unmatched: Option<C>) -> Result<Option<Solution<C>>, Error> {
        if unmatched.is_some() {
            return Ok(None);
        }
        let q = MinCostMatching::new(self).perfect();
        let q = if maximize { q.maximize() } else { q };
        q.solve().map(Some)
    }
}

/// Options for ranking the assignments of a problem; [`solve`](Self::solve)
/// returns them lazily, best first.
///
/// The solution space is that of [`Assignment`] on a dense matrix: every
/// row assigned when `rows ≤ cols`, every column otherwise, or, with an
/// [`unmatched_cost`](Self::unmatched_cost), any row left unassigned at
/// that cost. A sparse [`WeightedBipartite`] has the same space, its absent
/// entries forbidden (so without an unmatched cost the smaller side must
/// be matchable in full, as with
/// [`MinCostMatching::perfect`](super::MinCostMatching::perfect)). Two
/// solutions differ when some row has another column, or is assigned in
/// one and not in the other.
///
/// ```
/// use bimatch::assignment::{CostMatrix, KBest};
///
/// let c = CostMatrix::from_rows([[1.0, 4.0, 9.0], [2.0, 3.0, 8.0]])?;
/// let costs: Vec<f64> = KBest::new(&c, 3)
///     .unmatched_cost(5.0)
///     .solve()?
///     .map(|s| s.map(|s| s.total_cost()))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(costs, [4.0, 6.0, 6.0]); // (0,0)(1,1); (0,1)(1,0); (0,0), row 1 unassigned
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct KBest<'a, C: Cost, I: ?Sized> {
    instance: &'a I,
    k: usize,
    maximize: bool,
    unmatched: Option<C>,
}

impl<'a, C: Cost, I: KBestInput<C> + ?Sized> KBest<'a, C, I> {
    /// The `k` best assignments of `instance`: minimise, every row (or
    /// column) assigned.
    pub fn new(instance: &'a I, k: usize) -> Self {
        KBest {
            instance,
            k,
            maximize: false,
            unmatched: None,
        }
    }

    /// Rank by greatest total instead.
    pub fn maximize(mut self) -> Self {
        self.maximize = true;
        self
    }

    /// Let every row stay unassigned at cost `x` (a gain, when maximising).
    pub fn unmatched_cost(mut self, x: C) -> Self {
        self.unmatched = Some(x);
        self
    }

    /// The best solution, and an iterator over it and the next `k − 1`
    /// best, in nondecreasing order of cost (nonincreasing when
    /// maximising); fewer when the problem has fewer solutions.
    ///
    /// K. G. Murty ("An algorithm for ranking all the assignments in order
    /// of increasing cost", Operations Research 16, 1968) splits the
    /// solutions other than a best one S into disjoint subproblems: for
    /// the free rows r₁, r₂, … of S, the t-th forces S's pairs of r₁ … r₍t−1₎
    /// and excludes S's pair of r_t. As M. L. Miller, H. S. Stone and
    /// I. J. Cox propose ("Optimizing Murty's ranked assignment method",
    /// IEEE Trans. Aerospace and Electronic Systems 33, 1997), each
    /// subproblem starts from its parent's assignment and duals, which stay
    /// feasible: removing one pair leaves one row free, and one Dijkstra
    /// search from it on the reduced costs re-solves the subproblem
    /// (rectangular problems search through one node standing for every
    /// unused column). A subproblem enters the queue with a lower bound,
    /// the parent's cost plus the least reduced cost by which its row or
    /// its column can be re-covered, and is solved only when that bound
    /// reaches the front; the rows are partitioned in order of decreasing
    /// bound, so that the least constrained subproblems are the least
    /// likely to be solved. The first solution comes from the problem's own
    /// solver ([`Assignment::solve`] or
    /// [`MinCostMatching::solve`](super::MinCostMatching::solve)), or, for a
    /// sparse problem with an unmatched cost, from one search per row.
    ///
    /// Every solution carries its [`subproblem`](Solution::subproblem) and
    /// duals that prove it optimal there: [`Solution::verify`] on the
    /// original instance checks them on that subproblem (float potentials
    /// are made exactly feasible on it, as the other solvers do on the
    /// whole problem, and [`Solution::gap`] is the gap they prove). With
    /// ties, the order among solutions of equal cost is unspecified, and
    /// the solutions are always distinct. Float costs are ranked by sums
    /// that may differ from the exact totals by rounding, so two solutions
    /// whose totals differ by a few units in the last place may come in
    /// either order.
    ///
    /// # Complexity
    ///
    /// The first solution as its solver; then each solution yielded queues
    /// at most r subproblems (r = rows, or columns when transposed) and
    /// costs O(E + r log r) for their bounds, and each subproblem solved
    /// costs one search, O(E log V) (E the allowed entries, plus one
    /// unmatched option a row), and O(V) for its copy of the parent's
    /// state. Extra space: O(V) for every subproblem solved, O(r) queue
    /// entries for every solution yielded.
    ///
    /// # Testing
    ///
    /// Against brute force on every shape up to 6 × 6 (ties, forbidden
    /// entries, maximising, unmatched costs, sparse graphs): the multiset
    /// of the first k costs agrees, the solutions are distinct, and each
    /// passes [`Solution::verify`] (`tests/suite/assignment_k_best.rs`).
    ///
    /// # Errors
    ///
    /// As the problem's solver for the first solution
    /// ([`Error::Infeasible`] with a Hall violator when no assignment
    /// exists, [`Error::BadCost`], [`Error::Overflow`], …); the iterator
    /// yields [`Error::OutOfMemory`] if a subproblem's state cannot be
    /// reserved, and stops.
    pub fn solve(&self) -> Result<Ranked<C>, Error> {
        Ranked::new(self.instance, self.k, self.maximize, self.unmatched)
    }
}

/// The `k` best assignments of `instance` (a [`CostMatrix`] or a
/// [`WeightedBipartite`]), cheapest first; see [`KBest`] for maximising
/// and unmatched costs.
///
/// # Complexity
///
/// As [`KBest::solve`].
///
/// # Errors
///
/// As [`KBest::solve`].
///
/// ```
/// use bimatch::assignment::{k_best, CostMatrix};
///
/// let c = CostMatrix::from_rows([[4i64, 1, 3], [2, 0, 5], [3, 2, 2]])?;
/// let mut costs = Vec::new();
/// for s in k_best(&c, 4)? {
///     let s = s?;
///     s.verify(&c)?; // optimal in its subproblem
///     costs.push(s.total_cost());
/// }
/// assert_eq!(costs, [5, 6, 6, 7]); // ties come in either order
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn k_best<C: Cost, I: KBestInput<C> + ?Sized>(
    instance: &I,
    k: usize,
) -> Result<Ranked<C>, Error> {
    KBest::new(instance, k).solve()
}

/// A row's "column" when it is unassigned (its unmatched option), inside
/// the ranking: column `nc + row`.
/// The predecessor of a column reached from the node of the unused
/// columns.
const FROM_SPARE: u32 = u32::MAX - 1;

/// The problem in minimising form, rows the side matched in full: row
/// `i`'s entries are `adj[offsets[i]..offsets[i + 1]]` with costs `w`;
/// with an unmatched cost, row `i` may also take column `nc + i` at `exit`.
struct Problem<S> {
    nr: usize,
    nc: usize,
    offsets: Vec<u32>,
    adj: Vec<u32>,
    w: Vec<S>,
    exit: Option<S>,
    /// Per row: it holds every column, in order (entry `k` is column `k`).
    full: Vec<bool>,
}

impl<S: Scalar> Problem<S> {
    /// Whether row `i` holds every column, in order.
    #[inline(always)]
    fn full(&self, i: usize) -> bool {
        self.full[i]
    }

    /// Columns, the unmatched options included.
    fn ncols(&self) -> usize {
        self.nc + if self.exit.is_some() { self.nr } else { 0 }
    }

    fn range(&self, i: usize) -> std::ops::Range<usize> {
        idx(self.offsets[i])..idx(self.offsets[i + 1])
    }

    /// The cost of row `i` in column `j` (an entry, or its unmatched
    /// option).
    fn cost(&self, i: usize, j: u32) -> S {
        if idx(j) >= self.nc {
            return self.exit.unwrap_or(S::INF);
        }
        let r = self.range(i);
        match self.adj[r.clone()].binary_search(&j) {
            Ok(k) => self.w[r.start + k],
            Err(_) => S::INF,
        }
    }
}

/// A solved subproblem: its place in the partition and its optimum with
/// duals (minimising form; the columns unused have potential `−spare`).
struct Record<S> {
    /// The record it was split from (`NONE` for the first).
    parent: u32,
    /// The pair it excludes (`NONE` row for the first).
    excl: (u32, u32),
    /// Its free rows, in the order its own subproblems force them.
    order: Vec<u32>,
    col4row: Vec<u32>,
    row4col: Vec<u32>,
    u: Vec<S>,
    v: Vec<S>,
    /// The potential of every spare row (rectangular problems' dummy rows).
    spare: S,
    cost: S,
}

/// A queue entry: a solved record, or the `t`-th subproblem of a record
/// with its lower bound.
struct Queued<S> {
    key: S,
    solved: bool,
    seq: u64,
    rec: u32,
    t: u32,
}

impl<S: Scalar> PartialEq for Queued<S> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl<S: Scalar> Eq for Queued<S> {}
impl<S: Scalar> PartialOrd for Queued<S> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<S: Scalar> Ord for Queued<S> {
    /// Reversed (the heap pops the least key): solved before unsolved at
    /// equal keys, then first queued first.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .key
            .partial_cmp(&self.key)
            .unwrap_or(Ordering::Equal)
            .then(self.solved.cmp(&other.solved))
            .then(other.seq.cmp(&self.seq))
    }
}

/// The mates and duals a search changes.
struct State<S> {
    col4row: Vec<u32>,
    row4col: Vec<u32>,
    u: Vec<S>,
    v: Vec<S>,
    spare: S,
}

/// The searches' scratch, stamped so that nothing is cleared.
struct Work<S> {
    sid: u32,
    dist: Vec<S>,
    pred: Vec<u32>,
    seen: Vec<u32>,
    done: Vec<u32>,
    free_row: Vec<u32>,
    excl_row: Vec<u32>,
    excl: Vec<(u32, u32)>,
    heap: MinHeap<S>,
    /// Whether the rows are dense enough to search without the heap.
    dense: bool,
    /// The columns reached and not done, in the dense searches.
    todo: Vec<u32>,
    popped: Vec<u32>,
    bound: Vec<S>,
    pos: Vec<u32>,
    /// The columns (of the problem, not the unmatched options) open to
    /// the free rows of the current stamp, in increasing order: a row
    /// holding every column reads only these, where most columns are
    /// closed by forced rows deep in the ranking.
    open_cols: Vec<u32>,
}

/// Calls `f(work, k, j)` for every entry `k` (column `j`) of row `i` whose
/// column is open in `work`'s stamp: through the open columns' list on a
/// row holding every column, else along the row.
#[inline(always)]
fn open_entries<S: Scalar>(
    p: &Problem<S>,
    work: &mut Work<S>,
    i: usize,
    f: &mut impl FnMut(&mut Work<S>, usize, u32),
) {
    let r = p.range(i);
    if p.full(i) {
        for t in 0..work.open_cols.len() {
            let j = work.open_cols[t];
            f(work, r.start + idx(j), j);
        }
    } else {
        for k in r {
            let j = p.adj[k];
            if work.open(idx(j)) {
                f(work, k, j);
            }
        }
    }
}

/// `max(0, x)`: reduced costs from float duals may be a rounding below 0.
#[inline(always)]
fn clamp<S: Scalar>(x: S) -> S {
    if x < S::ZERO {
        S::ZERO
    } else {
        x
    }
}

impl<S: Scalar> Work<S> {
    fn new(nr: usize, ncols: usize, entries: usize) -> Result<Self, OutOfMemory> {
        Ok(Work {
            dense: entries.saturating_mul(4) >= nr.saturating_mul(ncols),
            todo: Vec::new(),
            sid: 0,
            dist: filled(ncols + 1, S::INF, "assignment: the distances of a search")?,
            pred: filled(ncols + 1, NONE, "assignment: the predecessors of a search")?,
            seen: filled(ncols + 1, 0, "assignment: the marks of a search")?,
            done: filled(ncols + 1, 0, "assignment: the marks of a search")?,
            free_row: filled(nr, 0, "assignment: the free rows of a subproblem")?,
            excl_row: filled(nr, 0, "assignment: the rows with excluded pairs")?,
            excl: Vec::new(),
            heap: MinHeap { items: Vec::new() },
            popped: Vec::new(),
            bound: filled(ncols, S::INF, "assignment: the bounds of the columns")?,
            pos: filled(nr, 0, "assignment: the order of the free rows")?,
            open_cols: Vec::new(),
        })
    }

    /// Starts a new stamp: `free` are the subproblem's free rows, the
    /// exclusions those of `rec` and its ancestors (plus `extra`) on them.
    fn prepare(
        &mut self,
        records: &[Record<S>],
        rec: u32,
        free: &[u32],
        extra: Option<(u32, u32)>,
        row4col: &[u32],
        nc: usize,
    ) {
        if self.sid == u32::MAX {
            self.seen.iter_mut().for_each(|x| *x = 0);
            self.done.iter_mut().for_each(|x| *x = 0);
            self.free_row.iter_mut().for_each(|x| *x = 0);
            self.excl_row.iter_mut().for_each(|x| *x = 0);
            self.sid = 0;
        }
        self.sid += 1;
        let sid = self.sid;
        for &r in free {
            self.free_row[idx(r)] = sid;
        }
        // The columns of forced rows are closed: marked done before any
        // search starts.
        self.open_cols.clear();
        for j in 0..row4col.len().max(nc) {
            let r = row4col.get(j).copied().unwrap_or(NONE);
            if r != NONE && self.free_row[idx(r)] != sid {
                self.done[j] = sid;
            } else if j < nc {
                self.open_cols.push(id(j));
            }
        }
        self.excl.clear();
        let add = |w: &mut Self, (r, c): (u32, u32)| {
            if r != NONE && w.free_row[idx(r)] == sid {
                w.excl_row[idx(r)] = sid;
                w.excl.push((r, c));
            }
        };
        if let Some(p) = extra {
            add(self, p);
        }
        let mut at = rec;
        while at != NONE {
            let r = &records[idx(at)];
            add(self, r.excl);
            at = r.parent;
        }
    }

    /// Whether column `j` is open to the free rows (not held by a forced
    /// row), before a search.
    #[inline(always)]
    fn open(&self, j: usize) -> bool {
        self.done[j] != self.sid
    }

    #[inline(always)]
    fn excluded(&self, i: usize, j: u32) -> bool {
        self.excl_row[i] == self.sid && self.excl.iter().any(|&p| p == (id(i), j))
    }

    #[inline(always)]
    fn relax(&mut self, j: usize, d: S, from: u32) {
        if self.seen[j] != self.sid {
            self.seen[j] = self.sid;
            self.dist[j] = d;
            self.pred[j] = from;
            if self.dense {
                self.todo.push(id(j));
            } else {
                self.heap.push(d, id(j));
            }
        } else if d < self.dist[j] {
            self.dist[j] = d;
            self.pred[j] = from;
            if !self.dense {
                self.heap.push(d, id(j));
            }
        }
    }

    /// The nearest column not yet done: from the heap (sparse rows), or by
    /// one pass over the columns reached (dense rows, where nearly every
    /// column is reached by the first row and a heap only adds pushes).
    #[inline(always)]
    fn nearest(&mut self) -> Option<(S, u32)> {
        if self.dense {
            let mut best = 0;
            let first = *self.todo.first()?;
            let mut bd = self.dist[idx(first)];
            for (k, &j) in self.todo.iter().enumerate().skip(1) {
                let d = self.dist[idx(j)];
                if d < bd {
                    bd = d;
                    best = k;
                }
            }
            let j = self.todo.swap_remove(best);
            return Some((bd, j));
        }
        loop {
            let (d, j) = self.heap.pop()?;
            if self.done[idx(j)] != self.sid && d <= self.dist[idx(j)] {
                return Some((d, j));
            }
        }
    }

    /// Relaxes every open entry of free row `i`, reached at distance `d`.
    fn scan_row(&mut self, p: &Problem<S>, st: &State<S>, i: usize, d: S) {
        let ui = st.u[i];
        let sid = self.sid;
        let has_excl = self.excl_row[i] == sid;
        let r = p.range(i);
        if p.full(i) {
            // A row holding every column: only the open ones are read.
            let row = &p.w[r];
            for k in 0..self.open_cols.len() {
                let jj = idx(self.open_cols[k]);
                if self.done[jj] == sid || (has_excl && self.excluded(i, id(jj))) {
                    continue;
                }
                self.relax(jj, d + clamp(row[jj] - ui - st.v[jj]), id(i));
            }
        } else {
            for (&j, &w) in p.adj[r.clone()].iter().zip(&p.w[r]) {
                let jj = idx(j);
                if self.done[jj] == sid || (has_excl && self.excluded(i, j)) {
                    continue;
                }
                self.relax(jj, d + clamp(w - ui - st.v[jj]), id(i));
            }
        }
        if let Some(x) = p.exit {
            let e = p.nc + i;
            if self.done[e] != sid && !self.excluded(i, id(e)) {
                self.relax(e, d + clamp(x - ui - st.v[e]), id(i));
            }
        }
    }

    /// One Dijkstra search from the free row `source`, to the column
    /// `sink` (a subproblem) or to the first unused column (`None`, while
    /// building the first solution); augments and updates the duals.
    /// The path's length (the rise in cost), or `None` if no augmenting
    /// path exists.
    fn search(
        &mut self,
        p: &Problem<S>,
        st: &mut State<S>,
        source: usize,
        sink: Option<u32>,
    ) -> Option<S> {
        let ncols = p.ncols();
        let spare_node = ncols;
        let has_spare = ncols > p.nr;
        self.heap.clear();
        self.todo.clear();
        self.popped.clear();
        self.scan_row(p, st, source, S::ZERO);
        let end = loop {
            let (d, j) = self.nearest()?;
            let jj = idx(j);
            self.done[jj] = self.sid;
            self.popped.push(j);
            if jj == spare_node {
                // The spare rows reach every open column at reduced cost
                // −spare − v[j].
                for c in 0..ncols {
                    if self.done[c] != self.sid {
                        self.relax(c, d + clamp(-st.spare - st.v[c]), FROM_SPARE);
                    }
                }
                continue;
            }
            if sink == Some(j) {
                break jj;
            }
            let r = st.row4col[jj];
            if r == NONE {
                if sink.is_none() {
                    break jj;
                }
                if has_spare && self.done[spare_node] != self.sid {
                    // An unused column is held by a spare row.
                    self.relax(spare_node, d + clamp(-st.spare - st.v[jj]), j);
                }
                continue;
            }
            self.scan_row(p, st, idx(r), d);
        };
        let delta = self.dist[end];
        st.u[source] = st.u[source] + delta;
        for &x in &self.popped {
            let x = idx(x);
            let dx = self.dist[x];
            if dx >= delta {
                continue;
            }
            let g = delta - dx;
            if x == spare_node {
                st.spare = st.spare + g;
            } else {
                st.v[x] = st.v[x] - g;
                let r = st.row4col[x];
                if r != NONE {
                    st.u[idx(r)] = st.u[idx(r)] + g;
                }
            }
        }
        // Augment, back from the end.
        let mut j = end;
        loop {
            let from = self.pred[j];
            if from == FROM_SPARE {
                // `j` goes to a spare row: unused from now on; the path
                // goes on from the unused column the spare rows came from.
                st.row4col[j] = NONE;
                j = idx(self.pred[spare_node]);
                continue;
            }
            let i = idx(from);
            let old = st.col4row[i];
            st.col4row[i] = id(j);
            st.row4col[j] = id(i);
            if i == source {
                break;
            }
            j = idx(old);
        }
        Some(delta)
    }
}

/// How the user's problem maps to the ranking's.
struct Meta<S> {
    maximize: bool,
    transpose: bool,
    row_rule: Rule<S>,
    col_rule: Rule<S>,
}

/// The ranked solutions of a problem, best first: an iterator returned by
/// [`k_best`] and [`KBest::solve`]. Each item is a [`Solution`] optimal in
/// its [`subproblem`](Solution::subproblem), or the error that stopped the
/// ranking (running out of memory).
pub struct Ranked<C: Cost> {
    p: Problem<C::Scalar>,
    records: Vec<Record<C::Scalar>>,
    queue: BinaryHeap<Queued<C::Scalar>>,
    work: Work<C::Scalar>,
    left: usize,
    seq: u64,
    meta: Meta<C::Scalar>,
    marker: PhantomData<C>,
}

impl<C: Cost> std::fmt::Debug for Ranked<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ranked")
            .field("rows", &self.p.nr)
            .field("cols", &self.p.nc)
            .field("left", &self.left)
            .field("solved", &self.records.len())
            .field("queued", &self.queue.len())
            .finish()
    }
}

/// A copy of `x`, reserved fallibly.
fn dup<T: Copy>(x: &[T]) -> Result<Vec<T>, OutOfMemory> {
    let mut v = try_vec(x.len(), "assignment: the state of a subproblem")?;
    v.extend_from_slice(x);
    Ok(v)
}

impl<C: Cost> Ranked<C> {
    fn new<I: KBestInput<C> + ?Sized>(
        instance: &I,
        k: usize,
        maximize: bool,
        unmatched: Option<C>,
    ) -> Result<Self, Error> {
        let (rows, cols) = instance.shape();
        let exit = match unmatched.map(|x| x.class()) {
            None => None,
            Some(Class::Finite(x)) => Some(if maximize { x.negate() } else { x }),
            Some(_) => {
                return Err(Error::BadUnmatchedCost {
                    value: unmatched.map(|x| x.to_string()).unwrap_or_default(),
                })
            }
        };
        let best = instance.best(maximize, unmatched)?;
        if best.is_none() {
            let x = unmatched.into_iter();
            let mut all = Vec::new();
            instance.for_each_entry(|_, _, c| all.push(c));
            check_costs(all.into_iter().chain(x), rows + cols)?;
        }
        let transpose = exit.is_none() && rows > cols;
        let p = min_form(instance, maximize, transpose, exit)?;
        let (nr, ncols) = (p.nr, p.ncols());
        let mut work = Work::new(nr, ncols, p.adj.len())?;
        let (row_rule, col_rule, root) = match best {
            Some(s) => {
                let (rr, cr) = (s.row_rule, s.col_rule);
                (rr, cr, from_solution(&p, s, maximize, transpose)?)
            }
            None => {
                let x = exit.unwrap_or(C::Scalar::ZERO);
                let rr = Rule::OrPay(if maximize { x.negate() } else { x });
                (rr, Rule::AtMost, first(&p, &mut work)?)
            }
        };
        let cost = root_cost(&p, &root.col4row);
        let mut order = try_vec(nr, "assignment: the free rows of a subproblem")?;
        order.extend((0..nr).map(id));
        let records = vec![Record {
            parent: NONE,
            excl: (NONE, NONE),
            order,
            col4row: root.col4row,
            row4col: root.row4col,
            u: root.u,
            v: root.v,
            spare: root.spare,
            cost,
        }];
        let mut queue = BinaryHeap::new();
        queue.push(Queued {
            key: cost,
            solved: true,
            seq: 0,
            rec: 0,
            t: 0,
        });
        Ok(Ranked {
            p,
            records,
            queue,
            work,
            left: k,
            seq: 1,
            meta: Meta {
                maximize,
                transpose,
                row_rule,
                col_rule,
            },
            marker: PhantomData,
        })
    }

    fn push(&mut self, key: C::Scalar, solved: bool, rec: u32, t: u32) {
        self.queue.push(Queued {
            key,
            solved,
            seq: self.seq,
            rec,
            t,
        });
        self.seq += 1;
    }

    /// Orders record `rec`'s free rows by decreasing lower bound and
    /// queues its subproblems.
    fn split(&mut self, rec: u32) {
        let Ranked {
            p, records, work, ..
        } = self;
        let r = &records[idx(rec)];
        work.prepare(records, rec, &r.order, None, &r.row4col, p.nc);
        let (u, v) = (&r.u, &r.v);
        let st_row4col = &r.row4col;
        let has_spare = p.ncols() > p.nr;
        // Each free row's least reduced cost elsewhere, and each of their
        // columns' least reduced cost from another row (or a spare one).
        for &i in &r.order {
            let c = idx(r.col4row[idx(i)]);
            work.bound[c] = if has_spare {
                clamp(-r.spare - v[c])
            } else {
                C::Scalar::INF
            };
        }
        let mut bounds: Vec<(C::Scalar, u32)> = Vec::with_capacity(r.order.len());
        for &i in &r.order {
            let i = idx(i);
            let mine = r.col4row[i];
            let mut best = C::Scalar::INF;
            let mut entry = |work: &mut Work<C::Scalar>, k: usize, j: u32| {
                let jj = idx(j);
                if j == mine || work.excluded(i, j) {
                    return;
                }
                let red = clamp(p.w[k] - u[i] - v[jj]);
                best = best.min2(red);
                // Column `jj` held by another free row: this row could take it.
                let holder = st_row4col[jj];
                if holder != NONE && work.free_row[idx(holder)] == work.sid {
                    work.bound[jj] = work.bound[jj].min2(red);
                }
            };
            open_entries(p, work, i, &mut entry);
            if let Some(x) = p.exit {
                let e = p.nc + i;
                if id(e) != mine && !work.excluded(i, id(e)) {
                    best = best.min2(clamp(x - u[i] - v[e]));
                }
            }
            bounds.push((best, id(i)));
        }
        for b in bounds.iter_mut() {
            let c = idx(r.col4row[idx(b.1)]);
            // The augmenting path leaves the row by one entry and enters
            // the column by another: both reduced costs count.
            let col = work.bound[c];
            b.0 = if b.0 < C::Scalar::INF && col < C::Scalar::INF {
                b.0 + col
            } else {
                C::Scalar::INF
            };
        }
        bounds.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(Ordering::Equal));
        // The bounds again, each in its own subproblem (the rows before it
        // forced, their columns closed): from the last subproblem back,
        // adding each row's entries to the columns' least costs.
        for (t, &(_, i)) in bounds.iter().enumerate() {
            work.pos[idx(i)] = id(t);
        }
        for &(_, i) in &bounds {
            let c = idx(r.col4row[idx(i)]);
            work.bound[c] = if has_spare {
                clamp(-r.spare - v[c])
            } else {
                C::Scalar::INF
            };
        }
        let inf = C::Scalar::INF;
        for t in (0..bounds.len()).rev() {
            let i = idx(bounds[t].1);
            let mine = r.col4row[i];
            let mut best = inf;
            let mut entry = |work: &mut Work<C::Scalar>, k: usize, j: u32| {
                let jj = idx(j);
                if j == mine || work.excluded(i, j) {
                    return;
                }
                let red = clamp(p.w[k] - u[i] - v[jj]);
                let holder = st_row4col[jj];
                if holder == NONE || idx(work.pos[idx(holder)]) > t {
                    best = best.min2(red);
                }
                if holder != NONE && work.free_row[idx(holder)] == work.sid {
                    work.bound[jj] = work.bound[jj].min2(red);
                }
            };
            open_entries(p, work, i, &mut entry);
            if let Some(x) = p.exit {
                let e = p.nc + i;
                if id(e) != mine && !work.excluded(i, id(e)) {
                    best = best.min2(clamp(x - u[i] - v[e]));
                }
            }
            // `bound[mine]` holds the rows after this one only: this row
            // was added to the other columns just now.
            let col = work.bound[idx(mine)];
            bounds[t].0 = if best < inf && col < inf {
                best + col
            } else {
                inf
            };
        }
        let cost = r.cost;
        let order: Vec<u32> = bounds.iter().map(|b| b.1).collect();
        records[idx(rec)].order = order;
        for (t, (b, _)) in bounds.into_iter().enumerate() {
            if b < C::Scalar::INF {
                self.push(cost + b, false, rec, id(t));
            }
        }
    }

    /// Solves the `t`-th subproblem of `rec`: `None` if it has no solution.
    fn solve_child(&mut self, rec: u32, t: u32) -> Result<Option<u32>, OutOfMemory> {
        let Ranked {
            p, records, work, ..
        } = self;
        let parent = &records[idx(rec)];
        let free = &parent.order[idx(t)..];
        let r = free[0];
        let c = parent.col4row[idx(r)];
        work.prepare(records, rec, free, Some((r, c)), &parent.row4col, p.nc);
        let mut st = State {
            col4row: dup(&parent.col4row)?,
            row4col: dup(&parent.row4col)?,
            u: dup(&parent.u)?,
            v: dup(&parent.v)?,
            spare: parent.spare,
        };
        let order = dup(free)?;
        st.col4row[idx(r)] = NONE;
        st.row4col[idx(c)] = NONE;
        let Some(delta) = work.search(p, &mut st, idx(r), Some(c)) else {
            return Ok(None);
        };
        // Exact for integers; for floats up to rounding (the solution's
        // total is summed afresh).
        let cost = parent.cost + delta;
        records.push(Record {
            parent: rec,
            excl: (r, c),
            order,
            col4row: st.col4row,
            row4col: st.row4col,
            u: st.u,
            v: st.v,
            spare: st.spare,
            cost,
        });
        Ok(Some(id(records.len() - 1)))
    }

    /// Record `rec` as the user's [`Solution`].
    fn emit(&self, rec: u32) -> Result<Solution<C>, OutOfMemory> {
        let p = &self.p;
        let r = &self.records[idx(rec)];
        let (nr, nc) = (p.nr, p.nc);
        let a = r.spare;
        let mut free = filled(nr, false, "assignment: the free rows of a subproblem")?;
        for &i in &r.order {
            free[idx(i)] = true;
        }
        let mut u = try_vec(nr, "assignment: the row potentials")?;
        u.extend(r.u.iter().map(|&x| x - a));
        let mut v = try_vec(nc, "assignment: the column potentials")?;
        v.extend(r.v[..nc].iter().map(|&x| x + a));
        if p.exit.is_some() {
            for (i, x) in u.iter_mut().enumerate() {
                *x = *x + (r.v[nc + i] + a);
            }
        }
        let mut c4r = filled(nr, NONE, "assignment: the mates of the rows")?;
        let mut r4c = filled(nc, NONE, "assignment: the mates of the columns")?;
        let mut forced = Vec::new();
        for i in 0..nr {
            let j = r.col4row[i];
            let x = p.cost(i, j);
            if idx(j) < nc {
                c4r[i] = j;
                r4c[idx(j)] = id(i);
            }
            if !free[i] {
                u[i] = x;
                if idx(j) < nc {
                    v[idx(j)] = C::Scalar::ZERO;
                }
                forced.push((id(i), if idx(j) < nc { j } else { NONE }));
            }
        }
        let mut excluded = Vec::new();
        let mut at = rec;
        while at != NONE {
            let x = &self.records[idx(at)];
            let (i, j) = x.excl;
            if i != NONE && free[idx(i)] {
                excluded.push((i, if idx(j) < nc { j } else { NONE }));
            }
            at = x.parent;
        }
        if !C::Scalar::EXACT {
            repair(p, &free, &excluded, &r4c, &mut u, &mut v);
        }
        let free_rows = c4r.iter().filter(|&&j| j == NONE).count();
        let pair_costs = (0..nr)
            .filter(|&i| c4r[i] != NONE)
            .map(|i| p.cost(i, c4r[i]));
        let (mut total, gap) = totals(pair_costs, p.exit.map(|x| (x, free_rows)), &u, &v, true);
        let m = &self.meta;
        if m.maximize {
            total = -total;
            u.iter_mut().for_each(|x| *x = -*x);
            v.iter_mut().for_each(|x| *x = -*x);
        }
        let (row_to_col, col_to_row, u, v) = if m.transpose {
            let swap =
                |l: &mut Vec<(u32, u32)>| l.iter_mut().for_each(|(i, j)| std::mem::swap(i, j));
            swap(&mut forced);
            swap(&mut excluded);
            (r4c, c4r, v, u)
        } else {
            (c4r, r4c, u, v)
        };
        forced.sort_unstable();
        excluded.sort_unstable();
        Ok(Solution {
            row_to_col,
            col_to_row,
            u,
            v,
            total,
            gap,
            maximize: m.maximize,
            row_rule: m.row_rule,
            col_rule: m.col_rule,
            exit_in_total: true,
            cover: None,
            within: Some(Box::new(Subproblem { forced, excluded })),
            marker: PhantomData,
        })
    }

    fn step(&mut self) -> Result<Option<Solution<C>>, Error> {
        while let Some(q) = self.queue.pop() {
            if q.solved {
                self.left -= 1;
                if self.left > 0 {
                    self.split(q.rec);
                }
                return Ok(Some(self.emit(q.rec)?));
            }
            if let Some(rec) = self.solve_child(q.rec, q.t)? {
                let key = self.records[idx(rec)].cost;
                self.push(key, true, rec, 0);
            }
        }
        Ok(None)
    }
}

impl<C: Cost> Iterator for Ranked<C> {
    type Item = Result<Solution<C>, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        match self.step() {
            Ok(s) => s.map(Ok),
            Err(e) => {
                self.left = 0;
                Some(Err(e))
            }
        }
    }
}

impl<C: Cost> std::iter::FusedIterator for Ranked<C> {}

/// Makes float potentials exactly feasible on a subproblem, as the other
/// solvers do on the whole problem: the potentials of unused columns 0 and
/// no column's above 0 (when columns may stay unused), then each free row's
/// the least `c − v` rounded down over the entries the subproblem allows,
/// capped by the unmatched cost unless the row must be assigned. Forced
/// rows are tight already (their column's potential 0, theirs the cost).
fn repair<S: Scalar>(
    p: &Problem<S>,
    free: &[bool],
    excluded: &[(u32, u32)],
    r4c: &[u32],
    u: &mut [S],
    v: &mut [S],
) {
    if p.ncols() > p.nr {
        for (x, &i) in v.iter_mut().zip(r4c) {
            if i == NONE || *x > S::ZERO {
                *x = S::ZERO;
            }
        }
    }
    for i in (0..p.nr).filter(|&i| free[i]) {
        // Few rows have exclusions: look them up only for those.
        let mine: Vec<u32> = excluded
            .iter()
            .filter(|x| x.0 == id(i))
            .map(|x| x.1)
            .collect();
        let out = |j: u32| !mine.is_empty() && mine.contains(&j);
        let mut m = S::INF;
        let r = p.range(i);
        for (&j, &c) in p.adj[r.clone()].iter().zip(&p.w[r]) {
            let holder = r4c[idx(j)];
            if (holder != NONE && !free[idx(holder)]) || out(j) {
                continue;
            }
            m = m.min2(c.sub_down(v[idx(j)]));
        }
        if let Some(x) = p.exit {
            if !out(NONE) {
                m = m.min2(x);
            }
        }
        if m < S::INF {
            u[i] = m;
        }
    }
}

/// The sum of the costs of an assignment (every row takes a column or its
/// unmatched option).
fn root_cost<S: Scalar>(p: &Problem<S>, col4row: &[u32]) -> S {
    col4row
        .iter()
        .enumerate()
        .fold(S::ZERO, |t, (i, &j)| t + p.cost(i, j))
}

/// The allowed entries of `instance` in minimising form, transposed when
/// asked.
fn min_form<C: Cost, I: Instance<C> + ?Sized>(
    instance: &I,
    maximize: bool,
    transpose: bool,
    exit: Option<C::Scalar>,
) -> Result<Problem<C::Scalar>, Error> {
    let (rows, cols) = instance.shape();
    let mut offsets = filled(rows + 1, 0u32, "assignment: the rows of the ranked problem")?;
    let mut adj = Vec::new();
    let mut w = Vec::new();
    let mut failure = None;
    instance.for_each_entry(|i, j, c| {
        let x = match (c.class(), maximize) {
            (Class::Finite(x), false) => x,
            (Class::Finite(x), true) => x.negate(),
            _ => return,
        };
        if failure.is_some() {
            return;
        }
        if adj.len() >= crate::util::MAX_EDGES {
            failure = Some(Error::TooManyEntries {
                count: adj.len() + 1,
                limit: crate::util::MAX_EDGES,
            });
            return;
        }
        if let Err(e) = crate::csr::try_push(&mut adj, id(j), "assignment: the ranked entries")
            .and_then(|()| crate::csr::try_push(&mut w, x, "assignment: the ranked costs"))
        {
            failure = Some(e.into());
            return;
        }
        offsets[i + 1] += 1;
    });
    if let Some(e) = failure {
        return Err(e);
    }
    for i in 0..rows {
        offsets[i + 1] += offsets[i];
    }
    let (nr, nc, offsets, adj, w) = if transpose {
        let (o, a, w) = transpose_with(cols, &offsets, &adj, &w)?;
        (cols, rows, o, a, w)
    } else {
        (rows, cols, offsets, adj, w)
    };
    let mut full = filled(nr, false, "assignment: the full rows of the ranked problem")?;
    for (i, f) in full.iter_mut().enumerate() {
        let row = &adj[idx(offsets[i])..idx(offsets[i + 1])];
        *f = row.len() == nc && row.iter().enumerate().all(|(k, &j)| idx(j) == k);
    }
    Ok(Problem {
        nr,
        nc,
        offsets,
        adj,
        w,
        exit,
        full,
    })
}

/// The first solution from a front's answer, in the ranking's form.
fn from_solution<C: Cost>(
    p: &Problem<C::Scalar>,
    s: Solution<C>,
    maximize: bool,
    transpose: bool,
) -> Result<State<C::Scalar>, OutOfMemory> {
    let (mut col4row, mut row4col, mut u, mut v) = if transpose {
        (s.col_to_row, s.row_to_col, s.v, s.u)
    } else {
        (s.row_to_col, s.col_to_row, s.u, s.v)
    };
    if maximize {
        u.iter_mut().for_each(|x| *x = -*x);
        v.iter_mut().for_each(|x| *x = -*x);
    }
    if p.exit.is_some() {
        let extra = p.nr;
        let what = "assignment: the unmatched options";
        row4col.try_reserve(extra).map_err(|_| OutOfMemory {
            what,
            bytes: extra * 4,
        })?;
        v.try_reserve(extra).map_err(|_| OutOfMemory {
            what,
            bytes: extra * 8,
        })?;
        row4col.extend((0..extra).map(|_| NONE));
        v.extend((0..extra).map(|_| C::Scalar::ZERO));
        for (i, j) in col4row.iter_mut().enumerate() {
            if *j == NONE {
                *j = id(p.nc + i);
                row4col[p.nc + i] = id(i);
            }
        }
    }
    Ok(State {
        col4row,
        row4col,
        u,
        v,
        spare: C::Scalar::ZERO,
    })
}

/// The first solution by one search per row from row reduction (a sparse
/// problem with an unmatched cost: every row can be left unassigned).
fn first<S: Scalar>(p: &Problem<S>, work: &mut Work<S>) -> Result<State<S>, OutOfMemory> {
    let ncols = p.ncols();
    let mut u = try_vec(p.nr, "assignment: the row potentials")?;
    for i in 0..p.nr {
        let m = p.w[p.range(i)]
            .iter()
            .fold(p.exit.unwrap_or(S::INF), |m, &x| m.min2(x));
        u.push(m);
    }
    let mut st = State {
        col4row: filled(p.nr, NONE, "assignment: the mates of the rows")?,
        row4col: filled(ncols, NONE, "assignment: the mates of the columns")?,
        u,
        v: filled(ncols, S::ZERO, "assignment: the column potentials")?,
        spare: S::ZERO,
    };
    let mut all = try_vec(p.nr, "assignment: the free rows")?;
    all.extend((0..p.nr).map(id));
    for i in 0..p.nr {
        work.prepare(&[], NONE, &all, None, &[], p.nc);
        // Every row has its unmatched option: a path always exists.
        work.search(p, &mut st, i, None);
    }
    Ok(st)
}
