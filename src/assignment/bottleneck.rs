//! The bottleneck assignment: among the matchings of maximum size, one
//! whose worst cost is least (whose smallest cost is greatest, when
//! maximising), with a Hall set proving that no matching of that size
//! avoids the value.

use std::marker::PhantomData;

use super::cost::{Class, Cost, Scalar};
use super::duals::{Instance, Mates, Pairs};
use super::engine::NONE;
use super::error::{from_core, Error};
use crate::csr::{filled, try_vec, RowWriter};
use crate::util::{id, idx, Mated};
use crate::{non_essential_vertices, Auto, Bipartite, Matcher, Matching, Side};

/// A set of rows (or of columns) with few neighbours: in the graph it is
/// stated for, every matching leaves at least `|members| − |neighbours|`
/// members unmatched, so it has at most `count − |members| + |neighbours|`
/// pairs, `count` the number of rows (or columns). Hall's theorem in the
/// deficiency form of Ore and König: a maximum matching always has such a
/// set that is tight.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HallSet {
    side: Side,
    members: Vec<usize>,
    neighbours: Vec<usize>,
}

impl HallSet {
    /// The side of the members: [`Side::Left`] for rows, [`Side::Right`]
    /// for columns.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The members, ascending.
    pub fn members(&self) -> &[usize] {
        &self.members
    }

    /// Every index of the other side with an entry into the members (in
    /// the graph the set is stated for), ascending.
    pub fn neighbours(&self) -> &[usize] {
        &self.neighbours
    }
}

/// A bottleneck assignment and its certificate; built by
/// [`Bottleneck::solve`] and [`bottleneck`].
#[derive(Debug, Clone, PartialEq)]
pub struct BottleneckAssignment<C: Cost> {
    row_to_col: Vec<u32>,
    col_to_row: Vec<u32>,
    value: Option<C::Scalar>,
    maximize: bool,
    below: Option<HallSet>,
    size: Option<HallSet>,
    marker: PhantomData<C>,
}

impl<C: Cost> BottleneckAssignment<C> {
    /// The bottleneck: the largest cost among the pairs (the smallest,
    /// when maximising), in the solvers' type (`i64` for integer costs,
    /// `f64` for floats, both exact); `None` when there are no pairs.
    pub fn value(&self) -> Option<C::Scalar> {
        self.value
    }

    /// The number of pairs: the most any matching of the allowed entries
    /// has.
    pub fn len(&self) -> usize {
        self.row_to_col.iter().filter(|&&j| j != NONE).count()
    }

