//! The binary min-heap of the shortest-path searches: `(key, column)`
//! pairs, keys compared with `<` (the costs' scalars are never NaN).

use super::cost::Scalar;

/// A binary min-heap of `(key, column)`, keys compared with `<`.
pub(crate) struct MinHeap<S> {
    /// The entries, in heap order.
    pub(crate) items: Vec<(S, u32)>,
}

impl<S: Scalar> MinHeap<S> {
    #[inline(always)]
    /// Adds `j` with `key`.
    pub(crate) fn push(&mut self, key: S, j: u32) {
        let items = &mut self.items;
        items.push((key, j));
        let mut k = items.len() - 1;
        while k > 0 {
            let parent = (k - 1) / 2;
            if items[k].0 >= items[parent].0 {
                break;
            }
            items.swap(k, parent);
            k = parent;
        }
    }

    /// The entry of least key.
    pub(crate) fn peek(&self) -> Option<(S, u32)> {
        self.items.first().copied()
    }

    #[inline]
    /// Removes and returns the entry of least key.
    pub(crate) fn pop(&mut self) -> Option<(S, u32)> {
        let items = &mut self.items;
        let last = items.pop()?;
        if items.is_empty() {
            return Some(last);
        }
        let top = std::mem::replace(&mut items[0], last);
        let n = items.len();
        let mut k = 0;
        loop {
            let (l, r) = (2 * k + 1, 2 * k + 2);
            let mut m = k;
            if l < n && items[l].0 < items[m].0 {
                m = l;
            }
            if r < n && items[r].0 < items[m].0 {
                m = r;
            }
            if m == k {
                break;
            }
            items.swap(k, m);
            k = m;
        }
        Some(top)
    }

    /// Removes every entry, keeping the memory.
    pub(crate) fn clear(&mut self) {
        self.items.clear();
    }
}
