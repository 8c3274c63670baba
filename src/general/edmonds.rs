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

use super::blossom::{Blossoms, DEAD, EVEN, NONE, ODD};
use super::Graph;
use crate::util::{id, idx, UNMATCHED};

/// One search per free vertex, in increasing order, resumable: the
/// state (labels of frustrated trees, the next root) persists between
/// runs, so runs with small budgets add up to one pass over the roots.
pub(crate) struct Searches<'g> {
    graph: &'g Graph,
    b: Blossoms,
    /// Every vertex labelled by the current search, to reset or kill.
    touched: Vec<u32>,
    /// Adjacency entries scanned by all searches so far.
    scanned: usize,
    /// The next root to try: every vertex before it is matched or removed.
    next: usize,
    /// The live free vertices (free, with neighbours, not removed), once
    /// counted: kept up to date by the searches and [`Searches::flipped`].
    free: Option<usize>,
    /// Adjacency entries scanned by the searches past their first step.
    deep: usize,
    /// Per vertex, how far into its row no free neighbour is left: the
    /// entries before are matched or removed, and stay so (the matching
    /// only grows by augmenting paths), so the rows' free neighbours are
    /// found in one pass over the graph in all, however many searches
    /// label a vertex even (a hub joined to many free vertices is read
    /// once, not once per search).
    look: Vec<u32>,
}

/// Grows the matching `mate` (consistent, of `graph`) to a maximum one by
/// a search from each free vertex; returns the number of augmentations.
///
/// Time O(V·E·α) in the worst case: each successful search costs at most
/// one pass over the edges, and failed searches cost one pass in total.
/// Extra space: 17 bytes per vertex and the queues.
pub(crate) fn augment_to_maximum(graph: &Graph, mate: &mut [u32]) -> usize {
    Searches::new(graph).run(mate, usize::MAX).0
}

impl<'g> Searches<'g> {
    /// Scratch for the searches on `graph`.
    pub(crate) fn new(graph: &'g Graph) -> Searches<'g> {
        Searches {
            graph,
            b: Blossoms::new(graph.vertex_count()),
            touched: Vec::new(),
            scanned: 0,
            next: 0,
            free: None,
            deep: 0,
            look: vec![0; graph.vertex_count()],
        }
    }

    /// Starts the next run at `root`: every vertex before it must be
    /// matched or without neighbours.
    pub(crate) fn start_at(&mut self, root: usize) {
        self.next = root;
    }

    /// Tells the searches that `paths` augmenting paths were flipped
    /// outside them (by a phase): each took two live free vertices.
    pub(crate) fn flipped(&mut self, paths: usize) {
        if let Some(f) = &mut self.free {
            *f = f.saturating_sub(2 * paths);
        }
    }

    /// Adjacency entries scanned by every run so far past the first step
    /// of a search (the root's row, read for a free neighbour).
    pub(crate) fn deep(&self) -> usize {
        self.deep
    }

    /// The live free vertices left (free, with neighbours, not removed),
    /// counted on the first call (or run) and kept up to date after it.
    pub(crate) fn live(&mut self, mate: &[u32]) -> usize {
        let (graph, label) = (self.graph, &self.b.label);
        *self.free.get_or_insert_with(|| {
            (0..graph.vertex_count())
                .filter(|&v| mate[v] == UNMATCHED && graph.degree(v) > 0 && label[v] != DEAD)
                .count()
        })
    }

    /// Adjacency entries scanned by every run so far.
    pub(crate) fn scanned(&self) -> usize {
        self.scanned
    }

    /// Searches from the remaining free vertices until the matching is
    /// maximum or, before a search would start, this run has scanned
    /// `budget` adjacency entries; returns the number of augmentations and
    /// whether the matching is maximum.
    ///
    /// Between runs `mate` may only grow by augmenting paths (as the
    /// phases do): a frustrated tree stays frustrated, since no augmenting
    /// path can pass through it, so its vertices stay removed.
    pub(crate) fn run(&mut self, mate: &mut [u32], budget: usize) -> (usize, bool) {
        let graph = self.graph;
        let n = graph.vertex_count();
        // An augmenting path joins two live free vertices with neighbours:
        // once at most one is left, the matching is maximum.
        let mut free = self.live(mate);
        let start = self.scanned;
        let mut grown = 0;
        let mut done = true;
        while self.next < n {
            if free <= 1 {
                break;
            }
            if self.scanned - start >= budget {
                done = false;
                break;
            }
            let root = self.next;
            self.next += 1;
            if mate[root] == UNMATCHED && self.b.label[root] == NONE && graph.degree(root) > 0 {
                if self.search(root, mate) {
                    grown += 1;
                    free -= 2;
                } else {
                    // Frustrated tree: remove it for good; its root stays free.
                    for &v in &self.touched {
                        self.b.label[idx(v)] = DEAD;
                    }
                    free -= 1;
                }
                self.touched.clear();
            }
        }
        self.free = Some(free);
        (grown, done)
    }
}

/// The number of free vertices with at least one neighbour.
pub(crate) fn live_free(graph: &Graph, mate: &[u32]) -> usize {
    (0..graph.vertex_count())
        .filter(|&v| mate[v] == UNMATCHED && graph.degree(v) > 0)
        .count()
}

impl Searches<'_> {
    fn touch(&mut self, v: u32, label: u8) {
        self.b.label[idx(v)] = label;
        self.touched.push(v);
    }

