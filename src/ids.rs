//! Vertex ids and the integers users name vertices with: [`Side`],
//! [`Left`], [`Right`], and the traits [`VertexIndex`], [`IntoEdge`] and
//! [`IntoWeightedEdge`] through which every edge-list constructor of the
//! crate takes its input.

use std::fmt;

use crate::util::{id, idx, MAX_VERTICES};

/// One side of a bipartite graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// The left side, vertices `0..left_count`.
    Left,
    /// The right side, vertices `0..right_count`.
    Right,
}

impl Side {
    /// The other side.
    pub fn opposite(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Left => "left",
            Side::Right => "right",
        })
    }
}

macro_rules! vertex_id {
    ($name:ident, $side:literal) => {
        #[doc = concat!("The id of a ", $side, " vertex.")]
        ///
        /// A newtype over `u32`, so that ids of the two sides cannot be mixed
        /// up. Convert with [`new`](Self::new) (panics on an impossible
        /// index), `TryFrom<usize>` (an error instead), and
        /// [`index`](Self::index) or `usize::from` back.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub(crate) u32);

        impl $name {
            #[doc = concat!("The ", $side, " vertex with this 0-based index.")]
            ///
            /// # Panics
            ///
            /// If `index >= u32::MAX - 1`: no graph has such a vertex (a side has
            /// fewer than `u32::MAX - 1` vertices), so this is a programmer error; use
            /// `TryFrom<usize>` for an index from outside.
            pub fn new(index: usize) -> Self {
                assert!(index < MAX_VERTICES, "vertex index {index} is too large");
                $name(id(index))
            }

            /// The 0-based index of this vertex on its side.
            #[inline]
            pub fn index(self) -> usize {
                idx(self.0)
            }
        }

        impl From<$name> for usize {
            fn from(v: $name) -> usize {
                v.index()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{} {}", $side, self.0)
            }
        }

        impl FromRaw for $name {
            #[inline(always)]
            fn from_raw(raw: u32) -> Self {
                $name(raw)
            }
        }
    };
}

vertex_id!(Left, "left");
vertex_id!(Right, "right");

/// Ids made from the crate's raw `u32`s, for the iterators below.
pub(crate) trait FromRaw: Copy {
    fn from_raw(raw: u32) -> Self;
}

/// Plain indices, for the general wing's graphs.
impl FromRaw for usize {
    #[inline(always)]
    fn from_raw(raw: u32) -> Self {
        idx(raw)
    }
}

/// An integer that names a vertex in an edge list: `usize`, `u64`, `u32`,
/// `u16`, `u8`, and the signed `i64` and `i32` (so that integer literals,
/// which Rust types as `i32` when nothing else decides, work as edges).
///
/// A constructor checks each index against its graph's vertex count, and
/// reports a negative one as an error of its own.
pub trait VertexIndex: Copy {
    /// The index as a `usize`, or `Err` with the value if it is negative.
    /// An unsigned value too large for `usize` saturates to `usize::MAX`,
    /// which no graph has as a vertex.
    fn to_index(self) -> Result<usize, i64>;
}

macro_rules! unsigned_index {
    ($($t:ty),*) => {$(
        impl VertexIndex for $t {
            #[inline(always)]
            fn to_index(self) -> Result<usize, i64> {
                Ok(usize::try_from(self).unwrap_or(usize::MAX))
            }
        }
    )*};
}
unsigned_index!(usize, u64, u32, u16, u8);

macro_rules! signed_index {
    ($($t:ty),*) => {$(
        impl VertexIndex for $t {
            #[inline(always)]
            fn to_index(self) -> Result<usize, i64> {
                usize::try_from(self).map_err(|_| i64::from(self))
            }
        }
    )*};
}
signed_index!(i64, i32);

/// An edge as users write it: a pair `(a, b)` of [`VertexIndex`] values,
/// by value or by reference, so that `[(0, 1)]`, `&[(u32, u32)]` and
/// `Vec<(usize, usize)>` all serve as edge lists.
pub trait IntoEdge {
    /// Both endpoints, each as [`VertexIndex::to_index`] gives it.
    fn into_ends(self) -> [Result<usize, i64>; 2];
}

impl<A: VertexIndex, B: VertexIndex> IntoEdge for (A, B) {
    #[inline(always)]
    fn into_ends(self) -> [Result<usize, i64>; 2] {
        [self.0.to_index(), self.1.to_index()]
    }
}

impl<A: VertexIndex, B: VertexIndex> IntoEdge for &(A, B) {
    #[inline(always)]
    fn into_ends(self) -> [Result<usize, i64>; 2] {
        (*self).into_ends()
    }
}

/// A weighted edge as users write it: `(a, b, w)` by value or by
/// reference, with [`VertexIndex`] endpoints and a weight of type `W`.
pub trait IntoWeightedEdge<W> {
    /// Both endpoints, as [`IntoEdge::into_ends`], and the weight.
    fn into_parts(self) -> ([Result<usize, i64>; 2], W);
}

impl<A: VertexIndex, B: VertexIndex, W> IntoWeightedEdge<W> for (A, B, W) {
    #[inline(always)]
    fn into_parts(self) -> ([Result<usize, i64>; 2], W) {
        ([self.0.to_index(), self.1.to_index()], self.2)
    }
}

impl<A: VertexIndex, B: VertexIndex, W: Copy> IntoWeightedEdge<W> for &(A, B, W) {
    #[inline(always)]
    fn into_parts(self) -> ([Result<usize, i64>; 2], W) {
        (*self).into_parts()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_convert_and_negatives_are_reported() {
        assert_eq!(7u8.to_index(), Ok(7));
        assert_eq!(7u32.to_index(), Ok(7));
        assert_eq!(u64::MAX.to_index(), Ok(usize::MAX));
        assert_eq!((-3i32).to_index(), Err(-3));
        assert_eq!(i64::MIN.to_index(), Err(i64::MIN));
        assert_eq!((1u32, -1i64).into_ends(), [Ok(1), Err(-1)]);
        assert_eq!((&(2usize, 3u16)).into_ends(), [Ok(2), Ok(3)]);
        assert_eq!((&(2u32, 3u32, 1.5f64)).into_parts(), ([Ok(2), Ok(3)], 1.5));
    }
}
