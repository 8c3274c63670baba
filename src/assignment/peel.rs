//! Forced pairs of a square sparse problem: a row (or column) with one
//! entry left must take it in every perfect matching. Peeling them off in
//! turn leaves a core for the engines, and the duals of the peeled pairs
//! are set afterwards, in the reverse order, from the ones already known.

use super::cost::Scalar;
use super::engine::{Csr, Raw, NONE};
use crate::csr::{filled, transpose, try_vec, OutOfMemory, RowWriter};
use crate::util::{id, idx};

/// A forced pair, in the order of its peeling: the row, the column, and
/// whether the row (rather than the column) had one entry left.
#[derive(Clone, Copy)]
struct Forced {
    row: u32,
    col: u32,
    by_row: bool,
}

/// What peeling made of a problem.
pub(crate) enum Peeled<S> {
    /// No row or column had a single entry: the problem as it was.
    Untouched,
    /// Some row or column lost every entry: no perfect matching.
    Infeasible,
    /// The forced pairs, and the core left (rows and columns renumbered;
    /// possibly empty).
    Split(Split<S>),
}

/// The forced pairs and the core of a peeled problem.
pub(crate) struct Split<S> {
    forced: Vec<Forced>,
    /// The core, rows and columns renumbered.
    pub(crate) core: Csr<S>,
    /// The original row of each core row, and column of each core column.
    core_rows: Vec<u32>,
    core_cols: Vec<u32>,
    /// The column transpose of the whole problem (column-major rows).
    by_col_off: Vec<u32>,
    by_col: Vec<u32>,
}

/// Peels the forced pairs of the square problem `p` (rows = columns).
///
/// # Complexity
///
/// O(n + E): one count of the column degrees; when some row or column
/// has a single entry, one transpose, and each entry is looked at a
/// bounded number of times while its row and column are peeled; the core
/// copy is O(n + E).
pub(crate) fn peel<S: Scalar>(p: &Csr<S>) -> Result<Peeled<S>, OutOfMemory> {
    let n = p.rows();
    let mut col_deg = filled(p.cols, 0u32, "assignment: the degrees of the columns")?;
    for &j in &p.adj {
        col_deg[idx(j)] += 1;
    }
    let mut row_deg = filled(n, 0u32, "assignment: the degrees of the rows")?;
    for (i, d) in row_deg.iter_mut().enumerate() {
        *d = id(p.range(i).len());
    }
    if row_deg.iter().chain(&col_deg).any(|&d| d == 0) {
        return Ok(Peeled::Infeasible);
    }
    if !row_deg.iter().chain(&col_deg).any(|&d| d == 1) {
        return Ok(Peeled::Untouched);
    }
    let (by_col_off, by_col) = transpose(p.cols, &p.offsets, &p.adj)?;
    let mut row_alive = filled(n, true, "assignment: the rows left")?;
    let mut col_alive = filled(p.cols, true, "assignment: the columns left")?;
    // Rows (`< n`) and columns (`n + j`) with one entry left.
    let mut stack: Vec<u32> = try_vec(n + p.cols, "assignment: the vertices to peel")?;
    stack.extend((0..n).filter(|&i| row_deg[i] == 1).map(id));
    stack.extend((0..p.cols).filter(|&j| col_deg[j] == 1).map(|j| id(n + j)));
    let mut forced: Vec<Forced> = try_vec(n, "assignment: the forced pairs")?;
    while let Some(x) = stack.pop() {
        let (i, j, by_row) = if idx(x) < n {
            let i = idx(x);
            if !row_alive[i] {
                continue;
            }
            let Some(&j) = p.adj[p.range(i)].iter().find(|&&j| col_alive[idx(j)]) else {
                return Ok(Peeled::Infeasible);
            };
            (i, idx(j), true)
        } else {
            let j = idx(x) - n;
            if !col_alive[j] {
                continue;
            }
            let column = &by_col[idx(by_col_off[j])..idx(by_col_off[j + 1])];
            let Some(&i) = column.iter().find(|&&i| row_alive[idx(i)]) else {
                return Ok(Peeled::Infeasible);
            };
            (idx(i), j, false)
        };
        row_alive[i] = false;
        col_alive[j] = false;
        forced.push(Forced {
            row: id(i),
            col: id(j),
            by_row,
        });
        // The neighbours lose an entry each.
        for &k in &p.adj[p.range(i)] {
            let k = idx(k);
            if col_alive[k] {
                col_deg[k] -= 1;
                match col_deg[k] {
                    0 => return Ok(Peeled::Infeasible),
                    1 => stack.push(id(n + k)),
                    _ => {}
                }
            }
        }
        for &r in &by_col[idx(by_col_off[j])..idx(by_col_off[j + 1])] {
            let r = idx(r);
            if row_alive[r] {
                row_deg[r] -= 1;
                match row_deg[r] {
                    0 => return Ok(Peeled::Infeasible),
                    1 => stack.push(id(r)),
                    _ => {}
                }
            }
        }
    }
    // The core: the rows and columns left, renumbered in order.
    let mut new_col = filled(p.cols, NONE, "assignment: the columns of the core")?;
    let mut core_cols: Vec<u32> = try_vec(p.cols - forced.len(), "assignment: the core columns")?;
    for j in (0..p.cols).filter(|&j| col_alive[j]) {
        new_col[j] = id(core_cols.len());
        core_cols.push(id(j));
    }
    let mut core_rows: Vec<u32> = try_vec(n - forced.len(), "assignment: the core rows")?;
    core_rows.extend((0..n).filter(|&i| row_alive[i]).map(id));
    let entries = core_rows
        .iter()
        .map(|&i| {
            p.adj[p.range(idx(i))]
                .iter()
                .filter(|&&j| col_alive[idx(j)])
                .count()
        })
        .sum();
    let mut writer = RowWriter::new(core_rows.len(), entries, "assignment: the core's entries")?;
    let mut w = try_vec(entries, "assignment: the core's costs")?;
    for &i in &core_rows {
        let r = p.range(idx(i));
        for (&j, &c) in p.adj[r.clone()].iter().zip(&p.w[r]) {
            if col_alive[idx(j)] {
                writer.push(new_col[idx(j)]);
                w.push(c);
            }
        }
        writer.end_row();
    }
    let (offsets, adj) = writer.finish();
    Ok(Peeled::Split(Split {
        forced,
        core: Csr {
            cols: core_cols.len(),
            offsets,
            adj,
            w,
        },
        core_rows,
        core_cols,
        by_col_off,
        by_col,
    }))
}

