//! The blossom bookkeeping shared by every Edmonds search here: labels,
//! the `link` representation of alternating paths, union–find blossom
//! bases, the lowest common ancestor of two outer vertices and the
//! shrinking of a blossom.
//!
//! An outer vertex `x` reaches its tree's root along `x`, `mate[x]`,
//! `link[mate[x]]`, its mate, … ; a vertex that turned outer inside a
//! blossom gets a `link` across the edge that closed the blossom, so the
//! same walk works from it (Gabow, JACM 1976).

use crate::util::{id, idx, UNMATCHED};

/// Not reached.
pub(crate) const NONE: u8 = 0;
/// An outer vertex: an even alternating path leads to it from a root.
pub(crate) const EVEN: u8 = 1;
/// An inner vertex: reached by an odd path, not in a blossom.
pub(crate) const ODD: u8 = 2;
/// In the tree of a failed search: removed for good.
pub(crate) const DEAD: u8 = 3;
/// Outside the blossom of an ear sweep with a neighbour in it (its row
/// need not be read again); not a label of the search, which gets it back
/// as not reached.
pub(crate) const HOOKED: u8 = 4;

/// Labels, links and blossom bases for `n` vertices, and the queue of
/// outer vertices to scan.
pub(crate) struct Blossoms {
    pub(crate) label: Vec<u8>,
    /// For a vertex in odd role: the outer vertex the path arrives from.
    pub(crate) link: Vec<u32>,
    /// Union–find over blossoms; a set's root is its base.
    pub(crate) base: Vec<u32>,
    /// Per outer vertex, a depth that grows down its tree: a blossom's
    /// base is shallower than every base below it, which is what the
    /// lowest-common-ancestor walk needs.
    pub(crate) depth: Vec<u32>,
    /// Outer vertices in the order they were labelled.
    pub(crate) queue: Vec<u32>,
}

impl Blossoms {
    pub(crate) fn new(n: usize) -> Blossoms {
        let mut b = Blossoms::labels_only(n);
        b.with_bases(|v, _| id(v));
        b
    }

    /// Labels for `n` vertices, without the links, blossom bases and
    /// depths: for a growth that needs none of them (the ear sweeps), whose
    /// caller makes them with [`Blossoms::with_bases`] if a search follows.
    pub(crate) fn labels_only(n: usize) -> Blossoms {
        Blossoms {
            label: vec![NONE; n],
            link: Vec::new(),
            base: Vec::new(),
            depth: Vec::new(),
            queue: Vec::new(),
        }
    }

    /// Gives blossoms made by [`Blossoms::labels_only`] their links (none
    /// set), their bases, each vertex's from `base_of` (of the vertex and
    /// its label), and depths 0.
    pub(crate) fn with_bases(&mut self, base_of: impl Fn(usize, u8) -> u32) {
        let n = self.label.len();
        self.link = vec![UNMATCHED; n];
        self.base = self
            .label
            .iter()
            .enumerate()
            .map(|(v, &l)| base_of(v, l))
            .collect();
        self.depth = vec![0; n];
    }

    /// The base of `v`'s blossom, pointing the path at it.
    #[inline]
    pub(crate) fn find(&mut self, v: u32) -> u32 {
        let mut root = self.base[idx(v)];
        if self.base[idx(root)] == root {
            return root; // the common case: one hop
        }
        while self.base[idx(root)] != root {
            root = self.base[idx(root)];
        }
        let mut v = v;
        while v != root {
            let up = self.base[idx(v)];
            self.base[idx(v)] = root;
            v = up;
        }
        root
    }

    /// The base where the tree paths from the bases `a` and `b` (of one
    /// tree) meet: the deeper one steps up until they are equal, so the walk
    /// visits only bases that the new blossom absorbs.
    pub(crate) fn lca(&mut self, mut a: u32, mut b: u32, mate: &[u32]) -> u32 {
        while a != b {
            if self.depth[idx(a)] < self.depth[idx(b)] {
                std::mem::swap(&mut a, &mut b);
            }
            let m = mate[idx(a)];
            if m == UNMATCHED {
                break; // a root: only reached if the two are of one tree
            }
            let up = self.link[idx(m)];
            a = self.find(up);
        }
        a
    }

