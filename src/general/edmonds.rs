//! Edmonds' blossom algorithm, one search per free vertex, with union–find
//! blossom bases and frustrated trees removed for good.
//!
//! Edmonds, "Paths, trees, and flowers" (1965); the union–find bases and the
//! `link` representation of alternating paths follow Gabow, "An efficient
//! implementation of Edmonds' algorithm for maximum matching on graphs"
//! (JACM 1976). A search that fails leaves a frustrated (Hungarian) tree:
//! its vertices are matched among themselves in every later maximum
//! matching found from this one, so they are never visited again (the
//! labels persist). A search that succeeds resets only what it touched.

use super::Graph;
use crate::util::{id, idx, UNMATCHED};

/// Not reached by the current search.
const NONE: u8 = 0;
/// An outer vertex: reached by an even alternating path from the root.
const EVEN: u8 = 1;
/// An inner vertex: reached by an odd path, not (yet) in a blossom.
const ODD: u8 = 2;
/// In the tree of a failed search: removed for good.
const DEAD: u8 = 3;

/// Scratch for the searches, sized once.
struct Search<'g> {
    graph: &'g Graph,
    label: Vec<u8>,
    /// For a vertex in odd role: the outer vertex the path arrives from.
    link: Vec<u32>,
    /// Union–find over blossoms; a set's root is its base.
    base: Vec<u32>,
    /// Stamps for the lowest-common-ancestor walk.
    mark: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
    /// Every vertex labelled by the current search, to reset or kill.
    touched: Vec<u32>,
}

/// Grows the matching `mate` (consistent, of `graph`) to a maximum one by
/// a search from each free vertex; returns the number of augmentations.
///
/// Time O(V·E·α) in the worst case: each successful search costs at most
/// one pass over the edges, and failed searches cost one pass in total.
/// Extra space: 13 bytes per vertex.
pub(crate) fn augment_to_maximum(graph: &Graph, mate: &mut [u32]) -> usize {
    let n = graph.vertex_count();
    let mut s = Search {
        graph,
        label: vec![NONE; n],
        link: vec![UNMATCHED; n],
        base: (0..n).map(id).collect(),
        mark: vec![0; n],
        stamp: 0,
        queue: Vec::new(),
        touched: Vec::new(),
    };
    // An augmenting path joins two live free vertices with neighbours:
    // once at most one is left, the matching is maximum.
    let live = |v: usize, mate: &[u32]| mate[v] == UNMATCHED && !graph.adj_of(v).is_empty();
    let mut free = (0..n).filter(|&v| live(v, mate)).count();
    let mut grown = 0;
    for root in 0..n {
        if free <= 1 {
            break;
        }
        if live(root, mate) && s.label[root] == NONE {
            if s.search(root, mate) {
                grown += 1;
                free -= 2;
            } else {
                // Frustrated tree: remove it for good; its root stays free.
                for &v in &s.touched {
                    s.label[idx(v)] = DEAD;
                }
                free -= 1;
            }
            s.touched.clear();
        }
    }
    grown
}

impl Search<'_> {
    /// The base of `v`'s blossom, halving the path on the way.
    #[inline]
    fn find(&mut self, v: u32) -> u32 {
        let mut root = self.base[idx(v)];
        if self.base[idx(root)] == root {
            return root; // the common case: one hop
        }
        while self.base[idx(root)] != root {
            root = self.base[idx(root)];
        }
        // Point the whole path at the base.
        let mut v = v;
        while v != root {
            let up = self.base[idx(v)];
            self.base[idx(v)] = root;
            v = up;
        }
        root
    }

    fn touch(&mut self, v: usize, label: u8) {
        self.label[v] = label;
        self.touched.push(id(v));
    }

    /// One alternating search from the free vertex `root`; augments and
    /// returns true on finding a free vertex, else leaves the labels of the
    /// frustrated tree in place (listed in `touched`) and returns false.
    fn search(&mut self, root: usize, mate: &mut [u32]) -> bool {
        self.queue.clear();
        self.touch(root, EVEN);
        self.queue.push(id(root));
        let mut head = 0;
        while head < self.queue.len() {
            let x = self.queue[head];
            head += 1;
            let graph = self.graph;
            // The base of x's blossom, recomputed after each shrink.
            let mut bx = self.find(x);
            for &y in graph.adj_of(idx(x)) {
                if self.base[idx(y)] == bx {
                    continue; // the same blossom, seen in one hop
                }
                match self.label[idx(y)] {
                    NONE => {
                        self.link[idx(y)] = x;
                        let z = mate[idx(y)];
                        if z == UNMATCHED {
                            augment(y, &self.link, mate);
                            self.reset();
                            return true;
                        }
                        // y is matched to z, which no search has labelled.
                        self.touch(idx(y), ODD);
                        self.touch(idx(z), EVEN);
                        self.queue.push(z);
                    }
                    EVEN => {
                        let by = self.find(y);
                        if bx != by {
                            let lca = self.lca(bx, by, mate);
                            self.shrink(x, y, lca, mate);
                            self.shrink(y, x, lca, mate);
                            bx = self.find(x);
                        }
                    }
                    _ => {} // odd: nothing to learn; dead: removed
                }
            }
        }
        false
    }

    /// The base where the tree paths from the bases `a` and `b` meet.
    fn lca(&mut self, mut a: u32, mut b: u32, mate: &[u32]) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        loop {
            if a != UNMATCHED {
                if self.mark[idx(a)] == self.stamp {
                    return a;
                }
                self.mark[idx(a)] = self.stamp;
                let m = mate[idx(a)];
                a = if m == UNMATCHED {
                    UNMATCHED
                } else {
                    let up = self.link[idx(m)];
                    self.find(up)
                };
            }
            std::mem::swap(&mut a, &mut b);
        }
    }

    /// Folds the path from `x` up to the base `lca` into the blossom: odd
    /// vertices on it become outer (and are queued), each outer vertex gets
    /// a link across the edge `x`–`y` so that it has an odd path too.
    fn shrink(&mut self, mut x: u32, mut y: u32, lca: u32, mate: &[u32]) {
        while self.find(x) != lca {
            self.link[idx(x)] = y;
            y = mate[idx(x)];
            if self.label[idx(y)] == ODD {
                self.label[idx(y)] = EVEN;
                self.queue.push(y);
            }
            // Merge a sub-blossom when the walk passes its base, so the
            // walk still goes through every base below `lca`.
            if self.find(x) == x {
                self.base[idx(x)] = lca;
            }
            if self.find(y) == y {
                self.base[idx(y)] = lca;
            }
            x = self.link[idx(y)];
        }
    }

    /// Clears what the successful search touched.
    fn reset(&mut self) {
        for &v in &self.touched {
            self.label[idx(v)] = NONE;
            self.base[idx(v)] = v;
        }
    }
}

/// Flips the alternating path that ends at the free vertex `y`: `y`,
/// `link[y]`, its mate, that mate's link, … up to the free root.
fn augment(mut y: u32, link: &[u32], mate: &mut [u32]) {
    loop {
        let x = link[idx(y)];
        let next = mate[idx(x)];
        mate[idx(x)] = y;
        mate[idx(y)] = x;
        if next == UNMATCHED {
            return;
        }
        y = next;
    }
}
