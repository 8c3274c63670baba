#!/usr/bin/env bash
# The project's peer benchmark, in one command (from anywhere; paths are
# taken from this script's place in the repository):
#
#   bash bench/run.sh [--set small|full] [--suite bipartite|dm|general|assignment|weighted ...]
#                     [--only NAME ...] [--rounds N] [--timeout S] [--out DIR]
#
# 1. installs what it needs: Debian packages with apt-get (when missing),
#    the pinned Python packages of bench/requirements.txt in a virtual
#    environment under the build directory;
# 2. builds the C/C++ peers, the Rust peers (bench/rust-peers), the crate's
#    decomposition runner (bench/crate-dm), the bipartite workload writer
#    and general workload writer (bench/families-gen, from benches/families.rs
#    and tests/common/general_families.rs) and the crate's examples
#    in release;
# 3. runs bench/harness.py with the arguments given (see --help there):
#    generates the seeded workloads, runs every runner, checks that they
#    agree, writes the tables (bench/results/*.md and *.tsv).
#
# Environment: BIMATCH_BENCH_BUILD (build directory, default
# /tmp/bimatch-bench), BIMATCH_MATRICES (a directory of SuiteSparse .mtx
# files for the decomposition suite), BIMATCH_BENCH_NO_APT=1 (skip apt-get),
# BIMATCH_EXAMPLE_<NAME> (use this binary for the crate's example NAME).
# Exit status: 1 if any runner disagrees, 2 if setup fails.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$HERE")"
B="${BIMATCH_BENCH_BUILD:-/tmp/bimatch-bench}"
export BIMATCH_BENCH_BUILD="$B"
mkdir -p "$B/bin"
say() { echo "bench/run.sh: $*" >&2; }
fail() { say "$*"; exit 2; }

# 1a. Debian packages.
DEBS=(g++ python3-venv liblemon-dev libboost-graph-dev libsuitesparse-dev)
missing=()
for p in "${DEBS[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "${BIMATCH_BENCH_NO_APT:-0}" = 1 ]; then
        fail "missing Debian packages: ${missing[*]} (BIMATCH_BENCH_NO_APT=1 is set)"
    fi
    SUDO=""
    [ "$(id -u)" = 0 ] || SUDO="sudo"
    say "installing ${missing[*]}"
    $SUDO apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >&2
fi

# 1b. Python packages, pinned, in a virtual environment.
V="$B/venv"
if [ ! -x "$V/bin/python" ]; then
    say "creating the virtual environment $V"
    python3 -m venv "$V" || /usr/bin/python3 -m venv "$V" || fail "cannot create $V"
fi
if ! cmp -s "$HERE/requirements.txt" "$V/installed-requirements.txt"; then
    say "installing bench/requirements.txt"
    "$V/bin/pip" install --quiet --disable-pip-version-check -r "$HERE/requirements.txt" >&2
    cp "$HERE/requirements.txt" "$V/installed-requirements.txt"
fi

# 2a. C/C++ peers (rebuilt when their source changed).
build() {  # build OUT SOURCE LIBS COMPILER FLAGS...
    local out="$B/bin/$1" src="$HERE/cpp/$2" libs="$3"; shift 3
    if [ ! -x "$out" ] || [ "$src" -nt "$out" ] || [ "$HERE/cpp/common.hpp" -nt "$out" ]; then
        say "building $out"
        # shellcheck disable=SC2086
        "$@" -o "$out" "$src" $libs || fail "cannot build $out"
    fi
}
build hk hk.cpp "" g++ -O2 -std=c++17
build scan scan.cpp "" g++ -O2 -std=c++17
build lemon_matching lemon_matching.cpp "-llemon" g++ -O2 -std=c++17
build lemon_weighted lemon_weighted.cpp "-llemon" g++ -O2 -std=c++17
build boost_matching boost_matching.cpp "" g++ -O2 -std=c++17
build cs_dmperm cs_dmperm.c "-lcxsparse" gcc -O2

# 2b. Rust helpers: separate cargo projects (each its own workspace), built
# into one target directory outside the repository.
cargo_build() {  # cargo_build DIR
    say "cargo build --release ($1)"
    (cd "$HERE/$1" && CARGO_TARGET_DIR="$B/target" cargo build --release --quiet) || fail "cannot build bench/$1"
}
# The helpers of two checkouts share one target directory and the same
# fingerprints, so cargo would keep a binary built from another checkout
# whose sources have not changed (families-gen includes files of the
# crate's tree): after a switch, the helpers are rebuilt from this one.
built_from="$B/target/built-from"
if [ -f "$built_from" ] && [ "$(cat "$built_from")" != "$ROOT" ]; then
    say "the helpers were built from $(cat "$built_from"): rebuilding them from $ROOT"
    for pair in rust-peers:bench-rust-peers crate-dm:bench-crate-dm families-gen:bench-families; do
        CARGO_TARGET_DIR="$B/target" cargo clean --release --quiet -p "${pair#*:}" \
            --manifest-path "$HERE/${pair%%:*}/Cargo.toml" 2>/dev/null || true
    done
fi
mkdir -p "$B/target" && printf '%s\n' "$ROOT" > "$built_from"
cargo_build rust-peers
cargo_build crate-dm
if [ -f "$ROOT/benches/families.rs" ]; then
    cargo_build families-gen
else
    say "benches/families.rs is missing: the bipartite suite cannot run"
    rm -f "$B/target/release/bench-families"
fi

# 2c. The crate's examples, in release (in the repository's own target/).
examples=()
for e in matching general_matching assignment weighted_matching grid_game; do
    [ -f "$ROOT/examples/$e.rs" ] && examples+=(--example "$e")
done
say "cargo build --release ${examples[*]}"
(cd "$ROOT" && cargo build --release --quiet "${examples[@]}") || fail "cannot build the crate's examples"

# 2d. The examples that take --threads, built with the parallel feature in their own
# target directory (so that neither build invalidates the other); the harness runs them
# beside the sequential build. Without them those runners are skipped as not built.
par=()
for e in matching general_matching assignment; do
    [ -f "$ROOT/examples/$e.rs" ] && par+=(--example "$e")
done
say "cargo build --release --features parallel ${par[*]} (in $B/target-parallel)"
(cd "$ROOT" && cargo build --release --quiet --features parallel --target-dir "$B/target-parallel" "${par[@]}") \
    || say "cannot build the examples with --features parallel: their runners are skipped"

# 3. Generate, run, check, write the tables.
exec "$V/bin/python" "$HERE/harness.py" "$@"