impl<S: Scalar> Split<S> {
    /// The whole problem's result from the core's (`core` solved exactly,
    /// rows and columns in the core's numbering): the core's pairs and
    /// potentials in place, then the forced pairs in the reverse order of
    /// their peeling, each potential the tightest the entries to known
    /// rows (or columns) allow. Every entry ends with a non-negative
    /// reduced cost (up to the rounding of floats, which the fronts
    /// repair), every pair with zero.
    pub(crate) fn join(self, p: &Csr<S>, core: Raw<S>) -> Result<Raw<S>, OutOfMemory> {
        let n = p.rows();
        let mut col4row = filled(n, NONE, "assignment: the mates of the rows")?;
        let mut row4col = filled(p.cols, NONE, "assignment: the mates of the columns")?;
        let mut u = filled(n, S::ZERO, "assignment: the row potentials")?;
        let mut v = filled(p.cols, S::ZERO, "assignment: the column potentials")?;
        let mut known_row = filled(n, false, "assignment: the rows with potentials")?;
        let mut known_col = filled(p.cols, false, "assignment: the columns with potentials")?;
        for (k, &i) in self.core_rows.iter().enumerate() {
            let j = self.core_cols[idx(core.col4row[k])];
            col4row[idx(i)] = j;
            row4col[idx(j)] = i;
            u[idx(i)] = core.u[k];
            known_row[idx(i)] = true;
        }
        for (k, &j) in self.core_cols.iter().enumerate() {
            v[idx(j)] = core.v[k];
            known_col[idx(j)] = true;
        }
        for f in self.forced.iter().rev() {
            let (i, j) = (idx(f.row), idx(f.col));
            let r = p.range(i);
            let at = r.start + p.adj[r.clone()].binary_search(&f.col).unwrap_or(0);
            let c = p.w[at];
            if f.by_row {
                // The column as low as the known rows on it allow.
                let mut vj = S::INF;
                for &x in &self.by_col[idx(self.by_col_off[j])..idx(self.by_col_off[j + 1])] {
                    let x = idx(x);
                    if known_row[x] {
                        let rx = p.range(x);
                        let e = rx.start + p.adj[rx].binary_search(&f.col).unwrap_or(0);
                        vj = vj.min2(p.w[e] - u[x]);
                    }
                }
                v[j] = if vj < S::INF { vj } else { c };
                u[i] = c - v[j];
            } else {
                let mut ui = S::INF;
                for (&k, &w) in p.adj[r.clone()].iter().zip(&p.w[r]) {
                    if known_col[idx(k)] {
                        ui = ui.min2(w - v[idx(k)]);
                    }
                }
                u[i] = if ui < S::INF { ui } else { c };
                v[j] = c - u[i];
            }
            known_row[i] = true;
            known_col[j] = true;
            col4row[i] = f.col;
            row4col[j] = f.row;
        }
        Ok(Raw {
            col4row,
            row4col,
            u,
            v,
        })
    }
}
