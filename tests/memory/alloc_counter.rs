//! A global allocator that counts, per thread, the bytes allocated during a
//! call: the peak of live bytes and the total asked for. Test files that
//! need it are modules of the `memory` test binary, whose `main.rs` declares
//! it the global allocator.
#![allow(dead_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// Forwards to the system allocator and counts on the calling thread.
pub struct Counting;

thread_local! {
    /// Whether this thread is measuring.
    static ON: Cell<bool> = const { Cell::new(false) };
    /// Live bytes allocated by this thread since the measurement began
    /// (may go negative when older blocks are freed).
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
    static TOTAL: Cell<usize> = const { Cell::new(0) };
}

fn grow(bytes: usize) {
    let _ = ON.try_with(|on| {
        if on.get() {
            let live = LIVE.with(|l| {
                l.set(l.get() + bytes as isize);
                l.get()
            });
            PEAK.with(|p| p.set(p.get().max(live)));
            TOTAL.with(|t| t.set(t.get() + bytes));
        }
    });
}

fn shrink(bytes: usize) {
    let _ = ON.try_with(|on| {
        if on.get() {
            LIVE.with(|l| l.set(l.get() - bytes as isize));
        }
    });
}

// SAFETY: every call forwards to `System` with the caller's arguments; the
// counters only read sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        System.alloc(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        System.alloc_zeroed(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrink(layout.size());
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // Counted as a new block then the old one freed: the peak includes
        // both, as a moving realloc needs.
        grow(new_size);
        shrink(layout.size());
        System.realloc(ptr, layout, new_size)
    }
}

/// What a call allocated on this thread.
#[derive(Debug, Clone, Copy)]
pub struct Usage {
    /// The most bytes live at once, counting only blocks allocated during
    /// the call.
    pub peak: usize,
    /// All bytes asked for during the call.
    pub total: usize,
    /// Bytes allocated during the call and still live after it: what the
    /// result holds.
    pub live: usize,
}

/// Runs `f` and measures what it allocates on this thread.
pub fn measure<T>(f: impl FnOnce() -> T) -> (T, Usage) {
    LIVE.with(|l| l.set(0));
    PEAK.with(|p| p.set(0));
    TOTAL.with(|t| t.set(0));
    ON.with(|on| on.set(true));
    let out = f();
    ON.with(|on| on.set(false));
    let peak = PEAK.with(Cell::get).max(0) as usize;
    let total = TOTAL.with(Cell::get);
    let live = LIVE.with(Cell::get).max(0) as usize;
    (out, Usage { peak, total, live })
}
