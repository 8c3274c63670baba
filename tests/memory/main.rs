//! Tests that measure allocations with a counting global allocator. A
//! global allocator is the whole binary's, so these tests are a binary of
//! their own (the rest are `tests/suite/`); the counters are per thread, so
//! the tests still run in parallel.

#[path = "../common/mod.rs"]
mod common;

mod alloc_counter;

mod hostile_game;
mod hostile_io;
mod io_readers;
mod memory;
mod scale;
mod structure_memory;
mod warm_starts;

#[global_allocator]
static ALLOCATOR: alloc_counter::Counting = alloc_counter::Counting;