    /// [`lca`](Self::lca) for two bases that may lie in different trees:
    /// `None` if they do (the walk reaches two different roots; only roots
    /// have depth 0 among the bases of outer blossoms).
    pub(crate) fn common_base(&mut self, mut a: u32, mut b: u32, mate: &[u32]) -> Option<u32> {
        while a != b {
            if self.depth[idx(a)] < self.depth[idx(b)] {
                std::mem::swap(&mut a, &mut b);
            }
            let m = mate[idx(a)];
            if m == UNMATCHED {
                return None; // a root, and b is no deeper: another root
            }
            let up = self.link[idx(m)];
            a = self.find(up);
        }
        Some(a)
    }

    /// The edge `x`–`y` between two outer vertices of different blossoms
    /// (bases `bx` and `by`): shrinks the cycle it closes and returns the
    /// base of the new blossom, or `None` if the two lie in different
    /// trees (the edge then completes an augmenting path).
    ///
    /// When one blossom hangs right below the other (its base's mate was
    /// labelled from the other blossom: on a triangle of a tree, always),
    /// the upper base is the common one and only the lower side's path
    /// folds in; otherwise the walk of [`common_base`](Self::common_base).
    #[inline]
    pub(crate) fn meet(&mut self, x: u32, y: u32, bx: u32, by: u32, mate: &[u32]) -> Option<u32> {
        if self.parent(by, mate) == Some(bx) {
            self.shrink_path(y, x, bx, mate);
            return Some(bx);
        }
        if self.parent(bx, mate) == Some(by) {
            self.shrink_path(x, y, by, mate);
            return Some(by);
        }
        let lca = self.common_base(bx, by, mate)?;
        Some(self.shrink(x, y, lca, mate))
    }

    /// The base of the blossom above the one with base `b`, `None` for a
    /// root.
    #[inline]
    fn parent(&mut self, b: u32, mate: &[u32]) -> Option<u32> {
        let m = mate[idx(b)];
        if m == UNMATCHED {
            return None;
        }
        let up = self.link[idx(m)];
        Some(self.find(up))
    }

    /// Shrinks the cycle closed by the edge `x`–`y` between two outer
    /// vertices of one tree into one blossom with base `lca` (their
    /// [`lca`](Self::lca)); returns that base.
    pub(crate) fn shrink(&mut self, x: u32, y: u32, lca: u32, mate: &[u32]) -> u32 {
        self.shrink_path(x, y, lca, mate);
        self.shrink_path(y, x, lca, mate);
        self.find(x)
    }

    /// Handles the edge `x`–`y` between two outer vertices of one tree,
    /// `bx` the base of `x`'s blossom: if `y` lies in another blossom, the
    /// edge closes a cycle, which shrinks into one blossom with the base
    /// where the two tree paths meet. Returns the base of `x`'s blossom
    /// afterwards.
    pub(crate) fn join(&mut self, x: u32, y: u32, bx: u32, mate: &[u32]) -> u32 {
        let by = self.find(y);
        if by == bx {
            return bx;
        }
        let lca = self.lca(bx, by, mate);
        self.shrink(x, y, lca, mate)
    }

    /// Folds the path from `x` up to `lca` into the blossom: inner vertices
    /// on it turn outer (and are queued), each outer vertex gets a link
    /// across to `y`'s side so that it has an odd path too.
    fn shrink_path(&mut self, mut x: u32, mut y: u32, lca: u32, mate: &[u32]) {
        loop {
            let bx = self.find(x);
            if bx == lca {
                break;
            }
            self.link[idx(x)] = y;
            y = mate[idx(x)];
            if self.label[idx(y)] == ODD {
                self.label[idx(y)] = EVEN;
                self.depth[idx(y)] = self.depth[idx(lca)] + 1;
                self.queue.push(y);
            }
            // Merge a sub-blossom when the walk passes its base, so the
            // walk still goes through every base below `lca`.
            if bx == x {
                self.base[idx(x)] = lca;
            }
            if self.find(y) == y {
                self.base[idx(y)] = lca;
            }
            x = self.link[idx(y)];
        }
    }

    /// The path from the outer vertex `v` to its root: `v`, its mate, that
    /// mate's link, … up to the free root.
    pub(crate) fn path_to_root(&self, mut v: u32, mate: &[u32]) -> Vec<usize> {
        let mut path = vec![idx(v)];
        loop {
            let m = mate[idx(v)];
            if m == UNMATCHED {
                return path;
            }
            path.push(idx(m));
            v = self.link[idx(m)];
            path.push(idx(v));
        }
    }
}

/// Flips an augmenting path given as its vertices, free end to free end.
pub(crate) fn flip(path: &[usize], mate: &mut [u32]) {
    for pair in path.chunks_exact(2) {
        mate[pair[0]] = id(pair[1]);
        mate[pair[1]] = id(pair[0]);
    }
}
