#!/usr/bin/env bash
# The solver's shared memory under ThreadSanitizer and Miri
# (docs/solver.md, "Parallel search": Tests).
#
#   scripts/sanitizers.sh [tsan|miri|all]     (default: all)
#
# Needs the nightly toolchain with its sources and Miri:
#
#   rustup toolchain install nightly
#   rustup component add rust-src miri --toolchain nightly
#
# tsan: tsumi-mate built with -Zsanitizer=thread (and the standard library
#   with it, -Zbuild-std, so that its atomics and locks are seen): the
#   crate's unit tests, tests/threads.rs (1 to 16 threads on the dev set
#   and 将棋無双 9, shared collections on 1 MiB), tests/thread_pool.rs, then
#   `tsumi solve` on the 7 将棋無双 problems of scripts/threads-speedup.sh at
#   3 threads on a 16 MiB table (boards of sibling questions, shortcuts,
#   collections swept by every thread). About 10 minutes on 2 cores.
# miri: the transposition table's and the zeroed array's unit tests (the
#   crate's unsafe code: buckets reached through raw pointers under their
#   locks, keys read without them, the counts' lanes, the shared sweep),
#   threads included with a hundredth of the rounds, under Miri, which
#   reports undefined behaviour and data races. Miri cannot call the
#   kernel, so the arrays come from the allocator there, as on systems
#   other than Linux, and the tests of the kernel's pages (a table mapped
#   from it, huge pages) are left out. About 10 minutes.
#
# Exits non-zero at the first report or failed test. Builds in
# target/sanitizers-*, apart from the normal builds.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
host=$(rustc +nightly -vV | sed -n 's/^host: //p')

tsan() {
    export CARGO_TARGET_DIR=target/sanitizers-tsan
    export RUSTFLAGS="-Zsanitizer=thread" RUSTDOCFLAGS="-Zsanitizer=thread"
    # A report fails the run (exit code 66) and the test with it.
    export TSAN_OPTIONS="halt_on_error=1 exitcode=66"
    local build=(cargo +nightly test -Zbuild-std --target "$host" -p tsumi-mate)
    "${build[@]}" --lib
    "${build[@]}" --test threads --test thread_pool
    cargo +nightly build -Zbuild-std --target "$host" --release -p tsumi-cli
    local set=$work/musou7.tsv
    grep -P '\tmusou-0(11|13|16|56|60|85|89)(\t|$)' problems/musou.tsv > "$set"
    "$CARGO_TARGET_DIR/$host/release/tsumi" solve "$set" --hash 16 --threads 3 --json |
        python3 -c '
import json, sys
answers = [json.loads(line) for line in sys.stdin]
wrong = [a["name"] for a in answers if a["result"] != "mate" or a.get("published_length") not in (None, a.get("length"), a.get("longest_defence"))]
print(f"tsumi solve under ThreadSanitizer: {len(answers)} answers, wrong: {wrong}")
sys.exit(1 if wrong or len(answers) != 7 else 0)'
    unset RUSTFLAGS RUSTDOCFLAGS TSAN_OPTIONS CARGO_TARGET_DIR
}

miri() {
    export CARGO_TARGET_DIR=target/sanitizers-miri
    cargo +nightly miri test -p tsumi-mate --lib -- \
        table::tests:: zeroed::tests:: --skip fresh_table \
        --skip a_mapped_table_answers_as_one_laid_out_in_place --skip huge_pages
    unset CARGO_TARGET_DIR
}

case $what in
tsan) tsan ;;
miri) miri ;;
all)
    # Two statements, not `tsan && miri`: errexit does not apply inside a
    # function called on the left of `&&`, so a failed test would be missed.
    tsan
    miri
    ;;
*)
    echo "usage: scripts/sanitizers.sh [tsan|miri|all]" >&2
    exit 2
    ;;
esac
