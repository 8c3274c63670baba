//! Hall violators: the proof that no complete assignment exists, found
//! with the crate's cardinality machinery.

use super::cost::{Class, Cost, CostMatrix};
use super::error::{from_core, Error};
use crate::Side;
use crate::{maximum_matching, non_essential_vertices, Bipartite};

/// The error for a dense matrix whose allowed entries admit no assignment
/// of every row (`rows ≤ cols`) or every column.
pub(crate) fn dense_witness<C: Cost>(costs: &CostMatrix<C, &[C]>, maximize: bool) -> Error {
    let cols = costs.cols();
    let allowed = costs
        .as_slice()
        .iter()
        .enumerate()
        .filter(|(_, &c)| match c.class() {
            Class::Finite(_) => true,
            Class::PosInf => maximize,
            Class::NegInf => !maximize,
            Class::Nan => false,
        })
        .map(|(k, _)| (k / cols.max(1), k % cols.max(1)));
    match Bipartite::from_edges(costs.rows(), cols, allowed) {
        Ok(g) => witness(&g, costs.rows() <= cols),
        Err(e) => from_core(e),
    }
}

/// The error naming a set of rows (if `rows_side`, else of columns) with
/// fewer neighbours than members, from a maximum matching of `g`.
pub(crate) fn witness(g: &Bipartite, rows_side: bool) -> Error {
    let m = maximum_matching(g);
    let ne = match non_essential_vertices(g, &m) {
        Ok(ne) => ne,
        Err(e) => return from_core(e),
    };
    let (side, members, neighbours) = if rows_side {
        let members: Vec<usize> = ne.left().iter().map(|u| u.index()).collect();
        let mut mark = vec![false; g.right_count()];
        for &u in ne.left() {
            for v in g.left_neighbors(u) {
                mark[v.index()] = true;
            }
        }
        (Side::Left, members, marked(&mark))
    } else {
        let members: Vec<usize> = ne.right().iter().map(|v| v.index()).collect();
        let mut mark = vec![false; g.left_count()];
        for &v in ne.right() {
            for u in g.right_neighbors(v) {
                mark[u.index()] = true;
            }
        }
        (Side::Right, members, marked(&mark))
    };
    Error::Infeasible {
        side,
        members,
        neighbours,
    }
}

fn marked(mark: &[bool]) -> Vec<usize> {
    mark.iter()
        .enumerate()
        .filter(|(_, &x)| x)
        .map(|(i, _)| i)
        .collect()
}
