//! One phase of Edmonds searches grown from every free vertex at once: when
//! two trees meet, augment along the path joining their roots and set both
//! trees aside until the next phase.
//!
//! A phase costs one pass over the edges however many paths it finds,
//! where searching from one free vertex at a time may pass over most of
//! the graph for each path; a phase that finds none proves the matching
//! maximum (its forest is then the Gallai–Edmonds one).

use super::blossom::{flip, Blossoms, EVEN, NONE, ODD};
use super::Graph;
use crate::util::{id, idx, UNMATCHED};

/// Runs one phase on the matching `mate` (consistent, of `graph`); returns
/// the number of augmenting paths flipped.
///
/// Time O((V + E)·α(V)) plus the length of the paths; extra space about
/// 18 bytes per vertex.
pub(crate) fn phase(graph: &Graph, mate: &mut [u32]) -> usize {
    let n = graph.vertex_count();
    let mut b = Blossoms::new(n);
    // The root of each labelled vertex's tree, and the trees set aside.
    let mut root = vec![UNMATCHED; n];
    let mut used = vec![false; n];
    for v in 0..n {
        if mate[v] == UNMATCHED && graph.degree(v) > 0 {
            b.label[v] = EVEN;
            root[v] = id(v);
            b.queue.push(id(v));
        }
    }
    let mut found = 0;
    let mut head = 0;
    while head < b.queue.len() {
        let x = b.queue[head];
        head += 1;
        let rx = root[idx(x)];
        let mut bx = b.find(x);
        for &y in graph.adj_of(idx(x)) {
            if used[idx(rx)] {
                break; // x's tree augmented: done with it this phase
            }
            if b.base[idx(y)] == bx {
                continue;
            }
            match b.label[idx(y)] {
                NONE => {
                    // Every live free vertex is a root, and an unlabelled
                    // vertex's mate is unlabelled too.
                    let z = mate[idx(y)];
                    if z == UNMATCHED {
                        continue;
                    }
                    b.label[idx(y)] = ODD;
                    b.link[idx(y)] = x;
                    root[idx(y)] = rx;
                    b.label[idx(z)] = EVEN;
                    root[idx(z)] = rx;
                    b.queue.push(z);
                }
                EVEN => {
                    let ry = root[idx(y)];
                    if used[idx(ry)] {
                        continue;
                    }
                    if ry != rx {
                        let mut path = b.path_to_root(x, mate);
                        path.reverse();
                        path.extend(b.path_to_root(y, mate));
                        flip(&path, mate);
                        used[idx(rx)] = true;
                        used[idx(ry)] = true;
                        found += 1;
                        continue;
                    }
                    let by = b.find(y);
                    if by != bx {
                        let lca = b.lca(bx, by, mate);
                        b.shrink_edge(x, y, lca, mate);
                        bx = b.find(x);
                    }
                }
                _ => {}
            }
        }
    }
    found
}