    /// Whether there are no pairs.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The assigned `(row, col)` pairs, by ascending row.
    pub fn pairs(&self) -> Pairs<'_> {
        Pairs::new(Mated::new(&self.row_to_col, self.len(), false))
    }

    /// For each row, its column, or `None` if it is unassigned.
    pub fn row_to_col(&self) -> Mates<'_> {
        Mates::new(&self.row_to_col)
    }

    /// For each column, its row, or `None` if it is unassigned.
    pub fn col_to_row(&self) -> Mates<'_> {
        Mates::new(&self.col_to_row)
    }

    /// The proof that the value cannot be improved: a [`HallSet`] in the
    /// graph of the entries strictly better than the value (below it, or
    /// above it when maximising), where it allows fewer pairs than
    /// [`len`](Self::len). `None` when there are no pairs.
    pub fn threshold_witness(&self) -> Option<&HallSet> {
        self.below.as_ref()
    }

    /// The proof that no matching has more pairs: a [`HallSet`] in the
    /// graph of every allowed entry allowing [`len`](Self::len) pairs at
    /// most; `None` when the smaller side is matched in full (no proof
    /// needed).
    pub fn size_witness(&self) -> Option<&HallSet> {
        self.size.as_ref()
    }

    /// Checks, trusting nothing but the pairs, the value and the two sets,
    /// that this is a bottleneck assignment of `instance`: the pairs are
    /// allowed entries and a matching, the value is their worst cost, the
    /// size witness holds on every allowed entry (or the smaller side is
    /// matched in full), and the threshold witness holds on the entries
    /// strictly better than the value, with the neighbours recomputed from
    /// the instance.
    ///
    /// # Complexity
    ///
    /// O(rows + cols + entries) time and O(rows + cols) extra space.
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] for an instance of another shape;
    /// [`Error::BadCost`] for NaN or the wrong infinity;
    /// [`Error::CertificateInvalid`] naming the first condition that
    /// fails.
    pub fn verify<I: Instance<C> + ?Sized>(&self, instance: &I) -> Result<(), Error> {
        let (rows, cols) = instance.shape();
        if (rows, cols) != (self.row_to_col.len(), self.col_to_row.len()) {
            return Err(Error::SizeMismatch {
                sol_rows: self.row_to_col.len(),
                sol_cols: self.col_to_row.len(),
                rows,
                cols,
            });
        }
        let bad = |what: String| Err(Error::CertificateInvalid { what });
        for (i, &j) in self.row_to_col.iter().enumerate() {
            if j != NONE && (idx(j) >= cols || idx(self.col_to_row[idx(j)]) != i) {
                return bad(format!(
                    "row {i} and its column {j} do not point at each other"
                ));
            }
        }
        for (j, &i) in self.col_to_row.iter().enumerate() {
            if i != NONE && (idx(i) >= rows || idx(self.row_to_col[idx(i)]) != j) {
                return bad(format!(
                    "column {j} and its row {i} do not point at each other"
                ));
            }
        }
        let len = self.len();
        let value = self
            .value
            .map(|x| if self.maximize { x.negate() } else { x });
        // Marks of the members of both sets, and of their neighbours.
        let mut mark_below = [vec![false; rows], vec![false; cols]];
        let mut mark_size = [vec![false; rows], vec![false; cols]];
        let side_of = |s: Side| usize::from(s == Side::Right);
        for (set, marks) in [(&self.below, &mut mark_below), (&self.size, &mut mark_size)] {
            if let Some(h) = set {
                let m = &mut marks[side_of(h.side)];
                for &x in &h.members {
                    match m.get_mut(x) {
                        Some(b) => *b = true,
                        None => return bad(format!("the Hall set names {x}, out of range")),
                    }
                }
            }
        }
        let mut hit_below = [vec![false; rows], vec![false; cols]];
        let mut hit_size = [vec![false; rows], vec![false; cols]];
        let mut seen = 0usize;
        let mut worst: Option<C::Scalar> = None;
        let mut failure = None;
        instance.for_each_entry(|i, j, c| {
            let key = match key_of(c, self.maximize, i, j) {
                Ok(Some(k)) => k,
                Ok(None) => return,
                Err(e) => {
                    failure.get_or_insert(e);
                    return;
                }
            };
            if idx(self.row_to_col[i]) == j {
                seen += 1;
                if worst.map_or(true, |w| key > w) {
                    worst = Some(key);
                }
            }
            let better = value.is_some_and(|v| key < v);
            if let Some(h) = &self.size {
                mark_entry(h, &mark_size, &mut hit_size, i, j);
            }
            if let (Some(h), true) = (&self.below, better) {
                mark_entry(h, &mark_below, &mut hit_below, i, j);
            }
        });
        if let Some(e) = failure {
            return Err(e);
        }
        if seen != len {
            return bad(format!(
                "{} assigned pairs are not allowed entries",
                len - seen
            ));
        }
        if worst != value {
            return bad(format!(
                "the value {:?} is not the worst cost of the pairs",
                self.value
            ));
        }
        let count = |h: &HallSet| if h.side == Side::Left { rows } else { cols };
        let neighbours = |h: &HallSet, hit: &[Vec<bool>; 2]| {
            hit[1 - side_of(h.side)].iter().filter(|&&b| b).count()
        };
        match &self.size {
            None if len != rows.min(cols) => {
                return bad(format!(
                    "{len} pairs, fewer than {}, and no proof that no more exist",
                    rows.min(cols)
                ))
            }
            None => {}
            Some(h) => {
                let n = neighbours(h, &hit_size);
                if (count(h) + n).saturating_sub(h.members.len()) > len {
                    return bad(format!(
                        "the size witness allows {} pairs, more than {len}",
                        count(h) + n - h.members.len()
                    ));
                }
            }
        }
        match &self.below {
            None if len > 0 => bad("no threshold witness".into()),
            None => Ok(()),
            Some(h) => {
                let n = neighbours(h, &hit_below);
                if (count(h) + n).saturating_sub(h.members.len()) >= len {
                    return bad(format!(
                        "the threshold witness allows {} pairs better than the value, not fewer than {len}",
                        (count(h) + n).saturating_sub(h.members.len())
                    ));
                }
                Ok(())
            }
        }
    }
}

