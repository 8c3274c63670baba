//! The public-API tests, one module per area, in one test binary (one link
//! instead of one per file). Shared helpers are in `tests/common`. Tests
//! that need a counting global allocator are the `memory` binary
//! (`tests/memory/`). Deep and large cases are `#[ignore]`d and run in
//! release by `.ci/run` (`cargo test --release -- --ignored`).

#[path = "../common/mod.rs"]
mod common;

mod api;
mod assignment_bottleneck;
mod assignment_brute;
mod assignment_certificates;
mod assignment_conversions;
mod assignment_dense_paths;
mod assignment_k_best;
mod assignment_large;
mod assignment_memory_limit;
mod assignment_scaling;
mod conformance;
mod determinism;
mod errors;
mod game_exhaustive;
mod game_large;
mod game_moves;
mod game_parse;
mod general_api;
mod general_bipartite;
mod general_errors;
mod general_families;
mod general_fold;
mod general_large;
mod general_memory_limit;
mod general_small;
mod general_weighted;
mod io_edge_list;
mod io_matrix_market;
mod matchers_adversarial;
mod matchers_conformance;
mod matchers_deep;
mod parallel_batch;
mod parallel_csr;
mod parallel_matching;
mod properties;
mod send_sync;
mod small_stack;
mod structure_cover;
mod structure_dm;
mod structure_object;
mod structure_parallel;
mod structure_warm_start;
