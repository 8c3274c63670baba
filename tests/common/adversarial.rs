//! Hard inputs for the matchers, written for the tests alone (the criterion
//! benches and the peer harness have their own generators in
//! `benches/families.rs`; nothing here is shared with them). Each family
//! comes with the size of its maximum matching, known from the
//! construction, and the modifiers say how they change it.
//!
//! - `chains(k)`: disjoint paths of 1..=k left vertices whose right ids run
//!   backwards, so that first-fit greedy takes the wrong edge at every step
//!   and leaves one augmenting path the whole length of each chain.
//! - `staircase(groups, k)`: blocks where left `i` sees right `j ≥ i` (one
//!   perfect matching per block), right ids reversed inside the block, and
//!   links from each block to the next that no perfect matching uses.
//! - `core(s, k, len)`: a complete `s × s` core with `k + 1` surplus left
//!   vertices and `k` exits: paths of `len` right vertices hanging off core
//!   left vertices. Every exit must be used, by an augmenting path of about
//!   `2 len` edges through the dense core (the push-relabel adversary).
//! - `hub(p, len)`: one right hub seen by `p` spokes, each spoke a path of
//!   `len` left and `len` right vertices; the hub is to spare, and a
//!   matching that gives it to a spoke shifts that spoke's whole path.
//! - `board(n, percent)`: an `n × n` board with cells blocked at random,
//!   cells split by colour, edges between 4-neighbours (size unknown: the
//!   tests rely on the certificate there).
//! - `uniform(l, r, m)`: `m` random edge slots (size unknown).
//!
//! Modifiers: `padded(n)` adds `n` isolated vertices a side (size
//! unchanged), `with_perfect(n)` adds `n` disjoint edges (size + n),
//! `shuffled(seed)` renumbers both sides at random (size unchanged).

use super::Rng;
use bimatch::Bipartite;

/// A generated graph and, where the construction fixes it, the size of its
/// maximum matching.
#[derive(Clone, Debug)]
pub struct Family {
    pub name: String,
    pub left: usize,
    pub right: usize,
    pub edges: Vec<(usize, usize)>,
    pub size: Option<usize>,
}

impl Family {
    pub fn graph(&self) -> Bipartite {
        Bipartite::from_edges(self.left, self.right, self.edges.iter().copied())
            .unwrap_or_else(|e| panic!("{}: {e}", self.name))
    }

    /// `n` isolated vertices on each side.
    pub fn padded(mut self, n: usize) -> Family {
        self.left += n;
        self.right += n;
        self.name += &format!("-pad{n}");
        self
    }

    /// `n` new left and right vertices joined in pairs.
    pub fn with_perfect(mut self, n: usize) -> Family {
        self.edges
            .extend((0..n).map(|i| (self.left + i, self.right + i)));
        self.left += n;
        self.right += n;
        self.size = self.size.map(|s| s + n);
        self.name += &format!("-pm{n}");
        self
    }

    /// Both sides renumbered by random permutations.
    pub fn shuffled(mut self, seed: u64) -> Family {
        let mut rng = Rng::new(seed);
        let mut pl: Vec<usize> = (0..self.left).collect();
        let mut pr: Vec<usize> = (0..self.right).collect();
        rng.shuffle(&mut pl);
        rng.shuffle(&mut pr);
        for e in &mut self.edges {
            *e = (pl[e.0], pr[e.1]);
        }
        rng.shuffle(&mut self.edges);
        self.name += "-shuf";
        self
    }
}

pub fn chains(k: usize) -> Family {
    let mut edges = Vec::new();
    let mut base = 0;
    for t in 1..=k {
        // Left base + j, right b_j = base + (t - 1 - j): left j sees b_j
        // and b_{j+1}, and b_{j+1} has the smaller id.
        let right_id = |j: usize| base + (t - 1 - j);
        for j in 0..t {
            edges.push((base + j, right_id(j)));
            if j + 1 < t {
                edges.push((base + j, right_id(j + 1)));
            }
        }
        base += t;
    }
    Family {
        name: format!("chains-k{k}"),
        left: base,
        right: base,
        edges,
        size: Some(base),
    }
}