/// Marks the neighbour of a member of `h` across entry (`i`, `j`).
fn mark_entry(h: &HallSet, marks: &[Vec<bool>; 2], hit: &mut [Vec<bool>; 2], i: usize, j: usize) {
    if h.side == Side::Left && marks[0][i] {
        hit[1][j] = true;
    } else if h.side == Side::Right && marks[1][j] {
        hit[0][i] = true;
    }
}

/// An entry's key in minimising form; `None` for a forbidden entry.
fn key_of<C: Cost>(
    c: C,
    maximize: bool,
    row: usize,
    col: usize,
) -> Result<Option<C::Scalar>, Error> {
    let bad = |reason| Error::BadCost { row, col, reason };
    match (c.class(), maximize) {
        (Class::Finite(x), false) => Ok(Some(x)),
        (Class::Finite(x), true) => Ok(Some(x.negate())),
        (Class::PosInf, false) | (Class::NegInf, true) => Ok(None),
        (Class::Nan, _) => Err(bad("the cost is NaN")),
        (Class::NegInf, false) => Err(bad(
            "the cost is -inf (only +inf, forbidden, is allowed when minimising)",
        )),
        (Class::PosInf, true) => Err(bad(
            "the cost is +inf (only -inf, forbidden, is allowed when maximising)",
        )),
    }
}

/// Options for a bottleneck assignment; [`solve`](Self::solve) runs it.
///
/// The assignments are the matchings of maximum size of the allowed
/// entries (every entry but the forbidden infinity of a dense
/// [`CostMatrix`](super::CostMatrix), every entry of a sparse
/// [`WeightedBipartite`](super::WeightedBipartite)).
///
/// ```
/// use bimatch::assignment::{Bottleneck, CostMatrix};
///
/// let c = CostMatrix::from_rows([[1i64, 7, 3], [2, 9, 8], [6, 4, 5]])?;
/// let b = Bottleneck::new(&c).solve()?;
/// assert_eq!(b.value(), Some(4)); // (0, 2), (1, 0), (2, 1)
/// b.verify(&c)?;
/// let w = b.threshold_witness().unwrap();
/// // Below 4, the members can use too few columns.
/// assert!(w.members().len() > w.neighbours().len());
/// assert_eq!(Bottleneck::new(&c).maximize().solve()?.value(), Some(6));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Bottleneck<'a, C: Cost, I: ?Sized> {
    instance: &'a I,
    maximize: bool,
    marker: PhantomData<C>,
}

impl<'a, C: Cost, I: Instance<C> + ?Sized> Bottleneck<'a, C, I> {
    /// A problem on `instance`: minimise the largest cost.
    pub fn new(instance: &'a I) -> Self {
        Bottleneck {
            instance,
            maximize: false,
            marker: PhantomData,
        }
    }

    /// Maximise the smallest cost instead.
    pub fn maximize(mut self) -> Self {
        self.maximize = true;
        self
    }

