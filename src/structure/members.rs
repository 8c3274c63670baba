//! [`Members`]: the iterator over a set of vertices of both sides.

use std::iter::FusedIterator;
use std::slice;

use crate::bipartition::Vertex;
use crate::ids::{Left, Right};

/// The vertices of a set ([`NonEssential`](crate::NonEssential),
/// [`VertexCover`](crate::VertexCover),
/// [`IndependentSet`](crate::IndependentSet)): the left ones ascending,
/// then the right ones ascending.
///
/// ```
/// use bimatch::{Left, Right, Vertex, VertexCover};
///
/// let cover = VertexCover::new([Left::new(1)], [Right::new(0)]);
/// let all: Vec<Vertex> = cover.iter().collect();
/// assert_eq!(all, [Vertex::Left(Left::new(1)), Vertex::Right(Right::new(0))]);
/// assert_eq!((&cover).into_iter().len(), 2);
/// ```
#[derive(Debug, Clone)]
pub struct Members<'a> {
    left: slice::Iter<'a, Left>,
    right: slice::Iter<'a, Right>,
}

impl<'a> Members<'a> {
    /// The vertices `left` then `right`.
    pub(crate) fn new(left: &'a [Left], right: &'a [Right]) -> Members<'a> {
        Members {
            left: left.iter(),
            right: right.iter(),
        }
    }
}

impl Iterator for Members<'_> {
    type Item = Vertex;

    fn next(&mut self) -> Option<Vertex> {
        match self.left.next() {
            Some(&u) => Some(Vertex::Left(u)),
            None => self.right.next().map(|&v| Vertex::Right(v)),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.left.len() + self.right.len();
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Members<'_> {
    fn next_back(&mut self) -> Option<Vertex> {
        match self.right.next_back() {
            Some(&v) => Some(Vertex::Right(v)),
            None => self.left.next_back().map(|&u| Vertex::Left(u)),
        }
    }
}

impl ExactSizeIterator for Members<'_> {}

impl FusedIterator for Members<'_> {}