pub fn staircase(groups: usize, k: usize) -> Family {
    let mut edges = Vec::new();
    let right_id = |g: usize, j: usize| g * k + (k - 1 - j);
    for g in 0..groups {
        for i in 0..k {
            edges.extend((i..k).map(|j| (g * k + i, right_id(g, j))));
            // Left i also sees right j < i of the next block: a perfect
            // matching cannot use it (the next block's last left vertex
            // sees only its own last right vertex, and so on down).
            if g + 1 < groups {
                edges.extend((0..i).map(|j| (g * k + i, right_id(g + 1, j))));
            }
        }
    }
    Family {
        name: format!("staircase-g{groups}-k{k}"),
        left: groups * k,
        right: groups * k,
        edges,
        size: Some(groups * k),
    }
}

pub fn core(s: usize, k: usize, len: usize) -> Family {
    assert!(k <= s && len >= 1);
    // Left: core 0..s, surplus s..s + k + 1, then the exits' inner left
    // vertices. Right: core 0..s, then the exits' right vertices.
    let surplus = k + 1;
    let mut edges = Vec::new();
    for u in 0..s + surplus {
        edges.extend((0..s).map(|v| (u, v)));
    }
    let mut left = s + surplus;
    let mut right = s;
    for exit in 0..k {
        // Core left `exit` sees y_1; inner left x_j sees y_j and y_{j+1}.
        edges.push((exit, right));
        for j in 0..len - 1 {
            edges.push((left + j, right + j));
            edges.push((left + j, right + j + 1));
        }
        left += len - 1;
        right += len;
    }
    // Every right vertex can be matched (exits by the core left vertex and
    // the inner ones, the core by the s + 1 left vertices left), and no
    // more: the size is the right side.
    Family {
        name: format!("core-s{s}-k{k}-l{len}"),
        left,
        right,
        edges,
        size: Some(right),
    }
}

pub fn hub(p: usize, len: usize) -> Family {
    // Right 0 is the hub. Spoke i: left a_{i,j} (j < len) sees right
    // b_{i,j} and b_{i,j-1} (the hub for j = 0). First-fit greedy gives
    // the hub to the first spoke, which then shifts down its whole path.
    let mut edges = Vec::new();
    for i in 0..p {
        let a = |j: usize| i * len + j;
        let b = |j: usize| 1 + i * len + j;
        edges.push((a(0), 0));
        for j in 0..len {
            edges.push((a(j), b(j)));
            if j + 1 < len {
                edges.push((a(j + 1), b(j)));
            }
        }
    }
    Family {
        name: format!("hub-p{p}-l{len}"),
        left: p * len,
        right: 1 + p * len,
        edges,
        // Left a_{i,j} can only reach b_{i,j-1}, b_{i,j} (and the hub for
        // j = 0): at most p·len left vertices, all matchable (a_{i,j} to
        // b_{i,j}); the hub is spare, so the size is the left side.
        size: Some(p * len),
    }
}

pub fn board(n: usize, percent: usize, seed: u64) -> Family {
    let mut rng = Rng::new(seed);
    let free: Vec<bool> = (0..n * n).map(|_| !rng.chance(percent)).collect();
    // Number the free cells of each colour in row-major order.
    let mut id = vec![usize::MAX; n * n];
    let (mut left, mut right) = (0, 0);
    for cell in 0..n * n {
        if free[cell] {
            let count = if (cell / n + cell % n) % 2 == 0 {
                &mut left
            } else {
                &mut right
            };
            id[cell] = *count;
            *count += 1;
        }
    }
    let mut edges = Vec::new();
    for cell in 0..n * n {
        let (row, col) = (cell / n, cell % n);
        if !free[cell] || (row + col) % 2 == 1 {
            continue;
        }
        let mut near = Vec::new();
        if row > 0 {
            near.push(cell - n);
        }
        if row + 1 < n {
            near.push(cell + n);
        }
        if col > 0 {
            near.push(cell - 1);
        }
        if col + 1 < n {
            near.push(cell + 1);
        }
        edges.extend(
            near.into_iter()
                .filter(|&c| free[c])
                .map(|c| (id[cell], id[c])),
        );
    }
    Family {
        name: format!("board-{n}-p{percent}"),
        left,
        right,
        edges,
        size: None,
    }
}

pub fn uniform(l: usize, r: usize, m: usize, seed: u64) -> Family {
    let mut rng = Rng::new(seed);
    let edges = if l == 0 || r == 0 {
        Vec::new()
    } else {
        (0..m).map(|_| (rng.below(l), rng.below(r))).collect()
    };
    Family {
        name: format!("uniform-l{l}-r{r}-m{m}"),
        left: l,
        right: r,
        edges,
        size: None,
    }
}