    /// Solves the problem.
    ///
    /// The bottleneck is the least threshold t whose entries (cost ≤ t)
    /// admit a matching of maximum size. It is at least the largest of the
    /// rows' least costs (the columns', when they are the smaller side),
    /// so the first probe is at that bound, a sparse graph of a few entries
    /// a row on random costs, where the bound is usually the answer. Past
    /// it, the thresholds are the distinct costs above the last failed
    /// probe: galloping (the 1st, 2nd, 4th … least of them, found by
    /// selection, not by sorting every cost), then a binary search in the
    /// last window, sorted. Every probe is a cardinality matching
    /// ([`Auto`]) warm-started from the maximum matching of the last
    /// failed probe, whose entries every later probe contains, so it only
    /// augments. The maximum size comes from the first probe when it
    /// matches the smaller side in full, else from one warm-started
    /// matching of all the entries (whose alternating reach from the
    /// unmatched rows is the size witness). The last failed probe's graph
    /// is exactly the entries better than the answer, and its alternating
    /// reach from unmatched rows is the threshold witness
    /// ([`non_essential_vertices`]); when the first probe succeeds, the
    /// row (or column) whose least cost is the bound is one by itself.
    ///
    /// # Complexity
    ///
    /// O(E) to read the entries and for each probe's graph, O(E √V) for
    /// each probe's matching at worst (far less warm-started), for
    /// O(log d) probes, d the number of distinct costs up to the answer
    /// (no probe at all past the first when the bound is the answer);
    /// O(d log d) to sort the last window. Extra space: the entries with
    /// their costs (12 bytes each for 8-byte costs) and two probe graphs
    /// (8 bytes an entry each, at most).
    ///
    /// # Testing
    ///
    /// Against brute force over every matching on every shape up to 6 × 6
    /// (ties, forbidden entries, maximising, sparse deficient graphs), with
    /// the certificate checked by [`BottleneckAssignment::verify`] and, in
    /// the tests, independently (`tests/suite/assignment_bottleneck.rs`).
    ///
    /// # Errors
    ///
    /// [`Error::BadCost`] for NaN or the wrong infinity in a dense matrix,
    /// naming the entry; [`Error::TooManyEntries`] or
    /// [`Error::OutOfMemory`] if the entries or the graphs cannot be
    /// stored.
    pub fn solve(&self) -> Result<BottleneckAssignment<C>, Error> {
        solve(self.instance, self.maximize)
    }
}

/// The bottleneck assignment of `instance` (a
/// [`CostMatrix`](super::CostMatrix) or a
/// [`WeightedBipartite`](super::WeightedBipartite)): a matching of
/// maximum size whose largest cost is least. See [`Bottleneck`] for
/// maximising.
///
/// # Complexity
///
/// As [`Bottleneck::solve`].
///
/// # Errors
///
/// As [`Bottleneck::solve`].
///
/// ```
/// use bimatch::assignment::{bottleneck, WeightedBipartite};
///
/// let g = WeightedBipartite::from_edges(2, 2, [(0, 0, 5i64), (0, 1, 1), (1, 1, 2)])?;
/// let b = bottleneck(&g)?;
/// assert_eq!((b.len(), b.value()), (2, Some(5)));
/// b.verify(&g)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bottleneck<C: Cost, I: Instance<C> + ?Sized>(
    instance: &I,
) -> Result<BottleneckAssignment<C>, Error> {
    Bottleneck::new(instance).solve()
}

/// The allowed entries by row, with their keys.
struct Entries<S> {
    rows: usize,
    cols: usize,
    offsets: Vec<u32>,
    adj: Vec<u32>,
    keys: Vec<S>,
}