    /// One alternating search from the free vertex `root`; augments and
    /// returns true on finding a free vertex, else leaves the labels of the
    /// frustrated tree in place (listed in `touched`) and returns false.
    fn search(&mut self, root: usize, mate: &mut [u32]) -> bool {
        // The first step alone: a free neighbour that no search has
        // labelled (the path of one edge, found without any labels).
        self.scanned += self.graph.degree(root) + 1;
        if let Some(y) = self.free_neighbour(id(root), mate).0 {
            mate[root] = y;
            mate[idx(y)] = id(root);
            return true;
        }
        let at = self.scanned;
        let found = self.grow(root, mate);
        self.deep += self.scanned - at;
        found
    }

    /// A free neighbour of `x` that no search has labelled, read from
    /// where the last look into `x`'s row stopped, and the entries read.
    #[inline]
    fn free_neighbour(&mut self, x: u32, mate: &[u32]) -> (Option<u32>, usize) {
        let row = self.graph.adj_of(idx(x));
        let from = idx(self.look[idx(x)]);
        let label = &self.b.label;
        let mut found = None;
        let mut at = from;
        while at < row.len() {
            let y = row[at];
            if mate[idx(y)] == UNMATCHED {
                match label[idx(y)] {
                    NONE => {
                        found = Some(y);
                        break;
                    }
                    // The root of the current search: matched or removed
                    // once the search ends, like every entry skipped.
                    DEAD | EVEN => {}
                    _ => {
                        found = None;
                        break;
                    }
                }
            }
            at += 1;
        }
        // A free neighbour found is matched by the caller; its entry is
        // skipped from now on.
        self.look[idx(x)] = id(at + usize::from(found.is_some()));
        (found, at - from + 1)
    }

    /// The search from `root` past its first step.
    fn grow(&mut self, root: usize, mate: &mut [u32]) -> bool {
        self.b.queue.clear();
        self.touch(id(root), EVEN);
        self.b.depth[root] = 0;
        self.b.queue.push(id(root));
        let mut head = 0;
        while head < self.b.queue.len() {
            let x = self.b.queue[head];
            head += 1;
            let graph = self.graph;
            // A vertex read before in this or an earlier search: its free
            // neighbours first, from where the last look stopped.
            if self.look[idx(x)] > 0 {
                let (found, read) = self.free_neighbour(x, mate);
                self.scanned += read;
                if let Some(y) = found {
                    self.b.link[idx(y)] = x;
                    augment(y, &self.b.link, mate);
                    self.reset();
                    return true;
                }
            }
            // The base of x's blossom, recomputed after each shrink.
            let mut bx = self.b.find(x);
            let row = graph.adj_of(idx(x));
            self.scanned += row.len() + 1;
            for (at, &y) in row.iter().enumerate() {
                if self.b.base[idx(y)] == bx {
                    continue; // the same blossom, seen in one hop
                }
                match self.b.label[idx(y)] {
                    NONE => {
                        self.b.link[idx(y)] = x;
                        let z = mate[idx(y)];
                        if z == UNMATCHED {
                            // Every entry before is matched, removed or
                            // the root: no look needs to read them again.
                            self.look[idx(x)] = id(at + 1);
                            augment(y, &self.b.link, mate);
                            self.reset();
                            return true;
                        }
                        // y is matched to z, which no search has labelled.
                        self.touch(y, ODD);
                        self.touch(z, EVEN);
                        self.b.depth[idx(z)] = self.b.depth[idx(x)] + 2;
                        self.b.queue.push(z);
                    }
                    EVEN => bx = self.b.join(x, y, bx, mate),
                    _ => {} // odd: nothing to learn; dead: removed
                }
            }
            // No free neighbour left in the row.
            self.look[idx(x)] = id(row.len());
        }
        false
    }

    /// Clears what the successful search touched.
    fn reset(&mut self) {
        for &v in &self.touched {
            self.b.label[idx(v)] = NONE;
            self.b.base[idx(v)] = v;
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
