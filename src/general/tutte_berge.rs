//! The Tutte–Berge certificate: a proof of maximality anyone can check in
//! linear time.

use super::components::{Components, OddComponents};
use super::gallai_edmonds::GallaiEdmonds;
use super::{Error, Graph, Matching};
use crate::util::idx;

/// A barrier `A` and the odd components of `G − A`: by the Tutte–Berge
/// formula every matching has at most `(n − odd(G − A) + |A|) / 2` pairs,
/// so a matching of exactly that size is maximum.
///
/// Get one from [`GallaiEdmonds::certificate`](super::GallaiEdmonds::certificate)
/// or [`tutte_berge`]; check it with [`verify`](Self::verify), which trusts
/// nothing the searches computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TutteBerge {
    vertex_count: usize,
    barrier: Vec<usize>,
    components: Components,
}

impl GallaiEdmonds {
    /// The Tutte–Berge certificate: the barrier `A` and the odd components
    /// of `G − A` (those of `G[D]`). O(V): the lists are copied.
    pub fn certificate(&self) -> TutteBerge {
        TutteBerge {
            vertex_count: self.vertex_count(),
            barrier: self.a().to_vec(),
            components: self.components().clone(),
        }
    }
}

impl TutteBerge {
    /// The barrier `A`, ascending.
    pub fn barrier(&self) -> &[usize] {
        &self.barrier
    }