impl<S: Scalar> Entries<S> {
    /// The graph of the entries whose key is at most `t` (strictly below,
    /// when `strict`).
    fn graph(&self, t: S, strict: bool) -> Result<Bipartite, Error> {
        let keep = |k: S| if strict { k < t } else { k <= t };
        let count = self.keys.iter().filter(|&&k| keep(k)).count();
        let mut w = RowWriter::new(self.rows, count, "assignment: a threshold graph")?;
        for i in 0..self.rows {
            let r = idx(self.offsets[i])..idx(self.offsets[i + 1]);
            for (&j, &k) in self.adj[r.clone()].iter().zip(&self.keys[r]) {
                if keep(k) {
                    w.push(j);
                }
            }
            w.end_row();
        }
        let (offsets, adj) = w.finish();
        Bipartite::from_left_csr(self.cols, offsets, adj).map_err(from_core)
    }

    /// The neighbours of `h`'s members across the entries below `t`.
    fn neighbours_below(&self, h: &HallSet, t: S) -> Result<Vec<usize>, Error> {
        let left = h.side == Side::Left;
        let (mine, other) = if left {
            (self.rows, self.cols)
        } else {
            (self.cols, self.rows)
        };
        let mut member = filled(mine, false, "assignment: the members of a Hall set")?;
        h.members.iter().for_each(|&x| member[x] = true);
        let mut hit = filled(other, false, "assignment: the neighbours of a Hall set")?;
        for i in 0..self.rows {
            let r = idx(self.offsets[i])..idx(self.offsets[i + 1]);
            for (&j, &k) in self.adj[r.clone()].iter().zip(&self.keys[r]) {
                if k < t {
                    let (a, b) = if left { (i, idx(j)) } else { (idx(j), i) };
                    if member[a] {
                        hit[b] = true;
                    }
                }
            }
        }
        Ok((0..other).filter(|&x| hit[x]).collect())
    }

    fn full(&self) -> Result<Bipartite, Error> {
        let mut adj = try_vec(self.adj.len(), "assignment: the graph of the entries")?;
        adj.extend_from_slice(&self.adj);
        let mut offsets = try_vec(self.offsets.len(), "assignment: the graph of the entries")?;
        offsets.extend_from_slice(&self.offsets);
        Bipartite::from_left_csr(self.cols, offsets, adj).map_err(from_core)
    }
}

