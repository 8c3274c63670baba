//! [`Components`]: vertex lists grouped in compressed form, the piece the
//! Gallai–Edmonds decomposition and the Tutte–Berge certificate share, and
//! [`OddComponents`], the iterator both hand out.

use std::iter::FusedIterator;
use std::slice::Windows;

/// Lists of vertices: `vertices[offsets[i]..offsets[i + 1]]` is list `i`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Components {
    offsets: Vec<usize>,
    vertices: Vec<usize>,
}

impl Components {
    /// From offsets (one more than the lists, starting at 0, ascending,
    /// ending at `vertices.len()`) and the vertices.
    pub(crate) fn new(offsets: Vec<usize>, vertices: Vec<usize>) -> Components {
        debug_assert!(offsets.first() == Some(&0) && offsets.last() == Some(&vertices.len()));
        Components { offsets, vertices }
    }

    /// The number of lists.
    pub(crate) fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Every list's vertices, one list after the other.
    pub(crate) fn vertices(&self) -> &[usize] {
        &self.vertices
    }

    /// The lists in order.
    pub(crate) fn iter(&self) -> OddComponents<'_> {
        OddComponents {
            bounds: self.offsets.windows(2),
            vertices: &self.vertices,
        }
    }
}

/// The odd components of a decomposition or a certificate, each an
/// ascending list of vertices, in order of their smallest vertex: see
/// [`GallaiEdmonds::odd_components`](super::GallaiEdmonds::odd_components)
/// and [`TutteBerge::odd_components`](super::TutteBerge::odd_components).
#[derive(Debug, Clone)]
pub struct OddComponents<'a> {
    bounds: Windows<'a, usize>,
    vertices: &'a [usize],
}

impl<'a> Iterator for OddComponents<'a> {
    type Item = &'a [usize];

    #[inline]
    fn next(&mut self) -> Option<&'a [usize]> {
        let w = self.bounds.next()?;
        Some(&self.vertices[w[0]..w[1]])
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.bounds.size_hint()
    }
}

impl<'a> DoubleEndedIterator for OddComponents<'a> {
    fn next_back(&mut self) -> Option<&'a [usize]> {
        let w = self.bounds.next_back()?;
        Some(&self.vertices[w[0]..w[1]])
    }
}

impl ExactSizeIterator for OddComponents<'_> {}
impl FusedIterator for OddComponents<'_> {}