    /// The odd components of `G − A`, each ascending.
    pub fn odd_components(&self) -> OddComponents<'_> {
        self.components.iter()
    }

    /// The bound the certificate claims: `(n − odd(G − A) + |A|) / 2`.
    pub fn bound(&self) -> usize {
        let odd = self.components.len();
        (self.vertex_count + self.barrier.len()).saturating_sub(odd) / 2
    }

    /// Checks the certificate from scratch against `graph` and `matching`:
    /// the matching belongs to the graph, the barrier's vertices are
    /// distinct and in range, the listed components are exactly the odd
    /// components of `G − A` (recomputed by a breadth-first search), and
    /// the matching has `(n − odd(G − A) + |A|) / 2` pairs — which proves
    /// it maximum.
    ///
    /// # Complexity
    ///
    /// O(V + E) time, one pass over the edges for the matching and one for
    /// the components; extra space 8 bytes per vertex (component ids and
    /// the search's queue) and 9 per component of `G − A`.
    ///
    /// # Errors
    ///
    /// - [`Error::SizeMismatch`] or [`Error::NotAnEdge`] if the matching or
    ///   the certificate does not belong to `graph`;
    /// - [`Error::NotCertified`] saying what fails otherwise.
    ///
    /// # Testing
    ///
    /// Accepts every maximum matching and refuses a smaller one, on every
    /// graph with at most 7 vertices, random ones up to 12, and families of
    /// up to 10^6 vertices (`tests/suite/general_small.rs`,
    /// `tests/suite/general_large.rs`).
    ///
    /// ```
    /// use bimatch::general::{maximum_matching, tutte_berge, Graph, Matching};
    ///
    /// // triangles 1-2-3 and 4-5-6, and vertex 0 joined to 1 and 4: taking
    /// // away the barrier {0} leaves two odd triangles, so ν ≤ (7 − 2 + 1) / 2
    /// let g = Graph::from_edges(
    ///     7,
    ///     [(1, 2), (2, 3), (3, 1), (4, 5), (5, 6), (6, 4), (0, 1), (0, 4)],
    /// )?;
    /// let m = maximum_matching(&g);
    /// let proof = tutte_berge(&g, &m)?;
    /// assert_eq!(proof.barrier(), [0]);
    /// assert_eq!(proof.bound(), 3);
    /// proof.verify(&g, &m)?;
    /// // a smaller matching is not proved maximum
    /// let small = Matching::from_pairs(&g, [(1, 2)])?;
    /// assert!(proof.verify(&g, &small).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn verify(&self, graph: &Graph, matching: &Matching) -> Result<(), Error> {
        matching.check(graph)?;
        let n = graph.vertex_count();
        if self.vertex_count != n {
            return Err(Error::SizeMismatch {
                expected: n,
                found: self.vertex_count,
            });
        }
        let refuse = |reason: String| Err(Error::NotCertified { reason });
        const UNSEEN: u32 = u32::MAX;
        const BARRIER: u32 = u32::MAX - 1;
        // comp[v]: BARRIER, or the component of G − A holding v.
        let mut comp = vec![UNSEEN; n];
        for &a in &self.barrier {
            if a >= n {
                return Err(Error::SizeMismatch {
                    expected: n,
                    found: a + 1,
                });
            }
            if comp[a] == BARRIER {
                return refuse(format!("vertex {a} is twice in the barrier"));
            }
            comp[a] = BARRIER;
        }
        let mut sizes: Vec<usize> = Vec::new();
        let mut queue: Vec<u32> = Vec::new();
        for s in 0..n {
            if comp[s] != UNSEEN {
                continue;
            }
            let c = crate::util::id(sizes.len());
            comp[s] = c;
            queue.clear();
            queue.push(crate::util::id(s));
            let mut head = 0;
            while head < queue.len() {
                let x = queue[head];
                head += 1;
                for &y in graph.adj_of(idx(x)) {
                    if comp[idx(y)] == UNSEEN {
                        comp[idx(y)] = c;
                        queue.push(y);
                    }
                }
            }
            sizes.push(queue.len());
        }
        let odd = sizes.iter().filter(|&&s| s % 2 == 1).count();
        // The listed components must be the odd ones, each once, whole.
        if self.odd_components().len() != odd {
            return refuse(format!(
                "{} components listed, but G − A has {odd} odd ones",
                self.odd_components().len()
            ));
        }
        let mut listed = vec![false; sizes.len()];
        for list in self.odd_components() {
            let Some(&first) = list.first() else {
                return refuse("an empty component is listed".into());
            };
            let c = match comp.get(first) {
                Some(&c) if c != BARRIER => idx(c),
                _ => return refuse(format!("vertex {first} is listed but not in G − A")),
            };
            let whole =
                sizes[c] == list.len() && list.iter().all(|&v| comp.get(v) == Some(&comp[first]));
            if !whole || sizes[c] % 2 == 0 || listed[c] {
                return refuse(format!(
                    "the component listed with vertex {first} is not an odd component of G − A"
                ));
            }
            listed[c] = true;
        }
        let bound = (n + self.barrier.len() - odd) / 2;
        if matching.len() != bound {
            return refuse(format!(
                "the matching has {} pairs, but the barrier bounds a maximum matching at {bound}",
                matching.len()
            ));
        }
        Ok(())
    }
}

/// The Tutte–Berge certificate of a maximum matching: the barrier of the
/// Gallai–Edmonds decomposition and the odd components it leaves.
///
/// # Complexity
///
/// That of [`gallai_edmonds`](fn@super::gallai_edmonds): O((V + E)·α(V)).
///
/// # Errors
///
/// As [`gallai_edmonds`](fn@super::gallai_edmonds): the matching must belong
/// to the graph and be maximum ([`Error::NotMaximum`] carries an augmenting
/// path otherwise).
///
/// ```
/// use bimatch::general::{maximum_matching, tutte_berge, Graph};
///
/// let path = Graph::from_edges(3, [(0, 1), (1, 2)])?;
/// let m = maximum_matching(&path);
/// let proof = tutte_berge(&path, &m)?;
/// assert_eq!(proof.barrier(), [1]);
/// assert_eq!(proof.odd_components().count(), 2);
/// proof.verify(&path, &m)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn tutte_berge(graph: &Graph, matching: &Matching) -> Result<TutteBerge, Error> {
    Ok(super::gallai_edmonds(graph, matching)?.certificate())
}