/// The graph of the entries of `instance` whose key is at most `t`, read
/// from the instance itself (its rows come in order, each ascending).
fn graph_of<C: Cost, I: Instance<C> + ?Sized>(
    instance: &I,
    maximize: bool,
    t: C::Scalar,
) -> Result<Bipartite, Error> {
    let (rows, cols) = instance.shape();
    let mut offsets = filled(rows + 1, 0u32, "assignment: a threshold graph")?;
    let mut adj: Vec<u32> = Vec::new();
    let mut failure = None;
    instance.for_each_entry(|i, j, c| {
        if let Ok(Some(k)) = key_of(c, maximize, i, j) {
            if k <= t && failure.is_none() {
                if adj.len() >= crate::util::MAX_EDGES {
                    failure = Some(Error::TooManyEntries {
                        count: adj.len() + 1,
                        limit: crate::util::MAX_EDGES,
                    });
                    return;
                }
                match crate::csr::try_push(&mut adj, id(j), "assignment: a threshold graph") {
                    Ok(()) => offsets[i + 1] += 1,
                    Err(e) => failure = Some(e.into()),
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    for i in 0..rows {
        offsets[i + 1] += offsets[i];
    }
    Bipartite::from_left_csr(cols, offsets, adj).map_err(from_core)
}

/// The entries of `instance` in minimising form, checked.
fn entries<C: Cost, I: Instance<C> + ?Sized>(
    instance: &I,
    maximize: bool,
) -> Result<Entries<C::Scalar>, Error> {
    let (rows, cols) = instance.shape();
    let mut offsets = filled(rows + 1, 0u32, "assignment: the rows of the entries")?;
    let mut adj: Vec<u32> = Vec::new();
    let mut keys: Vec<C::Scalar> = Vec::new();
    let mut failure: Option<Error> = None;
    instance.for_each_entry(|i, j, c| {
        if failure.is_some() {
            return;
        }
        match key_of(c, maximize, i, j) {
            Ok(Some(k)) => {
                if adj.len() >= crate::util::MAX_EDGES {
                    failure = Some(Error::TooManyEntries {
                        count: adj.len() + 1,
                        limit: crate::util::MAX_EDGES,
                    });
                    return;
                }
                let pushed = crate::csr::try_push(&mut adj, id(j), "assignment: the entries")
                    .and_then(|()| crate::csr::try_push(&mut keys, k, "assignment: the costs"));
                if let Err(e) = pushed {
                    failure = Some(e.into());
                }
                offsets[i + 1] += 1;
            }
            Ok(None) => {}
            Err(e) => failure = Some(e),
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    for i in 0..rows {
        offsets[i + 1] += offsets[i];
    }
    Ok(Entries {
        rows,
        cols,
        offsets,
        adj,
        keys,
    })
}

/// A maximum matching of `g` grown from the mates `start` (a matching of a
/// subgraph of `g`).
fn grow(g: &Bipartite, start: &Matching) -> Result<Matching, Error> {
    let mut left = try_vec(g.left_count(), "assignment: the mates of a probe")?;
    left.extend((0..g.left_count()).map(|u| {
        start
            .left_mate(crate::Left::new(u))
            .map_or(NONE, |v| id(v.index()))
    }));
    let mut right = filled(g.right_count(), NONE, "assignment: the mates of a probe")?;
    for (u, &v) in left.iter().enumerate() {
        if v != NONE {
            right[idx(v)] = id(u);
        }
    }
    Auto.maximum_matching_from(g, Matching::from_mates(left, right))
        .map_err(from_core)
}

/// The rows (and the columns) reached from unmatched rows (columns) by
/// alternating paths of a maximum matching `m` of `g`, with their
/// neighbours: tight [`HallSet`]s of both sides.
fn hall_sets(g: &Bipartite, m: &Matching) -> Result<(HallSet, HallSet), Error> {
    let ne = non_essential_vertices(g, m).map_err(from_core)?;
    let members: Vec<usize> = ne.left().iter().map(|u| u.index()).collect();
    let mut mark = filled(
        g.right_count(),
        false,
        "assignment: the neighbours of a Hall set",
    )?;
    for &u in ne.left() {
        for v in g.left_neighbors(u) {
            mark[v.index()] = true;
        }
    }
    let neighbours = (0..mark.len()).filter(|&j| mark[j]).collect();
    let rows = HallSet {
        side: Side::Left,
        members,
        neighbours,
    };
    let members: Vec<usize> = ne.right().iter().map(|v| v.index()).collect();
    let mut mark = filled(
        g.left_count(),
        false,
        "assignment: the neighbours of a Hall set",
    )?;
    for &v in ne.right() {
        for u in g.right_neighbors(v) {
            mark[u.index()] = true;
        }
    }
    let neighbours = (0..mark.len()).filter(|&i| mark[i]).collect();
    let cols = HallSet {
        side: Side::Right,
        members,
        neighbours,
    };
    Ok((rows, cols))
}

fn solve<C: Cost, I: Instance<C> + ?Sized>(
    instance: &I,
    maximize: bool,
) -> Result<BottleneckAssignment<C>, Error> {
    let (rows, cols) = instance.shape();
    let full_side = rows.min(cols);
    let inf = C::Scalar::INF;
    // Each row's and column's least cost, in one pass that checks every
    // entry and stores none: on random costs the first probe below is the
    // answer, and its graph is all that is ever built.
    let mut row_min = filled(rows, inf, "assignment: the least cost of each row")?;
    let mut col_min = filled(cols, inf, "assignment: the least cost of each column")?;
    let mut failure = None;
    instance.for_each_entry(|i, j, c| match key_of(c, maximize, i, j) {
        Ok(Some(k)) => {
            row_min[i] = row_min[i].min2(k);
            col_min[j] = col_min[j].min2(k);
        }
        Ok(None) => {}
        Err(e) => {
            failure.get_or_insert(e);
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    // The largest least cost among the vertices every maximum matching
    // covers (`row_in`, `col_in`), and which one has it: a lower bound.
    let bound = |row_in: &dyn Fn(usize) -> bool, col_in: &dyn Fn(usize) -> bool| {
        let mut b: Option<(C::Scalar, Side, usize)> = None;
        let sides = [
            (Side::Left, &row_min, row_in),
            (Side::Right, &col_min, col_in),
        ];
        for (side, mins, within) in sides {
            for (x, &m) in mins.iter().enumerate() {
                if within(x) && b.map_or(true, |(t, ..)| m > t) {
                    b = Some((m, side, x));
                }
            }
        }
        b
    };
    let empty = |g: &Bipartite| Matching::empty(g);
    // The last failed probe: its threshold, graph and maximum matching.
    let mut lo: Option<(C::Scalar, Bipartite, Matching)> = None;
    let mut size = None;
    // First guess: the smaller side (both, when square) matched in full,
    // but for the vertices without entries (a lower bound only if the
    // guess is right, and a warm start in any case).
    let first = bound(&|i| rows <= cols && row_min[i] < inf, &|j| {
        cols <= rows && col_min[j] < inf
    });
    let mut start = None;
    if let Some((t, side, at)) = first {
        let g = graph_of(instance, maximize, t)?;
        let m = crate::maximum_matching(&g);
        if m.len() == full_side {
            // Every vertex of the smaller side needs an entry ≤ t, and
            // `at` has none below: the value is t.
            let witness = HallSet {
                side,
                members: vec![at],
                neighbours: Vec::new(),
            };
            let mut row_to_col = filled(rows, NONE, "assignment: the mates of the rows")?;
            let mut col_to_row = filled(cols, NONE, "assignment: the mates of the columns")?;
            for (u, v) in m.pairs() {
                row_to_col[u.index()] = id(v.index());
                col_to_row[v.index()] = id(u.index());
            }
            return Ok(BottleneckAssignment {
                row_to_col,
                col_to_row,
                value: Some(if maximize { t.negate() } else { t }),
                maximize,
                below: Some(witness),
                size: None,
                marker: PhantomData,
            });
        }
        start = Some((t, g, m));
    }
    let e = entries(instance, maximize)?;
    let all = e.full()?;
    let mf = match &start {
        Some((_, _, m)) => grow(&all, m)?,
        None => crate::maximum_matching(&all),
    };
    let nu = mf.len();
    if nu == 0 {
        let size = Some(hall_sets(&all, &mf)?.0);
        return finish(&e, empty(&all), None, size, maximize);
    }
    if nu == full_side {
        // The first guess was right about the size: its bound holds.
        lo = start;
    } else {
        // Deficient: the bound over the essential vertices (those outside
        // the alternating reach from unmatched ones).
        let (hr, hc) = hall_sets(&all, &mf)?;
        let mut reach_r = filled(rows, false, "assignment: the non-essential rows")?;
        let mut reach_c = filled(cols, false, "assignment: the non-essential columns")?;
        hr.members.iter().for_each(|&i| reach_r[i] = true);
        hc.members.iter().for_each(|&j| reach_c[j] = true);
        let essential = bound(&|i| !reach_r[i], &|j| !reach_c[j]);
        if let Some((t, side, at)) = essential {
            // The first probe's graph when it is the same threshold.
            let (g, m) = match start {
                Some((t0, g, m)) if t0 == t => (g, m),
                _ => {
                    let g = e.graph(t, false)?;
                    let m = crate::maximum_matching(&g);
                    (g, m)
                }
            };
            if m.len() == nu {
                // The tight set of the whole graph plus the essential
                // vertex with nothing below t.
                let mut w = if side == Side::Left { hr.clone() } else { hc };
                if let Err(k) = w.members.binary_search(&at) {
                    w.members.insert(k, at);
                }
                w.neighbours = e.neighbours_below(&w, t)?;
                return finish(&e, m, Some(w), Some(hr), maximize);
            }
            lo = Some((t, g, m));
        }
        size = Some(hr);
    }
    // Gallop over the distinct keys above the last failed probe.
    let above = |lo: &Option<(C::Scalar, Bipartite, Matching)>, k: C::Scalar| {
        lo.as_ref().map_or(true, |(t, ..)| k > *t)
    };
    let mut cand = try_vec(e.keys.len(), "assignment: the candidate thresholds")?;
    cand.extend(e.keys.iter().copied().filter(|&k| above(&lo, k)));
    let cmp = |a: &C::Scalar, b: &C::Scalar| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal);
    let probe = |t: C::Scalar,
                 lo: &Option<(C::Scalar, Bipartite, Matching)>|
     -> Result<(Bipartite, Matching), Error> {
        let g = e.graph(t, false)?;
        let m = match lo {
            Some((_, _, ml)) => grow(&g, ml)?,
            None => crate::maximum_matching(&g),
        };
        Ok((g, m))
    };
    let mut step = 1usize;
    let (mut window, mut hi_m) = loop {
        // Some key above every failed probe is feasible: all of them are.
        let s = step.min(cand.len()) - 1;
        let (_, t, _) = cand.select_nth_unstable_by(s, cmp);
        let t = *t;
        let (g, m) = probe(t, &lo)?;
        if m.len() == nu {
            cand.truncate(s + 1);
            break (cand, m);
        }
        lo = Some((t, g, m));
        cand.retain(|&k| k > t);
        step = step.saturating_mul(2);
    };
    window.sort_unstable_by(cmp);
    window.dedup_by(|a, b| cmp(a, b) == std::cmp::Ordering::Equal);
    let (mut a, mut b) = (0usize, window.len() - 1);
    // window[b] is feasible; every key below window[a] is not.
    while a < b {
        let mid = a + (b - a) / 2;
        let (g, m) = probe(window[mid], &lo)?;
        if m.len() == nu {
            b = mid;
            hi_m = m;
        } else {
            lo = Some((window[mid], g, m));
            a = mid + 1;
        }
    }
    let witness = match &lo {
        Some((_, g, m)) => hall_sets(g, m)?.0,
        None => HallSet {
            // Nothing is better than the least key: no pairs at all.
            side: Side::Left,
            members: (0..rows).collect(),
            neighbours: Vec::new(),
        },
    };
    finish(&e, hi_m, Some(witness), size, maximize)
}

/// The answer from the maximum matching `m` of the bottleneck's graph.
fn finish<C: Cost>(
    e: &Entries<C::Scalar>,
    m: Matching,
    below: Option<HallSet>,
    size: Option<HallSet>,
    maximize: bool,
) -> Result<BottleneckAssignment<C>, Error> {
    let mut row_to_col = filled(e.rows, NONE, "assignment: the mates of the rows")?;
    let mut col_to_row = filled(e.cols, NONE, "assignment: the mates of the columns")?;
    let mut worst: Option<C::Scalar> = None;
    for (u, v) in m.pairs() {
        let (i, j) = (u.index(), v.index());
        row_to_col[i] = id(j);
        col_to_row[j] = id(i);
        let r = idx(e.offsets[i])..idx(e.offsets[i + 1]);
        let k = r.start + e.adj[r].binary_search(&id(j)).unwrap_or_default();
        let key = e.keys[k];
        if worst.map_or(true, |w| key > w) {
            worst = Some(key);
        }
    }
    let below = if worst.is_some() { below } else { None };
    Ok(BottleneckAssignment {
        row_to_col,
        col_to_row,
        value: worst.map(|w| if maximize { w.negate() } else { w }),
        maximize,
        below,
        size,
        marker: PhantomData,
    })
}
